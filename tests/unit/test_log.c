/*
 * test_log.c - one log entry (daemon/log.c) and the key files
 * (daemon/keys.c): canonical form, hash, signature, line parsing, chain
 * checks, key creation and loading.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "daemon/keys.h"
#include "daemon/log.h"

#define GAME "abcdefgh"

static struct mq_keys key;

static int
setup_key(void **state)
{
	if (sodium_init() < 0)
		return -1;
	crypto_sign_keypair(key.pk, key.sk);
	return 0;
}

/*
 * The canonical dump that tests/verify_export.py must produce too: keys by
 * UTF-8 bytes, raw UTF-8, '/' unescaped, control characters as \u00XX with
 * upper-case hex (Python's json.dumps writes \u001b: the verifier mirrors
 * jansson, checked in tests/cli/verify_export_selftest.py).
 */
static void
canon_matches_python_verifier_bytes(void **state)
{
	struct mq_buf b = MQ_BUF_INIT;
	json_t *o;

	o = json_pack("{s:s, s:s, s:s, s:s, s:[b,b,n,i], s:i}",
	    "a/b", "x/y", "ctl", "\x01\x1b\x7f\t\n\"\\", "emoji", "\xf0\x9f\x98\x80",
	    "ja", "日本語", "z", 1, 0, -5, "é", 1);
	assert_non_null(o);
	assert_int_equal(mq_log_canon(o, &b, NULL), 0);
	assert_string_equal(mq_buf_str(&b), "{\"a/b\":\"x/y\",\"ctl\":"
	    "\"\\u0001\\u001B\x7f\\t\\n\\\"\\\\\",\"emoji\":\"\xf0\x9f\x98\x80\","
	    "\"ja\":\"日本語\",\"z\":[true,false,null,-5],\"é\":1}");
	json_decref(o);
	mq_buf_free(&b);
}

static void
canon_refuses_a_real_anywhere(void **state)
{
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err err;
	json_t *o = json_pack("{s:{s:[i,f]}}", "a", "b", 1, 1.0);

	assert_int_equal(mq_log_canon(o, &b, &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "real"));
	json_decref(o);
	mq_buf_free(&b);
}

static void
canon_appends_after_existing_bytes(void **state)
{
	struct mq_buf b = MQ_BUF_INIT;
	json_t *o = json_pack("{s:i}", "k", 7);
	int i;

	mq_buf_puts(&b, "x");
	/* Enough rounds to cross the in-place and the grow paths. */
	for (i = 0; i < 40; i++)
		assert_int_equal(mq_log_canon(o, &b, NULL), 0);
	assert_int_equal(b.len, 1 + 40 * strlen("{\"k\":7}"));
	assert_memory_equal(b.data, "x{\"k\":7}{\"k\":7}", 15);
	json_decref(o);
	mq_buf_free(&b);
}

static void
kid_is_hex_of_first_8_bytes_of_key_hash(void **state)
{
	unsigned char h[32];
	char kid[MQ_LOG_KIDLEN + 1], want[17];

	crypto_generichash(h, 32, key.pk, 32, NULL, 0);
	sodium_bin2hex(want, sizeof(want), h, 8);
	mq_log_kid(key.pk, kid);
	assert_string_equal(kid, want);
}

static void
hash_has_domain_prefix(void **state)
{
	unsigned char h[32], want[32];
	const char *m = "masqued-log-v1\n{\"a\":1}";

	crypto_generichash(want, 32, (const unsigned char *)m, strlen(m), NULL, 0);
	mq_log_hash("{\"a\":1}", 7, h);
	assert_memory_equal(h, want, 32);
}

static json_t *
genesis_body(void)
{
	char pk[65], kid[17];

	sodium_bin2hex(pk, sizeof(pk), key.pk, 32);
	mq_log_kid(key.pk, kid);
	return json_pack("{s:i, s:s, s:i, s:s, s:i, s:s, s:s, s:s}", "v", 1,
	    "game", GAME, "seq", 1, "prev",
	    "0000000000000000000000000000000000000000000000000000000000000000",
	    "ts", 100, "kid", kid, "type", "genesis", "server_key", pk);
}

