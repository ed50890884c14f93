/* inbound.c - one inbound message, from raw bytes to answers; see inbound.h
 * (what the message is, before it touches a game: inbound_analyse.c; the
 * answers a crash lost, rebuilt: inbound_rebuild.c; its dry run, `masqued
 * parse`: inbound_parse.c). */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sodium.h>

#include "daemon/host_text.h"
#include "daemon/deadline.h"
#include "daemon/inbound_int.h"
#include "daemon/inbound_replaced.h"
#include "daemon/clock.h"
#include "daemon/mailmark.h"
#include "fileio.h"
#include "daemon/notify.h"
#include "daemon/receipt.h"
#include "mail/address.h"
#include "mail/mime_out.h"
#include "mail/reply_text.h"
#include "mail/transport.h"

static int
archive(const char *datadir, const char *hash, const char *raw, size_t len,
    const char *file, struct mq_err *err)
{
	char path[1400], dir[1300];
	struct stat st;

	snprintf(path, sizeof(path), "%s/archive/%s.eml", datadir, hash);
	snprintf(dir, sizeof(dir), "%s/archive", datadir);
	/* The file the bytes came from, linked in: no copy, no new inode. A
	 * link that shows another size is not these bytes: undone, copied. */
	if (file != NULL && link(file, path) == 0) {
		if (stat(path, &st) == 0 && (size_t)st.st_size == len)
			return mq_dir_sync(dir, MQ_SYNC_BATCHED, err);
		unlink(path);
	} else if (file != NULL && errno == EEXIST)
		return 0;	/* content-addressed: the same bytes are there */
	else if (file == NULL && access(path, F_OK) == 0)
		return 0;
	MQ_TRY(mq_file_create_once(path, raw, len, 0600, err));
	return mq_dir_sync(dir, MQ_SYNC_BATCHED, err);
}

/*
 * DATADIR/archive/<hash>.answered: a message answered without a log entry
 * (help, a refusal, commands all refused). The log dedupes every message
 * that logged something; this dedupes the rest, so that a message read
 * again after a crash (its batch was never marked done, durable.h) is not
 * answered a second time from a later state of its game.
 */
static int
answered_path(const struct mq_daemon *d, const char *hash, char *path,
    size_t size)
{
	return snprintf(path, size, "%s/archive/%s.answered", d->conf.datadir,
	    hash) >= (int)size;
}

static int
was_answered(const struct mq_daemon *d, const char *hash)
{
	char path[1400];

	return !answered_path(d, hash, path, sizeof(path)) &&
	    access(path, F_OK) == 0;
}

static int
mark_answered(const struct mq_daemon *d, const char *hash, struct mq_err *err)
{
	char path[1400];

	if (answered_path(d, hash, path, sizeof(path)))
		return mq_fail(err, MQ_IO, "The data folder's path is too long.");
	return mq_file_create_once(path, "", 0, 0644, err);
}

/* One field of a copy's key, with its end (a NUL). */
static void
copy_field(crypto_generichash_state *st, const char *s)
{
	if (s == NULL)
		s = "";
	crypto_generichash_update(st, (const unsigned char *)s, strlen(s) + 1);
}

/*
 * DATADIR/archive/<key>.first: a symbolic link whose target is the hash
 * of the first message read of one mail (a name alone: no data to fsync
 * per message, its directory synced with the archive's), key a hash of
 * what its sender wrote: its Message-ID, Date, From, Subject and text,
 * and the reply address it is read for (its game and seat: a mail to two
 * games' reply addresses is two deliveries, each its game's), not the
 * other headers of its delivery (Received...). Two copies
 * of one mail (two MX, a relay that sent it again) are other bytes, so
 * other hashes, that the log's and the answered marks' dedupe missed: the
 * second got a receipt of its own ("received already"), and a player who
 * sent once had two. *twin: 1, a's message is a second copy of a mail
 * whose first copy is done (logged or answered), to be acknowledged
 * unanswered; 2, a copy of one whose first copy is not done (archived and
 * marked, then a crash before its entry or answer, and this copy read
 * before it), which mq_inbound_process answers first, from the archive.
 * A mail client's resend (a new Date, or a new Message-ID:
 * test_resent_same_id.sh) is its own mail and is answered. The marker is
 * no promise: lost, a copy is answered as before (said in the daemon's
 * log).
 */
static void
copy_of_done(const struct mq_daemon *d, const struct analysis *a, int *twin,
    char *first)
{
	const struct mq_mime_msg *m = a->msg;
	crypto_generichash_state st;
	unsigned char h[32];
	char key[65], date[24], seat[16], path[1400], dir[1300];
	struct mq_addr_tag t;
	struct mq_err e;
	ssize_t n;

	*twin = 0;
	/* no Message-ID: nothing to call it the same by; too large: its
	 * text unread (and nothing archived) */
	if (m == NULL || m->message_id == NULL || m->message_id[0] == '\0' ||
	    a->head_only)
		return;
	snprintf(date, sizeof(date), "%lld", m->date);
	crypto_generichash_init(&st, NULL, 0, sizeof(h));
	copy_field(&st, "masqued-copy-v2");
	/* the reply address it came by: a mail sent to two games' (or two
	 * seats') reply addresses is delivered once to each, every copy
	 * with the same Message-ID and text; each is its own game's mail */
	if (mq_addr_find(m->recipients, d->conf.reply_local, &t) == 0) {
		for (n = 0; t.game[n] != '\0'; n++)
			t.game[n] = (char)tolower((unsigned char)t.game[n]);
		snprintf(seat, sizeof(seat), "%d", t.seat);
		copy_field(&st, t.game);
		copy_field(&st, seat);
	} else {
		copy_field(&st, "");
		copy_field(&st, "");
	}
	copy_field(&st, m->message_id);
	copy_field(&st, date);
	copy_field(&st, m->from);
	copy_field(&st, m->subject);
	copy_field(&st, m->text);
	crypto_generichash_final(&st, h, sizeof(h));
	sodium_bin2hex(key, sizeof(key), h, sizeof(h));
	if (snprintf(path, sizeof(path), "%s/archive/%s.first", d->conf.datadir,
	    key) >= (int)sizeof(path))
		return;
	/* unreadable, or not written (a full disk): the mail is answered,
	 * and this the daemon's log says. Its name synced with the archive
	 * (in a batch, at its one flush): nothing the message does next
	 * reaches the disk before it */
	snprintf(dir, sizeof(dir), "%s/archive", d->conf.datadir);
	n = readlink(path, first, 65);
	if (n < 0 && errno == ENOENT) {
		/* the first copy: a symbolic link, its target the hash, so the
		 * marker is one name with no data of its own to fsync */
		if ((symlink(a->hash, path) != 0 && errno != EEXIST &&
		    mq_fail_errno(&e, MQ_IO, "cannot write %s", path)) ||
		    mq_dir_sync(dir, MQ_SYNC_BATCHED, &e) != 0)
			mq_daemon_log("a copy of this mail delivered again may "
			    "be answered again: %s", e.msg);
		return;
	}
	if (n < 0) {
		mq_fail_errno(&e, MQ_IO, "cannot read %s", path);
		mq_daemon_log("a copy of this mail delivered again may be "
		    "answered again: %s", e.msg);
		return;
	}
	first[n < 65 ? n : 64] = '\0';
	if (n != 64 || strspn(first, "0123456789abcdef") != 64 ||
	    strcmp(first, a->hash) == 0)
		return;	/* this very message (read again), or damaged */
	*twin = was_answered(d, first) ||
	    (a->game != NULL && mq_game_has_message(a->game, first)) ? 1 : 2;
}


