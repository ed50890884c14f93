/*
 * deco_receipt.c - each accepted command of a receipt with what it does;
 * see deco_receipt.h.
 *
 * It reads the canonical text the engines write (rm_format, ms_format):
 * words parted by one space, the keywords in capitals, every name one
 * word (a card of The Masquerade is its English name lower-cased, its
 * words joined by '-'; a player's name is lower-case). It needs no engine
 * and no game state: what a command does in words is in its text, and the
 * names are the game data's. A form it does not know, or a name the game
 * data lacks, says nothing ("does" false), and the template shows the text
 * alone, as before.
 *
 * Every key a partial reads inside a command's section is set, false or
 * an empty list when the command lacks that part: a key missing there
 * would be looked up in the enclosing values (the root has "lang_ja",
 * "first", ...) and could print what the command never said. Of the
 * cmd_VERB flags only the command's own is set: no other value is named so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mail/deco_receipt.h"
#include "mail/deco_util.h"

#define MAXTOK	32		/* more than the longest command has */

struct words {
	char buf[512];
	char *tok[MAXTOK];
	int n;
};

struct said {
	struct mq_arena *a;
	const json_t *gd;
	const char *lang;
	const char *me;		/* the reader's name, or NULL */
	int *unknown;		/* set when a name is not in the game data */
	const char *owed;	/* what the seat owed as the command came, or
				 * NULL: the daemon's "owed_then" */
};

/* text split at its spaces; 0 for a text too long, or of too many words,
 * to be a command the engine wrote. */
static int
split(const char *text, struct words *w)
{
	char *p, *save = NULL;

	w->n = 0;
	if (text == NULL || strlen(text) >= sizeof(w->buf))
		return 0;
	memcpy(w->buf, text, strlen(text) + 1);
	for (p = strtok_r(w->buf, " ", &save); p != NULL;
	    p = strtok_r(NULL, " ", &save)) {
		if (w->n == MAXTOK)
			return 0;
		w->tok[w->n++] = p;
	}
	return w->n > 0;
}

static int
is(const char *a, const char *b)
{
	return strcmp(a, b) == 0;
}

/* A word of the text, copied: the text's buffer is on the stack. */
static struct mv *
word(const struct said *s, const char *w)
{
	return mv_str(s->a, w, strlen(w));
}

/* The name in the reader's language; a name the game data lacks (a card
 * a later card set dropped) makes the command one to say nothing of. */
static struct mv *
named(const struct said *s, const char *name, const char *w)
{
	if (name == NULL)
		*s->unknown = 1;
	return name != NULL ? mv_str_ref(s->a, name) : word(s, w);
}

/* ---- The Masque of the Red Death ---- */

/* The name of gamedata[list]'s entry of this id: names.LANG, else
 * names.en (as deco_game.c names them); NULL when there is none. */
static const char *
rm_name(const struct said *s, const char *list, const char *id)
{
	const json_t *o, *names;
	const char *n;
	size_t i;

	json_array_foreach(json_object_get(s->gd, list), i, o)
		if (jeq(jstr(o, "id"), id)) {
			names = json_object_get(o, "names");
			if ((n = jstr(names, s->lang)) != NULL ||
			    (n = jstr(names, "en")) != NULL)
				return n;
			return NULL;
		}
	return NULL;
}

/* A direction's three flags, each set (see the top). */
static int
put_dir(const struct said *s, struct mv *o, const char *dir)
{
	if (!is(dir, "cw") && !is(dir, "ccw") && !is(dir, "stay"))
		return -1;
	put_bool(s->a, o, "is_cw", is(dir, "cw"));
	put_bool(s->a, o, "is_ccw", is(dir, "ccw"));
	put_bool(s->a, o, "is_stay", is(dir, "stay"));
	return 0;
}

/* A list of names for a template: each entry {name, first, count}. */
struct names {
	struct mv *list;
	struct mv *last;	/* the last entry, and its word */
	const char *lastw;
	json_int_t n;		/* its count */
	int group;		/* the same word again counts (PAY march march) */
};

static void
names_init(const struct said *s, struct names *l, int group)
{
	memset(l, 0, sizeof(*l));
	l->list = mv_list(s->a);
	l->group = group;
}

static void
push_name(const struct said *s, struct names *l, const struct mv *name,
    const char *w)
{
	struct mv *o;

	if (l->group && l->last != NULL && is(l->lastw, w)) {
		put(s->a, l->last, "count", mv_int(s->a, ++l->n));
		return;
	}
	if ((o = mv_obj(s->a)) == NULL)
		return;
	put(s->a, o, "name", name);
	put_bool(s->a, o, "first", mv_size(l->list) == 0);
	put(s->a, o, "count", mv_int(s->a, 1));
	mv_push(s->a, l->list, o);
	l->last = o;
	l->lastw = w;
	l->n = 1;
}

