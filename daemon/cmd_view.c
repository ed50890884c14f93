/*
 * cmd_view.c - the commands that read games: view, state (now or after any
 * entry: how a dispute is replayed step by step), log, export. state, log
 * and replay read a game's export too, and a log damaged in the middle as
 * far as it is sound (history.h); view and export need the game whole.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/clock.h"
#include "daemon/cli.h"
#include "daemon/history.h"
#include "daemon/replay.h"
#include "daemon/store.h"
#include "daemon/ms_text.h"
#include "daemon/story.h"

static int
open_game(struct mq_cli *cli, const char *id, uint64_t at, struct mq_store *s,
    struct mq_game **g, struct mq_err *err)
{
	int rc;

	*g = NULL;
	if ((rc = mq_store_open(cli->datadir, 0, s, err)))
		return rc;
	if ((rc = mq_game_open(s, id, 0, at, g, err)))
		mq_store_close(s);
	/* a log cut short of what its players were mailed stops the game, as
	 * serve and games say: view and export show the game now, and would
	 * show (or publish) an older one without a word */
	else if ((rc = mq_game_check_mark(*g, err)) != 0) {
		mq_game_close(*g);
		*g = NULL;
		mq_store_close(s);
	}
	return rc;
}

static void
print_view_text(const json_t *v)
{
	json_t *p, *me = json_object_get(v, "me"), *x;
	size_t i;

	printf("%s, round %lld (%s), phase %s; the Prince is in %s.\n",
	    json_string_value(json_object_get(v, "kind")),
	    json_integer_value(json_object_get(v, "round")),
	    json_string_value(json_object_get(v, "time")),
	    json_string_value(json_object_get(v, "phase")),
	    json_string_value(json_object_get(json_object_get(v, "prince"), "room")) ?
	    json_string_value(json_object_get(json_object_get(v, "prince"), "room")) :
	    "no room (he is dead)");
	printf("%-20s %-8s %10s  %s\n", "noble", "room", "popularity", "discards");
	json_array_foreach(json_object_get(v, "players"), i, p) {
		size_t k;

		printf("%-20s %-8s %10lld  ", json_string_value(json_object_get(p, "name")),
		    json_is_true(json_object_get(p, "alive")) ?
		    (json_string_value(json_object_get(p, "room")) ?
		    json_string_value(json_object_get(p, "room")) : "-") : "dead",
		    json_integer_value(json_object_get(p, "popularity")));
		json_array_foreach(json_object_get(p, "discards"), k, x)
			printf("%s%s", k ? " " : "", json_string_value(x));
		printf("\n");
	}
	if (me != NULL) {
		printf("\nYour hand:");
		json_array_foreach(json_object_get(me, "hand"), i, x)
			printf(" %s", json_string_value(x));
		printf("\nYour Rumor cards:");
		json_array_foreach(json_object_get(me, "rumors"), i, x)
			printf(" %s@%s", json_string_value(json_object_get(x, "room")),
			    json_string_value(json_object_get(x, "time")));
		printf("\nYour plan:");
		json_array_foreach(json_object_get(me, "plan"), i, x)
			printf(" %s", json_string_value(x));
		printf("\nYou owe: %s\n", json_string_value(json_object_get(v, "owed")) ?
		    json_string_value(json_object_get(v, "owed")) : "nothing now");
	}
	if (json_string_value(json_object_get(v, "winner")))
		printf("\nWinner: %s\n", json_string_value(json_object_get(v, "winner")));
}

static void
print_names(const char *label, const json_t *a)
{
	const json_t *x;
	size_t i;

	printf("%s", label);
	if (json_array_size(a) == 0)
		printf(" none");
	json_array_foreach(a, i, x)
		printf(" %s", json_string_value(x) ? json_string_value(x) : "?");
	printf("\n");
}

/* A player's hand, Rumor cards, plan and the moves made but not yet
 * revealed, from the view's object p (theirs, or any for the host). */
static void
print_own(const json_t *p)
{
	static const char *const pend[] = { "pending_play", "pending_move",
	    "pending_next_play" };
	const json_t *x;
	size_t k;

	print_names("  hand:", json_object_get(p, "hand"));
	printf("  Rumor cards:");
	if (json_array_size(json_object_get(p, "rumors")) == 0)
		printf(" none");
	json_array_foreach(json_object_get(p, "rumors"), k, x)
		printf(" %s@%s", json_string_value(json_object_get(x, "room")) ?
		    json_string_value(json_object_get(x, "room")) : "evidence",
		    json_string_value(json_object_get(x, "time")) ?
		    json_string_value(json_object_get(x, "time")) : "?");
	printf("\n");
	print_names("  plan:", json_object_get(p, "plan"));
	for (k = 0; k < sizeof(pend) / sizeof(pend[0]); k++)
		if (json_string_value(json_object_get(p, pend[k])))
			printf("  not yet revealed: %s\n",
			    json_string_value(json_object_get(p, pend[k])));
	if (json_string_value(json_object_get(p, "pending_place")))
		printf("  not yet revealed: PLACE %s\n",
		    json_string_value(json_object_get(p, "pending_place")));
}

