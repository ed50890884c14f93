/*
 * test_rm_engine.c - The Masque of the Red Death as an engine: determinism
 * (the same seed and commands give byte-identical states), the command
 * language (parse/format round trips, Japanese, Chinese and full-width
 * forms, every refusal in one sentence that changes nothing, early commands
 * kept and later ones replacing them), cards as data (an edited copy of the
 * data file changes behaviour without a rebuild), the invariant checks (each
 * fails, by name, on a state corrupted for it), and the careful bot.
 */
#include "rm_fixture.h"
#include "refusal_example.h"

#include <unistd.h>

#include "daemon/gamedata.h"
#include "daemon/sim.h"
#include "engine/words.h"

static void *data;

static int
group_setup(void **state)
{
	if (sodium_init() < 0)
		return -1;
	data = rmf_load_data();
	return 0;
}

static int
group_teardown(void **state)
{
	mq_redmasque_kind.free_data(data);
	return 0;
}

static void
done(struct rm_state *st)
{
	mq_redmasque_kind.free_state(st);
}

static const int rooms_std[4] = { GREEN, GREEN, BLUE, BLUE };
static const int pops_std[4] = { 10, 20, 30, 35 };

static int
pop(const struct rm_state *st, int seat)
{
	return st->p[seat].pop;
}

static struct rm_state *
table(void)
{
	struct rm_state *st = rmf_setup(data, 4, 7);

	rmf_force(st, 3, BLACK, rooms_std, pops_std);
	return st;
}

/* ---- Determinism ---- */

#define MAXLOG 4096

struct game_log {
	int n;
	int seat[MAXLOG];
	struct mq_cmd cmd[MAXLOG];
};

/* Bots play a whole game from a seed; every command is recorded. */
static struct rm_state *
bot_game(int nplayers, int seedbyte, int style, struct game_log *log)
{
	struct rm_state *st = rmf_setup(data, nplayers, seedbyte);
	struct mq_rng rng[RM_MAXP];
	struct mq_cmd cmds[4];
	struct mq_err err;
	uint8_t bot_seed[32];
	int seat, i, n, guard = 0;

	memset(bot_seed, 0x5A, sizeof(bot_seed));
	for (seat = 0; seat < nplayers; seat++)
		mq_rng_open(&rng[seat], bot_seed, "bot", 0, seat);
	log->n = 0;
	while (!mq_redmasque_kind.is_over(st)) {
		assert_true(++guard < 1000);
		for (seat = 0; seat < nplayers; seat++) {
			n = mq_redmasque_kind.bot(st, seat, style, &rng[seat], cmds, 4);
			for (i = 0; i < n; i++) {
				/* as a player's would be, sent (PLAY pickpocket
				 * TARGET bob is not) */
				if (mq_redmasque_kind.sent_ok(st, seat, &cmds[i], &err) ||
				    mq_redmasque_kind.apply(st, seat, &cmds[i], &err))
					fail_msg("a bot's command was refused: %s",
					    err.msg);
				assert_true(log->n < MAXLOG);
				log->seat[log->n] = seat;
				log->cmd[log->n++] = cmds[i];
			}
		}
	}
	return st;
}

static void
test_determinism_same_seed_same_bytes(void **state)
{
	static struct game_log a, b;
	struct rm_state *s1 = bot_game(5, 42, 0, &a);
	struct rm_state *s2 = bot_game(5, 42, 0, &b);
	struct rm_state *s3 = bot_game(5, 43, 0, &b);
	char *j1 = rmf_view_text(s1, MQ_VIEW_ADMIN), *j2 = rmf_view_text(s2,
	    MQ_VIEW_ADMIN), *j3 = rmf_view_text(s3, MQ_VIEW_ADMIN);

	assert_true(a.n > 4 * 12 * 2);
	assert_string_equal(j1, j2);
	assert_memory_equal(s1, s2, sizeof(*s1));
	assert_string_not_equal(j1, j3);	/* the seed matters */
	free(j1);
	free(j2);
	free(j3);
	done(s1);
	done(s2);
	done(s3);
}

/* Replaying the log of a game gives the same bytes at every step, and
 * refused commands in between shift no later draw. */
static void
test_determinism_replay_with_refusals_same_bytes(void **state)
{
	static struct game_log log;
	struct rm_state *orig = bot_game(6, 9, 1, &log);
	struct rm_state *st = rmf_setup(data, 6, 9), *before;
	struct mq_cmd bad;
	struct mq_err err;
	char *j1, *j2;
	int i;

	before = malloc(sizeof(*st));
	assert_non_null(before);
	for (i = 0; i < log.n; i++) {
		/* A refused command (a card that does not exist) every step. */
		memcpy(before, st, sizeof(*st));
		memset(&bad, 0, sizeof(bad));
		rm_cmd_of(&bad)->type = RM_C_PLAY;
		rm_cmd_of(&bad)->pick.card = 99;
		assert_int_equal(mq_redmasque_kind.apply(st, log.seat[i], &bad, &err),
		    MQ_REFUSED);
		assert_memory_equal(before, st, sizeof(*st));
		assert_int_equal(mq_redmasque_kind.apply(st, log.seat[i],
		    &log.cmd[i], &err), 0);
	}
	j1 = rmf_view_text(orig, MQ_VIEW_ADMIN);
	j2 = rmf_view_text(st, MQ_VIEW_ADMIN);
	assert_string_equal(j1, j2);
	assert_memory_equal(orig, st, sizeof(*st));
	free(j1);
	free(j2);
	free(before);
	done(orig);
	done(st);
}

static void
test_clone_is_independent_and_equal(void **state)
{
	struct rm_state *st = table();
	struct rm_state *c = mq_redmasque_kind.clone(st);

	assert_memory_equal(st, c, sizeof(*st));
	rmf_do(c, ALICE, "PLAY jest");
	assert_false(st->p[ALICE].has_pick);
	assert_true(c->p[ALICE].has_pick);
	done(c);
	done(st);
}

/* ---- The command language ---- */

static void
test_parse_format_round_trip_every_bot_command(void **state)
{
	static struct game_log log;
	struct rm_state *st = bot_game(7, 5, 0, &log);
	struct mq_buf b = MQ_BUF_INIT, b2 = MQ_BUF_INIT;
	struct mq_cmd back;
	struct mq_err err;
	int i;

	for (i = 0; i < log.n; i++) {
		mq_buf_reset(&b);
		assert_int_equal(mq_redmasque_kind.format(st, &log.cmd[i], &b), 0);
		if (rmf_parse(st, log.seat[i], mq_buf_str(&b), &back, &err) != 0)
			fail_msg("\"%s\" does not parse back: %s", mq_buf_str(&b),
			    err.msg);
		assert_memory_equal(&back, &log.cmd[i], sizeof(back));
		mq_buf_reset(&b2);
		mq_redmasque_kind.format(st, &back, &b2);
		assert_string_equal(mq_buf_str(&b), mq_buf_str(&b2));
	}
	mq_buf_free(&b);
	mq_buf_free(&b2);
	done(st);
}

static void
canonical(struct rm_state *st, int seat, const char *line, const char *want)
{
	struct mq_cmd c1, c2;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err err;

	if (rmf_parse(st, seat, line, &c1, &err) != 0)
		fail_msg("\"%s\" refused: %s", line, err.msg);
	assert_int_equal(mq_redmasque_kind.format(st, &c1, &b), 0);
	if (strcmp(mq_buf_str(&b), want) != 0)
		fail_msg("\"%s\" formats as \"%s\", not \"%s\"", line,
		    mq_buf_str(&b), want);
	/* The English parses to the very same command. */
	assert_int_equal(rmf_parse(st, seat, want, &c2, &err), 0);
	assert_memory_equal(&c1, &c2, sizeof(c1));
	mq_buf_free(&b);
}

