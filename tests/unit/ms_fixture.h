/*
 * ms_fixture.h - helpers for the tests of The Masquerade: load the card set,
 * set a game up, force a moment of a turn by hand (dancers, Orders, Stages,
 * hands, the deck's top), and play lines of the command language through
 * the one parse() and apply() everything else uses.
 *
 * Everything here is static inline, so each test program includes it alone.
 * Tests run with the repo root as cwd, where config/games/masquerade.json is.
 */
#ifndef MS_FIXTURE_H
#define MS_FIXTURE_H

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

#define MSF_DATA_PATH	"config/games/masquerade.json"

enum { ALICE, BOB, CAROL, DAVE, ERIN };

static const char *const msf_names[MS_MAXP] = {
	"alice", "bob", "carol", "dave", "erin",
};

static inline void *
msf_load_data(void)
{
	json_error_t je;
	struct mq_err err;
	json_t *j;
	void *d = NULL;

	j = json_load_file(MSF_DATA_PATH, JSON_REJECT_DUPLICATES, &je);
	if (j == NULL)
		fail_msg("cannot read %s: %s", MSF_DATA_PATH, je.text);
	mq_err_clear(&err);
	if (ms_data_load(j, &d, &err) != 0)
		fail_msg("cannot load %s: %s", MSF_DATA_PATH, err.msg);
	json_decref(j);
	return d;
}

/* The card set, loaded once per test program (msf_group_setup). */
static void *msf_data;

static inline int
msf_group_setup(void **state)
{
	(void)state;
	msf_data = msf_load_data();
	return msf_data == NULL ? -1 : 0;
}

static inline int
msf_group_teardown(void **state)
{
	(void)state;
	ms_data_free(msf_data);
	return 0;
}

static inline int msf_spells_total(const struct ms_state *st);

/* The end of a test: every invariant holds, every Spell is counted. */
static inline void
msf_done(struct ms_state *st)
{
	struct mq_err err;

	if (ms_check(st, &err) != 0)
		fail_msg("invariant broken: %s", err.msg);
	assert_int_equal(msf_spells_total(st), st->data->ndeck);
	free(st);
}

static inline struct ms_state *
msf_setup(const void *data, int n, int seedbyte)
{
	struct mq_setup s;
	struct mq_err err;
	void *st = NULL;
	int i;

	memset(&s, 0, sizeof(s));
	s.nplayers = n;
	for (i = 0; i < n; i++)
		s.names[i] = msf_names[i];
	memset(s.seed, seedbyte, sizeof(s.seed));
	mq_err_clear(&err);
	if (ms_setup(data, &s, &st, &err) != 0)
		fail_msg("setup failed: %s", err.msg);
	return st;
}

/* Card indexes by id; a missing id fails the test. */
static inline int
msf_spell(const struct ms_state *st, const char *id)
{
	int k = ms_find_spell(st->data, id);

	if (k < 0)
		fail_msg("no spell %s", id);
	return k;
}

static inline int
msf_dancer(const struct ms_state *st, const char *id)
{
	int k = ms_find_dancer(st->data, id);

	if (k < 0)
		fail_msg("no dancer %s", id);
	return k;
}

static inline int
msf_stage(const struct ms_state *st, const char *id)
{
	int k = ms_find_stage(st->data, id);

	if (k < 0)
		fail_msg("no stage %s", id);
	return k;
}

static inline int
msf_event(const struct ms_state *st, const char *id)
{
	int k = ms_find_event(st->data, id);

	if (k < 0)
		fail_msg("no event %s", id);
	return k;
}

static inline int
msf_mask(const struct ms_state *st, const char *id)
{
	int k = ms_find_mask(st->data, id);

	if (k < 0)
		fail_msg("no mask %s", id);
	return k;
}

/* Parse and apply a line for seat; 0 or the refusal's code (sentence in err). */
static inline int
msf_try(struct ms_state *st, int seat, const char *line, struct mq_err *err)
{
	struct mq_cmd c;
	int rc;

	mq_err_clear(err);
	memset(&c, 0, sizeof(c));
	if ((rc = ms_parse(st, seat, line, &c, err)) != 0)
		return rc;
	return ms_apply(st, seat, &c, err);
}

static inline void
msf_do(struct ms_state *st, int seat, const char *line)
{
	struct mq_err err;

	if (msf_try(st, seat, line, &err) != 0)
		fail_msg("%s: \"%s\" refused: %s", msf_names[seat], line, err.msg);
}

/* The line is refused with a sentence holding want, and nothing changes. */
static inline void
msf_refused(struct ms_state *st, int seat, const char *line, const char *want)
{
	struct ms_state *before = malloc(sizeof(*before));
	struct mq_err err;

	assert_non_null(before);
	memcpy(before, st, sizeof(*st));
	if (msf_try(st, seat, line, &err) == 0)
		fail_msg("\"%s\" by %s was accepted", line, msf_names[seat]);
	if (want != NULL && strstr(err.msg, want) == NULL)
		fail_msg("\"%s\": refused with \"%s\", wanted \"%s\"", line,
		    err.msg, want);
	assert_memory_equal(before, st, sizeof(*st));
	free(before);
}

