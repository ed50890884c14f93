/*
 * jdata.h - what the games' data loaders (config/games/GAME.json) read
 * alike: a whole number in a range and a text that fits its field, each
 * refused with "The game data is wrong at PATH.KEY: ...", so that the host
 * reads one form of sentence whichever game's file is wrong. PATH is never
 * empty. Pure, like the engines that use it.
 */
#ifndef MQ_JDATA_H
#define MQ_JDATA_H

#include <stddef.h>
#include <jansson.h>

#include "err.h"

/* obj's key, a whole number from lo to hi, into *out; 0 or MQ_REFUSED. */
int mq_jdata_int(const json_t *obj, const char *path, const char *key,
    int lo, int hi, int *out, struct mq_err *err);
/* obj's key, a text of 1 to n - 1 bytes with no NUL inside, into dst
 * (n bytes); 0 or MQ_REFUSED. */
int mq_jdata_str(const json_t *obj, const char *path, const char *key,
    char *dst, size_t n, struct mq_err *err);

#endif
