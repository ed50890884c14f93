/*
 * render.c - the outgoing mails, from templates/LANG/KIND.*.mustache.
 *
 * A renderer reads and parses each template and partial once and keeps
 * it: a serve pass writes thousands of mails from the same few dozen
 * files. Decorate (decorate.c) turns the daemon's raw context into what
 * the templates print; render fills the three templates of a mail kind
 * and checks what it made: one subject line, and a text part whose first
 * line is the marker the reply extractor cuts at.
 *
 * Per kind, the renderer also keeps the names its templates (and every
 * partial they reach) can look up: decorate makes no value under any
 * other key, as none could show. Per game data and language, it keeps
 * decorate's own cache (deco_game.c), and one arena for the values of the
 * mail in progress (mval.h), emptied after each.
 *
 * Only what worked is kept. A template or partial that cannot be read or
 * is broken is reported, by its file name, each time a mail needs it, and
 * never cached; so is running out of memory halfway through filling a
 * cache, so a failure can cost one mail but never a later one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "err.h"
#include "mail/deco_receipt.h"
#include "mail/deco_util.h"
#include "mail/decorate.h"
#include "mail/mustache.h"
#include "mail/mval.h"
#include "mail/names.h"
#include "mail/render.h"
#include "mail/reply_text.h"

#define MAXPARTIALS	64	/* per language folder */
#define MAXTEMPLATE	(1024 * 1024)
#define MAXGAMES	8	/* game data decorations kept, most recent first */

static const char *const parts[] = { "subject", "txt", "html" };
#define NPARTS	(sizeof(parts) / sizeof(parts[0]))

/* A partial's text, read and checked on its own. */
struct rpartial {
	struct rpartial *next;
	char *name;
	char *text;
};

/* A mail kind's three templates, each parsed when first needed. */
struct rkind {
	struct rkind *next;
	char *kind;
	struct mq_mustache *part[NPARTS];
	size_t size[NPARTS];	/* the last output of each, with room to spare */
	struct mq_names *want;	/* the keys they can look up; NULL: not known */
};

/* A language's folder: TMPL_DIR/LANG. */
struct rlang {
	struct rlang *next;
	char *lang;
	char *dir;
	struct rpartial *partials;
	int npartials;
	struct mq_mustache_partials *set;	/* parsed, per indentation */
	struct rkind *kinds;
	int failed;	/* a partial failed during the render in progress */
};

struct mq_renderer {
	char *dir;
	struct rlang *langs;
	struct mq_deco_game *games[MAXGAMES];
	struct mq_arena *arena;	/* the mail in progress's values */
};

static int
safe_word(const char *s)
{
	size_t i;

	if (s == NULL || *s == '\0' || strlen(s) > 64)
		return 0;
	for (i = 0; s[i]; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '_' || s[i] == '-'))
			return 0;
	return 1;
}

/* Read a whole template file; a NUL byte or an over-long file is refused. */
static int
read_file(const char *path, char **out, struct mq_err *err)
{
	struct mq_buf b = MQ_BUF_INIT;
	char chunk[8192];
	size_t n;
	FILE *f;

	*out = NULL;
	if ((f = fopen(path, "rb")) == NULL)
		return mq_fail_errno(err, MQ_IO, "Cannot read the template %s", path);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		if (memchr(chunk, '\0', n) != NULL || b.len + n > MAXTEMPLATE) {
			fclose(f);
			mq_buf_free(&b);
			return mq_fail(err, MQ_REFUSED, "The template %s is not a "
			    "text file of at most %d bytes.", path, MAXTEMPLATE);
		}
		mq_buf_add(&b, chunk, n);
	}
	if (ferror(f)) {
		fclose(f);
		mq_buf_free(&b);
		return mq_fail_errno(err, MQ_IO, "Cannot read the template %s", path);
	}
	fclose(f);
	if ((*out = mq_buf_steal(&b)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory reading the template %s.",
		    path);
	return 0;
}

/*
 * The partial source: _NAME.mustache from the language's folder, checked
 * on its own first so that a broken one is reported by its file name.
 * A failure marks the render in progress (l->failed), whose error then
 * says which template used the partial.
 */
static int
partial_text(void *ctx, const char *name, const char **text,
    struct mq_err *err)
{
	struct rlang *l = ctx;
	struct rpartial *p;
	struct mq_buf path = MQ_BUF_INIT;
	struct mq_err e;
	char *src, *out;
	int rc;

