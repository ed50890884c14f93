/*
 * test_ms_check.c - The Masquerade's invariants (ms_check): a state built by
 * hand from the card set passes; each invariant broken alone is reported
 * with its sentence; and games the bots play from setup to the end keep
 * every invariant after every command, the bots sending nothing apply
 * refuses; and they are deterministic: the same seed and moves give the
 * same bytes and show every viewer the same views and events, refused
 * commands in between or not.
 *
 * The card set is config/games/masquerade.json when the tree has one, else
 * the rules' masquerade-cards.json (MQ_SHARED, or ../shared).
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
#include <sodium.h>

#include "err.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "engine/masquerade/ms.h"

static const struct ms_data *data;
static void *data_owned;

static const char *const names[MS_MAXP] = {
	"alice", "bob", "carol", "dave", "erin",
};
enum { ALICE, BOB, CAROL };

static int
group_setup(void **state)
{
	const char *sh = getenv("MQ_SHARED");
	char path[512];
	json_error_t je;
	struct mq_err err;
	json_t *j;

	(void)state;
	if (sodium_init() < 0)
		return -1;
	j = json_load_file("config/games/masquerade.json", JSON_REJECT_DUPLICATES,
	    &je);
	if (j == NULL) {
		snprintf(path, sizeof(path), "%s/rules/masquerade-cards.json",
		    sh && *sh ? sh : "../shared");
		j = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	}
	if (j == NULL) {
		fprintf(stderr, "cannot read the card set (set MQ_SHARED): %s\n",
		    je.text);
		return -1;
	}
	mq_err_clear(&err);
	if (ms_data_load(j, &data_owned, &err) != 0) {
		fprintf(stderr, "cannot load the card set: %s\n", err.msg);
		json_decref(j);
		return -1;
	}
	json_decref(j);
	data = data_owned;
	return 0;
}

static int
group_teardown(void **state)
{
	(void)state;
	ms_data_free(data_owned);
	return 0;
}

/* Cards by English name or rule, so the test does not lean on ids. */
static int
spell(const char *en)
{
	int k;

	for (k = 0; k < data->nspells; k++)
		if (strcmp(data->spell[k].nm.name[0], en) == 0)
			return k;
	fail_msg("no Spell %s", en);
	return -1;
}

static int
dancer(const char *en)
{
	int k;

	for (k = 0; k < data->ndancers; k++)
		if (strcmp(data->dancer[k].nm.name[0], en) == 0)
			return k;
	fail_msg("no Dancer %s", en);
	return -1;
}

static int
stage(const char *en)
{
	int k;

	for (k = 0; k < data->nstages; k++)
		if (strcmp(data->stage[k].nm.name[0], en) == 0)
			return k;
	fail_msg("no Stage %s", en);
	return -1;
}

/* Move one Spell of a kind from the deck (it must be there) to *to. */
static void
from_deck(struct ms_state *st, int kind, uint8_t *to)
{
	int i;

	for (i = st->deck_n - 1; i >= 0; i--)
		if (st->deck[i] == kind) {
			memmove(&st->deck[i], &st->deck[i + 1],
			    (size_t)(st->deck_n - i - 1));
			st->deck_n--;
			(*to)++;
			return;
		}
	fail_msg("no %s left in the deck", data->spell[kind].nm.name[0]);
}

/* Move the deck's top n Spells into a seat's hand. */
static void
deal(struct ms_state *st, int seat, int n)
{
	for (; n > 0; n--) {
		assert_true(st->deck_n > 0);
		st->p[seat].hand[st->deck[--st->deck_n]]++;
	}
}

/*
 * A sound table in turn 2's Spell phase, three players: alice (Blade Dancer,
 * Order 1) in the Chapel, bob (Bard, Order 2, holding the first Guardian's
 * Treasure) in the Library, carol (Sorcerer, Order 3) in the Arena. Hands,
 * a counter and the tomb come from the deck; the first Event has happened.
 */
