/*
 * logfile.c - one game's log file: read in one go and verify, lock, recover
 * a torn tail, iterate, durable group-commit append, export; see logfile.h.
 */
#include "logfile.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "durable.h"
#include "fileio.h"
#include "commit.h"

struct mq_logfile {
	char *path;
	int fd;				/* -1 for a reader */
	unsigned char sk[MQ_LOG_SKLEN];	/* a writer's signing key */
	struct mq_buf data;		/* the complete lines */
	struct mq_log_chain chain;	/* state after the last line */
	struct mq_commit_check commits;
	struct mq_buf scratch;
	size_t torn;			/* the bytes of a torn tail: ignored
					 * (a reader), quarantined (a writer) */
	size_t pos;			/* iterator: offset of the next line */
	uint64_t iseq;			/* iterator: lines given so far */
	struct mq_log_entry cur;	/* iterator: the entry given last */
};

static struct mq_logfile *
lf_new(const char *path, const unsigned char *trusted_pk)
{
	struct mq_logfile *lf;

	if ((lf = calloc(1, sizeof(*lf))) == NULL)
		return NULL;
	if ((lf->path = strdup(path)) == NULL) {
		free(lf);
		return NULL;
	}
	lf->fd = -1;
	mq_buf_init(&lf->data);
	mq_buf_init(&lf->scratch);
	mq_log_chain_init(&lf->chain, trusted_pk);
	mq_commit_check_init(&lf->commits);
	return lf;
}

void
mq_logfile_close(struct mq_logfile *lf)
{
	if (lf == NULL)
		return;
	if (lf->fd != -1)
		close(lf->fd);	/* releases the flock */
	json_decref(lf->cur.body);
	mq_buf_free(&lf->data);
	mq_buf_free(&lf->scratch);
	mq_commit_check_free(&lf->commits);
	sodium_memzero(lf->sk, sizeof(lf->sk));
	free(lf->path);
	free(lf);
}

