/*
 * transport_maildir.c - Maildir in and out; see transport_maildir.h for the
 * rules (what "done" means, how outgoing files are named).
 */
#define _GNU_SOURCE		/* renameat2 */
#include "transport_maildir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "durable.h"
#include "fileio.h"
#include "transport.h"

static char *
md_path(const char *dir, const char *rel)
{
	struct mq_buf b = MQ_BUF_INIT;

	mq_buf_printf(&b, "%s/%s", dir, rel);
	return mq_buf_steal(&b);
}

/* mkdir -p, for one path. */
static int
md_mkdirs(const char *path, struct mq_err *err)
{
	struct mq_buf b = MQ_BUF_INIT;
	const char *p;
	int rc = 0;

	for (p = path; rc == 0; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		mq_buf_reset(&b);
		if (mq_buf_add(&b, path, (size_t)(p - path))) {
			rc = mq_fail(err, MQ_IO, "Out of memory");
			break;
		}
		if (b.len > 0 && mkdir(mq_buf_str(&b), 0700) == -1 &&
		    errno != EEXIST)
			rc = mq_fail_errno(err, MQ_IO, "Cannot create folder %s",
			    mq_buf_str(&b));
		if (*p == '\0')
			break;
	}
	mq_buf_free(&b);
	return rc;
}

int
mq_maildir_create(const char *dir, struct mq_err *err)
{
	static const char *const sub[] = { "tmp", "new", "cur" };
	char *p;
	size_t i;
	int rc;

	MQ_TRY(md_mkdirs(dir, err));
	for (i = 0; i < 3; i++) {
		if ((p = md_path(dir, sub[i])) == NULL)
			return mq_fail(err, MQ_IO, "Out of memory");
		rc = 0;
		if (mkdir(p, 0700) == -1 && errno != EEXIST)
			rc = mq_fail_errno(err, MQ_IO, "Cannot create folder %s",
			    p);
		free(p);
		MQ_TRY(rc);
	}
	return 0;
}

/* Where the info part of a file name starts (its ':'), or its end. */
static const char *
md_info(const char *name)
{
	const char *c = strchr(name, ':');

	return c ? c : name + strlen(name);
}

static int
md_is_done(const char *name)
{
	const char *info = md_info(name);

	return strncmp(info, ":2,", 3) == 0 && strchr(info + 3, 'S') != NULL;
}

