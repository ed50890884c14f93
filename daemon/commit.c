/*
 * commit.c - seed commitment, salts and commitments of secret commands, and
 * checking them in a log; see commit.h.
 */
#include "commit.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#define SALT_PREFIX	"masqued-salt-v1\n"
#define COMMIT_PREFIX	"masqued-commit-v1\n"
#define BLIND_PREFIX	"masqued-blind-v1\n"

void
mq_commit_seed(const unsigned char seed[MQ_COMMIT_LEN],
    const unsigned char salt[MQ_COMMIT_LEN], unsigned char out[MQ_COMMIT_LEN])
{
	unsigned char m[2 * MQ_COMMIT_LEN];

	memcpy(m, seed, MQ_COMMIT_LEN);
	memcpy(m + MQ_COMMIT_LEN, salt, MQ_COMMIT_LEN);
	crypto_generichash(out, MQ_COMMIT_LEN, m, sizeof(m), NULL, 0);
	sodium_memzero(m, sizeof(m));
}

/* out = H(key, prefix ‖ scratch). */
static int
keyed_hash(const unsigned char key[MQ_COMMIT_LEN], const char *prefix,
    struct mq_buf *scratch, unsigned char out[MQ_COMMIT_LEN],
    struct mq_err *err)
{
	crypto_generichash_state st;

	if (scratch->oom)
		return mq_fail(err, MQ_IO, "Out of memory.");
	crypto_generichash_init(&st, key, MQ_COMMIT_LEN, MQ_COMMIT_LEN);
	crypto_generichash_update(&st, (const unsigned char *)prefix,
	    strlen(prefix));
	crypto_generichash_update(&st, (const unsigned char *)scratch->data,
	    scratch->len);
	crypto_generichash_final(&st, out, MQ_COMMIT_LEN);
	return 0;
}

/*
 * The canonical JSON of these small fixed objects is written directly (keys
 * in sorted order): building a json_t for each would cost more than the
 * hash. test_commit checks the bytes against mq_log_canon.
 */
static int
put_str(struct mq_buf *b, const char *key, const char *s, struct mq_err *err)
{
	mq_buf_puts(b, key);
	return mq_log_canon_string(s, strlen(s), b, err);
}

static int
salt_of(const unsigned char seed[MQ_COMMIT_LEN], const char *game,
    const char *player, uint64_t seq, uint64_t index, struct mq_buf *scratch,
    unsigned char out[MQ_COMMIT_LEN], struct mq_err *err)
{
	mq_buf_reset(scratch);
	MQ_TRY(put_str(scratch, "{\"game\":", game, err));
	mq_buf_printf(scratch, ",\"index\":%" PRIu64, index);
	MQ_TRY(put_str(scratch, ",\"player\":", player, err));
	mq_buf_printf(scratch, ",\"seq\":%" PRIu64 "}", seq);
	return keyed_hash(seed, SALT_PREFIX, scratch, out, err);
}

static int
blind_of(const unsigned char seed[MQ_COMMIT_LEN], const char *game,
    uint64_t seq, struct mq_buf *scratch, unsigned char out[MQ_COMMIT_LEN],
    struct mq_err *err)
{
	mq_buf_reset(scratch);
	MQ_TRY(put_str(scratch, "{\"game\":", game, err));
	mq_buf_printf(scratch, ",\"seq\":%" PRIu64 "}", seq);
	return keyed_hash(seed, BLIND_PREFIX, scratch, out, err);
}

static int
commit_of(const unsigned char salt[MQ_COMMIT_LEN], const char *command,
    const char *game, const char *player, uint64_t seq, struct mq_buf *scratch,
    unsigned char out[MQ_COMMIT_LEN], struct mq_err *err)
{
	mq_buf_reset(scratch);
	MQ_TRY(put_str(scratch, "{\"command\":", command, err));
	MQ_TRY(put_str(scratch, ",\"game\":", game, err));
	MQ_TRY(put_str(scratch, ",\"player\":", player, err));
	mq_buf_printf(scratch, ",\"seq\":%" PRIu64 "}", seq);
	return keyed_hash(salt, COMMIT_PREFIX, scratch, out, err);
}

int
mq_commit_salt(const unsigned char seed[MQ_COMMIT_LEN], const char *game,
    const char *player, uint64_t seq, uint64_t index,
    unsigned char out[MQ_COMMIT_LEN], struct mq_err *err)
{
	struct mq_buf scratch = MQ_BUF_INIT;
	int rc;

	rc = salt_of(seed, game, player, seq, index, &scratch, out, err);
	mq_buf_free(&scratch);
	return rc;
}

