/*
 * cmd_store.c - the commands that create games and read them for play:
 * init, new (its welcome mail is cmd_mail.c's), and bot (a bot's next
 * commands for a seat, for local play and tests). submit, which mails as
 * a reply would, is in cmd_submit.c.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sodium.h>

#include "daemon/cli.h"
#include "daemon/clock.h"
#include "daemon/config.h"
#include "daemon/daemon.h"
#include "daemon/store.h"
#include "mail/address.h"

int
mq_cmd_init(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_config *conf;
	struct mq_err err;
	const char *named = cli->named != NULL ? cli->named : cli->datadir;
	char path[1400];
	int rc = 0;

	if (argc != 1)
		return mq_cli_usage("init takes no arguments");
	/* A config there already (the host wrote it first) is read as every
	 * later command reads it: refused now, before anything is made, not
	 * by the command after a "Created". */
	snprintf(path, sizeof(path), "%s/masqued.conf", cli->datadir);
	if (cli->config != NULL || access(path, F_OK) == 0) {
		if ((conf = calloc(1, sizeof(*conf))) == NULL)
			rc = mq_fail(&err, MQ_IO, "Out of memory.");
		else
			rc = mq_config_load(cli->datadir, cli->config, conf, &err);
		free(conf);
		if (rc)
			return mq_cli_report(&err);
	}
	if (mq_store_init(cli->datadir, &err))
		return mq_cli_report(&err);
	/* named as given, whether the folder existed before (a host's
	 * masqued.conf in it: made absolute by main.c) or not */
	printf("Created the data folder %s: keys in %s/keys, config %s/masqued.conf.\n",
	    named, named, named);
	return 0;
}

/* KEY=VALUE into opts: -1 if it is no KEY=VALUE, -2 out of memory, -3
 * when KEY was given already. */
static int
parse_option(json_t *opts, const char *kv)
{
	const char *eq = strchr(kv, '=');
	char key[64];
	json_t *v;

	if (eq == NULL || eq == kv || (size_t)(eq - kv) >= sizeof(key))
		return -1;
	snprintf(key, sizeof(key), "%.*s", (int)(eq - kv), kv);
	if (json_object_get(opts, key) != NULL)
		return -3;	/* which one did the host mean? */
	if (strcmp(eq + 1, "true") == 0 || strcmp(eq + 1, "yes") == 0)
		v = json_true();
	else if (strcmp(eq + 1, "false") == 0 || strcmp(eq + 1, "no") == 0)
		v = json_false();
	else	/* a number too: deadline=24 is refused for its unit */
		v = json_string(eq + 1);
	return json_object_set_new(opts, key, v) != 0 ? -2 : 0;
}

/* A game of policy wait waits for the host at a missed deadline: refused
 * when masqued.conf names no host to tell (config.c refuses its own
 * deadline_policy = wait alike). */
static int
policy_told(json_t *opts, const struct mq_config *conf, struct mq_err *err)
{
	const char *p = json_string_value(json_object_get(opts, "policy"));

	if (p != NULL && strcmp(p, "wait") == 0 && !conf->admin[0])
		return mq_fail(err, MQ_REFUSED, "The option policy=wait needs admin, "
		    "the host's address, in masqued.conf: at a missed deadline the "
		    "game waits for the host, and nobody would be told.");
	return 0;
}

/* An option's duration in seconds, dflt when it is not given, -1 when it
 * is no duration (game_create.c refuses that with its own sentence). */
static long
option_secs(json_t *opts, const char *key, long dflt)
{
	json_t *v = json_object_get(opts, key);

	if (v == NULL)
		return dflt;
	if (json_is_integer(v))
		return (long)json_integer_value(v);
	return json_is_string(v) ? mq_config_span(json_string_value(v)) : -1;
}

/* --player NAME=EMAIL:LANG: the player's own language, cut from the
 * address (which ends in its domain, never in ":xx"); NULL when none. */
static const char *
player_lang(char *email)
{
	char *colon = strrchr(email, ':'), *at = strchr(email, '@');

	if (colon == NULL || at == NULL || at > colon ||
	    strlen(colon + 1) != 2 || !isalpha((unsigned char)colon[1]) ||
	    !isalpha((unsigned char)colon[2]))
		return NULL;
	*colon = '\0';
	return colon + 1;
}

/* A reminder the host gives must come before the deadline, as
 * masqued.conf's must (a reminder from masqued.conf alone, over a short
 * deadline, is moved to half of it: deadline.c). */
static int
reminder_told(json_t *opts, const struct mq_config *conf, struct mq_err *err)
{
	long r = option_secs(opts, "reminder", 0),
	    dl = option_secs(opts, "deadline", conf->deadline);
	char conf_dl[64] = "";

	if (!json_object_get(opts, "deadline"))	/* the one it is held to */
		snprintf(conf_dl, sizeof(conf_dl), ", and the deadline is "
		    "masqued.conf's, %ld%s", dl % 3600 ? dl / 60 : dl / 3600,
		    dl % 3600 ? "m" : "h");
	if (r > 0 && dl > 0 && r >= dl)
		return mq_fail(err, MQ_REFUSED, "The option reminder must come "
		    "before the deadline (reminder < deadline%s).", conf_dl);
	return 0;
}

