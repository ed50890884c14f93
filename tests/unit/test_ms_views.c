/*
 * test_ms_views.c - The Masquerade's command language and views.
 *
 * The language: every command type survives format -> parse unchanged,
 * every name and keyword the card set gives (en, ja, zh) reads as its
 * English word, and malformed lines are refused with a sentence. The views:
 * a Mask, a hand, banked counters and a KEEP offer appear in their owner's
 * view and the admin's only; a revealed Mask, and every Mask at the end, in
 * all. The tables are built by hand (no setup, no apply), so these test
 * ms_parse.c and ms_view.c alone.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "err.h"
#include "buf.h"
#include "engine/game.h"
#include "engine/masquerade/ms.h"

enum { ALICE, BOB, CAROL };
static const char *const names[] = { "alice", "bob", "carol" };
/* The viewers: each seat, then the public. */
static const int viewers[4] = { ALICE, BOB, CAROL, MQ_VIEW_PUBLIC };

static void *data;

static int
group_setup(void **state)
{
	/* tests run in the repo's root, as the Red Death's do */
	const char *path = "config/games/masquerade.json";
	json_error_t je;
	struct mq_err err;
	json_t *j;

	j = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	if (j == NULL) {
		fprintf(stderr, "cannot read %s: %s\n", path, je.text);
		return -1;
	}
	mq_err_clear(&err);
	if (ms_data_load(j, &data, &err) != 0) {
		fprintf(stderr, "cannot load %s: %s\n", path, err.msg);
		json_decref(j);
		return -1;
	}
	json_decref(j);
	return 0;
}

static int
group_teardown(void **state)
{
	ms_data_free(data);
	return 0;
}

static int
spell(const char *id)
{
	int i = ms_find_spell(data, id);

	if (i < 0)
		fail_msg("no Spell %s in the card set", id);
	return i;
}

/*
 * Three players in the Spell phase of turn 2, alice to play: alice in the
 * Library, bob in the Arena, carol in the Chapel. Each holds a Spell nobody
 * else holds and the tomb has none of: alice a Prelude, bob the Symphony,
 * carol a Fugue; bob has banked a Nocturne. Masks M1, M2, M3 in seat order.
 */
static struct ms_state *
table(void)
{
	const struct ms_data *d = data;
	struct ms_state *st = calloc(1, sizeof(*st));
	int i;

	assert_non_null(st);
	st->data = d;
	st->nplayers = 3;
	st->phase = MS_PH_SPELL;
	st->turn = 2;
	st->step = 0;
	st->prophet = CAROL;
	st->winner = -1;
	for (i = 0; i < 3; i++) {
		struct ms_player *pl = &st->p[i];

		snprintf(pl->name, sizeof(pl->name), "%s", names[i]);
		pl->mask = pl->mask_dealt = (int8_t)ms_find_mask(d, i == 0 ? "M1" :
		    i == 1 ? "M2" : "M3");
		assert_true(pl->mask >= 0);
		pl->dancer = (int8_t)i;
		pl->order = (int8_t)(i + 1);
		pl->last_order = (int8_t)(3 - i);
		pl->life = 2;
		st->seq[i] = (uint8_t)i;
	}
	st->p[ALICE].stage = (int8_t)ms_find_stage(d, "ST4");
	st->p[BOB].stage = (int8_t)ms_find_stage(d, "ST2");
	st->p[CAROL].stage = (int8_t)ms_find_stage(d, "ST3");
	st->p[ALICE].hand[spell("SP_march")] = 2;
	st->p[ALICE].hand[spell("SP_prelude")] = 1;
	st->p[BOB].hand[spell("SP_symphony")] = 1;
	st->p[BOB].hand[spell("SP_waltz")] = 1;
	st->p[BOB].banked[spell("SP_nocturne")] = 1;
	st->p[CAROL].hand[spell("SP_fugue")] = 1;
	st->tomb[spell("SP_march")] = 1;
	for (i = 0; i < d->ndeck - 8 && i < MS_DECK; i++)
		st->deck[i] = (uint8_t)spell("SP_waltz");
	st->deck_n = i;
	st->events_left = (uint16_t)((1u << d->nevents) - 1);
	st->dancers_aside = (uint8_t)(((1u << d->ndancers) - 1) & ~7u);
	for (i = 0; i < MS_EMBLEMS; i++)
		st->emblem_holder[i] = -1;
	return st;
}

/* ---- the command language ---- */

static void
parse_ok(const struct ms_state *st, const char *line, struct mq_cmd *cmd)
{
	struct mq_err err;

	mq_err_clear(&err);
	if (ms_parse(st, ALICE, line, cmd, &err) != 0)
		fail_msg("\"%s\" was refused: %s", line, err.msg);
}

/* line parses, and formats as want. */
static void
reads_as(const struct ms_state *st, const char *line, const char *want)
{
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_cmd cmd;

	parse_ok(st, line, &cmd);
	assert_int_equal(ms_format(st, &cmd, &b), 0);
	if (strcmp(mq_buf_str(&b), want) != 0)
		fail_msg("\"%s\" reads as \"%s\", not \"%s\"", line, mq_buf_str(&b),
		    want);
	mq_buf_free(&b);
}

/* c formats, and its text parses back to c byte for byte. */
static void
round_trip(const struct ms_state *st, const struct mq_cmd *c)
{
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_cmd back;

	assert_int_equal(ms_format(st, c, &b), 0);
	parse_ok(st, mq_buf_str(&b), &back);
	if (memcmp(c, &back, sizeof(back)) != 0)
		fail_msg("\"%s\" does not parse back to the command it came from",
		    mq_buf_str(&b));
	mq_buf_free(&b);
}

static struct ms_cmd *
blank(struct mq_cmd *cmd, int type)
{
	struct ms_cmd *c = ms_cmd_of(cmd);

	memset(cmd, 0, sizeof(*cmd));
	c->type = (uint8_t)type;
	c->card = c->target = c->card2 = -1;
	return c;
}

static void
test_parse_canonical_text(void **state)
{
	struct ms_state *st = table();

	reads_as(st, "DANCER Eternal Prisoner", "DANCER eternal-prisoner");
	reads_as(st, "dancer eternal-prisoner", "DANCER eternal-prisoner");
	reads_as(st, "ORDER 3", "ORDER 3");
	reads_as(st, "order \xef\xbc\x93", "ORDER 3");		/* full-width 3 */
	reads_as(st, "ORDER Wait 5", "ORDER 5");
	/* the Order's word alone, as the card shows it (found by players by
	 * mail: "ORDER rally" was "not an Order") */
	reads_as(st, "ORDER rally", "ORDER 4");
	reads_as(st, "ORDER Lead", "ORDER 1");
	reads_as(st, "ORDER 鼓舞", "ORDER 4");
	reads_as(st, "順番 鼓舞する", "ORDER 4");
	reads_as(st, "ORDER 防衛", "ORDER 3");
	/* the Chinese names as the mails write them, a spaced numeral
	 * ("领舞 1"), and as they were, a full-width digit touching */
	reads_as(st, "顺序 领舞 1", "ORDER 1");
	reads_as(st, "顺序 领舞１", "ORDER 1");
	reads_as(st, "顺序 领舞1", "ORDER 1");
	reads_as(st, "顺序 待機５", "ORDER 5");
	reads_as(st, "顺序 鼓舞 4", "ORDER 4");
	/* the words people write (the mails' オーダー too), keywords run into
	 * what they take as Chinese and Japanese are written, traditional
	 * characters (found by players by mail) */
	reads_as(st, "オーダー　４", "ORDER 4");
	reads_as(st, "挑战bob", "CHALLENGE bob");
	reads_as(st, "使用进行曲", "PLAY march");
	reads_as(st, "出牌 进行曲", "PLAY march");
	reads_as(st, "PLAY 進行曲", "PLAY march");
	reads_as(st, "舞者：盜賊", "DANCER thief");
	reads_as(st, "揭示面具", "REVEAL");
	reads_as(st, "マスクを公開", "REVEAL");
	reads_as(st, "跳过", "PASS");
	reads_as(st, "STAGE grand hall", "STAGE grand-hall");
	reads_as(st, "PLAY march", "PLAY march");
	reads_as(st, "PLAY rhapsody PAY march, waltz", "PLAY rhapsody PAY march waltz");
	reads_as(st, "play requiem pay waltz march on BOB",
	    "PLAY requiem PAY march waltz ON bob");
	reads_as(st, "PLAY concerto BANK march PAY waltz waltz",
	    "PLAY concerto PAY waltz waltz BANK march");
	reads_as(st, "PLAY serenade PAY march ON carol",
	    "PLAY serenade PAY march ON carol");
	reads_as(st, "reveal", "REVEAL");
	reads_as(st, "pass", "PASS");
	reads_as(st, "Done", "PASS");
	reads_as(st, "CHALLENGE Carol", "CHALLENGE carol");
	reads_as(st, "BANK waltz", "BANK waltz");
	reads_as(st, "DISCARD waltz march,march", "DISCARD march march waltz");
	reads_as(st, "KEEP serenade", "KEEP serenade");
	reads_as(st, "EVENT Request for a Tune", "EVENT request-for-a-tune");
	reads_as(st, "EVENT request-for-a-tune", "EVENT request-for-a-tune");
	reads_as(st, "SWAP bob eternal prisoner", "SWAP bob eternal-prisoner");
	reads_as(st, "STATUS", "STATUS");
	reads_as(st, "help", "HELP");
	/* full-width letters, the ideographic space */
	reads_as(st, "\xef\xbc\xa4\xef\xbc\xa1\xef\xbc\xae\xef\xbc\xa3\xef\xbc\xa5"
	    "\xef\xbc\xb2\xe3\x80\x80thief", "DANCER thief");
	/* the card set's Japanese names */
	reads_as(st, "DANCER 永劫の囚人", "DANCER eternal-prisoner");
	reads_as(st, "STAGE 塔", "STAGE tower");
	reads_as(st, "ORDER 待機する５", "ORDER 5");
	reads_as(st, "EVENT 曲目の要求", "EVENT request-for-a-tune");
	reads_as(st, "PLAY 狂詩曲 PAY 行進曲、円舞曲",
	    "PLAY rhapsody PAY march waltz");
	/* the loanwords a Japanese player says for the Spells, full-width
	 * or half-width katakana */
	reads_as(st, "プレイ ラプソディー 払う マーチ、ワルツ",
	    "PLAY rhapsody PAY march waltz");
	reads_as(st, "PLAY ﾚｸｲｴﾑ PAY ｾﾚﾅｰﾃﾞ ﾌｰｶﾞ",
	    "PLAY requiem PAY fugue serenade");
	reads_as(st, "KEEP ノクターン", "KEEP nocturne");
	/* a colon after a keyword, as people write in mail ('"dancer:" is
	 * not a command' was the answer); full-width in Japanese */
	reads_as(st, "DANCER: thief", "DANCER thief");
	reads_as(st, "dancer:thief", "DANCER thief");
	reads_as(st, "DANCER : Eternal Prisoner", "DANCER eternal-prisoner");
	reads_as(st, "ダンサー：永劫の囚人", "DANCER eternal-prisoner");
	reads_as(st, "ORDER: 3", "ORDER 3");
	reads_as(st, "STAGE: grand hall", "STAGE grand-hall");
	reads_as(st, "PLAY: rhapsody PAY: march, waltz ON: bob",
	    "PLAY rhapsody PAY march waltz ON bob");
	reads_as(st, "play:concerto bank:march pay:waltz waltz",
	    "PLAY concerto PAY waltz waltz BANK march");
	reads_as(st, "CHALLENGE: carol", "CHALLENGE carol");
	reads_as(st, "pass:", "PASS");
	reads_as(st, "STATUS:", "STATUS");
	/* a sentence's end: '"bard." is not a Dancer' was the answer */
	reads_as(st, "DANCER thief.", "DANCER thief");
	reads_as(st, "ダンサー 永劫の囚人。", "DANCER eternal-prisoner");
	reads_as(st, "舞台 塔。 ", "STAGE tower");
	reads_as(st, "pass!", "PASS");
	reads_as(st, "\xef\xbc\xb0\xef\xbc\xa1\xef\xbc\xb3\xef\xbc\xb3\xef\xbc\x8e",
	    "PASS");					/* ＰＡＳＳ． */
	reads_as(st, "CHALLENGE bob?", "CHALLENGE bob");
	free(st);
}

