/*
 * game.h - the interface every game offers the rest of masqued.
 *
 * A game is pure and deterministic: state = fold(apply, setup(data, players,
 * seed), commands). No I/O, no clock, no globals. The same calls always give
 * the same bytes. One apply() serves bots, benchmarks, `submit` and the
 * daemon, so no rule exists twice.
 */
#ifndef MQ_GAME_H
#define MQ_GAME_H

/* follows' answer for a line not applied, as it is needed no more */
#define MQ_LINE_MOOT 5

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "err.h"
#include "buf.h"
#include "engine/rng.h"

#define MQ_VIEW_PUBLIC	(-1)
#define MQ_VIEW_ADMIN	(-2)
#define MQ_MAX_PLAYERS	8
#define MQ_NAME_MAX	21	/* [a-z0-9_-]{1,20} plus NUL */

/* One parsed command, opaque outside its game. */
struct mq_cmd {
	union {
		max_align_t align;
		unsigned char bytes[64];
	} u;
};

/* What a command decides, so the log can reveal secrets when it resolves. */
struct mq_decision {
	char key[16];		/* e.g. "act:3", "move:3", "plan", "place" */
};

struct mq_setup {
	int nplayers;
	const char *names[MQ_MAX_PLAYERS];
	const json_t *options;	/* object of game options, may be NULL */
	uint8_t seed[32];
};

enum mq_line_kind {
	MQ_LINE_PROSE,		/* no command: noted, not refused */
	MQ_LINE_COMMAND,	/* refused, and the lines after it wait */
	MQ_LINE_DOUBT,		/* refused, and the lines after it go on */
};