static void
test_parse_japanese_chinese_fullwidth(void **state)
{
	static const char *const cases[][2] = {
		{ "PLAY 嚇唬 TARGET carol SLOT 12:30",
		    "PLAY threaten TARGET carol SLOT 12:30" },
		{ "プレイ 脅し 対象 carol 時刻 １２：３０",
		    "PLAY threaten TARGET carol SLOT 12:30" },
		{ "打出 吓唬 目标 carol 时间 12:30",
		    "PLAY threaten TARGET carol SLOT 12:30" },
		{ "MOVE 時計回り", "MOVE cw" },
		{ "移动 逆时针", "MOVE ccw" },
		{ "移動 cw、反時計回り", "MOVE cw ccw" },
		{ "移动 不动", "MOVE stay" },
		/* a keyword run into what it takes, as Chinese and Japanese
		 * are written: parted (a Latin one is a typo told: MOVEccw) */
		{ "移动顺时针", "MOVE cw" },
		{ "出牌笑话", "PLAY jest" },
		{ "プレイ冗談", "PLAY jest" },
		{ "放置蓝色房间", "PLACE blue" },
		{ "移動：時計回り", "MOVE cw" },
		/* a whole line run together, as it is written (found by
		 * players by mail: the rest was refused, "not a card") */
		{ "出牌吓唬目标carol时间12:30",
		    "PLAY threaten TARGET carol SLOT 12:30" },
		{ "プレイ脅し対象carol時刻12:30",
		    "PLAY threaten TARGET carol SLOT 12:30" },
		{ "计划12:30逆时针", "PLAN 12:30 ccw" },
		{ "计划顺时针不动逆时针顺时针不动不动", "PLAN cw stay ccw cw stay stay" },
		{ "プレイ 冗談", "PLAY jest" },
		{ "出牌 笑话", "PLAY jest" },
		{ "ＰＬＡＹ　ｊｅｓｔ", "PLAY jest" },
		{ "PLAY\xc2\xa0jest", "PLAY jest" },	/* a no-break space */
		/* half-width katakana, voiced marks joined: ﾌﾟﾚｲ is プレイ */
		{ "ﾌﾟﾚｲ 冗談", "PLAY jest" },
		{ "ﾌﾟﾚｲ､冗談｡", "PLAY jest" },
		{ "ﾌﾟﾚｲ ﾀﾞﾝｽ", "PLAY dance" },
		{ "ﾌﾟﾚｲ ｱﾝｺｰﾙ 回収 ｽﾘ", "PLAY encore RECOVER pickpocket" },
		{ "play JEST", "PLAY jest" },
		{ "Play Court the Prince", "PLAY court_the_prince" },
		{ "プレイ 王子に取り入る", "PLAY court_the_prince" },
		{ "出牌 诈骗 目标 bob carol 时间 12:00 12:50",
		    "PLAY swindle TARGET bob carol SLOT 12:00 12:50" },
		{ "出牌 安可 回收 笑话 嘲笑", "PLAY encore RECOVER jest mock" },
		{ "計画 時計回り そのまま 反時計回り cw stay stay",
		    "PLAN cw stay ccw cw stay stay" },
		{ "计划 12:20 逆时针", "PLAN 12:20 ccw" },
		{ "計画 クリア", "PLAN CLEAR" },
		/* the loanwords and the traditional form many write */
		{ "プレー 冗談", "PLAY jest" },
		{ "ムーブ 時計回り", "MOVE cw" },
		{ "プラン クリア", "PLAN CLEAR" },
		{ "計劃 cw stay ccw cw stay stay", "PLAN cw stay ccw cw stay stay" },
		{ "配置 緑", "PLACE green" },
		{ "放置 蓝色", "PLACE blue" },
		{ "状況", "STATUS" },
		{ "ステータス", "STATUS" },
		{ "ｽﾃｰﾀｽ", "STATUS" },
		{ "帮助", "HELP" },
		/* a colon after a keyword, as people write in mail; the one
		 * inside a time is the time's */
		{ "PLACE: black", "PLACE black" },
		{ "place:black", "PLACE black" },
		{ "配置：緑", "PLACE green" },
		{ "PLAN: cw stay ccw cw stay stay",
		    "PLAN cw stay ccw cw stay stay" },
		{ "PLAN: 12:20 ccw", "PLAN 12:20 ccw" },
		{ "PLAY: threaten TARGET: carol SLOT: 12:30",
		    "PLAY threaten TARGET carol SLOT 12:30" },
		{ "play threaten target:carol slot:12:30",
		    "PLAY threaten TARGET carol SLOT 12:30" },
		{ "PLAY swindle TARGET : bob carol SLOT 12:00 12:50",
		    "PLAY swindle TARGET bob carol SLOT 12:00 12:50" },
		{ "MOVE: cw", "MOVE cw" },
		{ "STATUS:", "STATUS" },
		/* a sentence's end */
		{ "PLAY jest.", "PLAY jest" },
		{ "プレイ 冗談。", "PLAY jest" },
		{ "移动 逆时针。", "MOVE ccw" },
		{ "PLAN 12:20 ccw!", "PLAN 12:20 ccw" },
		/* a list's mark before the command, spaced or glued */
		{ "1. PLAY jest", "PLAY jest" },
		{ "2) MOVE cw", "MOVE cw" },
		{ "(3) PLAN CLEAR", "PLAN CLEAR" },
		{ "- PLAY jest", "PLAY jest" },
		{ "* play jest", "PLAY jest" },
		{ "\xe2\x80\xa2 PLAY jest", "PLAY jest" },	/* • */
		{ "・プレイ 冗談", "PLAY jest" },
		{ "１．プレイ 冗談", "PLAY jest" },
		{ "２）移動 時計回り", "MOVE cw" },
		{ "1.play jest", "PLAY jest" },
		{ "-move ccw", "MOVE ccw" },
	};
	struct rm_state *st = table();
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		canonical(st, ALICE, cases[i][0], cases[i][1]);
	done(st);
}

/*
 * Half-width katakana as mq_words_fold joins them: a voiced or semi-voiced
 * mark joins only a kana that takes one (ｯﾞ is ッ and a mark, not ツ: small
 * ッ is U+30C3, between ｶ's and ﾄ's code points, but takes none); a mark or
 * a kana cut at the line's end stays what it was; never longer than the
 * line, even in a buffer just as long.
 */
static void
test_fold_halfwidth_kana_edges(void **state)
{
	static const char *const cases[][2] = {
		{ "\xef\xbd\xb6\xef\xbe\x9e", "ガ" },		/* ｶﾞ */
		{ "\xef\xbe\x8a\xef\xbe\x9f", "パ" },		/* ﾊﾟ */
		{ "\xef\xbd\xb3\xef\xbe\x9e", "ヴ" },		/* ｳﾞ */
		{ "\xef\xbe\x84\xef\xbe\x9e", "ド" },		/* ﾄﾞ */
		{ "\xef\xbd\xaf\xef\xbe\x9e", "ッ゛" },	/* ｯﾞ */
		{ "\xef\xbd\xaf\xef\xbe\x9f", "ッ゜" },	/* ｯﾟ */
		{ "\xef\xbd\xb6\xef\xbe\x9f", "カ゜" },	/* ｶﾟ */
		{ "\xef\xbe\x9e", "゛" },			/* ﾞ alone */
		{ "\xef\xbd\xb6\xef\xbe", "カ\xef\xbe" },	/* a cut mark */
		{ "\xef\xbd", "\xef\xbd" },			/* a cut kana */
	};
	char out[64], small[6];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		mq_words_fold(cases[i][0], out, sizeof(out));
		if (strcmp(out, cases[i][1]) != 0)
			fail_msg("case %zu folds to \"%s\", not \"%s\"", i, out,
			    cases[i][1]);
	}
	/* ｶﾞｶﾞ (12 bytes) into 6: one ガ, whole */
	mq_words_fold("\xef\xbd\xb6\xef\xbe\x9e\xef\xbd\xb6\xef\xbe\x9e",
	    small, sizeof(small));
	assert_string_equal(small, "ガ");
	/* a text longer than the buffer is cut between two characters,
	 * wherever the cut falls: x, then あ (3 bytes) after x, xx, xxx */
	for (i = 1; i <= 3; i++) {
		char in[64], *p;

		memset(in, 'x', i);
		for (p = in + i; p + 3 < in + sizeof(in); p += 3)
			memcpy(p, "\xe3\x81\x82", 3);
		*p = '\0';
		mq_words_fold(in, small, sizeof(small));
		for (p = small; *p == 'x'; p++)
			;
		if (strlen(p) % 3 != 0)
			fail_msg("\"%s\" is cut inside a character", small);
	}
}

