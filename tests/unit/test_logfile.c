/*
 * test_logfile.c - one game's log file (daemon/logfile.c): round trip,
 * tampering of every kind, recovery from a torn write at every byte,
 * locking between two writer processes, another key, and an export that
 * the independent Python verifier accepts.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "durable.h"
#include "daemon/commit.h"
#include "daemon/keys.h"
#include "daemon/log.h"
#include "daemon/logfile.h"

#define GAME	"g7f3abcd"
#define MID	3		/* the entry tampered with */

static struct mq_keys key, key2;
static char dir[64], logpath[128], qpath[128], tmppath[128];

static int
setup(void **state)
{
	if (sodium_init() < 0)
		return -1;
	crypto_sign_keypair(key.pk, key.sk);
	crypto_sign_keypair(key2.pk, key2.sk);
	snprintf(dir, sizeof(dir), "%s", "/tmp/mq-test-logfile.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(logpath, sizeof(logpath), "%s/log", dir);
	snprintf(qpath, sizeof(qpath), "%s/quarantine", dir);
	snprintf(tmppath, sizeof(tmppath), "%s/tampered", dir);
	return 0;
}

static int
teardown(void **state)
{
	char p[160];

	unlink(logpath);
	unlink(qpath);
	unlink(tmppath);
	snprintf(p, sizeof(p), "%s/export.json", dir);
	unlink(p);
	rmdir(dir);
	return 0;
}

/* Each test starts with no log. */
static int
fresh(void **state)
{
	unlink(logpath);
	unlink(qpath);
	unlink(tmppath);
	return 0;
}

static json_t *
game_data(void)
{
	return json_pack("{s:s, s:[s,s]}", "kind", "redmasque", "rooms",
	    "blue", "purple");
}

static json_t *
genesis(void)
{
	unsigned char seed[32], salt[32], h[32];
	struct mq_buf b = MQ_BUF_INIT;
	char hex[65];
	json_t *g, *data = game_data();

	memset(seed, 7, sizeof(seed));
	memset(salt, 9, sizeof(salt));
	assert_int_equal(mq_log_canon(data, &b, NULL), 0);
	crypto_generichash(h, 32, (unsigned char *)b.data, b.len, NULL, 0);
	sodium_bin2hex(hex, sizeof(hex), h, 32);
	/* the players as replay.c reads them (verify_export.py checks the
	 * end entry's names against them) */
	g = json_pack("{s:s, s:i, s:s, s:s, s:[{s:s, s:i}, {s:s, s:i}, "
	    "{s:s, s:i}], s:s}", "game", GAME, "ts", 1000, "type", "genesis",
	    "kind", "redmasque", "players", "name", "alice", "seat", 0, "name",
	    "bob", "seat", 1, "name", "carol", "seat", 2, "data_hash", hex);
	assert_int_equal(mq_commit_genesis(g, seed, salt, NULL), 0);
	json_decref(data);
	mq_buf_free(&b);
	return g;
}

/* A mail's entry: a secret PLAY (with awkward characters) and a STATUS. */
static json_t *
command(const char *player, int ts)
{
	return json_pack("{s:s, s:i, s:s, s:s, s:[{s:s, s:b}, {s:s, s:b}]}",
	    "game", GAME, "ts", ts, "type", "command", "player", player,
	    "commands", "text", "PLAY jest TARGET carol SLOT 12:30 /é日\x01",
	    "secret", 1, "text", "STATUS", "secret", 0);
}

static void
append_one(struct mq_logfile *lf, json_t *body)
{
	struct mq_err err;

	if (mq_logfile_append(lf, &body, 1, NULL, &err) != 0)
		fail_msg("append: %s", err.msg);
	json_decref(body);
}

/* genesis, 3 commands, a reveal of them, one more command: 6 entries. */
static void
build_log(void)
{
	struct mq_logfile *lf;
	struct mq_err err;
	json_t *g = genesis();

	if (mq_logfile_create(logpath, &key, g, NULL, &lf, &err) != 0)
		fail_msg("create: %s", err.msg);
	json_decref(g);
	append_one(lf, command("alice", 1001));
	append_one(lf, command("bob", 1002));
	append_one(lf, command("carol", 1003));
	append_one(lf, json_pack("{s:s, s:i, s:s, s:[i,i,i]}", "game", GAME,
	    "ts", 1004, "type", "reveal", "opens", 2, 3, 4));
	append_one(lf, command("alice", 1005));
	assert_int_equal(mq_logfile_seq(lf), 6);
	mq_logfile_close(lf);
}

static char *
slurp(const char *path, size_t *len)
{
	struct stat st;
	char *p;
	int fd;

	if ((fd = open(path, O_RDONLY)) == -1)
		return NULL;
	assert_int_equal(fstat(fd, &st), 0);
	p = malloc((size_t)st.st_size + 1);
	assert_int_equal(read(fd, p, (size_t)st.st_size), st.st_size);
	p[st.st_size] = '\0';
	*len = (size_t)st.st_size;
	close(fd);
	return p;
}

static void
spit(const char *path, const char *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, data, len), (ssize_t)len);
	close(fd);
}