/* Take n Spells of kind k out of the deck (keeping every card counted). */
static inline void
msf_deck_remove(struct ms_state *st, int k, int n)
{
	int i;

	for (i = st->deck_n - 1; i >= 0 && n > 0; i--)
		if (st->deck[i] == k) {
			memmove(&st->deck[i], &st->deck[i + 1],
			    (size_t)(st->deck_n - i - 1));
			st->deck_n--;
			n--;
		}
	if (n > 0)
		fail_msg("the deck holds too few of spell %d", k);
}

static inline void
msf_give(struct ms_state *st, int seat, const char *id, int n)
{
	int k = msf_spell(st, id);

	msf_deck_remove(st, k, n);
	st->p[seat].hand[k] = (uint8_t)(st->p[seat].hand[k] + n);
}

/* Empty a seat's hand back onto the bottom of the deck. */
static inline void
msf_clear_hand(struct ms_state *st, int seat)
{
	int k;

	for (k = 0; k < MS_SPELLS; k++)
		while (st->p[seat].hand[k] > 0) {
			memmove(&st->deck[1], &st->deck[0], (size_t)st->deck_n);
			st->deck[0] = (uint8_t)k;
			st->deck_n++;
			st->p[seat].hand[k]--;
		}
}

/* Put a Spell of kind id on top of the deck (one from lower down). */
static inline void
msf_deck_top(struct ms_state *st, const char *id)
{
	int k = msf_spell(st, id), i;
	uint8_t t;

	for (i = st->deck_n - 1; i >= 0; i--)
		if (st->deck[i] == k) {
			t = st->deck[st->deck_n - 1];
			st->deck[st->deck_n - 1] = st->deck[i];
			st->deck[i] = t;
			return;
		}
	fail_msg("no %s left in the deck", id);
}

/*
 * Force the start of a turn's Stage phase: each seat's dancer (ids) and
 * Order number (distinct), every dancer not named set aside, hands empty
 * (back into the deck), life full, no pending input, no events.
 */
static inline void
msf_stage_phase(struct ms_state *st, int turn, const char *const *dancers,
    const int *orders)
{
	int8_t key[MS_MAXP];
	int i;

	st->turn = turn;
	st->dancers_aside = (uint8_t)((1u << st->data->ndancers) - 1);
	for (i = 0; i < st->nplayers; i++) {
		struct ms_player *pl = &st->p[i];

		pl->dancer = (int8_t)msf_dancer(st, dancers[i]);
		st->dancers_aside &= (uint8_t)~(1u << pl->dancer);
		pl->order = (int8_t)orders[i];
		pl->last_order = (int8_t)(turn > 1 ? 0 : 0);
		pl->stage = -1;
		pl->life = (int8_t)st->data->max_life;
		msf_clear_hand(st, i);
		key[i] = pl->order;
	}
	st->phase = MS_PH_STAGE;
	ms_sequence(st, key, 0);
	st->npend = 0;
	memset(&st->ch, 0, sizeof(st->ch));
	st->prophet = -1;
	st->event_chosen = 0;
	st->nev = 0;
}

/* The five-player default: Orders 1..5 to alice..erin. */
static const char *const msf_dancers5[MS_MAXP] = { "D1", "D2", "D3", "D4", "D5" };
static const int msf_orders5[MS_MAXP] = { 1, 2, 3, 4, 5 };

/* Whether the last apply made an event of this type (for actor, or -1). */
static inline int
msf_has_event(const struct ms_state *st, int type, int actor)
{
	int i;

	for (i = 0; i < st->nev; i++)
		if (st->ev[i].type == type && (actor < 0 || st->ev[i].actor == actor))
			return 1;
	return 0;
}

/* STAGE for each seat, in the phase's sequence; names[seat] a Stage. */
static inline void
msf_stages(struct ms_state *st, const char *const *names)
{
	char line[80];
	int i, seat;

	for (i = 0; i < st->nplayers; i++) {
		seat = ms_owing_seat(st);
		assert_int_equal(st->phase, MS_PH_STAGE);
		snprintf(line, sizeof(line), "STAGE %s", names[seat]);
		msf_do(st, seat, line);
	}
}

/* PASS for whoever owes, while the phase is this one. */
static inline void
msf_pass_while(struct ms_state *st, int phase)
{
	int guard = 0;

	while (st->phase == phase && ms_owing_seat(st) >= 0 && guard++ < 100)
		msf_do(st, ms_owing_seat(st), "PASS");
}

static inline int
msf_spells_total(const struct ms_state *st)
{
	int k, i, j, n = st->deck_n;

	for (k = 0; k < MS_SPELLS; k++) {
		n += st->tomb[k];
		for (i = 0; i < st->nplayers; i++)
			n += st->p[i].hand[k] + st->p[i].banked[k];
		for (j = 0; j < st->npend; j++)
			n += st->pend[j].held[k];
	}
	return n;
}

#endif
