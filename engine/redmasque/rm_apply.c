/*
 * rm_apply.c - applying one command, and everything it sets off: placement
 * in turn, the round's cards once every pick is in, the moves once every
 * move is in, the Prince's walk, and midnight.
 *
 * apply() first validates against the current state and refuses with one
 * sentence, changing nothing; only then does it mutate, and nothing after
 * validation can fail.
 */
#include <stdio.h>
#include <string.h>

#include "engine/redmasque/rm.h"

/* A random stream opened on first use, so unused purposes cost nothing. */
struct lazy_rng {
	struct mq_rng r;
	int open;
	const char *purpose;
	int round, step;
};

static void
lazy_init(struct lazy_rng *l, const char *purpose, int round, int step)
{
	l->open = 0;
	l->purpose = purpose;
	l->round = round;
	l->step = step;
}

static uint32_t
lazy_below(const struct rm_state *st, struct lazy_rng *l, uint32_t n)
{
	if (n <= 1)
		return 0;	/* no choice: the stream would not be read */
	if (!l->open) {
		mq_rng_open_seed(&l->r, &st->rng_seed, l->purpose, l->round,
		    l->step);
		l->open = 1;
	}
	return mq_rng_below(&l->r, n);
}

/* The n-th set bit of m, from 0; -1 if m has fewer. */
static int
nth_bit(uint64_t m, unsigned n)
{
	for (; n > 0 && m != 0; n--)
		m &= m - 1;	/* drop the lowest */
	return m != 0 ? __builtin_ctzll(m) : -1;
}

/* A new event, written in place at the end of the list; the caller fills
 * in the rest through the pointer. */
static struct rm_event *
emit(struct rm_state *st, int type, int actor, int target)
{
	struct rm_event *e;

	/* A full list keeps its events; the overflow lands in the spare slot,
	 * so that whoever fills in the event just made writes somewhere harmless. */
	st->ev_full = st->nev >= RM_MAXEVENTS;
	e = &st->ev[st->ev_full ? RM_MAXEVENTS : st->nev++];
	/* Zeroed first: the padding is then the same bytes in every replay. */
	memset(e, 0, sizeof(*e));
	e->type = (uint8_t)type;
	e->actor = (int8_t)actor;
	e->target = (int8_t)target;
	e->card = e->rumor = e->room = e->time = -1;
	e->via = 0;		/* through no room (rm_via) */
	e->round = (uint8_t)st->round;
	return e;
}

/* A decision resolved: its key, "place", "plan", or a prefix and the round
 * ("act:12"), built in place by hand: this runs twice a round in every bot
 * game. round < 0: no number. */
static void
add_resolved(struct rm_state *st, const char *prefix, int round)
{
	char *k;
	size_t n = 0;

	if (st->nresolved >= (int)(sizeof(st->resolved) / sizeof(st->resolved[0])))
		return;
	k = st->resolved[st->nresolved++].key;
	while (*prefix != '\0')
		k[n++] = *prefix++;
	if (round >= 10)
		k[n++] = (char)('0' + round / 10);
	if (round >= 0)
		k[n++] = (char)('0' + round % 10);
	k[n] = '\0';
}

static void
pop_change(struct rm_state *st, int seat, int delta, int type, int actor)
{
	struct rm_event *ev;
	int before = st->p[seat].pop, stopped;

	stopped = rm_track_move(st, seat, delta);
	ev = emit(st, type, actor, seat);
	ev->a = (int16_t)before;
	ev->b = st->p[seat].pop;
	ev->steps = (int8_t)delta;
	ev->floor = stopped > 0;
}

static uint64_t
time_mask(const struct rm_data *d, int time)
{
	uint64_t m = 0x7FULL << (time * RM_ROOMS);
	int k;

	for (k = 0; k < d->evidence_per_time; k++)
		m |= 1ULL << (d->ngossip + time * d->evidence_per_time + k);
	return m;
}

static void
learn(struct rm_state *st, int seat, int rumor)
{
	int time, room;

	rm_rumor_info(st->data, rumor, &time, &room);
	if (room >= 0)
		st->p[seat].safe[time] |= (uint8_t)(1u << room);
}

/* Look at one Red Death card of a time: Evidence and Premonition. */
static void
see_red_death(struct rm_state *st, int seat, int time, struct lazy_rng *l,
    int type, int rumor)
{
	struct rm_event *ev;
	int room = st->rd[time][lazy_below(st, l, (uint32_t)st->rd_n)];

	st->p[seat].deadly[time] |= (uint8_t)(1u << room);
	ev = emit(st, type, seat, -1);
	ev->time = (int8_t)time;
	ev->room = (int8_t)room;
	ev->rumor = (int8_t)rumor;
}

static void
draw(struct rm_state *st, int seat, struct lazy_rng *evid)
{
	struct rm_event *ev;
	int c, time, room;

	if (st->deck_n == 0) {
		emit(st, RM_E_DRAW_NONE, seat, -1);
		return;
	}
	c = st->deck[--st->deck_n];
	st->deck_set &= ~(1ULL << c);
	rm_rumor_info(st->data, c, &time, &room);
	if (room >= 0) {
		st->p[seat].rumors |= 1ULL << c;
		learn(st, seat, c);
		ev = emit(st, RM_E_DRAW, seat, -1);
		ev->rumor = (int8_t)c;
		return;
	}
	/* Evidence is never kept: look, then to the public discard pile. */
	st->evidence_discard |= 1ULL << c;
	see_red_death(st, seat, time, evid, RM_E_EVIDENCE, c);
}

