/*
 * ms_apply.c - The Masquerade: applying a command (ms_validate.c says who
 * owes it and whether it is legal); then the game moves on by itself
 * (ms_advance) until a player has a real choice to make: a phase's next
 * player, a challenge's window, or a decision that interrupts (discard
 * down, keep, bank, duel, swap). Nobody is asked when there is nothing to
 * choose: a Tower dancer challenges by itself, a player with no Spell they
 * can play is passed. The default move of a seat whose deadline passed.
 */
#include <stdio.h>
#include <string.h>

#include "engine/masquerade/ms.h"

/* --- the queue of interrupting decisions --- */

static void
pend_push(struct ms_state *st, int front, int kind, int seat, int n,
    const uint8_t *held)
{
	struct ms_pending *p;

	if (st->npend >= MS_MAXPEND)
		return;		/* cannot happen with MS_MAXP players: ms_check */
	if (front) {
		memmove(&st->pend[1], &st->pend[0], (size_t)st->npend *
		    sizeof(st->pend[0]));
		p = &st->pend[0];
	} else
		p = &st->pend[st->npend];
	st->npend++;
	memset(p, 0, sizeof(*p));
	p->kind = (uint8_t)kind;
	p->seat = (int8_t)seat;
	p->n = (int8_t)n;
	if (held != NULL)
		memcpy(p->held, held, sizeof(p->held));
}

static void
pend_pop(struct ms_state *st)
{
	if (st->npend == 0)
		return;
	st->npend--;
	memmove(&st->pend[0], &st->pend[1], (size_t)st->npend *
	    sizeof(st->pend[0]));
}

/* A seat over its hand limit discards down at once, choosing which. */
static void
check_limit(struct ms_state *st, int seat)
{
	int limit = ms_hand_limit(st, seat);

	if (ms_hand_size(&st->p[seat]) > limit)
		pend_push(st, 1, MS_P_DISCARD, seat, limit, NULL);
}

/* --- applying --- */

/* The effects a card gives on a trigger, to the seat (opp: the opponent). */
static void
run_effects(struct ms_state *st, int seat, int opp, const struct ms_effect *e,
    int neff, int trigger, int chkind)
{
	struct mq_rng r;
	int i, k, j, n;

	for (i = 0; i < neff; i++) {
		if (e[i].trigger != trigger)
			continue;
		if (e[i].cond == MS_IF_ARENA && chkind != MS_CH_ARENA &&
		    chkind != MS_CH_DUEL)
			continue;
		if (e[i].cond == MS_IF_TOWER && chkind != MS_CH_TOWER)
			continue;
		switch (e[i].op) {
		case MS_OP_DRAW:
			ms_draw(st, seat, e[i].n);
			break;
		case MS_OP_HEAL:
			ms_heal(st, seat, e[i].n);
			break;
		case MS_OP_STEAL_SPELL:
			if (opp < 0 || (n = ms_hand_size(&st->p[opp])) == 0)
				break;
			mq_rng_open_seed(&r, &st->rng_seed, "steal", st->turn,
			    st->draws++);
			j = (int)mq_rng_below(&r, (uint32_t)n);
			for (k = 0; k < MS_SPELLS; k++) {
				if (j < st->p[opp].hand[k])
					break;
				j -= st->p[opp].hand[k];
			}
			st->p[opp].hand[k]--;
			st->p[seat].hand[k]++;
			ms_event(st, MS_E_STEAL, seat, opp, k, 0, 0, NULL);
			check_limit(st, seat);
			break;
		default:
			break;	/* modifiers: read where they apply */
		}
	}
}

/* A player's stage-phase effects, right after choosing [decided: Dancer,
 * Treasures, Order, Stage; with this card set the order changes nothing];
 * then the Emblems, as after every change of state (a heal, for an Emblem
 * that counts life). Each card's events name it (src), so a mail says why
 * a dancer sent to the Arena drew a Spell: its Order did. */
static void
stage_run(struct ms_state *st, int seat, int kind, int idx,
    const struct ms_effect *e, int neff)
{
	st->src_kind = (int8_t)kind;
	st->src = (int8_t)idx;
	run_effects(st, seat, -1, e, neff, MS_T_STAGE_PHASE, 0);
	st->src_kind = MS_SRC_NONE;
	st->src = -1;
}

