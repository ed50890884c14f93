/*
 * reply_text.h - what a player wrote in a reply, without what it quotes.
 *
 * The command parser only ever sees the text this returns, so that a
 * command quoted from an earlier mail (ours or anyone's) never counts.
 * Dropped: ">"-, "＞"- and "|"-quoted lines; attribution lines ("On ...
 * wrote:", "...のメッセージ:", "... 写道：", wrapped onto up to 3 lines); and
 * everything from the first of these to the end: our own MQ_REPLY_MARKER
 * line when not quoted with ">" (Outlook's unmarked copy; a ">"-quoted
 * copy is dropped line by line, so an answer below it still counts), a "-- " signature line, a mobile signature ("Sent
 * from my iPhone", "iPhoneから送信", "发自我的iPhone", "Get Outlook for
 * iOS"), an "-----Original Message-----" or forwarded-message separator, a
 * header block (From:/Sent:/To:/Subject:, 差出人/件名, 发件人/主题, ...), a
 * rule of 20 or more underscores, and an attribution followed by unquoted
 * text (a client that quotes without ">").
 *
 * Then trailing white space (including U+00A0 and U+3000) is trimmed from
 * every line, runs of blank lines become one, and blank lines at either
 * end go. Lines end in LF, CRLF or a lone CR; the result uses LF.
 *
 * Input bytes: NUL bytes are skipped (removed), and so are the other
 * control characters (C0 but the tab and the line ends, DEL, C1: U+0080 to
 * U+009F); a byte that does not begin
 * a well-formed UTF-8 sequence (overlong, surrogate, truncated, > U+10FFFF)
 * becomes U+FFFD; a leading byte-order mark is removed. So the result is
 * always valid UTF-8 without NUL or a control character but the tab. Time and memory are linear in len, and
 * no byte at or past text[len] is read.
 */
#ifndef MQ_REPLY_TEXT_H
#define MQ_REPLY_TEXT_H

#include <stddef.h>

#include "err.h"

/* The first line of the plain text of every mail masqued sends starts so. */
#define MQ_REPLY_MARKER "=== masqued"

/* Extract what the sender wrote. *out is malloc'd UTF-8, possibly "". */
int mq_reply_extract(const char *text, size_t len, char **out, struct mq_err *err);

/*
 * The language text (UTF-8) looks written in, by its script, quoted lines
 * (">") left out: "ja" for any kana, "zh" for Chinese characters without
 * kana, "en" for Latin letters alone; NULL when it has none of these. A
 * guess for a mail that names no game (its answer's language), never for
 * a game's own mail.
 */
const char *mq_reply_lang_hint(const char *text);

#endif
