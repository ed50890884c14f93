/* submit.c - a player's commands: validated on a copy, logged as one entry
 * (and a reveal when a phase resolves), then replayed; see store.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>

#include "daemon/daemon.h"
#include "daemon/replay.h"
#include "daemon/store.h"
#include "daemon/clock.h"
#include "daemon/commit.h"


/* The reveal entry of the secrets resolved now, into *out (NULL when none
 * is); -1 when memory ran out, which must not read as "nothing to reveal". */
static int
build_reveal(struct mq_game *g, const struct mq_pending *extra, size_t nextra,
    const char *const *resolved, size_t nres, long long ts, json_t **out)
{
	json_t *items = json_array(), *opens = json_array();
	uint64_t last = 0;
	size_t i, k, total = g->npend + nextra;

	*out = NULL;
	if (items == NULL || opens == NULL)
		goto oom;
	for (i = 0; i < total; i++) {
		const struct mq_pending *p = i < g->npend ? &g->pend[i] :
		    &extra[i - g->npend];
		int res = p->resolved;

		for (k = 0; k < nres && !res; k++)
			res = strcmp(p->key, resolved[k]) == 0;
		if (!res)
			continue;
		if (json_array_append_new(items, json_pack("[I, i]",
		    (json_int_t)p->seq, p->index)) != 0)
			goto oom;
		if (p->seq != last) {
			/* pending entries are kept in seq order, but be sure */
			size_t j;
			int dup = 0;

			json_t *o;
			json_array_foreach(opens, j, o)
				dup |= (uint64_t)json_integer_value(o) == p->seq;
			if (!dup && json_array_append_new(opens,
			    json_integer((json_int_t)p->seq)) != 0)
				goto oom;
			last = p->seq;
		}
	}
	if (json_array_size(items) == 0) {
		json_decref(items);
		json_decref(opens);
		return 0;
	}
	/* "o" steals both references, on failure too */
	*out = json_pack("{s:s, s:I, s:s, s:o, s:o}", "game", g->id, "ts",
	    (json_int_t)ts, "type", "reveal", "opens", opens, "items", items);
	return *out == NULL ? -1 : 0;
oom:
	json_decref(items);
	json_decref(opens);
	return -1;
}

void
mq_submit_result_free(struct mq_submit_result *r)
{
	size_t i;

	for (i = 0; i < r->ncmds; i++) {
		free(r->cmds[i].text);
		json_decref(r->cmds[i].sender_note);
	}
	free(r->cmds);
	if (r->logged)
		mq_log_signed_free(&r->entry, 1);
	json_decref(r->events);
	memset(r, 0, sizeof(*r));
}

static int
result_add(struct mq_submit_result *r, const char *text, int line, int accepted,
    int secret, const char *error)
{
	struct mq_cmd_result *c, *nv;

	if ((nv = realloc(r->cmds, (r->ncmds + 1) * sizeof(*nv))) == NULL)
		return MQ_IO;
	r->cmds = nv;
	c = &r->cmds[r->ncmds];
	memset(c, 0, sizeof(*c));
	if ((c->text = strdup(text)) == NULL)
		return MQ_IO;
	c->line = line;
	c->accepted = accepted;
	c->secret = secret;
	if (error)
		snprintf(c->error, sizeof(c->error), "%s", error);
	r->ncmds++;
	return 0;
}

/* Apply a logged entry's body to the live game: the replay path. */
/*
 * The live game could not follow an entry already logged (rc, err from the
 * replay). Out of memory can happen: the copy is marked stale, to be opened
 * again from the log (which holds the entry: nothing is lost, and the
 * message, read again, is known by its hash). Anything else means the
 * engine refuses what it accepted a moment ago: a broken invariant.
 */
static int
follow_failed(struct mq_game *g, uint64_t seq, int rc, struct mq_err *err)
{
	if (rc != MQ_IO)
		mq_fatal("a logged entry does not replay: %s", err ? err->msg : "");
	g->stale = 1;
	return mq_fail(err, MQ_IO, "Out of memory after entry %llu of game %s "
	    "was logged; the game will be read again from its log.",
	    (unsigned long long)seq, g->id);
}

static int
replay_body(struct mq_game *g, const struct mq_log_signed *sg, json_t *body,
    struct mq_err *err)
{
	struct mq_log_entry e;

	memset(&e, 0, sizeof(e));
	e.seq = sg->seq;
	e.type = mq_log_type_of(json_string_value(json_object_get(body, "type")));
	e.body = body;
	mq_log_unhex(sg->hash, MQ_LOG_HEXLEN, e.hash, sizeof(e.hash));
	sodium_base642bin(e.sig, sizeof(e.sig), sg->sig, strlen(sg->sig), NULL, NULL,
	    NULL, sodium_base64_VARIANT_ORIGINAL);
	return mq_replay_entry(g, &e, err);
}

/*
 * Entry seq, just appended with time ts, dated before the last entry (the
 * host's clock set back, or MASQUED_NOW): neither refused (a clock would
 * stop the game) nor moved (the log would hold a false time), but said in
 * the daemon's log (stderr), as verify, log and replay say it.
 */
static void
say_clock_back(const struct mq_game *g, uint64_t seq, const json_t *body,
    long long prev)
{
	long long ts = json_integer_value(json_object_get(body, "ts"));
	char s[200];

	if (seq < 2 || ts >= prev)
		return;
	mq_log_clock_back(seq, ts, prev, s, sizeof(s));
	mq_daemon_log("game %s: %s; it is logged with that time, and verify, "
	    "log and replay mark it", g->id, s);
}

int
mq_game_append(struct mq_game *g, json_t *body, struct mq_err *err)
{
	struct mq_log_signed sg;
	int rc;

	if (!g->writable)
		return mq_fail(err, MQ_IO, "The game %s is not open for writing.", g->id);
	MQ_TRY(mq_logfile_append(g->lf, &body, 1, &sg, err));
	say_clock_back(g, sg.seq, body, g->last_ts);
	rc = replay_body(g, &sg, body, err);
	if (rc)
		rc = follow_failed(g, sg.seq, rc, err);
	mq_log_signed_free(&sg, 1);
	return rc;
}

