/*
 * test_ms_data.c - The Masquerade's card set: config/games/masquerade.json
 * loads with the counts and fields the rules give (orders and Guardians
 * sorted by number, a Spell's timing from its first effect), its names and
 * keywords resolve as the parser will look them up, and each broken
 * variant of it (the loaded file edited in the test) is refused with one
 * sentence naming the key that is wrong.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/words.h"
#include "engine/masquerade/ms.h"

static json_t *cards;		/* the real file, as JSON */

static int
group_setup(void **state)
{
	const char *root = getenv("MQ_ROOT");
	json_error_t je;
	char path[1024];

	snprintf(path, sizeof(path), "%s/config/games/masquerade.json",
	    root != NULL && *root ? root : ".");
	cards = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	if (cards == NULL)
		fprintf(stderr, "cannot read %s: %s\n", path, je.text);
	return cards == NULL ? -1 : 0;
}

static int
group_teardown(void **state)
{
	json_decref(cards);
	return 0;
}

static struct ms_data *
load(const json_t *j)
{
	struct mq_err err;
	void *d = NULL;

	mq_err_clear(&err);
	if (ms_data_load(j, &d, &err) != 0)
		fail_msg("cannot load the card set: %s", err.msg);
	assert_non_null(d);
	return d;
}

/* The alias text names, or NULL. */
static const struct ms_alias *
alias(const struct ms_data *d, const char *text)
{
	int i;

	for (i = 0; i < d->nalias; i++)
		if (strcmp(d->alias[i].text, text) == 0)
			return &d->alias[i];
	return NULL;
}

static void
assert_alias(const struct ms_data *d, const char *text, int word, int value)
{
	const struct ms_alias *a = alias(d, text);

	if (a == NULL)
		fail_msg("no alias \"%s\"", text);
	assert_int_equal(a->word, word);
	assert_int_equal(a->value, value);
}

/*
 * Set what path names ("spells[3].level", "meta.players") to the JSON text
 * value, or delete it when value is NULL.
 */
static void
edit(json_t *root, const char *path, const char *value)
{
	json_t *cur = root, *v = NULL;
	json_error_t je;
	const char *p = path;
	char key[64];
	size_t idx, n;
	char *end;

	if (value != NULL && (v = json_loads(value, JSON_DECODE_ANY, &je)) == NULL)
		fail_msg("bad value %s: %s", value, je.text);
	for (;;) {
		if (*p == '[') {
			idx = strtoul(p + 1, &end, 10);
			assert_int_equal(*end, ']');
			p = end + 1;
			if (*p == '\0') {
				if (v == NULL)
					assert_int_equal(json_array_remove(cur,
					    idx), 0);
				else
					assert_int_equal(json_array_set_new(cur,
					    idx, v), 0);
				return;
			}
			cur = json_array_get(cur, idx);
		} else {
			n = strcspn(p, ".[");
			assert_true(n > 0 && n < sizeof(key));
			memcpy(key, p, n);
			key[n] = '\0';
			p += n;
			if (*p == '\0') {
				if (v == NULL)
					assert_int_equal(json_object_del(cur,
					    key), 0);
				else
					assert_int_equal(json_object_set_new(cur,
					    key, v), 0);
				return;
			}
			cur = json_object_get(cur, key);
		}
		if (cur == NULL)
			fail_msg("%s: nothing at %.*s", path, (int)(p - path), path);
		if (*p == '.')
			p++;
	}
}

/* ---- The real file ---- */

static void
test_real_file_counts(void **state)
{
	struct ms_data *d = load(cards);

	assert_int_equal(d->nmasks, 6);
	assert_int_equal(d->ndancers, 6);
	assert_int_equal(d->norders, 5);
	assert_int_equal(d->nstages, 6);
	assert_int_equal(d->nemblems, 3);
	assert_int_equal(d->nguardians, 8);
	assert_int_equal(d->nevents, 8);
	assert_int_equal(d->nspells, 11);
	assert_int_equal(d->ndeck, 30);
	assert_int_equal(d->min_players, 3);
	assert_int_equal(d->max_players, 5);
	assert_int_equal(d->start_life, 2);
	assert_int_equal(d->max_life, 2);
	assert_int_equal(d->base_hand_limit, 5);
	assert_int_equal(d->mask_reveal_power, 3);
	ms_data_free(d);
}

