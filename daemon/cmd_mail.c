/*
 * cmd_mail.c - the commands that speak mail: serve (the daemon loop, or one
 * pass with --once), ingest (one message from an MTA's pipe), parse (the dry
 * run), and the welcome mail of a new game. The host's submit is
 * cmd_submit.c, admin cmd_admin.c.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/cli.h"
#include "fileio.h"
#include "daemon/clock.h"
#include "daemon/deadline.h"
#include "daemon/inbound.h"
#include "daemon/mailmark.h"
#include "daemon/notify.h"
#include "daemon/serve.h"
#include "daemon/spool.h"
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
	int pass = 0;
	char said[sizeof(err.msg)], left[512], stopped[96];

	if (argc != 1 && !once)
		return mq_cli_usage("serve takes [--once]");
	if ((rc = mq_daemon_open(&d, cli->datadir, cli->config, &err)))
		return mq_cli_report(&err);
	/* the passwords: the other commands never use them (config.h) */
	if ((rc = mq_config_secrets(&d.conf, &err)) != 0 ||
	    (rc = mq_daemon_cursor_there(&d, &err)) != 0 ||
	    (rc = serve_lock(&d, &lock, &err)) != 0) {
		mq_daemon_close(&d);
		return mq_cli_report(&err);
	}
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	signal(SIGPIPE, SIG_IGN);
	if (!once)
		mq_daemon_log("serving %s: %s in, %s out, every %d s", cli->datadir,
		    d.conf.inbound == MQ_IN_IMAP ? "imap" :
		    d.conf.inbound == MQ_IN_PIPE ? "pipe (masqued ingest)" :
		    "maildir",
		    d.conf.outbound == MQ_OUT_SMTP ? "smtp" :
		    d.conf.outbound == MQ_OUT_SENDMAIL ? "sendmail" : "maildir",
		    d.conf.poll_interval);
	if (mq_mailmark_scan(&d, &err) != 0)
		mq_daemon_log("%s", err.msg);
	d.now = mq_clock_now();
	/* a host_reminder changed since: the waiting games it makes due
	 * sooner are due so at this pass, serve --once's too */
	mq_deadline_host_reminder_check(&d);
	if (!once)
		mq_serve_check_games(&d);
	do {
		d.now = mq_clock_now();
		if (pass++ > 0 && mq_config_reread_secrets(&d.conf, &err) != 0) {
			/* said once, not at every pass, until it reads again */
			if (strcmp(err.msg, said) != 0)
				mq_daemon_log("%s The password read before is kept.",
				    err.msg);
			snprintf(said, sizeof(said), "%s", err.msg);
		} else
			said[0] = '\0';
		rc = mq_serve_pass(&d, &st, &err);
		/* replies waiting for a stopped game: counted apart, no
		 * failure (serve.h), and no reason for an idle pass to speak */
		stopped[0] = '\0';
		if (st.stopped > 0)
			snprintf(stopped, sizeof(stopped), "; %d reply(ies) left "
			    "in the inbox for a stopped game", st.stopped);
		if (st.messages || st.timeouts || st.reminders || st.sent || st.dead ||
		    once)
			mq_daemon_log("pass: %d message(s): %d applied, %d answered, %d "
			    "duplicate, %d dropped, %d failed; %d timeout(s), %d "
			    "reminder(s); %d mail(s) sent, %d waiting, %d dead%s",
			    st.messages, st.applied, st.answered, st.duplicates,
			    st.dropped, st.failed, st.timeouts, st.reminders, st.sent,
			    st.waiting, st.dead, stopped);
		for (int s = 0; !once && !stopping && s < d.conf.poll_interval * 10; s++)
			usleep(100000);
	} while (!once && !stopping);
	/* the journal shows why the log goes quiet, and that nothing was cut */
	if (stopping)
		mq_daemon_log("stopped by %s: the pass in progress was finished",
		    stopping == SIGINT ? "SIGINT" : "SIGTERM");
	mq_daemon_close(&d);
	close(lock);
	if (!once)
		return 0;
	/* a cron job's pass: what failed and is left for the next is its
	 * exit code; an outage, or a move refused, is none */
	mq_serve_left_said(&st, left, sizeof(left));
	if (left[0] != '\0')
		fprintf(stderr, "masqued: %s\n", left);
	return rc || left[0] != '\0' ? MQ_IO : 0;
}

