/*
 * notify_refusal.c - a refusal's sentence in the reader's language, its
 * game words named from the game's data; see notify_refusal.h.
 */
#include <stdio.h>
#include <string.h>

#include "daemon/notify_refusal.h"
#include "mail/refusal_i18n.h"

/* The game data's names in one language, for a refusal's game words. */
struct data_names {
	const json_t *data;	/* the game's data file */
	char key[16];		/* a Masquerade card's field: "name_ja" */
	const char *lang;
};

/* c in ASCII lower case, '-' and '_' as ' ' (same_word). */
static char
fold(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') :
	    c == '-' || c == '_' ? ' ' : c;
}

/* Whether text is word (len bytes), ASCII case aside, and '-', '_' and ' '
 * one: The Masquerade's lists give "blade-dancer" for "Blade Dancer". */
static int
same_word(const char *text, const char *word, size_t len)
{
	size_t i;

	if (text == NULL || strlen(text) != len)
		return 0;
	for (i = 0; i < len; i++)
		if (fold(text[i]) != fold(word[i]))
			return 0;
	return 1;
}

/*
 * The name in the reader's language of the thing whose id or English name
 * is word: any object with an "id" in a list of the data (The Red Death's
 * rooms and cards: "names": {"en", "ja", "zh"}; The Masquerade's cards:
 * "name_en", "name_ja", "name_zh"). NULL when none is, or it has no name
 * in that language.
 */
static const char *
data_name(void *ctx, const char *word, size_t len)
{
	const struct data_names *dn = ctx;
	const char *key, *en;
	const json_t *list, *o, *names;
	size_t i;

	json_object_foreach((json_t *)dn->data, key, list)
		json_array_foreach(list, i, o) {
			names = json_object_get(o, "names");
			en = json_string_value(names != NULL ?
			    json_object_get(names, "en") : json_object_get(o,
			    "name_en"));
			if (same_word(json_string_value(json_object_get(o,
			    "id")), word, len) || same_word(en, word, len))
				return json_string_value(names != NULL ?
				    json_object_get(names, dn->lang) :
				    json_object_get(o, dn->key));
		}
	return NULL;
}

json_t *
mq_notify_refusal_json(struct mq_daemon *d, const struct mq_game *g, const char *lang,
    const char *sentence)
{
	struct mq_buf b = MQ_BUF_INIT;
	struct data_names dn;
	struct mq_refusal_names names = { data_name, &dn };
	struct mq_err e;
	json_t *s;
	int rc;

	if (sentence == NULL)
		sentence = "";
	dn.data = g != NULL ? g->gd.json : NULL;
	dn.lang = lang != NULL ? lang : "";
	snprintf(dn.key, sizeof(dn.key), "name_%.8s", dn.lang);
	rc = mq_refusals_translate_names(d->refusals, lang, sentence,
	    json_is_object(dn.data) ? &names : NULL, &b, &e);
	if (rc == MQ_IO) {
		mq_buf_free(&b);
		return NULL;
	}
	if (rc != 0)
		mq_daemon_log("refusals in %s: %s", lang, e.msg);
	s = json_string(rc == 0 ? mq_buf_str(&b) : sentence);
	mq_buf_free(&b);
	return s;
}
