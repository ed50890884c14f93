/*
 * cmd_admin.c - admin: the host's pause, resume, extend, replace, kick,
 * rotate-token, default and end, each logged with who and why and mailed to
 * those concerned.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/cli.h"
#include "daemon/deadline.h"
#include "daemon/mailmark.h"
#include "daemon/notify.h"
#include "engine/words.h"
#include "mail/address.h"
#include "mail/mime_charset.h"

/*
 * admin GAME default PLAYER: the default move the deadline would apply to
 * the player's debt, now, for a host who waits (policy wait) or will not.
 * Logged as the deadline logs it (a timeout entry, with the host's why and
 * "by": "admin") and mailed as the deadline mails it; a catching up
 * rebuilds those mails as a timeout's should they not be queued.
 */
static int
admin_default(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *why, struct mq_err *err)
{
	const char *name = g->players[seat].name;
	char moved[200];
	uint64_t before = g->seq, at;
	long long dl;
	int rc;

	if (g->paused)		/* as a move: none is taken while paused */
		return mq_fail(err, MQ_REFUSED, "Game %s is paused; no move is "
		    "taken until it resumes (admin %s resume --why \"...\").",
		    g->id, g->id);
	if (g->kind->owes(g->state, seat) == NULL)
		return mq_fail(err, MQ_REFUSED, "%s owes no move in game %s now; "
		    "there is no default to apply.", name, g->id);
	/* Policy wait: the game waits on the host for a seat whose deadline
	 * passed, and for no other. Run from the host's mail after the
	 * player had answered it, this played a default for the next move,
	 * days before its deadline. (Policy default: a host may play it
	 * before the deadline, for a player who asks: docs/hosting.md.) */
	if (!g->players[seat].kicked && mq_game_policy_wait(&d->conf, g) &&
	    (dl = mq_game_deadline(&d->conf, g, seat)) > d->now) {
		char when[40];
		time_t t = (time_t)dl;

		strftime(when, sizeof(when), "%Y-%m-%d %H:%M UTC", gmtime(&t));
		if (mq_deadline_host_told_before(d, g, seat))
			return mq_fail(err, MQ_REFUSED, "%s's deadline for this "
			    "move is %s; it has not passed: %s answered the move "
			    "the notice was about (or a resume gave it a new "
			    "deadline), and game %s waits for %s until then.",
			    name, when, name, g->id, name);
		return mq_fail(err, MQ_REFUSED, "%s's deadline for this move is "
		    "%s; it has not passed, and game %s's policy is wait: it "
		    "waits for %s, not for you, until then.", name, when, g->id,
		    name);
	}
	/* the others' debts stand: their reminders are not sent again */
	mq_deadline_keep_reminded(d, g);
	mq_game_journal_start(g);
	rc = mq_deadline_default(d, g, seat, why, moved, sizeof(moved), err);
	/* the timeout entry: a reveal, an end or the next move's entries may
	 * follow it (game_end.c), said after it */
	at = before + 1;
	if (rc == 0 && g->seq == before)
		rc = mq_fail(err, MQ_REFUSED, "%s owes no move in game %s now; "
		    "there is no default to apply.", name, g->id);
	else if (rc == 0 && (rc = mq_notify_update(d, g, NULL, NULL, err)) == 0 &&
	    (rc = mq_deadline_schedule(d, g, err)) == 0)
		mq_mailmark_done(g);	/* after the clock file: see admin_log */
	mq_game_journal_stop(g);
	if (g->seq == before)
		return rc;
	if (rc != 0) {	/* logged: the next serve catches its mails up */
		char why_not[sizeof(err->msg)];

		snprintf(why_not, sizeof(why_not), "%s", err->msg);
		return mq_fail(err, rc, "%s's default (%s) is logged in game %s as "
		    "entry %llu, but its mails were not queued (%s); the next "
		    "serve queues them.", name, moved, g->id,
		    (unsigned long long)at, why_not);
	}
	/* the address too: after a replace the seat keeps its name */
	printf("%s: %s's default, %s, logged as entry %llu (the seat held by "
	    "%s)", g->id, name, moved, (unsigned long long)at,
	    g->players[seat].email);
	/* "logged as entry 7" named the reveal that followed the timeout */
	if (g->seq == at + 1)
		printf("; entry %llu followed it.\n", (unsigned long long)g->seq);
	else if (g->seq > at)
		printf("; entries %llu to %llu followed it.\n",
		    (unsigned long long)at + 1, (unsigned long long)g->seq);
	else
		printf(".\n");
	return 0;
}

