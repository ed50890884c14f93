/*
 * mustache.c - the Mustache templates engine every outgoing mail goes
 * through; see mustache.h.
 *
 * A template is parsed once into a flat list of tokens (text, variable,
 * section, partial); a section token records where its body ends, so
 * rendering is a walk over index ranges. Standalone lines are resolved
 * while parsing, partial indentation by indenting the partial's source (as
 * the spec does). A parsed template keeps its own copy of the source, so
 * it can be kept and rendered again and again; so can a partial set, which
 * parses each partial once per indentation for as long as it lives (one
 * render, for mq_mustache_render). Names are split at their first dot and
 * hashed while parsing, so a lookup is hash lookups only; what the root
 * answers to each tag is remembered for the render. The data are jansson
 * values or decorate's own (mval.h), which print alike. Everything is
 * linear in the template and the output.
 */
#include "mustache.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "err.h"
#include "mail/mval.h"

enum tok_type {
	TK_TEXT,
	TK_VAR,			/* {{x}}: HTML-escaped */
	TK_RAW,			/* {{{x}}} and {{&x}} */
	TK_SECTION,
	TK_INVERTED,
	TK_PARTIAL,
};

struct tok {
	enum tok_type type;
	const char *s;		/* the text, or the name */
	size_t len;
	const char *indent;	/* partials: a standalone tag's indentation */
	size_t indentlen;
	size_t skip;		/* sections: the index just past the body */
	size_t pos;		/* offset in the source, for error lines */
	size_t head;		/* names: the length of the first key */
	uint32_t hash;		/* names: mv_hash of the first key */
	int dot;		/* names: the name is "." */
};

struct tmpl {
	struct tok *toks;
	size_t n;
	size_t cap;
};

struct parser {
	const char *src;
	size_t len;
	const char *label;	/* "the template", "partial \"x\"" */
	const char *open;	/* current delimiters: static or in src */
	size_t olen;
	const char *close;
	size_t clen;
	struct tmpl *t;
	size_t *stack;		/* token indices of the open sections */
	size_t depth;
	size_t stackcap;
	struct mq_err *err;
};

struct mq_mustache {
	char *src;		/* the tokens point into it */
	struct tmpl t;
};

/* One partial at one indentation, parsed (or known to be missing). */
struct pcache {
	struct pcache *next;
	char *name;
	size_t namelen;
	char *indent;
	size_t indentlen;
	int missing;
	struct mq_mustache m;
};

struct mq_mustache_partials {
	mq_mustache_source_fn source;
	void *ctx;
	struct pcache *list;	/* only whole entries: a failed load adds none */
	/*
	 * The root lookups' memo, kept for the next render: an entry counts
	 * only for the render whose gen it has, so none is ever cleared.
	 */
	struct memo *memo;
	unsigned gen;
	int nomemo;		/* a set for one render: not worth a memo */
};

/*
 * A value in the data: decorate's (mval.h), or a jansson one; neither
 * when a name finds nothing.
 */
struct tv {
	const struct mv *m;	/* never an MV_JSON: that one's j is used */
	const json_t *j;
};

/*
 * The root context's answer for one tag: the root does not change during a
 * render, and most tags that reach it (flags such as is_<type>, checked
 * for every event) ask it again and again.
 */
struct memo {
	const struct tok *tk;
	struct tv v;		/* nothing: the root has no such key */
	unsigned gen;		/* the render it belongs to */
};

#define MEMO	1024		/* a power of two; kept at most 3/4 full */

struct render {
	struct mq_buf out;
	struct tv *ctx;		/* the context stack, innermost last */
	size_t nctx;
	size_t capctx;
	struct memo *memo;	/* the set's, or NULL: no memo */
	unsigned gen;
	size_t nmemo;
	struct mq_mustache_partials *parts;	/* may be NULL: no partials */
	int depth;
	int pdepth;
	const struct tok *in;	/* the partial being rendered, or NULL */
	size_t steps;		/* tokens rendered so far */
	struct mq_err *err;
};

/* Names are clipped in messages so one sentence stays one line. */
#define NAMEMAX	60
#define CLIP(n)	((int)((n) > NAMEMAX ? NAMEMAX : (n)))

static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/*
 * memmem is a GNU extension; delimiters are short (set_delims refuses one
 * over MQ_MUSTACHE_MAX_DELIM bytes), so a memchr for the first byte then a
 * memcmp stays linear.
 */
static const char *
find(const char *hay, size_t hlen, const char *needle, size_t nlen)
{
	const char *p = hay, *end = hay + hlen;

	while (nlen <= (size_t)(end - p) &&
	    (p = memchr(p, needle[0], (size_t)(end - p) - nlen + 1)) != NULL) {
		if (memcmp(p, needle, nlen) == 0)
			return p;
		p++;
	}
	return NULL;
}

