/*
 * targets_submit.h - the eighth fuzz entry point (targets.h includes it): a
 * player's multi-line reply through mq_game_submit, on a game of either
 * kind, stored on disk and driven by bots to some phase first. It is the
 * path of a typo put right on the next line (game.h's one_choice,
 * submit.c's mq_game_corrects: STAGE libary, then STAGE library; MOVE cx,
 * then MOVE cw), of a line held back after a refused one, of a later line
 * for the same decision, and of the rebuild that reads the mail again.
 *
 * What it checks of every mail (store.h, submit.c):
 * - a mail refused whole, or one that logged nothing, changed nothing
 *   (the seat's game, its entries);
 * - the receipt names each of the mail's lines exactly once, a refused
 *   one with its sentence, a taken one without;
 * - a line that corrects another names a refused line above it, which
 *   names it back as corrected_by (and no other line does);
 * - the live game is the replay of its log (opened again from disk);
 * - the mail read again on the game as it stood before its entry, as a
 *   crash's rebuild reads it (inbound_rebuild.c), logs the same entry and
 *   tells each line the same;
 * - no crash, no ASan or UBSan report.
 *
 * The store lives under /dev/shm (else $TMPDIR) as mqfz-submit.PID, made
 * once a process and removed at its exit; the games the bots drove are
 * kept in it to be played again (mqfz_sub_game). A process killed (a
 * crash the fuzzer found, a timeout, kill -9) never reaches its exit, so
 * each start first removes the stores of processes that are gone.
 *
 * Input: byte 0: bit 0 the game (The Masquerade, The Red Death), bits 1-2
 * the game's language (en, ja, zh; 3 is en), bits 3-4 players (3..5, or
 * 4..7), bits 5-6 the seat writing when bit 7 is clear; bit 7 set: the
 * seat that owes a command, if any. Byte 1: how many bot mails to play
 * first (each seat that owes, in turn), so the mail meets every phase.
 * Byte 2: the game's seed. Byte 3: bit 0, the bot's own commands for the
 * seat are added below the mail's lines (a line that may put a refused
 * one right, as the player would retype it). Then the mail's text, read
 * as a reply is (mail/reply_text.h, then one line a command, SET lines
 * left out, at most 64).
 */
#ifndef MQ_FUZZ_TARGETS_SUBMIT_H
#define MQ_FUZZ_TARGETS_SUBMIT_H

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "daemon/inbound.h"
#include "daemon/store.h"

static char mqfz_sub_dir[128];
static struct mq_store mqfz_sub_store;
static int mqfz_sub_ready;

/* Remove path and all under it (a store, a game's folder). */
static inline void
mqfz_sub_rm(const char *path)
{
	char sub[1500];
	struct dirent *de;
	struct stat sb;
	DIR *d;

	if (lstat(path, &sb) != 0)
		return;
	if (S_ISDIR(sb.st_mode) && (d = opendir(path)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (strcmp(de->d_name, ".") == 0 ||
			    strcmp(de->d_name, "..") == 0)
				continue;
			if (snprintf(sub, sizeof(sub), "%s/%s", path,
			    de->d_name) < (int)sizeof(sub))
				mqfz_sub_rm(sub);
		}
		closedir(d);
	}
	remove(path);
}

static void
mqfz_sub_gone(void)
{
	if (mqfz_sub_ready)
		mq_store_close(&mqfz_sub_store);
	mqfz_sub_ready = 0;
	if (mqfz_sub_dir[0] != '\0')
		mqfz_sub_rm(mqfz_sub_dir);
	mqfz_sub_dir[0] = '\0';
}

/* Remove each mqfz-submit.PID under tmp whose process is gone (kill says
 * ESRCH): a crash, a timeout or kill -9 left it, as no exit ran. A live
 * process's store, or one of another user's (EPERM), stays. */
static inline void
mqfz_sub_sweep(const char *tmp)
{
	static const char pre[] = "mqfz-submit.";
	char path[1500], *end;
	struct dirent *de;
	long pid;
	DIR *d;

	if ((d = opendir(tmp)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, pre, sizeof(pre) - 1) != 0 ||
		    de->d_name[sizeof(pre) - 1] < '0' ||
		    de->d_name[sizeof(pre) - 1] > '9')
			continue;
		errno = 0;
		pid = strtol(de->d_name + sizeof(pre) - 1, &end, 10);
		if (errno != 0 || *end != '\0' || pid <= 0 ||
		    pid != (long)(pid_t)pid || (pid_t)pid == getpid())
			continue;
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", tmp, de->d_name) <
		    (int)sizeof(path))
			mqfz_sub_rm(path);
	}
	closedir(d);
}

