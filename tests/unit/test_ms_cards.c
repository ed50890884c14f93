/*
 * test_ms_cards.c - one test per card of The Masquerade's card set
 * (config/games/masquerade.json), named after the card: it puts the card in
 * play at the moment it acts and checks what it does, and nothing else.
 * The rules themselves are test_ms_rules.c's.
 */
#include "ms_fixture.h"

/* Five players, Orders 1..5 to alice..erin, the Stage phase of turn t. */
static struct ms_state *
table(int t, const char *d0, const char *d1, const char *d2, const char *d3,
    const char *d4)
{
	const char *const d[MS_MAXP] = { d0, d1, d2, d3, d4 };
	struct ms_state *st = msf_setup(msf_data, 5, 1);

	msf_stage_phase(st, t, d, msf_orders5);
	return st;
}

static struct ms_state *
usual(int t)
{
	return table(t, "D1", "D2", "D3", "D6", "D5");
}

static const char *const quiet[MS_MAXP] = {
	"spring", "spring", "grand hall", "grand hall", "library",
};
static const char *const alice_arena[MS_MAXP] = {
	"arena", "spring", "spring", "grand hall", "grand hall",
};
static const char *const carol_tower[MS_MAXP] = {
	"spring", "spring", "tower", "grand hall", "grand hall",
};

/* Give seat Treasure g (index), as if won: the Guardians before it too.
 * The Emblem of Valor follows at the next change of state (a Stage's
 * effects), so a Treasure's own VP is read before. */
static void
treasure(struct ms_state *st, int seat, int g)
{
	st->p[seat].treasures |= (uint16_t)(1u << g);
	if (st->guardian_next <= g)
		st->guardian_next = g + 1;
}

/* The Arena's challenger alice against target, both windows open. */
static void
alice_challenges(struct ms_state *st, const char *target)
{
	char line[40];

	msf_stages(st, alice_arena);
	msf_pass_while(st, MS_PH_SPELL);
	assert_string_equal(ms_owes(st, ALICE), "challenge");
	snprintf(line, sizeof(line), "CHALLENGE %s", target);
	msf_do(st, ALICE, line);
}

/* ---- Dancers ---- */

static void
test_card_blade_dancer(void **state)
{
	struct ms_state *st = usual(1);

	alice_challenges(st, "erin");
	assert_int_equal(ms_power(st, 0), 4);	/* 3, +1 starting it */
	/* defending, no bonus */
	memset(&st->ch, 0, sizeof(st->ch));
	st->ch.kind = MS_CH_ARENA;
	st->ch.side[0] = ERIN;
	st->ch.side[1] = ALICE;
	assert_int_equal(ms_power(st, 1), 3);
	st->ch.side[0] = ALICE;
	st->ch.side[1] = ERIN;
	msf_done(st);
}

static void
test_card_sorcerer(void **state)
{
	struct ms_state *st = usual(1);

	assert_int_equal(ms_spell_cost(st, BOB, msf_spell(st, "SP_rhapsody")), 1);
	assert_int_equal(ms_spell_cost(st, BOB, msf_spell(st, "SP_symphony")), 2);
	assert_int_equal(ms_spell_cost(st, BOB, msf_spell(st, "SP_march")), 0);
	assert_int_equal(ms_spell_cost(st, ALICE, msf_spell(st, "SP_rhapsody")), 2);
	msf_done(st);
}

static void
test_card_paladin(void **state)
{
	struct ms_state *st = usual(1);

	st->p[CAROL].life = 1;
	msf_do(st, ALICE, "STAGE spring");
	msf_do(st, BOB, "STAGE spring");
	msf_do(st, CAROL, "STAGE library");	/* no healing of its own */
	assert_int_equal(st->p[CAROL].life, 2);
	msf_done(st);
}

static void
test_card_bard(void **state)
{
	struct ms_state *st = table(1, "D1", "D2", "D3", "D4", "D5");

	assert_int_equal(ms_hand_limit(st, DAVE), 6);
	msf_do(st, ALICE, "STAGE spring");
	msf_do(st, BOB, "STAGE spring");
	msf_do(st, CAROL, "STAGE arena");
	msf_do(st, DAVE, "STAGE arena");	/* no draw of its own */
	assert_int_equal(ms_hand_size(&st->p[DAVE]), 1);
	msf_done(st);
}