static void
test_real_file_cards(void **state)
{
	struct ms_data *d = load(cards);
	const struct ms_stage *tower;
	const struct ms_spell *sym;
	const struct ms_guardian *g8;
	const struct ms_order *defend;
	int i;

	tower = &d->stage[ms_find_stage(d, "ST1")];
	assert_string_equal(tower->nm.name[0], "Tower");
	assert_string_equal(tower->nm.name[1], "塔");
	assert_int_equal(tower->capacity, 1);
	assert_int_equal(tower->rule, MS_R_TOWER);
	assert_int_equal(d->stage[ms_find_stage(d, "ST3")].rule, MS_R_CHAPEL);
	assert_int_equal(d->stage[ms_find_stage(d, "ST4")].rule, MS_R_NONE);
	assert_int_equal(d->stage[ms_find_stage(d, "ST5")].eff[0].n, MS_FULL);

	sym = &d->spell[ms_find_spell(d, "SP_symphony")];
	assert_string_equal(sym->nm.name[0], "Symphony");
	assert_string_equal(sym->nm.name[2], "交响曲");
	assert_int_equal(sym->level, 3);
	assert_int_equal(sym->copies, 1);
	assert_int_equal(sym->timing, MS_T_IN_CHALLENGE);
	assert_int_equal(sym->neff, 2);
	assert_int_equal(sym->eff[0].op, MS_OP_POWER);
	assert_int_equal(sym->eff[0].n, 4);
	assert_int_equal(sym->eff[1].trigger, MS_T_ON_WIN);
	assert_int_equal(sym->eff[1].op, MS_OP_DRAW);
	assert_int_equal(sym->eff[1].who, MS_WHO_SELF);
	assert_int_equal(sym->eff[1].n, 1);
	assert_int_equal(d->spell[ms_find_spell(d, "SP_prelude")].timing,
	    MS_T_SPELL_PHASE);
	assert_int_equal(d->spell[ms_find_spell(d, "SP_serenade")].eff[0].from,
	    MS_WHO_CHOSEN);

	/* Guardians and Orders are sorted by number. */
	for (i = 0; i < d->nguardians; i++)
		assert_int_equal(d->guardian[i].number, i + 1);
	g8 = &d->guardian[7];
	assert_string_equal(g8->nm.id, "G8");
	assert_string_equal(g8->nm.name[1], "竜");
	assert_string_equal(g8->nm.name[0], "8");	/* known by its number */
	assert_int_equal(g8->power, 5);
	assert_int_equal(g8->neff, 1);
	assert_int_equal(g8->eff[0].trigger, MS_T_GUARDIAN);
	assert_int_equal(g8->eff[0].op, MS_OP_LOSS_LIFE);
	assert_int_equal(g8->eff[0].n, 2);
	assert_string_equal(g8->treasure.id, "G8");
	assert_string_equal(g8->treasure.name[0], "Dragon Heart");
	assert_string_equal(g8->treasure.name[2], "龙之心");
	assert_int_equal(g8->tvp, 2);
	assert_int_equal(g8->teff[0].when, MS_WHEN_IN_CHALLENGE);

	for (i = 0; i < d->norders; i++)
		assert_int_equal(d->order[i].number, i + 1);
	defend = &d->order[2];
	assert_string_equal(defend->nm.name[0], "Defend 3");
	assert_int_equal(defend->neff, 2);
	assert_int_equal(defend->eff[0].op, MS_OP_CANNOT_CHALLENGE);
	assert_int_equal(defend->eff[0].cond, MS_IF_NONE);
	assert_int_equal(defend->eff[1].op, MS_OP_CANNOT_BE_CHALLENGED);
	assert_int_equal(defend->eff[1].cond, MS_IF_VP_LEADER);

	assert_int_equal(d->dancer[ms_find_dancer(d, "D1")].eff[0].when,
	    MS_WHEN_INITIATING);
	assert_int_equal(d->dancer[ms_find_dancer(d, "D4")].eff[0].set, 6);
	assert_int_equal(d->dancer[ms_find_dancer(d, "D5")].eff[0].cond,
	    MS_IF_ARENA);
	assert_int_equal(d->mask[ms_find_mask(d, "M6")].stat, MS_S_HAND_FULL);
	assert_int_equal(d->mask[ms_find_mask(d, "M6")].cmp, MS_CMP_EQ);
	assert_int_equal(d->mask[ms_find_mask(d, "M6")].value, 1);
	assert_int_equal(d->mask[ms_find_mask(d, "M1")].cmp, MS_CMP_GTE);
	assert_int_equal(d->mask[ms_find_mask(d, "M1")].value, 3);
	assert_int_equal(d->event[ms_find_event(d, "V2")].eff[0].who,
	    MS_WHO_PROPHET);
	assert_int_equal(d->event[ms_find_event(d, "V7")].eff[0].optional, 1);
	assert_int_equal(d->emblem[1].stat, MS_S_ARENA_WINS);
	assert_int_equal(d->emblem[1].min, 2);
	assert_int_equal(ms_find_dancer(d, "D9"), -1);
	assert_int_equal(ms_find_spell(d, "sp_march"), -1);	/* ids: exact */
	ms_data_free(d);
}

