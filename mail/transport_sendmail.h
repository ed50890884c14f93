/*
 * transport_sendmail.h - sending mail through the local MTA's sendmail
 * program (Postfix's, OpenSMTPD's, Exim's): for a host whose MTA pipes the
 * game's mail to `masqued ingest`, the natural way back out.
 *
 * One message per call, one recipient per message (the views are private):
 * `PATH -i -f FROM -- RCPT`, the message on its standard input with LF line
 * ends (the local submission's), its exit status read as sysexits.h says:
 *	0		taken.
 *	MQ_REFUSED	EX_DATAERR, EX_NOUSER, EX_NOHOST: the MTA will never
 *			take it; dead-letter it.
 *	MQ_IO		anything else (EX_TEMPFAIL, EX_UNAVAILABLE, a program
 *			that cannot be run, killed, or silent past the
 *			timeout): the MTA takes no mail now, and *down is set:
 *			the next message would only fail the same way.
 * A refusal's sentence carries the first line the program wrote.
 */
#ifndef MQ_TRANSPORT_SENDMAIL_H
#define MQ_TRANSPORT_SENDMAIL_H

#include <stddef.h>

#include "err.h"

int	mq_sendmail_send(const char *path, const char *from, const char *rcpt,
	    const char *raw, size_t len, long timeout_s, int *down,
	    struct mq_err *err);

#endif
