/*
 * ms_data.c - load and validate config/games/masquerade.json, The
 * Masquerade's card set, and build the words of its command language.
 *
 * The card texts are the project's own, so an owner of the physical game
 * may replace them: every key is checked and a key this engine does not
 * know is refused (a typo must not silently drop an effect). A bad file is
 * refused with one sentence naming the key path that is wrong.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/jdata.h"
#include "engine/words.h"
#include "engine/masquerade/ms.h"

#define NALIAS	((int)(sizeof(((struct ms_data *)0)->alias) / \
		    sizeof(((struct ms_data *)0)->alias[0])))
_Static_assert(sizeof(((struct ms_data *)0)->names) >=
    2 * sizeof(((struct ms_data *)0)->alias) /
    sizeof(((struct ms_data *)0)->alias[0]) *
    sizeof(((struct ms_data *)0)->names[0]),
    "names[] holds two for every alias");

static const char *const name_keys[MS_LANGS] = {
	"name_en", "name_ja", "name_zh",
};

static int
bad(struct mq_err *err, const char *path, const char *key,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* "The game data is wrong at PATH.KEY: WHY." (either may be left out) */
static int
bad(struct mq_err *err, const char *path, const char *key, const char *fmt, ...)
{
	char why[384];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return mq_fail(err, MQ_REFUSED, "The game data is wrong at %s%s%s: %s.",
	    path, key != NULL && path[0] != '\0' ? "." : "",
	    key != NULL ? key : "", why);
}

/* Refuse a key that is not in known (NULL-terminated). */
static int
check_keys(const json_t *obj, const char *path, const char *const *known,
    struct mq_err *err)
{
	const char *key;
	json_t *v;
	int i;

	if (!json_is_object(obj))
		return bad(err, path, NULL, "it must be an object");
	json_object_foreach((json_t *)obj, key, v) {
		for (i = 0; known[i] != NULL; i++)
			if (strcmp(known[i], key) == 0)
				break;
		if (known[i] == NULL)
			return bad(err, path, key, "this engine knows no such key");
	}
	return 0;
}

/* The index of key's text in names (NULL-terminated); what: its noun. */
static int
get_enum(const json_t *obj, const char *path, const char *key,
    const char *const *names, const char *what, int *out, struct mq_err *err)
{
	const char *s = json_string_value(json_object_get(obj, key));
	int i;

	if (s == NULL)
		return bad(err, path, key, "it must name a %s", what);
	for (i = 0; names[i] != NULL; i++)
		if (strcmp(names[i], s) == 0) {
			*out = i;
			return 0;
		}
	return bad(err, path, key, "\"%s\" is not a %s this engine knows", s,
	    what);
}

/* key must be the one text the engine implements. */
static int
get_fixed(const json_t *obj, const char *path, const char *key,
    const char *want, struct mq_err *err)
{
	const char *s = json_string_value(json_object_get(obj, key));

	if (s == NULL || strcmp(s, want) != 0)
		return bad(err, path, key, "it must be \"%s\"", want);
	return 0;
}

/* ---- Aliases ---- */

/* Lower-case ASCII, words joined by '-': how the parser sees a name. */
static int
alias_text(const char *name, char *out, size_t n)
{
	size_t o = 0;
	int gap = 0;

	for (; *name != '\0'; name++) {
		char c = *name;

		if (c == ' ' || c == '\t') {
			gap = o > 0;
			continue;
		}
		if (gap && o + 1 < n)
			out[o++] = '-';
		gap = 0;
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (o + 1 >= n)
			return -1;
		out[o++] = c;
	}
	out[o] = '\0';
	return o > 0 ? 0 : -1;
}

static int
add_alias(struct ms_data *d, const char *name, int word, int value,
    const char *path, const char *key, struct mq_err *err)
{
	struct ms_alias *a;
	char text[MS_NAME];
	int i;

	if (alias_text(name, text, sizeof(text)) != 0)
		return bad(err, path, key, "the name \"%s\" is empty or too long",
		    name);
	for (i = 0; i < d->nalias; i++) {
		a = &d->alias[i];
		if (strcmp(a->text, text) != 0)
			continue;
		if (a->word == word && a->value == value)
			return 0;	/* ja and zh may share a name */
		return bad(err, path, key, "the name \"%s\" already names "
		    "something else", name);
	}
	if (d->nalias >= NALIAS)
		return bad(err, path, key, "more than %d names in all", NALIAS);
	a = &d->alias[d->nalias++];
	memcpy(a->text, text, strlen(text) + 1);
	a->word = (uint8_t)word;
	a->value = (uint8_t)value;
	/* full-width forms in it: the input's fold of it too (never
	 * longer, so it fits; the extra room is fold's own margin) */
	if (strchr(text, '\xef') != NULL) {
		char f[MS_NAME + 8];

		mq_words_fold(text, f, sizeof(f));
		memcpy(a->folded, f, strlen(f) + 1);
	}
	return 0;
}

/* ---- The parser's look-up ---- */

static const char *
name_text(const struct ms_data *d, const struct ms_name *n)
{
	const struct ms_alias *a = &d->alias[n->alias];

	return n->folded ? a->folded : a->text;
}

/* <0, 0, >0 as (word, text, alias) sorts before, as, after n */
static int
name_cmp(const struct ms_data *d, int word, const char *text, int alias,
    const struct ms_name *n)
{
	int c, w = d->alias[n->alias].word;

	if (word != w)
		return word < w ? -1 : 1;
	if ((c = strcmp(text, name_text(d, n))) != 0)
		return c;
	return alias < n->alias ? -1 : alias > n->alias;
}

/* Every alias's text, and folded text if it has one, sorted (ms.h); an
 * insertion sort, once a load, of a few hundred. Two for each alias at
 * most: names[] holds them. */
static void
index_names(struct ms_data *d)
{
	struct ms_name n;
	int i, f, k;

	d->nnames = 0;
	for (i = 0; i < d->nalias; i++)
		for (f = 0; f <= (d->alias[i].folded[0] != '\0'); f++) {
			n.alias = (uint16_t)i;
			n.folded = (uint8_t)f;
			for (k = d->nnames; k > 0 && name_cmp(d,
			    d->alias[i].word, name_text(d, &n), i,
			    &d->names[k - 1]) < 0; k--)
				d->names[k] = d->names[k - 1];
			d->names[k] = n;
			d->nnames++;
		}
}

int
ms_name_find(const struct ms_data *d, const char *text, int word)
{
	int lo = 0, hi = d->nnames, mid;

	/* the first of (word, text): the lowest alias index, as a scan of
	 * the table in order would find */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (name_cmp(d, word, text, -1, &d->names[mid]) > 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < d->nnames && d->alias[d->names[lo].alias].word == word &&
	    strcmp(text, name_text(d, &d->names[lo])) == 0)
		return d->alias[d->names[lo].alias].value;
	return -1;
}

