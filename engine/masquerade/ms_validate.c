/*
 * ms_validate.c - The Masquerade: who owes what, and whether a command is
 * legal, with one sentence for every refusal; and what a seat could do
 * now (play a Spell, fight, challenge, take an Order), which ms_advance
 * asks too, to pass a seat that has no choice.
 */
#include <stdio.h>
#include <string.h>

#include "engine/masquerade/ms.h"

/* --- who owes what --- */

int
ms_owing_seat(const struct ms_state *st)
{
	if (st->phase == MS_PH_OVER)
		return -1;
	if (st->npend > 0)
		return st->pend[0].seat;
	if (st->ch.kind != MS_CH_NONE)
		return st->ch.side[st->ch.window];
	if (st->phase == MS_PH_EVENT)
		return st->event_chosen ? -1 : st->prophet;
	return st->step < st->nplayers ? st->seq[st->step] : -1;
}

const char *
ms_owes(const void *state, int seat)
{
	static const char *const pend_word[] = {
		NULL, "discard", "keep", "bank", "duel", "swap",
	};
	static const char *const phase_word[] = {
		"dancer", "order", "stage", "spell", "challenge", "event", NULL,
	};
	const struct ms_state *st = state;

	if (seat < 0 || ms_owing_seat(st) != seat)
		return NULL;
	if (st->npend > 0)
		return pend_word[st->pend[0].kind];
	if (st->ch.kind != MS_CH_NONE)
		return "fight";
	return phase_word[st->phase];
}

/* --- what a seat could do --- */

static int
spell_has(const struct ms_spell *sp, int op)
{
	int i;

	for (i = 0; i < sp->neff; i++)
		if (sp->eff[i].op == op)
			return 1;
	return 0;
}

/* A Spell of this timing the seat holds and can pay for. */
int
ms_can_play_any(const struct ms_state *st, int seat, int timing)
{
	const struct ms_player *pl = &st->p[seat];
	int k, hand = ms_hand_size(pl);

	for (k = 0; k < st->data->nspells; k++)
		if (pl->hand[k] > 0 && st->data->spell[k].timing == timing &&
		    ms_spell_cost(st, seat, k) <= hand - 1)
			return 1;
	return 0;
}

static int
mask_locked(const struct ms_state *st, int side)
{
	const struct ms_guardian *g;
	int i;

	if (st->ch.kind != MS_CH_TOWER || side != 0)
		return 0;
	g = &st->data->guardian[st->ch.guardian];
	for (i = 0; i < g->neff; i++)
		if (g->eff[i].op == MS_OP_MASK_LOCKED)
			return 1;
	return 0;
}

int
ms_side_of(const struct ms_state *st, int seat)
{
	return st->ch.side[0] == seat ? 0 : 1;
}

/* Once per game, in a challenge one fights in, unless the Guardian locks it. */
static int
can_reveal(const struct ms_state *st, int seat)
{
	int side = ms_side_of(st, seat);

	return st->p[seat].mask >= 0 && !st->ch.masked[side] &&
	    !mask_locked(st, side);
}

int
ms_has_fight_option(const struct ms_state *st, int seat)
{
	return can_reveal(st, seat) || ms_can_play_any(st, seat, MS_T_IN_CHALLENGE);
}

/* Someone seat may challenge: any other dancer, on any stage [decided]. */
int
ms_has_target(const struct ms_state *st, int seat)
{
	int i;

	for (i = 0; i < st->nplayers; i++)
		if (i != seat && ms_can_be_challenged(st, i))
			return 1;
	return 0;
}

int
ms_order_free(const struct ms_state *st, int seat, int n)
{
	int i, left = 0, holder = ms_order_holder(st, n);

	if (n < 1 || n > st->data->norders || (holder >= 0 && holder != seat))
		return 0;
	if (n != st->p[seat].last_order)
		return 1;
	/* one's own last Order only when it is the only one left */
	for (i = 1; i <= st->data->norders; i++)
		left += ms_order_holder(st, i) < 0;
	return left == 1;
}

static const char *
spell_name(const struct ms_state *st, int k)
{
	return st->data->spell[k].nm.name[0];
}

/* --- validation: one sentence for every refusal --- */

int
ms_count_of(const uint8_t *n)
{
	int k, c = 0;

	for (k = 0; k < MS_SPELLS; k++)
		c += n[k];
	return c;
}