static void
test_card_thief(void **state)
{
	/* erin, the Thief, wins in the Tower: a Guardian has nothing to steal */
	static const char *const erin_tower[MS_MAXP] = {
		"spring", "spring", "grand hall", "grand hall", "tower",
	};
	struct ms_state *st = usual(1);

	msf_stages(st, erin_tower);
	msf_pass_while(st, MS_PH_SPELL);
	assert_string_equal(ms_owes(st, ERIN), "fight");
	msf_deck_top(st, "SP_march");
	msf_do(st, ERIN, "PASS");
	assert_int_equal(st->p[ERIN].treasures, 1);
	assert_false(msf_has_event(st, MS_E_STEAL, ERIN));
	msf_done(st);
}

static void
test_card_eternal_prisoner(void **state)
{
	struct ms_state *st = usual(1);

	msf_give(st, DAVE, "SP_march", 3);
	assert_int_equal(ms_hand_limit(st, DAVE), 3);
	msf_do(st, ALICE, "STAGE spring");
	msf_do(st, BOB, "STAGE spring");
	msf_do(st, CAROL, "STAGE arena");
	msf_do(st, DAVE, "STAGE library");
	assert_int_equal(ms_hand_size(&st->p[DAVE]), 3);
	assert_true(msf_has_event(st, MS_E_DRAW_NONE, DAVE));
	msf_done(st);
}

/* ---- Orders (from turn 2) ---- */

static void
test_card_lead_1(void **state)
{
	struct ms_state *st = usual(2);

	msf_do(st, ALICE, "STAGE spring");
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 0);
	assert_int_equal(ms_hand_limit(st, ALICE), 5);
	assert_int_equal(ms_spell_cost(st, ALICE, msf_spell(st, "SP_rhapsody")), 2);
	assert_true(ms_can_challenge(st, ALICE));
	msf_done(st);
}

static void
test_card_chant_2(void **state)
{
	struct ms_state *st = usual(2);

	msf_do(st, ALICE, "STAGE spring");
	msf_do(st, BOB, "STAGE spring");
	assert_int_equal(ms_hand_size(&st->p[BOB]), 1);
	msf_done(st);
}

static void
test_card_defend_3(void **state)
{
	struct ms_state *st = usual(2);

	assert_false(ms_can_challenge(st, CAROL));
	assert_true(ms_can_be_challenged(st, CAROL));	/* not the VP leader */
	treasure(st, CAROL, 1);				/* Serpent Ring: 1 VP */
	assert_false(ms_can_be_challenged(st, CAROL));
	st->p[CAROL].treasures = 0;
	msf_done(st);
}

static void
test_card_rally_4(void **state)
{
	struct ms_state *st = usual(2);

	alice_challenges(st, "dave");
	assert_int_equal(ms_power(st, 1), 5);	/* the Prisoner's 4, +1 */
	msf_done(st);
}

static void
test_card_wait_5(void **state)
{
	struct ms_state *st = usual(2);

	msf_stages(st, quiet);	/* erin to the Library: 2, and 2 more */
	assert_int_equal(ms_hand_size(&st->p[ERIN]), 4);
	msf_done(st);
}

/* ---- Stages ---- */

static void
test_card_spring(void **state)
{
	struct ms_state *st = usual(1);

	st->p[ALICE].life = 0;
	msf_do(st, ALICE, "STAGE spring");
	assert_int_equal(st->p[ALICE].life, 2);
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 0);
	msf_done(st);
}

static void
test_card_grand_hall(void **state)
{
	struct ms_state *st = usual(1);

	st->p[ALICE].life = 0;
	msf_do(st, ALICE, "STAGE grand hall");
	assert_int_equal(st->p[ALICE].life, 1);
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 1);
	msf_done(st);
}

static void
test_card_library(void **state)
{
	struct ms_state *st = usual(1);

	msf_do(st, ALICE, "STAGE library");
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 2);
	assert_int_equal(st->p[ALICE].life, 2);
	msf_done(st);
}

/* ---- Treasures ---- */

static void
test_card_silver_bell(void **state)
{
	struct ms_state *st = usual(1);

	treasure(st, ALICE, 0);
	assert_int_equal(ms_hand_limit(st, ALICE), 6);
	assert_int_equal(ms_vp(st, ALICE), 0);
	msf_done(st);
}

static void
test_card_serpent_ring(void **state)
{
	struct ms_state *st = usual(1);

	treasure(st, ALICE, 1);
	assert_int_equal(ms_vp(st, ALICE), 1);
	msf_done(st);
}

