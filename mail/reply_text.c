/*
 * reply_text.c - extract what a player wrote from the text of a reply.
 *
 * The text is cleaned (UTF-8 checked, NUL and control characters dropped)
 * and split into lines;
 * each line is classified with tests that look at a bounded part of it (a
 * prefix, a suffix, or at most ATTR_MAX bytes), and a single forward pass
 * finds the attributions and the first line from which everything is the
 * quoted view. So the work is linear whatever the input. See reply_text.h
 * for what is dropped.
 */
#include "reply_text.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "err.h"

#define L_QUOTED	0x01	/* first non-blank is '>', '|' or U+FF1E '＞' */
#define L_BLANK		0x02	/* nothing but white space */
#define L_DROP		0x04	/* part of an attribution */

#define ATTR_MAX	400	/* longest attribution we believe in, bytes */
#define ATTR_LINES	3	/* clients wrap one onto at most 3 lines */
#define HDR_WINDOW	10	/* lines (no blank) of a header block */
#define HDR_MIN		3	/* header fields that make a block */
#define USCORE_MIN	20	/* underscores in a separator rule */
#define SIG_MAX		80	/* longest mobile signature line, bytes */

struct rline {
	size_t	off;		/* start in the clean text */
	size_t	len;		/* length without trailing white space */
	size_t	lead;		/* leading blanks (space, tab) */
	unsigned flags;
};

struct rtext {
	struct mq_buf	 clean;	/* valid UTF-8, no NUL, no line ends */
	struct rline	*v;
	size_t		 n, cap;
};

/* A line's content, without leading and trailing white space. */
struct view {
	const char	*s;
	size_t		 n;
};

/* U+FF1E, the full-width '>' some Japanese clients quote with */
#define FW_GT	"\xef\xbc\x9e"

enum { END_NONE, END_EN, END_CJK, END_COLON };
enum { OPEN_NONE, OPEN_WORD, OPEN_DATE };
enum { HDR_NONE, HDR_FROM, HDR_OTHER };

/* Length of the well-formed UTF-8 sequence at p, or 0 (RFC 3629). */
static size_t
utf8_len(const unsigned char *p, size_t n)
{
	unsigned c = p[0];

	if (c < 0x80)
		return 1;
	if (c < 0xc2 || c > 0xf4)
		return 0;
	if (n < 2 || (p[1] & 0xc0) != 0x80)
		return 0;
	if (c < 0xe0)
		return 2;
	if ((c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] > 0x9f))
		return 0;	/* overlong, or a surrogate */
	if (n < 3 || (p[2] & 0xc0) != 0x80)
		return 0;
	if (c < 0xf0)
		return 3;
	if ((c == 0xf0 && p[1] < 0x90) || (c == 0xf4 && p[1] > 0x8f))
		return 0;	/* overlong, or past U+10FFFF */
	if (n < 4 || (p[3] & 0xc0) != 0x80)
		return 0;
	return 4;
}

/*
 * A character of no width (U+200B..U+200F, U+202A..U+202E, U+2060,
 * U+2066..U+2069, a BOM inside the text): a copy from a web page, a client
 * that marks the direction. Dropped from the clean text, so that a line of
 * nothing else is blank and "\u200b> a quote" is quoted (the command
 * parser drops them too: engine/words.c).
 */
