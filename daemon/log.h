/*
 * log.h - one entry of a game log: the canonical body, its hash and
 * signature, formatting a line and parsing and checking one.
 *
 * A line is  <body> TAB <hash hex> TAB <sig base64> LF  where body is
 * jansson's JSON_COMPACT | JSON_SORT_KEYS dump (integers only, raw UTF-8),
 * hash is BLAKE2b-256 of "masqued-log-v1\n" ‖ body and sig is Ed25519
 * (crypto_sign_detached) over the 32 hash bytes. See DESIGN.md.
 */
#ifndef MQ_LOG_H
#define MQ_LOG_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "err.h"

#define MQ_LOG_HASHLEN	32	/* BLAKE2b-256 */
#define MQ_LOG_HEXLEN	64	/* hex of a hash or a key */
#define MQ_LOG_PKLEN	32	/* Ed25519 public key */
#define MQ_LOG_SKLEN	64	/* crypto_sign secret key (seed ‖ pk) */
#define MQ_LOG_SIGLEN	64
#define MQ_LOG_B64LEN	88	/* base64 of a signature, with padding */
#define MQ_LOG_KIDLEN	16	/* hex of the first 8 bytes of H(pk) */

/* A timeout entry's "why" for a player who missed the deadline (the other:
 * a kicked seat's); replay reads it back (who has been away). */
#define MQ_LOG_WHY_MISSED	"the deadline passed"
/* ... and a kicked seat's, played as soon as it is owed (deadline.c); the
 * log's text says "bob (kicked)" for it, with no deadline (cmd_view.c). */
#define MQ_LOG_WHY_KICKED	"the seat has no player"
/* An admin entry's "by" when masqued itself acted, not the host. */
#define MQ_LOG_BY_SERVER	"masqued"
/* An entry's "by" when the host entered it for a player: the default of
 * `admin default`, the SET lines of `submit` (the catching up tells them
 * from a reply's by it: mailmark.c). */
#define MQ_LOG_BY_ADMIN	"admin"

enum mq_log_type {
	MQ_LOG_NONE = 0,
	MQ_LOG_GENESIS,
	MQ_LOG_COMMAND,
	MQ_LOG_REVEAL,
	MQ_LOG_TIMEOUT,
	MQ_LOG_ADMIN,
	MQ_LOG_END,
};

/* One parsed line. Points into the caller's line buffer. */
struct mq_log_entry {
	uint64_t seq;
	enum mq_log_type type;
	json_t *body;			/* parsed body; the filler owns it */
	const char *line;		/* body TAB hash TAB sig, no LF */
	size_t len;
	size_t body_len;		/* the body is line[0, body_len) */
	unsigned char hash[MQ_LOG_HASHLEN];
	unsigned char sig[MQ_LOG_SIGLEN];
};

/* What an append hands back, so the caller can build receipts. */
struct mq_log_signed {
	uint64_t seq;
	char *body;			/* canonical body, NUL-terminated */
	char hash[MQ_LOG_HEXLEN + 1];
	char sig[MQ_LOG_B64LEN + 1];
};

/* The running state of a chain check, one entry after another. */
struct mq_log_chain {
	uint64_t seq;			/* last entry accepted; 0 before any */
	unsigned char head[MQ_LOG_HASHLEN];	/* its hash */
	char game[16];			/* the first entry's game */
	unsigned char pk[MQ_LOG_PKLEN];	/* the trusted key */
	int have_pk;			/* 0: trust the genesis server_key */
	char kid[MQ_LOG_KIDLEN + 1];
};

/*
 * Append the canonical dump of v to out. Refuses (MQ_REFUSED) a real number
 * or a string holding NUL anywhere in v.
 */
int mq_log_canon(const json_t *v, struct mq_buf *out, struct mq_err *err);

/*
 * Append the canonical dump of one string (exactly what mq_log_canon writes
 * for it: jansson's escapes) without building a json_t. Refuses invalid
 * UTF-8 and NUL (MQ_REFUSED).
 */
int mq_log_canon_string(const char *s, size_t len, struct mq_buf *out,
    struct mq_err *err);

/* hash = BLAKE2b-256("masqued-log-v1\n" ‖ body). */
void mq_log_hash(const char *body, size_t len,
    unsigned char hash[MQ_LOG_HASHLEN]);

