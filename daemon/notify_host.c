/*
 * notify_host.c - the plain notices to the host (config `admin`), not to a
 * player: a bounce, a game stopped by a log that does not verify. No
 * template, no game context: a text from one of host_text.h's formats, put
 * into the config's `lang` (templates/LANG/host.json), once per key (a
 * marker among the daemon's records remembers it). See notify.h
 * (mq_notify_host).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/host_text.h"
#include "daemon/notify.h"
#include "daemon/spool.h"
#include "fileio.h"
#include "mail/deco_util.h"
#include "mail/mime_charset.h"
#include "mail/mime_out.h"
#include "mail/refusal_i18n.h"

void
mq_notify_host_stopped(struct mq_daemon *d, const char *id, const char *why)
{
	char key[64], subject[128], text[2048];

	snprintf(key, sizeof(key), "badlog-%s", id);
	if (mq_notify_host_told(d, key))
		return;
	/* a log cut short is no damaged entry: its own words, and the same
	 * marker (a log put back clears it either way) */
	if (mq_store_game_cut(&d->store, id)) {
		snprintf(subject, sizeof(subject), HOST_CUT_SUBJECT, id);
		snprintf(text, sizeof(text), HOST_CUT_TEXT, id, why, id);
	} else {
		snprintf(subject, sizeof(subject), HOST_STOPPED_SUBJECT, id);
		snprintf(text, sizeof(text), HOST_STOPPED_TEXT, id, why, id);
	}
	mq_notify_host(d, key, subject, text, NULL);
}

void
mq_notify_host_sound(const struct mq_daemon *d, const char *id)
{
	char key[1400];

	/* the replies said to wait for it (serve.c stopped_said) are played
	 * now; a later stop says them again. Looked for first: this runs at
	 * every open of a sound game, and serve's unlinks are the steps the
	 * kill tests stop it at (test_copy_first_pending: its first unlink
	 * is a message's hushed mark) */
	snprintf(key, sizeof(key), "%s/cursor/stopped-%s", d->conf.datadir, id);
	if (access(key, F_OK) == 0)
		(void)unlink(key);
	snprintf(key, sizeof(key), "badlog-%s", id);
	if (!mq_notify_host_marked(d, key))
		return;
	mq_notify_host_forget(d, key);
	mq_daemon_log("game %s: its log verifies again; a later damage of it "
	    "is told to the host again", id);
}

void
mq_notify_host_waits(struct mq_daemon *d, const char *id, uint64_t from,
    uint64_t to, const char *why)
{
	char key[64], subject[128], text[2048];
	struct mq_err e;

	snprintf(key, sizeof(key), "waits-%s-%llu", id, (unsigned long long)from);
	if (mq_notify_host_told(d, key))
		return;
	snprintf(subject, sizeof(subject), HOST_WAITS_SUBJECT, id);
	snprintf(text, sizeof(text), HOST_WAITS_TEXT, id, (unsigned long long)from,
	    (unsigned long long)to, why);
	if (mq_notify_host(d, key, subject, text, &e) != 0)
		mq_daemon_log("game %s: cannot tell the host that it waits: %s",
		    id, e.msg);
}

int
mq_notify_host_paused_play(struct mq_daemon *d, const struct mq_game *g,
    int seat, struct mq_err *err)
{
	char key[128], subject[200], text[1600];
	const char *p = g->players[seat].name;

	/* the pause's time names it: a later pause tells the host anew */
	snprintf(key, sizeof(key), "paused-%s-%d-%lld", g->id, seat,
	    g->paused_at);
	if (mq_notify_host_told(d, key))
		return 0;
	snprintf(subject, sizeof(subject), HOST_PAUSED_PLAY_SUBJECT, g->id, p);
	snprintf(text, sizeof(text), HOST_PAUSED_PLAY_TEXT, g->id, g->kind->name,
	    p, p, g->id, p);
	return mq_notify_host(d, key, subject, text, err);
}

int
mq_notify_host_marked(const struct mq_daemon *d, const char *key)
{
	char marker[1400];

	snprintf(marker, sizeof(marker), "%s/cursor/told-%s", d->conf.datadir, key);
	return access(marker, F_OK) == 0;
}

