/*
 * ms_state.c - The Masquerade: setup, and the rules' arithmetic every other
 * file shares (hand limits, power, costs, VP, emblems) with the one-shot
 * moves of cards (draw, the deck's renewal, healing, losing life), each
 * telling what it did as an event.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/masquerade/ms.h"

static int
popcount16(unsigned x)
{
	int n = 0;

	for (; x != 0; x &= x - 1)
		n++;
	return n;
}

void
ms_event(struct ms_state *st, int type, int actor, int target, int card,
    int a, int b, const uint8_t *n)
{
	struct ms_event *e;

	e = &st->hist[st->hist_n++ % MS_HIST];
	memset(e, 0, sizeof(*e));
	e->type = (uint8_t)type;
	e->by = (int8_t)st->mover;
	e->actor = (int8_t)actor;
	e->target = (int8_t)target;
	e->card = (int8_t)card;
	e->src_kind = st->src_kind;
	e->src = st->src_kind != MS_SRC_NONE ? st->src : -1;
	e->a = (int16_t)a;
	e->b = (int16_t)b;
	if (n != NULL)
		memcpy(e->n, n, sizeof(e->n));
	if (st->nev < MS_MAXEV)	/* a view shows the first MS_MAXEV */
		st->ev[st->nev++] = *e;
}

void
ms_event_first(struct ms_state *st, uint32_t hist_mark, int ev_mark)
{
	struct ms_event last;
	uint32_t i;
	int k;

	if (st->hist_n - hist_mark < 2)
		return;
	last = st->hist[(st->hist_n - 1) % MS_HIST];
	for (i = st->hist_n - 1; i > hist_mark; i--)
		st->hist[i % MS_HIST] = st->hist[(i - 1) % MS_HIST];
	st->hist[hist_mark % MS_HIST] = last;
	/* the view's list, when it holds all of them (it stops at MS_MAXEV) */
	if ((uint32_t)(st->nev - ev_mark) != st->hist_n - hist_mark)
		return;
	last = st->ev[st->nev - 1];
	for (k = st->nev - 1; k > ev_mark; k--)
		st->ev[k] = st->ev[k - 1];
	st->ev[ev_mark] = last;
}

int
ms_hand_size(const struct ms_player *pl)
{
	int k, n = 0;

	for (k = 0; k < MS_SPELLS; k++)
		n += pl->hand[k];
	return n;
}

int
ms_counters(const struct ms_player *pl)
{
	int k, n = 0;

	for (k = 0; k < MS_SPELLS; k++)
		n += pl->banked[k];
	return n;
}

int
ms_orders_active(const struct ms_state *st)
{
	return st->turn >= 2;	/* turn 1's Orders have no effect */
}

/*
 * The effects a seat's cards give it now: its Dancer's, its Treasures', and
 * its Order's (not on turn 1). Calls fn for each; fn returns nonzero to stop.
 */
typedef int (*effect_fn)(const struct ms_state *st, int seat,
    const struct ms_effect *e, void *ctx);

static int
each_effect(const struct ms_state *st, int seat, effect_fn fn, void *ctx)
{
	const struct ms_data *d = st->data;
	const struct ms_player *pl = &st->p[seat];
	int i, g, rc;

	if (pl->dancer >= 0)
		for (i = 0; i < d->dancer[pl->dancer].neff; i++)
			if ((rc = fn(st, seat, &d->dancer[pl->dancer].eff[i], ctx)))
				return rc;
	for (g = 0; g < d->nguardians; g++)
		if (pl->treasures & (1u << g))
			for (i = 0; i < d->guardian[g].tneff; i++)
				if ((rc = fn(st, seat, &d->guardian[g].teff[i], ctx)))
					return rc;
	if (ms_orders_active(st) && pl->order >= 1 && pl->order <= d->norders) {
		const struct ms_order *o = &d->order[pl->order - 1];

		for (i = 0; i < o->neff; i++)
			if ((rc = fn(st, seat, &o->eff[i], ctx)))
				return rc;
	}
	return 0;
}

struct limit_ctx { int set, add; };

