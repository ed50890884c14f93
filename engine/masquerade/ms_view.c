/*
 * ms_view.c - JSON views of a game of The Masquerade and of what just
 * happened.
 *
 * A player's view holds exactly what that player may know: the public table
 * (dancers, Orders, Stages, life, hand sizes, counter counts, the tomb, the
 * Event deck, Treasures, Emblems, the top Guardian; each player's VP made of
 * these, "public_vp", and the VP leaders) and their own Mask, hand,
 * banked counters and pending decision. Another player's Mask shows only
 * once revealed, and every player's at the end. The admin sees everything.
 * A player's view also says which choices the game would take from them now
 * (an Order "open" to them, a dancer "challengeable" by them, their Mask
 * revealable: "can_reveal"), as ms_validate answers, so a mail offers no
 * other; whether their dancer could start a challenge ("can_challenge");
 * and, when they owe a Spell phase or a fight, PLAYs of their own Spells
 * the game would take ("plays"), for the mail's examples ("plays_tie"
 * when the last of them ties the fight, so no REVEAL follows it).
 *
 * Every builder returns NULL when an allocation fails, never an object with
 * a part left out: a mail made from it would tell a player less than the
 * game does, and nothing would say so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/jbuild.h"
#include "engine/masquerade/ms.h"

static const char *const phase_names[] = {
	"dancer", "order", "stage", "spell", "challenge", "event", "over",
};
static const char *const stat_names[] = {
	"vp_counters", "treasures", "events_prophesied", "arena_wins", "life",
	"emblems", "hand_full",
};
static const char *const rule_names[] = { NULL, "tower", "arena", "chapel" };
static const char *const ch_names[] = { NULL, "tower", "arena", "duel" };
static const char *const pend_names[] = {
	NULL, "discard", "keep", "bank", "duel", "swap",
};
static const char *const end_names[] = { NULL, "guardians", "events", "runouts" };
/* why a Tower dancer did not challenge (MS_E_NO_CHALLENGE's a) */
static const char *const src_names[] = {
	NULL, "dancer", "treasure", "order", "stage", "event", "win",
};
static const char *const no_ch_names[] = {
	NULL, "no_life", "cannot_challenge", "no_guardian",
};

#define NAMEOF(tab, i) ((i) >= 0 && (size_t)(i) < sizeof(tab) / sizeof((tab)[0]) \
	? (tab)[i] : NULL)

/* A word, or null for an index the table does not name. */
static json_t *
jword(const char *w)
{
	return w ? json_string_nocheck(w) : json_null();
}

static json_t *
jplayer(const struct ms_state *st, int seat)
{
	return seat >= 0 && seat < st->nplayers ?
	    json_string_nocheck(st->p[seat].name) : json_null();
}

static json_t *
jid(const struct ms_names *nm)
{
	return json_string_nocheck(nm->id);
}

static json_t *
jdancer(const struct ms_state *st, int i)
{
	const struct ms_dancer *dc;
	json_t *o;
	int bad;

	if (i < 0 || i >= st->data->ndancers)
		return json_null();
	dc = &st->data->dancer[i];
	o = json_object();
	bad = o == NULL;
	mq_jput(o, "id", jid(&dc->nm), &bad);
	mq_jput(o, "name", json_string_nocheck(dc->nm.name[0]), &bad);
	mq_jput(o, "power", json_integer(dc->power), &bad);
	return mq_jdone(o, bad);
}

/* A Dancer's own hand limit: the base, or its set (rules: Hand limit). */
static int
dancer_limit(const struct ms_data *d, int i)
{
	int k, n = d->base_hand_limit;

	for (k = 0; i >= 0 && i < d->ndancers && k < d->dancer[i].neff; k++)
		if (d->dancer[i].eff[k].trigger == MS_T_PASSIVE &&
		    d->dancer[i].eff[k].op == MS_OP_HAND_LIMIT &&
		    d->dancer[i].eff[k].set > 0)
			n = d->dancer[i].eff[k].set;
	return n;
}

static json_t *
jmask(const struct ms_state *st, int i)
{
	const struct ms_mask *m;
	json_t *o, *cond;
	int bad, cbad;

	if (i < 0 || i >= st->data->nmasks)
		return json_null();
	m = &st->data->mask[i];
	cond = json_object();
	cbad = cond == NULL;
	mq_jput(cond, "stat", jword(NAMEOF(stat_names, m->stat)), &cbad);
	mq_jput(cond, m->cmp == MS_CMP_EQ ? "eq" : "gte", m->stat == MS_S_HAND_FULL ?
	    json_boolean(m->value) : json_integer(m->value), &cbad);
	o = json_object();
	bad = o == NULL;
	mq_jput(o, "id", jid(&m->nm), &bad);
	mq_jput(o, "name", json_string_nocheck(m->nm.name[0]), &bad);
	mq_jput(o, "condition", mq_jdone(cond, cbad), &bad);
	mq_jput(o, "vp", json_integer(m->vp), &bad);
	return mq_jdone(o, bad);
}

static json_t *
jguardian(const struct ms_state *st, int i)
{
	const struct ms_guardian *g;
	json_t *o;
	int bad;

	if (i < 0 || i >= st->data->nguardians)
		return json_null();
	g = &st->data->guardian[i];
	o = json_object();
	bad = o == NULL;
	mq_jput(o, "id", jid(&g->nm), &bad);
	mq_jput(o, "number", json_integer(g->number), &bad);
	mq_jput(o, "power", json_integer(g->power), &bad);
	return mq_jdone(o, bad);
}

static json_t *
jspell_id(const struct ms_state *st, int i)
{
	return i >= 0 && i < st->data->nspells ? jid(&st->data->spell[i].nm) :
	    json_null();
}

/* Spells held, banked or in the tomb: counts per kind, the kinds present;
 * payer: the seat whose hand it is, told what each costs them to play (a
 * Dancer, a Treasure or a Guardian changes it from the level), or -1. */
static json_t *
spell_counts(const struct ms_state *st, const uint8_t *n, int with_level,
    int payer)
{
	json_t *a = json_array(), *o;
	int k, obad, bad = a == NULL;

	for (k = 0; k < st->data->nspells && !bad; k++) {
		if (n[k] == 0)
			continue;
		o = json_object();
		obad = o == NULL;
		mq_jput(o, "spell", jid(&st->data->spell[k].nm), &obad);
		mq_jput(o, "name", json_string_nocheck(st->data->spell[k].nm.name[0]),
		    &obad);
		if (with_level)
			mq_jput(o, "level", json_integer(st->data->spell[k].level), &obad);
		if (payer >= 0)
			mq_jput(o, "cost", json_integer(ms_spell_cost(st, payer, k)),
			    &obad);
		mq_jput(o, "count", json_integer(n[k]), &obad);
		mq_jpush(a, mq_jdone(o, obad), &bad);
	}
	return mq_jdone(a, bad);
}