int
mq_game_append_reveal(struct mq_game *g, long long ts, struct mq_err *err)
{
	json_t *body;
	int rc;

	if (build_reveal(g, NULL, 0, NULL, 0, ts, &body) != 0)
		return mq_fail(err, MQ_IO, "Out of memory.");
	if (body == NULL)
		return 0;	/* no secret of a resolved phase is left hidden */
	rc = mq_game_append(g, body, err);
	json_decref(body);
	return rc;
}

/* The fields a submit builds of a body match the logged entry's body (which
 * has v, seq, prev, kid, and each secret command's salt and commit too). */
static int
same_fields(const json_t *built, const json_t *logged)
{
	const json_t *v, *c, *lc;
	const char *key;
	size_t i;

	json_object_foreach((json_t *)built, key, v) {
		if (strcmp(key, "commands") != 0) {
			if (!json_equal((json_t *)v, json_object_get(logged, key)))
				return 0;
			continue;
		}
		lc = json_object_get(logged, key);
		if (json_array_size(v) != json_array_size(lc))
			return 0;
		json_array_foreach(v, i, c)
			if (!json_equal(json_object_get(c, "text"),
			    json_object_get(json_array_get(lc, i), "text")) ||
			    !json_equal(json_object_get(c, "secret"),
			    json_object_get(json_array_get(lc, i), "secret")))
				return 0;
	}
	return 1;
}

/*
 * Rebuilding (store.h): the next nb entries of the log, read instead of
 * appended, must be those just built; bodies[i] becomes the logged body
 * (with its salts) and sg[i] what the append returned.
 */
static int
reread(struct mq_game *g, json_t **bodies, size_t nb, struct mq_log_signed *sg,
    struct mq_err *err)
{
	const struct mq_log_entry *e;
	size_t i;
	int rc = 0;

	memset(sg, 0, nb * sizeof(*sg));
	for (i = 0; i < nb; i++) {
		e = g->peek;
		g->peek = NULL;
		if (e == NULL && (rc = mq_logfile_next(g->lf, &e, err)) != 0)
			break;
		if (e == NULL || !same_fields(bodies[i], e->body)) {
			rc = mq_fail(err, MQ_BADDATA, "The log of game %s does not hold "
			    "the entry this message makes at entry %llu: it cannot be "
			    "rebuilt.", g->id, (unsigned long long)g->seq + i + 1);
			break;
		}
		json_decref(bodies[i]);
		bodies[i] = json_deep_copy(e->body);
		sg[i].seq = e->seq;
		sg[i].body = strndup(e->line, e->body_len);
		sodium_bin2hex(sg[i].hash, sizeof(sg[i].hash), e->hash, sizeof(e->hash));
		sodium_bin2base64(sg[i].sig, sizeof(sg[i].sig), e->sig, sizeof(e->sig),
		    sodium_base64_VARIANT_ORIGINAL);
		if (bodies[i] == NULL || sg[i].body == NULL) {
			rc = mq_fail(err, MQ_IO, "Out of memory.");
			break;
		}
	}
	if (rc)
		mq_log_signed_free(sg, nb);
	return rc;
}

int
mq_game_seat_playing(const struct mq_game *g, int seat, struct mq_err *err)
{
	char when[64];

	if (seat < 0 || seat >= g->nplayers || !g->players[seat].kicked)
		return 0;
	/* when, as the refusal of a removed player's old address says it
	 * (inbound_analyse.c): a kick long ago reads otherwise than today's */
	mq_clock_utc(g->players[seat].kicked_at, 0, when, sizeof(when));
	/* over: no default plays the seat, and no new player takes it; the
	 * end mail went to the kicked player too (notify.c notify_seats) */
	if (mq_game_over(g))
		return mq_fail(err, MQ_REFUSED, "The host removed you from game "
		    "%s on %s, and the game is over now: nothing you send is "
		    "applied; reply STATUS from your registered address to any "
		    "of the game's mails to get its end mail again.", g->id,
		    when);
	return mq_fail(err, MQ_REFUSED, "The host removed you from game %s on "
	    "%s; the deadline defaults play your seat until a new player takes "
	    "it, so nothing you send is applied.", g->id, when);
}

int
mq_game_standing_copy(const struct mq_game *g, const void *work, int seat,
    const char *line, const char (*decided)[16], size_t ndecided,
    uint64_t *seen)
{
	const struct mq_game_kind *k = g->kind;
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_decision d;
	struct mq_cmd cmd;
	struct mq_err e;
	size_t i;
	int rc = 0;

	*seen = 0;
	if (k->parse(work, seat, line, &cmd, &e) != 0 || !k->is_secret(&cmd))
		return 0;
	k->decision(work, seat, &cmd, &d);
	for (i = 0; i < ndecided; i++)
		if (strcmp(decided[i], d.key) == 0)
			return 0;
	if (k->format(work, &cmd, &text) != 0 || text.oom)
		rc = -1;
	else
		*seen = mq_game_standing(g, seat, d.key, mq_buf_str(&text));
	mq_buf_free(&text);
	return rc;
}

/* Whether seat may play in g now: a game paused, a player removed, or a
 * message applied already, are refused in one sentence. A game over is
 * read line by line, a player's mail and the host's submit alike, so that
 * STATUS and HELP are answered and any other line refused as the end
 * refuses it (over_refuses); a player removed is refused first, as play()
 * refuses their mail (which checked it already). */
static int
may_submit(const struct mq_game *g, int seat, int atomic, const char *msg_hash,
    struct mq_err *err)
{
	if (!g->writable && g->peek == NULL)
		return mq_fail(err, MQ_IO, "The game %s is not open for writing.", g->id);
	if (seat < 0 || seat >= g->nplayers)
		return mq_fail(err, MQ_REFUSED, "There is no such player in game %s.",
		    g->id);
	if (msg_hash != NULL && mq_game_has_message(g, msg_hash))
		return mq_fail(err, MQ_REFUSED, "This message was applied already "
		    "(its copy came again); nothing changed.");
	if (mq_game_over(g))
		return atomic ? mq_game_seat_playing(g, seat, err) : 0;
	return mq_game_refuses_mail(g, seat, err);
}

int
mq_game_refuses_mail(const struct mq_game *g, int seat, struct mq_err *err)
{
	if (mq_game_over(g))
		return 0;
	if (g->paused && g->paused_by_server)
		return mq_fail(err, MQ_REFUSED, "Game %s is paused: nobody was "
		    "playing, so masqued stopped it until the host resumes it; send "
		    "your commands again then.", g->id);
	if (g->paused)
		return mq_fail(err, MQ_REFUSED, "Game %s is paused by the host; send "
		    "your commands again once it resumes.", g->id);
	return mq_game_seat_playing(g, seat, err);
}

