/*
 * mime_charset.c - inbound text to UTF-8; see mime_charset.h.
 *
 * We convert with glibc iconv ourselves, not GMime, because mail clients
 * label text with the narrow charset name (ISO-8859-1, Shift_JIS, GB2312)
 * while sending bytes of its Microsoft superset, and a wrong guess must
 * give U+FFFD, never a failure.
 */
#include "mime_charset.h"
#include "mime_guess.h"

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

/* ---- UTF-8 ---------------------------------------------------------- */

/* Length of the valid UTF-8 sequence at p, or 0 if it is not one. */
static size_t
utf8_seq(const unsigned char *p, size_t n)
{
	unsigned c = p[0];

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		return n >= 2 && (p[1] & 0xc0) == 0x80 ? 2 : 0;
	if (c >= 0xe0 && c <= 0xef) {
		if (n < 3 || (p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80)
			return 0;
		if (c == 0xe0 && p[1] < 0xa0)
			return 0;	/* overlong */
		if (c == 0xed && p[1] >= 0xa0)
			return 0;	/* surrogate */
		return 3;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		if (n < 4 || (p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80 ||
		    (p[3] & 0xc0) != 0x80)
			return 0;
		if (c == 0xf0 && p[1] < 0x90)
			return 0;	/* overlong */
		if (c == 0xf4 && p[1] >= 0x90)
			return 0;	/* above U+10FFFF */
		return 4;
	}
	return 0;
}

/* ASCII, the bulk of every mail we write, is passed over 16 bytes at a time. */
int
mq_mime_utf8_valid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k;
	uint64_t w, w2;

	while (i < len) {
		if (p[i] < 0x80) {
			while (len - i >= 16) {
				memcpy(&w, p + i, 8);
				memcpy(&w2, p + i + 8, 8);
				if ((w | w2) & 0x8080808080808080ULL)
					break;
				i += 16;
			}
			while (len - i >= 8) {
				memcpy(&w, p + i, 8);
				if (w & 0x8080808080808080ULL)
					break;
				i += 8;
			}
			while (i < len && p[i] < 0x80)
				i++;
			continue;
		}
		if ((k = utf8_seq(p + i, len - i)) == 0)
			return 0;
		i += k;
	}
	return 1;
}

/*
 * How many bytes at p (not a valid sequence) one U+FFFD replaces: the
 * "maximal subpart" of Unicode and WHATWG, so a truncated character gives
 * one replacement, not one per byte.
 */
static size_t
utf8_bad(const unsigned char *p, size_t n)
{
	unsigned c = p[0];
	unsigned lo = 0x80, hi = 0xbf;
	size_t need, i;

	if (c >= 0xc2 && c <= 0xdf)
		need = 2;
	else if (c >= 0xe0 && c <= 0xef)
		need = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		need = 4;
	else
		return 1;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	for (i = 1; i < need && i < n; i++) {
		if (p[i] < lo || p[i] > hi)
			break;
		lo = 0x80;
		hi = 0xbf;
	}
	return i;
}

void
mq_mime_utf8_clean(struct mq_buf *b, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k;

	while (i < len) {
		if ((k = utf8_seq(p + i, len - i)) == 0) {
			mq_buf_puts(b, "\xef\xbf\xbd");
			i += utf8_bad(p + i, len - i);
		} else {
			mq_buf_add(b, p + i, k);
			i += k;
		}
	}
}

/* ---- charsets ------------------------------------------------------- */

/* Lower-cased label without quotes and blanks, in a fixed buffer. */
static void
label_norm(const char *label, char *out, size_t n)
{
	size_t i = 0;

	for (; *label != '\0' && i + 1 < n; label++) {
		unsigned char c = (unsigned char)*label;

		if (c == '"' || c == '\'' || c == ' ' || c == '\t')
			continue;
		out[i++] = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : (char)c;
	}
	out[i] = '\0';
}

static int
iconv_has(const char *name)
{
	iconv_t cd = iconv_open("UTF-8", name);

	if (cd == (iconv_t)-1)
		return 0;
	iconv_close(cd);
	return 1;
}

static const char *
first_available(const char *const *names)
{
	for (; names[1] != NULL; names++)
		if (iconv_has(names[0]))
			return names[0];
	return names[0];
}

/*
 * The iconv name to decode a label with: "UTF-8", a glibc name (maybe
 * the normalised label, kept in l[n]), or NULL for "no usable label": the
 * caller then guesses.
 */
static const char *
charset_resolve(const char *label, char *l, size_t n)
{
	static const char *const eucjp[] = { "EUC-JP-MS", "EUC-JP", NULL };
	static const char *const big5[] = { "BIG5-HKSCS", "CP950", "BIG5", NULL };
	static const struct {
		const char *label, *name;
	} map[] = {
		{ "utf-8", "UTF-8" }, { "utf8", "UTF-8" },
		{ "us-ascii", "WINDOWS-1252" }, { "ascii", "WINDOWS-1252" },
		{ "iso-8859-1", "WINDOWS-1252" }, { "iso8859-1", "WINDOWS-1252" },
		{ "iso_8859-1", "WINDOWS-1252" }, { "latin1", "WINDOWS-1252" },
		{ "windows-1252", "WINDOWS-1252" }, { "cp1252", "WINDOWS-1252" },
		{ "x-cp1252", "WINDOWS-1252" },
		{ "iso-8859-15", "ISO-8859-15" }, { "latin9", "ISO-8859-15" },
		{ "iso-2022-jp", "ISO-2022-JP" }, { "csiso2022jp", "ISO-2022-JP" },
		{ "shift_jis", "CP932" }, { "shift-jis", "CP932" },
		{ "sjis", "CP932" }, { "x-sjis", "CP932" }, { "ms_kanji", "CP932" },
		{ "windows-31j", "CP932" }, { "cp932", "CP932" },
		{ "gb2312", "GB18030" }, { "gbk", "GB18030" },
		{ "gb18030", "GB18030" }, { "x-gbk", "GB18030" },
		{ "cp936", "GB18030" }, { "euc-cn", "GB18030" },
	};
	size_t i;

	if (label == NULL)
		return NULL;
	label_norm(label, l, n);
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(l, map[i].label) == 0)
			return map[i].name;
	if (strcmp(l, "euc-jp") == 0 || strcmp(l, "x-euc-jp") == 0)
		return first_available(eucjp);
	if (strcmp(l, "big5") == 0 || strcmp(l, "big5-hkscs") == 0 ||
	    strcmp(l, "x-big5") == 0 || strcmp(l, "cp950") == 0)
		return first_available(big5);
	/* Any other sane label glibc knows (KOI8-R, ISO-8859-2, ...). */
	if (l[0] == '\0' || strlen(l) > 40 ||
	    strspn(l, "abcdefghijklmnopqrstuvwxyz0123456789-_.:") != strlen(l))
		return NULL;
	return iconv_has(l) ? l : NULL;
}

