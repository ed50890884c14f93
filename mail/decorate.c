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
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "mail/deco_game.h"
#include "mail/deco_util.h"
#include "mail/decorate.h"
#include "mail/names.h"
#include "mail/render.h"

/* What decorate reads of each entry of view.players, read once. */
struct player {
	const json_t *p;	/* the entry; names NULL unless an object */
	const char *name;
	const char *room;
	json_int_t popularity;	/* 0 unless an integer */
	json_int_t seat;
};

struct deco {
	struct mq_deco_game *g;
	struct mq_arena *a;	/* the mail's values */
	const json_t *gd;	/* the game's data file */
	const char *lang;
	const json_t *view;	/* may be NULL */
	const json_t *ring;	/* view.rooms, may be NULL */
	const json_t *me;	/* view.me, may be NULL */
	const char *me_name;	/* the recipient, may be NULL */
	int room_w;		/* widest localised room name, in columns */
	int name_w;		/* widest player name */
	struct mq_names *want;	/* the keys to make; NULL: all */
	struct player *players;	/* view.players, in order */
	size_t nplayers;
};

/*
 * Whether a template can look key up, so that it is worth making; key is
 * a string literal (its answer is remembered by address).
 */
static int
want(const struct deco *d, const char *key)
{
	return mq_names_has_lit(d->want, key);
}

/* o[key] = v when a template can look key up. */
static void
wput(const struct deco *d, struct mv *o, const char *key, const struct mv *v)
{
	if (want(d, key))
		mv_set(d->a, o, key, v);
}

static void
wput_bool(const struct deco *d, struct mv *o, const char *key, int b)
{
	if (want(d, key))
		mv_set(d->a, o, key, mv_bool(b));
}

/* o[key] = s, referenced (see put_ref), when a template can look key up. */
static void
wput_ref(const struct deco *d, struct mv *o, const char *key, const char *s)
{
	if (want(d, key))
		put_ref(d->a, o, key, s);
}

static void
wflag(const struct deco *d, struct mv *o, const char *prefix, const char *word)
{
	put_flag(d->a, o, prefix, word, d->want);
}

/* A copy of the string in b, or a failure marked in the arena. */
static struct mv *
buf_str(const struct deco *d, const struct mq_buf *b)
{
	if (b->oom) {
		mq_arena_fail(d->a);
		return NULL;
	}
	return mv_str(d->a, mq_buf_str(b), b->len);
}

static const char *
room_name(const struct deco *d, const char *id)
{
	return deco_room_name(d->g, id);
}

