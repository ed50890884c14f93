/*
 * cmd_games.c - the host's overview, `masqued games [--json]`: every game
 * of the data folder on a line (status, round and phase, next deadline,
 * whom it waits for), and below them the state of the mail, in and out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/cli.h"
#include "daemon/clock.h"
#include "daemon/config.h"
#include "daemon/deadline.h"
#include "daemon/mailmark.h"
#include "daemon/notify.h"
#include "daemon/outage.h"
#include "daemon/spool.h"
#include "daemon/store.h"
#include "mail/mime_charset.h"

/* One game's line for `games`, and its JSON; 0, or an error code. */
static int
game_summary(const struct mq_config *conf, struct mq_game *g, json_t *list,
    int as_json)
{
	const char *status;
	char when[40] = "-", waiting[400] = "";
	json_t *v, *who = json_array(), *o;
	long long deadline = 0, d;
	uint64_t mark, behind;
	size_t len = 0;
	int i, present, passed, wait = mq_game_policy_wait(conf, g);

	if (mq_game_over(g))
		status = "over";
	else
		status = g->paused ? "paused" : "running";
	for (i = 0; i < g->nplayers; i++) {
		if (!g->players[i].owes[0])
			continue;
		if (json_array_append_new(who, json_string(g->players[i].name)))
			goto oom;
		len += (size_t)snprintf(waiting + len, len < sizeof(waiting) ?
		    sizeof(waiting) - len : 0, "%s%s", len ? ", " : "",
		    g->players[i].name);
		d = mq_game_deadline(conf, g, i);
		if (deadline == 0 || d < deadline)
			deadline = d;
	}
	if (strcmp(status, "running") != 0)
		deadline = 0;	/* a paused or ended game keeps no time */
	/* past it: serve has not run since, or (policy wait) the host has
	 * been mailed and the game is theirs to move on */
	passed = deadline > 0 && deadline <= mq_clock_now();
	if (deadline > 0) {
		time_t t = (time_t)deadline;

		strftime(when, sizeof(when), "%Y-%m-%d %H:%M", gmtime(&t));
	}
	/* entries logged whose mails are not all queued: a crash, or a spool
	 * that failed (the game waits for them: daemon.c mq_daemon_game) */
	mark = mq_mailmark_read(g, &present);
	behind = present && mark < g->seq ? mark + 1 : 0;
	if ((v = g->kind->view(g->state, MQ_VIEW_PUBLIC)) == NULL)
		goto oom;
	if (as_json) {
		o = json_pack("{s:s, s:s, s:s, s:i, s:I, s:s, s:O, s:O, s:O, s:o, "
		    "s:o}",
		    "game", g->id, "kind", g->kind->name, "status", status,
		    "players", g->nplayers, "entries", (json_int_t)g->seq,
		    "phase", json_string_value(json_object_get(v, "phase")) ?
		    json_string_value(json_object_get(v, "phase")) : "",
		    "round", json_object_get(v, "round") ? json_object_get(v, "round") :
		    json_null(), "turn", json_object_get(v, "turn") ?
		    json_object_get(v, "turn") : json_null(),
		    "time", json_object_get(v, "time") ?
		    json_object_get(v, "time") : json_null(), "waiting_for", who,
		    "deadline", deadline > 0 ? json_integer(deadline) : json_null());
		json_decref(v);
		who = NULL;
		if (o != NULL && (json_object_set_new(o, "policy",
		    json_string(wait ? "wait" : "default")) != 0 ||
		    json_object_set_new(o, "deadline_passed",
		    json_boolean(passed)) != 0)) {
			json_decref(o);
			o = NULL;
		}
		if (o != NULL && ((g->ended && json_object_set_new(o,
		    "ended_by_host", json_true()) != 0) || (behind &&
		    json_object_set_new(o, "unmailed_from",
		    json_integer((json_int_t)behind)) != 0))) {
			json_decref(o);
			o = NULL;
		}
		if (o == NULL || json_array_append_new(list, o))
			goto oom;
		return 0;
	}
	/* The Masquerade counts turns; the Red Death, rounds of a night. The
	 * phase's column fits the longest, The Masquerade's "challenge". */
	printf("%-8s  %-10s  %-7s  %5llu  %s %-2lld %-5s %-9s  %-16s  %s\n",
	    g->id, g->kind->name, status, (unsigned long long)g->seq,
	    json_object_get(v, "turn") ? "turn " : "round",
	    json_integer_value(json_object_get(v, json_object_get(v, "turn") ?
	    "turn" : "round")),
	    json_string_value(json_object_get(v, "time")) ?
	    json_string_value(json_object_get(v, "time")) : "-",
	    json_string_value(json_object_get(v, "phase")) ?
	    json_string_value(json_object_get(v, "phase")) : "-", when,
	    g->ended ? "ended by the host" : *waiting ? waiting : "-");
	if (passed && wait) {
		/* the command as the host's mail gives it: with -C DIR, to
		 * copy into a shell anywhere */
		char line[300];
		struct mq_buf cmd = MQ_BUF_INIT;

		snprintf(line, sizeof(line), "masqued admin %s default PLAYER, "
		    "extend DURATION or kick PLAYER", g->id);
		/* out of memory: the line as it is, without -C */
		printf("%-8s  the deadline has passed, and the game waits for "
		    "you (policy wait): %s\n", g->id,
		    mq_notify_host_commands(conf->datadir, line, &cmd) == 0 ?
		    mq_buf_str(&cmd) : line);
		mq_buf_free(&cmd);
	}
	else if (passed)
		printf("%-8s  the deadline has passed: the next serve pass that "
		    "reads the mailbox plays the defaults\n", g->id);
	if (behind)
		printf("%-8s  the mails of entries %llu-%llu are not queued yet; "
		    "the next serve pass queues them (its log says why if it "
		    "cannot)\n", g->id, (unsigned long long)behind,
		    (unsigned long long)g->seq);
	json_decref(v);
	json_decref(who);
	return 0;
oom:
	json_decref(who);
	return MQ_IO;
}