/* The log's lines (each with its LF) in l[0..n). */
struct lines {
	char *l[16];
	size_t n;
	char *all;
};

static void
split_log(struct lines *ls)
{
	size_t len;
	char *p, *nl;

	ls->all = slurp(logpath, &len);
	assert_non_null(ls->all);
	for (ls->n = 0, p = ls->all; (nl = strchr(p, '\n')) != NULL; p = nl + 1) {
		ls->l[ls->n] = strndup(p, (size_t)(nl - p + 1));
		ls->n++;
	}
}

static void
free_lines(struct lines *ls)
{
	size_t i;

	for (i = 0; i < ls->n; i++)
		free(ls->l[i]);
	free(ls->all);
}

/* Write the lines to the tampered file, but line `skip`, line `replace`
 * replaced by `with`. */
static void
write_lines(struct lines *ls, size_t skip, size_t replace, const char *with)
{
	struct mq_buf b = MQ_BUF_INIT;
	size_t i;

	for (i = 0; i < ls->n; i++)
		if (i + 1 == replace)
			mq_buf_puts(&b, with);
		else if (i + 1 != skip)
			mq_buf_puts(&b, ls->l[i]);
	spit(tmppath, b.data, b.len);
	mq_buf_free(&b);
}

static void
expect_bad(int seq, const char *why)
{
	struct mq_err err;
	char want[32];

	mq_err_clear(&err);
	assert_int_equal(mq_logfile_verify(tmppath, key.pk, NULL, &err),
	    MQ_BADDATA);
	snprintf(want, sizeof(want), "entry %d: ", seq);
	if (strncmp(err.msg, want, strlen(want)) != 0 ||
	    (why != NULL && strstr(err.msg, why) == NULL))
		fail_msg("expected \"%s...%s\", got \"%s\"", want,
		    why ? why : "", err.msg);
}

static void
round_trip_verifies(void **state)
{
	const struct mq_log_entry *e;
	struct mq_logfile *lf;
	struct mq_err err;
	uint64_t n = 0, i = 0;

	build_log();
	if (mq_logfile_verify(logpath, key.pk, &n, &err) != 0)
		fail_msg("%s", err.msg);
	assert_int_equal(n, 6);
	assert_int_equal(mq_logfile_open_read(logpath, key.pk, &lf, &err), 0);
	assert_string_equal(mq_logfile_game(lf), GAME);
	while (mq_logfile_next(lf, &e, &err) == 0 && e != NULL) {
		assert_int_equal(e->seq, ++i);
		assert_int_equal(json_integer_value(json_object_get(e->body,
		    "seq")), i);
	}
	assert_int_equal(i, 6);
	mq_logfile_rewind(lf);
	assert_int_equal(mq_logfile_next(lf, &e, &err), 0);
	assert_int_equal(e->type, MQ_LOG_GENESIS);
	mq_logfile_close(lf);
	/* Trusting the genesis key instead gives the same key. */
	assert_int_equal(mq_logfile_open_read(logpath, NULL, &lf, &err), 0);
	assert_memory_equal(mq_logfile_pubkey(lf), key.pk, 32);
	mq_logfile_close(lf);
}