/* An admin command line: its action and what it names. */
struct admin_args {
	const char *game, *action, *player, *email, *why, *lang;
	long secs;		/* extend's duration */
	int new_player;		/* replace --new-player: another person */
};

static const char *const actions[] = { "pause", "resume", "extend", "replace",
	"kick", "rotate-token", "default", "end" };

/* Read argv (admin GAME ACTION ...) into x; a usage sentence, or 0. */
static int
admin_args(int argc, char **argv, struct admin_args *x)
{
	int a, nargs;

	memset(x, 0, sizeof(*x));
	if (argc < 3)
		return mq_cli_usage("admin takes GAME ACTION --why \"...\", the "
		    "ACTION one of pause|resume|extend DURATION|replace PLAYER "
		    "EMAIL [--lang en|ja|zh] [--new-player]|kick PLAYER|"
		    "rotate-token PLAYER|"
		    "default PLAYER|end");
	x->game = argv[1];
	x->action = argv[2];
	nargs = !strcmp(x->action, "replace") ? 2 : (!strcmp(x->action, "extend") ||
	    !strcmp(x->action, "kick") || !strcmp(x->action, "rotate-token") ||
	    !strcmp(x->action, "default")) ? 1 :
	    (!strcmp(x->action, "pause") || !strcmp(x->action, "resume") ||
	    !strcmp(x->action, "end")) ? 0 : -1;
	if (nargs < 0 && strncmp(x->action, "--", 2) == 0)
		/* "admin G --why x pause": options go after the action */
		return mq_cli_usage("admin's ACTION comes right after the game, "
		    "then %s: admin GAME ACTION ... --why \"...\"", x->action);
	if (nargs < 0) {
		/* "extnd": the action meant, as a mistyped command gets */
		for (a = 0; a < (int)(sizeof(actions) / sizeof(actions[0])); a++)
			if (mq_words_distance(x->action, actions[a]) <=
			    (strlen(actions[a]) > 5 ? 2 : 1))
				return mq_cli_usage("\"%s\" is not an admin action; "
				    "did you mean %s?", x->action, actions[a]);
		return mq_cli_usage("\"%s\" is not an admin action", x->action);
	}
	/* "kick --why x" lacks its player: say so, not "no option x" */
	for (a = 3; a < 3 + nargs; a++)
		if (a >= argc || strncmp(argv[a], "--", 2) == 0)
			return mq_cli_usage("admin %s needs %s", x->action, nargs == 2 ?
			    "PLAYER EMAIL" : !strcmp(x->action, "extend") ?
			    "a DURATION, such as 24h" : "a PLAYER");
	for (a = 3 + nargs; a < argc; a++) {
		/* the last used to win, unsaid: the first reason was never
		 * logged nor told */
		if ((strcmp(argv[a], "--why") == 0 && x->why != NULL) ||
		    (strcmp(argv[a], "--lang") == 0 && x->lang != NULL) ||
		    (strcmp(argv[a], "--new-player") == 0 && x->new_player))
			return mq_cli_usage("admin %s: %s is given twice",
			    x->action, argv[a]);
		else if (strcmp(argv[a], "--why") == 0 && a + 1 < argc)
			x->why = argv[++a];
		else if (strcmp(argv[a], "--why") == 0)
			return mq_cli_usage("--why needs the reason, in quotes");
		/* the new player's language; unchanged without it */
		else if (strcmp(argv[a], "--lang") == 0 && strcmp(x->action,
		    "replace") != 0)
			return mq_cli_usage("--lang goes with admin replace alone");
		else if (strcmp(argv[a], "--lang") == 0 && a + 1 < argc)
			x->lang = argv[++a];
		else if (strcmp(argv[a], "--lang") == 0)
			return mq_cli_usage("--lang needs en, ja or zh");
		/* the seat to another person, not kicked first: the others
		 * read that it went to a new player, who gets the welcome of
		 * a game under way */
		else if (strcmp(argv[a], "--new-player") == 0 &&
		    strcmp(x->action, "replace") != 0)
			return mq_cli_usage("--new-player goes with admin replace "
			    "alone");
		else if (strcmp(argv[a], "--new-player") == 0)
			x->new_player = 1;
		else if (strncmp(argv[a], "--", 2) == 0)
			return mq_cli_usage("admin has no option %s", argv[a]);
		else if (a >= 2 && strcmp(argv[a - 2], "--why") == 0)
			return mq_cli_usage("admin %s: \"%s\" follows --why's reason; "
			    "put the whole reason in quotes", x->action, argv[a]);
		else	/* extend 2d 3d */
			return mq_cli_usage("admin %s takes %s; %s is one word too "
			    "many", x->action, nargs == 0 ? "no argument" :
			    nargs == 2 ? "PLAYER EMAIL" : !strcmp(x->action,
			    "extend") ? "one DURATION" : "one PLAYER", argv[a]);
	}
	if (x->why == NULL || x->why[strspn(x->why, " \t\r\n")] == '\0')
		return mq_cli_usage("admin %s needs --why \"...\": every admin "
		    "action says why, in the log and to the players", x->action);
	/* the notice says it on one line ("Why: ..."): a line break broke
	 * the text and HTML parts, and the log kept it escaped; bytes that
	 * are no UTF-8 were "Out of memory" (the log is JSON) */
	if (!mq_mime_utf8_valid(x->why, strlen(x->why)))
		return mq_cli_usage("admin %s: --why's reason is not UTF-8 "
		    "text; write it in a UTF-8 terminal", x->action);
	for (a = 0; x->why[a] != '\0'; a++)
		if ((unsigned char)x->why[a] < 0x20 || x->why[a] == 0x7f)
			return mq_cli_usage("admin %s: --why's reason holds %s; "
			    "write it on one line, as the players' notice says "
			    "it", x->action, x->why[a] == '\n' ||
			    x->why[a] == '\r' ? "a line break" :
			    "a control character");
	if (!strcmp(x->action, "extend") &&
	    ((x->secs = mq_config_span(argv[3])) < 60 || x->secs % 60 != 0))
		return mq_cli_usage("extend takes a duration from 1m to 366d, its "
		    "unit written (m, h or d), such as 24h or 90m");
	if (nargs >= 1 && strcmp(x->action, "extend") != 0)
		x->player = argv[3];
	if (nargs == 2)
		x->email = argv[4];
	return 0;
}

