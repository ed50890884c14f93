/*
 * ms_view.c - JSON views of a game of The Masquerade and of what just
 * happened.
 *
 * A player's view holds exactly what that player may know: the public table
 * (dancers, Orders, Stages, life, hand sizes, counter counts, the tomb, the
 * Event deck, Treasures, Emblems, the top Guardian) and their own Mask, hand,
 * banked counters and pending decision. Another player's Mask shows only
 * once revealed, and every player's at the end. The admin sees everything.
 *
 * Every builder returns NULL when an allocation fails, never an object with
 * a part left out: a mail made from it would tell a player less than the
 * game does, and nothing would say so.
 */
#include <stdio.h>
#include <string.h>

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
static const char *const no_ch_names[] = {
	NULL, "no_life", "cannot_challenge", "no_guardian",
};

#define NAMEOF(tab, i) ((i) >= 0 && (size_t)(i) < sizeof(tab) / sizeof((tab)[0]) \
	? (tab)[i] : NULL)

/*
 * The builders' idiom: put and push take v (NULL when its own allocation
 * failed) and mark *bad on any failure; done hands o back only if nothing
 * was marked. So a builder checks once, at its end.
 */
static void
put(json_t *o, const char *key, json_t *v, int *bad)
{
	if (json_object_set_new_nocheck(o, key, v) != 0)
		*bad = 1;	/* v is released either way */
}

static void
push(json_t *a, json_t *v, int *bad)
{
	if (json_array_append_new(a, v) != 0)
		*bad = 1;
}

static json_t *
done(json_t *o, int bad)
{
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

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
	put(o, "id", jid(&dc->nm), &bad);
	put(o, "name", json_string_nocheck(dc->nm.name[0]), &bad);
	put(o, "power", json_integer(dc->power), &bad);
	return done(o, bad);
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
	put(cond, "stat", jword(NAMEOF(stat_names, m->stat)), &cbad);
	put(cond, m->cmp == MS_CMP_EQ ? "eq" : "gte", m->stat == MS_S_HAND_FULL ?
	    json_boolean(m->value) : json_integer(m->value), &cbad);
	o = json_object();
	bad = o == NULL;
	put(o, "id", jid(&m->nm), &bad);
	put(o, "name", json_string_nocheck(m->nm.name[0]), &bad);
	put(o, "condition", done(cond, cbad), &bad);
	put(o, "vp", json_integer(m->vp), &bad);
	return done(o, bad);
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
	put(o, "id", jid(&g->nm), &bad);
	put(o, "number", json_integer(g->number), &bad);
	put(o, "power", json_integer(g->power), &bad);
	return done(o, bad);
}

static json_t *
jspell_id(const struct ms_state *st, int i)
{
	return i >= 0 && i < st->data->nspells ? jid(&st->data->spell[i].nm) :
	    json_null();
}