/* An Order's name without its number ("Rally 4" -> "Rally", "鼓舞する４"
 * -> "鼓舞する"): 1 when there is such a word, in bare. */
static int
order_word(const char *name, char *bare, size_t n)
{
	size_t len = strlen(name);

	for (;;) {
		if (len > 0 && (name[len - 1] == ' ' ||
		    (name[len - 1] >= '0' && name[len - 1] <= '9')))
			len--;
		else if (len >= 3 && (unsigned char)name[len - 3] == 0xef &&
		    (unsigned char)name[len - 2] == 0xbc &&
		    (unsigned char)name[len - 1] >= 0x90 &&
		    (unsigned char)name[len - 1] <= 0x99)
			len -= 3;	/* a full-width digit, ０ to ９ */
		else
			break;
	}
	if (len == 0 || len == strlen(name) || len >= n)
		return 0;
	memcpy(bare, name, len);
	bare[len] = '\0';
	return 1;
}

/*
 * Each Order by its word alone ("ORDER rally", "ORDER 鼓舞"): players write
 * the name the card shows without its number, which was refused as "not
 * an Order" while "ORDER Rally 4" was taken. Added once every card and
 * keyword is in, and only where the word names nothing else: a card file
 * whose Order is "Tower 3" still loads (the word stays the Stage's).
 */
static int
add_order_words(struct ms_data *d, struct mq_err *err)
{
	char bare[MS_NAME], text[MS_NAME];
	int o, l, i;

	for (o = 0; o < d->norders; o++) {
		const struct ms_names *nm = &d->order[o].nm;

		for (l = 0; l < MS_LANGS + 1; l++) {
			const char *name = l < MS_LANGS ? nm->name[l] : nm->hant;

			if (!order_word(name, bare, sizeof(bare)) ||
			    alias_text(bare, text, sizeof(text)) != 0)
				continue;
			for (i = 0; i < d->nalias &&
			    strcmp(d->alias[i].text, text) != 0; i++)
				;
			if (i < d->nalias)
				continue;
			MQ_TRY(add_alias(d, bare, MS_W_ORDER, d->order[o].number,
			    "orders", NULL, err));
		}
	}
	return 0;
}

/* A card's names in every language; for a Spell, also its English name
 * without a leading article ("The March" is "march" too). */
static int
add_names(struct ms_data *d, const struct ms_names *nm, int word, int value,
    const char *path, struct mq_err *err)
{
	static const char *const articles[] = { "the ", "a ", "an " };
	const char *en = nm->name[0];
	size_t i, n;
	int l;

	for (l = 0; l < MS_LANGS; l++)
		MQ_TRY(add_alias(d, nm->name[l], word, value, path, name_keys[l],
		    err));
	if (nm->hant[0] != '\0')
		MQ_TRY(add_alias(d, nm->hant, word, value, path, "name_zh_hant",
		    err));
	if (word != MS_W_SPELL)
		return 0;
	for (i = 0; i < sizeof(articles) / sizeof(articles[0]); i++) {
		n = strlen(articles[i]);
		if (strncasecmp(en, articles[i], n) == 0 && en[n] != '\0')
			return add_alias(d, en + n, word, value, path, "name_en",
			    err);
	}
	return 0;
}

/* The keywords of the command language, in English, Japanese and Chinese
 * (simplified, and traditional where it differs). */
static const struct { const char *text; uint8_t key; } keywords[] = {
	{ "dancer", MS_K_DANCER }, { "ダンサー", MS_K_DANCER },
	{ "舞者", MS_K_DANCER },
	{ "order", MS_K_ORDER }, { "順番", MS_K_ORDER }, { "顺序", MS_K_ORDER },
	{ "順序", MS_K_ORDER }, { "オーダー", MS_K_ORDER },	/* the mails' word */
	{ "stage", MS_K_STAGE }, { "ステージ", MS_K_STAGE },
	{ "舞台", MS_K_STAGE },
	{ "play", MS_K_PLAY }, { "使う", MS_K_PLAY }, { "使用", MS_K_PLAY },
	/* the Red Death's words for PLAY: a player of both games types them */
	{ "プレイ", MS_K_PLAY }, { "打出", MS_K_PLAY }, { "出牌", MS_K_PLAY },
	{ "打", MS_K_PLAY }, { "出す", MS_K_PLAY }, { "プレー", MS_K_PLAY },
	{ "用", MS_K_PLAY },
	{ "pay", MS_K_PAY }, { "払う", MS_K_PAY }, { "支付", MS_K_PAY },
	{ "on", MS_K_ON }, { "対象", MS_K_ON }, { "对", MS_K_ON },
	{ "對", MS_K_ON },
	{ "bank", MS_K_BANK }, { "貯める", MS_K_BANK }, { "存", MS_K_BANK },
	{ "reveal", MS_K_REVEAL }, { "公開", MS_K_REVEAL },
	{ "揭示", MS_K_REVEAL }, { "公开", MS_K_REVEAL },
	/* what it reveals, written with it, as people write it */
	{ "揭示面具", MS_K_REVEAL }, { "揭开面具", MS_K_REVEAL },
	{ "揭開面具", MS_K_REVEAL }, { "マスクを公開", MS_K_REVEAL },
	{ "マスク公開", MS_K_REVEAL }, { "仮面を公開", MS_K_REVEAL },
	{ "pass", MS_K_PASS }, { "done", MS_K_PASS }, { "パス", MS_K_PASS },
	{ "过", MS_K_PASS }, { "過", MS_K_PASS }, { "跳过", MS_K_PASS },
	{ "跳過", MS_K_PASS }, { "不出", MS_K_PASS }, { "过牌", MS_K_PASS },
	{ "過牌", MS_K_PASS }, { "パスします", MS_K_PASS },
	{ "challenge", MS_K_CHALLENGE }, { "挑戦", MS_K_CHALLENGE },
	{ "チャレンジ", MS_K_CHALLENGE },
	{ "挑战", MS_K_CHALLENGE }, { "挑戰", MS_K_CHALLENGE },
	{ "discard", MS_K_DISCARD }, { "捨てる", MS_K_DISCARD },
	{ "弃", MS_K_DISCARD }, { "棄", MS_K_DISCARD },
	{ "keep", MS_K_KEEP }, { "残す", MS_K_KEEP }, { "保留", MS_K_KEEP },
	{ "event", MS_K_EVENT }, { "イベント", MS_K_EVENT },
	{ "事件", MS_K_EVENT },
	{ "swap", MS_K_SWAP }, { "交代", MS_K_SWAP }, { "交换", MS_K_SWAP },
	{ "交換", MS_K_SWAP },
	{ "status", MS_K_STATUS }, { "状況", MS_K_STATUS },
	{ "状态", MS_K_STATUS }, { "狀態", MS_K_STATUS },
	{ "ステータス", MS_K_STATUS },
	{ "help", MS_K_HELP }, { "ヘルプ", MS_K_HELP }, { "帮助", MS_K_HELP },
	{ "幫助", MS_K_HELP },
};

