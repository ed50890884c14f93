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
/* The same, unless path already holds exactly data (then nothing is
 * written: a file rewritten after every message, mostly unchanged, would
 * otherwise cost a new inode each time). */
int mq_file_replace_changed(const char *path, const void *data, size_t len,
    int mode, struct mq_err *err);
/* fsync a folder, so that names created or renamed in it survive a crash. */
int mq_dir_sync(const char *dir, struct mq_err *err);

#endif
