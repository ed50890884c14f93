/*
 * deco_ms.c - decorate for The Masquerade: the daemon's context for a mail
 * made into the values templates/LANG/masquerade/ print.
 *
 * The engine's view and events are already plain (names, counts, lists), so
 * this is one walk over the context with four rules:
 *   - a card's id ("SP_march", "ST1", "G3", ...) as a value in the engine's
 *     parts, "view" and "events", becomes {id, name} (and vp, what a
 *     Treasure or an Emblem is worth; elsewhere a string is
 *     the daemon's or a person's words: a refused line "D1" stays the text
 *     the player wrote), and an object's own "id" (or the "spell" of a named
 *     entry: hand, tomb) sets its "name", the name in the mail's language
 *     (the card set's name_LANG, else name_en; a Guardian's, its
 *     Treasure's), and its id_ID flag (below); in the engine's lists a
 *     player's name becomes {name} (is_me for the reader's), and every
 *     entry of a list knows whether it is the "first", for separators,
 *     and one with a name its name_pad, padded to the list's widest (in
 *     columns), for the text part's columns;
 *   - an object with a word a template must phrase gets the flag KEY_WORD
 *     for it: type (events), stat (a Mask's condition), why (draw_none,
 *     no_challenge, end), outcome (result), kind (challenge, pending,
 *     the source of a draw or heal: dancer, treasure, order, stage,
 *     event, win),
 *     rule (a Stage), end (the view, once over); a card object or entry
 *     gets id_ID, its id lower-cased (id_d1, id_sp_march), for the words
 *     a template gives each card; and every non-empty list value KEY sets
 *     has_KEY, so a template can skip a heading or say "none";
 *   - an object whose "name" is the reader's gets is_me; one whose
 *     "player" (a challenge's "challenger") is, by_me; one whose "target"
 *     (a challenge's "defender") is, to_me; one whose "window", "from"
 *     (an Emblem's last holder) or "winner" is, window_me, from_me,
 *     winner_me; so a mail says "you" to its reader (not the root, whose
 *     "player" is the reader: an entry without a "player" would find the
 *     root's by_me through the template's context);
 *   - at the end, a player's score in parts ("scored", put_scored);
 *   - at the root: lang_LANG, phase_WORD, owes_WORD (or owes_nothing),
 *     over, "me": the reader's own player object from the view, "other":
 *     the first other player's name (for an example that names another),
 *     and "card_spells", "card_events", "card_orders", "card_stages" and
 *     "card_guardians": the card set's Spells (name, level, copies as
 *     count), Events, Orders, Stages (capacity) and Guardians (number,
 *     power; named by their Treasure, with its vp); a Guardian object of
 *     the view (the top one) gets its Treasure's vp too;
 *   - for the text part, the sentences wrapped (deco_wrap): a refused
 *     line's error_wrapped, and at the root the host's notice_wrapped.
 * Every value lives in the arena and refers to the context's strings or the
 * card set's, which outlive the render.
 */
#include <stdio.h>
#include <string.h>

#include "mail/decorate.h"
#include "mail/deco_util.h"

#define MAXCARDS	128

struct card_name {
	const char *id, *name;
	json_int_t vp;		/* the VP it is worth (a Guardian: its Treasure's), or -1 */
	int treasure;		/* a Guardian, named by its Treasure */
};

struct ms_deco {
	struct mq_arena *a;
	const char *me;
	int cards;		/* strings may be card ids: in view and events */
	int refused;		/* objects are refused lines: in refused */
	int ncards;
	struct card_name card[MAXCARDS];
};

/* The card set's ids and names in lang: every list of objects with an id. */
static void
gather_names(struct ms_deco *d, const json_t *gamedata, const char *lang)
{
	char key[16];
	const char *k, *id, *name;
	const json_t *list, *c, *named;
	size_t i;

	snprintf(key, sizeof(key), "name_%s", lang);
	json_object_foreach((json_t *)gamedata, k, list) {
		if (!json_is_array(list))
			continue;
		json_array_foreach(list, i, c) {
			if ((id = jstr(c, "id")) == NULL || d->ncards == MAXCARDS)
				continue;
			/* a Guardian is named by its Treasure, which it becomes */
			named = json_is_object(json_object_get(c, "treasure")) ?
			    json_object_get(c, "treasure") : c;
			if ((name = jstr(named, key)) == NULL &&
			    (name = jstr(named, "name_en")) == NULL)
				name = id;
			d->card[d->ncards].id = id;
			/* a Treasure is worth its vp, 0 if the card set says none */
			d->card[d->ncards].vp = json_is_integer(json_object_get(named,
			    "vp")) ? json_integer_value(json_object_get(named, "vp")) :
			    named != c ? 0 : -1;
			d->card[d->ncards].treasure = named != c;
			d->card[d->ncards++].name = name;
		}
	}
}

