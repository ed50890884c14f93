/* words.c - fold and split a line of a game's command language (words.h). */
#include <string.h>

#include "engine/words.h"

/*
 * Half-width katakana U+FF66..U+FF9D (ｦ..ﾝ, as some phones and old input
 * methods type them) as the full-width U+30xx they stand for, by their order.
 */
static const unsigned short halfwidth_kana[] = {
	0x30F2, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, /* ｦｧｨｩｪｫｬｭ */
	0x30E7, 0x30C3, 0x30FC, 0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, /* ｮｯｰｱｲｳｴｵ */
	0x30AB, 0x30AD, 0x30AF, 0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, /* ｶｷｸｹｺｻｼｽ */
	0x30BB, 0x30BD, 0x30BF, 0x30C1, 0x30C4, 0x30C6, 0x30C8, 0x30CA, /* ｾｿﾀﾁﾂﾃﾄﾅ */
	0x30CB, 0x30CC, 0x30CD, 0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8, /* ﾆﾇﾈﾉﾊﾋﾌﾍ */
	0x30DB, 0x30DE, 0x30DF, 0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, /* ﾎﾏﾐﾑﾒﾓﾔﾕ */
	0x30E8, 0x30E9, 0x30EA, 0x30EB, 0x30EC, 0x30ED, 0x30EF, 0x30F3, /* ﾖﾗﾘﾙﾚﾛﾜﾝ */
};

/* The code point of the 3-byte UTF-8 sequence at s, or 0 if it is not one. */
static unsigned
utf8_3(const unsigned char *s)
{
	if ((s[0] & 0xF0) != 0xE0 || (s[1] & 0xC0) != 0x80 ||
	    (s[2] & 0xC0) != 0x80)
		return 0;
	return (unsigned)(s[0] & 0x0F) << 12 | (unsigned)(s[1] & 0x3F) << 6 |
	    (s[2] & 0x3F);
}

/*
 * The half-width katakana at s (U+FF61..U+FF9F) as the full-width character it
 * stands for, joined with a voiced or semi-voiced mark after it (ｶﾞ is ガ, ﾊﾟ
 * is パ) as one character: its code point into *cp and the bytes it took (3 or
 * 6), or 0 if s is no half-width katakana. ｡ and ､ are 。 and 、, which the
 * caller reads as spaces.
 */
static size_t
halfwidth_fold(const unsigned char *s, unsigned *cp)
{
	unsigned c = utf8_3(s), mark;

	if (c < 0xFF61 || c > 0xFF9F)
		return 0;
	switch (c) {
	case 0xFF61: *cp = 0x3002; return 3;	/* ｡ */
	case 0xFF62: *cp = 0x300C; return 3;	/* ｢ */
	case 0xFF63: *cp = 0x300D; return 3;	/* ｣ */
	case 0xFF64: *cp = 0x3001; return 3;	/* ､ */
	case 0xFF65: *cp = 0x30FB; return 3;	/* ･ */
	case 0xFF9E: *cp = 0x309B; return 3;	/* ﾞ alone */
	case 0xFF9F: *cp = 0x309C; return 3;	/* ﾟ alone */
	}
	*cp = halfwidth_kana[c - 0xFF66];
	mark = utf8_3(s + 3);
	if (mark == 0xFF9E) {
		if (*cp == 0x30A6) {		/* ｳﾞ */
			*cp = 0x30F4;
			return 6;
		}
		/* ｶ..ﾄ, but not ｯ (U+30C3 among them), which takes none */
		if ((*cp >= 0x30AB && *cp <= 0x30C8 && *cp != 0x30C3) ||
		    (*cp >= 0x30CF && *cp <= 0x30DB)) {	/* ﾊ..ﾎ */
			*cp += 1;
			return 6;
		}
	} else if (mark == 0xFF9F && *cp >= 0x30CF && *cp <= 0x30DB) {
		*cp += 2;			/* ﾊﾟ..ﾎﾟ */
		return 6;
	}
	return 3;
}