static void
test_parse_round_trip_every_type(void **state)
{
	const struct ms_data *d = data;
	struct ms_state *st = table();
	struct mq_cmd cmd;
	struct ms_cmd *c;
	int i, k, s;

	for (i = 0; i < d->ndancers; i++) {
		blank(&cmd, MS_C_DANCER)->card = (int8_t)i;
		round_trip(st, &cmd);
		for (s = 0; s < st->nplayers; s++) {
			c = blank(&cmd, MS_C_SWAP);
			c->target = (int8_t)s;
			c->card2 = (int8_t)i;
			round_trip(st, &cmd);
		}
	}
	for (i = 1; i <= MS_ORDERS; i++) {
		blank(&cmd, MS_C_ORDER)->card = (int8_t)i;
		round_trip(st, &cmd);
	}
	for (i = 0; i < d->nstages; i++) {
		blank(&cmd, MS_C_STAGE)->card = (int8_t)i;
		round_trip(st, &cmd);
	}
	for (i = 0; i < d->nevents; i++) {
		blank(&cmd, MS_C_EVENT)->card = (int8_t)i;
		round_trip(st, &cmd);
	}
	for (i = 0; i < d->nspells; i++) {
		blank(&cmd, MS_C_BANK)->card = (int8_t)i;
		round_trip(st, &cmd);
		blank(&cmd, MS_C_PLAY)->card = (int8_t)i;
		round_trip(st, &cmd);
		for (k = 0; k < d->nspells; k++) {
			c = blank(&cmd, MS_C_PLAY);
			c->card = (int8_t)i;
			c->n[k] = 2;
			c->n[(k + 3) % d->nspells]++;
			c->target = (int8_t)(k % 3);
			c->card2 = (int8_t)((i + k) % d->nspells);
			round_trip(st, &cmd);
			c = blank(&cmd, (k & 1) ? MS_C_KEEP : MS_C_DISCARD);
			c->n[i] = 1;
			c->n[k]++;
			round_trip(st, &cmd);
		}
	}
	for (s = 0; s < st->nplayers; s++) {
		blank(&cmd, MS_C_CHALLENGE)->target = (int8_t)s;
		round_trip(st, &cmd);
	}
	blank(&cmd, MS_C_REVEAL);
	round_trip(st, &cmd);
	blank(&cmd, MS_C_PASS);
	round_trip(st, &cmd);
	blank(&cmd, MS_C_STATUS);
	round_trip(st, &cmd);
	blank(&cmd, MS_C_HELP);
	round_trip(st, &cmd);
	assert_int_equal(ms_is_secret(&cmd), 0);
	/* what has no text is not formatted as something else */
	{
		struct mq_buf b = MQ_BUF_INIT;

		blank(&cmd, MS_C_DISCARD);
		assert_int_equal(ms_format(st, &cmd, &b), MQ_REFUSED);
		blank(&cmd, MS_C_ORDER)->card = 6;
		assert_int_equal(ms_format(st, &cmd, &b), MQ_REFUSED);
		blank(&cmd, 0);
		assert_int_equal(ms_format(st, &cmd, &b), MQ_REFUSED);
		mq_buf_free(&b);
	}
	free(st);
}

/* An English line for each keyword, %s standing for the keyword. */
static const char *const key_lines[] = {
	[MS_K_DANCER] = "%s thief",
	[MS_K_ORDER] = "%s 3",
	[MS_K_STAGE] = "%s tower",
	[MS_K_PLAY] = "%s march",
	[MS_K_PAY] = "PLAY waltz %s march",
	[MS_K_ON] = "PLAY requiem PAY waltz waltz %s bob",
	[MS_K_BANK] = "%s march",
	[MS_K_REVEAL] = "%s",
	[MS_K_PASS] = "%s",
	[MS_K_CHALLENGE] = "%s bob",
	[MS_K_DISCARD] = "%s march",
	[MS_K_KEEP] = "%s march",
	[MS_K_EVENT] = "%s oracle",
	[MS_K_SWAP] = "%s bob thief",
	[MS_K_STATUS] = "%s",
	[MS_K_HELP] = "%s",
};
static const char *const key_en[] = {
	"DANCER", "ORDER", "STAGE", "PLAY", "PAY", "ON", "BANK", "REVEAL", "PASS",
	"CHALLENGE", "DISCARD", "KEEP", "EVENT", "SWAP", "STATUS", "HELP",
};

static int
non_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return 1;
	return 0;
}

/* Every alias of the card set, in whatever language, reads as the English
 * word it stands for; written with spaces for its '-', too. */
static void
test_parse_every_alias(void **state)
{
	const struct ms_data *d = data;
	struct ms_state *st = table();
	struct mq_cmd cmd, en;
	char line[256], spaced[MS_NAME];
	int i, k, other[MS_K_HELP + 1] = { 0 };
	const char *fmt = NULL;

	for (i = 0; i < d->nalias; i++) {
		const struct ms_alias *al = &d->alias[i];
		const struct ms_cmd *c = ms_cmd_ofc(&cmd);
		int pass;

		if (al->word == MS_W_KEY && al->value <= MS_K_HELP &&
		    non_ascii(al->text))
			other[al->value]++;
		snprintf(spaced, sizeof(spaced), "%s", al->text);
		for (k = 0; spaced[k]; k++)
			if (spaced[k] == '-')
				spaced[k] = ' ';
		for (pass = 0; pass < 2; pass++) {
			const char *text = pass ? spaced : al->text;

			switch (al->word) {
			case MS_W_KEY:
				assert_true(al->value <= MS_K_HELP);
				snprintf(line, sizeof(line), key_lines[al->value], text);
				parse_ok(st, line, &cmd);
				snprintf(line, sizeof(line), key_lines[al->value],
				    key_en[al->value]);
				parse_ok(st, line, &en);
				if (memcmp(&cmd, &en, sizeof(en)) != 0)
					fail_msg("the keyword \"%s\" does not read as %s",
					    al->text, key_en[al->value]);
				continue;
			case MS_W_DANCER:
				fmt = "DANCER %s";
				break;
			case MS_W_ORDER:
				fmt = "ORDER %s";
				break;
			case MS_W_STAGE:
				fmt = "STAGE %s";
				break;
			case MS_W_SPELL:
				fmt = "BANK %s";
				break;
			case MS_W_EVENT:
				fmt = "EVENT %s";
				break;
			default:
				fail_msg("alias \"%s\" has no word %d", al->text, al->word);
			}
			snprintf(line, sizeof(line), fmt, text);
			parse_ok(st, line, &cmd);
			if (c->card != al->value)
				fail_msg("\"%s\" reads as card %d, not %d", line, c->card,
				    al->value);
			round_trip(st, &cmd);
		}
	}
	/* each keyword has a name in Japanese and in Chinese */
	for (k = 0; k <= MS_K_HELP; k++)
		if (other[k] < 2)
			fail_msg("%s has %d names outside ASCII, not a Japanese and a "
			    "Chinese one", key_en[k], other[k]);
	free(st);
}

static void
refused(const struct ms_state *st, const char *line, const char *says)
{
	struct mq_err err;
	struct mq_cmd cmd;
	size_t n;

	mq_err_clear(&err);
	if (ms_parse(st, ALICE, line, &cmd, &err) != MQ_REFUSED)
		fail_msg("\"%s\" was not refused", line);
	if (strstr(err.msg, says) == NULL)
		fail_msg("\"%s\" was refused with \"%s\", which does not say \"%s\"",
		    line, err.msg, says);
	n = strlen(err.msg);
	if (n == 0 || err.msg[n - 1] != '.')
		fail_msg("\"%s\" was refused with \"%s\", not one sentence", line,
		    err.msg);
}