static void
stage_effects(struct ms_state *st, int seat)
{
	const struct ms_data *d = st->data;
	struct ms_player *pl = &st->p[seat];
	int g;

	stage_run(st, seat, MS_SRC_DANCER, pl->dancer,
	    d->dancer[pl->dancer].eff, d->dancer[pl->dancer].neff);
	for (g = 0; g < d->nguardians; g++)
		if (pl->treasures & (1u << g))
			stage_run(st, seat, MS_SRC_TREASURE, g,
			    d->guardian[g].teff, d->guardian[g].tneff);
	if (ms_orders_active(st))
		stage_run(st, seat, MS_SRC_ORDER, pl->order - 1,
		    d->order[pl->order - 1].eff, d->order[pl->order - 1].neff);
	stage_run(st, seat, MS_SRC_STAGE, pl->stage,
	    d->stage[pl->stage].eff, d->stage[pl->stage].neff);
	ms_emblems(st);
}

/* on_win / on_lose of the seat's own cards. */
static void
card_triggers(struct ms_state *st, int seat, int opp, int trigger)
{
	const struct ms_data *d = st->data;
	struct ms_player *pl = &st->p[seat];
	int g;

	run_effects(st, seat, opp, d->dancer[pl->dancer].eff,
	    d->dancer[pl->dancer].neff, trigger, st->ch.kind);
	for (g = 0; g < d->nguardians; g++)
		if (pl->treasures & (1u << g))
			run_effects(st, seat, opp, d->guardian[g].teff,
			    d->guardian[g].tneff, trigger, st->ch.kind);
	if (ms_orders_active(st))
		run_effects(st, seat, opp, d->order[pl->order - 1].eff,
		    d->order[pl->order - 1].neff, trigger, st->ch.kind);
}

/*
 * A fight's winner, of side, draws (rules: Challenge phase), and one more
 * per Spell it played that draws on a win (Symphony); the mail says why:
 * the fight won, and that Spell (src: the first such it played; -1: none).
 */
static void
win_draw(struct ms_state *st, int seat, int side)
{
	const struct ms_data *d = st->data;
	int k, i;

	st->src_kind = MS_SRC_WIN;
	st->src = -1;
	for (k = 0; k < d->nspells && st->ch.on_win[side] > 0 && st->src < 0;
	    k++)
		for (i = 0; i < d->spell[k].neff && st->ch.played[side][k] > 0;
		    i++)
			if (d->spell[k].eff[i].op == MS_OP_DRAW &&
			    d->spell[k].eff[i].trigger == MS_T_ON_WIN)
				st->src = (int8_t)k;
	ms_draw(st, seat, 1 + st->ch.on_win[side]);
	st->src_kind = MS_SRC_NONE;
}

static void
start_challenge(struct ms_state *st, int kind, int challenger, int defender)
{
	memset(&st->ch, 0, sizeof(st->ch));
	st->ch.kind = (uint8_t)kind;
	st->ch.side[0] = (int8_t)challenger;
	st->ch.side[1] = (int8_t)defender;
	st->ch.guardian = (int8_t)(kind == MS_CH_TOWER ? st->guardian_next : -1);
	ms_event(st, MS_E_CHALLENGE, challenger, defender,
	    kind == MS_CH_TOWER ? st->guardian_next : -1, kind, 0, NULL);
}

/*
 * The end of a challenge: the Guardian's reveals, the powers compared, and
 * what winning and losing do (rules: Challenge phase).
 */