/*
 * What only the host sees, for settling a dispute: every player's hand,
 * Rumor cards, plan and the moves made but not yet revealed; the Prince's
 * path and the Red Death cards; who the game waits for.
 */
static void
print_secrets_text(const json_t *v)
{
	const json_t *p, *x, *rd = json_object_get(v, "red_death");
	const char *key;
	size_t i, k;

	printf("\nThe host's view:\n");
	json_array_foreach(json_object_get(v, "players"), i, p) {
		printf("%s (personality %s)\n", json_string_value(json_object_get(p,
		    "name")), json_string_value(json_object_get(p, "personality")) ?
		    json_string_value(json_object_get(p, "personality")) : "?");
		print_own(p);
	}
	print_names("The Prince's path:", json_object_get(json_object_get(v,
	    "prince"), "path"));
	if (json_object_size(rd) > 0) {
		printf("Red Death cards:");
		i = 0;
		json_object_foreach((json_t *)rd, key, x) {
			printf("%s %s", i++ ? ";" : "", key);
			json_array_foreach(x, k, p)
				printf("%s%s", k ? ", " : " ", json_string_value(p));
		}
		printf(".\n");
	}
	if (json_is_integer(json_object_get(v, "rumor_deck")))
		printf("Rumor deck: %lld cards.\n",
		    json_integer_value(json_object_get(v, "rumor_deck")));
	printf("Waiting for:");
	if (json_array_size(json_object_get(v, "owes")) == 0)
		printf(" nobody");
	json_array_foreach(json_object_get(v, "owes"), i, p)
		printf("%s %s (%s)", i ? "," : "", json_string_value(json_object_get(p,
		    "player")), json_string_value(json_object_get(p, "owes")));
	printf("\n");
}

/*
 * A player's own secrets, as their mails tell them: hand, Rumor cards,
 * plan, the moves made but not yet revealed, and what they have learned
 * of the Red Death's rooms (safe or deadly, by time).
 */
static void
print_me_text(const json_t *v)
{
	const json_t *me = json_object_get(v, "me"), *x, *rooms;
	const char *t, *room;
	int any = 0;

	if (!json_is_object(me))
		return;
	printf("\nYour own (%s):\n", json_string_value(json_object_get(me,
	    "name")) ? json_string_value(json_object_get(me, "name")) : "?");
	print_own(me);
	printf("  learned:");
	json_object_foreach(json_object_get(me, "notes"), t, rooms)
		json_object_foreach((json_t *)rooms, room, x)
			if (json_string_value(x) != NULL) {
				printf("%s %s %s %s", any ? "," : "", t, room,
				    json_string_value(x));
				any = 1;
			}
	printf("%s\n", any ? "" : " nothing yet");
}

/* The Masquerade's view as text, whole or not at all (exit 4). */
static int
print_ms_view(const json_t *gamedata, const json_t *v)
{
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err err;
	int rc = 0;

	mq_ms_view_text(gamedata, v, &b);
	if (b.oom) {
		mq_fail(&err, MQ_IO, "Out of memory.");
		rc = mq_cli_report(&err);
	} else
		fputs(mq_buf_str(&b), stdout);
	mq_buf_free(&b);
	return rc;
}

static int
print_view(const json_t *gamedata, const json_t *v, int as_json)
{
	const char *kind = json_string_value(json_object_get(v, "kind"));

	if (as_json) {
		json_dumpf(v, stdout, JSON_INDENT(2) | JSON_SORT_KEYS);
		putchar('\n');
	} else if (kind != NULL && strcmp(kind, "masquerade") == 0)
		return print_ms_view(gamedata, v);
	else
		print_view_text(v);
	return 0;
}

/*
 * The daemon's word on the game, which the engine's view cannot know: a
 * pause, or the host's end (after which nobody owes anything, whatever the
 * engine's state still asks). Set in v; its line for the text, or "" when
 * there is none. -1: out of memory.
 */
