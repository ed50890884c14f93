/*
 * rng.h - the game's random streams, all derived from its 32-byte seed.
 *
 * Each random decision belongs to a stream named by its place in the game
 * (purpose, round, step), not by its place in the log, so an admin entry or a
 * refused mail never shifts a later draw:
 *   key = BLAKE2b-256(key = seed, msg = {"purpose":P,"round":R,"step":S})
 * read sequentially as ChaCha20 keystream. Unbiased integers by rejection.
 */
#ifndef MQ_RNG_H
#define MQ_RNG_H

#include <stdint.h>

struct mq_rng {
	uint8_t key[32];
	uint8_t block[64];
	uint64_t counter;	/* next ChaCha20 block */
	unsigned pos;		/* bytes used of block */
};

void mq_rng_open(struct mq_rng *r, const uint8_t seed[32], const char *purpose,
    int round, int step);
uint32_t mq_rng_u32(struct mq_rng *r);
/* Uniform in [0, n), n >= 1. */
uint32_t mq_rng_below(struct mq_rng *r, uint32_t n);
/* Fisher-Yates shuffle of n bytes. */
void mq_rng_shuffle_u8(struct mq_rng *r, uint8_t *a, unsigned n);

#endif
