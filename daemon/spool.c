/* spool.c - the outbound queue; see spool.h. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "durable.h"
#include "daemon/daemon.h"
#include "daemon/config.h"
#include "daemon/mailmark.h"
#include "daemon/spool.h"
#include "daemon/spool_int.h"
#include "daemon/store.h"
#include "fileio.h"
#include "mail/transport_maildir.h"
#include "mail/transport_sendmail.h"
#include "mail/transport.h"
#include "mail/transport_smtp.h"

#define RCPT_LINE "X-Masqued-Envelope-To: "

int
mq_spool_put(const char *datadir, const char *name, const char *rcpt,
    const char *raw, size_t len, struct mq_err *err)
{
	struct mq_buf b = MQ_BUF_INIT;
	char path[1400];
	int rc, exists;

	/* One file, written whole: the envelope recipient on a first line the
	 * sender strips, then the message (written after it as it is, not
	 * copied). Putting it and removing it are each one atomic step, so a
	 * crash never leaves half a mail. */
	if (strchr(rcpt, '\n') || strchr(rcpt, '\r'))
		return mq_fail(err, MQ_REFUSED, "A recipient address holds a line "
		    "break.");
	mq_buf_printf(&b, "%s%s\r\n", RCPT_LINE, rcpt);
	if (b.oom) {
		mq_buf_free(&b);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	snprintf(path, sizeof(path), "%s/spool/%s.eml", datadir, name);
	rc = mq_file_create_new(path, b.data, b.len, raw, len, 0600, &exists,
	    err);	/* private views */
	if (rc == 0 && exists) {
		/* spooled again (a message read again after a crash): the
		 * mail is replaced and starts its tries afresh */
		snprintf(path, sizeof(path), "%s/spool/%s.retry", datadir, name);
		unlink(path);
		snprintf(path, sizeof(path), "%s/spool/%s.eml", datadir, name);
		rc = mq_file_replace2(path, b.data, b.len, raw, len, 0600, err);
	}
	mq_buf_free(&b);
	return rc;
}

int
mq_spool_sync(const char *datadir, struct mq_err *err)
{
	char path[1400];

	snprintf(path, sizeof(path), "%s/spool", datadir);
	return mq_dir_sync(path, MQ_SYNC_BATCHED, err);
}

