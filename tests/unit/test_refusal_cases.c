/*
 * test_refusal_cases.c - every refusal a player can get from a game, word
 * for word, from a table: tests/data/refusals/GAME.txt.
 *
 * A case sets a game up (players, a seed, options), reaches a state by
 * lines that must be accepted, or by the careful bots playing until a
 * seat owes something, then sends a bad line and wants one exact English
 * sentence back. The state must be byte for byte as before, and the ja and
 * zh catalogs must translate the sentence as filled in (a player's; a
 * refused setup is the host's, in English). The table's lines:
 *
 *	# a comment			(and blank lines)
 *	case NAME			a new case: 4 players, seed 1, no options
 *	players N | seed BYTE | options JSON | names A B C ...
 *	setup				set the game up now (a refused setup: want)
 *	do SEAT LINE			a line that must be accepted
 *	bots until SEAT owes WORD	the bots play until SEAT owes WORD
 *	bots until over | bots until SEAT dead
 *	bots N until GOAL		the N-th time GOAL holds (left between)
 *	hand SEAT CARD ...		(game's own) force a seat's hand
 *	personality SEAT CARD		(the Red Death) deal it this card
 *	send SEAT LINE			the bad line
 *	want SENTENCE			the sentence it gets, exactly
 *
 * SEAT is a player's name. A case may send and want more than once; each
 * want checks the send before it (or the refused setup).
 *
 * The sentences only parse() and apply() can give, not through the
 * command language (a hand-made command: a bot's, a replayed log's), are
 * checked apart, below the table's cases.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "err.h"
#include "buf.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "engine/redmasque/redmasque.h"
#include "engine/redmasque/rm.h"
#include "engine/masquerade/masquerade.h"
#include "engine/masquerade/ms.h"
#include "refusal_example.h"

#define MAXLINE	2048

struct table {
	const char *game;
	const struct mq_game_kind *kind;
	size_t state_size;
	/* A directive of this game's own (hand ...); 0 when done. */
	int (*own)(void *st, int seat, const char *verb, char *rest);
	void *data;
};

struct run {
	const struct table *t;
	char name[96];
	int line;
	int nplayers, seedbyte;
	char names[MQ_MAX_PLAYERS][64];	/* room for a name too long */
	char options[512];
	void *st;
	int setup_done, setup_rc;
	struct mq_err setup_err;
	int sent;		/* a send waits for its want */
	int rc;
	struct mq_err err;
	int ncases, nwants, mismatches;
};

static const char *const default_names[MQ_MAX_PLAYERS] = {
	"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi",
};

#define where(r)	(r)->t->game, (r)->line, (r)->name

static void
case_reset(struct run *r)
{
	int i;

	if (r->st != NULL)
		r->t->kind->free_state(r->st);
	r->st = NULL;
	r->nplayers = 4;
	r->seedbyte = 1;
	r->options[0] = '\0';
	for (i = 0; i < MQ_MAX_PLAYERS; i++)
		snprintf(r->names[i], sizeof(r->names[i]), "%s", default_names[i]);
	r->setup_done = 0;
	r->sent = 0;
}

static void
do_setup(struct run *r)
{
	struct mq_setup s;
	json_t *opts = NULL;
	int i;

	if (r->setup_done)
		return;
	memset(&s, 0, sizeof(s));
	s.nplayers = r->nplayers;
	for (i = 0; i < r->nplayers; i++)
		s.names[i] = r->names[i];
	memset(s.seed, r->seedbyte, sizeof(s.seed));
	if (r->options[0] != '\0' &&
	    (opts = json_loads(r->options, JSON_DECODE_ANY, NULL)) == NULL)
		fail_msg("%s:%d (%s): options are not JSON", where(r));
	s.options = opts;
	mq_err_clear(&r->setup_err);
	r->setup_rc = r->t->kind->setup(r->t->data, &s, &r->st,
	    &r->setup_err);
	json_decref(opts);
	r->setup_done = 1;
}

static void *
ready(struct run *r)
{
	do_setup(r);
	if (r->setup_rc != 0)
		fail_msg("%s:%d (%s): setup refused: %s", where(r),
		    r->setup_err.msg);
	return r->st;
}