static void
append_returns_what_a_receipt_needs(void **state)
{
	struct mq_log_signed out[2];
	struct mq_logfile *lf;
	struct mq_err err;
	unsigned char h[32];
	char hex[65];
	json_t *b[2];
	struct lines ls;

	build_log();
	assert_int_equal(mq_logfile_open_write(logpath, &key, &lf, &err), 0);
	b[0] = command("bob", 2000);
	b[1] = command("carol", 2000);
	/* Two entries, one group commit. */
	assert_int_equal(mq_logfile_append(lf, b, 2, out, &err), 0);
	assert_int_equal(out[0].seq, 7);
	assert_int_equal(out[1].seq, 8);
	mq_log_hash(out[1].body, strlen(out[1].body), h);
	sodium_bin2hex(hex, sizeof(hex), h, 32);
	assert_string_equal(out[1].hash, hex);
	mq_logfile_head(lf, h);
	assert_string_equal(out[1].hash, hex);
	/* The body given was filled in: salt and commit of the secret one. */
	assert_non_null(json_object_get(json_array_get(json_object_get(b[0],
	    "commands"), 0), "commit"));
	assert_null(json_object_get(json_array_get(json_object_get(b[0],
	    "commands"), 1), "commit"));
	mq_logfile_close(lf);
	split_log(&ls);
	assert_int_equal(ls.n, 8);
	assert_memory_equal(ls.l[7], out[1].body, strlen(out[1].body));
	free_lines(&ls);
	mq_log_signed_free(out, 2);
	json_decref(b[0]);
	json_decref(b[1]);
	assert_int_equal(mq_logfile_verify(logpath, key.pk, NULL, &err), 0);
}

/* An append is durable before it returns: inside a batch (durable.h) it
 * notes the log's file system for the batch's flush, as outside one it
 * fsyncs the log. An append that wrote the entry and synced nothing passed
 * every other test here (the bytes are in the file either way). */
static void
append_is_made_durable(void **state)
{
	struct mq_logfile *lf;
	struct mq_err err;
	struct stat sb;

	build_log();
	assert_int_equal(stat(logpath, &sb), 0);
	assert_int_equal(mq_logfile_open_write(logpath, &key, &lf, &err), 0);
	mq_durable_begin();
	assert_false(mq_durable_covers((unsigned long long)sb.st_dev));
	append_one(lf, command("alice", 3000));
	assert_true(mq_durable_covers((unsigned long long)sb.st_dev));
	assert_int_equal(mq_durable_commit(&err), 0);
	mq_logfile_close(lf);
	assert_int_equal(mq_logfile_verify(logpath, key.pk, NULL, &err), 0);
}

static void
create_refuses_an_existing_log(void **state)
{
	struct mq_err err;
	json_t *g = genesis();
	size_t len1, len2;
	char *before, *after;

	build_log();
	before = slurp(logpath, &len1);
	assert_int_equal(mq_logfile_create(logpath, &key, g, NULL, NULL, &err),
	    MQ_REFUSED);
	after = slurp(logpath, &len2);
	assert_int_equal(len1, len2);
	assert_memory_equal(before, after, len1);
	free(before);
	free(after);
	json_decref(g);
}

static void
append_refuses_a_real_and_writes_nothing(void **state)
{
	struct mq_logfile *lf;
	struct mq_err err;
	json_t *b = json_pack("{s:s, s:i, s:s, s:f}", "game", GAME, "ts", 5,
	    "type", "admin", "extend", 1.5);
	size_t len1, len2;
	char *before, *after;

	build_log();
	before = slurp(logpath, &len1);
	assert_int_equal(mq_logfile_open_write(logpath, &key, &lf, &err), 0);
	assert_int_equal(mq_logfile_append(lf, &b, 1, NULL, &err), MQ_REFUSED);
	assert_int_equal(mq_logfile_seq(lf), 6);
	json_decref(b);
	/* A bad type field is refused too, by the verifier's own checks. */
	b = json_pack("{s:s, s:i, s:s, s:[i]}", "game", GAME, "ts", 5,
	    "type", "reveal", "opens", 5);
	assert_int_equal(mq_logfile_append(lf, &b, 1, NULL, &err), MQ_BADDATA);
	assert_non_null(strstr(err.msg, "not a command"));
	json_decref(b);
	append_one(lf, command("bob", 7));
	mq_logfile_close(lf);
	after = slurp(logpath, &len2);
	assert_true(len2 > len1);
	assert_memory_equal(before, after, len1);
	assert_int_equal(mq_logfile_verify(logpath, key.pk, NULL, &err), 0);
	free(before);
	free(after);
}

