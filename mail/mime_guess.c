/*
 * mime_guess.c - the charset of 8-bit text sent with no usable label; see
 * mime_guess.h.
 *
 * A Japanese or Chinese client that leaves out the charset, or says
 * US-ASCII or UTF-8 of legacy bytes, sent text that became mojibake and
 * then "not commands". Each candidate decodes the bytes strictly (one
 * byte it cannot read rules it out) and the decodings are scored: CJK
 * text is runs of ideographs, kana and full-width punctuation, so a CJK
 * character beside another counts for a candidate and one standing alone
 * beside a Latin letter counts against it (an accented Latin letter and
 * its neighbour read as one ideograph); one standing alone between blanks
 * counts for nothing, and a candidate needs two side by side to win. Half-width katakana, private-use
 * characters and other scripts count against. Kana counts once more for
 * the Japanese charsets, since EUC-JP and GB2312 share the kana rows and
 * Chinese text has none; a character outside the common block of a
 * Chinese charset counts against it (rare_pairs). Ties go to the earlier
 * candidate.
 */
#include "mime_guess.h"

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <string.h>

#include "buf.h"

int
mq_mime_is_iso2022jp(const char *in, size_t len)
{
	const char *p = in, *end = in + len;

	/* ESC $ B and ESC $ @ switch to JIS X 0208: no other text has them */
	while ((p = memchr(p, 0x1b, (size_t)(end - p))) != NULL) {
		if (end - p >= 3 && p[1] == '$' && (p[2] == 'B' || p[2] == '@'))
			return 1;
		p++;
	}
	return 0;
}

/* in in the charset name as UTF-8 into b; -1 at the first byte it cannot
 * read (or when iconv does not know the name). */
static int
decode_strict(const char *name, const char *in, size_t len, struct mq_buf *b)
{
	char tmp[4096], *inp = (char *)in, *outp;
	size_t inleft = len, outleft, r;
	iconv_t cd;
	int rc = 0;

	if ((cd = iconv_open("UTF-8", name)) == (iconv_t)-1)
		return -1;
	while (inleft > 0 && rc == 0) {
		outp = tmp;
		outleft = sizeof(tmp);
		r = iconv(cd, &inp, &inleft, &outp, &outleft);
		mq_buf_add(b, tmp, (size_t)(outp - tmp));
		if (r == (size_t)-1 && errno != E2BIG)
			rc = -1;
	}
	iconv_close(cd);
	return b->oom ? -1 : rc;
}

/* The code point at s (valid UTF-8, as iconv wrote it); *n its length. */
static uint32_t
code_point(const unsigned char *s, size_t *n)
{
	if (s[0] < 0x80) {
		*n = 1;
		return s[0];
	}
	if (s[0] < 0xe0) {
		*n = 2;
		return (uint32_t)(s[0] & 0x1f) << 6 | (s[1] & 0x3f);
	}
	if (s[0] < 0xf0) {
		*n = 3;
		return (uint32_t)(s[0] & 0x0f) << 12 |
		    (uint32_t)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
	}
	*n = 4;
	return (uint32_t)(s[0] & 0x07) << 18 | (uint32_t)(s[1] & 0x3f) << 12 |
	    (uint32_t)(s[2] & 0x3f) << 6 | (s[3] & 0x3f);
}

enum kind { K_SPACE, K_ALNUM, K_CJK, K_KANA, K_BAD };

static int
ascii_letter(unsigned c)
{
	return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

static enum kind
kind_of(uint32_t c)
{
	if (c < 0x80)
		return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' &&
		    (c | 0x20) <= 'z') ? K_ALNUM : K_SPACE;
	if (c >= 0x3041 && c <= 0x30ff)
		return K_KANA;
	if ((c >= 0x3000 && c <= 0x303f) || (c >= 0x3400 && c <= 0x4dbf) ||
	    (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xff01 && c <= 0xff5e) ||
	    (c >= 0xf900 && c <= 0xfaff))
		return K_CJK;
	return K_BAD;	/* half-width katakana, private use, other scripts */
}