/* Orders and Guardians listed in another order load sorted all the same. */
static void
test_sorted_by_number(void **state)
{
	json_t *j = json_deep_copy(cards);
	struct ms_data *d;
	int i;

	edit(j, "orders", "[]");
	edit(j, "guardians", "[]");
	for (i = 4; i >= 0; i--)
		json_array_append(json_object_get(j, "orders"), json_array_get(
		    json_object_get(cards, "orders"), (size_t)i));
	for (i = 7; i >= 0; i--)
		json_array_append(json_object_get(j, "guardians"),
		    json_array_get(json_object_get(cards, "guardians"),
		    (size_t)i));
	d = load(j);
	for (i = 0; i < 5; i++)
		assert_int_equal(d->order[i].number, i + 1);
	assert_string_equal(d->order[4].nm.name[0], "Wait 5");
	for (i = 0; i < 8; i++)
		assert_int_equal(d->guardian[i].number, i + 1);
	assert_string_equal(d->guardian[0].treasure.name[0], "Silver Bell");
	ms_data_free(d);
	json_decref(j);
}

/* ---- Names ---- */

/* An Order is read by its word alone ("rally"), but only where that word
 * names nothing else: an Order called "Tower 3" leaves "tower" the
 * Stage's, and the file still loads (found by code review). */
static void
test_order_words(void **state)
{
	json_t *j = json_deep_copy(cards);
	struct ms_data *d = load(j);

	(void)state;
	assert_alias(d, "rally", MS_W_ORDER, 4);
	assert_alias(d, "lead", MS_W_ORDER, 1);
	assert_alias(d, "rally-4", MS_W_ORDER, 4);
	ms_data_free(d);
	edit(j, "orders[2].name_en", "\"Tower 3\"");
	edit(j, "orders[3].name_en", "\"Pass 4\"");
	d = load(j);
	assert_alias(d, "tower-3", MS_W_ORDER, 3);
	assert_alias(d, "tower", MS_W_STAGE, alias(d, "tower")->value);
	assert_int_equal(alias(d, "pass")->word, MS_W_KEY);
	ms_data_free(d);
	json_decref(j);
}

