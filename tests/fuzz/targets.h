/*
 * targets.h - the eight fuzz entry points (the eighth, a reply through
 * submit, in targets_submit.h), shared by the libFuzzer targets
 * (tests/fuzz/fuzz_*.c, built by tests/fuzz/run.sh with clang) and by the
 * regression test tests/unit/test_fuzz_corpus.c (built by `make test` with
 * ASan+UBSan), so every input the fuzzer ever saved keeps being replayed.
 *
 * Each function takes arbitrary bytes, drives one untrusted-input path of
 * masqued, and checks what the path promises in its header (valid UTF-8
 * out, parse(format(c)) == c, a refused apply changes nothing, invariants
 * hold). A broken promise calls mqfz_broken(), which aborts, so the fuzzer
 * and the test both report it with a stack.
 *
 * Everything is static inline so each program includes this header alone;
 * the sources under test are linked in whole (they are not rebuilt here).
 * Paths are relative to the repo root (or $MQ_ROOT).
 */
#ifndef MQ_FUZZ_TARGETS_H
#define MQ_FUZZ_TARGETS_H

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <jansson.h>
#include <sodium.h>

#include "buf.h"
#include "err.h"
#include "daemon/checkpoint.h"
#include "daemon/kept.h"
#include "daemon/log.h"
#include "daemon/receipt.h"
#include "daemon/logfile.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "engine/redmasque/redmasque.h"
#include "engine/redmasque/rm.h"
#include "engine/masquerade/masquerade.h"
#include "engine/masquerade/ms.h"
#include "mail/mime_charset.h"
#include "mail/mime_in.h"
#include "mail/reply_text.h"
#include "mail/refusal_i18n.h"

/* Bigger inputs only slow the fuzzer down; the limits are tested elsewhere. */
#define MQFZ_MAX_INPUT	(256u * 1024)

static inline _Noreturn void
mqfz_broken(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz: broken promise: %s%s%s\n", what,
	    detail ? ": " : "", detail ? detail : "");
	abort();
}

/* ---- MIME in, then the reply extractor on what it gives ----------------- */

static inline void
mqfz_check_text(const char *what, const char *s)
{
	size_t n = strlen(s);

	if (!mq_mime_utf8_valid(s, n))
		mqfz_broken(what, "the text is not valid UTF-8");
}

/*
 * The shape reply_text.h promises of what it gives: LF lines alone (no
 * CR), none ending in white space (U+00A0 and U+3000 too), none quoted
 * with ">", no two blank lines in a row, none at either end.
 */
