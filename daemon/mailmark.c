/* mailmark.c - the mark of mailed entries, and the catching up; see mailmark.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/durable.h"
#include "common/fileio.h"
#include "daemon/host_text.h"
#include "daemon/deadline.h"
#include "daemon/heldmark.h"
#include "daemon/inbound.h"
#include "daemon/mailmark.h"
#include "daemon/notify.h"
#include "daemon/receipt.h"

#define MARK_FMT "%020llu\n"	/* always 21 bytes: see mq_mailmark_write */

static void write_mark(const char *id, const char *path, uint64_t seq);
static mq_heldmark_writer write_text;

uint64_t
mq_mailmark_read(const struct mq_game *g, int *present)
{
	return mq_mailmark_read_at(g->dir, present);
}

/* A mark's text buf (len bytes): 1 and *seq when it is one, else -1. */
static int
parse_mark(const char *buf, size_t len, uint64_t *seq)
{
	const char *p = buf;
	unsigned long long v;

	*seq = 0;
	/* MARK_FMT's 20 digits and a newline, or the "%llu\n" of a masqued
	 * before it (at most 9 digits: no game has a billion entries):
	 * anything else is no mark (nothing is rebuilt, rather than
	 * everything), a clock's number (a file put in its place) included */
	if (strlen(buf) != len || mq_scan_digits(&p, UINT64_MAX, &v) != 0 ||
	    strcmp(p, "\n") != 0 || (len != 21 && len > 10))
		return -1;
	*seq = v;
	return 1;
}

/* The mark at path, the one held in a batch not yet flushed (heldmark.h)
 * or else its file's: 1 and *seq when it holds a mark, 0 when there is
 * none, -1 when it is there but holds no mark (damaged, or unreadable). */
static int
read_mark_file(const char *path, uint64_t *seq)
{
	char buf[64];
	const char *held = mq_heldmark_get(path);
	struct mq_err e;
	size_t len;
	int there;

	*seq = 0;
	if (held != NULL)
		return parse_mark(held, strlen(held), seq);
	if (mq_file_read_small(path, buf, sizeof(buf), &len, &there, &e) != 0)
		return -1;
	if (!there)
		return 0;
	return parse_mark(buf, len, seq);
}

uint64_t
mq_mailmark_read_at(const char *gamedir, int *present)
{
	char path[1400];
	uint64_t seq;

	if (present != NULL)
		*present = 0;
	snprintf(path, sizeof(path), "%s/mailed", gamedir);
	if (read_mark_file(path, &seq) != 1)
		return 0;
	if (present != NULL)
		*present = 1;
	return seq;
}

int
mq_mailmark_damaged(const char *gamedir)
{
	char path[1400];
	uint64_t seq;

	snprintf(path, sizeof(path), "%s/mailed", gamedir);
	return read_mark_file(path, &seq) < 0;
}

int
mq_mailmark_missing(const char *gamedir)
{
	char path[1400];
	uint64_t seq;

	snprintf(path, sizeof(path), "%s/mailed", gamedir);
	return read_mark_file(path, &seq) == 0;
}

int
mq_mailmark_create(const char *dir, struct mq_err *err)
{
	char path[1400], buf[32];
	int n;

	snprintf(path, sizeof(path), "%s/mailed", dir);
	n = snprintf(buf, sizeof(buf), MARK_FMT, 0ULL);
	return mq_file_replace(path, buf, (size_t)n, 0644, err);
}

/*
 * Overwritten in place, always 21 bytes: a new file per message (write a
 * copy, rename it over) cost an inode allocated and one freed for every
 * reply, the dearest thing a file system does. The 21 bytes lie in the
 * file's first block, which the disk writes whole: a crash leaves the old
 * mark or the new one (and a lost mark only means mails rebuilt). It needs
 * no fsync of its own for the same reason. A damaged one longer than a
 * mark is replaced whole instead (rare): cut after the write, a crash
 * between the two could leave its first 21 bytes as they were, which read
 * as another mark if they are digits; and its tail left after a write in
 * place would never read as a mark again.
 */