static int
daemon_word(const struct mq_game *g, json_t *v, char *line, size_t size)
{
	json_t *owes = json_object_get(v, "owes");
	const char *why;
	int bad = 0;

	line[0] = '\0';
	if (g->ended) {
		why = json_string_value(json_object_get(g->ended_body, "why"));
		/* a pause before the end is no longer the game's state */
		json_object_del(v, "paused");
		bad |= json_object_set_new(v, "ended_by_host", json_true());
		if (json_is_array(owes))
			bad |= json_array_clear(owes);
		else if (owes != NULL)
			bad |= json_object_set_new(v, "owes", json_null());
		/* the player's own debt (The Red Death), whose turn it is (The
		 * Masquerade) */
		if (json_object_get(v, "owed") != NULL)
			bad |= json_object_set_new(v, "owed", json_null());
		if (json_object_get(v, "to_move") != NULL)
			bad |= json_object_set_new(v, "to_move", json_null());
		snprintf(line, size, "Ended by the host at entry %llu (%s): nothing "
		    "more can be played.\n", (unsigned long long)g->ended,
		    why ? why : "");
	} else if (g->paused) {
		bad |= json_object_set_new(v, "paused", json_string(
		    g->paused_by_server ? "by masqued: nobody is playing" :
		    "by the host"));
		snprintf(line, size, "Paused %s: no move is taken until it "
		    "resumes.\n", g->paused_by_server ? "by masqued (nobody is "
		    "playing)" : "by the host");
	}
	return bad ? -1 : 0;
}

int
mq_cmd_view(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_store s;
	struct mq_game *g;
	struct mq_err err;
	json_t *v;
	char word[sizeof(err.msg)];
	int rc, seat, json = argc == 4 && strcmp(argv[3], "--json") == 0;

	if (argc != 3 && !json)
		return mq_cli_usage("view takes GAME PLAYER [--json] (PLAYER may be "
		    "public or admin)");
	if ((rc = open_game(cli, argv[1], 0, &s, &g, &err)))
		return mq_cli_report(&err);
	if (strcmp(argv[2], "public") == 0)
		seat = MQ_VIEW_PUBLIC;
	else if (strcmp(argv[2], "admin") == 0)
		seat = MQ_VIEW_ADMIN;
	else if ((seat = mq_game_seat(g, argv[2])) < 0) {
		mq_game_no_player(g, argv[2], &err);
		rc = mq_cli_report(&err);
		goto out;
	}
	/* NULL: the engine ran out of memory (no half a board printed) */
	if ((v = g->kind->view(g->state, seat)) == NULL) {
		mq_fail(&err, MQ_IO, "Out of memory.");
		rc = mq_cli_report(&err);
		goto out;
	}
	if (daemon_word(g, v, word, sizeof(word)) != 0) {
		json_decref(v);
		mq_fail(&err, MQ_IO, "Out of memory.");
		rc = mq_cli_report(&err);
		goto out;
	}
	if (!json)
		fputs(word, stdout);
	rc = print_view(g->gd.json, v, json);
	/* admin is everything, as state shows it: The Masquerade's text view
	 * holds its secrets already, The Red Death's board does not */
	if (rc == 0 && !json && seat == MQ_VIEW_ADMIN &&
	    strcmp(g->kind->name, "masquerade") != 0)
		print_secrets_text(v);
	/* the address of each seat: a replace keeps the seat's name, and the
	 * host acting on "erin" must see who holds it now */
	if (rc == 0 && !json && seat == MQ_VIEW_ADMIN) {
		int i;

		printf("\nSeats and the address that holds each:\n");
		for (i = 0; i < g->nplayers; i++)
			printf("  %-20s %s%s\n", g->players[i].name,
			    g->players[i].email,
			    g->players[i].kicked ? " (kicked)" : "");
	}
	/* a player's: their own, as their mails tell it */
	else if (rc == 0 && !json && seat >= 0 &&
	    strcmp(g->kind->name, "masquerade") != 0)
		print_me_text(v);
	json_decref(v);
out:
	mq_game_close(g);
	mq_store_close(&s);
	return rc;
}

