/*
 * decorate.c - the daemon's raw context (the engine's view and events,
 * receipts, commitments) as plain data a logic-less template can print:
 * localised names, the board in ring order, padded columns for the text
 * part, one "is_<type>" flag per event and whether its player or target
 * is the reader (a mail calls its reader "you"). See render.h.
 *
 * The data are values of mval.h, made in an arena and dropped with it.
 * What depends only on the game data and the language comes ready-made
 * from a struct mq_deco_game (deco_game.c) and is shared by pointer; the
 * context's own values are referenced, never copied (decorate adds keys
 * to new objects and never changes a value it did not make). Only what
 * depends on the view is made here, for each mail, and of that only the
 * keys some template can look up (want, from render.c): any other value
 * could never show.
 *
 * Decorate never fails on odd input: a key that is missing, null or of the
 * wrong type is left out, so a template prints nothing for it. Running
 * out of memory fails the whole (the arena's oom flag), never a part.
 *
 * Here: the entry points, the values the parts share (a player, a plan, a
 * Rumor card, a list of cards), the reader's own section, who the game
 * waits for, and the daemon's lists. The board (deco_rm_board.c), the
 * example commands (deco_rm_examples.c) and what happened
 * (deco_rm_events.c) are parts of their own; deco_rm.h is what they share.
 */
#include <string.h>

#include "buf.h"
#include "mail/deco_game.h"
#include "mail/deco_receipt.h"
#include "mail/deco_rm.h"
#include "mail/deco_util.h"
#include "mail/decorate.h"
#include "mail/names.h"
#include "mail/render.h"

/* ---- the values the parts share ---- */

/* A copy of the string in b, or a failure marked in the arena. */
struct mv *
deco_buf_str(const struct deco *d, const struct mq_buf *b)
{
	if (b->oom) {
		mq_arena_fail(d->a);
		return NULL;
	}
	return mv_str(d->a, mq_buf_str(b), b->len);
}

/* {id, name} of a card the game data lacks: the id stands for its name. */
static struct mv *
card_obj(const struct deco *d, const char *id)
{
	struct mv *o = mv_obj(d->a);

	put_ref(d->a, o, "id", id);
	put_ref(d->a, o, "name", id);
	return o;
}

/*
 * The list of names of a list of card ids, as objects (o[key]), as one
 * string (o[key_text]) and as a flag (o[has_key]).
 */
void
deco_put_cards(const struct deco *d, struct mv *o, const char *key,
    const char *key_text, const char *has_key, const json_t *ids)
{
	struct mq_buf text = MQ_BUF_INIT, bound = MQ_BUF_INIT;
	const char *sep = strcmp(d->lang, "en") == 0 ? ", " : "、", *s;
	const struct deco_item *it;
	struct mv *a;
	const json_t *v;
	size_t i;
	int wl, wt, wh;

	wl = want(d, key);
	wt = want(d, key_text) || (strcmp(key, "hand") == 0 &&
	    want(d, "hand_wrapped")) || (strcmp(key, "discards") == 0 &&
	    want(d, "discards_wrapped"));
	wh = want(d, has_key);
	if (!wl && !wt && !wh)
		return;
	a = mv_list(d->a);
	json_array_foreach(ids, i, v) {
		const char *id = json_string_value(v);

		if (id == NULL)
			continue;
		it = deco_card(d->g, id);
		mv_push(d->a, a, it != NULL ? it->obj : card_obj(d, id));
		if (!wt)
			continue;
		if (i) {
			mq_buf_puts(&text, sep);
			mq_buf_puts(&bound, sep);
		}
		mq_buf_puts(&text, it != NULL ? it->name : id);
		/* for the wrap: a name's words held together ("Fond" /
		 * "Memories" was cut), a no-break space between them */
		for (s = it != NULL ? it->name : id; *s; s++)
			if (*s == ' ')
				mq_buf_puts(&bound, "\xc2\xa0");
			else
				mq_buf_putc(&bound, *s);
	}
	if (wt)
		mv_set(d->a, o, key_text, deco_buf_str(d, &text));
	if (bound.oom)	/* no wrapped list rather than an empty one */
		mq_arena_fail(d->a);
	/* the hand of the text part, after "Hand: " (手札：, 手牌：: as wide) */
	if (strcmp(key, "hand") == 0 && want(d, "hand_wrapped"))
		mv_set(d->a, o, "hand_wrapped", deco_wrap_list(d->a,
		    bound.oom ? "" : mq_buf_str(&bound), 76, 6, "      "));
	/* a player's discards on the board, after "       discarded: " (18
	 * columns; the Japanese and Chinese labels are narrower, and wrap a
	 * little early); eight cards ran to 83 columns */
	if (strcmp(key, "discards") == 0 && want(d, "discards_wrapped"))
		mv_set(d->a, o, "discards_wrapped", deco_wrap_list(d->a,
		    bound.oom ? "" : mq_buf_str(&bound), 76, 18, "         "));
	if (wh)
		mv_set(d->a, o, has_key, mv_bool(mv_size(a) > 0));
	if (wl)
		mv_set(d->a, o, key, a);
	mq_buf_free(&text);
	mq_buf_free(&bound);
}

