/*
 * test_line_kind.c - the rules every game reads a refused line by
 * (engine/line_kind.c), over a small word table of our own: a typo of a
 * command, a command glued to a word, a command word in a sentence, and
 * prose. The games' own tables are tried in test_rm_engine.c and
 * test_ms_rules.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "engine/line_kind.h"
#include "engine/words.h"

enum { K_MOVE, K_PLACE, K_STATUS };
static const char *const key_names[] = { "MOVE", "PLACE", "STATUS" };

/* the folded words, and the command each starts (-1: none) */
static const struct {
	const char *text;
	int starts;
} words[] = {
	{ "move", K_MOVE }, { "移動", K_MOVE }, { "place", K_PLACE },
	{ "status", K_STATUS }, { "target", -1 }, { "cw", -1 },
	{ "ccw", -1 }, { "blue", -1 }, { "green", -1 },
};
static const char *const players[] = { "alice", "bob" };

static const char *
word(const void *state, int i, int *starts)
{
	(void)state;
	*starts = words[i].starts;
	return words[i].text;
}

static const char *
player(const void *state, int k)
{
	(void)state;
	return players[k];
}

/* STATUS takes nothing; MOVE and PLACE words of the game */
static int
args_fit(const void *state, int kw, char **tok, int ntok);
static int
is_keyword(const void *ctx, const char *w);

static const struct mq_line_words lw = {
	.state = NULL, .nwords = sizeof(words) / sizeof(words[0]),
	.word = word, .nplayers = 2, .player = player, .args_fit = args_fit,
	.is_kw = is_keyword, .maxtok = 8,
};

static int
args_fit(const void *state, int kw, char **tok, int ntok)
{
	int i;

	(void)state;
	if (kw == K_STATUS)
		return ntok == 1;
	if (ntok < 2)
		return 0;
	for (i = 1; i < ntok; i++)
		if (!mq_line_game_word(&lw, tok[i]))
			return 0;
	return 1;
}

static int
is_keyword(const void *ctx, const char *w)
{
	size_t i;

	(void)ctx;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcmp(words[i].text, w) == 0)
			return words[i].starts >= 0;
	return 0;
}

/* The kind of line as a game's names_command finds it: its first word
 * looked up exactly among the command words. */
static enum mq_line_kind
kind(const char *line)
{
	char buf[512], *tok[16];
	size_t i;
	int ntok, kw = -1;

	assert_int_equal(mq_words_line(line, buf, sizeof(buf), tok, 16, is_keyword,
	    NULL, NULL, &ntok, NULL), 0);
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcmp(words[i].text, tok[0]) == 0)
			kw = words[i].starts;
	return mq_line_kind_of(&lw, line, kw, tok, ntok);
}

static void
test_near_command_names_the_command(void **state)
{
	(void)state;
	assert_int_equal(mq_line_near_command(&lw, "moev"), K_MOVE);
	assert_int_equal(mq_line_near_command(&lw, "plcae"), K_PLACE);
	assert_int_equal(mq_line_near_command(&lw, "stauts"), K_STATUS);
	/* a word that starts no command is no near miss of one; "love"
	 * is one of MOVE (its line is prose by the kind below) */
	assert_int_equal(mq_line_near_command(&lw, "targte"), -1);
	assert_int_equal(mq_line_near_command(&lw, "love"), K_MOVE);
	assert_int_equal(mq_line_near_command(&lw, "hello"), -1);
	assert_int_equal(mq_line_near_command(&lw, "move"), -1);
}

static void
test_glued_command_needs_an_exact_word(void **state)
{
	size_t len = 0;

	(void)state;
	assert_int_equal(mq_line_glued_command(&lw, "placeblue", &len),
	    K_PLACE);
	assert_int_equal(len, 5);
	assert_int_equal(mq_line_glued_command(&lw, "moveccw", &len), K_MOVE);
	assert_int_equal(len, 4);
	/* one off a word ("bleu") or none ("9") is no glued command */
	assert_int_equal(mq_line_glued_command(&lw, "placebleu", &len), -1);
	assert_int_equal(mq_line_glued_command(&lw, "move9", &len), -1);
	assert_int_equal(mq_line_glued_command(&lw, "move", &len), -1);
}

