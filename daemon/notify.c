/*
 * notify.c - building, rendering and spooling a game's mail: each one's
 * context, and the mails of the game's own course (the welcome, the update
 * to everyone, a reminder, the help, a SET's answer, a stranger's one
 * sentence). The host's admin notices are notify_admin.c's, the plain
 * notices to the host notify_host.c's; see notify.h.
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

#include "daemon/deadline.h"
#include "daemon/inbound.h"
#include "daemon/notify_int.h"
#include "daemon/notify_refusal.h"
#include "daemon/receipt.h"
#include "daemon/spool.h"
#include "mail/address.h"
#include "mail/mime_out.h"
#include "mail/render.h"

static void
fmt_time(long long t, char *out, size_t n)
{
	time_t tt = (time_t)t;

	strftime(out, n, "%Y-%m-%d %H:%M UTC", gmtime(&tt));
}

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
static int
journal_ok(const struct mq_game *g, struct mq_err *err)
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
	json_t *ctx;
	int bad;

	fmt_time(d->now, now, sizeof(now));
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
	if (g->paused)	/* nothing is applied: no move is asked for */
		bad |= json_object_set_new(ctx, "paused", json_true()) != 0;
	if (mq_game_policy_wait(&d->conf, g))	/* a deadline applies nothing */
		bad |= json_object_set_new(ctx, "policy_wait", json_true()) != 0;
	if (deadline > 0 && !g->paused) {
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
static int
send_game_mail_uniq(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *kind, const char *uniq, json_t *ctx, struct mq_err *err)
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

static int
send_game_mail(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *kind, json_t *ctx, struct mq_err *err)
{
	return send_game_mail_uniq(d, g, seat, kind, "", ctx, err);
}

/* The welcome to seat only, or to everyone when seat is -1. */
int
mq_notify_welcome_seat(struct mq_daemon *d, struct mq_game *g, int seat,
    struct mq_err *err)
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
		rc = send_game_mail(d, g, i, "welcome", ctx, err);
	}
	json_decref(players);
	if (rc == 0)
		rc = mq_spool_sync(d->conf.datadir, err);
	return rc;
}

int
mq_notify_welcome(struct mq_daemon *d, struct mq_game *g, struct mq_err *err)
{
	return mq_notify_welcome_seat(d, g, -1, err);
}

/* The commitment commit was opened by the entries just logged (a PLACE in
 * its turn is seen by the next player at once): the receipt must not call
 * it secret. */
static int
opened_now(const struct mq_game *g, const json_t *commit)
{
	const json_t *o;
	size_t i;

	json_array_foreach(g->revealed, i, o)
		if (json_equal(json_object_get(o, "commit"), (json_t *)commit))
			return 1;
	return 0;
}

/* The lines that repeat a command accepted before (mq_cmd_result's
 * already), for the receipt: not refusals, nothing to correct; NULL when
 * out of memory. */
static json_t *
already_json(const struct mq_submit_result *r)
{
	json_t *a = json_array();
	size_t i;
	int bad = a == NULL;

	for (i = 0; i < r->ncmds && !bad; i++)
		if (!r->cmds[i].accepted && r->cmds[i].already)
			bad |= json_array_append_new(a, json_pack("{s:i, s:s, s:I}",
			    "line", r->cmds[i].line, "text", r->cmds[i].text, "seq",
			    (json_int_t)r->cmds[i].already)) != 0;
	return mq_notify_whole(a, bad);
}

/* The accepted or the refused commands, for the receipt; NULL when out of
 * memory. A line received already (already_json) is neither. */
