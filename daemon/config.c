/* config.c - reading masqued.conf; see config.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "daemon/config.h"
#include "daemon/store.h"
#include "mail/transport.h"
#include "mail/transport_sendmail.h"

void
mq_config_dhm(long long secs, char *out, size_t n)
{
	int k = 0;

	out[0] = '\0';
	if (secs >= 86400)
		k += snprintf(out + k, n - (size_t)k, "%lldd", secs / 86400);
	if (secs % 86400 >= 3600 && (size_t)k < n)
		k += snprintf(out + k, n - (size_t)k, "%lldh", secs % 86400 / 3600);
	if ((secs % 3600 >= 60 || k == 0) && (size_t)k < n)
		snprintf(out + k, n - (size_t)k, "%lldm", secs % 3600 / 60);
}

long
mq_config_duration(const char *s)
{
	static const char units[] = "dhms";
	static const long muls[] = { 86400, 3600, 60, 1 };
	const char *u, *last = units;
	char *end;
	long v, total = 0;

	/* parts as mq_config_dhm writes them ("1d4h", "2d30m"), each unit
	 * once and the larger first; a number alone is seconds */
	do {
		/* digits first: strtol would also take blanks and a sign */
		if (*s < '0' || *s > '9')
			return -1;
		errno = 0;
		v = strtol(s, &end, 10);
		if (errno)
			return -1;
		if (*end == '\0' && total == 0 && last == units)
			u = units + 3;
		else if (*end == '\0' || (u = strchr(last, *end)) == NULL)
			return -1;
		/* bounded, so that the sum and a deadline added to now never
		 * overflow */
		if (v > (MQ_DURATION_MAX - total) / muls[u - units])
			return -1;
		total += v * muls[u - units];
		last = u + 1;
		s = *end == '\0' ? end : end + 1;
	} while (*s != '\0');
	return total;
}

long
mq_config_span(const char *s)
{
	size_t n = strlen(s);

	/* "deadline = 72", meant as hours, was 72 seconds: every phase
	 * timed out at the next pass */
	if (n == 0 || (s[n - 1] >= '0' && s[n - 1] <= '9'))
		return -1;
	return mq_config_duration(s);
}

static void
defaults(struct mq_config *c, const char *datadir)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->datadir, sizeof(c->datadir), "%s", datadir);
	snprintf(c->maildir_inbox, sizeof(c->maildir_inbox), "%s/mail/inbox", datadir);
	snprintf(c->maildir_outbox, sizeof(c->maildir_outbox), "%s/mail/outbox",
	    datadir);
	snprintf(c->imap_mailbox, sizeof(c->imap_mailbox), "INBOX");
	snprintf(c->sendmail_path, sizeof(c->sendmail_path), "/usr/sbin/sendmail");
	snprintf(c->from, sizeof(c->from), "masqued <game@masqued.invalid>");
	snprintf(c->reply_local, sizeof(c->reply_local), "game");
	snprintf(c->reply_domain, sizeof(c->reply_domain), "masqued.invalid");
	snprintf(c->lang, sizeof(c->lang), "en");
	c->poll_interval = 60;
	c->deadline = 72 * 3600;
	c->reminder = 12 * 3600;
	c->host_reminder = 86400;
	c->rate_limit = 30;
	c->stranger_limit = 10;
	c->retry_base = 30;
	c->mail_timeout = MQ_TRANSPORT_TIMEOUT;
	c->tls = 1;
}

static int
read_secret(const char *file, char *out, size_t n, const char *key, int line,
    struct mq_err *err)
{
	FILE *f = fopen(file, "r");
	struct stat st;
	size_t len;
	int ch;

	if (f == NULL)
		return mq_fail_errno(err, MQ_IO, "masqued.conf line %d: %s names %s, "
		    "which cannot be read", line, key, file);
	/* a secret every user of the machine may read is no secret: refused,
	 * as ssh refuses such a key (a group's, say the service's, is taken) */
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    (st.st_mode & S_IROTH)) {
		fclose(f);
		return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: the password "
		    "file %s (%s) can be read by every user of this machine; make "
		    "it yours alone: chmod 600 %s.", line, file, key, file);
	}
	if (fgets(out, (int)n, f) == NULL) {
		out[0] = '\0';
		if (ferror(f)) {	/* a folder opens, but reads EISDIR */
			mq_fail_errno(err, MQ_IO, "masqued.conf line %d: %s names %s, "
			    "which cannot be read", line, key, file);
			fclose(f);
			return MQ_IO;
		}
	}
	/* a first line longer than the buffer would be cut, and the server
	 * refuse the login with no word of why */
	if (strchr(out, '\n') == NULL && (ch = fgetc(f)) != EOF && ch != '\n' &&
	    (ch != '\r' || ((ch = fgetc(f)) != EOF && ch != '\n'))) {
		fclose(f);
		return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: the password "
		    "in %s (%s) is longer than %zu bytes.", line, file, key, n - 1);
	}
	fclose(f);
	len = strcspn(out, "\r\n");
	out[len] = '\0';
	if (len == 0)
		return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: the password "
		    "file %s (%s) is empty.", line, file, key);
	return 0;
}