static int
zero_width(const unsigned char *p)
{
	unsigned c = (unsigned)(p[0] & 0x0f) << 12 | (unsigned)(p[1] & 0x3f) << 6 |
	    (p[2] & 0x3f);

	return (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
	    c == 0x2060 || (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF;
}

/* Whether the n bytes before s + n end with a space of another width
 * (U+2000..U+200A, U+202F, U+205F): 3, or 0. */
static size_t
wide_space_before(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s + n - 3;
	unsigned c;

	if (n < 3 || p[0] != 0xe2)
		return 0;
	c = (unsigned)(p[1] & 0x3f) << 6 | (p[2] & 0x3f);
	c |= 0x2000;
	if ((p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80)
		return 0;
	return (c <= 0x200A || c == 0x202F || c == 0x205F) ? 3 : 0;
}

static size_t
trim_len(const char *s, size_t n)
{
	size_t k;

	for (;;) {
		if (n >= 1 && (s[n - 1] == ' ' || s[n - 1] == '\t' ||
		    s[n - 1] == '\v' || s[n - 1] == '\f'))
			n--;
		else if (n >= 2 && memcmp(s + n - 2, "\xc2\xa0", 2) == 0)
			n -= 2;		/* U+00A0 no-break space */
		else if (n >= 3 && memcmp(s + n - 3, "\xe3\x80\x80", 3) == 0)
			n -= 3;		/* U+3000 ideographic space */
		else if ((k = wide_space_before(s, n)) != 0)
			n -= k;
		else
			return n;
	}
}

static int
push_line(struct rtext *t, size_t off)
{
	struct rline *l;
	const char *s;
	size_t cap;

	if (t->clean.oom)
		return MQ_IO;
	if (t->n == t->cap) {
		cap = t->cap ? t->cap * 2 : 64;
		if (cap > SIZE_MAX / sizeof(*t->v))
			return MQ_IO;
		l = realloc(t->v, cap * sizeof(*t->v));
		if (l == NULL)
			return MQ_IO;
		t->v = l;
		t->cap = cap;
	}
	l = &t->v[t->n++];
	s = mq_buf_str(&t->clean) + off;
	l->off = off;
	l->len = trim_len(s, t->clean.len - off);
	for (l->lead = 0; l->lead < l->len; l->lead++)
		if (s[l->lead] != ' ' && s[l->lead] != '\t')
			break;
	l->flags = 0;
	if (l->len == 0)
		l->flags |= L_BLANK;
	else if (s[l->lead] == '>' || s[l->lead] == '|' ||
	    (l->len - l->lead >= 3 && memcmp(s + l->lead, FW_GT, 3) == 0))
		l->flags |= L_QUOTED;
	return 0;
}

/* Clean the text into t->clean and cut it into lines. */
static int
split(struct rtext *t, const char *text, size_t len)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t i = 0, run, k, start = 0;

	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	run = i;
	while (i < len) {
		if (p[i] == '\n' || p[i] == '\r' || p[i] == '\0') {
			mq_buf_add(&t->clean, p + run, i - run);
			if (p[i] != '\0') {
				if (p[i] == '\r' && i + 1 < len && p[i + 1] == '\n')
					i++;
				MQ_TRY(push_line(t, start));
				start = t->clean.len;
			}
			run = ++i;
			continue;
		}
		k = utf8_len(p + i, len - i);
		/* a control character (C0 but the tab, DEL, C1): no text a
		 * player types, and echoed in an answer it would reach the
		 * player's screen (garbage decoded from a broken base64 body) */
		if ((k == 1 && ((p[i] < 0x20 && p[i] != '\t') || p[i] == 0x7f)) ||
		    (k == 2 && p[i] == 0xc2 && p[i + 1] < 0xa0)) {
			mq_buf_add(&t->clean, p + run, i - run);
			run = i += k;
			continue;
		}
		if (k == 3 && zero_width(p + i)) {
			mq_buf_add(&t->clean, p + run, i - run);
			run = i += 3;
			continue;
		}
		if (k == 0) {
			mq_buf_add(&t->clean, p + run, i - run);
			mq_buf_add(&t->clean, "\xef\xbf\xbd", 3);
			run = ++i;
		} else
			i += k;
	}
	mq_buf_add(&t->clean, p + run, i - run);
	return push_line(t, start);
}

static struct view
view(const struct rtext *t, size_t i)
{
	const struct rline *l = &t->v[i];
	struct view v;

	v.s = mq_buf_str(&t->clean) + l->off + l->lead;
	v.n = l->len - l->lead;
	return v;
}

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* ASCII letters fold; other bytes (UTF-8 too) must be equal. */
static int
eq_ci(const char *a, const char *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (lower((unsigned char)a[i]) != lower((unsigned char)b[i]))
			return 0;
	return 1;
}

static int
starts(struct view v, const char *lit)
{
	size_t n = strlen(lit);

	return v.n >= n && eq_ci(v.s, lit, n);
}

static int
ends(struct view v, const char *lit)
{
	size_t n = strlen(lit);

	return v.n >= n && eq_ci(v.s + v.n - n, lit, n);
}

static int
equals(struct view v, const char *lit)
{
	return v.n == strlen(lit) && eq_ci(v.s, lit, v.n);
}

static int
is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int
has_byte(struct view v, int want)
{
	size_t i;

	for (i = 0; i < v.n; i++)
		if (want == '0' ? is_digit((unsigned char)v.s[i]) : v.s[i] == want)
			return 1;
	return 0;
}

/* Does any of lines a..b hold the byte (or a digit, for '0')? */
static int
span_has(const struct rtext *t, size_t a, size_t b, int want)
{
	for (; a <= b; a++)
		if (has_byte(view(t, a), want))
			return 1;
	return 0;
}

/* A line starting with our marker, after any quote prefix. */
static int
is_marker(const struct rtext *t, size_t i)
{
	struct view v = view(t, i);

	for (;;) {
		if (v.n > 0 && (*v.s == '>' || *v.s == '|' || *v.s == ' ' ||
		    *v.s == '\t')) {
			v.s++;
			v.n--;
		} else if (starts(v, FW_GT)) {
			v.s += 3;
			v.n -= 3;
		} else
			break;
	}
	return starts(v, MQ_REPLY_MARKER);
}

static int
is_sig_dash(const struct rtext *t, size_t i)
{
	return t->v[i].lead == 0 && equals(view(t, i), "--");
}

/* 1 to max words of letters, digits, '-' and '\'', an optional last '.'. */
static int
only_words(const char *s, size_t n, int max)
{
	size_t i;
	int words = 0, in = 0;
	unsigned char c;

	if (n > 0 && s[n - 1] == '.')
		n--;
	for (i = 0; i < n; i++) {
		c = (unsigned char)s[i];
		if (c == ' ') {
			in = 0;
			continue;
		}
		if (!(is_digit(c) || (lower(c) >= 'a' && lower(c) <= 'z') ||
		    c == '-' || c == '\''))
			return 0;
		if (!in)
			words++;
		in = 1;
	}
	return words >= 1 && words <= max;
}

/* Prefix must be followed by a few plain words, and nothing else. */
static int
sig_words(struct view v, const char *prefix, int max)
{
	size_t n = strlen(prefix);

	return starts(v, prefix) && only_words(v.s + n, v.n - n, max);
}

/*
 * A line a phone or mail app appends. Only when the line is nothing else:
 * "Sent from my desk, is much easier..." is a sentence, not a signature.
 */
static int
is_mobile_sig(const struct rtext *t, size_t i)
{
	static const char *apps[] = { "Sent from Mail ", "Sent from Yahoo ",
	    "Sent from Outlook", "Sent from Samsung ", "Sent from Gmail",
	    "Sent from AOL ", "Sent from Proton" };
	static const char *zh[] = { "发自我的", "發自我的", "来自我的",
	    "來自我的" };
	struct view v = view(t, i);
	size_t k, n;

	if (v.n > SIG_MAX)
		return 0;
	if (sig_words(v, "Sent from my ", 5) ||
	    sig_words(v, "Get Outlook for ", 2))
		return 1;
	n = strlen("Sent from ");
	for (k = 0; k < sizeof(apps) / sizeof(apps[0]); k++)
		if (starts(v, apps[k]) && only_words(v.s + n, v.n - n, 6))
			return 1;
	for (k = 0; k < sizeof(zh) / sizeof(zh[0]); k++)
		if (starts(v, zh[k]))
			return 1;
	if ((starts(v, "从我的") || starts(v, "從我的")) &&
	    (ends(v, "发送") || ends(v, "發送") || ends(v, "傳送")))
		return 1;
	/* "iPhoneから送信", "Androidから送信" */
	k = strlen("から送信");
	return ends(v, "から送信") && v.n > k &&
	    only_words(v.s, v.n - k, 3);
}

/* "-----Original Message-----", "---------- Forwarded message ---------"... */
static int
is_separator(const struct rtext *t, size_t i)
{
	static const char *inner[] = { "original message", "original",
	    "forwarded message", "forwarded e-mail", "message d'origine",
	    "message transféré", "ursprüngliche nachricht", "mensaje original",
	    "reply message", "原始邮件", "原始郵件", "原邮件", "转发的邮件",
	    "转发邮件信息", "轉寄的郵件", "转发邮件", "回复的原邮件",
	    "転送メッセージ", "元のメッセージ", "転送されたメッセージ" };
	static const char *whole[] = { "Begin forwarded message:",
	    "転送されたメッセージ:", "転送されたメッセージ：",
	    "以下为转发的邮件：", "以下是转发的邮件：", "转发的邮件：",
	    "Début du message réexpédié :" };
	struct view v = view(t, i);
	size_t a = 0, b = 0, k;

	for (k = 0; k < sizeof(whole) / sizeof(whole[0]); k++)
		if (equals(v, whole[k]))
			return 1;
	while (a < v.n && v.s[a] == '-')
		a++;
	while (b < v.n - a && v.s[v.n - 1 - b] == '-')
		b++;
	if (a < 2 || b < 2)
		return 0;
	v.s += a;
	v.n -= a + b;
	while (v.n > 0 && *v.s == ' ') {
		v.s++;
		v.n--;
	}
	while (v.n > 0 && v.s[v.n - 1] == ' ')
		v.n--;
	for (k = 0; k < sizeof(inner) / sizeof(inner[0]); k++)
		if (equals(v, inner[k]))
			return 1;
	return 0;
}

/* Only bytes from set, at least min of them. */
static int
made_of(struct view v, const char *set, size_t min)
{
	size_t i;

	if (v.n < min)
		return 0;
	for (i = 0; i < v.n; i++)
		if (strchr(set, v.s[i]) == NULL || v.s[i] == '\0')
			return 0;
	return 1;
}

/* "From:", "*Sent:*", "件名：", ... as in Outlook's quoted header. */
static int
header_field(struct view v)
{
	static const char *from[] = { "From", "差出人", "送信者", "发件人",
	    "發件人", "寄件者", "寄件人", "Von", "De", "Da" };
	static const char *other[] = { "Sent", "Date", "To", "Cc", "Bcc",
	    "Subject", "Reply-To", "送信日時", "日付", "日時", "宛先", "件名",
	    "发送时间", "发送日期", "时间", "時間", "日期", "收件人", "收件者",
	    "主题", "主題", "主旨", "抄送", "副本", "寄件日期", "Gesendet",
	    "Datum", "An", "Betreff", "Envoyé", "Objet", "À", "Para",
	    "Asunto", "Enviado", "Fecha", "Inviato", "Oggetto", "A" };
	struct view w;
	size_t k, n;
	int kind;

	while (v.n > 0 && *v.s == '*') {
		v.s++;
		v.n--;
	}
	for (k = 0; k < sizeof(from) / sizeof(from[0]) +
	    sizeof(other) / sizeof(other[0]); k++) {
		const char *name;

		if (k < sizeof(from) / sizeof(from[0])) {
			name = from[k];
			kind = HDR_FROM;
		} else {
			name = other[k - sizeof(from) / sizeof(from[0])];
			kind = HDR_OTHER;
		}
		if (!starts(v, name))
			continue;
		n = strlen(name);
		w.s = v.s + n;
		w.n = v.n - n;
		while (w.n > 0 && (*w.s == '*' || *w.s == ' ' || *w.s == '\t')) {
			w.s++;
			w.n--;
		}
		if (starts(w, ":") || starts(w, "："))
			return kind;
	}
	return HDR_NONE;
}

/* A block of quoted headers, From among them, starts at line i. */
static int
is_header_block(const struct rtext *t, size_t i)
{
	size_t m;
	int count = 0, from = 0, kind;

	if (header_field(view(t, i)) == HDR_NONE)
		return 0;
	for (m = i; m < t->n && m < i + HDR_WINDOW; m++) {
		if (t->v[m].flags & (L_QUOTED | L_BLANK))
			break;
		kind = header_field(view(t, m));
		if (kind != HDR_NONE)
			count++;
		if (kind == HDR_FROM)
			from = 1;
	}
	return from && count >= HDR_MIN;
}

/* How an attribution may end: "wrote:" ... or a bare colon. */
static int
ending(struct view v)
{
	static const char *en[] = { "wrote:", "wrote :", "writes:",
	    "a écrit :", "a écrit:", "schrieb:", "escribió:" };
	static const char *cjk[] = { "写道：", "写道:", "寫道：", "寫道:",
	    "書きました:", "書きました：", "のメッセージ:", "のメッセージ：",
	    "のメール:", "のメール：" };
	size_t k;

	for (k = 0; k < sizeof(en) / sizeof(en[0]); k++)
		if (ends(v, en[k]))
			return END_EN;
	for (k = 0; k < sizeof(cjk) / sizeof(cjk[0]); k++)
		if (ends(v, cjk[k]))
			return END_CJK;
	if (ends(v, ":") || ends(v, "："))
		return END_COLON;
	return END_NONE;
}

/* How an attribution may start: "On ", "在", or a date "2026年", "2026/". */
static int
opener(struct view v)
{
	static const char *words[] = { "On ", "At ", "Le ", "Am ", "El ",
	    "Op ", "在", "於", "于" };
	size_t k;

	for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (v.n >= strlen(words[k]) &&
		    memcmp(v.s, words[k], strlen(words[k])) == 0)
			return OPEN_WORD;
	if (v.n >= 5 && is_digit((unsigned char)v.s[0]) &&
	    is_digit((unsigned char)v.s[1]) && is_digit((unsigned char)v.s[2]) &&
	    is_digit((unsigned char)v.s[3])) {
		v.s += 4;
		v.n -= 4;
		if (starts(v, "年") || starts(v, "/") || starts(v, "-"))
			return OPEN_DATE;
	}
	return OPEN_NONE;
}

/*
 * Is line j the last line of an attribution? Then *first is its first
 * line, and *strong says whether it is sure enough to hold even when no
 * quote follows it (a date in it, and an opener or a CJK ending). A line
 * wrapped from an attribution must start with an opener, so that the
 * player's own line above "On ... wrote:" is never taken for part of it.
 */
static int
attribution(const struct rtext *t, size_t j, size_t *first, int *strong)
{
	struct view v = view(t, j);
	size_t k, i, total;
	int end, op;

	if ((end = ending(v)) == END_NONE || v.n > ATTR_MAX)
		return 0;
	total = v.n;
	for (k = 0; k < ATTR_LINES && k <= j; k++) {
		i = j - k;
		if (k > 0) {
			if (t->v[i].flags & (L_QUOTED | L_BLANK | L_DROP))
				break;
			total += view(t, i).n + 1;
			if (total > ATTR_MAX)
				break;
		}
		if ((op = opener(view(t, i))) == OPEN_NONE)
			continue;
		if (end == END_COLON &&
		    (op != OPEN_DATE || !span_has(t, i, j, '@')))
			continue;
		if (!span_has(t, i, j, '0'))
			continue;
		*first = i;
		*strong = 1;
		return 1;
	}
	if (end == END_COLON)
		return 0;
	*first = j;
	*strong = 0;
	if (end == END_CJK && has_byte(v, '0')) {
		/* "Alice <a@x> 于2026年11月30日\n09:20写道：" */
		*strong = 1;
		if (j > 0 && !(t->v[j - 1].flags &
		    (L_QUOTED | L_BLANK | L_DROP)) &&
		    view(t, j - 1).n + v.n < ATTR_MAX &&
		    has_byte(view(t, j - 1), '@'))
			*first = j - 1;
	}
	return 1;
}

static size_t
next_nonblank(const struct rtext *t, size_t j)
{
	for (j++; j < t->n; j++)
		if (!(t->v[j].flags & L_BLANK))
			break;
	return j;
}

/* Does line j end the player's text, everything from it on quoted? */
static int
ends_text(const struct rtext *t, size_t j)
{
	struct view v = view(t, j);

	return is_sig_dash(t, j) || is_mobile_sig(t, j) ||
	    is_separator(t, j) || made_of(v, "_", USCORE_MIN) ||
	    is_header_block(t, j);
}

/*
 * Mark attributions with L_DROP, and return the first line of the quoted
 * view that runs to the end (t->n if there is none).
 */
static size_t
classify(struct rtext *t)
{
	size_t j, first, nb, m;
	int strong, quoted_next;

	for (j = 0; j < t->n; j++) {
		/* Our own mail quoted without '>' (Outlook) ends the text; quoted
		 * with '>' it is dropped line by line like any quote, so that a
		 * bottom-poster's answer below it still counts. */
		if (is_marker(t, j) && !(t->v[j].flags & L_QUOTED))
			return j;
		if (t->v[j].flags & (L_QUOTED | L_BLANK))
			continue;
		if (ends_text(t, j))
			return j;
		if (!attribution(t, j, &first, &strong))
			continue;
		nb = next_nonblank(t, j);
		quoted_next = nb < t->n &&
		    ((t->v[nb].flags & L_QUOTED) || is_marker(t, nb));
		if (!strong && !quoted_next)
			continue;
		for (m = first; m <= j; m++)
			t->v[m].flags |= L_DROP;
		/* Quoted without '>': what follows is the quote. */
		if (!quoted_next && nb < t->n)
			return first;
	}
	return t->n;
}

static int
emit(const struct rtext *t, size_t end, struct mq_buf *out)
{
	const char *base = mq_buf_str(&t->clean);
	const struct rline *l;
	size_t i;
	int blank = 0, any = 0;

	/* A rule or blank lines just above a cut belong to the quote. */
	while (end > 0 && ((t->v[end - 1].flags &
	    (L_BLANK | L_QUOTED | L_DROP)) ||
	    made_of(view(t, end - 1), "-_=*~", 3)))
		end--;
	for (i = 0; i < end; i++) {
		l = &t->v[i];
		if (l->flags & (L_QUOTED | L_DROP))
			continue;
		if (l->flags & L_BLANK) {
			blank = any;
			continue;
		}
		if (blank)
			mq_buf_putc(out, '\n');
		if (any)
			mq_buf_putc(out, '\n');
		mq_buf_add(out, base + l->off, l->len);
		any = 1;
		blank = 0;
	}
	return out->oom ? MQ_IO : 0;
}

int
mq_reply_extract(const char *text, size_t len, char **out, struct mq_err *err)
{
	struct rtext t;
	struct mq_buf res = MQ_BUF_INIT;
	int rc;

	if (out == NULL || (text == NULL && len > 0))
		mq_fatal("mq_reply_extract: NULL argument");
	*out = NULL;
	memset(&t, 0, sizeof(t));
	mq_buf_init(&t.clean);
	rc = split(&t, text != NULL ? text : "", len);
	if (rc == 0)
		rc = emit(&t, classify(&t), &res);
	if (rc == 0 && (*out = mq_buf_steal(&res)) == NULL)
		rc = MQ_IO;
	mq_buf_free(&res);
	mq_buf_free(&t.clean);
	free(t.v);
	if (rc)
		return mq_fail(err, MQ_IO,
		    "Out of memory while extracting the text of a reply.");
	return 0;
}

const char *
mq_reply_lang_hint(const char *text)
{
	const unsigned char *p = (const unsigned char *)text;
	int kana = 0, han = 0, latin = 0, line_start = 1, quoted = 0;
	unsigned cp;

	for (; *p != '\0'; ) {
		if (*p == '\n') {
			line_start = 1;
			quoted = 0;
			p++;
			continue;
		}
		if (line_start && *p != ' ' && *p != '\t') {
			quoted = *p == '>' || strncmp((const char *)p, FW_GT,
			    3) == 0;
			line_start = 0;
		}
		if (*p < 0x80) {
			latin |= !quoted && ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z');
			p++;
			continue;
		}
		/* a three-byte sequence: the scripts looked for are all there */
		if ((*p & 0xF0) == 0xE0 && (p[1] & 0xC0) == 0x80 &&
		    (p[2] & 0xC0) == 0x80) {
			cp = (unsigned)(*p & 0x0F) << 12 |
			    (unsigned)(p[1] & 0x3F) << 6 | (p[2] & 0x3F);
			if (!quoted) {
				kana |= (cp >= 0x3041 && cp <= 0x30FF) ||
				    (cp >= 0xFF66 && cp <= 0xFF9F);
				han |= (cp >= 0x4E00 && cp <= 0x9FFF) ||
				    (cp >= 0x3400 && cp <= 0x4DBF);
			}
			p += 3;
			continue;
		}
		p++;	/* any other byte: no script of ours */
	}
	return kana ? "ja" : han ? "zh" : latin ? "en" : NULL;
}