static void
test_aliases(void **state)
{
	struct ms_data *d = load(cards);
	int v1 = ms_find_event(d, "V1"), i;
	const char *s;

	assert_true(v1 >= 0);
	assert_alias(d, "request-for-a-tune", MS_W_EVENT, v1);
	assert_alias(d, "曲目の要求", MS_W_EVENT, v1);
	assert_alias(d, "点曲", MS_W_EVENT, v1);
	assert_alias(d, "change-of-partner", MS_W_EVENT, ms_find_event(d, "V2"));
	assert_alias(d, "wait-5", MS_W_ORDER, 5);
	assert_alias(d, "待機する５", MS_W_ORDER, 5);
	assert_alias(d, "领舞-1", MS_W_ORDER, 1);
	assert_alias(d, "march", MS_W_SPELL, ms_find_spell(d, "SP_march"));
	assert_alias(d, "行進曲", MS_W_SPELL, ms_find_spell(d, "SP_march"));
	assert_alias(d, "进行曲", MS_W_SPELL, ms_find_spell(d, "SP_march"));
	/* ja and zh give the same name: one alias */
	assert_alias(d, "前奏曲", MS_W_SPELL, ms_find_spell(d, "SP_prelude"));
	assert_alias(d, "grand-hall", MS_W_STAGE, ms_find_stage(d, "ST6"));
	assert_alias(d, "塔", MS_W_STAGE, ms_find_stage(d, "ST1"));
	assert_alias(d, "eternal-prisoner", MS_W_DANCER, ms_find_dancer(d, "D6"));
	assert_alias(d, "永劫囚徒", MS_W_DANCER, ms_find_dancer(d, "D6"));
	assert_alias(d, "done", MS_W_KEY, MS_K_PASS);
	assert_alias(d, "pass", MS_W_KEY, MS_K_PASS);
	assert_alias(d, "パス", MS_W_KEY, MS_K_PASS);
	assert_alias(d, "过", MS_W_KEY, MS_K_PASS);
	assert_alias(d, "play", MS_W_KEY, MS_K_PLAY);
	assert_alias(d, "使う", MS_W_KEY, MS_K_PLAY);
	assert_alias(d, "挑战", MS_W_KEY, MS_K_CHALLENGE);
	assert_alias(d, "help", MS_W_KEY, MS_K_HELP);
	/* Masks, Emblems and Treasures are not named in commands. */
	assert_null(alias(d, "lion-mask"));
	assert_null(alias(d, "silver-bell"));
	assert_null(alias(d, "Request for a Tune"));
	/* Every alias as the parser sees words: no ASCII capital, no space. */
	for (i = 0; i < d->nalias; i++)
		for (s = d->alias[i].text; *s; s++)
			if ((*s >= 'A' && *s <= 'Z') || *s == ' ')
				fail_msg("alias \"%s\"", d->alias[i].text);
	ms_data_free(d);
}

/* The parser's look-up as it was, a scan of the whole table: the first
 * alias of word whose text, or (holding full-width forms) whose text
 * folded, is text. ms_name_find must answer as it does. */
static int
slow_lookup(const struct ms_data *d, const char *text, int word)
{
	char a[MS_NAME + 8];
	int i;

	for (i = 0; i < d->nalias; i++) {
		if (d->alias[i].word != word)
			continue;
		if (strcmp(d->alias[i].text, text) == 0)
			return d->alias[i].value;
		if (strchr(d->alias[i].text, '\xef') == NULL)
			continue;
		mq_words_fold(d->alias[i].text, a, sizeof(a));
		if (strcmp(a, text) == 0)
			return d->alias[i].value;
	}
	return -1;
}

/* in, as the parser reads a word (folded), looked up as every kind of word
 * both ways; returns how many kinds named it */
static int
same_lookup(const struct ms_data *d, const char *in)
{
	char f[MS_NAME * 4];
	int w, found = 0;

	mq_words_fold(in, f, sizeof(f));
	for (w = MS_W_KEY; w <= MS_W_EVENT; w++) {
		if (ms_name_find(d, f, w) != slow_lookup(d, f, w))
			fail_msg("\"%s\" (read \"%s\") as word %d: %d, was %d",
			    in, f, w, ms_name_find(d, f, w),
			    slow_lookup(d, f, w));
		found += ms_name_find(d, f, w) >= 0;
	}
	return found;
}

/* ASCII letters and digits of s upper-cased (up) or full-width (!up). */
static void
widen(const char *s, char *out, size_t n, int up)
{
	size_t o = 0;

	for (; *s && o + 4 < n; s++) {
		unsigned c = (unsigned char)*s;

		if (c >= 0x21 && c <= 0x7e && !up) {
			c += 0xFF01 - 0x21;
			out[o++] = (char)(0xE0 | c >> 12);
			out[o++] = (char)(0x80 | (c >> 6 & 0x3F));
			out[o++] = (char)(0x80 | (c & 0x3F));
		} else
			out[o++] = (char)(up && c >= 'a' && c <= 'z' ? c - 32 :
			    c);
	}
	out[o] = '\0';
}

