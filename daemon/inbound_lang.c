/* inbound_lang.c - SET LANG, the daemon's own line in a reply (and in the
 * host's submit); see inbound.h. */
#include <stdio.h>
#include <string.h>

#include "daemon/inbound.h"
#include "engine/words.h"

/*
 * The language a SET LANG line names, folded as the games fold their
 * lines (full-width letters and colon, as a Japanese or Chinese input
 * method writes them: "SET LANG：ja"), or NULL if the line is no SET LANG.
 * The colon after LANG is taken as after a game's keyword.
 */
static const char *
lang_word(const char *line, char *buf, size_t n)
{
	mq_words_fold(line, buf, n);
	if (strncmp(buf, "set lang", 8) != 0)
		return NULL;
	line = buf + 8 + strspn(buf + 8, " ");
	if (*line == ':')	/* "SET LANG: ja", as the games read keywords */
		line += 1 + strspn(line + 1, " ");
	return line;
}

int
mq_inbound_set_lang_line(const char *line, char lang[8])
{
	char buf[64];
	const char *l = lang_word(line, buf, sizeof(buf));

	if (l == NULL || (buf[8] != ' ' && buf[8] != ':') || l[0] == '\0' ||
	    l[1] == '\0')
		return 0;
	if (strncmp(l, "en", 2) && strncmp(l, "ja", 2) && strncmp(l, "zh", 2))
		return 0;
	snprintf(lang, 8, "%.2s", l);
	return 1;
}

int
mq_inbound_is_set_lang(const char *line)
{
	char buf[16];

	return lang_word(line, buf, sizeof(buf)) != NULL;
}

void
mq_inbound_badlang_refusal(const char *line, char *out, size_t n)
{
	struct mq_err e;
	char buf[256];
	const char *l = lang_word(line, buf, sizeof(buf));

	mq_fail(&e, MQ_REFUSED, "SET LANG takes en, ja or zh, not \"%s\".",
	    l != NULL ? l : line);
	snprintf(out, n, "%s", e.msg);
}

int
mq_inbound_set_lang(struct mq_game *g, int seat, const char *lang,
    long long now, struct mq_err *err)
{
	json_t *body;
	int rc;

	if (strcmp(lang, "en") && strcmp(lang, "ja") && strcmp(lang, "zh"))
		return 0;
	if (strcmp(g->players[seat].lang, lang) == 0)
		return 0;
	body = json_pack("{s:s, s:I, s:s, s:s, s:s, s:s, s:s}", "game", g->id, "ts",
	    (json_int_t)now, "type", "admin", "action", "lang", "player",
	    g->players[seat].name, "lang", lang, "why", "the player asked (SET LANG)");
	rc = mq_game_append(g, body, err);
	json_decref(body);
	return rc;
}
