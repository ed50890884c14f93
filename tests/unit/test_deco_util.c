/*
 * test_deco_util.c - decorate's text helpers: the width of a string in
 * columns, and the wrapping of the engine's and the host's sentences in the
 * text part, in English (at spaces) and in Japanese and Chinese (between
 * characters, never before a closing mark nor after an opening one).
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

#include "mail/deco_util.h"

/* v, a string of arena a, as a string to free; a is freed. */
static char *
taken(struct mq_arena *a, const struct mv *v)
{
	char *out;

	assert_non_null(v);
	assert_int_equal(v->type, MV_STR);
	out = strndup(v->u.str.s, v->u.str.len);
	assert_non_null(out);
	mq_arena_free(a);
	return out;
}

/* s wrapped at width with indent, as a string to free. */
static char *
wrapped(const char *s, int width, const char *indent)
{
	struct mq_arena *a = mq_arena_new();

	assert_non_null(a);
	return taken(a, deco_wrap(a, s, width, indent));
}

/* The list s wrapped (deco_wrap_list), as a string to free. */
static char *
wrapped_list(const char *s, int width, int first, const char *indent)
{
	struct mq_arena *a = mq_arena_new();

	assert_non_null(a);
	return taken(a, deco_wrap_list(a, s, width, first, indent));
}

/* Every line of s at most width columns, unless it is one unbreakable
 * word; no line starts with a mark that may not begin one. */
