/*
 * test_ms_text.c - The Masquerade's events told for the host (replay,
 * state): a run of one player's draws is one line, every Spell named in
 * the order drawn; a "draws nothing" said again, once with how many
 * times. Anything else between, or another player's draw, breaks a run.
 * A view as text (`masqued view`) gives each player's VP as the mails do.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <jansson.h>

#include "buf.h"
#include "daemon/ms_text.h"
#include "file_fixture.h"

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
	    "  carol heals: life 1 -> 2.\n"
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
	    "  alice draws nothing 2 times: hand full.\n"
	    "  alice draws nothing: deck empty.\n");
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

/*
 * Each draw and heal names its source, as the players' mails do ("c draws
 * Fugue." named none): a Stage, an Order, a Treasure, a Dancer, an Event,
 * a fight won (with Symphony, which drew more); draws of two sources are
 * two lines, as in the mails. A heal and a life lost read apart ("bob's
 * life: 1 -> 2" was either).
 */
static void
draws_and_heals_name_their_source(void **state)
{
	(void)state;
	expect_story("[{\"type\":\"draw\",\"player\":\"c\",\"spell\":"
	    "\"SP_Fugue\",\"source\":{\"kind\":\"order\",\"card\":"
	    "\"Chant 2\"}},"
	    "{\"type\":\"draw\",\"player\":\"c\",\"spell\":\"SP_March\","
	    "\"source\":{\"kind\":\"stage\",\"card\":\"Library\"}},"
	    "{\"type\":\"draw\",\"player\":\"c\",\"spell\":\"SP_Waltz\","
	    "\"source\":{\"kind\":\"stage\",\"card\":\"Library\"}},"
	    "{\"type\":\"draw_none\",\"player\":\"c\",\"why\":"
	    "\"hand_full\",\"source\":{\"kind\":\"stage\",\"card\":"
	    "\"Library\"}},"
	    "{\"type\":\"heal\",\"player\":\"c\",\"from\":1,\"to\":2,"
	    "\"source\":{\"kind\":\"treasure\",\"card\":\"Silver Bell\"}},"
	    "{\"type\":\"draw\",\"player\":\"c\",\"spell\":\"SP_Waltz\","
	    "\"source\":{\"kind\":\"dancer\",\"card\":\"Bard\"}},"
	    "{\"type\":\"draw\",\"player\":\"b\",\"source\":{\"kind\":"
	    "\"event\",\"card\":\"Oracle\"}},"
	    "{\"type\":\"heal\",\"player\":\"b\",\"from\":0,\"to\":1,"
	    "\"source\":{\"kind\":\"event\",\"card\":\"Oracle\"}},"
	    "{\"type\":\"draw\",\"player\":\"b\",\"spell\":\"SP_Waltz\","
	    "\"source\":{\"kind\":\"win\"}},"
	    "{\"type\":\"draw\",\"player\":\"b\",\"spell\":\"SP_March\","
	    "\"source\":{\"kind\":\"win\",\"card\":\"SP_Symphony\"}},"
	    "{\"type\":\"draw\",\"player\":\"b\",\"spell\":\"SP_Fugue\","
	    "\"source\":{\"kind\":\"win\",\"card\":\"SP_Symphony\"}},"
	    "{\"type\":\"life\",\"player\":\"c\",\"from\":2,\"to\":1}]",
	    "  c draws Fugue (their Order, Chant 2).\n"
	    "  c draws 2 Spells (the Library): March, Waltz.\n"
	    "  c draws nothing (the Library): hand full.\n"
	    "  c heals (their Treasure, Silver Bell): life 1 -> 2.\n"
	    "  c draws Waltz (their Dancer, the Bard).\n"
	    "  b draws a Spell (the Event Oracle).\n"
	    "  b heals (the Event Oracle): life 0 -> 1.\n"
	    "  b draws Waltz (for winning the fight).\n"
	    "  b draws 2 Spells (for winning the fight, with Symphony): March, "
	    "Fugue.\n"
	    "  c loses life: 2 -> 1.\n");
}

