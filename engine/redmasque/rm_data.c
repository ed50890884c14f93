/*
 * rm_data.c - load and validate config/games/redmasque.json.
 *
 * Every [decided] value of the rules lives in that file, so an owner of the
 * physical game can correct it without touching code. A bad file is refused
 * with a sentence naming the key that is wrong.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/jdata.h"
#include "engine/redmasque/rm.h"

static const char *const langs[RM_LANGS] = { "en", "ja", "zh" };

static int
get_bool(const json_t *obj, const char *path, const char *key, int *out,
    struct mq_err *err)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_boolean(v))
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at %s.%s: "
		    "it must be true or false.", path, key);
	*out = json_is_true(v);
	return 0;
}

static void
lower_ascii(char *s)
{
	for (; *s; s++)
		if (*s >= 'A' && *s <= 'Z')
			*s = (char)(*s - 'A' + 'a');
}

static int
add_alias(struct rm_data *d, const char *text, int word, int value,
    const char *path, struct mq_err *err)
{
	struct rm_alias *a;
	int i;

	if (strlen(text) == 0 || strlen(text) >= sizeof(a->text))
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at %s: "
		    "the name \"%s\" is empty or too long.", path, text);
	if (d->nalias >= (int)(sizeof(d->alias) / sizeof(d->alias[0])))
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at %s: "
		    "too many names.", path);
	a = &d->alias[d->nalias];
	memcpy(a->text, text, strlen(text) + 1);
	lower_ascii(a->text);
	for (i = 0; i < d->nalias; i++) {
		if (strcmp(d->alias[i].text, a->text) != 0)
			continue;
		if (d->alias[i].word == word && d->alias[i].value == value)
			return 0;	/* the same name twice is harmless */
		/* A room and a card may share a word; commands know which they want. */
		if (d->alias[i].word == word)
			return mq_fail(err, MQ_REFUSED, "The game data is wrong at "
			    "%s: the name \"%s\" already names something else.",
			    path, text);
	}
	a->word = (uint8_t)word;
	a->value = (uint8_t)value;
	d->nalias++;
	return 0;
}

static int
load_names(const json_t *obj, const char *path, char names[RM_LANGS][48],
    struct mq_err *err)
{
	json_t *n = json_object_get(obj, "names");
	char p[128];
	int l;

	snprintf(p, sizeof(p), "%s.names", path);
	if (!json_is_object(n))
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at %s: "
		    "it must be an object with en, ja and zh.", p);
	for (l = 0; l < RM_LANGS; l++)
		MQ_TRY(mq_jdata_str(n, p, langs[l], names[l], 48, err));
	return 0;
}

static int
load_aliases(struct rm_data *d, const json_t *obj, const char *path,
    int word, int value, char names[RM_LANGS][48], struct mq_err *err)
{
	json_t *list = json_object_get(obj, "aliases"), *v;
	size_t i;
	int l;

	for (l = 0; l < RM_LANGS; l++)
		MQ_TRY(add_alias(d, names[l], word, value, path, err));
	if (list == NULL)
		return 0;
	if (!json_is_array(list))
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at "
		    "%s.aliases: it must be a list of names.", path);
	json_array_foreach(list, i, v) {
		if (!json_is_string(v))
			return mq_fail(err, MQ_REFUSED, "The game data is wrong "
			    "at %s.aliases[%zu]: it must be a name.", path, i);
		MQ_TRY(add_alias(d, json_string_value(v), word, value, path, err));
	}
	return 0;
}

static int
load_rooms(struct rm_data *d, const json_t *root, struct mq_err *err)
{
	json_t *rooms = json_object_get(root, "rooms"), *r;
	char path[64];
	size_t i;

	if (!json_is_array(rooms) || json_array_size(rooms) != RM_ROOMS)
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at rooms: "
		    "it must list the %d rooms in clockwise ring order.", RM_ROOMS);
	json_array_foreach(rooms, i, r) {
		snprintf(path, sizeof(path), "rooms[%zu]", i);
		if (!json_is_object(r))
			return mq_fail(err, MQ_REFUSED, "The game data is wrong "
			    "at %s: it must be an object.", path);
		MQ_TRY(mq_jdata_str(r, path, "id", d->room_id[i],
		    sizeof(d->room_id[i]), err));
		lower_ascii(d->room_id[i]);
		MQ_TRY(load_names(r, path, d->room_name[i], err));
		MQ_TRY(add_alias(d, d->room_id[i], RM_W_ROOM, (int)i, path, err));
		MQ_TRY(load_aliases(d, r, path, RM_W_ROOM, (int)i, d->room_name[i], err));
	}
	return 0;
}