/*
 * What a character a player cannot see is to a command: 1 for a space of
 * another width (U+2000..U+200A, the narrow no-break space U+202F, U+205F:
 * a word processor's or a phone's), 2 for one of no width at all (U+200B..
 * U+200F, U+202A..U+202E, U+2060, U+2066..U+2069, a BOM inside the text:
 * a copy from a web page, a client that marks the direction), which goes;
 * 0 for any other. Read as written, "PLACE\u2002blue" or "\u200bPLACE
 * blue" was refused with a sentence quoting what looks like a command.
 */
static size_t
invisible(unsigned cp)
{
	if ((cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F || cp == 0x205F)
		return 1;
	if ((cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
	    cp == 0x2060 || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF)
		return 2;
	return 0;
}

static void fold(const char *in, char *out, size_t n, int lower);

void
mq_words_fold(const char *in, char *out, size_t n)
{
	fold(in, out, n, 1);
}

void
mq_words_fold_case(const char *in, char *out, size_t n)
{
	fold(in, out, n, 0);
}

/* Fold full-width ASCII (U+FF01..U+FF5E) to ASCII, half-width katakana to
 * full-width, U+3000, 、, 。, the no-break space (a command copied from the
 * HTML part: "SET LANG" is held whole there), the other spaces and commas
 * to spaces, drop the characters of no width (invisible), and
 * ASCII letters to lower case (unless !lower: a word quoted as written);
 * a line's last '.', '!' or '?' goes (a player ends a sentence: "DANCER
 * bard.", "ダンサー 吟遊詩人。"; no name or time ends with one). Never
 * lengthens the text. */
static void
fold(const char *in, char *out, size_t n, int lower)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t o = 0, k;
	unsigned cp;

	while (*s && o + 4 < n) {
		if (s[0] == 0xEF && (s[1] == 0xBC || s[1] == 0xBD) && s[2] >= 0x80 &&
		    s[2] <= 0xBF) {
			cp = 0xF000u | (unsigned)(s[1] & 0x3F) << 6 | (s[2] & 0x3F);

			if (cp >= 0xFF01 && cp <= 0xFF5E) {
				char c = (char)(cp - 0xFF01 + 0x21);

				if (c == ',')
					c = ' ';
				out[o++] = (lower && c >= 'A' && c <= 'Z') ?
				    (char)(c + 32) : c;
				s += 3;
				continue;
			}
		}
		if ((k = halfwidth_fold(s, &cp)) != 0) {
			s += k;
			if (cp == 0x3001 || cp == 0x3002) {
				out[o++] = ' ';		/* ､ ｡ as 、 。 */
				continue;
			}
			out[o++] = (char)(0xE0 | cp >> 12);
			out[o++] = (char)(0x80 | (cp >> 6 & 0x3F));
			out[o++] = (char)(0x80 | (cp & 0x3F));
			continue;
		}
		if (s[0] == 0xE3 && s[1] == 0x80 && s[2] >= 0x80 && s[2] <= 0x82) {
			out[o++] = ' ';		/* ideographic space, 、, 。 */
			s += 3;
			continue;
		}
		if (s[0] == 0xC2 && s[1] == 0xA0) {
			out[o++] = ' ';		/* no-break space */
			s += 2;
			continue;
		}
		if ((cp = utf8_3(s)) != 0 && (k = invisible(cp)) != 0) {
			if (k == 1)
				out[o++] = ' ';
			s += 3;
			continue;
		}
		if (*s == ',' || *s == '\t' || *s == '\r' || *s == '\n' ||
		    *s == '\v' || *s == '\f')
			out[o++] = ' ';
		else
			out[o++] = (lower && *s >= 'A' && *s <= 'Z') ?
			    (char)(*s + 32) : (char)*s;
		/* a character whole: the text is cut (n) only between two,
		 * and a cut one is no UTF-8 to quote back (o + 4 < n left
		 * room for its 4 bytes at most) */
		if (*s++ >= 0xC0)
			for (k = 0; k < 3 && (*s & 0xC0) == 0x80; k++)
				out[o++] = (char)*s++;
	}
	while (o > 0 && out[o - 1] == ' ')
		o--;
	while (o > 0 && (out[o - 1] == '.' || out[o - 1] == '!' ||
	    out[o - 1] == '?'))
		o--;
	out[o] = '\0';
}

/*
 * A word longer than any name a game has (MQ_WORD_LONG bytes) can only be
 * refused, and a refusal quotes it: cut it, at a character's start, to
 * MQ_WORD_SHOWN bytes and "…", so the sentence stays whole and readable.
 */
#define MQ_WORD_LONG	64
#define MQ_WORD_SHOWN	40

static void
shorten(char *w, size_t len)
{
	size_t k = MQ_WORD_SHOWN;

	if (len <= MQ_WORD_LONG)
		return;
	while (k > 0 && ((unsigned char)w[k] & 0xc0) == 0x80)
		k--;
	memcpy(w + k, "\xe2\x80\xa6", 4);	/* "…" and its NUL */
}

int
mq_words_split(char *buf, char **tok, int max)
{
	int n = 0;
	char *p = buf;

	for (;;) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			return n;
		if (n == max)
			return -1;
		tok[n++] = p;
		while (*p && *p != ' ')
			p++;
		if (*p)
			*p++ = '\0';
		shorten(tok[n - 1], strlen(tok[n - 1]));
	}
}