/* Sign body into a line (without LF) in b. */
static void
sign(json_t *body, struct mq_buf *b)
{
	mq_buf_reset(b);
	assert_int_equal(mq_log_sign_line(body, key.sk, b, NULL, NULL), 0);
	assert_true(b->len > 0 && b->data[b->len - 1] == '\n');
	b->data[--b->len] = '\0';
}

static void
signed_line_parses_and_verifies(void **state)
{
	struct mq_buf line = MQ_BUF_INIT, scratch = MQ_BUF_INIT;
	struct mq_log_chain c;
	struct mq_log_entry e;
	struct mq_err err;
	json_t *g = genesis_body();

	sign(g, &line);
	assert_int_equal(mq_log_parse_line(line.data, line.len, 1, 1, &e,
	    &scratch, &err), 0);
	assert_int_equal(e.seq, 1);
	assert_int_equal(e.type, MQ_LOG_GENESIS);
	assert_true(json_equal(e.body, g));
	mq_log_chain_init(&c, key.pk);
	assert_int_equal(mq_log_chain_next(&c, &e, 1, &err), 0);
	assert_int_equal(c.seq, 1);
	assert_memory_equal(c.head, e.hash, 32);
	assert_string_equal(c.game, GAME);
	json_decref(e.body);
	json_decref(g);
	mq_buf_free(&line);
	mq_buf_free(&scratch);
}

/* Parse a hand-made line whose hash and signature are right for its body. */
static int
parse_resigned(const char *body, struct mq_err *err)
{
	struct mq_buf line = MQ_BUF_INIT, scratch = MQ_BUF_INIT;
	unsigned char h[32], sig[64];
	char hex[65], b64[89];
	struct mq_log_entry e;
	int rc;

	mq_log_hash(body, strlen(body), h);
	crypto_sign_detached(sig, NULL, h, 32, key.sk);
	sodium_bin2hex(hex, sizeof(hex), h, 32);
	sodium_bin2base64(b64, sizeof(b64), sig, 64,
	    sodium_base64_VARIANT_ORIGINAL);
	mq_buf_printf(&line, "%s\t%s\t%s", body, hex, b64);
	rc = mq_log_parse_line(line.data, line.len, 4, 1, &e, &scratch, err);
	json_decref(e.body);
	mq_buf_free(&line);
	mq_buf_free(&scratch);
	return rc;
}

static void
parse_refuses_bodies_that_are_not_canonical(void **state)
{
	static const struct {
		const char *body, *why;
	} bad[] = {
		{ "{\"a\":1, \"b\":2}", "canonical" },
		{ "{\"b\":1,\"a\":2}", "canonical" },
		{ "{\"a\":1}\n", "canonical" },
		{ " {\"a\":1}", "canonical" },
		{ "{\"a\":\"\\u0041\"}", "canonical" },
		{ "{\"a\":-0}", "canonical" },
		{ "{\"a\":1.0}", "real" },
		{ "{\"a\":1e2}", "real" },
		{ "{\"a\":1,\"a\":1}", "duplicate" },
		{ "{\"a\":\"\xff\"}", "UTF-8" },
		{ "{\"a\":\"\xc3\"}", "UTF-8" },
		{ "{\"a\":\"\\u0000\"}", "NUL" },
		{ "{\"a\":\"\\ud800\"}", "JSON" },
		{ "[1]", "object" },
		{ "{\"a\":1} ", "canonical" },
		{ "{\"a\":1}{}", "JSON" },
	};
	struct mq_err err;
	size_t i;

	assert_int_equal(parse_resigned("{\"a\":1,\"b\":[\"/\"]}", &err), 0);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		mq_err_clear(&err);
		assert_int_equal(parse_resigned(bad[i].body, &err), MQ_BADDATA);
		if (strncmp(err.msg, "entry 4: ", 9) != 0 ||
		    strstr(err.msg, bad[i].why) == NULL)
			fail_msg("body %zu (%s): %s", i, bad[i].body, err.msg);
	}
}

