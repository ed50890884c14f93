/* sim.c - bot self-play; see sim.h. */
#include <stdio.h>
#include <string.h>

#include "daemon/sim.h"
#include "engine/blake2b.h"

/* "masqued-sim-game\n" and i in decimal, by hand: once per game. */
static size_t
game_seed_msg(char msg[64], long i)
{
	static const char head[] = "masqued-sim-game\n";
	unsigned long u = i < 0 ? 0UL - (unsigned long)i : (unsigned long)i;
	char digits[24];
	size_t n = sizeof(head) - 1, k = 0;

	memcpy(msg, head, n);
	do
		digits[k++] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (i < 0)
		msg[n++] = '-';
	while (k > 0)
		msg[n++] = digits[--k];
	return n;
}

/* The same bytes as crypto_generichash(out, 32, msg, n, seed, 32). */
void
mq_sim_game_seed(const uint8_t seed[32], long i, uint8_t out[32])
{
	char msg[64];

	mq_blake2b(out, 32, msg, game_seed_msg(msg, i), seed, 32);
}

static const char *const default_names[MQ_SIM_MAXSEATS] = {
	"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi",
};

int
mq_sim_play_one(const struct mq_gamedata *gd, const struct mq_setup *s,
    const int *bots, const uint8_t bot_seed[32], mq_sim_step_fn step, void *ctx,
    void **final_state, struct mq_err *err)
{
	const struct mq_game_kind *k = gd->kind;
	struct mq_rng rng[MQ_SIM_MAXSEATS];
	struct mq_cmd cmds[4];
	void *st;
	int seat, n, i, rc, progress, guard = 0;

	*final_state = NULL;
	MQ_TRY(k->setup(gd->data, s, &st, err));
	/* The bots' choices are not the game's randomness: a cheap stream
	 * each, seeded by the bot seed and the seat. */
	for (seat = 0; seat < s->nplayers; seat++)
		mq_rng_open_cheap(&rng[seat], bot_seed, seat);
	while (!k->is_over(st)) {
		progress = 0;
		for (seat = 0; seat < s->nplayers; seat++) {
			n = k->bot(st, seat, bots[seat], &rng[seat], cmds, 4);
			for (i = 0; i < n; i++) {
				if ((rc = k->apply(st, seat, &cmds[i], err)) != 0) {
					k->free_state(st);
					return rc;
				}
				progress = 1;
				if (step != NULL && (rc = step(ctx, seat, &cmds[i], st))) {
					*final_state = st;
					return rc;
				}
			}
		}
		if (!progress || ++guard > 10000) {
			k->free_state(st);
			return mq_fail(err, MQ_REFUSED, "The game stopped moving: "
			    "nobody owes anything, yet it is not over.");
		}
	}
	*final_state = st;
	return 0;
}

struct sim_ctx {
	const struct mq_game_kind *kind;
	struct mq_sim_result *r;
	int check;
};

static int
sim_step(void *ctx, int seat, const struct mq_cmd *cmd, const void *state)
{
	struct sim_ctx *c = ctx;
	struct mq_err e;

	if (!c->check || c->kind->check(state, &e) == 0)
		return 0;
	if (c->r->violations++ == 0)
		snprintf(c->r->first_violation, sizeof(c->r->first_violation), "%s",
		    e.msg);
	return MQ_REFUSED;
}

int
mq_sim_run(const struct mq_gamedata *gd, const struct mq_sim_opts *o,
    struct mq_sim_result *r, struct mq_err *err)
{
	struct sim_ctx ctx = { gd->kind, r, o->check };
	struct mq_blake2b_keyed run_key, bot_key;
	struct mq_setup s;
	struct mq_err e;
	uint8_t bot_seed[32];
	char msg[64];
	void *st;
	long g;
	int i, rc, alive_any;

	memset(r, 0, sizeof(*r));
	memset(&s, 0, sizeof(s));
	s.nplayers = o->players;
	for (i = 0; i < o->players; i++)
		s.names[i] = default_names[i];
	/* Each game's seed and bot seed, as mq_sim_game_seed and
	 * crypto_generichash(bot_seed, 32, seed, 32, "masqued-bots", 12) give
	 * them, with each key's block compressed once for the run. */
	mq_blake2b_keyed_init(&run_key, 32, o->seed, 32);
	mq_blake2b_keyed_init(&bot_key, 32, "masqued-bots", 12);
	for (g = 0; g < o->games; g++) {
		mq_blake2b_keyed(&run_key, msg, game_seed_msg(msg, g), s.seed);
		mq_blake2b_keyed(&bot_key, s.seed, 32, bot_seed);
		rc = mq_sim_play_one(gd, &s, o->bots, bot_seed, sim_step, &ctx, &st, &e);
		r->games++;
		if (rc != 0 && st == NULL) {
			/* setup failed, or a bot's command was refused */
			if (g == 0 && e.code == MQ_REFUSED && r->violations == 0 &&
			    strstr(e.msg, "players") != NULL) {
				return mq_fail(err, MQ_REFUSED, "%s", e.msg);
			}
			if (r->violations++ == 0)
				snprintf(r->first_violation, sizeof(r->first_violation),
				    "game %ld: a bot's command was refused: %s", g, e.msg);
			continue;
		}
		if (rc != 0) {
			gd->kind->free_state(st);
			continue;
		}
		{
			unsigned alive;
			int w = gd->kind->result(st, &alive);

			for (i = 0; i < o->players; i++) {
				int style = o->bots[i] ? 1 : 0;

				r->seats_by_style[style]++;
				r->survivors_by_style[style] += (alive >> i) & 1;
			}
			if (w >= 0)
				r->wins_by_seat[w]++;
			alive_any = alive != 0;
			if (!alive_any)
				r->no_survivor_games++;
		}
		gd->kind->free_state(st);
	}
	return 0;
}
