/* deadline.c - reminders and deadlines; see deadline.h. */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "daemon/host_text.h"
#include "daemon/deadline.h"
#include "daemon/mailmark.h"
#include "daemon/notify.h"
#include "daemon/serve.h"
#include "fileio.h"
#include "mail/refusal_i18n.h"

/* The game's own option (new --option deadline=24h), else dflt. A game
 * made before new made them seconds may hold the words ("24h"). */
static long
option_secs(const struct mq_game *g, const char *key, long dflt)
{
	json_t *v = json_object_get(json_object_get(g->genesis, "options"), key);
	long secs = json_is_integer(v) ? (long)json_integer_value(v) :
	    json_is_string(v) ? mq_config_duration(json_string_value(v)) : -1;

	return secs > 0 && secs <= MQ_DURATION_MAX ? secs : dflt;
}

long
mq_game_reminder_secs(const struct mq_config *c, const struct mq_game *g)
{
	long r = option_secs(g, "reminder", c->reminder),
	    half = option_secs(g, "deadline", c->deadline) / 2;

	/* a 6 h deadline with the usual 12 h reminder would remind at once,
	 * beside the turn's own mail: never before half the time is gone */
	return r < half ? r : half;
}

/* How long after the last word the host is reminded that g waits for
 * them (policy wait): the game's host_reminder, else masqued.conf's (a
 * day when not set). */
static long
nudge_secs(const struct mq_config *c, const struct mq_game *g)
{
	return option_secs(g, "host_reminder", c->host_reminder);
}

int
mq_game_policy_wait(const struct mq_config *c, const struct mq_game *g)
{
	const char *p = json_string_value(json_object_get(json_object_get(
	    g->genesis, "options"), "policy"));

	return p == NULL ? c->policy_wait : strcmp(p, "wait") == 0;
}

long
mq_game_move_secs(const struct mq_config *c, const struct mq_game *g)
{
	return option_secs(g, "deadline", c->deadline);
}

long long
mq_extend_offer(const struct mq_config *c, const struct mq_game *g,
    long long late)
{
	long long move = mq_game_move_secs(c, g);

	return late + (late % 3600 ? 3600 - late % 3600 : 0) +
	    move + (move % 60 ? 60 - move % 60 : 0);
}

long long
mq_game_deadline(const struct mq_config *c, const struct mq_game *g, int seat)
{
	const struct mq_player_info *p = &g->players[seat];

	if (!p->owes[0])
		return 0;
	return p->owe_since + mq_game_move_secs(c, g) + p->extra;
}

int
mq_deadline_gone_at_pause(const struct mq_config *c, const struct mq_game *g,
    int seat)
{
	const struct mq_player_info *p = &g->players[seat];

	/* the deadline as it stood when the game paused: without the
	 * extends logged since (which a resume keeps) */
	return g->paused && p->owes[0] && !p->kicked &&
	    p->owe_since <= g->paused_at &&
	    mq_game_deadline(c, g, seat) - (p->extra - p->extra_at_pause) <=
	    g->paused_at;
}

/* A clock file's NEXT when no time of the game's own will come: no debt,
 * or a game only an admin entry moves (paused, over, nobody plays). */
#define CLOCK_NEVER	0x7fffffffffffLL

static void
clock_path(const struct mq_daemon *d, const char *id, char *out, size_t n)
{
	snprintf(out, n, "%s/games/%s/clock", d->conf.datadir, id);
}

/*
 * Read a game's clock file, "NEXT\n" then a line "SEAT OWE_SINCE" for each
 * reminded debt, perhaps padded with blanks (mq_file_overwrite), strictly.
 * With g, its reminded debts are marked. 0 when read, -1 when the file is
 * not there, damaged or unreadable: then *next is 0 and no debt is
 * marked, the same as no file: the deadlines are worked out again (a
 * reminder may go twice; a deadline is never skipped). *why, if asked,
 * tells a damaged file from a missing one (NULL).
 */
static int
clock_read(const struct mq_daemon *d, const char *id, struct mq_game *g,
    long long *next, char *why, size_t whysize)
{
	char path[1400], buf[2048];
	unsigned long long v, seat, since;
	const char *p = buf;
	struct mq_err e;
	size_t len;
	int present, pass;

	*next = 0;
	if (why != NULL)
		why[0] = '\0';
	clock_path(d, id, path, sizeof(path));
	if (mq_file_read_small(path, buf, sizeof(buf), &len, &present, &e) != 0) {
		if (why != NULL)
			snprintf(why, whysize, "%s", e.msg);
		return -1;
	}
	if (!present)
		return -1;
	/* the first pass checks the whole shape, the second marks the debts */
	for (pass = 0; pass < 2; pass++) {
		p = buf;
		if (strlen(buf) != len || mq_scan_digits(&p, LLONG_MAX, &v) != 0 ||
		    *p++ != '\n')
			goto damaged;
		while (*p >= '0' && *p <= '9') {
			if (mq_scan_digits(&p, 255, &seat) != 0 || *p++ != ' ' ||
			    mq_scan_digits(&p, LLONG_MAX, &since) != 0 ||
			    *p++ != '\n')
				goto damaged;
			if (pass == 1 && g != NULL && seat < (unsigned)g->nplayers &&
			    g->players[seat].owe_since == (long long)since)
				g->players[seat].reminded = 1;
		}
		p += strspn(p, " \n");
		if (*p != '\0')
			goto damaged;
	}
	*next = (long long)v;
	return 0;
damaged:
	if (why != NULL)
		snprintf(why, whysize, "The clock file %s is damaged", path);
	return -1;
}

long long
mq_deadline_next(const struct mq_daemon *d, const char *id)
{
	char why[1500];
	long long next;

	if (clock_read(d, id, NULL, &next, why, sizeof(why)) != 0 && why[0])
		mq_daemon_log("game %s: %s; working out its deadlines again", id,
		    why);
	return next;
}

/* The reminded debts: lines "seat owe_since" after the first. A damaged
 * file was said by mq_deadline_next, in the same pass. */
void
mq_deadline_keep_reminded(const struct mq_daemon *d, struct mq_game *g)
{
	long long next;

	clock_read(d, g->id, g, &next, NULL, 0);
}