static const struct card_name *
card_of(const struct ms_deco *d, const char *id)
{
	int i;

	for (i = 0; i < d->ncards; i++)
		if (strcmp(d->card[i].id, id) == 0)
			return &d->card[i];
	return NULL;
}

static const char *
card_name(const struct ms_deco *d, const char *id)
{
	const struct card_name *c = card_of(d, id);

	return c != NULL ? c->name : NULL;
}

static const struct mv *value(struct ms_deco *d, const json_t *j);

/* The keys whose word a template phrases, and the flags' prefixes. */
static const struct {
	const char *key, *prefix;
} word_keys[] = {
	{ "type", "type_" }, { "stat", "stat_" }, { "why", "why_" },
	{ "outcome", "outcome_" }, { "kind", "kind_" }, { "rule", "rule_" },
	{ "end", "end_" },
};

/* id_ID for a card's id: flags are lower case, ids are not ("ST1"). */
static void
put_id_flag(struct mq_arena *a, struct mv *o, const char *id)
{
	char low[32];
	size_t i;

	for (i = 0; id[i] != '\0' && i + 1 < sizeof(low); i++)
		low[i] = id[i] >= 'A' && id[i] <= 'Z' ? (char)(id[i] - 'A' + 'a') :
		    id[i];
	low[i] = '\0';
	if (id[i] == '\0')
		put_flag(a, o, "id_", low, NULL);
}

/* {id, name} for a card's id, and its vp when the card set gives one: the
 * engine's view names a Treasure (an Emblem) by its id alone, and a player
 * must know what it is worth to count the scores. */
static struct mv *
card_obj(struct ms_deco *d, const char *id, const char *name)
{
	const struct card_name *c = card_of(d, id);
	struct mv *o = mv_obj(d->a);

	put_ref(d->a, o, "id", id);
	put_ref(d->a, o, "name", name);
	put_id_flag(d->a, o, id);
	if (c != NULL && c->vp >= 0)
		put(d->a, o, "vp", mv_int(d->a, c->vp));
	return o;
}

/* The VP of each card whose id is in the list ids, added to *sum; 0 when
 * one is not a card the card set gives a vp. */
static int
add_vp(const struct ms_deco *d, const json_t *ids, json_int_t *sum)
{
	const struct card_name *c;
	const json_t *v;
	size_t i;

	json_array_foreach(ids, i, v) {
		if (!json_is_string(v) ||
		    (c = card_of(d, json_string_value(v))) == NULL || c->vp < 0)
			return 0;
		*sum += c->vp;
	}
	return 1;
}

/*
 * At the end, a player's score in parts, "scored": mask_vp (what the Mask
 * gave), mask_met (it gave its VP) and counters_vp (1 per counter, when
 * any): the view gives the total, the Emblems and Treasures (whose VP the
 * card set says) and the counters, so the Mask's part is what is left.
 * It is given only when that adds up (0, or the held Mask's VP), so a mail
 * never shows parts that do not make the total.
 */
static void
put_scored(struct ms_deco *d, struct mv *o, const json_t *j)
{
	const json_t *score = json_object_get(j, "score"),
	    *mask = json_object_get(j, "mask_dealt"),
	    *counters = json_object_get(j, "counters"), *mvp;
	json_int_t parts, left;
	struct mv *s;
	int held;

	if (!json_is_integer(score) || !json_is_object(mask) ||
	    !json_is_integer(counters) || json_integer_value(counters) < 0 ||
	    !json_is_integer(mvp = json_object_get(mask, "vp")))
		return;
	parts = json_integer_value(counters);
	if (!add_vp(d, json_object_get(j, "emblems"), &parts) ||
	    !add_vp(d, json_object_get(j, "treasures"), &parts))
		return;
	left = json_integer_value(score) - parts;
	held = json_is_null(json_object_get(j, "mask_revealed")) ||
	    json_object_get(j, "mask_revealed") == NULL;
	if (left != 0 && !(held && left == json_integer_value(mvp)))
		return;
	if ((s = mv_obj(d->a)) == NULL)
		return;
	put(d->a, s, "mask_vp", mv_int(d->a, left));
	put_bool(d->a, s, "mask_met", left > 0);
	if (json_integer_value(counters) > 0)
		put(d->a, s, "counters_vp", mv_int(d->a,
		    json_integer_value(counters)));
	put(d->a, o, "scored", s);
}