void
mq_mailmark_write(const struct mq_game *g)
{
	char path[1400], buf[32];

	snprintf(path, sizeof(path), "%s/mailed", g->dir);
	snprintf(buf, sizeof(buf), MARK_FMT, (unsigned long long)g->seq);
	if (mq_heldmark_set(g->id, path, buf, write_text) < 0)
		/* left behind: its mails are rebuilt, never lost */
		mq_daemon_log("game %s: out of memory: its mark of mailed "
		    "entries is left behind", g->id);
}

static void
write_mark(const char *id, const char *path, uint64_t seq)
{
	char buf[32];

	snprintf(buf, sizeof(buf), MARK_FMT, (unsigned long long)seq);
	write_text(id, path, buf);
}

/* The mark's text buf (MARK_FMT's), at path. */
static void
write_text(const char *id, const char *path, const char *buf)
{
	char why[MQ_STRERROR_HINT_MAX];
	size_t n = strlen(buf);
	struct stat sb;
	struct mq_err e;
	int fd;

	if (stat(path, &sb) == 0 && sb.st_size > (off_t)n) {
		if (mq_file_replace(path, buf, n, 0644, &e) != 0)
			mq_daemon_log("game %s: %s", id ? id : path, e.msg);
		return;
	}
	if ((fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) < 0)
		mq_daemon_log("game %s: cannot write %s: %s", id ? id : path, path,
		    mq_strerror_hint(errno, path, why, sizeof(why)));
	else if (mq_write_all(fd, buf, n, 0, path, &e) != 0)
		mq_daemon_log("game %s: %s", id ? id : path, e.msg);
	if (fd >= 0)
		close(fd);
}

enum group { GROUP_NONE, GROUP_TIMEOUT, GROUP_ADMIN, GROUP_SUBMIT };

/* A player's own SET LANG or SET NOTICES, logged as an admin entry: its
 * message's (or its submit's) answer carries it, not an admin notice. */
static int
is_setting(const json_t *body)
{
	const char *action = json_string_value(json_object_get(body, "action"));

	return action != NULL && (strcmp(action, "lang") == 0 ||
	    strcmp(action, "notices") == 0);
}

/* A SET entry the host's submit logged (a reply's has no "by"). */
static int
by_host(const json_t *body)
{
	const char *by = json_string_value(json_object_get(body, "by"));

	return by != NULL && strcmp(by, MQ_LOG_BY_ADMIN) == 0;
}

/* What kind of mail the entry e begins: the deadline's defaults (timeouts,
 * with the reveals they set off) go as one update, as mq_deadline_run sends
 * them; an admin action (not a player's SET line) alone; a player's
 * commands with no message (a `submit`: a reply's entry holds its
 * message's hash) as submit mails them; anything else is a player's
 * message. */
static enum group
group_of(const struct mq_log_entry *e)
{
	const char *type = json_string_value(json_object_get(e->body, "type"));
	const char *action = json_string_value(json_object_get(e->body, "action"));

	if (type == NULL)
		return GROUP_NONE;
	if (strcmp(type, "timeout") == 0)
		return GROUP_TIMEOUT;
	if (strcmp(type, "admin") == 0 && action != NULL && !is_setting(e->body))
		return GROUP_ADMIN;
	if (strcmp(type, "command") == 0 && json_object_get(e->body, "msg") == NULL)
		return GROUP_SUBMIT;
	return GROUP_NONE;
}

/* masqued's pause of a game nobody plays (deadline.c pause_all_absent) */
static int
paused_by_server(const json_t *body)
{
	const char *action = json_string_value(json_object_get(body, "action"));
	const char *by = json_string_value(json_object_get(body, "by"));

	return action != NULL && strcmp(action, "pause") == 0 && by != NULL &&
	    strcmp(by, MQ_LOG_BY_SERVER) == 0;
}

/* A reply's entry: a player's commands with the message that sent them. */
static int
is_reply(const struct mq_log_entry *e)
{
	const char *type = json_string_value(json_object_get(e->body, "type"));

	return type != NULL && strcmp(type, "command") == 0 &&
	    json_is_object(json_object_get(e->body, "msg"));
}