/* The ids of the cards whose bits are set in mask, from a table of names
 * `stride` bytes apart. */
static json_t *
id_list(const struct ms_names *first, size_t stride, int count, uint32_t mask)
{
	json_t *a = json_array();
	int i, bad = a == NULL;

	for (i = 0; i < count && i < 32 && !bad; i++)
		if (mask & (1u << i))
			mq_jpush(a, jid((const struct ms_names *)(const void *)
			    ((const char *)first + (size_t)i * stride)), &bad);
	return mq_jdone(a, bad);
}

static json_t *
treasure_list(const struct ms_state *st, uint32_t mask)
{
	return id_list(&st->data->guardian[0].treasure, sizeof(st->data->guardian[0]),
	    st->data->nguardians, mask);
}

static json_t *
emblem_list(const struct ms_state *st, uint32_t mask)
{
	return id_list(&st->data->emblem[0].nm, sizeof(st->data->emblem[0]),
	    st->data->nemblems, mask);
}

static json_t *
event_list(const struct ms_state *st, uint32_t mask)
{
	return id_list(&st->data->event[0].nm, sizeof(st->data->event[0]),
	    st->data->nevents, mask);
}

static json_t *
jstage_id(const struct ms_state *st, int i)
{
	return i >= 0 && i < st->data->nstages ? jid(&st->data->stage[i].nm) :
	    json_null();
}

/* Whether seat may send the command now, as ms_validate would answer: a
 * turn mail offers only the choices the game would take. */
static int
may(const struct ms_state *st, int seat, int type, int card, int target)
{
	struct ms_cmd c;

	memset(&c, 0, sizeof(c));
	c.type = (uint8_t)type;
	c.card = (int8_t)card;
	c.target = (int8_t)target;
	c.card2 = -1;
	return seat >= 0 && ms_validate(st, seat, &c, NULL) == 0;
}

/* full: the player's own secrets (their view, or the admin's); viewer: the
 * seat whose view it is, who learns whether they may challenge this one. */
static json_t *
player_obj(const struct ms_state *st, int i, int full, int viewer)
{
	const struct ms_player *pl = &st->p[i];
	const struct ms_names *shield = NULL;
	int over = st->phase == MS_PH_OVER;
	json_t *o;
	int bad, leader = 0;

	o = json_object();
	bad = o == NULL;
	mq_jput(o, "name", json_string_nocheck(pl->name), &bad);
	mq_jput(o, "seat", json_integer(i), &bad);
	mq_jput(o, "dancer", jdancer(st, pl->dancer), &bad);
	mq_jput(o, "order", pl->order > 0 ? json_integer(pl->order) : json_null(), &bad);
	mq_jput(o, "last_order", pl->last_order > 0 ? json_integer(pl->last_order) :
	    json_null(), &bad);
	mq_jput(o, "stage", jstage_id(st, pl->stage), &bad);
	mq_jput(o, "life", json_integer(pl->life), &bad);
	/* at 0 life the dancer's printed power counts as 0 (rules: Life) */
	mq_jput(o, "no_life", json_boolean(pl->life <= 0), &bad);
	mq_jput(o, "hand_size", json_integer(ms_hand_size(pl)), &bad);
	mq_jput(o, "hand_limit", json_integer(ms_hand_limit(st, i)), &bad);
	mq_jput(o, "counters", json_integer(ms_counters(pl)), &bad);
	mq_jput(o, "treasures", treasure_list(st, pl->treasures), &bad);
	mq_jput(o, "emblems", emblem_list(st, pl->emblems), &bad);
	/* the VP the table shows (counters, Emblems, Treasures; a Mask's is
	 * secret), which the VP leader is counted by (rules: The VP leader):
	 * public, as each part is, so every view holds it */
	mq_jput(o, "public_vp", json_integer(ms_vp(st, i)), &bad);
	mq_jput(o, "vp_leader", json_boolean(ms_is_vp_leader(st, i)), &bad);
	mq_jput(o, "events_prophesied", json_integer(pl->events_prophesied), &bad);
	mq_jput(o, "arena_wins", json_integer(pl->arena_wins), &bad);
	mq_jput(o, "passed", json_boolean(pl->passed), &bad);
	if (viewer >= 0)
		mq_jput(o, "challengeable", json_boolean(may(st, viewer,
		    MS_C_CHALLENGE, -1, i)), &bad);
	/* why nobody may challenge this dancer now, as the refusal says it
	 * (public: the card, and who leads in VP): "shield", the card that
	 * forbids it, and "shield_leader", only while they lead in VP; no
	 * dancer is "dancer": null */
	if (viewer >= 0 && viewer != i &&
	    ms_challenge_shield(st, i, &shield, &leader) == 2) {
		mq_jput(o, "shield", shield != NULL ? jid(shield) : json_null(),
		    &bad);
		mq_jput(o, "shield_leader", json_boolean(leader), &bad);
	}
	if (viewer == i) {
		mq_jput(o, "can_reveal", json_boolean(may(st, i, MS_C_REVEAL, -1,
		    -1)), &bad);
		/* whether their dancer could start a challenge: the Tower and
		 * the Arena are no fight for one who cannot */
		mq_jput(o, "can_challenge", json_boolean(ms_can_challenge(st, i)),
		    &bad);
	}
	/* a revealed Mask was discarded face up: which one is public */
	mq_jput(o, "mask_revealed", pl->mask < 0 && pl->mask_dealt >= 0 &&
	    pl->mask_dealt < st->data->nmasks ?
	    jid(&st->data->mask[pl->mask_dealt].nm) : json_null(), &bad);
	if (full) {
		mq_jput(o, "mask", jmask(st, pl->mask), &bad);
		mq_jput(o, "hand", spell_counts(st, pl->hand, 1, i), &bad);
		mq_jput(o, "banked", spell_counts(st, pl->banked, 0, -1), &bad);
	}
	if (over) {
		mq_jput(o, "score", json_integer(pl->score), &bad);
		mq_jput(o, "mask_dealt", jmask(st, pl->mask_dealt), &bad);
	}
	return mq_jdone(o, bad);
}

