/*
 * log.c - one entry of a game log: canonical body, hash, signature, and
 * parsing and checking one line; see log.h and DESIGN.md "The game log".
 */
#include "log.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/clock.h"
#include "jload.h"

#define CANON_FLAGS	(JSON_COMPACT | JSON_SORT_KEYS)
#define LOG_PREFIX	"masqued-log-v1\n"

static const char *const type_names[] = {
	[MQ_LOG_GENESIS] = "genesis",
	[MQ_LOG_COMMAND] = "command",
	[MQ_LOG_REVEAL] = "reveal",
	[MQ_LOG_TIMEOUT] = "timeout",
	[MQ_LOG_ADMIN] = "admin",
	[MQ_LOG_END] = "end",
};

int
mq_log_fail(struct mq_err *err, int code, uint64_t seq, const char *fmt, ...)
{
	struct mq_buf b = MQ_BUF_INIT;
	va_list ap;

	if (err == NULL)
		return code;
	mq_buf_printf(&b, "entry %" PRIu64 ": ", seq);
	va_start(ap, fmt);
	mq_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	mq_fail(err, code, "%s", mq_buf_str(&b));
	mq_buf_free(&b);
	return code;
}

/* 0 if v holds no real and no string with a NUL in it. */
static int
check_values(const json_t *v)
{
	const char *key;
	json_t *m;
	size_t i;
	int rc;

	switch (json_typeof(v)) {
	case JSON_REAL:
		return -1;
	case JSON_STRING:
		return strlen(json_string_value(v)) == json_string_length(v) ?
		    0 : -2;
	case JSON_ARRAY:
		json_array_foreach(v, i, m)
			if ((rc = check_values(m)) != 0)
				return rc;
		return 0;
	case JSON_OBJECT:
		json_object_foreach((json_t *)v, key, m)
			if ((rc = check_values(m)) != 0)
				return rc;
		return 0;
	default:
		return 0;
	}
}

int
mq_log_canon(const json_t *v, struct mq_buf *out, struct mq_err *err)
{
	size_t room, n;
	char *s;
	int rc;

	if ((rc = check_values(v)) == -1)
		return mq_fail(err, MQ_REFUSED,
		    "the JSON holds a real number; only integers are allowed.");
	if (rc)
		return mq_fail(err, MQ_REFUSED, "a JSON string holds a NUL.");
	if (out->oom)
		return mq_fail(err, MQ_IO, "out of memory.");
	/* Dump straight into the buffer when it is big enough (the hot path). */
	room = out->cap > out->len + 1 ? out->cap - out->len - 1 : 0;
	n = json_dumpb(v, room ? out->data + out->len : NULL, room, CANON_FLAGS);
	if (n == 0)
		return mq_fail(err, MQ_IO, "cannot dump JSON.");
	if (n <= room) {
		out->len += n;
		out->data[out->len] = '\0';
		return 0;
	}
	/*
	 * Not json_dumps: jansson 2.14 ignores a failed write of an object key
	 * (dump.c calls dump_string without checking it), so under memory
	 * pressure json_dumps can succeed with a key missing, and we would sign
	 * that. json_dumpb's writer cannot fail, so a second call into a buffer
	 * of the size the first one reported is whole.
	 */
	if ((s = malloc(n + 1)) == NULL)
		return mq_fail(err, MQ_IO, "out of memory.");
	if (json_dumpb(v, s, n, CANON_FLAGS) != n) {
		free(s);
		return mq_fail(err, MQ_IO, "cannot dump JSON.");
	}
	rc = mq_buf_add(out, s, n);
	free(s);
	return rc ? mq_fail(err, MQ_IO, "out of memory.") : 0;
}

