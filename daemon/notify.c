/*
 * notify.c - building, rendering and spooling a game's mail: each one's
 * context, and the mails of the game's own course (the welcome, the update
 * to everyone, a reminder, the help, a SET's answer, a stranger's one
 * sentence). The answers to a player's message are notify_receipt.c's,
 * the host's admin notices notify_admin.c's, the plain notices to the host
 * notify_host.c's; see notify.h.
 *
 * A mail goes out whole or not at all: any part that cannot be built (the
 * engine's view or events, a list, a key set) fails it with MQ_IO, and the
 * pass that made it tries again later, under the same spool name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sodium.h>

#include "daemon/clock.h"
#include "daemon/deadline.h"
#include "daemon/inbound.h"
#include "daemon/notify_int.h"
#include "daemon/notify_refusal.h"
#include "daemon/spool.h"
#include "mail/address.h"
#include "mail/mime_out.h"
#include "mail/render.h"

/*
 * A deadline as its reader's clock says it: Japanese mail in Japan's time
 * (JST, UTC+9, no summer time), Chinese in UTC+8 (China, Taiwan, Hong Kong,
 * Singapore), others in UTC; each says which, so a reader elsewhere can
 * still work it out.
 */
static void
fmt_deadline(long long t, const char *lang, char *out, size_t n)
{
	char when[32];
	time_t tt;
	const char *zone = "UTC";

	if (strcmp(lang, "ja") == 0) {
		t += 9 * 3600;
		zone = "JST";
	} else if (strcmp(lang, "zh") == 0) {
		t += 8 * 3600;
		zone = "UTC+8";
	}
	tt = (time_t)t;
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M", gmtime(&tt));
	snprintf(out, n, "%s %s", when, zone);
}

/* b (a hash or a key: up to 64 bytes) in hex, as a new JSON string. */
static json_t *
hex(const unsigned char *b, size_t n)
{
	char h[2 * 64 + 1];

	sodium_bin2hex(h, sizeof(h), b, n);
	return json_string(h);
}

/* Out of memory when the journal the mails tell lost a part. */
int
mq_notify_journal_ok(const struct mq_game *g, struct mq_err *err)
{
	if (g->journal_on && g->journal_lost)
		return mq_fail(err, MQ_IO, "Out of memory.");
	return 0;
}

/* What every game mail carries; NULL when out of memory (the view too).
 * A kicked seat owes nothing and has no deadline: the defaults play it,
 * and its player ("kicked") is not asked for a move. */
