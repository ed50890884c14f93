/* inbound_outage.c - an IMAP mailbox that cannot be read; see
 * inbound_outage.h. */
#include <stdio.h>
#include <time.h>

#include "daemon/clock.h"
#include "daemon/host_text.h"
#include "daemon/inbound_outage.h"
#include "daemon/notify.h"
#include "daemon/outage.h"
#include "mail/transport.h"

/* The keys of the host's notices of the outage that began at since: one
 * for out of reach, one for refused (an outage told as out of reach that
 * then refuses the login is told again: now it is the host's to mend). */
static void
down_key(char *key, size_t n, int refused, long long since)
{
	snprintf(key, n, "imap-%s-%lld", refused ? "refused" : "down", since);
}

static const char *
mailbox_name(const struct mq_daemon *d)
{
	return d->conf.imap_mailbox[0] ? d->conf.imap_mailbox : "INBOX";
}

static void
tell_down(struct mq_daemon *d, const char *why, int refused, long long since,
    const char *when)
{
	char key[64], host[256], text[4096];
	struct mq_err e;

	down_key(key, sizeof(key), refused, since);
	if (mq_notify_host_told(d, key))
		return;
	/* host and port, as the transport says them: imap_url could hold a
	 * USER:PASSWORD@, never to be mailed */
	mq_transport_host(host, sizeof(host), d->conf.imap_url);
	snprintf(text, sizeof(text), refused ? HOST_IMAP_REFUSED_TEXT :
	    HOST_IMAP_DOWN_TEXT, mailbox_name(d), host, when, why);
	if (mq_notify_host(d, key, HOST_IMAP_DOWN_SUBJECT, text, &e) != 0)
		mq_daemon_log("inbound: cannot tell the host that the mailbox "
		    "is unread: %s", e.msg);
	else
		mq_daemon_log("inbound: the host is told that the mailbox is "
		    "unread");
}

void
mq_inbound_down(struct mq_daemon *d, const char *why, int refused)
{
	long long since;
	char when[64];

	mq_outage_note(d->conf.datadir, MQ_OUTAGE_IMAP, d->now, why, &since);
	mq_clock_utc(since, 0, when, sizeof(when));
	mq_daemon_log("inbound: %s; the mailbox is unread since %s, and the "
	    "deadlines wait; trying again next pass", why, when);
	if (refused || d->now - since >= MQ_IMAP_OUTAGE_TELL)
		tell_down(d, why, refused, since, when);
}

void
mq_inbound_up(struct mq_daemon *d)
{
	char from[64], until[64], host[256], text[4096], key[64], down[64],
	    refused[64];
	struct mq_err e;
	long long since;

	if (!mq_outage_read(d->conf.datadir, MQ_OUTAGE_IMAP, &since, NULL, 0))
		return;
	mq_clock_utc(since, 0, from, sizeof(from));
	mq_clock_utc(d->now, 0, until, sizeof(until));
	mq_daemon_log("inbound: the IMAP server answers again; the mailbox was "
	    "unread since %s", from);
	down_key(down, sizeof(down), 0, since);
	down_key(refused, sizeof(refused), 1, since);
	if (d->conf.admin[0] && (mq_notify_host_marked(d, down) ||
	    mq_notify_host_marked(d, refused))) {
		snprintf(key, sizeof(key), "imap-up-%lld", since);
		mq_transport_host(host, sizeof(host), d->conf.imap_url);
		snprintf(text, sizeof(text), HOST_IMAP_BACK_TEXT, mailbox_name(d),
		    host, from, until);
		/* not told: the record stays, and the next pass tries again */
		if (mq_notify_host(d, key, HOST_IMAP_BACK_SUBJECT, text, &e) != 0) {
			mq_daemon_log("inbound: cannot tell the host that the "
			    "mailbox is read again: %s", e.msg);
			return;
		}
	}
	mq_outage_clear(d->conf.datadir, MQ_OUTAGE_IMAP);
	/* this outage's keys never come again: their markers go */
	mq_notify_host_forget(d, down);
	mq_notify_host_forget(d, refused);
	snprintf(key, sizeof(key), "imap-up-%lld", since);
	mq_notify_host_forget(d, key);
}
