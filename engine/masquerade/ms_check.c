/*
 * ms_check.c - The Masquerade's invariants, checked after every step of a
 * bot game. Each failure names the invariant it broke, in a sentence.
 *
 * The ranges come first: every later check indexes arrays with the
 * state's numbers, so a number out of range is reported, never followed.
 */
#include <string.h>

#include "engine/masquerade/ms.h"

#define BROKEN(err, inv, ...) \
	mq_fail((err), MQ_REFUSED, "invariant \"" inv "\" broken: " __VA_ARGS__)

static const char *
who(const struct ms_state *st, int seat)
{
	return st->p[seat].name[0] != '\0' ? st->p[seat].name : "a player";
}

static const char *
spell_name(const struct ms_data *d, int k)
{
	return d->spell[k].nm.name[0];
}

/* A challenge is fought in the Challenge or Event phase (a duel) between
 * two seats, or a seat and the top Guardian; its window is one side's. */
static int
check_challenge(const struct ms_state *st, struct mq_err *err)
{
	const struct ms_challenge *ch = &st->ch;
	int a = ch->side[0], b = ch->side[1];

	if (ch->kind == MS_CH_NONE)
		return 0;
	if (ch->kind > MS_CH_DUEL || (st->phase != MS_PH_CHALLENGE &&
	    st->phase != MS_PH_EVENT) || ch->window > 1)
		return BROKEN(err, "a challenge is between dancers or a dancer "
		    "and the Guardian", "a challenge of kind %d in phase %d, "
		    "window %d.", ch->kind, st->phase, ch->window);
	if (a < 0 || a >= st->nplayers || b >= st->nplayers || a == b ||
	    (b < 0) != (ch->kind == MS_CH_TOWER))
		return BROKEN(err, "a challenge is between dancers or a dancer "
		    "and the Guardian", "seat %d challenges seat %d.", a, b);
	if (ch->kind == MS_CH_TOWER && (ch->guardian != st->guardian_next ||
	    ch->guardian >= st->data->nguardians))
		return BROKEN(err, "a challenge is between dancers or a dancer "
		    "and the Guardian", "%s fights Guardian %d, not the top "
		    "one.", who(st, a), ch->guardian + 1);
	return 0;
}

static int
check_ranges(const struct ms_state *st, struct mq_err *err)
{
	const struct ms_data *d = st->data;
	int i;

	if (st->nplayers < MS_MINP || st->nplayers > MS_MAXP)
		return BROKEN(err, "3 to 5 players", "the game has %d.",
		    st->nplayers);
	if (st->phase < MS_PH_DANCER || st->phase > MS_PH_OVER)
		return BROKEN(err, "the phase is one of the game's",
		    "phase %d is not.", st->phase);
	if (st->deck_n < 0 || st->deck_n > d->ndeck || st->deck_n > MS_DECK)
		return BROKEN(err, "every Spell accounted for",
		    "the deck holds %d cards, of %d.", st->deck_n, d->ndeck);
	for (i = 0; i < st->deck_n; i++)
		if (st->deck[i] >= d->nspells)
			return BROKEN(err, "every Spell accounted for",
			    "card %d of the deck is of no Spell kind (%d).", i,
			    st->deck[i]);
	if (st->guardian_next < 0 || st->guardian_next > d->nguardians)
		return BROKEN(err, "the Guardians are a deck",
		    "the top Guardian is number %d of %d.", st->guardian_next,
		    d->nguardians);
	if (st->npend < 0 || st->npend > MS_MAXPEND)
		return BROKEN(err, "at most 8 pending decisions",
		    "there are %d.", st->npend);
	for (i = 0; i < st->npend; i++)
		if (st->pend[i].kind < MS_P_DISCARD ||
		    st->pend[i].kind > MS_P_SWAP || st->pend[i].seat < 0 ||
		    st->pend[i].seat >= st->nplayers)
			return BROKEN(err, "at most 8 pending decisions",
			    "decision %d is of kind %d for seat %d.", i,
			    st->pend[i].kind, st->pend[i].seat);
	if (st->winner < -1 || st->winner >= st->nplayers)
		return BROKEN(err, "a winner only when the game is over",
		    "the winner is seat %d.", st->winner);
	if (st->prophet < -1 || st->prophet >= st->nplayers)
		return BROKEN(err, "the prophet is the dancer in the Chapel",
		    "the prophet is seat %d.", st->prophet);
	MQ_TRY(check_challenge(st, err));
	for (i = 0; i < st->nplayers; i++) {
		const struct ms_player *pl = &st->p[i];

		if (pl->mask_dealt < 0 || pl->mask_dealt >= d->nmasks)
			return BROKEN(err, "a Mask is the one dealt or none",
			    "%s was dealt Mask %d.", who(st, i), pl->mask_dealt);
		if (pl->dancer < -1 || pl->dancer >= d->ndancers)
			return BROKEN(err, "a dancer is one player's at most",
			    "%s has dancer %d.", who(st, i), pl->dancer);
		if (pl->stage < -1 || pl->stage >= d->nstages)
			return BROKEN(err, "a Stage holds at most its capacity",
			    "%s is on stage %d.", who(st, i), pl->stage);
	}
	return 0;
}

