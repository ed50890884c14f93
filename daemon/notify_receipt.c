/*
 * notify_receipt.c - the answers to a player's message: the receipt (what
 * was accepted, refused or received already, the entry's receipt, the
 * player's own commitments), and what the move tells the others (the
 * board to those whose turn came, a notice of new commitments, or the
 * resolution or end mail to everyone); to a game that is over, STATUS
 * answered with the end mail again. See notify.h (mq_notify_submit,
 * mq_notify_answer).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>

#include "daemon/log.h"
#include "daemon/notify_int.h"
#include "daemon/notify_refusal.h"
#include "daemon/receipt.h"
#include "daemon/spool.h"
#include "mail/mime_out.h"

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
		if (!r->cmds[i].accepted && r->cmds[i].already) {
			json_t *o = json_pack("{s:i, s:s, s:I}", "line",
			    r->cmds[i].line, "text", r->cmds[i].text, "seq",
			    (json_int_t)r->cmds[i].already);

			/* a resend's line its first copy left out for a later
			 * one (inbound_copy.c): entry seq never logged it */
			if (o != NULL && r->cmds[i].replaced_by > 0)
				bad |= json_object_set_new(o, "replaced_by_line",
				    json_integer(r->cmds[i].replaced_by)) != 0;
			/* one that put a refused line above it right (a
			 * resend's, as its first copy was told; the standing
			 * move sent as the correction): says so again */
			if (o != NULL && r->cmds[i].corrects > 0)
				bad |= json_object_set_new(o, "corrects_line",
				    json_integer(r->cmds[i].corrects)) != 0;
			bad |= json_array_append_new(a, o) != 0;
		}
	return mq_notify_whole(a, bad);
}

/* The lines that were no command ("Hi all,", mq_cmd_result's note), for
 * the receipt: left alone, nothing to send again, no sentence each; NULL
 * when out of memory. */
static json_t *
notes_json(const struct mq_submit_result *r)
{
	json_t *a = json_array();
	size_t i;
	int bad = a == NULL;

	for (i = 0; i < r->ncmds && !bad; i++)
		if (!r->cmds[i].accepted && !r->cmds[i].already &&
		    r->cmds[i].note)
			bad |= json_array_append_new(a, json_pack("{s:i, s:s, s:s*}",
			    "line", r->cmds[i].line, "text", r->cmds[i].text,
			    "meant", r->cmds[i].meant[0] ? r->cmds[i].meant :
			    NULL)) != 0;
	return mq_notify_whole(a, bad);
}

/* The accepted (1) or the refused (0) commands, for the receipt, or (2)
 * the lines needed no more (moot); NULL when out of memory. A line
 * received already (already_json) or noted (notes_json) is none of them.
 * was: the time the mail was read at (the view's before it; NULL: a game
 * with none), beside which an accepted line for another says its own. */