	*text = NULL;
	for (p = l->partials; p != NULL; p = p->next)
		if (strcmp(p->name, name) == 0) {
			*text = p->text;
			return 0;
		}
	l->failed = 1;
	if (!safe_word(name))
		return mq_fail(err, MQ_REFUSED, "A template names the partial "
		    "\"%.64s\"; partial names are letters, digits, _ and -.", name);
	if (l->npartials == MAXPARTIALS)
		return mq_fail(err, MQ_REFUSED, "The templates use more than "
		    "%d partials.", MAXPARTIALS);
	if (mq_buf_printf(&path, "%s/_%s.mustache", l->dir, name))
		return mq_fail(err, MQ_IO, "Out of memory loading a partial.");
	if ((rc = read_file(mq_buf_str(&path), &src, err)) != 0) {
		mq_buf_free(&path);
		return rc;
	}
	/* Render it alone (partials inside it render empty here). */
	if ((rc = mq_mustache_render(src, NULL, NULL, NULL, &out, &e)) != 0) {
		mq_fail(err, rc, "The template %s is broken: %s.",
		    mq_buf_str(&path), e.msg);
		free(src);
		mq_buf_free(&path);
		return rc;
	}
	free(out);
	mq_buf_free(&path);
	if ((p = calloc(1, sizeof(*p))) == NULL ||
	    (p->name = strdup(name)) == NULL) {
		free(p);
		free(src);
		return mq_fail(err, MQ_IO, "Out of memory loading a partial.");
	}
	p->text = src;
	p->next = l->partials;
	l->partials = p;
	l->npartials++;
	l->failed = 0;
	*text = src;
	return 0;
}

static void
kind_free(struct rkind *k)
{
	size_t i;

	for (i = 0; i < NPARTS; i++)
		mq_mustache_free(k->part[i]);
	mq_names_free(k->want);
	free(k->kind);
	free(k);
}

static void
lang_free(struct rlang *l)
{
	struct rpartial *p;
	struct rkind *k;

	while ((p = l->partials) != NULL) {
		l->partials = p->next;
		free(p->name);
		free(p->text);
		free(p);
	}
	while ((k = l->kinds) != NULL) {
		l->kinds = k->next;
		kind_free(k);
	}
	mq_mustache_partials_free(l->set);
	free(l->lang);
	free(l->dir);
	free(l);
}

/* The language's folder, made when first asked for. */
static int
get_lang(struct mq_renderer *r, const char *lang, struct rlang **lp,
    struct mq_err *err)
{
	struct mq_buf dir = MQ_BUF_INIT;
	struct rlang *l;

	for (l = r->langs; l != NULL; l = l->next)
		if (strcmp(l->lang, lang) == 0)
			break;
	if (l == NULL) {
		if ((l = calloc(1, sizeof(*l))) == NULL)
			return mq_fail(err, MQ_IO, "Out of memory rendering a mail.");
		mq_buf_printf(&dir, "%s/%s", r->dir, lang);
		if ((l->dir = mq_buf_steal(&dir)) == NULL ||
		    (l->lang = strdup(lang)) == NULL ||
		    (l->set = mq_mustache_partials_new(partial_text, l)) == NULL) {
			lang_free(l);
			return mq_fail(err, MQ_IO, "Out of memory rendering a mail.");
		}
		l->next = r->langs;
		r->langs = l;
	}
	*lp = l;
	return 0;
}

/* The language's folder and the kind's entry, made when first asked for. */
static int
get_kind(struct mq_renderer *r, const char *lang, const char *kind,
    struct rlang **lp, struct rkind **kp, struct mq_err *err)
{
	struct rlang *l;
	struct rkind *k;

	MQ_TRY(get_lang(r, lang, &l, err));
	for (k = l->kinds; k != NULL; k = k->next)
		if (strcmp(k->kind, kind) == 0)
			break;
	if (k == NULL) {
		if ((k = calloc(1, sizeof(*k))) == NULL ||
		    (k->kind = strdup(kind)) == NULL) {
			free(k);
			return mq_fail(err, MQ_IO, "Out of memory rendering a mail.");
		}
		k->next = l->kinds;
		l->kinds = k;
	}
	*lp = l;
	*kp = k;
	return 0;
}