/*
 * Whether val can be used for key, when key is from, reply_local or
 * reply_domain (1 for any other key): every mail carries them, so an empty
 * one or one that makes no address would fail every send, not the start.
 */
static int
address_part_ok(const char *key, const char *val)
{
	char a[600];
	const char *lt, *gt;

	if (strcmp(key, "from") == 0) {
		lt = strchr(val, '<');
		gt = lt ? strchr(lt, '>') : NULL;
		if (lt != NULL && (gt == NULL || gt[1] != '\0'))
			return 0;
		snprintf(a, sizeof(a), "%.*s", lt ? (int)(gt - lt - 1) : (int)strlen(val),
		    lt ? lt + 1 : val);
	} else if (strcmp(key, "reply_local") == 0)
		snprintf(a, sizeof(a), "%s+g.0.t@x", val);
	else if (strcmp(key, "reply_domain") == 0)
		snprintf(a, sizeof(a), "x@%s", val);
	else
		return 1;
	return *val != '\0' && (strcmp(key, "reply_local") != 0 ||
	    strchr(val, '+') == NULL) && mq_email_usable(a);
}

/*
 * A password key. Only serve and ingest talk to the servers, so a variable
 * that is not set or a file that cannot be read is kept for
 * mq_config_secrets, not refused here: the host who keeps the variable in
 * the service's EnvironmentFile still runs games, view and admin from a
 * shell that lacks it.
 */
static void
take_secret(struct mq_config *c, const char *key, const char *val, int line)
{
	char *dst = key[0] == 'i' ? c->imap_password : c->smtp_password;
	const char *v;
	struct mq_err e;
	int rc = 0;

	mq_err_clear(&e);
	*(key[0] == 'i' ? &c->imap_secret : &c->smtp_secret) = 1;
	/* the key read last wins, at start and at each pass after */
	c->secret_file[key[0] == 'i' ? 0 : 1][0] = '\0';
	if (strcmp(key + strlen(key) - 4, "file") == 0) {
		if (strlen(val) >= sizeof(c->secret_file[0]))
			rc = mq_fail(&e, MQ_REFUSED, "masqued.conf line %d: %s "
			    "names a path too long.", line, key);
		else {
			snprintf(c->secret_file[key[0] == 'i' ? 0 : 1],
			    sizeof(c->secret_file[0]), "%s", val);
			c->secret_line[key[0] == 'i' ? 0 : 1] = line;
			rc = read_secret(val, dst, sizeof(c->imap_password), key,
			    line, &e);
		}
	}
	else if ((v = getenv(val)) == NULL || *v == '\0')
		rc = mq_fail(&e, MQ_REFUSED, "masqued.conf line %d: %s names "
		    "the variable %s, which is not set.", line, key, val);
	else {
		snprintf(dst, sizeof(c->imap_password), "%s", v);
		/* for a program masqued runs, not to see it (sendmail) */
		snprintf(c->secret_env[key[0] == 'i' ? 0 : 1],
		    sizeof(c->secret_env[0]), "%s", val);
	}
	if (rc != 0 && c->secret_err.code == 0)
		c->secret_err = e;
}

int
mq_config_secrets(const struct mq_config *c, struct mq_err *err)
{
	if (c->secret_err.code == 0)
		return 0;
	if (err != NULL)
		*err = c->secret_err;
	return c->secret_err.code;
}

