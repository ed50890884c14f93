/*
 * fileio.h - durable file writes, the one way the tree writes state:
 * write to NAME.tmp, fsync, rename over NAME (a reader sees the old file or
 * the new one, never half), and fsync the folder when asked. Each fsync
 * goes through durable.h: inside a batch it is one flush at the commit.
 */
#ifndef MQ_FILEIO_H
#define MQ_FILEIO_H

#include <stddef.h>
#include <sys/types.h>

#include "err.h"

/* Replace path with data, durably (mode for a new file). */
int mq_file_replace(const char *path, const void *data, size_t len, int mode,
    struct mq_err *err);
/*
 * Overwrite a small file (len < 512: one sector, written whole) in place,
 * durably, unless it holds exactly data already; a shorter text is padded
 * with blanks to the old length. For files whose readers skip trailing
 * blanks and read a damaged file as "recompute" (a game's clock): no new
 * inode and no inode freed per write, which a replace costs.
 */
int mq_file_overwrite(const char *path, const void *data, size_t len, int mode,
    struct mq_err *err);
/*
 * Write all len bytes of data to fd, going on after a short or interrupted
 * write: at offset off (pwrite), or where the file stands when off is -1.
 * what names the file in the sentence ("Cannot write WHAT: ...").
 */
int mq_write_all(int fd, const void *data, size_t len, off_t off,
    const char *what, struct mq_err *err);

enum mq_sync {
	MQ_SYNC_BATCHED,	/* through durable.h: in a batch, only noted */
	MQ_SYNC_NOW,		/* fsync(2) now, batch or not */
};
/* fsync a folder, so that names created or renamed in it survive a crash. */
int mq_dir_sync(const char *dir, enum mq_sync how, struct mq_err *err);

#endif