/*
 * A near miss of a command word (mq_words_near): one edit (a letter
 * changed, added, dropped, or two swapped) from a word of 3 to 5 letters,
 * two from a longer one, the shorter word setting the reach; any ASCII
 * case; never the word itself, a short word, or one with other than
 * letters. Greetings and sign-offs are no near miss of any.
 */
static void
test_words_near_miss(void **state)
{
	static const struct { const char *word, *cmd; int near; } c[] = {
		{ "moev", "move", 1 }, { "MOEV", "move", 1 }, { "playy", "play", 1 },
		{ "plna", "plan", 1 }, { "pla", "play", 1 }, { "plac", "place", 1 },
		{ "stauts", "status", 1 }, { "stats", "status", 1 },
		{ "hepl", "help", 1 }, { "chalenge", "challenge", 1 },
		{ "chalenges", "challenge", 1 }, { "discrad", "discard", 1 },
		{ "moev:", "move", 1 },
		{ "move", "move", 0 }, { "MOVE", "move", 0 }, { "hi", "help", 0 },
		{ "hello", "help", 0 }, { "thanks", "bank", 0 },
		{ "cheers", "dancer", 0 }, { "ok", "on", 0 }, { "please", "place", 0 },
		{ "mvoe", "plan", 0 }, { "pl4y", "play", 0 }, { "", "play", 0 },
		{ "ｐｌａｙｙ", "play", 0 }, { "dance", "place", 0 },
		{ "stat", "status", 0 }, { "gd", "go", 0 },
	};
	static const struct { const char *a, *b; int d; } dist[] = {
		{ "", "", 0 }, { "", "abc", 3 }, { "abc", "", 3 },
		{ "play", "play", 0 }, { "Play", "pLAY", 0 }, { "plna", "plan", 1 },
		{ "ca", "abc", 3 },		/* no edit twice: not 2 */
		{ "kitten", "sitting", 3 }, { "please", "place", 2 },
		/* characters, not bytes: 人 and 入 differ in all three */
		{ "吟遊詩入", "吟遊詩人", 1 }, { "魔導士", "魔導師", 1 },
		{ "詩吟遊人", "吟遊詩人", 2 }, { "塔", "泉", 1 },
	};
	char big[80];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		if (mq_words_near(c[i].word, c[i].cmd) != c[i].near)
			fail_msg("mq_words_near(\"%s\", \"%s\") is not %d",
			    c[i].word, c[i].cmd, c[i].near);
	for (i = 0; i < sizeof(dist) / sizeof(dist[0]); i++)
		if (mq_words_distance(dist[i].a, dist[i].b) != dist[i].d)
			fail_msg("mq_words_distance(\"%s\", \"%s\") is %d, not %d",
			    dist[i].a, dist[i].b, mq_words_distance(dist[i].a,
			    dist[i].b), dist[i].d);
	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(mq_words_distance(big, "a"), 99);
	assert_int_equal(mq_words_near(big, "play"), 0);
}

/* The first word of a line as the player wrote it, for a refusal to
 * quote: its case kept, folded and cut as mq_words_line's tok[0] is. */
static void
test_words_first_as_written(void **state)
{
	static const char *const c[][2] = {
		{ "MOEV cw", "MOEV" }, { "  Hi, all", "Hi" }, { "Thanks!", "Thanks" },
		{ "ＰＬＡＹＹ　jest", "PLAYY" }, { "Dance:now", "Dance:now" },
		{ "", "" }, { "   ", "" },
		{ "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa x",
		  "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…" },
	};
	char out[MQ_WORDS_FIRST];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		mq_words_first(c[i][0], out, sizeof(out));
		if (strcmp(out, c[i][1]) != 0)
			fail_msg("the first word of \"%s\" is \"%s\", not \"%s\"",
			    c[i][0], out, c[i][1]);
	}
}

/*
 * A line refused (by parse, or by apply after parse) with one sentence that
 * says what was wrong (want) and what to do instead (hint), leaving the
 * state byte for byte as it was.
 */
static void
refused(struct rm_state *st, int seat, const char *line, const char *want,
    const char *hint)
{
	struct rm_state *before = malloc(sizeof(*st));
	struct mq_err err;
	size_t n;

	assert_non_null(before);
	memcpy(before, st, sizeof(*st));
	if (rmf_submit(st, seat, line, &err) != MQ_REFUSED)
		fail_msg("\"%s\" was not refused", line);
	if (strstr(err.msg, want) == NULL || strstr(err.msg, hint) == NULL)
		fail_msg("\"%s\": \"%s\" lacks \"%s\" or \"%s\"", line, err.msg,
		    want, hint);
	n = strlen(err.msg);
	assert_true(n > 10 && err.msg[n - 1] == '.');
	assert_null(strchr(err.msg, '\n'));
	assert_memory_equal(before, st, sizeof(*st));
	free(before);
}

/* A line that starts with a command word (any language) names a command:
 * refused, the lines after it in the mail wait; a greeting does not. */
static void
test_names_command_tells_commands_from_prose(void **state)
{
	enum { P = MQ_LINE_PROSE, C = MQ_LINE_COMMAND, D = MQ_LINE_DOUBT };
	static const struct { const char *line; int cmd; } c[] = {
		{ "PLAY jest", C }, { "play nosuchcard", D }, { "PLACE nowhere", C },
		{ "プレイ 冗談", C }, { "移动 逆时针", C }, { "ＰＬＡＹ　ｊｅｓｔ", C },
		{ "PLAN: cw", C }, { "STATUS please", C }, { "play jset", C },
		{ "place bleu", C }, { "play court the prince", C },
		{ "play mock target bbo", C }, { "move cww", C },
		/* a typo of one is one the player meant */
		{ "MOEV cw", C }, { "PLAYY jest", C }, { "PLNA cw stay", C },
		{ "STAUTS", C }, { "mvoe cw", C }, { "plya jest", C },
		{ "plna 12:20 ccw", C }, { "stauts", C }, { "hlep", C },
		{ "mvoe cww", C },
		/* a space lost */
		{ "MOVEccw", C }, { "PLACEblue", C }, { "play2 jest", P },
		{ "Playboy", P }, { "Plan9", P },
		/* a keyword run into a name: parted; into other words: prose */
		{ "移动顺时针", C }, { "プレイ冗談", C }, { "计划好了", P },
		{ "移動したい", P }, { "放置在哪里", P },
		{ "Movement", P }, { "Players", P }, { "Placebo", P },
		/* prose, near as it may be ("Love" is one from MOVE) */
		{ "Love,", P }, { "More soon", P }, { "Love you all", P },
		{ "Plans for tomorrow?", P }, { "Hell of a round!", P },
		{ "Love - Alice", P }, { "Love, stay safe", P },
		{ "More in 5 minutes, but here is my move:", P },
		{ "Love to play with you all", P }, { "Love the scandal!", P },
		{ "More fun in the green room", P },
		{ "Held up at work, will play later", P },
		/* a command word in a sentence: prose with its marks, else a
		 * doubt, refused but holding nothing up */
		{ "Place your bets!", P }, { "Help me out here", D },
		{ "Play nice", D }, { "Status: nervous", D },
		{ "hello", P }, { "Hi all,", P }, { "DANCE wildly", P },
		{ "Thanks for the game!", P }, { "よろしくお願いします", P },
		{ "Cheers", P }, { "ok", P }, { "Please find my move below", P },
		{ "Good luck!", P },
		/* a list's mark: the line after it decides */
		{ "1. PLAY jest", C }, { "- MOVE cw", C }, { "・プレイ 冗談", C },
		{ "1. Thanks for the game!", P }, { "- hello", P },
		{ "* Love, Alice", P }, { "1.", P },
		/* a typo after a mark is one the player meant; a number alone
		 * is no mark */
		{ "1. MOEV cw", C }, { "- PALCE blue", C }, { "2) mvoe cw", C },
		{ "1 move left, then I'm done", P }, { "2 Help me out here", P },
		{ "1 plan for all", P },
	};
	struct rm_state *st = table();
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		if (mq_redmasque_kind.names_command(st, c[i].line) != c[i].cmd)
			fail_msg("names_command(\"%s\") is not %d", c[i].line,
			    c[i].cmd);
	done(st);
}

