/*
 * mime_charset.h - inbound text to valid UTF-8, whatever its charset label
 * says (mime_in.c reads every text part and encoded word through it).
 */
#ifndef MQ_MIME_CHARSET_H
#define MQ_MIME_CHARSET_H

#include <stddef.h>

#include "buf.h"

/* Decode bytes in the named charset (a MIME label, or NULL when none was
 * given) to UTF-8 text: labels read as the supersets clients really send,
 * invalid sequences as U+FFFD, NUL removed, a leading BOM stripped, line ends
 * as LF. Returns a malloc'd string, or NULL when out of memory. */
char *mq_mime_to_utf8(const char *charset, const char *in, size_t len);

/* 1 when s[0..len) is valid UTF-8 (no overlongs, surrogates or > U+10FFFF). */
int mq_mime_utf8_valid(const char *s, size_t len);

/* Append s[0..len) to b as valid UTF-8, U+FFFD for each invalid sequence. */
void mq_mime_utf8_clean(struct mq_buf *b, const char *s, size_t len);

#endif
