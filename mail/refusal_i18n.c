/* refusal_i18n.c - refusal sentences in the reader's language; see
 * refusal_i18n.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <jansson.h>

#include "mail/refusal_i18n.h"
#include "jload.h"

#define MAXLANGS	8	/* catalogs one mq_refusals keeps */
#define MAXSEGS		64	/* pieces of one format or translation */
#define MAXDEPTH	2	/* a reason inside a reason inside a reason */
#define MAXITEMS	64	/* items of one list of names */
#define LIST_SEP	"、"	/* what joins names: ja and zh both */

/* A piece of a format: literal bytes, or a conversion (an argument). */
struct seg {
	const char *s;		/* literal: its bytes, in the catalog's JSON */
	size_t len;
	int arg;		/* -1: literal; else the argument, 0-based */
	char spec[4];		/* the conversion as written: "s", "d", "zu" */
};

struct entry {
	const char *key;	/* the English format */
	struct seg *eng, *tr;	/* the format; the translation */
	int neng, ntr, nargs;
	size_t literal;		/* literal bytes of the format: specificity */
	const json_t *words[MQ_REFUSALS_MAX_ARGS];	/* an argument's map */
	unsigned nested;	/* bit i: argument i is a sentence */
	unsigned names;		/* bit i: argument i is a game's words */
	unsigned lists;		/* bit i: argument i is a list of words */
	const char *sep;	/* what joins a list of names */
};

struct catalog {
	char lang[4];
	int read;		/* 1: read and checked (n may be 0: no file) */
	int said;		/* its error was reported */
	json_t *root;		/* the strings segs point into */
	struct entry *e;	/* most specific first */
	size_t n;
};

struct mq_refusals {
	char *dir;
	char *file;		/* the catalog's name in TMPL_DIR/LANG/ */
	struct catalog cat[MAXLANGS];
	int ncat;
};

struct span {
	const char *s;
	size_t len;
};

/* ---- formats ------------------------------------------------------------ */

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* 's' text, 'd' a signed number, 'u' digits. */
static char
spec_kind(const char *spec)
{
	char c = spec[strlen(spec) - 1];

	return c == 's' ? 's' : c == 'u' ? 'u' : 'd';
}

/*
 * Cut fmt into segs (at most MAXSEGS); *nargs the arguments it uses (the
 * highest position, or the count of plain conversions). positional: 1 when
 * %N$ conversions are allowed (a translation), all or none of them.
 */