static int
continues_timeouts(const struct mq_log_entry *e)
{
	const char *type = json_string_value(json_object_get(e->body, "type"));

	return type != NULL && (strcmp(type, "timeout") == 0 ||
	    strcmp(type, "reveal") == 0);
}

static int
step(struct mq_game *c, struct mq_err *err)
{
	int r = mq_game_step(c, err);

	return r < 0 ? -r : 0;
}

/* Every entry is mailed, the game is over, its end is not logged: a crash
 * came between its last mails and its end entry (game_end.c). */
static int
end_late(struct mq_game *g)
{
	if (g->end_seq != 0 || !g->writable || !mq_game_over(g))
		return 0;
	mq_daemon_log("game %s: it is over but its end entry is not logged "
	    "(a crash came between, or the game ended before masqued logged "
	    "ends); logged now", g->id);
	mq_mailmark_done(g);
	return 0;
}

/*
 * `new` logged the genesis but stopped before the welcome mails were
 * spooled (killed, or the disk was full): spool them now, as of the
 * genesis's time, and set the game's first deadline.
 */
static int
welcome_late(struct mq_daemon *d, struct mq_game *g, struct mq_err *err)
{
	struct mq_game *c;
	long long now = d->now;
	int rc;

	MQ_TRY(mq_game_open(&d->store, g->id, 0, 1, &c, err));
	d->now = c->last_ts;
	rc = mq_notify_welcome(d, c, err);
	d->now = now;
	if (rc == 0) {
		mq_mailmark_write(c);
		mq_daemon_log("game %s: its welcome mails were not queued yet "
		    "(`new` stopped, or is still at work: it will not queue them "
		    "again); they are now", g->id);
	}
	mq_game_close(c);
	if (rc == 0)
		rc = mq_deadline_schedule(d, g, err);
	return rc;
}

/*
 * A `submit` whose mails could not be queued (cmd_submit.c): its command
 * entry (body) is c's next; submitted again on c, read-only, it re-reads
 * the logged entries, its reveal too, rather than appending them (store.h),
 * and gives what the first submit gave; then submit's SET lines, logged
 * just after at the same time for the same player, "by" the host, listed
 * in the receipt as submit lists them, and the mails submit queues, at the
 * entry's time. A reply's SET entries have no "by": one that came in the
 * same second, its answer not queued either (the spool failing still, so
 * the catching up failed before it was logged), is its message's to
 * answer; claimed here, the submit's mails were built past it (its
 * language, its entry's seq in their names) and its receipt listed a SET
 * line the host never entered. The catching up steps over it. The lines
 * are the commands as logged: a STATUS or HELP beside them, which logs
 * nothing, is not in the log and not in the rebuilt receipt.
 */
static int
submit_late(struct mq_daemon *d, struct mq_game *c, const json_t *body,
    struct mq_err *err)
{
	struct mq_submit_result res;
	const struct mq_log_entry *e;
	const char *player = json_string_value(json_object_get(body, "player"));
	json_t *cmds = json_object_get(body, "commands"), *cmd;
	json_int_t ts = json_integer_value(json_object_get(body, "ts"));
	struct mq_settings set;
	const char **lines;
	size_t n = json_array_size(cmds), i;
	int rc, seat = mq_game_seat(c, player != NULL ? player : "");

