/* stuck.c - a message that fails pass after pass; see stuck.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "daemon/host_text.h"
#include "daemon/notify.h"
#include "daemon/stuck.h"
#include "fileio.h"

/*
 * The mailbox is read in UID order and a message that cannot be fetched or
 * processed is never skipped (it may be a move), so one that fails every
 * time holds up every game. DATA/cursor/imap.stuck counts the passes in a
 * row that stopped at the same message ("UIDVALIDITY UID PASSES\n"); at
 * MQ_STUCK_PASSES the host is told, once.
 */

/* Read DATA/cursor/imap.stuck into path and *v, *u, *n: 0 when it holds
 * one sound line, 1 when there is none, -1 when it is damaged or cannot be
 * read. */
static int
imap_stuck_read(struct mq_daemon *d, char *path, size_t size,
    unsigned long long *v, unsigned long long *u, unsigned long long *n)
{
	char buf[96];
	const char *p = buf;
	struct mq_err e;
	size_t len;
	int present;

	snprintf(path, size, "%s/cursor/imap.stuck", d->conf.datadir);
	if (mq_file_read_small(path, buf, sizeof(buf), &len, &present, &e) != 0)
		return -1;
	if (!present)
		return 1;
	if (strlen(buf) != len ||
	    mq_scan_digits(&p, UINT32_MAX, v) != 0 || *p++ != ' ' ||
	    mq_scan_digits(&p, UINT32_MAX, u) != 0 || *p++ != ' ' ||
	    mq_scan_digits(&p, 1000000, n) != 0 || strcmp(p, "\n") != 0)
		return -1;
	return 0;
}

void
mq_stuck_imap(struct mq_daemon *d, const char *mailbox, uint32_t validity,
    uint32_t uid, const char *why)
{
	char path[1400], buf[96], key[64], text[4096];
	unsigned long long v = 0, u = 0, n = 0;
	struct mq_err e;
	int k;

	if (imap_stuck_read(d, path, sizeof(path), &v, &u, &n) != 0 ||
	    v != validity || u != uid)
		n = 0;		/* another message, or none yet: count afresh */
	n++;
	k = snprintf(buf, sizeof(buf), "%" PRIu32 " %" PRIu32 " %llu\n", validity,
	    uid, n);
	if (mq_file_replace(path, buf, (size_t)k, 0644, &e) != 0)
		mq_daemon_log("imap: %s", e.msg);
	if (n < MQ_STUCK_PASSES)
		return;
	snprintf(key, sizeof(key), "imap-stuck-%" PRIu32 "-%" PRIu32, validity, uid);
	snprintf(text, sizeof(text), HOST_IMAP_STUCK_TEXT, (unsigned)uid, mailbox,
	    n, why, (unsigned)validity, (unsigned)uid, d->conf.datadir);
	if (mq_notify_host(d, key, HOST_IMAP_STUCK_SUBJECT, text, &e) != 0)
		mq_daemon_log("imap: cannot tell the host: %s", e.msg);
}

void
mq_stuck_imap_past(struct mq_daemon *d)
{
	char why[MQ_STRERROR_HINT_MAX];
	char path[1400], key[64];
	unsigned long long v = 0, u = 0, n = 0;
	int rc;

	if ((rc = imap_stuck_read(d, path, sizeof(path), &v, &u, &n)) == 1)
		return;		/* the usual pass */
	/* the host was told of a message the cursor is past now: its key
	 * never comes again, so its marker goes (they would pile up) */
	if (rc == 0 && n >= MQ_STUCK_PASSES) {
		snprintf(key, sizeof(key), "imap-stuck-%llu-%llu", v, u);
		mq_notify_host_forget(d, key);
	}
	if (unlink(path) != 0 && errno != ENOENT)
		mq_daemon_log("imap: cannot remove %s: %s", path,
		    mq_strerror_hint(errno, path, why, sizeof(why)));
}

