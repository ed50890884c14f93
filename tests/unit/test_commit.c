/*
 * test_commit.c - seed commitment, salts and commitments (daemon/commit.c),
 * each recomputed here from its published formula, and the per-entry
 * checks a verifier makes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/commit.h"

static unsigned char seed[32], salt0[32];

static int
setup(void **state)
{
	size_t i;

	if (sodium_init() < 0)
		return -1;
	for (i = 0; i < 32; i++) {
		seed[i] = (unsigned char)i;
		salt0[i] = (unsigned char)(0xa0 + i);
	}
	return 0;
}

static void
keyed(const unsigned char key[32], const char *msg, unsigned char out[32])
{
	crypto_generichash(out, 32, (const unsigned char *)msg, strlen(msg),
	    key, 32);
}

static void
seed_commitment_is_hash_of_seed_then_salt(void **state)
{
	unsigned char m[64], want[32], got[32];

	memcpy(m, seed, 32);
	memcpy(m + 32, salt0, 32);
	crypto_generichash(want, 32, m, 64, NULL, 0);
	mq_commit_seed(seed, salt0, got);
	assert_memory_equal(got, want, 32);
}

static void
salt_is_keyed_hash_of_canonical_json(void **state)
{
	unsigned char want[32], got[32];

	keyed(seed, "masqued-salt-v1\n{\"game\":\"abcdefgh\",\"index\":1,"
	    "\"player\":\"alice\",\"seq\":5}", want);
	assert_int_equal(mq_commit_salt(seed, "abcdefgh", "alice", 5, 1, got,
	    NULL), 0);
	assert_memory_equal(got, want, 32);
	/* Every field counts. */
	assert_int_equal(mq_commit_salt(seed, "abcdefgh", "alice", 5, 0, got,
	    NULL), 0);
	assert_memory_not_equal(got, want, 32);
	assert_int_equal(mq_commit_salt(seed, "abcdefgh", "alice", 6, 1, got,
	    NULL), 0);
	assert_memory_not_equal(got, want, 32);
	assert_int_equal(mq_commit_salt(seed, "abcdefgh", "bob", 5, 1, got,
	    NULL), 0);
	assert_memory_not_equal(got, want, 32);
	assert_int_equal(mq_commit_salt(salt0, "abcdefgh", "alice", 5, 1, got,
	    NULL), 0);
	assert_memory_not_equal(got, want, 32);
}

static void
commit_is_keyed_hash_of_canonical_json(void **state)
{
	unsigned char want[32], got[32];

	keyed(salt0, "masqued-commit-v1\n{\"command\":\"PLAN cw stay ccw "
	    "\\\"日\\\"\",\"game\":\"abcdefgh\",\"player\":\"bob\",\"seq\":12}",
	    want);
	assert_int_equal(mq_commit_commit(salt0, "PLAN cw stay ccw \"日\"",
	    "abcdefgh", "bob", 12, got, NULL), 0);
	assert_memory_equal(got, want, 32);
}

static void
commit_refuses_invalid_utf8(void **state)
{
	unsigned char got[32];
	struct mq_err err;

	assert_int_equal(mq_commit_commit(salt0, "PLAY \xff", "abcdefgh", "bob",
	    3, got, &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "UTF-8"));
}