static int
limit_fn(const struct ms_state *st, int seat, const struct ms_effect *e,
    void *ctx)
{
	struct limit_ctx *l = ctx;

	(void)st;
	(void)seat;
	if (e->trigger == MS_T_PASSIVE && e->op == MS_OP_HAND_LIMIT) {
		if (e->set > 0)
			l->set = e->set;
		l->add += e->add;
	}
	return 0;
}

/* The base, replaced by the Dancer's set, then each add (rules: Hand limit). */
int
ms_hand_limit(const struct ms_state *st, int seat)
{
	struct limit_ctx l = { 0, 0 };
	int n;

	each_effect(st, seat, limit_fn, &l);
	n = (l.set > 0 ? l.set : st->data->base_hand_limit) + l.add;
	return n < 0 ? 0 : n;
}

int
ms_vp(const struct ms_state *st, int seat)
{
	const struct ms_data *d = st->data;
	const struct ms_player *pl = &st->p[seat];
	int i, vp = ms_counters(pl);

	for (i = 0; i < d->nemblems; i++)
		if (pl->emblems & (1u << i))
			vp += d->emblem[i].vp;
	for (i = 0; i < d->nguardians; i++)
		if (pl->treasures & (1u << i))
			vp += d->guardian[i].tvp;
	return vp;
}

/* Tied for the most VP, the Mask not counted; nobody when the top is 0. */
int
ms_is_vp_leader(const struct ms_state *st, int seat)
{
	int i, top = 0;

	for (i = 0; i < st->nplayers; i++)
		if (ms_vp(st, i) > top)
			top = ms_vp(st, i);
	return top > 0 && ms_vp(st, seat) == top;
}

int
ms_stat(const struct ms_state *st, int seat, int stat)
{
	const struct ms_player *pl = &st->p[seat];

	switch (stat) {
	case MS_S_VP_COUNTERS:
		return ms_counters(pl);
	case MS_S_TREASURES:
		return popcount16(pl->treasures);
	case MS_S_EVENTS_PROPHESIED:
		return pl->events_prophesied;
	case MS_S_ARENA_WINS:
		return pl->arena_wins;
	case MS_S_LIFE:
		return pl->life;
	case MS_S_EMBLEMS:
		return popcount16(pl->emblems);
	case MS_S_HAND_FULL:
		return ms_hand_size(pl) >= ms_hand_limit(st, seat);
	}
	return 0;
}

struct has_ctx { int op; const struct ms_effect *hit; };

static int
forbids_fn(const struct ms_state *st, int seat, const struct ms_effect *e,
    void *ctx)
{
	struct has_ctx *h = ctx;

	if (e->trigger != MS_T_PASSIVE || e->op != h->op)
		return 0;
	if (e->cond == MS_IF_VP_LEADER && !ms_is_vp_leader(st, seat))
		return 0;
	h->hit = e;
	return 1;
}

/* Which of the seat's cards (each_effect's) gives it effect e. */
static const struct ms_names *
effect_source(const struct ms_state *st, int seat, const struct ms_effect *e)
{
	const struct ms_data *d = st->data;
	const struct ms_player *pl = &st->p[seat];
	int g;

#define HOLDS(arr, n)	(e >= (arr) && e < (arr) + (n))
	if (pl->dancer >= 0 && HOLDS(d->dancer[pl->dancer].eff,
	    d->dancer[pl->dancer].neff))
		return &d->dancer[pl->dancer].nm;
	for (g = 0; g < d->nguardians; g++)
		if (HOLDS(d->guardian[g].teff, d->guardian[g].tneff))
			return &d->guardian[g].treasure;
	if (pl->order >= 1 && pl->order <= d->norders &&
	    HOLDS(d->order[pl->order - 1].eff, d->order[pl->order - 1].neff))
		return &d->order[pl->order - 1].nm;
#undef HOLDS
	return NULL;
}

/*
 * Why seat cannot be challenged, for the refusal: 0 it can be; 1 it has no
 * Dancer; 2 a card of its forbids it (*card: the card's names, NULL if
 * none is found; *leader: only while the seat leads in VP). For the
 * refusal, and for the views, which say why a dancer is not offered.
 */
