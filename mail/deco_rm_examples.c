/*
 * deco_rm_examples.c - the example commands of a Red Death mail, for
 * decorate.c: PLAY lines from the reader's own hand (with targets, slots
 * and discards that fit), MOVE and PLACE lines with the rooms they lead
 * to, and the players and the held cards the help's examples name.
 */
#include <string.h>

#include "buf.h"
#include "mail/deco_rm.h"

/* A name to target: a nearby noble first, else anyone else alive. */
static const char *
example_target(const struct deco *d, int nearby_only)
{
	const char *room = jstr(d->me, "room"), *any = NULL;
	size_t i;

	for (i = 0; i < d->nplayers; i++) {
		const struct player *p = &d->players[i];
		const char *name = p->name;

		if (name == NULL || jeq(name, d->me_name) ||
		    json_is_false(json_object_get(p->p, "alive")))
			continue;
		if (jeq(p->room, room))
			return name;
		if (any == NULL)
			any = name;
	}
	return nearby_only ? NULL : any;
}

/* The examples' targets: found when first needed, then kept for the
 * mail; a nearby noble for a card that needs one (none: the example names
 * nobody, as naming a noble in another room would mislead), anyone alive
 * for Scandal and Eavesdrop. */
struct target {
	int found, found_any;
	const char *name, *any;
};

static struct mv *
play_example(const struct deco *d, const char *id, struct target *tg)
{
	const json_t *times = d->g->times, *disc;
	const struct deco_item *it = deco_card(d->g, id);
	struct mq_buf b = MQ_BUF_INIT;
	int target = 0, anywhere = 0, slots = 0, recover = 0, k;
	const char *t;
	struct mv *o, *text;

	if (it != NULL) {
		target = it->target;
		anywhere = it->anywhere;
		slots = it->slots;
		recover = it->recover;
	}
	mq_buf_puts(&b, "PLAY ");
	mq_buf_puts(&b, id);
	if (target && !anywhere && !tg->found) {
		tg->name = example_target(d, 1);
		tg->found = 1;
	}
	if (target && anywhere && !tg->found_any) {
		tg->any = example_target(d, 0);
		tg->found_any = 1;
	}
	if (target && (t = anywhere ? tg->any : tg->name) != NULL) {
		mq_buf_puts(&b, " TARGET ");
		mq_buf_puts(&b, t);
	}
	/* Times the player knows least about make the likeliest picks; 12:30
	 * and 12:40 are as good as any for an example. */
	for (k = 0; k < slots; k++)
		if ((t = json_string_value(json_array_get(times, 3 + (size_t)k))) != NULL) {
			mq_buf_puts(&b, k ? " " : " SLOT ");
			mq_buf_puts(&b, t);
		}
	disc = recover > 0 ? json_object_get(d->me, "discards") : NULL;
	for (k = 0; k < recover && (size_t)k < json_array_size(disc); k++) {
		mq_buf_puts(&b, k ? " " : " RECOVER ");
		/* printf's "%s" of a missing string, as this always was */
		t = json_string_value(json_array_get(disc, (size_t)k));
		mq_buf_puts(&b, t != NULL ? t : "(null)");
	}
	if ((text = deco_buf_str(d, &b)) == NULL ||
	    (o = mv_obj(d->a)) == NULL) {
		mq_buf_free(&b);
		return NULL;
	}
	put_ref(d->a, o, "card", id);
	put_ref(d->a, o, "name", card_name(d, id));
	put(d->a, o, "text", text);
	if (want(d, "text_pad"))
		put(d->a, o, "text_pad", deco_pad(d->a, mq_buf_str(&b), 44));
	mq_buf_free(&b);
	return o;
}

static struct mv *
move_example(const struct deco *d, const char *text, int steps)
{
	const char *to = deco_ring_step(d, jstr(d->me, "room"), steps);
	struct mv *o = mv_obj(d->a);

	put_ref(d->a, o, "text", text);
	if (o != NULL && to != NULL) {
		put_ref(d->a, o, "to_name", room_name(d, to));
		if (want(d, "text_pad"))
			put(d->a, o, "text_pad", deco_pad(d->a, text, 16));
	}
	return o;
}

static struct mv *
place_example(const struct deco *d, const char *id)
{
	const struct deco_item *it = deco_room(d->g, id);
	struct mq_buf b = MQ_BUF_INIT;
	struct mv *o;

	if (it != NULL && it->place != NULL)
		return it->place;
	mq_buf_puts(&b, "PLACE ");
	mq_buf_puts(&b, id);
	if ((o = mv_obj(d->a)) != NULL) {
		put(d->a, o, "text", deco_buf_str(d, &b));
		put_ref(d->a, o, "to_name", room_name(d, id));
		if (!b.oom)
			put(d->a, o, "text_pad", deco_pad(d->a, mq_buf_str(&b),
			    16));
	}
	mq_buf_free(&b);
	return o;
}

