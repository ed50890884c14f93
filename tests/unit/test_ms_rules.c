/*
 * test_ms_rules.c - one test per rule of The Masquerade
 * (../shared/rules/masquerade.md), each named after its rule: it forces a
 * moment of a turn by hand, plays lines of the command language through
 * parse() and apply(), and checks that rule alone. Where chance is involved
 * (the Guardian's reveal, a draw), the test puts the card it needs on top of
 * the deck first.
 */
#include "ms_fixture.h"
#include "engine/masquerade/masquerade.h"
#include "refusal_example.h"

/* The usual five: Blade Dancer, Sorcerer, Paladin, Eternal Prisoner, Thief
 * with Orders 1..5; the Bard is set aside. */
static const char *const dancers[MS_MAXP] = { "D1", "D2", "D3", "D6", "D5" };

static struct ms_state *
turn(int turn_no)
{
	struct ms_state *st = msf_setup(msf_data, 5, 1);

	msf_stage_phase(st, turn_no, dancers, msf_orders5);
	return st;
}

static const char *const quiet_tower[MS_MAXP] = {
	"spring", "spring", "tower", "grand hall", "grand hall",
};
static const char *const quiet_arena[MS_MAXP] = {
	"arena", "spring", "spring", "grand hall", "grand hall",
};
static const char *const quiet_chapel[MS_MAXP] = {
	"spring", "spring", "grand hall", "grand hall", "chapel",
};

/* The moment carol (Paladin, power 3) fights the top Guardian. */
static struct ms_state *
tower_fight(int guardian)
{
	struct ms_state *st = turn(1);

	st->guardian_next = guardian;
	msf_stages(st, quiet_tower);
	msf_pass_while(st, MS_PH_SPELL);
	assert_int_equal(st->ch.kind, MS_CH_TOWER);
	assert_int_equal(ms_owing_seat(st), CAROL);
	assert_string_equal(ms_owes(st, CAROL), "fight");
	return st;
}

/* The moment alice (Blade Dancer, in the Arena) may challenge. */
static struct ms_state *
arena_choice(void)
{
	struct ms_state *st = turn(1);

	msf_stages(st, quiet_arena);
	msf_pass_while(st, MS_PH_SPELL);
	assert_int_equal(st->phase, MS_PH_CHALLENGE);
	assert_int_equal(ms_owing_seat(st), ALICE);
	assert_string_equal(ms_owes(st, ALICE), "challenge");
	return st;
}

/* The moment erin, the prophet, chooses an Event. */
static struct ms_state *
prophecy(struct ms_state *st)
{
	msf_stages(st, quiet_chapel);
	msf_pass_while(st, MS_PH_SPELL);
	msf_pass_while(st, MS_PH_CHALLENGE);
	assert_int_equal(st->phase, MS_PH_EVENT);
	assert_int_equal(st->prophet, ERIN);
	assert_string_equal(ms_owes(st, ERIN), "event");
	return st;
}

static int
hand_kind(const struct ms_state *st, int seat)
{
	int k;

	for (k = 0; k < MS_SPELLS; k++)
		if (st->p[seat].hand[k] > 0)
			return k;
	return -1;
}

/* ---- Setup ---- */

static void
test_setup_spell_deck_shuffled_face_down(void **state)
{
	struct ms_state *st = msf_setup(msf_data, 5, 1);
	struct ms_state *other = msf_setup(msf_data, 5, 2);
	int k, i, n[MS_SPELLS] = { 0 };

	assert_int_equal(st->deck_n, 30);
	for (i = 0; i < st->deck_n; i++)
		n[st->deck[i]]++;
	for (k = 0; k < st->data->nspells; k++)
		assert_int_equal(n[k], st->data->spell[k].copies);
	for (i = 0; i < st->nplayers; i++)
		assert_int_equal(ms_hand_size(&st->p[i]), 0);
	assert_memory_not_equal(st->deck, other->deck, 30);
	msf_done(other);
	msf_done(st);
}

static void
test_setup_guardians_in_number_order_1_on_top(void **state)
{
	struct ms_state *st = msf_setup(msf_data, 4, 1);
	int g;

	assert_int_equal(st->guardian_next, 0);
	for (g = 0; g < st->data->nguardians; g++)
		assert_int_equal(st->data->guardian[g].number, g + 1);
	msf_done(st);
}

static void
test_setup_event_deck_face_up(void **state)
{
	struct ms_state *st = msf_setup(msf_data, 3, 1);
	json_t *v = ms_view(st, MQ_VIEW_PUBLIC);
	char *s = json_dumps(v, JSON_COMPACT);

	assert_int_equal(st->events_left, (1u << st->data->nevents) - 1);
	assert_int_equal(st->nevent_tomb, 0);
	/* the public sees the Event deck */
	assert_non_null(strstr(s, "\"events_left\":[\"V1\",\"V2\""));
	free(s);
	json_decref(v);
	msf_done(st);
}

static void
test_setup_emblems_and_stages_laid_out(void **state)
{
	struct ms_state *st = msf_setup(msf_data, 3, 1);
	int e, i;

	for (e = 0; e < st->data->nemblems; e++)
		assert_int_equal(st->emblem_holder[e], -1);
	for (i = 0; i < st->nplayers; i++) {
		assert_int_equal(st->p[i].emblems, 0);
		assert_int_equal(st->p[i].stage, -1);
	}
	msf_done(st);
}

static void
test_setup_one_secret_mask_each(void **state)
{
	struct ms_state *st = msf_setup(msf_data, 5, 9), *other;
	json_t *pub = ms_view(st, MQ_VIEW_PUBLIC), *mine = ms_view(st, ALICE);
	char *ps = json_dumps(pub, 0), *ms = json_dumps(mine, 0);
	int i, j, seed, differ;

	for (i = 0; i < st->nplayers; i++) {
		const char *name = st->data->mask[st->p[i].mask].nm.name[0];

		assert_int_equal(st->p[i].mask, st->p[i].mask_dealt);
		for (j = 0; j < i; j++)
			assert_int_not_equal(st->p[i].mask, st->p[j].mask);
		assert_null(strstr(ps, name));		/* the public: none */
		if (i == ALICE)
			assert_non_null(strstr(ms, name));
		else
			assert_null(strstr(ms, name));	/* alice: her own only */
	}
	free(ps);
	free(ms);
	json_decref(pub);
	json_decref(mine);
	/* at random: other seeds deal them otherwise */
	for (seed = 10, differ = 0; seed < 14; seed++) {
		other = msf_setup(msf_data, 5, seed);
		for (i = 0; i < other->nplayers; i++)
			differ |= other->p[i].mask != st->p[i].mask;
		msf_done(other);
	}
	assert_true(differ);
	msf_done(st);
}

static void
test_setup_one_order_each_face_up(void **state)
{
	struct ms_state *st = msf_setup(msf_data, 5, 4), *other;
	json_t *pub = ms_view(st, MQ_VIEW_PUBLIC), *pl;
	int i, j, seed, differ = 0;

	for (i = 0; i < st->nplayers; i++) {
		assert_in_range(st->p[i].order, 1, 5);
		for (j = 0; j < i; j++)
			assert_int_not_equal(st->p[i].order, st->p[j].order);
		/* face up: the public sees it */
		pl = json_array_get(json_object_get(pub, "players"), (size_t)i);
		assert_int_equal(json_integer_value(json_object_get(pl, "order")),
		    st->p[i].order);
	}
	json_decref(pub);
	/* at random: other seeds deal them otherwise */
	for (seed = 5; seed < 9; seed++) {
		other = msf_setup(msf_data, 5, seed);
		for (i = 0; i < other->nplayers; i++)
			differ |= other->p[i].order != st->p[i].order;
		msf_done(other);
	}
	assert_true(differ);
	msf_done(st);
}

static void
test_setup_dancers_chosen_in_descending_order(void **state)
{
	struct ms_state *st = msf_setup(msf_data, 3, 5);
	char line[80];
	int i, seat, prev = 9;

	for (i = 0; i < 3; i++) {
		seat = ms_owing_seat(st);
		assert_string_equal(ms_owes(st, seat), "dancer");
		assert_true(st->p[seat].order < prev);	/* descending */
		prev = st->p[seat].order;
		if (i == 1)	/* the first pick is taken */
			msf_refused(st, seat, "DANCER blade dancer", "taken");
		snprintf(line, sizeof(line), "DANCER %s",
		    st->data->dancer[i].nm.name[0]);
		msf_do(st, seat, line);
	}
	/* the unchosen three are set aside face up; turn 1 begins */
	assert_int_equal(st->dancers_aside, 0x38);
	assert_int_equal(st->phase, MS_PH_STAGE);
	assert_int_equal(st->turn, 1);
	msf_done(st);
}

static void
test_setup_orders_dealt_are_turn_1s_without_effect(void **state)
{
	struct ms_state *st = turn(1);

	/* erin holds Wait 5 (draw 2 in the stage phase): nothing on turn 1 */
	msf_do(st, ALICE, "STAGE spring");
	msf_do(st, BOB, "STAGE spring");
	msf_do(st, CAROL, "STAGE arena");
	msf_do(st, DAVE, "STAGE arena");
	msf_do(st, ERIN, "STAGE chapel");
	assert_int_equal(ms_hand_size(&st->p[ERIN]), 0);
	msf_done(st);
	st = turn(2);
	msf_do(st, ALICE, "STAGE spring");
	msf_do(st, BOB, "STAGE spring");
	msf_do(st, CAROL, "STAGE arena");
	msf_do(st, DAVE, "STAGE arena");
	msf_do(st, ERIN, "STAGE chapel");
	assert_int_equal(ms_hand_size(&st->p[ERIN]), 2);
	msf_done(st);
	/* nor a passive text: carol's Defend 3, dave's Rally 4 */
	st = turn(1);
	msf_deck_remove(st, 0, 1);
	st->p[CAROL].banked[0] = 1;		/* the VP leader */
	assert_true(ms_can_challenge(st, CAROL));
	assert_true(ms_can_be_challenged(st, CAROL));
	st->ch.kind = MS_CH_ARENA;
	st->ch.side[0] = ALICE;
	st->ch.side[1] = DAVE;
	assert_int_equal(ms_power(st, 1), 4);	/* the Prisoner's 4 alone */
	st->turn = 2;				/* the same texts act from turn 2 */
	assert_false(ms_can_challenge(st, CAROL));
	assert_false(ms_can_be_challenged(st, CAROL));
	assert_int_equal(ms_power(st, 1), 5);
	memset(&st->ch, 0, sizeof(st->ch));
	msf_done(st);
}

/* ---- Order phase ---- */

static void
test_order_phase_ascending_last_numbers_never_the_same(void **state)
{
	struct ms_state *st = turn(1);

	msf_stages(st, quiet_chapel);
	msf_pass_while(st, MS_PH_SPELL);
	msf_pass_while(st, MS_PH_CHALLENGE);
	msf_do(st, ERIN, "EVENT prayer of healing");
	assert_int_equal(st->phase, MS_PH_ORDER);
	assert_int_equal(st->turn, 2);
	assert_int_equal(ms_owing_seat(st), ALICE);	/* had 1 */
	msf_refused(st, ALICE, "ORDER 1", "last turn");
	msf_do(st, ALICE, "ORDER 3");
	assert_int_equal(ms_owing_seat(st), BOB);	/* had 2 */
	msf_refused(st, BOB, "ORDER 3", "taken by alice");
	msf_refused(st, CAROL, "ORDER 4", "not your turn");
	msf_do(st, BOB, "ORDER 1");
	assert_int_equal(ms_owing_seat(st), CAROL);
	msf_done(st);
}

static void
test_order_phase_own_last_order_when_only_one_left(void **state)
{
	struct ms_state *st = turn(1);

	msf_stages(st, quiet_chapel);
	msf_pass_while(st, MS_PH_SPELL);
	msf_pass_while(st, MS_PH_CHALLENGE);
	msf_do(st, ERIN, "EVENT prayer of healing");
	msf_do(st, ALICE, "ORDER 2");
	msf_do(st, BOB, "ORDER 3");
	msf_do(st, CAROL, "ORDER 4");
	msf_do(st, DAVE, "ORDER 1");
	/* erin had Wait 5 and it is the only one left: hers again */
	assert_int_equal(st->p[ERIN].order, 5);
	assert_int_equal(st->phase, MS_PH_STAGE);
	msf_done(st);
	/* with two left, one's own is not open: dave (had 4) facing 4 and 5 */
	st = turn(1);
	msf_stages(st, quiet_chapel);
	msf_pass_while(st, MS_PH_SPELL);
	msf_pass_while(st, MS_PH_CHALLENGE);
	msf_do(st, ERIN, "EVENT prayer of healing");
	msf_do(st, ALICE, "ORDER 2");
	msf_do(st, BOB, "ORDER 3");
	msf_do(st, CAROL, "ORDER 1");
	/* so 5 is dave's one choice, taken for him, and erin gets the 4 */
	assert_int_equal(st->p[DAVE].order, 5);
	assert_int_equal(st->p[ERIN].order, 4);
	assert_int_equal(st->phase, MS_PH_STAGE);
	msf_done(st);
}

static void
test_order_phase_all_five_in_play_number_is_place(void **state)
{
	static const char *const d3[MS_MAXP] = { "D1", "D2", "D3" };
	static const int o3[MS_MAXP] = { 1, 2, 3 };
	static const char *const quiet3[MS_MAXP] = {
		"spring", "spring", "library",
	};
	struct ms_state *st = msf_setup(msf_data, 3, 1);

	/* three players held 1, 2 and 3; nobody fights or prophesies */
	msf_stage_phase(st, 1, d3, o3);
	msf_stages(st, quiet3);
	assert_int_equal(st->phase, MS_PH_ORDER);
	assert_int_equal(st->turn, 2);
	/* Orders 4 and 5, which nobody held, are there to take */
	msf_do(st, ALICE, "ORDER 5");
	msf_do(st, BOB, "ORDER 4");
	msf_do(st, CAROL, "ORDER 1");
	/* the new numbers are the sequence: carol, bob, alice */
	assert_int_equal(st->phase, MS_PH_STAGE);
	assert_int_equal(ms_owing_seat(st), CAROL);
	msf_do(st, CAROL, "STAGE spring");
	assert_int_equal(ms_owing_seat(st), BOB);
	msf_do(st, BOB, "STAGE spring");
	assert_int_equal(ms_owing_seat(st), ALICE);
	msf_done(st);
}

/* ---- Stage phase ---- */

static void
test_stage_phase_capacity(void **state)
{
	struct ms_state *st = turn(1);

	msf_do(st, ALICE, "STAGE tower");
	msf_refused(st, BOB, "STAGE tower", "full");
	msf_do(st, BOB, "STAGE library");
	msf_do(st, CAROL, "STAGE library");
	msf_refused(st, DAVE, "STAGE library", "full");
	msf_done(st);
}

/* Every Stage takes as many dancers as its printed capacity, and no more:
 * Tower 1, Arena 2, Chapel 1, Library 2, Spring 2, Grand Hall 2. */
static void
test_stage_phase_capacity_as_printed(void **state)
{
	static const struct {
		const char *id, *name;
		int cap;
	} stages[] = {
		{ "ST1", "tower", 1 }, { "ST2", "arena", 2 },
		{ "ST3", "chapel", 1 }, { "ST4", "library", 2 },
		{ "ST5", "spring", 2 }, { "ST6", "grand hall", 2 },
	};
	char line[40];
	size_t i;
	int s;

	for (i = 0; i < sizeof(stages) / sizeof(stages[0]); i++) {
		struct ms_state *st = turn(1);

		assert_int_equal(st->data->stage[msf_stage(st, stages[i].id)].capacity,
		    stages[i].cap);
		snprintf(line, sizeof(line), "STAGE %s", stages[i].name);
		for (s = 0; s < stages[i].cap; s++)
			msf_do(st, s, line);
		assert_int_equal(ms_owing_seat(st), stages[i].cap);
		msf_refused(st, stages[i].cap, line, "full");
		msf_done(st);
	}
}

static void
test_stage_phase_effects_right_after_choosing(void **state)
{
	struct ms_state *st = turn(1);

	msf_do(st, ALICE, "STAGE library");
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 2);
	assert_true(msf_has_event(st, MS_E_DRAW, ALICE));
	assert_int_equal(ms_owing_seat(st), BOB);
	msf_done(st);
}

/* The card of each Stage-phase draw, in the view's events ("source"): a
 * mail said "carol sent their dancer to the Arena. carol drew a Spell."
 * with no word of her Order, Chant 2, which drew it (the Arena draws
 * none), and "dave drew 2 Spells. dave could not draw" of Wait 5 and the
 * Library together (found by a player reading the mails). */
static void
source_of(const struct ms_state *st, int viewer, int actor, size_t nth,
    const char *type, const char *kind, const char *card)
{
	json_t *evs = ms_events(st, viewer), *e, *src;
	size_t i, n = 0;

	assert_non_null(evs);
	json_array_foreach(evs, i, e) {
		if (strcmp(json_string_value(json_object_get(e, "type")),
		    type) != 0 || strcmp(json_string_value(json_object_get(e,
		    "player")), msf_names[actor]) != 0 || n++ != nth)
			continue;
		src = json_object_get(e, "source");
		/* card NULL: a source of no card (a fight won) */
		if (!json_is_object(src) || strcmp(json_string_value(
		    json_object_get(src, "kind")), kind) != 0 ||
		    (card == NULL ? json_object_get(src, "card") != NULL :
		    !json_is_string(json_object_get(src, "card")) ||
		    strcmp(json_string_value(json_object_get(src, "card")),
		    card) != 0))
			fail_msg("%s's %s %zu is not by the %s %s", msf_names[actor],
			    type, nth, kind, card != NULL ? card : "");
		json_decref(evs);
		return;
	}
	fail_msg("%s has no %s %zu", msf_names[actor], type, nth);
}