int
mq_config_reread_secrets(struct mq_config *c, struct mq_err *err)
{
	static const char *const key[2] = { "imap_password_file",
	    "smtp_password_file" };
	char fresh[sizeof(c->imap_password)];
	struct mq_err e;
	int i, rc, first = 0;

	/* each file, the SMTP one too when the IMAP one fails; the first
	 * failure said */
	for (i = 0; i < 2; i++) {
		if (c->secret_file[i][0] == '\0')
			continue;
		rc = read_secret(c->secret_file[i], fresh, sizeof(fresh), key[i],
		    c->secret_line[i], &e);
		if (rc == 0)
			memcpy(i == 0 ? c->imap_password : c->smtp_password, fresh,
			    sizeof(fresh));
		else if (first == 0) {
			first = rc;
			if (err != NULL)
				*err = e;
		}
		explicit_bzero(fresh, sizeof(fresh));
	}
	return first;
}

/* "maildir_outbox =" with no value was the folder "", and mail went to
 * /new; only imap_done_folder has a meaning when empty (leave the mail) */
#define STR(k, field) else if (strcmp(key, k) == 0) { \
	if (val[0] == '\0' && strcmp(key, "imap_done_folder") != 0) \
		return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: %s has " \
		    "no value; give it one, or remove the line.", line, key); \
	if (strlen(val) >= sizeof(c->field)) \
		return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: %s is too " \
		    "long.", line, key); \
	snprintf(c->field, sizeof(c->field), "%s", val); }

static int
set_key(struct mq_config *c, const char *key, const char *val, int line,
    struct mq_err *err)
{
	long d;

