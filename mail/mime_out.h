/*
 * mime_out.h - building one outbound message, byte for byte reproducible.
 *
 * Written by hand rather than with GMime so that the same input always gives
 * the same bytes: golden tests compare them, and a resend after a crash is
 * identical to the first attempt.
 */
#ifndef MQ_MIME_OUT_H
#define MQ_MIME_OUT_H

#include <stddef.h>

#include "err.h"

struct mq_mail_out {
	const char *from;          /* "masqued <game@pbem.test>" or bare address; UTF-8 display names allowed */
	const char *to;            /* recipient, same forms */
	const char *reply_to;      /* may be NULL */
	const char *subject;       /* UTF-8 */
	const char *message_id;    /* without <> */
	const char *in_reply_to;   /* without <>, may be NULL */
	const char *references;    /* space-separated ids without <>, may be NULL */
	long long date;            /* Unix seconds: the Date header, in UTC */
	const char *text;          /* UTF-8 plain part (LF line ends) */
	const char *html;          /* UTF-8 HTML part, or NULL for text only */
	const char *const *extra_headers; /* NULL-terminated "Name: value" list, may be NULL */
};

/* Build the message, CRLF line ends, deterministic (same input -> same bytes: the boundary
 * derived from a BLAKE2b hash of message_id via libsodium). Always adds
 * MIME-Version, Auto-Submitted: auto-generated, Content-Type multipart/alternative (text then
 * html) or text/plain; charset=utf-8, Content-Transfer-Encoding: quoted-printable for both
 * parts (lines <= 76), headers encoded per RFC 2047 when not ASCII (and folded to <= 78 chars).
 * Refuses (MQ_REFUSED) a CR or LF inside any header value.
 *
 * Also refuses: a missing from, to, subject, message_id or text; invalid
 * UTF-8; an address that is not ASCII or has no '@'; a message id with
 * spaces, '<' or '>'; an extra header whose name is malformed or one this
 * function writes itself. *raw is malloc'd and NUL-terminated; *len
 * excludes the NUL. */
int mq_mime_build(const struct mq_mail_out *m, char **raw, size_t *len, struct mq_err *err);

/* 1 when addr (a bare addr-spec) is one mq_mime_build writes as a To: ASCII,
 * no space nor any of <>"(),;\, and an '@'; and one SMTP can carry: at most
 * 254 bytes. An inbound From that is not ("x y"@host, a bare name, an
 * internationalised address, an over-long one) cannot be answered. */
int mq_mime_addr_ok(const char *addr);

/* Whether the len bytes at id (no <>) are a message id a built mail can
 * carry: 1 to 900 of the printable ASCII, no space, no < or >. */
int mq_mime_msgid_ok(const char *id, size_t len);

#endif
