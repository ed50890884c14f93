/*
 * test_transport_maildir.c - the Maildir transport: list order, what counts
 * as done, marking done, delivering, the size cap, missing folders.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_fixture.h"
#include "buf.h"
#include "err.h"
#include "mail/transport_maildir.h"

struct fx {
	char	dir[64];
};

static void
rm_tree(const char *path)
{
	struct dirent *de;
	char sub[1024];
	DIR *d;

	if ((d = opendir(path)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (strcmp(de->d_name, ".") == 0 ||
			    strcmp(de->d_name, "..") == 0)
				continue;
			snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
			rm_tree(sub);
		}
		closedir(d);
		rmdir(path);
	} else
		unlink(path);
}

static int
setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	snprintf(f->dir, sizeof(f->dir), "/tmp/mq-maildir.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	rm_tree(f->dir);
	free(f);
	return 0;
}

static void
put(const char *dir, const char *rel, const char *text)
{
	char p[1024];
	FILE *fp;

	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	fp = fopen(p, "w");
	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

static int
exists(const char *dir, const char *rel)
{
	char p[1024];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	return stat(p, &st) == 0;
}

static void
make_maildir(const char *dir)
{
	struct mq_err err;

	assert_int_equal(mq_maildir_create(dir, &err), 0);
}

static void
test_list_is_byte_order_across_new_and_cur(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;

	make_maildir(f->dir);
	put(f->dir, "new/b", "B");
	put(f->dir, "cur/a:2,", "A");
	put(f->dir, "new/B", "upper B");	/* 'B' (0x42) < 'a' (0x61) */
	put(f->dir, "cur/c:2,FR", "C");
	put(f->dir, "new/\xc3\xa9", "e acute");	/* bytes above ASCII sort last */
	put(f->dir, "new/.hidden", "skipped");
	put(f->dir, "tmp/zz", "not yet delivered");
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	assert_int_equal(l.n, 5);
	assert_string_equal(l.v[0].path, "new/B");
	assert_string_equal(l.v[1].path, "cur/a:2,");
	assert_string_equal(l.v[2].path, "new/b");
	assert_string_equal(l.v[3].path, "cur/c:2,FR");
	assert_string_equal(l.v[4].path, "new/\xc3\xa9");
	assert_string_equal(l.v[1].name, "a:2,");
	mq_maildir_list_free(&l);
}

static void
test_id_drops_the_info_part(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;

	make_maildir(f->dir);
	put(f->dir, "cur/1700000000.1.host:2,FR", "x");
	put(f->dir, "new/1700000000.2.host", "y");
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.v[0].id, "maildir:1700000000.1.host");
	assert_string_equal(l.v[1].id, "maildir:1700000000.2.host");
	mq_maildir_list_free(&l);
}

static void
test_seen_messages_in_cur_are_done(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;

	make_maildir(f->dir);
	put(f->dir, "cur/done1:2,S", "done");
	put(f->dir, "cur/done2:2,FRS", "done");
	put(f->dir, "cur/pending:2,F", "pending");
	put(f->dir, "new/fresh", "pending");
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.v[0].path, "new/fresh");
	assert_string_equal(l.v[1].path, "cur/pending:2,F");
	mq_maildir_list_free(&l);
}

static void
test_mark_done_moves_to_cur_with_s_flag(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;

	make_maildir(f->dir);
	put(f->dir, "new/m1", "one");
	put(f->dir, "cur/m2:2,RF", "two");
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	assert_int_equal(l.n, 2);
	assert_int_equal(mq_maildir_mark_done(f->dir, &l.v[0], &err), 0);
	assert_int_equal(mq_maildir_mark_done(f->dir, &l.v[1], &err), 0);
	mq_maildir_list_free(&l);
	assert_true(exists(f->dir, "cur/m1:2,S"));
	assert_false(exists(f->dir, "new/m1"));
	/* flags stay, in ASCII order, with S added once */
	assert_true(exists(f->dir, "cur/m2:2,FRS"));
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	assert_int_equal(l.n, 0);
	mq_maildir_list_free(&l);
}

