/*
 * inbound_copy.c - a copy of a reply that comes after the moment it was
 * for: a mail that answers an older mail of its game to its seat (its
 * In-Reply-To or References), every command line of it one the seat's
 * mail had accepted for the moment that older mail was about, a moment
 * gone now (a mail client's resend, under another Message-ID, read after
 * the first copy ended its round). It was played as the next round's move.
 * A STATUS or HELP of it, never logged, is in no entry: it stops nothing
 * (it stopped the copy being found, and its move was logged again), and
 * it is answered again, as in any mail the player sends.
 * A command line of it that does not parse, now nor when that older mail
 * was sent (a typo, refused in the first copy too), is refused again.
 * Now nothing of it is applied, and its answer says it was received
 * already, at which entry, as for a copy of the move that stands (submit.c,
 * mq_game_standing_copy) or a refused copy at the same moment (inbound.c,
 * mq_inbound_sent_before). A reply to an old mail with another move, or
 * one that names no mail of the game, is played as any other; so is one
 * whose lines the seat's mail had taken before that old mail was sent
 * (a reply to its own receipt, a round later, with the same move), and
 * one the mail itself tells as new (new_reply: a Message-ID of its own,
 * dated after the first copy and the game's asking for what is owed now:
 * the same old mail answered again, the same move, a round later).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "buf.h"
#include "daemon/inbound_int.h"
#include "mail/reply_text.h"

/* What a line of the mail is, as the game reads it now: LINE_ASKS a
 * command that only asks (STATUS, HELP: mq_game_asks_only), never logged,
 * so in no entry: it stops no copy being found, and is answered again. */
enum { LINE_COMMAND, LINE_PROSE, LINE_REFUSED, LINE_ASKS };

/* Whether line only asks (STATUS, HELP), read on state; its canonical
 * text then into *text (the caller's to free). -1 out of memory. */
static int
asks_only(const struct mq_game *g, const void *state, int seat,
    const char *line, char **text)
{
	struct mq_buf buf = MQ_BUF_INIT;
	struct mq_cmd cmd;
	struct mq_err e;
	int asks = mq_game_asks_only(g, state, seat, line, &cmd, &buf, &e);

	if (asks == 1 && text != NULL &&
	    (*text = strdup(mq_buf_str(&buf))) == NULL)
		asks = -1;
	mq_buf_free(&buf);
	return asks < 0 ? -1 : asks == 1;
}

/* The entry of g's mail to seat that id names ("<game>.<seat>.<seq>.<kind>
 * [.<uniq>]@<domain>", notify.c's Message-ID), or 0. */
static uint64_t
mail_seq(const char *id, const struct mq_game *g, int seat,
    const char *domain)
{
	size_t n = strlen(g->id);
	const char *p, *at;
	unsigned long long seq;
	char *end;
	long s;

	if (id == NULL || strncmp(id, g->id, n) != 0 || id[n] != '.')
		return 0;
	p = id + n + 1;
	if (!isdigit((unsigned char)p[0]))
		return 0;
	s = strtol(p, &end, 10);
	if (*end != '.' || s != seat)
		return 0;
	p = end + 1;
	if (!isdigit((unsigned char)p[0]))
		return 0;
	errno = 0;
	seq = strtoull(p, &end, 10);
	if (errno != 0 || *end != '.' || (at = strchr(end, '@')) == NULL ||
	    strcasecmp(at + 1, domain) != 0)
		return 0;
	return seq;
}

/* The entry of the game's mail the message answers: its In-Reply-To, else
 * the last of its References that names one (the nearest: References go
 * from the thread's first mail to the one answered); 0 if none. */
