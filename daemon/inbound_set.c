/* inbound_set.c - SET LANG and SET NOTICES, the daemon's own lines in a
 * reply (and in the host's submit); see inbound.h. */
#include <stdio.h>
#include <string.h>

#include "daemon/inbound.h"
#include "engine/words.h"

/*
 * The word after "SET <key>", folded as the games fold their lines
 * (full-width letters and colon, as a Japanese or Chinese input method
 * writes them: "SET LANG：ja"), or NULL if the line is no SET <key>. The
 * colon after the key is taken as after a game's keyword. *sep is the
 * byte after the key ("" at the end), which must be a space or colon.
 * The spaces the fold makes before SET go, as the games skip them: an
 * ideographic space (an input method's indent) or a no-break space (a
 * copy from the HTML part); the caller skipped the plain ones.
 */
static const char *
set_word(const char *line, const char *key, char *buf, size_t n, char *sep)
{
	size_t k = strlen(key);
	const char *b;

	mq_words_fold(line, buf, n);
	b = buf + strspn(buf, " ");
	if (strncmp(b, key, k) != 0)
		return NULL;
	*sep = b[k];
	line = b + k + strspn(b + k, " ");
	if (*line == ':')	/* "SET LANG: ja", as the games read keywords */
		line += 1 + strspn(line + 1, " ");
	return line;
}

/* "set notice" takes SET NOTICE too, as people write it */
static const char *
notices_word(const char *line, char *buf, size_t n, char *sep)
{
	const char *w = set_word(line, "set notice", buf, n, sep);

	if (w != NULL && *sep == 's')
		w = set_word(line, "set notices", buf, n, sep);
	return w;
}

/* The length of a SET word without a full stop or "!" after it (and the
 * spaces before that), as a sentence in a mail may end. */
static size_t
word_len(const char *w)
{
	size_t n = strlen(w);

	for (;;) {
		if (n > 0 && (w[n - 1] == '.' || w[n - 1] == '!' || w[n - 1] == ' '))
			n--;
		else if (n >= 3 && memcmp(w + n - 3, "\xe3\x80\x82", 3) == 0)
			n -= 3;		/* 。 */
		else
			return n;
	}
}

/* Whether the first n bytes of w are the word s. */
static int
word_is(const char *w, size_t n, const char *s)
{
	return strlen(s) == n && memcmp(w, s, n) == 0;
}

/* The language a SET LANG word names, by its code or its name in English,
 * Japanese or Chinese; NULL for any other word ("jabberwocky" is not ja). */
static const char *
lang_named(const char *w)
{
	static const char *const names[][2] = {
		{ "en", "en" }, { "english", "en" }, { "英語", "en" },
		{ "英语", "en" }, { "ja", "ja" }, { "japanese", "ja" },
		{ "日本語", "ja" }, { "日语", "ja" }, { "zh", "zh" },
		{ "chinese", "zh" }, { "中文", "zh" }, { "中国語", "zh" },
		{ "汉语", "zh" }, { "漢語", "zh" },
	};
	size_t n = word_len(w), i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (word_is(w, n, names[i][0]))
			return names[i][1];
	return NULL;
}

/*
 * Whether line folds whole into a buffer of n bytes: folding never
 * lengthens it, but cuts what does not fit, and a setting taken from the
 * cut would leave the words after it unread ("SET LANG ja", spaces, "I
 * meant English"). A longer line is no setting taken (it is refused).
 */
static int
folds_whole(const char *line, size_t n)
{
	return strlen(line) + 4 < n;
}

int
mq_inbound_set_lang_line(const char *line, char lang[8])
{
	char buf[64], sep;
	const char *l = set_word(line, "set lang", buf, sizeof(buf), &sep);
	const char *code = l != NULL ? lang_named(l) : NULL;

	if (code == NULL || (sep != ' ' && sep != ':') ||
	    !folds_whole(line, sizeof(buf)))
		return 0;
	snprintf(lang, 8, "%s", code);
	return 1;
}

void
mq_settings_none(struct mq_settings *s)
{
	s->lang[0] = '\0';
	s->notices = -1;
	s->lang_line = s->notices_line = 0;
}

int
mq_settings_any(const struct mq_settings *s)
{
	return s->lang[0] != '\0' || s->notices >= 0;
}