static void
parse_refuses_bad_fields(void **state)
{
	struct mq_buf line = MQ_BUF_INIT, scratch = MQ_BUF_INIT, bad = MQ_BUF_INIT;
	struct mq_log_entry e;
	struct mq_err err;
	json_t *g = genesis_body();
	char *t1, *t2;

	sign(g, &line);
	t1 = strchr(line.data, '\t');
	t2 = strchr(t1 + 1, '\t');
	/* An upper-case hash is the same bytes, but not the canonical form. */
	mq_buf_add(&bad, line.data, (size_t)(t1 - line.data + 1));
	mq_buf_putc(&bad, 'A');
	mq_buf_puts(&bad, t1 + 2);
	if (t1[1] >= 'a') {
		assert_int_equal(mq_log_parse_line(bad.data, bad.len, 1, 1, &e,
		    &scratch, &err), MQ_BADDATA);
		assert_string_equal(err.msg,
		    "entry 1: the hash is not 64 lower-case hex digits.");
		json_decref(e.body);
	}
	/* A signature with its padding cut. */
	mq_buf_reset(&bad);
	mq_buf_add(&bad, line.data, line.len - 1);
	assert_int_equal(mq_log_parse_line(bad.data, bad.len, 1, 1, &e,
	    &scratch, &err), MQ_BADDATA);
	assert_string_equal(err.msg,
	    "entry 1: the signature is not base64 of 64 bytes.");
	json_decref(e.body);
	/* The line saved again with a CR before its LF. */
	mq_buf_reset(&bad);
	mq_buf_printf(&bad, "%s\r", line.data);
	assert_int_equal(mq_log_parse_line(bad.data, bad.len, 1, 1, &e,
	    &scratch, &err), MQ_BADDATA);
	assert_string_equal(err.msg, "entry 1: the line ends in CR LF; a log's "
	    "lines end in LF alone (the file was saved with Windows line "
	    "ends).");
	json_decref(e.body);
	/* A fourth field. */
	mq_buf_reset(&bad);
	mq_buf_printf(&bad, "%s\tx", line.data);
	assert_int_equal(mq_log_parse_line(bad.data, bad.len, 1, 1, &e,
	    &scratch, &err), MQ_BADDATA);
	assert_string_equal(err.msg, "entry 1: the line does not have exactly "
	    "three TAB-separated fields.");
	json_decref(e.body);
	assert_non_null(t2);
	json_decref(g);
	mq_buf_free(&line);
	mq_buf_free(&bad);
	mq_buf_free(&scratch);
}

/* Check body as the first entry of a chain trusting key.pk. */
static int
chain_first(json_t *body, struct mq_err *err)
{
	struct mq_log_chain c;

	mq_log_chain_init(&c, key.pk);
	return mq_log_chain_fields(&c, body, 1, err);
}

static void
chain_refuses_bad_common_fields(void **state)
{
	static const struct {
		const char *key, *json, *msg;
	} bad[] = {
		{ "v", "2", "entry 1: v is not 1." },
		{ "seq", "2", "entry 1: seq is 2, expected 1: an entry is missing here, or out of place." },
		{ "prev", "\"00\"", "entry 1: prev is not the previous entry's hash." },
		{ "game", "\"ABCDEFGH\"", "entry 1: game is not an 8-character game id." },
		{ "ts", "\"now\"", "entry 1: ts is not a non-negative integer." },
		{ "type", "7", "entry 1: the type is missing or not a string." },
		{ "type", "\"move\"", "entry 1: unknown type \"move\"." },
		{ "type", "\"command\"", "entry 1: the first entry is not a genesis." },
		{ "kid", "\"0011223344556677\"", "entry 1: the kid does not match" },
	};
	struct mq_err err;
	json_t *g;
	size_t i;

	g = genesis_body();
	assert_int_equal(chain_first(g, &err), 0);
	json_object_del(g, "type");
	assert_int_equal(chain_first(g, &err), MQ_BADDATA);
	assert_string_equal(err.msg, "entry 1: the type is missing or not a string.");
	json_decref(g);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		g = genesis_body();
		json_object_set_new(g, bad[i].key, json_loads(bad[i].json,
		    JSON_DECODE_ANY, NULL));
		assert_int_equal(chain_first(g, &err), MQ_BADDATA);
		if (strncmp(err.msg, bad[i].msg, strlen(bad[i].msg)) != 0)
			fail_msg("case %zu: %s", i, err.msg);
		json_decref(g);
	}
}