static json_t *
stage_obj(const struct ms_state *st, int s)
{
	const struct ms_stage *sg = &st->data->stage[s];
	json_t *o, *dancers;
	int i, bad, dbad, there = 0;

	dancers = json_array();
	dbad = dancers == NULL;
	for (i = 0; i < st->nplayers && !dbad; i++)
		if (st->p[i].stage == s) {
			mq_jpush(dancers, json_string_nocheck(st->p[i].name), &dbad);
			there++;
		}
	o = json_object();
	bad = o == NULL;
	mq_jput(o, "id", jid(&sg->nm), &bad);
	mq_jput(o, "name", json_string_nocheck(sg->nm.name[0]), &bad);
	mq_jput(o, "capacity", json_integer(sg->capacity), &bad);
	/* the places left, and whether none is: a turn mail offers only the
	 * Stages a dancer can still go to */
	mq_jput(o, "free", json_integer(there < sg->capacity ?
	    sg->capacity - there : 0), &bad);
	mq_jput(o, "full", json_boolean(there >= sg->capacity), &bad);
	mq_jput(o, "rule", jword(NAMEOF(rule_names, sg->rule)), &bad);
	mq_jput(o, "dancers", mq_jdone(dancers, dbad), &bad);
	return mq_jdone(o, bad);
}

/* seat: the viewer, who learns whether they may take it now ("open") */
static json_t *
order_obj(const struct ms_state *st, int k, int seat)
{
	const struct ms_order *od = &st->data->order[k];
	json_t *o;
	int i, holder = -1, last = -1, bad;

	for (i = 0; i < st->nplayers; i++) {
		if (st->p[i].order == od->number)
			holder = i;
		if (st->p[i].last_order == od->number)
			last = i;
	}
	o = json_object();
	bad = o == NULL;
	mq_jput(o, "number", json_integer(od->number), &bad);
	mq_jput(o, "id", jid(&od->nm), &bad);
	mq_jput(o, "name", json_string_nocheck(od->nm.name[0]), &bad);
	mq_jput(o, "holder", jplayer(st, holder), &bad);
	mq_jput(o, "last_holder", jplayer(st, last), &bad);
	if (seat >= 0)
		mq_jput(o, "open", json_boolean(may(st, seat, MS_C_ORDER,
		    od->number, -1)), &bad);
	return mq_jdone(o, bad);
}

static json_t *
emblem_obj(const struct ms_state *st, int k)
{
	const struct ms_emblem *em = &st->data->emblem[k];
	json_t *o;
	int bad;

	o = json_object();
	bad = o == NULL;
	mq_jput(o, "id", jid(&em->nm), &bad);
	mq_jput(o, "name", json_string_nocheck(em->nm.name[0]), &bad);
	mq_jput(o, "vp", json_integer(em->vp), &bad);
	mq_jput(o, "holder", jplayer(st, st->emblem_holder[k]), &bad);
	return mq_jdone(o, bad);
}

static json_t *
pair(json_t *a, json_t *b)
{
	json_t *v = json_array();
	int bad = v == NULL;

	if (bad) {
		json_decref(a);
		json_decref(b);
		return NULL;
	}
	mq_jpush(v, a, &bad);
	mq_jpush(v, b, &bad);
	return mq_jdone(v, bad);
}

static const char *const part_kinds[] = {
	"dancer", "guardian", "ability", "treasure", "order", "spell",
	"opp_spell", "mask", "flip",
};

/* A side's power in parts (ms_fight_parts): each with its card's id (none
 * for the Guardian's printed power and a Mask), its kind, its n, and plus
 * (a modifier taking no power: said "+1", and a level-0 Spell turned up
 * "+0", as a part taking power is said "-2"; a bare "0" read as no
 * modifier). */
static json_t *
power_parts(const struct ms_state *st, const struct ms_fight_side fs[2],
    int side)
{
	const struct ms_data *d = st->data;
	struct ms_power_part part[MS_PARTS];
	json_t *l = json_array(), *o, *id;
	int bad = l == NULL, obad, i, k;

	k = ms_fight_parts(d, fs, side, part, MS_PARTS);
	for (i = 0; i < k && i < MS_PARTS; i++) {
		o = json_object();
		obad = o == NULL;
		switch (part[i].kind) {
		case MS_PART_DANCER:
		case MS_PART_ABILITY:
			id = jid(&d->dancer[part[i].card].nm);
			break;
		case MS_PART_TREASURE:
			id = jid(&d->guardian[part[i].card].treasure);
			break;
		case MS_PART_ORDER:	/* said by its number: "Order 4 +1" */
			id = jid(&d->order[part[i].card].nm);
			mq_jput(o, "number", json_integer(part[i].card + 1),
			    &obad);
			break;
		case MS_PART_SPELL:
		case MS_PART_OPP_SPELL:
		case MS_PART_FLIP:
			id = jspell_id(st, part[i].card);
			break;
		default:	/* the Guardian's printed power, a Mask */
			id = NULL;
			break;
		}
		if (part[i].kind != MS_PART_GUARDIAN &&
		    part[i].kind != MS_PART_MASK)
			mq_jput(o, "id", id, &obad);	/* NULL: out of memory */
		mq_jput(o, "kind", jword(NAMEOF(part_kinds, part[i].kind)),
		    &obad);
		mq_jput(o, "n", json_integer(part[i].n), &obad);
		mq_jput(o, "plus", json_boolean(part[i].kind != MS_PART_DANCER &&
		    part[i].kind != MS_PART_GUARDIAN && part[i].n >= 0), &obad);
		mq_jput(o, "life_zero", json_boolean(part[i].kind ==
		    MS_PART_DANCER && fs[side].life_zero), &obad);
		mq_jpush(l, mq_jdone(o, obad), &bad);
	}
	return mq_jdone(l, bad);
}

/* The challenge being fought: everything in it is public (Spells are played
 * face up, a Mask is revealed face up), but not the Guardian's flip to come. */
static json_t *
challenge_obj(const struct ms_state *st)
{
	const struct ms_challenge *ch = &st->ch;
	struct ms_fight_side fs[2];
	json_t *o;
	int bad, whose;

	if (ch->kind == MS_CH_NONE)
		return json_null();
	o = json_object();
	bad = o == NULL;
	mq_jput(o, "kind", jword(NAMEOF(ch_names, ch->kind)), &bad);
	mq_jput(o, "challenger", jplayer(st, ch->side[0]), &bad);
	mq_jput(o, "defender", jplayer(st, ch->side[1]), &bad);
	if (ch->kind == MS_CH_TOWER)
		mq_jput(o, "guardian", jguardian(st, ch->guardian), &bad);
	whose = ch->window < 2 ? ch->side[ch->window] : -1;
	mq_jput(o, "window", jplayer(st, whose), &bad);
	mq_jput(o, "bonus", pair(json_integer(ch->bonus[0]),
	    json_integer(ch->bonus[1])), &bad);
	mq_jput(o, "minus", pair(json_integer(ch->minus[0]),
	    json_integer(ch->minus[1])), &bad);
	mq_jput(o, "masked", pair(json_boolean(ch->masked[0]),
	    json_boolean(ch->masked[1])), &bad);
	/* each side's power now, every modifier counted (a Guardian's flip is
	 * still to come): what a player weighs a Spell or a reveal against */
	mq_jput(o, "challenger_power", json_integer(ms_power(st, 0)), &bad);
	mq_jput(o, "defender_power", json_integer(ms_power(st, 1)), &bad);
	/* and what each is made of: "you 5 (Eternal Prisoner 4, Rally +1)" */
	ms_fight_sides(st, fs);
	mq_jput(o, "challenger_parts", power_parts(st, fs, 0), &bad);
	mq_jput(o, "defender_parts", power_parts(st, fs, 1), &bad);
	/* a Spell (Fugue) ended it in a tie already: the powers no longer
	 * decide it, and a mail must not weigh them as if they did */
	if (ch->tie)
		mq_jput(o, "tie_spell", jspell_id(st, ch->tie - 1), &bad);
	return mq_jdone(o, bad);
}

