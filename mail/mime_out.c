/*
 * mime_out.c - building one outbound message by hand; see mime_out.h.
 *
 * Everything is a pure function of the input: no clock, no random boundary
 * (it is a hash of the Message-ID, and starts with "=_", which quoted-
 * printable output can never contain), no locale (day and month names are
 * spelled here).
 */
#include "mime_out.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <sodium.h>

#include "buf.h"
#include "mime_in.h"

#define HDR_MAX		78	/* folded header line, without CRLF */
#define QP_MAX		75	/* encoded line before the soft break's '=' */
#define EW_BYTES	42	/* UTF-8 bytes per encoded word: 68 chars */

struct hdr {
	struct mq_buf *b;
	size_t col;
};

/* ---- checks --------------------------------------------------------- */

static int
check_value(const char *what, const char *v, struct mq_err *err)
{
	if (strpbrk(v, "\r\n") != NULL)
		return mq_fail(err, MQ_REFUSED,
		    "The %s header contains a line break.", what);
	if (!mq_mime_utf8_valid(v, strlen(v)))
		return mq_fail(err, MQ_REFUSED,
		    "The %s header is not valid UTF-8.", what);
	return 0;
}

static int
check_msgid(const char *what, const char *id, size_t len, struct mq_err *err)
{
	size_t i;

	if (len == 0 || len > 900)
		return mq_fail(err, MQ_REFUSED, "The %s is empty or too long.",
		    what);
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)id[i];

		if (c <= 0x20 || c >= 0x7f || c == '<' || c == '>')
			return mq_fail(err, MQ_REFUSED,
			    "The %s \"%.*s\" has a character not allowed in a "
			    "message id.", what, (int)len, id);
	}
	return 0;
}

/* ---- headers -------------------------------------------------------- */

static void
hdr_start(struct hdr *h, struct mq_buf *b, const char *name)
{
	h->b = b;
	mq_buf_printf(b, "%s:", name);
	h->col = strlen(name) + 1;
}

/* One space then tok, folding first when the line would grow too long. */
static void
hdr_token(struct hdr *h, const char *tok, size_t len)
{
	if (len > 0 && h->col > 1 && h->col + 1 + len > HDR_MAX) {
		mq_buf_puts(h->b, "\r\n");
		h->col = 0;
	}
	mq_buf_putc(h->b, ' ');
	mq_buf_add(h->b, tok, len);
	h->col += 1 + len;
}

static void
hdr_end(struct hdr *h)
{
	mq_buf_puts(h->b, "\r\n");
}

/* RFC 2047 "B" words of whole UTF-8 characters. */
static void
hdr_encoded(struct hdr *h, const char *s, size_t len)
{
	char b64[sodium_base64_ENCODED_LEN(EW_BYTES,
	    sodium_base64_VARIANT_ORIGINAL)];
	struct mq_buf w = MQ_BUF_INIT;
	size_t i = 0, n, k;

	while (i < len) {
		for (n = 0; i + n < len; n += k) {
			k = 1;
			while (i + n + k < len &&
			    ((unsigned char)s[i + n + k] & 0xc0) == 0x80)
				k++;
			if (n + k > EW_BYTES)
				break;
		}
		sodium_bin2base64(b64, sizeof(b64),
		    (const unsigned char *)s + i, n,
		    sodium_base64_VARIANT_ORIGINAL);
		mq_buf_reset(&w);
		mq_buf_printf(&w, "=?UTF-8?B?%s?=", b64);
		hdr_token(h, mq_buf_str(&w), w.len);
		i += n;
	}
	mq_buf_free(&w);
}

/* Whether text must be encoded: not plain printable ASCII, or "=?". */
static int
needs_encoding(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if ((c < 0x20 && c != '\t') || c >= 0x7f)
			return 1;
		if (c == '=' && i + 1 < len && s[i + 1] == '?')
			return 1;
	}
	return 0;
}

/* Unstructured text (Subject, extra headers): words, or encoded words. */
static void
hdr_text(struct hdr *h, const char *s)
{
	size_t len = strlen(s), i = 0, e;

	if (needs_encoding(s, len)) {
		hdr_encoded(h, s, len);
		return;
	}
	while (i <= len) {
		e = i;
		while (e < len && s[e] != ' ')
			e++;
		hdr_token(h, s + i, e - i);
		i = e + 1;
	}
}

