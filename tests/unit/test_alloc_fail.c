/*
 * test_alloc_fail.c - fail every allocation in turn (jansson's own test
 * standard) and check that each operation then either refuses cleanly or
 * gives exactly the result it gives with no failure; never a crash, never an
 * abort, never a leak.
 *
 * The operations: the engine (data load and setup; a bot game's applies
 * with every view and the events), the log (create, append, verify, read
 * back), a store's submit (and a move sent again: "received already"), a
 * player's SET lines logged, a mail's dry run (masqued parse), a move's mails,
 * a player's mail after the host's end (its submit and its answers),
 * `bot` and the demo's story, the Mustache renderer (one template with its
 * partials; the whole mail; a renderer kept across two mails, as
 * the daemon keeps one), and the MIME parser with the reply extractor; for
 * The Masquerade too, its engine (each seat's view with its recap), its
 * turn mail's decorate and render in en, ja and zh, its text part wrapped
 * whole (deco_wrap_text), and a move's mails; The Red Death's help mail's
 * decorate (its wrapped lists); the games whose mails the spool holds back,
 * and the spool sent with them kept; headings ruled to one column; a
 * player's mail that names no game, refused in the language of its own
 * words; The Masquerade's receipt of a PASS (what it declined); the move
 * that ends a game (its end entry logged once, by it or by the next open's
 * catching up, the log a clean run's byte for byte); init; a receipt mail
 * a player kept (the whole .eml) checked by verify-receipt, alone and
 * against the log.
 * For N = 1, 2, ... the N-th allocation of the operation fails (once;
 * later ones succeed again), until the operation makes fewer than N
 * allocations; of the allocations one site makes in one calling context,
 * the first two and the last (see "Sites" below: a loop's 500th pass
 * fails as its second does). MQ_SWEEP=full fails every one.
 *
 * It is built two ways:
 *
 *  - by `make test`, with ASan and UBSan like every unit test, and with
 *    -DMQ_ALLOC_WRAP and ld --wrap=malloc,calloc,realloc,strdup,strndup:
 *    jansson's allocations fail (through json_set_alloc_funcs) and so does
 *    every allocation the tree's own code makes (__real_malloc is ASan's
 *    malloc); LSan finds leaks. --wrap changes only the calls of the
 *    objects linked statically here, so GLib (whose g_malloc aborts on
 *    failure by design) and libc keep theirs.
 *  - by tests/cli/test_alloc_fail.sh (MQ_SWEEP=full), the same without
 *    sanitizers, under valgrind, which also sees a read of memory never
 *    written; it sweeps fewer allocations, valgrind being slow.
 *
 * MQ_ALLOC_TRACE=1 prints each N before trying it, to find a crash;
 * MQ_ALLOC_ONLY=PATTERN runs only the tests whose name matches (cmocka's
 * filter: * and ? as wildcards).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <execinfo.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>
#include <sodium.h>

#include "buf.h"
#include "err.h"
#include "daemon/checkpoint.h"
#include "daemon/cli.h"
#include "daemon/config.h"
#include "daemon/daemon.h"
#include "daemon/inbound.h"
#include "daemon/kept.h"
#include "daemon/keys.h"
#include "daemon/log.h"
#include "daemon/logfile.h"
#include "daemon/notify.h"
#include "daemon/receipt.h"
#include "daemon/spool.h"
#include "daemon/store.h"
#include "daemon/story.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "engine/masquerade/masquerade.h"
#include "engine/masquerade/ms.h"
#include "engine/redmasque/redmasque.h"
#include "mail/address.h"
#include "mail/mime_in.h"
#include "mail/mustache.h"
#include "mail/deco_util.h"
#include "mail/render.h"
#include "mail/reply_text.h"

/* ---- the failing allocator ---------------------------------------------- */

static long af_count;		/* allocations counted since arming */
static long af_fail_at;		/* the one to fail; 0: none */
static int af_armed, af_failed, af_trace;

static uint64_t af_site(void);
static void *af_stop_at;	/* af_once's return address: a site ends there */
static void af_note_site(uint64_t site);
static int af_census;		/* note each allocation's site (sweep) */
static uint64_t af_failed_site;	/* the site of the allocation failed */

/* 1 when this allocation must fail. */
static int
af_take(void)
{
	uint64_t site = 0;

	if (!af_armed)
		return 0;
	++af_count;
	/* one call, for the census and the failure alike: the same frames */
	if (af_census || af_count == af_fail_at)
		site = af_site();
	if (af_census)
		af_note_site(site);
	if (af_count == af_fail_at) {
		af_failed_site = site;
		af_failed = 1;
		return 1;
	}
	return 0;
}

static void
af_arm(long fail_at)
{
	af_count = 0;
	af_fail_at = fail_at;
	af_failed = 0;
	af_armed = 1;
}

static void
af_disarm(void)
{
	af_armed = 0;
}

#ifdef MQ_ALLOC_WRAP
void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void *__real_realloc(void *, size_t);
char *__real_strdup(const char *);
char *__real_strndup(const char *, size_t);
void *__wrap_malloc(size_t);
void *__wrap_calloc(size_t, size_t);
void *__wrap_realloc(void *, size_t);
char *__wrap_strdup(const char *);
char *__wrap_strndup(const char *, size_t);

void *
__wrap_malloc(size_t n)
{
	return af_take() ? NULL : __real_malloc(n);
}

void *
__wrap_calloc(size_t n, size_t size)
{
	return af_take() ? NULL : __real_calloc(n, size);
}

void *
__wrap_realloc(void *p, size_t n)
{
	return af_take() ? NULL : __real_realloc(p, n);	/* p stays valid */
}

char *
__wrap_strdup(const char *s)
{
	return af_take() ? NULL : __real_strdup(s);
}

char *
__wrap_strndup(const char *s, size_t n)
{
	return af_take() ? NULL : __real_strndup(s, n);
}
#define AF_REAL_MALLOC	__real_malloc
#define AF_REAL_REALLOC	__real_realloc
#else
#define AF_REAL_MALLOC	malloc
#define AF_REAL_REALLOC	realloc
#endif

/*
 * Sites. A sweep first runs its operation with nothing failing (the
 * census) and notes where each allocation is made: the return addresses of
 * the calls above the allocator, AF_SITE_DEPTH deep, hashed. It then fails
 * an allocation only the first AF_SITE_FIRST times and the last time its
 * site, in that calling context, allocates: a loop's 500th pass fails as
 * its 2nd does, while its first (nothing made yet to free), its second
 * (something) and its last (everything) each take their own path. Run N
 * makes allocations 1..N as the census did (the test checks that an
 * operation is deterministic), so the census names run N's failing site.
 * MQ_SWEEP=full fails every allocation, as before the census.
 */
#define AF_SITE_DEPTH	12
#define AF_SITE_FIRST	2
static uint64_t *af_sites;	/* af_sites[n - 1]: allocation n's site */
static long af_nsites, af_capsites;
static int af_sites_lost;	/* a site not noted: the census is void */

/* The site of the allocation being made (its callers' addresses). */
static __attribute__((noinline)) uint64_t
af_site(void)
{
	void *pc[AF_SITE_DEPTH];
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a */
	int n, i;

	n = backtrace(pc, AF_SITE_DEPTH);
	/* up to the sweep (af_once's caller), which calls from two places */
	for (i = 0; i < n && pc[i] != af_stop_at; i++)
		h = (h ^ (uint64_t)(uintptr_t)pc[i]) * 1099511628211ULL;
	return h;
}

static void
af_note_site(uint64_t site)
{
	uint64_t *p;

	if (af_nsites == af_capsites) {
		long cap = af_capsites ? af_capsites * 2 : 4096;

		/* the real allocator: this one is not under test */
		if ((p = AF_REAL_REALLOC(af_sites, (size_t)cap * sizeof(*p))) ==
		    NULL) {
			af_sites_lost = 1;
			return;
		}
		af_sites = p;
		af_capsites = cap;
	}
	af_sites[af_nsites++] = site;
}

static int
af_by_site(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	if (af_sites[x] != af_sites[y])
		return af_sites[x] < af_sites[y] ? -1 : 1;
	return x < y ? -1 : x > y;
}

/*
 * From the census of total allocations: want[n - 1] set for each to fail,
 * *nsites the sites; NULL when every one is to be (MQ_SWEEP=full, or a
 * census lost).
 */
static char *
af_choose(long total, long *nsites)
{
	const char *sweep = getenv("MQ_SWEEP");
	long *idx, i, j;
	char *want;

	*nsites = 0;
	if ((sweep != NULL && strcmp(sweep, "full") == 0) || af_sites_lost ||
	    af_nsites != total || total == 0)
		return NULL;
	if ((idx = AF_REAL_MALLOC((size_t)total * sizeof(*idx))) == NULL ||
	    (want = AF_REAL_MALLOC((size_t)total)) == NULL) {
		free(idx);
		return NULL;
	}
	memset(want, 0, (size_t)total);
	for (i = 0; i < total; i++)
		idx[i] = i;
	qsort(idx, (size_t)total, sizeof(*idx), af_by_site);
	for (i = 0; i < total; i = j) {
		for (j = i; j < total && af_sites[idx[j]] == af_sites[idx[i]]; j++)
			if (j - i < AF_SITE_FIRST)
				want[idx[j]] = 1;
		want[idx[j - 1]] = 1;
		(*nsites)++;
	}
	free(idx);
	return want;
}

static void *
af_json_malloc(size_t n)
{
	return af_take() ? NULL : AF_REAL_MALLOC(n);
}

static void
af_json_free(void *p)
{
	free(p);
}

/* ---- the sweep ---------------------------------------------------------- */

/*
 * An operation: 0 and *result (a malloc'd summary of everything it made,
 * to compare) on success; its status on failure. It must free everything
 * it made, on either path. It runs armed; helpers it needs only to
 * summarise or to set up call af_disarm/af_rearm around them.
 */
typedef int (*af_op)(void *ctx, char **result);

/* Run op with allocation fail_at failing (0: none). */
static __attribute__((noinline)) int
af_once(af_op op, void *ctx, long fail_at, char **result)
{
	int rc;

	af_stop_at = __builtin_return_address(0);
	af_arm(fail_at);
	rc = op(ctx, result);
	af_disarm();
	return rc;
}

static long af_saved_count;

/* Step outside the count (set-up and summaries are not under test). */
static void
af_pause(void)
{
	af_saved_count = af_count;
	af_armed = 0;
}

static void
af_resume(void)
{
	af_count = af_saved_count;
	af_armed = 1;
}

struct af_stats {
	long allocs, tried, refused, absorbed;
};

/*
 * With af_tail set, a strided sweep also fails each of the last stride
 * allocations in turn, where an operation puts its result together (by 7
 * alone, the sweep of `bot` missed the one buffer it prints).
 */
static int af_tail;
/* How many of the last allocations af_tail fails in turn: 0 means stride. */
static long af_tail_len;

/*
 * The first allocation a strided sweep fails (1 unless set): sweeps of one
 * operation on like inputs start apart, so together they sample more.
 */
static long af_first = 1;

/* The allocation to fail after n. */
static long
af_next(long n, long stride, long total)
{
	long tail = total - (af_tail_len > 0 ? af_tail_len : stride) + 1;

	if (!af_tail || n + stride < tail)
		return n + stride;
	return n + 1 > tail ? n + 1 : tail;
}

/*
 * The runs of a sweep after its census: 0, or -1 when run n's failing
 * allocation was made at another site than the census's n-th (an
 * operation whose allocations do not repeat site for site, such as one
 * that names files by the clock: the census says nothing of it).
 */
static int
af_runs(const char *name, af_op op, void *ctx, long stride, long total,
    const char *ref, const char *want, struct af_stats *st)
{
	char *res;
	long n;
	int rc;

	for (n = stride > 1 ? af_first : 1; n <= total;
	    n = af_next(n, stride, total)) {
		if (want != NULL && !want[n - 1])
			continue;	/* its site failed before (af_choose) */
		if (af_trace)
			fprintf(stderr, "%s: failing allocation %ld of %ld\n", name,
			    n, total);
		res = NULL;
		rc = af_once(op, ctx, n, &res);
		if (!af_failed)
			fail_msg("%s: allocation %ld of %ld was never made: the "
			    "operation is not deterministic", name, n, total);
		/* what af_choose counts on: run n is the census up to n */
		if (want != NULL && af_failed_site != af_sites[n - 1]) {
			free(res);
			return -1;
		}
		st->tried++;
		if (rc != 0) {
			if (res != NULL)
				fail_msg("%s: allocation %ld failed; the operation "
				    "refused but left a result", name, n);
			st->refused++;
			continue;
		}
		/* Absorbing a failure is fine only with the same result. */
		if (res == NULL || strcmp(res, ref) != 0) {
			size_t at = 0;

			while (res != NULL && res[at] != '\0' && res[at] == ref[at])
				at++;
			fail_msg("%s: allocation %ld failed, yet the operation "
			    "succeeded with a different result (from byte %zu: "
			    "\"%.60s\", not \"%.60s\")", name, n, at,
			    res ? res + at : "(null)", ref + at);
		}
		st->absorbed++;
		free(res);
	}
	return 0;
}

/*
 * Fail allocation 1, 1 + stride, 1 + 2 stride, ... of op (and with af_tail
 * each of the last stride), of those af_choose picks from a census, then
 * none. Every op is swept strictly: one that succeeds with a part missing
 * fails the test. (Render's decorate, the engine's views and events and
 * mime_in's header copies once did, and were reported as known; they now
 * fail.) An op the census cannot speak for is swept whole.
 */
static void
sweep(const char *name, af_op op, void *ctx, long stride,
    struct af_stats *st)
{
	char *ref = NULL, *want;
	long total, nsites;
	int rc, whole = 0;

	memset(st, 0, sizeof(*st));
	af_nsites = 0;
	af_sites_lost = 0;
	af_census = 1;
	rc = af_once(op, ctx, 0, &ref);
	af_census = 0;
	if (rc != 0 || ref == NULL)
		fail_msg("%s: fails with no allocation failing (%d)", name, rc);
	total = af_count;
	want = af_choose(total, &nsites);
	if (af_runs(name, op, ctx, stride, total, ref, want, st) != 0) {
		free(want);
		want = NULL;
		whole = 1;
		memset(st, 0, sizeof(*st));
		(void)af_runs(name, op, ctx, stride, total, ref, NULL, st);
	}
	st->allocs = total;
	free(ref);
	fprintf(stderr, "%-34s %6ld allocations", name, total);
	if (want != NULL)
		fprintf(stderr, " at %ld sites", nsites);
	if (whole)
		fprintf(stderr, " (no census: their sites vary)");
	fprintf(stderr, ", %5ld failed in turn: %5ld refused, %4ld absorbed\n",
	    st->tried, st->refused, st->absorbed);
	free(want);
}

/* ---- helpers (never armed) ---------------------------------------------- */

static const char *root = ".";

static char *
slurp(const char *rel, size_t *len)
{
	char path[4200];
	struct mq_buf b = MQ_BUF_INIT;
	char chunk[4096];
	size_t n;
	FILE *f;

	if (rel[0] == '/')
		snprintf(path, sizeof(path), "%s", rel);
	else
		snprintf(path, sizeof(path), "%s/%s", root, rel);
	if ((f = fopen(path, "rb")) == NULL)
		fail_msg("cannot open %s", path);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		mq_buf_add(&b, chunk, n);
	fclose(f);
	if (len != NULL)
		*len = b.len;
	return mq_buf_steal(&b);
}

static json_t *
load_json(const char *rel)
{
	char path[4200];
	json_error_t je;
	json_t *j;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if ((j = json_load_file(path, JSON_REJECT_DUPLICATES, &je)) == NULL)
		fail_msg("%s: %s", path, je.text);
	return j;
}

/* Append the canonical dump of v (or "NULL") to b; paused by the caller. */
static void
dump_into(struct mq_buf *b, const json_t *v)
{
	char *s;

	if (v == NULL) {
		mq_buf_puts(b, "NULL\n");
		return;
	}
	s = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	assert_non_null(s);
	mq_buf_puts(b, s);
	mq_buf_putc(b, '\n');
	free(s);
}

static char *
steal(struct mq_buf *b)
{
	char *s = mq_buf_steal(b);

	assert_non_null(s);
	return s;
}

/* ---- the engine --------------------------------------------------------- */

#define AF_PLAYERS	5
static const char *const af_names[AF_PLAYERS] = {
	"alice", "bob", "carol", "dave", "erin",
};

struct engine_ctx {
	const struct mq_game_kind *k;
	int nplayers;
	int every_seat;		/* a step views every seat, not only its own */
	int moments, max_moments;	/* steps picked by a moment(), at most */
	long stride;		/* of each sweep; 0 or 1: every allocation */
	json_t *json;		/* the data file */
	void *data;		/* compiled */
	const void *state;	/* before the step */
	int seat;
	struct mq_cmd cmd;
};

