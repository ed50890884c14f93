/*
 * inbound.h - one inbound message, in the order DESIGN.md gives: archive the
 * raw bytes (by their BLAKE2b hash; fsync), parse the MIME, authenticate by
 * the reply tag and From, extract what the player wrote, parse and apply
 * the commands as one log entry, and spool the answers. The caller marks
 * the message done in its transport only after this returns 0.
 */
#ifndef MQ_INBOUND_H
#define MQ_INBOUND_H

#include <jansson.h>

#include "daemon/daemon.h"

enum mq_inbound_outcome {
	MQ_IN_APPLIED,		/* commands applied and logged (or STATUS/HELP) */
	MQ_IN_ANSWERED,		/* refused or nothing understood: answered */
	MQ_IN_DUPLICATE,	/* its hash is in the log already */
	MQ_IN_DROPPED,		/* an auto-reply, a bounce, or over the rate limit */
	MQ_IN_DEFERRED,		/* another worker's game: left for the next pass */
};

/*
 * Process one message for real. transport_id: "maildir:NAME", "imap:V:U",
 * "pipe". file: the file raw was read from, whole and unchanged since (a
 * Maildir message), or NULL; the archive then links it instead of writing
 * a copy.
 */
int mq_inbound_process(struct mq_daemon *d, const char *raw, size_t len,
    const char *transport_id, const char *file,
    enum mq_inbound_outcome *outcome, struct mq_err *err);

/* How much of a message over MQ_TRANSPORT_MAX_MSG is read to answer it:
 * its first bytes, its headers among them (Maildir, ingest). */
#define MQ_INBOUND_OVERSIZE_HEAD	(256u * 1024)

/*
 * A message over MQ_TRANSPORT_MAX_MSG (size bytes; head its first len, its
 * headers among them): not archived, nothing of it played, its sender
 * answered with the one sentence saying so, as a message MIME cannot read
 * is (unless an auto-reply or a bounce, or a stranger past the limit).
 */
int mq_inbound_oversize(struct mq_daemon *d, const char *head, size_t len,
    unsigned long long size, const char *transport_id,
    enum mq_inbound_outcome *outcome, struct mq_err *err);

/*
 * The catching up (mailmark.c) at entry seq of game (body: that entry), a
 * reply's whose answers were never queued, when its message may never be
 * read again (an MTA that gave up on exit 75, a message the host skipped):
 * its answers rebuilt from DATADIR/archive/<hash>.eml, as a message read
 * again rebuilds them (same state, time and spool names), and the mark
 * moved to *upto, the reply's last entry (its reveal). *upto 0 and the
 * reason in why when it cannot be (not archived, refused now: a seat
 * replaced since, or no longer that entry's): left to its message. MQ_IO
 * when it may pass (a full disk, memory).
 */
int mq_inbound_rebuild_archived(struct mq_daemon *d, const char *game,
    uint64_t seq, const json_t *body, uint64_t *upto, char *why, size_t n,
    struct mq_err *err);

/* The dry run of `masqued parse`: what would happen, as JSON; changes nothing. */
int mq_inbound_parse(struct mq_daemon *d, const char *raw, size_t len,
    json_t **out, struct mq_err *err);

/*
 * SET LANG and SET NOTICES are the daemon's own lines, not the game's: a
 * reply's (and the host's `submit`, which takes the lines a reply would).
 * Both are folded as the games fold a line (any case; a colon, full-width
 * forms: "SET LANG：ja"). SET LANG takes a language masqued has, by its
 * code or its name in English, Japanese or Chinese ("set lang japanese",
 * "SET LANG 日本語"); SET NOTICES takes ON or OFF (SET NOTICE
 * too): whether the player is mailed each time another commits to a
 * secret move (a quiet player sees the commitments with the moves they
 * open, in the resolution; the others' notices still hold the host to
 * every move).
 *
 * mq_inbound_setting_line: whether line is one of them with a value
 * masqued takes; then it goes into s. mq_inbound_is_setting: whether it
 * is one at all; mq_inbound_setting_refusal: the sentence for one with a
 * value masqued lacks, instead of the engine's "set is not a command".
 * mq_inbound_names_set: whether line starts with the word SET, a command
 * of masqued's however it goes on (refused, not a greeting to note).
 * mq_inbound_settings_apply: log what s asks, as admin "lang" and
 * "notices" entries (nothing for what is so already), with "by": by when
 * not NULL (MQ_LOG_BY_ADMIN: the host's submit; a reply's have none).
 * mq_inbound_set_lang: the "lang" entry alone.
 */
struct mq_settings {
	char lang[8];		/* SET LANG's language, or "" */
	int notices;		/* SET NOTICES: 1 ON, 0 OFF, -1 not asked */
	int lang_line, notices_line;	/* their lines in the mail, or 0 */
};

void mq_settings_none(struct mq_settings *s);
int mq_settings_any(const struct mq_settings *s);
int mq_inbound_set_lang_line(const char *line, char lang[8]);
int mq_inbound_setting_line(const char *line, struct mq_settings *s);
int mq_inbound_is_setting(const char *line);
int mq_inbound_names_set(const char *line);
void mq_inbound_setting_refusal(const char *line, char *out, size_t n);
int mq_inbound_settings_apply(struct mq_game *g, int seat,
    const struct mq_settings *s, long long now, const char *by,
    struct mq_err *err);
int mq_inbound_set_lang(struct mq_game *g, int seat, const char *lang,
    long long now, const char *by, struct mq_err *err);
/* Whether a kicked seat's lines and SET lines ask the game over for its
 * end mail again, as inbound_int.h's mq_inbound_kicked_reads_end of a
 * mail: the host's submit (the SET lines taken out, blank lines skipped)
 * takes them as a reply's. 1 or 0; -1 out of memory. */
int mq_inbound_kicked_asks_end(const struct mq_game *g, int seat,
    const char *const *lines, size_t n, const struct mq_settings *set);
/* Whether a mail (or the host's submit) of SET lines alone, SET NOTICES
 * and no SET LANG (ncmds: its command lines), comes after the end of g:
 * refused then in one sentence (into e), the same for the mail, its dry
 * run and submit, for no notice comes any more. 1 or 0. */
int mq_inbound_over_notices(const struct mq_game *g, size_t ncmds,
    const struct mq_settings *set, struct mq_err *e);

/*
 * A quick guess at the game a message is addressed to, for sharing out a
 * long inbox among worker processes (serve.c): the first game tag in its
 * Delivered-To, X-Original-To, To or Cc lines, into game ("" if none). It
 * is only a guess, cheaper than reading the whole message; the worker that
 * reads the message checks the game it really is for (d->worker), and
 * leaves it for the next pass if it is another worker's.
 */
void mq_inbound_game_of(const struct mq_daemon *d, const char *raw, size_t len,
    char game[9]);
/* Which of n workers takes game ("" too: strangers all go to worker 0). */
int mq_inbound_worker_of(const char *game, int n);

#endif
