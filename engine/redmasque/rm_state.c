/*
 * rm_state.c - setting a game up, and the popularity track.
 *
 * The track's skip rule lives here alone: a step goes to the next physical
 * space, occupied spaces are skipped and do not count, and a marker never
 * goes below space 1 of the first lap.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/redmasque/rm.h"

void
rm_rumor_info(const struct rm_data *d, int rumor, int *time, int *room)
{
	if (rumor < d->ngossip) {
		*time = rumor / RM_ROOMS;
		*room = rumor % RM_ROOMS;
	} else {
		*time = (rumor - d->ngossip) / d->evidence_per_time;
		*room = -1;
	}
}

/* The Red Death cards as Rumor card ids: bit time * 7 + room. */
uint64_t
rm_red_death_cards(const struct rm_state *st)
{
	uint64_t m = 0;
	int t, k;

	for (t = 0; t < RM_TIMES; t++)
		for (k = 0; k < st->rd_n; k++)
			m |= 1ULL << (t * RM_ROOMS + st->rd[t][k]);
	return m;
}

/* Record the Red Death cards as dealt, for the check; see rm.h. */
void
rm_seal_red_death(struct rm_state *st)
{
	memcpy(st->rd_sealed, st->rd, sizeof(st->rd_sealed));
	st->rd_cards = rm_red_death_cards(st);
}

int
rm_space(const struct rm_state *st, int pop)
{
	return pop <= 0 ? 0 : rm_track_index(st, pop) + 1;
}

/* The spaces (track indexes) of the markers on the track, but one's. */
static uint64_t
occupied(const struct rm_state *st, int except)
{
	uint64_t m = 0;
	int i, on;

	for (i = 0; i < st->nplayers; i++) {
		on = (i != except) & (st->p[i].pop > 0);
		m |= (uint64_t)on << rm_track_index(st, on ? st->p[i].pop : 1);
	}
	return m;
}

/*
 * Each step goes to the next free space, so a move of delta steps is found
 * with bit scans over the free spaces instead of walking space by space:
 * the walk's length depends on the board, and its loop mispredicts.
 * The free spaces always include the mover's own, so a scan finds one.
 * Returns the steps of a loss the bottom of the track stopped (0 when the
 * move was made whole).
 */
int
rm_track_move(struct rm_state *st, int seat, int delta)
{
	struct rm_player *pl = &st->p[seat];
	const int n = st->data->track_spaces;
	const uint64_t all = n == 64 ? ~0ULL : (1ULL << n) - 1;
	uint64_t free, r;
	int pos = pl->pop, idx, s, d;

	if (!pl->alive || pos <= 0 || delta == 0)
		return 0;
	free = ~occupied(st, seat) & all;
	idx = rm_track_index(st, pos);
	for (; delta > 0; delta--) {
		/* Rotate the free spaces so that bit 0 is the next space. */
		s = idx + 1 == n ? 0 : idx + 1;
		r = s == 0 ? free : ((free >> s) | (free << (n - s))) & all;
		d = __builtin_ctzll(r) + 1;
		pos += d;
		idx = idx + d >= n ? idx + d - n : idx + d;
	}
	for (; delta < 0; delta++) {
		/* The nearest free space below, else wrapping to the top. */
		r = free & ((1ULL << idx) - 1);
		d = r != 0 ? idx - (63 - __builtin_clzll(r)) :
		    idx + n - (63 - __builtin_clzll(free));
		if (pos - d < 1)
			break;		/* the floor: stop at the last free space */
		pos -= d;
		idx = idx - d < 0 ? idx - d + n : idx - d;
	}
	pl->pop = (int16_t)pos;
	return -delta;
}

_Static_assert(RM_MAXP == 7, "rm_most_popular_first compares seven keys");

/*
 * Seats of the living, most popular first; equal popularity in seat order.
 * Each living seat gets a key that is larger the earlier it goes (its
 * popularity, then the lower seat), the dead get 0, and a seat's place is
 * how many keys beat its own: no branches to mispredict, which a sort of
 * seven has plenty of, and this runs three times a round.
 */