static struct ms_state *
sound(void)
{
	struct ms_state *st = calloc(1, sizeof(*st));
	int i, k, n = 0, march = spell("March"), waltz = spell("Waltz");

	assert_non_null(st);
	st->data = data;
	st->nplayers = 3;
	st->phase = MS_PH_SPELL;
	st->turn = 2;
	st->prophet = -1;
	st->winner = -1;
	for (k = 0; k < data->nspells; k++)
		for (i = 0; i < data->spell[k].copies; i++)
			st->deck[n++] = (uint8_t)k;
	st->deck_n = n;
	for (i = 0; i < MS_EMBLEMS; i++)
		st->emblem_holder[i] = -1;
	st->events_left = (uint16_t)(((1u << data->nevents) - 1) & ~1u);
	st->event_tomb[0] = 0;
	st->nevent_tomb = 1;
	st->guardian_next = 1;
	for (i = 0; i < 3; i++) {
		struct ms_player *pl = &st->p[i];

		snprintf(pl->name, sizeof(pl->name), "%s", names[i]);
		pl->mask = pl->mask_dealt = (int8_t)i;
		pl->order = (int8_t)(i + 1);
		pl->last_order = (int8_t)(3 - i);
		pl->life = (int8_t)data->start_life;
	}
	st->p[ALICE].dancer = (int8_t)dancer("Blade Dancer");
	st->p[BOB].dancer = (int8_t)dancer("Bard");
	st->p[CAROL].dancer = (int8_t)dancer("Sorcerer");
	for (k = 0; k < data->ndancers; k++)
		if (k != st->p[ALICE].dancer && k != st->p[BOB].dancer &&
		    k != st->p[CAROL].dancer)
			st->dancers_aside |= (uint8_t)(1u << k);
	st->p[ALICE].stage = (int8_t)stage("Chapel");
	st->p[BOB].stage = (int8_t)stage("Library");
	st->p[CAROL].stage = (int8_t)stage("Arena");
	st->p[BOB].treasures = 1;
	from_deck(st, march, &st->p[ALICE].hand[march]);
	from_deck(st, waltz, &st->p[ALICE].hand[waltz]);
	from_deck(st, waltz, &st->p[BOB].hand[waltz]);
	from_deck(st, march, &st->p[CAROL].banked[march]);
	from_deck(st, march, &st->tomb[march]);
	from_deck(st, spell("Rhapsody"), &st->tomb[spell("Rhapsody")]);
	return st;
}

/* ms_check fails MQ_REFUSED with a sentence that begins with want. */
static void
broken(struct ms_state *st, const char *want)
{
	struct mq_err err;

	mq_err_clear(&err);
	assert_int_equal(ms_check(st, &err), MQ_REFUSED);
	if (strncmp(err.msg, want, strlen(want)) != 0)
		fail_msg("ms_check said \"%s\", not \"%s...\"", err.msg, want);
	free(st);
}

static void
passes(struct ms_state *st)
{
	struct mq_err err;

	mq_err_clear(&err);
	if (ms_check(st, &err) != 0)
		fail_msg("a sound state refused: %s", err.msg);
	free(st);
}

static void
test_sound_state_passes(void **state)
{
	struct ms_state *st = sound();

	(void)state;
	passes(st);
	/* so are its variants the rules allow */
	st = sound();
	st->phase = MS_PH_EVENT;
	st->prophet = ALICE;
	passes(st);
	st = sound();
	st->phase = MS_PH_ORDER;
	st->p[ALICE].order = st->p[BOB].order = 0;
	passes(st);
	st = sound();
	st->phase = MS_PH_OVER;
	st->winner = CAROL;
	passes(st);
	st = sound();
	st->p[BOB].mask = -1;
	passes(st);
}

static void
test_spells_accounted_for(void **state)
{
	struct ms_state *st;
	int march = spell("March"), waltz = spell("Waltz");

	(void)state;
	st = sound();
	st->p[BOB].hand[march]++;	/* from nowhere */
	broken(st, "invariant \"every Spell accounted for\" broken: 7 March");
	st = sound();
	st->deck_n--;			/* the top card lost */
	broken(st, "invariant \"every Spell accounted for\" broken:");
	st = sound();
	st->tomb[spell("Rhapsody")]--;	/* a Rhapsody for a March: the */
	st->tomb[march]++;		/* total is right, a kind is not */
	broken(st, "invariant \"every Spell accounted for\" broken: 7 March");
	st = sound();
	st->p[CAROL].banked[waltz]++;
	broken(st, "invariant \"every Spell accounted for\" broken: 6 Waltz");
	st = sound();
	st->deck[0] = (uint8_t)data->nspells;
	broken(st, "invariant \"every Spell accounted for\" broken: card 0 of "
	    "the deck is of no Spell kind");
	st = sound();
	st->deck_n = MS_DECK + 1;
	broken(st, "invariant \"every Spell accounted for\" broken: the deck "
	    "holds 65 cards");
}

