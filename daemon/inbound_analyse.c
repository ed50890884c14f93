/*
 * inbound_analyse.c - what a message is, before it touches a game: parsed
 * (or its headers alone, when MIME cannot read it), an auto-reply or a
 * bounce set apart, the game its tag names opened, its sender
 * authenticated (or the one sentence saying why not, in the sender's
 * language when a player's), the player's own words cut into command
 * lines and SET lines. For inbound.c's processing and inbound_parse.c's
 * dry run; see inbound_int.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sodium.h>

#include "daemon/clock.h"
#include "daemon/inbound_int.h"
#include "daemon/inbound_replaced.h"
#include "daemon/notify.h"
#include "mail/address.h"
#include "mail/mime_in.h"
#include "mail/reply_text.h"

void
mq_inbound_analysis_free(struct analysis *a)
{
	size_t i;

	if (a->own_game)
		mq_game_close(a->game);
	mq_mime_msg_free(a->msg);
	free(a->text);
	free(a->unread_text);
	for (i = 0; i < a->nlines; i++)
		free(a->lines[i]);
}

int
mq_inbound_seen_line(const struct analysis *a, int n)
{
	return n >= 1 && (size_t)n <= a->nlines ? a->lineno[n - 1] : n;
}

void
mq_inbound_seen_lines(const struct analysis *a, struct mq_submit_result *res)
{
	size_t i;

	for (i = 0; i < res->ncmds; i++) {
		struct mq_cmd_result *c = &res->cmds[i];

		c->line = mq_inbound_seen_line(a, c->line);
		c->corrects = mq_inbound_seen_line(a, c->corrects);
		c->corrected_by = mq_inbound_seen_line(a, c->corrected_by);
		c->replaced_by = mq_inbound_seen_line(a, c->replaced_by);
		c->replaces_line = mq_inbound_seen_line(a, c->replaces_line);
		c->tried_fix = mq_inbound_seen_line(a, c->tried_fix);
	}
}

/*
 * Split the extracted text into lines; the SET lines are the daemon's own
 * (inbound_set.c). Works
 * on a copy: a->text stays whole for `parse`, and each line keeps its
 * number in it, which is what the player sees (blank lines included).
 */
static int
split(struct analysis *a, struct mq_err *err)
{
	char *copy = strdup(a->text), *p = copy, *nl;
	int n = 0;

	/* out of memory must not read as "no command" (a HELP mail, and the
	 * message marked answered: the player's move lost) */
	if (copy == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	while (p != NULL && *p) {
		n++;
		nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p && a->nlines == MAX_LINES) {
			/* the rest is not read, and the player is told (answer) */
			a->unread = n;
			if ((a->unread_text = strdup(p)) == NULL) {
				free(copy);
				return mq_fail(err, MQ_IO, "Out of memory.");
			}
			break;
		}
		if (*p) {
			if (mq_inbound_setting_line(p, &a->set)) {
				/* the line the receipt names it by */
				char lang[8];

				if (mq_inbound_set_lang_line(p, lang))
					a->set.lang_line = (int)n;
				else
					a->set.notices_line = (int)n;
			} else {
				a->lineno[a->nlines] = n;
				if ((a->lines[a->nlines] = strdup(p)) == NULL) {
					free(copy);
					return mq_fail(err, MQ_IO, "Out of memory.");
				}
				a->nlines++;
			}
		}
		p = nl ? nl + 1 : NULL;
	}
	free(copy);
	return 0;
}

/* The sentence for the first line past MAX_LINES: the rest of a long
 * letter is not read, and a command there would otherwise vanish. */
void
mq_inbound_unread_refusal(char *out, size_t n)
{
	struct mq_err e;

	mq_fail(&e, MQ_REFUSED, "This line and the ones after it were not read: "
	    "masqued reads the first %d lines of a message that are not blank; "
	    "send the rest in another message.", MAX_LINES);
	snprintf(out, n, "%s", e.msg);
}