/* Whether seat played Spell card this turn (the events kept say so). */
static int
played_this_turn(const struct ms_state *st, int seat, int card)
{
	const struct ms_event *e;
	uint32_t n, from;

	from = st->hist_n > MS_HIST ? st->hist_n - MS_HIST : 0;
	for (n = st->hist_n; n > from; n--) {
		e = &st->hist[(n - 1) % MS_HIST];
		if (e->type == MS_E_TURN)
			break;
		if (e->type == MS_E_PLAY && e->actor == seat && e->card == card)
			return 1;
	}
	return 0;
}

static int
validate_play(const struct ms_state *st, int seat, const struct ms_cmd *c,
    int timing, struct mq_err *err)
{
	const struct ms_data *d = st->data;
	const struct ms_player *pl = &st->p[seat];
	const struct ms_spell *sp;
	int k, cost, paid, left;

	if (c->card < 0 || c->card >= d->nspells)
		return mq_fail(err, MQ_REFUSED, "PLAY needs the name of a Spell.");
	sp = &d->spell[c->card];
	if (pl->hand[c->card] == 0) {
		/* a second PLAY of the one just played (in one mail) */
		if (played_this_turn(st, seat, c->card))
			return mq_fail(err, MQ_REFUSED, st->tomb[c->card] > 0 ?
			    "You have played %s already this turn (it is in the "
			    "Spell tomb), and you hold no other." : "You have "
			    "played %s already this turn, and you hold no other.",
			    sp->nm.name[0]);
		return mq_fail(err, MQ_REFUSED, "You hold no %s.", sp->nm.name[0]);
	}
	if (sp->timing != timing)
		return mq_fail(err, MQ_REFUSED, "%s is played %s, not now.",
		    sp->nm.name[0], sp->timing == MS_T_SPELL_PHASE ?
		    "in your Spell phase" : "while you are in a challenge");
	cost = ms_spell_cost(st, seat, c->card);
	paid = ms_count_of(c->n);
	if (paid != cost)
		return mq_fail(err, MQ_REFUSED, "%s costs %d Spell%s from your "
		    "hand; you named %d after PAY.", sp->nm.name[0], cost,
		    cost == 1 ? "" : "s", paid);
	for (k = 0; k < MS_SPELLS; k++)
		if (c->n[k] > pl->hand[k] - (k == c->card))
			return mq_fail(err, MQ_REFUSED, "You cannot pay with %d %s: "
			    "you hold %d%s.", c->n[k], k < d->nspells ?
			    spell_name(st, k) : "?", pl->hand[k] - (k == c->card),
			    k == c->card ? " besides the one you play" : "");
	if (spell_has(sp, MS_OP_LOSE_LIFE) || spell_has(sp, MS_OP_STEAL_SPELL)) {
		if (c->target < 0 || c->target >= st->nplayers || c->target == seat)
			return mq_fail(err, MQ_REFUSED, "%s needs another player: "
			    "add ON and their name.", sp->nm.name[0]);
	} else if (c->target >= 0)
		return mq_fail(err, MQ_REFUSED, "%s takes no player; leave out ON.",
		    sp->nm.name[0]);
	left = ms_hand_size(pl) - 1 - paid;
	if (spell_has(sp, MS_OP_BANK_VP)) {
		if (left > 0 && c->card2 < 0)
			return mq_fail(err, MQ_REFUSED, "%s banks a Spell from your "
			    "hand as a VP counter: add BANK and its name.",
			    sp->nm.name[0]);
		if (c->card2 >= 0 && (c->card2 >= d->nspells ||
		    pl->hand[c->card2] - (c->card2 == c->card) -
		    c->n[c->card2] <= 0))
			return mq_fail(err, MQ_REFUSED, "You will not hold that "
			    "Spell to bank once %s and its cost are paid.",
			    sp->nm.name[0]);
	} else if (c->card2 >= 0)
		return mq_fail(err, MQ_REFUSED, "%s banks nothing; leave out BANK.",
		    sp->nm.name[0]);
	return 0;
}

/* Each kind named is among have: the hand (DISCARD) or those received (KEEP). */
static int
validate_spells(const struct ms_state *st, const uint8_t *have,
    const uint8_t *n, const char *verb, const char *source,
    struct mq_err *err)
{
	int k;