/* The Spells a KEEP offers are counted: taken from the deck they are sound,
 * on top of it they are one too many. */
static void
test_spells_on_offer_counted(void **state)
{
	struct ms_state *st;
	int waltz = spell("Waltz");

	(void)state;
	st = sound();
	st->npend = 1;
	st->pend[0].kind = MS_P_KEEP;
	st->pend[0].seat = BOB;
	from_deck(st, waltz, &st->pend[0].held[waltz]);
	passes(st);
	st = sound();
	st->npend = 1;
	st->pend[0].kind = MS_P_KEEP;
	st->pend[0].seat = BOB;
	st->pend[0].held[waltz] = 1;
	broken(st, "invariant \"every Spell accounted for\" broken: 6 Waltz");
}

static void
test_life_in_range(void **state)
{
	struct ms_state *st;

	(void)state;
	st = sound();
	st->p[BOB].life = (int8_t)(data->max_life + 1);
	broken(st, "invariant \"life within 0 and the most\" broken: bob has "
	    "3 life, of at most 2.");
	st = sound();
	st->p[CAROL].life = -1;
	broken(st, "invariant \"life within 0 and the most\" broken: carol has "
	    "-1 life");
	st = sound();
	st->p[CAROL].life = 0;
	passes(st);
}

static void
test_stage_capacity(void **state)
{
	struct ms_state *st;

	(void)state;
	st = sound();
	st->p[BOB].stage = st->p[ALICE].stage;	/* the Chapel holds one */
	broken(st, "invariant \"a Stage holds at most its capacity\" broken: "
	    "2 dancers are in the Chapel, of 1.");
	st = sound();
	st->p[ALICE].stage = st->p[BOB].stage;	/* the Library holds two */
	passes(st);
	st = sound();
	st->p[ALICE].stage = (int8_t)data->nstages;
	broken(st, "invariant \"a Stage holds at most its capacity\" broken: "
	    "alice is on stage 6.");
}

static void
test_orders_distinct(void **state)
{
	struct ms_state *st;
	static const int phases[] = { MS_PH_STAGE, MS_PH_SPELL,
	    MS_PH_CHALLENGE, MS_PH_EVENT };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(phases) / sizeof(phases[0]); i++) {
		st = sound();
		st->phase = phases[i];
		st->p[CAROL].order = 1;
		broken(st, "invariant \"Orders 1 to 5, all different\" broken: "
		    "carol holds Order 1, which another player holds too.");
	}
	st = sound();
	st->p[BOB].order = 0;
	broken(st, "invariant \"Orders 1 to 5, all different\" broken: bob "
	    "holds Order 0.");
	st = sound();
	st->p[BOB].order = 6;
	broken(st, "invariant \"Orders 1 to 5, all different\" broken: bob "
	    "holds Order 6.");
	st = sound();			/* while choosing, not checked */
	st->phase = MS_PH_ORDER;
	st->p[CAROL].order = 1;
	passes(st);
}

static void
test_dancer_one_place(void **state)
{
	struct ms_state *st;

	(void)state;
	st = sound();
	st->p[CAROL].dancer = st->p[ALICE].dancer;
	broken(st, "invariant \"a dancer is one player's at most\" broken: "
	    "alice and carol both dance Blade Dancer.");
	st = sound();
	st->dancers_aside |= (uint8_t)(1u << st->p[BOB].dancer);
	broken(st, "invariant \"a dancer is one player's at most\" broken: "
	    "bob dances Bard, which is also set aside.");
	st = sound();
	st->p[BOB].dancer = (int8_t)data->ndancers;
	broken(st, "invariant \"a dancer is one player's at most\" broken: "
	    "bob has dancer 6.");
	st = sound();
	st->dancers_aside |= (uint8_t)(1u << data->ndancers);
	broken(st, "invariant \"a dancer is one player's at most\" broken: "
	    "a dancer the card set does not have is set aside.");
}