static int
nearby(const struct rm_state *st, int a, int b)
{
	return a != b && st->p[b].alive && st->p[a].alive &&
	    st->p[a].room >= 0 && st->p[a].room == st->p[b].room;
}

static int
choose_target(struct rm_state *st, int seat, const struct rm_pick *pk,
    int scope, struct lazy_rng *l)
{
	uint8_t cands[RM_MAXP];
	int i, n = 0;

	for (i = 0; i < pk->ntargets; i++) {
		int t = pk->targets[i];

		if (scope == RM_SCOPE_ANYWHERE && st->p[t].alive && t != seat)
			return t;
		if (scope == RM_SCOPE_NEARBY && nearby(st, seat, t))
			return t;
	}
	if (scope == RM_SCOPE_ANYWHERE)
		return -1;
	for (i = 0; i < st->nplayers; i++)
		if (nearby(st, seat, i))
			cands[n++] = (uint8_t)i;
	if (n == 0)
		return -1;
	return cands[lazy_below(st, l, (uint32_t)n)];
}

/* A card of the named time if the target has one, else any; -1 if none. */
static int
pick_rumor(struct rm_state *st, int target, int time, uint64_t exclude,
    struct lazy_rng *l)
{
	uint64_t held = st->p[target].rumors & ~exclude, m;

	m = held & time_mask(st->data, time);
	if (m == 0)
		m = held;
	if (m == 0)
		return -1;
	return nth_bit(m, lazy_below(st, l, (uint32_t)rm_popcount64(m)));
}

/* seat's card (played, and shown to all) found no Rumor card on target:
 * the event names it ("bob's Swindle found no Rumor card on dave") */
static void
no_card(struct rm_state *st, int seat, int target, int card)
{
	emit(st, RM_E_NO_CARD, seat, target)->card = (int8_t)card;
}

static void
take_from(struct rm_state *st, int seat, int target, int time, int card,
    struct lazy_rng *l)
{
	struct rm_event *ev;
	int c = pick_rumor(st, target, time, 0, l);

	if (c < 0) {
		no_card(st, seat, target, card);
		return;
	}
	st->p[target].rumors &= ~(1ULL << c);
	st->p[seat].rumors |= 1ULL << c;
	learn(st, seat, c);
	ev = emit(st, RM_E_TAKE, seat, target);
	ev->rumor = (int8_t)c;
	ev->time = (int8_t)time;
}

static void
resolve_card(struct rm_state *st, int seat, const struct rm_pick *pk, int k)
{
	struct rm_event *ev;
	const struct rm_card *c = &st->data->card[pk->card];
	struct rm_player *pl = &st->p[seat];
	struct lazy_rng tgt, rum, evid;
	uint64_t shown = 0;
	int e, i, n, t = -2, time, took;

	/* Only the header: the stream itself is set up on first use. */
	lazy_init(&tgt, "target", st->round, k);
	lazy_init(&rum, "rumor", st->round, k);
	lazy_init(&evid, "evidence", st->round, k);

	for (e = 0; e < c->neffects; e++) {
		const struct rm_effect *ef = &c->eff[e];

		if (ef->scope != RM_SCOPE_NONE && ef->op != RM_OP_TAKE_EACH &&
		    t == -2) {
			t = choose_target(st, seat, pk, ef->scope, &tgt);
			if (t < 0)
				emit(st, RM_E_NO_TARGET, seat, -1);
		}
		switch (ef->op) {
		case RM_OP_GAIN:
			pop_change(st, seat, ef->n, RM_E_POP, seat);
			break;
		case RM_OP_LOSE:
			pop_change(st, seat, -ef->n, RM_E_POP, seat);
			break;
		case RM_OP_DRAW:
			for (n = 0; n < ef->n; n++)
				draw(st, seat, &evid);
			break;
		case RM_OP_MOVES:
			break;		/* read by the move phase */
		case RM_OP_TARGET_GAIN:
		case RM_OP_TARGET_LOSE:
			if (t >= 0)
				pop_change(st, t, ef->op == RM_OP_TARGET_GAIN ? ef->n :
				    -ef->n, RM_E_POP, seat);
			break;
		case RM_OP_LOOK:
			for (n = 0; t >= 0 && n < ef->n; n++) {
				time = pk->slots[n < pk->nslots ? n : pk->nslots - 1];
				i = pick_rumor(st, t, time, shown, &rum);
				if (i < 0) {
					if (n == 0)
						no_card(st, seat, t, pk->card);
					break;
				}
				shown |= 1ULL << i;
				learn(st, seat, i);
				ev = emit(st, RM_E_LOOK, seat, t);
				ev->rumor = (int8_t)i;
				ev->time = (int8_t)time;
			}
			break;
		case RM_OP_TAKE:
			for (n = 0; t >= 0 && n < ef->n; n++)
				take_from(st, seat, t, pk->slots[0], pk->card,
				    &rum);
			break;
		case RM_OP_TAKE_EACH:
			for (n = 1, took = 0; n < st->nplayers; n++) {
				i = seat + n < st->nplayers ? seat + n :
				    seat + n - st->nplayers;
				if (nearby(st, seat, i)) {
					take_from(st, seat, i, pk->slots[0], pk->card,
					    &rum);
					took++;
				}
			}
			if (took == 0)	/* said, as for a card of one target */
				emit(st, RM_E_NO_TARGET, seat, -1);
			break;
		case RM_OP_RECOVER:
			for (n = 0; n < pk->nrecover && n < ef->n; n++) {
				i = pk->recover[n];
				if (!(pl->discards & (1u << i)))
					continue;
				pl->discards &= ~(1u << i);
				pl->hand |= 1u << i;
				ev = emit(st, RM_E_RECOVER, seat, -1);
				ev->card = (int8_t)i;
			}
			break;
		case RM_OP_TO_PRINCE:
			ev = emit(st, RM_E_TO_PRINCE, seat, -1);
			ev->a = pl->room;
			pl->room = (int8_t)st->prince;
			ev->room = (int8_t)st->prince;
			break;
		case RM_OP_PREMONITION: {
			struct lazy_rng pre;

			lazy_init(&pre, "premonition", st->round, k);

			see_red_death(st, seat, pk->slots[0], &pre, RM_E_PREMONITION, -1);
			break;
		}
		}
	}
}