static void
test_card_knights_sword(void **state)
{
	struct ms_state *st = usual(1);

	treasure(st, ALICE, 2);
	assert_int_equal(ms_vp(st, ALICE), 0);
	alice_challenges(st, "bob");
	assert_int_equal(ms_power(st, 0), 5);	/* 3, +1 starting it, +1 */
	msf_done(st);
}

static void
test_card_flame_staff(void **state)
{
	struct ms_state *st = usual(1);

	treasure(st, ALICE, 3);
	assert_int_equal(ms_vp(st, ALICE), 1);
	msf_do(st, ALICE, "STAGE spring");
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 1);
	msf_done(st);
}

static void
test_card_moon_necklace(void **state)
{
	struct ms_state *st = usual(1);

	treasure(st, ALICE, 4);
	assert_int_equal(ms_vp(st, ALICE), 1);
	st->p[ALICE].life = 1;
	msf_do(st, ALICE, "STAGE library");
	assert_int_equal(st->p[ALICE].life, 2);
	msf_done(st);
}

static void
test_card_witchs_grimoire(void **state)
{
	struct ms_state *st = usual(1);

	treasure(st, ALICE, 5);
	assert_int_equal(ms_spell_cost(st, ALICE, msf_spell(st, "SP_rhapsody")), 1);
	assert_int_equal(ms_spell_cost(st, ALICE, msf_spell(st, "SP_march")), 0);
	/* with the Sorcerer's: each lowers it, never below 0 */
	treasure(st, BOB, 5);
	st->p[ALICE].treasures = 0;
	assert_int_equal(ms_spell_cost(st, BOB, msf_spell(st, "SP_rhapsody")), 0);
	assert_int_equal(ms_vp(st, BOB), 1);
	msf_done(st);
}

static void
test_card_golden_crown(void **state)
{
	struct ms_state *st = usual(1);

	treasure(st, ALICE, 6);
	assert_int_equal(ms_vp(st, ALICE), 2);
	msf_done(st);
}

static void
test_card_dragon_heart(void **state)
{
	struct ms_state *st = usual(1);

	treasure(st, ALICE, 7);
	assert_int_equal(ms_vp(st, ALICE), 2);
	alice_challenges(st, "bob");
	assert_int_equal(ms_power(st, 0), 5);
	msf_done(st);
}

/* ---- Spells (those test_ms_rules does not play) ---- */

/* carol in a Tower fight holding the Spell and what pays for it */
static struct ms_state *
tower_with(const char *spell, const char *pay, int npay)
{
	struct ms_state *st = usual(1);

	msf_give(st, CAROL, spell, 1);
	if (npay > 0)
		msf_give(st, CAROL, pay, npay);
	msf_stages(st, carol_tower);
	msf_pass_while(st, MS_PH_SPELL);
	assert_string_equal(ms_owes(st, CAROL), "fight");
	assert_int_equal(ms_power(st, 0), 3);
	return st;
}

static void
test_card_march(void **state)
{
	struct ms_state *st = tower_with("SP_march", NULL, 0);

	msf_do(st, CAROL, "PLAY march");
	assert_int_equal(ms_power(st, 0), 4);
	msf_done(st);
}

static void
test_card_waltz(void **state)
{
	struct ms_state *st = tower_with("SP_waltz", "SP_prelude", 1);

	msf_do(st, CAROL, "PLAY waltz PAY prelude");
	assert_int_equal(ms_power(st, 0), 5);
	msf_done(st);
}

static void
test_card_rhapsody(void **state)
{
	struct ms_state *st = tower_with("SP_rhapsody", "SP_prelude", 2);

	msf_do(st, CAROL, "PLAY rhapsody PAY prelude prelude");
	assert_int_equal(ms_power(st, 0), 6);
	msf_done(st);
}