static void
af_setup_of(struct mq_setup *s, int nplayers)
{
	int i;

	memset(s, 0, sizeof(*s));
	s->nplayers = nplayers;
	for (i = 0; i < nplayers; i++)
		s->names[i] = af_names[i];
	memset(s->seed, 0x3c, sizeof(s->seed));
}

/* Load the data, set a game up, view it as the admin. */
static int
op_engine_setup(void *vctx, char **result)
{
	struct engine_ctx *c = vctx;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_setup s;
	struct mq_err err;
	void *data = NULL, *st = NULL;
	json_t *v;
	int rc;

	af_setup_of(&s, c->nplayers);
	if ((rc = c->k->load_data(c->json, &data, &err)) != 0)
		return rc;
	if ((rc = c->k->setup(data, &s, &st, &err)) != 0) {
		c->k->free_data(data);
		return rc;
	}
	v = c->k->view(st, MQ_VIEW_ADMIN);
	c->k->free_state(st);
	c->k->free_data(data);
	if (v == NULL)
		return MQ_IO;
	af_pause();
	dump_into(&b, v);
	json_decref(v);
	*result = steal(&b);
	af_resume();
	return 0;
}

/*
 * One step of a game: clone, apply, and every view and events after it
 * (with every_seat, each seat's own view too: The Masquerade's holds the
 * seat's recap, which differs from seat to seat).
 */
static int
op_engine_step(void *vctx, char **result)
{
	struct engine_ctx *c = vctx;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err err;
	json_t *v[5 + AF_PLAYERS] = { NULL };
	void *st;
	int i, n = 5, rc = 0;

	if ((st = c->k->clone(c->state)) == NULL)
		return MQ_IO;
	if ((rc = c->k->apply(st, c->seat, &c->cmd, &err)) != 0) {
		c->k->free_state(st);
		fail_msg("a bot's command was refused: %s", err.msg);
	}
	v[0] = c->k->view(st, c->seat);
	v[1] = c->k->view(st, MQ_VIEW_PUBLIC);
	v[2] = c->k->view(st, MQ_VIEW_ADMIN);
	v[3] = c->k->events(st, c->seat);
	v[4] = c->k->events(st, MQ_VIEW_ADMIN);
	for (i = 0; c->every_seat && i < c->nplayers; i++)
		if (i != c->seat)
			v[n++] = c->k->view(st, i);
	c->k->free_state(st);
	for (i = 0; i < n; i++)
		if (v[i] == NULL)
			rc = MQ_IO;
	if (rc == 0) {
		af_pause();
		for (i = 0; i < n; i++)
			dump_into(&b, v[i]);
		*result = steal(&b);
		af_resume();
	}
	for (i = 0; i < n; i++)
		json_decref(v[i]);
	return rc;
}

/* Whether seat's cmd ends the game (tried on a copy, never armed). */
static int
ends_game(const struct engine_ctx *c, const void *game, int seat,
    const struct mq_cmd *cmd)
{
	struct mq_err err;
	void *st;
	int over;

	assert_non_null(st = c->k->clone(game));
	over = c->k->apply(st, seat, cmd, &err) == 0 && c->k->is_over(st);
	c->k->free_state(st);
	return over;
}

/* Whether a step is one to sweep besides every every-th. */
typedef int (*af_moment)(struct engine_ctx *c, const void *game, int seat,
    const struct mq_cmd *cmd);

/*
 * Sweep the load and setup of game kind k (data file rel), then play a
 * whole bot game sweeping every every-th step (0: none) and the steps
 * moment() picks (may be NULL), the others just played.
 */
static void
engine_sweeps(const char *label, struct engine_ctx *c, const char *rel,
    long every, af_moment moment)
{
	struct af_stats st;
	struct mq_setup s;
	struct mq_rng rng[AF_PLAYERS];
	struct mq_cmd cmds[4];
	struct mq_err err;
	char name[80];
	void *game;
	long step = 0, swept = 0;
	int seat, n, i, guard = 0;

	c->json = load_json(rel);
	snprintf(name, sizeof(name), "%s: load data, setup, view", label);
	sweep(name, op_engine_setup, c, c->stride > 1 ? c->stride : 1, &st);
	assert_true(st.allocs > 0);
	assert_int_equal(c->k->load_data(c->json, &c->data, &err), 0);
	af_setup_of(&s, c->nplayers);
	assert_int_equal(c->k->setup(c->data, &s, &game, &err), 0);
	for (seat = 0; seat < c->nplayers; seat++)
		mq_rng_open(&rng[seat], s.seed, "bot", 0, seat);
	while (!c->k->is_over(game) && guard++ < 10000) {
		for (seat = 0; seat < c->nplayers; seat++) {
			n = c->k->bot(game, seat, seat & 1, &rng[seat], cmds, 4);
			for (i = 0; i < n; i++, step++) {
				if ((every > 0 && step % every == 0) ||
				    (moment != NULL && moment(c, game, seat,
				    &cmds[i]))) {
					c->state = game;
					c->seat = seat;
					c->cmd = cmds[i];
					snprintf(name, sizeof(name),
					    "%s: step %ld, apply and views", label, step);
					af_tail = c->stride > 1;
					sweep(name, op_engine_step, c, c->stride > 1 ?
					    c->stride : 1, &st);
					af_tail = 0;
					swept++;
				}
				if (c->k->apply(game, seat, &cmds[i], &err) != 0)
					fail_msg("a bot's command was refused: %s",
					    err.msg);
			}
		}
	}
	assert_true(c->k->is_over(game));
	assert_true(swept >= 1);
	c->k->free_state(game);
	c->k->free_data(c->data);
	json_decref(c->json);
}

static void
engine_survives_every_allocation_failure(void **state)
{
	struct engine_ctx c;
	const char *env = getenv("MQ_ALLOC_STEP_EVERY");

	/* A whole bot game; every 30th step swept (each costs seconds). */
	memset(&c, 0, sizeof(c));
	c.k = &mq_redmasque_kind;
	c.nplayers = AF_PLAYERS;
	engine_sweeps("engine", &c, "config/games/redmasque.json",
	    env != NULL && atol(env) > 0 ? atol(env) : 30, NULL);
}

/*
 * The steps of The Masquerade swept: the first of a Spell phase (hands
 * dealt, the recaps hold a turn of moves), the first in a fight, and the
 * one that ends the game (every Mask shown, the scores); with
 * $MQ_ALLOC_MS_MOMENTS = 1 (valgrind), the first alone.
 */
static int
ms_moment(struct engine_ctx *c, const void *game, int seat,
    const struct mq_cmd *cmd)
{
	const struct ms_state *st = game;
	int was = c->moments;

	if (c->moments >= c->max_moments)
		return 0;
	if ((c->moments == 0 && st->phase == MS_PH_SPELL) ||
	    (c->moments == 1 && st->ch.kind != MS_CH_NONE) ||
	    (c->moments == 2 && ends_game(c, game, seat, cmd)))
		c->moments++;
	return c->moments > was;
}

/* The Masquerade's engine: its views, each seat's with its recap (what
 * happened since the seat last played, as it may see it), and events. */
static void
ms_engine_survives_every_allocation_failure(void **state)
{
	struct engine_ctx c;
	const char *env = getenv("MQ_ALLOC_MS_MOMENTS");

	memset(&c, 0, sizeof(c));
	c.k = &mq_masquerade_kind;
	c.nplayers = 3;
	c.every_seat = 1;
	c.max_moments = env != NULL && atoi(env) > 0 ? atoi(env) : 3;
	/* every allocation (every $MQ_ALLOC_MS_STEP_EVERY-th, under valgrind:
	 * the views are jansson's, which ASan's build fails each of) */
	if ((env = getenv("MQ_ALLOC_MS_STEP_EVERY")) != NULL && atol(env) > 0)
		c.stride = atol(env);
	engine_sweeps("masquerade", &c, "config/games/masquerade.json", 0,
	    ms_moment);
	assert_int_equal(c.moments, c.max_moments);
}

/* ---- the log ------------------------------------------------------------ */

struct log_ctx {
	char dir[4200];
	struct mq_keys keys;
	json_t *genesis, *command;	/* bodies without the chain fields */
};