static void
tampering_any_byte_of_an_entry_names_it(void **state)
{
	struct lines ls;
	char *line;
	size_t i, len;

	build_log();
	split_log(&ls);
	len = strlen(ls.l[MID - 1]);
	line = strdup(ls.l[MID - 1]);
	/* Every byte of body, hash and signature, but the TABs and the LF. */
	for (i = 0; i + 1 < len; i++) {
		if (line[i] == '\t')
			continue;
		line[i] ^= 1;
		if (line[i] == '\t' || line[i] == '\n')
			line[i] ^= 3;
		write_lines(&ls, 0, MID, line);
		expect_bad(MID, NULL);
		memcpy(line, ls.l[MID - 1], len + 1);
	}
	free(line);
	free_lines(&ls);
}

static void
swapped_dropped_and_foreign_lines_fail(void **state)
{
	struct mq_buf b = MQ_BUF_INIT;
	struct lines ls;
	unsigned char h[32];
	char hex[65], kid[17];
	json_t *body;
	size_t i;

	build_log();
	split_log(&ls);
	/* Swap entries MID and MID + 1. */
	for (i = 0; i < ls.n; i++)
		mq_buf_puts(&b, ls.l[i == MID - 1 ? MID : i == MID ? MID - 1 : i]);
	spit(tmppath, b.data, b.len);
	expect_bad(MID, "seq");
	/* Drop entry MID. */
	write_lines(&ls, MID, 0, NULL);
	expect_bad(MID, "seq");
	/* Append an entry signed by another key, with the right kid. */
	mq_buf_reset(&b);
	mq_buf_puts(&b, ls.all);
	body = command("bob", 3000);
	json_object_set_new(body, "v", json_integer(1));
	json_object_set_new(body, "seq", json_integer(7));
	mq_log_hash(ls.l[5], strchr(ls.l[5], '\t') - ls.l[5], h);
	sodium_bin2hex(hex, sizeof(hex), h, 32);
	json_object_set_new(body, "prev", json_string(hex));
	mq_log_kid(key.pk, kid);
	json_object_set_new(body, "kid", json_string(kid));
	assert_int_equal(mq_commit_fill(body, (unsigned char *)"\7\7\7\7\7\7\7"
	    "\7\7\7\7\7\7\7\7\7\7\7\7\7\7\7\7\7\7\7\7\7\7\7\7\7", NULL), 0);
	assert_int_equal(mq_log_sign_line(body, key2.sk, &b, NULL, NULL), 0);
	spit(tmppath, b.data, b.len);
	expect_bad(7, "signature does not verify");
	/* The same entry signed by the right key is sound. */
	mq_buf_reset(&b);
	mq_buf_puts(&b, ls.all);
	assert_int_equal(mq_log_sign_line(body, key.sk, &b, NULL, NULL), 0);
	spit(tmppath, b.data, b.len);
	assert_int_equal(mq_logfile_verify(tmppath, key.pk, NULL, NULL), 0);
	/* With the other key's kid, the kid is wrong. */
	mq_buf_reset(&b);
	mq_buf_puts(&b, ls.all);
	mq_log_kid(key2.pk, kid);
	json_object_set_new(body, "kid", json_string(kid));
	assert_int_equal(mq_log_sign_line(body, key2.sk, &b, NULL, NULL), 0);
	spit(tmppath, b.data, b.len);
	expect_bad(7, "kid");
	{	/* the kid it names, and the trusted key whole (it gave that
		 * key's kid alone) */
		struct mq_err err;
		char k1[17], h1[65], want[300];

		mq_log_kid(key.pk, k1);
		sodium_bin2hex(h1, sizeof(h1), key.pk, 32);
		snprintf(want, sizeof(want), "entry 7: the kid does not match "
		    "the trusted key: the entry names kid %s, the trusted key "
		    "is %s (kid %s).", kid, h1, k1);
		assert_int_equal(mq_logfile_verify(tmppath, key.pk, NULL, &err),
		    MQ_BADDATA);
		assert_string_equal(err.msg, want);
	}
	json_decref(body);
	mq_buf_free(&b);
	free_lines(&ls);
}

