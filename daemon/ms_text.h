/*
 * ms_text.h - The Masquerade in plain English for the host's command line
 * (`view`, `state`, `replay`); mail uses the templates instead.
 */
#ifndef MQ_MS_TEXT_H
#define MQ_MS_TEXT_H

#include <jansson.h>

#include "buf.h"

/* One line per event of a masquerade events list (from kind->events),
 * but a run of one player's draws, one line ("  bob draws 3 Spells:
 * Concerto, March, Rhapsody."); cards named from the card set gamedata. */
void mq_ms_story(const json_t *gamedata, const json_t *events,
    struct mq_buf *out);
/* A Guardian's English name by its id ("G3": "the Dark Knight"), the
 * mails' (_guardian_name.mustache), or NULL. */
const char *mq_ms_guardian_name(const char *id);
/* A view as text onto out: the table, and every Mask and hand it holds
 * (the reader's own, or everyone's in the host's view); out->oom when
 * memory ran out (print nothing then). */
void mq_ms_view_text(const json_t *gamedata, const json_t *v,
    struct mq_buf *out);

#endif
