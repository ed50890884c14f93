/*
 * address.h - reply addresses and their tags.
 *
 * Each player of each game replies to LOCAL+<game>.<seat>.<tag>@DOMAIN,
 * where tag is 16 characters of lower-case base32 (RFC 4648, no padding) of
 * a keyed BLAKE2b (the data folder's tag secret) over game, seat and the
 * player's token epoch. A message counts for (game, seat) only when its tag
 * verifies; rotating a token (a new epoch) retires every older address.
 */
#ifndef MQ_ADDRESS_H
#define MQ_ADDRESS_H

#include <stddef.h>

#include "err.h"

#define MQ_TAG_LEN 16

struct mq_addr_tag {
	char game[9];
	int seat;
	char tag[MQ_TAG_LEN + 1];
};

/* The tag of (game, seat, epoch) under key. */
void mq_addr_tag(const unsigned char key[32], const char *game, int seat,
    int epoch, char out[MQ_TAG_LEN + 1]);
/* LOCAL+game.seat.tag@DOMAIN into out. */
int mq_addr_reply(const char *local, const char *domain, const char *game,
    int seat, const char *tag, char *out, size_t n);
/* Find the first recipient whose local part is LOCAL+game.seat.tag (LOCAL
 * compared without case; NULL local accepts any). 0 if found, else -1. */
int mq_addr_find(char *const *recipients, const char *local,
    struct mq_addr_tag *out);
/* 1 when tag is the right one for (game, seat, epoch); constant time. */
int mq_addr_tag_ok(const unsigned char key[32], const struct mq_addr_tag *t,
    int epoch);
/* Case-insensitive comparison of two addr-specs. */
int mq_addr_same(const char *a, const char *b);

#endif
