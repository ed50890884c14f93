/*
 * config.h - masqued.conf: one "key = value" per line, every key documented
 * in config/masqued.conf.example. A bad file is refused at start with a
 * sentence naming the line and the key. Passwords come from a file or an
 * environment variable, never from the config itself, and are never logged;
 * one that cannot be had is refused by the commands that use it alone.
 */
#ifndef MQ_CONFIG_H
#define MQ_CONFIG_H

#include "err.h"

enum mq_in { MQ_IN_MAILDIR, MQ_IN_IMAP, MQ_IN_PIPE };
enum mq_out { MQ_OUT_MAILDIR, MQ_OUT_SMTP, MQ_OUT_SENDMAIL };

struct mq_config {
	char datadir[1024];
	char datadir_key[1024];		/* the config's own datadir, or "" */
	int datadir_line;
	int deadline_line, reminder_line;	/* where set, or 0 */
	int imap_url_line, smtp_url_line, policy_line;	/* likewise */
	int sendmail_path_line, sendmail_args_line, admin_line;
	char admin[256];
	int inbound, outbound;
	char maildir_inbox[1100], maildir_outbox[1100];
	char imap_url[512], imap_mailbox[128], imap_user[256], imap_done[128];
	char smtp_url[512], smtp_user[256];
	char sendmail_path[512];		/* outbound = sendmail */
	char sendmail_args[512];		/* its words before -i */
	char imap_password[256], smtp_password[256];
	int imap_secret, smtp_secret;	/* a password key was given */
	char secret_env[2][128];	/* imap's, smtp's *_password_env, or "" */
	char secret_file[2][1024];	/* imap's, smtp's *_password_file, or "" */
	int secret_line[2];		/* the line that names it */
	struct mq_err secret_err;	/* a password that could not be had */
	int tls;
	char tls_ca_file[1024];		/* the host's own CA or certificate, or "" */
	char from[320], reply_local[64], reply_domain[256];
	char envelope[320];		/* the bare address of from */
	int poll_interval;
	long deadline, reminder;	/* seconds */
	long host_reminder;		/* policy wait: between the host's reminders */
	int policy_wait;		/* 0: apply defaults at a deadline */
	char lang[8];
	int rate_limit;			/* replies per sender per hour */
	int stranger_limit;		/* answers an hour to non-players */
	long retry_base;		/* seconds before the first resend */
	long mail_timeout;		/* seconds a server or sendmail may be silent */
	int workers;			/* processes for a long inbox; 0: one a core */
};

/* Load path (NULL: DATADIR/masqued.conf, which may be missing: defaults). */
int mq_config_load(const char *datadir, const char *path, struct mq_config *c,
    struct mq_err *err);
/* The data folder the config at path names (its datadir key) into out, or
 * "" when it names none or cannot be read (the command's own load then
 * says why): for -c without -C. */
void mq_config_datadir(const char *path, char *out, size_t size);
/*
 * Whether the passwords could be had: the first password key that names a
 * variable not set or a file that cannot be read, as loading would have
 * said it. Only the commands that connect to a server (serve, ingest) ask;
 * the others never use a password.
 */
int mq_config_secrets(const struct mq_config *c, struct mq_err *err);
/*
 * Read the password files again (serve, before each pass after the
 * first): a host who fixes or changes the password in its file is heard
 * without a restart. On failure the password read before is kept and err
 * says why; a variable's password is the process's, read once.
 */
int mq_config_reread_secrets(struct mq_config *c, struct mq_err *err);
/* The longest deadline, reminder, host_reminder or admin extend: a year and a day. Beyond
 * it a date would overflow long before a game could need it. */
#define MQ_DURATION_MAX (366L * 86400)
/* "72h", "90m", "3d", "600s", "600", "1d4h30m" -> seconds; -1 if malformed
 * or longer than MQ_DURATION_MAX. */
long mq_config_duration(const char *s);
/* As mq_config_duration, but the unit must be written: for a deadline, a
 * reminder and an extend, "72" alone (72 seconds) is -1. */
long mq_config_span(const char *s);
/* secs as "1d2h30m" (whole minutes, as admin takes them) into out: what
 * mq_config_span reads back. */
void mq_config_dhm(long long secs, char *out, size_t n);

#endif