static int
seat_of(struct run *r, const char *name)
{
	int i;

	for (i = 0; i < r->nplayers; i++)
		if (strcmp(r->names[i], name) == 0)
			return i;
	fail_msg("%s:%d (%s): no seat \"%s\"", where(r), name);
	return -1;
}

/* Cut "WORD rest" at the first space: the rest, or "" when none. */
static char *
cut(char *s)
{
	char *sp = strchr(s, ' ');

	if (sp == NULL)
		return s + strlen(s);
	*sp++ = '\0';
	return sp;
}

static int
try_line(struct run *r, int seat, const char *line, struct mq_err *err)
{
	const struct mq_game_kind *k = r->t->kind;
	struct mq_cmd cmd;
	int rc;

	mq_err_clear(err);
	memset(&cmd, 0, sizeof(cmd));
	if ((rc = k->parse(r->st, seat, line, &cmd, err)) != 0 ||
	    (k->sent_ok != NULL && (rc = k->sent_ok(r->st, seat, &cmd,
	    err)) != 0))
		return rc;
	return k->apply(r->st, seat, &cmd, err);
}

/* Whether the goal of "bots until GOAL" holds. */
static int
reached(struct run *r, const char *goal)
{
	const struct mq_game_kind *k = r->t->kind;
	char buf[64], *what;
	const char *owes;
	unsigned alive = 0;
	int seat;

	if (strcmp(goal, "over") == 0)
		return k->is_over(r->st);
	snprintf(buf, sizeof(buf), "%s", goal);
	what = cut(buf);
	seat = seat_of(r, buf);
	if (strcmp(what, "dead") == 0) {
		k->result(r->st, &alive);
		return !(alive & (1u << seat));
	}
	if (strncmp(what, "owes ", 5) == 0)
		return (owes = k->owes(r->st, seat)) != NULL &&
		    strcmp(owes, what + 5) == 0;
	fail_msg("%s:%d (%s): bots until what? \"%s\"", where(r), goal);
	return 0;
}

/* The careful bots play, seat by seat, command by command, until whether
 * goal holds is want. */
static void
play_until(struct run *r, struct mq_rng *rng, const char *goal, int want)
{
	const struct mq_game_kind *k = r->t->kind;
	struct mq_cmd cmds[4];
	struct mq_err err;
	int seat, n, i, progress, guard = 0;

	while (reached(r, goal) != want) {
		if (k->is_over(r->st) || ++guard > 10000)
			fail_msg("%s:%d (%s): the game never reached \"%s\"",
			    where(r), goal);
		progress = 0;
		for (seat = 0; seat < r->nplayers; seat++) {
			n = k->bot(r->st, seat, 1, &rng[seat], cmds, 4);
			for (i = 0; i < n; i++) {
				mq_err_clear(&err);
				if (k->apply(r->st, seat, &cmds[i], &err) != 0)
					fail_msg("%s:%d (%s): a bot's command "
					    "was refused: %s", where(r), err.msg);
				progress = 1;
				if (reached(r, goal) == want)
					return;
			}
		}
		if (!progress)
			fail_msg("%s:%d (%s): the bots are stuck before \"%s\"",
			    where(r), goal);
	}
}

/* The bots play until goal holds for the times-th time (leaving it in
 * between: "bots 12 until alice owes move" is round 12's moves). */
static void
bots_until(struct run *r, int times, const char *goal)
{
	struct mq_rng rng[MQ_MAX_PLAYERS];
	uint8_t seed[32];
	int seat, i;

	ready(r);
	memset(seed, r->seedbyte, sizeof(seed));
	for (seat = 0; seat < r->nplayers; seat++)
		mq_rng_open_cheap(&rng[seat], seed, seat);
	for (i = 1; i <= times; i++) {
		if (i > 1)
			play_until(r, rng, goal, 0);
		play_until(r, rng, goal, 1);
	}
}

/* The bad line: refused, and the state as it was, byte for byte. */
static void
send_bad(struct run *r, int seat, const char *line)
{
	void *before = r->t->kind->clone(ready(r));

	assert_non_null(before);
	r->rc = try_line(r, seat, line, &r->err);
	if (r->rc == 0)
		fail_msg("%s:%d (%s): \"%s\" was accepted", where(r), line);
	if (r->rc != MQ_REFUSED)
		fail_msg("%s:%d (%s): \"%s\": status %d, not refused: %s",
		    where(r), line, r->rc, r->err.msg);
	if (memcmp(before, r->st, r->t->state_size) != 0)
		fail_msg("%s:%d (%s): \"%s\" was refused but changed the game",
		    where(r), line);
	r->t->kind->free_state(before);
	r->sent = 1;
}

