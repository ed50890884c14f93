/*
 * rm_fixture.h - helpers for the tests of The Masque of the Red Death: load
 * the data file, set a game up, force a state by hand (rooms, popularity,
 * cards, the deck, the Red Death), and play lines of the command language
 * through the one parse() and apply() everything else uses.
 *
 * Everything here is static inline, so each test program includes it alone.
 * Tests run with the repo root as cwd, where config/games/redmasque.json is.
 */
#ifndef RM_FIXTURE_H
#define RM_FIXTURE_H

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
#include "buf.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "engine/redmasque/redmasque.h"
#include "engine/redmasque/rm.h"

#define RMF_DATA_PATH	"config/games/redmasque.json"

/* Room indexes in the data file's ring order. */
enum { BLUE, PURPLE, GREEN, ORANGE, WHITE, VIOLET, BLACK };
/* Seats of the fixture's players. */
enum { ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE };

static const char *const rmf_names[RM_MAXP] = {
	"alice", "bob", "carol", "dave", "erin", "frank", "grace",
};

static inline void *
rmf_load_data_file(const char *path)
{
	json_error_t je;
	struct mq_err err;
	json_t *j;
	void *d = NULL;

	j = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	if (j == NULL)
		fail_msg("cannot read %s: %s", path, je.text);
	mq_err_clear(&err);
	if (mq_redmasque_kind.load_data(j, &d, &err) != 0)
		fail_msg("cannot load %s: %s", path, err.msg);
	json_decref(j);
	return d;
}

static inline void *
rmf_load_data(void)
{
	return rmf_load_data_file(RMF_DATA_PATH);
}

/* A fresh game of n players, seed filled with one byte, options as JSON text
 * (or NULL). */
static inline struct rm_state *
rmf_setup_opts(const void *data, int n, int seedbyte, const char *options)
{
	struct mq_setup s;
	struct mq_err err;
	json_t *opts = NULL;
	void *st = NULL;
	int i;

	memset(&s, 0, sizeof(s));
	s.nplayers = n;
	for (i = 0; i < n; i++)
		s.names[i] = rmf_names[i];
	memset(s.seed, seedbyte, sizeof(s.seed));
	if (options != NULL) {
		opts = json_loads(options, 0, NULL);
		assert_non_null(opts);
	}
	s.options = opts;
	mq_err_clear(&err);
	if (mq_redmasque_kind.setup(data, &s, &st, &err) != 0)
		fail_msg("setup failed: %s", err.msg);
	json_decref(opts);
	return st;
}

static inline struct rm_state *
rmf_setup(const void *data, int n, int seedbyte)
{
	return rmf_setup_opts(data, n, seedbyte, NULL);
}

static inline int
rmf_card(const struct rm_state *st, const char *id)
{
	int c = rm_card_find(st->data, id);

	if (c < 0)
		fail_msg("no card %s in the data", id);
	return c;
}

/* Gossip card id of (time index, room). */
static inline int
rmf_gossip(int time, int room)
{
	return time * RM_ROOMS + room;
}

/* Evidence card id: the k-th of a time. */
static inline int
rmf_evidence(const struct rm_state *st, int time, int k)
{
	return st->data->ngossip + time * st->data->evidence_per_time + k;
}

/*
 * Force the act phase of a round: each seat's room and popularity (pops must
 * differ; 0 keeps setup's), the Prince's room, no pending input, no events.
 */
static inline void
rmf_force(struct rm_state *st, int round, int prince, const int *rooms,
    const int *pops)
{
	int i;

	st->phase = RM_PH_ACT;
	st->round = round;
	st->prince = prince;
	st->path[round - 1] = (int8_t)prince;
	st->place_turn = st->nplayers;
	for (i = 0; i < st->nplayers; i++) {
		struct rm_player *pl = &st->p[i];

		pl->room = (int8_t)rooms[i];
		if (pops != NULL && pops[i] > 0)
			pl->pop = (int16_t)pops[i];
		pl->has_pick = pl->has_next_pick = pl->has_move = 0;
		pl->has_place = 0;
		pl->nmove = 0;
	}
	st->nev = 0;
	st->nresolved = 0;
}

