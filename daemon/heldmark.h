/*
 * heldmark.h - a game's marks set while a batch is open (common/durable.h),
 * held until its flush: the mark of mailed entries (mailmark.c) and the
 * ended mark (game_end.c). Written at once, a mark could reach the disk
 * before the entries it tells of, which are durable only once the batch's
 * flush is done: after a power cut, a mark ahead of the log. Held, it is
 * written after that flush (mq_heldmark_flush), or dropped when the flush
 * failed; until then this process reads it as set (mq_heldmark_get). The
 * process's, as the batch is.
 */
#ifndef MQ_HELDMARK_H
#define MQ_HELDMARK_H

#include <stddef.h>

#define MQ_HELDMARK_MAX 64	/* a mark's text, newline and NUL included */

/* Writes path's mark text when the batch is flushed; id (the game's, or
 * NULL) names it in the daemon's log when the write fails. */
typedef void mq_heldmark_writer(const char *id, const char *path,
    const char *text);

/*
 * Set path's mark to text (shorter than MQ_HELDMARK_MAX). Outside a batch,
 * write writes it now: 0. In a batch, 1: held (replacing what was held for
 * path), written by write after the flush; or -1 when memory ran out:
 * nothing held, and the file on disk is left as it is (the caller says so).
 */
int mq_heldmark_set(const char *id, const char *path, const char *text,
    mq_heldmark_writer *write);
/* The text held for path, or NULL when none is. */
const char *mq_heldmark_get(const char *path);
/* After a batch's flush: write the marks held in it when the flush made
 * the batch durable (durable != 0), else drop them (nothing of the batch
 * may be acted on). */
void mq_heldmark_flush(int durable);

#endif