/*
 * The headers alone of a message MIME could not read (over 10 MiB, nested
 * too deep or of too many parts, a header line over 64 KiB, too many
 * header fields, no text part), so that its sender still gets the one
 * sentence saying why (DESIGN: everything else gets a clear reply), unless
 * those headers show an auto-reply or a bounce. Overlong fields and the
 * MIME fields are left out, and the fields past the limit's count (read
 * again, they were refused again, and the sender never told), the rest
 * parsed over a one-line body; *out NULL when even that cannot be read. Out of memory
 * is MQ_IO: the mail waits for the next pass rather than go unanswered.
 */
static int
headers_only(const char *raw, size_t len, struct mq_mime_msg **out,
    struct mq_err *err)
{
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_mime_msg *m = NULL;
	struct mq_err e;
	size_t i = 0, end, k, fields = 0;
	int report = 0, rc;

	while (i < len && raw[i] != '\n' && !(raw[i] == '\r' && i + 1 < len &&
	    raw[i + 1] == '\n') && b.len < 4 * MQ_MIME_MAX_LINE &&
	    fields < MQ_MIME_MAX_FIELDS) {
		/* one field: its first line and any folded continuations */
		for (end = i; end < len; end++)
			if (raw[end] == '\n' && (end + 1 == len ||
			    (raw[end + 1] != ' ' && raw[end + 1] != '\t')))
				break;
		if (end < len)
			end++;
		if (end - i > MQ_MIME_MAX_LINE)
			;	/* too long to read: skip it */
		/* the names compared within the field: raw need not end in a
		 * NUL (a head read to its limit may stop in a name) */
		else if ((end - i >= 8 &&
		    strncasecmp(raw + i, "content-", 8) == 0) ||
		    (end - i >= 13 &&
		    strncasecmp(raw + i, "mime-version:", 13) == 0)) {
			for (k = i; end - i >= 13 &&
			    strncasecmp(raw + i, "content-type:", 13) == 0 &&
			    k + 6 <= end; k++)
				if (strncasecmp(raw + k, "report", 6) == 0)
					report = 1;	/* multipart/report: a bounce */
		} else {
			mq_buf_add(&b, raw + i, end - i);
			fields++;
		}
		i = end;
	}
	mq_buf_puts(&b, "\n\n.\n");
	*out = NULL;
	if (b.oom)
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	else if ((rc = mq_mime_parse(mq_buf_str(&b), b.len, &m, &e)) == MQ_IO)
		mq_fail(err, MQ_IO, "%s", e.msg);
	else if (rc == 0 && report)
		m->bounce = 1;
	mq_buf_free(&b);
	if (rc == MQ_IO)
		return rc;
	*out = m;
	return 0;
}

static int __attribute__((format(printf, 2, 3)))
deny(struct analysis *a, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(a->auth, sizeof(a->auth), fmt, ap);
	va_end(ap);
	mq_escape_controls(a->auth, sizeof(a->auth));	/* the sender's words */
	return 0;
}

/* A message with no game tag (or naming a notice that is not its own). */
static int
deny_no_tag(struct analysis *a)
{
	return deny(a, "%s", "This message is not a reply to a game's mail: "
	    "its address carries no game tag. Reply to the mail of your game.");
}

/*
 * The game the tag t names, opened into a->game (read-only for a dry run);
 * a->game NULL and the refusal in a->auth when there is no such game. A log
 * that does not verify stops that game (the host is told) and fails this
 * message, as an I/O error does.
 */
static int
open_tagged(struct mq_daemon *d, struct analysis *a,
    const struct mq_addr_tag *t, uint64_t notice, int writable,
    struct mq_err *err)
{
	struct mq_err e;
	int rc;