/*
 * A Maildir pass goes on past a message it cannot process, but that
 * message's game waits: its later messages, mail and deadlines (daemon.h's
 * stalled games). DATA/cursor/maildir.stuck holds a line "GAME PASSES
 * SINCE\n" for each game stalled by the last pass: the passes in a row, and
 * the time of the first (which sets one stoppage apart from a later one of
 * the same game, so each is told once). Read strictly; damaged, it counts
 * afresh, and the log says so.
 */
struct stuck_game {
	char id[MQ_GAME_ID_LEN + 1];
	unsigned long long passes;
	unsigned long long since;
};

static int
stuck_games_read(const char *path, struct stuck_game *v, int max, int *n)
{
	char buf[MQ_DAEMON_STALLED_MAX * 64];
	const char *p = buf;
	struct mq_err e;
	size_t len;
	int present;

	*n = 0;
	if (mq_file_read_small(path, buf, sizeof(buf), &len, &present, &e) != 0) {
		mq_daemon_log("inbound: %s; counting stalled games afresh", e.msg);
		return -1;
	}
	if (!present)
		return 0;
	if (strlen(buf) != len)
		goto damaged;
	while (*p != '\0') {
		if (*n == max || strspn(p, "abcdefghijklmnopqrstuvwxyz234567") !=
		    MQ_GAME_ID_LEN || p[MQ_GAME_ID_LEN] != ' ')
			goto damaged;
		memcpy(v[*n].id, p, MQ_GAME_ID_LEN);
		v[*n].id[MQ_GAME_ID_LEN] = '\0';
		p += MQ_GAME_ID_LEN + 1;
		if (mq_scan_digits(&p, 1000000000, &v[*n].passes) != 0 ||
		    *p++ != ' ' || mq_scan_digits(&p, INT64_MAX, &v[*n].since) != 0 ||
		    *p++ != '\n')
			goto damaged;
		(*n)++;
	}
	return 0;
damaged:
	mq_daemon_log("inbound: %s is damaged (lines \"GAME PASSES SINCE\" "
	    "expected); counting stalled games afresh", path);
	*n = 0;
	return -1;
}

static void
stuck_game_key(const struct stuck_game *s, char *key, size_t n)
{
	snprintf(key, n, "stuck-%.8s-%llu", s->id, s->since);
}

static void
stuck_game_tell(struct mq_daemon *d, const struct stuck_game *s)
{
	struct mq_buf subject = MQ_BUF_INIT, text = MQ_BUF_INIT;
	char key[64];
	struct mq_err e;
	int rc;

	stuck_game_key(s, key, sizeof(key));
	if (mq_notify_host_told(d, key))
		return;
	/* whole, however long the inbox's path */
	mq_buf_printf(&subject, HOST_GAME_STUCK_SUBJECT, s->id);
	mq_buf_printf(&text, HOST_GAME_STUCK_TEXT, s->id, s->passes,
	    d->conf.maildir_inbox, s->id);
	if (subject.oom || text.oom)
		rc = mq_fail(&e, MQ_IO, "Out of memory.");
	else
		rc = mq_notify_host(d, key, mq_buf_str(&subject),
		    mq_buf_str(&text), &e);
	mq_buf_free(&subject);
	mq_buf_free(&text);
	if (rc != 0)
		mq_daemon_log("inbound: cannot tell the host that game %s is "
		    "stuck: %s", s->id, e.msg);
	else
		mq_daemon_log("inbound: game %s is stuck (%llu passes); the host "
		    "is told", s->id, s->passes);
}