json_t *
mq_notify_base_ctx(struct mq_daemon *d, struct mq_game *g, int seat)
{
	char now[40], dl[40];
	int kicked = seat >= 0 && g->players[seat].kicked;
	long long deadline = seat >= 0 && !kicked ? mq_game_deadline(&d->conf,
	    g, seat) : 0;
	const char *owed = seat >= 0 && !kicked && !mq_game_over(g) ?
	    g->kind->owes(g->state, seat) : NULL;
	/* the defaults just played left every player away: the game pauses
	 * in this pass (deadline.c), so the mail of those defaults promises
	 * no deadline, and says so */
	int pausing = !g->paused && !mq_game_over(g) && mq_game_all_absent(g);
	json_t *ctx;

	/* a paused game, or one pausing, asks for no move: nothing sent
	 * until it resumes is applied */
	if (g->paused || pausing)
		owed = NULL;
	int bad;

	mq_clock_utc(d->now, 0, now, sizeof(now));
	ctx = json_pack("{s:s, s:s, s:s, s:s, s:o, s:{s:I, s:o, s:s}, s:o, s:O*}",
	    "game", g->id, "kind", g->kind->name,
	    "lang", seat >= 0 ? g->players[seat].lang : g->lang, "now", now,
	    "view", g->kind->view(g->state, seat >= 0 ? seat : MQ_VIEW_PUBLIC),
	    "checkpoint", "seq", (json_int_t)g->seq,
	    "head", hex(g->head, sizeof(g->head)), "sig", g->head_sig,
	    "server_key", hex(g->store->keys.pk, sizeof(g->store->keys.pk)),
	    "seed_commit", json_object_get(g->genesis, "seed_commit"));
	bad = ctx == NULL;
	if (seat >= 0)
		bad |= json_object_set_new(ctx, "player",
		    json_string(g->players[seat].name)) != 0;
	bad |= json_object_set_new(ctx, "owed", owed ? json_string(owed) :
	    json_null()) != 0;
	if (kicked)
		bad |= json_object_set_new(ctx, "kicked", json_true()) != 0;
	/* the seats the host took out: the default plays what they owe at
	 * the next pass, so a list of who the game waits for says so */
	for (int i = 0; i < g->nplayers && !bad; i++) {
		json_t *out = json_object_get(ctx, "out_of_game");

		if (!g->players[i].kicked)
			continue;
		if (out == NULL) {
			bad |= json_object_set_new(ctx, "out_of_game",
			    json_array()) != 0;
			out = json_object_get(ctx, "out_of_game");
		}
		bad |= json_array_append_new(out,
		    json_string(g->players[i].name)) != 0;
	}
	if (g->paused)	/* nothing is applied: no move is asked for */
		bad |= json_object_set_new(ctx, "paused", json_true()) != 0;
	if (mq_game_policy_wait(&d->conf, g))	/* a deadline applies nothing */
		bad |= json_object_set_new(ctx, "policy_wait", json_true()) != 0;
	if (pausing)
		bad |= json_object_set_new(ctx, "pausing", json_true()) != 0;
	if (deadline > 0 && !g->paused && !pausing) {
		fmt_deadline(deadline, g->players[seat].lang, dl, sizeof(dl));
		bad |= json_object_set_new(ctx, "deadline", json_string(dl)) != 0;
		/* what is left, not the configured lead: a reminder may go
		 * late (after a resume or a short extend, or a pass that did
		 * not run). Three hours or more: to the nearest hour; less: in
		 * hours and whole minutes, never more than is left (under a
		 * minute: "less than a minute"). */
		if (deadline > d->now) {
			long long secs = deadline - d->now, mins = secs / 60;
			long long h = secs >= 3 * 3600 ? (secs + 1800) / 3600 :
			    mins / 60, m = secs >= 3 * 3600 ? 0 : mins % 60;

			bad |= json_object_set_new(ctx, "reminder_left",
			    json_true()) != 0;
			if (h > 0)
				bad |= json_object_set_new(ctx, "left_hours",
				    json_integer(h)) != 0;
			if (h == 1)
				bad |= json_object_set_new(ctx, "left_one_hour",
				    json_true()) != 0;
			if (m > 0)
				bad |= json_object_set_new(ctx, "left_minutes",
				    json_integer(m)) != 0;
			if (m == 1)
				bad |= json_object_set_new(ctx, "left_one_minute",
				    json_true()) != 0;
			if (secs < 60)
				bad |= json_object_set_new(ctx,
				    "left_under_minute", json_true()) != 0;
		}
	}
	return mq_notify_whole(ctx, bad);
}

int
mq_notify_send_mail(struct mq_daemon *d, const char *to, const char *reply_to,
    const char *lang, const char *kind, const json_t *gamedata, const json_t *ctx,
    const char *msgid, const char *root, const char *spoolname,
    struct mq_err *err)
{
	struct mq_mail_out m;
	char *subject = NULL, *text = NULL, *html = NULL, *raw = NULL;
	char xkind[64];
	const char *extra[2] = { xkind, NULL };
	size_t len;
	int rc;

	rc = mq_renderer_mail(d->renderer, lang, kind, gamedata, ctx, &subject,
	    &text, &html, err);
	if (rc == 0) {
		snprintf(xkind, sizeof(xkind), "X-Masqued-Mail: %s", kind);
		memset(&m, 0, sizeof(m));
		m.from = d->conf.from;
		m.to = to;
		m.reply_to = reply_to;
		m.subject = subject;
		m.message_id = msgid;
		m.in_reply_to = root;
		m.references = root;
		m.date = d->now;
		m.text = text;
		m.html = html;
		m.extra_headers = extra;
		rc = mq_mime_build(&m, &raw, &len, err);
	}
	if (rc == 0)
		rc = mq_spool_put(d->conf.datadir, spoolname, to, raw, len, err);
	if (rc == 0)
		mq_daemon_note_mail(d, spoolname);
	free(subject);
	free(text);
	free(html);
	free(raw);
	return rc;
}