/*
 * The names in the help's examples ("PLAY threaten TARGET carol dave"):
 * the two players seated after the reader, so that the example names real
 * players and never the reader (a target the game refuses).
 */
static void
example_names(const struct deco *d, struct mv *ex)
{
	static const char *const keys[] = { "target", "target2" };
	json_int_t me = -1, n = (json_int_t)d->nplayers, k;
	size_t i, found = 0;

	for (i = 0; i < d->nplayers; i++)
		if (jeq(d->players[i].name, d->me_name))
			me = d->players[i].seat;
	for (k = 1; k <= n && found < 2; k++)
		for (i = 0; i < d->nplayers; i++)
			if (d->players[i].seat == (me + k) % n &&
			    d->players[i].name != NULL &&
			    !jeq(d->players[i].name, d->me_name)) {
				wput_ref(d, ex, keys[found++], d->players[i].name);
				break;
			}
}

/*
 * The cards of the reader's hand a hint names (key "two_times": those that
 * take two times after SLOT; "reach_anyone": those whose target may be
 * anywhere in the abbey), each {name, first, last}: the hint named
 * Swindle and Eavesdrop to every player, who may hold neither (Eavesdrop
 * is one player's personality card).
 */
static void
hint_cards(const struct deco *d, struct mv *ex, const char *key,
    int two_times)
{
	const json_t *hand = json_object_get(d->me, "hand"), *v;
	const struct deco_item *it;
	struct mv *a, *o = NULL;
	size_t i;

	if (!want(d, key) || (a = mv_list(d->a)) == NULL)
		return;
	json_array_foreach(hand, i, v) {
		if (!json_is_string(v) ||
		    (it = deco_card(d->g, json_string_value(v))) == NULL ||
		    (two_times ? it->slots < 2 : !(it->target && it->anywhere)))
			continue;
		if (o != NULL)
			put_bool(d->a, o, "last", 0);
		if ((o = mv_obj(d->a)) == NULL)
			return;
		put_ref(d->a, o, "name", it->name);
		put_bool(d->a, o, "first", mv_size(a) == 0);
		put_bool(d->a, o, "last", 1);
		mv_push(d->a, a, o);
	}
	put(d->a, ex, key, a);
}

void
deco_examples(const struct deco *d, struct mv *out)
{
	struct mv *ex = mv_obj(d->a), *a;
	struct target tg = { 0, 0, NULL, NULL };
	const json_t *v;
	size_t i;
	json_int_t allow;

	if (ex == NULL)
		return;
	example_names(d, ex);
	/* holds_CARD for each card of the reader's hand: the help's examples
	 * name a card unmarked only to a reader who holds it (a newcomer
	 * copied PLAY encore ... without Encore, and was refused) */
	json_array_foreach(json_object_get(d->me, "hand"), i, v)
		wflag(d, ex, "holds_", json_string_value(v));
	if (want(d, "play")) {
		const json_t *hand = json_object_get(d->me, "hand");

		a = mv_list(d->a);
		json_array_foreach(hand, i, v)
			if (json_is_string(v))
				mv_push(d->a, a, play_example(d, json_string_value(v),
				    &tg));
		put(d->a, ex, "play", a);
	}
	hint_cards(d, ex, "two_times", 1);
	hint_cards(d, ex, "reach_anyone", 0);
	if (want(d, "place")) {
		a = mv_list(d->a);
		json_array_foreach(ring(d), i, v)
			if (json_is_string(v))
				mv_push(d->a, a, place_example(d,
				    json_string_value(v)));
		put(d->a, ex, "place", a);
	}
	a = mv_list(d->a);
	if (jstr(d->me, "room") != NULL) {
		allow = json_integer_value(json_object_get(d->me, "allowance"));
		mv_push(d->a, a, move_example(d, "MOVE cw", 1));
		mv_push(d->a, a, move_example(d, "MOVE ccw", -1));
		mv_push(d->a, a, move_example(d, "MOVE stay", 0));
		if (allow >= 2) {
			mv_push(d->a, a, move_example(d, "MOVE cw cw", 2));
			mv_push(d->a, a, move_example(d, "MOVE ccw ccw", -2));
		}
		if (allow >= 3)
			mv_push(d->a, a, move_example(d, "MOVE cw cw cw", 3));
		wput(d, ex, "allowance", mv_int(d->a, allow));
		wput_bool(d, ex, "several_moves", allow >= 2);
	}
	wput(d, ex, "move", a);
	put(d->a, out, "examples", ex);
}