/*
 * The entry of a command the seat's mail had accepted for the moment the
 * game is at now (its decision key) that line is, as the game reads it (a
 * copy sent again, or resent by a mail client under another Message-ID:
 * not the same bytes); 0 if none. state: the game as the message left it
 * (g's own, or the dry run's copy). self: the entry this message made,
 * whose commands are not a copy's. The receipt then says it was received
 * already instead of inviting a third copy.
 */
uint64_t
mq_inbound_sent_before(const struct mq_game *g, const void *state, int seat,
    const char *line, uint64_t self)
{
	const struct mq_game_kind *k = g->kind;
	const unsigned n = g->nsent[seat] < MQ_SENT_KEEP ? g->nsent[seat] :
	    MQ_SENT_KEEP;
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_decision now;
	struct mq_cmd cmd;
	struct mq_err e;
	uint8_t hash[16];
	uint64_t seq = 0;
	unsigned i;

	if (k->parse(state, seat, line, &cmd, &e) == 0 &&
	    k->format(state, &cmd, &text) == 0 && !text.oom) {
		k->decision(state, seat, &cmd, &now);
		mq_sent_hash(mq_buf_str(&text), hash);
		for (i = 0; i < n; i++) {
			const struct mq_sent *s = &g->sent[seat][i];

			if (s->seq != self && s->seq > seq &&
			    strcmp(s->key, now.key) == 0 &&
			    memcmp(s->text_hash, hash, sizeof(hash)) == 0)
				seq = s->seq;
		}
	}
	mq_buf_free(&text);
	return seq;
}

/*
 * Line i of res, refused by submit yet received already (a resend: the
 * choice it repeats is still open, so it was read again, and refused as
 * the game moved on: DANCER thief, bob's turn now), that submit read as
 * putting the refused line above it right (its tried_fix): it does so
 * now as it did in the first copy's answer; that line "replaced by" it,
 * nothing to send again, and it "in place of" that line. The lines are
 * numbered as submit numbers them still (mq_inbound_answer turns them
 * into the player's once, after).
 */
static void
put_right_again(const struct analysis *a, struct mq_submit_result *res,
    size_t i)
{
	const int t = res->cmds[i].tried_fix;
	size_t k;

	if (t < 1 || (size_t)t > a->nlines)
		return;
	for (k = 0; k < i; k++) {
		struct mq_cmd_result *c = &res->cmds[k];

		if (c->line == t && !c->accepted &&
		    !c->already && !c->note && !c->corrected_by) {
			c->corrected_by = res->cmds[i].line;
			res->cmds[i].corrects = t;
			return;
		}
	}
}

/* The answers to a message applied to g: the receipt and the others' mail. */
int
mq_inbound_answer(struct mq_daemon *d, struct mq_game *g,
    const struct analysis *a, const struct mq_late_lines *lines_late,
    struct mq_submit_result *res, struct mq_err *err)
{
	size_t i;
	int late = 0;

	for (i = 0; i < res->ncmds; i++) {	/* as submit numbers them */
		struct mq_cmd_result *c = &res->cmds[i];
		int setting = !c->accepted && c->line >= 1 &&
		    (size_t)c->line <= a->nlines &&
		    mq_inbound_is_setting(a->lines[c->line - 1]);
		/* refused by submit as too late for its moment: said so */
		const char *was = lines_late != NULL && !c->accepted &&
		    c->line >= 1 && (size_t)c->line <= a->nlines ?
		    lines_late->why[c->line - 1] : NULL;

		if (was != NULL && strcmp(c->error, was) == 0)
			continue;

		if (!res->cmds[i].accepted && res->cmds[i].line >= 1 &&
		    (size_t)res->cmds[i].line <= a->nlines &&
		    mq_inbound_is_setting(a->lines[res->cmds[i].line - 1])) {
			/* no game's word, but the player's SET: refused */
			mq_inbound_setting_refusal(a->lines[res->cmds[i].line - 1],
			    res->cmds[i].error, sizeof(res->cmds[i].error));
			res->cmds[i].note = 0;
		} else if (res->cmds[i].note && res->cmds[i].line >= 1 &&
		    (size_t)res->cmds[i].line <= a->nlines &&
		    mq_inbound_names_set(a->lines[res->cmds[i].line - 1]))
			res->cmds[i].note = 0;	/* "SET LANGUAGE ja": its why */
		else if (!res->cmds[i].accepted && !res->cmds[i].already &&
		    !res->cmds[i].note) {
			res->cmds[i].already = mq_inbound_sent_before(g, g->state, a->seat,
			    res->cmds[i].text, res->logged ? res->entry.seq : 0);
			if (res->cmds[i].already)
				put_right_again(a, res, i);
		}
		/* refused as the game moved on: a move the deadline's default
		 * answered first, sent in time maybe, says so (not a line
		 * after a refused one, which keeps its own sentence) */
		if (!setting && !c->accepted && !c->already && !c->note &&
		    !c->moot && strncmp(c->error, MQ_AFTER_REFUSED,
		    strlen(MQ_AFTER_REFUSED)) != 0) {
			MQ_TRY(mq_inbound_late(d, g, a->seat, c->text, &late,
			    c->error, sizeof(c->error), err));
		}
	}
	/* each line, and each line one names (replaced by, in place of,
	 * changed by, changes your move of), as the player numbers them:
	 * blank lines counted (a->lineno) */
	mq_inbound_seen_lines(a, res);
	if (a->unread > 0) {	/* last, as the player numbers the lines */
		struct mq_cmd_result *nv, *c;

		if ((nv = realloc(res->cmds, (res->ncmds + 1) * sizeof(*nv))) == NULL)
			return mq_fail(err, MQ_IO, "Out of memory.");
		res->cmds = nv;
		c = &res->cmds[res->ncmds];
		memset(c, 0, sizeof(*c));
		if ((c->text = strdup(a->unread_text ? a->unread_text : "")) == NULL)
			return mq_fail(err, MQ_IO, "Out of memory.");
		c->line = a->unread;
		mq_inbound_unread_refusal(c->error, sizeof(c->error));
		res->ncmds++;
	}
	MQ_TRY(mq_receipt_list_settings(res, &a->set, err));
	/* the answer of one that logs nothing (STATUS) is set apart by the
	 * message's hash: by no word, it took the name of the receipt of the
	 * seat's move at this seq, and replaced it; by its Message-ID, a mail
	 * client's resend of it (new bytes, the same Message-ID) had the first
	 * copy's answer's name and Message-ID, and the player's mail client
	 * kept the first alone; the same bytes read again still replace it */
	return mq_notify_answer(d, g, a->seat, res, &a->set,
	    a->msg->message_id != NULL && *a->msg->message_id ?
	    a->msg->message_id : NULL, a->hash, err);
}

