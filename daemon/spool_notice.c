/*
 * spool_notice.c - what the sender tells the host of the mail going out:
 * a dead letter, a damaged spool file, an SMTP server that takes no mail
 * and when it takes mail again. Each notice is itself a spooled mail, made
 * durable at once. See spool_int.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buf.h"
#include "daemon/clock.h"
#include "daemon/daemon.h"
#include "daemon/host_text.h"
#include "daemon/notify.h"
#include "daemon/outage.h"
#include "daemon/spool_int.h"
#include "mail/mime_out.h"
#include "mail/transport.h"

/* s in the host's language (words: host_text.h's catalogs, or NULL for
 * English); a catalog that cannot be read leaves it English. */
static void
host_words(struct mq_refusals *words, const struct mq_config *c,
    const char *s, struct mq_buf *out)
{
	if (mq_refusals_translate(words, c->lang, s, out, NULL) == MQ_IO)
		out->oom = 1;
}

/* A mail to the host, in the config's language, spooled under spoolname
 * (written again under the same name, it replaces itself) and made
 * durable: a notice the host never gets is no notice. */
static void
notify_host(const struct mq_config *c, struct mq_refusals *words,
    const char *spoolname, const char *subject, const char *text,
    long long now)
{
	struct mq_mail_out m;
	struct mq_buf body = MQ_BUF_INIT, subj = MQ_BUF_INIT, said = MQ_BUF_INIT;
	char id[800], *raw = NULL;
	struct mq_err e;
	size_t len;

	host_words(words, c, HOST_BANNER, &body);
	mq_buf_puts(&body, "\n\n");
	/* its command lines name the data folder, as mq_notify_host's do:
	 * a dead letter's "masqued admin GAME replace ..." copied into a
	 * shell elsewhere acted on that folder's ./data; wrapped as theirs */
	host_words(words, c, text, &said);
	if (said.oom || mq_notify_host_text(c->datadir, mq_buf_str(&said),
	    &body) != 0)
		body.oom = 1;
	mq_buf_free(&said);
	mq_buf_puts(&body, "\n");
	host_words(words, c, subject, &subj);
	snprintf(id, sizeof(id), "%s@%s", spoolname, c->reply_domain);
	memset(&m, 0, sizeof(m));
	m.from = c->from;
	m.to = c->admin;
	m.subject = mq_buf_str(&subj);
	m.message_id = id;
	m.date = now;
	m.text = mq_buf_str(&body);
	if (body.oom || subj.oom)
		mq_daemon_log("spool: out of memory; the host is not told: %s",
		    text);
	else if (mq_mime_build(&m, &raw, &len, &e) != 0 ||
	    mq_spool_put(c->datadir, spoolname, c->admin, raw, len, &e) != 0 ||
	    mq_spool_sync_now(c->datadir, spoolname, &e) != 0)
		mq_daemon_log("spool: %s; the host is not told: %s", e.msg, text);
	free(raw);
	mq_buf_free(&body);
	mq_buf_free(&subj);
}

/*
 * The paragraph that names the seats rcpt holds, each with the command
 * that gives it a working address (as a bounce's notice has it), or, for
 * a game's mail whose game is over (its end mail), that the game is over
 * and what the host can do instead, as admin replace refuses a game over;
 * "" for an address no seat holds, or games that cannot be read now. A game's
 * mail (GAME-SEQ-...) reads that game's log alone and names its seat
 * there: every log was read for each dead letter, thousands of them in a
 * host's folder of years, for each mail to an address that died. A mail
 * of no game (a refusal, z-...) reads the logs of the games not known to
 * be over by their ended mark: a finished game's seat cannot be given a
 * new address, and a host's folder of years is mostly finished games.
 * *over: the mail is a game's own and its log holds the game's end (the
 * notice then says nothing of a seat's new address).
 */
static void
dead_seats(const struct mq_config *c, const char *name, const char *rcpt,
    char *out, size_t size, int *over)
{
	struct mq_seat_index ix = { 0 };
	struct mq_store st;
	struct mq_err e;
	int rc;

	out[0] = '\0';
	*over = 0;
	if (strchr(rcpt, '@') == NULL ||	/* "nobody": a damaged file */
	    mq_store_open(c->datadir, 0, &st, &e) != 0)
		return;
	if (mq_spool_game_mail(name))
		rc = mq_store_seat_index_game(&st, name, &ix, &e);
	else
		rc = mq_store_seat_index_playing(&st, &ix, &e);
	/* one game's index: each of its seats says whether it is over */
	if (rc == 0 && mq_spool_game_mail(name) && ix.n > 0)
		*over = ix.v[0].over;
	if (rc == 0)
		mq_seat_index_replace_lines(&ix, rcpt,
		    mq_spool_game_mail(name), out, size);
	mq_seat_index_free(&ix);
	mq_store_close(&st);
}

/* A dead letter: the admin hears of it (unless the admin's own mail died),
 * in the config's language, with the seats its address holds. */