/* Deck, tomb, hands, VP counters and the Spells a KEEP offers: together,
 * exactly the copies of each kind. */
static int
check_spells(const struct ms_state *st, struct mq_err *err)
{
	const struct ms_data *d = st->data;
	int n[MS_SPELLS] = { 0 };
	int i, k, total = 0;

	for (i = 0; i < st->deck_n; i++)
		n[st->deck[i]]++;
	for (k = 0; k < MS_SPELLS; k++) {
		n[k] += st->tomb[k];
		for (i = 0; i < st->nplayers; i++)
			n[k] += st->p[i].hand[k] + st->p[i].banked[k];
		for (i = 0; i < st->npend; i++)
			if (st->pend[i].kind == MS_P_KEEP)
				n[k] += st->pend[i].held[k];
	}
	for (k = 0; k < MS_SPELLS; k++) {
		if (k >= d->nspells && n[k] != 0)
			return BROKEN(err, "every Spell accounted for",
			    "%d cards of Spell kind %d, which the card set does "
			    "not have.", n[k], k);
		if (k < d->nspells && n[k] != d->spell[k].copies)
			return BROKEN(err, "every Spell accounted for",
			    "%d %s in the deck, the tomb, hands, VP counters and "
			    "offers, of %d.", n[k], spell_name(d, k),
			    d->spell[k].copies);
		total += n[k];
	}
	if (total != d->ndeck)
		return BROKEN(err, "every Spell accounted for",
		    "%d Spells in all, of %d.", total, d->ndeck);
	return 0;
}

static int
check_players(const struct ms_state *st, struct mq_err *err)
{
	const struct ms_data *d = st->data;
	int i, j;

	for (i = 0; i < st->nplayers; i++) {
		const struct ms_player *pl = &st->p[i];

		if (pl->life < 0 || pl->life > d->max_life)
			return BROKEN(err, "life within 0 and the most",
			    "%s has %d life, of at most %d.", who(st, i),
			    pl->life, d->max_life);
		if (pl->mask != -1 && pl->mask != pl->mask_dealt)
			return BROKEN(err, "a Mask is the one dealt or none",
			    "%s holds %s but was dealt %s.", who(st, i),
			    pl->mask >= 0 && pl->mask < d->nmasks ?
			    d->mask[pl->mask].nm.name[0] : "no Mask",
			    d->mask[pl->mask_dealt].nm.name[0]);
		if (pl->dancer < 0)
			continue;
		if ((st->dancers_aside >> pl->dancer) & 1)
			return BROKEN(err, "a dancer is one player's at most",
			    "%s dances %s, which is also set aside.",
			    who(st, i), d->dancer[pl->dancer].nm.name[0]);
		for (j = i + 1; j < st->nplayers; j++)
			if (st->p[j].dancer == pl->dancer)
				return BROKEN(err, "a dancer is one player's at "
				    "most", "%s and %s both dance %s.", who(st, i),
				    who(st, j), d->dancer[pl->dancer].nm.name[0]);
	}
	if (st->dancers_aside >> d->ndancers)
		return BROKEN(err, "a dancer is one player's at most",
		    "a dancer the card set does not have is set aside.");
	return 0;
}