static void
test_card_symphony(void **state)
{
	struct ms_state *st = tower_with("SP_symphony", "SP_prelude", 3);

	msf_do(st, CAROL, "PLAY symphony PAY prelude prelude prelude");
	assert_int_equal(ms_power(st, 0), 7);
	assert_int_equal(ms_hand_size(&st->p[CAROL]), 0);	/* not yet */
	msf_deck_top(st, "SP_march");
	msf_do(st, CAROL, "PASS");		/* 7 against 1: won */
	/* the win's draw, and the Symphony's */
	assert_int_equal(ms_hand_size(&st->p[CAROL]), 2);
	msf_done(st);
	/* no win, no draw: against the Dragon (5), 7 against 5 + 2 */
	st = usual(1);
	st->guardian_next = 7;
	msf_give(st, CAROL, "SP_symphony", 1);
	msf_give(st, CAROL, "SP_prelude", 3);
	msf_stages(st, carol_tower);
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, CAROL, "PLAY symphony PAY prelude prelude prelude");
	msf_deck_top(st, "SP_rhapsody");
	msf_do(st, CAROL, "PASS");
	assert_int_equal(st->guardian_next, 7);
	assert_int_equal(ms_hand_size(&st->p[CAROL]), 0);
	msf_done(st);
	/* in the Arena too: alice 3 + 1 + 4 against bob's 2 */
	st = usual(1);
	msf_give(st, ALICE, "SP_symphony", 1);
	msf_give(st, ALICE, "SP_prelude", 3);
	alice_challenges(st, "bob");
	msf_do(st, ALICE, "PLAY symphony PAY prelude prelude prelude");
	msf_pass_while(st, MS_PH_CHALLENGE);
	assert_int_equal(st->p[BOB].life, 1);
	assert_int_equal(ms_hand_size(&st->p[ALICE]) + ms_counters(&st->p[ALICE]),
	    2);
	msf_done(st);
}

/* Played by the challenger, before the Guardian's reveal: a tie whatever
 * the reveal adds. */
static void
test_card_fugue(void **state)
{
	struct ms_state *st = tower_with("SP_fugue", "SP_prelude", 1);

	json_t *v, *ev, *e;
	size_t i;
	int told = 0;

	msf_do(st, CAROL, "PLAY fugue PAY prelude");
	/* the fight is a tie now, and the view says so and by what: the
	 * powers it shows decide nothing more (mei's mail still weighed
	 * kenji 4 against her 3 and offered REVEAL) */
	v = ms_view(st, CAROL);
	assert_non_null(v);
	assert_string_equal(json_string_value(json_object_get(json_object_get(
	    v, "challenge"), "tie_spell")), "SP_fugue");
	json_decref(v);
	msf_deck_top(st, "SP_symphony");	/* 3 against 1 + 3: a loss */
	msf_do(st, CAROL, "PASS");
	/* and the result says the tie came from the Fugue */
	ev = ms_events(st, MQ_VIEW_PUBLIC);
	assert_non_null(ev);
	json_array_foreach(ev, i, e)
		if (strcmp(json_string_value(json_object_get(e, "type")),
		    "result") == 0) {
			assert_string_equal(json_string_value(json_object_get(e,
			    "tie_spell")), "SP_fugue");
			told = 1;
		}
	assert_true(told);
	json_decref(ev);
	assert_int_equal(st->p[CAROL].life, 2);
	assert_int_equal(st->p[CAROL].treasures, 0);
	assert_int_equal(st->guardian_next, 0);
	msf_done(st);
}

static void
test_card_nocturne(void **state)
{
	struct ms_state *st = usual(1);

	msf_give(st, ALICE, "SP_nocturne", 1);
	msf_give(st, ALICE, "SP_march", 1);
	msf_stages(st, alice_arena);
	st->p[ALICE].life = 1;
	msf_do(st, ALICE, "PLAY nocturne PAY march");
	assert_int_equal(st->p[ALICE].life, 2);
	msf_done(st);
}

static void
test_card_serenade(void **state)
{
	struct ms_state *st = usual(1);
	int waltz = msf_spell(st, "SP_waltz");

	msf_give(st, ALICE, "SP_serenade", 1);
	msf_give(st, ALICE, "SP_march", 1);
	msf_give(st, BOB, "SP_waltz", 1);
	msf_stages(st, alice_arena);
	msf_refused(st, ALICE, "PLAY serenade PAY march", "ON");
	msf_do(st, ALICE, "PLAY serenade PAY march ON bob");
	assert_int_equal(st->p[ALICE].hand[waltz], 1);
	assert_int_equal(st->p[BOB].hand[waltz], 0);
	assert_true(msf_has_event(st, MS_E_STEAL, ALICE));
	msf_done(st);
}