static int
is_atext_phrase(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (strchr("()<>[]:;@\\,.\"", s[i]) != NULL)
			return 0;
	return 1;
}

/* A display name: atoms, a quoted string, or encoded words. */
static void
hdr_phrase(struct hdr *h, const char *s, size_t len)
{
	struct mq_buf q = MQ_BUF_INIT;
	size_t i, e;

	if (needs_encoding(s, len)) {
		hdr_encoded(h, s, len);
	} else if (is_atext_phrase(s, len)) {
		for (i = 0; i < len; i = e + 1) {
			e = i;
			while (e < len && s[e] != ' ')
				e++;
			if (e > i)
				hdr_token(h, s + i, e - i);
		}
	} else {
		mq_buf_putc(&q, '"');
		for (i = 0; i < len; i++) {
			if (s[i] == '"' || s[i] == '\\')
				mq_buf_putc(&q, '\\');
			mq_buf_putc(&q, s[i]);
		}
		mq_buf_putc(&q, '"');
		hdr_token(h, mq_buf_str(&q), q.len);
		mq_buf_free(&q);
	}
}

/* "Name <addr>", "\"Name\" <addr>" or "addr". */
static int
put_address(struct mq_buf *b, const char *hname, const char *v,
    struct mq_err *err)
{
	struct mq_buf a = MQ_BUF_INIT;
	const char *s = v, *e = v + strlen(v), *lt, *ns, *ne;
	struct hdr h;
	size_t i;

	MQ_TRY(check_value(hname, v, err));
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	ns = ne = s;
	if (e > s && e[-1] == '>' && (lt = memchr(s, '<', (size_t)(e - s))) != NULL) {
		ne = lt;
		while (ne > ns && (ne[-1] == ' ' || ne[-1] == '\t'))
			ne--;
		if (ne - ns >= 2 && *ns == '"' && ne[-1] == '"') {
			ns++;
			ne--;
		}
		s = lt + 1;
		e--;
	}
	for (i = 0; s + i < e; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c <= 0x20 || c >= 0x7f || strchr("<>\"(),;\\", c) != NULL)
			break;
	}
	if (s + i != e || e == s || memchr(s, '@', (size_t)(e - s)) == NULL)
		return mq_fail(err, MQ_REFUSED,
		    "The %s address \"%s\" is not a plain ASCII address.",
		    hname, v);
	hdr_start(&h, b, hname);
	if (ne > ns)
		hdr_phrase(&h, ns, (size_t)(ne - ns));
	mq_buf_printf(&a, ne > ns ? "<%.*s>" : "%.*s", (int)(e - s), s);
	hdr_token(&h, mq_buf_str(&a), a.len);
	hdr_end(&h);
	mq_buf_free(&a);
	return 0;
}

static void
put_date(struct mq_buf *b, long long t)
{
	static const char *const day[] = {
		"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat",
	};
	static const char *const mon[] = {
		"Jan", "Feb", "Mar", "Apr", "May", "Jun",
		"Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
	};
	time_t tt = (time_t)t;
	struct tm tm;

	if (gmtime_r(&tt, &tm) == NULL) {
		tt = 0;
		gmtime_r(&tt, &tm);
	}
	mq_buf_printf(b, "Date: %s, %02d %s %04d %02d:%02d:%02d +0000\r\n",
	    day[tm.tm_wday], tm.tm_mday, mon[tm.tm_mon], tm.tm_year + 1900,
	    tm.tm_hour, tm.tm_min, tm.tm_sec);
}

static int
put_ids(struct mq_buf *b, const char *hname, const char *ids,
    struct mq_err *err)
{
	struct mq_buf a = MQ_BUF_INIT;
	const char *p = ids, *e;
	struct hdr h;
	int any = 0;