/* A mistyped command word, put right on the next line: the command its
 * refusal names, of one choice (PLAY, MOVE, PLACE) or with the same
 * words after it. */
static void
test_word_put_right(void **state)
{
	static const struct { const char *prev, *line; int fix; } c[] = {
		{ "MOEV cw", "MOVE cw", 1 }, { "MOEV cx", "MOVE cw", 1 },
		{ "mvoe cw", "移動 cw", 1 }, { "PLYA jest", "PLAY jest", 1 },
		{ "PALCE blue", "PLACE blue", 1 }, { "STAUTS", "STATUS", 1 },
		{ "MOVEccw", "MOVE ccw", 1 },
		{ "MOEV cw", "PLAY jest", 0 }, { "MOVE cx", "MOVE cw", 0 },
		{ "hello", "MOVE cw", 0 }, { "MOEV cw", "MOEV cw", 0 },
	};
	struct rm_state *st = table();
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		if (mq_redmasque_kind.word_put_right(st, c[i].prev,
		    c[i].line) != c[i].fix)
			fail_msg("word_put_right(\"%s\", \"%s\") is not %d",
			    c[i].prev, c[i].line, c[i].fix);
	done(st);
}

static void
test_refused_unknown_command_card_player(void **state)
{
	struct rm_state *st = table();

	refused(st, ALICE, "DANCE now", "is not a command", "PLAY, MOVE, PLAN");
	/* SET LANG is the daemon's, but a player reads it as one of them */
	refused(st, ALICE, "DANCE now", "is not a command",
	    "HELP, SET LANG and SET NOTICES.");
	refused(st, ALICE, "PLAY juggle", "\"juggle\" is not a card", "jest");
	/* a typo after a list's mark: quoted as written, the mark aside */
	refused(st, ALICE, "1. MOEV cw", "\"MOEV\" is not a command",
	    "did you mean MOVE");
	/* a typo of a card: the one meant, not the list of every card */
	refused(st, ALICE, "PLAY jset", "\"jset\" is not a card",
	    "you may mean jest.");
	/* quoted as written, not lower-cased */
	refused(st, ALICE, "play Dnace", "\"Dnace\" is not a card",
	    "you may mean dance.");
	/* a typo of a room, of a word after the card (found by players by
	 * mail: "place orang" got the seven rooms, "targer" the three words) */
	refused(st, ALICE, "place orang", "\"orang\" is not a room",
	    "you may mean orange.");
	refused(st, ALICE, "PLAY threaten targer bob SLOT 12:30",
	    "After PLAY threaten, \"targer\" is not understood",
	    "you may mean TARGET.");
	refused(st, ALICE, "PLACE nowhere", "PLACE needs one room", "black.");
	refused(st, ALICE, "PLAY mock TARGET zoe", "no player named \"zoe\"",
	    "the players are alice, bob, carol, dave");
	refused(st, ALICE, "PLAY mock TARGET alice", "cannot target yourself",
	    "name another player");
	refused(st, ALICE, "", "empty", "empty");
	done(st);
}

static void
test_refused_leftover_words(void **state)
{
	struct rm_state *st = table();

	refused(st, ALICE, "PLAY jest please", "\"please\" is not understood",
	    "TARGET, SLOT or RECOVER");
	refused(st, ALICE, "STATUS now", "takes nothing after it", "STATUS");
	refused(st, ALICE, "PLACE green blue", "After PLACE green, \"blue\" is "
	    "not understood", "PLACE takes one room");
	refused(st, ALICE, "PLACE purple, thanks", "After PLACE purple, "
	    "\"thanks\" is not understood", "PLACE takes one room");
	refused(st, ALICE, "PLACE nowhere", "needs one room", "green");
	refused(st, ALICE, "MOVE cw north", "\"north\" is not a direction", "ccw");
	refused(st, ALICE, "PLAN cw cw cw", "six directions", "this one has 3");
	refused(st, ALICE, "PLAN cw 12:20", "six directions", "PLAN CLEAR");
	refused(st, ALICE, "PLAN CLEAR please", "After PLAN CLEAR, \"please\" "
	    "is not understood", "PLAN CLEAR takes nothing more");
	refused(st, ALICE, "PLAN 12:60 cw", "\"12:60\" is not a time of the "
	    "plan", "12:00 to 12:50");
	refused(st, ALICE, "PLAN 12.10 cw", "\"12.10\" is not a time of the "
	    "plan", "12:00 to 12:50");
	refused(st, ALICE, "PLAN 12:10 cw 12:20", "The plan gives 12:20 no "
	    "direction", "PLAN 12:20 cw, ccw or stay");
	refused(st, ALICE, "PLAN 12:10cw", "\"12:10cw\" is not understood",
	    "apart: PLAN 12:10 cw.");
	refused(st, ALICE, "PLAN all stay", "six directions", "PLAN CLEAR");
	refused(st, ALICE, "PLAY threaten SLOT 1:30", "not a time", "12:30");
	done(st);
}

/* The next item of *at, a list joined by sep or by sep2 (NULL: none);
 * NULL after the last. The list is cut in place. */
static char *
list_item(char **at, const char *sep, const char *sep2)
{
	char *item = *at, *a, *b;

	if (item == NULL)
		return NULL;
	a = strstr(item, sep);
	b = sep2 != NULL ? strstr(item, sep2) : NULL;
	if (a == NULL || (b != NULL && b < a)) {
		a = b;
		sep = sep2;
	}
	*at = a != NULL ? a + strlen(sep) : NULL;
	if (a != NULL)
		*a = '\0';
	return item;
}

/*
 * The example and the rooms a refusal offers are accepted as written, in
 * each language: "PLAY needs a card, e.g. PLAY jest." and "PLACE needs one
 * room: blue, ...". In ja and zh they name the card and the rooms in the
 * reader's words (the data's names, which the parser takes), not the
 * English ids inside a Japanese or Chinese sentence, and mean the same
 * commands as the English.
 */
static void
test_refusal_examples_accepted_as_written(void **state)
{
	static const char *const langs[] = { "en", "ja", "zh" };
	const struct rm_data *d = data;
	struct rm_state *st;
	struct mq_err err;
	char *en = NULL, *ex, *t, *at, *item, line[96], want[32];
	size_t l;
	int room;

	for (l = 0; l < sizeof(langs) / sizeof(langs[0]); l++) {
		st = table();
		assert_int_equal(rmf_submit(st, ALICE, "PLAY", &err), MQ_REFUSED);
		ex = refusal_example(langs[l], err.msg);
		canonical(st, ALICE, ex, "PLAY jest");
		rmf_do(st, ALICE, ex);
		done(st);
		if (en != NULL && strcmp(ex, en) == 0)
			fail_msg("%s: the example is the English \"%s\"", langs[l],
			    ex);
		if (en == NULL)
			en = ex;
		else
			free(ex);

		/* the rooms after the colon, each placed as written */
		st = rmf_setup(data, 4, 7);
		assert_int_equal(rmf_submit(st, ALICE, "PLACE", &err), MQ_REFUSED);
		done(st);
		t = refusal_in(langs[l], err.msg);
		at = strstr(t, l == 0 ? ": " : "：");
		assert_non_null(at);
		at += l == 0 ? strlen(": ") : strlen("：");
		at[strlen(at) - (l == 0 ? strlen(".") : strlen("。"))] = '\0';
		for (room = 0; (item = list_item(&at, l == 0 ? ", " : "、",
		    l == 0 ? " or " : NULL)) != NULL; room++) {
			assert_true(room < RM_ROOMS);	/* in ring order */
			if (l > 0 && strcmp(item, d->room_id[room]) == 0)
				fail_msg("%s: the room is the English \"%s\"",
				    langs[l], item);
			snprintf(line, sizeof(line), "PLACE %s", item);
			snprintf(want, sizeof(want), "PLACE %s", d->room_id[room]);
			st = rmf_setup(data, 4, 7);
			canonical(st, ALICE, line, want);
			rmf_do(st, ALICE, line);
			done(st);
		}
		assert_int_equal(room, RM_ROOMS);
		free(t);
	}
	free(en);
}