int
ms_challenge_shield(const struct ms_state *st, int seat,
    const struct ms_names **card, int *leader)
{
	struct has_ctx h = { MS_OP_CANNOT_BE_CHALLENGED, NULL };

	if (st->p[seat].dancer < 0)
		return 1;
	if (each_effect(st, seat, forbids_fn, &h) == 0 || h.hit == NULL)
		return 0;
	*card = effect_source(st, seat, h.hit);
	*leader = h.hit->cond == MS_IF_VP_LEADER;
	return 2;
}

/* At 0 life a dancer starts no challenge; a prohibition wins over a duty. */
int
ms_can_challenge(const struct ms_state *st, int seat)
{
	struct has_ctx h = { MS_OP_CANNOT_CHALLENGE, NULL };

	if (st->p[seat].life <= 0 || st->p[seat].dancer < 0)
		return 0;
	return each_effect(st, seat, forbids_fn, &h) == 0;
}

int
ms_can_be_challenged(const struct ms_state *st, int seat)
{
	struct has_ctx h = { MS_OP_CANNOT_BE_CHALLENGED, NULL };

	if (st->p[seat].dancer < 0)
		return 0;
	return each_effect(st, seat, forbids_fn, &h) == 0;
}

struct cost_ctx { int delta, floor; };

static int
cost_fn(const struct ms_state *st, int seat, const struct ms_effect *e,
    void *ctx)
{
	struct cost_ctx *c = ctx;

	(void)st;
	(void)seat;
	if (e->trigger == MS_T_PASSIVE && e->op == MS_OP_SPELL_COST) {
		c->delta += e->n;
		if (e->min > c->floor)
			c->floor = e->min;
	}
	return 0;
}

/*
 * A Spell's cost for seat now: its level, the seat's spell_cost modifiers
 * (each with its floor), then what the Guardian it fights adds
 * (opp_spell_cost). Never below 0.
 */
int
ms_spell_cost(const struct ms_state *st, int seat, int spell)
{
	const struct ms_data *d = st->data;
	struct cost_ctx c = { 0, 0 };
	int cost, i;

	each_effect(st, seat, cost_fn, &c);
	cost = d->spell[spell].level + c.delta;
	if (cost < c.floor)
		cost = c.floor;
	if (st->ch.kind == MS_CH_TOWER && st->ch.side[0] == seat) {
		const struct ms_guardian *g = &d->guardian[st->ch.guardian];

		for (i = 0; i < g->neff; i++)
			if (g->eff[i].op == MS_OP_OPP_SPELL_COST)
				cost += g->eff[i].n;
	}
	return cost < 0 ? 0 : cost;
}

struct power_ctx { int side, n; };

static int
power_fn(const struct ms_state *st, int seat, const struct ms_effect *e,
    void *ctx)
{
	struct power_ctx *p = ctx;

	(void)st;
	(void)seat;
	if (e->trigger != MS_T_PASSIVE || e->op != MS_OP_POWER)
		return 0;
	if (e->when == MS_WHEN_INITIATING && p->side != 0)
		return 0;
	p->n += e->n;
	return 0;
}

/*
 * A side's power in the challenge being fought: a dancer's printed power (0
 * at 0 life), its cards' power modifiers, its Spells and Mask, less what the
 * other side's Spells took; the Guardian's printed power plus its reveals.
 * Never below 0.
 */
int
ms_power(const struct ms_state *st, int side)
{
	const struct ms_challenge *ch = &st->ch;
	int seat = ch->side[side], n;

	if (seat < 0) {
		n = st->data->guardian[ch->guardian].power;
	} else {
		struct power_ctx p = { side, 0 };
		const struct ms_player *pl = &st->p[seat];

		each_effect(st, seat, power_fn, &p);
		n = (pl->life > 0 ? st->data->dancer[pl->dancer].power : 0) + p.n;
	}
	n += ch->bonus[side] - ch->minus[side];
	return n < 0 ? 0 : n;
}