int
mq_notify_host_mark(const struct mq_daemon *d, const char *key,
    struct mq_err *err)
{
	char marker[1400];

	snprintf(marker, sizeof(marker), "%s/cursor/told-%s", d->conf.datadir, key);
	return mq_file_replace(marker, "", 0, 0644, err);
}

int
mq_notify_host_told(const struct mq_daemon *d, const char *key)
{
	return !d->conf.admin[0] || mq_notify_host_marked(d, key);
}

void
mq_notify_host_forget(const struct mq_daemon *d, const char *key)
{
	char why[MQ_STRERROR_HINT_MAX];
	char marker[1400];

	snprintf(marker, sizeof(marker), "%s/cursor/told-%s", d->conf.datadir, key);
	if (unlink(marker) != 0 && errno != ENOENT)
		mq_daemon_log("cannot remove %s: %s", marker,
		    mq_strerror_hint(errno, marker, why, sizeof(why)));
}

/* Append s to out in the host's language (config lang): its translation
 * from templates/LANG/host.json, or s itself. A catalog that cannot be read
 * is said in the daemon's log (once: refusal_i18n.h) and the mail goes in
 * English: the host must hear of it all the same. */
static int
host_words(struct mq_daemon *d, const char *s, struct mq_buf *out,
    struct mq_err *err)
{
	struct mq_err e;
	int rc;

	rc = mq_refusals_translate(d->host_i18n, d->conf.lang, s, out, &e);
	if (rc == MQ_BADDATA) {
		mq_daemon_log("the host's mail stays in English: %s", e.msg);
		rc = 0;
	}
	return rc ? mq_fail(err, MQ_IO, "Out of memory.") : 0;
}

/* The host copies a command line of a notice into a shell, wherever they
 * are: "masqued admin ..." there would act on that folder's ./data, or
 * fail. Each names the data folder serve works on, absolute and quoted for
 * the shell ("masqued -C /var/lib/masqued admin ..."): the commands are
 * never translated, so this holds in every language. */
static const char *const host_commands[] = {
	"admin ", "verify ", "replay ", "games`", "log ", "export ", NULL
};

static void
shell_word(const char *s, struct mq_buf *out)
{
	if (s[0] != '\0' && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789_./-+:,@%=") == strlen(s)) {
		mq_buf_puts(out, s);
		return;
	}
	mq_buf_putc(out, '\'');
	for (; *s != '\0'; s++)
		if (*s == '\'')
			mq_buf_puts(out, "'\\''");
		else
			mq_buf_putc(out, *s);
	mq_buf_putc(out, '\'');
}

int
mq_notify_host_commands(const char *datadir, const char *text,
    struct mq_buf *out)
{
	char abs[PATH_MAX];
	const char *p = text, *dir = datadir;
	size_t i;

	if (realpath(datadir, abs) != NULL)
		dir = abs;
	/* the mail must be UTF-8: a folder named otherwise is left out */
	if (!mq_mime_utf8_valid(dir, strlen(dir)))
		return mq_buf_puts(out, text) ? -1 : 0;
	while (*p != '\0') {
		const char *m = strstr(p, "masqued ");

		if (m == NULL)
			break;
		mq_buf_add(out, p, (size_t)(m - p) + 8);
		p = m + 8;
		/* after a space, a quote or a bracket, ASCII or not (the
		 * catalogs' full-width "（masqued log") */
		if (m != text && strchr(" \n`(", m[-1]) == NULL &&
		    (unsigned char)m[-1] < 0x80)
			continue;
		for (i = 0; host_commands[i] != NULL; i++)
			if (strncmp(p, host_commands[i],
			    strlen(host_commands[i])) == 0)
				break;
		if (host_commands[i] == NULL)
			continue;
		mq_buf_puts(out, "-C ");
		shell_word(dir, out);
		mq_buf_putc(out, ' ');
	}
	mq_buf_puts(out, p);
	return out->oom ? -1 : 0;
}

/* The end of the shell word at s (shell_word's: bare, or quoted with its
 * quotes written '\'' ). */
static const char *
shell_word_end(const char *s)
{
	if (*s != '\'')
		return s + strcspn(s, " \n");
	for (;;) {
		const char *q = strchr(s + 1, '\'');

		if (q == NULL)
			return s + strlen(s);
		if (strncmp(q + 1, "\\''", 3) != 0)
			return q + 1;
		s = q + 3;	/* the quote that opens the next part */
	}
}