/*
 * The message in path ("-": standard input), NUL-terminated, its length in
 * *len. One over MQ_TRANSPORT_MAX_MSG is refused (MQ_REFUSED) unless size
 * is given: then it is read to its end (an MTA's pipe wants it all taken)
 * but only its first MQ_INBOUND_OVERSIZE_HEAD bytes kept, and its whole
 * size said in *size (0 for a message within the limit).
 */
static char *
read_input(const char *path, size_t *len, unsigned long long *size,
    struct mq_err *err)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	struct mq_buf b = MQ_BUF_INIT;
	char chunk[65536];
	unsigned long long total = 0;
	size_t n;

	*len = 0;
	if (size != NULL)
		*size = 0;
	if (f == NULL) {
		mq_fail_errno(err, MQ_IO, "Cannot read %s", path);
		return NULL;
	}
	/* typed by hand with no FILE, it would only seem to hang */
	if (f == stdin && isatty(STDIN_FILENO))
		fputs("masqued: Reading a mail from the terminal; end it with "
		    "Ctrl-D, or give a FILE.\n", stderr);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		total += n;
		if (total > MQ_TRANSPORT_MAX_MSG && size == NULL) {
			mq_fail(err, MQ_REFUSED, "The message is larger than %u MiB.",
			    MQ_TRANSPORT_MAX_MSG >> 20);
			mq_buf_free(&b);
			b.oom = 1;
			break;
		}
		/* too large to read: its head kept (cut below), the rest
		 * only counted; a message within the limit is kept whole */
		if (total <= MQ_TRANSPORT_MAX_MSG)
			mq_buf_add(&b, chunk, n);
	}
	if (size != NULL && total > MQ_TRANSPORT_MAX_MSG && !b.oom) {
		if (b.len > MQ_INBOUND_OVERSIZE_HEAD) {
			b.len = MQ_INBOUND_OVERSIZE_HEAD;
			b.data[b.len] = '\0';
		}
		*size = total;
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
	unsigned long long size;
	char *raw;
	size_t len;
	int rc, from_pipe;

	if (argc > 2)
		return mq_cli_usage("ingest takes [FILE|-]");
	from_pipe = argc < 2 || strcmp(argv[1], "-") == 0;
	mq_err_clear(&err);
	if ((raw = read_input(argc == 2 ? argv[1] : "-", &len, &size,
	    &err)) == NULL) {
		/* from the pipe, only a mail too large for any is for good */
		rc = mq_cli_report(&err);
		return from_pipe && rc == MQ_IO ? MQ_EXIT_TEMPFAIL : rc;
	}
	if ((rc = mq_daemon_open(&d, cli->datadir, cli->config, &err)) == 0) {
		/* the passwords: the other commands never use them (config.h) */
		if ((rc = mq_config_secrets(&d.conf, &err)) == 0 &&
		    (rc = mq_daemon_cursor_there(&d, &err)) == 0) {
			/* the message's id in the game log stays "pipe" (the
			 * log and its goldens hold no host's path); the
			 * daemon's log names the FILE the lines below are of */
			if (!from_pipe)
				mq_daemon_log("ingest: the message in %s "
				    "(\"pipe\" below)", argv[1]);
			/* larger than any mail we read: its sender is told,
			 * from its head, as serve tells it (exit 0: an
			 * MTA's bounce would tell them less) */
			if (size > 0) {
				mq_daemon_log("pipe: the message is larger than "
				    "the limit of %u bytes (%llu bytes); its "
				    "head alone is read", MQ_TRANSPORT_MAX_MSG,
				    size);
				rc = mq_inbound_oversize(&d, raw, len, size,
				    "pipe", &o, &err);
			} else
				rc = mq_inbound_process(&d, raw, len, "pipe",
				    NULL, &o, &err);
		}
		mq_daemon_release(&d);
		/* the message is in; mail left in the spool goes with serve */
		if (rc == 0 && mq_spool_flush(&d.conf, d.host_i18n, d.now, &ss, &e) != 0)
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
	if ((raw = read_input(argc == 2 ? argv[1] : "-", &len, NULL,
	    &err)) == NULL)
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
		    (rc = mq_notify_welcome(&d, g, err)) == 0 &&
		    (rc = mq_deadline_schedule(&d, g, err)) == 0)
			mq_mailmark_write(g);	/* after the clock file, as ever */
		mq_game_close(g);
	}
	mq_daemon_close(&d);
	return rc;
}