static size_t
line_of(const char *src, size_t pos)
{
	size_t i, line = 1;

	for (i = 0; i < pos; i++)
		if (src[i] == '\n')
			line++;
	return line;
}

static int
oom(struct mq_err *err)
{
	return mq_fail(err, MQ_IO, "Out of memory while rendering a template");
}

/*
 * Make room for element n of an array of cap elements of size bytes:
 * returns the array, moved perhaps, or NULL (then p is still valid).
 */
static void *
grow(void *p, size_t *cap, size_t n, size_t size)
{
	size_t ncap;
	void *np;

	if (n < *cap)
		return p;
	ncap = *cap ? *cap * 2 : 16;
	if (ncap > (size_t)-1 / size)
		return NULL;
	if ((np = realloc(p, ncap * size)) == NULL)
		return NULL;
	*cap = ncap;
	return np;
}

static void
tmpl_free(struct tmpl *t)
{
	free(t->toks);
	t->toks = NULL;
	t->n = t->cap = 0;
}

static int
push_tok(struct parser *ps, enum tok_type type, size_t start, size_t len,
    size_t pos)
{
	struct tok *tk;

	if ((tk = grow(ps->t->toks, &ps->t->cap, ps->t->n,
	    sizeof(*tk))) == NULL)
		return oom(ps->err);
	ps->t->toks = tk;
	tk = &ps->t->toks[ps->t->n++];
	memset(tk, 0, sizeof(*tk));
	tk->type = type;
	tk->s = ps->src + start;
	tk->len = len;
	tk->pos = pos;
	return 0;
}

/* The last token is a name (checked): note where its first key ends. */
static void
split_name(struct parser *ps)
{
	struct tok *tk = &ps->t->toks[ps->t->n - 1];
	const char *dot;

	tk->dot = tk->len == 1 && tk->s[0] == '.';
	dot = tk->dot ? NULL : memchr(tk->s, '.', tk->len);
	tk->head = dot != NULL ? (size_t)(dot - tk->s) : tk->len;
	tk->hash = mv_hash(tk->s, tk->head);
}

/*
 * Find the close delimiter at or after from; with ch, only one directly
 * preceded by ch inside the tag ("}" for {{{x}}}, "=" for {{=a b=}}).
 */
static const char *
find_close(struct parser *ps, size_t from, char ch)
{
	const char *end = ps->src + ps->len, *p = ps->src + from, *q;

	for (;;) {
		q = find(p, (size_t)(end - p), ps->close, ps->clen);
		if (q == NULL || ch == 0)
			return q;
		if (q > ps->src + from && q[-1] == ch)
			return q;
		p = q + 1;
	}
}

/* Trim [*s, *e) of white space. */
static void
trim(const char *src, size_t *s, size_t *e)
{
	while (*s < *e && is_space(src[*s]))
		(*s)++;
	while (*e > *s && is_space(src[*e - 1]))
		(*e)--;
}

/*
 * A name is "." or dot-separated non-empty keys, without white space;
 * partial names only need to be non-empty without white space.
 */
static int
check_name(struct parser *ps, size_t s, size_t e, int dotted, size_t tag)
{
	const char *p = ps->src + s;
	size_t i, n = e - s;

	if (n == 0)
		return mq_fail(ps->err, MQ_REFUSED,
		    "%s has a tag without a name on line %zu",
		    ps->label, line_of(ps->src, tag));
	for (i = 0; i < n; i++)
		if (is_space(p[i]))
			goto bad;
	if (!dotted || (n == 1 && p[0] == '.'))
		return 0;
	if (p[0] == '.' || p[n - 1] == '.' || find(p, n, "..", 2) != NULL)
		goto bad;
	return 0;
bad:
	return mq_fail(ps->err, MQ_REFUSED,
	    "%s has an invalid tag name \"%.*s\" on line %zu",
	    ps->label, CLIP(n), p, line_of(ps->src, tag));
}

