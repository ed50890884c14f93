/* cmd_sim.c - `masqued sim KIND [--games N] ...`: bots play, invariants checked. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sodium.h>

#include "daemon/cli.h"
#include "daemon/sim.h"

/* --bots: a seat's bot each, in seat order; a shorter list repeats
 * (random,careful: they alternate). -1 for a word that is no bot, or more
 * bots than seats. */
static int
parse_bots(const char *list, int players, int *bots)
{
	char buf[256], *tok, *save;
	int n = 0, k;

	snprintf(buf, sizeof(buf), "%s", list);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (n == MQ_SIM_MAXSEATS)
			return -1;
		if (strcmp(tok, "random") == 0)
			bots[n++] = 0;
		else if (strcmp(tok, "careful") == 0)
			bots[n++] = 1;
		else
			return -1;
	}
	if (n == 0 || n > players)
		return -1;
	for (k = n; n < players; n++)
		bots[n] = bots[n % k];
	return 0;
}

int
mq_cmd_sim(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_sim_opts o;
	struct mq_sim_result r;
	struct mq_gamedata gd;
	struct mq_err err;
	struct timespec t0, t1;
	const char *kind, *bots = NULL;
	double secs;
	long v;
	unsigned seen = 0;
	int a, json = 0, i, rc, die;

	memset(&o, 0, sizeof(o));
	o.games = 1;
	o.players = 5;
	o.check = 1;
	if (argc < 2)
		return mq_cli_usage("sim needs a game kind, e.g. masqued sim redmasque "
		    "--games 100");
	kind = argv[1];
	for (a = 2; a < argc; a++) {
		static const char *const once[] = { "--games", "--players",
		    "--seed", "--bots" };
		for (size_t k = 0; k < sizeof(once) / sizeof(once[0]); k++)
			if (strcmp(argv[a], once[k]) == 0 &&
			    (rc = mq_cli_once(&seen, 1u << k, argv[a])) != 0)
				return rc;
		if (strcmp(argv[a], "--json") == 0)
			json = 1;
		else if (strcmp(argv[a], "--no-check") == 0)
			o.check = 0;
		else if (a + 1 >= argc)
			return mq_cli_usage("%s needs a value", argv[a]);
		else if (strcmp(argv[a], "--games") == 0) {
			if (mq_cli_parse_long(argv[++a], 1, 1000000000L, &o.games))
				return mq_cli_usage("--games takes a whole number from 1");
		} else if (strcmp(argv[a], "--players") == 0) {
			/* the game's own count is its setup's to say, below */
			if (mq_cli_parse_long(argv[++a], 1, 1000, &v))
				return mq_cli_usage("--players takes a number of "
				    "players, such as 5");
			o.players = (int)v;
		} else if (strcmp(argv[a], "--seed") == 0) {
			if (mq_cli_parse_hex32(argv[++a], o.seed))
				return mq_cli_usage("--seed takes 64 hex digits");
		} else if (strcmp(argv[a], "--bots") == 0)
			bots = argv[++a];
		else
			return mq_cli_usage("sim has no option %s", argv[a]);
	}
	for (i = 0; i < MQ_SIM_MAXSEATS; i++)
		o.bots[i] = i % 2;	/* seats alternate random and careful */
	if (o.players > MQ_SIM_MAXSEATS) {
		/* more seats than any game has: its setup says how many it
		 * takes (it counts before it reads a name) */
		struct mq_setup st = { 0 };
		void *state;

		if ((rc = mq_gamedata_load(kind, &gd, &err)) != 0)
			return mq_cli_report(&err);
		st.nplayers = o.players;
		rc = gd.kind->setup(gd.data, &st, &state, &err);
		if (rc == 0) {
			gd.kind->free_state(state);
			rc = mq_fail(&err, MQ_REFUSED, "sim plays at most %d "
			    "players.", MQ_SIM_MAXSEATS);
		}
		mq_gamedata_free(&gd);
		return mq_cli_report(&err);
	}
	if (bots != NULL && parse_bots(bots, o.players, o.bots))
		return mq_cli_usage("--bots takes a comma-separated list of random "
		    "and careful, no longer than the players");
	if ((rc = mq_gamedata_load(kind, &gd, &err)) != 0)
		return mq_cli_report(&err);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	rc = mq_sim_run(&gd, &o, &r, &err);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	die = gd.kind->players_die;
	mq_gamedata_free(&gd);
	if (rc != 0)
		return mq_cli_report(&err);
	secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	if (json) {
		printf("{\"games\": %ld, \"players\": %d, \"seconds\": %.6f, "
		    "\"games_per_second\": %.1f, \"violations\": %ld, "
		    "\"no_survivor_games\": %ld, \"wins_by_seat\": [", r.games,
		    o.players, secs, secs > 0 ? (double)r.games / secs : 0.0,
		    r.violations, r.no_survivor_games);
		for (i = 0; i < o.players; i++)
			printf("%s%ld", i ? ", " : "", r.wins_by_seat[i]);
		printf("], \"bots\": [");
		for (i = 0; i < o.players; i++)
			printf("%s\"%s\"", i ? ", " : "", o.bots[i] ? "careful" :
			    "random");
		printf("], \"survival\": {\"random\": %.4f, \"careful\": %.4f}}\n",
		    r.seats_by_style[0] ? (double)r.survivors_by_style[0] /
		    (double)r.seats_by_style[0] : 0.0,
		    r.seats_by_style[1] ? (double)r.survivors_by_style[1] /
		    (double)r.seats_by_style[1] : 0.0);
	} else {
		printf("%ld game%s of %s, %d players, in %.2f s (%.0f games/s)\n",
		    r.games, r.games == 1 ? "" : "s", kind, o.players, secs,
		    secs > 0 ? r.games / secs : 0.0);
		/* nobody survived: only where a player may die (The Red
		 * Death); in The Masquerade it would say 0 of nothing */
		if (die)
			printf("violations: %ld; games nobody survived: %ld\n",
			    r.violations, r.no_survivor_games);
		else
			printf("violations: %ld\n", r.violations);
		for (i = 0; i < o.players; i++)
			printf("seat %d (%s): %ld wins\n", i, o.bots[i] ? "careful" :
			    "random", r.wins_by_seat[i]);
	}
	if (r.violations) {
		mq_fail(&err, MQ_REFUSED, "The bots met %ld violation(s); the first: "
		    "%s", r.violations, r.first_violation);
		return mq_cli_report(&err);
	}
	return 0;
}
