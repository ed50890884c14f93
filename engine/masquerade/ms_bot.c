/*
 * ms_bot.c - bots for self-play of The Masquerade. Both write every
 * candidate command for what the seat owes and keep those ms_validate
 * accepts, so a bot never sends a command apply would refuse: the random
 * bot takes one of them uniformly, the careful bot the one it scores best.
 * Bots read the state as the player would (their own hand, the public
 * board) and draw only from their own random stream.
 */
#include <string.h>

#include "engine/masquerade/ms.h"

#define MAXCAND	1024

struct cands {
	int n;
	struct ms_cmd c[MAXCAND];
};

/* A new candidate of a type, its other fields "none"; NULL when full (the
 * candidates already written are enough to choose from). */
static struct ms_cmd *
add(struct cands *cs, int type)
{
	struct ms_cmd *c;

	if (cs->n >= MAXCAND)
		return NULL;
	c = &cs->c[cs->n++];
	memset(c, 0, sizeof(*c));
	c->type = (uint8_t)type;
	c->card = -1;
	c->target = -1;
	c->card2 = -1;
	return c;
}

static int
has_op(const struct ms_spell *sp, int op, int who)
{
	int i;

	for (i = 0; i < sp->neff; i++)
		if (sp->eff[i].op == op && (who < 0 || sp->eff[i].who == who ||
		    sp->eff[i].from == who))
			return 1;
	return 0;
}

/* Power a Spell adds to its side in a challenge, the opponent's taken
 * counted as one's own. */
static int
spell_gain(const struct ms_spell *sp)
{
	int i, g = 0;

	for (i = 0; i < sp->neff; i++) {
		if (sp->eff[i].trigger != MS_T_IN_CHALLENGE)
			continue;
		if (sp->eff[i].op == MS_OP_POWER)
			g += sp->eff[i].n;
		else if (sp->eff[i].op == MS_OP_OPP_POWER)
			g -= sp->eff[i].n;
	}
	return g;
}

/* What a Spell is worth keeping: its level and what it does. Paying,
 * discarding and banking give up the least worth first. */
static int
spell_value(const struct ms_spell *sp)
{
	int i, v = sp->level * 4 + spell_gain(sp) * 3;

	for (i = 0; i < sp->neff; i++) {
		switch (sp->eff[i].op) {
		case MS_OP_END_CHALLENGE_TIE: v += 3; break;
		case MS_OP_BANK_VP: v += 6; break;
		case MS_OP_DRAW: v += 2 * sp->eff[i].n; break;
		case MS_OP_HEAL: case MS_OP_LOSE_LIFE:
		case MS_OP_STEAL_SPELL: v += 2; break;
		default: break;
		}
	}
	return v;
}

static int
value_of(const struct ms_state *st, int k)
{
	return spell_value(&st->data->spell[k]);
}

static int
total(const uint8_t *n)
{
	int k, t = 0;

	for (k = 0; k < MS_SPELLS; k++)
		t += n[k];
	return t;
}

/* Take the cost of playing kind k from what is left in hand, the least
 * worth first, into pay; 0 when the hand cannot pay. */
static int
cheapest_payment(const struct ms_state *st, int seat, int k, uint8_t *left,
    uint8_t *pay)
{
	int cost = ms_spell_cost(st, seat, k), best, j;

	memset(pay, 0, MS_SPELLS);
	for (; cost > 0; cost--) {
		for (best = -1, j = 0; j < st->data->nspells; j++)
			if (left[j] > pay[j] && (best < 0 ||
			    value_of(st, j) < value_of(st, best)))
				best = j;
		if (best < 0)
			return 0;
		pay[best]++;
	}
	for (j = 0; j < MS_SPELLS; j++)
		left[j] = (uint8_t)(left[j] - pay[j]);
	return 1;
}

/* PLAY of every kind in hand, paid the cheapest way; ON each seat for a
 * Spell on a chosen player, BANK each kind left for one that banks. */
static void
plays(const struct ms_state *st, int seat, struct cands *cs)
{
	const struct ms_data *d = st->data;
	const struct ms_player *pl = &st->p[seat];
	uint8_t left[MS_SPELLS], pay[MS_SPELLS];
	struct ms_cmd *c;
	int k, t, b, chosen, banks;

	for (k = 0; k < d->nspells; k++) {
		if (pl->hand[k] == 0)
			continue;
		memcpy(left, pl->hand, MS_SPELLS);
		left[k]--;
		if (!cheapest_payment(st, seat, k, left, pay))
			continue;
		chosen = has_op(&d->spell[k], -1, MS_WHO_CHOSEN);
		banks = has_op(&d->spell[k], MS_OP_BANK_VP, -1);
		for (t = chosen ? 0 : -1; t < (chosen ? st->nplayers : 0); t++)
			for (b = -1; b < (banks ? d->nspells : 0); b++) {
				if (b >= 0 && left[b] == 0)
					continue;
				if ((c = add(cs, MS_C_PLAY)) == NULL)
					return;
				c->card = (int8_t)k;
				c->target = (int8_t)t;
				c->card2 = (int8_t)b;
				memcpy(c->n, pay, MS_SPELLS);
			}
	}
}