/* Spells held, banked or in the tomb: counts per kind, the kinds present. */
static json_t *
spell_counts(const struct ms_state *st, const uint8_t *n, int with_level)
{
	json_t *a = json_array(), *o;
	int k, obad, bad = a == NULL;

	for (k = 0; k < st->data->nspells && !bad; k++) {
		if (n[k] == 0)
			continue;
		o = json_object();
		obad = o == NULL;
		put(o, "spell", jid(&st->data->spell[k].nm), &obad);
		put(o, "name", json_string_nocheck(st->data->spell[k].nm.name[0]),
		    &obad);
		if (with_level)
			put(o, "level", json_integer(st->data->spell[k].level), &obad);
		put(o, "count", json_integer(n[k]), &obad);
		push(a, done(o, obad), &bad);
	}
	return done(a, bad);
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
			push(a, jid((const struct ms_names *)(const void *)
			    ((const char *)first + (size_t)i * stride)), &bad);
	return done(a, bad);
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

/* full: the player's own secrets (their view, or the admin's). */
static json_t *
player_obj(const struct ms_state *st, int i, int full)
{
	const struct ms_player *pl = &st->p[i];
	int over = st->phase == MS_PH_OVER;
	json_t *o;
	int bad;

	o = json_object();
	bad = o == NULL;
	put(o, "name", json_string_nocheck(pl->name), &bad);
	put(o, "seat", json_integer(i), &bad);
	put(o, "dancer", jdancer(st, pl->dancer), &bad);
	put(o, "order", pl->order > 0 ? json_integer(pl->order) : json_null(), &bad);
	put(o, "last_order", pl->last_order > 0 ? json_integer(pl->last_order) :
	    json_null(), &bad);
	put(o, "stage", jstage_id(st, pl->stage), &bad);
	put(o, "life", json_integer(pl->life), &bad);
	put(o, "hand_size", json_integer(ms_hand_size(pl)), &bad);
	put(o, "hand_limit", json_integer(ms_hand_limit(st, i)), &bad);
	put(o, "counters", json_integer(ms_counters(pl)), &bad);
	put(o, "treasures", treasure_list(st, pl->treasures), &bad);
	put(o, "emblems", emblem_list(st, pl->emblems), &bad);
	put(o, "events_prophesied", json_integer(pl->events_prophesied), &bad);
	put(o, "arena_wins", json_integer(pl->arena_wins), &bad);
	put(o, "passed", json_boolean(pl->passed), &bad);
	/* a revealed Mask was discarded face up: which one is public */
	put(o, "mask_revealed", pl->mask < 0 && pl->mask_dealt >= 0 &&
	    pl->mask_dealt < st->data->nmasks ?
	    jid(&st->data->mask[pl->mask_dealt].nm) : json_null(), &bad);
	if (full) {
		put(o, "mask", jmask(st, pl->mask), &bad);
		put(o, "hand", spell_counts(st, pl->hand, 1), &bad);
		put(o, "banked", spell_counts(st, pl->banked, 0), &bad);
	}
	if (over) {
		put(o, "score", json_integer(pl->score), &bad);
		put(o, "mask_dealt", jmask(st, pl->mask_dealt), &bad);
	}
	return done(o, bad);
}

static json_t *
stage_obj(const struct ms_state *st, int s)
{
	const struct ms_stage *sg = &st->data->stage[s];
	json_t *o, *dancers;
	int i, bad, dbad;

	dancers = json_array();
	dbad = dancers == NULL;
	for (i = 0; i < st->nplayers && !dbad; i++)
		if (st->p[i].stage == s)
			push(dancers, json_string_nocheck(st->p[i].name), &dbad);
	o = json_object();
	bad = o == NULL;
	put(o, "id", jid(&sg->nm), &bad);
	put(o, "name", json_string_nocheck(sg->nm.name[0]), &bad);
	put(o, "capacity", json_integer(sg->capacity), &bad);
	put(o, "rule", jword(NAMEOF(rule_names, sg->rule)), &bad);
	put(o, "dancers", done(dancers, dbad), &bad);
	return done(o, bad);
}

static json_t *
order_obj(const struct ms_state *st, int k)
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
	put(o, "number", json_integer(od->number), &bad);
	put(o, "id", jid(&od->nm), &bad);
	put(o, "name", json_string_nocheck(od->nm.name[0]), &bad);
	put(o, "holder", jplayer(st, holder), &bad);
	put(o, "last_holder", jplayer(st, last), &bad);
	return done(o, bad);
}

static json_t *
emblem_obj(const struct ms_state *st, int k)
{
	const struct ms_emblem *em = &st->data->emblem[k];
	json_t *o;
	int bad;

	o = json_object();
	bad = o == NULL;
	put(o, "id", jid(&em->nm), &bad);
	put(o, "name", json_string_nocheck(em->nm.name[0]), &bad);
	put(o, "vp", json_integer(em->vp), &bad);
	put(o, "holder", jplayer(st, st->emblem_holder[k]), &bad);
	return done(o, bad);
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
	push(v, a, &bad);
	push(v, b, &bad);
	return done(v, bad);
}

/* The challenge being fought: everything in it is public (Spells are played
 * face up, a Mask is revealed face up), but not the Guardian's flip to come. */
static json_t *
challenge_obj(const struct ms_state *st)
{
	const struct ms_challenge *ch = &st->ch;
	json_t *o;
	int bad, whose;

	if (ch->kind == MS_CH_NONE)
		return json_null();
	o = json_object();
	bad = o == NULL;
	put(o, "kind", jword(NAMEOF(ch_names, ch->kind)), &bad);
	put(o, "challenger", jplayer(st, ch->side[0]), &bad);
	put(o, "defender", jplayer(st, ch->side[1]), &bad);
	if (ch->kind == MS_CH_TOWER)
		put(o, "guardian", jguardian(st, ch->guardian), &bad);
	whose = ch->window < 2 ? ch->side[ch->window] : -1;
	put(o, "window", jplayer(st, whose), &bad);
	put(o, "bonus", pair(json_integer(ch->bonus[0]),
	    json_integer(ch->bonus[1])), &bad);
	put(o, "minus", pair(json_integer(ch->minus[0]),
	    json_integer(ch->minus[1])), &bad);
	put(o, "masked", pair(json_boolean(ch->masked[0]),
	    json_boolean(ch->masked[1])), &bad);
	return done(o, bad);
}

