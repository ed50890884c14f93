/*
 * words.h - what every game's command parser does first: fold a line to
 * the form its alias tables hold (ASCII lower case; full-width ASCII as
 * ASCII; commas, tabs, the ideographic space, 、 and 。 as spaces; no
 * '.', '!' or '?' last), then split
 * it into words. Pure, like the engines that use it.
 */
#ifndef MQ_WORDS_H
#define MQ_WORDS_H

#include <stddef.h>

#include "err.h"

/* in folded into out (n bytes, always terminated; a long line is cut). */
void mq_words_fold(const char *in, char *out, size_t n);
/* Split buf in place at spaces into at most max words; -1 when more. A
 * word longer than any name (64 bytes) is cut to 40 and "…": it can only
 * be refused, and the refusal quotes it. */
int mq_words_split(char *buf, char **tok, int max);
/*
 * The same, where a colon after a keyword (is_kw(ctx, word) says which
 * words are) ends that word, as people write in mail: "DANCER: bard",
 * "dancer:bard", "ダンサー：吟遊詩人" and "DANCER : bard" read as "dancer
 * bard". A colon anywhere else stays what it was (SLOT 12:30).
 */
int mq_words_split_kw(char *buf, char **tok, int max,
    int (*is_kw)(const void *ctx, const char *word), const void *ctx);
/*
 * A player's line, as every game's parser takes it: refused when it is
 * half of buf's n bytes or longer (folding can grow it), else folded into
 * buf and split as mq_words_split_kw does into at most max words, *ntok of
 * them; refused also when it has more, or none. 0, or MQ_REFUSED with the
 * sentence: one place for these, as the translations
 * (templates/LANG/refusals.json) are keyed by them.
 */
int mq_words_line(const char *line, char *buf, size_t n, char **tok, int max,
    int (*is_kw)(const void *ctx, const char *word), const void *ctx,
    int *ntok, struct mq_err *err);

#endif