/* Every choice of between lo and hi of the Spells in from (counts per
 * kind), from kind k on, cur holding the choice so far. */
static void
choices(struct cands *cs, int type, const uint8_t *from, int k, int lo, int hi,
    uint8_t *cur)
{
	struct ms_cmd *c;
	int have = total(cur), i;

	if (have > hi)
		return;
	if (k == MS_SPELLS) {
		if (have >= lo && (c = add(cs, type)) != NULL)
			memcpy(c->n, cur, MS_SPELLS);
		return;
	}
	for (i = 0; i <= from[k]; i++) {
		cur[k] = (uint8_t)i;
		choices(cs, type, from, k + 1, lo, hi, cur);
	}
	cur[k] = 0;
}

static void
candidates(const struct ms_state *st, int seat, const char *owed,
    struct cands *cs)
{
	const struct ms_data *d = st->data;
	const struct ms_player *pl = &st->p[seat];
	const struct ms_pending *pd = st->npend > 0 ? &st->pend[0] : NULL;
	uint8_t cur[MS_SPELLS] = { 0 };
	struct ms_cmd *c;
	int i, j, want;

	cs->n = 0;
	if (strcmp(owed, "dancer") == 0) {
		for (i = 0; i < d->ndancers; i++)
			if ((c = add(cs, MS_C_DANCER)) != NULL)
				c->card = (int8_t)i;
	} else if (strcmp(owed, "order") == 0) {
		for (i = 0; i < d->norders; i++)
			if ((c = add(cs, MS_C_ORDER)) != NULL)
				c->card = (int8_t)d->order[i].number;
	} else if (strcmp(owed, "stage") == 0) {
		for (i = 0; i < d->nstages; i++)
			if ((c = add(cs, MS_C_STAGE)) != NULL)
				c->card = (int8_t)i;
	} else if (strcmp(owed, "event") == 0) {
		for (i = 0; i < d->nevents; i++)
			if ((c = add(cs, MS_C_EVENT)) != NULL)
				c->card = (int8_t)i;
	} else if (strcmp(owed, "swap") == 0) {
		for (i = 0; i < st->nplayers; i++)
			for (j = 0; j < d->ndancers; j++)
				if ((c = add(cs, MS_C_SWAP)) != NULL) {
					c->target = (int8_t)i;
					c->card2 = (int8_t)j;
				}
	} else if (strcmp(owed, "discard") == 0) {
		want = ms_hand_size(pl) - (pd != NULL && pd->kind == MS_P_DISCARD &&
		    pd->seat == seat ? pd->n : ms_hand_limit(st, seat));
		choices(cs, MS_C_DISCARD, pl->hand, 0, want, want, cur);
	} else if (strcmp(owed, "keep") == 0) {
		/* none kept is PASS (a KEEP of nothing is no command) */
		add(cs, MS_C_PASS);
		if (pd != NULL && pd->kind == MS_P_KEEP && pd->seat == seat)
			choices(cs, MS_C_KEEP, pd->held, 0, 1, pd->n, cur);
	} else {
		/* The words that may be declined: spell, fight, challenge,
		 * bank, duel (and any this file does not know). */
		add(cs, MS_C_PASS);
		if (strcmp(owed, "spell") == 0 || strcmp(owed, "fight") == 0)
			plays(st, seat, cs);
		if (strcmp(owed, "fight") == 0)
			add(cs, MS_C_REVEAL);
		if (strcmp(owed, "challenge") == 0 || strcmp(owed, "duel") == 0)
			for (i = 0; i < st->nplayers; i++)
				if (i != seat && (c = add(cs, MS_C_CHALLENGE)))
					c->target = (int8_t)i;
		if (strcmp(owed, "bank") == 0)
			for (i = 0; i < d->nspells; i++)
				if (pl->hand[i] > 0 &&
				    (c = add(cs, MS_C_BANK)) != NULL)
					c->card = (int8_t)i;
	}
}