static int
check_stages(const struct ms_state *st, struct mq_err *err)
{
	const struct ms_data *d = st->data;
	int s, i, n;

	for (s = 0; s < d->nstages; s++) {
		for (n = 0, i = 0; i < st->nplayers; i++)
			n += st->p[i].stage == s;
		if (n > d->stage[s].capacity)
			return BROKEN(err, "a Stage holds at most its capacity",
			    "%d dancers are in the %s, of %d.", n,
			    d->stage[s].nm.name[0], d->stage[s].capacity);
	}
	return 0;
}

static int
check_orders(const struct ms_state *st, struct mq_err *err)
{
	unsigned seen = 0;
	int i, o;

	if (st->phase != MS_PH_STAGE && st->phase != MS_PH_SPELL &&
	    st->phase != MS_PH_CHALLENGE && st->phase != MS_PH_EVENT)
		return 0;
	for (i = 0; i < st->nplayers; i++) {
		o = st->p[i].order;
		if (o < 1 || o > MS_ORDERS)
			return BROKEN(err, "Orders 1 to 5, all different",
			    "%s holds Order %d.", who(st, i), o);
		if ((seen >> o) & 1)
			return BROKEN(err, "Orders 1 to 5, all different",
			    "%s holds Order %d, which another player holds too.",
			    who(st, i), o);
		seen |= 1u << o;
	}
	return 0;
}

/* The printed number of the lowest Guardian in a set of indexes. */
static int
guardian_number(const struct ms_state *st, unsigned set)
{
	int g = __builtin_ctz(set);

	return g < st->data->nguardians ? st->data->guardian[g].number : g + 1;
}

static int
check_treasures(const struct ms_state *st, struct mq_err *err)
{
	unsigned won = (1u << st->guardian_next) - 1, seen = 0, t;
	int i;

	for (i = 0; i < st->nplayers; i++) {
		t = st->p[i].treasures;
		if (t & ~won)
			return BROKEN(err, "Treasures come from the Guardians won",
			    "%s holds the Treasure of Guardian %d, not yet won.",
			    who(st, i), guardian_number(st, t & ~won));
		if (t & seen)
			return BROKEN(err, "a Treasure is one player's at most",
			    "%s holds the Treasure of Guardian %d, which another "
			    "player holds too.", who(st, i),
			    guardian_number(st, t & seen));
		seen |= t;
	}
	return 0;
}

static int
check_emblems(const struct ms_state *st, struct mq_err *err)
{
	const struct ms_data *d = st->data;
	int e, i, h;

	for (i = 0; i < st->nplayers; i++)
		if (st->p[i].emblems >> d->nemblems)
			return BROKEN(err, "an Emblem is where its holder says",
			    "%s holds an Emblem the card set does not have.",
			    who(st, i));
	for (e = 0; e < d->nemblems; e++) {
		h = st->emblem_holder[e];
		if (h < -1 || h >= st->nplayers)
			return BROKEN(err, "an Emblem is where its holder says",
			    "the %s is held by seat %d.", d->emblem[e].nm.name[0],
			    h);
		for (i = 0; i < st->nplayers; i++)
			if (((st->p[i].emblems >> e) & 1) != (i == h))
				return BROKEN(err, "an Emblem is where its holder "
				    "says", "the %s is %s's, but %s %s it.",
				    d->emblem[e].nm.name[0],
				    h >= 0 ? who(st, h) : "nobody", who(st, i),
				    i == h ? "does not hold" : "holds");
	}
	return 0;
}