/* The salt and commit messages are written without jansson: same bytes. */
static void
canon_string_writes_what_jansson_writes(void **state)
{
	static const char *const strs[] = { "", "alice", "a/b", "\"q\" \\",
	    "\x01\x08\x09\x0a\x0b\x0c\x0d\x1b\x1f\x7f", "日本語 é \xf0\x9f\x98\x80",
	    "\xe2\x80\xa8" };
	struct mq_buf a = MQ_BUF_INIT, b = MQ_BUF_INIT;
	json_t *v;
	size_t i;

	for (i = 0; i < sizeof(strs) / sizeof(strs[0]); i++) {
		mq_buf_reset(&a);
		mq_buf_reset(&b);
		v = json_string(strs[i]);
		assert_non_null(v);
		assert_int_equal(mq_log_canon_string(strs[i], strlen(strs[i]), &a,
		    NULL), 0);
		{
			char *d = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);

			mq_buf_puts(&b, d);
			free(d);
		}
		assert_string_equal(mq_buf_str(&a), mq_buf_str(&b));
		json_decref(v);
	}
	/* Overlong, surrogate, truncated and stray bytes are refused. */
	assert_int_equal(mq_log_canon_string("\xc0\xaf", 2, &a, NULL), MQ_REFUSED);
	assert_int_equal(mq_log_canon_string("\xed\xa0\x80", 3, &a, NULL),
	    MQ_REFUSED);
	assert_int_equal(mq_log_canon_string("\xe6\x97", 2, &a, NULL), MQ_REFUSED);
	assert_int_equal(mq_log_canon_string("\x80", 1, &a, NULL), MQ_REFUSED);
	assert_int_equal(mq_log_canon_string("a\0b", 3, &a, NULL), MQ_REFUSED);
	mq_buf_free(&a);
	mq_buf_free(&b);
}

static json_t *
genesis(void)
{
	json_t *g = json_pack("{s:s, s:i, s:s}", "game", "abcdefgh", "seq", 1,
	    "type", "genesis");

	assert_int_equal(mq_commit_genesis(g, seed, salt0, NULL), 0);
	return g;
}

static json_t *
command(int seq)
{
	json_t *b = json_pack("{s:s, s:i, s:s, s:s, s:[{s:s, s:b}, {s:s, s:b},"
	    " {s:s, s:b}]}", "game", "abcdefgh", "seq", seq, "type", "command",
	    "player", "alice", "commands", "text", "PLAY jest", "secret", 1,
	    "text", "STATUS", "secret", 0, "text", "MOVE cw", "secret", 1);

	assert_int_equal(mq_commit_fill(b, seed, NULL), 0);
	return b;
}

static void
fill_commits_each_secret_command_by_its_index(void **state)
{
	unsigned char salt[32], com[32];
	char hex[65];
	json_t *b = command(2), *cmds = json_object_get(b, "commands");

	assert_int_equal(mq_commit_salt(seed, "abcdefgh", "alice", 2, 2, salt,
	    NULL), 0);
	sodium_bin2hex(hex, sizeof(hex), salt, 32);
	assert_string_equal(json_string_value(json_object_get(
	    json_array_get(cmds, 2), "salt")), hex);
	assert_int_equal(mq_commit_commit(salt, "MOVE cw", "abcdefgh", "alice",
	    2, com, NULL), 0);
	sodium_bin2hex(hex, sizeof(hex), com, 32);
	assert_string_equal(json_string_value(json_object_get(
	    json_array_get(cmds, 2), "commit")), hex);
	assert_null(json_object_get(json_array_get(cmds, 1), "salt"));
	assert_null(json_object_get(json_array_get(cmds, 1), "commit"));
	assert_non_null(json_object_get(json_array_get(cmds, 0), "commit"));
	json_decref(b);
}

/* Check genesis, then body as entry 2; the status and the message. */
static int
check_second(json_t *body, struct mq_err *err)
{
	struct mq_commit_check c;
	json_t *g = genesis();
	int rc;

	mq_commit_check_init(&c);
	assert_int_equal(mq_commit_check(&c, 1, g, 1, err), 0);
	rc = mq_commit_check(&c, 2, body, 1, err);
	mq_commit_check_free(&c);
	json_decref(g);
	return rc;
}