static int
parse_fmt(const char *fmt, int positional, struct seg *seg, int *nseg,
    int *nargs, struct mq_err *err)
{
	const char *p = fmt, *lit = fmt;
	int n = 0, plain = 0, bypos = 0, maxpos = 0, pos;
	size_t m;

#define PUT_LIT(from, to) do {						\
	if ((to) > (from)) {						\
		if (n == MAXSEGS)					\
			return mq_fail(err, MQ_BADDATA, "it has more than " \
			    "%d pieces", MAXSEGS);			\
		seg[n].s = (from);					\
		seg[n].len = (size_t)((to) - (from));			\
		seg[n].arg = -1;					\
		seg[n].spec[0] = '\0';					\
		n++;							\
	}								\
} while (0)

	while ((p = strchr(p, '%')) != NULL) {
		PUT_LIT(lit, p);
		p++;
		if (*p == '%') {	/* a literal %: the second one */
			lit = p;
			p++;
			continue;
		}
		pos = 0;
		if (is_digit(*p) && *p != '0') {
			const char *q = p;

			for (; is_digit(*q); q++)
				if (pos <= MQ_REFUSALS_MAX_ARGS)
					pos = pos * 10 + (*q - '0');
			if (*q != '$')
				return mq_fail(err, MQ_BADDATA, "it gives a conversion "
				    "a width, which cannot be matched");
			if (!positional)
				return mq_fail(err, MQ_BADDATA, "the English format "
				    "numbers its arguments (%%N$)");
			if (pos > MQ_REFUSALS_MAX_ARGS)
				return mq_fail(err, MQ_BADDATA, "it names argument %d; "
				    "a format has at most %d", pos,
				    MQ_REFUSALS_MAX_ARGS);
			p = q + 1;
		}
		if (strchr("-+ #0123456789.*", *p) != NULL && *p != '\0')
			return mq_fail(err, MQ_BADDATA, "it gives a conversion "
			    "flags, a width or a precision, which cannot be matched");
		m = 0;
		if ((p[0] == 'h' && p[1] == 'h') || (p[0] == 'l' && p[1] == 'l'))
			m = 2;
		else if (strchr("hlzjt", *p) != NULL && *p != '\0')
			m = 1;
		if (p[m] == '\0' || strchr("sdiu", p[m]) == NULL)
			return mq_fail(err, MQ_BADDATA, "it uses %%%.*s, which cannot "
			    "be matched (only %%s, %%d, %%i, %%u and %%%%, with "
			    "h, l, ll, z, j or t before d, i or u)", (int)m +
			    (p[m] != '\0'), p);
		if (p[m] == 's' && m > 0)
			return mq_fail(err, MQ_BADDATA, "it uses %%%.*ss, a wide "
			    "string", (int)m, p);
		if (n == MAXSEGS)
			return mq_fail(err, MQ_BADDATA, "it has more than %d pieces",
			    MAXSEGS);
		if (pos > 0) {
			bypos = 1;
			seg[n].arg = pos - 1;
			if (pos > maxpos)
				maxpos = pos;
		} else {
			if (plain == MQ_REFUSALS_MAX_ARGS)
				return mq_fail(err, MQ_BADDATA, "it has more than %d "
				    "conversions", MQ_REFUSALS_MAX_ARGS);
			seg[n].arg = plain++;
		}
		seg[n].s = NULL;
		seg[n].len = 0;
		memcpy(seg[n].spec, p, m + 1);
		seg[n].spec[m + 1] = '\0';
		n++;
		p += m + 1;
		lit = p;
	}
	PUT_LIT(lit, fmt + strlen(fmt));
#undef PUT_LIT
	if (bypos && plain)
		return mq_fail(err, MQ_BADDATA, "it numbers some conversions "
		    "(%%N$) and not others");
	*nseg = n;
	*nargs = bypos ? maxpos : plain;
	return 0;
}

/* Check tr (ntr pieces) against the format's pieces: see mq_refusals_check. */
static int
check_pair(const struct seg *eng, int neng, int nargs, const struct seg *tr,
    int ntr, struct mq_err *err)
{
	const char *spec[MQ_REFUSALS_MAX_ARGS];
	unsigned used = 0;
	int i;

	for (i = 0; i < neng; i++)
		if (eng[i].arg >= 0)
			spec[eng[i].arg] = eng[i].spec;
	for (i = 0; i < ntr; i++) {
		if (tr[i].arg < 0)
			continue;
		if (tr[i].arg >= nargs)
			return mq_fail(err, MQ_BADDATA, "the translation uses "
			    "argument %d; the English has %d", tr[i].arg + 1, nargs);
		if (strcmp(tr[i].spec, spec[tr[i].arg]) != 0)
			return mq_fail(err, MQ_BADDATA, "the translation's argument "
			    "%d is %%%s; the English one is %%%s", tr[i].arg + 1,
			    tr[i].spec, spec[tr[i].arg]);
		used |= 1u << tr[i].arg;
	}
	for (i = 0; i < nargs; i++)
		if (!(used & (1u << i)))
			return mq_fail(err, MQ_BADDATA, "the translation leaves out "
			    "argument %d (%%%s) of the English, which has %d", i + 1,
			    spec[i], nargs);
	return 0;
}

/* The English format's own rules. */
static int
check_english(const struct seg *eng, int neng, size_t *literal,
    struct mq_err *err)
{
	size_t lit = 0;
	int i;