static void
test_refused_missing_slot(void **state)
{
	static const char *const needs[] = { "threaten TARGET bob", "flirt TARGET bob",
	    "swindle TARGET bob", "menace TARGET bob", "eavesdrop TARGET bob",
	    "pickpocket", "premonition" };
	struct rm_state *st = table();
	char line[96], id[32];
	size_t i;

	for (i = 0; i < sizeof(needs) / sizeof(needs[0]); i++) {
		sscanf(needs[i], "%31s", id);
		if (st->data->card[rmf_card(st, id)].personality)
			rmf_personality(st, ALICE, id);
		snprintf(line, sizeof(line), "PLAY %s", needs[i]);
		refused(st, ALICE, line, "needs a time", "SLOT 12:30");
	}
	done(st);
}

static void
test_refused_missing_target(void **state)
{
	struct rm_state *st = table();

	rmf_personality(st, ALICE, "scandal");
	refused(st, ALICE, "PLAY scandal", "needs a TARGET", "PLAY scandal TARGET");
	rmf_personality(st, ALICE, "eavesdrop");
	refused(st, ALICE, "PLAY eavesdrop SLOT 12:10", "needs a TARGET",
	    "PLAY eavesdrop TARGET");
	refused(st, ALICE, "PLAY jest TARGET bob", "has no target",
	    "without TARGET");
	done(st);
}

/*
 * Pickpocket takes from every nearby noble, so a TARGET with it means
 * nothing: sent now, it is refused with an example without it, which is
 * accepted as written in each language; read from a log (the bots wrote
 * such lines), parse and apply still take it, and the round resolves as
 * it would have without the TARGET.
 */
static void
test_target_pickpocket_refused_when_sent_replayed_as_before(void **state)
{
	static const char *const langs[] = { "en", "ja", "zh" };
	static const char *const line = "PLAY pickpocket TARGET bob SLOT 12:10";
	struct rm_state *st = table(), *old = table(), *c;
	struct mq_cmd cmd;
	struct mq_err err;
	char *ex, *j1, *j2;
	size_t l;
	int seat;

	rmf_personality(st, ALICE, "pickpocket");
	rmf_personality(old, ALICE, "pickpocket");
	refused(st, ALICE, line, "pickpocket takes from every nearby noble, "
	    "not one you name: send it without TARGET", "e.g. PLAY pickpocket "
	    "SLOT 12:10.");
	refused(st, ALICE, "PLAY pickpocket TARGET bob", "without TARGET",
	    "e.g. PLAY pickpocket SLOT 12:30.");
	refused(st, ALICE, "PLAY jest TARGET bob", "has no target",
	    "without TARGET");	/* apply's own, as before */
	for (l = 0; l < sizeof(langs) / sizeof(langs[0]); l++) {
		assert_int_equal(rmf_submit(st, ALICE, line, &err), MQ_REFUSED);
		ex = refusal_example(langs[l], err.msg);
		c = mq_redmasque_kind.clone(st);
		canonical(c, ALICE, ex, "PLAY pickpocket SLOT 12:10");
		rmf_do(c, ALICE, ex);
		done(c);
		free(ex);
	}

	assert_int_equal(rmf_parse(old, ALICE, line, &cmd, &err), 0);
	assert_int_equal(mq_redmasque_kind.apply(old, ALICE, &cmd, &err), 0);
	rmf_do(st, ALICE, "PLAY pickpocket SLOT 12:10");
	for (seat = 1; seat < 4; seat++) {
		rmf_do(old, seat, "PLAY discuss");
		rmf_do(st, seat, "PLAY discuss");
	}
	assert_int_equal(st->phase, RM_PH_MOVE);	/* resolved */
	j1 = rmf_view_text(old, MQ_VIEW_ADMIN);
	j2 = rmf_view_text(st, MQ_VIEW_ADMIN);
	assert_string_equal(j1, j2);
	free(j1);
	free(j2);
	done(old);
	done(st);
}

static void
test_refused_card_not_in_hand_or_discarded(void **state)
{
	struct rm_state *st = table();
	const char *other = NULL;
	int k, s;

	for (k = 0; k < st->data->npersonality && other == NULL; k++) {
		int c = st->data->personality[k];

		for (s = 0; s < 4 && st->p[s].personality != c; s++)
			;
		if (s == 4)
			other = st->data->card[c].id;
	}
	assert_non_null(other);
	rmf_discard(st, ALICE, "jest");
	refused(st, ALICE, other, "is not a command", "PLAY");
	{
		char line[64];

		snprintf(line, sizeof(line), "PLAY %s", other);
		refused(st, ALICE, line, "is not one of your cards",
		    "you can play: discuss");
	}
	refused(st, ALICE, "PLAY jest", "played jest already", "you can play:");
	done(st);
}

static void
test_refused_move_too_many_steps(void **state)
{
	struct rm_state *st = table();

	refused(st, ALICE, "MOVE cw cw cw cw", "at most three steps", "one "
	    "direction each");
	rmf_round(st, NULL);
	refused(st, ALICE, "MOVE cw cw", "move once", "MOVE cw, MOVE ccw or "
	    "MOVE stay");
	done(st);
}

static void
test_refused_place_after_placement(void **state)
{
	struct rm_state *st = rmf_setup(data, 4, 3);
	int first = st->place_order[0];

	rmf_do(st, first, "PLACE green");
	refused(st, first, "PLACE blue", "placed your noble already", "green");
	done(st);
	st = table();
	refused(st, ALICE, "PLACE blue", "Every noble is placed", "PLAY a card");
	/* in the moves, no card is to be played (round 12's hand is empty):
	 * found by players by mail */
	st->phase = RM_PH_MOVE;
	refused(st, ALICE, "PLACE blue", "Every noble is placed already; now "
	    "you MOVE.", "MOVE");
	done(st);
}

static void
test_refused_play_when_game_over(void **state)
{
	struct rm_state *st = table();

	st->round = 12;
	rmf_round(st, NULL);
	refused(st, ALICE, "PLAY jest", "only moves and your midnight PLAN",
	    "PLAN");
	rmf_moves(st, NULL);
	assert_true(mq_redmasque_kind.is_over(st));
	refused(st, ALICE, "PLAY jest", "game is over", "STATUS");
	refused(st, BOB, "MOVE cw", "game is over", "STATUS");
	done(st);
}

static void
test_refused_dead_noble(void **state)
{
	struct rm_state *st = table();

	st->p[CAROL].alive = 0;
	st->p[CAROL].pop = 0;
	refused(st, CAROL, "PLAY jest", "noble is dead", "watch");
	done(st);
}

static void
test_early_move_kept_until_move_phase(void **state)
{
	struct rm_state *st = table();

	rmf_do(st, ALICE, "MOVE cw");
	assert_int_equal(st->p[ALICE].room, GREEN);
	rmf_round(st, NULL);
	assert_int_equal(st->phase, RM_PH_MOVE);
	assert_null(mq_redmasque_kind.owes(st, ALICE));	/* already in */
	assert_string_equal(mq_redmasque_kind.owes(st, BOB), "move");
	rmf_do(st, BOB, "MOVE stay");
	rmf_do(st, CAROL, "MOVE stay");
	rmf_do(st, DAVE, "MOVE stay");
	assert_int_equal(st->p[ALICE].room, ORANGE);
	done(st);
}