/*
 * Where a command the host copies ends, when one starts at s ("masqued
 * [-C DIR] admin|verify|games`|log|export ..."), else NULL: at a line's
 * start (its indent before it), up to a gap of two spaces (what it does
 * follows) or the line's end; in a sentence, its verb and the word after
 * it (a game: "(masqued log abc shows it)").
 */
static const char *
command_end(const char *text, const char *s)
{
	const char *p = s + 8, *b;
	size_t i, n;

	if (strncmp(s, "masqued ", 8) != 0 || (s != text &&
	    strchr(" \n(", s[-1]) == NULL && (unsigned char)s[-1] < 0x80))
		return NULL;
	if (strncmp(p, "-C ", 3) == 0) {
		p = shell_word_end(p + 3);
		if (*p++ != ' ')
			return NULL;
	}
	for (i = 0; host_commands[i] != NULL; i++)
		if (strncmp(p, host_commands[i], strlen(host_commands[i])) == 0)
			break;
	if (host_commands[i] == NULL)
		return NULL;
	for (b = s; b > text && b[-1] == ' '; b--)
		;
	if (b == text || b[-1] == '\n') {	/* a line of its own */
		n = strcspn(p, "\n");
		b = strstr(p, "  ");
		return b != NULL && b < p + n ? b : p + n;
	}
	/* the verb (with its space), then a word of ASCII */
	p += strlen(host_commands[i]);
	while (*p != '\0' && strchr(" \n)`", *p) == NULL &&
	    (unsigned char)*p < 0x80)
		p++;
	return p;
}

/* text onto out, the spaces of what the host must read or copy whole as
 * no-break spaces, for the wrap: a command (command_end), a span in
 * backquotes, a short one in double quotes ("12 345", "INBOX.done"), and
 * the data folder's name wherever it is (a path with a space in it). */
static void
hold_whole(const char *datadir, const char *text, struct mq_buf *out)
{
	const char *p, *q, *held = text;
	size_t dl = strlen(datadir);

	for (p = text; *p != '\0'; p++) {
		if (p >= held) {
			if (*p == '`' && (q = strpbrk(p + 1, "`\n")) != NULL &&
			    *q == '`')
				held = q + 1;
			else if (*p == '"' && (q = strpbrk(p + 1, "\"\n")) != NULL &&
			    *q == '"' && q - p <= 24)
				held = q + 1;
			else if (dl > 0 && strncmp(p, datadir, dl) == 0)
				held = p + dl;
			else if ((q = command_end(text, p)) != NULL)
				held = q;
		}
		if (p < held && *p == ' ')
			mq_buf_puts(out, "\xc2\xa0");
		else
			mq_buf_putc(out, *p);
	}
}

int
mq_notify_host_text(const char *datadir, const char *text,
    struct mq_buf *out)
{
	struct mq_buf cmds = MQ_BUF_INIT, held = MQ_BUF_INIT;
	char *s = NULL;
	int rc = -1;

	if (mq_notify_host_commands(datadir, text, &cmds) == 0) {
		hold_whole(datadir, mq_buf_str(&cmds), &held);
		s = mq_buf_steal(&held);
	}
	if (s != NULL && deco_wrap_paragraphs(&s, MQ_HOST_WIDTH) == 0)
		rc = mq_buf_puts(out, s) ? -1 : 0;
	free(s);
	mq_buf_free(&cmds);
	mq_buf_free(&held);
	return rc;
}

int
mq_notify_host(struct mq_daemon *d, const char *key, const char *subject,
    const char *text, struct mq_err *err)
{
	int spooled;

	return mq_notify_host_spooled(d, key, subject, text, &spooled, err);
}