/* A Rumor card: {"type": "gossip"|"evidence", "time", "room"}. */
struct mv *
deco_rumor_obj(const struct deco *d, const json_t *r)
{
	struct mv *o;

	if (!json_is_object(r) || (o = deco_copy(d->a, r, d->want)) == NULL)
		return NULL;
	wflag(d, o, "is_", jstr(r, "type"));
	if (jstr(r, "room") != NULL)
		wput_ref(d, o, "room_name", room_name(d, jstr(r, "room")));
	return o;
}

const char *
deco_ring_step(const struct deco *d, const char *from, int steps)
{
	const json_t *r = ring(d);
	size_t i, n = json_array_size(r);

	for (i = 0; i < n; i++)
		if (jeq(json_string_value(json_array_get(r, i)), from))
			return json_string_value(json_array_get(r,
			    (i + n + (size_t)(steps % (int)n + (int)n)) % n));
	return NULL;
}

/* A direction list (a plan) as steps with their times and one string. */
void
deco_put_plan(const struct deco *d, struct mv *o, const json_t *plan)
{
	const json_t *times = d->g->times, *v;
	struct mv *steps = mv_list(d->a), *s;
	struct mq_buf text = MQ_BUF_INIT;
	const char *t;
	size_t i;

	json_array_foreach(plan, i, v) {
		const char *dir = json_string_value(v);
		const struct mv *cached;

		if (dir == NULL)
			continue;
		if ((cached = deco_plan_step(d->g, dir, i)) != NULL)
			mv_push(d->a, steps, cached);
		else if ((s = mv_obj(d->a)) != NULL) {
			t = json_string_value(json_array_get(times, i));
			put_ref(d->a, s, "dir", dir);
			put_ref(d->a, s, "time", t != NULL ? t : "");
			wflag(d, s, "is_", dir);
			put_bool(d->a, s, "first", i == 0);
			wput(d, s, "pad", deco_pad(d->a, dir, 5));
			mv_push(d->a, steps, s);
		}
		if (i)
			mq_buf_putc(&text, ' ');
		mq_buf_puts(&text, dir);
	}
	wput(d, o, "plan", steps);
	if (want(d, "plan_text"))
		put(d->a, o, "plan_text", deco_buf_str(d, &text));
	mq_buf_free(&text);
}

struct mv *
deco_player_obj(const struct deco *d, const json_t *p, size_t rank)
{
	const struct deco_item *it;
	const char *room = jstr(p, "room"), *name = jstr(p, "name");
	const json_t *pop = json_object_get(p, "popularity"), *plan;
	struct mv *o = deco_copy(d->a, p, d->want);

	if (o == NULL)
		return NULL;
	if (rank > 0)
		wput(d, o, "rank", mv_int(d->a, (json_int_t)rank));
	if (json_is_integer(pop) && want(d, "pop_pad")) {
		/* "%lld", without printf's machinery */
		json_int_t v = json_integer_value(pop);
		unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v :
		    (unsigned long long)v;
		char nb[24], *q = nb + sizeof(nb) - 1;

		*q = '\0';
		do
			*--q = (char)('0' + u % 10);
		while ((u /= 10) != 0);
		if (v < 0)
			*--q = '-';
		put(d->a, o, "pop_pad", deco_pad(d->a, q, 3));
	}
	if (want(d, "name_pad"))
		put(d->a, o, "name_pad", deco_pad(d->a, name != NULL ? name : "",
		    d->name_w));
	if (room == NULL)
		wput(d, o, "room_pad", d->g->room_dash);
	else if ((it = deco_room(d->g, room)) != NULL) {
		wput_ref(d, o, "room_name", it->name);
		wput(d, o, "room_pad", it->pad);
	} else {
		wput_ref(d, o, "room_name", room);
		if (want(d, "room_pad"))
			put(d->a, o, "room_pad", deco_pad(d->a, room, d->room_w));
	}
	wput_bool(d, o, "is_me", jeq(name, d->me_name));
	wput_bool(d, o, "dead", json_is_false(json_object_get(p, "alive")));
	wput_bool(d, o, "second_lap", json_integer_value(json_object_get(p,
	    "lap")) > 0);
	deco_put_cards(d, o, "discards", "discards_text", "has_discards",
	    json_object_get(p, "discards"));
	if (json_is_array(plan = json_object_get(p, "plan")))
		deco_put_plan(d, o, plan);
	return o;
}

