/*
 * outage.h - a mail server that masqued cannot use at all: an outage, not
 * a mail's failure, recorded in the data folder so that the log can say
 * since when across passes and restarts, `games` can show it, and its end
 * can be said.
 *
 * SMTP out (DATADIR/cursor/smtp-down): no connection, no answer, a refused
 * login or TLS. The mails wait without counting a try, so an outage of any
 * length kills none; the host is told once the server takes mail again.
 *
 * IMAP in (DATADIR/cursor/imap-down): the mailbox could not be read (out of
 * reach, a refused login or TLS). No reply is read, so no deadline passes
 * (daemon.h, inbox_unread); the log says when it is read again.
 *
 * The record is "SINCE\nWHY\n", read strictly.
 */
#ifndef MQ_OUTAGE_H
#define MQ_OUTAGE_H

#include <stddef.h>

/* An SMTP outage this long or longer is told to the host when it ends. */
#define MQ_SMTP_OUTAGE_TELL	3600

enum mq_outage_side { MQ_OUTAGE_SMTP, MQ_OUTAGE_IMAP };

/* The server could not be used at now, answering why: the outage's start
 * (now, if none was recorded) into *since, and why kept as its latest
 * answer. A record that cannot be written is logged;
 * the outage then seems to begin at the next pass, nothing else changes. */
void mq_outage_note(const char *datadir, enum mq_outage_side side,
    long long now, const char *why, long long *since);

/* 1, with the outage's start and its latest answer (why, n bytes), when
 * one is recorded; else 0. It is read as the outage ends: a damaged record
 * is logged and removed. */
int mq_outage_read(const char *datadir, enum mq_outage_side side,
    long long *since, char *why, size_t n);
/* The same, for a command that only looks (the host's `games`): 1 when
 * recorded, 0 when not, -1 when the record is damaged; nothing changes. */
int mq_outage_peek(const char *datadir, enum mq_outage_side side,
    long long *since, char *why, size_t n);
/* The server works again: the record goes (for SMTP, after the host's
 * notice is spooled: a crash between them spools it again, under the same
 * name). */
void mq_outage_clear(const char *datadir, enum mq_outage_side side);

#endif
