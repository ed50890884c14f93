/*
 * serve.h - one pass of the daemon: read the inbox (Maildir or IMAP, each
 * message processed and only then marked done), keep time (deadlines and
 * reminders), and send the spool.
 */
#ifndef MQ_SERVE_H
#define MQ_SERVE_H

#include "daemon/daemon.h"

/* Inbox messages made durable together by one flush (Maildir inbound);
 * a batch is also the most that one failed flush leaves to retry. */
#define MQ_SERVE_BATCH 256
/* An inbox this long is shared out among worker processes (config
 * "workers"); a shorter one is not worth a fork. */
#define MQ_SERVE_PARALLEL_MIN 64
#define MQ_SERVE_MAX_WORKERS 16

struct mq_pass_stats {
	int messages, applied, answered, duplicates, dropped, failed;
	int timeouts, reminders, sent, waiting, dead;
	int deferred;	/* left by a worker to another (serve.c) */
	/* Replies left in the inbox for a game stopped by its log (it does
	 * not verify, or was cut): no failure of the pass, since the host was
	 * told by mail and nothing is lost; each is said in the log at the
	 * first pass that leaves it, not at every pass (serve.c,
	 * DATA/cursor/stopped-GAME), and played once the log is put back. */
	int stopped;
	/* What failed this pass and is left for a later one (serve --once
	 * exits 4 for it): mails whose try failed (a retry is due), spool
	 * mails that could not be read, and the parts of the pass that
	 * failed (the inbox, the deadlines, the spool), each said in the log.
	 * An outage is none of these: nothing is lost (docs/commands.md, serve). */
	int unsent, unreadable, parts_failed;
};
enum { MQ_PASS_INBOX = 1, MQ_PASS_CLOCK = 2, MQ_PASS_SPOOL = 4 };
/* One sentence for serve --once's stderr when st holds something that
 * failed this pass and is left for the next ("" when nothing did): what,
 * and that it is tried again. */
void mq_serve_left_said(const struct mq_pass_stats *st, char *out, size_t n);

int mq_serve_pass(struct mq_daemon *d, struct mq_pass_stats *st, struct mq_err *err);
/*
 * At the start of a long-running serve: every game opened once (its log
 * read, verified and replayed), so that a log damaged while serve was down
 * is told to the host at once, not when a reply or a deadline next comes
 * to its game, days later maybe. A game that opens again clears its
 * earlier notice, so that a later damage is told too. `serve --once`, a
 * pass for a test or a timer, reads only the games its pass touches.
 */
void mq_serve_check_games(struct mq_daemon *d);
/* Deadlines and reminders of every game, at d->now. */
int mq_serve_clock(struct mq_daemon *d, struct mq_pass_stats *st, struct mq_err *err);

#endif