/* Re-sign a body string (as is, canonical or not) as a whole line. */
static char *
resign(const char *body)
{
	struct mq_buf b = MQ_BUF_INIT;
	unsigned char h[32], sig[64];
	char hex[65], b64[89];

	mq_log_hash(body, strlen(body), h);
	crypto_sign_detached(sig, NULL, h, 32, key.sk);
	sodium_bin2hex(hex, sizeof(hex), h, 32);
	sodium_bin2base64(b64, sizeof(b64), sig, 64,
	    sodium_base64_VARIANT_ORIGINAL);
	mq_buf_printf(&b, "%s\t%s\t%s\n", body, hex, b64);
	return mq_buf_steal(&b);
}

/* Entry MID's body with the first `from` replaced by `to`, re-signed. */
static void
expect_resigned_bad(struct lines *ls, const char *from, const char *to,
    const char *why)
{
	struct mq_buf b = MQ_BUF_INIT;
	const char *line = ls->l[MID - 1], *tab = strchr(line, '\t');
	const char *at = strstr(line, from);
	char *l;

	assert_non_null(at);
	assert_true(at < tab);
	mq_buf_add(&b, line, (size_t)(at - line));
	mq_buf_puts(&b, to);
	mq_buf_add(&b, at + strlen(from), (size_t)(tab - at - strlen(from)));
	l = resign(b.data);
	write_lines(ls, 0, MID, l);
	expect_bad(MID, why);
	free(l);
	mq_buf_free(&b);
}

static void
resigned_bad_bodies_fail(void **state)
{
	struct mq_buf b = MQ_BUF_INIT;
	struct lines ls;
	json_t *body, *o;
	const char *key_;
	void *it;
	char *l, *s;

	build_log();
	split_log(&ls);
	/* Right key, but a wrong prev. */
	expect_resigned_bad(&ls, "\"prev\":\"", "\"prev\":\"0", "prev");
	/* Not canonical: a space, an escaped character, keys out of order. */
	expect_resigned_bad(&ls, "\"player\":", "\"player\": ", "canonical");
	expect_resigned_bad(&ls, "\"bob\"", "\"b\\u006fb\"", "canonical");
	body = json_loadb(ls.l[MID - 1], strcspn(ls.l[MID - 1], "\t"), 0, NULL);
	assert_non_null(body);
	o = json_object();
	/* jansson keeps insertion order: insert in reverse sorted order. */
	{
		const char *keys[32];
		size_t n = 0;

		json_object_foreach(body, key_, it)
			keys[n++] = key_;
		while (n-- > 0)
			json_object_set(o, keys[n], json_object_get(body, keys[n]));
	}
	s = json_dumps(o, JSON_COMPACT);
	assert_int_not_equal(strncmp(s, ls.l[MID - 1], strlen(s)), 0);
	l = resign(s);
	write_lines(&ls, 0, MID, l);
	expect_bad(MID, "canonical");
	free(l);
	free(s);
	json_decref(o);
	json_decref(body);
	/* A real, a duplicate key, invalid UTF-8, a NUL. */
	expect_resigned_bad(&ls, "\"v\":1", "\"v\":1.0", "real");
	expect_resigned_bad(&ls, "\"commands\"", "\"a\":1,\"a\":1,\"commands\"",
	    "duplicate");
	expect_resigned_bad(&ls, "\"bob\"", "\"b\xffo\"", "UTF-8");
	expect_resigned_bad(&ls, "\"bob\"", "\"b\\u0000b\"", "NUL");
	/* A wrong salt or commit, re-signed: the commitment check catches it. */
	s = strstr(ls.l[MID - 1], "\"salt\":\"") + 8;
	mq_buf_add(&b, s, 64);
	expect_resigned_bad(&ls, b.data, "0000000000000000000000000000000000000000000000000000000000000000",
	    "salt");
	mq_buf_reset(&b);
	s = strstr(ls.l[MID - 1], "\"commit\":\"") + 10;
	mq_buf_add(&b, s, 64);
	expect_resigned_bad(&ls, b.data, "0000000000000000000000000000000000000000000000000000000000000000",
	    "commitment");
	/* A changed secret command with its old salt and commit. */
	expect_resigned_bad(&ls, "TARGET carol", "TARGET alice", "commitment");
	/* A blind that is not the seed's (it could carry anything). */
	mq_buf_reset(&b);
	s = strstr(ls.l[MID - 1], "\"blind\":\"") + 9;
	mq_buf_add(&b, s, 64);
	expect_resigned_bad(&ls, b.data, "0000000000000000000000000000000000000000000000000000000000000000",
	    "blind");
	mq_buf_free(&b);
	free_lines(&ls);
}