static const struct {
	const char *name;
	int op, has_n, has_scope;
} ops[] = {
	{ "gain", RM_OP_GAIN, 1, 0 },
	{ "lose", RM_OP_LOSE, 1, 0 },
	{ "draw", RM_OP_DRAW, 1, 0 },
	{ "moves", RM_OP_MOVES, 1, 0 },
	{ "target_gain", RM_OP_TARGET_GAIN, 1, 1 },
	{ "target_lose", RM_OP_TARGET_LOSE, 1, 1 },
	{ "look", RM_OP_LOOK, 1, 1 },
	{ "take", RM_OP_TAKE, 1, 1 },
	{ "take_each", RM_OP_TAKE_EACH, 0, 1 },
	{ "recover", RM_OP_RECOVER, 1, 0 },
	{ "to_prince", RM_OP_TO_PRINCE, 0, 0 },
	{ "premonition", RM_OP_PREMONITION, 0, 0 },
};

static int
load_effect(struct rm_card *c, const json_t *e, const char *path,
    struct mq_err *err)
{
	struct rm_effect *ef = &c->eff[c->neffects];
	const char *op = json_string_value(json_object_get(e, "op"));
	const char *scope;
	size_t i;
	int n = 0;

	if (op == NULL)
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at %s.op: "
		    "it must name an effect.", path);
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (strcmp(ops[i].name, op) == 0)
			break;
	if (i == sizeof(ops) / sizeof(ops[0]))
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at %s.op: "
		    "\"%s\" is not an effect this engine knows.", path, op);
	ef->op = (uint8_t)ops[i].op;
	if (ops[i].has_n) {
		MQ_TRY(mq_jdata_int(e, path, "n", 1, ef->op == RM_OP_RECOVER ? 2 :
		    ef->op == RM_OP_MOVES ? 3 : ef->op == RM_OP_LOOK ? 2 : 20, &n, err));
		ef->n = (uint8_t)n;
	}
	if (ops[i].has_scope) {
		scope = json_string_value(json_object_get(e, "scope"));
		if (scope != NULL && strcmp(scope, "nearby") == 0)
			ef->scope = RM_SCOPE_NEARBY;
		else if (scope != NULL && strcmp(scope, "anywhere") == 0)
			ef->scope = RM_SCOPE_ANYWHERE;
		else
			return mq_fail(err, MQ_REFUSED, "The game data is wrong at "
			    "%s.scope: it must be \"nearby\" or \"anywhere\".", path);
		if (ef->op == RM_OP_TAKE_EACH && ef->scope != RM_SCOPE_NEARBY)
			return mq_fail(err, MQ_REFUSED, "The game data is wrong at "
			    "%s.scope: take_each works on nearby nobles only.", path);
		if (c->target != RM_SCOPE_NONE && c->target != ef->scope)
			return mq_fail(err, MQ_REFUSED, "The game data is wrong at "
			    "%s.scope: one card targets one noble.", path);
		c->target = ef->scope;
	}
	switch (ef->op) {
	case RM_OP_LOOK:
		c->slots_min = 1;
		c->slots_max = ef->n;
		break;
	case RM_OP_TAKE:
	case RM_OP_TAKE_EACH:
	case RM_OP_PREMONITION:
		c->slots_min = c->slots_max = 1;
		break;
	case RM_OP_RECOVER: {
		/* "up to n" (Encore) or n (Fond Memories, "up_to": false): the
		 * rules say which; left out, up to n, as data files before the
		 * key (a game's own copy) were played */
		int up_to = 1;

		if (json_object_get(e, "up_to") != NULL)
			MQ_TRY(get_bool(e, path, "up_to", &up_to, err));
		c->recover_max = ef->n;
		c->recover_up_to = (uint8_t)up_to;
		break;
	}
	case RM_OP_MOVES:
		c->moves = ef->n;
		break;
	}
	c->neffects++;
	return 0;
}