int
mq_cmd_state(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_history h;
	struct mq_game *g;
	struct mq_err err;
	struct mq_buf b = MQ_BUF_INIT;
	json_t *v, *ev;
	char word[sizeof(err.msg)];
	long at = 0;
	unsigned seen = 0;
	int rc, a, json = 0;

	if (argc < 2)
		return mq_cli_usage("state takes GAME|LOGFILE|EXPORT [--json] [--at SEQ]");
	for (a = 2; a < argc; a++) {
		if (strcmp(argv[a], "--at") == 0 &&
		    (rc = mq_cli_once(&seen, 1, argv[a])) != 0)
			return rc;
		if (strcmp(argv[a], "--json") == 0)
			json = 1;
		else if (strcmp(argv[a], "--at") == 0 && a + 1 < argc) {
			if (mq_cli_parse_long(argv[++a], 1, 1L << 40, &at))
				return mq_cli_usage("--at takes an entry number from 1");
		} else if (strcmp(argv[a], "--at") == 0)	/* the last word */
			return mq_cli_usage("--at needs an entry number");
		else
			return mq_cli_usage("state has no option %s", argv[a]);
	}
	if ((rc = mq_history_open(cli, argv[1], (uint64_t)at, &h, &err)))
		return mq_cli_report(&err);
	g = h.g;
	v = g->kind->view(g->state, MQ_VIEW_ADMIN);
	ev = json ? NULL : g->kind->events(g->state, MQ_VIEW_ADMIN);
	if (!json)
		mq_story_events(g->kind->name, g->gd.json, ev, &b);
	/* NULL: the engine ran out of memory (no half a state printed) */
	if (v == NULL || (!json && (ev == NULL || b.oom)) ||
	    daemon_word(g, v, word, sizeof(word)) != 0 ||
	    json_object_set_new(v, "game", json_string(g->id)) != 0 ||
	    json_object_set_new(v, "seq", json_integer((json_int_t)g->seq)) != 0) {
		mq_fail(&err, MQ_IO, "Out of memory.");
		rc = mq_cli_report(&err);
	} else if (!json) {
		printf("Game %s after entry %llu:\n%s", g->id,
		    (unsigned long long)g->seq, word);
		if (strcmp(g->kind->name, "masquerade") == 0)
			/* the host's: every Mask and hand */
			rc = print_ms_view(g->gd.json, v);
		else {
			print_view_text(v);
			print_secrets_text(v);
		}
		if (b.len)
			printf("\nWhat entry %llu set off:\n%s", (unsigned long long)g->seq,
			    mq_buf_str(&b));
	} else
		print_view(g->gd.json, v, 1);
	/* shown as far as the log is sound; then where it is not */
	if (rc == 0 && (rc = mq_history_damage(&h, (uint64_t)at, &err)) != 0)
		rc = mq_cli_report(&err);
	mq_buf_free(&b);
	json_decref(ev);
	json_decref(v);
	mq_history_close(&h);
	return rc;
}

/* "extend 1d2h30m: why", "replace bob bob@new.example: why", "lang bob ja:
 * ...", "notices bob off: ...": what the action did, and why on the same
 * line (a line break the host typed in it shown as \n: one entry, one
 * line). */
static void
print_admin(const json_t *b)
{
	const char *keys[] = { "player", "email", "lang" };
	json_int_t secs = json_integer_value(json_object_get(b, "seconds"));
	const char *v;
	char *why;
	size_t i, n;

	printf(" %s", (v = json_string_value(json_object_get(b, "action"))) ? v :
	    "?");
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if ((v = json_string_value(json_object_get(b, keys[i]))) != NULL)
			printf(" %s", v);
	if (json_is_boolean(json_object_get(b, "notices")))	/* SET NOTICES */
		printf(" %s", json_is_true(json_object_get(b, "notices")) ? "on" :
		    "off");
	if (secs >= 86400)
		printf(" %lldd", (long long)(secs / 86400));
	if (secs % 86400 >= 3600)
		printf("%s%lldh", secs >= 86400 ? "" : " ",
		    (long long)(secs % 86400 / 3600));
	if (secs % 3600 >= 60)
		printf("%s%lldm", secs >= 3600 ? "" : " ",
		    (long long)(secs % 3600 / 60));
	/* masqued's own (a pause when nobody plays), or a host's default */
	if ((v = json_string_value(json_object_get(b, "by"))) != NULL)
		printf(" (by %s)", v);
	/* each byte at most \xHH: room for all of it, escaped */
	v = json_string_value(json_object_get(b, "why"));
	n = v != NULL ? 4 * strlen(v) + 1 : 1;
	if ((why = malloc(n)) == NULL) {
		printf(": %s", v != NULL ? v : "");
		return;
	}
	snprintf(why, n, "%s", v != NULL ? v : "");
	mq_escape_controls(why, n);
	printf(": %s", why);
	free(why);
}

/*
 * What an end entry says after its winner, as the game reads: a game
 * scored in points (The Masquerade), each player's score, from g's
 * public view over; else (The Red Death) who is alive, as the entry
 * holds. A game ended by the host before a score says no more.
 */
static void
print_end_tail(const json_t *r, const struct mq_game *g)
{
	json_t *v = g != NULL && g->kind->view != NULL ?
	    g->kind->view(g->state, MQ_VIEW_PUBLIC) : NULL;
	const json_t *pl = json_object_get(v, "players"), *p, *c;
	int scored = json_array_size(pl) > 0, lives = 0;
	size_t i;

	json_array_foreach(pl, i, p) {
		scored &= json_is_integer(json_object_get(p, "score"));
		lives |= json_object_get(p, "alive") != NULL;
	}
	if (scored) {
		printf("; scores:");
		json_array_foreach(pl, i, p)
			printf("%s %s %lld", i ? "," : "",
			    json_string_value(json_object_get(p, "name")),
			    json_integer_value(json_object_get(p, "score")));
	} else if (lives || v == NULL) {
		const json_t *alive = json_object_get(r, "alive");

		/* "alive:" and nothing after read as a line cut short */
		if (json_array_size(alive) == 0)
			printf("; nobody survived");
		else
			printf("; alive:");
		json_array_foreach(alive, i, c)
			printf("%s %s", i ? "," : "", json_is_string(c) ?
			    json_string_value(c) : "?");
	}
	json_decref(v);
}

