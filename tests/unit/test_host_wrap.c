/*
 * test_host_wrap.c - the host's mails wrap at 78 columns as the players'
 * do (notify_host.c, mq_notify_host_text): every text of daemon/
 * host_text.h, built as the daemon builds it (long names, a long data
 * folder with a space in it) and put into English, Japanese and Chinese
 * as the daemon puts it, comes out with no line wider than 78 columns
 * (a wide character counted two) but a command the host copies, which
 * stays whole on one line however long ("  masqued -C DIR admin GAME
 * replace ...", "`masqued -C DIR verify GAME`"); no word is lost or cut
 * (the text read without its spaces and line breaks is the text before);
 * a command's row keeps the command on its line, what it does wrapped
 * under it or below it. The paragraphs were one line each, 300 columns
 * and more in a mail client that does not wrap.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "err.h"
#include "daemon/host_text.h"
#include "daemon/notify.h"
#include "mail/deco_util.h"
#include "mail/refusal_i18n.h"

static const char *root = ".";

/* no such folder (realpath leaves it as it is): quoted for the shell */
#define DIR	"/srv/masqued games/the tournament of 2026/data"
#define QDIR	"'" DIR "'"
#define GAME	"g7f3abcd"
#define NAME	"alexandrina_victoria"
/* (a mail's name and its address are one word in Japanese: "NAME（ADDR" is
 * never cut, as no word is, and a longer one would be wider than a line) */
#define ADDR	"alexandrina.victoria@long-domain.example.org"
#define REPLACE	"  masqued admin " GAME " replace " NAME " NEW-ADDRESS " \
	"--why \"...\""
#define WHY	"cannot write /srv/masqued games/the tournament of 2026/data/" \
	"spool/tmp/g7f3abcd-00000042-1: No space left on device (the disk " \
	"is full)"

static struct mq_refusals *words;

/* The text without its blanks (spaces, no-break spaces, line breaks). */
static char *
bare(const char *s)
{
	char *t = malloc(strlen(s) + 1), *w = t;

	assert_non_null(t);
	for (; *s != '\0'; s++) {
		if (*s == ' ' || *s == '\n')
			continue;
		if ((unsigned char)s[0] == 0xc2 && (unsigned char)s[1] == 0xa0) {
			s++;
			continue;
		}
		*w++ = *s;
	}
	*w = '\0';
	return t;
}

/* Whether line [s, s + n) is one the host copies, kept whole: after its
 * indent, a command naming the folder (bare, in backquotes, in brackets),
 * or a path alone (the data folder's name, its spaces and all, and what
 * follows it up to a space). */
static int kept_line(const char *s, size_t n);

static int
kept_command(const char *s, size_t n)
{
	const char *path = s + strspn(s, " ");

	if (strncmp(path, DIR, strlen(DIR)) == 0 &&
	    memchr(path + strlen(DIR), ' ', n - (size_t)(path - s) -
	    strlen(DIR)) == NULL)
		return 1;
	return kept_line(s, n);
}

static int
kept_line(const char *s, size_t n)
{
	static const char *const starts[] = {
		"masqued -C ", "`masqued -C ", "(masqued -C ",
		"\xef\xbc\x88masqued -C ", NULL
	};
	size_t i, lead = strspn(s, " ");

	for (i = 0; starts[i] != NULL; i++)
		if (lead + strlen(starts[i]) <= n &&
		    strncmp(s + lead, starts[i], strlen(starts[i])) == 0)
			return 1;
	return 0;
}

/* Whether a line of text starts with part, which holds no line break. */
static int
has_line_holding(const char *text, const char *part)
{
	const char *hit;

	for (hit = strstr(text, part); hit != NULL; hit = strstr(hit + 1, part))
		if (hit == text || hit[-1] == '\n')
			return 1;
	return 0;
}

/* text (English, as the daemon builds it) in lang as the host gets it:
 * checked, then freed. */