	for (i = 0; i < neng; i++)
		lit += eng[i].len;
	if (lit == 0)
		return mq_fail(err, MQ_BADDATA, "the English format has no text "
		    "of its own, so it would match any sentence");
	*literal = lit;
	return 0;
}

/* ---- matching ----------------------------------------------------------- */

/*
 * The states (pieces left, bytes left) of a match known to fail, so that
 * each is tried once: two arguments side by side ("%s%s%s.") would else try
 * every split of every one, a time of the sentence's length cubed (25 s
 * for a kilobyte that does not end in "."). NULL bad: none kept.
 */
struct memo {
	unsigned char *bad;
	size_t len;
};

static int match_m(const struct seg *f, int n, const char *s, size_t len,
    struct span *arg, struct memo *m);

/* Whether s (len bytes) is the format f (n pieces); arg gets the arguments. */
static int
match(const struct seg *f, int n, const char *s, size_t len, struct span *arg,
    struct memo *m)
{
	size_t at;

	if (m->bad == NULL)
		return match_m(f, n, s, len, arg, m);
	at = (size_t)n * (m->len + 1) + len;
	if (m->bad[at])
		return 0;
	if (match_m(f, n, s, len, arg, m))
		return 1;
	m->bad[at] = 1;
	return 0;
}

static int
match_m(const struct seg *f, int n, const char *s, size_t len,
    struct span *arg, struct memo *m)
{
	size_t k, lo, hi;

	if (n == 0)
		return len == 0;
	if (f->arg < 0)
		return f->len <= len && memcmp(s, f->s, f->len) == 0 &&
		    match(f + 1, n - 1, s + f->len, len - f->len, arg, m);
	if (spec_kind(f->spec) == 's') {
		/* any text, the shortest that lets the rest match */
		for (k = 0; k <= len; k++) {
			if (n > 1 && f[1].arg < 0 && (len - k < f[1].len ||
			    memcmp(s + k, f[1].s, f[1].len) != 0))
				continue;
			if (match(f + 1, n - 1, s + k, len - k, arg, m)) {
				arg[f->arg].s = s;
				arg[f->arg].len = k;
				return 1;
			}
		}
		return 0;
	}
	/* digits (after a minus for %d, %i), the longest that lets it match */
	lo = spec_kind(f->spec) == 'd' && len > 0 && s[0] == '-';
	for (hi = lo; hi < len && is_digit(s[hi]); hi++)
		;
	for (k = hi; k > lo; k--)
		if (match(f + 1, n - 1, s + k, len - k, arg, m)) {
			arg[f->arg].s = s;
			arg[f->arg].len = k;
			return 1;
		}
	return 0;
}

/* Whether two of e's English arguments have no text between them. */
static int
args_side_by_side(const struct entry *e)
{
	int i;

	for (i = 0; i + 1 < e->neng; i++)
		if (e->eng[i].arg >= 0 && e->eng[i + 1].arg >= 0)
			return 1;
	return 0;
}

static int translate(const struct catalog *c,
    const struct mq_refusal_names *nm, const char *s, size_t len,
    struct mq_buf *out, int depth);

/* The caller's name of s (len bytes), or NULL. */
static const char *
name_of(const struct mq_refusal_names *nm, const char *s, size_t len)
{
	return len > 0 ? nm->name(nm->ctx, s, len) : NULL;
}

/* One item of a list of names: its text, and its name when known. */
struct item {
	struct span w;
	const char *name;
};

/* Whether s (len bytes) begins with word w and more. */
static int
begins(const char *s, size_t len, const char *w)
{
	size_t n = strlen(w);

	return len > n && memcmp(s, w, n) == 0;
}

/*
 * Piece s of a list, between its ", ", as items (at most two, at it): a
 * name; a last one after "and " or "or " (an English list's last comma);
 * two names about " and " or " or " (a list of two, or its last two);
 * else the piece as it is. How many.
 */
static int
piece_items(const struct mq_refusal_names *nm, const char *s, size_t len,
    struct item *it)
{
	static const char *const conj[] = { " and ", " or " };
	const char *name;
	size_t k, n, c;

