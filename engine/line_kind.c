/* line_kind.c - what a refused line was, for every game; see line_kind.h. */
#include <stdio.h>
#include <string.h>

#include "engine/line_kind.h"
#include "engine/words.h"

int
mq_line_near_command(const struct mq_line_words *lw, const char *word)
{
	const char *text;
	int i, kw, dist, best = -1, best_dist = 99;

	if (lw->miss != NULL && (kw = lw->miss(lw->state, word)) >= 0)
		return kw;
	for (i = 0; i < lw->nwords; i++) {
		text = lw->word(lw->state, i, &kw);
		if (kw >= 0 && mq_words_near(word, text) &&
		    (dist = mq_words_distance(word, text)) < best_dist) {
			best = kw;
			best_dist = dist;
		}
	}
	return best;
}

/* Whether w is a word of the game's exactly, as the rest of a glued
 * command must be: its fix is offered as it stands ("PLACE blue"), and
 * "Playboy" (bob, one off) or "Plan9" would offer one refused. */
static int
named_exactly(const struct mq_line_words *lw, const char *w)
{
	int i, kw;

	for (i = 0; i < lw->nwords; i++)
		if (strcmp(lw->word(lw->state, i, &kw), w) == 0)
			return 1;
	return 0;
}

int
mq_line_glued_command(const struct mq_line_words *lw, const char *word,
    size_t *len)
{
	const char *text;
	size_t n;
	int i, kw;

	for (i = 0; i < lw->nwords; i++) {
		text = lw->word(lw->state, i, &kw);
		if (kw >= 0 && (n = strlen(text)) >= 3 &&
		    strncmp(word, text, n) == 0 && word[n] != '\0' &&
		    named_exactly(lw, word + n)) {
			*len = n;
			return kw;
		}
	}
	return -1;
}

int
mq_line_game_word(const struct mq_line_words *lw, const char *w)
{
	const char *text;
	int k, kw;

	if (w[0] >= '0' && w[0] <= '9')
		return 1;
	for (k = 0; k < lw->nwords; k++) {
		text = lw->word(lw->state, k, &kw);
		if (strcmp(text, w) == 0 || mq_words_near(w, text))
			return 1;
	}
	for (k = 0; k < lw->nplayers; k++) {
		text = lw->player(lw->state, k);
		if (strcmp(text, w) == 0 || mq_words_near(w, text))
			return 1;
	}
	return 0;
}

enum mq_line_kind
mq_line_kind_of(const struct mq_line_words *lw, const char *line, int kw,
    char **tok, int ntok)
{
	size_t n;

	if (kw >= 0) {
		/* "PLAY nice" was meant; "Play nice!" is a sentence; "Play
		 * nice" may be either: refused, and the next lines go on */
		if (mq_words_capitals(line) ||
		    lw->args_fit(lw->state, kw, tok, ntok))
			return MQ_LINE_COMMAND;
		return mq_words_sentence(line) ? MQ_LINE_PROSE : MQ_LINE_DOUBT;
	}
	if (mq_line_glued_command(lw, tok[0], &n) >= 0)
		return MQ_LINE_COMMAND;
	/* a typo of one ("MOEV cw", "mvoe cw") is a command the player
	 * meant; "Love, Alice" and "More in 5 minutes" are prose */
	if ((kw = mq_line_near_command(lw, tok[0])) >= 0 &&
	    (mq_words_capitals(line) || (!mq_words_sentence(line) &&
	    lw->args_fit(lw->state, kw, tok, ntok))))
		return MQ_LINE_COMMAND;
	return MQ_LINE_PROSE;
}

int
mq_line_meant(const struct mq_line_words *lw, const char *word,
    const char *const *key_names, char *meant, size_t n)
{
	size_t glued;
	int kw;

	if ((kw = mq_line_near_command(lw, word)) >= 0)
		snprintf(meant, n, "%s", key_names[kw]);
	else if ((kw = mq_line_glued_command(lw, word, &glued)) >= 0)
		snprintf(meant, n, "%s %s", key_names[kw],
		    word + glued);	/* "MOVE ccw": a space lost */
	return kw;
}

int
mq_line_inner_command(const struct mq_line_words *lw, const char *line,
    char *meant, size_t n)
{
	char buf[1024], *tok[MQ_LINE_MAXTOK];
	const char *w;
	size_t len;
	int ntok, k, i, end, kw, starts;

	if (n > 0)
		meant[0] = '\0';
	if (mq_words_line(line, buf, sizeof(buf), tok,
	    lw->maxtok < MQ_LINE_MAXTOK ? lw->maxtok : MQ_LINE_MAXTOK,
	    lw->is_kw, lw->is_name, lw->ctx, &ntok, NULL) != 0)
		return 0;
	for (k = 1; k < ntok && n > 0; k++) {
		for (kw = -1, i = 0; i < lw->nwords && kw < 0; i++)
			if ((w = lw->word(lw->state, i, &starts)) != NULL &&
			    starts >= 0 && strcmp(w, tok[k]) == 0)
				kw = starts;
		if (kw < 0)
			continue;
		for (end = ntok; end > k + 1; end--)
			if (lw->args_fit(lw->state, kw, tok + k, end - k))
				break;
		if (end == k + 1)
			continue;
		for (len = 0, i = k; i < end && len + 1 < n; i++) {
			len += (size_t)snprintf(meant + len, n - len, "%s%s",
			    i > k ? " " : "", tok[i]);
			if (len >= n)
				len = n - 1;
		}
		for (i = 0; meant[i] != '\0' && meant[i] != ' '; i++)
			if (meant[i] >= 'a' && meant[i] <= 'z')
				meant[i] = (char)(meant[i] - 'a' + 'A');
		return 1;
	}
	return 0;
}