static json_t *
results_json(struct mq_daemon *d, const struct mq_game *g, const char *lang,
    const struct mq_submit_result *r, int accepted)
{
	json_t *a = json_array(), *body = NULL, *logged = NULL, *o, *lc;
	size_t i, j = 0;
	int bad = a == NULL;

	/* The commitments are in the entry, whose commands are the accepted
	 * ones that were logged, in the same order. */
	if (accepted && r->logged && r->entry.body != NULL) {
		/* the entry's own body: it parses unless memory runs out, and
		 * then jansson 2.14 may also drop a byte of a string unsaid (a
		 * commitment one digit short): the canonical dump must give the
		 * body back byte for byte */
		struct mq_buf canon = MQ_BUF_INIT;

		if ((body = json_loads(r->entry.body, 0, NULL)) == NULL ||
		    mq_log_canon(body, &canon, NULL) != 0 ||
		    strcmp(mq_buf_str(&canon), r->entry.body) != 0)
			bad = 1;
		mq_buf_free(&canon);
		logged = json_object_get(body, "commands");
	}
	for (i = 0; i < r->ncmds && !bad; i++) {
		const struct mq_cmd_result *c = &r->cmds[i];

		if (c->accepted != accepted || (!accepted && c->already))
			continue;
		if (accepted) {
			o = json_pack("{s:s, s:b}", "text", c->text, "secret", c->secret);
			/* what it answered: a PASS says what it declined */
			if (o != NULL && c->owed[0] != '\0')
				bad |= json_object_set_new(o, "owed_then",
				    json_string(c->owed)) != 0;
			while (c->secret && j < json_array_size(logged)) {
				lc = json_array_get(logged, j++);
				if (strcmp(json_string_value(json_object_get(lc, "text")) ?
				    json_string_value(json_object_get(lc, "text")) : "",
				    c->text) == 0) {
					json_t *cm = json_object_get(lc, "commit");

					if (cm != NULL &&
					    (json_object_set(o, "commit", cm) != 0 ||
					    json_object_set_new(o, "opened",
					    json_boolean(c->shown ||
					    (g != NULL && opened_now(g, cm)))) != 0))
						bad = 1;
					break;
				}
			}
			bad |= json_array_append_new(a, o) != 0;
		} else
			bad |= json_array_append_new(a, json_pack("{s:i, s:s, s:o}",
			    "line", c->line, "text", c->text, "error",
			    mq_notify_refusal_json(d, g, lang, c->error))) != 0;
	}
	json_decref(body);
	return mq_notify_whole(a, bad);
}

/* The seat's own new commitments; NULL when out of memory. */
static json_t *
own_commits(const struct mq_game *g, int seat)
{
	json_t *a = json_array(), *c;
	size_t i;
	int bad = a == NULL;

	json_array_foreach(g->committed, i, c)
		if (strcmp(json_string_value(json_object_get(c, "player")),
		    g->players[seat].name) == 0)
			bad |= json_array_append(a, c) != 0;
	return mq_notify_whole(a, bad);
}

/* The kind of mail everyone gets after entries: end, resolution, or none. */
static const char *
update_kind(const struct mq_game *g)
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
 * shown can then be checked. 1 when out of memory.
 */
static int
add_end_secrets(const struct mq_game *g, json_t *ctx)
{
	static const char *const keys[] = { "seed", "seed_salt" };
	json_t *v, *hidden;
	size_t i;
	int bad = 0;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if ((v = json_object_get(g->genesis, keys[i])) != NULL)
			bad |= json_object_set(ctx, keys[i], v) != 0;
	if (!g->ended)
		return bad;
	bad |= (hidden = json_array()) == NULL;
	for (i = 0; i < g->npend && !bad; i++)
		bad |= json_array_append_new(hidden, json_pack("{s:s, s:I, s:s, "
		    "s:s, s:s}", "player", g->players[g->pend[i].seat].name, "seq",
		    (json_int_t)g->pend[i].seq, "text", g->pend[i].text, "salt",
		    g->pend[i].salt, "commit", g->pend[i].commit)) != 0;
	bad |= json_object_set_new(ctx, "reveals", hidden) != 0;
	bad |= json_object_set_new(ctx, "ended_by_host", json_true()) != 0;
	return bad;
}

/* The seat owes input now and did not before the last entries. */
static int
turn_came(const struct mq_game *g, int seat)
{
	return !g->owed_before[seat] && g->kind->owes(g->state, seat) != NULL;
}

/*
 * The deadline's defaults the entries just logged played (store.h's
 * defaulted), as "defaults": [{"player", "player_is_me", "by_host",
 * "text"}], in seat order, for the update mail that follows them: who
 * missed the deadline, or whose move the host played; the command only
 * to its own seat (a default may be a secret pick, or a hidden card, not
 * yet revealed). Nothing when there was none. 1 when out of memory.
 */
static int
add_defaults(const struct mq_game *g, int reader, json_t *ctx)
{
	const struct mq_player_info *p;
	json_t *list = NULL, *one;
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
		if (!bad && i == reader)
			bad |= json_object_set_new(one, "text",
			    json_string(p->defaulted_text)) != 0;
		bad |= json_array_append_new(list, one) != 0;
	}
	if (list == NULL)
		return 0;
	bad |= json_object_set_new(ctx, "defaults", list) != 0;
	bad |= json_object_set_new(ctx, "has_defaults", json_true()) != 0;
	return bad;
}