/* {{=<% %>=}}: content is [s, e); two delimiters without spaces or '='. */
static int
set_delims(struct parser *ps, size_t s, size_t e, size_t tag)
{
	const char *src = ps->src;
	size_t a, b, c;

	trim(src, &s, &e);
	for (a = s; a < e && !is_space(src[a]); a++)
		;
	for (b = a; b < e && is_space(src[b]); b++)
		;
	for (c = b; c < e && !is_space(src[c]); c++)
		;
	if (a == s || b == e || c != e ||
	    memchr(src + s, '=', a - s) != NULL ||
	    memchr(src + b, '=', e - b) != NULL)
		return mq_fail(ps->err, MQ_REFUSED,
		    "%s has an invalid set-delimiter tag on line %zu",
		    ps->label, line_of(src, tag));
	/* find() is linear only for short delimiters (the spec's are 2-3). */
	if (a - s > MQ_MUSTACHE_MAX_DELIM || e - b > MQ_MUSTACHE_MAX_DELIM)
		return mq_fail(ps->err, MQ_REFUSED,
		    "%s sets a delimiter longer than %d bytes on line %zu",
		    ps->label, MQ_MUSTACHE_MAX_DELIM, line_of(src, tag));
	ps->open = src + s;
	ps->olen = a - s;
	ps->close = src + b;
	ps->clen = e - b;
	return 0;
}

static int
open_section(struct parser *ps, enum tok_type type, size_t s, size_t e,
    size_t tag)
{
	size_t *stack;

	MQ_TRY(check_name(ps, s, e, 1, tag));
	if ((stack = grow(ps->stack, &ps->stackcap, ps->depth,
	    sizeof(*stack))) == NULL)
		return oom(ps->err);
	ps->stack = stack;
	ps->stack[ps->depth++] = ps->t->n;
	MQ_TRY(push_tok(ps, type, s, e - s, tag));
	split_name(ps);
	return 0;
}

static int
close_section(struct parser *ps, size_t s, size_t e, size_t tag)
{
	struct tok *open;

	MQ_TRY(check_name(ps, s, e, 1, tag));
	if (ps->depth == 0)
		return mq_fail(ps->err, MQ_REFUSED,
		    "%s closes section \"%.*s\" on line %zu, but no section "
		    "is open", ps->label, CLIP(e - s), ps->src + s,
		    line_of(ps->src, tag));
	open = &ps->t->toks[ps->stack[ps->depth - 1]];
	if (open->len != e - s || memcmp(open->s, ps->src + s, e - s) != 0)
		return mq_fail(ps->err, MQ_REFUSED,
		    "%s closes section \"%.*s\" on line %zu, but the open "
		    "section is \"%.*s\" from line %zu", ps->label,
		    CLIP(e - s), ps->src + s, line_of(ps->src, tag),
		    CLIP(open->len), open->s, line_of(ps->src, open->pos));
	open->skip = ps->t->n;
	ps->depth--;
	return 0;
}

/*
 * A tag that may stand alone does so when only spaces and tabs share its
 * line: then the line, indentation and line end included, is dropped.
 * text is where the pending text starts (just past the previous tag, or
 * past a line a standalone tag removed). On success *lead is where the
 * indentation starts and *next is just past the line end.
 */
static int
standalone(struct parser *ps, size_t text, size_t tag, size_t tagend,
    size_t *lead, size_t *next)
{
	const char *src = ps->src;
	size_t p = tag, q = tagend;

	while (p > text && (src[p - 1] == ' ' || src[p - 1] == '\t'))
		p--;
	if (p != 0 && src[p - 1] != '\n')
		return 0;
	while (q < ps->len && (src[q] == ' ' || src[q] == '\t'))
		q++;
	if (q < ps->len && src[q] == '\n')
		q++;
	else if (q + 1 < ps->len && src[q] == '\r' && src[q + 1] == '\n')
		q += 2;
	else if (q != ps->len)
		return 0;
	*lead = p;
	*next = q;
	return 1;
}

/*
 * The tag whose open delimiter is at tag. *text is where the pending text
 * starts; it is moved past the tag (and past its line, if standalone).
 */