static void
test_stage_phase_draws_name_their_card(void **state)
{
	struct ms_state *st = turn(2);

	msf_do(st, ALICE, "STAGE spring");
	/* bob's Order, Chant 2, draws: the Arena does not */
	msf_do(st, BOB, "STAGE arena");
	source_of(st, BOB, BOB, 0, "draw", "order", "O2");
	source_of(st, MQ_VIEW_PUBLIC, BOB, 0, "draw", "order", "O2");
	msf_do(st, CAROL, "STAGE grand hall");
	source_of(st, CAROL, CAROL, 0, "draw", "stage", "ST6");
	msf_do(st, DAVE, "STAGE spring");
	/* erin: Wait 5's two, then the Library's two */
	msf_do(st, ERIN, "STAGE library");
	source_of(st, ERIN, ERIN, 0, "draw", "order", "O5");
	source_of(st, ERIN, ERIN, 1, "draw", "order", "O5");
	source_of(st, ERIN, ERIN, 2, "draw", "stage", "ST4");
	source_of(st, ALICE, ERIN, 3, "draw", "stage", "ST4");
	msf_done(st);
}

/* A won fight's draw and an Event's draws and heals name what made them
 * too: the mails said "carol drew a Spell." after her Tower win, and
 * "erin drew a Spell." of Oracle, with no word of why (only the Stage
 * phase's draws said). */
static void
test_win_and_event_draws_name_their_source(void **state)
{
	struct ms_state *st = tower_fight(0);

	msf_deck_top(st, "SP_march");
	msf_do(st, CAROL, "PASS");
	source_of(st, CAROL, CAROL, 0, "draw", "win", NULL);
	source_of(st, MQ_VIEW_PUBLIC, CAROL, 0, "draw", "win", NULL);
	msf_done(st);
	st = arena_choice();
	msf_do(st, ALICE, "CHALLENGE bob");
	msf_do(st, ALICE, "PASS");
	msf_do(st, BOB, "PASS");
	source_of(st, ALICE, ALICE, 0, "draw", "win", NULL);
	msf_done(st);
	/* Symphony's draw on the win is named with it (said "for winning
	 * the fight" alone): both Spells, one line in the mails */
	st = tower_fight(0);
	msf_give(st, CAROL, "SP_symphony", 1);
	msf_give(st, CAROL, "SP_rhapsody", 1);
	msf_give(st, CAROL, "SP_waltz", 1);
	msf_give(st, CAROL, "SP_march", 1);
	msf_deck_top(st, "SP_march");
	msf_do(st, CAROL, "PLAY symphony PAY rhapsody waltz march");
	msf_do(st, CAROL, "PASS");
	source_of(st, CAROL, CAROL, 0, "draw", "win", "SP_symphony");
	source_of(st, CAROL, CAROL, 1, "draw", "win", "SP_symphony");
	source_of(st, MQ_VIEW_PUBLIC, CAROL, 1, "draw", "win", "SP_symphony");
	msf_done(st);
	st = prophecy(turn(1));
	msf_do(st, ERIN, "EVENT oracle");
	source_of(st, ERIN, ERIN, 0, "draw", "event", "V4");
	source_of(st, BOB, ERIN, 0, "draw", "event", "V4");
	msf_done(st);
	st = prophecy(turn(1));
	st->p[ERIN].life = 0;
	msf_do(st, ERIN, "EVENT pilgrimage");
	source_of(st, ERIN, ERIN, 0, "heal", "event", "V8");
	source_of(st, ERIN, ERIN, 0, "draw", "event", "V8");
	msf_done(st);
}

/*
 * A part of no power is signed as the others are: the Guardian turned up
 * a level-0 March, told "turned up March 0" beside "Lullaby -2" and
 * "March +1", read as no modifier; plus says "+0".
 */
static void
a_zero_part_is_signed(void **state)
{
	struct ms_state *st = tower_fight(0);
	json_t *evs, *e, *part;
	size_t i, k;
	int seen = 0;

	(void)state;
	msf_deck_top(st, "SP_march");
	msf_do(st, CAROL, "PASS");
	evs = ms_events(st, MQ_VIEW_PUBLIC);
	assert_non_null(evs);
	json_array_foreach(evs, i, e)
		if (strcmp(json_string_value(json_object_get(e, "type")),
		    "result") == 0)
			json_array_foreach(json_object_get(e, "target_parts"), k,
			    part) {
				if (strcmp(json_string_value(json_object_get(part,
				    "kind")), "flip") != 0)
					continue;
				assert_int_equal(json_integer_value(
				    json_object_get(part, "n")), 0);
				assert_true(json_is_true(json_object_get(part,
				    "plus")));
				seen++;
			}
	assert_int_equal(seen, 1);
	json_decref(evs);
	msf_done(st);
}

/* ---- Spell phase ---- */

static void
test_spell_phase_cost_is_level_other_spells(void **state)
{
	struct ms_state *st = turn(1);
	int req = msf_spell(st, "SP_requiem"), mar = msf_spell(st, "SP_march"),
	    wal = msf_spell(st, "SP_waltz");

	msf_give(st, ALICE, "SP_requiem", 1);
	msf_give(st, ALICE, "SP_march", 1);
	msf_give(st, ALICE, "SP_waltz", 1);
	msf_stages(st, quiet_chapel);
	assert_int_equal(st->phase, MS_PH_SPELL);
	assert_string_equal(ms_owes(st, ALICE), "spell");
	msf_refused(st, ALICE, "PLAY requiem ON bob", "costs 2");
	msf_refused(st, ALICE, "PLAY requiem PAY march march ON bob", "cannot pay");
	msf_do(st, ALICE, "PLAY requiem PAY march waltz ON bob");
	assert_int_equal(st->p[BOB].life, 1);
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 0);
	/* the Spell and its cost go to the tomb, in public */
	assert_int_equal(st->tomb[req], 1);
	assert_int_equal(st->tomb[mar], 1);
	assert_int_equal(st->tomb[wal], 1);
	msf_done(st);
}

static void
test_spell_phase_any_number_then_pass(void **state)
{
	struct ms_state *st = turn(1);

	msf_give(st, ALICE, "SP_prelude", 2);
	msf_stages(st, quiet_chapel);
	msf_do(st, ALICE, "PLAY prelude");
	assert_int_equal(ms_owing_seat(st), ALICE);	/* one more to play */
	assert_int_equal(st->p[ALICE].passed, 0);
	msf_do(st, ALICE, "PASS");
	assert_true(ms_owing_seat(st) != ALICE);
	assert_int_equal(st->p[ALICE].hand[msf_spell(st, "SP_prelude")], 1);
	msf_done(st);
}

static void
test_spell_phase_in_sequence_nobody_without_a_play_is_asked(void **state)
{
	struct ms_state *st = turn(1);

	msf_give(st, CAROL, "SP_nocturne", 1);
	msf_give(st, CAROL, "SP_march", 1);
	msf_give(st, BOB, "SP_march", 1);	/* a challenge Spell only */
	/* a lone Nocturne costs 1 other Spell, which alice lacks */
	msf_give(st, ALICE, "SP_nocturne", 1);
	msf_do(st, ALICE, "STAGE spring");
	msf_do(st, BOB, "STAGE spring");
	msf_do(st, CAROL, "STAGE arena");
	msf_do(st, DAVE, "STAGE arena");
	msf_do(st, ERIN, "STAGE chapel");
	assert_int_equal(st->phase, MS_PH_SPELL);
	assert_int_equal(ms_owing_seat(st), CAROL);
	msf_refused(st, BOB, "PASS", "not your turn");
	msf_refused(st, CAROL, "PLAY march", "in a challenge");
	msf_done(st);
	/* in Order sequence: alice (1) before dave (4), both with a play */
	st = turn(1);
	msf_give(st, ALICE, "SP_prelude", 1);
	msf_give(st, DAVE, "SP_prelude", 1);
	msf_stages(st, quiet_chapel);
	assert_int_equal(ms_owing_seat(st), ALICE);
	msf_do(st, ALICE, "PASS");
	assert_int_equal(ms_owing_seat(st), DAVE);
	msf_done(st);
}

static void
test_spell_cost_modifier_with_a_floor(void **state)
{
	struct ms_state *st = turn(1);

	/* bob is the Sorcerer: Spells cost 1 less, never below 0 */
	msf_give(st, BOB, "SP_concerto", 1);
	msf_give(st, BOB, "SP_prelude", 1);
	msf_give(st, BOB, "SP_march", 2);
	msf_stages(st, quiet_chapel);
	assert_int_equal(ms_owing_seat(st), BOB);
	assert_int_equal(ms_spell_cost(st, BOB, msf_spell(st, "SP_concerto")), 1);
	assert_int_equal(ms_spell_cost(st, BOB, msf_spell(st, "SP_prelude")), 0);
	msf_refused(st, BOB, "PLAY prelude PAY march", "costs 0");
	msf_do(st, BOB, "PLAY concerto PAY march BANK march");
	assert_int_equal(ms_counters(&st->p[BOB]), 1);
	msf_done(st);
}

/* ---- Hand limit ---- */

static void
test_hand_limit_draw_past_it_does_not_happen(void **state)
{
	struct ms_state *st = turn(1);
	int deck;

	msf_give(st, ALICE, "SP_march", 5);
	deck = st->deck_n;
	msf_do(st, ALICE, "STAGE library");
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 5);
	assert_int_equal(st->deck_n, deck);	/* the cards stay in the deck */
	assert_true(msf_has_event(st, MS_E_DRAW_NONE, ALICE));
	msf_done(st);
}

static void
test_hand_limit_dancer_set_then_treasure_add(void **state)
{
	struct ms_state *st = turn(1);

	assert_int_equal(ms_hand_limit(st, ALICE), 5);	/* the base */
	assert_int_equal(ms_hand_limit(st, DAVE), 3);	/* Eternal Prisoner */
	st->p[DAVE].treasures = 1;			/* Silver Bell: +1 */
	assert_int_equal(ms_hand_limit(st, DAVE), 4);
	st->p[DAVE].dancer = (int8_t)msf_dancer(st, "D4");	/* Bard: 6 */
	assert_int_equal(ms_hand_limit(st, DAVE), 7);
	st->p[DAVE].treasures = 0;
	st->p[DAVE].dancer = (int8_t)msf_dancer(st, "D6");
	msf_done(st);
}

static void
test_hand_limit_request_for_a_tune_keeps_what_fits(void **state)
{
	struct ms_state *st = turn(1);
	struct ms_pending p;
	int k, tomb = 0, kept = -1;
	char line[80];

	msf_give(st, ERIN, "SP_march", 4);	/* Thief: room for 1 */
	prophecy(st);
	for (k = 0; k < MS_SPELLS; k++)
		tomb += st->tomb[k];
	msf_do(st, ERIN, "EVENT request for a tune");
	/* the others had room: each took 1 at once */
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 1 + 0);
	assert_string_equal(ms_owes(st, ERIN), "keep");
	p = st->pend[0];
	assert_int_equal(p.n, 1);
	for (k = 0; k < MS_SPELLS; k++)
		if (p.held[k] > 0)
			kept = k;
	/* both the Spells on offer: more than the room */
	{
		char two[80];
		int a = -1, b = -1;

		for (k = 0; k < MS_SPELLS; k++) {
			if (p.held[k] > 0 && a < 0)
				a = k;
			if (p.held[k] > (k == a))
				b = k;
		}
		snprintf(two, sizeof(two), "KEEP %s %s",
		    st->data->spell[a].nm.name[0], st->data->spell[b].nm.name[0]);
		msf_refused(st, ERIN, two, "room for 1");
	}
	snprintf(line, sizeof(line), "KEEP %s", st->data->spell[kept].nm.name[0]);
	msf_do(st, ERIN, line);
	assert_int_equal(ms_hand_size(&st->p[ERIN]), 5);
	/* the one not kept went to the tomb; the hand held before is intact */
	assert_int_equal(st->p[ERIN].hand[msf_spell(st, "SP_march")] -
	    (kept == msf_spell(st, "SP_march")), 4);
	for (k = 0, tomb = -tomb; k < MS_SPELLS; k++)
		tomb += st->tomb[k];
	assert_int_equal(tomb, 1);
	msf_done(st);
}

/* A received Spell not kept is told gone to the tomb, and why when the hand
 * had no room: the mail said "You drew 1 from the Spell deck (1x Requiem)
 * and kept 0." and no more, as if the Spell had gone nowhere (found by a
 * player reading the mails). */
static json_t *
receive_of(json_t *evs, int actor)
{
	json_t *e;
	size_t i;

	json_array_foreach(evs, i, e)
		if (strcmp(json_string_value(json_object_get(e, "type")),
		    "receive") == 0 && strcmp(json_string_value(json_object_get(e,
		    "player")), msf_names[actor]) == 0)
			return e;
	fail_msg("%s received nothing", msf_names[actor]);
	return NULL;
}

static void
test_hand_limit_request_for_a_tune_tells_the_tomb(void **state)
{
	struct ms_state *st = turn(1);
	json_t *evs, *e;
	char line[80];
	int k;

	msf_give(st, ALICE, "SP_march", 5);	/* Blade Dancer: no room */
	msf_give(st, ERIN, "SP_waltz", 4);	/* Thief: room for 1 of 2 */
	prophecy(st);
	msf_do(st, ERIN, "EVENT request for a tune");
	evs = ms_events(st, MQ_VIEW_PUBLIC);
	/* bob had room: nothing to the tomb */
	e = receive_of(evs, BOB);
	assert_null(json_object_get(e, "to_tomb"));
	assert_true(json_is_false(json_object_get(e, "no_room")));
	json_decref(evs);
	/* erin keeps 1 of her 2: the other to the tomb, by her choice */
	for (k = 0; k < MS_SPELLS && st->pend[0].held[k] == 0; k++)
		;
	snprintf(line, sizeof(line), "KEEP %s", st->data->spell[k].nm.name[0]);
	msf_do(st, ERIN, line);
	evs = ms_events(st, ERIN);
	e = receive_of(evs, ERIN);
	assert_int_equal(json_integer_value(json_object_get(e, "kept")), 1);
	assert_int_equal(json_integer_value(json_object_get(e, "to_tomb")), 1);
	assert_true(json_is_false(json_object_get(e, "no_room")));
	/* then alice's, with no room: to the tomb, and why */
	e = receive_of(evs, ALICE);
	assert_int_equal(json_integer_value(json_object_get(e, "kept")), 0);
	assert_int_equal(json_integer_value(json_object_get(e, "to_tomb")), 1);
	assert_true(json_is_true(json_object_get(e, "no_room")));
	json_decref(evs);
	msf_done(st);
}

/* Keeping none is PASS: a KEEP naming nothing is refused (it has no text
 * to log; the random bot chose it, and `masqued bot` failed with "Out of
 * memory."), and the deadline's default keeps what fits. */
static void
test_hand_limit_request_for_a_tune_none_kept_is_pass(void **state)
{
	struct ms_state *st = turn(1);
	struct mq_cmd cmd;
	struct ms_cmd none;
	struct mq_err err;

	msf_give(st, ERIN, "SP_march", 4);	/* Thief: room for 1 */
	prophecy(st);
	msf_do(st, ERIN, "EVENT request for a tune");
	assert_string_equal(ms_owes(st, ERIN), "keep");
	assert_true(ms_default_command(st, ERIN, &cmd));
	assert_int_equal(ms_cmd_ofc(&cmd)->type, MS_C_KEEP);
	memset(&none, 0, sizeof(none));
	none.type = MS_C_KEEP;
	none.card = none.target = none.card2 = -1;
	assert_int_not_equal(ms_validate(st, ERIN, &none, &err), 0);
	msf_do(st, ERIN, "PASS");
	assert_int_equal(ms_hand_size(&st->p[ERIN]), 4);
	msf_done(st);
}

/* A line pasted twice in one mail: the second, the same command as the
 * game reads it (case, spaces, synonyms), is not legal now only because
 * the first was applied; follows calls it needed no more (MQ_LINE_MOOT),
 * not refused (found by players by mail). A repeat still legal, or a
 * different line, is left to apply. */
static void
test_follows_a_line_pasted_twice_is_moot(void **state)
{
	struct ms_state *st = turn(1);
	struct mq_cmd prev, again, other;
	struct mq_err err;

	prophecy(st);
	memset(&prev, 0, sizeof(prev));
	memset(&again, 0, sizeof(again));
	memset(&other, 0, sizeof(other));
	assert_int_equal(ms_parse(st, ERIN, "event request for a tune",
	    &prev, &err), 0);
	assert_int_equal(ms_parse(st, ERIN, "EVENT  Request For A Tune",
	    &again, &err), 0);
	assert_int_equal(ms_parse(st, ERIN, "EVENT change of partner",
	    &other, &err), 0);
	/* before the first is applied, the same line is no repeat of it */
	assert_int_equal(ms_follows(st, ERIN, &prev, "spell", &again, &err),
	    0);
	assert_int_equal(ms_apply(st, ERIN, &prev, &err), 0);
	mq_err_clear(&err);
	assert_int_equal(ms_follows(st, ERIN, &prev, "event", &again, &err),
	    MQ_LINE_MOOT);
	assert_string_equal(err.msg, "Not applied again: it repeats the "
	    "line before, which was applied.");
	/* another Event is refused as it always was */
	assert_int_equal(ms_follows(st, ERIN, &prev, "event", &other, &err),
	    0);
	assert_int_not_equal(ms_apply(st, ERIN, &other, &err), 0);
	msf_done(st);
}

static void
test_hand_limit_eternal_prisoner_discards_to_3(void **state)
{
	static const char *const d[MS_MAXP] = { "D1", "D2", "D3", "D4", "D5" };
	struct ms_state *st = msf_setup(msf_data, 5, 1);

	msf_stage_phase(st, 1, d, msf_orders5);	/* the Prisoner is set aside */
	msf_give(st, ALICE, "SP_march", 3);
	msf_give(st, ALICE, "SP_waltz", 1);
	prophecy(st);
	msf_do(st, ERIN, "EVENT change of partner");
	assert_string_equal(ms_owes(st, ERIN), "swap");
	msf_do(st, ERIN, "SWAP alice eternal prisoner");
	assert_int_equal(st->p[ALICE].dancer, msf_dancer(st, "D6"));
	assert_string_equal(ms_owes(st, ALICE), "discard");
	msf_refused(st, ALICE, "DISCARD march march", "exactly 1");
	msf_do(st, ALICE, "DISCARD waltz");
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 3);
	msf_done(st);
}