/*
 * The secret commands not yet opened, for a reveal's line: "SEQ/INDEX"
 * (command INDEX of entry SEQ) -> [player, text]. log notes them as it
 * reads the command entries (note_secrets), replay takes them from the
 * game it steps (pend_secrets), whose earlier entries it may not print.
 */
static void
secret_key(char *key, size_t n, json_int_t seq, json_int_t index)
{
	snprintf(key, n, "%lld/%lld", (long long)seq, (long long)index);
}

/* -1 when out of memory. */
static int
note_secrets(json_t *secrets, const json_t *b)
{
	const char *type = json_string_value(json_object_get(b, "type"));
	json_int_t seq = json_integer_value(json_object_get(b, "seq"));
	const json_t *c;
	char key[48];
	size_t i;

	if (type == NULL || strcmp(type, "command") != 0)
		return 0;	/* a timeout's default is public: no secret */
	json_array_foreach(json_object_get(b, "commands"), i, c) {
		if (!json_is_true(json_object_get(c, "secret")))
			continue;
		secret_key(key, sizeof(key), seq, (json_int_t)i);
		if (json_object_set_new(secrets, key, json_pack("[s?, s?]",
		    json_string_value(json_object_get(b, "player")),
		    json_string_value(json_object_get(c, "text")))) != 0)
			return -1;
	}
	return 0;
}

/* -1 when out of memory. */
static int
pend_secrets(json_t *secrets, const struct mq_game *g)
{
	char key[48];
	size_t j;

	json_object_clear(secrets);
	for (j = 0; j < g->npend; j++) {
		secret_key(key, sizeof(key), (json_int_t)g->pend[j].seq,
		    g->pend[j].index);
		if (json_object_set_new(secrets, key, json_pack("[s, s]",
		    g->players[g->pend[j].seat].name, g->pend[j].text)) != 0)
			return -1;
	}
	return 0;
}

/*
 * A reveal's entries, each with whose secret it opens and what it was:
 * "opens 7 (alice's PLAY discuss), 8 (bob's PLAY premonition SLOT 12:00)"
 * (an entry's several: "7 (alice's PLAY x; MOVE cw)"); a host settling a
 * dispute looked each entry up. An item secrets does not hold (a log
 * masqued did not write) is told by its entry's number alone.
 */
static void
print_opens(const json_t *b, json_t *secrets)
{
	const json_t *o, *it, *s;
	const char *who;
	char key[48];
	size_t i, k;
	int n;

	printf(" opens");
	json_array_foreach(json_object_get(b, "opens"), i, o) {
		printf("%s %lld", i ? "," : "", (long long)json_integer_value(o));
		n = 0;
		json_array_foreach(json_object_get(b, "items"), k, it) {
			if (!json_equal(json_array_get(it, 0), (json_t *)o))
				continue;
			secret_key(key, sizeof(key),
			    json_integer_value(json_array_get(it, 0)),
			    json_integer_value(json_array_get(it, 1)));
			if ((s = json_object_get(secrets, key)) == NULL)
				continue;
			who = json_string_value(json_array_get(s, 0));
			if (n++ == 0)
				printf(" (%s's", who != NULL ? who : "?");
			else
				putchar(';');
			printf(" %s", json_string_value(json_array_get(s, 1)) ?
			    json_string_value(json_array_get(s, 1)) : "?");
			json_object_del(secrets, key);	/* opened now */
		}
		if (n > 0)
			putchar(')');
	}
}

/*
 * After a command entry's line, its secret moves a later one of the same
 * seat changed before the reveal (replay.h, the receipt's "changes your
 * move of entry N"): the reveal opens both, and only the later was played.
 * "  (changed at entry 23)"; of an entry of several commands, each named:
 * "  (MOVE stay changed at entry 25; ...)", "changed later in this entry"
 * for a later line of the same mail.
 */