int
mq_words_split_kw(char *buf, char **tok, int max,
    int (*is_kw)(const void *ctx, const char *word), const void *ctx)
{
	int n = mq_words_split(buf, tok, max), i, kw = 0;
	char *colon;

	for (i = 0; i < n; i++) {
		if (strcmp(tok[i], ":") == 0 && kw) {
			/* "DANCER : bard": the colon alone, after a keyword */
			memmove(&tok[i], &tok[i + 1], (size_t)(n - i - 1) * sizeof(*tok));
			n--;
			i--;
			kw = 0;
			continue;
		}
		kw = 0;
		if ((colon = strchr(tok[i], ':')) == NULL || colon == tok[i]) {
			kw = is_kw(ctx, tok[i]);
			continue;
		}
		*colon = '\0';
		if (!is_kw(ctx, tok[i])) {
			*colon = ':';	/* not a keyword's: 12:30 */
			continue;
		}
		if (colon[1] == '\0')
			continue;	/* "DANCER: bard" */
		/* "dancer:bard": the rest is the next word */
		if (n == max)
			return -1;
		memmove(&tok[i + 2], &tok[i + 1], (size_t)(n - i - 1) * sizeof(*tok));
		tok[i + 1] = colon + 1;
		n++;
	}
	return n;
}

/* The length of a list's mark that w starts with ("1.", "2)", "(3)",
 * "-", "*", "•", "・": a player who numbers or bullets the moves of a
 * reply), or 0. A number alone is none: "1 move left" is prose. */
static size_t
list_mark(const char *w)
{
	static const char *const marks[] = { "-", "*", "+", "\xe2\x80\xa2",
	    "\xe3\x83\xbb", "\xc2\xb7" };
	const char *p = w;
	size_t i, d;

	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (strncmp(w, marks[i], strlen(marks[i])) == 0)
			return strlen(marks[i]);
	if (*p == '(')
		p++;
	for (d = 0; p[d] >= '0' && p[d] <= '9'; d++)
		;
	if (d == 0 || d > 3)
		return 0;
	p += d;
	if (*p == '.' || *p == ')')
		return (size_t)(p + 1 - w);
	return 0;
}

#define MQ_WORDS_CUTS	16

/*
 * Where to cut w (len bytes, a word written in Japanese or Chinese) into
 * the game's words (keywords and names, is_kw and is_name) and runs of
 * Latin letters, digits and marks (a player, 12:30, cw): the longest word
 * of the game first at each place. The cuts into cuts, their number; 0
 * when w is one word already, starts in Latin letters ("MOVEccw" is a
 * space lost, a typo told as one), or holds a part that is no word of the
 * game ("计划好了": prose, as people chat).
 */