/* The clock file: NEXT, then the reminded debts. */
static int
clock_write(const struct mq_daemon *d, const struct mq_game *g, long long next,
    struct mq_err *err)
{
	char path[1400], buf[1024];
	size_t len;
	int i;

	len = (size_t)snprintf(buf, sizeof(buf), "%lld\n", next);
	for (i = 0; i < g->nplayers && len < sizeof(buf) - 40; i++)
		if (g->players[i].reminded)
			len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%d %lld\n",
			    i, g->players[i].owe_since);
	clock_path(d, g->id, path, sizeof(path));
	return mq_file_overwrite(path, buf, len, 0644, err);
}

int
mq_deadline_due_now(const struct mq_daemon *d, const struct mq_game *g,
    struct mq_err *err)
{
	return clock_write(d, g, d->now, err);
}

/* The name of the host's word that seat missed its deadline dl (policy
 * wait): a debt never moved keeps the key it always had. */
static void
wait_key_of(const char *id, int seat, long long since, long long extra,
    long long dl, char *key, size_t n)
{
	if (extra == 0)
		snprintf(key, n, "wait-%s-%d-%lld", id, seat, since);
	else
		snprintf(key, n, "wait-%s-%d-%lld-%lld", id, seat, since, dl);
}

static void
wait_key(const struct mq_game *g, int seat, long long dl, char *key, size_t n)
{
	wait_key_of(g->id, seat, g->players[seat].owe_since,
	    g->players[seat].extra, dl, key, n);
}

int
mq_deadline_host_waits_on(const struct mq_daemon *d, const struct mq_game *g,
    int seat, struct mq_waited *w)
{
	char key[128];

	memset(w, 0, sizeof(*w));
	if (seat < 0 || seat >= g->nplayers || g->players[seat].kicked ||
	    !mq_game_policy_wait(&d->conf, g) ||
	    (w->dl = mq_game_deadline(&d->conf, g, seat)) == 0 || d->now < w->dl)
		return 0;
	wait_key(g, seat, w->dl, key, sizeof(key));
	w->since = g->players[seat].owe_since;
	w->extra = g->players[seat].extra;
	return w->told = mq_notify_host_marked(d, key);
}

int
mq_deadline_host_told_before(const struct mq_daemon *d, const struct mq_game *g,
    int seat)
{
	char dir[1400], prefix[160], now[128];
	struct dirent *e;
	size_t n;
	DIR *dp;
	int found = 0;

	snprintf(dir, sizeof(dir), "%s/cursor", d->conf.datadir);
	snprintf(prefix, sizeof(prefix), "told-wait-%s-%d-", g->id, seat);
	/* the current debt's own marker, "...-SINCE" or "...-SINCE-DL" */
	snprintf(now, sizeof(now), "%lld", g->players[seat].owe_since);
	n = strlen(prefix);
	if ((dp = opendir(dir)) == NULL)
		return 0;
	while (!found && (e = readdir(dp)) != NULL)
		found = strncmp(e->d_name, prefix, n) == 0 &&
		    (strncmp(e->d_name + n, now, strlen(now)) != 0 ||
		    (e->d_name[n + strlen(now)] != '\0' &&
		    e->d_name[n + strlen(now)] != '-'));
	closedir(dp);
	return found;
}

/*
 * Policy wait: the host was told that seat missed the deadline w->dl, and
 * the player has moved since (entry), paying that debt: told, once, that
 * the game goes on. Its commands (admin GAME default PLAYER) were for a
 * move made since; run late, they played a default for the next move,
 * whose deadline had not passed.
 */
int
mq_deadline_tell_host_moved(struct mq_daemon *d, const struct mq_game *g,
    int seat, const struct mq_waited *w, uint64_t entry, struct mq_err *err)
{
	const struct mq_player_info *p = &g->players[seat];
	char wkey[128], key[160], subject[160], text[900], when[40];
	time_t t = (time_t)w->dl;

	if (!w->told || (p->owes[0] && p->owe_since == w->since))
		return 0;	/* not told, or the debt stands */
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M UTC", gmtime(&t));
	wait_key_of(g->id, seat, w->since, w->extra, w->dl, wkey, sizeof(wkey));
	snprintf(key, sizeof(key), "moved-%s", wkey);
	snprintf(subject, sizeof(subject), HOST_POLICY_MOVED_SUBJECT, g->id,
	    p->name);
	snprintf(text, sizeof(text), HOST_POLICY_MOVED_TEXT, g->id,
	    g->kind->name, p->name, (unsigned long long)entry, when, p->name);
	if (mq_notify_host_told(d, key))
		return 0;
	MQ_TRY(mq_notify_host(d, key, subject, text, err));
	mq_daemon_log("game %s: %s moved after the deadline of %s the host was "
	    "told of; the host is told the game goes on", g->id, p->name, when);
	return 0;
}

/*
 * A debt past its deadline (dl, passed at d->now) that no pass can settle:
 * under policy wait, once the host was told (or, with no admin, the log
 * said it), it waits on the host; a seat whose rules give no default for
 * what it owes waits on a move or the host too. Counted in NEXT, it was
 * due at every pass, which opened the game and replayed its log (and said
 * "no default move" again) for ever. A move, an extend, a default, a kick
 * or a resume writes the clock file anew. A game waiting on the host is
 * due again only when the host is next reminded (nudge_next), its
 * host_reminder on.
 */
static int
debt_waits(const struct mq_daemon *d, const struct mq_game *g, int seat,
    long long dl)
{
	struct mq_cmd cmd;
	char key[128];

	if (!g->players[seat].kicked && d->now < dl)
		return 0;
	if (!g->players[seat].kicked && mq_game_policy_wait(&d->conf, g)) {
		wait_key(g, seat, dl, key, sizeof(key));
		return mq_notify_host_marked(d, key);
	}
	return !g->kind->default_command(g->state, seat, &cmd);
}

static long long nudge_next(const struct mq_daemon *d,
    const struct mq_game *g);
static void nudge_forget_done(const struct mq_daemon *d,
    const struct mq_game *g);

