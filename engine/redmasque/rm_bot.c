/*
 * rm_bot.c - bots for self-play: a random bot that picks uniformly among
 * legal options, and a careful bot that chases popularity and plans its
 * midnight route around what it knows. Bots read the state as a player would
 * (their own notes, the public board) and use only their own random stream.
 */
#include <string.h>

#include "engine/redmasque/rm.h"

_Static_assert(RM_ROOMS == 7, "rm_bot_best_plan's ring is for seven rooms");

static int
random_card(const struct rm_player *pl, struct mq_rng *rng)
{
	uint32_t m = pl->hand;
	int k;

	if (m == 0)
		return -1;
	/* The k-th card in hand: drop the k lowest, take the next. */
	for (k = (int)mq_rng_below(rng, (uint32_t)rm_popcount32(m)); k > 0; k--)
		m &= m - 1;
	return __builtin_ctz(m);
}

static int
others_in(const struct rm_state *st, int seat, int anywhere, uint8_t *out)
{
	int i, n = 0;

	/* Written always, kept when it counts: no branch to mispredict. */
	for (i = 0; i < st->nplayers; i++) {
		out[n] = (uint8_t)i;
		n += (i != seat) & (st->p[i].alive != 0) &
		    (anywhere | (st->p[i].room == st->p[seat].room));
	}
	return n;
}

/* Fill the arguments a card needs: targets, times, returned cards. */
static void
fill_pick(const struct rm_state *st, int seat, struct rm_pick *pk,
    struct mq_rng *rng, int want_time)
{
	const struct rm_card *c = &st->data->card[pk->card];
	const struct rm_player *pl = &st->p[seat];
	uint8_t cand[RM_MAXP];
	int n, i, b;

	/* not for Pickpocket: a TARGET it does not read is refused */
	if (rm_card_names_target(c)) {
		n = others_in(st, seat, c->target == RM_SCOPE_ANYWHERE, cand);
		if (n == 0 && c->target == RM_SCOPE_ANYWHERE)
			n = others_in(st, seat, 1, cand);
		if (n > 0) {
			pk->targets[0] = cand[mq_rng_below(rng, (uint32_t)n)];
			pk->ntargets = 1;
		}
	}
	for (i = 0; i < c->slots_min; i++)
		pk->slots[pk->nslots++] = (uint8_t)(want_time >= 0 ? want_time :
		    (int)mq_rng_below(rng, RM_TIMES));
	if (c->recover_max > 0 && pl->discards) {
		for (b = 0; b < 32 && pk->nrecover < c->recover_max; b++)
			if ((pl->discards >> b) & 1 && mq_rng_below(rng, 2))
				pk->recover[pk->nrecover++] = (uint8_t)b;
		if (pk->nrecover == 0)
			pk->recover[pk->nrecover++] = (uint8_t)__builtin_ctz(pl->discards);
	}
}

static void
set_play(struct mq_cmd *cmd, int card)
{
	memset(cmd, 0, sizeof(*cmd));
	rm_cmd_of(cmd)->type = RM_C_PLAY;
	rm_cmd_of(cmd)->pick.card = (uint8_t)card;
}

/* A MOVE whose steps the caller writes into the command itself: copied
 * from a local array, bytes just stored would be read back as a word,
 * which stalls. */
static int8_t *
set_move(struct mq_cmd *cmd, int n)
{
	struct rm_cmd *c = rm_cmd_of(cmd);

	memset(cmd, 0, sizeof(*cmd));
	c->type = RM_C_MOVE;
	c->nsteps = (uint8_t)n;
	return c->steps;
}

static void
set_plan(struct mq_cmd *cmd, const int8_t *plan)
{
	struct rm_cmd *c = rm_cmd_of(cmd);

	memset(cmd, 0, sizeof(*cmd));
	c->type = RM_C_PLAN;
	c->plan_mask = 0x3F;
	c->plan_full = 1;
	memcpy(c->plan, plan, RM_TIMES);
}

static int
random_bot(const struct rm_state *st, int seat, const char *owed,
    struct mq_rng *rng, struct mq_cmd *out, int max)
{
	const struct rm_player *pl = &st->p[seat];
	int8_t *steps, plan[RM_TIMES];
	int n = 0, i, k;