/*
 * A game not over of the same kind whose seats have the same addresses as
 * the new one: `new` run twice (a shell's history, a slip of the finger)
 * made two games, each mailing every player a welcome, and nothing said
 * so. Its id into same, or "" (a game that cannot be read is passed over:
 * this is a note, not a check).
 */
static void
same_game_running(struct mq_store *s, const struct mq_new_game *ng,
    const char *id, char same[MQ_GAME_ID_LEN + 1])
{
	struct mq_game *g;
	struct mq_err err;
	char **ids = NULL;
	size_t n = 0, k;
	int i, j, found;

	same[0] = '\0';
	if (mq_store_games(s, &ids, &n, &err))
		return;
	for (k = 0; k < n && same[0] == '\0'; k++) {
		if (strcmp(ids[k], id) == 0 ||
		    mq_game_open(s, ids[k], 0, 0, &g, &err))
			continue;
		if (strcmp(g->kind->name, ng->kind) == 0 && !mq_game_over(g) &&
		    g->nplayers == ng->nplayers) {
			for (i = 0, found = 1; i < g->nplayers && found; i++)
				for (j = 0, found = 0; j < ng->nplayers && !found; j++)
					found = mq_addr_same(g->players[i].email,
					    ng->emails[j]);
			if (found)
				snprintf(same, MQ_GAME_ID_LEN + 1, "%s", ids[k]);
		}
		mq_game_close(g);
	}
	for (k = 0; k < n; k++)
		free(ids[k]);
	free(ids);
}

int
mq_cmd_new(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_new_game ng;
	struct mq_config conf;
	struct mq_store s;
	struct mq_err err;
	char id[MQ_GAME_ID_LEN + 1], *names[MQ_MAX_PLAYERS], *at, tmpl[4200];
	char same[MQ_GAME_ID_LEN + 1] = "";
	uint8_t seed[32];
	json_t *opts = json_object();
	int a, rc, i, j;

	memset(&ng, 0, sizeof(ng));
	if (opts == NULL) {
		mq_fail(&err, MQ_IO, "Out of memory.");
		return mq_cli_report(&err);
	}
	if (argc < 2) {
		json_decref(opts);
		return mq_cli_usage("new needs a game kind, e.g. masqued new redmasque "
		    "--player alice=alice@example.org ...");
	}
	ng.kind = argv[1];
	for (a = 2; a < argc; a++) {
		/* a stray word last is no option, not one lacking its value */
		if (strcmp(argv[a], "--player") && strcmp(argv[a], "--seed") &&
		    strcmp(argv[a], "--lang") && strcmp(argv[a], "--option")) {
			rc = mq_cli_usage("new has no option %s", argv[a]);
			goto out;
		}
		if (a + 1 >= argc) {
			rc = mq_cli_usage("%s needs a value", argv[a]);
			goto out;
		}
		if (strcmp(argv[a], "--player") == 0) {
			at = strchr(argv[++a], '=');
			if (at == NULL) {
				rc = mq_cli_usage("--player takes NAME=EMAIL");
				goto out;
			}
			if (ng.nplayers >= MQ_MAX_PLAYERS) {
				/* counted: the game's kind refuses the count (game_create.c) */
				ng.nplayers++;
				continue;
			}
			names[ng.nplayers] = strndup(argv[a], (size_t)(at - argv[a]));
			if (names[ng.nplayers] == NULL) {
				mq_fail(&err, MQ_IO, "Out of memory.");
				rc = mq_cli_report(&err);
				goto out;
			}
			ng.names[ng.nplayers] = names[ng.nplayers];
			ng.langs[ng.nplayers] = player_lang(at + 1);
			ng.emails[ng.nplayers++] = at + 1;
		} else if ((strcmp(argv[a], "--seed") == 0 && ng.seed != NULL) ||
		    (strcmp(argv[a], "--lang") == 0 && ng.lang != NULL)) {
			/* which one did the host mean? The last used to win,
			 * unsaid, in a game that cannot be made again */
			rc = mq_cli_usage("%s is given twice", argv[a]);
			goto out;
		} else if (strcmp(argv[a], "--seed") == 0) {
			if (mq_cli_parse_hex32(argv[++a], seed)) {
				rc = mq_cli_usage("--seed takes 64 hex digits");
				goto out;
			}
			ng.seed = seed;
		} else if (strcmp(argv[a], "--lang") == 0) {
			ng.lang = argv[++a];
		} else if (strcmp(argv[a], "--option") == 0) {
			if ((rc = parse_option(opts, argv[++a])) == -2) {
				mq_fail(&err, MQ_IO, "Out of memory.");
				rc = mq_cli_report(&err);
				goto out;
			}
			if (rc == -3) {
				rc = mq_cli_usage("--option %.*s is given twice",
				    (int)strcspn(argv[a], "="), argv[a]);
				goto out;
			}
			if (rc) {
				rc = mq_cli_usage("--option takes KEY=VALUE");
				goto out;
			}
		}
	}
	/* the player behind an address would read every hand it holds */
	for (i = 0; i < ng.nplayers && i < MQ_MAX_PLAYERS; i++)
		for (j = 0; j < i; j++)
			if (mq_addr_same(ng.emails[i], ng.emails[j])) {
				mq_fail(&err, MQ_REFUSED, "%s and %s have the same "
				    "address, %s; each player needs their own.",
				    ng.names[j], ng.names[i], ng.emails[j]);
				rc = mq_cli_report(&err);
				goto out;
			}
	ng.options = opts;
	ng.ts = mq_clock_now();
	/* the welcome is queued with the config and the templates: a bad
	 * config, or no templates, is refused before the game exists, not
	 * after it (a game no welcome went out for) */
	if ((rc = mq_config_load(cli->datadir, cli->config, &conf, &err)) == 0 &&
	    (rc = mq_daemon_templates(tmpl, sizeof(tmpl), &err)) == 0 &&
	    (rc = mq_store_open(cli->datadir, 1, &s, &err)) == 0) {
		if (ng.lang == NULL)	/* the host's language, masqued.conf's lang */
			ng.lang = conf.lang;
		if ((rc = policy_told(opts, &conf, &err)) == 0)
			rc = reminder_told(opts, &conf, &err);
		if (rc == 0)
			rc = mq_game_create(&s, &ng, id, &err);
		if (rc == 0)
			same_game_running(&s, &ng, id, same);
		mq_store_close(&s);
	}
	if (rc == 0 && (rc = mq_cli_welcome(cli, id, &err)) != 0) {
		/* the game exists, with a mark of 0: serve queues the welcome */
		fprintf(stderr, "masqued: Game %s was created, but its welcome mail "
		    "was not queued (%s); the next pass of `masqued serve` (one "
		    "running, or the next started) queues it.\n", id, err.msg);
		printf("%s\n", id);
		rc = MQ_IO;
		goto out;
	}
	if (rc)
		rc = mq_cli_report(&err);
	else {
		printf("%s\n", id);
		if (same[0] != '\0')
			fprintf(stderr, "masqued: note: game %s, a %s of the same "
			    "players, is not over: %s is a second game, and its "
			    "welcome goes to them all. If it was made by mistake: "
			    "masqued admin %s end --why \"made twice\" (they are "
			    "told it ended).\n", same, ng.kind, id, id);
	}
out:
	if (ng.nplayers > MQ_MAX_PLAYERS)
		ng.nplayers = MQ_MAX_PLAYERS;
	while (ng.nplayers > 0)
		free(names[--ng.nplayers]);
	json_decref(opts);
	return rc;
}

