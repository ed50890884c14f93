/*
 * test_rng.c - the engine's own BLAKE2b and ChaCha20 (engine/blake2b.c,
 * engine/chacha20.c) against the published test vectors and against
 * libsodium on many random inputs; the game's random streams (engine/rng.c)
 * against the libsodium formula they always had, byte for byte, so that the
 * same seed still gives the same game (and the sim the same game seeds);
 * and the bots' cheap streams.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "engine/blake2b.h"
#include "engine/chacha20.h"
#include "engine/rng.h"
#include "daemon/sim.h"

static int
setup(void **state)
{
	return sodium_init() < 0 ? -1 : 0;
}

/* Reproducible "random" test inputs: libsodium's deterministic generator. */
struct gen {
	uint8_t seed[randombytes_SEEDBYTES];
	uint64_t n;
};

static void
gen_init(struct gen *g, int which)
{
	memset(g->seed, 0, sizeof(g->seed));
	g->seed[0] = (uint8_t)which;
	g->n = 0;
}

static void
gen_bytes(struct gen *g, void *out, size_t len)
{
	g->n++;
	memcpy(g->seed + 8, &g->n, sizeof(g->n));
	randombytes_buf_deterministic(out, len, g->seed);
}

static uint32_t
gen_below(struct gen *g, uint32_t n)
{
	uint32_t v;

	gen_bytes(g, &v, sizeof(v));
	return v % n;
}

static void
unhex(const char *hex, uint8_t *out, size_t n)
{
	size_t i;
	unsigned b;

	assert_int_equal(strlen(hex), 2 * n);
	for (i = 0; i < n; i++) {
		assert_int_equal(sscanf(hex + 2 * i, "%2x", &b), 1);
		out[i] = (uint8_t)b;
	}
}