/* Length of the valid UTF-8 sequence at s (n bytes left), or 0. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	uint32_t cp;
	size_t len, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

int
mq_log_canon_string(const char *s, size_t len, struct mq_buf *out,
    struct mq_err *err)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	const char *esc;
	size_t n;

	mq_buf_putc(out, '"');
	while (p < end) {
		/* Copy the longest run that needs no escape in one go. */
		for (n = 0; p + n < end && p[n] >= 0x20 && p[n] != '"' &&
		    p[n] != '\\'; ) {
			size_t l = utf8_len(p + n, (size_t)(end - p - n));

			if (l == 0)
				return mq_fail(err, MQ_REFUSED,
				    "a string is not valid UTF-8.");
			n += l;
		}
		mq_buf_add(out, p, n);
		if ((p += n) == end)
			break;
		if (*p == 0)
			return mq_fail(err, MQ_REFUSED, "a JSON string holds a NUL.");
		esc = *p == '"' ? "\\\"" : *p == '\\' ? "\\\\" : *p == '\b' ?
		    "\\b" : *p == '\f' ? "\\f" : *p == '\n' ? "\\n" :
		    *p == '\r' ? "\\r" : *p == '\t' ? "\\t" : NULL;
		if (esc != NULL)
			mq_buf_puts(out, esc);
		else	/* jansson writes other controls with upper-case hex */
			mq_buf_printf(out, "\\u%04X", *p);
		p++;
	}
	if (mq_buf_putc(out, '"'))
		return mq_fail(err, MQ_IO, "out of memory.");
	return 0;
}

void
mq_log_hash(const char *body, size_t len, unsigned char hash[MQ_LOG_HASHLEN])
{
	crypto_generichash_state st;

	crypto_generichash_init(&st, NULL, 0, MQ_LOG_HASHLEN);
	crypto_generichash_update(&st, (const unsigned char *)LOG_PREFIX,
	    sizeof(LOG_PREFIX) - 1);
	crypto_generichash_update(&st, (const unsigned char *)body, len);
	crypto_generichash_final(&st, hash, MQ_LOG_HASHLEN);
}

void
mq_log_kid(const unsigned char pk[MQ_LOG_PKLEN], char kid[MQ_LOG_KIDLEN + 1])
{
	unsigned char h[MQ_LOG_HASHLEN];

	crypto_generichash(h, sizeof(h), pk, MQ_LOG_PKLEN, NULL, 0);
	sodium_bin2hex(kid, MQ_LOG_KIDLEN + 1, h, MQ_LOG_KIDLEN / 2);
}

int
mq_log_other_key(struct mq_err *err, const char *what,
    const unsigned char pk[MQ_LOG_PKLEN],
    const unsigned char trusted[MQ_LOG_PKLEN])
{
	char hex[MQ_LOG_HEXLEN + 1], kid[MQ_LOG_KIDLEN + 1];
	char thex[MQ_LOG_HEXLEN + 1], tkid[MQ_LOG_KIDLEN + 1];

	sodium_bin2hex(hex, sizeof(hex), pk, MQ_LOG_PKLEN);
	sodium_bin2hex(thex, sizeof(thex), trusted, MQ_LOG_PKLEN);
	mq_log_kid(pk, kid);
	mq_log_kid(trusted, tkid);
	return mq_fail(err, MQ_BADDATA, "The %s is signed by another key than "
	    "the trusted one: by the key %s (kid %s), not %s (kid %s).", what,
	    hex, kid, thex, tkid);
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int
mq_log_unhex(const char *s, size_t slen, unsigned char *out, size_t n)
{
	size_t i;
	int hi, lo;

	if (slen != 2 * n)
		return -1;
	for (i = 0; i < n; i++) {
		if ((hi = hexval(s[2 * i])) < 0 || (lo = hexval(s[2 * i + 1])) < 0)
			return -1;
		out[i] = (unsigned char)(hi << 4 | lo);
	}
	return 0;
}

int
mq_log_get_hex(const json_t *obj, const char *key, unsigned char *out, size_t n)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_string(v))
		return -1;
	return mq_log_unhex(json_string_value(v), json_string_length(v), out, n);
}