/* Convert with iconv, U+FFFD for each byte it cannot read. */
static int
iconv_decode(const char *name, const char *in, size_t len, struct mq_buf *b)
{
	char tmp[4096], *inp = (char *)in, *outp;
	size_t inleft = len, outleft, r;
	iconv_t cd;

	if ((cd = iconv_open("UTF-8", name)) == (iconv_t)-1)
		return -1;
	while (inleft > 0) {
		outp = tmp;
		outleft = sizeof(tmp);
		r = iconv(cd, &inp, &inleft, &outp, &outleft);
		mq_buf_add(b, tmp, (size_t)(outp - tmp));
		if (r != (size_t)-1 || errno == E2BIG)
			continue;
		mq_buf_puts(b, "\xef\xbf\xbd");
		if (errno != EILSEQ)
			break;	/* EINVAL: truncated at the end */
		inp++;
		inleft--;
	}
	outp = tmp;
	outleft = sizeof(tmp);
	iconv(cd, NULL, NULL, &outp, &outleft);
	mq_buf_add(b, tmp, (size_t)(outp - tmp));
	iconv_close(cd);
	return 0;
}

/* Drop NUL and a leading BOM; CRLF and lone CR to LF; in place. */
static void
text_tidy(struct mq_buf *b)
{
	char *s = b->data;
	size_t i = 0, o = 0, n = b->len;

	if (s == NULL)
		return;
	if (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	for (; i < n; i++) {
		if (s[i] == '\0')
			continue;
		if (s[i] == '\r') {
			s[o++] = '\n';
			if (i + 1 < n && s[i + 1] == '\n')
				i++;
			continue;
		}
		s[o++] = s[i];
	}
	s[o] = '\0';
	b->len = o;
}

/* 1 when s[0..len) has as many invalid UTF-8 sequences as valid ones of
 * two bytes or more: legacy bytes, where a few bad ones in UTF-8 text
 * are damage. */
static int
utf8_mostly_invalid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k, good = 0, bad = 0;

	while (i < len) {
		if (p[i] < 0x80) {
			i++;
		} else if ((k = utf8_seq(p + i, len - i)) > 0) {
			good++;
			i += k;
		} else {
			bad++;
			i += utf8_bad(p + i, len - i);
		}
	}
	return bad > 0 && bad >= good;
}

/*
 * The charset of text with no label worth its bytes (none, an unknown one,
 * US-ASCII, or UTF-8 with no UTF-8 in it): ISO-2022-JP by its escapes,
 * UTF-8 when valid, a CJK charset when one reads the bytes as CJK text
 * (mime_guess.c), else fallback.
 */
static const char *
guess(const char *in, size_t len, const char *fallback)
{
	const char *cjk;

	if (mq_mime_is_iso2022jp(in, len))
		return "ISO-2022-JP";
	if (mq_mime_utf8_valid(in, len))
		return "UTF-8";
	return (cjk = mq_mime_guess_cjk(in, len)) != NULL ? cjk : fallback;
}

char *
mq_mime_to_utf8(const char *charset, const char *in, size_t len)
{
	struct mq_buf b = MQ_BUF_INIT;
	const char *name;
	char l[48];

	/* A UTF-8 BOM says more than any label. */
	if (len >= 3 && memcmp(in, "\xef\xbb\xbf", 3) == 0)
		name = "UTF-8";
	else if ((name = charset_resolve(charset, l, sizeof(l))) == NULL ||
	    strcmp(l, "us-ascii") == 0 || strcmp(l, "ascii") == 0)
		name = guess(in, len, "WINDOWS-1252");
	else if (strcmp(name, "UTF-8") == 0 && utf8_mostly_invalid(in, len))
		name = guess(in, len, "UTF-8");	/* legacy bytes called UTF-8 */
	if (strcmp(name, "UTF-8") == 0 || iconv_decode(name, in, len, &b) != 0) {
		mq_buf_reset(&b);
		mq_mime_utf8_clean(&b, in, len);
	}
	mq_buf_add(&b, "", 0);	/* "" rather than NULL for empty input */
	text_tidy(&b);
	return mq_buf_steal(&b);
}