static int
check_events(const struct ms_state *st, struct mq_err *err)
{
	const struct ms_data *d = st->data;
	unsigned all = (1u << d->nevents) - 1, tomb = 0;
	int i, e;

	if (st->events_left & ~all)
		return BROKEN(err, "every Event in the deck or the tomb, once",
		    "the Event deck holds an Event the card set does not have.");
	if (st->nevent_tomb < 0 || st->nevent_tomb > d->nevents)
		return BROKEN(err, "every Event in the deck or the tomb, once",
		    "the Event tomb holds %d, of %d.", st->nevent_tomb,
		    d->nevents);
	for (i = 0; i < st->nevent_tomb; i++) {
		e = st->event_tomb[i];
		if (e >= d->nevents)
			return BROKEN(err, "every Event in the deck or the tomb, "
			    "once", "the Event tomb holds Event %d.", e);
		if ((tomb >> e) & 1)
			return BROKEN(err, "every Event in the deck or the tomb, "
			    "once", "%s is in the tomb twice.",
			    d->event[e].nm.name[0]);
		if ((st->events_left >> e) & 1)
			return BROKEN(err, "every Event in the deck or the tomb, "
			    "once", "%s is in both the deck and the tomb.",
			    d->event[e].nm.name[0]);
		tomb |= 1u << e;
	}
	if ((tomb | st->events_left) != all)
		return BROKEN(err, "every Event in the deck or the tomb, once",
		    "%s is in neither.",
		    d->event[__builtin_ctz(all & ~(tomb | st->events_left))]
		    .nm.name[0]);
	return 0;
}

static int
check_prophet(const struct ms_state *st, struct mq_err *err)
{
	const struct ms_data *d = st->data;
	int s;

	if (st->prophet < 0)
		return 0;
	s = st->p[st->prophet].stage;
	if (s < 0 || d->stage[s].rule != MS_R_CHAPEL)
		return BROKEN(err, "the prophet is the dancer in the Chapel",
		    "%s is the prophet but is %s.", who(st, st->prophet),
		    s < 0 ? "on no stage" : "elsewhere");
	return 0;
}

static int
check_hands(const struct ms_state *st, struct mq_err *err)
{
	int i, j, lim, n, discarding;

	for (i = 0; i < st->nplayers; i++) {
		for (discarding = 0, j = 0; j < st->npend; j++)
			discarding |= st->pend[j].kind == MS_P_DISCARD &&
			    st->pend[j].seat == i;
		if (discarding)
			continue;
		n = ms_hand_size(&st->p[i]);
		lim = ms_hand_limit(st, i);
		if (n > lim)
			return BROKEN(err, "hands within their limit",
			    "%s holds %d Spells, over their limit of %d, and "
			    "owes no discard.", who(st, i), n, lim);
	}
	return 0;
}

static int
check_winner(const struct ms_state *st, struct mq_err *err)
{
	if (st->phase != MS_PH_OVER && st->winner != -1)
		return BROKEN(err, "a winner only when the game is over",
		    "%s has won before the end.", who(st, st->winner));
	return 0;
}

int
ms_check(const void *state, struct mq_err *err)
{
	const struct ms_state *st = state;

	MQ_TRY(check_ranges(st, err));
	MQ_TRY(check_spells(st, err));
	MQ_TRY(check_players(st, err));
	MQ_TRY(check_stages(st, err));
	MQ_TRY(check_orders(st, err));
	MQ_TRY(check_treasures(st, err));
	MQ_TRY(check_emblems(st, err));
	MQ_TRY(check_events(st, err));
	MQ_TRY(check_prophet(st, err));
	MQ_TRY(check_hands(st, err));
	MQ_TRY(check_winner(st, err));
	return 0;
}