int
rm_most_popular_first(const struct rm_state *st, uint8_t *order)
{
	int32_t key[RM_MAXP] = { 0 };	/* empty seats count as the dead */
	int n = 0, i;

	for (i = 0; i < st->nplayers; i++) {
		int alive = st->p[i].alive != 0;

		key[i] = alive * (((st->p[i].pop + 32768) << 3) | (RM_MAXP - i));
		n += alive;
	}
	for (i = 0; i < st->nplayers; i++) {
		int32_t k = key[i];

		if (k != 0)
			order[(key[0] > k) + (key[1] > k) + (key[2] > k) +
			    (key[3] > k) + (key[4] > k) + (key[5] > k) +
			    (key[6] > k)] = (uint8_t)i;
	}
	return n;
}

static int
read_options(struct rm_state *st, const json_t *opts, struct mq_err *err)
{
	const char *key, *s;
	json_t *v;

	st->hard = st->data->opt_hard;
	st->sequential = st->data->opt_sequential;
	st->order_by_popularity = st->data->opt_order_by_popularity;
	if (opts == NULL)
		return 0;
	if (!json_is_object(opts))
		return mq_fail(err, MQ_REFUSED, "The game options must be an object.");
	json_object_foreach((json_t *)opts, key, v) {
		if (strcmp(key, "hard") == 0 && json_is_boolean(v))
			st->hard = json_is_true(v);
		else if (strcmp(key, "sequential_moves") == 0 && json_is_boolean(v))
			st->sequential = json_is_true(v);
		else if (strcmp(key, "resolution_order") == 0 &&
		    (s = json_string_value(v)) != NULL &&
		    (strcmp(s, "least_popular_then_seat") == 0 ||
		    strcmp(s, "ascending_popularity") == 0))
			st->order_by_popularity = strcmp(s, "ascending_popularity") == 0;
		else if (strcmp(key, "hard") == 0 || strcmp(key, "sequential_moves") == 0)
			return mq_fail(err, MQ_REFUSED, "The option %s takes true or "
			    "false.", key);
		else if (strcmp(key, "resolution_order") == 0)
			return mq_fail(err, MQ_REFUSED, "The option resolution_order "
			    "takes least_popular_then_seat or ascending_popularity.");
		else if (strcmp(key, "deadline") != 0 && strcmp(key, "reminder") != 0 &&
		    strcmp(key, "policy") != 0 && strcmp(key, "allow_any_sender") != 0 &&
		    strcmp(key, "host_reminder") != 0)
			return mq_fail(err, MQ_REFUSED, "The Masque of the Red Death has "
			    "no option \"%s\"; it has hard, sequential_moves and "
			    "resolution_order.", key);
	}
	return 0;
}

static int
check_players(const struct rm_data *d, const struct mq_setup *s,
    struct mq_err *err)
{
	int i, j;

	if (s->nplayers < d->min_players || s->nplayers > d->max_players)
		return mq_fail(err, MQ_REFUSED, "The Masque of the Red Death is for "
		    "%d to %d players, not %d.", d->min_players, d->max_players,
		    s->nplayers);
	for (i = 0; i < s->nplayers; i++) {
		if (s->names[i] == NULL || strlen(s->names[i]) == 0 ||
		    strlen(s->names[i]) >= MQ_NAME_MAX)
			return mq_fail(err, MQ_REFUSED, "Player %d has no usable name.",
			    i + 1);
		for (j = 0; j < i; j++)
			if (strcmp(s->names[i], s->names[j]) == 0)
				return mq_fail(err, MQ_REFUSED, "Two players are "
				    "named %s; names must differ.", s->names[i]);
	}
	return 0;
}

