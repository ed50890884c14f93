/*
 * story.h - a game's events told in plain English, one line each: the demo's
 * running story and the admin's replay. (Mail uses the templates instead.)
 */
#ifndef MQ_STORY_H
#define MQ_STORY_H

#include <jansson.h>

#include "buf.h"

/* Append one line per event of a redmasque events list (from kind->events). */
void mq_story_events(const json_t *events, struct mq_buf *out);

#endif
