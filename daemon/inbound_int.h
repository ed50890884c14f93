/*
 * inbound_int.h - what inbound.c shares with inbound_parse.c (the dry run
 * of `masqued parse`): a message as read, before it touches a game
 * (inbound_analyse.c); and with inbound_rebuild.c, the answers a crash
 * lost. Internal to daemon/; see inbound.h for the module.
 */
#ifndef MQ_INBOUND_INT_H
#define MQ_INBOUND_INT_H

#include <stddef.h>
#include <stdint.h>

#include "daemon/inbound.h"
#include "mail/mime_in.h"

#define MAX_LINES 64		/* command lines read from one message */

/* Everything known about a message before it touches a game. */
struct analysis {
	char hash[65];
	struct mq_mime_msg *msg;
	char auth[800];			/* "ok" or why not */
	int auth_ok;
	struct mq_game *game;
	int own_game;			/* read-only: closed with the analysis */
	int seat;
	char *text;			/* what the player wrote */
	char *lines[MAX_LINES];
	int lineno[MAX_LINES];		/* each one's line in text, 1-based */
	size_t nlines;
	struct mq_settings set;		/* its SET LANG and SET NOTICES */
	int unread;			/* the first line past MAX_LINES, or 0 */
	char *unread_text;		/* that line */
	char from_lang[8];		/* refused, but From is a player's: theirs */
	int own_seat;			/* refused, From another seat's: it + 1 */
	int new_from;			/* refused, the seat's sound tag from an
					 * address not its own: the seat + 1
					 * (the host is told: inbound.c) */
	int tag_ok;			/* its game tag verified (From may not) */
	int names_game;			/* refused in a sentence naming its game
					 * (an old tag of the game's own): the
					 * refusal's subject names it too */
	int drop;			/* an auto-reply or bounce: never answered */
	int deferred;			/* another worker's (serve.c) */
	int head_only;			/* too large: its headers alone read */
};

/* Each line of a message that came too late for the moment it was meant
 * for, refused before it is applied: why[i] the sentence for a->lines[i]
 * (mq_inbound_late's), or NULL. */
struct mq_late_lines {
	char *why[MAX_LINES];
};

/* Parse, authenticate and extract raw into a (writable: the game may be
 * played, opened through mq_daemon_game, which catches it up; else it is
 * opened read-only, a copy of its own that never catches up and is closed
 * with the analysis); a->auth_ok says whether it may play. Freed with
 * mq_inbound_analysis_free, whatever it returns. */
int mq_inbound_analyse(struct mq_daemon *d, const char *raw, size_t len,
    struct analysis *a, int writable, struct mq_err *err);
/* A message too large to read, by its first len bytes (head) and its size:
 * refused, its headers read for the answer alone (inbound_analyse.c). */
int mq_inbound_analyse_oversize(const char *head, size_t len,
    unsigned long long size, unsigned limit_mib, struct analysis *a,
    struct mq_err *err);
void mq_inbound_analysis_free(struct analysis *a);

/* A paused game's refusal as its player's answer says it (inbound.c's
 * play, the dry run's): mq_game_refuses_mail's sentence in e, put as the
 * one naming the host (the config's admin) to ask, when there is one. */
void mq_inbound_paused_refusal(const struct mq_daemon *d,
    const struct mq_game *g, struct mq_err *e);

/* A kicked player's refusal as their answer says it (inbound.c's play,
 * the dry run's, a mail from another address to the kicked seat):
 * mq_game_seat_playing's sentence in e, put as the one naming the host (the
 * config's admin) to ask, when there is one; e is left alone when the seat
 * is not kicked. */
void mq_inbound_kicked_refusal(const struct mq_daemon *d,
    const struct mq_game *g, int seat, struct mq_err *e);

/* Whether a's mail, from a seat the host kicked, asks the game over for
 * its end mail again (a STATUS among its lines and no other command, prose
 * aside; or SET lines alone with a SET LANG): answered then as a player's
 * (inbound.c's play, the dry run's), where any other mail of a kicked seat
 * is refused whole. 1 or 0; -1 out of memory. */
int mq_inbound_kicked_reads_end(const struct analysis *a);

/* The host's marker (mq_notify_host_told) for a's mail from a new address
 * (a->new_from), in key: 1, or 0 when the host is told nothing of it (no
 * such mail, a game over, no From). */
int mq_inbound_new_from_key(const struct analysis *a, char *key, size_t size);

/* Line n of a's lines as submit numbers them (the lines not blank, SET
 * lines aside, 1-based) as the player numbers it (a->lineno: blank lines
 * counted); n itself when it is no such line (0: none). Every line a
 * receipt or dry run names goes through it, once (mq_inbound_answer,
 * mq_inbound_parse). */
int mq_inbound_seen_line(const struct analysis *a, int n);
/* Every line res names (each line's own, and the one it puts right, is
 * put right by, is changed by, changes: its corrects, corrected_by,
 * replaced_by, replaces_line, tried_fix) as the player numbers it. */
