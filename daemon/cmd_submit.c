/*
 * cmd_submit.c - submit: the host enters a player's commands (a player who
 * phoned them in, say), logged and mailed as their reply would be.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>

#include "daemon/cli.h"
#include "daemon/deadline.h"
#include "daemon/inbound.h"
#include "daemon/mailmark.h"
#include "daemon/notify.h"
#include "daemon/receipt.h"

/* Split the command arguments into lines: each argument, and each line in
 * it, into *out (*n of them, to be freed whatever is returned); nonzero
 * when out of memory. */
static int
split_lines(int argc, char **argv, char ***out, size_t *n)
{
	char **v, *p, *nl;
	int a;

	*out = NULL;
	*n = 0;
	for (a = 0; a < argc; a++)
		for (p = argv[a]; p != NULL; p = nl ? nl + 1 : NULL) {
			nl = strchr(p, '\n');
			if ((v = realloc(*out, (*n + 1) * sizeof(*v))) == NULL)
				return -1;
			*out = v;
			if ((v[*n] = nl ? strndup(p, (size_t)(nl - p)) :
			    strdup(p)) == NULL)
				return -1;
			(*n)++;
		}
	return 0;
}

/*
 * A refused submit whose command arguments are each one word (the host
 * typed submit G alice DANCER paladin, unquoted, and the shell made two
 * command lines of it, "DANCER" alone refused as lacking its Dancer):
 * the sentence then says that each argument is one line, and how to
 * quote the command. Two words or more alone: STATUS HELP is two sound
 * lines, and is never refused.
 */
static void
split_hint(int argc, char **argv, struct mq_err *err)
{
	char joined[160];
	size_t len = 0, used;
	int a;

	if (argc < 2)
		return;
	for (a = 0; a < argc; a++)
		if (argv[a][0] == '\0' || strpbrk(argv[a], " \t\n") != NULL)
			return;
	joined[0] = '\0';
	for (a = 0; a < argc && len < sizeof(joined); a++)
		len += (size_t)snprintf(joined + len, sizeof(joined) - len,
		    "%s%s", a ? " " : "", argv[a]);
	if (len >= sizeof(joined))
		return;
	used = strlen(err->msg);
	snprintf(err->msg + used, sizeof(err->msg) - used, " Each argument "
	    "after the player is one command line: write a command and its "
	    "words as one, in quotes, such as \"%s\".", joined);
}

/* What submit prints: the receipt of the entry, or that nothing was logged. */
static int
print_result(const struct mq_game *g, int seat,
    const struct mq_submit_result *res, struct mq_err *err)
{
	char *receipt;

	if (!res->logged) {
		printf("{\"logged\": false, \"owes\": %s}\n",
		    g->kind->owes(g->state, seat) ? "true" : "false");
		return 0;
	}
	MQ_TRY(mq_receipt_make(&res->entry, g->store->keys.pk, &receipt, err));
	fputs(receipt, stdout);
	free(receipt);
	return 0;
}

/* the flag that kept the mail back, for what submit says of it */
static const char *quiet_flag = "--no-mail";

/* What submit prints of a game that is over, whose lines log nothing (its
 * SET lines aside) and were only STATUS and HELP (any other is refused):
 * what the player is mailed, as for a reply to it, or with --no-mail would
 * be. */
static void
print_over(const struct mq_game *g, int seat,
    const struct mq_submit_result *res, int mail)
{
	size_t i;
	int status = 0, help = 0;

	for (i = 0; i < res->ncmds; i++)
		if (res->cmds[i].accepted && !mq_receipt_is_setting(&res->cmds[i])) {
			status |= strcmp(res->cmds[i].text, "STATUS") == 0;
			help |= strcmp(res->cmds[i].text, "HELP") == 0;
		}
	printf("%s is over: %s %s %s%s%s%s%s%s.\n", g->id, g->players[seat].name,
	    mail ? "is mailed" : "would be mailed", status ?
	    "the end mail again (STATUS)" : "", status && help ? " and " : "",
	    help ? "the commands (HELP)" : "", mail ? "" : ", but ",
	    mail ? "" : quiet_flag, mail ? "" : " queues no mail");
}