int
rm_allowance(const struct rm_state *st, const struct rm_player *pl)
{
	if (st->phase == RM_PH_MOVE)
		return pl->allowance;
	return pl->has_pick ? st->data->card[pl->pick.card].moves : 1;
}

/*
 * The PLAY seat has just made leaves its MOVE sent before with more steps
 * than the card allows (Dance, MOVE cw cw, then Jest): the MOVE is dropped
 * when the cards are revealed (end_actions) unless the seat sends MOVE
 * again, which its receipt says: { "move_too_long": true, "move": "cw cw",
 * "steps": 2, "allows": 1, "card": "jest" }. Nothing once the cards are
 * revealed (the reveal itself tells of the drop). And a card whose
 * TARGETs are all away from the seat's room now (targets_away above).
 */
/*
 * A card that reaches a nearby noble, whose TARGETs are none of them in
 * the seat's room now (found by players by mail: "Play admire target
 * kenji" from another room found nobody at the reveal): the nobles move
 * only after the cards, so it likely finds nobody. Into *note (made when
 * NULL): "targets_away": true, "away": "kenji, mei". -1 out of memory.
 */
static int
targets_away(const struct rm_state *st, const struct rm_player *pl,
    json_t **note)
{
	char away[RM_MAXP * (MQ_NAME_MAX + 2)] = "";
	size_t len = 0;
	int i, t;

	if (st->data->card[pl->pick.card].target != RM_SCOPE_NEARBY ||
	    pl->pick.ntargets == 0 || pl->room < 0)
		return 0;
	for (i = 0; i < pl->pick.ntargets; i++) {
		t = pl->pick.targets[i];
		if (t >= st->nplayers)
			return 0;
		if (st->p[t].alive && st->p[t].room == pl->room)
			return 0;	/* one is nearby now */
		len += (size_t)snprintf(away + len, sizeof(away) - len, "%s%s",
		    i ? ", " : "", st->p[t].name);
		if (len >= sizeof(away))
			len = sizeof(away) - 1;
	}
	if (*note == NULL && (*note = json_object()) == NULL)
		return -1;
	if (json_object_set_new(*note, "targets_away", json_true()) != 0 ||
	    json_object_set_new(*note, "away", json_string(away)) != 0) {
		json_decref(*note);
		*note = NULL;
		return -1;
	}
	return 0;
}

int
rm_sender_note(const void *state, int seat, const struct mq_cmd *cmd,
    json_t **note)
{
	static const char *const dir[3] = { "ccw", "stay", "cw" };
	const struct rm_state *st = state;
	const struct rm_player *pl;
	char move[16] = "";
	int i, allow;

	*note = NULL;
	if (rm_cmd_ofc(cmd)->type != RM_C_PLAY || seat < 0 ||
	    seat >= st->nplayers || st->phase != RM_PH_ACT)
		return 0;
	pl = &st->p[seat];
	if (!pl->alive || !pl->has_pick || pl->pick.card >= st->data->ncards)
		return 0;
	allow = st->data->card[pl->pick.card].moves;
	if (pl->has_move && pl->nmove > allow && pl->nmove <= 3) {
		for (i = 0; i < pl->nmove; i++) {
			if (pl->move[i] < -1 || pl->move[i] > 1)
				return 0;
			if (i > 0)
				strcat(move, " ");
			strcat(move, dir[pl->move[i] + 1]);
		}
		*note = json_pack("{s:b, s:s, s:i, s:i, s:s}", "move_too_long",
		    1, "move", move, "steps", (int)pl->nmove, "allows", allow,
		    "card", st->data->card[pl->pick.card].id);
		if (*note == NULL)
			return -1;
	}
	return targets_away(st, pl, note);
}

/* The seat has no card picked this round and holds one that allows more
 * than one step (Dance, Promenade). */
static int
may_play_mover(const struct rm_state *st, const struct rm_player *pl)
{
	int i;

	if (st->phase != RM_PH_ACT || pl->has_pick)
		return 0;
	for (i = 0; i < st->data->ncards; i++)
		if ((pl->hand & (1u << i)) && st->data->card[i].moves > 1)
			return 1;
	return 0;
}

