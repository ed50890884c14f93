/* chacha20.c - the ChaCha20 block function; see chacha20.h. */
#include "engine/chacha20.h"

#define ROTL(x, n)	(((x) << (n)) | ((x) >> (32 - (n))))
#define QR(a, b, c, d) do {						\
	a += b; d ^= a; d = ROTL(d, 16);				\
	c += d; b ^= c; b = ROTL(b, 12);				\
	a += b; d ^= a; d = ROTL(d, 8);					\
	c += d; b ^= c; b = ROTL(b, 7);					\
} while (0)

void
mq_chacha20_block(const uint32_t key[8], uint64_t nonce, uint64_t counter,
    uint32_t out[16])
{
	/* "expand 32-byte k" */
	const uint32_t c0 = 0x61707865, c1 = 0x3320646e, c2 = 0x79622d32,
	    c3 = 0x6b206574;
	uint32_t x0 = c0, x1 = c1, x2 = c2, x3 = c3;
	uint32_t x4 = key[0], x5 = key[1], x6 = key[2], x7 = key[3];
	uint32_t x8 = key[4], x9 = key[5], x10 = key[6], x11 = key[7];
	uint32_t x12 = (uint32_t)counter, x13 = (uint32_t)(counter >> 32);
	uint32_t x14 = (uint32_t)nonce, x15 = (uint32_t)(nonce >> 32);
	int i;

	for (i = 0; i < 10; i++) {
		QR(x0, x4, x8, x12);
		QR(x1, x5, x9, x13);
		QR(x2, x6, x10, x14);
		QR(x3, x7, x11, x15);
		QR(x0, x5, x10, x15);
		QR(x1, x6, x11, x12);
		QR(x2, x7, x8, x13);
		QR(x3, x4, x9, x14);
	}
	out[0] = x0 + c0;
	out[1] = x1 + c1;
	out[2] = x2 + c2;
	out[3] = x3 + c3;
	out[4] = x4 + key[0];
	out[5] = x5 + key[1];
	out[6] = x6 + key[2];
	out[7] = x7 + key[3];
	out[8] = x8 + key[4];
	out[9] = x9 + key[5];
	out[10] = x10 + key[6];
	out[11] = x11 + key[7];
	out[12] = x12 + (uint32_t)counter;
	out[13] = x13 + (uint32_t)(counter >> 32);
	out[14] = x14 + (uint32_t)nonce;
	out[15] = x15 + (uint32_t)(nonce >> 32);
}