/* What a message's entry is made of (mq_game_submit's loop gathers it). */
struct mq_entry_parts {
	json_t *cmds;			/* [{"text", "secret"}] */
	const char *msg_hash, *msg_id;
	long long ts;
	const struct mq_pending *newp;	/* its secret moves */
	size_t nnew;
	const char *const *resolved;	/* the decisions it resolved */
	size_t nres;
};

/*
 * The message's command entry, and the reveal entry when it resolved a
 * phase, appended (fsynced; reread, for a rebuild's read-only copy), then
 * replayed into the live game; res says so.
 */
static int
log_entries(struct mq_game *g, int seat, const struct mq_entry_parts *p,
    struct mq_submit_result *res, struct mq_err *err)
{
	json_t *bodies[2] = { NULL, NULL };
	struct mq_log_signed sg[2];
	struct mq_err e;
	size_t i, nb;
	int rc = 0;

	bodies[0] = json_pack("{s:s, s:I, s:s, s:s, s:O}", "game", g->id,
	    "ts", (json_int_t)p->ts, "type", "command", "player",
	    g->players[seat].name, "commands", p->cmds);
	/* without its hash the message would be applied again if it came again */
	if (bodies[0] == NULL || (p->msg_hash != NULL &&
	    json_object_set_new(bodies[0], "msg", json_pack("{s:s, s:s}", "hash",
	    p->msg_hash, "id", p->msg_id ? p->msg_id : ""))) ||
	    build_reveal(g, p->newp, p->nnew, p->resolved, p->nres, p->ts,
	    &bodies[1]) != 0) {
		rc = mq_fail(err, MQ_IO, "Out of memory.");
		goto out;
	}
	nb = bodies[1] ? 2 : 1;
	rc = g->writable ? mq_logfile_append(g->lf, bodies, nb, sg, err) :
	    reread(g, bodies, nb, sg, err);
	if (rc)
		goto out;
	if (g->writable)	/* the reveal has the command's time */
		say_clock_back(g, sg[0].seq, bodies[0], g->last_ts);
	/* The entries are durable: now the live game follows the log. */
	for (i = 0; i < nb; i++)
		if ((rc = replay_body(g, &sg[i], bodies[i], &e)) != 0) {
			rc = follow_failed(g, sg[i].seq, rc, &e);
			if (err != NULL)
				*err = e;
			mq_log_signed_free(sg, nb);
			goto out;
		}
	res->logged = 1;
	res->entry = sg[0];
	res->revealed = nb == 2;
	if (nb == 2)
		mq_log_signed_free(&sg[1], 1);
out:
	json_decref(bodies[0]);
	json_decref(bodies[1]);
	return rc;
}

/* See store.h. */
int
mq_game_asks_only(const struct mq_game *g, const void *work, int seat,
    const char *line, struct mq_cmd *cmd, struct mq_buf *text,
    struct mq_err *e)
{
	const char *s;

	if (g->kind->parse(work, seat, line, cmd, e) != 0)
		return 2;
	mq_buf_reset(text);
	if (g->kind->format(work, cmd, text) || text->oom)
		return -1;
	s = mq_buf_str(text);
	return !g->kind->is_secret(cmd) && (strcmp(s, "STATUS") == 0 ||
	    strcmp(s, "HELP") == 0);
}

/*
 * In a game that is over (by its rules, or the host ended it, which its
 * rules do not know), line is parsed into cmd and every command but STATUS
 * and HELP refused in one sentence, the same for a player's mail and the
 * host's submit (notify_receipt.c's answer_over words a mail's alike),
 * whatever the rules would have said of it: 1 (e says why) if it is
 * refused; text is scratch. Out of memory is -1, and fails the submit:
 * read as "not refused", the rules' own refusal of the line stood in the
 * result instead of the end's.
 */
int
mq_game_over_refuses(const struct mq_game *g, const void *work, int seat,
    const char *line, struct mq_cmd *cmd, struct mq_buf *text,
    struct mq_err *e)
{
	int asks = mq_game_asks_only(g, work, seat, line, cmd, text, e);

	if (asks == 1 || asks < 0)
		return asks < 0 ? -1 : 0;
	mq_fail(e, MQ_REFUSED, "The game is over; nothing more can be played. "
	    "Reply STATUS to any of the game's mails to see how it "
	    "ended.");
	return 1;
}

/*
 * A line after a refused command is refused (store.h): the player may have
 * meant it to follow the refused line (a PASS after a PLAY that was not
 * played would give up a fight), so it waits for them to send it again; a
 * command of one choice (game.h's one_choice) counts on none, and is told
 * only that the mail's lines apply in their order.
 * A line that names no command ("Hi all,") stops nothing (game.h). One
 * that does not parse keeps its own sentence.
 */
int
mq_game_after_refused(const struct mq_game *g, const void *work, int seat,
    const char *line, struct mq_cmd *cmd, struct mq_buf *text,
    struct mq_err *e)
{
	int asks = mq_game_asks_only(g, work, seat, line, cmd, text, e);

	if (asks == 1 || asks < 0)
		return asks < 0 ? -1 : 0;
	/* "a line": submit counts the mail's command lines, not the lines
	 * the player numbers (the answer lists that one with its number) */
	/* store.h's MQ_AFTER_REFUSED knows these sentences by their start:
	 * keep them alike */
	if (asks == 0 && g->kind->one_choice != NULL &&
	    g->kind->one_choice(work, line) > 0)
		/* a choice whole on its line (DANCER, STAGE) counts on no
		 * line above it, but it is read after them */
		mq_fail(e, MQ_REFUSED, "Not applied, as a line above it was "
		    "refused and the lines of a mail apply in their order: "
		    "send it again, with that line put right if you still "
		    "mean it.");
	else if (asks == 0)
		mq_fail(e, MQ_REFUSED, "Not applied, as a line above it was "
		    "refused and this line may have counted on it: send it "
		    "again, with that line put right if you still mean it.");
	return 1;
}

