/* rng.c - seeded random streams; see rng.h. */
#include <string.h>

#include "engine/rng.h"
#include "engine/chacha20.h"

#define MSG_MAX	127	/* the stream's name is cut there, as it always was */

#define FM(n)	(0xFFFFFFFFFFFFFFFFULL / (n) + 1)
#define FM8(n)	FM(n), FM(n + 1), FM(n + 2), FM(n + 3), FM(n + 4), FM(n + 5), \
		FM(n + 6), FM(n + 7)
const uint64_t mq_rng_fastmod[65] = {
	0, 0, FM(2), FM(3), FM(4), FM(5), FM(6), FM(7),
	FM8(8), FM8(16), FM8(24), FM8(32), FM8(40), FM8(48), FM8(56), FM(64),
};
#undef FM8
#undef FM

static void
put(char *msg, size_t *len, const char *s, size_t n)
{
	if (n > MSG_MAX - *len)
		n = MSG_MAX - *len;
	memcpy(msg + *len, s, n);
	*len += n;
}

static void
put_int(char *msg, size_t *len, int v)
{
	unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
	char tmp[12];
	size_t k = sizeof(tmp);

	do
		tmp[--k] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		tmp[--k] = '-';
	while (k < sizeof(tmp) && *len < MSG_MAX)	/* a few digits: no call */
		msg[(*len)++] = tmp[k++];
}

void
mq_rng_seed_init(struct mq_rng_seed *k, const uint8_t seed[32])
{
	mq_blake2b_keyed_init(&k->h, 32, seed, 32);
}

void
mq_rng_open_seed(struct mq_rng *r, const struct mq_rng_seed *k,
    const char *purpose, int round, int step)
{
	char msg[MSG_MAX + 1];
	uint8_t key[32];
	size_t len = 0;
	int i;

	/* Canonical JSON, {"purpose":P,"round":R,"step":S}, built by hand: this
	 * runs for every random decision, and printf is the slow part. */
	put(msg, &len, "{\"purpose\":\"", 12);
	while (*purpose != '\0' && len < MSG_MAX)	/* a few letters: no calls */
		msg[len++] = *purpose++;
	put(msg, &len, "\",\"round\":", 10);
	put_int(msg, &len, round);
	put(msg, &len, ",\"step\":", 8);
	put_int(msg, &len, step);
	put(msg, &len, "}", 1);
	mq_blake2b_keyed(&k->h, msg, len, key);
	for (i = 0; i < 8; i++)
		r->key[i] = (uint32_t)key[4 * i] | (uint32_t)key[4 * i + 1] << 8 |
		    (uint32_t)key[4 * i + 2] << 16 | (uint32_t)key[4 * i + 3] << 24;
	r->cheap = 0;
	r->counter = 0;
	mq_rng_refill(r);
}

void
mq_rng_open(struct mq_rng *r, const uint8_t seed[32], const char *purpose,
    int round, int step)
{
	struct mq_rng_seed k;

	mq_rng_seed_init(&k, seed);
	mq_rng_open_seed(r, &k, purpose, round, step);
}

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
mq_rng_open_cheap(struct mq_rng *r, const uint8_t seed[32], int stream)
{
	uint64_t x = (uint64_t)(unsigned)stream, w;
	const uint8_t *p;
	int i;

	/* Each state word: a seed word XOR the stream's splitmix64 sequence,
	 * mixed once more, so streams of one seed differ in every word. */
	for (i = 0; i < 4; i++) {
		p = seed + 8 * i;
		w = (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
		    (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 |
		    (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
		    (uint64_t)p[7] << 56;
		w ^= splitmix64(&x);
		r->s[i] = splitmix64(&w);
	}
	if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0)
		r->s[0] = 1;	/* xoshiro's one state that never moves */
	r->cheap = 1;
	mq_rng_refill(r);
}

static uint64_t
rotl64(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* xoshiro256** (Blackman and Vigna, public domain). */
static uint64_t
xoshiro_next(uint64_t s[4])
{
	uint64_t out = rotl64(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl64(s[3], 45);
	return out;
}

void
mq_rng_refill(struct mq_rng *r)
{
	int i;

	if (r->cheap) {
		for (i = 0; i < 16; i += 2) {
			uint64_t v = xoshiro_next(r->s);

			r->block[i] = (uint32_t)v;
			r->block[i + 1] = (uint32_t)(v >> 32);
		}
	} else {
		mq_chacha20_block(r->key, 0, r->counter++, r->block);
	}
	r->pos = 0;
}

uint32_t
mq_rng_below_slow(struct mq_rng *r, uint32_t n, uint32_t v)
{
	uint32_t rem = (0u - n) % n;	/* 2^32 mod n */

	while (rem != 0 && v >= 0u - rem)
		v = mq_rng_u32(r);
	return v;
}

void
mq_rng_shuffle_u8(struct mq_rng *r, uint8_t *a, unsigned n)
{
	unsigned i, j;
	uint8_t t;

	for (i = n; i > 1; i--) {
		j = mq_rng_below(r, i);
		t = a[i - 1];
		a[i - 1] = a[j];
		a[j] = t;
	}
}
