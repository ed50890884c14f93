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
};

int mq_serve_pass(struct mq_daemon *d, struct mq_pass_stats *st, struct mq_err *err);
/* Deadlines and reminders of every game, at d->now. */
int mq_serve_clock(struct mq_daemon *d, struct mq_pass_stats *st, struct mq_err *err);

#endif