	if (strcmp(key, "inbound") == 0) {
		if (!strcmp(val, "maildir"))
			c->inbound = MQ_IN_MAILDIR;
		else if (!strcmp(val, "imap"))
			c->inbound = MQ_IN_IMAP;
		else if (!strcmp(val, "pipe"))
			c->inbound = MQ_IN_PIPE;
		else
			goto bad;
	} else if (strcmp(key, "outbound") == 0) {
		if (!strcmp(val, "maildir"))
			c->outbound = MQ_OUT_MAILDIR;
		else if (!strcmp(val, "smtp"))
			c->outbound = MQ_OUT_SMTP;
		else if (!strcmp(val, "sendmail"))
			c->outbound = MQ_OUT_SENDMAIL;
		else
			goto bad;
	} else if (strcmp(key, "tls") == 0) {
		if (!strcmp(val, "yes"))
			c->tls = 1;
		else if (!strcmp(val, "no"))
			c->tls = 0;
		else
			goto bad;
	} else if (strcmp(key, "tls_ca_file") == 0) {
		struct stat st;

		/* checked here, at every start, not at the first pass: libcurl
		 * would say only that the certificate could not be checked */
		if (val[0] != '/' || strlen(val) >= sizeof(c->tls_ca_file))
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: "
			    "tls_ca_file takes the path from / of a PEM file holding "
			    "your mail server's certificate or its CA's, such as "
			    "/etc/masqued/mail-ca.pem, not \"%s\".", line, val);
		if (stat(val, &st) != 0 || access(val, R_OK) != 0)
			return mq_fail_errno(err, MQ_REFUSED, "masqued.conf line %d: "
			    "tls_ca_file names %s, which cannot be read", line, val);
		if (!S_ISREG(st.st_mode))
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: "
			    "tls_ca_file names %s, which is not a file.", line, val);
		snprintf(c->tls_ca_file, sizeof(c->tls_ca_file), "%s", val);
	} else if (strcmp(key, "deadline") == 0 || strcmp(key, "reminder") == 0) {
		if ((d = mq_config_span(val)) <= 0)
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: %s takes "
			    "a duration from 1s to 366d, its unit written (s, m, h or "
			    "d), such as 72h, not \"%s\".", line, key, val);
		*(key[0] == 'd' ? &c->deadline : &c->reminder) = d;
		*(key[0] == 'd' ? &c->deadline_line : &c->reminder_line) = line;
	} else if (strcmp(key, "host_reminder") == 0) {
		if ((d = mq_config_span(val)) <= 0)
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: "
			    "host_reminder takes a duration from 1s to 366d, its "
			    "unit written (s, m, h or d), such as 24h, not \"%s\".",
			    line, val);
		c->host_reminder = d;
	} else if (strcmp(key, "deadline_policy") == 0) {
		if (!strcmp(val, "default"))
			c->policy_wait = 0;
		else if (!strcmp(val, "wait"))
			c->policy_wait = 1;
		else
			goto bad;
	} else if (strcmp(key, "poll_interval") == 0) {
		if ((d = mq_config_duration(val)) <= 0 || d > 86400)
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: "
			    "poll_interval takes the seconds between passes, from "
			    "1 to 86400 (or a duration: 5m, at most 1d), such as "
			    "60, not \"%s\".", line, val);
		c->poll_interval = (int)d;
	} else if (strcmp(key, "rate_limit") == 0) {
		/* a count per hour: "2h" read as a duration was 7200 */
		char *end;
		long n = strtol(val, &end, 10);

		if (*val < '0' || *val > '9' || *end != '\0' || n < 1 || n > 86400)
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: rate_limit "
			    "takes a number of replies per hour from 1 to 86400, such as "
			    "30, not \"%s\".", line, val);
		c->rate_limit = (int)n;
	} else if (strcmp(key, "stranger_limit") == 0) {
		/* 0: such mail is never answered */
		char *end;
		long n = strtol(val, &end, 10);

		if (*val < '0' || *val > '9' || *end != '\0' || n > 86400)
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: "
			    "stranger_limit takes a number of answers per hour "
			    "from 0 to 86400, such as 10, not \"%s\".", line, val);
		c->stranger_limit = (int)n;
	} else if (strcmp(key, "retry_base") == 0) {
		/* the first resend's delay; each later one doubles it */
		if ((d = mq_config_duration(val)) <= 0 || d > 86400)
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: "
			    "retry_base takes the seconds before a failed mail's "
			    "first resend, from 1 to 86400 (or a duration: 2m, at "
			    "most 1d), such as 30s, not \"%s\".", line, val);
		c->retry_base = d;
	} else if (strcmp(key, "mail_timeout") == 0) {
		/* a slow provider's: past it the server is down for the pass */
		if ((d = mq_config_duration(val)) < 1 || d > 3600)
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: "
			    "mail_timeout takes the seconds a mail server or sendmail "
			    "may be silent, from 1 to 3600 (or a duration: 2m), such "
			    "as 60, not \"%s\".", line, val);
		c->mail_timeout = d;
	} else if (strcmp(key, "workers") == 0) {
		/* 0: one per core; a long inbox is split among them by game */
		char *end;
		long w = strtol(val, &end, 10);

		if (*val < '0' || *val > '9' || *end != '\0' || w > 16)
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: "
			    "workers takes a number of processes from 0 (one a "
			    "core) to 16, such as 0, not \"%s\".", line, val);
		c->workers = (int)w;
	} else if (strcmp(key, "lang") == 0) {
		if (strcmp(val, "en") && strcmp(val, "ja") && strcmp(val, "zh"))
			goto bad;
		snprintf(c->lang, sizeof(c->lang), "%s", val);
	} else if ((strcmp(key, "imap_password_file") == 0 ||
	    strcmp(key, "smtp_password_file") == 0) && val[0] != '/') {
		/* a relative file was read from wherever serve was started: it
		 * worked from the host's shell, not under systemd or cron */
		return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: %s takes "
		    "the file's path from /, such as /etc/masqued/%.4s.password, "
		    "not \"%s\".", line, key, key, val);
	} else if (strcmp(key, "imap_password_file") == 0 ||
	    strcmp(key, "smtp_password_file") == 0 ||
	    strcmp(key, "imap_password_env") == 0 ||
	    strcmp(key, "smtp_password_env") == 0) {
		take_secret(c, key, val, line);
	}
	else if (strcmp(key, "admin") == 0) {
		/* the host's notices go there: an address, or no key at all */
		if (!mq_email_usable(val))
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: admin "
			    "takes the host's email address, such as host@example.org, "
			    "not \"%s\".", line, val);
		snprintf(c->admin, sizeof(c->admin), "%s", val);
	}
	else if (strncmp(key, "maildir_", 8) == 0 && (strcmp(key + 8, "inbox") == 0 ||
	    strcmp(key + 8, "outbox") == 0) && val[0] != '\0' && val[0] != '/')
		/* a relative folder was read from wherever serve was started:
		 * cron's home is not the shell's */
		return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: %s takes "
		    "the folder's path from /, such as /home/game/Maildir, not "
		    "\"%s\".", line, key, val);
	STR("maildir_inbox", maildir_inbox)
	STR("maildir_outbox", maildir_outbox)
	STR("imap_url", imap_url)
	STR("imap_mailbox", imap_mailbox)
	STR("imap_user", imap_user)
	STR("imap_done_folder", imap_done)
	STR("smtp_url", smtp_url)
	STR("sendmail_path", sendmail_path)
	STR("sendmail_args", sendmail_args)
	STR("smtp_user", smtp_user)
	else if (!address_part_ok(key, val))
		return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: %s takes %s, "
		    "not \"%s\".", line, key, key[0] == 'f' ? "a name and an address, "
		    "such as masqued <game@example.org>" : key[6] == 'l' ? "the local "
		    "part of the game's address, such as game" : "the domain of the "
		    "game's address, such as example.org", val);
	STR("from", from)
	STR("reply_local", reply_local)
	STR("reply_domain", reply_domain)
	else if (strcmp(key, "datadir") == 0) {
		/* a config kept outside its folder names it (masqued -c FILE) */
		if (val[0] != '/')
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: "
			    "datadir takes the data folder's path from /, such as "
			    "/var/lib/masqued, not \"%s\".", line, val);
		if (strlen(val) >= sizeof(c->datadir_key))
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: "
			    "datadir is too long.", line);
		snprintf(c->datadir_key, sizeof(c->datadir_key), "%s", val);
		c->datadir_line = line;
	} else
		return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: \"%s\" is not "
		    "a key masqued knows (the masqued.conf that masqued init writes "
		    "lists every key in its comments).", line, key);
	return 0;