/*
 * The exception to mq_game_after_refused: line, the mail's next command
 * line after prev, which was refused on its own, is the same command of one
 * choice (game.h's one_choice: STAGE libary, then STAGE library), or the
 * command prev's mistyped command word was refused as a near miss of
 * (game.h's word_put_right: DANCRE thief, then DANCER thief; PSAS, then
 * PASS): the player put the typo right, and nothing can have counted on
 * the refused line but the line that replaces it. 1 then: it is read as
 * any line.
 */
int
mq_game_corrects(const struct mq_game *g, const void *work,
    const char *prev, const char *line)
{
	const struct mq_game_kind *k = g->kind;
	int c;

	if (prev == NULL)
		return 0;
	if (k->one_choice != NULL && (c = k->one_choice(work, prev)) > 0 &&
	    k->one_choice(work, line) == c)
		return 1;
	return k->word_put_right != NULL && k->word_put_right(work, prev, line);
}

void
mq_fix_walk_init(struct mq_fix_walk *w, long nfirst)
{
	memset(w, 0, sizeof(*w));
	w->nfirst = nfirst;
	w->fix_of = w->first_fix = w->doubt_of = -1;
}

/*
 * The refused line that goes first just above line (no other line between
 * them goes first), put right by it: marked in m[n]; its chance ends here
 * either way. The new n.
 */
static size_t
first_fix_mark(struct mq_fix_walk *w, const struct mq_game *g,
    const void *work, const char *const *lines, size_t at, const char *line,
    struct mq_fix_mark *m, size_t n)
{
	if (at < (size_t)w->nfirst && w->first_fix >= 0) {
		if (mq_game_corrects(g, work, lines[w->first_fix], line)) {
			m[n].line = w->first_fix;
			m[n++].res = w->first_fix_res;
		}
		w->first_fix = -1;
	}
	return n;
}

int
mq_fix_walk_fixing(const struct mq_fix_walk *w, const struct mq_game *g,
    const void *work, const char *const *lines, const char *line)
{
	return w->refused && w->fix_of >= 0 && !mq_game_over(g) &&
	    mq_game_corrects(g, work, lines[w->fix_of], line);
}

size_t
mq_fix_walk_standing(struct mq_fix_walk *w, const struct mq_game *g,
    const void *work, const char *const *lines, size_t at, const char *line,
    struct mq_fix_mark m[3])
{
	size_t n = 0;

	/* the lines after go on, as for any line that puts it right */
	if (mq_fix_walk_fixing(w, g, work, lines, line)) {
		m[n].line = w->fix_of;
		m[n++].res = w->fix_res;
		w->refused = 0;
		w->fix_of = -1;
	}
	return first_fix_mark(w, g, work, lines, at, line, m, n);
}

long
mq_fix_walk_refused(struct mq_fix_walk *w, const struct mq_game *g,
    const void *work, const char *const *lines, size_t at, size_t i,
    const char *line, size_t res, int lk, int clean, int fixing)
{
	const int first = at < (size_t)w->nfirst;
	long tried = -1;

	if (fixing && w->fix_of >= 0)
		tried = w->fix_of;
	else if (first && w->first_fix >= 0 && mq_game_corrects(g, work,
	    lines[w->first_fix], line))
		tried = w->first_fix;
	else if (!first && w->doubt_of >= 0 && !mq_game_over(g) &&
	    mq_game_corrects(g, work, lines[w->doubt_of], line))
		tried = w->doubt_of;
	/* a line that goes first refuses no other, but the next of them
	 * may still put it right (PLAN cw stay, then PLAN cw stay ccw cw
	 * stay stay) */
	if (first) {
		w->first_fix = lk == MQ_LINE_COMMAND && clean ? (long)i : -1;
		w->first_fix_res = res;
	}
	if (lk == MQ_LINE_COMMAND && !first) {
		/* refused for itself (the first, or one put right and
		 * refused again): the next line may put it right in turn;
		 * not one late for its moment, nor one a line above made
		 * refused, whose correction would be read for the next */
		w->fix_of = (!w->refused || fixing) && clean ? (long)i : -1;
		w->fix_res = res;
		w->refused = 1;
		w->doubt_of = -1;
	} else if (lk == MQ_LINE_DOUBT && !first) {
		w->doubt_of = !w->refused && clean ? (long)i : -1;
		w->doubt_res = res;
	}
	return tried;
}

size_t
mq_fix_walk_taken(struct mq_fix_walk *w, const struct mq_game *g,
    const void *work, const char *const *lines, size_t at, const char *line,
    int fixing, int changes, struct mq_fix_mark m[3])
{
	size_t n = 0;

	if (fixing) {
		/* the refused line above, put right: the lines after go on
		 * as if it had been taken */
		m[n].line = w->fix_of;
		m[n++].res = w->fix_res;
		w->refused = 0;
		w->fix_of = -1;
	}
	if (w->doubt_of >= 0) {
		/* the doubt just above, put right: nothing of it to send
		 * again; any other line taken ends its chance, but STATUS
		 * and HELP, which change nothing */
		if (mq_game_corrects(g, work, lines[w->doubt_of], line)) {
			m[n].line = w->doubt_of;
			m[n++].res = w->doubt_res;
			w->doubt_of = -1;
		} else if (changes)
			w->doubt_of = -1;
	}
	return first_fix_mark(w, g, work, lines, at, line, m, n);
}

/* Whether line, a line of a mail, names a command (game.h's names_command):
 * not blank, nor prose ("Hi all,"). */
static int
names_a_command(const struct mq_game *g, const void *work, const char *line)
{
	while (*line == ' ' || *line == '\t')
		line++;
	return *line != '\0' && (g->kind->names_command == NULL ||
	    g->kind->names_command(work, line) == MQ_LINE_COMMAND);
}

/* Whether line, a line of a mail, only asks (STATUS, HELP:
 * mq_game_asks_only), changing nothing in the game. -1 out of memory. */
static int
only_asks(const struct mq_game *g, const void *work, int seat,
    const char *line)
{
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_cmd c;
	struct mq_err e;
	int asks = mq_game_asks_only(g, work, seat, line, &c, &text, &e);

	mq_buf_free(&text);
	return asks == 2 ? 0 : asks;
}