static void prince_bonus(struct rm_state *st);

static void
start_round(struct rm_state *st, int round)
{
	struct rm_event *ev;

	st->round = round;
	st->phase = RM_PH_ACT;
	ev = emit(st, RM_E_ROUND, -1, -1);
	ev->room = (int8_t)st->prince;
	prince_bonus(st);
}

static void
prince_bonus(struct rm_state *st)
{
	uint8_t order[RM_MAXP];
	int i, n, with = 0, one = -1;

	for (i = 0; i < st->nplayers; i++)
		if (st->p[i].alive && st->p[i].room == st->prince) {
			with++;
			one = i;
		}
	/* Most popular first, as one bonus can move the next marker on the
	 * track: the order only matters, and is only sorted, for two or more. */
	if (with == 1)
		pop_change(st, one, 1, RM_E_BONUS, one);
	if (with < 2)
		return;
	n = rm_most_popular_first(st, order);
	for (i = 0; i < n; i++)
		if (st->p[order[i]].room == st->prince)
			pop_change(st, order[i], 1, RM_E_BONUS, order[i]);
}

/* Least popular first, then on in seat order (or by popularity, an option). */
static int
resolution_order(const struct rm_state *st, uint8_t *order)
{
	uint8_t pop[RM_MAXP];
	int32_t least = INT32_MAX;
	int n, i, first = -1, k = 0;

	if (st->order_by_popularity) {
		n = rm_most_popular_first(st, pop);
		for (i = 0; i < n; i++)
			order[i] = pop[n - 1 - i];
		return n;
	}
	/* The least popular: the last of rm_most_popular_first's order, so
	 * of equals the highest seat; found without sorting, by the smallest
	 * key (popularity, then the higher seat), with selects, not branches. */
	for (i = 0; i < st->nplayers; i++) {
		int32_t key = st->p[i].alive ?
		    ((st->p[i].pop + 32768) << 3) | (RM_MAXP - 1 - i) : INT32_MAX;

		first = key < least ? i : first;
		least = key < least ? key : least;
	}
	if (least == INT32_MAX)
		return 0;
	for (i = 0; i < st->nplayers; i++) {
		/* (first + i) mod nplayers; a division costs more than this */
		int s = first + i < st->nplayers ? first + i : first + i - st->nplayers;

		if (st->p[s].alive)
			order[k++] = (uint8_t)s;
	}
	return k;
}

/* Not inlined, nor is finish_moves: they run twice a round, and inlined
 * they would give every apply() their large frame (streams, picks). */
static void __attribute__((noinline))
resolve_act(struct rm_state *st)
{
	struct rm_event *ev;
	struct rm_pick picks[RM_MAXP];
	uint8_t order[RM_MAXP];
	int i, n;

	n = resolution_order(st, order);
	for (i = 0; i < st->nplayers; i++) {
		struct rm_player *pl = &st->p[i];

		if (!pl->alive)
			continue;
		picks[i] = pl->pick;
		pl->played = (int8_t)pl->pick.card;
		pl->hand &= ~(1u << pl->pick.card);
		pl->has_pick = 0;
		ev = emit(st, RM_E_REVEAL, i, -1);
		ev->card = pl->played;
	}
	for (i = 0; i < n; i++)
		resolve_card(st, order[i], &picks[order[i]], i);
	for (i = 0; i < st->nplayers; i++) {
		struct rm_player *pl = &st->p[i];
		const struct rm_card *c;

		if (!pl->alive || pl->played < 0)
			continue;
		c = &st->data->card[pl->played];
		if (c->discard)
			pl->discards |= 1u << pl->played;
		else
			pl->hand |= 1u << pl->played;
		pl->allowance = c->moves;
		pl->played = -1;
		if (pl->has_move && pl->nmove > pl->allowance) {
			pl->has_move = 0;	/* an early move the card no longer allows */
			ev = emit(st, RM_E_MOVE_DROPPED, i, -1);
			ev->a = pl->nmove;
			ev->b = pl->allowance;
		}
	}
	add_resolved(st, "act:", st->round);
	st->phase = RM_PH_MOVE;
	st->move_turn = 0;
	if (st->sequential)	/* the order of moves is only read then */
		rm_most_popular_first(st, st->move_order);
}

static void
do_move(struct rm_state *st, int seat)
{
	struct rm_event *ev;
	struct rm_player *pl = &st->p[seat];
	int8_t walked[sizeof(pl->move) + 1];
	int i, n = 0, from = pl->room;

	/* the rooms stood in, a stay adding none: from, then each one
	 * entered, the last the room it ends in */
	walked[n++] = pl->room;
	for (i = 0; i < pl->nmove; i++) {
		pl->room = (int8_t)((pl->room + pl->move[i] + RM_ROOMS) % RM_ROOMS);
		if (pl->room != walked[n - 1])
			walked[n++] = pl->room;
	}
	ev = emit(st, RM_E_MOVE, seat, -1);
	ev->a = (int16_t)from;
	ev->room = pl->room;
	/* between the first and the last, what the others saw it walk
	 * through: "cw ccw" leaves and comes back, and is no stay */
	for (i = 1; i < n - 1 && i - 1 < RM_MAXVIA; i++)
		rm_via_set(ev, i - 1, walked[i]);
	ev->b = pl->nmove;
	pl->has_move = 0;
	pl->nmove = 0;
}

