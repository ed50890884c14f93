/* fileio.c - durable file writes; see fileio.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "durable.h"
#include "fileio.h"

int
mq_file_replace(const char *path, const void *data, size_t len, int mode,
    struct mq_err *err)
{
	char tmp[4200];
	const char *p = data;
	size_t off = 0;
	ssize_t w;
	int fd;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp))
		return mq_fail(err, MQ_IO, "The path %s is too long.", path);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, mode)) < 0)
		return mq_fail_errno(err, MQ_IO, "Cannot write %s", tmp);
	while (off < len) {
		w = write(fd, p + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			goto fail;
		off += (size_t)w;
	}
	if (mq_durable_sync(fd, tmp, err) != 0) {
		close(fd);
		unlink(tmp);
		return MQ_IO;
	}
	if (close(fd) != 0) {
		fd = -1;
		goto fail;
	}
	if (rename(tmp, path) != 0) {
		mq_fail_errno(err, MQ_IO, "Cannot write %s", path);
		unlink(tmp);
		return MQ_IO;
	}
	return 0;
fail:
	mq_fail_errno(err, MQ_IO, "Cannot write %s", tmp);
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	return MQ_IO;
}

int
mq_file_replace_changed(const char *path, const void *data, size_t len,
    int mode, struct mq_err *err)
{
	char buf[4096];
	ssize_t n = -1;
	int fd;

	if (len < sizeof(buf) && (fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		n = read(fd, buf, sizeof(buf));
		close(fd);
	}
	if (n >= 0 && (size_t)n == len && memcmp(buf, data, len) == 0)
		return 0;
	return mq_file_replace(path, data, len, mode, err);
}

int
mq_dir_sync(const char *dir, struct mq_err *err)
{
	int fd, rc = 0;

	if ((fd = open(dir, O_RDONLY | O_DIRECTORY)) < 0)
		return mq_fail_errno(err, MQ_IO, "Cannot open the folder %s", dir);
	rc = mq_durable_sync(fd, dir, err);
	close(fd);
	return rc;
}