static void
test_unmarked_message_is_listed_again(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;
	char *raw;
	size_t len;

	/* a crash after processing, before marking: the message comes back */
	make_maildir(f->dir);
	put(f->dir, "new/m1", "one");
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	assert_int_equal(mq_maildir_read(f->dir, &l.v[0], 100, &raw, &len,
	    &err), 0);
	free(raw);
	mq_maildir_list_free(&l);
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.v[0].id, "maildir:m1");
	mq_maildir_list_free(&l);
}

static void
test_mark_done_of_vanished_message_fails(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;
	char p[1024];

	make_maildir(f->dir);
	put(f->dir, "new/m1", "one");
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	snprintf(p, sizeof(p), "%s/new/m1", f->dir);
	assert_int_equal(unlink(p), 0);
	assert_int_equal(mq_maildir_mark_done(f->dir, &l.v[0], &err), MQ_IO);
	assert_non_null(strstr(err.msg, "Cannot mark message"));
	mq_maildir_list_free(&l);
}

static void
test_read_returns_exact_bytes(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;
	char *raw;
	size_t len;

	make_maildir(f->dir);
	put(f->dir, "new/m", "Subject: hi\r\n\r\nbody\r\n");
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	assert_int_equal(mq_maildir_read(f->dir, &l.v[0], 1000, &raw, &len,
	    &err), 0);
	assert_int_equal(len, 21);
	assert_memory_equal(raw, "Subject: hi\r\n\r\nbody\r\n", 21);
	assert_int_equal(raw[len], '\0');
	free(raw);
	mq_maildir_list_free(&l);
}

static void
test_read_size_cap_is_inclusive(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;
	char *raw = (char *)"sentinel";
	size_t len = 99;

	make_maildir(f->dir);
	put(f->dir, "new/m", "0123456789");
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	assert_int_equal(mq_maildir_read(f->dir, &l.v[0], 10, &raw, &len,
	    &err), 0);
	assert_int_equal(len, 10);
	free(raw);
	assert_int_equal(mq_maildir_read(f->dir, &l.v[0], 9, &raw, &len,
	    &err), MQ_REFUSED);
	assert_null(raw);
	assert_int_equal(len, 0);
	assert_non_null(strstr(err.msg, "larger than the limit of 9 bytes"));
	mq_maildir_list_free(&l);
}

static void
test_read_empty_message(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;
	char *raw;
	size_t len;

	make_maildir(f->dir);
	put(f->dir, "new/m", "");
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	assert_int_equal(mq_maildir_read(f->dir, &l.v[0], 10, &raw, &len,
	    &err), 0);
	assert_int_equal(len, 0);
	assert_string_equal(raw, "");
	free(raw);
	mq_maildir_list_free(&l);
}

static void
test_list_of_missing_maildir_fails_clearly(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;
	char p[256];

	snprintf(p, sizeof(p), "%s/nope", f->dir);
	assert_int_equal(mq_maildir_list(p, &l, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "Cannot read the Maildir folder"));
	assert_non_null(strstr(err.msg, "nope/new"));
	assert_int_equal(l.n, 0);
	assert_null(l.v);
}

static void
test_list_without_cur_fails(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;
	char p[256];

	snprintf(p, sizeof(p), "%s/new", f->dir);
	assert_int_equal(mkdir(p, 0700), 0);
	put(f->dir, "new/m", "x");
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "/cur"));
	assert_int_equal(l.n, 0);
}

static void
test_deliver_creates_missing_folders(void **state)
{
	struct fx *f = *state;
	struct mq_err err;
	char p[256], *name;

	snprintf(p, sizeof(p), "%s/a/b/outbox", f->dir);
	assert_int_equal(mq_maildir_deliver(p, "x", 1, 5, &name, &err), 0);
	assert_true(exists(p, "new"));
	assert_true(exists(p, "cur"));
	assert_true(exists(p, "tmp"));
	assert_int_equal(ff_names(p, "new"), 1);
	assert_int_equal(ff_names(p, "tmp"), 0);
	free(name);
}

