/*
 * receipt.c - signed receipts for one log entry; see receipt.h. A receipt
 * stands alone: checking one needs only its own bytes (and, to catch a
 * host, the log it should agree with). Also the SET lines the receipt
 * mail lists beside a player's commands.
 */
#include "receipt.h"

#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "daemon/inbound.h"
#include "jload.h"
#include "logfile.h"

#define RECEIPT_FORMAT	"masqued-receipt-v1"

int
mq_receipt_make(const struct mq_log_signed *e,
    const unsigned char pk[MQ_LOG_PKLEN], char **out, struct mq_err *err)
{
	char pkhex[MQ_LOG_HEXLEN + 1];
	struct mq_buf b = MQ_BUF_INIT;
	json_t *doc;
	char *s;

	*out = NULL;
	sodium_bin2hex(pkhex, sizeof(pkhex), pk, MQ_LOG_PKLEN);
	doc = json_pack("{s:s, s:s, s:s, s:s, s:s}", "format", RECEIPT_FORMAT,
	    "body", e->body, "hash", e->hash, "sig", e->sig,
	    "public_key", pkhex);
	s = doc != NULL ? json_dumps(doc, JSON_INDENT(1) | JSON_SORT_KEYS) :
	    NULL;
	json_decref(doc);
	if (s == NULL)
		return mq_fail(err, MQ_IO, "Out of memory making a receipt.");
	mq_buf_puts(&b, s);
	free(s);
	if (mq_buf_putc(&b, '\n') || (*out = mq_buf_steal(&b)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory making a receipt.");
	return 0;
}

void
mq_receipt_free(struct mq_receipt *r)
{
	if (r == NULL)
		return;
	free(r->body);
	memset(r, 0, sizeof(*r));
}

/* A string member of the receipt, or NULL. */
static const char *
member(const json_t *doc, const char *key, size_t *len)
{
	json_t *v = json_object_get(doc, key);

	*len = 0;
	if (!json_is_string(v))
		return NULL;
	*len = json_string_length(v);
	return json_string_value(v);
}

/* The receipt's form: exactly its five string members. */
static int
check_form(const json_t *doc, struct mq_err *err)
{
	static const char *const keys[] = { "format", "body", "hash", "sig",
	    "public_key" };
	const char *f;
	size_t i, n;

	if (!json_is_object(doc) || json_object_size(doc) != 5)
		return mq_fail(err, MQ_BADDATA, "The receipt is not an object of "
		    "format, body, hash, sig and public_key.");
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (member(doc, keys[i], &n) == NULL)
			return mq_fail(err, MQ_BADDATA, "The receipt has no "
			    "string \"%s\".", keys[i]);
	f = member(doc, "format", &n);
	if (strcmp(f, RECEIPT_FORMAT) != 0)
		return mq_fail(err, MQ_BADDATA, "The receipt's format is not "
		    "%s.", RECEIPT_FORMAT);
	return 0;
}

/* The body: canonical, hashed as the receipt says, kid of public_key. */
static int
check_body(const json_t *doc, struct mq_receipt *r, struct mq_err *err)
{
	struct mq_buf scratch = MQ_BUF_INIT;
	unsigned char h[MQ_LOG_HASHLEN];
	char kid[MQ_LOG_KIDLEN + 1];
	struct mq_err sub;
	const char *body, *s;
	json_t *v, *seq, *game;
	size_t len, n;
	int rc;

	body = member(doc, "body", &len);
	mq_err_clear(&sub);
	rc = mq_log_parse_body(body, len, &v, &scratch, &sub);
	mq_buf_free(&scratch);
	if (rc)
		return mq_fail(err, rc, "The receipt is not sound: %s", sub.msg);
	seq = json_object_get(v, "seq");
	game = json_object_get(v, "game");
	mq_log_kid(r->pk, kid);
	rc = !json_is_integer(seq) || json_integer_value(seq) < 1 ||
	    !json_is_string(game) || !json_is_string(json_object_get(v, "kid"));
	if (rc == 0 && strcmp(json_string_value(json_object_get(v, "kid")),
	    kid) != 0) {
		rc = mq_fail(err, MQ_BADDATA, "The receipt's public_key (kid "
		    "%s) is not the key its body names (kid %.16s).", kid,
		    json_string_value(json_object_get(v, "kid")));
		json_decref(v);
		return rc;
	}
	if (rc == 0) {
		r->seq = (uint64_t)json_integer_value(seq);
		mq_strlcpy(r->game, json_string_value(game), sizeof(r->game));
	}
	json_decref(v);
	if (rc)
		return mq_fail(err, MQ_BADDATA, "The receipt's body lacks a seq, "
		    "a game or the kid of its public_key.");
	s = member(doc, "hash", &n);
	mq_log_hash(body, len, h);
	if (mq_log_unhex(s, n, r->hash, sizeof(r->hash)) != 0 ||
	    memcmp(h, r->hash, sizeof(h)) != 0)
		return mq_fail(err, MQ_BADDATA,
		    "The receipt's hash does not match its body: this copy was "
		    "changed after the server made it, so it proves nothing "
		    "(the copy in the receipt's mail may be whole).");
	if ((r->body = strndup(body, len)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	return 0;
}

static int
check_sig(const json_t *doc, const struct mq_receipt *r,
    const unsigned char *trusted_pk, struct mq_err *err)
{
	unsigned char sig[MQ_LOG_SIGLEN];
	const char *s, *end;
	size_t n, binlen;

	s = member(doc, "sig", &n);
	if (n != MQ_LOG_B64LEN || sodium_base642bin(sig, sizeof(sig), s, n,
	    NULL, &binlen, &end, sodium_base64_VARIANT_ORIGINAL) != 0 ||
	    binlen != sizeof(sig) || end != s + n)
		return mq_fail(err, MQ_BADDATA,
		    "The receipt's signature is not base64 of 64 bytes.");
	if (crypto_sign_verify_detached(sig, r->hash, sizeof(r->hash),
	    r->pk) != 0)
		return mq_fail(err, MQ_BADDATA,
		    "The receipt's signature does not verify: this copy was "
		    "changed after the server signed it, or never signed by "
		    "it, so it proves nothing.");
	if (trusted_pk != NULL && memcmp(trusted_pk, r->pk, MQ_LOG_PKLEN) != 0)
		return mq_log_other_key(err, "receipt", r->pk, trusted_pk);
	return 0;
}

int
mq_receipt_check(const char *text, size_t len, const unsigned char *trusted_pk,
    struct mq_receipt *out, struct mq_err *err)
{
	struct mq_receipt r;
	json_error_t je;
	const char *s;
	json_t *doc;
	size_t n;
	int rc;

	memset(&r, 0, sizeof(r));
	/* jload.h: a byte lost to memory would read as a receipt not sound */
	if ((doc = mq_json_loadb(text, len, JSON_REJECT_DUPLICATES, &je)) == NULL)
		return json_error_code(&je) == json_error_out_of_memory ?
		    mq_fail(err, MQ_IO, "Out of memory.") :
		    mq_fail(err, MQ_BADDATA, "The receipt is not JSON (%s).",
		    je.text);
	if ((rc = check_form(doc, err)) == 0) {
		s = member(doc, "public_key", &n);
		if (mq_log_unhex(s, n, r.pk, sizeof(r.pk)) != 0)
			rc = mq_fail(err, MQ_BADDATA, "The receipt's public_key "
			    "is not 64 hex digits.");
	}
	if (rc == 0)
		rc = check_body(doc, &r, err);
	if (rc == 0)
		rc = check_sig(doc, &r, trusted_pk, err);
	json_decref(doc);
	if (rc || out == NULL)
		mq_receipt_free(&r);
	else
		*out = r;
	return rc;
}

/* The first line in [p, end) that is c alone (the receipt's JSON is
 * written with its braces alone on their lines), or NULL. */
static const char *
line_alone(const char *p, const char *end, char c)
{
	const char *q;

	for (; p + 1 < end; p++) {
		if (p[0] != '\n' || p[1] != c)
			continue;
		for (q = p + 2; q < end && (*q == ' ' || *q == '\t' || *q == '\r'); q++)
			;
		if (q == end || *q == '\n')
			return p + 1;
	}
	return NULL;
}

/* Whether the line at p opens one of the receipt's members, as the mail
 * writes them (one to a line, the brace alone on the last). */
static int
member_line(const char *p, const char *end)
{
	static const char *const names[] = { "body", "format", "hash",
	    "public_key", "sig" };
	size_t i, n;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p < end && *p == '}')	/* alone: the body's own ends in "}\"" */
		return p + 1 + strspn(p + 1, " \t\r") >= end;
	if (p == end || *p++ != '"')
		return 0;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		n = strlen(names[i]);
		if ((size_t)(end - p) > n && memcmp(p, names[i], n) == 0 &&
		    p[n] == '"')
			return 1;
	}
	return 0;
}

#define MAX_WRAPS	12	/* 4096 tries at most, each a hash and a sig */

/* text[0..len) into b, each line after the first that opens no member
 * joined to the one before, with a space where bit i of mask is set for
 * the i-th join; the number of joins. */
static size_t
join_lines(const char *text, size_t len, size_t mask, struct mq_buf *b)
{
	const char *p, *nl, *end = text + len;
	size_t i = 0;

	mq_buf_reset(b);
	for (p = text; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (p == text)
			;
		else if (nl == p || member_line(p, nl))
			mq_buf_putc(b, '\n');
		else {
			/* the CR of a line end kept as CRLF goes too */
			if (b->len > 0 && b->data[b->len - 1] == '\r')
				b->data[--b->len] = '\0';
			if (i < sizeof(mask) * 8 && (mask & ((size_t)1 << i)))
				mq_buf_putc(b, ' ');
			i++;
		}
		mq_buf_add(b, p, (size_t)(nl - p));
	}
	return i;
}

/*
 * The receipt in text[0..len), whose long lines (the body's is hundreds
 * of columns, the sig's 92) a mail client may have wrapped (a reply or a
 * forward in plain text, format=flowed kept as it came, a copy through an
 * editor): each line that opens no member is joined to the one before. A
 * client that wrapped at a space may have dropped it, which a JSON string
 * cannot tell: each join is tried without one and with one, and the first
 * text whose signature verifies under its own key is the receipt (a wrong
 * guess cannot verify), then held to trusted_pk. Else what is wrong with
 * the text joined; with no line to join, the text as it is.
 */
static int
unwrapped(const char *text, size_t len, const unsigned char *trusted_pk,
    struct mq_receipt *r, struct mq_err *err)
{
	struct mq_buf b = MQ_BUF_INIT;
	size_t k, mask, tries;
	int rc = MQ_BADDATA;

	k = join_lines(text, len, 0, &b);
	tries = k == 0 ? 0 : k > MAX_WRAPS ? 1 : (size_t)1 << k;
	for (mask = 0; mask < tries && !b.oom; mask++) {
		if (mask > 0)
			join_lines(text, len, mask, &b);
		if (b.oom ||
		    (rc = mq_receipt_check(b.data, b.len, NULL, NULL, err)) !=
		    MQ_BADDATA)
			break;
	}
	if (mask == tries)	/* none verifies: said of the first */
		join_lines(text, len, 0, &b);
	rc = b.oom ? mq_fail(err, MQ_IO, "Out of memory.") : rc == MQ_IO ? rc :
	    k == 0 ? mq_receipt_check(text, len, trusted_pk, r, err) :
	    mq_receipt_check(b.data, b.len, trusted_pk, r, err);
	mq_buf_free(&b);
	return rc;
}

int
mq_receipt_find(const char *text, size_t len, const unsigned char *trusted_pk,
    struct mq_receipt *r, struct mq_err *err)
{
	/* The mail shows "hash HEX" above the JSON, and a player may keep
	 * the receipt's heading too, or the whole mail: what comes before
	 * the first line that opens it, and after the line that closes it
	 * (the JSON is written with its braces alone at the start of a
	 * line), is not the receipt. */
	const char *j = text, *end = text + len, *close;

	while (j < end && (*j == ' ' || *j == '\t' || *j == '\r' || *j == '\n'))
		j++;
	if (j == end)
		return 1;
	if (*j != '{') {
		if ((j = line_alone(text, end, '{')) == NULL)
			return 1;
	}
	close = line_alone(j, end, '}');
	if (close != NULL && line_alone(close, end, '{') != NULL)
		return mq_fail(err, MQ_BADDATA, "The file holds more than one "
		    "receipt: keep each mail in a file of its own.");
	return unwrapped(j, close != NULL ? (size_t)(close + 1 - j) :
	    (size_t)(end - j), trusted_pk, r, err);
}

int
mq_receipt_against_log(const struct mq_receipt *r, const char *logpath,
    struct mq_err *err)
{
	const struct mq_log_entry *e = NULL;
	struct mq_logfile *lf;
	int rc;

	MQ_TRY(mq_logfile_open_kept(logpath, r->pk, "receipt", r->seq, &lf,
	    err));
	if (strcmp(mq_logfile_game(lf), r->game) != 0)
		rc = mq_fail(err, MQ_BADDATA, "The receipt is for game %s, the "
		    "log for game %s.", r->game, mq_logfile_game(lf));
	else
		rc = mq_logfile_find(lf, r->seq, &e, err);
	if (rc == 0 && e == NULL)
		rc = mq_fail(err, MQ_BADDATA, "The log has no entry %llu, which "
		    "the receipt is for.", (unsigned long long)r->seq);
	else if (rc == 0 && (e->body_len != strlen(r->body) ||
	    memcmp(e->line, r->body, e->body_len) != 0))
		rc = mq_log_fail(err, MQ_BADDATA, r->seq, "the log's body is not "
		    "the one the receipt signs: the log was changed.");
	mq_logfile_close(lf);
	return rc;
}

/* Put text first among res's results, accepted. */
static int
list_first(struct mq_submit_result *res, const char *text, int line,
    struct mq_err *err)
{
	struct mq_cmd_result *nv;
	char *t;

	if ((t = strdup(text)) == NULL ||
	    (nv = realloc(res->cmds, (res->ncmds + 1) * sizeof(*nv))) == NULL) {
		free(t);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	res->cmds = nv;
	memmove(nv + 1, nv, res->ncmds * sizeof(*nv));
	memset(nv, 0, sizeof(*nv));
	nv->accepted = 1;
	nv->text = t;
	nv->line = line;
	res->ncmds++;
	return 0;
}

int
mq_receipt_list_settings(struct mq_submit_result *res,
    const struct mq_settings *set, struct mq_err *err)
{
	char text[24];
	int rc = 0;

	if (mq_receipt_only(res, "HELP"))
		return 0;
	/* the last first: SET LANG then SET NOTICES, as applied */
	if (set->notices >= 0)
		MQ_TRY(list_first(res, set->notices ? "SET NOTICES ON" :
		    "SET NOTICES OFF", set->notices_line, err));
	if (set->lang[0]) {
		snprintf(text, sizeof(text), "SET LANG %.2s", set->lang);
		if ((rc = list_first(res, text, set->lang_line, err)) != 0 &&
		    set->notices >= 0) {
			/* res as it was */
			free(res->cmds[0].text);
			res->ncmds--;
			memmove(res->cmds, res->cmds + 1,
			    res->ncmds * sizeof(*res->cmds));
		}
	}
	return rc;
}

int
mq_receipt_is_setting(const struct mq_cmd_result *c)
{
	/* no game has a command SET: its line is refused, never accepted */
	return c->accepted && c->text != NULL &&
	    strncmp(c->text, "SET ", 4) == 0;
}

void
mq_receipt_no_lines(struct mq_submit_result *res)
{
	size_t i;

	for (i = 0; i < res->ncmds; i++)
		res->cmds[i].line = 0;
}

int
mq_receipt_only(const struct mq_submit_result *res, const char *text)
{
	size_t i, n = 0;

	if (res->logged)
		return 0;
	for (i = 0; i < res->ncmds; i++) {
		if (!res->cmds[i].accepted && res->cmds[i].note)
			continue;	/* a greeting beside it asks nothing */
		if (!res->cmds[i].accepted || strcmp(res->cmds[i].text,
		    text) != 0)
			return 0;
		n++;
	}
	return n > 0;
}
