/*
 * refusal_example.h - a refusal sentence as a reader in en, ja or zh gets
 * it (translated by the shipped catalogs, templates/LANG/refusals.json,
 * with the repo root as cwd, as the fixtures have it), and the example
 * command it gives: what follows "e.g. ", "例：" or "例如 ", up to the
 * sentence's close. For the engine tests that submit an example as
 * written, which is what a player copying it does.
 *
 * Static inline, like the fixtures; after one of them (cmocka, buf, err).
 */
#ifndef REFUSAL_EXAMPLE_H
#define REFUSAL_EXAMPLE_H

#include <stdlib.h>
#include <string.h>

#include "mail/refusal_i18n.h"

/* sentence in lang, newly allocated; a sentence the catalog does not
 * translate fails the test (the example would be the English one). */
static inline char *
refusal_in(const char *lang, const char *sentence)
{
	struct mq_refusals *r = mq_refusals_new("templates");
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err e;

	assert_non_null(r);
	mq_err_clear(&e);
	if (mq_refusals_translate(r, lang, sentence, &b, &e) != 0)
		fail_msg("%s: \"%s\": %s", lang, sentence, e.msg);
	mq_refusals_free(r);
	if (strcmp(lang, "en") != 0 && strcmp(mq_buf_str(&b), sentence) == 0)
		fail_msg("%s: \"%s\" is not translated", lang, sentence);
	return mq_buf_steal(&b);
}

/* The example command of sentence in lang, newly allocated. */
static inline char *
refusal_example(const char *lang, const char *sentence)
{
	static const char *const marks[][3] = {
		{ "en", "e.g. ", "." }, { "ja", "例：", "）" }, { "zh", "例如 ", "。" },
	};
	char *t = refusal_in(lang, sentence), *ex = NULL;
	const char *s, *end;
	size_t i;

	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (strcmp(marks[i][0], lang) == 0 &&
		    (s = strstr(t, marks[i][1])) != NULL &&
		    (end = strstr(s += strlen(marks[i][1]), marks[i][2])) != NULL)
			ex = strndup(s, (size_t)(end - s));
	if (ex == NULL)
		fail_msg("%s: \"%s\" gives no example", lang, t);
	free(t);
	return ex;
}

#endif
