/*
 * rm_check.c - the game's invariants, checked after every step of a bot
 * game. Each failure names the invariant it broke.
 */
#include <string.h>

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

	if (st->rd_n < 0 || st->rd_n > RM_MAXRD)
		return mq_fail(err, MQ_REFUSED, "invariant \"Red Death rooms of "
		    "each time all different\" broken: %d cards a time.", st->rd_n);
	for (t = 0; t < RM_TIMES; t++) {
		m = 0;
		for (k = 0; k < st->rd_n; k++) {
			if (st->rd[t][k] < 0 || st->rd[t][k] >= RM_ROOMS)
				return mq_fail(err, MQ_REFUSED, "invariant \"Red "
				    "Death rooms of each time all different\" "
				    "broken at 12:%d0: no room %d.", t, st->rd[t][k]);
			m |= 1u << st->rd[t][k];
		}
		if (rm_popcount32(m) != st->rd_n)
			return mq_fail(err, MQ_REFUSED, "invariant \"Red Death rooms "
			    "of each time all different\" broken at 12:%d0.", t);
	}
	/* What the fast path reads in place of rd must be rd. */
	if (memcmp(st->rd, st->rd_sealed, sizeof(st->rd)) != 0)
		return mq_fail(err, MQ_REFUSED, "invariant \"Red Death rooms of "
		    "each time all different\" broken: the Red Death cards "
		    "changed after setup.");
	if (st->rd_cards != rm_red_death_cards(st))
		return mq_fail(err, MQ_REFUSED, "invariant \"Red Death rooms of "
		    "each time all different\" broken: the record of the Red "
		    "Death cards does not match them.");
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
 * bit seen twice, or anything else wrong, lands in bad. Only when it finds
 * something wrong do the checks above run, one by one, to name what broke.
 * The Red Death cards are read as sealed at setup: rd unchanged, and its
 * cards' set. One accumulator for everything wrong keeps the loop's values
 * in registers.
 */
static int
all_sound(const struct rm_state *st)
{
	/* played + 1 -> the played card's bit; 0 when none is played. */
	static const uint32_t played_bit[32] = {
		0, 1u << 0, 1u << 1, 1u << 2, 1u << 3, 1u << 4, 1u << 5, 1u << 6,
		1u << 7, 1u << 8, 1u << 9, 1u << 10, 1u << 11, 1u << 12, 1u << 13,
		1u << 14, 1u << 15, 1u << 16, 1u << 17, 1u << 18, 1u << 19,
		1u << 20, 1u << 21, 1u << 22, 1u << 23, 1u << 24, 1u << 25,
		1u << 26, 1u << 27, 1u << 28, 1u << 29, 1u << 30,
	};
	const struct rm_data *d = st->data;
	const uint32_t standard = d->standard_mask;
	const int spaces_n = d->track_spaces;
	uint64_t all, bad, spaces = 0, bit;
	int i, x;

	/* The deck's set is what accounting counts: its size must be the
	 * order's, and the next card drawn must come from it. */
	all = st->deck_set;
	bad = rm_popcount64(all) != st->deck_n;
	bad |= st->deck_n > 0 && !((all >> (st->deck[st->deck_n - 1] & 63)) & 1);
	bad |= memcmp(st->rd, st->rd_sealed, sizeof(st->rd)) != 0;
	bad |= rm_popcount64(st->rd_cards) != RM_TIMES * st->rd_n;
	bad |= all & st->rd_cards;
	all |= st->rd_cards;
	bad |= all & st->evidence_discard;
	all |= st->evidence_discard;
	for (i = 0; i < st->nplayers; i++) {
		const struct rm_player *pl = &st->p[i];
		uint32_t h = pl->hand, ds = pl->discards;
		uint32_t played = played_bit[(pl->played + 1) & 31];
		uint32_t own = standard | 1u << pl->personality;

		bad |= all & pl->rumors;
		all |= pl->rumors;
		/* Three sets of small bits are disjoint exactly when their sum
		 * is their union (no carries), and that union must be own. */
		bad |= ((h + ds + played) ^ own) | ((h | ds | played) ^ own);
		if (pl->alive) {
			/* Its space, (pop - 1) mod the spaces; off the track is bad. */
			bad |= pl->pop <= 0;
			for (x = pl->pop - 1; x >= spaces_n; x -= spaces_n)
				;
			bit = 1ULL << (x & 63);
			bad |= spaces & bit;
			spaces |= bit;
		} else {
			bad |= pl->has_pick | pl->has_next_pick | pl->has_move |
			    pl->has_place | (pl->pop != 0) | (pl->played >= 0);
		}
	}
	return !bad &&
	    all == (d->nrumors == 64 ? ~0ULL : (1ULL << d->nrumors) - 1) &&
	    (st->phase == RM_PH_OVER || st->winner == -1) &&
	    (st->phase != RM_PH_OVER || check_winner(st, NULL) == 0);
}

/* The slow path, apart, so that the fast one stays small. */
static int __attribute__((noinline))
name_the_broken(const struct rm_state *st, struct mq_err *err)
{
	MQ_TRY(check_spaces(st, err));
	MQ_TRY(check_cards(st, err));
	MQ_TRY(check_red_death(st, err));
	MQ_TRY(check_rumors(st, err));
	MQ_TRY(check_dead(st, err));
	MQ_TRY(check_winner(st, err));
	return mq_fatal("rm_check: the fast path and the named checks disagree"), 0;
}

int
rm_check(const void *state, struct mq_err *err)
{
	const struct rm_state *st = state;

	return all_sound(st) ? 0 : name_the_broken(st, err);
}