/*
 * Below the games, what the host should know of the mail: an IMAP mailbox
 * that cannot be read (the replies and the deadlines wait), an SMTP server
 * or sendmail that takes none (the mails wait, none lost), mails a failed
 * try holds back, dead letters. Said, not failed: the games are the
 * answer, this is a note on it.
 */
struct mail_state {
	int in_rc, out_rc;		/* mq_outage_peek's: 1, 0, -1 */
	long long in_since, out_since;
	char in_why[1100], out_why[1100];
	int spool_rc;			/* mq_spool_status's, st or e */
	struct mq_spool_status st;
	struct mq_err e;
};

static void
mail_state_read(const struct mq_config *conf, struct mail_state *m)
{
	memset(m, 0, sizeof(*m));
	if (conf->inbound == MQ_IN_IMAP)
		m->in_rc = mq_outage_peek(conf->datadir, MQ_OUTAGE_IMAP,
		    &m->in_since, m->in_why, sizeof(m->in_why));
	m->spool_rc = mq_spool_status(conf->datadir, &m->st, &m->e);
	/* a record left from before mail went to a Maildir: the next pass
	 * forgets it (spool_notice.c) */
	if (m->spool_rc == 0 && conf->outbound != MQ_OUT_MAILDIR)
		m->out_rc = mq_outage_peek(conf->datadir, MQ_OUTAGE_SMTP,
		    &m->out_since, m->out_why, sizeof(m->out_why));
}

/* An outage's start as "2026-12-05 18:40 UTC". */
static const char *
utc_minute(long long since, char *when, size_t n)
{
	time_t t = (time_t)since;

	strftime(when, n, "%Y-%m-%d %H:%M UTC", gmtime(&t));
	return when;
}