/* ---- Effects ---- */

/* The vocabulary, each list indexed by its enum in ms.h. */
static const char *const triggers[] = {
	"passive", "stage_phase", "spell_phase", "in_challenge", "on_win",
	"on_lose", "event", "guardian", "score", NULL,
};

static const char *const whos[] = {
	"none", "self", "prophet", "opponent", "chosen_player", "all_players",
	"all_others", "vp_leaders", NULL,
};

static const char *const stats[] = {
	"vp_counters", "treasures", "events_prophesied", "arena_wins", "life",
	"emblems", "hand_full", NULL,
};

/* The keys an effect may have besides trigger, op and if. */
enum {
	F_WHO = 1 << 0, F_N = 1 << 1, F_MIN = 1 << 2, F_SET = 1 << 3,
	F_ADD = 1 << 4, F_WHEN = 1 << 5, F_OPTIONAL = 1 << 6,
	F_RANDOM = 1 << 7, F_FROM = 1 << 8, F_TO = 1 << 9,
	F_CHOOSER = 1 << 10, F_TARGET = 1 << 11, F_POOL = 1 << 12,
	F_KIND = 1 << 13,
};

/* Their names, in the order of the F_ bits. */
static const char *const fkeys[] = {
	"who", "n", "min", "set", "add", "when", "optional", "random", "from",
	"to", "chooser", "target", "pool", "kind", NULL,
};

static const char *const effect_keys[] = {
	"trigger", "op", "if", "who", "n", "min", "set", "add", "when",
	"optional", "random", "from", "to", "chooser", "target", "pool", "kind",
	NULL,
};

/* need: keys the op must have; allow: keys it may have; n's range. */
static const struct op_spec {
	const char *name;
	uint8_t op, oneshot;
	unsigned need, allow;
	int nlo, nhi;
} ops[] = {
	{ "draw", MS_OP_DRAW, 1, F_WHO | F_N, 0, 1, 9 },
	{ "receive", MS_OP_RECEIVE, 1, F_WHO | F_N, 0, 1, 9 },
	{ "heal", MS_OP_HEAL, 1, F_WHO | F_N, 0, 1, 9 },
	{ "lose_life", MS_OP_LOSE_LIFE, 1, F_WHO | F_N, 0, 1, 9 },
	{ "discard_down_to", MS_OP_DISCARD_DOWN_TO, 1, F_WHO | F_N, 0, 0, 9 },
	{ "bank_vp", MS_OP_BANK_VP, 1, F_WHO | F_N, F_OPTIONAL, 1, 9 },
	{ "steal_spell", MS_OP_STEAL_SPELL, 1, F_FROM | F_TO | F_RANDOM, 0, 0, 0 },
	{ "swap_dancer", MS_OP_SWAP_DANCER, 1, F_CHOOSER | F_TARGET | F_POOL, 0,
	    0, 0 },
	{ "challenge", MS_OP_CHALLENGE, 1, F_WHO | F_KIND, F_OPTIONAL, 0, 0 },
	{ "end_challenge_tie", MS_OP_END_CHALLENGE_TIE, 1, 0, 0, 0, 0 },
	{ "power", MS_OP_POWER, 0, F_N, F_WHEN, -9, 9 },
	{ "opp_power", MS_OP_OPP_POWER, 0, F_N, F_WHEN, -9, 9 },
	{ "spell_cost", MS_OP_SPELL_COST, 0, F_N, F_MIN, -3, 3 },
	{ "opp_spell_cost", MS_OP_OPP_SPELL_COST, 0, F_N, F_MIN, -3, 3 },
	{ "hand_limit", MS_OP_HAND_LIMIT, 0, 0, F_SET | F_ADD, 0, 0 },
	{ "cannot_challenge", MS_OP_CANNOT_CHALLENGE, 0, 0, 0, 0, 0 },
	{ "cannot_be_challenged", MS_OP_CANNOT_BE_CHALLENGED, 0, 0, 0, 0, 0 },
	{ "guardian_flips", MS_OP_GUARDIAN_FLIPS, 0, F_N, 0, 1, 5 },
	{ "loss_life", MS_OP_LOSS_LIFE, 0, F_N, 0, 0, 9 },
	{ "mask_locked", MS_OP_MASK_LOCKED, 0, 0, 0, 0, 0 },
};

#define T(t)		(1u << (t))
/* Where each kind of card's effects may trigger. */
#define T_CARD		(T(MS_T_PASSIVE) | T(MS_T_STAGE_PHASE) | \
			 T(MS_T_ON_WIN) | T(MS_T_ON_LOSE))
#define T_SPELL		(T(MS_T_SPELL_PHASE) | T(MS_T_IN_CHALLENGE) | \
			 T(MS_T_ON_WIN) | T(MS_T_ON_LOSE))

static int
load_cond(struct ms_effect *ef, const json_t *c, const char *path,
    struct mq_err *err)
{
	const char *kind;

	if (!json_is_object(c) || json_object_size(c) != 1)
		return bad(err, path, "if", "it must be {\"vp_leader\": true} or "
		    "{\"kind\": \"arena\"} or {\"kind\": \"tower\"}");
	kind = json_string_value(json_object_get(c, "kind"));
	if (json_is_true(json_object_get(c, "vp_leader")))
		ef->cond = MS_IF_VP_LEADER;
	else if (kind != NULL && strcmp(kind, "arena") == 0)
		ef->cond = MS_IF_ARENA;
	else if (kind != NULL && strcmp(kind, "tower") == 0)
		ef->cond = MS_IF_TOWER;
	else
		return bad(err, path, "if", "it must be {\"vp_leader\": true} or "
		    "{\"kind\": \"arena\"} or {\"kind\": \"tower\"}");
	return 0;
}

/*
 * Whether ms_apply plays this effect as written: the vocabulary allows more
 * combinations than the engine acts on, and an effect it would skip must be
 * refused, not dropped in silence. is_spell: a Spell's (its on_win is the
 * challenge's extra draw).
 */
