/*
 * rm_check.c - the game's invariants, checked after every step of a bot
 * game. Each failure names the invariant it broke.
 */
#include "engine/redmasque/rm.h"

static int
check_spaces(const struct rm_state *st, struct mq_err *err)
{
	uint64_t seen = 0, bit;
	int i;

	for (i = 0; i < st->nplayers; i++) {
		if (!st->p[i].alive)
			continue;
		if (st->p[i].pop <= 0)
			return mq_fail(err, MQ_REFUSED, "invariant \"popularity spaces "
			    "all different\" broken: %s is alive but off the track.",
			    st->p[i].name);
		bit = 1ULL << rm_track_index(st, st->p[i].pop);
		if (seen & bit)
			return mq_fail(err, MQ_REFUSED, "invariant \"popularity spaces "
			    "all different\" broken: %s shares space %d.",
			    st->p[i].name, rm_space(st, st->p[i].pop));
		seen |= bit;
	}
	return 0;
}

static int
check_cards(const struct rm_state *st, struct mq_err *err)
{
	int i;

	for (i = 0; i < st->nplayers; i++) {
		const struct rm_player *pl = &st->p[i];
		uint32_t own = st->data->standard_mask | 1u << pl->personality;
		uint32_t played = pl->played >= 0 ? 1u << pl->played : 0;

		if ((pl->hand & pl->discards) || (pl->hand & played) ||
		    (pl->discards & played) ||
		    (pl->hand | pl->discards | played) != own)
			return mq_fail(err, MQ_REFUSED, "invariant \"action cards "
			    "conserved\" broken: %s's hand, discards and played card "
			    "are not exactly their %d cards.", pl->name,
			    rm_popcount32(own));
	}
	return 0;
}

/*
 * Branch-free: OR every place together and count each place separately; a
 * card in two places makes the union smaller than the sum.
 */
static int
check_rumors(const struct rm_state *st, struct mq_err *err)
{
	uint64_t all = 0, want, m;
	int i, t, k, sum;

	want = st->data->nrumors == 64 ? ~0ULL : (1ULL << st->data->nrumors) - 1;
	for (i = 0; i < st->deck_n; i++)
		all |= 1ULL << st->deck[i];
	sum = st->deck_n;
	if (all != st->deck_set || rm_popcount64(all) != st->deck_n)
		return mq_fail(err, MQ_REFUSED, "invariant \"all %d Rumor cards "
		    "accounted for\" broken: the deck holds %d cards in its order "
		    "but %d in its set.", st->data->nrumors, st->deck_n,
		    rm_popcount64(st->deck_set));
	for (i = 0; i < st->nplayers; i++) {
		all |= st->p[i].rumors;
		sum += rm_popcount64(st->p[i].rumors);
	}
	all |= st->evidence_discard;
	sum += rm_popcount64(st->evidence_discard);
	for (t = 0; t < RM_TIMES; t++) {
		m = 0;
		for (k = 0; k < st->rd_n; k++)
			m |= 1ULL << st->rd[t][k];
		all |= m << (t * RM_ROOMS);
		sum += rm_popcount64(m);	/* two cards of one room count once */
	}
	if (all == want && sum == st->data->nrumors)
		return 0;
	if (sum != rm_popcount64(all))
		return mq_fail(err, MQ_REFUSED, "invariant \"all %d Rumor cards "
		    "accounted for\" broken: a card is in two places at once.",
		    st->data->nrumors);
	return mq_fail(err, MQ_REFUSED, "invariant \"all %d Rumor cards "
	    "accounted for\" broken: %d are in the deck, hands, discards and "
	    "Red Death cards.", st->data->nrumors, rm_popcount64(all));
}

static int
check_red_death(const struct rm_state *st, struct mq_err *err)
{
	unsigned m;
	int t, k;

	for (t = 0; t < RM_TIMES; t++) {
		m = 0;
		for (k = 0; k < st->rd_n; k++)
			m |= 1u << (st->rd[t][k] & 7);
		if (rm_popcount32(m) != st->rd_n)
			return mq_fail(err, MQ_REFUSED, "invariant \"Red Death rooms "
			    "of each time all different\" broken at 12:%d0.", t);
	}
	return 0;
}