/* submit of SET lines alone: logged, and the player mailed what a reply
 * of the same lines gets (inbound.c): the mail they need now (the turn
 * mail: what they owe, the board, their own section), in the language
 * asked, saying what changed; once the game is over, the end mail again
 * for a SET LANG (a kicked seat's too: ends), and nothing for a SET
 * NOTICES alone (a reply of it is refused in one sentence: no notice
 * comes any more). Said on stdout. */
static int
submit_settings(struct mq_daemon *d, struct mq_game *g, int seat,
    const struct mq_settings *set, int mail, int ends, struct mq_err *err)
{
	const char *name = g->players[seat].name;
	uint64_t before = g->seq;
	int rc, was_quiet = g->players[seat].quiet;
	char lang[8], key[17];
	unsigned char rnd[8];
	struct mq_err e;
	int nothing = mq_inbound_over_notices(g, 0, set, &e);

	snprintf(lang, sizeof(lang), "%s", g->players[seat].lang);
	/* a mail of its own, as a reply's help is: a second submit that
	 * changes nothing must not take the first one's name */
	randombytes_buf(rnd, sizeof(rnd));
	sodium_bin2hex(key, sizeof(key), rnd, sizeof(rnd));
	if ((rc = ends ? 0 : mq_game_seat_playing(g, seat, err)) == 0 &&
	    (rc = mq_inbound_settings_apply(g, seat, set, d->now,
	    MQ_LOG_BY_ADMIN, err)) == 0 &&
	    mail && !nothing)
		rc = set->lang[0] || (mq_settings_any(set) &&
		    !mq_game_over(g)) ?
		    mq_notify_settings(d, g, seat, set, key, err) :
		    mq_notify_help(d, g, seat, key, set, 0, 0, NULL,
		    err);
	if (set->lang[0] && strcmp(lang, g->players[seat].lang) != 0)
		printf("%s: %s's mail is in %s from now on.\n", g->id, name,
		    set->lang);
	else if (set->lang[0] && rc == 0)
		printf("%s: %s's mail is in %s already.\n", g->id, name,
		    set->lang);
	/* nothing logged in these two (inbound_set.c set_notices): say why,
	 * not "off already" of notices that were on, or never were */
	if (set->notices >= 0 && rc == 0 && !g->kind->has_secrets)
		printf("%s: a %s game has no secret moves, so it sends no "
		    "commitment notices: nothing to turn %s.\n", g->id,
		    g->kind->name, set->notices ? "on" : "off");
	else if (set->notices >= 0 && rc == 0 && mq_game_over(g))
		printf("%s: the game is over; no notice comes any more%s%s.\n",
		    g->id, nothing ? ", and nothing is mailed to " : "",
		    nothing ? name : "");
	else if (set->notices >= 0 && was_quiet != g->players[seat].quiet)
		printf("%s: %s gets commitment notices %s from now on.\n", g->id,
		    name, set->notices ? "again" : "no more");
	else if (set->notices >= 0 && rc == 0)
		printf("%s: %s's notices are %s already.\n", g->id, name,
		    set->notices ? "on" : "off");
	if (g->seq > before)
		printf("%s: logged as entr%s %llu.\n", g->id,
		    g->seq > before + 1 ? "ies up to" : "y",
		    (unsigned long long)g->seq);
	return rc;
}

/* submit of commands: all or none, then the SET lines with them, the mails
 * a reply would get (with mail), and the receipt on stdout. */
