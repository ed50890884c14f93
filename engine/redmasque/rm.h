/*
 * rm.h - The Masque of the Red Death: internal types shared by the files of
 * engine/redmasque/. The state is one flat struct (clone is a memcpy) that
 * points at the compiled, read-only game data.
 */
#ifndef MQ_RM_H
#define MQ_RM_H

#include <stdint.h>
#include <jansson.h>

#include "engine/game.h"
#include "engine/rng.h"

#define RM_MAXP		7
#define RM_ROOMS	7
#define RM_TIMES	6		/* 12:00 ... 12:50 */
#define RM_ROUNDS	12
#define RM_MAXCARDS	24		/* action cards in the data file */
#define RM_MAXRUMORS	64
#define RM_MAXRD	3		/* Red Death cards per time (hard variant) */
#define RM_MAXEFF	4
#define RM_MAXEVENTS	512
#define RM_LANGS	3		/* en, ja, zh */

enum rm_op {
	RM_OP_GAIN, RM_OP_LOSE, RM_OP_DRAW, RM_OP_MOVES, RM_OP_TARGET_GAIN,
	RM_OP_TARGET_LOSE, RM_OP_LOOK, RM_OP_TAKE, RM_OP_TAKE_EACH,
	RM_OP_RECOVER, RM_OP_TO_PRINCE, RM_OP_PREMONITION,
};

enum rm_scope { RM_SCOPE_NONE, RM_SCOPE_NEARBY, RM_SCOPE_ANYWHERE };

struct rm_effect {
	uint8_t op, n, scope;
};

struct rm_card {
	char id[24];
	char names[RM_LANGS][48];
	uint8_t personality;	/* 1: a Personality card */
	uint8_t discard;	/* 1: goes to the discard pile when played */
	uint8_t neffects;
	struct rm_effect eff[RM_MAXEFF];
	/* derived from the effects */
	uint8_t target;		/* enum rm_scope of its targeted part */
	uint8_t slots_min, slots_max;	/* times the pick must name */
	uint8_t recover_max;
	uint8_t recover_up_to;	/* 1: up to recover_max; 0: that many, if there are */
	uint8_t moves;		/* moves allowed this round (1 unless the card says) */
};

enum rm_word {			/* what an alias stands for */
	RM_W_CARD, RM_W_ROOM, RM_W_DIR, RM_W_KEY,
};

enum rm_key {
	RM_K_PLAY, RM_K_MOVE, RM_K_PLAN, RM_K_PLACE, RM_K_STATUS, RM_K_HELP,
	RM_K_TARGET, RM_K_SLOT, RM_K_RECOVER, RM_K_CLEAR,
};

struct rm_alias {
	char text[48];		/* lower-cased UTF-8 */
	uint8_t word, value;
};

struct rm_data {
	char room_id[RM_ROOMS][16];
	char room_name[RM_ROOMS][RM_LANGS][48];
	int ncards;
	struct rm_card card[RM_MAXCARDS];
	uint32_t standard_mask;	/* the 9 standard cards every player holds */
	uint8_t personality[RM_MAXCARDS];
	int npersonality;
	int discuss;		/* index of the default action */
	int min_players, max_players;
	int track_spaces;
	int tiles_per_room, tiles_removed;
	int evidence_per_time;
	int rd_per_time, rd_per_time_hard;
	int ngossip, nrumors;	/* gossip ids 0..41 (time*7+room), evidence after */
	/* default option values, overridden per game */
	int opt_hard, opt_sequential, opt_order_by_popularity;
	int nalias;
	struct rm_alias alias[256];
	/* the careful bot's preferences, as card indexes (-1: not in the data) */
#define RM_BOT_POP	8
#define RM_BOT_INFO	3
	int8_t bot_pop[RM_BOT_POP], bot_info[RM_BOT_INFO], bot_threaten;
};

/* A secret action pick, with everything it names. */
struct rm_pick {
	uint8_t card;
	uint8_t ntargets, targets[RM_MAXP];	/* seats, in preference order */
	uint8_t nslots, slots[2];		/* time indexes 0..5 */
	uint8_t nrecover, recover[2];		/* card indexes */
	uint8_t recover_none;	/* RECOVER none: none taken back, on purpose */
};

enum rm_cmd_type {
	RM_C_PLAY = 1, RM_C_MOVE, RM_C_PLAN, RM_C_PLACE, RM_C_STATUS, RM_C_HELP,
};

struct rm_cmd {
	uint8_t type;
	struct rm_pick pick;			/* PLAY */
	uint8_t nsteps; int8_t steps[3];	/* MOVE: -1 ccw, 0 stay, 1 cw */
	uint8_t plan_mask; int8_t plan[RM_TIMES]; /* PLAN: times set; mask 0 = CLEAR */
	uint8_t plan_full;			/* PLAN with six directions */
	uint8_t room;				/* PLACE */
};

