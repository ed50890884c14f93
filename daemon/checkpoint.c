/* checkpoint.c - a kept mail's checkpoint, checked; see checkpoint.h. */
#include <string.h>

#include <sodium.h>

#include "daemon/checkpoint.h"
#include "daemon/logfile.h"

/* A line of text: [p, end) without its line end. */
struct line {
	const char *p, *end;
};

/* The line starting at p (before limit); *next is where the next starts. */
static struct line
line_at(const char *p, const char *limit, const char **next)
{
	struct line l = { p, p };
	const char *nl = memchr(p, '\n', (size_t)(limit - p));

	l.end = nl != NULL ? nl : limit;
	*next = nl != NULL ? nl + 1 : limit;
	while (l.end > l.p && (l.end[-1] == '\r' || l.end[-1] == ' ' ||
	    l.end[-1] == '\t'))
		l.end--;
	return l;
}

static int
is_lower_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

/* The value after the word w at the start of l (one or more spaces after
 * it), or NULL. */
static const char *
after_word(struct line l, const char *w)
{
	size_t n = strlen(w);
	const char *v;

	if ((size_t)(l.end - l.p) <= n || memcmp(l.p, w, n) != 0 ||
	    (l.p[n] != ' ' && l.p[n] != '\t'))
		return NULL;
	for (v = l.p + n; v < l.end && (*v == ' ' || *v == '\t'); v++)
		;
	return v;
}

/* 64 hex digits from v to the end of l, into out (32 bytes). */
static int
hex32(const char *v, const char *end, unsigned char out[32])
{
	return end - v == 64 ? mq_log_unhex(v, 64, out, 32) : -1;
}

/* The game (its one 8-letter word) and entry (its last number) of l. */
static int
game_and_entry(struct line l, struct mq_checkpoint *cp)
{
	const char *p = l.p, *run, *digits = NULL, *digits_end = NULL;
	int games = 0;
	uint64_t seq = 0;

	while (p < l.end) {
		if (!is_lower_alnum(*p)) {
			p++;
			continue;
		}
		for (run = p; p < l.end && is_lower_alnum(*p); p++)
			;
		if (p - run == MQ_GAME_ID_LEN) {
			memcpy(cp->game, run, MQ_GAME_ID_LEN);
			cp->game[MQ_GAME_ID_LEN] = '\0';
			games++;
		}
	}
	for (p = l.end; p > l.p; p--)
		if (p[-1] >= '0' && p[-1] <= '9') {
			digits_end = p;
			break;
		}
	if (digits_end == NULL || games != 1)
		return -1;
	for (digits = digits_end; digits > l.p && digits[-1] >= '0' &&
	    digits[-1] <= '9'; digits--)
		;
	if (digits_end - digits > 15 || (digits > l.p && is_lower_alnum(
	    digits[-1])))
		return -1;	/* too long, or the end of a word, not a number */
	for (p = digits; p < digits_end; p++)
		seq = seq * 10 + (uint64_t)(*p - '0');
	cp->seq = seq;
	return seq >= 1 ? 0 : -1;
}

#define SIG_B64	88	/* base64 of the 64 bytes of a signature */
#define B64_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" \
	"0123456789+/="
#define HEX_CHARS "0123456789abcdef"

/*
 * A value of want columns of chars from v to the end of its line, and on
 * the lines after it (*next, moved past those taken) while it is short:
 * the line a mail client wrapped, or the sig's own line below "sig"
 * (after the blank line a format=flowed break may leave). A line of other
 * characters (the next one's name) ends it. Into out (want + 1 bytes),
 * its length returned (want + 1 for one too long).
 */
static size_t
value_lines(const char *v, const char *end, const char **next,
    const char *limit, size_t want, const char *chars, char *out)
{
	const char *p;
	struct line l;
	size_t n = 0;

	for (;;) {
		for (; v < end && (*v == ' ' || *v == '\t'); v++)
			;
		if (n + (size_t)(end - v) > want)
			return want + 1;
		memcpy(out + n, v, (size_t)(end - v));
		n += (size_t)(end - v);
		if (n == want || *next >= limit)
			return n;
		l = line_at(*next, limit, &p);
		for (v = l.p; v < l.end && (*v == ' ' || *v == '\t'); v++)
			;
		if ((v == l.end && n > 0) ||
		    strspn(v, chars) < (size_t)(l.end - v))
			return n;
		end = l.end;
		*next = p;
	}
}

int
mq_checkpoint_find(const char *text, size_t len, struct mq_checkpoint *cp,
    struct mq_err *err)
{
	const char *limit = text + len, *p = text, *next, *v;
	struct line prev = { NULL, NULL }, l, s, k;
	unsigned char head[MQ_LOG_HASHLEN];
	char b64[SIG_B64 + 1];
	size_t binlen, n = 0;

