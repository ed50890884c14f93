/*
 * test_serve_workers.c - a pass whose worker processes cannot be started
 * (fork fails: a process limit, memory short): the inbox's messages are
 * read all the same, by the pass's own process, before the clock runs (a
 * move left in the inbox while its deadline's default is played is a move
 * lost), and nothing is leaked (a month-long serve tried every pass and ran
 * out of files). fork is this file's: it always fails.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "err.h"
#include "daemon/daemon.h"
#include "daemon/serve.h"
#include "daemon/store.h"

static int forks;

/* Every fork fails, as under RLIMIT_NPROC (which root does not have). */
pid_t
fork(void)
{
	forks++;
	errno = EAGAIN;
	return -1;
}

static int
count_dir(const char *path)
{
	struct dirent *e;
	DIR *dir = opendir(path);
	int n = 0;

	assert_non_null(dir);
	while ((e = readdir(dir)) != NULL)
		n += e->d_name[0] != '.';
	closedir(dir);
	return n;
}

static void
test_no_worker_started(void **state)
{
	char data[] = "/tmp/mq-workers.XXXXXX", path[200], tmpl[4200];
	const char *root = getenv("MQ_ROOT");
	struct mq_pass_stats st;
	struct mq_daemon d;
	struct mq_err err;
	FILE *f;
	int i, fds, before;

	(void)state;
	assert_non_null(mkdtemp(data));
	assert_int_equal(rmdir(data), 0);
	assert_int_equal(mq_store_init(data, &err), 0);
	snprintf(path, sizeof(path), "%s/masqued.conf", data);
	assert_non_null(f = fopen(path, "a"));
	fprintf(f, "\nworkers = 2\n");
	fclose(f);
	/* a long inbox (MQ_SERVE_PARALLEL_MIN): strangers' mail, worker 0's */
	for (i = 0; i < MQ_SERVE_PARALLEL_MIN + 6; i++) {
		snprintf(path, sizeof(path), "%s/mail/inbox/new/%d.test", data, i);
		assert_non_null(f = fopen(path, "w"));
		fprintf(f, "From: s%d@y.test\nTo: game@x.test\nSubject: hi\n"
		    "Message-ID: <s%d@y.test>\n\nHELP\n", i, i);
		fclose(f);
	}
	snprintf(tmpl, sizeof(tmpl), "%s/templates", root ? root : ".");
	setenv("MASQUED_TEMPLATES", tmpl, 1);
	if (mq_daemon_open(&d, data, NULL, &err) != 0)
		fail_msg("%s", err.msg);
	snprintf(path, sizeof(path), "%s/mail/inbox/new", data);
	assert_int_equal(count_dir(path), MQ_SERVE_PARALLEL_MIN + 6);
	before = count_dir("/proc/self/fd");
	d.now = 1790000000;
	assert_int_equal(mq_serve_pass(&d, &st, &err), 0);
	assert_true(forks > 0);
	/* read by this process: every one marked done, none left */
	assert_int_equal(count_dir(path), 0);
	assert_int_equal(st.messages, MQ_SERVE_PARALLEL_MIN + 6);
	fds = count_dir("/proc/self/fd");
	assert_int_equal(fds, before);
	mq_daemon_close(&d);
	snprintf(path, sizeof(path), "rm -rf %s", data);
	assert_int_equal(system(path), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_worker_started),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