/* [decided] Any drop of the limit below the hand, not the Prisoner's
 * alone: the Bard (6) swapped for the Blade Dancer (5). */
static void
test_hand_limit_drop_below_hand_discards_at_once(void **state)
{
	static const char *const d[MS_MAXP] = { "D6", "D2", "D3", "D4", "D5" };
	struct ms_state *st = msf_setup(msf_data, 5, 1);

	msf_stage_phase(st, 1, d, msf_orders5);	/* the Blade Dancer aside */
	msf_give(st, DAVE, "SP_march", 3);
	msf_give(st, DAVE, "SP_waltz", 3);
	assert_int_equal(ms_hand_limit(st, DAVE), 6);
	prophecy(st);
	assert_int_equal(ms_hand_size(&st->p[DAVE]), 6);
	msf_do(st, ERIN, "EVENT change of partner");
	msf_do(st, ERIN, "SWAP dave blade dancer");
	assert_int_equal(ms_hand_limit(st, DAVE), 5);
	assert_string_equal(ms_owes(st, DAVE), "discard");
	msf_refused(st, DAVE, "DISCARD march march", "exactly 1");
	msf_do(st, DAVE, "DISCARD march");
	assert_int_equal(ms_hand_size(&st->p[DAVE]), 5);
	msf_done(st);
}

/* ---- Spell deck renewal ---- */

/* Leave n cards in the deck, the rest in the tomb (or banked by dave). */
static void
thin_deck(struct ms_state *st, int n, int to_tomb)
{
	while (st->deck_n > n) {
		int k = st->deck[0];

		memmove(&st->deck[0], &st->deck[1], (size_t)(st->deck_n - 1));
		st->deck_n--;
		if (to_tomb)
			st->tomb[k]++;
		else
			st->p[DAVE].banked[k]++;
	}
}

static void
test_renewal_tomb_shuffled_when_deck_empties(void **state)
{
	struct ms_state *st = turn(1);
	int k, tomb = 0;

	thin_deck(st, 1, 1);
	msf_do(st, ALICE, "STAGE library");
	/* the first draw emptied it: a run-out, the tomb became the deck */
	assert_int_equal(st->runouts, 1);
	assert_true(msf_has_event(st, MS_E_RENEW, -1));
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 2);
	for (k = 0; k < MS_SPELLS; k++)
		tomb += st->tomb[k];
	assert_int_equal(tomb, 0);
	assert_int_equal(st->deck_n, 30 - 2);
	/* each time it empties: a second run-out, renewed again */
	thin_deck(st, 1, 1);
	msf_do(st, BOB, "STAGE library");
	assert_int_equal(st->runouts, 2);
	assert_int_equal(ms_hand_size(&st->p[BOB]), 2);
	assert_int_equal(st->deck_n, 30 - 4);
	msf_done(st);
}

static void
test_renewal_empty_tomb_deck_stays_empty(void **state)
{
	struct ms_state *st = turn(1);

	thin_deck(st, 1, 0);
	msf_do(st, ALICE, "STAGE library");
	assert_int_equal(st->runouts, 1);
	assert_int_equal(st->deck_n, 0);
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 1);
	assert_true(msf_has_event(st, MS_E_RUN_OUT, -1));
	assert_true(msf_has_event(st, MS_E_DRAW_NONE, ALICE));
	msf_done(st);
}

/* The index of the first event of type (actor, or any for -1) in the
 * view's list, or -1. */
static int
event_at(const struct ms_state *st, int type, int actor)
{
	int i;

	for (i = 0; i < st->nev; i++)
		if (st->ev[i].type == type && (actor < 0 || st->ev[i].actor == actor))
			return i;
	return -1;
}

/* The story tells it as it happened: the deck's last card drawn, then
 * the run-out and the renewal, then the next draw; then the run-out with
 * the tomb empty (the mails told the run-outs first, a draw after "it
 * stays empty"; found by players by mail). */
static void
test_renewal_told_in_the_order_it_happened(void **state)
{
	struct ms_state *st = turn(1);
	int first, renew, second, runout, i;

	thin_deck(st, 1, 0);
	/* the tomb holds one Spell (from dave's counters): the renewed deck
	 * is one card */
	for (i = 0; i < MS_SPELLS && st->p[DAVE].banked[i] == 0; i++)
		;
	assert_true(i < MS_SPELLS);
	st->p[DAVE].banked[i]--;
	st->tomb[i] = 1;
	msf_do(st, ALICE, "STAGE library");
	first = event_at(st, MS_E_DRAW, ALICE);
	renew = event_at(st, MS_E_RENEW, -1);
	runout = event_at(st, MS_E_RUN_OUT, -1);
	assert_true(first >= 0 && renew > first && runout > renew);
	for (second = renew + 1; second < st->nev &&
	    st->ev[second].type != MS_E_DRAW; second++)
		;
	assert_true(second > renew && second < runout);
	assert_int_equal(st->runouts, 2);
	msf_done(st);
}

static void
test_renewal_even_after_an_end_condition(void **state)
{
	struct ms_state *st = turn(1);

	st->guardian_next = st->data->nguardians;	/* the game will end */
	thin_deck(st, 1, 1);
	msf_do(st, ALICE, "STAGE library");
	assert_int_equal(st->runouts, 1);
	assert_true(msf_has_event(st, MS_E_RENEW, -1));
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 2);
	msf_done(st);
}

/* The Guardian's first reveal takes the deck's last card, the tomb is empty:
 * one run-out, and the deck is empty. [decided] The second reveal renews
 * it from the tomb as it is then (the first reveal's Waltz went there):
 * it turns up that Waltz, which empties the deck again, a second run-out.
 * (The deck stayed empty for good, and the run-out ending never came;
 * found by a rules review.) */
static void
test_renewal_late_from_the_tomb_on_a_reveal(void **state)
{
	struct ms_state *st = turn(1);
	int i, flips = 0, waltz = 0, power = -1, renew = 0;

	st->guardian_next = 4;			/* G5: power 3, reveals 2 */
	msf_stages(st, quiet_tower);
	msf_pass_while(st, MS_PH_SPELL);
	assert_string_equal(ms_owes(st, CAROL), "fight");
	msf_deck_top(st, "SP_waltz");
	thin_deck(st, 1, 0);
	msf_do(st, CAROL, "PASS");
	for (i = 0; i < st->nev; i++) {
		if (st->ev[i].type == MS_E_FLIP) {
			flips++;
			waltz += st->ev[i].card == msf_spell(st, "SP_waltz");
		}
		renew += st->ev[i].type == MS_E_RENEW;
		if (st->ev[i].type == MS_E_RESULT)
			power = st->ev[i].b;
	}
	assert_int_equal(flips, 2);
	assert_int_equal(waltz, 2);
	assert_int_equal(renew, 1);
	/* told as it happened: the first Waltz turned up, then the tomb
	 * (that Waltz) renewed the deck, then the second Waltz turned up
	 * (the story told the renewal after the second reveal: the one
	 * Symphony of the game turned up from a deck still empty, as a
	 * player read it; found by players by mail) */
	for (i = 0, flips = 0; i < st->nev; i++) {
		flips += st->ev[i].type == MS_E_FLIP;
		if (st->ev[i].type == MS_E_RENEW)
			assert_int_equal(flips, 1);
	}
	assert_int_equal(power, 3 + 1 + 1);
	assert_int_equal(st->runouts, 2);
	assert_int_equal(st->deck_n, 0);
	assert_int_equal(st->tomb[msf_spell(st, "SP_waltz")], 1);
	msf_done(st);
}

/* [decided] A deck that ran out with the tomb empty is renewed when a
 * draw next needs a Spell, from the tomb as it is then: the same run-out,
 * not another, until the renewed deck empties in its turn. */
static void
test_renewal_late_from_the_tomb_on_a_draw(void **state)
{
	struct ms_state *st = turn(1);
	int moved = 0, i;

	thin_deck(st, 1, 0);
	msf_do(st, ALICE, "STAGE library");
	assert_int_equal(st->runouts, 1);
	assert_int_equal(st->deck_n, 0);
	/* three Spells reach the tomb (from dave's counters) */
	for (i = 0; i < MS_SPELLS && moved < 3; i++)
		while (st->p[DAVE].banked[i] > 0 && moved < 3) {
			st->p[DAVE].banked[i]--;
			st->tomb[i]++;
			moved++;
		}
	assert_int_equal(moved, 3);
	msf_do(st, BOB, "STAGE library");	/* draws 2 */
	assert_true(msf_has_event(st, MS_E_RENEW, -1));
	assert_true(msf_has_event(st, MS_E_DRAW, BOB));
	/* the deck renewed, then bob's draws from it: told in that order */
	assert_true(event_at(st, MS_E_RENEW, -1) < event_at(st, MS_E_DRAW, BOB));
	assert_int_equal(ms_hand_size(&st->p[BOB]), 2);
	assert_int_equal(st->runouts, 1);	/* the same run-out */
	/* and told so: late, run-out 1 made good, not a new one (the mails
	 * said "ran out (run-out 1)" of it again) */
	assert_int_equal(st->ev[event_at(st, MS_E_RENEW, -1)].card, 1);
	assert_int_equal(st->ev[event_at(st, MS_E_RENEW, -1)].b, 1);
	assert_int_equal(st->deck_n, 1);
	msf_done(st);
}

/* ---- Tower ---- */

static void
test_tower_must_challenge_top_guardian_win_takes_treasure(void **state)
{
	struct ms_state *st = tower_fight(0);

	assert_int_equal(st->ch.guardian, 0);
	msf_deck_top(st, "SP_march");		/* reveals level 0: power 1 */
	msf_do(st, CAROL, "PASS");
	assert_int_equal(st->p[CAROL].treasures, 1);
	assert_int_equal(st->guardian_next, 1);
	assert_int_equal(ms_hand_size(&st->p[CAROL]), 1);	/* and draws 1 */
	assert_int_equal(st->p[CAROL].life, 2);
	msf_done(st);
}

static void
test_tower_reveal_adds_level_loss_costs_life_guardian_stays(void **state)
{
	struct ms_state *st = tower_fight(0);

	msf_deck_top(st, "SP_symphony");	/* 1 + 3 = 4 against 3 */
	msf_do(st, CAROL, "PASS");
	assert_int_equal(st->p[CAROL].life, 1);
	assert_int_equal(ms_hand_size(&st->p[CAROL]), 0);	/* no draw */
	assert_int_equal(st->p[CAROL].treasures, 0);
	assert_int_equal(st->guardian_next, 0);	/* stays on top */
	assert_int_equal(st->tomb[msf_spell(st, "SP_symphony")], 1);
	msf_done(st);
}

static void
test_tower_tie_nothing(void **state)
{
	struct ms_state *st = tower_fight(0);

	msf_deck_top(st, "SP_rhapsody");	/* 1 + 2 = 3 against 3 */
	msf_do(st, CAROL, "PASS");
	assert_int_equal(st->p[CAROL].life, 2);
	assert_int_equal(st->p[CAROL].treasures, 0);
	assert_int_equal(ms_hand_size(&st->p[CAROL]), 0);	/* no draw */
	assert_int_equal(st->guardian_next, 0);
	msf_done(st);
}

static void
test_tower_guardian_loss_life_two(void **state)
{
	struct ms_state *st = tower_fight(1);	/* G2: power 2, loss 2 */

	msf_deck_top(st, "SP_waltz");		/* 2 + 1 = 3 */
	msf_do(st, CAROL, "PASS");
	assert_int_equal(st->p[CAROL].life, 2);	/* a tie */
	msf_done(st);
	st = tower_fight(1);
	msf_deck_top(st, "SP_rhapsody");	/* 2 + 2 = 4 */
	msf_do(st, CAROL, "PASS");
	assert_int_equal(st->p[CAROL].life, 0);
	msf_done(st);
}

/* Put Spells of kinds ids[0..n-1] on top of the deck, ids[0] the top. */
static void
stack_top(struct ms_state *st, const char *const *ids, int n)
{
	int j, i, k;
	uint8_t t;

	for (j = 0; j < n; j++) {
		k = msf_spell(st, ids[j]);
		for (i = st->deck_n - 1 - j; i >= 0 && st->deck[i] != k; i--)
			;
		if (i < 0)
			fail_msg("no %s left low enough in the deck", ids[j]);
		t = st->deck[st->deck_n - 1 - j];
		st->deck[st->deck_n - 1 - j] = st->deck[i];
		st->deck[i] = t;
	}
}

static void
test_tower_guardian_flips_two(void **state)
{
	static const char *const two[2] = { "SP_rhapsody", "SP_waltz" };
	struct ms_state *st = tower_fight(4);	/* G5: power 3, reveals 2 */
	int i, flips = 0;

	/* carol 3 + her Mask's 3 against 3 + 2 + 1: both reveals count, a tie */
	stack_top(st, two, 2);
	msf_do(st, CAROL, "REVEAL");
	for (i = 0; i < st->nev; i++)
		flips += st->ev[i].type == MS_E_FLIP;
	assert_int_equal(flips, 2);
	assert_int_equal(st->p[CAROL].treasures, 0);
	assert_int_equal(st->p[CAROL].life, 2);
	assert_int_equal(st->guardian_next, 4);
	msf_done(st);
}

/* The challenger plays Spells timed "while in a challenge", any number of
 * them, and no Spell of the Spell phase. */
static void
test_tower_challenge_spells_only_any_number(void **state)
{
	struct ms_state *st = turn(1);

	msf_give(st, CAROL, "SP_prelude", 1);
	msf_give(st, CAROL, "SP_march", 2);
	msf_stages(st, quiet_tower);
	msf_pass_while(st, MS_PH_SPELL);
	assert_string_equal(ms_owes(st, CAROL), "fight");
	msf_refused(st, CAROL, "PLAY prelude", "in your Spell phase");
	msf_do(st, CAROL, "PLAY march");
	assert_string_equal(ms_owes(st, CAROL), "fight");
	msf_do(st, CAROL, "PLAY march");
	assert_int_equal(ms_power(st, 0), 3 + 2);
	msf_done(st);
}

static void
test_tower_guardian_locks_the_mask(void **state)
{
	struct ms_state *st;

	/* G3 locks it: a fight is only offered with a Spell to play */
	st = turn(1);
	st->guardian_next = 2;
	msf_give(st, CAROL, "SP_march", 1);
	msf_stages(st, quiet_tower);
	msf_pass_while(st, MS_PH_SPELL);
	assert_string_equal(ms_owes(st, CAROL), "fight");
	msf_refused(st, CAROL, "REVEAL", "locks your Mask");
	msf_do(st, CAROL, "PLAY march");
	msf_done(st);
}

static void
test_tower_guardian_raises_spell_costs(void **state)
{
	struct ms_state *st = turn(1);

	st->guardian_next = 5;			/* G6: Spells cost 1 more */
	msf_give(st, CAROL, "SP_march", 2);
	msf_stages(st, quiet_tower);
	msf_pass_while(st, MS_PH_SPELL);
	msf_refused(st, CAROL, "PLAY march", "costs 1");
	msf_do(st, CAROL, "PLAY march PAY march");
	assert_int_equal(st->ch.bonus[0], 1);
	msf_done(st);
}

/* ---- Challenge phase ---- */

/* Each player who can challenge does so in Order sequence: bob (2) in the
 * Arena is asked after alice (1), whatever her challenge did. */
static void
test_challenge_phase_in_order_sequence(void **state)
{
	static const char *const two_arena[MS_MAXP] = {
		"arena", "arena", "spring", "grand hall", "grand hall",
	};
	struct ms_state *st = turn(1);

	msf_stages(st, two_arena);
	msf_pass_while(st, MS_PH_SPELL);
	assert_int_equal(st->phase, MS_PH_CHALLENGE);
	assert_int_equal(ms_owing_seat(st), ALICE);
	assert_string_equal(ms_owes(st, ALICE), "challenge");
	msf_refused(st, BOB, "CHALLENGE carol", "not your turn");
	msf_do(st, ALICE, "PASS");
	assert_int_equal(ms_owing_seat(st), BOB);
	assert_string_equal(ms_owes(st, BOB), "challenge");
	msf_done(st);
}

/* ---- Arena ---- */

static void
test_arena_challenge_any_dancer_on_any_stage(void **state)
{
	struct ms_state *st = arena_choice();

	msf_refused(st, ALICE, "CHALLENGE alice", "yourself");
	msf_do(st, ALICE, "CHALLENGE carol");	/* carol is at the Spring */
	assert_int_equal(st->ch.kind, MS_CH_ARENA);
	assert_int_equal(st->ch.side[1], CAROL);
	msf_done(st);
}

static void
test_arena_windows_challenger_then_defender(void **state)
{
	struct ms_state *st;

	st = turn(1);
	msf_give(st, ALICE, "SP_waltz", 1);
	msf_give(st, ALICE, "SP_march", 1);
	msf_give(st, BOB, "SP_march", 1);
	msf_stages(st, quiet_arena);
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, ALICE, "CHALLENGE bob");
	assert_int_equal(ms_owing_seat(st), ALICE);
	msf_refused(st, BOB, "PLAY march", "not your turn");
	msf_do(st, ALICE, "PLAY waltz PAY march");
	msf_do(st, ALICE, "PASS");
	assert_int_equal(ms_owing_seat(st), BOB);
	assert_string_equal(ms_owes(st, BOB), "fight");
	msf_do(st, BOB, "PLAY march");
	msf_do(st, BOB, "PASS");
	/* one window each: 3 + 1 (she started it) + 2 against 2 + 1 */
	assert_int_equal(st->ch.kind, MS_CH_NONE);
	assert_int_equal(st->p[BOB].life, 1);
	msf_done(st);
}