static void
test_treasures_won_once(void **state)
{
	struct ms_state *st;

	(void)state;
	st = sound();
	st->p[ALICE].treasures = 1u << 3;	/* Guardian 4: still to fight */
	broken(st, "invariant \"Treasures come from the Guardians won\" broken: "
	    "alice holds the Treasure of Guardian 4, not yet won.");
	st = sound();
	st->p[CAROL].treasures = 1;		/* bob holds it */
	broken(st, "invariant \"a Treasure is one player's at most\" broken: "
	    "carol holds the Treasure of Guardian 1, which another player "
	    "holds too.");
	st = sound();
	st->guardian_next = data->nguardians + 1;
	broken(st, "invariant \"the Guardians are a deck\" broken: the top "
	    "Guardian is number 9 of 8.");
}

static void
test_emblem_holder_agrees(void **state)
{
	struct ms_state *st;

	(void)state;
	st = sound();
	st->emblem_holder[0] = ALICE;
	st->p[ALICE].emblems = 1;
	passes(st);
	st = sound();
	st->emblem_holder[0] = ALICE;		/* her bit not set */
	broken(st, "invariant \"an Emblem is where its holder says\" broken: "
	    "the Emblem of Valor is alice's, but alice does not hold it.");
	st = sound();
	st->emblem_holder[0] = ALICE;
	st->p[ALICE].emblems = 1;
	st->p[CAROL].emblems = 1;		/* a second holder */
	broken(st, "invariant \"an Emblem is where its holder says\" broken: "
	    "the Emblem of Valor is alice's, but carol holds it.");
	st = sound();
	st->p[BOB].emblems = 1u << 1;		/* held by nobody, says the list */
	broken(st, "invariant \"an Emblem is where its holder says\" broken: "
	    "the Emblem of the Gladiator is nobody's, but bob holds it.");
	st = sound();
	st->p[BOB].emblems = (uint8_t)(1u << data->nemblems);
	broken(st, "invariant \"an Emblem is where its holder says\" broken: "
	    "bob holds an Emblem the card set does not have.");
}

static void
test_events_deck_and_tomb(void **state)
{
	struct ms_state *st;

	(void)state;
	st = sound();
	st->events_left |= 1;			/* happened and still to happen */
	broken(st, "invariant \"every Event in the deck or the tomb, once\" "
	    "broken: Request for a Tune is in both the deck and the tomb.");
	st = sound();
	st->events_left &= (uint16_t)~2u;	/* lost */
	broken(st, "invariant \"every Event in the deck or the tomb, once\" "
	    "broken: Change of Partner is in neither.");
	st = sound();
	st->event_tomb[1] = 0;
	st->nevent_tomb = 2;
	broken(st, "invariant \"every Event in the deck or the tomb, once\" "
	    "broken: Request for a Tune is in the tomb twice.");
	st = sound();
	st->events_left |= (uint16_t)(1u << data->nevents);
	broken(st, "invariant \"every Event in the deck or the tomb, once\" "
	    "broken: the Event deck holds an Event the card set does not "
	    "have.");
}

static void
test_prophet_in_chapel(void **state)
{
	struct ms_state *st;

	(void)state;
	st = sound();
	st->phase = MS_PH_EVENT;
	st->prophet = BOB;			/* in the Library */
	broken(st, "invariant \"the prophet is the dancer in the Chapel\" "
	    "broken: bob is the prophet but is elsewhere.");
	st = sound();
	st->prophet = ALICE;
	st->p[ALICE].stage = -1;
	broken(st, "invariant \"the prophet is the dancer in the Chapel\" "
	    "broken: alice is the prophet but is on no stage.");
	st = sound();
	st->prophet = 3;			/* no such seat */
	broken(st, "invariant \"the prophet is the dancer in the Chapel\" "
	    "broken: the prophet is seat 3.");
}