static void
test_parse_refusals(void **state)
{
	struct ms_state *st = table();

	refused(st, "", "empty");
	refused(st, "   ,  ", "empty");
	refused(st, "FLY away", "\"FLY\" is not a command");
	refused(st, "march", "\"march\" is not a command");
	refused(st, "PASS now", "PASS takes nothing after it");
	refused(st, "STATUS please", "STATUS takes nothing after it");
	refused(st, "DANCER thief bard", "\"bard\" after DANCER");
	refused(st, "ORDER 3 4", "\"4\" after ORDER");
	refused(st, "DANCER", "DANCER needs the name of a Dancer");
	refused(st, "DANCER zorro", "\"zorro\" is not a Dancer");
	refused(st, "ORDER 6", "\"6\" is not an Order");
	refused(st, "ORDER", "ORDER needs a number");
	refused(st, "STAGE moon", "\"moon\" is not a Stage");
	refused(st, "PLAY", "PLAY needs the name of a Spell");
	/* the name as written, not its first word (found by players by
	 * mail: "SWAP xia eternal prisner" quoted "eternal") */
	refused(st, "PLAY request for a tune", "\"request for a tune\" is not "
	    "a Spell");
	refused(st, "PLAY lulaby", "\"lulaby\" is not a Spell; did you mean "
	    "lullaby? The Spells are march, ");
	refused(st, "STAGE toewr", "\"toewr\" is not a Stage; did you mean "
	    "tower?");
	refused(st, "PLAY lulaby ON bob", "\"lulaby\" is not a Spell; did you "
	    "mean lullaby?");
	refused(st, "PLAY lulaby alice", "\"lulaby\" is not a Spell; did you "
	    "mean lullaby?");
	refused(st, "PLAY rhapsody PAY", "PAY needs the names of the Spells you "
	    "discard, e.g. PLAY rhapsody PAY march waltz.");
	refused(st, "PLAY rhapsody PAY ON bob", "PAY needs the names");
	refused(st, "PLAY rhapsody PAY march zed", "\"zed\" is not a Spell");
	refused(st, "PLAY rhapsody PAY march PAY waltz", "PAY is given twice");
	refused(st, "PLAY rhapsody march", "After PLAY rhapsody, \"march\" is not "
	    "understood");
	refused(st, "PLAY requiem PAY waltz waltz ON zed",
	    "There is no player called \"zed\" in this game");
	refused(st, "PLAY requiem ON", "ON needs a player's name");
	refused(st, "PLAY concerto BANK", "BANK needs the name of a Spell");
	refused(st, "CHALLENGE zed", "There is no player called \"zed\" in this "
	    "game; the players are alice, bob, carol.");
	refused(st, "CHALLENGE bob carol", "\"carol\" after CHALLENGE");
	refused(st, "BANK", "BANK needs the name of a Spell");
	refused(st, "DISCARD", "DISCARD needs the names");
	refused(st, "KEEP", "KEEP needs the names");
	refused(st, "KEEP waltz PASS", "\"PASS\" after KEEP");
	refused(st, "EVENT request for a", "\"request for a\" is not an Event");
	refused(st, "EVENT oracle silence", "\"silence\" after EVENT");
	refused(st, "EVENT", "EVENT needs the name of an Event");
	refused(st, "SWAP bob", "SWAP needs a player and a set-aside Dancer, e.g. "
	    "SWAP bob thief.");
	refused(st, "SWAP", "SWAP needs a player's name");
	/* the set-aside Dancers alone, which SWAP takes (it listed all six),
	 * and the one meant when a name is a near miss of one */
	refused(st, "SWAP bob zorro", "\"zorro\" is not a set-aside Dancer; the "
	    "set-aside Dancers are bard, thief, eternal-prisoner.");
	refused(st, "SWAP bob eternal prisner", "\"eternal prisner\" is not a "
	    "set-aside Dancer; did you mean eternal-prisoner? The set-aside "
	    "Dancers are bard, thief, eternal-prisoner.");
	refused(st, "SWAP thief bob", "There is no player called \"thief\"");
	free(st);
}

/* ---- the views ---- */

static char *
view_text(const struct ms_state *st, int seat)
{
	json_t *v = ms_view(st, seat);
	char *s;

	assert_non_null(v);
	s = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(v);
	assert_non_null(s);
	return s;
}

/* text is in the view of `owner` and the admin's, and in no other. */
static void
only_owner_sees(const struct ms_state *st, int owner, const char *text)
{
	char *v;
	size_t i;

	for (i = 0; i < 4; i++) {
		v = view_text(st, viewers[i]);
		if (viewers[i] == owner) {
			if (strstr(v, text) == NULL)
				fail_msg("the owner's view lacks %s", text);
		} else if (strstr(v, text) != NULL) {
			fail_msg("view %d shows %s, which is seat %d's secret",
			    viewers[i], text, owner);
		}
		free(v);
	}
	v = view_text(st, MQ_VIEW_ADMIN);
	if (strstr(v, text) == NULL)
		fail_msg("the admin's view lacks %s", text);
	free(v);
}

static void
everyone_sees(const struct ms_state *st, const char *text)
{
	char *v;
	size_t i;

	for (i = 0; i < 4; i++) {
		v = view_text(st, viewers[i]);
		if (strstr(v, text) == NULL)
			fail_msg("view %d lacks %s, which is public", viewers[i], text);
		free(v);
	}
}

/* Nobody's player entry holds another's secret keys. */
static void
no_private_keys_of_others(const struct ms_state *st)
{
	static const char *const priv[] = { "mask", "hand", "banked" };
	json_t *v, *players, *pl;
	size_t i, k, p;

	for (i = 0; i < 4; i++) {
		v = ms_view(st, viewers[i]);
		assert_non_null(v);
		players = json_object_get(v, "players");
		assert_int_equal(json_array_size(players), 3);
		for (p = 0; p < 3; p++) {
			pl = json_array_get(players, p);
			assert_string_equal(json_string_value(json_object_get(pl,
			    "name")), names[p]);
			for (k = 0; k < 3; k++) {
				int has = json_object_get(pl, priv[k]) != NULL;

				if (has != ((int)p == viewers[i]))
					fail_msg("view %d %s %s of seat %zu", viewers[i],
					    has ? "shows" : "lacks", priv[k], p);
			}
		}
		json_decref(v);
	}
}

static void
test_view_masks_only_owner(void **state)
{
	struct ms_state *st = table();

	only_owner_sees(st, ALICE, "\"M1\"");
	only_owner_sees(st, BOB, "\"M2\"");
	only_owner_sees(st, CAROL, "\"M3\"");
	no_private_keys_of_others(st);
	free(st);
}

static void
test_view_hands_and_banked_only_owner(void **state)
{
	struct ms_state *st = table();
	json_t *v, *pl;

	only_owner_sees(st, ALICE, "\"SP_prelude\"");
	only_owner_sees(st, BOB, "\"SP_symphony\"");
	only_owner_sees(st, BOB, "\"SP_nocturne\"");
	only_owner_sees(st, CAROL, "\"SP_fugue\"");
	/* ... while their sizes, and the tomb, are public */
	v = ms_view(st, CAROL);
	assert_non_null(v);
	pl = json_array_get(json_object_get(v, "players"), BOB);
	assert_int_equal(json_integer_value(json_object_get(pl, "hand_size")), 2);
	assert_int_equal(json_integer_value(json_object_get(pl, "counters")), 1);
	assert_int_equal(json_array_size(json_object_get(v, "tomb")), 1);
	assert_string_equal(json_string_value(json_object_get(json_array_get(
	    json_object_get(v, "tomb"), 0), "spell")), "SP_march");
	assert_string_equal(json_string_value(json_object_get(v, "game")),
	    "masquerade");
	assert_string_equal(json_string_value(json_object_get(v, "phase")),
	    "spell");
	assert_string_equal(json_string_value(json_object_get(v, "me")), "carol");
	json_decref(v);
	everyone_sees(st, "\"hand_size\":3");
	everyone_sees(st, "\"prophet\":\"carol\"");
	free(st);
}

static void
test_view_public_holds_no_secret(void **state)
{
	struct ms_state *st = table();
	char *v = view_text(st, MQ_VIEW_PUBLIC);

	assert_null(strstr(v, "\"hand\""));
	assert_null(strstr(v, "\"mask\""));
	assert_null(strstr(v, "\"banked\""));
	assert_null(strstr(v, "\"M1\""));
	assert_null(strstr(v, "\"M2\""));
	assert_null(strstr(v, "\"M3\""));
	assert_null(strstr(v, "\"me\":\""));
	assert_non_null(strstr(v, "\"stages\""));
	free(v);
	free(st);
}

/* The index of the card id among n entries of names `stride` bytes apart. */
static int
card_index(const struct ms_names *first, size_t stride, int n, const char *id)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(((const struct ms_names *)(const void *)((const char *)
		    first + (size_t)i * stride))->id, id) == 0)
			return i;
	fail_msg("no card %s in the card set", id);
	return -1;
}

/*
 * Each player's VP as the table shows them ("public_vp": a counter 1, the
 * Emblems' and the Treasures'), and who leads in VP, are in every view, as
 * a mail's table shows them (they were not, though Defend 3 and Divine
 * Judgement turn on them); a Mask's VP never: alice holds 3 counters and
 * the Lion Mask, met (3 VP, hers alone to know), so her 3 VP show as 3,
 * not 6, in her own view too, and bob (a counter, the Golden Crown's 2,
 * the Emblem of Valor's 1: 4) leads.
 */
static void
test_view_public_vp_holds_no_mask(void **state)
{
	const struct ms_data *d = data;
	struct ms_state *st = table();
	static const int want[3] = { 3, 4, 0 };
	static const int all[5] = { ALICE, BOB, CAROL, MQ_VIEW_PUBLIC,
	    MQ_VIEW_ADMIN };
	const json_t *pl, *lead;
	json_t *v;
	int i, p, em = card_index(&d->emblem[0].nm, sizeof(d->emblem[0]),
	    d->nemblems, "EM1");

	st->p[ALICE].banked[spell("SP_march")] = 3;
	st->p[BOB].treasures = (uint16_t)(1u << card_index(&d->guardian[0].nm,
	    sizeof(d->guardian[0]), d->nguardians, "G7"));
	st->p[BOB].emblems = (uint8_t)(1u << em);
	st->emblem_holder[em] = BOB;
	assert_int_equal(d->mask[st->p[ALICE].mask].vp, 3);
	for (i = 0; i < 5; i++) {
		v = ms_view(st, all[i]);
		assert_non_null(v);
		for (p = 0; p < 3; p++) {
			pl = json_array_get(json_object_get(v, "players"), p);
			if (json_integer_value(json_object_get(pl, "public_vp")) !=
			    want[p] || !json_is_integer(json_object_get(pl,
			    "public_vp")))
				fail_msg("view %d: %s's VP shown %lld, not %d",
				    all[i], names[p], (long long)json_integer_value(
				    json_object_get(pl, "public_vp")), want[p]);
			assert_true(json_is_boolean(json_object_get(pl,
			    "vp_leader")));
			assert_int_equal(json_is_true(json_object_get(pl,
			    "vp_leader")), p == BOB);
			/* no score before the end, where every Mask shows */
			assert_null(json_object_get(pl, "score"));
		}
		lead = json_object_get(v, "vp_leaders");
		assert_int_equal(json_array_size(lead), 1);
		assert_string_equal(json_string_value(json_array_get(lead, 0)),
		    "bob");
		json_decref(v);
	}
	/* nobody at 0 leads: nobody, an empty list */
	memset(st->p[ALICE].banked, 0, sizeof(st->p[ALICE].banked));
	memset(st->p[BOB].banked, 0, sizeof(st->p[BOB].banked));
	st->p[BOB].treasures = 0;
	st->p[BOB].emblems = 0;
	v = ms_view(st, ALICE);
	assert_non_null(v);
	assert_int_equal(json_array_size(json_object_get(v, "vp_leaders")), 0);
	assert_true(json_is_array(json_object_get(v, "vp_leaders")));
	json_decref(v);
	free(st);
}

