/*
 * mustache.c - the Mustache templates engine every outgoing mail goes
 * through; see mustache.h.
 *
 * A template is parsed once into a flat list of tokens (text, variable,
 * section, partial); a section token records where its body ends, so
 * rendering is a walk over index ranges. Standalone lines are resolved
 * while parsing, partial indentation by indenting the partial's source (as
 * the spec does), and each partial is parsed at most once per indentation
 * per render. Everything is linear in the template and the output.
 */
#include "mustache.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "err.h"

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

struct pcache {
	struct pcache *next;
	char *name;
	size_t namelen;
	const char *indent;	/* lives in a source that outlives the render */
	size_t indentlen;
	char *owned;		/* the indented copy of the partial, if any */
	int missing;
	struct tmpl t;
};

struct render {
	struct mq_buf out;
	const json_t **ctx;	/* the context stack, innermost last */
	size_t nctx;
	size_t capctx;
	mq_mustache_partial_fn partial;
	void *pctx;
	struct pcache *cache;
	int depth;
	int pdepth;
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
 * memmem is a GNU extension; delimiters are short, so a memchr for the
 * first byte then a memcmp stays linear in practice.
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
	return mq_fail(err, MQ_IO, "out of memory while rendering a template");
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
	return push_tok(ps, type, s, e - s, tag);
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
		return push_tok(ps, type == 'v' ? TK_VAR : TK_RAW, s, e - s,
		    tag);
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

static int
push_ctx(struct render *r, const json_t *v)
{
	const json_t **ctx;

	if ((ctx = grow(r->ctx, &r->capctx, r->nctx, sizeof(*ctx))) == NULL)
		return oom(r->err);
	r->ctx = ctx;
	r->ctx[r->nctx++] = v;
	return 0;
}

/*
 * The first key of a dotted name is looked up through the context stack,
 * innermost first; the rest only inside what it found.
 */
static const json_t *
lookup(const struct render *r, const char *name, size_t len)
{
	const json_t *v = NULL;
	const char *dot, *end = name + len;
	size_t i, n;

	if (len == 1 && name[0] == '.')
		return r->ctx[r->nctx - 1];
	dot = memchr(name, '.', len);
	n = (size_t)((dot != NULL ? dot : end) - name);
	for (i = r->nctx; i-- > 0 && v == NULL; )
		if (json_is_object(r->ctx[i]))
			v = json_object_getn(r->ctx[i], name, n);
	while (v != NULL && dot != NULL) {
		name = dot + 1;
		dot = memchr(name, '.', (size_t)(end - name));
		n = (size_t)((dot != NULL ? dot : end) - name);
		v = json_is_object(v) ? json_object_getn(v, name, n) : NULL;
	}
	return v;
}

static void
put_escaped(struct mq_buf *b, const char *s, size_t n)
{
	size_t i, run = 0;
	const char *rep;

	for (i = 0; i < n; i++) {
		switch (s[i]) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&#39;"; break;
		default: continue;
		}
		mq_buf_add(b, s + run, i - run);
		mq_buf_puts(b, rep);
		run = i + 1;
	}
	mq_buf_add(b, s + run, n - run);
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

static int
put_value(struct render *r, const json_t *v, int escape,
    const struct tok *tk)
{
	const char *s;
	size_t n;

	if (json_is_string(v)) {
		s = json_string_value(v);
		n = json_string_length(v);
		if (memchr(s, '\0', n) != NULL)
			return mq_fail(r->err, MQ_REFUSED,
			    "the value of \"%.*s\" holds a NUL byte",
			    CLIP(tk->len), tk->s);
		if (escape)
			put_escaped(&r->out, s, n);
		else
			mq_buf_add(&r->out, s, n);
	} else if (json_is_integer(v))
		mq_buf_printf(&r->out, "%" JSON_INTEGER_FORMAT,
		    json_integer_value(v));
	else if (json_is_real(v))
		put_real(&r->out, json_real_value(v));
	else if (json_is_true(v))
		mq_buf_puts(&r->out, "true");
	else if (json_is_false(v))
		mq_buf_puts(&r->out, "false");
	/* null, missing, lists and objects render as nothing */
	return 0;
}

static int
falsy(const json_t *v)
{
	return v == NULL || json_is_null(v) || json_is_false(v) ||
	    (json_is_array(v) && json_array_size(v) == 0);
}

static int render_range(struct render *, const struct tmpl *, size_t,
    size_t);

static int
render_in(struct render *r, const struct tmpl *t, size_t from, size_t to,
    const json_t *v)
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
	const json_t *v = lookup(r, tk->s, tk->len);
	size_t k;