static json_t *
results_json(struct mq_daemon *d, const struct mq_game *g, const char *lang,
    const struct mq_submit_result *r, int accepted, const char *was)
{
	json_t *a = json_array(), *body = NULL, *logged = NULL, *o, *lc;
	size_t i, j = 0;
	int bad = a == NULL, other = 0;

	/* The commitments are in the entry, whose commands are the accepted
	 * ones that were logged, in the same order. */
	if (accepted == 1 && r->logged && r->entry.body != NULL) {
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
	/* A line of the mail taken for another round than the mail's (a
	 * card for the next, sent during the moves): then every line says
	 * its round, so that a MOVE under that card, for this round's
	 * moves, is not read as the next round's (MOVE stay, PLAY jest,
	 * MOVE cw: the cw changes this round's stay) */
	for (i = 0; i < r->ncmds && was != NULL && accepted == 1; i++)
		if (r->cmds[i].accepted && r->cmds[i].moment[0] != '\0' &&
		    strcmp(r->cmds[i].moment, was) != 0)
			other = 1;
	for (i = 0; i < r->ncmds && !bad; i++) {
		const struct mq_cmd_result *c = &r->cmds[i];

		/* accepted 2: the lines needed no more (moot), apart */
		if (accepted == 2 ? c->accepted || !c->moot :
		    c->accepted != accepted || (!accepted && (c->already ||
		    c->note || c->moot)))
			continue;
		if (accepted == 1) {
			/* left out for a later line of the mail, for the same
			 * decision: no commitment, nothing secret to open */
			o = json_pack("{s:s, s:b}", "text", c->text, "secret",
			    c->secret && !c->replaced_by);
			if (o != NULL && c->replaced_by > 0)
				bad |= json_object_set_new(o, "replaced_by_line",
				    json_integer(c->replaced_by)) != 0;
			/* the line of the mail it came from, as the refused
			 * ones say theirs (a SET line listed from the log has
			 * none) */
			if (o != NULL && c->line > 0)
				bad |= json_object_set_new(o, "line",
				    json_integer(c->line)) != 0;
			/* the earlier move it changes */
			if (o != NULL && c->replaces != 0)
				bad |= json_object_set_new(o, "replaces",
				    json_integer((json_int_t)c->replaces)) != 0;
			/* or the line of the same mail it changes */
			if (o != NULL && c->replaces_line > 0 && c->line > 0)
				bad |= json_object_set_new(o, "replaces_line",
				    json_integer(c->replaces_line)) != 0;
			/* or the refused line above it that it puts right */
			if (o != NULL && c->corrects > 0)
				bad |= json_object_set_new(o, "corrects_line",
				    json_integer(c->corrects)) != 0;
			/* what the game tells its sender alone of it (this
			 * is the sender's receipt) */
			if (o != NULL && c->sender_note != NULL)
				bad |= json_object_set(o, "sender_note",
				    c->sender_note) != 0;
			/* taken for another round than the one the mail was
			 * read in (a card for the next round, sent once this
			 * one's were revealed): the line says which, and so
			 * does every line of a mail that holds one (above) */
			if (o != NULL && was != NULL && c->moment[0] != '\0' &&
			    (other || strcmp(c->moment, was) != 0))
				bad |= json_object_set_new(o, "for_time",
				    json_string(c->moment)) != 0;
			/* what it answered: a PASS says what it declined */
			if (o != NULL && c->owed[0] != '\0')
				bad |= json_object_set_new(o, "owed_then",
				    json_string(c->owed)) != 0;
			while (c->secret && !c->replaced_by &&
			    j < json_array_size(logged)) {
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
		} else {
			o = json_pack("{s:i, s:s, s:o}", "line", c->line, "text",
			    c->text, "error", mq_notify_refusal_json(d, g, lang,
			    c->error));
			/* held back by a refused line above (submit.c
			 * mq_game_after_refused): its sentence says it was not
			 * applied, which the template need not say again */
			if (o != NULL && strncmp(c->error, MQ_AFTER_REFUSED,
			    strlen(MQ_AFTER_REFUSED)) == 0)
				bad |= json_object_set_new(o, "waited",
				    json_true()) != 0;
			/* put right by a later line of the mail, taken
			 * (submit.c mq_game_corrects): nothing to send again */
			if (o != NULL && c->corrected_by > 0)
				bad |= json_object_set_new(o, "corrected_by_line",
				    json_integer(c->corrected_by)) != 0;
			bad |= json_array_append_new(a, o) != 0;
		}
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

/*
 * The body's top line names the turn the subject names, and the one the
 * move began when it ended that turn ("turn 1 (now turn 2)", "8:00 (now
 * 8:20)"): "turn_before" (The Masquerade's turn) and "clock_before" (The
 * Red Death's time), set only when they differ from the view's now. 1
 * when out of memory.
 */
static int
set_before(json_t *ctx)
{
	const json_t *was = json_object_get(ctx, "view_before"),
	    *now = json_object_get(ctx, "view"), *a, *b;
	int bad = 0;

	a = json_object_get(was, "turn");
	b = json_object_get(now, "turn");
	if (json_is_integer(a) && json_is_integer(b) && !json_equal(a, b))
		bad |= json_object_set(ctx, "turn_before", (json_t *)a) != 0;
	a = json_object_get(was, "time");
	b = json_object_get(now, "time");
	if (json_is_string(a) && json_is_string(b) && !json_equal(a, b))
		bad |= json_object_set(ctx, "clock_before", (json_t *)a) != 0;
	return bad;
}

/*
 * The entries just logged ended the phase the mail was read in: the
 * view's phase, round or time is no longer the one before them (a
 * placement or a move shown at once in its turn leaves them as they
 * were, until the last one).
 */
static int
phase_ended(const json_t *ctx)
{
	static const char *const keys[] = { "phase", "round", "time" };
	const json_t *was = json_object_get(ctx, "view_before"),
	    *now = json_object_get(ctx, "view");
	const json_t *a, *b;
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		a = json_object_get(was, keys[i]);
		b = json_object_get(now, keys[i]);
		if ((a != NULL || b != NULL) && !json_equal(a, b))
			return 1;
	}
	return 0;
}

/* The seat owes input now and did not before the last entries. */
static int
turn_came(const struct mq_game *g, int seat)
{
	return !g->owed_before[seat] && g->kind->owes(g->state, seat) != NULL;
}

/*
 * Whether the entries just logged settled something seat took part in:
 * an event of its journal with an outcome (The Masquerade's fight result)
 * that names the seat as the one who started it or the one it was aimed
 * at. Both fighters hear how it ended when it ends, not with their next
 * turn (the challenger's last mail was the receipt of its own window).
 */
static int
settled_for(const struct mq_game *g, int seat)
{
	const char *name = g->players[seat].name, *p, *t;
	json_t *e;
	size_t i;

	if (!g->journal_on)
		return 0;
	json_array_foreach(g->journal[seat], i, e) {
		if (json_object_get(e, "outcome") == NULL)
			continue;
		p = json_string_value(json_object_get(e, "player"));
		t = json_string_value(json_object_get(e, "target"));
		if ((p != NULL && strcmp(p, name) == 0) ||
		    (t != NULL && strcmp(t, name) == 0))
			return 1;
	}
	return 0;
}

/*
 * Whether the entries just logged changed seat's hidden hand by another
 * player's move (The Masquerade: a Request for a Tune's Spells; a discard
 * Silence, a lower hand limit or a theft made by itself; a Serenade's or
 * the Thief's theft; a fight's draw; a Stage the game chose and its
 * draws): an event of its journal the engine marks "hand_changed", in the
 * seat's own view alone. Nobody else may tell the player their new hand,
 * and a player not to move would otherwise hear of it only with their
 * next turn, planning on a hand they no longer hold.
 */
static int
hand_news_for(const struct mq_game *g, int seat)
{
	json_t *e;
	size_t i;

	if (!g->journal_on)
		return 0;
	json_array_foreach(g->journal[seat], i, e)
		if (json_is_true(json_object_get(e, "hand_changed")))
			return 1;
	return 0;
}

/*
 * A player's mail to a game that is over logs nothing: STATUS is answered
 * with the end mail again (the result, the seed: what "how it ended"
 * means), in the language a SET LANG beside it asked (listed among the
 * results: mq_receipt_list_settings), saying so; any other line with one
 * sentence, in a mail of its own. A SET line is no move to refuse.
 */
static int
answer_over(struct mq_daemon *d, struct mq_game *g, int seat,
    const struct mq_submit_result *r, const char *uniq, const char *reply_id,
    struct mq_err *err)
{
	const char *why = NULL;	/* a bad SET line's own sentence */
	const char *thread;
	char key[17], basis[64], idbuf[1000];
	unsigned char h[8];
	size_t i, n;
	int status = 0, other = 0, moves = 0, lang = 0, notes = 0, help = 0;
	int rc = 0;

	/* every caller sets it apart (the message's Message-ID or hash,
	 * submit's random key); should one not, the game, seat and seq do,
	 * as for a receipt: the refusal goes out as a stranger's mail, whose
	 * name holds nothing else (a constant one was every game's and
	 * player's, and one pass's answers replaced each other) */
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
		else if (!r->cmds[i].accepted && r->cmds[i].note)
			notes = 1;	/* answered only if nothing else is */
		else if (mq_receipt_is_setting(&r->cmds[i]))
			lang |= strncmp(r->cmds[i].text, "SET LANG ", 9) == 0;
		else if (r->cmds[i].accepted &&
		    strcmp(r->cmds[i].text, "HELP") == 0)
			help = 1;	/* the help mail answers it */
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
	/* "Thanks for the game!" alone is no mail to refuse: it gets the
	 * end mail again, how the game ended, as STATUS would */
	if (notes && !other && !lang && !help)
		status = 1;
	/* the game named in the subject: a player in several games, or long
	 * after, knows which one is over */
	/* the sender's Message-ID as mime_out writes it, without its
	 * angle brackets (a caller may keep them) */
	if (reply_id != NULL && reply_id[0] == '<' &&
	    (n = strlen(reply_id)) > 2 && reply_id[n - 1] == '>')
		snprintf(idbuf, sizeof(idbuf), "%.*s", (int)(n - 2), reply_id + 1);
	else
		snprintf(idbuf, sizeof(idbuf), "%s", reply_id != NULL ? reply_id :
		    "");
	/* one mime_out would refuse is no thread: the answer goes still */
	thread = idbuf[0] != '\0' && strlen(idbuf) <= 900 &&
	    strpbrk(idbuf, " \t") == NULL &&
	    mq_mime_msgid_ok(idbuf, strlen(idbuf)) ? idbuf : NULL;
	if (other)
		rc = mq_notify_stranger_reply(d, g->players[seat].email,
		    g->players[seat].lang, "refused", why != NULL && !moves ? why :
		    "The game is over; nothing more can be played. Reply STATUS "
		    "to any of the game's mails to see how it ended.", uniq, NULL,
		    g, thread, err);	/* threaded under the reply */
	if (rc == 0 && status)
		rc = mq_notify_end_again(d, g, seat, uniq, lang, err);
	return rc;
}

/*
 * Nothing logged: the seq is the last message's too, and one pass may
 * answer several; key sets this answer apart, else the sender's Message-ID
 * (reply_id; NULL: none). A mail's key is its bytes' hash: read again (a
 * crash, a mailbox read from its start), the same message's answer takes
 * its old name and replaces it; a mail client's resend of it, new bytes
 * under the same Message-ID, gets an answer of its own (named from the
 * Message-ID, it took the first answer's Message-ID, and the player's mail
 * client dropped it as a mail it had).
 */
static void
reply_uniq(const char *key, const char *reply_id, char uniq[17])
{
	unsigned char h[8];

	uniq[0] = '\0';
	if (key == NULL)
		key = reply_id;
	if (key == NULL)
		return;
	crypto_generichash(h, sizeof(h), (const unsigned char *)key,
	    strlen(key), NULL, 0);
	sodium_bin2hex(uniq, 17, h, sizeof(h));
}

int
mq_notify_submit(struct mq_daemon *d, struct mq_game *g, int seat,
    const struct mq_submit_result *r, const char *reply_id, const char *key,
    struct mq_err *err)
{
	/* what this mail's entries set off: nothing if it logged none */
	const char *upd = r->logged ? mq_notify_update_kind(g) : NULL;
	json_t *ctx, *body;
	char *receipt = NULL, uniq[17] = "";
	const char *was;	/* the time the mail was read at */
	int i, rc, bad;

	MQ_TRY(mq_notify_journal_ok(g, err));
	if (!r->logged)
		reply_uniq(key, reply_id, uniq);
	if (mq_game_over(g) && !r->logged) {
		rc = answer_over(d, g, seat, r, uniq, reply_id, err);
		return rc ? rc : mq_spool_sync(d->conf.datadir, err);
	}
	ctx = mq_notify_base_ctx(d, g, seat);
	bad = ctx == NULL;
	was = json_string_value(json_object_get(g->view_before != NULL ?
	    g->view_before : json_object_get(ctx, "view"), "time"));
	bad |= json_object_set_new(ctx, "accepted", results_json(d, g, NULL, r,
	    1, was)) != 0;
	bad |= json_object_set_new(ctx, "refused", results_json(d, g,
	    g->players[seat].lang, r, 0, NULL)) != 0;
	bad |= json_object_set_new(ctx, "already", already_json(r)) != 0;
	/* "send again, corrected": only when a refused line can be mended
	 * so; not after a late move's sentence (the game moved on), nor a
	 * line held back by one above (its sentence says what to do), nor
	 * the game's end */
	for (i = 0; i < (int)r->ncmds; i++) {
		const struct mq_cmd_result *c = &r->cmds[i];

		if (!c->accepted && !c->already && !c->note && !c->moot &&
		    !c->corrected_by && strncmp(c->error, MQ_AFTER_REFUSED,
		    strlen(MQ_AFTER_REFUSED)) != 0 &&
		    strncmp(c->error, MQ_LATE_MOVE, strlen(MQ_LATE_MOVE)) != 0 &&
		    strncmp(c->error, MQ_GAME_OVER, strlen(MQ_GAME_OVER)) != 0) {
			bad |= json_object_set_new(ctx, "resend",
			    json_true()) != 0;
			break;
		}
	}
	/* a refused line no later line put right: the subject says "with
	 * problems" (or "nothing accepted") only then. Set here, for both
	 * games, from every line the "refused" list holds (results_json):
	 * The Masquerade's mail is not decorated by mail/decorate.c, and a
	 * refused line has no "corrected_by_line" to test unless put right */
	for (i = 0; i < (int)r->ncmds; i++) {
		const struct mq_cmd_result *c = &r->cmds[i];

		if (!c->accepted && !c->already && !c->note && !c->moot &&
		    !c->corrected_by) {
			bad |= json_object_set_new(ctx, "has_refused_left",
			    json_true()) != 0;
			break;
		}
	}
	bad |= json_object_set_new(ctx, "not_commands", notes_json(r)) != 0;
	bad |= json_object_set_new(ctx, "not_needed", results_json(d, g,
	    g->players[seat].lang, r, 2, NULL)) != 0;
	/* the subject names the turn the mail was about, not the one its
	 * move began (a game whose journal is off: the clock as it stands) */
	bad |= json_object_set(ctx, "view_before", g->view_before != NULL ?
	    g->view_before : json_object_get(ctx, "view")) != 0;
	bad |= set_before(ctx);
	if (r->logged) {
		/* it fails only out of memory: no receipt mail without it */
		bad |= mq_receipt_make(&r->entry, g->store->keys.pk, &receipt,
		    NULL) != 0;
		if (receipt != NULL)
			bad |= json_object_set_new(ctx, "receipt", json_pack(
			    "{s:I, s:s, s:s}", "seq", (json_int_t)r->entry.seq,
			    "hash", r->entry.hash, "json", receipt)) != 0;
		free(receipt);
		/* no mail of the player's carried it (the host's submit):
		 * said, so that a move they did not ask for is not passed
		 * over as their own ("by_host" is each commitment's) */
		body = r->entry.body != NULL ? json_loads(r->entry.body, 0,
		    NULL) : NULL;
		bad |= body == NULL;
		if (body != NULL && json_object_get(body, "msg") == NULL)
			bad |= json_object_set_new(ctx, "entered_by_host",
			    json_true()) != 0;
		json_decref(body);
	}
	if (g->committed != NULL)
		bad |= json_object_set_new(ctx, "commitments",
		    own_commits(g, seat)) != 0;
	if (d->hush_notices && r->logged && g->committed != NULL &&
	    json_array_size(g->committed) > 0)	/* receipt: why none came */
		bad |= json_object_set_new(ctx, "hushed", json_pack("{s:i}",
		    "limit", d->conf.rate_limit)) != 0;
	/* the move that ended the game: what it set off, up to the end,
	 * rather than "nothing new" (the end mail follows it, and tells the
	 * same) */
	if ((upd == NULL || mq_game_over(g)) && g->journal_on) {
		/* nothing applied, the player not to move (The Masquerade
		 * mails the one to move alone): what happened since their last
		 * move, which no mail told them, rather than "nothing new"; a
		 * mail of prose gets it under its own heading already */
		json_t *recap = json_object_get(json_object_get(ctx,
		    "view"), "recap");
		const char *to_move = json_string_value(json_object_get(
		    json_object_get(ctx, "view"), "to_move"));

		/* the player to move had it in their turn mail */
		if (to_move != NULL && strcmp(to_move, g->players[seat].name) == 0)
			recap = NULL;
		bad |= json_object_set(ctx, "events", !r->logged &&
		    json_array_size(g->journal[seat]) == 0 &&
		    json_array_size(recap) > 0 && json_array_size(
		    json_object_get(ctx, "not_commands")) == 0 ? recap :
		    g->journal[seat]) != 0;
	}
	/* the move was the last the phase waited for, and it resolved (not
	 * a placement in its turn, shown at once as the phase goes on): the
	 * resolution mail that follows tells what happened, with the board
	 * and what is owed now; the receipt shows neither, which the story
	 * the player has not read yet would explain */
	if (upd != NULL && strcmp(upd, "resolution") == 0 && phase_ended(ctx))
		bad |= json_object_set_new(ctx, "phase_resolved",
		    json_true()) != 0;
	/* a STATUS alone (a greeting beside it aside): its subject says what
	 * it brings, not "received" */
	if (mq_receipt_only(r, "STATUS"))
		bad |= json_object_set_new(ctx, "status_only", json_true()) != 0;
	ctx = mq_notify_whole(ctx, bad);
	rc = mq_notify_send_game_mail_uniq(d, g, seat, "receipt", uniq, ctx,
	    err);
	if (rc == 0 && upd != NULL)
		rc = mq_notify_everyone(d, g, upd, NULL, -1, err);
	else if (rc == 0) {
		/* Everyone else whose turn just came gets the board (they act
		 * on it); the others, if commitments were made, a short notice
		 * with their values (STATUS brings the board); else nothing
		 * they need changed (The Masquerade's moves are public and
		 * come to them with their turn), but a fight they fought that
		 * just ended (settled_for), or their hand another's move
		 * changed (hand_news_for), in a notice. */
		int commits = g->committed != NULL &&
		    json_array_size(g->committed) > 0, came, hand;
		json_t *recap;

		for (i = 0; i < g->nplayers && rc == 0; i++) {
			/* a quiet player (SET NOTICES OFF) sees the
			 * commitments with the moves they open; a notice
			 * that tells them something else (a placement, a
			 * move shown at once) still comes */
			/* a fight the seat fought just ended: its result
			 * comes now, to it alone of those not to move */
			/* their hand another's move changed (an Event, a
			 * Spell, a fight, a Stage chosen for them): what
			 * they hold now comes now, to them alone; not
			 * governed by SET NOTICES, as it tells what
			 * happened to them */
			hand = i != seat && hand_news_for(g, i);
			if (i == seat || g->players[i].kicked ||
			    (!(came = turn_came(g, i)) &&
			    !settled_for(g, i) && !hand && (!commits ||
			    ((g->players[i].quiet || d->hush_notices) &&
			    g->journal_on &&
			    json_array_size(g->journal[i]) == 0))))
				continue;
			ctx = mq_notify_base_ctx(d, g, i);
			bad = ctx == NULL;
			if (commits)
				bad |= json_object_set(ctx, "commitments",
				    g->committed) != 0;
			/* a fight of theirs that just ended is told from
			 * their last own move (the view's recap): what the
			 * other side did in its window by earlier mails (a
			 * Spell, a REVEAL), which sent them nothing, before
			 * the result; else the entries just logged */
			recap = !came && settled_for(g, i) ? json_object_get(
			    json_object_get(ctx, "view"), "recap") : NULL;
			bad |= json_object_set(ctx, "events",
			    json_array_size(recap) > 0 ? recap :
			    g->journal[i]) != 0;
			/* the notice shows the hand as it is now (a turn
			 * mail shows it anyway) */
			if (hand && !came)
				bad |= json_object_set_new(ctx, "hand_changed",
				    json_true()) != 0;
			/* a fight of theirs ended (with their hand changed
			 * by it or not: the Thief's theft, the winner's
			 * draw): its subject says so, not "waiting for" the
			 * one to move, which the notice is not about */
			if (!came && settled_for(g, i))
				bad |= json_object_set_new(ctx, "fight_over",
				    json_true()) != 0;
			ctx = mq_notify_whole(ctx, bad);
			rc = mq_notify_send_game_mail(d, g, i, came ? "turn" :
			    "notice", ctx, err);
		}
	}
	if (rc == 0)
		rc = mq_spool_sync(d->conf.datadir, err);
	return rc;
}

int
mq_notify_answer(struct mq_daemon *d, struct mq_game *g, int seat,
    const struct mq_submit_result *r, const struct mq_settings *set,
    const char *reply_id, const char *key, struct mq_err *err)
{
	size_t i;
	int rc, only_help;
	char uniq[17] = "";

	if (!r->logged)	/* a second HELP at this seq: a mail of its own */
		reply_uniq(key, reply_id, uniq);
	/* "HELP" and "Thanks!": the help mail alone, as for HELP alone */
	only_help = mq_receipt_only(r, "HELP");
	rc = only_help ? 0 : mq_notify_submit(d, g, seat, r, reply_id, key,
	    err);
	for (i = 0; rc == 0 && i < r->ncmds; i++)
		if (r->cmds[i].accepted && strcmp(r->cmds[i].text, "HELP") == 0) {
			/* alone, it says what the SET lines did */
			rc = mq_notify_help(d, g, seat, uniq, only_help ? set :
			    NULL, 0, 0, NULL, err);
			break;	/* the receipt does not list the commands */
		}
	return rc;
}
