/*
 * test_logfile_parallel.c - a long log's signatures are checked on a second
 * thread while the bodies are parsed; whichever side fails first, the
 * verdict names the earliest bad entry, in the same words as the one-thread
 * check.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sodium.h>

#include "daemon/store.h"
#include "store_fixture.h"

#define ENTRIES 900	/* well over the 256 KiB where the second thread starts */

static char dir[256], logpath[512], id[9];
static struct mq_store store;

static int
setup(void **state)
{
	struct mq_game *g;
	struct mq_err e;
	json_t *b[50];
	int i, k, j;

	if (sodium_init() < 0)
		return -1;
	snprintf(dir, sizeof(dir), "/tmp/masqued-test-par.%d", (int)getpid());
	if (mq_store_init(dir, &e) || mq_store_open(dir, 1, &store, &e))
		return -1;
	if (sf_new_game_of_four(&store, &g, id, &e) != 0)
		return -1;
	for (i = 1; i < ENTRIES; i += 50) {
		for (k = 0; k < 50; k++)
			b[k] = json_pack("{s:s, s:I, s:s, s:s, s:[{s:s, s:b}]}", "game",
			    id, "ts", (json_int_t)1790000000, "type", "command", "player",
			    sf_names[(i + k) % 4], "commands", "text",
			    (i + k) % 2 ? "PLAN cw cw stay stay ccw ccw" :
			    "PLAN ccw stay cw stay cw stay", "secret", 1);
		j = mq_logfile_append(g->lf, b, 50, NULL, &e);
		for (k = 0; k < 50; k++)
			json_decref(b[k]);
		if (j)
			return -1;
	}
	mq_game_close(g);
	snprintf(logpath, sizeof(logpath), "%s/games/%s/log", dir, id);
	return 0;
}

static int
teardown(void **state)
{
	char cmd[300];

	mq_store_close(&store);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

/* Copy the log to tmp, flipping a character of the body (field 0) or the
 * signature (field 2) of the given lines. */
static void
tamper(const char *tmp, int body_line, int sig_line)
{
	FILE *in = fopen(logpath, "r"), *out = fopen(tmp, "w");
	char *line = NULL, *t;
	size_t cap = 0;
	int n = 0;

	assert_non_null(in);
	assert_non_null(out);
	while (getline(&line, &cap, in) > 0) {
		n++;
		if (n == body_line)
			line[2] = line[2] == 'a' ? 'b' : 'a';	/* in a key name */
		if (n == sig_line) {
			t = strrchr(line, '\t') + 1;
			t[3] = t[3] == 'A' ? 'B' : 'A';
		}
		fputs(line, out);
	}
	free(line);
	fclose(in);
	fclose(out);
}

static void
expect(const char *path, int rc, const char *words)
{
	struct mq_err e;
	uint64_t n;

	mq_err_clear(&e);
	assert_int_equal(mq_logfile_verify(path, store.keys.pk, &n, &e), rc);
	if (words != NULL && strstr(e.msg, words) == NULL)
		fail_msg("\"%s\" does not say \"%s\"", e.msg, words);
}

static void
test_long_honest_log_verifies(void **unused)
{
	expect(logpath, 0, NULL);
}

static void
test_bad_signature_late_is_named(void **unused)
{
	char tmp[600];

	snprintf(tmp, sizeof(tmp), "%s/t1", dir);
	tamper(tmp, 0, 700);
	expect(tmp, MQ_BADDATA, "entry 700: the signature does not verify.");
}

static void
test_earlier_body_fault_wins_over_later_signature(void **unused)
{
	char tmp[600];

	snprintf(tmp, sizeof(tmp), "%s/t2", dir);
	tamper(tmp, 100, 700);
	expect(tmp, MQ_BADDATA, "entry 100:");
}

static void
test_earlier_signature_wins_over_later_body_fault(void **unused)
{
	char tmp[600];

	snprintf(tmp, sizeof(tmp), "%s/t3", dir);
	tamper(tmp, 600, 50);
	expect(tmp, MQ_BADDATA, "entry 50: the signature does not verify.");
}

/* Opened as far as it is sound: the entries before the earliest bad one,
 * whichever thread found it. */
static void
expect_sound(const char *path, uint64_t want_bad, const char *words)
{
	struct mq_logfile *lf;
	struct mq_err e, why;
	uint64_t bad;

	mq_err_clear(&e);
	mq_err_clear(&why);
	assert_int_equal(mq_logfile_open_sound(path, store.keys.pk, 0, &lf, &bad,
	    &why, &e), 0);
	assert_int_equal(bad, want_bad);
	assert_int_equal(mq_logfile_seq(lf), want_bad - 1);
	if (strstr(why.msg, words) == NULL)
		fail_msg("\"%s\" does not say \"%s\"", why.msg, words);
	mq_logfile_close(lf);
}

static void
test_sound_part_ends_before_the_earliest_fault(void **unused)
{
	char tmp[600];

	snprintf(tmp, sizeof(tmp), "%s/t4", dir);
	tamper(tmp, 600, 50);
	expect_sound(tmp, 50, "entry 50: the signature does not verify.");
	tamper(tmp, 100, 700);
	expect_sound(tmp, 100, "entry 100:");
	tamper(tmp, 0, 700);
	expect_sound(tmp, 700, "entry 700: the signature does not verify.");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_long_honest_log_verifies),
		cmocka_unit_test(test_bad_signature_late_is_named),
		cmocka_unit_test(test_earlier_body_fault_wins_over_later_signature),
		cmocka_unit_test(test_earlier_signature_wins_over_later_body_fault),
		cmocka_unit_test(test_sound_part_ends_before_the_earliest_fault),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