	if (tk->type == TK_INVERTED)
		return falsy(v) ? render_range(r, t, i + 1, tk->skip) : 0;
	if (falsy(v))
		return 0;
	if (!json_is_array(v))
		return render_in(r, t, i + 1, tk->skip, v);
	for (k = 0; k < json_array_size(v); k++)
		MQ_TRY(render_in(r, t, i + 1, tk->skip, json_array_get(v, k)));
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

static int
load_partial(struct render *r, struct pcache *pc)
{
	struct mq_buf label = MQ_BUF_INIT;
	const char *src;
	int rc;

	src = r->partial != NULL ? r->partial(r->pctx, pc->name) : NULL;
	if (src == NULL || *src == '\0') {
		pc->missing = 1;
		return 0;
	}
	if (pc->indentlen > 0) {
		if ((pc->owned = indent_copy(src, pc->indent,
		    pc->indentlen)) == NULL)
			return oom(r->err);
		src = pc->owned;
	}
	mq_buf_printf(&label, "partial \"%.*s\"", CLIP(pc->namelen),
	    pc->name);
	if (label.oom)
		rc = oom(r->err);
	else
		rc = parse(src, strlen(src), label.data, &pc->t, r->err);
	mq_buf_free(&label);
	return rc;
}

/* The parsed partial for this tag, from the cache or loaded now. */
static int
get_partial(struct render *r, const struct tok *tk, struct pcache **out)
{
	struct pcache *pc;

	for (pc = r->cache; pc != NULL; pc = pc->next)
		if (pc->namelen == tk->len && pc->indentlen == tk->indentlen &&
		    memcmp(pc->name, tk->s, tk->len) == 0 &&
		    memcmp(pc->indent, tk->indent, tk->indentlen) == 0) {
			*out = pc;
			return 0;
		}
	if ((pc = calloc(1, sizeof(*pc))) == NULL)
		return oom(r->err);
	if ((pc->name = strndup(tk->s, tk->len)) == NULL) {
		free(pc);
		return oom(r->err);
	}
	pc->namelen = tk->len;
	pc->indent = tk->indent;
	pc->indentlen = tk->indentlen;
	pc->next = r->cache;
	r->cache = pc;
	*out = pc;
	return load_partial(r, pc);
}

static int
render_partial(struct render *r, const struct tok *tk)
{
	struct pcache *pc = NULL;
	int rc;

	if (r->pdepth >= MQ_MUSTACHE_MAX_PARTIAL_DEPTH)
		return mq_fail(r->err, MQ_REFUSED,
		    "partials nest more than %d deep at \"%.*s\"; does a "
		    "partial include itself without end?",
		    MQ_MUSTACHE_MAX_PARTIAL_DEPTH, CLIP(tk->len), tk->s);
	MQ_TRY(get_partial(r, tk, &pc));
	if (pc->missing)
		return 0;
	r->pdepth++;
	rc = render_range(r, &pc->t, 0, pc->t.n);
	r->pdepth--;
	return rc;
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
		    "sections and partials nest more than %d deep",
		    MQ_MUSTACHE_MAX_DEPTH);
	}
	while (rc == 0 && i < to) {
		tk = &t->toks[i];
		switch (tk->type) {
		case TK_TEXT:
			mq_buf_add(&r->out, tk->s, tk->len);
			break;
		case TK_VAR:
		case TK_RAW:
			rc = put_value(r, lookup(r, tk->s, tk->len),
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
		i++;
	}
	r->depth--;
	return rc;
}

int
mq_mustache_render(const char *tmpl, const json_t *data,
    mq_mustache_partial_fn partial, void *ctx, char **out, struct mq_err *err)
{
	struct render r;
	struct tmpl t = { NULL, 0, 0 };
	struct pcache *pc;
	int rc;

	*out = NULL;
	memset(&r, 0, sizeof(r));
	mq_buf_init(&r.out);
	r.partial = partial;
	r.pctx = ctx;
	r.err = err;
	/*
	 * The empty add makes an empty output an allocated "" without relying
	 * on mq_buf_steal for a never-used buffer (the first buf.c left it
	 * unterminated).
	 */
	if ((rc = parse(tmpl, strlen(tmpl), "the template", &t, err)) == 0 &&
	    (rc = push_ctx(&r, data != NULL ? data : json_null())) == 0 &&
	    (rc = render_range(&r, &t, 0, t.n)) == 0 &&
	    (mq_buf_add(&r.out, "", 0) != 0 ||
	    (*out = mq_buf_steal(&r.out)) == NULL))
		rc = oom(err);
	while ((pc = r.cache) != NULL) {
		r.cache = pc->next;
		tmpl_free(&pc->t);
		free(pc->owned);
		free(pc->name);
		free(pc);
	}
	tmpl_free(&t);
	free(r.ctx);
	mq_buf_free(&r.out);
	return rc;
}
