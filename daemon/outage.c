/* outage.c - the record of an SMTP or IMAP outage; see outage.h. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "daemon/daemon.h"
#include "daemon/outage.h"
#include "fileio.h"

/* per side: its record's file, its log lines' prefix, its name */
static const struct {
	const char *file, *log, *name;
} sides[] = {
	[MQ_OUTAGE_SMTP] = { "smtp-down", "spool", "SMTP" },
	[MQ_OUTAGE_IMAP] = { "imap-down", "inbound", "IMAP" },
};

static void
outage_path(char *path, size_t n, const char *datadir,
    enum mq_outage_side side)
{
	snprintf(path, n, "%s/cursor/%s", datadir, sides[side].file);
}

/* The record, read strictly: "SINCE\nWHY\n". 1 with it, 0 when there is
 * none or it cannot be read (logged), -1 when it is damaged (the caller
 * says what follows: only the host's notice is affected, never a mail). */
static int
outage_read(const char *path, enum mq_outage_side side, long long *since,
    char *why, size_t n)
{
	char buf[1200];
	unsigned long long t;
	const char *p = buf, *nl;
	struct mq_err e;
	size_t len;
	int present;
	time_t tt;
	struct tm tm;

	if (mq_file_read_small(path, buf, sizeof(buf), &len, &present, &e)) {
		mq_daemon_log("%s: %s", sides[side].log, e.msg);
		return 0;
	}
	if (!present)
		return 0;
	if (strlen(buf) != len || mq_scan_digits(&p, LLONG_MAX, &t) != 0 ||
	    *p++ != '\n' || (nl = strchr(p, '\n')) == NULL || nl[1] != '\0')
		return -1;
	/* a start no calendar holds is damaged too: the log and the host's
	 * notice say it as a date (gmtime) */
	tt = (time_t)t;
	if ((unsigned long long)tt != t || gmtime_r(&tt, &tm) == NULL)
		return -1;
	*since = (long long)t;
	if (why != NULL)
		snprintf(why, n, "%.*s", (int)(nl - p), p);
	return 1;
}

void
mq_outage_note(const char *datadir, enum mq_outage_side side, long long now,
    const char *why, long long *since)
{
	char path[1400], line[1004], had[1100], rec[1200];
	struct mq_err e;

	/* one line of why: the answer is the transport's own sentence */
	snprintf(line, sizeof(line), "%.1000s", why);
	for (char *p = line; *p != '\0'; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	outage_path(path, sizeof(path), datadir, side);
	switch (outage_read(path, side, since, had, sizeof(had))) {
	case 1:
		/* the start stays; the answer is the latest (a server out of
		 * reach that now refuses the login: the host's to mend) */
		if (strcmp(had, line) == 0)
			return;
		break;
	case -1:
		mq_daemon_log("%s: %s is damaged; the %s outage it recorded is "
		    "counted from now", sides[side].log, path, sides[side].name);
		/* FALLTHROUGH */
	default:
		*since = now;
		break;
	}
	snprintf(rec, sizeof(rec), "%lld\n%s\n", *since, line);
	if (mq_file_replace(path, rec, strlen(rec), 0644, &e) != 0)
		mq_daemon_log("%s: %s", sides[side].log, e.msg);
}

int
mq_outage_read(const char *datadir, enum mq_outage_side side,
    long long *since, char *why, size_t n)
{
	char path[1400];

	outage_path(path, sizeof(path), datadir, side);
	switch (outage_read(path, side, since, why, n)) {
	case 1:
		return 1;
	case -1:
		/* removed, or it would be found damaged at every pass until
		 * the next outage replaced it */
		mq_daemon_log("%s: %s is damaged; the %s outage it recorded, "
		    "of unknown start, is over", sides[side].log, path,
		    sides[side].name);
		mq_outage_clear(datadir, side);
		break;
	}
	return 0;
}

int
mq_outage_peek(const char *datadir, enum mq_outage_side side,
    long long *since, char *why, size_t n)
{
	char path[1400];

	outage_path(path, sizeof(path), datadir, side);
	return outage_read(path, side, since, why, n);
}

void
mq_outage_clear(const char *datadir, enum mq_outage_side side)
{
	char why[MQ_STRERROR_HINT_MAX];
	char path[1400];
	struct mq_err e;

	outage_path(path, sizeof(path), datadir, side);
	if (unlink(path) == -1) {
		if (errno != ENOENT)
			mq_daemon_log("%s: cannot remove %s: %s",
			    sides[side].log, path,
			    mq_strerror_hint(errno, path, why, sizeof(why)));
		return;
	}
	/* gone for good before the next pass: a record back after a power
	 * cut would tell the host of this outage's end a second time */
	snprintf(path, sizeof(path), "%s/cursor", datadir);
	if (mq_dir_sync(path, MQ_SYNC_NOW, &e) != 0)
		mq_daemon_log("%s: %s", sides[side].log, e.msg);
}