static void
mail_notes(const struct mq_config *conf, const struct mail_state *m)
{
	const char *datadir = conf->datadir;
	char when[64];

	if (m->in_rc == 1)
		printf("Mail in: the IMAP mailbox is unread since %s (the "
		    "server's answer: %s); the replies wait there, and no "
		    "deadline passes until it is read.\n",
		    utc_minute(m->in_since, when, sizeof(when)), m->in_why);
	else if (m->in_rc == -1)
		printf("Mail in: %s/cursor/imap-down, the record of an IMAP "
		    "outage, is damaged; the next serve pass that reads the "
		    "mailbox removes it.\n", datadir);
	if (m->spool_rc != 0) {
		printf("Mail out: %s\n", m->e.msg);
		return;
	}
	if (m->out_rc == 1)
		printf("Mail out: %s has taken no mail since %s "
		    "(its answer: %s); %ld mail(s) wait in %s/spool and go when "
		    "it takes mail again; this outage counts no try against "
		    "them.\n", conf->outbound == MQ_OUT_SENDMAIL ? "sendmail" :
		    "the SMTP server", utc_minute(m->out_since, when,
		    sizeof(when)), m->out_why, m->st.queued, datadir);
	else if (m->out_rc == -1)
		printf("Mail out: %s/cursor/smtp-down, the record of an SMTP "
		    "outage, is damaged; the next serve pass that sends mail "
		    "removes it.\n", datadir);
	if (m->st.retrying > 0)
		printf("Mail out: %ld mail(s) failed a try and wait for the "
		    "next (the daemon's log, and each %s/spool/NAME.retry, "
		    "say why).\n", m->st.retrying, datadir);
	if (m->st.dead > 0)
		printf("Mail out: %ld mail(s) could not be sent and are kept "
		    "in %s/spool/dead (the daemon's log says why).\n",
		    m->st.dead, datadir);
}

/* s as a JSON string: a sentence may quote bytes that are not UTF-8 (a
 * server's answer, a folder's name), which JSON cannot hold as they are;
 * U+FFFD for each. NULL out of memory. */
static json_t *
json_text(const char *s)
{
	struct mq_buf b = MQ_BUF_INIT;
	json_t *j;

	mq_mime_utf8_clean(&b, s, strlen(s));
	j = b.oom ? NULL : json_string(mq_buf_str(&b));
	mq_buf_free(&b);
	return j;
}

/* One side's outage for --json: null, or {"since", "answer"}, or
 * {"damaged": true} for a record that cannot be read. */
static json_t *
outage_json(int rc, long long since, const char *why)
{
	if (rc == 1)
		return json_pack("{s:I, s:o}", "since", (json_int_t)since,
		    "answer", json_text(why));
	if (rc == -1)
		return json_pack("{s:b}", "damaged", 1);
	return json_null();
}

/* The same notes for --json: {"mail_in": {"down"}, "mail_out": {"down",
 * "queued", "retrying", "dead"} or {"error"}}, set into top; 0 or -1. */
static int
mail_json(const struct mail_state *m, json_t *top)
{
	json_t *in, *out;

	in = json_pack("{s:o}", "down", outage_json(m->in_rc, m->in_since,
	    m->in_why));
	if (m->spool_rc != 0)
		out = json_pack("{s:o}", "error", json_text(m->e.msg));
	else
		out = json_pack("{s:o, s:I, s:I, s:I}", "down",
		    outage_json(m->out_rc, m->out_since, m->out_why),
		    "queued", (json_int_t)m->st.queued,
		    "retrying", (json_int_t)m->st.retrying,
		    "dead", (json_int_t)m->st.dead);
	if (json_object_set_new(top, "mail_in", in) != 0)
		in = NULL;
	if (json_object_set_new(top, "mail_out", out) != 0)
		out = NULL;
	return in != NULL && out != NULL ? 0 : -1;
}

/*
 * games [--json]: every game of the data folder on a line, for the host:
 * its status (running, paused, over), entries, round and phase, its next
 * deadline and whom it waits for. --json: {"games": [...], "mail_in",
 * "mail_out"}.
 */
/* The games that cannot be read are named on stderr, up to so many. */
#define MAX_NAMED	8