void mq_inbound_seen_lines(const struct analysis *a,
    struct mq_submit_result *res);

/* The entry of a command the seat had accepted for the same moment that
 * line repeats as the game reads it (state: the game as it stands; self:
 * the entry to leave out), or 0. */
uint64_t mq_inbound_sent_before(const struct mq_game *g, const void *state,
    int seat, const char *line, uint64_t self);

/* The entry of the game's mail to its seat that the message answers (its
 * In-Reply-To, else the last of its References that names one; the seq in
 * the mail's Message-ID), or 0 (inbound_copy.c). */
uint64_t mq_inbound_answered(const struct mq_daemon *d,
    const struct analysis *a);

/* A copy of a reply come after the moment it was for (inbound_copy.c):
 * the message answers an older mail of its game to its seat, and each of
 * its command lines repeats one the seat's mail had accepted for the
 * moment that mail was about, gone now, and was taken after that mail
 * was sent (a command that does not parse, now nor then, aside), and
 * the mail is no new reply by its Message-ID and Date (inbound_copy.c's
 * new_reply). Then
 * *copy, and res holds the answer's lines (received already, at their
 * entries; a greeting noted; such a command refused again), nothing
 * applied; else res is empty and the message is played. MQ_IO
 * when the log or memory fails (the mail waits). */
int mq_inbound_late_copy(struct mq_daemon *d, const struct analysis *a,
    struct mq_submit_result *res, int *copy, struct mq_err *err);

/* A move of game g, by the message of that hash, came past its sender's
 * rate_limit: noted durably before it is logged (inbound_hushed.c), so
 * that its answers, rebuilt after a crash, leave out the notices too. */
struct mq_game;
int mq_inbound_hushed_note(const struct mq_game *g, const char *hash,
    struct mq_err *err);
/* 1 when that move was noted so. */
int mq_inbound_hushed_was(const struct mq_game *g, const char *hash);
/* The note gone, should the same message come again within the limit: a
 * note left by a first coming that was refused, and so never logged, is
 * not this move's. */
int mq_inbound_hushed_forget(const struct mq_game *g, const char *hash,
    struct mq_err *err);

/* The answers to a message applied to g (inbound.c): the receipt and the
 * others' mail, its lines numbered as the player numbers them; late (may
 * be NULL) the lines submit refused as late (mq_inbound_late_reply), which
 * keep their sentence. */
int mq_inbound_answer(struct mq_daemon *d, struct mq_game *g,
    const struct analysis *a, const struct mq_late_lines *late,
    struct mq_submit_result *res, struct mq_err *err);

/* A message whose entry the log holds already (inbound_rebuild.c):
 * acknowledged, or its answers a crash lost rebuilt (with those of any
 * timeout or admin entry after it); *done when it was one. */
int mq_inbound_applied_before(struct mq_daemon *d, const struct analysis *a,
    const char *tid, enum mq_inbound_outcome *outcome, int *done,
    struct mq_err *err);

/* Whether line, a line of seat's mail that g refuses now (it moved on),
 * is a move one of the deadline's defaults played for the seat since its
 * own last move answered first: the line would have been applied in the
 * game as it stood before that default (a second, read-only copy). Then
 * *late, and why the sentence that says so, for the refusal: the deadline,
 * the default and when masqued played it (inbound_late.c). MQ_IO when the
 * log cannot be read now. */
int mq_inbound_late(struct mq_daemon *d, const struct mq_game *g, int seat,
    const char *line, int *late, char *why, size_t n, struct mq_err *err);

/* Whether a's lines, g as it stands before they are applied (the seat's
 * game, or a rebuild's copy), answer a mail of a moment that one of the
 * deadline's defaults played for the seat since its own last move
 * decided: the message answers (mq_inbound_answered) a mail sent before
 * that default, the line is for the same moment as that mail read it and
 * just before the default, which decided it, and it would have been
 * applied then. Such a line, which the game may take now for the moment
 * after (a card for the next round), is refused with mq_inbound_late's
 * sentence (*out, empty when none: freed with mq_inbound_late_lines_free
 * either way). MQ_IO when the log cannot be read now. */
int mq_inbound_late_reply(struct mq_daemon *d, const struct mq_game *g,
    const struct analysis *a, struct mq_late_lines *out, struct mq_err *err);
void mq_inbound_late_lines_free(struct mq_late_lines *l);

/* DATADIR/archive/<hash>.eml whole into *raw (NUL-terminated, to free),
 * or *raw NULL when it is not there (pruned, or a data folder from before
 * the archive): inbound_rebuild.c. MQ_IO when it cannot be read. */
int mq_inbound_read_archived(const struct mq_daemon *d, const char *hash,
    char **raw, size_t *len, struct mq_err *err);

/* The sentence for the first line past MAX_LINES. */
void mq_inbound_unread_refusal(char *out, size_t n);

#endif