int
mq_commit_commit(const unsigned char salt[MQ_COMMIT_LEN], const char *command,
    const char *game, const char *player, uint64_t seq,
    unsigned char out[MQ_COMMIT_LEN], struct mq_err *err)
{
	struct mq_buf scratch = MQ_BUF_INIT;
	int rc;

	rc = commit_of(salt, command, game, player, seq, &scratch, out, err);
	mq_buf_free(&scratch);
	return rc;
}

static int
set_hex(json_t *obj, const char *key, const unsigned char *bin, size_t n,
    struct mq_err *err)
{
	char hex[2 * MQ_COMMIT_LEN + 1];

	sodium_bin2hex(hex, sizeof(hex), bin, n);
	if (json_object_set_new(obj, key, json_string(hex)) != 0)
		return mq_fail(err, MQ_IO, "Out of memory.");
	return 0;
}

int
mq_commit_genesis(json_t *genesis, const unsigned char seed[MQ_COMMIT_LEN],
    const unsigned char salt[MQ_COMMIT_LEN], struct mq_err *err)
{
	unsigned char c[MQ_COMMIT_LEN];

	mq_commit_seed(seed, salt, c);
	MQ_TRY(set_hex(genesis, "seed", seed, MQ_COMMIT_LEN, err));
	MQ_TRY(set_hex(genesis, "seed_salt", salt, MQ_COMMIT_LEN, err));
	return set_hex(genesis, "seed_commit", c, MQ_COMMIT_LEN, err);
}

/* The fields every command entry needs for its salts. */
static int
command_fields(const json_t *body, const char **game, const char **player,
    uint64_t *seq, json_t **cmds)
{
	json_t *g = json_object_get(body, "game");
	json_t *p = json_object_get(body, "player");
	json_t *s = json_object_get(body, "seq");

	*cmds = json_object_get(body, "commands");
	if (!json_is_string(g) || !json_is_string(p) || !json_is_integer(s) ||
	    json_integer_value(s) < 1 || !json_is_array(*cmds))
		return -1;
	*game = json_string_value(g);
	*player = json_string_value(p);
	*seq = (uint64_t)json_integer_value(s);
	return 0;
}

int
mq_commit_fill(json_t *body, const unsigned char seed[MQ_COMMIT_LEN],
    struct mq_err *err)
{
	struct mq_buf scratch = MQ_BUF_INIT;
	unsigned char salt[MQ_COMMIT_LEN], com[MQ_COMMIT_LEN];
	const char *game, *player;
	json_t *cmds, *cmd, *text;
	uint64_t seq;
	size_t i;
	int rc = 0;

	if (command_fields(body, &game, &player, &seq, &cmds))
		return mq_fail(err, MQ_REFUSED, "a command entry needs game, "
		    "player, seq and a list of commands.");
	json_array_foreach(cmds, i, cmd) {
		text = json_object_get(cmd, "text");
		if (!json_is_string(text) ||
		    !json_is_boolean(json_object_get(cmd, "secret"))) {
			rc = mq_fail(err, MQ_REFUSED, "command %zu needs a text "
			    "and a secret flag.", i + 1);
			break;
		}
		if (!json_is_true(json_object_get(cmd, "secret")))
			continue;
		if ((rc = salt_of(seed, game, player, seq, i, &scratch, salt,
		    err)) != 0 || (rc = commit_of(salt, json_string_value(text),
		    game, player, seq, &scratch, com, err)) != 0 ||
		    (rc = set_hex(cmd, "salt", salt, sizeof(salt), err)) != 0 ||
		    (rc = set_hex(cmd, "commit", com, sizeof(com), err)) != 0)
			break;
	}
	mq_buf_free(&scratch);
	return rc;
}

/* A command or timeout entry, or a player's own setting (SET LANG, SET
 * NOTICES: the host's `admin` entry of it, which the others cannot see):
 * its game and seq, for the blind. */
static int
blind_fields(const json_t *body, const char **game, uint64_t *seq)
{
	const char *t = json_string_value(json_object_get(body, "type"));
	const char *a = json_string_value(json_object_get(body, "action"));
	json_t *g = json_object_get(body, "game");
	json_t *s = json_object_get(body, "seq");

	if (t == NULL || (strcmp(t, "command") != 0 && strcmp(t, "timeout") != 0 &&
	    (strcmp(t, "admin") != 0 || a == NULL || (strcmp(a, "lang") != 0 &&
	    strcmp(a, "notices") != 0))))
		return 1;
	if (!json_is_string(g) || !json_is_integer(s) || json_integer_value(s) < 1)
		return -1;
	*game = json_string_value(g);
	*seq = (uint64_t)json_integer_value(s);
	return 0;
}