bad:
	/* each of these keys takes a few words: the sentence names them */
	return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: %s takes %s, "
	    "not \"%s\".", line, key,
	    strcmp(key, "inbound") == 0 ? "maildir, imap or pipe" :
	    strcmp(key, "outbound") == 0 ? "maildir, smtp or sendmail" :
	    strcmp(key, "tls") == 0 ? "yes or no" :
	    strcmp(key, "deadline_policy") == 0 ? "default or wait" :
	    strcmp(key, "lang") == 0 ? "en, ja or zh" :
	    "what masqued init's masqued.conf says in its comments", val);
}

static void envelope_of(struct mq_config *c);

static int
ends_invalid(const char *s)
{
	size_t n = strlen(s);

	while (n > 0 && (s[n - 1] == '>' || s[n - 1] == ' '))
		n--;
	return n >= 8 && strncasecmp(s + n - 8, ".invalid", 8) == 0;
}

/*
 * 1 when url, past its scheme (rest), is a server and no more: a host
 * name (letters, digits, '-', '.', '_') or a [bracketed] IPv6 address, an
 * optional :PORT of 1 to 65535, an optional /path. "host:25:587", or a
 * space, would fail at every send or pass, an outage that never ends,
 * rather than at start.
 */
static int
server_url_ok(const char *rest)
{
	const char *p = rest;
	long port = 0;
	int digits = 0;

	if (*p == '[') {
		p = strchr(p, ']');
		if (p == NULL || p == rest + 1)
			return 0;
		p++;
	} else {
		while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '-' || *p == '.' || *p == '_')
			p++;
		if (p == rest)
			return 0;
	}
	if (*p == ':') {
		for (p++; *p >= '0' && *p <= '9' && digits < 6; p++, digits++)
			port = port * 10 + (*p - '0');
		if (digits == 0 || port < 1 || port > 65535)
			return 0;
	}
	if (*p == '\0')
		return 1;
	if (*p != '/')
		return 0;
	for (; *p; p++)
		if ((unsigned char)*p <= ' ')
			return 0;
	return 1;
}

/* url as a refusal may quote it: not at all when it holds an '@' anywhere
 * (a user and password libcurl takes, "user:se/cret@host" too). */
static const char *
url_shown(const char *url)
{
	return strchr(url, '@') != NULL ? "(not shown: it holds an @, and may "
	    "hold a password)" : url;
}

/* PROTO's url names a server and no more (its scheme checked before); a
 * user and password before the last '@', which libcurl takes, are left
 * alone, and never quoted back. */
static int
url_check(const char *proto, const char *url, const char *example,
    const char *where, struct mq_err *err)
{
	const char *rest = strstr(url, "://") + 3, *at = strrchr(rest, '@');

	if (at != NULL)
		rest = at + 1;
	if (server_url_ok(rest))
		return 0;
	if (at != NULL)
		return mq_fail(err, MQ_REFUSED, "%s: %s_url is not a "
		    "server's address after its @: write %ss://HOST:PORT, such as "
		    "%s.", where, proto, proto, example);
	return mq_fail(err, MQ_REFUSED, "%s: %s_url \"%s\" is not a "
	    "server's address: write %ss://HOST:PORT, such as %s.", where, proto,
	    url, proto, example);
}

