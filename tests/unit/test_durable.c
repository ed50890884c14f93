/*
 * test_durable.c - group commit (common/durable.h): outside a batch a sync
 * is an fsync and its failure is reported with the file's name; inside one
 * it is deferred to the commit, which flushes and closes the batch.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "durable.h"
#include "err.h"

static void
test_outside_a_batch_a_failed_fsync_is_reported(void **state)
{
	struct mq_err err;
	int p[2];

	(void)state;
	/* fsync of a pipe fails (EINVAL): the sentence names the file */
	assert_int_equal(pipe(p), 0);
	assert_int_equal(mq_durable_sync(p[0], "the pipe", &err), MQ_IO);
	assert_non_null(strstr(err.msg, "cannot fsync the pipe"));
	close(p[0]);
	close(p[1]);
}

static void
test_a_batch_defers_and_commit_closes_it(void **state)
{
	struct mq_err err;
	char path[] = "/tmp/mq-durable.XXXXXX";
	int fd, fd2;

	(void)state;
	assert_int_equal(mq_durable_open(), 0);
	assert_true((fd = mkstemp(path)) >= 0);
	assert_int_equal(write(fd, "x", 1), 1);
	mq_durable_begin();
	assert_int_equal(mq_durable_open(), 1);
	assert_int_equal(mq_durable_sync(fd, path, &err), 0);
	/* a second file on the same file system adds nothing to flush */
	assert_true((fd2 = open(path, O_RDONLY)) >= 0);
	assert_int_equal(mq_durable_sync(fd2, path, &err), 0);
	close(fd);
	close(fd2);	/* the batch keeps its own handle for the flush */
	assert_int_equal(mq_durable_commit(&err), 0);
	assert_int_equal(mq_durable_open(), 0);
	/* a commit without a batch is a no-op */
	assert_int_equal(mq_durable_commit(&err), 0);
	unlink(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outside_a_batch_a_failed_fsync_is_reported),
		cmocka_unit_test(test_a_batch_defers_and_commit_closes_it),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