static inline void
mqfz_sub_init(void)
{
	struct mq_err err;
	const char *tmp;
	struct stat sb;

	if (mqfz_sub_ready)
		return;
	if (sodium_init() < 0)
		abort();
	tmp = stat("/dev/shm", &sb) == 0 && S_ISDIR(sb.st_mode) &&
	    access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR");
	if (tmp == NULL)
		tmp = "/tmp";
	mqfz_sub_sweep(tmp);
	snprintf(mqfz_sub_dir, sizeof(mqfz_sub_dir), "%s/mqfz-submit.%d", tmp,
	    (int)getpid());
	mqfz_sub_rm(mqfz_sub_dir);
	if (mq_store_init(mqfz_sub_dir, &err) != 0 ||
	    mq_store_open(mqfz_sub_dir, 1, &mqfz_sub_store, &err) != 0) {
		fprintf(stderr, "fuzz: cannot make the store %s: %s\n",
		    mqfz_sub_dir, err.msg);
		exit(2);
	}
	mqfz_sub_ready = 1;
	atexit(mqfz_sub_gone);
}

/* The admin view of st, as text (to free). */
static inline char *
mqfz_sub_admin(const struct mq_game_kind *k, const void *st)
{
	json_t *v = k->view(st, MQ_VIEW_ADMIN);
	char *s;

	if (v == NULL)
		mqfz_broken("submit", "no admin view");
	s = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(v);
	if (s == NULL)
		abort();
	return s;
}

/* The seat that owes a command in g, or -1. */
static inline int
mqfz_sub_owing(const struct mq_game *g)
{
	int s;

	for (s = 0; s < g->nplayers; s++)
		if (g->kind->owes(g->state, s) != NULL)
			return s;
	return -1;
}

/* The bot's commands for seat in g, as lines (to free) into lines[*n..],
 * at most max. */
static inline void
mqfz_sub_bot_lines(const struct mq_game *g, int seat, struct mq_rng *rng,
    char **lines, int *n, int max)
{
	const struct mq_game_kind *k = g->kind;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_cmd cmds[4];
	int i, m;

	m = k->bot(g->state, seat, 0, rng, cmds, 4);
	for (i = 0; i < m && *n < max; i++) {
		mq_buf_reset(&b);
		if (k->format(g->state, &cmds[i], &b) != 0 || b.oom)
			mqfz_broken("submit", "a bot's command does not format");
		if ((lines[(*n)++] = strdup(mq_buf_str(&b))) == NULL)
			abort();
	}
	mq_buf_free(&b);
}

/* Play bot mails on g until steps of them went or the game ended. */
static inline void
mqfz_sub_drive(struct mq_game *g, int steps, struct mq_rng *rng)
{
	struct mq_submit_result res;
	struct mq_err err;
	char *lines[4];
	int n, i, seat, turn;

	for (turn = 0; steps > 0 && !mq_game_over(g) && turn < 4096; turn++) {
		seat = g->kind == &mq_masquerade_kind ? mqfz_sub_owing(g) :
		    turn % g->nplayers;
		if (seat < 0)
			break;
		n = 0;
		mqfz_sub_bot_lines(g, seat, rng, lines, &n, 4);
		if (n == 0)
			continue;
		steps--;
		if (mq_game_submit(g, seat, (const char *const *)lines,
		    (size_t)n, 1, NULL, NULL, 1790000000 + turn * 60, &res,
		    &err) != 0) {
			fprintf(stderr, "fuzz: the bot's %s\n", lines[0]);
			mqfz_broken("submit: a bot's mail was refused", err.msg);
		}
		mq_submit_result_free(&res);
		for (i = 0; i < n; i++)
			free(lines[i]);
	}
}

/* The receipt, line by line, on stderr; then mqfz_broken(what, detail). */
static inline _Noreturn void
mqfz_sub_bad(const struct mq_submit_result *res, const char *what,
    const char *detail)
{
	const struct mq_cmd_result *c;
	size_t j;

	for (j = 0; j < res->ncmds; j++) {
		c = &res->cmds[j];
		fprintf(stderr, "fuzz: line %d [%s] accepted %d corrects %d "
		    "corrected_by %d already %llu note %d [%s]\n", c->line,
		    c->text != NULL ? c->text : "", c->accepted, c->corrects,
		    c->corrected_by, (unsigned long long)c->already, c->note,
		    c->error);
	}
	mqfz_broken(what, detail);
}