/* The discard a deadline would make for seat (the lowest Spells), one id
 * per Spell: an example of DISCARD the owner's hand can pay, named in the
 * mail's language. */
static json_t *
discard_example(const struct ms_state *st, int seat)
{
	struct mq_cmd cmd;
	const struct ms_cmd *c = ms_cmd_ofc(&cmd);
	json_t *a = json_array();
	int k, i, bad = a == NULL;

	if (!bad && ms_default_command(st, seat, &cmd) && c->type == MS_C_DISCARD)
		for (k = 0; k < st->data->nspells && !bad; k++)
			for (i = 0; i < c->n[k] && !bad; i++)
				mq_jpush(a, jid(&st->data->spell[k].nm), &bad);
	return mq_jdone(a, bad);
}

/* The Stage a deadline would send seat's dancer to (the first quiet one
 * with room, else the first with room), its id; null when none has room. */
static json_t *
default_stage(const struct ms_state *st, int seat)
{
	struct mq_cmd cmd;
	const struct ms_cmd *c = ms_cmd_ofc(&cmd);

	if (ms_default_command(st, seat, &cmd) && c->type == MS_C_STAGE &&
	    c->card >= 0 && c->card < st->data->nstages)
		return jid(&st->data->stage[c->card].nm);
	return json_null();
}

/* The Dancer a deadline would choose for seat (the first free one), its
 * id; null when none is free. */
static json_t *
default_dancer(const struct ms_state *st, int seat)
{
	struct mq_cmd cmd;
	const struct ms_cmd *c = ms_cmd_ofc(&cmd);

	if (ms_default_command(st, seat, &cmd) && c->type == MS_C_DANCER &&
	    c->card >= 0 && c->card < st->data->ndancers)
		return jid(&st->data->dancer[c->card].nm);
	return json_null();
}

/* The Order a deadline would take for seat (the lowest it may take), its
 * number; null when none is free. */
static json_t *
default_order(const struct ms_state *st, int seat)
{
	struct mq_cmd cmd;
	const struct ms_cmd *c = ms_cmd_ofc(&cmd);

	if (ms_default_command(st, seat, &cmd) && c->type == MS_C_ORDER &&
	    c->card >= 1 && c->card <= st->data->norders)
		return json_integer(c->card);
	return json_null();
}

/*
 * Whether the PLAY c (its cost, ON and BANK filled in) would do anything
 * as seat's game stands: not a heal at full life (a Nocturne that only
 * costs), a draw into a hand at its limit, a Requiem on a dancer at no
 * life, a Serenade on an empty hand, nor a Spell in a fight a Spell
 * ended in a tie already. Read from what seat's view shows: its own hand
 * and life, and the public life and hand sizes of the others.
 */
static int
play_does(const struct ms_state *st, int seat, const struct ms_cmd *c)
{
	const struct ms_spell *sp = &st->data->spell[c->card];
	const struct ms_player *pl = &st->p[seat];
	const struct ms_effect *e;
	int i;

	if (sp->timing == MS_T_IN_CHALLENGE)
		return st->ch.tie == 0;
	for (i = 0; i < sp->neff; i++) {
		e = &sp->eff[i];
		if (e->trigger != MS_T_SPELL_PHASE)
			continue;
		switch (e->op) {
		case MS_OP_HEAL:
			if (pl->life < st->data->max_life)
				return 1;
			break;
		case MS_OP_DRAW:
			if (ms_hand_size(pl) - 1 - ms_count_of(c->n) <
			    ms_hand_limit(st, seat))
				return 1;
			break;
		case MS_OP_LOSE_LIFE:
			if (c->target >= 0 && st->p[c->target].life > 0)
				return 1;
			break;
		case MS_OP_STEAL_SPELL:
			if (c->target >= 0 &&
			    ms_hand_size(&st->p[c->target]) > 0)
				return 1;
			break;
		case MS_OP_BANK_VP:
			if (c->card2 >= 0)
				return 1;
			break;
		default:
			return 1;
		}
	}
	return sp->neff == 0;
}

/* c with its ON and BANK as ms_validate takes them: none, or ON the first
 * other seat it takes, or BANK the first Spell left in hand, or both; 1
 * when one is taken and play_does it. */
static int
play_taken(const struct ms_state *st, int seat, struct ms_cmd *c)
{
	const struct ms_player *pl = &st->p[seat];
	int t, b;

	for (b = -1; b < st->data->nspells; b++) {
		if (b >= 0 && pl->hand[b] - (b == c->card) - c->n[b] <= 0)
			continue;
		for (t = -1; t < st->nplayers; t++) {
			if (t == seat)
				continue;
			c->target = (int8_t)t;
			c->card2 = (int8_t)b;
			if (ms_validate(st, seat, c, NULL) == 0 &&
			    play_does(st, seat, c))
				return 1;
		}
	}
	return 0;
}

/* Whether Spell k ends a fight in a tie (a Fugue). */
static int
ties(const struct ms_data *d, int k)
{
	int i;

	for (i = 0; i < d->spell[k].neff; i++)
		if (d->spell[k].eff[i].op == MS_OP_END_CHALLENGE_TIE)
			return 1;
	return 0;
}

/*
 * The PLAY c as the examples after it should find the game: the Spell,
 * what paid for it and what it banked out of w's hand, a heal or a loss
 * of life made, a fight tied. Not a draw or a steal: which Spell comes
 * is secret, and the examples name only Spells in hand.
 */
static void
example_played(struct ms_state *w, int seat, const struct ms_cmd *c)
{
	const struct ms_spell *sp = &w->data->spell[c->card];
	struct ms_player *pl = &w->p[seat];
	int j;

	pl->hand[c->card]--;
	for (j = 0; j < w->data->nspells; j++)
		pl->hand[j] = (uint8_t)(pl->hand[j] - c->n[j]);
	if (c->card2 >= 0)
		pl->hand[c->card2]--;
	for (j = 0; j < sp->neff; j++)
		switch (sp->eff[j].op) {
		case MS_OP_HEAL:
			if (pl->life < w->data->max_life)
				pl->life++;
			break;
		case MS_OP_LOSE_LIFE:
			if (c->target >= 0 && w->p[c->target].life > 0)
				w->p[c->target].life--;
			break;
		case MS_OP_END_CHALLENGE_TIE:
			w->ch.tie = (uint8_t)(c->card + 1);
			break;
		default:
			break;
		}
}