/* A decision waiting on a seat; a KEEP's offer only when `full`. */
static json_t *
pending_obj(const struct ms_state *st, const struct ms_pending *pd, int full)
{
	json_t *o;
	int bad;

	o = json_object();
	bad = o == NULL;
	put(o, "kind", jword(NAMEOF(pend_names, pd->kind)), &bad);
	put(o, "player", jplayer(st, pd->seat), &bad);
	put(o, "n", json_integer(pd->n), &bad);
	if (pd->kind == MS_P_KEEP && full)
		put(o, "offer", spell_counts(st, pd->held, 1), &bad);
	return done(o, bad);
}

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
	put(v, "game", json_string_nocheck("masquerade"), &bad);
	/* the key the Red Death's view names its game by, which the CLI reads */
	put(v, "kind", json_string_nocheck("masquerade"), &bad);
	put(v, "turn", json_integer(st->turn), &bad);
	put(v, "phase", jword(NAMEOF(phase_names, st->phase)), &bad);
	owing = over ? -1 : ms_owing_seat(st);
	owes = owing >= 0 ? ms_owes(st, owing) : NULL;
	put(v, "to_move", owes ? jplayer(st, owing) : json_null(), &bad);
	put(v, "owes", jword(owes), &bad);
	put(v, "me", seat >= 0 ? jplayer(st, seat) : json_null(), &bad);
	if (seat >= 0)
		put(v, "owed", jword(ms_owes(st, seat)), &bad);

	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < st->nplayers && !lbad; i++)
		push(a, player_obj(st, i, admin || seat == i), &lbad);
	put(v, "players", done(a, lbad), &bad);

	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < d->norders && !lbad; i++)
		push(a, order_obj(st, i), &lbad);
	put(v, "orders", done(a, lbad), &bad);

	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < d->nstages && !lbad; i++)
		push(a, stage_obj(st, i), &lbad);
	put(v, "stages", done(a, lbad), &bad);

	put(v, "spell_deck", json_integer(st->deck_n), &bad);
	put(v, "tomb", spell_counts(st, st->tomb, 1), &bad);
	put(v, "runouts", json_integer(st->runouts), &bad);
	put(v, "runouts_to_end", json_integer(st->nplayers), &bad);
	put(v, "guardians_left", json_integer(st->guardian_next < d->nguardians ?
	    d->nguardians - st->guardian_next : 0), &bad);
	put(v, "guardian", jguardian(st, st->guardian_next), &bad);
	put(v, "events_left", event_list(st, st->events_left), &bad);

	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < st->nevent_tomb && i < MS_EVENTS && !lbad; i++)
		push(a, st->event_tomb[i] < d->nevents ?
		    jid(&d->event[st->event_tomb[i]].nm) : json_null(), &lbad);
	put(v, "event_tomb", done(a, lbad), &bad);

	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < d->ndancers && i < 8 && !lbad; i++)
		if (st->dancers_aside & (1u << i))
			push(a, jdancer(st, i), &lbad);
	put(v, "dancers_aside", done(a, lbad), &bad);

	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < d->nemblems && !lbad; i++)
		push(a, emblem_obj(st, i), &lbad);
	put(v, "emblems", done(a, lbad), &bad);

	put(v, "prophet", jplayer(st, st->prophet), &bad);
	put(v, "challenge", challenge_obj(st), &bad);

	/* decisions waiting: the viewer's own (all of them for the admin) */
	a = json_array();
	lbad = a == NULL;
	for (i = 0; i < st->npend && i < MS_MAXPEND && !lbad; i++)
		if (admin || (seat >= 0 && st->pend[i].seat == seat))
			push(a, pending_obj(st, &st->pend[i], 1), &lbad);
	put(v, "pending", done(a, lbad), &bad);

	if (over) {
		put(v, "winner", jplayer(st, st->winner), &bad);
		put(v, "end", jword(NAMEOF(end_names, st->end_why)), &bad);
	}
	return done(v, bad);
}

static const char *const ev_names[] = {
	"turn", "dancer", "order", "stage", "draw", "draw_none", "heal", "life",
	"play", "renew", "run_out", "challenge", "mask", "flip", "result",
	"treasure", "steal", "bank", "discard", "receive", "event", "swap",
	"emblem", "no_challenge", "end", "score", "winner",
};