static void
resolve_challenge(struct ms_state *st)
{
	struct ms_challenge *ch = &st->ch;
	const struct ms_data *d = st->data;
	int a, b, w = -1, l = -1, i, k, flips = 1, loss = 1, kind = ch->kind;
	uint8_t tie[MS_SPELLS], flipped[MS_SPELLS];
	struct ms_fight_side fs[2];

	memset(flipped, 0, sizeof(flipped));
	if (kind == MS_CH_TOWER) {
		const struct ms_guardian *g = &d->guardian[ch->guardian];

		for (i = 0; i < g->neff; i++) {
			if (g->eff[i].op == MS_OP_GUARDIAN_FLIPS)
				flips = g->eff[i].n;
			if (g->eff[i].op == MS_OP_LOSS_LIFE)
				loss = g->eff[i].n;
		}
		for (i = 0; i < flips; i++) {
			uint32_t hm;
			int em;

			ms_deck_renew_late(st);	/* told before the reveal */
			hm = st->hist_n;
			em = st->nev;
			if ((k = ms_deck_take(st)) < 0) {
				ms_event(st, MS_E_FLIP, -1, -1, -1, 0, 0, NULL);
				continue;	/* an empty deck adds 0 */
			}
			ms_to_tomb(st, k, 1);
			flipped[k]++;
			ch->bonus[1] = (int8_t)(ch->bonus[1] + d->spell[k].level);
			ms_event(st, MS_E_FLIP, -1, -1, k, d->spell[k].level, 0, NULL);
			ms_event_first(st, hm, em);
		}
	}
	a = ms_power(st, 0);
	b = ms_power(st, 1);
	if (!ch->tie && a != b) {
		w = a > b ? 0 : 1;
		l = 1 - w;
	}
	/* a tie a Spell forced says which (n[0]: its index + 1); a dancer
	 * at 0 life, whose printed power counted 0, says so (n[1]: 1 the
	 * challenger's, 2 the challenged one's); and each side's power in
	 * its parts, as they were, for the mail to say why (the challenge is
	 * gone once it is told): the sides kept (n[2..]), the Guardian's with
	 * the Spells it turned up */
	memset(tie, 0, sizeof(tie));
	tie[0] = ch->tie;
	for (i = 0; i < 2; i++)
		if (ch->side[i] >= 0 && st->p[ch->side[i]].life <= 0)
			tie[1] = (uint8_t)(tie[1] | (1u << i));
	ms_fight_sides(st, fs);
	if (ch->side[1] < 0)
		memcpy(fs[1].played, flipped, sizeof(fs[1].played));
	if (ms_fight_pack(fs, tie) == 0)
		tie[1] |= MS_RESULT_PARTS;
	ms_event(st, MS_E_RESULT, ch->side[0], ch->side[1],
	    w < 0 ? -1 : ch->side[w] < 0 ? -2 : ch->side[w], a, b, tie);
	if (kind == MS_CH_TOWER) {
		int seat = ch->side[0];

		if (w == 0) {
			st->p[seat].treasures |= (uint16_t)(1u << ch->guardian);
			st->guardian_next++;
			ms_event(st, MS_E_TREASURE, seat, -1, ch->guardian, 0, 0,
			    NULL);
			win_draw(st, seat, 0);
			card_triggers(st, seat, -1, MS_T_ON_WIN);
		} else if (w == 1) {
			ms_lose_life(st, seat, loss);
			card_triggers(st, seat, -1, MS_T_ON_LOSE);
		}
	} else if (w >= 0) {
		int ws = ch->side[w], ls = ch->side[l];

		ms_lose_life(st, ls, 1);
		st->p[ws].arena_wins++;
		win_draw(st, ws, w);
		card_triggers(st, ws, ls, MS_T_ON_WIN);
		card_triggers(st, ls, ws, MS_T_ON_LOSE);
		pend_push(st, 0, MS_P_BANK, ws, 1, NULL);
	}
	memset(ch, 0, sizeof(*ch));
	ms_emblems(st);
	if (kind != MS_CH_DUEL)
		st->step++;
}

static void
play_spell(struct ms_state *st, int seat, const struct ms_cmd *c)
{
	const struct ms_spell *sp = &st->data->spell[c->card];
	struct ms_player *pl = &st->p[seat];
	int k, i, side;

	pl->hand[c->card]--;
	ms_to_tomb(st, c->card, 1);
	for (k = 0; k < MS_SPELLS; k++) {
		pl->hand[k] = (uint8_t)(pl->hand[k] - c->n[k]);
		ms_to_tomb(st, k, c->n[k]);
	}
	ms_event(st, MS_E_PLAY, seat, c->target, c->card, 0, 0, c->n);
	if (sp->timing == MS_T_IN_CHALLENGE) {
		side = ms_side_of(st, seat);
		st->ch.played[side][c->card]++;
		for (i = 0; i < sp->neff; i++)
			switch (sp->eff[i].op) {
			case MS_OP_POWER:
				st->ch.bonus[side] = (int8_t)(st->ch.bonus[side] +
				    sp->eff[i].n);
				break;
			case MS_OP_OPP_POWER:
				st->ch.minus[1 - side] = (int8_t)(
				    st->ch.minus[1 - side] - sp->eff[i].n);
				break;
			case MS_OP_END_CHALLENGE_TIE:
				st->ch.tie = (uint8_t)(c->card + 1);
				break;
			case MS_OP_DRAW:	/* on_win */
				if (sp->eff[i].trigger == MS_T_ON_WIN)
					st->ch.on_win[side] = (uint8_t)(
					    st->ch.on_win[side] + sp->eff[i].n);
				break;
			default:
				break;
			}
		return;
	}
	for (i = 0; i < sp->neff; i++)
		switch (sp->eff[i].op) {
		case MS_OP_DRAW:
			ms_draw(st, seat, sp->eff[i].n);
			break;
		case MS_OP_HEAL:
			ms_heal(st, seat, sp->eff[i].n);
			break;
		case MS_OP_LOSE_LIFE:
			ms_lose_life(st, c->target, sp->eff[i].n);
			break;
		case MS_OP_BANK_VP:
			if (c->card2 >= 0) {
				pl->hand[c->card2]--;
				pl->banked[c->card2]++;
				ms_event(st, MS_E_BANK, seat, -1, c->card2, 0, 0,
				    NULL);
			}
			break;
		case MS_OP_STEAL_SPELL:
			run_effects(st, seat, c->target, &sp->eff[i], 1,
			    MS_T_SPELL_PHASE, 0);
			break;
		default:
			break;
		}
	ms_emblems(st);
}

