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
};

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
