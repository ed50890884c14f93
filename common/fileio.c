/* fileio.c - durable file writes; see fileio.h. */
#define _GNU_SOURCE		/* O_TMPFILE */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>
#include <sys/file.h>

#include "durable.h"
#include "fileio.h"

/* head then data, in one writev when it takes them whole. */
static int
write_two(int fd, const void *head, size_t hlen, const void *data, size_t len,
    const char *what, struct mq_err *err)
{
	struct iovec iov[2] = { { (void *)head, hlen }, { (void *)data, len } };
	ssize_t w;

	do
		w = writev(fd, iov, 2);
	while (w < 0 && errno == EINTR);
	if (w < 0)
		return mq_fail_errno(err, MQ_IO, "Cannot write %s", what);
	if ((size_t)w < hlen)	/* a short write: the rest one piece at a time */
		return mq_write_all(fd, (const char *)head + w, hlen - (size_t)w,
		    -1, what, err) ? MQ_IO : mq_write_all(fd, data, len, -1, what,
		    err);
	return mq_write_all(fd, (const char *)data + ((size_t)w - hlen),
	    len - ((size_t)w - hlen), -1, what, err);
}

int
mq_file_replace(const char *path, const void *data, size_t len, int mode,
    struct mq_err *err)
{
	return mq_file_replace2(path, "", 0, data, len, mode, err);
}

int
mq_file_replace2(const char *path, const void *head, size_t hlen,
    const void *data, size_t len, int mode, struct mq_err *err)
{
	char tmp[4200];
	int fd;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp))
		return mq_fail(err, MQ_IO, "The path %s is too long.", path);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, mode)) < 0)
		return mq_fail_errno(err, MQ_IO, "Cannot write %s", tmp);
	if ((hlen > 0 ? write_two(fd, head, hlen, data, len, tmp, err) :
	    mq_write_all(fd, data, len, -1, tmp, err)) != 0 ||
	    mq_durable_sync(fd, tmp, err) != 0) {
		close(fd);
		unlink(tmp);
		return MQ_IO;
	}
	if (close(fd) != 0) {
		mq_fail_errno(err, MQ_IO, "Cannot write %s", tmp);
		unlink(tmp);
		return MQ_IO;
	}
	if (rename(tmp, path) != 0) {
		mq_fail_errno(err, MQ_IO, "Cannot write %s", path);
		unlink(tmp);
		return MQ_IO;
	}
	return 0;
}

int
mq_file_create_new_linked(const char *path, const void *head, size_t hlen,
    const void *data, size_t len, int mode, int *exists, struct mq_err *err)
{
	char tmp[4200];
	int fd, rc;

	*exists = 0;
	if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp))
		return mq_fail(err, MQ_IO, "The path %s is too long.", path);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)) < 0)
		return mq_fail_errno(err, MQ_IO, "Cannot write %s", tmp);
	rc = write_two(fd, head, hlen, data, len, tmp, err);
	if (rc == 0)
		rc = mq_durable_sync(fd, tmp, err);
	if (close(fd) != 0 && rc == 0)
		rc = mq_fail_errno(err, MQ_IO, "Cannot write %s", tmp);
	if (rc == 0 && link(tmp, path) != 0) {
		if (errno == EEXIST)
			*exists = 1;
		else
			rc = mq_fail_errno(err, MQ_IO, "Cannot write %s", path);
	}
	unlink(tmp);
	return rc;
}

int
mq_file_create_new(const char *path, const void *head, size_t hlen,
    const void *data, size_t len, int mode, int *exists, struct mq_err *err)
{
	char dir[4200], proc[64];
	const char *slash = strrchr(path, '/');
	int fd, rc;

	*exists = 0;
	if (slash == NULL || (size_t)(slash - path) >= sizeof(dir))
		return mq_file_create_new_linked(path, head, hlen, data, len, mode,
		    exists, err);
	memcpy(dir, path, (size_t)(slash - path));
	dir[slash - path] = '\0';
	/* No name until it is whole: one entry made in the folder, not a
	 * NAME.tmp made and renamed (two changes to a large folder). */
	if ((fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode)) < 0) {
		if (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)
			return mq_file_create_new_linked(path, head, hlen, data, len,
			    mode, exists, err);
		return mq_fail_errno(err, MQ_IO, "Cannot write %s", path);
	}
	rc = write_two(fd, head, hlen, data, len, path, err);
	if (rc == 0)
		rc = mq_durable_sync(fd, path, err);
	if (rc == 0) {
		snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
		if (linkat(AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW) != 0) {
			if (errno == EEXIST)
				*exists = 1;
			else if (errno == ENOENT && access("/proc/self/fd", F_OK) != 0) {
				close(fd);	/* no /proc: the long way */
				return mq_file_create_new_linked(path, head, hlen, data,
				    len, mode, exists, err);
			} else
				rc = mq_fail_errno(err, MQ_IO, "Cannot write %s", path);
		}
	}
	close(fd);
	return rc;
}

int
mq_file_create_once(const char *path, const void *data, size_t len, int mode,
    struct mq_err *err)
{
	char tmp[4200];
	int fd, rc = 0;