	MQ_TRY(check_value(hname, ids, err));
	hdr_start(&h, b, hname);
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0')
			break;
		e = p + strcspn(p, " \t");
		if (check_msgid(hname, p, (size_t)(e - p), err) != 0) {
			mq_buf_free(&a);
			return MQ_REFUSED;
		}
		mq_buf_reset(&a);
		mq_buf_printf(&a, "<%.*s>", (int)(e - p), p);
		hdr_token(&h, mq_buf_str(&a), a.len);
		any = 1;
		p = e;
	}
	mq_buf_free(&a);
	if (!any)
		return mq_fail(err, MQ_REFUSED, "The %s header is empty.", hname);
	hdr_end(&h);
	return 0;
}

static int
put_extra(struct mq_buf *b, const char *line, struct mq_err *err)
{
	static const char *const ours[] = {
		"Date", "From", "To", "Reply-To", "Subject", "Message-ID",
		"In-Reply-To", "References", "MIME-Version", "Auto-Submitted",
		"Content-Type", "Content-Transfer-Encoding",
	};
	struct mq_buf name = MQ_BUF_INIT;
	const char *colon = strchr(line, ':'), *v;
	struct hdr h;
	size_t i, n;

	n = colon != NULL ? (size_t)(colon - line) : 0;
	for (i = 0; i < n; i++)
		if ((unsigned char)line[i] <= 0x20 || (unsigned char)line[i] >= 0x7f)
			break;
	if (n == 0 || i != n || n > 60)
		return mq_fail(err, MQ_REFUSED,
		    "The extra header \"%.60s\" has no valid name.", line);
	for (i = 0; i < sizeof(ours) / sizeof(ours[0]); i++)
		if (strlen(ours[i]) == n && strncasecmp(line, ours[i], n) == 0)
			return mq_fail(err, MQ_REFUSED,
			    "The extra header %s is one the message sets itself.",
			    ours[i]);
	for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
		;
	mq_buf_add(&name, line, n);
	if (check_value(mq_buf_str(&name), v, err) != 0) {
		mq_buf_free(&name);
		return MQ_REFUSED;
	}
	hdr_start(&h, b, mq_buf_str(&name));
	hdr_text(&h, v);
	hdr_end(&h);
	mq_buf_free(&name);
	return 0;
}

static int
put_headers(struct mq_buf *b, const struct mq_mail_out *m, struct mq_err *err)
{
	struct mq_buf id = MQ_BUF_INIT;
	struct hdr h;
	size_t i;
	int rc;

	put_date(b, m->date);
	MQ_TRY(put_address(b, "From", m->from, err));
	MQ_TRY(put_address(b, "To", m->to, err));
	if (m->reply_to != NULL)
		MQ_TRY(put_address(b, "Reply-To", m->reply_to, err));
	MQ_TRY(check_value("Subject", m->subject, err));
	hdr_start(&h, b, "Subject");
	hdr_text(&h, m->subject);
	hdr_end(&h);
	MQ_TRY(check_value("Message-ID", m->message_id, err));
	MQ_TRY(check_msgid("Message-ID", m->message_id,
	    strlen(m->message_id), err));
	mq_buf_printf(&id, "<%s>", m->message_id);
	hdr_start(&h, b, "Message-ID");
	hdr_token(&h, mq_buf_str(&id), id.len);
	hdr_end(&h);
	mq_buf_free(&id);
	if (m->in_reply_to != NULL) {
		if (strpbrk(m->in_reply_to, " \t") != NULL)
			return mq_fail(err, MQ_REFUSED,
			    "The In-Reply-To header holds more than one id.");
		MQ_TRY(put_ids(b, "In-Reply-To", m->in_reply_to, err));
	}
	if (m->references != NULL)
		MQ_TRY(put_ids(b, "References", m->references, err));
	mq_buf_puts(b, "MIME-Version: 1.0\r\nAuto-Submitted: auto-generated\r\n");
	for (i = 0; m->extra_headers != NULL && m->extra_headers[i] != NULL; i++)
		if ((rc = put_extra(b, m->extra_headers[i], err)) != 0)
			return rc;
	return 0;
}

/* ---- bodies --------------------------------------------------------- */