static void
empty_dir(const char *dir)
{
	char path[8400];
	struct dirent *de;
	DIR *d;

	if ((d = opendir(dir)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		unlink(path);
	}
	closedir(d);
}

/* Create a log (genesis), append a command, verify it, read it back. */
static int
op_log(void *vctx, char **result)
{
	struct log_ctx *c = vctx;
	struct mq_log_signed sg[2];
	const struct mq_log_entry *e;
	struct mq_logfile *lf;
	struct mq_err err;
	char path[4300];
	json_t *g, *cmd;
	uint64_t n = 0, seen = 0;
	int rc;

	af_pause();
	empty_dir(c->dir);
	snprintf(path, sizeof(path), "%s/log", c->dir);
	g = json_deep_copy(c->genesis);
	cmd = json_deep_copy(c->command);
	assert_non_null(g);
	assert_non_null(cmd);
	af_resume();
	memset(sg, 0, sizeof(sg));
	rc = mq_logfile_create(path, &c->keys, g, &sg[0], &lf, &err);
	if (rc == 0) {
		rc = mq_logfile_append(lf, &cmd, 1, &sg[1], &err);
		mq_logfile_close(lf);
	}
	mq_log_signed_free(sg, 2);
	json_decref(g);
	json_decref(cmd);
	if (rc == 0)
		rc = mq_logfile_verify(path, c->keys.pk, &n, &err);
	if (rc == 0 && (rc = mq_logfile_open_read(path, c->keys.pk, &lf,
	    &err)) == 0) {
		while ((rc = mq_logfile_next(lf, &e, &err)) == 0 && e != NULL)
			seen++;
		mq_logfile_close(lf);
	}
	if (rc == 0) {
		if (n != 2 || seen != 2)
			fail_msg("the log holds %llu entries, read %llu, not 2",
			    (unsigned long long)n, (unsigned long long)seen);
		af_pause();
		*result = slurp(path, NULL);
		af_resume();
	} else if (access(path, F_OK) == 0) {
		/* A refusal may leave a log only if it verifies as it is. */
		af_pause();
		if (mq_logfile_verify(path, c->keys.pk, NULL, &err) != 0)
			fail_msg("a failed create/append left a bad log: %s",
			    err.msg);
		af_resume();
	}
	return rc;
}

/* One body of a corpus log, without the fields append fills in. */
static json_t *
corpus_body(const char *log, int lineno)
{
	const char *p = log;
	json_t *v, *cmds, *x;
	size_t i;
	int k;

	for (k = 1; k < lineno; k++)
		p = strchr(p, '\n') + 1;
	v = json_loadb(p, (size_t)(strchr(p, '\t') - p), 0, NULL);
	assert_non_null(v);
	json_object_del(v, "v");
	json_object_del(v, "seq");
	json_object_del(v, "prev");
	json_object_del(v, "kid");
	json_object_del(v, "server_key");
	cmds = json_object_get(v, "commands");
	json_array_foreach(cmds, i, x) {
		json_object_del(x, "salt");
		json_object_del(x, "commit");
	}
	return v;
}

static void
log_survives_every_allocation_failure(void **state)
{
	unsigned char seed[crypto_sign_SEEDBYTES];
	struct log_ctx c;
	struct af_stats st;
	char *log;

	memset(&c, 0, sizeof(c));
	assert_true(sodium_init() >= 0);
	/* The key tests/fuzz/corpus/log/ is signed with (targets.h). */
	memset(seed, 0x42, sizeof(seed));
	crypto_sign_seed_keypair(c.keys.pk, c.keys.sk, seed);
	log = slurp("tests/fuzz/corpus/log/game_short", NULL);
	c.genesis = corpus_body(log, 1);
	c.command = corpus_body(log, 2);
	free(log);
	snprintf(c.dir, sizeof(c.dir), "/tmp/masqued-allocfail.XXXXXX");
	assert_non_null(mkdtemp(c.dir));
	sweep("log: create, append, verify, read", op_log, &c, 1, &st);
	assert_true(st.allocs > 0);
	empty_dir(c.dir);
	rmdir(c.dir);
	json_decref(c.genesis);
	json_decref(c.command);
}

/* ---- submit ------------------------------------------------------------- */

struct submit_ctx {
	char dir[64];
	char id[MQ_GAME_ID_LEN + 1];
	char *log;		/* the log before the submit */
	size_t len;
	char *logged;		/* the log after it, nothing failing */
	const char *line;	/* the command submitted (PLACE blue) */
	int again;		/* sent again, not atomic: "received already" */
	const char *hash;	/* the message's hash (00ff) */
};

/* Game ID's log path, in dir. */
static void
submit_log_path(const struct submit_ctx *c, char *out, size_t n)
{
	snprintf(out, n, "%s/games/%s/log", c->dir, c->id);
}

/* What a game's journal holds: everything the mails are made of. */
static void
journal_into(struct mq_buf *b, const struct mq_game *g)
{
	int i;

	for (i = 0; i <= g->nplayers; i++)
		dump_into(b, g->journal[i]);
	dump_into(b, g->journal_admin);
	dump_into(b, g->revealed);
	dump_into(b, g->committed);
}

/*
 * Open the game, submit one secret command as from a mail (with its hash),
 * with the journal on as the daemon has it, close. The log is put back
 * first; a refusal must leave it as it was: a command or the message's hash
 * left out of the entry is the failure this looks for (submit.c used to
 * ignore json_array_append_new and json_object_set_new). The result is the
 * log and the journal: a journal that lost a part must say so
 * (journal_lost, and the daemon's mails wait, out of memory), and then the
 * entry must be the one logged with nothing failing.
 */
static int
op_submit(void *vctx, char **result)
{
	struct submit_ctx *c = vctx;
	const char *const lines[] = { c->line ? c->line : "PLACE blue" };
	struct mq_submit_result res;
	struct mq_store s;
	struct mq_game *g;
	struct mq_err err;
	struct mq_buf b = MQ_BUF_INIT;
	char path[300], *now;
	FILE *f;
	int rc, lost = 0, stale = 0;

	af_pause();
	submit_log_path(c, path, sizeof(path));
	assert_non_null(f = fopen(path, "wb"));
	assert_int_equal(fwrite(c->log, 1, c->len, f), c->len);
	assert_int_equal(fclose(f), 0);
	/* A move sent again: only the submit's allocations are failed (the
	 * open's are swept above), so that each of them is, under valgrind too. */
	if (!c->again)
		af_resume();
	if ((rc = mq_store_open(c->dir, 1, &s, &err)) != 0) {
		if (c->again)
			af_resume();
		return rc;
	}
	rc = mq_game_open(&s, c->id, 1, 0, &g, &err);
	if (c->again)
		af_resume();
	if (rc == 0) {
		mq_game_journal_start(g);
		rc = mq_game_submit(g, 0, lines, 1, !c->again,
		    c->hash ? c->hash : "00ff", "pipe", 1790000100, &res, &err);
		stale = g->stale;
		if (rc == 0) {
			if (!c->again && !res.logged)
				fail_msg("the command was not logged");
			/* the move that stands, sent again: told so, never
			 * taken for a change (committed anew) for want of
			 * memory to compare it */
			if (c->again && (res.logged || res.ncmds != 1 ||
			    res.cmds[0].already == 0))
				fail_msg("a move sent again was not told \"received "
				    "already\"");
			mq_submit_result_free(&res);
			lost = g->journal_lost;
			af_pause();
			if (!lost)
				journal_into(&b, g);
			af_resume();
		}
		mq_game_journal_stop(g);
		mq_game_close(g);
	}
	mq_store_close(&s);
	af_pause();
	now = slurp(path, NULL);
	if (rc == 0 && lost) {
		/* logged; only the mails wait, as for the daemon's MQ_IO */
		if (c->logged != NULL && strcmp(now, c->logged) != 0)
			fail_msg("a submit whose journal was lost logged another "
			    "entry than with nothing failing");
		free(now);
		rc = MQ_IO;
	} else if (rc == 0) {
		mq_buf_puts(&b, now);
		free(now);
		*result = steal(&b);
	} else if (stale) {
		/* logged, but the live game could not follow: out of memory,
		 * and the entry is the one logged with nothing failing */
		if (rc != MQ_IO || strcmp(now, c->logged) != 0)
			fail_msg("a submit that could not follow its entry logged "
			    "another one, or failed otherwise (%d): %s", rc, err.msg);
		free(now);
	} else {
		if (strcmp(now, c->log) != 0)
			fail_msg("a refused submit changed the log: %s", err.msg);
		free(now);
	}
	mq_buf_free(&b);
	af_resume();
	return rc;
}

/* A data folder in dir with one new game of kind (nplayers, every player
 * p@x.test), id. */
static void
af_new_game_of(const char *dir, const char *kind, int nplayers,
    char id[MQ_GAME_ID_LEN + 1])
{
	struct mq_new_game ng = { 0 };
	struct mq_store s;
	struct mq_err err;
	uint8_t seed[32];
	int i;

	assert_true(sodium_init() >= 0);
	if (mq_store_init(dir, &err) != 0)
		fail_msg("%s", err.msg);
	memset(seed, 0x42, sizeof(seed));
	ng.kind = kind;
	ng.nplayers = nplayers;
	for (i = 0; i < nplayers; i++) {
		ng.names[i] = af_names[i];
		ng.emails[i] = "p@x.test";
	}
	ng.seed = seed;
	ng.lang = "en";
	ng.ts = 1790000000;
	assert_int_equal(mq_store_open(dir, 1, &s, &err), 0);
	assert_int_equal(mq_game_create(&s, &ng, id, &err), 0);
	mq_store_close(&s);
}

/* A data folder in dir with one new game of the Red Death, id. */
static void
af_new_game(const char *dir, char id[MQ_GAME_ID_LEN + 1])
{
	af_new_game_of(dir, "redmasque", AF_PLAYERS, id);
}

/* A data folder /tmp/masqued-allocfail-WHAT.PID into dir, with one new
 * game (id) of kind, and a daemon open on it with the tree's templates. */
static void
af_new_daemon_of(const char *what, const char *kind, int nplayers, char *dir,
    size_t size, char id[MQ_GAME_ID_LEN + 1], struct mq_daemon *d)
{
	char tmpl[4200];
	struct mq_err err;

	snprintf(dir, size, "/tmp/masqued-allocfail-%s.%d", what, (int)getpid());
	af_new_game_of(dir, kind, nplayers, id);
	snprintf(tmpl, sizeof(tmpl), "%s/templates", root);
	setenv("MASQUED_TEMPLATES", tmpl, 1);
	if (mq_daemon_open(d, dir, NULL, &err) != 0)
		fail_msg("%s", err.msg);
}

static void
af_new_daemon(const char *what, char *dir, size_t size,
    char id[MQ_GAME_ID_LEN + 1], struct mq_daemon *d)
{
	af_new_daemon_of(what, "redmasque", AF_PLAYERS, dir, size, id, d);
}

static void
submit_survives_every_allocation_failure(void **state)
{
	struct submit_ctx c;
	struct af_stats st;
	const char *env;
	char path[300];
	long stride = 1;

	memset(&c, 0, sizeof(c));
	snprintf(c.dir, sizeof(c.dir), "/tmp/masqued-allocfail-submit.%d",
	    (int)getpid());
	af_new_game(c.dir, c.id);
	submit_log_path(&c, path, sizeof(path));
	c.log = slurp(path, &c.len);
	assert_int_equal(op_submit(&c, &c.logged), 0);	/* nothing armed */
	free(c.logged);
	c.logged = slurp(path, NULL);
	/* every allocation (every $MQ_ALLOC_SUBMIT_EVERY-th, under valgrind) */
	if ((env = getenv("MQ_ALLOC_SUBMIT_EVERY")) != NULL && atol(env) > 0)
		stride = atol(env);
	af_tail = 1;	/* the replay of the logged entry is among the last */
	sweep("store: open, submit, close", op_submit, &c, stride, &st);
	af_tail = 0;
	assert_true(st.allocs > 0);
	free(c.log);
	free(c.logged);
	snprintf(path, sizeof(path), "rm -rf %s", c.dir);
	assert_int_equal(system(path), 0);
}

/*
 * The plan that stands, sent again (a second copy of the reply): with
 * nothing failing it is "received already" and logs nothing; a failure for
 * memory while comparing it with the move that stands must refuse it (the
 * mail waits), never take it for a new move, whose second commitment would
 * tell the others the move had changed.
 */
static void
sent_again_survives_every_allocation_failure(void **state)
{
	struct submit_ctx c;
	struct af_stats st;
	const char *env;
	char path[300], *placed;
	long stride = 1;

	(void)state;
	memset(&c, 0, sizeof(c));
	snprintf(c.dir, sizeof(c.dir), "/tmp/masqued-allocfail-again.%d",
	    (int)getpid());
	af_new_game(c.dir, c.id);
	submit_log_path(&c, path, sizeof(path));
	c.log = slurp(path, &c.len);
	assert_int_equal(op_submit(&c, &placed), 0);	/* PLACE blue */
	free(placed);
	free(c.log);
	c.log = slurp(path, &c.len);
	c.line = "PLAN cw stay cw stay cw stay";
	c.hash = "00fe";
	assert_int_equal(op_submit(&c, &placed), 0);	/* the first copy */
	free(placed);
	free(c.log);
	c.log = slurp(path, &c.len);
	c.again = 1;
	c.hash = "00fd";
	assert_int_equal(op_submit(&c, &placed), 0);	/* nothing armed */
	free(placed);
	c.logged = slurp(path, NULL);
	if (strcmp(c.logged, c.log) != 0)
		fail_msg("a move sent again changed the log");
	if ((env = getenv("MQ_ALLOC_AGAIN_EVERY")) != NULL && atol(env) > 0)
		stride = atol(env);
	sweep("store: a move sent again", op_submit, &c, stride, &st);
	assert_true(st.allocs > 0);
	free(c.log);
	free(c.logged);
	snprintf(path, sizeof(path), "rm -rf %s", c.dir);
	assert_int_equal(system(path), 0);
}

/*
 * A player's SET LANG ja and SET NOTICES OFF, logged (inbound_set.c): each
 * entry whole or not at all, and a failure for memory is MQ_IO, the mail
 * left to try again, never a refusal ("An entry must be a JSON object.")
 * that would answer the player with it.
 */
static int
op_settings(void *vctx, char **result)
{
	struct submit_ctx *c = vctx;
	struct mq_settings set;
	struct mq_store s;
	struct mq_game *g;
	struct mq_err err;
	char path[300], *now;
	FILE *f;
	int rc;

	af_pause();
	submit_log_path(c, path, sizeof(path));
	assert_non_null(f = fopen(path, "wb"));
	assert_int_equal(fwrite(c->log, 1, c->len, f), c->len);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(mq_store_open(c->dir, 1, &s, &err), 0);
	assert_int_equal(mq_game_open(&s, c->id, 1, 0, &g, &err), 0);
	mq_settings_none(&set);
	snprintf(set.lang, sizeof(set.lang), "ja");
	set.notices = 0;
	af_resume();
	/* as the host's submit logs them ("by": the one allocation more) */
	rc = mq_inbound_settings_apply(g, 1, &set, 1790000100, MQ_LOG_BY_ADMIN,
	    &err);
	af_pause();
	mq_game_close(g);
	mq_store_close(&s);
	now = slurp(path, NULL);
	if (rc != 0 && rc != MQ_IO)
		fail_msg("SET lines failed for memory with status %d: %s", rc,
		    err.msg);
	/* the entries logged before the failure, each whole */
	if (c->logged != NULL && strncmp(now, c->logged, strlen(now)) != 0)
		fail_msg("SET lines logged another entry than with nothing "
		    "failing");
	if (rc == 0)
		*result = now;
	else
		free(now);
	af_resume();
	return rc;
}

static void
settings_survive_every_allocation_failure(void **state)
{
	struct submit_ctx c;
	struct af_stats st;
	char path[300];

	(void)state;
	memset(&c, 0, sizeof(c));
	snprintf(c.dir, sizeof(c.dir), "/tmp/masqued-allocfail-settings.%d",
	    (int)getpid());
	af_new_game(c.dir, c.id);
	submit_log_path(&c, path, sizeof(path));
	c.log = slurp(path, &c.len);
	assert_int_equal(op_settings(&c, &c.logged), 0);	/* nothing armed */
	if (strstr(c.logged, "\"action\":\"lang\"") == NULL ||
	    strstr(c.logged, "\"action\":\"notices\"") == NULL)
		fail_msg("SET LANG and SET NOTICES were not both logged");
	sweep("inbound: SET lines logged", op_settings, &c, 1, &st);
	assert_true(st.refused > 0);
	free(c.log);
	free(c.logged);
	snprintf(path, sizeof(path), "rm -rf %s", c.dir);
	assert_int_equal(system(path), 0);
}

/* ---- a mail's dry run (masqued parse) ----------------------------------- */

struct parse_ctx {
	struct mq_daemon d;
	char *raw;
	size_t len;
};

/*
 * The dry run of one mail to a game: its sender, its commands as the game
 * would take them (one accepted, one refused), the text. A failure for
 * memory anywhere (the MIME parse, the game's clone, a list append) must
 * fail it, never show a shorter run or a refusal of the mail.
 */
static int
op_parse(void *vctx, char **result)
{
	struct parse_ctx *c = vctx;
	struct mq_err err;
	json_t *out = NULL;
	char *s;
	int rc;

	rc = mq_inbound_parse(&c->d, c->raw, c->len, &out, &err);
	mq_daemon_release(&c->d);
	if (rc != 0) {
		if (out != NULL)
			fail_msg("parse: failed (%s) but left a result", err.msg);
		return rc;
	}
	if (out == NULL)
		fail_msg("parse: succeeded with no result");
	af_pause();
	s = json_dumps(out, JSON_COMPACT | JSON_SORT_KEYS);
	assert_non_null(s);
	*result = s;
	af_resume();
	json_decref(out);
	return 0;
}

static void
parse_survives_every_allocation_failure(void **state)
{
	struct parse_ctx c;
	struct af_stats st;
	struct mq_game *g;
	struct mq_err err;
	struct mq_buf b = MQ_BUF_INIT;
	char dir[64], id[MQ_GAME_ID_LEN + 1], tag[MQ_TAG_LEN + 1], to[400];
	char tmpl[4200], *ref = NULL;

	memset(&c, 0, sizeof(c));
	af_new_daemon("parse", dir, sizeof(dir), id, &c.d);
	assert_int_equal(mq_game_open(&c.d.store, id, 0, 0, &g, &err), 0);
	mq_addr_tag(c.d.store.keys.tag, id, 0, g->players[0].epoch, tag);
	mq_game_close(g);
	assert_int_equal(mq_addr_reply(c.d.conf.reply_local,
	    c.d.conf.reply_domain, id, 0, tag, to, sizeof(to)), 0);
	mq_buf_printf(&b, "From: Alice <p@x.test>\r\nTo: %s\r\n"
	    "Subject: Re: the game\r\nMessage-ID: <a1@x.test>\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n\r\n"
	    "PLACE blue\r\nFLY away\r\n", to);
	c.len = b.len;
	c.raw = steal(&b);
	/* The run to keep: authenticated, one command taken, one refused. */
	assert_int_equal(op_parse(&c, &ref), 0);
	if (strstr(ref, "\"auth\":\"ok\"") == NULL ||
	    strstr(ref, "\"accepted\":true") == NULL ||
	    strstr(ref, "\"text\":\"FLY away\"") == NULL)
		fail_msg("not the dry run meant: %s", ref);
	free(ref);
	sweep("inbound: a mail's dry run", op_parse, &c, 1, &st);
	assert_true(st.allocs > 0);
	mq_daemon_close(&c.d);
	free(c.raw);
	snprintf(tmpl, sizeof(tmpl), "rm -rf %s", dir);
	assert_int_equal(system(tmpl), 0);
}

/* ---- a move's mails (notify.c) ------------------------------------------- */

struct notify_ctx {
	struct mq_daemon d;
	struct mq_game *g;
	struct mq_submit_result res;
	char spool[128];
	json_t *ref;		/* spool file name -> its bytes, of a clean run */
	int seat;		/* who moved */
};

/* The spool's mails, name -> bytes (never armed). */
static json_t *
spool_files(const char *spool)
{
	json_t *o = json_object();
	struct dirent *de;
	char path[400], *data;
	DIR *dir;
	size_t len;

	assert_non_null(dir = opendir(spool));
	while ((de = readdir(dir)) != NULL) {
		if (strstr(de->d_name, ".eml") == NULL)
			continue;
		snprintf(path, sizeof(path), "%s/%s", spool, de->d_name);
		data = slurp(path, &len);
		json_object_set_new(o, de->d_name, json_stringn(data, len));
		free(data);
	}
	closedir(dir);
	return o;
}

static void
spool_empty(const char *spool)
{
	struct dirent *de;
	char path[400];
	DIR *dir;

	assert_non_null(dir = opendir(spool));
	while ((de = readdir(dir)) != NULL)
		if (de->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s", spool, de->d_name);
			assert_int_equal(unlink(path), 0);
		}
	closedir(dir);
}

/*
 * The mails of one logged move (a receipt to its player, a notice or the
 * board to everyone else), into an empty spool. Each mail goes whole or
 * not at all: after a failure, every mail in the spool is byte for byte
 * the one a clean run spools under that name (a later pass, which builds
 * them again under the same names, sends the set).
 */
static int
op_notify(void *vctx, char **result)
{
	struct notify_ctx *c = vctx;
	struct mq_err err;
	const char *name;
	json_t *got, *v;
	int rc;

	af_pause();
	spool_empty(c->spool);
	af_resume();
	rc = mq_notify_submit(&c->d, c->g, c->seat, &c->res, "<a1@x.test>",
	    NULL, &err);
	af_pause();
	got = spool_files(c->spool);
	if (rc != 0 && c->ref != NULL)
		json_object_foreach(got, name, v)
			if (!json_equal(v, json_object_get(c->ref, name)))
				fail_msg("notify failed (%s) and left %s half made or "
				    "unlike a clean run's", err.msg, name);
	if (rc == 0)
		*result = json_dumps(got, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(got);
	af_resume();
	return rc;
}

static void
notify_survives_every_allocation_failure(void **state)
{
	static const char *const lines[] = { "PLACE blue" };
	struct notify_ctx c;
	struct af_stats st;
	struct mq_err err;
	char dir[64], id[MQ_GAME_ID_LEN + 1], tmpl[4200], *ref = NULL;
	const char *env;
	long stride = 1;

	(void)state;
	memset(&c, 0, sizeof(c));
	af_new_daemon("notify", dir, sizeof(dir), id, &c.d);
	snprintf(c.spool, sizeof(c.spool), "%s/spool", dir);
	assert_int_equal(mq_game_open(&c.d.store, id, 1, 0, &c.g, &err), 0);
	/* the first placement: a receipt, the next placer's board, notices */
	mq_game_journal_start(c.g);
	assert_int_equal(mq_game_submit(c.g, c.g->kind->owes(c.g->state, 0) ?
	    0 : 0, lines, 1, 1, "00ff", "pipe", 1790000100, &c.res, &err), 0);
	assert_true(c.res.logged);
	assert_int_equal(op_notify(&c, &ref), 0);
	assert_non_null(ref);
	c.ref = json_loads(ref, 0, NULL);
	assert_true(json_object_size(c.ref) >= 2);
	free(ref);
	/* every allocation (every $MQ_ALLOC_NOTIFY_EVERY-th, under valgrind) */
	if ((env = getenv("MQ_ALLOC_NOTIFY_EVERY")) != NULL && atol(env) > 0)
		stride = atol(env);
	af_tail = 1;
	sweep("notify: a move's mails", op_notify, &c, stride, &st);
	af_tail = 0;
	assert_true(st.refused > 0);
	json_decref(c.ref);
	mq_submit_result_free(&c.res);
	mq_game_journal_stop(c.g);
	mq_game_close(c.g);
	mq_daemon_close(&c.d);
	snprintf(tmpl, sizeof(tmpl), "rm -rf %s", dir);
	assert_int_equal(system(tmpl), 0);
}

/*
 * A player's mail to a game the host ended (with a why). Its submit logs
 * nothing: a move is refused with the end's sentence, never with the rules'
 * own refusal of it (the rules do not know the game is over) for want of
 * memory to read it. Its answer (to STATUS and a move) is the end
 * mail again, with the host's why, and the refusal in a mail of its own,
 * each whole or not at all (op_notify); to SET LANG beside STATUS, the end
 * mail alone, saying the language changed.
 */
struct after_end_ctx {
	struct mq_game *g;
	char *log;		/* the log as the end left it */
};

static int
op_after_end_submit(void *vctx, char **result)
{
	/* a move the rules refuse too (one step is all a round allows): the
	 * refusal must still be the end's */
	static const char *const lines[] = { "MOVE cw cw" };
	struct after_end_ctx *c = vctx;
	struct mq_submit_result res;
	struct mq_err err;
	struct mq_buf b = MQ_BUF_INIT;
	char *now;
	size_t i;
	int rc;

	rc = mq_game_submit(c->g, 0, lines, 1, 0, "00fe", "pipe", 1790000200,
	    &res, &err);
	af_pause();
	now = slurp(c->g->logpath, NULL);
	if (strcmp(now, c->log) != 0)
		fail_msg("a mail after the end changed the log (%d)", rc);
	free(now);
	if (rc == 0) {
		mq_buf_printf(&b, "logged %d\n", res.logged);
		for (i = 0; i < res.ncmds; i++)
			mq_buf_printf(&b, "%d %s: %s\n", res.cmds[i].accepted,
			    res.cmds[i].text, res.cmds[i].error);
		mq_submit_result_free(&res);
		*result = steal(&b);
	}
	af_resume();
	return rc;
}

static void
after_end_survives_every_allocation_failure(void **state)
{
	static const char *const lines[] = { "STATUS", "PLACE blue" };
	struct after_end_ctx ac;
	struct mq_settings set;
	struct notify_ctx c;
	struct af_stats st;
	struct mq_err err;
	json_t *body;
	char dir[64], id[MQ_GAME_ID_LEN + 1], tmpl[4200], *ref = NULL;
	const char *env, *name;
	json_t *v;
	long stride = 1;
	int ends = 0, refused = 0;

	(void)state;
	memset(&c, 0, sizeof(c));
	af_new_daemon("after-end", dir, sizeof(dir), id, &c.d);
	snprintf(c.spool, sizeof(c.spool), "%s/spool", dir);
	assert_int_equal(mq_game_open(&c.d.store, id, 1, 0, &c.g, &err), 0);
	body = json_pack("{s:s, s:I, s:s, s:s, s:s}", "game", id, "ts",
	    (json_int_t)1790000050, "type", "admin", "action", "end", "why",
	    "the castle burned");
	assert_int_equal(mq_game_append(c.g, body, &err), 0);
	json_decref(body);
	assert_true(mq_game_over(c.g) && c.g->ended_body != NULL);
	ac.g = c.g;
	ac.log = slurp(c.g->logpath, NULL);
	sweep("store: a mail after the host's end", op_after_end_submit, &ac, 1,
	    &st);
	free(ac.log);
	mq_game_journal_start(c.g);
	assert_int_equal(mq_game_submit(c.g, 0, lines, 2, 0, "00ff", "pipe",
	    1790000100, &c.res, &err), 0);
	assert_false(c.res.logged);
	assert_int_equal(op_notify(&c, &ref), 0);
	assert_non_null(ref);
	c.ref = json_loads(ref, 0, NULL);
	free(ref);
	json_object_foreach(c.ref, name, v) {
		ends += strstr(name, "-0-end-") != NULL;
		refused += strncmp(name, "z-refused-", 10) == 0;
	}
	if (ends != 1 || refused != 1 || json_object_size(c.ref) != 2)
		fail_msg("a mail after the end made %zu mails, not the end mail "
		    "again and a refusal", json_object_size(c.ref));
	if ((env = getenv("MQ_ALLOC_NOTIFY_EVERY")) != NULL && atol(env) > 0)
		stride = atol(env);
	af_tail = 1;
	sweep("notify: a mail after the host's end", op_notify, &c, stride,
	    &st);
	af_tail = 0;
	assert_true(st.refused > 0);
	json_decref(c.ref);
	mq_submit_result_free(&c.res);
	/* SET LANG beside STATUS (listed as inbound.c lists it): the end
	 * mail alone, saying the language changed; no refusal */
	assert_int_equal(mq_game_submit(c.g, 0, lines, 1, 0, "00fd", "pipe",
	    1790000150, &c.res, &err), 0);
	mq_settings_none(&set);
	snprintf(set.lang, sizeof(set.lang), "ja");
	assert_int_equal(mq_receipt_list_settings(&c.res, &set, &err), 0);
	assert_int_equal(op_notify(&c, &ref), 0);
	c.ref = json_loads(ref, 0, NULL);
	free(ref);
	if (json_object_size(c.ref) != 1)
		fail_msg("SET LANG and STATUS after the end made %zu mails, not "
		    "the end mail again", json_object_size(c.ref));
	af_tail = 1;
	sweep("notify: SET LANG and STATUS after the host's end", op_notify,
	    &c, stride, &st);
	af_tail = 0;
	assert_true(st.refused > 0);
	json_decref(c.ref);
	mq_submit_result_free(&c.res);
	mq_game_journal_stop(c.g);
	mq_game_close(c.g);
	mq_daemon_close(&c.d);
	snprintf(tmpl, sizeof(tmpl), "rm -rf %s", dir);
	assert_int_equal(system(tmpl), 0);
}

/* The seat that owes a move (the first, if several), or -1. */
static int
af_owing(const struct mq_game *g)
{
	int seat;

	for (seat = 0; seat < g->nplayers; seat++)
		if (g->kind->owes(g->state, seat) != NULL)
			return seat;
	return -1;
}

/* The bot's next command for the seat that owes one, as its line. */
static void
af_bot_line(const struct mq_game *g, int seat, struct mq_buf *text)
{
	struct mq_cmd cmd;
	struct mq_rng rng;
	uint8_t key[32] = { 0 };

	mq_rng_open(&rng, key, "af-bot", (int)g->seq, seat);
	assert_true(g->kind->bot(g->state, seat, 1, &rng, &cmd, 1) == 1);
	mq_buf_reset(text);
	assert_int_equal(g->kind->format(g->state, &cmd, text), 0);
}

/*
 * The Masquerade's mails of one move: alice (en), bob (ja) and carol (zh,
 * each by SET LANG as logged) play the bot's moves into turn 2's Orders;
 * the next Order's mails are swept: its receipt, and the turn mail of the
 * seat whose turn it makes, with that seat's recap of the moves since its
 * last.
 */
static void
ms_notify_survives_every_allocation_failure(void **state)
{
	static const char *const langs[] = { "en", "ja", "zh" };
	struct notify_ctx c;
	struct af_stats st;
	struct mq_submit_result res;
	struct mq_err err;
	struct mq_buf text = MQ_BUF_INIT;
	const struct ms_state *ms;
	char dir[64], id[MQ_GAME_ID_LEN + 1], tmpl[4200], *ref = NULL;
	const char *env, *line, *name;
	json_t *body, *v;
	long stride = 1;
	int seat, next, receipts = 0, turns = 0, guard = 0;

	memset(&c, 0, sizeof(c));
	af_new_daemon_of("ms-notify", "masquerade", 3, dir, sizeof(dir), id,
	    &c.d);
	snprintf(c.spool, sizeof(c.spool), "%s/spool", dir);
	assert_int_equal(mq_game_open(&c.d.store, id, 1, 0, &c.g, &err), 0);
	for (seat = 1; seat < 3; seat++) {
		body = json_pack("{s:s, s:I, s:s, s:s, s:s, s:s, s:s}", "game",
		    id, "ts", (json_int_t)1790000050, "type", "admin", "action",
		    "lang", "player", af_names[seat], "lang", langs[seat], "why",
		    "the player asked (SET LANG)");
		assert_int_equal(mq_game_append(c.g, body, &err), 0);
		json_decref(body);
		assert_string_equal(c.g->players[seat].lang, langs[seat]);
	}
	ms = c.g->state;
	while (!(ms->turn >= 2 && ms->phase == MS_PH_ORDER) && guard++ < 1000) {
		assert_true((seat = af_owing(c.g)) >= 0);
		af_bot_line(c.g, seat, &text);
		line = mq_buf_str(&text);
		if (mq_game_submit(c.g, seat, &line, 1, 1, NULL, "pipe",
		    1790000100 + guard, &res, &err) != 0)
			fail_msg("%s", err.msg);
		mq_submit_result_free(&res);
	}
	/* the move swept: its mails are those a pass makes of it */
	assert_true((c.seat = af_owing(c.g)) >= 0);
	af_bot_line(c.g, c.seat, &text);
	line = mq_buf_str(&text);
	mq_game_journal_start(c.g);
	assert_int_equal(mq_game_submit(c.g, c.seat, &line, 1, 1, "00ff", "pipe",
	    1790001000, &c.res, &err), 0);
	assert_true(c.res.logged);
	assert_true((next = af_owing(c.g)) >= 0 && next != c.seat);
	v = c.g->kind->view(c.g->state, next);
	assert_true(json_array_size(json_object_get(v, "recap")) >= 3);
	json_decref(v);
	assert_int_equal(op_notify(&c, &ref), 0);
	assert_non_null(ref);
	c.ref = json_loads(ref, 0, NULL);
	free(ref);
	json_object_foreach(c.ref, name, v) {
		snprintf(tmpl, sizeof(tmpl), "-%d-receipt.eml", c.seat);
		receipts += strstr(name, tmpl) != NULL;
		snprintf(tmpl, sizeof(tmpl), "-%d-turn.eml", next);
		turns += strstr(name, tmpl) != NULL;
	}
	/* carol's receipt (zh) and bob's turn mail (ja), as it happens */
	if (receipts != 1 || turns != 1)
		fail_msg("%d's move made %zu mails, not a receipt and %d's turn "
		    "mail", c.seat, json_object_size(c.ref), next);
	/* every allocation (every $MQ_ALLOC_NOTIFY_EVERY-th, under valgrind) */
	if ((env = getenv("MQ_ALLOC_NOTIFY_EVERY")) != NULL && atol(env) > 0)
		stride = atol(env);
	af_tail = 1;
	sweep("masquerade: a move's mails", op_notify, &c, stride, &st);
	af_tail = 0;
	assert_true(st.refused > 0);
	json_decref(c.ref);
	mq_buf_free(&text);
	mq_submit_result_free(&c.res);
	mq_game_journal_stop(c.g);
	mq_game_close(c.g);
	mq_daemon_close(&c.d);
	snprintf(tmpl, sizeof(tmpl), "rm -rf %s", dir);
	assert_int_equal(system(tmpl), 0);
}

/*
 * The Masquerade's receipt of a PASS (in Japanese: bob, by SET LANG as
 * logged), which says what it declined: the decision the seat owed as the
 * command came (submit's owed_then, results_json; the receipt's ms_pass).
 * Each mail whole or not at all (op_notify).
 */
static void
ms_pass_notify_survives_every_allocation_failure(void **state)
{
	static const char *const pass[] = { "PASS" };
	struct notify_ctx c;
	struct af_stats st;
	struct mq_submit_result res;
	struct mq_err err;
	struct mq_buf text = MQ_BUF_INIT;
	char dir[64], id[MQ_GAME_ID_LEN + 1], tmpl[4200], *ref = NULL;
	const char *env, *line, *owed, *name;
	json_t *body, *v;
	long stride = 1;
	int seat, guard = 0, receipts = 0;

	(void)state;
	memset(&c, 0, sizeof(c));
	af_new_daemon_of("ms-pass", "masquerade", 3, dir, sizeof(dir), id,
	    &c.d);
	snprintf(c.spool, sizeof(c.spool), "%s/spool", dir);
	assert_int_equal(mq_game_open(&c.d.store, id, 1, 0, &c.g, &err), 0);
	body = json_pack("{s:s, s:I, s:s, s:s, s:s, s:s, s:s}", "game", id,
	    "ts", (json_int_t)1790000050, "type", "admin", "action", "lang",
	    "player", af_names[1], "lang", "ja", "why",
	    "the player asked (SET LANG)");
	assert_int_equal(mq_game_append(c.g, body, &err), 0);
	json_decref(body);
	/* the bots play until bob owes a Spell: his PASS declines it */
	while (guard++ < 1000) {
		assert_true((seat = af_owing(c.g)) >= 0);
		owed = c.g->kind->owes(c.g->state, seat);
		if (seat == 1 && owed != NULL && strcmp(owed, "spell") == 0)
			break;
		af_bot_line(c.g, seat, &text);
		line = mq_buf_str(&text);
		if (mq_game_submit(c.g, seat, &line, 1, 1, NULL, "pipe",
		    1790000100 + guard, &res, &err) != 0)
			fail_msg("%s", err.msg);
		mq_submit_result_free(&res);
	}
	assert_true(guard < 1000);
	c.seat = 1;
	mq_game_journal_start(c.g);
	assert_int_equal(mq_game_submit(c.g, c.seat, pass, 1, 1, "00ff", "pipe",
	    1790001000, &c.res, &err), 0);
	assert_true(c.res.logged && c.res.ncmds == 1 && c.res.cmds[0].accepted);
	assert_string_equal(c.res.cmds[0].owed, "spell");
	assert_int_equal(op_notify(&c, &ref), 0);
	assert_non_null(ref);
	c.ref = json_loads(ref, 0, NULL);
	free(ref);
	assert_non_null(c.ref);
	/* the receipt says the Spell declined, in Japanese */
	json_object_foreach(c.ref, name, v) {
		struct mq_mime_msg *m = NULL;

		if (strstr(name, "-1-receipt") == NULL)
			continue;
		assert_int_equal(mq_mime_parse(json_string_value(v),
		    json_string_length(v), &m, &err), 0);
		receipts += strstr(m->text, "\xe3\x81\x93\xe3\x81\xae\xe3\x82\xb9"
		    "\xe3\x83\x9a\xe3\x83\xab\xe3\x83\xbb\xe3\x83\x95\xe3\x82\xa7"
		    "\xe3\x82\xa4\xe3\x82\xba") != NULL;
		mq_mime_msg_free(m);
	}
	if (receipts != 1)
		fail_msg("no receipt to bob saying the Spell phase declined");
	if ((env = getenv("MQ_ALLOC_NOTIFY_EVERY")) != NULL && atol(env) > 0)
		stride = atol(env);
	af_tail = 1;
	sweep("masquerade: a PASS's receipt", op_notify, &c, stride, &st);
	af_tail = 0;
	assert_true(st.refused > 0);
	json_decref(c.ref);
	mq_buf_free(&text);
	mq_submit_result_free(&c.res);
	mq_game_journal_stop(c.g);
	mq_game_close(c.g);
	mq_daemon_close(&c.d);
	snprintf(tmpl, sizeof(tmpl), "rm -rf %s", dir);
	assert_int_equal(system(tmpl), 0);
}

/* ---- the bot's moves and the host's story -------------------------------- */

struct story_ctx {
	char dir[64];
	char id[MQ_GAME_ID_LEN + 1];
	const char *player;	/* one who owes a move */
};

/*
 * `masqued bot GAME PLAYER`, its output and the sentence of a failure caught
 * in files: all of the bot's moves or none (a shorter list would be played
 * as it is); a failure must print no move.
 */
static int
op_bot(void *vctx, char **result)
{
	struct story_ctx *c = vctx;
	struct mq_cli cli = { c->dir, NULL, "masqued", NULL };
	char *argv[] = { "bot", c->id, (char *)c->player, NULL };
	char out[128], errp[128], *s;
	int fd1, fd2, fd, rc;

	af_pause();
	snprintf(out, sizeof(out), "%s/bot.out", c->dir);
	snprintf(errp, sizeof(errp), "%s/bot.err", c->dir);
	fflush(stdout);
	fflush(stderr);
	fd1 = dup(1);
	fd2 = dup(2);
	assert_true(fd1 >= 0 && fd2 >= 0);
	assert_true((fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600)) >= 0);
	dup2(fd, 1);
	close(fd);
	assert_true((fd = open(errp, O_WRONLY | O_CREAT | O_TRUNC, 0600)) >= 0);
	dup2(fd, 2);
	close(fd);
	af_resume();
	rc = mq_cmd_bot(&cli, 3, argv);
	af_pause();
	fflush(stdout);
	fflush(stderr);
	dup2(fd1, 1);
	dup2(fd2, 2);
	close(fd1);
	close(fd2);
	s = slurp(out, NULL);
	if (rc != 0) {
		if (s[0] != '\0')
			fail_msg("bot failed (%d) but printed \"%s\"", rc, s);
		free(s);
		s = slurp(errp, NULL);
		if (rc != MQ_IO && strstr(s, "Out of memory") != NULL)
			fail_msg("bot: out of memory, yet exit %d", rc);
		free(s);
	} else {
		*result = s;
	}
	af_resume();
	return rc;
}

/* The host's story of every entry after the genesis (the demo's tell). */
static int
op_story(void *vctx, char **result)
{
	struct story_ctx *c = vctx;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_store s;
	struct mq_err err;
	uint64_t seq = 0;
	int rc;

	if ((rc = mq_store_open(c->dir, 0, &s, &err)) != 0)
		return rc;
	rc = mq_story_since(&s, c->id, 1, &b, &seq, &err);
	mq_store_close(&s);
	if (rc == 0) {
		af_pause();
		mq_buf_printf(&b, "told to %llu\n", (unsigned long long)seq);
		*result = steal(&b);
		af_resume();
	}
	mq_buf_free(&b);
	return rc;
}

static void
bot_and_story_survive_every_allocation_failure(void **state)
{
	struct story_ctx c;
	struct af_stats st;
	struct mq_store s;
	struct mq_game *g;
	struct mq_submit_result res;
	struct mq_err err;
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_cmd cmds[4];
	struct mq_rng rng;
	const char *line;
	char cmd[300], *ref;
	const char *env;
	uint8_t key[32] = { 0 };
	long stride = 1;
	int seat, n, i, k;

	memset(&c, 0, sizeof(c));
	snprintf(c.dir, sizeof(c.dir), "/tmp/masqued-allocfail-story.%d",
	    (int)getpid());
	af_new_game(c.dir, c.id);
	/* The bots play a few moves, so the story has something to tell. */
	assert_int_equal(mq_store_open(c.dir, 1, &s, &err), 0);
	assert_int_equal(mq_game_open(&s, c.id, 1, 0, &g, &err), 0);
	for (k = 0; k < 6; k++) {
		for (seat = 0; seat < AF_PLAYERS; seat++)
			if (g->kind->owes(g->state, seat) != NULL)
				break;
		assert_true(seat < AF_PLAYERS);
		mq_rng_open(&rng, key, "af-bot", (int)g->seq, seat);
		n = g->kind->bot(g->state, seat, 1, &rng, cmds, 4);
		assert_true(n > 0);
		for (i = 0; i < n; i++) {
			mq_buf_reset(&text);
			assert_int_equal(g->kind->format(g->state, &cmds[i], &text),
			    0);
			line = mq_buf_str(&text);
			if (mq_game_submit(g, seat, &line, 1, 1, NULL, "pipe",
			    1790000100 + seat, &res, &err) != 0)
				fail_msg("%s", err.msg);
			mq_submit_result_free(&res);
		}
	}
	for (seat = 0; seat < AF_PLAYERS; seat++)
		if (g->kind->owes(g->state, seat) != NULL)
			break;
	assert_true(seat < AF_PLAYERS);
	c.player = af_names[seat];
	mq_game_close(g);
	mq_store_close(&s);
	mq_buf_free(&text);
	/* What is swept: a move printed, and a story of those moves. */
	assert_int_equal(op_bot(&c, &ref), 0);
	if (strchr(ref, '\n') == NULL)
		fail_msg("bot printed no move: \"%s\"", ref);
	free(ref);
	assert_int_equal(op_story(&c, &ref), 0);
	if (strstr(ref, af_names[0]) == NULL)
		fail_msg("the story tells nothing of %s: %s", af_names[0], ref);
	free(ref);
	/* Each run opens and replays the game: every allocation fails in
	 * turn (every $MQ_ALLOC_STORY_EVERY-th, under valgrind). */
	if ((env = getenv("MQ_ALLOC_STORY_EVERY")) != NULL && atol(env) > 0)
		stride = atol(env);
	af_tail = 1;
	sweep("bot: a seat's next moves", op_bot, &c, stride, &st);
	assert_true(st.allocs > 0);
	sweep("story: every entry told", op_story, &c, stride, &st);
	af_tail = 0;
	assert_true(st.allocs > 0);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", c.dir);
	assert_int_equal(system(cmd), 0);
}

/* ---- Mustache ----------------------------------------------------------- */

#define AF_MAXPARTIALS	64

struct mustache_ctx {
	char *tmpl;
	json_t *data;
	int npartials;
	char *pname[AF_MAXPARTIALS], *ptext[AF_MAXPARTIALS];
	/* the whole mail */
	json_t *gamedata, *ctx;
	json_t *gamedata2;	/* equal to gamedata, another object */
	char *expect;		/* the mail with nothing failing */
	const char *lang;	/* the mail's */
};

static const char *
af_partial(void *vctx, const char *name)
{
	struct mustache_ctx *c = vctx;
	int i;

	for (i = 0; i < c->npartials; i++)
		if (strcmp(c->pname[i], name) == 0)
			return c->ptext[i];
	return NULL;
}

static int
op_mustache(void *vctx, char **result)
{
	struct mustache_ctx *c = vctx;
	struct mq_err err;

	return mq_mustache_render(c->tmpl, c->data, af_partial, c, result, &err);
}

static int
op_render_mail(void *vctx, char **result)
{
	struct mustache_ctx *c = vctx;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err err;
	char *subject = NULL, *text = NULL, *html = NULL;
	char dir[4200];
	int rc;

	snprintf(dir, sizeof(dir), "%s/templates", root);
	rc = mq_render_mail(dir, c->lang, "turn", c->gamedata, c->ctx, &subject,
	    &text, &html, &err);
	if (rc == 0) {
		af_pause();
		mq_buf_printf(&b, "%s\n%s\n%s", subject, text, html);
		*result = steal(&b);
		af_resume();
	}
	free(subject);
	free(text);
	free(html);
	return rc;
}

/* The three parts as one string, outside the count. */
static char *
mail_summary(const char *subject, const char *text, const char *html)
{
	struct mq_buf b = MQ_BUF_INIT;

	mq_buf_printf(&b, "%s\n%s\n%s", subject, text, html);
	return steal(&b);
}

/*
 * The daemon's way: one renderer for mail after mail, keeping templates,
 * partials and decorations. Whatever allocation fails while the first
 * mail fills those, the second mail (from game data equal to the first's,
 * another object) must be exactly the mail of a renderer that never
 * failed: a failure may cost its own mail, never a later one.
 */
static int
op_renderer_reuse(void *vctx, char **result)
{
	struct mustache_ctx *c = vctx;
	struct mq_renderer *r;
	struct mq_err err;
	char *subject = NULL, *text = NULL, *html = NULL;
	char dir[4200];
	int rc, failed;

	snprintf(dir, sizeof(dir), "%s/templates", root);
	if ((r = mq_renderer_new(dir)) == NULL)
		return MQ_IO;
	rc = mq_renderer_mail(r, c->lang, "turn", c->gamedata, c->ctx, &subject,
	    &text, &html, &err);
	free(subject);
	free(text);
	free(html);
	failed = af_failed;
	rc = mq_renderer_mail(r, c->lang, "turn", c->gamedata2, c->ctx, &subject,
	    &text, &html, &err);
	af_pause();
	if (failed && rc != 0)
		fail_msg("an allocation failure in one mail failed the next: %s",
		    err.msg);
	if (rc == 0) {
		*result = mail_summary(subject, text, html);
		if (failed && strcmp(*result, c->expect) != 0)
			fail_msg("an allocation failure in one mail changed the "
			    "next");
	}
	af_resume();
	free(subject);
	free(text);
	free(html);
	mq_renderer_free(r);
	return rc;
}

static void
mustache_survives_every_allocation_failure(void **state)
{
	struct mustache_ctx c;
	struct af_stats st;
	const char *env;
	long every = 1;
	char rel[512];
	struct dirent *de;
	DIR *d;
	int i;

	memset(&c, 0, sizeof(c));
	c.lang = "en";
	snprintf(rel, sizeof(rel), "%s/templates/en", root);
	assert_non_null(d = opendir(rel));
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);

		if (de->d_name[0] != '_' || len < 10 ||
		    strcmp(de->d_name + len - 9, ".mustache") != 0)
			continue;
		assert_true(c.npartials < AF_MAXPARTIALS);
		c.pname[c.npartials] = strndup(de->d_name + 1, len - 10);
		snprintf(rel, sizeof(rel), "templates/en/%s", de->d_name);
		c.ptext[c.npartials] = slurp(rel, NULL);
		c.npartials++;
	}
	closedir(d);
	c.gamedata = load_json("config/games/redmasque.json");
	c.ctx = load_json("tests/golden/render/ctx_turn.json");
	c.data = mq_render_decorate(c.gamedata, "en", c.ctx);
	assert_non_null(c.data);
	c.tmpl = slurp("templates/en/turn.txt.mustache", NULL);
	sweep("mustache: turn.txt", op_mustache, &c, 1, &st);
	free(c.tmpl);
	c.tmpl = slurp("templates/en/turn.html.mustache", NULL);
	sweep("mustache: turn.html", op_mustache, &c, 1, &st);
	/* The whole mail (decorate, three templates, partials read from
	 * files) makes a thousand allocations at some 140 sites: each site
	 * fails (the census; every $MQ_ALLOC_RENDER_EVERY-th allocation
	 * under valgrind). */
	if ((env = getenv("MQ_ALLOC_RENDER_EVERY")) != NULL && atol(env) > 0)
		every = atol(env);
	sweep("render: the turn mail", op_render_mail, &c, every, &st);
	c.gamedata2 = json_deep_copy(c.gamedata);
	assert_non_null(c.gamedata2);
	assert_int_equal(op_render_mail(&c, &c.expect), 0);
	sweep("render: a renderer kept", op_renderer_reuse, &c, every,
	    &st);
	free(c.expect);
	json_decref(c.gamedata2);
	free(c.tmpl);
	for (i = 0; i < c.npartials; i++) {
		free(c.pname[i]);
		free(c.ptext[i]);
	}
	json_decref(c.data);
	json_decref(c.ctx);
	json_decref(c.gamedata);
}