/*
 * The text view gives each player's VP as the players' mails do (the
 * view's public_vp: counters, Emblems, Treasures; never a Mask's) and who
 * leads in them; it showed counters, Treasures and Emblems with no total,
 * so a host settling a Defend 3 or a Divine Judgement had to add them up.
 * A Mask the view holds (the admin's) stays out of the figure: the figure
 * is the view's, not counted here.
 */
/* An Order is chosen, as the rules say ("each player chooses an Order"):
 * the host's replay said "kenji takes Order 3." */
static void
an_order_is_chosen(void **state)
{
	(void)state;
	expect_story("[{\"type\":\"order\",\"player\":\"kenji\",\"order\":3}]",
	    "kenji chooses Order 3.\n");
}

/* An Order or a Stage the game gave, the only one left ("only"), was told
 * as chosen too ("kenji chooses Order 5."): nobody chose it. */
static void
the_only_one_left_is_not_chosen(void **state)
{
	(void)state;
	expect_story("[{\"type\":\"order\",\"player\":\"kenji\",\"order\":5,"
	    "\"only\":true},{\"type\":\"order\",\"player\":\"bob\","
	    "\"order\":2,\"only\":false},{\"type\":\"stage\",\"player\":"
	    "\"bob\",\"stage\":\"Library\",\"only\":true}]",
	    "kenji takes Order 5, the only one they could take.\n"
	    "bob chooses Order 2.\n"
	    "bob goes to Library, the only Stage with room.\n");
}

static void
the_view_gives_each_players_vp_and_the_leader(void **state)
{
	json_error_t je;
	json_t *v = json_loads("{\"turn\":3,\"phase\":\"spell\","
	    "\"to_move\":\"bob\",\"owes\":\"spell\",\"players\":["
	    "{\"name\":\"alice\",\"dancer\":\"Bard\",\"order\":1,"
	    "\"stage\":\"Library\",\"life\":2,\"hand_size\":3,"
	    "\"counters\":1,\"treasures\":[\"Golden Crown\"],"
	    "\"emblems\":[\"Emblem of Valor\"],\"public_vp\":4,"
	    "\"vp_leader\":true,\"mask\":{\"id\":\"MK_Lion\","
	    "\"name\":\"Lion Mask\",\"vp\":3}},"
	    "{\"name\":\"bob\",\"dancer\":\"Thief\",\"order\":2,"
	    "\"stage\":\"Arena\",\"life\":1,\"hand_size\":2,"
	    "\"counters\":0,\"treasures\":[],\"emblems\":[],"
	    "\"public_vp\":0,\"vp_leader\":false}],"
	    "\"vp_leaders\":[\"alice\"],\"events_left\":[]}", 0, &je);
	struct mq_buf b = MQ_BUF_INIT;
	const char *t;

	if (v == NULL)
		fail_msg("%s", je.text);
	mq_ms_view_text(NULL, v, &b);
	assert_false(b.oom);
	t = mq_buf_str(&b);
	if (strstr(t, "counters   VP   treasures, emblems\n") == NULL ||
	    strstr(t, "\nalice                Bard                   1 "
	    "Library         2    3        1    4*  Golden Crown, Emblem of "
	    "Valor\n") == NULL ||
	    strstr(t, "\nbob                  Thief                  2 "
	    "Arena           1    2        0    0  \n") == NULL ||
	    strstr(t, "\nMost VP (the VP leader, * above): alice.\n"
	    "VP here: 1 per VP counter, and each Emblem's and Treasure's; "
	    "a Mask's VP is\nsecret, counts only at the end and not for the "
	    "most VP.\n") == NULL)
		fail_msg("no VP or leader:\n%s", t);
	mq_buf_free(&b);

	/* nobody leads at 0 */
	json_object_set_new(v, "vp_leaders", json_array());
	mq_ms_view_text(NULL, v, &b);
	assert_false(b.oom);
	if (strstr(mq_buf_str(&b), "\nMost VP (the VP leader, * above): nobody "
	    "(no VP yet).\n") == NULL)
		fail_msg("no 'nobody':\n%s", mq_buf_str(&b));
	mq_buf_free(&b);
	json_decref(v);
}