/* Spell k's PLAY as play_examples makes it, pushed onto a (and played in
 * w) unless seat holds none, it cannot be paid or taken or does nothing,
 * or *forms has its form already. */
static void
play_example(struct ms_state *w, int seat, int k, unsigned *forms, json_t *a,
    int *bad)
{
	const struct ms_data *d = w->data;
	struct ms_cmd c;
	uint8_t left[MS_SPELLS];
	json_t *o, *pay;
	unsigned form;
	int j, best, need, obad;

	if (w->p[seat].hand[k] == 0)
		return;
	memset(&c, 0, sizeof(c));
	c.type = MS_C_PLAY;
	c.card = (int8_t)k;
	memcpy(left, w->p[seat].hand, MS_SPELLS);
	left[k]--;
	for (need = ms_spell_cost(w, seat, k); need > 0; need--) {
		for (best = -1, j = 0; j < d->nspells; j++)
			if (left[j] > 0 && (best < 0 ||
			    d->spell[j].level < d->spell[best].level))
				best = j;
		if (best < 0)
			break;
		left[best]--;
		c.n[best]++;
	}
	if (need > 0 || !play_taken(w, seat, &c))
		return;
	form = c.card2 >= 0 ? 8u : c.target >= 0 ? 4u :
	    ms_spell_cost(w, seat, k) > 0 ? 2u : 1u;
	if (*forms & form)
		return;
	*forms |= form;
	o = json_object();
	pay = json_array();
	obad = o == NULL || pay == NULL;
	mq_jput(o, "card", jid(&d->spell[k].nm), &obad);
	for (j = 0; j < d->nspells; j++)
		for (need = 0; need < c.n[j]; need++)
			mq_jpush(pay, jid(&d->spell[j].nm), &obad);
	mq_jput(o, "pay", mq_jdone(pay, obad), &obad);
	if (c.target >= 0)
		mq_jput(o, "on", jplayer(w, c.target), &obad);
	if (c.card2 >= 0)
		mq_jput(o, "bank", jid(&d->spell[c.card2].nm), &obad);
	mq_jpush(a, mq_jdone(o, obad), bad);
	example_played(w, seat, &c);
}

/*
 * The PLAYs seat could send now, as its mail's examples: each Spell it
 * holds, paid with the lowest Spells left in its hand (PAY), ON the first
 * other player it may name, BANK the first Spell left, when the Spell
 * wants them; only those ms_validate takes, and of each form (no cost, a
 * cost, ON, BANK) the first. A mail's example so names only Spells the
 * player holds and can play now (it named March and Rhapsody to a player
 * who held neither); and only PLAYs that do something (play_does): it
 * offered "PLAY nocturne PAY march" to a player at full life, a heal that
 * only costs, and then "PLAY Nocturne PAY Symphony" when nothing else
 * did anything. They are one reply, to be sent as written: each is made
 * in the hand the ones before it leave (a fight's mail offered "PLAY
 * March" and "PLAY Waltz PAY March" to a hand of one March, and the
 * second was refused), those that pay first, the form an example shows
 * best, then those that cost nothing, and a Spell that ties the fight
 * only when nothing else is offered (after it, nothing would count: *tie
 * is set, and the mail offers no REVEAL after it, which would spend the
 * Mask for nothing). Each {"card", "pay": [ids], "on", "bank"}.
 */
static json_t *
play_examples(const struct ms_state *st, int seat, int *tie)
{
	json_t *a = json_array();
	struct ms_state *w = malloc(sizeof(*w));
	unsigned forms = 0;
	int pass, k, bad = a == NULL || w == NULL;

	if (w != NULL)
		memcpy(w, st, sizeof(*w));
	for (pass = 0; pass < 3 && !bad; pass++)
		for (k = 0; k < st->data->nspells && !bad; k++)
			if (pass == 2 ? ties(st->data, k) &&
			    json_array_size(a) == 0 : !ties(st->data, k) &&
			    (ms_spell_cost(st, seat, k) > 0) == (pass == 0))
				play_example(w, seat, k, &forms, a, &bad);
	*tie = w != NULL && w->ch.tie != st->ch.tie;
	free(w);
	return mq_jdone(a, bad);
}

/* A decision waiting on a seat; a KEEP's offer, a DISCARD's example, only
 * when `full`. */
static json_t *
pending_obj(const struct ms_state *st, const struct ms_pending *pd, int full)
{
	json_t *o;
	int bad;

	o = json_object();
	bad = o == NULL;
	mq_jput(o, "kind", jword(NAMEOF(pend_names, pd->kind)), &bad);
	mq_jput(o, "player", jplayer(st, pd->seat), &bad);
	mq_jput(o, "n", json_integer(pd->n), &bad);
	if (pd->kind == MS_P_KEEP && full)
		mq_jput(o, "offer", spell_counts(st, pd->held, 1, -1), &bad);
	if (pd->kind == MS_P_DISCARD && full && pd == &st->pend[0])
		mq_jput(o, "example", discard_example(st, pd->seat), &bad);
	return mq_jdone(o, bad);
}

/* Nobody's dancer, and not set aside. */
static int
dancer_free(const struct ms_state *st, int k)
{
	int i;

	if (k < 8 && (st->dancers_aside & (1u << k)))
		return 0;
	for (i = 0; i < st->nplayers; i++)
		if (st->p[i].dancer == k)
			return 0;
	return 1;
}

static json_t *event_obj(const struct ms_state *st, const struct ms_event *e,
    int seat);