static void
midnight(struct rm_state *st)
{
	struct rm_event *ev;
	int t, k, i, best = -1;

	st->prince = -1;
	emit(st, RM_E_MIDNIGHT, -1, -1);
	emit(st, RM_E_PLANS, -1, -1);
	add_resolved(st, "plan", -1);
	for (t = 0; t < RM_TIMES; t++) {
		for (i = 0; i < st->nplayers; i++) {
			struct rm_player *pl = &st->p[i];
			int from = pl->room;

			if (!pl->alive)
				continue;
			pl->room = (int8_t)((pl->room + pl->plan[t] + RM_ROOMS) % RM_ROOMS);
			ev = emit(st, RM_E_MIDNIGHT_MOVE, i, -1);
			ev->time = (int8_t)t;
			ev->a = (int16_t)from;
			ev->room = pl->room;
		}
		for (k = 0; k < st->rd_n; k++) {
			int room = st->rd[t][k];

			ev = emit(st, RM_E_VISIT, -1, -1);
			ev->time = (int8_t)t;
			ev->room = (int8_t)room;
			for (i = 0; i < st->nplayers; i++) {
				struct rm_player *pl = &st->p[i];

				if (!pl->alive || pl->room != room)
					continue;
				ev = emit(st, RM_E_KILL, i, -1);
				ev->time = (int8_t)t;
				ev->room = (int8_t)room;
				ev->a = pl->pop;
				pl->alive = 0;
				pl->died_at = (int8_t)t;
				pl->pop = 0;	/* the marker leaves the track */
			}
		}
	}
	for (i = 0; i < st->nplayers; i++)
		if (st->p[i].alive && (best < 0 || st->p[i].pop > st->p[best].pop))
			best = i;
	st->winner = best;
	ev = emit(st, best >= 0 ? RM_E_WINNER : RM_E_NO_WINNER, best, -1);
	if (best >= 0)
		ev->a = st->p[best].pop;
	st->phase = RM_PH_OVER;
}

static void __attribute__((noinline))
finish_moves(struct rm_state *st)
{
	struct rm_event *ev;
	int i;

	add_resolved(st, "move:", st->round);
	for (i = 0; i < st->nplayers; i++) {
		struct rm_player *pl = &st->p[i];

		pl->has_move = 0;
		pl->nmove = 0;
		if (pl->has_next_pick) {
			pl->pick = pl->next_pick;
			pl->has_pick = 1;
			pl->has_next_pick = 0;
		}
	}
	if (st->round < RM_ROUNDS) {
		st->prince = st->path[st->round];
		ev = emit(st, RM_E_PRINCE, -1, -1);
		ev->room = (int8_t)st->prince;
		start_round(st, st->round + 1);
	} else {
		midnight(st);
	}
}

/* Every living seat has its pick (or move) in. From the last seat down:
 * when seats answer in seat order, as bots do, a missing one is found at
 * once, the same way every time. */
static int
all_alive(const struct rm_state *st, int picks)
{
	int i;

	for (i = st->nplayers - 1; i >= 0; i--)
		if (st->p[i].alive && !(picks ? st->p[i].has_pick : st->p[i].has_move))
			return 0;
	return 1;
}

/* Run the game on as far as the input in hand allows. */
static void
advance(struct rm_state *st)
{
	struct rm_event *ev;

	for (;;) {
		if (st->phase == RM_PH_PLACE) {
			while (st->place_turn < st->nplayers) {
				int s = st->place_order[st->place_turn];
				struct rm_player *pl = &st->p[s];

				if (!pl->has_place)
					return;
				pl->room = (int8_t)pl->place_room;
				pl->has_place = 0;
				ev = emit(st, RM_E_PLACE, s, -1);
				ev->room = pl->room;
				st->place_turn++;
			}
			add_resolved(st, "place", -1);
			start_round(st, 1);
		} else if (st->phase == RM_PH_ACT) {
			if (!all_alive(st, 1))
				return;
			resolve_act(st);
		} else if (st->phase == RM_PH_MOVE) {
			if (st->sequential) {
				while (st->move_turn < st->nplayers) {
					int s = st->move_order[st->move_turn];

					if (st->p[s].alive && !st->p[s].has_move)
						return;
					if (st->p[s].alive)
						do_move(st, s);
					st->move_turn++;
				}
			} else {
				int i;

				if (!all_alive(st, 0))
					return;
				for (i = 0; i < st->nplayers; i++)
					if (st->p[i].alive)
						do_move(st, i);
			}
			finish_moves(st);
		} else {
			return;
		}
	}
}

static void
list_cards(const struct rm_state *st, uint32_t mask, char *buf, size_t n)
{
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < st->data->ncards && len < n; i++)
		if (mask & (1u << i))
			len += (size_t)snprintf(buf + len, n - len, "%s%s",
			    len ? ", " : "", st->data->card[i].id);
	if (len == 0)
		snprintf(buf, n, "none");
}

static int
validate_play(const struct rm_state *st, int seat, const struct rm_pick *pk,
    struct mq_err *err)
{
	const struct rm_player *pl = &st->p[seat];
	const struct rm_card *c = &st->data->card[pk->card];
	char cards[512];
	int i;