static void
test_arena_winner_draws_may_bank_loser_loses_life(void **state)
{
	struct ms_state *st = arena_choice();
	char line[80];
	int k;

	msf_do(st, ALICE, "CHALLENGE bob");
	msf_do(st, ALICE, "PASS");
	msf_do(st, BOB, "PASS");
	assert_int_equal(st->p[BOB].life, 1);
	assert_int_equal(st->p[ALICE].arena_wins, 1);
	assert_int_equal(st->p[BOB].arena_wins, 0);	/* a loss is no win */
	assert_int_equal(st->p[ALICE].life, 2);
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 1);
	assert_int_equal(ms_hand_size(&st->p[BOB]), 0);
	assert_string_equal(ms_owes(st, ALICE), "bank");
	k = hand_kind(st, ALICE);
	snprintf(line, sizeof(line), "BANK %s", st->data->spell[k].nm.name[0]);
	msf_do(st, ALICE, line);
	assert_int_equal(ms_counters(&st->p[ALICE]), 1);
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 0);
	assert_int_equal(ms_vp(st, ALICE), 1);
	msf_done(st);
}

/* The winner draws 1 and may bank, whichever side wins: here the
 * challenged. bob's March gives dave (Prisoner, 4) 5 against alice's 3 + 1;
 * alice loses 1 life, dave draws 1, and the bank is his to decline. */
static void
test_arena_challenged_winner_draws_may_bank(void **state)
{
	struct ms_state *st = turn(1);
	int hand;

	msf_give(st, DAVE, "SP_march", 1);
	msf_stages(st, quiet_arena);
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, ALICE, "CHALLENGE dave");
	msf_do(st, ALICE, "PASS");
	msf_do(st, DAVE, "PLAY march");
	hand = ms_hand_size(&st->p[DAVE]);
	msf_do(st, DAVE, "PASS");
	assert_int_equal(st->p[ALICE].life, 1);
	assert_int_equal(st->p[DAVE].life, 2);
	assert_int_equal(st->p[DAVE].arena_wins, 1);
	assert_int_equal(st->p[ALICE].arena_wins, 0);
	assert_int_equal(ms_hand_size(&st->p[DAVE]), hand + 1);
	assert_string_equal(ms_owes(st, DAVE), "bank");
	msf_do(st, DAVE, "PASS");		/* "may": declined */
	assert_int_equal(ms_counters(&st->p[DAVE]), 0);
	assert_int_equal(ms_hand_size(&st->p[DAVE]), hand + 1);
	msf_done(st);
}

static void
test_arena_tie_nothing(void **state)
{
	struct ms_state *st = turn(1);
	int hands;

	msf_give(st, BOB, "SP_fugue", 1);	/* bob, the Sorcerer, pays 0 */
	msf_stages(st, quiet_arena);
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, ALICE, "CHALLENGE bob");
	msf_do(st, ALICE, "PASS");
	msf_do(st, BOB, "PLAY fugue");
	msf_do(st, BOB, "PASS");
	assert_int_equal(st->p[BOB].life, 2);
	assert_int_equal(st->p[ALICE].life, 2);
	assert_int_equal(st->p[ALICE].arena_wins, 0);
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 0);
	msf_done(st);
	/* no Spell at all: alice's 3 + 1 against the Prisoner's 4 */
	st = arena_choice();
	hands = ms_hand_size(&st->p[ALICE]) + ms_hand_size(&st->p[DAVE]);
	msf_do(st, ALICE, "CHALLENGE dave");
	assert_int_equal(ms_power(st, 0), ms_power(st, 1));
	msf_pass_while(st, MS_PH_CHALLENGE);
	assert_true(msf_has_event(st, MS_E_RESULT, ALICE));
	assert_int_equal(st->p[ALICE].life, 2);
	assert_int_equal(st->p[DAVE].life, 2);
	assert_int_equal(st->p[ALICE].arena_wins + st->p[DAVE].arena_wins, 0);
	assert_int_equal(ms_hand_size(&st->p[ALICE]) +
	    ms_hand_size(&st->p[DAVE]), hands);	/* nobody drew */
	assert_int_equal(ms_counters(&st->p[ALICE]) +
	    ms_counters(&st->p[DAVE]), 0);
	msf_done(st);
}

static void
test_arena_lullaby_takes_power_from_the_other_side(void **state)
{
	struct ms_state *st = turn(1);

	msf_give(st, BOB, "SP_lullaby", 1);
	msf_stages(st, quiet_arena);
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, ALICE, "CHALLENGE bob");
	msf_do(st, ALICE, "PASS");
	msf_do(st, BOB, "PLAY lullaby");
	assert_int_equal(ms_power(st, 0), 2);	/* 3 + 1 - 2 */
	msf_do(st, BOB, "PASS");
	assert_int_equal(st->p[BOB].life, 2);	/* 2 against 2: a tie */
	msf_done(st);
}

static void
test_arena_thief_steals_on_a_win(void **state)
{
	static const char *const arena_erin[MS_MAXP] = {
		"spring", "spring", "grand hall", "grand hall", "arena",
	};
	struct ms_state *st = turn(1);

	msf_give(st, BOB, "SP_prelude", 2);
	msf_stages(st, arena_erin);
	msf_pass_while(st, MS_PH_SPELL);
	assert_int_equal(ms_owing_seat(st), ERIN);
	msf_do(st, ERIN, "CHALLENGE bob");
	msf_do(st, ERIN, "PASS");
	msf_do(st, BOB, "PASS");		/* 3 against 2 */
	assert_true(msf_has_event(st, MS_E_STEAL, ERIN));
	assert_int_equal(st->p[BOB].hand[msf_spell(st, "SP_prelude")], 1);
	msf_done(st);
}

/* An effect's "if": {"kind": "tower"} (card data of the host's own,
 * MASQUED_GAMES; the card set has only the Thief's arena one): the Thief
 * made a Tower-only thief takes nothing for a win in the Arena. Run with the
 * kind not looked at, every test passed. */
static void
test_arena_thief_of_the_tower_steals_nothing(void **state)
{
	static const char *const arena_erin[MS_MAXP] = {
		"spring", "spring", "grand hall", "grand hall", "arena",
	};
	json_error_t je;
	struct mq_err err;
	struct ms_state *st;
	json_t *j, *dancer;
	void *data = NULL;
	size_t i;
	int changed = 0;

	j = json_load_file(MSF_DATA_PATH, JSON_REJECT_DUPLICATES, &je);
	assert_non_null(j);
	json_array_foreach(json_object_get(j, "dancers"), i, dancer)
		if (strcmp(json_string_value(json_object_get(dancer, "id")),
		    "D5") == 0)
			changed += json_object_set_new(json_object_get(
			    json_array_get(json_object_get(dancer, "effects"), 0),
			    "if"), "kind", json_string("tower")) == 0;
	assert_int_equal(changed, 1);
	mq_err_clear(&err);
	if (ms_data_load(j, &data, &err) != 0)
		fail_msg("the Tower thief's data: %s", err.msg);
	json_decref(j);
	st = msf_setup(data, 5, 1);
	msf_stage_phase(st, 1, dancers, msf_orders5);
	msf_give(st, BOB, "SP_prelude", 2);
	msf_stages(st, arena_erin);
	msf_pass_while(st, MS_PH_SPELL);
	assert_int_equal(ms_owing_seat(st), ERIN);
	msf_do(st, ERIN, "CHALLENGE bob");
	msf_do(st, ERIN, "PASS");
	msf_do(st, BOB, "PASS");		/* 3 against 2: erin wins */
	assert_true(msf_has_event(st, MS_E_RESULT, ERIN));
	assert_false(msf_has_event(st, MS_E_STEAL, ERIN));
	assert_int_equal(st->p[BOB].hand[msf_spell(st, "SP_prelude")], 2);
	msf_done(st);
	ms_data_free(data);
}

/* A VP counter is no longer a Spell: it cannot be played, and the hand
 * limit does not count it. */
static void
test_arena_counter_not_a_spell_nor_in_the_hand_limit(void **state)
{
	struct ms_state *st = turn(1);

	msf_give(st, ALICE, "SP_prelude", 1);
	msf_give(st, ALICE, "SP_waltz", 3);
	msf_deck_remove(st, msf_spell(st, "SP_concerto"), 1);
	st->p[ALICE].banked[msf_spell(st, "SP_concerto")] = 1;
	msf_deck_remove(st, msf_spell(st, "SP_march"), 1);
	st->p[ALICE].banked[msf_spell(st, "SP_march")] = 1;
	msf_do(st, ALICE, "STAGE library");	/* 4 in hand: 1 drawn, 1 not */
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 5);
	assert_int_equal(ms_counters(&st->p[ALICE]), 2);
	msf_do(st, BOB, "STAGE spring");
	msf_do(st, CAROL, "STAGE spring");
	msf_do(st, DAVE, "STAGE grand hall");
	msf_do(st, ERIN, "STAGE grand hall");
	assert_string_equal(ms_owes(st, ALICE), "spell");
	msf_refused(st, ALICE, "PLAY concerto PAY waltz waltz BANK waltz",
	    "You hold no Concerto");
	msf_done(st);
}

/* ---- Mask ---- */

static void
test_mask_reveal_once_plus_3_then_scores_nothing(void **state)
{
	struct ms_state *st;
	int mask, i;

	/* a March in hand: the fight goes on after the Mask */
	st = turn(1);
	/* carol holds the Moon Mask (life 2: 2 VP), which she will meet */
	mask = msf_mask(st, "M4");
	for (i = 0; i < st->nplayers; i++)
		if (st->p[i].mask == mask)
			st->p[i].mask = st->p[i].mask_dealt =
			    st->p[CAROL].mask_dealt;
	st->p[CAROL].mask = st->p[CAROL].mask_dealt = (int8_t)mask;
	msf_give(st, CAROL, "SP_march", 1);
	msf_stages(st, quiet_tower);
	msf_pass_while(st, MS_PH_SPELL);
	assert_string_equal(ms_owes(st, CAROL), "fight");

	msf_deck_top(st, "SP_symphony");	/* 4 against 3 + 3 */
	msf_do(st, CAROL, "REVEAL");
	assert_int_equal(st->p[CAROL].mask, -1);
	assert_int_equal(st->p[CAROL].mask_dealt, mask);
	assert_int_equal(ms_power(st, 0), 6);
	msf_refused(st, CAROL, "REVEAL", "used already");
	msf_do(st, CAROL, "PASS");
	assert_int_equal(st->p[CAROL].treasures, 1);
	/* a discarded Mask scores nothing, its condition met or not: the
	 * Moon's is met (life 2), and held it would have scored 2 */
	assert_int_equal(st->p[CAROL].life, 2);
	st->phase = MS_PH_OVER;
	ms_score(st);
	assert_int_equal(st->p[CAROL].score, ms_vp(st, CAROL));
	st->p[CAROL].mask = (int8_t)mask;
	ms_score(st);
	assert_int_equal(st->p[CAROL].score, ms_vp(st, CAROL) + 2);
	st->p[CAROL].mask = -1;
	msf_done(st);
}

/* The challenged player may reveal theirs too, in their window. */
static void
test_mask_defender_may_reveal(void **state)
{
	struct ms_state *st = arena_choice();

	msf_do(st, ALICE, "CHALLENGE bob");
	msf_do(st, ALICE, "PASS");
	assert_string_equal(ms_owes(st, BOB), "fight");
	msf_do(st, BOB, "REVEAL");		/* 2 + 3 against 3 + 1 */
	assert_int_equal(st->p[BOB].mask, -1);
	assert_int_equal(st->ch.kind, MS_CH_NONE);
	assert_int_equal(st->p[ALICE].life, 1);
	assert_int_equal(st->p[BOB].arena_wins, 1);
	msf_done(st);
}

/* The Mask is used "during a challenge they take part in": not in the
 * Spell phase, not in a challenge between two others. */
static void
test_mask_reveal_only_in_a_challenge_one_takes_part_in(void **state)
{
	struct ms_state *st = turn(1);
	int mask = st->p[CAROL].mask;

	msf_give(st, ALICE, "SP_prelude", 1);	/* the phase waits for her */
	msf_stages(st, quiet_arena);
	assert_string_equal(ms_owes(st, ALICE), "spell");
	msf_refused(st, ALICE, "REVEAL", NULL);
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, ALICE, "CHALLENGE bob");
	msf_refused(st, CAROL, "REVEAL", NULL);
	assert_int_equal(st->p[CAROL].mask, mask);
	msf_do(st, ALICE, "REVEAL");		/* hers to use */
	assert_int_equal(st->p[ALICE].mask, -1);
	msf_done(st);
}

/* ---- Life ---- */

static void
test_life_starts_at_2_within_0_and_2(void **state)
{
	struct ms_state *st = msf_setup(msf_data, 3, 1);
	int i;

	for (i = 0; i < 3; i++)
		assert_int_equal(st->p[i].life, 2);
	ms_heal(st, 0, 1);
	assert_int_equal(st->p[0].life, 2);
	ms_lose_life(st, 0, 5);
	assert_int_equal(st->p[0].life, 0);
	ms_heal(st, 0, MS_FULL);
	assert_int_equal(st->p[0].life, 2);
	msf_done(st);
}

static void
test_life_zero_no_challenge_but_can_be_challenged(void **state)
{
	struct ms_state *st = turn(1);

	msf_give(st, ALICE, "SP_prelude", 1);	/* the phase waits for her */
	msf_stages(st, quiet_tower);	/* carol in the Tower */
	st->p[CAROL].life = 0;		/* after the Paladin's healing */
	assert_false(ms_can_challenge(st, CAROL));
	assert_true(ms_can_be_challenged(st, CAROL));
	msf_pass_while(st, MS_PH_SPELL);
	assert_int_equal(st->ch.kind, MS_CH_NONE);
	assert_true(msf_has_event(st, MS_E_NO_CHALLENGE, CAROL));
	msf_done(st);
	/* nor in the Arena: alice at 0 life is not asked, the turn goes on */
	st = turn(1);
	st->p[ALICE].life = 0;		/* the Arena does not heal */
	msf_stages(st, quiet_arena);
	assert_int_equal(st->phase, MS_PH_ORDER);
	assert_int_equal(st->turn, 2);
	assert_false(msf_has_event(st, MS_E_CHALLENGE, -1));
	msf_done(st);
}

/* Parts, "KIND CARD N" joined by ", " (CARD: the id, "-" for none); their
 * sum. */
static int
format_parts(const struct ms_data *d, const struct ms_power_part *p, int k,
    char *out, size_t size)
{
	static const char *const kinds[] = { "dancer", "guardian", "ability",
	    "treasure", "order", "spell", "opp_spell", "mask", "flip" };
	int i, sum = 0;
	size_t len = 0;
	const char *id;

	assert_true(k <= MS_PARTS);
	out[0] = '\0';
	for (i = 0; i < k; i++) {
		id = p[i].kind == MS_PART_DANCER || p[i].kind == MS_PART_ABILITY ?
		    d->dancer[p[i].card].nm.id : p[i].kind == MS_PART_TREASURE ?
		    d->guardian[p[i].card].nm.id : p[i].kind == MS_PART_ORDER ?
		    d->order[p[i].card].nm.id : p[i].kind == MS_PART_SPELL ||
		    p[i].kind == MS_PART_OPP_SPELL || p[i].kind == MS_PART_FLIP ?
		    d->spell[p[i].card].nm.id : "-";
		len += (size_t)snprintf(out + len, size - len, "%s%s %s %d",
		    i ? ", " : "", kinds[p[i].kind], id, p[i].n);
		assert_true(len < size);
		sum += p[i].n;
	}
	return sum;
}

/* A side's power in parts (format_parts), each part's n summing to
 * ms_power. */
static void
parts_of(const struct ms_state *st, int side, char *out, size_t size)
{
	struct ms_power_part p[MS_PARTS];
	int sum;

	sum = format_parts(st->data, p, ms_power_parts(st, side, p, MS_PARTS),
	    out, size);
	assert_int_equal(sum < 0 ? 0 : sum, ms_power(st, side));
}

/* The last fight's result: a side's power in parts as its event keeps them
 * (format_parts), each part's n summing to the power it gives. */
static void
result_parts_of(const struct ms_state *st, int side, char *out, size_t size)
{
	struct ms_power_part p[MS_PARTS];
	struct ms_fight_side fs[2];
	const struct ms_event *e = NULL;
	uint32_t i;
	int sum;

	for (i = st->hist_n > MS_HIST ? st->hist_n - MS_HIST : 0;
	    i < st->hist_n; i++)
		if (st->hist[i % MS_HIST].type == MS_E_RESULT)
			e = &st->hist[i % MS_HIST];
	assert_non_null(e);
	assert_int_equal(ms_fight_unpack(e, fs), 0);
	sum = format_parts(st->data, p, ms_fight_parts(st->data, fs, side, p,
	    MS_PARTS), out, size);
	assert_int_equal(sum < 0 ? 0 : sum, side == 0 ? e->a : e->b);
}

/* What a fight mail shows as a side's power, in its parts (a review:
 * "Power now: you 5" said not why): the dancer's printed power, its
 * cards' modifiers, the Spells each side played, a Mask. */
static void
test_power_in_parts(void **state)
{
	struct ms_state *st = turn(2);
	char got[512];

	(void)state;
	msf_give(st, ALICE, "SP_march", 2);
	msf_give(st, DAVE, "SP_lullaby", 1);
	msf_give(st, DAVE, "SP_march", 1);
	msf_stages(st, quiet_arena);
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, ALICE, "CHALLENGE dave");
	parts_of(st, 1, got, sizeof(got));
	assert_string_equal(got, "dancer D6 4, order O4 1");
	msf_do(st, ALICE, "PLAY march");
	msf_do(st, ALICE, "PLAY march");
	msf_do(st, ALICE, "REVEAL");	/* ends her window */
	msf_do(st, DAVE, "PLAY lullaby PAY march");
	parts_of(st, 0, got, sizeof(got));
	assert_string_equal(got, "dancer D1 3, ability D1 1, spell SP_march 1, "
	    "spell SP_march 1, mask - 3, opp_spell SP_lullaby -2");
	parts_of(st, 1, got, sizeof(got));
	assert_string_equal(got, "dancer D6 4, order O4 1");
	/* at 0 life the printed power counts 0 */
	st->p[DAVE].life = 0;
	parts_of(st, 1, got, sizeof(got));
	assert_string_equal(got, "dancer D6 0, order O4 1");
	st->p[DAVE].life = 2;
	msf_do(st, DAVE, "PASS");
	msf_done(st);
	/* the Guardian: its printed power, less a Lullaby */
	st = turn(1);
	st->guardian_next = 1;
	msf_give(st, CAROL, "SP_lullaby", 1);
	msf_give(st, CAROL, "SP_march", 1);
	msf_stages(st, quiet_tower);
	msf_pass_while(st, MS_PH_SPELL);
	assert_int_equal(st->ch.kind, MS_CH_TOWER);
	parts_of(st, 1, got, sizeof(got));
	assert_string_equal(got, "guardian - 2");
	msf_do(st, CAROL, "PLAY lullaby PAY march");
	parts_of(st, 1, got, sizeof(got));
	assert_string_equal(got, "guardian - 2, opp_spell SP_lullaby -2");
	msf_done(st);
}