	it[0].w.s = s;
	it[0].w.len = len;
	if ((it[0].name = name_of(nm, s, len)) != NULL)
		return 1;
	for (c = 0; c < 2; c++) {
		n = strlen(conj[c]) - 1;	/* "and ", "or " */
		if (begins(s, len, conj[c] + 1) && (name = name_of(nm, s + n,
		    len - n)) != NULL) {
			it[0].w.s = s + n;
			it[0].w.len = len - n;
			it[0].name = name;
			return 1;
		}
	}
	for (c = 0; c < 2; c++) {
		n = strlen(conj[c]);
		for (k = 1; k + n < len; k++)
			if (memcmp(s + k, conj[c], n) == 0 &&
			    (it[0].name = name_of(nm, s, k)) != NULL &&
			    (it[1].name = name_of(nm, s + k + n, len - k - n)) !=
			    NULL) {
				it[0].w.len = k;
				it[1].w.s = s + k + n;
				it[1].w.len = len - k - n;
				return 2;
			}
	}
	it[0].name = NULL;
	return 1;
}

/*
 * A "names" argument: the whole of it a name, or a list whose known items
 * are named, joined with the entry's separator; a list with no item known,
 * or too long, as it is.
 */
static void
put_names(const struct mq_refusal_names *nm, const struct entry *e,
    const struct span *a, struct mq_buf *out)
{
	struct item it[MAXITEMS];
	const char *p = a->s, *end = a->s + a->len, *q, *name;
	size_t n = 0, i, known = 0;

	if (nm == NULL || nm->name == NULL) {
		mq_buf_add(out, a->s, a->len);
		return;
	}
	if ((name = name_of(nm, a->s, a->len)) != NULL) {
		mq_buf_puts(out, name);
		return;
	}
	for (;;) {
		for (q = p; q + 1 < end && !(q[0] == ',' && q[1] == ' '); q++)
			;
		if (q + 1 >= end)
			q = end;
		if (n + 2 > MAXITEMS) {
			mq_buf_add(out, a->s, a->len);
			return;
		}
		n += (size_t)piece_items(nm, p, (size_t)(q - p), &it[n]);
		if (q == end)
			break;
		p = q + 2;
	}
	for (i = 0; i < n; i++)
		known += it[i].name != NULL;
	if (known == 0) {
		mq_buf_add(out, a->s, a->len);
		return;
	}
	for (i = 0; i < n; i++) {
		if (i > 0)
			mq_buf_puts(out, e->sep != NULL ? e->sep : LIST_SEP);
		if (it[i].name != NULL)
			mq_buf_puts(out, it[i].name);
		else
			mq_buf_add(out, it[i].w.s, it[i].w.len);
	}
}

/* An item of a "list" argument, after the separator when not the first. */
static void
put_item(const struct entry *e, const char *s, size_t len, int *first,
    struct mq_buf *out)
{
	if (len == 0)
		return;
	if (!*first)
		mq_buf_puts(out, e->sep != NULL ? e->sep : LIST_SEP);
	mq_buf_add(out, s, len);
	*first = 0;
}

/*
 * A "list" argument: words as the engines join them ("alice, bob, carol";
 * "a, b and c", "a or b"), their items joined with the entry's separator,
 * each as it is (a player's name is no game word to name). An item is
 * one word or more, but no " and " or " or " in it.
 */