/*
 * While the mailbox is read again from its start (its UIDVALIDITY changed,
 * or its cursor was lost), a message that may be older than masqued here,
 * or one answered before: not dated after the last pass that read it.
 * One dated after it is new, and answered as any other.
 */
static int
maybe_old(const struct mq_daemon *d, const struct analysis *a)
{
	return d->rereading && (a->msg == NULL || a->msg->date <= 0 ||
	    a->msg->date <= d->reread_before);
}

/* The language of what the sender wrote (not of what the mail quotes,
 * an Outlook original below it too) into *hint, or NULL; MQ_IO when
 * memory runs out (the whole text's might be the original's). */
static int
own_words_lang(const struct analysis *a, const char **hint,
    struct mq_err *err)
{
	char *own;

	*hint = NULL;
	if (a->msg == NULL || a->msg->text == NULL)
		return 0;
	MQ_TRY(mq_reply_extract(a->msg->text, strlen(a->msg->text), &own, err));
	*hint = mq_reply_lang_hint(own);
	free(own);
	return 0;
}

/*
 * The seats to as address holds in games in progress, for a bounce's
 * notice: the players' names and a command line each
 * (mq_seat_index_replace_cmds); "" when none holds it, or the seats cannot
 * be read.
 */
static void
bounce_seats(struct mq_daemon *d, const char *to, char *names, size_t nsize,
    char *cmds, size_t csize)
{
	struct mq_err e;

	names[0] = cmds[0] = '\0';
	if (mq_daemon_read_seats(d, &e) != 0) {
		mq_daemon_log("bounce for %s: cannot find its seats: %s", to,
		    e.msg);
		return;
	}
	mq_seat_index_replace_cmds(&d->seats, to, names, nsize, cmds, csize);
}

/* The seats to holds in games over (none in a game in progress): the
 * names, the games and their export lines (mq_seat_index_over_cmds), for
 * a notice with no replace line, which admin refuses for a game over. The
 * index was read by bounce_seats. */
static void
over_seats(struct mq_daemon *d, const char *to, char *names, size_t nsize,
    char *games, size_t gsize, char *cmds, size_t csize)
{
	mq_seat_index_over_cmds(&d->seats, to, names, nsize, games, gsize,
	    cmds, csize);
}

/* A bounce's subject as its notice quotes it: SUBJECT_SHOWN bytes at most,
 * cut at a character's start and marked "...", so that a long one (a
 * header may be kilobytes) leaves the lines after it whole. */
#define SUBJECT_SHOWN	200
static void
shown_subject(const char *s, char *out, size_t size)
{
	size_t n;

	if (s == NULL)
		s = "";
	n = strlen(s);
	if (n <= SUBJECT_SHOWN || size < SUBJECT_SHOWN + 4) {
		snprintf(out, size, "%s", s);
		return;
	}
	n = SUBJECT_SHOWN;
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;	/* not inside a UTF-8 character */
	snprintf(out, size, "%.*s...", (int)n, s);
}

/*
 * A bounce: the host is told, as a player's address may be failing; once a
 * day for each address that failed (a dead address bounces every mail the
 * game sends it), the others in the daemon's log only.
 */
static int
tell_host_bounce(struct mq_daemon *d, const struct analysis *a,
    const char *from, const char *tid, struct mq_err *err)
{
	const char *to = a->msg->bounce_to;
	struct mq_buf text = MQ_BUF_INIT;
	unsigned char h[8];
	char key[64], hx[17], subject[300], player[1200], subj[SUBJECT_SHOWN + 4];
	char names[8 * (MQ_NAME_MAX + 2) + 1];
	char games[8 * (MQ_GAME_ID_LEN + 2) + 1] = "";
	int rc;

	if (maybe_old(d, a)) {
		mq_daemon_log("%s: the host is not told of this bounce: the "
		    "mailbox is being read again from its start, and it may be "
		    "one told of before", tid);
		return 0;
	}
	crypto_generichash(h, sizeof(h), (const unsigned char *)to, strlen(to),
	    NULL, 0);
	sodium_bin2hex(hx, sizeof(hx), h, sizeof(h));
	snprintf(key, sizeof(key), "bounce-%s-%lld", hx, d->now / 86400);
	if (mq_notify_host_told(d, key)) {
		mq_daemon_log("%s: a bounce for %s; the host was told of one for "
		    "it today already", tid, to[0] ? to : "an address not named");
		return 0;
	}
	shown_subject(a->msg->subject, subj, sizeof(subj));
	if (to[0]) {
		/* whose address it is, said once: a seat's, or perhaps */
		bounce_seats(d, to, names, sizeof(names), player,
		    sizeof(player));
		if (player[0] == '\0')	/* none in a game in progress */
			over_seats(d, to, names, sizeof(names), games,
			    sizeof(games), player, sizeof(player));
		if (player[0] != '\0' && games[0] == '\0')
			mq_buf_printf(&text, HOST_BOUNCE_SEAT_TEXT, to, from ?
			    from : HOST_UNKNOWN_SENDER, subj, names,
			    d->conf.datadir, a->hash, player);
		else if (player[0] != '\0')
			mq_buf_printf(&text, HOST_BOUNCE_OVER_TEXT, to, from ?
			    from : HOST_UNKNOWN_SENDER, subj, names, games,
			    d->conf.datadir, a->hash, player);
		else
			mq_buf_printf(&text, HOST_BOUNCE_TEXT, to, from ? from :
			    HOST_UNKNOWN_SENDER, subj, d->conf.datadir,
			    a->hash);
		snprintf(subject, sizeof(subject), HOST_BOUNCE_SUBJECT, to);
	} else {
		mq_buf_printf(&text, HOST_BOUNCE_UNNAMED_TEXT, from ? from :
		    HOST_UNKNOWN_SENDER, subj, d->conf.datadir, a->hash);
		snprintf(subject, sizeof(subject), "%s", HOST_BOUNCE_UNNAMED_SUBJECT);
	}
	if (text.oom)
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	else
		rc = mq_notify_host(d, key, subject, mq_buf_str(&text), err);
	mq_buf_free(&text);
	return rc;
}