void
mq_spool_tell_dead(const struct mq_config *c, struct mq_refusals *words,
    const char *name, const char *rcpt, const char *why, long long now)
{
	char text[6144], subject[700], spoolname[400], seats[1200];
	int over;

	if (!c->admin[0] || strncmp(name, "admin-", 6) == 0)
		return;
	dead_seats(c, name, rcpt, seats, sizeof(seats), &over);
	/* a game over: no word of a seat's new address, which admin
	 * replace refuses ("Game G is over already.") */
	if (over)
		snprintf(text, sizeof(text), HOST_DEAD_ENDED_TEXT, name, rcpt,
		    c->datadir, seats, why, c->datadir, name);
	else
		snprintf(text, sizeof(text), HOST_DEAD_TEXT, name, rcpt,
		    c->datadir, seats, why, c->datadir, name);
	snprintf(subject, sizeof(subject), HOST_DEAD_SUBJECT, rcpt);
	snprintf(spoolname, sizeof(spoolname), "admin-dead-%s", name);
	notify_host(c, words, spoolname, subject, text, now);
}

/* A spool file with no recipient line (damaged: masqued writes one on
 * every mail) is a dead letter never tried: the host hears of it too. */
void
mq_spool_tell_broken(const struct mq_config *c, struct mq_refusals *words,
    const char *name, long long now)
{
	mq_spool_tell_dead(c, words, name, "nobody",
	    "none: its spool file has no recipient line (it is damaged), so it "
	    "was never tried.", now);
}

const char *
mq_spool_out_name(const struct mq_config *c)
{
	return c->outbound == MQ_OUT_SENDMAIL ? "sendmail" : "the SMTP server";
}

/* The SMTP server took no mail: the outage is noted (outage.h) and
 * said with the number of mails that wait, none of them counting a try:
 * the untried (this one and the rest, `untried`) and those passed by
 * before, a later try due (already in st). */
void
mq_spool_outage(const struct mq_config *c, long long now, const char *why,
    size_t untried, struct mq_spool_stats *st)
{
	char when[40];
	long long since;

	st->waiting += (int)untried;
	mq_outage_note(c->datadir, MQ_OUTAGE_SMTP, now, why, &since);
	mq_clock_utc(since, 0, when, sizeof(when));
	mq_daemon_log("spool: %s; %s has taken no mail since %s: "
	    "%d mail(s) wait in the spool; this outage counts no try against "
	    "them", why, mq_spool_out_name(c), when,
	    st->waiting);
}

/* The SMTP server took a mail: an outage recorded ends here, said in the
 * log, and to the host by mail when it lasted an hour or more. */
void
mq_spool_outage_over(const struct mq_config *c, struct mq_refusals *words,
    long long now)
{
	char why[1100], from[40], until[40], text[4096], spoolname[100];
	char host[256];
	long long since;

	if (!mq_outage_read(c->datadir, MQ_OUTAGE_SMTP, &since, why, sizeof(why)))
		return;
	mq_clock_utc(since, 0, from, sizeof(from));
	mq_clock_utc(now, 0, until, sizeof(until));
	mq_daemon_log("spool: %s takes mail again, after taking none since %s",
	    mq_spool_out_name(c), from);
	if (c->admin[0] && now - since >= MQ_SMTP_OUTAGE_TELL &&
	    c->outbound == MQ_OUT_SENDMAIL) {
		snprintf(text, sizeof(text), HOST_SENDMAIL_BACK_TEXT,
		    c->sendmail_path, from, until, why, c->datadir);
		snprintf(spoolname, sizeof(spoolname), "admin-smtp-back-%lld",
		    since);
		notify_host(c, words, spoolname, HOST_SENDMAIL_BACK_SUBJECT, text,
		    now);
	} else if (c->admin[0] && now - since >= MQ_SMTP_OUTAGE_TELL) {
		/* host and port, as the transport says them: smtp_url can
		 * hold a USER:PASSWORD@, never to be mailed */
		mq_transport_host(host, sizeof(host), c->smtp_url);
		snprintf(text, sizeof(text), HOST_SMTP_BACK_TEXT, host,
		    from, until, why, c->datadir);
		snprintf(spoolname, sizeof(spoolname), "admin-smtp-back-%lld",
		    since);
		notify_host(c, words, spoolname, HOST_SMTP_BACK_SUBJECT, text,
		    now);
	}
	mq_outage_clear(c->datadir, MQ_OUTAGE_SMTP);
}

/* Mail goes to an outbox Maildir now, no longer over SMTP: an outage
 * recorded before has no end to tell, and `games` would say it forever. */
void
mq_spool_outage_forget(const struct mq_config *c)
{
	long long since;

	if (mq_outage_peek(c->datadir, MQ_OUTAGE_SMTP, &since, NULL, 0) == 0)
		return;
	mq_daemon_log("spool: the SMTP outage recorded in %s/cursor/smtp-down "
	    "is forgotten: mail goes to the outbox Maildir now", c->datadir);
	mq_outage_clear(c->datadir, MQ_OUTAGE_SMTP);
}