static int
load_card(struct rm_data *d, int idx, const json_t *j, struct mq_err *err)
{
	struct rm_card *c = &d->card[idx];
	json_t *effs, *e;
	const char *kind;
	char path[64], epath[96];
	size_t i;
	int v = 0;

	snprintf(path, sizeof(path), "action_cards[%d]", idx);
	if (!json_is_object(j))
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at %s: "
		    "it must be an object.", path);
	MQ_TRY(mq_jdata_str(j, path, "id", c->id, sizeof(c->id), err));
	lower_ascii(c->id);
	MQ_TRY(load_names(j, path, c->names, err));
	kind = json_string_value(json_object_get(j, "kind"));
	if (kind == NULL || (strcmp(kind, "standard") && strcmp(kind, "personality")))
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at %s.kind: "
		    "it must be \"standard\" or \"personality\".", path);
	c->personality = strcmp(kind, "personality") == 0;
	MQ_TRY(get_bool(j, path, "discard", &v, err));
	c->discard = (uint8_t)v;
	c->moves = 1;
	effs = json_object_get(j, "effects");
	if (!json_is_array(effs) || json_array_size(effs) == 0 ||
	    json_array_size(effs) > RM_MAXEFF)
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at "
		    "%s.effects: it must list 1 to %d effects.", path, RM_MAXEFF);
	json_array_foreach(effs, i, e) {
		snprintf(epath, sizeof(epath), "%s.effects[%zu]", path, i);
		if (!json_is_object(e))
			return mq_fail(err, MQ_REFUSED, "The game data is wrong at "
			    "%s: it must be an object.", epath);
		MQ_TRY(load_effect(c, e, epath, err));
	}
	MQ_TRY(add_alias(d, c->id, RM_W_CARD, idx, path, err));
	return load_aliases(d, j, path, RM_W_CARD, idx, c->names, err);
}

static int
load_cards(struct rm_data *d, const json_t *root, struct mq_err *err)
{
	json_t *cards = json_object_get(root, "action_cards"), *c;
	size_t i;
	int j, nstd = 0;

	if (!json_is_array(cards) || json_array_size(cards) < 2 ||
	    json_array_size(cards) > RM_MAXCARDS)
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at "
		    "action_cards: it must list 2 to %d cards.", RM_MAXCARDS);
	d->ncards = (int)json_array_size(cards);
	json_array_foreach(cards, i, c)
		MQ_TRY(load_card(d, (int)i, c, err));
	d->discuss = -1;
	for (j = 0; j < d->ncards; j++) {
		if (d->card[j].personality)
			d->personality[d->npersonality++] = (uint8_t)j;
		else {
			d->standard_mask |= 1u << j;
			nstd++;
		}
	}
	if (nstd == 0 || d->npersonality == 0)
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at "
		    "action_cards: it needs standard and personality cards.");
	return 0;
}

static const struct { const char *text; int key; } keywords[] = {
	{ "play", RM_K_PLAY }, { "プレイ", RM_K_PLAY }, { "出す", RM_K_PLAY },
	{ "打出", RM_K_PLAY }, { "出牌", RM_K_PLAY }, { "打", RM_K_PLAY },
	{ "プレー", RM_K_PLAY },	/* as many write the loanword */
	{ "move", RM_K_MOVE }, { "移動", RM_K_MOVE }, { "移动", RM_K_MOVE },
	{ "ムーブ", RM_K_MOVE },
	{ "plan", RM_K_PLAN }, { "計画", RM_K_PLAN }, { "计划", RM_K_PLAN },
	{ "計畫", RM_K_PLAN }, { "計劃", RM_K_PLAN }, { "プラン", RM_K_PLAN },
	{ "place", RM_K_PLACE }, { "配置", RM_K_PLACE }, { "放置", RM_K_PLACE },
	{ "status", RM_K_STATUS }, { "状況", RM_K_STATUS }, { "状态", RM_K_STATUS },
	{ "狀態", RM_K_STATUS }, { "ステータス", RM_K_STATUS },
	{ "help", RM_K_HELP }, { "ヘルプ", RM_K_HELP }, { "帮助", RM_K_HELP },
	{ "幫助", RM_K_HELP },
	{ "target", RM_K_TARGET }, { "対象", RM_K_TARGET }, { "目標", RM_K_TARGET },
	{ "目标", RM_K_TARGET },
	{ "slot", RM_K_SLOT }, { "時刻", RM_K_SLOT }, { "时间", RM_K_SLOT },
	{ "時間", RM_K_SLOT },
	{ "recover", RM_K_RECOVER }, { "回収", RM_K_RECOVER }, { "回收", RM_K_RECOVER },
	{ "clear", RM_K_CLEAR }, { "クリア", RM_K_CLEAR }, { "清除", RM_K_CLEAR },
};