int
mq_deadline_schedule(struct mq_daemon *d, struct mq_game *g, struct mq_err *err)
{
	long long next = 0, t, dl;
	int i;

	for (i = 0; i < g->nplayers; i++) {
		if ((dl = mq_game_deadline(&d->conf, g, i)) == 0 ||
		    debt_waits(d, g, i, dl))
			continue;
		t = g->players[i].kicked ? g->players[i].owe_since :
		    g->players[i].reminded ? dl : dl - mq_game_reminder_secs(&d->conf, g);
		if (next == 0 || t < next)
			next = t;
	}
	/* a pass cut short between the defaults that left everyone away and
	 * the pause they call for: due now, not at the next deadline */
	/* waiting on the host: due when the host is next reminded */
	if ((t = nudge_next(d, g)) != 0 && (next == 0 || t < next))
		next = t;
	if (mq_game_all_absent(g))
		next = g->last_ts;
	if (g->paused || mq_game_over(g) || mq_game_nobody_plays(g))
		next = CLOCK_NEVER;	/* nothing to do until an admin entry */
	nudge_forget_done(d, g);
	return clock_write(d, g, next ? next : CLOCK_NEVER, err);
}

/* What seat owes, in the words the players' mails use and the host's
 * language, into out; the engine's own word for a kind that has none
 * here. */
static void
owed_words(struct mq_daemon *d, const struct mq_game *g, int seat,
    char *out, size_t size)
{
	const char *owes = g->players[seat].owes, *w = owes;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err e;

	static const char *const ms_words[][2] = {
		{ "dancer", HOST_MS_OWES_DANCER }, { "order", HOST_MS_OWES_ORDER },
		{ "stage", HOST_MS_OWES_STAGE }, { "spell", HOST_MS_OWES_SPELL },
		{ "challenge", HOST_MS_OWES_CHALLENGE },
		{ "fight", HOST_MS_OWES_FIGHT }, { "bank", HOST_MS_OWES_BANK },
		{ "duel", HOST_MS_OWES_DUEL }, { "discard", HOST_MS_OWES_DISCARD },
		{ "keep", HOST_MS_OWES_KEEP }, { "event", HOST_MS_OWES_EVENT },
		{ "swap", HOST_MS_OWES_SWAP },
	};
	size_t i;

	if (strcmp(g->kind->name, "redmasque") == 0)
		w = strcmp(owes, "place") == 0 ? HOST_OWES_PLACE :
		    strcmp(owes, "act") == 0 ? HOST_OWES_ACT :
		    strcmp(owes, "move") == 0 ? HOST_OWES_MOVE : owes;
	if (strcmp(g->kind->name, "masquerade") == 0)
		for (i = 0; i < sizeof(ms_words) / sizeof(ms_words[0]); i++)
			if (strcmp(owes, ms_words[i][0]) == 0)
				w = ms_words[i][1];
	if (w != owes && mq_refusals_translate(d->host_i18n, d->conf.lang, w,
	    &b, &e) == 0 && !b.oom && b.len > 0)
		w = mq_buf_str(&b);
	snprintf(out, size, "%s", w);
	mq_buf_free(&b);
}

/* How many of seat's deadlines for the debt it owes now the host was told
 * of before, the one of key aside: the markers told-wait-GAME-SEAT-SINCE
 * and told-wait-GAME-SEAT-SINCE-DL (wait_key_of), one a deadline passed. */
static int
told_before(const struct mq_daemon *d, const struct mq_game *g, int seat,
    const char *key)
{
	char dir[1400], prefix[200], mine[200];
	struct dirent *e;
	size_t n;
	DIR *dp;
	int count = 0;

	snprintf(dir, sizeof(dir), "%s/cursor", d->conf.datadir);
	snprintf(prefix, sizeof(prefix), "told-wait-%s-%d-%lld", g->id, seat,
	    g->players[seat].owe_since);
	snprintf(mine, sizeof(mine), "told-%s", key);
	n = strlen(prefix);
	if ((dp = opendir(dir)) == NULL)
		return 0;
	while ((e = readdir(dp)) != NULL)
		if (strncmp(e->d_name, prefix, n) == 0 &&
		    (e->d_name[n] == '\0' || e->d_name[n] == '-') &&
		    strcmp(e->d_name, mine) != 0)
			count++;
	closedir(dp);
	return count;
}

/* The paragraph that ends the host's mail of seats' missed deadlines when
 * a debt's deadline was missed before (HOST_POLICY_AGAIN_*), into out;
 * "" when none was. The extends are the first such seat's (an extend
 * moves every debt running). */
static void
missed_again(const struct mq_daemon *d, const struct mq_game *g,
    const int *seats, int n, char *out, size_t size)
{
	const struct mq_player_info *p = NULL;
	struct mq_buf names = MQ_BUF_INIT;
	char key[128], span[32], when[40];
	int again[MQ_MAX_PLAYERS], i, k = 0, before, most = 0;
	time_t t;

	out[0] = '\0';
	for (i = 0; i < n && i < MQ_MAX_PLAYERS; i++) {
		wait_key(g, seats[i], mq_game_deadline(&d->conf, g, seats[i]), key,
		    sizeof(key));
		if ((before = told_before(d, g, seats[i], key)) == 0)
			continue;
		if (p == NULL)
			p = &g->players[seats[i]];
		if (before > most)
			most = before;
		again[k++] = seats[i];
	}
	if (p == NULL)
		return;
	/* the names, in seat order, "alice, bob and carol" */
	for (i = 0; i < k; i++)
		mq_buf_printf(&names, "%s%s", i == 0 ? "" : i == k - 1 ?
		    " and " : ", ", g->players[again[i]].name);
	t = (time_t)p->extend_last_at;
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M UTC", gmtime(&t));
	if (names.oom)
		;	/* no paragraph: the mail goes all the same */
	else if (p->nextends == 0 || p->extend_since != p->owe_since)
		snprintf(out, size, HOST_POLICY_AGAIN_MOVED, most + 1,
		    mq_buf_str(&names));
	else if (p->nextends == 1) {
		mq_config_dhm(p->extend_last_secs, span, sizeof(span));
		snprintf(out, size, HOST_POLICY_AGAIN_ONE, most + 1,
		    mq_buf_str(&names), span, when);
	} else {
		mq_config_dhm(p->extend_total, span, sizeof(span));
		snprintf(out, size, HOST_POLICY_AGAIN_MANY, most + 1,
		    mq_buf_str(&names), p->nextends, span, when);
	}
	mq_buf_free(&names);
}