/* Read and parse TMPL_DIR/LANG/KIND.PART.mustache, unless done already. */
static int
load_part(struct rlang *l, struct rkind *k, size_t i, struct mq_err *err)
{
	struct mq_buf path = MQ_BUF_INIT;
	struct mq_err e;
	char *tmpl;
	int rc;

	if (k->part[i] != NULL)
		return 0;
	if (mq_buf_printf(&path, "%s/%s.%s.mustache", l->dir, k->kind, parts[i]))
		return mq_fail(err, MQ_IO, "Out of memory rendering a mail.");
	if ((rc = read_file(mq_buf_str(&path), &tmpl, err)) == 0) {
		if ((rc = mq_mustache_parse(tmpl, &k->part[i], &e)) != 0)
			mq_fail(err, rc, "The template %s is broken: %s.",
			    mq_buf_str(&path), e.msg);
		free(tmpl);
	}
	mq_buf_free(&path);
	return rc;
}

/* Render TMPL_DIR/LANG/KIND.PART.mustache over data into *out. */
static int
render_part(struct rlang *l, struct rkind *k, size_t i, const struct mv *data,
    char **out, struct mq_err *err)
{
	struct mq_buf path = MQ_BUF_INIT;
	struct mq_err e;
	size_t len;
	int rc;

	*out = NULL;
	MQ_TRY(load_part(l, k, i, err));
	l->failed = 0;
	if ((rc = mq_mustache_render_mv(k->part[i], data, l->set, k->size[i],
	    out, &len, &e)) == 0) {
		k->size[i] = len + len / 8;
		return 0;
	}
	if (mq_buf_printf(&path, "%s/%s.%s.mustache", l->dir, k->kind, parts[i]))
		return mq_fail(err, MQ_IO, "Out of memory rendering a mail.");
	if (l->failed)
		mq_fail(err, rc, "%s (used by %s)", e.msg, mq_buf_str(&path));
	else
		mq_fail(err, rc, "The template %s is broken: %s.",
		    mq_buf_str(&path), e.msg);
	mq_buf_free(&path);
	return rc;
}

/* What kind_names gathers: the keys, and the partials to visit. */
struct gather {
	struct mq_names *keys;
	struct mq_names *seen;	/* the partials queued so far */
	char *queue[MAXPARTIALS];
	int nq;
};

static int
gather(void *ctx, int partial, const char *name, size_t len)
{
	struct gather *g = ctx;

	if (!partial)
		return mq_names_add(g->keys, name, len);
	if (mq_names_hasn(g->seen, name, len))
		return 0;
	if (g->nq == MAXPARTIALS)
		return MQ_REFUSED;
	MQ_TRY(mq_names_add(g->seen, name, len));
	if ((g->queue[g->nq] = strndup(name, len)) == NULL)
		return MQ_IO;
	g->nq++;
	return 0;
}

/*
 * The keys the kind's templates and every partial they can reach look up,
 * into k->want, so decorate makes nothing no tag can show. When one of
 * them cannot be had now, k->want stays NULL (decorate makes everything,
 * as ever) and rendering reports the problem, if it ever needs the file.
 */
static void
kind_names(struct rlang *l, struct rkind *k)
{
	struct gather g;
	struct mq_mustache *m;
	struct mq_err e;
	const char *text;
	int i, rc = 0;

	if (k->want != NULL)
		return;
	for (i = 0; i < (int)NPARTS; i++)
		if (load_part(l, k, (size_t)i, &e) != 0)
			return;
	memset(&g, 0, sizeof(g));
	if ((g.keys = mq_names_new()) == NULL || (g.seen = mq_names_new()) == NULL)
		rc = MQ_IO;
	for (i = 0; i < (int)NPARTS && rc == 0; i++)
		rc = mq_mustache_names(k->part[i], gather, &g);
	for (i = 0; i < g.nq && rc == 0; i++) {
		if ((rc = partial_text(l, g.queue[i], &text, &e)) != 0 ||
		    (rc = mq_mustache_parse(text, &m, &e)) != 0)
			break;
		rc = mq_mustache_names(m, gather, &g);
		mq_mustache_free(m);
	}
	if (rc == 0) {
		k->want = g.keys;
		g.keys = NULL;
	}
	for (i = 0; i < g.nq; i++)
		free(g.queue[i]);
	mq_names_free(g.keys);
	mq_names_free(g.seen);
}

/* A subject is one line: trailing white space goes, inner line ends and
 * tabs become spaces. */