/* The checks of one result against the mail's n lines (see the top). */
static inline void
mqfz_sub_check_result(const struct mq_submit_result *res, size_t n)
{
	const struct mq_cmd_result *c, *o;
	size_t i, j, seen;

	if (res->ncmds != n)
		mqfz_sub_bad(res, "submit", "the receipt holds another number of "
		    "lines than the mail");
	for (i = 1; i <= n; i++) {
		for (seen = 0, j = 0; j < res->ncmds; j++)
			seen += res->cmds[j].line == (int)i;
		if (seen != 1)
			mqfz_sub_bad(res, "submit", "the receipt names a line of the "
			    "mail other than once");
	}
	for (j = 0; j < res->ncmds; j++) {
		c = &res->cmds[j];
		if (c->text == NULL)
			mqfz_sub_bad(res, "submit", "a line of the receipt without text");
		if (c->accepted && c->error[0] != '\0')
			mqfz_sub_bad(res, "submit: a line taken with a sentence",
			    c->error);
		if (!c->accepted && c->error[0] == '\0' && c->already == 0)
			mqfz_sub_bad(res, "submit: a line refused without a sentence",
			    c->text);
		/* store.h: a correction is taken, or the move that stands
		 * received already (MOVE cx, then the MOVE stay it had) */
		if (c->corrects != 0 && ((!c->accepted && c->already == 0) ||
		    c->corrects < 1 || c->corrects >= c->line))
			mqfz_sub_bad(res, "submit: a correction of no line above it",
			    c->text);
		if (c->corrected_by != 0 && (c->accepted ||
		    c->corrected_by <= c->line))
			mqfz_sub_bad(res, "submit: a line taken, or corrected from "
			    "above, says it was put right", c->text);
		for (i = 0; i < res->ncmds; i++) {
			o = &res->cmds[i];
			if (c->corrects != 0 && o->line == c->corrects &&
			    o->corrected_by != c->line)
				mqfz_sub_bad(res, "submit: the line corrected does not "
				    "name its correction", o->text);
			if (c->corrected_by != 0 && o->line == c->corrected_by &&
			    o->corrects != c->line)
				mqfz_sub_bad(res, "submit: the correction does not "
				    "name the line it corrects", o->text);
		}
	}
}

/* A rebuild's result must tell each line as the first submit did. */
static inline void
mqfz_sub_same_result(const struct mq_submit_result *a,
    const struct mq_submit_result *b)
{
	const struct mq_cmd_result *x, *y;
	size_t j;

	if (a->ncmds != b->ncmds || a->logged != b->logged ||
	    a->revealed != b->revealed ||
	    (a->logged && a->entry.seq != b->entry.seq))
		mqfz_broken("submit", "the rebuild logs another entry");
	for (j = 0; j < a->ncmds; j++) {
		x = &a->cmds[j];
		y = &b->cmds[j];
		if (x->line != y->line || x->accepted != y->accepted ||
		    x->corrects != y->corrects ||
		    x->corrected_by != y->corrected_by ||
		    x->replaced_by != y->replaced_by ||
		    x->replaces_line != y->replaces_line ||
		    x->moot != y->moot || x->note != y->note ||
		    strcmp(x->text, y->text) != 0 ||
		    strcmp(x->error, y->error) != 0) {
			fprintf(stderr, "fuzz: line %d: first %s %d [%s], "
			    "rebuilt %s %d [%s]\n", x->line, x->text,
			    x->accepted, x->error, y->text, y->accepted,
			    y->error);
			mqfz_broken("submit", "the rebuild tells a line "
			    "otherwise");
		}
	}
}

/*
 * The games the bots drove, kept to be played again: driving one to its
 * phase is most of an input's time, and the fuzzer tries many mails on
 * the same first bytes. A game is known by what made it (byte 0's game,
 * language and players, bytes 1 and 2); after each mail its log is cut
 * back to the bots' end (a submit only appends to it), so the next input
 * meets the game as the bots left it. The oldest of 64 is removed.
 */