static void
test_card_prelude(void **state)
{
	struct ms_state *st = usual(1);
	int prelude = msf_spell(st, "SP_prelude"), deck;

	msf_give(st, ALICE, "SP_prelude", 1);
	msf_stages(st, quiet);			/* alice at the Spring: no draw */
	assert_string_equal(ms_owes(st, ALICE), "spell");
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 1);
	deck = st->deck_n;
	msf_do(st, ALICE, "PLAY prelude");	/* level 0: no cost */
	/* the Prelude to the tomb, one Spell drawn in its place */
	assert_int_equal(st->tomb[prelude], 1);
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 1);
	assert_int_equal(st->deck_n, deck - 1);
	assert_true(msf_has_event(st, MS_E_DRAW, ALICE));
	msf_done(st);
}

static void
test_card_requiem(void **state)
{
	struct ms_state *st = usual(1);

	msf_give(st, ALICE, "SP_requiem", 1);
	msf_give(st, ALICE, "SP_march", 2);
	msf_stages(st, quiet);
	assert_string_equal(ms_owes(st, ALICE), "spell");
	msf_do(st, ALICE, "PLAY requiem PAY march march ON carol");
	assert_int_equal(st->p[CAROL].life, 1);	/* the one chosen, 1 */
	assert_int_equal(st->p[ALICE].life, 2);
	assert_int_equal(st->p[BOB].life, 2);
	msf_done(st);
}

static void
test_card_concerto(void **state)
{
	struct ms_state *st = usual(1);
	int waltz = msf_spell(st, "SP_waltz");

	msf_give(st, ALICE, "SP_concerto", 1);
	msf_give(st, ALICE, "SP_march", 2);
	msf_give(st, ALICE, "SP_waltz", 1);
	msf_stages(st, quiet);
	assert_string_equal(ms_owes(st, ALICE), "spell");
	msf_do(st, ALICE, "PLAY concerto PAY march march BANK waltz");
	/* a Spell from hand becomes a 1-VP counter */
	assert_int_equal(ms_counters(&st->p[ALICE]), 1);
	assert_int_equal(st->p[ALICE].banked[waltz], 1);
	assert_int_equal(st->p[ALICE].hand[waltz], 0);
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 0);
	assert_int_equal(ms_vp(st, ALICE), 1);
	msf_done(st);
}

/* ---- Masks: each one's condition, met and not ---- */

/* What alice's Mask adds to her score at the end. */
static int
mask_points(struct ms_state *st, const char *id)
{
	int m = msf_mask(st, id), i;

	/* swap masks so that alice holds id and no two hold the same */
	for (i = 1; i < st->nplayers; i++)
		if (st->p[i].mask == m)
			st->p[i].mask = st->p[i].mask_dealt = st->p[ALICE].mask_dealt;
	st->p[ALICE].mask = st->p[ALICE].mask_dealt = (int8_t)m;
	st->phase = MS_PH_OVER;
	ms_score(st);
	st->phase = MS_PH_STAGE;
	st->winner = -1;
	return st->p[ALICE].score - ms_vp(st, ALICE);
}

static void
test_card_lion_mask(void **state)
{
	struct ms_state *st = usual(1);

	msf_deck_remove(st, 0, 3);
	st->p[ALICE].banked[0] = 2;
	st->p[BOB].banked[0] = 1;
	assert_int_equal(mask_points(st, "M1"), 0);
	st->p[BOB].banked[0] = 0;
	st->p[ALICE].banked[0] = 3;
	assert_int_equal(mask_points(st, "M1"), 3);
	msf_done(st);
}

static void
test_card_dragon_mask(void **state)
{
	struct ms_state *st = usual(1);

	treasure(st, ALICE, 0);
	assert_int_equal(mask_points(st, "M2"), 0);
	treasure(st, ALICE, 2);
	assert_int_equal(mask_points(st, "M2"), 3);
	msf_done(st);
}

static void
test_card_owl_mask(void **state)
{
	struct ms_state *st = usual(1);

	st->p[ALICE].events_prophesied = 1;
	assert_int_equal(mask_points(st, "M3"), 0);
	st->p[ALICE].events_prophesied = 2;
	assert_int_equal(mask_points(st, "M3"), 3);
	msf_done(st);
}

static void
test_card_moon_mask(void **state)
{
	struct ms_state *st = usual(1);

	st->p[ALICE].life = 1;
	assert_int_equal(mask_points(st, "M4"), 0);
	st->p[ALICE].life = 2;
	assert_int_equal(mask_points(st, "M4"), 2);
	msf_done(st);
}

