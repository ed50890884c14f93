/*
 * store_fixture.h - for the unit tests that need a game in a store: a new
 * four-player Red Death game (alice, bob, carol, dave, all p@x.test, in
 * English, at 1790000000) created in s and opened to write. Returns 0, or
 * the status of the step that failed with its sentence in err.
 */
#ifndef MQ_STORE_FIXTURE_H
#define MQ_STORE_FIXTURE_H

#include "daemon/store.h"

static const char *const sf_names[] = { "alice", "bob", "carol", "dave" };

static int
sf_new_game_of_four(struct mq_store *s, struct mq_game **g,
    char id[MQ_GAME_ID_LEN + 1], struct mq_err *err)
{
	struct mq_new_game ng = { 0 };
	int i;

	ng.kind = "redmasque";
	ng.nplayers = 4;
	for (i = 0; i < 4; i++) {
		ng.names[i] = sf_names[i];
		ng.emails[i] = "p@x.test";
	}
	ng.lang = "en";
	ng.ts = 1790000000;
	MQ_TRY(mq_game_create(s, &ng, id, err));
	return mq_game_open(s, id, 1, 0, g, err);
}

#endif