static void
print_changed(const json_t *b, uint64_t seq, const struct mq_change *ch,
    size_t nch)
{
	const json_t *cmds = json_object_get(b, "commands"), *c;
	const struct mq_change *x, *first = NULL;
	size_t i, n = 0;
	int whole = 1;

	json_array_foreach(cmds, i, c) {
		if ((x = mq_game_change_of(ch, nch, seq, (int)i)) == NULL) {
			whole = 0;
			continue;
		}
		if (first == NULL)
			first = x;
		whole &= x->by == first->by && x->by != seq;
		n++;
	}
	if (n == 0)
		return;
	if (whole) {
		printf("  (changed at entry %llu)", (unsigned long long)first->by);
		return;
	}
	n = 0;
	json_array_foreach(cmds, i, c) {
		if ((x = mq_game_change_of(ch, nch, seq, (int)i)) == NULL)
			continue;
		printf("%s%s changed ", n++ ? "; " : "  (",
		    json_string_value(json_object_get(c, "text")) ?
		    json_string_value(json_object_get(c, "text")) : "?");
		if (x->by == seq)
			printf("later in this entry");
		else
			printf("at entry %llu", (unsigned long long)x->by);
	}
	putchar(')');
}

/* What the log's replay kept of the whole log for an entry's line: the
 * changed moves (print_changed), the commands for another moment than
 * their entry's first ("PLAY x (for 8:20)"). */
struct kept {
	const struct mq_change *ch;
	size_t nch;
	const struct mq_for *fo;
	size_t nfo;
};

/* One entry, a line; g: the game as it stands there (an end entry's
 * scores), or NULL; secrets: those a reveal may open (above); k: what the
 * replay of the whole log kept (above), or NULL; prev: the time of the
 * entry before it (when e is dated before it, the clock went back:
 * log.h), or -1 for none. */
static void
print_entry_text(const struct mq_log_entry *e, const struct mq_game *g,
    json_t *secrets, const struct kept *k, long long prev)
{
	const json_t *b = e->body;
	const char *type = json_string_value(json_object_get(b, "type"));
	time_t ts = (time_t)json_integer_value(json_object_get(b, "ts"));
	char when[32];
	json_t *c;
	size_t i;

	strftime(when, sizeof(when), "%Y-%m-%d %H:%M", gmtime(&ts));
	printf("%4llu  %s  %-8s", (unsigned long long)e->seq, when, type);
	if (strcmp(type, "command") == 0 || strcmp(type, "timeout") == 0) {
		const char *why = json_string_value(json_object_get(b, "why"));
		/* a kicked seat's default is played as soon as it is owed, not
		 * at a deadline: "(the deadline: ...)" named one days off */
		int kicked = strcmp(type, "timeout") == 0 && why != NULL &&
		    !json_is_string(json_object_get(b, "by")) &&
		    strcmp(why, MQ_LOG_WHY_KICKED) == 0;

		printf(" %s", json_string_value(json_object_get(b, "player")));
		if (json_is_string(json_object_get(b, "by")))	/* the host's */
			printf(" (by %s)", json_string_value(json_object_get(b, "by")));
		if (kicked)
			printf(" (kicked)");
		putchar(':');
		json_array_foreach(json_object_get(b, "commands"), i, c) {
			const char *f = k == NULL ? NULL : mq_game_for_of(k->fo,
			    k->nfo, e->seq, (int)i);

			printf("%s %s", i ? ";" : "",
			    json_string_value(json_object_get(c, "text")));
			/* a move ended the round, the card is the next's: a
			 * host reads no two moves of one round in it */
			if (f != NULL)
				printf(" (for %s)", f);
		}
		/* no mail of the player's holds it: a dispute turns on that */
		if (strcmp(type, "command") == 0 &&
		    json_object_get(b, "msg") == NULL)
			printf("  (entered by the host: submit)");
		if (strcmp(type, "command") == 0 && k != NULL)
			print_changed(b, e->seq, k->ch, k->nch);
		/* "I moved before the deadline": the one that passed */
		if (strcmp(type, "timeout") == 0 && !kicked &&
		    json_is_integer(json_object_get(b, "deadline"))) {
			char dl[64];

			mq_clock_utc(json_integer_value(json_object_get(b,
			    "deadline")), 1, dl, sizeof(dl));
			printf("  (the deadline: %s)", dl);
		}
	} else if (strcmp(type, "reveal") == 0) {
		print_opens(b, secrets);
	} else if (strcmp(type, "genesis") == 0) {
		printf(" %s, %zu players", json_string_value(json_object_get(b, "kind")),
		    json_array_size(json_object_get(b, "players")));
	} else if (strcmp(type, "admin") == 0) {
		print_admin(b);
	} else if (strcmp(type, "end") == 0) {
		const json_t *r = json_object_get(b, "result");
		const char *w = json_string_value(json_object_get(r, "winner"));

		printf(" %s", w != NULL ? w : "nobody");
		printf(w != NULL ? " wins" : " won");
		if (json_is_string(json_object_get(r, "by")) && strcmp(
		    json_string_value(json_object_get(r, "by")), "host") == 0)
			printf(" (ended by the host)");
		print_end_tail(r, g);
	}
	/* a dispute over a deadline reads these times: the host sees where
	 * the clock went back (the entry was logged as it came) */
	if (prev >= 0 && (long long)ts < prev)
		printf("  (dated before entry %llu: the clock went back)",
		    (unsigned long long)(e->seq - 1));
	putchar('\n');
}