static void
test_card_butterfly_mask(void **state)
{
	struct ms_state *st = usual(1);

	assert_int_equal(mask_points(st, "M5"), 0);
	st->p[ALICE].events_prophesied = 2;
	ms_emblems(st);				/* the Saint's */
	assert_int_equal(mask_points(st, "M5"), 2);
	msf_done(st);
}

static void
test_card_jester_mask(void **state)
{
	struct ms_state *st = usual(1);

	msf_give(st, ALICE, "SP_march", 4);
	assert_int_equal(mask_points(st, "M6"), 0);
	msf_give(st, ALICE, "SP_march", 1);	/* 5 of 5 */
	assert_int_equal(mask_points(st, "M6"), 2);
	msf_done(st);
}

/* ---- Emblems ---- */

static void
test_card_emblem_of_valor(void **state)
{
	struct ms_state *st = usual(1);

	ms_emblems(st);
	assert_int_equal(st->emblem_holder[0], -1);
	treasure(st, BOB, 0);
	ms_emblems(st);
	assert_int_equal(st->emblem_holder[0], BOB);
	assert_int_equal(ms_vp(st, BOB), 1);
	msf_done(st);
}

static void
test_card_emblem_of_the_gladiator(void **state)
{
	struct ms_state *st = usual(1);

	st->p[ALICE].arena_wins = 1;
	ms_emblems(st);
	assert_int_equal(st->emblem_holder[1], -1);
	st->p[ALICE].arena_wins = 2;
	ms_emblems(st);
	assert_int_equal(st->emblem_holder[1], ALICE);
	assert_int_equal(ms_vp(st, ALICE), 1);
	msf_done(st);
}

static void
test_card_emblem_of_the_saint(void **state)
{
	struct ms_state *st = usual(1);

	st->p[ERIN].events_prophesied = 1;
	ms_emblems(st);
	assert_int_equal(st->emblem_holder[2], -1);
	st->p[ERIN].events_prophesied = 2;
	ms_emblems(st);
	assert_int_equal(st->emblem_holder[2], ERIN);
	msf_done(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_card_blade_dancer),
		cmocka_unit_test(test_card_sorcerer),
		cmocka_unit_test(test_card_paladin),
		cmocka_unit_test(test_card_bard),
		cmocka_unit_test(test_card_thief),
		cmocka_unit_test(test_card_eternal_prisoner),
		cmocka_unit_test(test_card_lead_1),
		cmocka_unit_test(test_card_chant_2),
		cmocka_unit_test(test_card_defend_3),
		cmocka_unit_test(test_card_rally_4),
		cmocka_unit_test(test_card_wait_5),
		cmocka_unit_test(test_card_spring),
		cmocka_unit_test(test_card_grand_hall),
		cmocka_unit_test(test_card_library),
		cmocka_unit_test(test_card_silver_bell),
		cmocka_unit_test(test_card_serpent_ring),
		cmocka_unit_test(test_card_knights_sword),
		cmocka_unit_test(test_card_flame_staff),
		cmocka_unit_test(test_card_moon_necklace),
		cmocka_unit_test(test_card_witchs_grimoire),
		cmocka_unit_test(test_card_golden_crown),
		cmocka_unit_test(test_card_dragon_heart),
		cmocka_unit_test(test_card_march),
		cmocka_unit_test(test_card_waltz),
		cmocka_unit_test(test_card_rhapsody),
		cmocka_unit_test(test_card_symphony),
		cmocka_unit_test(test_card_fugue),
		cmocka_unit_test(test_card_nocturne),
		cmocka_unit_test(test_card_serenade),
		cmocka_unit_test(test_card_prelude),
		cmocka_unit_test(test_card_requiem),
		cmocka_unit_test(test_card_concerto),
		cmocka_unit_test(test_card_lion_mask),
		cmocka_unit_test(test_card_dragon_mask),
		cmocka_unit_test(test_card_owl_mask),
		cmocka_unit_test(test_card_moon_mask),
		cmocka_unit_test(test_card_butterfly_mask),
		cmocka_unit_test(test_card_jester_mask),
		cmocka_unit_test(test_card_emblem_of_valor),
		cmocka_unit_test(test_card_emblem_of_the_gladiator),
		cmocka_unit_test(test_card_emblem_of_the_saint),
	};

	return cmocka_run_group_tests(tests, msf_group_setup,
	    msf_group_teardown);
}