/*
 * A part of a PLAY, in the order the templates say them (its targets, its
 * times, the cards it takes back, or none): {after, names}, after saying a
 * part came before it (a separator goes first); false when it has none.
 */
static const struct mv *
part(const struct said *s, const struct mv *names, int *parts)
{
	struct mv *o;

	if (names == NULL || (o = mv_obj(s->a)) == NULL)
		return mv_bool(0);
	put_bool(s->a, o, "after", *parts > 0);
	put(s->a, o, "names", names);
	(*parts)++;
	return o;
}

/* PLAY card [TARGET name ...] [SLOT time ...] [RECOVER card ... | none] */
static int
rm_play(const struct said *s, const struct words *w, struct mv *d)
{
	struct names targets, slots, recover, *cur = NULL;
	int i, none = 0, parts = 0;

	if (w->n < 2)
		return -1;
	names_init(s, &targets, 0);
	names_init(s, &slots, 0);
	names_init(s, &recover, 0);
	put(s->a, d, "card", named(s, rm_name(s, "action_cards", w->tok[1]),
	    w->tok[1]));
	for (i = 2; i < w->n; i++) {
		const char *t = w->tok[i];

		if (is(t, "TARGET") || is(t, "SLOT") || is(t, "RECOVER")) {
			cur = is(t, "TARGET") ? &targets : is(t, "SLOT") ?
			    &slots : &recover;
			continue;
		}
		if (cur == NULL)
			return -1;
		if (cur == &recover && is(t, "none"))
			none = 1;
		else
			push_name(s, cur, cur == &recover ? named(s, rm_name(s,
			    "action_cards", t), t) : word(s, t), t);
	}
	put(s->a, d, "targets", part(s, mv_size(targets.list) ? targets.list :
	    NULL, &parts));
	put(s->a, d, "slots", part(s, mv_size(slots.list) ? slots.list : NULL,
	    &parts));
	put(s->a, d, "recover", part(s, mv_size(recover.list) ? recover.list :
	    NULL, &parts));
	put(s->a, d, "recover_none", part(s, none ? recover.list : NULL,
	    &parts));
	put_bool(s->a, d, "parts", parts > 0);
	return 0;
}

/* MOVE dir [dir [dir]] */
static int
rm_move(const struct said *s, const struct words *w, struct mv *d)
{
	struct mv *steps = mv_list(s->a), *o;
	int i;

	if (w->n < 2)
		return -1;
	for (i = 1; i < w->n; i++) {
		if ((o = mv_obj(s->a)) == NULL)
			return 0;	/* the arena's oom says it */
		if (put_dir(s, o, w->tok[i]) != 0)
			return -1;
		put_bool(s->a, o, "first", i == 1);
		mv_push(s->a, steps, o);
	}
	put(s->a, d, "steps", steps);
	return 0;
}

/* PLAN dir x6 | PLAN time dir ... | PLAN CLEAR */
static int
rm_plan(const struct said *s, const struct words *w, struct mv *d)
{
	struct mv *steps = mv_list(s->a), *o;
	int i, clear = w->n == 2 && is(w->tok[1], "CLEAR"), all = w->n == 7 &&
	    strchr(w->tok[1], ':') == NULL;

	if (!clear && !all) {
		if (w->n < 3 || (w->n - 1) % 2 != 0)
			return -1;
		for (i = 1; i + 1 < w->n; i += 2) {
			if ((o = mv_obj(s->a)) == NULL)
				return 0;
			if (put_dir(s, o, w->tok[i + 1]) != 0)
				return -1;
			put(s->a, o, "time", word(s, w->tok[i]));
			put_bool(s->a, o, "first", i == 1);
			mv_push(s->a, steps, o);
		}
	}
	put_bool(s->a, d, "plan_clear", clear);
	put_bool(s->a, d, "plan_all", all);
	put(s->a, d, "plan_steps", steps);
	return 0;
}