/*
 * A reply with a seat's sound reply address from an address not the
 * seat's: perhaps its player's new one. Nothing of it plays (DESIGN.md,
 * addresses and authentication: a From is easily forged); the host is
 * told, once per game and address (a marker among the daemon's records),
 * with the replace that gives the seat that address once they have
 * checked with the player that it is theirs.
 */
int
mq_inbound_new_from_key(const struct analysis *a, char *key, size_t size)
{
	unsigned char h[8];
	char hx[17], low[400];
	size_t i;

	if (a->new_from <= 0 || a->game == NULL || mq_game_over(a->game) ||
	    a->msg == NULL || a->msg->from == NULL)
		return 0;	/* a seat of a game over takes no new address */
	for (i = 0; a->msg->from[i] != '\0' && i + 1 < sizeof(low); i++)
		low[i] = (char)tolower((unsigned char)a->msg->from[i]);
	low[i] = '\0';
	crypto_generichash(h, sizeof(h), (const unsigned char *)low, i, NULL, 0);
	sodium_bin2hex(hx, sizeof(hx), h, sizeof(h));
	snprintf(key, size, "newfrom-%s-%s", a->game->id, hx);
	return 1;
}

static int
tell_host_new_from(struct mq_daemon *d, const struct analysis *a,
    const char *tid, struct mq_err *err)
{
	const struct mq_player_info *p = &a->game->players[a->new_from - 1];
	struct mq_buf text = MQ_BUF_INIT, cmd = MQ_BUF_INIT;
	char key[64], subject[300], when[64];
	long long ts;
	size_t i;
	int rc, former, other;

	if (!mq_inbound_new_from_key(a, key, sizeof(key)) ||
	    mq_notify_host_told(d, key))
		return 0;
	/* the address the host's own replace took from the seat, its player
	 * keeping it: the line would undo that replace, so the mail says so;
	 * that of the player the host removed: nothing to run at all */
	if ((former = mq_inbound_former_address(a->game, a->new_from - 1,
	    a->msg->from, &ts, &other, NULL)) < 0)
		return mq_fail(err, MQ_IO, "game %s: out of memory reading its "
		    "log.", a->game->id);
	mq_daemon_log("%s: the host is told that %s wrote from %s", tid,
	    p->name, a->msg->from);
	/* the address as one shell word: its local part may hold what a
	 * shell reads ($, `, ;), and the host pastes the line */
	mq_buf_printf(&cmd, "  masqued admin %s replace %s ", a->game->id,
	    p->name);
	if (strspn(a->msg->from, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq"
	    "rstuvwxyz0123456789_.-+@") == strlen(a->msg->from))
		mq_buf_puts(&cmd, a->msg->from);
	else {
		mq_buf_putc(&cmd, '\'');
		for (i = 0; a->msg->from[i] != '\0'; i++)
			if (a->msg->from[i] == '\'')
				mq_buf_puts(&cmd, "'\\''");
			else
				mq_buf_putc(&cmd, a->msg->from[i]);
		mq_buf_putc(&cmd, '\'');
	}
	mq_buf_puts(&cmd, " --why \"...\"");
	if (former && other) {
		/* the player the host removed: no line to run */
		mq_clock_utc(ts, 0, when, sizeof(when));
		mq_buf_printf(&text, HOST_NEW_FROM_REMOVED_TEXT, a->game->id,
		    p->name, a->msg->from, p->email, a->msg->from, when,
		    p->email);
		snprintf(subject, sizeof(subject), HOST_NEW_FROM_REMOVED_SUBJECT,
		    a->game->id, p->name);
	} else if (former) {
		mq_clock_utc(ts, 0, when, sizeof(when));
		if (!cmd.oom)
			mq_buf_printf(&text, HOST_NEW_FROM_FORMER_TEXT,
			    a->game->id, p->name, a->msg->from, p->email,
			    a->msg->from, p->name, when, p->name,
			    mq_buf_str(&cmd), p->email);
		snprintf(subject, sizeof(subject), HOST_NEW_FROM_FORMER_SUBJECT,
		    a->game->id, p->name);
	} else {
		if (!cmd.oom)
			mq_buf_printf(&text, HOST_NEW_FROM_TEXT, a->game->id,
			    p->name, a->msg->from, p->email, p->name,
			    mq_buf_str(&cmd), p->name);
		snprintf(subject, sizeof(subject), HOST_NEW_FROM_SUBJECT,
		    a->game->id, p->name);
	}
	if (cmd.oom || text.oom)
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	else
		rc = mq_notify_host(d, key, subject, mq_buf_str(&text), err);
	mq_buf_free(&text);
	mq_buf_free(&cmd);
	return rc;
}

/*
 * A message that may not play: another worker's, answered before, an
 * auto-reply or bounce, or one that does not authenticate (one sentence to
 * its From, rate-limited; none to a stranger past stranger_limit, nor
 * while the mailbox is read again). *done when it was one of those.
 */
/* The length of sentence s without its full stop, for a log line that
 * goes on after it ("refused: X; not answered: ..."). */
static int
clause(const char *s)
{
	size_t n = strlen(s);

	if (n > 0 && s[n - 1] == '.')
		n--;
	return n > INT_MAX ? INT_MAX : (int)n;
}

static int
not_a_move(struct mq_daemon *d, struct analysis *a, const char *tid,
    enum mq_inbound_outcome *outcome, int *done, char *pending,
    struct mq_err *err)
{
	const char *from = a->msg ? a->msg->from : NULL;
	char first[65];
	int rc = 0, twin;