void
mq_stuck_games(struct mq_daemon *d)
{
	char why[MQ_STRERROR_HINT_MAX];
	struct stuck_game old[MQ_DAEMON_STALLED_MAX], now[MQ_DAEMON_STALLED_MAX];
	char path[1400], buf[MQ_DAEMON_STALLED_MAX * 64], key[64];
	struct mq_err e;
	size_t len = 0;
	int nold, i, j, k;

	snprintf(path, sizeof(path), "%s/cursor/maildir.stuck", d->conf.datadir);
	if (d->nstalled == 0 && access(path, F_OK) != 0)
		return;		/* the usual pass */
	stuck_games_read(path, old, MQ_DAEMON_STALLED_MAX, &nold);
	/* a stoppage the host was told of and that is over: its key never
	 * comes again (a later one has its own time), so its marker goes,
	 * else one a stoppage would pile up for as long as serve runs */
	for (j = 0; j < nold; j++)
		if (old[j].passes >= MQ_STUCK_PASSES &&
		    !mq_daemon_stalled(d, old[j].id)) {
			stuck_game_key(&old[j], key, sizeof(key));
			mq_notify_host_forget(d, key);
		}
	if (d->nstalled == 0 && d->stall_all)
		return;		/* which games is not known (a worker died): kept */
	if (d->nstalled == 0) {
		/* any game stalled before is past it */
		if (unlink(path) == -1 && errno != ENOENT)
			mq_daemon_log("inbound: cannot remove %s: %s", path,
			    mq_strerror_hint(errno, path, why, sizeof(why)));
		return;
	}
	for (i = 0; i < d->nstalled; i++) {
		snprintf(now[i].id, sizeof(now[i].id), "%s", d->stalled[i]);
		now[i].passes = 1;
		now[i].since = d->now < 0 ? 0 : (unsigned long long)d->now;
		for (j = 0; j < nold; j++)
			if (strcmp(old[j].id, now[i].id) == 0) {
				now[i].passes = old[j].passes + 1;
				now[i].since = old[j].since;
			}
		k = snprintf(buf + len, sizeof(buf) - len, "%s %llu %llu\n",
		    now[i].id, now[i].passes, now[i].since);
		len += (size_t)k;
	}
	if (mq_file_replace(path, buf, len, 0644, &e) != 0)
		mq_daemon_log("inbound: %s", e.msg);
	for (i = 0; i < d->nstalled; i++)
		if (now[i].passes >= MQ_STUCK_PASSES)
			stuck_game_tell(d, &now[i]);
}

/*
 * The done folder: a message that cannot be moved there stays in the
 * mailbox behind the cursor (never read again: nothing is lost), but a
 * folder that cannot be made or written leaves every message there, and
 * the mailbox fills. DATA/cursor/imap.undone counts the moves that failed
 * in a row ("N\n"); at MQ_UNDONE_TELL the host is told, once until a move
 * goes through again (one failure may be a dropped connection).
 */
static void
undone_path(const struct mq_daemon *d, char *path, size_t size)
{
	snprintf(path, size, "%s/cursor/imap.undone", d->conf.datadir);
}

void
mq_stuck_imap_undone(struct mq_daemon *d, const char *folder,
    const char *mailbox, const char *why)
{
	char path[1400], buf[32], text[4096];
	const char *p = buf;
	unsigned long long n = 0;
	struct mq_err e;
	size_t len;
	int present, k;

	undone_path(d, path, sizeof(path));
	if (mq_file_read_small(path, buf, sizeof(buf), &len, &present, &e) != 0 ||
	    (present && (strlen(buf) != len || mq_scan_digits(&p, 1000000000,
	    &n) != 0 || strcmp(p, "\n") != 0)))
		n = 0;		/* damaged: count afresh */
	n++;
	k = snprintf(buf, sizeof(buf), "%llu\n", n);
	if (mq_file_replace(path, buf, (size_t)k, 0644, &e) != 0)
		mq_daemon_log("imap: %s", e.msg);
	if (n < MQ_UNDONE_TELL)
		return;
	snprintf(text, sizeof(text), HOST_UNDONE_TEXT, n, folder, why, mailbox,
	    mailbox, folder);
	if (mq_notify_host(d, "imap-undone", HOST_UNDONE_SUBJECT, text, &e) != 0)
		mq_daemon_log("imap: cannot tell the host: %s", e.msg);
}

void
mq_stuck_imap_moved(struct mq_daemon *d)
{
	char why[MQ_STRERROR_HINT_MAX];
	char path[1400];

	undone_path(d, path, sizeof(path));
	if (unlink(path) != 0) {
		if (errno != ENOENT)
			mq_daemon_log("imap: cannot remove %s: %s", path,
			    mq_strerror_hint(errno, path, why, sizeof(why)));
		return;		/* the usual move */
	}
	mq_notify_host_forget(d, "imap-undone");
}
