/*
 * inbound_outage.h - an IMAP mailbox that cannot be read: each pass says
 * so in the daemon's log, with since when (outage.h keeps the record across
 * passes and restarts), and the host is told by mail: at once when the
 * server refuses masqued (a login, TLS, the mailbox: only the host can
 * mend that), after MQ_IMAP_OUTAGE_TELL when it is out of reach (which as
 * a rule mends itself). A host told of it is told of its end too. Meanwhile
 * no deadline passes (daemon.h, inbox_unread): the host who does not read
 * the log must still learn why the games stand still.
 */
#ifndef MQ_INBOUND_OUTAGE_H
#define MQ_INBOUND_OUTAGE_H

#include "daemon/daemon.h"

/* An IMAP server out of reach this long or longer is told to the host. */
#define MQ_IMAP_OUTAGE_TELL	3600

/* The mailbox could not be read at d->now (why: the transport's sentence).
 * refused: the server answered and refused (else it was out of reach).
 * why goes on the log's line with what it means: the caller says it
 * nowhere else. */
void mq_inbound_down(struct mq_daemon *d, const char *why, int refused);

/* The IMAP server answered: an outage recorded ends here, in the log, and
 * in a mail to a host who was told of it. */
void mq_inbound_up(struct mq_daemon *d);

#endif