/*
 * b told with a, the line before it: the same player's draw again, by the
 * same card (the Spell's name aside: only its owner's events hold it, and
 * the owner's all do), or their "could not draw" again, said once. Other events that
 * read alike (two PLAYs of one Spell) are each a move, and stay lines.
 */
static int
told_with(const json_t *a, const json_t *b)
{
	const char *t = jstr(a, "type");

	if (t == NULL || !jeq(t, jstr(b, "type")) ||
	    jstr(a, "player") == NULL ||
	    !jeq(jstr(a, "player"), jstr(b, "player")))
		return 0;
	/* a draw of another card (the Order's, then the Stage's) is a line
	 * of its own: each names its card */
	if (jeq(t, "draw"))
		return json_object_size(a) == json_object_size(b) &&
		    (json_object_get(a, "spell") == NULL) ==
		    (json_object_get(b, "spell") == NULL) &&
		    (json_object_get(a, "source") == NULL ?
		    json_object_get(b, "source") == NULL :
		    json_equal(json_object_get(a, "source"),
		    json_object_get(b, "source")));
	return jeq(t, "draw_none") && json_equal(a, b);
}

static struct mv *object(struct ms_deco *d, const json_t *j, int root);

/*
 * Whether o's list k is a side's power in parts that only repeats its
 * power: one part, the power itself, no life 0 to tell. The mail gives no
 * parts then ("the Guardian 2 (printed 2)", "you 4 (Eternal Prisoner 4)"
 * said it twice).
 */
static int
parts_repeat_power(const json_t *o, const char *k, const json_t *v)
{
	static const char *const sides[][2] = {
		{ "challenger_parts", "challenger_power" },
		{ "defender_parts", "defender_power" },
		{ "parts", "power" }, { "target_parts", "target_power" },
	};
	const json_t *part = json_array_get(v, 0), *power;
	size_t i;

	if (json_array_size(v) != 1 || !json_is_object(part))
		return 0;
	for (i = 0; i < sizeof(sides) / sizeof(sides[0]); i++)
		if (strcmp(k, sides[i][0]) == 0) {
			power = json_object_get(o, sides[i][1]);
			return json_is_integer(power) &&
			    json_is_integer(json_object_get(part, "n")) &&
			    json_integer_value(json_object_get(part, "n")) ==
			    json_integer_value(power) &&
			    !json_is_true(json_object_get(part, "life_zero"));
		}
	return 0;
}

/*
 * A list of events (the journal's "events", the view's "recap"), each
 * run of told_with given as its first: a run of draws with its "count",
 * "many" (more than one) and "drawn", the Spells' names when the events
 * hold them ("kenji drew 3 Spells.", "You drew 2 Spells: March, Waltz.");
 * a run of "could not draw", once. Every draw has "many" and "drawn" set
 * (see value's lists), so none reads the root's.
 */
static struct mv *
events_list(struct ms_deco *d, const json_t *j)
{
	struct mv *l = mv_list(d->a), *o, *drawn, *c;
	const json_t *v, *w;
	size_t i, k, n = 0;

	if (l == NULL)
		return NULL;
	for (i = 0; i < json_array_size(j); i = k) {
		v = json_array_get(j, i);
		for (k = i + 1; json_is_object(v) && k < json_array_size(j) &&
		    told_with(v, json_array_get(j, k)); k++)
			;
		if (!json_is_object(v)) {
			mv_push(d->a, l, value(d, v));
			n++;
			continue;
		}
		if ((o = object(d, v, 0)) == NULL)
			return NULL;
		put_bool(d->a, o, "first", n++ == 0);
		if (jeq(jstr(v, "type"), "draw")) {
			put_bool(d->a, o, "many", k - i > 1);
			put(d->a, o, "count", mv_int(d->a, (json_int_t)(k - i)));
			drawn = mv_list(d->a);
			for (; i < k; i++) {
				w = json_object_get(json_array_get(j, i), "spell");
				if (!json_is_string(w) ||
				    (c = mv_obj_copy(d->a, value(d, w))) == NULL)
					continue;
				put_bool(d->a, c, "first", mv_size(drawn) == 0);
				mv_push(d->a, drawn, c);
			}
			put(d->a, o, "drawn", drawn);
		}
		mv_push(d->a, l, o);
	}
	return l;
}

