/*
 * mime_in.h - reading one inbound RFC 5322 message (GMime 3).
 *
 * Turns raw bytes into what the rest of masqued needs: the sender, the
 * recipients that may carry a reply tag, threading ids, whether the message
 * is an auto-reply or a bounce, and the body as plain UTF-8 text.
 */
#ifndef MQ_MIME_IN_H
#define MQ_MIME_IN_H

#include <stddef.h>

#include "err.h"

#define MQ_MIME_MAX_SIZE	(10u * 1024 * 1024)	/* bytes of raw message */
#define MQ_MIME_MAX_DEPTH	50	/* levels of nested multipart */
#define MQ_MIME_MAX_LINE	(64u * 1024)	/* bytes of one header line */
#define MQ_MIME_MAX_FIELD	(256u * 1024)	/* bytes of one header field, its folded lines together */
#define MQ_MIME_MAX_REFS	32	/* ids kept of References: the last */
#define MQ_MIME_MAX_PARTS	1000	/* body parts (boundary lines that open one) */
#define MQ_MIME_MAX_FIELDS	10000	/* header fields, in all the header blocks */
#define MQ_MIME_MAX_RCPT	1000	/* addresses read of Delivered-To, X-Original-To, To, Cc */

struct mq_mime_msg {
	char *from;            /* lower-cased addr-spec of From, or NULL */
	char *from_display;    /* display name, UTF-8, or NULL */
	int from_many;         /* 1 when From names more than one mailbox (two From fields, a list, a group): from is the first */
	char *subject;         /* decoded UTF-8, or NULL */
	char *message_id;      /* without <>, or NULL */
	char *in_reply_to;     /* without <>, or NULL */
	char **references;     /* the ids of References, without <>, in order (the last MQ_MIME_MAX_REFS), NULL-terminated; NULL when none */
	char **recipients;     /* NULL-terminated: addr-specs from Delivered-To, X-Original-To, then To, then Cc, in that order, lower-cased, de-duplicated; of the first MQ_MIME_MAX_RCPT addresses read */
	int auto_reply;        /* Auto-Submitted other than "no", Precedence bulk/junk/list, X-Autoreply/X-Autorespond, a vacation-style auto-reply */
	int bounce;            /* a delivery status notification: multipart/report; report-type=delivery-status (or RFC 6533's global-delivery-status), or From MAILER-DAEMON/postmaster with an empty Return-Path <> */
	char bounce_to[256];   /* a bounce's failed recipient (its report's Final-Recipient, read decoded and unfolded: mime_report.h), lower-cased; "" when none is read */
	long long date;        /* the Date header, seconds since 1970 UTC; 0 when none or unreadable */
	char *text;            /* the body as UTF-8 plain text, never NULL on success: the inline text parts (no attachment, nor one with a file name, nor an attached message's), joined in order, each ending a line; of a multipart/alternative one alternative, text/plain with words over text/html (converted); a text/html part that says what a text/plain part of the message says (cut as a reply, white space aside), beside it or not, is a copy of it, left out */
	int text_from_html;    /* 1 when some of text was converted from text/html */
	int attachments;       /* the attachments left unread (a part with Content-Disposition: attachment or a file name, an attached message), outside an attached message */
	char attachment[80];   /* when there is one: its file name (control characters as spaces, over 60 bytes cut with "…"), or "" when it has none, or is no UTF-8 */
};

/* Initialise GMime once; safe to call any number of times, from one thread. */
void mq_mime_init(void);

/* Parse one RFC 5322 message. Refuses (MQ_REFUSED, one sentence) what cannot be read:
 * a message over 10 MiB ("The message is larger than 10 MiB."), more than 50 levels of nested
 * multipart, more than 1000 parts or 10000 header fields (counted on the raw bytes, before
 * GMime builds an object for each), a header line over 64 KiB or a field folded over
 * more than 256 KiB, no readable text part (saying that the attachments,
 * when there are, were not read). Never
 * crashes on any input. */
int mq_mime_parse(const char *raw, size_t len, struct mq_mime_msg **out, struct mq_err *err);
void mq_mime_msg_free(struct mq_mime_msg *m);

#endif