/* How much the UTF-8 text s looks like CJK text (see the top). */
static long
score(const char *s, size_t len, int japanese)
{
	const unsigned char *p = (const unsigned char *)s;
	enum kind prev = K_SPACE, cur, next;
	size_t i = 0, n, m = 0;
	long total = 0;

	if (len == 0)
		return 0;
	cur = kind_of(code_point(p, &n));
	while (i < len) {
		next = i + n < len ? kind_of(code_point(p + i + n, &m)) : K_SPACE;
		if (cur == K_BAD)
			total -= 3;
		else if (cur == K_CJK || cur == K_KANA) {
			if (prev == K_CJK || prev == K_KANA || next == K_CJK ||
			    next == K_KANA)
				total += 2;
			else if (prev == K_ALNUM || next == K_ALNUM)
				total -= 2;	/* an accented letter's mark */
			if (cur == K_KANA && japanese)
				total += 1;
		}
		prev = cur;
		cur = next;
		i += n;
		n = m;
	}
	return total;
}

/*
 * How many two-byte characters of in fall outside the common block of a
 * Chinese charset: GB2312's (lead and trail 0xA1 to 0xFE) within GBK, or
 * Big5's (lead 0xA1 to 0xF9) within HKSCS. Shift_JIS kanji read as GBK land
 * there, and Big5 read as GBK: rare characters in runs, which real
 * Chinese text seldom is.
 */
static long
rare_pairs(const char *in, size_t len, int big5)
{
	const unsigned char *p = (const unsigned char *)in;
	size_t i = 0;
	long rare = 0;

	while (i < len) {
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		if (i + 1 < len && (p[i] < 0xa1 || (big5 && p[i] > 0xf9) ||
		    (!big5 && p[i + 1] < 0xa1)))
			rare++;
		/* GB18030's four-byte forms: digit second */
		i += !big5 && i + 1 < len && p[i + 1] >= '0' && p[i + 1] <= '9' ?
		    4 : 2;
	}
	return rare;
}

/*
 * How much in looks like Latin text in Windows-1252: each accented letter
 * (0xC0 to 0xFF but × and ÷) beside an ASCII letter, as in "élève",
 * which Big5 reads as two ideographs side by side, and each of its quotes
 * and dashes beside a letter.
 */
static long
latin_score(const char *in, size_t len)
{
	const unsigned char *p = (const unsigned char *)in;
	size_t i;
	long total = 0;

	for (i = 0; i < len; i++) {
		int letter = p[i] >= 0xc0 && p[i] != 0xd7 && p[i] != 0xf7;
		/* « » “ ” ‘ ’ … – —, beside a letter of either kind:
		 * "«Déjà»", which Big5 reads as three ideographs */
		int mark = p[i] == 0xab || p[i] == 0xbb || p[i] == 0x85 ||
		    (p[i] >= 0x91 && p[i] <= 0x94) || p[i] == 0x96 ||
		    p[i] == 0x97;

		if (!letter && !mark)
			continue;
		if ((i > 0 && (ascii_letter(p[i - 1]) || (mark &&
		    p[i - 1] >= 0xc0))) || (i + 1 < len &&
		    (ascii_letter(p[i + 1]) || (mark && p[i + 1] >= 0xc0))))
			total += 2;
	}
	return total;
}

const char *
mq_mime_guess_cjk(const char *in, size_t len)
{
	/* mainland Chinese first: the most mail of the four, and the ties
	 * of text with no kana */
	static const struct {
		const char *name;
		int japanese, chinese;	/* chinese: 1 GB18030, 2 Big5 */
	} cand[] = {
		{ "GB18030", 0, 1 }, { "BIG5-HKSCS", 0, 2 }, { "CP932", 1, 0 },
		{ "EUC-JP-MS", 1, 0 },
	};
	struct mq_buf b = MQ_BUF_INIT;
	const char *best = NULL;
	long best_score, sc;
	size_t i;

	/* two CJK characters side by side at least, and more CJK than Latin */
	best_score = latin_score(in, len);
	if (best_score < 1)
		best_score = 1;

	for (i = 0; i < sizeof(cand) / sizeof(cand[0]); i++) {
		mq_buf_reset(&b);
		if (decode_strict(cand[i].name, in, len, &b) != 0)
			continue;
		sc = score(b.data, b.len, cand[i].japanese);
		if (cand[i].chinese)
			sc -= 2 * rare_pairs(in, len, cand[i].chinese == 2);
		if (sc > best_score) {
			best_score = sc;
			best = cand[i].name;
		}
	}
	mq_buf_free(&b);
	return best;
}