/* A passive power modifier of a side's card counts (power_fn's test). */
static int
power_mod(const struct ms_effect *e, int side)
{
	if (e->trigger != MS_T_PASSIVE || e->op != MS_OP_POWER)
		return 0;
	if (e->when == MS_WHEN_INITIATING && side != 0)
		return 0;
	return e->n;
}

static int
put_part(struct ms_power_part *out, int max, int k, int kind, int card,
    int n)
{
	if (k < max) {
		out[k].kind = (uint8_t)kind;
		out[k].card = (int8_t)card;
		out[k].n = (int8_t)n;
	}
	return k + 1;
}

/* The sides of the challenge being fought, as ms_fight_parts reads them. */
void
ms_fight_sides(const struct ms_state *st, struct ms_fight_side fs[2])
{
	const struct ms_challenge *ch = &st->ch;
	int i, seat;

	memset(fs, 0, 2 * sizeof(*fs));
	for (i = 0; i < 2; i++) {
		seat = ch->side[i];
		fs[i].seat = (int8_t)seat;
		fs[i].order = -1;
		fs[i].masked = ch->masked[i];
		memcpy(fs[i].played, ch->played[i], sizeof(fs[i].played));
		if (seat < 0) {
			fs[i].card = ch->guardian;
			continue;
		}
		fs[i].card = st->p[seat].dancer;
		fs[i].life_zero = st->p[seat].life <= 0;
		fs[i].treasures = st->p[seat].treasures;
		if (ms_orders_active(st) && st->p[seat].order >= 1 &&
		    st->p[seat].order <= st->data->norders)
			fs[i].order = (int8_t)(st->p[seat].order - 1);
	}
}

/*
 * The parts of a side's power in a fight, in the order ms_power adds them:
 * the printed power (a dancer's, 0 at 0 life, or the Guardian's), each of
 * its cards' modifiers (the dancer's ability, each Treasure, the Order),
 * each Spell it played (the Guardian: each it turned up), its Mask, and
 * each Spell the other side played against it (n < 0). Their sum is
 * ms_power before its floor of 0. Up to max into out; the number of parts.
 */
int
ms_fight_parts(const struct ms_data *d, const struct ms_fight_side fs[2],
    int side, struct ms_power_part *out, int max)
{
	const struct ms_fight_side *f = &fs[side];
	int k = 0, i, j, c, n, g;

	if (f->seat < 0) {
		if (f->card >= 0 && f->card < d->nguardians)
			k = put_part(out, max, k, MS_PART_GUARDIAN, f->card,
			    d->guardian[f->card].power);
		for (j = 0; j < MS_SPELLS && j < d->nspells; j++)
			for (c = 0; c < f->played[j]; c++)
				k = put_part(out, max, k, MS_PART_FLIP, j,
				    d->spell[j].level);
	} else {
		if (f->card >= 0 && f->card < d->ndancers) {
			const struct ms_dancer *dc = &d->dancer[f->card];

			k = put_part(out, max, k, MS_PART_DANCER, f->card,
			    f->life_zero ? 0 : dc->power);
			for (i = 0; i < dc->neff; i++)
				if ((n = power_mod(&dc->eff[i], side)) != 0)
					k = put_part(out, max, k, MS_PART_ABILITY,
					    f->card, n);
		}
		for (g = 0; g < d->nguardians; g++)
			if (f->treasures & (1u << g))
				for (i = 0; i < d->guardian[g].tneff; i++)
					if ((n = power_mod(&d->guardian[g].teff[i],
					    side)) != 0)
						k = put_part(out, max, k,
						    MS_PART_TREASURE, g, n);
		if (f->order >= 0 && f->order < d->norders) {
			const struct ms_order *o = &d->order[f->order];

			for (i = 0; i < o->neff; i++)
				if ((n = power_mod(&o->eff[i], side)) != 0)
					k = put_part(out, max, k, MS_PART_ORDER,
					    f->order, n);
		}
		for (j = 0; j < MS_SPELLS && j < d->nspells; j++)
			for (c = 0; c < f->played[j]; c++)
				for (i = 0; i < d->spell[j].neff; i++)
					if (d->spell[j].eff[i].op == MS_OP_POWER)
						k = put_part(out, max, k,
						    MS_PART_SPELL, j,
						    d->spell[j].eff[i].n);
	}
	if (f->masked)
		k = put_part(out, max, k, MS_PART_MASK, -1, d->mask_reveal_power);
	if (fs[1 - side].seat >= 0)	/* the Guardian plays no Spell */
		for (j = 0; j < MS_SPELLS && j < d->nspells; j++)
			for (c = 0; c < fs[1 - side].played[j]; c++)
				for (i = 0; i < d->spell[j].neff; i++)
					if (d->spell[j].eff[i].op ==
					    MS_OP_OPP_POWER)
						k = put_part(out, max, k,
						    MS_PART_OPP_SPELL, j,
						    d->spell[j].eff[i].n);
	return k;
}