static int
rm_does(const struct said *s, const struct words *w, struct mv *d)
{
	const char *v = w->tok[0];

	if (is(v, "PLAY")) {
		put_bool(s->a, d, "cmd_play", 1);
		return rm_play(s, w, d);
	}
	if (is(v, "MOVE")) {
		put_bool(s->a, d, "cmd_move", 1);
		return rm_move(s, w, d);
	}
	if (is(v, "PLAN")) {
		put_bool(s->a, d, "cmd_plan", 1);
		return rm_plan(s, w, d);
	}
	if (is(v, "PLACE") && w->n == 2) {
		put_bool(s->a, d, "cmd_place", 1);
		put(s->a, d, "room", named(s, rm_name(s, "rooms", w->tok[1]),
		    w->tok[1]));
		return 0;
	}
	return -1;
}

/* ---- The Masquerade ---- */

/* A card's canonical word (ms_parse.c's canon): its English name
 * lower-cased, its words joined by '-'. */
static void
canon(const char *name, char *out, size_t n)
{
	size_t o = 0;
	int gap = 0;

	for (; name != NULL && *name && o + 2 < n; name++) {
		if (*name == ' ') {
			gap = o > 0;
			continue;
		}
		if (gap)
			out[o++] = '-';
		gap = 0;
		out[o++] = *name >= 'A' && *name <= 'Z' ? (char)(*name + 32) :
		    *name;
	}
	out[o] = '\0';
}

/* The name in the reader's language (name_LANG, else name_en) of the card
 * of gamedata[list] that the canonical word w names; NULL when none. */
static const char *
ms_name(const struct said *s, const char *list, const char *w)
{
	char key[16], c[128];
	const json_t *o;
	const char *n;
	size_t i;

	snprintf(key, sizeof(key), "name_%s", s->lang);
	json_array_foreach(json_object_get(s->gd, list), i, o) {
		canon(jstr(o, "name_en"), c, sizeof(c));
		if (is(c, w))
			return (n = jstr(o, key)) != NULL ? n : jstr(o, "name_en");
	}
	return NULL;
}

static struct mv *
ms_card(const struct said *s, const char *list, const char *w)
{
	return named(s, ms_name(s, list, w), w);
}

/* Spells, one word each, from tok[from] up to a keyword or the end; the
 * index past them in *end. */
static struct mv *
ms_spells(const struct said *s, const struct words *w, int from, int *end)
{
	struct names l;
	int i;

	names_init(s, &l, 1);
	for (i = from; i < w->n && !(w->tok[i][0] >= 'A' &&
	    w->tok[i][0] <= 'Z'); i++)
		push_name(s, &l, ms_card(s, "spells", w->tok[i]), w->tok[i]);
	*end = i;
	return l.list;
}

/* PLAY spell [PAY spell ...] [ON player] [BANK spell] */
static int
ms_play(const struct said *s, const struct words *w, struct mv *d)
{
	const struct mv *on = mv_bool(0), *bank = mv_bool(0);
	struct mv *pay = NULL;
	int i = 2;

	if (w->n < 2)
		return -1;
	put(s->a, d, "card", ms_card(s, "spells", w->tok[1]));
	if (i < w->n && is(w->tok[i], "PAY")) {
		pay = ms_spells(s, w, i + 1, &i);
		if (mv_size(pay) == 0 && !mq_arena_oom(s->a))
			return -1;
	}
	if (i + 1 < w->n && is(w->tok[i], "ON")) {
		on = word(s, w->tok[i + 1]);
		i += 2;
	}
	if (i + 1 < w->n && is(w->tok[i], "BANK")) {
		bank = ms_card(s, "spells", w->tok[i + 1]);
		i += 2;
	}
	if (i != w->n)
		return -1;
	put(s->a, d, "pay", pay != NULL ? pay : mv_list(s->a));
	/* the cost is said last, in brackets the list cannot close itself */
	put_bool(s->a, d, "paid", pay != NULL);
	put(s->a, d, "on", on);
	put(s->a, d, "bank", bank);
	return 0;
}

/* ORDER n: the Order card of that number. */
static int
ms_order(const struct said *s, const struct words *w, struct mv *d)
{
	char key[16], *end;
	const json_t *o;
	const char *n = NULL;
	long k;
	size_t i;

	if (w->n != 2 || (k = strtol(w->tok[1], &end, 10)) < 1 || *end != '\0')
		return -1;
	snprintf(key, sizeof(key), "name_%s", s->lang);
	json_array_foreach(json_object_get(s->gd, "orders"), i, o)
		if (json_integer_value(json_object_get(o, "number")) == k)
			n = jstr(o, key) != NULL ? jstr(o, key) : jstr(o, "name_en");
	put(s->a, d, "card", named(s, n, w->tok[1]));
	put(s->a, d, "number", mv_int(s->a, k));
	return 0;
}

