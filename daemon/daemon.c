/* daemon.c - the shared context of serve, ingest and parse; see daemon.h. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "daemon/clock.h"
#include "daemon/daemon.h"
#include "daemon/mailmark.h"
#include "daemon/notify.h"
#include "mail/address.h"
#include "mail/refusal_i18n.h"
#include "mail/render.h"

void
mq_daemon_log_stamp(char *out, size_t n)
{
	char when[32];
	time_t t = (time_t)mq_clock_now();

	strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", gmtime(&t));
	snprintf(out, n, "masqued %s", when);
}

void
mq_daemon_log(const char *fmt, ...)
{
	char line[4096], when[64];
	va_list ap;
	int n, m;

	/* one write a line (stderr is unbuffered): lines of processes
	 * writing to one log stay whole */
	mq_daemon_log_stamp(when, sizeof(when));
	n = snprintf(line, sizeof(line), "%s: ", when);
	va_start(ap, fmt);
	m = vsnprintf(line + n, sizeof(line) - (size_t)n - 1, fmt, ap);
	va_end(ap);
	if (m < 0)
		line[n] = '\0';
	/* cut, and a line break from a message's headers escaped: one line */
	m = (int)mq_escape_controls(line + n, sizeof(line) - (size_t)n - 1);
	line[n + m] = '\n';
	line[n + m + 1] = '\0';
	fputs(line, stderr);
}

/*
 * The mail templates' folder into out: MASQUED_TEMPLATES (the host's edited
 * copy), templates beside the program (a source folder) or in
 * PREFIX/share/masqued (installed), else the current folder's. Not there
 * (a program copied away from them): MQ_IO and a sentence saying where it
 * looked, before anything is logged whose mails could not be made.
 */
int
mq_daemon_templates(char *out, size_t n, struct mq_err *err)
{
	char en[PATH_MAX + 8];
	char exe[PATH_MAX], *slash;
	const char *env = getenv("MASQUED_TEMPLATES");
	ssize_t len;
	int up;

	if (env != NULL && *env) {
		snprintf(out, n, "%s", env);
		snprintf(en, sizeof(en), "%s/en", env);
		if (access(en, R_OK | X_OK) != 0)
			return mq_fail_errno(err, MQ_IO, "Cannot read the mail "
			    "templates in %s (MASQUED_TEMPLATES)", en);
		return 0;
	}
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len > 0) {
		exe[len] = '\0';
		for (up = 0; up < 3 && (slash = strrchr(exe, '/')) != NULL; up++) {
			*slash = '\0';
			snprintf(out, n, "%s/templates/en", exe);
			if (access(out, R_OK) == 0) {
				snprintf(out, n, "%s/templates", exe);
				return 0;
			}
			/* installed: PREFIX/bin/masqued, PREFIX/share/masqued */
			snprintf(out, n, "%s/share/masqued/templates/en", exe);
			if (access(out, R_OK) == 0) {
				snprintf(out, n, "%s/share/masqued/templates", exe);
				return 0;
			}
		}
	}
	snprintf(out, n, "templates");
	if (access("templates/en", R_OK | X_OK) != 0)
		return mq_fail(err, MQ_IO, "Cannot find the mail templates: "
		    "masqued looks in templates beside its program, in "
		    "PREFIX/share/masqued/templates where make install puts "
		    "them, then in templates of the current folder; install "
		    "masqued with make install, or run it from its source "
		    "folder.");
	return 0;
}

/*
 * How many games to hold open: each holds its log's descriptor (and lock).
 * The soft limit on open files is raised toward the hard one if need be;
 * 128 descriptors stay for everything else.
 */
static int
open_max(void)
{
	struct rlimit rl;
	rlim_t want = MQ_DAEMON_OPEN_MAX + 128;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return 64;
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < want) {
		rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > want ?
		    want : rl.rlim_max;
		(void)setrlimit(RLIMIT_NOFILE, &rl);
		(void)getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= want)
		return MQ_DAEMON_OPEN_MAX;
	return rl.rlim_cur > 128 + 16 ? (int)(rl.rlim_cur - 128) : 16;
}

/*
 * The rate table lives in DATA/cursor/rate, mapped shared: the workers of a
 * pass count one limit, and so do a serve started again and every `ingest`
 * an MTA starts (a process per message). Best effort, so no fsync; a file
 * of another size (another version) starts afresh. Where the file cannot
 * be written (a reader's data folder), the table is the process's own.
 */
