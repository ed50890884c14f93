/*
 * deco_receipt.h - what each command a receipt lists as accepted does, for
 * the templates to say in the reader's language: internal to mail/
 * (render.c adds it to what decorate made, for either game).
 *
 * A command is logged in its canonical English form (PLAY flirt TARGET
 * dave SLOT 12:30), which a player who wrote プレイ 誘惑 ... may not know
 * for their own. Each entry of the context's "accepted" gets "does": an
 * object with one flag cmd_VERB and the command's parts, cards and rooms
 * named in lang from the game data:
 *   The Red Death: cmd_play (card; targets, slots, recover: {after,
 *     names: [{name, first}]} or false, after when a part came before;
 *     recover_none: {after} or false; parts: any of them), cmd_move
 *     (steps: [{is_cw, is_ccw, is_stay, first}]), cmd_plan (plan_all,
 *     plan_clear, plan_steps: [{time, is_cw, ..., first}]), cmd_place
 *     (room);
 *   The Masquerade: cmd_dancer, cmd_stage, cmd_bank, cmd_event (card),
 *     cmd_order (card, number), cmd_play (card; pay: [{name, count,
 *     first}]; on, bank: a name or false), cmd_reveal, cmd_pass,
 *     cmd_challenge (player), cmd_discard, cmd_keep (cards, as pay),
 *     cmd_swap (player, to_me, card);
 *   either game, for the SET lines a receipt lists (daemon/receipt.c):
 *     cmd_lang (set_en, set_ja, set_zh), cmd_notices (notices_on,
 *     notices_off).
 * "does" is false for a command with nothing to say (STATUS, HELP), a
 * form it does not know or a name the game data lacks. The partials
 * _does_txt and _does_html phrase it; the canonical text stays beside
 * it, as what the log holds and a commitment is of.
 */
#ifndef MQ_DECO_RECEIPT_H
#define MQ_DECO_RECEIPT_H

#include <jansson.h>

#include "mail/mval.h"

/*
 * data (decorate's values for ctx) with each accepted command's "does",
 * in the arena a: a new root sharing data's values, or data itself when
 * ctx accepts nothing. NULL when memory runs out.
 */
const struct mv *mq_deco_receipt(struct mq_arena *a, const struct mv *data,
    const json_t *gamedata, const char *lang, int masquerade,
    const json_t *ctx);

/*
 * What one canonical command text does, as above (an object with its
 * cmd_VERB flag), or false; me is the reader's name or NULL. For the
 * moves a player sent that wait to be revealed (decorate.c's "me").
 */
const struct mv *mq_deco_does(struct mq_arena *a, const json_t *gamedata,
    const char *lang, const char *me, int masquerade, const char *text);

#endif