/*
 * A fight's result keeps each side's power in its parts, as they were when
 * it resolved (a player who lost wants to see why, and the challenge is
 * gone by then): the Spells played, a Mask, a dancer at 0 life, a Treasure
 * won by it not yet counted; the Guardian's with the Spell it turned up.
 */
static void
a_fight_result_keeps_power_in_parts(void **state)
{
	struct ms_state *st = turn(2);
	char got[512];

	(void)state;
	msf_give(st, ALICE, "SP_march", 2);
	msf_give(st, DAVE, "SP_lullaby", 1);
	msf_give(st, DAVE, "SP_march", 1);
	msf_stages(st, quiet_arena);
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, ALICE, "CHALLENGE dave");
	st->p[DAVE].life = 0;
	msf_do(st, ALICE, "PLAY march");
	msf_do(st, ALICE, "PLAY march");
	msf_do(st, ALICE, "REVEAL");
	msf_do(st, DAVE, "PLAY lullaby PAY march");
	msf_do(st, DAVE, "PASS");
	assert_int_equal(st->ch.kind, MS_CH_NONE);
	result_parts_of(st, 0, got, sizeof(got));
	assert_string_equal(got, "dancer D1 3, ability D1 1, spell SP_march 1, "
	    "spell SP_march 1, mask - 3, opp_spell SP_lullaby -2");
	result_parts_of(st, 1, got, sizeof(got));
	assert_string_equal(got, "dancer D6 0, order O4 1");
	msf_done(st);
	/* the Guardian: its printed power, the Spell it turned up, less a
	 * Lullaby; carol's won Treasure is not in her power of the fight */
	st = turn(1);
	st->guardian_next = 1;
	msf_give(st, CAROL, "SP_lullaby", 1);
	msf_give(st, CAROL, "SP_march", 1);
	msf_stages(st, quiet_tower);
	msf_pass_while(st, MS_PH_SPELL);
	assert_int_equal(st->ch.kind, MS_CH_TOWER);
	msf_do(st, CAROL, "PLAY lullaby PAY march");
	parts_of(st, 0, got, sizeof(got));
	msf_pass_while(st, MS_PH_CHALLENGE);
	{
		char before[512];
		int k, flip = -1;

		memcpy(before, got, sizeof(before));
		result_parts_of(st, 0, got, sizeof(got));
		assert_string_equal(got, before);
		for (k = 0; k < (int)st->hist_n && k < MS_HIST; k++)
			if (st->hist[k].type == MS_E_FLIP)
				flip = st->hist[k].card;
		assert_true(flip >= 0);
		snprintf(before, sizeof(before), "guardian - 2, flip %s %d, "
		    "opp_spell SP_lullaby -2", st->data->spell[flip].nm.id,
		    st->data->spell[flip].level);
		result_parts_of(st, 1, got, sizeof(got));
		assert_string_equal(got, before);
	}
	msf_done(st);
}

/* A fight's sides that do not fit a result event (more kinds of Spell
 * played than its bytes hold) leave it with the totals alone; a count over
 * 7 takes two bytes and comes back whole. */
static void
a_fight_result_without_room_gives_totals(void **state)
{
	struct ms_fight_side fs[2], back[2];
	struct ms_event e;
	int j;

	(void)state;
	memset(fs, 0, sizeof(fs));
	memset(&e, 0, sizeof(e));
	fs[0].seat = 0;
	fs[0].card = 3;
	fs[0].order = 4;
	fs[0].masked = 1;
	fs[0].treasures = 0x0a01;
	fs[0].played[2] = 9;
	fs[1].seat = -1;
	fs[1].card = 11;
	fs[1].order = -1;
	fs[1].played[5] = 1;
	e.type = MS_E_RESULT;
	e.actor = 0;
	e.target = -1;
	assert_int_equal(ms_fight_pack(fs, e.n), 0);
	e.n[1] |= MS_RESULT_PARTS;
	assert_int_equal(ms_fight_unpack(&e, back), 0);
	assert_memory_equal(back, fs, sizeof(fs));
	for (j = 0; j < 9; j++)
		fs[j % 2].played[j] = 1;
	memset(e.n, 0, sizeof(e.n));
	assert_int_equal(ms_fight_pack(fs, e.n), -1);
	for (j = 2; j < MS_SPELLS; j++)
		assert_int_equal(e.n[j], 0);
	assert_int_equal(ms_fight_unpack(&e, back), -1);
}

static void
test_life_zero_power_counts_zero_modifiers_apply(void **state)
{
	struct ms_state *st = turn(1);

	msf_give(st, BOB, "SP_waltz", 1);
	msf_give(st, BOB, "SP_march", 1);
	msf_stages(st, quiet_arena);
	st->p[BOB].life = 0;		/* after the Spring's healing */
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, ALICE, "CHALLENGE bob");
	msf_do(st, ALICE, "PASS");
	assert_int_equal(ms_power(st, 1), 0);
	msf_do(st, BOB, "PLAY waltz");	/* the Sorcerer pays 0 */
	assert_int_equal(ms_power(st, 1), 2);
	msf_do(st, BOB, "PASS");
	msf_done(st);
	/* never below 0: a Lullaby's -2 on bob's 0 leaves 0 */
	st = turn(1);
	msf_give(st, ALICE, "SP_lullaby", 1);
	msf_give(st, ALICE, "SP_march", 1);
	msf_stages(st, quiet_arena);
	st->p[BOB].life = 0;
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, ALICE, "CHALLENGE bob");
	msf_do(st, ALICE, "PLAY lullaby PAY march");
	assert_int_equal(st->ch.minus[1], 2);
	assert_int_equal(ms_power(st, 1), 0);
	msf_done(st);
	/* a card's modifier too: dave (Prisoner, 4) holds Rally 4 (+1) on
	 * turn 2; at 0 life his power is that 1 */
	st = turn(2);
	msf_stages(st, quiet_arena);
	st->p[DAVE].life = 0;
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, ALICE, "CHALLENGE dave");
	assert_int_equal(ms_power(st, 1), 1);
	msf_pass_while(st, MS_PH_CHALLENGE);
	msf_done(st);
}

/* A fight's result tells which dancer was at 0 life, its printed power
 * counted 0 ("bob 0" said not why; a player's review): n[1] bit 2 for
 * the challenged, bit 1 for the challenger. */
static void
test_life_zero_told_in_result(void **state)
{
	struct ms_state *st = turn(1);
	int i, seen = 0;

	msf_stages(st, quiet_arena);
	st->p[BOB].life = 0;
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, ALICE, "CHALLENGE bob");
	msf_pass_while(st, MS_PH_CHALLENGE);
	for (i = 0; i < (int)st->hist_n && i < MS_HIST; i++)
		if (st->hist[i].type == MS_E_RESULT) {
			assert_int_equal(st->hist[i].target, BOB);
			assert_int_equal(st->hist[i].n[1] & 3, 2);
			seen++;
		}
	assert_int_equal(seen, 1);
	msf_done(st);
	/* both at full life: nothing said */
	st = turn(1);
	msf_stages(st, quiet_arena);
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, ALICE, "CHALLENGE bob");
	msf_pass_while(st, MS_PH_CHALLENGE);
	for (i = 0, seen = 0; i < (int)st->hist_n && i < MS_HIST; i++)
		if (st->hist[i].type == MS_E_RESULT) {
			assert_int_equal(st->hist[i].n[1] & 3, 0);
			seen++;
		}
	assert_int_equal(seen, 1);
	msf_done(st);
}

static void
test_prohibition_wins_defend_3_in_tower(void **state)
{
	struct ms_state *st = turn(2);	/* carol holds Defend 3 */
	int i, why = 0;

	msf_give(st, ALICE, "SP_prelude", 1);	/* the phase waits for her */
	msf_stages(st, quiet_tower);
	assert_false(ms_can_challenge(st, CAROL));
	msf_pass_while(st, MS_PH_SPELL);
	assert_int_equal(st->ch.kind, MS_CH_NONE);
	for (i = 0; i < st->nev; i++)
		if (st->ev[i].type == MS_E_NO_CHALLENGE && st->ev[i].actor == CAROL)
			why = st->ev[i].a;
	assert_int_equal(why, 2);	/* forbidden, not out of life */
	msf_done(st);
}

/* Defend 3 in the Arena: its dancer may not challenge, so it is not asked. */
static void
test_prohibition_wins_defend_3_in_arena(void **state)
{
	static const char *const carol_arena[MS_MAXP] = {
		"spring", "spring", "arena", "grand hall", "grand hall",
	};
	struct ms_state *st = turn(2);	/* carol holds Defend 3 */

	msf_stages(st, carol_arena);
	msf_pass_while(st, MS_PH_SPELL);
	assert_int_equal(st->phase, MS_PH_ORDER);
	assert_int_equal(st->turn, 3);
	assert_false(msf_has_event(st, MS_E_CHALLENGE, -1));
	msf_done(st);
}

static void
test_defend_3_cannot_be_challenged_as_vp_leader(void **state)
{
	struct ms_state *st = turn(2);

	msf_stages(st, quiet_arena);
	msf_pass_while(st, MS_PH_SPELL);
	st->p[CAROL].banked[0] = 1;	/* the VP leader */
	msf_refused(st, ALICE, "CHALLENGE carol", "they hold Defend 3 and lead in VP");
	st->p[BOB].banked[0] = 1;	/* tied: both lead */
	msf_refused(st, ALICE, "CHALLENGE carol", "they hold Defend 3 and lead in VP");
	st->p[BOB].banked[0] = 2;	/* bob leads alone */
	msf_do(st, ALICE, "CHALLENGE carol");
	st->p[BOB].banked[0] = 0;
	st->p[CAROL].banked[0] = 0;
	msf_done(st);
}

/* Proclamation of Duel lets the prophet challenge; Defend 3 or 0 life
 * forbids it, and the prohibition wins: nobody is asked, no duel. */
static void
test_prohibition_wins_no_duel_for_a_prophet_who_cannot_challenge(void **state)
{
	static const int erin_3[MS_MAXP] = { 1, 2, 5, 4, 3 };
	struct ms_state *st = msf_setup(msf_data, 5, 1);

	msf_stage_phase(st, 2, dancers, erin_3);	/* erin holds Defend 3 */
	prophecy(st);
	msf_do(st, ERIN, "EVENT proclamation of duel");
	assert_false(msf_has_event(st, MS_E_CHALLENGE, -1));
	assert_int_equal(st->phase, MS_PH_ORDER);
	msf_done(st);
	st = prophecy(turn(1));
	st->p[ERIN].life = 0;
	msf_do(st, ERIN, "EVENT proclamation of duel");
	assert_false(msf_has_event(st, MS_E_CHALLENGE, -1));
	assert_int_equal(st->phase, MS_PH_ORDER);
	msf_done(st);
}

/* ---- Event phase ---- */

static void
test_event_prophet_chooses_any_event(void **state)
{
	struct ms_state *st = prophecy(turn(1));

	msf_refused(st, ALICE, "EVENT oracle", "not your turn");
	msf_do(st, ERIN, "EVENT pilgrimage");
	assert_int_equal(st->p[ERIN].events_prophesied, 1);
	assert_int_equal(st->nevent_tomb, 1);
	assert_false(st->events_left & (1u << msf_event(st, "V8")));
	/* the dancers come back; the next turn begins */
	assert_int_equal(st->phase, MS_PH_ORDER);
	assert_int_equal(st->p[ERIN].stage, -1);
	msf_done(st);
}

static void
test_event_no_prophet_no_event(void **state)
{
	static const char *const none[MS_MAXP] = {
		"spring", "spring", "grand hall", "grand hall", "library",
	};
	struct ms_state *st = turn(1);

	msf_stages(st, none);
	msf_pass_while(st, MS_PH_SPELL);
	msf_pass_while(st, MS_PH_CHALLENGE);
	assert_int_equal(st->phase, MS_PH_ORDER);
	assert_int_equal(st->events_left, (1u << st->data->nevents) - 1);
	msf_done(st);
}

static void
test_event_used_event_cannot_be_chosen_again(void **state)
{
	struct ms_state *st = turn(1);

	st->events_left &= (uint16_t)~(1u << msf_event(st, "V4"));
	st->event_tomb[st->nevent_tomb++] = (uint8_t)msf_event(st, "V4");
	prophecy(st);
	msf_refused(st, ERIN, "EVENT oracle", "happened already");
	msf_done(st);
}

static void
test_event_change_of_partner_keeps_the_rest(void **state)
{
	struct ms_state *st = prophecy(turn(1));

	st->p[BOB].treasures = 1;
	st->guardian_next = 1;
	st->p[BOB].life = 1;
	ms_emblems(st);				/* Valor, for the Treasure */
	msf_deck_remove(st, msf_spell(st, "SP_waltz"), 1);
	st->p[BOB].banked[msf_spell(st, "SP_waltz")] = 1;
	msf_do(st, ERIN, "EVENT change of partner");
	msf_refused(st, ERIN, "SWAP bob blade dancer", "set-aside");
	msf_do(st, ERIN, "SWAP bob bard");
	assert_int_equal(st->p[BOB].dancer, msf_dancer(st, "D4"));
	assert_true(st->dancers_aside & (1u << msf_dancer(st, "D2")));
	assert_int_equal(st->p[BOB].treasures, 1);
	assert_int_equal(st->p[BOB].life, 1);
	assert_int_equal(ms_counters(&st->p[BOB]), 1);
	assert_int_equal(st->p[BOB].emblems, 1);
	assert_int_equal(st->emblem_holder[0], BOB);
	msf_done(st);
}

static void
test_event_prayer_of_healing_heals_everyone(void **state)
{
	struct ms_state *st = prophecy(turn(1));

	st->p[ALICE].life = 0;
	st->p[ERIN].life = 1;
	msf_do(st, ERIN, "EVENT prayer of healing");
	assert_int_equal(st->p[ALICE].life, 1);
	assert_int_equal(st->p[ERIN].life, 2);
	msf_done(st);
}

static void
test_event_oracle_draw_then_optional_bank(void **state)
{
	struct ms_state *st = prophecy(turn(1));
	int hand = ms_hand_size(&st->p[ERIN]);

	msf_do(st, ERIN, "EVENT oracle");
	assert_int_equal(ms_hand_size(&st->p[ERIN]), hand + 1);
	assert_string_equal(ms_owes(st, ERIN), "bank");
	msf_do(st, ERIN, "PASS");	/* optional: declined */
	assert_int_equal(ms_counters(&st->p[ERIN]), 0);
	assert_int_equal(st->phase, MS_PH_ORDER);
	msf_done(st);
}

/* Request for a Tune: the prophet receives 2 Spells, every other player 1
 * (each with room for them). */
static void
test_event_request_for_a_tune_prophet_2_others_1(void **state)
{
	struct ms_state *st = prophecy(turn(1));
	int before[MS_MAXP], i;

	for (i = 0; i < st->nplayers; i++)
		before[i] = ms_hand_size(&st->p[i]);
	msf_do(st, ERIN, "EVENT request for a tune");
	for (i = 0; i < st->nplayers; i++)
		assert_int_equal(ms_hand_size(&st->p[i]),
		    before[i] + (i == ERIN ? 2 : 1));
	assert_int_equal(st->phase, MS_PH_ORDER);
	msf_done(st);
}

/* Oracle: the prophet draws 1, then may bank a Spell as a 1-VP counter. */
static void
test_event_oracle_bank_accepted(void **state)
{
	struct ms_state *st = prophecy(turn(1));
	int hand = ms_hand_size(&st->p[ERIN]), k;
	char line[80];

	msf_do(st, ERIN, "EVENT oracle");
	assert_int_equal(ms_hand_size(&st->p[ERIN]), hand + 1);
	assert_string_equal(ms_owes(st, ERIN), "bank");
	k = hand_kind(st, ERIN);
	snprintf(line, sizeof(line), "BANK %s", st->data->spell[k].nm.name[0]);
	msf_do(st, ERIN, line);
	assert_int_equal(ms_counters(&st->p[ERIN]), 1);
	assert_int_equal(st->p[ERIN].banked[k], 1);
	assert_int_equal(ms_hand_size(&st->p[ERIN]), hand);
	assert_int_equal(st->phase, MS_PH_ORDER);
	msf_done(st);
}

static void
test_event_divine_judgement_vp_leaders_lose_life(void **state)
{
	struct ms_state *st = prophecy(turn(1));

	st->p[ALICE].banked[0] = 1;
	st->p[BOB].banked[0] = 1;
	msf_do(st, ERIN, "EVENT divine judgement");
	assert_int_equal(st->p[ALICE].life, 1);
	assert_int_equal(st->p[BOB].life, 1);
	assert_int_equal(st->p[CAROL].life, 2);
	st->p[ALICE].banked[0] = 0;
	st->p[BOB].banked[0] = 0;
	msf_done(st);
}

/* A leader at 0 life loses none, and the story says so (it said only
 * that the Event was chosen; found by players by mail). */
