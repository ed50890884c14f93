/*
 * test_durable.c - group commit (common/durable.h): outside a batch a sync
 * is an fsync and its failure is reported with the file's name; inside one
 * it is deferred to the commit, which flushes and closes the batch; and
 * common/fileio.h, which it serves: mq_file_overwrite (in place),
 * mq_file_replace2 (a head and a body), mq_file_create_new (a file that
 * gets its name only whole, never over another), mq_write_all and mq_dir_sync (the
 * tree's one copy of each), and the
 * strict reading of small state files (mq_file_read_small, mq_scan_digits).
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

#include <sys/stat.h>
#include <sys/wait.h>

#include "durable.h"
#include "err.h"
#include "fileio.h"
#include "file_fixture.h"

/* mq_file_overwrite: in place (the same inode), a shorter text padded
 * with blanks, unchanged text not written, a long one replaced whole. */
static void
test_overwrite_in_place(void **state)
{
	char path[] = "/tmp/mq-overwrite.XXXXXX", buf[2048], big[600];
	struct mq_err err;
	struct stat a, b;
	int fd;

	(void)state;
	assert_true((fd = mkstemp(path)) >= 0);
	close(fd);
	unlink(path);
	assert_int_equal(mq_file_overwrite(path, "1790000000\n0 17\n", 16, 0644, &err), 0);
	assert_int_equal(ff_slurp(path, buf, sizeof(buf)), 16);
	assert_string_equal(buf, "1790000000\n0 17\n");
	assert_int_equal(stat(path, &a), 0);
	assert_int_equal(mq_file_overwrite(path, "42\n", 3, 0644, &err), 0);
	assert_int_equal(ff_slurp(path, buf, sizeof(buf)), 16);
	assert_string_equal(buf, "42\n            \n");
	assert_int_equal(stat(path, &b), 0);
	assert_true(a.st_ino == b.st_ino);
	/* the same text again: nothing written (mtime aside, the bytes stay) */
	assert_int_equal(mq_file_overwrite(path, "42\n", 3, 0644, &err), 0);
	assert_int_equal(ff_slurp(path, buf, sizeof(buf)), 16);
	/* longer than the old: written whole */
	assert_int_equal(mq_file_overwrite(path, "1790000001\n1 2\n3 4\n", 20, 0644, &err), 0);
	assert_int_equal(ff_slurp(path, buf, sizeof(buf)), 20);
	assert_string_equal(buf, "1790000001\n1 2\n3 4\n");
	/* too long for one sector: replaced */
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\n';
	assert_int_equal(mq_file_overwrite(path, big, sizeof(big), 0644, &err), 0);
	assert_int_equal(ff_slurp(path, buf, sizeof(buf)), sizeof(big));
	unlink(path);
	/* a folder that is not there */
	assert_int_equal(mq_file_overwrite("/nonexistent/x/clock", "1\n", 2, 0644, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "/nonexistent/x/clock"));
}

static void
test_outside_a_batch_a_failed_fsync_is_reported(void **state)
{
	struct mq_err err;
	int p[2];

	(void)state;
	/* fsync of a pipe fails (EINVAL): the sentence names the file */
	assert_int_equal(pipe(p), 0);
	assert_int_equal(mq_durable_sync(p[0], "the pipe", &err), MQ_IO);
	assert_non_null(strstr(err.msg, "Cannot fsync the pipe"));
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
	struct stat sb;

	assert_int_equal(fstat(fd, &sb), 0);
	assert_int_equal(mq_durable_covers((unsigned long long)sb.st_dev), 0);
	mq_durable_begin();
	assert_int_equal(mq_durable_open(), 1);
	assert_int_equal(mq_durable_covers((unsigned long long)sb.st_dev), 0);
	assert_int_equal(mq_durable_sync(fd, path, &err), 0);
	/* the file system is in the batch now: a sync there adds nothing */
	assert_int_equal(mq_durable_covers((unsigned long long)sb.st_dev), 1);
	/* a second file on the same file system adds nothing to flush */
	assert_true((fd2 = open(path, O_RDONLY)) >= 0);
	assert_int_equal(mq_durable_sync(fd2, path, &err), 0);
	close(fd);
	close(fd2);	/* the batch keeps its own handle for the flush */
	assert_int_equal(mq_durable_commit(&err), 0);
	assert_int_equal(mq_durable_open(), 0);
	assert_int_equal(mq_durable_covers((unsigned long long)sb.st_dev), 0);
	/* a commit without a batch is a no-op */
	assert_int_equal(mq_durable_commit(&err), 0);
	unlink(path);
}

/* mq_write_all: every byte, at the file's position or at an offset; a
 * failure names the file. */