static int
parse_tag(struct parser *ps, size_t tag, size_t *text)
{
	const char *src = ps->src, *q;
	size_t after = tag + ps->olen, s, e, tagend, lead, next;
	char type = after < ps->len ? src[after] : '\0';

	switch (type) {
	case '{':
	case '=':
		q = find_close(ps, after + 1, type == '{' ? '}' : '=');
		s = after + 1;
		e = q != NULL ? (size_t)(q - src) - 1 : 0;
		break;
	case '!': case '#': case '^': case '/': case '>': case '&':
		q = find_close(ps, after + 1, 0);
		s = after + 1;
		e = q != NULL ? (size_t)(q - src) : 0;
		break;
	case '<': case '$':
		return mq_fail(ps->err, MQ_REFUSED,
		    "%s uses an unsupported inheritance tag on line %zu",
		    ps->label, line_of(src, tag));
	default:
		type = 'v';
		q = find_close(ps, after, 0);
		s = after;
		e = q != NULL ? (size_t)(q - src) : 0;
		break;
	}
	if (q == NULL)
		return mq_fail(ps->err, MQ_REFUSED,
		    "%s has an unclosed tag on line %zu",
		    ps->label, line_of(src, tag));
	tagend = (size_t)(q - src) + ps->clen;

	lead = tag;
	next = tagend;
	if (strchr("!#^/>=", type) != NULL)
		(void)standalone(ps, *text, tag, tagend, &lead, &next);
	if (lead > *text)
		MQ_TRY(push_tok(ps, TK_TEXT, *text, lead - *text, *text));
	*text = next;

	if (type != '!' && type != '=')
		trim(src, &s, &e);
	switch (type) {
	case 'v':
	case '{':
	case '&':
		MQ_TRY(check_name(ps, s, e, 1, tag));
		MQ_TRY(push_tok(ps, type == 'v' ? TK_VAR : TK_RAW, s, e - s,
		    tag));
		split_name(ps);
		return 0;
	case '#':
		return open_section(ps, TK_SECTION, s, e, tag);
	case '^':
		return open_section(ps, TK_INVERTED, s, e, tag);
	case '/':
		return close_section(ps, s, e, tag);
	case '>':
		MQ_TRY(check_name(ps, s, e, 0, tag));
		MQ_TRY(push_tok(ps, TK_PARTIAL, s, e - s, tag));
		ps->t->toks[ps->t->n - 1].indent = src + lead;
		ps->t->toks[ps->t->n - 1].indentlen = tag - lead;
		return 0;
	case '=':
		return set_delims(ps, s, e, tag);
	default:		/* '!': a comment */
		return 0;
	}
}

/* Parse src (len bytes) into t; t is filled even on failure (free it). */
static int
parse(const char *src, size_t len, const char *label, struct tmpl *t,
    struct mq_err *err)
{
	struct parser ps;
	const char *o;
	size_t text = 0, top;
	int rc = 0;

	memset(&ps, 0, sizeof(ps));
	ps.src = src;
	ps.len = len;
	ps.label = label;
	ps.open = "{{";
	ps.olen = 2;
	ps.close = "}}";
	ps.clen = 2;
	ps.t = t;
	ps.err = err;
	while (text < len &&
	    (o = find(src + text, len - text, ps.open, ps.olen)) != NULL)
		if ((rc = parse_tag(&ps, (size_t)(o - src), &text)))
			goto out;
	if (text < len && (rc = push_tok(&ps, TK_TEXT, text, len - text,
	    text)))
		goto out;
	if (ps.depth > 0) {
		top = ps.stack[ps.depth - 1];
		rc = mq_fail(err, MQ_REFUSED,
		    "%s never closes section \"%.*s\" opened on line %zu",
		    label, CLIP(t->toks[top].len), t->toks[top].s,
		    line_of(src, t->toks[top].pos));
	}
out:
	free(ps.stack);
	return rc;
}

static struct tv
tv_mv(const struct mv *m)
{
	struct tv t = { NULL, NULL };

	if (m != NULL && m->type == MV_JSON)
		t.j = m->u.json;
	else
		t.m = m;
	return t;
}

static struct tv
tv_json(const json_t *j)
{
	struct tv t = { NULL, j };

	return t;
}

static int
tv_found(struct tv t)
{
	return t.m != NULL || t.j != NULL;
}

/* o[key] (hash: of key), when o is an object that has it. */
static struct tv
tv_get(struct tv o, const char *key, size_t len, uint32_t hash)
{
	if (o.m != NULL)
		return tv_mv(mv_getn(o.m, key, len, hash));
	if (json_is_object(o.j))
		return tv_json(json_object_getn(o.j, key, len));
	return tv_json(NULL);
}

static inline int
push_ctx(struct render *r, struct tv v)
{
	struct tv *ctx;

	if (r->nctx == r->capctx) {
		if ((ctx = grow(r->ctx, &r->capctx, r->nctx,
		    sizeof(*ctx))) == NULL)
			return oom(r->err);
		r->ctx = ctx;
	}
	r->ctx[r->nctx++] = v;
	return 0;
}

/* The root's value for tk's first key, remembered per tag. */
static struct tv
root_get(struct render *r, const struct tok *tk)
{
	struct memo *m;
	size_t h;

	if (r->memo == NULL)
		return tv_get(r->ctx[0], tk->s, tk->head, tk->hash);
	h = (size_t)(((uintptr_t)tk >> 3) * 2654435761u) & (MEMO - 1);
	for (;;) {
		m = &r->memo[h];
		if (m->gen != r->gen)
			break;
		if (m->tk == tk)
			return m->v;
		h = (h + 1) & (MEMO - 1);
	}
	if (r->nmemo >= MEMO / 4 * 3)
		return tv_get(r->ctx[0], tk->s, tk->head, tk->hash);
	m->tk = tk;
	m->v = tv_get(r->ctx[0], tk->s, tk->head, tk->hash);
	m->gen = r->gen;
	r->nmemo++;
	return m->v;
}