static int
cjk_cuts(const char *w, size_t len,
    int (*is_kw)(const void *ctx, const char *word),
    int (*is_name)(const void *ctx, const char *word), const void *ctx,
    size_t *cuts)
{
	char pre[64];		/* MQ_WORD_LONG: a longer word is quoted cut */
	size_t pos = 0, k, best;
	int n = 0;

	if (len == 0 || len >= sizeof(pre) || (unsigned char)w[0] < 0x80)
		return 0;
	while (pos < len) {
		best = 0;
		if ((unsigned char)w[pos] < 0x80) {
			for (k = pos; k < len && (unsigned char)w[k] < 0x80; k++)
				;
			best = k;
		} else {
			for (k = pos + 1; k <= len; k++) {
				if (k < len && ((unsigned char)w[k] & 0xc0) == 0x80)
					continue;	/* inside a character */
				memcpy(pre, w + pos, k - pos);
				pre[k - pos] = '\0';
				if (is_kw(ctx, pre) || is_name(ctx, pre))
					best = k;
			}
			if (best == 0)
				return 0;
		}
		if (best < len) {
			if (n == MQ_WORDS_CUTS)
				return 0;
			cuts[n++] = best;
		}
		pos = best;
	}
	return n;
}

/*
 * Japanese and Chinese are written without spaces: a word run together
 * from the game's words ("挑战yui", "使用进行曲", "出牌吓唬目标p1时间12:30")
 * is parted into them, in place in buf (n bytes), past a list's mark.
 */
static void
part_cjk_words(char *buf, char *kept, size_t n,
    int (*is_kw)(const void *ctx, const char *word),
    int (*is_name)(const void *ctx, const char *word), const void *ctx)
{
	char *p = buf, *end;
	size_t len, total, mark, cuts[MQ_WORDS_CUTS];
	int first = 1, ncut, c;

	for (;;) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			return;
		for (end = p; *end && *end != ' '; end++)
			;
		len = (size_t)(end - p);
		/* "・使用进行曲", "1.使用进行曲": past the list's mark */
		mark = first ? list_mark(p) : 0;
		if (mark > len)
			mark = 0;
		ncut = cjk_cuts(p + mark, len - mark, is_kw, is_name, ctx, cuts);
		total = strlen(buf);
		if (ncut > 0 && total + (size_t)ncut < n) {
			/* from the last cut back: the earlier ones stay put */
			for (c = ncut - 1; c >= 0; c--) {
				char *at = p + mark + cuts[c];

				memmove(at + 1, at, total - (size_t)(at - buf) + 1);
				*at = ' ';
				if (kept != NULL) {	/* the same space */
					char *kat = kept + (at - buf);

					memmove(kat + 1, kat, total -
					    (size_t)(at - buf) + 1);
					*kat = ' ';
				}
				total++;
			}
			end += ncut;
		}
		p = end;
		first = 0;
	}
}

int
mq_words_line(const char *line, char *buf, size_t n, char **tok, int max,
    int (*is_kw)(const void *ctx, const char *word),
    int (*is_name)(const void *ctx, const char *word), const void *ctx,
    int *ntok, struct mq_err *err)
{
	return mq_words_line_kept(line, buf, NULL, n, tok, max, is_kw, is_name,
	    ctx, ntok, err);
}