enum mq_log_type
mq_log_type_of(const char *s)
{
	size_t i;

	for (i = 1; i < sizeof(type_names) / sizeof(type_names[0]); i++)
		if (strcmp(s, type_names[i]) == 0)
			return (enum mq_log_type)i;
	return MQ_LOG_NONE;
}

int
mq_log_sign_line(const json_t *body, const unsigned char sk[MQ_LOG_SKLEN],
    struct mq_buf *out, unsigned char hash[MQ_LOG_HASHLEN], struct mq_err *err)
{
	unsigned char h[MQ_LOG_HASHLEN], sig[MQ_LOG_SIGLEN];
	char hex[MQ_LOG_HEXLEN + 1], b64[MQ_LOG_B64LEN + 1];
	size_t start = out->len;

	MQ_TRY(mq_log_canon(body, out, err));
	mq_log_hash(out->data + start, out->len - start, h);
	crypto_sign_detached(sig, NULL, h, sizeof(h), sk);
	sodium_bin2hex(hex, sizeof(hex), h, sizeof(h));
	sodium_bin2base64(b64, sizeof(b64), sig, sizeof(sig),
	    sodium_base64_VARIANT_ORIGINAL);
	mq_buf_putc(out, '\t');
	mq_buf_add(out, hex, MQ_LOG_HEXLEN);
	mq_buf_putc(out, '\t');
	mq_buf_add(out, b64, MQ_LOG_B64LEN);
	if (mq_buf_putc(out, '\n'))
		return mq_fail(err, MQ_IO, "out of memory.");
	if (hash != NULL)
		memcpy(hash, h, sizeof(h));
	return 0;
}

/* A sentence for a body jansson would not load. */
static int
load_fail(const json_error_t *je, struct mq_err *err)
{
	switch (json_error_code(je)) {
	case json_error_duplicate_key:
		return mq_fail(err, MQ_BADDATA,
		    "the body has a duplicate key (%s).", je->text);
	case json_error_invalid_utf8:
		return mq_fail(err, MQ_BADDATA, "the body is not valid UTF-8.");
	case json_error_null_character:
	case json_error_null_byte_in_key:
		return mq_fail(err, MQ_BADDATA, "the body holds a NUL (\\u0000).");
	case json_error_numeric_overflow:
		return mq_fail(err, MQ_BADDATA,
		    "the body holds a number out of range.");
	case json_error_out_of_memory:
		return mq_fail(err, MQ_IO, "out of memory.");
	default:
		return mq_fail(err, MQ_BADDATA, "the body is not JSON (%s).",
		    je->text);
	}
}

int
mq_log_parse_body(const char *body, size_t len, json_t **out,
    struct mq_buf *scratch, struct mq_err *err)
{
	json_error_t je;
	json_t *v;
	int rc;

	*out = NULL;
	if (memchr(body, '\0', len) != NULL)
		return mq_fail(err, MQ_BADDATA, "the body holds a NUL byte.");
	/* jload.h: a failed allocation is always json_error_out_of_memory,
	 * never a syntax error or a body not canonical */
	if ((v = mq_json_loadb(body, len, JSON_REJECT_DUPLICATES, &je)) == NULL)
		return load_fail(&je, err);
	if (!json_is_object(v)) {
		json_decref(v);
		return mq_fail(err, MQ_BADDATA, "the body is not a JSON object.");
	}
	if ((rc = check_values(v)) != 0) {
		json_decref(v);
		return mq_fail(err, MQ_BADDATA, rc == -1 ?
		    "the body holds a real number." :
		    "the body holds a NUL (\\u0000).");
	}
	mq_buf_reset(scratch);
	if ((rc = mq_log_canon(v, scratch, err)) != 0) {
		json_decref(v);
		return rc;
	}
	if (scratch->len != len || memcmp(scratch->data, body, len) != 0) {
		json_decref(v);
		return mq_fail(err, MQ_BADDATA,
		    "the body is not in canonical form.");
	}
	*out = v;
	return 0;
}