/*
 * The first key of a dotted name is looked up through the context stack,
 * innermost first; the rest only inside what it found. Written out for
 * speed: it runs for every tag, at every level of the stack.
 */
static struct tv
lookup(struct render *r, const struct tok *tk)
{
	const struct tv *c;
	const struct mv *m;
	const json_t *j;
	struct tv v;
	const char *name, *dot, *end = tk->s + tk->len;
	size_t i, n;

	if (tk->dot)
		return r->ctx[r->nctx - 1];
	for (i = r->nctx - 1; i > 0; i--) {
		c = &r->ctx[i];
		if (c->m != NULL) {
			if ((m = mv_getn(c->m, tk->s, tk->head, tk->hash)) != NULL) {
				v = tv_mv(m);
				goto found;
			}
		} else if (json_is_object(c->j) && (j = json_object_getn(c->j,
		    tk->s, tk->head)) != NULL) {
			v = tv_json(j);
			goto found;
		}
	}
	v = root_get(r, tk);
found:
	if (tk->head == tk->len)
		return v;
	dot = tk->s + tk->head;
	while (tv_found(v) && dot != NULL) {
		name = dot + 1;
		dot = memchr(name, '.', (size_t)(end - name));
		n = (size_t)((dot != NULL ? dot : end) - name);
		v = tv_get(v, name, n, mv_hash(name, n));
	}
	return v;
}

/* Appended as it is: straight to memcpy when the room is there. */
static inline void
out_add(struct mq_buf *b, const char *s, size_t n)
{
	if (!b->oom && n < b->cap - b->len) {
		memcpy(b->data + b->len, s, n);
		b->len += n;
		b->data[b->len] = '\0';
	} else
		mq_buf_add(b, s, n);
}

/*
 * & < > " ' as entities. s[n] is a NUL and s holds none before it (see
 * put_string), so strcspn, which libc scans many bytes at a time, finds
 * the next one to escape.
 */
static void
put_escaped(struct mq_buf *b, const char *s, size_t n)
{
	size_t run = 0, k;
	const char *rep;

	for (;;) {
		k = strcspn(s + run, "&<>\"'");
		out_add(b, s + run, k);
		run += k;
		if (run >= n)
			break;
		switch (s[run]) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		default: rep = "&#39;"; break;
		}
		mq_buf_puts(b, rep);
		run++;
	}
}

/*
 * The shortest form that reads back as the same double: 1.21 -> "1.21".
 * A double has more than 15 significant digits, so when 15 digits read
 * back, %g (which drops trailing zeros) already gives the shortest form.
 */
static void
put_real(struct mq_buf *b, double d)
{
	char num[40];
	int prec;

	if (!isfinite(d))
		return;
	for (prec = 15; prec < 17; prec++) {
		snprintf(num, sizeof(num), "%.*g", prec, d);
		if (strtod(num, NULL) == d)
			break;
	}
	if (prec == 17)
		snprintf(num, sizeof(num), "%.17g", d);
	mq_buf_puts(b, num);
}

/* What "%" JSON_INTEGER_FORMAT prints, without printf's machinery. */
static void
put_integer(struct mq_buf *b, json_int_t v)
{
	char num[24], *p = num + sizeof(num);
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v :
	    (unsigned long long)v;

	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	mq_buf_add(b, p, (size_t)(num + sizeof(num) - p));
}

/* A string value; only a jansson string can hold a NUL (see mval.h). */
static int
put_string(struct render *r, const char *s, size_t n, int escape,
    const struct tok *tk, int may_nul)
{
	if (may_nul && memchr(s, '\0', n) != NULL)
		return mq_fail(r->err, MQ_REFUSED,
		    "The value of \"%.*s\" holds a NUL byte",
		    CLIP(tk->len), tk->s);
	if (escape)
		put_escaped(&r->out, s, n);
	else
		out_add(&r->out, s, n);
	return 0;
}

static int
put_value(struct render *r, struct tv t, int escape, const struct tok *tk)
{
	const json_t *v = t.j;

	if (t.m != NULL) {
		switch (t.m->type) {
		case MV_STR:
			return put_string(r, t.m->u.str.s, t.m->u.str.len, escape,
			    tk, 0);
		case MV_INT:
			put_integer(&r->out, t.m->u.i);
			break;
		case MV_TRUE:
			mq_buf_puts(&r->out, "true");
			break;
		case MV_FALSE:
			mq_buf_puts(&r->out, "false");
			break;
		default:	/* null, lists and objects: nothing */
			break;
		}
		return 0;
	}
	if (json_is_string(v))
		return put_string(r, json_string_value(v), json_string_length(v),
		    escape, tk, 1);
	else if (json_is_integer(v))
		put_integer(&r->out, json_integer_value(v));
	else if (json_is_real(v))
		put_real(&r->out, json_real_value(v));
	else if (json_is_true(v))
		mq_buf_puts(&r->out, "true");
	else if (json_is_false(v))
		mq_buf_puts(&r->out, "false");
	/* null, missing, lists and objects render as nothing */
	return 0;
}