/* The object j; root: the context itself (see the rules above). */
static struct mv *
object(struct ms_deco *d, const json_t *j, int root)
{
	struct mv *o = mv_obj(d->a);
	const char *k, *name, *own;
	const json_t *v;
	size_t i;

	if (o == NULL)
		return NULL;
	json_object_foreach((json_t *)j, k, v) {
		size_t len = json_object_iter_key_len(json_object_key_to_iter(k));

		if (root) {
			d->cards = strcmp(k, "view") == 0 || strcmp(k, "events") == 0;
			d->refused = strcmp(k, "refused") == 0 ||
			    strcmp(k, "not_needed") == 0;
		}
		/* the object's own id stays a word; a list of events tells a
		 * run of draws once */
		mv_add(d->a, o, k, len, mv_hash(k, len), strcmp(k, "id") == 0 &&
		    json_is_string(v) ? mv_str_ref(d->a, json_string_value(v)) :
		    d->cards && json_is_array(v) && (strcmp(k, "events") == 0 ||
		    strcmp(k, "recap") == 0) ? events_list(d, v) : value(d, v));
		if (json_array_size(v) > 0 && !parts_repeat_power(j, k, v))
			put_flag(d->a, o, "has_", k, NULL);
	}
	/* a card's entry (hand, tomb, ...): its name in the mail's language,
	 * and its id flag, for the words a template gives the card (a Spell
	 * of a hand: what it does) */
	own = jstr(j, "id") != NULL ? jstr(j, "id") : jstr(j, "spell");
	if (own != NULL && (jstr(j, "id") != NULL ||
	    json_object_get(j, "name") != NULL) &&
	    (name = card_name(d, own)) != NULL) {
		put_ref(d->a, o, "name", name);
		put_id_flag(d->a, o, own);
		/* the top Guardian: the Treasure it gives is named, and told
		 * what it is worth */
		if (card_of(d, own)->treasure && json_object_get(j, "vp") == NULL)
			put(d->a, o, "vp", mv_int(d->a, card_of(d, own)->vp));
	}
	for (i = 0; i < sizeof(word_keys) / sizeof(word_keys[0]); i++)
		put_flag(d->a, o, word_keys[i].prefix, jstr(j, word_keys[i].key),
		    NULL);
	/* a life lost from 0: none (Divine Judgement on a dancer at 0) */
	if (jeq(jstr(j, "type"), "life") &&
	    json_integer_value(json_object_get(j, "from")) == 0 &&
	    json_integer_value(json_object_get(j, "to")) == 0)
		put_bool(d->a, o, "no_life_lost", 1);
	/* "the tomb's one Spell was", not "1 Spells were" */
	if (jeq(jstr(j, "type"), "renew") &&
	    json_integer_value(json_object_get(j, "cards")) == 1)
		put_bool(d->a, o, "one_card", 1);
	/* a refused line's sentence, wrapped for the text part (under its
	 * line, indented), its Japanese and Chinese words kept whole */
	if (d->refused && !root && jstr(j, "error") != NULL)
		put(d->a, o, "error_wrapped", deco_wrap_sentence(d->a,
		    jstr(j, "error"), 74, "    "));
	if (d->me != NULL && !root) {
		if (own == NULL && jeq(jstr(j, "name"), d->me))
			put_bool(d->a, o, "is_me", 1);
		/* a challenge's challenger is its player, the defender its
		 * target */
		if (jeq(jstr(j, "player"), d->me) ||
		    jeq(jstr(j, "challenger"), d->me))
			put_bool(d->a, o, "by_me", 1);
		if (jeq(jstr(j, "target"), d->me) ||
		    jeq(jstr(j, "defender"), d->me))
			put_bool(d->a, o, "to_me", 1);
		if (jeq(jstr(j, "window"), d->me))
			put_bool(d->a, o, "window_me", 1);
		if (jeq(jstr(j, "from"), d->me))	/* an Emblem taken */
			put_bool(d->a, o, "from_me", 1);
		if (jeq(jstr(j, "winner"), d->me))
			put_bool(d->a, o, "winner_me", 1);
	}
	if (d->cards && !root)
		put_scored(d, o, j);
	return o;
}

/* A string of the engine's lists as an entry: a card's id its card, a
 * player's name {name} (is_me for the reader), so that each knows whether
 * it is the first ("bob, carol" in a Stage's dancers). */