static int
qp_literal(const char *s, size_t i)
{
	unsigned char c = (unsigned char)s[i];

	if (c == '=' || c >= 0x7f || (c < 0x20 && c != '\t'))
		return 0;
	if (c == ' ' || c == '\t')	/* no white space at a line's end */
		return s[i + 1] != '\0' && s[i + 1] != '\n' &&
		    !(s[i + 1] == '\r' && s[i + 2] == '\n');
	return 1;
}

/*
 * Quoted-printable, CRLF line ends, lines <= 76. A "." or "From " at the
 * start of a line is encoded too, so no SMTP or mbox step can alter it. A
 * text without a final LF ends in a soft break, so it reads back exactly.
 */
static void
qp_encode(struct mq_buf *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i, col = 0, tl;
	int lit;

	for (i = 0; s[i] != '\0'; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\n' || (c == '\r' && s[i + 1] == '\n')) {
			i += c == '\r';
			mq_buf_puts(b, "\r\n");
			col = 0;
			continue;
		}
		lit = qp_literal(s, i);
		tl = lit ? 1 : 3;
		if (col + tl > QP_MAX) {
			mq_buf_puts(b, "=\r\n");
			col = 0;
		}
		if (col == 0 && (c == '.' || strncmp(s + i, "From ", 5) == 0))
			lit = 0, tl = 3;
		if (lit)
			mq_buf_putc(b, (char)c);
		else
			mq_buf_printf(b, "=%c%c", hex[c >> 4], hex[c & 15]);
		col += tl;
	}
	if (col > 0)
		mq_buf_puts(b, "=\r\n");
}

static void
put_part_headers(struct mq_buf *b, const char *subtype)
{
	mq_buf_printf(b, "Content-Type: text/%s; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: quoted-printable\r\n", subtype);
}

static void
put_body(struct mq_buf *b, const struct mq_mail_out *m)
{
	unsigned char hash[16];
	char boundary[5 + 2 * sizeof(hash) + 1] = "=_mq_";

	if (m->html == NULL) {
		put_part_headers(b, "plain");
		mq_buf_puts(b, "\r\n");
		qp_encode(b, m->text);
		return;
	}
	crypto_generichash(hash, sizeof(hash),
	    (const unsigned char *)m->message_id, strlen(m->message_id),
	    NULL, 0);
	sodium_bin2hex(boundary + 5, sizeof(boundary) - 5, hash, sizeof(hash));
	mq_buf_printf(b, "Content-Type: multipart/alternative;\r\n"
	    " boundary=\"%s\"\r\n\r\n", boundary);
	mq_buf_printf(b, "--%s\r\n", boundary);
	put_part_headers(b, "plain");
	mq_buf_puts(b, "\r\n");
	/* The CRLF before a delimiter belongs to it, not to the part. */
	qp_encode(b, m->text);
	mq_buf_printf(b, "\r\n--%s\r\n", boundary);
	put_part_headers(b, "html");
	mq_buf_puts(b, "\r\n");
	qp_encode(b, m->html);
	mq_buf_printf(b, "\r\n--%s--\r\n", boundary);
}

int
mq_mime_build(const struct mq_mail_out *m, char **raw, size_t *len,
    struct mq_err *err)
{
	struct mq_buf b = MQ_BUF_INIT;
	int rc;

	*raw = NULL;
	*len = 0;
	if (m->from == NULL || m->to == NULL || m->subject == NULL ||
	    m->message_id == NULL || m->text == NULL)
		return mq_fail(err, MQ_REFUSED, "The message lacks a From, To, "
		    "Subject, Message-ID or text.");
	if (!mq_mime_utf8_valid(m->text, strlen(m->text)) ||
	    (m->html != NULL && !mq_mime_utf8_valid(m->html, strlen(m->html))))
		return mq_fail(err, MQ_REFUSED,
		    "The message body is not valid UTF-8.");
	if (sodium_init() < 0)
		return mq_fail(err, MQ_IO, "libsodium could not be initialised.");
	if ((rc = put_headers(&b, m, err)) != 0) {
		mq_buf_free(&b);
		return rc;
	}
	put_body(&b, m);
	if (b.oom) {
		mq_buf_free(&b);
		return mq_fail(err, MQ_IO, "Out of memory building a message.");
	}
	*len = b.len;
	*raw = mq_buf_steal(&b);
	return 0;
}
