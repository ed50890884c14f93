/*
 * test_receipt.c - signed receipts (daemon/receipt.c): a receipt of an
 * appended entry verifies alone and against its log; any changed byte of
 * its body, another key, or a log the host rewrote is caught.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/commit.h"
#include "daemon/logfile.h"
#include "daemon/receipt.h"

#define GAME	"rcpt2345"

static struct mq_keys key, key2;
static char dir[64], log1[128], log2[128];
static struct mq_log_signed signed1;	/* entry 2 of log1 */

/* A log: genesis and one command from alice with the given secret text. */
static void
make_log(const char *path, const char *text, struct mq_log_signed *out)
{
	unsigned char seed[32], salt[32];
	struct mq_logfile *lf;
	struct mq_err err;
	json_t *g, *c;

	memset(seed, 1, 32);
	memset(salt, 2, 32);
	g = json_pack("{s:s, s:i, s:s}", "game", GAME, "ts", 10, "type",
	    "genesis");
	assert_int_equal(mq_commit_genesis(g, seed, salt, NULL), 0);
	if (mq_logfile_create(path, &key, g, NULL, &lf, &err) != 0)
		fail_msg("%s", err.msg);
	c = json_pack("{s:s, s:i, s:s, s:s, s:[{s:s, s:b}]}", "game", GAME,
	    "ts", 11, "type", "command", "player", "alice", "commands",
	    "text", text, "secret", 1);
	if (mq_logfile_append(lf, &c, 1, out, &err) != 0)
		fail_msg("%s", err.msg);
	mq_logfile_close(lf);
	json_decref(g);
	json_decref(c);
}