/* ---- The Masquerade's mails ------------------------------------------- */

/* What mq_render_decorate makes of the context, as JSON. */
static int
op_decorate(void *vctx, char **result)
{
	struct mustache_ctx *c = vctx;
	json_t *v;

	if ((v = mq_render_decorate(c->gamedata, c->lang, c->ctx)) == NULL)
		return MQ_IO;
	af_pause();
	*result = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	assert_non_null(*result);
	af_resume();
	json_decref(v);
	return 0;
}

/*
 * A turn mail's context as notify.c makes it for The Masquerade: a 3-player
 * bot game played to the first moment the seat owing a move has a hand and
 * a recap of 10 events or more (the others' moves since its last), that
 * seat's view, the last move's events, a checkpoint and a deadline.
 */
static json_t *
ms_turn_ctx(const json_t *gamedata)
{
	const struct mq_game_kind *k = &mq_masquerade_kind;
	struct mq_setup s;
	struct mq_rng rng[3];
	struct mq_cmd cmds[4];
	struct mq_err err;
	const struct ms_state *st;
	json_t *ctx = NULL, *v;
	void *data, *game;
	int seat, owing, n, i, guard = 0;

	assert_int_equal(k->load_data(gamedata, &data, &err), 0);
	af_setup_of(&s, 3);
	assert_int_equal(k->setup(data, &s, &game, &err), 0);
	st = game;
	for (seat = 0; seat < 3; seat++)
		mq_rng_open(&rng[seat], s.seed, "bot", 0, seat);
	while (ctx == NULL && !k->is_over(game) && guard++ < 10000) {
		for (seat = 0; seat < 3 && ctx == NULL; seat++) {
			n = k->bot(game, seat, seat & 1, &rng[seat], cmds, 4);
			for (i = 0; i < n; i++)
				if (k->apply(game, seat, &cmds[i], &err) != 0)
					fail_msg("a bot's command was refused: %s",
					    err.msg);
			if ((owing = ms_owing_seat(st)) < 0 ||
			    ms_hand_size(&st->p[owing]) == 0)
				continue;
			v = k->view(game, owing);
			assert_non_null(v);
			if (json_array_size(json_object_get(v, "recap")) < 10) {
				json_decref(v);
				continue;
			}
			ctx = json_pack("{s:s, s:s, s:s, s:s, s:o, s:{s:i, s:s, "
			    "s:s}, s:s, s:s, s:s, s:s, s:s, s:b, s:i, s:o}",
			    "game", "G7ALLOCF", "kind", "masquerade", "lang", "en",
			    "now", "2026-09-21 10:00 UTC", "view", v,
			    "checkpoint", "seq", 40, "head", "9f86d081884c7d65",
			    "sig", "c2lnbmVk", "server_key", "5e884898da280471",
			    "seed_commit", "a665a45920422f9d", "player",
			    af_names[owing], "owed", ms_owes(st, owing),
			    "deadline", "2026-09-24 10:00 UTC", "reminder_left", 1,
			    "left_hours", 12, "events", k->events(game, owing));
			assert_non_null(ctx);
		}
	}
	if (ctx == NULL)
		fail_msg("no seat came to owe a move with a hand and a recap");
	k->free_state(game);
	k->free_data(data);
	return ctx;
}

