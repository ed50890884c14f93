/*
 * mime_words.c - a header's RFC 2047 encoded words, decoded to UTF-8; see
 * mime_words.h.
 *
 * RFC 2047 is decoded here rather than by GMime: GMime 3.2 drops every
 * encoded word after one that ends in base64 padding ("=?UTF-8?B?YQ==?=
 * =?UTF-8?B?Yg==?=" reads as "a"), which mail clients send all the time,
 * and our charset table (CP932 for Shift_JIS, ...) applies to headers too.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "mime_charset.h"
#include "mime_words.h"

static int
b64val(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

static int
hexdig(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Decode one word's text (B or Q) onto b. */
static void
ew_decode(struct mq_buf *b, char enc, const char *t, size_t n)
{
	unsigned acc = 0;
	int bits = 0, v, h1, h2;
	size_t i;

	for (i = 0; i < n; i++) {
		if (enc == 'b') {
			if (t[i] == '=')
				break;
			if ((v = b64val((unsigned char)t[i])) < 0)
				continue;
			acc = (acc << 6 | (unsigned)v) & 0xffffff;
			if ((bits += 6) >= 8) {
				bits -= 8;
				mq_buf_putc(b, (char)(acc >> bits & 0xff));
			}
		} else if (t[i] == '_') {
			mq_buf_putc(b, ' ');
		} else if (t[i] == '=' && i + 2 < n &&
		    (h1 = hexdig((unsigned char)t[i + 1])) >= 0 &&
		    (h2 = hexdig((unsigned char)t[i + 2])) >= 0) {
			mq_buf_putc(b, (char)(h1 << 4 | h2));
			i += 2;
		} else {
			mq_buf_putc(b, t[i]);
		}
	}
}

struct ew {
	const char *cs, *text;	/* charset and encoded text */
	size_t cslen, textlen, len;	/* len: the whole word */
	char enc;		/* 'b' or 'q' */
};

/* Parse "=?charset?e?text?=" at p; 0 if it is not one. */
static int
ew_parse(const char *p, const char *end, struct ew *w)
{
	const char *q, *t;

	if (end - p < 8 || p[0] != '=' || p[1] != '?')
		return 0;
	for (q = p + 2; q < end && *q != '?' && *q > ' '; q++)
		;
	if (q == p + 2 || q + 3 > end || *q != '?' || q[2] != '?')
		return 0;
	w->cs = p + 2;
	w->cslen = (size_t)(q - w->cs);
	w->enc = (char)(q[1] | 0x20);
	if (w->enc != 'b' && w->enc != 'q')
		return 0;
	for (t = q + 3; t + 1 < end && !(t[0] == '?' && t[1] == '='); t++)
		if (*t <= ' ')
			return 0;
	if (t + 1 >= end)
		return 0;
	w->text = q + 3;
	w->textlen = (size_t)(t - w->text);
	w->len = (size_t)(t + 2 - p);
	return 1;
}

/* b's string without surrounding white space, or NULL when empty. */
static char *
trim_steal(struct mq_buf *b)
{
	size_t a = 0, e = b->len;

	if (b->oom || b->len == 0) {
		mq_buf_free(b);
		return NULL;
	}
	while (a < e && strchr(" \t\r\n", b->data[a]) != NULL)
		a++;
	while (e > a && strchr(" \t\r\n", b->data[e - 1]) != NULL)
		e--;
	if (a == e) {
		mq_buf_free(b);
		return NULL;
	}
	memmove(b->data, b->data + a, e - a);
	b->data[e - a] = '\0';
	b->len = e - a;
	return mq_buf_steal(b);
}

/* Convert the bytes pending in run (charset cs) onto out; empty run. */
static void
run_flush(struct mq_buf *out, struct mq_buf *run, const char *cs)
{
	char *u;

	if (run->len == 0)
		return;
	u = mq_mime_to_utf8(cs, run->data, run->len);
	if (u == NULL)
		out->oom = 1;
	else
		mq_buf_puts(out, u);
	free(u);
	mq_buf_reset(run);
}

/*
 * Unfolded, RFC 2047-decoded, trimmed UTF-8 of a raw header value; NULL
 * when it is empty, or (*oom set) when an allocation failed. Each run of
 * one charset opens a converter (glibc loads its module each time): a
 * header of thousands of words that change charset cost seconds, so the
 * words after MQ_MIME_EW_RUNS runs are not read. No mailer writes so many,
 * and a Subject is shown to its first 200 bytes.
 */
char *
mq_mime_decode_header(const char *v, size_t n, int *oom)
{
	struct mq_buf out = MQ_BUF_INIT, run = MQ_BUF_INIT, cs = MQ_BUF_INIT;
	const char *p = v, *end = v + n, *ws;
	struct ew w;
	int prev_ew = 0, runs = 0;

	while (p < end && runs <= MQ_MIME_EW_RUNS) {
		ws = p;
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' ||
		    *p == '\n'))
			p++;
		if (p < end && ew_parse(p, end, &w)) {
			const char *star = memchr(w.cs, '*', w.cslen);
			size_t cl = star ? (size_t)(star - w.cs) : w.cslen;

			/* Words of one charset are joined as bytes: some
			 * mailers split a character across two. */
			if (!prev_ew || cs.len != cl ||
			    strncasecmp(mq_buf_str(&cs), w.cs, cl) != 0) {
				if (++runs > MQ_MIME_EW_RUNS)
					break;
				run_flush(&out, &run, mq_buf_str(&cs));
				if (!prev_ew && p > ws)
					mq_buf_putc(&out, ' ');
				mq_buf_reset(&cs);
				mq_buf_add(&cs, w.cs, cl);
			}
			ew_decode(&run, w.enc, w.text, w.textlen);
			p += w.len;
			prev_ew = 1;
			continue;
		}
		if (prev_ew) {
			run_flush(&out, &run, mq_buf_str(&cs));
			mq_buf_reset(&cs);
		}
		prev_ew = 0;
		if (p > ws)
			mq_buf_add(&run, " ", 1);
		while (p < end && *p != ' ' && *p != '\t' && *p != '\r' &&
		    *p != '\n')
			mq_buf_add(&run, p++, 1);
		/* Raw words stay in run: UTF-8 if valid, else Windows-1252. */
	}
	run_flush(&out, &run, prev_ew ? mq_buf_str(&cs) : NULL);
	if (run.oom || cs.oom || out.oom)
		*oom = out.oom = 1;	/* trim_steal then frees out */
	mq_buf_free(&run);
	mq_buf_free(&cs);
	return trim_steal(&out);
}
