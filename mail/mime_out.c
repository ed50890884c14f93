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
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <strings.h>
#include <time.h>

#include <sodium.h>

#include "buf.h"
#include "mime_charset.h"

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
msgid_char_ok(unsigned char c)
{
	return c > 0x20 && c < 0x7f && c != '<' && c != '>';
}

int
mq_mime_msgid_ok(const char *id, size_t len)
{
	size_t i;

	if (id == NULL || len == 0 || len > 900)
		return 0;
	for (i = 0; i < len; i++)
		if (!msgid_char_ok((unsigned char)id[i]))
			return 0;
	return 1;
}

static int
check_msgid(const char *what, const char *id, size_t len, struct mq_err *err)
{
	if (len == 0 || len > 900)
		return mq_fail(err, MQ_REFUSED, "The %s is empty or too long.",
		    what);
	if (!mq_mime_msgid_ok(id, len))
		return mq_fail(err, MQ_REFUSED,
		    "The %s \"%.*s\" has a character not allowed in a "
		    "message id.", what, (int)len, id);
	return 0;
}

/* ---- headers -------------------------------------------------------- */

static void
hdr_start(struct hdr *h, struct mq_buf *b, const char *name)
{
	h->b = b;
	h->col = strlen(name) + 1;
	mq_buf_add(b, name, h->col - 1);
	mq_buf_putc(b, ':');
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

/* The token built in t; a t that ran out of memory taints the message
 * (its buffer's oom is sticky, and mq_mime_build fails on it): never a
 * header with a part missing. */
static void
hdr_buf(struct hdr *h, const struct mq_buf *t)
{
	if (t->oom)
		h->b->oom = 1;
	else
		hdr_token(h, mq_buf_str(t), t->len);
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
		mq_buf_puts(&w, "=?UTF-8?B?");
		mq_buf_puts(&w, b64);
		mq_buf_puts(&w, "?=");
		hdr_buf(h, &w);
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
		hdr_buf(h, &q);
		mq_buf_free(&q);
	}
}

/* [s, e) is a bare addr-spec written as it is: printable ASCII, none of
 * <>"(),;\ and an '@'. */
static int
addr_ok(const char *s, const char *e)
{
	const char *p;

	for (p = s; p < e; p++)
		if ((unsigned char)*p <= 0x20 || (unsigned char)*p >= 0x7f ||
		    strchr("<>\"(),;\\", *p) != NULL)
			return 0;
	return e > s && memchr(s, '@', (size_t)(e - s)) != NULL;
}

/* Not past RFC 5321's 254 octets (a path of 256 with its brackets): no
 * server takes a longer one, the spool keeps 511 bytes of a recipient and
 * the rate table 255, so it would be answered to a cut address, and rate
 * limited never. */
#define ADDR_MAX	254

int
mq_mime_addr_ok(const char *addr)
{
	size_t n;

	/* before any arithmetic: NULL + 0 is undefined too */
	if (addr == NULL)
		return 0;
	n = strlen(addr);
	return n <= ADDR_MAX && addr_ok(addr, addr + n);
}

/* "Name <addr>", "\"Name\" <addr>" or "addr". */
static int
put_address(struct mq_buf *b, const char *hname, const char *v,
    struct mq_err *err)
{
	struct mq_buf a = MQ_BUF_INIT;
	const char *s = v, *e = v + strlen(v), *lt, *ns, *ne;
	struct hdr h;

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
	if (!addr_ok(s, e))
		return mq_fail(err, MQ_REFUSED,
		    "The %s address \"%s\" is not a plain ASCII address.",
		    hname, v);
	hdr_start(&h, b, hname);
	if (ne > ns)
		hdr_phrase(&h, ns, (size_t)(ne - ns));
	if (ne > ns)
		mq_buf_putc(&a, '<');
	mq_buf_add(&a, s, (size_t)(e - s));
	if (ne > ns)
		mq_buf_putc(&a, '>');
	hdr_buf(&h, &a);
	hdr_end(&h);
	mq_buf_free(&a);
	return 0;
}