/*
 * The Masquerade's turn mail in each language: its decorate (deco_ms.c,
 * through mq_render_decorate), the whole mail and a renderer
 * kept across two mails, as the daemon keeps one.
 */
static void
ms_render_survives_every_allocation_failure(void **state)
{
	static const char *const langs[] = { "en", "ja", "zh" };
	struct mustache_ctx c;
	struct af_stats st;
	const char *env;
	char name[80];
	long every = 1, deco_every = 1;
	size_t i;

	memset(&c, 0, sizeof(c));
	c.gamedata = load_json("config/games/masquerade.json");
	c.gamedata2 = json_deep_copy(c.gamedata);
	assert_non_null(c.gamedata2);
	c.ctx = ms_turn_ctx(c.gamedata);
	/* Each site of decorate's and of a mail's allocations (the census),
	 * or under valgrind every $MQ_ALLOC_DECORATE_EVERY-th and
	 * $MQ_ALLOC_RENDER_EVERY-th allocation, each language from another
	 * one. */
	if ((env = getenv("MQ_ALLOC_RENDER_EVERY")) != NULL && atol(env) > 0)
		every = atol(env);
	if ((env = getenv("MQ_ALLOC_DECORATE_EVERY")) != NULL && atol(env) > 0)
		deco_every = atol(env);
	for (i = 0; i < sizeof(langs) / sizeof(langs[0]); i++) {
		c.lang = langs[i];
		af_first = 1 + (long)i * every / 3;
		assert_int_equal(json_object_set_new(c.ctx, "lang",
		    json_string(c.lang)), 0);
		snprintf(name, sizeof(name), "masquerade: decorate, %s", c.lang);
		sweep(name, op_decorate, &c, deco_every, &st);
		assert_int_equal(op_render_mail(&c, &c.expect), 0);
		if (strstr(c.expect, "=== masqued") == NULL)
			fail_msg("not a turn mail: %.200s", c.expect);
		snprintf(name, sizeof(name), "masquerade: the turn mail, %s",
		    c.lang);
		sweep(name, op_render_mail, &c, every, &st);
		snprintf(name, sizeof(name), "masquerade: a renderer kept, %s",
		    c.lang);
		sweep(name, op_renderer_reuse, &c, every, &st);
		free(c.expect);
		c.expect = NULL;
	}
	af_first = 1;
	json_decref(c.ctx);
	json_decref(c.gamedata2);
	json_decref(c.gamedata);
}

/* ---- The Masquerade's text part wrapped whole ------------------------------ */

/*
 * deco_wrap_text on a copy of the text: -1 must leave the copy as it was
 * (render.c then fails the mail with it), never half wrapped.
 */
static int
op_wrap_text(void *vctx, char **result)
{
	const char *text = vctx;
	char *s = strdup(text);

	if (s == NULL)
		return MQ_IO;
	if (deco_wrap_text(&s, 78) != 0) {
		if (strcmp(s, text) != 0)
			fail_msg("wrap: failed, and changed the text");
		free(s);
		return MQ_IO;
	}
	*result = s;
	return 0;
}

static void
wrap_text_survives_every_allocation_failure(void **state)
{
	static const char text[] =
	    "=== masqued: reply above this line ===\n"
	    "\n"
	    "  Swindle: the target gives you one card of its choice from its "
	    "hand, and you give it one of yours in return.\n"
	    "short\n"
	    "    commitment 0123456789abcdef0123456789abcdef0123456789abcdef "
	    "(secret)\n"
	    "  詐欺：対象はその手札から好きなカードを一枚あなたに渡し、あなたは"
	    "自分の手札から一枚を対象に渡します。\n"
	    "{\"seq\": 40, \"head\": \"9f86d081884c7d65\", \"sig\": "
	    "\"c2lnbmVk\", \"server_key\": \"5e884898da280471\"}\n"
	    "  and a last long line with no newline at its end, to be wrapped "
	    "like the others";
	struct af_stats st;
	char *ref = NULL;

	assert_int_equal(op_wrap_text((void *)text, &ref), 0);
	if (strcmp(ref, text) == 0)
		fail_msg("nothing wrapped: %s", ref);
	free(ref);
	sweep("wrap: a text part wrapped whole", op_wrap_text, (void *)text, 1,
	    &st);
}

/* ---- headings ruled to one column ---------------------------------------- */

/*
 * deco_rule_headings on a copy of the text: -1 must leave the copy as it
 * was (render.c then fails the mail with it), never half ruled.
 */
static int
op_rule_headings(void *vctx, char **result)
{
	const char *text = vctx;
	char *s = strdup(text);

	if (s == NULL)
		return MQ_IO;
	if (deco_rule_headings(&s, 76) != 0) {
		if (strcmp(s, text) != 0)
			fail_msg("headings: failed, and changed the text");
		free(s);
		return MQ_IO;
	}
	*result = s;
	return 0;
}

