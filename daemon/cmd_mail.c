/*
 * cmd_mail.c - the commands that speak mail: serve (the daemon loop, or one
 * pass with --once), ingest (one message from an MTA's pipe), parse (the dry
 * run), submit (the host enters a player's commands, mailed as their reply
 * would be), and admin (the host's pause, resume, extend, replace, kick,
 * rotate-token and end, each logged with who and why and mailed to those
 * concerned).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sodium.h>

#include "daemon/cli.h"
#include "fileio.h"
#include "daemon/clock.h"
#include "daemon/deadline.h"
#include "daemon/inbound.h"
#include "daemon/mailmark.h"
#include "daemon/notify.h"
#include "daemon/receipt.h"
#include "daemon/serve.h"
#include "daemon/spool.h"
#include "mail/address.h"
#include "mail/mime_in.h"
#include "mail/transport.h"

static volatile sig_atomic_t stopping;

static void
on_signal(int sig)
{
	stopping = sig;
}

/*
 * One serve per data folder (DATA/cursor/serve.lock, holding its pid): two
 * would read the same mail and each answer a refused one; a cron job's
 * `serve --once` that finds the last one still working stops at once.
 */
static int
serve_lock(const struct mq_daemon *d, int *fd, struct mq_err *err)
{
	char path[1300], pid[32] = "";
	size_t len;
	int busy, present, n;
	struct mq_err e;

	snprintf(path, sizeof(path), "%s/cursor/serve.lock", d->conf.datadir);
	MQ_TRY(mq_file_lock(path, 0, fd, &busy, err));
	if (busy) {
		if (mq_file_read_small(path, pid, sizeof(pid), &len, &present,
		    &e) != 0 || !present)
			pid[0] = '\0';
		pid[strcspn(pid, "\n")] = '\0';
		if (pid[0] != '\0' && pid[strspn(pid, "0123456789")] == '\0')
			return mq_fail(err, MQ_IO, "Another masqued serve (pid %s) "
			    "is already working on %s; this one stops.", pid,
			    d->conf.datadir);
		return mq_fail(err, MQ_IO, "Another masqued serve is already "
		    "working on %s; this one stops.", d->conf.datadir);
	}
	n = snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
	if (ftruncate(*fd, 0) != 0) {
		close(*fd);
		return mq_fail_errno(err, MQ_IO, "Cannot write %s", path);
	}
	if (mq_write_all(*fd, pid, (size_t)n, 0, path, err) != 0) {
		close(*fd);
		return err->code;
	}
	return 0;
}

int
mq_cmd_serve(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_daemon d;
	struct mq_pass_stats st;
	struct mq_err err;
	int once = argc == 2 && strcmp(argv[1], "--once") == 0, rc, lock;

	if (argc != 1 && !once)
		return mq_cli_usage("serve takes [--once]");
	if ((rc = mq_daemon_open(&d, cli->datadir, cli->config, &err)))
		return mq_cli_report(&err);
	/* the passwords: the other commands never use them (config.h) */
	if ((rc = mq_config_secrets(&d.conf, &err)) != 0 ||
	    (rc = serve_lock(&d, &lock, &err)) != 0) {
		mq_daemon_close(&d);
		return mq_cli_report(&err);
	}
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	signal(SIGPIPE, SIG_IGN);
	if (!once)
		mq_daemon_log("serving %s: %s in, %s out, every %d s", cli->datadir,
		    d.conf.inbound == MQ_IN_IMAP ? "imap" : "maildir",
		    d.conf.outbound == MQ_OUT_SMTP ? "smtp" : "maildir",
		    d.conf.poll_interval);
	if (mq_mailmark_scan(&d, &err) != 0)
		mq_daemon_log("%s", err.msg);
	do {
		d.now = mq_clock_now();
		rc = mq_serve_pass(&d, &st, &err);
		if (st.messages || st.timeouts || st.reminders || st.sent || st.dead ||
		    once)
			mq_daemon_log("pass: %d message(s): %d applied, %d answered, %d "
			    "duplicate, %d dropped, %d failed; %d timeout(s), %d "
			    "reminder(s); %d mail(s) sent, %d waiting, %d dead",
			    st.messages, st.applied, st.answered, st.duplicates,
			    st.dropped, st.failed, st.timeouts, st.reminders, st.sent,
			    st.waiting, st.dead);
		for (int s = 0; !once && !stopping && s < d.conf.poll_interval * 10; s++)
			usleep(100000);
	} while (!once && !stopping);
	/* the journal shows why the log goes quiet, and that nothing was cut */
	if (stopping)
		mq_daemon_log("stopped by %s: the pass in progress was finished",
		    stopping == SIGINT ? "SIGINT" : "SIGTERM");
	mq_daemon_close(&d);
	close(lock);
	return once && rc ? MQ_IO : 0;
}