static const char *
card_name(const struct deco *d, const char *id)
{
	return deco_card_name(d->g, id);
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
static void
put_cards(const struct deco *d, struct mv *o, const char *key,
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
		mv_set(d->a, o, key_text, buf_str(d, &text));
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
static struct mv *
rumor_obj(const struct deco *d, const json_t *r)
{
	struct mv *o;

	if (!json_is_object(r) || (o = deco_copy(d->a, r, d->want)) == NULL)
		return NULL;
	wflag(d, o, "is_", jstr(r, "type"));
	if (jstr(r, "room") != NULL)
		wput_ref(d, o, "room_name", room_name(d, jstr(r, "room")));
	return o;
}

/* The ring of rooms: the view's, else the game data's order. */
static const json_t *
ring(const struct deco *d)
{
	return d->ring;
}

static const char *
ring_step(const struct deco *d, const char *from, int steps)
{
	const json_t *r = ring(d);
	size_t i, n = json_array_size(r);

	for (i = 0; i < n; i++)
		if (jeq(json_string_value(json_array_get(r, i)), from))
			return json_string_value(json_array_get(r,
			    (i + n + (size_t)(steps % (int)n + (int)n)) % n));
	return NULL;
}

/* ---- the board ---- */

static void
deco_board(const struct deco *d, struct mv *out)
{
	const json_t *rooms = ring(d);
	const char *prince = jstr(json_object_get(d->view, "prince"), "room");
	const char *mine = jstr(d->me, "room");
	const json_t *o;
	struct mv *board = mv_list(d->a), *r, *nobles, *x;
	struct mq_buf text = MQ_BUF_INIT;
	size_t i, j;
	int wn = want(d, "nobles"), wt = want(d, "nobles_text");

	json_array_foreach(rooms, i, o) {
		const char *id = json_string_value(o);

		if (id == NULL || (r = deco_room_obj(d->g, d->a, id)) == NULL)
			continue;
		nobles = mv_list(d->a);
		mq_buf_reset(&text);
		for (j = 0; j < d->nplayers; j++) {
			const char *name = d->players[j].name;

			if (!jeq(d->players[j].room, id) || name == NULL)
				continue;
			/* has_nobles needs only their count */
			if (wn && (x = mv_obj(d->a)) != NULL) {
				put_ref(d->a, x, "name", name);
				put_bool(d->a, x, "is_me", jeq(name, d->me_name));
				mv_push(d->a, nobles, x);
			} else if (!wn)
				mv_push(d->a, nobles, mv_null());
			if (!wt)
				continue;
			if (text.len)
				mq_buf_putc(&text, ' ');
			mq_buf_puts(&text, name);
		}
		wput(d, r, "n", mv_int(d->a, (json_int_t)i + 1));
		/* the HTML board gives its column widths in the first row only */
		wput_bool(d, r, "is_first", mv_size(board) == 0);
		wput_bool(d, r, "has_nobles", mv_size(nobles) > 0);
		wput(d, r, "nobles", nobles);
		if (wt) {
			if (text.oom)
				mq_arena_fail(d->a);
			else
				put(d->a, r, "nobles_text", deco_pad(d->a,
				    mq_buf_str(&text), 24));
		}
		wput_bool(d, r, "has_prince", jeq(prince, id));
		wput_bool(d, r, "is_mine", d->me != NULL && jeq(mine, id));
		mv_push(d->a, board, r);
	}
	mq_buf_free(&text);
	put(d->a, out, "board", board);
}

/* A path cell made for this mail: a room the game data lacks, a late round. */
static struct mv *
path_cell(const struct deco *d, const char *id, size_t i, int now, int past)
{
	char tb[16];
	struct mv *o = deco_room_obj(d->g, d->a, id);

	if (o == NULL)
		return NULL;
	deco_round_time(d->gd, i, tb, sizeof(tb));
	put(d->a, o, "time", mv_str(d->a, tb, strlen(tb)));
	put(d->a, o, "time_pad", deco_lpad(d->a, tb, 5));
	put_bool(d->a, o, "is_now", now);
	put_bool(d->a, o, "is_past", past);
	put_ref(d->a, o, "mark", now ? ">" : " ");
	return o;
}

/* The Prince's path, with its times; rows of three for the text part. */
static void
deco_path(const struct deco *d, struct mv *out)
{
	const json_t *path = json_object_get(json_object_get(d->view, "prince"), "path");
	json_int_t round = json_integer_value(json_object_get(d->view, "round"));
	int over = jeq(jstr(d->view, "phase"), "over");
	struct mv *list = mv_list(d->a), *rows = mv_list(d->a), *row = NULL;
	struct mv *cells = NULL;
	const struct mv *o;
	const struct deco_item *it;
	const json_t *v;
	size_t i;

	json_array_foreach(path, i, v) {
		const char *id = json_string_value(v);
		int now = !over && (json_int_t)i + 1 == round;
		int past = over || (json_int_t)i + 1 < round;

		if (id == NULL)
			continue;
		o = NULL;
		if ((it = deco_room(d->g, id)) != NULL && i < DECO_PATH)
			o = deco_path_cell(d->g, (size_t)(it - d->g->rooms), i,
			    now ? PATH_NOW : past ? PATH_PAST : PATH_NEXT);
		if (o == NULL && (o = path_cell(d, id, i, now, past)) == NULL)
			continue;
		mv_push(d->a, list, o);
		if (row == NULL || mv_size(cells) == 3) {
			row = mv_obj(d->a);
			cells = mv_list(d->a);
			put(d->a, row, "cells", cells);
			/* the HTML path gives its column widths in the first row only */
			wput_bool(d, row, "is_first", mv_size(rows) == 0);
			mv_push(d->a, rows, row);
		}
		mv_push(d->a, cells, o);
	}
	wput(d, out, "path", list);
	wput(d, out, "path_rows", rows);
}

static int
by_popularity(const void *a, const void *b)
{
	const struct player *x = *(const struct player *const *)a;
	const struct player *y = *(const struct player *const *)b;

	if (x->popularity != y->popularity)
		return x->popularity > y->popularity ? -1 : 1;
	return x->seat < y->seat ? -1 : x->seat > y->seat;
}

/* A direction list (a plan) as steps with their times and one string. */
static void
put_plan(const struct deco *d, struct mv *o, const json_t *plan)
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
			wput(d, s, "pad", deco_pad(d->a, dir, 5));
			mv_push(d->a, steps, s);
		}
		if (i)
			mq_buf_putc(&text, ' ');
		mq_buf_puts(&text, dir);
	}
	wput(d, o, "plan", steps);
	if (want(d, "plan_text"))
		put(d->a, o, "plan_text", buf_str(d, &text));
	mq_buf_free(&text);
}

