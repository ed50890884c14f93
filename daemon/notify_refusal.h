/*
 * notify_refusal.h - the sentence a refused command or message is answered
 * with, as the mails of notify.c carry it: translated by
 * mail/refusal_i18n.h, the game's words in it (a card, a room, a Spell)
 * named as the game's data names them in the reader's language.
 */
#ifndef MQ_NOTIFY_REFUSAL_H
#define MQ_NOTIFY_REFUSAL_H

#include <jansson.h>

#include "daemon/daemon.h"

/*
 * A refusal's sentence in lang (refusal_i18n.h), as a new JSON string, its
 * game words (a card, a room, a Spell) named as g's data names them in
 * lang (g NULL: a stranger's, with no game); the English one when it
 * cannot be translated (a broken catalog is logged, once, and the mail
 * still goes). NULL when out of memory: English then would be a mail the
 * player cannot read, for a passing reason.
 */
json_t *mq_notify_refusal_json(struct mq_daemon *d, const struct mq_game *g,
    const char *lang, const char *sentence);

#endif
