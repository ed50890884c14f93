/*
 * main.c - masqued's entry point: global options, then one command.
 * The command line is stable: tests and scripts rely on it (DESIGN.md).
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sodium.h>

#include "build/version.h"
#include "daemon/cli.h"
#include "daemon/clock.h"
#include "daemon/config.h"
#include "daemon/usage.h"

static const struct {
	const char *name;
	int (*fn)(struct mq_cli *, int, char **);
} commands[] = {
	{ "init", mq_cmd_init },
	{ "new", mq_cmd_new },
	{ "submit", mq_cmd_submit },
	{ "games", mq_cmd_games },
	{ "view", mq_cmd_view },
	{ "state", mq_cmd_state },
	{ "log", mq_cmd_log },
	{ "replay", mq_cmd_replay },
	{ "verify", mq_cmd_verify },
	{ "verify-receipt", mq_cmd_verify_receipt },
	{ "export", mq_cmd_export },
	{ "serve", mq_cmd_serve },
	{ "ingest", mq_cmd_ingest },
	{ "parse", mq_cmd_parse },
	{ "admin", mq_cmd_admin },
	{ "sim", mq_cmd_sim },
	{ "bot", mq_cmd_bot },
	{ "demo", mq_cmd_demo },
};

/* The edit distance of a and b, up to 3 (more is "far"). */
static int
distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	int row[32], prev, cur;

	if (la >= sizeof(row) / sizeof(row[0]) || lb >= sizeof(row) / sizeof(row[0]))
		return 3;
	for (j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = (int)i;
		for (j = 1; j <= lb; j++) {
			cur = row[j];
			row[j] = prev + (a[i - 1] != b[j - 1]);
			if (row[j - 1] + 1 < row[j])
				row[j] = row[j - 1] + 1;
			if (cur + 1 < row[j])
				row[j] = cur + 1;
			prev = cur;
		}
	}
	return row[lb] < 3 ? row[lb] : 3;
}

/*
 * What a host who typed word may have meant: another tool's word for a
 * command (list, status), an admin action typed as a command, or a
 * command mistyped; NULL when nothing is near.
 */
static const char *
suggest(const char *word)
{
	static const char *const alias[][2] = {
		{ "list", "games" }, { "ls", "games" }, { "status", "games" },
		{ "show", "view" }, { "check", "verify" }, { "start", "serve" },
		{ "run", "serve" }, { "daemon", "serve" }, { "create", "new" },
		{ "pause", "admin GAME pause" }, { "resume", "admin GAME resume" },
		{ "extend", "admin GAME extend" }, { "kick", "admin GAME kick" },
		{ "replace", "admin GAME replace" }, { "end", "admin GAME end" },
		{ "rotate-token", "admin GAME rotate-token" },
	};
	size_t i;
	const char *best = NULL;
	int d, bestd = 3;

	for (i = 0; i < sizeof(alias) / sizeof(alias[0]); i++)
		if (strcmp(alias[i][0], word) == 0)
			return alias[i][1];
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if ((d = distance(word, commands[i].name)) < bestd &&
		    d < (int)strlen(commands[i].name) / 2 + 1) {
			bestd = d;
			best = commands[i].name;
		}
	return best;
}

/* "x is not a masqued command", and what was meant when something is near. */
static int
not_a_command(const char *word)
{
	const char *s = suggest(word);

	if (s != NULL)
		return mq_cli_usage("\"%s\" is not a masqued command; did you mean "
		    "%s?", word, s);
	return mq_cli_usage("\"%s\" is not a masqued command", word);
}

/* help [COMMAND], or --help [COMMAND]: argv[0] is the word itself */
static int
help(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "help") == 0 ||	/* help's help: this */
	    strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		if (argc > 2)
			return mq_cli_usage("%s takes one command", argv[0]);
		mq_usage_all(stdout);
		return 0;
	}
	if (argc > 2)
		return mq_cli_usage("%s takes one command", argv[0]);
	if (mq_usage_command(argv[1], stdout) != 0)
		return not_a_command(argv[1]);
	return 0;
}

/*
 * The word of -C or -c given after the command (masqued serve -C DIR),
 * right after it or as the last two words, as --help is read there; NULL
 * if none. Each command refused it its own way ("serve takes [--once]",
 * admin's "put the whole reason in quotes"), never saying where it goes.
 * A -c there must name a file: a player may be called -c.
 */