static void
lines_fit(const char *s, int width)
{
	char *copy = strdup(s), *line, *save = NULL;
	static const char *const closing[] = { "。", "、", "」", "）", "，",
	    "：", "ー", "っ", "』", "・", "ゃ", "ゅ", "ょ", "；", "？", "！",
	    "”", NULL };
	int i;

	assert_non_null(copy);
	for (line = strtok_r(copy, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		const char *text = line + strspn(line, " ");

		if (deco_width(line) > width)
			fail_msg("a line of %d columns (at most %d): \"%s\"",
			    deco_width(line), width, line);
		for (i = 0; closing[i] != NULL; i++)
			if (strncmp(text, closing[i], strlen(closing[i])) == 0)
				fail_msg("a line starts with %s: \"%s\"", closing[i],
				    line);
	}
	free(copy);
}

static void
width_counts_wide_characters_twice(void **state)
{
	(void)state;
	assert_int_equal(deco_width(""), 0);
	assert_int_equal(deco_width("alice"), 5);
	assert_int_equal(deco_width("é"), 1);
	assert_int_equal(deco_width("赤死病"), 6);
	assert_int_equal(deco_width("ゲーム abc"), 10);
	assert_int_equal(deco_width("（人気 35）"), 11);
}

static void
english_wraps_at_spaces(void **state)
{
	char *w;

	(void)state;
	w = wrapped("The host paused the game: no move is taken and no deadline "
	    "runs until it resumes.", 30, "  ");
	assert_string_equal(w, "The host paused the game: no\n"
	    "  move is taken and no\n"
	    "  deadline runs until it\n"
	    "  resumes.");
	free(w);
	/* spaces and line ends run together; a word wider than the line
	 * stands alone, unbroken */
	w = wrapped("  one\n\ntwo   0123456789012345678901234567890 three", 20, "");
	assert_string_equal(w, "one two\n0123456789012345678901234567890\nthree");
	free(w);
}

static void
japanese_wraps_between_characters(void **state)
{
	static const char jp[] = "ホストがゲーム qru5f7mu を一時停止しました。再開"
	    "されるまで、手は受け付けられず、期限も進みません。「STATUS」と返信すれば"
	    "いつでも状況がわかります。";
	char *w;

	(void)state;
	w = wrapped(jp, 40, "  ");
	lines_fit(w, 40);
	assert_non_null(strchr(w, '\n'));	/* it did wrap */
	/* the words with spaces around them keep them; nothing is lost */
	assert_non_null(strstr(w, "ゲーム qru5f7mu を"));
	free(w);
	/* the break falls before 再, not before 。 which ends the line */
	w = wrapped("あいうえおかきくけ。再開", 20, "");
	assert_string_equal(w, "あいうえおかきくけ。\n再開");
	free(w);
	w = wrapped("あいうえおかきくけこ。再開", 20, "");
	assert_string_equal(w, "あいうえおかきくけ\nこ。再開");
	free(w);
	/* nor after 「 */
	w = wrapped("あいうえおかきくけ「再開」", 20, "");
	assert_string_equal(w, "あいうえおかきくけ\n「再開」");
	free(w);
}

static void
chinese_wraps_between_characters(void **state)
{
	static const char zh[] = "主持人暂停了游戏 qru5f7mu：在恢复之前，不接受任何"
	    "行动，截止时间也不会推进。随时回复「STATUS」即可查看当前状况。";
	char *w;

	(void)state;
	w = wrapped(zh, 36, "    ");
	lines_fit(w, 36);
	assert_true(strstr(w, "\n    ") != NULL);
	free(w);
	/* a Latin word stays with the Chinese character it touches: a break
	 * with no space is only ever one between two wide characters */
	w = wrapped("一二三四五六七八九HELP", 20, "");
	assert_string_equal(w, "一二三四五六七八\n九HELP");
	free(w);
	/* and at a space, not between a Chinese word and the command word
	 * after it (九 alone at the line's end, "HELP" on the next): the
	 * line breaks before the word */
	w = wrapped("一二三四五六七八九 HELP", 20, "");
	assert_string_equal(w, "一二三四五六七八\n九 HELP");
	free(w);
}

/* The receipt's template puts the indent before a refusal's first line
 * too: every line fits the width with it (the first ran 4 columns over,
 * 78 in a 74-column receipt). */
static void
first_line_fits_with_its_indent(void **state)
{
	static const char zh[] = "「zorro」不是牌；牌有：讨论、跳舞、笑话、欣赏、嘲笑"
	    "、调情、诈骗、吓唬、恐吓、安可、美好回忆、盛大登场、偷听、扒手、长舌妇"
	    "、丑闻、漫步、讨好亲王、预感。";
	static const char en[] = "\"13:00\" is not a time after midnight; SLOT "
	    "takes 12:00, 12:10, 12:20, 12:30, 12:40 or 12:50.";
	char *w, *line;
	size_t n;

	(void)state;
	w = wrapped(zh, 74, "    ");
	n = strlen(w) + 5;
	assert_non_null(line = malloc(n));
	snprintf(line, n, "    %s", w);
	lines_fit(line, 74);
	free(line);
	free(w);
	w = wrapped(en, 74, "    ");
	assert_string_equal(w, "\"13:00\" is not a time after midnight; SLOT "
	    "takes 12:00, 12:10, 12:20,\n    12:30, 12:40 or 12:50.");
	free(w);
	/* a first word wider than the line still stands on the first line */
	w = wrapped("0123456789012345678901234567890 x", 20, "    ");
	assert_string_equal(w, "0123456789012345678901234567890\n    x");
	free(w);
}

/*
 * A list of words (the welcome mail's aliases, a hand of cards) breaks
 * only between its words: never inside 紫罗兰色房间, which is one name,
 * as a sentence's wrap would. Its first line starts after the template's
 * label (first), the others at the indent.
 */
static void
a_list_breaks_at_spaces_and_after_ideographic_commas(void **state)
{
	char *s;

	(void)state;
	/* "  紫罗兰色房间：" is 2 + 12 + 2 columns: 16 */
	s = wrapped_list("violet, Violet, 菫の間, 紫罗兰色房间, 菫, すみれ, "
	    "スミレ, 紫罗兰, 紫羅蘭, 紫罗兰色", 76, 16, "      ");
	assert_string_equal(s, "violet, Violet, 菫の間, 紫罗兰色房间, 菫, "
	    "すみれ, スミレ,\n      紫罗兰, 紫羅蘭, 紫罗兰色");
	free(s);
	/* a narrow line: whole names on each, 紫罗兰色房间 never cut */
	s = wrapped_list("菫の間, 紫罗兰色房间, 菫", 20, 0, "  ");
	assert_string_equal(s, "菫の間,\n  紫罗兰色房间, 菫");
	free(s);
	/* a Japanese hand, 、 between the cards and no spaces */
	s = wrapped_list("討論、ダンス、冗談、称賛、嘲笑、誘惑、詐欺", 26, 6,
	    "      ");
	assert_string_equal(s, "討論、ダンス、冗談、\n      称賛、嘲笑、誘惑、"
	    "\n      詐欺");
	free(s);
	/* a card's name held together by a no-break space, which reads as
	 * a space ("Fond" / "Memories" was cut) */
	s = wrapped_list("Discuss, Dance, Menace, Fond\xc2\xa0Memories", 30, 6,
	    "      ");
	assert_string_equal(s, "Discuss, Dance, Menace,\n      Fond Memories");
	free(s);
	/* short enough: as it was */
	s = wrapped_list("Discuss, Dance", 76, 6, "      ");
	assert_string_equal(s, "Discuss, Dance");
	free(s);
}

/* text wrapped whole (deco_wrap_text), as a string to free. */
static char *
wrapped_text(const char *text, int width)
{
	char *s = strdup(text);

	assert_non_null(s);
	assert_int_equal(deco_wrap_text(&s, width), 0);
	assert_non_null(s);
	return s;
}

/*
 * The Masquerade's text part wrapped whole: only lines wider than the
 * width change, at any indent (one deeper than 60 columns was left whole);
 * an empty text, a last line with no newline, a line of spaces and a
 * sequence cut short stay as they are; a line holding a token of 40
 * columns or more (a hash, a signature) is left whole.
 */
static void
a_text_wraps_its_long_lines_only(void **state)
{
	char in[256], want[256], *s;

	(void)state;
	s = wrapped_text("", 20);
	assert_string_equal(s, "");
	free(s);
	s = wrapped_text("short\n\n   \nalpha beta gamma delta", 12);
	assert_string_equal(s, "short\n\n   \nalpha beta\n    gamma\n"
	    "    delta");
	free(s);
	s = wrapped_text("  aaa bbb ccc \xe3\x81\n", 10);
	assert_string_equal(s, "  aaa bbb\n      ccc\n      \xe3\x81\n");
	free(s);
	s = wrapped_text("see 0123456789012345678901234567890123456789 here", 20);
	assert_string_equal(s, "see 0123456789012345678901234567890123456789 "
	    "here");
	free(s);
	/* 64 columns of indent: wrapped as any other */
	memset(in, ' ', 64);
	strcpy(in + 64, "aaa bbb ccc ddd");
	memset(want, ' ', 64);
	strcpy(want + 64, "aaa bbb ccc\n");
	memset(want + 76, ' ', 68);
	strcpy(want + 144, "ddd");
	s = wrapped_text(in, 76);
	assert_string_equal(s, want);
	lines_fit(s, 76);
	free(s);
}

/* Above the first heading, a line at column 0 is a paragraph of prose (a
 * default played for you, the host's why): its lines go on flush, as the
 * templates' paragraphs do, not under a hanging indent of four ("Why: no
 * word\n    from bob"); under a heading, or in a text that is not a
 * mail's, the indent hangs as before. */
static void
the_top_paragraphs_wrap_flush(void **state)
{
	char *s;

	(void)state;
	s = wrapped_text("=== masqued ===\nYou missed it (Place your noble in "
	    "Orange).\n  a list row of words\n-- H ---\nalpha beta gamma\n",
	    30);
	assert_string_equal(s, "=== masqued ===\nYou missed it (Place your\n"
	    "noble in Orange).\n  a list row of words\n-- H ---\nalpha beta gamma\n");
	free(s);
	s = wrapped_text("=== masqued\n-- H ---\nalpha beta gamma delta\n",
	    12);
	assert_string_equal(s, "=== masqued\n-- H ---\nalpha beta\n"
	    "    gamma\n    delta\n");
	free(s);
}

/* A table's row keeps its columns: the words after its last gap of two
 * spaces wrap under their own column (they were run together with the
 * command, the gap squeezed to one space); Japanese as well. */
static void
a_table_row_wraps_under_its_column(void **state)
{
	char *s;

	(void)state;
	s = wrapped_text("  ORDER 3        choose this turn's Order, the lowest "
	    "last Order first", 40);
	assert_string_equal(s, "  ORDER 3        choose this turn's\n"
	    "                 Order, the lowest last\n"
	    "                 Order first");
	free(s);
	s = wrapped_text("  PASS     スペルや戦いの番を終える。貯める・決闘を断る", 40);
	assert_string_equal(s, "  PASS     スペルや戦いの番を終える。貯\n"
	    "           める・決闘を断る");
	free(s);
	/* a gap too far right to leave its words room: an ordinary line */
	s = wrapped_text("  a b c d e f g h i j k l m n o p q r  s t u", 30);
	assert_string_equal(s, "  a b c d e f g h i j k l m n\n"
	    "      o p q r s t u");
	free(s);
}

/* text wrapped whole keeping words (deco_wrap_words), as a string to
 * free; its lines fit the width but a hash's. */
static char *
wrapped_words(const char *text, int width)
{
	char *s = strdup(text);

	assert_non_null(s);
	assert_int_equal(deco_wrap_words(&s, width), 0);
	assert_non_null(s);
	if (strstr(s, "058cdd") == NULL)
		lines_fit(s, width);
	return s;
}

/*
 * The Red Death's text part wrapped keeping words: Japanese and Chinese
 * break after a mark (。、：）) when what follows up to the next one fits
 * a line (deco_wrap_text cut 貯める in two), between characters only in a
 * run too long for any line; after 、 before a name; never around the
 * arrow of a change (18 -> 21); a long name before a hash parts them.
 */
static void
words_are_kept_whole(void **state)
{
	char *s;

	(void)state;
	s = wrapped_words("  PASS     スペルや戦いの番を終える。貯める・決闘を断る",
	    40);
	assert_string_equal(s, "  PASS     スペルや戦いの番を終える。\n"
	    "           貯める・決闘を断る");
	free(s);
	s = wrapped_words("待っています：あなた、alexandrina_victoria、"
	    "carolina_de_la_vega", 60);
	assert_string_equal(s, "待っています：あなた、alexandrina_victoria、\n"
	    "    carolina_de_la_vega");
	free(s);
	s = wrapped_words("  alexandrina_victoria gains 2 (erin_oconnor_murphy's "
	    "card): popularity 18 -> 21 (taken spaces not counted).", 78);
	assert_string_equal(s, "  alexandrina_victoria gains 2 "
	    "(erin_oconnor_murphy's card): popularity\n"
	    "      18 -> 21 (taken spaces not counted).");
	free(s);
	s = wrapped_words("  bob の人気 -2（carol のカード）：2 -> 1"
	    "（これより下には下がりません）。", 40);
	assert_string_equal(s, "  bob の人気 -2（carol のカード）：\n"
	    "      2 -> 1（これより下には\n      下がりません）。");
	free(s);
	/* a name and the time it died are read together: no break before
	 * its bracket ("、dave" / "（12:30）") */
	s = wrapped_words("  死者：alexandrina_victoria（12:00）、carol（12:10）、"
	    "dave（12:30）", 45);
	assert_string_equal(s, "  死者：alexandrina_victoria（12:00）、\n"
	    "      carol（12:10）、dave（12:30）");
	free(s);
	/* a run of no mark longer than a line: cut between characters */
	s = wrapped_words("あいうえおかきくけこさしすせそたちつてと", 20);
	assert_string_equal(s, "あいうえおかきくけこ\n    さしすせそたちつ\n"
	    "    てと");
	free(s);
	/* a hash beside a short label stays; after a long one it goes on a
	 * line of its own */
	s = wrapped_words("  bob, entry 4: 058cdd7edcdb912419f2a14e69a2fe0f2680472"
	    "aed9d70f9387a25bb3340a700", 78);
	assert_string_equal(s, "  bob, entry 4: 058cdd7edcdb912419f2a14e69a2fe0f2680"
	    "472aed9d70f9387a25bb3340a700");
	free(s);
	s = wrapped_words("  carolina_de_la_vega, entry 40: 058cdd7edcdb912419f2a1"
	    "4e69a2fe0f2680472aed9d70f9387a25bb3340a700", 78);
	assert_string_equal(s, "  carolina_de_la_vega, entry 40:\n      058cdd7edcd"
	    "b912419f2a14e69a2fe0f2680472aed9d70f9387a25bb3340a700");
	free(s);
}

/*
 * An English paragraph does not end on one short word alone: the last
 * word of the line before goes down with it when both fit (the events of
 * a Red Death mail ended "(taken spaces not" / "counted)."). Not when they
 * would not fit, nor for a long word (a hash on its own line, above), nor
 * for Japanese or Chinese, whose lines end anywhere.
 */
static void
a_short_last_word_is_not_left_alone(void **state)
{
	char *s;

	(void)state;
	s = wrapped_words("  carol loses 2 (alice's card): popularity 26 -> 22 "
	    "(taken spaces not counted).", 78);
	assert_string_equal(s, "  carol loses 2 (alice's card): popularity 26 "
	    "-> 22 (taken spaces\n      not counted).");
	free(s);
	s = wrapped_words("  erin drew Evidence for 12:10 and saw the Red Death "
	    "will visit Violet at 12:10.", 78);
	assert_string_equal(s, "  erin drew Evidence for 12:10 and saw the Red "
	    "Death will visit Violet\n      at 12:10.");
	free(s);
	/* the word before is a change read whole: it goes down whole */
	s = wrapped_words("  bob gains 1 for being with the Prince: popularity "
	    "18 -> 19 today.", 60);
	assert_string_equal(s, "  bob gains 1 for being with the Prince: "
	    "popularity\n      18 -> 19 today.");
	free(s);
	/* three lines: only the last two change */
	s = wrapped_words("aaa bbb ccc ddd eee fff ggg hhh", 16);
	assert_string_equal(s, "aaa bbb ccc ddd\n    eee fff\n    ggg hhh");
	free(s);
	/* the two would not fit one line: left as it was */
	s = wrapped_words("aaaa bbbbbbb ccccccc", 12);
	assert_string_equal(s, "aaaa bbbbbbb\n    ccccccc");
	free(s);
	/* a first line of one word keeps it */
	s = wrapped_words("aaaaaaaaaaa bbb", 12);
	assert_string_equal(s, "aaaaaaaaaaa\n    bbb");
	free(s);
	/* more than 20 columns alone: a name may stand on its own line */
	s = wrapped_words("  the winner is alexandrina_victoria_xx.", 32);
	assert_string_equal(s, "  the winner is\n      alexandrina_victoria_xx.");
	free(s);
	/* Japanese and Chinese as wrapped */
	s = wrapped_words("  死者：alexandrina_victoria（12:00）、carol", 40);
	assert_string_equal(s, "  死者：alexandrina_victoria（12:00）、\n"
	    "      carol");
	free(s);
	s = wrapped_words("  勝者はいません。全員が死にました。 bob", 38);
	assert_string_equal(s, "  勝者はいません。全員が死にました。\n      bob");
	free(s);
}

/*
 * A no-break space holds two words together for the wrap ("SET LANG" was
 * cut at its space in a Chinese refusal) and reads as a space in the
 * result, so that a player who copies the command sends a plain one; the
 * receipt's JSON is left byte for byte.
 */
static void
a_no_break_space_holds_words_and_reads_as_a_space(void **state)
{
	char *s;

	(void)state;
	s = wrapped_words("  「dance」不是命令；命令有 PLAY、MOVE、PLAN、PLACE、"
	    "STATUS、HELP 和 SET LANG。", 72);
	assert_string_equal(s, "  「dance」不是命令；命令有 PLAY、MOVE、PLAN、"
	    "PLACE、STATUS、HELP 和 SET\n      LANG。");
	free(s);
	s = wrapped_words("  「dance」不是命令；命令有 PLAY、MOVE、PLAN、PLACE、"
	    "STATUS、HELP 和 SET\xc2\xa0LANG。", 72);
	/* (和, "and", stays with the SET LANG it joins, the line breaks
	 * after the 、 before HELP: "HELP 和" / "SET LANG" before) */
	assert_string_equal(s, "  「dance」不是命令；命令有 PLAY、MOVE、PLAN、"
	    "PLACE、STATUS、\n      HELP 和 SET LANG。");
	free(s);
	/* a line that fits, as the templates' "（SET LANG ja）" */
	s = wrapped_words("日本語でお送りします（SET\xc2\xa0LANG ja）。\n"
	    "{\"id\": \"a\xc2\xa0" "b\"}\n  \"a\xc2\xa0" "b\"", 78);
	assert_string_equal(s, "日本語でお送りします（SET LANG ja）。\n"
	    "{\"id\": \"a\xc2\xa0" "b\"}\n  \"a\xc2\xa0" "b\"");
	free(s);
}

/*
 * A number stays with the counter after it: a Japanese refusal ended a line
 * on "この計画は 2" and began the next with "個です。", and a Chinese turn
 * prompt on "本轮最多可走 2" / "步"; and a command example held by no-break
 * spaces is never cut ("PLAN 12:20" / "ccw。"), a space in the text part.
 */
static void
a_number_keeps_its_counter_and_an_example_stays_whole(void **state)
{
	struct mq_arena *a;
	char *s;

	(void)state;
	a = mq_arena_new();
	assert_non_null(a);
	s = taken(a, deco_wrap_sentence(a, "計画は 12:00〜12:50 の各時刻に1つずつ、"
	    "6つの方向ですが、この計画は 2 個です。", 74, "    "));
	assert_string_equal(s, "計画は 12:00〜12:50 の各時刻に1つずつ、6つの方向"
	    "ですが、この計画は\n    2 個です。");
	free(s);
	s = wrapped("本轮最多可走 2 步，然后", 18, "");
	assert_string_equal(s, "本轮最多可走\n2 步，然后");
	free(s);
	/* the time before a particle too */
	s = wrapped("時刻は 12:00〜12:50 の各時刻です。", 20, "");
	assert_null(strstr(s, "12:50\n"));
	free(s);
	s = wrapped_words("    一部の時刻だけ変えるなら、時刻を書いてください："
	    "PLAN\xc2\xa0" "12:20\xc2\xa0" "ccw。", 64);
	assert_string_equal(s, "    一部の時刻だけ変えるなら、時刻を書いてください：\n"
	    "        PLAN 12:20 ccw。");
	free(s);
	s = wrapped_words("    A plan is six directions; to change some times "
	    "only, name them: PLAN\xc2\xa0" "12:20\xc2\xa0" "ccw.", 70);
	assert_string_equal(s, "    A plan is six directions; to change some times "
	    "only, name\n        them: PLAN 12:20 ccw.");
	free(s);
}

/*
 * A Chinese or Japanese word before a command word stays with it: the zh
 * self-target refusal ("…请在 TARGET 后写另一位玩家的名字。", the catalog's
 * own text) broke before TARGET, 在 alone at a line's end; the line now
 * breaks before 在 (or after the ；). Every width a line of it may take,
 * as a refused line's sentence (deco_wrap_sentence) and as a plain wrap;
 * and a long run after the wide word (a path) still breaks there.
 */
static void
a_wide_word_stays_with_the_command_word_after_it(void **state)
{
	json_error_t je;
	json_t *cat = json_load_file("templates/zh/refusals.json", 0, &je);
	const char *zh;
	struct mq_arena *a;
	char *s;
	int w;

	(void)state;
	if (cat == NULL)
		fail_msg("templates/zh/refusals.json: %s", je.text);
	zh = json_string_value(json_object_get(cat, "You cannot target "
	    "yourself; name another player after TARGET."));
	assert_non_null(zh);
	assert_non_null(strstr(zh, "在 TARGET 后"));
	for (w = 24; w <= 74; w++) {
		a = mq_arena_new();
		assert_non_null(a);
		s = taken(a, deco_wrap_sentence(a, zh, w, "    "));
		if (strstr(s, "在\n") != NULL || strstr(s, "\n    TARGET") != NULL)
			fail_msg("width %d: 在 parted from TARGET:\n%s", w, s);
		free(s);
		s = wrapped(zh, w - 4, "");
		if (strstr(s, "在\n") != NULL || strncmp(s, "TARGET", 6) == 0 ||
		    strstr(s, "\nTARGET") != NULL)
			fail_msg("width %d: 在 parted from TARGET:\n%s", w - 4, s);
		free(s);
	}
	/* where it broke: "在" the 33rd and 34th columns of a 34 */
	s = wrapped("你不能以自己为目标；请在 TARGET 后写另一位玩家的名字。", 24, "");
	assert_string_equal(s, "你不能以自己为目标；请\n在 TARGET 后写另一位玩家\n"
	    "的名字。");
	free(s);
	/* the same in Japanese: "真夜中の" / "PLAN だけ" */
	s = wrapped("残っているのは移動と真夜中の PLAN だけです。", 30, "");
	assert_null(strstr(s, "の\nPLAN"));
	free(s);
	/* a long run (an address, a path) is no command word: it still
	 * breaks there */
	s = wrapped("请在 someone_with_a_long_address@example.org 后写", 20, "");
	assert_non_null(strstr(s, "在\nsomeone_"));
	free(s);
	json_decref(cat);
}

/* text with its headings ruled to cols (deco_rule_headings), to free */
static char *
ruled(const char *text, int cols)
{
	char *s = strdup(text);

	assert_non_null(s);
	assert_int_equal(deco_rule_headings(&s, cols), 0);
	assert_non_null(s);
	return s;
}

/*
 * A heading's rule ends at the same column whatever its words: a number
 * ("entry 42"), a wide word (2 columns each), a rule written too long or
 * too short; a heading too long for any keeps three dashes; a line that
 * only looks like one (a signature's "-- ", dashes alone, no space before
 * the dashes, fewer than three) is left as it is.
 */
static void
headings_end_in_one_column(void **state)
{
	char *s;

	(void)state;
	s = ruled("-- YOUR RECEIPT (entry 42) -----\nhash 1\n", 40);
	assert_string_equal(s, "-- YOUR RECEIPT (entry 42) -------------\n"
	    "hash 1\n");
	free(s);
	s = ruled("-- \xe5\x8f\x97\xe9\xa0\x98\xe8\xa8\xbc 2 "
	    "------------------------------", 20);
	/* 受領証: 6 columns, so "-- 受領証 2 " is 12 */
	assert_string_equal(s, "-- \xe5\x8f\x97\xe9\xa0\x98\xe8\xa8\xbc 2 "
	    "--------");
	free(s);
	s = ruled("-- A VERY LONG HEADING INDEED ---", 20);
	assert_string_equal(s, "-- A VERY LONG HEADING INDEED ---");
	free(s);
	s = ruled("-- \n---------\n-- words--------\n-- two --\n--- x ---\n"
	    "-- ---\n", 20);
	assert_string_equal(s, "-- \n---------\n-- words--------\n-- two --\n"
	    "--- x ---\n-- ---\n");
	free(s);
}

/*
 * The HTML part: a number and the wide word after it held by a no-break
 * space, in the text a browser shows only (not in a tag's attributes);
 * a Latin word after a number keeps its space; a part with none is the
 * same string.
 */
static void
html_numbers_keep_their_counters(void **state)
{
	char *h = strdup("<p title=\"2 個\">山札：27 枚。 12:00 時 and 3 apples</p>");
	char *plain = strdup("<p>3 apples, 12:00 cw</p>"), *was = plain;

	(void)state;
	assert_int_equal(deco_html_bind_numbers(&h), 0);
	assert_string_equal(h, "<p title=\"2 個\">山札：27\u00a0枚。 "
	    "12:00\u00a0時 and 3 apples</p>");
	assert_int_equal(deco_html_bind_numbers(&plain), 0);
	assert_ptr_equal(plain, was);
	assert_string_equal(plain, "<p>3 apples, 12:00 cw</p>");
	free(h);
	free(plain);
}

/*
 * A '>' inside a quoted attribute does not end the tag (the number after
 * it is still the attribute's); an em dash after a number is not a wide
 * word; a byte that only looks like a wide character's start is not one.
 */
static void
html_numbers_read_tags_and_bytes_whole(void **state)
{
	char *h = strdup("<a title='a > 2 個' href=\"x>1 枚\">5 個</a>"
	    "8:00 \xe2\x80\x94 go, 9 \xe4\x80 x, 7 \xe6\x9e\x9a");
	char *dash = strdup("<p>8:00 \xe2\x80\x94 choose</p>"), *was = dash;

	(void)state;
	assert_int_equal(deco_html_bind_numbers(&h), 0);
	assert_string_equal(h, "<a title='a > 2 個' href=\"x>1 枚\">5\u00a0個</a>"
	    "8:00 \xe2\x80\x94 go, 9 \xe4\x80 x, 7\u00a0\xe6\x9e\x9a");
	assert_int_equal(deco_html_bind_numbers(&dash), 0);
	assert_ptr_equal(dash, was);
	free(h);
	free(dash);
}

/*
 * Kinsoku (JIS X 4051, and Chinese's closing marks): a particle is read
 * with the word it follows, a bracketed address with its particle. The
 * late player's waiting mail broke 「ホスト（host@x.test）」 from
 * 「を待っています」; the wrap now breaks before the bracket. No line
 * starts with a closing mark or a small kana, none ends with an opening
 * one, at any width; an address kept with its particle when both fit.
 */
static void
a_particle_is_not_parted_from_its_bracketed_word(void **state)
{
	static const char ja[] = "あなたの期限（2026-09-24 23:13 JST）が過ぎ"
	    "ましたが、あなたの手は何も適用されていません。ゲームはいまホスト"
	    "（host@x.test）を待っています。ホストが、期限の延長、既定の手の適用、"
	    "ゲームからの除外のいずれかを決めます。「STATUS」と返信すれば、"
	    "いつでも状況がわかります。ちょっと・ゃゅょっ『テスト』です。\n";
	static const char zh[] = "截止时间（2026-09-24 22:13 UTC+8）已过，"
	    "carol 没有按时行动。不会替其执行任何操作：游戏现在等待其回复，"
	    "以及主持人（host@x.test）的决定（延长时间、采用默认或移出游戏）。"
	    "见下方“你”一栏；可以吗？可以！「好」『是』。\n";
	char *s;
	int w;

	(void)state;
	s = wrapped_words(ja, 78);
	assert_string_equal(s, "あなたの期限（2026-09-24 23:13 JST）が過ぎまし"
	    "たが、あなたの手は何も\n    適用されていません。ゲームはいまホスト"
	    "（host@x.test）を待っています。\n    ホストが、期限の延長、既定の手の"
	    "適用、ゲームからの除外のいずれかを\n    決めます。「STATUS」と返信"
	    "すれば、いつでも状況がわかります。\n    ちょっと・ゃゅょっ『テスト』"
	    "です。\n");
	free(s);
	for (w = 24; w <= 78; w++) {
		const char *const texts[] = { ja, zh };
		int i;

		for (i = 0; i < 2; i++) {
			s = wrapped_words(texts[i], w);
			if (strstr(s, "\nを") != NULL || strstr(s, "\n    を") ||
			    strstr(s, "\nと") != NULL || strstr(s, "\n    と") ||
			    strstr(s, "\n的") != NULL || strstr(s, "\n    的") ||
			    strstr(s, "（\n") != NULL || strstr(s, "「\n") ||
			    strstr(s, "“\n") != NULL)
				fail_msg("width %d: a particle or a bracket "
				    "parted:\n%s", w, s);
			free(s);
			s = wrapped(texts[i], w, "");
			lines_fit(s, w);
			/* between any two characters, but a bracket's */
			if (strstr(s, "）\nを") != NULL || strstr(s, "）\n的") ||
			    strstr(s, "」\nと") != NULL || strstr(s, "（\n"))
				fail_msg("width %d: a particle or a bracket "
				    "parted:\n%s", w, s);
			free(s);
		}
	}
	/* an address longer than a name, with its particle: on the next line
	 * whole when both fit one; broken from it only when they do not */
	s = wrapped("ゲームはいまホスト host-of-the-game@example.org の判断を"
	    "待っています。", 40, "");
	assert_string_equal(s, "ゲームはいまホスト\n"
	    "host-of-the-game@example.org の判断を\n待っています。");
	free(s);
}

/* s wrapped as a refused line's sentence (deco_wrap_sentence), as a
 * string to free. */
static char *
wrapped_sentence(const char *s, int width, const char *indent)
{
	struct mq_arena *a = mq_arena_new();

	assert_non_null(a);
	return taken(a, deco_wrap_sentence(a, s, width, indent));
}

/*
 * A sentence's first line is filled: the wrap broke after an early 、 or
 * ，whenever the words up to the next mark did not fit the rest of the
 * line, and the first line of a Japanese refusal read "ホストの判断で、"
 * alone (20 of 74 columns), a Chinese one "…的地址 alice，" (45). Now such
 * a piece is broken at its last word's end that fits (after a particle
 * before a kanji or katakana, after 的), the mark kept only when that
 * end is within a few columns of it; a word is still never cut (ダンス,
 * 赤死病), nor a line begun with a closing mark, at any width.
 */
static void
a_first_line_is_filled_past_an_early_mark(void **state)
{
	static const char ja[] = "ホストの判断で、ゲーム alice であなたが打って"
	    "いた席は別の人に任されました。これからはその人がこの席を打ちます。";
	static const char zh[] = "这封邮件来自本游戏中 alice 的地址 alice，却发往"
	    "了另一位玩家的回复地址；请回复游戏发给你的邮件。";
	static const char near[] = "ゲーム alice はホストが一時停止しています。"
	    "再開したら、コマンドをもう一度送ってください。";
	char *s;
	int w;

	(void)state;
	s = wrapped_sentence(ja, 74, "    ");
	assert_string_equal(s, "ホストの判断で、ゲーム alice であなたが打っていた"
	    "席は別の人に\n    任されました。これからはその人がこの席を打ちます。");
	free(s);
	s = wrapped_sentence(zh, 74, "    ");
	assert_string_equal(s, "这封邮件来自本游戏中 alice 的地址 alice，却发往了"
	    "另一位玩家的\n    回复地址；请回复游戏发给你的邮件。");
	free(s);
	/* the mark near the line's end is still where it breaks: "再開し
	 * たら、" ends the line, not "コマンドを" after it */
	s = wrapped_sentence(near, 74, "    ");
	assert_string_equal(s, "ゲーム alice はホストが一時停止しています。再開し"
	    "たら、\n    コマンドをもう一度送ってください。");
	free(s);
	/* no line begun with a mark, at any width; no word cut at a width
	 * where each piece between marks fits a line (a narrower one cuts a
	 * piece too long for any, as it must) */
	for (w = 24; w <= 78; w++) {
		s = wrapped_sentence(ja, w, "    ");
		lines_fit(s, w);
		if (w >= 64 && (strstr(s, "ゲー\n") != NULL ||
		    strstr(s, "判\n") != NULL || strstr(s, "任\n") != NULL ||
		    strstr(s, "打\n") != NULL || strstr(s, "席\n") != NULL))
			fail_msg("width %d: a word cut:\n%s", w, s);
		free(s);
		s = wrapped_sentence(zh, w, "    ");
		lines_fit(s, w);
		free(s);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(width_counts_wide_characters_twice),
		cmocka_unit_test(headings_end_in_one_column),
		cmocka_unit_test(english_wraps_at_spaces),
		cmocka_unit_test(japanese_wraps_between_characters),
		cmocka_unit_test(chinese_wraps_between_characters),
		cmocka_unit_test(first_line_fits_with_its_indent),
		cmocka_unit_test(a_list_breaks_at_spaces_and_after_ideographic_commas),
		cmocka_unit_test(a_text_wraps_its_long_lines_only),
		cmocka_unit_test(the_top_paragraphs_wrap_flush),
		cmocka_unit_test(a_table_row_wraps_under_its_column),
		cmocka_unit_test(words_are_kept_whole),
		cmocka_unit_test(a_short_last_word_is_not_left_alone),
		cmocka_unit_test(a_no_break_space_holds_words_and_reads_as_a_space),
		cmocka_unit_test(a_number_keeps_its_counter_and_an_example_stays_whole),
		cmocka_unit_test(html_numbers_keep_their_counters),
		cmocka_unit_test(html_numbers_read_tags_and_bytes_whole),
		cmocka_unit_test(a_wide_word_stays_with_the_command_word_after_it),
		cmocka_unit_test(a_particle_is_not_parted_from_its_bracketed_word),
		cmocka_unit_test(a_first_line_is_filled_past_an_early_mark),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