/* Keep the legal ones, in order. */
static void
only_legal(const struct ms_state *st, int seat, struct cands *cs)
{
	struct mq_err err;
	int i, n = 0;

	for (i = 0; i < cs->n; i++)
		if (ms_validate(st, seat, &cs->c[i], &err) == 0)
			cs->c[n++] = cs->c[i];
	cs->n = n;
}

/* ---- the careful bot's estimates, from what the seat may know ---- */

static int
power_mods(const struct ms_effect *eff, int neff, int initiating)
{
	int i, p = 0;

	for (i = 0; i < neff; i++)
		if (eff[i].trigger == MS_T_PASSIVE && eff[i].op == MS_OP_POWER &&
		    (eff[i].when != MS_WHEN_INITIATING || initiating))
			p += eff[i].n;
	return p;
}

/* A dancer's power in a challenge before Spells: printed (0 at 0 life)
 * and its passive bonuses; all of it public. */
static int
base_power(const struct ms_state *st, int seat, int initiating)
{
	const struct ms_data *d = st->data;
	const struct ms_player *pl = &st->p[seat];
	int p = 0, g;

	if (pl->dancer >= 0) {
		const struct ms_dancer *dn = &d->dancer[pl->dancer];

		p = pl->life > 0 ? dn->power : 0;
		p += power_mods(dn->eff, dn->neff, initiating);
	}
	if (ms_orders_active(st) && pl->order >= 1 && pl->order <= d->norders) {
		const struct ms_order *o = &d->order[pl->order - 1];

		p += power_mods(o->eff, o->neff, initiating);
	}
	for (g = 0; g < d->nguardians; g++)
		if ((pl->treasures >> g) & 1)
			p += power_mods(d->guardian[g].teff,
			    d->guardian[g].tneff, initiating);
	return p < 0 ? 0 : p;
}

/* The power the seat's own Spells could add: the best gains first, each
 * paid with cards that add nothing. */
static int
spell_power(const struct ms_state *st, int seat)
{
	const struct ms_data *d = st->data;
	const struct ms_player *pl = &st->p[seat];
	int fodder = 0, left[MS_SPELLS], k, best, p = 0, cost;

	for (k = 0; k < d->nspells; k++) {
		left[k] = spell_gain(&d->spell[k]) > 0 ? pl->hand[k] : 0;
		fodder += pl->hand[k] - left[k];
	}
	for (;;) {
		for (best = -1, k = 0; k < d->nspells; k++)
			if (left[k] > 0 && (best < 0 || spell_gain(&d->spell[k]) -
			    ms_spell_cost(st, seat, k) > spell_gain(&d->spell[best]) -
			    ms_spell_cost(st, seat, best)))
				best = k;
		if (best < 0)
			return p;
		left[best]--;
		cost = ms_spell_cost(st, seat, best);
		if (cost <= fodder) {
			fodder -= cost;
			p += spell_gain(&d->spell[best]);
		}
	}
}

/* The mean level of a Spell: what a Guardian's reveal adds, expected. */
static int
mean_level_x10(const struct ms_data *d)
{
	int k, sum = 0;

	for (k = 0; k < d->nspells; k++)
		sum += d->spell[k].level * d->spell[k].copies;
	return d->ndeck > 0 ? sum * 10 / d->ndeck : 0;
}

static int
guardian_flips(const struct ms_guardian *g)
{
	int i;

	for (i = 0; i < g->neff; i++)
		if (g->eff[i].op == MS_OP_GUARDIAN_FLIPS)
			return g->eff[i].n;
	return 1;
}

/* The top Guardian's power with its reveal, expected, rounded up. */
static int
guardian_power(const struct ms_state *st)
{
	const struct ms_guardian *g = &st->data->guardian[st->guardian_next];

	return g->power + (guardian_flips(g) * mean_level_x10(st->data) + 9) / 10;
}

static int
mask_met(const struct ms_state *st, int seat)
{
	const struct ms_player *pl = &st->p[seat];
	const struct ms_mask *m;
	int v;

	if (pl->mask < 0)
		return 0;
	m = &st->data->mask[pl->mask];
	v = ms_stat(st, seat, m->stat);
	return m->cmp == MS_CMP_EQ ? v == m->value : v >= m->value;
}

static int
room(const struct ms_state *st, int seat)
{
	return ms_hand_limit(st, seat) - ms_hand_size(&st->p[seat]);
}