long
mq_game_line_order(const struct mq_game *g, const void *work, int seat,
    const char *const *lines, size_t n, size_t **order)
{
	const struct mq_game_kind *k = g->kind;
	size_t i, m = 0;
	unsigned char *first;
	long nfirst = 0;
	int asks = 0;

	if ((*order = calloc(n + 1, sizeof(**order))) == NULL ||
	    (first = calloc(n + 1, 1)) == NULL) {
		free(*order);
		*order = NULL;
		return -1;
	}
	for (i = 0; i < n; i++)
		first[i] = k->goes_first != NULL && !mq_game_over(g) &&
		    k->goes_first(work, lines[i]);
	/* a mistyped word of a command that goes first, put right by the
	 * next command line (PALN cw cw cw cw cw cw, then PLAN cw cw cw cw
	 * cw cw: game.h's word_put_right): read among them, just before
	 * that line (2, and 3 the line), so that it is the line just above
	 * its correction as submit reads them, and holds back no other.
	 * A STATUS or HELP between them changes nothing, and stops nothing
	 * (PALN ..., STATUS, PLAN ...): it is read after them, with the
	 * others; any other command between keeps the typo where it is */
	for (i = 0; i < n; i++) {
		size_t j = i;

		if (first[i] || !names_a_command(g, work, lines[i]))
			continue;
		while (++j < n && (!names_a_command(g, work, lines[j]) ||
		    (!first[j] && (asks = only_asks(g, work, seat,
		    lines[j])) == 1)))
			;
		if (asks < 0) {
			free(first);
			free(*order);
			*order = NULL;
			return -1;
		}
		if (j < n && first[j] == 1 &&
		    mq_game_corrects(g, work, lines[i], lines[j]))
			first[i] = 2, first[j] = 3;
	}
	for (i = 0; i < n; i++) {
		size_t j = i;

		if (first[i] == 1)
			(*order)[m++] = i, nfirst++;
		else if (first[i] == 2) {
			while (++j < n && first[j] != 3)
				;
			(*order)[m++] = i;
			(*order)[m++] = j;
			nfirst += 2;
		}
	}
	for (i = 0; i < n; i++)
		if (!first[i])
			(*order)[m++] = i;
	free(first);
	return nfirst;
}

/*
 * The commitments this entry made (the journal's, in the order of its
 * secret commands) whose move the others see at once (a placement in its
 * turn): "shown_move" holds the move, so that their mail does not call it a
 * secret still to be opened. -1 out of memory.
 */
static int
mark_shown(struct mq_game *g, const struct mq_submit_result *res)
{
	json_t *c = NULL;
	size_t i, j = 0;

	if (!g->journal_on || g->committed == NULL || !res->logged)
		return 0;
	for (i = 0; i < res->ncmds; i++) {
		if (!res->cmds[i].accepted || !res->cmds[i].secret ||
		    res->cmds[i].replaced_by)
			continue;
		/* the next commitment of this entry */
		while ((c = json_array_get(g->committed, j)) != NULL &&
		    (uint64_t)json_integer_value(json_object_get(c, "seq")) !=
		    res->entry.seq)
			j++;
		if (c == NULL)
			return 0;
		j++;
		if (res->cmds[i].shown && json_object_set_new(c, "shown_move",
		    json_string(res->cmds[i].text)) != 0)
			return -1;
	}
	return 0;
}

/* The entry of seat's latest move for decision key that is not revealed
 * yet, in the log before this submit, or 0: the move a new one changes
 * (the replay keeps the change by the same rule: replay.h). */
static uint64_t
earlier_move(const struct mq_game *g, int seat, const char *key)
{
	const struct mq_pending *p = mq_game_earlier_pend(g, seat, key);

	return p != NULL ? p->seq : 0;
}

/*
 * Whether the mail's line order[at], refused for itself in state, is put
 * right below it as submit reads it (mq_game_corrects): the next command
 * line, up to order[last] with it, is the same command of one choice.
 * Greetings, STATUS and HELP between stop nothing, as in submit.
 */
static int
put_right_below(const struct mq_game *g, const void *state, int seat,
    const char *const *lines, const size_t *order, size_t at, size_t last)
{
	const struct mq_game_kind *k = g->kind;
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_cmd c;
	struct mq_err e;
	const char *l;
	size_t j;
	int asks;

	for (j = at + 1; j <= last; j++) {
		l = lines[order[j]];
		while (*l == ' ' || *l == '\t')
			l++;
		if (*l == '\0')
			continue;
		if (mq_game_corrects(g, state, lines[order[at]], l))
			return 1;
		if (k->names_command != NULL &&
		    k->names_command(state, l) != MQ_LINE_COMMAND)
			continue;
		asks = mq_game_asks_only(g, state, seat, l, &c, &text, &e);
		mq_buf_reset(&text);
		if (asks != 1)
			break;
	}
	mq_buf_free(&text);
	return 0;
}

/*
 * The mail's lines from order[from] up to (not with) order[to], each that
 * reads as a command applied to state in turn (a greeting is no line to
 * apply): 0, or 1 when one of them would be refused, by the game (its
 * sent_ok too, as submit asked it when the entry was logged) or by the
 * caller (refuse: a move late for its moment), so that the lines after it
 * would be held back with it. A line the game refuses that a line below
 * it, up to order[to] with it, puts right (put_right_below) holds nothing
 * back, as in submit: it is passed over.
 */
static int
sim_lines(const struct mq_game *g, void *state, int seat,
    const char *const *lines, const char *const *refuse, const size_t *order,
    size_t from, size_t to)
{
	const struct mq_game_kind *k = g->kind;
	struct mq_cmd c;
	struct mq_err e;
	const char *l;

	for (; from < to; from++) {
		l = lines[order[from]];
		while (*l == ' ' || *l == '\t')
			l++;
		if (*l == '\0')
			continue;
		if (k->parse(state, seat, l, &c, &e) != 0) {
			if (k->names_command == NULL ||
			    k->names_command(state, l) == MQ_LINE_COMMAND) {
				if (put_right_below(g, state, seat, lines,
				    order, from, to))
					continue;
				return 1;
			}
			continue;
		}
		if (refuse != NULL && refuse[order[from]] != NULL)
			return 1;
		if ((k->sent_ok != NULL && k->sent_ok(state, seat, &c,
		    &e) != 0) || k->apply(state, seat, &c, &e) != 0) {
			if (put_right_below(g, state, seat, lines, order,
			    from, to))
				continue;
			return 1;
		}
	}
	return 0;
}