int
mq_words_line_kept(const char *line, char *buf, char *kept, size_t n,
    char **tok, int max, int (*is_kw)(const void *ctx, const char *word),
    int (*is_name)(const void *ctx, const char *word), const void *ctx,
    int *ntok, struct mq_err *err)
{
	size_t mark;

	if (strlen(line) >= n / 2)
		return mq_fail(err, MQ_REFUSED, "That line is too long to be a "
		    "command.");
	mq_words_fold(line, buf, n);
	if (kept != NULL)
		mq_words_fold_case(line, kept, n);
	if (is_name != NULL)
		part_cjk_words(buf, kept, n, is_kw, is_name, ctx);
	if ((*ntok = mq_words_split_kw(buf, tok, max, is_kw, ctx)) < 0)
		return mq_fail(err, MQ_REFUSED, "That line has too many words to be "
		    "a command.");
	if (*ntok == 0)
		return mq_fail(err, MQ_REFUSED, "That line is empty.");
	/* "1. PLACE blue", "- PLAY jest", "・PLACE blue": the line after the
	 * mark (a typo of a command too: "1. MOEV cw"); glued to a word, only
	 * to a command's ("・PLACE", not "-ish") */
	if ((mark = list_mark(tok[0])) == 0)
		return 0;
	if (tok[0][mark] == '\0' && *ntok >= 2) {
		memmove(&tok[0], &tok[1], (size_t)(*ntok - 1) * sizeof(*tok));
		(*ntok)--;
	} else if (tok[0][mark] != '\0' && is_kw(ctx, tok[0] + mark))
		tok[0] += mark;
	return 0;
}

void
mq_words_first(const char *line, char *out, size_t n)
{
	char *w = out, *end;

	/* folded as the parser folds it, the case aside: the same first
	 * word (a keyword's colon splits only a command's, never quoted) */
	fold(line, out, n, 0);
	while (*w == ' ')
		w++;
	/* past a list's mark standing alone, as mq_words_line reads it */
	if ((end = strchr(w, ' ')) != NULL && list_mark(w) == (size_t)(end - w) &&
	    end[strspn(end, " ")] != '\0')
		w = end + strspn(end, " ");
	if ((end = strchr(w, ' ')) != NULL)
		*end = '\0';
	memmove(out, w, strlen(w) + 1);
	shorten(out, strlen(out));
}

/* The length of tok[i..] apart by single spaces that s (up to e) is, and
 * *last the last word of them; 0 when s is not that. */
static int
words_are(const char *s, const char *e, char *const *tok, int ntok, int i,
    int *last)
{
	size_t len;

	for (; i < ntok; i++) {
		len = strlen(tok[i]);
		if ((size_t)(e - s) < len || memcmp(s, tok[i], len) != 0)
			return 0;
		s += len;
		if (s == e) {
			*last = i;
			return 1;
		}
		if (*s++ != ' ')
			return 0;
	}
	return 0;
}

void
mq_words_requote(const char *kept, const char *buf, char *const *tok,
    int ntok, struct mq_err *err)
{
	char *q, *e, *at;
	const char *w;
	int i, k, last = -1;
	size_t b, len;

	if (err == NULL)
		return;
	for (q = strchr(err->msg, '"'); q != NULL && (e = strchr(q + 1, '"')) !=
	    NULL; q = strchr(e + 1, '"')) {
		for (i = 0; i < ntok; i++)
			if (words_are(q + 1, e, tok, ntok, i, &last))
				break;
		if (i == ntok)
			continue;
		for (at = q + 1, k = i; k <= last; k++) {
			len = strlen(tok[k]);
			w = kept + (tok[k] - buf);
			/* a long word's "…" is no letter: the case stops there */
			for (b = 0; b < len && w[b] != '\0'; b++)
				if (w[b] >= 'A' && w[b] <= 'Z' && w[b] + 32 == at[b])
					at[b] = w[b];
			at += len + 1;
		}
	}
}

int
mq_words_capitals(const char *line)
{
	char w[MQ_WORDS_FIRST];
	const char *p;
	int upper = 0;

	mq_words_first(line, w, sizeof(w));
	for (p = w; *p != '\0'; p++) {
		if (*p >= 'a' && *p <= 'z')
			return 0;
		upper |= *p >= 'A' && *p <= 'Z';
	}
	return upper;
}