/*
 * Policy wait: the deadline passed and nothing is applied; the host, who
 * decides, is told once per deadline of a debt (one seat's mail; when
 * several seats missed it, tell_host_waits names them in one) (the reminder went to the
 * player alone): an extend or a resume that moved it tells the host again
 * when the new one passes. A debt never moved keeps the key it always had.
 */
static int
tell_host_waiting(struct mq_daemon *d, struct mq_game *g, int seat,
    long long dl, struct mq_err *err)
{
	char key[128], subject[160], text[2400], when[40], span[32], to[40];
	char owes[128], again[400];
	const char *p = g->players[seat].name;
	time_t t = (time_t)dl;
	/* an extend counts from the deadline: the one the mail gives is the
	 * time past it, rounded up to the hour, and the game's deadline, so
	 * that it gives the player the game's own time for a move if run as
	 * the mail comes; past what extend takes (366d), a pause and a
	 * resume, which start the debt afresh */
	long long late = d->now > dl ? d->now - dl : 0;
	long long by = mq_extend_offer(&d->conf, g, late);
	char move[32];

	strftime(when, sizeof(when), "%Y-%m-%d %H:%M UTC", gmtime(&t));
	mq_config_dhm(by, span, sizeof(span));
	mq_config_dhm(mq_game_move_secs(&d->conf, g), move, sizeof(move));
	t = (time_t)(dl + by);
	strftime(to, sizeof(to), "%Y-%m-%d %H:%M UTC", gmtime(&t));
	wait_key(g, seat, dl, key, sizeof(key));
	owed_words(d, g, seat, owes, sizeof(owes));
	missed_again(d, g, &seat, 1, again, sizeof(again));
	snprintf(subject, sizeof(subject), HOST_POLICY_WAIT_SUBJECT, g->id, p);
	if (by > MQ_DURATION_MAX)	/* no extend reaches it: a year late */
		snprintf(text, sizeof(text), HOST_POLICY_WAIT_LATE_TEXT, g->id,
		    g->kind->name, p, when, p, owes, p, g->id,
		    g->id, p, g->id, p, p, g->id, p, p, again);
	else
		snprintf(text, sizeof(text), HOST_POLICY_WAIT_TEXT, g->id,
		    g->kind->name, p, when, p, owes, p, g->id,
		    span, p, g->id, p, p, g->id, p, p, span, to, move, again);
	if (!d->conf.admin[0]) {
		/* no host to mail (admin left out of masqued.conf since the game
		 * was made): the daemon's log says it, once */
		if (mq_notify_host_marked(d, key))
			return 0;
		mq_daemon_log("game %s: %s missed the deadline of %s; the policy is "
		    "wait, so nothing is applied, and no admin is set in "
		    "masqued.conf to tell: act with masqued admin %s extend, "
		    "default or kick", g->id, p, when, g->id);
		return mq_notify_host_mark(d, key, err);
	}
	if (mq_notify_host_told(d, key))
		return 0;
	MQ_TRY(mq_notify_host(d, key, subject, text, err));
	mq_daemon_log("game %s: %s missed the deadline of %s; the policy is wait, "
	    "so nothing is applied, and the host is told", g->id, p, when);
	return 0;
}

/*
 * Policy wait: the seats whose debt waits on the host (its deadline gone
 * by, the seat not kicked), into seats (at most MQ_MAX_PLAYERS); *dl0 the
 * earliest of their deadlines (0 when none).
 */
static int
host_waiting_seats(const struct mq_daemon *d, const struct mq_game *g,
    int *seats, long long *dl0)
{
	long long dl;
	int i, n = 0;

	*dl0 = 0;
	if (g->paused || mq_game_over(g) || !mq_game_policy_wait(&d->conf, g))
		return 0;
	for (i = 0; i < g->nplayers && n < MQ_MAX_PLAYERS; i++) {
		if ((dl = mq_game_deadline(&d->conf, g, i)) == 0 ||
		    g->players[i].kicked || d->now < dl)
			continue;
		seats[n++] = i;
		if (*dl0 == 0 || dl < *dl0)
			*dl0 = dl;
	}
	return n;
}

/* The file that remembers the host's last word that the game waits (a
 * first notice or a reminder): "DL0 WHEN\n", the earliest deadline
 * gone by and when the word went, among the daemon's records. */
static void
nudge_path(const struct mq_daemon *d, const char *id, char *out, size_t n)
{
	snprintf(out, n, "%s/cursor/told-nudge-%s", d->conf.datadir, id);
}

/* When the host was last told that g waits since its deadline dl0: the
 * file's time, when it is of that deadline; else dl0 (a game told by an
 * older masqued, which never reminded: reminded at the next pass). */
static long long
nudge_last(const struct mq_daemon *d, const struct mq_game *g, long long dl0)
{
	char path[1400], buf[64];
	long long at, when;
	size_t len;
	int present;
	struct mq_err e;

	nudge_path(d, g->id, path, sizeof(path));
	if (mq_file_read_small(path, buf, sizeof(buf), &len, &present, &e) != 0 ||
	    !present || sscanf(buf, "%lld %lld", &at, &when) != 2 || at != dl0)
		return dl0;
	return when;
}

static int
nudge_write(const struct mq_daemon *d, const struct mq_game *g, long long dl0,
    struct mq_err *err)
{
	char path[1400], buf[64];
	int len;

	nudge_path(d, g->id, path, sizeof(path));
	len = snprintf(buf, sizeof(buf), "%lld %lld\n", dl0, d->now);
	return mq_file_replace(path, buf, (size_t)len, 0644, err);
}

/*
 * The host's last word that g waits (told-nudge-GAME) and the marker of
 * that word's mail (told-nudge-GAME-WHEN), removed once g waits on the
 * host no more: over, paused, or no seat's deadline gone by (a move, an
 * extend, a default, a kick). They meant nothing after, and stayed for
 * ever. The host is not told again for it: the next wait is of a later
 * deadline, whose first word its told-wait markers decide, and a word of
 * it writes the file anew; WHEN, in the marker's name, is never reused.
 * The marker goes first: a crash between leaves the file, removed at the
 * next schedule. A file that cannot be removed is said in the daemon's
 * log and tried again then.
 */
