/*
 * story.h - a game's events told in plain English, one line each: the demo's
 * running story and the admin's replay. (Mail uses the templates instead.)
 */
#ifndef MQ_STORY_H
#define MQ_STORY_H

#include <stdint.h>

#include <jansson.h>

#include "buf.h"
#include "err.h"
#include "daemon/store.h"

/* Append one line per event of a game kind's events list (kind->events),
 * cards named from its data gamedata. */
void mq_story_events(const char *kind, const json_t *gamedata,
    const json_t *events, struct mq_buf *out);

/*
 * The story of game's entries after seq from (1: after the genesis) onto
 * out, and in *seq the last entry told. A journal or line that lost a part
 * for memory is "Out of memory." (MQ_IO), never a story with a part missing.
 */
int mq_story_since(struct mq_store *s, const char *game, uint64_t from,
    struct mq_buf *out, uint64_t *seq, struct mq_err *err);

#endif
