/*
 * ms_text.c - The Masquerade told in plain English for the host's command
 * line: a view as text (`view`, `state`), what only the host sees, and a
 * line per event (`state`, `replay`). Mail uses the templates instead.
 * Cards the view gives by id are named from the card set, in English.
 */
#include <stdio.h>
#include <string.h>

#include "daemon/ms_text.h"

static const char *
s(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));

	return v != NULL ? v : "-";
}

static long long
n(const json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

/* A card id's English name in the card set (a Guardian's: its Treasure's). */
static const char *
card_name(const json_t *cards, const char *id)
{
	const char *k, *name;
	const json_t *list, *c;
	size_t i;

	json_object_foreach((json_t *)cards, k, list)
		json_array_foreach(list, i, c)
			if (json_is_object(c) && json_string_value(json_object_get(c,
			    "id")) != NULL && strcmp(s(c, "id"), id) == 0) {
				if (json_is_object(json_object_get(c, "treasure")))
					c = json_object_get(c, "treasure");
				name = json_string_value(json_object_get(c, "name_en"));
				return name != NULL ? name : id;
			}
	return strncmp(id, "SP_", 3) == 0 ? id + 3 : id;
}

/* A card: its name if the value has one, else named from its id. */
static const char *
card(const json_t *cards, const json_t *v)
{
	const char *id;

	if (json_is_object(v)) {
		if (json_object_get(v, "name"))
			return s(v, "name");
		v = json_object_get(v, "id");
	}
	if ((id = json_string_value(v)) == NULL)
		return "-";
	return card_name(cards, id);
}

/*
 * The Guardians' English names, which the card set does not give (it has
 * name_ja alone), said beside the number: the mails' own, from
 * templates/en/masquerade/_guardian_name.mustache, which
 * tests/unit/test_ms_text.c checks this table against.
 */
static const struct {
	const char *id, *name;
} guardian_en[] = {
	{ "G1", "the Stone Sentinel" }, { "G2", "the Great Serpent" },
	{ "G3", "the Dark Knight" }, { "G4", "the Fire Spirit" },
	{ "G5", "the Two-Headed Wolf" }, { "G6", "the Witch" },
	{ "G7", "the Giant" }, { "G8", "the Dragon" },
};

const char *
mq_ms_guardian_name(const char *id)
{
	size_t i;

	for (i = 0; id != NULL && i < sizeof(guardian_en) /
	    sizeof(guardian_en[0]); i++)
		if (strcmp(guardian_en[i].id, id) == 0)
			return guardian_en[i].name;
	return NULL;
}

/* "3, the Dark Knight (power 2)" of a Guardian {id, number, power}: its
 * number, and its English name when it has one, as the mails say it. */
static void
guardian(const json_t *g, struct mq_buf *out)
{
	const char *name = mq_ms_guardian_name(json_string_value(
	    json_object_get(g, "id")));

	mq_buf_printf(out, "%lld%s%s (power %lld)", n(g, "number"),
	    name != NULL ? ", " : "", name != NULL ? name : "", n(g, "power"));
}

/* "march x2, waltz" of a list of {spell, name, count}. */
static void
spells(const json_t *gd, const json_t *list, struct mq_buf *out)
{
	const json_t *x;
	size_t i;

	if (json_array_size(list) == 0)
		mq_buf_puts(out, "none");
	json_array_foreach(list, i, x) {
		mq_buf_printf(out, "%s%s", i ? ", " : "", json_object_get(x, "name") ?
		    s(x, "name") : card(gd, json_object_get(x, "spell")));
		if (n(x, "count") > 1)
			mq_buf_printf(out, " x%lld", n(x, "count"));
	}
}

/* " It falls on the VP leaders: alice, bob (3 VP)." of an Event's
 * leaders and leader_vp, or that nobody leads. */
static void
leaders(const json_t *e, struct mq_buf *out)
{
	const json_t *l = json_object_get(e, "leaders"), *x;
	size_t i;

	if (json_array_size(l) == 0) {
		mq_buf_puts(out, " Nobody leads in VP (all have 0), so it falls "
		    "on nobody.");
		return;
	}
	mq_buf_puts(out, " It falls on the VP leaders:");
	json_array_foreach(l, i, x)
		mq_buf_printf(out, "%s%s", i ? ", " : " ", json_string_value(x) ?
		    json_string_value(x) : "?");
	mq_buf_printf(out, " (%lld VP).", n(e, "leader_vp"));
}

/*
 * " (their Order, Lead 2)" of a draw's or heal's source, as the mails say
 * it (templates/en/masquerade/_event_txt.mustache): what drew the Spell
 * (a Stage, an Order, a Treasure, a Dancer, an Event, a fight won, with
 * the Spell that drew more then, Symphony); nothing if it has none.
 */
static void
source(const json_t *gd, const json_t *e, struct mq_buf *out)
{
	const json_t *src = json_object_get(e, "source");
	const json_t *c = json_object_get(src, "card");
	const char *k = s(src, "kind");

	if (!json_is_object(src))
		return;
	if (!strcmp(k, "win")) {
		mq_buf_puts(out, " (for winning the fight");
		if (json_is_string(c))
			mq_buf_printf(out, ", with %s", card(gd, c));
		mq_buf_putc(out, ')');
	} else if (!json_is_string(c))
		return;
	else if (!strcmp(k, "stage"))
		mq_buf_printf(out, " (the %s)", card(gd, c));
	else if (!strcmp(k, "order"))
		mq_buf_printf(out, " (their Order, %s)", card(gd, c));
	else if (!strcmp(k, "treasure"))
		mq_buf_printf(out, " (their Treasure, %s)", card(gd, c));
	else if (!strcmp(k, "dancer"))
		mq_buf_printf(out, " (their Dancer, the %s)", card(gd, c));
	else if (!strcmp(k, "event"))
		mq_buf_printf(out, " (the Event %s)", card(gd, c));
}

/*
 * "bob 4 (Blade Dancer 3, March +1)" of one side of a fight's result: its
 * power in parts as the mails give them (_power_parts_txt.mustache), and a
 * side at 0 life, whose printed power counted 0, says so ("1 against 3"
 * told nobody why). A result without parts gives the total alone, and so
 * does a side whose one part is its power.
 */
static void
fight_side(const json_t *gd, const json_t *e, const char *who,
    const char *power, const char *parts, const char *life_zero,
    struct mq_buf *out)
{
	const json_t *l = json_object_get(e, parts), *x;
	const char *k;
	size_t i;
	int zero = json_is_true(json_object_get(e, life_zero));

	mq_buf_printf(out, "%s %lld", who, n(e, power));
	/* one part, the power itself, no life 0: said once, as the mails do
	 * ("the Guardian 2 (printed 2)" said it twice) */
	x = json_array_get(l, 0);
	if (json_array_size(l) == 0 || (json_array_size(l) == 1 &&
	    n(x, "n") == n(e, power) && !json_is_true(json_object_get(x,
	    "life_zero")))) {
		if (zero)
			mq_buf_puts(out, " (life 0: printed power counts 0)");
		return;
	}
	mq_buf_puts(out, " (");
	json_array_foreach(l, i, x) {
		k = s(x, "kind");
		if (i > 0)
			mq_buf_puts(out, ", ");
		if (!strcmp(k, "guardian"))
			mq_buf_puts(out, "printed");
		else if (!strcmp(k, "ability"))
			mq_buf_puts(out, "ability");
		else if (!strcmp(k, "order"))
			mq_buf_printf(out, "Order %lld", n(x, "number"));
		else if (!strcmp(k, "mask"))
			mq_buf_puts(out, "Mask");
		else if (!strcmp(k, "flip"))
			mq_buf_printf(out, "turned up %s", card(gd, x));
		else
			mq_buf_puts(out, card(gd, x));
		mq_buf_printf(out, " %s%lld", json_is_true(json_object_get(x,
		    "plus")) ? "+" : "", n(x, "n"));
	}
	if (zero)
		mq_buf_puts(out, "; life 0: printed power counts 0");
	mq_buf_putc(out, ')');
}

/*
 * "  bob 4 (Blade Dancer 3, March +1) against the Guardian 5 (printed 2,
 * turned up Rhapsody +3): the Guardian wins and stays on top, bob loses."
 * of a fight's result: each side's power in its parts, as the players'
 * mails give them, and who wins and who loses, or that nobody does.
 */
static void
result(const json_t *gd, const json_t *e, struct mq_buf *out)
{
	const char *p = s(e, "player"), *o = s(e, "outcome");
	const char *tg = json_string_value(json_object_get(e, "target"));
	const char *foe = tg != NULL ? tg : "the Guardian";

	mq_buf_puts(out, "  ");
	fight_side(gd, e, p, "power", "parts", "life_zero", out);
	mq_buf_puts(out, " against ");
	fight_side(gd, e, foe, "target_power", "target_parts",
	    "target_life_zero", out);
	if (!strcmp(o, "tie")) {
		mq_buf_puts(out, ": a tie");
		if (json_is_string(json_object_get(e, "tie_spell")))
			mq_buf_printf(out, ", by %s", card(gd,
			    json_object_get(e, "tie_spell")));
		mq_buf_printf(out, ", nobody wins or loses%s.", tg == NULL ?
		    ", and the Guardian stays on top" : "");
	} else if (!strcmp(o, "win"))
		mq_buf_printf(out, ": %s wins, %s loses.", p, foe);
	else
		mq_buf_printf(out, ": %s wins%s, %s loses.", foe, tg == NULL ?
		    " and stays on top" : "", p);
}

static void
one(const json_t *gd, const json_t *e, struct mq_buf *out)
{
	const char *t = s(e, "type"), *p = s(e, "player");

	if (!strcmp(t, "turn"))
		mq_buf_printf(out, "\n--- turn %lld ---", n(e, "turn"));
	else if (!strcmp(t, "dancer"))
		mq_buf_printf(out, "%s dances as the %s.", p,
		    card(gd, json_object_get(e, "dancer")));
	else if (!strcmp(t, "order"))
		/* "only": the game gave it, the one left they could take (their own
		 * last Order may be left too); nobody chose it */
		mq_buf_printf(out, json_is_true(json_object_get(e, "only")) ?
		    "%s takes Order %lld, the only one they could take." :
		    "%s chooses Order %lld.", p, n(e, "order"));
	else if (!strcmp(t, "stage"))
		mq_buf_printf(out, json_is_true(json_object_get(e, "only")) ?
		    "%s goes to %s, the only Stage with room." : "%s goes to %s.",
		    p, card(gd, json_object_get(e, "stage")));
	else if (!strcmp(t, "draw")) {
		mq_buf_printf(out, "  %s draws %s", p, json_object_get(e, "spell") ?
		    card(gd, json_object_get(e, "spell")) : "a Spell");
		source(gd, e, out);
		mq_buf_putc(out, '.');
	} else if (!strcmp(t, "draw_none")) {
		mq_buf_printf(out, "  %s draws nothing", p);
		source(gd, e, out);
		mq_buf_printf(out, ": %s.", !strcmp(s(e, "why"), "hand_full") ?
		    "hand full" : "deck empty");
	} else if (!strcmp(t, "life") && n(e, "from") == 0 && n(e, "to") == 0)
		mq_buf_printf(out, "  %s has no life left to lose.", p);
	else if (!strcmp(t, "heal")) {
		/* healed or hurt, as the mails tell them apart; and why */
		mq_buf_printf(out, "  %s heals", p);
		source(gd, e, out);
		mq_buf_printf(out, ": life %lld -> %lld.", n(e, "from"),
		    n(e, "to"));
	} else if (!strcmp(t, "life"))
		mq_buf_printf(out, "  %s loses life: %lld -> %lld.", p,
		    n(e, "from"), n(e, "to"));
	else if (!strcmp(t, "play")) {
		mq_buf_printf(out, "%s plays %s", p, card(gd, json_object_get(e, "spell")));
		if (json_array_size(json_object_get(e, "paid")) > 0) {
			mq_buf_puts(out, ", paying ");
			spells(gd, json_object_get(e, "paid"), out);
		}
		if (json_string_value(json_object_get(e, "target")))
			mq_buf_printf(out, ", on %s", s(e, "target"));
		mq_buf_putc(out, '.');
	} else if (!strcmp(t, "renew"))
		mq_buf_printf(out, "  The deck ran out (%lld so far): the tomb's %lld "
		    "Spell%s shuffled into a new one.", n(e, "runouts"),
		    n(e, "cards"), n(e, "cards") == 1 ? " is" : "s are");
	else if (!strcmp(t, "run_out"))
		mq_buf_printf(out, "  The deck ran out (%lld so far), the tomb empty.",
		    n(e, "runouts"));
	else if (!strcmp(t, "challenge")) {
		if (json_string_value(json_object_get(e, "target")))
			mq_buf_printf(out, "%s challenges %s (%s).", p, s(e, "target"),
			    s(e, "kind"));
		else {
			mq_buf_printf(out, "%s challenges Guardian ", p);
			guardian(json_object_get(e, "guardian"), out);
			mq_buf_puts(out, " in the Tower.");
		}
	} else if (!strcmp(t, "mask"))
		mq_buf_printf(out, "  %s reveals the %s for power.", p,
		    card(gd, json_object_get(e, "mask")));
	else if (!strcmp(t, "flip"))
		mq_buf_printf(out, "  The Guardian turns up %s (+%lld).",
		    card(gd, json_object_get(e, "spell")), n(e, "level"));
	else if (!strcmp(t, "result"))
		result(gd, e, out);
	else if (!strcmp(t, "treasure"))
		mq_buf_printf(out, "  %s takes the Treasure %s.", p,
		    card(gd, json_object_get(e, "treasure")));
	else if (!strcmp(t, "steal"))
		mq_buf_printf(out, "  %s steals %s from %s.", p,
		    json_object_get(e, "spell") ? card(gd, json_object_get(e, "spell")) :
		    "a Spell", s(e, "target"));
	else if (!strcmp(t, "bank"))
		mq_buf_printf(out, "  %s banks %s as a VP counter.", p,
		    json_object_get(e, "spell") ? card(gd, json_object_get(e, "spell")) :
		    "a Spell");
	else if (!strcmp(t, "discard")) {
		mq_buf_printf(out, "  %s discards ", p);
		spells(gd, json_object_get(e, "spells"), out);
		mq_buf_putc(out, '.');
	} else if (!strcmp(t, "receive")) {
		mq_buf_printf(out, "  %s receives %lld Spell(s) and keeps %lld", p,
		    n(e, "received"), n(e, "kept"));
		/* the rest went to the tomb, as the mails say ("keeps 0"
		 * said not where the Spell went) */
		if (n(e, "to_tomb") > 0)
			mq_buf_printf(out, "; %lld went to the Spell tomb%s",
			    n(e, "to_tomb"), json_is_true(json_object_get(e,
			    "no_room")) ? " (their hand had no room)" : "");
		mq_buf_putc(out, '.');
	} else if (!strcmp(t, "event")) {
		mq_buf_printf(out, "%s, the prophet, chooses %s.", p,
		    card(gd, json_object_get(e, "event")));
		/* an Event on the VP leaders (Divine Judgement): whom it falls
		 * on, as the mails say */
		if (json_is_true(json_object_get(e, "on_leaders")))
			leaders(e, out);
	} else if (!strcmp(t, "swap"))
		mq_buf_printf(out, "  %s's %s becomes the %s.", s(e, "target"),
		    card(gd, json_object_get(e, "from")), card(gd, json_object_get(e, "to")));
	else if (!strcmp(t, "emblem"))
		mq_buf_printf(out, "  %s takes the %s%s%s.", p,
		    card(gd, json_object_get(e, "emblem")),
		    json_string_value(json_object_get(e, "from")) ? " from " : "",
		    json_string_value(json_object_get(e, "from")) ? s(e, "from") : "");
	else if (!strcmp(t, "no_challenge"))
		mq_buf_printf(out, "  %s's dancer does not challenge (%s).", p,
		    s(e, "why"));
	else if (!strcmp(t, "end"))
		mq_buf_printf(out, "\nThe game ends: %s.", !strcmp(s(e, "why"),
		    "guardians") ? "no Guardian is left" : !strcmp(s(e, "why"),
		    "events") ? "no Event is left" : "the deck has run out for "
		    "every player");
	else if (!strcmp(t, "score"))
		mq_buf_printf(out, "  %s scores %lld (the %s: %lld).", p, n(e, "score"),
		    card(gd, json_object_get(e, "mask")), n(e, "mask_vp"));
	else if (!strcmp(t, "winner"))
		mq_buf_printf(out, "%s wins with %lld VP.", p, n(e, "score"));
	else if (!strcmp(t, "pass"))
		mq_buf_printf(out, "  %s passes: no more Spells this Spell phase%s.",
		    p, json_is_true(json_object_get(e, "none_playable")) ?
		    " (none could be played)" : "");
	else
		mq_buf_printf(out, "(%s)", t);
	mq_buf_putc(out, '\n');
}

/* Whether two values are alike, or both missing. */
static int
same_or_none(const json_t *a, const json_t *b)
{
	return a == NULL || b == NULL ? a == b : json_equal(a, b);
}

/*
 * How many events from i on one line tells: a run of one player's draws
 * by one source (all naming their Spell, or none), or of the same "draws
 * nothing"; 1
 * for any other event, each a line. replay and state give one entry's
 * list, so a run there never joins two entries' draws (the demo's story
 * of many entries tells no entry apart).
 */
static size_t
run_of(const json_t *events, size_t i)
{
	const json_t *a = json_array_get(events, i), *b;
	const char *t = s(a, "type"), *p = s(a, "player");
	size_t k;

	if ((strcmp(t, "draw") != 0 && strcmp(t, "draw_none") != 0) ||
	    !json_is_string(json_object_get(a, "player")))
		return 1;
	for (k = i + 1; k < json_array_size(events); k++) {
		b = json_array_get(events, k);
		if (strcmp(s(b, "type"), t) != 0 || strcmp(s(b, "player"), p) != 0)
			break;
		if (t[4] == '\0' ? (json_object_get(a, "spell") == NULL) !=
		    (json_object_get(b, "spell") == NULL) : !json_equal(a, b))
			break;
		/* a draw of another source is a line of its own (the
		 * Order's, then the Stage's), as in the mails */
		if (!same_or_none(json_object_get(a, "source"),
		    json_object_get(b, "source")))
			break;
	}
	return k - i;
}

/*
 * A run of k draws from i told once, as the mails tell it (deco_ms.c),
 * every Spell still named, in the order drawn, and by what: "  bob draws
 * 3 Spells (the Library): Concerto, March, Rhapsody."; "  alice draws
 * nothing 2 times: hand full."
 */
static void
run(const json_t *gd, const json_t *events, size_t i, size_t k,
    struct mq_buf *out)
{
	const json_t *a = json_array_get(events, i);
	size_t j;

	if (strcmp(s(a, "type"), "draw_none") == 0)
	{
		mq_buf_printf(out, "  %s draws nothing %zu times", s(a, "player"),
		    k);
		source(gd, a, out);
		mq_buf_printf(out, ": %s.\n", !strcmp(s(a, "why"), "hand_full") ?
		    "hand full" : "deck empty");
	} else {
		mq_buf_printf(out, "  %s draws %zu Spells", s(a, "player"), k);
		source(gd, a, out);
		for (j = 0; j < k && json_object_get(a, "spell"); j++)
			mq_buf_printf(out, "%s%s", j ? ", " : ": ", card(gd,
			    json_object_get(json_array_get(events, i + j),
			    "spell")));
		mq_buf_puts(out, ".\n");
	}
}

void
mq_ms_story(const json_t *gamedata, const json_t *events, struct mq_buf *out)
{
	size_t i, k;

	for (i = 0; i < json_array_size(events); i += k)
		if ((k = run_of(events, i)) > 1)
			run(gamedata, events, i, k, out);
		else
			one(gamedata, json_array_get(events, i), out);
}

void
mq_ms_view_text(const json_t *gd, const json_t *v, struct mq_buf *out)
{
	const json_t *p, *x;
	size_t i, k;
	int first;

	mq_buf_printf(out, "masquerade, turn %lld, phase %s; %s%s%s.\n",
	    n(v, "turn"), s(v, "phase"), json_string_value(json_object_get(v,
	    "to_move")) ? s(v, "to_move") : "nobody", json_string_value(
	    json_object_get(v, "to_move")) ? " owes: " : " owes anything",
	    json_string_value(json_object_get(v, "owes")) ? s(v, "owes") : "");
	mq_buf_printf(out, "%-20s %-18s %5s %-12s %4s %4s %8s %4s   %s\n",
	    "player", "dancer", "order", "stage", "life", "hand", "counters",
	    "VP", "treasures, emblems");
	json_array_foreach(json_object_get(v, "players"), i, p) {
		char order[24] = "-";	/* none taken yet this turn: not "0" */

		if (n(p, "order") > 0)
			snprintf(order, sizeof(order), "%lld", n(p, "order"));
		char vp[24] = "-";	/* a view without the figure */

		if (json_is_integer(json_object_get(p, "public_vp")))
			snprintf(vp, sizeof(vp), "%lld%s", n(p, "public_vp"),
			    json_is_true(json_object_get(p, "vp_leader")) ?
			    "*" : " ");
		mq_buf_printf(out, "%-20s %-18s %5s %-12s %4lld %4lld %8lld %5s ",
		    s(p, "name"), card(gd, json_object_get(p, "dancer")),
		    order, card(gd, json_object_get(p, "stage")),
		    n(p, "life"), n(p, "hand_size"), n(p, "counters"), vp);
		/* names of several words: a comma between them */
		first = 1;
		json_array_foreach(json_object_get(p, "treasures"), k, x) {
			mq_buf_printf(out, "%s%s", first ? " " : ", ", card(gd, x));
			first = 0;
		}
		json_array_foreach(json_object_get(p, "emblems"), k, x) {
			mq_buf_printf(out, "%s%s", first ? " " : ", ", card(gd, x));
			first = 0;
		}
		mq_buf_putc(out, '\n');
	}
	/* the VP the players' mails show (the view's public_vp, made of
	 * public parts only, every view alike: never a Mask's) and who leads
	 * in them, as Defend 3 and Divine Judgement count (rules: The VP
	 * leader) */
	if (json_is_array(json_object_get(v, "vp_leaders"))) {
		mq_buf_puts(out, "Most VP (the VP leader, * above):");
		json_array_foreach(json_object_get(v, "vp_leaders"), i, x)
			mq_buf_printf(out, "%s%s", i ? ", " : " ",
			    json_string_value(x) ? json_string_value(x) : "?");
		if (json_array_size(json_object_get(v, "vp_leaders")) == 0)
			mq_buf_puts(out, " nobody (no VP yet)");
		mq_buf_puts(out, ".\nVP here: 1 per VP counter, and each Emblem's "
		    "and Treasure's; a Mask's VP is\nsecret, counts only at the "
		    "end and not for the most VP.\n");
	}
	if (json_is_object(json_object_get(v, "guardian"))) {
		mq_buf_puts(out, "Guardian on top: ");
		guardian(json_object_get(v, "guardian"), out);
		mq_buf_printf(out, "; %lld left. Events left:",
		    n(v, "guardians_left"));
	} else
		mq_buf_puts(out, "No Guardian left. Events left:");
	json_array_foreach(json_object_get(v, "events_left"), i, x)
		mq_buf_printf(out, "%s%s", i ? ", " : " ", card(gd, x));
	if (json_array_size(json_object_get(v, "events_left")) == 0)
		mq_buf_puts(out, " none");
	mq_buf_printf(out, ".\nSpell deck: %lld; run-outs %lld of %lld.\n",
	    n(v, "spell_deck"), n(v, "runouts"), n(v, "runouts_to_end"));
	/* what this reader may see of each player: a Mask held (theirs, or
	 * all for the admin), a Mask revealed (everyone), a hand and its
	 * counters (theirs); a revealed Mask leaves the hand to show */
	json_array_foreach(json_object_get(v, "players"), i, p) {
		const json_t *mask = json_object_get(p, "mask");
		const json_t *shown = json_object_get(p, "mask_revealed");
		int hand = json_is_array(json_object_get(p, "hand"));

		if (!json_is_object(mask) && !json_is_string(shown) && !hand)
			continue;
		mq_buf_printf(out, "%s: ", s(p, "name"));
		if (json_is_object(mask))
			mq_buf_printf(out, "Mask %s", card(gd, mask));
		else if (json_is_string(shown))
			mq_buf_printf(out, "Mask %s revealed", card(gd, shown));
		else
			mq_buf_puts(out, "no Mask");
		if (hand) {
			mq_buf_puts(out, "; hand: ");
			spells(gd, json_object_get(p, "hand"), out);
			mq_buf_puts(out, "; counters: ");
			spells(gd, json_object_get(p, "banked"), out);
		}
		mq_buf_puts(out, ".\n");
	}
	/* the game over: each player's VP and the Mask dealt them (all are
	 * shown then), for a host who settles a dispute from the view */
	if (json_is_integer(json_object_get(v, "winner_score"))) {
		mq_buf_puts(out, "Scores:\n");
		json_array_foreach(json_object_get(v, "players"), i, p) {
			const json_t *m = json_object_get(p, "mask_dealt");

			mq_buf_printf(out, "  %-20s %3lld VP", s(p, "name"),
			    n(p, "score"));
			if (json_is_object(m))
				mq_buf_printf(out, "  Mask: %s%s", card(gd, m),
				    json_is_string(json_object_get(p,
				    "mask_revealed")) ? ", revealed in a fight "
				    "(scores nothing)" : "");
			mq_buf_putc(out, '\n');
		}
	}
	if (json_string_value(json_object_get(v, "winner"))) {
		mq_buf_printf(out, "Winner: %s", s(v, "winner"));
		first = 1;
		json_array_foreach(json_object_get(v, "tied"), i, x) {
			mq_buf_printf(out, "%s%s", first ? " (tied with " : ", ",
			    json_string_value(x) ? json_string_value(x) : "?");
			first = 0;
		}
		if (!first)
			mq_buf_printf(out, " at %lld VP, on the lowest last Order)",
			    n(v, "winner_score"));
		mq_buf_putc(out, '\n');
	}
}
