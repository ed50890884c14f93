/*
 * line_kind.h - what a line a game's parser refused was: a command the
 * player meant (a typo of one, a space lost), a command word in a
 * sentence, or prose. The rules are every game's, so that both read a
 * mail alike; the words are each game's, read through struct
 * mq_line_words. Pure, like the engines that use it.
 */
#ifndef MQ_LINE_KIND_H
#define MQ_LINE_KIND_H

#include <stddef.h>

#include "engine/game.h"

struct mq_line_words {
	const void *state;	/* the game's state, passed to each below */
	int nwords;		/* the game's alias table */
	/* word i (folded, as mq_words_line makes a line's words), and in
	 * *starts the command it starts (a keyword's value), -1 when none */
	const char *(*word)(const void *state, int i, int *starts);
	int nplayers;
	const char *(*player)(const void *state, int k);
	/* whether tok[1..ntok) are what the command kw takes */
	int (*args_fit)(const void *state, int kw, char **tok, int ntok);
	/* the command a word no command has means ("skip": PASS), as a near
	 * miss of it, -1 when none; NULL: none has one */
	int (*miss)(const void *state, const char *word);
	/* how the game splits a line: mq_words_line's is_kw, is_name and
	 * ctx, into at most maxtok words (MQ_LINE_MAXTOK at the most) */
	int (*is_kw)(const void *ctx, const char *word);
	int (*is_name)(const void *ctx, const char *word);
	const void *ctx;
	int maxtok;
};

/* The most words a line is split into here (mq_line_inner_command). */
#define MQ_LINE_MAXTOK	32

/* The command whose word (in any language) word is a near miss of, the
 * closest first (a word the game's miss names, first of all); -1 when
 * none. */
int mq_line_near_command(const struct mq_line_words *lw, const char *word);
/* The command whose word word starts, glued to a word of the game named
 * exactly ("MOVEccw", "PLACEblue"; not "Playboy" nor "Plan9"), the
 * command word's length in *len; -1 when none. */
int mq_line_glued_command(const struct mq_line_words *lw, const char *word,
    size_t *len);
/* 1 when w is a word of the game or a player's name, or one letter off
 * one ("cww", "fuuge"), or a number. */
int mq_line_game_word(const struct mq_line_words *lw, const char *w);
/*
 * The kind of line, split into tok[0..ntok), whose first word is the
 * command word kw, or none (kw -1): a command when written in capitals or
 * followed by what it takes; a command word in a sentence ("Play nice!")
 * is prose, one that may be either ("Play nice") a doubt. A first word
 * that starts no command is one when it is a command glued to a word of
 * the game, or a typo of one in capitals or followed by what it takes in
 * no sentence ("mvoe cw"; not "Love, Alice", "More in 5 minutes").
 */
enum mq_line_kind mq_line_kind_of(const struct mq_line_words *lw,
    const char *line, int kw, char **tok, int ntok);
/* For a first word that is no command word: into meant (n bytes) the
 * command it misses, as key_names[kw] writes it ("MOVE", "PLACE blue"); its
 * kw, or -1 (meant untouched) when none. */
int mq_line_meant(const struct mq_line_words *lw, const char *word,
    const char *const *key_names, char *meant, size_t n);
/*
 * A command inside a line read as prose ("i'll play discuss this time",
 * "ok move ccw then"), the line split as the game splits one (lw's
 * is_kw, is_name, ctx and maxtok): from a word after the first that
 * starts a command, the longest run of words that is what that command
 * takes, at least one (no STATUS or HELP alone: "thanks for the help");
 * into meant (n bytes), the command word in capitals, then its words as
 * the line has them ("PLAY discuss"). 1 when found, 0 (meant "") when
 * none or when the game would refuse the line as it splits it.
 */
int mq_line_inner_command(const struct mq_line_words *lw, const char *line,
    char *meant, size_t n);

#endif