int
mq_commit_blind(json_t *body, const unsigned char seed[MQ_COMMIT_LEN],
    struct mq_err *err)
{
	struct mq_buf scratch = MQ_BUF_INIT;
	unsigned char b[MQ_COMMIT_LEN];
	const char *game;
	uint64_t seq;
	int rc;

	rc = blind_fields(body, &game, &seq);
	if (rc > 0 || json_object_get(body, "msg") != NULL)
		return 0;
	if (rc < 0)
		return mq_fail(err, MQ_REFUSED, "an entry with a blind needs "
		    "game and seq.");
	if ((rc = blind_of(seed, game, seq, &scratch, b, err)) == 0)
		rc = set_hex(body, "blind", b, sizeof(b), err);
	mq_buf_free(&scratch);
	return rc;
}

void
mq_commit_check_init(struct mq_commit_check *c)
{
	memset(c, 0, sizeof(*c));
	mq_buf_init(&c->scratch);
}

void
mq_commit_check_free(struct mq_commit_check *c)
{
	free(c->types);
	mq_buf_free(&c->scratch);
	sodium_memzero(c->seed, sizeof(c->seed));
	mq_commit_check_init(c);
}

static int
record_type(struct mq_commit_check *c, uint64_t seq, enum mq_log_type t,
    struct mq_err *err)
{
	unsigned char *p;
	size_t cap;

	if (seq != c->ntypes + 1)
		mq_fatal("commit check out of order: %zu after %zu",
		    (size_t)seq, c->ntypes);
	if (c->ntypes + 1 >= c->cap) {
		cap = c->cap ? 2 * c->cap : 256;
		if ((p = realloc(c->types, cap)) == NULL)
			return mq_fail(err, MQ_IO, "Out of memory.");
		c->types = p;
		c->cap = cap;
	}
	c->types[++c->ntypes] = (unsigned char)t;
	return 0;
}

static int
check_genesis(struct mq_commit_check *c, const json_t *body,
    struct mq_err *err)
{
	unsigned char salt[MQ_COMMIT_LEN], com[MQ_COMMIT_LEN];
	unsigned char want[MQ_COMMIT_LEN];

	if (mq_log_get_hex(body, "seed", c->seed, MQ_COMMIT_LEN) ||
	    mq_log_get_hex(body, "seed_salt", salt, MQ_COMMIT_LEN) ||
	    mq_log_get_hex(body, "seed_commit", com, MQ_COMMIT_LEN))
		return mq_log_fail(err, MQ_BADDATA, 1, "the genesis needs seed, "
		    "seed_salt and seed_commit of 64 hex digits each.");
	mq_commit_seed(c->seed, salt, want);
	if (memcmp(want, com, sizeof(com)) != 0)
		return mq_log_fail(err, MQ_BADDATA, 1, "seed_commit is not the "
		    "commitment to seed and seed_salt.");
	c->have_seed = 1;
	return 0;
}

/* One secret command: its salt and commit are the ones recomputed. */
static int
check_secret(struct mq_commit_check *c, const json_t *cmd, const char *game,
    const char *player, uint64_t seq, size_t i, struct mq_err *err)
{
	unsigned char salt[MQ_COMMIT_LEN], com[MQ_COMMIT_LEN];
	unsigned char have[MQ_COMMIT_LEN];
	const char *text = json_string_value(json_object_get(cmd, "text"));
	struct mq_err sub;
	int rc;

	mq_err_clear(&sub);
	if ((rc = salt_of(c->seed, game, player, seq, i, &c->scratch, salt,
	    &sub)) != 0 || (rc = commit_of(salt, text, game, player, seq,
	    &c->scratch, com, &sub)) != 0)
		return mq_log_fail(err, rc, seq, "command %zu: %s", i + 1, sub.msg);
	if (mq_log_get_hex(cmd, "salt", have, sizeof(have)) != 0 ||
	    memcmp(have, salt, sizeof(salt)) != 0)
		return mq_log_fail(err, MQ_BADDATA, seq, "the salt of command "
		    "%zu is not the one the seed gives.", i + 1);
	if (mq_log_get_hex(cmd, "commit", have, sizeof(have)) != 0 ||
	    memcmp(have, com, sizeof(com)) != 0)
		return mq_log_fail(err, MQ_BADDATA, seq, "the commitment of "
		    "command %zu does not match its text and salt.", i + 1);
	return 0;
}