static int
submit_lines(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *const *lines, size_t n, const struct mq_settings *set,
    int mail, int ends, struct mq_err *err)
{
	struct mq_submit_result res;
	struct mq_settings logged;
	unsigned char rnd[8];
	char reply_id[17], lang[8];
	struct mq_err e;
	int rc, quiet = g->players[seat].quiet;

	mq_game_journal_start(g);
	snprintf(lang, sizeof(lang), "%s", g->players[seat].lang);
	/* a kicked seat's STATUS after the end (ends, every line STATUS or
	 * prose): read line by line, as the mail's is, the seat taken as
	 * play() takes it (all or none refuses a kicked seat whole) */
	rc = mq_game_submit(g, seat, lines, n, !ends, NULL, NULL, d->now, &res,
	    err);
	if (rc == 0) {
		/* a reply's SET lines are logged before its commands,
		 * even refused ones; here only once they are taken; the
		 * receipt lists those logged, as the catching up rebuilds
		 * it from the log (mailmark.c) */
		rc = mq_inbound_settings_apply(g, seat, set, d->now,
		    MQ_LOG_BY_ADMIN, err);
		mq_settings_none(&logged);
		if (strcmp(lang, g->players[seat].lang) != 0)
			snprintf(logged.lang, sizeof(logged.lang), "%s",
			    g->players[seat].lang);
		if (quiet != g->players[seat].quiet)
			logged.notices = !g->players[seat].quiet;
		if (rc == 0 && mail)
			rc = mq_receipt_list_settings(&res, &logged, err);
		if (rc == 0 && mail) {
			/* sets apart the answer of a submit that logs nothing
			 * (STATUS), as a reply's Message-ID does */
			mq_receipt_no_lines(&res);	/* no mail's lines */
			randombytes_buf(rnd, sizeof(rnd));
			sodium_bin2hex(reply_id, sizeof(reply_id), rnd, sizeof(rnd));
			/* a HELP alone says what the SET lines asked, as a
			 * reply's does (inbound.c) */
			rc = mq_notify_answer(d, g, seat, &res, set,
			    reply_id, NULL, err);
		}
		/* the move stands whatever came after: its receipt; no
		 * move after the end: what was mailed, once it was */
		if (mq_game_over(g) && !res.logged) {
			if (rc == 0)
				print_over(g, seat, &res, mail);
		} else if (print_result(g, seat, &res, &e) != 0 && rc == 0) {
			*err = e;
			rc = e.code;
		}
		mq_submit_result_free(&res);
	}
	mq_game_journal_stop(g);
	return rc;
}

/*
 * The host enters a player's commands (a move phoned in): all of them
 * applied or none, and the mails a reply with the same lines gets
 * (inbound.c): the receipt to the player, the others' commitment notices
 * or turns, a reveal, the end; SET LANG as a reply's. They are spooled for
 * serve to send, as new's and admin's are, and the mark moves past the
 * entries (mailmark.h): no catching up mails them again; if they could
 * not be spooled, the mark stays and the catching up does. --no-mail
 * queues none now, but only puts them off: the mark stays before the
 * entries, and the next mail pass (serve, or a reply, admin or submit to
 * the game) queues them, so the players hear of a move the host entered.
 * --never-mail drops them (the mark passes the entries): for a game no
 * one is told of by mail (local play, tests). The receipt is printed.
 */