/* Split "a TAB b TAB c" into exactly three fields. */
static int
split3(const char *line, size_t len, size_t *t1, size_t *t2)
{
	const char *p, *q;

	if ((p = memchr(line, '\t', len)) == NULL)
		return -1;
	*t1 = (size_t)(p - line);
	if ((q = memchr(p + 1, '\t', len - *t1 - 1)) == NULL)
		return -1;
	*t2 = (size_t)(q - line);
	if (memchr(q + 1, '\t', len - *t2 - 1) != NULL)
		return -1;
	return 0;
}

static int
decode_sig(const char *s, size_t len, unsigned char sig[MQ_LOG_SIGLEN])
{
	size_t binlen;
	const char *end;

	if (len != MQ_LOG_B64LEN)
		return -1;
	if (sodium_base642bin(sig, MQ_LOG_SIGLEN, s, len, NULL, &binlen, &end,
	    sodium_base64_VARIANT_ORIGINAL) != 0)
		return -1;
	return binlen == MQ_LOG_SIGLEN && end == s + len ? 0 : -1;
}

int
mq_log_parse_line(const char *line, size_t len, uint64_t lineno, int check,
    struct mq_log_entry *e, struct mq_buf *scratch, struct mq_err *err)
{
	struct mq_err sub;
	unsigned char h[MQ_LOG_HASHLEN];
	json_error_t je;
	json_t *v;
	size_t t1, t2;
	int rc;

	memset(e, 0, sizeof(*e));
	e->line = line;
	e->len = len;
	if (split3(line, len, &t1, &t2) != 0)
		return mq_log_fail(err, MQ_BADDATA, lineno,
		    "the line does not have exactly three TAB-separated fields.");
	e->body_len = t1;
	if (check) {
		mq_err_clear(&sub);
		if ((rc = mq_log_parse_body(line, t1, &e->body, scratch, &sub)))
			return mq_log_fail(err, rc, lineno, "%s", sub.msg);
	} else if ((e->body = mq_json_loadb(line, t1, 0, &je)) == NULL)
		/* verified when the log was opened: only memory fails it now,
		 * and jload.h never gives a body parsed short of it */
		return mq_log_fail(err, MQ_IO, lineno,
		    "out of memory reloading the body.");
	if (mq_log_unhex(line + t1 + 1, t2 - t1 - 1, e->hash, sizeof(e->hash)))
		return mq_log_fail(err, MQ_BADDATA, lineno,
		    "the hash is not 64 lower-case hex digits.");
	if (check) {
		mq_log_hash(line, t1, h);
		if (memcmp(h, e->hash, sizeof(h)) != 0)
			return mq_log_fail(err, MQ_BADDATA, lineno,
			    "the hash does not match the body.");
	}
	if (len > t2 + 1 && line[len - 1] == '\r' && decode_sig(line + t2 + 1,
	    len - t2 - 2, e->sig) == 0)
		/* saved again by an editor that ends lines so */
		return mq_log_fail(err, MQ_BADDATA, lineno,
		    "the line ends in CR LF; a log's lines end in LF alone "
		    "(the file was saved with Windows line ends).");
	if (decode_sig(line + t2 + 1, len - t2 - 1, e->sig))
		return mq_log_fail(err, MQ_BADDATA, lineno,
		    "the signature is not base64 of 64 bytes.");
	v = json_object_get(e->body, "seq");
	e->seq = json_is_integer(v) && json_integer_value(v) > 0 ?
	    (uint64_t)json_integer_value(v) : 0;
	v = json_object_get(e->body, "type");
	e->type = json_is_string(v) ? mq_log_type_of(json_string_value(v)) :
	    MQ_LOG_NONE;
	return 0;
}