static void
want(struct run *r, const char *sentence)
{
	const char *got = "";
	char *t;

	if (r->sent)
		got = r->err.msg;
	else if (r->setup_done && r->setup_rc != 0)
		got = r->setup_err.msg;
	else
		fail_msg("%s:%d (%s): want without a refusal before it",
		    where(r));
	/* REFUSAL_CASES_SHOW=1: list each mismatch and go on (writing a
	 * table); the test fails all the same at its end. */
	if (strcmp(got, sentence) != 0 && getenv("REFUSAL_CASES_SHOW")) {
		print_message("%s:%d (%s):\n  got  %s\n", where(r), got);
		r->mismatches++;
	} else if (strcmp(got, sentence) != 0)
		fail_msg("%s:%d (%s):\n  got  \"%s\"\n  want \"%s\"", where(r),
		    got, sentence);
	/* A refused setup is the host's (new, on stderr, in English). */
	if (r->sent) {
		t = refusal_in("ja", got);
		free(t);
		t = refusal_in("zh", got);
		free(t);
	}
	r->sent = 0;
	r->nwants++;
}

static void
directive(struct run *r, char *text)
{
	char *rest = cut(text), *line;
	int seat;

	if (strcmp(text, "case") == 0) {
		if (r->sent)
			fail_msg("%s:%d (%s): a send without its want",
			    where(r));
		case_reset(r);
		snprintf(r->name, sizeof(r->name), "%s", rest);
		r->ncases++;
	} else if (strcmp(text, "players") == 0) {
		r->nplayers = atoi(rest);
	} else if (strcmp(text, "seed") == 0) {
		r->seedbyte = atoi(rest);
	} else if (strcmp(text, "options") == 0) {
		snprintf(r->options, sizeof(r->options), "%s", rest);
	} else if (strcmp(text, "names") == 0) {
		for (seat = 0; *rest != '\0' && seat < MQ_MAX_PLAYERS; seat++) {
			line = cut(rest);
			snprintf(r->names[seat], sizeof(r->names[seat]), "%s",
			    rest);
			rest = line;
		}
		r->nplayers = seat;
	} else if (strcmp(text, "setup") == 0) {
		do_setup(r);
	} else if (strcmp(text, "do") == 0) {
		line = cut(rest);
		seat = seat_of(r, rest);
		ready(r);
		if (try_line(r, seat, line, &r->err) != 0)
			fail_msg("%s:%d (%s): %s \"%s\" refused: %s", where(r),
			    rest, line, r->err.msg);
	} else if (strcmp(text, "bots") == 0) {
		line = rest;
		if (strncmp(line, "until ", 6) != 0)
			line = cut(rest);	/* "bots N until ..." */
		if (strncmp(line, "until ", 6) != 0)
			fail_msg("%s:%d (%s): bots [N] until ...", where(r));
		bots_until(r, line == rest ? 1 : atoi(rest), line + 6);
	} else if (strcmp(text, "send") == 0) {
		line = cut(rest);
		send_bad(r, seat_of(r, rest), line);
	} else if (strcmp(text, "want") == 0) {
		want(r, rest);
	} else {
		line = cut(rest);
		seat = seat_of(r, rest);
		if (r->t->own == NULL || r->t->own(ready(r), seat, text,
		    line) != 0)
			fail_msg("%s:%d (%s): unknown line \"%s\"", where(r),
			    text);
	}
}