static int
played(const struct ms_effect *ef, int is_spell)
{
	int self = ef->who == MS_WHO_SELF;

	/* conditions are read by forbids_fn (vp_leader) and run_effects (kind) */
	if (ef->cond == MS_IF_VP_LEADER && (ef->trigger != MS_T_PASSIVE ||
	    (ef->op != MS_OP_CANNOT_CHALLENGE &&
	    ef->op != MS_OP_CANNOT_BE_CHALLENGED)))
		return 0;
	if ((ef->cond == MS_IF_ARENA || ef->cond == MS_IF_TOWER) && (is_spell ||
	    (ef->trigger != MS_T_ON_WIN && ef->trigger != MS_T_ON_LOSE)))
		return 0;
	switch (ef->trigger) {
	case MS_T_PASSIVE:
		return (ef->op == MS_OP_POWER || ef->op == MS_OP_SPELL_COST ||
		    ef->op == MS_OP_HAND_LIMIT || ef->op == MS_OP_CANNOT_CHALLENGE ||
		    ef->op == MS_OP_CANNOT_BE_CHALLENGED);
	case MS_T_GUARDIAN:
		return (ef->op == MS_OP_LOSS_LIFE || ef->op == MS_OP_MASK_LOCKED ||
		    ef->op == MS_OP_GUARDIAN_FLIPS ||
		    (ef->op == MS_OP_OPP_SPELL_COST && ef->min == 0));
	case MS_T_STAGE_PHASE:
		return (ef->op == MS_OP_DRAW || ef->op == MS_OP_HEAL) && self;
	case MS_T_SPELL_PHASE:
		return ((ef->op == MS_OP_DRAW || ef->op == MS_OP_HEAL) && self) ||
		    (ef->op == MS_OP_LOSE_LIFE && ef->who == MS_WHO_CHOSEN) ||
		    (ef->op == MS_OP_BANK_VP && self && !ef->optional &&
		    ef->n == 1) ||
		    (ef->op == MS_OP_STEAL_SPELL && ef->from == MS_WHO_CHOSEN &&
		    ef->to == MS_WHO_SELF);
	case MS_T_IN_CHALLENGE:
		return ((ef->op == MS_OP_POWER || ef->op == MS_OP_OPP_POWER) &&
		    ef->when == MS_WHEN_ALWAYS && ef->cond == MS_IF_NONE) ||
		    ef->op == MS_OP_END_CHALLENGE_TIE;
	case MS_T_ON_WIN:
	case MS_T_ON_LOSE:
		if (is_spell)
			return ef->trigger == MS_T_ON_WIN && ef->op == MS_OP_DRAW &&
			    self;
		return ((ef->op == MS_OP_DRAW || ef->op == MS_OP_HEAL) && self) ||
		    (ef->op == MS_OP_STEAL_SPELL && ef->from == MS_WHO_OPPONENT &&
		    ef->to == MS_WHO_SELF);
	case MS_T_EVENT:
		switch (ef->op) {
		case MS_OP_RECEIVE:
		case MS_OP_HEAL:
		case MS_OP_DRAW:
		case MS_OP_LOSE_LIFE:
		case MS_OP_DISCARD_DOWN_TO:
			return ef->who != MS_WHO_OPPONENT && ef->who != MS_WHO_CHOSEN;
		case MS_OP_SWAP_DANCER:
			return 1;
		case MS_OP_BANK_VP:	/* the prophet may: PASS declines */
		case MS_OP_CHALLENGE:
			return ef->who == MS_WHO_PROPHET && ef->optional &&
			    (ef->op != MS_OP_BANK_VP || ef->n == 1);
		}
		return 0;
	}
	return 0;
}

static int
load_effect(struct ms_effect *ef, const json_t *e, const char *path,
    unsigned allowed, struct mq_err *err)
{
	const struct op_spec *sp = NULL;
	const char *opname;
	json_t *n;
	size_t i;
	int v = 0, k;

	MQ_TRY(check_keys(e, path, effect_keys, err));
	MQ_TRY(get_enum(e, path, "trigger", triggers, "trigger", &v, err));
	if (!(allowed & T(v)))
		return bad(err, path, "trigger", "\"%s\" is not a trigger for "
		    "this kind of card", triggers[v]);
	ef->trigger = (uint8_t)v;
	opname = json_string_value(json_object_get(e, "op"));
	if (opname == NULL)
		return bad(err, path, "op", "it must name an effect");
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (strcmp(ops[i].name, opname) == 0)
			sp = &ops[i];
	if (sp == NULL)
		return bad(err, path, "op", "\"%s\" is not an effect this engine "
		    "knows", opname);
	ef->op = sp->op;
	/* Modifiers hold while the card is in use; one-shots happen at a
	 * moment. A Spell in a challenge may be either. */
	if ((sp->oneshot && (v == MS_T_PASSIVE || v == MS_T_GUARDIAN)) ||
	    (!sp->oneshot && v != MS_T_PASSIVE && v != MS_T_GUARDIAN &&
	    v != MS_T_IN_CHALLENGE))
		return bad(err, path, "op", "\"%s\" cannot have the trigger "
		    "\"%s\"", opname, triggers[v]);
	for (k = 0; fkeys[k] != NULL; k++) {
		int has = json_object_get(e, fkeys[k]) != NULL;

		if ((sp->need & (1u << k)) && !has)
			return bad(err, path, fkeys[k], "\"%s\" needs it", opname);
		if (!((sp->need | sp->allow) & (1u << k)) && has)
			return bad(err, path, fkeys[k], "\"%s\" takes no such key",
			    opname);
	}
	if (json_object_get(e, "if") != NULL)
		MQ_TRY(load_cond(ef, json_object_get(e, "if"), path, err));
	if (sp->need & F_WHO) {
		MQ_TRY(get_enum(e, path, "who", whos + 1, "player", &v, err));
		ef->who = (uint8_t)(v + 1);
	}
	n = json_object_get(e, "n");
	if (json_is_string(n) && strcmp(json_string_value(n), "full") == 0) {
		if (ef->op != MS_OP_HEAL)
			return bad(err, path, "n", "\"full\" is for heal only");
		ef->n = MS_FULL;
	} else if (n != NULL) {
		MQ_TRY(mq_jdata_int(e, path, "n", sp->nlo, sp->nhi, &v, err));
		ef->n = (int8_t)v;
	}
	if (json_object_get(e, "min") != NULL) {
		MQ_TRY(mq_jdata_int(e, path, "min", 0, 3, &v, err));
		ef->min = (int8_t)v;
	}
	if (ef->op == MS_OP_HAND_LIMIT) {
		if (json_object_get(e, "set") == NULL &&
		    json_object_get(e, "add") == NULL)
			return bad(err, path, "set", "hand_limit needs set or add");
		/* set 0 would mean no set: a limit is 1 or more */
		if (json_object_get(e, "set") != NULL) {
			MQ_TRY(mq_jdata_int(e, path, "set", 1, 20, &v, err));
			ef->set = (int8_t)v;
		}
		if (json_object_get(e, "add") != NULL) {
			MQ_TRY(mq_jdata_int(e, path, "add", -9, 9, &v, err));
			ef->add = (int8_t)v;
		}
	}
	if (json_object_get(e, "when") != NULL) {
		static const char *const whens[] = { "initiating",
		    "in_challenge", NULL };

		MQ_TRY(get_enum(e, path, "when", whens, "moment", &v, err));
		ef->when = (uint8_t)(v == 0 ? MS_WHEN_INITIATING :
		    MS_WHEN_IN_CHALLENGE);
	}
	if (json_object_get(e, "optional") != NULL) {
		if (!json_is_boolean(json_object_get(e, "optional")))
			return bad(err, path, "optional", "it must be true or "
			    "false");
		ef->optional = json_is_true(json_object_get(e, "optional"));
	}
	if (ef->op == MS_OP_STEAL_SPELL) {
		/* No command chooses the Spell taken: it is taken at random. */
		if (!json_is_true(json_object_get(e, "random")))
			return bad(err, path, "random", "it must be true: a Spell "
			    "is stolen at random");
		ef->random = 1;
		MQ_TRY(get_enum(e, path, "from", whos + 1, "player", &v, err));
		ef->from = (uint8_t)(v + 1);
		MQ_TRY(get_enum(e, path, "to", whos + 1, "player", &v, err));
		ef->to = (uint8_t)(v + 1);
	}
	if (ef->op == MS_OP_SWAP_DANCER) {
		/* The one Change of Partner the engine plays: who = chooser. */
		MQ_TRY(get_fixed(e, path, "chooser", "prophet", err));
		MQ_TRY(get_fixed(e, path, "target", "any_player", err));
		MQ_TRY(get_fixed(e, path, "pool", "set_aside", err));
		ef->who = MS_WHO_PROPHET;
	}
	if (ef->op == MS_OP_CHALLENGE)
		MQ_TRY(get_fixed(e, path, "kind", "dancer", err));
	if (!played(ef, (allowed & T(MS_T_SPELL_PHASE)) != 0))
		return bad(err, path, "op", "the engine does not play \"%s\" "
		    "on \"%s\" as written (see ms_data.c, played())", opname,
		    triggers[ef->trigger]);
	return 0;
}