int
mq_spool_sync_now(const char *datadir, const char *name, struct mq_err *err)
{
	char path[1400];
	int fd;

	snprintf(path, sizeof(path), "%s/spool/%s.eml", datadir, name);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return mq_fail_errno(err, MQ_IO, "Cannot open %s", path);
	if (fsync(fd) == -1) {
		mq_fail_errno(err, MQ_IO, "Cannot flush %s to disk", path);
		close(fd);
		return MQ_IO;
	}
	close(fd);
	snprintf(path, sizeof(path), "%s/spool", datadir);
	return mq_dir_sync(path, MQ_SYNC_NOW, err);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Where a game mail's name (notify.c: GAME-SEQ-SEAT-KIND) says its kind:
 * past the third '-'; 0 for another name (the host's). */
static size_t
kind_at(const char *name)
{
	const char *p = name;
	int dashes = 0;

	while (*p && dashes < 3)
		dashes += *p++ == '-';
	return dashes == 3 ? (size_t)(p - name) : 0;
}

/*
 * Where a game's mail goes among the others of its entry and seat (kind:
 * the name from its kind on): 0 the receipt of the move that logged the
 * entry, 2 an answer to a mail that logged nothing (its kind, then '-' and
 * the 16 hex digits that set it apart: notify.c) and the help mail of a
 * HELP beside a move, 1 the rest.
 */
static int
kind_rank(const char *kind)
{
	const char *dash = strchr(kind, '-');

	if (strcmp(kind, "receipt") == 0)
		return 0;
	if (strcmp(kind, "help") == 0)
		return 2;
	if (dash != NULL && strlen(dash + 1) == 16 &&
	    strspn(dash + 1, "0123456789abcdef") == 16)
		return 2;
	return 1;
}

/*
 * The order of sending: by name (game, entry, seat), but among a seat's
 * mails of one entry as they were made: the receipt of the move that
 * logged it first (the end or the next round its move set off comes after
 * it, not before it, as the kinds' names would sort), an answer to a mail
 * that logged nothing last (its seq is the last entry's, whose mails were
 * all made before it: a copy of a move, received already, read in the
 * pass that resolved the phase, is answered after the resolution, not
 * with the next phase's move before the mail that tells how it came);
 * so is the help mail of a HELP beside a move that ended the phase, after
 * the resolution its move set off ("help" sorts before "resolution").
 * (An IMAP outage's notices sort as they come: imap-down, imap-refused,
 * imap-up.)
 */
static int
cmp_spool(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	size_t k = kind_at(x);
	int rx, ry;

	if (k != 0 && k == kind_at(y) && strncmp(x, y, k) == 0) {
		rx = kind_rank(x + k);
		ry = kind_rank(y + k);
		if (rx != ry)
			return rx - ry;
	}
	return strcmp(x, y);
}

/*
 * The spooled mails that have a NAME.retry (tries and the time of the
 * next), sorted: the others, nearly all, need no look for one.
 */
struct retries {
	char **v;
	size_t n, cap;
};

static int
grow_retries(struct retries *r)
{
	size_t cap = r->cap ? r->cap * 2 : 16;
	char **nv = realloc(r->v, cap * sizeof(*nv));

	if (nv == NULL)
		return -1;
	r->v = nv;
	r->cap = cap;
	return 0;
}

static int
has_retry(const struct retries *r, const char *name)
{
	return r->n > 0 && bsearch(&name, r->v, r->n, sizeof(*r->v), cmp_str) != NULL;
}

/*
 * The names of spooled mails (NAME.eml), in the order of sending
 * (cmp_spool), into *names (*n of them; the caller frees them, even on
 * failure). A NAME.retry whose mail is gone
 * (a kill between the two unlinks after sending) is cleared here, and so is
 * a NAME.eml.tmp an hour old (a kill in the middle of writing it; a younger
 * one may be another process's, an `ingest` writing now). An unreadable
 * spool is an error, not an empty one: mail would wait there unseen.
 */
static int
list_spool(const char *dir, char ***names, size_t *n, struct retries *r,
    struct mq_err *err)
{
	char **v = NULL, **nv, path[4096];
	struct dirent *de;
	size_t cap = 0, len;
	int rc = 0;
	DIR *d;

	*names = NULL;
	*n = 0;
	if ((d = opendir(dir)) == NULL)
		return mq_fail_errno(err, MQ_IO, "Cannot read the spool %s", dir);
	while (rc == 0 && (de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (len > 6 && strcmp(de->d_name + len - 6, ".retry") == 0) {
			snprintf(path, sizeof(path), "%s/%.*s.eml", dir,
			    (int)(len - 6), de->d_name);
			if (access(path, F_OK) != 0) {
				snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
				unlink(path);
			} else if ((r->n == r->cap && grow_retries(r) != 0) ||
			    (r->v[r->n] = strndup(de->d_name, len - 6)) == NULL)
				rc = mq_fail(err, MQ_IO, "Out of memory.");
			else
				r->n++;
			continue;
		}
		if (len > 8 && strcmp(de->d_name + len - 8, ".eml.tmp") == 0) {
			struct stat sb;

			snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
			if (stat(path, &sb) == 0 && sb.st_mtime < time(NULL) - 3600)
				unlink(path);
			continue;
		}
		if (len < 5 || strcmp(de->d_name + len - 4, ".eml") != 0)
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			if ((nv = realloc(v, cap * sizeof(*v))) == NULL) {
				rc = mq_fail(err, MQ_IO, "Out of memory.");
				break;
			}
			v = nv;
		}
		if ((v[*n] = strndup(de->d_name, len - 4)) == NULL)
			rc = mq_fail(err, MQ_IO, "Out of memory.");
		else
			(*n)++;
	}
	closedir(d);
	*names = v;
	if (rc)
		return rc;
	if (*n > 1)
		qsort(v, *n, sizeof(*v), cmp_spool);
	if (r->n > 1)
		qsort(r->v, r->n, sizeof(*r->v), cmp_str);
	return 0;
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long sz;

	*len = 0;
	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (sz = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)sz + 1)) != NULL) {
		*len = fread(buf, 1, (size_t)sz, f);
		buf[*len] = '\0';
	}
	fclose(f);
	return buf;
}

/* Into DIR/dead. A mail that cannot be moved stays, and is said so on
 * stderr: else it would be tried, and reported dead, on every pass. */
static void
to_dead(const char *dir, const char *name)
{
	char why[MQ_STRERROR_HINT_MAX];
	char from[1400], to[1400];

	snprintf(to, sizeof(to), "%s/dead", dir);
	if (mkdir(to, 0755) == -1 && errno != EEXIST) {
		mq_daemon_log("spool: cannot create %s: %s", to,
		    mq_strerror_hint(errno, to, why, sizeof(why)));
		return;
	}
	snprintf(from, sizeof(from), "%s/%s.eml", dir, name);
	snprintf(to, sizeof(to), "%s/dead/%s.eml", dir, name);
	if (rename(from, to) == -1 && errno != ENOENT) {
		mq_daemon_log("spool: cannot move %s to %s/dead: %s", from, dir,
		    mq_strerror_hint(errno, from, why, sizeof(why)));
		return;
	}
	/* the .retry may be missing (a first try refused for good) */
	snprintf(from, sizeof(from), "%s/%s.retry", dir, name);
	snprintf(to, sizeof(to), "%s/dead/%s.retry", dir, name);
	if (rename(from, to) == -1 && errno != ENOENT)
		mq_daemon_log("spool: cannot move %s to %s/dead: %s", from, dir,
		    mq_strerror_hint(errno, from, why, sizeof(why)));
}

