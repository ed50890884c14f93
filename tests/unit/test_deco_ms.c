/*
 * test_deco_ms.c - decorate for The Masquerade (mail/deco_ms.c), through
 * mq_render_decorate on masquerade contexts: the card ids of the engine's
 * view and events are named in the reader's language, while the words of
 * the daemon and of people (a refused line, the host's reason) stay as
 * written; the reader's "me" is their own entry; odd contexts (no view, a
 * view without players, odd types) still decorate.
 *
 * Run from the repo root (config/games/masquerade.json).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#include <jansson.h>

#include "buf.h"
#include "engine/game.h"
#include "mail/render.h"
#include "heading_fixture.h"
#include "zh_fixture.h"

#define GAMEDATA "config/games/masquerade.json"

static json_t *
load_gamedata(void)
{
	json_error_t je;
	json_t *j = json_load_file(GAMEDATA, JSON_REJECT_DUPLICATES, &je);

	if (j == NULL)
		fail_msg("%s: %s (line %d)", GAMEDATA, je.text, je.line);
	return j;
}

static json_t *
parse(const char *text)
{
	json_error_t je;
	json_t *j = json_loads(text, 0, &je);

	if (j == NULL)
		fail_msg("a test context: %s", je.text);
	return j;
}

static const char *
str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/*
 * A refused line is what the player wrote, and the host's reason what the
 * host wrote, even when it reads like a card's id: before, every string of
 * the context that was an id became a card object, which a template prints
 * as nothing ("NOT accepted, line 1:" and no line).
 */
static void
peoples_words_stay_text_even_when_they_are_card_ids(void **state)
{
	json_t *gd = load_gamedata(), *d, *ctx = parse(
	    "{\"kind\": \"masquerade\", \"player\": \"alice\","
	    " \"refused\": [{\"line\": 1, \"text\": \"D1\", \"error\": \"No.\"}],"
	    " \"accepted\": [{\"text\": \"SP_march\"}],"
	    " \"admin\": {\"action\": \"pause\", \"why\": \"ST1\"},"
	    " \"notice\": \"M2\","
	    " \"events\": [{\"type\": \"stage\", \"player\": \"bob\","
	    "   \"stage\": \"ST1\"}],"
	    " \"view\": {\"phase\": \"stage\", \"stages\": [\"ST1\"]}}");
	const json_t *x;

	(void)state;
	d = mq_render_decorate(gd, "en", ctx);
	assert_non_null(d);
	x = json_array_get(json_object_get(d, "refused"), 0);
	assert_true(json_is_string(json_object_get(x, "text")));
	assert_string_equal(str(x, "text"), "D1");
	x = json_array_get(json_object_get(d, "accepted"), 0);
	assert_string_equal(str(x, "text"), "SP_march");
	assert_string_equal(str(json_object_get(d, "admin"), "why"), "ST1");
	assert_string_equal(str(d, "notice"), "M2");
	/* the engine's ids are still named, in the events and the view */
	x = json_array_get(json_object_get(d, "events"), 0);
	assert_string_equal(str(json_object_get(x, "stage"), "name"), "Tower");
	x = json_array_get(json_object_get(json_object_get(d, "view"), "stages"), 0);
	assert_string_equal(str(x, "name"), "Tower");
	json_decref(d);
	json_decref(ctx);
	json_decref(gd);
}

/* s with each run of blanks and line ends as one space, or as none where
 * a line end falls between two wide characters (Chinese, Japanese): the
 * text part as a reader sees it through its wrapping (deco_wrap_text). */
static char *
flat(const char *s)
{
	char *out = malloc(strlen(s) + 1), *w = out;
	const char *p = s, *q;
	int nl;

	assert_non_null(out);
	while (*p) {
		if (*p != ' ' && *p != '\n' && *p != '\t') {
			*w++ = *p++;
			continue;
		}
		for (q = p, nl = 0; *q == ' ' || *q == '\n' || *q == '\t'; q++)
			nl |= *q == '\n';
		/* a wide character is 3 or 4 bytes of UTF-8: E3..EF or F0.. */
		if (!(nl && w - out >= 3 && (unsigned char)w[-3] >= 0xE3 &&
		    (unsigned char)*q >= 0xE3))
			*w++ = ' ';
		p = q;
	}
	*w = '\0';
	return out;
}

/* text holds phrase, both read through the wrapping (flat); the phrase's
 * blanks at either end (a line's indent) are not looked for. */
static int
has(const char *text, const char *phrase)
{
	char *t = flat(text), *f = flat(phrase), *b = f, *e;
	int yes;

	b += *b == ' ';
	e = b + strlen(b);
	if (e > b && e[-1] == ' ')
		e[-1] = '\0';
	yes = strstr(t, b) != NULL;

	free(t);
	free(f);
	return yes;
}

/* html holds phrase, the HTML part read as its reader sees it: a no-break
 * space (the one holding a number to its word) as a space; the phrase's
 * blanks at its start (a text line's indent, a cell's padding in the
 * HTML) are not looked for. */
static int
html_has(const char *html, const char *phrase)
{
	char *t = strdup(html), *w = t;
	const char *p;
	int yes;

	assert_non_null(t);
	for (p = html; *p; p++)
		if (strncmp(p, "\xc2\xa0", 2) == 0) {
			*w++ = ' ';
			p++;
		} else
			*w++ = *p;
	*w = '\0';
	yes = strstr(t, phrase + strspn(phrase, " ")) != NULL;
	free(t);
	return yes;
}

/* The text of one cell, from just after its <td ...> up to its </td>:
 * its tags left out, a no-break space as a space. */
static void
cell_text(const char *p, const char *end, char *out, size_t n)
{
	size_t k = 0;
	int tag = 0;

	for (; p < end && k + 1 < n; p++) {
		if (*p == '<')
			tag = 1;
		else if (*p == '>')
			tag = 0;
		else if (!tag && strncmp(p, "\xc2\xa0", 2) == 0) {
			out[k++] = ' ';
			p++;
		} else if (!tag)
			out[k++] = *p;
	}
	out[k] = '\0';
}

/* How many rows of the HTML's tables have exactly the cells cell1 and
 * cell2, in that order, and no other. */
static int
html_rows(const char *html, const char *cell1, const char *cell2)
{
	const char *tr = html, *end, *td, *te;
	char cells[2][512];
	int n = 0, k;

	while ((tr = strstr(tr, "<tr")) != NULL) {
		if ((end = strstr(tr, "</tr>")) == NULL)
			break;
		for (k = 0, td = tr; (td = strstr(td, "<td")) != NULL &&
		    td < end; k++) {
			if (k == 2 || (td = strchr(td, '>')) == NULL ||
			    (te = strstr(td, "</td>")) == NULL || te > end) {
				k = 3;
				break;
			}
			cell_text(td + 1, te, cells[k], sizeof(cells[k]));
			td = te;
		}
		if (k == 2 && strcmp(cells[0], cell1) == 0 &&
		    strcmp(cells[1], cell2) == 0)
			n++;
		tr = end;
	}
	return n;
}

/* The LANG KIND mail of ctx, for a check of what it must or must not say;
 * free3 frees its three parts. */
static void
render(const json_t *gd, const json_t *ctx, const char *lang, const char *kind,
    char **subject, char **text, char **html)
{
	struct mq_err err;

	if (mq_render_mail("templates", lang, kind, gd, ctx, subject, text, html,
	    &err) != 0)
		fail_msg("%s %s: %s", lang, kind, err.msg);
}

static void
free3(char *subject, char *text, char *html)
{
	free(subject);
	free(text);
	free(html);
}

/* The KIND mail of ctx, in each want[i][0], holds want[i][1] in its text
 * (and its HTML too, when html). */
static void
mails_say(const json_t *gd, const json_t *ctx, const char *kind,
    const char *const want[][2], size_t n, int html_too)
{
	char *subject, *text, *html;
	struct mq_err err;
	size_t i;

	for (i = 0; i < n; i++) {
		assert_int_equal(mq_render_mail("templates", want[i][0], kind,
		    gd, ctx, &subject, &text, &html, &err), 0);
		if (!has(text, want[i][1]) ||
		    (html_too && !html_has(html, want[i][1]))) {
			fprintf(stderr, "%s", text);
			fail_msg("%s: the mail lacks \"%s\":\n%s", want[i][0],
			    want[i][1], text);
		}
		free(subject);
		free(text);
		free(html);
	}
}

/* mails_say on a context given as JSON text, with the game data loaded. */
static void
says(const char *kind, const char *ctx_text, const char *const want[][2],
    size_t n, int html_too)
{
	json_t *gd = load_gamedata(), *ctx = parse(ctx_text);

	mails_say(gd, ctx, kind, want, n, html_too);
	json_decref(ctx);
	json_decref(gd);
}

/* The KIND mail of ctx, in each want[i][0], holds want[i][1] in its HTML. */
static void
html_says(const json_t *gd, const json_t *ctx, const char *kind,
    const char *const want[][2], size_t n)
{
	char *subject, *text, *html;
	struct mq_err err;
	size_t i;

	for (i = 0; i < n; i++) {
		assert_int_equal(mq_render_mail("templates", want[i][0], kind,
		    gd, ctx, &subject, &text, &html, &err), 0);
		if (!html_has(html, want[i][1]))
			fail_msg("%s: the HTML lacks \"%s\":\n%s", want[i][0],
			    want[i][1], html);
		free(subject);
		free(text);
		free(html);
	}
}

/*
 * The HTML part keeps the text's lines where each is an item: the table's
 * "Orders: ...", "Top Guardian: ...", "Events left: ..." and the hand and
 * the VP counters, a line each (they ran together in one paragraph:
 * "... [5 Wait 5: alice] Top Guardian: number 1 ... Your hand (0 of 5):
 * empty Your VP counters ..."), and a receipt's hash is a line of its own.
 */
static void
html_lines_do_not_run_together(void **state)
{
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"receipt\": {\"seq\": 4, \"hash\": \"abc\"},"
	    " \"view\": {\"phase\": \"stage\", \"turn\": 2, \"guardians_left\": 8,"
	    "  \"guardian\": {\"id\": \"G1\", \"number\": 1, \"power\": 1},"
	    "  \"orders\": [{\"number\": 1, \"id\": \"O1\", \"holder\": \"bob\"}],"
	    "  \"players\": [{\"name\": \"alice\", \"hand_size\": 0,"
	    "   \"hand_limit\": 5, \"counters\": 0}]}}");
	static const char *const want[][2] = {
		{ "en", "[1 Lead 1: bob]<br>\nTop Guardian: number 1, the Stone Sentinel, power 1 (8 left)<br>\nIts Treasure: Silver Bell (0 VP): hand limit +1<br>\nEvents left:" },
		{ "en", "Your hand (0 of 5): empty<br>\nYour VP counters" },
		{ "ja", "<br>\n次のガーディアン（残り" },
		{ "ja", "なし<br>\nVP カウンター（" },
		{ "zh", "<br>\n最上面的守护者（剩 8 张）：1 号" },
		{ "zh", "无<br>\nVP 标记（" },
	};
	static const char *const receipt[][2] = {
		{ "en", "has been caught.</p>\n<p style=\"margin:0 0 6px\">hash abc</p>" },
		{ "ja", "<p style=\"margin:0 0 6px\">hash abc</p>" },
		{ "zh", "<p style=\"margin:0 0 6px\">hash abc</p>" },
	};

	(void)state;
	html_says(gd, ctx, "turn", want, sizeof(want) / sizeof(want[0]));
	html_says(gd, ctx, "receipt", receipt, sizeof(receipt) / sizeof(receipt[0]));
	json_decref(ctx);
	json_decref(gd);
}

/*
 * Lists of cards read as lists: each entry of a list knows whether it is
 * the first, so "paid 1x March, 1x Prelude" and "discarded 1x Prelude,
 * 1x Nocturne" (they ran together: "(paid 1x March) (paid 1x Prelude)").
 */
static void
card_lists_are_separated(void **state)
{
	static const char *const want[][2] = {
		{ "en", "bob played Rhapsody (paid 1x March, 2x Waltz)." },
		{ "en", "erin discarded 1x March, 1x Waltz." },
		/* the Spells received, then how many were kept: not "kept 1 (1x
		 * March, 1x Waltz)", which read as if both were kept */
		{ "en", "You drew 2 from the Spell deck (1x March, 1x Waltz) and kept 1." },
		/* in Japanese the Spells are a line of their own: on one line
		 * the wrap cut '残しまし' / 'た' */
		{ "ja", "受け取り、1枚を手札に残しました。受け取ったスペル：「行進曲」×1、「円舞曲」×1" },
		{ "zh", "得到 2 张咒语（「进行曲」×1、「圆舞曲」×1），留下 1 张。" },
		{ "ja", "×1、" },
		{ "zh", "×1、" },
	};

	(void)state;
	says("notice",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"events\": ["
	    "  {\"type\": \"play\", \"player\": \"bob\", \"spell\": \"SP_rhapsody\","
	    "   \"paid\": [{\"spell\": \"SP_march\", \"name\": \"March\", \"count\": 1},"
	    "            {\"spell\": \"SP_waltz\", \"name\": \"Waltz\", \"count\": 2}]},"
	    "  {\"type\": \"discard\", \"player\": \"erin\","
	    "   \"spells\": [{\"spell\": \"SP_march\", \"name\": \"March\", \"count\": 1},"
	    "              {\"spell\": \"SP_waltz\", \"name\": \"Waltz\", \"count\": 1}]},"
	    "  {\"type\": \"receive\", \"player\": \"alice\", \"received\": 2,"
	    "   \"kept\": 1, \"spells\": [{\"spell\": \"SP_march\", \"name\": \"March\","
	    "   \"count\": 1}, {\"spell\": \"SP_waltz\", \"name\": \"Waltz\", \"count\": 1}]}],"
	    " \"view\": {\"phase\": \"stage\"}}",
	    want, sizeof(want) / sizeof(want[0]), 1);
}

/*
 * A hand and the VP counters read as lists too: in the text part a hand is
 * a Spell a line ("  1x March (level 0)"), and so are the VP counters (they
 * ran on in one line, which the wrap cut inside a name: 「小" / "夜曲」),
 * in the HTML part a list ("1x
 * March (level 0), 2x Waltz (level 1)", in ja/zh with 、); and the table's
 * counts read right for one as for many ("Spells in hand: 1", not "1
 * Spells in hand"). The count of wins is of wins against dancers (the
 * Emblem of the Gladiator's, a Mask's): it was "fights won", though a Tower
 * fight won counts not.
 */
static void
hands_read_as_lists(void **state)
{
	static const char *const want[][2] = {
		{ "en", "Your hand (3 of 5):\n  1x March (level 0)\n  2x Waltz (level 1)\n" },
		{ "en", "which is not):\n  1x March\n  1x Fugue\n" },
		{ "ja", "中身は秘密）：\n  「行進曲」×1\n  「遁走曲」×1\n" },
		{ "zh", "内容保密）：\n  「进行曲」×1\n  「赋格曲」×1\n" },
		{ "en", "Spells in hand: 1 (limit 5); VP counters: 1\n    Events prophesied: 1; wins against dancers: 1\n" },
		{ "ja", "、ダンサーとの戦いの勝利 1" },
		{ "zh", "，战胜舞者 1" },
		{ "ja", "（3/5）：\n  「行進曲」×1（レベル 0）\n  「" },
		{ "zh", "（3/5）：\n  「进行曲」×1（等级 0）\n  「" },
	};
	static const char *const html[][2] = {
		{ "en", "Your hand (3 of 5): 1x March (level 0), 2x Waltz (level 1)" },
		{ "en", "Spells in hand: 1 (limit 5); VP counters: 1; Events prophesied: 1; wins against dancers: 1" },
		{ "ja", "×1（レベル 0）、「" },
		{ "zh", "×1（等级 0）、「" },
	};
	json_t *gd = load_gamedata(), *ctx;

	(void)state;
	ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"view\": {\"phase\": \"spell\", \"turn\": 2, \"players\": ["
	    "  {\"name\": \"alice\", \"hand_size\": 3, \"hand_limit\": 5,"
	    "   \"counters\": 2, \"events_prophesied\": 0, \"arena_wins\": 0,"
	    "   \"hand\": [{\"spell\": \"SP_march\", \"name\": \"March\", \"count\": 1, \"level\": 0},"
	    "            {\"spell\": \"SP_waltz\", \"name\": \"Waltz\", \"count\": 2, \"level\": 1}],"
	    "   \"banked\": [{\"spell\": \"SP_march\", \"name\": \"March\", \"count\": 1},"
	    "              {\"spell\": \"SP_fugue\", \"name\": \"Fugue\", \"count\": 1}]},"
	    "  {\"name\": \"bob\", \"hand_size\": 1, \"hand_limit\": 5,"
	    "   \"counters\": 1, \"events_prophesied\": 1, \"arena_wins\": 1}]}}");
	mails_say(gd, ctx, "turn", want, sizeof(want) / sizeof(want[0]), 0);
	html_says(gd, ctx, "turn", html, sizeof(html) / sizeof(html[0]));
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A Guardian's and a Treasure's abilities are in the mail, not only their
 * names: Guardian 6 raises the challenger's Spell costs, the Silver Bell
 * raises a hand limit; Guardian 1 and the Serpent Ring (G2's) have none.
 * And each Treasure's VP: the view names a Treasure by its id alone, and
 * the mails never said what one was worth, so no player could count the
 * scores (the Golden Crown's 2 VP showed only in the end's total).
 */
static void
guardian_and_treasure_abilities_are_told(void **state)
{
	static const char *const want[][2] = {
		{ "en", "Top Guardian: number 6, the Witch (3 left)\n  Power 4; the challenger's Spells cost 1 more\n" },
		{ "en", "    Treasures:\n      Silver Bell (0 VP): hand limit +1\n      Serpent Ring (1 VP)\n      Golden Crown (2 VP)\n" },
		{ "ja", "次のガーディアン（残り 3枚）：6番（パワー 4）、挑戦者のスペルのコスト +1\n" },
		{ "ja", "「銀の鈴」（0 VP、手札上限 +1）" },
		{ "ja", "「黄金の冠」（2 VP）" },
		/* the count first, as in Japanese: "…代价 +1（剩 3 张）" set two
		 * asides in a row after a Guardian's own ("（通常为 1）（剩 7 张）") */
		{ "zh", "最上面的守护者（剩 3 张）：6 号，力量 4；挑战者的咒语代价 +1\n" },
		{ "zh", "（0 VP，手牌上限 +1）" },
		{ "zh", "（2 VP）" },
	};

	(void)state;
	says("turn",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"view\": {\"phase\": \"stage\", \"turn\": 3, \"guardians_left\": 3,"
	    "  \"guardian\": {\"id\": \"G6\", \"number\": 6, \"power\": 4},"
	    "  \"players\": [{\"name\": \"alice\", \"treasures\": [\"G1\", \"G2\", \"G7\"]}]}}",
	    want, sizeof(want) / sizeof(want[0]), 0);
}

/*
 * What each Stage does, and which Treasure a Guardian gives (found by a
 * review): the welcome's rules told the Spells, Events and Orders, not the
 * Stages other than the Tower and the Arena, nor the Guardians' Treasures,
 * and the "Top Guardian" line (and the Stage request's Tower) never named
 * the Treasure on offer, so a player choosing the Tower could not tell
 * what they would win. Now the rules list the Stages, a line each, and the
 * Guardians with their Treasures; the top Guardian's Treasure is named,
 * with its VP and what it does, on the table and in the Stage request; in
 * both parts, in every language.
 */
static void
stages_and_treasures_are_told(void **state)
{
	static const char *const welcome[][2] = {
		{ "en", "  Library (2): draw 2 Spells\n" },
		{ "en", "  Spring (2): heal to full life\n" },
		{ "en", "  Grand Hall (2): draw 1 Spell and heal 1 life\n" },
		{ "en", "  Chapel (1): you are the prophet and choose the turn's Event\n" },
		{ "en", "  Tower (1): fight the top Guardian; win its Treasure and 1 Spell, or lose 1 life\n" },
		{ "en", "  Guardian 6, the Witch, power 4; the challenger's Spells cost 1 more\n      Treasure: Witch's Grimoire (1 VP): its holder's Spells cost 1 less\n" },
		{ "en", "  Guardian 7, the Giant, power 4\n      Treasure: Golden Crown (2 VP)\n" },
		{ "en", "Top Guardian: number 6, the Witch (3 left)\n  Power 4; the challenger's Spells cost 1 more\n  Treasure: Witch's Grimoire (1 VP): its holder's Spells cost 1 less\n" },
		{ "ja", "図書館（2）：\n      スペルを2枚引く\n" },
		{ "ja", "泉（2）：\n      ライフを全回復\n" },
		{ "ja", "トレジャー：「魔女の書」（1 VP、持ち主のスペルのコスト -1）" },
		{ "ja", "\n  トレジャー：「魔女の書」（1 VP、持ち主のスペルのコスト -1）\n" },
		{ "zh", "图书馆（2）：\n      抽 2 张咒语\n" },
		{ "zh", "宝物：「魔女之书」（1 VP，持有者的咒语代价 -1）" },
		{ "zh", "\n  宝物：「魔女之书」（1 VP，持有者的咒语代价 -1）\n" },
	};
	static const char *const welcome_html[][2] = {
		{ "en", "  Library (2): draw 2 Spells</div>" },
		{ "en", "  Guardian 6, the Witch, power 4; the challenger's Spells cost 1 more; Treasure: Witch&#39;s Grimoire (1 VP): its holder's Spells cost 1 less</div>" },
		{ "en", "(3 left)<br>\nIts Treasure: Witch&#39;s Grimoire (1 VP): its holder's Spells cost 1 less<br>" },
		{ "ja", "図書館（2）：スペルを2枚引く</div>" },
		{ "ja", "<br>\nそのトレジャー：「魔女の書」（1 VP、持ち主のスペルのコスト -1）<br>" },
		{ "zh", "图书馆（2）：抽 2 张咒语</div>" },
		{ "zh", "<br>\n它的宝物：「魔女之书」（1 VP，持有者的咒语代价 -1）<br>" },
	};
	static const char *const stage[][2] = {
		{ "en", "Guardian 6, the Witch, power 4; the challenger's Spells cost 1 more; its\n          Treasure: Witch's Grimoire (1 VP): its holder's Spells cost 1 less\n" },
		{ "ja", "今はガーディアン 6番（パワー 4）、挑戦者のスペルのコスト +1。そのトレジャー：「魔女の書」（1 VP、持ち主のスペルのコスト -1）" },
		{ "zh", "现在是 6 号守护者，力量 4；挑战者的咒语代价 +1；它的宝物：「魔女之书」（1 VP，持有者的咒语代价 -1）" },
	};
	static const char *const stage_html[][2] = {
		{ "en", "Guardian 6, the Witch, power 4; the challenger's Spells cost 1 more; its Treasure: Witch&#39;s Grimoire (1 VP): its holder's Spells cost 1 less</td>" },
		{ "ja", "そのトレジャー：「魔女の書」（1 VP、持ち主のスペルのコスト -1）</td>" },
		{ "zh", "它的宝物：「魔女之书」（1 VP，持有者的咒语代价 -1）</td>" },
	};
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"bob\","
	    " \"owed\": null, \"players\": [], \"view\": {\"phase\": \"order\","
	    "  \"turn\": 3, \"to_move\": \"alice\", \"guardians_left\": 3,"
	    "  \"guardian\": {\"id\": \"G6\", \"number\": 6, \"power\": 4},"
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"}]}}");

	(void)state;
	mails_say(gd, ctx, "welcome", welcome, sizeof(welcome) /
	    sizeof(welcome[0]), 0);
	html_says(gd, ctx, "welcome", welcome_html, sizeof(welcome_html) /
	    sizeof(welcome_html[0]));
	json_decref(ctx);
	ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"stage\", \"view\": {\"phase\": \"stage\", \"turn\": 3,"
	    "  \"guardians_left\": 3,"
	    "  \"guardian\": {\"id\": \"G6\", \"number\": 6, \"power\": 4},"
	    "  \"stages\": [{\"id\": \"ST1\", \"free\": 1, \"rule\": \"tower\"},"
	    "   {\"id\": \"ST6\", \"free\": 2}],"
	    "  \"players\": [{\"name\": \"alice\", \"can_challenge\": true},"
	    "   {\"name\": \"bob\"}]}}");
	mails_say(gd, ctx, "turn", stage, sizeof(stage) / sizeof(stage[0]), 0);
	html_says(gd, ctx, "turn", stage_html, sizeof(stage_html) /
	    sizeof(stage_html[0]));
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The text part's lists of choices are columns: what follows a name starts
 * where it does after the widest name, counted in columns (a Chinese or
 * Japanese character takes two): the Chinese DANCER request read
 * "DANCER 剑舞姬   （力量 3）" over "DANCER 吟游诗人   （力量 2）", three
 * spaces after each, whatever its width. So do the Stages, the players one
 * may challenge and Change of Partner's dancers.
 */
