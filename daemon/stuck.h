/*
 * stuck.h - a message that fails pass after pass: the passes in a row are
 * counted among the daemon's records (DATA/cursor), and at a few the host
 * is told, once, so that a game (or, over IMAP, the whole mailbox) does not
 * wait for ever with nobody knowing. Likewise a done folder that takes no
 * message.
 */
#ifndef MQ_STUCK_H
#define MQ_STUCK_H

#include <stdint.h>

#include "daemon/daemon.h"

/* Passes in a row that stop at the same message before the host is told. */
#define MQ_STUCK_PASSES	5

/* An IMAP pass stopped at message uid of mailbox (why: the sentence). */
void mq_stuck_imap(struct mq_daemon *d, const char *mailbox,
    uint32_t validity, uint32_t uid, const char *why);

/* An IMAP pass got past the message it stopped at before, if any. */
void mq_stuck_imap_past(struct mq_daemon *d);

/* After a Maildir pass: the games it stalled (d->stalled, daemon.h), each
 * a message of which could not be processed; a game stalled no longer is
 * forgotten. */
void mq_stuck_games(struct mq_daemon *d);

/* Moves to the IMAP done folder that fail in a row before the host is
 * told (the first may be a dropped connection). */
#define MQ_UNDONE_TELL	3

/* Message's move to the done folder failed (why: the sentence); after
 * MQ_UNDONE_TELL in a row the host is told, once. */
void mq_stuck_imap_undone(struct mq_daemon *d, const char *folder,
    const char *mailbox, const char *why);

/* A move to the done folder went through: the count starts again. */
void mq_stuck_imap_moved(struct mq_daemon *d);

#endif
