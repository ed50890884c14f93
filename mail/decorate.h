/*
 * decorate.h - decorate, with what it keeps between mails: internal to
 * mail/ (render.c's renderer holds a few of these; mq_render_decorate in
 * render.h makes one for a single call).
 *
 * A struct mq_deco_game holds what depends only on the game data and the
 * language (names, room objects, the catalogue, ...), and a reference to
 * the game data, which must not change while it is held.
 */
#ifndef MQ_DECORATE_H
#define MQ_DECORATE_H

#include <jansson.h>

#include "mail/mval.h"
#include "mail/names.h"

struct mq_deco_game;

/* NULL when memory runs out (nothing half-built is ever returned). */
struct mq_deco_game *mq_deco_game_new(const json_t *gamedata, const char *lang);
void mq_deco_game_free(struct mq_deco_game *g);

/*
 * 1 when g serves this game data (the same object, or one equal to it,
 * then remembered) in this language.
 */
int mq_deco_game_is(struct mq_deco_game *g, const json_t *gamedata,
    const char *lang);

/*
 * mq_render_decorate (render.h) for g's game data and language, as values
 * in the arena a (mval.h) that refer to ctx's and g's own: they last as
 * long as all three do. Only the keys in want are made (names.h; NULL:
 * all of them). NULL when memory runs out.
 */
const struct mv *mq_deco_game_decorate(struct mq_deco_game *g,
    struct mq_arena *a, const json_t *ctx, struct mq_names *want);

/*
 * The Masquerade's values (deco_ms.c): the context ctx with every card id
 * named in lang from the card set gamedata, and the flags its templates
 * read; in the arena a, referring to ctx and gamedata. NULL when memory
 * runs out.
 */
const struct mv *mq_deco_ms_decorate(struct mq_arena *a,
    const json_t *gamedata, const char *lang, const json_t *ctx);

#endif