	if (st->phase == RM_PH_MOVE && st->round >= RM_ROUNDS)
		return mq_fail(err, MQ_REFUSED, "All twelve rounds' cards are played; "
		    "only moves and your midnight PLAN remain.");
	if (!(pl->hand & (1u << pk->card))) {
		list_cards(st, pl->hand, cards, sizeof(cards));
		if (pl->discards & (1u << pk->card))
			return mq_fail(err, MQ_REFUSED, "You have played %s already "
			    "(it is in your discard pile); you can play: %s.", c->id,
			    cards);
		return mq_fail(err, MQ_REFUSED, "%s is not one of your cards; you can "
		    "play: %s.", c->id, cards);
	}
	if (c->target == RM_SCOPE_NONE && pk->ntargets > 0)
		return mq_fail(err, MQ_REFUSED, "%s has no target: send PLAY %s "
		    "without TARGET.", c->id, c->id);
	if (c->target == RM_SCOPE_ANYWHERE && pk->ntargets == 0)
		return mq_fail(err, MQ_REFUSED, "%s needs a TARGET anywhere in the "
		    "abbey: add TARGET and a player's name, e.g. PLAY %s TARGET %s.",
		    c->id, c->id, st->p[(seat + 1) % st->nplayers].name);
	/* the example keeps the player's target, where the card reads one */
	if (pk->nslots < c->slots_min && pk->ntargets > 0 &&
	    rm_card_names_target(c))
		return mq_fail(err, MQ_REFUSED, "%s needs a time: add SLOT and a time "
		    "from 12:00 to 12:50, e.g. PLAY %s TARGET %s SLOT 12:30.", c->id,
		    c->id, st->p[pk->targets[0]].name);	/* the player's own */
	if (pk->nslots < c->slots_min)
		return mq_fail(err, MQ_REFUSED, "%s needs a time: add SLOT and a time "
		    "from 12:00 to 12:50, e.g. PLAY %s SLOT 12:30.", c->id, c->id);
	if (pk->nslots > c->slots_max)
		return mq_fail(err, MQ_REFUSED, c->slots_max == 0 ? "%s names no "
		    "time: send it without SLOT." : "%s takes at most %d time(s) "
		    "after SLOT.", c->id, c->slots_max);
	if (c->recover_max == 0 && (pk->nrecover > 0 || pk->recover_none))
		return mq_fail(err, MQ_REFUSED, "%s returns no cards: RECOVER goes "
		    "with a card that returns discarded cards.", c->id);
	if (pk->nrecover > c->recover_max)
		return mq_fail(err, MQ_REFUSED, "%s returns at most %d card(s) after "
		    "RECOVER.", c->id, c->recover_max);
	for (i = 0; i < pk->nrecover; i++) {
		if (!(pl->discards & (1u << pk->recover[i]))) {
			list_cards(st, pl->discards, cards, sizeof(cards));
			return mq_fail(err, MQ_REFUSED, "%s is not in your discard "
			    "pile, so %s cannot return it; your discards: %s.",
			    st->data->card[pk->recover[i]].id, c->id, cards);
		}
		if (i == 1 && pk->recover[0] == pk->recover[1])
			return mq_fail(err, MQ_REFUSED, "RECOVER names %s twice.",
			    st->data->card[pk->recover[i]].id);
	}
	/* A card that returns n (not "up to n") returns as many as there
	 * are, up to n: the player names which. */
	if (c->recover_max > 0 && !c->recover_up_to && pl->discards != 0 &&
	    pk->nrecover < (c->recover_max < rm_popcount32(pl->discards) ?
	    c->recover_max : rm_popcount32(pl->discards))) {
		list_cards(st, pl->discards, cards, sizeof(cards));
		if (c->recover_max == 1)
			return mq_fail(err, MQ_REFUSED, "%s returns one of your "
			    "discarded cards, not none: name it after RECOVER "
			    "(your discards: %s).", c->id, cards);
		return mq_fail(err, MQ_REFUSED, "%s returns %d of your discarded "
		    "cards, not fewer: name them after RECOVER (your discards: "
		    "%s).", c->id, c->recover_max, cards);
	}
	/* Nothing named with discards to take back is likelier a RECOVER
	 * forgotten than a choice: the choice is said, RECOVER none. */
	if (c->recover_max > 0 && pk->nrecover == 0 && !pk->recover_none &&
	    pl->discards != 0) {
		list_cards(st, pl->discards, cards, sizeof(cards));
		return mq_fail(err, MQ_REFUSED, "%s returns up to %d discarded "
		    "card(s): name them after RECOVER, or RECOVER none to take "
		    "none back (your discards: %s).", c->id, c->recover_max, cards);
	}
	return 0;
}

/*
 * What parse() guarantees, checked again for a command that did not come
 * through it (a bot, a replayed log): every index in range, no self-target.
 */
static int
well_formed(const struct rm_state *st, int seat, const struct rm_cmd *c,
    struct mq_err *err)
{
	const struct rm_pick *pk = &c->pick;
	int i, j;

