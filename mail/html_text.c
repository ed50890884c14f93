/*
 * html_text.c - HTML mail bodies to plain text; see html_text.h.
 *
 * One forward pass over the bytes, no DOM: a tag is read where it starts,
 * skipped elements are tracked by counting their own open and close tags,
 * and every search only moves forward, so the work stays linear in the
 * input however broken it is.
 */
#include "html_text.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"

#define NAME_MAX_LEN	15
#define LOOKAHEAD	4096	/* bytes searched after <hr> for "From:" */

struct tag {
	char name[NAME_MAX_LEN + 1];	/* lower-cased */
	int closing, selfclosing;
	const char *id, *cls;		/* attribute values, not terminated */
	size_t idlen, clslen;
};

struct ht {
	const char *s;
	size_t n, i;
	struct mq_buf out;
	int space;		/* a collapsed space is pending */
	int pre;		/* inside <pre> */
	int stop;		/* the rest is quoted: drop it */
	char skip[NAME_MAX_LEN + 1];	/* element being dropped, or "" */
	int skipdepth;
	size_t noquote[2];	/* no '"' (0) or '\'' (1) at or after this */
};

static const char FFFD[] = "\xef\xbf\xbd";

/* ---- output ----------------------------------------------------------- */

static int
at_line_start(struct ht *h)
{
	return h->out.len == 0 || h->out.data[h->out.len - 1] == '\n';
}

static void
put(struct ht *h, const char *p, size_t n)
{
	if (h->space && !at_line_start(h))
		mq_buf_putc(&h->out, ' ');
	h->space = 0;
	mq_buf_add(&h->out, p, n);
}

static void
soft_break(struct ht *h)
{
	h->space = 0;
	if (!at_line_start(h))
		mq_buf_putc(&h->out, '\n');
}

static void
hard_break(struct ht *h)
{
	h->space = 0;
	mq_buf_putc(&h->out, '\n');
}