static char *
read_input(const char *path, size_t *len, struct mq_err *err)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	struct mq_buf b = MQ_BUF_INIT;
	char chunk[65536];
	size_t n;

	*len = 0;
	if (f == NULL) {
		mq_fail_errno(err, MQ_IO, "Cannot read %s", path);
		return NULL;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		if (b.len + n > MQ_TRANSPORT_MAX_MSG) {
			mq_fail(err, MQ_REFUSED, "The message is larger than %u MiB.",
			    MQ_TRANSPORT_MAX_MSG >> 20);
			mq_buf_free(&b);
			b.oom = 1;
			break;
		}
		mq_buf_add(&b, chunk, n);
	}
	/* A directory opens but does not read: never take it for empty mail. */
	if (ferror(f) && err->code == 0) {
		mq_fail_errno(err, MQ_IO, "Cannot read %s", path);
		mq_buf_free(&b);
		b.oom = 1;
	}
	if (f != stdin)
		fclose(f);
	if (b.oom) {
		if (err->code == 0)
			mq_fail(err, MQ_IO, "Out of memory.");
		return NULL;
	}
	*len = b.len;
	if (b.data == NULL)
		mq_buf_add(&b, "", 0);
	return mq_buf_steal(&b);
}

int
mq_cmd_ingest(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_daemon d;
	enum mq_inbound_outcome o;
	struct mq_spool_stats ss;
	struct mq_err err, e;
	char *raw;
	size_t len;
	int rc, from_pipe;

	if (argc > 2)
		return mq_cli_usage("ingest takes [FILE|-]");
	from_pipe = argc < 2 || strcmp(argv[1], "-") == 0;
	mq_err_clear(&err);
	if ((raw = read_input(argc == 2 ? argv[1] : "-", &len, &err)) == NULL) {
		/* from the pipe, only a mail too large for any is for good */
		rc = mq_cli_report(&err);
		return from_pipe && rc == MQ_IO ? MQ_EXIT_TEMPFAIL : rc;
	}
	if ((rc = mq_daemon_open(&d, cli->datadir, cli->config, &err)) == 0) {
		/* the passwords: the other commands never use them (config.h) */
		if ((rc = mq_config_secrets(&d.conf, &err)) == 0)
			rc = mq_inbound_process(&d, raw, len, "pipe", NULL, &o,
			    &err);
		mq_daemon_release(&d);
		/* the message is in; mail left in the spool goes with serve */
		if (rc == 0 && mq_spool_flush(&d.conf, d.now, &ss, &e) != 0)
			mq_daemon_log("spool: %s", e.msg);
		mq_daemon_close(&d);
	}
	free(raw);
	if (rc == 0)
		return 0;
	rc = mq_cli_report(&err);
	/* An MTA's pipe (standard input): a message not taken now is one to
	 * try again (sysexits' EX_TEMPFAIL keeps it in the MTA's queue); any
	 * other code would bounce a player's move back to them. */
	return from_pipe ? MQ_EXIT_TEMPFAIL : rc;
}

int
mq_cmd_parse(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_daemon d;
	struct mq_err err;
	json_t *out = NULL;
	char *raw;
	size_t len;
	int rc;

	if (argc > 2)
		return mq_cli_usage("parse takes [FILE|-]");
	mq_err_clear(&err);
	if ((raw = read_input(argc == 2 ? argv[1] : "-", &len, &err)) == NULL)
		return mq_cli_report(&err);
	if ((rc = mq_daemon_open(&d, cli->datadir, cli->config, &err)) == 0) {
		rc = mq_inbound_parse(&d, raw, len, &out, &err);
		mq_daemon_close(&d);
	}
	free(raw);
	if (rc)
		return mq_cli_report(&err);
	json_dumpf(out, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	putchar('\n');
	json_decref(out);
	return 0;
}

/* Called by `new` once the game exists: the welcome mail to every player. */
int
mq_cli_welcome(struct mq_cli *cli, const char *id, struct mq_err *err)
{
	struct mq_daemon d;
	struct mq_game *g;
	int rc;

	if ((rc = mq_daemon_open(&d, cli->datadir, cli->config, err)) != 0)
		return rc;
	/* not mq_daemon_game: its catching up would take this for a `new`
	 * that was stopped (the mark is still 0) */
	if ((rc = mq_game_open(&d.store, id, 1, 0, &g, err)) == 0) {
		/* A running serve may have opened the game between its genesis
		 * and now, and queued the welcome itself (mailmark.h): read
		 * under the game's lock, the mark says so. */
		if (mq_mailmark_read(g, NULL) == 0 &&
		    (rc = mq_notify_welcome(&d, g, err)) == 0) {
			mq_mailmark_write(g);
			rc = mq_deadline_schedule(&d, g, err);
		}
		mq_game_close(g);
	}
	mq_daemon_close(&d);
	return rc;
}

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
	printf("%s is over: %s %s %s%s%s%s.\n", g->id, g->players[seat].name,
	    mail ? "is mailed" : "would be mailed", status ?
	    "the end mail again (STATUS)" : "", status && help ? " and " : "",
	    help ? "the commands (HELP)" : "", mail ? "" :
	    ", but --no-mail queues no mail");
}

