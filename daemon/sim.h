/*
 * sim.h - bots playing whole games against each other, checking every
 * invariant after every step. Serves `masqued sim`, the benchmarks and the
 * tests; the games go through the same apply() as everything else.
 */
#ifndef MQ_SIM_H
#define MQ_SIM_H

#include <stdint.h>

#include "daemon/gamedata.h"

#define MQ_SIM_MAXSEATS 8

struct mq_sim_opts {
	long games;
	int players;
	uint8_t seed[32];
	int bots[MQ_SIM_MAXSEATS];	/* per seat: 0 random, 1 careful */
	int check;			/* check invariants after every step */
};

struct mq_sim_result {
	long games, violations, no_survivor_games, refused;
	long wins_by_seat[MQ_SIM_MAXSEATS];
	long survivors_by_style[2], seats_by_style[2];
	char first_violation[640];
};

/* Derive game i's seed from the run's seed. */
void mq_sim_game_seed(const uint8_t seed[32], long i, uint8_t out[32]);
int mq_sim_run(const struct mq_gamedata *gd, const struct mq_sim_opts *o,
    struct mq_sim_result *r, struct mq_err *err);
/* Play one game; calls step(ctx, seat, cmd, state) after each applied command. */
typedef int (*mq_sim_step_fn)(void *ctx, int seat, const struct mq_cmd *cmd,
    const void *state);
int mq_sim_play_one(const struct mq_gamedata *gd, const struct mq_setup *s,
    const int *bots, const uint8_t bot_seed[32], mq_sim_step_fn step, void *ctx,
    void **final_state, struct mq_err *err);

#endif