/* ---- the recipient ---- */

/*
 * The midnight plan walked from the room the noble stands in now: per
 * time, the step, the room it leads to and the reader's own note for that
 * room then (safe, deadly), so that a plan that walks into a room known to
 * be deadly shows it while it can still change. Only before midnight, for
 * a living noble in a room; midnight starts it from the room the last
 * round's move leaves, which the mail says.
 */
static void
plan_path(const struct deco *d, struct mv *me)
{
	const json_t *plan = json_object_get(d->me, "plan");
	const json_t *notes = json_object_get(d->me, "notes"), *v;
	const char *at = jstr(d->me, "room"), *phase = jstr(d->view, "phase");
	const struct deco_item *it;
	struct mv *list, *o;
	size_t i;

	if (at == NULL || !json_is_array(plan) ||
	    json_is_false(json_object_get(d->me, "alive")) ||
	    !(jeq(phase, "act") || jeq(phase, "move")))
		return;
	list = mv_list(d->a);
	if ((it = deco_room(d->g, at)) != NULL)
		wput_ref(d, me, "plan_from", it->name);
	else
		wput_ref(d, me, "plan_from", at);
	json_array_foreach(plan, i, v) {
		const char *dir = json_string_value(v), *t, *note;
		const char *to;

		t = json_string_value(json_array_get(d->g->times, i));
		if (dir == NULL || t == NULL || (o = mv_obj(d->a)) == NULL)
			continue;
		to = deco_ring_step(d, at, jeq(dir, "cw") ? 1 :
		    jeq(dir, "ccw") ? -1 : 0);
		if (to != NULL)
			at = to;
		note = jstr(json_object_get(notes, t), at);
		put_ref(d->a, o, "time", t);
		put_ref(d->a, o, "dir", dir);
		wput(d, o, "dir_pad", deco_pad(d->a, dir, 5));
		put_bool(d->a, o, "is_cw", jeq(dir, "cw"));
		put_bool(d->a, o, "is_ccw", jeq(dir, "ccw"));
		put_bool(d->a, o, "is_stay", jeq(dir, "stay"));
		it = deco_room(d->g, at);
		put(d->a, o, "room", it != NULL ? it->obj :
		    deco_room_obj(d->g, d->a, at));
		put_bool(d->a, o, "is_safe", jeq(note, "safe"));
		put_bool(d->a, o, "is_deadly", jeq(note, "deadly"));
		mv_push(d->a, list, o);
	}
	wput_bool(d, me, "has_plan_path", mv_size(list) > 0);
	wput(d, me, "plan_path", list);
}