static struct mq_rate_table *
map_rate(const char *datadir)
{
	const size_t size = sizeof(struct mq_rate_table);
	char path[1400];
	struct stat sb;
	void *p = MAP_FAILED;
	int fd;

	snprintf(path, sizeof(path), "%s/cursor/rate", datadir);
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) >= 0) {
		if (fstat(fd, &sb) == 0 && ((size_t)sb.st_size == size ||
		    (ftruncate(fd, 0) == 0 && ftruncate(fd, (off_t)size) == 0)))
			p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		close(fd);
	}
	if (p == MAP_FAILED)
		p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

int
mq_daemon_open(struct mq_daemon *d, const char *datadir, const char *config,
    struct mq_err *err)
{
	memset(d, 0, sizeof(*d));
	d->now = mq_clock_now();
	MQ_TRY(mq_config_load(datadir, config, &d->conf, err));
	MQ_TRY(mq_daemon_templates(d->tmpl_dir, sizeof(d->tmpl_dir), err));
	MQ_TRY(mq_store_open(datadir, 1, &d->store, err));
	d->open_max = open_max();
	if ((d->rate = map_rate(datadir)) == NULL)
		return mq_fail_errno(err, MQ_IO, "Cannot map the rate-limit table");
	d->renderer = mq_renderer_new(d->tmpl_dir);
	d->refusals = mq_refusals_new(d->tmpl_dir);	/* read when first needed */
	d->host_i18n = mq_refusals_new_catalog(d->tmpl_dir, "host.json");
	if (d->renderer == NULL || d->refusals == NULL || d->host_i18n == NULL) {
		mq_refusals_free(d->refusals);
		mq_refusals_free(d->host_i18n);
		d->host_i18n = NULL;
		mq_renderer_free(d->renderer);
		d->refusals = NULL;
		d->renderer = NULL;
		munmap(d->rate, sizeof(*d->rate));
		d->rate = NULL;
		mq_store_close(&d->store);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	return 0;
}

void
mq_daemon_release(struct mq_daemon *d)
{
	while (d->nopen > 0)
		mq_game_close(d->open[--d->nopen]);
}

static int
cmp_addr(const void *a, const void *b)
{
	return strcasecmp(*(char *const *)a, *(char *const *)b);
}

int
mq_daemon_known_sender(struct mq_daemon *d, const char *addr)
{
	struct mq_err e;

	if (addr == NULL || !addr[0])
		return 0;
	if (d->conf.admin[0] && mq_addr_same(addr, d->conf.admin))
		return 1;
	if (!d->senders_read) {
		if (mq_store_addresses(&d->store, &d->senders, &d->nsenders,
		    &e) != 0) {
			/* unknown, so answered, as before there was a list */
			mq_daemon_log("cannot list the players' addresses: %s", e.msg);
			return 1;
		}
		d->senders_read = 1;
	}
	return d->nsenders > 0 && bsearch(&addr, d->senders, d->nsenders,
	    sizeof(*d->senders), cmp_addr) != NULL;
}

void
mq_daemon_forget_senders(struct mq_daemon *d)
{
	mq_store_addresses_free(d->senders, d->nsenders);
	d->senders = NULL;
	d->nsenders = 0;
	d->senders_read = 0;
	mq_daemon_forget_seats(d);
}

void
mq_daemon_forget_seats(struct mq_daemon *d)
{
	mq_seat_index_free(&d->seats);
	d->seats_read = 0;
}

static int
read_seats(struct mq_daemon *d, struct mq_err *err)
{
	if (!d->seats_read) {
		MQ_TRY(mq_store_seat_index(&d->store, &d->seats, err));
		d->seats_read = 1;
	}
	return 0;
}

int
mq_daemon_sender_lang(struct mq_daemon *d, const char *addr,
    const char *hint, char lang[8], struct mq_err *err)
{
	if (addr == NULL)
		return 0;
	MQ_TRY(read_seats(d, err));
	mq_seat_index_lang(&d->store, &d->seats, addr, hint, lang);
	return 0;
}

int
mq_daemon_read_seats(struct mq_daemon *d, struct mq_err *err)
{
	return read_seats(d, err);
}

int
mq_daemon_address_seats(struct mq_daemon *d, const char *addr,
    struct mq_addr_seat *v, size_t max, size_t *n, struct mq_err *err)
{
	*n = 0;
	MQ_TRY(read_seats(d, err));
	*n = mq_seat_index_seats(&d->seats, addr, v, max);
	return 0;
}

void
mq_daemon_close(struct mq_daemon *d)
{
	mq_daemon_release(d);
	mq_daemon_forget_senders(d);
	mq_daemon_forget_mail(d);
	free(d->batch_mail);
	d->batch_mail = NULL;
	d->batch_mail_cap = 0;
	mq_renderer_free(d->renderer);
	d->renderer = NULL;
	mq_refusals_free(d->refusals);
	d->refusals = NULL;
	mq_refusals_free(d->host_i18n);
	d->host_i18n = NULL;
	mq_store_close(&d->store);
	if (d->rate != NULL)
		munmap(d->rate, sizeof(*d->rate));
	d->rate = NULL;
	memset(d->conf.imap_password, 0, sizeof(d->conf.imap_password));
	memset(d->conf.smtp_password, 0, sizeof(d->conf.smtp_password));
}

void
mq_daemon_note_mail(struct mq_daemon *d, const char *name)
{
	size_t cap;
	char **v;

	if (!d->send_batches)
		return;
	if (d->nbatch_mail == d->batch_mail_cap) {
		cap = d->batch_mail_cap ? d->batch_mail_cap * 2 : 256;
		if ((v = realloc(d->batch_mail, cap * sizeof(*v))) == NULL)
			return;
		d->batch_mail = v;
		d->batch_mail_cap = cap;
	}
	if ((d->batch_mail[d->nbatch_mail] = strdup(name)) != NULL)
		d->nbatch_mail++;
}

void
mq_daemon_forget_mail(struct mq_daemon *d)
{
	size_t i;

	for (i = 0; i < d->nbatch_mail; i++)
		free(d->batch_mail[i]);
	d->nbatch_mail = 0;
}

void
mq_daemon_log_game(struct mq_daemon *d, const char *id, const char *msg)
{
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a, id NUL msg */
	size_t idlen = strlen(id);
	const char *p;
	int i;

	for (p = id; ; p++) {
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
		if (*p == '\0')
			break;
	}
	for (p = msg; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	for (i = 0; i < d->nsaid; i++)
		if (d->said[i] == h)
			return;
	if (d->nsaid < MQ_DAEMON_STALLED_MAX)
		d->said[d->nsaid++] = h;
	if (strncmp(msg, "Game ", 5) == 0 && strncmp(msg + 5, id, idlen) == 0 &&
	    msg[5 + idlen] == ' ')
		mq_daemon_log("game %s %s", id, msg + 5 + idlen + 1);
	else
		mq_daemon_log("game %s: %s", id, msg);
}

void
mq_daemon_stall(struct mq_daemon *d, const char *id)
{
	if (id[0] == '\0' || mq_daemon_stalled(d, id))
		return;
	if (d->nstalled == MQ_DAEMON_STALLED_MAX) {
		/* more than the list holds: every game waits this pass,
		 * rather than one play on past a message of its own */
		if (!d->stall_all)
			mq_daemon_log("inbound: messages of more than %d games could "
			    "not be processed; every game's mail and deadlines "
			    "wait for the next pass", MQ_DAEMON_STALLED_MAX);
		d->stall_all = 1;
		return;
	}
	snprintf(d->stalled[d->nstalled++], sizeof(d->stalled[0]), "%s", id);
}

int
mq_daemon_stalled(const struct mq_daemon *d, const char *id)
{
	int i;

	if (d->stall_all)
		return 1;
	for (i = 0; i < d->nstalled; i++)
		if (strcmp(d->stalled[i], id) == 0)
			return 1;
	return 0;
}

int
mq_daemon_cursor_there(const struct mq_daemon *d, struct mq_err *err)
{
	char path[1300];
	struct stat sb;

	snprintf(path, sizeof(path), "%s/cursor", d->conf.datadir);
	if (stat(path, &sb) == 0)
		return 0;
	if (errno != ENOENT)
		return mq_fail_errno(err, MQ_IO, "Cannot read %s", path);
	/* "Cannot open the lock DATA/cursor/serve.lock" said nothing of
	 * what to do; made anew unasked, an IMAP cursor lost would skip
	 * the mail that came meanwhile (a first pass starts at the end) */
	return mq_fail(err, MQ_IO, "The folder %s is missing: it holds the "
	    "locks and records of serve and ingest. Put it back from a "
	    "backup (an older one is fine: a message done already is known "
	    "by its hash), or make it anew, empty (mkdir %s), which with "
	    "IMAP starts reading at the mailbox's end.", path, path);
}

int
mq_daemon_game(struct mq_daemon *d, const char *id, struct mq_game **g,
    struct mq_err *err)
{
	struct mq_err e;
	int i, rc;

	for (i = 0; i < d->nopen; i++)
		if (strcmp(d->open[i]->id, id) == 0) {
			if (!d->open[i]->stale) {
				*g = d->open[i];
				return 0;
			}
			/* it no longer follows its log: read it again */
			mq_game_close(d->open[i]);
			d->open[i] = d->open[--d->nopen];
			break;
		}
	if (d->nopen >= d->open_max)
		mq_daemon_release(d);
	MQ_TRY(mq_game_open(&d->store, id, 1, 0, g, err));
	/* mails a crash kept from going, before the game moves on. Until
	 * they are queued it does not move on: a reply or a default logged
	 * meanwhile would queue its own mails and move the mark past theirs,
	 * and they would never go (a full disk that frees up within a pass).
	 * The caller leaves its message, its deadline or its command for
	 * later; the next open tries again. */
	d->open[d->nopen++] = *g;
	if ((rc = mq_mailmark_catchup(d, *g, &e)) != 0) {
		/* a message of the game that failed this pass (the same
		 * cause, as a rule) is stuck.c's to tell, if it goes on */
		if (rc != MQ_BADDATA && !mq_daemon_stalled(d, id))
			mq_notify_host_waits(d, id, mq_mailmark_read(*g, NULL) + 1,
			    (*g)->seq, e.msg);
		for (i = 0; i < d->nopen; i++)
			if (d->open[i] == *g)
				d->open[i] = d->open[--d->nopen];
		mq_game_close(*g);
		*g = NULL;
		return mq_fail(err, rc == MQ_BADDATA ? MQ_BADDATA : MQ_IO,
		    "Game %s waits until the mails of its last entries can be "
		    "queued: %s", id, e.msg);
	}
	/* read and verified: a stoppage told before is over */
	mq_notify_host_sound(d, id);
	return 0;
}

int
mq_daemon_stranger_ok(struct mq_daemon *d)
{
	long long hour = d->now / 3600;
	struct mq_rate *r;
	int ok;

	if (d->rate == NULL)
		return d->conf.stranger_limit > 0;
	for (long spins = 0; __atomic_test_and_set(&d->rate->lock,
	    __ATOMIC_ACQUIRE) && spins < 50000000; spins++)
		;
	r = &d->rate->strangers;
	if (r->window != hour) {
		r->window = hour;
		r->count = 0;
	}
	ok = r->count < d->conf.stranger_limit;
	if (ok)
		r->count++;
	__atomic_clear(&d->rate->lock, __ATOMIC_RELEASE);
	return ok;
}

int
mq_daemon_rate_ok(struct mq_daemon *d, const char *addr)
{
	long long hour = d->now / 3600;
	struct mq_rate *r, *free_slot = NULL;
	int i, ok = 1;

	d->rate_first_over = 0;
	if (d->rate == NULL)
		return 1;
	/* held for a few hundred instructions at most; a holder killed on the
	 * spot (the table is a file now) is waited for a moment, then ignored */
	for (long spins = 0; __atomic_test_and_set(&d->rate->lock,
	    __ATOMIC_ACQUIRE) && spins < 50000000; spins++)
		;
	for (i = 0; i < MQ_DAEMON_RATE_SLOTS; i++) {
		r = &d->rate->slot[i];
		if (r->addr[0] && mq_addr_same(r->addr, addr)) {
			if (r->window != hour) {
				r->window = hour;
				r->count = 0;
			}
			ok = ++r->count <= d->conf.rate_limit;
			d->rate_first_over = r->count == d->conf.rate_limit + 1;
			goto out;
		}
		if (free_slot == NULL && (!r->addr[0] || r->window != hour))
			free_slot = r;
	}
	if (free_slot == NULL)
		free_slot = &d->rate->slot[(unsigned char)addr[0] %
		    MQ_DAEMON_RATE_SLOTS];
	snprintf(free_slot->addr, sizeof(free_slot->addr), "%s", addr);
	free_slot->window = hour;
	free_slot->count = 1;
out:
	__atomic_clear(&d->rate->lock, __ATOMIC_RELEASE);
	return ok;
}
