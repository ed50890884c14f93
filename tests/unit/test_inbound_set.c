/*
 * test_inbound_set.c - SET LANG and SET NOTICES lines (inbound_set.c):
 * what they take, and that nothing of a line is left unread when it is
 * taken.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "daemon/inbound.h"

static void
short_lines_are_taken(void **state)
{
	struct mq_settings s;
	char lang[8];

	(void)state;
	assert_true(mq_inbound_set_lang_line("SET LANG ja", lang));
	assert_string_equal(lang, "ja");
	assert_true(mq_inbound_set_lang_line("set lang: japanese.", lang));
	assert_string_equal(lang, "ja");
	mq_settings_none(&s);
	assert_true(mq_inbound_setting_line("SET NOTICES off", &s));
	assert_int_equal(s.notices, 0);
	assert_false(mq_inbound_set_lang_line("SET LANG ja please", lang));
}

/*
 * A line folded into a fixed buffer was read to its cut: "SET LANG ja",
 * sixty spaces and words that say otherwise set the language, the words
 * never read. Such a line is no setting taken; it is refused as one.
 */
static void
words_past_the_fold_are_not_dropped(void **state)
{
	struct mq_settings s;
	char lang[8], line[256], why[256];
	const char *tail = "please not japanese, I meant English";

	(void)state;
	snprintf(line, sizeof(line), "SET LANG ja%60s%s", "", tail);
	assert_false(mq_inbound_set_lang_line(line, lang));
	mq_settings_none(&s);
	assert_false(mq_inbound_setting_line(line, &s));
	assert_string_equal(s.lang, "");
	assert_true(mq_inbound_is_setting(line));
	mq_inbound_setting_refusal(line, why, sizeof(why));
	assert_non_null(strstr(why, "SET LANG takes en, ja or zh"));

	snprintf(line, sizeof(line), "SET NOTICES off%60s%s", "",
	    "until Friday, then on again");
	mq_settings_none(&s);
	assert_false(mq_inbound_setting_line(line, &s));
	assert_int_equal(s.notices, -1);
	assert_true(mq_inbound_is_setting(line));
}

/*
 * A refusal quotes the player's words as written: "SET LANG Klingon
 * please" was refused quoting "klingon please", the line folded to lower
 * case for reading. Full-width letters are still read as ASCII.
 */
static void
refusals_quote_the_words_as_written(void **state)
{
	char why[256];

	(void)state;
	mq_inbound_setting_refusal("SET LANG Klingon please", why, sizeof(why));
	assert_string_equal(why,
	    "SET LANG takes en, ja or zh, not \"Klingon please\".");
	mq_inbound_setting_refusal("set lang: Français", why, sizeof(why));
	assert_string_equal(why,
	    "SET LANG takes en, ja or zh, not \"Français\".");
	mq_inbound_setting_refusal("\xef\xbc\xb3\xef\xbc\xa5\xef\xbc\xb4 LANG "
	    "\xef\xbc\xab\xef\xbd\x8c", why, sizeof(why));	/* ＳＥＴ LANG Ｋｌ */
	assert_string_equal(why, "SET LANG takes en, ja or zh, not \"Kl\".");
	mq_inbound_setting_refusal("SET NOTICES Fewer Please", why, sizeof(why));
	assert_string_equal(why,
	    "SET NOTICES takes ON or OFF, not \"Fewer Please\".");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(short_lines_are_taken),
		cmocka_unit_test(words_past_the_fold_are_not_dropped),
		cmocka_unit_test(refusals_quote_the_words_as_written),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