	switch (c->type) {
	case RM_C_PLAY:
		if (pk->card >= st->data->ncards || pk->ntargets >= st->nplayers ||
		    pk->nslots > 2 || pk->nrecover > 2 || pk->recover_none > 1 ||
		    (pk->recover_none && pk->nrecover > 0))
			return mq_fail(err, MQ_REFUSED, "That PLAY is malformed; "
			    "send PLAY, a card, then TARGET, SLOT or RECOVER.");
		for (i = 0; i < pk->ntargets; i++) {
			if (pk->targets[i] >= st->nplayers)
				return mq_fail(err, MQ_REFUSED, "TARGET names a "
				    "seat that is not in this game.");
			if (pk->targets[i] == seat)
				return mq_fail(err, MQ_REFUSED, "You cannot target "
				    "yourself; name another player after TARGET.");
			for (j = 0; j < i; j++)
				if (pk->targets[j] == pk->targets[i])
					return mq_fail(err, MQ_REFUSED, "TARGET "
					    "names %s twice.",
					    st->p[pk->targets[i]].name);
		}
		for (i = 0; i < pk->nslots; i++)
			if (pk->slots[i] >= RM_TIMES)
				return mq_fail(err, MQ_REFUSED, "SLOT takes 12:00, "
				    "12:10, 12:20, 12:30, 12:40 or 12:50.");
		for (i = 0; i < pk->nrecover; i++)
			if (pk->recover[i] >= st->data->ncards)
				return mq_fail(err, MQ_REFUSED, "RECOVER names a "
				    "card that is not in the game.");
		return 0;
	case RM_C_MOVE:
		if (c->nsteps < 1 || c->nsteps > 3)
			return mq_fail(err, MQ_REFUSED, "MOVE takes one to three "
			    "directions: cw, ccw or stay.");
		for (i = 0; i < c->nsteps; i++)
			if (c->steps[i] < -1 || c->steps[i] > 1)
				return mq_fail(err, MQ_REFUSED, "MOVE takes cw, "
				    "ccw or stay.");
		return 0;
	case RM_C_PLAN:
		for (i = 0; i < RM_TIMES; i++)
			if (c->plan[i] < -1 || c->plan[i] > 1)
				return mq_fail(err, MQ_REFUSED, "A plan holds cw, "
				    "ccw or stay for each time.");
		return 0;
	case RM_C_PLACE:
		if (c->room >= RM_ROOMS)
			return mq_fail(err, MQ_REFUSED, "PLACE needs one of the "
			    "seven rooms.");
		return 0;
	case RM_C_STATUS:
	case RM_C_HELP:
		return 0;
	}
	return mq_fail(err, MQ_REFUSED, "That command is not understood; the "
	    "commands are PLAY, MOVE, PLAN, PLACE, STATUS and HELP.");
}

int
rm_validate(const struct rm_state *st, int seat, const struct rm_cmd *c,
    struct mq_err *err)
{
	const struct rm_player *pl;
	int allow;

	if (seat < 0 || seat >= st->nplayers)
		return mq_fail(err, MQ_REFUSED, "There is no player in seat %d.", seat);
	pl = &st->p[seat];
	MQ_TRY(well_formed(st, seat, c, err));
	if (c->type == RM_C_STATUS || c->type == RM_C_HELP)
		return 0;
	if (st->phase == RM_PH_OVER)
		return mq_fail(err, MQ_REFUSED, "The game is over; nothing more can "
		    "be played. Reply STATUS to any of the game's mails to see "
		    "how it ended.");
	if (!pl->alive)
		return mq_fail(err, MQ_REFUSED, "Your noble is dead; you can only watch.");
	switch (c->type) {
	case RM_C_PLAY:
		return validate_play(st, seat, &c->pick, err);
	case RM_C_MOVE:
		if (st->phase == RM_PH_MOVE && st->sequential &&
		    st->move_turn < st->nplayers &&
		    st->move_turn > 0 && pl->has_move == 0) {
			int i;

			for (i = 0; i < st->move_turn; i++)
				if (st->move_order[i] == seat)
					return mq_fail(err, MQ_REFUSED, "You have "
					    "moved this round already; your next "
					    "MOVE is for the next round, once its "
					    "cards are played.");
		}
		allow = rm_allowance(st, pl);
		if (c->nsteps > allow)
			return mq_fail(err, MQ_REFUSED, "You may move %s this round "
			    "(Dance allows two steps, Promenade three): send MOVE "
			    "cw, MOVE ccw or MOVE stay%s.", allow == 1 ? "once" :
			    allow == 2 ? "twice" : "three times",
			    allow == 2 ? ", or two directions, one per step: MOVE "
			    "cw ccw" : allow > 2 ? ", or up to three directions, "
			    "one per step: MOVE cw ccw stay" :
			    /* sent before the card that allows it, which the
			     * player may still play */
			    may_play_mover(st, pl) ? "; to take more steps with "
			    "Dance or Promenade, send this MOVE with or after "
			    "its PLAY" : "");
		return 0;
	case RM_C_PLAN:
		return 0;
	case RM_C_PLACE:
		/* in the moves, every card is played already: round 12's
		 * hand is empty, and "PLAY a card" asked for none there is */
		if (st->phase == RM_PH_MOVE)
			return mq_fail(err, MQ_REFUSED, "Every noble is placed "
			    "already; now you MOVE.");
		if (st->phase != RM_PH_PLACE)
			return mq_fail(err, MQ_REFUSED, "Every noble is placed "
			    "already; now you PLAY a card and MOVE.");
		if (pl->room >= 0)
			return mq_fail(err, MQ_REFUSED, "You have placed your noble "
			    "already, in %s.", st->data->room_id[pl->room]);
		return 0;
	}
	return mq_fail(err, MQ_REFUSED, "That command is not understood.");
}

