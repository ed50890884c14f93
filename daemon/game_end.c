/*
 * game_end.c - the end entry (DESIGN.md's log types: `end`, the result):
 * once a game is over, by its rules or ended by the host, one entry says
 * how it ended, so that the log alone tells it. It is logged after the
 * mails of the entry that ended the game are queued, and before the mark
 * passes that entry (mailmark.h): a crash between the two leaves the mark
 * behind, and the next open of the game (which catches it up) logs it
 * then, with the same time, so the log is the same as if nothing happened.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "daemon/heldmark.h"
#include "daemon/mailmark.h"
#include "daemon/store.h"
#include "fileio.h"

json_t *
mq_game_end_body(const struct mq_game *g, long long ts)
{
	json_t *alive, *body;
	unsigned mask = 0;
	int winner, i, bad = 0;

	winner = g->kind->result(g->state, &mask);
	if (g->ended)
		winner = -1;	/* the host ended it: nobody won */
	if ((alive = json_array()) == NULL)
		return NULL;
	for (i = 0; i < g->nplayers && !bad; i++)
		if (mask & (1u << i))
			bad = json_array_append_new(alive,
			    json_string(g->players[i].name));
	body = bad ? NULL : json_pack("{s:s, s:I, s:s, s:{s:s, s:o, s:O}}",
	    "game", g->id, "ts", (json_int_t)ts, "type", "end", "result",
	    "by", g->ended ? "host" : "rules", "winner", winner >= 0 &&
	    winner < g->nplayers ? json_string(g->players[winner].name) :
	    json_null(), "alive", alive);
	json_decref(alive);
	return body;
}

int
mq_game_log_end(struct mq_game *g, struct mq_err *err)
{
	json_t *body;
	int rc;

	if (!g->writable || g->end_seq != 0 || !mq_game_over(g))
		return 0;
	/* the time of the entry that ended it: a crash between the two
	 * must not change the log */
	if ((body = mq_game_end_body(g, g->last_ts)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	rc = mq_game_append(g, body, err);
	json_decref(body);
	if (rc == 0)
		mq_game_ended_write(g);
	return rc;
}

/*
 * The ended mark, DATADIR/games/ID/ended: "SEQ LOG_BYTES\n", the seq of
 * the game's last entry once it has ended (its end entry, or a player's
 * SET LANG logged after it) and the log's size just after that entry.
 * serve's start reads no log of a game marked so (serve.c): a game over
 * takes no entry but a SET LANG, which writes the mark again once its
 * mails are queued (mq_mailmark_done), so while its log has that size its
 * last entry is the mark's. (The end entry's seq alone left a game whose
 * player changed language after the end read at every start: its log no
 * longer had the mark's size, and the mark was never written again.) The
 * size is the mark's own check: a log cut or grown since is read as
 * before. Set while a batch is open (serve's inbox pass, durable.h), the
 * mark is held until the batch's flush has made the entry durable, and
 * read as set by this process until then (heldmark.h): written at once, it
 * could reach the disk before the entry, and a power cut that lost the
 * entry left a log shorter than its mark, which view, verify and the
 * others tell as entries removed (store.c mq_game_check_mark). A mark that
 * cannot be written only leaves the game read at every start.
 */
static void
write_ended(const char *id, const char *path, const char *text)
{
	struct mq_err e;

	if (mq_file_overwrite(path, text, strlen(text), 0644, &e) != 0)
		mq_daemon_log("game %s: %s; serve reads its log at each start",
		    id ? id : path, e.msg);
}

void
mq_game_ended_write(const struct mq_game *g)
{
	char path[1400], buf[MQ_HELDMARK_MAX];
	struct stat st;

	if (g->end_seq == 0 || g->seq < g->end_seq || !g->writable ||
	    stat(g->logpath, &st) != 0)
		return;
	snprintf(path, sizeof(path), "%s/ended", g->dir);
	snprintf(buf, sizeof(buf), "%llu %lld\n", (unsigned long long)g->seq,
	    (long long)st.st_size);
	if (mq_heldmark_set(g->id, path, buf, write_ended) < 0)
		mq_daemon_log("game %s: out of memory: its ended mark is not "
		    "written; serve reads its log at each start", g->id);
}

/* The mark's two numbers, 1 when it is there and sound; else 0. */
static int
ended_mark(const char *gamedir, uint64_t *seq, unsigned long long *size)
{
	char path[1400], buf[128];
	unsigned long long s;
	const char *p = buf, *held;
	struct mq_err e;
	size_t len;
	int present;

	snprintf(path, sizeof(path), "%s/ended", gamedir);
	if ((held = mq_heldmark_get(path)) != NULL) {
		/* set in a batch not yet flushed (mq_game_ended_write) */
		snprintf(buf, sizeof(buf), "%s", held);
		len = strlen(buf);
		present = 1;
	} else if (mq_file_read_small(path, buf, sizeof(buf), &len, &present,
	    &e) != 0)
		return 0;
	if (!present || strlen(buf) != len ||
	    mq_scan_digits(&p, UINT64_MAX, &s) != 0 || *p++ != ' ' ||
	    mq_scan_digits(&p, (unsigned long long)INT64_MAX, size) != 0 ||
	    *p++ != '\n' || p[strspn(p, " \n")] != '\0' || s == 0)
		return 0;
	*seq = s;
	return 1;
}

int
mq_game_ended_read(const char *gamedir, uint64_t *seq)
{
	char path[1400];
	unsigned long long size;
	struct stat st;
	uint64_t s;

	*seq = 0;
	if (!ended_mark(gamedir, &s, &size))
		return 0;
	snprintf(path, sizeof(path), "%s/log", gamedir);
	if (stat(path, &st) != 0 || (unsigned long long)st.st_size != size)
		return 0;
	*seq = s;
	return 1;
}

int
mq_game_ended_seq(const char *gamedir, uint64_t *seq)
{
	unsigned long long size;

	*seq = 0;
	return ended_mark(gamedir, seq, &size);
}

/*
 * The mark never reaches the last entry of a game over before its end entry
 * is logged: else nothing would open the game again to log it. A read-only
 * copy (a rebuild's) leaves the mark there for the game's own open, whose
 * catching up logs the end and then moves the mark.
 */
void
mq_mailmark_done(struct mq_game *g)
{
	struct mq_err e;

	mq_game_defaults_clear(g);	/* told in the mail just queued */
	if (g->end_seq == 0 && mq_game_over(g)) {
		if (!g->writable)
			return;
		if (mq_game_log_end(g, &e) != 0) {
			/* the mark stays behind: the next open logs the end */
			mq_daemon_log("game %s: cannot log its end: %s", g->id,
			    e.msg);
			return;
		}
	} else if (g->end_seq != 0 && g->writable)
		/* a SET LANG after the end: the mark follows the log */
		mq_game_ended_write(g);
	mq_mailmark_write(g);
}