json_t *
ms_view(const void *state, int seat)
{
	const struct ms_state *st = state;
	const struct ms_data *d;
	int admin = seat == MQ_VIEW_ADMIN, over, owing, i, bad, lbad;
	const char *owes;
	json_t *v, *a;

	if (st == NULL || (seat != MQ_VIEW_ADMIN && seat != MQ_VIEW_PUBLIC &&
	    (seat < 0 || seat >= st->nplayers)))
		return NULL;
	d = st->data;
	over = st->phase == MS_PH_OVER;
	v = json_object();
	bad = v == NULL;
	mq_jput(v, "game", json_string_nocheck("masquerade"), &bad);
	/* the key the Red Death's view names its game by, which the CLI reads */
	mq_jput(v, "kind", json_string_nocheck("masquerade"), &bad);
	mq_jput(v, "turn", json_integer(st->turn), &bad);
	mq_jput(v, "phase", jword(NAMEOF(phase_names, st->phase)), &bad);
	owing = over ? -1 : ms_owing_seat(st);
	owes = owing >= 0 ? ms_owes(st, owing) : NULL;
	mq_jput(v, "to_move", owes ? jplayer(st, owing) : json_null(), &bad);
	mq_jput(v, "owes", jword(owes), &bad);
	mq_jput(v, "me", seat >= 0 ? jplayer(st, seat) : json_null(), &bad);
	if (seat >= 0)
		mq_jput(v, "owed", jword(ms_owes(st, seat)), &bad);
	/* the Stage a deadline would send seat's dancer to, which its mails
	 * name ("STAGE Library"), not only the rule that picks it */
	if (seat >= 0 && ms_owes(st, seat) != NULL &&
	    strcmp(ms_owes(st, seat), "stage") == 0)
		mq_jput(v, "default_stage", default_stage(st, seat), &bad);
	/* so the Dancer's and the Order's ("DANCER Sorcerer", "ORDER 1") */
	if (seat >= 0 && ms_owes(st, seat) != NULL &&
	    strcmp(ms_owes(st, seat), "dancer") == 0)
		mq_jput(v, "default_dancer", default_dancer(st, seat), &bad);
	if (seat >= 0 && ms_owes(st, seat) != NULL &&
	    strcmp(ms_owes(st, seat), "order") == 0)
		mq_jput(v, "default_order", default_order(st, seat), &bad);
	/* what a Spell phase or a fight owed may PLAY, for its examples;
	 * "plays_tie" when the last of them ties the fight (a Fugue) */
	if (seat >= 0 && ms_owes(st, seat) != NULL &&
	    (strcmp(ms_owes(st, seat), "spell") == 0 ||
	    strcmp(ms_owes(st, seat), "fight") == 0)) {
		int tie = 0;

		mq_jput(v, "plays", play_examples(st, seat, &tie), &bad);
		if (tie)
			mq_jput(v, "plays_tie", json_true(), &bad);
	}

	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < st->nplayers && !lbad; i++)
		mq_jpush(a, player_obj(st, i, admin || seat == i, seat), &lbad);
	mq_jput(v, "players", mq_jdone(a, lbad), &bad);

	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < d->norders && !lbad; i++)
		mq_jpush(a, order_obj(st, i, seat), &lbad);
	mq_jput(v, "orders", mq_jdone(a, lbad), &bad);
	/* turn 1's Orders are dealt and do nothing (rules: Order phase):
	 * said where the table shows them, since the cards say otherwise */
	if (!ms_orders_active(st))
		mq_jput(v, "orders_no_effect", json_true(), &bad);

	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < d->nstages && !lbad; i++)
		mq_jpush(a, stage_obj(st, i), &lbad);
	mq_jput(v, "stages", mq_jdone(a, lbad), &bad);

	mq_jput(v, "mask_power", json_integer(d->mask_reveal_power), &bad);
	mq_jput(v, "spell_deck", json_integer(st->deck_n), &bad);
	mq_jput(v, "tomb", spell_counts(st, st->tomb, 1, -1), &bad);
	mq_jput(v, "runouts", json_integer(st->runouts), &bad);
	mq_jput(v, "runouts_to_end", json_integer(st->nplayers), &bad);
	/* the count met: the game ends with this turn, whose draws may run
	 * the deck out again (it is renewed even then); those past the count
	 * are no part of why it ended */
	mq_jput(v, "runouts_reached", json_boolean(st->runouts >= st->nplayers),
	    &bad);
	mq_jput(v, "runouts_past_end", json_boolean(st->runouts > st->nplayers),
	    &bad);
	mq_jput(v, "guardians_left", json_integer(st->guardian_next < d->nguardians ?
	    d->nguardians - st->guardian_next : 0), &bad);
	mq_jput(v, "guardian", jguardian(st, st->guardian_next), &bad);
	mq_jput(v, "events_left", event_list(st, st->events_left), &bad);

	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < st->nevent_tomb && i < MS_EVENTS && !lbad; i++)
		mq_jpush(a, st->event_tomb[i] < d->nevents ?
		    jid(&d->event[st->event_tomb[i]].nm) : json_null(), &lbad);
	mq_jput(v, "event_tomb", mq_jdone(a, lbad), &bad);

	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < d->ndancers && i < 8 && !lbad; i++)
		if (st->dancers_aside & (1u << i))
			mq_jpush(a, jdancer(st, i), &lbad);
	mq_jput(v, "dancers_aside", mq_jdone(a, lbad), &bad);

	/* while Dancers are chosen, the ones nobody has taken yet: the choice
	 * a DANCER mail offers (the unchosen are set aside only after) */
	if (st->phase == MS_PH_DANCER) {
		a = json_array();
		lbad = a == NULL;
		for (i = 0; i < d->ndancers && !lbad; i++)
			if (dancer_free(st, i))
				mq_jpush(a, jdancer(st, i), &lbad);
		mq_jput(v, "dancers_free", mq_jdone(a, lbad), &bad);
	}

	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < d->nemblems && !lbad; i++)
		mq_jpush(a, emblem_obj(st, i), &lbad);
	mq_jput(v, "emblems", mq_jdone(a, lbad), &bad);

	/* who leads in VP (Defend 3, Divine Judgement): none when the top
	 * is 0 */
	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < st->nplayers && !lbad; i++)
		if (ms_is_vp_leader(st, i))
			mq_jpush(a, jplayer(st, i), &lbad);
	mq_jput(v, "vp_leaders", mq_jdone(a, lbad), &bad);

	mq_jput(v, "prophet", jplayer(st, st->prophet), &bad);
	mq_jput(v, "challenge", challenge_obj(st), &bad);

	/* decisions waiting: the viewer's own (all of them for the admin) */
	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < st->npend && i < MS_MAXPEND && !lbad; i++)
		if (admin || (seat >= 0 && st->pend[i].seat == seat))
			mq_jpush(a, pending_obj(st, &st->pend[i], 1), &lbad);
	mq_jput(v, "pending", mq_jdone(a, lbad), &bad);

	if (over) {
		mq_jput(v, "winner", jplayer(st, st->winner), &bad);
		mq_jput(v, "end", jword(NAMEOF(end_names, st->end_why)), &bad);
		/* the others on the winner's VP, whom the lowest last Order
		 * beat: a tie is said as one */
		a = json_array();
		lbad = a == NULL;
		for (i = 0; st->winner >= 0 && st->winner < st->nplayers &&
		    i < st->nplayers && !lbad; i++)
			if (i != st->winner && st->p[i].score ==
			    st->p[st->winner].score)
				mq_jpush(a, jplayer(st, i), &lbad);
		mq_jput(v, "tied", mq_jdone(a, lbad), &bad);
		if (st->winner >= 0 && st->winner < st->nplayers)
			mq_jput(v, "winner_score", json_integer(
			    st->p[st->winner].score), &bad);
	}
	/* a player's recap: what happened since they last played, as they
	 * may see it (the last MS_HIST events at most) */
	if (seat >= 0) {
		uint32_t from = st->p[seat].seen, n;

		if (st->hist_n - from > MS_HIST)
			from = st->hist_n - MS_HIST;
		a = json_array();
		lbad = a == NULL;
		for (n = from; n != st->hist_n && !lbad; n++)
			mq_jpush(a, event_obj(st, &st->hist[n % MS_HIST], seat),
			    &lbad);
		mq_jput(v, "recap", mq_jdone(a, lbad), &bad);
	}
	return mq_jdone(v, bad);
}

