/*
 * mime_guess.h - the charset of inbound text whose label is missing or
 * says less than its bytes (mime_charset.c asks, before it decodes).
 */
#ifndef MQ_MIME_GUESS_H
#define MQ_MIME_GUESS_H

#include <stddef.h>

/* 1 when the 7-bit text in[0..len) switches into ISO-2022-JP's kanji. */
int mq_mime_is_iso2022jp(const char *in, size_t len);

/* The iconv name of the CJK charset that reads in[0..len) (8-bit text
 * that is not UTF-8) as Chinese or Japanese text, or NULL when none reads
 * it so: the caller keeps its Western default. */
const char *mq_mime_guess_cjk(const char *in, size_t len);

#endif