static void
test_early_play_kept_for_next_round(void **state)
{
	struct rm_state *st = table();
	struct mq_decision d;
	struct mq_cmd cmd;
	struct mq_err err;

	rmf_round(st, NULL);
	assert_int_equal(st->phase, RM_PH_MOVE);
	assert_int_equal(rmf_parse(st, ALICE, "PLAY jest", &cmd, &err), 0);
	mq_redmasque_kind.decision(st, ALICE, &cmd, &d);
	assert_string_equal(d.key, "act:4");
	rmf_do(st, ALICE, "PLAY jest");
	assert_int_equal(pop(st, ALICE), 10);	/* not yet */
	rmf_moves(st, NULL);
	assert_int_equal(st->round, 4);
	assert_null(mq_redmasque_kind.owes(st, ALICE));	/* already in */
	rmf_do(st, BOB, "PLAY discuss");
	rmf_do(st, CAROL, "PLAY discuss");
	rmf_do(st, DAVE, "PLAY discuss");
	assert_int_equal(pop(st, ALICE), 13);
	done(st);
}

static void
test_early_place_kept_until_turn(void **state)
{
	struct rm_state *st = rmf_setup(data, 4, 3);
	int last = st->place_order[3], i;

	rmf_do(st, last, "PLACE violet");
	rmf_do(st, last, "PLACE white");	/* replaces */
	assert_int_equal(st->p[last].room, -1);
	for (i = 0; i < 3; i++)
		rmf_do(st, st->place_order[i], "PLACE blue");
	assert_int_equal(st->p[last].room, WHITE);
	assert_int_equal(st->phase, RM_PH_ACT);
	done(st);
}

/* A PLACE kept for its turn is secret; one applied in its turn is shown to
 * the others at once (shown_now: its receipt must not call it secret). */
static void
test_place_shown_now_only_in_its_turn(void **state)
{
	struct rm_state *st = rmf_setup(data, 4, 3);
	int first = st->place_order[0], last = st->place_order[3];
	struct mq_cmd c;
	struct mq_err err;

	assert_int_equal(rmf_parse(st, last, "PLACE violet", &c, &err), 0);
	assert_int_equal(mq_redmasque_kind.apply(st, last, &c, &err), 0);
	assert_int_equal(mq_redmasque_kind.shown_now(st, last, &c), 0);
	assert_int_equal(rmf_parse(st, first, "PLACE blue", &c, &err), 0);
	assert_int_equal(mq_redmasque_kind.apply(st, first, &c, &err), 0);
	assert_int_equal(mq_redmasque_kind.shown_now(st, first, &c), 1);
	/* a PLAY is never shown before its phase resolves */
	assert_int_equal(rmf_parse(st, first, "PLAY jest", &c, &err), 0);
	assert_int_equal(mq_redmasque_kind.shown_now(st, first, &c), 0);
	done(st);
}

/* Apply a line that must be accepted; then shown_now of it. */
static int
applied_shown(struct rm_state *st, int seat, const char *line)
{
	struct mq_cmd c;
	struct mq_err err;

	assert_int_equal(rmf_parse(st, seat, line, &c, &err), 0);
	if (mq_redmasque_kind.apply(st, seat, &c, &err) != 0)
		fail_msg("%s: refused: %s", line, err.msg);
	return mq_redmasque_kind.shown_now(st, seat, &c);
}

/* A MOVE carried out by its apply is seen at once (the noble stands in its
 * new room in every view): under sequential moves each in its turn, else
 * the round's last. One kept for later, and a PLAN, stay secret. */
static void
test_move_shown_now_when_carried_out(void **state)
{
	struct rm_state *st = rmf_setup_opts(data, 4, 7,
	    "{\"sequential_moves\":true}");

	rmf_force(st, 3, BLACK, rooms_std, pops_std);
	assert_int_equal(applied_shown(st, ALICE, "MOVE cw"), 0); /* act phase */
	rmf_round(st, NULL);
	/* most popular first: dave, carol, bob, then alice's early move */
	assert_int_equal(applied_shown(st, ALICE, "MOVE ccw"), 0);
	assert_int_equal(applied_shown(st, CAROL, "PLAN cw stay stay stay stay "
	    "stay"), 0);
	assert_int_equal(applied_shown(st, DAVE, "MOVE ccw"), 1);
	assert_int_equal(st->p[DAVE].room, BLACK);
	assert_int_equal(applied_shown(st, CAROL, "MOVE stay"), 1);
	assert_int_equal(applied_shown(st, BOB, "MOVE cw"), 1);
	assert_int_equal(st->round, 4);		/* alice's moved with bob's */
	done(st);

	st = table();
	rmf_round(st, NULL);
	assert_int_equal(applied_shown(st, ALICE, "MOVE cw"), 0);
	assert_int_equal(applied_shown(st, BOB, "MOVE ccw"), 0);
	assert_int_equal(applied_shown(st, CAROL, "MOVE stay"), 0);
	assert_int_equal(applied_shown(st, DAVE, "MOVE cw"), 1);	/* the last */
	assert_int_equal(st->round, 4);
	done(st);
}

static void
test_later_command_replaces_earlier(void **state)
{
	struct rm_state *st = table();
	struct mq_decision d1, d2;
	struct mq_cmd c1, c2;
	struct mq_err err;

	assert_int_equal(rmf_parse(st, ALICE, "PLAY jest", &c1, &err), 0);
	assert_int_equal(rmf_parse(st, ALICE, "PLAY dance", &c2, &err), 0);
	mq_redmasque_kind.decision(st, ALICE, &c1, &d1);
	mq_redmasque_kind.decision(st, ALICE, &c2, &d2);
	assert_string_equal(d1.key, d2.key);
	rmf_do(st, ALICE, "PLAY jest");
	rmf_do(st, ALICE, "MOVE ccw");
	rmf_do(st, ALICE, "PLAY dance");
	rmf_do(st, ALICE, "MOVE cw cw");	/* allowed by the new card */
	rmf_round(st, (const char *const[]){ "PLAY dance", NULL, NULL, NULL });
	assert_int_equal(pop(st, ALICE), 12);	/* Dance, not Jest */
	assert_true(st->p[ALICE].hand & (1u << rmf_card(st, "jest")));
	rmf_moves(st, (const char *const[]){ "MOVE cw cw", NULL, NULL, NULL });
	assert_int_equal(st->p[ALICE].room, WHITE);
	done(st);
}

/* ---- Cards are data ---- */

static void
test_cards_are_data_edited_copy_changes_behaviour(void **state)
{
	char path[] = "/tmp/rm_data_XXXXXX";
	json_t *j, *card;
	size_t i;
	void *edited;
	struct rm_state *st;
	int fd;

	j = json_load_file(RMF_DATA_PATH, 0, NULL);
	assert_non_null(j);
	json_array_foreach(json_object_get(j, "action_cards"), i, card) {
		const char *id = json_string_value(json_object_get(card, "id"));

		if (strcmp(id, "grand_entrance") == 0)
			json_object_set_new(json_array_get(json_object_get(card,
			    "effects"), 0), "n", json_integer(7));
		if (strcmp(id, "jest") == 0)
			json_object_set_new(card, "discard", json_false());
	}
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(json_dump_file(j, path, JSON_INDENT(1)), 0);
	json_decref(j);
	edited = rmf_load_data_file(path);
	unlink(path);

	st = rmf_setup(edited, 4, 7);
	rmf_force(st, 3, BLACK, rooms_std, pops_std);
	rmf_personality(st, ALICE, "grand_entrance");
	rmf_round(st, (const char *const[]){ "PLAY grand_entrance", "PLAY jest",
	    NULL, NULL });
	assert_int_equal(pop(st, ALICE), 17);		/* gains 7 now */
	assert_true(st->p[BOB].hand & (1u << rmf_card(st, "jest")));
	rmf_assert_sound(st);
	done(st);
	mq_redmasque_kind.free_data(edited);
	/* The shipped file is unchanged: 5, and Jest is discarded. */
	st = table();
	rmf_personality(st, ALICE, "grand_entrance");
	rmf_round(st, (const char *const[]){ "PLAY grand_entrance", "PLAY jest",
	    NULL, NULL });
	assert_int_equal(pop(st, ALICE), 15);
	assert_false(st->p[BOB].hand & (1u << rmf_card(st, "jest")));
	done(st);
}

