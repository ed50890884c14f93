/*
 * gamedata.h - finding, loading and hashing a game's data file
 * (config/games/KIND.json). The hash goes into the genesis entry so that a
 * replay uses exactly the same cards and board.
 */
#ifndef MQ_GAMEDATA_H
#define MQ_GAMEDATA_H

#include <stdint.h>
#include <jansson.h>

#include "engine/game.h"

struct mq_gamedata {
	const struct mq_game_kind *kind;
	json_t *json;		/* the data as loaded */
	void *data;		/* compiled by the kind */
	uint8_t hash[32];	/* BLAKE2b-256 of the canonical dump */
	char path[4096];
	int shared;		/* borrowed from a cache: free leaves it be */
};

/*
 * The data files of a store's games, each parsed, compiled and hashed once
 * per process. Every game keeps its own copy of its data file (data.json in
 * its folder) and they are nearly always the same bytes: a server opening
 * thousands of games would otherwise compile the same file thousands of
 * times. Keyed by the BLAKE2b of the file's bytes and the kind, so an edited
 * copy is its own entry. A game's gamedata borrowed from the cache must not
 * outlive it.
 */
struct mq_gamedata_cache;

/* Load path as mq_gamedata_load_file does, through *cache (made on first
 * use; free it with mq_gamedata_cache_free). */
int mq_gamedata_load_shared(struct mq_gamedata_cache **cache, const char *kind,
    const char *path, struct mq_gamedata *gd, struct mq_err *err);
void mq_gamedata_cache_free(struct mq_gamedata_cache *cache);

/* Load KIND's data: from $MASQUED_GAMES, else config/games beside the
 * program (or two folders up, for build/asan/masqued), else ./config/games. */
int mq_gamedata_load(const char *kind, struct mq_gamedata *gd, struct mq_err *err);
/* Load from a given file (tests edit a copy). */
int mq_gamedata_load_file(const char *kind, const char *path,
    struct mq_gamedata *gd, struct mq_err *err);
/* Compile already-parsed data (e.g. from an export). Takes a reference. */
int mq_gamedata_from_json(const char *kind, json_t *json, struct mq_gamedata *gd,
    struct mq_err *err);
void mq_gamedata_free(struct mq_gamedata *gd);

#endif
