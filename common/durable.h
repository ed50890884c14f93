/*
 * durable.h - group commit for the whole process.
 *
 * Every durable write in the tree ends with mq_durable_sync(fd): outside a
 * batch it is fsync(2), as before. Inside a batch (mq_durable_begin) it only
 * notes the file system the file lives on, and mq_durable_commit flushes
 * each such file system once (syncfs(2)): one flush for a batch of hundreds
 * of messages instead of a score of fsyncs for each.
 *
 * The rule of DESIGN.md still holds, batch-wide: write, make durable, then
 * act. A caller that opens a batch must not act on anything written inside
 * it (mark an inbound message done, advance a cursor, send or remove a
 * spooled mail) before mq_durable_commit has returned 0. A crash inside a
 * batch loses only work that nothing acted on: the inbound messages are still
 * pending and are deduplicated by their hash when they are read again.
 *
 * One batch at a time, per process (the daemon is single-threaded where it
 * writes); the state is this file's, not the callers'.
 */
#ifndef MQ_DURABLE_H
#define MQ_DURABLE_H

#include "err.h"

/* Open a batch: from now on mq_durable_sync only takes note. Nested calls
 * are an error of the caller (fatal). */
void	mq_durable_begin(void);
/* Whether a batch is open. */
int	mq_durable_open(void);
/* fsync fd now, or, in a batch, note its file system. what names the file
 * or folder for the error sentence. */
int	mq_durable_sync(int fd, const char *what, struct mq_err *err);
/* 1 when a batch is open and already holds the file system dev: a sync of
 * a file there would add nothing (the caller may skip opening it). */
int	mq_durable_covers(unsigned long long dev);
/* Flush every file system noted since mq_durable_begin and close the
 * batch. On failure nothing written in the batch may be acted on. */
int	mq_durable_commit(struct mq_err *err);

#endif