enum rm_phase { RM_PH_PLACE, RM_PH_ACT, RM_PH_MOVE, RM_PH_OVER };

/* What happened; each event says who may see its details. */
enum rm_ev {
	RM_E_PLACE, RM_E_BONUS, RM_E_REVEAL, RM_E_POP, RM_E_DRAW, RM_E_DRAW_NONE,
	RM_E_EVIDENCE, RM_E_LOOK, RM_E_TAKE, RM_E_NO_TARGET, RM_E_NO_CARD,
	RM_E_RECOVER, RM_E_TO_PRINCE, RM_E_PREMONITION, RM_E_MOVE, RM_E_MOVE_DROPPED,
	RM_E_PRINCE, RM_E_MIDNIGHT, RM_E_PLANS, RM_E_MIDNIGHT_MOVE, RM_E_VISIT,
	RM_E_KILL, RM_E_WINNER, RM_E_NO_WINNER, RM_E_ROUND,
};

struct rm_event {
	uint8_t type;
	int8_t actor, target;	/* seats or -1 */
	int8_t card;		/* action card, or -1 */
	int8_t rumor;		/* rumor card id, or -1 */
	int8_t room, time;	/* -1 when not used */
	union {
		uint8_t via;	/* MOVE: the rooms walked through between a
				 * and room (rm_via), RM_MAXVIA at most; a
				 * stay passes through none (cw ccw: one).
				 * Packed into what was padding: 513 events
				 * ride in every open game's state */
		uint8_t floor;	/* POP, BONUS: 1 when the bottom of the
				 * track stopped a loss short of its steps
				 * (rm_track_move), which from and to alone
				 * cannot tell once taken spaces were
				 * skipped too: 6 -> 2 for -3 */
	};
	int16_t a, b;		/* e.g. popularity before/after */
	uint8_t round;
	int8_t steps;		/* a popularity change as dealt, before the
				 * track's skips (+2 may move 5 spaces) */
};

#define RM_MAXVIA	2
_Static_assert(RM_ROOMS < 15, "a room plus one fits a nibble of rm_event.via");
/* An event's i-th room walked through (i < RM_MAXVIA), in order, or -1
 * after the last: a nibble each, the room plus one (0: none). */
static inline int
rm_via(const struct rm_event *e, int i)
{
	return ((e->via >> (4 * i)) & 0xf) - 1;
}

static inline void
rm_via_set(struct rm_event *e, int i, int room)
{
	e->via = (uint8_t)((e->via & ~(0xf << (4 * i))) |
	    ((room + 1) & 0xf) << (4 * i));
}

struct rm_player {
	char name[MQ_NAME_MAX];
	int8_t room;		/* -1: not placed yet, or dead */
	uint8_t alive;
	int16_t pop;		/* lap*40 + space; 0 when off the track */
	uint8_t personality;	/* card index */
	uint32_t hand;		/* action cards in hand */
	uint32_t discards;	/* public discard pile */
	int8_t played;		/* card revealed this round, until discarded */
	uint64_t rumors;	/* Rumor cards held */
	uint8_t safe[RM_TIMES];	/* room bitmasks known safe */
	uint8_t deadly[RM_TIMES];	/* room bitmasks known deadly */
	int8_t plan[RM_TIMES];
	uint8_t has_pick, has_next_pick, has_move, has_place;
	struct rm_pick pick, next_pick;
	uint8_t nmove; int8_t move[3];
	uint8_t place_room;
	uint8_t allowance;	/* moves allowed in this round's move phase */
	int8_t died_at;		/* time index, -1 */
};

struct rm_state {
	const struct rm_data *data;
	uint8_t seed[32];
	struct mq_rng_seed rng_seed;	/* the seed made ready: set up once */
	int nplayers;
	int hard, sequential, order_by_popularity;
	int phase, round;
	int prince;		/* room, -1 once killed at midnight */
	int8_t path[RM_ROUNDS];
	int rd_n;
	int8_t rd[RM_TIMES][RM_MAXRD];
	/* rd never changes after setup, so the check's fast path reads these
	 * in its place (rm_seal_red_death makes them; the named checks hold
	 * them to rd): rd's bytes as dealt, and its cards as Rumor card ids. */
	int8_t rd_sealed[RM_TIMES][RM_MAXRD];
	uint64_t rd_cards;
	int deck_n;
	uint8_t deck[RM_MAXRUMORS];	/* the order: top is deck[deck_n - 1] */
	uint64_t deck_set;		/* the cards in it: what accounting counts */
	uint64_t evidence_discard;
	uint8_t place_order[RM_MAXP];
	int place_turn;
	uint8_t move_order[RM_MAXP];
	int move_turn;
	int winner;		/* seat or -1 */
	int resolve_step;	/* names random streams within a round */
	struct rm_player p[RM_MAXP];
	int nresolved;
	struct mq_decision resolved[4];
	int nev;
	int ev_full;		/* the last event did not fit: it went to the spare */
	struct rm_event ev[RM_MAXEVENTS + 1];	/* the last one is a spare */
};

