/*
 * keys.h - the server's key files in DATADIR/keys/.
 *
 * server.key holds the raw 32-byte Ed25519 seed (0600), server.pub the
 * public key as 64 hex characters and LF (0644), tag.key 32 random bytes,
 * the secret for reply tags (0600).
 */
#ifndef MQ_KEYS_H
#define MQ_KEYS_H

#include "err.h"
#include "log.h"

#define MQ_KEYS_TAGLEN	32

struct mq_keys {
	unsigned char pk[MQ_LOG_PKLEN];
	unsigned char sk[MQ_LOG_SKLEN];		/* crypto_sign secret key */
	unsigned char tag[MQ_KEYS_TAGLEN];	/* secret for reply tags */
};

/*
 * Make DATADIR/keys/ and the three key files, fsynced. Refuses
 * (MQ_REFUSED) if any of them exists. Fills k if non-NULL.
 */
int mq_keys_create(const char *datadir, struct mq_keys *k,
    struct mq_err *err);

/* 1 when DATADIR/keys.new is a folder an init killed partway left (a
 * folder, not a link, holding only key files), which init takes over. */
int mq_keys_new_left(const char *datadir);

/*
 * Load server.key and tag.key (MQ_IO naming the file if one is missing,
 * unreadable or of the wrong size); server.pub, if present, must match.
 */
int mq_keys_load(const char *datadir, struct mq_keys *k, struct mq_err *err);

/* Load DATADIR/keys/server.pub (MQ_IO naming the file on failure). */
int mq_keys_load_pub(const char *datadir, unsigned char pk[MQ_LOG_PKLEN],
    struct mq_err *err);

/*
 * A public key given by the user (--key PUB): 64 hex characters, or the path
 * of a file holding them (an LF after them is allowed) or 32 raw bytes.
 * MQ_USAGE for a value that is only hex digits, but not 64 (a key mistyped,
 * not a file's name); MQ_IO for a file that is not there, cannot be read,
 * or holds no key: each said apart.
 */
int mq_keys_parse_pub(const char *arg, unsigned char pk[MQ_LOG_PKLEN],
    struct mq_err *err);

/* Wipe the secrets from memory. */
void mq_keys_wipe(struct mq_keys *k);

#endif