/* The parts of a side's power in the challenge being fought (a Guardian's
 * turn-ups come at its end: none yet). */
int
ms_power_parts(const struct ms_state *st, int side, struct ms_power_part *out,
    int max)
{
	struct ms_fight_side fs[2];

	ms_fight_sides(st, fs);
	return ms_fight_parts(st->data, fs, side, out, max);
}

/*
 * A fight's sides into a result event's n[2..15], small enough that no
 * event grows for them: for each side (n[2], n[5]) its dancer's or
 * Guardian's index (low 4 bits; 15: none), its Order's number (0: none)
 * and its Mask (bit 7), its Treasures (n[3..4], n[6..7]); then one byte for
 * each kind of Spell a side played (n[8..15]): the side (bit 7), the kind
 * (bits 3-6), how many (bits 0-2; more than 7 take two). Whose sides they
 * are (a seat or the Guardian) and a dancer at 0 life, the event says
 * already. -1 when the Spells take more than 8 bytes.
 */
int
ms_fight_pack(const struct ms_fight_side fs[2], uint8_t *n)
{
	int i, j, c, m, k = 8;

	_Static_assert(MS_DANCERS < 15 && MS_GUARDIANS < 15 &&
	    MS_GUARDIANS <= 16 && MS_ORDERS < 8 && MS_SPELLS <= 16,
	    "a fight's sides fit ms_fight_pack's bytes");
	memset(n + 2, 0, MS_SPELLS - 2);
	for (i = 0; i < 2; i++) {
		n[2 + 3 * i] = (uint8_t)((fs[i].card < 0 ? 15 : fs[i].card) |
		    (fs[i].order + 1) << 4 | (fs[i].masked ? 0x80 : 0));
		n[3 + 3 * i] = (uint8_t)(fs[i].treasures & 0xff);
		n[4 + 3 * i] = (uint8_t)(fs[i].treasures >> 8);
		for (j = 0; j < MS_SPELLS; j++)
			for (c = fs[i].played[j]; c > 0; c -= m) {
				if (k >= MS_SPELLS) {
					memset(n + 2, 0, MS_SPELLS - 2);
					return -1;
				}
				m = c > 7 ? 7 : c;
				n[k++] = (uint8_t)(i << 7 | j << 3 | m);
			}
	}
	return 0;
}

/* A result event's sides (ms_fight_pack); -1 when it has none. */
int
ms_fight_unpack(const struct ms_event *e, struct ms_fight_side fs[2])
{
	int i, k, c;

	memset(fs, 0, 2 * sizeof(*fs));
	if (e->type != MS_E_RESULT || !(e->n[1] & MS_RESULT_PARTS))
		return -1;
	for (i = 0; i < 2; i++) {
		c = e->n[2 + 3 * i];
		fs[i].seat = i == 0 ? e->actor : e->target;
		fs[i].card = (int8_t)((c & 15) == 15 ? -1 : c & 15);
		fs[i].order = (int8_t)(((c >> 4) & 7) - 1);
		fs[i].masked = (c & 0x80) != 0;
		fs[i].life_zero = (e->n[1] & (1u << i)) != 0;
		fs[i].treasures = (uint16_t)(e->n[3 + 3 * i] |
		    e->n[4 + 3 * i] << 8);
	}
	for (k = 8; k < MS_SPELLS && e->n[k] != 0; k++)
		fs[e->n[k] >> 7].played[(e->n[k] >> 3) & 15] = (uint8_t)(
		    fs[e->n[k] >> 7].played[(e->n[k] >> 3) & 15] +
		    (e->n[k] & 7));
	return 0;
}