/* obj[key]: a list of lo to MS_MAXEFF effects that may trigger as allowed. */
static int
load_effects(const json_t *obj, const char *path, const char *key, int lo,
    unsigned allowed, struct ms_effect *eff, uint8_t *neff,
    struct mq_err *err)
{
	json_t *list = json_object_get(obj, key), *e;
	char epath[128];
	size_t i;

	if (!json_is_array(list) || json_array_size(list) < (size_t)lo ||
	    json_array_size(list) > MS_MAXEFF)
		return bad(err, path, key, "it must list %d to %d effects", lo,
		    MS_MAXEFF);
	json_array_foreach(list, i, e) {
		snprintf(epath, sizeof(epath), "%s.%s[%zu]", path, key, i);
		memset(&eff[i], 0, sizeof(eff[i]));
		MQ_TRY(load_effect(&eff[i], e, epath, allowed, err));
	}
	*neff = (uint8_t)json_array_size(list);
	return 0;
}

/* ---- Cards ---- */

/* id and the names in every language. */
static int
load_names(struct ms_names *nm, const json_t *j, const char *path,
    struct mq_err *err)
{
	int l;

	MQ_TRY(mq_jdata_str(j, path, "id", nm->id, sizeof(nm->id), err));
	for (l = 0; l < MS_LANGS; l++)
		MQ_TRY(mq_jdata_str(j, path, name_keys[l], nm->name[l],
		    sizeof(nm->name[l]), err));
	/* the traditional characters, where they differ: read, never shown */
	nm->hant[0] = '\0';
	if (json_object_get(j, "name_zh_hant") != NULL)
		MQ_TRY(mq_jdata_str(j, path, "name_zh_hant", nm->hant,
		    sizeof(nm->hant), err));
	return 0;
}

/* The list root[key] of lo to hi objects; each one's id unique. */
static int
get_list(const json_t *root, const char *key, int lo, int hi, json_t **out,
    struct mq_err *err)
{
	json_t *list = json_object_get(root, key), *c, *c2;
	const char *id;
	size_t i, j;

	if (!json_is_array(list) || json_array_size(list) < (size_t)lo ||
	    json_array_size(list) > (size_t)hi)
		return lo == hi ?
		    bad(err, key, NULL, "it must list %d cards", lo) :
		    bad(err, key, NULL, "it must list %d to %d cards", lo, hi);
	json_array_foreach(list, i, c) {
		id = json_string_value(json_object_get(c, "id"));
		for (j = 0; id != NULL && j < i; j++) {
			c2 = json_array_get(list, j);
			if (json_string_value(json_object_get(c2, "id")) != NULL &&
			    strcmp(json_string_value(json_object_get(c2, "id")),
			    id) == 0) {
				char p[64];

				snprintf(p, sizeof(p), "%s[%zu]", key, i);
				return bad(err, p, "id", "\"%s\" is the id of "
				    "%s[%zu] too", id, key, j);
			}
		}
	}
	*out = list;
	return 0;
}

static int
load_meta(struct ms_data *d, const json_t *root, struct mq_err *err)
{
	static const char *const keys[] = { "players", "start_life",
	    "max_life", "base_hand_limit", "mask_reveal_power", "order_pick",
	    "dancer_pick", "tie_break", NULL };
	json_t *m = json_object_get(root, "meta"), *pl;

	MQ_TRY(check_keys(m, "meta", keys, err));
	pl = json_object_get(m, "players");
	if (!json_is_array(pl) || json_array_size(pl) != 2 ||
	    !json_is_integer(json_array_get(pl, 0)) ||
	    !json_is_integer(json_array_get(pl, 1)) ||
	    json_integer_value(json_array_get(pl, 0)) < MS_MINP ||
	    json_integer_value(json_array_get(pl, 1)) > MS_MAXP ||
	    json_integer_value(json_array_get(pl, 0)) >
	    json_integer_value(json_array_get(pl, 1)))
		return bad(err, "meta", "players", "it must be [min, max] with "
		    "%d <= min <= max <= %d", MS_MINP, MS_MAXP);
	d->min_players = (int)json_integer_value(json_array_get(pl, 0));
	d->max_players = (int)json_integer_value(json_array_get(pl, 1));
	MQ_TRY(mq_jdata_int(m, "meta", "max_life", 1, 9, &d->max_life, err));
	MQ_TRY(mq_jdata_int(m, "meta", "start_life", 1, d->max_life,
	    &d->start_life, err));
	MQ_TRY(mq_jdata_int(m, "meta", "base_hand_limit", 1, 20,
	    &d->base_hand_limit, err));
	MQ_TRY(mq_jdata_int(m, "meta", "mask_reveal_power", 0, 9,
	    &d->mask_reveal_power, err));
	/* The sequences the rules give, and the only ones apply plays. */
	MQ_TRY(get_fixed(m, "meta", "order_pick", "ascending_previous_order",
	    err));
	MQ_TRY(get_fixed(m, "meta", "dancer_pick", "descending_initial_order",
	    err));
	return get_fixed(m, "meta", "tie_break", "lowest_last_order", err);
}