static void
put_list(const struct entry *e, const struct span *a, struct mq_buf *out)
{
	static const char *const conj[] = { " and ", " or " };
	const char *p = a->s, *end = a->s + a->len, *q, *k;
	size_t c, n;
	int first = 1;

	for (;;) {
		for (q = p; q + 1 < end && !(q[0] == ',' && q[1] == ' '); q++)
			;
		if (q + 1 >= end)
			q = end;
		/* ", and carol": an English list's last comma */
		for (c = 0; c < 2; c++) {
			n = strlen(conj[c]) - 1;
			if ((size_t)(q - p) > n && memcmp(p, conj[c] + 1, n) == 0) {
				p += n;
				break;
			}
		}
		/* "bob and carol": two items */
		for (k = p; k < q; k++)
			for (c = 0; c < 2; c++) {
				n = strlen(conj[c]);
				if ((size_t)(q - k) > n && memcmp(k, conj[c], n) == 0) {
					put_item(e, p, (size_t)(k - p), &first, out);
					p = k + n;
				}
			}
		put_item(e, p, (size_t)(q - p), &first, out);
		if (q == end)
			break;
		p = q + 2;
	}
}

static void
put_arg(const struct catalog *c, const struct mq_refusal_names *nm,
    const struct entry *e, int i, const struct span *a, struct mq_buf *out,
    int depth)
{
	const char *key;
	json_t *v;

	if ((e->nested & (1u << i)) && depth < MAXDEPTH) {
		translate(c, nm, a->s, a->len, out, depth + 1);
		return;
	}
	if (e->words[i] != NULL)
		json_object_foreach((json_t *)e->words[i], key, v)
			if (strlen(key) == a->len && memcmp(key, a->s, a->len) == 0) {
				mq_buf_puts(out, json_string_value(v));
				return;
			}
	if (e->names & (1u << i)) {
		put_names(nm, e, a, out);
		return;
	}
	if (e->lists & (1u << i)) {
		put_list(e, a, out);
		return;
	}
	mq_buf_add(out, a->s, a->len);
}

static int
translate(const struct catalog *c, const struct mq_refusal_names *nm,
    const char *s, size_t len, struct mq_buf *out, int depth)
{
	struct span arg[MQ_REFUSALS_MAX_ARGS];
	const struct entry *e;
	size_t i;
	int k;

	for (i = 0; i < c->n; i++) {
		struct memo m = { NULL, len };
		int ok;

		e = &c->e[i];
		/* only arguments side by side need it (memory short: the
		 * match is as sure, only slower) */
		if (args_side_by_side(e))
			m.bad = calloc((size_t)(e->neng + 1), len + 1);
		ok = match(e->eng, e->neng, s, len, arg, &m);
		free(m.bad);
		if (!ok)
			continue;
		for (k = 0; k < e->ntr; k++)
			if (e->tr[k].arg < 0)
				mq_buf_add(out, e->tr[k].s, e->tr[k].len);
			else
				put_arg(c, nm, e, e->tr[k].arg, &arg[e->tr[k].arg],
				    out, depth);
		return out->oom ? MQ_IO : 0;
	}
	mq_buf_add(out, s, len);
	return out->oom ? MQ_IO : 0;
}

/* ---- catalogs ----------------------------------------------------------- */

static void
catalog_clear(struct catalog *c)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		free(c->e[i].eng);
		free(c->e[i].tr);
	}
	free(c->e);
	json_decref(c->root);
	c->e = NULL;
	c->n = 0;
	c->root = NULL;
}

static struct seg *
segs_dup(const struct seg *s, int n)
{
	struct seg *d = malloc(sizeof(*d) * (size_t)(n ? n : 1));

	if (d != NULL && n > 0)
		memcpy(d, s, sizeof(*d) * (size_t)n);
	return d;
}

/* A map of words of argument i (1-based): English words to their texts. */
static int
compile_words(struct entry *e, long i, const json_t *v, struct mq_err *err)
{
	const char *w;
	json_t *t;

	json_object_foreach((json_t *)v, w, t)
		if (!json_is_string(t))
			return mq_fail(err, MQ_BADDATA, "\"args\" \"%ld\" \"%.40s\" "
			    "must be a text", i, w);
	e->words[i - 1] = v;
	return 0;
}