/*
 * The host's replay says what the players' mails say (a review of the
 * replay against the mails): a Guardian by its English name beside its
 * number ("Guardian 3 (power 2)" named none), whom Divine Judgement falls
 * on or that nobody leads, that a side at 0 life counted its printed
 * power 0 ("1 against 3" told nobody why), and where a Request for a
 * Tune's Spells not kept went ("keeps 0" said not).
 */
static void
the_replay_says_what_the_mails_say(void **state)
{
	(void)state;
	expect_story("[{\"type\":\"challenge\",\"player\":\"bob\","
	    "\"kind\":\"tower\",\"guardian\":{\"id\":\"G3\",\"number\":3,"
	    "\"power\":2}},"
	    "{\"type\":\"result\",\"player\":\"bob\",\"power\":1,"
	    "\"target_power\":3,\"outcome\":\"lose\",\"winner\":null,"
	    "\"life_zero\":true},"
	    "{\"type\":\"result\",\"player\":\"alice\",\"target\":\"bob\","
	    "\"power\":4,\"target_power\":2,\"outcome\":\"win\","
	    "\"winner\":\"alice\",\"target_life_zero\":true},"
	    "{\"type\":\"event\",\"player\":\"carol\",\"event\":\"V5\","
	    "\"on_leaders\":true,\"leaders\":[\"alice\",\"bob\"],"
	    "\"leader_vp\":3},"
	    "{\"type\":\"event\",\"player\":\"carol\",\"event\":\"V5\","
	    "\"on_leaders\":true,\"leaders\":[],\"leader_vp\":0},"
	    "{\"type\":\"event\",\"player\":\"carol\",\"event\":\"V4\"}]",
	    "bob challenges Guardian 3, the Dark Knight (power 2) in the "
	    "Tower.\n"
	    "  bob 1 (life 0: printed power counts 0) against the Guardian 3: "
	    "the Guardian wins and stays on top, bob loses.\n"
	    "  alice 4 against bob 2 (life 0: printed power counts 0): alice "
	    "wins, bob loses.\n"
	    "carol, the prophet, chooses V5. It falls on the VP leaders: "
	    "alice, bob (3 VP).\n"
	    "carol, the prophet, chooses V5. Nobody leads in VP (all have 0), "
	    "so it falls on nobody.\n"
	    "carol, the prophet, chooses V4.\n");
	/* a Request for a Tune's Spells not kept went to the tomb, and why */
	expect_story("[{\"type\":\"receive\",\"player\":\"alice\","
	    "\"received\":1,\"kept\":0,\"to_tomb\":1,\"no_room\":true},"
	    "{\"type\":\"receive\",\"player\":\"bob\",\"received\":2,"
	    "\"kept\":2,\"no_room\":false}]",
	    "  alice receives 1 Spell(s) and keeps 0; 1 went to the Spell tomb "
	    "(their hand had no room).\n"
	    "  bob receives 2 Spell(s) and keeps 2.\n");
}

/*
 * A fight's result in the replay gives each side's power in its parts, as
 * the players' mails do ("4 against 3: bob." gave a host settling a
 * dispute the totals alone), with a side's 0-life note, and says who wins
 * and who loses, or that nobody does. A side whose one part is its power
 * is not given it again ("the Guardian 2 (printed 2)"), as in the mails.
 */
