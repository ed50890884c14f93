/*
 * commit.h - the seed commitment, the salts and the commitments of secret
 * commands, and checking them entry by entry (DESIGN.md "Commitments and
 * receipts"). All hashes are BLAKE2b-256 over canonical JSON (log.h).
 *
 *   seed_commit = H(seed ‖ seed_salt)
 *   salt   = H(key = seed, "masqued-salt-v1\n" ‖ {"game","index","player","seq"})
 *   commit = H(key = salt, "masqued-commit-v1\n" ‖ {"command","game","player","seq"})
 *   blind  = H(key = seed, "masqued-blind-v1\n" ‖ {"game","seq"})
 */
#ifndef MQ_COMMIT_H
#define MQ_COMMIT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "err.h"
#include "log.h"

#define MQ_COMMIT_LEN	32

void mq_commit_seed(const unsigned char seed[MQ_COMMIT_LEN],
    const unsigned char salt[MQ_COMMIT_LEN], unsigned char out[MQ_COMMIT_LEN]);

/* The salt of the index-th (0-based) command of entry seq. */
int mq_commit_salt(const unsigned char seed[MQ_COMMIT_LEN], const char *game,
    const char *player, uint64_t seq, uint64_t index,
    unsigned char out[MQ_COMMIT_LEN], struct mq_err *err);

/* The commitment to command (its canonical text). */
int mq_commit_commit(const unsigned char salt[MQ_COMMIT_LEN],
    const char *command, const char *game, const char *player, uint64_t seq,
    unsigned char out[MQ_COMMIT_LEN], struct mq_err *err);

/* Set "seed", "seed_salt" and "seed_commit" (hex) in a genesis body. */
int mq_commit_genesis(json_t *genesis, const unsigned char seed[MQ_COMMIT_LEN],
    const unsigned char salt[MQ_COMMIT_LEN], struct mq_err *err);

/*
 * In a command body holding game, player, seq and commands (a list of
 * {"text", "secret"}), set "salt" and "commit" (hex) of every secret one.
 */
int mq_commit_fill(json_t *body, const unsigned char seed[MQ_COMMIT_LEN],
    struct mq_err *err);

/*
 * In a command or timeout body that no reply carries (no "msg"), set
 * "blind" (hex): every mail's checkpoint signs the entry's hash, and a body
 * whose every other byte a player knows or can guess (a Masquerade BANK or
 * KEEP entered by submit or by a deadline: the one Spell in it is hidden)
 * could be found by hashing each guess. A reply's entry has the hash of the
 * player's own message in it instead. Other bodies are left as they are.
 */
int mq_commit_blind(json_t *body, const unsigned char seed[MQ_COMMIT_LEN],
    struct mq_err *err);

/* Checking a log's commitments, one entry after another, in order. */
struct mq_commit_check {
	unsigned char seed[MQ_COMMIT_LEN];
	int have_seed;			/* after the genesis */
	unsigned char *types;		/* enum mq_log_type of each seq */
	size_t ntypes, cap;
	struct mq_buf scratch;
};

void mq_commit_check_init(struct mq_commit_check *c);
void mq_commit_check_free(struct mq_commit_check *c);

/*
 * Check the entry seq (the next one): the genesis seed commitment, every
 * salt and commit of a command, the blind of a command or timeout (when it
 * has one: entries logged before it was added have none), the seqs a
 * reveal opens. With recompute ==
 * 0 only the entry's type is recorded (an entry already checked once).
 */
int mq_commit_check(struct mq_commit_check *c, uint64_t seq,
    const json_t *body, int recompute, struct mq_err *err);

#endif