/* ["names", {words}]: argument i (1-based) is names, or one of the words. */
static int
compile_both(struct entry *e, long i, const json_t *v, struct mq_err *err)
{
	const json_t *kind = json_array_get(v, 0), *words = json_array_get(v, 1);

	if (json_array_size(v) != 2 || !json_is_string(kind) ||
	    strcmp(json_string_value(kind), "names") != 0 ||
	    !json_is_object(words))
		return mq_fail(err, MQ_BADDATA, "\"args\" \"%ld\" as a list must "
		    "be [\"names\", a map of English words]", i);
	e->names |= 1u << (i - 1);
	return compile_words(e, i, words, err);
}

/* The value's "args": which arguments have words of their own, are
 * sentences, a game's names, or lists of words. */
static int
compile_args(struct entry *e, const json_t *args, struct mq_err *err)
{
	const char *key;
	json_t *v;
	char *end;
	long i;
	int k;

	if (!json_is_object(args))
		return mq_fail(err, MQ_BADDATA, "\"args\" must be an object");
	json_object_foreach((json_t *)args, key, v) {
		/* "1", "2", ...: strtol alone would also take " 1" and "+1" */
		i = *key >= '1' && *key <= '9' ? strtol(key, &end, 10) : 0;
		if (i < 1 || *end != '\0' || i > e->nargs)
			return mq_fail(err, MQ_BADDATA, "\"args\" has \"%.20s\"; its "
			    "keys are arguments, 1 to %d", key, e->nargs);
		for (k = 0; k < e->neng; k++)
			if (e->eng[k].arg == i - 1 && spec_kind(e->eng[k].spec) != 's')
				return mq_fail(err, MQ_BADDATA, "\"args\" has %ld, "
				    "which is a number (%%%s), not a text", i,
				    e->eng[k].spec);
		if (json_is_string(v) && strcmp(json_string_value(v),
		    "sentence") == 0) {
			e->nested |= 1u << (i - 1);
			continue;
		}
		if (json_is_string(v) && strcmp(json_string_value(v),
		    "names") == 0) {
			e->names |= 1u << (i - 1);
			continue;
		}
		if (json_is_string(v) && strcmp(json_string_value(v),
		    "list") == 0) {
			e->lists |= 1u << (i - 1);
			continue;
		}
		if (json_is_array(v)) {
			MQ_TRY(compile_both(e, i, v, err));
			continue;
		}
		if (!json_is_object(v))
			return mq_fail(err, MQ_BADDATA, "\"args\" \"%ld\" must map "
			    "English words to their translations, or be "
			    "\"sentence\", \"names\" or \"list\"", i);
		MQ_TRY(compile_words(e, i, v, err));
	}
	return 0;
}

static int
compile(struct entry *e, const char *key, const json_t *value,
    struct mq_err *err)
{
	struct seg eng[MAXSEGS], tr[MAXSEGS];
	const json_t *text = value, *args = NULL, *sep = NULL;
	const char *k;
	json_t *v;
	int ntrargs;