static void
rule_headings_survives_every_allocation_failure(void **state)
{
	static const char text[] =
	    "=== masqued: reply above this line ===\n"
	    "-- YOUR RECEIPT (entry 42) ---\n"
	    "  PLACE blue: taken\n"
	    "-- \xe3\x81\x82\xe3\x81\xaa\xe3\x81\x9f\xe3\x81\xae\xe5\x8f\x97"
	    "\xe9\xa0\x98\xe8\xa8\xbc ------------------------------------------\n"
	    "-- not a heading\n"
	    "---- nor this ---\n"
	    "-- THE TABLE, TURN 12 ---";
	struct af_stats st;
	char *ref = NULL;

	(void)state;
	assert_int_equal(op_rule_headings((void *)text, &ref), 0);
	if (strcmp(ref, text) == 0 || strstr(ref, "-- THE TABLE, TURN 12 ----") ==
	    NULL)
		fail_msg("no heading ruled: %s", ref);
	free(ref);
	sweep("headings: ruled to one column", op_rule_headings, (void *)text,
	    1, &st);
}

/*
 * The Red Death's help mail decorated in Japanese: its catalogue's aliases
 * and the hand, wrapped as lists (deco_wrap_list); every allocation (every
 * $MQ_ALLOC_DECORATE_EVERY-th under valgrind: all of them take a minute).
 */
static void
help_decorate_survives_every_allocation_failure(void **state)
{
	struct mustache_ctx c;
	struct af_stats st;
	const char *env;
	long every = 1;
	json_t *v;

	memset(&c, 0, sizeof(c));
	c.gamedata = load_json("config/games/redmasque.json");
	c.ctx = load_json("tests/golden/render/ctx_help.json");
	c.lang = "ja";
	v = mq_render_decorate(c.gamedata, c.lang, c.ctx);
	assert_non_null(v);
	if (json_object_get(json_array_get(json_object_get(v, "room_list"), 0),
	    "aliases_wrapped") == NULL)
		fail_msg("no wrapped aliases decorated for the help mail");
	json_decref(v);
	if ((env = getenv("MQ_ALLOC_DECORATE_EVERY")) != NULL && atol(env) > 0)
		every = atol(env);
	sweep("decorate: the help mail, ja", op_decorate, &c, every, &st);
	json_decref(c.ctx);
	json_decref(c.gamedata);
}

/* ---- MIME in and the reply extractor ------------------------------------ */

struct mime_ctx {
	char *raw;
	size_t len;
};

static int
op_mime(void *vctx, char **result)
{
	struct mime_ctx *c = vctx;
	struct mq_mime_msg *m = NULL;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err err;
	char *text = NULL;
	size_t i;
	int rc;

	/* Out of memory is MQ_IO (the mail waits), never a refusal. */
	if ((rc = mq_mime_parse(c->raw, c->len, &m, &err)) != 0) {
		if (rc != MQ_IO)
			fail_msg("mime: failed %d, not MQ_IO: %s", rc, err.msg);
		return rc;
	}
	rc = mq_reply_extract(m->text, strlen(m->text), &text, &err);
	if (rc == 0) {
		af_pause();
		mq_buf_printf(&b, "%s|%s|%s|%s|%s|%s|%d|%d|%d\n",
		    m->from ? m->from : "-", m->from_display ? m->from_display :
		    "-", m->subject ? m->subject : "-", m->message_id ?
		    m->message_id : "-", m->in_reply_to ? m->in_reply_to : "-",
		    text, m->auto_reply, m->bounce, m->text_from_html);
		for (i = 0; m->recipients && m->recipients[i]; i++)
			mq_buf_printf(&b, "%s\n", m->recipients[i]);
		for (i = 0; m->references && m->references[i]; i++)
			mq_buf_printf(&b, "ref %s\n", m->references[i]);
		mq_buf_puts(&b, m->text);
		*result = steal(&b);
		af_resume();
	}
	free(text);
	mq_mime_msg_free(m);
	return rc;
}

static int
op_reply(void *vctx, char **result)
{
	struct mime_ctx *c = vctx;
	struct mq_err err;

	return mq_reply_extract(c->raw, c->len, result, &err);
}

static void
mime_survives_every_allocation_failure(void **state)
{
	static const char *const mails[] = {
		"alternative", "html_outlook", "iso2022jp", "mixed_attachment",
		"bounce_report", "latin1_smart", "headers", "flowed",
		"flowed_delsp", "apple_inline", "mixed_html_copy",
	};
	static const char *const replies[] = {
		"gmail_en", "outlook_ja", "qq_zh", "forwarded_en",
	};
	struct mime_ctx c;
	struct af_stats st;
	char rel[256], name[128];
	size_t i;

	mq_mime_init();
	for (i = 0; i < sizeof(mails) / sizeof(mails[0]); i++) {
		snprintf(rel, sizeof(rel), "tests/data/mime/%s.eml", mails[i]);
		c.raw = slurp(rel, &c.len);
		snprintf(name, sizeof(name), "mime: %s", mails[i]);
		sweep(name, op_mime, &c, 1, &st);
		free(c.raw);
	}
	for (i = 0; i < sizeof(replies) / sizeof(replies[0]); i++) {
		snprintf(rel, sizeof(rel), "tests/data/replies/%s.txt", replies[i]);
		c.raw = slurp(rel, &c.len);
		snprintf(name, sizeof(name), "reply: %s", replies[i]);
		sweep(name, op_reply, &c, 1, &st);
		free(c.raw);
	}
}

/* ---- the spool's held games --------------------------------------------- */

/* The games the sender holds back (mq_spool_held_games), one a line. */
static int
op_spool_held(void *vctx, char **result)
{
	const char *dir = vctx;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err err;
	char **ids;
	size_t n, i;
	int rc;

	rc = mq_spool_held_games(dir, &ids, &n, &err);
	af_pause();
	for (i = 0; i < n; i++)
		mq_buf_printf(&b, "%s\n", ids[i]);
	if (rc == 0)
		*result = steal(&b);
	else
		mq_buf_free(&b);
	af_resume();
	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	return rc;
}

static void
put_file(const char *dir, const char *rel, const char *text)
{
	char path[300];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

static void
spool_held_survives_every_allocation_failure(void **state)
{
	/* a game held (two mails past its mark), one not, one with no mark,
	 * one with no folder, and names not a game's */
	static const char *const mails[] = {
		"aaaaaaaa-00000003-0-turn", "aaaaaaaa-00000003-1-turn",
		"aaaaaaaa-00000002-0-receipt", "bbbbbbbb-00000004-2-receipt",
		"cccccccc-00000007-0-turn", "dddddddd-00000001-0-welcome",
		"eeeeeeee-00000006-3-receipt-0123456789abcdef",
		"z-refused-0123456789abcdef", "admin-badlog-aaaaaaaa",
	};
	static const char *const games[] = {
		"aaaaaaaa", "bbbbbbbb", "cccccccc", "eeeeeeee",
	};
	struct af_stats st;
	char dir[64], sub[200], *held = NULL;
	size_t i;

	snprintf(dir, sizeof(dir), "/tmp/masqued-allocfail.XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(sub, sizeof(sub), "%s/spool", dir);
	assert_int_equal(mkdir(sub, 0755), 0);
	snprintf(sub, sizeof(sub), "%s/games", dir);
	assert_int_equal(mkdir(sub, 0755), 0);
	for (i = 0; i < sizeof(games) / sizeof(games[0]); i++) {
		snprintf(sub, sizeof(sub), "%s/games/%s", dir, games[i]);
		assert_int_equal(mkdir(sub, 0755), 0);
	}
	put_file(dir, "games/aaaaaaaa/mailed", "00000000000000000002\n");
	put_file(dir, "games/bbbbbbbb/mailed", "00000000000000000004\n");
	put_file(dir, "games/eeeeeeee/mailed", "00000000000000000005\n");
	for (i = 0; i < sizeof(mails) / sizeof(mails[0]); i++) {
		snprintf(sub, sizeof(sub), "spool/%s.eml", mails[i]);
		put_file(dir, sub, "X-Masqued-Envelope-To: a@x.test\r\n\r\n");
	}
	assert_int_equal(op_spool_held(dir, &held), 0);
	assert_string_equal(held, "aaaaaaaa\neeeeeeee\n");
	free(held);
	/* (no allocation under ASan, where only jansson's fail) */
	sweep("spool: the held games", op_spool_held, dir, 1, &st);
	for (i = 0; i < sizeof(games) / sizeof(games[0]); i++) {
		snprintf(sub, sizeof(sub), "%s/games/%s", dir, games[i]);
		empty_dir(sub);
		rmdir(sub);
	}
	snprintf(sub, sizeof(sub), "%s/games", dir);
	rmdir(sub);
	snprintf(sub, sizeof(sub), "%s/spool", dir);
	empty_dir(sub);
	rmdir(sub);
	rmdir(dir);
}

/*
 * The spool sent (mq_spool_flush into the outbox Maildir), its held mails
 * dropped from the list (drop_held): a held mail never goes, whatever
 * fails; a failure leaves each mail either sent or in the spool, once. A
 * mail left in the spool for want of memory (it waits for the next pass)
 * is a failure of the operation; otherwise what was sent, and what stays,
 * are the clean run's.
 */
struct flush_ctx {
	char dir[64];
	char spool[128];
	const char *outbox;
	struct mq_config conf;
};

static const char *const af_flush_mails[] = {
	"aaaaaaaa-00000003-0-turn", "aaaaaaaa-00000002-0-receipt",
	"bbbbbbbb-00000004-2-receipt", "z-refused-0123456789abcdef",
};

/* names in dir ending in .eml, or every file but dot files, sorted */
static void
names_into(struct mq_buf *b, const char *dir, const char *prefix)
{
	struct dirent *de;
	char *v[64];
	size_t n = 0, i, j;
	DIR *d;

	assert_non_null(d = opendir(dir));
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.' && n < 64 && strcmp(de->d_name, "dead") &&
		    strcmp(de->d_name, "new") && strcmp(de->d_name, "cur") &&
		    strcmp(de->d_name, "tmp"))
			assert_non_null(v[n++] = strdup(de->d_name));
	closedir(d);
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && strcmp(v[j - 1], v[j]) > 0; j--) {
			char *t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	for (i = 0; i < n; i++) {
		mq_buf_printf(b, "%s %s\n", prefix, v[i]);
		free(v[i]);
	}
}

/* the mails in an outbox (named by the delivery, not by the spool): the
 * last line of each, the spool name put there, sorted */
static void
sent_into(struct mq_buf *b, const char *dir)
{
	struct dirent *de;
	char path[800], *data, *nl, *v[64];
	size_t n = 0, i, j;
	DIR *d;

	assert_non_null(d = opendir(dir));
	while ((de = readdir(d)) != NULL && n < 64) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		data = slurp(path, NULL);
		if ((nl = strstr(data, "\r\n\r\n")) == NULL)
			fail_msg("flush: %s is not a spooled mail", path);
		nl[strcspn(nl + 4, "\r") + 4] = '\0';
		assert_non_null(v[n++] = strdup(nl + 4));
		free(data);
	}
	closedir(d);
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && strcmp(v[j - 1], v[j]) > 0; j--) {
			char *t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	for (i = 0; i < n; i++) {
		mq_buf_printf(b, "sent %s\n", v[i]);
		free(v[i]);
	}
}

static int
op_flush(void *vctx, char **result)
{
	struct flush_ctx *c = vctx;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_spool_stats st;
	struct mq_err err;
	char sub[300], text[200], *got;
	size_t i;
	int rc, left = 0, in_box;

	af_pause();
	spool_empty(c->spool);
	snprintf(sub, sizeof(sub), "%s/new", c->outbox);
	spool_empty(sub);
	for (i = 0; i < sizeof(af_flush_mails) / sizeof(af_flush_mails[0]); i++) {
		snprintf(sub, sizeof(sub), "spool/%s.eml", af_flush_mails[i]);
		snprintf(text, sizeof(text), "X-Masqued-Envelope-To: a@x.test\r\n"
		    "\r\n%s\r\n", af_flush_mails[i]);
		put_file(c->dir, sub, text);
	}
	af_resume();
	rc = mq_spool_flush(&c->conf, NULL, 1790000100, &st, &err);
	af_pause();
	/* each mail once, sent or spooled; the held one (aaaaaaaa's 3rd
	 * entry, past its mark 2) never sent */
	snprintf(sub, sizeof(sub), "%s/new", c->outbox);
	sent_into(&b, sub);
	names_into(&b, c->spool, "spooled");
	got = steal(&b);
	for (i = 0; i < sizeof(af_flush_mails) / sizeof(af_flush_mails[0]); i++) {
		snprintf(sub, sizeof(sub), "sent %s\n", af_flush_mails[i]);
		in_box = strstr(got, sub) != NULL;
		snprintf(sub, sizeof(sub), "spooled %s.eml\n", af_flush_mails[i]);
		if (in_box == (strstr(got, sub) != NULL))
			fail_msg("flush: %s is %s (%d)", af_flush_mails[i], in_box ?
			    "both sent and spooled" : "lost", rc);
		if (in_box && i == 0)
			fail_msg("flush: a held mail was sent (%d)", rc);
		left += !in_box && i != 0;
	}
	if (rc == 0 && left == 0) {
		mq_buf_puts(&b, got);
		mq_buf_printf(&b, "%d sent, %d waiting\n", st.sent, st.waiting);
		*result = steal(&b);
	} else if (rc == 0)
		rc = MQ_IO;	/* a mail waits for the next pass */
	free(got);
	af_resume();
	return rc;
}

static void
flush_held_survives_every_allocation_failure(void **state)
{
	struct flush_ctx c;
	struct af_stats st;
	struct mq_err err;
	char sub[300], *ref = NULL;

	(void)state;
	memset(&c, 0, sizeof(c));
	snprintf(c.dir, sizeof(c.dir), "/tmp/masqued-allocfail-flush.%d",
	    (int)getpid());
	af_new_game(c.dir, (char[MQ_GAME_ID_LEN + 1]){ 0 });
	assert_int_equal(mq_config_load(c.dir, NULL, &c.conf, &err), 0);
	snprintf(c.spool, sizeof(c.spool), "%s/spool", c.dir);
	c.outbox = c.conf.maildir_outbox;
	spool_empty(c.spool);
	snprintf(sub, sizeof(sub), "%s/games/aaaaaaaa", c.dir);
	assert_int_equal(mkdir(sub, 0755), 0);
	put_file(c.dir, "games/aaaaaaaa/mailed", "00000000000000000002\n");
	assert_int_equal(op_flush(&c, &ref), 0);
	if (strstr(ref, "3 sent, 1 waiting") == NULL)
		fail_msg("flush: not three sent and one held: %s", ref);
	free(ref);
	sweep("spool: sent, the held mail kept", op_flush, &c, 1, &st);
	snprintf(sub, sizeof(sub), "rm -rf %s", c.dir);
	assert_int_equal(system(sub), 0);
}

/* ---- a player's mail that names no game ------------------------------- */

/*
 * The mail of a player of two games (one in Chinese, one in Japanese)
 * that names no game, written in Chinese over an Outlook original in
 * Japanese (not quoted with '>'): refused in Chinese, the language of its
 * own words (own_words_lang, mq_store_address_lang). A failure for memory
 * finding that language must fail it (the mail waits), never refuse it in
 * the original's language or the server's.
 */
struct refusal_ctx {
	struct mq_daemon d;
	char spool[128], answered[300];
	char *raw;
	size_t len;
	json_t *ref;
};

static int
op_refusal(void *vctx, char **result)
{
	struct refusal_ctx *c = vctx;
	enum mq_inbound_outcome o;
	struct mq_err err;
	const char *name;
	json_t *got, *v;
	int rc;

	af_pause();
	spool_empty(c->spool);
	unlink(c->answered);
	memset(c->d.rate, 0, sizeof(*c->d.rate));
	mq_daemon_forget_senders(&c->d);
	af_resume();
	rc = mq_inbound_process(&c->d, c->raw, c->len, "pipe", NULL, &o, &err);
	mq_daemon_release(&c->d);
	af_pause();
	if (rc != 0 && rc != MQ_IO)
		fail_msg("refusal: failed %d, not MQ_IO: %s", rc, err.msg);
	got = spool_files(c->spool);
	if (rc != 0 && c->ref != NULL)
		json_object_foreach(got, name, v)
			if (!json_equal(v, json_object_get(c->ref, name)))
				fail_msg("refusal: failed (%s) and left %s unlike a "
				    "clean run's", err.msg, name);
	if (rc == 0) {
		if (o != MQ_IN_ANSWERED)
			fail_msg("refusal: outcome %d, not answered", (int)o);
		*result = json_dumps(got, JSON_COMPACT | JSON_SORT_KEYS);
	}
	json_decref(got);
	af_resume();
	return rc;
}