int
mq_inbound_setting_line(const char *line, struct mq_settings *s)
{
	char buf[64], sep;
	const char *w;

	if (mq_inbound_set_lang_line(line, s->lang))
		return 1;
	w = notices_word(line, buf, sizeof(buf), &sep);
	if (w == NULL || (sep != ' ' && sep != ':') ||
	    !folds_whole(line, sizeof(buf)))
		return 0;
	if (word_is(w, word_len(w), "on"))
		s->notices = 1;
	else if (word_is(w, word_len(w), "off"))
		s->notices = 0;
	else
		return 0;
	return 1;
}

int
mq_inbound_is_setting(const char *line)
{
	char buf[32], sep;

	return set_word(line, "set lang", buf, sizeof(buf), &sep) != NULL ||
	    notices_word(line, buf, sizeof(buf), &sep) != NULL;
}

int
mq_inbound_names_set(const char *line)
{
	char buf[32], sep;

	return set_word(line, "set", buf, sizeof(buf), &sep) != NULL &&
	    (sep == ' ' || sep == ':' || sep == '\0');
}

/* The words at w in buf (a fold of line) as the player wrote them: the
 * same place of line folded with its case kept, into as_written (n bytes,
 * buf's size). "SET LANG Klingon please" was refused quoting "klingon
 * please". */
static const char *
written(const char *line, const char *buf, const char *w, char *as_written,
    size_t n)
{
	mq_words_fold_case(line, as_written, n);
	return as_written + (w - buf);
}

void
mq_inbound_setting_refusal(const char *line, char *out, size_t n)
{
	struct mq_err e;
	char buf[256], as[sizeof(buf)], sep;
	const char *w;

	if ((w = set_word(line, "set lang", buf, sizeof(buf), &sep)) != NULL)
		mq_fail(&e, MQ_REFUSED, "SET LANG takes en, ja or zh, not \"%s\".",
		    written(line, buf, w, as, sizeof(as)));
	else if ((w = notices_word(line, buf, sizeof(buf), &sep)) != NULL)
		mq_fail(&e, MQ_REFUSED, "SET NOTICES takes ON or OFF, not \"%s\".",
		    written(line, buf, w, as, sizeof(as)));
	else
		mq_fail(&e, MQ_REFUSED, "That command is not understood.");
	snprintf(out, n, "%s", e.msg);
}

/* The entry body, with "by" when the host entered it (submit); NULL when
 * out of memory. */
static json_t *
by_whom(json_t *body, const char *by)
{
	if (body != NULL && by != NULL && json_object_set_new(body, "by",
	    json_string(by)) != 0) {
		json_decref(body);
		return NULL;
	}
	return body;
}

int
mq_inbound_set_lang(struct mq_game *g, int seat, const char *lang,
    long long now, const char *by, struct mq_err *err)
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
	body = by_whom(body, by);
	/* out of memory is no refusal: the mail is tried again */
	rc = body == NULL ? mq_fail(err, MQ_IO, "Out of memory.") :
	    mq_game_append(g, body, err);
	json_decref(body);
	return rc;
}

/*
 * An admin "notices" entry, as SET LANG's "lang": the notices go back on
 * or off for that seat from the next mail. Nothing when it is so already,
 * nor once the game is over (no notice comes then; replay takes nothing
 * but a SET LANG after the host's end), nor in a game with no secret move
 * (no notice ever comes: the answer says so).
 */
static int
set_notices(struct mq_game *g, int seat, int on, long long now,
    const char *by, struct mq_err *err)
{
	json_t *body;
	int rc;

	if (g->players[seat].quiet == !on || mq_game_over(g) ||
	    !g->kind->has_secrets)
		return 0;
	body = json_pack("{s:s, s:I, s:s, s:s, s:s, s:b, s:s}", "game", g->id,
	    "ts", (json_int_t)now, "type", "admin", "action", "notices",
	    "player", g->players[seat].name, "notices", on, "why",
	    "the player asked (SET NOTICES)");
	body = by_whom(body, by);
	rc = body == NULL ? mq_fail(err, MQ_IO, "Out of memory.") :
	    mq_game_append(g, body, err);
	json_decref(body);
	return rc;
}

int
mq_inbound_settings_apply(struct mq_game *g, int seat,
    const struct mq_settings *s, long long now, const char *by,
    struct mq_err *err)
{
	if (s->lang[0])
		MQ_TRY(mq_inbound_set_lang(g, seat, s->lang, now, by, err));
	if (s->notices >= 0)
		MQ_TRY(set_notices(g, seat, s->notices, now, by, err));
	return 0;
}