	if (seat < 0 || n == 0)
		return mq_fail(err, MQ_BADDATA, "entry %llu: a player's commands "
		    "without a player or a command.", (unsigned long long)c->seq + 1);
	if ((lines = calloc(n, sizeof(*lines))) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	json_array_foreach(cmds, i, cmd)
		lines[i] = json_string_value(json_object_get(cmd, "text")) ?
		    json_string_value(json_object_get(cmd, "text")) : "";
	rc = mq_game_submit(c, seat, lines, n, 1, NULL, NULL, (long long)ts, &res,
	    err);
	free(lines);
	if (rc != 0)
		return rc;
	mq_settings_none(&set);
	while ((rc = mq_game_peek(c, &e, err)) == 0 && e != NULL &&
	    e->type == MQ_LOG_ADMIN && is_setting(e->body) &&
	    by_host(e->body) &&
	    json_equal(json_object_get(e->body, "player"), json_object_get(body,
	    "player")) && json_equal(json_object_get(e->body, "ts"),
	    json_object_get(body, "ts"))) {
		/* for the receipt to list, as submit listed them */
		const json_t *lang = json_object_get(e->body, "lang"),
		    *notices = json_object_get(e->body, "notices");

		if (json_is_string(lang))
			snprintf(set.lang, sizeof(set.lang), "%s",
			    json_string_value(lang));
		if (json_is_boolean(notices))
			set.notices = json_is_true(notices);
		if ((rc = step(c, err)) != 0)
			break;
	}
	if (rc == 0)
		rc = mq_receipt_list_settings(&res, &set, err);
	mq_receipt_no_lines(&res);	/* as submit mailed it */
	if (rc == 0)
		rc = mq_notify_answer(d, c, seat, &res, &set, NULL, NULL,
		    err);
	mq_submit_result_free(&res);
	return rc;
}

/*
 * A reply's entry (body) is c's next, its answers never queued (a full
 * disk, a kill). Its message was to bring it back, read again; should it
 * never come (an MTA that gave up, a message the host skipped), the game's
 * later mail would wait in the spool for good. So it is rebuilt from the
 * archived message (inbound_rebuild.c), and c moved past the reply's
 * entries, its reveal too (its SET entries, before it, are stepped over
 * already); read again later, the message is then "already applied".
 * *stop when it cannot be: left to its message, as before there was an
 * archive to read.
 */
/* The host is told, once, of a reply whose answers cannot be rebuilt
 * (reply_late): the daemon's log says it each pass, which nobody may read. */
static void
tell_host_unanswered(struct mq_daemon *d, const struct mq_game *c,
    const json_t *body, uint64_t seq, const char *why)
{
	const char *player = json_string_value(json_object_get(body, "player"));
	char key[64], subject[160], text[2400];
	struct mq_err e;

	snprintf(key, sizeof(key), "unanswered-%s-%llu", c->id,
	    (unsigned long long)seq);
	if (mq_notify_host_told(d, key))
		return;
	snprintf(subject, sizeof(subject), HOST_UNANSWERED_SUBJECT, c->id,
	    player ? player : "?");
	snprintf(text, sizeof(text), HOST_UNANSWERED_TEXT, c->id,
	    (unsigned long long)seq, player ? player : "?", why,
	    player ? player : "?", c->id);
	if (mq_notify_host(d, key, subject, text, &e) != 0)
		mq_daemon_log("game %s: cannot tell the host: %s", c->id, e.msg);
}

static int
reply_late(struct mq_daemon *d, struct mq_game *c, const json_t *body,
    int *stop, struct mq_err *err)
{
	char why[1000];
	uint64_t first = c->seq + 1, upto;
	int r;

	*stop = 0;
	MQ_TRY(mq_inbound_rebuild_archived(d, c->id, first, body, &upto, why,
	    sizeof(why), err));
	if (upto == 0) {
		mq_daemon_log("game %s: entry %llu, a reply's, was logged but its "
		    "answers were not queued, and %s: they wait for its message to "
		    "be read again, and the game's later mail with them", c->id,
		    (unsigned long long)first, why);
		tell_host_unanswered(d, c, body, first, why);
		*stop = 1;
		return 0;
	}
	while (c->seq < upto)
		if ((r = mq_game_step(c, err)) <= 0)
			return r < 0 ? -r : mq_fail(err, MQ_BADDATA, "entry %llu "
			    "is not in the log.", (unsigned long long)c->seq + 1);
	mq_daemon_log("game %s: entries %llu-%llu, a reply's, were logged but "
	    "its answers not queued; rebuilt the answers from its archived "
	    "message", c->id, (unsigned long long)first, (unsigned long long)upto);
	return 0;
}

/*
 * A deadline's default and the reveal of the phase it resolved are two
 * appends (mq_deadline_default): a kill between them left the default the
 * log's last entry and its phase's secrets hidden, its mails rebuilt
 * without them and the next entry opening them, late. The reveal is logged
 * now, at the default's time, as it was to be (none when nothing resolved).
 * Only while the default's mails wait (mark, before it): they are queued,
 * and the mark moved, after its reveal. A mailed default left last with
 * secrets hidden is an older masqued's, which logged the reveal with the
 * next move: logged here, it would never be mailed (its salts lost) and
 * the mark would stay behind it; the next move still reveals them.
 */
static int
reveal_late(struct mq_game *g, uint64_t mark, struct mq_err *err)
{
	if (!g->writable || g->last_type != MQ_LOG_TIMEOUT || mark >= g->seq)
		return 0;
	return mq_game_append_reveal(g, g->last_ts, err);
}

/*
 * A deadline pass plays every default due, then mails them as one update
 * (mq_deadline_run): a kill between two defaults left the first logged,
 * unmailed, and the others not played. Caught up as they were, the logged
 * ones went alone (asking the next seat for a move whose deadline had
 * gone), then the pass at the restart played the others and mailed them
 * as a second update that no longer said who had missed the deadline
 * first. When the entries past the mark end with a deadline's default
 * (a reveal after it aside; not the host's `admin default`), the defaults
 * still due at its time are logged first, at that time, so that the
 * catching up mails them all as the pass was to.
 */
static int
pass_late(struct mq_daemon *d, struct mq_game *g, uint64_t mark,
    struct mq_err *err)
{
	struct mq_logfile *lf;
	const struct mq_log_entry *e;
	long long at = -1;
	int rc;

