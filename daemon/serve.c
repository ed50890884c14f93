/* serve.c - one pass of the daemon; see serve.h. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <time.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "daemon/deadline.h"
#include "daemon/heldmark.h"
#include "daemon/imap_held.h"
#include "daemon/inbound.h"
#include "daemon/inbound_outage.h"
#include "daemon/mailmark.h"
#include "daemon/notify.h"
#include "daemon/outage.h"
#include "durable.h"
#include "daemon/serve.h"
#include "daemon/spool.h"
#include "daemon/reserve.h"
#include "daemon/stuck.h"
#include "fileio.h"
#include "mail/transport.h"
#include "mail/transport_imap.h"
#include "mail/transport_maildir.h"

static void
count(struct mq_pass_stats *st, enum mq_inbound_outcome o)
{
	st->messages++;
	if (o == MQ_IN_APPLIED)
		st->applied++;
	else if (o == MQ_IN_ANSWERED)
		st->answered++;
	else if (o == MQ_IN_DUPLICATE)
		st->duplicates++;
	else
		st->dropped++;
}

/* The bytes of a message's head read for its headers, when the message is
 * too large to read whole: past any header section a mail client writes. */
#define OVERSIZE_HEAD	MQ_INBOUND_OVERSIZE_HEAD

/* A Maildir message over MQ_TRANSPORT_MAX_MSG: its head read, its sender
 * answered (mq_inbound_oversize). */
static int
oversize_maildir(struct mq_daemon *d, const struct mq_maildir_msg *m,
    enum mq_inbound_outcome *o, struct mq_err *err)
{
	unsigned long long size;
	size_t len;
	char *head;
	int rc;

	MQ_TRY(mq_maildir_read_head(d->conf.maildir_inbox, m, OVERSIZE_HEAD,
	    &head, &len, &size, err));
	rc = mq_inbound_oversize(d, head, len, size, m->id, o, err);
	free(head);
	return rc;
}

/*
 * The mails a batch queued, sent now that its messages are marked done
 * (DESIGN.md: archive, log, spool, mark done, send): the marks made durable
 * first. Each worker sends its own games' mail as it goes, beside the other
 * worker's work, rather than all of it waiting for the pass's end.
 */
static void
send_batch(struct mq_daemon *d, struct mq_pass_stats *st)
{
	struct mq_spool_stats ss;
	struct mq_err e;

	if (d->nbatch_mail == 0)
		return;
	if (mq_durable_commit(&e) != 0) {
		/* queued still: the pass's last sending tries them */
		mq_daemon_log("inbound: %s; the batch's mail waits in the "
		    "spool for the pass's last sending", e.msg);
		mq_daemon_forget_mail(d);
		mq_durable_begin();
		return;
	}
	if (mq_spool_send_these(&d->conf, d->host_i18n, d->now, d->batch_mail,
	    d->nbatch_mail, &ss, &e) != 0)
		mq_daemon_log("spool: %s; what was not sent waits for the "
		    "pass's last sending", e.msg);
	d->nbatch_mail = 0;	/* each freed by the sending */
	/* what waits (held back, or a try failed) is still queued: the
	 * pass's last sending counts it; so is a mail that cannot be read
	 * (a root's file of one of the batch's games, taken along with
	 * the batch's: mq_spool_send_these), which that sending counts and
	 * tells again: counted here too, one such mail was two */
	st->sent += ss.sent;
	st->dead += ss.dead;
	st->unsent += ss.failed;	/* its retry file holds it back */
	mq_durable_begin();
}

/*
 * Make a batch's writes durable, then mark its messages done (DESIGN.md:
 * write, fsync, then act). The marks need no flush of their own: a lost one
 * only makes a message be read again, and its hash is in the log (and the
 * game's mark of mailed entries keeps its mails from being queued again).
 */
static void
commit_batch(struct mq_daemon *d, struct mq_maildir_list *l, size_t from,
    size_t to, const int *outcome, struct mq_pass_stats *st)
{
	struct mq_err e;
	size_t j;

	if (mq_durable_commit(&e) != 0) {
		/* nothing of the batch may be acted on: all stay pending */
		mq_heldmark_flush(0);
		mq_daemon_forget_mail(d);
		mq_daemon_log("inbound: %s; %zu message(s) left for the next pass",
		    e.msg, to - from);
		for (j = from; j < to; j++)
			if (outcome[j] >= 0)
				st->failed++;
		return;
	}
	mq_heldmark_flush(1);	/* the entries and their mails are durable */
	mq_durable_begin();
	for (j = from; j < to; j++) {
		if (outcome[j] < 0)
			continue;
		count(st, (enum mq_inbound_outcome)outcome[j]);
		if (mq_maildir_mark_done(d->conf.maildir_inbox, &l->v[j], &e) != 0)
			mq_daemon_log("%s: %s", l->v[j].id, e.msg);
	}
	send_batch(d, st);
}

/*
 * A reply left in the inbox for a game its log stopped (it does not verify,
 * or was cut) waits for the host, told once by mail, to put the log back:
 * a long-running serve said it in its log at every pass, and a host's log
 * filled with the same line. DATA/cursor/stopped-GAME lists the messages
 * said already, one id a line; a log read clean again removes it
 * (mq_notify_host_sound). One game is one worker's, so one writer. 1 when
 * id was said already, else it is noted and 0 (said once more, at worst,
 * when the note cannot be written).
 */
static int
stopped_said(const struct mq_daemon *d, const char *game, const char *id)
{
	char path[1400], line[256];
	size_t k = strlen(id);
	FILE *f;
	int said = 0;

	snprintf(path, sizeof(path), "%s/cursor/stopped-%s", d->conf.datadir,
	    game);
	if ((f = fopen(path, "r")) != NULL) {
		while (!said && fgets(line, sizeof(line), f) != NULL)
			said = strncmp(line, id, k) == 0 && line[k] == '\n';
		fclose(f);
	}
	if (said)
		return 1;
	if ((f = fopen(path, "a")) != NULL) {
		fprintf(f, "%s\n", id);
		fclose(f);
	}
	return 0;
}

