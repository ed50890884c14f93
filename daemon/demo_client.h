/*
 * demo_client.h - the demo's players as mail clients: each reads its mail
 * and writes a real RFC 5322 reply the way a real client would: Gmail
 * top-posting in English, a Japanese phone client in Shift_JIS, a Chinese
 * client (163 style, GB18030), an HTML-only client, and a bottom-poster
 * with a signature. What they say is the engine bots' choice, in their
 * language's words for cards, rooms and directions.
 */
#ifndef MQ_DEMO_CLIENT_H
#define MQ_DEMO_CLIENT_H

#include <jansson.h>

#include "buf.h"

enum mq_client_style {
	MQ_CLIENT_GMAIL_EN, MQ_CLIENT_SJIS_JA, MQ_CLIENT_163_ZH,
	MQ_CLIENT_HTML_ONLY, MQ_CLIENT_BOTTOM_EN,
};

struct mq_reply_in {
	const char *from;		/* the player's address */
	const char *to;			/* the Reply-To of the mail answered */
	const char *subject;		/* of the mail answered */
	const char *in_reply_to;	/* its Message-ID */
	const char *quoted_text;	/* its plain text, to quote */
	const char *commands;		/* canonical English command lines */
	long long date;
	int seq;			/* a counter for the Message-ID */
};

/* The commands as the client writes them (English, Japanese or Chinese words). */
void mq_demo_words(enum mq_client_style style, const json_t *gamedata,
    const char *commands, struct mq_buf *out);

/* Write the reply into out (CRLF). gamedata gives the ja/zh words. */
int mq_demo_reply(enum mq_client_style style, const json_t *gamedata,
    const struct mq_reply_in *in, struct mq_buf *out);

#endif