static void
test_event_divine_judgement_leader_at_0_told(void **state)
{
	struct ms_state *st = prophecy(turn(1));
	int i, told = 0;

	st->p[ALICE].banked[0] = 1;
	st->p[ALICE].life = 0;
	msf_do(st, ERIN, "EVENT divine judgement");
	assert_int_equal(st->p[ALICE].life, 0);
	for (i = 0; i < st->nev; i++)
		told += st->ev[i].type == MS_E_LIFE && st->ev[i].actor == ALICE &&
		    st->ev[i].a == 0 && st->ev[i].b == 0;
	assert_int_equal(told, 1);
	st->p[ALICE].banked[0] = 0;
	st->p[ALICE].life = 2;
	msf_done(st);
}

/* The Event's story names the leaders it strikes and their VP (a mail
 * said "You lost life: 2 -> 1" and not why; a player's review), as its
 * effect found them; none when the top is 0. */
static void
test_event_divine_judgement_names_leaders(void **state)
{
	struct ms_state *st = prophecy(turn(1));
	const struct ms_event *e = NULL;
	int i;

	st->p[ALICE].banked[0] = 1;
	st->p[BOB].banked[1] = 1;
	msf_do(st, ERIN, "EVENT divine judgement");
	for (i = 0; i < st->nev; i++)
		if (st->ev[i].type == MS_E_EVENT)
			e = &st->ev[i];
	assert_non_null(e);
	assert_int_equal(e->n[0], 1);
	assert_int_equal(e->a, (1 << ALICE) | (1 << BOB));
	assert_int_equal(e->n[1], 1);
	st->p[ALICE].banked[0] = 0;
	st->p[BOB].banked[1] = 0;
	msf_done(st);
	/* nobody above 0: said to strike nobody */
	st = prophecy(turn(1));
	msf_do(st, ERIN, "EVENT divine judgement");
	for (i = 0, e = NULL; i < st->nev; i++)
		if (st->ev[i].type == MS_E_EVENT)
			e = &st->ev[i];
	assert_non_null(e);
	assert_int_equal(e->n[0], 1);
	assert_int_equal(e->a, 0);
	msf_done(st);
	/* an Event not on the leaders: no such story */
	st = prophecy(turn(1));
	msf_do(st, ERIN, "EVENT oracle");
	for (i = 0, e = NULL; i < st->nev; i++)
		if (st->ev[i].type == MS_E_EVENT)
			e = &st->ev[i];
	assert_non_null(e);
	assert_int_equal(e->n[0], 0);
	assert_int_equal(e->a, 0);
	msf_done(st);
}

static void
test_event_silence_others_discard_to_3(void **state)
{
	struct ms_state *st = turn(1);

	msf_give(st, ALICE, "SP_march", 3);
	msf_give(st, ALICE, "SP_waltz", 2);
	msf_give(st, ERIN, "SP_march", 2);
	msf_give(st, ERIN, "SP_waltz", 2);
	prophecy(st);
	msf_do(st, ERIN, "EVENT silence");
	assert_string_equal(ms_owes(st, ALICE), "discard");
	msf_do(st, ALICE, "DISCARD march waltz");
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 3);
	/* not the prophet: she owes no discard, and the turn is over */
	assert_int_equal(st->npend, 0);
	assert_int_equal(st->phase, MS_PH_ORDER);
	assert_int_equal(ms_hand_size(&st->p[ERIN]), 4);
	msf_done(st);
}

/* Silence's discard is down to 3, not to the hand limit, and a refusal
 * says so, to the one who owes it and to anyone else. */
static void
test_event_silence_refusals_say_down_to_3(void **state)
{
	struct ms_state *st = turn(1);

	msf_give(st, ALICE, "SP_march", 3);
	msf_give(st, ALICE, "SP_waltz", 2);
	prophecy(st);
	msf_do(st, ERIN, "EVENT silence");
	assert_string_equal(ms_owes(st, ALICE), "discard");
	msf_refused(st, ALICE, "PASS", "you are to DISCARD Spells down to 3.");
	msf_refused(st, BOB, "PASS", "alice is to DISCARD Spells down to 3.");
	/* naming a Spell one does not hold says what one holds */
	msf_refused(st, ALICE, "DISCARD rhapsody rhapsody",
	    "You cannot discard 2 Rhapsody: you hold 0.");
	msf_refused(st, ALICE, "DISCARD waltz waltz waltz",
	    "You cannot discard 3 Waltz: you hold 2.");
	msf_do(st, ALICE, "DISCARD march waltz");
	msf_done(st);
}

/* The moments at which the refusals' examples are legal. carol fights
 * the first Guardian holding the Spells of PAY's example. */
static struct ms_state *
example_pay(void)
{
	struct ms_state *st = tower_fight(0);

	msf_give(st, CAROL, "SP_rhapsody", 1);
	msf_give(st, CAROL, "SP_march", 1);
	msf_give(st, CAROL, "SP_waltz", 1);
	return st;
}

/* Silence: alice discards 2 of 5. */
static struct ms_state *
example_discard(void)
{
	struct ms_state *st = turn(1);

	msf_give(st, ALICE, "SP_march", 3);
	msf_give(st, ALICE, "SP_waltz", 2);
	prophecy(st);
	msf_do(st, ERIN, "EVENT silence");
	return st;
}

/* Request for a Tune: erin, with room for 1, receives a Waltz and one more. */
static struct ms_state *
example_keep(void)
{
	struct ms_state *st = turn(1);

	msf_give(st, ERIN, "SP_march", 4);
	prophecy(st);
	msf_deck_top(st, "SP_waltz");
	msf_do(st, ERIN, "EVENT request for a tune");
	assert_string_equal(ms_owes(st, ERIN), "keep");
	return st;
}

/* Change of Partner with the Thief set aside (the Bard plays). */
static struct ms_state *
example_swap(void)
{
	static const char *const d[MS_MAXP] = { "D1", "D2", "D3", "D4", "D6" };
	struct ms_state *st = msf_setup(msf_data, 5, 1);

	msf_stage_phase(st, 1, d, msf_orders5);
	prophecy(st);
	msf_do(st, ERIN, "EVENT change of partner");
	return st;
}

/*
 * The example a refusal gives is accepted as written, in each language, at
 * a moment it is legal: a player copies it. In ja and zh it names the
 * Spells and the Dancer in the reader's words (the parser takes every
 * language's names, as the help mail says), not the English words inside a
 * Japanese or Chinese sentence, and means the same command as the English.
 */
static void
test_refusal_examples_accepted_as_written(void **state)
{
	static const struct {
		struct ms_state *(*moment)(void);
		int seat;
		const char *line, *command;
	} cases[] = {
		{ example_pay, CAROL, "PLAY rhapsody PAY",
		    "PLAY rhapsody PAY march waltz" },
		{ example_discard, ALICE, "DISCARD", "DISCARD march waltz" },
		{ example_keep, ERIN, "KEEP", "KEEP waltz" },
		{ example_swap, ERIN, "SWAP bob", "SWAP bob thief" },
	};
	static const char *const langs[] = { "en", "ja", "zh" };
	struct ms_state *st;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_cmd c;
	struct mq_err err;
	char *ex, *en;
	size_t i, l;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		en = NULL;
		for (l = 0; l < sizeof(langs) / sizeof(langs[0]); l++) {
			st = cases[i].moment();
			if (msf_try(st, cases[i].seat, cases[i].line, &err) == 0)
				fail_msg("\"%s\" was accepted", cases[i].line);
			ex = refusal_example(langs[l], err.msg);
			if (en != NULL && strcmp(ex, en) == 0)
				fail_msg("%s: the example is the English \"%s\"",
				    langs[l], ex);
			if (ms_parse(st, cases[i].seat, ex, &c, &err) != 0)
				fail_msg("%s: \"%s\" refused: %s", langs[l], ex,
				    err.msg);
			mq_buf_reset(&b);
			assert_int_equal(ms_format(st, &c, &b), 0);
			if (strcmp(mq_buf_str(&b), cases[i].command) != 0)
				fail_msg("%s: \"%s\" is \"%s\", not \"%s\"",
				    langs[l], ex, mq_buf_str(&b), cases[i].command);
			msf_do(st, cases[i].seat, ex);
			msf_done(st);
			if (en == NULL)
				en = ex;
			else
				free(ex);
		}
		free(en);
	}
	mq_buf_free(&b);
}

/* A refusal to another player names whose turn it is in the third person:
 * "bob is to PLAY Spells of their Spell phase", not "of your". */
static void
test_spell_phase_refusal_to_another_player_says_their(void **state)
{
	struct ms_state *st = turn(1);

	msf_give(st, BOB, "SP_prelude", 1);
	msf_stages(st, quiet_chapel);
	assert_string_equal(ms_owes(st, BOB), "spell");
	msf_refused(st, ALICE, "PASS", "bob is to PLAY Spells of their Spell "
	    "phase, then PASS.");
	msf_refused(st, BOB, "CHALLENGE alice", "you are to PLAY Spells of "
	    "your Spell phase, then PASS.");
	msf_done(st);
}

/* Request for a Tune: a KEEP names only Spells received, and a refusal says
 * how many were. */
static void
test_hand_limit_request_for_a_tune_keep_refusals(void **state)
{
	struct ms_state *st = turn(1);
	int k, absent = -1;
	char line[80];

	msf_give(st, ERIN, "SP_march", 4);	/* Thief: room for 1 */
	prophecy(st);
	msf_do(st, ERIN, "EVENT request for a tune");
	assert_string_equal(ms_owes(st, ERIN), "keep");
	for (k = 0; k < st->data->nspells && absent < 0; k++)
		if (st->pend[0].held[k] == 0)
			absent = k;
	snprintf(line, sizeof(line), "KEEP %s", st->data->spell[absent].nm.name[0]);
	msf_refused(st, ERIN, line, ": you received 0.");
	msf_refused(st, ALICE, "PASS", "erin is to KEEP up to 1 of the Spells "
	    "they received, or PASS.");
	msf_refused(st, ERIN, "EVENT oracle", "you are to KEEP up to 1 of the "
	    "Spells you received, or PASS.");
	msf_do(st, ERIN, "PASS");
	msf_done(st);
}

static void
test_event_proclamation_of_duel(void **state)
{
	struct ms_state *st = prophecy(turn(1));

	msf_do(st, ERIN, "EVENT proclamation of duel");
	assert_string_equal(ms_owes(st, ERIN), "duel");
	msf_do(st, ERIN, "CHALLENGE bob");
	assert_int_equal(st->ch.kind, MS_CH_DUEL);
	msf_do(st, ERIN, "PASS");
	msf_do(st, BOB, "PASS");		/* 3 against 2 */
	assert_int_equal(st->p[BOB].life, 1);
	/* a challenge of a dancer, as in the Arena: the winner draws 1 and
	 * may bank a Spell; then the turn ends */
	assert_int_equal(st->p[ERIN].arena_wins, 1);
	assert_int_equal(ms_hand_size(&st->p[ERIN]), 1);
	assert_string_equal(ms_owes(st, ERIN), "bank");
	msf_do(st, ERIN, "PASS");
	assert_int_equal(st->phase, MS_PH_ORDER);
	msf_done(st);
	st = prophecy(turn(1));
	msf_do(st, ERIN, "EVENT proclamation of duel");
	msf_do(st, ERIN, "PASS");		/* optional */
	assert_int_equal(st->phase, MS_PH_ORDER);
	msf_done(st);
}

static void
test_event_pilgrimage_heals_full_and_draws(void **state)
{
	struct ms_state *st = prophecy(turn(1));

	st->p[ERIN].life = 0;
	msf_do(st, ERIN, "EVENT pilgrimage");
	assert_int_equal(st->p[ERIN].life, 2);
	assert_int_equal(ms_hand_size(&st->p[ERIN]), 1);
	msf_done(st);
}

/* ---- Emblems ---- */

static void
test_emblem_first_to_reach_minimum_takes_it(void **state)
{
	struct ms_state *st = tower_fight(0);

	msf_deck_top(st, "SP_march");
	msf_do(st, CAROL, "PASS");		/* a Treasure: Valor's minimum */
	assert_int_equal(st->emblem_holder[0], CAROL);
	assert_true(st->p[CAROL].emblems & 1);
	assert_true(msf_has_event(st, MS_E_EMBLEM, CAROL));
	/* the most of a statistic is not enough below the minimum: one
	 * Arena win, of the Gladiator's 2 */
	assert_int_equal(st->data->emblem[1].min, 2);
	st->p[ALICE].arena_wins = 1;
	ms_emblems(st);
	assert_int_equal(st->emblem_holder[1], -1);
	st->p[ALICE].arena_wins = 2;
	ms_emblems(st);
	assert_int_equal(st->emblem_holder[1], ALICE);
	msf_done(st);
}

static void
test_emblem_passes_on_strictly_more(void **state)
{
	struct ms_state *st = turn(1);

	st->guardian_next = 6;
	st->p[CAROL].treasures = 1;
	ms_emblems(st);
	assert_int_equal(st->emblem_holder[0], CAROL);
	st->p[ALICE].treasures = 2;		/* as many: not enough */
	ms_emblems(st);
	assert_int_equal(st->emblem_holder[0], CAROL);
	st->p[ALICE].treasures = 2 | 4;		/* more */
	ms_emblems(st);
	assert_int_equal(st->emblem_holder[0], ALICE);
	assert_false(st->p[CAROL].emblems & 1);
	st->p[CAROL].treasures = 1 | 8;		/* level again: alice keeps it */
	ms_emblems(st);
	assert_int_equal(st->emblem_holder[0], ALICE);
	st->p[CAROL].treasures = 1 | 8 | 16;
	ms_emblems(st);
	assert_int_equal(st->emblem_holder[0], CAROL);
	msf_done(st);
}

/* After every change of state: the Saint's right after a second prophecy,
 * the Gladiator's right after a second Arena win (before the bank). */
static void
test_emblem_taken_at_once_after_a_prophecy_or_a_win(void **state)
{
	struct ms_state *st = prophecy(turn(1));

	st->p[ERIN].events_prophesied = 1;
	msf_do(st, ERIN, "EVENT prayer of healing");
	assert_int_equal(st->emblem_holder[2], ERIN);	/* the Saint */
	assert_true(msf_has_event(st, MS_E_EMBLEM, ERIN));
	msf_done(st);
	st = arena_choice();
	st->p[ALICE].arena_wins = 1;
	msf_do(st, ALICE, "CHALLENGE bob");
	msf_do(st, ALICE, "PASS");
	msf_do(st, BOB, "PASS");		/* 3 + 1 against 2 */
	assert_string_equal(ms_owes(st, ALICE), "bank");
	assert_int_equal(st->emblem_holder[1], ALICE);	/* the Gladiator */
	msf_done(st);
}

/* After every change of state, a Stage's healing too: with a card set whose
 * Emblem counts life (the loader takes it), the one healed to its minimum
 * takes it right after choosing the Stage. */
static void
test_emblem_taken_after_a_stage_phase_heal(void **state)
{
	struct ms_data *d = malloc(sizeof(*d));
	struct ms_state *st;
	int i;

	assert_non_null(d);
	memcpy(d, msf_data, sizeof(*d));
	d->emblem[0].stat = MS_S_LIFE;
	d->emblem[0].min = 2;
	st = msf_setup(d, 5, 1);
	msf_stage_phase(st, 1, dancers, msf_orders5);
	for (i = 0; i < st->nplayers; i++)
		st->p[i].life = 1;
	msf_do(st, ALICE, "STAGE spring");	/* healed to 2 */
	assert_int_equal(st->p[ALICE].life, 2);
	assert_int_equal(st->emblem_holder[0], ALICE);
	assert_true(msf_has_event(st, MS_E_EMBLEM, ALICE));
	msf_done(st);
	free(d);
}

/* ---- The VP leader ---- */

static void
test_vp_leader_ties_and_zero(void **state)
{
	struct ms_state *st = turn(1);

	assert_false(ms_is_vp_leader(st, ALICE));	/* top 0: nobody */
	st->p[ALICE].banked[0] = 1;
	st->p[BOB].banked[1] = 1;
	assert_true(ms_is_vp_leader(st, ALICE));
	assert_true(ms_is_vp_leader(st, BOB));
	assert_false(ms_is_vp_leader(st, CAROL));
	/* the Mask does not count, whatever it would score: carol's Moon
	 * Mask (life 2: 2 VP) met, she neither leads nor ties */
	st->p[CAROL].mask = (int8_t)msf_mask(st, "M4");
	assert_int_equal(st->p[CAROL].life, 2);
	assert_int_equal(ms_vp(st, CAROL), 0);
	st->p[ALICE].banked[0] = 0;
	assert_false(ms_is_vp_leader(st, CAROL));
	st->p[BOB].banked[1] = 0;
	assert_false(ms_is_vp_leader(st, CAROL));	/* all at 0: nobody */
	st->p[CAROL].mask = st->p[CAROL].mask_dealt;
	msf_done(st);
}

/* ---- End of the game ---- */

static void
test_end_at_turn_end_when_guardians_gone(void **state)
{
	static const char *const with_prophet[MS_MAXP] = {
		"spring", "spring", "tower", "grand hall", "chapel",
	};
	struct ms_state *st = turn(1);
	int i;

	st->guardian_next = 7;			/* G8, the last */

	st->p[CAROL].treasures = 0x7f;		/* carol took the others */
	st->emblem_holder[0] = -1;
	msf_give(st, CAROL, "SP_symphony", 1);
	msf_give(st, CAROL, "SP_rhapsody", 1);
	msf_give(st, CAROL, "SP_waltz", 1);
	msf_give(st, CAROL, "SP_march", 1);
	msf_stages(st, with_prophet);
	msf_pass_while(st, MS_PH_SPELL);
	assert_string_equal(ms_owes(st, CAROL), "fight");
	msf_deck_top(st, "SP_prelude");
	/* the Witch's Grimoire: Symphony costs 2 */
	msf_do(st, CAROL, "PLAY symphony PAY rhapsody waltz");
	msf_do(st, CAROL, "PASS");		/* 3 + 1 + 4 against 5 */
	assert_int_equal(st->guardian_next, 8);
	/* not over yet: the turn goes on to its end */
	assert_int_not_equal(st->phase, MS_PH_OVER);
	for (i = 0; i < 100 && st->phase != MS_PH_EVENT; i++)
		msf_do(st, ms_owing_seat(st), "PASS");
	assert_string_equal(ms_owes(st, ERIN), "event");
	msf_do(st, ERIN, "EVENT prayer of healing");
	assert_int_equal(st->phase, MS_PH_OVER);
	assert_int_equal(st->end_why, 1);
	assert_true(st->winner >= 0);
	msf_done(st);
}

