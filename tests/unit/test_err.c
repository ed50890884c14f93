/*
 * test_err.c - the one error idiom (common/err.h): a sentence that quotes
 * input shows its control characters escaped and stays one line, also when
 * the escapes make it longer than its buffer; nothing else changes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"

static int
utf8_whole(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int k, need;

	while (*p) {
		need = *p < 0x80 ? 0 : *p >= 0xF0 ? 3 : *p >= 0xE0 ? 2 : *p >= 0xC0 ? 1 : -1;
		if (need < 0)
			return 0;
		p++;
		for (k = 0; k < need; k++, p++)
			if ((*p & 0xC0) != 0x80)
				return 0;
	}
	return 1;
}

static void
fail_escapes_what_it_quotes(void **state)
{
	struct mq_err e;

	(void)state;
	assert_int_equal(mq_fail(&e, MQ_REFUSED, "\"%s\" is not usable.",
	    "x@y\nBcc: z\r\t\x01\x7f"), MQ_REFUSED);
	assert_string_equal(e.msg,
	    "\"x@y\\nBcc: z\\r\\t\\x01\\x7f\" is not usable.");
	errno = ENOENT;
	mq_fail_errno(&e, MQ_IO, "Cannot read %s", "a\nb");
	assert_string_equal(e.msg, "Cannot read a\\nb: No such file or directory");
	/* UTF-8 and a backslash are not control characters */
	mq_fail(&e, MQ_REFUSED, "「%s」 \\ é.", "ダンス");
	assert_string_equal(e.msg, "「ダンス」 \\ é.");
}

static void
escapes_are_cut_whole_to_fit(void **state)
{
	char s[8];
	size_t n;

	(void)state;
	snprintf(s, sizeof(s), "ab\ncd");		/* "ab\\ncd": 6 bytes and the NUL */
	assert_int_equal(mq_escape_controls(s, sizeof(s)), 6);
	assert_string_equal(s, "ab\\ncd");
	snprintf(s, sizeof(s), "abcdef\n");	/* the escape does not fit: cut */
	assert_int_equal(mq_escape_controls(s, sizeof(s)), 6);
	assert_string_equal(s, "abcdef");
	snprintf(s, sizeof(s), "\x01\x02");		/* "\\x01" fits, "\\x02" does not */
	n = mq_escape_controls(s, sizeof(s));
	assert_int_equal(n, 4);
	assert_string_equal(s, "\\x01");
	snprintf(s, sizeof(s), "plain");
	assert_int_equal(mq_escape_controls(s, sizeof(s)), 5);
	assert_string_equal(s, "plain");
	assert_int_equal(mq_escape_controls(s, 0), 0);
	assert_string_equal(s, "plain");	/* no room: untouched */
}

/*
 * A sentence too long for its buffer is cut between two UTF-8 characters,
 * never inside one: a refusal quoting a long Japanese word was cut mid-way,
 * jansson refused the broken text, and the mail was "not processed" (found
 * by a code review).
 */
static void
a_long_sentence_is_cut_between_characters(void **state)
{
	char word[2000], t[8];
	struct mq_err e;
	size_t i, cut;

	(void)state;
	for (cut = 0; cut < 4; cut++) {
		/* cut ASCII bytes first: the cut falls at each byte of あ */
		for (i = 0; i < cut; i++)
			word[i] = 'x';
		for (; i + 3 < sizeof(word); i += 3)
			memcpy(word + i, "\xe3\x81\x82", 3);
		word[i] = '\0';
		mq_fail(&e, MQ_REFUSED, "\"%s\" is not a language.", word);
		assert_true(utf8_whole(e.msg));
	}
	/* escaping cuts: "\\x01" then é, whose 2 bytes do not both fit */
	memcpy(t, "\001a\303\251", 5);
	t[5] = '\0';
	mq_escape_controls(t, 7);
	assert_string_equal(t, "\\x01a");
}

/* EROFS or EACCES in the data folder says what to do; elsewhere, or
 * another errno, nothing more */