static void
put_cp(struct ht *h, uint32_t c)
{
	char u[4];

	if (c == 0xa0) {	/* no-break space: a plain one for commands */
		put(h, " ", 1);
		return;
	}
	if (c == 0 || (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff) {
		put(h, FFFD, 3);
	} else if (c < 0x80) {
		u[0] = (char)c;
		put(h, u, 1);
	} else if (c < 0x800) {
		u[0] = (char)(0xc0 | c >> 6);
		u[1] = (char)(0x80 | (c & 0x3f));
		put(h, u, 2);
	} else if (c < 0x10000) {
		u[0] = (char)(0xe0 | c >> 12);
		u[1] = (char)(0x80 | (c >> 6 & 0x3f));
		u[2] = (char)(0x80 | (c & 0x3f));
		put(h, u, 3);
	} else {
		u[0] = (char)(0xf0 | c >> 18);
		u[1] = (char)(0x80 | (c >> 12 & 0x3f));
		u[2] = (char)(0x80 | (c >> 6 & 0x3f));
		u[3] = (char)(0x80 | (c & 0x3f));
		put(h, u, 4);
	}
}

/* Length of the valid UTF-8 sequence at p, or 0. */
static size_t
utf8_seq(const unsigned char *p, size_t n)
{
	unsigned c = p[0];
	size_t k, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		k = 2;
	else if (c >= 0xe0 && c <= 0xef)
		k = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		k = 4;
	else
		return 0;
	if (n < k)
		return 0;
	for (i = 1; i < k; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	if ((c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] >= 0xa0) ||
	    (c == 0xf0 && p[1] < 0x90) || (c == 0xf4 && p[1] >= 0x90))
		return 0;
	return k;
}

/*
 * A space or a control character, written raw or as &#10; and the like.
 * White space shows as browsers show it: outside <pre> one collapsed
 * space, so "MOVE 3&#10;PLAY 4" stays the one line the player saw; inside,
 * a line break for LF, a tab for a tab, a space for the rest. Any other
 * control shows as nothing and is dropped.
 */
static void
white(struct ht *h, unsigned char c)
{
	if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f')
		return;
	if (!h->pre)
		h->space = 1;
	else if (c == '\n')
		hard_break(h);
	else
		put(h, c == '\t' ? "\t" : " ", 1);
}

/* ---- entities --------------------------------------------------------- */

static const struct {
	const char *name;
	uint32_t cp;
	int legacy;		/* browsers accept it without ';' */
} entities[] = {
	{ "nbsp", 0xa0, 1 }, { "amp", '&', 1 }, { "lt", '<', 1 },
	{ "gt", '>', 1 }, { "quot", '"', 1 }, { "apos", '\'', 0 },
	{ "copy", 0xa9, 1 }, { "reg", 0xae, 1 }, { "trade", 0x2122, 0 },
	{ "hellip", 0x2026, 0 }, { "mdash", 0x2014, 0 }, { "ndash", 0x2013, 0 },
	{ "lsquo", 0x2018, 0 }, { "rsquo", 0x2019, 0 }, { "ldquo", 0x201c, 0 },
	{ "rdquo", 0x201d, 0 }, { "laquo", 0xab, 1 }, { "raquo", 0xbb, 1 },
	{ "middot", 0xb7, 1 }, { "bull", 0x2022, 0 }, { "euro", 0x20ac, 0 },
	{ "yen", 0xa5, 1 }, { "pound", 0xa3, 1 }, { "cent", 0xa2, 1 },
	{ "sect", 0xa7, 1 }, { "deg", 0xb0, 1 }, { "plusmn", 0xb1, 1 },
	{ "times", 0xd7, 1 }, { "divide", 0xf7, 1 }, { "para", 0xb6, 1 },
	{ "larr", 0x2190, 0 }, { "rarr", 0x2192, 0 }, { "uarr", 0x2191, 0 },
	{ "darr", 0x2193, 0 }, { "ensp", 0x2002, 0 }, { "emsp", 0x2003, 0 },
	{ "thinsp", 0x2009, 0 }, { "shy", 0, 1 }, { "zwnj", 0, 0 },
	{ "zwj", 0, 0 }, { "lrm", 0, 0 }, { "rlm", 0, 0 },
	{ "eacute", 0xe9, 1 }, { "Eacute", 0xc9, 1 }, { "egrave", 0xe8, 1 },
	{ "agrave", 0xe0, 1 }, { "aacute", 0xe1, 1 }, { "ccedil", 0xe7, 1 },
	{ "auml", 0xe4, 1 }, { "ouml", 0xf6, 1 }, { "uuml", 0xfc, 1 },
	{ "Auml", 0xc4, 1 }, { "Ouml", 0xd6, 1 }, { "Uuml", 0xdc, 1 },
	{ "szlig", 0xdf, 1 }, { "ntilde", 0xf1, 1 }, { "oelig", 0x153, 0 },
};

/* Windows-1252 for the C1 range, as browsers read &#128; to &#159;. */
static const uint16_t c1_map[32] = {
	0x20ac, 0xfffd, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
	0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0xfffd, 0x017d, 0xfffd,
	0xfffd, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
	0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0xfffd, 0x017e, 0x0178,
};

static int
is_alnum(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9');
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* &#...; at h->i: returns 1 and advances when it was one. */
static int
entity_numeric(struct ht *h)
{
	size_t j = h->i + 2, start;
	uint32_t v = 0;
	int base = 10, d;

	if (j < h->n && (h->s[j] == 'x' || h->s[j] == 'X')) {
		base = 16;
		j++;
	}
	start = j;
	for (; j < h->n; j++) {
		d = base == 16 ? hexval(h->s[j]) :
		    (h->s[j] >= '0' && h->s[j] <= '9' ? h->s[j] - '0' : -1);
		if (d < 0)
			break;
		if (v <= 0x10ffff)	/* past that it stays invalid */
			v = v * (uint32_t)base + (uint32_t)d;
	}
	if (j == start)
		return 0;
	if (j < h->n && h->s[j] == ';')
		j++;
	h->i = j;
	if (v >= 0x80 && v <= 0x9f)
		v = c1_map[v - 0x80];
	if (v == 0)
		put(h, FFFD, 3);
	else if (v <= 0x20 || v == 0x7f)
		white(h, (unsigned char)v);
	else
		put_cp(h, v);
	return 1;
}

static int
entity_named(struct ht *h)
{
	size_t j = h->i + 1, len, k;
	int semi;

	while (j < h->n && j - h->i <= 8 && is_alnum((unsigned char)h->s[j]))
		j++;
	len = j - h->i - 1;
	semi = j < h->n && h->s[j] == ';';
	for (k = 0; k < sizeof(entities) / sizeof(entities[0]); k++) {
		if (strlen(entities[k].name) != len ||
		    strncmp(entities[k].name, h->s + h->i + 1, len) != 0)
			continue;
		if (!semi && !entities[k].legacy)
			return 0;
		if (entities[k].cp != 0)
			put_cp(h, entities[k].cp);
		h->i = j + (size_t)semi;
		return 1;
	}
	return 0;
}

static void
entity(struct ht *h)
{
	if (h->i + 1 < h->n && h->s[h->i + 1] == '#' && entity_numeric(h))
		return;
	if (entity_named(h))
		return;
	put(h, "&", 1);
	h->i++;
}

/* ---- tags ----------------------------------------------------------- */

static size_t
find_byte(struct ht *h, size_t from, char c)
{
	const char *p;

	if (from >= h->n)
		return h->n;
	p = memchr(h->s + from, c, h->n - from);
	return p != NULL ? (size_t)(p - h->s) : h->n;
}

/* The closing quote q from `from`, or n; remembers where none is left. */
static size_t
find_quote(struct ht *h, size_t from, char q)
{
	int k = q == '"' ? 0 : 1;
	size_t at;

	if (from >= h->noquote[k])
		return h->n;
	at = find_byte(h, from, q);
	if (at == h->n)
		h->noquote[k] = from;
	return at;
}

static int
is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* Attributes from j to '>': fills id and class; returns the '>' or n. */
static size_t
tag_attrs(struct ht *h, size_t j, struct tag *t)
{
	size_t ns, ne, vs, ve;

	for (;;) {
		while (j < h->n && (is_space((unsigned char)h->s[j]) ||
		    h->s[j] == '/'))
			t->selfclosing = h->s[j++] == '/';
		if (j >= h->n || h->s[j] == '>')
			return j;
		t->selfclosing = 0;
		ns = j;
		while (j < h->n && !is_space((unsigned char)h->s[j]) &&
		    h->s[j] != '=' && h->s[j] != '>' && h->s[j] != '/')
			j++;
		ne = j;
		while (j < h->n && is_space((unsigned char)h->s[j]))
			j++;
		if (j >= h->n || h->s[j] != '=')
			continue;
		j++;
		while (j < h->n && is_space((unsigned char)h->s[j]))
			j++;
		if (j < h->n && (h->s[j] == '"' || h->s[j] == '\'')) {
			vs = j + 1;
			ve = find_quote(h, vs, h->s[j]);
			if (ve == h->n)	/* unterminated: the tag ends at '>' */
				return find_byte(h, vs, '>');
			j = ve + 1;
		} else {
			vs = j;
			while (j < h->n && !is_space((unsigned char)h->s[j]) &&
			    h->s[j] != '>')
				j++;
			ve = j;
		}
		if (ne - ns == 2 && strncasecmp(h->s + ns, "id", 2) == 0) {
			t->id = h->s + vs;
			t->idlen = ve - vs;
		} else if (ne - ns == 5 &&
		    strncasecmp(h->s + ns, "class", 5) == 0) {
			t->cls = h->s + vs;
			t->clslen = ve - vs;
		}
	}
}

/* Reads the tag at h->i ('<' then '/' or a letter); 0 at end of input. */
static int
tag_read(struct ht *h, struct tag *t)
{
	size_t j = h->i + 1, k = 0, end;

	memset(t, 0, sizeof(*t));
	if (h->s[j] == '/') {
		t->closing = 1;
		j++;
	}
	for (; j < h->n && is_alnum((unsigned char)h->s[j]); j++)
		if (k < NAME_MAX_LEN) {
			char c = h->s[j];

			t->name[k++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
		}
	end = tag_attrs(h, j, t);
	if (end >= h->n) {
		h->i = h->n;	/* an unterminated tag: browsers drop it */
		return 0;
	}
	h->i = end + 1;
	return 1;
}

/* Skip the raw text of <script> and the like to its end tag. */
static void
skip_raw(struct ht *h, const char *name)
{
	size_t len = strlen(name), j = h->i;

	for (;;) {
		j = find_byte(h, j, '<');
		if (j + 1 >= h->n) {
			h->i = h->n;
			return;
		}
		if (h->s[j + 1] == '/' && j + 2 + len <= h->n &&
		    strncasecmp(h->s + j + 2, name, len) == 0 &&
		    (j + 2 + len == h->n ||
		    !is_alnum((unsigned char)h->s[j + 2 + len]))) {
			h->i = find_byte(h, j, '>');
			if (h->i < h->n)
				h->i++;
			return;
		}
		j++;
	}
}

static int
has_token(const char *v, size_t len, const char *tok)
{
	size_t i = 0, s, tl = strlen(tok);

	while (i < len) {
		while (i < len && is_space((unsigned char)v[i]))
			i++;
		s = i;
		while (i < len && !is_space((unsigned char)v[i]))
			i++;
		if (i - s == tl && strncasecmp(v + s, tok, tl) == 0)
			return 1;
	}
	return 0;
}

static int
attr_is(const char *v, size_t len, const char *want)
{
	return v != NULL && len == strlen(want) && strncmp(v, want, len) == 0;
}

static int
is_quote_block(const struct tag *t)
{
	if (strcmp(t->name, "blockquote") == 0)
		return 1;
	if (t->cls != NULL && (has_token(t->cls, t->clslen, "gmail_quote") ||
	    has_token(t->cls, t->clslen, "gmail_quote_container") ||
	    has_token(t->cls, t->clslen, "yahoo_quoted")))
		return 1;
	return t->id != NULL && t->idlen >= 12 &&
	    strncmp(t->id, "yahoo_quoted", 12) == 0;
}

/* After <hr>: does a reply header block ("From:" ...) follow? */
static int
hr_starts_header(struct ht *h)
{
	static const char *const from[] = {
		"from:", "von:", "de:", "de :",
		"\xe5\xb7\xae\xe5\x87\xba\xe4\xba\xba",	/* 差出人 */
		"\xe5\x8f\x91\xe4\xbb\xb6\xe4\xba\xba",	/* 发件人 */
		"\xe5\xaf\x84\xe4\xbb\xb6\xe8\x80\x85",	/* 寄件者 */
	};
	size_t j = h->i, lim = h->n - h->i > LOOKAHEAD ? h->i + LOOKAHEAD : h->n;
	char text[16];
	size_t k = 0, q;

	while (j < lim && k < sizeof(text)) {
		if (h->s[j] == '<') {
			/* Stop at the next <hr>: each span is looked at once. */
			if (j + 3 <= lim && strncasecmp(h->s + j + 1, "hr", 2) == 0)
				break;
			j = find_byte(h, j, '>') + 1;
		} else if (k == 0 && is_space((unsigned char)h->s[j])) {
			j++;
		} else if (k == 0 && lim - j >= 6 &&
		    strncasecmp(h->s + j, "&nbsp;", 6) == 0) {
			j += 6;
		} else {
			text[k++] = h->s[j++];
		}
	}
	for (q = 0; q < sizeof(from) / sizeof(from[0]); q++)
		if (k >= strlen(from[q]) &&
		    strncasecmp(text, from[q], strlen(from[q])) == 0)
			return 1;
	return 0;
}

static int
is_block(const char *n)
{
	static const char *const blocks[] = {
		"p", "div", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6",
		"table", "ul", "ol", "dl", "dt", "dd", "pre", "hr", "center",
		"section", "article", "header", "footer", "address", "form",
		"body", "html", "nav", "aside", "main", "figure", "caption",
	};
	size_t i;

	for (i = 0; i < sizeof(blocks) / sizeof(blocks[0]); i++)
		if (strcmp(n, blocks[i]) == 0)
			return 1;
	return 0;
}

static int
is_raw_text(const char *n)
{
	return strcmp(n, "script") == 0 || strcmp(n, "style") == 0 ||
	    strcmp(n, "title") == 0 || strcmp(n, "textarea") == 0 ||
	    strcmp(n, "xmp") == 0;
}

/* A dropped element still ends the line, as the block it was. */
static void
skip_start(struct ht *h, const char *name)
{
	soft_break(h);
	memcpy(h->skip, name, strlen(name) + 1);
	h->skipdepth = 1;
}

/* A tag while dropping an element: only count its nesting. */
static void
tag_skipping(struct ht *h, const struct tag *t)
{
	if (!t->closing && is_raw_text(t->name)) {
		skip_raw(h, t->name);
		return;
	}
	/* <head> is often left open: <body> closes it. */
	if (strcmp(h->skip, "head") == 0 && strcmp(t->name, "body") == 0) {
		h->skip[0] = '\0';
		return;
	}
	if (strcmp(t->name, h->skip) != 0)
		return;
	if (t->closing) {
		if (--h->skipdepth == 0) {
			h->skip[0] = '\0';
			soft_break(h);
		}
	} else if (!t->selfclosing) {
		h->skipdepth++;
	}
}

static void
tag_handle(struct ht *h, const struct tag *t)
{
	if (h->skip[0] != '\0') {
		tag_skipping(h, t);
		return;
	}
	if (!t->closing) {
		if (attr_is(t->id, t->idlen, "divRplyFwdMsg") ||
		    attr_is(t->id, t->idlen, "appendonsend") ||
		    (strcmp(t->name, "hr") == 0 && hr_starts_header(h))) {
			h->stop = 1;
			return;
		}
		if (is_raw_text(t->name)) {
			skip_raw(h, t->name);
			return;
		}
		if (!t->selfclosing && (strcmp(t->name, "head") == 0 ||
		    is_quote_block(t))) {
			skip_start(h, t->name);
			return;
		}
	}
	/* Browsers read a stray </br> as <br>, and so does the player. */
	if (strcmp(t->name, "br") == 0)
		hard_break(h);
	else if (is_block(t->name))
		soft_break(h);
	else if (strcmp(t->name, "td") == 0 || strcmp(t->name, "th") == 0)
		h->space = 1;
	if (strcmp(t->name, "pre") == 0)
		h->pre = !t->closing;
}

/* The byte after the "-->" that closes a comment begun before from. */
static size_t
comment_end(struct ht *h, size_t from)
{
	size_t j = from;

	for (;;) {
		j = find_byte(h, j, '>');
		if (j >= h->n)
			return h->n;
		if (j >= from + 2 && h->s[j - 1] == '-' && h->s[j - 2] == '-')
			return j + 1;
		j++;
	}
}

/* '<' at h->i: a comment, a declaration, a tag, or a literal '<'. */
static void
markup(struct ht *h)
{
	struct tag t;
	char c = h->i + 1 < h->n ? h->s[h->i + 1] : '\0';

	if (c == '!' && h->n - h->i >= 4 && memcmp(h->s + h->i, "<!--", 4) == 0) {
		h->i += 4;
		/* <!--> and <!---> are whole (empty) comments to a browser. */
		if (h->i < h->n && h->s[h->i] == '>')
			h->i++;
		else if (h->n - h->i >= 2 && memcmp(h->s + h->i, "->", 2) == 0)
			h->i += 2;
		else
			h->i = comment_end(h, h->i);
	} else if (c == '!' || c == '?' || (c == '/' && h->i + 2 < h->n &&
	    !is_alnum((unsigned char)h->s[h->i + 2]))) {
		h->i = find_byte(h, h->i, '>');
		if (h->i < h->n)
			h->i++;
	} else if (c == '/' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
		if (tag_read(h, &t))
			tag_handle(h, &t);
	} else {
		if (h->skip[0] == '\0')
			put(h, "<", 1);
		h->i++;
	}
}

/* ---- text ----------------------------------------------------------- */

static void
text_byte(struct ht *h)
{
	const unsigned char *p = (const unsigned char *)h->s + h->i;
	size_t k;

	if (*p == '\r' && h->pre) {	/* a raw CR LF is one line end */
		h->i++;
	} else if (*p <= 0x20 || *p == 0x7f) {
		white(h, *p);
		h->i++;
	} else if (*p == '&') {
		entity(h);
	} else if ((k = utf8_seq(p, h->n - h->i)) == 0) {
		put(h, FFFD, 3);
		h->i++;
	} else {
		if (k == 2 && p[0] == 0xc2 && p[1] == 0xa0)
			put(h, " ", 1);
		else
			put(h, (const char *)p, k);
		h->i += k;
	}
}

/* Trim each line, at most one blank line in a row, one final LF. */
static char *
tidy_lines(const char *s, size_t n)
{
	struct mq_buf b = MQ_BUF_INIT;
	size_t i = 0, a, e;
	int blank = 0;

	while (i < n) {
		a = i;
		while (i < n && s[i] != '\n')
			i++;
		e = i++;
		while (a < e && (s[a] == ' ' || s[a] == '\t'))
			a++;
		while (e > a && (s[e - 1] == ' ' || s[e - 1] == '\t'))
			e--;
		if (a == e) {
			blank = b.len > 0;
			continue;
		}
		if (blank)
			mq_buf_putc(&b, '\n');
		blank = 0;
		mq_buf_add(&b, s + a, e - a);
		mq_buf_putc(&b, '\n');
	}
	mq_buf_add(&b, "", 0);
	return mq_buf_steal(&b);
}

int
mq_html_to_text(const char *html, size_t len, char **out, struct mq_err *err)
{
	struct ht h;

	*out = NULL;
	memset(&h, 0, sizeof(h));
	h.s = html;
	h.n = html != NULL ? len : 0;
	h.noquote[0] = h.noquote[1] = SIZE_MAX;
	mq_buf_init(&h.out);
	while (h.i < h.n && !h.stop) {
		if (h.s[h.i] == '<')
			markup(&h);
		else if (h.skip[0] != '\0')
			h.i = find_byte(&h, h.i, '<');
		else
			text_byte(&h);
	}
	if (h.out.oom) {
		mq_buf_free(&h.out);
		return mq_fail(err, MQ_IO, "Out of memory converting HTML to text.");
	}
	*out = tidy_lines(mq_buf_str(&h.out), h.out.len);
	mq_buf_free(&h.out);
	if (*out == NULL)
		return mq_fail(err, MQ_IO, "Out of memory converting HTML to text.");
	return 0;
}