static void
another_key_fails_at_entry_1(void **state)
{
	struct mq_err err;
	char k1[17], k2[17], h1[65], h2[65], want[400];

	build_log();
	assert_int_equal(mq_logfile_verify(logpath, key2.pk, NULL, &err),
	    MQ_BADDATA);
	mq_log_kid(key.pk, k1);
	mq_log_kid(key2.pk, k2);
	/* the keys whole, as the mails show the server key, and their kids */
	sodium_bin2hex(h1, sizeof(h1), key.pk, 32);
	sodium_bin2hex(h2, sizeof(h2), key2.pk, 32);
	snprintf(want, sizeof(want), "entry 1: the log is signed by another key "
	    "than the trusted one: by the key %s (kid %s), not %s (kid %s).",
	    h1, k1, h2, k2);
	assert_string_equal(err.msg, want);
	/* A writer with the other key refuses it too, and changes nothing. */
	{
		struct mq_logfile *lf;

		assert_int_equal(mq_logfile_open_write(logpath, &key2, &lf, &err),
		    MQ_BADDATA);
		assert_null(lf);
	}
}

static void
torn_write_at_every_byte_recovers(void **state)
{
	struct mq_logfile *lf;
	struct mq_err err;
	size_t len, last, cut, n;
	char *orig, *now, *q;
	struct stat st;

	build_log();
	orig = slurp(logpath, &len);
	for (last = len - 1; last > 0 && orig[last - 1] != '\n'; last--)
		continue;
	for (cut = last + 1; cut < len; cut++) {
		unlink(qpath);
		spit(logpath, orig, cut);
		/* A reader sees the good entries and changes nothing. */
		if (mq_logfile_open_read(logpath, key.pk, &lf, &err) != 0)
			fail_msg("cut %zu: %s", cut, err.msg);
		assert_int_equal(mq_logfile_seq(lf), 5);
		mq_logfile_close(lf);
		now = slurp(logpath, &n);
		assert_int_equal(n, cut);
		assert_memory_equal(now, orig, cut);
		free(now);
		assert_int_equal(stat(qpath, &st), -1);
		/* A writer quarantines the tail and truncates. */
		if (mq_logfile_open_write(logpath, &key, &lf, &err) != 0)
			fail_msg("cut %zu: %s", cut, err.msg);
		assert_int_equal(mq_logfile_seq(lf), 5);
		mq_logfile_close(lf);
		now = slurp(logpath, &n);
		assert_int_equal(n, last);
		assert_memory_equal(now, orig, last);
		free(now);
		q = slurp(qpath, &n);
		assert_non_null(q);
		assert_int_equal(n, cut - last + 1);
		assert_memory_equal(q, orig + last, cut - last);
		assert_int_equal(q[n - 1], '\n');
		free(q);
	}
	/* And appending after a recovery makes a sound log. */
	assert_int_equal(mq_logfile_open_write(logpath, &key, &lf, &err), 0);
	append_one(lf, command("bob", 4000));
	mq_logfile_close(lf);
	assert_int_equal(mq_logfile_verify(logpath, key.pk, &n, &err), 0);
	assert_int_equal(n, 6);
	free(orig);
}

/*
 * A quarantine file that takes only part of the tail (here: a file size
 * limit) is a failure that says why, and the log keeps its tail for the
 * next try. In a child, so that the limit binds nothing else.
 */