static void
deal(struct rm_state *st)
{
	const struct rm_data *d = st->data;
	struct mq_rng r;
	uint8_t order[RM_MAXP], pers[RM_MAXCARDS], tiles[RM_ROOMS * 4];
	uint8_t gossip[RM_ROOMS];
	int i, t, k, n;

	for (i = 0; i < st->nplayers; i++)
		order[i] = (uint8_t)i;
	mq_rng_open_seed(&r, &st->rng_seed, "popularity", 0, 0);
	mq_rng_shuffle_u8(&r, order, (unsigned)st->nplayers);
	for (i = 0; i < st->nplayers; i++)
		st->p[order[i]].pop = (int16_t)(i + 1);

	memcpy(pers, d->personality, (size_t)d->npersonality);
	mq_rng_open_seed(&r, &st->rng_seed, "personality", 0, 0);
	mq_rng_shuffle_u8(&r, pers, (unsigned)d->npersonality);
	for (i = 0; i < st->nplayers; i++) {
		/* More players than personality cards: the deal wraps. */
		st->p[i].personality = pers[i % d->npersonality];
		st->p[i].hand = d->standard_mask | 1u << st->p[i].personality;
	}

	n = 0;
	for (i = 0; i < RM_ROOMS; i++)
		for (k = 0; k < d->tiles_per_room; k++)
			tiles[n++] = (uint8_t)i;
	mq_rng_open_seed(&r, &st->rng_seed, "prince", 0, 0);
	mq_rng_shuffle_u8(&r, tiles, (unsigned)n);
	for (i = 0; i < RM_ROUNDS; i++)
		st->path[i] = (int8_t)tiles[d->tiles_removed + i];
	st->prince = st->path[0];

	st->rd_n = st->hard ? d->rd_per_time_hard : d->rd_per_time;
	for (t = 0; t < RM_TIMES; t++) {
		for (i = 0; i < RM_ROOMS; i++)
			gossip[i] = (uint8_t)i;
		mq_rng_open_seed(&r, &st->rng_seed, "red_death", 0, t);
		mq_rng_shuffle_u8(&r, gossip, RM_ROOMS);
		for (k = 0; k < st->rd_n; k++)
			st->rd[t][k] = (int8_t)gossip[k];
	}
	rm_seal_red_death(st);
	/* The deck: every other Rumor card, in increasing order before the
	 * shuffle, so that it depends on the seed alone. */
	st->deck_n = 0;
	for (i = 0; i < d->nrumors; i++)
		if (!((st->rd_cards >> i) & 1))
			st->deck[st->deck_n++] = (uint8_t)i;
	mq_rng_open_seed(&r, &st->rng_seed, "rumor_deck", 0, 0);
	mq_rng_shuffle_u8(&r, st->deck, (unsigned)st->deck_n);
	st->deck_set = 0;
	for (i = 0; i < st->deck_n; i++)
		st->deck_set |= 1ULL << st->deck[i];

	/* Placement: the least popular first, then on in seat order. */
	for (i = 0; i < st->nplayers; i++)
		st->place_order[i] = (uint8_t)(order[0] + i < st->nplayers ?
		    order[0] + i : order[0] + i - st->nplayers);
}

int
rm_setup(const void *data, const struct mq_setup *s, void **out,
    struct mq_err *err)
{
	const struct rm_data *d = data;
	struct rm_state *st;
	int i, t, rc;

	*out = NULL;
	MQ_TRY(check_players(d, s, err));
	st = calloc(1, sizeof(*st));
	if (st == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	st->data = d;
	memcpy(st->seed, s->seed, sizeof(st->seed));
	mq_rng_seed_init(&st->rng_seed, st->seed);
	if ((rc = read_options(st, s->options, err)) != 0) {
		free(st);
		return rc;
	}
	st->nplayers = s->nplayers;
	for (i = 0; i < st->nplayers; i++) {
		struct rm_player *pl = &st->p[i];

		memcpy(pl->name, s->names[i], strlen(s->names[i]) + 1);
		pl->room = -1;
		pl->alive = 1;
		pl->played = -1;
		pl->died_at = -1;
		for (t = 0; t < RM_TIMES; t++)
			pl->plan[t] = 0;
	}
	deal(st);
	st->phase = RM_PH_PLACE;
	st->round = 0;
	st->place_turn = 0;
	st->winner = -1;
	*out = st;
	return 0;
}