/* Seats an event's "who" names, in this turn's sequence (the prophet first). */
static int
event_seats(const struct ms_state *st, int who, uint8_t *out)
{
	int i, n = 0, s;

	if (who == MS_WHO_PROPHET || who == MS_WHO_SELF) {
		out[0] = (uint8_t)st->prophet;
		return 1;
	}
	for (i = 0; i < st->nplayers; i++) {
		s = st->seq[i];
		if (who == MS_WHO_OTHERS && s == st->prophet)
			continue;
		if (who == MS_WHO_LEADERS && !ms_is_vp_leader(st, s))
			continue;
		out[n++] = (uint8_t)s;
	}
	return n;
}

/* Request for a Tune: take n; more than fit and the player chooses. */
static void
receive(struct ms_state *st, int seat, int n)
{
	uint8_t held[MS_SPELLS];
	uint32_t hm;
	int i, k, got = 0, room, em;

	ms_deck_renew_late(st);		/* told before the Spells received */
	hm = st->hist_n;
	em = st->nev;
	memset(held, 0, sizeof(held));
	for (i = 0; i < n; i++) {
		if ((k = ms_deck_take(st)) < 0)
			break;
		held[k]++;
		got++;
	}
	room = ms_hand_limit(st, seat) - ms_hand_size(&st->p[seat]);
	if (room < 0)
		room = 0;
	if (got <= room) {
		for (k = 0; k < MS_SPELLS; k++)
			st->p[seat].hand[k] = (uint8_t)(st->p[seat].hand[k] + held[k]);
		ms_event(st, MS_E_RECEIVE, seat, -1, -1, got, got, held);
		ms_event_first(st, hm, em);	/* received, then a run-out */
	} else
		pend_push(st, 0, MS_P_KEEP, seat, room, held);
}

static void
happen(struct ms_state *st, int event)
{
	const struct ms_event_card *ev = &st->data->event[event];
	uint8_t seats[MS_MAXP], lead[MS_SPELLS];
	int i, j, n, leaders = 0;

	st->events_left &= (uint16_t)~(1u << event);
	st->event_tomb[st->nevent_tomb++] = (uint8_t)event;
	st->p[st->prophet].events_prophesied++;
	st->event_chosen = 1;
	/* an Event on the VP leaders (Divine Judgement) says whom it strikes
	 * and why: the leaders (a, by seat) and their VP (n[1]), as its
	 * effects find them (nothing changes the VP before they run) */
	memset(lead, 0, sizeof(lead));
	for (i = 0; i < ev->neff; i++)
		lead[0] |= ev->eff[i].who == MS_WHO_LEADERS;
	for (i = 0; lead[0] && i < st->nplayers; i++)
		if (ms_is_vp_leader(st, i)) {
			leaders |= 1 << i;
			lead[1] = (uint8_t)(ms_vp(st, i) > 255 ? 255 :
			    ms_vp(st, i));
		}
	ms_event(st, MS_E_EVENT, st->prophet, -1, event, leaders, 0, lead);
	/* its draws and heals name it, as a Stage's do */
	st->src_kind = MS_SRC_EVENT;
	st->src = (int8_t)event;
	for (i = 0; i < ev->neff; i++) {
		const struct ms_effect *e = &ev->eff[i];

		n = event_seats(st, e->who, seats);
		switch (e->op) {
		case MS_OP_RECEIVE:
			for (j = 0; j < n; j++)
				receive(st, seats[j], e->n);
			break;
		case MS_OP_SWAP_DANCER:
			pend_push(st, 0, MS_P_SWAP, st->prophet, 0, NULL);
			break;
		case MS_OP_HEAL:
			for (j = 0; j < n; j++)
				ms_heal(st, seats[j], e->n);
			break;
		case MS_OP_DRAW:
			for (j = 0; j < n; j++)
				ms_draw(st, seats[j], e->n);
			break;
		case MS_OP_BANK_VP:
			for (j = 0; j < n; j++)
				pend_push(st, 0, MS_P_BANK, seats[j], e->n, NULL);
			break;
		case MS_OP_LOSE_LIFE:
			for (j = 0; j < n; j++)
				if (st->p[seats[j]].life == 0)
					/* told, as none lost: the Event's
					 * story is not silent (0 -> 0) */
					ms_event(st, MS_E_LIFE, seats[j], -1, -1,
					    0, 0, NULL);
				else
					ms_lose_life(st, seats[j], e->n);
			break;
		case MS_OP_DISCARD_DOWN_TO:
			for (j = 0; j < n; j++)
				if (ms_hand_size(&st->p[seats[j]]) > e->n)
					pend_push(st, 0, MS_P_DISCARD, seats[j],
					    e->n, NULL);
			break;
		case MS_OP_CHALLENGE:
			pend_push(st, 0, MS_P_DUEL, st->prophet, 0, NULL);
			break;
		default:
			break;
		}
	}
	st->src_kind = MS_SRC_NONE;
	st->src = -1;
	ms_emblems(st);
}