static const char *const ev_names[] = {
	"turn", "dancer", "order", "stage", "draw", "draw_none", "heal", "life",
	"play", "renew", "run_out", "challenge", "mask", "flip", "result",
	"treasure", "steal", "bank", "discard", "receive", "event", "swap",
	"emblem", "no_challenge", "end", "score", "winner", "pass",
};

/*
 * Whether the event put Spells into seat's hand or took some out of it:
 * a draw (a Stage's, when the game sent the seat to the last free one; a
 * won fight's), a discard (Silence, a lower hand limit, one kind only),
 * a counter banked, Spells received (Request for a Tune), a Spell stolen
 * (Serenade, the Thief) from it or by it.
 */
static int
changes_hand_of(const struct ms_event *e, int seat)
{
	if (seat < 0)
		return 0;
	switch (e->type) {
	case MS_E_DRAW:
	case MS_E_DISCARD:
	case MS_E_BANK:
		return e->actor == seat;
	case MS_E_RECEIVE:	/* none kept: the hand is as it was */
		return e->actor == seat && e->b > 0;
	case MS_E_STEAL:
		return e->actor == seat || e->target == seat;
	default:
		return 0;
	}
}

/* What the event comes from, {kind, card}: a dancer in the Arena drew a
 * Spell because of its Order, the Event Oracle, and the mail says so; a
 * fight won is {kind} alone, or with the Spell played in it that drew
 * more (Symphony) as its card (null for a card the card set does not
 * have). */
static json_t *
jsource(const struct ms_state *st, const struct ms_event *e)
{
	const struct ms_data *d = st->data;
	const struct ms_names *nm = NULL;
	json_t *o;
	int bad;

	switch (e->src_kind) {
	case MS_SRC_DANCER:
		nm = e->src >= 0 && e->src < d->ndancers ? &d->dancer[e->src].nm :
		    NULL;
		break;
	case MS_SRC_TREASURE:	/* the Guardian's id: deco names its Treasure */
		nm = e->src >= 0 && e->src < d->nguardians ?
		    &d->guardian[e->src].nm : NULL;
		break;
	case MS_SRC_ORDER:
		nm = e->src >= 0 && e->src < d->norders ? &d->order[e->src].nm :
		    NULL;
		break;
	case MS_SRC_STAGE:
		nm = e->src >= 0 && e->src < d->nstages ? &d->stage[e->src].nm :
		    NULL;
		break;
	case MS_SRC_EVENT:
		nm = e->src >= 0 && e->src < d->nevents ? &d->event[e->src].nm :
		    NULL;
		break;
	case MS_SRC_WIN:	/* the Spell that drew more on the win */
		nm = e->src >= 0 && e->src < d->nspells ? &d->spell[e->src].nm :
		    NULL;
		break;
	default:
		break;
	}
	if (nm == NULL && e->src_kind != MS_SRC_WIN)
		return json_null();
	o = json_object();
	bad = o == NULL;
	mq_jput(o, "kind", jword(NAMEOF(src_names, e->src_kind)), &bad);
	if (nm != NULL)
		mq_jput(o, "card", jid(nm), &bad);
	return mq_jdone(o, bad);
}