static void
choices_line_up_in_columns(void **state)
{
	static const char *const want[][2] = {
		{ "en", "\n  DANCER Blade Dancer       (power 3)\n" },
		{ "en", "\n  DANCER Eternal Prisoner   (power 4)\n" },
		{ "en", "\n  DANCER Bard               (power 2)\n" },
		{ "ja", "\n  DANCER 剣の舞姫     （パワー 3）\n" },
		{ "ja", "\n  DANCER 永劫の囚人   （パワー 4）\n" },
		{ "ja", "\n  DANCER 吟遊詩人     （パワー 2）\n" },
		{ "zh", "\n  DANCER 剑舞姬     （力量 3）\n" },
		{ "zh", "\n  DANCER 永劫囚徒   （力量 4）\n" },
		{ "zh", "\n  DANCER 吟游诗人   （力量 2）\n" },
	};
	static const char *const stages[][2] = {
		{ "en", "\n  STAGE Tower        (room for 1)\n" },
		{ "en", "\n  STAGE Grand Hall   (room for 2)\n" },
		{ "zh", "\n  STAGE 塔       （空位 1）\n" },
		{ "zh", "\n  STAGE 礼拜堂   （空位 1）\n" },
	};
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"dancer\", \"view\": {\"phase\": \"dancer\", \"turn\": 1,"
	    "  \"dancers_free\": [{\"id\": \"D1\", \"name\": \"Blade Dancer\","
	    "   \"power\": 3}, {\"id\": \"D6\", \"name\": \"Eternal Prisoner\","
	    "   \"power\": 4}, {\"id\": \"D4\", \"name\": \"Bard\", \"power\": 2}],"
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"}]}}");
	char *subject, *text, *html;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		render(gd, ctx, want[i][0], "turn", &subject, &text, &html);
		if (strstr(text, want[i][1]) == NULL)
			fail_msg("%s: the mail lacks \"%s\":\n%s", want[i][0],
			    want[i][1], text);
		free3(subject, text, html);
	}
	json_decref(ctx);
	ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"stage\", \"view\": {\"phase\": \"stage\", \"turn\": 1,"
	    "  \"stages\": [{\"id\": \"ST1\", \"free\": 1, \"rule\": \"tower\"},"
	    "   {\"id\": \"ST3\", \"free\": 1, \"rule\": \"chapel\"},"
	    "   {\"id\": \"ST6\", \"free\": 2}],"
	    "  \"players\": [{\"name\": \"alice\", \"can_challenge\": true},"
	    "   {\"name\": \"bob\"}]}}");
	for (i = 0; i < sizeof(stages) / sizeof(stages[0]); i++) {
		render(gd, ctx, stages[i][0], "turn", &subject, &text, &html);
		if (strstr(text, stages[i][1]) == NULL)
			fail_msg("%s: the mail lacks \"%s\":\n%s", stages[i][0],
			    stages[i][1], text);
		free3(subject, text, html);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The Stage phase's turn mail offers only the Stages a dancer can still go
 * to, each with the places left; a full one is named as full, with no STAGE
 * line to copy (before, every Stage was offered with its printed capacity,
 * full or not, and a player who picked a full one was refused).
 */
static void
a_full_stage_is_not_offered(void **state)
{
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"stage\","
	    " \"view\": {\"phase\": \"stage\", \"turn\": 2, \"stages\": ["
	    "  {\"id\": \"ST1\", \"capacity\": 1, \"free\": 0, \"full\": true,"
	    "   \"rule\": \"tower\", \"dancers\": [\"bob\"]},"
	    "  {\"id\": \"ST2\", \"capacity\": 2, \"free\": 1, \"full\": false,"
	    "   \"rule\": \"arena\", \"dancers\": [\"carol\"]}]}}");
	/* the HTML has the choice in a row of cells (html_rows) */
	static const char *const choice[][2] = {
		{ "en", "STAGE Arena   (room for 1; carol is there)" },
	};
	static const char *const want[][2] = {
		{ "en", "Tower is full (bob)" },
		{ "ja", "空き 1・carol さんがいます" },
		{ "ja", "塔は満員（bob さん）" },
		{ "zh", "空位 1；carol 在这里" },
		{ "zh", "塔已满（bob）" },
	};
	char *subject, *text, *html;

	(void)state;
	mails_say(gd, ctx, "turn", choice, 1, 0);
	mails_say(gd, ctx, "turn", want, sizeof(want) / sizeof(want[0]), 1);
	render(gd, ctx, "en", "turn", &subject, &text, &html);
	if (html_rows(html, "STAGE Arena", "(room for 1; carol is there)") != 1)
		fail_msg("the HTML lacks the Arena's row:\n%s", html);
	if (has(text, "STAGE Tower") || strstr(html, "STAGE Tower") != NULL)
		fail_msg("the full Tower is offered:\n%s", text);
	if (has(text, "must fight the top Guardian"))
		fail_msg("the full Tower's rule is told as a choice:\n%s", text);
	free3(subject, text, html);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The Order phase's turn mail offers only the Orders the view calls open:
 * not the one the reader had last turn (before, every free Order was
 * offered, and ORDER 2 was refused: "You had Order 2 last turn").
 */
static void
only_open_orders_are_offered(void **state)
{
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"order\","
	    " \"view\": {\"phase\": \"order\", \"turn\": 2, \"orders\": ["
	    "  {\"number\": 1, \"id\": \"O1\", \"open\": true, \"last_holder\": \"bob\"},"
	    "  {\"number\": 2, \"id\": \"O2\", \"open\": false, \"last_holder\": \"alice\"},"
	    "  {\"number\": 3, \"id\": \"O3\", \"open\": false, \"holder\": \"carol\"}],"
	    " \"players\": [{\"name\": \"alice\", \"last_order\": 2}]}}");
	static const char *const want[][2] = {
		{ "en", "  ORDER 1   Lead 1 (last turn: bob)" },
		{ "ja", "  ORDER 1   先導する１（前のターン：bob さん）" },
		{ "zh", "  ORDER 1   领舞 1（上回合：bob）" },
	};
	static const char *const langs[] = { "en", "ja", "zh" };
	char *subject, *text, *html;
	struct mq_err err;
	size_t i;

	(void)state;
	mails_say(gd, ctx, "turn", want, sizeof(want) / sizeof(want[0]), 1);
	for (i = 0; i < 3; i++) {
		assert_int_equal(mq_render_mail("templates", langs[i], "turn", gd,
		    ctx, &subject, &text, &html, &err), 0);
		if (has(text, "ORDER 2") || strstr(html, "ORDER 2") !=
		    NULL || has(text, "ORDER 3"))
			fail_msg("%s: an Order that is not open is offered:\n%s",
			    langs[i], text);
		free(subject);
		free(text);
		free(html);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The Arena's and the duel's requests offer only the dancers the view calls
 * challengeable, and name the others as not (before, every other dancer was
 * offered: carol, with Defend 3 and the most VP, was refused as "cannot be
 * challenged now"), saying why, as the refusal does (the list said "carol
 * さんには今は挑戦できません" with no reason; found by players by mail).
 */
static void
only_challengeable_dancers_are_offered(void **state)
{
	static const char *const owed[] = { "challenge", "duel" };
	/* at 0 life a dancer's printed power counts 0; the HTML has the
	 * choice in a row of cells (html_rows) */
	static const char *const choice[][2] = {
		{ "en", "  CHALLENGE bob   (Bard, power 2, life 0, so its printed power counts 0)" },
	};
	static const char *const want[][2] = {
		{ "ja", "（元のパワーは0として数える））" },
		{ "zh", "生命 0（牌面力量按 0 计算））" },
		{ "en", "  carol cannot be challenged now: they hold Defend 3 and lead in VP" },
		{ "ja", "  carol さんには今は挑戦できません（「防衛する３」を持ち、VP で首位だから）" },
		{ "zh", "  现在不能挑战 carol：对方持有「防卫 3」，而且 VP 领先" },
		{ "en", "  dave cannot be challenged now: they have no Dancer" },
		{ "ja", "  dave さんには今は挑戦できません（ダンサーがいないから）" },
		{ "zh", "  现在不能挑战 dave：对方没有舞者" },
	};
	json_t *gd = load_gamedata(), *ctx;
	char *subject, *text, *html, buf[1024];
	struct mq_err err;
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		snprintf(buf, sizeof(buf),
		    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
		    " \"owed\": \"%s\", \"view\": {\"phase\": \"challenge\", \"players\": ["
		    "  {\"name\": \"alice\", \"challengeable\": false, \"life\": 2},"
		    "  {\"name\": \"bob\", \"challengeable\": true, \"life\": 0, \"no_life\": true,"
		    "   \"dancer\": {\"id\": \"D4\", \"power\": 2}},"
		    "  {\"name\": \"carol\", \"challengeable\": false, \"life\": 2,"
		    "   \"dancer\": {\"id\": \"D1\", \"power\": 3},"
		    "   \"shield\": \"O3\", \"shield_leader\": true},"
		    "  {\"name\": \"dave\", \"challengeable\": false, \"life\": 2,"
		    "   \"dancer\": null}]}}", owed[i]);
		ctx = parse(buf);
		mails_say(gd, ctx, "turn", choice, 1, 0);
		mails_say(gd, ctx, "turn", want, sizeof(want) / sizeof(want[0]), 1);
		assert_int_equal(mq_render_mail("templates", "en", "turn", gd, ctx,
		    &subject, &text, &html, &err), 0);
		if (html_rows(html, "CHALLENGE bob", "(Bard, power 2, life 0, "
		    "so its printed power counts 0)") != 1)
			fail_msg("%s: the HTML lacks bob's row:\n%s", owed[i], html);
		if (has(text, "CHALLENGE carol") ||
		    strstr(html, "CHALLENGE carol") != NULL ||
		    has(text, "CHALLENGE alice"))
			fail_msg("%s: a dancer who cannot be challenged is offered:\n%s",
			    owed[i], text);
		free(subject);
		free(text);
		free(html);
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * What a Spell does and when it is played is told, not only its name and
 * level: beside each Spell of the hand in a Spell-phase (and fight,
 * discard, keep) request, and for every Spell of the card set with the
 * commands. The Spell phase's examples are Spells of that phase (they were
 * PLAY march and PLAY waltz PAY march, which the game refuses then: "March
 * is played while you are in a challenge, not now"). In Japanese a Spell of
 * the hand is quoted there as everywhere else (「鎮魂歌」×1; it was 鎮魂歌×1
 * in the requests alone).
 */
static void
spells_say_what_they_do(void **state)
{
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"spell\","
	    " \"view\": {\"phase\": \"spell\", \"turn\": 2,"
	    "  \"players\": [{\"name\": \"alice\", \"hand_size\": 2,"
	    "   \"hand\": [{\"spell\": \"SP_prelude\", \"name\": \"Prelude\","
	    "    \"count\": 1, \"level\": 0, \"cost\": 0},"
	    "   {\"spell\": \"SP_requiem\", \"name\": \"Requiem\","
	    "    \"count\": 1, \"level\": 2, \"cost\": 1}]}, {\"name\": \"bob\"}],"
	    "  \"plays\": [{\"card\": \"SP_prelude\", \"pay\": []},"
	    "   {\"card\": \"SP_requiem\", \"pay\": [\"SP_prelude\"],"
	    "    \"on\": \"bob\"}]}}");
	static const char *const turn[][2] = {
		{ "en", "  1x Prelude (level 0, PAY 0): in your Spell phase, draw 1 Spell" },
		{ "en", "  1x Requiem (level 2, PAY 1): in your Spell phase, another player (ON) loses 1 life" },
		{ "ja", "  「鎮魂歌」×1（レベル 2、PAY 1枚）：" },
		{ "zh", "  「安魂曲」×1（等级 2，PAY 1 张）：" },
		/* the examples are the view's, of the reader's own Spells */
		{ "en", "  PLAY Prelude" },
		{ "en", "  PLAY Requiem PAY Prelude ON bob" },
		{ "ja", "  PLAY 鎮魂歌 PAY 前奏曲 ON bob" },
		{ "zh", "  PLAY 安魂曲 PAY 前奏曲 ON bob" },
		{ "ja", "：自分のスペル・フェイズにスペルを1枚引く" },
		{ "zh", "：在你的咒语阶段抽 1 张咒语" },
	};
	static const char *const help[][2] = {
		{ "en", "  March (6, level 0): in a challenge, +1 power" },
		/* a discard is not always down to the hand limit, nor a bank
		 * only after a win */
		{ "en", "DISCARD march waltz       down to the number asked (your hand limit," },
		{ "en", "after beating a dancer, or with Oracle" },
		{ "ja", "求められた枚数（手札上限、静寂なら3枚）まで捨てる" },
		{ "zh", "弃牌到要求的张数（手牌上限，寂静时为 3 张）" },
		{ "ja", "  行進曲（6枚、レベル 0）：挑戦中にパワー +1" },
		{ "zh", "  进行曲（6 张，等级 0）：挑战中力量 +1" },
	};
	static const char *const langs[] = { "en", "ja", "zh" };
	static const char *const refused[] = { "PLAY march\n", "PLAY waltz",
		"PLAY 行進曲\n", "PLAY 円舞曲", "PLAY 进行曲\n", "PLAY 圆舞曲",
		/* nor a Spell the reader does not hold (the examples were the
		 * same four whatever the hand) */
		"PLAY concerto", "PLAY Concerto", "PLAY nocturne", "PLAY Nocturne",
		"PLAY 協奏曲", "PLAY 夜想曲", "PLAY 协奏曲", "PLAY 夜曲" };
	char *subject, *text, *html;
	struct mq_err err;
	size_t i, k;

	(void)state;
	mails_say(gd, ctx, "turn", turn, sizeof(turn) / sizeof(turn[0]), 1);
	mails_say(gd, ctx, "help", help, sizeof(help) / sizeof(help[0]), 1);
	for (i = 0; i < 3; i++) {
		assert_int_equal(mq_render_mail("templates", langs[i], "turn", gd,
		    ctx, &subject, &text, &html, &err), 0);
		for (k = 0; k < sizeof(refused) / sizeof(refused[0]); k++)
			if (has(text, refused[k]))
				fail_msg("%s: the Spell phase's example \"%s\" is a "
				    "Spell of a challenge:\n%s", langs[i], refused[k],
				    text);
		free(subject);
		free(text);
		free(html);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A Request for a Tune's Spells not kept are told gone to the Spell tomb,
 * and why when the hand had no room: "You drew 1 from the Spell deck (1x
 * Requiem) and kept 0." said no more, as if the Spell had gone nowhere
 * (found by a player reading the mails).
 */
static void
spells_not_kept_go_to_the_tomb(void **state)
{
	static const char *const want[][2] = {
		{ "en", "You drew 1 from the Spell deck (1x Requiem) and kept 0; 1 went to the Spell tomb (your hand had no room)." },
		{ "en", "erin drew 2 from the Spell deck and kept 1; 1 went to the Spell tomb." },
		{ "en", "bob drew 1 from the Spell deck and kept 1." },
		{ "ja", "0枚を手札に残しました。残りの1枚は墓場へ行きました（手札に空きがありませんでした）。" },
		{ "ja", "erin さんが山札からスペルを2枚受け取り、1枚を手札に残しました。残りの1枚は墓場へ行きました。" },
		{ "zh", "，留下 0 张。其余 1 张进了弃牌区（手牌已满）。" },
		{ "zh", "erin 从牌堆得到 2 张咒语，留下 1 张。其余 1 张进了弃牌区。" },
	};
	static const char *const not[][2] = {
		{ "en", "bob drew 1 from the Spell deck and kept 1;" },
		{ "en", "erin drew 2 from the Spell deck and kept 1; 1 went to the Spell tomb (" },
	};
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"events\": ["
	    "  {\"type\": \"receive\", \"player\": \"alice\", \"received\": 1,"
	    "   \"kept\": 0, \"to_tomb\": 1, \"no_room\": true,"
	    "   \"spells\": [{\"spell\": \"SP_requiem\", \"name\": \"Requiem\", \"count\": 1}]},"
	    "  {\"type\": \"receive\", \"player\": \"erin\", \"received\": 2,"
	    "   \"kept\": 1, \"to_tomb\": 1, \"no_room\": false},"
	    "  {\"type\": \"receive\", \"player\": \"bob\", \"received\": 1,"
	    "   \"kept\": 1, \"no_room\": false}],"
	    " \"view\": {\"phase\": \"order\", \"players\": [{\"name\": \"alice\"},"
	    "  {\"name\": \"bob\"}, {\"name\": \"erin\"}]}}");
	char *subject, *text, *html;
	size_t i;

	(void)state;
	mails_say(gd, ctx, "notice", want, sizeof(want) / sizeof(want[0]), 1);
	render(gd, ctx, "en", "notice", &subject, &text, &html);
	for (i = 0; i < sizeof(not) / sizeof(not[0]); i++)
		if (has(text, not[i][1]))
			fail_msg("the mail says \"%s\":\n%s", not[i][1], text);
	free3(subject, text, html);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The English mails name each Guardian, beside its number: the card set
 * names them in Japanese alone (石像の番兵, 大蛇, ...), and an English
 * reader met "Guardian 3 (power 2)" in every challenge, the Stage request,
 * the table and the rules, never the Dark Knight (found by a player
 * reading the mails). The names are the en templates' words, not the card
 * set's; ja and zh keep their own.
 */
static void
guardians_have_english_names(void **state)
{
	static const char *const fight[][2] = {
		{ "en", "You against Guardian 3, the Dark Knight (power 2); no Mask may be revealed against it." },
		{ "en", "Top Guardian: number 3, the Dark Knight (6 left)\n  Power 2; no Mask may be revealed against it\n" },
		{ "en", "  bob challenges Guardian 2, the Great Serpent (power 2) in the Tower.\n" },
	};
	static const char *const stage[][2] = {
		{ "en", "      Guardian 5, the Two-Headed Wolf, power 3; it turns up 2 Spells, not 1;\n" },
	};
	static const char *const help[][2] = {
		{ "en", "  Guardian 1, the Stone Sentinel, power 1\n" },
		{ "en", "  Guardian 4, the Fire Spirit, power 3\n" },
		{ "en", "  Guardian 6, the Witch, power 4; the challenger's Spells cost 1 more\n" },
		{ "en", "  Guardian 7, the Giant, power 4\n" },
		{ "en", "  Guardian 8, the Dragon, power 5; a loser loses 2 life, not 1\n" },
	};
	json_t *gd = load_gamedata(), *fight_ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"fight\","
	    " \"view\": {\"phase\": \"challenge\", \"guardians_left\": 6,"
	    "  \"recap\": [{\"type\": \"challenge\", \"kind\": \"tower\","
	    "   \"player\": \"bob\", \"guardian\": {\"id\": \"G2\", \"number\": 2,"
	    "   \"power\": 2}}],"
	    "  \"guardian\": {\"id\": \"G3\", \"number\": 3, \"power\": 2},"
	    "  \"challenge\": {\"kind\": \"tower\", \"challenger\": \"alice\","
	    "   \"defender\": null, \"guardian\": {\"id\": \"G3\", \"number\": 3,"
	    "   \"power\": 2}, \"challenger_power\": 4, \"defender_power\": 2},"
	    "  \"players\": [{\"name\": \"alice\", \"hand\": []},"
	    "  {\"name\": \"bob\"}]}}"), *stage_ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"stage\", \"view\": {\"phase\": \"stage\","
	    "  \"guardian\": {\"id\": \"G5\", \"number\": 5, \"power\": 3},"
	    "  \"stages\": [{\"id\": \"ST1\", \"free\": 1, \"rule\": \"tower\"}],"
	    "  \"players\": [{\"name\": \"alice\", \"can_challenge\": true}]}}"),
	    *help_ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"bob\","
	    " \"view\": {\"phase\": \"stage\"}}");

	(void)state;
	mails_say(gd, fight_ctx, "turn", fight, sizeof(fight) / sizeof(fight[0]),
	    0);
	mails_say(gd, stage_ctx, "turn", stage, sizeof(stage) / sizeof(stage[0]),
	    0);
	mails_say(gd, help_ctx, "help", help, sizeof(help) / sizeof(help[0]), 0);
	mails_say(gd, help_ctx, "welcome", help, sizeof(help) / sizeof(help[0]),
	    0);
	json_decref(fight_ctx);
	json_decref(stage_ctx);
	json_decref(help_ctx);
	json_decref(gd);
}

/*
 * A fight request offers REVEAL only when the view says the reader can
 * reveal, and PLAY examples only to a reader with Spells; it says what the
 * Mask gives (+3 power), as the reader's Mask does (it said "for power"),
 * and each side's power now (only the printed powers were told).
 */
static void
a_fight_offers_what_can_be_done(void **state)
{
	static const char *const ctxs[] = {
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"fight\", \"view\": {\"phase\": \"challenge\","
	    "  \"challenge\": {\"kind\": \"tower\", \"challenger\": \"alice\","
	    "   \"defender\": null, \"guardian\": {\"id\": \"G1\", \"number\": 1,"
	    "   \"power\": 1}, \"challenger_power\": 4, \"defender_power\": 1},"
	    "  \"mask_power\": 3, \"players\": [{\"name\": \"alice\","
	    "  \"can_reveal\": true, \"mask\": {\"id\": \"M1\", \"vp\": 3},"
	    "  \"hand\": []}]}}",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"fight\", \"view\": {\"phase\": \"challenge\","
	    "  \"mask_power\": 3, \"players\": [{\"name\": \"alice\","
	    "  \"can_reveal\": false, \"mask\": {\"id\": \"M1\", \"vp\": 3},"
	    "  \"hand\": [{\"spell\": \"SP_march\", \"name\": \"March\","
	    "   \"count\": 1, \"level\": 0, \"cost\": 0}]}],"
	    "  \"plays\": [{\"card\": \"SP_march\", \"pay\": []}]}}",
	};
	static const char *const can[][2] = {
		{ "en", "+3 power in this fight, once a game; the Mask is then discarded" },
		{ "en", "it gives +3 power in that fight" },
		{ "en", "  REVEAL\n  PASS" },
		/* the power of each side now, every modifier counted */
		{ "en", "Power now: you 4, the Guardian 1 (and the level of the Spell it turns up)." },
		{ "ja", "現在のパワー：あなた 4、ガーディアン 1\n（ガーディアンには" },
		{ "zh", "当前力量：你 4，守护者 1（" },
		/* no space between two Chinese words: it read 你 对 守护者 */
		{ "zh", "\n你对 1 号守护者（力量 1）。\n" },
		{ "ja", "1ゲームに1度、この戦いでパワー +3。" },
		{ "zh", "每局一次，这场战斗中力量 +3；" },
	};
	char *subject, *text, *html;
	json_t *gd = load_gamedata(), *ctx;

	(void)state;
	ctx = parse(ctxs[0]);
	mails_say(gd, ctx, "turn", can, sizeof(can) / sizeof(can[0]), 0);
	render(gd, ctx, "en", "turn", &subject, &text, &html);
	if (has(text, "PLAY march"))
		fail_msg("a PLAY is offered with an empty hand:\n%s", text);
	free3(subject, text, html);
	json_decref(ctx);
	ctx = parse(ctxs[1]);
	render(gd, ctx, "en", "turn", &subject, &text, &html);
	if (strstr(text, "REVEAL\n") != NULL || has(text, "reveal your") ||
	    strstr(text, "  PLAY March\n") == NULL || has(text, "Rhapsody"))
		fail_msg("REVEAL is offered though the Mask cannot be revealed, "
		    "or no PLAY though a hand:\n%s", text);
	free3(subject, text, html);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * What an Order does was told in no mail after it was taken (found by a
 * player's review): the chooser's next mail says what their Order does
 * (from turn 2, when Orders have effects; another's choice only names
 * it), and the table of turn 1, whose Orders are dealt and do nothing,
 * says so (the cards say otherwise).
 */
static void
an_orders_effect_is_told(void **state)
{
	static const char *const chosen[][2] = {
		{ "en", "You chose Order 2. Chant 2: draw 1 Spell in the Stage phase." },
		{ "ja", "あなたがオーダー 2 を選びました。「詠唱する２」：ステージ・フェイズにスペルを1枚引く。" },
		{ "zh", "你选择了顺序 2。「" },
		{ "zh", "」：舞台阶段抽 1 张咒语。" },
	};
	static const char *const dealt[][2] = {
		{ "en", "Orders (dealt for turn 1; their effects start on turn 2):" },
		{ "ja", "オーダー（第1ターンは配られたもので、効果は第2ターンから）：" },
		{ "zh", "顺序（第 1 回合的顺序是发的，效果从第 2 回合开始）：" },
	};
	static const char *const ctx_text =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": null, \"events\": [{\"type\": \"order\", \"player\":"
	    "  \"alice\", \"order\": 2, \"order_card\": \"O2\", \"only\": false},"
	    "  {\"type\": \"order\", \"player\": \"bob\", \"order\": 3,"
	    "  \"order_card\": \"O3\", \"only\": false}],"
	    " \"view\": {\"phase\": \"order\", \"turn\": 2, \"to_move\": \"carol\","
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"}]}}";
	char *subject, *text, *html;
	json_t *gd = load_gamedata(), *ctx = parse(ctx_text);

	(void)state;
	mails_say(gd, ctx, "notice", chosen, sizeof(chosen) / sizeof(chosen[0]),
	    1);
	render(gd, ctx, "en", "notice", &subject, &text, &html);
	if (!has(text, "bob chose Order 3.") || has(text, "Defend 3:") ||
	    has(text, "Orders (dealt"))
		fail_msg("another's Order is told as one's own, or turn 2's "
		    "Orders as dealt:\n%s", text);
	free3(subject, text, html);
	json_decref(ctx);
	ctx = parse("{\"kind\": \"masquerade\", \"game\": \"g1\","
	    " \"player\": \"alice\", \"owed\": null, \"view\": {\"phase\":"
	    " \"dancer\", \"turn\": 1, \"to_move\": \"bob\","
	    " \"orders_no_effect\": true, \"orders\": [{\"number\": 1,"
	    " \"id\": \"O1\", \"holder\": \"bob\"}],"
	    " \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"}]}}");
	mails_say(gd, ctx, "turn", dealt, sizeof(dealt) / sizeof(dealt[0]), 1);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The examples are one reply, to be sent as written: a hand of Fugues,
 * whose only example ties the fight, was offered "PLAY Fugue PAY Fugue"
 * and then REVEAL, which would spend the Mask on a fight already tied
 * (found by a player's review). When the view says the examples tie it
 * ("plays_tie"), no REVEAL follows them, in any language, in either part.
 */
static void
no_reveal_follows_a_fugue_example(void **state)
{
	static const char *const ctx_text =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"fight\", \"view\": {\"phase\": \"challenge\","
	    "  \"mask_power\": 3, \"players\": [{\"name\": \"alice\","
	    "  \"can_reveal\": true, \"mask\": {\"id\": \"M1\", \"vp\": 3},"
	    "  \"hand\": [{\"spell\": \"SP_fugue\", \"name\": \"Fugue\","
	    "   \"count\": 2, \"level\": 1, \"cost\": 1}]}],"
	    "  \"plays\": [{\"card\": \"SP_fugue\", \"pay\": [\"SP_fugue\"]}],"
	    "  \"plays_tie\": true}}";
	static const char *const langs[] = { "en", "ja", "zh" };
	char *subject, *text, *html;
	json_t *gd = load_gamedata(), *ctx = parse(ctx_text);
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(langs) / sizeof(langs[0]); i++) {
		render(gd, ctx, langs[i], "turn", &subject, &text, &html);
		if (strstr(text, "PAY ") == NULL || strstr(text, "\n  PASS\n") ==
		    NULL)
			fail_msg("%s: no PLAY or PASS example:\n%s", langs[i], text);
		if (strstr(text, "\n  REVEAL\n") != NULL ||
		    strstr(html, ">  REVEAL<") != NULL)
			fail_msg("%s: REVEAL after a Fugue example:\n%s", langs[i],
			    text);
		free3(subject, text, html);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The table's lists read as lists: a Stage's dancers ("Library (2): alice,
 * bob", they read "alice bob") and the Spell tomb ("1x March, 2x Waltz",
 * they read "1x March 2x Waltz"; ja and zh with 、), and a full Stage names
 * its dancers once ("Arena is full (alice, bob)", not "; alice is there;
 * bob is there").
 */
static void
table_lists_are_separated(void **state)
{
	static const char *const want[][2] = {
		{ "en", "  Arena (2): alice, bob" },
		{ "en", "  Arena is full (alice, bob)" },
		{ "ja", "  闘技場（2）：alice、bob" },
		{ "ja", "  闘技場は満員（alice さん、bob さん）" },
		{ "zh", "  竞技场（2）：alice、bob" },
		{ "zh", "  竞技场已满（alice、bob）" },
	};
	/* the Spell tomb: a kind a line in the text, a list in the HTML */
	static const char *const text_only[][2] = {
		{ "en", "Spell tomb:\n  1x March\n  2x Waltz\n" },
		{ "ja", "スペルの墓場：\n  「行進曲」×1\n  「円舞曲」×2\n" },
		{ "zh", "咒语弃牌区：\n  「进行曲」×1\n  「圆舞曲」×2\n" },
	};
	static const char *const html[][2] = {
		{ "en", "Spell tomb: 1x March, 2x Waltz" },
		{ "ja", "「行進曲」×1、「円舞曲」×2" },
		{ "zh", "「进行曲」×1、「圆舞曲」×2" },
	};
	json_t *gd = load_gamedata(), *ctx;

	(void)state;
	ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"stage\","
	    " \"view\": {\"phase\": \"stage\", \"turn\": 2, \"stages\": ["
	    "  {\"id\": \"ST2\", \"capacity\": 2, \"free\": 0, \"full\": true,"
	    "   \"rule\": \"arena\", \"dancers\": [\"alice\", \"bob\"]}],"
	    "  \"tomb\": [{\"spell\": \"SP_march\", \"name\": \"March\", \"count\": 1,"
	    "   \"level\": 0}, {\"spell\": \"SP_waltz\", \"name\": \"Waltz\","
	    "   \"count\": 2, \"level\": 1}]}}");
	mails_say(gd, ctx, "turn", want, sizeof(want) / sizeof(want[0]), 1);
	mails_say(gd, ctx, "turn", text_only,
	    sizeof(text_only) / sizeof(text_only[0]), 0);
	html_says(gd, ctx, "turn", html, sizeof(html) / sizeof(html[0]));
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The table's count of the Spell deck reads in the singular as well: with one
 * card left and one run-out, the English said "Spell deck: 1 cards; it has
 * run out 1 times".
 */
static void
the_spell_deck_count_reads_at_one(void **state)
{
	static const char *const want[][2] = {
		{ "en", "Spell deck: 1 left; run-outs so far: 1 (the game ends at 5)" },
		{ "ja", "スペルの山札：1枚。尽きた回数 1（5回でゲーム終了）" },
		{ "zh", "咒语牌堆：1 张；已用完 1 次（5 次时游戏结束）" },
	};
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"view\": {\"phase\": \"stage\", \"turn\": 4, \"spell_deck\": 1,"
	    "  \"runouts\": 1, \"runouts_to_end\": 5}}");
	char *subject, *text, *html;

	(void)state;
	mails_say(gd, ctx, "turn", want, sizeof(want) / sizeof(want[0]), 1);
	render(gd, ctx, "en", "turn", &subject, &text, &html);
	assert_null(strstr(text, " 1 cards"));
	assert_null(strstr(text, " 1 times"));
	free3(subject, text, html);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The run-out ending, as the rules put it: the game ends at the end of the
 * turn in which the Spell deck has run out as many times as there are
 * players; the deck is renewed even then, and may run out again before the
 * turn ends. A 5-player game whose deck ran out a 6th time in its last turn
 * was told "the Spell deck ran out 6 times" (ja "スペルの山札が 6 回尽きた",
 * zh "咒语牌堆用完了 6 次") while every board said the game ends at 5
 * (found by players by mail). The end says the count that ended it, and
 * the 6 as what the turn came to; the board says the count is reached.
 */
static void
the_run_out_ending_says_the_count_that_ended_it(void **state)
{
	static const char *const want[][2] = {
		{ "en", "The game ended because the Spell deck ran out once per player, 5 times (6 by the end of that turn)." },
		{ "ja", "ゲームが終わった理由：スペルの山札がプレイヤーの人数分（5回）尽きた（そのターンの終わりまでには計 6回）。" },
		{ "zh", "游戏结束的原因：咒语牌堆用完的次数达到了玩家人数（5 次，到该回合结束时共 6 次）。" },
		{ "en", "run-outs so far: 6 (the game ends at 5: reached)" },
		{ "ja", "尽きた回数 6（5回でゲーム終了：達しました）" },
		{ "zh", "已用完 6 次（5 次时游戏结束：已达到）" },
	};
	static const char *const turn_want[][2] = {
		{ "en", "run-outs so far: 5 (the game ends at 5: reached, so it ends with this turn)" },
		{ "ja", "尽きた回数 5（5回でゲーム終了：達しました。このターンの終わりに終わります）" },
		{ "zh", "已用完 5 次（5 次时游戏结束：已达到，本回合结束时游戏结束）" },
	};
	static const char *const langs[] = { "en", "ja", "zh" };
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"view\": {\"phase\": \"over\", \"turn\": 9, \"end\": \"runouts\","
	    "  \"spell_deck\": 20, \"runouts\": 6, \"runouts_to_end\": 5,"
	    "  \"runouts_reached\": true, \"runouts_past_end\": true,"
	    "  \"winner\": \"alice\", \"players\": [{\"name\": \"alice\"},"
	    "  {\"name\": \"bob\"}]}}"), *ctx2 = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"view\": {\"phase\": \"stage\", \"turn\": 9, \"spell_deck\": 20,"
	    "  \"runouts\": 5, \"runouts_to_end\": 5, \"runouts_reached\": true,"
	    "  \"runouts_past_end\": false}}");
	static const char *const six[] = { "ran out 6 times", "6回尽きた",
	    "用完了 6 次" };
	char *subject, *text, *html;
	size_t i;

	(void)state;
	mails_say(gd, ctx, "end", want, sizeof(want) / sizeof(want[0]), 1);
	for (i = 0; i < 3; i++) {
		render(gd, ctx, langs[i], "end", &subject, &text, &html);
		if (has(text, six[i]) || strstr(html, six[i]) != NULL)
			fail_msg("%s: the end gives 6 as the count:\n%s", langs[i],
			    text);
		free3(subject, text, html);
	}
	mails_say(gd, ctx2, "turn", turn_want,
	    sizeof(turn_want) / sizeof(turn_want[0]), 1);
	json_decref(ctx2);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * Change of Partner's request names the players the prophet may name: it
 * listed SWAP lines with the reader's own name alone, then "Any player's
 * name may stand where yours is", and named none of the others (found by
 * players by mail).
 */
static void
change_of_partner_names_the_players(void **state)
{
	static const char *const want[][2] = {
		{ "en", "\n  alice (you), bob, carol\n" },
		{ "ja", "\n  alice（あなた）、bob、carol\n" },
		{ "zh", "\n  alice（你）、bob、carol\n" },
	};
	static const char *const html[][2] = {
		{ "en", "alice (you), bob, carol" },
		{ "ja", "alice（あなた）、bob、carol" },
		{ "zh", "alice（你）、bob、carol" },
	};
	static const char *const ctx_text =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"swap\", \"view\": {\"phase\": \"event\", \"turn\": 2,"
	    "  \"dancers_aside\": [{\"id\": \"D4\", \"name\": \"Bard\","
	    "   \"power\": 2}],"
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"},"
	    "   {\"name\": \"carol\"}]}}";
	json_t *gd = load_gamedata(), *ctx = parse(ctx_text);

	(void)state;
	mails_say(gd, ctx, "turn", want, sizeof(want) / sizeof(want[0]), 0);
	html_says(gd, ctx, "turn", html, sizeof(html) / sizeof(html[0]));
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The HTML part's lists of choices are tables, a row for each choice with
 * the line to copy in one cell and what it is beside it in the next, so
 * that the second column lines up in any mail client and any language:
 * they were lines of their own, "DANCER 剑舞姬   （力量 3）" over
 * "DANCER 永劫囚徒   （力量 4）", three spaces after a name whatever its
 * width, where the text part pads the names to the widest. So do the
 * welcome's Dancers on offer, the Stages, the dancers one may challenge
 * and Change of Partner's dancers set aside.
 */
static void
html_choices_are_table_rows(void **state)
{
	static const struct {
		const char *lang, *kind, *ctx, *cell1, *cell2;
	} want[] = {
#define DANCERS "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\"," \
	    " \"owed\": \"dancer\", \"view\": {\"phase\": \"dancer\", \"turn\": 1," \
	    "  \"dancers_free\": [{\"id\": \"D1\", \"power\": 3}," \
	    "   {\"id\": \"D6\", \"power\": 4}, {\"id\": \"D4\", \"power\": 2}]," \
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"}]}}"
#define WELCOME "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"bob\"," \
	    " \"owed\": null, \"players\": [], \"view\": {\"phase\": \"dancer\"," \
	    "  \"turn\": 1, \"to_move\": \"alice\"," \
	    "  \"dancers_free\": [{\"id\": \"D1\", \"power\": 3}," \
	    "   {\"id\": \"D6\", \"power\": 4}]," \
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"}]}}"
#define STAGES "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\"," \
	    " \"owed\": \"stage\", \"view\": {\"phase\": \"stage\", \"turn\": 1," \
	    "  \"stages\": [{\"id\": \"ST1\", \"free\": 1, \"rule\": \"tower\"}," \
	    "   {\"id\": \"ST6\", \"free\": 2}]," \
	    "  \"players\": [{\"name\": \"alice\", \"can_challenge\": true}," \
	    "   {\"name\": \"bob\"}]}}"
#define FIGHT "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\"," \
	    " \"owed\": \"challenge\", \"view\": {\"phase\": \"challenge\", \"players\": [" \
	    "  {\"name\": \"alice\", \"challengeable\": false, \"life\": 2}," \
	    "  {\"name\": \"bob\", \"challengeable\": true, \"life\": 1," \
	    "   \"dancer\": {\"id\": \"D4\", \"power\": 2}}," \
	    "  {\"name\": \"carolyn\", \"challengeable\": true, \"life\": 2," \
	    "   \"dancer\": {\"id\": \"D1\", \"power\": 3}}]}}"
#define SWAP "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\"," \
	    " \"owed\": \"swap\", \"view\": {\"phase\": \"event\", \"turn\": 2," \
	    "  \"dancers_aside\": [{\"id\": \"D4\", \"power\": 2}," \
	    "   {\"id\": \"D6\", \"power\": 4}]," \
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"}]}}"
		{ "en", "turn", DANCERS, "DANCER Blade Dancer", "(power 3)" },
		{ "en", "turn", DANCERS, "DANCER Eternal Prisoner", "(power 4)" },
		{ "en", "turn", DANCERS, "DANCER Bard", "(power 2)" },
		{ "ja", "turn", DANCERS, "DANCER 剣の舞姫", "（パワー 3）" },
		{ "ja", "turn", DANCERS, "DANCER 永劫の囚人", "（パワー 4）" },
		{ "ja", "turn", DANCERS, "DANCER 吟遊詩人", "（パワー 2）" },
		{ "zh", "turn", DANCERS, "DANCER 剑舞姬", "（力量 3）" },
		{ "zh", "turn", DANCERS, "DANCER 永劫囚徒", "（力量 4）" },
		{ "zh", "turn", DANCERS, "DANCER 吟游诗人", "（力量 2）" },
		{ "en", "welcome", WELCOME, "Blade Dancer", "(power 3)" },
		{ "en", "welcome", WELCOME, "Eternal Prisoner", "(power 4)" },
		{ "ja", "welcome", WELCOME, "剣の舞姫", "（パワー 3）" },
		{ "ja", "welcome", WELCOME, "永劫の囚人", "（パワー 4）" },
		{ "zh", "welcome", WELCOME, "剑舞姬", "（力量 3）" },
		{ "zh", "welcome", WELCOME, "永劫囚徒", "（力量 4）" },
		{ "en", "turn", STAGES, "STAGE Tower", "(room for 1)" },
		{ "en", "turn", STAGES, "STAGE Grand Hall", "(room for 2)" },
		{ "ja", "turn", STAGES, "STAGE 塔", "（空き 1）" },
		{ "zh", "turn", STAGES, "STAGE 塔", "（空位 1）" },
		{ "en", "turn", FIGHT, "CHALLENGE bob", "(Bard, power 2, life 1)" },
		{ "en", "turn", FIGHT, "CHALLENGE carolyn", "(Blade Dancer, power 3, life 2)" },
		{ "ja", "turn", FIGHT, "CHALLENGE bob", "（吟遊詩人、パワー 2、ライフ 1）" },
		{ "zh", "turn", FIGHT, "CHALLENGE carolyn", "（剑舞姬，力量 3，生命 2）" },
		{ "en", "turn", SWAP, "SWAP alice Bard", "(power 2)" },
		{ "en", "turn", SWAP, "SWAP alice Eternal Prisoner", "(power 4)" },
		{ "ja", "turn", SWAP, "SWAP alice 永劫の囚人", "（パワー 4）" },
		{ "zh", "turn", SWAP, "SWAP alice 吟游诗人", "（力量 2）" },
#undef DANCERS
#undef WELCOME
#undef STAGES
#undef FIGHT
#undef SWAP
	};
	json_t *gd = load_gamedata(), *ctx;
	char *subject, *text, *html;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		ctx = parse(want[i].ctx);
		render(gd, ctx, want[i].lang, want[i].kind, &subject, &text,
		    &html);
		if (html_rows(html, want[i].cell1, want[i].cell2) != 1)
			fail_msg("%s %s: no one row of cells \"%s\", \"%s\":\n%s",
			    want[i].lang, want[i].kind, want[i].cell1,
			    want[i].cell2, html);
		free3(subject, text, html);
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * The reminder names the default the deadline applies to what the reader
 * owes (Change of Partner's too: the prophet's own dancer exchanged for
 * the first set-aside one), and no other: it listed all of them, a dozen,
 * for a reader who owed one.
 */
static void
the_reminder_names_the_default_owed(void **state)
{
	static const char *const want[][2] = {
		{ "en", "your own dancer exchanged for the first set-aside one." },
		{ "ja", "自分のダンサーを最初の脇のダンサーと入れ替える。" },
		{ "zh", "把你自己的舞者换成第一位放在一旁的舞者。" },
	};
	static const char *const owed[][2] = {
		{ "dancer", "the first free Dancer." },
		{ "order", "the lowest Order you may take." },
		{ "stage", "a Stage with no fight or prophecy." },
		{ "spell", "PASS (no Spell)." },
		{ "challenge", "PASS (no challenge)." },
		{ "fight", "PASS (nothing more in the fight)." },
		{ "bank", "PASS (no bank)." },
		{ "duel", "PASS (no duel)." },
		{ "discard", "a discard of your lowest Spells." },
		{ "keep", "the highest Spells that fit." },
		{ "event", "the first Event left." },
		{ "swap", "your own dancer exchanged for the first set-aside one." },
	};
	const size_t n = sizeof(owed) / sizeof(owed[0]);
	json_t *gd = load_gamedata(), *ctx;
	char *subject, *text, *html, json[400];
	struct mq_err err;
	size_t i, k;

	(void)state;
	says("reminder",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"reminder_left\": true, \"left_hours\": 12, \"owed\": \"swap\","
	    " \"view\": {\"phase\": \"event\", \"turn\": 3}}",
	    want, sizeof(want) / sizeof(want[0]), 1);
	for (i = 0; i < n; i++) {
		snprintf(json, sizeof(json), "{\"kind\": \"masquerade\", "
		    "\"game\": \"g1\", \"player\": \"alice\", \"owed\": "
		    "\"%s\", \"view\": {\"phase\": \"stage\", \"turn\": 3}}",
		    owed[i][0]);
		ctx = parse(json);
		assert_int_equal(mq_render_mail("templates", "en", "reminder", gd,
		    ctx, &subject, &text, &html, &err), 0);
		for (k = 0; k < n; k++) {
			int has = strstr(html, owed[k][1]) != NULL;

			if (k == i && !has)
				fail_msg("owing %s, the reminder lacks \"%s\"",
				    owed[i][0], owed[k][1]);
			if (k != i && has && strcmp(owed[k][1], owed[i][1]) != 0)
				fail_msg("owing %s, the reminder names the "
				    "default of %s", owed[i][0], owed[k][0]);
		}
		free(subject);
		free(text);
		free(html);
		json_decref(ctx);
	}
	json_decref(gd);
}

/* The name in lang of the card id, from the card set. */
static const char *
card_named(const json_t *gd, const char *list, const char *id,
    const char *lang)
{
	char key[16];
	const json_t *c;
	size_t i;

	snprintf(key, sizeof(key), "name_%s", lang);
	json_array_foreach(json_object_get(gd, list), i, c)
		if (strcmp(json_string_value(json_object_get(c, "id")), id) == 0)
			return json_string_value(json_object_get(c, key));
	fail_msg("no %s %s in the card set", list, id);
	return NULL;
}

/*
 * A turn mail's context as the daemon makes it (notify.c's base), its view
 * the engine's: three players, the deadline's defaults applied until one
 * owes a Stage; *stage: the id of the Stage its default would take. The
 * tests of the default's sentence read it so, not a view made by hand:
 * one with a phase and a turn alone rendered the sentence apart from the
 * Stages listed above it, and the check (through the wrapping) passed a
 * mail whose real lines read otherwise.
 */
/* Alice, bob and carol's seats in ms_three's game */
static const char *const ms_names[] = { "alice", "bob", "carol" };

/* ms_three GD DATA ST: a Masquerade of alice, bob and carol, its data
 * loaded from GD into *DATA and its state dealt into *ST (the caller frees
 * both); its kind */
static const struct mq_game_kind *
ms_three(const json_t *gd, void **data, void **st)
{
	const struct mq_game_kind *k = mq_game_find("masquerade");
	struct mq_setup s;
	struct mq_err err;
	int i;

	assert_non_null(k);
	memset(&s, 0, sizeof(s));
	s.nplayers = 3;
	for (i = 0; i < s.nplayers; i++)
		s.names[i] = ms_names[i];
	if (k->load_data(gd, data, &err) != 0 ||
	    k->setup(*data, &s, st, &err) != 0)
		fail_msg("%s", err.msg);
	return k;
}

static json_t *
stage_owed_ctx(const char **stage)
{
	struct mq_cmd cmd, named;
	struct mq_err err;
	struct mq_buf b1 = MQ_BUF_INIT, b2 = MQ_BUF_INIT;
	char line[80];
	json_t *gd = load_gamedata(), *ctx;
	void *data = NULL, *st = NULL;
	const struct mq_game_kind *k = ms_three(gd, &data, &st);
	const char *owed = NULL;
	int seat = -1, i, steps;

	for (steps = 0; steps < 100; steps++) {
		for (seat = -1, i = 0; i < 3 && seat < 0; i++)
			if ((owed = k->owes(st, i)) != NULL)
				seat = i;
		assert_true(seat >= 0);
		if (strcmp(owed, "stage") == 0)
			break;
		assert_int_equal(k->default_command(st, seat, &cmd), 1);
		if (k->apply(st, seat, &cmd, &err) != 0)
			fail_msg("%s", err.msg);
	}
	assert_int_equal(strcmp(owed, "stage"), 0);
	ctx = json_pack("{s:s, s:s, s:s, s:s, s:s, s:o}", "kind", "masquerade",
	    "game", "g1", "player", ms_names[seat], "owed", owed,
	    "deadline", "2026-12-03 09:20 UTC", "view", k->view(st, seat));
	assert_non_null(ctx);
	/* the view's Stage is the one the deadline would take */
	*stage = json_string_value(json_object_get(json_object_get(ctx, "view"),
	    "default_stage"));
	assert_non_null(*stage);
	snprintf(line, sizeof(line), "STAGE %s", card_named(gd, "stages",
	    *stage, "en"));
	assert_int_equal(k->default_command(st, seat, &cmd), 1);
	if (k->parse(st, seat, line, &named, &err) != 0 ||
	    k->format(st, &cmd, &b1) != 0 || k->format(st, &named, &b2) != 0)
		fail_msg("%s: %s", line, err.msg);
	assert_string_equal(mq_buf_str(&b1), mq_buf_str(&b2));
	mq_buf_free(&b1);
	mq_buf_free(&b2);
	k->free_state(st);
	k->free_data(data);
	json_decref(gd);
	return ctx;
}

/*
 * The mail that asks a move says what the deadline plays for it (only the
 * reminder did, and a player who acts on the turn mail never read it);
 * not under policy wait, where nothing is played, and not twice in the
 * reminder, which says it in its own words. For a Stage it names the
 * Stage ("STAGE Library": "a Stage with no fight or prophecy" left the
 * player to work out which), on a line of its own under the sentence, as
 * the reminder has it (the text part's wrap broke it in mid-phrase, the
 * rest four spaces in). The text is read as it is, not through the wrap.
 */
static void
the_turn_names_the_default_owed(void **state)
{
	static const char *const lead[][3] = {
		{ "en", "If nothing comes by then, a default is applied for you:\n"
		    "  STAGE ", ".\n" },
		{ "ja", "それまでに返信がなければ、既定の手が適用されます：\n"
		    "  STAGE ", "。\n" },
		{ "zh", "如果到时没有回复，会替你执行默认操作：\n"
		    "  STAGE ", "。\n" },
	};
	static const char *const kinds[] = { "turn", "reminder" };
	json_t *gd = load_gamedata(), *ctx;
	char *subject, *text, *html, want[300];
	const char *p, *stage;
	size_t i, k;
	int n;

	(void)state;
	ctx = stage_owed_ctx(&stage);
	assert_int_equal(json_object_set_new(ctx, "reminder_left", json_true()),
	    0);
	assert_int_equal(json_object_set_new(ctx, "left_hours",
	    json_integer(12)), 0);
	for (k = 0; k < 2; k++)
		for (i = 0; i < sizeof(lead) / sizeof(lead[0]); i++) {
			const char *name = card_named(gd, "stages", stage,
			    lead[i][0]);

			/* the daemon's reminder says it in its own words
			 * (notify.c), not the turn's too */
			if (k == 1)
				assert_int_equal(json_object_set_new(ctx,
				    "reminder_mail", json_true()), 0);
			render(gd, ctx, lead[i][0], kinds[k], &subject, &text,
			    &html);
			snprintf(want, sizeof(want), "%s%s%s", lead[i][1], name,
			    lead[i][2]);
			if (strstr(text, want) == NULL)
				fail_msg("%s %s: the text lacks \"%s\":\n%s",
				    lead[i][0], kinds[k], want, text);
			snprintf(want, sizeof(want), "STAGE %s%s", name,
			    lead[i][2]);
			want[strlen(want) - 1] = '\0';	/* no newline */
			if (!html_has(html, want))
				fail_msg("%s %s: the HTML lacks \"%s\":\n%s",
				    lead[i][0], kinds[k], want, html);
			free3(subject, text, html);
		}
	json_object_del(ctx, "reminder_mail");
	json_object_del(ctx, "reminder_left");
	json_object_del(ctx, "left_hours");
	assert_int_equal(json_object_set_new(ctx, "policy_wait", json_true()),
	    0);
	render(gd, ctx, "en", "turn", &subject, &text, &html);
	if (strstr(text, "a default is applied") != NULL)
		fail_msg("under policy wait, the turn names a default:\n%s", text);
	free3(subject, text, html);
	json_object_del(ctx, "policy_wait");
	assert_int_equal(json_object_set_new(ctx, "reminder_mail", json_true()),
	    0);
	render(gd, ctx, "en", "reminder", &subject, &text, &html);
	for (n = 0, p = text; (p = strstr(p, "a default is applied")) != NULL;
	    p++)
		n++;
	if (n != 1)
		fail_msg("the reminder names the default %d times:\n%s", n, text);
	free3(subject, text, html);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The reminder's subject says how long is left, as The Red Death's does (it
 * gave the deadline's date alone, which the reader had to count from).
 */
static void
the_reminder_subject_says_the_time_left(void **state)
{
	static const char *const want[][2] = {
		{ "en", "[Masquerade g1] Reminder, 1 hour 30 minutes left: Change of Partner" },
		{ "ja", "[仮面舞踏会 g1] リマインダー：残り 1時間30分、" },
		{ "zh", "[假面舞会 g1] 提醒：还剩 1 小时 30 分钟，" },
	};
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"reminder_left\": true, \"left_hours\": 1, \"left_one_hour\": true,"
	    " \"left_minutes\": 30, \"owed\": \"swap\","
	    " \"view\": {\"phase\": \"event\", \"turn\": 3}}");
	char *subject, *text, *html;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		render(gd, ctx, want[i][0], "reminder", &subject, &text, &html);
		if (strstr(subject, want[i][1]) == NULL)
			fail_msg("%s: the reminder's subject \"%s\" lacks \"%s\"",
			    want[i][0], subject, want[i][1]);
		free3(subject, text, html);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The end mail gives each player's score in parts, so that anyone can
 * check it and see why they lost: what the Mask gave (its condition met or
 * not, or nothing since it was revealed in a fight), each Emblem's and
 * Treasure's VP and the VP counters (it gave the total alone). The Mask's
 * part is what the total leaves; when the parts do not add up (dave's 9
 * from nothing), the total alone, as before. Each part is a line of its
 * own, short enough for 78 columns in every language.
 */
static const char end_ctx[] =
    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
    " \"view\": {\"phase\": \"over\", \"turn\": 8, \"end\": \"events\","
    "  \"winner\": \"alice\", \"players\": ["
    "  {\"name\": \"alice\", \"score\": 6, \"counters\": 0,"
    "   \"emblems\": [\"EM1\"], \"treasures\": [\"G3\", \"G7\"],"
    "   \"mask_revealed\": null, \"mask_dealt\": {\"id\": \"M2\","
    "   \"vp\": 3, \"condition\": {\"stat\": \"treasures\", \"gte\": 2}}},"
    "  {\"name\": \"bob\", \"score\": 2, \"counters\": 1, \"emblems\": [],"
    "   \"treasures\": [\"G2\"], \"mask_revealed\": \"M5\","
    "   \"mask_dealt\": {\"id\": \"M5\", \"vp\": 2,"
    "   \"condition\": {\"stat\": \"emblems\", \"gte\": 1}}},"
    "  {\"name\": \"carol\", \"score\": 1, \"counters\": 1, \"emblems\": [],"
    "   \"treasures\": [], \"mask_dealt\": {\"id\": \"M3\", \"vp\": 3,"
    "   \"condition\": {\"stat\": \"events_prophesied\", \"gte\": 2}}},"
    "  {\"name\": \"dave\", \"score\": 9, \"counters\": 0, \"emblems\": [],"
    "   \"treasures\": [], \"mask_dealt\": {\"id\": \"M1\", \"vp\": 3,"
    "   \"condition\": {\"stat\": \"vp_counters\", \"gte\": 3}}}]}}";

static void
the_end_gives_each_score_in_parts(void **state)
{
	static const char *const want[][2] = {
		{ "en", "  alice (you): 6 VP\n"
		    "    3  the Dragon Mask: 3 VP for 2 or more Treasures (met)\n"
		    "    1  Emblem of Valor\n"
		    "    0  Knight's Sword (Treasure)\n"
		    "    2  Golden Crown (Treasure)\n"
		    "  bob: 2 VP\n"
		    "    0  the Butterfly Mask: revealed in a fight, so it scored nothing\n"
		    "    1  Serpent Ring (Treasure)\n"
		    "    1  VP counters (1)\n"
		    "  carol: 1 VP\n"
		    "    0  the Owl Mask: 3 VP for 2 or more Events chosen as the prophet (not met)\n"
		    "    1  VP counters (1)\n"
		    "  dave: 9 VP; Mask: the Lion Mask (3 VP for 3 or more VP counters)\n" },
		{ "ja", "  alice（あなた）：6 VP\n"
		    "    3  「竜の仮面」：トレジャーが2枚以上なら 3 VP（達成）\n"
		    "    1  「勇者の紋章」\n"
		    "    0  トレジャー「騎士の剣」\n"
		    "    2  トレジャー「黄金の冠」\n"
		    "  bob：2 VP\n"
		    "    0  「蝶の仮面」：戦いで公開したので得点なし\n"
		    "    1  トレジャー「蛇の指輪」\n"
		    "    1  VP カウンター 1枚\n"
		    "  carol：1 VP\n"
		    "    0  「梟の仮面」：予言者として選んだイベントが2回以上なら 3 VP（未達成）\n" },
		{ "zh", "  alice（你）：6 VP\n"
		    "    3  「龙面具」：若持有至少 2 个宝物，得 3 VP（已达成）\n"
		    "    1  「勇者纹章」\n"
		    "    0  宝物「骑士之剑」\n"
		    "    2  宝物「黄金王冠」\n"
		    "  bob：2 VP\n"
		    "    0  「蝴蝶面具」：已在战斗中揭示，不计分\n"
		    "    1  宝物「蛇戒」\n"
		    "    1  VP 标记 1 个\n"
		    "  carol：1 VP\n"
		    "    0  「猫头鹰面具」：若作为预言者选择事件至少 2 次，得 3 VP（未达成）\n" },
	};
	static const char *const html[][2] = {
		{ "en", ">    3  the Dragon Mask: 3 VP for 2 or more Treasures (met)</div>" },
		{ "en", ">    2  Golden Crown (Treasure)</div>" },
		{ "en", ">    0  the Butterfly Mask: revealed in a fight, so it scored nothing</div>" },
		{ "en", ">    1  VP counters (1)</div>" },
		{ "ja", ">    3  「竜の仮面」：トレジャーが2枚以上なら 3 VP（達成）</div>" },
		{ "ja", ">    1  VP カウンター 1枚</div>" },
		{ "zh", ">    0  「蝴蝶面具」：已在战斗中揭示，不计分</div>" },
		{ "zh", "面具「狮子面具」（若持有至少 3 个 VP 标记，得 3 VP）</div>" },
		{ "zh", ">    2  宝物「黄金王冠」</div>" },
	};
	static const char *const langs[] = { "en", "ja", "zh" };
	json_t *gd = load_gamedata(), *ctx = parse(end_ctx);
	char *subject, *text, *html_part;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		render(gd, ctx, want[i][0], "end", &subject, &text, &html_part);
		if (strstr(text, want[i][1]) == NULL)
			fail_msg("%s: the scores are not in parts:\n%s", want[i][0],
			    text);
		free3(subject, text, html_part);
	}
	html_says(gd, ctx, "end", html, sizeof(html) / sizeof(html[0]));
	/* dave's parts do not add up: no part is shown */
	for (i = 0; i < 3; i++) {
		render(gd, ctx, langs[i], "end", &subject, &text, &html_part);
		if (strstr(text, "  dave") == NULL ||
		    strstr(strstr(text, "  dave"), "\n    ") ==
		    strchr(strstr(text, "  dave"), '\n'))
			fail_msg("%s: dave's parts are shown:\n%s", langs[i], text);
		free3(subject, text, html_part);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A discard's example is the view's (what a deadline would discard, from
 * the reader's hand), not "DISCARD march march" whatever the hand.
 */
static void
a_discard_example_is_from_the_hand(void **state)
{
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"discard\", \"view\": {\"phase\": \"event\","
	    "  \"pending\": [{\"kind\": \"discard\", \"player\": \"alice\", \"n\": 3,"
	    "   \"example\": [\"SP_waltz\", \"SP_waltz\"]}],"
	    "  \"players\": [{\"name\": \"alice\", \"hand_size\": 5,"
	    "   \"hand\": [{\"spell\": \"SP_waltz\", \"name\": \"Waltz\","
	    "    \"count\": 2, \"level\": 1}, {\"spell\": \"SP_requiem\","
	    "    \"name\": \"Requiem\", \"count\": 3, \"level\": 2}]}]}}");
	static const char *const want[][2] = {
		{ "en", "  DISCARD Waltz Waltz\n" },
		{ "en", "discard down to 3 Spells: reply DISCARD" },
		{ "ja", "  DISCARD 円舞曲 円舞曲\n" },
		{ "zh", "  DISCARD 圆舞曲 圆舞曲\n" },
	};
	char *subject, *text, *html;

	(void)state;
	mails_say(gd, ctx, "turn", want, sizeof(want) / sizeof(want[0]), 0);
	render(gd, ctx, "en", "turn", &subject, &text, &html);
	if (has(text, "march") || strstr(html, "DISCARD Waltz Waltz") == NULL)
		fail_msg("the discard's example is not the view's:\n%s", text);
	free3(subject, text, html);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The waiting mail to a late player (policy wait, deadline_mail: its
 * deadline gone, so the move it owes asks for no "by"): a sentence whose
 * "by DEADLINE" ended a template line ran on into the next one, past 78
 * columns, and was wrapped as a list's line, hung four columns in
 * ("The Dancers are\n    chosen from the highest Order down;" in English,
 * the same in the Japanese Dancer and discard requests). Every text line
 * of its request starts flush, in every language.
 */
static void
the_late_request_is_not_hung(void **state)
{
	static const char *const langs[] = { "en", "ja", "zh" };
	json_t *gd = load_gamedata(), *ctx[2];
	void *data = NULL, *st = NULL;
	const struct mq_game_kind *k = ms_three(gd, &data, &st);
	char *subject, *text, *html, *p, *end;
	size_t i, c;

	(void)state;
	assert_non_null(k->owes(st, 0));
	assert_string_equal(k->owes(st, 0), "dancer");
	ctx[0] = json_pack("{s:s, s:s, s:s, s:s, s:b, s:b, s:b, s:s, s:s, s:o}",
	    "kind", "masquerade", "game", "g1", "player", "alice", "owed",
	    "dancer", "policy_wait", 1, "waiting_mail", 1, "late", 1,
	    "missed_deadline", "2026-12-03 09:20 UTC", "host", "host@x.test",
	    "view", k->view(st, 0));
	ctx[1] = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"discard\", \"policy_wait\": true, \"waiting_mail\": true,"
	    " \"late\": true, \"missed_deadline\": \"2026-12-03 09:20 UTC\","
	    " \"view\": {\"phase\": \"event\","
	    "  \"pending\": [{\"kind\": \"discard\", \"player\": \"alice\", \"n\": 3,"
	    "   \"example\": [\"SP_waltz\", \"SP_waltz\"]}],"
	    "  \"players\": [{\"name\": \"alice\", \"hand_size\": 5,"
	    "   \"hand\": [{\"spell\": \"SP_waltz\", \"name\": \"Waltz\","
	    "    \"count\": 2, \"level\": 1}, {\"spell\": \"SP_requiem\","
	    "    \"name\": \"Requiem\", \"count\": 3, \"level\": 2}]}]}}");
	assert_non_null(ctx[0]);
	for (c = 0; c < 2; c++)
		for (i = 0; i < sizeof(langs) / sizeof(langs[0]); i++) {
			render(gd, ctx[c], langs[i], "waiting", &subject, &text,
			    &html);
			/* the request: from its heading (after the recap's)
			 * to its first list line, two columns in */
			p = strstr(text, "\n-- ");
			p = p ? strstr(p + 1, "\n-- ") : NULL;
			assert_non_null(p);
			for (end = p; (end = strstr(end + 1, "\n  ")) != NULL &&
			    end[3] == ' ';)
				;
			assert_non_null(end);
			for (; p != NULL && p < end; p = strchr(p + 1, '\n'))
				if (strncmp(p, "\n ", 2) == 0)
					fail_msg("%s, %s: a line of the request "
					    "is hung:\n%s", langs[i],
					    c ? "discard" : "dancer", text);
			/* the top's sentences flow as one paragraph: a hard
			 * break in the template left "usual." alone */
			if (strstr(text, "\nusual.") != NULL)
				fail_msg("%s: a word alone on a line:\n%s",
				    langs[i], text);
			free3(subject, text, html);
		}
	json_decref(ctx[0]);
	json_decref(ctx[1]);
	k->free_state(st);
	k->free_data(data);
	json_decref(gd);
}

/*
 * The waiting mail to the other players, in Japanese: the late ones named
 * as every Japanese mail names a player (さん), and what is not played for
 * them said as Japanese says it (it read "aliceの手が届いていません。その手は
 * 何も適用されず": "that move: nothing is applied").
 */
static void
the_others_waiting_mail_reads_in_japanese(void **state)
{
	static const char *const want[][2] = {
		{ "ja", "が過ぎましたが、alice さん、" },
		{ "ja", "carol さんの手が届いていません。" },
		{ "ja", "代わりの手は何も打たれず、ゲームはその返信と、" },
	};

	(void)state;
	says("waiting", "{\"kind\": \"masquerade\", \"game\": \"g1\","
	    " \"player\": \"bob\", \"waiting_mail\": true, \"policy_wait\": true,"
	    " \"missed_deadline\": \"2026-12-03 18:20 JST\", \"host\": \"h@x.test\","
	    " \"waiting_for\": [{\"name\": \"alice\", \"first\": true},"
	    "  {\"name\": \"carol\", \"first\": false}],"
	    " \"view\": {\"phase\": \"dancer\", \"players\": [{\"name\": \"bob\"}]}}",
	    want, sizeof(want) / sizeof(want[0]), 1);
}

/*
 * The Spell phase's example of a Spell that names another player names one
 * who is not the reader: bob read "PLAY requiem ... ON bob", which the game
 * refuses ("Requiem needs another player"). So do the command list's ON and
 * CHALLENGE examples, in the welcome and the help: bob's welcome in the demo
 * offered "CHALLENGE bob" and "ON bob".
 */
static void
an_example_names_another_player(void **state)
{
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"bob\","
	    " \"owed\": \"spell\", \"view\": {\"phase\": \"spell\", \"players\": ["
	    "  {\"name\": \"bob\"}, {\"name\": \"carol\"}],"
	    "  \"plays\": [{\"card\": \"SP_requiem\", \"pay\": [\"SP_march\","
	    "   \"SP_waltz\"], \"on\": \"carol\"}]}}");
	static const char *const want[][2] = {
		{ "en", "  PLAY Requiem PAY March Waltz ON carol" },
		{ "ja", "  PLAY 鎮魂歌 PAY 行進曲 円舞曲 ON carol" },
		{ "zh", "  PLAY 安魂曲 PAY 进行曲 圆舞曲 ON carol" },
	};
	/* the command list (welcome, help): its column kept */
	static const char *const list[][2] = {
		{ "en", "  PLAY requiem PAY march waltz ON carol\n                            ON:" },
		{ "en", "  CHALLENGE carol\n                            from the Arena" },
		{ "ja", "  PLAY 鎮魂歌 PAY 行進曲 円舞曲 ON carol\n                             ON：" },
		{ "ja", "  CHALLENGE carol\n                             闘技場から" },
		{ "zh", "  PLAY 安魂曲 PAY 进行曲 圆舞曲 ON carol\n                              ON：" },
		{ "zh", "  CHALLENGE carol\n                              从竞技场挑战" },
	};
	static const char *const kinds[] = { "turn", "help", "welcome" };
	static const char *const langs[] = { "en", "ja", "zh" };
	char *subject, *text, *html;
	size_t k, l;

	(void)state;
	mails_say(gd, ctx, "turn", want, sizeof(want) / sizeof(want[0]), 1);
	mails_say(gd, ctx, "help", list, sizeof(list) / sizeof(list[0]), 0);
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		for (l = 0; l < sizeof(langs) / sizeof(langs[0]); l++) {
			render(gd, ctx, langs[l], kinds[k], &subject, &text, &html);
			if (strstr(text, "ON bob") != NULL ||
			    strstr(text, "CHALLENGE bob") != NULL ||
			    strstr(html, "ON bob") != NULL ||
			    strstr(html, "CHALLENGE bob") != NULL)
				fail_msg("bob's %s %s names bob:\n%s", langs[l],
				    kinds[k], text);
			free3(subject, text, html);
		}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A reader who owes two decisions (a Thief's steal past the limit: a
 * discard, then the Arena's bank) reads the one owed now: "down to 3", not
 * the numbers of both run together ("down to 31"). And a discard is not
 * said to be for a hand over its limit: Silence asks it of a hand within.
 */
static void
only_the_decision_owed_is_told(void **state)
{
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"discard\", \"view\": {\"phase\": \"challenge\","
	    "  \"pending\": [{\"kind\": \"discard\", \"player\": \"alice\", \"n\": 3},"
	    "   {\"kind\": \"bank\", \"player\": \"alice\", \"n\": 1}]}}");
	static const char *const want[][2] = {
		{ "en", "You must discard down to 3 Spells: reply DISCARD naming each one" },
		{ "ja", "DISCARD で手札を3枚まで減らしてください。" },
		{ "zh", "请用 DISCARD 把手牌弃到 3 张，" },
	};
	char *subject, *text, *html;

	(void)state;
	mails_say(gd, ctx, "turn", want, sizeof(want) / sizeof(want[0]), 1);
	render(gd, ctx, "en", "turn", &subject, &text, &html);
	if (strstr(subject, "discard Spells") == NULL ||
	    has(text, "over its limit"))
		fail_msg("%s\n%s", subject, text);
	free3(subject, text, html);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The Stage request tells a reader whose dancer cannot start a challenge
 * (0 life, Defend 3) that the Tower and the Arena bring them no fight; it
 * said "you must fight the top Guardian" to them as to anyone. It says which
 * of the two it is ("(0 life, or your Order forbids it)" left the reader to
 * work it out).
 */
static void
a_dancer_that_cannot_challenge_is_told(void **state)
{
	static const char *const ctx_text =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"stage\", \"view\": {\"phase\": \"stage\", \"stages\": ["
	    "  {\"id\": \"ST1\", \"capacity\": 1, \"free\": 1, \"full\": false,"
	    "   \"rule\": \"tower\", \"dancers\": []}],"
	    "  \"players\": [{\"name\": \"alice\", \"can_challenge\": %s,"
	    "   \"no_life\": %s}]}}";
	/* the reader at 2 life: their Order (Defend 3) forbids it */
	static const char *const order[][2] = {
		{ "en", "      but you cannot challenge this turn: your Order forbids it" },
		{ "ja", "      ただし、このターンのあなたは挑戦できない（オーダーの効果）" },
		{ "zh", "      但你本回合不能发起挑战（你的顺序禁止）" },
	};
	static const char *const no_life[][2] = {
		{ "en", "      but you cannot challenge this turn: you have 0 life" },
		{ "ja", "      ただし、このターンのあなたは挑戦できない（ライフが0）" },
		{ "zh", "      但你本回合不能发起挑战（你的生命为 0）" },
	};
	json_t *gd = load_gamedata(), *ctx;
	char buf[1024], *subject, *text, *html;

	(void)state;
	snprintf(buf, sizeof(buf), ctx_text, "false", "false");
	ctx = parse(buf);
	mails_say(gd, ctx, "turn", order, sizeof(order) / sizeof(order[0]), 1);
	json_decref(ctx);
	snprintf(buf, sizeof(buf), ctx_text, "false", "true");
	ctx = parse(buf);
	mails_say(gd, ctx, "turn", no_life, sizeof(no_life) / sizeof(no_life[0]),
	    1);
	json_decref(ctx);
	snprintf(buf, sizeof(buf), ctx_text, "true", "false");
	ctx = parse(buf);
	render(gd, ctx, "en", "turn", &subject, &text, &html);
	if (has(text, "cannot challenge"))
		fail_msg("a dancer that can challenge is told it cannot:\n%s", text);
	free3(subject, text, html);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * What an Event does is told: beside each Event the prophet may choose, and
 * for every Event of the card set with the commands (the prophet chose
 * among names only: "EVENT Oracle", "EVENT Silence").
 */
static void
events_say_what_they_do(void **state)
{
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"event\", \"view\": {\"phase\": \"event\","
	    "  \"events_left\": [\"V4\", \"V6\"]}}");
	static const char *const turn[][2] = {
		{ "en", "  EVENT Oracle: the prophet draws 1 Spell, then may bank a Spell as a VP counter" },
		{ "en", "  EVENT Silence: every other player discards down to 3 Spells" },
		{ "ja", "  EVENT 神託：予言者はスペルを1枚引き、その後スペル1枚を VP カウンターにできる" },
		{ "zh", "  EVENT 寂静：除预言者外，每位玩家弃牌到 3 张" },
	};
	static const char *const help[][2] = {
		{ "en", "  Prayer of Healing: every dancer heals 1 life" },
		/* in ja and zh what it does is a line of its own */
		{ "ja", "  天罰：" },
		{ "ja", "VP が最多のプレイヤー（0を除く）はライフを1失う" },
		{ "zh", "  朝圣：预言者生命完全恢复并抽 1 张咒语" },
	};

	(void)state;
	mails_say(gd, ctx, "turn", turn, sizeof(turn) / sizeof(turn[0]), 1);
	mails_say(gd, ctx, "help", help, sizeof(help) / sizeof(help[0]), 1);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The welcome and the help say what each Order does, as they say what each
 * Spell and Event does: only the Order request said it, and only of the
 * Orders open to the reader, so bob, refused a challenge on alice ("alice
 * cannot be challenged now"), could read what Defend 3 does nowhere.
 */
static void
orders_say_what_they_do(void **state)
{
	static const char *const help[][2] = {
		{ "en", "  Lead 1: moves first; no other effect" },
		{ "en", "  Defend 3: you cannot challenge; while you lead in VP, nobody can challenge you" },
		{ "en", "  Wait 5: moves last; draw 2 Spells in the Stage phase" },
		{ "ja", "  防衛する３：" },
		{ "ja", "挑戦できない。VP が最多の間は誰からも挑戦されない" },
		{ "zh", "  防卫 3：不能挑战；你的 VP 最多时，谁也不能挑战你" },
	};
	static const char *const html[][2] = {
		{ "en", "  Rally 4: +1 power in any challenge</div>" },
		{ "ja", "  鼓舞する４：どの挑戦でもパワー +1</div>" },
		{ "zh", "  咏唱 2：舞台阶段抽 1 张咒语</div>" },
	};
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"bob\","
	    " \"view\": {\"phase\": \"stage\"}}");

	(void)state;
	mails_say(gd, ctx, "help", help, sizeof(help) / sizeof(help[0]), 0);
	mails_say(gd, ctx, "welcome", help, sizeof(help) / sizeof(help[0]), 0);
	html_says(gd, ctx, "help", html, sizeof(html) / sizeof(html[0]));
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The table says what wins each Emblem, as a Mask's condition is said: it
 * named the Emblem and its VP only ("[Emblem of Valor, 1 VP: nobody]"). In
 * the text part, an Emblem a line; in the HTML part, a list. The heading
 * says that a tie leaves an Emblem with its holder: alice's 3 Treasures
 * tied erin's, the Emblem of Valor stayed (and scored) with erin, and no
 * mail said why.
 */
static void
emblems_say_what_wins_them(void **state)
{
	static const char *const want[][2] = {
		{ "en", "Emblems (a holder keeps one until another player has more):\n  Emblem of Valor, the most Treasures (1 at least), 1 VP: nobody\n  Emblem of the Gladiator, the most wins against dancers (2 at least), 1 VP: bob\n" },
		{ "ja", "エンブレム（持ち主より多くなった人が奪う。同数なら持ち主のまま）：\n  勇者の紋章（トレジャーが最多、1枚以上）・1 VP：なし\n" },
		{ "zh", "纹章（超过持有者的人才能夺走，持平时仍归持有者）：\n  勇者纹章（宝物最多，至少 1 个），1 VP：无人\n" },
	};
	/* in the HTML, a list */
	static const char *const html[][2] = {
		{ "en", "Emblems (a holder keeps one until another player has more): [Emblem of Valor, the most Treasures (1 at least), 1 VP: nobody] [Emblem of the Gladiator, the most wins against dancers (2 at least), 1 VP: bob]" },
		{ "ja", "エンブレム（持ち主より多くなった人が奪う。同数なら持ち主のまま）：［勇者の紋章（トレジャーが最多、1枚以上）・1 VP：なし］" },
		{ "zh", "纹章（超过持有者的人才能夺走，持平时仍归持有者）：［勇者纹章（宝物最多，至少 1 个），1 VP：无人］" },
	};
	json_t *gd = load_gamedata(), *ctx;

	(void)state;
	ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"view\": {\"phase\": \"stage\", \"emblems\": ["
	    "  {\"id\": \"EM1\", \"vp\": 1, \"holder\": null},"
	    "  {\"id\": \"EM2\", \"vp\": 1, \"holder\": \"bob\"}]}}");
	mails_say(gd, ctx, "turn", want, sizeof(want) / sizeof(want[0]), 0);
	html_says(gd, ctx, "turn", html, sizeof(html) / sizeof(html[0]));
	json_decref(ctx);
	json_decref(gd);
}

/*
 * An Emblem's line too long for 78 columns wrapped between "1 VP:" and its
 * holder ("... (2 at least), 1 VP:" then "nobody" alone on the next line):
 * the VP and the holder are kept with their label, on one line.
 */
static void
an_emblem_keeps_its_holder_beside_its_vp(void **state)
{
	static const char *const html[][2] = {
		{ "en", "[Emblem of the Saint, the most Events chosen as the prophet (2 at least), 1 VP: nobody]" },
	};
	json_t *gd = load_gamedata(), *ctx;
	char *subject, *text, *htm;

	(void)state;
	ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"view\": {\"phase\": \"stage\", \"emblems\": ["
	    "  {\"id\": \"EM2\", \"vp\": 1, \"holder\": null},"
	    "  {\"id\": \"EM3\", \"vp\": 1, \"holder\": null}]}}");
	html_says(gd, ctx, "turn", html, sizeof(html) / sizeof(html[0]));
	/* the line (its wrap's own, raw: has() flattens the breaks) */
	render(gd, ctx, "en", "turn", &subject, &text, &htm);
	if (strstr(text, "Emblem of the Saint") == NULL ||
	    strstr(text, " 1 VP: nobody\n") == NULL ||
	    strstr(text, "VP:\n") != NULL || strstr(text, " 1\n") != NULL ||
	    strstr(text, "\xc2\xa0") != NULL)
		fail_msg("an Emblem's VP and holder are apart:\n%s", text);
	free3(subject, text, htm);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The same through a whole mail: the receipt quotes the refused line.
 */
static void
a_receipt_quotes_a_refused_line_that_is_a_card_id(void **state)
{
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"refused\": [{\"line\": 1, \"text\": \"D1\", \"error\": \"No.\"}],"
	    " \"view\": {\"phase\": \"stage\"}}");
	char *subject, *text, *html;

	(void)state;
	render(gd, ctx, "en", "receipt", &subject, &text, &html);
	if (!has(text, "NOT accepted, line 1: D1"))
		fail_msg("the receipt does not quote the line:\n%s", text);
	free3(subject, text, html);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * by_me, is_me and to_me mark the reader's entries: the root, whose
 * "player" is the reader, is none (a template inside an entry without a
 * "player", such as a turn's start, would find the root's).
 */
static void
the_root_is_not_an_entry_of_the_reader(void **state)
{
	json_t *gd = load_gamedata(), *d, *ctx = parse(
	    "{\"kind\": \"masquerade\", \"player\": \"alice\","
	    " \"events\": [{\"type\": \"turn\", \"turn\": 2},"
	    "   {\"type\": \"order\", \"player\": \"alice\", \"order\": 3}],"
	    " \"view\": {\"phase\": \"order\", \"players\": [{\"name\": \"bob\"},"
	    "   {\"name\": \"alice\", \"hand\": [{\"spell\": \"SP_march\","
	    "   \"name\": \"March\", \"count\": 2}]}]}}");
	const json_t *ev;

	(void)state;
	d = mq_render_decorate(gd, "en", ctx);
	assert_non_null(d);
	assert_null(json_object_get(d, "by_me"));
	assert_null(json_object_get(d, "is_me"));
	ev = json_object_get(d, "events");
	assert_null(json_object_get(json_array_get(ev, 0), "by_me"));
	assert_true(json_is_true(json_object_get(json_array_get(ev, 1), "by_me")));
	/* me is alice's own entry, with her hand */
	assert_string_equal(str(json_object_get(d, "me"), "name"), "alice");
	assert_true(json_is_true(json_object_get(json_object_get(d, "me"),
	    "is_me")));
	assert_string_equal(str(json_object_get(json_array_get(json_object_get(
	    json_object_get(d, "me"), "hand"), 0), "spell"), "id"), "SP_march");
	json_decref(d);
	json_decref(ctx);
	json_decref(gd);
}

/* Odd contexts decorate (nothing is made of what is missing) and render. */
static void
odd_contexts_still_decorate(void **state)
{
	static const char *const ctxs[] = {
		"{\"kind\": \"masquerade\"}",
		"{\"kind\": \"masquerade\", \"player\": \"alice\", \"view\": 3}",
		"{\"kind\": \"masquerade\", \"player\": \"alice\", \"view\": {}}",
		"{\"kind\": \"masquerade\", \"player\": \"alice\","
		" \"view\": {\"players\": [1, null, \"alice\", {\"name\": 2}]}}",
		"{\"kind\": \"masquerade\", \"player\": 7, \"owed\": 3,"
		" \"view\": {\"phase\": [], \"players\": {}}}",
	};
	static const char *const kinds[] = {
		"welcome", "turn", "receipt", "reminder", "admin", "end", "help",
		"waiting",
	};
	json_t *gd = load_gamedata(), *ctx, *d;
	char *subject, *text, *html;
	struct mq_err err;
	size_t i, k;

	(void)state;
	for (i = 0; i < sizeof(ctxs) / sizeof(ctxs[0]); i++) {
		ctx = parse(ctxs[i]);
		d = mq_render_decorate(gd, "en", ctx);
		if (d == NULL)
			fail_msg("no decoration of %s", ctxs[i]);
		assert_null(json_object_get(d, "me"));
		json_decref(d);
		for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
			if (mq_render_mail("templates", "ja", kinds[k], gd, ctx,
			    &subject, &text, &html, &err) != 0)
				fail_msg("%s of %s: %s", kinds[k], ctxs[i], err.msg);
			free(subject);
			free(text);
			free(html);
		}
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * A language is a word of up to 64 characters (render.c's safe_word): its
 * folder, LANG or LANG/masquerade, is never cut short into another's name
 * (before, a 64-character language lost its last character, in either game).
 */
static void
a_language_folder_is_never_cut_short(void **state)
{
	static const char *const kinds[] = { "redmasque", "masquerade" };
	json_t *gd = load_gamedata(), *ctx;
	char lang[65], want[128], *subject, *text, *html;
	struct mq_err err;
	size_t i;

	(void)state;
	memset(lang, 'q', 64);
	lang[64] = '\0';
	for (i = 0; i < 2; i++) {
		ctx = json_pack("{s:s}", "kind", kinds[i]);
		assert_non_null(ctx);
		assert_int_not_equal(mq_render_mail("templates", lang, "turn", gd,
		    ctx, &subject, &text, &html, &err), 0);
		snprintf(want, sizeof(want), "templates/%s%s/turn.", lang,
		    i ? "/masquerade" : "");
		if (strstr(err.msg, want) == NULL)
			fail_msg("not the folder %s: %s", want, err.msg);
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * In Japanese the reader is あなた in what happened, not "alice さん": the
 * mail called its own reader by name with an honorific ("alice さんがスペル
 * を1枚引きました" to alice), which no one says of themself. Another is
 * still "bob さん", and one who targets the reader targets あなた.
 */
static void
the_reader_is_anata_in_japanese(void **state)
{
	static const char *const want[][2] = {
		{ "ja", "  あなたがスペルを1枚引きました：「行進曲」。\n" },
		{ "ja", "  bob さんが闘技場からあなたに挑戦しました。\n" },
		{ "ja", "  予言者のあなたがイベント「神託」を選びました。\n" },
		{ "ja", "  あなたが bob さんからスペルを1枚奪いました。\n" },
		{ "ja", "  パワー：bob さん 3、あなた 5。あなたの勝ち。\n" },
		{ "ja", "  bob さんが「円舞曲」を使いました。\n    コスト：「前奏曲」×1\n" },
		/* an Emblem taken from the reader: from あなた, as en and zh
		 * say "from you" (it said "alice さんから" to alice) */
		{ "ja", "を獲得しました（あなたから）。\n" },
	};

	(void)state;
	says("turn",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"view\": {\"phase\": \"challenge\", \"turn\": 2, \"recap\": ["
	    "  {\"type\": \"draw\", \"player\": \"alice\", \"spell\": \"SP_march\"},"
	    "  {\"type\": \"challenge\", \"kind\": \"arena\", \"player\": \"bob\","
	    "   \"target\": \"alice\"},"
	    "  {\"type\": \"play\", \"player\": \"bob\", \"spell\": \"SP_waltz\","
	    "   \"paid\": [{\"spell\": \"SP_prelude\", \"name\": \"Prelude\", \"count\": 1}]},"
	    "  {\"type\": \"result\", \"player\": \"bob\", \"power\": 3,"
	    "   \"target\": \"alice\", \"target_power\": 5, \"outcome\": \"lose\"},"
	    "  {\"type\": \"steal\", \"player\": \"alice\", \"target\": \"bob\"},"
	    "  {\"type\": \"event\", \"player\": \"alice\", \"event\": \"V4\"},"
	    "  {\"type\": \"emblem\", \"player\": \"bob\", \"emblem\": \"EM1\","
	    "   \"from\": \"alice\"}],"
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"}]}}",
	    want, sizeof(want) / sizeof(want[0]), 0);
}

/*
 * The English and Chinese mails call their reader "you" (你) in what
 * happened, as the Japanese ones say あなた: they named the reader in the
 * third person ("alice sent their dancer" to alice). The events' by_me
 * and to_me flags choose it, and from_me for an Emblem taken from the
 * reader, winner_me for the game's winner.
 */
static void
the_reader_is_you_in_english_and_chinese(void **state)
{
	static const char *const want[][2] = {
		{ "en", "  You sent your dancer to the Arena.\n" },
		{ "en", "  You drew a Spell: March.\n" },
		{ "en", "  bob challenges you from the Arena.\n" },
		{ "en", "  bob played Waltz on you (paid 1x Prelude).\n" },
		{ "en", "  Power: bob 3, you 5. You win.\n" },
		{ "en", "  You stole a Spell from bob.\n" },
		{ "en", "  bob exchanged your dancer, the Bard, for the Thief (power 3; steals a random Spell from the dancer it beats in the Arena; hand limit 5).\n" },
		{ "en", "  bob took the Emblem of Valor from you.\n" },
		{ "en", "  As the prophet, you chose the Event Oracle.\n" },
		{ "en", "  You could not draw: your hand is at its limit.\n" },
		{ "en", "  Your dancer in the Tower does not challenge: it has no life left.\n" },
		{ "en", "  You score 6 VP; your Mask was the Dragon Mask (3 VP from it).\n" },
		{ "en", "  You win with 6 VP.\n" },
		{ "zh", "  你的舞者去了「竞技场」。\n" },
		{ "zh", "  你抽了 1 张咒语：「进行曲」。\n" },
		{ "zh", "  bob 从竞技场向你发起挑战。\n" },
		{ "zh", "  bob 使用了「圆舞曲」（目标：你）。\n    代价：「前奏曲」×1\n" },
		{ "zh", "  力量：bob 3，你 5。你获胜。\n" },
		{ "zh", "  你从 bob 那里偷走了 1 张咒语。\n" },
		{ "zh", "  bob 把你的舞者「吟游诗人」换成了「盗贼」。\n    新舞者：力量 3；手牌上限 5。\n    能力：在竞技场获胜时，从对手那里随机偷 1 张咒语。\n" },
		{ "zh", "  bob 获得了「勇者纹章」（从你手中）。\n" },
		{ "zh", "  你作为预言者选择了事件「神谕」。\n" },
		{ "zh", "  你没能抽牌：手牌已达上限。\n" },
		{ "zh", "  你在塔中的舞者不挑战：生命为 0。\n" },
		{ "zh", "  你：6 VP；面具是「龙面具」（面具得分 3）。\n" },
		{ "zh", "  你以 6 VP 获胜。\n" },
		/* another player stays named */
		{ "en", "  carol sent their dancer to the Tower.\n" },
		{ "zh", "  carol 的舞者去了「塔」。\n" },
	};

	(void)state;
	says("turn",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"view\": {\"phase\": \"challenge\", \"turn\": 2, \"recap\": ["
	    "  {\"type\": \"stage\", \"player\": \"alice\", \"stage\": \"ST2\"},"
	    "  {\"type\": \"stage\", \"player\": \"carol\", \"stage\": \"ST1\"},"
	    "  {\"type\": \"draw\", \"player\": \"alice\", \"spell\": \"SP_march\"},"
	    "  {\"type\": \"challenge\", \"kind\": \"arena\", \"player\": \"bob\","
	    "   \"target\": \"alice\"},"
	    "  {\"type\": \"play\", \"player\": \"bob\", \"spell\": \"SP_waltz\","
	    "   \"target\": \"alice\","
	    "   \"paid\": [{\"spell\": \"SP_prelude\", \"name\": \"Prelude\", \"count\": 1}]},"
	    "  {\"type\": \"result\", \"player\": \"bob\", \"power\": 3,"
	    "   \"target\": \"alice\", \"target_power\": 5, \"outcome\": \"lose\","
	    "   \"winner\": \"alice\"},"
	    "  {\"type\": \"steal\", \"player\": \"alice\", \"target\": \"bob\"},"
	    "  {\"type\": \"swap\", \"player\": \"bob\", \"target\": \"alice\","
	    "   \"from\": {\"id\": \"D4\", \"name\": \"Bard\", \"power\": 2},"
	    "   \"to\": {\"id\": \"D5\", \"name\": \"Thief\", \"power\": 3},"
	    "   \"hand_limit\": 5},"
	    "  {\"type\": \"emblem\", \"player\": \"bob\", \"emblem\": \"EM1\","
	    "   \"from\": \"alice\"},"
	    "  {\"type\": \"event\", \"player\": \"alice\", \"event\": \"V4\"},"
	    "  {\"type\": \"draw_none\", \"player\": \"alice\", \"why\": \"hand_full\"},"
	    "  {\"type\": \"no_challenge\", \"player\": \"alice\", \"why\": \"no_life\"},"
	    "  {\"type\": \"score\", \"player\": \"alice\", \"score\": 6,"
	    "   \"mask_vp\": 3, \"mask\": {\"id\": \"M2\", \"vp\": 3}},"
	    "  {\"type\": \"winner\", \"player\": \"alice\", \"score\": 6}],"
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"}]}}",
	    want, sizeof(want) / sizeof(want[0]), 0);
}


/*
 * A life lost from 0 (Divine Judgement on a dancer at 0) is said as none
 * lost, and a renewal of one card in the singular (found by players by
 * mail: the Event's story was silent; "the tomb's 1 Spells were").
 */
static void
no_life_lost_and_one_spell_said_so(void **state)
{
	static const char ctx[] =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"events\": ["
	    "  {\"type\": \"life\", \"player\": \"bob\", \"from\": 0, \"to\": 0},"
	    "  {\"type\": \"life\", \"player\": \"carol\", \"from\": 2, \"to\": 1},"
	    "  {\"type\": \"renew\", \"cards\": 1, \"runouts\": 3}],"
	    " \"view\": {\"phase\": \"stage\", \"players\": [{\"name\": \"alice\"},"
	    "  {\"name\": \"bob\"}, {\"name\": \"carol\"}]}}";
	static const char *const want[][2] = {
		{ "en", "bob had no life left to lose." },
		{ "en", "carol lost life: 2 -> 1." },
		{ "en", "the tomb's one Spell was shuffled into a new deck." },
		{ "ja", "bob さんには失うライフが残っていませんでした。" },
		{ "zh", "bob 已没有生命可失去。" },
	};

	(void)state;
	says("notice", ctx, want, sizeof(want) / sizeof(want[0]), 0);
}

/*
 * The mails say why (a player's review of a whole game): whom Divine
 * Judgement struck, the VP leaders, and their VP ("You lost life: 2 -> 1"
 * said not why); a new dancer's power, ability and hand limit after a
 * Change of Partner (only its name was told); a dancer at 0 life in a
 * fight, whose printed power counts 0 ("bob 0" said not why). In the
 * text and the HTML alike.
 */
static void
mails_say_why(void **state)
{
	static const char ctx[] =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"events\": ["
	    "  {\"type\": \"event\", \"player\": \"carol\", \"event\": \"V5\","
	    "   \"on_leaders\": true, \"leaders\": [\"alice\", \"bob\"],"
	    "   \"leader_vp\": 3},"
	    "  {\"type\": \"event\", \"player\": \"bob\", \"event\": \"V5\","
	    "   \"on_leaders\": true, \"leaders\": [], \"leader_vp\": 0},"
	    "  {\"type\": \"swap\", \"player\": \"carol\", \"target\": \"alice\","
	    "   \"from\": {\"id\": \"D6\", \"name\": \"x\", \"power\": 4},"
	    "   \"to\": {\"id\": \"D4\", \"name\": \"x\", \"power\": 2},"
	    "   \"hand_limit\": 6},"
	    "  {\"type\": \"swap\", \"player\": \"carol\", \"target\": \"bob\","
	    "   \"from\": {\"id\": \"D4\", \"name\": \"x\", \"power\": 2},"
	    "   \"to\": {\"id\": \"D1\", \"name\": \"x\", \"power\": 3},"
	    "   \"hand_limit\": 5},"
	    "  {\"type\": \"result\", \"player\": \"carol\", \"power\": 3,"
	    "   \"target\": \"bob\", \"target_power\": 0, \"outcome\": \"win\","
	    "   \"winner\": \"carol\", \"target_life_zero\": true},"
	    "  {\"type\": \"result\", \"player\": \"bob\", \"power\": 1,"
	    "   \"target\": \"carol\", \"target_power\": 3, \"outcome\": \"lose\","
	    "   \"winner\": \"carol\", \"life_zero\": true}],"
	    " \"view\": {\"phase\": \"stage\", \"players\": [{\"name\": \"alice\"},"
	    "  {\"name\": \"bob\"}, {\"name\": \"carol\"}]}}";
	static const char *const want[][2] = {
		{ "en", "Divine Judgement. It falls on the VP leaders: you, bob (3 VP)." },
		{ "en", "Nobody leads in VP (all have 0), so it falls on nobody." },
		{ "en", "for the Bard (power 2; draws 1 Spell in each Stage phase; hand limit 6)." },
		{ "en", "(power 3; +1 power in a challenge it starts; hand limit 5)." },
		{ "en", "Power: carol 3, bob 0 (life 0: printed power counts 0). carol wins." },
		{ "en", "Power: bob 1 (life 0: printed power counts 0), carol 3." },
		{ "ja", "を選びました。対象は VP トップ：あなた、bob さん（3 VP）。" },
		{ "ja", "VP トップはいません（全員 0 VP）：対象なし。" },
		{ "ja", "（パワー 2、手札上限 6）と交代させました。" },
		{ "ja", "能力：ステージ・フェイズごとにスペルを1枚引く。" },
		{ "ja", "パワー：carol さん 3、bob さん 0（ライフ 0）。" },
		{ "ja", "ライフ 0 のダンサーは、元のパワーを0として数えます。" },
		{ "zh", "它落在 VP 领先者身上：你、bob（3 VP）。" },
		{ "zh", "没有 VP 领先者（大家都是 0 VP），它不落在任何人身上。" },
		{ "zh", "新舞者：力量 2；手牌上限 6。" },
		{ "zh", "能力：每个舞台阶段抽 1 张咒语。" },
		{ "zh", "力量：carol 3，bob 0（生命 0）。" },
		{ "zh", "生命为 0 的舞者，牌面力量按 0 计算。" },
	};

	(void)state;
	says("notice", ctx, want, sizeof(want) / sizeof(want[0]), 1);
}

/*
 * A late renewal (the deck, empty since run-out 4 with the tomb empty too,
 * made again from the tomb when a Spell was next needed) is no new run-out:
 * the mails said "The Spell deck ran out (run-out 4)" of it a second time,
 * after the run-out 4 that left it empty (found by players by mail).
 */
static void
a_late_renewal_is_no_new_run_out(void **state)
{
	static const char ctx[] =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"events\": ["
	    "  {\"type\": \"run_out\", \"runouts\": 4},"
	    "  {\"type\": \"renew\", \"cards\": 6, \"runouts\": 4,"
	    "   \"late\": true}],"
	    " \"view\": {\"phase\": \"stage\", \"players\": [{\"name\": \"alice\"},"
	    "  {\"name\": \"bob\"}]}}";
	static const char *const want[][2] = {
		{ "en", "The empty Spell deck was made again: the tomb's 6 Spells" },
		{ "ja", "空だったスペルの山札を、墓場の6枚を切り直して作り直しました" },
		{ "zh", "空着的咒语牌堆重新做好了：弃牌区的 6 张咒语洗成了新的牌堆" },
	};
	static const char *const langs[] = { "en", "ja", "zh" };
	static const char *const twice[] = { "(run-out 4)", "（4回目）",
	    "（第 4 次）" };
	json_t *gd = load_gamedata(), *ctx_j = parse(ctx);
	char *subject, *text, *html, *at;
	size_t i;

	(void)state;
	mails_say(gd, ctx_j, "notice", want, sizeof(want) / sizeof(want[0]), 1);
	for (i = 0; i < 3; i++) {
		render(gd, ctx_j, langs[i], "notice", &subject, &text, &html);
		at = strstr(text, twice[i]);
		if (at == NULL || strstr(at + 1, twice[i]) != NULL)
			fail_msg("%s: run-out 4 is not told once:\n%s", langs[i],
			    text);
		free3(subject, text, html);
	}
	json_decref(ctx_j);
	json_decref(gd);
}

/*
 * Consecutive draws of one player are told once, with the count ("kenji
 * drew 3 Spells."), and a "could not draw" said again of the same player
 * once: the lists repeated each line ("kenji drew a Spell." three times;
 * found by players by mail). The reader's own draws keep the Spells' names,
 * which only the owner's events hold; a draw of another player, or one
 * after another event, is a line of its own.
 */
static const char repeated_draws[] =
    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
    " \"events\": ["
    "  {\"type\": \"draw\", \"player\": \"kenji\"},"
    "  {\"type\": \"draw\", \"player\": \"kenji\"},"
    "  {\"type\": \"draw\", \"player\": \"kenji\"},"
    "  {\"type\": \"draw_none\", \"player\": \"kenji\","
    "   \"why\": \"hand_full\"},"
    "  {\"type\": \"draw_none\", \"player\": \"kenji\","
    "   \"why\": \"hand_full\"},"
    "  {\"type\": \"draw_none\", \"player\": \"kenji\","
    "   \"why\": \"hand_full\"},"
    "  {\"type\": \"draw\", \"player\": \"alice\", \"spell\": \"SP_march\"},"
    "  {\"type\": \"draw\", \"player\": \"alice\", \"spell\": \"SP_waltz\"},"
    "  {\"type\": \"draw\", \"player\": \"bob\"},"
    "  {\"type\": \"heal\", \"player\": \"bob\", \"from\": 1, \"to\": 2},"
    "  {\"type\": \"draw\", \"player\": \"bob\"}],"
    " \"view\": {\"phase\": \"stage\", \"players\": [{\"name\": \"alice\"},"
    "  {\"name\": \"bob\"}, {\"name\": \"kenji\"}]}}";

static int
times(const char *text, const char *phrase)
{
	const char *p = text;
	int n = 0;

	while ((p = strstr(p, phrase)) != NULL) {
		n++;
		p += strlen(phrase);
	}
	return n;
}

static void
repeated_draws_are_told_once(void **state)
{
	static const char *const want[][2] = {
		{ "en", "kenji drew 3 Spells." },
		{ "en", "You drew 2 Spells: March, Waltz." },
		{ "en", "bob drew a Spell." },
		{ "ja", "kenji さんがスペルを3枚引きました。" },
		{ "ja", "あなたがスペルを2枚引きました：「行進曲」、「円舞曲」。" },
		{ "zh", "kenji 抽了 3 张咒语。" },
		{ "zh", "你抽了 2 张咒语：「进行曲」、「圆舞曲」。" },
	};
	static const char *const once[][3] = {
		{ "en", "kenji could not draw: their hand is at its limit.",
		  "kenji drew" },
		{ "ja", "kenji さんはスペルを引けませんでした", "kenji さんがスペル" },
		{ "zh", "kenji 没能抽牌", "kenji 抽了" },
	};
	json_t *gd = load_gamedata(), *ctx = parse(repeated_draws);
	char *subject, *text, *html;
	size_t i;

	(void)state;
	mails_say(gd, ctx, "notice", want, sizeof(want) / sizeof(want[0]), 1);
	for (i = 0; i < sizeof(once) / sizeof(once[0]); i++) {
		render(gd, ctx, once[i][0], "notice", &subject, &text, &html);
		if (times(text, once[i][1]) != 1 || times(text, once[i][2]) != 1)
			fail_msg("%s: not once each: \"%s\", \"%s\":\n%s",
			    once[i][0], once[i][1], once[i][2], text);
		/* bob's two draws, a heal between them: two lines */
		if (strcmp(once[i][0], "en") == 0 &&
		    times(text, "bob drew a Spell.") != 2)
			fail_msg("bob's draws apart are not two lines:\n%s", text);
		free3(subject, text, html);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A Stage-phase draw or heal names the card that made it ("source"): the
 * mails said "carol sent their dancer to the Arena. carol drew a Spell.",
 * and the Arena draws none (her Order, Chant 2, did), and "dave drew 2
 * Spells. dave could not draw: their hand is at its limit." of Wait 5 and
 * the Library (found by a player reading the mails). Draws of two cards
 * are two lines; of one card, one.
 */
static const char sourced_draws[] =
    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
    " \"events\": ["
    "  {\"type\": \"stage\", \"player\": \"carol\", \"stage\": \"ST2\"},"
    "  {\"type\": \"draw\", \"player\": \"carol\","
    "   \"source\": {\"kind\": \"order\", \"card\": \"O2\"}},"
    "  {\"type\": \"draw\", \"player\": \"dave\","
    "   \"source\": {\"kind\": \"order\", \"card\": \"O5\"}},"
    "  {\"type\": \"draw\", \"player\": \"dave\","
    "   \"source\": {\"kind\": \"order\", \"card\": \"O5\"}},"
    "  {\"type\": \"draw_none\", \"player\": \"dave\", \"why\": \"hand_full\","
    "   \"source\": {\"kind\": \"stage\", \"card\": \"ST4\"}},"
    "  {\"type\": \"draw\", \"player\": \"alice\", \"spell\": \"SP_march\","
    "   \"source\": {\"kind\": \"dancer\", \"card\": \"D4\"}},"
    "  {\"type\": \"draw\", \"player\": \"alice\", \"spell\": \"SP_waltz\","
    "   \"source\": {\"kind\": \"treasure\", \"card\": \"G4\"}},"
    "  {\"type\": \"heal\", \"player\": \"erin\", \"from\": 1, \"to\": 2,"
    "   \"source\": {\"kind\": \"treasure\", \"card\": \"G5\"}},"
    "  {\"type\": \"draw\", \"player\": \"erin\"}],"
    " \"view\": {\"phase\": \"stage\", \"players\": [{\"name\": \"alice\"},"
    "  {\"name\": \"carol\"}, {\"name\": \"dave\"}, {\"name\": \"erin\"}]}}";

static void
stage_draws_name_their_card(void **state)
{
	static const char *const want[][2] = {
		{ "en", "carol drew a Spell (their Order, Chant 2)." },
		{ "en", "dave drew 2 Spells (their Order, Wait 5)." },
		{ "en", "dave could not draw (the Library): their hand is at" },
		{ "en", "You drew a Spell (your Dancer, the Bard): March." },
		{ "en", "You drew a Spell (your Treasure, Flame Staff): Waltz." },
		{ "en", "erin healed (their Treasure, Moon Necklace): life 1" },
		/* a draw of no card's Stage-phase effect names none */
		{ "en", "erin drew a Spell." },
		{ "ja", "「詠唱する２」の効果で、carol さんがスペルを1枚引きました。" },
		{ "ja", "「図書館」の効果で、dave さんはスペルを引けませんでした" },
		{ "zh", "因「咏唱 2」的效果，carol 抽了 1 张咒语。" },
		{ "zh", "因「月亮项链」的效果，erin 恢复了生命" },
	};
	json_t *gd = load_gamedata(), *ctx = parse(sourced_draws);
	char *subject, *text, *html;

	(void)state;
	mails_say(gd, ctx, "notice", want, sizeof(want) / sizeof(want[0]), 1);
	/* alice's two draws, by two cards: two lines */
	render(gd, ctx, "en", "notice", &subject, &text, &html);
	if (times(text, "You drew a Spell (") != 2 || times(text, "dave drew") != 1)
		fail_msg("draws by two cards are not two lines, or by one not "
		    "one:\n%s", text);
	free3(subject, text, html);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A won fight's draw and an Event's draw or heal name their source too:
 * the mails said "carol drew a Spell." after her win, and "erin drew a
 * Spell." of Oracle, and "erin healed: life 0 -> 2" of Pilgrimage, with
 * no word of why (only the Stage phase's said). A win's draw that Symphony
 * added to names it too.
 */
static const char win_event_draws[] =
    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
    " \"events\": ["
    "  {\"type\": \"draw\", \"player\": \"carol\","
    "   \"source\": {\"kind\": \"win\"}},"
    "  {\"type\": \"draw\", \"player\": \"alice\", \"spell\": \"SP_march\","
    "   \"source\": {\"kind\": \"win\"}},"
    "  {\"type\": \"draw\", \"player\": \"alice\", \"spell\": \"SP_waltz\","
    "   \"source\": {\"kind\": \"win\"}},"
    "  {\"type\": \"draw_none\", \"player\": \"dave\", \"why\": \"hand_full\","
    "   \"source\": {\"kind\": \"win\"}},"
    "  {\"type\": \"draw\", \"player\": \"bob\","
    "   \"source\": {\"kind\": \"win\", \"card\": \"SP_symphony\"}},"
    "  {\"type\": \"draw\", \"player\": \"bob\","
    "   \"source\": {\"kind\": \"win\", \"card\": \"SP_symphony\"}},"
    "  {\"type\": \"draw\", \"player\": \"erin\","
    "   \"source\": {\"kind\": \"event\", \"card\": \"V4\"}},"
    "  {\"type\": \"heal\", \"player\": \"bob\", \"from\": 0, \"to\": 2,"
    "   \"source\": {\"kind\": \"event\", \"card\": \"V8\"}}],"
    " \"view\": {\"phase\": \"challenge\", \"players\": [{\"name\": \"alice\"},"
    "  {\"name\": \"bob\"}, {\"name\": \"carol\"}, {\"name\": \"dave\"},"
    "  {\"name\": \"erin\"}]}}";

static void
win_and_event_draws_name_their_source(void **state)
{
	static const char *const want[][2] = {
		{ "en", "carol drew a Spell (for winning the fight)." },
		{ "en", "You drew 2 Spells (for winning the fight): March, Waltz." },
		{ "en", "dave could not draw (for winning the fight): their hand" },
		{ "en", "bob drew 2 Spells (for winning the fight, with Symphony)." },
		{ "en", "erin drew a Spell (the Event Oracle)." },
		{ "en", "bob healed (the Event Pilgrimage): life 0" },
		{ "ja", "戦いに勝ったので、carol さんがスペルを1枚引きました。" },
		{ "ja", "戦いに勝ったので（「交響曲」の効果を含む）、" },
		{ "ja", "bob さんがスペルを2枚引きました。" },
		{ "ja", "「神託」の効果で、erin さんがスペルを1枚引きました。" },
		{ "zh", "因赢得战斗，carol 抽了 1 张咒语。" },
		{ "zh", "因赢得战斗及「交响曲」的效果，bob 抽了 2 张咒语。" },
		{ "zh", "因「朝圣」的效果，bob 恢复了生命" },
	};

	(void)state;
	says("notice", win_event_draws, want, sizeof(want) / sizeof(want[0]), 1);
}

/*
 * The HTML's lists of events ("WHAT HAPPENED", "SINCE YOUR LAST MOVE")
 * are lists: each <li> inside a <ul> (they were <li>s with none, which a
 * mail reader shows as it likes, or not as items at all). A Spell phase's
 * PASS is told, to its player with why when the game passed them.
 */
static const char events_as_list[] =
    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
    " \"events\": ["
    "  {\"type\": \"order\", \"player\": \"kenji\", \"order\": 3},"
    "  {\"type\": \"pass\", \"player\": \"kenji\", \"none_playable\": false},"
    "  {\"type\": \"pass\", \"player\": \"alice\", \"none_playable\": true}],"
    " \"view\": {\"phase\": \"challenge\", \"players\": [{\"name\": \"alice\"},"
    "  {\"name\": \"kenji\"}], \"recap\": ["
    "  {\"type\": \"order\", \"player\": \"kenji\", \"order\": 3}]}}";

/* Every <li> of html is inside a <ul> or <ol>, and each list is closed. */
static void
lists_are_whole(const char *lang, const char *html)
{
	const char *p = html;
	int depth = 0, items = 0;

	for (p = strchr(p, '<'); p != NULL; p = strchr(p + 1, '<')) {
		if (strncmp(p, "<ul", 3) == 0 || strncmp(p, "<ol", 3) == 0)
			depth++;
		else if (strncmp(p, "</ul>", 5) == 0 || strncmp(p, "</ol>", 5) == 0)
			depth--;
		else if (strncmp(p, "<li", 3) == 0) {
			items++;
			if (depth <= 0)
				fail_msg("%s: an <li> in no list: %.60s\n%s", lang, p,
				    html);
		}
		if (depth < 0)
			fail_msg("%s: a list closed twice:\n%s", lang, html);
	}
	if (depth != 0)
		fail_msg("%s: a list left open:\n%s", lang, html);
	if (items == 0)
		fail_msg("%s: no item, not the events nor the recap:\n%s", lang,
		    html);
}

/* lists_are_whole on the HTML of ctx's LANG KIND mail. */
static void
mail_lists_are_whole(const json_t *gd, const json_t *ctx, const char *lang,
    const char *kind)
{
	char *subject, *text, *html;

	render(gd, ctx, lang, kind, &subject, &text, &html);
	lists_are_whole(lang, html);
	free3(subject, text, html);
}

static void
events_are_html_lists(void **state)
{
	static const char *const langs[] = { "en", "ja", "zh" };
	static const char *const want[][2] = {
		{ "en", "kenji passed: no more Spells this Spell phase." },
		{ "en", "You passed: no more Spells this Spell phase (you held none you could play)." },
		{ "ja", "kenji さんはパスしました：このスペル・フェイズにはもうスペルを使いません。" },
		{ "ja", "（使えるスペルがありませんでした）" },
		/* "选择了过" (chose to pass) told a player with nothing to
		 * play, passed by the game, that they chose it: 过牌 */
		{ "zh", "kenji 过牌：本咒语阶段不再使用咒语。" },
		{ "zh", "你过牌：本咒语阶段不再使用咒语（你没有可以使用的咒语）。" },
		{ "zh", "（你没有可以使用的咒语）" },
	};
	json_t *gd = load_gamedata(), *ctx = parse(events_as_list);
	size_t i;

	(void)state;
	mails_say(gd, ctx, "notice", want, sizeof(want) / sizeof(want[0]), 1);
	for (i = 0; i < sizeof(langs) / sizeof(langs[0]); i++) {
		mail_lists_are_whole(gd, ctx, langs[i], "notice");
		mail_lists_are_whole(gd, ctx, langs[i], "turn");
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A tie is said as one: the winner and the others on the winner's VP, and
 * what broke it (the mail said "kenji wins with 4 VP." to sam, also on 4;
 * found by players by mail). Said to a player tied, to the winner, and
 * to one not tied.
 */
static void
a_tie_is_said_as_one(void **state)
{
	static const char ctx_fmt[] =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"%s\","
	    " \"view\": {\"phase\": \"over\", \"turn\": 8, \"end\": \"events\","
	    "  \"winner\": \"alice\", \"winner_score\": 4, \"tied\": [\"bob\"],"
	    "  \"players\": [{\"name\": \"alice\", \"score\": 4},"
	    "  {\"name\": \"bob\", \"score\": 4}, {\"name\": \"carol\","
	    "  \"score\": 1}]}}";
	static const char *const to_bob[][2] = {
		{ "en", "THE GAME IS OVER. alice wins: tied with you at 4 VP, on "
		    "the lowest last Order." },
		{ "ja", "ゲーム終了。alice さんの勝ちです（あなた と4 VP で同点で、"
		    "最後のオーダーが最も小さいため）。" },
		{ "zh", "游戏结束。alice 获胜（与 你 同为 4 VP，按最后的顺序号最小者"
		    "获胜）。" },
	};
	static const char *const to_alice[][2] = {
		{ "en", "You win: tied with bob at 4 VP, on your lower last Order." },
		{ "ja", "あなたの勝ちです（bob と4 VP で同点で、最後のオーダーが小さい"
		    "ため）。" },
		{ "zh", "你获胜（与 bob 同为 4 VP，你最后的顺序号较小）。" },
	};
	static const char *const to_carol[][2] = {
		{ "en", "alice wins: tied with bob at 4 VP, on the lowest last "
		    "Order." },
	};
	char ctx[1024];

	(void)state;
	snprintf(ctx, sizeof(ctx), ctx_fmt, "bob");
	says("end", ctx, to_bob, sizeof(to_bob) / sizeof(to_bob[0]), 1);
	snprintf(ctx, sizeof(ctx), ctx_fmt, "alice");
	says("end", ctx, to_alice, sizeof(to_alice) / sizeof(to_alice[0]), 1);
	snprintf(ctx, sizeof(ctx), ctx_fmt, "carol");
	says("end", ctx, to_carol, sizeof(to_carol) / sizeof(to_carol[0]), 1);
}

/*
 * The end mail says "You win." (あなたの勝ちです, 你获胜) to the winner, and
 * the Dancers chosen so far mark the reader's, as the table does.
 */
static void
the_end_and_the_dancers_chosen_name_the_reader(void **state)
{
	static const char *const chosen[][2] = {
		{ "en", "  alice (you): not chosen yet" },
		{ "en", "  bob: not chosen yet" },
		{ "ja", "  alice（あなた）：未選択" },
		{ "zh", "  alice（你）：尚未选择" },
	};
	static const char *const won[][2] = {
		{ "en", "THE GAME IS OVER. You win.\n" },
		{ "ja", "ゲーム終了。あなたの勝ちです。\n" },
		{ "zh", "游戏结束。你获胜。\n" },
	};

	(void)state;
	says("end", end_ctx, won, sizeof(won) / sizeof(won[0]), 0);
	says("turn",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"dancer\", \"view\": {\"phase\": \"dancer\", \"turn\": 1,"
	    "  \"dancers_free\": [], \"players\": [{\"name\": \"alice\"},"
	    "   {\"name\": \"bob\"}]}}",
	    chosen, sizeof(chosen) / sizeof(chosen[0]), 1);
}

/*
 * A fight names the reader "you" (あなた, 你) in the request and on the
 * table, as challenger or defender, and when it is theirs to act: the
 * challenge has no "player", so the Japanese header said 'alice さん 対
 * bob さん' to alice. deco_ms gives it by_me, to_me and window_me; a
 * name on the table has its さん too, as everywhere else in Japanese. In
 * Chinese no space parts 你 from 对 ("你 对 守护者" read as three words),
 * as none parts two Chinese words; a name keeps its space ("你对 bob").
 */
static void
a_fight_names_the_reader_you(void **state)
{
	static const char *const want[][2] = {
		{ "en", "\nYou against bob.\nPower now: you 4, bob 5.\n" },
		{ "en", "A fight is on: you against bob; you are to act.\n" },
		{ "ja", "\nあなた 対 bob さん。\n現在のパワー：あなた 4、bob さん 5。\n" },
		{ "ja", "戦いの最中：あなた 対 bob さん。あなたの番。\n" },
		{ "zh", "\n你对 bob。\n当前力量：你 4，bob 5。\n" },
		{ "zh", "正在战斗：你对 bob；轮到你。\n" },
	};
	static const char *const defending[][2] = {
		{ "en", "\nbob against you.\nPower now: bob 5, you 4.\n" },
		{ "en", "A fight is on: bob against you; you are to act.\n" },
		{ "ja", "\nbob さん 対 あなた。\n現在のパワー：bob さん 5、あなた 4。\n" },
		{ "ja", "戦いの最中：bob さん 対 あなた。あなたの番。\n" },
		{ "zh", "\nbob 对你。\n当前力量：bob 5，你 4。\n" },
	};

	(void)state;
	says("turn",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"fight\", \"view\": {\"phase\": \"challenge\", \"turn\": 2,"
	    "  \"challenge\": {\"kind\": \"arena\", \"challenger\": \"alice\","
	    "   \"defender\": \"bob\", \"window\": \"alice\","
	    "   \"challenger_power\": 4, \"defender_power\": 5},"
	    "  \"players\": [{\"name\": \"alice\", \"hand\": []},"
	    "   {\"name\": \"bob\"}]}}",
	    want, sizeof(want) / sizeof(want[0]), 0);
	says("turn",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"fight\", \"view\": {\"phase\": \"challenge\", \"turn\": 2,"
	    "  \"challenge\": {\"kind\": \"arena\", \"challenger\": \"bob\","
	    "   \"defender\": \"alice\", \"window\": \"alice\","
	    "   \"challenger_power\": 5, \"defender_power\": 4},"
	    "  \"players\": [{\"name\": \"alice\", \"hand\": []},"
	    "   {\"name\": \"bob\"}]}}",
	    defending, sizeof(defending) / sizeof(defending[0]), 0);
}

/*
 * A fight's power is given in its parts: a review found "Power now: you 5"
 * without why (the dancer's printed power, a Spell, a Treasure, the
 * Order, the Mask, the other side's Spells against it).
 */
static void
a_fight_power_is_given_in_parts(void **state)
{
	static const char *const want[][2] = {
		{ "en", "Power now: you 10 (Blade Dancer 3, ability +1, Knight" },
		{ "en", "Sword +1, Order 4 +1, March +1, Mask +3), bob 2 (Eternal"
		    " Prisoner 0 at life 0, Lullaby -2)." },
		{ "ja", "現在のパワー：あなた 10（剣の舞姫 3、能力 +1、" },
		{ "ja", "bob さん 2（ライフ 0 の永劫の囚人 0、子守唄 -2）。" },
		{ "zh", "当前力量：你 10（剑舞姬 3，能力 +1，骑士之剑 +1，" },
		{ "zh", "bob 2（生命为 0 的永劫囚徒 0，摇篮曲 -2）。" },
	};
	static const char *const guardian[][2] = {
		{ "en", "Power now: you 4, the Guardian 3"
		    " (printed 5, Lullaby -2), plus the level of the Spell it"
		    " turns up." },
		{ "ja", "ガーディアン 3（基本 5、子守唄 -2）。ガーディアンには、"
		    "山札からめくるスペルのレベルが加わります。" },
		{ "zh", "守护者 3（基础 5，摇篮曲 -2），再加上翻开的咒语的等级。" },
	};

	(void)state;
	says("turn",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"fight\", \"view\": {\"phase\": \"challenge\", \"turn\": 2,"
	    "  \"challenge\": {\"kind\": \"arena\", \"challenger\": \"alice\","
	    "   \"defender\": \"bob\", \"window\": \"alice\","
	    "   \"challenger_power\": 10, \"defender_power\": 2,"
	    "   \"challenger_parts\": ["
	    "    {\"id\": \"D1\", \"kind\": \"dancer\", \"n\": 3, \"plus\": false,"
	    "     \"life_zero\": false},"
	    "    {\"id\": \"D1\", \"kind\": \"ability\", \"n\": 1, \"plus\": true,"
	    "     \"life_zero\": false},"
	    "    {\"id\": \"G3\", \"kind\": \"treasure\", \"n\": 1, \"plus\": true,"
	    "     \"life_zero\": false},"
	    "    {\"id\": \"O4\", \"number\": 4, \"kind\": \"order\", \"n\": 1,"
	    "     \"plus\": true, \"life_zero\": false},"
	    "    {\"id\": \"SP_march\", \"kind\": \"spell\", \"n\": 1, \"plus\": true,"
	    "     \"life_zero\": false},"
	    "    {\"kind\": \"mask\", \"n\": 3, \"plus\": true, \"life_zero\": false}],"
	    "   \"defender_parts\": ["
	    "    {\"id\": \"D6\", \"kind\": \"dancer\", \"n\": 0, \"plus\": false,"
	    "     \"life_zero\": true},"
	    "    {\"id\": \"SP_lullaby\", \"kind\": \"opp_spell\", \"n\": -2,"
	    "     \"plus\": false, \"life_zero\": false}]},"
	    "  \"players\": [{\"name\": \"alice\", \"hand\": []},"
	    "   {\"name\": \"bob\"}]}}",
	    want, sizeof(want) / sizeof(want[0]), 1);
	says("turn",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"fight\", \"view\": {\"phase\": \"challenge\", \"turn\": 2,"
	    "  \"challenge\": {\"kind\": \"tower\", \"challenger\": \"alice\","
	    "   \"defender\": null, \"window\": \"alice\","
	    "   \"guardian\": {\"id\": \"G3\", \"number\": 3, \"power\": 5},"
	    "   \"challenger_power\": 4, \"defender_power\": 3,"
	    "   \"challenger_parts\": ["
	    "    {\"id\": \"D6\", \"kind\": \"dancer\", \"n\": 4, \"plus\": false,"
	    "     \"life_zero\": false}],"
	    "   \"defender_parts\": ["
	    "    {\"kind\": \"guardian\", \"n\": 5, \"plus\": false,"
	    "     \"life_zero\": false},"
	    "    {\"id\": \"SP_lullaby\", \"kind\": \"opp_spell\", \"n\": -2,"
	    "     \"plus\": false, \"life_zero\": false}]},"
	    "  \"players\": [{\"name\": \"alice\", \"hand\": []},"
	    "   {\"name\": \"bob\"}]}}",
	    guardian, sizeof(guardian) / sizeof(guardian[0]), 1);
}

/* A result's events (a notice): alice beat bob, at 0 life, in the Arena;
 * carol lost to the Guardian, which turned up a Rhapsody. */
static const char result_parts_ctx[] =
    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
    " \"owed\": null, \"view\": {\"phase\": \"challenge\", \"turn\": 2,"
    "  \"to_move\": \"carol\", \"players\": [{\"name\": \"alice\"},"
    "   {\"name\": \"bob\"}, {\"name\": \"carol\"}]},"
    " \"events\": [{\"type\": \"result\", \"player\": \"alice\","
    "  \"target\": \"bob\", \"power\": 10, \"target_power\": 0,"
    "  \"outcome\": \"win\", \"winner\": \"alice\", \"target_life_zero\": true,"
    "  \"parts\": ["
    "   {\"id\": \"D1\", \"kind\": \"dancer\", \"n\": 3, \"plus\": false,"
    "    \"life_zero\": false},"
    "   {\"id\": \"D1\", \"kind\": \"ability\", \"n\": 1, \"plus\": true,"
    "    \"life_zero\": false},"
    "   {\"id\": \"G3\", \"kind\": \"treasure\", \"n\": 1, \"plus\": true,"
    "    \"life_zero\": false},"
    "   {\"id\": \"O4\", \"number\": 4, \"kind\": \"order\", \"n\": 1,"
    "    \"plus\": true, \"life_zero\": false},"
    "   {\"id\": \"SP_march\", \"kind\": \"spell\", \"n\": 1, \"plus\": true,"
    "    \"life_zero\": false},"
    "   {\"kind\": \"mask\", \"n\": 3, \"plus\": true, \"life_zero\": false}],"
    "  \"target_parts\": ["
    "   {\"id\": \"D6\", \"kind\": \"dancer\", \"n\": 0, \"plus\": false,"
    "    \"life_zero\": true},"
    "   {\"id\": \"SP_lullaby\", \"kind\": \"opp_spell\", \"n\": -2,"
    "    \"plus\": false, \"life_zero\": false}]},"
    "  {\"type\": \"result\", \"player\": \"carol\", \"power\": 4,"
    "  \"target_power\": 5, \"outcome\": \"lose\", \"winner\": null,"
    "  \"parts\": ["
    "   {\"id\": \"D6\", \"kind\": \"dancer\", \"n\": 4, \"plus\": false,"
    "    \"life_zero\": false}],"
    "  \"target_parts\": ["
    "   {\"kind\": \"guardian\", \"n\": 2, \"plus\": false,"
    "    \"life_zero\": false},"
    "   {\"id\": \"SP_rhapsody\", \"kind\": \"flip\", \"n\": 3, \"plus\": true,"
    "    \"life_zero\": false}]}]}";

/* A Guardian's level-0 Spell turned up, signed as the view gives it
 * (plus: "+0"; "turned up March 0" read as no modifier), in every
 * language. */
static void
a_zero_part_is_signed(void **state)
{
	static const char *const want[][2] = {
		{ "en", "the Guardian 2 (printed 2, turned up March +0)" },
		{ "ja", "ガーディアンの内訳：基本 2、めくった行進曲 +0。" },
		{ "zh", "守护者的力量构成：基础 2，翻开的进行曲 +0。" },
	};

	(void)state;
	says("notice",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": null, \"view\": {\"phase\": \"challenge\", \"turn\": 2,"
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"carol\"}]},"
	    " \"events\": [{\"type\": \"result\", \"player\": \"carol\","
	    "  \"power\": 4, \"target_power\": 2, \"outcome\": \"win\","
	    "  \"winner\": \"carol\", \"parts\": ["
	    "   {\"id\": \"D6\", \"kind\": \"dancer\", \"n\": 4, \"plus\": false,"
	    "    \"life_zero\": false}],"
	    "  \"target_parts\": ["
	    "   {\"kind\": \"guardian\", \"n\": 2, \"plus\": false,"
	    "    \"life_zero\": false},"
	    "   {\"id\": \"SP_march\", \"kind\": \"flip\", \"n\": 0, \"plus\": true,"
	    "    \"life_zero\": false}]}]}",
	    want, sizeof(want) / sizeof(want[0]), 1);
}

/*
 * A fight's result gives each side's power in its parts, as the fight
 * mail's "Power now" did: "Power: carol 3, bob 0. carol wins." told a
 * player who lost nothing of why. The Guardian's include the Spell it
 * turned up. Text and HTML.
 */
static void
a_fight_result_gives_power_in_parts(void **state)
{
	static const char *const want[][2] = {
		{ "en", "Power: you 10 (Blade Dancer 3, ability +1, Knight" },
		{ "en", "Sword +1, Order 4 +1, March +1, Mask +3), bob 0 (Eternal"
		    " Prisoner 0 at life 0, Lullaby -2). You win." },
		{ "en", "Power: carol 4, the Guardian 5 (printed 2, turned up"
		    " Rhapsody +3). The Guardian wins and stays on top." },
		{ "ja", "あなたの内訳：剣の舞姫 3、能力 +1、騎士の剣 +1、ORDER 4 +1、"
		    "行進曲 +1、マスク +3。" },
		{ "ja", "bob さんの内訳：ライフ 0 の永劫の囚人 0、子守唄 -2。" },
		{ "ja", "ガーディアンの内訳：基本 2、めくった狂詩曲 +3。" },
		{ "zh", "你的力量构成：剑舞姬 3，能力 +1，骑士之剑 +1，ORDER 4 +1，"
		    "进行曲 +1，面具 +3。" },
		{ "zh", "bob 的力量构成：生命为 0 的永劫囚徒 0，摇篮曲 -2。" },
		{ "zh", "守护者的力量构成：基础 2，翻开的狂想曲 +3。" },
	};

	(void)state;
	says("notice", result_parts_ctx, want, sizeof(want) / sizeof(want[0]),
	    1);
}

/*
 * A side whose power is one part, the power itself, is not given it again:
 * "the Guardian 2 (printed 2)", "you 4 (Eternal Prisoner 4)" said the
 * number twice. A dancer at 0 life keeps its one part, which says why.
 */
static void
a_single_part_is_not_repeated(void **state)
{
	static const char *const now[][2] = {
		{ "en", "Power now: you 4, the Guardian 2 (and the level of the"
		    " Spell it turns up)." },
		{ "ja", "現在のパワー：あなた 4、ガーディアン 2 （ガーディアンには" },
		{ "zh", "当前力量：你 4，守护者 2（再加上翻开的咒语的等级）。" },
	};
	static const char *const said[][2] = {
		{ "en", "Power: carol 4, the Guardian 5 (" },
		{ "ja", "パワー：carol さん 4、ガーディアン 5。" },
		{ "zh", "力量：carol 4，守护者 5。" },
	};
	static const char *const not_said[] = {
		"(Eternal Prisoner 4)", "(printed 2)", "carol さんの内訳",
		"（基本 2）", "carol 的力量构成", "（基础 2）",
	};
	static const char *const langs[] = { "en", "ja", "zh" };
	json_t *gd = load_gamedata(), *ctx;
	char *subject, *text, *html;
	struct mq_err err;
	size_t l, i;

	(void)state;
	ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"fight\", \"view\": {\"phase\": \"challenge\", \"turn\": 2,"
	    "  \"challenge\": {\"kind\": \"tower\", \"challenger\": \"alice\","
	    "   \"defender\": null, \"window\": \"alice\","
	    "   \"guardian\": {\"id\": \"G1\", \"number\": 1, \"power\": 2},"
	    "   \"challenger_power\": 4, \"defender_power\": 2,"
	    "   \"challenger_parts\": ["
	    "    {\"id\": \"D6\", \"kind\": \"dancer\", \"n\": 4, \"plus\": false,"
	    "     \"life_zero\": false}],"
	    "   \"defender_parts\": ["
	    "    {\"kind\": \"guardian\", \"n\": 2, \"plus\": false,"
	    "     \"life_zero\": false}]},"
	    "  \"players\": [{\"name\": \"alice\", \"hand\": []},"
	    "   {\"name\": \"bob\"}]}}");
	mails_say(gd, ctx, "turn", now, sizeof(now) / sizeof(now[0]), 1);
	json_decref(ctx);
	ctx = parse(result_parts_ctx);
	mails_say(gd, ctx, "notice", said, sizeof(said) / sizeof(said[0]), 1);
	for (l = 0; l < 3; l++) {
		assert_int_equal(mq_render_mail("templates", langs[l], "notice",
		    gd, ctx, &subject, &text, &html, &err), 0);
		for (i = 0; i < sizeof(not_said) / sizeof(not_said[0]); i++)
			if (has(text, not_said[i]) || html_has(html, not_said[i]))
				fail_msg("%s: the mail repeats \"%s\":\n%s", langs[l],
				    not_said[i], text);
		free3(subject, text, html);
	}
	json_decref(ctx);
	json_decref(gd);
}

/* Whether s has a bracket inside another: "（…（…）…）", "(…(…)…)". */
static int
nests_brackets(const char *s)
{
	int depth = 0;

	for (; *s; s++) {
		if (*s == '\n')
			depth = 0;
		if (*s == '(' || strncmp(s, "（", strlen("（")) == 0) {
			if (++depth > 1)
				return 1;
		} else if ((*s == ')' || strncmp(s, "）", strlen("）")) == 0) &&
		    depth > 0)
			depth--;
	}
	return 0;
}

/*
 * A dancer at 0 life in a side's parts nested brackets in Japanese and
 * Chinese ("bob さん 2（永劫の囚人 0（ライフ 0）、子守唄 -2）"): no
 * bracket is inside another, in "Power now" or in a result, text or HTML.
 */
static void
zero_life_parts_do_not_nest_brackets(void **state)
{
	static const char *const langs[] = { "en", "ja", "zh" };
	static const char fight[] =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"fight\", \"view\": {\"phase\": \"challenge\", \"turn\": 2,"
	    "  \"challenge\": {\"kind\": \"arena\", \"challenger\": \"alice\","
	    "   \"defender\": \"bob\", \"window\": \"alice\","
	    "   \"challenger_power\": 3, \"defender_power\": 0,"
	    "   \"challenger_parts\": ["
	    "    {\"id\": \"D1\", \"kind\": \"dancer\", \"n\": 3, \"plus\": false,"
	    "     \"life_zero\": false}],"
	    "   \"defender_parts\": ["
	    "    {\"id\": \"D6\", \"kind\": \"dancer\", \"n\": 0, \"plus\": false,"
	    "     \"life_zero\": true},"
	    "    {\"id\": \"SP_lullaby\", \"kind\": \"opp_spell\", \"n\": -2,"
	    "     \"plus\": false, \"life_zero\": false}]},"
	    "  \"players\": [{\"name\": \"alice\", \"hand\": []},"
	    "   {\"name\": \"bob\"}]}}";
	const char *ctxs[2][2] = { { "turn", fight },
	    { "notice", result_parts_ctx } };
	json_t *gd = load_gamedata(), *ctx;
	char *subject, *text, *html;
	struct mq_err err;
	size_t l, c;

	(void)state;
	for (c = 0; c < 2; c++) {
		ctx = parse(ctxs[c][1]);
		for (l = 0; l < 3; l++) {
			assert_int_equal(mq_render_mail("templates", langs[l],
			    ctxs[c][0], gd, ctx, &subject, &text, &html, &err), 0);
			if (strstr(text, "0") == NULL || nests_brackets(text) ||
			    nests_brackets(html))
				fail_msg("%s %s: a bracket inside another:\n%s",
				    langs[l], ctxs[c][0], text);
			free3(subject, text, html);
		}
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * After a Fugue the fight is a tie whatever comes: mei's fight mail still
 * weighed "kenji 4, you 3" and offered REVEAL, and the result said only
 * "A tie" as if the powers had been equal. The request says the Fugue
 * decided it, and so does the result (in a notice of what happened).
 */
static void
a_fugue_tie_is_said(void **state)
{
	static const char *const fight[][2] = {
		{ "en", "Fugue ended this fight in a tie: nothing played or revealed now\n"
		    "changes that, and nobody wins or loses.\n" },
		{ "ja", "遁走曲により、この戦いは引き分けに決まりました。\n" },
		{ "zh", "赋格曲已让这场战斗成为平局：\n" },
	};
	static const char *const result[][2] = {
		{ "en", "Power: bob 4, you 3. A tie, by Fugue: nobody wins or loses.\n" },
		{ "ja", "遁走曲により引き分け：勝ち負けなし。" },
		{ "zh", "赋格曲使战斗成为平局：不分胜负。" },
	};

	(void)state;
	says("turn",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"fight\", \"view\": {\"phase\": \"challenge\", \"turn\": 2,"
	    "  \"challenge\": {\"kind\": \"arena\", \"challenger\": \"bob\","
	    "   \"defender\": \"alice\", \"window\": \"alice\","
	    "   \"challenger_power\": 4, \"defender_power\": 3,"
	    "   \"tie_spell\": \"SP_fugue\"},"
	    "  \"players\": [{\"name\": \"alice\", \"hand\": []},"
	    "   {\"name\": \"bob\"}]}}",
	    fight, sizeof(fight) / sizeof(fight[0]), 0);
	says("notice",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": null, \"view\": {\"phase\": \"challenge\", \"turn\": 2,"
	    "  \"to_move\": \"carol\", \"players\": [{\"name\": \"alice\"},"
	    "   {\"name\": \"bob\"}]},"
	    " \"events\": [{\"type\": \"result\", \"player\": \"bob\","
	    "  \"target\": \"alice\", \"power\": 4, \"target_power\": 3,"
	    "  \"outcome\": \"tie\", \"winner\": null,"
	    "  \"tie_spell\": \"SP_fugue\"}]}",
	    result, sizeof(result) / sizeof(result[0]), 0);
}

/*
 * The welcome of a player who does not choose a Dancer first shows the
 * Dancers on offer too (it said only "nothing is asked of you now;
 * waiting for alice"), with what each does, so they can plan.
 */
static void
a_later_pickers_welcome_shows_the_dancers(void **state)
{
	static const char *const want[][2] = {
		{ "en", "-- THE DANCERS ON OFFER ---" },
		{ "en", "\n  Blade Dancer   (power 3)\n"
		    "      +1 power in a challenge it starts\n" },
		{ "ja", "-- 選べるダンサー ---" },
		{ "zh", "-- 可选的舞者 ---" },
		/* the default at bob's deadline, which others' choices before
		 * it may change: the first one free then (it said "the first
		 * free Dancer", as if one were named; a player's review) */
		{ "en", "a default is applied for you: the first Dancer still free "
		    "at that deadline." },
		{ "ja", "既定の手が適用されます：その期限の時点で最初の空きダンサー。" },
		{ "zh", "会替你执行默认操作：到那个截止时间时仍空闲的第一位舞者。" },
	};

	(void)state;
	says("welcome",
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"bob\","
	    " \"owed\": null, \"players\": [], \"view\": {\"phase\": \"dancer\","
	    "  \"turn\": 1, \"to_move\": \"alice\","
	    "  \"dancers_free\": [{\"id\": \"D1\", \"power\": 3}],"
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"}]}}",
	    want, sizeof(want) / sizeof(want[0]), 0);
}

/* The columns of the widest line of text (a wide character takes two),
 * and that line in *at. */
static int
widest(const char *text, const char **at)
{
	const unsigned char *p = (const unsigned char *)text;
	const char *line = text;
	int w = 0, max = 0;

	*at = text;
	for (; *p; p++) {
		if (*p == '\n') {
			w = 0;
			line = (const char *)p + 1;
			continue;
		}
		if ((*p & 0xC0) == 0x80)
			continue;
		/* U+1100 and up, 3 bytes or more: wide in this card set */
		w += *p >= 0xE1 ? 2 : 1;
		if (w > max) {
			max = w;
			*at = line;
		}
	}
	return max;
}

/*
 * The fight request's sentence wraps cleanly at 78 columns: it read "Play
 * Spells timed for a challenge, reveal your Mask" and then a line of
 * "(once a game, ...), and", the aside broken off from its sentence (ja
 * and zh likewise split their parenthesis over two lines; found by a
 * player's review). Now the Spells and the PASS are one sentence, the
 * REVEAL another, each line whole, a long deadline (UTC+8) included.
 */
static void
the_fight_sentence_wraps_cleanly(void **state)
{
	static const char *const ctx_text =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"fight\", \"deadline\": \"2026-12-11 03:21 UTC+8\","
	    " \"view\": {\"phase\": \"challenge\","
	    "  \"mask_power\": 3, \"players\": [{\"name\": \"alice\","
	    "  \"can_reveal\": true, \"mask\": {\"id\": \"M1\", \"vp\": 3},"
	    "  \"hand\": []}]}}";
	static const char *const want[][2] = {
		{ "en", "\nPlay Spells timed for a challenge, and REVEAL your Mask if you will:\n"
		    "+3 power in this fight, once a game; the Mask is then discarded and\n"
		    "scores nothing. PASS when done, by 2026-12-11 03:21 UTC+8.\n"
		    "Your hand is empty.\n" },
		{ "ja", "\n「挑戦中」に使えるスペルを使い、終わったら PASS してください\n"
		    "（期限 2026-12-11 03:21 UTC+8）。\n"
		    "マスクを公開（REVEAL）することもできます：1ゲームに1度、この戦いで\n"
		    "パワー +3。公開したマスクは捨てられ、得点になりません。\n" },
		{ "zh", "\n使用「挑战中」可用的咒语，结束时 PASS\n"
		    "（截止 2026-12-11 03:21 UTC+8）。\n"
		    "你也可以揭示面具（REVEAL）：每局一次，这场战斗中力量 +3；\n"
		    "揭示后面具弃掉，不再计分。\n" },
	};
	char *subject, *text, *html;
	const char *at;
	json_t *gd = load_gamedata(), *ctx = parse(ctx_text);
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		render(gd, ctx, want[i][0], "turn", &subject, &text, &html);
		if (strstr(text, want[i][1]) == NULL || widest(text, &at) > 78)
			fail_msg("%s: the fight's sentence is not\n%s\nin:\n%s",
			    want[i][0], want[i][1], text);
		free3(subject, text, html);
	}
	json_decref(ctx);
	json_decref(gd);
}

/* The first line of text that the text part's wrap made (deco_wrap_text:
 * indented four more than a line of more than 70 columns), or NULL. */
static const char *
wrapped(const char *text)
{
	const char *prev = NULL, *line = text, *at;
	size_t pind = 0, ind;

	for (; *line; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] != '\0')) {
		char buf[512];
		size_t n = strcspn(line, "\n");

		ind = strspn(line, " ");
		if (prev != NULL && ind == pind + 4 && n > ind) {
			snprintf(buf, sizeof(buf), "%.*s",
			    (int)strcspn(prev, "\n"), prev);
			if (widest(buf, &at) > 70)
				return line;
		}
		prev = line;
		pind = ind;
	}
	return NULL;
}

/*
 * The table fits 78 columns whichever Guardian is on top and with three
 * Dancers set aside, so that the text part's wrap breaks no word: in
 * Japanese a Guardian's ability ran past it ('スペルを 2 枚め' / 'くる',
 * '（通' / '常は 1）') and so did the Dancers set aside ('［永劫の囚人・パ' /
 * 'ワー 4］', in English '[Eternal Prisoner, power' / '4]'). The ja
 * Guardian's "8番（パワー 5）、" took two columns more than "8番、パワー 5；"
 * and ran G2's and G3's line to 79: the line says 次のガーディアン, not
 * 一番上のガーディアン.
 */
static void
the_table_fits_its_lines(void **state)
{
	static const char *const gs[] = { "G1", "G2", "G3", "G5", "G6", "G8" };
	static const char *const langs[] = { "en", "ja", "zh" };
	json_t *gd = load_gamedata(), *ctx;
	char buf[1024], *subject, *text, *html;
	const char *at;
	size_t g, l;

	(void)state;
	for (g = 0; g < sizeof(gs) / sizeof(gs[0]); g++) {
		snprintf(buf, sizeof(buf),
		    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
		    " \"view\": {\"phase\": \"stage\", \"turn\": 12, \"guardians_left\": 8,"
		    "  \"guardian\": {\"id\": \"%s\", \"number\": 8, \"power\": 5},"
		    "  \"dancers_aside\": [{\"id\": \"D6\", \"power\": 4},"
		    "   {\"id\": \"D1\", \"power\": 3}, {\"id\": \"D4\", \"power\": 2}],"
		    "  \"players\": [{\"name\": \"alice\"}]}}", gs[g]);
		ctx = parse(buf);
		for (l = 0; l < 3; l++) {
			render(gd, ctx, langs[l], "turn", &subject, &text, &html);
			if (widest(text, &at) > 78)
				fail_msg("%s, %s on top: a line of %d columns: %.*s",
				    langs[l], gs[g], widest(text, &at),
				    (int)strcspn(at, "\n"), at);
			/* no line is a wrap's continuation */
			if ((at = wrapped(text)) != NULL)
				fail_msg("%s, %s on top: a line wrapped: %.*s",
				    langs[l], gs[g], (int)strcspn(at, "\n"), at);
			/* "-- THE TABLE, TURN 12 ---" ended at 71 */
			hf_headings_end_at(langs[l], text, l == 0 ? 75 : 76);
			free3(subject, text, html);
		}
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * No event's line, in Japanese or Chinese, is one the text part's wrap
 * must break: it breaks between any two wide characters, so it cut words
 * ('残しまし' / 'た', 'スペルを 1 枚引' / 'く', 'パワー' / 'が上がります',
 * 'マスクは' / '表向きで'). Every kind of event, with the longest card
 * names and lists the game gives, by another player (carol, bob) and by
 * the reader; a line too long is shortened or given a second line by hand.
 * A Treasure's ability says "its holder", as it may be another's (it said
 * "draw 1 Spell in your Stage phase" of carol's).
 */
static void
no_event_line_is_cut(void **state)
{
	static const char *const holder[][2] = {
		{ "en", "carol took the Treasure Flame Staff (1 VP): its holder draws 1 Spell in their Stage phase." },
		{ "en", "carol took the Treasure Witch's Grimoire (1 VP): its holder's Spells cost 1 less." },
		{ "ja", "「魔女の書」を手に入れました。（1 VP、持ち主のスペルのコスト -1）" },
		{ "zh", "（1 VP，持有者的咒语代价 -1）" },
	};
	static const char *const langs[] = { "ja", "zh" };
	static const char *const who[] = { "carol", "alice" };
	json_t *gd = load_gamedata(), *ctx;
	char buf[8192], *subject, *text, *html;
	const char *at;
	size_t l, w;

	(void)state;
	for (w = 0; w < 2; w++) {
		snprintf(buf, sizeof(buf),
		    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
		    " \"events\": ["
		    "  {\"type\": \"turn\", \"turn\": 12},"
		    "  {\"type\": \"dancer\", \"player\": \"%1$s\", \"dancer\":"
		    "   {\"id\": \"D6\", \"name\": \"Eternal Prisoner\", \"power\": 4}},"
		    "  {\"type\": \"order\", \"player\": \"%1$s\", \"order\": 5},"
		    "  {\"type\": \"stage\", \"player\": \"%1$s\", \"stage\": \"ST6\"},"
		    "  {\"type\": \"draw\", \"player\": \"%1$s\", \"spell\": \"SP_serenade\"},"
		    "  {\"type\": \"draw_none\", \"player\": \"%1$s\", \"why\": \"hand_full\"},"
		    "  {\"type\": \"draw_none\", \"player\": \"%1$s\", \"why\": \"deck_empty\"},"
		    "  {\"type\": \"heal\", \"player\": \"%1$s\", \"from\": 1, \"to\": 3},"
		    "  {\"type\": \"life\", \"player\": \"%1$s\", \"from\": 3, \"to\": 1},"
		    "  {\"type\": \"play\", \"player\": \"%1$s\", \"target\": \"bob\","
		    "   \"spell\": \"SP_serenade\", \"paid\": ["
		    "   {\"spell\": \"SP_march\", \"name\": \"March\", \"count\": 1},"
		    "   {\"spell\": \"SP_rhapsody\", \"name\": \"Rhapsody\", \"count\": 1},"
		    "   {\"spell\": \"SP_nocturne\", \"name\": \"Nocturne\", \"count\": 1},"
		    "   {\"spell\": \"SP_symphony\", \"name\": \"Symphony\", \"count\": 1}]},"
		    "  {\"type\": \"renew\", \"cards\": 38, \"runouts\": 3},"
		    "  {\"type\": \"run_out\", \"runouts\": 3},"
		    "  {\"type\": \"challenge\", \"player\": \"%1$s\", \"kind\": \"tower\","
		    "   \"guardian\": {\"id\": \"G8\", \"number\": 8, \"power\": 12}},"
		    "  {\"type\": \"challenge\", \"player\": \"%1$s\", \"kind\": \"arena\","
		    "   \"target\": \"bob\"},"
		    "  {\"type\": \"challenge\", \"player\": \"%1$s\", \"kind\": \"duel\","
		    "   \"target\": \"bob\"},"
		    "  {\"type\": \"mask\", \"player\": \"%1$s\", \"mask\":"
		    "   {\"id\": \"M1\", \"name\": \"Lion Mask\"}},"
		    "  {\"type\": \"flip\", \"spell\": \"SP_symphony\", \"level\": 3},"
		    "  {\"type\": \"flip\", \"spell\": null, \"level\": 0},"
		    "  {\"type\": \"result\", \"player\": \"%1$s\", \"power\": 11,"
		    "   \"target_power\": 12, \"outcome\": \"lose\", \"winner\": null},"
		    "  {\"type\": \"result\", \"player\": \"%1$s\", \"power\": 12,"
		    "   \"target_power\": 12, \"outcome\": \"tie\", \"winner\": null},"
		    "  {\"type\": \"result\", \"player\": \"%1$s\", \"target\": \"bob\","
		    "   \"power\": 12, \"target_power\": 11, \"outcome\": \"win\","
		    "   \"winner\": \"%1$s\"},"
		    "  {\"type\": \"treasure\", \"player\": \"%1$s\", \"treasure\": \"G4\"},"
		    "  {\"type\": \"treasure\", \"player\": \"%1$s\", \"treasure\": \"G5\"},"
		    "  {\"type\": \"treasure\", \"player\": \"%1$s\", \"treasure\": \"G6\"},"
		    "  {\"type\": \"steal\", \"player\": \"%1$s\", \"target\": \"bob\","
		    "   \"spell\": \"SP_serenade\"},"
		    "  {\"type\": \"bank\", \"player\": \"%1$s\", \"spell\": \"SP_serenade\"},"
		    "  {\"type\": \"discard\", \"player\": \"%1$s\", \"spells\": ["
		    "   {\"spell\": \"SP_march\", \"name\": \"March\", \"count\": 1},"
		    "   {\"spell\": \"SP_waltz\", \"name\": \"Waltz\", \"count\": 1},"
		    "   {\"spell\": \"SP_prelude\", \"name\": \"Prelude\", \"count\": 1},"
		    "   {\"spell\": \"SP_serenade\", \"name\": \"Serenade\", \"count\": 1}]},"
		    "  {\"type\": \"receive\", \"player\": \"%1$s\", \"received\": 2,"
		    "   \"kept\": 1, \"spells\": ["
		    "   {\"spell\": \"SP_symphony\", \"name\": \"Symphony\", \"count\": 1},"
		    "   {\"spell\": \"SP_serenade\", \"name\": \"Serenade\", \"count\": 1}]},"
		    "  {\"type\": \"event\", \"player\": \"%1$s\", \"event\": \"V7\"},"
		    "  {\"type\": \"swap\", \"player\": \"%1$s\", \"target\": \"bob\","
		    "   \"from\": {\"id\": \"D6\", \"name\": \"Eternal Prisoner\", \"power\": 4},"
		    "   \"to\": {\"id\": \"D1\", \"name\": \"Blade Dancer\", \"power\": 3}},"
		    "  {\"type\": \"swap\", \"player\": \"%1$s\", \"target\": \"bob\","
		    "   \"from\": {\"id\": \"D4\", \"name\": \"Bard\", \"power\": 2},"
		    "   \"to\": {\"id\": \"D5\", \"name\": \"Thief\", \"power\": 3},"
		    "   \"hand_limit\": 5},"
		    "  {\"type\": \"swap\", \"player\": \"%1$s\", \"target\": \"bob\","
		    "   \"from\": {\"id\": \"D5\", \"name\": \"Thief\", \"power\": 3},"
		    "   \"to\": {\"id\": \"D6\", \"name\": \"Eternal Prisoner\", \"power\": 4},"
		    "   \"hand_limit\": 3},"
		    "  {\"type\": \"event\", \"player\": \"%1$s\", \"event\": \"V5\","
		    "   \"on_leaders\": true, \"leaders\": [\"alice\", \"bob\", \"carol\"],"
		    "   \"leader_vp\": 12},"
		    "  {\"type\": \"event\", \"player\": \"%1$s\", \"event\": \"V5\","
		    "   \"on_leaders\": true, \"leaders\": [], \"leader_vp\": 0},"
		    "  {\"type\": \"result\", \"player\": \"%1$s\", \"target\": \"bob\","
		    "   \"power\": 12, \"target_power\": 11, \"outcome\": \"lose\","
		    "   \"winner\": \"bob\", \"life_zero\": true,"
		    "   \"target_life_zero\": true},"
		    "  {\"type\": \"emblem\", \"player\": \"%1$s\", \"emblem\": \"EM3\","
		    "   \"from\": \"bob\"},"
		    "  {\"type\": \"no_challenge\", \"player\": \"%1$s\", \"why\": \"cannot_challenge\"},"
		    "  {\"type\": \"no_challenge\", \"player\": \"%1$s\", \"why\": \"no_guardian\"},"
		    "  {\"type\": \"end\", \"why\": \"runouts\"},"
		    "  {\"type\": \"score\", \"player\": \"%1$s\", \"score\": 12,"
		    "   \"mask\": {\"id\": \"M6\", \"name\": \"Jester Mask\"}, \"mask_vp\": 3}],"
		    " \"view\": {\"phase\": \"stage\", \"players\": [{\"name\": \"alice\"},"
		    "  {\"name\": \"bob\"}, {\"name\": \"carol\"}]}}", who[w]);
		ctx = parse(buf);
		for (l = 0; l < 2; l++) {
			render(gd, ctx, langs[l], "notice", &subject, &text, &html);
			if (widest(text, &at) > 78)
				fail_msg("%s, by %s: a line of %d columns: %.*s",
				    langs[l], who[w], widest(text, &at),
				    (int)strcspn(at, "\n"), at);
			if ((at = wrapped(text)) != NULL) {
				fprintf(stderr, "%s", text);
				fail_msg("%s, by %s: a line wrapped: %.*s",
				    langs[l], who[w], (int)strcspn(at, "\n"), at);
			}
			free3(subject, text, html);
		}
		if (w == 0)
			mails_say(gd, ctx, "notice", holder,
			    sizeof(holder) / sizeof(holder[0]), 0);
		json_decref(ctx);
	}
	json_decref(gd);
}

/* Whether a line's break between the wide characters at c (the line's
 * last) and n (the next line's first) ends a word: after a particle
 * before a kanji or katakana ("この戦いでパワーを" / "得…"), after 的
 * (the wrap's fill of a line, mail/deco_util.c). */
static int
breaks_after_a_particle(const char *c, const char *n)
{
	static const char *const particles[] = { "は", "が", "を", "に", "の",
	    "で", "と", "も", "へ", "や", "か", "的", NULL };
	const unsigned char *u = (const unsigned char *)n;
	unsigned cp;
	size_t i;

	if ((u[0] & 0xF0) != 0xE0)
		return 0;
	cp = (unsigned)(u[0] & 0x0F) << 12 | (unsigned)(u[1] & 0x3F) << 6 |
	    (u[2] & 0x3F);
	if (!((cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x30A1 && cp <= 0x30FA)))
		return 0;
	for (i = 0; particles[i] != NULL; i++)
		if (strncmp(c, particles[i], 3) == 0)
			return 1;
	return 0;
}

/*
 * A player's name may be 20 letters: an event line by such a player runs
 * past 78 columns and is wrapped, but where Japanese and Chinese allow,
 * after a mark (、。：）」) or a particle, not inside a word: the wrap cut
 * anywhere ('…を公開し、この戦い' / 'でパワー…').
 */
static void
a_long_name_cuts_no_word(void **state)
{
	static const char *const langs[] = { "ja", "zh" };
	static const char marks[] = "、。，：；）」";
	json_t *gd = load_gamedata(), *ctx;
	char *subject, *text, *html;
	const char *line, *next, *end, *p;
	size_t l;
	int breaks = 0;

	(void)state;
	ctx = parse("{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"events\": [{\"type\": \"mask\", \"player\": \"abcdefghijklmnopqrst\","
	    "  \"mask\": {\"id\": \"M1\", \"name\": \"Lion Mask\"}},"
	    " {\"type\": \"result\", \"player\": \"abcdefghijklmnopqrst\", \"target\":"
	    "  \"bob\", \"power\": 12, \"target_power\": 11, \"outcome\": \"win\","
	    "  \"winner\": \"abcdefghijklmnopqrst\"}],"
	    " \"view\": {\"phase\": \"stage\", \"players\": [{\"name\": \"alice\"},"
	    "  {\"name\": \"bob\"}, {\"name\": \"abcdefghijklmnopqrst\"}]}}");
	for (l = 0; l < 2; l++) {
		render(gd, ctx, langs[l], "notice", &subject, &text, &html);
		assert_true(widest(text, &line) <= 78);
		/* each line naming the player, wrapped: the break follows a
		 * mark, or a space, never a wide character inside a word */
		for (line = text; (line = strstr(line, "abcdefghijklmnopqrst")) != NULL;
		    line = end) {
			end = strchr(line, '\n');
			assert_non_null(end);
			next = end + 1;
			if (strncmp(next, "      ", 6) != 0)
				continue;	/* not wrapped */
			breaks++;
			for (p = end; p > line && ((unsigned char)p[-1] & 0xC0) == 0x80; p--)
				;
			p--;		/* the last character's first byte */
			if ((unsigned char)*p >= 0xE0 && strstr(marks, (char[]){ p[0],
			    p[1], p[2], 0 }) == NULL &&
			    !breaks_after_a_particle(p, next + strspn(next, " "))) {
				fprintf(stderr, "%s", text);
				fail_msg("%s: a word cut after '%.*s'", langs[l],
				    (int)(end - line), line);
			}
		}
		free3(subject, text, html);
	}
	assert_true(breaks > 0);	/* the lines were long enough to wrap */
	json_decref(ctx);
	json_decref(gd);
}

/*
 * What each Spell and Event does, in the help mail's lists and in a hand
 * holding every Spell, is a line of its own in Japanese and Chinese that
 * no wrap breaks: after the card's name it ran past 78 columns and the
 * wrap cut it ('スペル1枚（BANK）' / 'を VP カウンターにする', 'VP 标' /
 * '记', '咒' / '语', '入りきらなけれ' / 'ば').
 */
static void
no_card_description_is_cut(void **state)
{
	static const char *const spells[] = { "SP_march", "SP_waltz",
		"SP_rhapsody", "SP_symphony", "SP_fugue", "SP_lullaby",
		"SP_prelude", "SP_nocturne", "SP_requiem", "SP_concerto",
		"SP_serenade" };
	static const char *const langs[] = { "ja", "zh" };
	static const char *const kinds[] = { "help", "turn" };
	json_t *gd = load_gamedata(), *ctx;
	char buf[4096], *subject, *text, *html;
	const char *at;
	size_t i, l, k, n;

	(void)state;
	n = (size_t)snprintf(buf, sizeof(buf),
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"spell\", \"view\": {\"phase\": \"spell\", \"turn\": 2,"
	    "  \"events_left\": [\"V1\", \"V2\", \"V3\", \"V4\", \"V5\", \"V6\","
	    "   \"V7\", \"V8\"],"
	    "  \"players\": [{\"name\": \"alice\", \"hand_size\": 11, \"hand\": [");
	for (i = 0; i < sizeof(spells) / sizeof(spells[0]); i++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n,
		    "%s{\"spell\": \"%s\", \"name\": \"x\", \"count\": 1,"
		    " \"level\": 3, \"cost\": 3}", i ? ", " : "", spells[i]);
	snprintf(buf + n, sizeof(buf) - n, "]}, {\"name\": \"bob\"}]}}");
	ctx = parse(buf);
	for (l = 0; l < 2; l++)
		for (k = 0; k < 2; k++) {
			render(gd, ctx, langs[l], kinds[k], &subject, &text, &html);
			if (widest(text, &at) > 78)
				fail_msg("%s %s: a line of %d columns: %.*s",
				    langs[l], kinds[k], widest(text, &at),
				    (int)strcspn(at, "\n"), at);
			if ((at = wrapped(text)) != NULL) {
				fprintf(stderr, "%s", text);
				fail_msg("%s %s: a line wrapped: %.*s", langs[l],
				    kinds[k], (int)strcspn(at, "\n"), at);
			}
			free3(subject, text, html);
		}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The Stage request fits its lines in every language, whoever is on a
 * Stage already and whether or not the reader may challenge: the Tower's
 * line ran to 81 columns in English and the wrap left 'life' alone on a
 * line of its own, indented under nothing ('..., or lose' / '    life').
 */
static void
the_stage_request_fits_its_lines(void **state)
{
	static const char *const langs[] = { "en", "ja", "zh" };
	static const char *const can[] = { "true", "false" };
	json_t *gd = load_gamedata(), *ctx;
	char buf[2048], *subject, *text, *html;
	const char *at;
	size_t c, l;

	(void)state;
	for (c = 0; c < 2; c++) {
		snprintf(buf, sizeof(buf),
		    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
		    " \"owed\": \"stage\", \"view\": {\"phase\": \"stage\", \"turn\": 2,"
		    "  \"stages\": ["
		    "   {\"id\": \"ST1\", \"rule\": \"tower\", \"free\": 1, \"full\": false,"
		    "    \"dancers\": []},"
		    "   {\"id\": \"ST2\", \"rule\": \"arena\", \"free\": 1, \"full\": false,"
		    "    \"dancers\": [\"abcdefghijklmnopqrst\"]},"
		    "   {\"id\": \"ST3\", \"rule\": \"chapel\", \"free\": 1, \"full\": false,"
		    "    \"dancers\": []},"
		    "   {\"id\": \"ST4\", \"free\": 1, \"full\": false,"
		    "    \"dancers\": [\"abcdefghijklmnopqrst\"]},"
		    "   {\"id\": \"ST5\", \"free\": 2, \"full\": false, \"dancers\": []},"
		    "   {\"id\": \"ST6\", \"free\": 1, \"full\": false,"
		    "    \"dancers\": [\"bob\"]}],"
		    "  \"players\": [{\"name\": \"alice\", \"can_challenge\": %s},"
		    "   {\"name\": \"bob\"}, {\"name\": \"abcdefghijklmnopqrst\"}]}}",
		    can[c]);
		ctx = parse(buf);
		for (l = 0; l < 3; l++) {
			render(gd, ctx, langs[l], "turn", &subject, &text, &html);
			if (!has(text, "STAGE"))
				fail_msg("%s: no Stage offered", langs[l]);
			if (widest(text, &at) > 78)
				fail_msg("%s: a line of %d columns: %.*s", langs[l],
				    widest(text, &at), (int)strcspn(at, "\n"), at);
			if ((at = wrapped(text)) != NULL) {
				fprintf(stderr, "%s", text);
				fail_msg("%s: a line wrapped: %.*s", langs[l],
				    (int)strcspn(at, "\n"), at);
			}
			free3(subject, text, html);
		}
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * A refused line's sentence, in Japanese or Chinese, is wrapped under its
 * line keeping words whole, as the rest of the mail is: it broke anywhere
 * between two wide characters ('今求めら' / 'れている', '前の行' / 'の後に'
 * in the PASS that came too late). Each break falls at a space, after a
 * mark or before an opening bracket.
 */
static void
a_refusal_cuts_no_word(void **state)
{
	static const char *const errs[][2] = {
		{ "ja", "PASS \u306f\u9069\u7528\u3055\u308c\u3066\u3044\u307e\u305b\u3093"
		    "\uff1a\u3053\u306e PASS \u3067\u7d42\u3048\u308b\u306f\u305a\u3060\u3063"
		    "\u305f\u3082\u306e\u306f\u3001\u524d\u306e\u884c\u306e\u5f8c\u306b\u81ea"
		    "\u52d5\u3067\u7d42\u308f\u308a\u307e\u3057\u305f\uff08\u4f7f\u3048\u308b"
		    "\u3082\u306e\u304c\u6b8b\u3063\u3066\u3044\u307e\u305b\u3093\u3067\u3057"
		    "\u305f\uff09\u3002\u4eca\u6c42\u3081\u3089\u308c\u3066\u3044\u308b\u3053"
		    "\u3068\u3092\u30d1\u30b9\u3059\u308b\u306a\u3089\u3001\u6539\u3081\u3066 "
		    "PASS \u3092\u9001\u3063\u3066\u304f\u3060\u3055\u3044\u3002" },
		{ "zh", "PASS \u672a\u6267\u884c\uff1a\u5b83\u8981\u7ed3\u675f\u7684\u90a3"
		    "\u4e00\u6b65\u5728\u4e0a\u4e00\u884c\u4e4b\u540e\u5df2\u81ea\u52a8\u7ed3"
		    "\u675f\uff08\u5df2\u6ca1\u6709\u53ef\u7528\u7684\u724c\uff09\u3002\u5982"
		    "\u679c\u4f60\u8981\u5bf9\u73b0\u5728\u7684\u95ee\u9898\u9009\u62e9\u8fc7"
		    "\uff0c\u8bf7\u518d\u53d1\u9001\u4e00\u6b21 PASS\u3002" },
	};
	static const char marks[] = "\u3001\u3002\uff0c\uff1a\uff1b\uff09\u300d";
	json_t *gd = load_gamedata(), *ctx;
	char buf[2048], *subject, *text, *html;
	const char *line, *end, *p;
	size_t e;
	int breaks = 0;

	(void)state;
	for (e = 0; e < sizeof(errs) / sizeof(errs[0]); e++) {
		snprintf(buf, sizeof(buf),
		    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
		    " \"refused\": [{\"line\": 2, \"text\": \"PASS\", \"error\": \"%s\"}],"
		    " \"view\": {\"phase\": \"spell\"}}", errs[e][1]);
		ctx = parse(buf);
		render(gd, ctx, errs[e][0], "receipt", &subject, &text, &html);
		/* the sentence's lines: from the one that starts it to the
		 * one before the next line indented less */
		line = strstr(text, "    PASS ");
		assert_non_null(line);
		for (; (end = strchr(line, '\n')) != NULL &&
		    strncmp(end + 1, "    ", 4) == 0 && end[5] != ' ';
		    line = end + 1) {
			for (p = end; p > line && ((unsigned char)p[-1] & 0xC0) == 0x80; p--)
				;
			p--;	/* the line's last character */
			if ((unsigned char)end[5] < 0x80 || (unsigned char)*p < 0x80)
				continue;	/* a break at a space */
			breaks++;
			if (strstr(marks, (char[]){ p[0], p[1], p[2], 0 }) == NULL &&
			    !breaks_after_a_particle(p, end + 5) &&
			    strncmp(end + 5, "\uff08", 3) != 0 &&
			    strncmp(end + 5, "\u300c", 3) != 0) {
				fprintf(stderr, "%s", text);
				fail_msg("%s: a word cut after '%.*s'", errs[e][0],
				    (int)(end - line), line);
			}
		}
		free3(subject, text, html);
		json_decref(ctx);
	}
	assert_true(breaks > 0);	/* long enough to wrap */
	json_decref(gd);
}

/*
 * A receipt says what each accepted command does, in the reader's words,
 * with the canonical form the log holds under it (a Japanese player who
 * wrote ダンサー 永劫の囚人 saw only DANCER eternal-prisoner); STATUS says
 * its position comes below; a form it does not know is shown as it is.
 * The reader is erin.
 * Each says its command as a sentence: the cost last, in brackets, so that
 * a banked Spell is not read as one more Spell paid ("、コスト：「行進曲」×1、
 * 「円舞曲」×1、「前奏曲」を VP カウンターに" was), and a discard not as a
 * label ("捨てる：「行進曲」×2", "弃掉：...").
 */
static void
a_receipt_says_what_each_command_does(void **state)
{
	static const char *const want[][2] = {
		{ "en", "accepted: Your mails in Chinese from now on\n    SET LANG zh" },
		{ "en", "accepted: No change: The Masquerade sends no commitment notices\n    SET NOTICES OFF" },
		{ "en", "accepted: Choose the Eternal Prisoner as your dancer\n    DANCER eternal-prisoner" },
		{ "en", "accepted: Choose the Order Defend 3\n    ORDER 3" },
		{ "en", "accepted: Send your dancer to the Tower\n    STAGE tower" },
		{ "en", "accepted: Play Requiem on bob, paying 2x March\n    PLAY requiem PAY march march ON bob" },
		{ "en", "accepted: Play Concerto, banking Prelude as a VP counter, paying 1x March, 1x Waltz" },
		{ "en", "accepted: Reveal your Mask, for power in this fight" },
		{ "en", "accepted: Pass: nothing more for now" },
		{ "en", "accepted: Challenge bob\n" },
		{ "en", "accepted: Bank March as a VP counter" },
		{ "en", "accepted: Discard 2x March, 1x Waltz\n    DISCARD march march waltz" },
		{ "en", "accepted: Keep 1x Waltz" },
		{ "en", "accepted: Choose the Event Request for a Tune\n    EVENT request-for-a-tune" },
		{ "en", "accepted: Exchange bob's dancer for the Thief" },
		{ "en", "accepted: Exchange your dancer for the Blade Dancer" },
		{ "en", "accepted: Your position again: it is below\n    STATUS\n" },
		{ "en", "accepted: DANCER nobody\n" },
		{ "ja", "受け付けました：これからのメールは中国語で" },
		{ "ja", "受け付けました：変更なし（仮面舞踏会にはコミットメントのお知らせがありません）" },
		{ "ja", "受け付けました：ダンサー「永劫の囚人」を選ぶ" },
		{ "ja", "受け付けました：オーダー「防衛する３」を選ぶ" },
		{ "ja", "受け付けました：ダンサーを「塔」へ送る" },
		{ "ja", "受け付けました：「鎮魂歌」を bob さんに使う（コスト：「行進曲」×2）" },
		{ "ja", "受け付けました：「協奏曲」を使い、「前奏曲」を VP カウンターにする（コスト：「行進曲」×1、「円舞曲」×1）" },
		{ "ja", "受け付けました：「前奏曲」を使う\n    PLAY prelude" },
		{ "ja", "受け付けました：マスクを公開し、この戦いのパワーを上げる" },
		{ "ja", "受け付けました：bob さんに挑戦する" },
		{ "ja", "受け付けました：「行進曲」×2、「円舞曲」×1 を捨てる" },
		{ "ja", "受け付けました：「円舞曲」×1 を手札に残す" },
		{ "ja", "受け付けました：イベント「曲目の要求」を選ぶ" },
		{ "ja", "受け付けました：あなたのダンサーを「剣の舞姫」と交代させる" },
		{ "zh", "已接受：今后的邮件使用中文" },
		{ "zh", "已接受：没有变化（假面舞会没有承诺值通知）" },
		{ "zh", "已接受：选择舞者「永劫囚徒」" },
		{ "zh", "已接受：选择顺序「防卫 3」" },
		{ "zh", "已接受：对 bob 使用「安魂曲」（代价：「进行曲」×2）" },
		{ "zh", "已接受：使用「协奏曲」，把「前奏曲」存为 VP 标记（代价：「进行曲」×1、「圆舞曲」×1）" },
		{ "zh", "已接受：弃掉「进行曲」×2、「圆舞曲」×1" },
		{ "zh", "已接受：把 bob 的舞者换成「盗贼」" },
		{ "zh", "已接受：保留「圆舞曲」×1" },
	};
	static const char *const html[][2] = {
		{ "en", "  accepted: Exchange bob's dancer for the Thief</div>" },
		{ "ja", "  受け付けました：ダンサー「永劫の囚人」を選ぶ</div>" },
		{ "ja", "  受け付けました：「協奏曲」を使い、「前奏曲」を VP カウンターにする（コスト：「行進曲」×1、「円舞曲」×1）</div>" },
		{ "zh", "  已接受：弃掉「进行曲」×2、「圆舞曲」×1</div>" },
		{ "zh", "    DANCER eternal-prisoner</div>" },
	};
	const char *cmds[] = {
		"SET LANG zh", "SET NOTICES OFF", "DANCER eternal-prisoner",
		"ORDER 3", "STAGE tower",
		"PLAY requiem PAY march march ON bob",
		"PLAY concerto PAY march waltz BANK prelude", "PLAY prelude",
		"REVEAL", "PASS",
		"CHALLENGE bob", "BANK march", "DISCARD march march waltz",
		"KEEP waltz", "EVENT request-for-a-tune", "SWAP bob thief",
		"SWAP erin blade-dancer", "STATUS", "DANCER nobody",
	};
	json_t *gd = load_gamedata(), *ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"erin\","
	    " \"accepted\": []}"), *acc = json_object_get(ctx, "accepted");
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		json_array_append_new(acc, json_pack("{s:s}", "text", cmds[i]));
	mails_say(gd, ctx, "receipt", want, sizeof(want) / sizeof(want[0]), 0);
	html_says(gd, ctx, "receipt", html, sizeof(html) / sizeof(html[0]));
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A PASS says what it declined: the decision the player owed as it came
 * (the daemon's "owed_then"): it said "nothing more for now" to a player
 * who had passed up banking a Spell, or kept none of the Spells received.
 * Without it (an older entry), the old words.
 */
static void
a_pass_says_what_it_declined(void **state)
{
	static const char *const owed[] = {
		"spell", "fight", "challenge", "bank", "keep", "duel", NULL,
	};
	static const char *const said[][3] = {
		{ "Pass: you play no more Spells this Spell phase",
		  "パス（このスペル・フェイズにはもうスペルを使わない）",
		  "过（本咒语阶段不再使用咒语）" },
		{ "Pass: you do nothing more in this fight",
		  "パス（この戦いではもう何もしない）", "过（在这场战斗中不再行动）" },
		{ "Pass: you challenge no one in the Arena",
		  "パス（闘技場で誰にも挑戦しない）", "过（不在竞技场挑战任何人）" },
		{ "Pass: you bank no Spell", "パス（スペルを貯めない）",
		  "过（不存任何咒语）" },
		{ "Pass: you keep none of the Spells received",
		  "パス（受け取ったスペルは何も残さない）", "过（收到的咒语一张也不留）" },
		{ "Pass: you challenge no one to a duel",
		  "パス（誰にも決闘を挑まない）", "过（不向任何人发起决斗）" },
		{ "Pass: nothing more for now", "パス（今は何もしない）",
		  "过（现在不再行动）" },
	};
	static const char *const langs[] = { "en", "ja", "zh" };
	json_t *gd = load_gamedata(), *ctx;
	char *subject, *text, *html;
	size_t i, l, k;

	(void)state;
	for (i = 0; i < sizeof(owed) / sizeof(owed[0]); i++) {
		ctx = parse("{\"kind\": \"masquerade\", \"game\": \"g1\","
		    " \"player\": \"erin\", \"accepted\": [{\"text\": \"PASS\"}]}");
		if (owed[i] != NULL)
			json_object_set_new(json_array_get(json_object_get(ctx,
			    "accepted"), 0), "owed_then", json_string(owed[i]));
		for (l = 0; l < 3; l++) {
			render(gd, ctx, langs[l], "receipt", &subject, &text, &html);
			if (strstr(text, said[i][l]) == NULL ||
			    strstr(html, said[i][l]) == NULL)
				fail_msg("%s, PASS owing %s: does not say \"%s\":\n%s",
				    langs[l], owed[i] ? owed[i] : "(unsaid)", said[i][l],
				    text);
			/* and says nothing else of a PASS */
			for (k = 0; k < sizeof(said) / sizeof(said[0]); k++)
				if (k != i && strstr(text, said[k][l]) != NULL)
					fail_msg("%s, PASS owing %s also says \"%s\"",
					    langs[l], owed[i] ? owed[i] : "(unsaid)",
					    said[k][l]);
			free3(subject, text, html);
		}
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * A notice that tells a fighter how their fight ended ("fight_over", the
 * daemon's, with no hand of theirs changed) says so in its subject, in the
 * reader's language: it said "Turn 2: waiting for carol", what the game
 * waits for, which the notice is not about (found by a player by mail).
 * With their hand changed too, both; with neither, what is owed still.
 */
static void
a_fight_notice_subject_says_the_result(void **state)
{
	static const char *const langs[] = { "en", "ja", "zh" };
	static const char *const want[][3] = {
		{ "[Masquerade g1] Turn 2: the result of your fight",
		  "[仮面舞踏会 g1] 第2ターン：あなたの戦いの結果",
		  "[假面舞会 g1] 第 2 回合：你的战斗结果" },
		{ "[Masquerade g1] Turn 2: the fight is over, your hand changed",
		  "[仮面舞踏会 g1] 第2ターン：戦いが終わり、手札が変わりました",
		  "[假面舞会 g1] 第 2 回合：战斗结束，你的手牌变了" },
		{ "[Masquerade g1] Turn 2: waiting for carol",
		  "[仮面舞踏会 g1] 第2ターン：carol さんの手番をお待ちください",
		  "[假面舞会 g1] 第 2 回合：等待 carol 行动" },
	};
	static const char *const flags[] = {
		", \"fight_over\": true",
		", \"fight_over\": true, \"hand_changed\": true", "",
	};
	json_t *gd = load_gamedata(), *ctx;
	char *subject, *text, *html, buf[512];
	size_t i, l;

	(void)state;
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		snprintf(buf, sizeof(buf), "{\"kind\": \"masquerade\","
		    " \"game\": \"g1\", \"player\": \"alice\"%s,"
		    " \"view\": {\"turn\": 2, \"phase\": \"challenge\","
		    " \"to_move\": \"carol\"}}", flags[i]);
		ctx = parse(buf);
		for (l = 0; l < 3; l++) {
			render(gd, ctx, langs[l], "notice", &subject, &text, &html);
			if (strcmp(subject, want[i][l]) != 0)
				fail_msg("%s: the subject is \"%s\", not \"%s\"",
				    langs[l], subject, want[i][l]);
			free3(subject, text, html);
		}
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * The table shows each player's VP as the table has them (the view's
 * "public_vp": counters, Emblems, Treasures), who has the most (the VP
 * leader, whom Defend 3 and Divine Judgement name), and what those VP are
 * made of, a Mask's being secret; it showed none, and a player had to add
 * them up (found by a player by mail). A player's Emblems are listed as
 * their Treasures are, a line each with its VP ("Emblems: [Emblem of
 * Valor] [Emblem of the Saint]" stood beside "Treasures:" and a list); a
 * revealed Mask is a line of its own.
 */
static void
the_table_shows_vp_and_the_leader(void **state)
{
	static const char *const want[][2] = {
		{ "en", "  bob (you): Bard, power 2; life 2\n    VP: 4 (the most)\n    Spells in hand: 1 (limit 5); VP counters: 1\n" },
		{ "en", "  alice: Blade Dancer, power 3; life 1\n    VP: 1\n" },
		{ "en", "    Mask revealed: Jester Mask\n    Emblems: none\n    Treasures:\n      Serpent Ring (1 VP)\n" },
		{ "en", "    Emblems:\n      Emblem of Valor (1 VP)\n      Emblem of the Saint (1 VP)\n    Treasures:\n      Golden Crown (2 VP)\n" },
		{ "en", "\nMost VP (the VP leader): bob (you)\n" },
		{ "en", "is secret, counts only at the end and not for the most VP." },
		{ "ja", "  bob（あなた）：吟遊詩人・パワー 2、ライフ 2\n    VP 4（最多）\n" },
		{ "ja", "    公開したマスク：「道化の仮面」\n    エンブレム：なし\n" },
		{ "ja", "    エンブレム：\n      「勇者の紋章」（1 VP）\n      「聖者の紋章」（1 VP）\n    トレジャー：\n      「黄金の冠」（2 VP）\n" },
		{ "ja", "\nVP が最多のプレイヤー：bob（あなた）\n" },
		{ "ja", "マスクの VP は秘密" },
		{ "zh", "  bob（你）：吟游诗人，力量 2；生命 2\n    VP 4（最多）\n" },
		{ "zh", "    已揭示的面具：「小丑面具」\n    纹章：无\n" },
		{ "zh", "    纹章：\n      「勇者纹章」（1 VP）\n      「圣者纹章」（1 VP）\n    宝物：\n      「黄金王冠」（2 VP）\n" },
		{ "zh", "\nVP 最多的玩家：bob（你）\n" },
		{ "zh", "面具的 VP 保密" },
	};
	static const char *const html[][2] = {
		{ "en", ">    VP: 4 (the most)</div>" },
		{ "en", ">    Emblems: [Emblem of Valor (1 VP)] [Emblem of the Saint (1 VP)]</div>" },
		{ "en", ">    Treasures: [Golden Crown (2 VP)]</div>" },
		{ "en", ">    Mask revealed: Jester Mask</div>" },
		{ "en", "Most VP (the VP leader): bob (you)<br>" },
		{ "ja", "VP が最多のプレイヤー：bob（あなた）<br>" },
		{ "zh", "VP 最多的玩家：bob（你）<br>" },
	};
	static const char *const nobody[][2] = {
		{ "en", "\nMost VP (the VP leader): nobody (no VP yet)\n" },
		{ "ja", "\nVP が最多のプレイヤー：なし（まだ誰も VP を持っていない）\n" },
		{ "zh", "\nVP 最多的玩家：无（还没有人有 VP）\n" },
	};
	static const char *const tied[][2] = {
		{ "en", "\nMost VP (the VP leader): alice, bob (you)\n" },
		{ "ja", "\nVP が最多のプレイヤー：alice、bob（あなた）\n" },
	};
	json_t *gd = load_gamedata(), *ctx;
	char *subject, *text, *html_part;
	size_t i;

	(void)state;
	ctx = parse(
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"bob\","
	    " \"view\": {\"phase\": \"order\", \"turn\": 3,"
	    "  \"vp_leaders\": [\"bob\"], \"players\": ["
	    "  {\"name\": \"alice\", \"dancer\": {\"id\": \"D1\", \"power\": 3}, \"life\": 1,"
	    "   \"hand_size\": 2, \"hand_limit\": 5, \"counters\": 0,"
	    "   \"events_prophesied\": 0, \"arena_wins\": 0,"
	    "   \"public_vp\": 1, \"vp_leader\": false, \"emblems\": [],"
	    "   \"treasures\": [\"G2\"], \"mask_revealed\": \"M6\"},"
	    "  {\"name\": \"bob\", \"dancer\": {\"id\": \"D4\", \"power\": 2}, \"life\": 2,"
	    "   \"hand_size\": 1, \"hand_limit\": 5, \"counters\": 1,"
	    "   \"events_prophesied\": 2, \"arena_wins\": 0,"
	    "   \"public_vp\": 4, \"vp_leader\": true,"
	    "   \"emblems\": [\"EM1\", \"EM3\"], \"treasures\": [\"G7\"],"
	    "   \"mask_revealed\": null}]}}");
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		render(gd, ctx, want[i][0], "turn", &subject, &text, &html_part);
		if (strstr(text, want[i][1]) == NULL)
			fail_msg("%s: the table lacks \"%s\":\n%s", want[i][0],
			    want[i][1], text);
		free3(subject, text, html_part);
	}
	html_says(gd, ctx, "turn", html, sizeof(html) / sizeof(html[0]));
	json_object_set_new(json_object_get(ctx, "view"), "vp_leaders",
	    json_array());
	for (i = 0; i < sizeof(nobody) / sizeof(nobody[0]); i++) {
		render(gd, ctx, nobody[i][0], "turn", &subject, &text, &html_part);
		if (strstr(text, nobody[i][1]) == NULL)
			fail_msg("%s: the table lacks \"%s\":\n%s", nobody[i][0],
			    nobody[i][1], text);
		free3(subject, text, html_part);
	}
	json_object_set_new(json_object_get(ctx, "view"), "vp_leaders",
	    parse("[\"alice\", \"bob\"]"));
	for (i = 0; i < sizeof(tied) / sizeof(tied[0]); i++) {
		render(gd, ctx, tied[i][0], "turn", &subject, &text, &html_part);
		if (strstr(text, tied[i][1]) == NULL)
			fail_msg("%s: the table lacks \"%s\":\n%s", tied[i][0],
			    tied[i][1], text);
		free3(subject, text, html_part);
	}
	json_decref(ctx);
	json_decref(gd);
}

/* The LANG KIND mail of ctx (text and HTML) has no "phrase" nor, in zh,
 * Han and Latin touching, nor, in ja, a count spaced from its 枚; a phrase
 * is a slip a review found. */
static void
mail_lacks_slips(const json_t *gd, const json_t *ctx, const char *lang,
    const char *kind, const char *const *slips)
{
	char *subject, *text, *html;
	const char *at;
	size_t k;

	render(gd, ctx, lang, kind, &subject, &text, &html);
	for (k = 0; slips[k] != NULL; k++)
		if (has(text, slips[k]) || has(html, slips[k]) ||
		    has(subject, slips[k]))
			fail_msg("%s %s: says \"%s\":\n%s", lang, kind, slips[k],
			    text);
	if (strcmp(lang, "zh") == 0 && ((at = zh_touching(text)) != NULL ||
	    (at = zh_touching(subject)) != NULL ||
	    (at = zh_touching(html)) != NULL))
		fail_msg("zh %s: Han and Latin touch at \"%.40s\":\n%s", kind,
		    at, text);
	if (strcmp(lang, "ja") == 0 && ((at = ja_count_apart(text)) != NULL ||
	    (at = ja_count_apart(subject)) != NULL ||
	    (at = ja_count_apart(html)) != NULL))
		fail_msg("ja %s: a count apart from its counter at \"%.40s\":\n%s",
		    kind, at, text);
	free3(subject, text, html);
}

/*
 * A Chinese-reading player's review of The Masquerade's Chinese mails:
 * "dave 抽了一张咒语" stood beside "bob 抽了2张咒语" in one mail, a count
 * of cards written two ways (now "抽了 1 张咒语", "抽了 2 张咒语", as the
 * cards' own texts say "抽 1 张咒语", and so the Spells stolen and
 * banked, the Sorcerer's "少 1 张", the help's "即 2 张"); a Mask's
 * condition read "若VP 标记至少 3 个" (a word-for-word "if VP counters at
 * least 3", with "VP" touching 若): it now says what the player holds or
 * did, "若持有至少 3 个 VP 标记"; and "拿了顺序 3" (took Order 3) is
 * "选择了顺序 3", a choice, as the rules have each player choose an
 * Order (the Japanese mails said オーダーを取りました, took, too: now
 * 選びました, the Japanese rules' 選びます).
 */
static void
chinese_counts_vp_and_orders_read_as_one(void **state)
{
	static const char events_ctx[] =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"events\": ["
	    "  {\"type\": \"order\", \"player\": \"kenji\", \"order\": 3},"
	    "  {\"type\": \"order\", \"player\": \"alice\", \"order\": 1},"
	    "  {\"type\": \"draw\", \"player\": \"bob\"},"
	    "  {\"type\": \"draw\", \"player\": \"bob\"},"
	    "  {\"type\": \"stage\", \"player\": \"bob\", \"stage\": \"ST1\"},"
	    "  {\"type\": \"draw\", \"player\": \"dave\"},"
	    "  {\"type\": \"draw\", \"player\": \"alice\", \"spell\": \"SP_march\"},"
	    "  {\"type\": \"steal\", \"player\": \"dave\", \"target\": \"bob\"},"
	    "  {\"type\": \"steal\", \"player\": \"alice\", \"target\": \"bob\","
	    "   \"spell\": \"SP_waltz\"},"
	    "  {\"type\": \"bank\", \"player\": \"dave\"},"
	    "  {\"type\": \"bank\", \"player\": \"alice\", \"spell\": \"SP_march\"}],"
	    " \"view\": {\"phase\": \"stage\", \"players\": [{\"name\": \"alice\"},"
	    "  {\"name\": \"bob\"}, {\"name\": \"dave\"}, {\"name\": \"kenji\"}]}}";
	static const char *const events_want[][2] = {
		{ "zh", "  bob 抽了 2 张咒语。\n" },
		{ "zh", "  dave 抽了 1 张咒语。\n" },
		{ "zh", "  你抽了 1 张咒语：「进行曲」。\n" },
		{ "zh", "  dave 从 bob 那里偷走了 1 张咒语。\n" },
		{ "zh", "  你从 bob 那里偷走了 1 张咒语：「圆舞曲」。\n" },
		{ "zh", "  dave 把 1 张咒语存为 VP 标记。\n" },
		{ "zh", "  你把 1 张咒语存为 VP 标记：「进行曲」。\n" },
		{ "zh", "  kenji 选择了顺序 3。\n" },
		{ "zh", "  你选择了顺序 1。\n" },
		{ "ja", "  kenji さんがオーダー 3 を選びました。\n" },
		{ "ja", "  あなたがオーダー 1 を選びました。\n" },
		{ "en", "  kenji chose Order 3.\n" },
		{ "en", "  You chose Order 1.\n" },
	};
	static const char *const events_html[][2] = {
		{ "zh", "<li>bob 抽了 2 张咒语。</li>" },
		{ "zh", "<li>dave 抽了 1 张咒语。</li>" },
		{ "zh", "<li>dave 把 1 张咒语存为 VP 标记。</li>" },
		{ "zh", "<li>kenji 选择了顺序 3。</li>" },
		{ "ja", "<li>kenji さんがオーダー 3 を選びました。</li>" },
		{ "en", "<li>kenji chose Order 3.</li>" },
	};
	static const char *const mask_ctx =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"discard\", \"view\": {\"phase\": \"event\", \"turn\": 3,"
	    "  \"pending\": [{\"kind\": \"discard\", \"player\": \"alice\", \"n\": 3,"
	    "   \"example\": [\"SP_waltz\", \"SP_waltz\"]}],"
	    "  \"players\": [{\"name\": \"alice\", \"hand_size\": 5,"
	    "   \"mask\": {\"id\": \"M%d\", \"vp\": 3, \"condition\": %s},"
	    "   \"hand\": [{\"spell\": \"SP_waltz\", \"name\": \"Waltz\","
	    "    \"count\": 2, \"level\": 1}, {\"spell\": \"SP_requiem\","
	    "    \"name\": \"Requiem\", \"count\": 3, \"level\": 2}]},"
	    "   {\"name\": \"bob\"}]}}";
	/* each Mask's condition, as its owner's turn mail says it */
	static const char *const masks[] = {
		"游戏结束时，若持有至少 3 个 VP 标记，得 3 VP。",
		"游戏结束时，若持有至少 2 个宝物，得 3 VP。",
		"游戏结束时，若作为预言者选择事件至少 2 次，得 3 VP。",
		"游戏结束时，若舞者的生命正好是 2 点，得 3 VP。",
		"游戏结束时，若持有至少 1 个纹章，得 3 VP。",
		"游戏结束时，若手牌已达上限，得 3 VP。",
	};
	static const char *const conditions[] = {
		"{\"stat\": \"vp_counters\", \"gte\": 3}",
		"{\"stat\": \"treasures\", \"gte\": 2}",
		"{\"stat\": \"events_prophesied\", \"gte\": 2}",
		"{\"stat\": \"life\", \"eq\": 2}",
		"{\"stat\": \"emblems\", \"gte\": 1}",
		"{\"stat\": \"hand_full\", \"eq\": true}",
	};
	static const char *const welcome_ctx =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"bob\","
	    " \"owed\": \"dancer\", \"players\": [], \"view\": {\"phase\": \"dancer\","
	    "  \"turn\": 1, \"to_move\": \"bob\","
	    "  \"dancers_free\": [{\"id\": \"D1\", \"power\": 3},"
	    "   {\"id\": \"D2\", \"power\": 2}, {\"id\": \"D3\", \"power\": 2},"
	    "   {\"id\": \"D4\", \"power\": 2}, {\"id\": \"D5\", \"power\": 3}],"
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"}]}}";
	static const char *const said[][2] = {
		{ "zh", "      你的咒语代价少 1 张\n" },
	};
	static const char *const help_said[][2] = {
		{ "zh", "逐张写出（PAY 进行曲 进行曲 即 2 张）" },
		{ "zh", "神谕时：把 1 张咒语" },
		{ "zh", "顺序（每回合每人 1 张；" },
	};
	static const char *const slips[] = {
		"一张咒语", "两张", "少一张", "每人一张", "若VP",
		"拿了顺序", "拿顺序", "を取りました", "を取る",
		"标记至少", "选择的事件至少", "生命至少为", "生命正好为",
		"手牌正好达到", NULL,
	};
	static const char *const langs[] = { "zh", "ja" };
	static const char *const kinds[] = { "turn", "help", "welcome",
		"reminder" };
	json_t *gd = load_gamedata(), *ctx;
	char buf[2048], *subject, *text, *html;
	size_t i, k;

	(void)state;
	ctx = parse(events_ctx);
	mails_say(gd, ctx, "notice", events_want,
	    sizeof(events_want) / sizeof(events_want[0]), 0);
	html_says(gd, ctx, "notice", events_html,
	    sizeof(events_html) / sizeof(events_html[0]));
	for (i = 0; i < 2; i++)
		mail_lacks_slips(gd, ctx, langs[i], "notice", slips);
	json_decref(ctx);

	for (i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
		snprintf(buf, sizeof(buf), mask_ctx, (int)i + 1, conditions[i]);
		ctx = parse(buf);
		render(gd, ctx, "zh", "turn", &subject, &text, &html);
		if (!has(text, masks[i]) || !html_has(html, masks[i])) {
			fprintf(stderr, "%s", text);
			fail_msg("M%zu: the mail lacks \"%s\":\n%s", i + 1,
			    masks[i], text);
		}
		free3(subject, text, html);
		for (k = 0; k < 2; k++)
			mail_lacks_slips(gd, ctx, langs[k], "turn", slips);
		json_decref(ctx);
	}
	ctx = parse(end_ctx);
	for (i = 0; i < 2; i++)
		mail_lacks_slips(gd, ctx, langs[i], "end", slips);
	json_decref(ctx);

	ctx = parse(welcome_ctx);
	mails_say(gd, ctx, "welcome", said, 1, 0);
	mails_say(gd, ctx, "help", help_said,
	    sizeof(help_said) / sizeof(help_said[0]), 1);
	for (i = 0; i < 2; i++)
		for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
			mail_lacks_slips(gd, ctx, langs[i], kinds[k], slips);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A native reader's review of The Masquerade's Chinese and Japanese
 * wording. zh: the top Guardian's "3号" set a digit against Han (the
 * Stage request said "3 号守护者"); a tie was "无人胜负" (nobody wins
 * or loses, said as "nobody's win-loss"): "不分胜负"; a tie of scores
 * "平分时" (split evenly): "同分时"; a dancer at 0 life had its
 * "印刷力量" (a word-for-word "printed power"): "牌面力量", as card
 * players say; Change of Partner's "你的名字处可以写…" (at your name's
 * place): "可以把 SWAP 后面你的名字换成…". ja: Guardian 3's
 * "マスクを明かせない" and a Fugue's "マスクを明かしても" named the
 * REVEAL (公開) another way: "公開"; and its "挑戦" is the rules' word
 * for a fight with a Guardian ("対戦中" was said nowhere else); a
 * Guardian that won stayed "山の上" (on the mountain): "山札の一番上".
 * zh again: a fight said "守护者 3（力量 2）" where the board and the
 * Stage request say "3 号守护者": "3 号守护者（力量 2）" everywhere.
 */
static void
masquerade_wording_reads_as_native(void **state)
{
	static const char turn_ctx[] =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"fight\", \"view\": {\"phase\": \"challenge\", \"turn\": 3,"
	    "  \"guardians_left\": 6,"
	    "  \"guardian\": {\"id\": \"G3\", \"number\": 3, \"power\": 2},"
	    "  \"challenge\": {\"kind\": \"arena\", \"challenger\": \"bob\","
	    "   \"defender\": \"alice\", \"window\": \"alice\","
	    "   \"challenger_power\": 4, \"defender_power\": 3,"
	    "   \"tie_spell\": \"SP_fugue\"},"
	    "  \"players\": [{\"name\": \"alice\", \"hand\": []},"
	    "   {\"name\": \"bob\", \"life\": 0, \"no_life\": true,"
	    "    \"dancer\": {\"id\": \"D4\", \"power\": 2}}]}}";
	static const char notice_ctx[] =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": null, \"view\": {\"phase\": \"challenge\", \"turn\": 2,"
	    "  \"to_move\": \"carol\", \"players\": [{\"name\": \"alice\"},"
	    "   {\"name\": \"bob\"}]},"
	    " \"events\": [{\"type\": \"result\", \"player\": \"bob\","
	    "  \"power\": 3, \"target_power\": 4, \"outcome\": \"lose\","
	    "  \"winner\": null},"
	    "  {\"type\": \"result\", \"player\": \"bob\", \"target\": \"alice\","
	    "  \"power\": 3, \"target_power\": 3, \"outcome\": \"tie\","
	    "  \"winner\": null}]}";
	static const char swap_ctx[] =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"owed\": \"swap\", \"view\": {\"phase\": \"event\", \"turn\": 2,"
	    "  \"dancers_aside\": [{\"id\": \"D4\", \"name\": \"Bard\","
	    "   \"power\": 2}],"
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"}]}}";
	static const char *const said[][2] = {
		{ "zh", "最上面的守护者（剩 6 张）：3 号，力量 2；对它不能揭示面具\n" },
		{ "ja", "次のガーディアン（残り 6枚）：3番（パワー 2）、挑戦中はマスクを公開できない\n" },
		{ "zh", "生命 0（牌面力量按 0 计算）" },
		{ "ja", "今からスペルを使ってもマスクを公開しても、勝ち負けはありません。" },
	};
	static const char *const noticed[][2] = {
		{ "zh", "守护者获胜，它仍留在牌堆顶上。" },
		{ "zh", "平局：不分胜负。" },
		{ "ja", "ガーディアンの勝ち。\n  ガーディアンは山札の一番上に残ります。\n" },
	};
	static const char *const swap_said[][2] = {
		{ "zh", "可以把 SWAP 后面你的名字换成任何一位玩家的名字。玩家有：\n" },
	};
	static const char *const slips[] = {
		"无人胜负", "平分时", "印刷力量", "你的名字处", "明かせない",
		"明かしても", "対戦中", "山の上", "守护者 1（", "守护者 3（", NULL,
	};
	static const char *const langs[] = { "zh", "ja" };
	static const char *const kinds[] = { "turn", "reminder", "notice" };
	json_t *gd = load_gamedata(), *ctx;
	size_t i, k;

	(void)state;
	ctx = parse(turn_ctx);
	mails_say(gd, ctx, "turn", said, sizeof(said) / sizeof(said[0]), 0);
	for (i = 0; i < 2; i++)
		for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
			mail_lacks_slips(gd, ctx, langs[i], kinds[k], slips);
	json_decref(ctx);
	ctx = parse(notice_ctx);
	mails_say(gd, ctx, "notice", noticed,
	    sizeof(noticed) / sizeof(noticed[0]), 0);
	for (i = 0; i < 2; i++)
		mail_lacks_slips(gd, ctx, langs[i], "notice", slips);
	json_decref(ctx);
	ctx = parse(swap_ctx);
	mails_say(gd, ctx, "turn", swap_said, 1, 0);
	for (i = 0; i < 2; i++)
		mail_lacks_slips(gd, ctx, langs[i], "turn", slips);
	json_decref(ctx);
	ctx = parse(end_ctx);
	for (i = 0; i < 2; i++)
		mail_lacks_slips(gd, ctx, langs[i], "end", slips);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The zh mails wrote an ordinal two ways: The Masquerade's "第2行",
 * "第3回合", "（第4次）" close, where the Red Death's receipts, the
 * refusals and the host's mails say "第 2 行", "第 12 轮", "第 %d 格".
 * Most wrote it spaced, and now all do: a Chinese receipt of The
 * Masquerade says "第 2 行已接受", "代替未被接受的第 1 行", its subject
 * "第 3 回合", with no Han touching a digit anywhere.
 */
static void
chinese_ordinals_are_spaced(void **state)
{
	static const char ctx[] =
	    "{\"kind\": \"masquerade\", \"game\": \"g1\", \"player\": \"alice\","
	    " \"accepted\": [{\"line\": 2, \"text\": \"PASS\", \"corrects_line\": 1}],"
	    " \"refused\": [{\"line\": 1, \"text\": \"PSAS\", \"error\": \"x\","
	    "  \"corrected_by_line\": 2}],"
	    " \"already\": [{\"line\": 3, \"text\": \"PASS\", \"seq\": 4}],"
	    " \"not_needed\": [{\"line\": 4, \"text\": \"PASS\", \"error\": \"y\"}],"
	    " \"not_commands\": [{\"line\": 5, \"text\": \"hello\"}],"
	    " \"events\": [{\"type\": \"turn\", \"turn\": 3}],"
	    " \"view_before\": {\"turn\": 3},"
	    " \"view\": {\"phase\": \"stage\", \"turn\": 3,"
	    "  \"players\": [{\"name\": \"alice\"}, {\"name\": \"bob\"}]}}";
	static const char *const want[][2] = {
		{ "zh", "  第 2 行已接受：" },
		{ "zh", "    代替未被接受的第 1 行。\n" },
		{ "zh", "  第 1 行未被接受：PSAS\n" },
		{ "zh", "    已由第 2 行替换，该行已被接受。\n" },
		{ "zh", "  第 3 行已收到过：PASS\n" },
		{ "zh", "  第 4 行无需执行：PASS\n" },
		{ "zh", "  第 5 行：hello\n" },
		{ "zh", "  第 3 回合开始。\n" },
	};
	static const char *const slips[] = { "第1", "第2", "第3", "第4",
		"第5", NULL };
	json_t *gd = load_gamedata(), *c = parse(ctx);
	char *subject, *text, *html;

	(void)state;
	mails_say(gd, c, "receipt", want, sizeof(want) / sizeof(want[0]), 0);
	render(gd, c, "zh", "receipt", &subject, &text, &html);
	if (!has(subject, "] 第 3 回合："))
		fail_msg("the subject: %s", subject);
	free3(subject, text, html);
	mail_lacks_slips(gd, c, "zh", "receipt", slips);
	mail_lacks_slips(gd, c, "zh", "notice", slips);
	json_decref(c);
	json_decref(gd);
}

/*
 * An Order or a Stage the game gave a player because it was the only one
 * left (ms_advance's pick, asked of nobody) read "You chose Order 3." in
 * the mails, as if the player had chosen it (a player's review). The
 * engine's event says "only", and the mails say it was the one left: to
 * its player and to the others, in every language, text and HTML. Played
 * out with the deadline's defaults, as the daemon plays them.
 */
static json_t *
only_pick(const json_t *events, const char *type)
{
	const json_t *e;
	size_t i;

	json_array_foreach(events, i, e)
		if (strcmp(str(e, "type"), type) == 0 &&
		    json_is_true(json_object_get(e, "only")))
			return (json_t *)e;
	return NULL;
}

/* text holds phrase, blanks and line ends left out of both: a sentence
 * the text part's wrap may break anywhere (the HTML part is read exact) */
static int
has_unwrapped(const char *text, const char *phrase)
{
	char *t = strdup(text), *f = strdup(phrase), *w;
	const char *p;
	int yes;

	assert_non_null(t);
	assert_non_null(f);
	for (w = t, p = text; *p; p++)
		if (*p != ' ' && *p != '\n')
			*w++ = *p;
	*w = '\0';
	for (w = f, p = phrase; *p; p++)
		if (*p != ' ' && *p != '\n')
			*w++ = *p;
	*w = '\0';
	yes = strstr(t, f) != NULL;
	free(t);
	free(f);
	return yes;
}

static void
an_order_left_is_not_said_chosen(void **state)
{
	static const char *const types[] = { "order", "stage" };
	static const char *const langs[] = { "en", "ja", "zh" };
	static const char *const names[] = { "alice", "bob", "carol", "dave",
	    "erin" };
	json_t *gd = load_gamedata(), *ev[2][5] = { { NULL } }, *e, *ctx;
	void *data = NULL, *st = NULL;
	const struct mq_game_kind *k = mq_game_find("masquerade");
	struct mq_setup setup;
	struct mq_cmd cmd;
	struct mq_err err;
	char *subject, *text, *html, want[3][2][200], old[2][200];
	const char *actor, *name, *id;
	int seat, i, t, steps, r, mine;
	long order;

	(void)state;
	/* five players: the last to choose an Order has one left */
	assert_non_null(k);
	memset(&setup, 0, sizeof(setup));
	setup.nplayers = 5;
	for (i = 0; i < setup.nplayers; i++)
		setup.names[i] = names[i];
	if (k->load_data(gd, &data, &err) != 0 ||
	    k->setup(data, &setup, &st, &err) != 0)
		fail_msg("%s", err.msg);
	for (steps = 0; steps < 400 && ev[0][0] == NULL && !k->is_over(st);
	    steps++) {
		for (seat = -1, i = 0; i < 5 && seat < 0; i++)
			if (k->owes(st, i) != NULL)
				seat = i;
		assert_true(seat >= 0);
		assert_int_equal(k->default_command(st, seat, &cmd), 1);
		if (k->apply(st, seat, &cmd, &err) != 0)
			fail_msg("%s", err.msg);
		/* the moment of the first, from each seat */
		for (r = 0; r < 5; r++)
			ev[0][r] = k->events(st, r);
		if (only_pick(ev[0][0], "order") == NULL)
			for (r = 0; r < 5; r++) {
				json_decref(ev[0][r]);
				ev[0][r] = NULL;
			}
	}
	if (ev[0][0] == NULL)
		fail_msg("no Order was given as the only one left");
	/* a Stage is the only one with room in no game the defaults play
	 * (ten places, five dancers): the engine's event, as it makes it */
	for (r = 0; r < 5; r++)
		ev[1][r] = parse("[{\"type\": \"stage\", \"player\": \"bob\","
		    " \"stage\": \"ST1\", \"only\": true}]");
	for (t = 0; t < 2; t++) {
		e = only_pick(ev[t][0], types[t]);
		actor = str(e, "player");
		if (t == 0) {
			order = (long)json_integer_value(json_object_get(e,
			    "order"));
			snprintf(want[0][0], 200, "Order %ld was left to you: the "
			    "only one you could take.", order);
			snprintf(want[0][1], 200, "%s took Order %ld, the only one "
			    "they could take.", actor, order);
			snprintf(want[1][0], 200, "選べるオーダーは%ldだけだった"
			    "ので、あなたのオーダーになりました。", order);
			snprintf(want[1][1], 200, "選べるオーダーは%ldだけだった"
			    "ので、%s さんのオーダーになりました。", order, actor);
			snprintf(want[2][0], 200, "可选的只有顺序 %ld，自动分给了你。",
			    order);
			snprintf(want[2][1], 200, "可选的只有顺序 %ld，自动分给了 %s。",
			    order, actor);
			snprintf(old[0], 200, "You chose Order %ld.", order);
			snprintf(old[1], 200, "%s chose Order %ld.", actor, order);
		} else {
			id = str(e, "stage");
			name = card_named(gd, "stages", id, "en");
			snprintf(want[0][0], 200, "The %s was left to you: the "
			    "only Stage with room.", name);
			snprintf(want[0][1], 200, "%s's dancer went to the %s, "
			    "the only Stage with room.", actor, name);
			snprintf(old[0], 200, "You sent your dancer to the %s.",
			    name);
			snprintf(old[1], 200, "%s sent their dancer to the %s.",
			    actor, name);
			name = card_named(gd, "stages", id, "ja");
			snprintf(want[1][0], 200, "空きのあるステージは「%s」だけだった"
			    "ので、あなたのダンサーはそこへ向かいました。", name);
			snprintf(want[1][1], 200, "空きのあるステージは「%s」だけだった"
			    "ので、%s さんのダンサーはそこへ向かいました。", name,
			    actor);
			name = card_named(gd, "stages", id, "zh");
			snprintf(want[2][0], 200, "只有「%s」还有空位，你的舞者去了"
			    "那里。", name);
			snprintf(want[2][1], 200, "只有「%s」还有空位，%s 的舞者去了"
			    "那里。", name, actor);
		}
		for (r = 0; r < 5; r++) {
			mine = strcmp(names[r], actor) == 0;
			ctx = json_pack("{s:s, s:s, s:s, s:s, s:O}", "kind",
			    "masquerade", "game", "g1", "player", names[r],
			    "notice", "x", "events", ev[t][r]);
			assert_non_null(ctx);
			for (i = 0; i < 3; i++) {
				render(gd, ctx, langs[i], "notice", &subject,
				    &text, &html);
				if (!has_unwrapped(text, want[i][!mine]))
					fail_msg("%s, to %s: the text lacks "
					    "\"%s\":\n%s", langs[i], names[r],
					    want[i][!mine], text);
				if (!html_has(html, want[i][!mine]))
					fail_msg("%s, to %s: the HTML lacks "
					    "\"%s\":\n%s", langs[i], names[r],
					    want[i][!mine], html);
				if (i == 0 && has(text, old[!mine]))
					fail_msg("to %s: said chosen:\n%s",
					    names[r], text);
				free3(subject, text, html);
			}
			json_decref(ctx);
		}
	}
	for (t = 0; t < 2; t++)
		for (r = 0; r < 5; r++)
			json_decref(ev[t][r]);
	k->free_state(st);
	k->free_data(data);
	json_decref(gd);
}

/*
 * The turn mail and the reminder named the Dancer's and the Order's
 * default by their rule alone ("the first free Dancer", "the lowest Order
 * you may take"), leaving the player to work out which (a player's
 * review); they name it now, as the Stage's is named: "DANCER Sorcerer,
 * the first free Dancer", "ORDER 1, the lowest Order you may take", the
 * one the deadline would play (the engine's default command), in every
 * language, text and HTML. Played out on defaults, as the daemon plays.
 */
static void
the_dancer_and_order_defaults_are_named(void **state)
{
	static const char *const owed[] = { "dancer", "order" };
	static const char *const langs[] = { "en", "ja", "zh" };
	static const char *const kinds[] = { "turn", "reminder" };
	json_t *gd = load_gamedata(), *ctx;
	void *data = NULL, *st = NULL;
	const struct mq_game_kind *k = ms_three(gd, &data, &st);
	struct mq_cmd cmd, named;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err err;
	char *subject, *text, *html, want[3][200], line[200];
	const char *o = NULL, *id, *nm;
	int seat = -1, i, t, kk, l, steps;

	(void)state;
	for (t = 0; t < 2; t++) {
		for (steps = 0; steps < 100; steps++) {
			for (seat = -1, i = 0; i < 3 && seat < 0; i++)
				if ((o = k->owes(st, i)) != NULL)
					seat = i;
			assert_true(seat >= 0);
			if (strcmp(o, owed[t]) == 0)
				break;
			assert_int_equal(k->default_command(st, seat, &cmd), 1);
			if (k->apply(st, seat, &cmd, &err) != 0)
				fail_msg("%s", err.msg);
		}
		assert_string_equal(o, owed[t]);
		/* the command the deadline plays, as the host's log says it */
		assert_int_equal(k->default_command(st, seat, &cmd), 1);
		assert_int_equal(k->format(st, &cmd, &b), 0);
		snprintf(line, sizeof(line), "%s", mq_buf_str(&b));
		mq_buf_free(&b);
		ctx = json_pack("{s:s, s:s, s:s, s:s, s:s, s:b, s:i, s:o}",
		    "kind", "masquerade", "game", "g1", "player", ms_names[seat],
		    "owed", o, "deadline", "2026-12-03 09:20 UTC",
		    "reminder_left", 1, "left_hours", 12, "view",
		    k->view(st, seat));
		assert_non_null(ctx);
		if (t == 0) {
			id = str(json_object_get(ctx, "view"), "default_dancer");
			assert_non_null(id);
			nm = card_named(gd, "dancers", id, "en");
			snprintf(want[0], 200, "DANCER %s, the first free Dancer.",
			    nm);
			/* the mail names the dancer the deadline plays */
			snprintf(want[1], 200, "DANCER %s", nm);
			if (k->parse(st, seat, want[1], &named, &err) != 0 ||
			    k->format(st, &named, &b) != 0)
				fail_msg("%s: %s", want[1], err.msg);
			assert_string_equal(line, mq_buf_str(&b));
			mq_buf_free(&b);
			snprintf(want[1], 200, "DANCER %s（最初の空きダンサー）。",
			    card_named(gd, "dancers", id, "ja"));
			snprintf(want[2], 200, "DANCER %s（第一位空闲的舞者）。",
			    card_named(gd, "dancers", id, "zh"));
		} else {
			assert_true(json_is_integer(json_object_get(
			    json_object_get(ctx, "view"), "default_order")));
			i = (int)json_integer_value(json_object_get(
			    json_object_get(ctx, "view"), "default_order"));
			snprintf(want[0], 200, "ORDER %d", i);
			assert_string_equal(line, want[0]);
			snprintf(want[0], 200, "ORDER %d, the lowest Order you may "
			    "take.", i);
			snprintf(want[1], 200, "ORDER %d（選べる最小のオーダー）。", i);
			snprintf(want[2], 200, "ORDER %d（你能选的最小顺序）。", i);
		}
		for (kk = 0; kk < 2; kk++)
			for (l = 0; l < 3; l++) {
				if (kk == 1)
					assert_int_equal(json_object_set_new(ctx,
					    "reminder_mail", json_true()), 0);
				render(gd, ctx, langs[l], kinds[kk], &subject,
				    &text, &html);
				if (!has(text, want[l]))
					fail_msg("%s %s: the text lacks \"%s\":"
					    "\n%s", langs[l], kinds[kk], want[l],
					    text);
				if (!html_has(html, want[l]))
					fail_msg("%s %s: the HTML lacks \"%s\":"
					    "\n%s", langs[l], kinds[kk], want[l],
					    html);
				free3(subject, text, html);
			}
		json_decref(ctx);
	}
	k->free_state(st);
	k->free_data(data);
	json_decref(gd);
}

/*
 * The Stage request to a player holding Defend 3 (who cannot challenge)
 * ran two fragments together: "...the loser loses 1 life" then "but you
 * cannot challenge this turn: your Order forbids it", no punctuation
 * between or after (a player's review). The rule now ends where the
 * "but" takes over, and the "but" ends a sentence, in every language,
 * text and HTML: played out on defaults to the Stage owed with Order 3.
 */
static void
the_order_that_forbids_a_challenge_is_a_sentence(void **state)
{
	static const char *const want[][3] = {
		{ "en", "the loser loses 1 life;\n      but you cannot challenge "
		    "this turn: your Order forbids it.\n",
		    "the loser loses 1 life;</td></tr>\n<tr><td colspan=\"2\" "
		    "style=\"padding:0 0 2px 48px\">but you cannot challenge "
		    "this turn: your Order forbids it.</td></tr>" },
		{ "ja", "敗者はライフを1失う。\n      ただし、このターンのあなたは"
		    "挑戦できない（オーダーの効果）。\n",
		    "敗者はライフを1失う。</td></tr>\n<tr><td colspan=\"2\" "
		    "style=\"padding:0 0 2px 48px\">ただし、このターンのあなたは"
		    "挑戦できない（オーダーの効果）。</td></tr>" },
		{ "zh", "败者失去 1 点生命；\n      但你本回合不能发起挑战（你的顺序"
		    "禁止）。\n",
		    "败者失去 1 点生命；</td></tr>\n<tr><td colspan=\"2\" "
		    "style=\"padding:0 0 2px 48px\">但你本回合不能发起挑战（你的顺序"
		    "禁止）。</td></tr>" },
	};
	json_t *gd = load_gamedata(), *ctx = NULL, *v, *me;
	void *data = NULL, *st = NULL;
	const struct mq_game_kind *k = ms_three(gd, &data, &st);
	struct mq_cmd cmd;
	struct mq_err err;
	char *subject, *text, *html;
	const char *o = NULL;
	int seat, i, steps;

	(void)state;
	for (steps = 0; steps < 300 && ctx == NULL && !k->is_over(st);
	    steps++) {
		for (seat = -1, i = 0; i < 3 && seat < 0; i++)
			if ((o = k->owes(st, i)) != NULL)
				seat = i;
		assert_true(seat >= 0);
		if (strcmp(o, "stage") == 0) {
			v = k->view(st, seat);
			me = json_array_get(json_object_get(v, "players"),
			    (size_t)seat);
			if (json_integer_value(json_object_get(me, "order")) == 3 &&
			    json_is_false(json_object_get(me, "can_challenge")) &&
			    json_is_false(json_object_get(me, "no_life")))
				ctx = json_pack("{s:s, s:s, s:s, s:s, s:o}", "kind",
				    "masquerade", "game", "g1", "player",
				    ms_names[seat], "owed", o, "view", v);
			else
				json_decref(v);
			if (ctx != NULL)
				break;
		}
		assert_int_equal(k->default_command(st, seat, &cmd), 1);
		if (k->apply(st, seat, &cmd, &err) != 0)
			fail_msg("%s", err.msg);
	}
	if (ctx == NULL)
		fail_msg("no Stage was owed with Defend 3");
	for (i = 0; i < 3; i++) {
		render(gd, ctx, want[i][0], "turn", &subject, &text, &html);
		if (strstr(text, want[i][1]) == NULL)
			fail_msg("%s: the text lacks \"%s\":\n%s", want[i][0],
			    want[i][1], text);
		if (!html_has(html, want[i][2]))
			fail_msg("%s: the HTML lacks \"%s\":\n%s", want[i][0],
			    want[i][2], html);
		free3(subject, text, html);
	}
	json_decref(ctx);
	k->free_state(st);
	k->free_data(data);
	json_decref(gd);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(peoples_words_stay_text_even_when_they_are_card_ids),
		cmocka_unit_test(card_lists_are_separated),
		cmocka_unit_test(hands_read_as_lists),
		cmocka_unit_test(html_lines_do_not_run_together),
		cmocka_unit_test(guardian_and_treasure_abilities_are_told),
		cmocka_unit_test(stages_and_treasures_are_told),
		cmocka_unit_test(a_full_stage_is_not_offered),
		cmocka_unit_test(table_lists_are_separated),
		cmocka_unit_test(the_spell_deck_count_reads_at_one),
		cmocka_unit_test(the_reminder_names_the_default_owed),
		cmocka_unit_test(the_turn_names_the_default_owed),
		cmocka_unit_test(the_reminder_subject_says_the_time_left),
		cmocka_unit_test(the_end_gives_each_score_in_parts),
		cmocka_unit_test(a_discard_example_is_from_the_hand),
		cmocka_unit_test(the_late_request_is_not_hung),
		cmocka_unit_test(the_others_waiting_mail_reads_in_japanese),
		cmocka_unit_test(an_example_names_another_player),
		cmocka_unit_test(only_the_decision_owed_is_told),
		cmocka_unit_test(a_dancer_that_cannot_challenge_is_told),
		cmocka_unit_test(only_open_orders_are_offered),
		cmocka_unit_test(only_challengeable_dancers_are_offered),
		cmocka_unit_test(spells_say_what_they_do),
		cmocka_unit_test(events_say_what_they_do),
		cmocka_unit_test(orders_say_what_they_do),
		cmocka_unit_test(emblems_say_what_wins_them),
		cmocka_unit_test(an_emblem_keeps_its_holder_beside_its_vp),
		cmocka_unit_test(a_fight_offers_what_can_be_done),
		cmocka_unit_test(no_reveal_follows_a_fugue_example),
		cmocka_unit_test(an_orders_effect_is_told),
		cmocka_unit_test(the_fight_sentence_wraps_cleanly),
		cmocka_unit_test(a_receipt_quotes_a_refused_line_that_is_a_card_id),
		cmocka_unit_test(a_receipt_says_what_each_command_does),
		cmocka_unit_test(a_pass_says_what_it_declined),
		cmocka_unit_test(a_fight_notice_subject_says_the_result),
		cmocka_unit_test(the_table_shows_vp_and_the_leader),
		cmocka_unit_test(the_root_is_not_an_entry_of_the_reader),
		cmocka_unit_test(odd_contexts_still_decorate),
		cmocka_unit_test(a_language_folder_is_never_cut_short),
		cmocka_unit_test(the_reader_is_anata_in_japanese),
		cmocka_unit_test(the_reader_is_you_in_english_and_chinese),
		cmocka_unit_test(the_end_and_the_dancers_chosen_name_the_reader),
		cmocka_unit_test(a_tie_is_said_as_one),
		cmocka_unit_test(no_life_lost_and_one_spell_said_so),
		cmocka_unit_test(mails_say_why),
		cmocka_unit_test(a_late_renewal_is_no_new_run_out),
		cmocka_unit_test(repeated_draws_are_told_once),
		cmocka_unit_test(stage_draws_name_their_card),
		cmocka_unit_test(win_and_event_draws_name_their_source),
		cmocka_unit_test(guardians_have_english_names),
		cmocka_unit_test(spells_not_kept_go_to_the_tomb),
		cmocka_unit_test(events_are_html_lists),
		cmocka_unit_test(a_fight_names_the_reader_you),
		cmocka_unit_test(a_fight_power_is_given_in_parts),
		cmocka_unit_test(a_fight_result_gives_power_in_parts),
		cmocka_unit_test(a_zero_part_is_signed),
		cmocka_unit_test(a_single_part_is_not_repeated),
		cmocka_unit_test(zero_life_parts_do_not_nest_brackets),
		cmocka_unit_test(a_fugue_tie_is_said),
		cmocka_unit_test(a_later_pickers_welcome_shows_the_dancers),
		cmocka_unit_test(the_table_fits_its_lines),
		cmocka_unit_test(no_event_line_is_cut),
		cmocka_unit_test(no_card_description_is_cut),
		cmocka_unit_test(a_long_name_cuts_no_word),
		cmocka_unit_test(the_stage_request_fits_its_lines),
		cmocka_unit_test(choices_line_up_in_columns),
		cmocka_unit_test(change_of_partner_names_the_players),
		cmocka_unit_test(html_choices_are_table_rows),
		cmocka_unit_test(the_run_out_ending_says_the_count_that_ended_it),
		cmocka_unit_test(a_refusal_cuts_no_word),
		cmocka_unit_test(chinese_counts_vp_and_orders_read_as_one),
		cmocka_unit_test(chinese_ordinals_are_spaced),
		cmocka_unit_test(masquerade_wording_reads_as_native),
		cmocka_unit_test(an_order_left_is_not_said_chosen),
		cmocka_unit_test(the_dancer_and_order_defaults_are_named),
		cmocka_unit_test(the_order_that_forbids_a_challenge_is_a_sentence),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