	for (k = 0; k < MS_SPELLS; k++)
		if (n[k] > have[k])
			return mq_fail(err, MQ_REFUSED, "You cannot %s %d %s: %s "
			    "%d.", verb, n[k], k < st->data->nspells ?
			    spell_name(st, k) : "?", source, have[k]);
	return 0;
}

static int
validate_target(const struct ms_state *st, int seat, int target,
    struct mq_err *err)
{
	const struct ms_names *shield = NULL;
	int leader = 0;

	if (target < 0 || target >= st->nplayers)
		return mq_fail(err, MQ_REFUSED, "CHALLENGE needs another player's "
		    "name.");
	if (target == seat)
		return mq_fail(err, MQ_REFUSED, "You cannot challenge yourself.");
	switch (ms_challenge_shield(st, target, &shield, &leader)) {
	case 1:
		return mq_fail(err, MQ_REFUSED, "You cannot challenge %s now: "
		    "they have no Dancer.", st->p[target].name);
	case 2:
		return mq_fail(err, MQ_REFUSED, leader ? "You cannot challenge %s "
		    "now: they hold %s and lead in VP." : "You cannot challenge "
		    "%s now: they hold %s.", st->p[target].name,
		    shield != NULL ? shield->name[0] : "?");
	}
	return 0;
}

/*
 * What the owing seat is to do, for a refusal: said to that player (you) or
 * to another one about them. A discard or a keep says how many, the head
 * of the queue being the decision owed.
 */
static const char *
owes_help(const struct ms_state *st, const char *owes, int you, char *buf,
    size_t size)
{
	const char *their = you ? "your" : "their";

	if (strcmp(owes, "dancer") == 0)
		return "choose a Dancer with DANCER";
	if (strcmp(owes, "order") == 0)
		return "choose an Order with ORDER and its number";
	if (strcmp(owes, "challenge") == 0)
		return "CHALLENGE a dancer, or PASS";
	if (strcmp(owes, "bank") == 0)
		return "BANK a Spell as a VP counter, or PASS";
	if (strcmp(owes, "duel") == 0)
		return "CHALLENGE a dancer to a duel, or PASS";
	if (strcmp(owes, "swap") == 0)
		return "SWAP a player's dancer for a set-aside one";
	if (strcmp(owes, "event") == 0)
		return "choose an Event with EVENT";
	if (strcmp(owes, "stage") == 0)
		snprintf(buf, size, "send %s dancer to a Stage with STAGE",
		    their);
	else if (strcmp(owes, "spell") == 0)
		snprintf(buf, size, "PLAY Spells of %s Spell phase, then PASS",
		    their);
	else if (strcmp(owes, "fight") == 0)
		snprintf(buf, size, "PLAY challenge Spells or REVEAL %s Mask, "
		    "then PASS", their);
	else if (strcmp(owes, "discard") == 0)
		snprintf(buf, size, "DISCARD Spells down to %d", st->pend[0].n);
	else
		snprintf(buf, size, "KEEP up to %d of the Spells %s received, "
		    "or PASS", st->pend[0].n, you ? "you" : "they");
	return buf;
}

int
ms_validate(const struct ms_state *st, int seat, const struct ms_cmd *c,
    struct mq_err *err)
{
	const struct ms_data *d = st->data;
	const struct ms_player *pl;
	const char *owes;
	char help[96];
	int who, i;