static void
nudge_forget_done(const struct mq_daemon *d, const struct mq_game *g)
{
	int seats[MQ_MAX_PLAYERS];
	char path[1400], buf[64], key[128];
	long long dl0, when;
	size_t len;
	int present;
	struct mq_err e;

	if (host_waiting_seats(d, g, seats, &dl0) > 0)
		return;
	nudge_path(d, g->id, path, sizeof(path));
	if (mq_file_read_small(path, buf, sizeof(buf), &len, &present, &e) != 0 ||
	    !present)
		return;
	if (sscanf(buf, "%lld %lld", &dl0, &when) == 2) {
		snprintf(key, sizeof(key), "nudge-%s-%lld", g->id, when);
		mq_notify_host_forget(d, key);
	}
	snprintf(key, sizeof(key), "nudge-%s", g->id);
	mq_notify_host_forget(d, key);
	mq_daemon_log("game %s waits on the host no more: the record of the "
	    "host's last word of it is removed", g->id);
}

/* When the host is next reminded that g waits (0: it does not wait on
 * the host, or no host is set): host_reminder after the last word. */
static long long
nudge_next(const struct mq_daemon *d, const struct mq_game *g)
{
	int seats[MQ_MAX_PLAYERS], n, i;
	long long dl0;
	char key[128];

	if (!d->conf.admin[0] || (n = host_waiting_seats(d, g, seats, &dl0)) == 0)
		return 0;
	for (i = 0; i < n; i++) {
		wait_key(g, seats[i], mq_game_deadline(&d->conf, g, seats[i]), key,
		    sizeof(key));
		if (!mq_notify_host_marked(d, key))
			return 0;	/* its first word is due at the deadline */
	}
	return nudge_last(d, g, dl0) + nudge_secs(&d->conf, g);
}

int
mq_deadline_wake_waiting(struct mq_daemon *d, struct mq_game *g,
    struct mq_err *err)
{
	long long t = nudge_next(d, g);

	if (t == 0 || !g->writable || mq_deadline_next(d, g->id) <= t)
		return 0;
	mq_deadline_keep_reminded(d, g);
	return mq_deadline_schedule(d, g, err);
}

/*
 * The host_reminder the clock files were scheduled by, kept in
 * DATA/cursor/host-reminder: when masqued.conf's differs (or none was
 * kept), each game whose host was told it waits (told-nudge-GAME) and whose
 * clock is due later than its last word and the new value is opened and
 * scheduled again (mq_deadline_wake_waiting), so that a shortened one
 * reaches it at the next pass, serve --once's too, which opens only the
 * games that are due. The others are not opened: a game's own
 * host_reminder, a game no longer waiting, are seen when opened.
 */
void
mq_deadline_host_reminder_check(struct mq_daemon *d)
{
	char path[1400], buf[64], dir[1400], id[MQ_GAME_ID_LEN + 1], span[32];
	unsigned long long kept;
	long long dl0, when, next;
	const char *p;
	struct mq_game *g;
	struct dirent *e;
	struct mq_err err;
	size_t len, n = strlen("told-nudge-");
	int present, len2, woken = 0;
	DIR *dp;

	/* read strictly, "SECONDS\n": a damaged one is as none (a scan) */
	snprintf(path, sizeof(path), "%s/cursor/host-reminder", d->conf.datadir);
	p = buf;
	if (mq_file_read_small(path, buf, sizeof(buf), &len, &present, &err) == 0 &&
	    present && strlen(buf) == len &&
	    mq_scan_digits(&p, LLONG_MAX, &kept) == 0 && strcmp(p, "\n") == 0 &&
	    kept == (unsigned long long)d->conf.host_reminder)
		return;
	snprintf(dir, sizeof(dir), "%s/cursor", d->conf.datadir);
	if ((dp = opendir(dir)) != NULL) {
		while ((e = readdir(dp)) != NULL) {
			if (strncmp(e->d_name, "told-nudge-", n) != 0 ||
			    strlen(e->d_name + n) != MQ_GAME_ID_LEN)
				continue;	/* told-nudge-GAME-WHEN: a marker */
			snprintf(id, sizeof(id), "%s", e->d_name + n);
			nudge_path(d, id, path, sizeof(path));
			if (mq_file_read_small(path, buf, sizeof(buf), &len,
			    &present, &err) != 0 || !present ||
			    sscanf(buf, "%lld %lld", &dl0, &when) != 2)
				continue;
			/* unknown (0) is due anyway; never: paused or over */
			next = mq_deadline_next(d, id);
			if (next == 0 || next == CLOCK_NEVER ||
			    next <= when + d->conf.host_reminder)
				continue;
			if (mq_daemon_game(d, id, &g, &err) != 0 ||
			    mq_deadline_wake_waiting(d, g, &err) != 0) {
				mq_daemon_log("game %s: %s", id, err.msg);
				continue;
			}
			woken += mq_deadline_next(d, id) < next;
		}
		closedir(dp);
		mq_daemon_release(d);
	}
	mq_config_dhm(d->conf.host_reminder, span, sizeof(span));
	if (woken > 0)
		mq_daemon_log("host_reminder is now %s: %d game(s) waiting for "
		    "the host are reminded that long after the last word", span,
		    woken);
	snprintf(path, sizeof(path), "%s/cursor/host-reminder", d->conf.datadir);
	len2 = snprintf(buf, sizeof(buf), "%lld\n",
	    (long long)d->conf.host_reminder);
	if (mq_file_replace(path, buf, (size_t)len2, 0644, &err) != 0)
		mq_daemon_log("%s", err.msg);
}

/* The names of seats, "alice, bob and carol", and the host's command
 * lines for them (language-free): an extend that gives every player the
 * game's deadline from now (by, past the deadline: mq_extend_offer; a pause and a resume when no extend
 * reaches: a year late), then a default and a kick line each. */