static void
named_add(char *buf, size_t size, const char *id)
{
	size_t len = strlen(buf);

	snprintf(buf + len, size - len, "%s%s", len ? ", " : "", id);
}

/* A game that cannot be opened: its row says why, as the JSON's "error". */
static int
unreadable_row(json_t *list, const char *id, const struct mq_err *e, int json)
{
	if (!json) {
		printf("%-8s  cannot be read: %s\n", id, e->msg);
		return 0;
	}
	return json_array_append_new(list, json_pack("{s:s, s:o}", "game", id,
	    "error", json_text(e->msg)));
}

int
mq_cmd_games(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_config conf;
	struct mq_store s;
	struct mq_game *g;
	struct mq_err err;
	struct mail_state m;
	json_t *list = NULL, *top = NULL;
	char **ids = NULL;
	size_t n = 0, i, nbad = 0;
	char bad[MAX_NAMED * 10] = "";
	int rc, bad_rc = 0, listed, json = argc == 2 && strcmp(argv[1], "--json") == 0;

	if (argc != 1 && !json)
		return mq_cli_usage("games takes no argument but --json");
	if ((rc = mq_config_load(cli->datadir, cli->config, &conf, &err)) ||
	    (rc = mq_store_open(cli->datadir, 0, &s, &err)))
		return mq_cli_report(&err);
	if ((rc = mq_store_games(&s, &ids, &n, &err)))
		goto out;
	if (json && ((top = json_object()) == NULL ||
	    (list = json_array()) == NULL ||
	    json_object_set(top, "games", list) != 0)) {
		rc = mq_fail(&err, MQ_IO, "Out of memory.");
		goto out;
	}
	if (!json && n == 0)
		printf("No games yet: start one with masqued new.\n");
	else if (!json)
		printf("%-8s  %-10s  %-7s  %5s  %-24s  %-16s  %s\n", "game", "kind",
		    "status", "entry", "round, time, phase", "deadline (UTC)",
		    "waiting for");
	for (i = 0; i < n; i++) {
		struct mq_err e;
		int r;

		/* a game that cannot be opened is named, and the others listed */
		if ((r = mq_game_open(&s, ids[i], 0, 0, &g, &e)) == 0 &&
		    (r = mq_game_check_mark(g, &e)) != 0)	/* as serve stops it */
			mq_game_close(g);
		if (r != 0) {
			if (unreadable_row(list, ids[i], &e, json) != 0) {
				rc = mq_fail(&err, MQ_IO, "Out of memory.");
				break;
			}
			if (bad_rc == 0)
				bad_rc = r;
			if (nbad < MAX_NAMED)
				named_add(bad, sizeof(bad), ids[i]);
			nbad++;
			continue;
		}
		r = game_summary(&conf, g, list, json);
		mq_game_close(g);
		if (r != 0) {
			rc = mq_fail(&err, r, "Out of memory.");
			break;
		}
	}
	listed = rc == 0;
	if (rc == 0 && nbad > 0) {
		/* the sentence is in the game's row: stderr names the games,
		 * and the exit code is the first one's (3 damaged, 4 unread) */
		rc = mq_fail(&err, bad_rc, "%s %s%s cannot be read (%s %s "
		    "why).", nbad == 1 ? "Game" : "Games", bad, nbad > MAX_NAMED ?
		    " and others" : "", json ? (nbad == 1 ?
		    "its \"error\" above" : "their \"error\" fields above") :
		    nbad == 1 ? "its line above" : "their lines above",
		    nbad == 1 ? "says" : "say");
	}
	mail_state_read(&conf, &m);
	if (listed && json) {
		if (mail_json(&m, top) != 0) {
			rc = mq_fail(&err, MQ_IO, "Out of memory.");
			goto out;
		}
		json_dumpf(top, stdout, JSON_INDENT(2));
		putchar('\n');
	}
	if (!json)
		mail_notes(&conf, &m);
out:
	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	json_decref(list);
	json_decref(top);
	mq_store_close(&s);
	return rc ? mq_cli_report(&err) : 0;
}