static int
load_masks(struct ms_data *d, const json_t *root, struct mq_err *err)
{
	static const char *const keys[] = { "id", "name_en", "name_ja",
	    "name_zh", "name_zh_hant", "score", NULL };
	static const char *const skeys[] = { "stat", "gte", "eq", "vp", NULL };
	json_t *list, *c, *s, *cmp;
	char path[64], spath[80];
	size_t i;
	int v = 0;

	MQ_TRY(get_list(root, "masks", 1, MS_MASKS, &list, err));
	json_array_foreach(list, i, c) {
		struct ms_mask *m = &d->mask[i];

		snprintf(path, sizeof(path), "masks[%zu]", i);
		snprintf(spath, sizeof(spath), "%s.score", path);
		MQ_TRY(check_keys(c, path, keys, err));
		MQ_TRY(load_names(&m->nm, c, path, err));
		s = json_object_get(c, "score");
		MQ_TRY(check_keys(s, spath, skeys, err));
		MQ_TRY(get_enum(s, spath, "stat", stats, "statistic", &v, err));
		m->stat = (uint8_t)v;
		if ((json_object_get(s, "gte") != NULL) ==
		    (json_object_get(s, "eq") != NULL))
			return bad(err, spath, NULL, "it must have gte or eq, not "
			    "both");
		m->cmp = json_object_get(s, "eq") != NULL ? MS_CMP_EQ :
		    MS_CMP_GTE;
		cmp = json_object_get(s, m->cmp == MS_CMP_EQ ? "eq" : "gte");
		if (m->stat == MS_S_HAND_FULL) {
			/* a yes/no statistic: met when the hand is full */
			if (m->cmp != MS_CMP_EQ || !json_is_true(cmp))
				return bad(err, spath, "eq", "hand_full must be "
				    "\"eq\": true");
			m->value = 1;
		} else {
			MQ_TRY(mq_jdata_int(s, spath, m->cmp == MS_CMP_EQ ? "eq" :
			    "gte", 0, 20, &v, err));
			m->value = (int8_t)v;
		}
		MQ_TRY(mq_jdata_int(s, spath, "vp", 0, 20, &v, err));
		m->vp = (uint8_t)v;
	}
	d->nmasks = (int)json_array_size(list);
	return 0;
}

static int
load_dancers(struct ms_data *d, const json_t *root, struct mq_err *err)
{
	static const char *const keys[] = { "id", "name_en", "name_ja",
	    "name_zh", "name_zh_hant", "power", "effects", NULL };
	json_t *list, *c;
	char path[64];
	size_t i;
	int v = 0;

	MQ_TRY(get_list(root, "dancers", 1, MS_DANCERS, &list, err));
	json_array_foreach(list, i, c) {
		struct ms_dancer *x = &d->dancer[i];

		snprintf(path, sizeof(path), "dancers[%zu]", i);
		MQ_TRY(check_keys(c, path, keys, err));
		MQ_TRY(load_names(&x->nm, c, path, err));
		MQ_TRY(mq_jdata_int(c, path, "power", 0, 9, &v, err));
		x->power = (int8_t)v;
		MQ_TRY(load_effects(c, path, "effects", 0, T_CARD, x->eff,
		    &x->neff, err));
		MQ_TRY(add_names(d, &x->nm, MS_W_DANCER, (int)i, path, err));
	}
	d->ndancers = (int)json_array_size(list);
	return 0;
}

static int
cmp_order(const void *a, const void *b)
{
	return ((const struct ms_order *)a)->number -
	    ((const struct ms_order *)b)->number;
}

static int
load_orders(struct ms_data *d, const json_t *root, struct mq_err *err)
{
	static const char *const keys[] = { "id", "number", "name_en",
	    "name_ja", "name_zh", "name_zh_hant", "effects", NULL };
	json_t *list, *c;
	char path[64];
	unsigned seen = 0;
	size_t i;
	int v = 0;

	MQ_TRY(get_list(root, "orders", MS_ORDERS, MS_ORDERS, &list, err));
	json_array_foreach(list, i, c) {
		struct ms_order *o = &d->order[i];

		snprintf(path, sizeof(path), "orders[%zu]", i);
		MQ_TRY(check_keys(c, path, keys, err));
		MQ_TRY(load_names(&o->nm, c, path, err));
		MQ_TRY(mq_jdata_int(c, path, "number", 1, MS_ORDERS, &v, err));
		if (seen & (1u << v))
			return bad(err, path, "number", "%d is the number of "
			    "another Order: each of 1 to %d must be used once",
			    v, MS_ORDERS);
		seen |= 1u << v;
		o->number = (uint8_t)v;
		MQ_TRY(load_effects(c, path, "effects", 0, T_CARD, o->eff,
		    &o->neff, err));
		MQ_TRY(add_names(d, &o->nm, MS_W_ORDER, v, path, err));
	}
	d->norders = MS_ORDERS;
	qsort(d->order, MS_ORDERS, sizeof(d->order[0]), cmp_order);
	return 0;
}

static int
load_stages(struct ms_data *d, const json_t *root, struct mq_err *err)
{
	static const char *const keys[] = { "id", "name_en", "name_ja",
	    "name_zh", "name_zh_hant", "capacity", "rule", "effects", NULL };
	static const char *const rules[] = { "none", "tower", "arena",
	    "chapel", NULL };
	json_t *list, *c;
	char path[64];
	int nrule[4] = { 0, 0, 0, 0 };
	size_t i;
	int v = 0, seats = 0, r;

	MQ_TRY(get_list(root, "stages", 1, MS_STAGES, &list, err));
	json_array_foreach(list, i, c) {
		struct ms_stage *s = &d->stage[i];

		snprintf(path, sizeof(path), "stages[%zu]", i);
		MQ_TRY(check_keys(c, path, keys, err));
		MQ_TRY(load_names(&s->nm, c, path, err));
		MQ_TRY(mq_jdata_int(c, path, "capacity", 1, MS_MAXP, &v, err));
		s->capacity = (uint8_t)v;
		seats += v;
		if (json_object_get(c, "rule") != NULL) {
			/* "none" is what an absent rule means, not a rule */
			MQ_TRY(get_enum(c, path, "rule", rules, "rule", &v, err));
			if (v == MS_R_NONE)
				return bad(err, path, "rule", "it must be "
				    "\"tower\", \"arena\" or \"chapel\", or left "
				    "out");
			if (++nrule[v] > 1)
				return bad(err, path, "rule", "there is one "
				    "\"%s\" stage only", rules[v]);
			/* one prophet a turn */
			if (v == MS_R_CHAPEL && s->capacity != 1)
				return bad(err, path, "capacity", "the chapel "
				    "holds 1 dancer");
			s->rule = (uint8_t)v;
		}
		MQ_TRY(load_effects(c, path, "effects", 0, T_CARD, s->eff,
		    &s->neff, err));
		MQ_TRY(add_names(d, &s->nm, MS_W_STAGE, (int)i, path, err));
	}
	d->nstages = (int)json_array_size(list);
	for (r = MS_R_TOWER; r <= MS_R_CHAPEL; r++)
		if (nrule[r] != 1)
			return bad(err, "stages", NULL, "it needs a stage with the "
			    "rule \"%s\"", rules[r]);
	if (seats < d->max_players)
		return bad(err, "stages", NULL, "they hold %d dancers, fewer "
		    "than the %d players", seats, d->max_players);
	return 0;
}