static void
test_view_revealed_mask_public(void **state)
{
	struct ms_state *st = table();
	json_t *v;

	st->p[BOB].mask = -1;
	everyone_sees(st, "\"mask_revealed\":\"M2\"");
	/* and bob holds no Mask any more */
	v = ms_view(st, BOB);
	assert_non_null(v);
	assert_true(json_is_null(json_object_get(json_array_get(json_object_get(v,
	    "players"), BOB), "mask")));
	json_decref(v);
	only_owner_sees(st, ALICE, "\"M1\"");
	free(st);
}

/* While Dancers are chosen, every view lists the ones still free (id, name,
 * power), those taken left out; after, there is no such list. */
static void
test_view_dancers_free(void **state)
{
	const struct ms_data *d = data;
	struct ms_state *st = table();
	json_t *v, *free_, *dc;
	size_t i, k;

	st->phase = MS_PH_DANCER;
	st->turn = 1;
	st->dancers_aside = 0;
	st->p[ALICE].dancer = (int8_t)ms_find_dancer(d, "D6");
	st->p[BOB].dancer = st->p[CAROL].dancer = -1;
	for (i = 0; i < 4; i++) {
		v = ms_view(st, viewers[i]);
		assert_non_null(v);
		free_ = json_object_get(v, "dancers_free");
		assert_int_equal(json_array_size(free_), (size_t)d->ndancers - 1);
		json_array_foreach(free_, k, dc) {
			int x = ms_find_dancer(d, json_string_value(json_object_get(dc,
			    "id")));

			assert_true(x >= 0);
			assert_string_not_equal(d->dancer[x].nm.id, "D6");
			assert_string_equal(json_string_value(json_object_get(dc,
			    "name")), d->dancer[x].nm.name[0]);
			assert_int_equal(json_integer_value(json_object_get(dc,
			    "power")), d->dancer[x].power);
		}
		json_decref(v);
	}
	/* the choosing done: the rest are set aside, nothing is free */
	st->phase = MS_PH_ORDER;
	v = ms_view(st, ALICE);
	assert_non_null(v);
	assert_null(json_object_get(v, "dancers_free"));
	json_decref(v);
	free(st);
}

/* Each Stage tells its places left and whether it is full, so that a turn
 * mail can offer only those a dancer may go to: carol fills ST3 (the
 * Chapel, capacity 1), bob takes one of the 2 places of ST2 (the Arena). */
static void
test_view_stage_places_left(void **state)
{
	const struct ms_data *d = data;
	struct ms_state *st = table();
	json_t *v, *sg;
	size_t i;
	int seen = 0;

	v = ms_view(st, ALICE);
	assert_non_null(v);
	json_array_foreach(json_object_get(v, "stages"), i, sg) {
		const char *id = json_string_value(json_object_get(sg, "id"));
		int s = ms_find_stage(d, id), there = 0, k;

		assert_true(s >= 0);
		for (k = 0; k < st->nplayers; k++)
			there += st->p[k].stage == s;
		assert_int_equal(json_integer_value(json_object_get(sg, "free")),
		    d->stage[s].capacity - there);
		assert_int_equal(json_is_true(json_object_get(sg, "full")),
		    there == d->stage[s].capacity);
		if (strcmp(id, "ST3") == 0) {
			assert_int_equal(there, 1);
			assert_true(json_is_true(json_object_get(sg, "full")));
			seen++;
		}
		if (strcmp(id, "ST2") == 0) {
			assert_int_equal(json_integer_value(json_object_get(sg,
			    "free")), 1);
			assert_true(json_is_false(json_object_get(sg, "full")));
			seen++;
		}
	}
	assert_int_equal(seen, 2);
	json_decref(v);
	free(st);
}

/* The Orders the viewer may take now are "open": in the Order phase, alice
 * to choose, every free Order but the 3 she had last turn; nothing is open
 * to bob, whose turn it is not, and the public view does not say. A turn
 * mail offered her Order 3 too, and the game refused it. */
static void
test_view_orders_open(void **state)
{
	struct ms_state *st = table();
	json_t *v, *o;
	size_t i;
	int k;

	st->phase = MS_PH_ORDER;
	for (k = 0; k < 3; k++)
		st->p[k].order = 0;
	st->seq[0] = ALICE;
	st->step = 0;
	assert_int_equal(st->p[ALICE].last_order, 3);
	v = ms_view(st, ALICE);
	assert_non_null(v);
	json_array_foreach(json_object_get(v, "orders"), i, o) {
		int n = (int)json_integer_value(json_object_get(o, "number"));

		if (json_is_true(json_object_get(o, "open")) != (n != 3))
			fail_msg("alice's Order %d is%s open", n, n == 3 ? "" :
			    " not");
	}
	json_decref(v);
	v = ms_view(st, BOB);
	json_array_foreach(json_object_get(v, "orders"), i, o)
		assert_true(json_is_false(json_object_get(o, "open")));
	json_decref(v);
	v = ms_view(st, MQ_VIEW_PUBLIC);
	json_array_foreach(json_object_get(v, "orders"), i, o)
		assert_null(json_object_get(o, "open"));
	json_decref(v);
	free(st);
}

/* Whom the viewer may challenge now: in the challenge phase, bob in the
 * Arena to act, alice but not carol, who holds Defend 3 and leads in VP
 * (the Order forbids challenging her), nor bob himself; nobody, in the
 * view of alice, whose turn it is not. The CHALLENGE mail offered carol. */
static void
test_view_challengeable(void **state)
{
	struct ms_state *st = table();
	json_t *v;
	const json_t *pl;

	st->phase = MS_PH_CHALLENGE;
	st->seq[0] = BOB;
	st->step = 0;
	st->p[CAROL].banked[spell("SP_march")] = 2;
	assert_int_equal(st->p[CAROL].order, 3);
	assert_true(ms_is_vp_leader(st, CAROL));
	assert_string_equal(ms_owes(st, BOB), "challenge");
	v = ms_view(st, BOB);
	assert_non_null(v);
	pl = json_object_get(v, "players");
	assert_true(json_is_true(json_object_get(json_array_get(pl, ALICE),
	    "challengeable")));
	assert_true(json_is_false(json_object_get(json_array_get(pl, BOB),
	    "challengeable")));
	assert_true(json_is_false(json_object_get(json_array_get(pl, CAROL),
	    "challengeable")));
	/* and why, for the mail's list ("carol cannot be challenged now",
	 * with no reason, was all it said): Defend 3, while she leads */
	assert_non_null(json_string_value(json_object_get(
	    json_array_get(pl, CAROL), "shield")));
	assert_string_equal(json_string_value(json_object_get(
	    json_array_get(pl, CAROL), "shield")), "O3");
	assert_true(json_is_true(json_object_get(json_array_get(pl, CAROL),
	    "shield_leader")));
	assert_null(json_object_get(json_array_get(pl, ALICE), "shield"));
	json_decref(v);
	v = ms_view(st, ALICE);
	pl = json_object_get(v, "players");
	assert_true(json_is_false(json_object_get(json_array_get(pl, BOB),
	    "challengeable")));
	json_decref(v);
	free(st);
}

/* The run-outs against the count that ends the game (one per player): not
 * reached, reached, and past it (the deck renewed in the last turn ran out
 * again; the end mail gave that count as why the game ended). */
static void
test_view_runouts_reached(void **state)
{
	struct ms_state *st = table();
	json_t *v;
	int n;

	(void)state;
	for (n = st->nplayers - 1; n <= st->nplayers + 1; n++) {
		st->runouts = n;
		v = ms_view(st, MQ_VIEW_PUBLIC);
		assert_non_null(v);
		assert_int_equal(json_integer_value(json_object_get(v,
		    "runouts_to_end")), st->nplayers);
		assert_int_equal(json_is_true(json_object_get(v,
		    "runouts_reached")), n >= st->nplayers);
		assert_int_equal(json_is_true(json_object_get(v,
		    "runouts_past_end")), n > st->nplayers);
		json_decref(v);
	}
	free(st);
}

/* A hand's Spells say what each costs its owner to play: bob's Sorcerer
 * makes his Symphony (level 3) cost 2 and his Waltz (level 1) nothing. A
 * mail said "a Spell of level L costs L", and a Sorcerer who paid so was
 * refused. */
static void
test_view_hand_costs(void **state)
{
	struct ms_state *st = table();
	const json_t *e;
	json_t *v;
	size_t i;
	int seen = 0;

	assert_string_equal(((const struct ms_data *)data)->dancer[
	    st->p[BOB].dancer].nm.id, "D2");
	v = ms_view(st, BOB);
	assert_non_null(v);
	json_array_foreach(json_object_get(json_array_get(json_object_get(v,
	    "players"), BOB), "hand"), i, e) {
		const char *id = json_string_value(json_object_get(e, "spell"));
		int cost = (int)json_integer_value(json_object_get(e, "cost"));

		if (strcmp(id, "SP_symphony") == 0 && ++seen)
			assert_int_equal(cost, 2);
		if (strcmp(id, "SP_waltz") == 0 && ++seen)
			assert_int_equal(cost, 0);
	}
	assert_int_equal(seen, 2);
	json_decref(v);
	free(st);
}

static int
reveal_in_view(const struct ms_state *st, int seat)
{
	json_t *v = ms_view(st, seat);
	int can;

	assert_non_null(v);
	assert_int_equal(json_integer_value(json_object_get(v, "mask_power")),
	    ((const struct ms_data *)data)->mask_reveal_power);
	can = json_is_true(json_object_get(json_array_get(json_object_get(v,
	    "players"), seat), "can_reveal"));
	json_decref(v);
	return can;
}

/* Whether the viewer may reveal their Mask now ("can_reveal"): alice, in
 * the Tower against Guardian 1, may; against Guardian 3, which locks the
 * Mask, she may not, nor once her Mask is used, nor outside a fight. A fight
 * mail offered REVEAL in each case, and the game refused it. */
static void
test_view_can_reveal(void **state)
{
	const struct ms_data *d = data;
	struct ms_state *st = table();
	int g1 = -1, g3 = -1, g;

	for (g = 0; g < d->nguardians; g++) {
		if (strcmp(d->guardian[g].nm.id, "G1") == 0)
			g1 = g;
		if (strcmp(d->guardian[g].nm.id, "G3") == 0)
			g3 = g;
	}
	assert_true(g1 >= 0 && g3 >= 0);
	assert_false(reveal_in_view(st, ALICE));	/* the Spell phase */
	st->phase = MS_PH_CHALLENGE;
	st->seq[0] = ALICE;
	st->step = 0;
	st->ch.kind = MS_CH_TOWER;
	st->ch.side[0] = ALICE;
	st->ch.side[1] = -1;
	st->ch.window = 0;
	st->ch.guardian = (int8_t)g1;
	assert_string_equal(ms_owes(st, ALICE), "fight");
	assert_true(reveal_in_view(st, ALICE));
	{
		/* each side's power now: alice's Blade Dancer 3, +1 in a
		 * challenge she starts; Guardian 1's 1 */
		json_t *v = ms_view(st, BOB);
		const json_t *ch = json_object_get(v, "challenge");

		assert_int_equal(json_integer_value(json_object_get(ch,
		    "challenger_power")), 4);
		assert_int_equal(json_integer_value(json_object_get(ch,
		    "defender_power")), 1);
		json_decref(v);
	}
	st->ch.guardian = (int8_t)g3;
	assert_false(reveal_in_view(st, ALICE));
	st->ch.guardian = (int8_t)g1;
	st->p[ALICE].mask = -1;
	assert_false(reveal_in_view(st, ALICE));
	free(st);
}