	if (st->round <= 1 && max > 1 && mq_rng_below(rng, 2)) {
		for (i = 0; i < RM_TIMES; i++)
			plan[i] = (int8_t)((int)mq_rng_below(rng, 3) - 1);
		/* the plan that stands, drawn again, is not sent again (as
		 * careful_bot's): a host's submit of it would be refused
		 * whole as received already */
		if (memcmp(plan, pl->plan, RM_TIMES) != 0)
			set_plan(&out[n++], plan);
	}
	if (owed[0] == 'p') {
		memset(&out[n], 0, sizeof(out[n]));
		rm_cmd_of(&out[n])->type = RM_C_PLACE;
		rm_cmd_of(&out[n])->room = (uint8_t)mq_rng_below(rng, RM_ROOMS);
		n++;
	} else if (owed[0] == 'a') {
		set_play(&out[n], random_card(pl, rng));
		fill_pick(st, seat, &rm_cmd_of(&out[n])->pick, rng, -1);
		n++;
	} else {
		k = 1 + (int)mq_rng_below(rng, (uint32_t)rm_allowance(st, pl));
		steps = set_move(&out[n++], k);
		for (i = 0; i < k; i++)
			steps[i] = (int8_t)((int)mq_rng_below(rng, 3) - 1);
	}
	return n;
}

/* c ? a : b for doubles, on their bits: compilers branch on ?: here, and
 * which way is up to the data, so the branch would mispredict. */
static double
either(int c, double a, double b)
{
	uint64_t x, y;

	memcpy(&x, &a, sizeof(x));
	memcpy(&y, &b, sizeof(y));
	x = y ^ ((x ^ y) & (0 - (uint64_t)(c != 0)));
	memcpy(&a, &x, sizeof(a));
	return a;
}

/*
 * The careful bot's midnight route: maximise the chance of surviving all six
 * times, from what its notes say. A room known deadly kills; a room known
 * safe does not; the other rooms share what is left of that time's visits.
 */
void
rm_bot_best_plan(const struct rm_state *st, int seat, int8_t *plan)
{
	const struct rm_player *pl = &st->p[seat];
	double score[RM_TIMES + 1][RM_ROOMS];
	int8_t choice[RM_TIMES][RM_ROOMS];
	/* ring[r + 1 + dir]: the room a step dir (-1, 0, 1) from room r. */
	static const int8_t ring[RM_ROOMS + 2] = { 6, 0, 1, 2, 3, 4, 5, 6, 0 };
	int t, r, room;

	/* log(1 - k/u) for k visits left among u unknown rooms. */
	static const double log_survive[RM_MAXRD + 1][RM_ROOMS + 1] = {
		{ -1e9, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 },
		{ -1e9, -1e9, -0.6931471805599453, -0.4054651081081643, -0.2876820724517809, -0.2231435513142097, -0.1823215567939546, -0.15415067982725822 },
		{ -1e9, -1e9, -1e9, -1.0986122886681096, -0.6931471805599453, -0.5108256237659907, -0.4054651081081643, -0.3364722366212129 },
		{ -1e9, -1e9, -1e9, -1e9, -1.3862943611198906, -0.916290731874155, -0.6931471805599453, -0.5596157879354228 },

	};

	for (r = 0; r < RM_ROOMS; r++)
		score[RM_TIMES][r] = 0;
	for (t = RM_TIMES - 1; t >= 0; t--) {
		unsigned dead = pl->deadly[t], safe = pl->safe[t];
		int ndead = rm_popcount32(dead);
		int unknown = RM_ROOMS - ndead - rm_popcount32(safe & ~dead);
		int left = st->rd_n - ndead < 0 ? 0 : st->rd_n - ndead;
		/* log P(surviving time t in a room): by what the notes say of
		 * it, deadly (2, 3), else safe (1), else unknown (0). */
		double of[4] = { unknown > 0 ? log_survive[left][unknown] : 0, 0,
		    -1e9, -1e9 };
		double v[RM_ROOMS];

		/* Being in a room at time t is worth the same whichever room
		 * one came from: once per room, not once per step. */
		for (r = 0; r < RM_ROOMS; r++)
			v[r] = of[((dead >> r) & 1) * 2 + ((safe >> r) & 1)] +
			    score[t + 1][r];
		for (r = 0; r < RM_ROOMS; r++) {
			/* Standing in r before time t: stay, unless a step cw
			 * is better, unless one ccw is better still; so ties
			 * stay. Selects, not branches: the data decides. */
			double cw = v[ring[r + 2]], ccw = v[ring[r]], best;
			int take_cw = cw > v[r] + 1e-12, take_ccw;

			best = either(take_cw, cw, v[r]);
			take_ccw = ccw > best + 1e-12;
			score[t][r] = either(take_ccw, ccw, best);
			choice[t][r] = (int8_t)(take_cw - take_ccw * (take_cw + 1));
		}
	}
	room = pl->room;
	for (t = 0; t < RM_TIMES; t++) {
		plan[t] = choice[t][room];
		room = ring[room + 1 + plan[t]];
	}
}