int
mq_words_sentence(const char *line)
{
	static const char *const ends[] = { "!", "?", "\xef\xbc\x81",
	    "\xef\xbc\x9f" };
	static const char *const commas[] = { ",", "\xef\xbc\x8c",
	    "\xe3\x80\x81" };
	const char *p = line, *e;
	size_t i, n;

	while (*p == ' ' || *p == '\t')
		p++;
	while (*p != '\0' && *p != ' ' && *p != '\t' && *p != ',' &&
	    (unsigned char)*p < 0xe0)
		p++;
	/* after the first word (a wide mark ends it too) */
	for (i = 0; i < sizeof(commas) / sizeof(commas[0]); i++)
		if (strncmp(p, commas[i], strlen(commas[i])) == 0)
			return 1;
	for (e = line + strlen(line); e > line && (e[-1] == ' ' ||
	    e[-1] == '\t' || e[-1] == '\r'); e--)
		;
	for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		n = strlen(ends[i]);
		if ((size_t)(e - line) >= n && memcmp(e - n, ends[i], n) == 0)
			return 1;
	}
	return 0;
}

static int
lower_ascii(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/*
 * The characters of s, ASCII letters lowered, into cp (at most 64); how
 * many, or -1 when there are more. A byte that starts no character is one
 * of its own: a word is compared as typed, well formed or not.
 */
static int
code_points(const char *s, unsigned cp[64])
{
	const unsigned char *u = (const unsigned char *)s;
	int n = 0, k, len;

	while (*u) {
		if (n == 64)
			return -1;
		len = *u >= 0xF0 ? 4 : *u >= 0xE0 ? 3 : *u >= 0xC0 ? 2 : 1;
		cp[n] = len == 1 ? (unsigned)lower_ascii(*u) : *u & (0x7F >> len);
		for (k = 1; k < len && (u[k] & 0xC0) == 0x80; k++)
			cp[n] = cp[n] << 6 | (u[k] & 0x3F);
		u += k;
		n++;
	}
	return n;
}

int
mq_words_distance(const char *a, const char *b)
{
	/* three rows of the optimal string alignment table: enough for a
	 * swap, which looks two back */
	int row[3][65], *r2, *r1, *r0, i, j, v;
	unsigned ca[64], cb[64];
	int la = code_points(a, ca), lb = code_points(b, cb);

	if (la < 0 || lb < 0)
		return 99;
	for (j = 0; j <= lb; j++)
		row[1][j] = j;
	r2 = row[0];
	r1 = row[1];
	r0 = row[2];
	for (i = 1; i <= la; i++) {
		r0[0] = i;
		for (j = 1; j <= lb; j++) {
			v = r1[j - 1] + (ca[i - 1] != cb[j - 1]);
			if (r1[j] + 1 < v)
				v = r1[j] + 1;
			if (r0[j - 1] + 1 < v)
				v = r0[j - 1] + 1;
			if (i > 1 && j > 1 && ca[i - 1] == cb[j - 2] &&
			    ca[i - 2] == cb[j - 1] && r2[j - 2] + 1 < v)
				v = r2[j - 2] + 1;
			r0[j] = v;
		}
		/* roll the rows: this one is the one before next */
		{
			int *t = r2;

			r2 = r1;
			r1 = r0;
			r0 = t;
		}
	}
	return r1[lb];
}

/* n ASCII letters and nothing else (n >= 1). */
static int
letters(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (lower_ascii((unsigned char)s[i]) < 'a' ||
		    lower_ascii((unsigned char)s[i]) > 'z')
			return 0;
	return n > 0;
}

int
mq_words_near(const char *word, const char *cmd)
{
	char w[65];
	size_t lw = strlen(word), lc = strlen(cmd), shorter;
	int d;

	if (lw > 0 && word[lw - 1] == ':')	/* "MOEV: cw" */
		lw--;
	if (lw >= sizeof(w) || !letters(word, lw) || !letters(cmd, lc))
		return 0;
	memcpy(w, word, lw);
	w[lw] = '\0';
	/* the shorter word sets the reach: "please" is two from "place", and
	 * reads as prose, not as PLACE mistyped */
	shorter = lw < lc ? lw : lc;
	if (shorter < 3)
		return 0;
	d = mq_words_distance(w, cmd);
	return d > 0 && d <= (shorter <= 5 ? 1 : 2);
}