/* PASS, and what it declined: the decision it answered (ms_owes's word),
 * one flag each; "pass_known" false when the receipt does not say. */
static int
ms_pass(const struct said *s, struct mv *d)
{
	static const char *const declined[][2] = {
		{ "spell", "pass_spell" }, { "fight", "pass_fight" },
		{ "challenge", "pass_challenge" }, { "bank", "pass_bank" },
		{ "keep", "pass_keep" }, { "duel", "pass_duel" },
	};
	size_t i;
	int known = 0, it;

	put_bool(s->a, d, "cmd_pass", 1);
	for (i = 0; i < sizeof(declined) / sizeof(declined[0]); i++) {
		it = s->owed != NULL && is(s->owed, declined[i][0]);
		known |= it;
		put_bool(s->a, d, declined[i][1], it);
	}
	put_bool(s->a, d, "pass_known", known);
	return 0;
}

static int
ms_does(const struct said *s, const struct words *w, struct mv *d)
{
	/* VERB card: the list its card is in */
	static const char *const one[][3] = {
		{ "DANCER", "cmd_dancer", "dancers" },
		{ "STAGE", "cmd_stage", "stages" },
		{ "BANK", "cmd_bank", "spells" },
		{ "EVENT", "cmd_event", "events" },
	};
	const char *v = w->tok[0];
	size_t i;
	int end;

	for (i = 0; i < sizeof(one) / sizeof(one[0]); i++)
		if (is(v, one[i][0])) {
			if (w->n != 2)
				return -1;
			put_bool(s->a, d, one[i][1], 1);
			put(s->a, d, "card", ms_card(s, one[i][2], w->tok[1]));
			return 0;
		}
	if (is(v, "PLAY")) {
		put_bool(s->a, d, "cmd_play", 1);
		return ms_play(s, w, d);
	}
	if (is(v, "ORDER")) {
		put_bool(s->a, d, "cmd_order", 1);
		return ms_order(s, w, d);
	}
	if (is(v, "REVEAL") && w->n == 1) {
		put_bool(s->a, d, "cmd_reveal", 1);
		return 0;
	}
	if (is(v, "PASS") && w->n == 1)
		return ms_pass(s, d);
	if (is(v, "CHALLENGE") && w->n == 2) {
		put_bool(s->a, d, "cmd_challenge", 1);
		put(s->a, d, "player", word(s, w->tok[1]));
		return 0;
	}
	if (is(v, "DISCARD") || is(v, "KEEP")) {
		put_bool(s->a, d, is(v, "KEEP") ? "cmd_keep" : "cmd_discard", 1);
		put(s->a, d, "cards", ms_spells(s, w, 1, &end));
		return end == w->n && w->n > 1 ? 0 : -1;
	}
	if (is(v, "SWAP") && w->n == 3) {
		put_bool(s->a, d, "cmd_swap", 1);
		put(s->a, d, "player", word(s, w->tok[1]));
		put_bool(s->a, d, "to_me", jeq(s->me, w->tok[1]));
		put(s->a, d, "card", ms_card(s, "dancers", w->tok[2]));
		return 0;
	}
	return -1;
}

/* ---- either game ---- */

/* SET LANG xx, as receipt.c lists it: the language's three flags. */
static int
lang_does(const struct said *s, const struct words *w, struct mv *d)
{
	const char *l = w->tok[2];

	if (!is(l, "en") && !is(l, "ja") && !is(l, "zh"))
		return -1;
	put_bool(s->a, d, "cmd_lang", 1);
	put_bool(s->a, d, "set_en", is(l, "en"));
	put_bool(s->a, d, "set_ja", is(l, "ja"));
	put_bool(s->a, d, "set_zh", is(l, "zh"));
	return 0;
}

/* SET NOTICES ON|OFF: its two flags. */
static int
notices_does(const struct said *s, const struct words *w, struct mv *d)
{
	const char *v = w->tok[2];

	if (!is(v, "ON") && !is(v, "OFF"))
		return -1;
	put_bool(s->a, d, "cmd_notices", 1);
	put_bool(s->a, d, "notices_on", is(v, "ON"));
	put_bool(s->a, d, "notices_off", is(v, "OFF"));
	return 0;
}

