/*
 * kept.h - a file a player kept, read as text for `verify-receipt`: the
 * receipt's lines, a mail's text pasted into a file, or the whole mail as
 * a mail client saves it (an .eml: headers, CRLF, quoted-printable or
 * base64, text and HTML parts), which is read through GMime to its text.
 */
#ifndef MQ_KEPT_H
#define MQ_KEPT_H

#include "buf.h"
#include "err.h"

/* The file's text into *text (reset first; UTF-8 as the file has it, or
 * a whole mail's text part), its lines ending LF, without the quote marks
 * and spaces that open them (a mail quoted in a reply reads as the mail).
 * MQ_IO if unreadable, MQ_BADDATA with a sentence for a mail that cannot be
 * read. */
int mq_kept_read(const char *path, struct mq_buf *text, struct mq_err *err);

/* The same from the file's bytes raw[0..len); name is
 * what the sentence calls it. */
int mq_kept_text(const char *raw, size_t len, const char *name,
    struct mq_buf *text, struct mq_err *err);

#endif