static void
deco_me(const struct deco *d, struct mv *out)
{
	static const struct { const char *key, *does; } pending[] = {
		{ "pending_play", "pending_play_does" },
		{ "pending_next_play", "pending_next_play_does" },
		{ "pending_move", "pending_move_does" },
	};
	const json_t *v;
	struct mv *me, *a;
	size_t i;

	if (!json_is_object(d->me) ||
	    (me = deco_player_obj(d, d->me, 0)) == NULL)
		return;
	deco_put_cards(d, me, "hand", "hand_text", "has_hand",
	    json_object_get(d->me, "hand"));
	if (jstr(d->me, "personality") != NULL) {
		const json_t *hand = json_object_get(d->me, "hand");
		int held = 0;

		wput_ref(d, me, "personality_name", card_name(d, jstr(d->me,
		    "personality")));
		/* played once, then out of the hand for good: said, or the
		 * card reads as one still to play */
		json_array_foreach(hand, i, v)
			held |= jeq(json_string_value(v),
			    jstr(d->me, "personality"));
		wput_bool(d, me, "personality_played", !held);
	}
	if (want(d, "rumors") || want(d, "has_rumors")) {
		const json_t *rumors = json_object_get(d->me, "rumors");

		a = mv_list(d->a);
		json_array_foreach(rumors, i, v)
			mv_push(d->a, a, deco_rumor_obj(d, v));
		wput_bool(d, me, "has_rumors", mv_size(a) > 0);
		wput(d, me, "rumors", a);
	}
	if (want(d, "nearby") || want(d, "has_nearby") ||
	    want(d, "nearby_text")) {
		const char *room = jstr(d->me, "room");

		struct mq_buf text = MQ_BUF_INIT;

		a = mv_list(d->a);
		for (i = 0; i < d->nplayers; i++) {
			const struct player *p = &d->players[i];

			if (room != NULL && jeq(p->room, room) &&
			    !jeq(p->name, d->me_name) && p->name != NULL) {
				mv_push(d->a, a, mv_str_ref(d->a, p->name));
				/* the language's list: "alice, bob", "alice、bob" */
				if (text.len)
					mq_buf_puts(&text, strcmp(d->lang, "en") == 0 ?
					    ", " : "、");
				mq_buf_puts(&text, p->name);
			}
		}
		wput_bool(d, me, "has_nearby", mv_size(a) > 0);
		wput(d, me, "nearby", a);
		if (want(d, "nearby_text"))
			put(d->a, me, "nearby_text", deco_buf_str(d, &text));
		mq_buf_free(&text);
	}
	if (jstr(d->me, "pending_place") != NULL)
		wput_ref(d, me, "pending_place_name", room_name(d,
		    jstr(d->me, "pending_place")));
	/* a MOVE sent early, of fewer steps than the card played since
	 * allows (Dance, Promenade): it stands unless sent again; of more
	 * (Dance, MOVE cw cw, then Jest): it is dropped at the reveal */
	if (jstr(d->me, "pending_move") != NULL) {
		const char *m = jstr(d->me, "pending_move");
		json_int_t allow = json_integer_value(json_object_get(d->me,
		    "allowance")), steps = 0;

		for (; *m; m++)
			steps += *m == ' ' && m[1] != ' ' && m[1] != '\0';
		if (allow > steps && steps > 0) {
			wput_bool(d, me, "move_short", 1);
			wput(d, me, "allowance", mv_int(d->a, allow));
		} else if (steps > allow && allow > 0) {
			wput_bool(d, me, "move_over", 1);
			wput(d, me, "allowance", mv_int(d->a, allow));
		}
	}
	/* the moves sent and not yet revealed, in words (PLAY flirt
	 * TARGET dave is the log's form, not the reader's) */
	for (i = 0; i < sizeof(pending) / sizeof(pending[0]); i++)
		if (want(d, pending[i].does))
			wput(d, me, pending[i].does, mq_deco_does(d->a, d->gd,
			    d->lang, d->me_name, 0, jstr(d->me,
			    pending[i].key)));
	if (want(d, "plan_path") || want(d, "has_plan_path"))
		plan_path(d, me);
	wput_bool(d, me, "has_pending", jstr(d->me, "pending_play") ||
	    jstr(d->me, "pending_next_play") || jstr(d->me, "pending_move") ||
	    jstr(d->me, "pending_place"));
	put(d->a, out, "me", me);
}

/* Append the language's list separator (after the first) and s: ", " in
 * English, the enumeration comma 、 in Japanese and Chinese. */
static void
list_add(const struct deco *d, struct mq_buf *b, const char *s)
{
	if (b->len)
		mq_buf_puts(b, strcmp(d->lang, "en") == 0 ? ", " : "、");
	mq_buf_puts(b, s);
}

/* Whether the host took player out of the game (ctx out_of_game): the
 * default plays what that seat owes, at the next pass. */
static int
out_of_game(const struct deco *d, const char *player)
{
	const json_t *v;
	size_t i;

	json_array_foreach(d->out_of_game, i, v)
		if (jeq(json_string_value(v), player))
			return 1;
	return 0;
}