	*done = 1;
	if (a->deferred) {
		mq_daemon_log("%s: for another worker's game; left for after the "
		    "workers", tid);
		*outcome = MQ_IN_DEFERRED;
	} else if (was_answered(d, a->hash)) {
		mq_daemon_log("%s: already answered; acknowledged", tid);
		*outcome = MQ_IN_DUPLICATE;
	} else if (copy_of_done(d, a, &twin, first), twin == 1) {
		/* the same mail, delivered twice: one answer is enough */
		mq_daemon_log("%s: a second copy of message %s (the same "
		    "Message-ID, Date, From, Subject and text, delivered "
		    "again); acknowledged, not answered", tid, first);
		*outcome = MQ_IN_DUPLICATE;
		rc = mark_answered(d, a->hash, err);
	} else if (twin == 2 && pending != NULL && !a->drop) {
		/* the same mail, its first copy not done yet (a crash came
		 * between): that copy is answered now, from the archive, and
		 * read later it is done already (mq_inbound_process) */
		memcpy(pending, first, 65);
	} else if (a->drop) {
		mq_daemon_log("%s: dropped: %s", tid, a->auth);
		if (a->msg->bounce)
			rc = tell_host_bounce(d, a, from, tid, err);
	} else if (!a->auth_ok && maybe_old(d, a)) {
		/* perhaps mail older than masqued here, never meant for a game */
		mq_daemon_log("%s: refused: %.*s; not answered: the mailbox is "
		    "being read again from its start, and this message may be "
		    "older than masqued here", tid, clause(a->auth), a->auth);
	} else if (!a->auth_ok && !mq_mime_addr_ok(from)) {
		/* no answer can be addressed to it ("x y"@host, a bare name,
		 * a non-ASCII address, none): building one would fail on every
		 * pass, and hold an IMAP mailbox at this message */
		mq_daemon_log("%s: refused: %.*s; not answered: masqued cannot "
		    "send mail to its From address%s", tid, clause(a->auth),
		    a->auth, from ? "" : " (there is none)");
	} else if (!a->auth_ok && !a->tag_ok && !mq_daemon_known_sender(d, from) &&
	    !mq_daemon_stranger_ok(d)) {
		/* No sound tag and a sender who plays in no game here, past
		 * the hour's few answers to such: a flood of spam, whose From
		 * is forged; more answers would go to innocent third parties
		 * (backscatter). Said in the log alone. */
		mq_daemon_log("%s: refused: %.*s; not answered: %s plays in no "
		    "game here, and the %d answers an hour to such senders "
		    "(stranger_limit) are spent", tid, clause(a->auth), a->auth,
		    from ? from : "the sender", d->conf.stranger_limit);
	} else if (!a->auth_ok) {
		/* one sentence, only ever to the From address, rate-limited */
		mq_daemon_log("%s: refused: %s", tid, a->auth);
		if (a->new_from > 0 && a->game != NULL &&
		    (rc = tell_host_new_from(d, a, tid, err)) != 0)
			return rc;	/* the mail waits: the host must hear */
		if (from != NULL && mq_daemon_rate_ok(d, from)) {
			/* a player's mail that names no game (or none of theirs):
			 * in their language, the one it is written in when they
			 * play in several */
			const char *hint;

			if (a->from_lang[0] == '\0' &&
			    mq_daemon_known_sender(d, from) &&
			    ((rc = own_words_lang(a, &hint, err)) != 0 ||
			    (rc = mq_daemon_sender_lang(d, from, hint,
			    a->from_lang, err)) != 0))
				return rc;	/* the mail waits */
			char reply[400], tag[MQ_TAG_LEN + 1];
			int own = a->own_seat - 1;

			reply[0] = '\0';
			if (a->game != NULL && own >= 0 && own < a->game->nplayers) {
				mq_addr_tag(d->store.keys.tag, a->game->id, own,
				    a->game->players[own].epoch, tag);
				mq_addr_reply(d->conf.reply_local,
				    d->conf.reply_domain, a->game->id, own, tag,
				    reply, sizeof(reply));
			}
			/* the game it is about, once its tag verified, and
			 * the refused mail's thread */
			rc = mq_notify_stranger_reply(d, from, a->from_lang[0] ?
			    a->from_lang : NULL, "refused", a->auth, a->hash,
			    reply[0] ? reply : NULL, a->game != NULL &&
			    (a->tag_ok || a->names_game) ? a->game : NULL, a->msg != NULL ?
			    a->msg->message_id : NULL, err);
			if (rc == 0)
				rc = mark_answered(d, a->hash, err);
			*outcome = MQ_IN_ANSWERED;
		}
	} else
		*done = 0;
	return rc;
}

/* The daemon's line for a move's message, and its outcome: applied when it
 * logged an entry (its commands, or its SET lines alone), else only answered
 * (STATUS, HELP, every line refused, or received already). */
static void
log_move(const struct analysis *a, const struct mq_submit_result *res,
    uint64_t set_at, const char *tid, enum mq_inbound_outcome *outcome)
{
	size_t i, accepted = 0, already = 0, noted = 0;

	/* a line received already is not refused (answer): its own count, as
	 * a line that is no command ("Thanks!"), which the receipt only notes;
	 * the SET lines are counted as the receipt lists them (accepted, or
	 * refused), and said at the end as logged or not: left out of the
	 * count, "SET LANG ja" with PLAY jest was "1 command(s) accepted"
	 * beside a receipt that accepted two */
	for (i = 0; i < res->ncmds; i++) {
		accepted += res->cmds[i].accepted != 0;
		already += !res->cmds[i].accepted && res->cmds[i].already;
		noted += !res->cmds[i].accepted && !res->cmds[i].already &&
		    res->cmds[i].note;
	}
	mq_daemon_log("%s: game %s, %s: %zu command(s) accepted, %zu refused, "
	    "%zu already received, %zu line(s) not commands; %s", tid,
	    a->game->id, a->game->players[a->seat].name, accepted,
	    res->ncmds - accepted - already - noted, already, noted,
	    res->logged ?
	    "logged" : a->game->seq == set_at ? "nothing logged" :
	    !a->set.lang[0] ? "its SET NOTICES logged" : a->set.notices < 0 ?
	    "its SET LANG logged" : a->game->seq - set_at == 1 ?
	    "one of its SET lines logged (the other was so already)" :
	    "its SET LANG and SET NOTICES logged");
	*outcome = res->logged || a->game->seq != set_at ? MQ_IN_APPLIED :
	    MQ_IN_ANSWERED;
}

/*
 * A message's SET entries (inbound_set.c) have no mail but its answer: once
 * that is spooled (or dropped, past the rate limit), the mark moves past
 * them, as past a logged move. Else the catching up stops at them for good
 * (group_of: a reply's entry, which its message brings back; but this
 * message is answered), and the mails of a later entry a crash lost are
 * never rebuilt.
 */