/* Whether the action may be taken on g now (seat: the player's, or -1);
 * else one sentence. */
static int
admin_refusal(const struct mq_game *g, const struct admin_args *x, int seat,
    struct mq_err *err)
{
	int a, others;

	/* an over game has no deadline, turn or seat left to act on; and an
	 * end must be the last word of its log (replay.c) */
	if (mq_game_over(g))
		return mq_fail(err, MQ_REFUSED, "Game %s is over already.", g->id);
	if (x->player != NULL && seat < 0)
		return mq_game_no_player(g, x->player, err);
	if (x->email != NULL && !mq_email_usable(x->email))	/* as new checks it */
		return mq_fail(err, MQ_REFUSED, "\"%s\" is not a usable email "
		    "address.", x->email);
	if (x->email != NULL && !g->players[seat].kicked &&
	    mq_addr_same(x->email, g->players[seat].email))
		return mq_fail(err, MQ_REFUSED, "%s plays from %s already (admin "
		    "rotate-token gives new reply addresses).", x->player, x->email);
	/* the player behind an address would read every hand it holds; a
	 * kicked player's is free (they play no more) */
	for (a = 0; x->email != NULL && a < g->nplayers; a++)
		if (a != seat && !g->players[a].kicked &&
		    mq_addr_same(x->email, g->players[a].email))
			return mq_fail(err, MQ_REFUSED, "%s is %s's address in game "
			    "%s; each player needs their own.", x->email,
			    g->players[a].name, g->id);
	if (!strcmp(x->action, "kick") && g->players[seat].kicked)
		return mq_fail(err, MQ_REFUSED, "%s is out of game %s already; the "
		    "deadline defaults play that seat until a replace.", x->player,
		    g->id);
	/* nobody replies for a kicked seat: its new tags would go to the
	 * kicked player alone, told "new reply addresses" for a game they are
	 * out of */
	if (!strcmp(x->action, "rotate-token") && g->players[seat].kicked)
		return mq_fail(err, MQ_REFUSED, "%s is out of game %s, so nobody "
		    "replies from that seat; admin %s replace %s EMAIL gives it "
		    "a new player and new reply addresses.", x->player, g->id,
		    g->id, x->player);
	for (a = 0, others = 0; a < g->nplayers; a++)
		others += a != seat && !g->players[a].kicked;
	if (!strcmp(x->action, "kick") && others == 0)
		/* the last player: the defaults would play every seat, and a
		 * game of defaults alone may never end (The Masquerade's) */
		return mq_fail(err, MQ_REFUSED, "%s is the last player of game %s; "
		    "with nobody left, nothing could be played, so replace a player "
		    "(admin %s replace PLAYER EMAIL) or end the game (admin %s end "
		    "--why \"...\").", x->player, g->id, g->id, g->id);
	if ((!strcmp(x->action, "pause") && g->paused) ||
	    (!strcmp(x->action, "resume") && !g->paused))
		return mq_fail(err, MQ_REFUSED, "Game %s is %s already.", g->id,
		    g->paused ? "paused" : "running");
	return 0;
}