int
mq_cmd_log(struct mq_cli *cli, int argc, char **argv)
{
	const struct mq_log_entry *e;
	struct mq_history h;
	struct mq_err err;
	json_t *secrets;
	struct kept k;
	long long prev = -1;
	int rc, json = argc == 3 && strcmp(argv[2], "--json") == 0;

	if (argc != 2 && !json)
		return mq_cli_usage("log takes GAME|LOGFILE|EXPORT [--json]");
	if ((rc = mq_history_open(cli, argv[1], 0, &h, &err)))
		return mq_cli_report(&err);
	if ((secrets = json_object()) == NULL) {
		mq_history_close(&h);
		mq_fail(&err, MQ_IO, "Out of memory.");
		return mq_cli_report(&err);
	}
	k.ch = h.g->changes;
	k.nch = h.g->nchanges;
	k.fo = h.g->fors;
	k.nfo = h.g->nfors;
	/* the sound entries, then the sentence naming the first bad one */
	mq_logfile_rewind(h.g->lf);
	while ((rc = mq_logfile_next(h.g->lf, &e, &err)) == 0 && e != NULL) {
		if (json)
			printf("%.*s\n", (int)e->body_len, e->line);
		else if (note_secrets(secrets, e->body) != 0) {
			rc = mq_fail(&err, MQ_IO, "Out of memory.");
			break;
		} else
			print_entry_text(e, h.g, secrets, &k, prev);
		prev = json_integer_value(json_object_get(e->body, "ts"));
	}
	if (rc == 0)
		rc = mq_history_damage(&h, 0, &err);
	if (rc)
		rc = mq_cli_report(&err);
	json_decref(secrets);
	mq_history_close(&h);
	return rc;
}

/*
 * replay GAME [--from N] [--to M]: the log told step by step, each entry
 * followed by what it set off (the host's view: secrets included), to
 * settle a dispute; `state GAME --at N` then shows the whole game there.
 */