/* Every alias of the card set (en, ja, zh, an Order's word, the keywords),
 * as written, folded, upper-cased, in full-width letters and digits, cut
 * short, resolves as the scan of the table did: to its own card, and to
 * nothing as another kind of word than its own unless that scan said so. */
static void
test_name_lookup(void **state)
{
	struct ms_data *d = load(cards);
	char buf[MS_NAME * 4], f[MS_NAME + 8];
	const struct ms_alias *a;
	size_t len;
	int i;

	(void)state;
	assert_true(d->nnames > d->nalias);	/* the full-width Orders */
	for (i = 0; i < d->nalias; i++) {
		a = &d->alias[i];
		assert_int_equal(ms_name_find(d, a->text, a->word) >= 0, 1);
		assert_true(same_lookup(d, a->text) >= 1);
		mq_words_fold(a->text, f, sizeof(f));
		assert_int_equal(ms_name_find(d, f, a->word), a->value);
		widen(a->text, buf, sizeof(buf), 1);
		assert_true(same_lookup(d, buf) >= 1);
		widen(a->text, buf, sizeof(buf), 0);
		assert_true(same_lookup(d, buf) >= 1);
		for (len = strlen(a->text); len > 0; len--) {
			memcpy(buf, a->text, len - 1);
			buf[len - 1] = '\0';
			same_lookup(d, buf);
		}
	}
	/* half-width katakana read as full-width; names that are none */
	assert_int_equal(ms_name_find(d, "パス", MS_W_KEY), MS_K_PASS);
	assert_int_equal(same_lookup(d, "ﾊﾟｽ"), 1);
	assert_int_equal(same_lookup(d, "ﾏｰﾁ"), 1);
	assert_int_equal(same_lookup(d, "待機する5"), 1);
	assert_int_equal(ms_name_find(d, "待機する5", MS_W_ORDER), 5);
	assert_int_equal(same_lookup(d, "lion-mask"), 0);
	assert_int_equal(same_lookup(d, ""), 0);
	assert_int_equal(same_lookup(d, "zzzz"), 0);
	assert_int_equal(same_lookup(d, "\xef\xbc"), 0);
	ms_data_free(d);
}

/* An English Spell name with a leading article is also known without it. */
static void
test_spell_article(void **state)
{
	json_t *j = json_deep_copy(cards);
	struct ms_data *d;

	edit(j, "spells[0].name_en", "\"The  Grand March\"");
	edit(j, "spells[1].name_en", "\"An Old Waltz\"");
	d = load(j);
	assert_alias(d, "the-grand-march", MS_W_SPELL, 0);
	assert_alias(d, "grand-march", MS_W_SPELL, 0);
	assert_alias(d, "an-old-waltz", MS_W_SPELL, 1);
	assert_alias(d, "old-waltz", MS_W_SPELL, 1);
	assert_null(alias(d, "march"));
	/* names themselves are kept as given */
	assert_string_equal(d->spell[0].nm.name[0], "The  Grand March");
	ms_data_free(d);
	json_decref(j);
}

/* ---- Broken variants ---- */