static void
quarantine_cut_short_says_why(void **state)
{
	struct mq_logfile *lf;
	struct mq_err err;
	struct rlimit rl;
	size_t len, n;
	char *orig, *now;
	pid_t pid;
	int st;

	build_log();
	{
		int fd = open(logpath, O_WRONLY | O_APPEND);

		assert_int_equal(write(fd, "{\"v\":1,\"seq\":7,\"torn", 20), 20);
		close(fd);
	}
	orig = slurp(logpath, &len);
	fflush(NULL);
	if ((pid = fork()) == 0) {
		signal(SIGXFSZ, SIG_IGN);
		rl.rlim_cur = rl.rlim_max = 10;	/* less than the tail */
		if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
			_exit(10);
		if (mq_logfile_open_write(logpath, &key, &lf, &err) != MQ_IO)
			_exit(11);
		if (strstr(err.msg, "Cannot write ") == NULL ||
		    strstr(err.msg, strerror(EFBIG)) == NULL) {
			fprintf(stderr, "sentence: %s\n", err.msg);
			_exit(12);
		}
		_exit(0);
	}
	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	now = slurp(logpath, &n);
	assert_int_equal(n, len);
	assert_memory_equal(now, orig, len);
	free(now);
	free(orig);
}

static void
bad_entry_before_torn_tail_changes_nothing(void **state)
{
	struct mq_logfile *lf;
	struct mq_err err;
	struct lines ls;
	struct stat st;
	size_t n;
	char *now;

	build_log();
	split_log(&ls);
	ls.l[1][10] ^= 1;
	write_lines(&ls, 0, 0, NULL);
	/* Add a torn tail after the damage. */
	{
		int fd = open(tmppath, O_WRONLY | O_APPEND);

		assert_int_equal(write(fd, "{\"v\":1", 6), 6);
		close(fd);
	}
	rename(tmppath, logpath);
	free(ls.all);
	ls.all = slurp(logpath, &n);
	assert_int_equal(mq_logfile_open_write(logpath, &key, &lf, &err),
	    MQ_BADDATA);
	assert_int_equal(strncmp(err.msg, "entry 2: ", 9), 0);
	now = slurp(logpath, &n);
	assert_memory_equal(now, ls.all, n);
	assert_int_equal(stat(qpath, &st), -1);
	free(now);
	free_lines(&ls);
}

static void
child_appends(int who)
{
	struct mq_logfile *lf;
	struct mq_err err;
	json_t *b;
	int i;

	for (i = 0; i < 100; i++) {
		if (mq_logfile_open_write(logpath, &key, &lf, &err) != 0) {
			fprintf(stderr, "child %d: %s\n", who, err.msg);
			_exit(1);
		}
		b = command(who ? "bob" : "alice", 5000 + i);
		if (mq_logfile_append(lf, &b, 1, NULL, &err) != 0) {
			fprintf(stderr, "child %d: %s\n", who, err.msg);
			_exit(1);
		}
		json_decref(b);
		mq_logfile_close(lf);
	}
	_exit(0);
}