int
mq_cmd_submit(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_daemon d;
	struct mq_game *g;
	struct mq_err err;
	struct mq_settings set;
	char **lines = NULL, why[300];
	size_t n = 0, i, k, cmds = 0;
	uint64_t before = 0;
	int a, nargs = 0, mail = 1, never = 0, rc, seat, ends = 0;

	/* --no-mail and --never-mail may come anywhere: no command line
	 * begins with "--" */
	quiet_flag = "--no-mail";
	for (a = 1; a < argc; a++)
		if (strcmp(argv[a], "--no-mail") == 0)
			mail = 0;
		else if (strcmp(argv[a], "--never-mail") == 0)
			never = 1;
		else
			argv[++nargs] = argv[a];
	if (never && !mail)
		return mq_cli_usage("submit takes --no-mail (the mails wait "
		    "for the next serve) or --never-mail (they are never "
		    "sent), not both");
	if (never) {
		mail = 0;
		quiet_flag = "--never-mail";
	}
	if (nargs < 3)
		return mq_cli_usage("submit needs GAME PLAYER \"COMMAND...\" "
		    "[--no-mail | --never-mail]");
	if (split_lines(nargs - 2, argv + 3, &lines, &n) != 0) {
		mq_fail(&err, MQ_IO, "Out of memory.");
		rc = mq_cli_report(&err);
		goto done;
	}
	/* the SET lines are the daemon's, not the game's, as in a reply */
	mq_settings_none(&set);
	for (i = k = 0, why[0] = '\0'; i < n; i++) {
		const char *p = lines[i] + strspn(lines[i], " \t");

		if (mq_inbound_setting_line(p, &set)) {
			free(lines[i]);
			continue;
		}
		if (mq_inbound_is_setting(p) && !why[0])
			mq_inbound_setting_refusal(p, why, sizeof(why));
		cmds += *p != '\0';
		lines[k++] = lines[i];
	}
	n = k;
	if (cmds == 0 && !mq_settings_any(&set)) {
		rc = mq_cli_usage("submit needs a command for %s, such as STATUS",
		    argv[2]);
		goto done;
	}
	if ((rc = mq_daemon_open(&d, cli->datadir, cli->config, &err)) != 0) {
		rc = mq_cli_report(&err);
		goto done;
	}
	/* as admin's: the mails a crash kept back go first (mailmark.h) */
	if ((rc = mq_daemon_game(&d, argv[1], &g, &err)) != 0)
		goto out;
	if ((seat = mq_game_seat(g, argv[2])) < 0) {
		rc = mq_game_no_player(g, argv[2], &err);
		goto out;
	}
	/* said to the host, not the player; over, the game takes no
	 * replace (cmd_admin.c), so none is offered; but a STATUS, or a
	 * SET LANG alone, mails the end mail again, as a reply of it from
	 * the kicked player's address gets it (inbound.c's play) */
	if (g->players[seat].kicked && mq_game_over(g) &&
	    (ends = mq_inbound_kicked_asks_end(g, seat,
	    (const char *const *)lines, n, &set)) < 0) {
		rc = mq_fail(&err, MQ_IO, "Out of memory.");
		goto out;
	}
	if (g->players[seat].kicked && mq_game_over(g) && !ends) {
		rc = mq_fail(&err, MQ_REFUSED, "%s is out of game %s (kicked), and "
		    "the game is over: nothing more can be played; submit %s %s "
		    "STATUS mails them the end mail again.", argv[2], g->id,
		    g->id, argv[2]);
		goto out;
	}
	if (g->players[seat].kicked && !ends) {
		rc = mq_fail(&err, MQ_REFUSED, "%s is out of game %s (kicked), so "
		    "no move of theirs is taken; admin %s replace %s EMAIL gives "
		    "the seat a new player.", argv[2], g->id, g->id, argv[2]);
		goto out;
	}
	if (why[0]) {	/* all or none: a refused line changes nothing */
		rc = mq_fail(&err, MQ_REFUSED, "%s", why);
		goto out;
	}
	before = g->seq;
	rc = cmds == 0 ? submit_settings(&d, g, seat, &set, mail, ends,
	    &err) : submit_lines(&d, g, seat, (const char *const *)lines, n,
	    &set, mail, ends, &err);
	if (rc == 0 && g->seq > before) {
		/* the clock file before the mark (see inbound.c). --no-mail
		 * leaves the mark before the entries: their mails are only
		 * put off, to the next mail pass (serve, or a reply, admin or
		 * submit to the game), which queues them as submit would
		 * have (mailmark.h). Dropped, they were a move the host
		 * entered that its player and the others never heard of:
		 * only --never-mail, asked for by name, drops them. */
		mq_deadline_keep_reminded(&d, g);
		rc = mq_deadline_schedule(&d, g, &err);
		if (mail || never)
			mq_mailmark_done(g);
		else if (cmds > 0) {	/* (a SET line's entry mails nothing) */
			/* on stderr: stdout is the receipt, read as JSON */
			char upto[32] = "";

			if (g->seq > before + 1)
				snprintf(upto, sizeof(upto), "-%llu",
				    (unsigned long long)g->seq);
			fprintf(stderr, "masqued: %s: --no-mail: no mail is "
			    "queued now; the next serve (or a reply, admin or "
			    "submit to the game) queues the mails of entr%s "
			    "%llu%s, so that the players hear of it.\n", g->id,
			    upto[0] ? "ies" : "y", (unsigned long long)before + 1,
			    upto);
		}
	} else if (rc != 0 && g->seq > before) {
		/* logged, but not (all) mailed: the mark stays before the
		 * entries, and the next serve (or anything that opens the
		 * game) rebuilds their mails (mailmark.h) */
		fprintf(stderr, "masqued: %s's commands are logged in game %s "
		    "(up to entry %llu), but their mails were not queued (%s); "
		    "the next serve queues them.\n",
		    g->players[seat].name, g->id, (unsigned long long)g->seq,
		    err.msg);
		rc = err.code;
		goto quiet;
	} else if (rc == MQ_REFUSED && !mq_game_over(g))
		split_hint(nargs - 2, argv + 3, &err);
out:
	if (rc)
		rc = mq_cli_report(&err);
quiet:
	mq_daemon_close(&d);
done:
	for (i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
	return rc;
}