static const struct {
	const char *path, *value;	/* value NULL: the key deleted */
	const char *at;			/* the key path the refusal names */
} broken[] = {
	{ "spells[3].level", "4", "spells[3].level" },
	{ "meta.players", "[2, 5]", "meta.players" },
	{ "meta.players", "[3, 6]", "meta.players" },
	{ "meta.players", "[5, 3]", "meta.players" },
	{ "meta.players", "3", "meta.players" },
	{ "meta.start_life", "3", "meta.start_life" },
	{ "meta.tie_break", "\"highest_order\"", "meta.tie_break" },
	{ "meta.colour", "1", "meta.colour" },
	{ "meta", NULL, "meta" },
	{ "colour", "1", "colour" },
	{ "masks[0].score.stat", "\"luck\"", "masks[0].score.stat" },
	{ "masks[5].score.eq", "2", "masks[5].score.eq" },
	{ "masks[0].score.eq", "3", "masks[0].score" },
	{ "masks[1].id", "\"M1\"", "masks[1].id" },
	{ "dancers[0].power", "10", "dancers[0].power" },
	{ "dancers[0].effects[0].trigger", "\"sometimes\"",
	    "dancers[0].effects[0].trigger" },
	{ "dancers[0].effects[0].trigger", "\"event\"",
	    "dancers[0].effects[0].trigger" },
	{ "dancers[0].effects[0].op", "\"fly\"", "dancers[0].effects[0].op" },
	{ "dancers[0].effects[0].op", "\"draw\"", "dancers[0].effects[0].op" },
	{ "dancers[0].effects[0].when", "\"always\"",
	    "dancers[0].effects[0].when" },
	{ "dancers[0].effects[0].wen", "\"initiating\"",
	    "dancers[0].effects[0].wen" },
	{ "dancers[2].effects[0].who", "\"everyone\"",
	    "dancers[2].effects[0].who" },
	{ "dancers[3].effects[0].set", NULL, "dancers[3].effects[0].set" },
	{ "dancers[4].effects[0].if", "{\"kind\": \"chapel\"}",
	    "dancers[4].effects[0].if" },
	{ "dancers[4].effects[0].random", "false",
	    "dancers[4].effects[0].random" },
	{ "orders[2].effects[1].if", "{\"vp_leader\": false}",
	    "orders[2].effects[1].if" },
	{ "orders[4].number", "4", "orders[4].number" },
	{ "orders[0].number", "6", "orders[0].number" },
	{ "orders[4]", NULL, "orders" },
	{ "stages[5].effects[0].n", "\"full\"", "stages[5].effects[0].n" },
	{ "stages[0].rule", "\"dungeon\"", "stages[0].rule" },
	{ "stages[1].rule", "\"tower\"", "stages[1].rule" },
	{ "stages[2].rule", NULL, "stages" },
	{ "stages[2].capacity", "2", "stages[2].capacity" },
	{ "emblems[0].transfer", "\"first\"", "emblems[0].transfer" },
	{ "emblems[0].stat", "\"hand_full\"", "emblems[0].stat" },
	{ "guardians[1].number", "1", "guardians[1].number" },
	{ "guardians[0].treasure.vp", "-1", "guardians[0].treasure.vp" },
	{ "guardians[0].treasure.name_zh", NULL,
	    "guardians[0].treasure.name_zh" },
	{ "guardians[1].guardian[0].trigger", "\"passive\"",
	    "guardians[1].guardian[0].trigger" },
	{ "events[1].effects[0].pool", "\"deck\"", "events[1].effects[0].pool" },
	{ "events[1].effects[0].chooser", "\"self\"",
	    "events[1].effects[0].chooser" },
	{ "events[3].effects[1].optional", "1",
	    "events[3].effects[1].optional" },
	{ "events[4].effects[0].n", "\"full\"", "events[4].effects[0].n" },
	{ "events[6].effects[0].kind", "\"guardian\"",
	    "events[6].effects[0].kind" },
	{ "events[0].effects", "[]", "events[0].effects" },
	{ "spells[0].effects[0].n", "1.5", "spells[0].effects[0].n" },
	{ "spells[3].effects[1].trigger", "\"spell_phase\"",
	    "spells[3].effects[1].trigger" },
	{ "spells[6].effects[0].trigger", "\"stage_phase\"",
	    "spells[6].effects[0].trigger" },
	{ "spells[6].effects[0].trigger", "\"on_win\"",
	    "spells[6].effects[0].trigger" },
	{ "spells[10].effects[0].op", "\"heal\"", "spells[10].effects[0].who" },
	{ "spells[0].copies", "41", "spells" },
	{ "spells[0].name_en", NULL, "spells[0].name_en" },
	{ "spells[0].name_ja", "\"\"", "spells[0].name_ja" },
	{ "spells[0].name_zh", "\"图书馆\"", "spells[0].name_zh" },
	{ "dancers[1].name_en", "\"Blade Dancer\"", "dancers[1].name_en" },
	{ "dancers[0].name_en", "\"Pass\"", "dancers[0].name_en" },
	{ "spells[0].effects", "[]", "spells[0].effects" },
	/* in the vocabulary, but not played by the engine as written */
	{ "stages[3].effects[0].op", "\"lose_life\"", "stages[3].effects[0].op" },
	{ "stages[3].effects[0].who", "\"all_players\"",
	    "stages[3].effects[0].op" },
	{ "dancers[0].effects[0].op", "\"opp_power\"", "dancers[0].effects[0].op" },
	{ "dancers[0].effects[0].if", "{\"vp_leader\": true}",
	    "dancers[0].effects[0].op" },
	{ "events[3].effects[1].optional", "false", "events[3].effects[1].op" },
	{ "spells[9].effects[0].optional", "true", "spells[9].effects[0].op" },
	{ "spells[0].effects[0].when", "\"initiating\"", "spells[0].effects[0].op" },
};