	if (!writable) {
		/* not in d->open: the daemon's own copy of the game may be
		 * open there (the catching up reads a message on its way) */
		rc = mq_game_open(&d->store, t->game, 0, 0, &a->game, &e);
		a->own_game = rc == 0;
	} else
		rc = mq_daemon_game(d, t->game, &a->game, &e);
	if (rc == MQ_IO || rc == MQ_BADDATA) {
		a->game = NULL;
		/* this game stops, and the host is told; the others go on */
		if (rc == MQ_BADDATA)
			mq_notify_host_stopped(d, t->game, e.msg);
		return mq_fail(err, rc, "game %s: %s", t->game, e.msg);
	}
	if (rc != 0) {
		a->game = NULL;
		if (notice)	/* a name it made up: as if it named none */
			return deny_no_tag(a);
		return deny(a, "This message is a reply to game %s, which does not "
		    "exist on this server.", t->game);
	}
	return 0;
}

/*
 * The answer to the address a replace took a seat from (a reply to an
 * older mail, or to the notice that told it it plays no more), which
 * nothing it sends changes: after a replace of its player's new address
 * (one person, two addresses), that this address was replaced; after one
 * that gave the seat to another person (other: --new-player, or a kicked
 * seat), not words of an address change, but that the seat is another
 * person's now, as the host decided, and whom to ask: the host's address,
 * when the server has one.
 */
static int
deny_replaced(const struct mq_daemon *d, struct analysis *a, int other)
{
	a->names_game = 1;	/* its subject names it */
	if (!other)
		return deny(a, "The host replaced this address in game %s: "
		    "it no longer plays there, and nothing in this message "
		    "was applied.", a->game->id);
	/* over: nobody plays the seat from now on (its end mail went to
	 * the seat's new player) */
	if (mq_game_over(a->game) && d->conf.admin[0] != '\0')
		return deny(a, "The host chose to give the seat you played in "
		    "game %s to another person, and the game is over now: "
		    "nothing in this message was applied; ask the host (%s) "
		    "about it.", a->game->id, d->conf.admin);
	if (mq_game_over(a->game))
		return deny(a, "The host chose to give the seat you played in "
		    "game %s to another person, and the game is over now: "
		    "nothing in this message was applied.", a->game->id);
	if (d->conf.admin[0] != '\0')
		return deny(a, "The host chose to give the seat you played in "
		    "game %s to another person, who plays it from now on: "
		    "nothing in this message was applied, nor will anything you "
		    "send there be; ask the host (%s) about it.", a->game->id,
		    d->conf.admin);
	return deny(a, "The host chose to give the seat you played in game %s "
	    "to another person, who plays it from now on: nothing in this "
	    "message was applied, nor will anything you send there be.",
	    a->game->id);
}

/*
 * Whether the message may play in a->game: a reply to a replace notice, or
 * from an address the host replaced, or with a tag that does not verify, or
 * from another address than the seat's, is refused (a->auth), in the
 * sender's language when it is a player's.
 */