int
mq_cmd_bot(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_store s;
	struct mq_game *g = NULL;
	struct mq_err err;
	struct mq_cmd cmds[4];
	struct mq_buf out = MQ_BUF_INIT;
	struct mq_rng rng;
	uint8_t key[32];
	int rc, seat, style = 1, i, n;

	if (argc < 3 || argc > 5 || (argc >= 4 && strcmp(argv[3], "--style")) ||
	    argc == 4)
		return mq_cli_usage("bot takes GAME PLAYER [--style random|careful]");
	if (argc == 5 && strcmp(argv[4], "random") && strcmp(argv[4], "careful"))
		return mq_cli_usage("--style takes random or careful, not \"%s\"",
		    argv[4]);
	if (argc == 5)
		style = strcmp(argv[4], "random") == 0 ? 0 : 1;
	if ((rc = mq_store_open(cli->datadir, 0, &s, &err)))
		return mq_cli_report(&err);
	if ((rc = mq_game_open(&s, argv[1], 0, 0, &g, &err)))
		goto fail;
	if ((seat = mq_game_seat(g, argv[2])) < 0) {
		rc = mq_game_no_player(g, argv[2], &err);
		goto fail;
	}
	/* The bot's randomness: its own stream, keyed by the log's head. */
	crypto_generichash(key, sizeof(key), g->head, sizeof(g->head),
	    (const unsigned char *)"masqued-bot-key-0123456789abcdef", 32);
	mq_rng_open(&rng, key, "bot", (int)g->seq, seat);
	/* a game the host ended owes nothing, whatever its state says */
	n = mq_game_over(g) ? 0 : g->kind->bot(g->state, seat, style, &rng,
	    cmds, 4);
	for (i = 0; i < n; i++) {
		if (g->kind->format(g->state, &cmds[i], &out) != 0)
			out.oom = 1;
		mq_buf_putc(&out, '\n');
	}
	/* all of the moves or none: a shorter list would be played as it is */
	if (out.oom) {
		mq_buf_free(&out);
		rc = mq_fail(&err, MQ_IO, "Out of memory.");
		goto fail;
	}
	fputs(mq_buf_str(&out), stdout);
	mq_buf_free(&out);
	goto out;
fail:
	rc = mq_cli_report(&err);
out:
	mq_game_close(g);
	mq_store_close(&s);
	return rc;
}
