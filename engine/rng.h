/*
 * rng.h - the game's random streams, all derived from its 32-byte seed.
 *
 * Each random decision belongs to a stream named by its place in the game
 * (purpose, round, step), not by its place in the log, so an admin entry or a
 * refused mail never shifts a later draw:
 *   key = BLAKE2b-256(key = seed, msg = {"purpose":P,"round":R,"step":S})
 * read sequentially as ChaCha20 keystream (8-byte zero nonce, block counter
 * from 0), four little-endian bytes per draw. Unbiased integers by rejection.
 *
 * Bots' streams are not the game's: mq_rng_open_cheap gives a fast
 * xoshiro256** stream through the same draws, for the bots' choices only.
 */
#ifndef MQ_RNG_H
#define MQ_RNG_H

#include <stdint.h>

#include "engine/blake2b.h"

struct mq_rng {
	uint32_t block[16];	/* the current block of the stream */
	unsigned pos;		/* words of it used */
	int cheap;		/* 0: ChaCha20, the game's; 1: xoshiro256** */
	uint64_t counter;	/* ChaCha20: the next block */
	uint32_t key[8];	/* ChaCha20: the stream's key */
	uint64_t s[4];		/* xoshiro256**: the state */
};

/* A seed made ready to open streams: BLAKE2b's state after the key block,
 * computed once per game (plain data: a state holding it clones by memcpy). */
struct mq_rng_seed {
	struct mq_blake2b_keyed h;
};

void mq_rng_seed_init(struct mq_rng_seed *k, const uint8_t seed[32]);
void mq_rng_open_seed(struct mq_rng *r, const struct mq_rng_seed *k,
    const char *purpose, int round, int step);
/* The same stream from the raw seed, for a one-off. */
void mq_rng_open(struct mq_rng *r, const uint8_t seed[32], const char *purpose,
    int round, int step);
/* A bot's stream: not cryptographic, just fast and deterministic. */
void mq_rng_open_cheap(struct mq_rng *r, const uint8_t seed[32], int stream);

/* For the inline draws below, not for callers: the next block, and the
 * rejection of a draw v too close to 2^32. */
void mq_rng_refill(struct mq_rng *r);
uint32_t mq_rng_below_slow(struct mq_rng *r, uint32_t n, uint32_t v);

/* Inline: the engine draws in its inner loops. */
static inline uint32_t
mq_rng_u32(struct mq_rng *r)
{
	if (r->pos >= 16)
		mq_rng_refill(r);
	return r->block[r->pos++];
}

/* 2^64 / n rounded up, mod 2^64, n = 1..64 (n = 1 gives 0, as v mod 1 is
 * 0); [0] is not used. */
extern const uint64_t mq_rng_fastmod[65];

/*
 * v mod n without a division (some 25 cycles) for the small n that draws
 * use: Lemire, Kaser and Kurz, "Faster remainder by direct computation"
 * (2019): the high 64 bits of (M * v mod 2^64) * n, M = mq_rng_fastmod[n],
 * exact for every 32-bit v and n. The 64 x 32 multiply is in halves.
 */
static inline uint32_t
mq_rng_mod(uint32_t v, uint32_t n)
{
	uint64_t low;

	if (n > 64)
		return v % n;
	low = mq_rng_fastmod[n] * v;
	return (uint32_t)(((low >> 32) * n + ((low & 0xFFFFFFFFu) * n >> 32)) >> 32);
}

/*
 * Uniform in [0, n), n >= 1: a draw v is kept when v < 2^32 - (2^32 mod n),
 * then v mod n. Any v <= 2^32 - n is below that bound, so the remainder
 * 2^32 mod n is only computed for the rare v above it.
 */
static inline uint32_t
mq_rng_below(struct mq_rng *r, uint32_t n)
{
	uint32_t v;

	if (n <= 1)
		return 0;
	v = mq_rng_u32(r);
	if (v > 0u - n)
		v = mq_rng_below_slow(r, n, v);
	return mq_rng_mod(v, n);
}

/* Fisher-Yates shuffle of n bytes. */
void mq_rng_shuffle_u8(struct mq_rng *r, uint8_t *a, unsigned n);

#endif