/* Read the whole file from fd into lf->data with a single allocation. */
static int
read_all(struct mq_logfile *lf, int fd, struct mq_err *err)
{
	struct stat st;
	size_t n = 0, size;
	ssize_t r;
	char *p;

	if (fstat(fd, &st) == -1)
		return mq_fail_errno(err, MQ_IO, "Cannot stat %s", lf->path);
	size = (size_t)st.st_size;
	if ((p = malloc(size + 1)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory reading %s.", lf->path);
	while (n < size && (r = pread(fd, p + n, size - n, (off_t)n)) != 0) {
		if (r == -1 && errno == EINTR)
			continue;
		if (r == -1) {
			free(p);
			return mq_fail_errno(err, MQ_IO, "Cannot read %s", lf->path);
		}
		n += (size_t)r;
	}
	p[n] = '\0';
	mq_buf_free(&lf->data);
	lf->data.data = p;
	lf->data.len = n;
	lf->data.cap = size + 1;
	return 0;
}

/* The length of the complete (LF-terminated) lines of data. */
static size_t
complete_len(const struct mq_buf *b)
{
	size_t n = b->len;

	while (n > 0 && b->data[n - 1] != '\n')
		n--;
	return n;
}

/*
 * The signatures of a long log are checked on a second core while this one
 * parses and chains the bodies (Ed25519 verification is most of the cost).
 * The worker only knows the trusted key and the hash and signature fields;
 * it records the first line whose signature does not verify, and the
 * earliest failure of either side is the one reported, in the same words.
 */
struct sig_pass {
	const char *data;
	size_t len;
	unsigned char pk[MQ_LOG_PKLEN];
	uint64_t bad;			/* first line that fails, 0 if none */
};

static void *
sig_worker(void *arg)
{
	struct sig_pass *sp = arg;
	const char *p = sp->data, *end = p + sp->len, *nl, *t1, *t2;
	unsigned char hash[MQ_LOG_HASHLEN], sig[MQ_LOG_SIGLEN];
	uint64_t lineno = 0;
	size_t hl, sl;

	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		lineno++;
		t2 = nl;
		while (t2 > p && t2[-1] != '\t')
			t2--;
		t1 = t2 > p ? t2 - 1 : p;
		while (t1 > p && t1[-1] != '\t')
			t1--;
		if (t2 <= p || t1 <= p ||
		    sodium_hex2bin(hash, sizeof(hash), t1, (size_t)(t2 - 1 - t1),
		    NULL, &hl, NULL) != 0 || hl != sizeof(hash) ||
		    sodium_base642bin(sig, sizeof(sig), t2, (size_t)(nl - t2), NULL,
		    &sl, NULL, sodium_base64_VARIANT_ORIGINAL) != 0 ||
		    sl != sizeof(sig) ||
		    crypto_sign_verify_detached(sig, hash, sizeof(hash), sp->pk) != 0) {
			sp->bad = lineno;	/* the parser names a malformed line */
			break;
		}
	}
	return NULL;
}

/* Whether [p, end) is empty lines alone (spaces, TABs, CRs and LFs). */
static int
blank(const char *p, const char *end)
{
	for (; p < end; p++)
		if (*p != '\n' && *p != '\r' && *p != ' ' && *p != '\t')
			return 0;
	return 1;
}

/* Verify every line of data[0, len) and set the chain and commit state;
 * on failure *failed (if non-NULL) gets the line that failed first. */
static int
verify_lines(struct mq_logfile *lf, size_t len, uint64_t *failed,
    struct mq_err *err)
{
	struct mq_log_entry e;
	struct sig_pass sp;
	const char *p = lf->data.data, *end = p + len, *nl;
	uint64_t lineno = 0;
	pthread_t worker;
	int rc = 0, parallel;

	if (failed != NULL)
		*failed = 1;
	if (len == 0)
		return mq_log_fail(err, MQ_BADDATA, 1,
		    "the log holds no complete entry.");
	/* Only with a key known beforehand, and only where it pays. */
	parallel = lf->chain.have_pk && len > 256 * 1024;
	if (parallel) {
		sp.data = p;
		sp.len = len;
		memcpy(sp.pk, lf->chain.pk, sizeof(sp.pk));
		sp.bad = 0;
		parallel = pthread_create(&worker, NULL, sig_worker, &sp) == 0;
	}
	for (; p < end && rc == 0; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		lineno++;
		e.body = NULL;
		if (lineno > 1 && blank(p, end)) {
			/* after the last entry ("echo >> log", an editor): said
			 * so, not as a line of the wrong fields */
			int more = memchr(nl + 1, '\n', (size_t)(end - nl - 1)) !=
			    NULL;

			rc = mq_log_fail(err, MQ_BADDATA, lineno, "the log ends "
			    "in %s after entry %llu, which masqued never writes "
			    "but an \"echo >> log\" or an editor adds: delete "
			    "%s at its end, and entries 1 to %llu are read as "
			    "before.", more ? "empty lines" : "an empty line",
			    (unsigned long long)(lineno - 1), more ?
			    "the empty lines" : "the empty line",
			    (unsigned long long)(lineno - 1));
		} else if (blank(p, nl) && (lineno > 1 || !blank(p, end))) {
			/* between entries (an editor, a paste): said so, and
			 * where, not as a line of the wrong fields */
			const char *q = nl + 1, *qn;
			uint64_t last = lineno;

			while (q < end && (qn = memchr(q, '\n',
			    (size_t)(end - q))) != NULL && blank(q, qn)) {
				last++;
				q = qn + 1;
			}
			if (last == lineno)
				rc = mq_log_fail(err, MQ_BADDATA, lineno, "line %llu "
				    "of the log is a blank line, %s entry %llu; "
				    "masqued never writes one, but an editor or a "
				    "paste adds it: delete that line, and verify "
				    "again.", (unsigned long long)lineno,
				    lineno > 1 ? "after" : "before",
				    (unsigned long long)(lineno > 1 ? lineno - 1 : 1));
			else
				rc = mq_log_fail(err, MQ_BADDATA, lineno, "lines %llu "
				    "to %llu of the log are blank lines, %s entry "
				    "%llu; masqued never writes one, but an editor or "
				    "a paste adds them: delete those lines, and verify "
				    "again.", (unsigned long long)lineno,
				    (unsigned long long)last,
				    lineno > 1 ? "after" : "before",
				    (unsigned long long)(lineno > 1 ? lineno - 1 : 1));
		} else
			rc = mq_log_parse_line(p, (size_t)(nl - p), lineno, 1, &e,
			    &lf->scratch, err);
		if (rc == 0)
			rc = mq_log_chain_next(&lf->chain, &e, !parallel, err);
		if (rc == 0)
			rc = mq_commit_check(&lf->commits, lineno, e.body, 1, err);
		json_decref(e.body);
	}
	if (parallel) {
		pthread_join(worker, NULL);
		if (sp.bad != 0 && (rc == 0 || sp.bad < lineno)) {
			rc = mq_log_fail(err, MQ_BADDATA, sp.bad,
			    "the signature does not verify.");
			lineno = sp.bad;
		}
	}
	if (rc && failed != NULL)
		*failed = lineno;
	return rc;
}

/* A new reader of path holding its complete lines, not yet verified: a
 * torn tail is a writer's to mend; a reader ignores it. */
static int
reader_new(const char *path, const unsigned char *trusted_pk,
    struct mq_logfile **out, struct mq_err *err)
{
	struct mq_logfile *lf;
	int fd, rc;

	*out = NULL;
	if ((lf = lf_new(path, trusted_pk)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		rc = mq_fail_errno(err, MQ_IO, "Cannot open the log %s", path);
		mq_logfile_close(lf);
		return rc;
	}
	rc = read_all(lf, fd, err);
	close(fd);
	if (rc) {
		mq_logfile_close(lf);
		return rc;
	}
	lf->torn = lf->data.len - complete_len(&lf->data);
	lf->data.len -= lf->torn;
	lf->data.data[lf->data.len] = '\0';
	*out = lf;
	return 0;
}

int
mq_logfile_open_read(const char *path, const unsigned char *trusted_pk,
    struct mq_logfile **out, struct mq_err *err)
{
	struct mq_logfile *lf;
	int rc;

	MQ_TRY(reader_new(path, trusted_pk, &lf, err));
	if ((rc = verify_lines(lf, lf->data.len, NULL, err)) != 0) {
		mq_logfile_close(lf);
		return rc;
	}
	*out = lf;
	return 0;
}

/* The length of the first n lines of data (it holds more than n). */
static size_t
lines_len(const struct mq_buf *b, uint64_t n)
{
	const char *p = b->data, *end = p + b->len;

	for (; n > 0 && p < end; n--)
		p = (const char *)memchr(p, '\n', (size_t)(end - p)) + 1;
	return (size_t)(p - b->data);
}

/* Keep the first n lines of lf alone, their chain and commitments checked
 * again from the start (as they were, so they pass). */
static int
keep_lines(struct mq_logfile *lf, const unsigned char *trusted_pk, uint64_t n,
    struct mq_err *err)
{
	lf->data.len = lines_len(&lf->data, n);
	lf->data.data[lf->data.len] = '\0';
	mq_log_chain_init(&lf->chain, trusted_pk);
	mq_commit_check_free(&lf->commits);
	return verify_lines(lf, lf->data.len, NULL, err);
}

int
mq_logfile_open_sound(const char *path, const unsigned char *trusted_pk,
    uint64_t limit, struct mq_logfile **out, uint64_t *bad, struct mq_err *why,
    struct mq_err *err)
{
	struct mq_logfile *lf;
	uint64_t failed = 0, keep = 0;
	int rc;

	*bad = 0;
	MQ_TRY(reader_new(path, trusted_pk, &lf, err));
	rc = verify_lines(lf, lf->data.len, &failed, why);
	if (rc == MQ_BADDATA && failed > 1) {
		/* sound up to the line before: those alone are kept */
		*bad = failed;
		keep = failed - 1;
		rc = 0;
	} else if (rc && err != NULL)
		*err = *why;
	if (rc == 0 && limit > 0 && (keep == 0 || limit < keep) &&
	    limit < lf->chain.seq)
		keep = limit;
	if (rc == 0 && keep > 0)
		rc = keep_lines(lf, trusted_pk, keep, err);
	if (rc) {
		mq_logfile_close(lf);
		return rc;
	}
	*out = lf;
	return 0;
}

int
mq_logfile_open_kept(const char *path, const unsigned char *pk,
    const char *what, uint64_t seq, struct mq_logfile **out,
    struct mq_err *err)
{
	char kid[MQ_LOG_KIDLEN + 1], logkid[MQ_LOG_KIDLEN + 1];
	char hex[MQ_LOG_HEXLEN + 1], loghex[MQ_LOG_HEXLEN + 1];
	struct mq_logfile *lf;
	struct mq_err why;
	uint64_t bad;

	*out = NULL;
	/* a damage past the kept entry leaves its verdict standing: the
	 * entries before the damage are what it is checked against */
	MQ_TRY(mq_logfile_open_sound(path, NULL, 0, &lf, &bad, &why, err));
	/* the kept entry itself damaged (and the genesis, with its key,
	 * sound): said as the dispute needs it, below, once the key is
	 * known to be the log's */
	if (bad != 0 && (bad < seq || bad == 1)) {
		mq_logfile_close(lf);
		*err = why;
		return err->code;
	}
	if (sodium_memcmp(mq_logfile_pubkey(lf), pk, MQ_LOG_PKLEN) != 0) {
		/* the whole keys: the server key the mails show is one */
		mq_log_kid(pk, kid);
		mq_log_kid(mq_logfile_pubkey(lf), logkid);
		sodium_bin2hex(hex, sizeof(hex), pk, MQ_LOG_PKLEN);
		sodium_bin2hex(loghex, sizeof(loghex), mq_logfile_pubkey(lf),
		    MQ_LOG_PKLEN);
		mq_logfile_close(lf);
		return mq_fail(err, MQ_BADDATA, "The %s is signed by the key "
		    "%s (kid %s), the log by another, %s (kid %s): either the "
		    "%s was not made by this server, or the log was signed "
		    "again under a new key; the server key the game's mails "
		    "show (the welcome's, beside the seed commitment) says "
		    "which.", what, hex, kid, loghex, logkid, what);
	}
	if (bad != 0 && bad == seq) {
		const char *w = why.msg;
		size_t n;

		if (strncmp(w, "entry ", 6) == 0 && (w = strstr(w, ": ")) != NULL)
			w += 2;
		else
			w = why.msg;
		n = strlen(w);
		mq_logfile_close(lf);
		return mq_log_fail(err, MQ_BADDATA, seq, "the log's entry is not "
		    "the one the %s signs (%.*s): the log was changed after the "
		    "%s was made, and the %s, signed by the key of the log's "
		    "genesis, shows what the entry was.", what,
		    (int)(n > 0 && w[n - 1] == '.' ? n - 1 : n), w, what, what);
	}
	*out = lf;
	return 0;
}

static char *
sibling(const char *path, const char *name)
{
	struct mq_buf b = MQ_BUF_INIT;
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		mq_buf_puts(&b, name == NULL ? "." : name);
	else {
		mq_buf_add(&b, path, (size_t)(slash - path + 1));
		if (name != NULL)
			mq_buf_puts(&b, name);
	}
	return mq_buf_steal(&b);
}

/* fsync the folder path is in (a name made there must survive a crash). */
static int
fsync_dir_of(const char *path, struct mq_err *err)
{
	char *dir;
	int rc;

	if ((dir = sibling(path, NULL)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	rc = mq_dir_sync(dir, MQ_SYNC_BATCHED, err);
	free(dir);
	return rc;
}

/* Move the torn tail data[good, len) to quarantine; truncate the log. */
static int
quarantine_tail(struct mq_logfile *lf, size_t good, struct mq_err *err)
{
	char *q;
	int qfd, rc = 0;

	if ((q = sibling(lf->path, "quarantine")) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	lf->data.data[lf->data.len] = '\n';	/* one torn tail per line */
	qfd = open(q, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	if (qfd == -1)
		rc = mq_fail_errno(err, MQ_IO, "Cannot write %s", q);
	else if ((rc = mq_write_all(qfd, lf->data.data + good,
	    lf->data.len - good + 1, -1, q, err)) == 0 && fsync(qfd) == -1)
		rc = mq_fail_errno(err, MQ_IO, "Cannot write %s", q);
	if (qfd != -1)
		close(qfd);
	if (rc == 0)
		rc = fsync_dir_of(q, err);
	free(q);
	if (rc)
		return rc;
	if (ftruncate(lf->fd, (off_t)good) == -1 || fsync(lf->fd) == -1)
		return mq_fail_errno(err, MQ_IO, "Cannot truncate %s", lf->path);
	lf->data.len = good;
	lf->data.data[good] = '\0';
	return 0;
}

static int
writer_init(struct mq_logfile *lf, const struct mq_keys *k, int fd,
    struct mq_err *err)
{
	lf->fd = fd;
	memcpy(lf->sk, k->sk, sizeof(lf->sk));
	if (flock(fd, LOCK_EX) == -1)
		return mq_fail_errno(err, MQ_IO, "Cannot lock %s", lf->path);
	return 0;
}

int
mq_logfile_open_write(const char *path, const struct mq_keys *k,
    struct mq_logfile **out, struct mq_err *err)
{
	struct mq_logfile *lf;
	size_t good;
	int fd, rc;

	*out = NULL;
	if ((lf = lf_new(path, k->pk)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	if ((fd = open(path, O_RDWR | O_CLOEXEC)) == -1) {
		rc = mq_fail_errno(err, MQ_IO, "Cannot open the log %s", path);
		mq_logfile_close(lf);
		return rc;
	}
	if ((rc = writer_init(lf, k, fd, err)) == 0 &&
	    (rc = read_all(lf, fd, err)) == 0) {
		good = complete_len(&lf->data);
		rc = verify_lines(lf, good, NULL, err);
		if (rc == 0 && good < lf->data.len) {
			lf->torn = lf->data.len - good;
			rc = quarantine_tail(lf, good, err);
		}
	}
	if (rc) {
		mq_logfile_close(lf);
		return rc;
	}
	*out = lf;
	return 0;
}

/* Fill the chain fields of body as entry seq; then check it all. */
static int
prepare(struct mq_logfile *lf, const struct mq_log_chain *c, json_t *body,
    struct mq_err *err)
{
	char hex[MQ_LOG_HEXLEN + 1];
	uint64_t seq = c->seq + 1;
	json_t *t;

	if (!json_is_object(body))
		return mq_fail(err, MQ_REFUSED, "An entry must be a JSON object.");
	if (seq == 1)
		memset(hex, '0', MQ_LOG_HEXLEN);
	else
		sodium_bin2hex(hex, sizeof(hex), c->head, sizeof(c->head));
	hex[MQ_LOG_HEXLEN] = '\0';
	if (json_object_set_new(body, "v", json_integer(1)) ||
	    json_object_set_new(body, "seq", json_integer((json_int_t)seq)) ||
	    json_object_set_new(body, "prev", json_string(hex)) ||
	    json_object_set_new(body, "kid", json_string(c->kid)))
		return mq_fail(err, MQ_IO, "Out of memory.");
	t = json_object_get(body, "type");
	if (json_is_string(t) && strcmp(json_string_value(t), "command") == 0 &&
	    lf->commits.have_seed)
		MQ_TRY(mq_commit_fill(body, lf->commits.seed, err));
	if (lf->commits.have_seed)
		MQ_TRY(mq_commit_blind(body, lf->commits.seed, err));
	/* The same checks a verifier makes, so a bad entry never lands. */
	MQ_TRY(mq_log_chain_fields(c, body, seq, err));
	return mq_commit_check(&lf->commits, seq, body, 1, err);
}

static int
format_all(struct mq_logfile *lf, struct mq_log_chain *c, json_t *const *bodies,
    size_t n, struct mq_log_signed *out, struct mq_err *err)
{
	struct mq_log_entry e;
	size_t i, start;
	char *tab;

	for (i = 0; i < n; i++) {
		start = lf->data.len;
		MQ_TRY(prepare(lf, c, bodies[i], err));
		MQ_TRY(mq_log_sign_line(bodies[i], lf->sk, &lf->data, e.hash, err));
		e.body = bodies[i];
		e.seq = c->seq + 1;
		/* The signature was made here; no need to verify it again. */
		MQ_TRY(mq_log_chain_next(c, &e, 0, err));
		if (out == NULL)
			continue;
		tab = memchr(lf->data.data + start, '\t', lf->data.len - start);
		out[i].seq = e.seq;
		out[i].body = strndup(lf->data.data + start,
		    (size_t)(tab - lf->data.data - start));
		memcpy(out[i].hash, tab + 1, MQ_LOG_HEXLEN);
		out[i].hash[MQ_LOG_HEXLEN] = '\0';
		memcpy(out[i].sig, tab + 2 + MQ_LOG_HEXLEN, MQ_LOG_B64LEN);
		out[i].sig[MQ_LOG_B64LEN] = '\0';
		if (out[i].body == NULL)
			return mq_fail(err, MQ_IO, "Out of memory.");
	}
	return 0;
}

int
mq_logfile_append(struct mq_logfile *lf, json_t *const *bodies, size_t n,
    struct mq_log_signed *out, struct mq_err *err)
{
	struct mq_log_chain c = lf->chain;
	size_t start = lf->data.len, ntypes = lf->commits.ntypes;
	int rc;

	if (lf->fd == -1)
		mq_fatal("mq_logfile_append on a log opened for reading");
	if (out != NULL)
		memset(out, 0, n * sizeof(*out));
	rc = format_all(lf, &c, bodies, n, out, err);
	if (rc == 0)
		rc = mq_write_all(lf->fd, lf->data.data + start,
		    lf->data.len - start, (off_t)start, lf->path, err);
	if (rc == 0)
		rc = mq_durable_sync(lf->fd, lf->path, err);
	if (rc) {
		/*
		 * Leave no partial group behind, in the file or in memory. If
		 * even the truncate fails, the next writer quarantines the
		 * torn tail, as after a crash.
		 */
		if (ftruncate(lf->fd, (off_t)start) == -1)
			rc = mq_fail_errno(err, MQ_IO, "Cannot write %s, nor "
			    "truncate it back", lf->path);
		lf->data.len = start;
		if (lf->data.data != NULL)
			lf->data.data[start] = '\0';
		lf->commits.ntypes = ntypes;
		if (out != NULL)
			mq_log_signed_free(out, n);
		return rc;
	}
	lf->chain = c;
	return 0;
}

/* Write genesis into a fresh temporary file, then link it into place. */
static int
create_at(struct mq_logfile *lf, const struct mq_keys *k, char *tmp,
    json_t *genesis, struct mq_log_signed *out, struct mq_err *err)
{
	char pkhex[MQ_LOG_HEXLEN + 1];
	int fd;

	if ((fd = mkstemp(tmp)) == -1)
		return mq_fail_errno(err, MQ_IO, "Cannot create %s", tmp);
	MQ_TRY(writer_init(lf, k, fd, err));
	sodium_bin2hex(pkhex, sizeof(pkhex), k->pk, sizeof(k->pk));
	if (json_object_set_new(genesis, "server_key", json_string(pkhex)))
		return mq_fail(err, MQ_IO, "Out of memory.");
	MQ_TRY(mq_logfile_append(lf, &genesis, 1, out, err));
	if (link(tmp, lf->path) == -1) {
		if (out != NULL)
			mq_log_signed_free(out, 1);
		return mq_fail_errno(err, errno == EEXIST ? MQ_REFUSED : MQ_IO,
		    "Cannot create the log %s", lf->path);
	}
	return fsync_dir_of(lf->path, err);
}

int
mq_logfile_create(const char *path, const struct mq_keys *k, json_t *genesis,
    struct mq_log_signed *out, struct mq_logfile **lfp, struct mq_err *err)
{
	struct mq_buf tmp = MQ_BUF_INIT;
	struct mq_logfile *lf;
	int rc;

	if (lfp != NULL)
		*lfp = NULL;
	if ((lf = lf_new(path, k->pk)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	if (mq_buf_printf(&tmp, "%s.new.XXXXXX", path))
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	else {
		rc = create_at(lf, k, tmp.data, genesis, out, err);
		if (lf->fd != -1)
			unlink(tmp.data);
	}
	mq_buf_free(&tmp);
	if (rc || lfp == NULL)
		mq_logfile_close(lf);
	else
		*lfp = lf;
	return rc;
}

void
mq_logfile_rewind(struct mq_logfile *lf)
{
	json_decref(lf->cur.body);
	lf->cur.body = NULL;
	lf->pos = 0;
	lf->iseq = 0;
}

int
mq_logfile_find(struct mq_logfile *lf, uint64_t seq,
    const struct mq_log_entry **e, struct mq_err *err)
{
	int rc;

	mq_logfile_rewind(lf);
	while ((rc = mq_logfile_next(lf, e, err)) == 0 && *e != NULL &&
	    (*e)->seq != seq)
		continue;
	return rc;
}

int
mq_logfile_next(struct mq_logfile *lf, const struct mq_log_entry **e,
    struct mq_err *err)
{
	const char *p, *nl;
	int rc;

	json_decref(lf->cur.body);
	lf->cur.body = NULL;
	*e = NULL;
	if (lf->pos >= lf->data.len)
		return 0;
	p = lf->data.data + lf->pos;
	nl = memchr(p, '\n', lf->data.len - lf->pos);
	rc = mq_log_parse_line(p, (size_t)(nl - p), lf->iseq + 1, 0, &lf->cur,
	    &lf->scratch, err);
	if (rc) {
		json_decref(lf->cur.body);
		lf->cur.body = NULL;
		return rc;
	}
	lf->pos = (size_t)(nl + 1 - lf->data.data);
	lf->iseq++;
	*e = &lf->cur;
	return 0;
}

uint64_t
mq_logfile_seq(const struct mq_logfile *lf)
{
	return lf->chain.seq;
}

const char *
mq_logfile_game(const struct mq_logfile *lf)
{
	return lf->chain.game;
}

void
mq_logfile_head(const struct mq_logfile *lf, unsigned char hash[MQ_LOG_HASHLEN])
{
	memcpy(hash, lf->chain.head, MQ_LOG_HASHLEN);
}

const unsigned char *
mq_logfile_pubkey(const struct mq_logfile *lf)
{
	return lf->chain.pk;
}

size_t
mq_logfile_torn(const struct mq_logfile *lf)
{
	return lf->torn;
}

int
mq_logfile_verify(const char *path, const unsigned char *trusted_pk,
    uint64_t *n, struct mq_err *err)
{
	struct mq_logfile *lf;

	MQ_TRY(mq_logfile_open_read(path, trusted_pk, &lf, err));
	if (n != NULL)
		*n = mq_logfile_seq(lf);
	mq_logfile_close(lf);
	return 0;
}

/* The export's "log": every line without its LF. */
static json_t *
export_lines(const struct mq_logfile *lf)
{
	const char *p = lf->data.data, *end = p + lf->data.len, *nl;
	json_t *a = json_array();

	for (; a != NULL && p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (json_array_append_new(a, json_stringn(p, (size_t)(nl - p)))) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

static int
check_data_hash(struct mq_logfile *lf, const json_t *data, char *hex,
    struct mq_err *err)
{
	const struct mq_log_entry *g;
	unsigned char h[MQ_LOG_HASHLEN], want[MQ_LOG_HASHLEN];
	int rc;

	if (!json_is_object(data))
		return mq_fail(err, MQ_REFUSED, "The game data is not an object.");
	mq_buf_reset(&lf->scratch);
	MQ_TRY(mq_log_canon(data, &lf->scratch, err));
	crypto_generichash(h, sizeof(h), (unsigned char *)lf->scratch.data,
	    lf->scratch.len, NULL, 0);
	sodium_bin2hex(hex, MQ_LOG_HEXLEN + 1, h, sizeof(h));
	mq_logfile_rewind(lf);
	MQ_TRY(mq_logfile_next(lf, &g, err));
	rc = g == NULL || mq_log_get_hex(g->body, "data_hash", want, sizeof(want))
	    || memcmp(want, h, sizeof(h)) != 0;
	mq_logfile_rewind(lf);
	if (rc)
		return mq_fail(err, MQ_BADDATA, "The game data's hash is not the "
		    "data_hash of the genesis.");
	return 0;
}

int
mq_logfile_export(struct mq_logfile *lf, const json_t *data, char **out,
    struct mq_err *err)
{
	char hex[MQ_LOG_HEXLEN + 1], pkhex[MQ_LOG_HEXLEN + 1];
	json_t *doc;

	*out = NULL;
	MQ_TRY(check_data_hash(lf, data, hex, err));
	sodium_bin2hex(pkhex, sizeof(pkhex), lf->chain.pk, sizeof(lf->chain.pk));
	doc = json_pack("{s:s, s:s, s:s, s:o, s:O, s:s}",
	    "format", "masqued-export-v1", "game", lf->chain.game,
	    "public_key", pkhex, "log", export_lines(lf), "data", (json_t *)data,
	    "data_hash", hex);
	if (doc == NULL)
		return mq_fail(err, MQ_IO, "Out of memory building the export.");
	*out = json_dumps(doc, JSON_INDENT(1) | JSON_SORT_KEYS);
	json_decref(doc);
	if (*out == NULL)
		return mq_fail(err, MQ_IO, "Out of memory building the export.");
	return 0;
}

/* Whether the first line of the file at path has a log entry's shape
 * (hash, signature and body apart by TABs): a file that has it is a log
 * that does not verify, not something else. */
int
mq_logfile_shaped(const char *path)
{
	char line[8192];
	const char *t;
	FILE *f;
	int shaped = 0;

	if ((f = fopen(path, "r")) == NULL)
		return 0;
	if (fgets(line, sizeof(line), f) != NULL &&
	    (t = strchr(line, '\t')) != NULL && strchr(t + 1, '\t') != NULL)
		shaped = 1;
	fclose(f);
	return shaped;
}