static void
begin_turn_phase(struct ms_state *st, int phase)
{
	int8_t key[MS_MAXP];
	int i;

	st->phase = phase;
	for (i = 0; i < st->nplayers; i++) {
		key[i] = st->p[i].order;
		st->p[i].passed = 0;
	}
	ms_sequence(st, key, 0);
	if (phase == MS_PH_EVENT) {
		st->prophet = -1;
		st->event_chosen = 0;
		for (i = 0; i < st->nplayers; i++)
			if (st->p[i].stage >= 0 &&
			    st->data->stage[st->p[i].stage].rule == MS_R_CHAPEL)
				st->prophet = i;
	}
}

/* The end of a turn: the game ends, or the dancers come back. */
static void
end_turn(struct ms_state *st)
{
	int8_t key[MS_MAXP];
	int i, why = 0;

	if (st->guardian_next >= st->data->nguardians)
		why = 1;
	else if (st->events_left == 0)
		why = 2;
	else if (st->runouts >= st->nplayers)
		why = 3;
	if (why) {
		st->end_why = why;
		st->phase = MS_PH_OVER;
		ms_event(st, MS_E_END, -1, -1, -1, why, 0, NULL);
		ms_score(st);
		return;
	}
	st->turn++;
	st->prophet = -1;
	st->event_chosen = 0;
	for (i = 0; i < st->nplayers; i++) {
		st->p[i].last_order = st->p[i].order;
		st->p[i].order = 0;
		st->p[i].stage = -1;
		key[i] = st->p[i].last_order;
	}
	st->phase = MS_PH_ORDER;
	ms_sequence(st, key, 0);	/* ascending last turn's numbers */
	ms_event(st, MS_E_TURN, -1, -1, -1, st->turn, 0, NULL);
}

/* Whether the head of the queue needs its player; else it is settled. */
static int
pending_needs_player(struct ms_state *st)
{
	struct ms_pending *p = &st->pend[0];
	struct ms_player *pl = &st->p[p->seat];
	int k, i, kinds = 0;

	switch (p->kind) {
	case MS_P_DISCARD:
		if (ms_hand_size(pl) <= p->n)
			return 0;
		for (k = 0; k < MS_SPELLS; k++)
			kinds += pl->hand[k] > 0;
		if (kinds > 1)
			return 1;
		/* one kind only: nothing to choose */
		for (k = 0; k < MS_SPELLS; k++)
			if (pl->hand[k] > 0) {
				uint8_t n[MS_SPELLS] = { 0 };

				n[k] = (uint8_t)(ms_hand_size(pl) - p->n);
				pl->hand[k] = (uint8_t)(pl->hand[k] - n[k]);
				ms_to_tomb(st, k, n[k]);
				ms_event(st, MS_E_DISCARD, p->seat, -1, -1, 0, 0, n);
			}
		return 0;
	case MS_P_KEEP:
		if (p->n > 0)
			return 1;
		/* no room in the hand: all to the tomb (card 1 says why) */
		for (k = 0; k < MS_SPELLS; k++)
			ms_to_tomb(st, k, p->held[k]);
		ms_event(st, MS_E_RECEIVE, p->seat, -1, 1, ms_count_of(p->held), 0,
		    p->held);
		return 0;
	case MS_P_BANK:
		return ms_hand_size(pl) > 0;
	case MS_P_DUEL:
		return ms_can_challenge(st, p->seat) && ms_has_target(st, p->seat);
	case MS_P_SWAP:
		for (i = 0; i < st->data->ndancers; i++)
			if (st->dancers_aside & (1u << i))
				return 1;
		return 0;
	}
	return 0;
}

/* The one legal choice, or -1 when there are several (or none). */
static int
only_order(const struct ms_state *st, int seat)
{
	int n, found = -1, count = 0;

	for (n = 1; n <= st->data->norders; n++)
		if (ms_order_free(st, seat, n)) {
			found = n;
			count++;
		}
	return count == 1 ? found : -1;
}