/*
 * An extend counts from each deadline, not from now: under policy wait a
 * host who answers a missed deadline late could move it to a time passed
 * already, give the player no time, and be told of the miss again at once.
 * Refused, saying by how much the deadline passed, and an extend that
 * works; past what extend takes (366d: a year late), a pause and resume.
 */
static int
extend_refusal(const struct mq_daemon *d, const struct mq_game *g, long secs,
    struct mq_err *err)
{
	long long dl, late = 0, span;
	char by[32], need[32], works[32], move[32];
	int i, who = -1;

	for (i = 0; i < g->nplayers && !g->paused; i++) {
		dl = mq_game_deadline(&d->conf, g, i);
		if (dl != 0 && !g->players[i].kicked && dl + secs <= d->now &&
		    d->now - dl > late) {
			late = d->now - dl;
			who = i;
		}
	}
	if (who < 0)
		return 0;
	mq_config_dhm(secs, by, sizeof(by));
	mq_config_dhm(late % 60 ? late + 60 - late % 60 : late, need, sizeof(need));
	/* one that works, copied: the hours past, rounded up, and the
	 * game's deadline, as the host's mail of the missed deadline offers */
	span = mq_extend_offer(&d->conf, g, late);
	mq_config_dhm(mq_game_move_secs(&d->conf, g), move, sizeof(move));
	if (span > MQ_DURATION_MAX)	/* no extend reaches past now */
		return mq_fail(err, MQ_REFUSED, "%s's deadline passed %s ago, "
		    "and an extend counts from the deadline and takes at most "
		    "366d, so none would reach past now: pause and resume the game "
		    "(admin %s pause, then admin %s resume: a full deadline "
		    "from the resume), or play the default move for them "
		    "(admin %s default %s --why \"...\").",
		    g->players[who].name, need, g->id, g->id, g->id,
		    g->players[who].name);
	mq_config_dhm(span, works, sizeof(works));
	return mq_fail(err, MQ_REFUSED, "%s's deadline passed %s ago, and an "
	    "extend counts from the deadline, so extend %s would leave it passed: "
	    "extend by more than %s (admin %s extend %s gives them the game's "
	    "deadline, %s, from now), or play the default move for them (admin "
	    "%s default %s --why \"...\").", g->players[who].name, need, by,
	    need, g->id, works, move, g->id, g->players[who].name);
}

/* The admin entry logged, its mails queued, the deadlines scheduled again. */
/*
 * A resume's "restart" (replay.c): the players whose deadline had gone by
 * when the game paused, decided here under the config's deadline and
 * logged, so that the replay needs no config. -1 out of memory.
 */
static int
add_restarts(const struct mq_daemon *d, const struct mq_game *g, json_t *body)
{
	json_t *list = NULL;
	int i;

	for (i = 0; i < g->nplayers; i++) {
		if (!mq_deadline_gone_at_pause(&d->conf, g, i))
			continue;
		if (list == NULL && (list = json_array()) == NULL)
			return -1;
		if (json_array_append_new(list, json_string(g->players[i].name)))
			goto oom;
	}
	if (list == NULL || json_object_set_new(body, "restart", list) == 0)
		return 0;
	return -1;	/* set_new took list */
oom:
	json_decref(list);
	return -1;
}