/* "masqued.conf line N" of a key set on line N, else "masqued.conf" */
static const char *
at(int line, char *buf, size_t n)
{
	if (line > 0)
		snprintf(buf, n, "masqued.conf line %d", line);
	else
		snprintf(buf, n, "masqued.conf");
	return buf;
}

/*
 * Which of the game's own addresses admin is, or NULL: from's, the reply
 * address (reply_local, or reply_local+ANYTHING, at reply_domain) or the
 * IMAP user's when it is an address. Its mail lands in the game's mailbox.
 */
static const char *
admin_is_game(const struct mq_config *c)
{
	const char *dom = strrchr(c->admin, '@');
	size_t n = strlen(c->reply_local);

	if (c->admin[0] == '\0' || dom == NULL)
		return NULL;
	if (strcasecmp(c->admin, c->envelope) == 0)
		return "the address of from";
	if (strcasecmp(dom + 1, c->reply_domain) == 0 &&
	    strncasecmp(c->admin, c->reply_local, n) == 0 &&
	    (c->admin + n == dom || c->admin[n] == '+'))
		return "reply_local at reply_domain";
	if (strchr(c->imap_user, '@') != NULL &&
	    strcasecmp(c->admin, c->imap_user) == 0)
		return "imap_user";
	return NULL;
}

