/*
 * test_transport_sendmail.c - mail/transport_sendmail.c against small
 * shell programs standing in for a local MTA's sendmail: a message of a
 * few MiB goes through whole, its CRLF made LF (the pipes are served
 * together, so one larger than a pipe's buffer does not block); the exit
 * statuses map as sysexits.h says (67 refused for good, 75 down, 69
 * perhaps the mail's own); a program that reads nothing and exits is a
 * failure, not a SIGPIPE that kills the daemon, and one that reads a part
 * and exits 0 has not taken the mail; its exit is seen where SIGCHLD came
 * ignored; with stdin closed it still gets the message, and it never sees
 * the passwords' variables; one silent past the timeout is killed and said so; one
 * that leaves a process behind holding its output (a background delivery)
 * is done when it exits; an address that reads as an option is never
 * passed. The host's words (sendmail_args) go before -i, each as it is;
 * quotes, backslashes and a seventeenth word are refused.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "err.h"
#include "mail/transport_sendmail.h"

static char dir[] = "/tmp/mq-sendmail-XXXXXX";

/* a program at dir/name whose body is script */
static char *
program(const char *name, const char *script)
{
	static char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_non_null(f = fopen(path, "w"));
	fprintf(f, "#!/bin/sh\n%s\n", script);
	fclose(f);
	assert_int_equal(chmod(path, 0755), 0);
	return path;
}

/* a send as the spool makes one, hiding MQ_SM_SECRET */
static int
smsend(const char *path, const char *from, const char *rcpt, const char *raw,
    size_t len, long timeout_s, int *down, struct mq_err *e)
{
	struct mq_sendmail_conf c = { path, NULL, 0, from, timeout_s,
	    { "MQ_SM_SECRET", NULL } };

	return mq_sendmail_send(&c, rcpt, raw, len, down, e);
}

static void
test_a_large_message_goes_whole_with_lf(void **state)
{
	size_t n = 3 * 1024 * 1024, i, got;
	char *raw = malloc(n), *back, out[300];
	struct mq_err e;
	int down = 1;
	FILE *f;

	(void)state;
	assert_non_null(raw);
	for (i = 0; i < n; i++)
		raw[i] = (i % 64 == 62) ? '\r' : (i % 64 == 63) ? '\n' : 'a' + i % 26;
	snprintf(out, sizeof(out), "%s/got", dir);
	setenv("MQ_SM_OUT", out, 1);
	assert_int_equal(smsend(program("cat", "echo \"$*\" >&2; "
	    "cat > \"$MQ_SM_OUT\""), "game@x.test", "alice@x.test", raw, n, 10,
	    &down, &e), 0);
	assert_int_equal(down, 0);
	assert_non_null(back = malloc(n));
	assert_non_null(f = fopen(out, "rb"));
	got = fread(back, 1, n, f);
	fclose(f);
	assert_int_equal(got, n - n / 64);	/* each CR gone */
	for (i = 0; i < got; i++)
		assert_true(back[i] != '\r');
	assert_memory_equal(back, "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghij\n", 63);
	free(raw);
	free(back);
}

static void
test_exit_statuses(void **state)
{
	struct mq_err e;
	int down = 0;

	(void)state;
	assert_int_equal(smsend(program("nouser", "cat >/dev/null; "
	    "echo \"$5... User unknown\" >&2; exit 67"), "g@x.test",
	    "bob@x.test", "Subject: x\r\n\r\nhi\r\n", 17, 10, &down, &e),
	    MQ_REFUSED);
	assert_int_equal(down, 0);
	assert_non_null(strstr(e.msg, "refused the mail to bob@x.test (exit 67): "
	    "bob@x.test... User unknown"));
	assert_int_equal(smsend(program("tempfail", "cat >/dev/null; "
	    "echo 'queue stopped' >&2; exit 75"), "g@x.test", "bob@x.test",
	    "x\n", 2, 10, &down, &e), MQ_IO);
	assert_int_equal(down, 1);
	assert_non_null(strstr(e.msg, "took no mail (exit 75, try again later): "
	    "queue stopped"));
}