static void
test_game_word_takes_one_letter_off(void **state)
{
	(void)state;
	assert_true(mq_line_game_word(&lw, "cw"));
	assert_true(mq_line_game_word(&lw, "grene"));
	assert_true(mq_line_game_word(&lw, "alcie"));
	assert_true(mq_line_game_word(&lw, "12:30"));
	assert_false(mq_line_game_word(&lw, "minutes"));
	assert_false(mq_line_game_word(&lw, "nice"));
}

static void
test_kinds_of_line(void **state)
{
	(void)state;
	/* a command word with what it takes, or in capitals */
	assert_int_equal(kind("move cw"), MQ_LINE_COMMAND);
	assert_int_equal(kind("MOVE nice"), MQ_LINE_COMMAND);
	/* a command word in a sentence: prose, or a doubt */
	assert_int_equal(kind("Move nice!"), MQ_LINE_PROSE);
	assert_int_equal(kind("Move, then"), MQ_LINE_PROSE);
	assert_int_equal(kind("Move nice"), MQ_LINE_DOUBT);
	/* a typo of one, in capitals or followed by what it takes */
	assert_int_equal(kind("MOEV cw"), MQ_LINE_COMMAND);
	assert_int_equal(kind("mvoe cw"), MQ_LINE_COMMAND);
	assert_int_equal(kind("mvoe soon"), MQ_LINE_PROSE);
	assert_int_equal(kind("mvoe cw!"), MQ_LINE_PROSE);
	/* a space lost */
	assert_int_equal(kind("PLACEblue"), MQ_LINE_COMMAND);
	assert_int_equal(kind("placegreen"), MQ_LINE_COMMAND);
	/* prose */
	assert_int_equal(kind("Love, Alice"), MQ_LINE_PROSE);
	assert_int_equal(kind("See you soon"), MQ_LINE_PROSE);
}

static void
test_meant_names_the_fix(void **state)
{
	char meant[32] = "untouched";

	(void)state;
	assert_int_equal(mq_line_meant(&lw, "moev", key_names, meant,
	    sizeof(meant)), K_MOVE);
	assert_string_equal(meant, "MOVE");
	assert_int_equal(mq_line_meant(&lw, "placeblue", key_names, meant,
	    sizeof(meant)), K_PLACE);
	assert_string_equal(meant, "PLACE blue");
	strcpy(meant, "untouched");
	assert_int_equal(mq_line_meant(&lw, "hello", key_names, meant,
	    sizeof(meant)), -1);
	assert_string_equal(meant, "untouched");
}

/* A command inside prose, the line split as the game splits one: the
 * longest run that is what the command takes, none for STATUS alone,
 * and none in a line the game would refuse (more than its maxtok
 * words). */
static void
test_inner_command_splits_the_line(void **state)
{
	char meant[32];

	(void)state;
	assert_int_equal(mq_line_inner_command(&lw, "ok move ccw then",
	    meant, sizeof(meant)), 1);
	assert_string_equal(meant, "MOVE ccw");
	assert_int_equal(mq_line_inner_command(&lw, "i'll place blue green",
	    meant, sizeof(meant)), 1);
	assert_string_equal(meant, "PLACE blue green");
	assert_int_equal(mq_line_inner_command(&lw, "thanks for the status",
	    meant, sizeof(meant)), 0);
	assert_string_equal(meant, "");
	/* the first word is the line's own, no command inside it */
	assert_int_equal(mq_line_inner_command(&lw, "move cw", meant,
	    sizeof(meant)), 0);
	/* nine words: more than this game splits a line into */
	assert_int_equal(mq_line_inner_command(&lw,
	    "so after all of that i move cw", meant, sizeof(meant)), 1);
	assert_int_equal(mq_line_inner_command(&lw,
	    "so after all of that i will move cw", meant, sizeof(meant)), 0);
	assert_string_equal(meant, "");
	/* a meant too short is cut, never overrun */
	assert_int_equal(mq_line_inner_command(&lw, "ok move ccw", meant, 6),
	    1);
	assert_string_equal(meant, "MOVE ");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_near_command_names_the_command),
		cmocka_unit_test(test_glued_command_needs_an_exact_word),
		cmocka_unit_test(test_game_word_takes_one_letter_off),
		cmocka_unit_test(test_kinds_of_line),
		cmocka_unit_test(test_meant_names_the_fix),
		cmocka_unit_test(test_inner_command_splits_the_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