static void
run_table(const struct table *t, int min_wants)
{
	char path[256], buf[MAXLINE], *s, *e;
	struct run r;
	json_error_t je;
	json_t *j;
	struct mq_err err;
	FILE *f;

	memset(&r, 0, sizeof(r));
	r.t = t;
	j = json_load_file(t->game[0] == 'r' ? "config/games/redmasque.json" :
	    "config/games/masquerade.json", JSON_REJECT_DUPLICATES, &je);
	assert_non_null(j);
	mq_err_clear(&err);
	if (t->kind->load_data(j, &((struct table *)t)->data, &err) != 0)
		fail_msg("%s: %s", t->game, err.msg);
	json_decref(j);
	snprintf(path, sizeof(path), "tests/data/refusals/%s.txt", t->game);
	if ((f = fopen(path, "r")) == NULL)
		fail_msg("cannot read %s", path);
	case_reset(&r);
	while (fgets(buf, sizeof(buf), f) != NULL) {
		r.line++;
		for (s = buf; *s == ' ' || *s == '\t'; s++)
			;
		e = s + strlen(s);
		while (e > s && (e[-1] == '\n' || e[-1] == '\r' ||
		    e[-1] == ' ' || e[-1] == '\t'))
			*--e = '\0';
		if (*s == '\0' || *s == '#')
			continue;
		directive(&r, s);
	}
	fclose(f);
	if (r.sent)
		fail_msg("%s: the last send has no want", t->game);
	case_reset(&r);
	t->kind->free_state(r.st);
	t->kind->free_data(t->data);
	print_message("%s: %d cases, %d sentences\n", t->game, r.ncases,
	    r.nwants);
	assert_int_equal(r.mismatches, 0);
	/* A table cut short (a bad merge) should not pass quietly. */
	assert_true(r.nwants >= min_wants);
}

/* --- The Masque of the Red Death --- */

/* "hand SEAT card ...": the seat holds exactly these action cards, the
 * others of its set in its discard pile. */
static int
rm_own(void *state, int seat, const char *verb, char *rest)
{
	struct rm_state *st = state;
	struct rm_player *pl = &st->p[seat];
	unsigned all = pl->hand | pl->discards, hand = 0;
	char *next;
	int c;

	if (strcmp(verb, "personality") == 0) {
		if ((c = rm_card_find(st->data, rest)) < 0 ||
		    !st->data->card[c].personality)
			fail_msg("personality: %s is not one", rest);
		pl->hand &= ~(1u << pl->personality);
		pl->discards &= ~(1u << pl->personality);
		pl->personality = (uint8_t)c;
		pl->hand |= 1u << c;
		return 0;
	}
	if (strcmp(verb, "hand") != 0)
		return -1;
	for (; *rest != '\0'; rest = next) {
		next = cut(rest);
		if ((c = rm_card_find(st->data, rest)) < 0 ||
		    !(all & (1u << c)))
			fail_msg("hand: %s is not %s's card", rest, pl->name);
		hand |= 1u << c;
	}
	pl->hand = hand;
	pl->discards = all & ~hand;
	return 0;
}

static void
redmasque_cases(void **state)
{
	static struct table t = {
		"redmasque", &mq_redmasque_kind, sizeof(struct rm_state),
		rm_own, NULL,
	};

	(void)state;
	run_table(&t, 60);
}

/* --- The Masquerade --- */

/* "hand SEAT spell ...": the seat holds exactly these Spells (a name once
 * per card), the rest back in the deck. */
static int
ms_own(void *state, int seat, const char *verb, char *rest)
{
	struct ms_state *st = state;
	struct ms_player *pl = &st->p[seat];
	char *next, id[64];
	int k, i, o;

	if (strcmp(verb, "hand") != 0)
		return -1;
	for (k = 0; k < MS_SPELLS; k++)
		while (pl->hand[k] > 0) {
			memmove(&st->deck[1], &st->deck[0], (size_t)st->deck_n);
			st->deck[0] = (uint8_t)k;
			st->deck_n++;
			pl->hand[k]--;
		}
	for (; *rest != '\0'; rest = next) {
		next = cut(rest);
		snprintf(id, sizeof(id), "SP_%s", rest);
		if ((k = ms_find_spell(st->data, id)) < 0)
			fail_msg("hand: no Spell %s", rest);
		for (i = st->deck_n - 1; i >= 0 && st->deck[i] != k; i--)
			;
		/* none left in the deck: another seat's, who takes the
		 * deck's top card for it (every card still counted once) */
		for (o = 0; i < 0 && o < st->nplayers; o++)
			if (o != seat && st->p[o].hand[k] > 0 && st->deck_n > 0) {
				st->p[o].hand[k]--;
				st->p[o].hand[st->deck[st->deck_n - 1]]++;
				st->deck[st->deck_n - 1] = (uint8_t)k;
				i = st->deck_n - 1;
			}
		if (i < 0)
			fail_msg("hand: no %s left to give", rest);
		memmove(&st->deck[i], &st->deck[i + 1],
		    (size_t)(st->deck_n - i - 1));
		st->deck_n--;
		pl->hand[k]++;
	}
	return 0;
}