/* Is game among the n games stopped this pass (stopped[])? */
static int
stopped_game(char (*stopped)[MQ_GAME_ID_LEN + 1], int n, const char *game)
{
	for (int i = 0; i < n; i++)
		if (strcmp(stopped[i], game) == 0)
			return 1;
	return 0;
}

/*
 * Worker `worker` of n: the inbox's messages for its games, in order, in
 * batches of MQ_SERVE_BATCH: each message is processed with its fsyncs
 * deferred (durable.h), then one flush makes the whole batch durable
 * before any of it is marked done.
 */
static int
inbox_part(struct mq_daemon *d, struct mq_maildir_list *l, int worker, int n,
    struct mq_pass_stats *st, struct mq_err *err)
{
	enum mq_inbound_outcome o;
	struct mq_err e;
	char *raw, game[9], file[2400];
	char stopped[MQ_DAEMON_STALLED_MAX][MQ_GAME_ID_LEN + 1];
	size_t i, len, from = 0;
	int rc, *outcome, nstopped = 0;

	if ((outcome = calloc(l->n + 1, sizeof(*outcome))) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	d->send_batches = d->conf.outbound == MQ_OUT_MAILDIR;
	mq_durable_begin();
	for (i = 0; i < l->n; i++) {
		if (i - from == MQ_SERVE_BATCH) {
			commit_batch(d, l, from, i, outcome, st);
			from = i;
		}
		outcome[i] = -1;
		rc = mq_maildir_read(d->conf.maildir_inbox, &l->v[i],
		    MQ_TRANSPORT_MAX_MSG, &raw, &len, &e);
		game[0] = '\0';
		if (rc == 0 && (n > 1 || d->nstalled > 0))
			mq_inbound_game_of(d, raw, len, game);
		if (n > 1) {
			/* Gone: another worker has marked it done (a genuine
			 * failure is said by the next, shorter pass). Oversized
			 * ones are worker 0's. */
			if (rc != 0 && rc != MQ_REFUSED)
				continue;
			if (mq_inbound_worker_of(game, n) != worker) {
				free(rc == 0 ? raw : NULL);
				continue;
			}
		}
		if (rc == 0 && game[0] != '\0' &&
		    stopped_game(stopped, nstopped, game)) {
			/* its game stopped by its log, as the message before */
			if (!stopped_said(d, game, l->v[i].id))
				mq_daemon_log("%s: left in the inbox: game %s is "
				    "stopped until its log is put back (said "
				    "once)", l->v[i].id, game);
			free(raw);
			st->stopped++;
			continue;
		}
		if (rc == 0 && game[0] != '\0' && mq_daemon_stalled(d, game)) {
			/* after its game's failed message, in the next pass */
			mq_daemon_log("%s: left for the next pass: a message before "
			    "it for game %s could not be processed", l->v[i].id,
			    game);
			free(raw);
			continue;	/* pending, uncounted */
		}
		if (rc == MQ_REFUSED) {
			/* larger than any mail we read: its sender is told,
			 * and it is done with once the batch is durable */
			mq_daemon_log("%s: %s", l->v[i].id, e.msg);
			if (oversize_maildir(d, &l->v[i], &o, &e) != 0) {
				mq_daemon_log("%s: not processed: %s", l->v[i].id,
				    e.msg);
				st->failed++;
				continue;	/* left for the next pass */
			}
			outcome[i] = (int)o;
			continue;
		}
		if (rc) {
			mq_daemon_log("%s: %s", l->v[i].id, e.msg);
			st->failed++;
			continue;
		}
		snprintf(file, sizeof(file), "%s/%s", d->conf.maildir_inbox,
		    l->v[i].path);
		rc = mq_inbound_process(d, raw, len, l->v[i].id, file, &o, &e);
		if (rc) {
			/* left in the inbox: the next pass tries again, and
			 * its game's later mail and deadlines wait for it */
			if (game[0] == '\0')
				mq_inbound_game_of(d, raw, len, game);
			free(raw);
			if (rc == MQ_BADDATA && game[0] != '\0') {
				/* its game stopped by its log: the host was told
				 * (once); no failure of the pass, and said in
				 * the log at the first pass that leaves it. Not
				 * stalled: its deadlines cannot run either, and
				 * the clock says so once (mq_daemon_log_game),
				 * where a stall said it at every pass and told
				 * the host a second time (stuck.c) */
				if (!stopped_said(d, game, l->v[i].id))
					mq_daemon_log("%s: not processed: %s (it "
					    "waits in the inbox; said once)",
					    l->v[i].id, e.msg);
				if (nstopped < MQ_DAEMON_STALLED_MAX)
					snprintf(stopped[nstopped++],
					    sizeof(stopped[0]), "%s", game);
				st->stopped++;
				continue;
			}
			mq_daemon_stall(d, game);
			mq_daemon_log("%s: not processed: %s", l->v[i].id, e.msg);
			st->failed++;
			continue;
		}
		free(raw);
		if (o != MQ_IN_DEFERRED)	/* else left pending, uncounted */
			outcome[i] = (int)o;
		else
			st->deferred++;
	}
	commit_batch(d, l, from, l->n, outcome, st);
	if (mq_durable_commit(&e) != 0)
		mq_daemon_log("inbound: %s", e.msg);
	d->send_batches = 0;
	mq_daemon_forget_mail(d);
	free(outcome);
	return 0;
}

static void
add_stats(struct mq_pass_stats *to, const struct mq_pass_stats *from)
{
	to->messages += from->messages;
	to->applied += from->applied;
	to->answered += from->answered;
	to->duplicates += from->duplicates;
	to->dropped += from->dropped;
	to->failed += from->failed;
	to->stopped += from->stopped;
	to->deferred += from->deferred;
	to->sent += from->sent;		/* a worker's batches' mails */
	to->dead += from->dead;
	to->unsent += from->unsent;
	to->unreadable += from->unreadable;
	to->parts_failed |= from->parts_failed;
}

/* What a worker sends back: its counts, and the games it stalled, whose
 * deadlines (this process's clock) and later mail must wait too. Under
 * PIPE_BUF, so one write, whole or not at all. */
struct worker_report {
	struct mq_pass_stats st;
	int nstalled, stall_all;
	char stalled[MQ_DAEMON_STALLED_MAX][MQ_GAME_ID_LEN + 1];
};
_Static_assert(sizeof(struct worker_report) <= PIPE_BUF,
    "a worker's report is one atomic write");

/*
 * A long inbox shared out among n worker processes, each taking whole
 * games (worker_of), so that a game's messages keep their order and only
 * one process ever writes a game. Each worker marks its own messages done
 * and sends its counts and stalled games back through a pipe; a worker
 * that dies (it dies with this process: PR_SET_PDEATHSIG) leaves its
 * messages pending, for the next pass. With a Maildir outbox each worker
 * also sends its batches' mail as it goes (send_batch); what is left in
 * the spool is sent afterwards, by this process alone.
 */
static int
inbox_parallel(struct mq_daemon *d, struct mq_maildir_list *l, int n,
    struct mq_pass_stats *st, struct mq_err *err)
{
	struct worker_report part;
	pid_t pid[MQ_SERVE_MAX_WORKERS], parent = getpid();
	int fd[MQ_SERVE_MAX_WORKERS], p[2], k, status, started = 0;
	ssize_t got;