static int
check(struct mq_config *c, struct mq_err *err)
{
	char where[48];
	const char *own;

	envelope_of(c);
	/* the host's notices would land in the game's own mailbox, where
	 * masqued reads them as automatic replies and files them away */
	if ((own = admin_is_game(c)) != NULL)
		return mq_fail(err, MQ_REFUSED, "%s: admin is the game's own "
		    "address (%s, %s): masqued would read the host's notices "
		    "from its own mailbox as automatic replies and file them "
		    "away unseen; give the host's own address, such as "
		    "host@example.org.", at(c->admin_line, where, sizeof(where)),
		    c->admin, own);
	if (c->inbound == MQ_IN_IMAP && (!c->imap_url[0] || !c->imap_user[0] ||
	    !c->imap_secret))
		return mq_fail(err, MQ_REFUSED, "masqued.conf: inbound = imap needs "
		    "imap_url, imap_user and imap_password_file or imap_password_env.");
	/* at a missed deadline the game waits for the host, whom nobody
	 * would tell: it would wait unseen, the player told "the host decides" */
	if (c->policy_wait && !c->admin[0])
		return mq_fail(err, MQ_REFUSED, "%s: deadline_policy = "
		    "wait needs admin, the host's address: at a missed deadline the "
		    "game waits for the host, and nobody would be told.",
		    at(c->policy_line, where, sizeof(where)));
	if (c->outbound == MQ_OUT_SMTP && !c->smtp_url[0])
		return mq_fail(err, MQ_REFUSED, "masqued.conf: outbound = smtp needs "
		    "smtp_url.");
	/* else the SMTP session refuses to start at every send, which the
	 * spool took for the mail's own refusal: every mail a dead letter */
	if (c->outbound == MQ_OUT_SMTP && c->smtp_user[0] && !c->smtp_secret)
		return mq_fail(err, MQ_REFUSED, "masqued.conf: smtp_user needs "
		    "smtp_password_file or smtp_password_env.");
	/* with tls = no too: the transport refuses any other scheme, at
	 * every pass of a serve that would never read a message */
	if (c->inbound == MQ_IN_IMAP && strncmp(c->imap_url, "imaps://", 8) &&
	    strncmp(c->imap_url, "imap://", 7))
		return mq_fail(err, MQ_REFUSED, "%s: imap_url must start "
		    "with imaps:// or imap://, such as imaps://imap.example.org:993, "
		    "not \"%s\".", at(c->imap_url_line, where, sizeof(where)),
		    url_shown(c->imap_url));
	if (c->outbound == MQ_OUT_SMTP && strncmp(c->smtp_url, "smtps://", 8) &&
	    strncmp(c->smtp_url, "smtp://", 7))
		return mq_fail(err, MQ_REFUSED, "%s: smtp_url must start "
		    "with smtps:// or smtp://, such as smtps://smtp.example.org:465, "
		    "not \"%s\".", at(c->smtp_url_line, where, sizeof(where)),
		    url_shown(c->smtp_url));
	if (c->inbound == MQ_IN_IMAP)
		MQ_TRY(url_check("imap", c->imap_url, "imaps://imap.example.org:993",
		    at(c->imap_url_line, where, sizeof(where)), err));
	if (c->outbound == MQ_OUT_SMTP)
		MQ_TRY(url_check("smtp", c->smtp_url, "smtps://smtp.example.org:465",
		    at(c->smtp_url_line, where, sizeof(where)), err));
	/* run without a shell, from whatever folder serve was started in */
	if (c->outbound == MQ_OUT_SENDMAIL && c->sendmail_path[0] != '/')
		return mq_fail(err, MQ_REFUSED, "%s: sendmail_path must "
		    "be an absolute path, such as /usr/sbin/sendmail, not \"%s\".",
		    at(c->sendmail_path_line, where, sizeof(where)),
		    c->sendmail_path);
	/* "/usr/bin/msmtp -a pbem" would be tried as a program of that
	 * name at every mail, an outage that never ends */
	if (c->outbound == MQ_OUT_SENDMAIL && strpbrk(c->sendmail_path, " \t"))
		return mq_fail(err, MQ_REFUSED, "%s: sendmail_path takes "
		    "the program alone, such as /usr/bin/msmtp; its arguments go "
		    "in sendmail_args, not \"%s\".",
		    at(c->sendmail_path_line, where, sizeof(where)),
		    c->sendmail_path);
	if (c->outbound == MQ_OUT_SENDMAIL) {
		const char *words[MQ_SENDMAIL_MAX_ARGS];
		char buf[sizeof(c->sendmail_args)];
		struct mq_err e;

		if (mq_sendmail_split(c->sendmail_args, buf, sizeof(buf), words,
		    &e) < 0)
			return mq_fail(err, MQ_REFUSED, "%s: %s",
			    at(c->sendmail_args_line, where, sizeof(where)), e.msg);
	}
	/* RFC 2606's .invalid (the defaults) reaches nobody: fine for the
	 * Maildir demo, but over SMTP every reply would bounce */
	if (c->outbound != MQ_OUT_MAILDIR && (ends_invalid(c->reply_domain) ||
	    ends_invalid(c->envelope)))
		return mq_fail(err, MQ_REFUSED, "masqued.conf: with outbound = "
		    "%s, set from and reply_domain to an address and domain "
		    "whose mail reaches this server; %s reaches nobody, so every "
		    "reply would bounce.", c->outbound == MQ_OUT_SMTP ? "smtp" :
		    "sendmail", ends_invalid(c->reply_domain) ?
		    c->reply_domain : c->envelope);
	/* A reminder the host wrote must come before the deadline; the
	 * default one, over a short deadline, comes at half of it
	 * (deadline.c), as a game's --option deadline does. */
	if (c->reminder_line && c->reminder >= c->deadline)
		return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: reminder "
		    "must come before the deadline (reminder < deadline%s).",
		    c->deadline_line > c->reminder_line ? c->deadline_line :
		    c->reminder_line, c->deadline_line ? "" : ", which is 72h when "
		    "not set");
	return 0;
}

static int load(const char *, const char *, struct mq_config *,
    struct mq_err *);

/*
 * The sentences name the file "masqued.conf", as it is in the data folder;
 * a config given with -c is named as given, or the host edits the wrong one.
 */
static void
name_file(struct mq_err *e, const char *path)
{
	static const char dflt[] = "masqued.conf";
	char msg[sizeof(e->msg)];

	if (strncmp(e->msg, dflt, sizeof(dflt) - 1) == 0) {
		snprintf(msg, sizeof(msg), "%s%s", path, e->msg + sizeof(dflt) - 1);
		memcpy(e->msg, msg, sizeof(msg));
	}
}

/* Whether a and b name one folder (the same path, or the same inode). */
static int
same_folder(const char *a, const char *b)
{
	struct stat sa, sb;

	if (strcmp(a, b) == 0)
		return 1;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	    sa.st_ino == sb.st_ino;
}

void
mq_config_datadir(const char *path, char *out, size_t size)
{
	struct mq_config *c = calloc(1, sizeof(*c));

	out[0] = '\0';
	if (c == NULL)
		return;
	(void)load("/", path, c, NULL);
	snprintf(out, size, "%s", c->datadir_key);
	free(c);
}

int
mq_config_load(const char *datadir, const char *path, struct mq_config *c,
    struct mq_err *err)
{
	int rc = load(datadir, path, c, err);