int
ms_stage_count(const struct ms_state *st, int stage)
{
	int i, n = 0;

	for (i = 0; i < st->nplayers; i++)
		n += st->p[i].stage == stage;
	return n;
}

int
ms_order_holder(const struct ms_state *st, int number)
{
	int i;

	for (i = 0; i < st->nplayers; i++)
		if (st->p[i].order == number)
			return i;
	return -1;
}

void
ms_to_tomb(struct ms_state *st, int spell, int n)
{
	st->tomb[spell] = (uint8_t)(st->tomb[spell] + n);
}

/* The tomb shuffled into the (empty) deck under the stream label; how
 * many Spells it holds now, 0 for an empty tomb. late: the deck had stayed
 * empty since its run-out, which this renewal is no new one of (told so). */
static int
tomb_to_deck(struct ms_state *st, const char *label, int late)
{
	struct mq_rng r;
	int i, n = 0;

	for (i = 0; i < MS_SPELLS; i++)
		while (st->tomb[i] > 0 && n < MS_DECK) {
			st->deck[n++] = (uint8_t)i;
			st->tomb[i]--;
		}
	if (n == 0)
		return 0;
	mq_rng_open_seed(&r, &st->rng_seed, label, st->turn, st->runouts);
	mq_rng_shuffle_u8(&r, st->deck, (unsigned)n);
	st->deck_n = n;
	ms_event(st, MS_E_RENEW, -1, -1, late ? 1 : -1, n, st->runouts, NULL);
	return n;
}

/*
 * The deck, empty since a run-out with the tomb empty, renewed from the
 * tomb as it is now (ms_deck_take's [decided]); how many Spells the deck
 * holds. A caller that tells a take before the run-out it caused
 * (ms_event_first) renews first, so that the renewal, which came before
 * the take, is told before it too.
 */
int
ms_deck_renew_late(struct ms_state *st)
{
	if (st->deck_n == 0)
		return tomb_to_deck(st, "renewal-late", 1);
	return st->deck_n;
}

/*
 * The top Spell of the deck, or -1 when it is empty. The moment it becomes
 * empty it is a run-out, and the tomb, if any, is shuffled into a new deck
 * at once (rules: Spell deck renewal), even after an end condition is met.
 * [decided] A deck that ran out with the tomb empty is renewed when a
 * Spell is next needed, from the tomb as it is then: the same run-out,
 * not another (it stayed empty for good, and the run-out ending could
 * never come; found by a rules review).
 */
int
ms_deck_take(struct ms_state *st)
{
	int k;

	if (ms_deck_renew_late(st) == 0)
		return -1;
	k = st->deck[--st->deck_n];
	if (st->deck_n > 0)
		return k;
	st->runouts++;
	if (tomb_to_deck(st, "renewal", 0) == 0)
		ms_event(st, MS_E_RUN_OUT, -1, -1, -1, 0, st->runouts, NULL);
	return k;
}

/* A draw that would go past the hand limit does not happen: the card stays. */
void
ms_draw(struct ms_state *st, int seat, int n)
{
	struct ms_player *pl = &st->p[seat];
	int k;

	uint32_t hm;
	int em;

	for (; n > 0; n--) {
		if (ms_hand_size(pl) >= ms_hand_limit(st, seat)) {
			ms_event(st, MS_E_DRAW_NONE, seat, -1, -1, 1, 0, NULL);
			return;
		}
		ms_deck_renew_late(st);	/* told before the draw */
		hm = st->hist_n;
		em = st->nev;
		if ((k = ms_deck_take(st)) < 0) {
			ms_event(st, MS_E_DRAW_NONE, seat, -1, -1, 2, 0, NULL);
			return;
		}
		pl->hand[k]++;
		ms_event(st, MS_E_DRAW, seat, -1, k, 0, 0, NULL);
		ms_event_first(st, hm, em);	/* drawn, then the run-out */
	}
}