static int
only_stage(const struct ms_state *st)
{
	int s, found = -1, count = 0;

	for (s = 0; s < st->data->nstages; s++)
		if (ms_stage_count(st, s) < st->data->stage[s].capacity) {
			found = s;
			count++;
		}
	return count == 1 ? found : -1;
}

void
ms_advance(struct ms_state *st)
{
	int seat, rule, only;

	for (;;) {
		if (st->phase == MS_PH_OVER)
			return;
		if (st->npend > 0) {
			if (pending_needs_player(st))
				return;
			pend_pop(st);
			continue;
		}
		if (st->ch.kind != MS_CH_NONE) {
			seat = st->ch.side[st->ch.window];
			if (seat >= 0 && ms_has_fight_option(st, seat))
				return;
			if (st->ch.window == 0 && st->ch.side[1] >= 0)
				st->ch.window = 1;
			else
				resolve_challenge(st);
			continue;
		}
		if (st->phase != MS_PH_EVENT && st->step >= st->nplayers) {
			switch (st->phase) {
			case MS_PH_DANCER:
			case MS_PH_ORDER:
				begin_turn_phase(st, MS_PH_STAGE);
				break;
			case MS_PH_STAGE:
				begin_turn_phase(st, MS_PH_SPELL);
				break;
			case MS_PH_SPELL:
				begin_turn_phase(st, MS_PH_CHALLENGE);
				break;
			case MS_PH_CHALLENGE:
				begin_turn_phase(st, MS_PH_EVENT);
				break;
			}
			continue;
		}
		seat = st->phase == MS_PH_EVENT ? st->prophet : st->seq[st->step];
		switch (st->phase) {
		case MS_PH_DANCER:
			return;
		case MS_PH_ORDER:
			if ((only = only_order(st, seat)) < 0)
				return;
			st->p[seat].order = (int8_t)only;
			/* b = 1: the game's pick, not the player's choice */
			ms_event(st, MS_E_ORDER, seat, -1, -1, only, 1, NULL);
			st->step++;
			continue;
		case MS_PH_STAGE:
			if ((only = only_stage(st)) < 0)
				return;
			st->p[seat].stage = (int8_t)only;
			ms_event(st, MS_E_STAGE, seat, -1, only, 0, 1, NULL);
			stage_effects(st, seat);
			st->step++;
			continue;
		case MS_PH_SPELL:
			if (ms_can_play_any(st, seat, MS_T_SPELL_PHASE))
				return;
			/* passed as if by PASS: the views must not tell the
			 * others that this hand had nothing to play (the
			 * event's a is the actor's alone) */
			st->p[seat].passed = 1;
			ms_event(st, MS_E_PASS, seat, -1, -1, 1, 0, NULL);
			st->step++;
			continue;
		case MS_PH_CHALLENGE:
			rule = st->data->stage[st->p[seat].stage].rule;
			if (rule == MS_R_TOWER) {
				if (st->guardian_next >= st->data->nguardians)
					ms_event(st, MS_E_NO_CHALLENGE, seat, -1, -1,
					    3, 0, NULL);
				else if (!ms_can_challenge(st, seat))
					ms_event(st, MS_E_NO_CHALLENGE, seat, -1, -1,
					    st->p[seat].life <= 0 ? 1 : 2, 0, NULL);
				else {
					start_challenge(st, MS_CH_TOWER, seat, -1);
					continue;
				}
			} else if (rule == MS_R_ARENA && ms_can_challenge(st, seat) &&
			    ms_has_target(st, seat))
				return;
			st->step++;
			continue;
		case MS_PH_EVENT:
			if (seat >= 0 && !st->event_chosen && st->events_left != 0)
				return;
			end_turn(st);
			continue;
		}
		return;
	}
}