static inline void
mqfz_check_reply_shape(const char *what, const char *out)
{
	const unsigned char *p = (const unsigned char *)out, *eol;
	size_t n;

	if (strchr(out, '\r') != NULL)
		mqfz_broken(what, "a CR in the reply");
	if (out[0] == '\n' || (out[0] != '\0' && out[strlen(out) - 1] == '\n'))
		mqfz_broken(what, "a blank line at an end of the reply");
	if (strstr(out, "\n\n\n") != NULL)
		mqfz_broken(what, "two blank lines in a row in the reply");
	for (; *p != '\0'; p = *eol ? eol + 1 : eol) {
		eol = (const unsigned char *)strchr((const char *)p, '\n');
		if (eol == NULL)
			eol = p + strlen((const char *)p);
		if (*p == '>')
			mqfz_broken(what, "a quoted line in the reply");
		n = (size_t)(eol - p);
		if (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
			mqfz_broken(what, "a line ending in white space");
		if (n >= 2 && p[n - 2] == 0xc2 && p[n - 1] == 0xa0)
			mqfz_broken(what, "a line ending in U+00A0");
		if (n >= 3 && p[n - 3] == 0xe3 && p[n - 2] == 0x80 &&
		    p[n - 1] == 0x80)
			mqfz_broken(what, "a line ending in U+3000");
	}
}

static inline int
mqfz_reply(const uint8_t *data, size_t size)
{
	struct mq_err err;
	char *out = NULL;

	if (size > MQFZ_MAX_INPUT)
		return 0;
	mq_err_clear(&err);
	if (mq_reply_extract((const char *)data, size, &out, &err) != 0) {
		if (out != NULL)
			mqfz_broken("reply", "a failure left *out set");
		if (err.code != MQ_IO)	/* only running out of memory may fail */
			mqfz_broken("reply", err.msg);
		return 0;
	}
	if (out == NULL)
		mqfz_broken("reply", "success without text");
	/* reply_text.h: always valid UTF-8 without NUL (strlen sees it all) */
	mqfz_check_text("reply", out);
	mqfz_check_reply_shape("reply", out);
	free(out);
	return 0;
}

static inline int
mqfz_mime(const uint8_t *data, size_t size)
{
	struct mq_mime_msg *m = NULL;
	struct mq_err err;
	char *out = NULL;
	size_t i;

	if (size > MQFZ_MAX_INPUT)
		return 0;
	mq_mime_init();
	mq_err_clear(&err);
	if (mq_mime_parse((const char *)data, size, &m, &err) != 0) {
		if (err.msg[0] == '\0')
			mqfz_broken("mime", "a refusal without a sentence");
		return 0;
	}
	if (m == NULL || m->text == NULL)
		mqfz_broken("mime", "success without text");
	mqfz_check_text("mime text", m->text);
	if (m->subject != NULL)
		mqfz_check_text("mime subject", m->subject);
	if (m->from_display != NULL)
		mqfz_check_text("mime from_display", m->from_display);
	/* mime_in.h: recipients and From lower-cased, each recipient once */
	for (i = 0; m->recipients != NULL && m->recipients[i] != NULL; i++) {
		size_t j;

		if (m->recipients[i][0] == '\0')
			mqfz_broken("mime", "an empty recipient");
		for (j = 0; m->recipients[i][j] != '\0'; j++)
			if (m->recipients[i][j] >= 'A' && m->recipients[i][j] <= 'Z')
				mqfz_broken("mime: a recipient not lower-cased",
				    m->recipients[i]);
		for (j = 0; j < i; j++)
			if (strcmp(m->recipients[i], m->recipients[j]) == 0)
				mqfz_broken("mime: a recipient twice",
				    m->recipients[i]);
	}
	for (i = 0; m->from != NULL && m->from[i] != '\0'; i++)
		if (m->from[i] >= 'A' && m->from[i] <= 'Z')
			mqfz_broken("mime: From not lower-cased", m->from);
	/* A mail with no game tag: the language its answer is in. */
	{
		const char *hint = mq_reply_lang_hint(m->text);

		if (hint != NULL && strcmp(hint, "en") != 0 &&
		    strcmp(hint, "ja") != 0 && strcmp(hint, "zh") != 0)
			mqfz_broken("mime", "a language hint of no language");
	}
	/* The daemon's next step: what the player wrote. */
	if (mq_reply_extract(m->text, strlen(m->text), &out, &err) == 0) {
		mqfz_check_text("mime+reply", out);
		mqfz_check_reply_shape("mime+reply", out);
		free(out);
	}
	mq_mime_msg_free(m);
	return 0;
}

/* ---- the redmasque command parser and apply ----------------------------- */

/* A game's data, config/games/KIND.json, loaded once into *cache. */
static inline const void *
mqfz_load_game(const struct mq_game_kind *k, void **cache)
{
	const char *root = getenv("MQ_ROOT");
	char path[4200];
	json_error_t je;
	struct mq_err err;
	json_t *j;

	if (*cache != NULL)
		return *cache;
	snprintf(path, sizeof(path), "%s%sconfig/games/%s.json",
	    root ? root : "", root ? "/" : "", k->name);
	if ((j = json_load_file(path, JSON_REJECT_DUPLICATES, &je)) == NULL) {
		fprintf(stderr, "fuzz: cannot read %s: %s\n", path, je.text);
		exit(2);
	}
	if (k->load_data(j, cache, &err) != 0) {
		fprintf(stderr, "fuzz: cannot load %s: %s\n", path, err.msg);
		exit(2);
	}
	json_decref(j);
	return *cache;
}

static inline void
mqfz_free_game(const struct mq_game_kind *k, void **cache)
{
	if (*cache != NULL)
		k->free_data(*cache);
	*cache = NULL;
}

/*
 * The states the bots left, kept to be cloned again: playing the bots to
 * a phase (and checking the state after each of their commands) is most
 * of an input's time, and the fuzzer tries many lines on the same first
 * two bytes. The engine is pure, so a state made once from those bytes is
 * the state made again; its checks held when it was made. A cache is per
 * target, the oldest of 64 dropped.
 */
struct mqfz_prefix {
	uint8_t key[2];
	void *st;
	unsigned long used;
};

#define MQFZ_NPREFIX	64

/* A clone of the state k's bots left for key in cache, or NULL: not kept. */
static inline void *
mqfz_prefix_get(const struct mq_game_kind *k, struct mqfz_prefix *cache,
    unsigned long *clock, const uint8_t key[2])
{
	void *c;
	int i;

	for (i = 0; i < MQFZ_NPREFIX; i++)
		if (cache[i].st != NULL && memcmp(cache[i].key, key, 2) == 0) {
			cache[i].used = ++*clock;
			if ((c = k->clone(cache[i].st)) == NULL)
				abort();
			return c;
		}
	return NULL;
}

/* Keep a clone of st, the state k's bots left for key, in cache. */
static inline void
mqfz_prefix_put(const struct mq_game_kind *k, struct mqfz_prefix *cache,
    unsigned long *clock, const uint8_t key[2], const void *st)
{
	struct mqfz_prefix *t = &cache[0];
	int i;

	for (i = 1; i < MQFZ_NPREFIX; i++)
		if (cache[i].used < t->used)
			t = &cache[i];
	if (t->st != NULL)
		k->free_state(t->st);
	if ((t->st = k->clone(st)) == NULL)
		abort();
	memcpy(t->key, key, 2);
	t->used = ++*clock;
}

/* Free every state of cache. */
static inline void
mqfz_prefix_free(const struct mq_game_kind *k, struct mqfz_prefix *cache)
{
	int i;

	for (i = 0; i < MQFZ_NPREFIX; i++) {
		if (cache[i].st != NULL)
			k->free_state(cache[i].st);
		cache[i].st = NULL;
		cache[i].used = 0;
	}
}

static void *mqfz_rm_data;
static struct mqfz_prefix mqfz_rm_prefix[MQFZ_NPREFIX];
static unsigned long mqfz_rm_clock;

static inline const void *
mqfz_rm_load(void)
{
	return mqfz_load_game(&mq_redmasque_kind, &mqfz_rm_data);
}

static inline void
mqfz_rm_free(void)
{
	mqfz_prefix_free(&mq_redmasque_kind, mqfz_rm_prefix);
	mqfz_free_game(&mq_redmasque_kind, &mqfz_rm_data);
}

static const char *const mqfz_names[MQ_MAX_PLAYERS] = {
	"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi",
};

/*
 * Parse line as seat into *cmd (1), or 0 when it is refused, which must come
 * with a sentence; a parsed command must round-trip: parse(format(c)) == c
 * (game.h). what names the target in a broken promise.
 */
static inline int
mqfz_parse_round_trip(const struct mq_game_kind *k, void *st, int seat,
    const char *line, struct mq_cmd *cmd, const char *what)
{
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_cmd again;
	struct mq_err err;

	mq_err_clear(&err);
	if (k->parse(st, seat, line, cmd, &err) != 0) {
		if (err.msg[0] == '\0')
			mqfz_broken(what, "a refusal without a sentence");
		/* what the daemon asks of a refused line (line_kind.c) */
		if (k->names_command != NULL) {
			int kind = k->names_command(st, line);

			if (kind != MQ_LINE_PROSE && kind != MQ_LINE_COMMAND &&
			    kind != MQ_LINE_DOUBT)
				mqfz_broken(what, "names_command: no kind");
		}
		return 0;
	}
	if (k->format(st, cmd, &b) != 0)
		mqfz_broken(what, "format failed on a parsed command");
	if (k->parse(st, seat, mq_buf_str(&b), &again, &err) != 0)
		mqfz_broken("the canonical text does not parse", mq_buf_str(&b));
	if (memcmp(cmd, &again, sizeof(*cmd)) != 0)
		mqfz_broken("parse(format(c)) != c", mq_buf_str(&b));
	mq_buf_free(&b);
	return 1;
}

/* Every seat's view of st (a state of k's), the public and the admin one,
 * and their events: each must be built (NULL is only for running out of
 * memory). what names the target in a broken promise. */
static inline void
mqfz_views(const struct mq_game_kind *k, const char *what, const void *st)
{
	int s, n = k->nplayers(st);
	json_t *v;

	for (s = MQ_VIEW_ADMIN; s < n; s++) {
		if ((v = k->view(st, s)) == NULL)
			mqfz_broken(what, "no view");
		json_decref(v);
		if ((v = k->events(st, s)) == NULL)
			mqfz_broken(what, "no events");
		json_decref(v);
	}
}

/* One line: parse as seat; if it parses, check the round trip and apply it
 * on a clone of st, a state of k's of size bytes. Returns the state to go
 * on with (the clone if applied). what names the target in a broken
 * promise. */
static inline void *
mqfz_line(const struct mq_game_kind *k, const char *what, size_t size,
    void *st, int seat, const char *line)
{
	struct mq_cmd cmd;
	struct mq_err err;
	char why[96];
	void *c;
	int rc;

	if (!mqfz_parse_round_trip(k, st, seat, line, &cmd, what))
		return st;
	mq_err_clear(&err);
	if ((c = k->clone(st)) == NULL)
		mqfz_broken(what, "clone failed");
	rc = k->apply(c, seat, &cmd, &err);
	if (rc != 0) {
		/* game.h: a refused apply leaves the state unchanged */
		if (memcmp(c, st, size) != 0) {
			snprintf(why, sizeof(why), "%s: a refused apply changed "
			    "the state", what);
			mqfz_broken(why, err.msg);
		}
		if (err.msg[0] == '\0')
			mqfz_broken(what, "a refusal without a sentence");
		k->free_state(c);
		return st;
	}
	if (k->check(c, &err) != 0) {
		snprintf(why, sizeof(why), "%s: an invariant broke", what);
		mqfz_broken(why, err.msg);
	}
	mqfz_views(k, what, c);
	k->free_state(st);
	return c;
}

/* A line of The Red Death's, as mqfz_line takes it. */
static inline void *
mqfz_rm_line(void *st, int seat, const char *line)
{
	return mqfz_line(&mq_redmasque_kind, "command", sizeof(struct rm_state),
	    st, seat, line);
}

/*
 * Byte 0: players (4..7) and the seat that writes;
 * byte 1: how many bot commands to play first, so the lines meet every
 * phase; then lines of the command language.
 */
static inline int
mqfz_command(const uint8_t *data, size_t size)
{
	const struct mq_game_kind *k = &mq_redmasque_kind;
	const void *gd = mqfz_rm_load();
	struct mq_setup s;
	struct mq_rng rng;
	struct mq_cmd cmds[4];
	struct mq_err err;
	void *st = NULL;
	char *text, *line, *nl;
	int i, n, steps, seat, turn;

	if (size < 2 || size > 16384)
		return 0;
	memset(&s, 0, sizeof(s));
	s.nplayers = 4 + data[0] % 4;
	seat = (data[0] >> 3) % s.nplayers;
	if ((st = mqfz_prefix_get(k, mqfz_rm_prefix, &mqfz_rm_clock, data)) !=
	    NULL)
		goto lines;
	for (i = 0; i < s.nplayers; i++)
		s.names[i] = mqfz_names[i];
	memset(s.seed, 0x5a, sizeof(s.seed));
	s.seed[0] = data[0];
	if (k->setup(gd, &s, &st, &err) != 0)
		return 0;	/* a player count the data does not allow */
	if (k->check(st, &err) != 0)
		mqfz_broken("command: an invariant broke at setup", err.msg);
	steps = data[1];
	mq_rng_open(&rng, s.seed, "fuzz-bot", 0, 0);
	for (turn = 0; steps > 0 && !k->is_over(st) && turn < 4096; turn++) {
		n = k->bot(st, turn % s.nplayers, 0, &rng, cmds, 4);
		for (i = 0; i < n && steps > 0; i++, steps--)
			if (k->apply(st, turn % s.nplayers, &cmds[i], &err) != 0)
				mqfz_broken("command: a bot's command was refused",
				    err.msg);
	}
	if (k->check(st, &err) != 0)
		mqfz_broken("command: an invariant broke after the bots",
		    err.msg);
	mqfz_prefix_put(k, mqfz_rm_prefix, &mqfz_rm_clock, data, st);
lines:
	if ((text = malloc(size - 1)) == NULL)
		abort();
	memcpy(text, data + 2, size - 2);
	text[size - 2] = '\0';
	for (line = text; line != NULL; line = nl) {
		if ((nl = strchr(line, '\n')) != NULL)
			*nl++ = '\0';
		st = mqfz_rm_line(st, seat, line);
	}
	free(text);
	k->free_state(st);
	return 0;
}

/* ---- the masquerade command parser and apply ---------------------------- */

static void *mqfz_ms_data;
static struct mqfz_prefix mqfz_ms_prefix[MQFZ_NPREFIX];
static unsigned long mqfz_ms_clock;

static inline const void *
mqfz_ms_load(void)
{
	return mqfz_load_game(&mq_masquerade_kind, &mqfz_ms_data);
}

static inline void
mqfz_ms_free(void)
{
	mqfz_prefix_free(&mq_masquerade_kind, mqfz_ms_prefix);
	mqfz_free_game(&mq_masquerade_kind, &mqfz_ms_data);
}

/* The seat that owes a command (game.h's owes), or -1: nobody. */
static inline int
mqfz_ms_owing(const void *st)
{
	const struct mq_game_kind *k = &mq_masquerade_kind;
	int s, n = k->nplayers(st);

	for (s = 0; s < n; s++)
		if (k->owes(st, s) != NULL)
			return s;
	return -1;
}

/* Every seat's view of a Masquerade and their events (mqfz_views). */
static inline void
mqfz_ms_views(const void *st)
{
	mqfz_views(&mq_masquerade_kind, "masquerade", st);
}

/* A line of The Masquerade's, as mqfz_line takes it. */
static inline void *
mqfz_ms_line(void *st, int seat, const char *line)
{
	return mqfz_line(&mq_masquerade_kind, "masquerade",
	    sizeof(struct ms_state), st, seat, line);
}

/*
 * Byte 0: players (3..5), and who writes the lines: bit 7 set, the seat
 * that owes a command at each line (else seat 0), so most lines meet a
 * state that can take them; clear, seat (byte 0 >> 2) % players throughout,
 * so commands out of turn are tried too. Byte 1: how many bot commands
 * (random bots, each seat when it owes) to play first, so the lines meet
 * every phase (a game takes some 120 to 240); it also seeds the game with
 * byte 0. Then lines of the command language.
 */
static inline int
mqfz_ms_command(const uint8_t *data, size_t size)
{
	const struct mq_game_kind *k = &mq_masquerade_kind;
	const void *gd = mqfz_ms_load();
	struct mq_setup s;
	struct mq_rng rng;
	struct mq_cmd cmd;
	struct mq_err err;
	void *st = NULL;
	char *text, *line, *nl;
	int i, steps, seat, owing, fixed;

	if (size < 2 || size > 16384)
		return 0;
	memset(&s, 0, sizeof(s));
	s.nplayers = 3 + data[0] % 3;
	for (i = 0; i < s.nplayers; i++)
		s.names[i] = mqfz_names[i];
	memset(s.seed, 0x5a, sizeof(s.seed));
	s.seed[0] = data[0];
	s.seed[1] = data[1];
	owing = data[0] & 0x80;
	fixed = (data[0] >> 2) % s.nplayers;
	if ((st = mqfz_prefix_get(k, mqfz_ms_prefix, &mqfz_ms_clock, data)) !=
	    NULL)
		goto lines;
	if (k->setup(gd, &s, &st, &err) != 0)
		mqfz_broken("masquerade: setup refused", err.msg);
	if (k->check(st, &err) != 0)
		mqfz_broken("masquerade: an invariant broke at setup", err.msg);
	mq_rng_open(&rng, s.seed, "fuzz-bot", 0, 0);
	for (steps = data[1]; steps > 0 && !k->is_over(st); steps--) {
		if ((seat = mqfz_ms_owing(st)) < 0)
			mqfz_broken("masquerade", "nobody owes a command, "
			    "but the game is not over");
		if (k->bot(st, seat, 0, &rng, &cmd, 1) != 1)
			mqfz_broken("masquerade: a bot has no command for",
			    k->owes(st, seat));
		if (k->apply(st, seat, &cmd, &err) != 0)
			mqfz_broken("masquerade: a bot's command was refused",
			    err.msg);
		if (k->check(st, &err) != 0)
			mqfz_broken("masquerade: an invariant broke after a bot",
			    err.msg);
	}
	mqfz_ms_views(st);
	mqfz_prefix_put(k, mqfz_ms_prefix, &mqfz_ms_clock, data, st);
lines:
	if ((text = malloc(size - 1)) == NULL)
		abort();
	memcpy(text, data + 2, size - 2);
	text[size - 2] = '\0';
	for (line = text; line != NULL; line = nl) {
		if ((nl = strchr(line, '\n')) != NULL)
			*nl++ = '\0';
		seat = fixed;
		if (owing && (seat = mqfz_ms_owing(st)) < 0)
			seat = 0;
		st = mqfz_ms_line(st, seat, line);
	}
	free(text);
	k->free_state(st);
	return 0;
}

/* ---- the log reader ----------------------------------------------------- */

/* The fuzz key: a fixed seed, so the corpus logs are signed by it. */
#define MQFZ_KEY_SEED	0x42

static inline void
mqfz_key(unsigned char pk[MQ_LOG_PKLEN], unsigned char sk[MQ_LOG_SKLEN])
{
	unsigned char seed[crypto_sign_SEEDBYTES];

	memset(seed, MQFZ_KEY_SEED, sizeof(seed));
	crypto_sign_seed_keypair(pk, sk, seed);
}

/* Open bytes as a log file (a memfd, read through /proc) and walk it. */
static inline void
mqfz_read_log(const char *bytes, size_t len, const unsigned char *pk)
{
	const struct mq_log_entry *e;
	struct mq_logfile *lf;
	struct mq_err err, err2, why;
	char path[64];
	uint64_t n = 0, seq = 0, bad;
	int fd, rc, src;

	if ((fd = (int)syscall(SYS_memfd_create, "mqfz-log", 0)) == -1) {
		perror("fuzz: memfd_create");
		abort();
	}
	if (len > 0 && write(fd, bytes, len) != (ssize_t)len) {
		perror("fuzz: write");
		abort();
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	mq_err_clear(&err);
	if ((rc = mq_logfile_open_read(path, pk, &lf, &err)) == 0) {
		if ((seq = mq_logfile_seq(lf)) == 0)
			mqfz_broken("log", "an open log without entries");
		while (mq_logfile_next(lf, &e, &err) == 0 && e != NULL)
			n++;
		if (n != seq)
			mqfz_broken("log", "the iterator and the chain disagree");
		mq_logfile_close(lf);
	} else if (err.msg[0] == '\0')
		mqfz_broken("log", "a refusal without a sentence");
	/*
	 * The same bytes as far as they are sound (the damaged game's
	 * history commands): a sound log opens whole; a log damaged after
	 * its first entry opens holding the entries before the damage, with
	 * the sentence open_read gave; one damaged at its first fails as
	 * open_read did.
	 */
	mq_err_clear(&why);
	mq_err_clear(&err2);
	src = mq_logfile_open_sound(path, pk, 0, &lf, &bad, &why, &err2);
	if (src == 0) {
		if (rc == 0 && (bad != 0 || mq_logfile_seq(lf) != seq))
			mqfz_broken("log", "open_sound cut a sound log");
		if (rc != 0 && (rc != MQ_BADDATA || bad < 2 ||
		    mq_logfile_seq(lf) != bad - 1))
			mqfz_broken("log: open_sound kept the wrong entries",
			    err.msg);
		if (rc != 0 && strcmp(why.msg, err.msg) != 0)
			mqfz_broken("log: open_sound and open_read give other "
			    "sentences", why.msg);
		for (n = 0; mq_logfile_next(lf, &e, &err2) == 0 && e != NULL; )
			n++;
		if (n != mq_logfile_seq(lf))
			mqfz_broken("log", "open_sound: the iterator and the "
			    "chain disagree");
		mq_logfile_close(lf);
	} else if (src != rc || strcmp(err2.msg, err.msg) != 0)
		mqfz_broken("log: open_sound failed otherwise than open_read",
		    err2.msg);
	close(fd);
}

/*
 * Three passes over the bytes: each line through mq_log_parse_line alone;
 * the bytes as a log file; and the bytes with every line's body re-signed
 * by the fuzz key, so that mutated bodies get past the hash and signature
 * to the chain and commitment checks behind them.
 */
static inline int
mqfz_log(const uint8_t *data, size_t size)
{
	static int ready;
	static unsigned char pk[MQ_LOG_PKLEN], sk[MQ_LOG_SKLEN];
	const char *p = (const char *)data, *end = p + size, *nl, *tab;
	struct mq_buf scratch = MQ_BUF_INIT, out = MQ_BUF_INIT;
	struct mq_buf canon = MQ_BUF_INIT;
	unsigned char h[MQ_LOG_HASHLEN], sig[MQ_LOG_SIGLEN];
	char hex[MQ_LOG_HEXLEN + 1], b64[MQ_LOG_B64LEN + 1];
	struct mq_log_entry e;
	struct mq_err err;
	uint64_t lineno = 0;

	if (size > MQFZ_MAX_INPUT)
		return 0;
	if (!ready) {
		if (sodium_init() < 0)
			abort();
		mqfz_key(pk, sk);
		ready = 1;
	}
	for (; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		lineno++;
		if (mq_log_parse_line(p, (size_t)(nl - p), lineno, 1, &e,
		    &scratch, &err) == 0) {
			if (e.body == NULL)
				mqfz_broken("log", "a parsed line without a body");
			/* log.h: the body is its own canonical dump, and the
			 * hash it carries is the body's */
			mq_buf_reset(&canon);
			if (mq_log_canon(e.body, &canon, &err) != 0 ||
			    canon.len != e.body_len ||
			    memcmp(mq_buf_str(&canon), p, canon.len) != 0)
				mqfz_broken("log", "a parsed body is not canonical");
			mq_log_hash(p, e.body_len, h);
			if (memcmp(h, e.hash, sizeof(h)) != 0)
				mqfz_broken("log", "a parsed line's hash is not "
				    "its body's");
		}
		json_decref(e.body);
		if (mq_log_parse_line(p, (size_t)(nl - p), lineno, 0, &e,
		    &scratch, &err) == 0 && e.body == NULL)
			mqfz_broken("log", "a reloaded line without a body");
		json_decref(e.body);
		/* re-sign: the body is whatever precedes the first TAB */
		tab = memchr(p, '\t', (size_t)(nl - p));
		if (tab == NULL)
			tab = nl;
		mq_buf_add(&out, p, (size_t)(tab - p));
		mq_log_hash(p, (size_t)(tab - p), h);
		crypto_sign_detached(sig, NULL, h, sizeof(h), sk);
		sodium_bin2hex(hex, sizeof(hex), h, sizeof(h));
		sodium_bin2base64(b64, sizeof(b64), sig, sizeof(sig),
		    sodium_base64_VARIANT_ORIGINAL);
		mq_buf_printf(&out, "\t%s\t%s", hex, b64);
		if (nl < end)
			mq_buf_putc(&out, '\n');
	}
	mqfz_read_log((const char *)data, size, NULL);
	mqfz_read_log(mq_buf_str(&out), out.len, pk);
	mq_buf_free(&out);
	mq_buf_free(&scratch);
	mq_buf_free(&canon);
	return 0;
}

/* ---- a refusal's sentence into the reader's language ------------------- */

static struct mq_refusals *mqfz_refusals;

/* A few game words for the "names" arguments (a card, a room, a Spell);
 * any other word is unknown, as a player's own would be. ctx is the
 * reader's language, as the daemon's data_name answers in it: English
 * gets the English name back, not the Japanese one (a sentence naming
 * March read in English is not changed). */
static const char *
mqfz_name(void *ctx, const char *word, size_t len)
{
	static const char *const words[] = { "jest", "冗談", "blue", "青の間",
	    "March", "行進曲", "Tower", "塔", NULL };
	int en = strcmp((const char *)ctx, "en") == 0;
	size_t k;

	for (k = 0; words[k] != NULL; k += 2)
		if (strlen(words[k]) == len && strncmp(words[k], word, len) == 0)
			return words[k + (en ? 0 : 1)];
	return NULL;
}

/* Whether out is s with some of its spaces as no-break spaces (U+00A0),
 * and nothing else changed: English's catalog holds examples whole. */
static inline int
mqfz_same_but_spaces(const char *out, const char *s)
{
	while (*out != '\0' || *s != '\0') {
		if (*out == *s) {
			out++;
			s++;
		} else if (*s == ' ' && (unsigned char)out[0] == 0xc2 &&
		    (unsigned char)out[1] == 0xa0) {
			out += 2;
			s++;
		} else
			return 0;
	}
	return 1;
}

/*
 * The sentence a refusal carries holds the player's own words ("dance" is
 * not a command...), so the matcher reads text a player chose: any UTF-8
 * sentence translates to valid UTF-8 (or comes back as it was), never
 * fails but for memory, and English gives it back word for word (a command
 * example's spaces may come back as no-break spaces).
 */
static inline int
mqfz_refusal(const uint8_t *data, size_t size)
{
	static const char *const langs[] = { "ja", "zh", "en" };
	const char *root = getenv("MQ_ROOT");
	struct mq_refusal_names names = { mqfz_name, NULL };
	struct mq_buf out = MQ_BUF_INIT;
	struct mq_err err;
	char dir[4200], *s;
	size_t i;
	int rc;

	if (size > 4096)
		return 0;
	if (mqfz_refusals == NULL) {
		snprintf(dir, sizeof(dir), "%s%stemplates", root ? root : "",
		    root ? "/" : "");
		if ((mqfz_refusals = mq_refusals_new(dir)) == NULL ||
		    mq_refusals_load(mqfz_refusals, "ja", &err) != 0 ||
		    mq_refusals_load(mqfz_refusals, "zh", &err) != 0) {
			fprintf(stderr, "fuzz: cannot load the refusal catalogs of %s\n",
			    dir);
			exit(2);
		}
	}
	if ((s = malloc(size + 1)) == NULL)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (strlen(s) != size || !mq_mime_utf8_valid(s, size)) {
		free(s);	/* the engine's sentences are UTF-8 without NUL */
		return 0;
	}
	for (i = 0; i < sizeof(langs) / sizeof(langs[0]); i++) {
		mq_buf_reset(&out);
		mq_err_clear(&err);
		/* every other input with a name lookup: the "names" path
		 * too, the names in the language read */
		names.ctx = (void *)langs[i];
		rc = mq_refusals_translate_names(mqfz_refusals, langs[i], s,
		    size % 2 ? &names : NULL, &out, &err);
		if (rc != 0 && rc != MQ_IO)
			mqfz_broken("refusal", err.msg);
		if (rc != 0)
			continue;
		mqfz_check_text("refusal", mq_buf_str(&out));
		if (i == 2 && !mqfz_same_but_spaces(mq_buf_str(&out), s))
			mqfz_broken("refusal", "English came back changed");
	}
	mq_buf_free(&out);
	free(s);
	return 0;
}

/*
 * A file a player kept (kept.h), as `verify-receipt` reads it: its text
 * (a whole mail through GMime), the receipt in it and its checkpoint. Each
 * answers found, none, or a sentence; a checkpoint found names a game of
 * 8 letters and an entry from 1, and its signature check never crashes.
 */
static inline int
mqfz_kept(const uint8_t *data, size_t size)
{
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_checkpoint cp;
	struct mq_receipt r;
	struct mq_err err;
	int rc;

	if (size > MQFZ_MAX_INPUT)
		return 0;
	mq_err_clear(&err);
	rc = mq_kept_text((const char *)data, size, "kept", &text, &err);
	if (rc != 0) {
		if (rc != MQ_BADDATA && rc != MQ_IO)
			mqfz_broken("kept", err.msg);
		mq_buf_free(&text);
		return 0;
	}
	memset(&r, 0, sizeof(r));
	rc = mq_receipt_find(mq_buf_str(&text), text.len, NULL, &r, &err);
	if (rc != 0 && rc != 1 && rc != MQ_BADDATA && rc != MQ_IO)
		mqfz_broken("kept", "the receipt's check gave an odd code");
	mq_receipt_free(&r);
	rc = mq_checkpoint_find(mq_buf_str(&text), text.len, &cp, &err);
	if (rc == 0) {
		if (strlen(cp.game) != MQ_GAME_ID_LEN || cp.seq < 1)
			mqfz_broken("kept", "a checkpoint without its game or entry");
		/* checkpoint.h: verifies, or MQ_BADDATA with a sentence */
		mq_err_clear(&err);
		rc = mq_checkpoint_check(&cp, NULL, &err);
		if (rc != 0 && (rc != MQ_BADDATA || err.msg[0] == '\0'))
			mqfz_broken("kept", "the checkpoint's check gave an "
			    "odd code or no sentence");
	} else if (rc != 1 && rc != MQ_BADDATA)
		mqfz_broken("kept", "the checkpoint's read gave an odd code");
	mq_buf_free(&text);
	return 0;
}

#include "targets_submit.h"

#endif
