/*
 * blake2b.h - BLAKE2b (RFC 7693) in portable C, bit for bit what libsodium's
 * crypto_generichash computes.
 *
 * Why the engine has its own: every random stream of a game is keyed by
 * BLAKE2b(key = seed, msg = the stream's name), and a game opens dozens of
 * streams. With a key, BLAKE2b's first block is the key alone, so it is
 * compressed once per game (mq_blake2b_keyed_init) and each stream costs one
 * compression instead of two. tests/unit/test_rng.c holds it to libsodium.
 */
#ifndef MQ_BLAKE2B_H
#define MQ_BLAKE2B_H

#include <stddef.h>
#include <stdint.h>

#define MQ_BLAKE2B_BLOCK	128
#define MQ_BLAKE2B_OUTMAX	64
#define MQ_BLAKE2B_KEYMAX	64

/* A hash in progress. */
struct mq_blake2b {
	uint64_t h[8];
	uint64_t t;			/* bytes compressed so far */
	uint8_t buf[MQ_BLAKE2B_BLOCK];	/* the last block is held back: it is
					 * compressed as the final one */
	size_t buflen;
	size_t outlen;
};

/* outlen 1..64, keylen 0..64 (key may be NULL when keylen is 0). */
void mq_blake2b_init(struct mq_blake2b *s, size_t outlen, const void *key,
    size_t keylen);
void mq_blake2b_update(struct mq_blake2b *s, const void *in, size_t n);
void mq_blake2b_final(struct mq_blake2b *s, uint8_t *out);
/* One call: crypto_generichash(out, outlen, in, n, key, keylen). */
void mq_blake2b(uint8_t *out, size_t outlen, const void *in, size_t n,
    const void *key, size_t keylen);

/*
 * Many messages under one key: the state after the key block, made once.
 * Plain data (no pointers), so it can live in a state that is cloned by
 * memcpy. The key itself is kept for the empty message, where the key
 * block is the final block.
 */
struct mq_blake2b_keyed {
	uint64_t h[8];
	uint8_t outlen, keylen;
	uint8_t key[MQ_BLAKE2B_KEYMAX];
};

/* outlen 1..64, keylen 1..64. */
void mq_blake2b_keyed_init(struct mq_blake2b_keyed *k, size_t outlen,
    const void *key, size_t keylen);
/* The same bytes as mq_blake2b(out, k's outlen, in, n, k's key). */
void mq_blake2b_keyed(const struct mq_blake2b_keyed *k, const void *in,
    size_t n, uint8_t *out);

#endif