static struct mv *
player_obj(const struct deco *d, const json_t *p, size_t rank)
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
	put_cards(d, o, "discards", "discards_text", "has_discards",
	    json_object_get(p, "discards"));
	if (json_is_array(plan = json_object_get(p, "plan")))
		put_plan(d, o, plan);
	return o;
}

/* The popularity track, most popular first; the dead after, in seat order. */
static void
deco_track(const struct deco *d, struct mv *out)
{
	const struct player *sorted[64];
	struct mv *track = mv_list(d->a), *dead = mv_list(d->a);
	struct mv *all = mv_list(d->a);
	size_t i, n = 0, rank = 0;
	int wt = want(d, "track"), wd = want(d, "dead");

	for (i = 0; i < d->nplayers; i++)
		if (json_is_object(d->players[i].p) &&
		    n < sizeof(sorted) / sizeof(sorted[0]))
			sorted[n++] = &d->players[i];
	qsort(sorted, n, sizeof(sorted[0]), by_popularity);
	for (i = 0; i < n; i++) {
		const json_t *p = sorted[i]->p;
		int alive = json_is_integer(json_object_get(p, "popularity"));

		/* has_dead needs only the count of the dead, not them */
		if (alive)
			mv_push(d->a, track, wt ? player_obj(d, p, ++rank) :
			    mv_null());
		else if (wd) {
			struct mv *x = player_obj(d, p, 0);

			/* the separator before all but the first: a list, which
			 * wraps after it (two spaces read as a table's column) */
			if (x != NULL)
				wput_bool(d, x, "dead_after", mv_size(dead) > 0);
			mv_push(d->a, dead, x);
		} else
			mv_push(d->a, dead, mv_null());
	}
	if (want(d, "players_view"))
		for (i = 0; i < d->nplayers; i++)
			if (json_is_object(d->players[i].p))
				mv_push(d->a, all, player_obj(d, d->players[i].p, 0));
	wput(d, out, "track", track);
	wput(d, out, "dead", dead);
	wput_bool(d, out, "has_dead", mv_size(dead) > 0);
	/* nobody alive (the end of a night nobody survived): no heading */
	wput_bool(d, out, "has_track", mv_size(track) > 0);
	wput(d, out, "players_view", all);
}

/* The notes: a row per room (ring order), a column per midnight time. */
static void
deco_notes(const struct deco *d, struct mv *out)
{
	const json_t *notes = json_object_get(d->me, "notes"), *times, *v, *r;
	const json_t *at[64];	/* notes[time], per time */
	struct mv *grid, *rows, *row, *cells, *c;
	size_t i, j;
	int known = 0, k;

	if (!json_is_object(notes))
		return;
	rows = mv_list(d->a);
	times = d->g->times;
	json_array_foreach(times, j, v) {
		const char *t = json_string_value(v);

		if (j < sizeof(at) / sizeof(at[0]))
			at[j] = json_object_get(notes, t ? t : "");
	}
	json_array_foreach(ring(d), i, r) {
		const char *id = json_string_value(r);

		if (id == NULL || (row = deco_room_obj(d->g, d->a, id)) == NULL)
			continue;
		cells = mv_list(d->a);
		json_array_foreach(times, j, v) {
			const char *t = json_string_value(v);
			const char *s = jstr(j < sizeof(at) / sizeof(at[0]) ? at[j] :
			    json_object_get(notes, t ? t : ""), id);

			known += s != NULL;
			k = s == NULL || strcmp(s, "unknown") == 0 ? CELL_UNKNOWN :
			    strcmp(s, "safe") == 0 ? CELL_SAFE :
			    strcmp(s, "deadly") == 0 ? CELL_DEADLY : -1;
			if (k >= 0 && j < d->g->ncells && d->g->cells[j][k] != NULL) {
				mv_push(d->a, cells, d->g->cells[j][k]);
				continue;
			}
			if ((c = mv_obj(d->a)) == NULL)
				continue;
			wflag(d, c, "is_", s ? s : "unknown");
			put_ref(d->a, c, "mark", jeq(s, "safe") ? "safe" :
			    jeq(s, "deadly") ? "DEAD" : ".");
			put_ref(d->a, c, "time", t);
			mv_push(d->a, cells, c);
		}
		put(d->a, row, "cells", cells);
		mv_push(d->a, rows, row);
	}
	if ((grid = mv_obj(d->a)) == NULL)
		return;
	put(d->a, grid, "times", d->g->times_pad);
	put(d->a, grid, "rows", rows);
	put_bool(d->a, grid, "known", known > 0);
	put(d->a, grid, "blank", d->g->room_blank);
	put(d->a, out, "notes", grid);
}