static void
test_end_when_event_deck_empty(void **state)
{
	struct ms_state *st = turn(1);
	int e;

	st->events_left = (uint16_t)(1u << msf_event(st, "V3"));
	for (e = 0; e < st->data->nevents; e++)
		if (e != msf_event(st, "V3"))
			st->event_tomb[st->nevent_tomb++] = (uint8_t)e;
	prophecy(st);
	msf_do(st, ERIN, "EVENT prayer of healing");
	assert_int_equal(st->phase, MS_PH_OVER);
	assert_int_equal(st->end_why, 2);
	msf_done(st);
}

static void
test_end_when_deck_ran_out_once_per_player(void **state)
{
	struct ms_state *st = turn(1);

	st->runouts = 4;
	prophecy(st);
	msf_do(st, ERIN, "EVENT prayer of healing");
	assert_int_equal(st->phase, MS_PH_ORDER);	/* 4 of 5: on */
	msf_done(st);
	st = turn(1);
	st->runouts = 5;
	prophecy(st);
	msf_do(st, ERIN, "EVENT prayer of healing");
	assert_int_equal(st->phase, MS_PH_OVER);
	assert_int_equal(st->end_why, 3);
	msf_done(st);
}

static void
test_end_scoring_and_tie_to_lowest_order(void **state)
{
	struct ms_state *st = turn(1);
	int lion = msf_mask(st, "M1");

	/* alice: Lion Mask (3 counters: +3), 3 counters = 6 */
	st->p[ALICE].mask = st->p[ALICE].mask_dealt = (int8_t)lion;
	msf_deck_remove(st, 0, 3);
	st->p[ALICE].banked[0] = 3;
	/* bob: Treasures Golden Crown (2) + Dragon Heart (2) + Valor (1) = 5,
	 * plus 1 counter = 6: tied with alice, whose Order (1) is lower */
	st->p[BOB].mask = st->p[BOB].mask_dealt = (int8_t)msf_mask(st, "M4");
	st->p[BOB].life = 1;			/* Moon Mask not met */
	st->p[BOB].treasures = (1u << 6) | (1u << 7);
	st->guardian_next = 8;
	msf_deck_remove(st, 1, 1);
	st->p[BOB].banked[1] = 1;
	st->p[BOB].emblems = 1;
	st->emblem_holder[0] = BOB;
	st->phase = MS_PH_OVER;
	ms_score(st);
	assert_int_equal(st->p[ALICE].score, 6);
	assert_int_equal(st->p[BOB].score, 6);
	assert_int_equal(st->winner, ALICE);
	st->p[ALICE].order = 4;
	st->p[BOB].order = 1;
	ms_score(st);
	assert_int_equal(st->winner, BOB);
	/* the most VP win before any Order: alice (Order 4) one VP ahead */
	msf_deck_remove(st, 0, 1);
	st->p[ALICE].banked[0] = 4;
	ms_score(st);
	assert_int_equal(st->p[ALICE].score, 3 + 4);	/* Lion, 4 counters */
	assert_int_equal(st->winner, ALICE);
	st->p[ALICE].order = 1;
	st->p[BOB].order = 4;
	st->p[BOB].banked[1] = 3;
	msf_deck_remove(st, 1, 2);
	ms_score(st);
	assert_int_equal(st->p[BOB].score, 8);
	assert_int_equal(st->winner, BOB);
	st->p[BOB].order = 2;
	msf_done(st);
}

/* ---- Hidden information ---- */

static void
test_hidden_information_hands_and_counters(void **state)
{
	struct ms_state *st = turn(1);
	json_t *v;
	char *s;

	msf_give(st, BOB, "SP_symphony", 1);
	st->p[BOB].banked[msf_spell(st, "SP_lullaby")] = 0;
	msf_give(st, BOB, "SP_lullaby", 1);
	st->p[BOB].hand[msf_spell(st, "SP_lullaby")]--;
	st->p[BOB].banked[msf_spell(st, "SP_lullaby")]++;
	v = ms_view(st, ALICE);
	s = json_dumps(v, 0);
	assert_null(strstr(s, "Symphony"));	/* bob's hand */
	assert_null(strstr(s, "Lullaby"));	/* bob's counter */
	free(s);
	json_decref(v);
	v = ms_view(st, BOB);
	s = json_dumps(v, 0);
	assert_non_null(strstr(s, "Symphony"));
	free(s);
	json_decref(v);
	msf_done(st);
}

/*
 * "Public: hand sizes, numbers of VP counters, the Spell tomb, the Event
 * deck and tomb, Treasures, Emblems, life, Orders, Stages": every seat's
 * view and the public's show each player's life, Treasures, Emblems, Order
 * and Stage, and the Event tomb, whoever holds them.
 */
static void
test_hidden_information_public_board(void **state)
{
	static const int seen_by[6] = { ALICE, BOB, CAROL, DAVE, ERIN,
	    MQ_VIEW_PUBLIC };
	struct ms_state *st = turn(1);
	json_t *v, *pls, *pl;
	size_t k;
	int i, seat;

	msf_stages(st, quiet_chapel);
	st->p[BOB].life = 1;
	st->p[CAROL].treasures = 1;		/* the Silver Bell */
	st->guardian_next = 1;
	ms_emblems(st);				/* and so Valor */
	assert_int_equal(st->emblem_holder[0], CAROL);
	st->events_left &= (uint16_t)~(1u << msf_event(st, "V4"));
	st->event_tomb[st->nevent_tomb++] = (uint8_t)msf_event(st, "V4");
	for (k = 0; k < sizeof(seen_by) / sizeof(seen_by[0]); k++) {
		v = ms_view(st, seen_by[k]);
		assert_non_null(v);
		pls = json_object_get(v, "players");
		for (seat = 0; seat < st->nplayers; seat++) {
			pl = json_array_get(pls, (size_t)seat);
			assert_int_equal(json_integer_value(json_object_get(pl,
			    "life")), st->p[seat].life);
			assert_int_equal(json_integer_value(json_object_get(pl,
			    "order")), st->p[seat].order);
			assert_string_equal(json_string_value(json_object_get(pl,
			    "stage")), st->data->stage[st->p[seat].stage].nm.id);
			assert_int_equal(json_array_size(json_object_get(pl,
			    "treasures")), seat == CAROL);
			assert_int_equal(json_array_size(json_object_get(pl,
			    "emblems")), seat == CAROL);
		}
		pl = json_array_get(pls, CAROL);
		assert_string_equal(json_string_value(json_array_get(
		    json_object_get(pl, "treasures"), 0)), "G1");
		assert_string_equal(json_string_value(json_array_get(
		    json_object_get(pl, "emblems"), 0)), "EM1");
		assert_int_equal(json_array_size(json_object_get(v, "event_tomb")), 1);
		assert_string_equal(json_string_value(json_array_get(
		    json_object_get(v, "event_tomb"), 0)), "V4");
		for (i = 0; i < 2; i++)		/* life 1 is bob's alone */
			assert_int_equal(json_integer_value(json_object_get(
			    json_array_get(pls, (size_t)(i * 2)), "life")), 2);
		json_decref(v);
	}
	msf_done(st);
}

/* The recap a player's view holds: what happened since they last played,
 * as they may see it (a draw's card only to the one who drew it). */
static void
test_hidden_information_recap_since_last_move(void **state)
{
	struct ms_state *st = turn(1);
	json_t *v, *r, *e;
	size_t i;
	int draws = 0, stages = 0;
	char *s;

	msf_do(st, ALICE, "STAGE library");	/* alice draws 2 */
	msf_do(st, BOB, "STAGE spring");
	v = ms_view(st, CAROL);
	r = json_object_get(v, "recap");
	json_array_foreach(r, i, e) {
		if (strcmp(json_string_value(json_object_get(e, "type")), "draw") == 0) {
			draws++;
			assert_null(json_object_get(e, "spell"));	/* not hers */
		}
		stages += strcmp(json_string_value(json_object_get(e, "type")),
		    "stage") == 0;
	}
	assert_int_equal(draws, 2);
	assert_int_equal(stages, 2);
	json_decref(v);
	/* alice's own recap starts after her move: only bob's */
	v = ms_view(st, ALICE);
	s = json_dumps(json_object_get(v, "recap"), JSON_COMPACT);
	assert_null(strstr(s, "\"player\":\"alice\""));
	assert_non_null(strstr(s, "\"player\":\"bob\""));
	free(s);
	json_decref(v);
	/* once carol plays, her recap is empty */
	msf_do(st, CAROL, "STAGE spring");
	v = ms_view(st, CAROL);
	assert_int_equal(json_array_size(json_object_get(v, "recap")), 0);
	json_decref(v);
	msf_done(st);
}

/* Whether a player was asked in the Spell phase would tell the others
 * whether they held a Spell they could play: one passed by the game (no
 * Spell to play) looks, in every view, like one who sent PASS. */
static void
test_hidden_information_a_skipped_player_looks_passed(void **state)
{
	struct ms_state *st = turn(1);
	json_t *v, *pls;
	int viewer;

	msf_give(st, ALICE, "SP_prelude", 1);	/* asked; she passes */
	msf_give(st, CAROL, "SP_prelude", 1);	/* the phase waits for her */
	msf_stages(st, quiet_chapel);		/* bob holds nothing */
	msf_do(st, ALICE, "PASS");
	assert_int_equal(ms_owing_seat(st), CAROL);
	for (viewer = ALICE; viewer <= ERIN; viewer++) {
		v = ms_view(st, viewer);
		pls = json_object_get(v, "players");
		assert_true(json_is_true(json_object_get(json_array_get(pls, ALICE),
		    "passed")));
		assert_true(json_is_true(json_object_get(json_array_get(pls, BOB),
		    "passed")));
		json_decref(v);
	}
	msf_done(st);
}

/* How many of viewer's events of type by actor are marked "hand_changed"
 * (-1: no such event). */
static int
hand_changed_of(const struct ms_state *st, int viewer, const char *type,
    int actor)
{
	json_t *evs = ms_events(st, viewer), *e;
	size_t i;
	int found = -1;

	assert_non_null(evs);
	json_array_foreach(evs, i, e)
		if (strcmp(json_string_value(json_object_get(e, "type")),
		    type) == 0 && strcmp(json_string_value(json_object_get(e,
		    "player")), msf_names[actor]) == 0)
			found = (found < 0 ? 0 : found) + json_is_true(
			    json_object_get(e, "hand_changed"));
	json_decref(evs);
	return found;
}

/* Whether any event, in any seat's view, is marked "hand_changed". */
static int
any_hand_changed(const struct ms_state *st)
{
	json_t *evs, *e;
	size_t i;
	int seat, n = 0;

	for (seat = 0; seat < st->nplayers; seat++) {
		evs = ms_events(st, seat);
		assert_non_null(evs);
		json_array_foreach(evs, i, e)
			n += json_is_true(json_object_get(e, "hand_changed"));
		json_decref(evs);
	}
	return n;
}

/* An Event that changes a hand marks it ("hand_changed") in that hand's
 * holder's view alone, so that the daemon mails them at once: before,
 * the Spells a Request for a Tune gave, or the ones Silence discarded
 * by itself (one kind only), were told to a player not to move only with
 * their next turn. The Stage phase's draws, each by the player's own
 * STAGE, are not marked, nor the prophet's own Spells: their own move. */
static void
test_event_hand_change_marked_for_its_holder(void **state)
{
	struct ms_state *st = turn(1);
	int i;

	msf_stages(st, quiet_chapel);
	assert_int_equal(any_hand_changed(st), 0);
	msf_pass_while(st, MS_PH_SPELL);
	msf_pass_while(st, MS_PH_CHALLENGE);
	msf_do(st, ERIN, "EVENT request for a tune");
	for (i = 0; i < st->nplayers; i++) {
		assert_int_equal(hand_changed_of(st, i, "receive", i),
		    i != ERIN);
		/* another's: marked for its holder only */
		assert_int_equal(hand_changed_of(st, i, "receive",
		    (i + 1) % st->nplayers), 0);
		assert_int_equal(hand_changed_of(st, MQ_VIEW_PUBLIC, "receive",
		    i), 0);
		assert_int_equal(hand_changed_of(st, MQ_VIEW_ADMIN, "receive",
		    i), 0);
	}
	msf_done(st);

	/* Silence, a hand of one kind: discarded by itself, nobody asked */
	st = turn(1);
	msf_give(st, ALICE, "SP_march", 5);
	msf_give(st, BOB, "SP_waltz", 4);
	prophecy(st);
	msf_do(st, ERIN, "EVENT silence");
	assert_int_equal(ms_hand_size(&st->p[ALICE]), 3);
	assert_int_equal(ms_hand_size(&st->p[BOB]), 3);
	assert_int_equal(st->phase, MS_PH_ORDER);
	assert_int_equal(hand_changed_of(st, ALICE, "discard", ALICE), 1);
	assert_int_equal(hand_changed_of(st, BOB, "discard", BOB), 1);
	assert_int_equal(hand_changed_of(st, ALICE, "discard", BOB), 0);
	assert_int_equal(hand_changed_of(st, CAROL, "discard", ALICE), 0);
	assert_int_equal(hand_changed_of(st, MQ_VIEW_PUBLIC, "discard", BOB),
	    0);
	msf_done(st);
}

/* Not an Event alone: whatever another player's move does to a hand is
 * marked for its holder, and the mover's own hand is not (their receipt
 * tells them). Before, only the Event phase's were: a Serenade's theft in
 * the thief's Spell phase, the Thief's on a fight its defender ended, the
 * Stage the game chose for the last dancer (its draws) came to the holder
 * only with their next turn mail. */
static void
test_another_s_move_hand_change_marked_for_its_holder(void **state)
{
	static const char *const arena_erin[MS_MAXP] = {
		"spring", "spring", "grand hall", "grand hall", "arena",
	};
	struct ms_state *st = turn(1);
	json_error_t je;
	struct mq_err err;
	json_t *j, *stage;
	void *data = NULL;
	size_t i;

	/* a Serenade: alice steals from bob in her Spell phase */
	msf_give(st, ALICE, "SP_serenade", 1);
	msf_give(st, ALICE, "SP_march", 1);
	msf_give(st, BOB, "SP_waltz", 1);
	msf_stages(st, quiet_chapel);
	msf_do(st, ALICE, "PLAY serenade PAY march ON bob");
	assert_int_equal(st->p[BOB].hand[msf_spell(st, "SP_waltz")], 0);
	assert_int_equal(hand_changed_of(st, BOB, "steal", ALICE), 1);
	assert_int_equal(hand_changed_of(st, ALICE, "steal", ALICE), 0);
	assert_int_equal(hand_changed_of(st, CAROL, "steal", ALICE), 0);
	assert_int_equal(hand_changed_of(st, MQ_VIEW_PUBLIC, "steal", ALICE),
	    0);
	assert_int_equal(hand_changed_of(st, MQ_VIEW_ADMIN, "steal", ALICE),
	    0);
	msf_done(st);

	/* the Thief: bob's PASS ends the fight erin won; erin draws and
	 * steals by bob's move, bob loses a Spell by his own */
	st = turn(1);
	msf_give(st, BOB, "SP_prelude", 2);
	msf_stages(st, arena_erin);
	msf_pass_while(st, MS_PH_SPELL);
	msf_do(st, ERIN, "CHALLENGE bob");
	msf_do(st, ERIN, "PASS");
	msf_do(st, BOB, "PASS");
	assert_int_equal(hand_changed_of(st, ERIN, "steal", ERIN), 1);
	assert_int_equal(hand_changed_of(st, ERIN, "draw", ERIN), 1);
	assert_int_equal(hand_changed_of(st, BOB, "steal", ERIN), 0);
	assert_int_equal(hand_changed_of(st, BOB, "draw", ERIN), 0);
	assert_int_equal(hand_changed_of(st, ALICE, "steal", ERIN), 0);
	msf_done(st);

	/* the last free Stage, chosen by the game (a card set of five
	 * one-dancer Stages, the host's own): erin's Library draws, by
	 * dave's STAGE */
	j = json_load_file(MSF_DATA_PATH, JSON_REJECT_DUPLICATES, &je);
	assert_non_null(j);
	for (i = json_array_size(json_object_get(j, "stages")); i-- > 0;) {
		stage = json_array_get(json_object_get(j, "stages"), i);
		if (strcmp(json_string_value(json_object_get(stage, "id")),
		    "ST5") == 0)
			assert_int_equal(json_array_remove(json_object_get(j,
			    "stages"), i), 0);
		else
			assert_int_equal(json_object_set_new(stage, "capacity",
			    json_integer(1)), 0);
	}
	mq_err_clear(&err);
	if (ms_data_load(j, &data, &err) != 0)
		fail_msg("five one-dancer Stages: %s", err.msg);
	json_decref(j);
	st = msf_setup(data, 5, 1);
	msf_stage_phase(st, 1, dancers, msf_orders5);
	msf_do(st, ALICE, "STAGE arena");
	msf_do(st, BOB, "STAGE chapel");
	msf_do(st, CAROL, "STAGE grand hall");
	msf_do(st, DAVE, "STAGE tower");
	assert_int_equal(st->p[ERIN].stage, msf_stage(st, "ST4"));
	assert_int_equal(ms_hand_size(&st->p[ERIN]), 2);
	assert_int_equal(hand_changed_of(st, ERIN, "draw", ERIN), 2);
	assert_int_equal(hand_changed_of(st, DAVE, "draw", ERIN), 0);
	assert_int_equal(hand_changed_of(st, MQ_VIEW_PUBLIC, "draw", ERIN), 0);
	msf_done(st);
	ms_data_free(data);
}

/* A Spell phase's PASS is told to everyone (an event "pass"): before, it
 * recorded nothing, and no mail said that the player had passed. The
 * game's own pass of a hand with nothing it could play is told alike,
 * and only its player reads why ("none_playable"). */