/*
 * The spool name and Message-ID say game, seq, seat and kind, so a retry
 * replaces rather than doubles a mail; uniq ("" or a hex word) sets apart
 * two mails of one kind at one seq (receipts for mail that logged nothing).
 * ctx is taken; NULL (a part of it failed) is out of memory.
 */
int
mq_notify_send_game_mail_uniq(struct mq_daemon *d, struct mq_game *g,
    int seat, const char *kind, const char *uniq, json_t *ctx,
    struct mq_err *err)
{
	char tag[MQ_TAG_LEN + 1], reply[400], msgid[300], root[300], name[200];
	int rc;

	if (ctx == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	mq_addr_tag(d->store.keys.tag, g->id, seat, g->players[seat].epoch, tag);
	mq_addr_reply(d->conf.reply_local, d->conf.reply_domain, g->id, seat, tag,
	    reply, sizeof(reply));
	snprintf(msgid, sizeof(msgid), "%s.%d.%llu.%s%s%s@%s", g->id, seat,
	    (unsigned long long)g->seq, kind, *uniq ? "." : "", uniq,
	    d->conf.reply_domain);
	snprintf(root, sizeof(root), "%s.%d.1.welcome@%s", g->id, seat,
	    d->conf.reply_domain);
	snprintf(name, sizeof(name), "%s-%08llu-%d-%s%s%s", g->id,
	    (unsigned long long)g->seq, seat, kind, *uniq ? "-" : "", uniq);
	rc = mq_notify_send_mail(d, g->players[seat].email, reply,
	    g->players[seat].lang, kind, g->gd.json, ctx, msgid,
	    strcmp(kind, "welcome") ? root : NULL, name, err);
	json_decref(ctx);
	return rc;
}

int
mq_notify_send_game_mail(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *kind, json_t *ctx, struct mq_err *err)
{
	return mq_notify_send_game_mail_uniq(d, g, seat, kind, "", ctx, err);
}

/* The welcome to seat only, or to everyone when seat is -1. */
int
mq_notify_welcome_seat(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *why, int moved, struct mq_err *err)
{
	json_t *ctx, *players = json_array();
	int i, rc = 0, bad = players == NULL;

	for (i = 0; i < g->nplayers && !bad; i++)
		bad = json_array_append_new(players, json_pack("{s:s, s:s}", "name",
		    g->players[i].name, "email", g->players[i].email)) != 0;
	if (bad)
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	for (i = 0; i < g->nplayers && rc == 0; i++) {
		if (seat >= 0 && i != seat)
			continue;
		ctx = mq_notify_base_ctx(d, g, i);
		ctx = mq_notify_whole(ctx, json_object_set(ctx, "players",
		    players) != 0);
		/* a seat given mid-game: the welcome says whose, and why */
		if (why != NULL)
			ctx = mq_notify_whole(ctx, json_object_set_new(ctx,
			    "joined", json_pack("{s:s, s:s, s:b}", "seat",
			    g->players[i].name, "why", why, "moved", moved)) != 0);
		rc = mq_notify_send_game_mail(d, g, i, "welcome", ctx, err);
	}
	json_decref(players);
	if (rc == 0)
		rc = mq_spool_sync(d->conf.datadir, err);
	return rc;
}

int
mq_notify_welcome(struct mq_daemon *d, struct mq_game *g, struct mq_err *err)
{
	return mq_notify_welcome_seat(d, g, -1, NULL, 0, err);
}

/* The kind of mail everyone gets after entries: end, resolution, or none. */
const char *
mq_notify_update_kind(const struct mq_game *g)
{
	if (mq_game_over(g))
		return "end";
	if (g->revealed != NULL && json_array_size(g->revealed) > 0)
		return "resolution";
	return NULL;
}

/*
 * The seed and its salt, as the genesis holds them; for a game the host
 * ended, "ended_by_host" and, as "reveals", every secret still hidden (a
 * phase cut short never revealed its picks): each commitment a player was
 * shown can then be checked. And "end_entry", the seq of the log's end
 * entry (the result), when the mail's checkpoint comes before it: the end
 * mail is made from the entry that ended the game, and the end entry is
 * logged just after its mails are queued (game_end.c), so the checkpoint
 * signs the log up to the entry before the end; the mail says so, for a
 * player who compares it with `masqued log` (found by a player review).
 * The end mail again (STATUS, later) is made after it, and signs it. 1
 * when out of memory.
 */
static int
add_end_secrets(const struct mq_game *g, json_t *ctx)
{
	static const char *const keys[] = { "seed", "seed_salt" };
	uint64_t end = g->end_seq != 0 ? g->end_seq : g->seq + 1;
	json_t *v, *hidden;
	size_t i;
	int bad = 0;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if ((v = json_object_get(g->genesis, keys[i])) != NULL)
			bad |= json_object_set(ctx, keys[i], v) != 0;
	if (end > g->seq)
		bad |= json_object_set_new(ctx, "end_entry",
		    json_integer((json_int_t)end)) != 0;
	if (!g->ended)
		return bad;
	bad |= (hidden = json_array()) == NULL;
	for (i = 0; i < g->npend && !bad; i++)
		bad |= json_array_append_new(hidden, json_pack("{s:s, s:I, s:s, "
		    "s:s, s:s, s:b}", "player", g->players[g->pend[i].seat].name,
		    "seq", (json_int_t)g->pend[i].seq, "text", g->pend[i].text,
		    "salt", g->pend[i].salt, "commit", g->pend[i].commit,
		    "by_host", g->pend[i].by_host)) != 0;
	bad |= json_object_set_new(ctx, "reveals", hidden) != 0;
	bad |= json_object_set_new(ctx, "ended_by_host", json_true()) != 0;
	return bad;
}

/* s into out whole, or cut at a character's start with "…" after it: a
 * host's why in the mail (kept whole in the log). */
static void
copy_cut(char *out, size_t size, const char *s)
{
	size_t n = strlen(s);

	if (n < size) {
		memcpy(out, s, n + 1);
		return;
	}
	n = size - 4;	/* room for "…" (3 bytes) and the NUL */
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	memcpy(out, s, n);
	memcpy(out + n, "\xe2\x80\xa6", 4);
}

/*
 * The deadline's defaults the entries just logged played (store.h's
 * defaulted), as "defaults": [{"player", "player_is_me", "by_host",
 * "text", "owed_then", "host_why"}], in seat order, for the update mail that follows them: who
 * missed the deadline, or whose move the host played; the command to its
 * own seat, and to the others when the rules show it to them (replay.c
 * marks defaulted_secret: the Spells a Masquerade KEEP put in a hand;
 * and defaulted_wait: a secret pick still face down when the run of
 * entries this mail tells ended, where one the last seat's default
 * resolved is told). Nothing when there was none. 1 when out of memory.
 */
static int
add_defaults(const struct mq_game *g, int reader, json_t *ctx)
{
	const struct mq_player_info *p;
	json_t *list = NULL, *one;
	char why[256];			/* a longer one is cut, with "…" */
	int i, bad = 0;

	for (i = 0; i < g->nplayers && !bad; i++) {
		p = &g->players[i];
		if (!p->defaulted)
			continue;
		if (list == NULL && (list = json_array()) == NULL)
			return 1;
		one = json_pack("{s:s, s:b, s:b}", "player", p->name,
		    "player_is_me", i == reader, "by_host",
		    p->defaulted == MQ_DEFAULTED_HOST);
		bad |= one == NULL;
		/* to the others too, as far as the rules show it to them
		 * (game.h, default_told): not a secret pick still face
		 * down, nor the Spells a Masquerade KEEP put in a hand */
		if (!bad && (i == reader || (!p->defaulted_secret &&
		    p->ndefaulted_wait == 0)))
			bad |= json_object_set_new(one, "text",
			    json_string(p->defaulted_text)) != 0;
		/* what the seat owed as the default was played, as a
		 * receipt's "owed_then": a PASS says what it declined (the
		 * table shows who owes what) */
		if (!bad && json_object_get(one, "text") != NULL &&
		    p->defaulted_owed[0] != '\0')
			bad |= json_object_set_new(one, "owed_then",
			    json_string(p->defaulted_owed)) != 0;
		/* the host says why, to everyone, as in its other notices */
		if (!bad && p->defaulted == MQ_DEFAULTED_HOST &&
		    json_string_value(p->defaulted_why) != NULL) {
			copy_cut(why, sizeof(why),
			    json_string_value(p->defaulted_why));
			bad |= json_object_set_new(one, "host_why",
			    json_string(why)) != 0;
		}
		bad |= json_array_append_new(list, one) != 0;
	}
	if (list == NULL)
		return 0;
	bad |= json_object_set_new(ctx, "defaults", list) != 0;
	bad |= json_object_set_new(ctx, "has_defaults", json_true()) != 0;
	return bad;
}

/*
 * The commitments these entries made that their resolution did not open
 * (a MOVE sent with the round's last PLAY): the resolution mail must
 * announce them, or nobody but the sender would have seen the hash before
 * it was opened. NULL when out of memory; an empty array when none.
 */
static json_t *
still_hidden(const struct mq_game *g)
{
	json_t *a = json_array(), *c, *r;
	size_t i, j;
	int bad = a == NULL, open;

	if (g->committed == NULL)
		return a;
	json_array_foreach(g->committed, i, c) {
		open = 0;
		json_array_foreach(g->revealed, j, r)
			open |= json_equal(json_object_get(r, "commit"),
			    json_object_get(c, "commit"));
		if (!open)
			bad |= json_array_append(a, c) != 0;
	}
	return mq_notify_whole(a, bad);
}

/*
 * After the host moved the deadlines (admin extend): whose move is now due
 * and when, for every reader, not only the one who owes: "due", a list of
 * {"name", "deadline" in the reader's clock, "is_me"}, each seat that owes
 * and is played; none in a paused game, where no deadline runs. A reader
 * who owes reads their own deadline in that list ("Your move is now due
 * ..."): "deadline_said" then keeps the admin mail from saying it again
 * ("The current deadline is ..."). Nonzero when out of memory.
 */
static int
add_due(struct mq_daemon *d, struct mq_game *g, int reader, json_t *ctx)
{
	json_t *due;
	char dl[40];
	long long t;
	int i, bad;

	if (g->paused || mq_game_over(g) || mq_game_all_absent(g))
		return 0;
	if ((due = json_array()) == NULL)
		return 1;
	bad = 0;
	for (i = 0; i < g->nplayers && !bad; i++) {
		if (g->players[i].kicked ||
		    (t = mq_game_deadline(&d->conf, g, i)) <= 0)
			continue;
		fmt_deadline(t, g->players[reader].lang, dl, sizeof(dl));
		bad |= json_array_append_new(due, json_pack("{s:s, s:s, s:b}",
		    "name", g->players[i].name, "deadline", dl,
		    "is_me", i == reader)) != 0;
		if (!bad && i == reader)
			bad |= json_object_set_new(ctx, "deadline_said",
			    json_true()) != 0;
	}
	if (!bad && json_array_size(due) > 0)
		return json_object_set_new(ctx, "due", due) != 0;
	json_decref(due);
	return bad;
}

/* The mail of kind to every seat but skip, or (only >= 0) to only. */
static int
notify_seats(struct mq_daemon *d, struct mq_game *g, const char *kind,
    json_t *admin, int skip, int only, struct mq_err *err)
{
	json_t *ctx, *hidden = NULL;
	int i, rc, bad;

	rc = mq_notify_journal_ok(g, err);
	if (rc == 0 && admin == NULL && g->journal_on &&
	    (hidden = still_hidden(g)) == NULL)
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	for (i = 0; i < g->nplayers && rc == 0; i++) {
		if (i == skip || (only >= 0 && i != only))
			continue;
		/* a kicked seat hears of admin actions (its kick first) and
		 * of the end, not of turns it may not play */
		if (g->players[i].kicked && admin == NULL &&
		    strcmp(kind, "end") != 0)
			continue;
		ctx = mq_notify_base_ctx(d, g, i);
		bad = ctx == NULL;
		if (g->journal_on) {
			/* the end told from the seat's last own move (the
			 * view's recap, where the game keeps one): the moves
			 * before the one that ended it (the last Event, the
			 * fight it set off) came in no mail to a seat out of
			 * them; the one who made it has its story, the recap
			 * being empty */
			json_t *ev = g->journal[i], *recap = strcmp(kind,
			    "end") == 0 && admin == NULL ? json_object_get(
			    json_object_get(ctx, "view"), "recap") : NULL;

			if (json_array_size(recap) > 0)
				ev = recap;
			bad |= json_object_set(ctx, "events", ev) != 0;
			bad |= json_object_set(ctx, "reveals", g->revealed) != 0;
			if (hidden != NULL)
				bad |= json_object_set(ctx, "commitments",
				    hidden) != 0;
		}
		if (strcmp(kind, "end") == 0)
			bad |= add_end_secrets(g, ctx);
		if (admin == NULL)
			bad |= add_defaults(g, i, ctx);
		if (admin != NULL && !bad) {
			bad |= json_object_set(ctx, "admin", admin) != 0;
			if (!bad && json_is_true(json_object_get(admin,
			    "extend")))
				bad |= add_due(d, g, i, ctx);
			if (!bad && (rc = mq_notify_admin_notice(d,
			    g->players[i].lang, ctx, err))) {
				json_decref(ctx);
				break;
			}
		}
		rc = mq_notify_send_game_mail(d, g, i, kind, mq_notify_whole(ctx,
		    bad), err);
	}
	json_decref(hidden);
	/* the host's copy, short: once per game, whichever way it ended */
	if (rc == 0 && only < 0 && strcmp(kind, "end") == 0)
		mq_notify_host_over(d, g);
	return rc;
}

int
mq_notify_everyone(struct mq_daemon *d, struct mq_game *g, const char *kind,
    json_t *admin, int skip, struct mq_err *err)
{
	return notify_seats(d, g, kind, admin, skip, -1, err);
}

int
mq_notify_only(struct mq_daemon *d, struct mq_game *g, const char *kind,
    json_t *admin, int seat, struct mq_err *err)
{
	return notify_seats(d, g, kind, admin, -1, seat, err);
}

int
mq_notify_update(struct mq_daemon *d, struct mq_game *g, const char *kind,
    json_t *admin, struct mq_err *err)
{
	const char *k = kind ? kind : mq_notify_update_kind(g);
	int rc;

	if (k == NULL)
		k = "turn";
	rc = mq_notify_everyone(d, g, k, admin, -1, err);
	if (rc == 0)
		rc = mq_spool_sync(d->conf.datadir, err);
	return rc;
}

/*
 * The end mail again, to one player who asked (STATUS) after the end: as
 * everyone got it, with the host's why when the host ended the game, under
 * a Message-ID of its own (uniq), since a mail client keeps only one mail
 * of an id; saying the player's language changed when lang_set.
 */
int
mq_notify_end_again(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *uniq, int lang_set, struct mq_err *err)
{
	json_t *ctx = mq_notify_base_ctx(d, g, seat), *admin;
	const char *why;
	int rc, bad = ctx == NULL;

	bad |= ctx != NULL && add_end_secrets(g, ctx);
	bad |= ctx != NULL && lang_set &&
	    json_object_set_new(ctx, "lang_set", json_true()) != 0;
	if (!bad && g->ended_body != NULL) {
		why = json_string_value(json_object_get(g->ended_body, "why"));
		admin = mq_notify_admin_json("end", NULL, why != NULL ? why : "",
		    0);
		bad |= admin == NULL || json_object_set_new(ctx, "admin", admin) != 0;
		if (!bad && (rc = mq_notify_admin_notice(d, g->players[seat].lang,
		    ctx, err))) {
			json_decref(ctx);
			return rc;
		}
	}
	if (bad) {
		json_decref(ctx);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	return mq_notify_send_game_mail_uniq(d, g, seat, "end", uniq, ctx, err);
}

/* "reminder_mail": the reminder says the default in its own words, which
 * the move it asks for (the owed partials) then does not say again */
int
mq_notify_reminder(struct mq_daemon *d, struct mq_game *g, int seat,
    struct mq_err *err)
{
	json_t *ctx = mq_notify_base_ctx(d, g, seat);

	ctx = mq_notify_whole(ctx, ctx != NULL && json_object_set_new(ctx,
	    "reminder_mail", json_true()) != 0);
	MQ_TRY(mq_notify_send_game_mail(d, g, seat, "reminder", ctx, err));
	return mq_spool_sync(d->conf.datadir, err);
}

static int
seat_in(const int *seats, int n, int seat)
{
	int i;

	for (i = 0; i < n; i++)
		if (seats[i] == seat)
			return 1;
	return 0;
}

int
mq_notify_waiting(struct mq_daemon *d, struct mq_game *g, const int *late,
    int nlate, const int *waiting, int nwait, long long missed,
    const char *uniq, struct mq_err *err)
{
	char when[40];
	json_t *ctx, *names;
	int i, k, rc = 0, bad, is_late, first;
	long long dl;

	for (i = 0; i < g->nplayers && rc == 0; i++) {
		if (g->players[i].kicked)
			continue;	/* out of the game: the defaults play it */
		is_late = seat_in(late, nlate, i);
		ctx = mq_notify_base_ctx(d, g, i);
		bad = ctx == NULL;
		dl = is_late ? mq_game_deadline(&d->conf, g, i) : missed;
		fmt_deadline(dl, g->players[i].lang, when, sizeof(when));
		bad |= !bad && json_object_set_new(ctx, "waiting_mail",
		    json_true()) != 0;
		bad |= !bad && json_object_set_new(ctx, "missed_deadline",
		    json_string(when)) != 0;
		if (!bad && d->conf.admin[0])
			bad |= json_object_set_new(ctx, "host",
			    json_string(d->conf.admin)) != 0;
		if (!bad && json_is_string(json_object_get(ctx, "owed")))
			bad |= json_object_set_new(ctx, "you_owe",
			    json_true()) != 0;
		if (!bad && is_late) {
			/* its deadline is gone: the move it owes asks for no
			 * "by" (the mail says when it passed) */
			json_object_del(ctx, "deadline");
			bad |= json_object_set_new(ctx, "late", json_true()) != 0;
		}
		if (!bad && !is_late) {
			bad |= (names = json_array()) == NULL;
			for (k = 0, first = 1; k < nwait && !bad; k++) {
				if (waiting[k] == i)
					continue;
				bad |= json_array_append_new(names, json_pack(
				    "{s:s, s:b}", "name",
				    g->players[waiting[k]].name, "first",
				    first)) != 0;
				first = 0;
			}
			bad |= json_object_set_new(ctx, "waiting_for",
			    names) != 0;
		}
		rc = mq_notify_send_game_mail_uniq(d, g, i, "waiting", uniq,
		    mq_notify_whole(ctx, bad), err);
	}
	if (rc == 0)
		rc = mq_spool_sync(d->conf.datadir, err);
	return rc;
}

/* With the game's own data and the player's reply address, unlike a stranger's. */
int
mq_notify_help(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *key, const struct mq_settings *set, int empty,
    int attachments, const char *attachment, struct mq_err *err)
{
	json_t *ctx;
	char uniq[17];
	int bad;

	/* two HELPs at one seq: two mails, each its own Message-ID (a mail
	 * client keeps one mail of an id), and neither replaces the other */
	snprintf(uniq, sizeof(uniq), "%s", key ? key : "");
	bad = (ctx = mq_notify_base_ctx(d, g, seat)) == NULL;
	bad |= !bad && json_object_set_new(ctx, "help_mail", json_true()) != 0;
	/* why the commands came: the mail had none (an empty one, a move
	 * written in the Subject, which is not read) */
	if (!bad && empty)
		bad |= json_object_set_new(ctx, "empty_mail", json_true()) != 0;
	/* its commands in an attachment, maybe: said it was not read
	 * ("attached"; "attachment_name" of one with a name, else
	 * "attachments", their number, when there are more) */
	if (!bad && empty && attachments > 0)
		bad |= json_object_set_new(ctx, "attached", json_true()) != 0;
	if (!bad && empty && attachments == 1 && attachment != NULL &&
	    attachment[0])
		bad |= json_object_set_new(ctx, "attachment_name",
		    json_string(attachment)) != 0;
	if (!bad && empty && attachments > 1)
		bad |= json_object_set_new(ctx, "attachments",
		    json_integer(attachments)) != 0;
	if (!bad && set != NULL && set->lang[0])
		bad |= json_object_set_new(ctx, "lang_set", json_true()) != 0;
	if (!bad && set != NULL && set->notices >= 0)
		bad |= json_object_set_new(ctx, set->notices ? "notices_on" :
		    "notices_off", json_true()) != 0;
	ctx = mq_notify_whole(ctx, bad);
	MQ_TRY(mq_notify_send_game_mail_uniq(d, g, seat, "help", uniq, ctx,
	    err));
	return mq_spool_sync(d->conf.datadir, err);
}

int
mq_notify_settings(struct mq_daemon *d, struct mq_game *g, int seat,
    const struct mq_settings *set, const char *key, struct mq_err *err)
{
	json_t *ctx;
	char uniq[17];
	int bad;

	snprintf(uniq, sizeof(uniq), "%s", key);
	/* once the game is over, the end mail again, as STATUS gets it */
	if (mq_game_over(g)) {
		MQ_TRY(mq_notify_end_again(d, g, seat, uniq, set->lang[0] != '\0',
		    err));
		return mq_spool_sync(d->conf.datadir, err);
	}
	bad = (ctx = mq_notify_base_ctx(d, g, seat)) == NULL;
	if (set->lang[0])
		bad |= json_object_set_new(ctx, "lang_set", json_true()) != 0;
	if (set->notices >= 0)
		bad |= json_object_set_new(ctx, set->notices ? "notices_on" :
		    "notices_off", json_true()) != 0;
	ctx = mq_notify_whole(ctx, bad);
	MQ_TRY(mq_notify_send_game_mail_uniq(d, g, seat, "turn", uniq, ctx,
	    err));
	return mq_spool_sync(d->conf.datadir, err);
}

int
mq_notify_stranger(struct mq_daemon *d, const char *to, const char *lang,
    const char *kind, const char *reason, const char *key, struct mq_err *err)
{
	return mq_notify_stranger_reply(d, to, lang, kind, reason, key, NULL,
	    NULL, NULL, err);
}

int
mq_notify_stranger_reply(struct mq_daemon *d, const char *to,
    const char *lang, const char *kind, const char *reason, const char *key,
    const char *reply_to, const struct mq_game *game,
    const char *in_reply_to, struct mq_err *err)
{
	char now[40], msgid[300], name[200];
	json_t *ctx;
	int rc;

	if (lang == NULL || !*lang)
		lang = d->conf.lang;
	mq_clock_utc(d->now, 0, now, sizeof(now));
	ctx = json_pack("{s:s, s:s, s:s, s:s, s:o}", "game", "", "kind", "redmasque",
	    "lang", lang, "now", now, "reason", mq_notify_refusal_json(d, NULL,
	    lang, reason));
	if (ctx == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	/* the game's own tag, as its other mails have it ([仮面舞踏会 ID]):
	 * a player's mail filter on it missed "[masqued ID]" */
	if (game != NULL && (json_object_set_new(ctx, "about_game",
	    json_string(game->id)) != 0 || json_object_set_new(ctx,
	    "about_masquerade", json_boolean(strcmp(game->kind->name,
	    "masquerade") == 0)) != 0)) {
		json_decref(ctx);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	snprintf(msgid, sizeof(msgid), "%s.%.16s@%s", kind, key, d->conf.reply_domain);
	snprintf(name, sizeof(name), "z-%s-%.32s", kind, key);
	rc = mq_notify_send_mail(d, to, reply_to, lang, kind, NULL, ctx, msgid,
	    in_reply_to, name, err);
	json_decref(ctx);
	return rc ? rc : mq_spool_sync(d->conf.datadir, err);
}