static int
authenticate(struct mq_daemon *d, struct analysis *a,
    const struct mq_addr_tag *t, uint64_t notice, struct mq_err *err)
{
	int ok, replaced, other, former, i;
	char when[64], lang[8];
	long long ts;

	/* a refusal to one of the game's players reads in their language; it
	 * goes to the From alone, so a forged From learns nothing from it */
	for (i = 0; i < a->game->nplayers; i++)
		if (mq_addr_same(a->msg->from, a->game->players[i].email))
			snprintf(a->from_lang, sizeof(a->from_lang), "%s",
			    a->game->players[i].lang);
	if (notice) {
		/* the sentence a reply from that address to an older mail
		 * gets, which the notice said already; to anyone else, the
		 * answer to a message with no tag, and the game unnamed */
		MQ_TRY(mq_inbound_notice_sender(d, a->game, t->seat, notice,
		    a->msg->from, &ok, a->from_lang, &other, err));
		if (ok)
			return deny_replaced(d, a, other);
		if (a->own_game)
			mq_game_close(a->game);
		a->own_game = 0;
		a->game = NULL;
		a->from_lang[0] = '\0';
		return deny_no_tag(a);
	}
	if (t->seat >= 0 && t->seat < a->game->nplayers &&
	    !mq_addr_tag_ok(d->store.keys.tag, t, a->game->players[t->seat].epoch)) {
		if ((replaced = mq_inbound_replaced_address(d, a->game, t,
		    a->msg->from, a->from_lang, &other)) < 0)
			return mq_fail(err, MQ_IO, "game %s: out of memory reading "
			    "its log.", a->game->id);
		/* in the seat's language while that address held it */
		if (replaced)
			return deny_replaced(d, a, other);
	}
	if (t->seat >= 0 && t->seat < a->game->nplayers &&
	    !mq_addr_tag_ok(d->store.keys.tag, t, a->game->players[t->seat].epoch) &&
	    mq_addr_same(a->msg->from, a->game->players[t->seat].email)) {
		/* the seat's own address, an old tag: a rotate-token since */
		for (i = 0; i < a->game->players[t->seat].epoch; i++)
			if (mq_addr_tag_ok(d->store.keys.tag, t, i)) {
				a->names_game = 1;	/* its subject names it */
				return deny(a, "This reply address is an old one: "
				    "the host has given you new reply addresses in "
				    "game %s since; reply to your latest mail from "
				    "the game.", a->game->id);
			}
	}
	if (t->seat < 0 || t->seat >= a->game->nplayers ||
	    !mq_addr_tag_ok(d->store.keys.tag, t, a->game->players[t->seat].epoch))
		return deny(a, "%s", "The reply address of this message does not "
		    "verify (it may be an old or altered one); reply to your latest "
		    "mail from the game.");
	a->tag_ok = 1;
	if ((a->msg->from_many || a->msg->from == NULL) && a->from_lang[0] ==
	    '\0')	/* the sound tag shows its mail was read */
		snprintf(a->from_lang, sizeof(a->from_lang), "%s",
		    a->game->players[t->seat].lang);
	if (a->msg->from_many)
		/* which of them sent it? none may play for the seat */
		return deny(a, "This message names more than one sender in its "
		    "From field; send it from your registered address alone.");
	if (a->msg->from == NULL)
		return deny(a, "This message has no From address; send it from "
		    "your registered address.");
	if (!json_is_true(json_object_get(json_object_get(a->game->genesis,
	    "options"), "allow_any_sender")) &&
	    !mq_addr_same(a->msg->from, a->game->players[t->seat].email)) {
		/* a From with no '@' (a bare name, an encoded word where the
		 * address goes): no address, and none the host could give
		 * the seat (they were said to be told, and were not) */
		if (strchr(a->msg->from, '@') == NULL)
			return deny(a, "This message has no From address; send "
			    "it from your registered address.");
		/* another player of the game, answering a mail not theirs
		 * (forwarded, or a Reply-To copied): in their language (set
		 * above), told which mail to answer, not to change address */
		for (i = 0; a->msg->from != NULL && i < a->game->nplayers; i++)
			if (i != t->seat && !a->game->players[i].kicked &&
			    mq_addr_same(a->msg->from, a->game->players[i].email)) {
				/* the answer takes their own seat's reply
				 * address: a reply to it reaches their game */
				a->own_seat = (int)i + 1;
				return deny(a, "This message came from %s, the "
				    "address of %s in this game, but went to "
				    "another player's reply address; reply to a "
				    "mail the game sent to you.", a->msg->from,
				    a->game->players[i].name);
			}
		/* the seat's player writing from another address: in the
		 * seat's language (the sound tag shows its mail was read) */
		if (a->from_lang[0] == '\0')
			snprintf(a->from_lang, sizeof(a->from_lang), "%s",
			    a->game->players[t->seat].lang);
		/* perhaps the player's new address: the host is told, with
		 * the replace that gives it to the seat once they have
		 * checked it is theirs (a From is easily forged) */
		a->new_from = t->seat + 1;
		/* the address of the player the host removed (kicked, or the
		 * seat given to a new player): not an address change, and
		 * nothing the seat could be given; said so, and when */
		if ((former = mq_inbound_former_address(a->game, t->seat,
		    a->msg->from, &ts, &other, lang)) < 0)
			return mq_fail(err, MQ_IO, "game %s: out of memory reading "
			    "its log.", a->game->id);
		if (former && other) {
			/* in the language the seat had while it was theirs,
			 * not the new player's */
			snprintf(a->from_lang, sizeof(a->from_lang), "%s", lang);
			mq_clock_utc(ts, 0, when, sizeof(when));
			a->names_game = 1;	/* its subject names it */
			if (mq_game_over(a->game) && d->conf.admin[0] != '\0')
				return deny(a, "You were removed from game %s on "
				    "%s: the host gave the seat you played to "
				    "another person, and the game is over now. "
				    "Nothing in this message was applied; ask the "
				    "host (%s) about it.", a->game->id, when,
				    d->conf.admin);
			if (mq_game_over(a->game))
				return deny(a, "You were removed from game %s on "
				    "%s: the host gave the seat you played to "
				    "another person, and the game is over now. "
				    "Nothing in this message was applied.",
				    a->game->id, when);
			if (d->conf.admin[0] != '\0')
				return deny(a, "You were removed from game %s on "
				    "%s: the host gave the seat you played to "
				    "another person, who plays it from now on. "
				    "Nothing in this message was applied, nor will "
				    "anything you send there be; ask the host (%s) "
				    "about it.", a->game->id, when, d->conf.admin);
			return deny(a, "You were removed from game %s on %s: the "
			    "host gave the seat you played to another person, who "
			    "plays it from now on. Nothing in this message was "
			    "applied, nor will anything you send there be.",
			    a->game->id, when);
		}
		/* a kicked seat no new player took yet: what its player (or
		 * whoever they forwarded the mail to) sends from there is
		 * refused as from the seat's own address, with the kick's
		 * date and the host to ask; no address the host could give
		 * the seat back, so the host is not told of it (a replace of
		 * a kicked seat gives it to a new player) */
		if (a->game->players[t->seat].kicked) {
			struct mq_err e;

			a->new_from = 0;
			a->names_game = 1;	/* its subject names it */
			mq_game_seat_playing(a->game, t->seat, &e);
			mq_inbound_kicked_refusal(d, a->game, t->seat, &e);
			return deny(a, "%s", e.msg);
		}
		/* a game over takes no new address: nobody is told then
		 * (mq_inbound_new_from_key), so the answer does not say so,
		 * but that it is over, and how to see its end */
		if (mq_game_over(a->game))
			return deny(a, "This message came from %s, which is not "
			    "the address registered for its seat in game %s, and "
			    "the game is over: nothing more can be played. Reply "
			    "STATUS from your registered address to any of the "
			    "game's mails to see how it ended.", a->msg->from,
			    a->game->id);
		if (d->conf.admin[0] != '\0' && !mq_game_over(a->game))
			return deny(a, "This message came from %s, which is not "
			    "the address registered for its seat in game %s, so "
			    "nothing in it was played. The host has been told, "
			    "and can give your seat this address once they have "
			    "checked with you that it is yours; until then, send "
			    "from your registered address.", a->msg->from,
			    a->game->id);
		return deny(a, "This message came from %s, which is not the address "
		    "registered for its seat in game %s; send from your registered "
		    "address.", a->msg->from, a->game->id);
	}
	return 0;
}