/*
 * Whether cmd, the mail's line order[at], its decision key, about to be
 * applied to work, gives way to a later line of the same mail for the
 * same decision (README: of two lines for the same move, the later
 * changes the earlier). It matters when cmd, with the lines between,
 * would settle that decision at once (the round's last MOVE, which ends
 * the round; a PLACE in its turn): the later line would be read for the
 * next round. 0: cmd is applied as ever (no such line, or the later one
 * stays for the same decision, and changes it as it always did). 1: the
 * later line, order[*by], is taken in its place, cmd left out. 2: that
 * later line would be refused for the decision it was meant for (e says
 * why): cmd is applied, and the later line refused with that sentence,
 * not played for the next round. -1: out of memory.
 */
static int
later_replaces(const struct mq_game *g, const void *work, int seat,
    const char *const *lines, const char *const *refuse, const size_t *order,
    size_t n, size_t at, const struct mq_cmd *cmd, const char *key,
    size_t *by, struct mq_err *e)
{
	const struct mq_game_kind *k = g->kind;
	struct mq_decision d2;
	struct mq_cmd c2;
	struct mq_err e2;
	void *sim;
	const char *l = "";
	size_t j;
	int rc;

	if (!k->is_secret(cmd))
		return 0;
	for (j = at + 1; j < n; j++) {
		l = lines[order[j]];
		while (*l == ' ' || *l == '\t')
			l++;
		if (*l == '\0' || k->parse(work, seat, l, &c2, &e2) != 0 ||
		    !k->is_secret(&c2))
			continue;
		k->decision(work, seat, &c2, &d2);
		if (strcmp(d2.key, key) == 0)
			break;
	}
	if (j == n || (refuse != NULL && refuse[order[j]] != NULL))
		return 0;
	/* cmd and the lines between applied: is the later line still for
	 * the same decision? */
	if ((sim = k->clone(work)) == NULL)
		return -1;
	rc = k->apply(sim, seat, cmd, &e2) != 0 ||
	    sim_lines(g, sim, seat, lines, refuse, order, at + 1,
	    j) != 0;
	if (!rc && k->parse(sim, seat, l, &c2, &e2) == 0) {
		k->decision(sim, seat, &c2, &d2);
		rc = strcmp(d2.key, key) == 0;
	}
	k->free_state(sim);
	if (rc)
		return 0;
	/* it is not: would it be taken, cmd left out? */
	if ((sim = k->clone(work)) == NULL)
		return -1;
	if (sim_lines(g, sim, seat, lines, refuse, order, at + 1,
	    j) != 0)
		rc = 3;		/* held back by a line between: as ever */
	else if (k->parse(sim, seat, l, &c2, e) != 0 ||
	    /* read-only too: a rebuild reads the mail again as submit did
	     * then, which refused such a line (the log holds cmd) */
	    (k->sent_ok != NULL && k->sent_ok(sim, seat, &c2, e) != 0) ||
	    k->apply(sim, seat, &c2, e) != 0)
		rc = 2;
	else
		rc = 1;
	k->free_state(sim);
	if (rc == 3)
		return 0;
	*by = j;
	return rc;
}

/*
 * Rebuilding (not writable): whether the entry re-read (g->peek) logs cmd,
 * a line sent_ok refuses, at the place it would take there (at, the
 * commands taken before it): an earlier masqued took such a line, and the
 * entry replays as it was written; a line this masqued refused is not in
 * it, and is refused again, as the first submit refused it. The same text
 * elsewhere in the entry is another line's (same_fields compares the
 * commands place by place). Out of memory reads as logged (the rebuild
 * then fails on the entry, as ever).
 */
static int
logged_then(const struct mq_game *g, const void *work,
    const struct mq_cmd *cmd, size_t at)
{
	struct mq_buf text = MQ_BUF_INIT;
	const char *t;
	int found;

	if (g->peek == NULL)
		return 1;
	if (g->kind->format(work, cmd, &text) != 0 || text.oom) {
		mq_buf_free(&text);
		return 1;
	}
	t = json_string_value(json_object_get(json_array_get(
	    json_object_get(g->peek->body, "commands"), at), "text"));
	found = t != NULL && strcmp(t, mq_buf_str(&text)) == 0;
	mq_buf_free(&text);
	return found;
}

int
mq_game_submit(struct mq_game *g, int seat, const char *const *lines,
    size_t n, int atomic, const char *msg_hash, const char *msg_id,
    long long ts, struct mq_submit_result *res, struct mq_err *err)
{
	return mq_game_submit_refusing(g, seat, lines, n, NULL, atomic,
	    msg_hash, msg_id, ts, res, err);
}

int
mq_game_submit_refusing(struct mq_game *g, int seat,
    const char *const *lines, size_t n, const char *const *refuse,
    int atomic, const char *msg_hash, const char *msg_id, long long ts,
    struct mq_submit_result *res, struct mq_err *err)
{
	const struct mq_game_kind *k = g->kind;
	struct mq_pending newp[64];
	struct mq_decision d, rd[4];
	const char *resolved[64];
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_cmd cmd, held[64];
	struct mq_err e;
	json_t *cmds = NULL, *evs;
	void *work = NULL;
	size_t i, h, nnew = 0, nres = 0, r, nheld = 0, held_at[64];
	uint64_t seen;
	char decided[64][16];	/* the keys of newp, for mq_game_standing_copy */
	char mine[64][16];	/* the keys of the mail's secret lines taken */
	int mine_line[64];	/* and their lines (one left out for a later
				 * line of the same decision too) */
	size_t nmine = 0;
	char **forced = NULL;	/* a later line refused for its decision */
	size_t by = 0;
	int later = 0;
	struct mq_err le;	/* why that later line is refused */
	struct mq_cmd prev;	/* the line before, accepted (have_prev) */
	struct mq_cmd note_cmd;	/* the line whose sender_note stands */
	size_t note_at = 0;	/* its result (have_note) */
	int have_note = 0;
	json_t *nt;
	char before[16], prev_owed[16];	/* what the seat owed before each */
	const char *owed;
	int have_prev = 0, lk;
	/* the refused lines a later line may put right (mq_fix_walk) */
	struct mq_fix_walk fw;
	struct mq_fix_mark fm[3];
	size_t nfm, f;
	int fixing;
	int rc = 0, changed = 0, over, moot;
	size_t *order = NULL, at;
	long nfirst;