static int
setup(void **state)
{
	if (sodium_init() < 0)
		return -1;
	crypto_sign_keypair(key.pk, key.sk);
	crypto_sign_keypair(key2.pk, key2.sk);
	snprintf(dir, sizeof(dir), "%s", "/tmp/mq-test-receipt.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(log1, sizeof(log1), "%s/log1", dir);
	snprintf(log2, sizeof(log2), "%s/log2", dir);
	make_log(log1, "PLAY jest TARGET carol SLOT 12:30", &signed1);
	return 0;
}

static int
teardown(void **state)
{
	mq_log_signed_free(&signed1, 1);
	unlink(log1);
	unlink(log2);
	rmdir(dir);
	return 0;
}

static void
receipt_of_an_append_verifies(void **state)
{
	struct mq_receipt r;
	struct mq_err err;
	char *text;

	assert_int_equal(mq_receipt_make(&signed1, key.pk, &text, &err), 0);
	if (mq_receipt_check(text, strlen(text), key.pk, &r, &err) != 0)
		fail_msg("%s", err.msg);
	assert_int_equal(r.seq, 2);
	assert_string_equal(r.game, GAME);
	assert_string_equal(r.body, signed1.body);
	assert_memory_equal(r.pk, key.pk, 32);
	/* Without a trusted key it stands on its own public_key. */
	assert_int_equal(mq_receipt_check(text, strlen(text), NULL, NULL, &err),
	    0);
	if (mq_receipt_against_log(&r, log1, &err) != 0)
		fail_msg("%s", err.msg);
	mq_receipt_free(&r);
	free(text);
}

static void
any_changed_body_byte_fails(void **state)
{
	struct mq_log_signed e = signed1;
	struct mq_err err;
	char *body = strdup(signed1.body), *text;
	size_t i, tried = 0;

	e.body = body;
	for (i = 0; body[i] != '\0'; i++) {
		if ((unsigned char)body[i] >= 0x80)
			continue;	/* keep the JSON text valid UTF-8 */
		body[i] ^= 1;
		assert_int_equal(mq_receipt_make(&e, key.pk, &text, &err), 0);
		if (mq_receipt_check(text, strlen(text), NULL, NULL, &err) !=
		    MQ_BADDATA)
			fail_msg("byte %zu changed, still accepted", i);
		free(text);
		body[i] ^= 1;
		tried++;
	}
	assert_true(tried > 100);
	free(body);
}

static void
changed_hash_sig_or_key_fails(void **state)
{
	struct mq_log_signed e = signed1;
	struct mq_err err;
	char *text;

	e.hash[5] = e.hash[5] == '0' ? '1' : '0';
	assert_int_equal(mq_receipt_make(&e, key.pk, &text, &err), 0);
	assert_int_equal(mq_receipt_check(text, strlen(text), NULL, NULL, &err),
	    MQ_BADDATA);
	assert_string_equal(err.msg, "The receipt's hash does not match its "
	    "body: this copy was changed after the server made it, so it "
	    "proves nothing (the copy in the receipt's mail may be whole).");
	free(text);
	e = signed1;
	e.sig[3] = e.sig[3] == 'A' ? 'B' : 'A';
	assert_int_equal(mq_receipt_make(&e, key.pk, &text, &err), 0);
	assert_int_equal(mq_receipt_check(text, strlen(text), NULL, NULL, &err),
	    MQ_BADDATA);
	assert_string_equal(err.msg, "The receipt's signature does not verify: "
	    "this copy was changed after the server signed it, or never signed "
	    "by it, so it proves nothing.");
	free(text);
	/* Under another public key, the body's kid no longer matches. */
	assert_int_equal(mq_receipt_make(&signed1, key2.pk, &text, &err), 0);
	assert_int_equal(mq_receipt_check(text, strlen(text), NULL, NULL, &err),
	    MQ_BADDATA);
	free(text);
	/* Sound, but not under the key the player trusts. */
	assert_int_equal(mq_receipt_make(&signed1, key.pk, &text, &err), 0);
	assert_int_equal(mq_receipt_check(text, strlen(text), key2.pk, NULL,
	    &err), MQ_BADDATA);
	assert_non_null(strstr(err.msg, "another key"));
	free(text);
}

static void
receipt_form_is_strict(void **state)
{
	struct mq_err err;
	char *text, *p;

	assert_int_equal(mq_receipt_make(&signed1, key.pk, &text, &err), 0);
	p = strstr(text, "masqued-receipt-v1");
	p[16] = '2';
	assert_int_equal(mq_receipt_check(text, strlen(text), NULL, NULL, &err),
	    MQ_BADDATA);
	assert_non_null(strstr(err.msg, "format"));
	assert_int_equal(mq_receipt_check("{}", 2, NULL, NULL, &err),
	    MQ_BADDATA);
	assert_int_equal(mq_receipt_check("{", 1, NULL, NULL, &err), MQ_BADDATA);
	free(text);
}

static void
receipt_catches_a_rewritten_log(void **state)
{
	struct mq_log_signed other;
	struct mq_receipt r;
	struct mq_err err;
	char *text;

	/* The host rewrites the game with another move, signed and sound. */
	make_log(log2, "PLAY jest TARGET bob SLOT 12:30", &other);
	assert_int_equal(mq_logfile_verify(log2, key.pk, NULL, &err), 0);
	assert_int_equal(mq_receipt_make(&signed1, key.pk, &text, &err), 0);
	assert_int_equal(mq_receipt_check(text, strlen(text), key.pk, &r, &err),
	    0);
	assert_int_equal(mq_receipt_against_log(&r, log2, &err), MQ_BADDATA);
	assert_string_equal(err.msg, "entry 2: the log's body is not the one "
	    "the receipt signs: the log was changed.");
	/* A receipt for an entry the log does not have. */
	r.seq = 3;
	assert_int_equal(mq_receipt_against_log(&r, log1, &err), MQ_BADDATA);
	assert_non_null(strstr(err.msg, "no entry 3"));
	mq_receipt_free(&r);
	mq_log_signed_free(&other, 1);
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(receipt_of_an_append_verifies),
		cmocka_unit_test(any_changed_body_byte_fails),
		cmocka_unit_test(changed_hash_sig_or_key_fails),
		cmocka_unit_test(receipt_form_is_strict),
		cmocka_unit_test(receipt_catches_a_rewritten_log),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