static struct mv *
entry(struct ms_deco *d, const char *s)
{
	const char *name = card_name(d, s);
	struct mv *o;

	if (name != NULL)
		return card_obj(d, s, name);
	if ((o = mv_obj(d->a)) == NULL)
		return NULL;
	put_ref(d->a, o, "name", s);
	if (jeq(s, d->me))
		put_bool(d->a, o, "is_me", 1);
	return o;
}

/*
 * In a list of the view's, each entry with a name gets name_pad: its name
 * followed by spaces up to the widest name of the list, in columns (a
 * Chinese or Japanese character takes two), so that what a text part's
 * line sets after it starts in one column ("DANCER 吟游诗人   （力量 2）"
 * under "DANCER 剑舞姬     （力量 3）").
 */
static void
put_name_pads(struct ms_deco *d, const struct mv *l)
{
	uint32_t h = mv_hash("name", 4);
	const struct mv *n;
	size_t i;
	int w = 0, k;

	for (i = 0; i < l->u.list.n; i++)
		if ((n = mv_getn(l->u.list.v[i], "name", 4, h)) != NULL &&
		    n->type == MV_STR && (k = deco_width(n->u.str.s)) > w)
			w = k;
	for (i = 0; i < l->u.list.n && w > 0; i++)
		if ((n = mv_getn(l->u.list.v[i], "name", 4, h)) != NULL &&
		    n->type == MV_STR)
			/* the entries are this list's own, made just now */
			put(d->a, (struct mv *)l->u.list.v[i], "name_pad",
			    deco_pad(d->a, n->u.str.s, w));
}

static const struct mv *
value(struct ms_deco *d, const json_t *j)
{
	const char *name;
	struct mv *l;
	const json_t *v;
	size_t i;

	switch (json_typeof(j)) {
	case JSON_OBJECT:
		return object(d, j, 0);
	case JSON_ARRAY:
		if ((l = mv_list(d->a)) == NULL)
			return NULL;
		json_array_foreach(j, i, v) {
			struct mv *o;

			if (json_is_object(v))
				o = object(d, v, 0);
			else if (json_is_string(v) && d->cards)
				o = entry(d, json_string_value(v));
			else {
				mv_push(d->a, l, value(d, v));
				continue;
			}
			/* "first": a list's separator goes before the others */
			if (o != NULL)
				put_bool(d->a, o, "first", i == 0);
			mv_push(d->a, l, o);
		}
		if (d->cards)
			put_name_pads(d, l);
		return l;
	case JSON_STRING:
		if (d->cards &&
		    (name = card_name(d, json_string_value(j))) != NULL)
			return card_obj(d, json_string_value(j), name);
		return mv_str_ref(d->a, json_string_value(j));
	case JSON_INTEGER:
		return mv_int(d->a, json_integer_value(j));
	case JSON_TRUE:
		return mv_bool(1);
	case JSON_FALSE:
		return mv_bool(0);
	default:
		return mv_null();
	}
}

/* The card set's cards of a kind ("spells", "events"), each {id, name},
 * a Spell with its level and count (its copies), a Stage its capacity, a
 * Guardian its number and power (and its Treasure's vp): the commands'
 * lists of what each card does (the card set is public). */
static struct mv *
card_list(struct ms_deco *d, const json_t *gamedata, const char *key)
{
	struct mv *l = mv_list(d->a), *o;
	const json_t *c, *n;
	const char *id, *name;
	size_t i;

	if (l == NULL)
		return NULL;
	json_array_foreach(json_object_get(gamedata, key), i, c) {
		if ((id = jstr(c, "id")) == NULL ||
		    (name = card_name(d, id)) == NULL ||
		    (o = card_obj(d, id, name)) == NULL)
			continue;
		if (json_is_integer(n = json_object_get(c, "level")))
			put(d->a, o, "level", mv_int(d->a, json_integer_value(n)));
		if (json_is_integer(n = json_object_get(c, "copies")))
			put(d->a, o, "count", mv_int(d->a, json_integer_value(n)));
		if (json_is_integer(n = json_object_get(c, "capacity")))
			put(d->a, o, "capacity", mv_int(d->a,
			    json_integer_value(n)));
		if (json_is_integer(n = json_object_get(c, "number")))
			put(d->a, o, "number", mv_int(d->a, json_integer_value(n)));
		if (json_is_integer(n = json_object_get(c, "power")))
			put(d->a, o, "power", mv_int(d->a, json_integer_value(n)));
		mv_push(d->a, l, o);
	}
	return l;
}