/* Who the game waits for, and for what (a seat out of the game "by
 * default"). */
static void
deco_waiting(const struct deco *d, struct mv *out)
{
	const json_t *owes = json_object_get(d->view, "owes"), *o;
	static const char *const kinds[] = { "place", "act", "move" };
	static const char *const keys[] = {
		"waiting_place", "waiting_act", "waiting_move",
	};
	struct mv *list = mv_list(d->a), *w;
	struct mq_buf names = MQ_BUF_INIT, by[3] = { MQ_BUF_INIT, MQ_BUF_INIT,
	    MQ_BUF_INIT };
	size_t i, k;
	int me[3] = { 0, 0, 0 };

	json_array_foreach(owes, i, o) {
		const char *player = jstr(o, "player"), *what;

		if (player == NULL || (w = mv_obj(d->a)) == NULL)
			continue;
		what = jstr(o, "owes");
		put_ref(d->a, w, "player", player);
		put_bool(d->a, w, "is_me", jeq(player, d->me_name));
		put_ref(d->a, w, "owes", what);
		wflag(d, w, "owes_", what);
		mv_push(d->a, list, w);
		list_add(d, &names, player);
		for (k = 0; k < 3; k++)
			if (jeq(what, kinds[k]) && !jeq(player, d->me_name)) {
				list_add(d, &by[k], player);
				if (out_of_game(d, player))
					mq_buf_puts(&by[k],
					    strcmp(d->lang, "ja") == 0 ?
					    "（既定の手で）" :
					    strcmp(d->lang, "zh") == 0 ?
					    "（由默认行动）" : " (by default)");
			}
			else if (jeq(what, kinds[k]))
				me[k] = 1;
	}
	for (k = 0; k < 3; k++) {
		/* the reader first, as "you", in the text a person reads */
		if (me[k]) {
			struct mq_buf rest = by[k];

			by[k] = (struct mq_buf)MQ_BUF_INIT;
			list_add(d, &by[k], strcmp(d->lang, "ja") == 0 ? "あなた" :
			    strcmp(d->lang, "zh") == 0 ? "你" : "you");
			if (rest.len > 0)
				list_add(d, &by[k], mq_buf_str(&rest));
			by[k].oom |= rest.oom;
			mq_buf_free(&rest);
		}
		/* (a list that ran out of memory is empty, but not "none") */
		if ((by[k].len > 0 || by[k].oom) && want(d, keys[k]))
			put(d->a, out, keys[k], deco_buf_str(d, &by[k]));
		mq_buf_free(&by[k]);
	}
	wput_bool(d, out, "has_waiting", mv_size(list) > 0);
	wput(d, out, "waiting", list);
	if (want(d, "waiting_text"))
		put(d->a, out, "waiting_text", deco_buf_str(d, &names));
	mq_buf_free(&names);
}

/*
 * Before 8:00, where the reader stands in the order of placement (the
 * least popular first, then on in seat order, as the engine places) and
 * who still places before them: place_wait, place_number, place_count,
 * place_before; place_given when their PLACE is in, held for the turn.
 * Nothing once they have placed, or while it is their turn (their request
 * says so).
 */
static void
deco_place_order(const struct deco *d, struct mv *out)
{
	struct mq_buf before = MQ_BUF_INIT;
	const struct player *least = NULL, *me = NULL;
	size_t i, k, n = d->nplayers;
	json_int_t seat;
	int pos = 0, number = 0;

	if (!jeq(jstr(d->view, "phase"), "place") || d->me_name == NULL)
		return;
	for (i = 0; i < n; i++) {
		const struct player *p = &d->players[i];

		if (least == NULL || p->popularity < least->popularity)
			least = p;
		if (jeq(p->name, d->me_name))
			me = p;
	}
	if (me == NULL || me->room != NULL || least == NULL)
		return;
	/* seat by seat from the least popular's, round the table */
	for (k = 0; k < n && number == 0; k++) {
		seat = (least->seat + (json_int_t)k) % (json_int_t)n;
		for (i = 0; i < n; i++) {
			const struct player *p = &d->players[i];

			if (p->seat != seat || p->name == NULL)
				continue;
			pos++;
			if (p == me)
				number = pos;
			else if (p->room == NULL)
				list_add(d, &before, p->name);
		}
	}
	if (number > 0 && (before.len > 0 || before.oom)) {
		wput_bool(d, out, "place_wait", 1);
		/* a PLACE sent early is held until the turn comes */
		wput_bool(d, out, "place_given", d->me != NULL &&
		    jstr(d->me, "pending_place") != NULL);
		wput(d, out, "place_number", mv_int(d->a, number));
		wput(d, out, "place_count", mv_int(d->a, (json_int_t)n));
		if (want(d, "place_before"))
			put(d->a, out, "place_before", deco_buf_str(d,
			    &before));
	}
	mq_buf_free(&before);
}