static void
one_line(char *s)
{
	size_t n = strlen(s);
	char *p;

	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' ||
	    s[n - 1] == '\t'))
		s[--n] = '\0';
	for (p = s; *p; p++)
		if (*p == '\n' || *p == '\r' || *p == '\t')
			*p = ' ';
}

/* The text part's padded columns leave spaces at line ends: drop them, as
 * quoted-printable would otherwise spell each one out as =20. Line by line
 * (memchr finds the ends), moving text only once a line has been cut. */
static void
strip_line_ends(char *s)
{
	char *r = s, *w = s, *end = s + strlen(s), *nl, *e;

	for (;;) {
		if ((nl = memchr(r, '\n', (size_t)(end - r))) == NULL)
			nl = end;
		for (e = nl; e > r && (e[-1] == ' ' || e[-1] == '\t'); e--)
			;
		if (w != r)
			memmove(w, r, (size_t)(e - r));
		w += e - r;
		if (nl == end)
			break;
		*w++ = '\n';
		r = nl + 1;
	}
	*w = '\0';
}

/*
 * The decorations of this game data in this language: kept for the
 * MAXGAMES most recently used, most recent first. Each game opens its own
 * copy of the same data file, so an entry also answers for game data
 * equal to its own (see decorate.h).
 */
static struct mq_deco_game *
get_game(struct mq_renderer *r, const json_t *gamedata, const char *lang)
{
	struct mq_deco_game *g;
	int i, j;

	for (i = 0; i < MAXGAMES && r->games[i] != NULL; i++)
		if (mq_deco_game_is(r->games[i], gamedata, lang))
			break;
	if (i == MAXGAMES || r->games[i] == NULL) {
		if ((g = mq_deco_game_new(gamedata, lang)) == NULL)
			return NULL;
		i = MAXGAMES - 1;
		mq_deco_game_free(r->games[i]);
		r->games[i] = g;
	}
	g = r->games[i];
	for (j = i; j > 0; j--)
		r->games[j] = r->games[j - 1];
	r->games[0] = g;
	return g;
}

struct mq_renderer *
mq_renderer_new(const char *tmpl_dir)
{
	struct mq_renderer *r = calloc(1, sizeof(*r));

	if (r != NULL && ((r->dir = strdup(tmpl_dir)) == NULL ||
	    (r->arena = mq_arena_new()) == NULL)) {
		free(r->dir);
		free(r);
		r = NULL;
	}
	return r;
}

void
mq_renderer_free(struct mq_renderer *r)
{
	struct rlang *l;
	int i;

	if (r == NULL)
		return;
	while ((l = r->langs) != NULL) {
		r->langs = l->next;
		lang_free(l);
	}
	for (i = 0; i < MAXGAMES; i++)
		mq_deco_game_free(r->games[i]);
	mq_arena_free(r->arena);
	free(r->dir);
	free(r);
}

/* A mail of The Masquerade: its context names the game kind. */
static int
is_masquerade(const json_t *ctx)
{
	const char *game = json_string_value(json_object_get(ctx, "kind"));

	return game != NULL && strcmp(game, "masquerade") == 0;
}