void
mq_log_chain_init(struct mq_log_chain *c, const unsigned char *trusted_pk)
{
	memset(c, 0, sizeof(*c));
	if (trusted_pk != NULL) {
		memcpy(c->pk, trusted_pk, MQ_LOG_PKLEN);
		c->have_pk = 1;
		mq_log_kid(c->pk, c->kid);
	}
}

/* Game ids are 8 characters of lower-case base32 (RFC 4648 alphabet). */
static int
game_id_ok(const char *s)
{
	size_t i;

	for (i = 0; s[i] != '\0'; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '2' && s[i] <= '7')))
			return 0;
	return i == 8;
}

static int
check_genesis_key(const struct mq_log_chain *c, const json_t *body,
    uint64_t seq, struct mq_err *err)
{
	unsigned char pk[MQ_LOG_PKLEN];
	char kid[MQ_LOG_KIDLEN + 1], hex[2 * MQ_LOG_PKLEN + 1];
	char want[2 * MQ_LOG_PKLEN + 1];

	if (mq_log_get_hex(body, "server_key", pk, sizeof(pk)))
		return mq_log_fail(err, MQ_BADDATA, seq,
		    "the genesis has no server_key of 64 hex digits.");
	if (c->have_pk && memcmp(pk, c->pk, sizeof(pk)) != 0) {
		/* the whole keys, as the mails show the server key: a kid
		 * alone is not what a host or player holds to compare */
		mq_log_kid(pk, kid);
		sodium_bin2hex(hex, sizeof(hex), pk, sizeof(pk));
		sodium_bin2hex(want, sizeof(want), c->pk, sizeof(c->pk));
		return mq_log_fail(err, MQ_BADDATA, seq, "the log is signed by "
		    "another key than the trusted one: by the key %s (kid %s), "
		    "not %s (kid %s).", hex, kid, want, c->kid);
	}
	return 0;
}

static int
check_int(const json_t *body, const char *key, json_int_t *out)
{
	json_t *v = json_object_get(body, key);

	if (!json_is_integer(v))
		return -1;
	*out = json_integer_value(v);
	return 0;
}