void
ms_heal(struct ms_state *st, int seat, int n)
{
	struct ms_player *pl = &st->p[seat];
	int before = pl->life, max = st->data->max_life;

	pl->life = (int8_t)(n >= MS_FULL || before + n > max ? max : before + n);
	if (pl->life != before)
		ms_event(st, MS_E_HEAL, seat, -1, -1, before, pl->life, NULL);
}

void
ms_lose_life(struct ms_state *st, int seat, int n)
{
	struct ms_player *pl = &st->p[seat];
	int before = pl->life;

	pl->life = (int8_t)(before - n < 0 ? 0 : before - n);
	if (pl->life != before)
		ms_event(st, MS_E_LIFE, seat, -1, -1, before, pl->life, NULL);
}

/* Earlier in this turn's sequence (seat order before the Orders are dealt). */
static int
earlier(const struct ms_state *st, int a, int b)
{
	int oa = st->p[a].order > 0 ? st->p[a].order : 9;
	int ob = st->p[b].order > 0 ? st->p[b].order : 9;

	return oa != ob ? oa < ob : a < b;
}

/*
 * Emblems [decided]: the first to reach the minimum takes one; a player who
 * then strictly exceeds the holder takes it from them. Of several at once,
 * the highest, then the earliest in this turn's sequence.
 */
void
ms_emblems(struct ms_state *st)
{
	const struct ms_data *d = st->data;
	int e, i, h, best, v, bv, need;

	for (e = 0; e < d->nemblems; e++) {
		h = st->emblem_holder[e];
		/* what it takes: the minimum, or more than the holder has */
		need = h >= 0 ? ms_stat(st, h, d->emblem[e].stat) + 1 :
		    d->emblem[e].min;
		best = -1;
		bv = 0;
		for (i = 0; i < st->nplayers; i++) {
			if (i == h || (v = ms_stat(st, i, d->emblem[e].stat)) < need)
				continue;
			if (best < 0 || v > bv || (v == bv && earlier(st, i, best))) {
				best = i;
				bv = v;
			}
		}
		if (best < 0)
			continue;
		if (h >= 0)
			st->p[h].emblems &= (uint8_t)~(1u << e);
		st->p[best].emblems |= (uint8_t)(1u << e);
		st->emblem_holder[e] = (int8_t)best;
		ms_event(st, MS_E_EMBLEM, best, h, e, 0, 0, NULL);
	}
}

static int
mask_met(const struct ms_state *st, int seat)
{
	const struct ms_mask *m;
	int v;

	if (st->p[seat].mask < 0)
		return 0;	/* revealed and discarded: it scores nothing */
	m = &st->data->mask[st->p[seat].mask];
	v = ms_stat(st, seat, m->stat);
	return m->cmp == MS_CMP_EQ ? v == m->value : v >= m->value;
}

/* Each player's VP; the most wins, a tie going to the lowest last Order. */
void
ms_score(struct ms_state *st)
{
	int i, mask, best = -1;

	for (i = 0; i < st->nplayers; i++) {
		mask = mask_met(st, i) ? st->data->mask[st->p[i].mask].vp : 0;
		st->p[i].score = (int16_t)(ms_vp(st, i) + mask);
		ms_event(st, MS_E_SCORE, i, -1, st->p[i].mask_dealt,
		    st->p[i].score, mask, NULL);
		if (best < 0 || st->p[i].score > st->p[best].score ||
		    (st->p[i].score == st->p[best].score &&
		    st->p[i].order < st->p[best].order))
			best = i;
	}
	st->winner = best;
	ms_event(st, MS_E_WINNER, best, -1, -1, st->p[best].score, 0, NULL);
}