	fflush(NULL);
	for (k = 0; k < n; k++) {
		if (pipe(p) == -1) {
			mq_daemon_log("inbound: cannot start worker %d: %s; this "
			    "process reads its share", k, strerror(errno));
			break;
		}
		if ((pid[k] = fork()) == -1) {
			mq_daemon_log("inbound: cannot start worker %d: %s; this "
			    "process reads its share", k, strerror(errno));
			close(p[0]);
			close(p[1]);
			break;
		}
		if (pid[k] == 0) {
			close(p[0]);
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			if (getppid() != parent)
				_exit(1);
			memset(&part, 0, sizeof(part));
			d->worker = k;
			d->nworkers = n;
			/* its batches' mail goes out beside the others' */
			mq_maildir_name_share(k, n);
			inbox_part(d, l, k, n, &part.st, err);
			mq_daemon_release(d);
			part.nstalled = d->nstalled;
			part.stall_all = d->stall_all;
			memcpy(part.stalled, d->stalled, sizeof(part.stalled));
			_exit(write(p[1], &part, sizeof(part)) == (ssize_t)sizeof(part) ?
			    0 : 1);
		}
		close(p[1]);
		fd[k] = p[0];
		started++;
	}
	for (k = 0; k < started; k++) {
		memset(&part, 0, sizeof(part));
		got = read(fd[k], &part, sizeof(part));
		close(fd[k]);
		waitpid(pid[k], &status, 0);
		if (got != (ssize_t)sizeof(part) || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0) {
			/* which of its games' messages failed is not known:
			 * every game's deadlines wait with them this pass. What
			 * it marked done before it stopped is done (logged and
			 * answered), only not counted in this pass's line. */
			char how[64];

			if (WIFSIGNALED(status))
				snprintf(how, sizeof(how), "killed by signal %d",
				    WTERMSIG(status));
			else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
				snprintf(how, sizeof(how), "exit status %d",
				    WEXITSTATUS(status));
			else
				snprintf(how, sizeof(how), "no report");
			mq_daemon_log("inbound: worker %d stopped early (%s); the "
			    "messages it had not marked done wait for the next "
			    "pass, and those it had are not counted below", k,
			    how);
			d->stall_all = 1;
		} else {
			add_stats(st, &part.st);
			if (part.stall_all)
				d->stall_all = 1;
			for (int j = 0; j < part.nstalled &&
			    j < MQ_DAEMON_STALLED_MAX; j++) {
				part.stalled[j][MQ_GAME_ID_LEN] = '\0';
				mq_daemon_stall(d, part.stalled[j]);
			}
		}
	}
	/*
	 * The shares of the workers that could not be started (a process
	 * limit, memory short), read here, now that no worker writes a game:
	 * else their messages waited while the clock, after this, played the
	 * deadlines' defaults for the moves among them, pass after pass.
	 */
	if (started < n) {
		int worker = d->worker, nworkers = d->nworkers;

		for (k = started; k < n; k++) {
			d->worker = k;
			d->nworkers = n;
			inbox_part(d, l, k, n, st, err);
			mq_daemon_release(d);
		}
		d->worker = worker;
		d->nworkers = nworkers;
	}
	return 0;
}

static int
pass_maildir(struct mq_daemon *d, struct mq_pass_stats *st, struct mq_err *err)
{
	struct mq_maildir_list l;
	long cores;
	int rc, n = d->conf.workers;
	size_t strays;

	if ((rc = mq_maildir_list(d->conf.maildir_inbox, &l, err)) != 0)
		return rc;
	/* a mail dropped into the inbox itself was passed over unsaid (the
	 * pass read 0 messages): the host is told each pass where it goes */
	if (mq_maildir_strays(d->conf.maildir_inbox, &strays) == 0 &&
	    strays > 0)
		mq_daemon_log("inbound: %zu file(s) in %s itself are not read: "
		    "a mail goes in its new/ folder (%s/new)", strays,
		    d->conf.maildir_inbox, d->conf.maildir_inbox);
	if (n == 0) {
		cores = sysconf(_SC_NPROCESSORS_ONLN);
		n = cores < 1 ? 1 : cores > 4 ? 4 : (int)cores;
	}
	if (n > MQ_SERVE_MAX_WORKERS)
		n = MQ_SERVE_MAX_WORKERS;
	if (n > 1 && l.n >= MQ_SERVE_PARALLEL_MIN)
		rc = inbox_parallel(d, &l, n, st, err);
	else
		rc = inbox_part(d, &l, 0, 1, st, err);
	mq_maildir_list_free(&l);
	if (rc == 0 && st->deferred > 0) {
		/*
		 * A worker picks its messages by a quick look at the recipient
		 * lines, then reads each whole; where the two disagree (a
		 * display name holding another game's tag) the worker leaves
		 * the message, and the other worker never picked it. Read what
		 * is left once more, by this process alone, now that no worker
		 * writes a game: else, with the inbox always long, it would wait
		 * for ever.
		 */
		mq_daemon_log("inbound: %d message(s) left by the workers; read "
		    "again by one process", st->deferred);
		st->deferred = 0;
		if ((rc = mq_maildir_list(d->conf.maildir_inbox, &l, err)) != 0)
			return rc;
		rc = inbox_part(d, &l, 0, 1, st, err);
		mq_maildir_list_free(&l);
	}
	return rc;
}

/*
 * DATADIR/cursor/imap: "UIDVALIDITY LASTUID\n", replaced whole and fsynced.
 * Read strictly: a damaged or unreadable cursor must never skip a message,
 * so it reads as none at all (the mailbox is read again from the start; the
 * raw-hash dedupe answers nothing twice), and the log says so.
 */
static void
cursor_path(const struct mq_daemon *d, char *path, size_t size)
{
	snprintf(path, size, "%s/cursor/imap", d->conf.datadir);
}

static void
cursor_read(const struct mq_daemon *d, uint32_t *validity, uint32_t *last,
    int *first, int *lost)
{
	char path[1400], buf[64];
	unsigned long long v, l;
	const char *p = buf;
	struct mq_err e;
	size_t len;
	int present;

	*validity = *last = 0;
	*first = 0;
	*lost = 1;	/* until it reads as sound */
	cursor_path(d, path, sizeof(path));
	if (mq_file_read_small(path, buf, sizeof(buf), &len, &present, &e) != 0) {
		mq_daemon_log("imap: %s; reading the mailbox again from the start",
		    e.msg);
		return;
	}
	if (!present) {
		*first = 1;	/* the first pass */
		*lost = 0;
		return;
	}
	if (strlen(buf) != len || mq_scan_digits(&p, UINT32_MAX, &v) != 0 ||
	    *p++ != ' ' || mq_scan_digits(&p, UINT32_MAX, &l) != 0 ||
	    strcmp(p, "\n") != 0) {
		mq_daemon_log("imap: the cursor %s is damaged (it should hold "
		    "\"UIDVALIDITY LASTUID\"); reading the mailbox again from "
		    "the start", path);
		return;
	}
	*validity = (uint32_t)v;
	*last = (uint32_t)l;
	*lost = 0;
}

static int
cursor_write(const struct mq_daemon *d, uint32_t validity, uint32_t last,
    struct mq_err *err)
{
	char path[1400], buf[64];
	int n;