static void
test_bad_data_refused_naming_the_key(void **state)
{
	json_t *j = json_load_file(RMF_DATA_PATH, 0, NULL);
	struct mq_err err;
	void *d = NULL;

	assert_non_null(j);
	json_object_set_new(json_object_get(j, "prince_tiles"), "removed",
	    json_integer(3));
	assert_int_equal(mq_redmasque_kind.load_data(j, &d, &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "prince_tiles"));
	assert_null(d);
	json_object_set_new(json_object_get(j, "prince_tiles"), "removed",
	    json_integer(2));
	json_object_set_new(json_array_get(json_object_get(j, "action_cards"), 2),
	    "effects", json_pack("[{s:s}]", "op", "juggle"));
	assert_int_equal(mq_redmasque_kind.load_data(j, &d, &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "action_cards[2].effects[0].op"));
	json_decref(j);
}

/*
 * Every [decided] point is a value of the data file so that an owner can
 * correct it; a value this engine plays one way only is refused when the
 * file says otherwise, naming the key, not loaded and silently ignored.
 * Left out, it means the engine's way.
 */
static void
test_decided_values_the_engine_cannot_change_are_refused(void **state)
{
	static const char *const keys[][2] = {
		{ "track", "floor" }, { "rumors", "evidence_look" },
		{ "options", "target_learns" }, { "options", "hand_sizes_public" },
		{ "options", "swindle_single_card_once" },
		{ "options", "empty_deck" }, { "options", "no_survivor" },
		{ "defaults", "move" }, { "defaults", "placement" },
		{ "defaults", "plan" },
	};
	struct mq_err err;
	char want[64];
	size_t i;
	void *d;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		json_t *j = json_load_file(RMF_DATA_PATH, 0, NULL), *obj, *v;

		assert_non_null(j);
		obj = json_object_get(j, keys[i][0]);
		v = json_object_get(obj, keys[i][1]);
		if (v == NULL)
			fail_msg("the data file has no %s.%s", keys[i][0], keys[i][1]);
		json_object_set_new(obj, keys[i][1], json_is_boolean(v) ?
		    json_false() : json_string("something_else"));
		d = NULL;
		mq_err_clear(&err);
		assert_int_equal(mq_redmasque_kind.load_data(j, &d, &err), MQ_REFUSED);
		snprintf(want, sizeof(want), "at %s.%s:", keys[i][0], keys[i][1]);
		if (strstr(err.msg, want) == NULL)
			fail_msg("refused with \"%s\", not naming %s", err.msg, want);
		assert_null(d);
		json_object_del(obj, keys[i][1]);
		mq_err_clear(&err);
		assert_int_equal(mq_redmasque_kind.load_data(j, &d, &err), 0);
		mq_redmasque_kind.free_data(d);
		json_decref(j);
	}
}

/* The cards the shared rules name are the data file's cards. */
static void
test_rules_cards_are_in_the_data(void **state)
{
	static const char *const ids[] = { "discuss", "dance", "jest", "admire",
	    "mock", "flirt", "swindle", "threaten", "menace", "encore",
	    "fond_memories", "grand_entrance", "eavesdrop", "pickpocket",
	    "gossipmonger", "scandal", "promenade", "court_the_prince",
	    "premonition" };
	const char *sh = getenv("MQ_SHARED");
	char path[512], line[512], needle[64];
	struct rm_state *st = table();
	FILE *f;
	size_t i;
	int found;

	snprintf(path, sizeof(path), "%s/rules/redmasque.md",
	    sh && *sh ? sh : "../shared");
	f = fopen(path, "r");
	if (f == NULL)
		fail_msg("cannot open %s (set MQ_SHARED)", path);
	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		const struct rm_card *c = &st->data->card[rmf_card(st, ids[i])];

		/* Personality rows name the id; standard rows the English name. */
		snprintf(needle, sizeof(needle), "| %s |",
		    c->personality ? c->id : c->names[0]);
		rewind(f);
		found = 0;
		while (fgets(line, sizeof(line), f) != NULL)
			found |= strncmp(line, needle, strlen(needle)) == 0;
		if (!found)
			fail_msg("%s names no card row \"%s\"", path, needle);
	}
	fclose(f);
	done(st);
}

/* ---- The invariant checks ---- */

static void
check_fails(const struct rm_state *st, const char *name)
{
	struct mq_err err;

	mq_err_clear(&err);
	assert_int_equal(mq_redmasque_kind.check(st, &err), MQ_REFUSED);
	if (strstr(err.msg, name) == NULL)
		fail_msg("the check said \"%s\", not naming \"%s\"", err.msg, name);
}

static void
test_check_spaces_all_different(void **state)
{
	struct rm_state *st = table();

	rmf_assert_sound(st);
	st->p[BOB].pop = 50;		/* space 10, alice's, on lap 1 */
	check_fails(st, "popularity spaces all different");
	st->p[BOB].pop = 0;		/* alive, off the track */
	check_fails(st, "popularity spaces all different");
	done(st);
}

static void
test_check_action_cards_conserved(void **state)
{
	struct rm_state *st = table();
	int jest = rmf_card(st, "jest");

	st->p[DAVE].discards |= 1u << jest;	/* in hand and discards */
	check_fails(st, "action cards conserved");
	st->p[DAVE].discards = 0;
	st->p[DAVE].hand &= ~(1u << jest);	/* lost */
	check_fails(st, "action cards conserved");
	done(st);
}

static void
test_check_red_death_rooms_different(void **state)
{
	struct rm_state *st = table();

	st->rd[4][1] = st->rd[4][0];
	check_fails(st, "Red Death rooms of each time all different");
	done(st);
}

/* The fast path reads the Red Death cards as sealed at setup; a change to
 * them, or to the seal, still fails by name. */
static void
test_check_red_death_sealed_at_setup(void **state)
{
	struct rm_state *st = table();
	int room = (st->rd[2][0] + 3) % RM_ROOMS;

	while (room == st->rd[2][1])
		room = (room + 1) % RM_ROOMS;
	st->rd[2][0] = (int8_t)room;		/* still two rooms, but another */
	check_fails(st, "Red Death rooms of each time all different");
	done(st);

	st = table();
	st->rd_sealed[3][1] = (int8_t)((st->rd_sealed[3][1] + 1) % RM_ROOMS);
	check_fails(st, "Red Death rooms of each time all different");
	done(st);

	st = table();
	st->rd_cards ^= 1ULL << (5 * RM_ROOMS + st->rd[5][0]);	/* one lost */
	check_fails(st, "Red Death rooms of each time all different");
	st->rd_cards = 0;
	check_fails(st, "Red Death rooms of each time all different");
	done(st);

	st = table();
	st->rd_n = 3;				/* a third card each time */
	check_fails(st, "Red Death rooms of each time all different");
	st->rd_n = 2;
	st->rd[1][1] = 9;			/* no such room */
	check_fails(st, "Red Death rooms of each time all different");
	st->rd[1][1] = -1;
	check_fails(st, "Red Death rooms of each time all different");
	done(st);
}

static void
test_check_rumor_cards_accounted_for(void **state)
{
	struct rm_state *st = table();

	st->p[ALICE].rumors |= 1ULL << st->deck[0];	/* in two places */
	check_fails(st, "Rumor cards accounted for");
	st->p[ALICE].rumors = 0;
	st->deck_n--;					/* lost */
	check_fails(st, "Rumor cards accounted for");
	done(st);
}

static void
test_check_dead_never_act(void **state)
{
	struct rm_state *st = table();

	st->p[CAROL].alive = 0;
	st->p[CAROL].pop = 0;
	rmf_assert_sound(st);
	st->p[CAROL].has_pick = 1;
	check_fails(st, "the dead never act");
	done(st);
}

static void
test_check_winner_most_popular_survivor(void **state)
{
	struct rm_state *st = table();

	st->winner = BOB;			/* before the end */
	check_fails(st, "the winner is the most popular survivor");
	st->phase = RM_PH_OVER;
	check_fails(st, "the winner is the most popular survivor");
	st->winner = DAVE;			/* 35: the right one */
	rmf_assert_sound(st);
	done(st);
}