/* The deck's set follows its order after a test edits the order. */
static inline void
rmf_sync_deck(struct rm_state *st)
{
	int i;

	st->deck_set = 0;
	for (i = 0; i < st->deck_n; i++)
		st->deck_set |= 1ULL << st->deck[i];
}

/* Index of a rumor card in the deck, or -1. */
static inline int
rmf_deck_index(const struct rm_state *st, int rumor)
{
	int i;

	for (i = 0; i < st->deck_n; i++)
		if (st->deck[i] == rumor)
			return i;
	return -1;
}

static inline void
rmf_deck_remove(struct rm_state *st, int rumor)
{
	int i = rmf_deck_index(st, rumor);

	if (i < 0)
		fail_msg("rumor %d is not in the deck", rumor);
	memmove(&st->deck[i], &st->deck[i + 1], (size_t)(st->deck_n - i - 1));
	st->deck_n--;
	rmf_sync_deck(st);
}

static inline void rmf_red_death(struct rm_state *, int, int, int);

/* Move a rumor card from the deck to a seat's hand (so every card stays
 * accounted for); the holder knows its room is safe then. A Gossip card the
 * seed made a Red Death card is first swapped for another room's. */
static inline void
rmf_give(struct rm_state *st, int seat, int rumor)
{
	int t = rumor / RM_ROOMS, k, r;

	if (rmf_deck_index(st, rumor) < 0 && rumor < st->data->ngossip) {
		for (k = 0; k < st->rd_n; k++)
			if (st->rd[t][k] == rumor % RM_ROOMS)
				break;
		for (r = 0; k < st->rd_n && r < RM_ROOMS; r++)
			if (rmf_deck_index(st, rmf_gossip(t, r)) >= 0) {
				rmf_red_death(st, t, k, r);
				break;
			}
	}
	rmf_deck_remove(st, rumor);
	st->p[seat].rumors |= 1ULL << rumor;
	if (rumor < st->data->ngossip)
		st->p[seat].safe[rumor / RM_ROOMS] |= (uint8_t)(1u << rumor % RM_ROOMS);
}

/* Put a card of the deck on top (the next drawn). */
static inline void
rmf_deck_top(struct rm_state *st, int rumor)
{
	rmf_deck_remove(st, rumor);
	st->deck[st->deck_n++] = (uint8_t)rumor;
	rmf_sync_deck(st);
}

/* The deck held aside, so other players' Discuss draws nothing. */
struct rmf_stash {
	int n;
	uint8_t deck[RM_MAXRUMORS];
};

static inline void
rmf_stash_deck(struct rm_state *st, struct rmf_stash *s)
{
	s->n = st->deck_n;
	memcpy(s->deck, st->deck, sizeof(s->deck));
	st->deck_n = 0;
	rmf_sync_deck(st);
}

static inline void
rmf_unstash_deck(struct rm_state *st, const struct rmf_stash *s)
{
	memcpy(st->deck + st->deck_n, s->deck, (size_t)s->n);
	st->deck_n += s->n;
	rmf_sync_deck(st);
}

/* Deal a seat a given Personality card in place of theirs. */
static inline void
rmf_personality(struct rm_state *st, int seat, const char *id)
{
	struct rm_player *pl = &st->p[seat];
	int c = rmf_card(st, id);

	pl->hand &= ~(1u << pl->personality);
	pl->discards &= ~(1u << pl->personality);
	pl->personality = (uint8_t)c;
	pl->hand |= 1u << c;
}

/* Move an action card from hand to the discard pile. */
static inline void
rmf_discard(struct rm_state *st, int seat, const char *id)
{
	int c = rmf_card(st, id);

	assert_true(st->p[seat].hand & (1u << c));
	st->p[seat].hand &= ~(1u << c);
	st->p[seat].discards |= 1u << c;
}

/* Make a time's k-th Red Death card a given room, swapping Gossip cards with
 * the deck so that every card stays accounted for. */