	cursor_path(d, path, sizeof(path));
	n = snprintf(buf, sizeof(buf), "%" PRIu32 " %" PRIu32 "\n", validity, last);
	return mq_file_replace(path, buf, (size_t)n, 0644, err);
}

/*
 * The very first pass (no cursor yet): what the mailbox holds is older than
 * masqued here, say a provider's welcome or the account's old mail, and none
 * of it is a reply to a game's mail, which serve has not sent yet. Start
 * after it, rather than answer every old sender "not a reply to a game". A
 * cursor of "0 0" reads a mailbox from the start.
 */
static int
imap_first_pass(struct mq_daemon *d, struct mq_imap *s, const char *mailbox,
    uint32_t validity, struct mq_err *err)
{
	uint32_t last = 0, *uids = NULL;
	size_t n = 0, i;
	int rc;

	MQ_TRY(mq_imap_s_search_after(s, 0, &uids, &n, err));
	for (i = 0; i < n; i++)
		if (uids[i] > last)
			last = uids[i];
	free(uids);
	if (n > 0)
		mq_daemon_log("imap: the first pass: the %zu message(s) already in "
		    "%s are older than masqued here and left alone; from now on it "
		    "reads those after UID %" PRIu32, n, mailbox, last);
	rc = cursor_write(d, validity, last, err);
	return rc;
}

/*
 * The replies an IMAP pass leaves for a stopped game (imap_held.h), and the
 * games it found stopped: a later reply to one of them is held with them,
 * unread, as in a Maildir pass, never played before an earlier one.
 */
struct imap_stop {
	struct mq_imap_held held;
	char stopped[MQ_DAEMON_STALLED_MAX][MQ_GAME_ID_LEN + 1];
	int nstopped;
};

/* Reply id (imap:V:U) of stopped game `game`, held: said in the log once
 * (stopped_said), counted, and its game noted for the rest of the pass. */
static void
imap_stopped(struct mq_daemon *d, struct imap_stop *sp, const char *id,
    const char *game, const char *why, struct mq_pass_stats *st)
{
	if (!stopped_said(d, game, id)) {
		if (why != NULL)
			mq_daemon_log("%s: not processed: %s (it waits in the "
			    "mailbox; said once)", id, why);
		else
			mq_daemon_log("%s: left in the mailbox: game %s is "
			    "stopped until its log is put back (said once)", id,
			    game);
	}
	if (!stopped_game(sp->stopped, sp->nstopped, game) &&
	    sp->nstopped < MQ_DAEMON_STALLED_MAX)
		snprintf(sp->stopped[sp->nstopped++], sizeof(sp->stopped[0]),
		    "%s", game);
	st->stopped++;
}

/*
 * Message uid, fetched and processed; then (its log entry fsynced) it
 * moved to the done folder, and the cursor past it. *held when it could
 * not be fetched or processed: the pass stops there, to keep UID order,
 * and the next tries again. A reply to a stopped game is no such stop: it
 * is added to the held list (fsynced) before the cursor passes it, and the
 * pass goes on. retry: uid is one of that list, below the cursor, which
 * is left alone; done, it leaves the list.
 */
static int
imap_take(struct mq_daemon *d, struct mq_imap *s, const struct mq_imap_conf *c,
    uint32_t validity, uint32_t uid, struct imap_stop *sp, int retry,
    struct mq_pass_stats *st, int *held, size_t *flagged, struct mq_err *err)
{
	const char *mailbox = c->mailbox ? c->mailbox : "INBOX";
	enum mq_inbound_outcome o;
	struct mq_err e;
	char id[64], *raw, game[MQ_GAME_ID_LEN + 1];
	size_t len;
	int rc;