	if (seat < 0 || seat >= st->nplayers)
		return mq_fail(err, MQ_REFUSED, "There is no player in seat %d.",
		    seat);
	if (c->type == MS_C_STATUS || c->type == MS_C_HELP)
		return 0;
	if (c->type < MS_C_DANCER || c->type > MS_C_HELP)
		return mq_fail(err, MQ_REFUSED, "That command is not understood.");
	if (st->phase == MS_PH_OVER)
		return mq_fail(err, MQ_REFUSED, "The game is over; nothing more can "
		    "be played. Reply STATUS to any of the game's mails to see "
		    "how it ended.");
	pl = &st->p[seat];
	who = ms_owing_seat(st);
	/* an Order is final once chosen (or dealt, on turn 1): ORDER to
	 * change it was told whose turn it was, as if it could wait; then
	 * what the game waits for, as a STAGE or DANCER made already is */
	if (c->type == MS_C_ORDER && pl->order != 0 && who < 0)
		return mq_fail(err, MQ_REFUSED,
		    st->turn <= 1 ? "You were dealt Order %d for this turn, and "
		    "an Order cannot be changed." : "You have chosen Order %d "
		    "already this turn, and an Order cannot be changed once "
		    "chosen.", pl->order);
	if (c->type == MS_C_ORDER && pl->order != 0 && who == seat)
		return mq_fail(err, MQ_REFUSED,
		    st->turn <= 1 ? "You were dealt Order %d for this turn, and "
		    "an Order cannot be changed; now you are to %s." : "You have "
		    "chosen Order %d already this turn, and an Order cannot be "
		    "changed once chosen; now you are to %s.", pl->order,
		    owes_help(st, ms_owes(st, seat), 1, help, sizeof(help)));
	if (c->type == MS_C_ORDER && pl->order != 0)
		return mq_fail(err, MQ_REFUSED,
		    st->turn <= 1 ? "You were dealt Order %d for this turn, and "
		    "an Order cannot be changed; now %s is to %s." : "You have "
		    "chosen Order %d already this turn, and an Order cannot be "
		    "changed once chosen; now %s is to %s.", pl->order,
		    st->p[who].name, owes_help(st, ms_owes(st, who), 0, help,
		    sizeof(help)));
	if (who < 0)
		return mq_fail(err, MQ_REFUSED, "Nobody is to play now.");
	/* a STAGE or DANCER made already (a reply to an old mail) is told
	 * so first: "Not now: you are to ..." left the player to guess why,
	 * and "It is not your turn ... send the line again then" asked for
	 * a line that will never be taken */
	if (c->type == MS_C_STAGE && pl->stage >= 0)
		return who == seat ? mq_fail(err, MQ_REFUSED, "You went to the "
		    "%s already this turn; now you are to %s.",
		    d->stage[pl->stage].nm.name[0], owes_help(st, ms_owes(st,
		    seat), 1, help, sizeof(help))) : mq_fail(err, MQ_REFUSED,
		    "You went to the %s already this turn; now %s is to %s.",
		    d->stage[pl->stage].nm.name[0], st->p[who].name,
		    owes_help(st, ms_owes(st, who), 0, help, sizeof(help)));
	if (c->type == MS_C_DANCER && pl->dancer >= 0)
		return who == seat ? mq_fail(err, MQ_REFUSED, "Your Dancer is "
		    "the %s already; now you are to %s.",
		    d->dancer[pl->dancer].nm.name[0], owes_help(st, ms_owes(st,
		    seat), 1, help, sizeof(help))) : mq_fail(err, MQ_REFUSED,
		    "Your Dancer is the %s already; now %s is to %s.",
		    d->dancer[pl->dancer].nm.name[0], st->p[who].name,
		    owes_help(st, ms_owes(st, who), 0, help, sizeof(help)));
	if (who != seat)
		/* a move sent early is not kept (DESIGN.md keeps The Red
		 * Death's next-phase move): the player is told it waits for
		 * nothing, and what to do */
		return mq_fail(err, MQ_REFUSED, "It is not your turn: %s is to "
		    "%s. You will get a mail when it is yours; send the line "
		    "again then.", st->p[who].name, owes_help(st, ms_owes(st,
		    who), 0, help, sizeof(help)));
	owes = ms_owes(st, seat);
	switch (c->type) {
	case MS_C_DANCER:
		if (strcmp(owes, "dancer") != 0)
			break;
		if (c->card < 0 || c->card >= d->ndancers)
			return mq_fail(err, MQ_REFUSED, "DANCER needs a Dancer's name.");
		for (i = 0; i < st->nplayers; i++)
			if (st->p[i].dancer == c->card) {
				char free_list[300];

				ms_free_dancer_list(st, free_list, sizeof(free_list));
				return mq_fail(err, MQ_REFUSED, "%s is taken by %s; the "
				    "Dancers still free are %s.",
				    d->dancer[c->card].nm.name[0], st->p[i].name,
				    free_list);
			}
		return 0;
	case MS_C_ORDER:
		if (strcmp(owes, "order") != 0)
			break;
		if (c->card < 1 || c->card > d->norders)
			return mq_fail(err, MQ_REFUSED, "ORDER takes a number from 1 "
			    "to %d.", d->norders);
		if (ms_order_holder(st, c->card) >= 0)
			return mq_fail(err, MQ_REFUSED, "Order %d is taken by %s.",
			    c->card, st->p[ms_order_holder(st, c->card)].name);
		if (!ms_order_free(st, seat, c->card))
			return mq_fail(err, MQ_REFUSED, "You had Order %d last turn; "
			    "choose another.", c->card);
		return 0;
	case MS_C_STAGE:
		if (strcmp(owes, "stage") != 0)
			break;
		if (c->card < 0 || c->card >= d->nstages)
			return mq_fail(err, MQ_REFUSED, "STAGE needs a Stage's name.");
		if (ms_stage_count(st, c->card) >= d->stage[c->card].capacity)
			return mq_fail(err, MQ_REFUSED, "%s is full.",
			    d->stage[c->card].nm.name[0]);
		return 0;
	case MS_C_PLAY:
		if (strcmp(owes, "spell") == 0)
			return validate_play(st, seat, c, MS_T_SPELL_PHASE, err);
		if (strcmp(owes, "fight") == 0)
			return validate_play(st, seat, c, MS_T_IN_CHALLENGE, err);
		break;
	case MS_C_REVEAL:
		if (strcmp(owes, "fight") != 0)
			break;
		if (pl->mask < 0)
			return mq_fail(err, MQ_REFUSED, "Your Mask is used already.");
		if (st->ch.masked[ms_side_of(st, seat)])
			return mq_fail(err, MQ_REFUSED, "Your Mask is revealed in "
			    "this challenge already.");
		if (mask_locked(st, ms_side_of(st, seat)))
			return mq_fail(err, MQ_REFUSED, "This Guardian locks your "
			    "Mask: it cannot be revealed against it.");
		return 0;
	case MS_C_PASS:
		if (strcmp(owes, "spell") == 0 || strcmp(owes, "fight") == 0 ||
		    strcmp(owes, "challenge") == 0 || strcmp(owes, "bank") == 0 ||
		    strcmp(owes, "keep") == 0 || strcmp(owes, "duel") == 0)
			return 0;
		break;
	case MS_C_CHALLENGE:
		if (strcmp(owes, "challenge") == 0 || strcmp(owes, "duel") == 0)
			return validate_target(st, seat, c->target, err);
		break;
	case MS_C_BANK:
		if (strcmp(owes, "bank") != 0)
			break;
		if (c->card < 0 || c->card >= d->nspells || pl->hand[c->card] == 0)
			return mq_fail(err, MQ_REFUSED, "BANK needs a Spell you hold.");
		return 0;
	case MS_C_DISCARD:
		if (strcmp(owes, "discard") != 0)
			break;
		MQ_TRY(validate_spells(st, pl->hand, c->n, "discard", "you hold",
		    err));
		if (ms_count_of(c->n) != ms_hand_size(pl) - st->pend[0].n)
			return mq_fail(err, MQ_REFUSED, "Discard exactly %d Spell%s, "
			    "down to %d.", ms_hand_size(pl) - st->pend[0].n,
			    ms_hand_size(pl) - st->pend[0].n == 1 ? "" : "s",
			    st->pend[0].n);
		return 0;
	case MS_C_KEEP:
		if (strcmp(owes, "keep") != 0)
			break;
		/* none kept is PASS: a KEEP of nothing has no text to log */
		if (ms_count_of(c->n) == 0)
			return mq_fail(err, MQ_REFUSED, "KEEP needs a Spell you "
			    "received; PASS keeps none.");
		MQ_TRY(validate_spells(st, st->pend[0].held, c->n, "keep",
		    "you received", err));
		if (ms_count_of(c->n) > st->pend[0].n)
			return mq_fail(err, MQ_REFUSED, "You have room for %d Spell%s "
			    "only.", st->pend[0].n, st->pend[0].n == 1 ? "" : "s");
		return 0;
	case MS_C_EVENT:
		if (strcmp(owes, "event") != 0)
			break;
		if (c->card < 0 || c->card >= d->nevents)
			return mq_fail(err, MQ_REFUSED, "EVENT needs an Event's name.");
		if (!(st->events_left & (1u << c->card)))
			return mq_fail(err, MQ_REFUSED, "%s has happened already.",
			    d->event[c->card].nm.name[0]);
		return 0;
	case MS_C_SWAP:
		if (strcmp(owes, "swap") != 0)
			break;
		if (c->target < 0 || c->target >= st->nplayers)
			return mq_fail(err, MQ_REFUSED, "SWAP needs a player's name "
			    "and a set-aside Dancer.");
		if (c->card2 < 0 || c->card2 >= d->ndancers ||
		    !(st->dancers_aside & (1u << c->card2)))
			return mq_fail(err, MQ_REFUSED, "SWAP needs one of the "
			    "set-aside Dancers.");
		return 0;
	}
	return mq_fail(err, MQ_REFUSED, "Not now: you are to %s.",
	    owes_help(st, owes, 1, help, sizeof(help)));
}