struct mqfz_sub_tpl {
	uint8_t key[3];
	char id[MQ_GAME_ID_LEN + 1];
	off_t loglen;
	unsigned long used;
};

static struct mqfz_sub_tpl mqfz_sub_tpls[64];
static unsigned long mqfz_sub_clock;

static inline void
mqfz_sub_logpath(const char *id, char *path, size_t n)
{
	snprintf(path, n, "%s/games/%s/log", mqfz_sub_dir, id);
}

/* The game data[0..2] make, driven by the bots, as its template t. */
static inline const struct mqfz_sub_tpl *
mqfz_sub_game(const uint8_t *data)
{
	static const char *const langs[] = { "en", "ja", "zh", "en" };
	static const char *const emails[] = { "a@x.test", "b@x.test",
	    "c@x.test", "d@x.test", "e@x.test", "f@x.test", "g@x.test" };
	const size_t ntpl = sizeof(mqfz_sub_tpls) / sizeof(mqfz_sub_tpls[0]);
	struct mqfz_sub_tpl *t = NULL;
	struct mq_new_game ng = { 0 };
	uint8_t key[3] = { (uint8_t)(data[0] & 0x1f), data[1], data[2] };
	struct mq_game *g;
	struct mq_err err;
	struct mq_rng rng;
	uint8_t seed[32];
	char path[1500];
	struct stat sb;
	size_t i;

	for (i = 0; i < ntpl; i++) {
		if (mqfz_sub_tpls[i].used != 0 &&
		    memcmp(mqfz_sub_tpls[i].key, key, sizeof(key)) == 0) {
			mqfz_sub_tpls[i].used = ++mqfz_sub_clock;
			return &mqfz_sub_tpls[i];
		}
		if (t == NULL || mqfz_sub_tpls[i].used < t->used)
			t = &mqfz_sub_tpls[i];
	}
	if (t->used != 0) {
		snprintf(path, sizeof(path), "%s/games/%s", mqfz_sub_dir, t->id);
		mqfz_sub_rm(path);
	}
	memset(seed, 0x33, sizeof(seed));
	seed[0] = key[0];
	seed[1] = key[2];
	ng.kind = data[0] & 1 ? "redmasque" : "masquerade";
	ng.nplayers = (data[0] & 1 ? 4 : 3) + (data[0] >> 3) % 4 %
	    (data[0] & 1 ? 4 : 3);
	for (i = 0; i < (size_t)ng.nplayers; i++) {
		ng.names[i] = mqfz_names[i];
		ng.emails[i] = emails[i];
	}
	ng.seed = seed;
	ng.lang = langs[(data[0] >> 1) & 3];
	ng.ts = 1790000000 - 60;
	if (mq_game_create(&mqfz_sub_store, &ng, t->id, &err) != 0)
		mqfz_broken("submit: a game was not made", err.msg);
	if (mq_game_open(&mqfz_sub_store, t->id, 1, 0, &g, &err) != 0)
		mqfz_broken("submit: a new game does not open", err.msg);
	mq_rng_open(&rng, seed, "fuzz-bot", 0, 0);
	mqfz_sub_drive(g, data[1], &rng);
	mq_game_close(g);
	mqfz_sub_logpath(t->id, path, sizeof(path));
	if (stat(path, &sb) != 0)
		mqfz_broken("submit", "a game without its log");
	memcpy(t->key, key, sizeof(key));
	t->loglen = sb.st_size;
	t->used = ++mqfz_sub_clock;
	return t;
}