/* rm_data.c */
int rm_data_load(const json_t *json, void **out, struct mq_err *err);
void rm_data_free(void *data);
int rm_card_find(const struct rm_data *d, const char *id);

/* rm_state.c */
int rm_setup(const void *data, const struct mq_setup *s, void **out,
    struct mq_err *err);
int rm_track_move(struct rm_state *st, int seat, int delta);
int rm_space(const struct rm_state *st, int pop);
int rm_most_popular_first(const struct rm_state *st, uint8_t *order);
void rm_rumor_info(const struct rm_data *d, int rumor, int *time, int *room);
void rm_seal_red_death(struct rm_state *st);
uint64_t rm_red_death_cards(const struct rm_state *st);

/* rm_apply.c */
int rm_apply(void *state, int seat, const struct mq_cmd *cmd, struct mq_err *err);
int rm_validate(const struct rm_state *st, int seat, const struct rm_cmd *c,
    struct mq_err *err);
const char *rm_owes(const void *state, int seat);
int rm_default_command(const void *state, int seat, struct mq_cmd *cmd);
void rm_decision(const void *state, int seat, const struct mq_cmd *cmd,
    struct mq_decision *d);
size_t rm_resolved(const void *state, struct mq_decision *out, size_t max);
int rm_allowance(const struct rm_state *st, const struct rm_player *pl);
int rm_sender_note(const void *state, int seat, const struct mq_cmd *cmd,
    json_t **note);

/* rm_parse.c */
int rm_parse(const void *state, int seat, const char *line, struct mq_cmd *cmd,
    struct mq_err *err);
int rm_names_command(const void *state, const char *line);
int rm_one_choice(const void *state, const char *line);
int rm_word_put_right(const void *state, const char *prev,
    const char *line);
int rm_inner_command(const void *state, const char *line, char *meant,
    size_t n);
int rm_format(const void *state, const struct mq_cmd *cmd, struct mq_buf *out);
int rm_is_secret(const struct mq_cmd *cmd);
int rm_goes_first(const void *state, const char *line);
int rm_shown_now(const void *state, int seat, const struct mq_cmd *cmd);
int rm_name_ok(const void *data, const char *name, struct mq_err *err);
int rm_sent_ok(const void *state, int seat, const struct mq_cmd *cmd,
    struct mq_err *err);
int rm_card_names_target(const struct rm_card *c);
void rm_format_time(int t, char *buf, size_t n);
void rm_format_round_time(int round, char *buf, size_t n);
void rm_moment(const char *key, char *out, size_t size);
void rm_now(const void *state, char *out, size_t size);

/* rm_view.c */
json_t *rm_view(const void *state, int seat);
json_t *rm_events(const void *state, int seat);

/* rm_bot.c */
int rm_bot(const void *state, int seat, int style, struct mq_rng *rng,
    struct mq_cmd *out, int max);
void rm_bot_best_plan(const struct rm_state *st, int seat, int8_t *plan);

/* rm_check.c */
int rm_check(const void *state, struct mq_err *err);

/* Portable population counts: the builtins call a slow libgcc loop on
 * x86-64 without -mpopcnt, and this is the engine's hottest arithmetic. */
static inline int
rm_popcount64(uint64_t x)
{
	x = x - ((x >> 1) & 0x5555555555555555ULL);
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
	return (int)((x * 0x0101010101010101ULL) >> 56);
}

static inline int
rm_popcount32(uint32_t x)
{
	return rm_popcount64(x);
}

/* (pop - 1) mod the track's spaces, without a division: pop stays small. */
static inline int
rm_track_index(const struct rm_state *st, int pop)
{
	int x = pop - 1, n = st->data->track_spaces;

	while (x >= n)
		x -= n;
	return x;
}

static inline struct rm_cmd *
rm_cmd_of(struct mq_cmd *c)
{
	return (struct rm_cmd *)(void *)c->u.bytes;
}

static inline const struct rm_cmd *
rm_cmd_ofc(const struct mq_cmd *c)
{
	return (const struct rm_cmd *)(const void *)c->u.bytes;
}

#endif