int
mq_notify_everyone(struct mq_daemon *d, struct mq_game *g, const char *kind,
    json_t *admin, int skip, struct mq_err *err)
{
	json_t *ctx;
	int i, rc, bad;

	rc = journal_ok(g, err);
	for (i = 0; i < g->nplayers && rc == 0; i++) {
		if (i == skip)
			continue;
		/* a kicked seat hears of admin actions (its kick first) and
		 * of the end, not of turns it may not play */
		if (g->players[i].kicked && admin == NULL &&
		    strcmp(kind, "end") != 0)
			continue;
		ctx = mq_notify_base_ctx(d, g, i);
		bad = ctx == NULL;
		if (g->journal_on) {
			bad |= json_object_set(ctx, "events", g->journal[i]) != 0;
			bad |= json_object_set(ctx, "reveals", g->revealed) != 0;
		}
		if (strcmp(kind, "end") == 0)
			bad |= add_end_secrets(g, ctx);
		if (admin == NULL)
			bad |= add_defaults(g, i, ctx);
		if (admin != NULL && !bad) {
			bad |= json_object_set(ctx, "admin", admin) != 0;
			if (!bad && (rc = mq_notify_admin_notice(d,
			    g->players[i].lang, ctx, err))) {
				json_decref(ctx);
				break;
			}
		}
		rc = send_game_mail(d, g, i, kind, mq_notify_whole(ctx, bad), err);
	}
	return rc;
}

static int end_again(struct mq_daemon *, struct mq_game *, int, const char *,
    int, struct mq_err *);

/*
 * A player's mail to a game that is over logs nothing: STATUS is answered
 * with the end mail again (the result, the seed: what "how it ended"
 * means), in the language a SET LANG beside it asked (listed among the
 * results: mq_receipt_list_settings), saying so; any other line with one
 * sentence, in a mail of its own. A SET line is no move to refuse.
 */
static int
answer_over(struct mq_daemon *d, struct mq_game *g, int seat,
    const struct mq_submit_result *r, const char *uniq, struct mq_err *err)
{
	const char *why = NULL;	/* a bad SET line's own sentence */
	char key[17], basis[64];
	unsigned char h[8];
	size_t i;
	int status = 0, other = 0, moves = 0, lang = 0, rc = 0;

	/* no Message-ID to set it apart: the game, seat and seq do, as for
	 * a receipt; the refusal goes out as a stranger's mail, whose name
	 * holds nothing else (a constant one was every game's and player's,
	 * and one pass's answers replaced each other) */
	if (*uniq == '\0') {
		snprintf(basis, sizeof(basis), "%s.%d.%llu", g->id, seat,
		    (unsigned long long)g->seq);
		crypto_generichash(h, sizeof(h), (const unsigned char *)basis,
		    strlen(basis), NULL, 0);
		sodium_bin2hex(key, sizeof(key), h, sizeof(h));
		uniq = key;
	}
	for (i = 0; i < r->ncmds; i++) {
		if (r->cmds[i].accepted && strcmp(r->cmds[i].text, "STATUS") == 0)
			status = 1;
		else if (mq_receipt_is_setting(&r->cmds[i]))
			lang |= strncmp(r->cmds[i].text, "SET LANG ", 9) == 0;
		else if (!r->cmds[i].accepted ||
		    strcmp(r->cmds[i].text, "HELP") != 0) {
			other = 1;
			/* SET LANG fr: its own sentence, unless a move
			 * came too, which the game's end answers */
			if (!r->cmds[i].accepted && strncmp(r->cmds[i].error,
			    "SET ", 4) == 0) {
				if (why == NULL)
					why = r->cmds[i].error;
			} else
				moves = 1;
		}
	}
	if (other)
		rc = mq_notify_stranger(d, g->players[seat].email,
		    g->players[seat].lang, "refused", why != NULL && !moves ? why :
		    "The game is over; nothing more can be played. Reply STATUS "
		    "to any of the game's mails to see how it ended.", uniq, err);
	if (rc == 0 && status)
		rc = end_again(d, g, seat, uniq, lang, err);
	return rc;
}

/*
 * Nothing logged: the seq is the last message's too, and one pass may
 * answer several; the sender's Message-ID (NULL: none) sets this answer
 * apart, and a retry of the same message still replaces it.
 */
static void
reply_uniq(const char *reply_id, char uniq[17])
{
	unsigned char h[8];

	uniq[0] = '\0';
	if (reply_id == NULL)
		return;
	crypto_generichash(h, sizeof(h), (const unsigned char *)reply_id,
	    strlen(reply_id), NULL, 0);
	sodium_bin2hex(uniq, 17, h, sizeof(h));
}