/* ---- the catalogue, for the welcome and help mails ---- */

static void
deco_catalogue(const struct deco *d, struct mv *out)
{
	const struct mv *cat = d->g->catalogue;
	size_t i;

	for (i = 0; i < cat->u.obj.n; i++)
		if (mq_names_hasn(d->want, cat->u.obj.kv[i].key,
		    cat->u.obj.kv[i].len))
			put(d->a, out, cat->u.obj.kv[i].key, cat->u.obj.kv[i].v);
}

/*
 * The commitments, each with which of its player's moves it is (a player
 * may make two secret moves in one entry, a card and a move): "has_kind"
 * and one "kind_<word>" flag of the daemon's "kind" ("act", "move",
 * "plan", "place"; none is known when it has none); and "yours", the
 * reader's own, which their receipt holds too. Every flag is set on every
 * entry: one missing would be looked up in the enclosing values.
 */
static void
deco_commitments(const struct deco *d, struct mv *out, const json_t *list)
{
	static const char *const kinds[][2] = {
		{ "act", "kind_act" }, { "move", "kind_move" },
		{ "plan", "kind_plan" }, { "place", "kind_place" },
	};
	const json_t *c;
	struct mv *copy, *x;
	const char *kind, *f;
	size_t i, k;
	int known;

	if (json_array_size(list) == 0 || !want(d, "commitments") ||
	    (copy = mv_list(d->a)) == NULL)
		return;
	json_array_foreach(list, i, c) {
		if (!json_is_object(c) || (x = deco_copy(d->a, c, d->want)) ==
		    NULL) {
			mv_push(d->a, copy, mv_json(d->a, c));
			continue;
		}
		kind = jstr(c, "kind");
		known = 0;
		for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
			known |= jeq(kind, kinds[k][0]);
			wput_bool(d, x, kinds[k][1], jeq(kind, kinds[k][0]));
		}
		wput_bool(d, x, "has_kind", known);
		wput_bool(d, x, "yours", jeq(jstr(c, "player"), d->me_name));
		/* for another round than the mail's (a card sent during
		 * the moves, for the next): "card for 8:20", which the
		 * phase it came in tells anyway, as the log does */
		f = jstr(c, "for");
		if (known && f != NULL && d->view != NULL &&
		    jstr(d->view, "time") != NULL &&
		    !jeq(f, jstr(d->view, "time")))
			wput_ref(d, x, "for_other", f);
		else
			wput_bool(d, x, "for_other", 0);
		mv_push(d->a, copy, x);
	}
	put(d->a, out, "commitments", copy);
}

/*
 * has_<key> for the lists a template shows only when non-empty, from the
 * context's list (which out refers to, unless no template needs it).
 */
