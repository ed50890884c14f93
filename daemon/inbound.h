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

/* The dry run of `masqued parse`: what would happen, as JSON; changes nothing. */
int mq_inbound_parse(struct mq_daemon *d, const char *raw, size_t len,
    json_t **out, struct mq_err *err);

/*
 * SET LANG is the daemon's own line, not the game's: a reply's (and the
 * host's `submit`, which takes the lines a reply would).
 * mq_inbound_set_lang_line: whether line is SET LANG with a language
 * masqued has (any case, or its name: "SET LANG JA", "set lang
 * japanese"; a colon, full-width forms: "SET LANG：ja"); then it goes
 * into lang. mq_inbound_badlang_refusal: the
 * sentence for a SET LANG line with a language masqued lacks, instead of
 * the engine's "set is not a command". mq_inbound_set_lang: log the
 * seat's new language (an admin "lang" entry; nothing when it is theirs
 * already).
 */
int mq_inbound_set_lang_line(const char *line, char lang[8]);
/* whether line is a SET LANG line at all, folded as above */
int mq_inbound_is_set_lang(const char *line);
void mq_inbound_badlang_refusal(const char *line, char *out, size_t n);
int mq_inbound_set_lang(struct mq_game *g, int seat, const char *lang,
    long long now, struct mq_err *err);

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