	*held = 0;
	game[0] = '\0';
	snprintf(id, sizeof(id), "imap:%" PRIu32 ":%" PRIu32, validity, uid);
	rc = mq_imap_s_fetch(s, uid, &raw, &len, MQ_TRANSPORT_MAX_MSG, &e);
	if (rc == MQ_REFUSED && mq_imap_s_too_large(s)) {
		/* larger than any mail we read: its sender is told, from its
		 * header section; what cannot be read of it is dropped */
		mq_daemon_log("%s: %s", id, e.msg);
		if (mq_imap_s_fetch_header(s, uid, &raw, &len, OVERSIZE_HEAD,
		    &e) != 0 || mq_inbound_oversize(d, raw, len, 0, id, &o,
		    &e) != 0) {
			mq_daemon_log("%s: not answered: %s", id, e.msg);
			st->dropped++;
		} else
			count(st, o);
		free(raw);
	} else if (rc == MQ_REFUSED) {
		mq_daemon_log("%s: %s", id, e.msg);
		st->dropped++;
	} else if (rc) {
		mq_daemon_log("%s: %s", id, e.msg);
		st->failed++;
		mq_stuck_imap(d, mailbox, validity, uid, e.msg);
		*held = 1;
		return 0;
	} else {
		if (sp->nstopped > 0)
			mq_inbound_game_of(d, raw, len, game);
		if (game[0] != '\0' &&
		    stopped_game(sp->stopped, sp->nstopped, game)) {
			/* its game stopped by its log, as a reply before */
			free(raw);
			imap_stopped(d, sp, id, game, NULL, st);
			goto stopped;
		}
		rc = mq_inbound_process(d, raw, len, id, NULL, &o, &e);
		if (rc && game[0] == '\0')
			mq_inbound_game_of(d, raw, len, game);
		free(raw);
		if (rc == MQ_BADDATA && game[0] != '\0') {
			/* its game stopped by its log: the host was told
			 * (once); the other games' mail goes on */
			imap_stopped(d, sp, id, game, e.msg, st);
			goto stopped;
		}
		if (rc) {
			/* the pass stops here; its game's deadlines wait too
			 * (daemon.h), as in a Maildir pass */
			mq_daemon_stall(d, game);
			mq_daemon_log("%s: not processed: %s", id, e.msg);
			st->failed++;
			mq_stuck_imap(d, mailbox, validity, uid, e.msg);
			*held = 1;
			return 0;
		}
		count(st, o);
	}
	/* the log entry is fsynced: the message may go to the done folder,
	 * then the cursor pass it. Not the other way round: a kill between
	 * the two left it in the mailbox for good, behind the cursor; this
	 * way the next pass reads it again (where the move did not go),
	 * acknowledges it and moves it. */
	if (c->done_folder != NULL && mq_imap_s_move_done(s, uid, &e) != 0) {
		mq_daemon_log("%s: %s", id, e.msg);
		mq_stuck_imap_undone(d, c->done_folder, mailbox, e.msg);
	} else if (c->done_folder != NULL) {
		if (mq_imap_s_leaves_flagged(s))
			(*flagged)++;
		mq_stuck_imap_moved(d);
	}
	if (retry) {
		/* done: off the list (a kill before leaves it there, and the
		 * next pass finds it done: its hash, or gone to the folder) */
		mq_imap_held_remove(&sp->held, uid);
		return mq_imap_held_write(d->conf.datadir, &sp->held, err);
	}
	return cursor_write(d, validity, uid, err);
stopped:
	if (retry)
		return 0;	/* listed already */
	/* listed, durably, before the cursor passes it: a kill between the
	 * two finds it listed and at the cursor, and holds it once */
	sp->held.validity = validity;
	MQ_TRY(mq_imap_held_add(&sp->held, uid, game, err));
	MQ_TRY(mq_imap_held_write(d->conf.datadir, &sp->held, err));
	return cursor_write(d, validity, uid, err);
}

/*
 * DATADIR/cursor/imap.reread: "UIDVALIDITY LASTUID BEFORE\n" while a mailbox
 * read again from its start (its UIDVALIDITY changed, or its cursor was
 * lost) has messages left up to UID LASTUID, BEFORE the time of the last
 * pass that read it before: a pass that stops partway (a message it cannot
 * fetch) hands the same care (inbound.c, maybe_old) on to the next, which
 * would else answer the old mail after it as new. Read strictly; damaged,
 * it reads as a window over the whole mailbox with no time known, for this
 * pass (nothing old is answered), and the log says so.
 */
struct reread {
	int active;
	uint32_t end;
	long long before;
};

static void
reread_path(const struct mq_daemon *d, char *path, size_t size)
{
	snprintf(path, size, "%s/cursor/imap.reread", d->conf.datadir);
}

static void
reread_load(const struct mq_daemon *d, uint32_t validity, uint32_t last,
    struct reread *w)
{
	char why[MQ_STRERROR_HINT_MAX];
	char path[1400], buf[96];
	unsigned long long v, u, t;
	const char *p = buf;
	struct mq_err e;
	size_t len;
	int present, rc;