static void
deco_lists(const struct deco *d, struct mv *out, const json_t *ctx)
{
	static const char *const keys[][2] = {
		{ "accepted", "has_accepted" }, { "refused", "has_refused" },
		{ "already", "has_already" },
		{ "not_commands", "has_not_commands" },
		{ "commitments", "has_commitments" },
		{ "reveals", "has_reveals" }, { "players", "has_players" },
	};
	const json_t *refused = json_object_get(ctx, "refused"), *r;
	const char *json;
	struct mv *copy, *x;
	size_t i, n;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		wput_bool(d, out, keys[i][1], json_array_size(json_object_get(ctx,
		    keys[i][0])) > 0);
	/* STATUS sends the view again, the board with it: the receipt
	 * shows the board only when it was asked for */
	json_array_foreach(json_object_get(ctx, "accepted"), i, r)
		if (jeq(jstr(r, "text"), "STATUS"))
			wput_bool(d, out, "asked_status", 1);
	/* The receipt's JSON as its file holds it, ending in a newline: the
	 * template ends its line, and the mail had two blank lines after it
	 * (before "Waiting for ..."). In a copy. */
	r = json_object_get(ctx, "receipt");
	if ((json = jstr(r, "json")) != NULL && (n = strlen(json)) > 0 &&
	    json[n - 1] == '\n' && want(d, "receipt") &&
	    (x = deco_copy(d->a, r, d->want)) != NULL) {
		while (n > 0 && json[n - 1] == '\n')
			n--;
		put(d->a, x, "json", mv_str(d->a, json, n));
		put(d->a, out, "receipt", x);
	}
	/* The refused lines: wrapped, in copies. */
	if (json_array_size(refused) > 0 && want(d, "refused") &&
	    want(d, "error_wrapped") && (copy = mv_list(d->a)) != NULL) {
		json_array_foreach(refused, i, r) {
			if (json_is_object(r) && jstr(r, "error") != NULL &&
			    (x = deco_copy(d->a, r, d->want)) != NULL) {
				put(d->a, x, "error_wrapped",
				    deco_wrap_sentence(d->a, jstr(r, "error"),
				    74, "    "));
				mv_push(d->a, copy, x);
			} else
				mv_push(d->a, copy, mv_json(d->a, r));
		}
		put(d->a, out, "refused", copy);
	}
	deco_commitments(d, out, json_object_get(ctx, "commitments"));
	if (jstr(ctx, "notice") != NULL && want(d, "notice_wrapped"))
		put(d->a, out, "notice_wrapped", deco_wrap_sentence(d->a,
		    jstr(ctx, "notice"), 76, ""));
	if (jstr(ctx, "reason") != NULL && want(d, "reason_wrapped"))
		put(d->a, out, "reason_wrapped", deco_wrap_sentence(d->a,
		    jstr(ctx, "reason"), 76, ""));
}

/* The midnight times as column heads, and blanks as wide as the name
 * columns, for the text part's grids. */
static void
deco_times(const struct deco *d, struct mv *out)
{
	wput(d, out, "midnight_times", d->g->times_pad);
	if (want(d, "name_blank"))
		put(d->a, out, "name_blank", deco_pad(d->a, "", d->name_w));
	wput(d, out, "room_blank", d->g->room_blank);
}

/* The players' names and rooms, and the widths of the name columns. */
static void
players(struct deco *d)
{
	const json_t *a = json_object_get(d->view, "players"), *v;
	struct player *p;
	size_t i;
	int w;

	d->room_w = d->g->room_w;
	d->name_w = 5;
	d->nplayers = json_array_size(a);
	if (d->nplayers == 0 || (d->players = mq_arena_alloc(d->a,
	    d->nplayers * sizeof(*d->players))) == NULL) {
		d->nplayers = 0;
		return;
	}
	json_array_foreach(a, i, v) {
		p = &d->players[i];
		p->p = v;
		p->name = jstr(v, "name");
		p->room = jstr(v, "room");
		p->popularity = json_integer_value(json_object_get(v, "popularity"));
		p->seat = json_integer_value(json_object_get(v, "seat"));
		if (p->name != NULL && (w = deco_width(p->name)) > d->name_w)
			d->name_w = w;
	}
}

