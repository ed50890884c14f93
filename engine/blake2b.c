/*
 * blake2b.c - BLAKE2b, RFC 7693; see blake2b.h. Scalar 64-bit code: the
 * sixteen working words stay in locals and every round is unrolled, so the
 * message schedule folds into constant offsets.
 */
#include <string.h>

#include "engine/blake2b.h"

static const uint64_t iv[8] = {
	0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
	0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
	0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

static const uint8_t sigma[12][16] = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	{ 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
	{ 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
	{ 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
	{ 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
	{ 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
	{ 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
	{ 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
	{ 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
	{ 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	{ 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
};

static uint64_t
load64(const uint8_t *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
	    (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 |
	    (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

#define ROTR(x, n)	(((x) >> (n)) | ((x) << (64 - (n))))
#define G(r, i, a, b, c, d) do {					\
	a = a + b + m[sigma[r][2 * (i)]];				\
	d = ROTR(d ^ a, 32);						\
	c = c + d;							\
	b = ROTR(b ^ c, 24);						\
	a = a + b + m[sigma[r][2 * (i) + 1]];				\
	d = ROTR(d ^ a, 16);						\
	c = c + d;							\
	b = ROTR(b ^ c, 63);						\
} while (0)
#define ROUND(r) do {							\
	G(r, 0, v0, v4, v8, v12);					\
	G(r, 1, v1, v5, v9, v13);					\
	G(r, 2, v2, v6, v10, v14);					\
	G(r, 3, v3, v7, v11, v15);					\
	G(r, 4, v0, v5, v10, v15);					\
	G(r, 5, v1, v6, v11, v12);					\
	G(r, 6, v2, v7, v8, v13);					\
	G(r, 7, v3, v4, v9, v14);					\
} while (0)

/* t: bytes so far including this block (messages stay below 2^64 bytes,
 * so the counter's high word is 0); last: the final block. */
static void
compress(uint64_t h[8], const uint8_t block[MQ_BLAKE2B_BLOCK], uint64_t t,
    int last)
{
	uint64_t m[16];
	uint64_t v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3];
	uint64_t v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
	uint64_t v8 = iv[0], v9 = iv[1], v10 = iv[2], v11 = iv[3];
	uint64_t v12 = iv[4] ^ t, v13 = iv[5];
	uint64_t v14 = last ? ~iv[6] : iv[6], v15 = iv[7];
	int i;

	for (i = 0; i < 16; i++)
		m[i] = load64(block + 8 * i);
	ROUND(0);
	ROUND(1);
	ROUND(2);
	ROUND(3);
	ROUND(4);
	ROUND(5);
	ROUND(6);
	ROUND(7);
	ROUND(8);
	ROUND(9);
	ROUND(10);
	ROUND(11);
	h[0] ^= v0 ^ v8;
	h[1] ^= v1 ^ v9;
	h[2] ^= v2 ^ v10;
	h[3] ^= v3 ^ v11;
	h[4] ^= v4 ^ v12;
	h[5] ^= v5 ^ v13;
	h[6] ^= v6 ^ v14;
	h[7] ^= v7 ^ v15;
}

static void
param_init(uint64_t h[8], size_t outlen, size_t keylen)
{
	int i;

	for (i = 0; i < 8; i++)
		h[i] = iv[i];
	h[0] ^= 0x01010000ULL ^ (uint64_t)keylen << 8 ^ (uint64_t)outlen;
}

void
mq_blake2b_init(struct mq_blake2b *s, size_t outlen, const void *key,
    size_t keylen)
{
	param_init(s->h, outlen, keylen);
	s->t = 0;
	s->outlen = outlen;
	s->buflen = 0;
	memset(s->buf, 0, sizeof(s->buf));
	if (keylen > 0) {
		memcpy(s->buf, key, keylen);
		s->buflen = MQ_BLAKE2B_BLOCK;	/* the key fills a whole block */
	}
}

void
mq_blake2b_update(struct mq_blake2b *s, const void *in, size_t n)
{
	const uint8_t *p = in;
	size_t fill;

	while (n > 0) {
		if (s->buflen == MQ_BLAKE2B_BLOCK) {
			/* More input follows, so the held block is not the last. */
			s->t += MQ_BLAKE2B_BLOCK;
			compress(s->h, s->buf, s->t, 0);
			s->buflen = 0;
		}
		fill = MQ_BLAKE2B_BLOCK - s->buflen;
		if (fill > n)
			fill = n;
		memcpy(s->buf + s->buflen, p, fill);
		s->buflen += fill;
		p += fill;
		n -= fill;
	}
}

static void
store64(uint8_t *p, uint64_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
	p[4] = (uint8_t)(v >> 32);
	p[5] = (uint8_t)(v >> 40);
	p[6] = (uint8_t)(v >> 48);
	p[7] = (uint8_t)(v >> 56);
}

/* The first outlen bytes of the state words, little-endian. */
static void
output(const uint64_t h[8], uint8_t *out, size_t outlen)
{
	uint8_t all[MQ_BLAKE2B_OUTMAX];
	int i;

	for (i = 0; i < 8; i++)
		store64(all + 8 * i, h[i]);
	memcpy(out, all, outlen);
}

void
mq_blake2b_final(struct mq_blake2b *s, uint8_t *out)
{
	s->t += s->buflen;
	memset(s->buf + s->buflen, 0, MQ_BLAKE2B_BLOCK - s->buflen);
	compress(s->h, s->buf, s->t, 1);
	output(s->h, out, s->outlen);
}

void
mq_blake2b(uint8_t *out, size_t outlen, const void *in, size_t n,
    const void *key, size_t keylen)
{
	struct mq_blake2b s;

	mq_blake2b_init(&s, outlen, key, keylen);
	mq_blake2b_update(&s, in, n);
	mq_blake2b_final(&s, out);
}

void
mq_blake2b_keyed_init(struct mq_blake2b_keyed *k, size_t outlen,
    const void *key, size_t keylen)
{
	uint8_t block[MQ_BLAKE2B_BLOCK];

	param_init(k->h, outlen, keylen);
	memset(block, 0, sizeof(block));
	memcpy(block, key, keylen);
	compress(k->h, block, MQ_BLAKE2B_BLOCK, 0);
	k->outlen = (uint8_t)outlen;
	k->keylen = (uint8_t)keylen;
	memset(k->key, 0, sizeof(k->key));
	memcpy(k->key, key, keylen);
}

void
mq_blake2b_keyed(const struct mq_blake2b_keyed *k, const void *in, size_t n,
    uint8_t *out)
{
	struct mq_blake2b s;

	if (n == 0) {
		mq_blake2b(out, k->outlen, in, 0, k->key, k->keylen);
		return;
	}
	if (n <= MQ_BLAKE2B_BLOCK) {
		/* One block after the key, and the last: a random stream's name. */
		uint64_t h[8];
		uint8_t block[MQ_BLAKE2B_BLOCK];

		memcpy(h, k->h, sizeof(h));
		memcpy(block, in, n);
		memset(block + n, 0, MQ_BLAKE2B_BLOCK - n);
		compress(h, block, MQ_BLAKE2B_BLOCK + n, 1);
		output(h, out, k->outlen);
		return;
	}
	memcpy(s.h, k->h, sizeof(s.h));
	s.t = MQ_BLAKE2B_BLOCK;
	s.outlen = k->outlen;
	s.buflen = 0;
	mq_blake2b_update(&s, in, n);
	mq_blake2b_final(&s, out);
}