static void
check_accepts_filled_and_refuses_altered(void **state)
{
	struct mq_err err;
	json_t *b = command(2), *cmd;

	assert_int_equal(check_second(b, &err), 0);
	cmd = json_array_get(json_object_get(b, "commands"), 2);
	json_object_set_new(cmd, "text", json_string("MOVE ccw"));
	assert_int_equal(check_second(b, &err), MQ_BADDATA);
	assert_string_equal(err.msg, "entry 2: the commitment of command 3 does "
	    "not match its text and salt.");
	json_object_set_new(cmd, "text", json_string("MOVE cw"));
	json_object_set_new(cmd, "salt", json_string("00"));
	assert_int_equal(check_second(b, &err), MQ_BADDATA);
	assert_string_equal(err.msg, "entry 2: the salt of command 3 is not the "
	    "one the seed gives.");
	json_decref(b);
	/* The same entry under another seq has other salts. */
	b = command(3);
	assert_int_equal(check_second(b, &err), MQ_BADDATA);
	json_decref(b);
	/* A public command must not carry a salt. */
	b = command(2);
	cmd = json_array_get(json_object_get(b, "commands"), 1);
	json_object_set_new(cmd, "salt", json_string("00"));
	assert_int_equal(check_second(b, &err), MQ_BADDATA);
	assert_non_null(strstr(err.msg, "not secret"));
	json_decref(b);
}

static void
check_refuses_wrong_seed_commitment(void **state)
{
	struct mq_commit_check c;
	struct mq_err err;
	json_t *g = genesis();

	json_object_set_new(g, "seed_salt", json_string(
	    "0000000000000000000000000000000000000000000000000000000000000000"));
	mq_commit_check_init(&c);
	assert_int_equal(mq_commit_check(&c, 1, g, 1, &err), MQ_BADDATA);
	assert_string_equal(err.msg, "entry 1: seed_commit is not the commitment "
	    "to seed and seed_salt.");
	mq_commit_check_free(&c);
	json_decref(g);
}

static void
reveal_opens_only_earlier_commands(void **state)
{
	struct mq_commit_check c;
	struct mq_err err;
	json_t *g = genesis(), *b = command(2), *r;

	mq_commit_check_init(&c);
	assert_int_equal(mq_commit_check(&c, 1, g, 1, &err), 0);
	assert_int_equal(mq_commit_check(&c, 2, b, 1, &err), 0);
	r = json_pack("{s:s, s:[i]}", "type", "reveal", "opens", 2);
	assert_int_equal(mq_commit_check(&c, 3, r, 1, &err), 0);
	json_decref(r);
	r = json_pack("{s:s, s:[i]}", "type", "reveal", "opens", 1);
	assert_int_equal(mq_commit_check(&c, 4, r, 1, &err), MQ_BADDATA);
	assert_string_equal(err.msg, "entry 4: the reveal opens entry 1, which is "
	    "not a command.");
	json_decref(r);
	r = json_pack("{s:s, s:[i]}", "type", "reveal", "opens", 4);
	assert_int_equal(mq_commit_check(&c, 4, r, 1, &err), MQ_BADDATA);
	assert_non_null(strstr(err.msg, "not an earlier one"));
	json_decref(r);
	mq_commit_check_free(&c);
	json_decref(g);
	json_decref(b);
}

/* An entry no reply carries gets the blind the seed gives; a reply's (its
 * message's hash hides it already) and other types get none. */
static void
blind_hides_entries_no_reply_carries(void **state)
{
	unsigned char want[32];
	char hex[65];
	struct mq_err err;
	json_t *b = command(2), *t, *r;

	keyed(seed, "masqued-blind-v1\n{\"game\":\"abcdefgh\",\"seq\":2}", want);
	sodium_bin2hex(hex, sizeof(hex), want, 32);
	assert_int_equal(mq_commit_blind(b, seed, &err), 0);
	assert_string_equal(json_string_value(json_object_get(b, "blind")), hex);
	assert_int_equal(check_second(b, &err), 0);
	t = json_pack("{s:s, s:s, s:i, s:s, s:[{s:s, s:b}]}", "type", "timeout",
	    "game", "abcdefgh", "seq", 2, "player", "alice", "commands", "text",
	    "KEEP waltz", "secret", 0);
	assert_int_equal(mq_commit_blind(t, seed, &err), 0);
	assert_string_equal(json_string_value(json_object_get(t, "blind")), hex);
	assert_int_equal(check_second(t, &err), 0);
	/* not the seed's: refused, whatever else it might carry */
	json_object_set_new(t, "blind", json_string("00"));
	assert_int_equal(check_second(t, &err), MQ_BADDATA);
	assert_string_equal(err.msg, "entry 2: the blind is not the one the seed "
	    "gives.");
	json_decref(t);
	/* a reply's entry: none, and one there is refused */
	json_object_del(b, "blind");
	json_object_set_new(b, "msg", json_pack("{s:s, s:s}", "hash", "00",
	    "id", "maildir:1"));
	assert_int_equal(mq_commit_blind(b, seed, &err), 0);
	assert_null(json_object_get(b, "blind"));
	json_object_set_new(b, "blind", json_string(hex));
	assert_int_equal(check_second(b, &err), MQ_BADDATA);
	assert_non_null(strstr(err.msg, "no message carries"));
	json_decref(b);
	r = json_pack("{s:s, s:[i]}", "type", "reveal", "opens", 1);
	assert_int_equal(mq_commit_blind(r, seed, &err), 0);
	assert_null(json_object_get(r, "blind"));
	json_decref(r);
}