static void
check(const char *lang, const char *what, const char *text)
{
	struct mq_buf said = MQ_BUF_INIT, cmds = MQ_BUF_INIT, out = MQ_BUF_INIT;
	struct mq_err e;
	const char *p, *s;
	char *before, *after, line[4096];
	size_t n;

	if (mq_refusals_translate(words, lang, text, &said, &e) != 0)
		fail_msg("%s (%s): %s", what, lang, e.msg);
	assert_int_equal(mq_notify_host_commands(DIR, mq_buf_str(&said),
	    &cmds), 0);
	assert_int_equal(mq_notify_host_text(DIR, mq_buf_str(&said), &out), 0);
	s = mq_buf_str(&out);
	/* each line fits, or is a command kept whole */
	for (p = s; *p != '\0'; p += n + (p[n] == '\n')) {
		n = strcspn(p, "\n");
		snprintf(line, sizeof(line), "%.*s", (int)n, p);
		if (deco_width(line) > 78 && !kept_command(p, n))
			fail_msg("%s (%s): a line of %d columns:\n%s\n\nin:\n%s",
			    what, lang, deco_width(line), line, s);
		if (strstr(line, "\xc2\xa0") != NULL)
			fail_msg("%s (%s): a no-break space left in:\n%s", what,
			    lang, line);
	}
	/* nothing lost, nothing cut into */
	before = bare(mq_buf_str(&cmds));
	after = bare(s);
	if (strcmp(before, after) != 0)
		fail_msg("%s (%s): the words changed:\n%s\n\nto:\n%s", what, lang,
		    mq_buf_str(&cmds), s);
	/* each command line of the text whole on a line of its own */
	for (p = mq_buf_str(&cmds); *p != '\0'; p += n + (p[n] == '\n')) {
		const char *gap;

		n = strcspn(p, "\n");
		if (strncmp(p + strspn(p, " "), "masqued -C ", 11) != 0)
			continue;
		gap = strstr(p + strspn(p, " "), "  ");
		snprintf(line, sizeof(line), "%.*s", (int)((gap != NULL &&
		    gap < p + n ? gap : p + n) - p), p);
		if (!has_line_holding(s, line))
			fail_msg("%s (%s): the command \"%s\" is cut in:\n%s", what,
			    lang, line, s);
	}
	free(before);
	free(after);
	mq_buf_free(&said);
	mq_buf_free(&cmds);
	mq_buf_free(&out);
}

static const char *const langs[] = { "en", "ja", "zh" };

static void
test_every_host_text_wraps(void **state)
{
	char text[8192], player[1024];
	size_t l;

	(void)state;
	snprintf(player, sizeof(player), HOST_BOUNCE_PLAYER, REPLACE "\n"
	    "  masqued admin g0000001 replace " NAME " NEW-ADDRESS --why \"...\"");
	for (l = 0; l < 3; l++) {
		const char *g = langs[l];

		snprintf(text, sizeof(text), HOST_STOPPED_TEXT, GAME, WHY, GAME);
		check(g, "stopped", text);
		snprintf(text, sizeof(text), HOST_WAITS_TEXT, GAME, 41ULL, 42ULL,
		    WHY);
		check(g, "waits", text);
		snprintf(text, sizeof(text), HOST_POLICY_WAIT_TEXT, GAME,
		    "redmasque", NAME, "2026-12-03 10:00 UTC", NAME,
		    "PLACE, PLAN and the card of the Prince", NAME, GAME, "1d3h",
		    NAME, GAME, NAME, NAME, GAME, NAME, NAME, "1d3h",
		    "2026-12-04 13:00 UTC", "1d", "");
		check(g, "policy wait", text);
		snprintf(text, sizeof(text), HOST_POLICY_WAIT_LATE_TEXT, GAME,
		    "redmasque", NAME, "2025-12-03 10:00 UTC", NAME, "act", NAME,
		    GAME, GAME, NAME, GAME, NAME, NAME, GAME, NAME, NAME, "");
		check(g, "policy wait, late", text);
		snprintf(text, sizeof(text), HOST_ABSENT_TEXT, GAME, "masquerade",
		    42ULL, GAME, GAME);
		check(g, "absent", text);
		snprintf(text, sizeof(text), HOST_BOUNCE_TEXT, ADDR,
		    "MAILER-DAEMON@mx.a-rather-long-domain.example.org",
		    "Undelivered Mail Returned to Sender", DIR,
		    "058cdd7edcdb912419f2a14e69a2fe0f2680472aed9d70f9387a25bb3340a700");
		check(g, "bounce", text);
		snprintf(text, sizeof(text), HOST_BOUNCE_SEAT_TEXT, ADDR,
		    HOST_UNKNOWN_SENDER, "Undelivered Mail Returned to Sender",
		    NAME ", robert", DIR,
		    "058cdd7edcdb912419f2a14e69a2fe0f2680472aed9d70f9387a25bb3340a700",
		    REPLACE);
		check(g, "bounce of a seat", text);
		snprintf(text, sizeof(text), HOST_BOUNCE_UNNAMED_TEXT,
		    HOST_UNKNOWN_SENDER, "Delivery Status Notification (Failure)",
		    DIR, "058cdd7edcdb912419f2a14e69a2fe0f2680472aed9d70f9387a25"
		    "bb3340a700");
		check(g, "bounce, unnamed", text);
		snprintf(text, sizeof(text), HOST_UNANSWERED_TEXT, GAME, 42ULL,
		    NAME, "its message is no longer in the inbox", NAME, GAME);
		check(g, "unanswered", text);
		snprintf(text, sizeof(text), HOST_IMAP_STUCK_TEXT, 1234567u,
		    "INBOX.masqued-games", 5ULL, WHY, 1700000000u, 1234567u, DIR);
		check(g, "imap stuck", text);
		snprintf(text, sizeof(text), HOST_GAME_STUCK_TEXT, GAME, 5ULL,
		    DIR "/mail/inbox/new", GAME);
		check(g, "game stuck", text);
		snprintf(text, sizeof(text), HOST_UNDONE_TEXT, 12ULL,
		    "masqued-done", WHY, "INBOX", "INBOX", "masqued-done");
		check(g, "undone", text);
		snprintf(text, sizeof(text), HOST_DISK_FULL_TEXT, DIR, 12ULL);
		check(g, "disk full", text);
		snprintf(text, sizeof(text), HOST_DISK_FULL_FREED_TEXT, DIR, 12ULL);
		check(g, "disk full, freed", text);
		snprintf(text, sizeof(text), HOST_DISK_INODES_TEXT, DIR, 0ULL);
		check(g, "inodes", text);
		snprintf(text, sizeof(text), HOST_DISK_INODES_FREED_TEXT, DIR, 0ULL);
		check(g, "inodes, freed", text);
		snprintf(text, sizeof(text), HOST_DEAD_TEXT,
		    GAME "-00000042-2-turn", ADDR, DIR, player,
		    "550 5.1.1 <" ADDR ">: Recipient address rejected: User "
		    "unknown in virtual mailbox table", DIR, GAME "-00000042-2-turn");
		check(g, "dead letter", text);
		snprintf(text, sizeof(text), HOST_DEAD_TEXT, GAME "-00000042-2-turn",
		    ADDR, DIR, "", "451 try later", DIR, GAME "-00000042-2-turn");
		check(g, "dead letter, no seat", text);
		snprintf(text, sizeof(text), HOST_SMTP_BACK_TEXT,
		    "smtp.a-rather-long-domain.example.org:587",
		    "2026-12-03 10:00 UTC", "2026-12-03 14:00 UTC",
		    "Failed to connect to smtp.a-rather-long-domain.example.org "
		    "port 587: Connection refused", DIR);
		check(g, "smtp back", text);
		snprintf(text, sizeof(text), HOST_SENDMAIL_BACK_TEXT,
		    "/usr/sbin/sendmail", "2026-12-03 10:00 UTC",
		    "2026-12-03 14:00 UTC", "sendmail: fatal: no queue", DIR);
		check(g, "sendmail back", text);
		snprintf(text, sizeof(text), HOST_IMAP_DOWN_TEXT, "INBOX",
		    "imap.a-rather-long-domain.example.org:993",
		    "2026-12-03 10:00 UTC", "Couldn't connect to server");
		check(g, "imap down", text);
		snprintf(text, sizeof(text), HOST_IMAP_REFUSED_TEXT, "INBOX",
		    "imap.a-rather-long-domain.example.org:993",
		    "2026-12-03 10:00 UTC", "Login denied");
		check(g, "imap refused", text);
		snprintf(text, sizeof(text), HOST_IMAP_BACK_TEXT, "INBOX",
		    "imap.a-rather-long-domain.example.org:993",
		    "2026-12-03 10:00 UTC", "2026-12-03 14:00 UTC");
		check(g, "imap back", text);
	}
}