const struct mv *
mq_deco_game_decorate(struct mq_deco_game *g, struct mq_arena *a,
    const json_t *ctx, struct mq_names *want_)
{
	struct deco d;
	struct mv *out;
	const char *owed;

	memset(&d, 0, sizeof(d));
	d.g = g;
	d.a = a;
	d.gd = g->gd;
	d.lang = g->lang;
	d.want = want_;
	out = json_is_object(ctx) ? deco_copy(a, ctx, want_) : mv_obj(a);
	if (out == NULL)
		return NULL;
	d.view = json_is_object(json_object_get(ctx, "view")) ?
	    json_object_get(ctx, "view") : NULL;
	d.ring = json_object_get(d.view, "rooms");
	d.me = json_is_object(json_object_get(d.view, "me")) ?
	    json_object_get(d.view, "me") : NULL;
	d.me_name = jstr(ctx, "player");
	d.out_of_game = json_object_get(ctx, "out_of_game");
	if (d.me_name == NULL)
		d.me_name = jstr(d.me, "name");
	players(&d);

	wput_ref(&d, out, "lang", d.lang);
	wflag(&d, out, "lang_", d.lang);
	if (d.view != NULL) {
		wput_ref(&d, out, "clock", jstr(d.view, "time"));
		wflag(&d, out, "phase_", jstr(d.view, "phase"));
		if (jstr(d.view, "winner") != NULL)
			wput_ref(&d, out, "winner", jstr(d.view, "winner"));
		/* the end mail says "You win" to the winner */
		wput_bool(&d, out, "winner_is_me", jeq(jstr(d.view, "winner"),
		    d.me_name));
		wput_bool(&d, out, "over", jeq(jstr(d.view, "phase"), "over"));
		wput(&d, out, "game_round", mv_json(a, json_object_get(d.view,
		    "round")));
		/* the round whose moves strike midnight: the last on the
		 * Prince's path */
		wput_bool(&d, out, "last_round", json_integer_value(
		    json_object_get(d.view, "round")) > 0 &&
		    (size_t)json_integer_value(json_object_get(d.view, "round")) ==
		    json_array_size(json_object_get(json_object_get(d.view,
		    "prince"), "path")) && (jeq(jstr(d.view, "phase"), "act") ||
		    jeq(jstr(d.view, "phase"), "move")));
		wput(&d, out, "rumor_deck", mv_json(a, json_object_get(d.view,
		    "rumor_deck")));
		if (jstr(json_object_get(d.view, "prince"), "room") != NULL)
			wput_ref(&d, out, "prince_name", room_name(&d,
			    jstr(json_object_get(d.view, "prince"), "room")));
		if (want(&d, "board"))
			deco_board(&d, out);
		if (want(&d, "path") || want(&d, "path_rows"))
			deco_path(&d, out);
		if (want(&d, "track") || want(&d, "dead") ||
		    want(&d, "has_dead") || want(&d, "has_track") ||
		    want(&d, "players_view"))
			deco_track(&d, out);
		if (want(&d, "notes"))
			deco_notes(&d, out);
		if (want(&d, "red_death") || want(&d, "has_red_death"))
			deco_red_death(&d, out);
		/* the mail of the defaults that pause the game asks no one
		 * for a move (notify.c): nobody is waited for till it resumes */
		if (!json_is_true(json_object_get(ctx, "pausing")))
			deco_waiting(&d, out);
		if (want(&d, "place_wait"))
			deco_place_order(&d, out);
		if (want(&d, "me"))
			deco_me(&d, out);
		if (want(&d, "examples"))
			deco_examples(&d, out);
		if (want(&d, "evidence_discard") ||
		    want(&d, "has_evidence_discard"))
			deco_evidence(&d, out);
	}
	/* the mail's, null when it asks for no move (a kicked seat, a game
	 * paused or pausing); the view's where the mail says nothing */
	owed = json_object_get(ctx, "owed") != NULL ? jstr(ctx, "owed") :
	    jstr(d.view, "owed");
	wflag(&d, out, "owes_", owed);
	wput_bool(&d, out, "owes_nothing", owed == NULL);
	if (want(&d, "events") || want(&d, "has_events") ||
	    want(&d, "winner_popularity"))
		deco_events(&d, out, json_object_get(ctx, "events"));
	deco_catalogue(&d, out);
	deco_times(&d, out);
	deco_lists(&d, out, ctx);
	if (want(&d, "sig_lines"))	/* deco_util.h */
		wput(&d, out, "sig_lines", deco_sig_lines(a, ctx));
	return mq_arena_oom(a) ? NULL : out;
}

json_t *
mq_render_decorate(const json_t *gamedata, const char *lang, const json_t *ctx)
{
	struct mq_deco_game *g;
	struct mq_arena *a;
	const struct mv *v;
	json_t *out = NULL;

	if (jeq(jstr(ctx, "kind"), "masquerade")) {
		if ((a = mq_arena_new()) != NULL && (v = mq_deco_ms_decorate(a,
		    gamedata, lang != NULL ? lang : "en", ctx)) != NULL)
			out = mv_to_json(v);
		mq_arena_free(a);
		return out;
	}
	if ((g = mq_deco_game_new(gamedata, lang != NULL ? lang : "en")) == NULL)
		return NULL;
	if ((a = mq_arena_new()) != NULL &&
	    (v = mq_deco_game_decorate(g, a, ctx, NULL)) != NULL)
		out = mv_to_json(v);
	mq_arena_free(a);
	mq_deco_game_free(g);
	return out;
}