static void
the_replay_gives_a_fight_in_parts(void **state)
{
	const char *root = getenv("MQ_ROOT") ? getenv("MQ_ROOT") : ".";
	char path[1024];
	json_error_t je;
	json_t *gd, *ev;
	struct mq_buf b = MQ_BUF_INIT;

	(void)state;
	/* the game's card set, for the cards' English names */
	snprintf(path, sizeof(path), "%s/config/games/masquerade.json", root);
	if ((gd = json_load_file(path, 0, &je)) == NULL)
		fail_msg("cannot read the card set: %s", je.text);
	ev = json_loads("[{\"type\":\"result\",\"player\":\"carol\","
	    "\"power\":4,\"target_power\":5,\"outcome\":\"lose\","
	    "\"winner\":null,\"parts\":[{\"id\":\"D1\",\"kind\":\"dancer\","
	    "\"n\":3,\"plus\":false,\"life_zero\":false},{\"id\":\"SP_march\","
	    "\"kind\":\"spell\",\"n\":1,\"plus\":true,\"life_zero\":false}],"
	    "\"target_parts\":[{\"kind\":\"guardian\",\"n\":2,\"plus\":false,"
	    "\"life_zero\":false},{\"id\":\"SP_rhapsody\",\"kind\":\"flip\","
	    "\"n\":3,\"plus\":true,\"life_zero\":false}]},"
	    "{\"type\":\"result\",\"player\":\"alice\",\"target\":\"bob\","
	    "\"power\":5,\"target_power\":1,\"outcome\":\"win\","
	    "\"winner\":\"alice\",\"target_life_zero\":true,"
	    "\"parts\":[{\"id\":\"D2\",\"kind\":\"dancer\",\"n\":2,"
	    "\"plus\":false,\"life_zero\":false},{\"kind\":\"mask\",\"n\":3,"
	    "\"plus\":true,\"life_zero\":false}],"
	    "\"target_parts\":[{\"id\":\"D1\",\"kind\":\"dancer\",\"n\":0,"
	    "\"plus\":false,\"life_zero\":true},{\"id\":\"O4\",\"number\":4,"
	    "\"kind\":\"order\",\"n\":1,\"plus\":true,\"life_zero\":false},"
	    "{\"id\":\"G1\",\"kind\":\"treasure\",\"n\":0,\"plus\":true,"
	    "\"life_zero\":false},{\"id\":\"SP_waltz\",\"kind\":\"opp_spell\","
	    "\"n\":-2,\"plus\":false,\"life_zero\":false}]},"
	    "{\"type\":\"result\",\"player\":\"bob\",\"target\":\"carol\","
	    "\"power\":3,\"target_power\":3,\"outcome\":\"tie\","
	    "\"winner\":null,\"tie_spell\":\"SP_lullaby\"},"
	    "{\"type\":\"result\",\"player\":\"bob\",\"power\":2,"
	    "\"target_power\":2,\"outcome\":\"tie\",\"winner\":null,"
	    "\"parts\":[{\"id\":\"D2\",\"kind\":\"dancer\",\"n\":2,"
	    "\"plus\":false,\"life_zero\":false}],"
	    "\"target_parts\":[{\"kind\":\"guardian\",\"n\":2,"
	    "\"plus\":false,\"life_zero\":false}]},"
	    "{\"type\":\"result\",\"player\":\"dave\",\"power\":0,"
	    "\"target_power\":1,\"outcome\":\"lose\",\"winner\":null,"
	    "\"life_zero\":true,\"parts\":[{\"id\":\"D1\","
	    "\"kind\":\"dancer\",\"n\":0,\"plus\":false,"
	    "\"life_zero\":true}],\"target_parts\":[{\"kind\":\"guardian\","
	    "\"n\":1,\"plus\":false,\"life_zero\":false}]}]", 0, &je);
	if (ev == NULL)
		fail_msg("%s", je.text);
	mq_ms_story(gd, ev, &b);
	assert_false(b.oom);
	assert_string_equal(mq_buf_str(&b),
	    "  carol 4 (Blade Dancer 3, March +1) against the Guardian 5 "
	    "(printed 2, turned up Rhapsody +3): the Guardian wins and stays "
	    "on top, carol loses.\n"
	    "  alice 5 (Sorcerer 2, Mask +3) against bob 1 (Blade Dancer 0, "
	    "Order 4 +1, Silver Bell +0, Waltz -2; life 0: printed power "
	    "counts 0): alice wins, bob loses.\n"
	    "  bob 3 against carol 3: a tie, by Lullaby, nobody wins or "
	    "loses.\n"
	    "  bob 2 against the Guardian 2: a tie, nobody wins or loses, and "
	    "the Guardian stays on top.\n"
	    "  dave 0 (Blade Dancer 0; life 0: printed power counts 0) against "
	    "the Guardian 1: the Guardian wins and stays on top, dave loses.\n");
	mq_buf_free(&b);
	json_decref(ev);
	json_decref(gd);
}