	memset(e, 0, sizeof(*e));
	e->key = key;
	if (json_is_object(value)) {
		text = json_object_get(value, "text");
		args = json_object_get(value, "args");
		sep = json_object_get(value, "separator");
		json_object_foreach((json_t *)value, k, v)
			if (strcmp(k, "text") != 0 && strcmp(k, "args") != 0 &&
			    strcmp(k, "separator") != 0)
				return mq_fail(err, MQ_BADDATA, "\"%.20s\" is not "
				    "\"text\", \"args\" or \"separator\"", k);
	}
	if (!json_is_string(text))
		return mq_fail(err, MQ_BADDATA, "the translation must be a text, "
		    "or an object with a \"text\"");
	MQ_TRY(parse_fmt(key, 0, eng, &e->neng, &e->nargs, err));
	MQ_TRY(check_english(eng, e->neng, &e->literal, err));
	MQ_TRY(parse_fmt(json_string_value(text), 1, tr, &e->ntr, &ntrargs, err));
	MQ_TRY(check_pair(eng, e->neng, e->nargs, tr, e->ntr, err));
	if ((e->eng = segs_dup(eng, e->neng)) == NULL ||
	    (e->tr = segs_dup(tr, e->ntr)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	if (args != NULL)
		MQ_TRY(compile_args(e, args, err));
	if (sep != NULL) {
		if (!json_is_string(sep))
			return mq_fail(err, MQ_BADDATA, "\"separator\" must be a text");
		if (e->names == 0 && e->lists == 0)
			return mq_fail(err, MQ_BADDATA, "\"separator\" joins names, "
			    "and no argument is \"names\" or \"list\"");
		e->sep = json_string_value(sep);
	}
	return 0;
}

int
mq_refusals_check(const char *english, const char *translation,
    const char *args, struct mq_err *err)
{
	struct entry e;
	json_error_t je;
	json_t *value, *a = NULL;
	int rc;

	if (args != NULL && (a = mq_json_loads(args, JSON_REJECT_DUPLICATES,
	    &je)) == NULL)
		return json_error_code(&je) == json_error_out_of_memory ||
		    !je.text[0] ? mq_fail(err, MQ_IO, "Out of memory.") :
		    mq_fail(err, MQ_BADDATA, "\"args\" cannot be read as JSON: %s",
		    je.text);
	/* checked as the catalog's value would be: the same code */
	if ((value = json_pack("{s:s, s:O*}", "text", translation, "args",
	    a)) == NULL) {
		json_decref(a);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	rc = compile(&e, english, value, err);
	free(e.eng);
	free(e.tr);
	json_decref(value);
	json_decref(a);
	return rc;
}

/* The most literal text first; equal ones in the order of their text. */
static int
by_specificity(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->literal != y->literal)
		return x->literal > y->literal ? -1 : 1;
	return strcmp(x->key, y->key);
}

static int
catalog_read(const struct mq_refusals *r, struct catalog *c,
    struct mq_err *err)
{
	struct mq_buf path = MQ_BUF_INIT;
	struct stat st;
	json_error_t je;
	const char *key;
	json_t *v;
	size_t i = 0;
	int rc = 0;

	if (mq_buf_printf(&path, "%s/%s/%s", r->dir, c->lang, r->file))
		return mq_fail(err, MQ_IO, "Out of memory.");
	if (stat(mq_buf_str(&path), &st) != 0 && errno == ENOENT) {
		mq_buf_free(&path);
		return 0;	/* no catalog: English */
	}
	/* jload.h: never a translation a byte short (a "%s" become "s"),
	 * and a failed allocation said as such (jansson may say nothing) */
	if ((c->root = mq_json_load_file(mq_buf_str(&path),
	    JSON_REJECT_DUPLICATES, &je)) == NULL) {
		if (json_error_code(&je) == json_error_out_of_memory || !je.text[0])
			rc = mq_fail(err, MQ_IO, "Out of memory reading %s.",
			    mq_buf_str(&path));
		else
			rc = mq_fail(err, MQ_BADDATA, "The catalog %s cannot "
			    "be read as JSON (line %d): %s.", mq_buf_str(&path),
			    je.line, je.text);
		goto out;
	}
	if (!json_is_object(c->root)) {
		rc = mq_fail(err, MQ_BADDATA, "The catalog %s must be an "
		    "object of English formats and their translations.",
		    mq_buf_str(&path));
		goto out;
	}
	if (json_object_size(c->root) > 0 &&
	    (c->e = calloc(json_object_size(c->root), sizeof(*c->e))) == NULL) {
		rc = mq_fail(err, MQ_IO, "Out of memory.");
		goto out;
	}
	json_object_foreach(c->root, key, v) {
		struct mq_err e;

		c->n = i + 1;	/* so that a failure frees this one too */
		if ((rc = compile(&c->e[i], key, v, &e)) != 0) {
			mq_fail(err, rc, "The catalog %s is wrong at "
			    "\"%.80s%s\": %s.", mq_buf_str(&path), key,
			    strlen(key) > 80 ? "..." : "", e.msg);
			goto out;
		}
		i++;
	}
	qsort(c->e, c->n, sizeof(*c->e), by_specificity);
out:
	if (rc != 0)
		catalog_clear(c);
	mq_buf_free(&path);
	return rc;
}

/* Whether lang names a catalog: 2 or 3 small letters (English too: its
 * catalog changes no word, it holds command examples whole). */
static int
lang_ok(const char *lang)
{
	size_t i, n;

	if (lang == NULL)
		return 0;
	n = strlen(lang);
	for (i = 0; i < n; i++)
		if (lang[i] < 'a' || lang[i] > 'z')
			return 0;
	return n >= 2 && n <= 3;
}

/* lang's catalog slot, or -1. */
static int
find(const struct mq_refusals *r, const char *lang)
{
	int i;

	if (r == NULL || !lang_ok(lang))
		return -1;
	for (i = 0; i < r->ncat; i++)
		if (strcmp(r->cat[i].lang, lang) == 0)
			return i;
	return -1;
}

/* lang's catalog slot, made if it is new; NULL: not a language name, or
 * no slot left. */
static struct catalog *
slot(struct mq_refusals *r, const char *lang)
{
	int i = find(r, lang);

	if (i >= 0)
		return &r->cat[i];
	if (r == NULL || !lang_ok(lang) || r->ncat == MAXLANGS)
		return NULL;
	memcpy(r->cat[r->ncat].lang, lang, strlen(lang) + 1);
	return &r->cat[r->ncat++];
}

struct mq_refusals *
mq_refusals_new(const char *tmpl_dir)
{
	return mq_refusals_new_catalog(tmpl_dir, "refusals.json");
}

struct mq_refusals *
mq_refusals_new_catalog(const char *tmpl_dir, const char *file)
{
	struct mq_refusals *r = calloc(1, sizeof(*r));

	if (r == NULL || (r->dir = strdup(tmpl_dir)) == NULL ||
	    (r->file = strdup(file)) == NULL) {
		if (r != NULL)
			free(r->dir);
		free(r);
		return NULL;
	}
	return r;
}

void
mq_refusals_free(struct mq_refusals *r)
{
	int i;

	if (r == NULL)
		return;
	for (i = 0; i < r->ncat; i++)
		catalog_clear(&r->cat[i]);
	free(r->dir);
	free(r->file);
	free(r);
}

int
mq_refusals_load(struct mq_refusals *r, const char *lang, struct mq_err *err)
{
	struct catalog *c = slot(r, lang);
	int rc;

	if (c == NULL || c->read)
		return 0;
	if ((rc = catalog_read(r, c, err)) == 0)
		c->read = 1;
	return rc;
}

int
mq_refusals_translate(struct mq_refusals *r, const char *lang,
    const char *sentence, struct mq_buf *out, struct mq_err *err)
{
	return mq_refusals_translate_names(r, lang, sentence, NULL, out, err);
}

int
mq_refusals_translate_names(struct mq_refusals *r, const char *lang,
    const char *sentence, const struct mq_refusal_names *names,
    struct mq_buf *out, struct mq_err *err)
{
	struct catalog *c = slot(r, lang);
	int rc = 0;

	if (c != NULL && !c->read) {
		/* a failure may be passing (memory): tried again next time,
		 * but a wrong catalog is said only once */
		rc = mq_refusals_load(r, lang, err);
		if (rc == MQ_BADDATA && c->said)
			rc = 0;
		else if (rc == MQ_BADDATA)
			c->said = 1;
	}
	if (c == NULL || !c->read) {
		mq_buf_puts(out, sentence);
		if (out->oom)
			return mq_fail(err, MQ_IO, "Out of memory.");
		return rc;
	}
	if (translate(c, names, sentence, strlen(sentence), out, 0) != 0)
		return mq_fail(err, MQ_IO, "Out of memory.");
	return 0;
}

size_t
mq_refusals_count(const struct mq_refusals *r, const char *lang)
{
	int i = find(r, lang);

	return i >= 0 && r->cat[i].read ? r->cat[i].n : 0;
}