static void
test_write_all(void **state)
{
	char path[] = "/tmp/mq-writeall.XXXXXX", buf[64], *big;
	struct mq_err err;
	size_t i, n = 1 << 20;
	int fd, p[2];
	pid_t pid;

	(void)state;
	assert_true((fd = mkstemp(path)) >= 0);
	assert_int_equal(mq_write_all(fd, "hello world\n", 12, -1, path, &err), 0);
	assert_int_equal(mq_write_all(fd, "HELLO", 5, 0, path, &err), 0);
	/* a pwrite leaves the position alone: this one goes at the end */
	assert_int_equal(mq_write_all(fd, "!\n", 2, -1, path, &err), 0);
	assert_int_equal(ff_slurp(path, buf, sizeof(buf)), 14);
	assert_string_equal(buf, "HELLO world\n!\n");
	close(fd);
	/* a read-only descriptor: refused, the sentence names the file */
	assert_true((fd = open(path, O_RDONLY)) >= 0);
	assert_int_equal(mq_write_all(fd, "x", 1, -1, "the key file", &err), MQ_IO);
	assert_non_null(strstr(err.msg, "Cannot write the key file: "));
	close(fd);
	unlink(path);
	/* more than a pipe holds, to a slow reader: all of it arrives */
	assert_non_null(big = malloc(n));
	for (i = 0; i < n; i++)
		big[i] = (char)('a' + i % 26);
	assert_int_equal(pipe(p), 0);
	assert_true((pid = fork()) >= 0);
	if (pid == 0) {
		size_t got = 0;
		ssize_t r;

		close(p[1]);
		while ((r = read(p[0], buf, sizeof(buf))) > 0) {
			for (i = 0; i < (size_t)r; i++)
				if (buf[i] != (char)('a' + (got + i) % 26))
					_exit(2);
			got += (size_t)r;
		}
		_exit(got == n ? 0 : 1);
	}
	close(p[0]);
	assert_int_equal(mq_write_all(p[1], big, n, -1, "the pipe", &err), 0);
	close(p[1]);
	assert_int_equal(waitpid(pid, &fd, 0), pid);
	assert_true(WIFEXITED(fd) && WEXITSTATUS(fd) == 0);
	free(big);
}

/* mq_dir_sync: batched, it only notes the file system in a batch; now, it
 * leaves the batch alone; a folder that is not there is said. */
static void
test_dir_sync(void **state)
{
	char dir[] = "/tmp/mq-dirsync.XXXXXX";
	struct mq_err err;
	struct stat sb;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(stat(dir, &sb), 0);
	assert_int_equal(mq_dir_sync(dir, MQ_SYNC_BATCHED, &err), 0);
	assert_int_equal(mq_dir_sync(dir, MQ_SYNC_NOW, &err), 0);
	mq_durable_begin();
	assert_int_equal(mq_dir_sync(dir, MQ_SYNC_NOW, &err), 0);
	assert_int_equal(mq_durable_covers((unsigned long long)sb.st_dev), 0);
	assert_int_equal(mq_dir_sync(dir, MQ_SYNC_BATCHED, &err), 0);
	assert_int_equal(mq_durable_covers((unsigned long long)sb.st_dev), 1);
	/* covered already, it is only looked at; what is no folder is still
	 * said, as outside a batch */
	assert_int_equal(mq_dir_sync(dir, MQ_SYNC_BATCHED, &err), 0);
	assert_int_equal(mq_dir_sync("/nonexistent/folder", MQ_SYNC_BATCHED, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "Cannot open the folder /nonexistent/folder: "));
	assert_int_equal(mq_dir_sync("/etc/passwd", MQ_SYNC_BATCHED, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "Cannot open the folder /etc/passwd: "));
	assert_int_equal(mq_durable_commit(&err), 0);
	assert_int_equal(mq_dir_sync("/nonexistent/folder", MQ_SYNC_NOW, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "Cannot open the folder /nonexistent/folder: "));
	assert_int_equal(mq_dir_sync("/nonexistent/folder", MQ_SYNC_BATCHED, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "Cannot open the folder /nonexistent/folder: "));
	rmdir(dir);
}

/* mq_file_replace2: the file is head then data, byte for byte, replacing
 * what was there, with no .tmp left; without a head it is data alone. */
static void
test_replace_in_two_pieces(void **state)
{
	char dir[] = "/tmp/mq-replace2.XXXXXX", path[64], tmp[80], buf[256];
	struct mq_err err;
	struct stat sb;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/f", dir);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	assert_int_equal(mq_file_replace(path, "old and longer\n", 15, 0600,
	    &err), 0);
	assert_int_equal(mq_file_replace2(path, "To: a\r\n", 7, "body\r\n", 6,
	    0600, &err), 0);
	assert_int_equal(ff_slurp(path, buf, sizeof(buf)), 13);
	assert_string_equal(buf, "To: a\r\nbody\r\n");
	assert_int_equal(stat(tmp, &sb), -1);
	assert_int_equal(mq_file_replace2(path, "", 0, "only", 4, 0600, &err), 0);
	assert_int_equal(ff_slurp(path, buf, sizeof(buf)), 4);
	assert_string_equal(buf, "only");
	assert_int_equal(mq_file_replace2("/nonexistent/folder/f", "h", 1, "d", 1,
	    0600, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "Cannot write /nonexistent/folder/f.tmp: "));
	unlink(path);
	rmdir(dir);
}