static void
test_deliver_names_and_contents(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;
	char *n1, *n2, *n3, *raw, host[300];
	size_t len;

	make_maildir(f->dir);
	assert_int_equal(mq_maildir_deliver(f->dir, "first\r\n", 7,
	    1700000000, &n1, &err), 0);
	assert_int_equal(mq_maildir_deliver(f->dir, "second\r\n", 8,
	    1700000000, &n2, &err), 0);
	assert_int_equal(mq_maildir_deliver(f->dir, "third\r\n", 7, 42, &n3,
	    &err), 0);
	assert_non_null(strstr(n1, "1700000000.000001."));
	assert_non_null(strstr(n2, "1700000000.000002."));
	assert_non_null(strstr(n3, "0000000042.000001."));
	assert_int_equal(strncmp(n1, "1700000000.000001.", 18), 0);
	assert_int_equal(strcmp(n1 + strlen(n1) - 4, ".eml"), 0);
	/* the host part carries no ':' or '/' */
	snprintf(host, sizeof(host), "%s", n1 + 18);
	assert_null(strchr(host, ':'));
	assert_null(strchr(host, '/'));
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	assert_int_equal(l.n, 3);
	/* byte order of the names is time order, then delivery order */
	assert_string_equal(l.v[0].name, n3);
	assert_string_equal(l.v[1].name, n1);
	assert_string_equal(l.v[2].name, n2);
	assert_int_equal(mq_maildir_read(f->dir, &l.v[2], 100, &raw, &len,
	    &err), 0);
	assert_int_equal(len, 8);
	assert_memory_equal(raw, "second\r\n", 8);
	free(raw);
	assert_int_equal(ff_names(f->dir, "tmp"), 0);
	mq_maildir_list_free(&l);
	free(n1);
	free(n2);
	free(n3);
}

static void
test_deliver_counter_skips_names_moved_to_cur(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;
	char *n1, *n2;

	make_maildir(f->dir);
	assert_int_equal(mq_maildir_deliver(f->dir, "a", 1, 7, &n1, &err), 0);
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	assert_int_equal(mq_maildir_mark_done(f->dir, &l.v[0], &err), 0);
	mq_maildir_list_free(&l);
	assert_int_equal(ff_names(f->dir, "new"), 0);
	/* new/ is empty now, but the name lives on in cur/ */
	assert_int_equal(mq_maildir_deliver(f->dir, "b", 1, 7, &n2, &err), 0);
	assert_int_equal(strncmp(n2, "0000000007.000002.", 18), 0);
	assert_string_not_equal(n1, n2);
	free(n1);
	free(n2);
}

static void
test_deliver_refuses_negative_time(void **state)
{
	struct fx *f = *state;
	struct mq_err err;
	char *name = (char *)"sentinel";

	assert_int_equal(mq_maildir_deliver(f->dir, "a", 1, -1, &name, &err),
	    MQ_REFUSED);
	assert_null(name);
	assert_non_null(strstr(err.msg, "before 1970"));
}

static void
test_deliver_into_unwritable_place_fails(void **state)
{
	struct mq_err err;

	(void)state;
	assert_int_equal(mq_maildir_deliver("/proc/mq-no-such/outbox", "a", 1,
	    1, NULL, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "Cannot create folder"));
}