/*
 * NAME.retry: "TRIES NEXT\nWHY\n", replaced whole. One that cannot be
 * written is said in the log: the mail is then tried again on the next
 * pass, not at NEXT, and this try is not counted.
 */
static void
retry_later(const char *dir, const char *name, int tries, long base,
    long long now, const char *why)
{
	char path[1400], meta[1200];
	/* base, twice base, ... (retry_base, 30 s unless configured) */
	long long next = now + ((long long)base << (tries < 12 ? tries : 12));
	struct mq_err e;
	int n;

	n = snprintf(meta, sizeof(meta), "%d %lld\n%s\n", tries + 1, next, why);
	snprintf(path, sizeof(path), "%s/%s.retry", dir, name);
	if (mq_file_replace(path, meta, (size_t)n, 0644, &e) != 0)
		mq_daemon_log("spool: mail %s: %s; it is tried again on the next "
		    "pass", name, e.msg);
}

/*
 * Read NAME.retry strictly: its first line is "TRIES NEXT" in digits, then
 * one line of why. A damaged or unreadable one means retry now, and the
 * log says so: a mail must never wait on a number misread. Its tries are
 * then unknown, and counted as all but the last: counted afresh, a mail
 * whose .retry kept being damaged would never reach the dead letters.
 * One more failure is a dead letter the host is told of, never a loss.
 */
static void
retry_read(const char *dir, const char *name, int *tries, long long *next)
{
	char path[1400], buf[2048];
	unsigned long long t, n;
	const char *p = buf, *nl;
	struct mq_err e;
	size_t len;
	int present;

	*tries = 0;
	*next = 0;
	snprintf(path, sizeof(path), "%s/%s.retry", dir, name);
	if (mq_file_read_small(path, buf, sizeof(buf), &len, &present, &e) != 0) {
		mq_daemon_log("spool: mail %s: %s; trying it now, a last time",
		    name, e.msg);
		*tries = MQ_SPOOL_MAX_TRIES - 1;
		return;
	}
	if (!present)
		return;		/* gone since the listing: spooled afresh */
	if (strlen(buf) != len || mq_scan_digits(&p, INT_MAX - 1, &t) != 0 ||
	    *p++ != ' ' || mq_scan_digits(&p, LLONG_MAX, &n) != 0 ||
	    *p++ != '\n' || (nl = strchr(p, '\n')) == NULL || nl[1] != '\0') {
		mq_daemon_log("spool: mail %s: %s is damaged; trying the mail "
		    "now, a last time", name, path);
		*tries = MQ_SPOOL_MAX_TRIES - 1;
		return;
	}
	*tries = (int)t;
	*next = (long long)n;
}

/* One spooled mail, read for sending. */
struct outgoing {
	const char	*name;
	char		*file;		/* the whole spool file */
	const char	*raw;		/* the message, in file */
	size_t		 len;
	char		 rcpt[512];
	int		 tries;
	int		 state;		/* enum below */
	int		 retry;		/* it has a NAME.retry */
	int		 moved;		/* moved into the outbox: no NAME.eml left */
};

enum { OUT_SKIP, OUT_READY, OUT_SENT, OUT_BROKEN };

static void
remove_mail(const char *dir, const struct outgoing *o)
{
	char path[1400];

	/* the mail first: once it is gone it is sent; a .retry left behind by
	 * a crash here is cleared by the next listing */
	if (!o->moved) {
		snprintf(path, sizeof(path), "%s/%s.eml", dir, o->name);
		unlink(path);
	}
	if (o->retry) {
		snprintf(path, sizeof(path), "%s/%s.retry", dir, o->name);
		unlink(path);
	}
}

/* The first bytes of path, NUL-terminated: enough for the recipient line
 * (a Maildir delivery links the file itself and needs no more). */
