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

/* in folded into out (n bytes, always terminated; a long line is cut). */
void mq_words_fold(const char *in, char *out, size_t n);
/* Split buf in place at spaces into at most max words; -1 when more. */
int mq_words_split(char *buf, char **tok, int max);

#endif