static inline int
mqfz_submit(const uint8_t *data, size_t size)
{
	const struct mqfz_sub_tpl *t;
	struct mq_submit_result res, res2;
	struct mq_settings set;
	struct mq_game *g = NULL, *g2 = NULL;
	struct mq_err err;
	struct mq_rng rng;
	uint8_t seed[32];
	char id[MQ_GAME_ID_LEN + 1], *text, *out = NULL, *p, *nl;
	char *lines[72], *before, *after, *again, logpath[1500];
	int i, n = 0, seat, rc, rs = 0;
	uint64_t seq;

	if (size < 4 || size > 8192)
		return 0;
	mqfz_sub_init();
	t = mqfz_sub_game(data);
	memcpy(id, t->id, sizeof(id));
	mqfz_sub_logpath(id, logpath, sizeof(logpath));
	if (mq_game_open(&mqfz_sub_store, id, 1, 0, &g, &err) != 0)
		mqfz_broken("submit: the bots' game does not open", err.msg);
	memset(seed, 0x44, sizeof(seed));
	seed[0] = data[0];
	seed[1] = data[2];
	mq_rng_open(&rng, seed, "fuzz-mail", 0, 0);

	/* the mail, read as a reply is */
	if ((text = malloc(size - 3)) == NULL)
		abort();
	memcpy(text, data + 4, size - 4);
	text[size - 4] = '\0';
	if (mq_reply_extract(text, strlen(text), &out, &err) != 0)
		abort();	/* out of memory alone */
	seat = (data[0] >> 5) % g->nplayers;
	if ((data[0] & 0x80) && mqfz_sub_owing(g) >= 0)
		seat = mqfz_sub_owing(g);
	mq_settings_none(&set);
	for (p = out; p != NULL && *p != '\0' && n < 64; p = nl) {
		if ((nl = strchr(p, '\n')) != NULL)
			*nl++ = '\0';
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '\0' && !mq_inbound_setting_line(p, &set))
			if ((lines[n++] = strdup(p)) == NULL)
				abort();
	}
	if (data[3] & 1)
		mqfz_sub_bot_lines(g, seat, &rng, lines, &n, 68);
	free(out);
	free(text);

	before = mqfz_sub_admin(g->kind, g->state);
	seq = g->seq;
	mq_err_clear(&err);
	rc = mq_game_submit(g, seat, (const char *const *)lines, (size_t)n, 0,
	    "fuzzmail", "fuzz:1", 1790900000, &res, &err);
	after = mqfz_sub_admin(g->kind, g->state);
	if (rc != 0) {
		if (rc != MQ_REFUSED || err.msg[0] == '\0')
			mqfz_broken("submit: a mail failed", err.msg);
		if (g->seq != seq || strcmp(before, after) != 0)
			mqfz_broken("submit", "a mail refused whole changed the "
			    "game");
		goto done;
	}
	rs = 1;
	mqfz_sub_check_result(&res, (size_t)n);
	if (!res.logged && (g->seq != seq || strcmp(before, after) != 0))
		mqfz_broken("submit", "a mail that logged nothing changed the "
		    "game");
	if (res.logged && res.entry.seq != seq + 1)
		mqfz_broken("submit", "the mail's entry is not the next");
	if (g->kind->check(g->state, &err) != 0)
		mqfz_broken("submit: an invariant broke", err.msg);
	/* the live game is its log replayed */
	if (mq_game_open(&mqfz_sub_store, id, 0, 0, &g2, &err) != 0)
		mqfz_broken("submit: the game does not open again", err.msg);
	again = mqfz_sub_admin(g2->kind, g2->state);
	if (g2->seq != g->seq || strcmp(again, after) != 0 ||
	    g2->npend != g->npend)
		mqfz_broken("submit", "the game is not its log replayed");
	free(again);
	mq_game_close(g2);
	g2 = NULL;
	/* the mail read again as a crash's rebuild reads it */
	if (res.logged) {
		if (mq_game_open(&mqfz_sub_store, id, 0, seq, &g2, &err) != 0)
			mqfz_broken("submit: the game does not open at the "
			    "entry before the mail", err.msg);
		if (g2->peek == NULL)
			mqfz_broken("submit", "no entry after the mail's "
			    "game");
		if (mq_game_submit(g2, seat, (const char *const *)lines,
		    (size_t)n, 0, "fuzzmail", "fuzz:1", 1790900000, &res2,
		    &err) != 0)
			mqfz_broken("submit: the mail cannot be rebuilt",
			    err.msg);
		mqfz_sub_same_result(&res, &res2);
		again = mqfz_sub_admin(g2->kind, g2->state);
		if (g2->seq == g->seq && strcmp(again, after) != 0)
			mqfz_broken("submit", "the rebuilt game is another");
		free(again);
		mq_submit_result_free(&res2);
		mq_game_close(g2);
		g2 = NULL;
	}
done:
	if (rs)
		mq_submit_result_free(&res);
	free(before);
	free(after);
	for (i = 0; i < n; i++)
		free(lines[i]);
	mq_game_close(g);
	/* the game as the bots left it, for the next input */
	if (truncate(logpath, t->loglen) != 0)
		mqfz_broken("submit", "the game's log cannot be cut back");
	return 0;
}

#endif
