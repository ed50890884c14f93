/*
 * cmd_demo.c - `masqued demo`: one whole bot game of The Masque of the Red
 * Death, told as it goes.
 */
#include <stdio.h>
#include <string.h>

#include "daemon/cli.h"
#include "daemon/sim.h"
#include "daemon/story.h"

struct demo_ctx {
	const struct mq_game_kind *kind;
	int last_round;
};

static int
demo_step(void *ctx, int seat, const struct mq_cmd *cmd, const void *state)
{
	struct demo_ctx *d = ctx;
	struct mq_buf out = MQ_BUF_INIT;
	json_t *ev = d->kind->events(state, MQ_VIEW_ADMIN);

	mq_story_events(ev, &out);
	fputs(mq_buf_str(&out), stdout);
	mq_buf_free(&out);
	json_decref(ev);
	return 0;
}

int
mq_cmd_demo(struct mq_cli *cli, int argc, char **argv)
{
	static const char *const names[] = { "alice", "bob", "carol", "dave", "erin" };
	static const int bots[] = { 1, 0, 1, 0, 1 };
	struct demo_ctx ctx = { NULL, -1 };
	struct mq_gamedata gd;
	struct mq_setup s;
	struct mq_err err;
	uint8_t bot_seed[32];
	void *st;
	int i, rc;

	if (mq_gamedata_load("redmasque", &gd, &err))
		return mq_cli_report(&err);
	memset(&s, 0, sizeof(s));
	s.nplayers = 5;
	for (i = 0; i < 5; i++)
		s.names[i] = names[i];
	for (i = 0; i < 32; i++) {
		s.seed[i] = (uint8_t)i;
		bot_seed[i] = (uint8_t)(0xA0 + i);
	}
	ctx.kind = gd.kind;
	printf("The Masque of the Red Death: five bots (careful: alice, carol, "
	    "erin; random: bob, dave).\n");
	rc = mq_sim_play_one(&gd, &s, bots, bot_seed, demo_step, &ctx, &st, &err);
	if (st != NULL)
		gd.kind->free_state(st);
	mq_gamedata_free(&gd);
	if (rc)
		return mq_cli_report(&err);
	return 0;
}
