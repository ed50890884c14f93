/*
 * test_notify_host_commands.c - the command lines of a host's mail name the
 * data folder (notify_host.c, mq_notify_host_commands): each "masqued
 * admin|verify|games`|log|export" becomes "masqued -C DIR ...", DIR made
 * absolute and quoted for the shell; after a full-width bracket too (the
 * Japanese and Chinese catalogs' "（masqued log"); never in prose
 * ("masqued neither"); a folder whose name is not UTF-8 is left out, since
 * the mail must be UTF-8.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "daemon/notify.h"

static char *
rewrite(const char *dir, const char *text)
{
	struct mq_buf b = MQ_BUF_INIT;

	assert_int_equal(mq_notify_host_commands(dir, text, &b), 0);
	return mq_buf_steal(&b);
}

static void
test_commands_name_the_folder(void **state)
{
	char *s;

	(void)state;
	s = rewrite("/srv/games", "Then:\n\n  masqued admin abc resume --why "
	    "\"...\"\n`masqued verify abc` says the same; `masqued games` lists "
	    "it. masqued neither applies nor mails; masqued logged it.");
	assert_string_equal(s, "Then:\n\n  masqued -C /srv/games admin abc "
	    "resume --why \"...\"\n`masqued -C /srv/games verify abc` says the "
	    "same; `masqued -C /srv/games games` lists it. masqued neither "
	    "applies nor mails; masqued logged it.");
	free(s);
}

static void
test_after_a_full_width_bracket(void **state)
{
	char *s;

	(void)state;
	s = rewrite("/srv/games", "確認できます（masqued log abc で）");
	assert_string_equal(s, "確認できます（masqued -C /srv/games log abc で）");
	free(s);
}

static void
test_quoted_for_the_shell(void **state)
{
	char *s;

	(void)state;
	s = rewrite("/srv/the host's $games", "  masqued admin abc end");
	assert_string_equal(s, "  masqued -C '/srv/the host'\\''s $games' admin "
	    "abc end");
	free(s);
}

static void
test_a_relative_folder_made_absolute(void **state)
{
	char cwd[PATH_MAX], tmp[PATH_MAX], want[PATH_MAX + 64], *s;

	(void)state;
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir("/"), 0);
	assert_non_null(realpath("/usr", tmp));
	s = rewrite("usr", "masqued export abc");
	assert_int_equal(chdir(cwd), 0);
	snprintf(want, sizeof(want), "masqued -C %s export abc", tmp);
	assert_string_equal(s, want);
	free(s);
}

static void
test_a_folder_not_utf8_is_left_out(void **state)
{
	char *s;

	(void)state;
	s = rewrite("/srv/donn\xe9""es", "  masqued admin abc end");
	assert_string_equal(s, "  masqued admin abc end");
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_commands_name_the_folder),
		cmocka_unit_test(test_after_a_full_width_bracket),
		cmocka_unit_test(test_quoted_for_the_shell),
		cmocka_unit_test(test_a_relative_folder_made_absolute),
		cmocka_unit_test(test_a_folder_not_utf8_is_left_out),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