static int
effect_score(const struct ms_state *st, int seat, const struct ms_effect *e,
    int mine)
{
	const struct ms_player *pl = &st->p[seat];
	int missing = st->data->max_life - pl->life, i, s = 0, leader = 0;

	for (i = 0; i < st->nplayers; i++)
		leader |= i != seat && ms_is_vp_leader(st, i);
	switch (e->op) {
	case MS_OP_DRAW: case MS_OP_RECEIVE:
		return mine ? 4 * (e->n < room(st, seat) ? e->n : room(st, seat))
		    : -e->n;
	case MS_OP_HEAL:
		return mine ? 5 * (e->n < missing ? e->n : missing) : 0;
	case MS_OP_BANK_VP:
		return mine ? 8 : 0;
	case MS_OP_LOSE_LIFE:
		return ms_is_vp_leader(st, seat) ? -8 : leader ? 5 : 0;
	case MS_OP_DISCARD_DOWN_TO:
		for (i = 0; i < st->nplayers; i++)
			s += i != seat && ms_hand_size(&st->p[i]) > e->n;
		return s;
	case MS_OP_CHALLENGE: case MS_OP_SWAP_DANCER:
		return 2;
	default:
		return 0;
	}
}

static int
event_score(const struct ms_state *st, int seat, int ev)
{
	const struct ms_event_card *e = &st->data->event[ev];
	int i, s = 0, w;

	for (i = 0; i < e->neff; i++) {
		w = e->eff[i].who;
		s += effect_score(st, seat, &e->eff[i], w == MS_WHO_SELF ||
		    w == MS_WHO_PROPHET || w == MS_WHO_ALL || w == MS_WHO_NONE);
	}
	return s;
}

static int
stage_score(const struct ms_state *st, int seat, int s)
{
	const struct ms_data *d = st->data;
	const struct ms_stage *sg = &d->stage[s];
	const struct ms_player *pl = &st->p[seat];
	int i, v = 0, strong;

	strong = ms_can_challenge(st, seat) ?
	    base_power(st, seat, 1) + spell_power(st, seat) : 0;
	switch (sg->rule) {
	case MS_R_CHAPEL:
		return st->events_left != 0 ? 100 : 0;
	case MS_R_TOWER:
		return st->guardian_next < d->nguardians &&
		    strong > guardian_power(st) ? 90 : -10;
	case MS_R_ARENA:
		return strong >= 5 ? 45 : 20;
	default:
		break;
	}
	for (i = 0; i < sg->neff; i++) {
		v += effect_score(st, seat, &sg->eff[i], 1);
		/* A small hand wants the draws most. */
		if (sg->eff[i].op == MS_OP_DRAW && ms_hand_size(pl) <= 2)
			v += 10 * sg->eff[i].n;
	}
	return v;
}

/* Arena and duel: the target's power as the seat can see it, a Spell's
 * worth for every two cards in their hand. */
static int
seen_power(const struct ms_state *st, int t)
{
	return base_power(st, t, 0) + ms_hand_size(&st->p[t]) / 2;
}

static int
dancer_power(const struct ms_state *st, int d)
{
	return d >= 0 ? st->data->dancer[d].power : 0;
}

/* In a fight: how far the seat's side is ahead (> 0 wins), the Tower's
 * reveal expected when the challenger still faces it. */
static int
margin(const struct ms_state *st)
{
	int s = st->ch.window, m;

	m = ms_power(st, s) - ms_power(st, 1 - s);
	if (st->ch.kind == MS_CH_TOWER && s == 0)
		m -= guardian_power(st) -
		    st->data->guardian[st->ch.guardian].power;
	return m;
}

static int
fight_score(const struct ms_state *st, int seat, const struct ms_cmd *c)
{
	const struct ms_data *d = st->data;
	int m = margin(st), more = spell_power(st, seat), g, paid = 0, k;

	if (c->type == MS_C_PASS)
		return m > 0 ? 10 : 0;
	if (c->type == MS_C_REVEAL)
		return m <= 0 && m + more <= 0 &&
		    m + more + d->mask_reveal_power > 0 &&
		    !mask_met(st, seat) ? 60 : -1;
	/* PLAY: what it adds, less the power its payment gives up. */
	for (k = 0; k < d->nspells; k++)
		paid += c->n[k] * (spell_gain(&d->spell[k]) > 0 ?
		    spell_gain(&d->spell[k]) : 0);
	g = spell_gain(&d->spell[c->card]) - paid;
	if (has_op(&d->spell[c->card], MS_OP_END_CHALLENGE_TIE, -1))
		return m < 0 && m + more <= 0 ? 30 : -1;
	if (m > 0 || g <= 0)
		return -1;
	if (m + g > 0)
		return 100 - value_of(st, c->card);
	if (m + more > 0)
		return 50 + g;
	return m + g == 0 ? 20 : -1;
}