static void
chain_refuses_genesis_of_another_key(void **state)
{
	unsigned char pk2[32], sk2[64];
	char kid1[17], kid2[17], hex1[65], hex2[65], want[400];
	struct mq_log_chain c;
	struct mq_err err;
	json_t *g = genesis_body();

	crypto_sign_keypair(pk2, sk2);
	mq_log_chain_init(&c, pk2);
	assert_int_equal(mq_log_chain_fields(&c, g, 1, &err), MQ_BADDATA);
	mq_log_kid(key.pk, kid1);
	mq_log_kid(pk2, kid2);
	/* the keys whole, as the mails show the server key, and their kids */
	sodium_bin2hex(hex1, sizeof(hex1), key.pk, 32);
	sodium_bin2hex(hex2, sizeof(hex2), pk2, 32);
	snprintf(want, sizeof(want), "entry 1: the log is signed by another key "
	    "than the trusted one: by the key %s (kid %s), not %s (kid %s).",
	    hex1, kid1, hex2, kid2);
	assert_string_equal(err.msg, want);
	/* With no trusted key, the genesis names the key to trust. */
	mq_log_chain_init(&c, NULL);
	assert_int_equal(mq_log_chain_fields(&c, g, 1, &err), 0);
	json_decref(g);
}

static void
chain_refuses_signature_by_another_key(void **state)
{
	struct mq_buf line = MQ_BUF_INIT, scratch = MQ_BUF_INIT;
	unsigned char pk2[32], sk2[64];
	struct mq_log_chain c;
	struct mq_log_entry e;
	struct mq_err err;
	json_t *g = genesis_body();

	crypto_sign_keypair(pk2, sk2);
	mq_buf_reset(&line);
	assert_int_equal(mq_log_sign_line(g, sk2, &line, NULL, NULL), 0);
	line.data[--line.len] = '\0';
	assert_int_equal(mq_log_parse_line(line.data, line.len, 1, 1, &e,
	    &scratch, &err), 0);
	mq_log_chain_init(&c, key.pk);
	assert_int_equal(mq_log_chain_next(&c, &e, 1, &err), MQ_BADDATA);
	assert_string_equal(err.msg, "entry 1: the signature does not verify.");
	assert_int_equal(c.seq, 0);
	json_decref(e.body);
	json_decref(g);
	mq_buf_free(&line);
	mq_buf_free(&scratch);
}

/* A fresh data folder under /tmp; the caller removes it. */
static char *
tmp_datadir(void)
{
	char *d = strdup("/tmp/mq-test-keys.XXXXXX");

	assert_non_null(mkdtemp(d));
	return d;
}

static void
rm_datadir(const char *d)
{
	char p[512];
	const char *f[] = { "server.key", "server.pub", "tag.key" };
	size_t i;

	for (i = 0; i < 3; i++) {
		snprintf(p, sizeof(p), "%s/keys/%s", d, f[i]);
		unlink(p);
	}
	snprintf(p, sizeof(p), "%s/keys", d);
	rmdir(p);
	rmdir(d);
}

static void
keys_create_then_load_round_trips(void **state)
{
	struct mq_keys made, loaded;
	unsigned char pk[32];
	struct stat st;
	char p[512], *d = tmp_datadir();
	struct mq_err err;

	assert_int_equal(mq_keys_create(d, &made, &err), 0);
	assert_int_equal(mq_keys_load(d, &loaded, &err), 0);
	assert_memory_equal(made.pk, loaded.pk, 32);
	assert_memory_equal(made.sk, loaded.sk, 64);
	assert_memory_equal(made.tag, loaded.tag, 32);
	assert_int_equal(mq_keys_load_pub(d, pk, &err), 0);
	assert_memory_equal(pk, made.pk, 32);
	snprintf(p, sizeof(p), "%s/keys/server.key", d);
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(st.st_size, 32);
	snprintf(p, sizeof(p), "%s/keys/server.pub", d);
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0644);
	assert_int_equal(st.st_size, 65);
	snprintf(p, sizeof(p), "%s/keys/tag.key", d);
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	/* The public key file also works as --key. */
	snprintf(p, sizeof(p), "%s/keys/server.pub", d);
	assert_int_equal(mq_keys_parse_pub(p, pk, &err), 0);
	assert_memory_equal(pk, made.pk, 32);
	/* Never overwrite a key. */
	assert_int_equal(mq_keys_create(d, NULL, &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "already exists"));
	assert_int_equal(mq_keys_load(d, &loaded, &err), 0);
	assert_memory_equal(made.sk, loaded.sk, 64);
	rm_datadir(d);
	free(d);
}