	memset(w, 0, sizeof(*w));
	reread_path(d, path, sizeof(path));
	rc = mq_file_read_small(path, buf, sizeof(buf), &len, &present, &e);
	if (rc == 0 && !present)
		return;
	if (rc != 0 || strlen(buf) != len || mq_scan_digits(&p, UINT32_MAX, &v) != 0 ||
	    *p++ != ' ' || mq_scan_digits(&p, UINT32_MAX, &u) != 0 ||
	    *p++ != ' ' || mq_scan_digits(&p, LLONG_MAX, &t) != 0 ||
	    strcmp(p, "\n") != 0) {
		mq_daemon_log("imap: %s is damaged (it should hold \"UIDVALIDITY "
		    "LASTUID TIME\"); no mail not a move is answered in this pass",
		    path);
		w->active = 1;
		w->end = UINT32_MAX;
		w->before = LLONG_MAX;
		return;
	}
	if ((uint32_t)v == validity && (uint32_t)u > last) {
		w->active = 1;
		w->end = (uint32_t)u;
		w->before = (long long)t;
	} else if (unlink(path) != 0 && errno != ENOENT)	/* read, or stale */
		mq_daemon_log("imap: cannot remove %s: %s", path,
		    mq_strerror_hint(errno, path, why, sizeof(why)));
}

static void
reread_start(const struct mq_daemon *d, uint32_t validity, const uint32_t *uids,
    size_t n, struct reread *w)
{
	char path[1400], buf[96];
	struct stat sb;
	struct mq_err e;
	size_t i;
	int k;

	cursor_path(d, path, sizeof(path));
	w->active = 1;
	w->before = stat(path, &sb) == 0 ? (long long)sb.st_mtime : LLONG_MAX;
	for (w->end = 0, i = 0; i < n; i++)
		if (uids[i] > w->end)
			w->end = uids[i];
	reread_path(d, path, sizeof(path));
	k = snprintf(buf, sizeof(buf), "%" PRIu32 " %" PRIu32 " %lld\n", validity,
	    w->end, w->before);
	if (n > 0 && mq_file_replace(path, buf, (size_t)k, 0644, &e) != 0)
		mq_daemon_log("imap: %s", e.msg);
}

static void
reread_done(const struct mq_daemon *d)
{
	char why[MQ_STRERROR_HINT_MAX];
	char path[1400];

	reread_path(d, path, sizeof(path));
	if (unlink(path) != 0 && errno != ENOENT)
		mq_daemon_log("imap: cannot remove %s: %s", path,
		    mq_strerror_hint(errno, path, why, sizeof(why)));
}

static int
pass_imap(struct mq_daemon *d, struct mq_pass_stats *st, struct mq_err *err)
{
	struct mq_imap_conf c;
	struct mq_imap *s = NULL;
	uint32_t validity, cur_validity, last, next, *uids = NULL;
	size_t n = 0, i, k, nstart = 0, flagged = 0;
	struct reread w = { 0, 0, 0 };
	struct imap_stop sp;
	struct mq_imap_held_one *start = NULL;
	struct mq_err e;
	int rc, first, lost, held = 0, renumbered = 0, reached = 0, refused = 0;
	int held_bad = 0;

	memset(&c, 0, sizeof(c));
	c.url = d->conf.imap_url;
	c.mailbox = d->conf.imap_mailbox;
	c.user = d->conf.imap_user;
	c.password = d->conf.imap_password;
	c.require_tls = d->conf.tls;
	c.done_folder = d->conf.imap_done[0] ? d->conf.imap_done : NULL;
	c.timeout_s = d->conf.mail_timeout;
	c.ca_file = d->conf.tls_ca_file[0] ? d->conf.tls_ca_file : NULL;
	if ((rc = mq_imap_open(&c, &s, err)) != 0)
		return rc;
	memset(&sp, 0, sizeof(sp));
	cursor_read(d, &cur_validity, &last, &first, &lost);
	if (mq_imap_held_read(d->conf.datadir, &sp.held, &e) != 0) {
		/* a reply it listed could be lost: read it all again */
		mq_daemon_log("imap: %s; reading the mailbox again from the "
		    "start", e.msg);
		held_bad = lost = 1;
		last = 0;
	}
	if ((rc = mq_imap_s_status(s, &validity, &next, err)) != 0)
		goto out;
	reached = 1;
	if (first) {
		rc = imap_first_pass(d, s, c.mailbox ? c.mailbox : "INBOX",
		    validity, err);
		goto out;
	}
	if (validity != cur_validity) {
		/* A new mailbox identity: every UID means something else now. Read
		 * it all again; the raw-hash dedupe keeps moves from doubling. */
		if (cur_validity != 0)
			mq_daemon_log("imap: UIDVALIDITY changed from %" PRIu32 " to %"
			    PRIu32 "; reading the mailbox again from the start, "
			    "answering only moves and mail dated after its last "
			    "pass", cur_validity, validity);
		last = 0;
	} else if (next != 0 && next <= last) {
		/* The UIDs went back under the same UIDVALIDITY: the server
		 * numbered the mailbox anew without saying so. The UIDs after
		 * the cursor would be new mail's only once they climbed past
		 * it again, and the mail before unread, unsaid: read it all
		 * again, as for a changed UIDVALIDITY. */
		mq_daemon_log("imap: the server's next UID is %" PRIu32 ", not "
		    "past the last UID read, %" PRIu32 ", under the same "
		    "UIDVALIDITY %" PRIu32 ": it has numbered the mailbox anew; "
		    "reading it again from the start, answering only moves and "
		    "mail dated after its last pass", next, last, validity);
		last = 0;
		renumbered = 1;
	}
	if ((rc = mq_imap_s_search_after(s, last, &uids, &n, err)) != 0) {
		refused = !mq_imap_s_unreached(s);
		goto out;
	}
	/* not after a cursor of "0 0", which the host wrote to have the
	 * mailbox read from its start and answered */
	if (lost || renumbered || (cur_validity != 0 && validity != cur_validity))
		reread_start(d, validity, uids, n, &w);
	else
		reread_load(d, validity, last, &w);
	d->reread_before = w.before;
	if (held_bad || last == 0 || sp.held.validity != validity) {
		/* read from the start (or under another UIDVALIDITY): each
		 * reply held is met again, and held again if its game is still
		 * stopped. A list found damaged is removed only once the cursor
		 * says so too (its time read by reread_start before) */
		if (held_bad)
			rc = cursor_write(d, validity, 0, err);
		mq_imap_held_free(&sp.held);
		if (rc == 0 && (held_bad || sp.held.present))
			rc = mq_imap_held_write(d->conf.datadir, &sp.held, err);
	} else if (sp.held.n > 0 && (start = malloc(sp.held.n *
	    sizeof(*start))) == NULL)
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	else if (sp.held.n > 0) {
		nstart = sp.held.n;
		memcpy(start, sp.held.v, nstart * sizeof(*start));
	}
	/* the replies held for a stopped game first, in UID order: played
	 * once their game is no longer stopped, then dropped from the list */
	for (k = 0; k < nstart && rc == 0 && !held; k++) {
		if (stopped_game(sp.stopped, sp.nstopped, start[k].game)) {
			st->stopped++;	/* said already */
			continue;
		}
		d->rereading = w.active && start[k].uid <= w.end;
		rc = imap_take(d, s, &c, validity, start[k].uid, &sp, 1, st,
		    &held, &flagged, err);
	}
	for (i = 0; i < n && rc == 0 && !held; i++) {
		for (k = 0; k < nstart && start[k].uid != uids[i]; k++)
			;
		if (k < nstart) {
			/* listed and tried above (a kill came between the
			 * list and the cursor): the cursor passes it */
			rc = cursor_write(d, validity, uids[i], err);
			continue;
		}
		d->rereading = w.active && uids[i] <= w.end;
		rc = imap_take(d, s, &c, validity, uids[i], &sp, 0, st, &held,
		    &flagged, err);
		if (i == 0 && !held)
			mq_stuck_imap_past(d);	/* past any that held it up */
	}
	if (held)
		d->inbox_unread = 1;	/* the rest waits, in UID order */
	if (flagged > 0)
		mq_daemon_log("imap: the server has neither MOVE nor UIDPLUS: %zu "
		    "done message(s) were copied to %s and left in %s flagged "
		    "\\Deleted, for the server or a mail client to expunge",
		    flagged, c.done_folder, c.mailbox);
	if (rc == 0 && n == 0 && (validity != cur_validity || renumbered))
		rc = cursor_write(d, validity, last, err);
	if (rc == 0 && !held && w.active)
		reread_done(d);		/* read to its end */
out:
	d->rereading = 0;
	free(uids);
	free(start);
	mq_imap_held_free(&sp.held);
	/* An outage is no failure of the pass: nothing is lost, the cursor
	 * holds, and the next pass tries again (serve --once exits 0). It
	 * ends with a pass that reads the mailbox: one that fails after the
	 * server's first answer keeps its start (the host is told after an
	 * hour of it, not never). */
	if (rc && mq_imap_s_unreached(s)) {
		mq_inbound_down(d, err->msg, 0);
		d->inbox_unread = 1;
		rc = 0;
	} else if (rc && (!reached || refused)) {
		/* a refused login, TLS, mailbox, search: its cause on the
		 * line that says what it means (said after it, the log read
		 * effect, then cause), and not again at the pass's end */
		mq_inbound_down(d, err->msg, 1);
		d->inbox_said = 1;
	} else if (rc == 0)
		mq_inbound_up(d);
	mq_imap_close(s);
	return rc;
}

/*
 * The games whose mails wait in the spool past their mark, opened (which
 * catches a game up: mq_daemon_game) before the spool is sent. serve reads
 * every game's mark only as it starts, and then opens a game only for a
 * reply or a deadline: an admin or submit that stopped partway through its
 * mails (a full disk) kept those it had queued waiting, and the rest
 * unqueued, for as long as serve ran, for good when no deadline was to
 * come (a paused game resumed). A stopped game (its log does not verify)
 * is the clock's and the replies' to report.
 */
static void
catch_up_held(struct mq_daemon *d)
{
	struct mq_game *g;
	struct mq_err e;
	char **ids;
	size_t n, i;
	int rc;

	if (mq_spool_held_games(d->conf.datadir, &ids, &n, &e) != 0)
		mq_daemon_log("spool: %s", e.msg);
	for (i = 0; i < n; i++)
		if ((rc = mq_daemon_game(d, ids[i], &g, &e)) != 0 &&
		    rc != MQ_BADDATA)
			mq_daemon_log_game(d, ids[i], e.msg);
	mq_daemon_release(d);
	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
}

/* 1 when id is in the sorted list v of n ids. */
static int
listed(char *const *v, size_t n, const char *id)
{
	size_t lo = 0, hi = n, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strcmp(v[mid], id)) == 0)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/*
 * A game over whose log is as its end left it (its ended mark, game_end.c)
 * and whose mails are all queued and sent (its mark of mailed entries at
 * the end, none of its mails in the spool): nothing at serve's start needs
 * its log, read again when it is next needed (a late reply, a resend,
 * verify), which is when a damage done to it since is told.
 */