	if (!g->writable || mark >= g->seq || (g->last_type != MQ_LOG_TIMEOUT &&
	    g->last_type != MQ_LOG_REVEAL))
		return 0;
	MQ_TRY(mq_logfile_open_read(g->logpath, d->store.keys.pk, &lf, err));
	while ((rc = mq_logfile_next(lf, &e, err)) == 0 && e != NULL)
		if (e->seq > mark && e->type != MQ_LOG_REVEAL)
			at = e->type == MQ_LOG_TIMEOUT && json_object_get(e->body,
			    "by") == NULL ? (long long)json_integer_value(
			    json_object_get(e->body, "ts")) : -1;
	mq_logfile_close(lf);
	return rc != 0 || at < 0 ? rc : mq_deadline_finish(d, g, at, err);
}

/*
 * The clock file from g (the log's last entry), the debts whose deadline an
 * admin entry moved (the bits of moved) reminded anew. Written before the
 * mark moves past an entry, as every writer does: a kill between the mark
 * and the clock file left the old one, which no catching up rewrote (the
 * mark is past the entry); a resume caught up so left the game "paused"
 * there, its deadlines never due.
 */
static int
clock_caught(struct mq_daemon *d, struct mq_game *g, unsigned moved,
    struct mq_err *err)
{
	int a;

