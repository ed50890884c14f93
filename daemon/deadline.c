/* deadline.c - reminders and deadlines; see deadline.h. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/deadline.h"
#include "daemon/mailmark.h"
#include "daemon/notify.h"
#include "daemon/serve.h"
#include "fileio.h"

static void
clock_path(const struct mq_daemon *d, const char *id, char *out, size_t n)
{
	snprintf(out, n, "%s/games/%s/clock", d->conf.datadir, id);
}

long long
mq_deadline_next(const struct mq_daemon *d, const char *id)
{
	char path[1400];
	long long next = 0;
	FILE *f;

	clock_path(d, id, path, sizeof(path));
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	if (fscanf(f, "%lld", &next) != 1)
		next = 0;
	fclose(f);
	return next;
}

/* The reminded debts: lines "seat owe_since" after the first. */
static void
load_reminded(const struct mq_daemon *d, struct mq_game *g)
{
	char path[1400];
	long long next, since;
	int seat;
	FILE *f;

	clock_path(d, g->id, path, sizeof(path));
	if ((f = fopen(path, "r")) == NULL)
		return;
	if (fscanf(f, "%lld", &next) == 1)
		while (fscanf(f, "%d %lld", &seat, &since) == 2)
			if (seat >= 0 && seat < g->nplayers &&
			    g->players[seat].owe_since == since)
				g->players[seat].reminded = 1;
	fclose(f);
}

int
mq_deadline_schedule(struct mq_daemon *d, struct mq_game *g, struct mq_err *err)
{
	char path[1400], buf[1024];
	long long next = 0, t, dl;
	size_t len;
	int i;

	for (i = 0; i < g->nplayers; i++) {
		if ((dl = mq_notify_deadline(d, g, i)) == 0)
			continue;
		t = g->players[i].kicked ? g->players[i].owe_since :
		    g->players[i].reminded ? dl : dl - d->conf.reminder;
		if (next == 0 || t < next)
			next = t;
	}
	if (g->paused || g->kind->is_over(g->state))
		next = 0x7fffffffffffLL;	/* nothing to do until an admin entry */
	len = (size_t)snprintf(buf, sizeof(buf), "%lld\n", next ? next : 0x7fffffffffffLL);
	for (i = 0; i < g->nplayers && len < sizeof(buf) - 40; i++)
		if (g->players[i].reminded)
			len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%d %lld\n",
			    i, g->players[i].owe_since);
	clock_path(d, g->id, path, sizeof(path));
	return mq_file_overwrite(path, buf, len, 0644, err);
}

static int
apply_default(struct mq_daemon *d, struct mq_game *g, int seat,
    struct mq_err *err)
{
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_cmd cmd;
	json_t *body;
	int rc;

	if (!g->kind->default_command(g->state, seat, &cmd))
		return 0;
	if (g->kind->format(g->state, &cmd, &text) != 0) {
		mq_buf_free(&text);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	body = json_pack("{s:s, s:I, s:s, s:s, s:[{s:s, s:b}], s:s}", "game", g->id,
	    "ts", (json_int_t)d->now, "type", "timeout", "player",
	    g->players[seat].name, "commands", "text", mq_buf_str(&text), "secret", 0,
	    "why", g->players[seat].kicked ? "the seat has no player" :
	    "the deadline passed");
	rc = mq_game_append(g, body, err);
	mq_daemon_log("game %s: %s missed the deadline: %s", g->id,
	    g->players[seat].name, mq_buf_str(&text));
	json_decref(body);
	mq_buf_free(&text);
	return rc;
}

int
mq_deadline_run(struct mq_daemon *d, struct mq_game *g, int *timeouts,
    int *reminders, struct mq_err *err)
{
	long long dl;
	int i, rc = 0, acted = 0;

	load_reminded(d, g);
	if (g->paused || g->kind->is_over(g->state))
		return mq_deadline_schedule(d, g, err);
	mq_game_journal_start(g);
	for (i = 0; i < g->nplayers && rc == 0; i++) {
		if ((dl = mq_notify_deadline(d, g, i)) == 0)
			continue;
		if (g->players[i].kicked || d->now >= dl) {
			if (d->conf.policy_wait && !g->players[i].kicked)
				continue;	/* the admin decides (told by the reminder) */
			rc = apply_default(d, g, i, err);
			acted = 1;
			(*timeouts)++;
			i = -1;		/* a default may set off the next debt */
			if (g->kind->is_over(g->state))
				break;
		}
	}
	if (rc == 0 && acted && (rc = mq_notify_update(d, g, NULL, NULL, err)) == 0)
		mq_mailmark_write(g);
	mq_game_journal_stop(g);
	for (i = 0; rc == 0 && i < g->nplayers; i++) {
		dl = mq_notify_deadline(d, g, i);
		if (dl == 0 || g->players[i].reminded || d->now < dl - d->conf.reminder)
			continue;
		rc = mq_notify_reminder(d, g, i, err);
		g->players[i].reminded = 1;
		(*reminders)++;
	}
	if (rc == 0)
		rc = mq_deadline_schedule(d, g, err);
	return rc;
}

int
mq_serve_clock(struct mq_daemon *d, struct mq_pass_stats *st, struct mq_err *err)
{
	struct mq_game *g;
	struct mq_err e;
	char **ids;
	size_t n, i;
	long long next;

	MQ_TRY(mq_store_games(&d->store, &ids, &n, err));
	for (i = 0; i < n; i++) {
		next = mq_deadline_next(d, ids[i]);
		if (next != 0 && next > d->now)
			continue;
		if (mq_daemon_game(d, ids[i], &g, &e) != 0) {
			mq_daemon_log("game %s: %s", ids[i], e.msg);
			continue;
		}
		if (mq_deadline_run(d, g, &st->timeouts, &st->reminders, &e) != 0)
			mq_daemon_log("game %s: %s", ids[i], e.msg);
	}
	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	return 0;
}