/* The replay's Guardian names are the mails': each of the template's
 * "{{#id_gN}}, NAME{{/id_gN}}" is the table's, and no other. */
static void
guardian_names_are_the_mails(void **state)
{
	static char tpl[4096];
	char path[1024], want[128], id[16];
	const char *root = getenv("MQ_ROOT") ? getenv("MQ_ROOT") : ".";
	const char *name;
	int i, found = 0;

	(void)state;
	snprintf(path, sizeof(path), "%s/templates/en/masquerade/"
	    "_guardian_name.mustache", root);
	assert_true(ff_slurp(path, tpl, sizeof(tpl)) < sizeof(tpl) - 1);
	for (i = 1; i < 40; i++) {
		snprintf(id, sizeof(id), "G%d", i);
		name = mq_ms_guardian_name(id);
		snprintf(want, sizeof(want), "{{#id_g%d}}", i);
		if (name == NULL) {
			if (strstr(tpl, want) != NULL)
				fail_msg("the template names %s, the table not", id);
			continue;
		}
		snprintf(want, sizeof(want), "{{#id_g%d}}, %s{{/id_g%d}}", i, name,
		    i);
		if (strstr(tpl, want) == NULL)
			fail_msg("the template lacks %s", want);
		found++;
	}
	assert_int_equal(found, 8);
	assert_null(mq_ms_guardian_name("G0"));
	assert_null(mq_ms_guardian_name(NULL));
}

/* The view's top Guardian is named too. */
static void
the_view_names_the_top_guardian(void **state)
{
	json_error_t je;
	json_t *v = json_loads("{\"turn\":1,\"phase\":\"stage\","
	    "\"players\":[],\"guardian\":{\"id\":\"G8\",\"number\":8,"
	    "\"power\":6},\"guardians_left\":1,\"events_left\":[]}", 0, &je);
	struct mq_buf b = MQ_BUF_INIT;

	(void)state;
	if (v == NULL)
		fail_msg("%s", je.text);
	mq_ms_view_text(NULL, v, &b);
	assert_false(b.oom);
	if (strstr(mq_buf_str(&b), "\nGuardian on top: 8, the Dragon (power 6); "
	    "1 left. Events left: none.\n") == NULL)
		fail_msg("the top Guardian unnamed:\n%s", mq_buf_str(&b));
	mq_buf_free(&b);
	json_decref(v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_run_of_draws_is_one_line_with_every_spell),
		cmocka_unit_test(one_draw_and_other_players_stay_lines),
		cmocka_unit_test(draws_nothing_again_is_said_once_with_the_count),
		cmocka_unit_test(unnamed_draws_are_counted),
		cmocka_unit_test(draws_and_heals_name_their_source),
		cmocka_unit_test(an_order_is_chosen),
		cmocka_unit_test(the_only_one_left_is_not_chosen),
		cmocka_unit_test(the_view_gives_each_players_vp_and_the_leader),
		cmocka_unit_test(the_replay_says_what_the_mails_say),
		cmocka_unit_test(the_replay_gives_a_fight_in_parts),
		cmocka_unit_test(guardian_names_are_the_mails),
		cmocka_unit_test(the_view_names_the_top_guardian),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