static void
keys_load_names_missing_or_short_file(void **state)
{
	struct mq_keys k;
	struct mq_err err;
	char p[512], *d = tmp_datadir();
	FILE *f;

	assert_int_equal(mq_keys_load(d, &k, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "server.key"));
	assert_int_equal(mq_keys_create(d, NULL, &err), 0);
	snprintf(p, sizeof(p), "%s/keys/tag.key", d);
	assert_non_null(f = fopen(p, "w"));
	fputs("short", f);
	fclose(f);
	assert_int_equal(mq_keys_load(d, &k, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "tag.key"));
	assert_non_null(strstr(err.msg, "32 bytes"));
	rm_datadir(d);
	free(d);
}

static void
parse_pub_takes_hex_or_a_file(void **state)
{
	char hex[65], up[65], path[] = "/tmp/mq-test-pub.XXXXXX";
	unsigned char pk[32];
	struct mq_err err;
	size_t i;
	int fd;

	sodium_bin2hex(hex, sizeof(hex), key.pk, 32);
	assert_int_equal(mq_keys_parse_pub(hex, pk, &err), 0);
	assert_memory_equal(pk, key.pk, 32);
	for (i = 0; i < 64; i++)
		up[i] = (char)(hex[i] >= 'a' ? hex[i] - 32 : hex[i]);
	up[64] = '\0';
	assert_int_equal(mq_keys_parse_pub(up, pk, &err), 0);
	assert_memory_equal(pk, key.pk, 32);
	/* hex digits alone, too few: a key mistyped (usage, exit 2) */
	hex[63] = '\0';
	assert_int_equal(mq_keys_parse_pub(hex, pk, &err), MQ_USAGE);
	/* 32 raw bytes in a file. */
	assert_true((fd = mkstemp(path)) >= 0);
	assert_int_equal(write(fd, key.pk, 32), 32);
	close(fd);
	memset(pk, 0, 32);
	assert_int_equal(mq_keys_parse_pub(path, pk, &err), 0);
	assert_memory_equal(pk, key.pk, 32);
	/* Anything else in a file is a damaged key file (I/O, exit 4). */
	assert_true((fd = open(path, O_WRONLY | O_APPEND)) >= 0);
	assert_int_equal(write(fd, "x", 1), 1);
	close(fd);
	assert_int_equal(mq_keys_parse_pub(path, pk, &err), MQ_IO);
	unlink(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(canon_matches_python_verifier_bytes),
		cmocka_unit_test(canon_refuses_a_real_anywhere),
		cmocka_unit_test(canon_appends_after_existing_bytes),
		cmocka_unit_test(kid_is_hex_of_first_8_bytes_of_key_hash),
		cmocka_unit_test(hash_has_domain_prefix),
		cmocka_unit_test(signed_line_parses_and_verifies),
		cmocka_unit_test(parse_refuses_bodies_that_are_not_canonical),
		cmocka_unit_test(parse_refuses_bad_fields),
		cmocka_unit_test(chain_refuses_bad_common_fields),
		cmocka_unit_test(chain_refuses_genesis_of_another_key),
		cmocka_unit_test(chain_refuses_signature_by_another_key),
		cmocka_unit_test(keys_create_then_load_round_trips),
		cmocka_unit_test(keys_load_names_missing_or_short_file),
		cmocka_unit_test(parse_pub_takes_hex_or_a_file),
	};

	return cmocka_run_group_tests(tests, setup_key, NULL);
}