static void
settings_mailed(const struct analysis *a, uint64_t set_at)
{
	if (a->game->seq != set_at)
		mq_mailmark_done(a->game);
}

/* Past the sender's rate_limit, a message that changes nothing is dropped
 * unanswered: it is how a mail loop goes (an auto-responder's answers to
 * the answers), and the loop stops there. The first one of the hour is
 * told so, in one sentence: a player in a lively game who sent a STATUS
 * or a mistyped move heard nothing and took silence for "taken". One
 * mail an hour is no loop. */
static int
over_limit(struct mq_daemon *d, const struct analysis *a, const char *tid,
    struct mq_err *err)
{
	const char *from = a->msg->from;
	char limit[24], until[8];
	struct mq_err e;
	int rc;

	if (!d->rate_first_over || !mq_mime_addr_ok(from)) {
		mq_daemon_log("%s: over the rate limit for %s; dropped", tid, from);
		return 0;
	}
	mq_daemon_log("%s: over the rate limit for %s; dropped, and the sender "
	    "told so (once this hour)", tid, from);
	snprintf(limit, sizeof(limit), "%d", d->conf.rate_limit);
	snprintf(until, sizeof(until), "%02lld:00",
	    (long long)((d->now / 3600 + 1) % 24));
	mq_fail(&e, MQ_REFUSED, "This mail changed nothing and is not answered: "
	    "you have sent more than %s mails this hour, and until %s UTC a "
	    "mail of yours that changes nothing (STATUS, HELP, a refused line, "
	    "a copy) gets no answer, which stops a mail loop. Your moves are "
	    "still applied and answered; if this mail needs an answer, send it "
	    "again after %s UTC.", limit, until, until);
	rc = mq_notify_stranger_reply(d, from, a->game->players[a->seat].lang,
	    "refused", e.msg, a->hash, NULL, a->game, NULL, err);
	if (rc == 0)
		rc = mark_answered(d, a->hash, err);
	return rc;
}

void
mq_inbound_paused_refusal(const struct mq_daemon *d, const struct mq_game *g,
    struct mq_err *e)
{
	if (d->conf.admin[0] && g->paused_by_server)
		mq_fail(e, MQ_REFUSED, "Game %s is paused: nobody was "
		    "playing, so masqued stopped it until the host (%s) "
		    "resumes it; send your commands again then, or ask the "
		    "host.", g->id, d->conf.admin);
	else if (d->conf.admin[0])
		mq_fail(e, MQ_REFUSED, "Game %s is paused by the host "
		    "(%s); send your commands again once it resumes, or ask "
		    "the host when that will be.", g->id, d->conf.admin);
}

void
mq_inbound_kicked_refusal(const struct mq_daemon *d, const struct mq_game *g,
    int seat, struct mq_err *e)
{
	char when[64];

	if (d->conf.admin[0] == '\0' || mq_game_seat_playing(g, seat, NULL) == 0)
		return;
	mq_clock_utc(g->players[seat].kicked_at, 0, when, sizeof(when));
	if (mq_game_over(g))
		mq_fail(e, MQ_REFUSED, "The host removed you from game %s on %s, "
		    "and the game is over now: nothing you send is applied; "
		    "reply STATUS from your registered address to any of the "
		    "game's mails to get its end mail again, and ask the host "
		    "(%s) about the removal.", g->id, when, d->conf.admin);
	else
		mq_fail(e, MQ_REFUSED, "The host removed you from game %s on %s; "
		    "the deadline defaults play your seat until a new player "
		    "takes it, so nothing you send is applied; ask the host (%s) "
		    "about it.", g->id, when, d->conf.admin);
}

int
mq_inbound_kicked_asks_end(const struct mq_game *g, int seat,
    const char *const *lines, size_t n, const struct mq_settings *set)
{
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_cmd cmd;
	struct mq_err e;
	const char *p;
	size_t i, cmds = 0;
	int asks, status = 0, rc = 1;

	if (seat < 0 || seat >= g->nplayers || !mq_game_over(g) ||
	    !g->players[seat].kicked)
		return 0;
	for (i = 0; i < n; i++)
		cmds += lines[i][strspn(lines[i], " \t")] != '\0';
	if (cmds == 0)	/* SET lines alone: a SET LANG's end mail */
		return set->lang[0] != '\0';
	for (i = 0; rc == 1 && i < n; i++) {
		p = lines[i] + strspn(lines[i], " \t");
		if (*p == '\0')	/* (the host's submit: a blank line) */
			continue;
		asks = mq_game_asks_only(g, g->state, seat, p, &cmd, &text, &e);
		if (asks < 0)
			rc = -1;
		else if (asks == 1 && strcmp(mq_buf_str(&text), "STATUS") == 0)
			status = 1;
		else if (asks == 1 || g->kind->names_command == NULL ||
		    g->kind->names_command(g->state, p) != MQ_LINE_PROSE)
			rc = 0;	/* HELP, a move, a typo: refused whole */
	}
	mq_buf_free(&text);
	return rc == 1 ? status : rc;
}

int
mq_inbound_kicked_reads_end(const struct analysis *a)
{
	return mq_inbound_kicked_asks_end(a->game, a->seat,
	    (const char *const *)a->lines, a->nlines, &a->set);
}

int
mq_inbound_over_notices(const struct mq_game *g, size_t ncmds,
    const struct mq_settings *set, struct mq_err *e)
{
	if (ncmds != 0 || set->lang[0] != '\0' || set->notices < 0 ||
	    !mq_game_over(g))
		return 0;
	mq_fail(e, MQ_REFUSED, "Game %s is over, so no notice comes any "
	    "more and SET NOTICES changes nothing; reply STATUS to any "
	    "of the game's mails to see how it ended.", g->id);
	return 1;
}

/*
 * A player's message to their game: its SET lines, then its commands applied
 * as one entry (fsynced) and answered (spooled); a kicked player, a game
 * over or paused, are told so in one sentence; a message with no command
 * gets the help mail. Past the sender's rate_limit a move is still applied
 * and answered (no move is lost to the limit); anything else is dropped.
 */
static int
play(struct mq_daemon *d, struct analysis *a, const char *tid,
    enum mq_inbound_outcome *outcome, struct mq_err *err)
{
	const char *from = a->msg->from;
	struct mq_submit_result res;
	struct mq_late_lines late = { { NULL } };
	struct mq_err pe;	/* a paused game's refusal */
	/* the log's length before its SET lines */
	uint64_t set_at = a->game->seq;
	struct mq_err e;
	/* no From (a game that allows any sender): nothing to count it by */
	int rc, kr, copy = 0, over = from != NULL &&
	    !mq_daemon_rate_ok(d, from);
	/* the game's end logged before this message */
	uint64_t end_seq = a->game->end_seq;
	struct mq_waited waited;
	uint64_t cmd_at;