struct mq_game_kind {
	const char *name;
	/* 1 when its mails and templates exist: only then can `new` make one
	 * (a game that cannot be mailed would strand its players). */
	int by_mail;
	/* 1 when some of its moves are made in secret, each committed to and
	 * opened when its phase resolves (the others are told of each
	 * commitment: a player's SET NOTICES has something to turn off). */
	int has_secrets;
	/* 1 when a player may die (result's alive can lose a seat): only then
	 * does a game nobody survived mean anything (sim's count of them). */
	int players_die;
	/* Validate and compile the game's data file; errors name the key. */
	int (*load_data)(const json_t *json, void **data, struct mq_err *err);
	void (*free_data)(void *data);
	int (*setup)(const void *data, const struct mq_setup *s, void **state,
	    struct mq_err *err);
	/* A new game's player name that the command language could not
	 * tell from one of its words (The Red Death reads the names after
	 * TARGET up to its next keyword): MQ_REFUSED with the sentence. Only
	 * for a game being made, never on replay (an old game keeps its
	 * names); NULL when any name will do. */
	int (*name_ok)(const void *data, const char *name, struct mq_err *err);
	void *(*clone)(const void *state);
	void (*free_state)(void *state);
	/* What a line the game refused is (enum mq_line_kind): a command
	 * the player meant, whose refusal the lines after it in the same
	 * mail may count on (the daemon applies none of them); prose (a
	 * greeting, a sign-off), only noted; or a doubt, a command word in
	 * a sentence ("Play nice"): refused with its why, and the lines
	 * after it go on. NULL: every line is a command. */
	int (*names_command)(const void *state, const char *line);
	/* A line names_command read as prose that holds a command after its
	 * first word ("i'll play discuss this time"): into meant (n bytes),
	 * that command as the player may send it alone ("PLAY discuss"); 1,
	 * or 0 when none (mq_line_inner_command). NULL: never. */
	int (*inner_command)(const void *state, const char *line, char *meant,
	    size_t n);
	/* One line of the command language -> a command (lang-independent). */
	int (*parse)(const void *state, int seat, const char *line,
	    struct mq_cmd *cmd, struct mq_err *err);
	/* The canonical English text of a command; parse(format(c)) == c. */
	int (*format)(const void *state, const struct mq_cmd *cmd,
	    struct mq_buf *out);
	int (*is_secret)(const struct mq_cmd *cmd);
	/* 1 when a secret command seat has just applied to state is already
	 * shown to the other players, though its commitment opens only with
	 * its phase (The Red Death's PLACE in its turn: each player sees the
	 * earlier placements; a MOVE carried out at once); NULL when a game
	 * has no such command. */
	int (*shown_now)(const void *state, int seat, const struct mq_cmd *cmd);
	/* 1 when the other players may be told cmd, a deadline's default seat
	 * has just applied to state (The Masquerade's KEEP names Spells that
	 * go into a secret hand: 0). NULL: when it is not secret, or shown_now
	 * says it is shown. */
	int (*default_told)(const void *state, int seat,
	    const struct mq_cmd *cmd);
	/* May cmd, on the line after prev in one message (owed: what the seat
	 * owed before prev), be applied to state now? 0, or MQ_REFUSED with
	 * one sentence: a game whose commands can close a window by
	 * themselves refuses a command meant for that window, which would
	 * else answer a question the player never saw. NULL: always. */
	int (*follows)(const void *state, int seat, const struct mq_cmd *prev,
	    const char *owed, const struct mq_cmd *cmd, struct mq_err *err);
	/* (follows may return MQ_LINE_MOOT instead, its sentence in err: the
	 * command is not applied, but it was needed no more (a PASS of a
	 * window that closed by itself); it stops no line after it, and the
	 * receipt lists it as not needed, no problem.) */
	/* A command a player sends now, parsed: 0, or MQ_REFUSED with one
	 * sentence, for what apply() takes but the player cannot have meant
	 * (The Red Death's TARGET on Pickpocket, which takes from every
	 * nearby noble). Only for a new line (submit and its dry run), never
	 * on replay. When a submit rebuilds a logged entry's mails it is
	 * asked too, and a line it refuses stays refused unless the entry
	 * logs it: a log that holds such a line (the bots wrote them)
	 * replays as it did. NULL when a game has none. */
	int (*sent_ok)(const void *state, int seat, const struct mq_cmd *cmd,
	    struct mq_err *err);
	/* What the receipt of the seat that sent cmd, and no other mail,
	 * should tell it, cmd just applied to state: a secret move of its
	 * own, sent before, that cmd makes void when its phase resolves (The
	 * Red Death's MOVE of more steps than a new PLAY allows), as an
	 * object the game's receipt templates read, in *note; NULL there
	 * when there is nothing to tell. It reads the state as it stands,
	 * so asked again after the mail's later lines (a new MOVE), it
	 * says whether it still holds. 0, or -1 out of memory. NULL: a game
	 * that has none. Nothing of it is logged. */
	int (*sender_note)(const void *state, int seat, const struct mq_cmd *cmd,
	    json_t **note);
	/* Whether a mail's line is applied before its other lines: a command
	 * whose window another line of the same mail may close (The Red
	 * Death's PLAN, open until round 12's moves resolve, which the mail's
	 * own MOVE may do), sound or not. Its refusal refuses no other line:
	 * none counts on it. NULL: none. */
	int (*goes_first)(const void *state, const char *line);
	/* A line's command, when its word starts one that makes a single
	 * choice, whole on its line, for its moment (The Masquerade's
	 * STAGE, The Red Death's MOVE): a number above 0, the same for each
	 * line of that command; else 0 (a PLAY a PASS may count on, a
	 * mistyped command word, prose). Of two such lines of a mail, the
	 * later puts right the earlier when that was refused (submit.c's
	 * mq_game_corrects). NULL: none. */
	int (*one_choice)(const void *state, const char *line);
	/* Whether line puts right prev, a line whose first word is no
	 * command's but a near miss of one, the command its refusal names
	 * ("DANCRE thief": did you mean DANCER?): line's command word is
	 * that command (in any language: ステージ for STAGE), and it is a
	 * command of one choice (above), or its words after the command
	 * word are prev's ("PSAS", then "PASS"; not "PLYA waltz", then
	 * "PLAY march", where both may be meant). 1 or 0; submit.c's
	 * mq_game_corrects reads it as one_choice. NULL: none. */
	int (*word_put_right)(const void *state, const char *prev,
	    const char *line);
	/* Which decision a command makes, given the state it is applied to. */
	void (*decision)(const void *state, int seat, const struct mq_cmd *cmd,
	    struct mq_decision *d);
	/* The moment a decision (its key) is for, as the view's "time"
	 * names it ("9:20"), into out; "" when it names none (a PLAN, open
	 * until midnight). A receipt says it beside a line taken for another
	 * moment than the mail's. NULL: a game with no such time. */
	void (*moment)(const char *key, char *out, size_t size);
	/* The moment state is at, as the view's "time" names it ("9:20"),
	 * into out: a decision's moment (above) that is another was taken
	 * early, for a later moment (a card sent during the moves, for the
	 * next round), which log and replay say. NULL: a game with no such
	 * time. */
	void (*now)(const void *state, char *out, size_t size);
	/* Apply, or refuse with one sentence and leave the state unchanged. */
	int (*apply)(void *state, int seat, const struct mq_cmd *cmd,
	    struct mq_err *err);
	/* A deadline's default for the seat: as apply, but the seat did not
	 * send it, so it marks nothing as told to the seat (The Masquerade's
	 * recap goes on from the seat's last own move, and so tells what the
	 * default did). NULL: apply. */
	int (*apply_default)(void *state, int seat, const struct mq_cmd *cmd,
	    struct mq_err *err);
	/* Decisions resolved by the last apply (their secrets may be revealed). */
	size_t (*resolved)(const void *state, struct mq_decision *out, size_t max);
	/* The default a seat gets at a deadline; 0 when it owes nothing. */
	int (*default_command)(const void *state, int seat, struct mq_cmd *cmd);
	/* A short word for what the seat owes now ("place", "act", "move") or NULL. */
	const char *(*owes)(const void *state, int seat);
	/* View for a seat, MQ_VIEW_PUBLIC or MQ_VIEW_ADMIN: only what it may know.
	 * NULL for no such seat, or out of memory: never a view with a part
	 * missing (the caller's MQ_IO). */
	json_t *(*view)(const void *state, int seat);
	/* What happened in the last apply, as seen by a seat (or public/admin);
	 * NULL out of memory, never a list with an event missing. */
	json_t *(*events)(const void *state, int seat);
	int (*is_over)(const void *state);
	/* The result: the winner's seat or -1, and a bitmask of surviving seats. */
	int (*result)(const void *state, unsigned *alive);
	/* Check every invariant; MQ_REFUSED naming the first broken one. */
	int (*check)(const void *state, struct mq_err *err);
	int (*nplayers)(const void *state);
	/* A bot's commands for a seat now (up to max); style 0 random, 1 careful.
	 * Returns how many it wrote. Bots draw only from rng, never the game seed. */
	int (*bot)(const void *state, int seat, int style, struct mq_rng *rng,
	    struct mq_cmd *out, int max);
};

const struct mq_game_kind *mq_game_find(const char *name);

#endif