static int
check_dead(const struct rm_state *st, struct mq_err *err)
{
	int i;

	for (i = 0; i < st->nplayers; i++) {
		const struct rm_player *pl = &st->p[i];

		if (pl->alive)
			continue;
		if (pl->has_pick || pl->has_next_pick || pl->has_move ||
		    pl->has_place || pl->pop != 0 || pl->played >= 0)
			return mq_fail(err, MQ_REFUSED, "invariant \"the dead never "
			    "act\" broken: %s is dead but holds a pick, a move or "
			    "a place on the track.", pl->name);
	}
	return 0;
}

static int
check_winner(const struct rm_state *st, struct mq_err *err)
{
	int i, best = -1;

	if (st->phase != RM_PH_OVER) {
		if (st->winner != -1)
			return mq_fail(err, MQ_REFUSED, "invariant \"the winner is the "
			    "most popular survivor\" broken: a winner before the end.");
		return 0;
	}
	for (i = 0; i < st->nplayers; i++)
		if (st->p[i].alive && (best < 0 || st->p[i].pop > st->p[best].pop))
			best = i;
	if (best != st->winner)
		return mq_fail(err, MQ_REFUSED, "invariant \"the winner is the most "
		    "popular survivor\" broken: the winner is %s, not %s.",
		    st->winner >= 0 ? st->p[st->winner].name : "nobody",
		    best >= 0 ? st->p[best].name : "nobody");
	return 0;
}

/*
 * The fast path: every invariant at once, without branches or counts; a
 * bit seen twice lands in dup. Only when it finds something wrong do the
 * checks above run, one by one, to name what broke.
 */
static int
all_sound(const struct rm_state *st)
{
	const struct rm_data *d = st->data;
	uint64_t all = 0, dup = 0, bit, want, spaces = 0, sdup = 0;
	unsigned bad = 0;
	int i, t, k;

	/* The deck's set is what accounting counts: its size must be the
	 * order's, and the next card drawn must come from it. */
	all = st->deck_set;
	bad |= rm_popcount64(all) != st->deck_n;
	bad |= st->deck_n > 0 && !((all >> (st->deck[st->deck_n - 1] & 63)) & 1);
	for (t = 0; t < RM_TIMES; t++)
		for (k = 0; k < st->rd_n; k++) {
			bit = 1ULL << (t * RM_ROOMS + st->rd[t][k]);
			dup |= all & bit;
			all |= bit;
		}
	dup |= all & st->evidence_discard;
	all |= st->evidence_discard;
	for (i = 0; i < st->nplayers; i++) {
		const struct rm_player *pl = &st->p[i];
		uint32_t played = pl->played >= 0 ? 1u << pl->played : 0;
		uint32_t own = d->standard_mask | 1u << pl->personality;

		dup |= all & pl->rumors;
		all |= pl->rumors;
		bad |= (pl->hand & pl->discards) | (pl->hand & played) |
		    (pl->discards & played) | ((pl->hand | pl->discards | played) ^ own);
		if (pl->alive) {
			bad |= pl->pop <= 0;
			bit = 1ULL << rm_track_index(st, pl->pop > 0 ? pl->pop : 1);
			sdup |= spaces & bit;
			spaces |= bit;
		} else {
			bad |= pl->has_pick | pl->has_next_pick | pl->has_move |
			    pl->has_place | (pl->pop != 0) | (pl->played >= 0);
		}
	}
	want = d->nrumors == 64 ? ~0ULL : (1ULL << d->nrumors) - 1;
	return !bad && !dup && !sdup && all == want &&
	    (st->phase == RM_PH_OVER || st->winner == -1) &&
	    (st->phase != RM_PH_OVER || check_winner(st, NULL) == 0);
}

int
rm_check(const void *state, struct mq_err *err)
{
	const struct rm_state *st = state;

	if (all_sound(st))
		return 0;
	MQ_TRY(check_spaces(st, err));
	MQ_TRY(check_cards(st, err));
	MQ_TRY(check_red_death(st, err));
	MQ_TRY(check_rumors(st, err));
	MQ_TRY(check_dead(st, err));
	MQ_TRY(check_winner(st, err));
	return mq_fatal("rm_check: the fast path and the named checks disagree"), 0;
}
