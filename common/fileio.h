/*
 * fileio.h - durable file writes, the one way the tree writes state:
 * write to NAME.tmp, fsync, rename over NAME (a reader sees the old file or
 * the new one, never half), and fsync the folder when asked. Each fsync
 * goes through durable.h: inside a batch it is one flush at the commit.
 */
#ifndef MQ_FILEIO_H
#define MQ_FILEIO_H

#include <stddef.h>

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
/* fsync a folder, so that names created or renamed in it survive a crash. */
int mq_dir_sync(const char *dir, struct mq_err *err);

#endif