static void
masquerade_cases(void **state)
{
	static struct table t = {
		"masquerade", &mq_masquerade_kind, sizeof(struct ms_state),
		ms_own, NULL,
	};

	(void)state;
	run_table(&t, 40);
}

/* --- commands that never come through parse() --- */

/*
 * apply() checks again what parse() guarantees, for a command made by
 * hand (a bot's, a replayed log's): such a command is refused with its
 * exact sentence, and changes nothing. No line a player sends reaches
 * these sentences; they are checked here, apart from the tables.
 */
static void
made_refused(struct run *r, int seat, const struct mq_cmd *cmd,
    const char *sentence)
{
	void *before = r->t->kind->clone(ready(r));
	struct mq_err err;
	char *t;

	assert_non_null(before);
	mq_err_clear(&err);
	if (r->t->kind->apply(r->st, seat, cmd, &err) != MQ_REFUSED)
		fail_msg("%s (%s): a made command was not refused", r->t->game,
		    r->name);
	if (strcmp(err.msg, sentence) != 0)
		fail_msg("%s (%s):\n  got  \"%s\"\n  want \"%s\"", r->t->game,
		    r->name, err.msg, sentence);
	if (memcmp(before, r->st, r->t->state_size) != 0)
		fail_msg("%s (%s): refused but changed the game", r->t->game,
		    r->name);
	r->t->kind->free_state(before);
	t = refusal_in("ja", err.msg);
	free(t);
	t = refusal_in("zh", err.msg);
	free(t);
}

static void
made_start(struct run *r, struct table *t, const char *name, void *data)
{
	memset(r, 0, sizeof(*r));
	t->data = data;
	r->t = t;
	case_reset(r);
	snprintf(r->name, sizeof(r->name), "%s", name);
}

static void *
load_shipped(const struct mq_game_kind *kind, const char *path)
{
	json_error_t je;
	struct mq_err err;
	json_t *j = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	void *d = NULL;

	assert_non_null(j);
	mq_err_clear(&err);
	if (kind->load_data(j, &d, &err) != 0)
		fail_msg("%s: %s", path, err.msg);
	json_decref(j);
	return d;
}

static void
redmasque_made_commands(void **state)
{
	static struct table t = {
		"redmasque", &mq_redmasque_kind, sizeof(struct rm_state),
		rm_own, NULL,
	};
	void *data = load_shipped(&mq_redmasque_kind,
	    "config/games/redmasque.json");
	struct mq_cmd cmd;
	struct rm_cmd *c = rm_cmd_of(&cmd);
	struct run r;

	(void)state;
	made_start(&r, &t, "made commands", data);
	bots_until(&r, 1, "alice owes act");
#define FRESH(ty)	(memset(&cmd, 0, sizeof(cmd)), c->type = (ty))
	FRESH(RM_C_STATUS);
	made_refused(&r, 9, &cmd, "There is no player in seat 9.");
	FRESH(0);
	made_refused(&r, 0, &cmd, "That command is not understood; the "
	    "commands are PLAY, MOVE, PLAN, PLACE, STATUS and HELP.");
	FRESH(RM_C_PLAY);
	c->pick.card = 40;
	made_refused(&r, 0, &cmd, "That PLAY is malformed; send PLAY, a card, "
	    "then TARGET, SLOT or RECOVER.");
	FRESH(RM_C_PLAY);
	c->pick.card = (uint8_t)rm_card_find(t.data, "mock");
	c->pick.ntargets = 1;
	c->pick.targets[0] = 6;
	made_refused(&r, 0, &cmd, "TARGET names a seat that is not in this "
	    "game.");
	c->pick.targets[0] = 0;
	made_refused(&r, 0, &cmd, "You cannot target yourself; name another "
	    "player after TARGET.");
	c->pick.ntargets = 2;
	c->pick.targets[0] = c->pick.targets[1] = 1;
	made_refused(&r, 0, &cmd, "TARGET names bob twice.");
	FRESH(RM_C_PLAY);
	c->pick.card = (uint8_t)rm_card_find(t.data, "flirt");
	c->pick.nslots = 1;
	c->pick.slots[0] = RM_TIMES;
	made_refused(&r, 0, &cmd, "SLOT takes 12:00, 12:10, 12:20, 12:30, "
	    "12:40 or 12:50.");
	FRESH(RM_C_PLAY);
	c->pick.card = (uint8_t)rm_card_find(t.data, "encore");
	c->pick.nrecover = 1;
	c->pick.recover[0] = 40;
	made_refused(&r, 0, &cmd, "RECOVER names a card that is not in the "
	    "game.");
	FRESH(RM_C_MOVE);
	made_refused(&r, 0, &cmd, "MOVE takes one to three directions: cw, "
	    "ccw or stay.");
	c->nsteps = 1;
	c->steps[0] = 2;
	made_refused(&r, 0, &cmd, "MOVE takes cw, ccw or stay.");
	FRESH(RM_C_PLAN);
	c->plan_mask = 1;
	c->plan[0] = -2;
	made_refused(&r, 0, &cmd, "A plan holds cw, ccw or stay for each time.");
	FRESH(RM_C_PLACE);
	c->room = RM_ROOMS;
	made_refused(&r, 0, &cmd, "PLACE needs one of the seven rooms.");
#undef FRESH
	case_reset(&r);
	mq_redmasque_kind.free_data(data);
}