static void
host_wait_lines(const struct mq_game *g, const int *seats, int n,
    long long by, struct mq_buf *names, struct mq_buf *cmds)
{
	char span[32];
	int i;

	for (i = 0; i < n; i++)
		mq_buf_printf(names, "%s%s", i == 0 ? "" : i == n - 1 ? " and " :
		    ", ", g->players[seats[i]].name);
	if (by > MQ_DURATION_MAX)
		mq_buf_printf(cmds, "  masqued admin %s pause --why \"...\"\n"
		    "  masqued admin %s resume --why \"...\"\n", g->id, g->id);
	else {
		mq_config_dhm(by, span, sizeof(span));
		mq_buf_printf(cmds, "  masqued admin %s extend %s --why \"...\"\n",
		    g->id, span);
	}
	for (i = 0; i < n; i++)
		mq_buf_printf(cmds, "  masqued admin %s default %s --why \"...\"\n",
		    g->id, g->players[seats[i]].name);
	for (i = 0; i < n; i++)
		mq_buf_printf(cmds, "  masqued admin %s kick %s --why \"...\"\n",
		    g->id, g->players[seats[i]].name);
}

/*
 * Policy wait, at a deadline pass: the host decides for every seat whose
 * deadline is gone. The debts not yet told are told in one mail (a seat
 * alone in the mail it always had); once all are told and the game still
 * waits host_reminder (a day unless set) after the last word, the host is
 * reminded, so again each host_reminder on, how long it has waited (the
 * time of the last word kept across restarts).
 */
static int
tell_host_waits(struct mq_daemon *d, struct mq_game *g, struct mq_err *err)
{
	int seats[MQ_MAX_PLAYERS], fresh[MQ_MAX_PLAYERS], n, nf = 0, i, rc = 0;
	char key[128], first[128], subject[200], when[40], span[32], every[32];
	char again[600], move[32];
	struct mq_buf names = MQ_BUF_INIT, cmds = MQ_BUF_INIT, text = MQ_BUF_INIT;
	long long dl0, late, by, last, often = nudge_secs(&d->conf, g);
	time_t t;

	if ((n = host_waiting_seats(d, g, seats, &dl0)) == 0)
		return 0;
	for (i = 0; i < n; i++) {
		wait_key(g, seats[i], mq_game_deadline(&d->conf, g, seats[i]), key,
		    sizeof(key));
		if (!mq_notify_host_marked(d, key))
			fresh[nf++] = seats[i];
	}
	late = d->now > dl0 ? d->now - dl0 : 0;
	by = mq_extend_offer(&d->conf, g, late);
	mq_config_dhm(often, every, sizeof(every));
	mq_config_dhm(mq_game_move_secs(&d->conf, g), move, sizeof(move));
	if (nf <= 1 || !d->conf.admin[0] || by > MQ_DURATION_MAX) {
		/* one seat, no host to mail, or a year late: each its own */
		for (i = 0; i < nf && rc == 0; i++)
			rc = tell_host_waiting(d, g, fresh[i],
			    mq_game_deadline(&d->conf, g, fresh[i]), err);
		if (rc == 0 && nf > 0 && d->conf.admin[0])
			rc = nudge_write(d, g, dl0, err);
		if (rc != 0 || nf > 0 || !d->conf.admin[0])
			return rc;
		/* all told: host_reminder since the last word? */
		if ((last = nudge_last(d, g, dl0)) + often > d->now)
			return 0;
		t = (time_t)dl0;
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M UTC", gmtime(&t));
		/* how long, in whole hours; in minutes for a host_reminder
		 * of minutes (30m: not "0m", then "1h" twice) */
		mq_config_dhm(late - late % (often % 3600 ? 60 : 3600), span,
		    sizeof(span));
		host_wait_lines(g, seats, n, by, &names, &cmds);
		snprintf(key, sizeof(key), "nudge-%s-%lld", g->id, d->now);
		snprintf(subject, sizeof(subject), HOST_POLICY_NUDGE_SUBJECT, g->id,
		    span);
		/* what the extend line gives, as the first word said it */
		if (by > MQ_DURATION_MAX)
			mq_buf_printf(&text, HOST_POLICY_NUDGE_LATE_TEXT, g->id,
			    g->kind->name, span, when, mq_buf_str(&names),
			    mq_buf_str(&cmds), every);
		else
			mq_buf_printf(&text, HOST_POLICY_NUDGE_TEXT, g->id,
			    g->kind->name, span, when, mq_buf_str(&names), move,
			    mq_buf_str(&cmds), every);
		if (names.oom || cmds.oom || text.oom)
			rc = mq_fail(err, MQ_IO, "Out of memory.");
		if (rc == 0)
			rc = mq_notify_host(d, key, subject, mq_buf_str(&text), err);
		if (rc == 0) {
			/* one marker at a time: the last word's */
			snprintf(first, sizeof(first), "nudge-%s-%lld", g->id, last);
			mq_notify_host_forget(d, first);
			rc = nudge_write(d, g, dl0, err);
		}
		if (rc == 0)
			mq_daemon_log("game %s: it has waited for the host for %s; "
			    "the host is reminded", g->id, span);
		goto out;
	}
	/* more than one seat missed it: one mail names them all, under the
	 * first one's name; the others marked told with it */
	t = (time_t)dl0;
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M UTC", gmtime(&t));
	host_wait_lines(g, fresh, nf, by, &names, &cmds);
	wait_key(g, fresh[0], mq_game_deadline(&d->conf, g, fresh[0]), first,
	    sizeof(first));
	snprintf(subject, sizeof(subject), HOST_POLICY_WAIT_SUBJECT, g->id,
	    mq_buf_str(&names));
	missed_again(d, g, fresh, nf, again, sizeof(again));
	mq_buf_printf(&text, HOST_POLICY_WAIT_MANY_TEXT, g->id, g->kind->name,
	    when, mq_buf_str(&names), move, mq_buf_str(&cmds), every, again);
	if (names.oom || cmds.oom || text.oom)
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	if (rc == 0)
		rc = mq_notify_host(d, first, subject, mq_buf_str(&text), err);
	for (i = 1; rc == 0 && i < nf; i++) {
		wait_key(g, fresh[i], mq_game_deadline(&d->conf, g, fresh[i]), key,
		    sizeof(key));
		rc = mq_notify_host_mark(d, key, err);
	}
	if (rc == 0)
		rc = nudge_write(d, g, dl0, err);
	if (rc == 0)
		mq_daemon_log("game %s: %s missed the deadline of %s; the policy is "
		    "wait, so nothing is applied, and the host is told", g->id,
		    mq_buf_str(&names), when);
out:
	mq_buf_free(&names);
	mq_buf_free(&cmds);
	mq_buf_free(&text);
	return rc;
}

