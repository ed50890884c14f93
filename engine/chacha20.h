/*
 * chacha20.h - the ChaCha20 block function (the original: 64-bit nonce,
 * 64-bit block counter), bit for bit what libsodium's crypto_stream_chacha20
 * computes. The game's random streams read ChaCha20 keystream; computing a
 * block here, straight into words, spares a library call and the XOR with
 * zeros per block. tests/unit/test_rng.c holds it to libsodium.
 */
#ifndef MQ_CHACHA20_H
#define MQ_CHACHA20_H

#include <stdint.h>

/*
 * Block `counter` of the keystream of key (eight little-endian words of the
 * 32-byte key) and nonce (the 8-byte nonce read little-endian): sixteen
 * words, whose little-endian bytes are the keystream's 64 bytes.
 */
void mq_chacha20_block(const uint32_t key[8], uint64_t nonce, uint64_t counter,
    uint32_t out[16]);

#endif