static void
masquerade_made_commands(void **state)
{
	static struct table t = {
		"masquerade", &mq_masquerade_kind, sizeof(struct ms_state),
		ms_own, NULL,
	};
	static const struct {
		const char *goal;
		int type;
		const char *sentence;
	} owed[] = {
		{ "carol owes dancer", MS_C_DANCER, "DANCER needs a Dancer's name." },
		{ "alice owes stage", MS_C_STAGE, "STAGE needs a Stage's name." },
		{ "alice owes event", MS_C_EVENT, "EVENT needs an Event's name." },
		{ "alice owes order", MS_C_ORDER, "ORDER takes a number from 1 to 5." },
		{ "alice owes spell", MS_C_PLAY, "PLAY needs the name of a Spell." },
		{ "carol owes challenge", MS_C_CHALLENGE,
		    "CHALLENGE needs another player's name." },
		{ "bob owes swap", MS_C_SWAP,
		    "SWAP needs a player's name and a set-aside Dancer." },
	};
	void *data = load_shipped(&mq_masquerade_kind,
	    "config/games/masquerade.json");
	struct mq_cmd cmd;
	struct ms_cmd *c = ms_cmd_of(&cmd);
	struct run r;
	char who[16];
	size_t i;

	(void)state;
	made_start(&r, &t, "made commands", data);
	memset(&cmd, 0, sizeof(cmd));
	c->type = MS_C_STATUS;
	made_refused(&r, 9, &cmd, "There is no player in seat 9.");
	c->type = 99;
	made_refused(&r, 0, &cmd, "That command is not understood.");
	/* each in the state that owes it, so that only the value is wrong;
	 * the seed-1 bots of the table reach each (masquerade.txt) */
	for (i = 0; i < sizeof(owed) / sizeof(owed[0]); i++) {
		case_reset(&r);
		snprintf(r.name, sizeof(r.name), "%s", owed[i].goal);
		bots_until(&r, 1, owed[i].goal);
		memset(&cmd, 0, sizeof(cmd));
		c->type = (uint8_t)owed[i].type;
		c->card = c->target = c->card2 = -1;
		if (owed[i].type == MS_C_ORDER)
			c->card = 0;
		sscanf(owed[i].goal, "%15s", who);	/* the seat that owes */
		made_refused(&r, seat_of(&r, who), &cmd, owed[i].sentence);
	}
	case_reset(&r);
	mq_masquerade_kind.free_data(data);
}

/* --- the host's data file --- */

/*
 * The node at path ("action_cards[3].effects[0].op": keys and [indexes])
 * in root: its parent and, for the last step, its key or index. A step
 * that is not there fails the test.
 */