	/* the folder the config names and the one masqued was given differ:
	 * which one did the host mean? */
	if (rc == 0 && c->datadir_key[0] && !same_folder(c->datadir_key, datadir))
		rc = mq_fail(err, MQ_REFUSED, "masqued.conf line %d: datadir is "
		    "%s, but masqued was given the data folder %s (-C, or ./data "
		    "when none is given): keep one of them.", c->datadir_line,
		    c->datadir_key, datadir);

	if (path != NULL && rc != 0 && err != NULL)
		name_file(err, path);
	if (path != NULL && c->secret_err.code != 0)	/* said at serve */
		name_file(&c->secret_err, path);
	return rc;
}

static int
load(const char *datadir, const char *path, struct mq_config *c,
    struct mq_err *err)
{
	char def[1200], buf[2048], *p, *eq, *key, *val, *end;
	char seen[40][24];	/* the keys set so far, and where */
	int seen_line[40], nseen = 0, i;
	FILE *f;
	int line = 0;

	defaults(c, datadir);
	if (path == NULL) {
		snprintf(def, sizeof(def), "%s/masqued.conf", datadir);
		path = def;
		if ((f = fopen(path, "r")) == NULL)
			return errno == ENOENT ? check(c, err) : mq_fail_errno(err,
			    MQ_IO, "Cannot read %s", path);
	} else if ((f = fopen(path, "r")) == NULL)
		return mq_fail_errno(err, MQ_IO, "Cannot read the config %s", path);
	while (fgets(buf, sizeof(buf), f) != NULL) {
		line++;
		if (strchr(buf, '\n') == NULL && !feof(f)) {
			fclose(f);
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d is too "
			    "long.", line);
		}
		p = buf;
		if (line == 1 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
			p += 3;	/* a byte order mark (Windows Notepad's) */
		p += strspn(p, " \t");
		if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0')
			continue;
		if ((eq = strchr(p, '=')) == NULL) {
			fclose(f);
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: expected "
			    "\"key = value\".", line);
		}
		key = p;
		for (end = eq; end > key && (end[-1] == ' ' || end[-1] == '\t'); end--)
			;
		*end = '\0';
		val = eq + 1 + strspn(eq + 1, " \t");
		for (end = val + strlen(val); end > val && strchr(" \t\r\n", end[-1]); end--)
			;
		*end = '\0';
		/* set twice, the last one won unseen: which did the host mean? */
		for (i = 0; i < nseen && strcmp(seen[i], key) != 0; i++)
			;
		if (i < nseen) {
			fclose(f);
			return mq_fail(err, MQ_REFUSED, "masqued.conf line %d: %s is set "
			    "already on line %d; keep one of them.", line, key,
			    seen_line[i]);
		}
		if (set_key(c, key, val, line, err)) {
			fclose(f);
			return err ? err->code : MQ_REFUSED;
		}
		/* for check()'s sentences, which weigh keys together */
		if (strcmp(key, "imap_url") == 0)
			c->imap_url_line = line;
		else if (strcmp(key, "smtp_url") == 0)
			c->smtp_url_line = line;
		else if (strcmp(key, "deadline_policy") == 0)
			c->policy_line = line;
		else if (strcmp(key, "sendmail_path") == 0)
			c->sendmail_path_line = line;
		else if (strcmp(key, "sendmail_args") == 0)
			c->sendmail_args_line = line;
		else if (strcmp(key, "admin") == 0)
			c->admin_line = line;
		if (nseen < 40 && strlen(key) < sizeof(seen[0])) {
			snprintf(seen[nseen], sizeof(seen[0]), "%s", key);
			seen_line[nseen++] = line;
		}
	}
	if (ferror(f)) {	/* e.g. -c names a folder: not an empty config */
		mq_fail_errno(err, MQ_IO, "Cannot read the config %s", path);
		fclose(f);
		return MQ_IO;
	}
	fclose(f);
	return check(c, err);
}

static void
envelope_of(struct mq_config *c)
{
	const char *lt = strchr(c->from, '<'), *gt = lt ? strchr(lt, '>') : NULL;

	if (lt && gt)
		snprintf(c->envelope, sizeof(c->envelope), "%.*s", (int)(gt - lt - 1),
		    lt + 1);
	else
		snprintf(c->envelope, sizeof(c->envelope), "%s", c->from);
}
