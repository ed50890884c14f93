/*
 * fileio.h - durable file writes, the one way the tree writes state:
 * write to NAME.tmp, fsync, rename over NAME (a reader sees the old file or
 * the new one, never half), and fsync the folder when asked. Each fsync
 * goes through durable.h: inside a batch it is one flush at the commit.
 * And the reading of the small state files those writes leave, strictly:
 * a file that is not in the shape written is damaged, never a number.
 */
#ifndef MQ_FILEIO_H
#define MQ_FILEIO_H

#include <stddef.h>
#include <sys/types.h>

#include "err.h"

/* Replace path with data, durably (mode for a new file). */
int mq_file_replace(const char *path, const void *data, size_t len, int mode,
    struct mq_err *err);
/* The same with the file's bytes in two pieces, head then data: no copy
 * of a large data to put a line before it. */
int mq_file_replace2(const char *path, const void *head, size_t hlen,
    const void *data, size_t len, int mode, struct mq_err *err);
/*
 * Put a content-addressed file in place, durably, unless it is there: the
 * data goes to a temporary name of this process's own, then is linked to
 * path, where a name already there is the same bytes, so it is kept. Two
 * processes may do it at once (two `ingest` of one message): both succeed.
 */
/* A new file at path, head then data, made durable (durable.h) before it
 * has its name, so that no reader ever sees it half written. *exists is 1
 * (and nothing is written) when path is there already. */
int mq_file_create_new(const char *path, const void *head, size_t hlen,
    const void *data, size_t len, int mode, int *exists, struct mq_err *err);
/* The same the long way (PATH.tmp written, linked to its name, removed),
 * where the file system or a missing /proc leaves no other; for its test. */
int mq_file_create_new_linked(const char *path, const void *head, size_t hlen,
    const void *data, size_t len, int mode, int *exists, struct mq_err *err);
int mq_file_create_once(const char *path, const void *data, size_t len,
    int mode, struct mq_err *err);
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

/*
 * Read a small file whole into buf (NUL-terminated; *len gets its length).
 * A file that is not there is no error: *present = 0. A file of size bytes
 * or more is too big to be one of ours: MQ_IO, as is one that cannot be
 * read, with a sentence.
 */
int mq_file_read_small(const char *path, char *buf, size_t size, size_t *len,
    int *present, struct mq_err *err);
/*
 * The decimal digits at *p as a number: at least one, no sign, no blank,
 * at most max. *p moves past them. -1 (*p unmoved) when there is no digit
 * or the number is over max.
 */
int mq_scan_digits(const char **p, unsigned long long max,
    unsigned long long *out);

/*
 * An exclusive lock (flock) on path, made 0600 if missing, held while *fd
 * stays open: closing it, or the process ending, releases it. With wait 0
 * a lock another process holds is not waited for: *busy = 1, *fd = -1, and
 * 0 is returned (a busy lock is an answer, not a failure).
 */
int mq_file_lock(const char *path, int wait, int *fd, int *busy,
    struct mq_err *err);

#endif