static int
finished(const struct mq_daemon *d, const char *id, char *const *spooled,
    size_t nspooled)
{
	struct mq_game g0;
	uint64_t end;
	int present;

	snprintf(g0.dir, sizeof(g0.dir), "%s/games/%s", d->conf.datadir, id);
	return !listed(spooled, nspooled, id) &&
	    mq_game_ended_read(g0.dir, &end) &&
	    mq_mailmark_read(&g0, &present) == end && present;
}

void
mq_serve_check_games(struct mq_daemon *d)
{
	struct mq_game *g;
	struct mq_err e;
	char **ids, **spooled = NULL;
	size_t n, i, nspooled = 0, stopped = 0, failed = 0, over = 0, read;
	int rc;

	if (mq_store_games(&d->store, &ids, &n, &e) != 0) {
		mq_daemon_log("games: %s", e.msg);
		return;
	}
	if (mq_spool_games(d->conf.datadir, &spooled, &nspooled, &e) != 0) {
		/* read as if every game had mail waiting */
		mq_daemon_log("spool: %s; every game's log is read", e.msg);
		for (i = 0; i < nspooled; i++)
			free(spooled[i]);
		free(spooled);
		spooled = ids;
		nspooled = n;
	}
	for (i = 0; i < n; i++) {
		if (finished(d, ids[i], spooled, nspooled)) {
			over++;
			continue;
		}
		/* a repaired game's marker goes as it opens (daemon.c) */
		if ((rc = mq_daemon_game(d, ids[i], &g, &e)) == 0) {
			/* over before the ended mark was written (an older
			 * masqued): the next start passes it by */
			if (mq_game_over(g) && g->writable)
				mq_game_ended_write(g);
			/* stalled on the host by an older masqued: due at
			 * the host's next reminder */
			if (mq_deadline_wake_waiting(d, g, &e) != 0)
				mq_daemon_log("game %s: %s", ids[i], e.msg);
			continue;
		}
		mq_daemon_log_game(d, ids[i], e.msg);
		if (rc == MQ_BADDATA) {
			mq_notify_host_stopped(d, ids[i], e.msg);
			stopped++;
		} else
			failed++;	/* the disk's: said above, tried again */
	}
	mq_daemon_release(d);
	read = n - over;
	if (stopped > 0)
		mq_daemon_log("%zu of %zu game(s) stopped: their logs or game "
		    "data do not verify%s", stopped, read, d->conf.admin[0] ?
		    " (the host is told by mail)" : "");
	if (failed > 0)
		mq_daemon_log("%zu of %zu game(s) could not be read now (the "
		    "lines above say why); each is read again when it is next "
		    "needed", failed, read);
	if (stopped == 0 && failed == 0 && over == 0)
		mq_daemon_log("%zu game(s) read: every log verifies", read);
	else if (stopped == 0 && failed == 0)
		mq_daemon_log("%zu game(s) read, in progress or not known to be "
		    "over: every log verifies; %zu finished game(s) not read at "
		    "start (each is read when "
		    "next needed; masqued verify GAME reads one now)", read, over);
	else if (over > 0)
		mq_daemon_log("%zu finished game(s) not read at start (each is "
		    "read when next needed; masqued verify GAME reads one now)",
		    over);
	if (spooled != ids) {
		for (i = 0; i < nspooled; i++)
			free(spooled[i]);
		free(spooled);
	}
	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
}

