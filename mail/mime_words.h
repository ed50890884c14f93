/*
 * mime_words.h - a header value's RFC 2047 encoded words decoded to UTF-8
 * (mime_in.c reads the Subject and the From display name through it).
 */
#ifndef MQ_MIME_WORDS_H
#define MQ_MIME_WORDS_H

#include <stddef.h>

/* The runs of encoded words of one charset read in a header at most. */
#define MQ_MIME_EW_RUNS	64

/* Unfolded, RFC 2047-decoded, trimmed UTF-8 of a raw header value; NULL
 * when it is empty, or (*oom set) when an allocation failed; the words
 * after MQ_MIME_EW_RUNS runs of one charset are not read. */
char *mq_mime_decode_header(const char *v, size_t n, int *oom);

#endif