int
ms_apply(void *state, int seat, const struct mq_cmd *cmd, struct mq_err *err)
{
	struct ms_state *st = state;
	const struct ms_cmd *c = ms_cmd_ofc(cmd);
	struct ms_player *pl;
	int k, i, old;

	/* a refused command leaves the state byte for byte, events included */
	MQ_TRY(ms_validate(st, seat, c, err));
	if (c->type == MS_C_STATUS || c->type == MS_C_HELP)
		return 0;
	st->nev = 0;
	/* what follows is this seat's doing: a hand of another's it changes
	 * is marked for that hand's holder (ms_view.c, changes_hand_of) */
	st->mover = seat;
	pl = &st->p[seat];
	switch (c->type) {
	case MS_C_DANCER:
		pl->dancer = c->card;
		ms_event(st, MS_E_DANCER, seat, -1, c->card, 0, 0, NULL);
		if (++st->step == st->nplayers)
			for (i = 0; i < st->data->ndancers; i++) {
				for (k = 0; k < st->nplayers; k++)
					if (st->p[k].dancer == i)
						break;
				if (k == st->nplayers)
					st->dancers_aside |= (uint8_t)(1u << i);
			}
		break;
	case MS_C_ORDER:
		pl->order = c->card;
		ms_event(st, MS_E_ORDER, seat, -1, -1, c->card, 0, NULL);
		st->step++;
		break;
	case MS_C_STAGE:
		pl->stage = c->card;
		ms_event(st, MS_E_STAGE, seat, -1, c->card, 0, 0, NULL);
		stage_effects(st, seat);
		st->step++;
		break;
	case MS_C_PLAY:
		play_spell(st, seat, c);
		break;
	case MS_C_REVEAL:
		i = ms_side_of(st, seat);
		ms_event(st, MS_E_MASK, seat, -1, pl->mask, 0, 0, NULL);
		pl->mask = -1;
		st->ch.masked[i] = 1;
		st->ch.bonus[i] = (int8_t)(st->ch.bonus[i] +
		    st->data->mask_reveal_power);
		break;
	case MS_C_PASS:
		if (st->npend > 0) {
			if (st->pend[0].kind == MS_P_KEEP) {
				for (k = 0; k < MS_SPELLS; k++)
					ms_to_tomb(st, k, st->pend[0].held[k]);
				ms_event(st, MS_E_RECEIVE, seat, -1, -1,
				    ms_count_of(st->pend[0].held), 0,
				    st->pend[0].held);
			}
			pend_pop(st);
		} else if (st->ch.kind != MS_CH_NONE) {
			if (st->ch.window == 0 && st->ch.side[1] >= 0)
				st->ch.window = 1;
			else
				resolve_challenge(st);
		} else {
			pl->passed = 1;
			/* a Spell phase's PASS is told (an Arena's is told
			 * by the challenge it did not make) */
			if (st->phase == MS_PH_SPELL)
				ms_event(st, MS_E_PASS, seat, -1, -1, 0, 0,
				    NULL);
			st->step++;
		}
		break;
	case MS_C_CHALLENGE:
		if (st->npend > 0) {	/* a duel */
			pend_pop(st);
			start_challenge(st, MS_CH_DUEL, seat, c->target);
		} else
			start_challenge(st, MS_CH_ARENA, seat, c->target);
		break;
	case MS_C_BANK:
		pl->hand[c->card]--;
		pl->banked[c->card]++;
		ms_event(st, MS_E_BANK, seat, -1, c->card, 0, 0, NULL);
		pend_pop(st);
		ms_emblems(st);
		break;
	case MS_C_DISCARD:
		for (k = 0; k < MS_SPELLS; k++) {
			pl->hand[k] = (uint8_t)(pl->hand[k] - c->n[k]);
			ms_to_tomb(st, k, c->n[k]);
		}
		ms_event(st, MS_E_DISCARD, seat, -1, -1, 0, 0, c->n);
		pend_pop(st);
		break;
	case MS_C_KEEP: {
		uint8_t held[MS_SPELLS];

		memcpy(held, st->pend[0].held, sizeof(held));
		for (k = 0; k < MS_SPELLS; k++) {
			pl->hand[k] = (uint8_t)(pl->hand[k] + c->n[k]);
			ms_to_tomb(st, k, held[k] - c->n[k]);
		}
		ms_event(st, MS_E_RECEIVE, seat, -1, -1, ms_count_of(held),
		    ms_count_of(c->n), held);
		pend_pop(st);
		break;
	}
	case MS_C_EVENT:
		happen(st, c->card);
		break;
	case MS_C_SWAP:
		old = st->p[c->target].dancer;
		st->p[c->target].dancer = c->card2;
		st->dancers_aside = (uint8_t)((st->dancers_aside &
		    ~(1u << c->card2)) | (1u << old));
		ms_event(st, MS_E_SWAP, seat, c->target, c->card2, old, 0, NULL);
		pend_pop(st);
		check_limit(st, c->target);
		break;
	}
	ms_advance(st);
	/* the seat's receipt tells it everything up to here */
	pl->seen = st->hist_n;
	return 0;
}

/* --- the default at a deadline, decisions --- */

/* The seat's recap keeps running from its last own move: its mail after
 * a deadline tells what came before the default and what the default did
 * (a fight it lost by passing), which no receipt told it. */
int
ms_apply_default(void *state, int seat, const struct mq_cmd *cmd,
    struct mq_err *err)
{
	struct ms_state *st = state;
	uint32_t seen;