static void
test_pending_bounded(void **state)
{
	struct ms_state *st;

	(void)state;
	st = sound();
	st->npend = MS_MAXPEND + 1;
	broken(st, "invariant \"at most 8 pending decisions\" broken: there "
	    "are 9.");
	st = sound();
	st->npend = 1;
	st->pend[0].kind = MS_P_BANK;
	st->pend[0].seat = 3;
	broken(st, "invariant \"at most 8 pending decisions\" broken: decision "
	    "0 is of kind 3 for seat 3.");
}

/* alice's limit is 5; bob's (Bard 6, Silver Bell +1) 7. */
static void
test_hand_within_limit(void **state)
{
	struct ms_state *st;
	int prelude = spell("Prelude"), nocturne = spell("Nocturne"), i;

	(void)state;
	st = sound();
	deal(st, ALICE, 4);
	broken(st, "invariant \"hands within their limit\" broken: alice holds "
	    "6 Spells, over their limit of 5, and owes no discard.");
	st = sound();
	deal(st, ALICE, 4);
	st->npend = 1;
	st->pend[0].kind = MS_P_DISCARD;
	st->pend[0].seat = ALICE;
	st->pend[0].n = 5;
	passes(st);
	st = sound();
	for (i = 0; i < 3; i++) {
		from_deck(st, prelude, &st->p[BOB].hand[prelude]);
		from_deck(st, nocturne, &st->p[BOB].hand[nocturne]);
	}
	passes(st);			/* 7 of 7 */
	st = sound();
	st->npend = 1;			/* a discard owed by another seat */
	st->pend[0].kind = MS_P_DISCARD;
	st->pend[0].seat = BOB;
	deal(st, ALICE, 4);
	broken(st, "invariant \"hands within their limit\" broken: alice holds "
	    "6 Spells");
}

static void
test_phase_in_range(void **state)
{
	struct ms_state *st;

	(void)state;
	st = sound();
	st->phase = MS_PH_OVER + 1;
	broken(st, "invariant \"the phase is one of the game's\" broken: phase "
	    "7 is not.");
	st = sound();
	st->phase = -1;
	broken(st, "invariant \"the phase is one of the game's\" broken: phase "
	    "-1 is not.");
	st = sound();
	st->nplayers = 6;
	broken(st, "invariant \"3 to 5 players\" broken: the game has 6.");
}

static void
test_winner_only_when_over(void **state)
{
	struct ms_state *st;

	(void)state;
	st = sound();
	st->winner = BOB;
	broken(st, "invariant \"a winner only when the game is over\" broken: "
	    "bob has won before the end.");
	st = sound();
	st->phase = MS_PH_OVER;
	st->winner = 3;
	broken(st, "invariant \"a winner only when the game is over\" broken: "
	    "the winner is seat 3.");
}

static void
test_mask_is_the_dealt_one(void **state)
{
	struct ms_state *st;

	(void)state;
	st = sound();
	st->p[CAROL].mask = 0;			/* alice's */
	broken(st, "invariant \"a Mask is the one dealt or none\" broken: "
	    "carol holds Lion Mask but was dealt Owl Mask.");
	st = sound();
	st->p[CAROL].mask = st->p[CAROL].mask_dealt = (int8_t)data->nmasks;
	broken(st, "invariant \"a Mask is the one dealt or none\" broken: carol "
	    "was dealt Mask 6.");
}

static void
test_challenge_between_dancers(void **state)
{
	struct ms_state *st;

	(void)state;
	st = sound();
	st->phase = MS_PH_CHALLENGE;
	st->ch.kind = MS_CH_ARENA;
	st->ch.side[0] = CAROL;
	st->ch.side[1] = ALICE;
	st->ch.window = 1;
	passes(st);
	st = sound();
	st->phase = MS_PH_CHALLENGE;
	st->ch.kind = MS_CH_TOWER;
	st->ch.side[0] = BOB;
	st->ch.side[1] = -1;
	st->ch.guardian = 1;
	passes(st);
	st = sound();
	st->phase = MS_PH_CHALLENGE;
	st->ch.kind = MS_CH_TOWER;
	st->ch.side[0] = BOB;
	st->ch.side[1] = -1;
	st->ch.guardian = 0;		/* already won */
	broken(st, "invariant \"a challenge is between dancers or a dancer "
	    "and the Guardian\" broken: bob fights Guardian 1, not the top "
	    "one.");
	st = sound();
	st->phase = MS_PH_CHALLENGE;
	st->ch.kind = MS_CH_ARENA;
	st->ch.side[0] = CAROL;
	st->ch.side[1] = CAROL;
	broken(st, "invariant \"a challenge is between dancers or a dancer "
	    "and the Guardian\" broken: seat 2 challenges seat 2.");
	st = sound();			/* in the Spell phase */
	st->ch.kind = MS_CH_ARENA;
	st->ch.side[0] = CAROL;
	st->ch.side[1] = ALICE;
	broken(st, "invariant \"a challenge is between dancers or a dancer "
	    "and the Guardian\" broken: a challenge of kind 2 in phase 3, "
	    "window 0.");
}