/*
 * A PASS ends a window the player is in (their Spells, their side of a
 * fight), and the mails ask for one after the PLAY or REVEAL lines. When
 * that window closed by itself after the line before (nothing was left to
 * play; a CHALLENGE whose own side never opened), the PASS would answer
 * whatever the player owes next (decline banking the Spell a fight just
 * won, say), a question they never saw: it is not applied, and the player
 * is told that window is over and nothing needs doing.
 */
/* The same command, as the game reads it (the line's case, spaces and
 * synonyms are gone once parsed). */
static int
same_cmd(const struct ms_cmd *a, const struct ms_cmd *b)
{
	return a->type == b->type && a->card == b->card &&
	    a->target == b->target && a->card2 == b->card2 &&
	    memcmp(a->n, b->n, sizeof(a->n)) == 0;
}

/*
 * A line that repeats the one before it, applied (a line pasted twice),
 * and that is not legal now only because that one was applied: it was
 * needed no more, not refused (the same mail sent again is told "received
 * already"). A repeat still legal (a second PLAY of a Spell held twice) is
 * applied as any line.
 */
static int
repeated(const struct ms_state *st, int seat, const struct ms_cmd *p,
    const struct ms_cmd *c, struct mq_err *err)
{
	struct mq_err why;

	if (!same_cmd(p, c) || ms_validate(st, seat, c, &why) == 0)
		return 0;
	mq_fail(err, MQ_REFUSED, "Not applied again: it repeats the line "
	    "before, which was applied.");
	return MQ_LINE_MOOT;
}