/*
 * A message over the transport's limit, of size bytes, of which head holds
 * the first len: its headers alone are read, so that its sender is told
 * why (unless they show an auto-reply or a bounce); nothing of it plays.
 * Named by its head and size, for the dedupe of answers.
 */
int
mq_inbound_analyse_oversize(const char *head, size_t len,
    unsigned long long size, unsigned limit_mib, struct analysis *a,
    struct mq_err *err)
{
	crypto_generichash_state st;
	unsigned char h[32];
	char why[128];

	memset(a, 0, sizeof(*a));
	mq_settings_none(&a->set);
	a->seat = -1;
	crypto_generichash_init(&st, NULL, 0, sizeof(h));
	crypto_generichash_update(&st, (const unsigned char *)head, len);
	crypto_generichash_update(&st, (const unsigned char *)&size,
	    sizeof(size));
	crypto_generichash_final(&st, h, sizeof(h));
	sodium_bin2hex(a->hash, sizeof(a->hash), h, sizeof(h));
	MQ_TRY(headers_only(head, len, &a->msg, err));
	a->drop = a->msg != NULL && (a->msg->auto_reply || a->msg->bounce);
	a->head_only = 1;
	/* the sentence ingest gives such a message, in the catalogs */
	snprintf(why, sizeof(why), "The message is larger than %u MiB.",
	    limit_mib);
	return deny(a, "The message could not be read: %s", why);
}