static int
spell_score(const struct ms_state *st, int seat, const struct ms_cmd *c)
{
	const struct ms_data *d = st->data;
	const struct ms_spell *sp;
	int k, v, i;

	if (c->type != MS_C_PLAY)
		return 0;
	sp = &d->spell[c->card];
	v = -value_of(st, c->card);
	for (k = 0; k < d->nspells; k++)
		v -= c->n[k] * value_of(st, k);
	for (i = 0; i < sp->neff; i++) {
		const struct ms_effect *e = &sp->eff[i];

		if (e->trigger != MS_T_SPELL_PHASE)
			continue;
		switch (e->op) {
		case MS_OP_BANK_VP:
			v += c->card2 >= 0 ? 30 - value_of(st, c->card2) : 0;
			break;
		case MS_OP_HEAL:
			v += st->p[seat].life < d->max_life ? 15 : -100;
			break;
		case MS_OP_LOSE_LIFE:
			v += c->target != seat && st->p[c->target].life > 0 ?
			    10 + 8 * ms_is_vp_leader(st, c->target) : -100;
			break;
		case MS_OP_STEAL_SPELL:
			v += c->target != seat &&
			    ms_hand_size(&st->p[c->target]) > 0 &&
			    room(st, seat) > 0 ? 12 : -100;
			break;
		case MS_OP_DRAW:
			v += room(st, seat) > 0 ? 2 * e->n : -100;
			break;
		default:
			break;
		}
	}
	return v;
}

static int
score(const struct ms_state *st, int seat, const char *owed,
    const struct ms_cmd *c)
{
	const struct ms_data *d = st->data;
	int v = 0, k, mine;

	switch (c->type) {
	case MS_C_DANCER:
		mine = dancer_power(st, c->card) * 10;
		for (k = 0; k < d->dancer[c->card].neff; k++)
			if (d->dancer[c->card].eff[k].op == MS_OP_HAND_LIMIT &&
			    d->dancer[c->card].eff[k].set > 0)
				mine += d->dancer[c->card].eff[k].set -
				    d->base_hand_limit;
		return mine;
	case MS_C_ORDER:
		return -c->card;	/* the lowest free number */
	case MS_C_STAGE:
		return stage_score(st, seat, c->card);
	case MS_C_EVENT:
		return event_score(st, seat, c->card);
	case MS_C_BANK:
		return 50 - value_of(st, c->card);
	case MS_C_DISCARD:
	case MS_C_KEEP:
		for (k = 0; k < d->nspells; k++)
			v += c->n[k] * value_of(st, k);
		/* Keep all there is room for, the best; discard the worst. */
		return c->type == MS_C_KEEP ? total(c->n) * 1000 + v : -v;
	case MS_C_CHALLENGE:
		return (base_power(st, seat, 1) + spell_power(st, seat) -
		    seen_power(st, c->target)) * 10 +
		    5 * ms_is_vp_leader(st, c->target);
	case MS_C_SWAP:
		mine = dancer_power(st, st->p[seat].dancer);
		if (c->target == seat)
			return (dancer_power(st, c->card2) - mine) * 10;
		return (dancer_power(st, st->p[c->target].dancer) -
		    dancer_power(st, c->card2)) * 8 +
		    3 * ms_is_vp_leader(st, c->target);
	default:
		break;
	}
	if (strcmp(owed, "fight") == 0)
		return fight_score(st, seat, c);
	if (strcmp(owed, "spell") == 0)
		return spell_score(st, seat, c);
	/* PASS where a challenge or a bank is offered: only when nothing
	 * scores better (a challenge needs to be ahead by one). */
	return 5;
}

int
ms_bot(const void *state, int seat, int style, struct mq_rng *rng,
    struct mq_cmd *out, int max)
{
	const struct ms_state *st = state;
	const char *owed;
	struct cands cs;
	int i, best, bs, s;

	if (max < 1 || seat < 0 || seat >= st->nplayers ||
	    (owed = ms_owes(st, seat)) == NULL)
		return 0;
	candidates(st, seat, owed, &cs);
	only_legal(st, seat, &cs);
	if (cs.n == 0)
		return 0;
	if (style == 1) {
		for (best = 0, bs = 0, i = 0; i < cs.n; i++) {
			s = score(st, seat, owed, &cs.c[i]);
			if (i == 0 || s > bs) {
				best = i;
				bs = s;
			}
		}
	} else {
		best = (int)mq_rng_below(rng, (uint32_t)cs.n);
	}
	memset(&out[0], 0, sizeof(out[0]));
	*ms_cmd_of(&out[0]) = cs.c[best];
	return 1;
}