static void
refusal_lang_survives_every_allocation_failure(void **state)
{
	struct refusal_ctx c;
	struct mq_new_game ng = { 0 };
	struct af_stats st;
	struct mq_game *g;
	struct mq_err err;
	struct mq_buf b = MQ_BUF_INIT;
	char dir[64], id[MQ_GAME_ID_LEN + 1], id2[MQ_GAME_ID_LEN + 1];
	char tmpl[4200], *ref = NULL;
	unsigned char hash[32];
	char hx[65];
	const char *env;
	json_t *body;
	uint8_t seed[32];
	long stride = 1;
	int i;

	(void)state;
	memset(&c, 0, sizeof(c));
	af_new_daemon("refusal", dir, sizeof(dir), id, &c.d);
	c.d.now = 1790000100;
	snprintf(c.spool, sizeof(c.spool), "%s/spool", dir);
	/* alice (p@x.test) plays in Chinese here, and in a game in Japanese */
	assert_int_equal(mq_game_open(&c.d.store, id, 1, 0, &g, &err), 0);
	body = json_pack("{s:s, s:I, s:s, s:s, s:s, s:s, s:s}", "game", id,
	    "ts", (json_int_t)1790000050, "type", "admin", "action", "lang",
	    "player", "alice", "lang", "zh", "why", "the player asked (SET LANG)");
	assert_int_equal(mq_game_append(g, body, &err), 0);
	json_decref(body);
	mq_game_close(g);
	memset(seed, 0x43, sizeof(seed));
	ng.kind = "redmasque";
	ng.nplayers = AF_PLAYERS;
	for (i = 0; i < AF_PLAYERS; i++) {
		ng.names[i] = af_names[i];
		ng.emails[i] = "p@x.test";
	}
	ng.seed = seed;
	ng.lang = "ja";
	ng.ts = 1790000060;
	assert_int_equal(mq_game_create(&c.d.store, &ng, id2, &err), 0);
	spool_empty(c.spool);
	mq_buf_printf(&b, "From: Alice <p@x.test>\r\nTo: %s@%s\r\n"
	    "Subject: Re: the game\r\nMessage-ID: <r1@x.test>\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n\r\n"
	    "\xe6\x88\x91\xe7\x9a\x84\xe6\xb8\xb8\xe6\x88\x8f\xe5\x9c\xa8\xe5\x93"
	    "\xaa\xe9\x87\x8c\xef\xbc\x9f\r\n\r\n"
	    "-----Original Message-----\r\nFrom: masqued\r\n"
	    "\xe3\x82\xb2\xe3\x83\xbc\xe3\x83\xa0\xe3\x81\xae\xe3\x83\xa1\xe3\x83"
	    "\xbc\xe3\x83\xab\xe3\x81\xa7\xe3\x81\x99\xe3\x80\x82\r\n",
	    c.d.conf.reply_local, c.d.conf.reply_domain);
	c.len = b.len;
	c.raw = steal(&b);
	crypto_generichash(hash, sizeof(hash), (const unsigned char *)c.raw,
	    c.len, NULL, 0);
	sodium_bin2hex(hx, sizeof(hx), hash, sizeof(hash));
	snprintf(c.answered, sizeof(c.answered), "%s/archive/%s.answered", dir,
	    hx);
	/* the clean run, twice: the first fills the renderer's caches */
	assert_int_equal(op_refusal(&c, &ref), 0);
	free(ref);
	assert_int_equal(op_refusal(&c, &ref), 0);
	c.ref = json_loads(ref, 0, NULL);
	assert_non_null(c.ref);
	if (json_object_size(c.ref) != 1)
		fail_msg("not one refusal: %s", ref);
	/* in Chinese, the language of its own words */
	{
		const char *k = NULL;
		json_t *v;
		struct mq_mime_msg *m = NULL;

		json_object_foreach(c.ref, k, v)
			assert_int_equal(mq_mime_parse(json_string_value(v),
			    json_string_length(v), &m, &err), 0);
		if (strstr(m->text, "\xe6\x94\xb6\xe4\xbb\xb6\xe5\x9c\xb0\xe5"
		    "\x9d\x80\xe4\xb8\xad\xe6\xb2\xa1\xe6\x9c\x89") == NULL)
			fail_msg("the refusal is not in Chinese: %.600s", m->text);
		mq_mime_msg_free(m);
	}
	free(ref);
	if ((env = getenv("MQ_ALLOC_NOTIFY_EVERY")) != NULL && atol(env) > 0)
		stride = atol(env);
	af_tail = 1;
	sweep("inbound: a refusal in the mail's language", op_refusal, &c,
	    stride, &st);
	af_tail = 0;
	assert_true(st.refused > 0);
	json_decref(c.ref);
	free(c.raw);
	mq_daemon_close(&c.d);
	snprintf(tmpl, sizeof(tmpl), "rm -rf %s", dir);
	assert_int_equal(system(tmpl), 0);
}

/* ---- a log read again --------------------------------------------------- */

/*
 * jansson 2.14 can drop a byte of a string or a number when an allocation
 * fails while it parses, and still return the value. The open of a game
 * verifies each line (its canonical form is its bytes), but then replays
 * the lines it holds, parsing each again; a read-only open (view, export,
 * a rebuild's copy of the game) is that and nothing more. A re-read must
 * fail then (MQ_IO), never give an entry a commitment a digit short: the
 * result is every entry's body as the re-read gave it, and each seat's view
 * of the game replayed.
 */
struct reread_ctx {
	struct mq_store s;
	char dir[64];
	char id[MQ_GAME_ID_LEN + 1];
};

static int
op_reread(void *vctx, char **result)
{
	struct reread_ctx *c = vctx;
	const struct mq_log_entry *e;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_game *g;
	struct mq_err err;
	json_t *v;
	int rc, seat;

	if ((rc = mq_game_open(&c->s, c->id, 0, 0, &g, &err)) != 0)
		return rc;
	af_pause();
	for (seat = 0; seat < g->nplayers; seat++) {
		v = g->kind->view(g->state, seat);
		dump_into(&b, v);
		json_decref(v);
	}
	af_resume();
	mq_logfile_rewind(g->lf);
	while ((rc = mq_logfile_next(g->lf, &e, &err)) == 0 && e != NULL) {
		af_pause();
		dump_into(&b, e->body);
		af_resume();
	}
	mq_game_close(g);
	af_pause();
	if (rc == 0)
		*result = steal(&b);
	mq_buf_free(&b);
	af_resume();
	return rc;
}

static void
reread_survives_every_allocation_failure(void **state)
{
	struct reread_ctx c;
	struct mq_submit_result res;
	struct af_stats st;
	struct mq_game *g;
	struct mq_err err;
	struct mq_buf text = MQ_BUF_INIT;
	char cmd[128], *ref;
	const char *line;
	int seat, i;

	(void)state;
	memset(&c, 0, sizeof(c));
	snprintf(c.dir, sizeof(c.dir), "/tmp/masqued-allocfail-reread.%d",
	    (int)getpid());
	af_new_game(c.dir, c.id);
	assert_int_equal(mq_store_open(c.dir, 0, &c.s, &err), 0);
	{
		struct mq_store w;

		assert_int_equal(mq_store_open(c.dir, 1, &w, &err), 0);
		assert_int_equal(mq_game_open(&w, c.id, 1, 0, &g, &err), 0);
		/* every seat's placement: secret, each with its commitment */
		for (i = 0; i < AF_PLAYERS; i++) {
			assert_true((seat = af_owing(g)) >= 0);
			af_bot_line(g, seat, &text);
			line = mq_buf_str(&text);
			if (mq_game_submit(g, seat, &line, 1, 1, NULL, "pipe",
			    1790000100 + i, &res, &err) != 0)
				fail_msg("%s", err.msg);
			mq_submit_result_free(&res);
		}
		mq_game_close(g);
		mq_store_close(&w);
	}
	mq_buf_free(&text);
	/* a clean run first: it fills the store's cache of the game data */
	assert_int_equal(op_reread(&c, &ref), 0);
	free(ref);
	{
		/* every one (make test's ASan run); every nth with
		 * MQ_ALLOC_REREAD_EVERY (its valgrind run), the last n too */
		const char *every = getenv("MQ_ALLOC_REREAD_EVERY");
		long stride = every != NULL && atol(every) > 0 ? atol(every) : 1;

		af_tail = stride > 1;
		sweep("log: a game read again, read-only", op_reread, &c,
		    stride, &st);
		af_tail = 0;
	}
	assert_true(st.refused > 0);
	mq_store_close(&c.s);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", c.dir);
	assert_int_equal(system(cmd), 0);
}

/*
 * A reply's answers rebuilt from its archived message (the catching up's,
 * mailmark.c, when its entry is past the mark and its message never comes
 * back): mq_inbound_rebuild_archived reads the game again read-only, as it
 * stood before the entry, and its own entry from the log, and spools the
 * answers. Each mail whole or not at all, and none with a byte the log does
 * not hold (a commitment a digit short, under a real name); a failure is
 * MQ_IO (the next pass tries again), never a stop for good.
 */
struct rebuild_ctx {
	struct mq_daemon d;
	char dir[64], spool[128], markpath[300];
	char id[MQ_GAME_ID_LEN + 1];
	char *mark;
	json_t *body;		/* the reply's entry */
	uint64_t seq;
	json_t *ref;
};

static int
op_rebuild(void *vctx, char **result)
{
	struct rebuild_ctx *c = vctx;
	struct mq_err err;
	struct mq_buf b = MQ_BUF_INIT;
	const char *name;
	char why[1000];
	uint64_t upto = 0;
	json_t *got, *v;
	FILE *f;
	int rc;

	af_pause();
	spool_empty(c->spool);
	assert_non_null(f = fopen(c->markpath, "wb"));
	fputs(c->mark, f);
	assert_int_equal(fclose(f), 0);
	memset(c->d.rate, 0, sizeof(*c->d.rate));
	mq_daemon_forget_senders(&c->d);
	c->d.now = 1790000500;
	af_resume();
	rc = mq_inbound_rebuild_archived(&c->d, c->id, c->seq, c->body, &upto,
	    why, sizeof(why), &err);
	mq_daemon_release(&c->d);
	af_pause();
	if (rc != 0 && rc != MQ_IO)
		fail_msg("rebuild: failed %d, not MQ_IO: %s", rc, err.msg);
	if (rc == 0 && upto == 0)
		fail_msg("rebuild: stopped (%s)", why);
	got = spool_files(c->spool);
	if (rc != 0 && c->ref != NULL)
		json_object_foreach(got, name, v)
			if (!json_equal(v, json_object_get(c->ref, name)))
				fail_msg("rebuild: failed (%s) and left %s unlike a "
				    "clean run's", err.msg, name);
	if (rc == 0) {
		char *s = json_dumps(got, JSON_COMPACT | JSON_SORT_KEYS);

		assert_non_null(s);
		mq_buf_printf(&b, "upto %llu\n%s", (unsigned long long)upto, s);
		free(s);
		*result = steal(&b);
	}
	json_decref(got);
	af_resume();
	return rc;
}

static void
rebuild_archived_survives_every_allocation_failure(void **state)
{
	struct rebuild_ctx c;
	enum mq_inbound_outcome o;
	const struct mq_log_entry *e;
	struct af_stats st;
	struct mq_game *g;
	struct mq_err err;
	struct mq_buf b = MQ_BUF_INIT;
	char addr[300], tag[MQ_TAG_LEN + 1], hx[65], path[400], *raw, *ref;
	unsigned char hash[32];
	const char *env;
	/* every allocation's site (the census); under valgrind every
	 * $MQ_ALLOC_REBUILD_EVERY-th */
	long stride = 1;
	size_t len;

	(void)state;
	memset(&c, 0, sizeof(c));
	af_new_daemon("rebuild", c.dir, sizeof(c.dir), c.id, &c.d);
	c.d.now = 1790000100;
	snprintf(c.spool, sizeof(c.spool), "%s/spool", c.dir);
	snprintf(c.markpath, sizeof(c.markpath), "%s/games/%s/mailed", c.dir,
	    c.id);
	spool_empty(c.spool);
	/* alice's placement by mail: logged, archived, answered */
	mq_addr_tag(c.d.store.keys.tag, c.id, 0, 0, tag);
	assert_int_equal(mq_addr_reply(c.d.conf.reply_local,
	    c.d.conf.reply_domain, c.id, 0, tag, addr, sizeof(addr)), 0);
	mq_buf_printf(&b, "From: Alice <p@x.test>\r\nTo: %s\r\n"
	    "Subject: Re: the game\r\nMessage-ID: <r1@x.test>\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n\r\nPLACE blue\r\n", addr);
	len = b.len;
	raw = steal(&b);
	crypto_generichash(hash, sizeof(hash), (const unsigned char *)raw, len,
	    NULL, 0);
	sodium_bin2hex(hx, sizeof(hx), hash, sizeof(hash));
	if (mq_inbound_process(&c.d, raw, len, "pipe", NULL, &o, &err) != 0)
		fail_msg("%s", err.msg);
	mq_daemon_release(&c.d);
	assert_int_equal(o, MQ_IN_APPLIED);
	free(raw);
	snprintf(path, sizeof(path), "%s/archive/%s.eml", c.dir, hx);
	assert_int_equal(access(path, F_OK), 0);
	/* its entry, and the mark before it: its answers never queued */
	assert_int_equal(mq_game_open(&c.d.store, c.id, 0, 0, &g, &err), 0);
	assert_true((c.seq = mq_game_message_seq(g, hx)) > 0);
	mq_logfile_rewind(g->lf);
	while (mq_logfile_next(g->lf, &e, &err) == 0 && e != NULL)
		if (e->seq == c.seq)
			c.body = json_deep_copy(e->body);
	assert_non_null(c.body);
	mq_game_close(g);
	mq_buf_printf(&b, "%020llu\n", (unsigned long long)(c.seq - 1));
	c.mark = steal(&b);
	/* the clean run, twice: the first fills the renderer's caches */
	assert_int_equal(op_rebuild(&c, &ref), 0);
	free(ref);
	assert_int_equal(op_rebuild(&c, &ref), 0);
	c.ref = json_loads(strchr(ref, '\n') + 1, 0, NULL);
	assert_non_null(c.ref);
	if (json_object_size(c.ref) < 2)
		fail_msg("the rebuild spooled %s", ref);
	free(ref);
	if ((env = getenv("MQ_ALLOC_REBUILD_EVERY")) != NULL && atol(env) > 0)
		stride = atol(env);
	af_tail = 1;
	sweep("inbound: a reply rebuilt from the archive", op_rebuild, &c,
	    stride, &st);
	af_tail = 0;
	assert_true(st.refused > 0);
	json_decref(c.ref);
	json_decref(c.body);
	free(c.mark);
	mq_daemon_close(&c.d);
	snprintf(path, sizeof(path), "rm -rf %s", c.dir);
	assert_int_equal(system(path), 0);
}

/* ---- the end entry ------------------------------------------------------- */

/*
 * The move that ends a game, by mail (game_end.c): the move is logged, its
 * mails queued, then the end entry, then the mark. With an allocation
 * failing anywhere in it, the message fails (MQ_IO: it waits) or is
 * answered; either way, after the message read again (a failure) and the
 * next open's catching up (an end that could not be logged), the log is
 * byte for byte a clean run's, with exactly one end entry, the mark past
 * it, and the spool holds a clean run's mails. A crash between the mails
 * and the end entry is test_design_log's; this is the same mend, reached
 * by memory running out.
 */
struct end_ctx {
	struct mq_daemon d;
	char dir[64], spool[128], logpath[300], markpath[300];
	char logrel[64], markrel[64];
	char eml[400], answered[400];
	char id[MQ_GAME_ID_LEN + 1];
	char *log, *mark;	/* one move from the end, every entry mailed */
	char *raw;		/* the move's mail */
	size_t len;
	long long now;
	char *ref;		/* a clean run's log and spool */
};

/* The game's log and its spool, after the message read again (rc: the
 * first reading failed) and the next open's catching up (never armed). */
static char *
end_outcome(struct end_ctx *c, int rc)
{
	enum mq_inbound_outcome o;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_game *g;
	struct mq_err err;
	const char *p;
	char *log, *mark, *s;
	unsigned long long lines, at;
	int ends, reopened;
	json_t *got;

	mq_daemon_release(&c->d);
	if (rc != 0 && mq_inbound_process(&c->d, c->raw, c->len, "pipe", NULL,
	    &o, &err) != 0)
		fail_msg("end: the message read again failed: %s", err.msg);
	mq_daemon_release(&c->d);
	for (reopened = 0; ; reopened = 1) {
		log = slurp(c->logpath, NULL);
		for (p = log, lines = 0; (p = strchr(p, '\n')) != NULL; p++)
			lines++;
		for (p = log, ends = 0; (p = strstr(p, "\"type\":\"end\"")) !=
		    NULL; p++)
			ends++;
		mark = slurp(c->markpath, NULL);
		at = strtoull(mark, NULL, 10);
		free(mark);
		/* all done already: the next open would change nothing
		 * (each open verifies every signature: the sweep's cost) */
		if (reopened || (ends == 1 && at == lines))
			break;
		free(log);
		/* the next pass's: an end logged late has the time of the
		 * entry that ended the game, not the clock's */
		c->d.now = c->now + 3600;
		if (mq_daemon_game(&c->d, c->id, &g, &err) != 0)
			fail_msg("end: the game does not open again: %s", err.msg);
		mq_daemon_release(&c->d);
	}
	if (ends != 1)
		fail_msg("end: %d end entries in the log, not one", ends);
	if (at != lines)
		fail_msg("end: the mark is at %llu, the log holds %llu entries",
		    at, lines);
	got = spool_files(c->spool);
	s = json_dumps(got, JSON_COMPACT | JSON_SORT_KEYS);
	assert_non_null(s);
	json_decref(got);
	mq_buf_printf(&b, "%s\n%s", log, s);
	free(log);
	free(s);
	return steal(&b);
}