uint64_t
mq_inbound_answered(const struct mq_daemon *d, const struct analysis *a)
{
	const struct mq_mime_msg *m = a->msg;
	uint64_t seq = mail_seq(m->in_reply_to, a->game, a->seat,
	    d->conf.reply_domain), s;
	size_t i;

	for (i = 0; seq == 0 && m->references != NULL &&
	    m->references[i] != NULL; i++)
		;
	while (seq == 0 && i-- > 0)
		if ((s = mail_seq(m->references[i], a->game, a->seat,
		    d->conf.reply_domain)) != 0)
			seq = s;
	return seq;
}

/* The line as state reads it: its decision's key and the hash of its
 * canonical text (mq_sent_hash); 0, else 1 when it does not parse there,
 * -1 out of memory. */
static int
read_line(const struct mq_game_kind *k, const void *state, int seat,
    const char *line, char key[16], uint8_t hash[16])
{
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_decision dd;
	struct mq_cmd cmd;
	struct mq_err e;
	int rc = 0;

	if (k->parse(state, seat, line, &cmd, &e) != 0)
		return 1;
	if (k->format(state, &cmd, &text) != 0 || text.oom)
		rc = -1;
	else {
		k->decision(state, seat, &cmd, &dd);
		memcpy(key, dd.key, 16);
		key[15] = '\0';
		mq_sent_hash(mq_buf_str(&text), hash);
	}
	mq_buf_free(&text);
	return rc;
}

/* The seat's last entry in g's ring (mq_game.sent) of that text, for the
 * moment key (other: for any moment but key); 0 if none. */
static uint64_t
ring_find(const struct mq_game *g, int seat, const char *key, int other,
    const uint8_t hash[16])
{
	const unsigned n = g->nsent[seat] < MQ_SENT_KEEP ? g->nsent[seat] :
	    MQ_SENT_KEEP;
	uint64_t seq = 0;
	unsigned i;

	for (i = 0; i < n; i++) {
		const struct mq_sent *s = &g->sent[seat][i];

		if ((strcmp(s->key, key) != 0) == other && s->seq > seq &&
		    memcmp(s->text_hash, hash, 16) == 0)
			seq = s->seq;
	}
	return seq;
}

/*
 * Of such a copy's answer, the refused lines a line below them put right,
 * as submit told the first copy: a typo (MOVE cx) whose next command line,
 * received already, is the same command of one choice (MOVE cw) is
 * "replaced by" it, nothing to send again, and that line is "in place of"
 * it. Submit's own walk of the lines decides it (mq_fix_walk), each line
 * received already read as taken, as it was then. -1 out of memory.
 */
static int
copy_corrections(const struct analysis *a, const int *kind,
    struct mq_submit_result *res)
{
	const struct mq_game *g = a->game;
	const char *const *lines = (const char *const *)a->lines;
	struct mq_fix_walk fw;
	struct mq_fix_mark fm[3];
	long nfirst;
	size_t at, i, f, nfm, *order = NULL;
	int fixing, lk;

	if ((nfirst = mq_game_line_order(g, g->state, a->seat, lines,
	    a->nlines, &order)) < 0)
		return -1;
	mq_fix_walk_init(&fw, nfirst);
	for (at = 0; at < a->nlines; at++) {
		i = order[at];
		if (kind[i] == LINE_PROSE || res->cmds[i].note)
			continue;
		fixing = mq_fix_walk_fixing(&fw, g, g->state, lines,
		    lines[i]);
		if (kind[i] == LINE_REFUSED) {
			/* a command that does not parse, or a doubt
			 * ("Play nice": the lines after it went on) */
			lk = g->kind->names_command == NULL ?
			    MQ_LINE_COMMAND : g->kind->names_command(g->state,
			    lines[i]);
			(void)mq_fix_walk_refused(&fw, g, g->state, lines, at,
			    i, lines[i], i, lk, 1, fixing);
			continue;
		}
		/* taken then, something that changed the game; a STATUS
		 * or HELP, answered, changes nothing and stops nothing */
		nfm = mq_fix_walk_taken(&fw, g, g->state, lines, at, lines[i],
		    fixing, kind[i] != LINE_ASKS, fm);
		for (f = 0; f < nfm; f++) {
			res->cmds[i].corrects = (int)fm[f].line + 1;
			res->cmds[fm[f].res].corrected_by = (int)i + 1;
		}
	}
	free(order);
	return 0;
}