static void
a_read_only_data_folder_says_to_make_it_writable(void **state)
{
	struct mq_err e;

	(void)state;
	mq_err_set_datadir("/srv/mq");
	errno = EROFS;
	mq_fail_errno(&e, MQ_IO, "Cannot open the log %s", "/srv/mq/games/g/log");
	assert_string_equal(e.msg, "Cannot open the log /srv/mq/games/g/log: "
	    "Read-only file system: make the data folder /srv/mq writable by "
	    "the user that runs masqued");
	errno = EACCES;
	mq_fail_errno(&e, MQ_IO, "Cannot write %s", "/srv/mq");
	assert_non_null(strstr(e.msg, ": make the data folder /srv/mq "
	    "writable by the user that runs masqued"));
	errno = EACCES;
	mq_fail_errno(&e, MQ_IO, "Cannot write %s", "/srv/mqx/a");
	assert_null(strstr(e.msg, "make the data folder"));
	errno = ENOSPC;
	mq_fail_errno(&e, MQ_IO, "Cannot write %s", "/srv/mq/a");
	assert_null(strstr(e.msg, "make the data folder"));
	errno = EROFS;
	mq_fail_errno(&e, MQ_IO, "Cannot write %s", "/tmp/export");
	assert_null(strstr(e.msg, "make the data folder"));
	mq_err_set_datadir(NULL);
	errno = EROFS;
	mq_fail_errno(&e, MQ_IO, "Cannot write %s", "/srv/mq/a");
	assert_null(strstr(e.msg, "make the data folder"));
}

/* The same hint for a sentence built by hand (a log line), with the
 * path it concerns: after strerror's words, only for EROFS or EACCES in
 * the data folder */
static void
a_hand_built_sentence_gets_the_same_hint(void **state)
{
	char why[MQ_STRERROR_HINT_MAX];

	(void)state;
	mq_err_set_datadir("/srv/mq");
	assert_string_equal(mq_strerror_hint(EACCES, "/srv/mq/spool/dead", why,
	    sizeof(why)), "Permission denied: make the data folder /srv/mq "
	    "writable by the user that runs masqued");
	assert_string_equal(mq_strerror_hint(EROFS, "/srv/mq", why,
	    sizeof(why)), "Read-only file system: make the data folder /srv/mq "
	    "writable by the user that runs masqued");
	assert_string_equal(mq_strerror_hint(ENOSPC, "/srv/mq/spool", why,
	    sizeof(why)), "No space left on device");
	assert_string_equal(mq_strerror_hint(EACCES, "/srv/mqx/a", why,
	    sizeof(why)), "Permission denied");
	assert_string_equal(mq_strerror_hint(EACCES, NULL, why, sizeof(why)),
	    "Permission denied");
	/* cut to fit, never overrun */
	assert_string_equal(mq_strerror_hint(EACCES, "/srv/mq/a", why, 8),
	    "Permiss");
	mq_err_set_datadir(NULL);
	assert_string_equal(mq_strerror_hint(EACCES, "/srv/mq/a", why,
	    sizeof(why)), "Permission denied");
}

/*
 * No sentence of the daemon's is built with strerror() by hand, where the
 * hint would be missed (17 were: the spool's, the cursor's, the markers'),
 * but those that concern no file of the data folder: a worker that cannot
 * start (pipe, fork), the standard output, sendmail's child, and err.c.
 */
static void
no_hand_built_strerror_but_those_of_no_file(void **state)
{
	static const struct { const char *file; int n; } allowed[] = {
		{ "common/err.c", 2 }, { "daemon/serve.c", 2 },
		{ "daemon/main.c", 1 }, { "mail/transport_sendmail.c", 1 },
	};
	const char *root = getenv("MQ_ROOT") ? getenv("MQ_ROOT") : ".";
	char cmd[4400], line[4400];
	FILE *p;
	size_t k;
	int n, found;

	(void)state;
	snprintf(cmd, sizeof(cmd), "cd '%s' && grep -c '[^_]strerror(' "
	    "common/*.c daemon/*.c mail/*.c engine/*.c | grep -v ':0$'", root);
	assert_non_null(p = popen(cmd, "r"));
	while (fgets(line, sizeof(line), p) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		*strrchr(line, ':') = '\0';
		n = atoi(line + strlen(line) + 1);
		found = 0;
		for (k = 0; k < sizeof(allowed) / sizeof(allowed[0]); k++)
			if (strcmp(line, allowed[k].file) == 0) {
				found = 1;
				if (n != allowed[k].n)
					fail_msg("%s: %d strerror() calls, %d "
					    "expected: use mq_strerror_hint for a "
					    "path of the data folder", line, n,
					    allowed[k].n);
			}
		if (!found)
			fail_msg("%s: %d strerror() call(s): use mq_fail_errno or "
			    "mq_strerror_hint (the read-only data folder's "
			    "hint)", line, n);
	}
	assert_int_equal(pclose(p), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fail_escapes_what_it_quotes),
		cmocka_unit_test(escapes_are_cut_whole_to_fit),
		cmocka_unit_test(a_long_sentence_is_cut_between_characters),
		cmocka_unit_test(a_read_only_data_folder_says_to_make_it_writable),
		cmocka_unit_test(a_hand_built_sentence_gets_the_same_hint),
		cmocka_unit_test(no_hand_built_strerror_but_those_of_no_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