/* Parse, authenticate and extract; a->auth_ok says whether it may play. */
int
mq_inbound_analyse(struct mq_daemon *d, const char *raw, size_t len,
    struct analysis *a, int writable, struct mq_err *err)
{
	struct mq_addr_tag t;
	struct mq_err e;
	unsigned char h[32];
	uint64_t notice = 0;	/* the entry of a replace notice it answers */
	int rc;

	memset(a, 0, sizeof(*a));
	mq_settings_none(&a->set);	/* a message not read asks nothing */
	a->seat = -1;
	crypto_generichash(h, sizeof(h), (const unsigned char *)raw, len, NULL, 0);
	sodium_bin2hex(a->hash, sizeof(a->hash), h, sizeof(h));
	/* Out of memory: the mail waits for the next pass, unanswered. */
	if ((rc = mq_mime_parse(raw, len, &a->msg, &e)) == MQ_IO)
		return mq_fail(err, MQ_IO, "%s", e.msg);
	if (rc != 0) {
		MQ_TRY(headers_only(raw, len, &a->msg, err));
		a->drop = a->msg != NULL && (a->msg->auto_reply || a->msg->bounce);
		return deny(a, "The message could not be read: %s", e.msg);
	}
	if (a->msg->auto_reply || a->msg->bounce) {
		a->drop = 1;
		return deny(a, "%s", a->msg->bounce ? "It is a bounce (a delivery "
		    "report); it is not answered." : "It is an automatic reply; it is "
		    "not answered.");
	}
	if (mq_addr_find(a->msg->recipients, d->conf.reply_local, &t) != 0 &&
	    !mq_inbound_notice_named(d, a->msg, &t, &notice)) {
		if (d->nworkers > 1 && d->worker != 0) {
			a->deferred = 1;	/* strangers are worker 0's */
			return 0;
		}
		return deny_no_tag(a);
	}
	if (d->nworkers > 1 &&
	    mq_inbound_worker_of(t.game, d->nworkers) != d->worker) {
		/* another worker's game: only one process ever writes a game */
		a->deferred = 1;
		return 0;
	}
	MQ_TRY(open_tagged(d, a, &t, notice, writable, err));
	if (a->game == NULL)
		return 0;	/* refused: no such game */
	MQ_TRY(authenticate(d, a, &t, notice, err));
	if (a->auth[0] != '\0')
		return 0;	/* refused */
	a->seat = t.seat;
	if (mq_reply_extract(a->msg->text, strlen(a->msg->text), &a->text, &e) != 0)
		return mq_fail(err, MQ_IO, "%s", e.msg);
	MQ_TRY(split(a, err));
	snprintf(a->auth, sizeof(a->auth), "ok");
	a->auth_ok = 1;
	return 0;
}