/* A command row's head stays on its line; what it does wraps under its
 * column when there is room, below it when there is not; a short line,
 * and a text already narrow, come out as they were. */
static void
test_a_command_row_keeps_its_command(void **state)
{
	struct mq_buf out = MQ_BUF_INIT;
	const char *narrow = "Then:\n\n  masqued admin g1 end --why \"...\"    "
	    "end it\n";

	(void)state;
	assert_int_equal(mq_notify_host_text("/d", "  masqued admin g1 default "
	    "bob --why \"...\"    the default move for bob, this once, and "
	    "never again\n", &out), 0);
	assert_string_equal(mq_buf_str(&out), "  masqued -C /d admin g1 default "
	    "bob --why \"...\"    the default move for bob,\n"
	    "                                                    this once, "
	    "and never again\n");
	mq_buf_reset(&out);
	assert_int_equal(mq_notify_host_text(DIR, "  masqued admin g1 default "
	    "bob --why \"...\"    the default move for bob, this once\n", &out),
	    0);
	assert_string_equal(mq_buf_str(&out), "  masqued -C " QDIR " admin g1 "
	    "default bob --why \"...\"\n        the default move for bob, this "
	    "once\n");
	mq_buf_reset(&out);
	assert_int_equal(mq_notify_host_text("/d", narrow, &out), 0);
	assert_string_equal(mq_buf_str(&out), "Then:\n\n  masqued -C /d admin g1 "
	    "end --why \"...\"    end it\n");
	mq_buf_free(&out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_host_text_wraps),
		cmocka_unit_test(test_a_command_row_keeps_its_command),
	};
	char dir[4096];
	struct mq_err e;
	int rc;

	if (getenv("MQ_ROOT") != NULL)
		root = getenv("MQ_ROOT");
	snprintf(dir, sizeof(dir), "%s/templates", root);
	words = mq_refusals_new_catalog(dir, "host.json");
	if (words == NULL || mq_refusals_load(words, "ja", &e) != 0 ||
	    mq_refusals_load(words, "zh", &e) != 0) {
		fprintf(stderr, "cannot load the host's catalogs\n");
		return 1;
	}
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	mq_refusals_free(words);
	return rc;
}