int
ms_follows(const void *state, int seat, const struct mq_cmd *prev,
    const char *owed, const struct mq_cmd *cmd, struct mq_err *err)
{
	const struct ms_cmd *p = ms_cmd_ofc(prev), *c = ms_cmd_ofc(cmd);
	const char *window, *now = ms_owes(state, seat);

	if (repeated(state, seat, p, c, err) != 0)
		return MQ_LINE_MOOT;
	if (c->type != MS_C_PASS && c->type != MS_C_PLAY &&
	    c->type != MS_C_REVEAL)
		return 0;
	if (p->type == MS_C_PLAY || p->type == MS_C_REVEAL)
		window = owed;
	else if (p->type == MS_C_CHALLENGE)
		window = "fight";
	else
		return 0;
	if (window != NULL && now != NULL && strcmp(now, window) == 0)
		return 0;
	/* a PLAY or REVEAL after its window closed, with nothing owed now:
	 * said so, not "It is not your turn" of a mail written in it */
	if (c->type != MS_C_PASS) {
		const char *verb = c->type == MS_C_PLAY ? "PLAY" : "REVEAL";

		/* the line before ended the game: its own refusal says so */
		if (now != NULL || window == NULL ||
		    ((const struct ms_state *)state)->phase == MS_PH_OVER)
			return 0;
		if (strcmp(window, "spell") == 0)
			return mq_fail(err, MQ_REFUSED, "%s not applied: your "
			    "Spells ended by themselves after the line before "
			    "(nothing was left you could play), and the game "
			    "went on.", verb);
		if (strcmp(window, "fight") == 0)
			return mq_fail(err, MQ_REFUSED, "%s not applied: your "
			    "side of the fight ended by itself after the line "
			    "before (nothing was left you could play), and the "
			    "game went on.", verb);
		return 0;
	}
	/* (window is "spell" or "fight": the line before was applied, and
	 * a PLAY or REVEAL is applied in no other) */
	if (window != NULL && strcmp(window, "spell") == 0)
		mq_fail(err, MQ_REFUSED, "PASS not applied: the line before "
		    "already ended your Spell plays (you had none left to "
		    "play), so there is nothing to pass.");
	else
		mq_fail(err, MQ_REFUSED, "PASS not applied: the line before "
		    "already ended your side of the fight (you had nothing "
		    "left to play), so there is nothing to pass.");
	return MQ_LINE_MOOT;	/* needed no more: no problem, stops nothing */
}