int
mq_serve_pass(struct mq_daemon *d, struct mq_pass_stats *st, struct mq_err *err)
{
	struct mq_spool_stats ss;
	int rc = 0;

	memset(st, 0, sizeof(*st));
	mq_daemon_forget_senders(d);	/* games may have come since */
	d->nstalled = 0;
	d->stall_all = 0;
	d->inbox_unread = 0;
	d->inbox_said = 0;
	if (d->conf.inbound == MQ_IN_MAILDIR)
		rc = pass_maildir(d, st, err);
	else if (d->conf.inbound == MQ_IN_IMAP)
		rc = pass_imap(d, st, err);
	if (d->conf.inbound != MQ_IN_IMAP)	/* a record from IMAP days */
		mq_outage_clear(d->conf.datadir, MQ_OUTAGE_IMAP);
	if (rc) {
		if (!d->inbox_said)
			mq_daemon_log("inbound: %s", err->msg);
		d->inbox_unread = 1;
		st->parts_failed |= MQ_PASS_INBOX;
	} else if (d->conf.inbound == MQ_IN_MAILDIR)
		mq_stuck_games(d);
	if (mq_serve_clock(d, st, err) != 0) {
		mq_daemon_log("deadlines: %s", err->msg);
		st->parts_failed |= MQ_PASS_CLOCK;
	}
	mq_daemon_release(d);
	catch_up_held(d);
	mq_reserve_check(d);	/* a notice of a full disk goes in this pass */
	if (mq_spool_flush(&d->conf, d->host_i18n, d->now, &ss, err) == 0) {
		st->sent += ss.sent;
		st->waiting += ss.waiting + ss.failed;
		st->dead += ss.dead;
		st->unsent += ss.failed;
		st->unreadable += ss.unreadable;
	} else {
		mq_daemon_log("spool: %s", err->msg);
		st->parts_failed |= MQ_PASS_SPOOL;
	}
	/* said once a pass (and once over serve's first scan and pass) */
	d->nsaid = 0;
	return rc;
}

void
mq_serve_left_said(const struct mq_pass_stats *st, char *out, size_t n)
{
	struct mq_buf b = MQ_BUF_INIT;
	const char *sep = "";

	out[0] = '\0';
	if (st->failed == 0 && st->unsent == 0 && st->unreadable == 0 &&
	    st->parts_failed == 0)
		return;
	mq_buf_puts(&b, "This pass left work for the next: ");
	if (st->parts_failed & MQ_PASS_INBOX) {
		mq_buf_puts(&b, "the inbox could not be read");
		sep = "; ";
	}
	if (st->failed > 0) {
		mq_buf_printf(&b, "%s%d message(s) could not be processed and "
		    "stay in the inbox", sep, st->failed);
		sep = "; ";
	}
	if (st->parts_failed & MQ_PASS_CLOCK) {
		mq_buf_printf(&b, "%sthe deadlines could not all be checked", sep);
		sep = "; ";
	}
	if (st->parts_failed & MQ_PASS_SPOOL) {
		mq_buf_printf(&b, "%sthe spool could not be sent", sep);
		sep = "; ";
	}
	if (st->unsent > 0) {
		mq_buf_printf(&b, "%s%d mail(s) could not be sent", sep,
		    st->unsent);
		sep = "; ";
	}
	if (st->unreadable > 0)
		mq_buf_printf(&b, "%s%d mail(s) in the spool could not be read",
		    sep, st->unreadable);
	mq_buf_puts(&b, " (the lines above say why); the next pass tries "
	    "again.");
	snprintf(out, n, "%s", mq_buf_str(&b));
	mq_buf_free(&b);
}