/* The Red Death's rooms per time, once midnight has shown them. */
static void
deco_red_death(const struct deco *d, struct mv *out)
{
	const json_t *rd = json_object_get(d->view, "red_death"), *times, *v, *r;
	const json_t *at;
	const struct deco_item *it;
	struct mv *list, *rooms, *o;
	size_t i, j;

	if (!json_is_object(rd))
		return;
	list = mv_list(d->a);
	times = d->g->times;
	json_array_foreach(times, i, v) {
		const char *t = json_string_value(v);

		if (t == NULL)
			continue;
		rooms = mv_list(d->a);
		at = json_object_get(rd, t);
		json_array_foreach(at, j, r) {
			if (!json_is_string(r))
				continue;
			it = deco_room(d->g, json_string_value(r));
			mv_push(d->a, rooms, it != NULL ? it->obj :
			    deco_room_obj(d->g, d->a, json_string_value(r)));
		}
		if ((o = mv_obj(d->a)) == NULL)
			continue;
		put_ref(d->a, o, "time", t);
		put(d->a, o, "rooms", rooms);
		mv_push(d->a, list, o);
	}
	wput_bool(d, out, "has_red_death", mv_size(list) > 0);
	wput(d, out, "red_death", list);
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
		to = ring_step(d, at, jeq(dir, "cw") ? 1 : jeq(dir, "ccw") ? -1 : 0);
		if (to != NULL)
			at = to;
		note = jstr(json_object_get(notes, t), at);
		put_ref(d->a, o, "time", t);
		put_ref(d->a, o, "dir", dir);
		wput(d, o, "dir_pad", deco_pad(d->a, dir, 5));
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

/* The dashes after a name of fewer than 20 columns, up to 20: the heading
 * of the reader's own section ("-- YOU: bob -----") is as wide whatever
 * the name, and a name as long as they go (20) still fits 78 columns. */
static struct mv *
name_dashes(const struct deco *d, const char *name)
{
	int n = 20 - deco_width(name != NULL ? name : "");
	struct mv *v;
	char *t;

	if (n < 0)
		n = 0;
	if ((t = mq_arena_alloc(d->a, (size_t)n + 1)) == NULL ||
	    (v = mv_str_ref(d->a, "")) == NULL)
		return NULL;
	memset(t, '-', (size_t)n);
	t[n] = '\0';
	v->u.str.s = t;
	v->u.str.len = (size_t)n;
	return v;
}

static void
deco_me(const struct deco *d, struct mv *out)
{
	const json_t *v;
	struct mv *me, *a;
	size_t i;

	if (!json_is_object(d->me) || (me = player_obj(d, d->me, 0)) == NULL)
		return;
	put_cards(d, me, "hand", "hand_text", "has_hand",
	    json_object_get(d->me, "hand"));
	if (jstr(d->me, "personality") != NULL)
		wput_ref(d, me, "personality_name", card_name(d, jstr(d->me,
		    "personality")));
	if (want(d, "rumors") || want(d, "has_rumors")) {
		const json_t *rumors = json_object_get(d->me, "rumors");

		a = mv_list(d->a);
		json_array_foreach(rumors, i, v)
			mv_push(d->a, a, rumor_obj(d, v));
		wput_bool(d, me, "has_rumors", mv_size(a) > 0);
		wput(d, me, "rumors", a);
	}
	if (want(d, "nearby") || want(d, "has_nearby")) {
		const char *room = jstr(d->me, "room");

		a = mv_list(d->a);
		for (i = 0; i < d->nplayers; i++) {
			const struct player *p = &d->players[i];

			if (room != NULL && jeq(p->room, room) &&
			    !jeq(p->name, d->me_name) && p->name != NULL)
				mv_push(d->a, a, mv_str_ref(d->a, p->name));
		}
		wput_bool(d, me, "has_nearby", mv_size(a) > 0);
		wput(d, me, "nearby", a);
	}
	if (jstr(d->me, "pending_place") != NULL)
		wput_ref(d, me, "pending_place_name", room_name(d,
		    jstr(d->me, "pending_place")));
	if (want(d, "plan_path") || want(d, "has_plan_path"))
		plan_path(d, me);
	if (want(d, "name_dashes"))
		put(d->a, me, "name_dashes", name_dashes(d, jstr(d->me, "name")));
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

/* Who the game waits for, and for what. */
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
			if (jeq(what, kinds[k]) && !jeq(player, d->me_name))
				list_add(d, &by[k], player);
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
			put(d->a, out, keys[k], buf_str(d, &by[k]));
		mq_buf_free(&by[k]);
	}
	wput_bool(d, out, "has_waiting", mv_size(list) > 0);
	wput(d, out, "waiting", list);
	if (want(d, "waiting_text"))
		put(d->a, out, "waiting_text", buf_str(d, &names));
	mq_buf_free(&names);
}