static char *
head(const char *path, size_t *len)
{
	char *buf = malloc(1024);
	ssize_t n;
	int fd;

	*len = 0;
	if (buf == NULL || (fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		free(buf);
		return NULL;
	}
	n = read(fd, buf, 1023);
	close(fd);
	if (n < 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = (size_t)n;
	return buf;
}

/* Read names[i] (whole, or only its head) unless it waits for a later try
 * or is broken (moved to dead/, the host told: OUT_BROKEN); OUT_READY when
 * it is to be sent now. */
static int
load(const struct mq_config *c, struct mq_refusals *words, const char *dir,
    const char *name, const struct retries *r, long long now, int whole,
    struct outgoing *o, struct mq_spool_stats *st)
{
	char why[MQ_STRERROR_HINT_MAX];
	char path[1400], *eol;
	long long next = 0;
	size_t len;

	memset(o, 0, sizeof(*o));
	o->name = name;
	o->retry = has_retry(r, name);
	if (o->retry)
		retry_read(dir, name, &o->tries, &next);
	if (next > now) {
		st->waiting++;
		return o->state = OUT_SKIP;
	}
	snprintf(path, sizeof(path), "%s/%s.eml", dir, name);
	errno = 0;
	if ((o->file = whole ? slurp(path, &len) : head(path, &len)) == NULL) {
		/* gone is sent (another process); else it waits, said: a file
		 * of another user's (root's) was passed by as if it were none */
		if (errno != ENOENT) {
			mq_daemon_log("spool: %s cannot be read (%s); it waits "
			    "until it can be.", name, mq_strerror_hint(errno ? errno :
			    EIO, path, why, sizeof(why)));
			st->waiting++;
			st->unreadable++;
		}
		return o->state = OUT_SKIP;
	}
	if (strncmp(o->file, RCPT_LINE, strlen(RCPT_LINE)) != 0 ||
	    (eol = strstr(o->file, "\r\n")) == NULL) {
		mq_daemon_log("spool: %s has no recipient line; moved to "
		    "%s/dead", name, dir);
		/* the host's notice first: a kill between the two left a
		 * dead letter the host never heard of; queued again (by
		 * the next pass, when the move did not happen), it
		 * replaces itself */
		mq_spool_tell_broken(c, words, name, now);
		to_dead(dir, name);
		st->dead++;
		free(o->file);
		o->file = NULL;
		return o->state = OUT_BROKEN;
	}
	snprintf(o->rcpt, sizeof(o->rcpt), "%.*s", (int)(eol - o->file -
	    strlen(RCPT_LINE)), o->file + strlen(RCPT_LINE));
	o->raw = eol + 2;
	o->len = len - (size_t)(o->raw - o->file);
	return o->state = OUT_READY;
}

/* A try that failed: dead when refused or out of tries, else later. */
static void
failed(const struct mq_config *c, struct mq_refusals *words, const char *dir,
    struct outgoing *o, long long now, int rc, const struct mq_err *e,
    struct mq_spool_stats *st)
{
	if (rc == MQ_REFUSED || o->tries + 1 >= MQ_SPOOL_MAX_TRIES) {
		/* a permanent refusal (the address bounces), or no more tries */
		mq_daemon_log("mail %s to %s is dead: %s", o->name, o->rcpt,
		    e->msg);
		/* told first, then moved (as a broken one, load) */
		mq_spool_tell_dead(c, words, o->name, o->rcpt, e->msg, now);
		to_dead(dir, o->name);
		st->dead++;
	} else {
		mq_daemon_log("mail %s to %s not sent (try %d): %s", o->name,
		    o->rcpt, o->tries + 1, e->msg);
		retry_later(dir, o->name, o->tries,
		    c->retry_base > 0 ? c->retry_base : 30, now, e->msg);
		st->failed++;
	}
	o->state = OUT_SKIP;
}

/* Gone from the spool: sent. One line per mail, as an MTA logs what went
 * where; written once it has left the spool: the line means done. */
static void
sent(const char *dir, struct outgoing *o, struct mq_spool_stats *st,
    struct mq_buf *lines)
{
	char stamp[64];

	remove_mail(dir, o);
	mq_daemon_log_stamp(stamp, sizeof(stamp));
	if (lines == NULL || mq_buf_printf(lines, "%s: sent %s to %s\n", stamp,
	    o->name, o->rcpt) != 0)
		mq_daemon_log("sent %s to %s", o->name, o->rcpt);
	st->sent++;
}

/*
 * Into the outbox Maildir, MQ_SPOOL_BATCH mails at a time: each spool file
 * is moved into the outbox as it is (its recipient line stays, as a trace
 * header; a rename that never replaces a name, so it leaves the spool in
 * the same step), with one flush for the batch (durable.h) instead of two
 * fsyncs a mail. Where the file system cannot move so, the file is linked
 * in and then removed from the spool; one linked already went before a
 * crash (transport_maildir.h). Either way no mail goes twice.
 */
static int
flush_maildir(const struct mq_config *c, struct mq_refusals *words,
    const char *dir, char **names,
    size_t n, const struct retries *r, long long now,
    struct mq_spool_stats *st, struct mq_err *err)
{
	struct mq_buf lines = MQ_BUF_INIT;
	struct outgoing *o;
	struct mq_err e;
	char path[1400];
	size_t i, k, m;
	int rc;

	if ((o = calloc(MQ_SPOOL_BATCH, sizeof(*o))) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	for (i = 0; i < n; i += m) {
		m = n - i < MQ_SPOOL_BATCH ? n - i : MQ_SPOOL_BATCH;
		mq_durable_begin();
		for (k = 0; k < m; k++) {
			if (load(c, words, dir, names[i + k], r, now, 0, &o[k],
			    st) != OUT_READY)
				continue;
			snprintf(path, sizeof(path), "%s/%s.eml", dir, o[k].name);
			rc = mq_maildir_move_file(c->maildir_outbox, path, now,
			    &o[k].moved, NULL, &e);
			if (rc)
				failed(c, words, dir, &o[k], now, rc, &e, st);
			else
				o[k].state = OUT_SENT;
		}
		rc = mq_durable_commit(&e);
		for (k = 0; k < m; k++) {
			if (rc == 0 && o[k].state == OUT_SENT)
				sent(dir, &o[k], st, &lines);
			free(o[k].file);
		}
		/* the batch's lines in one write, not one each */
		if (lines.len > 0)
			fputs(mq_buf_str(&lines), stderr);
		mq_buf_reset(&lines);
		if (rc) {
			/* The disk refused the flush: the batch's mails are in
			 * the outbox as far as the file system says, not known
			 * to be on disk, and not logged as sent; the pass stops.
			 * One linked in, not moved, is in the spool as well:
			 * the next pass sees its two links and lets it go
			 * unsent again; one copied from another file system is
			 * sent again. */
			mq_daemon_log("spool: %s", e.msg);
			break;
		}
	}
	free(o);
	mq_buf_free(&lines);
	return 0;
}

/*
 * Over SMTP, one mail at a time; the session is kept between mails. A
 * server that takes no mail at all is an outage, no mail's failure: the
 * rest wait for the next pass, untried (each would only meet the same
 * failure, a timeout each where the server never answers), and none counts
 * a try, so no outage, however long, makes a dead letter.
 */
/* The host is told once a process that smtp_user went unused. */
static int no_login_told;

static void
flush_smtp(const struct mq_config *c, struct mq_refusals *words,
    const char *dir, char **names, size_t n,
    const struct retries *r, long long now, struct mq_spool_stats *st)
{
	struct mq_smtp_conf sc;
	struct mq_smtp *smtp = NULL;
	struct outgoing o;
	struct mq_err e;
	size_t i;
	int rc, took = 0;

	for (i = 0; i < n; i++) {
		if (load(c, words, dir, names[i], r, now, 1, &o, st) !=
		    OUT_READY)
			continue;
		if (smtp == NULL) {
			memset(&sc, 0, sizeof(sc));
			sc.url = c->smtp_url;
			sc.user = c->smtp_user[0] ? c->smtp_user : NULL;
			sc.password = c->smtp_password[0] ? c->smtp_password : NULL;
			sc.require_tls = c->tls;
			sc.mail_from = c->envelope;
			sc.timeout_s = c->mail_timeout;
			sc.ca_file = c->tls_ca_file[0] ? c->tls_ca_file : NULL;
			if (mq_smtp_open(&sc, &smtp, &e) != 0) {
				mq_spool_outage(c, now, e.msg, n - i, st);
				free(o.file);
				break;
			}
		}
		rc = mq_smtp_send(smtp, o.rcpt, o.raw, o.len, &e);
		if (rc == 0) {
			if (!took++)
				mq_spool_outage_over(c, words, now);
			/* once a process: the host set a user to log in as */
			if (!no_login_told && mq_smtp_no_login(smtp)) {
				char host[256];

				/* host:port alone: a URL may hold a password */
				mq_transport_host(host, sizeof(host), c->smtp_url);
				mq_daemon_log("spool: smtp_user %s is set, but the "
				    "SMTP server %s offered no login (no AUTH in "
				    "its answer to EHLO; many offer it only under "
				    "TLS), so mail goes without one", c->smtp_user,
				    host);
				no_login_told = 1;
			}
			sent(dir, &o, st, NULL);
			free(o.file);
			continue;
		}
		if (mq_smtp_server_failed(smtp)) {
			mq_spool_outage(c, now, e.msg, n - i, st);
			free(o.file);
			break;
		}
		failed(c, words, dir, &o, now, rc, &e, st);
		mq_smtp_close(smtp);	/* a broken session: start afresh */
		smtp = NULL;
		free(o.file);
	}
	if (smtp != NULL)
		mq_smtp_close(smtp);
}

/* How much of a spool name says whose mail it is: a game's id for a
 * game's mail (GAME-SEQ-...), else the whole name (the host's, a
 * stranger's answer): each its own. */
static size_t
owner_len(const char *name)
{
	const char *p = name + MQ_GAME_ID_LEN + 1;
	unsigned long long seq;

	if (strlen(name) > MQ_GAME_ID_LEN + 1 && name[MQ_GAME_ID_LEN] == '-' &&
	    strspn(name, "abcdefghijklmnopqrstuvwxyz234567") == MQ_GAME_ID_LEN &&
	    mq_scan_digits(&p, UINT64_MAX, &seq) == 0 && *p == '-')
		return MQ_GAME_ID_LEN;
	return strlen(name);
}

static int
same_owner(const char *a, const char *b)
{
	size_t k = owner_len(a);

	return k == owner_len(b) && strncmp(a, b, k) == 0;
}

/* A failure not yet known to be its mail's or the program's. */
struct doubt {
	struct outgoing o;	/* its file freed: name, rcpt and tries */
	struct mq_err e;
};

/* Whether a mail of name's game (or name itself) is in doubt. */
static int
doubted(const struct doubt *dv, size_t nd, const char *name)
{
	size_t i;

	for (i = 0; i < nd; i++)
		if (same_owner(dv[i].o.name, name))
			return 1;
	return 0;
}

/*
 * Through the local sendmail program, one mail at a time, as over SMTP: a
 * program that takes no mail at all (EX_TEMPFAIL, one that cannot be run)
 * is an outage, and the rest wait untried; a mail it refuses for good (no
 * such user or host) is a dead letter. Another failure may be the mail's
 * own (Postfix's sendmail exits EX_UNAVAILABLE for one too big) or the
 * program's, and is in doubt until a mail is taken. Once one is, the
 * failures were their mails' (a try counted each, a dead letter in the
 * end), and so is any later one in the pass, and any of a mail whose
 * failure was its own before (a try counted): so the last bad mails left
 * in the spool still reach the dead letters. While none is, the rest of
 * a failed mail's game is passed over (its other mails are likely as big)
 * and the next game's first mail is tried: every game's, and each of the
 * host's notices, before the failures are called an outage (nothing
 * counted). When only one game's mails are left, the next of them tells.
 * Counted as the program's, one game's bad mails held every mail after
 * them for good (the same two failed first at every pass); as the mail's,
 * a broken MTA would make every mail a dead letter.
 */
static void
flush_sendmail(const struct mq_config *c, struct mq_refusals *words,
    const char *dir, char **names, size_t n,
    const struct retries *r, long long now, struct mq_spool_stats *st)
{
	const char *argw[MQ_SENDMAIL_MAX_ARGS];
	char argbuf[sizeof(c->sendmail_args)];
	struct mq_sendmail_conf sc = { c->sendmail_path, argw, 0, c->envelope,
	    c->mail_timeout, { c->secret_env[0], c->secret_env[1] } };
	struct outgoing o;
	struct mq_err e;
	struct doubt *dv;
	size_t *pv, nd = 0, np = 0, i, k, at, *list;
	int rc, down, took = 0, last, phase, stop = 0;

	if (n == 0)
		return;
	/* the words were checked when the config was read (config.c) */
	sc.nargs = mq_sendmail_split(c->sendmail_args, argbuf, sizeof(argbuf),
	    argw, &e);
	if (sc.nargs < 0)
		sc.nargs = 0;
	dv = calloc(n, sizeof(*dv));
	pv = calloc(n, sizeof(*pv));
	if (dv == NULL || pv == NULL) {
		mq_daemon_log("spool: Out of memory; %zu mail(s) wait for the "
		    "next pass", n);
		st->waiting += (int)n;
		free(dv);
		free(pv);
		return;
	}
	/* the queue, then the mails passed over: after it, each game's
	 * mails are together in the queue, so their order is kept; none
	 * taken, the first of them tells (last) */
	for (phase = 0; phase < 2 && !stop; phase++) {
		list = phase ? pv : NULL;
		at = phase ? np : n;
		last = phase && !took;
		for (i = 0; i < at && !stop; i++) {
			k = list != NULL ? list[i] : i;
			if (!took && list == NULL && doubted(dv, nd, names[k])) {
				pv[np++] = k;	/* its game's mail failed */
				continue;
			}
			if (load(c, words, dir, names[k], r, now, 1, &o, st) !=
			    OUT_READY)
				continue;
			rc = mq_sendmail_send(&sc, o.rcpt, o.raw, o.len, &down, &e);
			if (rc == 0) {
				if (!took++) {
					mq_spool_outage_over(c, words, now);
					/* the failures before it: their mails' */
					for (; nd > 0; nd--)
						failed(c, words, dir, &dv[nd - 1].o,
						    now, MQ_IO, &dv[nd - 1].e, st);
				}
				sent(dir, &o, st, NULL);
			} else if (rc == MQ_REFUSED ||
			    (!down && (took || o.tries > 0))) {
				failed(c, words, dir, &o, now, rc, &e, st);
			} else if (down || last) {
				/* the program's: this one and the rest wait
				 * untried, and those in doubt too */
				mq_spool_outage(c, now, nd > 0 && !down ?
				    dv[0].e.msg : e.msg, at - i + nd +
				    (list == NULL ? np : 0), st);
				stop = 1;
			} else {
				dv[nd].o = o;	/* a later mail tells whose */
				dv[nd].o.file = NULL;
				dv[nd].o.raw = NULL;
				dv[nd++].e = e;
			}
			free(o.file);
		}
	}
	/* no mail after it to tell: counted as its own */
	if (!stop && !took && nd == 1)
		failed(c, words, dir, &dv[0].o, now, MQ_IO, &dv[0].e, st);
	else if (!stop && !took && nd > 1)
		mq_spool_outage(c, now, dv[0].e.msg, nd, st);
	free(dv);
	free(pv);
}

/*
 * A game's mail waits while its entry is past the game's mark of mailed
 * entries (mailmark.h): the other mails of that entry are not all queued
 * yet (a disk that filled, a kill in between), and the catch-up that
 * queues them writes this one again, under the same name; sent now, it
 * would go twice. The names are sorted, a game's together: its mark is
 * read once. A game with no mark (older than it) holds nothing back.
 */
struct mark_seen {
	char id[MQ_GAME_ID_LEN + 1];
	uint64_t mark;
	int present;
};

static int
held_back(const char *datadir, const char *name, struct mark_seen *m)
{
	char dir[1400];
	const char *p = name + MQ_GAME_ID_LEN + 1;
	unsigned long long seq;

	if (strlen(name) <= MQ_GAME_ID_LEN + 1 || name[MQ_GAME_ID_LEN] != '-' ||
	    strspn(name, "abcdefghijklmnopqrstuvwxyz234567") != MQ_GAME_ID_LEN ||
	    mq_scan_digits(&p, UINT64_MAX, &seq) != 0 || *p != '-')
		return 0;	/* not a game's (a stranger's, the host's) */
	if (strncmp(m->id, name, MQ_GAME_ID_LEN) != 0) {
		memcpy(m->id, name, MQ_GAME_ID_LEN);
		m->id[MQ_GAME_ID_LEN] = '\0';
		snprintf(dir, sizeof(dir), "%s/games/%s", datadir, m->id);
		m->mark = mq_mailmark_read_at(dir, &m->present);
	}
	return m->present && seq > m->mark;
}

/* names without those held back (counted as waiting), in place */
static size_t
drop_held(const char *datadir, char **names, size_t n,
    struct mq_spool_stats *st)
{
	struct mark_seen m = { "", 0, 0 };
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (held_back(datadir, names[i], &m)) {
			free(names[i]);
			st->waiting++;
		} else
			names[k++] = names[i];
	}
	return k;
}

/* The games with a mail in the spool, or (held) only those whose mail
 * the sender holds back; see spool.h. */
static int
spool_games(const char *datadir, int held, char ***ids, size_t *n,
    struct mq_err *err)
{
	struct mark_seen m = { "", 0, 0 };
	char dir[1200], **v = NULL, **nv;
	struct dirent *de;
	size_t cap = 0, k = 0, len, i;
	int rc = 0;
	DIR *d;

	*ids = NULL;
	*n = 0;
	snprintf(dir, sizeof(dir), "%s/spool", datadir);
	if ((d = opendir(dir)) == NULL)
		return mq_fail_errno(err, MQ_IO, "Cannot read the spool %s", dir);
	/* a game's mails (GAME-SEQ-...), sorted: each game's mark is read
	 * once (held_back) */
	while (rc == 0 && (de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (len <= MQ_GAME_ID_LEN + 5 || de->d_name[MQ_GAME_ID_LEN] != '-' ||
		    strcmp(de->d_name + len - 4, ".eml") != 0)
			continue;
		if (k == cap) {
			cap = cap ? cap * 2 : 16;
			if ((nv = realloc(v, cap * sizeof(*v))) == NULL) {
				rc = mq_fail(err, MQ_IO, "Out of memory.");
				break;
			}
			v = nv;
		}
		if ((v[k] = strndup(de->d_name, len - 4)) == NULL)
			rc = mq_fail(err, MQ_IO, "Out of memory.");
		else
			k++;
	}
	closedir(d);
	if (k > 1)
		qsort(v, k, sizeof(*v), cmp_str);
	/* kept in place, cut to the game's id, once a game */
	for (i = 0; i < k; i++) {
		if (rc == 0 && (!held || held_back(datadir, v[i], &m)) &&
		    (*n == 0 || strncmp(v[*n - 1], v[i], MQ_GAME_ID_LEN) != 0)) {
			v[i][MQ_GAME_ID_LEN] = '\0';
			v[(*n)++] = v[i];
		} else
			free(v[i]);
	}
	*ids = v;
	return rc;
}

int
mq_spool_held_games(const char *datadir, char ***ids, size_t *n,
    struct mq_err *err)
{
	return spool_games(datadir, 1, ids, n, err);
}

int
mq_spool_games(const char *datadir, char ***ids, size_t *n,
    struct mq_err *err)
{
	return spool_games(datadir, 0, ids, n, err);
}

/* Whether name (a spool name) is a game's mail: GAME-SEQ-... */
static int
game_mail(const char *name)
{
	return owner_len(name) == MQ_GAME_ID_LEN;
}

int
mq_spool_game_mail(const char *name)
{
	return game_mail(name);
}

/* By the game's id and the '-' after it (a game's mail name's owner). */
static int
cmp_game(const void *a, const void *b)
{
	return strncmp(*(char *const *)a, *(char *const *)b,
	    MQ_GAME_ID_LEN + 1);
}

/*
 * The batch (names, sorted and each once) with the spool's other mails of
 * its games, in the order of sending, into a new array *out (*nout of
 * them; each name its own copy). A game's mails queued before the pass
 * (by the host's submit or admin) or by another process while it ran are
 * sent with the batch's, and before them, as they come before them in
 * the game's log: sent after them, at the pass's end, a player read the
 * receipt of a move before the story that asked for it. The other mails'
 * tries (NAME.retry) into r: one that waits for a later try still waits.
 * A batch's mail no longer in the spool was sent by another process, and
 * is left out.
 */
static int
with_waiting(const char *dir, char **names, size_t n, char ***out,
    size_t *nout, struct retries *r, struct mq_err *err)
{
	char **all = NULL, **sorted = NULL;
	size_t na = 0, i, k;
	int rc, keep;

	*out = NULL;
	*nout = 0;
	rc = list_spool(dir, &all, &na, r, err);
	/* the batch's names by strcmp, to look them up (it is sorted by
	 * cmp_spool) */
	if (rc == 0 && (sorted = calloc(n, sizeof(*sorted))) == NULL)
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	if (rc == 0) {
		memcpy(sorted, names, n * sizeof(*sorted));
		if (n > 1)
			qsort(sorted, n, sizeof(*sorted), cmp_str);
	}
	for (i = k = 0; rc == 0 && i < na; i++) {
		keep = bsearch(&all[i], sorted, n, sizeof(*sorted),
		    cmp_str) != NULL;
		/* a mail of a game of the batch: a game's mail name begins
		 * with its id and '-', which no other name's does (owner_len),
		 * and a list sorted by strcmp is sorted by that prefix too */
		if (!keep && game_mail(all[i]))
			keep = bsearch(&all[i], sorted, n, sizeof(*sorted),
			    cmp_game) != NULL;
		if (keep)
			all[k++] = all[i];
		else
			free(all[i]);
	}
	free(sorted);
	if (rc != 0) {
		for (i = 0; i < na; i++)
			free(all[i]);
		free(all);
		return rc;
	}
	*out = all;
	*nout = k;
	return 0;
}

int
mq_spool_send_these(const struct mq_config *c, struct mq_refusals *words,
    long long now, char **names, size_t n, struct mq_spool_stats *st,
    struct mq_err *err)
{
	struct retries r = { NULL, 0, 0 };
	char path[1200], **v = NULL;
	struct mq_err e;
	size_t i, k, nv;
	int rc = 0, lock, busy;

	memset(st, 0, sizeof(*st));
	if (c->outbound != MQ_OUT_MAILDIR || n == 0) {
		for (i = 0; i < n; i++)
			free(names[i]);
		return 0;
	}
	/* in the order of sending, each once (a mail queued again in the
	 * batch is one file) */
	qsort(names, n, sizeof(*names), cmp_spool);
	for (i = k = 0; i < n; i++) {
		if (k > 0 && strcmp(names[k - 1], names[i]) == 0)
			free(names[i]);
		else
			names[k++] = names[i];
	}
	n = k;
	snprintf(path, sizeof(path), "%s/cursor/spool.lock", c->datadir);
	if ((rc = mq_file_lock(path, 1, &lock, &busy, err)) != 0) {
		for (i = 0; i < n; i++)
			free(names[i]);
		return rc;
	}
	snprintf(path, sizeof(path), "%s/spool", c->datadir);
	if (with_waiting(path, names, n, &v, &nv, &r, &e) == 0) {
		for (i = 0; i < n; i++)
			free(names[i]);
		names = v;
		n = nv;
	} else {
		/* the batch alone, none with a try behind it (queueing a mail
		 * again clears its NAME.retry: mq_spool_put); the pass's last
		 * sending lists the spool again */
		mq_daemon_log("spool: %s", e.msg);
		for (i = 0; i < r.n; i++)
			free(r.v[i]);
		r.n = 0;
	}
	n = drop_held(c->datadir, names, n, st);
	rc = flush_maildir(c, words, path, names, n, &r, now, st, err);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(v);
	for (i = 0; i < r.n; i++)
		free(r.v[i]);
	free(r.v);
	close(lock);
	return rc;
}

int
mq_spool_flush(const struct mq_config *c, struct mq_refusals *words,
    long long now, struct mq_spool_stats *st, struct mq_err *err)
{
	struct retries r = { NULL, 0, 0 };
	char dir[1200], **names;
	size_t n, i;
	int rc = 0, lock, busy;

	memset(st, 0, sizeof(*st));
	/* One sender at a time: an `ingest` from the MTA's pipe and `serve`
	 * (or two ingests) would otherwise both read a spool file and both
	 * send it. The queue is listed once the lock is ours, so what the
	 * other sent is gone from it. */
	snprintf(dir, sizeof(dir), "%s/cursor/spool.lock", c->datadir);
	MQ_TRY(mq_file_lock(dir, 1, &lock, &busy, err));
	snprintf(dir, sizeof(dir), "%s/spool", c->datadir);
	rc = list_spool(dir, &names, &n, &r, err);
	if (rc == 0)
		n = drop_held(c->datadir, names, n, st);
	if (rc == 0 && c->outbound == MQ_OUT_MAILDIR) {
		mq_spool_outage_forget(c);
		rc = flush_maildir(c, words, dir, names, n, &r, now, st, err);
	} else if (rc == 0 && c->outbound == MQ_OUT_SENDMAIL)
		flush_sendmail(c, words, dir, names, n, &r, now, st);
	else if (rc == 0)
		flush_smtp(c, words, dir, names, n, &r, now, st);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	for (i = 0; i < r.n; i++)
		free(r.v[i]);
	free(r.v);
	close(lock);
	return rc;
}