static const char *
global_after(int argc, char **argv)
{
	int at[2] = { 1, argc - 2 }, k;

	for (k = 0; k < 2; k++)
		if (at[k] >= 1 && at[k] + 1 < argc &&
		    (strcmp(argv[at[k]], "-C") == 0 ||
		    (strcmp(argv[at[k]], "-c") == 0 &&
		    access(argv[at[k] + 1], F_OK) == 0)))
			return argv[at[k]];
	return NULL;
}

static int
run(int argc, char **argv)
{
	static char absdir[PATH_MAX], confdir[1024];
	struct mq_cli cli = { "data", NULL, argv[0], NULL };
	const char *given_dir = NULL;
	struct mq_err err;
	size_t i;
	int a = 1;

	if (sodium_init() < 0) {
		fputs("masqued: libsodium could not start.\n", stderr);
		return MQ_IO;
	}
	while (a < argc && argv[a][0] == '-') {
		/* given twice, the last would win unseen: which was meant? */
		if ((strcmp(argv[a], "-C") == 0 && given_dir != NULL) ||
		    (strcmp(argv[a], "-c") == 0 && cli.config != NULL))
			return mq_cli_usage("%s is given twice", argv[a]);
		if (strcmp(argv[a], "-C") == 0 && a + 1 < argc && argv[a + 1][0])
			cli.datadir = given_dir = argv[a + 1];
		else if (strcmp(argv[a], "-c") == 0 && a + 1 < argc && argv[a + 1][0])
			cli.config = argv[a + 1];
		else if (strcmp(argv[a], "-h") == 0 || strcmp(argv[a], "--help") == 0) {
			/* --help serve: what help serve prints */
			if (a + 1 < argc)
				return help(argc - a, argv + a);
			mq_usage_all(stdout);
			return 0;
		} else if (strcmp(argv[a], "--version") == 0) {
			/* a word after it was meant for something: say so */
			if (a + 1 < argc)
				return mq_cli_usage("--version takes nothing after it");
			printf("masqued %s\n", MQ_VERSION);
			return 0;
		} else if (strcmp(argv[a], "-C") == 0 || strcmp(argv[a], "-c") == 0)
			return mq_cli_usage("%s needs a %s", argv[a], argv[a][1] == 'C' ?
			    "data folder" : "config file");
		else
			return mq_cli_usage("There is no option %s", argv[a]);
		a += 2;
	}
	if (a >= argc) {
		mq_usage_all(stderr);
		return MQ_USAGE;
	}
	/* -c FILE alone: the folder its datadir names (a config kept in
	 * /etc, say), else ./data; with -C, the two must agree (config.c) */
	if (cli.config != NULL && given_dir == NULL) {
		mq_config_datadir(cli.config, confdir, sizeof(confdir));
		if (confdir[0])
			cli.datadir = confdir;
	}
	/* what masqued says of the folder is read elsewhere (a dead letter's
	 * "moved to DATA/spool/dead/" in the host's mail, the journal): named
	 * from /, once it exists (init makes it, and names it as given) */
	cli.named = cli.datadir;
	if (realpath(cli.datadir, absdir) != NULL)
		cli.datadir = absdir;
	/* an EROFS or EACCES in it says to make it writable */
	mq_err_set_datadir(cli.datadir);
	if (mq_clock_check(&err) != 0)
		return mq_cli_report(&err);
	if (strcmp(argv[a], "help") == 0)	/* what people type first */
		return help(argc - a, argv + a);
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(commands[i].name, argv[a]) == 0) {
			const char *g = global_after(argc - a, argv + a);

			if (g != NULL)
				return mq_cli_usage("%s goes before the command: "
				    "masqued %s %s %s ...", g, g, g[1] == 'C' ?
				    "DATADIR" : "CONFIG", argv[a]);
			if (mq_usage_asked(argc - a, argv + a)) {
				if (mq_usage_command(argv[a], stdout) != 0)
					mq_usage_all(stdout);	/* not in usage.c */
				return 0;
			}
			mq_cli_usage_for(commands[i].name);
			return commands[i].fn(&cli, argc - a, argv + a);
		}
	return not_a_command(argv[a]);
}

/*
 * What a command prints is flushed and checked at its end: printed to a
 * full disk (masqued new ... >id.txt), a game's id or a receipt would be
 * lost with exit 0. Exit 4 and a sentence instead.
 */
int
main(int argc, char **argv)
{
	int rc = run(argc, argv);

	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "masqued: Cannot write the standard output: %s.\n",
		    errno ? strerror(errno) : "an error");
		if (rc == 0)
			rc = MQ_IO;
	}
	return rc;
}