static int
op_end(void *vctx, char **result)
{
	struct end_ctx *c = vctx;
	enum mq_inbound_outcome o;
	struct mq_game *g;
	struct mq_err err;
	char *got;
	int rc;

	af_pause();
	mq_daemon_release(&c->d);
	put_file(c->dir, c->logrel, c->log);
	put_file(c->dir, c->markrel, c->mark);
	spool_empty(c->spool);
	unlink(c->eml);
	unlink(c->answered);
	memset(c->d.rate, 0, sizeof(*c->d.rate));
	mq_daemon_forget_senders(&c->d);
	c->d.now = c->now;
	/* the game open already, as serve has it after the pass's first
	 * message of it: the move's own allocations are swept, not the
	 * replay of the whole log */
	if (mq_daemon_game(&c->d, c->id, &g, &err) != 0)
		fail_msg("end: %s", err.msg);
	af_resume();
	rc = mq_inbound_process(&c->d, c->raw, c->len, "pipe", NULL, &o, &err);
	af_pause();
	if (rc != 0 && rc != MQ_IO)
		fail_msg("end: failed %d, not MQ_IO: %s", rc, err.msg);
	if (rc == 0 && o != MQ_IN_APPLIED)
		fail_msg("end: outcome %d, not applied", (int)o);
	got = end_outcome(c, rc);
	if (c->ref != NULL && strcmp(got, c->ref) != 0) {
		size_t at = 0;

		while (got[at] != '\0' && got[at] == c->ref[at])
			at++;
		fail_msg("end: after a failure (%d) and its mend, the log or the "
		    "spool is not a clean run's (from byte %zu: \"%.80s\", not "
		    "\"%.80s\")", rc, at, got + at, c->ref + at);
	}
	if (rc == 0)
		*result = got;
	else
		free(got);
	af_resume();
	return rc;
}

static void
end_entry_survives_every_allocation_failure(void **state)
{
	struct end_ctx c;
	struct mq_submit_result res;
	struct af_stats st;
	struct mq_game *g;
	struct mq_err err;
	struct mq_buf b = MQ_BUF_INIT, text = MQ_BUF_INIT;
	char addr[300], tag[MQ_TAG_LEN + 1], hx[65], *before = NULL, *ref;
	unsigned char hash[32];
	const char *env, *line;
	long stride = 181;	/* and each of the last 61 */
	int seat = -1, i;

	(void)state;
	memset(&c, 0, sizeof(c));
	af_new_daemon_of("end", "redmasque", 4, c.dir, sizeof(c.dir), c.id,
	    &c.d);
	snprintf(c.spool, sizeof(c.spool), "%s/spool", c.dir);
	snprintf(c.logpath, sizeof(c.logpath), "%s/games/%s/log", c.dir, c.id);
	snprintf(c.markpath, sizeof(c.markpath), "%s/games/%s/mailed", c.dir,
	    c.id);
	snprintf(c.logrel, sizeof(c.logrel), "games/%s/log", c.id);
	snprintf(c.markrel, sizeof(c.markrel), "games/%s/mailed", c.id);
	/* the bots play till the game is over; the log before the last move
	 * is kept, and the move */
	assert_int_equal(mq_game_open(&c.d.store, c.id, 1, 0, &g, &err), 0);
	for (i = 0; i < 2000 && !mq_game_over(g); i++) {
		assert_true((seat = af_owing(g)) >= 0);
		af_bot_line(g, seat, &text);
		line = mq_buf_str(&text);
		free(before);
		before = slurp(c.logpath, NULL);
		mq_buf_printf(&b, "%020llu\n", (unsigned long long)g->seq);
		free(c.mark);
		c.mark = steal(&b);
		if (mq_game_submit(g, seat, &line, 1, 1, NULL, "pipe",
		    1790000100 + i, &res, &err) != 0)
			fail_msg("%s", err.msg);
		mq_submit_result_free(&res);
	}
	assert_true(mq_game_over(g));
	mq_game_close(g);
	c.log = before;
	c.now = 1790000100 + i + 60;
	/* the last move, by mail from its seat */
	mq_addr_tag(c.d.store.keys.tag, c.id, seat, 0, tag);
	assert_int_equal(mq_addr_reply(c.d.conf.reply_local,
	    c.d.conf.reply_domain, c.id, seat, tag, addr, sizeof(addr)), 0);
	mq_buf_printf(&b, "From: %s <p@x.test>\r\nTo: %s\r\n"
	    "Subject: Re: the game\r\nMessage-ID: <end1@x.test>\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
	    af_names[seat], addr, mq_buf_str(&text));
	mq_buf_free(&text);
	c.len = b.len;
	c.raw = steal(&b);
	crypto_generichash(hash, sizeof(hash), (const unsigned char *)c.raw,
	    c.len, NULL, 0);
	sodium_bin2hex(hx, sizeof(hx), hash, sizeof(hash));
	snprintf(c.eml, sizeof(c.eml), "%s/archive/%s.eml", c.dir, hx);
	snprintf(c.answered, sizeof(c.answered), "%s/archive/%s.answered",
	    c.dir, hx);
	/* the clean run, twice: the first fills the renderer's caches */
	assert_int_equal(op_end(&c, &ref), 0);
	free(ref);
	assert_int_equal(op_end(&c, &c.ref), 0);
	/* the end entry is the log's last, after the move's */
	before = slurp(c.logpath, NULL);
	before[strlen(before) - 1] = '\0';
	if (strstr(strrchr(before, '\n'), "\"type\":\"end\"") == NULL)
		fail_msg("the last entry is not the end: %.200s",
		    strrchr(before, '\n') + 1);
	free(before);
	if ((env = getenv("MQ_ALLOC_END_EVERY")) != NULL && atol(env) > 0)
		stride = atol(env);
	/* every $MQ_ALLOC_END_EVERY-th (each run opens the game, 127 entries,
	 * once or twice, and every open checks each signature: a third of the
	 * ASan sweep's time when it was every 61st), and each of the last 61
	 * ($MQ_ALLOC_END_TAIL): the end entry's are among them (game_end.c:
	 * after the move's mails) */
	af_tail = 1;
	af_tail_len = 61;
	if ((env = getenv("MQ_ALLOC_END_TAIL")) != NULL && atol(env) > 0)
		af_tail_len = atol(env);
	sweep("inbound: the move that ends a game", op_end, &c, stride, &st);
	af_tail = 0;
	af_tail_len = 0;
	assert_true(st.refused > 0);
	free(c.ref);
	free(c.log);
	free(c.mark);
	free(c.raw);
	mq_daemon_close(&c.d);
	snprintf(addr, sizeof(addr), "rm -rf %s", c.dir);
	assert_int_equal(system(addr), 0);
}

/* ---- init ---------------------------------------------------------------- */

/*
 * init (mq_store_init) in a new folder, and in a folder of other files
 * (init_room: refused, nothing made). A failure leaves a folder that init,
 * run again with memory, makes whole; the keys are random, so what is
 * compared is the names made and the config.
 */
struct init_ctx {
	char dir[64];
	int other;		/* a folder holding another file */
};

static int
op_init(void *vctx, char **result)
{
	struct init_ctx *c = vctx;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err err;
	char cmd[200], sub[200], *conf;
	int rc;

	af_pause();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", c->dir);
	assert_int_equal(system(cmd), 0);
	if (c->other) {
		assert_int_equal(mkdir(c->dir, 0755), 0);
		put_file(c->dir, "notes.txt", "my notes\n");
	}
	af_resume();
	rc = mq_store_init(c->dir, &err);
	af_pause();
	if (c->other) {
		if (rc != MQ_REFUSED)
			fail_msg("init in a folder of other files: %d (%s)", rc,
			    err.msg);
		names_into(&b, c->dir, "in");
		mq_buf_printf(&b, "%s\n", err.msg);
		*result = steal(&b);
		af_resume();
		return 0;
	}
	if (rc != 0) {
		if (rc != MQ_IO)
			fail_msg("init: failed %d, not MQ_IO: %s", rc, err.msg);
		/* what it left is made whole by init again */
		if (mq_store_init(c->dir, &err) != 0)
			fail_msg("init again after a failure: %s", err.msg);
		af_resume();
		return rc;
	}
	names_into(&b, c->dir, "in");
	snprintf(sub, sizeof(sub), "%s/keys", c->dir);
	names_into(&b, sub, "keys");
	snprintf(sub, sizeof(sub), "%s/masqued.conf", c->dir);
	conf = slurp(sub, NULL);
	mq_buf_puts(&b, conf);
	free(conf);
	*result = steal(&b);
	af_resume();
	return 0;
}

static void
init_survives_every_allocation_failure(void **state)
{
	struct init_ctx c;
	struct af_stats st;
	char cmd[200];

	(void)state;
	assert_true(sodium_init() >= 0);
	memset(&c, 0, sizeof(c));
	snprintf(c.dir, sizeof(c.dir), "/tmp/masqued-allocfail-init.%d",
	    (int)getpid());
	sweep("init: a new data folder", op_init, &c, 1, &st);
	c.other = 1;
	sweep("init: a folder of other files", op_init, &c, 1, &st);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", c.dir);
	assert_int_equal(system(cmd), 0);
}

/*
 * verify-receipt on a receipt mail a player kept whole (the .eml as the
 * spool holds it: CRLF, quoted-printable, text and HTML): the file read to
 * its text (mq_kept_read, GMime), the receipt and the checkpoint found in
 * it, each checked and then against the log. A failure is MQ_IO with its
 * sentence, never MQ_BADDATA: a byte lost to memory must not read as a mail
 * altered or a log the host changed.
 */
struct kept_ctx {
	char dir[64], eml[400], logpath[1400];
};

static int
op_kept(void *vctx, char **result)
{
	struct kept_ctx *c = vctx;
	struct mq_buf text = MQ_BUF_INIT, b = MQ_BUF_INIT;
	struct mq_checkpoint cp;
	struct mq_receipt r;
	struct mq_err err;
	int rc;

	memset(&r, 0, sizeof(r));
	mq_err_clear(&err);
	rc = mq_kept_read(c->eml, &text, &err);
	if (rc == 0 && (rc = mq_receipt_find(mq_buf_str(&text), text.len, NULL,
	    &r, &err)) == 1)
		fail_msg("kept: the receipt was not found in the mail's text");
	if (rc == 0)
		rc = mq_receipt_against_log(&r, c->logpath, &err);
	if (rc == 0 && (rc = mq_checkpoint_find(mq_buf_str(&text), text.len,
	    &cp, &err)) == 1)
		fail_msg("kept: the checkpoint was not found in the mail's text");
	if (rc == 0)
		rc = mq_checkpoint_check(&cp, NULL, &err);
	if (rc == 0)
		rc = mq_checkpoint_against_log(&cp, c->logpath, &err);
	af_pause();
	if (rc != 0 && (rc != MQ_IO || err.msg[0] == '\0'))
		fail_msg("kept: failed %d, not MQ_IO with a sentence: %s", rc,
		    err.msg);
	if (rc == 0) {
		mq_buf_printf(&b, "receipt %s %llu %s\n", r.game,
		    (unsigned long long)r.seq, r.body);
		mq_buf_printf(&b, "checkpoint %s %llu ", cp.game,
		    (unsigned long long)cp.seq);
		for (size_t i = 0; i < sizeof(cp.head); i++)
			mq_buf_printf(&b, "%02x", cp.head[i]);
		mq_buf_printf(&b, "\ntext %zu\n", text.len);
		*result = steal(&b);
	}
	af_resume();
	mq_receipt_free(&r);
	mq_buf_free(&text);
	return rc;
}

static void
kept_mail_survives_every_allocation_failure(void **state)
{
	static const char *const lines[] = { "PLACE blue" };
	struct mq_submit_result res;
	struct mq_daemon d;
	struct mq_game *g;
	struct kept_ctx c;
	struct af_stats st;
	struct mq_err err;
	struct dirent *de;
	char id[MQ_GAME_ID_LEN + 1], spool[128], path[400], cmd[200], *mail;
	const char *env;
	long stride = 1;
	DIR *dir;

	(void)state;
	memset(&c, 0, sizeof(c));
	af_new_daemon("kept", c.dir, sizeof(c.dir), id, &d);
	snprintf(spool, sizeof(spool), "%s/spool", c.dir);
	assert_int_equal(mq_game_open(&d.store, id, 1, 0, &g, &err), 0);
	mq_game_journal_start(g);
	assert_int_equal(mq_game_submit(g, 0, lines, 1, 1, "00ff", "pipe",
	    1790000100, &res, &err), 0);
	assert_true(res.logged);
	assert_int_equal(mq_notify_submit(&d, g, 0, &res, "<a1@x.test>", NULL,
	    &err), 0);
	snprintf(c.logpath, sizeof(c.logpath), "%s", g->logpath);
	mq_submit_result_free(&res);
	mq_game_journal_stop(g);
	mq_game_close(g);
	mq_daemon_close(&d);
	/* the receipt mail, kept as the player's client saved it */
	assert_non_null(dir = opendir(spool));
	while ((de = readdir(dir)) != NULL && c.eml[0] == '\0') {
		if (strstr(de->d_name, ".eml") == NULL)
			continue;
		snprintf(path, sizeof(path), "%s/%s", spool, de->d_name);
		mail = slurp(path, NULL);
		if (strstr(mail, "\nX-Masqued-Mail: receipt") != NULL)
			snprintf(c.eml, sizeof(c.eml), "%s", path);
		free(mail);
	}
	closedir(dir);
	assert_true(c.eml[0] != '\0');
	/* every allocation (every $MQ_ALLOC_KEPT_EVERY-th, under valgrind) */
	if ((env = getenv("MQ_ALLOC_KEPT_EVERY")) != NULL && atol(env) > 0)
		stride = atol(env);
	af_tail = stride > 1;
	sweep("verify-receipt: a kept mail", op_kept, &c, stride, &st);
	af_tail = 0;
	assert_true(st.refused > 0);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", c.dir);
	assert_int_equal(system(cmd), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(engine_survives_every_allocation_failure),
		cmocka_unit_test(ms_engine_survives_every_allocation_failure),
		cmocka_unit_test(log_survives_every_allocation_failure),
		cmocka_unit_test(submit_survives_every_allocation_failure),
		cmocka_unit_test(sent_again_survives_every_allocation_failure),
		cmocka_unit_test(settings_survive_every_allocation_failure),
		cmocka_unit_test(parse_survives_every_allocation_failure),
		cmocka_unit_test(notify_survives_every_allocation_failure),
		cmocka_unit_test(ms_notify_survives_every_allocation_failure),
		cmocka_unit_test(after_end_survives_every_allocation_failure),
		cmocka_unit_test(ms_pass_notify_survives_every_allocation_failure),
		cmocka_unit_test(bot_and_story_survive_every_allocation_failure),
		cmocka_unit_test(mustache_survives_every_allocation_failure),
		cmocka_unit_test(ms_render_survives_every_allocation_failure),
		cmocka_unit_test(wrap_text_survives_every_allocation_failure),
		cmocka_unit_test(help_decorate_survives_every_allocation_failure),
		cmocka_unit_test(mime_survives_every_allocation_failure),
		cmocka_unit_test(spool_held_survives_every_allocation_failure),
		cmocka_unit_test(flush_held_survives_every_allocation_failure),
		cmocka_unit_test(rule_headings_survives_every_allocation_failure),
		cmocka_unit_test(refusal_lang_survives_every_allocation_failure),
		cmocka_unit_test(init_survives_every_allocation_failure),
		cmocka_unit_test(reread_survives_every_allocation_failure),
		cmocka_unit_test(rebuild_archived_survives_every_allocation_failure),
		cmocka_unit_test(end_entry_survives_every_allocation_failure),
		cmocka_unit_test(kept_mail_survives_every_allocation_failure),
	};
	const char *r = getenv("MQ_ROOT");

	void *pc[4];

	/* backtrace's first call loads libgcc's unwinder: not in a census */
	(void)backtrace(pc, 4);
	/* Before jansson allocates anything, so every block has one owner. */
	json_set_alloc_funcs(af_json_malloc, af_json_free);
	if (r != NULL && *r)
		root = r;
	af_trace = getenv("MQ_ALLOC_TRACE") != NULL;
	if ((r = getenv("MQ_ALLOC_ONLY")) != NULL && *r)
		cmocka_set_test_filter(r);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
