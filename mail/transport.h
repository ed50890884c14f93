/*
 * transport.h - what the mail transports (Maildir, IMAP, SMTP) share.
 *
 * The transports move raw RFC 5322 bytes and know nothing of games. The
 * serve loop records each inbound message's stable transport id in the log
 * entry it produced, so that a message seen again after a crash is
 * recognised (the daemon also dedupes by the raw message's hash).
 *
 * Transport ids:
 *	maildir:NAME		NAME: the file name without its ":2,..." info
 *	imap:UIDVALIDITY:UID	both decimal, see MQ_TRANSPORT_IMAP_ID_FMT
 */
#ifndef MQ_TRANSPORT_H
#define MQ_TRANSPORT_H

#include <inttypes.h>
#include <stddef.h>

/* A sane default cap on the size of one inbound message. */
#define MQ_TRANSPORT_MAX_MSG		(25u * 1024 * 1024)

/* Default number of messages sent on one SMTP connection (OpenSMTPD
 * refuses more than 100 per session). */
#define MQ_TRANSPORT_SMTP_PER_CONN	50

/* Default seconds for a server to answer before we give up. */
#define MQ_TRANSPORT_TIMEOUT		60L

#define MQ_TRANSPORT_MAILDIR_PREFIX	"maildir:"
/* printf format of an IMAP message id: uidvalidity, uid (uint32_t). */
#define MQ_TRANSPORT_IMAP_ID_FMT	"imap:%" PRIu32 ":%" PRIu32

/* One inbound message, whatever brought it; the owner frees id and raw. */
struct mq_inmsg {
	char	*id;		/* stable transport id, as above */
	char	*raw;		/* the whole message, NUL-terminated */
	size_t	 len;		/* bytes in raw, without the NUL */
};

/* The server as the transports name it in sentences: url without its
 * scheme, any userinfo (it may hold a password) or path, into dst. */
void mq_transport_host(char *dst, size_t size, const char *url);

#endif