/* A player's own setting (SET LANG, SET NOTICES) is logged as an admin
 * entry no reply carries: blinded too, so that the others cannot learn it
 * by rehashing "ja" or "OFF" against a checkpoint's head; the host's other
 * admin entries (mailed to all) get none. */
static void
blind_hides_a_players_settings(void **state)
{
	unsigned char want[32];
	char hex[65];
	struct mq_err err;
	json_t *lang, *notices, *pause;

	(void)state;
	keyed(seed, "masqued-blind-v1\n{\"game\":\"abcdefgh\",\"seq\":2}", want);
	sodium_bin2hex(hex, sizeof(hex), want, 32);
	lang = json_pack("{s:s, s:s, s:i, s:s, s:s, s:s}", "type", "admin",
	    "game", "abcdefgh", "seq", 2, "action", "lang", "player", "alice",
	    "lang", "ja");
	notices = json_pack("{s:s, s:s, s:i, s:s, s:s, s:b}", "type", "admin",
	    "game", "abcdefgh", "seq", 2, "action", "notices", "player",
	    "alice", "notices", 0);
	pause = json_pack("{s:s, s:s, s:i, s:s, s:s}", "type", "admin",
	    "game", "abcdefgh", "seq", 2, "action", "pause", "why", "holiday");
	assert_int_equal(mq_commit_blind(lang, seed, &err), 0);
	assert_string_equal(json_string_value(json_object_get(lang, "blind")), hex);
	assert_int_equal(check_second(lang, &err), 0);
	assert_int_equal(mq_commit_blind(notices, seed, &err), 0);
	assert_string_equal(json_string_value(json_object_get(notices, "blind")),
	    hex);
	assert_int_equal(check_second(notices, &err), 0);
	assert_int_equal(mq_commit_blind(pause, seed, &err), 0);
	assert_null(json_object_get(pause, "blind"));
	/* a blind on an entry that takes none is refused */
	json_object_set_new(pause, "blind", json_string(hex));
	assert_int_equal(check_second(pause, &err), MQ_BADDATA);
	assert_non_null(strstr(err.msg, "no message carries"));
	json_decref(lang);
	json_decref(notices);
	json_decref(pause);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(seed_commitment_is_hash_of_seed_then_salt),
		cmocka_unit_test(salt_is_keyed_hash_of_canonical_json),
		cmocka_unit_test(commit_is_keyed_hash_of_canonical_json),
		cmocka_unit_test(commit_refuses_invalid_utf8),
		cmocka_unit_test(canon_string_writes_what_jansson_writes),
		cmocka_unit_test(fill_commits_each_secret_command_by_its_index),
		cmocka_unit_test(check_accepts_filled_and_refuses_altered),
		cmocka_unit_test(check_refuses_wrong_seed_commitment),
		cmocka_unit_test(reveal_opens_only_earlier_commands),
		cmocka_unit_test(blind_hides_entries_no_reply_carries),
		cmocka_unit_test(blind_hides_a_players_settings),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