/* What text does, or false. */
static const struct mv *
does(const struct said *s, const char *text, int masquerade)
{
	struct words w;
	struct mv *d;
	int rc;

	*s->unknown = 0;
	if (!split(text, &w) || (d = mv_obj(s->a)) == NULL)
		return mv_bool(0);
	if (w.n == 3 && is(w.tok[0], "SET") && is(w.tok[1], "LANG"))
		rc = lang_does(s, &w, d);
	else if (w.n == 3 && is(w.tok[0], "SET") && is(w.tok[1], "NOTICES"))
		rc = notices_does(s, &w, d);
	else if (w.n == 1 && is(w.tok[0], "STATUS")) {
		put_bool(s->a, d, "cmd_status", 1);
		rc = 0;
	}
	else
		rc = masquerade ? ms_does(s, &w, d) : rm_does(s, &w, d);
	return rc == 0 && !*s->unknown ? d : mv_bool(0);
}

/*
 * What the game tells the command's sender alone (the daemon's
 * "sender_note", game.h): The Red Death's MOVE sent before that a new
 * PLAY allows too few steps, with the card's name in the reader's
 * language ("card_name"); false when there is none (see the top).
 */
static void
sender_note(const struct said *s, struct mv *o, const json_t *note,
    int masquerade)
{
	const char *card = jstr(note, "card"), *name;
	struct mv *n;

	if (masquerade || !json_is_object(note) ||
	    (n = deco_copy(s->a, note, NULL)) == NULL) {
		put_bool(s->a, o, "sender_note", 0);
		return;
	}
	if (card != NULL) {
		name = rm_name(s, "action_cards", card);
		put_ref(s->a, n, "card_name", name != NULL ? name : card);
	}
	put(s->a, o, "sender_note", n);
}

/*
 * ctx's list at key, each object entry given "does" (false when it has no
 * "text": a default told to the others names no move), over decorate's
 * own entries when it made them; into root. Nothing when ctx has none.
 */
static void
deco_list(struct said *s, struct mv *root, const struct mv *data,
    const json_t *ctx, const char *key, int masquerade)
{
	const json_t *items = json_object_get(ctx, key), *c;
	const struct mv *had, *d;
	struct mv *list, *o;
	size_t i;

	if (json_array_size(items) == 0)
		return;
	/* decorate's own entry when it made one (The Masquerade's has its
	 * flags), else the context's, referred to */
	had = mv_getn(data, key, strlen(key), mv_hash(key, strlen(key)));
	list = mv_list(s->a);
	json_array_foreach(items, i, c) {
		if (!json_is_object(c)) {
			mv_push(s->a, list, mv_json(s->a, c));
			continue;
		}
		o = had != NULL && had->type == MV_LIST && i < had->u.list.n &&
		    had->u.list.v[i]->type == MV_OBJ ?
		    mv_obj_copy(s->a, had->u.list.v[i]) : deco_copy(s->a, c, NULL);
		if (o == NULL)
			break;
		s->owed = jstr(c, "owed_then");
		d = jstr(c, "text") != NULL ? does(s, jstr(c, "text"),
		    masquerade) : mv_bool(0);
		/* another player's default, told to the reader: "their
		 * dancer", not "your" (set on every command: see the top) */
		if (d->type == MV_OBJ)
			put_bool(s->a, (struct mv *)d, "them",
			    json_is_false(json_object_get(c, "player_is_me")));
		put(s->a, o, "does", d);
		sender_note(s, o, json_object_get(c, "sender_note"), masquerade);
		mv_push(s->a, list, o);
	}
	put(s->a, root, key, list);
}

const struct mv *
mq_deco_does(struct mq_arena *a, const json_t *gamedata, const char *lang,
    const char *me, int masquerade, const char *text)
{
	int unknown = 0;
	struct said s = { a, gamedata, lang != NULL ? lang : "en", me,
	    &unknown, NULL };

	return text != NULL ? does(&s, text, masquerade) : mv_bool(0);
}

const struct mv *
mq_deco_receipt(struct mq_arena *a, const struct mv *data,
    const json_t *gamedata, const char *lang, int masquerade,
    const json_t *ctx)
{
	struct mv *root;
	int unknown = 0;
	struct said s = { a, gamedata, lang != NULL ? lang : "en",
	    jstr(ctx, "player"), &unknown, NULL };

	if (data == NULL || (json_array_size(json_object_get(ctx,
	    "accepted")) == 0 && json_array_size(json_object_get(ctx,
	    "defaults")) == 0))
		return data;
	root = mv_obj_copy(a, data);
	/* the receipt's commands, and the deadline's default played for the
	 * reader (said in their words, as their own commands are) */
	deco_list(&s, root, data, ctx, "accepted", masquerade);
	deco_list(&s, root, data, ctx, "defaults", masquerade);
	return mq_arena_oom(a) ? NULL : root;
}
