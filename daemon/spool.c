/* spool.c - the outbound queue; see spool.h. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "daemon/config.h"
#include "daemon/spool.h"
#include "fileio.h"
#include "mail/mime_out.h"
#include "mail/transport_maildir.h"
#include "mail/transport_smtp.h"

int
mq_spool_put(const char *datadir, const char *name, const char *rcpt,
    const char *raw, size_t len, struct mq_err *err)
{
	char path[1400], meta[600];
	int n;

	snprintf(path, sizeof(path), "%s/spool/%s.eml", datadir, name);
	MQ_TRY(mq_file_replace(path, raw, len, 0644, err));
	n = snprintf(meta, sizeof(meta), "%s\n0 0\n", rcpt);
	snprintf(path, sizeof(path), "%s/spool/%s.rcpt", datadir, name);
	return mq_file_replace(path, meta, (size_t)n, 0644, err);
}

int
mq_spool_sync(const char *datadir, struct mq_err *err)
{
	char path[1400];

	snprintf(path, sizeof(path), "%s/spool", datadir);
	return mq_dir_sync(path, err);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of spooled mails (those with both files), sorted. */
static char **
list_spool(const char *dir, size_t *n)
{
	char **v = NULL, **nv, path[1400];
	struct dirent *de;
	size_t cap = 0, len;
	DIR *d;

	*n = 0;
	if ((d = opendir(dir)) == NULL)
		return NULL;
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (len < 6 || strcmp(de->d_name + len - 5, ".rcpt") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%.*s.eml", dir, (int)(len - 5),
		    de->d_name);
		if (access(path, F_OK) != 0)
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			if ((nv = realloc(v, cap * sizeof(*v))) == NULL)
				break;
			v = nv;
		}
		v[(*n)++] = strndup(de->d_name, len - 5);
	}
	closedir(d);
	if (v != NULL)
		qsort(v, *n, sizeof(*v), cmp_str);
	return v;
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

static void
remove_mail(const char *dir, const char *name)
{
	char path[1400];

	snprintf(path, sizeof(path), "%s/%s.rcpt", dir, name);
	unlink(path);
	snprintf(path, sizeof(path), "%s/%s.eml", dir, name);
	unlink(path);
}

static void
to_dead(const char *dir, const char *name)
{
	char from[1400], to[1400];

	snprintf(to, sizeof(to), "%s/dead", dir);
	mkdir(to, 0755);
	snprintf(from, sizeof(from), "%s/%s.eml", dir, name);
	snprintf(to, sizeof(to), "%s/dead/%s.eml", dir, name);
	rename(from, to);
	snprintf(from, sizeof(from), "%s/%s.rcpt", dir, name);
	snprintf(to, sizeof(to), "%s/dead/%s.rcpt", dir, name);
	rename(from, to);
}

static void
retry_later(const char *dir, const char *name, const char *rcpt, int tries,
    long base, long long now, const char *why)
{
	char path[1400], meta[1200];
	/* base, twice base, ... (retry_base, 30 s unless configured) */
	long long next = now + ((long long)base << (tries < 12 ? tries : 12));
	int n;

	n = snprintf(meta, sizeof(meta), "%s\n%d %lld\n%s\n", rcpt, tries + 1, next, why);
	snprintf(path, sizeof(path), "%s/%s.rcpt", dir, name);
	mq_file_replace(path, meta, (size_t)n, 0644, NULL);
}