static int
load_directions(struct rm_data *d, const json_t *root, struct mq_err *err)
{
	static const char *const dirs[3] = { "ccw", "stay", "cw" };
	json_t *obj = json_object_get(root, "directions"), *list, *v;
	char path[64];
	size_t i;
	int k;

	if (!json_is_object(obj))
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at "
		    "directions: it must be an object with cw, ccw and stay.");
	for (k = 0; k < 3; k++) {
		snprintf(path, sizeof(path), "directions.%s", dirs[k]);
		list = json_object_get(obj, dirs[k]);
		if (!json_is_array(list))
			return mq_fail(err, MQ_REFUSED, "The game data is wrong at "
			    "%s: it must be a list of names.", path);
		MQ_TRY(add_alias(d, dirs[k], RM_W_DIR, k, path, err));
		json_array_foreach(list, i, v) {
			if (!json_is_string(v))
				return mq_fail(err, MQ_REFUSED, "The game data is "
				    "wrong at %s[%zu]: it must be a name.", path, i);
			MQ_TRY(add_alias(d, json_string_value(v), RM_W_DIR, k,
			    path, err));
		}
	}
	for (i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		MQ_TRY(add_alias(d, keywords[i].text, RM_W_KEY, keywords[i].key,
		    "keywords", err));
	return 0;
}

static int
load_options(struct rm_data *d, const json_t *root, struct mq_err *err)
{
	json_t *o = json_object_get(root, "options");
	const char *order;

	if (!json_is_object(o))
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at options: "
		    "it must be an object.");
	MQ_TRY(get_bool(o, "options", "hard", &d->opt_hard, err));
	MQ_TRY(get_bool(o, "options", "sequential_moves", &d->opt_sequential, err));
	order = json_string_value(json_object_get(o, "resolution_order"));
	if (order != NULL && strcmp(order, "least_popular_then_seat") == 0)
		d->opt_order_by_popularity = 0;
	else if (order != NULL && strcmp(order, "ascending_popularity") == 0)
		d->opt_order_by_popularity = 1;
	else
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at "
		    "options.resolution_order: it must be \"least_popular_then_seat\" "
		    "or \"ascending_popularity\".");
	return 0;
}

/*
 * Decisions of the rules that the data file states but this engine plays
 * one way only. A file that says otherwise is refused, naming the key: an
 * owner who edits one must learn that it would change nothing, not find the
 * game played as before. A key left out means the engine's way.
 */
static const struct {
	const char *obj, *key;
	const char *text;	/* the one value, a string; NULL: the boolean true */
} played_one_way[] = {
	{ "track", "floor", "stop_at_last_free" },
	{ "rumors", "evidence_look", "random" },
	{ "options", "target_learns", NULL },
	{ "options", "hand_sizes_public", NULL },
	{ "options", "swindle_single_card_once", NULL },
	{ "options", "empty_deck", "draw_nothing" },
	{ "options", "no_survivor", "nobody_wins" },
	{ "defaults", "move", "stay" },
	{ "defaults", "placement", "random" },
	{ "defaults", "plan", "keep" },
};

static int
check_played_one_way(const json_t *root, struct mq_err *err)
{
	size_t i;

	for (i = 0; i < sizeof(played_one_way) / sizeof(played_one_way[0]); i++) {
		const char *want = played_one_way[i].text;
		json_t *v = json_object_get(json_object_get(root,
		    played_one_way[i].obj), played_one_way[i].key);

		if (v == NULL || (want == NULL ? json_is_true(v) :
		    json_is_string(v) && strcmp(json_string_value(v), want) == 0))
			continue;
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at %s.%s: "
		    "this engine plays it one way only, %s%s%s.",
		    played_one_way[i].obj, played_one_way[i].key, want ? "\"" : "",
		    want ? want : "true", want ? "\"" : "");
	}
	return 0;
}

