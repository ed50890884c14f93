/*
 * logfile.h - one game's log file: open (verifying every line), lock,
 * recover a torn tail, iterate, and append durably with group commit.
 *
 * Opening reads the whole file in one go and verifies every complete line:
 * three fields, canonical body, hash, signature under the trusted key, kid,
 * seq/prev chain, the genesis key, and the commitments (commit.h). The
 * first failure is MQ_BADDATA with "entry SEQ: what is wrong". Iterating
 * afterwards only re-parses the verified lines held in memory.
 *
 * A writer holds flock(LOCK_EX) on the log file itself from open to close,
 * so two writers of one game serialize. A reader takes no lock and ignores
 * an unterminated tail; the writer moves such a tail (a torn write) to
 * "quarantine" beside the log and truncates the log to its last good line.
 */
#ifndef MQ_LOGFILE_H
#define MQ_LOGFILE_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "keys.h"
#include "log.h"

struct mq_logfile;

/*
 * Open a log for reading, with no lock; changes nothing. trusted_pk NULL
 * trusts the key the genesis names (for a log whose key is checked later).
 */
int mq_logfile_open_read(const char *path, const unsigned char *trusted_pk,
    struct mq_logfile **out, struct mq_err *err);

/*
 * Open a log for reading, as above, as far as it is sound: for the commands
 * that step through a damaged game's history. A log that fails after its
 * first entry opens holding the entries before the first that fails; *bad
 * gets that entry's seq (0 when all are sound) and why its sentence ("entry
 * SEQ: what is wrong"). limit > 0 keeps no more than limit entries (the
 * first that does not replay, found later, and those after it are left
 * out). A first entry that fails, or a log that cannot be read, fails as
 * mq_logfile_open_read does.
 */
int mq_logfile_open_sound(const char *path, const unsigned char *trusted_pk,
    uint64_t limit, struct mq_logfile **out, uint64_t *bad, struct mq_err *why,
    struct mq_err *err);

/* Whether the first line of the file at path has a log entry's shape
 * (hash, signature and body apart by TABs): a file that has it is a log
 * that does not verify, not something else (history.c, verify). */
int mq_logfile_shaped(const char *path);
/*
 * Open a log for reading, as above, to check what a player kept against it
 * (what: "receipt" or "checkpoint", signed under pk, of entry seq). The log
 * is read under the key its genesis names; when that is not pk, MQ_BADDATA
 * with a sentence that blames neither side: a mail under another key is
 * one this server did not sign, or the log was signed again under a new
 * key, and the key the game's mails show tells which. A log that fails at
 * or before entry seq fails with that sentence; one that fails after it
 * opens holding the entries before the damage (open_sound), which the
 * caller says once the receipt is checked (verify-receipt).
 */
int mq_logfile_open_kept(const char *path, const unsigned char *pk,
    const char *what, uint64_t seq, struct mq_logfile **out,
    struct mq_err *err);

/*
 * Open an existing log for appending under k: lock it (blocking), verify
 * it (trusting k->pk), recover a torn tail. On MQ_BADDATA nothing changed.
 */
int mq_logfile_open_write(const char *path, const struct mq_keys *k,
    struct mq_logfile **out, struct mq_err *err);

/*
 * Create a new game's log holding only genesis (which has game, ts,
 * type "genesis", seed, seed_salt, seed_commit and the game's fields;
 * server_key is set here). The file appears whole or not at all; MQ_REFUSED
 * if it exists. Returns the log open for writing in *lf (if non-NULL) and
 * the signed genesis in *out (if non-NULL; free with mq_log_signed_free).
 */
int mq_logfile_create(const char *path, const struct mq_keys *k,
    json_t *genesis, struct mq_log_signed *out, struct mq_logfile **lf,
    struct mq_err *err);

/*
 * Append n entries with one write() and one fsync. Each body holds game,
 * ts, type and the type's fields; this sets v, seq, prev, kid in it (and,
 * for a command, the salt and commit of each secret command). out, if
 * non-NULL, gets n formatted entries (free with mq_log_signed_free). On
 * failure nothing is appended.
 */
int mq_logfile_append(struct mq_logfile *lf, json_t *const *bodies, size_t n,
    struct mq_log_signed *out, struct mq_err *err);

/*
 * The next entry (from the first, after open or rewind), or *e = NULL at
 * the end. The entry and its body are valid until the next call.
 */
int mq_logfile_next(struct mq_logfile *lf, const struct mq_log_entry **e,
    struct mq_err *err);
void mq_logfile_rewind(struct mq_logfile *lf);

/* The entry seq, read from the first: *e = NULL when the log ends before
 * it. Valid until the next call, as mq_logfile_next's. */
int mq_logfile_find(struct mq_logfile *lf, uint64_t seq,
    const struct mq_log_entry **e, struct mq_err *err);

uint64_t mq_logfile_seq(const struct mq_logfile *lf);	/* last seq */
const char *mq_logfile_game(const struct mq_logfile *lf);
void mq_logfile_head(const struct mq_logfile *lf,
    unsigned char hash[MQ_LOG_HASHLEN]);
const unsigned char *mq_logfile_pubkey(const struct mq_logfile *lf);
/* The bytes of the torn tail a reader ignored, or a writer moved to the
 * quarantine file when it opened the log; 0 if none. */
size_t mq_logfile_torn(const struct mq_logfile *lf);

/* Verify a whole log file; *n (if non-NULL) gets its number of entries. */
int mq_logfile_verify(const char *path, const unsigned char *trusted_pk,
    uint64_t *n, struct mq_err *err);

/*
 * The export of a finished game (DESIGN.md; verified by
 * tests/verify_export.py): {"format": "masqued-export-v1", "game",
 * "public_key", "log": [lines], "data", "data_hash"}. data's hash must be
 * the genesis data_hash (MQ_BADDATA if not). *out is malloc'd JSON text.
 */
int mq_logfile_export(struct mq_logfile *lf, const json_t *data, char **out,
    struct mq_err *err);

/* Release the lock (if any) and everything. */
void mq_logfile_close(struct mq_logfile *lf);

#endif
