/* words.c - fold and split a line of a game's command language (words.h). */
#include <string.h>

#include "engine/words.h"

/* Fold full-width ASCII (U+FF01..U+FF5E) to ASCII, U+3000, 、, 。 and commas
 * to spaces, and ASCII letters to lower case; a line's last '.', '!' or '?'
 * goes (a player ends a sentence: "DANCER bard.", "ダンサー 吟遊詩人。"; no
 * name or time ends with one). Never lengthens the text. */
void
mq_words_fold(const char *in, char *out, size_t n)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t o = 0;

	while (*s && o + 4 < n) {
		if (s[0] == 0xEF && (s[1] == 0xBC || s[1] == 0xBD) && s[2] >= 0x80 &&
		    s[2] <= 0xBF) {
			unsigned cp = 0xF000u | (unsigned)(s[1] & 0x3F) << 6 | (s[2] & 0x3F);

			if (cp >= 0xFF01 && cp <= 0xFF5E) {
				char c = (char)(cp - 0xFF01 + 0x21);

				if (c == ',')
					c = ' ';
				out[o++] = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
				s += 3;
				continue;
			}
		}
		if (s[0] == 0xE3 && s[1] == 0x80 && s[2] >= 0x80 && s[2] <= 0x82) {
			out[o++] = ' ';		/* ideographic space, 、, 。 */
			s += 3;
			continue;
		}
		if (*s == ',' || *s == '\t' || *s == '\r' || *s == '\n')
			out[o++] = ' ';
		else
			out[o++] = (*s >= 'A' && *s <= 'Z') ? (char)(*s + 32) : (char)*s;
		s++;
	}
	while (o > 0 && out[o - 1] == ' ')
		o--;
	while (o > 0 && (out[o - 1] == '.' || out[o - 1] == '!' ||
	    out[o - 1] == '?'))
		o--;
	out[o] = '\0';
}

/*
 * A word longer than any name a game has (MQ_WORD_LONG bytes) can only be
 * refused, and a refusal quotes it: cut it, at a character's start, to
 * MQ_WORD_SHOWN bytes and "…", so the sentence stays whole and readable.
 */
#define MQ_WORD_LONG	64
#define MQ_WORD_SHOWN	40

static void
shorten(char *w, size_t len)
{
	size_t k = MQ_WORD_SHOWN;

	if (len <= MQ_WORD_LONG)
		return;
	while (k > 0 && ((unsigned char)w[k] & 0xc0) == 0x80)
		k--;
	memcpy(w + k, "\xe2\x80\xa6", 4);	/* "…" and its NUL */
}

int
mq_words_split(char *buf, char **tok, int max)
{
	int n = 0;
	char *p = buf;

	for (;;) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			return n;
		if (n == max)
			return -1;
		tok[n++] = p;
		while (*p && *p != ' ')
			p++;
		if (*p)
			*p++ = '\0';
		shorten(tok[n - 1], strlen(tok[n - 1]));
	}
}

int
mq_words_split_kw(char *buf, char **tok, int max,
    int (*is_kw)(const void *ctx, const char *word), const void *ctx)
{
	int n = mq_words_split(buf, tok, max), i, kw = 0;
	char *colon;

	for (i = 0; i < n; i++) {
		if (strcmp(tok[i], ":") == 0 && kw) {
			/* "DANCER : bard": the colon alone, after a keyword */
			memmove(&tok[i], &tok[i + 1], (size_t)(n - i - 1) * sizeof(*tok));
			n--;
			i--;
			kw = 0;
			continue;
		}
		kw = 0;
		if ((colon = strchr(tok[i], ':')) == NULL || colon == tok[i]) {
			kw = is_kw(ctx, tok[i]);
			continue;
		}
		*colon = '\0';
		if (!is_kw(ctx, tok[i])) {
			*colon = ':';	/* not a keyword's: 12:30 */
			continue;
		}
		if (colon[1] == '\0')
			continue;	/* "DANCER: bard" */
		/* "dancer:bard": the rest is the next word */
		if (n == max)
			return -1;
		memmove(&tok[i + 2], &tok[i + 1], (size_t)(n - i - 1) * sizeof(*tok));
		tok[i + 1] = colon + 1;
		n++;
	}
	return n;
}