int
mq_cmd_replay(struct mq_cli *cli, int argc, char **argv)
{
	const struct mq_log_entry *e;
	struct mq_log_entry first;
	struct mq_history h;
	struct mq_game *g;
	struct mq_err err;
	struct mq_buf b = MQ_BUF_INIT;
	json_t *secrets = NULL;
	struct mq_change *ch = NULL;
	struct mq_for *fo = NULL;
	struct kept k = { NULL, 0, NULL, 0 };
	long from = 1, to = 1L << 40;
	unsigned seen = 0;
	int rc = 0, a;

	if (argc < 2)
		return mq_cli_usage("replay takes GAME|LOGFILE|EXPORT [--from SEQ] [--to SEQ]");
	for (a = 2; a < argc; a++) {
		if ((strcmp(argv[a], "--from") == 0 &&
		    (rc = mq_cli_once(&seen, 1, argv[a])) != 0) ||
		    (strcmp(argv[a], "--to") == 0 &&
		    (rc = mq_cli_once(&seen, 2, argv[a])) != 0))
			return rc;
		if (strcmp(argv[a], "--from") == 0 && a + 1 < argc) {
			if (mq_cli_parse_long(argv[++a], 1, 1L << 40, &from))
				return mq_cli_usage("--from takes an entry number from 1");
		} else if (strcmp(argv[a], "--to") == 0 && a + 1 < argc) {
			if (mq_cli_parse_long(argv[++a], 1, 1L << 40, &to))
				return mq_cli_usage("--to takes an entry number from 1");
		} else if (strcmp(argv[a], "--from") == 0 ||
		    strcmp(argv[a], "--to") == 0)	/* the last word */
			return mq_cli_usage("%s needs an entry number", argv[a]);
		else
			return mq_cli_usage("replay has no option %s", argv[a]);
	}
	if (to < from)
		return mq_cli_usage("--to %ld comes before --from %ld", to, from);
	if ((rc = mq_history_open(cli, argv[1], 0, &h, &err)))
		return mq_cli_report(&err);
	g = h.g;
	if ((uint64_t)from > g->seq) {
		/* past the damage (the whole sentence), or past the end */
		if ((rc = mq_history_damage(&h, (uint64_t)from, &err)) == 0)
			rc = mq_fail(&err, MQ_REFUSED, "Game %s has %llu entr%s; "
			    "there is no entry %ld.", g->id,
			    (unsigned long long)g->seq, g->seq == 1 ? "y" : "ies",
			    from);
		goto out;
	}
	/* --to past the end of a sound log: said before a line is printed,
	 * as --from is; a damaged one is shown up to its damage below */
	if ((seen & 2) && (uint64_t)to > g->seq &&
	    mq_history_damage(&h, (uint64_t)to, &err) == 0) {
		rc = mq_fail(&err, MQ_REFUSED, "Game %s has %llu entr%s; "
		    "there is no entry %ld (leave out --to to replay to the "
		    "end).", g->id, (unsigned long long)g->seq,
		    g->seq == 1 ? "y" : "ies", to);
		goto out;
	}
	/* the changes of the whole log, which an entry's line tells before
	 * the replay reaches the entry that changed it */
	if (g->nchanges > 0 && (ch = malloc(g->nchanges * sizeof(*ch))) ==
	    NULL) {
		rc = mq_fail(&err, MQ_IO, "Out of memory.");
		goto out;
	}
	if (g->nchanges > 0)
		memcpy(ch, g->changes, g->nchanges * sizeof(*ch));
	/* and the commands for another moment than their entry's first */
	if (g->nfors > 0 && (fo = malloc(g->nfors * sizeof(*fo))) == NULL) {
		rc = mq_fail(&err, MQ_IO, "Out of memory.");
		goto out;
	}
	if (g->nfors > 0)
		memcpy(fo, g->fors, g->nfors * sizeof(*fo));
	k.ch = ch;
	k.nch = g->nchanges;
	k.fo = fo;
	k.nfo = g->nfors;
	/* again, as it stood just before --from (the genesis is entry 1) */
	if ((rc = mq_history_reopen(&h, from > 1 ? (uint64_t)from - 1 : 1,
	    &err)))
		goto out;
	g = h.g;
	if ((secrets = json_object()) == NULL) {
		rc = mq_fail(&err, MQ_IO, "Out of memory.");
		goto out;
	}
	if (from == 1) {
		memset(&first, 0, sizeof(first));
		first.seq = 1;
		first.body = g->genesis;
		print_entry_text(&first, NULL, NULL, NULL, -1);
	}
	while ((rc = mq_game_peek(g, &e, &err)) == 0 && e != NULL &&
	    e->seq <= (uint64_t)to) {
		if (pend_secrets(secrets, g) != 0) {
			rc = mq_fail(&err, MQ_IO, "Out of memory.");
			break;
		}
		print_entry_text(e, g, secrets, &k,
		    g->seq > 0 ? g->last_ts : -1);
		mq_game_journal_start(g);
		if ((rc = mq_game_step(g, &err)) < 0) {
			rc = -rc;
			break;
		}
		rc = 0;
		mq_buf_reset(&b);
		mq_story_events(g->kind->name, g->gd.json, g->journal_admin, &b);
		if (g->journal_lost || b.oom) {	/* no story with a part missing */
			rc = mq_fail(&err, MQ_IO, "Out of memory.");
			break;
		}
		for (const char *l = mq_buf_str(&b), *nl; *l; l = nl + 1) {
			int len;

			nl = strchr(l, '\n');
			len = (int)(nl ? nl - l : (long)strlen(l));
			if (len > 0)	/* the story's blank lines: not here */
				printf("        %.*s\n", len, l);
			if (nl == NULL)
				break;
		}
	}
	mq_game_journal_stop(g);
	/* told as far as the log is sound; then where it is not */
	if (rc == 0)
		rc = mq_history_damage(&h, (uint64_t)to, &err);
out:
	if (rc)
		rc = mq_cli_report(&err);
	json_decref(secrets);
	free(ch);
	free(fo);
	mq_buf_free(&b);
	mq_history_close(&h);
	return rc;
}

int
mq_cmd_export(struct mq_cli *cli, int argc, char **argv)
{
	struct mq_store s;
	struct mq_game *g;
	struct mq_err err;
	char *out = NULL;
	int rc;

	if (argc != 2)
		return mq_cli_usage("export takes GAME");
	if ((rc = open_game(cli, argv[1], 0, &s, &g, &err)))
		return mq_cli_report(&err);
	if (!mq_game_over(g))
		rc = mq_fail(&err, MQ_REFUSED, "Game %s is not over yet; its secrets "
		    "stay sealed until it ends.", g->id);
	else if (g->end_seq == 0)
		/* a crash between its last mails and its end entry: serve's
		 * scan as it starts logs it (game_end.c), and an export
		 * without it would not verify */
		rc = mq_fail(&err, MQ_REFUSED, "Game %s is over, but the entry "
		    "saying how it ended is not logged yet (a crash came "
		    "between); masqued serve logs it as it starts, and then "
		    "the game can be exported.", g->id);
	else {
		mq_logfile_rewind(g->lf);
		rc = mq_logfile_export(g->lf, g->gd.json, &out, &err);
	}
	if (rc)
		rc = mq_cli_report(&err);
	else
		printf("%s\n", out);
	free(out);
	mq_game_close(g);
	mq_store_close(&s);
	return rc;
}