/* A discard owed comes with an example: the discard a deadline would make
 * (the lowest Spells), one id per Spell. bob holds a Symphony and a Waltz
 * and must discard down to 1: the Waltz. The mail's example was "DISCARD
 * march march", whatever the hand held and however many were owed. */
static void
test_view_discard_example(void **state)
{
	struct ms_state *st = table();
	const json_t *ex;
	json_t *v;

	st->npend = 1;
	st->pend[0].kind = MS_P_DISCARD;
	st->pend[0].seat = BOB;
	st->pend[0].n = 1;
	assert_string_equal(ms_owes(st, BOB), "discard");
	v = ms_view(st, BOB);
	assert_non_null(v);
	ex = json_object_get(json_array_get(json_object_get(v, "pending"), 0),
	    "example");
	assert_int_equal(json_array_size(ex), 1);
	assert_string_equal(json_string_value(json_array_get(ex, 0)), "SP_waltz");
	json_decref(v);
	st->pend[0].n = 0;
	v = ms_view(st, BOB);
	ex = json_object_get(json_array_get(json_object_get(v, "pending"), 0),
	    "example");
	assert_int_equal(json_array_size(ex), 2);
	json_decref(v);
	free(st);
}

/* The view's "plays" for seat (NULL when it has none): each a PLAY of a
 * Spell seat holds that ms_validate takes, ON never seat, of distinct
 * forms, and all of them one reply: together they use no Spell more often
 * than the hand holds it; how many. */
static int
plays_in_view(const struct ms_state *st, int seat, const char *want_card)
{
	json_t *v = ms_view(st, seat);
	const json_t *plays, *p, *x;
	struct ms_cmd c;
	int used[MS_SPELLS] = { 0 };
	size_t i, j;
	int seen = 0, n, s, k;

	assert_non_null(v);
	plays = json_object_get(v, "plays");
	if (plays == NULL) {
		json_decref(v);
		return -1;
	}
	json_array_foreach(plays, i, p) {
		memset(&c, 0, sizeof(c));
		c.type = MS_C_PLAY;
		c.card = (int8_t)spell(json_string_value(json_object_get(p, "card")));
		c.target = c.card2 = -1;
		assert_true(st->p[seat].hand[c.card] > 0);
		json_array_foreach(json_object_get(p, "pay"), j, x)
			c.n[spell(json_string_value(x))]++;
		if ((x = json_object_get(p, "on")) != NULL) {
			for (s = 0; s < st->nplayers; s++)
				if (strcmp(st->p[s].name, json_string_value(x)) == 0)
					c.target = (int8_t)s;
			assert_true(c.target >= 0 && c.target != seat);
		}
		if ((x = json_object_get(p, "bank")) != NULL)
			c.card2 = (int8_t)spell(json_string_value(x));
		if (ms_validate(st, seat, &c, NULL) != 0)
			fail_msg("the example PLAY %s is refused",
			    json_string_value(json_object_get(p, "card")));
		used[c.card]++;
		for (k = 0; k < MS_SPELLS; k++)
			used[k] += c.n[k];
		if (c.card2 >= 0)
			used[c.card2]++;
		for (k = 0; k < MS_SPELLS; k++)
			if (used[k] > st->p[seat].hand[k])
				fail_msg("the examples up to PLAY %s use %s %d "
				    "times, and the hand holds %d",
				    json_string_value(json_object_get(p, "card")),
				    ((const struct ms_data *)data)->spell[k].nm.id,
				    used[k], st->p[seat].hand[k]);
		if (want_card != NULL && strcmp(json_string_value(json_object_get(p,
		    "card")), want_card) == 0)
			seen = 1;
	}
	n = (int)json_array_size(plays);
	json_decref(v);
	if (want_card != NULL && !seen)
		fail_msg("no example plays %s", want_card);
	return n;
}

/*
 * A Spell phase's or a fight's examples are PLAYs of the reader's own
 * Spells that the game takes (the mail's were "PLAY march", "PLAY rhapsody
 * PAY march waltz" whatever the hand); a Spell of the other timing is not
 * one, an ON names another player, and a reader with nothing to play gets
 * none. Only the one who owes a Spell phase or a fight is given any.
 */
static void
test_view_play_examples(void **state)
{
	const struct ms_data *d = data;
	struct ms_state *st = table();
	int g1 = -1, g;

	/* alice's Spell phase: her Prelude (her Marches are for a fight) */
	assert_string_equal(ms_owes(st, ALICE), "spell");
	assert_int_equal(plays_in_view(st, ALICE, "SP_prelude"), 1);
	assert_int_equal(plays_in_view(st, BOB, NULL), -1);
	/* a Requiem names another player: never alice herself */
	st->p[ALICE].hand[spell("SP_requiem")] = 1;
	assert_int_equal(plays_in_view(st, ALICE, "SP_requiem"), 2);
	st->p[ALICE].hand[spell("SP_requiem")] = 0;
	/* a Concerto banks one of what is left */
	st->p[ALICE].hand[spell("SP_concerto")] = 1;
	st->p[ALICE].hand[spell("SP_waltz")] = 2;
	assert_true(plays_in_view(st, ALICE, "SP_concerto") >= 1);
	st->p[ALICE].hand[spell("SP_concerto")] = 0;
	st->p[ALICE].hand[spell("SP_waltz")] = 0;
	/* her fight in the Tower: the Marches, not the Prelude */
	for (g = 0; g < d->nguardians; g++)
		if (strcmp(d->guardian[g].nm.id, "G1") == 0)
			g1 = g;
	st->phase = MS_PH_CHALLENGE;
	st->seq[0] = ALICE;
	st->step = 0;
	st->ch.kind = MS_CH_TOWER;
	st->ch.side[0] = ALICE;
	st->ch.side[1] = -1;
	st->ch.window = 0;
	st->ch.guardian = (int8_t)g1;
	assert_string_equal(ms_owes(st, ALICE), "fight");
	assert_int_equal(plays_in_view(st, ALICE, "SP_march"), 1);
	/* a Rhapsody paid with the Marches, and then no March is left for a
	 * PLAY of its own: the examples are one reply */
	st->p[ALICE].hand[spell("SP_rhapsody")] = 1;
	assert_int_equal(plays_in_view(st, ALICE, "SP_rhapsody"), 1);
	/* with a third March, one of each form */
	st->p[ALICE].hand[spell("SP_march")] = 3;
	assert_int_equal(plays_in_view(st, ALICE, "SP_rhapsody"), 2);
	/* no Spell for a fight: no example at all */
	st->p[ALICE].hand[spell("SP_rhapsody")] = 0;
	st->p[ALICE].hand[spell("SP_march")] = 0;
	assert_int_equal(plays_in_view(st, ALICE, NULL), 0);
	free(st);
}

/* The view's plays of seat's Spell k: how many examples name it. */
static int
plays_of(const struct ms_state *st, int seat, const char *id)
{
	json_t *v = ms_view(st, seat);
	const json_t *p;
	size_t i;
	int n = 0;

	assert_non_null(v);
	json_array_foreach(json_object_get(v, "plays"), i, p)
		n += strcmp(json_string_value(json_object_get(p, "card")), id) == 0;
	json_decref(v);
	return n;
}

/*
 * The examples are PLAYs that do something as the reader stands, when one
 * does: a mail offered "PLAY nocturne PAY march" to a player at full life,
 * a heal that only costs (found by players by mail); a Requiem names a
 * dancer with life to lose, a Prelude draws into room. With nothing that
 * does anything, there is no example (the reply is PASS).
 */
static void
test_view_play_examples_do_something(void **state)
{
	struct ms_state *st = table();

	assert_string_equal(ms_owes(st, ALICE), "spell");
	st->p[ALICE].hand[spell("SP_nocturne")] = 1;
	/* full life: the Prelude, not the Nocturne */
	st->p[ALICE].life = (int8_t)((const struct ms_data *)data)->max_life;
	assert_int_equal(plays_in_view(st, ALICE, "SP_prelude"), 1);
	assert_int_equal(plays_of(st, ALICE, "SP_nocturne"), 0);
	/* hurt: the Nocturne heals */
	st->p[ALICE].life = 1;
	assert_int_equal(plays_in_view(st, ALICE, "SP_nocturne"), 2);
	/* full life and nothing else to play: no example at all (it offered
	 * "PLAY Nocturne PAY Symphony", a Symphony spent for nothing) */
	st->p[ALICE].life = (int8_t)((const struct ms_data *)data)->max_life;
	st->p[ALICE].hand[spell("SP_prelude")] = 0;
	assert_int_equal(plays_in_view(st, ALICE, NULL), 0);
	st->p[ALICE].hand[spell("SP_nocturne")] = 0;
	/* a Requiem ON a dancer with life left: not bob's at 0 */
	st->p[ALICE].hand[spell("SP_requiem")] = 1;
	st->p[BOB].life = 0;
	{
		json_t *v = ms_view(st, ALICE), *p;

		assert_non_null(v);
		p = json_array_get(json_object_get(v, "plays"), 0);
		assert_string_equal(json_string_value(json_object_get(p, "card")),
		    "SP_requiem");
		assert_string_equal(json_string_value(json_object_get(p, "on")),
		    st->p[CAROL].name);
		json_decref(v);
	}
	free(st);
}

/* Whether seat's view holds key, true. */
static int
view_flag(const struct ms_state *st, int seat, const char *key)
{
	json_t *v = ms_view(st, seat);
	int on;

	assert_non_null(v);
	on = json_is_true(json_object_get(v, key));
	json_decref(v);
	return on;
}

/*
 * A fight's examples are one reply, to be sent as written: a hand of one
 * March, one Waltz and one Fugue was offered "PLAY March" and "PLAY Waltz
 * PAY March", and the second, sent after the first, was refused (found by
 * a player by mail). Each is made in the hand the ones before leave, and
 * the Fugue, which ties the fight so that nothing after it counts, is
 * offered only when nothing else is.
 */