static void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* The file is linked in as it is: same bytes, same inode, no copy. */
static void
test_deliver_file_links_the_file_in(void **state)
{
	struct fx *f = *state;
	struct mq_maildir_list l;
	struct mq_err err;
	struct stat a, b;
	char src[128], *name = NULL, *raw, got[256];
	size_t len;
	int already = -1;

	snprintf(src, sizeof(src), "%s.spooled", f->dir);
	write_file(src, "X-Masqued-Envelope-To: a@x.test\r\nTo: a@x.test\r\n\r\nhi\r\n");
	assert_int_equal(mq_maildir_deliver_file(f->dir, src, 1790000000,
	    &already, &name, &err), 0);
	assert_int_equal(already, 0);
	assert_non_null(name);
	assert_int_equal(strncmp(name, "1790000000.000001.", 18), 0);
	assert_int_equal(ff_names(f->dir, "new"), 1);
	snprintf(got, sizeof(got), "%s/new/%s", f->dir, name);
	assert_int_equal(stat(src, &a), 0);
	assert_int_equal(stat(got, &b), 0);
	assert_true(a.st_ino == b.st_ino && a.st_nlink == 2);
	assert_int_equal(mq_maildir_list(f->dir, &l, &err), 0);
	assert_int_equal(l.n, 1);
	assert_int_equal(mq_maildir_read(f->dir, &l.v[0], 1000, &raw, &len, &err), 0);
	assert_non_null(strstr(raw, "To: a@x.test\r\n\r\nhi"));
	free(raw);
	mq_maildir_list_free(&l);
	free(name);
	unlink(src);
}

/* A crash between the link and the sender's removal: delivering the same
 * file again reports it delivered and delivers nothing more. */
static void
test_deliver_file_twice_reports_delivered(void **state)
{
	struct fx *f = *state;
	struct mq_err err;
	char src[128];
	int already = -1;

	snprintf(src, sizeof(src), "%s.spooled", f->dir);
	write_file(src, "To: a@x.test\r\n\r\nhi\r\n");
	assert_int_equal(mq_maildir_deliver_file(f->dir, src, 5, &already, NULL,
	    &err), 0);
	assert_int_equal(mq_maildir_deliver_file(f->dir, src, 5, &already, NULL,
	    &err), 0);
	assert_int_equal(already, 1);
	assert_int_equal(ff_names(f->dir, "new"), 1);
	/* the same name written afresh (a new file) is another mail */
	unlink(src);
	write_file(src, "To: a@x.test\r\n\r\nagain\r\n");
	assert_int_equal(mq_maildir_deliver_file(f->dir, src, 5, &already, NULL,
	    &err), 0);
	assert_int_equal(already, 0);
	assert_int_equal(ff_names(f->dir, "new"), 2);
	unlink(src);
}

/* A second link that is no delivery (a backup made with cp -al, a writer
 * between its link and its unlink) is no proof the mail went: it is
 * delivered (it was taken as delivered, and the spool removed it unsent).
 * A delivered one moved to cur/ and flagged by a reader still counts. */
static void
test_deliver_file_with_a_backup_link_delivers_it(void **state)
{
	struct fx *f = *state;
	struct mq_err err;
	char src[128], backup[160], cur[256], *name = NULL;
	int already = -1;

	snprintf(src, sizeof(src), "%s.spooled", f->dir);
	snprintf(backup, sizeof(backup), "%s.backup", f->dir);
	write_file(src, "To: a@x.test\r\n\r\nhi\r\n");
	assert_int_equal(link(src, backup), 0);
	assert_int_equal(mq_maildir_deliver_file(f->dir, src, 5, &already, &name,
	    &err), 0);
	assert_int_equal(already, 0);
	assert_int_equal(ff_names(f->dir, "new"), 1);
	/* read and flagged: moved to cur/ under another name */
	snprintf(cur, sizeof(cur), "%s/new/%s", f->dir, name);
	snprintf(backup, sizeof(backup), "%s/cur/%s:2,S", f->dir, name);
	assert_int_equal(rename(cur, backup), 0);
	assert_int_equal(mq_maildir_deliver_file(f->dir, src, 5, &already, NULL,
	    &err), 0);
	assert_int_equal(already, 1);
	assert_int_equal(ff_names(f->dir, "new"), 0);
	free(name);
	unlink(src);
	snprintf(backup, sizeof(backup), "%s.backup", f->dir);
	unlink(backup);
}

/* Moved in: the same inode under the Maildir name, gone from where it was,
 * never over a taken name; a file linked in already is left alone. */