/*
 * Policy wait, at a deadline pass: the players are told, once per missed
 * deadline of a debt, that the game now waits for the host: the late seat
 * that it may still move, every other seat still in the game that there
 * is nothing for it to do (mq_notify_waiting). Before the host's word,
 * whose marker makes the game due only a host_reminder on: a crash
 * between them leaves the game due at the next pass, which tells the
 * players then. The
 * marker, "players-" and the host's key, among the daemon's records, keeps
 * it once across passes and restarts.
 */
static int
tell_players_waits(struct mq_daemon *d, struct mq_game *g, struct mq_err *err)
{
	int seats[MQ_MAX_PLAYERS], fresh[MQ_MAX_PLAYERS], n, nf = 0, i, rc;
	char key[128], mark[160], uniq[17];
	long long dl0, dl, missed = 0;

	if ((n = host_waiting_seats(d, g, seats, &dl0)) == 0)
		return 0;
	for (i = 0; i < n; i++) {
		dl = mq_game_deadline(&d->conf, g, seats[i]);
		wait_key(g, seats[i], dl, key, sizeof(key));
		snprintf(mark, sizeof(mark), "players-%s", key);
		if (mq_notify_host_marked(d, mark))
			continue;
		fresh[nf++] = seats[i];
		if (missed == 0 || dl < missed)
			missed = dl;
	}
	if (nf == 0)
		return 0;
	/* the deadline and its first seat name these mails: another seat
	 * missing another deadline at the same entry is a mail of its own */
	snprintf(uniq, sizeof(uniq), "%llx%x", missed, (unsigned)fresh[0]);
	rc = mq_notify_waiting(d, g, fresh, nf, seats, n, missed, uniq, err);
	for (i = 0; rc == 0 && i < nf; i++) {
		wait_key(g, fresh[i], mq_game_deadline(&d->conf, g, fresh[i]), key,
		    sizeof(key));
		snprintf(mark, sizeof(mark), "players-%s", key);
		rc = mq_notify_host_mark(d, mark, err);
	}
	if (rc == 0)
		mq_daemon_log("game %s: the players are told that it waits for "
		    "the host", g->id);
	return rc;
}