static void
test_view_play_examples_one_reply(void **state)
{
	const struct ms_data *d = data;
	struct ms_state *st = table();
	int g;

	st->phase = MS_PH_CHALLENGE;
	st->seq[0] = ALICE;
	st->step = 0;
	st->ch.kind = MS_CH_TOWER;
	st->ch.side[0] = ALICE;
	st->ch.side[1] = -1;
	st->ch.window = 0;
	for (g = 0; g < d->nguardians; g++)
		if (strcmp(d->guardian[g].nm.id, "G1") == 0)
			st->ch.guardian = (int8_t)g;
	memset(st->p[ALICE].hand, 0, sizeof(st->p[ALICE].hand));
	st->p[ALICE].hand[spell("SP_march")] = 1;
	st->p[ALICE].hand[spell("SP_waltz")] = 1;
	st->p[ALICE].hand[spell("SP_fugue")] = 1;
	assert_string_equal(ms_owes(st, ALICE), "fight");
	assert_int_equal(plays_in_view(st, ALICE, "SP_waltz"), 1);
	assert_int_equal(plays_of(st, ALICE, "SP_fugue"), 0);
	/* with a March, the March; Fugues alone: a Fugue paid with a Fugue */
	memset(st->p[ALICE].hand, 0, sizeof(st->p[ALICE].hand));
	st->p[ALICE].hand[spell("SP_fugue")] = 2;
	st->p[ALICE].hand[spell("SP_march")] = 1;
	assert_int_equal(plays_in_view(st, ALICE, "SP_march"), 1);
	assert_int_equal(plays_of(st, ALICE, "SP_fugue"), 0);
	assert_false(view_flag(st, ALICE, "plays_tie"));
	st->p[ALICE].hand[spell("SP_march")] = 0;
	assert_int_equal(plays_in_view(st, ALICE, "SP_fugue"), 1);
	/* the Fugue is the last example: no REVEAL is to follow it */
	assert_true(view_flag(st, ALICE, "plays_tie"));
	free(st);
}

static int
can_challenge_in_view(const struct ms_state *st, int seat)
{
	json_t *v = ms_view(st, seat);
	int can;

	assert_non_null(v);
	can = json_is_true(json_object_get(json_array_get(json_object_get(v,
	    "players"), seat), "can_challenge"));
	assert_null(json_object_get(json_array_get(json_object_get(v,
	    "players"), (seat + 1) % 3), "can_challenge"));
	json_decref(v);
	return can;
}

/* Whether the viewer's dancer could start a challenge: alice's can; carol's
 * cannot (Defend 3 forbids it), nor alice's at 0 life. A Stage request told
 * either of them they must fight in the Tower. */
static void
test_view_can_challenge(void **state)
{
	struct ms_state *st = table();

	assert_true(can_challenge_in_view(st, ALICE));
	assert_int_equal(st->p[CAROL].order, 3);
	assert_false(can_challenge_in_view(st, CAROL));
	st->p[ALICE].life = 0;
	assert_false(can_challenge_in_view(st, ALICE));
	{
		/* and everyone reads that her printed power counts 0 */
		json_t *v = ms_view(st, BOB);
		const json_t *pl = json_object_get(v, "players");

		assert_true(json_is_true(json_object_get(json_array_get(pl,
		    ALICE), "no_life")));
		assert_true(json_is_false(json_object_get(json_array_get(pl,
		    BOB), "no_life")));
		json_decref(v);
	}
	free(st);
}

static void
test_view_keep_offer_only_owner(void **state)
{
	struct ms_state *st = table();
	json_t *v, *pend;

	st->npend = 1;
	st->pend[0].kind = MS_P_KEEP;
	st->pend[0].seat = BOB;
	st->pend[0].n = 2;
	st->pend[0].held[spell("SP_serenade")] = 1;
	st->pend[0].held[spell("SP_lullaby")] = 2;
	only_owner_sees(st, BOB, "\"SP_serenade\"");
	only_owner_sees(st, BOB, "\"SP_lullaby\"");
	only_owner_sees(st, BOB, "\"offer\"");
	v = ms_view(st, BOB);
	assert_non_null(v);
	pend = json_array_get(json_object_get(v, "pending"), 0);
	assert_string_equal(json_string_value(json_object_get(pend, "kind")), "keep");
	assert_int_equal(json_integer_value(json_object_get(pend, "n")), 2);
	assert_int_equal(json_array_size(json_object_get(pend, "offer")), 2);
	json_decref(v);
	free(st);
}

static void
test_view_end_shows_every_mask(void **state)
{
	struct ms_state *st = table();
	int i;

	st->phase = MS_PH_OVER;
	st->winner = BOB;
	st->end_why = 2;
	for (i = 0; i < 3; i++)
		st->p[i].score = (int16_t)(3 + i);
	everyone_sees(st, "\"M1\"");
	everyone_sees(st, "\"M2\"");
	everyone_sees(st, "\"M3\"");
	everyone_sees(st, "\"winner\":\"bob\"");
	everyone_sees(st, "\"score\":5");
	/* hands stay secret */
	only_owner_sees(st, BOB, "\"SP_symphony\"");
	everyone_sees(st, "\"tied\":[]");
	/* carol on bob's VP: a tie, said with whom and at what */
	st->p[2].score = st->p[BOB].score;
	everyone_sees(st, "\"tied\":[\"carol\"]");
	everyone_sees(st, "\"winner_score\":4");
	free(st);
}

static void
test_view_challenge_and_bad_seat(void **state)
{
	struct ms_state *st = table();
	char *v;

	st->phase = MS_PH_CHALLENGE;
	st->ch.kind = MS_CH_ARENA;
	st->ch.side[0] = BOB;
	st->ch.side[1] = ALICE;
	st->ch.window = 1;
	st->ch.bonus[0] = 3;
	st->ch.masked[0] = 1;
	v = view_text(st, CAROL);
	/* the powers: bob's Sorcerer 2 and his Mask's 3; alice's Blade Dancer
	 * 3, without its +1, which is for a challenge she starts */
	assert_non_null(strstr(v, "\"challenge\":{\"bonus\":[3,0],\"challenger\":"
	    "\"bob\",\"challenger_parts\":[{\"id\":\"D2\",\"kind\":\"dancer\","
	    "\"life_zero\":false,\"n\":2,\"plus\":false},{\"kind\":\"mask\","
	    "\"life_zero\":false,\"n\":3,\"plus\":true}],"
	    "\"challenger_power\":5,\"defender\":\"alice\","
	    "\"defender_parts\":[{\"id\":\"D1\",\"kind\":\"dancer\","
	    "\"life_zero\":false,\"n\":3,\"plus\":false}],"
	    "\"defender_power\":3,\"kind\":\"arena\",\"masked\":[true,"
	    "false],\"minus\":[0,0],\"window\":\"alice\"}"));
	free(v);
	assert_null(ms_view(st, 3));
	assert_null(ms_view(st, -3));
	assert_null(ms_events(st, 5));
	free(st);
}

/* ---- events ---- */

static void
add_event(struct ms_state *st, int type, int actor, int target, int card,
    int a)
{
	struct ms_event *e = &st->ev[st->nev++];

	memset(e, 0, sizeof(*e));
	e->type = (uint8_t)type;
	e->actor = (int8_t)actor;
	e->target = (int8_t)target;
	e->card = (int8_t)card;
	e->a = (int16_t)a;
}

/*
 * A fight's result gives each side's power in its parts as they were when
 * it resolved, as the challenge's view gave them: a player who lost sees
 * why ("Power: carol 3, bob 0" did not say), though the challenge is gone
 * and the dancers changed since (a Change of Partner, a life lost).
 */
static void
a_fight_result_gives_power_in_parts(void **state)
{
	struct ms_state *st = table();
	struct ms_fight_side fs[2];
	json_t *v, *evs, *e;
	const json_t *ch;

	(void)state;
	st->phase = MS_PH_CHALLENGE;
	st->ch.kind = MS_CH_ARENA;
	st->ch.side[0] = BOB;
	st->ch.side[1] = ALICE;
	st->ch.window = 1;
	st->ch.bonus[0] = 3;
	st->ch.masked[0] = 1;
	st->ch.played[1][spell("SP_march")] = 1;
	st->ch.bonus[1] = 1;
	v = ms_view(st, CAROL);
	ch = json_object_get(v, "challenge");
	assert_int_equal(json_array_size(json_object_get(ch,
	    "challenger_parts")), 2);	/* Sorcerer 2, Mask +3 */
	assert_int_equal(json_array_size(json_object_get(ch,
	    "defender_parts")), 2);	/* Blade Dancer 3, March +1 */
	ms_fight_sides(st, fs);
	add_event(st, MS_E_RESULT, BOB, ALICE, BOB, 6);
	st->ev[st->nev - 1].b = 4;
	assert_int_equal(ms_fight_pack(fs, st->ev[st->nev - 1].n), 0);
	st->ev[st->nev - 1].n[1] |= MS_RESULT_PARTS;
	memset(&st->ch, 0, sizeof(st->ch));
	st->p[ALICE].dancer = (int8_t)ms_find_dancer(data, "D6");
	st->p[BOB].life = 1;
	evs = ms_events(st, CAROL);
	e = json_array_get(evs, 0);
	assert_true(json_equal(json_object_get(e, "parts"),
	    json_object_get(ch, "challenger_parts")));
	assert_true(json_equal(json_object_get(e, "target_parts"),
	    json_object_get(ch, "defender_parts")));
	json_decref(evs);
	json_decref(v);
	/* an event without them (they did not fit) gives the totals alone */
	st->ev[0].n[1] = 0;
	evs = ms_events(st, CAROL);
	e = json_array_get(evs, 0);
	assert_null(json_object_get(e, "parts"));
	assert_int_equal(json_integer_value(json_object_get(e, "power")), 6);
	json_decref(evs);
	free(st);
}

/* For each viewer (alice, bob, carol, public, admin): does the event at i
 * hold key? */
static void
event_key_seen(const struct ms_state *st, int i, const char *type,
    const char *key, const int want[5])
{
	static const int who[5] = { ALICE, BOB, CAROL, MQ_VIEW_PUBLIC,
	    MQ_VIEW_ADMIN };
	json_t *evs, *e;
	int k;

	for (k = 0; k < 5; k++) {
		evs = ms_events(st, who[k]);
		assert_non_null(evs);
		assert_int_equal(json_array_size(evs), st->nev);
		e = json_array_get(evs, (size_t)i);
		assert_string_equal(json_string_value(json_object_get(e, "type")),
		    type);
		if ((json_object_get(e, key) != NULL) != want[k])
			fail_msg("viewer %d %s the %s of a %s event", who[k],
			    want[k] ? "misses" : "sees", key, type);
		json_decref(evs);
	}
}

/*
 * An Order's event names its card, so the chooser's mail says what it
 * does; turn 1's view says its Orders, dealt, have no effect, and turn
 * 2's does not (no mail told either; a player's review).
 */
