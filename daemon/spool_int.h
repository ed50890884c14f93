/*
 * spool_int.h - what the sender (spool.c) asks of spool_notice.c: the
 * mails it writes to the host about the mail going out, and the record of
 * an SMTP outage. Internal to the spool; others use spool.h.
 */
#ifndef MQ_SPOOL_INT_H
#define MQ_SPOOL_INT_H

#include <stddef.h>

#include "daemon/config.h"
#include "daemon/spool.h"
#include "mail/refusal_i18n.h"

/* A dead letter, name for rcpt, sent no more for why: the admin hears of
 * it (unless the admin's own mail died), in the config's language. */
void mq_spool_tell_dead(const struct mq_config *c, struct mq_refusals *words,
    const char *name, const char *rcpt, const char *why, long long now);

/* A spool file with no recipient line: a dead letter never tried. */
void mq_spool_tell_broken(const struct mq_config *c,
    struct mq_refusals *words, const char *name, long long now);

/* The SMTP server (or sendmail) took no mail (why): noted, and said in the log with the
 * mails that wait (`untried` more than st says already, added to it). */
void mq_spool_outage(const struct mq_config *c, long long now,
    const char *why, size_t untried, struct mq_spool_stats *st);

/* The SMTP server (or sendmail) took a mail: an outage recorded ends, said in the log,
 * and to the host by mail when it lasted an hour or more. */
void mq_spool_outage_over(const struct mq_config *c,
    struct mq_refusals *words, long long now);

/* Mail goes to a Maildir now: an outage recorded before is forgotten. */
void mq_spool_outage_forget(const struct mq_config *c);
/* What takes the mail out, as a sentence names it: "the SMTP server", or
 * "sendmail" (outbound = sendmail). */
const char *mq_spool_out_name(const struct mq_config *c);
/* Whether a spool name is a game's mail (GAME-SEQ-...): its first
 * MQ_GAME_ID_LEN bytes are the game's id. */
int mq_spool_game_mail(const char *name);

#endif