int
rm_data_load(const json_t *root, void **out, struct mq_err *err)
{
	struct rm_data *d;
	json_t *o;
	const char *kind;
	int rc, gpt;

	*out = NULL;
	if (!json_is_object(root))
		return mq_fail(err, MQ_REFUSED, "The game data must be a JSON object.");
	kind = json_string_value(json_object_get(root, "kind"));
	if (kind == NULL || strcmp(kind, "redmasque") != 0)
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at kind: "
		    "it must be \"redmasque\".");
	d = calloc(1, sizeof(*d));
	if (d == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	if ((rc = load_rooms(d, root, err)) || (rc = load_cards(d, root, err)) ||
	    (rc = load_directions(d, root, err)) || (rc = load_options(d, root, err)) ||
	    (rc = check_played_one_way(root, err)))
		goto fail;
	o = json_object_get(root, "players");
	if ((rc = mq_jdata_int(o, "players", "min", 2, RM_MAXP,
	    &d->min_players, err)) ||
	    (rc = mq_jdata_int(o, "players", "max", d->min_players, RM_MAXP,
	    &d->max_players, err)))
		goto fail;
	o = json_object_get(root, "track");
	if ((rc = mq_jdata_int(o, "track", "spaces", 8, 64, &d->track_spaces,
	    err)))
		goto fail;
	o = json_object_get(root, "prince_tiles");
	if ((rc = mq_jdata_int(o, "prince_tiles", "per_room", 1, 4,
	    &d->tiles_per_room, err)) ||
	    (rc = mq_jdata_int(o, "prince_tiles", "removed", 0, 16,
	    &d->tiles_removed, err)))
		goto fail;
	if (d->tiles_per_room * RM_ROOMS - d->tiles_removed != RM_ROUNDS) {
		rc = mq_fail(err, MQ_REFUSED, "The game data is wrong at prince_tiles: "
		    "per_room x 7 - removed must leave 12 tiles, one per round.");
		goto fail;
	}
	o = json_object_get(root, "rumors");
	if ((rc = mq_jdata_int(o, "rumors", "gossip_per_time_room", 1, 1, &gpt,
	    err)) ||
	    (rc = mq_jdata_int(o, "rumors", "evidence_per_time", 0, 3,
	    &d->evidence_per_time, err)))
		goto fail;
	o = json_object_get(root, "red_death");
	if ((rc = mq_jdata_int(o, "red_death", "per_time", 1, RM_MAXRD,
	    &d->rd_per_time, err)) ||
	    (rc = mq_jdata_int(o, "red_death", "per_time_hard", 1, RM_MAXRD,
	    &d->rd_per_time_hard, err)))
		goto fail;
	d->ngossip = RM_TIMES * RM_ROOMS;
	d->nrumors = d->ngossip + RM_TIMES * d->evidence_per_time;
	d->discuss = rm_card_find(d, json_string_value(json_object_get(
	    json_object_get(root, "defaults"), "action")) ?
	    json_string_value(json_object_get(json_object_get(root, "defaults"),
	    "action")) : "");
	if (d->discuss < 0 || d->card[d->discuss].personality ||
	    d->card[d->discuss].discard) {
		rc = mq_fail(err, MQ_REFUSED, "The game data is wrong at "
		    "defaults.action: it must be a standard card that returns to hand.");
		goto fail;
	}
	{
		static const char *const pop[RM_BOT_POP] = { "grand_entrance",
		    "jest", "admire", "court_the_prince", "mock", "dance",
		    "promenade", "fond_memories" };
		static const char *const info[RM_BOT_INFO] = { "premonition",
		    "gossipmonger", "discuss" };
		int k;

		for (k = 0; k < RM_BOT_POP; k++)
			d->bot_pop[k] = (int8_t)rm_card_find(d, pop[k]);
		for (k = 0; k < RM_BOT_INFO; k++)
			d->bot_info[k] = (int8_t)rm_card_find(d, info[k]);
		d->bot_threaten = (int8_t)rm_card_find(d, "threaten");
	}
	*out = d;
	return 0;
fail:
	free(d);
	return rc;
}

void
rm_data_free(void *data)
{
	free(data);
}

int
rm_card_find(const struct rm_data *d, const char *id)
{
	int i;

	for (i = 0; i < d->ncards; i++)
		if (strcmp(d->card[i].id, id) == 0)
			return i;
	return -1;
}
