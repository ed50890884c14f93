/*
 * render.h - the outgoing mails: subject, plain text and HTML from the
 * Mustache templates in templates/LANG/, over a player's JSON view.
 *
 * The engine's view and events are terse (ids, times, numbers); decorate
 * turns them into what a template can print without logic: localised room
 * and card names, the board in ring order, the Prince's path with its
 * times, the popularity track sorted, the notes as a grid, one flag per
 * event type, example commands from the player's own hand, and padded
 * names so the text part lines up in a terminal.
 */
#ifndef MQ_RENDER_H
#define MQ_RENDER_H

#include <jansson.h>

#include "err.h"

/* Decorate the raw context for the templates: localised room and card names
 * (from gamedata for lang), the board as rooms in ring order with their nobles
 * and the Prince, the Prince's path with times (8:00 ... 11:40), the popularity
 * track sorted most popular first, the player's notes as a time x room grid,
 * each event with an "is_<type>" flag and localised names, and so on.
 * ctx is the raw context below; returns a new object (ctx is not changed,
 * but the result shares values with ctx and gamedata: change neither while
 * it lives). NULL when memory runs out. */
json_t *mq_render_decorate(const json_t *gamedata, const char *lang, const json_t *ctx);

/*
 * A renderer keeps what every mail would otherwise redo: each template and
 * partial read and parsed once, and the decorations that depend only on the
 * game data and the language (for the few most recently used). It holds a
 * reference to each game data it keeps decorations for, which must not
 * change meanwhile; game data equal to a kept one is recognised as such.
 * Templates are read when first needed and not again: a renderer sees a
 * template edited after that only when made anew. NULL when memory runs
 * out. Not thread-safe: one renderer per thread.
 */
struct mq_renderer;

struct mq_renderer *mq_renderer_new(const char *tmpl_dir);
void mq_renderer_free(struct mq_renderer *r);

/* Render mail `kind` in `lang` from templates in the renderer's folder (e.g.
 * "templates"): TMPL_DIR/LANG/KIND.subject.mustache, KIND.txt.mustache,
 * KIND.html.mustache, partials from TMPL_DIR/LANG/_NAME.mustache. All three
 * outputs malloc'd. The text part's FIRST line must start with "=== masqued"
 * (the reply extractor cuts a quoted copy of our own mail at that line: see
 * mail/reply_text.h MQ_REPLY_MARKER), e.g. "=== masqued · reply above this
 * line ===". A missing or broken template or partial fails the mail, naming
 * the file, every time. */
int mq_renderer_mail(struct mq_renderer *r, const char *lang, const char *kind,
    const json_t *gamedata, const json_t *ctx, char **subject, char **text,
    char **html, struct mq_err *err);

/*
 * A sentence a mail's context then carries made, in the reader's language:
 * the partial TMPL_DIR/LANG/_NAME.mustache rendered over ctx as it is (not
 * decorated; partials inside it are the language's own), into *out
 * (malloc'd) without its trailing line ends and blanks. It is plain text:
 * the partial prints values with {{{ }}}, and the mail's templates escape
 * the sentence for HTML, or wrap it for the text part, as any other value.
 * E.g. the host's admin notice (daemon/notify_admin.c). A missing
 * or broken partial fails, naming the file.
 */
int mq_renderer_line(struct mq_renderer *r, const char *lang, const char *name,
    const json_t *ctx, char **out, struct mq_err *err);

/* mq_renderer_mail with a renderer for this one mail. */
int mq_render_mail(const char *tmpl_dir, const char *lang, const char *kind,
    const json_t *gamedata, const json_t *ctx, char **subject, char **text,
    char **html, struct mq_err *err);

#endif