/* Seats sorted by key (ascending, or descending when desc). */
void
ms_sequence(struct ms_state *st, const int8_t *key, int desc)
{
	int i, j, n = st->nplayers;
	uint8_t t;

	for (i = 0; i < n; i++)
		st->seq[i] = (uint8_t)i;
	for (i = 1; i < n; i++)
		for (j = i; j > 0; j--) {
			int a = key[st->seq[j - 1]], b = key[st->seq[j]];

			if (desc ? a >= b : a <= b)
				break;
			t = st->seq[j];
			st->seq[j] = st->seq[j - 1];
			st->seq[j - 1] = t;
		}
	st->step = 0;
}

int
ms_setup(const void *data, const struct mq_setup *s, void **out,
    struct mq_err *err)
{
	const struct ms_data *d = data;
	struct ms_state *st;
	struct mq_rng r;
	uint8_t perm[MS_MASKS > MS_ORDERS ? MS_MASKS : MS_ORDERS];
	int8_t key[MS_MAXP];
	int i, k, n;

	*out = NULL;
	if (s->nplayers < d->min_players || s->nplayers > d->max_players ||
	    s->nplayers > MS_MAXP)
		return mq_fail(err, MQ_REFUSED, "The Masquerade takes %d to %d "
		    "players, not %d.", d->min_players, d->max_players, s->nplayers);
	if (d->nmasks < s->nplayers || d->ndancers < s->nplayers)
		return mq_fail(err, MQ_REFUSED, "The card set has too few Masks "
		    "or Dancers for %d players.", s->nplayers);
	if ((st = calloc(1, sizeof(*st))) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	st->data = d;
	memcpy(st->seed, s->seed, sizeof(st->seed));
	mq_rng_seed_init(&st->rng_seed, s->seed);
	st->nplayers = s->nplayers;
	st->turn = 1;
	st->prophet = -1;
	st->winner = -1;
	st->mover = -1;
	for (i = 0; i < MS_EMBLEMS; i++)
		st->emblem_holder[i] = -1;
	/* 1. the Spell deck */
	for (k = 0, n = 0; k < d->nspells; k++)
		for (i = 0; i < d->spell[k].copies && n < MS_DECK; i++)
			st->deck[n++] = (uint8_t)k;
	mq_rng_open_seed(&r, &st->rng_seed, "spells", 0, 0);
	mq_rng_shuffle_u8(&r, st->deck, (unsigned)n);
	st->deck_n = n;
	/* 2-4. Guardians in order of their numbers, 1 on top; Events face up */
	st->guardian_next = 0;
	st->events_left = (uint16_t)((1u << d->nevents) - 1);
	for (i = 0; i < st->nplayers; i++) {
		struct ms_player *pl = &st->p[i];

		snprintf(pl->name, sizeof(pl->name), "%s", s->names[i]);
		pl->dancer = -1;
		pl->stage = -1;
		pl->life = (int8_t)d->start_life;
	}
	/* 5. a Mask each, secret; the rest out of the game */
	for (i = 0; i < d->nmasks; i++)
		perm[i] = (uint8_t)i;
	mq_rng_open_seed(&r, &st->rng_seed, "masks", 0, 0);
	mq_rng_shuffle_u8(&r, perm, (unsigned)d->nmasks);
	for (i = 0; i < st->nplayers; i++)
		st->p[i].mask = st->p[i].mask_dealt = (int8_t)perm[i];
	/* 6. an Order each, face up: turn 1's */
	for (i = 0; i < d->norders; i++)
		perm[i] = (uint8_t)(i + 1);
	mq_rng_open_seed(&r, &st->rng_seed, "orders", 0, 0);
	mq_rng_shuffle_u8(&r, perm, (unsigned)d->norders);
	for (i = 0; i < st->nplayers; i++) {
		st->p[i].order = (int8_t)perm[i];
		key[i] = st->p[i].order;
	}
	/* 7. Dancers chosen in descending Order number */
	st->phase = MS_PH_DANCER;
	ms_sequence(st, key, 1);
	*out = st;
	return 0;
}