static void
test_move_file_moves_it_in(void **state)
{
	struct fx *f = *state;
	struct mq_err err;
	struct stat a, b;
	char src[128], got[256], taken[256], *name = NULL;
	int moved = -1, already;

	/* a name another writer holds: the move takes the next one */
	mq_maildir_create(f->dir, &err);
	snprintf(taken, sizeof(taken), "%s/new/1790000000.000001.x.eml", f->dir);
	write_file(taken, "To: other@x.test\r\n\r\nother\r\n");
	snprintf(src, sizeof(src), "%s.spooled", f->dir);
	write_file(src, "To: a@x.test\r\n\r\nhi\r\n");
	assert_int_equal(stat(src, &a), 0);
	assert_int_equal(mq_maildir_move_file(f->dir, src, 1790000000, &moved,
	    &name, &err), 0);
	assert_int_equal(moved, 1);
	assert_int_equal(strncmp(name, "1790000000.000002.", 18), 0);
	assert_int_equal(access(src, F_OK), -1);
	snprintf(got, sizeof(got), "%s/new/%s", f->dir, name);
	assert_int_equal(stat(got, &b), 0);
	assert_true(a.st_ino == b.st_ino && b.st_nlink == 1);
	assert_int_equal(ff_names(f->dir, "new"), 2);
	free(name);
	/* linked in by an older delivery that a crash cut short */
	write_file(src, "To: a@x.test\r\n\r\nagain\r\n");
	assert_int_equal(mq_maildir_deliver_file(f->dir, src, 5, &already, NULL,
	    &err), 0);
	assert_int_equal(mq_maildir_move_file(f->dir, src, 5, &moved, NULL, &err), 0);
	assert_int_equal(moved, 0);
	assert_int_equal(ff_names(f->dir, "new"), 3);
	unlink(src);
	assert_int_equal(mq_maildir_move_file(f->dir, src, 5, &moved, NULL, &err),
	    MQ_IO);
}

static void
test_deliver_file_that_is_missing_fails(void **state)
{
	struct fx *f = *state;
	struct mq_err err;
	int already;

	assert_int_equal(mq_maildir_deliver_file(f->dir, "/tmp/mq-no-such-file",
	    5, &already, NULL, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "Cannot read /tmp/mq-no-such-file"));
}

/* From another file system (/dev/shm is tmpfs): copied, not linked. */
static void
test_deliver_file_from_another_file_system_copies(void **state)
{
	struct fx *f = *state;
	struct mq_err err;
	char src[] = "/dev/shm/mq-spooled.XXXXXX";
	struct stat a;
	int already = -1, fd;

	if ((fd = mkstemp(src)) < 0)
		skip();
	close(fd);
	write_file(src, "To: a@x.test\r\n\r\ncopied\r\n");
	assert_int_equal(mq_maildir_deliver_file(f->dir, src, 5, &already, NULL,
	    &err), 0);
	assert_int_equal(already, 0);
	assert_int_equal(ff_names(f->dir, "new"), 1);
	assert_int_equal(stat(src, &a), 0);
	assert_int_equal(a.st_nlink, 1);
	unlink(src);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
		T(test_list_is_byte_order_across_new_and_cur),
		T(test_deliver_file_links_the_file_in),
		T(test_deliver_file_twice_reports_delivered),
		T(test_deliver_file_with_a_backup_link_delivers_it),
		T(test_move_file_moves_it_in),
		T(test_deliver_file_that_is_missing_fails),
		T(test_deliver_file_from_another_file_system_copies),
		T(test_id_drops_the_info_part),
		T(test_seen_messages_in_cur_are_done),
		T(test_mark_done_moves_to_cur_with_s_flag),
		T(test_unmarked_message_is_listed_again),
		T(test_mark_done_of_vanished_message_fails),
		T(test_read_returns_exact_bytes),
		T(test_read_size_cap_is_inclusive),
		T(test_read_empty_message),
		T(test_list_of_missing_maildir_fails_clearly),
		T(test_list_without_cur_fails),
		T(test_deliver_creates_missing_folders),
		T(test_deliver_names_and_contents),
		T(test_deliver_counter_skips_names_moved_to_cur),
		T(test_deliver_refuses_negative_time),
		T(test_deliver_into_unwritable_place_fails),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
