/*
 * history.c - a game or a game's export opened, as far as its log is
 * sound, for log, state and replay; see history.h.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "daemon/export_file.h"
#include "daemon/history.h"
#include "daemon/keys.h"

/* A file, not a game id: a game id never holds a slash. */
static int
names_file(const char *arg)
{
	struct stat st;

	return strchr(arg, '/') != NULL || (stat(arg, &st) == 0 &&
	    S_ISREG(st.st_mode));
}

/* "entry 1: ..." of an export's log, which names no game, in a sentence
 * that names the file. */
static int
export_fails(const struct mq_history *h, struct mq_err *err)
{
	char why[sizeof(err->msg)];
	size_t n;

	if (err == NULL)
		return MQ_BADDATA;
	snprintf(why, sizeof(why), "%s", err->msg);
	if ((n = strlen(why)) > 0 && why[n - 1] == '.')
		why[n - 1] = '\0';
	return mq_fail(err, MQ_BADDATA, "The export %s does not verify (%s).",
	    h->arg, why);
}

/* A file that is no export and fails as a log at its first entry: a log
 * all of whose entries are unsound (damaged at the first, or signed under
 * another key) if its first line has an entry's shape, and said so as a
 * damage further on is; otherwise not a log at all, said so with what
 * entry 1 lacks. */
static int
logfile_fails(const struct mq_history *h, int rc, struct mq_err *err)
{
	char why[sizeof(err->msg)];
	size_t n;

	if (rc != MQ_BADDATA || strncmp(err->msg, "entry 1:", 8) != 0)
		return rc;
	snprintf(why, sizeof(why), "%s", err->msg);
	if ((n = strlen(why)) > 0 && why[n - 1] == '.')
		why[n - 1] = '\0';
	if (mq_logfile_shaped(h->arg))
		return mq_fail(err, MQ_BADDATA, "The log %s does not verify "
		    "(%s); nothing from entry 1 on is shown.", h->arg, why);
	return mq_fail(err, MQ_REFUSED, "The file %s is neither a game's "
	    "export (masqued export GAME writes one) nor a game's log (%s); a "
	    "game of the data folder is named by its id.", h->arg, why);
}

static int
open_game(struct mq_history *h, uint64_t at_seq, struct mq_err *err)
{
	char path[1400];
	int rc;

	h->g = NULL;
	if (h->have_store)
		return mq_game_open_sound(&h->s, h->arg, at_seq, &h->dmg, &h->g,
		    err);
	if (h->xdir[0] == '\0')	/* a log file, its game data beside it */
		return logfile_fails(h, mq_game_open_file_sound(h->arg, h->pk,
		    at_seq, &h->dmg, &h->g, err), err);
	snprintf(path, sizeof(path), "%s/log", h->xdir);
	rc = mq_game_open_file_sound(path, h->pk, at_seq, &h->dmg, &h->g, err);
	if (rc != 0)
		mq_export_reword(h->xdir, err);
	if (rc == MQ_BADDATA)
		rc = export_fails(h, err);
	return rc;
}

int
mq_history_open(const struct mq_cli *cli, const char *arg, uint64_t at_seq,
    struct mq_history *h, struct mq_err *err)
{
	int rc;

	memset(h, 0, sizeof(*h));
	h->arg = arg;
	if (!names_file(arg)) {
		MQ_TRY(mq_store_open(cli->datadir, 0, &h->s, err));
		h->have_store = 1;
	} else if (access(arg, R_OK) != 0)
		return mq_fail_errno(err, MQ_IO, "Cannot read %s", arg);
	else if ((rc = mq_export_unpack(arg, h->xdir, sizeof(h->xdir), h->pk,
	    err)) == 1) {
		/* no export: a game's log file (a backup's, as verify LOGFILE
		 * takes), under the data folder's key */
		h->xdir[0] = '\0';
		if (mq_keys_load_pub(cli->datadir, h->pk, err) != 0)
			return mq_fail(err, MQ_REFUSED, "%s is no game's export "
			    "(masqued export GAME writes one); a game's log file is "
			    "read with a data folder (-C DATADIR), under its key; a "
			    "game of the data folder is named by its id.", arg);
	} else if (rc != 0)
		return rc;
	/* an entry that verifies but does not replay is found only when the
	 * replay reaches it: the whole log first, for where it stops being
	 * sound, then again as far as asked */
	if ((rc = open_game(h, 0, err)) == 0) {
		h->last = h->g->seq;
		if (at_seq > 0)
			rc = mq_history_reopen(h, at_seq, err);
	}
	if (rc != 0)
		mq_history_close(h);
	return rc;
}

int
mq_history_reopen(struct mq_history *h, uint64_t at_seq, struct mq_err *err)
{
	mq_game_close(h->g);
	return open_game(h, at_seq, err);
}

int
mq_history_damage(const struct mq_history *h, uint64_t upto,
    struct mq_err *err)
{
	const struct mq_damage *d = &h->dmg;
	char what[1300], tail[400] = "";
	struct mq_err cut;

	/* sound, but cut short of what was mailed (store.h): the game is
	 * stopped, and what is shown is not all the players were shown */
	if (d->seq == 0 && h->have_store && h->g != NULL &&
	    mq_game_check_mark(h->g, &cut) != 0) {
		if (upto == 0 || upto > h->last)
			return mq_fail(err, cut.code, "%s", cut.msg);
		cut.msg[0] = (char)tolower((unsigned char)cut.msg[0]);
		/* cut.msg has its own "but" */
		fprintf(stderr, "masqued: What is shown rests on entries 1 to "
		    "%llu, which are sound; yet %s\n", (unsigned long long)upto,
		    cut.msg);
		return 0;
	}
	if (d->seq == 0)
		return 0;
	if (h->have_store) {
		snprintf(what, sizeof(what), "log of game %s", h->arg);
		snprintf(tail, sizeof(tail), "the game stops until you put it "
		    "back from a backup (masqued verify %s)", h->arg);
	} else if (h->xdir[0] == '\0')
		snprintf(what, sizeof(what), "log %s", h->arg);
	else
		snprintf(what, sizeof(what), "export %s", h->arg);
	if (upto == 0 || upto >= d->seq)
		return mq_fail(err, MQ_BADDATA, "The %s does not verify (%s); "
		    "nothing from entry %llu on is shown%s%s.", what, d->why,
		    (unsigned long long)d->seq, tail[0] ? ", and " : "", tail);
	fprintf(stderr, "masqued: What is shown rests on entries 1 to %llu, "
	    "which are sound; but the %s does not verify further on (%s)%s%s.\n",
	    (unsigned long long)upto, what, d->why, tail[0] ? "; " : "", tail);
	return 0;
}

void
mq_history_close(struct mq_history *h)
{
	mq_game_close(h->g);
	h->g = NULL;
	if (h->have_store)
		mq_store_close(&h->s);
	h->have_store = 0;
	mq_export_clean(h->xdir);
	h->xdir[0] = '\0';
}