static void
words_to_bytes(const uint32_t w[16], uint8_t out[64])
{
	int i;

	for (i = 0; i < 64; i++)
		out[i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
}

/* ---- BLAKE2b ---- */

static void
test_blake2b_vectors(void **state)
{
	uint8_t key[64], got[64], want[64], in[1] = { 0 };
	int i;

	/* RFC 7693, Appendix A: BLAKE2b-512("abc"). */
	mq_blake2b(got, 64, "abc", 3, NULL, 0);
	unhex("ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
	    "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
	    want, 64);
	assert_memory_equal(got, want, 64);
	/* BLAKE2b-512 of the empty message. */
	mq_blake2b(got, 64, "", 0, NULL, 0);
	unhex("786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419"
	    "d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce",
	    want, 64);
	assert_memory_equal(got, want, 64);
	/* The official keyed known answers (blake2b-kat.txt): key 00..3f. */
	for (i = 0; i < 64; i++)
		key[i] = (uint8_t)i;
	mq_blake2b(got, 64, in, 0, key, 64);
	unhex("10ebb67700b1868efb4417987acf4690ae9d972fb7a590c2f02871799aaa4786"
	    "b5e996e8f0f4eb981fc214b005f42d2ff4233499391653df7aefcbc13fc51568",
	    want, 64);
	assert_memory_equal(got, want, 64);
	mq_blake2b(got, 64, in, 1, key, 64);
	unhex("961f6dd1e4dd30f63901690c512e78e4b45e4742ed197c3c5e45c549fd25f2e4"
	    "187b0bc9fe30492b16b0d0bc4ef9b0f34c7003fac09a5ef1532e69430234cebd",
	    want, 64);
	assert_memory_equal(got, want, 64);
	/* The same two through the key block computed once. */
	{
		struct mq_blake2b_keyed k;

		mq_blake2b_keyed_init(&k, 64, key, 64);
		mq_blake2b_keyed(&k, in, 1, got);
		assert_memory_equal(got, want, 64);
		mq_blake2b_keyed(&k, in, 0, got);
		unhex("10ebb67700b1868efb4417987acf4690ae9d972fb7a590c2f02871799aaa"
		    "4786b5e996e8f0f4eb981fc214b005f42d2ff4233499391653df7aefcbc1"
		    "3fc51568", want, 64);
		assert_memory_equal(got, want, 64);
	}
}

/* Random messages of 0..300 bytes, every output and key length, keyed and
 * not: one call, piece by piece, and through a key prepared once. */
static void
test_blake2b_matches_libsodium(void **state)
{
	struct gen g;
	uint8_t in[300], key[64], want[64], got[64];
	int i;

	gen_init(&g, 1);
	for (i = 0; i < 3000; i++) {
		size_t n = i < 301 ? (size_t)i : gen_below(&g, 301);
		size_t outlen = 1 + gen_below(&g, 64);
		size_t keylen = i % 4 == 0 ? 0 : 1 + gen_below(&g, 64);
		struct mq_blake2b s;
		size_t off, step;

		if (i % 7 == 0)
			outlen = 32;	/* what the streams use */
		if (i % 5 == 0 && keylen)
			keylen = 32;
		gen_bytes(&g, in, sizeof(in));
		gen_bytes(&g, key, sizeof(key));
		assert_int_equal(crypto_generichash_blake2b(want, outlen, in, n,
		    keylen ? key : NULL, keylen), 0);

		memset(got, 0, sizeof(got));
		mq_blake2b(got, outlen, in, n, key, keylen);
		assert_memory_equal(got, want, outlen);

		memset(got, 0, sizeof(got));
		mq_blake2b_init(&s, outlen, key, keylen);
		for (off = 0; off < n; off += step) {
			step = 1 + gen_below(&g, 150);
			if (step > n - off)
				step = n - off;
			mq_blake2b_update(&s, in + off, step);
		}
		mq_blake2b_final(&s, got);
		assert_memory_equal(got, want, outlen);

		if (keylen > 0) {
			struct mq_blake2b_keyed k;

			memset(got, 0, sizeof(got));
			mq_blake2b_keyed_init(&k, outlen, key, keylen);
			mq_blake2b_keyed(&k, in, n, got);
			assert_memory_equal(got, want, outlen);
		}
	}
}

/* ---- ChaCha20 ---- */

static void
test_chacha20_vectors(void **state)
{
	uint32_t key[8], out[16];
	uint8_t got[64], want[64];

	/* RFC 8439, Appendix A.1, test vectors 1 to 3: with a zero nonce the
	 * IETF and original layouts are the same block. */
	memset(key, 0, sizeof(key));
	mq_chacha20_block(key, 0, 0, out);
	words_to_bytes(out, got);
	unhex("76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
	    "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
	    want, 64);
	assert_memory_equal(got, want, 64);
	mq_chacha20_block(key, 0, 1, out);
	words_to_bytes(out, got);
	unhex("9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
	    "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f",
	    want, 64);
	assert_memory_equal(got, want, 64);
	key[7] = 0x01000000;	/* key byte 31 is 1 */
	mq_chacha20_block(key, 0, 1, out);
	words_to_bytes(out, got);
	unhex("3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a"
	    "8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0",
	    want, 64);
	assert_memory_equal(got, want, 64);
}

/* Random keys, nonces and counters, including counters whose low word
 * carries into the high one: four blocks each, as libsodium's keystream. */
static void
test_chacha20_matches_libsodium(void **state)
{
	static const uint8_t zeros[256];
	struct gen g;
	uint8_t kb[32], nb[8], want[256], got[256];
	uint32_t key[8], out[16];
	uint64_t nonce, counter;
	int i, j, b;

	gen_init(&g, 2);
	for (i = 0; i < 1000; i++) {
		gen_bytes(&g, kb, sizeof(kb));
		gen_bytes(&g, nb, sizeof(nb));
		gen_bytes(&g, &counter, sizeof(counter));
		switch (i % 4) {
		case 0: counter = i / 4; break;			/* small */
		case 1: counter = 0xFFFFFFFFULL - i % 3; break;	/* the carry */
		case 2: counter &= 0xFFFFFFFFFFFFULL; break;
		default: break;					/* any */
		}
		if (i % 8 == 0)
			memset(nb, 0, sizeof(nb));		/* the streams' nonce */
		assert_int_equal(crypto_stream_chacha20_xor_ic(want, zeros,
		    sizeof(want), nb, counter, kb), 0);
		for (j = 0; j < 8; j++)
			key[j] = (uint32_t)kb[4 * j] | (uint32_t)kb[4 * j + 1] << 8 |
			    (uint32_t)kb[4 * j + 2] << 16 | (uint32_t)kb[4 * j + 3] << 24;
		nonce = 0;
		for (j = 0; j < 8; j++)
			nonce |= (uint64_t)nb[j] << (8 * j);
		for (b = 0; b < 4; b++) {
			mq_chacha20_block(key, nonce, counter + (uint64_t)b, out);
			words_to_bytes(out, got + 64 * b);
		}
		assert_memory_equal(got, want, sizeof(want));
	}
}

/* ---- The game's streams, as they always were ---- */

/* The streams' original code, on libsodium, kept here as the reference. */
struct ref_rng {
	uint8_t key[32], block[64];
	uint64_t counter;
	unsigned pos;
};

static void
ref_refill(struct ref_rng *r)
{
	static const uint8_t zeros[64], nonce[8];

	crypto_stream_chacha20_xor_ic(r->block, zeros, 64, nonce, r->counter++,
	    r->key);
	r->pos = 0;
}

static void
ref_open(struct ref_rng *r, const uint8_t seed[32], const char *purpose,
    int round, int step)
{
	char msg[128];
	int n = snprintf(msg, sizeof(msg), "{\"purpose\":\"%s\",\"round\":%d,"
	    "\"step\":%d}", purpose, round, step);

	crypto_generichash(r->key, 32, (const uint8_t *)msg, (size_t)n, seed, 32);
	r->counter = 0;
	ref_refill(r);
}

static uint32_t
ref_u32(struct ref_rng *r)
{
	uint32_t v;

	if (r->pos + 4 > 64)
		ref_refill(r);
	v = (uint32_t)r->block[r->pos] | (uint32_t)r->block[r->pos + 1] << 8 |
	    (uint32_t)r->block[r->pos + 2] << 16 |
	    (uint32_t)r->block[r->pos + 3] << 24;
	r->pos += 4;
	return v;
}

static uint32_t
ref_below(struct ref_rng *r, uint32_t n)
{
	uint32_t limit, v;

	if (n <= 1)
		return 0;
	limit = (uint32_t)(0x100000000ULL - (0x100000000ULL % n));
	do
		v = ref_u32(r);
	while (limit != 0 && v >= limit);
	return v % n;
}

static const char *const purposes[] = {
	"popularity", "personality", "prince", "red_death", "rumor_deck",
	"placement", "target", "rumor", "evidence", "premonition", "bot",
	"fuzz-bot", "a",
};

static void
test_streams_same_bytes_as_before(void **state)
{
	struct gen g;
	uint8_t seed[32];
	int i, j;

	gen_init(&g, 3);
	for (i = 0; i < 600; i++) {
		const char *p = purposes[i % (sizeof(purposes) / sizeof(purposes[0]))];
		int round = i % 10 == 0 ? INT_MIN + i : i % 10 == 1 ? INT_MAX - i :
		    (int)gen_below(&g, 40) - 5;
		int step = i % 10 == 2 ? -1 - i : (int)gen_below(&g, 3000);
		struct mq_rng_seed k;
		struct mq_rng a, b;
		struct ref_rng want;

		gen_bytes(&g, seed, sizeof(seed));
		ref_open(&want, seed, p, round, step);
		mq_rng_seed_init(&k, seed);
		mq_rng_open_seed(&a, &k, p, round, step);
		mq_rng_open(&b, seed, p, round, step);
		for (j = 0; j < 70; j++) {	/* past four blocks */
			uint32_t v = ref_u32(&want);

			assert_int_equal(mq_rng_u32(&a), v);
			assert_int_equal(mq_rng_u32(&b), v);
		}
	}
}

/* Draws below n, with and without rejections, and shuffles. */
static void
test_draws_same_as_before(void **state)
{
	static const uint32_t ns[] = {
		1, 2, 3, 6, 7, 8, 40, 54, 1000, 65536, 0x7FFFFFFF, 0x80000000,
		0x80000001, 0xAAAAAAAB, 0xFFFFFFFE, 0xFFFFFFFF,
	};
	struct gen g;
	uint8_t seed[32], a8[64], b8[64];
	int i, j;

	gen_init(&g, 4);
	for (i = 0; i < 300; i++) {
		struct mq_rng r;
		struct ref_rng want;
		unsigned n;

		gen_bytes(&g, seed, sizeof(seed));
		ref_open(&want, seed, "rumor", i, i % 7);
		mq_rng_open(&r, seed, "rumor", i, i % 7);
		for (j = 0; j < 200; j++) {
			uint32_t bound = j % 3 ? ns[j % (sizeof(ns) / sizeof(ns[0]))] :
			    1 + gen_below(&g, 0xFFFFFFFF);

			assert_int_equal(mq_rng_below(&r, bound),
			    ref_below(&want, bound));
		}
		n = gen_below(&g, 65);
		for (j = 0; j < 64; j++)
			a8[j] = b8[j] = (uint8_t)j;
		mq_rng_shuffle_u8(&r, a8, n);
		for (j = (int)n; j > 1; j--) {
			uint32_t k = ref_below(&want, (uint32_t)j);
			uint8_t t = b8[j - 1];

			b8[j - 1] = b8[k];
			b8[k] = t;
		}
		assert_memory_equal(a8, b8, sizeof(a8));
		assert_int_equal(mq_rng_u32(&r), ref_u32(&want));
	}
}

/* The remainder without a division, for every small n, at the edges and
 * on random values. */
static void
test_mod_is_remainder(void **state)
{
	static const uint32_t edges[] = {
		0, 1, 2, 63, 64, 65, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF,
	};
	struct gen g;
	uint32_t n, v;
	int i;

	gen_init(&g, 5);
	for (n = 1; n <= 80; n++) {
		for (i = 0; i < (int)(sizeof(edges) / sizeof(edges[0])); i++) {
			assert_int_equal(mq_rng_mod(edges[i], n), edges[i] % n);
			assert_int_equal(mq_rng_mod(edges[i] - edges[i] % n, n), 0);
		}
		for (i = 0; i < 20000; i++) {
			gen_bytes(&g, &v, sizeof(v));
			assert_int_equal(mq_rng_mod(v, n), v % n);
		}
	}
}

/* The sim's game seeds, now hashed here, are the ones libsodium gave. */
static void
test_sim_game_seed_as_before(void **state)
{
	static const long games[] = { 0, 1, 9, 10, 12345, 999999999L, -1, -42 };
	uint8_t seed[32], got[32], want[32];
	char msg[64];
	size_t i;
	int n;

	memset(seed, 0xA5, sizeof(seed));
	for (i = 0; i < sizeof(games) / sizeof(games[0]); i++) {
		n = snprintf(msg, sizeof(msg), "masqued-sim-game\n%ld", games[i]);
		crypto_generichash(want, 32, (const uint8_t *)msg, (size_t)n, seed, 32);
		mq_sim_game_seed(seed, games[i], got);
		assert_memory_equal(got, want, 32);
	}
}

/* ---- The bots' cheap streams ---- */

static void
test_cheap_streams_deterministic_and_distinct(void **state)
{
	uint8_t seed[32];
	struct mq_rng a, b, c, d;
	int j, same_stream = 1, diff_seat = 0, diff_seed = 0, low = 0;

	memset(seed, 0x5A, sizeof(seed));
	mq_rng_open_cheap(&a, seed, 3);
	mq_rng_open_cheap(&b, seed, 3);
	mq_rng_open_cheap(&c, seed, 4);
	seed[31] ^= 1;
	mq_rng_open_cheap(&d, seed, 3);
	for (j = 0; j < 1000; j++) {
		uint32_t v = mq_rng_u32(&a);

		same_stream &= v == mq_rng_u32(&b);
		diff_seat += v != mq_rng_u32(&c);
		diff_seed += v != mq_rng_u32(&d);
		low += mq_rng_below(&b, 2) == 0;
		(void)mq_rng_below(&a, 2);
	}
	assert_true(same_stream);
	assert_true(diff_seat > 990);
	assert_true(diff_seed > 990);
	assert_in_range(low, 400, 600);	/* roughly fair */
	/* A zero seed still moves. */
	memset(seed, 0, sizeof(seed));
	mq_rng_open_cheap(&a, seed, 0);
	assert_true(mq_rng_u32(&a) != 0 || mq_rng_u32(&a) != 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blake2b_vectors),
		cmocka_unit_test(test_blake2b_matches_libsodium),
		cmocka_unit_test(test_chacha20_vectors),
		cmocka_unit_test(test_chacha20_matches_libsodium),
		cmocka_unit_test(test_streams_same_bytes_as_before),
		cmocka_unit_test(test_draws_same_as_before),
		cmocka_unit_test(test_mod_is_remainder),
		cmocka_unit_test(test_sim_game_seed_as_before),
		cmocka_unit_test(test_cheap_streams_deterministic_and_distinct),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
