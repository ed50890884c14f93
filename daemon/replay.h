/*
 * replay.h - applying log entries to an open game (daemon/replay.c), shared
 * by opening (store.c) and submitting (submit.c): every change to a game's
 * state goes through mq_replay_entry.
 */
#ifndef MQ_REPLAY_H
#define MQ_REPLAY_H

#include "daemon/store.h"

/* Apply one verified entry to g (genesis sets the game up). */
int mq_replay_entry(struct mq_game *g, const struct mq_log_entry *e,
    struct mq_err *err);
/* Apply every entry of g's log, or those up to at_seq (> 0). */
int mq_replay_all(struct mq_game *g, uint64_t at_seq, struct mq_err *err);

/*
 * The seat's latest secret move for decision key that is not resolved yet
 * (so not revealed), or NULL: the move a new one for that key changes.
 * submit tells the sender so ("changes your move of entry N"); the replay
 * keeps each such change in g->changes.
 */
const struct mq_pending *mq_game_earlier_pend(const struct mq_game *g,
    int seat, const char *key);
/* The change of command index of entry seq, or NULL: it stood. */
const struct mq_change *mq_game_change_of(const struct mq_change *ch,
    size_t n, uint64_t seq, int index);
/* The moment command index of entry seq was for, when it is another
 * than the one the game was at when the entry was logged (struct
 * mq_for), or NULL. */
const char *mq_game_for_of(const struct mq_for *f, size_t n, uint64_t seq,
    int index);

#endif