static void
test_a_program_that_reads_nothing_fails_the_send(void **state)
{
	size_t n = 1024 * 1024;
	char *raw = calloc(1, n);
	struct mq_err e;
	int down = 0;

	(void)state;
	assert_non_null(raw);
	memset(raw, 'x', n);
	/* the write meets a closed pipe: EPIPE, not a SIGPIPE that kills */
	assert_int_equal(smsend(program("quits", "exit 75"),
	    "g@x.test", "bob@x.test", raw, n, 10, &down, &e), MQ_IO);
	assert_int_equal(down, 1);
	assert_non_null(strstr(e.msg, "took no mail (exit 75, try again later)"));
	free(raw);
}

static void
test_a_silent_program_is_killed_at_the_timeout(void **state)
{
	struct mq_err e;
	int down = 0;
	time_t t0 = time(NULL);

	(void)state;
	assert_int_equal(smsend(program("hangs", "exec sleep 120"),
	    "g@x.test", "bob@x.test", "x\n", 2, 1, &down, &e), MQ_IO);
	assert_int_equal(down, 1);
	assert_non_null(strstr(e.msg, "did not finish within 1 second for"));
	assert_true(time(NULL) - t0 < 100);	/* killed, not waited for */
}

static void
test_a_process_left_behind_does_not_hold_the_send(void **state)
{
	struct mq_err e;
	int down = 1;

	(void)state;
	/* its sleep keeps the output pipe open for 60 s after it exits */
	assert_int_equal(smsend(program("forks", "cat >/dev/null; "
	    "echo queued >&2; sleep 60 & exit 0"), "g@x.test", "bob@x.test",
	    "x\n", 2, 5, &down, &e), 0);
	assert_int_equal(down, 0);
}

static void
test_another_status_may_be_the_mails(void **state)
{
	struct mq_err e;
	int down = 1;

	(void)state;
	/* Postfix's for a mail too big: not the program's state, said */
	assert_int_equal(smsend(program("toobig", "cat >/dev/null; echo "
	    "'sendmail: fatal: message file too big' >&2; exit 69"), "g@x.test",
	    "bob@x.test", "x\n", 2, 10, &down, &e), MQ_IO);
	assert_int_equal(down, 0);
	assert_non_null(strstr(e.msg, "took no mail (exit 69): sendmail: fatal: "
	    "message file too big"));
}

static void
test_a_part_read_is_not_taken(void **state)
{
	size_t n = 1024 * 1024;
	char *raw = malloc(n);
	struct mq_err e;
	int down = 1;

	(void)state;
	assert_non_null(raw);
	memset(raw, 'x', n);
	assert_int_equal(smsend(program("partial", "head -c 100 >/dev/null; "
	    "exit 0"), "g@x.test", "bob@x.test", raw, n, 10, &down, &e), MQ_IO);
	assert_non_null(strstr(e.msg, "exited 0 having read"));
	free(raw);
}

static void
test_the_exit_is_seen_with_sigchld_ignored(void **state)
{
	struct sigaction ign, old;
	struct mq_err e;
	int down = 1, rc;

	(void)state;
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigaction(SIGCHLD, &ign, &old);
	rc = smsend(program("fine", "cat >/dev/null"), "g@x.test",
	    "bob@x.test", "x\n", 2, 10, &down, &e);
	sigaction(SIGCHLD, &old, NULL);
	assert_int_equal(rc, 0);
	assert_int_equal(down, 0);
}

static void
test_stdio_closed_and_secrets_hidden(void **state)
{
	char out[300], got[300] = "";
	struct mq_err e;
	int down = 1, saved = dup(0), rc;
	FILE *f;

	(void)state;
	snprintf(out, sizeof(out), "%s/env", dir);
	setenv("MQ_SM_OUT", out, 1);
	setenv("MQ_SM_SECRET", "hunter2", 1);
	close(0);	/* as a daemon started with <&- */
	rc = smsend(program("env", "read l; echo \"$l ${MQ_SM_SECRET:-hidden}\" "
	    "> \"$MQ_SM_OUT\""), "g@x.test", "bob@x.test", "Subject: hi\n", 12,
	    10, &down, &e);
	dup2(saved, 0);
	close(saved);
	unsetenv("MQ_SM_SECRET");
	assert_int_equal(rc, 0);
	assert_non_null(f = fopen(out, "r"));
	assert_non_null(fgets(got, sizeof(got), f));
	fclose(f);
	assert_string_equal(got, "Subject: hi hidden\n");
}