void
mq_maildir_list_free(struct mq_maildir_list *l)
{
	size_t i;

	if (l == NULL)
		return;
	for (i = 0; i < l->n; i++) {
		free(l->v[i].path);
		free(l->v[i].id);
	}
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

static int
md_add(struct mq_maildir_list *l, size_t *cap, const char *sub,
    const char *name)
{
	struct mq_maildir_msg *m, *v;
	struct mq_buf b = MQ_BUF_INIT;
	size_t ncap;

	if (l->n == *cap) {
		ncap = *cap ? *cap * 2 : 16;
		v = reallocarray(l->v, ncap, sizeof(*v));
		if (v == NULL)
			return MQ_IO;
		l->v = v;
		*cap = ncap;
	}
	m = &l->v[l->n];
	mq_buf_printf(&b, "%s/%s", sub, name);
	if ((m->path = mq_buf_steal(&b)) == NULL)
		return MQ_IO;
	m->name = m->path + strlen(sub) + 1;
	mq_buf_puts(&b, MQ_TRANSPORT_MAILDIR_PREFIX);
	mq_buf_add(&b, name, (size_t)(md_info(name) - name));
	if ((m->id = mq_buf_steal(&b)) == NULL) {
		free(m->path);
		return MQ_IO;
	}
	l->n++;
	return 0;
}

static int
md_scan(const char *dir, const char *sub, struct mq_maildir_list *l,
    size_t *cap, struct mq_err *err)
{
	struct dirent *de;
	DIR *d;
	char *p;
	int rc = 0;

	if ((p = md_path(dir, sub)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory");
	if ((d = opendir(p)) == NULL) {
		rc = mq_fail_errno(err, MQ_IO, "Cannot read the Maildir "
		    "folder %s", p);
		free(p);
		return rc;
	}
	errno = 0;
	while (rc == 0 && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || de->d_type == DT_DIR)
			continue;
		if (strcmp(sub, "cur") == 0 && md_is_done(de->d_name))
			continue;
		if (md_add(l, cap, sub, de->d_name))
			rc = mq_fail(err, MQ_IO, "Out of memory");
		errno = 0;
	}
	if (rc == 0 && errno != 0)
		rc = mq_fail_errno(err, MQ_IO, "Cannot read the Maildir "
		    "folder %s", p);
	closedir(d);
	free(p);
	return rc;
}

static int
md_cmp(const void *a, const void *b)
{
	const struct mq_maildir_msg *x = a, *y = b;
	int c;

	/* strcmp compares as unsigned char: byte order. */
	if ((c = strcmp(x->name, y->name)) != 0)
		return c;
	return strcmp(x->path, y->path);
}

int
mq_maildir_list(const char *dir, struct mq_maildir_list *out,
    struct mq_err *err)
{
	size_t cap = 0;
	int rc;

	out->v = NULL;
	out->n = 0;
	if ((rc = md_scan(dir, "new", out, &cap, err)) != 0 ||
	    (rc = md_scan(dir, "cur", out, &cap, err)) != 0) {
		mq_maildir_list_free(out);
		return rc;
	}
	if (out->n > 1)
		qsort(out->v, out->n, sizeof(out->v[0]), md_cmp);
	return 0;
}

/*
 * Whether name, in a Maildir's top folder, is what a mail server keeps
 * there: its own folders, Dovecot's and Courier's files (dovecot-uidlist,
 * dovecot-uidvalidity*, dovecot.index*, dovecot.list.index*,
 * dovecot-keywords, courierimapuiddb, courierimapkeywords/, courierpop3d*,
 * maildirfolder, subscriptions) and dot files (Maildir++ subfolders).
 */
static int
md_top_kept(const char *name)
{
	static const char *const exact[] = { "tmp", "new", "cur",
	    "maildirfolder", "subscriptions" };
	size_t i;

	if (name[0] == '.' || strncmp(name, "dovecot", 7) == 0 ||
	    strncmp(name, "courier", 7) == 0)
		return 1;
	for (i = 0; i < sizeof(exact) / sizeof(exact[0]); i++)
		if (strcmp(name, exact[i]) == 0)
			return 1;
	return 0;
}

int
mq_maildir_strays(const char *dir, size_t *n)
{
	struct dirent *de;
	struct stat sb;
	DIR *d;
	int fd;

	*n = 0;
	if ((d = opendir(dir)) == NULL)
		return -1;
	fd = dirfd(d);
	while ((de = readdir(d)) != NULL) {
		if (md_top_kept(de->d_name))
			continue;
		if (de->d_type == DT_REG ||
		    (de->d_type == DT_UNKNOWN && fstatat(fd, de->d_name, &sb,
		    AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(sb.st_mode)))
			(*n)++;
	}
	closedir(d);
	return 0;
}

/* Message m opened to read: *fd, and its path in *p (to free). */
static int
md_open(const char *dir, const struct mq_maildir_msg *m, char **p, int *fd,
    struct mq_err *err)
{
	int rc;

	if ((*p = md_path(dir, m->path)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory");
	if ((*fd = open(*p, O_RDONLY | O_CLOEXEC)) == -1) {
		rc = mq_fail_errno(err, MQ_IO, "Cannot open message %s", *p);
		free(*p);
		*p = NULL;
		return rc;
	}
	return 0;
}

int
mq_maildir_read_head(const char *dir, const struct mq_maildir_msg *m,
    size_t max, char **raw, size_t *len, unsigned long long *size,
    struct mq_err *err)
{
	struct stat st = { 0 };
	ssize_t n = 0;
	size_t got = 0;
	char *p, *buf;
	int fd, rc = 0;

	*raw = NULL;
	*len = 0;
	*size = 0;
	MQ_TRY(md_open(dir, m, &p, &fd, err));
	if ((buf = malloc(max + 1)) == NULL)
		rc = mq_fail(err, MQ_IO, "Out of memory");
	else if (fstat(fd, &st) == -1)
		rc = mq_fail_errno(err, MQ_IO, "Cannot stat message %s", p);
	while (rc == 0 && got < max && (n = read(fd, buf + got, max - got)) != 0) {
		if (n == -1 && errno != EINTR)
			rc = mq_fail_errno(err, MQ_IO, "Cannot read message %s", p);
		else if (n > 0)
			got += (size_t)n;
	}
	close(fd);
	free(p);
	if (rc) {
		free(buf);
		return rc;
	}
	buf[got] = '\0';
	*raw = buf;
	*len = got;
	*size = (unsigned long long)st.st_size;
	return 0;
}

int
mq_maildir_read(const char *dir, const struct mq_maildir_msg *m, size_t max,
    char **raw, size_t *len, struct mq_err *err)
{
	struct mq_buf b = MQ_BUF_INIT;
	char chunk[65536];
	struct stat st;
	ssize_t n;
	char *p;
	int fd, rc = 0;

	*raw = NULL;
	*len = 0;
	MQ_TRY(md_open(dir, m, &p, &fd, err));
	if (fstat(fd, &st) == -1)
		rc = mq_fail_errno(err, MQ_IO, "Cannot stat message %s", p);
	else if ((unsigned long long)st.st_size > max)
		goto toobig;
	/* Read to EOF, not st_size: the cap holds even if the file grows. */
	while (rc == 0 && (n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n == -1) {
			if (errno == EINTR)
				continue;
			rc = mq_fail_errno(err, MQ_IO, "Cannot read message %s",
			    p);
		} else if ((size_t)n > max - b.len)
			goto toobig;
		else if (mq_buf_add(&b, chunk, (size_t)n))
			rc = mq_fail(err, MQ_IO, "Out of memory reading "
			    "message %s", p);
	}
	if (rc == 0) {
		*len = b.len;
		/* an empty message still needs its NUL: steal alone lacks it */
		mq_buf_add(&b, "", 0);
		if ((*raw = mq_buf_steal(&b)) == NULL)
			rc = mq_fail(err, MQ_IO, "Out of memory");
	}
	goto out;
toobig:
	rc = mq_fail(err, MQ_REFUSED, "Message %s is larger than the limit "
	    "of %zu bytes.", p, max);
out:
	mq_buf_free(&b);
	close(fd);
	free(p);
	return rc;
}

/* "cur/<base>:2,<flags with S>", flags in ASCII order, each once. */
static char *
md_done_path(const char *name)
{
	struct mq_buf b = MQ_BUF_INIT;
	const char *info = md_info(name), *f;
	int c;

	mq_buf_puts(&b, "cur/");
	mq_buf_add(&b, name, (size_t)(info - name));
	mq_buf_puts(&b, ":2,");
	for (c = 33; c < 127; c++) {
		f = strncmp(info, ":2,", 3) == 0 ? strchr(info + 3, c) : NULL;
		if (c == 'S' || f != NULL)
			mq_buf_putc(&b, (char)c);
	}
	return mq_buf_steal(&b);
}

int
mq_maildir_mark_done(const char *dir, const struct mq_maildir_msg *m,
    struct mq_err *err)
{
	char *rel, *from = NULL, *to = NULL, *sub = NULL;
	int rc = 0, from_new;

	from_new = strncmp(m->path, "new/", 4) == 0;
	if (!from_new && md_is_done(m->name))
		return 0;
	if ((rel = md_done_path(m->name)) == NULL ||
	    (from = md_path(dir, m->path)) == NULL ||
	    (to = md_path(dir, rel)) == NULL) {
		rc = mq_fail(err, MQ_IO, "Out of memory");
		goto out;
	}
	if (rename(from, to) == -1) {
		rc = mq_fail_errno(err, MQ_IO, "Cannot mark message %s done",
		    from);
		goto out;
	}
	if ((sub = md_path(dir, "cur")) == NULL) {
		rc = mq_fail(err, MQ_IO, "Out of memory");
		goto out;
	}
	rc = mq_dir_sync(sub, MQ_SYNC_BATCHED, err);
	free(sub);
	if (rc == 0 && from_new) {
		if ((sub = md_path(dir, "new")) == NULL)
			rc = mq_fail(err, MQ_IO, "Out of memory");
		else
			rc = mq_dir_sync(sub, MQ_SYNC_BATCHED, err);
		free(sub);
	}
out:
	free(rel);
	free(from);
	free(to);
	return rc;
}

/* The host name, with anything a Maildir name must not hold replaced. */
static void
md_host(char *host, size_t size)
{
	static char known[256];	/* asked once per process */
	char *p;

	if (known[0] == '\0') {
		if (gethostname(known, sizeof(known)) == -1 || known[0] == '\0')
			mq_strlcpy(known, "localhost", sizeof(known));
		known[sizeof(known) - 1] = '\0';
		for (p = known; *p; p++)
			if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') &&
			    !(*p >= '0' && *p <= '9') && *p != '-' && *p != '.')
				*p = '_';
	}
	mq_strlcpy(host, known, size);
}

/* The highest counter used with prefix "<time>." in DIR/sub. */
static int
md_max_counter(const char *dir, const char *sub, const char *prefix,
    unsigned long long *max, struct mq_err *err)
{
	size_t plen = strlen(prefix);
	unsigned long long v;
	struct dirent *de;
	char *p, *end;
	DIR *d;

	if ((p = md_path(dir, sub)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory");
	if ((d = opendir(p)) == NULL) {
		mq_fail_errno(err, MQ_IO, "Cannot read the Maildir folder %s",
		    p);
		free(p);
		return MQ_IO;
	}
	free(p);
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, prefix, plen) != 0 ||
		    de->d_name[plen] < '0' || de->d_name[plen] > '9')
			continue;
		errno = 0;
		v = strtoull(de->d_name + plen, &end, 10);
		if (errno == 0 && *end == '.' && v > *max)
			*max = v;
	}
	closedir(d);
	return 0;
}

/* Write raw to a fresh file in DIR/tmp and fsync it; *tmp gets its path. */
static int
md_write_tmp(const char *dir, const char *raw, size_t len, char **tmp,
    struct mq_err *err)
{
	struct mq_buf b = MQ_BUF_INIT;
	int fd, rc = 0;

	mq_buf_printf(&b, "%s/tmp/deliver.XXXXXX", dir);
	if ((*tmp = mq_buf_steal(&b)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory");
	if ((fd = mkstemp(*tmp)) == -1) {
		rc = mq_fail_errno(err, MQ_IO, "Cannot create a file in %s/tmp",
		    dir);
		free(*tmp);
		*tmp = NULL;
		return rc;
	}
	if ((rc = mq_write_all(fd, raw, len, -1, *tmp, err)) == 0)
		rc = mq_durable_sync(fd, *tmp, err);
	if (close(fd) == -1 && rc == 0)
		rc = mq_fail_errno(err, MQ_IO, "Cannot close %s", *tmp);
	if (rc != 0) {
		unlink(*tmp);
		free(*tmp);
		*tmp = NULL;
	}
	return rc;
}

/* This process's share of the counters (mq_maildir_name_share). */
static unsigned long long name_share = 0, name_n = 1;

void
mq_maildir_name_share(int share, int n)
{
	if (n < 1 || share < 0 || share >= n)
		share = 0, n = 1;
	name_share = (unsigned long long)share;
	name_n = (unsigned long long)n;
}

/* The first counter after max that is this process's. */
static unsigned long long
next_own(unsigned long long max)
{
	unsigned long long c = max + 1;

	return c + (name_share + name_n - c % name_n) % name_n;
}

/*
 * Link tmp into new/ under the first free counter of this process's from
 * `counter` on; *name gets the name.
 * With *move, move it there instead (renameat2 with RENAME_NOREPLACE: tmp
 * is gone on return); where the file system cannot, *move = 0 and it is
 * linked after all.
 */
static int
md_link_new(const char *dir, const char *tmp, const char *prefix,
    unsigned long long counter, int *move, char **name, struct mq_err *err)
{
	struct mq_buf nm = MQ_BUF_INIT, dst = MQ_BUF_INIT;
	char host[256];
	int rc = 0;

	md_host(host, sizeof(host));
	for (;; counter += name_n) {
		mq_buf_reset(&nm);
		mq_buf_reset(&dst);
		mq_buf_printf(&nm, "%s%06llu.%s.eml", prefix, counter, host);
		mq_buf_printf(&dst, "%s/new/%s", dir, mq_buf_str(&nm));
		if (nm.oom || dst.oom) {
			rc = mq_fail(err, MQ_IO, "Out of memory");
			break;
		}
		/* never a plain rename: a name taken meanwhile is not replaced */
		if (move != NULL && *move) {
			if (renameat2(AT_FDCWD, tmp, AT_FDCWD, mq_buf_str(&dst),
			    RENAME_NOREPLACE) == 0)
				break;
			if (errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP) {
				*move = 0;	/* not here: link this name */
				counter -= name_n;
				continue;
			}
		} else if (link(tmp, mq_buf_str(&dst)) == 0)
			break;
		if (errno != EEXIST) {
			rc = mq_fail_errno(err, MQ_IO, "Cannot deliver into "
			    "%s/new", dir);
			break;
		}
	}
	mq_buf_free(&dst);
	if (rc == 0 && (*name = mq_buf_steal(&nm)) == NULL)
		rc = mq_fail(err, MQ_IO, "Out of memory");
	mq_buf_free(&nm);
	return rc;
}

/* The last delivery: folder, second and counter (see md_publish). */
static char last_dir[1024];
static long long last_t = -1;
static unsigned long long last_counter;
/* The last outbox made sure of by md_take_file, and its new/'s device. */
static char made_dir[1024];
static dev_t made_dev;

/*
 * Link the written file tmp into DIR/new under the next free name of second
 * t, and fsync new/ (or note it, in a batch: durable.h). The folder is
 * scanned for the highest counter once per folder and second, then counted
 * on in memory: a daemon pass delivers hundreds of mails with one pinned
 * time, and a scan per mail made delivery quadratic. Another writer's name
 * is still never replaced: link() refuses a taken name and the loop moves on.
 */
static int
md_publish(const char *dir, const char *tmp, long long t, int *move,
    char **name, struct mq_err *err)
{
	unsigned long long max = 0;
	char prefix[32], *got = NULL, *sub;
	int rc;

	/* new/'s path made before the file goes in: out of memory after
	 * would report a delivered mail as not delivered (the spool would
	 * count it failed, and keep a try for a mail gone) */
	if ((sub = md_path(dir, "new")) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory");
	snprintf(prefix, sizeof(prefix), "%010lld.", t);
	if (last_t == t && strcmp(last_dir, dir) == 0) {
		max = last_counter;
	} else if ((rc = md_max_counter(dir, "new", prefix, &max, err)) != 0 ||
	    (rc = md_max_counter(dir, "cur", prefix, &max, err)) != 0) {
		free(sub);
		return rc;
	}
	rc = md_link_new(dir, tmp, prefix, next_own(max), move, &got, err);
	if (rc == 0 && strlen(dir) < sizeof(last_dir)) {
		last_t = t;
		memcpy(last_dir, dir, strlen(dir) + 1);
		last_counter = strtoull(got + strlen(prefix), NULL, 10);
	} else
		last_t = -1;
	if (rc == 0 && strcmp(made_dir, dir) == 0 &&
	    mq_durable_covers((unsigned long long)made_dev))
		;	/* the batch flushes that file system already */
	else if (rc == 0)
		rc = mq_dir_sync(sub, MQ_SYNC_BATCHED, err);
	free(sub);
	if (rc == 0 && name != NULL)
		*name = got;
	else
		free(got);
	return rc;
}

int
mq_maildir_deliver(const char *dir, const char *raw, size_t len, long long t,
    char **name, struct mq_err *err)
{
	char *tmp = NULL;
	int rc;

	if (name != NULL)
		*name = NULL;
	if (t < 0)
		return mq_fail(err, MQ_REFUSED, "Cannot deliver a message "
		    "with a time before 1970");
	if (!(last_t == t && strcmp(last_dir, dir) == 0))
		MQ_TRY(mq_maildir_create(dir, err));
	MQ_TRY(md_write_tmp(dir, raw, len, &tmp, err));
	rc = md_publish(dir, tmp, t, NULL, name, err);
	unlink(tmp);
	free(tmp);
	return rc;
}

/*
 * Whether the file sb describes is in DIR/new or DIR/cur already (a link
 * of the same inode, under any name: a reader may have moved it to cur/
 * and flagged it). Read only for a file of two links or more, which a
 * crash between the link and the sender's unlink leaves; but a backup made
 * with hard links (cp -al) or a writer between its link and its unlink
 * leaves one too, and such a mail, taken as delivered, was removed unsent.
 */
static int
md_linked_in(const char *dir, const struct stat *sb)
{
	static const char *const subs[] = { "new", "cur" };
	struct dirent *de;
	struct stat st;
	char *p;
	DIR *d;
	int found = 0;

	for (size_t i = 0; i < 2 && !found; i++) {
		if ((p = md_path(dir, subs[i])) == NULL)
			return 0;
		d = opendir(p);
		free(p);
		if (d == NULL)
			continue;
		while (!found && (de = readdir(d)) != NULL)
			found = de->d_name[0] != '.' &&
			    fstatat(dirfd(d), de->d_name, &st,
			    AT_SYMLINK_NOFOLLOW) == 0 && st.st_ino == sb->st_ino &&
			    st.st_dev == sb->st_dev;
		closedir(d);
	}
	return found;
}

/*
 * Deliver the file at path as it is: into new/ by a link, or with want_move
 * by a move (*moved = 1 when it was moved; a file system without the move
 * links), a copy from another file system. A file linked into the outbox
 * already went before (*already = 1).
 */
static int
md_take_file(const char *dir, const char *path, long long t, int want_move,
    int *moved, int *already, char **name, struct mq_err *err)
{
	struct stat sb, nb;
	char *raw = NULL, *sub;
	ssize_t n;
	int fd, rc, same;

	*already = 0;
	*moved = 0;
	if (name != NULL)
		*name = NULL;
	if (t < 0)
		return mq_fail(err, MQ_REFUSED, "Cannot deliver a message "
		    "with a time before 1970");
	if (lstat(path, &sb) == -1)
		return mq_fail_errno(err, MQ_IO, "Cannot read %s", path);
	if (sb.st_nlink >= 2 && md_linked_in(dir, &sb)) {
		/* linked in already: a crash came before the sender let go */
		*already = 1;
		return 0;
	}
	/* made (and its device read) once per folder and process */
	if (strcmp(made_dir, dir) != 0) {
		made_dir[0] = '\0';
		MQ_TRY(mq_maildir_create(dir, err));
		sub = md_path(dir, "new");
		rc = sub != NULL && stat(sub, &nb) == 0;
		free(sub);
		if (!rc)
			return mq_fail_errno(err, MQ_IO, "Cannot read %s/new", dir);
		made_dev = nb.st_dev;
		if (strlen(dir) < sizeof(made_dir))
			memcpy(made_dir, dir, strlen(dir) + 1);
	}
	same = made_dev == sb.st_dev;
	if (same) {
		*moved = want_move;
		return md_publish(dir, path, t, want_move ? moved : NULL, name, err);
	}
	/* another file system: a copy, as mq_maildir_deliver makes it */
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return mq_fail_errno(err, MQ_IO, "Cannot read %s", path);
	if ((raw = malloc((size_t)sb.st_size + 1)) == NULL) {
		close(fd);
		return mq_fail(err, MQ_IO, "Out of memory");
	}
	n = read(fd, raw, (size_t)sb.st_size);
	close(fd);
	if (n != (ssize_t)sb.st_size)
		rc = mq_fail(err, MQ_IO, "Cannot read %s", path);
	else
		rc = mq_maildir_deliver(dir, raw, (size_t)n, t, name, err);
	free(raw);
	return rc;
}

int
mq_maildir_deliver_file(const char *dir, const char *path, long long t,
    int *already, char **name, struct mq_err *err)
{
	int moved;

	return md_take_file(dir, path, t, 0, &moved, already, name, err);
}

int
mq_maildir_move_file(const char *dir, const char *path, long long t,
    int *moved, char **name, struct mq_err *err)
{
	int already;

	return md_take_file(dir, path, t, 1, moved, &already, name, err);
}