int
mq_notify_submit(struct mq_daemon *d, struct mq_game *g, int seat,
    const struct mq_submit_result *r, const char *reply_id, struct mq_err *err)
{
	/* what this mail's entries set off: nothing if it logged none */
	const char *upd = r->logged ? update_kind(g) : NULL;
	json_t *ctx;
	char *receipt = NULL, uniq[17] = "";
	int i, rc, bad;

	MQ_TRY(journal_ok(g, err));
	if (!r->logged)
		reply_uniq(reply_id, uniq);
	if (mq_game_over(g) && !r->logged) {
		rc = answer_over(d, g, seat, r, uniq, err);
		return rc ? rc : mq_spool_sync(d->conf.datadir, err);
	}
	ctx = mq_notify_base_ctx(d, g, seat);
	bad = ctx == NULL;
	bad |= json_object_set_new(ctx, "accepted", results_json(d, g, NULL, r,
	    1)) != 0;
	bad |= json_object_set_new(ctx, "refused", results_json(d, g,
	    g->players[seat].lang, r, 0)) != 0;
	bad |= json_object_set_new(ctx, "already", already_json(r)) != 0;
	/* the subject names the turn the mail was about, not the one its
	 * move began (a game whose journal is off: the clock as it stands) */
	bad |= json_object_set(ctx, "view_before", g->view_before != NULL ?
	    g->view_before : json_object_get(ctx, "view")) != 0;
	if (r->logged) {
		/* it fails only out of memory: no receipt mail without it */
		bad |= mq_receipt_make(&r->entry, g->store->keys.pk, &receipt,
		    NULL) != 0;
		if (receipt != NULL)
			bad |= json_object_set_new(ctx, "receipt", json_pack(
			    "{s:I, s:s, s:s}", "seq", (json_int_t)r->entry.seq,
			    "hash", r->entry.hash, "json", receipt)) != 0;
		free(receipt);
	}
	if (g->committed != NULL)
		bad |= json_object_set_new(ctx, "commitments",
		    own_commits(g, seat)) != 0;
	if (d->hush_notices && r->logged && g->committed != NULL &&
	    json_array_size(g->committed) > 0)	/* receipt: why none came */
		bad |= json_object_set_new(ctx, "hushed", json_pack("{s:i}",
		    "limit", d->conf.rate_limit)) != 0;
	if (upd == NULL && g->journal_on)
		bad |= json_object_set(ctx, "events", g->journal[seat]) != 0;
	/* a STATUS alone: its subject says what it brings, not "received" */
	for (i = 0; !r->logged && i < (int)r->ncmds && r->cmds[i].accepted &&
	    strcmp(r->cmds[i].text, "STATUS") == 0; i++)
		;
	if (i > 0 && i == (int)r->ncmds && !r->logged)
		bad |= json_object_set_new(ctx, "status_only", json_true()) != 0;
	ctx = mq_notify_whole(ctx, bad);
	rc = send_game_mail_uniq(d, g, seat, "receipt", uniq, ctx, err);
	if (rc == 0 && upd != NULL)
		rc = mq_notify_everyone(d, g, upd, NULL, -1, err);
	else if (rc == 0) {
		/* Everyone else whose turn just came gets the board (they act
		 * on it); the others, if commitments were made, a short notice
		 * with their values (STATUS brings the board); else nothing
		 * they need changed (The Masquerade's moves are public and
		 * come to them with their turn). */
		int commits = g->committed != NULL &&
		    json_array_size(g->committed) > 0, came;

		for (i = 0; i < g->nplayers && rc == 0; i++) {
			/* a quiet player (SET NOTICES OFF) sees the
			 * commitments with the moves they open; a notice
			 * that tells them something else (a placement, a
			 * move shown at once) still comes */
			if (i == seat || g->players[i].kicked ||
			    (!(came = turn_came(g, i)) && (!commits ||
			    ((g->players[i].quiet || d->hush_notices) &&
			    g->journal_on &&
			    json_array_size(g->journal[i]) == 0))))
				continue;
			ctx = mq_notify_base_ctx(d, g, i);
			bad = ctx == NULL;
			if (commits)
				bad |= json_object_set(ctx, "commitments",
				    g->committed) != 0;
			bad |= json_object_set(ctx, "events", g->journal[i]) != 0;
			ctx = mq_notify_whole(ctx, bad);
			rc = send_game_mail(d, g, i, came ? "turn" : "notice", ctx,
			    err);
		}
	}
	if (rc == 0)
		rc = mq_spool_sync(d->conf.datadir, err);
	return rc;
}

