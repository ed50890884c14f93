/*
 * test_ms_text.c - The Masquerade's events told for the host (replay,
 * state): a run of one player's draws is one line, every Spell named in
 * the order drawn; a "draws nothing" said again, once with how many
 * times. Anything else between, or another player's draw, breaks a run.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>

#include "buf.h"
#include "daemon/ms_text.h"

static void
expect_story(const char *events, const char *text)
{
	json_error_t je;
	json_t *ev = json_loads(events, 0, &je);
	struct mq_buf b = MQ_BUF_INIT;

	if (ev == NULL)
		fail_msg("%s", je.text);
	mq_ms_story(NULL, ev, &b);	/* no card set: names from the ids */
	assert_false(b.oom);
	assert_string_equal(mq_buf_str(&b), text);
	mq_buf_free(&b);
	json_decref(ev);
}

static void
a_run_of_draws_is_one_line_with_every_spell(void **state)
{
	(void)state;
	expect_story("[{\"type\":\"stage\",\"player\":\"bob\",\"stage\":\"Library\"},"
	    "{\"type\":\"draw\",\"player\":\"bob\",\"spell\":\"SP_Concerto\"},"
	    "{\"type\":\"draw\",\"player\":\"bob\",\"spell\":\"SP_March\"},"
	    "{\"type\":\"draw\",\"player\":\"bob\",\"spell\":\"SP_Rhapsody\"}]",
	    "bob goes to Library.\n"
	    "  bob draws 3 Spells: Concerto, March, Rhapsody.\n");
}

static void
one_draw_and_other_players_stay_lines(void **state)
{
	(void)state;
	expect_story("[{\"type\":\"draw\",\"player\":\"bob\",\"spell\":\"SP_March\"},"
	    "{\"type\":\"draw\",\"player\":\"carol\",\"spell\":\"SP_Waltz\"},"
	    "{\"type\":\"heal\",\"player\":\"carol\",\"from\":1,\"to\":2},"
	    "{\"type\":\"draw\",\"player\":\"carol\",\"spell\":\"SP_Fugue\"}]",
	    "  bob draws March.\n"
	    "  carol draws Waltz.\n"
	    "  carol's life: 1 -> 2.\n"
	    "  carol draws Fugue.\n");
}

static void
draws_nothing_again_is_said_once_with_the_count(void **state)
{
	(void)state;
	expect_story("[{\"type\":\"draw\",\"player\":\"alice\",\"spell\":\"SP_Serenade\"},"
	    "{\"type\":\"draw_none\",\"player\":\"alice\",\"why\":\"hand_full\"},"
	    "{\"type\":\"draw_none\",\"player\":\"alice\",\"why\":\"hand_full\"},"
	    "{\"type\":\"draw_none\",\"player\":\"alice\",\"why\":\"deck_empty\"}]",
	    "  alice draws Serenade.\n"
	    "  alice draws nothing 2 times (hand full).\n"
	    "  alice draws nothing (deck empty).\n");
}

/* a view whose draws name no Spell (not the host's): the count alone */
static void
unnamed_draws_are_counted(void **state)
{
	(void)state;
	expect_story("[{\"type\":\"draw\",\"player\":\"bob\"},"
	    "{\"type\":\"draw\",\"player\":\"bob\"},"
	    "{\"type\":\"draw\",\"player\":\"bob\",\"spell\":\"SP_March\"}]",
	    "  bob draws 2 Spells.\n"
	    "  bob draws March.\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_run_of_draws_is_one_line_with_every_spell),
		cmocka_unit_test(one_draw_and_other_players_stay_lines),
		cmocka_unit_test(draws_nothing_again_is_said_once_with_the_count),
		cmocka_unit_test(unnamed_draws_are_counted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