/* n in decimal, zero-padded to at least w digits: printf's "%0*d". */
static void
put_num(struct mq_buf *b, int n, int w)
{
	char num[16], *p = num + sizeof(num);
	unsigned u = n < 0 ? 0u - (unsigned)n : (unsigned)n;

	if (n < 0)
		w--;		/* the sign counts in the width */
	do {
		*--p = (char)('0' + u % 10);
		w--;
	} while ((u /= 10) != 0);
	while (w-- > 0 && p > num + 1)
		*--p = '0';
	if (n < 0)
		*--p = '-';
	mq_buf_add(b, p, (size_t)(num + sizeof(num) - p));
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
	/* "Date: %s, %02d %s %04d %02d:%02d:%02d +0000", without printf */
	mq_buf_puts(b, "Date: ");
	mq_buf_puts(b, day[tm.tm_wday]);
	mq_buf_puts(b, ", ");
	put_num(b, tm.tm_mday, 2);
	mq_buf_putc(b, ' ');
	mq_buf_puts(b, mon[tm.tm_mon]);
	mq_buf_putc(b, ' ');
	put_num(b, tm.tm_year + 1900, 4);
	mq_buf_putc(b, ' ');
	put_num(b, tm.tm_hour, 2);
	mq_buf_putc(b, ':');
	put_num(b, tm.tm_min, 2);
	mq_buf_putc(b, ':');
	put_num(b, tm.tm_sec, 2);
	mq_buf_puts(b, " +0000\r\n");
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
		mq_buf_putc(&a, '<');
		mq_buf_add(&a, p, (size_t)(e - p));
		mq_buf_putc(&a, '>');
		hdr_buf(&h, &a);
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
	if (mq_buf_add(&name, line, n) != 0 || name.oom) {
		mq_buf_free(&name);	/* not a header with no name */
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
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
	mq_buf_putc(&id, '<');
	mq_buf_puts(&id, m->message_id);
	mq_buf_putc(&id, '>');
	hdr_start(&h, b, "Message-ID");
	hdr_buf(&h, &id);
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

/*
 * What qp_encode does with each byte: most are copied as they are; the
 * rest need a look at the column or at the next bytes.
 */
enum { QP_COPY, QP_HEX, QP_BLANK, QP_LF, QP_CR, QP_LEAD };

#define C QP_COPY
#define H QP_HEX
#define B QP_BLANK
#define L QP_LF
#define R QP_CR
#define D QP_LEAD
/* "." and "F" (D) only matter at a line's start: ".", "From ". */
static const unsigned char qp_class[256] = {
	H, H, H, H, H, H, H, H, H, B, L, H, H, R, H, H,
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,
	B, C, C, C, C, C, C, C, C, C, C, C, C, C, D, C,
	C, C, C, C, C, C, C, C, C, C, C, C, C, H, C, C,
	C, C, C, C, C, C, D, C, C, C, C, C, C, C, C, C,
	C, C, C, C, C, C, C, C, C, C, C, C, C, C, C, C,
	C, C, C, C, C, C, C, C, C, C, C, C, C, C, C, C,
	C, C, C, C, C, C, C, C, C, C, C, C, C, C, C, H,
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,
};
#undef C
#undef H
#undef B
#undef L
#undef R
#undef D

/* 1 for the bytes a run may copy: printable ASCII but "=", and blanks. */
static const unsigned char qp_plain[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/*
 * UTF-8 checked on the way, byte by byte (the bodies' own pass used to
 * cost as much as the rest): need continuation bytes are still due, each
 * in [lo, hi]; the same rules as mq_mime_utf8_valid.
 */
struct u8 {
	unsigned need, lo, hi;
};

static inline int
u8_step(struct u8 *u, unsigned char c)
{
	if (u->need > 0) {
		if (c < u->lo || c > u->hi)
			return -1;
		u->need--;
		u->lo = 0x80;
		u->hi = 0xbf;
		return 0;
	}
	if (c < 0x80)
		return 0;
	if (c >= 0xc2 && c <= 0xdf)
		u->need = 1;
	else if (c >= 0xe0 && c <= 0xef) {
		u->need = 2;
		if (c == 0xe0)
			u->lo = 0xa0;	/* overlong */
		else if (c == 0xed)
			u->hi = 0x9f;	/* surrogate */
	} else if (c >= 0xf0 && c <= 0xf4) {
		u->need = 3;
		if (c == 0xf0)
			u->lo = 0x90;	/* overlong */
		else if (c == 0xf4)
			u->hi = 0x8f;	/* above U+10FFFF */
	} else
		return -1;
	return 0;
}

/*
 * Where the run of plain bytes from s[j] ends (at lim at most). With SSE2
 * (every x86-64) sixteen bytes are tested at once: printable ASCII but "=";
 * a tab ends such a run early, to be taken one byte at a time below, which
 * encodes it the same way.
 */
static inline size_t
plain_end(const char *s, size_t j, size_t lim)
{
#if defined(__SSE2__)
	const __m128i below = _mm_set1_epi8(0x20 - 1), above = _mm_set1_epi8(0x7f);
	const __m128i eq = _mm_set1_epi8('=');

	while (lim - j >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + j));
		__m128i ok = _mm_and_si128(_mm_cmpgt_epi8(v, below),
		    _mm_cmplt_epi8(v, above));
		unsigned bad;

		ok = _mm_andnot_si128(_mm_cmpeq_epi8(v, eq), ok);
		bad = (unsigned)_mm_movemask_epi8(ok) ^ 0xffffu;
		if (bad != 0)
			return j + (size_t)__builtin_ctz(bad);
		j += 16;
	}
#endif
	while (lim - j >= 4 && qp_plain[(unsigned char)s[j]] &
	    qp_plain[(unsigned char)s[j + 1]] &
	    qp_plain[(unsigned char)s[j + 2]] &
	    qp_plain[(unsigned char)s[j + 3]])
		j += 4;
	while (j < lim && qp_plain[(unsigned char)s[j]])
		j++;
	return j;
}

/* Whether a blank before s[1] must be encoded: a line end or the end follows. */
static int
blank_ends_line(const char *s)
{
	return s[1] == '\0' || s[1] == '\n' || (s[1] == '\r' && s[2] == '\n');
}

/*
 * Quoted-printable, CRLF line ends, lines <= 76. A "." or "From " at the
 * start of a line is encoded too, so no SMTP or mbox step can alter it. A
 * text without a final LF ends in a soft break, so it reads back exactly.
 * White space is literal unless a line end (or the end) follows it.
 *
 * The bulk of a mail is runs of bytes copied as they are, so the loop
 * finds each run (up to the end of the output line) and copies it whole;
 * only the other bytes go one at a time. The output is written straight
 * into the buffer, which is grown (geometrically) only between steps:
 * one step writes at most a line.
 *
 * -1 when s is not UTF-8 (what was written is then of no use), else 0;
 * out of memory shows in b->oom (and s may be left unchecked).
 */
static int
qp_encode(struct mq_buf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	const size_t step = QP_MAX + 8;	/* the most one step writes */
	size_t i = 0, j, lim, col = 0;
	struct u8 u = { 0, 0x80, 0xbf };
	char *o, *end;

	if (mq_buf_reserve(b, n + n / 8 + step))
		return 0;
	o = b->data + b->len;
	end = b->data + b->cap - 1;	/* room for the NUL */
	while (i < n) {
		unsigned char c;
		int lit;

		if ((size_t)(end - o) < step) {
			b->len = (size_t)(o - b->data);
			if (mq_buf_reserve(b, n - i + (n - i) / 8 + step))
				return 0;
			o = b->data + b->len;
			end = b->data + b->cap - 1;
		}
		/*
		 * A run of bytes copied as they are, up to the line's end: the
		 * plain ones, four at a time, less a blank that ends a line
		 * (only the run's last byte can be one: a plain byte follows
		 * each other) and a "." or "From " that starts one.
		 */
		lim = n - i < QP_MAX - col ? n : i + (QP_MAX - col);
		j = i;
		if (col > 0 || qp_class[(unsigned char)s[i]] != QP_LEAD) {
			j = plain_end(s, j, lim);
			if (j > i && qp_class[(unsigned char)s[j - 1]] == QP_BLANK &&
			    blank_ends_line(s + j - 1))
				j--;
		}
		if (j > i) {
			if (u.need > 0)		/* ASCII amid a sequence */
				return -1;
			memcpy(o, s + i, j - i);
			o += j - i;
			col += j - i;
			i = j;
			continue;
		}
		/* a run of bytes to encode (UTF-8, "="), as far as the line allows */
		if (qp_class[(unsigned char)s[i]] == QP_HEX && col + 3 <= QP_MAX) {
			do {
				c = (unsigned char)s[i++];
				if (u8_step(&u, c) != 0)
					return -1;
				o[0] = '=';
				o[1] = hex[c >> 4];
				o[2] = hex[c & 15];
				o += 3;
				col += 3;
			} while (i < n && qp_class[(unsigned char)s[i]] == QP_HEX &&
			    col + 3 <= QP_MAX);
			continue;
		}
		/* one byte that is not: a line end, or one to encode or fold */
		c = (unsigned char)s[i];
		if (u8_step(&u, c) != 0)
			return -1;
		switch (qp_class[c]) {
		case QP_CR:
			if (s[i + 1] != '\n') {
				lit = 0;
				break;
			}
			i++;
			/* FALLTHROUGH */
		case QP_LF:
			*o++ = '\r';
			*o++ = '\n';
			col = 0;
			i++;
			continue;
		case QP_BLANK:
			lit = !blank_ends_line(s + i);
			break;
		case QP_COPY:
		case QP_LEAD:
			lit = 1;
			break;
		default:
			lit = 0;
			break;
		}
		if (col + (lit ? 1 : 3) > QP_MAX) {
			memcpy(o, "=\r\n", 3);
			o += 3;
			col = 0;
		}
		if (col == 0 && (c == '.' || (c == 'F' && strncmp(s + i, "From ",
		    5) == 0)))
			lit = 0;
		if (lit) {
			*o++ = (char)c;
			col++;
		} else {
			*o++ = '=';
			*o++ = hex[c >> 4];
			*o++ = hex[c & 15];
			col += 3;
		}
		i++;
	}
	if (u.need > 0)		/* a sequence cut short by the end */
		return -1;
	if (col > 0) {
		memcpy(o, "=\r\n", 3);
		o += 3;
	}
	b->len = (size_t)(o - b->data);
	*o = '\0';
	return 0;
}

static void
put_part_headers(struct mq_buf *b, const char *subtype)
{
	mq_buf_puts(b, "Content-Type: text/");
	mq_buf_puts(b, subtype);
	mq_buf_puts(b, "; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: quoted-printable\r\n");
}

/* "<before>--<boundary><after>" */
static void
put_delimiter(struct mq_buf *b, const char *before, const char *boundary,
    const char *after)
{
	mq_buf_puts(b, before);
	mq_buf_puts(b, "--");
	mq_buf_puts(b, boundary);
	mq_buf_puts(b, after);
}

/* The bodies; -1 when one is not UTF-8. */
static int
put_body(struct mq_buf *b, const struct mq_mail_out *m, size_t tlen,
    size_t hlen)
{
	unsigned char hash[16];
	char boundary[5 + 2 * sizeof(hash) + 1] = "=_mq_";

	if (m->html == NULL) {
		put_part_headers(b, "plain");
		mq_buf_puts(b, "\r\n");
		return qp_encode(b, m->text, tlen);
	}
	crypto_generichash(hash, sizeof(hash),
	    (const unsigned char *)m->message_id, strlen(m->message_id),
	    NULL, 0);
	sodium_bin2hex(boundary + 5, sizeof(boundary) - 5, hash, sizeof(hash));
	mq_buf_puts(b, "Content-Type: multipart/alternative;\r\n"
	    " boundary=\"");
	mq_buf_puts(b, boundary);
	mq_buf_puts(b, "\"\r\n\r\n");
	put_delimiter(b, "", boundary, "\r\n");
	put_part_headers(b, "plain");
	mq_buf_puts(b, "\r\n");
	/* The CRLF before a delimiter belongs to it, not to the part. */
	if (qp_encode(b, m->text, tlen) != 0)
		return -1;
	put_delimiter(b, "\r\n", boundary, "\r\n");
	put_part_headers(b, "html");
	mq_buf_puts(b, "\r\n");
	if (qp_encode(b, m->html, hlen) != 0)
		return -1;
	put_delimiter(b, "\r\n", boundary, "--\r\n");
	return 0;
}

/*
 * The bodies are checked as they are encoded; when anything else fails
 * first, they are checked here, as a body that is not UTF-8 has always
 * been the refusal given before any other (but a missing field).
 */
static int
fail_body_first(const struct mq_mail_out *m, size_t tlen, size_t hlen,
    int rc, struct mq_err *err)
{
	if (!mq_mime_utf8_valid(m->text, tlen) ||
	    (m->html != NULL && !mq_mime_utf8_valid(m->html, hlen)))
		return mq_fail(err, MQ_REFUSED,
		    "The message body is not valid UTF-8.");
	return rc;
}

int
mq_mime_build(const struct mq_mail_out *m, char **raw, size_t *len,
    struct mq_err *err)
{
	struct mq_buf b = MQ_BUF_INIT;
	size_t tlen, hlen;
	int rc;

	*raw = NULL;
	*len = 0;
	if (m->from == NULL || m->to == NULL || m->subject == NULL ||
	    m->message_id == NULL || m->text == NULL)
		return mq_fail(err, MQ_REFUSED, "The message lacks a From, To, "
		    "Subject, Message-ID or text.");
	tlen = strlen(m->text);
	hlen = m->html != NULL ? strlen(m->html) : 0;
	if (sodium_init() < 0)
		return fail_body_first(m, tlen, hlen, mq_fail(err, MQ_IO,
		    "libsodium could not be initialised."), err);
	/* Room for the usual mail at once: headers, then both parts encoded
	 * (mostly copied: an eighth more, plus a line per part), so the
	 * message is not moved as it grows. */
	mq_buf_reserve(&b, 4096 + tlen + hlen + (tlen + hlen) / 8 + 256);
	if ((rc = put_headers(&b, m, err)) != 0) {
		mq_buf_free(&b);
		return fail_body_first(m, tlen, hlen, rc, err);
	}
	if (put_body(&b, m, tlen, hlen) != 0) {
		mq_buf_free(&b);
		return mq_fail(err, MQ_REFUSED,
		    "The message body is not valid UTF-8.");
	}
	if (b.oom) {
		mq_buf_free(&b);
		return fail_body_first(m, tlen, hlen, mq_fail(err, MQ_IO,
		    "Out of memory building a message."), err);
	}
	*len = b.len;
	*raw = mq_buf_steal(&b);
	return 0;
}
