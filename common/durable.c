/* durable.c - group commit; see durable.h. */
#define _GNU_SOURCE		/* syncfs */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "durable.h"

#define MAX_FS 8

static struct {
	int	open;
	int	n;
	dev_t	dev[MAX_FS];
	int	fd[MAX_FS];	/* a duplicate, on the file system, for syncfs */
} batch;

void
mq_durable_begin(void)
{
	if (batch.open)
		mq_fatal("mq_durable_begin: a batch is already open");
	batch.open = 1;
	batch.n = 0;
}

int
mq_durable_open(void)
{
	return batch.open;
}

int
mq_durable_sync(int fd, const char *what, struct mq_err *err)
{
	struct stat sb;
	int i, dup;

	if (batch.open && fstat(fd, &sb) == 0) {
		for (i = 0; i < batch.n; i++)
			if (batch.dev[i] == sb.st_dev)
				return 0;
		/* a new file system: keep a handle on it, unless there are
		 * already too many (then this file is flushed on its own) */
		if (batch.n < MAX_FS &&
		    (dup = fcntl(fd, F_DUPFD_CLOEXEC, 3)) != -1) {
			batch.dev[batch.n] = sb.st_dev;
			batch.fd[batch.n++] = dup;
			return 0;
		}
	}
	if (fsync(fd) == -1)
		return mq_fail_errno(err, MQ_IO, "Cannot fsync %s", what);
	return 0;
}

int
mq_durable_covers(unsigned long long dev)
{
	int i;

	for (i = 0; batch.open && i < batch.n; i++)
		if ((unsigned long long)batch.dev[i] == dev)
			return 1;
	return 0;
}

int
mq_durable_commit(struct mq_err *err)
{
	int i, rc = 0;

	if (!batch.open)
		return 0;
	for (i = 0; i < batch.n; i++) {
		if (rc == 0 && syncfs(batch.fd[i]) == -1)
			rc = mq_fail_errno(err, MQ_IO, "Cannot flush the file "
			    "system of the data folder to disk");
		close(batch.fd[i]);
	}
	batch.open = 0;
	batch.n = 0;
	return rc;
}
