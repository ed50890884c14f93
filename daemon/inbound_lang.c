/* inbound_lang.c - SET LANG, the daemon's own line in a reply (and in the
 * host's submit); see inbound.h. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "daemon/inbound.h"

int
mq_inbound_set_lang_line(const char *line, char lang[8])
{
	char l[3];

	if (strncasecmp(line, "set lang", 8) != 0 || (line[8] != ' ' &&
	    line[8] != '\t' && line[8] != ':'))
		return 0;
	line += 8 + strspn(line + 8, " \t");
	if (*line == ':')	/* "SET LANG: ja", as the games read keywords */
		line += 1 + strspn(line + 1, " \t");
	if (line[0] == '\0' || line[1] == '\0')
		return 0;
	l[0] = (char)tolower((unsigned char)line[0]);
	l[1] = (char)tolower((unsigned char)line[1]);
	l[2] = '\0';
	if (strcmp(l, "en") && strcmp(l, "ja") && strcmp(l, "zh"))
		return 0;
	snprintf(lang, 8, "%s", l);
	return 1;
}

void
mq_inbound_badlang_refusal(const char *line, char *out, size_t n)
{
	struct mq_err e;

	line += 8;
	line += strspn(line, " \t");
	if (*line == ':')
		line += 1 + strspn(line + 1, " \t");
	mq_fail(&e, MQ_REFUSED, "SET LANG takes en, ja or zh, not \"%s\".", line);
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
