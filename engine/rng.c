/* rng.c - seeded random streams; see rng.h. */
#include <string.h>
#include <sodium.h>

#include "engine/rng.h"

static void
rng_refill(struct mq_rng *r)
{
	static const uint8_t zeros[64];
	static const uint8_t nonce[crypto_stream_chacha20_NONCEBYTES];

	crypto_stream_chacha20_xor_ic(r->block, zeros, sizeof(r->block), nonce,
	    r->counter++, r->key);
	r->pos = 0;
}

void
mq_rng_open(struct mq_rng *r, const uint8_t seed[32], const char *purpose,
    int round, int step)
{
	char msg[128], num[2][16];
	size_t len = 0;
	int v[2] = { round, step }, i, k;

	/* Canonical JSON, {"purpose":P,"round":R,"step":S}, built by hand: this
	 * runs for every random decision, and printf is the slow part. */
#define PUT(s_) do { const char *p_ = (s_); while (*p_ && len < sizeof(msg) - 1) \
	msg[len++] = *p_++; } while (0)
	for (i = 0; i < 2; i++) {
		unsigned u = v[i] < 0 ? (unsigned)-(long)v[i] : (unsigned)v[i];
		char tmp[16];

		k = 0;
		do
			tmp[k++] = (char)('0' + u % 10);
		while ((u /= 10) != 0);
		if (v[i] < 0)
			tmp[k++] = '-';
		for (int j = 0; j < k; j++)
			num[i][j] = tmp[k - 1 - j];
		num[i][k] = '\0';
	}
	PUT("{\"purpose\":\"");
	PUT(purpose);
	PUT("\",\"round\":");
	PUT(num[0]);
	PUT(",\"step\":");
	PUT(num[1]);
	PUT("}");
#undef PUT
	crypto_generichash(r->key, sizeof(r->key), (const uint8_t *)msg, len,
	    seed, 32);
	r->counter = 0;
	rng_refill(r);
}

uint32_t
mq_rng_u32(struct mq_rng *r)
{
	uint32_t v;

	if (r->pos + 4 > sizeof(r->block))
		rng_refill(r);
	v = (uint32_t)r->block[r->pos] | (uint32_t)r->block[r->pos + 1] << 8 |
	    (uint32_t)r->block[r->pos + 2] << 16 | (uint32_t)r->block[r->pos + 3] << 24;
	r->pos += 4;
	return v;
}

uint32_t
mq_rng_below(struct mq_rng *r, uint32_t n)
{
	uint32_t limit, v;

	if (n <= 1)
		return 0;
	limit = (uint32_t)(0x100000000ULL - (0x100000000ULL % n));
	do
		v = mq_rng_u32(r);
	while (limit != 0 && v >= limit);
	return v % n;
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