static int
pass_event_of(const struct ms_state *st, int viewer, int actor)
{
	json_t *evs = ms_events(st, viewer), *e;
	size_t i;
	int found = -1;

	json_array_foreach(evs, i, e)
		if (strcmp(json_string_value(json_object_get(e, "type")),
		    "pass") == 0 && strcmp(json_string_value(json_object_get(e,
		    "player")), msf_names[actor]) == 0)
			found = json_is_true(json_object_get(e,
			    "none_playable"));
	json_decref(evs);
	return found;
}

static void
test_spell_phase_pass_is_told(void **state)
{
	struct ms_state *st = turn(1);
	int viewer;

	msf_give(st, ALICE, "SP_prelude", 1);	/* asked; she passes */
	msf_give(st, CAROL, "SP_prelude", 1);	/* the phase waits for her */
	msf_stages(st, quiet_chapel);		/* bob holds nothing */
	msf_do(st, ALICE, "PASS");
	for (viewer = ALICE; viewer <= ERIN; viewer++) {
		assert_int_equal(pass_event_of(st, viewer, ALICE), 0);
		/* bob's pass is told as alice's is; why, to bob alone */
		assert_int_equal(pass_event_of(st, viewer, BOB),
		    viewer == BOB);
	}
	assert_int_equal(pass_event_of(st, MQ_VIEW_ADMIN, BOB), 1);
	msf_done(st);
}

/* A deadline's default is told to the others as the table shows it: not
 * the Spells a KEEP put into a secret hand (nor a BANK's); a DISCARD's go
 * to the tomb face up, an Order, a Stage, a PASS are public. */
static void
test_default_told_to_others_as_the_table_shows_it(void **state)
{
	static const int told[][2] = {
		{ MS_C_KEEP, 0 }, { MS_C_BANK, 0 }, { MS_C_DISCARD, 1 },
		{ MS_C_ORDER, 1 }, { MS_C_STAGE, 1 }, { MS_C_PASS, 1 },
		{ MS_C_DANCER, 1 }, { MS_C_EVENT, 1 }, { MS_C_SWAP, 1 },
	};
	struct ms_state *st = turn(1);
	struct mq_cmd cmd;
	size_t i;

	for (i = 0; i < sizeof(told) / sizeof(told[0]); i++) {
		memset(&cmd, 0, sizeof(cmd));
		ms_cmd_of(&cmd)->type = (uint8_t)told[i][0];
		assert_int_equal(ms_default_told(st, ALICE, &cmd), told[i][1]);
	}
	msf_done(st);
}

/* ---- Player count ---- */

static void
test_player_count_3_to_5(void **state)
{
	struct mq_setup s;
	struct mq_err err;
	void *st = NULL;
	int n, i;

	for (n = 2; n <= 6; n++) {
		memset(&s, 0, sizeof(s));
		s.nplayers = n;
		for (i = 0; i < n && i < MS_MAXP; i++)
			s.names[i] = msf_names[i];
		for (; i < n; i++)
			s.names[i] = "extra";
		if (n >= 3 && n <= 5) {
			assert_int_equal(ms_setup(msf_data, &s, &st, &err), 0);
			free(st);
		} else {
			assert_int_equal(ms_setup(msf_data, &s, &st, &err), MQ_REFUSED);
			assert_non_null(strstr(err.msg, "3 to 5"));
		}
	}
}

/* A line that starts with a command word (any language) names a command:
 * refused, the lines after it in the mail wait; prose, and a line that
 * starts with a word of a command's middle (PAY, ON), does not. */
static void
test_names_command_tells_commands_from_prose(void **state)
{
	enum { P = MQ_LINE_PROSE, C = MQ_LINE_COMMAND, D = MQ_LINE_DOUBT };
	static const struct { const char *line; int cmd; } c[] = {
		{ "PLAY fugue", C }, { "play nosuchspell", D }, { "PASS", C },
		{ "パス", C }, { "挑战 bob", C }, { "DANCER thief", C },
		{ "STAGE: tower", C }, { "HELP", C }, { "pass", C },
		/* a typo of one is one the player meant */
		{ "PASSS", C }, { "Dancre thief", C }, { "CHALENGE bob", C },
		{ "Discrad fugue", C }, { "DISCRAD", C }, { "pss", C },
		{ "PASS2", P }, { "DANCERthief", C }, { "Passover", P },
		/* a word for pass the rules do not have: PASS meant,
		 * refused with it, not chat (found by players by mail) */
		{ "SKIP", C }, { "skip", C }, { "スキップ", C },
		{ "Skip the small talk, I am in", P },
		/* prose, near as it may be */
		{ "Past midnight already", P }, { "Back soon", P },
		{ "Even so,", P }, { "Keen to play", P }, { "Back in 5", P },
		{ "Even so, I will play", P }, { "Dancers, take the stage!", P },
		{ "Past 2 rounds were fun", P },
		{ "Gone for the weekend, done soon", P },
		{ "Held up at work, will play later", P },
		/* a command word in a sentence */
		{ "Challenge accepted!", P }, { "Keep it up", D },
		{ "Pass the salt", D }, { "Reveal all", D },
		{ "hello", P }, { "On my way!", P }, { "pay me later", P },
		{ "Thanks for the game!", P }, { "よろしくお願いします", P },
		{ "Cheers", P }, { "Hi all,", P }, { "ok", P },
		{ "Way to go!", P },		/* one from PAY, which starts none */
		/* a keyword run into a name or a player: parted, a command;
		 * into other words: prose, as people chat (the first cut of
		 * the parting refused these; found by a code review) */
		{ "挑战bob", C }, { "使用进行曲", C }, { "・使用进行曲", C },
		{ "1.使用进行曲", C }, { "オーダー４", C },
		{ "パスしたい", P }, { "チャレンジしたいです", P },
		{ "オーダーについて質問です", P }, { "不出意外的话", P },
		{ "使用说明看不懂", P }, { "顺序不对吧", P }, { "公开信", P },
		{ "チャレンジbobさん", P },
		/* a card's name alone: a command without its word, refused
		 * with the one meant (found by players by mail); in a
		 * sentence, prose */
		{ "tower", C }, { "Grand Hall", C }, { "塔", C }, { "盗賊", C },
		{ "wait 5", C }, { "nocturne", C }, { "Spring is here", P },
		{ "tower please", P },
	};
	struct ms_state *st = msf_setup(msf_data, 4, 1);
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		if (mq_masquerade_kind.names_command(st, c[i].line) != c[i].cmd)
			fail_msg("names_command(\"%s\") is not %d", c[i].line,
			    c[i].cmd);
	msf_done(st);
}

/* A mistyped command word, put right on the next line: the command its
 * refusal names, of one choice or with the same words after it (found by
 * players by mail: DANCRE thief, then DANCER thief, both refused). */
static void
test_word_put_right(void **state)
{
	static const struct { const char *prev, *line; int fix; } c[] = {
		{ "DANCRE thief", "DANCER thief", 1 },
		{ "DANCRE theif", "DANCER thief", 1 },
		{ "STAEG arena", "ステージ arena", 1 },
		{ "STAEG library", "舞台 library", 1 },
		{ "ODRER 3", "ORDER 3", 1 },
		{ "ODRER 3", "ORDER 4", 1 },
		{ "PSAS", "PASS", 1 }, { "PSAS", "パス", 1 },
		{ "PLYA waltz", "PLAY waltz", 1 },
		{ "DANCERthief", "DANCER thief", 1 },
		/* both may be meant; another command; no typo above */
		{ "PLYA waltz", "PLAY march", 0 }, { "PSAS", "REVEAL", 0 },
		{ "DANCRE thief", "STAGE thief", 0 },
		{ "DANCER theif", "DANCER thief", 0 },
		{ "hello", "DANCER thief", 0 },
		{ "PSAS", "PSAS", 0 },
		/* a card's name alone, then the command its refusal names
		 * ("did you mean STAGE tower?"), in any language; a Spell's,
		 * any the seat may owe for it; not another card or kind */
		{ "tower", "STAGE tower", 1 }, { "tower", "ステージ tower", 1 },
		{ "thief", "DANCER thief", 1 }, { "waltz", "PLAY waltz", 1 },
		{ "waltz", "DISCARD waltz", 1 }, { "wait 5", "ORDER 5", 1 },
		{ "wait 5", "ORDER wait 5", 1 },
		{ "tower", "STAGE arena", 0 }, { "tower", "DANCER tower", 0 },
		{ "thief", "STAGE thief", 0 }, { "waltz", "PLAY march", 0 },
		{ "waltz", "DISCARD waltz march", 0 }, { "tower", "STAGE", 0 },
		{ "wait 5", "ORDER 4", 0 }, { "tower", "tower", 0 },
		/* a Spell's name mistyped, then the same Spells (found by
		 * a player: 捨てる 円舞局 子守唄, then 捨てる 円舞曲 子守唄);
		 * not another list of Spells, which adds to it */
		{ "捨てる 円舞局 子守唄", "捨てる 円舞曲 子守唄", 1 },
		{ "DISCARD walts lullaby", "DISCARD waltz lullaby", 1 },
		{ "DISCARD walts", "捨てる 円舞曲", 1 },
		{ "KEEP walts", "KEEP waltz", 1 },
		{ "PLAY walts", "PLAY waltz", 1 },
		{ "DISCARD walts lullaby", "DISCARD waltz march", 0 },
		{ "DISCARD walts lullaby", "DISCARD waltz", 0 },
		{ "DISCARD waltz", "DISCARD march", 0 },
		{ "DISCARD walts", "KEEP waltz", 0 },
		{ "DISCARD walts", "DISCARD walts", 0 },
	};
	struct ms_state *st = msf_setup(msf_data, 4, 1);
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		if (mq_masquerade_kind.word_put_right(st, c[i].prev,
		    c[i].line) != c[i].fix)
			fail_msg("word_put_right(\"%s\", \"%s\") is not %d",
			    c[i].prev, c[i].line, c[i].fix);
	msf_done(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_command_tells_commands_from_prose),
		cmocka_unit_test(test_word_put_right),
		cmocka_unit_test(test_setup_spell_deck_shuffled_face_down),
		cmocka_unit_test(test_setup_guardians_in_number_order_1_on_top),
		cmocka_unit_test(test_setup_event_deck_face_up),
		cmocka_unit_test(test_setup_emblems_and_stages_laid_out),
		cmocka_unit_test(test_setup_one_secret_mask_each),
		cmocka_unit_test(test_setup_one_order_each_face_up),
		cmocka_unit_test(test_setup_dancers_chosen_in_descending_order),
		cmocka_unit_test(test_setup_orders_dealt_are_turn_1s_without_effect),
		cmocka_unit_test(test_order_phase_ascending_last_numbers_never_the_same),
		cmocka_unit_test(test_order_phase_own_last_order_when_only_one_left),
		cmocka_unit_test(test_order_phase_all_five_in_play_number_is_place),
		cmocka_unit_test(test_stage_phase_capacity),
		cmocka_unit_test(test_stage_phase_capacity_as_printed),
		cmocka_unit_test(test_stage_phase_effects_right_after_choosing),
		cmocka_unit_test(test_stage_phase_draws_name_their_card),
		cmocka_unit_test(test_spell_phase_cost_is_level_other_spells),
		cmocka_unit_test(test_spell_phase_any_number_then_pass),
		cmocka_unit_test(test_spell_phase_in_sequence_nobody_without_a_play_is_asked),
		cmocka_unit_test(test_spell_cost_modifier_with_a_floor),
		cmocka_unit_test(test_hand_limit_draw_past_it_does_not_happen),
		cmocka_unit_test(test_hand_limit_dancer_set_then_treasure_add),
		cmocka_unit_test(test_hand_limit_request_for_a_tune_keeps_what_fits),
		cmocka_unit_test(test_hand_limit_request_for_a_tune_tells_the_tomb),
		cmocka_unit_test(test_follows_a_line_pasted_twice_is_moot),
		cmocka_unit_test(test_hand_limit_request_for_a_tune_none_kept_is_pass),
		cmocka_unit_test(test_hand_limit_eternal_prisoner_discards_to_3),
		cmocka_unit_test(test_hand_limit_drop_below_hand_discards_at_once),
		cmocka_unit_test(test_renewal_tomb_shuffled_when_deck_empties),
		cmocka_unit_test(test_renewal_empty_tomb_deck_stays_empty),
		cmocka_unit_test(test_renewal_told_in_the_order_it_happened),
		cmocka_unit_test(test_renewal_even_after_an_end_condition),
		cmocka_unit_test(test_renewal_late_from_the_tomb_on_a_reveal),
		cmocka_unit_test(test_renewal_late_from_the_tomb_on_a_draw),
		cmocka_unit_test(test_tower_must_challenge_top_guardian_win_takes_treasure),
		cmocka_unit_test(test_win_and_event_draws_name_their_source),
		cmocka_unit_test(a_zero_part_is_signed),
		cmocka_unit_test(test_tower_reveal_adds_level_loss_costs_life_guardian_stays),
		cmocka_unit_test(test_tower_tie_nothing),
		cmocka_unit_test(test_tower_guardian_loss_life_two),
		cmocka_unit_test(test_tower_guardian_flips_two),
		cmocka_unit_test(test_tower_challenge_spells_only_any_number),
		cmocka_unit_test(test_tower_guardian_locks_the_mask),
		cmocka_unit_test(test_tower_guardian_raises_spell_costs),
		cmocka_unit_test(test_challenge_phase_in_order_sequence),
		cmocka_unit_test(test_arena_challenge_any_dancer_on_any_stage),
		cmocka_unit_test(test_arena_windows_challenger_then_defender),
		cmocka_unit_test(test_arena_winner_draws_may_bank_loser_loses_life),
		cmocka_unit_test(test_arena_challenged_winner_draws_may_bank),
		cmocka_unit_test(test_arena_tie_nothing),
		cmocka_unit_test(test_arena_lullaby_takes_power_from_the_other_side),
		cmocka_unit_test(test_arena_thief_steals_on_a_win),
		cmocka_unit_test(test_arena_thief_of_the_tower_steals_nothing),
		cmocka_unit_test(test_arena_counter_not_a_spell_nor_in_the_hand_limit),
		cmocka_unit_test(test_mask_reveal_once_plus_3_then_scores_nothing),
		cmocka_unit_test(test_mask_defender_may_reveal),
		cmocka_unit_test(test_mask_reveal_only_in_a_challenge_one_takes_part_in),
		cmocka_unit_test(test_life_starts_at_2_within_0_and_2),
		cmocka_unit_test(test_life_zero_no_challenge_but_can_be_challenged),
		cmocka_unit_test(test_power_in_parts),
		cmocka_unit_test(a_fight_result_keeps_power_in_parts),
		cmocka_unit_test(a_fight_result_without_room_gives_totals),
		cmocka_unit_test(test_life_zero_power_counts_zero_modifiers_apply),
		cmocka_unit_test(test_life_zero_told_in_result),
		cmocka_unit_test(test_prohibition_wins_defend_3_in_tower),
		cmocka_unit_test(test_prohibition_wins_defend_3_in_arena),
		cmocka_unit_test(test_defend_3_cannot_be_challenged_as_vp_leader),
		cmocka_unit_test(test_prohibition_wins_no_duel_for_a_prophet_who_cannot_challenge),
		cmocka_unit_test(test_event_prophet_chooses_any_event),
		cmocka_unit_test(test_event_no_prophet_no_event),
		cmocka_unit_test(test_event_used_event_cannot_be_chosen_again),
		cmocka_unit_test(test_event_change_of_partner_keeps_the_rest),
		cmocka_unit_test(test_event_prayer_of_healing_heals_everyone),
		cmocka_unit_test(test_event_oracle_draw_then_optional_bank),
		cmocka_unit_test(test_event_oracle_bank_accepted),
		cmocka_unit_test(test_event_request_for_a_tune_prophet_2_others_1),
		cmocka_unit_test(test_event_divine_judgement_vp_leaders_lose_life),
		cmocka_unit_test(test_event_divine_judgement_leader_at_0_told),
		cmocka_unit_test(test_event_divine_judgement_names_leaders),
		cmocka_unit_test(test_event_silence_others_discard_to_3),
		cmocka_unit_test(test_event_hand_change_marked_for_its_holder),
		cmocka_unit_test(test_another_s_move_hand_change_marked_for_its_holder),
		cmocka_unit_test(test_event_silence_refusals_say_down_to_3),
		cmocka_unit_test(test_refusal_examples_accepted_as_written),
		cmocka_unit_test(test_spell_phase_refusal_to_another_player_says_their),
		cmocka_unit_test(test_hand_limit_request_for_a_tune_keep_refusals),
		cmocka_unit_test(test_event_proclamation_of_duel),
		cmocka_unit_test(test_event_pilgrimage_heals_full_and_draws),
		cmocka_unit_test(test_emblem_first_to_reach_minimum_takes_it),
		cmocka_unit_test(test_emblem_passes_on_strictly_more),
		cmocka_unit_test(test_emblem_taken_at_once_after_a_prophecy_or_a_win),
		cmocka_unit_test(test_emblem_taken_after_a_stage_phase_heal),
		cmocka_unit_test(test_vp_leader_ties_and_zero),
		cmocka_unit_test(test_end_at_turn_end_when_guardians_gone),
		cmocka_unit_test(test_end_when_event_deck_empty),
		cmocka_unit_test(test_end_when_deck_ran_out_once_per_player),
		cmocka_unit_test(test_end_scoring_and_tie_to_lowest_order),
		cmocka_unit_test(test_hidden_information_hands_and_counters),
		cmocka_unit_test(test_hidden_information_public_board),
		cmocka_unit_test(test_hidden_information_recap_since_last_move),
		cmocka_unit_test(test_hidden_information_a_skipped_player_looks_passed),
		cmocka_unit_test(test_spell_phase_pass_is_told),
		cmocka_unit_test(test_default_told_to_others_as_the_table_shows_it),
		cmocka_unit_test(test_player_count_3_to_5),
	};

	return cmocka_run_group_tests(tests, msf_group_setup,
	    msf_group_teardown);
}