	mq_deadline_keep_reminded(d, g);
	for (a = 0; a < g->nplayers; a++)
		if (moved & (1u << a))
			g->players[a].reminded = 0;
	return mq_deadline_schedule(d, g, err);
}

static int
catchup(struct mq_daemon *d, struct mq_game *g, struct mq_err *err)
{
	const struct mq_log_entry *e;
	struct mq_player_info before;
	struct mq_game *c;
	enum group kind;
	uint64_t mark, first, c_seq;
	long long now = d->now;
	json_t *body;
	int rc = 0, present, seat, caught = 0, stop, a;
	long long dl[MQ_MAX_PLAYERS];
	const char *action;
	unsigned moved = 0;	/* seats whose deadline an admin entry moved */

	mark = mq_mailmark_read(g, &present);
	MQ_TRY(reveal_late(g, mark, err));
	if (present && mark == 0 && g->seq >= 1) {
		MQ_TRY(welcome_late(d, g, err));
		mark = 1;
	}
	if (mark == 0)
		return 0;
	if (mark >= g->seq)
		return end_late(g);
	MQ_TRY(pass_late(d, g, mark, err));
	MQ_TRY(clock_caught(d, g, 0, err));
	/* a second, read-only copy of the game as it stood at the mark */
	MQ_TRY(mq_game_open(&d->store, g->id, 0, mark, &c, err));
	while (rc == 0 && c->seq < g->seq) {
		if ((rc = mq_game_peek(c, &e, err)) != 0 || e == NULL)
			break;
		if ((kind = group_of(e)) == GROUP_NONE && ((e->type ==
		    MQ_LOG_ADMIN && is_setting(e->body)) || e->type ==
		    MQ_LOG_END)) {
			/* a SET line's entry here is a submit's whose answer
			 * (the help mail) was lost, or a reply's whose
			 * message brings it back: stepped over either way,
			 * so that it never holds back the entries after it;
			 * an end entry has no mail of its own */
			if ((rc = step(c, err)) == 0)
				mq_mailmark_done(c);
			continue;
		}
		if (kind == GROUP_NONE && !is_reply(e))
			break;
		if (kind == GROUP_NONE) {
			body = json_incref(e->body);
			rc = reply_late(d, c, body, &stop, err);
			json_decref(body);
			if (rc != 0 || stop)
				break;
			caught = 1;	/* its debts are new to the clock file */
			continue;
		}
		first = e->seq;
		body = json_incref(e->body);
		/* the seat as it was: a replace tells its old address */
		seat = mq_game_seat(c, json_string_value(json_object_get(body,
		    "player")) ? json_string_value(json_object_get(body,
		    "player")) : "");
		if (seat >= 0)
			before = c->players[seat];
		for (a = 0; a < c->nplayers; a++)
			dl[a] = mq_game_deadline(&d->conf, c, a);
		mq_game_journal_start(c);
		if (kind == GROUP_SUBMIT) {
			/* the time submit ran, which its mails carried */
			d->now = json_integer_value(json_object_get(body, "ts"));
			rc = submit_late(d, c, body, err);
			d->now = now;
		} else
			rc = step(c, err);
		while (rc == 0 && kind == GROUP_TIMEOUT) {
			if ((rc = mq_game_peek(c, &e, err)) != 0 || e == NULL ||
			    !continues_timeouts(e))
				break;
			rc = step(c, err);
		}
		if (rc == 0 && kind != GROUP_SUBMIT) {
			d->now = c->last_ts;	/* the time they were first sent */
			rc = kind == GROUP_ADMIN ? mq_notify_admin(d, c, body,
			    seat >= 0 ? &before : NULL, err) :
			    mq_notify_update(d, c, NULL, NULL, err);
			/* masqued's own pause tells the host too */
			if (rc == 0 && kind == GROUP_ADMIN && paused_by_server(body))
				rc = mq_deadline_tell_host_absent(d, c, c->seq, err);
			d->now = now;
		}
		mq_game_journal_stop(c);
		/* A timeout's or an admin's debts are new to the clock file too:
		 * logged, then killed before admin or the deadline wrote it, a
		 * resume left the game paused there, its deadlines never due.
		 * As admin_log: a debt whose deadline moved (extend, resume),
		 * and a replace's seat, is reminded anew. */
		caught = 1;
		action = json_string_value(json_object_get(body, "action"));
		for (a = 0; kind == GROUP_ADMIN && rc == 0 && a < c->nplayers; a++)
			if (mq_game_deadline(&d->conf, c, a) != dl[a] ||
			    (a == seat && action != NULL &&
			    strcmp(action, "replace") == 0))
				moved |= 1u << a;
		json_decref(body);
		/* the clock file before the mark (clock_caught) */
		if (rc == 0 && moved)
			rc = clock_caught(d, g, moved, err);
		if (rc == 0) {
			mq_mailmark_done(c);
			mq_daemon_log("game %s: entries %llu-%llu were logged but not "
			    "mailed (a submit --no-mail, a crash, or a spool that "
			    "failed?); their mails are rebuilt", g->id, (unsigned long long)first,
			    (unsigned long long)c->seq);
		}
	}
	c_seq = c->seq;
	mq_game_close(c);
	/* the debts of the entries caught up are new to the clock file (each
	 * writer rewrites it only once its mails are queued) */
	if (rc == 0 && caught)
		rc = clock_caught(d, g, moved, err);
	if (rc == 0 && c_seq >= g->seq)
		rc = end_late(g);
	return rc;
}

/*
 * A catching up that failed (a full disk) is tried again by the next pass:
 * the clock file it wrote before the mails (clock_caught) is the log's, at
 * the next deadline, while the deadline pass that logged the entries had
 * left it due; so serve opened the game again only at that deadline (for
 * ever in a game paused or over), or for a reply.
 */
int
mq_mailmark_catchup(struct mq_daemon *d, struct mq_game *g, struct mq_err *err)
{
	struct mq_err e;
	int rc = catchup(d, g, err);

	if (rc != 0 && g->writable) {
		mq_deadline_keep_reminded(d, g);
		if (mq_deadline_due_now(d, g, &e) != 0)
			mq_daemon_log("game %s: %s", g->id, e.msg);
	}
	return rc;
}

/* The entries in a game's log: its complete lines (a torn tail is not one). */
static uint64_t
log_entries(const struct mq_daemon *d, const char *id)
{
	char path[1400], buf[65536];
	uint64_t n = 0;
	ssize_t got;
	int fd;

	snprintf(path, sizeof(path), "%s/games/%s/log", d->conf.datadir, id);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	while ((got = read(fd, buf, sizeof(buf))) > 0)
		for (const char *p = buf; (p = memchr(p, '\n', (size_t)(got -
		    (p - buf)))) != NULL; p++)
			n++;
	close(fd);
	return n;
}

int
mq_mailmark_scan(struct mq_daemon *d, struct mq_err *err)
{
	struct mq_game g0, *g;
	struct mq_err e;
	char **ids;
	size_t n, i;
	uint64_t mark, end;
	int present;

	MQ_TRY(mq_store_games(&d->store, &ids, &n, err));
	for (i = 0; i < n; i++) {
		snprintf(g0.dir, sizeof(g0.dir), "%s/games/%s", d->conf.datadir, ids[i]);
		mark = mq_mailmark_read(&g0, &present);
		if (!present && mq_mailmark_damaged(g0.dir))
			/* read as none: nothing is rebuilt, and the game's next
			 * entry writes a good one; but the host should know */
			mq_daemon_log("game %s: its mark of mailed entries %s/mailed "
			    "is damaged and is read as none: mails a crash kept "
			    "back are not rebuilt, and masqued verify cannot tell "
			    "whether entries were cut from the end of its log. The "
			    "game's next entry writes a good mark.", ids[i], g0.dir);
		else if (!present && mq_mailmark_missing(g0.dir) &&
		    mq_game_ended_seq(g0.dir, &end) &&
		    log_entries(d, ids[i]) < end)
			/* a game over, its log cut after its end: no new mark
			 * at the cut, which would pass the cut off as a crash's
			 * (store.c ended_cut_write); opening it says the cut */
			continue;
		else if (!present && mq_mailmark_missing(g0.dir)) {
			char path[1400];

			/* said once: a new mark at the log's end, from which
			 * a cut is told again (a game over writes no entry
			 * that would make one, and was said so at every start) */
			mq_daemon_log("game %s: its mark of mailed entries %s/mailed "
			    "was missing: whether entries were cut from the end of "
			    "its log cannot be told (if a backup was put back, "
			    "check it is as new as the players' mails). A new mark "
			    "is written at the log's end.", ids[i], g0.dir);
			snprintf(path, sizeof(path), "%s/mailed", g0.dir);
			write_mark(ids[i], path, log_entries(d, ids[i]));
			continue;
		}
		/* a game over, its log as its last entry left it, is not read:
		 * its mails are all queued (game_end.c's ended mark) */
		if (!present || (mq_game_ended_read(g0.dir, &end) &&
		    end == mark) || log_entries(d, ids[i]) <= mark)
			continue;
		/* opening it catches up (mq_daemon_game) */
		if (mq_daemon_game(d, ids[i], &g, &e) != 0)
			mq_daemon_log_game(d, ids[i], e.msg);
	}
	mq_daemon_release(d);
	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	return 0;
}