static inline int
falsy(struct tv t)
{
	const json_t *v = t.j;

	if (t.m != NULL)
		return t.m->type == MV_NULL || t.m->type == MV_FALSE ||
		    (t.m->type == MV_LIST && t.m->u.list.n == 0);
	return v == NULL || json_is_null(v) || json_is_false(v) ||
	    (json_is_array(v) && json_array_size(v) == 0);
}

static int render_range(struct render *, const struct tmpl *, size_t,
    size_t);

static int
render_in(struct render *r, const struct tmpl *t, size_t from, size_t to,
    struct tv v)
{
	int rc;

	MQ_TRY(push_ctx(r, v));
	rc = render_range(r, t, from, to);
	r->nctx--;
	return rc;
}

static int
render_section(struct render *r, const struct tmpl *t, size_t i)
{
	const struct tok *tk = &t->toks[i];
	struct tv v = lookup(r, tk);
	size_t k;

	if (tk->type == TK_INVERTED)
		return falsy(v) ? render_range(r, t, i + 1, tk->skip) : 0;
	if (falsy(v))
		return 0;
	if (v.m != NULL && v.m->type == MV_LIST) {
		for (k = 0; k < v.m->u.list.n; k++)
			MQ_TRY(render_in(r, t, i + 1, tk->skip,
			    tv_mv(v.m->u.list.v[k])));
		return 0;
	}
	if (!json_is_array(v.j))
		return render_in(r, t, i + 1, tk->skip, v);
	for (k = 0; k < json_array_size(v.j); k++)
		MQ_TRY(render_in(r, t, i + 1, tk->skip,
		    tv_json(json_array_get(v.j, k))));
	return 0;
}

/* Indent every line of src that has text (as the spec's "^" does). */
static char *
indent_copy(const char *src, const char *ind, size_t indlen)
{
	struct mq_buf b = MQ_BUF_INIT;
	const char *nl;

	while (*src != '\0') {
		mq_buf_add(&b, ind, indlen);
		if ((nl = strchr(src, '\n')) == NULL) {
			mq_buf_puts(&b, src);
			break;
		}
		mq_buf_add(&b, src, (size_t)(nl - src) + 1);
		src = nl + 1;
	}
	return mq_buf_steal(&b);
}

static void
pcache_free(struct pcache *pc)
{
	tmpl_free(&pc->m.t);
	free(pc->m.src);
	free(pc->indent);
	free(pc->name);
	free(pc);
}

/*
 * Fill pc from the source: the partial's text, indented when its tag
 * stands alone indented, parsed under its own name.
 */
static int
load_partial(struct render *r, struct pcache *pc)
{
	struct mq_buf label = MQ_BUF_INIT;
	const char *src = NULL;
	int rc;

	MQ_TRY(r->parts->source(r->parts->ctx, pc->name, &src, r->err));
	if (src == NULL || *src == '\0') {
		pc->missing = 1;
		return 0;
	}
	pc->m.src = pc->indentlen > 0 ? indent_copy(src, pc->indent,
	    pc->indentlen) : strdup(src);
	if (pc->m.src == NULL)
		return oom(r->err);
	mq_buf_printf(&label, "partial \"%.*s\"", CLIP(pc->namelen),
	    pc->name);
	if (label.oom)
		rc = oom(r->err);
	else
		rc = parse(pc->m.src, strlen(pc->m.src), label.data, &pc->m.t,
		    r->err);
	mq_buf_free(&label);
	return rc;
}

/*
 * The parsed partial for this tag, from the set or loaded now. An entry
 * joins the set only once whole, so a failure (out of memory, a source
 * that cannot be read) leaves nothing behind for a later render to trust.
 */
