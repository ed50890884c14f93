/*
 * inbound_replaced.h - whether a message comes from an address the host's
 * `admin replace` took a seat from (inbound_analyse.c answers it with
 * that), in the two ways such mail arrives: a reply to an older game mail
 * (its tag of an older epoch), and a reply to the notice that told the
 * address it plays no more (no Reply-To, so no tag: its In-Reply-To or
 * References names the notice). Only the wording of the answer depends on them;
 * nothing is ever applied.
 */
#ifndef MQ_INBOUND_REPLACED_H
#define MQ_INBOUND_REPLACED_H

#include <stdint.h>

#include "daemon/daemon.h"
#include "mail/address.h"
#include "mail/mime_in.h"

/* from held seat t->seat when the mail with tag t (an older epoch) was
 * sent, and the host has since replaced it with another address; then
 * the seat's language while from held it into lang, and *other when that
 * replace gave the seat to another person (--new-player, or a kicked
 * seat's) rather than to its player's new address. -1 when the log
 * cannot be read now (memory): the mail waits. */
int mq_inbound_replaced_address(const struct mq_daemon *d,
    const struct mq_game *g, const struct mq_addr_tag *t, const char *from,
    char lang[8], int *other);
/* The game, seat (into t, its tag empty) and entry (*seq) of the notice
 * m's In-Reply-To or References names; 0 if none. What the sender claims
 * only: mq_inbound_notice_sender checks it. */
int mq_inbound_notice_named(const struct mq_daemon *d,
    const struct mq_mime_msg *m, struct mq_addr_tag *t, uint64_t *seq);
/* *ok when from is the address the replace at entry seq of g took from
 * seat, and plays in g no more; lang: the seat's language then; *other
 * when that replace gave the seat to another person. MQ_IO when the log
 * cannot be read now. */
int mq_inbound_notice_sender(struct mq_daemon *d, const struct mq_game *g,
    int seat, uint64_t seq, const char *from, int *ok, char lang[8],
    int *other, struct mq_err *err);
/* 1 when from is an address seat `seat` of g held until a replace of the
 * host's gave it another (it may write to the seat's reply address still):
 * the last such replace's time into *ts (the kick's, when it gave a
 * kicked seat to another person), and into *other whether it gave the
 * seat to another person, and the seat's language then into lang (unless
 * NULL); -1 when the log cannot be read now. */
int mq_inbound_former_address(const struct mq_game *g, int seat,
    const char *from, long long *ts, int *other, char lang[8]);

#endif
