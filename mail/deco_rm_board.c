/*
 * deco_rm_board.c - the board of a Red Death mail, for decorate.c: the
 * rooms in ring order with who stands in each, the Prince's path, the
 * popularity track (and the dead), the reader's notes, where the Red
 * Death went, and the Evidence shown.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "mail/deco_rm.h"

/* The rooms in ring order, who stands in each, and the Prince's. */
void
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
void
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
	int marked = 0;

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
		marked |= now;
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
	/* the legend of '>' only when a round is being played (not during
	 * placement, not at the end) */
	wput_bool(d, out, "path_marked", marked);
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

/* The popularity track, most popular first; the dead after, in seat order. */
void
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
			mv_push(d->a, track, wt ? deco_player_obj(d, p,
			    ++rank) : mv_null());
		else if (wd) {
			struct mv *x = deco_player_obj(d, p, 0);

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
				mv_push(d->a, all, deco_player_obj(d,
				    d->players[i].p, 0));
	wput(d, out, "track", track);
	wput(d, out, "dead", dead);
	wput_bool(d, out, "has_dead", mv_size(dead) > 0);
	/* nobody alive (the end of a night nobody survived): no heading */
	wput_bool(d, out, "has_track", mv_size(track) > 0);
	wput(d, out, "players_view", all);
}

/* The notes: a row per room (ring order), a column per midnight time. */
void
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
void
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

/* The Evidence shown from the discard, each a Rumor card (deco_rumor_obj)
 * that knows whether it is the "first", so that a language separating a
 * list's entries by more than a space (ja, zh: "、") can. */
void
deco_evidence(const struct deco *d, struct mv *out)
{
	struct mv *ev = mv_list(d->a), *o;
	const json_t *e, *shown = json_object_get(d->view, "evidence_discard");
	size_t i;

	json_array_foreach(shown, i, e)
		if (json_is_object(e)) {
			o = deco_rumor_obj(d, e);
			put_bool(d->a, o, "first", mv_size(ev) == 0);
			mv_push(d->a, ev, o);
		}
	wput_bool(d, out, "has_evidence_discard", mv_size(ev) > 0);
	wput(d, out, "evidence_discard", ev);
}