/* mq_file_create_new: head and body whole under the name, its mode, no
 * other name left in the folder; a second one of the name is told, and
 * the first stays as it was. Inside a batch it is noted, not synced. */
static void
create_new_with(int (*create)(const char *, const void *, size_t,
    const void *, size_t, int, int *, struct mq_err *))
{
	char dir[] = "/tmp/mq-create.XXXXXX", path[64], buf[256];
	struct mq_err err;
	struct stat sb;
	int exists = -1;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/m.eml", dir);
	assert_int_equal(create(path, "To: a\r\n", 7, "body\r\n", 6,
	    0600, &exists, &err), 0);
	assert_int_equal(exists, 0);
	assert_int_equal(ff_slurp(path, buf, sizeof(buf)), 13);
	assert_string_equal(buf, "To: a\r\nbody\r\n");
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0600);
	assert_int_equal(sb.st_nlink, 1);

	mq_durable_begin();
	assert_int_equal(create(path, "To: b\r\n", 7, "other\r\n",
	    7, 0600, &exists, &err), 0);
	assert_int_equal(mq_durable_commit(&err), 0);
	assert_int_equal(exists, 1);
	assert_int_equal(ff_slurp(path, buf, sizeof(buf)), 13);
	assert_string_equal(buf, "To: a\r\nbody\r\n");

	assert_int_equal(ff_names(dir, NULL), 1);	/* no temporary name left */

	assert_int_equal(create("/nonexistent/folder/f", "h", 1, "d",
	    1, 0600, &exists, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "Cannot write /nonexistent/folder/f"));
	unlink(path);
	rmdir(dir);
}

static void
test_create_new(void **state)
{
	(void)state;
	create_new_with(mq_file_create_new);
	create_new_with(mq_file_create_new_linked);
}

/* Digits only, at least one, at most max; *p moves past them alone. */
static void
test_scan_digits(void **state)
{
	unsigned long long v = 7;
	const char *s, *p;

	(void)state;
	s = "1700000000 2\n";
	p = s;
	assert_int_equal(mq_scan_digits(&p, 4294967295ULL, &v), 0);
	assert_true(v == 1700000000ULL && p == s + 10);
	s = "4294967295";
	p = s;
	assert_int_equal(mq_scan_digits(&p, 4294967295ULL, &v), 0);
	assert_true(v == 4294967295ULL && *p == '\0');
	s = "4294967296";	/* one over */
	p = s;
	assert_int_equal(mq_scan_digits(&p, 4294967295ULL, &v), -1);
	assert_true(p == s);
	s = "99999999999999999999999";	/* past 64 bits */
	p = s;
	assert_int_equal(mq_scan_digits(&p, ~0ULL, &v), -1);
	s = "9";		/* a max below one digit */
	p = s;
	assert_int_equal(mq_scan_digits(&p, 5, &v), -1);
	p = "5";
	assert_int_equal(mq_scan_digits(&p, 5, &v), 0);
	assert_true(v == 5);
	p = "+1";
	assert_int_equal(mq_scan_digits(&p, 100, &v), -1);
	p = "-1";
	assert_int_equal(mq_scan_digits(&p, 100, &v), -1);
	p = " 1";
	assert_int_equal(mq_scan_digits(&p, 100, &v), -1);
	p = "";
	assert_int_equal(mq_scan_digits(&p, 100, &v), -1);
}

/* Whole, or missing (no error), or too big or unreadable (a sentence). */
static void
test_read_small(void **state)
{
	char dir[] = "/tmp/mq-readsmall.XXXXXX", path[64], buf[16];
	struct mq_err err;
	size_t len = 99;
	int present = 9;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/f", dir);
	assert_int_equal(mq_file_read_small(path, buf, sizeof(buf), &len, &present, &err), 0);
	assert_true(present == 0 && len == 0 && buf[0] == '\0');
	assert_non_null(f = fopen(path, "w"));
	fputs("123456789012345", f);	/* 15 bytes: fits in 16 */
	fclose(f);
	assert_int_equal(mq_file_read_small(path, buf, sizeof(buf), &len, &present, &err), 0);
	assert_true(present == 1 && len == 15);
	assert_string_equal(buf, "123456789012345");
	assert_non_null(f = fopen(path, "a"));
	fputs("6", f);			/* 16: too big */
	fclose(f);
	assert_int_equal(mq_file_read_small(path, buf, sizeof(buf), &len, &present, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "is larger than 15 bytes."));
	unlink(path);
	assert_int_equal(mq_file_read_small(dir, buf, sizeof(buf), &len, &present, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "Cannot read "));
	assert_non_null(strstr(err.msg, "Is a directory"));
	rmdir(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outside_a_batch_a_failed_fsync_is_reported),
		cmocka_unit_test(test_a_batch_defers_and_commit_closes_it),
		cmocka_unit_test(test_overwrite_in_place),
		cmocka_unit_test(test_write_all),
		cmocka_unit_test(test_dir_sync),
		cmocka_unit_test(test_replace_in_two_pieces),
		cmocka_unit_test(test_create_new),
		cmocka_unit_test(test_scan_digits),
		cmocka_unit_test(test_read_small),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