/* The first broken invariant is named, the ranges before the rest. */
static void
test_first_broken_named(void **state)
{
	struct ms_state *st;

	(void)state;
	st = sound();
	st->p[BOB].life = 9;
	st->winner = BOB;
	st->p[ALICE].hand[0]++;
	broken(st, "invariant \"every Spell accounted for\" broken:");
}

/*
 * Whole games, the bots on every seat (random, careful, mixed), 3 to 5
 * players: every command a bot sends is applied, the state keeps every
 * invariant after each, and the game ends.
 */
static void
play(int nplayers, const int *styles, int game)
{
	struct mq_setup s;
	struct mq_rng rng[MS_MAXP];
	struct mq_cmd cmds[4];
	struct mq_err err;
	uint8_t bot_seed[32];
	void *vst;
	struct ms_state *st;
	int seat, n, i, steps = 0, moved;

	memset(&s, 0, sizeof(s));
	s.nplayers = nplayers;
	for (i = 0; i < nplayers; i++)
		s.names[i] = names[i];
	memset(s.seed, 0, sizeof(s.seed));
	s.seed[0] = (uint8_t)game;
	s.seed[1] = (uint8_t)nplayers;
	memset(bot_seed, 0, sizeof(bot_seed));
	bot_seed[0] = (uint8_t)(game + 1);
	mq_err_clear(&err);
	if (ms_setup(data, &s, &vst, &err) != 0)
		fail_msg("setup: %s", err.msg);
	st = vst;
	ms_advance(st);
	for (i = 0; i < nplayers; i++)
		mq_rng_open_cheap(&rng[i], bot_seed, i);
	while (st->phase != MS_PH_OVER) {
		moved = 0;
		for (seat = 0; seat < nplayers; seat++) {
			n = ms_bot(st, seat, styles[seat], &rng[seat], cmds, 4);
			assert_true(n >= 0 && n <= 4);
			if (ms_owes(st, seat) != NULL && n == 0)
				fail_msg("game %d: seat %d owes \"%s\" but the bot "
				    "sent nothing", game, seat, ms_owes(st, seat));
			for (i = 0; i < n; i++) {
				if (ms_apply(st, seat, &cmds[i], &err) != 0)
					fail_msg("game %d: the bot's command was "
					    "refused: %s", game, err.msg);
				if (ms_check(st, &err) != 0)
					fail_msg("game %d, step %d: %s", game,
					    steps, err.msg);
				moved = 1;
				steps++;
			}
		}
		if (!moved)
			fail_msg("game %d: nobody owes anything, yet it is not "
			    "over", game);
		if (steps > 20000)
			fail_msg("game %d: still going after %d commands", game,
			    steps);
	}
	assert_true(st->winner >= 0 && st->winner < nplayers);
	free(st);
}

static void
test_bot_games_keep_invariants(void **state)
{
	static const int random5[MS_MAXP] = { 0, 0, 0, 0, 0 };
	static const int careful5[MS_MAXP] = { 1, 1, 1, 1, 1 };
	static const int mixed5[MS_MAXP] = { 0, 1, 0, 1, 1 };
	int game, np;

	(void)state;
	for (game = 0; game < 40; game++)
		for (np = MS_MINP; np <= MS_MAXP; np++)
			play(np, game % 3 == 0 ? random5 : game % 3 == 1 ?
			    careful5 : mixed5, game);
}

/* ---- Determinism: the same seed and moves, the same game ---- */

#define MAXLOG 8000