	memset(res, 0, sizeof(*res));
	memset(&note_cmd, 0, sizeof(note_cmd));
	MQ_TRY(may_submit(g, seat, atomic, msg_hash, err));
	if ((work = k->clone(g->state)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	res->events = evs = json_array();
	if (evs == NULL || (cmds = json_array()) == NULL ||
	    (nfirst = mq_game_line_order(g, work, seat, lines, n,
	    &order)) < 0 ||
	    (forced = calloc(n + 1, sizeof(*forced))) == NULL)
		goto oom;
	mq_fix_walk_init(&fw, nfirst);
	for (at = 0; at < n; at++) {
		const char *line = lines[i = order[at]];

		while (*line == ' ' || *line == '\t')
			line++;
		if (*line == '\0')
			continue;
		seen = 0;
		later = 0;
		/* a rebuild (read-only) re-reads what submit logged */
		if ((!atomic || g->writable) && mq_game_standing_copy(g, work,
		    seat, line, (const char (*)[16])decided, nnew, &seen) != 0)
			goto oom;
		if (seen != 0 && atomic) {
			/* all or none: a reply would be told "received
			 * already"; the host's submit is refused (it logged
			 * it again, and the others were told it changed) */
			char at_seq[24];

			snprintf(at_seq, sizeof(at_seq), "%llu",
			    (unsigned long long)seen);
			rc = mq_fail(err, MQ_REFUSED, "%s was received already "
			    "(entry %s) and is the move that stands: there is "
			    "nothing more to do, and nothing was logged.", line,
			    at_seq);
			goto out;
		}
		if (seen != 0) {
			/* the very move that stands for this moment, sent again:
			 * told so, not applied again (a second commitment would
			 * tell the others the move changed) */
			if (result_add(res, line, (int)i + 1, 0, 0, NULL))
				goto oom;
			res->cmds[res->ncmds - 1].already = seen;
			/* the refused line above it, put right by the move
			 * that stands (MOVE cx, then the MOVE cw already
			 * taken): nothing to send again for it */
			nfm = mq_fix_walk_standing(&fw, g, work, lines, at,
			    line, fm);
			for (f = 0; f < nfm; f++) {
				res->cmds[res->ncmds - 1].corrects =
				    (int)fm[f].line + 1;
				res->cmds[fm[f].res].corrected_by = (int)i + 1;
			}
			continue;
		}
		owed = k->owes(work, seat);
		snprintf(before, sizeof(before), "%s", owed != NULL ? owed : "");
		over = 0;
		moot = 0;
		fixing = mq_fix_walk_fixing(&fw, g, work, lines, line);
		/* after a refused line, the next are refused too, but the
		 * one that puts it right; a rebuild reads the message's lines
		 * again, and refuses them alike */
		if ((mq_game_over(g) ? (over = mq_game_over_refuses(g, work, seat,
		    line, &cmd, &text, &e)) != 0 :
		    fw.refused && !fixing ? (over = mq_game_after_refused(g,
		    work, seat, line, &cmd, &text, &e)) != 0 :
		    k->parse(work, seat, line, &cmd, &e) != 0) ||
		    /* a new line only: rebuilding (not writable) re-reads
		     * the mail as submit read it then, which refused such a
		     * line, but a line its entry logged (an earlier masqued
		     * took it: logged_then), which replays as it was
		     * written */
		    (k->sent_ok != NULL && k->sent_ok(work, seat, &cmd,
		    &e) != 0 && (g->writable || !logged_then(g, work,
		    &cmd, json_array_size(cmds)))) ||
		    /* the caller's: a move too late for its moment */
		    (refuse != NULL && refuse[i] != NULL &&
		    mq_fail(&e, MQ_REFUSED, "%s", refuse[i]) != 0) ||
		    (forced[i] != NULL &&
		    mq_fail(&e, MQ_REFUSED, "%s", forced[i]) != 0) ||
		    (k->follows != NULL && have_prev && (moot = k->follows(work,
		    seat, &prev, prev_owed, &cmd, &e)) != 0) ||
		    (k->decision(work, seat, &cmd, &d),
		    (later = later_replaces(g, work, seat, lines, refuse, order,
		    n, at, &cmd, d.key, &by, &le)) == 1 || later < 0 ? 0 :
		    k->apply(work, seat, &cmd, &e))) {
			if (over < 0)
				goto oom;
			/* needed no more (a PASS of a window that closed by
			 * itself): listed apart, and the next lines go on */
			if (moot == MQ_LINE_MOOT) {
				if (result_add(res, line, (int)i + 1, 0, 0, e.msg))
					goto oom;
				res->cmds[res->ncmds - 1].moot = 1;
				continue;
			}
			if (atomic) {
				rc = mq_fail(err, MQ_REFUSED, "%s", e.msg);
				goto out;
			}
			if (result_add(res, line, (int)i + 1, 0, 0, e.msg))
				goto oom;
			/* a command refused, not a greeting: the next wait;
			 * a greeting is only noted, nothing to send again; a
			 * doubt ("Play nice") is refused, and the next go on */
			lk = k->names_command == NULL ? MQ_LINE_COMMAND :
			    k->names_command(work, line);
			/* read as putting the refused line above right, yet
			 * refused itself: which line, for the answer, should
			 * it find this one received already; refused for
			 * itself, not late for its moment, nor made refused
			 * by a line above (later_replaces), the next may put
			 * it right */
			res->cmds[res->ncmds - 1].tried_fix = (int)
			    mq_fix_walk_refused(&fw, g, work, lines, at, i,
			    line, res->ncmds - 1, lk, forced[i] == NULL &&
			    (refuse == NULL || refuse[i] == NULL), fixing) + 1;
			if (lk == MQ_LINE_PROSE) {
				res->cmds[res->ncmds - 1].note = 1;
				/* a command inside it: said, alone */
				if (k->inner_command != NULL)
					k->inner_command(work, line,
					    res->cmds[res->ncmds - 1].meant,
					    sizeof(res->cmds[0].meant));
			}
			continue;
		}
		if (later < 0)
			goto oom;
		if (later == 2 && (forced[order[by]] = strdup(le.msg)) == NULL)
			goto oom;
		mq_buf_reset(&text);
		if (k->format(work, &cmd, &text) || text.oom)
			goto oom;
		if (result_add(res, mq_buf_str(&text), (int)i + 1, 1,
		    k->is_secret(&cmd), NULL))
			goto oom;
		/* the refused lines above it puts right: nothing of them
		 * to send again */
		nfm = mq_fix_walk_taken(&fw, g, work, lines, at, line, fixing,
		    k->is_secret(&cmd) ||
		    (strcmp(mq_buf_str(&text), "STATUS") != 0 &&
		    strcmp(mq_buf_str(&text), "HELP") != 0), fm);
		for (f = 0; f < nfm; f++) {
			res->cmds[res->ncmds - 1].corrects =
			    (int)fm[f].line + 1;
			res->cmds[fm[f].res].corrected_by = (int)i + 1;
		}
		if (later == 1) {
			/* left out: the later line of the mail for the same
			 * decision takes its place, and says it changes it */
			res->cmds[res->ncmds - 1].replaced_by = (int)order[by] + 1;
			if (nmine < 64) {
				memcpy(mine[nmine], d.key, sizeof(mine[0]));
				mine_line[nmine++] = (int)i + 1;
			}
			continue;
		}
		snprintf(res->cmds[res->ncmds - 1].owed,
		    sizeof(res->cmds[0].owed), "%s", before);
		if (k->moment != NULL)	/* the round it counts for */
			k->moment(d.key, res->cmds[res->ncmds - 1].moment,
			    sizeof(res->cmds[0].moment));
		/* what the next line follows (the game's follows) */
		prev = cmd;
		have_prev = 1;
		memcpy(prev_owed, before, sizeof(prev_owed));
		res->cmds[res->ncmds - 1].shown = k->is_secret(&cmd) &&
		    k->shown_now != NULL && k->shown_now(work, seat, &cmd);
		if (k->is_secret(&cmd)) {
			/* a line of this mail before it, for the same decision
			 * (MOVE cw, then MOVE ccw), else a move logged before */
			for (h = nmine; h > 0 && strcmp(mine[h - 1], d.key) != 0;
			    h--)
				;
			if (h > 0)
				res->cmds[res->ncmds - 1].replaces_line =
				    mine_line[h - 1];
			else
				res->cmds[res->ncmds - 1].replaces = earlier_move(g,
				    seat, d.key);
		}
		/* what the sender alone is told of it; a later note of the
		 * mail says it again, as the state then stands */
		if (k->sender_note != NULL) {
			if (k->sender_note(work, seat, &cmd, &nt) != 0)
				goto oom;
			if (nt != NULL) {
				if (have_note) {
					json_decref(res->cmds[note_at].sender_note);
					res->cmds[note_at].sender_note = NULL;
				}
				res->cmds[res->ncmds - 1].sender_note = nt;
				note_cmd = cmd;
				note_at = res->ncmds - 1;
				have_note = 1;
			}
		}
		/* An earlier secret of this message the apply just carried
		 * out (a MOVE held until a PLAY ended the actions) is seen now
		 * too; else its receipt would call it secret. */
		for (h = 0; h < nheld; ) {
			if (k->shown_now(work, seat, &held[h])) {
				res->cmds[held_at[h]].shown = 1;
				held[h] = held[nheld - 1];
				held_at[h] = held_at[--nheld];
			} else
				h++;
		}
		if (k->is_secret(&cmd) && k->shown_now != NULL &&
		    !res->cmds[res->ncmds - 1].shown && nheld < 64) {
			held[nheld] = cmd;
			held_at[nheld++] = res->ncmds - 1;
		}
		{
			json_t *ev = k->events(work, MQ_VIEW_ADMIN);
			int lost = json_array_extend(evs, ev);

			json_decref(ev);
			if (lost)
				goto oom;	/* the mails would leave them out */
		}
		if (!k->is_secret(&cmd) && strcmp(mq_buf_str(&text), "STATUS") == 0)
			continue;	/* asks, changes nothing: not logged */
		if (!k->is_secret(&cmd) && strcmp(mq_buf_str(&text), "HELP") == 0)
			continue;
		if (k->is_secret(&cmd)) {
			if (nnew == sizeof(newp) / sizeof(newp[0])) {
				rc = mq_fail(err, MQ_REFUSED, "One message may carry at "
				    "most %zu moves.", nnew);
				goto out;
			}
			newp[nnew].seq = g->seq + 1;
			newp[nnew].index = (int)json_array_size(cmds);
			snprintf(newp[nnew].key, sizeof(newp[0].key), "%s", d.key);
			memcpy(decided[nnew], newp[nnew].key, sizeof(decided[0]));
			if (nmine < 64) {
				memcpy(mine[nmine], d.key, sizeof(mine[0]));
				mine_line[nmine++] = (int)i + 1;
			}
			newp[nnew].resolved = 0;
			nnew++;
		}
		/* a command missing from the entry would be lost when the game
		 * replays its log just below: out of memory, not a shorter entry */
		if (json_array_append_new(cmds, json_pack("{s:s, s:b}", "text",
		    mq_buf_str(&text), "secret", k->is_secret(&cmd))) != 0)
			goto oom;
		changed = 1;
		r = k->resolved(work, rd, 4);
		for (; r > 0 && nres < 60; r--) {
			size_t j = r - 1;

			if ((resolved[nres] = strdup(rd[j].key)) == NULL)
				goto oom;
			nres++;
		}
	}
	/* a later line of the mail may have mended it (a new MOVE) */
	if (have_note) {
		if (k->sender_note(work, seat, &note_cmd, &nt) != 0)
			goto oom;
		json_decref(res->cmds[note_at].sender_note);
		res->cmds[note_at].sender_note = nt;
	}
	if (changed) {
		struct mq_entry_parts p = { cmds, msg_hash, msg_id, ts, newp, nnew,
		    resolved, nres };

		rc = log_entries(g, seat, &p, res, err);
		/* the entry is logged: a mail short of it must not go out */
		if (rc == 0 && mark_shown(g, res) != 0)
			g->journal_lost = 1;
	}
	goto out;
oom:
	rc = mq_fail(err, MQ_IO, "Out of memory.");
out:
	for (i = 0; i < nres; i++)
		free((char *)resolved[i]);
	for (i = 0; forced != NULL && i < n; i++)
		free(forced[i]);
	free(forced);
	free(order);
	json_decref(cmds);
	mq_buf_free(&text);
	if (work != NULL)
		k->free_state(work);
	if (rc)
		mq_submit_result_free(res);	/* on failure the result is empty */
	return rc;
}