/*
 * Before 8:00, where the reader stands in the order of placement (the
 * least popular first, then on in seat order, as the engine places) and
 * who still places before them: place_wait, place_number, place_count,
 * place_before. Nothing once they have placed, or while it is their turn
 * (their request says so).
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
		wput(d, out, "place_number", mv_int(d->a, number));
		wput(d, out, "place_count", mv_int(d->a, (json_int_t)n));
		if (want(d, "place_before"))
			put(d->a, out, "place_before", buf_str(d, &before));
	}
	mq_buf_free(&before);
}

/* ---- example commands from the player's own hand ---- */

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
	if ((text = buf_str(d, &b)) == NULL || (o = mv_obj(d->a)) == NULL) {
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
	const char *to = ring_step(d, jstr(d->me, "room"), steps);
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
		put(d->a, o, "text", buf_str(d, &b));
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

static void
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
	if (want(d, "play")) {
		const json_t *hand = json_object_get(d->me, "hand");

		a = mv_list(d->a);
		json_array_foreach(hand, i, v)
			if (json_is_string(v))
				mv_push(d->a, a, play_example(d, json_string_value(v),
				    &tg));
		put(d->a, ex, "play", a);
	}
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

/* ---- events ---- */

static struct mv *
event_obj(const struct deco *d, const json_t *e)
{
	const char *type = jstr(e, "type"), *k;
	const json_t *plans, *v;
	struct mv *o = deco_copy(d->a, e, d->want), *list, *p;

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
		wput_bool(d, o, "stayed", jeq(jstr(e, "from"), jstr(e, "to")));
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
		wput_bool(d, o, "stopped", delta < 0 && moved < dealt);
	}
	if (json_is_object(json_object_get(e, "rumor")) && want(d, "rumor"))
		put(d->a, o, "rumor", rumor_obj(d, json_object_get(e, "rumor")));
	plans = json_object_get(e, "plans");
	if (json_is_object(plans) && want(d, "plans_list")) {
		list = mv_list(d->a);
		json_object_foreach((json_t *)plans, k, v) {
			if ((p = mv_obj(d->a)) == NULL)
				continue;
			put_ref(d->a, p, "player", k);
			put_bool(d->a, p, "is_me", jeq(k, d->me_name));
			wput(d, p, "name_pad", deco_pad(d->a, k, d->name_w));
			put_plan(d, p, v);
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

static void
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
	/* The winner's popularity, from the event that names them. */
	if (want(d, "winner_popularity"))
		json_array_foreach(events, i, e)
			if (jeq(jstr(e, "type"), "winner"))
				put(d->a, out, "winner_popularity", mv_json(d->a,
				    json_object_get(e, "popularity")));
}

/* The Evidence shown from the discard, each a Rumor card (rumor_obj). */
static void
deco_evidence(const struct deco *d, struct mv *out)
{
	struct mv *ev = mv_list(d->a);
	const json_t *e, *shown = json_object_get(d->view, "evidence_discard");
	size_t i;

	json_array_foreach(shown, i, e)
		if (json_is_object(e))
			mv_push(d->a, ev, rumor_obj(d, e));
	wput_bool(d, out, "has_evidence_discard", mv_size(ev) > 0);
	wput(d, out, "evidence_discard", ev);
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
 * has_<key> for the lists a template shows only when non-empty, from the
 * context's list (which out refers to, unless no template needs it).
 */
static void
deco_lists(const struct deco *d, struct mv *out, const json_t *ctx)
{
	static const char *const keys[][2] = {
		{ "accepted", "has_accepted" }, { "refused", "has_refused" },
		{ "already", "has_already" },
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
	owed = jstr(ctx, "owed");
	if (owed == NULL)
		owed = jstr(d.view, "owed");
	wflag(&d, out, "owes_", owed);
	wput_bool(&d, out, "owes_nothing", owed == NULL);
	if (want(&d, "events") || want(&d, "has_events") ||
	    want(&d, "winner_popularity"))
		deco_events(&d, out, json_object_get(ctx, "events"));
	deco_catalogue(&d, out);
	deco_times(&d, out);
	deco_lists(&d, out, ctx);
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