/* submit of SET lines alone: logged (a reply to them gets the commands,
 * in that language, as a reply's does); said on stdout. */
static int
submit_settings(struct mq_daemon *d, struct mq_game *g, int seat,
    const struct mq_settings *set, int mail, struct mq_err *err)
{
	const char *name = g->players[seat].name;
	uint64_t before = g->seq;
	int rc, was_quiet = g->players[seat].quiet;
	char lang[8], key[17];
	unsigned char rnd[8];

	snprintf(lang, sizeof(lang), "%s", g->players[seat].lang);
	/* a mail of its own, as a reply's help is: a second submit that
	 * changes nothing must not take the first one's name */
	randombytes_buf(rnd, sizeof(rnd));
	sodium_bin2hex(key, sizeof(key), rnd, sizeof(rnd));
	if ((rc = mq_game_seat_playing(g, seat, err)) == 0 &&
	    (rc = mq_inbound_settings_apply(g, seat, set, d->now,
	    MQ_LOG_BY_ADMIN, err)) == 0 &&
	    mail)
		rc = mq_notify_help(d, g, seat, key, err);
	if (set->lang[0] && strcmp(lang, g->players[seat].lang) != 0)
		printf("%s: %s's mail is in %s from now on.\n", g->id, name,
		    set->lang);
	else if (set->lang[0] && rc == 0)
		printf("%s: %s's mail is in %s already.\n", g->id, name,
		    set->lang);
	if (set->notices >= 0 && was_quiet != g->players[seat].quiet)
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
    int mail, struct mq_err *err)
{
	struct mq_submit_result res;
	struct mq_settings logged;
	unsigned char rnd[8];
	char reply_id[17], lang[8];
	struct mq_err e;
	int rc, quiet = g->players[seat].quiet;

	mq_game_journal_start(g);
	snprintf(lang, sizeof(lang), "%s", g->players[seat].lang);
	rc = mq_game_submit(g, seat, lines, n, 1, NULL, NULL, d->now, &res, err);
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
			randombytes_buf(rnd, sizeof(rnd));
			sodium_bin2hex(reply_id, sizeof(reply_id), rnd, sizeof(rnd));
			rc = mq_notify_answer(d, g, seat, &res, reply_id, err);
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
 * leaves the mail out (local play, tests). The receipt is printed.
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
	int a, nargs = 0, mail = 1, rc, seat;

	/* --no-mail may come anywhere: no command line begins with "--" */
	for (a = 1; a < argc; a++)
		if (strcmp(argv[a], "--no-mail") == 0)
			mail = 0;
		else
			argv[++nargs] = argv[a];
	if (nargs < 3)
		return mq_cli_usage("submit needs GAME PLAYER \"COMMAND...\" "
		    "[--no-mail]");
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
	if (why[0]) {	/* all or none: a refused line changes nothing */
		rc = mq_fail(&err, MQ_REFUSED, "%s", why);
		goto out;
	}
	before = g->seq;
	rc = cmds == 0 ? submit_settings(&d, g, seat, &set, mail, &err) :
	    submit_lines(&d, g, seat, (const char *const *)lines, n, &set, mail,
	    &err);
	if (rc == 0 && g->seq > before) {
		mq_mailmark_done(g);
		mq_deadline_keep_reminded(&d, g);
		rc = mq_deadline_schedule(&d, g, &err);
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
	}
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

/*
 * admin GAME default PLAYER: the default move the deadline would apply to
 * the player's debt, now, for a host who waits (policy wait) or will not.
 * Logged as the deadline logs it (a timeout entry, with the host's why and
 * "by": "admin") and mailed as the deadline mails it; a catching up
 * rebuilds those mails as a timeout's should they not be queued.
 */
static int
admin_default(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *why, struct mq_err *err)
{
	const char *name = g->players[seat].name;
	char moved[200];
	uint64_t before = g->seq, at;
	int rc;

	if (g->paused)		/* as a move: none is taken while paused */
		return mq_fail(err, MQ_REFUSED, "Game %s is paused; no move is "
		    "taken until it resumes (admin %s resume --why \"...\").",
		    g->id, g->id);
	if (g->kind->owes(g->state, seat) == NULL)
		return mq_fail(err, MQ_REFUSED, "%s owes no move in game %s now; "
		    "there is no default to apply.", name, g->id);
	/* the others' debts stand: their reminders are not sent again */
	mq_deadline_keep_reminded(d, g);
	mq_game_journal_start(g);
	rc = mq_deadline_default(d, g, seat, why, moved, sizeof(moved), err);
	at = g->seq;	/* its last entry: an end entry may follow (game_end.c) */
	if (rc == 0 && g->seq == before)
		rc = mq_fail(err, MQ_REFUSED, "%s owes no move in game %s now; "
		    "there is no default to apply.", name, g->id);
	else if (rc == 0 && (rc = mq_notify_update(d, g, NULL, NULL, err)) == 0)
		mq_mailmark_done(g);
	mq_game_journal_stop(g);
	if (at == before)
		return rc;
	if (rc != 0) {	/* logged: the next serve catches its mails up */
		char why_not[sizeof(err->msg)];

		snprintf(why_not, sizeof(why_not), "%s", err->msg);
		return mq_fail(err, rc, "%s's default (%s) is logged in game %s as "
		    "entry %llu, but its mails were not queued (%s); the next "
		    "serve queues them.", name, moved, g->id,
		    (unsigned long long)at, why_not);
	}
	printf("%s: %s's default, %s, logged as entry %llu.\n", g->id, name,
	    moved, (unsigned long long)at);
	return mq_deadline_schedule(d, g, err);
}

/* An admin command line: its action and what it names. */
struct admin_args {
	const char *game, *action, *player, *email, *why, *lang;
	long secs;		/* extend's duration */
};

/* Read argv (admin GAME ACTION ...) into x; a usage sentence, or 0. */
static int
admin_args(int argc, char **argv, struct admin_args *x)
{
	int a, nargs;

	memset(x, 0, sizeof(*x));
	if (argc < 3)
		return mq_cli_usage("admin takes GAME ACTION --why \"...\", the "
		    "ACTION one of pause|resume|extend DURATION|replace PLAYER "
		    "EMAIL [--lang en|ja|zh]|kick PLAYER|rotate-token PLAYER|"
		    "default PLAYER|end");
	x->game = argv[1];
	x->action = argv[2];
	nargs = !strcmp(x->action, "replace") ? 2 : (!strcmp(x->action, "extend") ||
	    !strcmp(x->action, "kick") || !strcmp(x->action, "rotate-token") ||
	    !strcmp(x->action, "default")) ? 1 :
	    (!strcmp(x->action, "pause") || !strcmp(x->action, "resume") ||
	    !strcmp(x->action, "end")) ? 0 : -1;
	if (nargs < 0)
		return mq_cli_usage("\"%s\" is not an admin action", x->action);
	/* "kick --why x" lacks its player: say so, not "no option x" */
	for (a = 3; a < 3 + nargs; a++)
		if (a >= argc || strncmp(argv[a], "--", 2) == 0)
			return mq_cli_usage("admin %s needs %s", x->action, nargs == 2 ?
			    "PLAYER EMAIL" : !strcmp(x->action, "extend") ?
			    "a DURATION, such as 24h" : "a PLAYER");
	for (a = 3 + nargs; a < argc; a++) {
		if (strcmp(argv[a], "--why") == 0 && a + 1 < argc)
			x->why = argv[++a];
		else if (strcmp(argv[a], "--why") == 0)
			return mq_cli_usage("--why needs the reason, in quotes");
		/* the new player's language; unchanged without it */
		else if (strcmp(argv[a], "--lang") == 0 && strcmp(x->action,
		    "replace") != 0)
			return mq_cli_usage("--lang goes with admin replace alone");
		else if (strcmp(argv[a], "--lang") == 0 && a + 1 < argc)
			x->lang = argv[++a];
		else if (strcmp(argv[a], "--lang") == 0)
			return mq_cli_usage("--lang needs en, ja or zh");
		else if (strncmp(argv[a], "--", 2) == 0)
			return mq_cli_usage("admin has no option %s", argv[a]);
		else if (a >= 2 && strcmp(argv[a - 2], "--why") == 0)
			return mq_cli_usage("admin %s: \"%s\" follows --why's reason; "
			    "put the whole reason in quotes", x->action, argv[a]);
		else	/* extend 2d 3d */
			return mq_cli_usage("admin %s takes %s; %s is one word too "
			    "many", x->action, nargs == 0 ? "no argument" :
			    nargs == 2 ? "PLAYER EMAIL" : !strcmp(x->action,
			    "extend") ? "one DURATION" : "one PLAYER", argv[a]);
	}
	if (x->why == NULL || x->why[strspn(x->why, " \t\r\n")] == '\0')
		return mq_cli_usage("admin %s needs --why \"...\": every admin "
		    "action says why, in the log and to the players", x->action);
	if (!strcmp(x->action, "extend") &&
	    ((x->secs = mq_config_duration(argv[3])) < 60 || x->secs % 60 != 0))
		return mq_cli_usage("extend takes a duration from 1m to 366d, such as "
		    "24h or 90m");
	if (nargs >= 1 && strcmp(x->action, "extend") != 0)
		x->player = argv[3];
	if (nargs == 2)
		x->email = argv[4];
	return 0;
}

/* Whether the action may be taken on g now (seat: the player's, or -1);
 * else one sentence. */
static int
admin_refusal(const struct mq_game *g, const struct admin_args *x, int seat,
    struct mq_err *err)
{
	int a, others;

	/* an over game has no deadline, turn or seat left to act on; and an
	 * end must be the last word of its log (replay.c) */
	if (mq_game_over(g))
		return mq_fail(err, MQ_REFUSED, "Game %s is over already.", g->id);
	if (x->player != NULL && seat < 0)
		return mq_game_no_player(g, x->player, err);
	if (x->email != NULL && !mq_email_usable(x->email))	/* as new checks it */
		return mq_fail(err, MQ_REFUSED, "\"%s\" is not a usable email "
		    "address.", x->email);
	if (x->email != NULL && !g->players[seat].kicked &&
	    mq_addr_same(x->email, g->players[seat].email))
		return mq_fail(err, MQ_REFUSED, "%s plays from %s already (admin "
		    "rotate-token gives new reply addresses).", x->player, x->email);
	/* the player behind an address would read every hand it holds; a
	 * kicked player's is free (they play no more) */
	for (a = 0; x->email != NULL && a < g->nplayers; a++)
		if (a != seat && !g->players[a].kicked &&
		    mq_addr_same(x->email, g->players[a].email))
			return mq_fail(err, MQ_REFUSED, "%s is %s's address in game "
			    "%s; each player needs their own.", x->email,
			    g->players[a].name, g->id);
	if (!strcmp(x->action, "kick") && g->players[seat].kicked)
		return mq_fail(err, MQ_REFUSED, "%s is out of game %s already; the "
		    "deadline defaults play that seat until a replace.", x->player,
		    g->id);
	/* nobody replies for a kicked seat: its new tags would go to the
	 * kicked player alone, told "new reply addresses" for a game they are
	 * out of */
	if (!strcmp(x->action, "rotate-token") && g->players[seat].kicked)
		return mq_fail(err, MQ_REFUSED, "%s is out of game %s, so nobody "
		    "replies from that seat; admin %s replace %s EMAIL gives it "
		    "a new player and new reply addresses.", x->player, g->id,
		    g->id, x->player);
	for (a = 0, others = 0; a < g->nplayers; a++)
		others += a != seat && !g->players[a].kicked;
	if (!strcmp(x->action, "kick") && others == 0)
		/* the last player: the defaults would play every seat, and a
		 * game of defaults alone may never end (The Masquerade's) */
		return mq_fail(err, MQ_REFUSED, "%s is the last player of game %s; "
		    "with nobody left, nothing could be played. Replace a player "
		    "(admin %s replace PLAYER EMAIL) or end the game (admin %s end "
		    "--why \"...\").", x->player, g->id, g->id, g->id);
	if ((!strcmp(x->action, "pause") && g->paused) ||
	    (!strcmp(x->action, "resume") && !g->paused))
		return mq_fail(err, MQ_REFUSED, "Game %s is %s already.", g->id,
		    g->paused ? "paused" : "running");
	return 0;
}

/* The admin entry logged, its mails queued, the deadlines scheduled again. */
static int
admin_log(struct mq_daemon *d, struct mq_game *g, const struct admin_args *x,
    int seat, struct mq_err *err)
{
	struct mq_player_info before;
	long long dl[MQ_MAX_PLAYERS];
	uint64_t at;
	json_t *body;
	int a, rc, bad;

	body = json_pack("{s:s, s:I, s:s, s:s, s:s}", "game", g->id, "ts",
	    (json_int_t)d->now, "type", "admin", "action", x->action, "why",
	    x->why);
	bad = body == NULL;
	if (!bad && x->player)
		bad |= json_object_set_new(body, "player", json_string(x->player));
	if (!bad && x->email)
		bad |= json_object_set_new(body, "email", json_string(x->email));
	if (!bad && x->secs)
		bad |= json_object_set_new(body, "seconds", json_integer(x->secs));
	if (!bad && x->lang)
		bad |= json_object_set_new(body, "lang", json_string(x->lang));
	if (bad) {
		json_decref(body);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	if (seat >= 0)
		before = g->players[seat];	/* a replace's old address */
	/* the debts reminded already, and their deadlines as they stand */
	mq_deadline_keep_reminded(d, g);
	for (a = 0; a < g->nplayers; a++)
		dl[a] = mq_game_deadline(&d->conf, g, a);
	if ((rc = mq_game_append(g, body, err)) != 0) {
		json_decref(body);
		return rc;
	}
	/* A debt whose deadline moved (extend, resume) is reminded again
	 * before the new one, and a replace's new player of theirs; any other
	 * debt was reminded of this deadline once, enough (a rotate-token or
	 * a pause used to remind them all a second time). */
	for (a = 0; a < g->nplayers; a++)
		if (mq_game_deadline(&d->conf, g, a) != dl[a] ||
		    (a == seat && !strcmp(x->action, "replace")))
			g->players[a].reminded = 0;
	at = g->seq;	/* an end entry may follow it (game_end.c) */
	if ((rc = mq_notify_admin(d, g, body, seat >= 0 ? &before : NULL,
	    err)) == 0)
		mq_mailmark_done(g);
	json_decref(body);
	if (rc != 0) {	/* logged: the next serve catches its mails up */
		char why_not[sizeof(err->msg)];

		snprintf(why_not, sizeof(why_not), "%s", err->msg);
		if (why_not[0] && why_not[strlen(why_not) - 1] == '.')
			why_not[strlen(why_not) - 1] = '\0';
		return mq_fail(err, rc, "The %s is logged in game %s as entry %llu, "
		    "but its mails were not queued (%s); the next serve queues "
		    "them.", x->action, g->id, (unsigned long long)at, why_not);
	}
	if (rc == 0)
		rc = mq_deadline_schedule(d, g, err);
	if (rc == 0)
		printf("%s: %s logged as entry %llu.\n", g->id, x->action,
		    (unsigned long long)at);
	return rc;
}

int
mq_cmd_admin(struct mq_cli *cli, int argc, char **argv)
{
	struct admin_args x;
	struct mq_daemon d;
	struct mq_game *g;
	struct mq_err err;
	int rc, seat = -1;

	if ((rc = admin_args(argc, argv, &x)) != 0)
		return rc;
	if (x.lang != NULL && strcmp(x.lang, "en") && strcmp(x.lang, "ja") &&
	    strcmp(x.lang, "zh")) {	/* as new says it */
		mq_fail(&err, MQ_REFUSED, "The language must be en, ja or zh, not "
		    "\"%s\".", x.lang);
		return mq_cli_report(&err);
	}
	if ((rc = mq_daemon_open(&d, cli->datadir, cli->config, &err)))
		return mq_cli_report(&err);
	if ((rc = mq_daemon_game(&d, x.game, &g, &err)) == 0) {
		if (x.player != NULL)
			seat = mq_game_seat(g, x.player);
		if ((rc = admin_refusal(g, &x, seat, &err)) == 0)
			rc = !strcmp(x.action, "default") ?
			    admin_default(&d, g, seat, x.why, &err) :
			    admin_log(&d, g, &x, seat, &err);
	}
	mq_daemon_close(&d);
	return rc ? mq_cli_report(&err) : 0;
}