int
mq_log_chain_fields(const struct mq_log_chain *c, const json_t *body,
    uint64_t seq, struct mq_err *err)
{
	char hex[MQ_LOG_HEXLEN + 1], kid[MQ_LOG_KIDLEN + 1];
	unsigned char pk[MQ_LOG_PKLEN];
	const char *s;
	json_int_t n;
	json_t *v;

	if (check_int(body, "v", &n) || n != 1)
		return mq_log_fail(err, MQ_BADDATA, seq, "v is not 1.");
	if (check_int(body, "seq", &n))
		return mq_log_fail(err, MQ_BADDATA, seq, "seq is not an integer.");
	/* which it looks like: a line removed here, or one repeated */
	if (n != (json_int_t)(c->seq + 1))
		return mq_log_fail(err, MQ_BADDATA, seq,
		    "seq is %lld, expected %" PRIu64 ": %s.", (long long)n, c->seq + 1,
		    n > (json_int_t)(c->seq + 1) ? "an entry is missing here, or "
		    "out of place" : "an earlier entry again, or one out of place");
	v = json_object_get(body, "prev");
	if (c->seq == 0)
		memset(hex, '0', MQ_LOG_HEXLEN);
	else
		sodium_bin2hex(hex, sizeof(hex), c->head, sizeof(c->head));
	hex[MQ_LOG_HEXLEN] = '\0';
	if (!json_is_string(v) || strcmp(json_string_value(v), hex) != 0)
		return mq_log_fail(err, MQ_BADDATA, seq,
		    "prev is not the previous entry's hash.");
	v = json_object_get(body, "game");
	if (!json_is_string(v) || !game_id_ok(json_string_value(v)))
		return mq_log_fail(err, MQ_BADDATA, seq,
		    "game is not an 8-character game id.");
	if (c->seq > 0 && strcmp(json_string_value(v), c->game) != 0)
		return mq_log_fail(err, MQ_BADDATA, seq,
		    "game is \"%s\", not the log's \"%s\".",
		    json_string_value(v), c->game);
	if (check_int(body, "ts", &n) || n < 0)
		return mq_log_fail(err, MQ_BADDATA, seq,
		    "ts is not a non-negative integer.");
	v = json_object_get(body, "type");
	if (!json_is_string(v))
		return mq_log_fail(err, MQ_BADDATA, seq,
		    "the type is missing or not a string.");
	s = json_string_value(v);
	if (mq_log_type_of(s) == MQ_LOG_NONE)
		return mq_log_fail(err, MQ_BADDATA, seq, "unknown type \"%s\".", s);
	if ((c->seq == 0) != (mq_log_type_of(s) == MQ_LOG_GENESIS))
		return mq_log_fail(err, MQ_BADDATA, seq, c->seq == 0 ?
		    "the first entry is not a genesis." :
		    "a genesis after the first entry.");
	if (c->seq == 0)
		MQ_TRY(check_genesis_key(c, body, seq, err));
	v = json_object_get(body, "kid");
	memset(pk, 0, sizeof(pk));
	if (c->have_pk) {
		memcpy(pk, c->pk, sizeof(pk));
		memcpy(kid, c->kid, sizeof(kid));
	} else {
		mq_log_get_hex(body, "server_key", pk, sizeof(pk));
		mq_log_kid(pk, kid);
	}
	if (!json_is_string(v) || strcmp(json_string_value(v), kid) != 0) {
		/* the key it should be, whole (the mails show it so), and
		 * the kid the entry names in its place */
		sodium_bin2hex(hex, sizeof(hex), pk, sizeof(pk));
		return mq_log_fail(err, MQ_BADDATA, seq,
		    "the kid does not match the %s key: the entry names kid "
		    "%.64s, the %s key is %s (kid %s).", c->have_pk ? "trusted" :
		    "log's", json_is_string(v) ? json_string_value(v) :
		    "none", c->have_pk ? "trusted" : "log's", hex, kid);
	}
	return 0;
}

int
mq_log_chain_next(struct mq_log_chain *c, const struct mq_log_entry *e,
    int verify_sig, struct mq_err *err)
{
	uint64_t seq = c->seq + 1;

	MQ_TRY(mq_log_chain_fields(c, e->body, seq, err));
	if (seq == 1) {
		mq_strlcpy(c->game, json_string_value(json_object_get(e->body,
		    "game")), sizeof(c->game));
		if (!c->have_pk) {
			mq_log_get_hex(e->body, "server_key", c->pk, sizeof(c->pk));
			mq_log_kid(c->pk, c->kid);
			c->have_pk = 1;
		}
	}
	if (verify_sig && crypto_sign_verify_detached(e->sig, e->hash,
	    sizeof(e->hash), c->pk) != 0)
		return mq_log_fail(err, MQ_BADDATA, seq,
		    "the signature does not verify.");
	c->seq = seq;
	memcpy(c->head, e->hash, sizeof(c->head));
	return 0;
}

void
mq_log_clock_back(uint64_t seq, long long ts, long long prev, char *out,
    size_t n)
{
	char a[64], b[64];

	mq_clock_utc(ts, 1, a, sizeof(a));
	mq_clock_utc(prev, 1, b, sizeof(b));
	snprintf(out, n, "entry %llu is dated %s, before entry %llu (%s): "
	    "the clock went back", (unsigned long long)seq, a,
	    (unsigned long long)(seq - 1), b);
}

void
mq_log_signed_free(struct mq_log_signed *s, size_t n)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < n; i++) {
		free(s[i].body);
		s[i].body = NULL;
	}
}
