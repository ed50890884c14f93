/*
 * spool.h - outgoing mail waiting to be sent: DATADIR/spool/NAME.eml, one
 * file written whole (tmp, fsync, rename) before the inbound message is
 * marked done: a first line naming the envelope recipient, which the sender
 * strips, then the message. A mail that failed to go has NAME.retry beside
 * it (attempts, next try, the last answer). Names are
 * derived from what the mail is for (game, entry, seat, kind), so writing a
 * mail again after a crash replaces it instead of doubling it. Sending
 * retries with exponential back-off and moves a mail that keeps failing to
 * DATADIR/spool/dead/, telling the admin; an SMTP server that takes no mail
 * at all is an outage that counts no try (outage.h).
 */
#ifndef MQ_SPOOL_H
#define MQ_SPOOL_H

#include <stddef.h>

#include "err.h"

#define MQ_SPOOL_MAX_TRIES	8
/* Mails delivered to an outbox Maildir with one flush (durable.h). */
#define MQ_SPOOL_BATCH		256

struct mq_config;

int mq_spool_put(const char *datadir, const char *name, const char *rcpt,
    const char *raw, size_t len, struct mq_err *err);
/* fsync the spool folder once after a batch of puts. */
int mq_spool_sync(const char *datadir, struct mq_err *err);
/* The mail put as name and the spool folder, fsync'd now, in a batch
 * (durable.h) too: for a mail that something acts on before the batch's
 * flush (the host's notice, then its told- marker). */
int mq_spool_sync_now(const char *datadir, const char *name,
    struct mq_err *err);

struct mq_spool_stats {
	int sent, failed, dead, waiting;
	int unreadable;	/* of those waiting: a mail that could not be read */
};

/* The spool as it stands, for the host (spool_status.c): its mails, those
 * of them a failed try holds back (NAME.retry), and the dead letters. */
struct mq_spool_status {
	long queued, retrying, dead;
};
int mq_spool_status(const char *datadir, struct mq_spool_status *st,
    struct mq_err *err);

/*
 * The games whose mails the sender holds back (an entry past the game's
 * mark of mailed entries, mailmark.h), each once, into *ids (*n of them;
 * the caller frees each and the array, even on failure): opening one
 * catches it up.
 */
int mq_spool_held_games(const char *datadir, char ***ids, size_t *n,
    struct mq_err *err);
/* The games with any mail in the spool (held back or due), the same way:
 * serve's start reads their logs, finished or not. */
int mq_spool_games(const char *datadir, char ***ids, size_t *n,
    struct mq_err *err);

/*
 * Send what is due at `now` through the configured outbound transport, one
 * process at a time (DATA/cursor/spool.lock: a second waits for the first).
 * words: the host's catalogs (daemon/host_text.h), for the mail that tells
 * the host of a dead letter; NULL, English.
 */
struct mq_refusals;
int mq_spool_flush(const struct mq_config *c, struct mq_refusals *words,
    long long now, struct mq_spool_stats *st, struct mq_err *err);

/*
 * Send the mails named (spool names, as given to mq_spool_put) to the
 * outbox Maildir, under the lock and rules of mq_spool_flush: what a
 * worker queued in a batch that is durable and whose messages are marked
 * done, with the other mails of the batch's games still in the spool (the
 * host's submit and admin queue theirs for serve), each game's in the
 * order of its log. Each name is freed (names is reordered).
 * With an outbound other than a Maildir nothing is sent: the pass's
 * mq_spool_flush sends them.
 */
int mq_spool_send_these(const struct mq_config *c, struct mq_refusals *words,
    long long now, char **names, size_t n, struct mq_spool_stats *st,
    struct mq_err *err);
#endif