static void
test_an_option_is_no_address(void **state)
{
	struct mq_err e;
	int down = 1;

	(void)state;
	assert_int_equal(smsend(program("never", "touch \"$0.ran\""),
	    "g@x.test", "-oQ/tmp", "x\n", 2, 10, &down, &e), MQ_REFUSED);
	assert_int_equal(down, 0);
	assert_non_null(strstr(e.msg, "starts with '-'"));
	{
		char ran[300];

		snprintf(ran, sizeof(ran), "%s/never.ran", dir);
		assert_int_not_equal(access(ran, F_OK), 0);
	}
}

static void
test_the_hosts_words_go_before_the_options(void **state)
{
	const char *w[MQ_SENDMAIL_MAX_ARGS];
	char buf[512], out[300], line[200], got[1000] = "";
	struct mq_sendmail_conf c = { NULL, w, 0, "g@x.test", 10,
	    { NULL, NULL } };
	struct mq_err e;
	int down = 1;
	FILE *f;

	(void)state;
	c.nargs = mq_sendmail_split(" -a  pbem\t--read-envelope-from=no ", buf,
	    sizeof(buf), w, &e);
	assert_int_equal(c.nargs, 3);
	snprintf(out, sizeof(out), "%s/argv", dir);
	setenv("MQ_SM_OUT", out, 1);
	c.path = program("argv", "printf '%s\\n' \"$@\" > \"$MQ_SM_OUT\"; "
	    "cat >/dev/null");
	assert_int_equal(mq_sendmail_send(&c, "bob@x.test", "x\n", 2, &down, &e),
	    0);
	assert_non_null(f = fopen(out, "r"));
	while (fgets(line, sizeof(line), f) != NULL)
		strcat(got, line);
	fclose(f);
	assert_string_equal(got, "-a\npbem\n--read-envelope-from=no\n-i\n-f\n"
	    "g@x.test\n--\nbob@x.test\n");
	/* none: as ever */
	assert_int_equal(mq_sendmail_split("", buf, sizeof(buf), w, &e), 0);
	/* what a shell would read, no shell reads: refused, said why */
	assert_int_equal(mq_sendmail_split("-a 'my account'", buf, sizeof(buf),
	    w, &e), -1);
	assert_non_null(strstr(e.msg, "no quotes or backslashes"));
	assert_int_equal(mq_sendmail_split("-a my\\ account", buf, sizeof(buf),
	    w, &e), -1);
	assert_int_equal(mq_sendmail_split("a b c d e f g h i j k l m n o p q",
	    buf, sizeof(buf), w, &e), -1);
	assert_non_null(strstr(e.msg, "16 words at most"));
	assert_int_equal(mq_sendmail_split("a b c d e f g h i j k l m n o p",
	    buf, sizeof(buf), w, &e), 16);
	assert_int_equal(mq_sendmail_split("-a pbem", buf, 4, w, &e), -1);
	assert_non_null(strstr(e.msg, "too long"));
}

static int
setup(void **state)
{
	(void)state;
	return mkdtemp(dir) == NULL ? -1 : 0;
}

static int
teardown(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd) == 0 ? 0 : -1;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_a_large_message_goes_whole_with_lf),
		cmocka_unit_test(test_exit_statuses),
		cmocka_unit_test(test_a_program_that_reads_nothing_fails_the_send),
		cmocka_unit_test(test_a_silent_program_is_killed_at_the_timeout),
		cmocka_unit_test(test_a_process_left_behind_does_not_hold_the_send),
		cmocka_unit_test(test_another_status_may_be_the_mails),
		cmocka_unit_test(test_a_part_read_is_not_taken),
		cmocka_unit_test(test_the_exit_is_seen_with_sigchld_ignored),
		cmocka_unit_test(test_stdio_closed_and_secrets_hidden),
		cmocka_unit_test(test_an_option_is_no_address),
		cmocka_unit_test(test_the_hosts_words_go_before_the_options),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