int
rm_apply(void *state, int seat, const struct mq_cmd *cmd, struct mq_err *err)
{
	struct rm_state *st = state;
	const struct rm_cmd *c = rm_cmd_ofc(cmd);
	struct rm_player *pl;
	int t;

	/* Validate first: a refused command leaves the state byte for byte,
	 * including the events and decisions of the last apply. */
	MQ_TRY(rm_validate(st, seat, c, err));
	st->nev = 0;
	st->ev_full = 0;
	st->nresolved = 0;
	pl = &st->p[seat];
	switch (c->type) {
	case RM_C_PLAY:
		if (st->phase == RM_PH_MOVE) {
			pl->next_pick = c->pick;
			pl->has_next_pick = 1;
		} else {
			pl->pick = c->pick;
			pl->has_pick = 1;
		}
		break;
	case RM_C_MOVE:
		pl->nmove = c->nsteps;
		memcpy(pl->move, c->steps, sizeof(pl->move));
		pl->has_move = 1;
		break;
	case RM_C_PLAN:
		for (t = 0; t < RM_TIMES; t++)
			if (c->plan_mask == 0)
				pl->plan[t] = 0;
			else if (c->plan_mask & (1u << t))
				pl->plan[t] = c->plan[t];
		break;
	case RM_C_PLACE:
		pl->place_room = c->room;
		pl->has_place = 1;
		break;
	default:
		return 0;
	}
	advance(st);
	return 0;
}

const char *
rm_owes(const void *state, int seat)
{
	const struct rm_state *st = state;
	const struct rm_player *pl;

	if (seat < 0 || seat >= st->nplayers || !st->p[seat].alive)
		return NULL;
	pl = &st->p[seat];
	switch (st->phase) {
	case RM_PH_PLACE:
		return st->place_order[st->place_turn] == seat ? "place" : NULL;
	case RM_PH_ACT:
		return pl->has_pick ? NULL : "act";
	case RM_PH_MOVE:
		if (pl->has_move)
			return NULL;
		if (st->sequential)
			return st->move_order[st->move_turn] == seat ? "move" : NULL;
		return "move";
	}
	return NULL;
}

int
rm_default_command(const void *state, int seat, struct mq_cmd *cmd)
{
	const struct rm_state *st = state;
	const char *owed = rm_owes(state, seat);
	struct rm_cmd *c = rm_cmd_of(cmd);
	struct mq_rng r;

	memset(cmd, 0, sizeof(*cmd));
	if (owed == NULL)
		return 0;
	if (strcmp(owed, "place") == 0) {
		c->type = RM_C_PLACE;
		mq_rng_open_seed(&r, &st->rng_seed, "placement", 0, seat);
		c->room = (uint8_t)mq_rng_below(&r, RM_ROOMS);
	} else if (strcmp(owed, "act") == 0) {
		c->type = RM_C_PLAY;
		c->pick.card = (uint8_t)st->data->discuss;
	} else {
		c->type = RM_C_MOVE;
		c->nsteps = 1;
		c->steps[0] = 0;
	}
	return 1;
}

void
rm_decision(const void *state, int seat, const struct mq_cmd *cmd,
    struct mq_decision *d)
{
	const struct rm_state *st = state;
	const struct rm_cmd *c = rm_cmd_ofc(cmd);
	int r = st->round;

	d->key[0] = '\0';
	switch (c->type) {
	case RM_C_PLAY:
		r = st->phase == RM_PH_PLACE ? 1 : st->phase == RM_PH_MOVE ? r + 1 : r;
		snprintf(d->key, sizeof(d->key), "act:%d", r);
		break;
	case RM_C_MOVE:
		snprintf(d->key, sizeof(d->key), "move:%d", r < 1 ? 1 : r);
		break;
	case RM_C_PLAN:
		snprintf(d->key, sizeof(d->key), "plan");
		break;
	case RM_C_PLACE:
		snprintf(d->key, sizeof(d->key), "place");
		break;
	}
}

/* "act:5" and "move:5" are round 5's: its time, as the view says it. */
void
rm_moment(const char *key, char *out, size_t size)
{
	const char *p = strchr(key, ':');
	int round;

	if (size > 0)
		out[0] = '\0';
	if (p == NULL || (strncmp(key, "act:", 4) != 0 &&
	    strncmp(key, "move:", 5) != 0) || sscanf(p + 1, "%d", &round) != 1 ||
	    round < 1)
		return;
	rm_format_round_time(round, out, size);
}

/* The round the state is at, its time as the view says it: a game over
 * is at midnight's last time. */
void
rm_now(const void *state, char *out, size_t size)
{
	const struct rm_state *st = state;

	if (st->phase == RM_PH_OVER)
		snprintf(out, size, "12:50");
	else
		rm_format_round_time(st->round, out, size);
}

size_t
rm_resolved(const void *state, struct mq_decision *out, size_t max)
{
	const struct rm_state *st = state;
	size_t i;

	for (i = 0; i < (size_t)st->nresolved && i < max; i++)
		out[i] = st->resolved[i];
	return i;
}