static inline void
rmf_red_death(struct rm_state *st, int time, int k, int room)
{
	int old = st->rd[time][k], i;

	if (old == room)
		return;
	for (i = 0; i < st->rd_n; i++)
		assert_int_not_equal(st->rd[time][i], room);
	i = rmf_deck_index(st, rmf_gossip(time, room));
	if (i < 0)
		fail_msg("gossip %d:%d is not in the deck", time, room);
	st->deck[i] = (uint8_t)rmf_gossip(time, old);
	rmf_sync_deck(st);
	st->rd[time][k] = (int8_t)room;
	rm_seal_red_death(st);	/* as if the seed had dealt it */
}

static inline int
rmf_parse(struct rm_state *st, int seat, const char *line, struct mq_cmd *cmd,
    struct mq_err *err)
{
	mq_err_clear(err);
	return mq_redmasque_kind.parse(st, seat, line, cmd, err);
}

/* Parse and apply one line as a player would send it; the status. */
static inline int
rmf_submit(struct rm_state *st, int seat, const char *line, struct mq_err *err)
{
	struct mq_cmd cmd;
	int rc;

	if ((rc = rmf_parse(st, seat, line, &cmd, err)) != 0 ||
	    (rc = mq_redmasque_kind.sent_ok(st, seat, &cmd, err)) != 0)
		return rc;
	return mq_redmasque_kind.apply(st, seat, &cmd, err);
}

/* Parse and apply a line that must be accepted. */
static inline void
rmf_do(struct rm_state *st, int seat, const char *line)
{
	struct mq_err err;

	if (rmf_submit(st, seat, line, &err) != 0)
		fail_msg("%s, \"%s\": refused: %s", st->p[seat].name, line, err.msg);
}

/* Every living seat plays its line (NULL: Discuss), in seat order. */
static inline void
rmf_round(struct rm_state *st, const char *const *lines)
{
	int i;

	for (i = 0; i < st->nplayers; i++)
		if (st->p[i].alive)
			rmf_do(st, i, lines != NULL && lines[i] ? lines[i] :
			    "PLAY discuss");
}

/* Every living seat moves by its line (NULL: stay), in seat order. */
static inline void
rmf_moves(struct rm_state *st, const char *const *lines)
{
	int i;

	for (i = 0; i < st->nplayers; i++)
		if (st->p[i].alive)
			rmf_do(st, i, lines != NULL && lines[i] ? lines[i] :
			    "MOVE stay");
}

/* How many events of a type the last apply recorded (actor -1: any). */
static inline int
rmf_count_ev(const struct rm_state *st, int type, int actor)
{
	int i, n = 0;

	for (i = 0; i < st->nev; i++)
		if (st->ev[i].type == type && (actor < 0 || st->ev[i].actor == actor))
			n++;
	return n;
}

/* The first event of a type by an actor (-1: any) of the last apply. */
static inline const struct rm_event *
rmf_find_ev(const struct rm_state *st, int type, int actor)
{
	int i;

	for (i = 0; i < st->nev; i++)
		if (st->ev[i].type == type && (actor < 0 || st->ev[i].actor == actor))
			return &st->ev[i];
	return NULL;
}

static inline void
rmf_assert_sound(const struct rm_state *st)
{
	struct mq_err err;

	mq_err_clear(&err);
	if (mq_redmasque_kind.check(st, &err) != 0)
		fail_msg("invariant broken: %s", err.msg);
}

/* The canonical JSON of a view, to compare or search. Caller frees. */
static inline char *
rmf_view_text(const struct rm_state *st, int seat)
{
	json_t *v = mq_redmasque_kind.view(st, seat);
	char *s;

	assert_non_null(v);
	s = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(v);
	assert_non_null(s);
	return s;
}

static inline char *
rmf_events_text(const struct rm_state *st, int seat)
{
	json_t *v = mq_redmasque_kind.events(st, seat);
	char *s;

	assert_non_null(v);
	s = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(v);
	assert_non_null(s);
	return s;
}

static inline int
rmf_contains(const char *hay, const char *needle)
{
	return strstr(hay, needle) != NULL;
}

#endif