static int
check_command(struct mq_commit_check *c, uint64_t seq, const json_t *body,
    struct mq_err *err)
{
	const char *game, *player;
	json_t *cmds, *cmd, *secret;
	uint64_t bseq;
	size_t i;

	if (command_fields(body, &game, &player, &bseq, &cmds) || bseq != seq)
		return mq_log_fail(err, MQ_BADDATA, seq, "a command entry needs "
		    "a player and a list of commands.");
	json_array_foreach(cmds, i, cmd) {
		secret = json_object_get(cmd, "secret");
		if (!json_is_string(json_object_get(cmd, "text")) ||
		    !json_is_boolean(secret))
			return mq_log_fail(err, MQ_BADDATA, seq, "command %zu "
			    "needs a text and a secret flag.", i + 1);
		if (json_is_true(secret))
			MQ_TRY(check_secret(c, cmd, game, player, seq, i, err));
		else if (json_object_get(cmd, "salt") != NULL ||
		    json_object_get(cmd, "commit") != NULL)
			return mq_log_fail(err, MQ_BADDATA, seq, "command %zu is "
			    "not secret but carries a salt or commit.", i + 1);
	}
	return 0;
}

/* The blind, when there is one, is the one the seed gives: nothing else
 * may ride in it. */
static int
check_blind(struct mq_commit_check *c, uint64_t seq, const json_t *body,
    struct mq_err *err)
{
	unsigned char want[MQ_COMMIT_LEN], have[MQ_COMMIT_LEN];
	const char *game;
	uint64_t bseq;
	struct mq_err sub;
	int rc;

	if (json_object_get(body, "blind") == NULL)
		return 0;
	if (blind_fields(body, &game, &bseq) != 0 || bseq != seq ||
	    json_object_get(body, "msg") != NULL)
		return mq_log_fail(err, MQ_BADDATA, seq, "only a command, "
		    "timeout or setting entry that no message carries has a "
		    "blind.");
	mq_err_clear(&sub);
	if ((rc = blind_of(c->seed, game, seq, &c->scratch, want, &sub)) != 0)
		return mq_log_fail(err, rc, seq, "%s", sub.msg);
	if (mq_log_get_hex(body, "blind", have, sizeof(have)) != 0 ||
	    memcmp(have, want, sizeof(want)) != 0)
		return mq_log_fail(err, MQ_BADDATA, seq, "the blind is not the "
		    "one the seed gives.");
	return 0;
}

static int
check_reveal(struct mq_commit_check *c, uint64_t seq, const json_t *body,
    struct mq_err *err)
{
	json_t *opens = json_object_get(body, "opens"), *v;
	json_int_t s;
	size_t i;

	if (!json_is_array(opens))
		return mq_log_fail(err, MQ_BADDATA, seq,
		    "a reveal needs a list of the seqs it opens.");
	json_array_foreach(opens, i, v) {
		s = json_is_integer(v) ? json_integer_value(v) : 0;
		if (s < 1 || (uint64_t)s >= seq)
			return mq_log_fail(err, MQ_BADDATA, seq, "the reveal "
			    "opens an entry that is not an earlier one.");
		if (c->types[s] != MQ_LOG_COMMAND)
			return mq_log_fail(err, MQ_BADDATA, seq, "the reveal "
			    "opens entry %lld, which is not a command.",
			    (long long)s);
	}
	return 0;
}

int
mq_commit_check(struct mq_commit_check *c, uint64_t seq, const json_t *body,
    int recompute, struct mq_err *err)
{
	json_t *tv = json_object_get(body, "type");
	enum mq_log_type t;

	t = json_is_string(tv) ? mq_log_type_of(json_string_value(tv)) :
	    MQ_LOG_NONE;
	if (t == MQ_LOG_GENESIS && !c->have_seed)
		MQ_TRY(check_genesis(c, body, err));
	else if (recompute && t == MQ_LOG_COMMAND)
		MQ_TRY(check_command(c, seq, body, err));
	else if (recompute && t == MQ_LOG_REVEAL)
		MQ_TRY(check_reveal(c, seq, body, err));
	if (recompute)
		MQ_TRY(check_blind(c, seq, body, err));
	return record_type(c, seq, t, err);
}
