/*
 * mime_report.h - a delivery report's failed recipient (RFC 3464, and RFC
 * 6533's global reports), so that the host can be told whose address
 * bounced (mime_in.c fills mq_mime_msg.bounce_to through it).
 */
#ifndef MQ_MIME_REPORT_H
#define MQ_MIME_REPORT_H

#include <stddef.h>

#include <gmime/gmime.h>

/*
 * The first Final-Recipient of msg's report, into out (n bytes),
 * lower-cased; "" when there is none, or it is not one plain address. The
 * report part is read decoded (base64, quoted-printable) and its fields
 * unfolded; a message with no report part (a postmaster's plain bounce) is
 * read from its raw bytes, raw[0..len).
 */
void mq_mime_report_recipient(GMimeMessage *msg, const char *raw, size_t len,
    char *out, size_t n);

/*
 * 1 when body holds a delivery-status part (two levels down at most): a
 * bounce, from the mail system, in a multipart/report or, as OpenSMTPD
 * sends it, in a multipart/mixed with no Return-Path.
 */
int mq_mime_report_found(GMimeObject *body);

/*
 * The Final-Recipient field in a report's text[0..len): for tests and the
 * raw fallback. global is 1 for message/global-delivery-status, whose
 * "utf-8" addresses may hold UTF-8 and \x{HEX} escapes.
 */
void mq_mime_report_field(const char *text, size_t len, int global,
    char *out, size_t n);

#endif