static int
best_time_to_learn(const struct rm_player *pl)
{
	int t, best = 0, bestk = 99, k;

	for (t = 0; t < RM_TIMES; t++) {
		k = rm_popcount32(pl->safe[t] | pl->deadly[t]);
		if (k < bestk) {
			bestk = k;
			best = t;
		}
	}
	return best;
}

static int
careful_card(const struct rm_state *st, int seat)
{
	const struct rm_player *pl = &st->p[seat];
	uint8_t near[RM_MAXP];
	size_t i;
	int c;

	/* Early, learn; later, climb the track. */
	if (st->round <= 8 && st->round % 3 != 0) {
		for (i = 0; i < RM_BOT_INFO; i++) {
			c = st->data->bot_info[i];
			if (c >= 0 && (pl->hand >> c) & 1 &&
			    (st->deck_n > 0 || st->data->card[c].slots_min))
				return c;
		}
	}
	if (others_in(st, seat, 0, near) > 0 &&
	    (c = st->data->bot_threaten) >= 0 && (pl->hand >> c) & 1)
		return c;
	for (i = 0; i < RM_BOT_POP; i++) {
		c = st->data->bot_pop[i];
		if (c >= 0 && (pl->hand >> c) & 1)
			return c;
	}
	return st->data->discuss;
}

static int
careful_bot(const struct rm_state *st, int seat, const char *owed,
    struct mq_rng *rng, struct mq_cmd *out, int max)
{
	const struct rm_player *pl = &st->p[seat];
	int8_t plan[RM_TIMES], *steps;
	int n = 0, want, cur, a, k;

	if (owed[0] == 'p') {
		memset(&out[n], 0, sizeof(out[n]));
		rm_cmd_of(&out[n])->type = RM_C_PLACE;
		rm_cmd_of(&out[n])->room = (uint8_t)st->path[0];
		return 1;
	}
	/* Plan once early (in case a deadline takes the rest), and again from
	 * the last room before midnight, when it knows the most. */
	if (pl->room >= 0 && max > 1 && ((st->round == 1 && st->phase == RM_PH_ACT) ||
	    (st->round == RM_ROUNDS && st->phase == RM_PH_MOVE))) {
		rm_bot_best_plan(st, seat, plan);
		if (memcmp(plan, pl->plan, RM_TIMES) != 0)
			set_plan(&out[n++], plan);
	}
	if (owed[0] == 'a') {
		set_play(&out[n], careful_card(st, seat));
		fill_pick(st, seat, &rm_cmd_of(&out[n])->pick, rng,
		    best_time_to_learn(pl));
		return n + 1;
	}
	/* Walk towards the Prince's next room for the bonus. */
	want = st->round < RM_ROUNDS ? st->path[st->round] : pl->room;
	cur = pl->room;
	a = rm_allowance(st, pl);
	steps = set_move(&out[n], 1);	/* MOVE stay, unless steps follow */
	for (k = 0; k < a && cur != want; k++) {
		int cw = (want - cur + RM_ROOMS) % RM_ROOMS;

		steps[k] = cw <= RM_ROOMS / 2 ? 1 : -1;
		cur = (cur + steps[k] + RM_ROOMS) % RM_ROOMS;
	}
	if (k > 0)
		rm_cmd_of(&out[n])->nsteps = (uint8_t)k;
	return n + 1;
}

int
rm_bot(const void *state, int seat, int style, struct mq_rng *rng,
    struct mq_cmd *out, int max)
{
	const struct rm_state *st = state;
	const char *owed = rm_owes(st, seat);

	if (owed == NULL || max < 1)
		return 0;
	if (style == 1)
		return careful_bot(st, seat, owed, rng, out, max);
	return random_bot(st, seat, owed, rng, out, max);
}