int
mq_renderer_mail(struct mq_renderer *r, const char *lang, const char *kind,
    const json_t *gamedata, const json_t *ctx, char **subject, char **text,
    char **html, struct mq_err *err)
{
	char **out[NPARTS] = { subject, text, html };
	struct mq_deco_game *g;
	struct rlang *l = NULL;
	struct rkind *k = NULL;
	const struct mv *data = NULL;
	char folder[64 + sizeof("/masquerade")];	/* safe_word's longest */
	size_t i;
	int rc = 0, ms;

	*subject = *text = *html = NULL;
	if (!safe_word(lang) || !safe_word(kind))
		return mq_fail(err, MQ_REFUSED, "A mail's language and kind are "
		    "words of letters, digits, _ and -.");
	/* The Masquerade's mails are in their own folder, LANG/masquerade */
	ms = is_masquerade(ctx);
	snprintf(folder, sizeof(folder), "%s%s", lang, ms ? "/masquerade" : "");
	MQ_TRY(get_kind(r, folder, kind, &l, &k, err));
	kind_names(l, k);
	mq_arena_reset(r->arena);
	if (ms)
		data = mq_deco_ms_decorate(r->arena, gamedata, lang, ctx);
	if (!ms && (g = get_game(r, gamedata, lang)) != NULL)
		data = mq_deco_game_decorate(g, r->arena, ctx, k->want);
	/* a receipt's commands: what each does, in the reader's words */
	if ((data = mq_deco_receipt(r->arena, data, gamedata, lang, ms,
	    ctx)) == NULL) {
		mq_arena_reset(r->arena);
		return mq_fail(err, MQ_IO, "Out of memory rendering a mail.");
	}
	for (i = 0; i < NPARTS && rc == 0; i++)
		rc = render_part(l, k, i, data, out[i], err);
	if (rc == 0) {
		one_line(*subject);
		strip_line_ends(*text);
		/* The Masquerade's sentences are put together from pieces
		 * (a card and what it does), and The Red Death's lines hold
		 * names, rooms and numbers: either can outgrow 78 columns,
		 * and is wrapped whole, Japanese and Chinese words kept */
		/* headings end at 75, or 76 in Japanese and Chinese (the
		 * templates' own rule, drawn under wide words) */
		/* a number is followed by a wide word only in Japanese
		 * and Chinese (English's names and words are Latin) */
		int wide = strcmp(lang, "ja") == 0 || strcmp(lang, "zh") == 0;

		if (deco_rule_headings(text, wide ? 76 : 75) != 0 ||
		    deco_wrap_words(text, 78) != 0 ||
		    (wide && deco_html_bind_numbers(html) != 0))
			rc = mq_fail(err, MQ_IO, "Out of memory rendering a mail.");
		else if (strncmp(*text, MQ_REPLY_MARKER, strlen(MQ_REPLY_MARKER)) != 0)
			rc = mq_fail(err, MQ_REFUSED, "The template %s/%s.txt.mustache "
			    "must begin with the line \"%s ...\".", l->dir, kind,
			    MQ_REPLY_MARKER);
	}
	if (rc != 0) {
		free(*subject);
		free(*text);
		free(*html);
		*subject = *text = *html = NULL;
	}
	/* The values refer to ctx, which the caller frees next. */
	mq_arena_reset(r->arena);
	return rc;
}

int
mq_render_mail(const char *tmpl_dir, const char *lang, const char *kind,
    const json_t *gamedata, const json_t *ctx, char **subject, char **text,
    char **html, struct mq_err *err)
{
	struct mq_renderer *r;
	int rc;

	*subject = *text = *html = NULL;
	if ((r = mq_renderer_new(tmpl_dir)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory rendering a mail.");
	rc = mq_renderer_mail(r, lang, kind, gamedata, ctx, subject, text, html,
	    err);
	mq_renderer_free(r);
	return rc;
}

/* The partials inside a sentence's partial: the language's own; a failed
 * one is kept, to fail the sentence. */
struct line_src {
	struct rlang *l;
	struct mq_err err;
	int failed;
};

static const char *
line_partial(void *ctx, const char *name)
{
	struct line_src *s = ctx;
	const char *text = NULL;

	if (!s->failed && partial_text(s->l, name, &text, &s->err) != 0) {
		s->failed = 1;
		text = NULL;
	}
	return text;
}

int
mq_renderer_line(struct mq_renderer *r, const char *lang, const char *name,
    const json_t *ctx, char **out, struct mq_err *err)
{
	struct line_src src;
	struct rlang *l;
	struct mq_err e;
	const char *text;
	size_t n;
	int rc;

	*out = NULL;
	if (!safe_word(lang) || !safe_word(name))
		return mq_fail(err, MQ_REFUSED, "A sentence's language and name are "
		    "words of letters, digits, _ and -.");
	MQ_TRY(get_lang(r, lang, &l, err));
	MQ_TRY(partial_text(l, name, &text, err));
	memset(&src, 0, sizeof(src));
	src.l = l;
	rc = mq_mustache_render(text, ctx, line_partial, &src, out, &e);
	if (rc == 0 && src.failed) {
		free(*out);
		*out = NULL;
		return mq_fail(err, src.err.code, "%s (used by %s/_%s.mustache)",
		    src.err.msg, l->dir, name);
	}
	if (rc != 0)
		return mq_fail(err, rc, "The template %s/_%s.mustache cannot be "
		    "rendered: %s.", l->dir, name, e.msg);
	for (n = strlen(*out); n > 0 && ((*out)[n - 1] == '\n' ||
	    (*out)[n - 1] == '\r' || (*out)[n - 1] == ' ' ||
	    (*out)[n - 1] == '\t'); n--)
		(*out)[n - 1] = '\0';
	return 0;
}
