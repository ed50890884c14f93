/*
 * smtp_outage.h - an SMTP server that takes no mail at all (no connection,
 * no answer, a refused login or TLS): an outage, not a mail's failure. The
 * mails wait without counting a try, so an outage of any length kills none;
 * DATADIR/cursor/smtp-down ("SINCE\nWHY\n") remembers when it began, across
 * passes and restarts, so that the log can say since when, and the host can
 * be told once the server takes mail again.
 */
#ifndef MQ_SMTP_OUTAGE_H
#define MQ_SMTP_OUTAGE_H

#include <stddef.h>

/* An outage this long or longer is told to the host when it ends. */
#define MQ_SMTP_OUTAGE_TELL	3600

/* The server took no mail at now: the outage's start (now, if none was
 * recorded) into *since. A record that cannot be written is logged; the
 * outage then seems to begin at the next pass, nothing else changes. */
void mq_smtp_outage_note(const char *datadir, long long now, const char *why,
    long long *since);

/* 1, with the outage's start and its first answer (why, n bytes), when
 * one is recorded; else 0. It is read as the outage ends: a damaged record
 * is logged and removed. */
int mq_smtp_outage_read(const char *datadir, long long *since, char *why,
    size_t n);
/* The same, for a command that only looks (the host's `games`): 1 when
 * recorded, 0 when not, -1 when the record is damaged; nothing changes. */
int mq_smtp_outage_peek(const char *datadir, long long *since, char *why,
    size_t n);
/* The server took mail again: the record goes (after the host's notice is
 * spooled: a crash between them spools it again, under the same name). */
void mq_smtp_outage_clear(const char *datadir);

#endif