static void
two_writers_serialize(void **state)
{
	const struct mq_log_entry *e;
	struct mq_logfile *lf;
	struct mq_err err;
	pid_t pid[2];
	int i, st, alice = 0, bob = 0;

	build_log();
	for (i = 0; i < 2; i++)
		if ((pid[i] = fork()) == 0)
			child_appends(i);
	for (i = 0; i < 2; i++) {
		assert_int_equal(waitpid(pid[i], &st, 0), pid[i]);
		assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	if (mq_logfile_open_read(logpath, key.pk, &lf, &err) != 0)
		fail_msg("%s", err.msg);
	assert_int_equal(mq_logfile_seq(lf), 206);
	while (mq_logfile_next(lf, &e, &err) == 0 && e != NULL) {
		json_int_t ts = json_integer_value(json_object_get(e->body, "ts"));
		const char *p = json_string_value(json_object_get(e->body,
		    "player"));

		if (ts >= 5000 && strcmp(p, "alice") == 0)
			alice++;
		else if (ts >= 5000 && strcmp(p, "bob") == 0)
			bob++;
	}
	assert_int_equal(alice, 100);
	assert_int_equal(bob, 100);
	mq_logfile_close(lf);
}

/* Run the Python verifier on an export file; its exit status. */
static int
run_verifier(const char *path, char *out, size_t outlen)
{
	char cmd[512];
	FILE *p;
	size_t n;

	snprintf(cmd, sizeof(cmd), "/usr/bin/python3 tests/verify_export.py "
	    "%s 2>&1", path);
	assert_non_null(p = popen(cmd, "r"));
	n = fread(out, 1, outlen - 1, p);
	out[n] = '\0';
	return WEXITSTATUS(pclose(p));
}

static void
export_passes_the_python_verifier(void **state)
{
	struct mq_logfile *lf;
	struct mq_err err;
	json_t *data = game_data(), *doc, *lines;
	char path[160], out[512], *s, *t;

	if (access("/usr/bin/python3", X_OK) != 0 ||
	    access("tests/verify_export.py", R_OK) != 0)
		skip();
	build_log();
	/* an export is of a game over: its end entry, as game_end.c
	 * writes it (verify_export.py refuses an export without one) */
	if (mq_logfile_open_write(logpath, &key, &lf, &err) != 0)
		fail_msg("open: %s", err.msg);
	append_one(lf, json_pack("{s:s, s:i, s:s, s:{s:s, s:s, s:[s]}}",
	    "game", GAME, "ts", 1006, "type", "end", "result", "by", "rules",
	    "winner", "alice", "alive", "alice"));
	mq_logfile_close(lf);
	snprintf(path, sizeof(path), "%s/export.json", dir);
	assert_int_equal(mq_logfile_open_read(logpath, key.pk, &lf, &err), 0);
	if (mq_logfile_export(lf, data, &s, &err) != 0)
		fail_msg("%s", err.msg);
	spit(path, s, strlen(s));
	if (run_verifier(path, out, sizeof(out)) != 0)
		fail_msg("verify_export.py: %s", out);
	assert_string_equal(out, "ok: 7 entries\n");
	/* A tampered line fails there too, naming the entry. */
	doc = json_loads(s, 0, NULL);
	lines = json_object_get(doc, "log");
	t = strdup(json_string_value(json_array_get(lines, MID - 1)));
	*strstr(t, "TARGET carol") = 'X';
	json_array_set_new(lines, MID - 1, json_string(t));
	free(t);
	free(s);
	s = json_dumps(doc, 0);
	spit(path, s, strlen(s));
	assert_int_equal(run_verifier(path, out, sizeof(out)), 1);
	assert_int_equal(strncmp(out, "entry 3: ", 9), 0);
	/* The wrong game data is refused by the export itself. */
	json_object_set_new(data, "kind", json_string("masquerade"));
	assert_int_equal(mq_logfile_export(lf, data, &t, &err), MQ_BADDATA);
	assert_null(t);
	free(s);
	json_decref(doc);
	json_decref(data);
	mq_logfile_close(lf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(round_trip_verifies, fresh),
		cmocka_unit_test_setup(append_returns_what_a_receipt_needs, fresh),
		cmocka_unit_test_setup(append_is_made_durable, fresh),
		cmocka_unit_test_setup(create_refuses_an_existing_log, fresh),
		cmocka_unit_test_setup(append_refuses_a_real_and_writes_nothing,
		    fresh),
		cmocka_unit_test_setup(tampering_any_byte_of_an_entry_names_it,
		    fresh),
		cmocka_unit_test_setup(swapped_dropped_and_foreign_lines_fail,
		    fresh),
		cmocka_unit_test_setup(resigned_bad_bodies_fail, fresh),
		cmocka_unit_test_setup(another_key_fails_at_entry_1, fresh),
		cmocka_unit_test_setup(torn_write_at_every_byte_recovers, fresh),
		cmocka_unit_test_setup(quarantine_cut_short_says_why, fresh),
		cmocka_unit_test_setup(bad_entry_before_torn_tail_changes_nothing,
		    fresh),
		cmocka_unit_test_setup(two_writers_serialize, fresh),
		cmocka_unit_test_setup(export_passes_the_python_verifier, fresh),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