static json_t *
parent_of(json_t *root, const char *path, char *key, size_t keysz,
    long *index)
{
	json_t *node = root;
	const char *p = path;
	size_t n;

	for (;;) {
		*index = -1;
		if (*p == '[') {
			*index = strtol(p + 1, NULL, 10);
			p = strchr(p, ']') + 1;
		} else {
			n = strcspn(p, ".[");
			snprintf(key, keysz, "%.*s", (int)n, p);
			p += n;
		}
		if (*p == '.')
			p++;
		if (*p == '\0')
			return node;
		node = *index >= 0 ? json_array_get(node, (size_t)*index) :
		    json_object_get(node, key);
		if (node == NULL)
			fail_msg("data: no %s", path);
	}
}

/*
 * tests/data/refusals/GAME_data.txt: cases of a changed copy of the
 * shipped config/games/GAME.json, each refused whole by load_data with one
 * exact sentence naming the key:
 *
 *	case NAME		a fresh copy of the shipped file
 *	set PATH JSON		PATH's value becomes JSON (added if missing)
 *	delete PATH		PATH is taken out
 *	want SENTENCE		load_data refuses with it
 */
static void
run_data_table(const struct mq_game_kind *kind, const char *game, int min)
{
	char path[256], buf[MAXLINE], key[128], *s, *e, *rest;
	json_t *shipped, *j = NULL, *parent, *v;
	json_error_t je;
	struct mq_err err;
	void *data;
	long index;
	int line = 0, nwants = 0;
	FILE *f;

	snprintf(path, sizeof(path), "config/games/%s.json", game);
	shipped = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	assert_non_null(shipped);
	snprintf(path, sizeof(path), "tests/data/refusals/%s_data.txt", game);
	if ((f = fopen(path, "r")) == NULL)
		fail_msg("cannot read %s", path);
	while (fgets(buf, sizeof(buf), f) != NULL) {
		line++;
		for (s = buf; *s == ' ' || *s == '\t'; s++)
			;
		e = s + strlen(s);
		while (e > s && (e[-1] == '\n' || e[-1] == ' '))
			*--e = '\0';
		if (*s == '\0' || *s == '#')
			continue;
		rest = cut(s);
		if (strcmp(s, "case") == 0) {
			json_decref(j);
			j = json_deep_copy(shipped);
			continue;
		}
		if (j == NULL)
			fail_msg("%s:%d: a line before the first case", path, line);
		if (strcmp(s, "want") == 0) {
			mq_err_clear(&err);
			data = NULL;
			if (kind->load_data(j, &data, &err) == 0) {
				kind->free_data(data);
				fail_msg("%s:%d: the data was accepted", path, line);
			}
			if (strcmp(err.msg, rest) != 0)
				fail_msg("%s:%d:\n  got  \"%s\"\n  want \"%s\"",
				    path, line, err.msg, rest);
			nwants++;
			continue;
		}
		e = cut(rest);	/* rest: the path; e: the JSON, if any */
		parent = parent_of(j, rest, key, sizeof(key), &index);
		if (strcmp(s, "delete") == 0) {
			if ((index >= 0 ? json_array_remove(parent,
			    (size_t)index) : json_object_del(parent, key)) != 0)
				fail_msg("%s:%d: no %s to delete", path, line,
				    rest);
		} else if (strcmp(s, "set") == 0) {
			if ((v = json_loads(e, JSON_DECODE_ANY, &je)) == NULL)
				fail_msg("%s:%d: not JSON: %s", path, line, e);
			if ((index >= 0 ? json_array_set_new(parent,
			    (size_t)index, v) : json_object_set_new(parent, key,
			    v)) != 0)
				fail_msg("%s:%d: cannot set %s", path, line, rest);
		} else
			fail_msg("%s:%d: unknown line \"%s\"", path, line, s);
	}
	fclose(f);
	json_decref(j);
	json_decref(shipped);
	print_message("%s data: %d sentences\n", game, nwants);
	assert_true(nwants >= min);
}

static void
redmasque_data_cases(void **state)
{
	(void)state;
	run_data_table(&mq_redmasque_kind, "redmasque", 20);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(redmasque_cases),
		cmocka_unit_test(masquerade_cases),
		cmocka_unit_test(redmasque_made_commands),
		cmocka_unit_test(masquerade_made_commands),
		cmocka_unit_test(redmasque_data_cases),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