static int
admin_log(struct mq_daemon *d, struct mq_game *g, const struct admin_args *x,
    int seat, struct mq_err *err)
{
	struct mq_player_info before;
	long long dl[MQ_MAX_PLAYERS];
	uint64_t at;
	json_t *body;
	int a, rc, bad;

	body = json_pack("{s:s, s:I, s:s, s:s, s:s}", "game", g->id, "ts",
	    (json_int_t)d->now, "type", "admin", "action", x->action, "why",
	    x->why);
	bad = body == NULL;
	if (!bad && x->player)
		bad |= json_object_set_new(body, "player", json_string(x->player));
	if (!bad && x->email)
		bad |= json_object_set_new(body, "email", json_string(x->email));
	if (!bad && x->secs)
		bad |= json_object_set_new(body, "seconds", json_integer(x->secs));
	if (!bad && x->lang)
		bad |= json_object_set_new(body, "lang", json_string(x->lang));
	if (!bad && x->new_player)
		bad |= json_object_set_new(body, "new_player", json_true());
	if (!bad && strcmp(x->action, "resume") == 0)
		bad |= add_restarts(d, g, body) != 0;
	if (bad) {
		json_decref(body);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	if (seat >= 0) {
		before = g->players[seat];	/* a replace's old address */
		before.defaulted_why = NULL;	/* the game's, which the
						 * entry below may let go */
	}
	/* the debts reminded already, and their deadlines as they stand */
	mq_deadline_keep_reminded(d, g);
	for (a = 0; a < g->nplayers; a++)
		dl[a] = mq_game_deadline(&d->conf, g, a);
	if ((rc = mq_game_append(g, body, err)) != 0) {
		json_decref(body);
		return rc;
	}
	/* A debt whose deadline moved (extend, resume) is reminded again
	 * before the new one, and a replace's new player of theirs; any other
	 * debt was reminded of this deadline once, enough (a rotate-token or
	 * a pause used to remind them all a second time). */
	for (a = 0; a < g->nplayers; a++)
		if (mq_game_deadline(&d->conf, g, a) != dl[a] ||
		    (a == seat && !strcmp(x->action, "replace")))
			g->players[a].reminded = 0;
	at = g->seq;	/* an end entry may follow it (game_end.c) */
	/* The clock file before the mark: a kill between the two leaves the
	 * mark behind, and the catching up writes the clock file again. The
	 * other way round, nothing did: after a resume it said "paused", and
	 * the game's deadlines never came due. */
	if ((rc = mq_notify_admin(d, g, body, seat >= 0 ? &before : NULL,
	    err)) == 0 && (rc = mq_deadline_schedule(d, g, err)) == 0)
		mq_mailmark_done(g);
	json_decref(body);
	if (rc != 0) {	/* logged: the next serve catches its mails up */
		char why_not[sizeof(err->msg)];

		snprintf(why_not, sizeof(why_not), "%s", err->msg);
		if (why_not[0] && why_not[strlen(why_not) - 1] == '.')
			why_not[strlen(why_not) - 1] = '\0';
		return mq_fail(err, rc, "The %s is logged in game %s as entry %llu, "
		    "but its mails were not queued (%s); the next serve queues "
		    "them.", x->action, g->id, (unsigned long long)at, why_not);
	}
	/* an action on a seat names its address too: after a replace the
	 * seat keeps its name, and a host who kicked "erin" meant the old
	 * one. A replace names both, the one it had and the one it has. */
	if (seat < 0)
		printf("%s: %s", g->id, x->action);
	else if (strcmp(x->action, "replace") == 0)
		printf("%s: replace of %s (%s, was %s)", g->id,
		    g->players[seat].name, g->players[seat].email, before.email);
	else
		printf("%s: %s of %s (%s)", g->id, x->action,
		    g->players[seat].name, g->players[seat].email);
	if (g->seq > at)	/* the game ended by it: its end entry too */
		printf(" logged as entry %llu, and the game's end as entry "
		    "%llu.\n", (unsigned long long)at,
		    (unsigned long long)g->seq);
	else
		printf(" logged as entry %llu.\n", (unsigned long long)at);
	return 0;
}

int
mq_cmd_admin(struct mq_cli *cli, int argc, char **argv)
{
	struct admin_args x;
	struct mq_daemon d;
	struct mq_game *g;
	struct mq_err err;
	int rc, seat = -1;

	if ((rc = admin_args(argc, argv, &x)) != 0)
		return rc;
	if (x.lang != NULL && strcmp(x.lang, "en") && strcmp(x.lang, "ja") &&
	    strcmp(x.lang, "zh")) {	/* as new says it */
		mq_fail(&err, MQ_REFUSED, "The language must be en, ja or zh, not "
		    "\"%s\".", x.lang);
		return mq_cli_report(&err);
	}
	if ((rc = mq_daemon_open(&d, cli->datadir, cli->config, &err)))
		return mq_cli_report(&err);
	if ((rc = mq_daemon_game(&d, x.game, &g, &err)) == 0) {
		if (x.player != NULL)
			seat = mq_game_seat(g, x.player);
		if ((rc = admin_refusal(g, &x, seat, &err)) == 0 &&
		    !strcmp(x.action, "extend"))
			rc = extend_refusal(&d, g, x.secs, &err);
		if (rc == 0)
			rc = !strcmp(x.action, "default") ?
			    admin_default(&d, g, seat, x.why, &err) :
			    admin_log(&d, g, &x, seat, &err);
	}
	mq_daemon_close(&d);
	return rc ? mq_cli_report(&err) : 0;
}