int
mq_notify_host_spooled(struct mq_daemon *d, const char *key,
    const char *subject, const char *text, int *spooled, struct mq_err *err)
{
	struct mq_mail_out m;
	struct mq_buf body = MQ_BUF_INIT, subj = MQ_BUF_INIT, words = MQ_BUF_INIT;
	char id[400], name[300], *raw = NULL;
	size_t len;
	int rc;

	*spooled = 0;
	/* once per key: a marker among the daemon's records remembers it */
	if (mq_notify_host_told(d, key))
		return 0;
	if ((rc = host_words(d, HOST_BANNER, &body, err)) != 0 ||
	    (rc = mq_buf_puts(&body, "\n\n")) != 0 ||
	    (rc = host_words(d, text, &words, err)) != 0 ||
	    (rc = mq_notify_host_text(d->conf.datadir, mq_buf_str(&words),
	    &body)) != 0 ||
	    (rc = mq_buf_puts(&body, "\n")) != 0 ||
	    (rc = host_words(d, subject, &subj, err)) != 0) {
		mq_buf_free(&body);
		mq_buf_free(&subj);
		mq_buf_free(&words);
		return rc == MQ_IO ? rc : mq_fail(err, MQ_IO, "Out of memory.");
	}
	snprintf(id, sizeof(id), "host.%s.%lld@%s", key, (long long)d->now,
	    d->conf.reply_domain);
	memset(&m, 0, sizeof(m));
	m.from = d->conf.from;
	m.to = d->conf.admin;
	m.subject = mq_buf_str(&subj);
	m.message_id = id;
	m.date = d->now;
	m.text = mq_buf_str(&body);
	rc = mq_mime_build(&m, &raw, &len, err);
	snprintf(name, sizeof(name), "admin-%s", key);
	/* the notice and the spool folder on disk before the marker: a
	 * crash between them must leave the notice to tell again, never told
	 * and lost; now, even in serve's inbox batch, whose flush comes
	 * after the marker (a bounce's notice) */
	if (rc == 0)
		rc = mq_spool_put(d->conf.datadir, name, d->conf.admin, raw, len, err);
	if (rc == 0)
		rc = mq_spool_sync_now(d->conf.datadir, name, err);
	if (rc == 0) {
		*spooled = 1;
		rc = mq_notify_host_mark(d, key, err);
	}
	free(raw);
	mq_buf_free(&body);
	mq_buf_free(&subj);
	mq_buf_free(&words);
	return rc;
}

void
mq_notify_host_over(struct mq_daemon *d, const struct mq_game *g)
{
	char key[64], subject[128], text[1400], won[MQ_NAME_MAX];
	const char *word = "round";
	unsigned alive = 0;
	json_t *view;
	struct mq_err e;
	int winner, n = 0;

	snprintf(key, sizeof(key), "over-%s", g->id);
	if (mq_notify_host_told(d, key) || !mq_game_over(g))
		return;
	/* the moment the players' mails name: The Red Death's round, The
	 * Masquerade's turn */
	if (strcmp(g->kind->name, "masquerade") == 0)
		word = "turn";
	if ((view = g->kind->view(g->state, MQ_VIEW_PUBLIC)) != NULL)
		n = (int)json_integer_value(json_object_get(view, word));
	json_decref(view);
	winner = g->kind->result(g->state, &alive);
	snprintf(won, sizeof(won), "%s", winner >= 0 && winner < g->nplayers ?
	    g->players[winner].name : "");
	snprintf(subject, sizeof(subject), HOST_OVER_SUBJECT, g->id);
	if (g->ended && n <= 0)
		snprintf(text, sizeof(text), HOST_OVER_EARLY_TEXT, g->id,
		    g->kind->name, word, (unsigned long long)g->ended, g->id,
		    g->id);
	else if (g->ended)
		snprintf(text, sizeof(text), HOST_OVER_ENDED_TEXT, g->id,
		    g->kind->name, word, n, (unsigned long long)g->ended, g->id,
		    g->id);
	else if (won[0])
		snprintf(text, sizeof(text), HOST_OVER_WON_TEXT, g->id,
		    g->kind->name, word, n, (unsigned long long)g->seq, won,
		    g->id, g->id);
	else
		snprintf(text, sizeof(text), HOST_OVER_NOBODY_TEXT, g->id,
		    g->kind->name, word, n, (unsigned long long)g->seq, g->id,
		    g->id);
	if (mq_notify_host(d, key, subject, text, &e) != 0)
		mq_daemon_log("game %s: cannot tell the host that it is over: %s",
		    g->id, e.msg);
}