static json_t *
event_obj(const struct ms_state *st, const struct ms_event *e, int seat)
{
	const struct ms_data *d = st->data;
	int admin = seat == MQ_VIEW_ADMIN;
	int actor = admin || (seat >= 0 && seat == e->actor);
	json_t *o;
	int bad;

	o = json_object();
	bad = o == NULL;
	put(o, "type", jword(NAMEOF(ev_names, e->type)), &bad);
	if (e->actor >= 0)
		put(o, "player", jplayer(st, e->actor), &bad);
	if (e->target >= 0 && e->type != MS_E_EMBLEM)
		put(o, "target", jplayer(st, e->target), &bad);
	switch (e->type) {
	case MS_E_TURN:
		put(o, "turn", json_integer(e->a), &bad);
		break;
	case MS_E_DANCER:
		put(o, "dancer", jdancer(st, e->card), &bad);
		break;
	case MS_E_ORDER:
		put(o, "order", json_integer(e->a), &bad);
		break;
	case MS_E_STAGE:
		put(o, "stage", jstage_id(st, e->card), &bad);
		break;
	case MS_E_DRAW:
		if (actor)
			put(o, "spell", jspell_id(st, e->card), &bad);
		break;
	case MS_E_DRAW_NONE:
		put(o, "why", json_string_nocheck(e->a == 1 ? "hand_full" :
		    "deck_empty"), &bad);
		break;
	case MS_E_HEAL:
	case MS_E_LIFE:
		put(o, "from", json_integer(e->a), &bad);
		put(o, "to", json_integer(e->b), &bad);
		break;
	case MS_E_PLAY:
		put(o, "spell", jspell_id(st, e->card), &bad);
		put(o, "paid", spell_counts(st, e->n, 0), &bad);
		break;
	case MS_E_RENEW:
		put(o, "cards", json_integer(e->a), &bad);
		put(o, "runouts", json_integer(e->b), &bad);
		break;
	case MS_E_RUN_OUT:
		put(o, "runouts", json_integer(e->b), &bad);
		break;
	case MS_E_CHALLENGE:
		put(o, "kind", jword(NAMEOF(ch_names, e->a)), &bad);
		if (e->target < 0)
			put(o, "guardian", jguardian(st, e->card), &bad);
		break;
	case MS_E_MASK:
		put(o, "mask", jmask(st, e->card), &bad);
		break;
	case MS_E_FLIP:
		put(o, "spell", jspell_id(st, e->card), &bad);
		put(o, "level", json_integer(e->a), &bad);
		break;
	case MS_E_RESULT:
		put(o, "power", json_integer(e->a), &bad);
		put(o, "target_power", json_integer(e->b), &bad);
		put(o, "outcome", json_string_nocheck(e->card == -1 ? "tie" :
		    e->card == e->actor ? "win" : "lose"), &bad);
		put(o, "winner", jplayer(st, e->card), &bad);
		break;
	case MS_E_TREASURE:
		put(o, "treasure", e->card >= 0 && e->card < d->nguardians ?
		    jid(&d->guardian[e->card].treasure) : json_null(), &bad);
		break;
	case MS_E_STEAL:
		/* the thief and the robbed know the card */
		if (actor || (seat >= 0 && seat == e->target))
			put(o, "spell", jspell_id(st, e->card), &bad);
		break;
	case MS_E_BANK:
		if (actor)
			put(o, "spell", jspell_id(st, e->card), &bad);
		break;
	case MS_E_DISCARD:
		put(o, "spells", spell_counts(st, e->n, 0), &bad);
		break;
	case MS_E_RECEIVE:
		/* how many came from the deck and stayed is public (the deck's
		 * and the hand's sizes say it); which ones is not */
		if (actor)
			put(o, "spells", spell_counts(st, e->n, 0), &bad);
		put(o, "received", json_integer(e->a), &bad);
		put(o, "kept", json_integer(e->b), &bad);
		break;
	case MS_E_EVENT:
		put(o, "event", e->card >= 0 && e->card < d->nevents ?
		    jid(&d->event[e->card].nm) : json_null(), &bad);
		break;
	case MS_E_SWAP:
		put(o, "from", jdancer(st, e->a), &bad);
		put(o, "to", jdancer(st, e->card), &bad);
		break;
	case MS_E_EMBLEM:
		put(o, "emblem", e->card >= 0 && e->card < d->nemblems ?
		    jid(&d->emblem[e->card].nm) : json_null(), &bad);
		put(o, "from", jplayer(st, e->target), &bad);
		break;
	case MS_E_NO_CHALLENGE:
		put(o, "why", jword(NAMEOF(no_ch_names, e->a)), &bad);
		break;
	case MS_E_END:
		put(o, "why", jword(NAMEOF(end_names, e->a)), &bad);
		break;
	case MS_E_SCORE:
		/* at the end every Mask is shown */
		put(o, "mask", jmask(st, e->card), &bad);
		put(o, "score", json_integer(e->a), &bad);
		put(o, "mask_vp", json_integer(e->b), &bad);
		break;
	case MS_E_WINNER:
		put(o, "score", json_integer(e->a), &bad);
		break;
	}
	return done(o, bad);
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
		push(a, event_obj(st, &st->ev[i], seat), &bad);
	return done(a, bad);
}
