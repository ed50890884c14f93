/*
 * deco_rm_events.c - what happened, in a Red Death mail, for decorate.c:
 * the engine's events as a template prints them (a flag per type, the
 * names, whether the reader is the player or the target, the change of
 * popularity as dealt), the plays in the order their cards resolved.
 */
#include <string.h>

#include "buf.h"
#include "mail/deco_rm.h"

static struct mv *
event_obj(const struct deco *d, const json_t *e)
{
	const char *type = jstr(e, "type"), *k;
	const json_t *plans, *v;
	struct mv *o = deco_copy(d->a, e, d->want), *list, *p;
	size_t i;

	if (o == NULL || type == NULL)
		return o;
	wflag(d, o, "is_", type);
	/* the reader's own events say "you" (あなた, 你), not their name */
	if (want(d, "player_is_me"))
		put_bool(d->a, o, "player_is_me", jeq(jstr(e, "player"),
		    d->me_name));
	if (want(d, "target_is_me"))
		put_bool(d->a, o, "target_is_me", jeq(jstr(e, "target"),
		    d->me_name));
	if (want(d, "self"))
		put_bool(d->a, o, "self", jeq(jstr(e, "player"), jstr(e,
		    "target")));
	if (jstr(e, "card") != NULL)
		wput_ref(d, o, "card_name", card_name(d, jstr(e, "card")));
	if (jstr(e, "room") != NULL)
		wput_ref(d, o, "room_name", room_name(d, jstr(e, "room")));
	if (jstr(e, "prince") != NULL)
		wput_ref(d, o, "prince_name", room_name(d, jstr(e, "prince")));
	if (json_is_string(json_object_get(e, "from"))) {
		wput_ref(d, o, "from_name", room_name(d, jstr(e, "from")));
		wput_ref(d, o, "to_name", room_name(d, jstr(e, "to")));
		/* "cw ccw" leaves the room and comes back: a route, no stay */
		wput_bool(d, o, "stayed", jeq(jstr(e, "from"), jstr(e, "to")) &&
		    json_array_size(json_object_get(e, "via")) == 0);
		if (json_array_size(json_object_get(e, "via")) > 0 &&
		    want(d, "via_rooms")) {
			list = mv_list(d->a);
			json_array_foreach(json_object_get(e, "via"), i, v) {
				if (!json_is_string(v) ||
				    (p = mv_obj(d->a)) == NULL)
					continue;
				put_ref(d->a, p, "via_name", room_name(d,
				    json_string_value(v)));
				mv_push(d->a, list, p);
			}
			put(d->a, o, "via_rooms", list);
		}
	} else if (json_is_integer(json_object_get(e, "from"))) {
		json_int_t delta = json_integer_value(json_object_get(e, "to")) -
		    json_integer_value(json_object_get(e, "from"));
		json_int_t steps = json_integer_value(json_object_get(e, "steps")),
		    moved = delta < 0 ? -delta : delta,
		    dealt = steps < 0 ? -steps : steps;

		wput_bool(d, o, "gained", delta > 0);
		wput_bool(d, o, "lost", delta < 0);
		wput(d, o, "delta", mv_int(d->a, moved));
		/* the change as dealt: the track does not count taken spaces
		 * (+2 may move 5), and never goes below space 1 (-2 may move 1) */
		wput(d, o, "dealt", mv_int(d->a, dealt));
		wput_bool(d, o, "skipped", dealt > 0 && moved > dealt);
		/* the engine says when the floor stopped it ("floor"): 6 -> 2
		 * for -3 past taken spaces moved more than it dealt */
		wput_bool(d, o, "stopped", delta < 0 && (moved < dealt ||
		    json_is_true(json_object_get(e, "floor"))));
	}
	if (json_is_object(json_object_get(e, "rumor")) && want(d, "rumor"))
		put(d->a, o, "rumor", deco_rumor_obj(d, json_object_get(e,
		    "rumor")));
	plans = json_object_get(e, "plans");
	if (json_is_object(plans) && want(d, "plans_list")) {
		list = mv_list(d->a);
		json_object_foreach((json_t *)plans, k, v) {
			if ((p = mv_obj(d->a)) == NULL)
				continue;
			put_ref(d->a, p, "player", k);
			put_bool(d->a, p, "is_me", jeq(k, d->me_name));
			wput(d, p, "name_pad", deco_pad(d->a, k, d->name_w));
			deco_put_plan(d, p, v);
			mv_push(d->a, list, p);
		}
		put(d->a, o, "plans_list", list);
	}
	return o;
}