	if (over && a->nlines == 0)
		return over_limit(d, a, tid, err);
	/* kicked: one sentence, and nothing logged (not even a SET); but
	 * once the game is over, a STATUS or SET LANG gets the end mail again,
	 * as a player's does (it reveals what every player may check) */
	if ((kr = mq_inbound_kicked_reads_end(a)) < 0)
		return mq_fail(err, MQ_IO, "Out of memory.");
	if (!kr && mq_game_seat_playing(a->game, a->seat, &e) != 0) {
		if (over)
			return over_limit(d, a, tid, err);
		mq_inbound_kicked_refusal(d, a->game, a->seat, &e);
		mq_daemon_log("%s: refused: %s", tid, e.msg);
		goto refused;
	}
	MQ_TRY(mq_inbound_settings_apply(a->game, a->seat, &a->set, d->now, NULL,
	    err));
	if (a->set.lang[0])	/* a later refusal this pass reads it */
		mq_daemon_forget_seats(d);
	/* SET NOTICES alone after the end: nothing to turn on or off, said
	 * so (it got the help mail, which said nothing of it) */
	if (mq_inbound_over_notices(a->game, a->nlines, &a->set, &e)) {
		mq_daemon_log("%s: refused: %s", tid, e.msg);
		goto refused;
	}
	if (a->nlines == 0) {
		/* SET lines alone: the mail the player needs now, in the
		 * language asked, saying what changed (once the game is over,
		 * the end mail again for a SET LANG; else the help mail) */
		rc = a->set.lang[0] || (mq_settings_any(&a->set) &&
		    !mq_game_over(a->game)) ?
		    mq_notify_settings(d, a->game, a->seat, &a->set, a->hash,
		    err) :
		    mq_notify_help(d, a->game, a->seat, a->hash, NULL,
		    !mq_settings_any(&a->set), a->msg->attachments,
		    a->msg->attachment, err);
		if (rc == 0) {
			settings_mailed(a, set_at);
			rc = mark_answered(d, a->hash, err);
		}
		if (rc == 0)	/* every message has its line in the log */
			mq_daemon_log("%s: game %s, %s: %s", tid, a->game->id,
			    a->game->players[a->seat].name,
			    !mq_settings_any(&a->set) ? "no command; answered "
			    "with the help mail" : a->game->seq == set_at ?
			    "SET lines alone; nothing logged (as set already)" :
			    "SET lines alone; logged, and answered");
		*outcome = MQ_IN_ANSWERED;
		return rc;
	}
	/* before the move is logged: answers rebuilt after a crash read it */
	MQ_TRY(over ? mq_inbound_hushed_note(a->game, a->hash, err) :
	    mq_inbound_hushed_forget(a->game, a->hash, err));
	/* a debt the host was told of (policy wait), as it stands */
	mq_deadline_host_waits_on(d, a->game, a->seat, &waited);
	cmd_at = a->game->seq;
	mq_game_journal_start(a->game);
	/* a copy of a reply read after its round: received already; a move
	 * that answers a moment a default decided: refused, said late */
	if ((rc = mq_inbound_late_copy(d, a, &res, &copy, &e)) == 0 && !copy &&
	    (rc = mq_inbound_late_reply(d, a->game, a, &late, &e)) == 0)
		rc = mq_game_submit_refusing(a->game, a->seat,
		    (const char *const *)a->lines, a->nlines,
		    (const char *const *)late.why, 0, a->hash, tid, d->now,
		    &res, &e);
	if (rc != 0) {
		mq_inbound_late_lines_free(&late);
		mq_game_journal_stop(a->game);
		if (rc == MQ_REFUSED && over) {
			settings_mailed(a, set_at);
			return over_limit(d, a, tid, err);
		}
		if (rc == MQ_REFUSED) {	/* over, paused, or the message came twice */
			mq_daemon_log("%s: refused: %s", tid, e.msg);
			goto refused;
		}
		*err = e;
		return rc;
	}
	if (over && !res.logged && a->game->seq == set_at) {
		/* nothing taken: no answer */
		mq_game_journal_stop(a->game);
		mq_submit_result_free(&res);
		mq_inbound_late_lines_free(&late);
		return over_limit(d, a, tid, err);
	}
	if (over)
		mq_daemon_log("%s: over the rate limit for %s, but a move: applied "
		    "and answered; the others get no notice of it", tid, from);
	d->hush_notices = over;
	rc = mq_inbound_answer(d, a->game, a, &late, &res, err);
	mq_inbound_late_lines_free(&late);
	d->hush_notices = 0;
	mq_game_journal_stop(a->game);
	/* the clock file before the mark, as admin's: a kill between the
	 * mark and the clock file left the old one, which no catching up
	 * rewrites (the mark is past the entry), its next time perhaps a
	 * debt's extended by weeks while the new phase's came in hours */
	mq_deadline_keep_reminded(d, a->game);
	if (rc == 0)
		rc = mq_deadline_schedule(d, a->game, err);
	if (rc == 0 && res.logged) {
		/* the host, told the game waited for this player, told it
		 * goes on (else it acts on that mail for a move made since);
		 * the move stands if this fails: said in the daemon's log.
		 * Before the mark, as the players' mails: a crash between
		 * the entry and this mail leaves the entry past the mark, and
		 * its rebuild (inbound_rebuild.c) tells the host then; the
		 * told- marker, written once the mail is spooled, keeps it
		 * to one mail */
		if (a->game->seq > cmd_at && mq_deadline_tell_host_moved(d,
		    a->game, a->seat, &waited, cmd_at + 1, &e) != 0)
			mq_daemon_log("game %s: %s", a->game->id, e.msg);
		mq_mailmark_done(a->game);
	} else if (rc == 0) {
		settings_mailed(a, set_at);
		rc = mark_answered(d, a->hash, err);
	}
	/* the move ended the game (its end entry logged): the seats read
	 * this pass had it in progress, and a bounce later in the pass for
	 * one of its players offered the host a replace, which admin refuses
	 * for a game over */
	if (a->game->end_seq != end_seq)
		mq_daemon_forget_seats(d);
	log_move(a, &res, set_at, tid, outcome);
	mq_submit_result_free(&res);
	return rc;
refused:
	/* (a paused game's refusal: its SET lines are logged all the same) */
	if (!mq_mime_addr_ok(from)) {
		/* a game that allows any sender, and a From no answer can be
		 * addressed to: as for a stranger's (not_a_move), said in the
		 * log alone, else the message would fail on every pass */
		mq_daemon_log("%s: not answered: masqued cannot send mail to its "
		    "From address%s", tid, from ? "" : " (there is none)");
		*outcome = MQ_IN_ANSWERED;
		settings_mailed(a, set_at);
		return mark_answered(d, a->hash, err);
	}
	/* a paused game: the host hears that a player wants to play (once
	 * per player per pause), and the player who the host is, to ask */
	/* (the refusal the pause's, not a copy's "applied already") */
	if (a->game->paused && !mq_game_over(a->game) &&
	    mq_game_refuses_mail(a->game, a->seat, &pe) != 0 &&
	    strcmp(pe.msg, e.msg) == 0 &&
	    mq_game_seat_playing(a->game, a->seat, NULL) == 0) {
		MQ_TRY(mq_notify_host_paused_play(d, a->game, a->seat, err));
		mq_inbound_paused_refusal(d, a->game, &e);
	}
	/* a player of the game: in the player's language, its subject
	 * naming the game (a paused game's was "[masqued]") */
	rc = mq_notify_stranger_reply(d, from, a->game->players[a->seat].lang,
	    "refused", e.msg, a->hash, NULL, a->game, NULL, err);
	if (rc == 0) {
		settings_mailed(a, set_at);
		rc = mark_answered(d, a->hash, err);
	}
	*outcome = MQ_IN_ANSWERED;
	return rc;
}