static void
test_check_holds_over_bot_games(void **state)
{
	struct mq_gamedata gd;
	struct mq_sim_opts o;
	struct mq_sim_result r;
	struct mq_err err;
	int i;

	assert_int_equal(mq_gamedata_load_file("redmasque", RMF_DATA_PATH, &gd,
	    &err), 0);
	memset(&o, 0, sizeof(o));
	o.games = 300;
	o.players = 4;
	o.check = 1;
	memset(o.seed, 0x11, sizeof(o.seed));
	for (i = 0; i < 4; i++)
		o.bots[i] = i & 1;
	assert_int_equal(mq_sim_run(&gd, &o, &r, &err), 0);
	if (r.violations != 0)
		fail_msg("%ld violations: %s", r.violations, r.first_violation);
	assert_int_equal(r.games, 300);
	mq_gamedata_free(&gd);
}

/* ---- The careful bot ---- */

#define CAREFUL_GAMES	10000
#define CAREFUL_MARGIN	0.15

/*
 * 10,000 seven-player games, careful bots in seats 0, 2, 4, 6 and random bots
 * in 1, 3, 5, at the same tables: the careful bot must survive midnight at
 * least 0.15 more often (measured: careful ~0.37, random ~0.13).
 */
static void
test_careful_bot_survives_more_than_random(void **state)
{
	struct mq_gamedata gd;
	struct mq_sim_opts o;
	struct mq_sim_result r;
	struct mq_err err;
	double careful, random;
	int i;

	assert_int_equal(mq_gamedata_load_file("redmasque", RMF_DATA_PATH, &gd,
	    &err), 0);
	memset(&o, 0, sizeof(o));
	o.games = CAREFUL_GAMES;
	o.players = 7;
	o.check = 1;
	memset(o.seed, 0x3C, sizeof(o.seed));
	for (i = 0; i < 7; i++)
		o.bots[i] = i % 2 == 0;
	assert_int_equal(mq_sim_run(&gd, &o, &r, &err), 0);
	if (r.violations != 0)
		fail_msg("%ld violations: %s", r.violations, r.first_violation);
	assert_int_equal(r.seats_by_style[1], 4L * CAREFUL_GAMES);
	assert_int_equal(r.seats_by_style[0], 3L * CAREFUL_GAMES);
	careful = (double)r.survivors_by_style[1] / (double)r.seats_by_style[1];
	random = (double)r.survivors_by_style[0] / (double)r.seats_by_style[0];
	print_message("careful bot survival %.3f, random bot %.3f, margin %.3f "
	    "(required %.2f)\n", careful, random, careful - random,
	    CAREFUL_MARGIN);
	assert_true(careful >= random + CAREFUL_MARGIN);
	mq_gamedata_free(&gd);
}

static void
test_careful_bot_plans_around_known_death(void **state)
{
	struct rm_state *st = table();
	int8_t plan[RM_TIMES];
	int t, room = GREEN;

	/* alice knows the deadly rooms of every time; her plan avoids them. */
	for (t = 0; t < RM_TIMES; t++) {
		st->p[ALICE].deadly[t] = (uint8_t)(1u << st->rd[t][0] |
		    1u << st->rd[t][1]);
	}
	rm_bot_best_plan(st, ALICE, plan);
	for (t = 0; t < RM_TIMES; t++) {
		assert_in_range(plan[t] + 1, 0, 2);
		room = (room + plan[t] + RM_ROOMS) % RM_ROOMS;
		assert_false((st->p[ALICE].deadly[t] >> room) & 1);
	}
	done(st);
}

/* The random bot plans at random early on; the plan that stands, drawn
 * again, is not sent again: a host's submit of it (`masqued bot`, then
 * submit; the fuzzer's bots) was refused whole as received already. */
static void
test_random_bot_does_not_send_the_standing_plan_again(void **state)
{
	struct rm_state *st = rmf_setup(data, 4, 7);
	struct mq_cmd cmds[4];
	struct mq_rng rng;
	uint8_t key[32];
	int seed, seat, i, n, planned = 0, found;

	for (seed = 0; seed < 64; seed++) {
		memset(key, seed, sizeof(key));
		seat = seed % 4;
		mq_rng_open(&rng, key, "bot", 0, seat);
		n = mq_redmasque_kind.bot(st, seat, 0, &rng, cmds, 4);
		for (found = 0, i = 0; i < n && !found; i++) {
			if (rm_cmd_of(&cmds[i])->type != RM_C_PLAN)
				continue;
			found = 1;
			/* that plan stands now; the same draw again */
			memcpy(st->p[seat].plan, rm_cmd_of(&cmds[i])->plan,
			    RM_TIMES);
		}
		if (!found)
			continue;
		planned++;
		mq_rng_open(&rng, key, "bot", 0, seat);
		n = mq_redmasque_kind.bot(st, seat, 0, &rng, cmds, 4);
		assert_true(n >= 1);	/* what the seat owes, still */
		for (i = 0; i < n; i++)
			if (rm_cmd_of(&cmds[i])->type == RM_C_PLAN &&
			    memcmp(rm_cmd_of(&cmds[i])->plan, st->p[seat].plan,
			    RM_TIMES) == 0)
				fail_msg("seed %d: the standing plan sent again",
				    seed);
	}
	assert_true(planned >= 8);
	done(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_determinism_same_seed_same_bytes),
		cmocka_unit_test(test_determinism_replay_with_refusals_same_bytes),
		cmocka_unit_test(test_clone_is_independent_and_equal),
		cmocka_unit_test(test_parse_format_round_trip_every_bot_command),
		cmocka_unit_test(test_parse_japanese_chinese_fullwidth),
		cmocka_unit_test(test_fold_halfwidth_kana_edges),
		cmocka_unit_test(test_refused_unknown_command_card_player),
		cmocka_unit_test(test_names_command_tells_commands_from_prose),
		cmocka_unit_test(test_word_put_right),
		cmocka_unit_test(test_words_near_miss),
		cmocka_unit_test(test_words_first_as_written),
		cmocka_unit_test(test_refused_leftover_words),
		cmocka_unit_test(test_refusal_examples_accepted_as_written),
		cmocka_unit_test(test_target_pickpocket_refused_when_sent_replayed_as_before),
		cmocka_unit_test(test_refused_missing_slot),
		cmocka_unit_test(test_refused_missing_target),
		cmocka_unit_test(test_refused_card_not_in_hand_or_discarded),
		cmocka_unit_test(test_refused_move_too_many_steps),
		cmocka_unit_test(test_refused_place_after_placement),
		cmocka_unit_test(test_refused_play_when_game_over),
		cmocka_unit_test(test_refused_dead_noble),
		cmocka_unit_test(test_early_move_kept_until_move_phase),
		cmocka_unit_test(test_early_play_kept_for_next_round),
		cmocka_unit_test(test_early_place_kept_until_turn),
		cmocka_unit_test(test_place_shown_now_only_in_its_turn),
		cmocka_unit_test(test_move_shown_now_when_carried_out),
		cmocka_unit_test(test_later_command_replaces_earlier),
		cmocka_unit_test(test_cards_are_data_edited_copy_changes_behaviour),
		cmocka_unit_test(test_bad_data_refused_naming_the_key),
		cmocka_unit_test(test_decided_values_the_engine_cannot_change_are_refused),
		cmocka_unit_test(test_rules_cards_are_in_the_data),
		cmocka_unit_test(test_check_spaces_all_different),
		cmocka_unit_test(test_check_action_cards_conserved),
		cmocka_unit_test(test_check_red_death_rooms_different),
		cmocka_unit_test(test_check_red_death_sealed_at_setup),
		cmocka_unit_test(test_check_rumor_cards_accounted_for),
		cmocka_unit_test(test_check_dead_never_act),
		cmocka_unit_test(test_check_winner_most_popular_survivor),
		cmocka_unit_test(test_check_holds_over_bot_games),
		cmocka_unit_test(test_careful_bot_survives_more_than_random),
		cmocka_unit_test(test_careful_bot_plans_around_known_death),
		cmocka_unit_test(test_random_bot_does_not_send_the_standing_plan_again),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