/* The answer's lines of such a copy: each received already at its entry,
 * or (seen 0) refused again, as the game reads it now (a command that
 * does not parse), or noted as no command, or a STATUS or HELP answered
 * again (as any mail's: it was never logged), a refused line put right by
 * a line below it told so (copy_corrections); MQ_IO out of memory. */
static int
copy_result(const struct analysis *a, const uint64_t *seen,
    const int *kind, struct mq_submit_result *res, struct mq_err *err)
{
	const struct mq_game_kind *k = a->game->kind;
	struct mq_cmd cmd;
	struct mq_err e;
	size_t i;

	if ((res->cmds = calloc(a->nlines, sizeof(*res->cmds))) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	for (i = 0; i < a->nlines; i++) {
		if (kind[i] == LINE_ASKS ? asks_only(a->game, a->game->state,
		    a->seat, a->lines[i], &res->cmds[i].text) != 1 :
		    (res->cmds[i].text = strdup(a->lines[i])) == NULL) {
			mq_submit_result_free(res);
			return mq_fail(err, MQ_IO, "Out of memory.");
		}
		res->ncmds++;
		res->cmds[i].accepted = kind[i] == LINE_ASKS;
		res->cmds[i].line = (int)i + 1;	/* as submit numbers them */
		res->cmds[i].already = seen[i];
		res->cmds[i].note = kind[i] == LINE_PROSE;
		if (kind[i] == LINE_REFUSED &&
		    k->parse(a->game->state, a->seat, a->lines[i], &cmd, &e) != 0)
			snprintf(res->cmds[i].error, sizeof(res->cmds[i].error),
			    "%s", e.msg);
	}
	if (copy_corrections(a, kind, res) != 0) {
		mq_submit_result_free(res);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	return 0;
}

/*
 * A mail client's resend, found by the mail itself: the seat's entry after
 * entry at whose message (its archived copy) answers the same mail (at)
 * and says the same (what the player wrote, as read: another Message-ID
 * and Date make other bytes). The line matching above cannot see it when
 * the first copy was taken for a moment other than the one mail at asked
 * for (a card for the round after, that round played since): the resend
 * was played again. Only entries whose command one of the lines repeats
 * (hash: each line's, as read now) are looked at. *seq that entry, or 0
 * (none; an archive pruned). MQ_IO when the archive cannot be read.
 */
static int
first_copy(struct mq_daemon *d, const struct analysis *a, uint64_t at,
    uint8_t (*hash)[16], const int *parsed, uint64_t *seq,
    struct mq_err *err)
{
	const struct mq_game *g = a->game;
	const unsigned n = g->nsent[a->seat] < MQ_SENT_KEEP ?
	    g->nsent[a->seat] : MQ_SENT_KEEP;
	uint64_t tried[MQ_SENT_KEEP];
	unsigned i, t, ntried = 0;
	size_t j, m, len;
	struct mq_err e;
	char *raw, *text;
	int rc = 0;

	*seq = 0;
	if (a->text == NULL)
		return 0;
	for (i = 0; i < n && *seq == 0 && rc == 0; i++) {
		const struct mq_sent *s = &g->sent[a->seat][i];
		struct analysis b;

		if (s->seq <= at)
			continue;
		for (t = 0; t < ntried && tried[t] != s->seq; t++)
			;
		for (j = 0; t == ntried && j < a->nlines && (!parsed[j] ||
		    memcmp(hash[j], s->text_hash, 16) != 0); j++)
			;
		if (t < ntried || j == a->nlines)
			continue;
		tried[ntried++] = s->seq;
		for (m = 0; m < g->nmsg && g->msg_seqs[m] != s->seq; m++)
			;
		if (m == g->nmsg)
			continue;	/* the host's submit: no mail */
		if ((rc = mq_inbound_read_archived(d, g->msg_hashes[m], &raw,
		    &len, err)) != 0 || raw == NULL)
			continue;
		memset(&b, 0, sizeof(b));
		b.game = a->game;
		b.seat = a->seat;
		if ((rc = mq_mime_parse(raw, len, &b.msg, &e)) == 0 &&
		    mq_inbound_answered(d, &b) == at) {
			if ((rc = mq_reply_extract(b.msg->text,
			    strlen(b.msg->text), &text, &e)) == 0) {
				if (strcmp(text, a->text) == 0)
					*seq = s->seq;
				free(text);
			}
		}
		if (rc == MQ_IO)
			rc = mq_fail(err, MQ_IO, "%s", e.msg);
		else
			rc = 0;	/* a mail that no longer parses: no copy */
		mq_mime_msg_free(b.msg);
		free(raw);
	}
	return rc;
}

/*
 * Whether a's mail, found a copy of the seat's mail of entry seq, is a new
 * reply instead: a player who answers one old mail of the game every
 * round, the same text as a reply taken since ("MOVE cw" in round 3 in
 * reply to the mail that asked for round 1's), lost that round's move,
 * "received already". The mail itself tells them apart. A mail client's
 * resend keeps the first copy's Message-ID, or, under a new one, a Date
 * no later than the first copy's, or than the game's asking the seat for
 * what it owes now (asked_at: its latest debt began). A new reply has a
 * Message-ID of its own and a Date later than both: *fresh 1, and it is
 * played as any mail. No Message-ID, or no Date read: a resend, as
 * before. The first copy no longer archived (pruned): the Date against
 * asked_at alone. MQ_IO when the archive cannot be read.
 */
static int
new_reply(struct mq_daemon *d, const struct analysis *a, uint64_t seq,
    int *fresh, struct mq_err *err)
{
	const struct mq_game *g = a->game;
	const struct mq_mime_msg *m = a->msg;
	struct mq_mime_msg *b = NULL;
	struct mq_err e;
	char *raw;
	size_t i, len;
	int rc;

	*fresh = 0;
	if (m == NULL || m->message_id == NULL || m->message_id[0] == '\0' ||
	    m->date <= 0 || m->date <= g->players[a->seat].asked_at)
		return 0;
	for (i = 0; i < g->nmsg && g->msg_seqs[i] != seq; i++)
		;
	if (i == g->nmsg)
		return 0;	/* the host's submit: no mail to answer */
	MQ_TRY(mq_inbound_read_archived(d, g->msg_hashes[i], &raw, &len, err));
	if (raw == NULL) {
		*fresh = 1;
		return 0;
	}
	if ((rc = mq_mime_parse(raw, len, &b, &e)) == MQ_IO) {
		free(raw);
		return mq_fail(err, MQ_IO, "%s", e.msg);
	}
	*fresh = rc != 0 || ((b->message_id == NULL ||
	    strcmp(b->message_id, m->message_id) != 0) &&
	    (b->date <= 0 || m->date > b->date));
	mq_mime_msg_free(b);
	free(raw);
	return 0;
}

/* Whether the seat's entry seq took a command of that text for the moment
 * key (the moment a line is for now: still open). */
static int
ring_has(const struct mq_game *g, int seat, uint64_t seq, const char *key,
    const uint8_t hash[16])
{
	const unsigned n = g->nsent[seat] < MQ_SENT_KEEP ? g->nsent[seat] :
	    MQ_SENT_KEEP;
	unsigned i;

	for (i = 0; i < n; i++)
		if (g->sent[seat][i].seq == seq &&
		    strcmp(g->sent[seat][i].key, key) == 0 &&
		    memcmp(g->sent[seat][i].text_hash, hash, 16) == 0)
			return 1;
	return 0;
}

/*
 * The lines of a resend's answer (res, its first copy's, read again) whose
 * moment is still open: a line received then (at entry res->cmds[i].already)
 * that the game reads now for the moment it was taken for (the moves of
 * the round whose cards were revealed since, when the card's moment is
 * gone). Such a line is received already at the entry of the move that
 * stands, as submit tells it; one changed since stays received at the
 * entry that took it then (the mail is a copy of an old one, not a change
 * back, as a refused copy is told: mq_inbound_sent_before). *copy 0,
 * submit's to tell the whole mail (a copy, or a change back, as the mail
 * read before any of its moments went by), when every line received then
 * is open. -1 out of memory.
 */
static int
still_open(const struct analysis *a, char (*now)[16], uint8_t (*hash)[16],
    const int *parsed, struct mq_submit_result *res, int *copy)
{
	const struct mq_game *g = a->game;
	size_t i, taken = 0, open = 0;
	uint64_t seen;

	for (i = 0; i < res->ncmds && i < a->nlines; i++) {
		/* left out then for a later line (replaced_by): no entry
		 * took it, no moment of it to be open */
		if (res->cmds[i].already == 0 || res->cmds[i].replaced_by)
			continue;
		taken++;
		if (!parsed[i] || !ring_has(g, a->seat, res->cmds[i].already,
		    now[i], hash[i]))
			continue;	/* its moment is gone */
		open++;
		if (mq_game_standing_copy(g, g->state, a->seat, a->lines[i],
		    NULL, 0, &seen) != 0)
			return -1;
		if (seen != 0)
			res->cmds[i].already = seen;
	}
	if (taken > 0 && open == taken)
		*copy = 0;
	return 0;
}

/*
 * The answer the first copy (entry seq) got, read again: the same lines
 * submitted to the game as it stood before that entry (a read-only copy,
 * which re-reads the entry instead of appending it, as a rebuild does),
 * with the lines refused as late then. A line taken then is received
 * already, at seq (one left out then for a later line of the mail, its
 * replaced_by, says so instead; one that put a refused line above it
 * right, its corrects, says so too); a line refused then, for whatever reason
 * (a typo, a move the game did not allow then), is refused again with that
 * reason, not played now (one a later line put right then, its
 * corrected_by, says so again); a greeting is noted. *copy 0 when the entry is not what
 * these lines make (the game reads them otherwise now): no copy.
 */
static int
first_answer(struct mq_daemon *d, const struct analysis *a, uint64_t seq,
    struct mq_submit_result *res, int *copy, struct mq_err *err)
{
	struct mq_late_lines late = { { NULL } };
	struct mq_submit_result then;
	const json_t *msg;
	struct mq_game *c;
	struct mq_err e;
	char *text;
	size_t i;
	int rc, asks;

	*copy = 0;
	if ((rc = mq_game_open(&d->store, a->game->id, 0, seq - 1, &c,
	    &e)) != 0)
		return rc == MQ_IO ? mq_fail(err, MQ_IO, "game %s: %s",
		    a->game->id, e.msg) : 0;
	if (c->peek == NULL || c->peek->seq != seq) {
		mq_game_close(c);
		return 0;
	}
	msg = json_object_get(c->peek->body, "msg");
	mq_game_journal_start(c);
	if ((rc = mq_inbound_late_reply(d, c, a, &late, &e)) == 0)
		rc = mq_game_submit_refusing(c, a->seat,
		    (const char *const *)a->lines, a->nlines,
		    (const char *const *)late.why, 0,
		    json_string_value(json_object_get(msg, "hash")),
		    json_string_value(json_object_get(msg, "id")),
		    json_integer_value(json_object_get(c->peek->body, "ts")),
		    &then, &e);
	mq_inbound_late_lines_free(&late);
	mq_game_journal_stop(c);
	mq_game_close(c);
	if (rc == MQ_IO)
		return mq_fail(err, MQ_IO, "%s", e.msg);
	if (rc != 0 || !then.logged || then.entry.seq != seq) {
		if (rc == 0)
			mq_submit_result_free(&then);
		return 0;
	}
	memset(res, 0, sizeof(*res));
	if ((res->cmds = calloc(a->nlines, sizeof(*res->cmds))) == NULL)
		goto oom;
	for (i = 0; i < a->nlines; i++) {
		if ((res->cmds[i].text = strdup(a->lines[i])) == NULL)
			goto oom;
		res->ncmds++;
		res->cmds[i].line = (int)i + 1;	/* as submit numbers them */
	}
	for (i = 0; i < then.ncmds; i++) {
		const struct mq_cmd_result *t = &then.cmds[i];
		struct mq_cmd_result *r;

		if (t->line < 1 || (size_t)t->line > a->nlines)
			continue;
		r = &res->cmds[t->line - 1];
		/* it only asked (STATUS, HELP), and was never logged:
		 * answered again, as the same mail read as any mail is */
		if (t->accepted && (asks = asks_only(a->game, a->game->state,
		    a->seat, a->lines[t->line - 1], &text)) != 0) {
			if (asks < 0)
				goto oom;
			free(r->text);
			r->text = text;
			r->accepted = 1;
			continue;
		}
		r->already = t->accepted ? seq : t->already;
		/* taken then, yet left out for a later line of the mail:
		 * the answer says so again, not that seq logged it */
		r->replaced_by = t->accepted ? t->replaced_by : 0;
		/* taken then in place of a refused line above it: the
		 * answer says so again beside its entry */
		r->corrects = t->accepted || t->already ? t->corrects : 0;
		r->note = t->note;
		r->moot = t->moot;
		if (!t->accepted && !t->already) {
			snprintf(r->error, sizeof(r->error), "%s", t->error);
			/* refused then, yet put right by a later line of the
			 * mail (submit.c mq_game_corrects): the answer says
			 * so again, nothing to send again */
			r->corrected_by = t->corrected_by;
		}
	}
	mq_submit_result_free(&then);
	*copy = 1;
	return 0;
oom:
	mq_submit_result_free(&then);
	mq_submit_result_free(res);
	return mq_fail(err, MQ_IO, "Out of memory.");
}

int
mq_inbound_late_copy(struct mq_daemon *d, const struct analysis *a,
    struct mq_submit_result *res, int *copy, struct mq_err *err)
{
	uint64_t seen[MAX_LINES];
	const struct mq_game_kind *k = a->game->kind;
	const struct mq_game *g = a->game;
	char now[MAX_LINES][16], then[16];
	int kind[MAX_LINES];	/* LINE_*: a line that is no command is noted */
	uint8_t hash[16], hashes[MAX_LINES][16];
	int parsed[MAX_LINES];
	struct mq_game *c;
	struct mq_err e;
	uint64_t at, first;
	size_t i, cmds = 0;
	int rc, fresh = 0;

	*copy = 0;
	memset(res, 0, sizeof(*res));
	memset(seen, 0, sizeof(seen));
	if (a->nlines == 0 || a->msg == NULL || mq_game_over(g) ||
	    mq_game_refuses_mail(g, a->seat, &e) != 0 ||
	    (at = mq_inbound_answered(d, a)) == 0 || at >= g->seq)
		return 0;
	/* the same mail, sent again: as its first copy was answered, once
	 * a moment one of its commands was taken for is gone (the round's
	 * card, its move still open: that is received already too) */
	for (i = 0; i < a->nlines; i++) {
		if ((rc = read_line(k, g->state, a->seat, a->lines[i], now[i],
		    hashes[i])) < 0)
			return mq_fail(err, MQ_IO, "Out of memory.");
		parsed[i] = rc == 0;
	}
	MQ_TRY(first_copy(d, a, at, hashes, parsed, &first, err));
	if (first != 0) {
		MQ_TRY(first_answer(d, a, first, res, copy, err));
		if (*copy && (rc = still_open(a, now, hashes, parsed, res,
		    copy)) < 0) {
			mq_submit_result_free(res);
			return mq_fail(err, MQ_IO, "Out of memory.");
		}
		if (*copy && (rc = new_reply(d, a, first, &fresh, err)) != 0) {
			mq_submit_result_free(res);
			return rc;
		}
		if (*copy && !fresh)
			return 0;
		*copy = 0;
		mq_submit_result_free(res);
		memset(res, 0, sizeof(*res));
		if (fresh)
			return 0;	/* a new reply: played */
	}
	/* as the game reads it now: each command line a copy of one taken
	 * for another moment, else the mail is played (no replay needed) */
	for (i = 0; i < a->nlines; i++) {
		if ((rc = read_line(k, g->state, a->seat, a->lines[i], now[i],
		    hash)) < 0)
			return mq_fail(err, MQ_IO, "Out of memory.");
		kind[i] = LINE_COMMAND;
		if (rc > 0) {
			/* a greeting ("Thanks!") is only noted; a command
			 * that does not parse, refused (a typo in the first
			 * copy, refused then if it did not parse then) */
			kind[i] = k->names_command != NULL &&
			    k->names_command(g->state, a->lines[i]) ==
			    MQ_LINE_PROSE ? LINE_PROSE : LINE_REFUSED;
			continue;
		}
		/* a STATUS or HELP is in no entry: answered again */
		if ((rc = asks_only(g, g->state, a->seat, a->lines[i],
		    NULL)) < 0)
			return mq_fail(err, MQ_IO, "Out of memory.");
		if (rc > 0) {
			kind[i] = LINE_ASKS;
			continue;
		}
		if (ring_find(g, a->seat, now[i], 1, hash) == 0)
			return 0;
		cmds++;
	}
	if (cmds == 0)
		return 0;
	/* the moment each line was for as that mail asked it: the game as
	 * it stood when the mail was sent */
	if ((rc = mq_game_open(&d->store, g->id, 0, at, &c, &e)) != 0)
		return rc == MQ_IO ? mq_fail(err, MQ_IO, "game %s: %s", g->id,
		    e.msg) : 0;
	rc = 0;
	for (i = 0; i < a->nlines && rc == 0; i++) {
		if (kind[i] == LINE_PROSE || kind[i] == LINE_ASKS)
			continue;
		rc = read_line(k, c->state, a->seat, a->lines[i], then, hash);
		if (kind[i] == LINE_REFUSED) {
			/* a command the game read when the mail was sent,
			 * not taken: this is no copy of that mail */
			if (rc == 0)
				rc = 1;
			else if (rc > 0)
				rc = 0;
			continue;
		}
		if (rc != 0)
			break;
		/* the same moment: the copy of the move that stands, told so
		 * by submit; this moment is gone. The first copy was taken
		 * after the mail both answer was sent: a line the seat's
		 * mail had taken before it (the player answers the receipt
		 * of that line, a round later, with the same move) is new */
		if (strcmp(then, now[i]) == 0 ||
		    (seen[i] = ring_find(g, a->seat, then, 0, hash)) <= at)
			rc = 1;
	}
	mq_game_close(c);
	if (rc < 0)
		return mq_fail(err, MQ_IO, "Out of memory.");
	if (rc != 0)
		return 0;
	/* a new reply to the old mail, not a resend of the entries that
	 * took its lines (new_reply, for each of them): played */
	fresh = 1;
	for (i = 0; i < a->nlines && fresh; i++)
		if (seen[i] != 0)
			MQ_TRY(new_reply(d, a, seen[i], &fresh, err));
	if (fresh)
		return 0;
	*copy = 1;
	return copy_result(a, seen, kind, res, err);
}