/* kid = hex of the first 8 bytes of BLAKE2b-256(pk). */
void mq_log_kid(const unsigned char pk[MQ_LOG_PKLEN],
    char kid[MQ_LOG_KIDLEN + 1]);

/*
 * MQ_BADDATA and the sentence for a receipt or checkpoint (what) signed by
 * pk, not the trusted key: both keys whole, as the mails show the server
 * key, with their kids.
 */
int mq_log_other_key(struct mq_err *err, const char *what,
    const unsigned char pk[MQ_LOG_PKLEN],
    const unsigned char trusted[MQ_LOG_PKLEN]);

/* Decode exactly 2n lower-case hex characters of s[0, slen); 0 if sound. */
int mq_log_unhex(const char *s, size_t slen, unsigned char *out, size_t n);

/* Decode a JSON string member that must hold the hex of n bytes. */
int mq_log_get_hex(const json_t *obj, const char *key, unsigned char *out,
    size_t n);

/* The type named by s, or MQ_LOG_NONE. */
enum mq_log_type mq_log_type_of(const char *s);

/*
 * Canonicalise body, hash it, sign the hash and append the whole line
 * (with its LF) to out. The hash is returned in hash if non-NULL.
 */
int mq_log_sign_line(const json_t *body, const unsigned char sk[MQ_LOG_SKLEN],
    struct mq_buf *out, unsigned char hash[MQ_LOG_HASHLEN],
    struct mq_err *err);

/*
 * Parse a body: JSON with no duplicate key, an object, no real, no NUL,
 * valid UTF-8, byte-identical to its own canonical dump (scratch is a
 * reusable buffer). On failure err holds a fragment without a leading
 * "entry N: " ("the body is not in canonical form."), for the caller to
 * wrap; memory running out while it parses is MQ_IO, never a body taken
 * for damaged (jload.h).
 */
int mq_log_parse_body(const char *body, size_t len, json_t **out,
    struct mq_buf *scratch, struct mq_err *err);

/*
 * Parse one line (without its LF): three fields, a canonical body, a hash
 * that matches it, a signature that decodes to 64 bytes. Sets every field
 * of e; e->body must be json_decref'd by the caller, on failure too (it
 * may be NULL). Errors name the entry "entry N: ", N being lineno.
 * With check == 0 the body is parsed but not checked (a line already
 * verified once): still never a body jansson parsed short of memory
 * (jload.h: MQ_IO).
 */
int mq_log_parse_line(const char *line, size_t len, uint64_t lineno,
    int check, struct mq_log_entry *e, struct mq_buf *scratch,
    struct mq_err *err);

/* Start a chain check; trusted_pk NULL means trust the genesis key. */
void mq_log_chain_init(struct mq_log_chain *c,
    const unsigned char *trusted_pk);

/*
 * Check the common fields of the next entry against the chain: v, seq,
 * prev, game, ts, type, kid, and for the genesis its server_key. Does not
 * check the signature and does not advance the chain.
 */
int mq_log_chain_fields(const struct mq_log_chain *c, const json_t *body,
    uint64_t seq, struct mq_err *err);

/* Check e fully (fields and signature) and advance the chain to it. */
int mq_log_chain_next(struct mq_log_chain *c, const struct mq_log_entry *e,
    int verify_sig, struct mq_err *err);

/* Fail with a sentence naming the entry: "entry 7: ...". */
int mq_log_fail(struct mq_err *err, int code, uint64_t seq, const char *fmt,
    ...) __attribute__((format(printf, 4, 5)));

/*
 * The sentence (no full stop) for entry seq, dated ts, when the entry
 * before it is dated later, prev: "entry 7 is dated 2026-09-21 10:00:00
 * UTC, before entry 6 (2026-09-21 10:30:00 UTC): the clock went back".
 * The host's clock was set back (or MASQUED_NOW pinned back): the entry is
 * logged with the time it was given, neither refused nor moved (a dispute
 * over a deadline reads these times), and append, verify, log and replay
 * say it (docs/disputes.md, "When the clock went back").
 */
void mq_log_clock_back(uint64_t seq, long long ts, long long prev, char *out,
    size_t n);

/* Free what an mq_log_signed holds (n of them). */
void mq_log_signed_free(struct mq_log_signed *s, size_t n);

#endif