struct game_log {
	int n;
	int seat[MAXLOG];
	struct mq_cmd cmd[MAXLOG];
};

static struct ms_state *
det_setup(int nplayers, int seedbyte)
{
	struct mq_setup s;
	struct mq_err err;
	void *vst;
	int i;

	memset(&s, 0, sizeof(s));
	s.nplayers = nplayers;
	for (i = 0; i < nplayers; i++)
		s.names[i] = names[i];
	memset(s.seed, seedbyte, sizeof(s.seed));
	if (ms_setup(data, &s, &vst, &err) != 0)
		fail_msg("setup: %s", err.msg);
	ms_advance(vst);
	return vst;
}

/* Folds what every viewer (each seat, the public, the admin) is shown now,
 * the view and the last apply's events, into h. */
static void
det_absorb(const struct ms_state *st, crypto_generichash_state *h)
{
	json_t *j;
	char *txt;
	int v;

	for (v = -2; v < st->nplayers; v++) {
		int seat = v == -2 ? MQ_VIEW_ADMIN : v == -1 ? MQ_VIEW_PUBLIC : v;

		j = ms_view(st, seat);
		assert_non_null(j);
		txt = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
		crypto_generichash_update(h, (const unsigned char *)txt,
		    strlen(txt));
		free(txt);
		json_decref(j);
		j = ms_events(st, seat);
		assert_non_null(j);
		txt = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
		crypto_generichash_update(h, (const unsigned char *)txt,
		    strlen(txt));
		free(txt);
		json_decref(j);
	}
}

/* The bots play a whole game; every command is logged, and every view and
 * event of every step hashed into out. */
static struct ms_state *
det_bot_game(int nplayers, int seedbyte, struct game_log *log,
    unsigned char out[32])
{
	struct ms_state *st = det_setup(nplayers, seedbyte);
	crypto_generichash_state h;
	struct mq_rng rng[MS_MAXP];
	struct mq_cmd cmds[4];
	struct mq_err err;
	uint8_t bot_seed[32];
	int seat, i, n;

	memset(bot_seed, 0x5a, sizeof(bot_seed));
	for (i = 0; i < nplayers; i++)
		mq_rng_open_cheap(&rng[i], bot_seed, i);
	crypto_generichash_init(&h, NULL, 0, 32);
	det_absorb(st, &h);
	log->n = 0;
	while (st->phase != MS_PH_OVER) {
		seat = ms_owing_seat(st);
		assert_true(seat >= 0);
		n = ms_bot(st, seat, seedbyte % 2, &rng[seat], cmds, 1);
		assert_int_equal(n, 1);
		if (ms_apply(st, seat, &cmds[0], &err) != 0)
			fail_msg("a bot's command was refused: %s", err.msg);
		assert_true(log->n < MAXLOG);
		log->seat[log->n] = seat;
		log->cmd[log->n++] = cmds[0];
		det_absorb(st, &h);
	}
	crypto_generichash_final(&h, out, 32);
	return st;
}

/* Two games from one seed, with the same moves: byte for byte the same
 * state, and every viewer shown the same views and events at every step;
 * another seed, another game. */
static void
test_determinism_same_seed_same_views_and_events(void **state)
{
	static struct game_log a, b, c;
	unsigned char ha[32], hb[32], hc[32];
	struct ms_state *s1, *s2, *s3;
	int np;

	(void)state;
	for (np = MS_MINP; np <= MS_MAXP; np++) {
		s1 = det_bot_game(np, 41 + np, &a, ha);
		s2 = det_bot_game(np, 41 + np, &b, hb);
		s3 = det_bot_game(np, 40 + np, &c, hc);
		assert_true(a.n > 30);
		assert_int_equal(a.n, b.n);
		assert_memory_equal(a.cmd, b.cmd, (size_t)a.n * sizeof(a.cmd[0]));
		assert_memory_equal(s1, s2, sizeof(*s1));
		assert_memory_equal(ha, hb, sizeof(ha));
		assert_memory_not_equal(ha, hc, sizeof(ha));
		free(s1);
		free(s2);
		free(s3);
	}
}

/* Replaying a game's moves from its seed gives the same game, though a
 * refused command comes before every move: a refusal changes no byte and
 * shifts no later draw or shuffle. */
