/*
 * transport_sendmail.h - sending mail through the local MTA's sendmail
 * program (Postfix's, OpenSMTPD's, Exim's): for a host whose MTA pipes the
 * game's mail to `masqued ingest`, the natural way back out.
 *
 * One message per call, one recipient per message (the views are private):
 * `PATH [ARGS] -i -f FROM -- RCPT` (ARGS: the host's, such as msmtp's
 * `-a ACCOUNT`), the message on its standard input with LF line
 * ends (the local submission's), its exit status read as sysexits.h says:
 *	0		taken.
 *	MQ_REFUSED	EX_DATAERR, EX_NOUSER, EX_NOHOST: the MTA will never
 *			take it; dead-letter it.
 *	MQ_IO		anything else. *down is set when the program takes
 *			no mail at all now (EX_TEMPFAIL, it cannot be run, it
 *			was killed or silent past the timeout): the next
 *			message would only fail the same way. Another status
 *			(EX_UNAVAILABLE, say: Postfix's for a mail too big)
 *			may be this message's alone: *down is 0, and the
 *			caller tells by the next message. A program that
 *			exits 0 having read only a part of the message fails
 *			so too.
 * A refusal's sentence carries the first line the program wrote.
 */
#ifndef MQ_TRANSPORT_SENDMAIL_H
#define MQ_TRANSPORT_SENDMAIL_H

#include <stddef.h>

#include "err.h"

/* The host's words before -i, at most this many. */
#define MQ_SENDMAIL_MAX_ARGS	16

struct mq_sendmail_conf {
	const char	*path;		/* the program, from / */
	const char	*const *args;	/* words before -i (nargs), or NULL */
	int		 nargs;
	const char	*from;		/* the envelope sender, -f */
	long		 timeout_s;	/* 0: MQ_TRANSPORT_TIMEOUT */
	const char	*hide[2];	/* variables it must not see (the
					 * passwords'), or NULL */
};

/*
 * args (a config's sendmail_args) cut at spaces and tabs into words[] (at
 * most MQ_SENDMAIL_MAX_ARGS, pointing into buf, size bytes): their number,
 * or -1 with a sentence in err for more words, a quote or a backslash (no
 * shell reads them: a quote would reach the program as it is), or args too
 * long for buf.
 */
int	mq_sendmail_split(const char *args, char *buf, size_t size,
	    const char *words[MQ_SENDMAIL_MAX_ARGS], struct mq_err *err);
int	mq_sendmail_send(const struct mq_sendmail_conf *c, const char *rcpt,
	    const char *raw, size_t len, int *down, struct mq_err *err);

#endif