static void
test_order_effects_told(void **state)
{
	struct ms_state *st = table();
	json_t *v, *evs;

	(void)state;
	st->turn = 1;
	v = ms_view(st, ALICE);
	assert_non_null(v);
	assert_true(json_is_true(json_object_get(v, "orders_no_effect")));
	json_decref(v);
	st->turn = 2;
	v = ms_view(st, ALICE);
	assert_non_null(v);
	assert_null(json_object_get(v, "orders_no_effect"));
	json_decref(v);
	add_event(st, MS_E_ORDER, ALICE, -1, -1, 2);
	evs = ms_events(st, ALICE);
	assert_non_null(evs);
	assert_string_equal(json_string_value(json_object_get(json_array_get(
	    evs, 0), "order_card")), "O2");
	json_decref(evs);
	free(st);
}

/*
 * What a mail needs to say why (a player's review of a whole game): the
 * VP leaders an Event struck and their VP ("You lost life: 2 -> 1" said
 * not why), a new dancer's hand limit after Change of Partner (its power
 * and ability were not told either), and a dancer at 0 life in a fight,
 * whose printed power counted 0 ("bob 0" said not why).
 */
static void
test_events_say_why(void **state)
{
	struct ms_state *st = table();
	const struct ms_data *d = st->data;
	json_t *evs, *e, *l;

	(void)state;
	add_event(st, MS_E_EVENT, CAROL, -1, ms_find_event(d, "V5"),
	    (1 << ALICE) | (1 << BOB));
	st->ev[st->nev - 1].n[0] = 1;
	st->ev[st->nev - 1].n[1] = 3;
	add_event(st, MS_E_EVENT, CAROL, -1, ms_find_event(d, "V5"), 0);
	st->ev[st->nev - 1].n[0] = 1;
	add_event(st, MS_E_EVENT, CAROL, -1, ms_find_event(d, "V4"), 0);
	add_event(st, MS_E_SWAP, CAROL, ALICE, ms_find_dancer(d, "D4"),
	    ms_find_dancer(d, "D6"));
	add_event(st, MS_E_SWAP, CAROL, ALICE, ms_find_dancer(d, "D6"),
	    ms_find_dancer(d, "D4"));
	add_event(st, MS_E_SWAP, CAROL, ALICE, ms_find_dancer(d, "D1"),
	    ms_find_dancer(d, "D6"));
	add_event(st, MS_E_RESULT, CAROL, BOB, CAROL, 3);
	st->ev[st->nev - 1].n[1] = 2;
	add_event(st, MS_E_RESULT, CAROL, BOB, CAROL, 3);
	evs = ms_events(st, MQ_VIEW_PUBLIC);
	assert_non_null(evs);
	e = json_array_get(evs, 0);
	l = json_object_get(e, "leaders");
	assert_int_equal(json_array_size(l), 2);
	assert_string_equal(json_string_value(json_array_get(l, 0)),
	    st->p[ALICE].name);
	assert_string_equal(json_string_value(json_array_get(l, 1)),
	    st->p[BOB].name);
	assert_int_equal(json_integer_value(json_object_get(e, "leader_vp")),
	    3);
	assert_true(json_is_true(json_object_get(e, "on_leaders")));
	/* nobody leads: said, with an empty list */
	e = json_array_get(evs, 1);
	assert_int_equal(json_array_size(json_object_get(e, "leaders")), 0);
	assert_true(json_is_true(json_object_get(e, "on_leaders")));
	/* an Event not on the leaders says nothing of them */
	assert_null(json_object_get(json_array_get(evs, 2), "leaders"));
	assert_int_equal(json_integer_value(json_object_get(json_array_get(evs,
	    3), "hand_limit")), 6);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(evs,
	    4), "hand_limit")), 3);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(evs,
	    5), "hand_limit")), d->base_hand_limit);
	e = json_array_get(evs, 6);
	assert_null(json_object_get(e, "life_zero"));
	assert_true(json_is_true(json_object_get(e, "target_life_zero")));
	e = json_array_get(evs, 7);
	assert_null(json_object_get(e, "life_zero"));
	assert_null(json_object_get(e, "target_life_zero"));
	json_decref(evs);
	free(st);
}

static void
test_events_secrets(void **state)
{
	static const int bob_only[5] = { 0, 1, 0, 0, 1 };
	static const int bob_carol[5] = { 0, 1, 1, 0, 1 };
	static const int all[5] = { 1, 1, 1, 1, 1 };
	struct ms_state *st = table();
	uint8_t *n;

	add_event(st, MS_E_DRAW, BOB, -1, spell("SP_symphony"), 0);
	add_event(st, MS_E_STEAL, BOB, CAROL, spell("SP_fugue"), 0);
	add_event(st, MS_E_BANK, BOB, -1, spell("SP_nocturne"), 0);
	add_event(st, MS_E_RECEIVE, BOB, -1, -1, 2);
	st->ev[st->nev - 1].b = 1;
	n = st->ev[st->nev - 1].n;
	n[spell("SP_serenade")] = 1;
	n[spell("SP_lullaby")] = 1;
	add_event(st, MS_E_PLAY, ALICE, BOB, spell("SP_requiem"), 0);
	st->ev[st->nev - 1].n[spell("SP_waltz")] = 2;
	add_event(st, MS_E_FLIP, -1, -1, spell("SP_rhapsody"), 2);
	/* a revealed Mask is discarded face up; at the end every Mask shows;
	 * a discard goes to the tomb, which is public */
	add_event(st, MS_E_MASK, CAROL, -1, ms_find_mask(data, "M3"), 0);
	add_event(st, MS_E_SCORE, BOB, -1, ms_find_mask(data, "M2"), 4);
	add_event(st, MS_E_DISCARD, ALICE, -1, -1, 0);
	st->ev[st->nev - 1].n[spell("SP_march")] = 2;
	event_key_seen(st, 0, "draw", "spell", bob_only);
	event_key_seen(st, 0, "draw", "player", all);
	event_key_seen(st, 1, "steal", "spell", bob_carol);
	event_key_seen(st, 1, "steal", "target", all);
	event_key_seen(st, 2, "bank", "spell", bob_only);
	event_key_seen(st, 3, "receive", "spells", bob_only);
	event_key_seen(st, 3, "receive", "kept", all);
	event_key_seen(st, 3, "receive", "received", all);
	event_key_seen(st, 4, "play", "paid", all);
	event_key_seen(st, 4, "play", "target", all);
	event_key_seen(st, 5, "flip", "spell", all);
	event_key_seen(st, 6, "mask", "mask", all);
	event_key_seen(st, 7, "score", "mask", all);
	event_key_seen(st, 8, "discard", "spells", all);
	free(st);
}

/* ---- a whole game, played through the text ---- */

static unsigned long lcg = 12345;

static unsigned
rnd(unsigned n)
{
	lcg = lcg * 6364136223846793005UL + 1442695040888963407UL;
	return (unsigned)(lcg >> 33) % n;
}

/* "march waltz": up to `want` Spells from n[] (but `skip` once), as text. */
static int
spell_words(const struct ms_data *d, const uint8_t *n, int skip, int want,
    char *out, size_t size)
{
	size_t len = 0;
	int k, j, got = 0;

	out[0] = '\0';
	for (k = 0; k < d->nspells && got < want; k++)
		for (j = 0; j < n[k] - (k == skip) && got < want; j++, got++)
			len += (size_t)snprintf(out + len, size - len, " %s",
			    d->spell[k].nm.name[0]);
	return got;
}

/* Lines a player might send now: every form, most of them refused. */
static int
candidates(const struct ms_state *st, int seat, char lines[][400], int max)
{
	const struct ms_data *d = st->data;
	const struct ms_player *pl = &st->p[seat];
	char pay[120], rest[120];
	int n = 0, i, k, c, p;

#define ADD(...) do { if (n < max) snprintf(lines[n++], 400, __VA_ARGS__); } while (0)
	for (i = 0; i < d->ndancers; i++) {
		ADD("DANCER %s", d->dancer[i].nm.name[0]);
		for (p = 0; p < st->nplayers; p++)
			ADD("SWAP %s %s", st->p[p].name, d->dancer[i].nm.name[0]);
	}
	for (i = 1; i <= MS_ORDERS; i++)
		ADD("ORDER %d", i);
	for (i = 0; i < d->nstages; i++)
		ADD("STAGE %s", d->stage[i].nm.name[0]);
	for (i = 0; i < d->nevents; i++)
		ADD("EVENT %s", d->event[i].nm.name[0]);
	for (p = 0; p < st->nplayers; p++)
		ADD("CHALLENGE %s", st->p[p].name);
	ADD("REVEAL");
	ADD("PASS");
	for (k = 0; k < d->nspells; k++) {
		if (pl->hand[k] == 0)
			continue;
		ADD("BANK %s", d->spell[k].nm.name[0]);
		for (c = 0; c <= 4; c++) {
			if (spell_words(d, pl->hand, k, c, pay, sizeof(pay)) < c)
				continue;
			ADD("PLAY %s%s%s", d->spell[k].nm.name[0], c ? " PAY" : "", pay);
			if (spell_words(d, pl->hand, k, 1, rest, sizeof(rest)) == 1)
				ADD("PLAY %s%s%s BANK%s", d->spell[k].nm.name[0],
				    c ? " PAY" : "", pay, rest);
			for (p = 0; p < st->nplayers; p++)
				ADD("PLAY %s%s%s ON %s", d->spell[k].nm.name[0],
				    c ? " PAY" : "", pay, st->p[p].name);
		}
	}
	for (c = 1; c <= 8; c++) {
		if (spell_words(d, pl->hand, -1, c, pay, sizeof(pay)) == c)
			ADD("DISCARD%s", pay);
		if (st->npend > 0 && st->pend[0].seat == seat &&
		    spell_words(d, st->pend[0].held, -1, c, pay, sizeof(pay)) == c)
			ADD("KEEP%s", pay);
	}
#undef ADD
	return n;
}

/*
 * No event of a list names a Spell that is another seat's alone: a draw's,
 * a bank's or a receipt's to anyone but its player, a theft's to anyone but
 * the thief and the robbed. Nor a Mask before its time: only a reveal's and
 * the end's scores name one.
 */