static json_t *
event_obj(const struct ms_state *st, const struct ms_event *e, int seat)
{
	const struct ms_data *d = st->data;
	int admin = seat == MQ_VIEW_ADMIN;
	int actor = admin || (seat >= 0 && seat == e->actor);
	struct ms_fight_side fs[2];
	json_t *o;
	int bad;

	o = json_object();
	bad = o == NULL;
	mq_jput(o, "type", jword(NAMEOF(ev_names, e->type)), &bad);
	if ((e->type == MS_E_DRAW || e->type == MS_E_DRAW_NONE ||
	    e->type == MS_E_HEAL) && e->src_kind != MS_SRC_NONE)
		mq_jput(o, "source", jsource(st, e), &bad);
	if (e->actor >= 0)
		mq_jput(o, "player", jplayer(st, e->actor), &bad);
	if (e->target >= 0 && e->type != MS_E_EMBLEM)
		mq_jput(o, "target", jplayer(st, e->target), &bad);
	switch (e->type) {
	case MS_E_TURN:
		mq_jput(o, "turn", json_integer(e->a), &bad);
		break;
	case MS_E_DANCER:
		mq_jput(o, "dancer", jdancer(st, e->card), &bad);
		break;
	case MS_E_ORDER:
		mq_jput(o, "order", json_integer(e->a), &bad);
		/* its card, so the mail says what it does (orders[] is
		 * sorted by number) */
		if (e->a >= 1 && e->a <= st->data->norders)
			mq_jput(o, "order_card", jid(&st->data->order[e->a -
			    1].nm), &bad);
		/* the game gave it, the only one left: nobody chose it */
		mq_jput(o, "only", json_boolean(e->b == 1), &bad);
		break;
	case MS_E_STAGE:
		mq_jput(o, "stage", jstage_id(st, e->card), &bad);
		mq_jput(o, "only", json_boolean(e->b == 1), &bad);
		break;
	case MS_E_DRAW:
		if (actor)
			mq_jput(o, "spell", jspell_id(st, e->card), &bad);
		break;
	case MS_E_DRAW_NONE:
		mq_jput(o, "why", json_string_nocheck(e->a == 1 ? "hand_full" :
		    "deck_empty"), &bad);
		break;
	case MS_E_HEAL:
	case MS_E_LIFE:
		mq_jput(o, "from", json_integer(e->a), &bad);
		mq_jput(o, "to", json_integer(e->b), &bad);
		break;
	case MS_E_PLAY:
		mq_jput(o, "spell", jspell_id(st, e->card), &bad);
		mq_jput(o, "paid", spell_counts(st, e->n, 0, -1), &bad);
		break;
	case MS_E_RENEW:
		mq_jput(o, "cards", json_integer(e->a), &bad);
		mq_jput(o, "runouts", json_integer(e->b), &bad);
		/* the deck, empty since that run-out, made again: not a run-out */
		mq_jput(o, "late", json_boolean(e->card == 1), &bad);
		break;
	case MS_E_RUN_OUT:
		mq_jput(o, "runouts", json_integer(e->b), &bad);
		break;
	case MS_E_CHALLENGE:
		mq_jput(o, "kind", jword(NAMEOF(ch_names, e->a)), &bad);
		if (e->target < 0)
			mq_jput(o, "guardian", jguardian(st, e->card), &bad);
		break;
	case MS_E_MASK:
		mq_jput(o, "mask", jmask(st, e->card), &bad);
		break;
	case MS_E_FLIP:
		mq_jput(o, "spell", jspell_id(st, e->card), &bad);
		mq_jput(o, "level", json_integer(e->a), &bad);
		break;
	case MS_E_RESULT:
		mq_jput(o, "power", json_integer(e->a), &bad);
		mq_jput(o, "target_power", json_integer(e->b), &bad);
		mq_jput(o, "outcome", json_string_nocheck(e->card == -1 ? "tie" :
		    e->card == e->actor ? "win" : "lose"), &bad);
		mq_jput(o, "winner", jplayer(st, e->card), &bad);
		if (e->n[0])	/* the Spell that forced the tie */
			mq_jput(o, "tie_spell", jspell_id(st, e->n[0] - 1),
			    &bad);
		/* a dancer at 0 life: its printed power counted 0, which the
		 * mail says ("bob 0" told nobody why) */
		if (e->n[1] & 1)
			mq_jput(o, "life_zero", json_true(), &bad);
		if (e->n[1] & 2)
			mq_jput(o, "target_life_zero", json_true(), &bad);
		/* and each side's power in its parts, as they were: a player
		 * who lost sees why (the challenge is gone by now) */
		if (ms_fight_unpack(e, fs) == 0) {
			mq_jput(o, "parts", power_parts(st, fs, 0), &bad);
			mq_jput(o, "target_parts", power_parts(st, fs, 1), &bad);
		}
		break;
	case MS_E_TREASURE:
		mq_jput(o, "treasure", e->card >= 0 && e->card < d->nguardians ?
		    jid(&d->guardian[e->card].treasure) : json_null(), &bad);
		break;
	case MS_E_STEAL:
		/* the thief and the robbed know the card */
		if (actor || (seat >= 0 && seat == e->target))
			mq_jput(o, "spell", jspell_id(st, e->card), &bad);
		break;
	case MS_E_BANK:
		if (actor)
			mq_jput(o, "spell", jspell_id(st, e->card), &bad);
		break;
	case MS_E_DISCARD:
		mq_jput(o, "spells", spell_counts(st, e->n, 0, -1), &bad);
		break;
	case MS_E_RECEIVE:
		/* how many came from the deck and stayed is public (the deck's
		 * and the hand's sizes say it); which ones is not */
		if (actor)
			mq_jput(o, "spells", spell_counts(st, e->n, 0, -1), &bad);
		mq_jput(o, "received", json_integer(e->a), &bad);
		mq_jput(o, "kept", json_integer(e->b), &bad);
		/* the rest went to the tomb, in public: a mail said "kept 0"
		 * and no more, as if the Spell had gone nowhere */
		if (e->a > e->b)
			mq_jput(o, "to_tomb", json_integer(e->a - e->b), &bad);
		mq_jput(o, "no_room", json_boolean(e->card == 1), &bad);
		break;
	case MS_E_EVENT:
		mq_jput(o, "event", e->card >= 0 && e->card < d->nevents ?
		    jid(&d->event[e->card].nm) : json_null(), &bad);
		/* an Event on the VP leaders: whom it struck, and their VP
		 * (none when the top is 0) */
		if (e->n[0]) {
			json_t *l = json_array();
			int i, lbad = l == NULL;

			for (i = 0; i < st->nplayers && !lbad; i++)
				if (e->a & (1 << i))
					mq_jpush(l, jplayer(st, i), &lbad);
			mq_jput(o, "leaders", mq_jdone(l, lbad), &bad);
			mq_jput(o, "leader_vp", json_integer(e->n[1]), &bad);
			mq_jput(o, "on_leaders", json_true(), &bad);
		}
		break;
	case MS_E_SWAP:
		mq_jput(o, "from", jdancer(st, e->a), &bad);
		mq_jput(o, "to", jdancer(st, e->card), &bad);
		/* the new dancer's hand limit (the card set's), which its
		 * power and ability in the mail go with */
		mq_jput(o, "hand_limit", json_integer(dancer_limit(d,
		    e->card)), &bad);
		break;
	case MS_E_EMBLEM:
		mq_jput(o, "emblem", e->card >= 0 && e->card < d->nemblems ?
		    jid(&d->emblem[e->card].nm) : json_null(), &bad);
		mq_jput(o, "from", jplayer(st, e->target), &bad);
		break;
	case MS_E_NO_CHALLENGE:
		mq_jput(o, "why", jword(NAMEOF(no_ch_names, e->a)), &bad);
		break;
	case MS_E_END:
		mq_jput(o, "why", jword(NAMEOF(end_names, e->a)), &bad);
		break;
	case MS_E_SCORE:
		/* at the end every Mask is shown */
		mq_jput(o, "mask", jmask(st, e->card), &bad);
		mq_jput(o, "score", json_integer(e->a), &bad);
		mq_jput(o, "mask_vp", json_integer(e->b), &bad);
		break;
	case MS_E_WINNER:
		mq_jput(o, "score", json_integer(e->a), &bad);
		break;
	case MS_E_PASS:
		/* that the hand had nothing to play: the actor's alone (the
		 * others read false, as for a PASS) */
		mq_jput(o, "none_playable", json_boolean(actor && e->a == 1),
		    &bad);
		break;
	}
	/* another's move changed the reader's own hand (an Event's Spells
	 * received or discarded, a Serenade's or a Thief's steal, a Stage's
	 * draws when the game chose it, a fight won), which nobody else may
	 * tell them: to that reader alone, so that the daemon mails them
	 * now, not with their next turn (notify_receipt.c, hand_news_for) */
	if (e->by != seat && changes_hand_of(e, seat))
		mq_jput(o, "hand_changed", json_true(), &bad);
	return mq_jdone(o, bad);
}

json_t *
ms_events(const void *state, int seat)
{
	const struct ms_state *st = state;
	json_t *a;
	int i, bad;

	if (st == NULL || (seat != MQ_VIEW_ADMIN && seat != MQ_VIEW_PUBLIC &&
	    (seat < 0 || seat >= st->nplayers)))
		return NULL;
	a = json_array();
	bad = a == NULL;
	for (i = 0; i < st->nev && i < MS_MAXEV && !bad; i++)
		mq_jpush(a, event_obj(st, &st->ev[i], seat), &bad);
	return mq_jdone(a, bad);
}