	if (snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", path, (long)getpid()) >=
	    (int)sizeof(tmp))
		return mq_fail(err, MQ_IO, "The path %s is too long.", path);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)) < 0)
		return mq_fail_errno(err, MQ_IO, "Cannot write %s", tmp);
	if (mq_write_all(fd, data, len, -1, tmp, err) != 0 ||
	    mq_durable_sync(fd, tmp, err) != 0)
		rc = MQ_IO;
	if (close(fd) != 0 && rc == 0)
		rc = mq_fail_errno(err, MQ_IO, "Cannot write %s", tmp);
	if (rc == 0 && link(tmp, path) != 0 && errno != EEXIST)
		rc = mq_fail_errno(err, MQ_IO, "Cannot write %s", path);
	unlink(tmp);
	return rc;
}

int
mq_file_overwrite(const char *path, const void *data, size_t len, int mode,
    struct mq_err *err)
{
	char old[512], buf[512];
	ssize_t n;
	size_t out = len;
	int fd, rc;

	if (len >= sizeof(buf))
		return mq_file_replace(path, data, len, mode, err);
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode)) < 0)
		return mq_fail_errno(err, MQ_IO, "Cannot write %s", path);
	n = pread(fd, old, sizeof(old), 0);
	if (n == (ssize_t)sizeof(old)) {
		close(fd);	/* not one of ours: replaced whole */
		return mq_file_replace(path, data, len, mode, err);
	}
	if (n >= 0 && (size_t)n >= len && memcmp(old, data, len) == 0) {
		size_t i = len;

		while (i < (size_t)n && (old[i] == ' ' || old[i] == '\n'))
			i++;
		if (i == (size_t)n) {
			close(fd);
			return 0;	/* unchanged */
		}
	}
	memcpy(buf, data, len);
	if (n > 0 && (size_t)n > len) {
		memset(buf + len, ' ', (size_t)n - len - 1);
		buf[n - 1] = '\n';
		out = (size_t)n;
	}
	/* a short write sets no errno: mq_write_all goes on or says ENOSPC's
	 * sentence, not a stale one */
	if ((rc = mq_write_all(fd, buf, out, 0, path, err)) != 0) {
		close(fd);
		return rc;
	}
	rc = mq_durable_sync(fd, path, err);
	close(fd);
	return rc;
}

int
mq_write_all(int fd, const void *data, size_t len, off_t off,
    const char *what, struct mq_err *err)
{
	const char *p = data;
	ssize_t w;

	while (len > 0) {
		w = off < 0 ? write(fd, p, len) : pwrite(fd, p, len, off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w == 0)
			errno = EIO;	/* no progress: never loop on it */
		if (w <= 0)
			return mq_fail_errno(err, MQ_IO, "Cannot write %s", what);
		p += w;
		len -= (size_t)w;
		if (off >= 0)
			off += w;
	}
	return 0;
}

int
mq_dir_sync(const char *dir, enum mq_sync how, struct mq_err *err)
{
	struct stat sb;
	int fd, rc = 0;

	/* In a batch that flushes its file system already, only noted: one
	 * stat rather than an open, fstat and close (a pass does this for
	 * the archive, the spool and the inbox, message after message). */
	if (how == MQ_SYNC_BATCHED && mq_durable_open() &&
	    stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode) &&
	    mq_durable_covers((unsigned long long)sb.st_dev))
		return 0;
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return mq_fail_errno(err, MQ_IO, "Cannot open the folder %s", dir);
	if (how == MQ_SYNC_BATCHED)
		rc = mq_durable_sync(fd, dir, err);
	else if (fsync(fd) != 0)
		rc = mq_fail_errno(err, MQ_IO, "Cannot fsync %s", dir);
	close(fd);
	return rc;
}

int
mq_file_read_small(const char *path, char *buf, size_t size, size_t *len,
    int *present, struct mq_err *err)
{
	char extra;
	ssize_t r;
	int fd;

	*len = 0;
	buf[0] = '\0';
	*present = 0;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		if (errno == ENOENT)
			return 0;
		return mq_fail_errno(err, MQ_IO, "Cannot read %s", path);
	}
	*present = 1;
	while (*len < size - 1) {
		r = read(fd, buf + *len, size - 1 - *len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			mq_fail_errno(err, MQ_IO, "Cannot read %s", path);
			close(fd);
			buf[*len] = '\0';
			return MQ_IO;
		}
		if (r == 0)
			break;
		*len += (size_t)r;
	}
	buf[*len] = '\0';
	if (*len == size - 1 && read(fd, &extra, 1) == 1) {
		close(fd);
		return mq_fail(err, MQ_IO, "%s is larger than %zu bytes.", path,
		    size - 1);
	}
	close(fd);
	return 0;
}

int
mq_scan_digits(const char **p, unsigned long long max,
    unsigned long long *out)
{
	const char *s = *p;
	unsigned long long v = 0;
	unsigned d;

	if (*s < '0' || *s > '9')
		return -1;
	for (; *s >= '0' && *s <= '9'; s++) {
		d = (unsigned)(*s - '0');
		if (v > max / 10 || d > max - v * 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	*p = s;
	return 0;
}

int
mq_file_lock(const char *path, int wait, int *fd, int *busy,
    struct mq_err *err)
{
	int rc;

	*busy = 0;
	if ((*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) == -1)
		return mq_fail_errno(err, MQ_IO, "Cannot open the lock %s", path);
	while ((rc = flock(*fd, LOCK_EX | (wait ? 0 : LOCK_NB))) == -1 &&
	    errno == EINTR)
		;
	if (rc == 0)
		return 0;
	rc = errno;
	close(*fd);
	*fd = -1;
	if (rc == EWOULDBLOCK) {
		*busy = 1;
		return 0;
	}
	errno = rc;
	return mq_fail_errno(err, MQ_IO, "Cannot lock %s", path);
}