static void
events_keep_secrets(const struct ms_state *st, const json_t *evs, int v)
{
	const char *me = v >= 0 ? st->p[v].name : "", *type, *who, *target;
	const json_t *e;
	size_t i;

	json_array_foreach(evs, i, e) {
		type = json_string_value(json_object_get(e, "type"));
		who = json_string_value(json_object_get(e, "player"));
		target = json_string_value(json_object_get(e, "target"));
		assert_non_null(type);
		if (json_object_get(e, "mask") != NULL && strcmp(type, "mask") != 0 &&
		    strcmp(type, "score") != 0)
			fail_msg("turn %d: a %s event shows a Mask", st->turn, type);
		if (strcmp(type, "draw") != 0 && strcmp(type, "bank") != 0 &&
		    strcmp(type, "receive") != 0 && strcmp(type, "steal") != 0)
			continue;
		if (who != NULL && strcmp(who, me) == 0)
			continue;
		if (strcmp(type, "steal") == 0 && target != NULL &&
		    strcmp(target, me) == 0)
			continue;
		if (json_object_get(e, "spell") != NULL ||
		    json_object_get(e, "spells") != NULL)
			fail_msg("turn %d: view %d sees the Spells of %s's %s", st->turn,
			    v, who != NULL ? who : "?", type);
	}
}

/* No view or event list of seat v holds what is another seat's alone. */
static void
nothing_leaks(const struct ms_state *st)
{
	char text[24], *s;
	json_t *j;
	int v, o;

	for (v = -1; v < st->nplayers; v++) {
		if (v >= 0) {
			j = ms_view(st, v);
			assert_non_null(j);
			events_keep_secrets(st, json_object_get(j, "recap"), v);
			json_decref(j);
		}
		s = view_text(st, v < 0 ? MQ_VIEW_PUBLIC : v);
		for (o = 0; o < st->nplayers; o++) {
			if (o == v || st->p[o].mask < 0 || st->phase == MS_PH_OVER)
				continue;
			snprintf(text, sizeof(text), "\"%s\"",
			    st->data->mask[st->p[o].mask].nm.id);
			if (strstr(s, text) != NULL)
				fail_msg("turn %d: view %d shows seat %d's Mask", st->turn,
				    v, o);
		}
		free(s);
		j = ms_events(st, v < 0 ? MQ_VIEW_PUBLIC : v);
		assert_non_null(j);
		assert_int_equal(json_array_size(j), st->nev);
		events_keep_secrets(st, j, v);
		json_decref(j);
	}
	no_private_keys_of_others(st);
}

static void
test_a_game_through_the_text(void **state)
{
	static char lines[400][400];
	static const char *const pnames[] = { "alice", "bob", "carol" };
	struct mq_setup su;
	struct ms_state *st, trial;
	struct mq_err err;
	struct mq_cmd cmd;
	void *out = NULL;
	int steps, seat, n, i, tries, applied = 0;

	memset(&su, 0, sizeof(su));
	su.nplayers = 3;
	for (i = 0; i < 3; i++)
		su.names[i] = pnames[i];
	memset(su.seed, 7, sizeof(su.seed));
	mq_err_clear(&err);
	if (ms_setup(data, &su, &out, &err) != 0)
		fail_msg("setup: %s", err.msg);
	st = out;
	for (steps = 0; steps < 5000 && st->phase != MS_PH_OVER; steps++) {
		nothing_leaks(st);
		seat = ms_owing_seat(st);
		assert_true(seat >= 0);
		n = candidates(st, seat, lines, 400);
		for (tries = 0; tries < 4 * n; tries++) {
			const char *line = lines[rnd((unsigned)n)];

			parse_ok(st, line, &cmd);
			round_trip(st, &cmd);
			trial = *st;
			if (ms_apply(&trial, seat, &cmd, &err) == 0) {
				*st = trial;
				applied++;
				break;
			}
		}
		if (tries == 4 * n) {
			/* nothing random applied: the default does */
			assert_int_equal(ms_default_command(st, seat, &cmd), 1);
			round_trip(st, &cmd);
			if (ms_apply(st, seat, &cmd, &err) != 0)
				fail_msg("the default was refused: %s", err.msg);
		}
	}
	assert_int_equal(st->phase, MS_PH_OVER);
	assert_true(applied > 20);
	nothing_leaks(st);
	print_message("a game of %d turns, %d moves\n", st->turn, steps);
	free(st);
}

/* ---- out of memory ---- */

static long allocs, fail_at;

static void *
failing_malloc(size_t n)
{
	if (++allocs == fail_at)
		return NULL;
	return malloc(n);
}

typedef json_t *(*builder)(const void *state, int seat);

/* Each of a builder's jansson allocations fails in turn: the builder gives
 * NULL, or (for an allocation it did not need) the whole of what a clean
 * run gives; never a document with a part missing. LSan sees no leak. */
static void
sweep(const struct ms_state *st, builder fn, int seat)
{
	json_t *v;
	char *ref, *got;
	long n, total, nulls = 0;

	v = fn(st, seat);
	assert_non_null(v);
	ref = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(v);
	assert_non_null(ref);
	json_set_alloc_funcs(failing_malloc, free);
	fail_at = 0;
	allocs = 0;
	json_decref(fn(st, seat));
	total = allocs;
	for (n = 1; n <= total; n++) {
		fail_at = n;
		allocs = 0;
		v = fn(st, seat);
		fail_at = 0;
		if (v == NULL) {
			nulls++;
			continue;
		}
		got = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
		json_decref(v);
		assert_non_null(got);
		if (strcmp(got, ref) != 0)
			fail_msg("allocation %ld of %ld failed, and the view came out "
			    "as %s, not %s", n, total, got, ref);
		free(got);
	}
	json_set_alloc_funcs(malloc, free);
	assert_true(total > 10);
	assert_true(nulls > 0);
	free(ref);
}

static void
test_out_of_memory_never_a_part_missing(void **state)
{
	struct ms_state *st = table();

	st->npend = 1;
	st->pend[0].kind = MS_P_KEEP;
	st->pend[0].seat = BOB;
	st->pend[0].n = 2;
	st->pend[0].held[spell("SP_serenade")] = 1;
	st->ch.kind = MS_CH_TOWER;
	st->ch.side[0] = ALICE;
	st->ch.side[1] = -1;
	st->ch.guardian = 0;
	add_event(st, MS_E_DRAW, BOB, -1, spell("SP_symphony"), 0);
	add_event(st, MS_E_PLAY, ALICE, BOB, spell("SP_requiem"), 0);
	st->ev[st->nev - 1].n[spell("SP_waltz")] = 2;
	add_event(st, MS_E_RESULT, ALICE, -1, -2, 3);
	sweep(st, ms_view, BOB);
	sweep(st, ms_view, MQ_VIEW_ADMIN);
	sweep(st, ms_events, BOB);
	st->phase = MS_PH_OVER;
	sweep(st, ms_view, MQ_VIEW_PUBLIC);
	free(st);
}

/* How many of the seat's recap events are of this type (and player). */
static int
recap_count(const struct ms_state *st, int seat, const char *type,
    const char *player)
{
	json_t *v = ms_view(st, seat), *e;
	size_t i;
	int n = 0;

	assert_non_null(v);
	json_array_foreach(json_object_get(v, "recap"), i, e)
		if (strcmp(json_string_value(json_object_get(e, "type")),
		    type) == 0 && (player == NULL || strcmp(json_string_value(
		    json_object_get(e, "player")), player) == 0))
			n++;
	json_decref(v);
	return n;
}

/*
 * A default played at a deadline leaves the seat's recap running from its
 * last own move: the mail that tells it the default was played also tells
 * what came before and what the default did. A player whose default PASS
 * ended a fight was told "Nothing else new" and never how it went.
 */
static void
test_recap_after_a_default(void **state)
{
	struct mq_setup su;
	struct ms_state *st;
	struct mq_cmd cmd;
	struct mq_err err;
	void *out = NULL;
	int first, second, i;

	(void)state;
	memset(&su, 0, sizeof(su));
	su.nplayers = 3;
	for (i = 0; i < 3; i++)
		su.names[i] = names[i];
	memset(su.seed, 7, sizeof(su.seed));
	mq_err_clear(&err);
	if (ms_setup(data, &su, &out, &err) != 0)
		fail_msg("setup: %s", err.msg);
	st = out;
	/* the first to choose a Dancer does; the second's default does */
	first = ms_owing_seat(st);
	assert_int_equal(ms_default_command(st, first, &cmd), 1);
	assert_int_equal(ms_apply(st, first, &cmd, &err), 0);
	assert_int_equal(recap_count(st, first, "dancer", NULL), 0);
	second = ms_owing_seat(st);
	assert_true(second >= 0 && second != first);
	assert_int_equal(ms_default_command(st, second, &cmd), 1);
	assert_int_equal(ms_apply_default(st, second, &cmd, &err), 0);
	assert_int_equal(recap_count(st, second, "dancer", names[first]), 1);
	assert_int_equal(recap_count(st, second, "dancer", names[second]), 1);
	/* the seat's recap still runs from its last own move, and the
	 * next seat's own move marks that seat told */
	assert_int_equal(recap_count(st, second, "dancer", names[first]), 1);
	i = ms_owing_seat(st);
	assert_true(i != second);
	assert_int_equal(ms_default_command(st, i, &cmd), 1);
	assert_int_equal(ms_apply(st, i, &cmd, &err), 0);
	assert_int_equal(recap_count(st, i, "dancer", NULL), 0);
	free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_canonical_text),
		cmocka_unit_test(test_parse_round_trip_every_type),
		cmocka_unit_test(test_parse_every_alias),
		cmocka_unit_test(test_parse_refusals),
		cmocka_unit_test(test_view_masks_only_owner),
		cmocka_unit_test(test_view_hands_and_banked_only_owner),
		cmocka_unit_test(test_view_public_holds_no_secret),
		cmocka_unit_test(test_view_revealed_mask_public),
		cmocka_unit_test(test_view_public_vp_holds_no_mask),
		cmocka_unit_test(test_view_keep_offer_only_owner),
		cmocka_unit_test(test_view_dancers_free),
		cmocka_unit_test(test_view_stage_places_left),
		cmocka_unit_test(test_view_orders_open),
		cmocka_unit_test(test_view_challengeable),
		cmocka_unit_test(test_view_runouts_reached),
		cmocka_unit_test(test_view_hand_costs),
		cmocka_unit_test(test_view_can_reveal),
		cmocka_unit_test(test_view_discard_example),
		cmocka_unit_test(test_view_play_examples),
		cmocka_unit_test(test_view_play_examples_do_something),
		cmocka_unit_test(test_view_play_examples_one_reply),
		cmocka_unit_test(test_view_can_challenge),
		cmocka_unit_test(test_view_end_shows_every_mask),
		cmocka_unit_test(test_view_challenge_and_bad_seat),
		cmocka_unit_test(test_events_secrets),
		cmocka_unit_test(test_events_say_why),
		cmocka_unit_test(a_fight_result_gives_power_in_parts),
		cmocka_unit_test(test_order_effects_told),
		cmocka_unit_test(test_out_of_memory_never_a_part_missing),
		cmocka_unit_test(test_a_game_through_the_text),
		cmocka_unit_test(test_recap_after_a_default),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