static void
test_determinism_replay_with_refusals(void **state)
{
	static struct game_log log;
	unsigned char h1[32], h2[32];
	crypto_generichash_state h;
	struct ms_state *orig, *st, *before;
	struct mq_cmd bad;
	struct mq_err err;
	int i;

	(void)state;
	orig = det_bot_game(5, 7, &log, h1);
	st = det_setup(5, 7);
	before = malloc(sizeof(*before));
	assert_non_null(before);
	crypto_generichash_init(&h, NULL, 0, 32);
	det_absorb(st, &h);
	for (i = 0; i < log.n; i++) {
		memset(&bad, 0, sizeof(bad));
		ms_cmd_of(&bad)->type = MS_C_PLAY;	/* a Spell that is not */
		ms_cmd_of(&bad)->card = 99;
		ms_cmd_of(&bad)->target = ms_cmd_of(&bad)->card2 = -1;
		memcpy(before, st, sizeof(*st));
		assert_int_equal(ms_apply(st, log.seat[i], &bad, &err), MQ_REFUSED);
		assert_memory_equal(before, st, sizeof(*st));
		assert_int_equal(ms_apply(st, log.seat[i], &log.cmd[i], &err), 0);
		det_absorb(st, &h);
	}
	crypto_generichash_final(&h, h2, 32);
	assert_int_equal(st->phase, MS_PH_OVER);
	assert_memory_equal(orig, st, sizeof(*st));
	assert_memory_equal(h1, h2, sizeof(h1));
	free(before);
	free(orig);
	free(st);
}

/* No seat owing nothing gets a command; max bounds what is written. */
static void
test_bot_only_for_the_owing_seat(void **state)
{
	struct mq_setup s;
	struct mq_rng rng;
	struct mq_cmd cmds[2];
	struct mq_err err;
	uint8_t bot_seed[32] = { 7 };
	void *vst;
	struct ms_state *st;
	int seat, owing;

	(void)state;
	memset(&s, 0, sizeof(s));
	s.nplayers = 3;
	s.names[0] = names[0];
	s.names[1] = names[1];
	s.names[2] = names[2];
	if (ms_setup(data, &s, &vst, &err) != 0)
		fail_msg("setup: %s", err.msg);
	st = vst;
	ms_advance(st);
	mq_rng_open_cheap(&rng, bot_seed, 0);
	owing = ms_owing_seat(st);
	assert_true(owing >= 0);
	for (seat = 0; seat < 3; seat++) {
		assert_int_equal(ms_bot(st, seat, 1, &rng, cmds, 2) > 0,
		    seat == owing);
		assert_int_equal(ms_bot(st, seat, 0, &rng, cmds, 2) > 0,
		    seat == owing);
		assert_int_equal(ms_bot(st, seat, 0, &rng, cmds, 0), 0);
	}
	assert_int_equal(ms_check(st, &err), 0);
	free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sound_state_passes),
		cmocka_unit_test(test_spells_accounted_for),
		cmocka_unit_test(test_spells_on_offer_counted),
		cmocka_unit_test(test_life_in_range),
		cmocka_unit_test(test_stage_capacity),
		cmocka_unit_test(test_orders_distinct),
		cmocka_unit_test(test_dancer_one_place),
		cmocka_unit_test(test_treasures_won_once),
		cmocka_unit_test(test_emblem_holder_agrees),
		cmocka_unit_test(test_events_deck_and_tomb),
		cmocka_unit_test(test_prophet_in_chapel),
		cmocka_unit_test(test_pending_bounded),
		cmocka_unit_test(test_hand_within_limit),
		cmocka_unit_test(test_phase_in_range),
		cmocka_unit_test(test_winner_only_when_over),
		cmocka_unit_test(test_mask_is_the_dealt_one),
		cmocka_unit_test(test_challenge_between_dancers),
		cmocka_unit_test(test_first_broken_named),
		cmocka_unit_test(test_bot_only_for_the_owing_seat),
		cmocka_unit_test(test_bot_games_keep_invariants),
		cmocka_unit_test(test_determinism_same_seed_same_views_and_events),
		cmocka_unit_test(test_determinism_replay_with_refusals),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
