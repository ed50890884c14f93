/*
 * render.c - the outgoing mails, from templates/LANG/KIND.*.mustache.
 *
 * Two halves. Decorate turns the daemon's raw context (the engine's view
 * and events, receipts, commitments) into plain data a logic-less template
 * can print: localised names, the board in ring order, padded columns for
 * the text part, one "is_<type>" flag per event. Render then reads the
 * three templates of a mail kind and their partials, and checks what it
 * made: one subject line, and a text part whose first line is the marker
 * the reply extractor cuts at.
 *
 * Decorate never fails on odd input: a key that is missing, null or of the
 * wrong type is left out, so a template prints nothing for it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "err.h"
#include "mail/mustache.h"
#include "mail/render.h"
#include "mail/reply_text.h"

#define MAXROOMS	16
#define MAXPARTIALS	64
#define MAXTEMPLATE	(1024 * 1024)

struct deco {
	const json_t *gd;	/* the game's data file */
	const char *lang;
	const json_t *view;	/* may be NULL */
	const json_t *me;	/* view.me, may be NULL */
	const char *me_name;	/* the recipient, may be NULL */
	int room_w;		/* widest localised room name, in columns */
	int name_w;		/* widest player name */
};

/* ---- small helpers ---- */

static const char *
jstr(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static int
jeq(const char *a, const char *b)
{
	return a != NULL && b != NULL && strcmp(a, b) == 0;
}

/* Set o[key] = v, taking v; a NULL v (out of memory) sets nothing. */
static void
put(json_t *o, const char *key, json_t *v)
{
	if (v != NULL)
		json_object_set_new(o, key, v);
}

static void
put_str(json_t *o, const char *key, const char *s)
{
	if (s != NULL)
		put(o, key, json_string(s));
}

/* o["<prefix><word>"] = true, for a word of [a-z0-9_] only. */
static void
put_flag(json_t *o, const char *prefix, const char *word)
{
	char key[64];
	size_t i, np, nw;

	if (word == NULL || *word == '\0')
		return;
	np = strlen(prefix);
	nw = strlen(word);
	if (np + nw >= sizeof(key))
		return;
	for (i = 0; word[i]; i++)
		if (!((word[i] >= 'a' && word[i] <= 'z') ||
		    (word[i] >= '0' && word[i] <= '9') || word[i] == '_'))
			return;
	memcpy(key, prefix, np);
	memcpy(key + np, word, nw + 1);
	put(o, key, json_true());
}

/* Columns a UTF-8 string takes in a terminal: East Asian wide and
 * full-width characters take two. */
static int
dwidth(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned cp;
	int w = 0, n;

	while (*p) {
		if (*p < 0x80) {
			cp = *p;
			n = 1;
		} else if ((*p & 0xE0) == 0xC0) {
			cp = *p & 0x1F;
			n = 2;
		} else if ((*p & 0xF0) == 0xE0) {
			cp = *p & 0x0F;
			n = 3;
		} else {
			cp = *p & 0x07;
			n = 4;
		}
		for (int i = 1; i < n; i++) {
			if ((p[i] & 0xC0) != 0x80) {
				n = i;
				break;
			}
			cp = cp << 6 | (p[i] & 0x3F);
		}
		p += n;
		if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) ||
		    (cp >= 0x3041 && cp <= 0x33FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
		    (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
		    (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
		    (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
		    (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD))
			w += 2;
		else
			w += 1;
	}
	return w;
}

/* s followed by spaces up to w columns (s itself when it is wider). */
static json_t *
padded(const char *s, int w)
{
	struct mq_buf b = MQ_BUF_INIT;
	json_t *v;
	int n;

	mq_buf_puts(&b, s);
	for (n = dwidth(s); n < w; n++)
		mq_buf_putc(&b, ' ');
	v = b.oom ? NULL : json_string(mq_buf_str(&b));
	mq_buf_free(&b);
	return v;
}

/* Spaces up to w columns, then s: for right-aligned times. */
static json_t *
lpadded(const char *s, int w)
{
	struct mq_buf b = MQ_BUF_INIT;
	json_t *v;
	int n;

	for (n = dwidth(s); n < w; n++)
		mq_buf_putc(&b, ' ');
	mq_buf_puts(&b, s);
	v = b.oom ? NULL : json_string(mq_buf_str(&b));
	mq_buf_free(&b);
	return v;
}

/* s word-wrapped at width columns, continuation lines starting with
 * indent; for the engine's and the host's sentences in the text part. A
 * word wider than the line (or text without spaces) is never broken. */
static json_t *
wrapped(const char *s, int width, const char *indent)
{
	struct mq_buf b = MQ_BUF_INIT, word = MQ_BUF_INIT;
	int col = 0, w;
	json_t *v;

	for (;;) {
		if (*s == ' ' || *s == '\n' || *s == '\0') {
			if (word.len > 0) {
				w = dwidth(mq_buf_str(&word));
				if (col > 0 && col + 1 + w > width) {
					mq_buf_printf(&b, "\n%s", indent);
					col = dwidth(indent);
				} else if (col > 0) {
					mq_buf_putc(&b, ' ');
					col++;
				}
				mq_buf_puts(&b, mq_buf_str(&word));
				col += w;
				mq_buf_reset(&word);
			}
			if (*s == '\0')
				break;
		} else
			mq_buf_putc(&word, *s);
		s++;
	}
	v = b.oom || word.oom ? NULL : json_string(mq_buf_str(&b));
	mq_buf_free(&b);
	mq_buf_free(&word);
	return v;
}

/* The entry of gamedata[list] whose "id" is id. */
static const json_t *
gd_find(const struct deco *d, const char *list, const char *id)
{
	const json_t *a = json_object_get(d->gd, list), *e;
	size_t i;

	if (id == NULL)
		return NULL;
	json_array_foreach(a, i, e)
		if (jeq(jstr(e, "id"), id))
			return e;
	return NULL;
}

/* The localised name of a room or card: names[lang], else names.en, else
 * the id itself. */
static const char *
lname(const struct deco *d, const char *list, const char *id)
{
	const json_t *names = json_object_get(gd_find(d, list, id), "names");
	const char *s;

	if ((s = jstr(names, d->lang)) != NULL || (s = jstr(names, "en")) != NULL)
		return s;
	return id;
}

static const char *
room_name(const struct deco *d, const char *id)
{
	return lname(d, "rooms", id);
}

static const char *
card_name(const struct deco *d, const char *id)
{
	return lname(d, "action_cards", id);
}

/* The list of names of a list of card ids, as objects and as one string. */
static void
put_cards(const struct deco *d, json_t *o, const char *key, const json_t *ids)
{
	struct mq_buf text = MQ_BUF_INIT, k = MQ_BUF_INIT;
	const char *sep = strcmp(d->lang, "en") == 0 ? ", " : "、";
	json_t *a = json_array(), *v;
	size_t i;

	json_array_foreach(ids, i, v) {
		const char *id = json_string_value(v);

		if (id == NULL)
			continue;
		json_array_append_new(a, json_pack("{s:s, s:s}", "id", id,
		    "name", card_name(d, id)));
		mq_buf_printf(&text, "%s%s", i ? sep : "", card_name(d, id));
	}
	put(o, key, a);
	mq_buf_printf(&k, "%s_text", key);
	if (!text.oom && !k.oom)
		put_str(o, mq_buf_str(&k), mq_buf_str(&text));
	mq_buf_reset(&k);
	mq_buf_printf(&k, "has_%s", key);
	if (!k.oom)
		put(o, mq_buf_str(&k), json_boolean(json_array_size(a) > 0));
	mq_buf_free(&text);
	mq_buf_free(&k);
}

/* Room colours for the HTML board: the abbey's seven, else grey. */
static void
room_colors(const char *id, const char **bg, const char **fg)
{
	static const char *const tab[][3] = {
		{ "blue", "#1f4e9c", "#ffffff" }, { "purple", "#6b2d8f", "#ffffff" },
		{ "green", "#2e7d32", "#ffffff" }, { "orange", "#e07b00", "#ffffff" },
		{ "white", "#f4f4f4", "#222222" }, { "violet", "#9b6fd6", "#ffffff" },
		{ "black", "#111111", "#ffffff" },
	};
	size_t i;

	for (i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		if (jeq(id, tab[i][0])) {
			*bg = tab[i][1];
			*fg = tab[i][2];
			return;
		}
	*bg = "#777777";
	*fg = "#ffffff";
}

static json_t *
room_obj(const struct deco *d, const char *id)
{
	const char *bg, *fg;
	json_t *o;

	room_colors(id, &bg, &fg);
	o = json_pack("{s:s, s:s, s:s, s:s}", "id", id, "name", room_name(d, id),
	    "bg", bg, "fg", fg);
	if (o != NULL)
		put(o, "pad", padded(room_name(d, id), d->room_w));
	return o;
}

/* A Rumor card: {"type": "gossip"|"evidence", "time", "room"}. */
static json_t *
rumor_obj(const struct deco *d, const json_t *r)
{
	json_t *o;

	if (!json_is_object(r))
		return NULL;
	o = json_deep_copy(r);
	if (o == NULL)
		return NULL;
	put_flag(o, "is_", jstr(r, "type"));
	if (jstr(r, "room") != NULL)
		put_str(o, "room_name", room_name(d, jstr(r, "room")));
	return o;
}

/* The ring of rooms: the view's, else the game data's order. */
static const json_t *
ring(const struct deco *d)
{
	return json_object_get(d->view, "rooms");
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

/* The midnight times (12:00 ... 12:50) from the game data. */
static const json_t *
midnight_times(const struct deco *d)
{
	return json_object_get(json_object_get(d->gd, "midnight"), "times");
}

/* "H:MM" of round index i (0-based) from rounds.start and rounds.minutes. */
static void
round_time(const struct deco *d, size_t i, char *buf, size_t n)
{
	const json_t *r = json_object_get(d->gd, "rounds");
	const char *start = jstr(r, "start");
	int h = 8, m = 0, step = (int)json_integer_value(json_object_get(r, "minutes"));

	if (start != NULL && sscanf(start, "%d:%d", &h, &m) != 2) {
		h = 8;
		m = 0;
	}
	if (step <= 0)
		step = 20;
	m += h * 60 + (int)i * step;
	snprintf(buf, n, "%d:%02d", (m / 60) % 24, m % 60);
}

/* ---- the board ---- */

static void
deco_board(const struct deco *d, json_t *out)
{
	const json_t *rooms = ring(d), *players = json_object_get(d->view, "players");
	const char *prince = jstr(json_object_get(d->view, "prince"), "room");
	json_t *board = json_array(), *o, *nobles, *p;
	struct mq_buf text = MQ_BUF_INIT;
	size_t i, j;

	json_array_foreach(rooms, i, o) {
		const char *id = json_string_value(o);
		json_t *r;

		if (id == NULL || (r = room_obj(d, id)) == NULL)
			continue;
		nobles = json_array();
		mq_buf_reset(&text);
		json_array_foreach(players, j, p) {
			if (!jeq(jstr(p, "room"), id) || jstr(p, "name") == NULL)
				continue;
			json_array_append_new(nobles, json_pack("{s:s, s:b}", "name",
			    jstr(p, "name"), "is_me", jeq(jstr(p, "name"), d->me_name)));
			mq_buf_printf(&text, "%s%s", text.len ? " " : "", jstr(p, "name"));
		}
		put(r, "n", json_integer((json_int_t)i + 1));
		put(r, "has_nobles", json_boolean(json_array_size(nobles) > 0));
		put(r, "nobles", nobles);
		if (!text.oom)
			put(r, "nobles_text", padded(mq_buf_str(&text), 24));
		put(r, "has_prince", json_boolean(jeq(prince, id)));
		put(r, "is_mine", json_boolean(d->me != NULL &&
		    jeq(jstr(d->me, "room"), id)));
		json_array_append_new(board, r);
	}
	mq_buf_free(&text);
	put(out, "board", board);
}

/* The Prince's path, with its times; rows of three for the text part. */
static void
deco_path(const struct deco *d, json_t *out)
{
	const json_t *path = json_object_get(json_object_get(d->view, "prince"), "path");
	json_int_t round = json_integer_value(json_object_get(d->view, "round"));
	int over = jeq(jstr(d->view, "phase"), "over");
	json_t *list = json_array(), *rows = json_array(), *row = NULL, *v, *o;
	char tb[16];
	size_t i;

	json_array_foreach(path, i, v) {
		const char *id = json_string_value(v);
		int now = !over && (json_int_t)i + 1 == round;

		if (id == NULL || (o = room_obj(d, id)) == NULL)
			continue;
		round_time(d, i, tb, sizeof(tb));
		put(o, "time", json_string(tb));
		put(o, "time_pad", lpadded(tb, 5));
		put(o, "is_now", json_boolean(now));
		put(o, "is_past", json_boolean(over || (json_int_t)i + 1 < round));
		put_str(o, "mark", now ? ">" : " ");
		json_array_append_new(list, json_incref(o));
		if (row == NULL || json_array_size(json_object_get(row, "cells")) == 3) {
			row = json_pack("{s:[]}", "cells");
			if (json_array_append_new(rows, row) != 0)
				row = NULL;	/* the failed append freed it */
		}
		json_array_append_new(json_object_get(row, "cells"), o);
	}
	put(out, "path", list);
	put(out, "path_rows", rows);
}

static int
by_popularity(const void *a, const void *b)
{
	const json_t *x = *(const json_t *const *)a, *y = *(const json_t *const *)b;
	json_int_t px = json_integer_value(json_object_get(x, "popularity"));
	json_int_t py = json_integer_value(json_object_get(y, "popularity"));
	json_int_t sx = json_integer_value(json_object_get(x, "seat"));
	json_int_t sy = json_integer_value(json_object_get(y, "seat"));

	if (px != py)
		return px > py ? -1 : 1;
	return sx < sy ? -1 : sx > sy;
}

/* A direction list (a plan) as steps with their times and one string. */
static void
put_plan(const struct deco *d, json_t *o, const json_t *plan)
{
	const json_t *times = midnight_times(d), *v;
	json_t *steps = json_array(), *s;
	struct mq_buf text = MQ_BUF_INIT;
	size_t i;

	json_array_foreach(plan, i, v) {
		const char *dir = json_string_value(v);

		if (dir == NULL)
			continue;
		s = json_pack("{s:s, s:s}", "dir", dir, "time",
		    json_string_value(json_array_get(times, i)) ?
		    json_string_value(json_array_get(times, i)) : "");
		if (s != NULL) {
			put_flag(s, "is_", dir);
			put(s, "pad", padded(dir, 5));
			json_array_append_new(steps, s);
		}
		mq_buf_printf(&text, "%s%s", i ? " " : "", dir);
	}
	put(o, "plan", steps);
	if (!text.oom)
		put_str(o, "plan_text", mq_buf_str(&text));
	mq_buf_free(&text);
}

static json_t *
player_obj(const struct deco *d, const json_t *p, size_t rank)
{
	json_t *o = json_deep_copy(p);

	if (o == NULL)
		return NULL;
	if (rank > 0)
		put(o, "rank", json_integer((json_int_t)rank));
	if (json_is_integer(json_object_get(p, "popularity"))) {
		char nb[24];

		snprintf(nb, sizeof(nb), "%lld", (long long)json_integer_value(
		    json_object_get(p, "popularity")));
		put(o, "pop_pad", padded(nb, 3));
	}
	put(o, "name_pad", padded(jstr(p, "name") ? jstr(p, "name") : "", d->name_w));
	if (jstr(p, "room") != NULL) {
		put_str(o, "room_name", room_name(d, jstr(p, "room")));
		put(o, "room_pad", padded(room_name(d, jstr(p, "room")), d->room_w));
	} else
		put(o, "room_pad", padded("-", d->room_w));
	put(o, "is_me", json_boolean(jeq(jstr(p, "name"), d->me_name)));
	put(o, "dead", json_boolean(json_is_false(json_object_get(p, "alive"))));
	put(o, "second_lap", json_boolean(json_integer_value(json_object_get(p,
	    "lap")) > 0));
	put_cards(d, o, "discards", json_object_get(p, "discards"));
	if (json_is_array(json_object_get(p, "plan")))
		put_plan(d, o, json_object_get(p, "plan"));
	return o;
}

/* The popularity track, most popular first; the dead after, in seat order. */
static void
deco_track(const struct deco *d, json_t *out)
{
	const json_t *players = json_object_get(d->view, "players"), *p;
	const json_t *sorted[64];
	json_t *track = json_array(), *dead = json_array(), *all = json_array();
	size_t i, n = 0, rank = 0;

	json_array_foreach(players, i, p)
		if (json_is_object(p) && n < sizeof(sorted) / sizeof(sorted[0]))
			sorted[n++] = p;
	qsort(sorted, n, sizeof(sorted[0]), by_popularity);
	for (i = 0; i < n; i++) {
		int alive = json_is_integer(json_object_get(sorted[i], "popularity"));

		json_array_append_new(alive ? track : dead,
		    player_obj(d, sorted[i], alive ? ++rank : 0));
	}
	json_array_foreach(players, i, p)
		if (json_is_object(p))
			json_array_append_new(all, player_obj(d, p, 0));
	put(out, "track", track);
	put(out, "dead", dead);
	put(out, "has_dead", json_boolean(json_array_size(dead) > 0));
	put(out, "players_view", all);
}

/* The notes: a row per room (ring order), a column per midnight time. */
static void
deco_notes(const struct deco *d, json_t *out)
{
	const json_t *notes = json_object_get(d->me, "notes"), *times, *v, *r;
	json_t *grid, *rows = json_array(), *row, *cells, *hdr = json_array();
	size_t i, j;
	int known = 0;

	if (!json_is_object(notes)) {
		json_decref(rows);
		json_decref(hdr);
		return;
	}
	times = midnight_times(d);
	json_array_foreach(times, j, v)
		if (json_is_string(v))
			json_array_append_new(hdr, json_pack("{s:O, s:o}", "time", v,
			    "pad", padded(json_string_value(v), 6)));
	json_array_foreach(ring(d), i, r) {
		const char *id = json_string_value(r);

		if (id == NULL || (row = room_obj(d, id)) == NULL)
			continue;
		cells = json_array();
		json_array_foreach(times, j, v) {
			const char *s = jstr(json_object_get(notes,
			    json_string_value(v) ? json_string_value(v) : ""), id);
			json_t *c = json_object();

			put_flag(c, "is_", s ? s : "unknown");
			put_str(c, "mark", jeq(s, "safe") ? "safe" :
			    jeq(s, "deadly") ? "DEAD" : ".");
			put_str(c, "time", json_string_value(v));
			known += s != NULL;
			json_array_append_new(cells, c);
		}
		put(row, "cells", cells);
		json_array_append_new(rows, row);
	}
	grid = json_pack("{s:o, s:o, s:b}", "times", hdr, "rows", rows, "known",
	    known > 0);
	if (grid != NULL)
		put(grid, "blank", padded("", d->room_w));
	put(out, "notes", grid);
}

/* The Red Death's rooms per time, once midnight has shown them. */
static void
deco_red_death(const struct deco *d, json_t *out)
{
	const json_t *rd = json_object_get(d->view, "red_death"), *times, *v, *r;
	json_t *list = json_array(), *rooms;
	size_t i, j;

	if (!json_is_object(rd)) {
		json_decref(list);
		return;
	}
	times = midnight_times(d);
	json_array_foreach(times, i, v) {
		const char *t = json_string_value(v);

		if (t == NULL)
			continue;
		rooms = json_array();
		json_array_foreach(json_object_get(rd, t), j, r)
			if (json_is_string(r))
				json_array_append_new(rooms, room_obj(d,
				    json_string_value(r)));
		json_array_append_new(list, json_pack("{s:s, s:o}", "time", t,
		    "rooms", rooms));
	}
	put(out, "has_red_death", json_boolean(json_array_size(list) > 0));
	put(out, "red_death", list);
}

/* ---- the recipient ---- */

static void
deco_me(const struct deco *d, json_t *out)
{
	const json_t *v;
	json_t *me, *rumors = json_array(), *nearby = json_array(), *p;
	size_t i;

	if (!json_is_object(d->me)) {
		json_decref(rumors);
		json_decref(nearby);
		return;
	}
	me = player_obj(d, d->me, 0);
	if (me == NULL) {
		json_decref(rumors);
		json_decref(nearby);
		return;
	}
	put_cards(d, me, "hand", json_object_get(d->me, "hand"));
	if (jstr(d->me, "personality") != NULL)
		put_str(me, "personality_name", card_name(d, jstr(d->me, "personality")));
	json_array_foreach(json_object_get(d->me, "rumors"), i, v)
		json_array_append_new(rumors, rumor_obj(d, v));
	put(me, "has_rumors", json_boolean(json_array_size(rumors) > 0));
	put(me, "rumors", rumors);
	json_array_foreach(json_object_get(d->view, "players"), i, p)
		if (jstr(d->me, "room") != NULL && jeq(jstr(p, "room"),
		    jstr(d->me, "room")) && !jeq(jstr(p, "name"), d->me_name) &&
		    jstr(p, "name") != NULL)
			json_array_append_new(nearby, json_string(jstr(p, "name")));
	put(me, "has_nearby", json_boolean(json_array_size(nearby) > 0));
	put(me, "nearby", nearby);
	put(me, "has_pending", json_boolean(jstr(d->me, "pending_play") ||
	    jstr(d->me, "pending_next_play") || jstr(d->me, "pending_move")));
	put(out, "me", me);
}

/* Who the game waits for, and for what. */
static void
deco_waiting(const struct deco *d, json_t *out)
{
	const json_t *owes = json_object_get(d->view, "owes"), *o;
	static const char *const kinds[] = { "place", "act", "move" };
	json_t *list = json_array(), *w;
	struct mq_buf names = MQ_BUF_INIT, by[3] = { MQ_BUF_INIT, MQ_BUF_INIT,
	    MQ_BUF_INIT };
	char key[32];
	size_t i, k;

	json_array_foreach(owes, i, o) {
		if (jstr(o, "player") == NULL)
			continue;
		w = json_pack("{s:s, s:b}", "player", jstr(o, "player"), "is_me",
		    jeq(jstr(o, "player"), d->me_name));
		if (w == NULL)
			continue;
		put_str(w, "owes", jstr(o, "owes"));
		put_flag(w, "owes_", jstr(o, "owes"));
		json_array_append_new(list, w);
		mq_buf_printf(&names, "%s%s", names.len ? ", " : "", jstr(o, "player"));
		for (k = 0; k < 3; k++)
			if (jeq(jstr(o, "owes"), kinds[k]))
				mq_buf_printf(&by[k], "%s%s", by[k].len ? ", " : "",
				    jstr(o, "player"));
	}
	for (k = 0; k < 3; k++) {
		snprintf(key, sizeof(key), "waiting_%s", kinds[k]);
		if (by[k].len > 0 && !by[k].oom)
			put_str(out, key, mq_buf_str(&by[k]));
		mq_buf_free(&by[k]);
	}
	put(out, "has_waiting", json_boolean(json_array_size(list) > 0));
	put(out, "waiting", list);
	if (!names.oom)
		put_str(out, "waiting_text", mq_buf_str(&names));
	mq_buf_free(&names);
}

/* ---- example commands from the player's own hand ---- */

/* A name to target: a nearby noble first, else anyone else alive. */
static const char *
example_target(const struct deco *d, int nearby_only)
{
	const json_t *p;
	const char *room = jstr(d->me, "room"), *any = NULL;
	size_t i;

	json_array_foreach(json_object_get(d->view, "players"), i, p) {
		const char *name = jstr(p, "name");

		if (name == NULL || jeq(name, d->me_name) ||
		    json_is_false(json_object_get(p, "alive")))
			continue;
		if (jeq(jstr(p, "room"), room))
			return name;
		if (any == NULL)
			any = name;
	}
	return nearby_only ? NULL : any;
}

/* What a card's command needs, read from its effects. */
static void
card_needs(const json_t *card, int *target, int *anywhere, int *slots,
    int *recover)
{
	const json_t *e;
	size_t i;

	*target = *anywhere = *slots = *recover = 0;
	json_array_foreach(json_object_get(card, "effects"), i, e) {
		const char *op = jstr(e, "op"), *scope = jstr(e, "scope");
		int n = (int)json_integer_value(json_object_get(e, "n"));

		if (scope != NULL && !jeq(op, "take_each")) {
			*target = 1;
			*anywhere |= jeq(scope, "anywhere");
		}
		if (jeq(op, "look"))
			*slots = n > 1 ? 2 : 1;
		else if ((jeq(op, "take") || jeq(op, "take_each") ||
		    jeq(op, "premonition")) && *slots == 0)
			*slots = 1;
		else if (jeq(op, "recover"))
			*recover = n > 0 ? n : 1;
	}
}

static json_t *
play_example(const struct deco *d, const char *id)
{
	const json_t *times = midnight_times(d), *disc;
	struct mq_buf b = MQ_BUF_INIT;
	int target, anywhere, slots, recover, k;
	const char *t;
	json_t *o;

	card_needs(gd_find(d, "action_cards", id), &target, &anywhere, &slots,
	    &recover);
	mq_buf_printf(&b, "PLAY %s", id);
	if (target && (t = example_target(d, 0)) != NULL)
		mq_buf_printf(&b, " TARGET %s", t);
	/* Times the player knows least about make the likeliest picks; 12:30
	 * and 12:40 are as good as any for an example. */
	for (k = 0; k < slots; k++)
		if ((t = json_string_value(json_array_get(times, 3 + (size_t)k))) != NULL)
			mq_buf_printf(&b, "%s%s", k ? " " : " SLOT ", t);
	disc = json_object_get(d->me, "discards");
	for (k = 0; k < recover && (size_t)k < json_array_size(disc); k++)
		mq_buf_printf(&b, "%s%s", k ? " " : " RECOVER ",
		    json_string_value(json_array_get(disc, (size_t)k)));
	if (b.oom) {
		mq_buf_free(&b);
		return NULL;
	}
	o = json_pack("{s:s, s:s, s:s}", "card", id, "name", card_name(d, id),
	    "text", mq_buf_str(&b));
	if (o != NULL)
		put(o, "text_pad", padded(mq_buf_str(&b), 44));
	mq_buf_free(&b);
	return o;
}

static json_t *
move_example(const struct deco *d, const char *text, int steps)
{
	const char *to = ring_step(d, jstr(d->me, "room"), steps);
	json_t *o = json_pack("{s:s}", "text", text);

	if (o != NULL && to != NULL) {
		put_str(o, "to_name", room_name(d, to));
		put(o, "text_pad", padded(text, 16));
	}
	return o;
}

static void
deco_examples(const struct deco *d, json_t *out)
{
	json_t *ex = json_object(), *a;
	const json_t *v;
	struct mq_buf b = MQ_BUF_INIT;
	size_t i;
	json_int_t allow;

	if (ex == NULL)
		return;
	a = json_array();
	json_array_foreach(json_object_get(d->me, "hand"), i, v)
		if (json_is_string(v))
			json_array_append_new(a, play_example(d, json_string_value(v)));
	put(ex, "play", a);
	a = json_array();
	json_array_foreach(ring(d), i, v)
		if (json_is_string(v)) {
			mq_buf_reset(&b);
			mq_buf_printf(&b, "PLACE %s", json_string_value(v));
			if (!b.oom)
				json_array_append_new(a, json_pack("{s:s, s:s, s:o}",
				    "text", mq_buf_str(&b), "to_name",
				    room_name(d, json_string_value(v)), "text_pad",
				    padded(mq_buf_str(&b), 16)));
		}
	put(ex, "place", a);
	a = json_array();
	if (jstr(d->me, "room") != NULL) {
		allow = json_integer_value(json_object_get(d->me, "allowance"));
		json_array_append_new(a, move_example(d, "MOVE cw", 1));
		json_array_append_new(a, move_example(d, "MOVE ccw", -1));
		json_array_append_new(a, move_example(d, "MOVE stay", 0));
		if (allow >= 2) {
			json_array_append_new(a, move_example(d, "MOVE cw cw", 2));
			json_array_append_new(a, move_example(d, "MOVE ccw ccw", -2));
		}
		if (allow >= 3)
			json_array_append_new(a, move_example(d, "MOVE cw cw cw", 3));
		put(ex, "allowance", json_integer(allow));
		put(ex, "several_moves", json_boolean(allow >= 2));
	}
	put(ex, "move", a);
	put(out, "examples", ex);
	mq_buf_free(&b);
}

/* ---- events ---- */

static json_t *
event_obj(const struct deco *d, const json_t *e)
{
	const char *type = jstr(e, "type"), *k;
	json_t *o = json_deep_copy(e), *plans, *v;

	if (o == NULL || type == NULL)
		return o;
	put_flag(o, "is_", type);
	put(o, "player_is_me", json_boolean(jeq(jstr(e, "player"), d->me_name)));
	put(o, "target_is_me", json_boolean(jeq(jstr(e, "target"), d->me_name)));
	put(o, "self", json_boolean(jeq(jstr(e, "player"), jstr(e, "target"))));
	if (jstr(e, "card") != NULL)
		put_str(o, "card_name", card_name(d, jstr(e, "card")));
	if (jstr(e, "room") != NULL)
		put_str(o, "room_name", room_name(d, jstr(e, "room")));
	if (jstr(e, "prince") != NULL)
		put_str(o, "prince_name", room_name(d, jstr(e, "prince")));
	if (json_is_string(json_object_get(e, "from"))) {
		put_str(o, "from_name", room_name(d, jstr(e, "from")));
		put_str(o, "to_name", room_name(d, jstr(e, "to")));
		put(o, "stayed", json_boolean(jeq(jstr(e, "from"), jstr(e, "to"))));
	} else if (json_is_integer(json_object_get(e, "from"))) {
		json_int_t delta = json_integer_value(json_object_get(e, "to")) -
		    json_integer_value(json_object_get(e, "from"));

		put(o, "gained", json_boolean(delta > 0));
		put(o, "lost", json_boolean(delta < 0));
		put(o, "delta", json_integer(delta < 0 ? -delta : delta));
	}
	if (json_is_object(json_object_get(e, "rumor")))
		put(o, "rumor", rumor_obj(d, json_object_get(e, "rumor")));
	plans = json_object_get(e, "plans");
	if (json_is_object(plans)) {
		json_t *list = json_array(), *p;

		json_object_foreach(plans, k, v) {
			p = json_pack("{s:s, s:b}", "player", k, "is_me",
			    jeq(k, d->me_name));
			if (p == NULL)
				continue;
			put(p, "name_pad", padded(k, d->name_w));
			put_plan(d, p, v);
			json_array_append_new(list, p);
		}
		put(o, "plans_list", list);
	}
	return o;
}

static void
deco_events(const struct deco *d, json_t *out, const json_t *events)
{
	json_t *list = json_array(), *o;
	const json_t *e;
	size_t i;

	json_array_foreach(events, i, e)
		if (json_is_object(e) && (o = event_obj(d, e)) != NULL)
			json_array_append_new(list, o);
	put(out, "has_events", json_boolean(json_array_size(list) > 0));
	put(out, "events", list);
	/* The winner's popularity, from the event that names them. */
	json_array_foreach(events, i, e)
		if (jeq(jstr(e, "type"), "winner"))
			put(out, "winner_popularity", json_deep_copy(
			    json_object_get(e, "popularity")));
}

/* ---- the catalogue, for the welcome and help mails ---- */

/* Append a name to the list unless it is there already. */
static void
add_alias(json_t *seen, const json_t *v)
{
	const json_t *x;
	size_t i;

	if (!json_is_string(v))
		return;
	json_array_foreach(seen, i, x)
		if (json_equal((json_t *)x, (json_t *)v))
			return;
	json_array_append(seen, (json_t *)v);
}

static json_t *
alias_text(const json_t *entry, const char *id)
{
	const json_t *names = json_object_get(entry, "names"), *v;
	struct mq_buf b = MQ_BUF_INIT;
	json_t *s;
	const char *k;
	size_t i;

	json_t *seen = json_array();

	json_array_append_new(seen, json_string(id));
	json_object_foreach((json_t *)names, k, v)
		add_alias(seen, v);
	json_array_foreach(json_object_get(entry, "aliases"), i, v)
		add_alias(seen, v);
	json_array_foreach(seen, i, v)
		mq_buf_printf(&b, "%s%s", i ? ", " : "", json_string_value(v));
	json_decref(seen);
	s = b.oom ? NULL : json_string(mq_buf_str(&b));
	mq_buf_free(&b);
	return s;
}

static json_t *
card_entry(const struct deco *d, const json_t *c)
{
	const char *id = jstr(c, "id");
	const json_t *e;
	json_t *o, *effects = json_array(), *x;
	size_t i;

	o = json_pack("{s:s, s:s, s:b, s:b}", "id", id, "name", card_name(d, id),
	    "is_personality", jeq(jstr(c, "kind"), "personality"),
	    "returns", json_is_false(json_object_get(c, "discard")));
	if (o == NULL) {
		json_decref(effects);
		return NULL;
	}
	put(o, "aliases", alias_text(c, id));
	json_array_foreach(json_object_get(c, "effects"), i, e) {
		if ((x = json_deep_copy(e)) == NULL)
			continue;
		put_flag(x, "is_", jstr(e, "op"));
		put_flag(x, "scope_", jstr(e, "scope"));
		put(x, "first", json_boolean(i == 0));
		json_array_append_new(effects, x);
	}
	put(o, "effects", effects);
	return o;
}

static void
deco_catalogue(const struct deco *d, json_t *out)
{
	json_t *std = json_array(), *pers = json_array(), *rooms = json_array();
	json_t *dirs = json_array(), *o;
	const json_t *c, *v;
	const char *k;
	size_t i, j;

	json_array_foreach(json_object_get(d->gd, "action_cards"), i, c) {
		if (jstr(c, "id") == NULL || (o = card_entry(d, c)) == NULL)
			continue;
		json_array_append_new(jeq(jstr(c, "kind"), "personality") ? pers : std, o);
	}
	json_array_foreach(json_object_get(d->gd, "rooms"), i, c) {
		if (jstr(c, "id") == NULL || (o = room_obj(d, jstr(c, "id"))) == NULL)
			continue;
		put(o, "aliases", alias_text(c, jstr(c, "id")));
		json_array_append_new(rooms, o);
	}
	json_object_foreach(json_object_get(d->gd, "directions"), k, v) {
		struct mq_buf b = MQ_BUF_INIT;

		json_array_foreach(v, j, c)
			if (json_is_string(c))
				mq_buf_printf(&b, "%s%s", b.len ? ", " : "",
				    json_string_value(c));
		if (!b.oom) {
			o = json_pack("{s:s, s:s}", "id", k, "aliases", mq_buf_str(&b));
			if (o != NULL) {
				put_flag(o, "is_", k);
				json_array_append_new(dirs, o);
			}
		}
		mq_buf_free(&b);
	}
	put(out, "standard_cards", std);
	put(out, "personality_cards", pers);
	put(out, "room_list", rooms);
	put(out, "directions", dirs);
	put(out, "rounds_count", json_deep_copy(json_object_get(json_object_get(d->gd,
	    "rounds"), "count")));
	put(out, "track_spaces", json_deep_copy(json_object_get(json_object_get(d->gd,
	    "track"), "spaces")));
	put(out, "players_min", json_deep_copy(json_object_get(json_object_get(d->gd,
	    "players"), "min")));
	put(out, "players_max", json_deep_copy(json_object_get(json_object_get(d->gd,
	    "players"), "max")));
}

/* has_<key> for the lists a template shows only when non-empty. */
static void
deco_lists(json_t *out)
{
	json_t *r;
	size_t j;

	static const char *const keys[] = {
		"accepted", "refused", "commitments", "reveals", "players",
	};
	char k[32];
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		snprintf(k, sizeof(k), "has_%s", keys[i]);
		put(out, k, json_boolean(json_array_size(json_object_get(out,
		    keys[i])) > 0));
	}
	json_array_foreach(json_object_get(out, "refused"), j, r)
		if (json_is_object(r) && jstr(r, "error") != NULL)
			put(r, "error_wrapped", wrapped(jstr(r, "error"), 74, "    "));
	if (jstr(out, "notice") != NULL)
		put(out, "notice_wrapped", wrapped(jstr(out, "notice"), 76, ""));
	if (jstr(out, "reason") != NULL)
		put(out, "reason_wrapped", wrapped(jstr(out, "reason"), 76, ""));
}

/* The midnight times as column heads, and blanks as wide as the name
 * columns, for the text part's grids. */
static void
deco_times(const struct deco *d, json_t *out)
{
	json_t *a = json_array();
	const json_t *v;
	size_t i;

	json_array_foreach(midnight_times(d), i, v)
		if (json_is_string(v))
			json_array_append_new(a, json_pack("{s:O, s:o}", "time", v,
			    "pad", padded(json_string_value(v), 6)));
	put(out, "midnight_times", a);
	put(out, "name_blank", padded("", d->name_w));
	put(out, "room_blank", padded("", d->room_w));
}

static void
widths(struct deco *d)
{
	const json_t *v;
	size_t i;
	int w;

	d->room_w = 1;
	json_array_foreach(json_object_get(d->gd, "rooms"), i, v)
		if (jstr(v, "id") != NULL && (w = dwidth(room_name(d,
		    jstr(v, "id")))) > d->room_w)
			d->room_w = w;
	d->name_w = 5;
	json_array_foreach(json_object_get(d->view, "players"), i, v)
		if (jstr(v, "name") != NULL && (w = dwidth(jstr(v, "name"))) >
		    d->name_w)
			d->name_w = w;
}

json_t *
mq_render_decorate(const json_t *gamedata, const char *lang, const json_t *ctx)
{
	struct deco d;
	json_t *out;
	const char *owed;

	out = json_is_object(ctx) ? json_deep_copy(ctx) : json_object();
	if (out == NULL)
		return NULL;
	memset(&d, 0, sizeof(d));
	d.gd = gamedata;
	d.lang = lang != NULL ? lang : "en";
	d.view = json_is_object(json_object_get(ctx, "view")) ?
	    json_object_get(ctx, "view") : NULL;
	d.me = json_is_object(json_object_get(d.view, "me")) ?
	    json_object_get(d.view, "me") : NULL;
	d.me_name = jstr(ctx, "player");
	if (d.me_name == NULL)
		d.me_name = jstr(d.me, "name");
	widths(&d);

	put_str(out, "lang", d.lang);
	put_flag(out, "lang_", d.lang);
	if (d.view != NULL) {
		put_str(out, "clock", jstr(d.view, "time"));
		put_flag(out, "phase_", jstr(d.view, "phase"));
		if (jstr(d.view, "winner") != NULL)
			put_str(out, "winner", jstr(d.view, "winner"));
		put(out, "over", json_boolean(jeq(jstr(d.view, "phase"), "over")));
		put(out, "game_round", json_deep_copy(json_object_get(d.view, "round")));
		put(out, "rumor_deck", json_deep_copy(json_object_get(d.view,
		    "rumor_deck")));
		if (jstr(json_object_get(d.view, "prince"), "room") != NULL)
			put_str(out, "prince_name", room_name(&d,
			    jstr(json_object_get(d.view, "prince"), "room")));
		deco_board(&d, out);
		deco_path(&d, out);
		deco_track(&d, out);
		deco_notes(&d, out);
		deco_red_death(&d, out);
		deco_waiting(&d, out);
		deco_me(&d, out);
		deco_examples(&d, out);
		{
			json_t *ev = json_array(), *x;
			const json_t *e;
			size_t i;

			json_array_foreach(json_object_get(d.view,
			    "evidence_discard"), i, e)
				if ((x = rumor_obj(&d, e)) != NULL)
					json_array_append_new(ev, x);
			put(out, "has_evidence_discard", json_boolean(
			    json_array_size(ev) > 0));
			put(out, "evidence_discard", ev);
		}
	}
	owed = jstr(ctx, "owed");
	if (owed == NULL)
		owed = jstr(d.view, "owed");
	put_flag(out, "owes_", owed);
	put(out, "owes_nothing", json_boolean(owed == NULL));
	deco_events(&d, out, json_object_get(ctx, "events"));
	deco_catalogue(&d, out);
	deco_times(&d, out);
	deco_lists(out);
	return out;
}

/* ---- reading and rendering templates ---- */

struct partials {
	const char *dir;	/* TMPL_DIR/LANG */
	char *name[MAXPARTIALS];
	char *text[MAXPARTIALS];
	int n;
	struct mq_err err;	/* the first problem with a partial */
	int rc;
};

static int
safe_word(const char *s)
{
	size_t i;

	if (s == NULL || *s == '\0' || strlen(s) > 64)
		return 0;
	for (i = 0; s[i]; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '_' || s[i] == '-'))
			return 0;
	return 1;
}

/* Read a whole template file; a NUL byte or an over-long file is refused. */
static int
read_file(const char *path, char **out, struct mq_err *err)
{
	struct mq_buf b = MQ_BUF_INIT;
	char chunk[8192];
	size_t n;
	FILE *f;

	*out = NULL;
	if ((f = fopen(path, "rb")) == NULL)
		return mq_fail_errno(err, MQ_IO, "Cannot read the template %s", path);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		if (memchr(chunk, '\0', n) != NULL || b.len + n > MAXTEMPLATE) {
			fclose(f);
			mq_buf_free(&b);
			return mq_fail(err, MQ_REFUSED, "The template %s is not a "
			    "text file of at most %d bytes.", path, MAXTEMPLATE);
		}
		mq_buf_add(&b, chunk, n);
	}
	if (ferror(f)) {
		fclose(f);
		mq_buf_free(&b);
		return mq_fail_errno(err, MQ_IO, "Cannot read the template %s", path);
	}
	fclose(f);
	if ((*out = mq_buf_steal(&b)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory reading the template %s.",
		    path);
	return 0;
}

/* The partial callback: _NAME.mustache from the language's folder, checked
 * on its own first so that a broken one is reported by its file name. */
static const char *
load_partial(void *ctx, const char *name)
{
	struct partials *p = ctx;
	struct mq_buf path = MQ_BUF_INIT;
	struct mq_err e;
	char *text, *out;
	int i;

	for (i = 0; i < p->n; i++)
		if (strcmp(p->name[i], name) == 0)
			return p->text[i];
	if (p->rc != 0)
		return NULL;
	if (!safe_word(name)) {
		p->rc = mq_fail(&p->err, MQ_REFUSED, "A template names the partial "
		    "\"%.64s\"; partial names are letters, digits, _ and -.", name);
		return NULL;
	}
	if (p->n == MAXPARTIALS) {
		p->rc = mq_fail(&p->err, MQ_REFUSED, "The templates use more than "
		    "%d partials.", MAXPARTIALS);
		return NULL;
	}
	mq_buf_printf(&path, "%s/_%s.mustache", p->dir, name);
	if (path.oom) {
		p->rc = mq_fail(&p->err, MQ_IO, "Out of memory loading a partial.");
		return NULL;
	}
	if ((p->rc = read_file(mq_buf_str(&path), &text, &p->err)) != 0) {
		mq_buf_free(&path);
		return NULL;
	}
	/* Parse it alone (partials inside it render empty here). */
	if ((p->rc = mq_mustache_render(text, NULL, NULL, NULL, &out, &e)) != 0) {
		mq_fail(&p->err, p->rc, "The template %s is broken: %s.",
		    mq_buf_str(&path), e.msg);
		free(text);
		mq_buf_free(&path);
		return NULL;
	}
	free(out);
	mq_buf_free(&path);
	if ((p->name[p->n] = strdup(name)) == NULL) {
		free(text);
		p->rc = mq_fail(&p->err, MQ_IO, "Out of memory loading a partial.");
		return NULL;
	}
	p->text[p->n++] = text;
	return text;
}

static void
partials_free(struct partials *p)
{
	int i;

	for (i = 0; i < p->n; i++) {
		free(p->name[i]);
		free(p->text[i]);
	}
	p->n = 0;
}

/* Render TMPL_DIR/LANG/KIND.PART.mustache over data into *out. */
static int
render_part(struct partials *p, const char *kind, const char *part,
    const json_t *data, char **out, struct mq_err *err)
{
	struct mq_buf path = MQ_BUF_INIT;
	struct mq_err e;
	char *tmpl;
	int rc;

	*out = NULL;
	if (mq_buf_printf(&path, "%s/%s.%s.mustache", p->dir, kind, part))
		return mq_fail(err, MQ_IO, "Out of memory rendering a mail.");
	if ((rc = read_file(mq_buf_str(&path), &tmpl, err)) != 0) {
		mq_buf_free(&path);
		return rc;
	}
	rc = mq_mustache_render(tmpl, data, load_partial, p, out, &e);
	free(tmpl);
	if (rc == 0 && p->rc != 0) {
		free(*out);
		*out = NULL;
		rc = mq_fail(err, p->rc, "%s (used by %s)", p->err.msg,
		    mq_buf_str(&path));
	} else if (rc != 0 && p->rc != 0)
		rc = mq_fail(err, p->rc, "%s (used by %s)", p->err.msg,
		    mq_buf_str(&path));
	else if (rc != 0)
		mq_fail(err, rc, "The template %s is broken: %s.",
		    mq_buf_str(&path), e.msg);
	mq_buf_free(&path);
	return rc;
}

/* A subject is one line: trailing white space goes, inner line ends and
 * tabs become spaces. */
static void
one_line(char *s)
{
	size_t n = strlen(s);
	char *p;

	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' ||
	    s[n - 1] == '\t'))
		s[--n] = '\0';
	for (p = s; *p; p++)
		if (*p == '\n' || *p == '\r' || *p == '\t')
			*p = ' ';
}

/* The text part's padded columns leave spaces at line ends: drop them, as
 * quoted-printable would otherwise spell each one out as =20. */
static void
strip_line_ends(char *s)
{
	char *r = s, *w = s, *sp = NULL;

	for (; *r; r++) {
		if (*r == ' ' || *r == '\t') {
			if (sp == NULL)
				sp = w;
		} else if (*r == '\n') {
			if (sp != NULL)
				w = sp;
			sp = NULL;
		} else
			sp = NULL;
		*w++ = *r;
	}
	if (sp != NULL)
		w = sp;
	*w = '\0';
}

int
mq_render_mail(const char *tmpl_dir, const char *lang, const char *kind,
    const json_t *gamedata, const json_t *ctx, char **subject, char **text,
    char **html, struct mq_err *err)
{
	struct partials p;
	struct mq_buf dir = MQ_BUF_INIT;
	json_t *data;
	int rc;

	*subject = *text = *html = NULL;
	if (!safe_word(lang) || !safe_word(kind))
		return mq_fail(err, MQ_REFUSED, "A mail's language and kind are "
		    "words of letters, digits, _ and -.");
	if (mq_buf_printf(&dir, "%s/%s", tmpl_dir, lang))
		return mq_fail(err, MQ_IO, "Out of memory rendering a mail.");
	if ((data = mq_render_decorate(gamedata, lang, ctx)) == NULL) {
		mq_buf_free(&dir);
		return mq_fail(err, MQ_IO, "Out of memory rendering a mail.");
	}
	memset(&p, 0, sizeof(p));
	p.dir = mq_buf_str(&dir);
	rc = render_part(&p, kind, "subject", data, subject, err);
	if (rc == 0)
		rc = render_part(&p, kind, "txt", data, text, err);
	if (rc == 0)
		rc = render_part(&p, kind, "html", data, html, err);
	if (rc == 0) {
		one_line(*subject);
		strip_line_ends(*text);
		if (strncmp(*text, MQ_REPLY_MARKER, strlen(MQ_REPLY_MARKER)) != 0)
			rc = mq_fail(err, MQ_REFUSED, "The template %s/%s.txt.mustache "
			    "must begin with the line \"%s ...\".", p.dir, kind,
			    MQ_REPLY_MARKER);
	}
	if (rc != 0) {
		free(*subject);
		free(*text);
		free(*html);
		*subject = *text = *html = NULL;
	}
	partials_free(&p);
	json_decref(data);
	mq_buf_free(&dir);
	return rc;
}