/* A dead letter: the admin hears of it (unless the admin's own mail died). */
static void
tell_admin(const struct mq_config *c, const char *name, const char *rcpt,
    const char *why, long long now)
{
	struct mq_mail_out m;
	char text[4096], id[800], subject[700], spoolname[400], *raw = NULL;
	size_t len;

	if (!c->admin[0] || strncmp(name, "admin-", 6) == 0)
		return;
	snprintf(text, sizeof(text), "=== masqued · a message for the host ===\n\n"
	    "The mail %s to %s could not be delivered and was moved to\n"
	    "%s/spool/dead/.\n\nThe last answer: %s\n", name, rcpt, c->datadir, why);
	snprintf(id, sizeof(id), "dead.%s@%s", name, c->reply_domain);
	snprintf(subject, sizeof(subject), "[masqued] undeliverable mail to %s", rcpt);
	memset(&m, 0, sizeof(m));
	m.from = c->from;
	m.to = c->admin;
	m.subject = subject;
	m.message_id = id;
	m.date = now;
	m.text = text;
	if (mq_mime_build(&m, &raw, &len, NULL) == 0) {
		snprintf(spoolname, sizeof(spoolname), "admin-dead-%s", name);
		mq_spool_put(c->datadir, spoolname, c->admin, raw, len, NULL);
	}
	free(raw);
}

int
mq_spool_flush(const struct mq_config *c, long long now,
    struct mq_spool_stats *st, struct mq_err *err)
{
	struct mq_smtp_conf sc;
	struct mq_smtp *smtp = NULL;
	struct mq_err e;
	char dir[1200], path[1400], rcpt[512], **names;
	size_t n, i, len;
	int rc = 0, tries;
	long long next;

	memset(st, 0, sizeof(*st));
	snprintf(dir, sizeof(dir), "%s/spool", c->datadir);
	names = list_spool(dir, &n);
	for (i = 0; i < n; i++) {
		char *meta, *raw, *nl;

		snprintf(path, sizeof(path), "%s/%s.rcpt", dir, names[i]);
		if ((meta = slurp(path, &len)) == NULL)
			continue;
		nl = strchr(meta, '\n');
		tries = 0;
		next = 0;
		if (nl != NULL) {
			*nl = '\0';
			sscanf(nl + 1, "%d %lld", &tries, &next);
		}
		snprintf(rcpt, sizeof(rcpt), "%s", meta);
		free(meta);
		if (next > now) {
			st->waiting++;
			continue;
		}
		snprintf(path, sizeof(path), "%s/%s.eml", dir, names[i]);
		if ((raw = slurp(path, &len)) == NULL)
			continue;
		if (c->outbound == MQ_OUT_MAILDIR) {
			char *nm = NULL;

			rc = mq_maildir_deliver(c->maildir_outbox, raw, len, now, &nm, &e);
			free(nm);
		} else {
			if (smtp == NULL) {
				memset(&sc, 0, sizeof(sc));
				sc.url = c->smtp_url;
				sc.user = c->smtp_user[0] ? c->smtp_user : NULL;
				sc.password = c->smtp_password[0] ? c->smtp_password : NULL;
				sc.require_tls = c->tls;
				sc.mail_from = c->envelope;
				rc = mq_smtp_open(&sc, &smtp, &e);
			}
			if (smtp != NULL)
				rc = mq_smtp_send(smtp, rcpt, raw, len, &e);
		}
		free(raw);
		if (rc == 0) {
			/* one line per mail, as an MTA logs what went where;
			 * written once it has left the spool: the line means done */
			remove_mail(dir, names[i]);
			fprintf(stderr, "masqued: sent %s to %s\n", names[i], rcpt);
			st->sent++;
		} else if (rc == MQ_REFUSED || tries + 1 >= MQ_SPOOL_MAX_TRIES) {
			/* a permanent refusal (the address bounces), or no more tries */
			fprintf(stderr, "masqued: mail %s to %s is dead: %s\n", names[i],
			    rcpt, e.msg);
			to_dead(dir, names[i]);
			tell_admin(c, names[i], rcpt, e.msg, now);
			st->dead++;
		} else {
			fprintf(stderr, "masqued: mail %s to %s not sent (try %d): %s\n",
			    names[i], rcpt, tries + 1, e.msg);
			retry_later(dir, names[i], rcpt, tries,
			    c->retry_base > 0 ? c->retry_base : 30, now, e.msg);
			st->failed++;
			if (smtp != NULL) {	/* a broken session: start afresh */
				mq_smtp_close(smtp);
				smtp = NULL;
			}
		}
	}
	if (smtp != NULL)
		mq_smtp_close(smtp);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	(void)err;
	return 0;
}