int
mq_notify_answer(struct mq_daemon *d, struct mq_game *g, int seat,
    const struct mq_submit_result *r, const char *reply_id, struct mq_err *err)
{
	size_t i;
	int rc, only_help;
	char uniq[17] = "";

	if (!r->logged)	/* a second HELP at this seq: a mail of its own */
		reply_uniq(reply_id, uniq);
	for (i = 0; i < r->ncmds && r->cmds[i].accepted &&
	    strcmp(r->cmds[i].text, "HELP") == 0; i++)
		;
	only_help = i > 0 && i == r->ncmds && !r->logged;
	rc = only_help ? 0 : mq_notify_submit(d, g, seat, r, reply_id, err);
	for (i = 0; rc == 0 && i < r->ncmds; i++)
		if (r->cmds[i].accepted && strcmp(r->cmds[i].text, "HELP") == 0) {
			rc = mq_notify_help(d, g, seat, uniq, err);
			break;	/* the receipt does not list the commands */
		}
	return rc;
}

int
mq_notify_update(struct mq_daemon *d, struct mq_game *g, const char *kind,
    json_t *admin, struct mq_err *err)
{
	const char *k = kind ? kind : update_kind(g);
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
static int
end_again(struct mq_daemon *d, struct mq_game *g, int seat, const char *uniq,
    int lang_set, struct mq_err *err)
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
	return send_game_mail_uniq(d, g, seat, "end", uniq, ctx, err);
}

/* A mail of kind to seat alone, with what every game mail carries, synced. */
static int
seat_mail(struct mq_daemon *d, struct mq_game *g, int seat, const char *kind,
    struct mq_err *err)
{
	MQ_TRY(send_game_mail(d, g, seat, kind, mq_notify_base_ctx(d, g, seat),
	    err));
	return mq_spool_sync(d->conf.datadir, err);
}

int
mq_notify_reminder(struct mq_daemon *d, struct mq_game *g, int seat,
    struct mq_err *err)
{
	return seat_mail(d, g, seat, "reminder", err);
}

/* With the game's own data and the player's reply address, unlike a stranger's. */
int
mq_notify_help(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *key, struct mq_err *err)
{
	char uniq[17];

	/* two HELPs at one seq: two mails, each its own Message-ID (a mail
	 * client keeps one mail of an id), and neither replaces the other */
	snprintf(uniq, sizeof(uniq), "%s", key ? key : "");
	MQ_TRY(send_game_mail_uniq(d, g, seat, "help", uniq,
	    base_ctx(d, g, seat), err));
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
		MQ_TRY(end_again(d, g, seat, uniq, set->lang[0] != '\0', err));
		return mq_spool_sync(d->conf.datadir, err);
	}
	bad = (ctx = mq_notify_base_ctx(d, g, seat)) == NULL;
	if (set->lang[0])
		bad |= json_object_set_new(ctx, "lang_set", json_true()) != 0;
	if (set->notices >= 0)
		bad |= json_object_set_new(ctx, set->notices ? "notices_on" :
		    "notices_off", json_true()) != 0;
	ctx = mq_notify_whole(ctx, bad);
	MQ_TRY(send_game_mail_uniq(d, g, seat, "turn", uniq, ctx, err));
	return mq_spool_sync(d->conf.datadir, err);
}

int
mq_notify_stranger(struct mq_daemon *d, const char *to, const char *lang,
    const char *kind, const char *reason, const char *key, struct mq_err *err)
{
	char now[40], msgid[300], name[200];
	json_t *ctx;
	int rc;

	if (lang == NULL || !*lang)
		lang = d->conf.lang;
	fmt_time(d->now, now, sizeof(now));
	ctx = json_pack("{s:s, s:s, s:s, s:s, s:o}", "game", "", "kind", "redmasque",
	    "lang", lang, "now", now, "reason", mq_notify_refusal_json(d, NULL,
	    lang, reason));
	if (ctx == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	snprintf(msgid, sizeof(msgid), "%s.%.16s@%s", kind, key, d->conf.reply_domain);
	snprintf(name, sizeof(name), "z-%s-%.32s", kind, key);
	rc = mq_notify_send_mail(d, to, NULL, lang, kind, NULL, ctx, msgid, NULL,
	    name, err);
	json_decref(ctx);
	return rc ? rc : mq_spool_sync(d->conf.datadir, err);
}
