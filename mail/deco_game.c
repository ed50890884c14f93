/*
 * deco_game.c - decorate's cache of one game data file in one language;
 * see deco_game.h.
 *
 * Everything here used to be worked out again for every mail: a linear
 * search of the game data (with a hash lookup per entry) for each name,
 * the catalogue with its alias lists, the room objects with their padded
 * names. Built once, it is looked up by a scan of a short C array.
 * Whether a build completed is the arena's oom flag, checked once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "mail/deco_game.h"
#include "mail/deco_util.h"

/* ---- lookups ---- */

static const struct deco_item *
find(const struct deco_item *it, size_t n, const char *id)
{
	size_t i;

	if (id == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		if (it[i].id[0] == id[0] && strcmp(it[i].id, id) == 0)
			return &it[i];
	return NULL;
}

const struct deco_item *
deco_room(const struct mq_deco_game *g, const char *id)
{
	return find(g->rooms, g->nrooms, id);
}

const struct deco_item *
deco_card(const struct mq_deco_game *g, const char *id)
{
	return find(g->cards, g->ncards, id);
}

const char *
deco_room_name(const struct mq_deco_game *g, const char *id)
{
	const struct deco_item *it = deco_room(g, id);

	return it != NULL ? it->name : id;
}

const char *
deco_card_name(const struct mq_deco_game *g, const char *id)
{
	const struct deco_item *it = deco_card(g, id);

	return it != NULL ? it->name : id;
}

void
deco_round_time(const json_t *gd, size_t i, char *buf, size_t n)
{
	const json_t *r = json_object_get(gd, "rounds");
	const char *start = jstr(r, "start");
	int h = 8, m = 0, step = (int)json_integer_value(json_object_get(r, "minutes"));
	int end = -1;

	/* "H:MM" and nothing after it, else the default 8:00 */
	if (start != NULL && (sscanf(start, "%d:%d%n", &h, &m, &end) != 2 ||
	    start[end] != '\0' || h < 0 || m < 0 || m > 59)) {
		h = 8;
		m = 0;
	}
	if (step <= 0)
		step = 20;
	m += h * 60 + (int)i * step;
	snprintf(buf, n, "%d:%02d", (m / 60) % 24, m % 60);
}

/*
 * A room's colours for the HTML mails: bg goes into bgcolor attributes as
 * well as CSS, so it keeps six digits (some mail clients read only those in
 * an attribute); fg only ever goes into CSS, so it is as short as it can be.
 */
void
deco_room_colors(const char *id, const char **bg, const char **fg)
{
	static const char *const tab[][3] = {
		{ "blue", "#1f4e9c", "#fff" }, { "purple", "#6b2d8f", "#fff" },
		{ "green", "#2e7d32", "#fff" }, { "orange", "#e07b00", "#fff" },
		{ "white", "#f4f4f4", "#222" }, { "violet", "#9b6fd6", "#fff" },
		{ "black", "#111111", "#fff" },
	};
	size_t i;

	for (i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		if (jeq(id, tab[i][0])) {
			*bg = tab[i][1];
			*fg = tab[i][2];
			return;
		}
	*bg = "#777777";
	*fg = "#fff";
}

/* A room object made from scratch, in the arena a. */
static struct mv *
room_obj_new(struct mq_arena *a, const char *id, const char *name, int room_w)
{
	const char *bg, *fg;
	struct mv *o;

	deco_room_colors(id, &bg, &fg);
	if ((o = mv_obj(a)) == NULL)
		return NULL;
	put_ref(a, o, "id", id);
	put_ref(a, o, "name", name);
	put_ref(a, o, "bg", bg);
	put_ref(a, o, "fg", fg);
	put(a, o, "pad", deco_pad(a, name, room_w));
	return o;
}

struct mv *
deco_room_obj(const struct mq_deco_game *g, struct mq_arena *a, const char *id)
{
	const struct deco_item *it = deco_room(g, id);

	if (it != NULL)
		return mv_obj_copy(a, it->obj);
	return id != NULL ? room_obj_new(a, id, id, g->room_w) : NULL;
}

void
deco_card_needs(const json_t *card, int *target, int *anywhere, int *slots,
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

/* ---- the Prince's path cells ---- */

const struct mv *
deco_path_cell(struct mq_deco_game *g, size_t r, size_t i, int state)
{
	struct mq_arena *a = g->arena;
	struct mv **slot, *o;
	int now = state == PATH_NOW, past = state == PATH_PAST;

	if (g->path == NULL && (g->path = calloc(g->nrooms,
	    sizeof(*g->path))) == NULL)
		return NULL;
	slot = &g->path[r][i][state];
	if (*slot != NULL)
		return *slot;
	if ((o = mv_obj_copy(a, g->rooms[r].obj)) != NULL) {
		put_ref(a, o, "time", g->round_time[i]);
		put(a, o, "time_pad", deco_lpad(a, g->round_time[i], 5));
		put_bool(a, o, "is_now", now);
		put_bool(a, o, "is_past", past);
		put_ref(a, o, "mark", now ? ">" : " ");
	}
	if (mq_arena_oom(a)) {
		/* nothing kept refers to the lost part: the cache stays whole */
		mq_arena_forgive(a);
		return NULL;
	}
	return *slot = o;
}

/* ---- plan steps ---- */

const struct mv *
deco_plan_step(struct mq_deco_game *g, const char *dir, size_t i)
{
	struct mq_arena *a = g->arena;
	const char *t;
	struct mv *o;
	char *copy;
	size_t len;
	int k;

	if (i >= DECO_PLAN)
		return NULL;
	for (k = 0; k < g->nplans; k++)
		if (strcmp(g->plans[k].dir, dir) == 0)
			break;
	if (k == g->nplans) {
		len = strlen(dir) + 1;
		if (k == DECO_PLANS || (copy = mq_arena_alloc(a, len)) == NULL) {
			mq_arena_forgive(a);
			return NULL;
		}
		memcpy(copy, dir, len);
		g->plans[k].dir = copy;
		g->nplans++;
	}
	if (g->plans[k].step[i] != NULL)
		return g->plans[k].step[i];
	t = json_string_value(json_array_get(g->times, i));
	if ((o = mv_obj(a)) != NULL) {
		put_ref(a, o, "dir", g->plans[k].dir);
		put_ref(a, o, "time", t != NULL ? t : "");
		put_flag(a, o, "is_", dir, NULL);
		/* the list's separator goes before the others */
		put_bool(a, o, "first", i == 0);
		put(a, o, "pad", deco_pad(a, dir, 5));
	}
	if (mq_arena_oom(a)) {
		mq_arena_forgive(a);
		return NULL;
	}
	return g->plans[k].step[i] = o;
}

/* ---- building ---- */

static const char *
lname(const json_t *entry, const char *lang, const char *id)
{
	const json_t *names = json_object_get(entry, "names");
	const char *s;

	if ((s = jstr(names, lang)) != NULL || (s = jstr(names, "en")) != NULL)
		return s;
	return id;
}

/* The entries of gamedata[list] with a string id, the first of each id. */
static int
items(struct mq_deco_game *g, const char *list, struct deco_item **out,
    size_t *n)
{
	const json_t *a = json_object_get(g->gd, list), *e;
	struct deco_item *it;
	const char *id;
	size_t i;

	*n = 0;
	if ((*out = it = calloc(json_array_size(a) + 1, sizeof(*it))) == NULL)
		return -1;
	json_array_foreach(a, i, e) {
		if ((id = jstr(e, "id")) == NULL || find(it, *n, id) != NULL)
			continue;
		it[*n].id = id;
		it[*n].name = lname(e, g->lang, id);
		it[*n].entry = e;
		(*n)++;
	}
	return 0;
}

/* Append a name to the list unless it is there already. */
static void
add_alias(const json_t **seen, size_t *n, size_t cap, const json_t *v)
{
	size_t i;

	if (!json_is_string(v) || *n == cap)
		return;
	for (i = 0; i < *n; i++)
		if (json_equal((json_t *)seen[i], (json_t *)v))
			return;
	seen[(*n)++] = v;
}

/*
 * "aliases", the words as one line (the HTML wraps it), and for the text
 * part "aliases_wrapped", wrapped at 76 columns after a label of first
 * columns, the lines after it indented by six; a word's own spaces ("Fond
 * Memories", not the one after a comma) held by no-break spaces for the
 * wrap, which gives them back as spaces.
 */
static void
put_aliases(struct mq_arena *a, struct mv *o, const char *text, size_t len,
    int first)
{
	struct mq_buf bound = MQ_BUF_INIT;
	size_t i;

	put(a, o, "aliases", mv_str(a, text, len));
	for (i = 0; i < len; i++)
		if (text[i] == ' ' && (i == 0 || text[i - 1] != ','))
			mq_buf_puts(&bound, "\xc2\xa0");
		else
			mq_buf_putc(&bound, text[i]);
	if (bound.oom)
		mq_arena_fail(a);
	else
		put(a, o, "aliases_wrapped", deco_wrap_list(a, mq_buf_str(&bound),
		    76, first, "      "));
	mq_buf_free(&bound);
}

/* What joins a list of words in lang: ", " in English, the enumeration
 * comma 、 in Japanese and Chinese ("cw、clockwise、時計回り"). */
static const char *
list_sep(const char *lang)
{
	return strcmp(lang, "en") == 0 ? ", " : "、";
}

/* "id, name, name, alias, ..." (each once, joined with sep) into o
 * (put_aliases). */
static void
alias_text(struct mq_arena *a, struct mv *o, const json_t *entry,
    const char *id, int first, const char *sep)
{
	const json_t *names = json_object_get(entry, "names"), *v;
	const json_t *aliases = json_object_get(entry, "aliases");
	struct mq_buf b = MQ_BUF_INIT;
	const json_t **seen;
	json_t *idv;
	const char *k;
	size_t i, n = 0, cap;

	cap = 1 + json_object_size(names) + json_array_size(aliases);
	if ((idv = json_string(id)) == NULL ||
	    (seen = malloc(cap * sizeof(*seen))) == NULL) {
		json_decref(idv);
		mq_arena_fail(a);
		return;
	}
	seen[n++] = idv;
	json_object_foreach((json_t *)names, k, v)
		add_alias(seen, &n, cap, v);
	json_array_foreach(aliases, i, v)
		add_alias(seen, &n, cap, v);
	for (i = 0; i < n; i++) {
		if (i)
			mq_buf_puts(&b, sep);
		mq_buf_puts(&b, json_string_value(seen[i]));
	}
	if (b.oom)
		mq_arena_fail(a);
	else
		put_aliases(a, o, mq_buf_str(&b), b.len, first);
	free(seen);
	json_decref(idv);
	mq_buf_free(&b);
}

static struct mv *
card_entry(const struct mq_deco_game *g, const json_t *c)
{
	struct mq_arena *a = g->arena;
	const char *id = jstr(c, "id");
	const json_t *e;
	struct mv *o, *effects, *x;
	size_t i;

	if ((o = mv_obj(a)) == NULL || (effects = mv_list(a)) == NULL)
		return NULL;
	put_ref(a, o, "id", id);
	put_ref(a, o, "name", deco_card_name(g, id));
	put_bool(a, o, "is_personality", jeq(jstr(c, "kind"), "personality"));
	put_bool(a, o, "returns", json_is_false(json_object_get(c, "discard")));
	alias_text(a, o, c, id, 6, list_sep(g->lang));	/* on a line of their own */
	json_array_foreach(json_object_get(c, "effects"), i, e) {
		/* a copy of the effect: its keys and values, shared */
		if (!json_is_object(e)) {
			mv_push(a, effects, mv_json(a, e));
			continue;
		}
		if ((x = deco_copy(a, e, NULL)) == NULL)
			continue;
		put_flag(a, x, "is_", jstr(e, "op"), NULL);
		put_flag(a, x, "scope_", jstr(e, "scope"), NULL);
		/* recover's "up_to": false, "return n" (left out: up to n) */
		put_bool(a, x, "exactly", json_is_false(json_object_get(e, "up_to")));
		put_bool(a, x, "first", i == 0);
		/* "draw 1 Rumor card", "draw 2 Rumor cards" */
		put_bool(a, x, "one", json_integer_value(json_object_get(e,
		    "n")) == 1);
		mv_push(a, effects, x);
	}
	put(a, o, "effects", effects);
	return o;
}

/* The catalogue of the welcome and help mails: cards, rooms, directions. */
static struct mv *
catalogue(const struct mq_deco_game *g)
{
	struct mq_arena *a = g->arena;
	struct mv *cat = mv_obj(a), *std = mv_list(a), *pers = mv_list(a);
	struct mv *rooms = mv_list(a), *dirs = mv_list(a), *o;
	const json_t *c, *v, *gd = g->gd;
	const char *k;
	size_t i, j;

	put(a, cat, "standard_cards", std);
	put(a, cat, "personality_cards", pers);
	put(a, cat, "room_list", rooms);
	put(a, cat, "directions", dirs);
	json_array_foreach(json_object_get(gd, "action_cards"), i, c) {
		if (jstr(c, "id") == NULL)
			continue;
		mv_push(a, jeq(jstr(c, "kind"), "personality") ? pers : std,
		    card_entry(g, c));
	}
	json_array_foreach(json_object_get(gd, "rooms"), i, c) {
		if (jstr(c, "id") == NULL ||
		    (o = deco_room_obj(g, a, jstr(c, "id"))) == NULL)
			continue;
		/* after "  Name: " (or "：", as wide) */
		alias_text(a, o, c, jstr(c, "id"), 2 +
		    deco_width(deco_room_name(g, jstr(c, "id"))) + 2,
		    list_sep(g->lang));
		mv_push(a, rooms, o);
	}
	json_object_foreach(json_object_get(gd, "directions"), k, v) {
		struct mq_buf b = MQ_BUF_INIT;

		json_array_foreach(v, j, c)
			if (json_is_string(c)) {
				if (b.len)
					mq_buf_puts(&b, list_sep(g->lang));
				mq_buf_puts(&b, json_string_value(c));
			}
		if (b.oom)
			mq_arena_fail(a);
		else if ((o = mv_obj(a)) != NULL) {
			put_ref(a, o, "id", k);
			put_aliases(a, o, mq_buf_str(&b), b.len,
			    2 + deco_width(k) + 2);
			put_flag(a, o, "is_", k, NULL);
			mv_push(a, dirs, o);
		}
		mq_buf_free(&b);
	}
	put(a, cat, "rounds_count", mv_json(a, json_object_get(json_object_get(gd,
	    "rounds"), "count")));
	put(a, cat, "track_spaces", mv_json(a, json_object_get(json_object_get(gd,
	    "track"), "spaces")));
	put(a, cat, "players_min", mv_json(a, json_object_get(json_object_get(gd,
	    "players"), "min")));
	put(a, cat, "players_max", mv_json(a, json_object_get(json_object_get(gd,
	    "players"), "max")));
	return cat;
}

/* A notes cell: {is_<state>: true, mark, time}. */
static struct mv *
cell(struct mq_arena *a, const char *state, const char *mark, const char *time)
{
	struct mv *c = mv_obj(a);

	put_flag(a, c, "is_", state, NULL);
	put_ref(a, c, "mark", mark);
	put_ref(a, c, "time", time);
	return c;
}

/* The midnight times' column heads and the notes' cells of each time. */
static void
times(struct mq_deco_game *g)
{
	struct mq_arena *a = g->arena;
	const json_t *v;
	struct mv *o;
	size_t j;

	g->times = json_object_get(json_object_get(g->gd, "midnight"), "times");
	g->times_pad = mv_list(a);
	g->ncells = json_array_size(g->times);
	if ((g->cells = calloc(g->ncells + 1, sizeof(*g->cells))) == NULL) {
		mq_arena_fail(a);
		return;
	}
	json_array_foreach(g->times, j, v) {
		const char *t = json_string_value(v);

		if (t == NULL)
			continue;
		if ((o = mv_obj(a)) != NULL) {
			put(a, o, "time", mv_json(a, v));
			put(a, o, "pad", deco_pad(a, t, 6));
			mv_push(a, g->times_pad, o);
		}
		g->cells[j][CELL_UNKNOWN] = cell(a, "unknown", ".", t);
		g->cells[j][CELL_SAFE] = cell(a, "safe", "safe", t);
		g->cells[j][CELL_DEADLY] = cell(a, "deadly", "DEAD", t);
	}
}

static void
rooms(struct mq_deco_game *g)
{
	struct mq_arena *a = g->arena;
	struct deco_item *it;
	char text[128];
	struct mv *o;
	size_t i;
	int w;

	if (items(g, "rooms", &g->rooms, &g->nrooms) != 0) {
		mq_arena_fail(a);
		return;
	}
	g->room_w = 1;
	for (i = 0; i < g->nrooms; i++)
		if ((w = deco_width(g->rooms[i].name)) > g->room_w)
			g->room_w = w;
	for (i = 0; i < g->nrooms; i++) {
		it = &g->rooms[i];
		it->obj = room_obj_new(a, it->id, it->name, g->room_w);
		it->pad = deco_pad(a, it->name, g->room_w);
		/* the PLACE example of the room, as decorate writes it */
		if ((size_t)snprintf(text, sizeof(text), "PLACE %s", it->id) >=
		    sizeof(text) || (o = mv_obj(a)) == NULL)
			continue;
		put(a, o, "text", mv_str(a, text, strlen(text)));
		put_ref(a, o, "to_name", it->name);
		put(a, o, "text_pad", deco_pad(a, text, 16));
		it->place = o;
	}
	g->room_blank = deco_pad(a, "", g->room_w);
	g->room_dash = deco_pad(a, "-", g->room_w);
}

static void
cards(struct mq_deco_game *g)
{
	struct mq_arena *a = g->arena;
	struct deco_item *it;
	size_t i;

	if (items(g, "action_cards", &g->cards, &g->ncards) != 0) {
		mq_arena_fail(a);
		return;
	}
	for (i = 0; i < g->ncards; i++) {
		it = &g->cards[i];
		if ((it->obj = mv_obj(a)) != NULL) {
			put_ref(a, it->obj, "id", it->id);
			put_ref(a, it->obj, "name", it->name);
		}
		deco_card_needs(it->entry, &it->target, &it->anywhere,
		    &it->slots, &it->recover);
	}
}

struct mq_deco_game *
mq_deco_game_new(const json_t *gamedata, const char *lang)
{
	struct mq_deco_game *g = calloc(1, sizeof(*g));
	size_t i;

	if (g == NULL)
		return NULL;
	g->gd = json_incref((json_t *)gamedata);
	if ((g->arena = mq_arena_new()) == NULL ||
	    (g->lang = strdup(lang)) == NULL) {
		mq_deco_game_free(g);
		return NULL;
	}
	rooms(g);
	cards(g);
	times(g);
	g->catalogue = catalogue(g);
	for (i = 0; i < DECO_PATH; i++)
		deco_round_time(g->gd, i, g->round_time[i],
		    sizeof(g->round_time[i]));
	if (mq_arena_oom(g->arena)) {
		mq_deco_game_free(g);
		return NULL;
	}
	return g;
}

void
mq_deco_game_free(struct mq_deco_game *g)
{
	int k;

	if (g == NULL)
		return;
	free(g->path);
	free(g->cells);
	free(g->rooms);
	free(g->cards);
	mq_arena_free(g->arena);
	for (k = 0; k < g->nalias; k++)
		json_decref(g->alias[k]);
	json_decref(g->gd);
	free(g->lang);
	free(g);
}

/*
 * json_equal, walking two objects' keys side by side: game data parsed
 * from the same file keeps its keys in the same order, so this compares
 * them without a hash lookup per key; keys in another order go to
 * json_equal, which is the answer either way.
 */
static int
same(const json_t *a, const json_t *b)
{
	const char *ka, *kb;
	json_t *va, *vb;
	void *ia, *ib;
	size_t i, n;

	if (a == b)
		return 1;
	if (a == NULL || b == NULL || json_typeof(a) != json_typeof(b))
		return 0;
	if (json_is_object(a)) {
		if (json_object_size(a) != json_object_size(b))
			return 0;
		ia = json_object_iter((json_t *)a);
		ib = json_object_iter((json_t *)b);
		for (; ia != NULL && ib != NULL; ia = json_object_iter_next(
		    (json_t *)a, ia), ib = json_object_iter_next((json_t *)b, ib)) {
			ka = json_object_iter_key(ia);
			kb = json_object_iter_key(ib);
			n = json_object_iter_key_len(ia);
			if (n != json_object_iter_key_len(ib) ||
			    memcmp(ka, kb, n) != 0)
				return json_equal((json_t *)a, (json_t *)b);
			va = json_object_iter_value(ia);
			vb = json_object_iter_value(ib);
			if (!same(va, vb))
				return 0;
		}
		return 1;
	}
	if (json_is_array(a)) {
		if ((n = json_array_size(a)) != json_array_size(b))
			return 0;
		for (i = 0; i < n; i++)
			if (!same(json_array_get(a, i), json_array_get(b, i)))
				return 0;
		return 1;
	}
	if (json_is_string(a))
		return json_string_length(a) == json_string_length(b) &&
		    memcmp(json_string_value(a), json_string_value(b),
		    json_string_length(a)) == 0;
	return json_equal((json_t *)a, (json_t *)b);
}

/*
 * Whether g answers for this game data and language: the very object it
 * was built from or one seen equal since, else one equal now (compared
 * once, then remembered; the oldest remembered goes when the list is
 * full). Each game opens its own copy of the same data file.
 */
int
mq_deco_game_is(struct mq_deco_game *g, const json_t *gamedata,
    const char *lang)
{
	int k;

	if (strcmp(g->lang, lang) != 0)
		return 0;
	if (gamedata == g->gd)
		return 1;
	if (gamedata == NULL || g->gd == NULL)
		return 0;
	for (k = 0; k < g->nalias; k++)
		if (gamedata == g->alias[k])
			return 1;
	if (!same(g->gd, gamedata))
		return 0;
	if (g->nalias == DECO_ALIASES) {
		json_decref(g->alias[0]);
		memmove(g->alias, g->alias + 1, (DECO_ALIASES - 1) *
		    sizeof(g->alias[0]));
		g->nalias--;
	}
	g->alias[g->nalias++] = json_incref((json_t *)gamedata);
	return 1;
}