static int
get_partial(struct render *r, const struct tok *tk, struct pcache **out)
{
	struct pcache *pc;
	int rc;

	for (pc = r->parts->list; pc != NULL; pc = pc->next)
		if (pc->namelen == tk->len && pc->indentlen == tk->indentlen &&
		    memcmp(pc->name, tk->s, tk->len) == 0 &&
		    memcmp(pc->indent, tk->indent, tk->indentlen) == 0) {
			*out = pc;
			return 0;
		}
	if ((pc = calloc(1, sizeof(*pc))) == NULL)
		return oom(r->err);
	pc->name = strndup(tk->s, tk->len);
	pc->indent = strndup(tk->indent != NULL ? tk->indent : "",
	    tk->indentlen);
	if (pc->name == NULL || pc->indent == NULL) {
		pcache_free(pc);
		return oom(r->err);
	}
	pc->namelen = tk->len;
	pc->indentlen = tk->indentlen;
	if ((rc = load_partial(r, pc)) != 0) {
		pcache_free(pc);
		return rc;
	}
	pc->next = r->parts->list;
	r->parts->list = pc;
	*out = pc;
	return 0;
}

static int
render_partial(struct render *r, const struct tok *tk)
{
	const struct tok *in;
	struct pcache *pc = NULL;
	int rc;

	if (r->pdepth >= MQ_MUSTACHE_MAX_PARTIAL_DEPTH)
		return mq_fail(r->err, MQ_REFUSED,
		    "Partials nest more than %d deep at \"%.*s\"; does a "
		    "partial include itself without end?",
		    MQ_MUSTACHE_MAX_PARTIAL_DEPTH, CLIP(tk->len), tk->s);
	if (r->parts == NULL)
		return 0;
	MQ_TRY(get_partial(r, tk, &pc));
	if (pc->missing)
		return 0;
	r->pdepth++;
	in = r->in;
	r->in = tk;
	rc = render_range(r, &pc->m.t, 0, pc->m.t.n);
	r->in = in;
	r->pdepth--;
	return rc;
}

/*
 * Partials that each include the next twice (or sections nested over the
 * same list) make work and output grow exponentially with a few hundred
 * bytes of template: past the limits, the render fails, naming the
 * partial it was in, rather than take the daemon's memory and time.
 */
static int
too_big(struct render *r)
{
	char what[64];

	if (r->out.len > MQ_MUSTACHE_MAX_OUTPUT)
		snprintf(what, sizeof(what), "renders more than %u MiB",
		    MQ_MUSTACHE_MAX_OUTPUT >> 20);
	else
		snprintf(what, sizeof(what), "renders more than %u million "
		    "tags", MQ_MUSTACHE_MAX_STEPS / 1000000);
	if (r->in == NULL)
		return mq_fail(r->err, MQ_REFUSED, "The template %s: is a "
		    "partial included in a loop?", what);
	return mq_fail(r->err, MQ_REFUSED, "The template %s (in partial "
	    "\"%.*s\"): is a partial included in a loop?", what,
	    CLIP(r->in->len), r->in->s);
}

static int
render_range(struct render *r, const struct tmpl *t, size_t from, size_t to)
{
	const struct tok *tk;
	size_t i = from;
	int rc = 0;

	if (++r->depth > MQ_MUSTACHE_MAX_DEPTH) {
		r->depth--;
		return mq_fail(r->err, MQ_REFUSED,
		    "Sections and partials nest more than %d deep",
		    MQ_MUSTACHE_MAX_DEPTH);
	}
	while (rc == 0 && i < to) {
		tk = &t->toks[i];
		switch (tk->type) {
		case TK_TEXT:
			out_add(&r->out, tk->s, tk->len);
			break;
		case TK_VAR:
		case TK_RAW:
			rc = put_value(r, lookup(r, tk),
			    tk->type == TK_VAR, tk);
			break;
		case TK_SECTION:
		case TK_INVERTED:
			rc = render_section(r, t, i);
			i = tk->skip;
			continue;
		case TK_PARTIAL:
			rc = render_partial(r, tk);
			break;
		}
		if (rc == 0 && r->out.oom)
			rc = oom(r->err);
		if (rc == 0 && (r->out.len > MQ_MUSTACHE_MAX_OUTPUT ||
		    ++r->steps > MQ_MUSTACHE_MAX_STEPS))
			rc = too_big(r);
		i++;
	}
	r->depth--;
	return rc;
}

int
mq_mustache_parse(const char *tmpl, struct mq_mustache **out,
    struct mq_err *err)
{
	struct mq_mustache *m;
	int rc;

	*out = NULL;
	if ((m = calloc(1, sizeof(*m))) == NULL || (m->src = strdup(tmpl)) ==
	    NULL) {
		free(m);
		return oom(err);
	}
	if ((rc = parse(m->src, strlen(m->src), "the template", &m->t,
	    err)) != 0) {
		mq_mustache_free(m);
		return rc;
	}
	*out = m;
	return 0;
}

void
mq_mustache_free(struct mq_mustache *m)
{
	if (m == NULL)
		return;
	tmpl_free(&m->t);
	free(m->src);
	free(m);
}

