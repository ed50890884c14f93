/*
 * inbound_rebuild.c - the answers a crash lost: a message whose entry the
 * log holds but whose mails were never spooled has them rebuilt, as they
 * were to be, from the game as it stood before the entry; when the
 * message is read again (inbound.c), or from its archived copy when the
 * catching up finds the entry (mailmark.c). See inbound.h
 * (mq_inbound_rebuild_archived) and inbound_int.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "daemon/deadline.h"
#include "daemon/inbound_int.h"
#include "daemon/mailmark.h"

/*
 * The message's entry (seq) is logged but its answers were never spooled.
 * Rebuild them as they were to be: the game as it stood before the entry
 * (a second, read-only copy), the same lines submitted again, which re-reads
 * the logged entries instead of appending them (store.h), at the entry's
 * time; then the same mails, under the same spool names.
 */
static int
rebuild(struct mq_daemon *d, const struct analysis *a, uint64_t seq,
    uint64_t *upto, struct mq_err *err)
{
	struct mq_submit_result res;
	struct mq_late_lines late = { { NULL } };
	struct mq_waited waited;
	struct mq_game *g;
	struct mq_err e;
	const json_t *body;
	char id[300];
	long long now = d->now;
	int rc;

	MQ_TRY(mq_game_open(&d->store, a->game->id, 0, seq - 1, &g, err));
	if (g->peek == NULL) {
		mq_game_close(g);
		return mq_fail(err, MQ_BADDATA, "entry %llu is not in the log.",
		    (unsigned long long)seq);
	}
	body = g->peek->body;
	snprintf(id, sizeof(id), "%s", json_string_value(json_object_get(
	    json_object_get(body, "msg"), "id")) ? json_string_value(
	    json_object_get(json_object_get(body, "msg"), "id")) : "");
	d->now = json_integer_value(json_object_get(body, "ts"));
	/* a debt the host was told of (policy wait), as it stood then */
	mq_deadline_host_waits_on(d, g, a->seat, &waited);
	mq_game_journal_start(g);
	/* the lines the first submit refused as late, refused alike */
	rc = mq_inbound_late_reply(d, g, a, &late, err);
	if (rc == 0)
		rc = mq_game_submit_refusing(g, a->seat,
		    (const char *const *)a->lines, a->nlines,
		    (const char *const *)late.why, 0, a->hash, id, d->now,
		    &res, err);
	if (rc == 0) {
		/* past the rate limit then: no notices now either */
		d->hush_notices = mq_inbound_hushed_was(g, a->hash);
		rc = mq_inbound_answer(d, g, a, &late, &res, err);
		d->hush_notices = 0;
		mq_submit_result_free(&res);
	}
	mq_inbound_late_lines_free(&late);
	/* the host's "goes on" mail, as play() sends it (inbound.c), before
	 * the mark: once, by its told- marker, whether the crash came before
	 * it was spooled or after */
	if (rc == 0 && g->seq >= seq && mq_deadline_tell_host_moved(d, g,
	    a->seat, &waited, seq, &e) != 0)
		mq_daemon_log("game %s: %s", g->id, e.msg);
	if (rc == 0) {
		mq_mailmark_done(g);
		*upto = g->seq;	/* past its entry and the reveal it set off */
	}
	mq_game_journal_stop(g);
	mq_game_close(g);
	d->now = now;
	return rc;
}

/* DATADIR/archive/<hash>.eml whole into *raw (NUL-terminated, to free),
 * or *raw NULL when it is not there (pruned, or a data folder from before
 * the archive). */