static int
load_emblems(struct ms_data *d, const json_t *root, struct mq_err *err)
{
	static const char *const keys[] = { "id", "name_en", "name_ja",
	    "name_zh", "name_zh_hant", "vp", "stat", "min", "transfer", NULL };
	json_t *list, *c;
	char path[64];
	size_t i;
	int v = 0;

	MQ_TRY(get_list(root, "emblems", 0, MS_EMBLEMS, &list, err));
	json_array_foreach(list, i, c) {
		struct ms_emblem *e = &d->emblem[i];

		snprintf(path, sizeof(path), "emblems[%zu]", i);
		MQ_TRY(check_keys(c, path, keys, err));
		MQ_TRY(load_names(&e->nm, c, path, err));
		MQ_TRY(mq_jdata_int(c, path, "vp", 0, 20, &v, err));
		e->vp = (uint8_t)v;
		MQ_TRY(get_enum(c, path, "stat", stats, "statistic", &v, err));
		/* "strictly more" needs a count */
		if (v == MS_S_HAND_FULL)
			return bad(err, path, "stat", "an Emblem counts, and "
			    "hand_full is yes or no");
		e->stat = (uint8_t)v;
		MQ_TRY(mq_jdata_int(c, path, "min", 1, 20, &v, err));
		e->min = (int8_t)v;
		MQ_TRY(get_fixed(c, path, "transfer", "strictly_more", err));
	}
	d->nemblems = (int)json_array_size(list);
	return 0;
}

static int
cmp_guardian(const void *a, const void *b)
{
	return ((const struct ms_guardian *)a)->number -
	    ((const struct ms_guardian *)b)->number;
}

static int
load_guardians(struct ms_data *d, const json_t *root, struct mq_err *err)
{
	static const char *const keys[] = { "id", "number", "name_en",
	    "name_ja", "name_zh", "power", "guardian", "treasure", NULL };
	static const char *const tkeys[] = { "name_en", "name_ja", "name_zh",
	    "vp", "effects", NULL };
	json_t *list, *c, *t;
	char path[64], tpath[80];
	size_t i, j;
	int v = 0, l;

	MQ_TRY(get_list(root, "guardians", 1, MS_GUARDIANS, &list, err));
	json_array_foreach(list, i, c) {
		struct ms_guardian *g = &d->guardian[i];

		snprintf(path, sizeof(path), "guardians[%zu]", i);
		MQ_TRY(check_keys(c, path, keys, err));
		MQ_TRY(mq_jdata_str(c, path, "id", g->nm.id, sizeof(g->nm.id),
		    err));
		MQ_TRY(mq_jdata_int(c, path, "number", 1, 99, &v, err));
		g->number = (uint8_t)v;
		for (j = 0; j < i; j++)
			if (d->guardian[j].number == g->number)
				return bad(err, path, "number", "%d is the number "
				    "of guardians[%zu] too", v, j);
		/* A Guardian is known by its number; the card set gives it a
		 * Japanese name, and may give the others. */
		for (l = 0; l < MS_LANGS; l++) {
			if (l == 1 || json_object_get(c, name_keys[l]) != NULL)
				MQ_TRY(mq_jdata_str(c, path, name_keys[l],
				    g->nm.name[l], sizeof(g->nm.name[l]), err));
			else
				snprintf(g->nm.name[l], sizeof(g->nm.name[l]),
				    "%d", v);
		}
		MQ_TRY(mq_jdata_int(c, path, "power", 0, 20, &v, err));
		g->power = (int8_t)v;
		MQ_TRY(load_effects(c, path, "guardian", 0, T(MS_T_GUARDIAN),
		    g->eff, &g->neff, err));
		t = json_object_get(c, "treasure");
		snprintf(tpath, sizeof(tpath), "%s.treasure", path);
		MQ_TRY(check_keys(t, tpath, tkeys, err));
		memcpy(g->treasure.id, g->nm.id, sizeof(g->treasure.id));
		for (l = 0; l < MS_LANGS; l++)
			MQ_TRY(mq_jdata_str(t, tpath, name_keys[l],
			    g->treasure.name[l], sizeof(g->treasure.name[l]),
			    err));
		MQ_TRY(mq_jdata_int(t, tpath, "vp", 0, 9, &v, err));
		g->tvp = (uint8_t)v;
		MQ_TRY(load_effects(t, tpath, "effects", 0, T_CARD, g->teff,
		    &g->tneff, err));
	}
	d->nguardians = (int)json_array_size(list);
	qsort(d->guardian, (size_t)d->nguardians, sizeof(d->guardian[0]),
	    cmp_guardian);
	return 0;
}

static int
load_events(struct ms_data *d, const json_t *root, struct mq_err *err)
{
	static const char *const keys[] = { "id", "name_en", "name_ja",
	    "name_zh", "name_zh_hant", "effects", NULL };
	json_t *list, *c;
	char path[64];
	size_t i;

	MQ_TRY(get_list(root, "events", 1, MS_EVENTS, &list, err));
	json_array_foreach(list, i, c) {
		struct ms_event_card *e = &d->event[i];

		snprintf(path, sizeof(path), "events[%zu]", i);
		MQ_TRY(check_keys(c, path, keys, err));
		MQ_TRY(load_names(&e->nm, c, path, err));
		MQ_TRY(load_effects(c, path, "effects", 1, T(MS_T_EVENT), e->eff,
		    &e->neff, err));
		MQ_TRY(add_names(d, &e->nm, MS_W_EVENT, (int)i, path, err));
	}
	d->nevents = (int)json_array_size(list);
	return 0;
}