	memset(cp, 0, sizeof(*cp));
	for (; p < limit; prev = l, p = next) {
		l = line_at(p, limit, &next);
		if ((v = after_word(l, "head")) == NULL ||
		    hex32(v, l.end, cp->head) != 0)
			continue;
		if (prev.p == NULL || game_and_entry(prev, cp) != 0)
			return mq_fail(err, MQ_BADDATA, "The line before the "
			    "checkpoint's head does not name one game and its "
			    "entry.");
		s = line_at(next, limit, &next);
		/* "sig" alone, its value indented on the line below (a mail of
		 * 78 columns), or "sig  B64" on one line (the mails before) */
		if (s.end - s.p == 3 && memcmp(s.p, "sig", 3) == 0)
			v = s.end;
		else
			v = after_word(s, "sig");
		if (v != NULL)
			n = value_lines(v, s.end, &next, limit, SIG_B64,
			    B64_CHARS, b64);
		if (v == NULL ||
		    sodium_base642bin(cp->sig, sizeof(cp->sig), b64, n, NULL,
		    &binlen, NULL, sodium_base64_VARIANT_ORIGINAL) != 0 ||
		    binlen != sizeof(cp->sig))
			return mq_fail(err, MQ_BADDATA, "The checkpoint's sig "
			    "line (after its head) is not base64 of 64 bytes.");
		/* "server key HEX", in the mail's language: the hex of the
		 * line's last word, and of the lines a client wrapped it on */
		k = line_at(next, limit, &next);
		for (v = k.end; v > k.p && v[-1] != ' ' && v[-1] != '\t'; v--)
			;
		if (strspn(v, HEX_CHARS) < (size_t)(k.end - v))
			v = k.end;	/* a word, the hex on the next line */
		n = value_lines(v, k.end, &next, limit, 64, HEX_CHARS, b64);
		if (n != 64 || hex32(b64, b64 + 64, cp->pk) != 0)
			return mq_fail(err, MQ_BADDATA, "The checkpoint has no "
			    "server key line (64 hex digits) after its sig.");
		/* two mails in one file: checking the first alone would say
		 * "ok" of a file whose second was never looked at */
		for (p = next; p < limit; p = next) {
			l = line_at(p, limit, &next);
			if ((v = after_word(l, "head")) != NULL &&
			    hex32(v, l.end, head) == 0)
				return mq_fail(err, MQ_BADDATA, "The file holds "
				    "more than one checkpoint: keep each mail in "
				    "a file of its own.");
		}
		return 0;
	}
	return 1;
}

int
mq_checkpoint_check(const struct mq_checkpoint *cp,
    const unsigned char *trusted_pk, struct mq_err *err)
{
	if (crypto_sign_verify_detached(cp->sig, cp->head, sizeof(cp->head),
	    cp->pk) != 0)
		return mq_fail(err, MQ_BADDATA, "The checkpoint's signature "
		    "does not verify under the server key the mail shows.");
	if (trusted_pk != NULL && memcmp(trusted_pk, cp->pk, MQ_LOG_PKLEN) != 0)
		return mq_log_other_key(err, "checkpoint", cp->pk, trusted_pk);
	return 0;
}

int
mq_checkpoint_against_log(const struct mq_checkpoint *cp,
    const char *logpath, struct mq_err *err)
{
	const struct mq_log_entry *e = NULL;
	struct mq_logfile *lf;
	uint64_t found = 0;	/* the entry whose hash is the head */
	int rc, have = 0, same = 0;

	/* Only the head is signed: the game and entry number beside it are
	 * not, so a head the log holds under another number is a mail whose
	 * number was changed, not a log that was. */
	MQ_TRY(mq_logfile_open_kept(logpath, cp->pk, "checkpoint", cp->seq,
	    &lf, err));
	if (strcmp(mq_logfile_game(lf), cp->game) != 0)
		rc = mq_fail(err, MQ_BADDATA, "The checkpoint is of game %s, "
		    "the log of game %s.", cp->game, mq_logfile_game(lf));
	else
		while ((rc = mq_logfile_next(lf, &e, err)) == 0 && e != NULL) {
			if (found == 0 && memcmp(e->hash, cp->head,
			    sizeof(cp->head)) == 0)
				found = e->seq;
			if (e->seq == cp->seq) {
				have = 1;
				same = memcmp(e->hash, cp->head,
				    sizeof(cp->head)) == 0;
			}
			if (same)
				break;
		}
	if (rc == 0 && !same && found != 0)
		rc = mq_fail(err, MQ_BADDATA, "The checkpoint's head is the hash "
		    "of the log's entry %llu, not of entry %llu: the mail's "
		    "entry number was changed.", (unsigned long long)found,
		    (unsigned long long)cp->seq);
	else if (rc == 0 && !have)
		rc = mq_fail(err, MQ_BADDATA, "The log has no entry %llu, which "
		    "the checkpoint signs: the log was cut.",
		    (unsigned long long)cp->seq);
	else if (rc == 0 && !same)
		rc = mq_log_fail(err, MQ_BADDATA, cp->seq, "the log's entry is "
		    "not the one the checkpoint signs: the log was changed.");
	mq_logfile_close(lf);
	return rc;
}