struct mq_mustache_partials *
mq_mustache_partials_new(mq_mustache_source_fn source, void *ctx)
{
	struct mq_mustache_partials *p = calloc(1, sizeof(*p));

	if (p != NULL) {
		p->source = source;
		p->ctx = ctx;
	}
	return p;
}

void
mq_mustache_partials_free(struct mq_mustache_partials *p)
{
	struct pcache *pc;

	if (p == NULL)
		return;
	while ((pc = p->list) != NULL) {
		p->list = pc->next;
		pcache_free(pc);
	}
	free(p->memo);
	free(p);
}

static int
render_root(const struct mq_mustache *m, struct tv root,
    struct mq_mustache_partials *parts, size_t hint, char **out, size_t *len,
    struct mq_err *err)
{
	struct render r;
	int rc;

	*out = NULL;
	memset(&r, 0, sizeof(r));
	mq_buf_init(&r.out);
	r.parts = parts;
	r.err = err;
	/* a failure here only costs growing piecewise */
	if (hint > 0 && mq_buf_reserve(&r.out, hint) != 0)
		mq_buf_init(&r.out);
	/* Without memory for the memo, a render is slower, no less right. */
	if (parts != NULL && !parts->nomemo && (parts->memo != NULL ||
	    (parts->memo = calloc(MEMO, sizeof(*parts->memo))) != NULL)) {
		if (++parts->gen == 0) {	/* wrapped: forget everything */
			memset(parts->memo, 0, MEMO * sizeof(*parts->memo));
			parts->gen = 1;
		}
		r.memo = parts->memo;
		r.gen = parts->gen;
	}
	/*
	 * The empty add makes an empty output an allocated "" without relying
	 * on mq_buf_steal for a never-used buffer (the first buf.c left it
	 * unterminated).
	 */
	if ((rc = push_ctx(&r, root)) == 0 &&
	    (rc = render_range(&r, &m->t, 0, m->t.n)) == 0) {
		if (len != NULL)
			*len = r.out.len;
		if (mq_buf_add(&r.out, "", 0) != 0 ||
		    (*out = mq_buf_steal(&r.out)) == NULL)
			rc = oom(err);
	}
	free(r.ctx);
	mq_buf_free(&r.out);
	return rc;
}

int
mq_mustache_render_mv(const struct mq_mustache *m, const struct mv *data,
    struct mq_mustache_partials *parts, size_t hint, char **out, size_t *len,
    struct mq_err *err)
{
	return render_root(m, tv_mv(data != NULL ? data : mv_null()), parts,
	    hint, out, len, err);
}

int
mq_mustache_names(const struct mq_mustache *m, mq_mustache_name_fn fn,
    void *ctx)
{
	const struct tok *tk;
	const char *p, *end, *dot;
	size_t i;
	int rc;

	for (i = 0; i < m->t.n; i++) {
		tk = &m->t.toks[i];
		if (tk->type == TK_TEXT)
			continue;
		if (tk->type == TK_PARTIAL) {
			MQ_TRY(fn(ctx, 1, tk->s, tk->len));
			continue;
		}
		if (tk->dot)
			continue;
		for (p = tk->s, end = tk->s + tk->len; p < end; p = dot + 1) {
			if ((dot = memchr(p, '.', (size_t)(end - p))) == NULL)
				dot = end;
			if ((rc = fn(ctx, 0, p, (size_t)(dot - p))) != 0)
				return rc;
		}
	}
	return 0;
}

/* The old callback, as a source: NULL is a missing partial, never an error. */
struct text_source {
	mq_mustache_partial_fn fn;
	void *ctx;
};

static int
text_source(void *vctx, const char *name, const char **text,
    struct mq_err *err)
{
	struct text_source *ts = vctx;

	*text = ts->fn(ts->ctx, name);
	return 0;
}

int
mq_mustache_render(const char *tmpl, const json_t *data,
    mq_mustache_partial_fn partial, void *ctx, char **out, struct mq_err *err)
{
	struct text_source ts = { partial, ctx };
	struct mq_mustache_partials parts = { text_source, &ts, NULL, NULL, 0, 1 };
	struct mq_mustache m;
	struct pcache *pc;
	int rc;

	*out = NULL;
	/* tmpl outlives this render: parse it in place, without a copy. */
	memset(&m, 0, sizeof(m));
	if ((rc = parse(tmpl, strlen(tmpl), "the template", &m.t, err)) == 0)
		rc = render_root(&m, tv_json(data != NULL ? data : json_null()),
		    partial != NULL ? &parts : NULL, 0, out, NULL, err);
	while ((pc = parts.list) != NULL) {
		parts.list = pc->next;
		pcache_free(pc);
	}
	tmpl_free(&m.t);
	return rc;
}
