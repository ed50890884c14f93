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
 * each event with an "is_<type>": true flag and localised names, and so on.
 * ctx is the raw context below; returns a new object (ctx is not changed). */
json_t *mq_render_decorate(const json_t *gamedata, const char *lang, const json_t *ctx);

/* Render mail `kind` in `lang` from templates in tmpl_dir (e.g. "templates"):
 * TMPL_DIR/LANG/KIND.subject.mustache, KIND.txt.mustache, KIND.html.mustache,
 * partials from TMPL_DIR/LANG/_NAME.mustache. All three outputs malloc'd.
 * The text part's FIRST line must start with "=== masqued" (the reply
 * extractor cuts a quoted copy of our own mail at that line: see
 * mail/reply_text.h MQ_REPLY_MARKER), e.g. "=== masqued · reply above this line ===". */
int mq_render_mail(const char *tmpl_dir, const char *lang, const char *kind,
    const json_t *gamedata, const json_t *ctx, char **subject, char **text,
    char **html, struct mq_err *err);

#endif