int
mq_inbound_read_archived(const struct mq_daemon *d, const char *hash,
    char **raw, size_t *len, struct mq_err *err)
{
	char path[1400];
	struct stat st;
	ssize_t got;
	size_t have = 0;
	int fd;

	*raw = NULL;
	*len = 0;
	snprintf(path, sizeof(path), "%s/archive/%s.eml", d->conf.datadir, hash);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return errno == ENOENT ? 0 : mq_fail_errno(err, MQ_IO,
		    "Cannot read %s", path);
	if (fstat(fd, &st) != 0 || st.st_size < 0) {
		close(fd);
		return mq_fail_errno(err, MQ_IO, "Cannot read %s", path);
	}
	if ((*raw = malloc((size_t)st.st_size + 1)) == NULL) {
		close(fd);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	while (have < (size_t)st.st_size && ((got = read(fd, *raw + have,
	    (size_t)st.st_size - have)) > 0 || (got < 0 && errno == EINTR)))
		have += got > 0 ? (size_t)got : 0;
	close(fd);
	if (have != (size_t)st.st_size) {
		free(*raw);
		*raw = NULL;
		return mq_fail(err, MQ_IO, "Cannot read %s whole.", path);
	}
	(*raw)[have] = '\0';
	*len = have;
	return 0;
}

int
mq_inbound_rebuild_archived(struct mq_daemon *d, const char *game,
    uint64_t seq, const json_t *body, uint64_t *upto, char *why, size_t n,
    struct mq_err *err)
{
	const char *hash = json_string_value(json_object_get(json_object_get(
	    body, "msg"), "hash"));
	struct analysis a;
	struct mq_err e;
	size_t len;
	char *raw;
	int rc;

	*upto = 0;
	why[0] = '\0';
	/* the log is signed, but a hash is a file's name here: hex alone */
	if (hash == NULL || strlen(hash) != 64 ||
	    strspn(hash, "0123456789abcdef") != 64) {
		snprintf(why, n, "its entry names no message hash");
		return 0;
	}
	MQ_TRY(mq_inbound_read_archived(d, hash, &raw, &len, err));
	if (raw == NULL) {
		snprintf(why, n, "its message is not in the archive (%s.eml)", hash);
		return 0;
	}
	/* read-only: no mq_daemon_game, so no catching up within this one */
	rc = mq_inbound_analyse(d, raw, len, &a, 0, err);
	if (rc == 0 && (!a.auth_ok || a.game == NULL))
		snprintf(why, n, "its archived message is not taken now: %s",
		    a.deferred ? "another worker's" : a.auth);
	else if (rc == 0 && (strcmp(a.game->id, game) != 0 ||
	    strcmp(a.hash, hash) != 0 ||
	    mq_game_message_seq(a.game, a.hash) != seq))
		snprintf(why, n, "its archived message (%s.eml) is not that "
		    "entry's", hash);
	else if (rc == 0 && (rc = rebuild(d, &a, seq, upto, &e)) != 0) {
		*upto = 0;
		if (rc == MQ_IO)
			*err = e;	/* perhaps passing: the next open tries again */
		else {
			snprintf(why, n, "its answers cannot be rebuilt from its "
			    "archived message: %s", e.msg);
			rc = 0;
		}
	}
	mq_inbound_analysis_free(&a);
	free(raw);
	return rc;
}

/*
 * A message whose entry the log holds already: acknowledged, or, when a
 * crash came before its answers were spooled, its answers rebuilt (with
 * those of any timeout or admin entry after it). *done when it was one.
 */
int
mq_inbound_applied_before(struct mq_daemon *d, const struct analysis *a,
    const char *tid, enum mq_inbound_outcome *outcome, int *done,
    struct mq_err *err)
{
	uint64_t seq, upto;
	struct mq_err e;
	int rc;

	if (!(*done = mq_game_has_message(a->game, a->hash)))
		return 0;
	seq = mq_game_message_seq(a->game, a->hash);
	*outcome = MQ_IN_DUPLICATE;
	if (seq <= mq_mailmark_read(a->game, NULL)) {
		mq_daemon_log("%s: already applied (game %s); acknowledged", tid,
		    a->game->id);
		return 0;
	}
	/* the clock file before the mark, as every writer does: the game's
	 * open wrote it already, as its catching up stopped at this entry;
	 * written here too so that this path never relies on that */
	mq_deadline_keep_reminded(d, a->game);
	if ((rc = mq_deadline_schedule(d, a->game, err)) != 0)
		return rc;
	if ((rc = rebuild(d, a, seq, &upto, &e)) != 0) {
		/* the move stands; only its answers are lost: say so */
		mq_daemon_log("%s: already applied (game %s, entry %llu), but its "
		    "answers cannot be rebuilt: %s", tid, a->game->id,
		    (unsigned long long)seq, e.msg);
		if (rc != MQ_IO)
			return 0;
		*err = e;	/* perhaps passing: try again */
		return rc;
	}
	mq_daemon_log("%s: already applied (game %s, entry %llu); rebuilt the "
	    "answers a crash lost", tid, a->game->id, (unsigned long long)seq);
	rc = mq_mailmark_catchup(d, a->game, err);
	mq_deadline_keep_reminded(d, a->game);
	if (rc == 0)
		rc = mq_deadline_schedule(d, a->game, err);
	return rc;
}