int
mq_deadline_default(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *host_why, char *moved, size_t movedsize, struct mq_err *err)
{
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_cmd cmd;
	json_t *body;
	long long dl;
	int rc;

	if (moved != NULL && movedsize > 0)
		moved[0] = '\0';
	if (!g->kind->default_command(g->state, seat, &cmd))
		return 0;
	if (g->kind->format(g->state, &cmd, &text) != 0) {
		mq_buf_free(&text);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	body = json_pack("{s:s, s:I, s:s, s:s, s:[{s:s, s:b}], s:s}", "game", g->id,
	    "ts", (json_int_t)d->now, "type", "timeout", "player",
	    g->players[seat].name, "commands", "text", mq_buf_str(&text), "secret", 0,
	    "why", host_why != NULL ? host_why : g->players[seat].kicked ?
	    MQ_LOG_WHY_KICKED : MQ_LOG_WHY_MISSED);
	/* the host's, not the clock's: the log says who decided */
	/* the deadline that passed, as it stood (the config's deadline may
	 * change later, and extends move it): "I moved before the deadline"
	 * is settled from the log alone */
	if (body != NULL && (dl = mq_game_deadline(&d->conf, g, seat)) > 0 &&
	    json_object_set_new(body, "deadline", json_integer(dl)) != 0) {
		json_decref(body);
		body = NULL;
	}
	if (body != NULL && host_why != NULL && json_object_set_new(body, "by",
	    json_string(MQ_LOG_BY_ADMIN)) != 0) {
		json_decref(body);
		body = NULL;
	}
	if (body == NULL) {
		mq_buf_free(&text);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	rc = mq_game_append(g, body, err);
	/* the phase it resolved opens its secrets now, as after a reply,
	 * not with the next player's move */
	if (rc == 0)
		rc = mq_game_append_reveal(g, d->now, err);
	/* only once it is logged; the host's own default is said by admin,
	 * on stdout, not a second time on stderr */
	if (rc == 0 && host_why == NULL)
		mq_daemon_log(g->players[seat].kicked ? "game %s: %s is kicked; "
		    "the default: %s" : "game %s: %s missed the deadline: %s",
		    g->id, g->players[seat].name, mq_buf_str(&text));
	if (rc == 0 && moved != NULL && movedsize > 0)
		snprintf(moved, movedsize, "%s", mq_buf_str(&text));
	json_decref(body);
	mq_buf_free(&text);
	return rc;
}

/*
 * The host's notice of a pause for nobody playing (its entry at seq): sent
 * before the mark moves past the entry, and rebuilt by a catching up that
 * rebuilds the entry's mails (mailmark.c), so that a crash never leaves the
 * players told and the host not. Its name is the entry's: queued again, it
 * replaces itself.
 */
int
mq_deadline_tell_host_absent(struct mq_daemon *d, const struct mq_game *g,
    uint64_t seq, struct mq_err *err)
{
	char key[64], subject[160], text[900];

	snprintf(key, sizeof(key), "absent-%s-%llu", g->id,
	    (unsigned long long)seq);
	snprintf(subject, sizeof(subject), HOST_ABSENT_SUBJECT, g->id);
	snprintf(text, sizeof(text), HOST_ABSENT_TEXT, g->id, g->kind->name,
	    (unsigned long long)seq, g->id, g->id);
	return mq_notify_host(d, key, subject, text, err);
}

/*
 * Every player still in the game has missed a deadline and nobody has
 * played since: more defaults would play the whole game on its own (The
 * Masquerade's for ever). It pauses instead, logged as an admin entry by
 * masqued, told to the players and, once, to the host.
 */
static int
pause_all_absent(struct mq_daemon *d, struct mq_game *g, struct mq_err *err)
{
	json_t *body;
	int rc;

	body = json_pack("{s:s, s:I, s:s, s:s, s:s, s:s}", "game", g->id, "ts",
	    (json_int_t)d->now, "type", "admin", "action", "pause", "by",
	    MQ_LOG_BY_SERVER, "why", "every player missed a deadline and nobody "
	    "has played since");
	if (body == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	if ((rc = mq_game_append(g, body, err)) == 0 &&
	    (rc = mq_notify_admin(d, g, body, NULL, err)) == 0 &&
	    (rc = mq_deadline_tell_host_absent(d, g, g->seq, err)) == 0)
		mq_mailmark_write(g);
	json_decref(body);
	if (rc)
		return rc;
	mq_daemon_log("game %s: every player missed a deadline; paused for the "
	    "host", g->id);
	return 0;
}

/*
 * The defaults due at d->now: every seat whose deadline has passed, and
 * every kicked seat that owes, in seat order, from the first again after
 * each (a default may set off the next debt), until the game is over or
 * everyone is away (*away). With the policy wait none is played for a
 * seat not kicked: the pass tells the host (tell_host_waits). *played
 * counts them.
 */
static int
defaults_due(struct mq_daemon *d, struct mq_game *g, int *played, int *away,
    struct mq_err *err)
{
	long long dl;
	int i, rc = 0;

	*played = *away = 0;
	for (i = 0; i < g->nplayers && rc == 0; i++) {
		if ((dl = mq_game_deadline(&d->conf, g, i)) == 0)
			continue;
		if (g->players[i].kicked || d->now >= dl) {
			if (mq_game_policy_wait(&d->conf, g) && !g->players[i].kicked)
				continue;	/* the host decides: tell_host_waits */
			uint64_t before = g->seq;

			rc = mq_deadline_default(d, g, i, NULL, NULL, 0, err);
			if (rc == 0 && g->seq == before) {
				/* the rules gave no default for what the seat
				 * owes: looking again would find the same debt,
				 * for ever, with the game locked */
				mq_daemon_log("game %s: no default move for %s, "
				    "who owes %s", g->id, g->players[i].name,
				    g->kind->owes(g->state, i) != NULL ?
				    g->kind->owes(g->state, i) : "nothing");
				continue;
			}
			(*played)++;
			i = -1;		/* a default may set off the next debt */
			if (mq_game_over(g))
				break;
			if (rc == 0 && mq_game_all_absent(g)) {
				*away = 1;
				break;
			}
		}
	}
	return rc;
}

int
mq_deadline_finish(struct mq_daemon *d, struct mq_game *g, long long at,
    struct mq_err *err)
{
	long long now = d->now;
	int rc, played, away;

	if (!g->writable || g->paused || mq_game_over(g) ||
	    mq_game_nobody_plays(g) || mq_game_all_absent(g))
		return 0;
	d->now = at;
	rc = defaults_due(d, g, &played, &away, err);
	d->now = now;
	return rc;
}

int
mq_deadline_run(struct mq_daemon *d, struct mq_game *g, int *timeouts,
    int *reminders, struct mq_err *err)
{
	long long dl;
	int i, rc = 0, acted = 0, away = 0;

	mq_deadline_keep_reminded(d, g);
	if (g->paused || mq_game_over(g))
		return mq_deadline_schedule(d, g, err);
	/* Every seat kicked (admin refuses the last kick; an older masqued
	 * did not): the defaults would play every seat at once, again and
	 * again, and The Masquerade's never end, so the log grew without
	 * bound in one pass. The game waits for a replace or an end. */
	if (mq_game_nobody_plays(g))
		return mq_deadline_schedule(d, g, err);
	/* a pass cut short after the defaults that left everyone away */
	if (mq_game_all_absent(g)) {
		MQ_TRY(pause_all_absent(d, g, err));
		return mq_deadline_schedule(d, g, err);
	}
	mq_game_journal_start(g);
	rc = defaults_due(d, g, &acted, &away, err);
	*timeouts += acted;
	if (rc == 0 && acted && (rc = mq_notify_update(d, g, NULL, NULL, err)) == 0)
		mq_mailmark_done(g);
	mq_game_journal_stop(g);
	if (rc == 0 && away)
		rc = pause_all_absent(d, g, err);
	/* policy wait: the players told that the game waits for the host
	 * (once per missed deadline); the host told of the deadlines gone, in
	 * one mail, and reminded each host_reminder (a day unless set)
	 * while the game waits */
	if (rc == 0 && !g->paused && !mq_game_over(g))
		rc = tell_players_waits(d, g, err);
	if (rc == 0 && !g->paused && !mq_game_over(g))
		rc = tell_host_waits(d, g, err);
	/* paused just now: no move is asked for, and no default comes */
	for (i = 0; rc == 0 && !g->paused && i < g->nplayers; i++) {
		dl = mq_game_deadline(&d->conf, g, i);
		/* none once the deadline is gone by (policy wait: the host
		 * was told and decides; an extend moves it and reminds) */
		if (dl == 0 || g->players[i].reminded || g->players[i].kicked ||
		    d->now < dl - mq_game_reminder_secs(&d->conf, g) || d->now >= dl)
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
	size_t waiting = 0;
	int rc;

	MQ_TRY(mq_store_games(&d->store, &ids, &n, err));
	for (i = 0; i < n; i++) {
		next = mq_deadline_next(d, ids[i]);
		if (next != 0 && next > d->now)
			continue;
		if (mq_daemon_stalled(d, ids[i])) {
			/* its failed message first, next pass (daemon.h) */
			mq_daemon_log("game %s: its deadlines wait for the next "
			    "pass, after its message that failed", ids[i]);
			continue;
		}
		if (d->inbox_unread) {
			waiting += next != 0;	/* 0: not known to be due */
			continue;
		}
		if ((rc = mq_daemon_game(d, ids[i], &g, &e)) != 0) {
			mq_daemon_log_game(d, ids[i], e.msg);
			/* a deadline came and nobody wrote: the host hears of it
			 * here, not at the next reply, which may never come */
			if (rc == MQ_BADDATA)
				mq_notify_host_stopped(d, ids[i], e.msg);
			continue;
		}
		if (mq_deadline_run(d, g, &st->timeouts, &st->reminders, &e) != 0)
			mq_daemon_log("game %s: %s", ids[i], e.msg);
	}
	if (waiting > 0)
		mq_daemon_log("deadlines: %zu game(s) wait for a pass that reads "
		    "the mailbox to its end: a move for them may be there", waiting);
	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	return 0;
}