/* raw, read from transport_id (file, its file, or NULL), as
 * mq_inbound_process; pending NULL: a copy of a mail whose first copy is
 * not done is answered itself (that first copy's bytes, or a copy's
 * whose first copy's cannot be read), else *pending is that first copy's
 * hash, and raw is left to mq_inbound_process. */
static int
process(struct mq_daemon *d, const char *raw, size_t len,
    const char *transport_id, const char *file, char *pending,
    enum mq_inbound_outcome *outcome, struct mq_err *err)
{
	struct analysis a;
	unsigned char h[32];
	char hx[65];
	int rc, done;

	*outcome = MQ_IN_DROPPED;
	/* 1. archive the raw bytes, content-addressed */
	crypto_generichash(h, sizeof(h), (const unsigned char *)raw, len, NULL, 0);
	sodium_bin2hex(hx, sizeof(hx), h, sizeof(h));
	MQ_TRY(archive(d->conf.datadir, hx, raw, len, file, err));
	/* 2-4. parse, authenticate, extract */
	if ((rc = mq_inbound_analyse(d, raw, len, &a, 1, err)) == 0 &&
	    (rc = not_a_move(d, &a, transport_id, outcome, &done, pending,
	    err)) == 0 &&
	    !done &&
	    (rc = mq_inbound_applied_before(d, &a, transport_id, outcome, &done,
	    err)) == 0 &&
	    !done)
		/* 5-6. apply as one entry (fsynced), then the answers (spooled) */
		rc = play(d, &a, transport_id, outcome, err);
	mq_inbound_analysis_free(&a);
	return rc;
}

/*
 * A copy of a mail whose first copy (hash first) was archived and marked
 * as the first, and then left undone by a crash, read before it (both
 * pending; this one's name sorts first): answered as the first copy was
 * not, one answer between them whichever is read first. The first copy,
 * from the archive, is read now in its place, its entry or answer its
 * own, as had it been read first (its answer's name the one it may have
 * spooled before the crash); this copy is acknowledged, and the first,
 * read later, is done. Its archived bytes gone (pruned) or not those
 * (damaged): *taken 0, this copy is answered itself.
 */
static int
first_copy(struct mq_daemon *d, const char *hash, const char *first,
    const char *transport_id, int *taken, enum mq_inbound_outcome *outcome,
    struct mq_err *err)
{
	unsigned char h[32];
	char hx[65];
	char *raw;
	size_t len;
	int rc;

	*taken = 0;
	MQ_TRY(mq_inbound_read_archived(d, first, &raw, &len, err));
	if (raw != NULL) {
		crypto_generichash(h, sizeof(h), (const unsigned char *)raw, len,
		    NULL, 0);
		sodium_bin2hex(hx, sizeof(hx), h, sizeof(h));
	}
	if (raw == NULL || strcmp(hx, first) != 0) {
		mq_daemon_log("%s: a second copy of message %s, whose first copy "
		    "is not done, and %s: this copy is answered", transport_id,
		    first, raw == NULL ? "not in the archive" :
		    "damaged in the archive");
		free(raw);
		return 0;
	}
	mq_daemon_log("%s: a second copy of message %s (the same Message-ID, "
	    "Date, From, Subject and text, delivered again), read before that "
	    "first copy was done (a crash came between): the first copy is "
	    "read now, from the archive, and this one acknowledged, not "
	    "answered", transport_id, first);
	rc = process(d, raw, len, transport_id, NULL, NULL, outcome, err);
	free(raw);
	*taken = 1;
	/* the first copy left for another worker (its headers, read so,
	 * are this one's, which was not): this one is not marked */
	if (rc != 0 || *outcome == MQ_IN_DEFERRED)
		return rc;
	return mark_answered(d, hash, err);
}

int
mq_inbound_process(struct mq_daemon *d, const char *raw, size_t len,
    const char *transport_id, const char *file,
    enum mq_inbound_outcome *outcome, struct mq_err *err)
{
	unsigned char h[32];
	char hx[65], first[65] = "";
	int taken = 0;

	MQ_TRY(process(d, raw, len, transport_id, file, first, outcome, err));
	if (first[0] == '\0')
		return 0;
	crypto_generichash(h, sizeof(h), (const unsigned char *)raw, len, NULL, 0);
	sodium_bin2hex(hx, sizeof(hx), h, sizeof(h));
	MQ_TRY(first_copy(d, hx, first, transport_id, &taken, outcome, err));
	/* its first copy not to be read: this one answered, as before */
	return taken ? 0 : process(d, raw, len, transport_id, file, NULL,
	    outcome, err);
}

int
mq_inbound_oversize(struct mq_daemon *d, const char *head, size_t len,
    unsigned long long size, const char *transport_id,
    enum mq_inbound_outcome *outcome, struct mq_err *err)
{
	struct analysis a;
	int rc, done;

	*outcome = MQ_IN_DROPPED;
	if ((rc = mq_inbound_analyse_oversize(head, len, size,
	    MQ_TRANSPORT_MAX_MSG >> 20, &a, err)) == 0)
		rc = not_a_move(d, &a, transport_id, outcome, &done, NULL,
		    err);
	mq_inbound_analysis_free(&a);
	return rc;
}