/*
 * A receipt lists the lines of the mail in their order, but a refused line
 * that a later line put right (its "corrected_by_line") came after the
 * line that replaced it: the accepted ones are listed first. Such a line
 * is listed again as the "put_right" of the line that replaced it (an
 * accepted one, or one received already), just before it, and marked
 * "listed_above" where the refused ones are, for the template to skip.
 */
static void
put_right_in_order(struct ms_deco *d, struct mv *out, const json_t *ctx)
{
	static const char *const lists[] = { "accepted", "already" };
	const json_t *refused = json_object_get(ctx, "refused"), *r, *e;
	const struct mv *rl = mv_getn(out, "refused", 7, mv_hash("refused", 7));
	size_t i, j, k;

	if (rl == NULL || rl->type != MV_LIST ||
	    rl->u.list.n != json_array_size(refused))
		return;
	json_array_foreach(refused, i, r) {
		json_int_t by = json_integer_value(json_object_get(r,
		    "corrected_by_line")), line = json_integer_value(
		    json_object_get(r, "line"));
		int found = 0;

		if (by <= 0 || rl->u.list.v[i]->type != MV_OBJ)
			continue;
		for (k = 0; k < sizeof(lists) / sizeof(lists[0]) && !found; k++) {
			size_t len = strlen(lists[k]);
			const struct mv *l = mv_getn(out, lists[k], len,
			    mv_hash(lists[k], len));

			json_array_foreach(json_object_get(ctx, lists[k]), j, e) {
				if (l == NULL || l->type != MV_LIST ||
				    j >= l->u.list.n ||
				    l->u.list.v[j]->type != MV_OBJ)
					break;
				if (json_integer_value(json_object_get(e,
				    "line")) != by || json_integer_value(
				    json_object_get(e, "corrects_line")) != line)
					continue;
				/* the lists' entries are this decoration's own */
				put(d->a, (struct mv *)l->u.list.v[j], "put_right",
				    rl->u.list.v[i]);
				found = 1;
				break;
			}
		}
		if (found)
			put_bool(d->a, (struct mv *)rl->u.list.v[i],
			    "listed_above", 1);
	}
}

const struct mv *
mq_deco_ms_decorate(struct mq_arena *a, const json_t *gamedata,
    const char *lang, const json_t *ctx)
{
	struct ms_deco d;
	struct mv *out;
	const json_t *view = json_object_get(ctx, "view"), *p;
	const char *owed, *phase, *other = NULL;
	size_t i;

	memset(&d, 0, sizeof(d));
	d.a = a;
	d.me = jstr(ctx, "player");
	gather_names(&d, gamedata, lang);
	if (!json_is_object(ctx) || (out = object(&d, ctx, 1)) == NULL)
		return NULL;
	put_right_in_order(&d, out, ctx);	/* a receipt's lines in order */
	put_flag(a, out, "lang_", lang, NULL);
	put_ref(a, out, "lang", lang);
	if (jstr(ctx, "notice") != NULL)	/* the host's, wrapped */
		put(a, out, "notice_wrapped", deco_wrap_sentence(a,
		    jstr(ctx, "notice"),
		    76, ""));
	if ((phase = jstr(view, "phase")) != NULL) {
		put_flag(a, out, "phase_", phase, NULL);
		put_bool(a, out, "over", jeq(phase, "over"));
	}
	put(a, out, "card_spells", card_list(&d, gamedata, "spells"));
	put(a, out, "card_events", card_list(&d, gamedata, "events"));
	put(a, out, "card_orders", card_list(&d, gamedata, "orders"));
	put(a, out, "card_stages", card_list(&d, gamedata, "stages"));
	put(a, out, "card_guardians", card_list(&d, gamedata, "guardians"));
	put(a, out, "sig_lines", deco_sig_lines(a, ctx));	/* deco_util.h */
	owed = jstr(ctx, "owed");
	put_flag(a, out, "owes_", owed, NULL);
	put_bool(a, out, "owes_nothing", owed == NULL);
	d.cards = 1;	/* "me" is the view's */
	json_array_foreach(json_object_get(view, "players"), i, p) {
		if (d.me != NULL && jeq(jstr(p, "name"), d.me))
			put(a, out, "me", object(&d, p, 0));
		/* an example's other player: the reader cannot name themself */
		else if (d.me != NULL && other == NULL && jstr(p, "name") != NULL)
			put_ref(a, out, "other", other = jstr(p, "name"));
	}
	return mq_arena_oom(a) ? NULL : out;
}