static void
test_broken_variants_refused(void **state)
{
	char want[128];
	size_t i;

	for (i = 0; i < sizeof(broken) / sizeof(broken[0]); i++) {
		json_t *j = json_deep_copy(cards);
		struct mq_err err;
		void *d = (void *)&err;	/* a refusal must clear it */

		edit(j, broken[i].path, broken[i].value);
		mq_err_clear(&err);
		if (ms_data_load(j, &d, &err) != MQ_REFUSED)
			fail_msg("%s = %s was not refused", broken[i].path,
			    broken[i].value ? broken[i].value : "(deleted)");
		assert_null(d);
		snprintf(want, sizeof(want), "The game data is wrong at %s: ",
		    broken[i].at);
		if (strncmp(err.msg, want, strlen(want)) != 0)
			fail_msg("%s = %s: \"%s\"", broken[i].path,
			    broken[i].value ? broken[i].value : "(deleted)",
			    err.msg);
		/* one sentence */
		assert_int_equal(err.msg[strlen(err.msg) - 1], '.');
		assert_null(strchr(err.msg, '\n'));
		json_decref(j);
	}
}

static void
test_refusal_sentences(void **state)
{
	json_t *j = json_deep_copy(cards);
	struct mq_err err;
	void *d = NULL;
	int i;

	edit(j, "spells[3].level", "4");
	assert_int_equal(ms_data_load(j, &d, &err), MQ_REFUSED);
	assert_string_equal(err.msg, "The game data is wrong at spells[3].level: "
	    "it must be from 0 to 3.");
	json_decref(j);

	/* too many cards */
	j = json_deep_copy(cards);
	for (i = 0; i < 3; i++)
		json_array_append(json_object_get(j, "dancers"), json_array_get(
		    json_object_get(cards, "dancers"), 0));
	assert_int_equal(ms_data_load(j, &d, &err), MQ_REFUSED);
	assert_string_equal(err.msg, "The game data is wrong at dancers: "
	    "it must list 1 to 8 cards.");
	json_decref(j);

	/* fewer Dancers than players */
	j = json_deep_copy(cards);
	edit(j, "dancers[5]", NULL);
	edit(j, "dancers[4]", NULL);
	assert_int_equal(ms_data_load(j, &d, &err), MQ_REFUSED);
	assert_string_equal(err.msg, "The game data is wrong at dancers: "
	    "5 players need 5 Dancers.");
	edit(j, "meta.players", "[3, 4]");
	d = load(j);
	ms_data_free(d);
	json_decref(j);

	j = json_string("masks");
	assert_int_equal(ms_data_load(j, &d, &err), MQ_REFUSED);
	assert_null(d);
	assert_string_equal(err.msg, "The game data must be a JSON object.");
	json_decref(j);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_real_file_counts),
		cmocka_unit_test(test_real_file_cards),
		cmocka_unit_test(test_sorted_by_number),
		cmocka_unit_test(test_order_words),
		cmocka_unit_test(test_aliases),
		cmocka_unit_test(test_name_lookup),
		cmocka_unit_test(test_spell_article),
		cmocka_unit_test(test_broken_variants_refused),
		cmocka_unit_test(test_refusal_sentences),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