	if (seat < 0 || seat >= st->nplayers)
		return ms_apply(state, seat, cmd, err);
	seen = st->p[seat].seen;
	MQ_TRY(ms_apply(state, seat, cmd, err));
	st->p[seat].seen = seen;
	return 0;
}

int
ms_default_command(const void *state, int seat, struct mq_cmd *cmd)
{
	const struct ms_state *st = state;
	const char *owes = ms_owes(st, seat);
	struct ms_cmd *c = ms_cmd_of(cmd);
	const struct ms_player *pl = &st->p[seat];
	int i, k, need;

	memset(cmd, 0, sizeof(*cmd));
	c->card = c->target = c->card2 = -1;
	if (owes == NULL)
		return 0;
	if (strcmp(owes, "dancer") == 0) {
		c->type = MS_C_DANCER;
		for (i = 0; i < st->data->ndancers; i++) {
			for (k = 0; k < st->nplayers; k++)
				if (st->p[k].dancer == i)
					break;
			if (k == st->nplayers) {
				c->card = (int8_t)i;
				return 1;
			}
		}
	} else if (strcmp(owes, "order") == 0) {
		c->type = MS_C_ORDER;
		for (i = 1; i <= st->data->norders; i++)
			if (ms_order_free(st, seat, i)) {
				c->card = (int8_t)i;
				return 1;
			}
	} else if (strcmp(owes, "stage") == 0) {
		/* a quiet Stage first: no challenge, no prophecy */
		c->type = MS_C_STAGE;
		for (k = 0; k < 2; k++)
			for (i = 0; i < st->data->nstages; i++)
				if (ms_stage_count(st, i) < st->data->stage[i].capacity &&
				    (k == 1 || st->data->stage[i].rule == MS_R_NONE)) {
					c->card = (int8_t)i;
					return 1;
				}
	} else if (strcmp(owes, "discard") == 0) {
		/* the lowest levels go first */
		c->type = MS_C_DISCARD;
		need = ms_hand_size(pl) - st->pend[0].n;
		for (i = 0; i <= 3 && need > 0; i++)
			for (k = 0; k < st->data->nspells && need > 0; k++)
				while (st->data->spell[k].level == i &&
				    c->n[k] < pl->hand[k] && need > 0) {
					c->n[k]++;
					need--;
				}
		return 1;
	} else if (strcmp(owes, "event") == 0) {
		c->type = MS_C_EVENT;
		for (i = 0; i < st->data->nevents; i++)
			if (st->events_left & (1u << i)) {
				c->card = (int8_t)i;
				return 1;
			}
	} else if (strcmp(owes, "swap") == 0) {
		c->type = MS_C_SWAP;
		c->target = (int8_t)seat;
		for (i = 0; i < st->data->ndancers; i++)
			if (st->dancers_aside & (1u << i)) {
				c->card2 = (int8_t)i;
				return 1;
			}
	} else if (strcmp(owes, "keep") == 0) {
		/* as many as there is room for, the highest levels first */
		c->type = MS_C_KEEP;
		need = st->pend[0].n;
		for (i = 3; i >= 0 && need > 0; i--)
			for (k = 0; k < st->data->nspells && need > 0; k++)
				while (st->data->spell[k].level == i &&
				    c->n[k] < st->pend[0].held[k] && need > 0) {
					c->n[k]++;
					need--;
				}
		/* no room: none kept, which is PASS */
		if (need == st->pend[0].n)
			c->type = MS_C_PASS;
		return 1;
	} else {
		/* spell, fight, challenge, bank, duel: PASS declines */
		c->type = MS_C_PASS;
		return 1;
	}
	return 0;
}

/* A default is told to the others as the table shows it: which Spells a
 * KEEP (or a BANK) puts away is secret, as the hand is (the rules' Hidden
 * information); a DISCARD's go to the tomb, face up. */
int
ms_default_told(const void *state, int seat, const struct mq_cmd *cmd)
{
	int t = ms_cmd_ofc(cmd)->type;

	(void)state;
	(void)seat;
	return t != MS_C_KEEP && t != MS_C_BANK;
}

void
ms_decision(const void *state, int seat, const struct mq_cmd *cmd,
    struct mq_decision *d)
{
	const struct ms_state *st = state;

	(void)seat;
	(void)cmd;
	/* nothing is secret: the key only names the moment */
	snprintf(d->key, sizeof(d->key), "t%d:%d", st->turn, st->phase);
}

size_t
ms_resolved(const void *state, struct mq_decision *out, size_t max)
{
	(void)state;
	(void)out;
	(void)max;
	return 0;
}