static int
load_spells(struct ms_data *d, const json_t *root, struct mq_err *err)
{
	static const char *const keys[] = { "id", "name_en", "name_ja",
	    "name_zh", "name_zh_hant", "level", "copies", "effects", NULL };
	json_t *list, *c;
	char path[64], epath[96];
	size_t i;
	int v = 0, k;

	MQ_TRY(get_list(root, "spells", 1, MS_SPELLS, &list, err));
	d->ndeck = 0;
	json_array_foreach(list, i, c) {
		struct ms_spell *s = &d->spell[i];

		snprintf(path, sizeof(path), "spells[%zu]", i);
		MQ_TRY(check_keys(c, path, keys, err));
		MQ_TRY(load_names(&s->nm, c, path, err));
		MQ_TRY(mq_jdata_int(c, path, "level", 0, 3, &v, err));
		s->level = (uint8_t)v;
		MQ_TRY(mq_jdata_int(c, path, "copies", 1, MS_DECK, &v, err));
		s->copies = (uint8_t)v;
		d->ndeck += v;
		MQ_TRY(load_effects(c, path, "effects", 1, T_SPELL, s->eff,
		    &s->neff, err));
		/* The first effect says when the Spell is played; the others
		 * happen then, or after the challenge it was played in. */
		s->timing = s->eff[0].trigger;
		for (k = 0; k < s->neff; k++) {
			int t = s->eff[k].trigger;

			snprintf(epath, sizeof(epath), "%s.effects[%d]", path, k);
			if (k == 0 && t != MS_T_SPELL_PHASE &&
			    t != MS_T_IN_CHALLENGE)
				return bad(err, epath, "trigger", "a Spell's first "
				    "effect is its timing: \"spell_phase\" or "
				    "\"in_challenge\"");
			if (k > 0 && t != s->timing &&
			    (s->timing != MS_T_IN_CHALLENGE ||
			    (t != MS_T_ON_WIN && t != MS_T_ON_LOSE)))
				return bad(err, epath, "trigger", "it must be "
				    "\"%s\" (the Spell's timing)%s",
				    triggers[s->timing],
				    s->timing == MS_T_IN_CHALLENGE ? ", \"on_win\" "
				    "or \"on_lose\"" : "");
		}
		MQ_TRY(add_names(d, &s->nm, MS_W_SPELL, (int)i, path, err));
	}
	d->nspells = (int)json_array_size(list);
	/* No one card is wrong: the deck is too big for the state's. */
	if (d->ndeck > MS_DECK)
		return bad(err, "spells", NULL, "their copies add up to %d "
		    "cards, more than %d", d->ndeck, MS_DECK);
	return 0;
}

/*
 * The card set names the Spells in kanji (行進曲), as the published game
 * does; a Japanese player may as well type the loanword everyone says
 * (マーチ). Each reading reads as its Spell, by the Spell's id, where the
 * card set has that id; the mails keep the card set's names.
 */
static const struct {
	const char *id, *reading;
} spell_readings[] = {
	{ "SP_march", "マーチ" }, { "SP_waltz", "ワルツ" },
	{ "SP_rhapsody", "ラプソディ" }, { "SP_rhapsody", "ラプソディー" },
	{ "SP_symphony", "シンフォニー" }, { "SP_fugue", "フーガ" },
	{ "SP_lullaby", "ララバイ" }, { "SP_prelude", "プレリュード" },
	{ "SP_nocturne", "ノクターン" }, { "SP_requiem", "レクイエム" },
	{ "SP_concerto", "コンチェルト" }, { "SP_serenade", "セレナーデ" },
	{ "SP_serenade", "セレナード" },
};

static int
add_spell_readings(struct ms_data *d, struct mq_err *err)
{
	size_t i;
	int s;

	for (i = 0; i < sizeof(spell_readings) / sizeof(spell_readings[0]); i++)
		for (s = 0; s < d->nspells; s++)
			if (strcmp(d->spell[s].nm.id, spell_readings[i].id) == 0)
				MQ_TRY(add_alias(d, spell_readings[i].reading,
				    MS_W_SPELL, s, "spells", "name_ja", err));
	return 0;
}

int
ms_data_load(const json_t *root, void **out, struct mq_err *err)
{
	static const char *const keys[] = { "meta", "masks", "dancers",
	    "orders", "stages", "emblems", "guardians", "events", "spells",
	    NULL };
	struct ms_data *d;
	size_t i;
	int rc;

	*out = NULL;
	if (!json_is_object(root))
		return mq_fail(err, MQ_REFUSED, "The game data must be a JSON "
		    "object.");
	MQ_TRY(check_keys(root, "", keys, err));
	d = calloc(1, sizeof(*d));
	if (d == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	/* Keywords first, so a card named like one is the one refused. */
	for (i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		if ((rc = add_alias(d, keywords[i].text, MS_W_KEY,
		    keywords[i].key, "keywords", NULL, err)))
			goto fail;
	if ((rc = load_meta(d, root, err)) || (rc = load_masks(d, root, err)) ||
	    (rc = load_dancers(d, root, err)) ||
	    (rc = load_orders(d, root, err)) ||
	    (rc = load_stages(d, root, err)) ||
	    (rc = load_emblems(d, root, err)) ||
	    (rc = load_guardians(d, root, err)) ||
	    (rc = load_events(d, root, err)) ||
	    (rc = load_spells(d, root, err)) ||
	    (rc = add_spell_readings(d, err)) ||
	    (rc = add_order_words(d, err)))
		goto fail;
	index_names(d);
	/* Every player is dealt a Mask and chooses a Dancer. */
	if (d->nmasks < d->max_players) {
		rc = bad(err, "masks", NULL, "%d players need %d Masks",
		    d->max_players, d->max_players);
		goto fail;
	}
	if (d->ndancers < d->max_players) {
		rc = bad(err, "dancers", NULL, "%d players need %d Dancers",
		    d->max_players, d->max_players);
		goto fail;
	}
	*out = d;
	return 0;
fail:
	free(d);
	return rc;
}

void
ms_data_free(void *data)
{
	free(data);
}

int
ms_find_dancer(const struct ms_data *d, const char *id)
{
	int i;

	for (i = 0; i < d->ndancers; i++)
		if (strcmp(d->dancer[i].nm.id, id) == 0)
			return i;
	return -1;
}

int
ms_find_stage(const struct ms_data *d, const char *id)
{
	int i;

	for (i = 0; i < d->nstages; i++)
		if (strcmp(d->stage[i].nm.id, id) == 0)
			return i;
	return -1;
}

int
ms_find_spell(const struct ms_data *d, const char *id)
{
	int i;

	for (i = 0; i < d->nspells; i++)
		if (strcmp(d->spell[i].nm.id, id) == 0)
			return i;
	return -1;
}

int
ms_find_event(const struct ms_data *d, const char *id)
{
	int i;

	for (i = 0; i < d->nevents; i++)
		if (strcmp(d->event[i].nm.id, id) == 0)
			return i;
	return -1;
}

int
ms_find_mask(const struct ms_data *d, const char *id)
{
	int i;

	for (i = 0; i < d->nmasks; i++)
		if (strcmp(d->mask[i].nm.id, id) == 0)
			return i;
	return -1;
}