/* What a card does as it resolves: the events of one card's player. */
static int
is_card_effect(const char *type)
{
	static const char *const types[] = { "popularity", "draw", "draw_none",
	    "evidence", "look", "take", "no_target", "no_card", "recover",
	    "to_prince", "premonition" };
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (jeq(type, types[i]))
			return 1;
	return 0;
}

/*
 * The plays of a round in the order their cards resolved: the engine
 * reveals them in seat order, then resolves them the least popular first
 * (or as the game's option says), each card's effects naming its player.
 * The run of plays at order[a..b) is put in the order of their players'
 * first effects after it; a card that did nothing seen (Encore with no
 * discard) follows the play before it in seat order, as it resolved in
 * the seat order's round.
 */
static void
order_plays(const struct deco *d, const json_t *events, size_t *order,
    size_t a, size_t b)
{
	size_t n = b - a, i, j, k, m = 0, end, *first, *out;
	char *seen;

	if (n < 2 || (first = mq_arena_alloc(d->a, n * sizeof(*first))) == NULL ||
	    (out = mq_arena_alloc(d->a, n * sizeof(*out))) == NULL ||
	    (seen = mq_arena_alloc(d->a, n)) == NULL)
		return;
	for (end = b; end < json_array_size(events) && is_card_effect(jstr(
	    json_array_get(events, end), "type")); end++)
		;
	for (i = 0; i < n; i++) {
		const char *who = jstr(json_array_get(events, order[a + i]),
		    "player");

		seen[i] = 0;
		first[i] = (size_t)-1;
		for (j = b; j < end && first[i] == (size_t)-1; j++)
			if (jeq(jstr(json_array_get(events, j), "player"), who))
				first[i] = j;
	}
	/* the plays with effects by their first; after each, the silent
	 * ones after it in seat order */
	for (;;) {
		for (k = n, i = 0; i < n; i++)
			if (!seen[i] && first[i] != (size_t)-1 &&
			    (k == n || first[i] < first[k]))
				k = i;
		if (k == n)
			break;
		seen[k] = 1;
		out[m++] = order[a + k];
		for (i = (k + 1) % n; !seen[i] && first[i] == (size_t)-1;
		    i = (i + 1) % n) {
			seen[i] = 1;
			out[m++] = order[a + i];
		}
	}
	if (m == n)	/* else nothing resolved seen: as they came */
		memcpy(order + a, out, n * sizeof(*out));
}

void
deco_events(const struct deco *d, struct mv *out, const json_t *events)
{
	struct mv *list = mv_list(d->a);
	const json_t *e;
	size_t i, a, n = json_array_size(events), *order;
	int wl = want(d, "events");

	if (n > 0 && (order = mq_arena_alloc(d->a, n * sizeof(*order))) != NULL) {
		for (i = 0; i < n; i++)
			order[i] = i;
		for (i = 0; i < n; i = a) {
			for (a = i; a < n && jeq(jstr(json_array_get(events, a),
			    "type"), "play"); a++)
				;
			if (a > i)
				order_plays(d, events, order, i, a);
			else
				a = i + 1;
		}
		/* has_events needs only their count */
		for (i = 0; i < n; i++)
			if (json_is_object(e = json_array_get(events, order[i])))
				mv_push(d->a, list, wl ? event_obj(d, e) :
				    mv_null());
	}
	wput_bool(d, out, "has_events", mv_size(list) > 0);
	wput(d, out, "events", list);
	/* The winner's popularity, from the event that names them; the end
	 * mail sent again (STATUS, SET LANG after the end) has no events, and
	 * said only "carol wins.": from the board then. */
	if (want(d, "winner_popularity")) {
		int told = 0;

		json_array_foreach(events, i, e)
			if (jeq(jstr(e, "type"), "winner")) {
				put(d->a, out, "winner_popularity", mv_json(d->a,
				    json_object_get(e, "popularity")));
				told = 1;
			}
		for (i = 0; !told && i < d->nplayers; i++)
			if (d->players[i].popularity > 0 &&
			    jeq(d->players[i].name, jstr(d->view, "winner"))) {
				put(d->a, out, "winner_popularity", mv_json(d->a,
				    json_object_get(d->players[i].p, "popularity")));
				told = 1;
			}
	}
}
