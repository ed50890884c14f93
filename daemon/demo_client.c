/* demo_client.c - the demo's mail clients; see demo_client.h. */
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sodium.h>

#include "daemon/demo_client.h"

static const char *const keywords[][3] = {
	{ "PLAY", "プレイ", "打出" }, { "MOVE", "移動", "移动" },
	{ "PLAN", "計画", "计划" }, { "PLACE", "配置", "放置" },
	{ "TARGET", "対象", "目标" }, { "SLOT", "時刻", "时间" },
	{ "RECOVER", "回収", "回收" }, { "cw", "時計回り", "顺时针" },
	{ "ccw", "反時計回り", "逆时针" }, { "stay", "留まる", "停留" },
};

/* One word in lang (1 ja, 2 zh): keywords, cards and rooms. */
static const char *
word(const json_t *gd, const char *w, int lang)
{
	const char *ln = lang == 1 ? "ja" : "zh";
	const char *const lists[] = { "action_cards", "rooms" };
	json_t *x;
	size_t i, k;

	for (i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		if (strcmp(keywords[i][0], w) == 0)
			return keywords[i][lang];
	for (k = 0; k < 2; k++)
		json_array_foreach(json_object_get(gd, lists[k]), i, x)
			if (strcmp(json_string_value(json_object_get(x, "id")), w) == 0)
				return json_string_value(json_object_get(
				    json_object_get(x, "names"), ln));
	return w;	/* names and times stay as they are */
}

static void
translate(const json_t *gd, const char *cmds, int lang, struct mq_buf *out)
{
	char *copy = strdup(cmds), *line, *tok, *s1, *s2;

	for (line = strtok_r(copy, "\n", &s1); line; line = strtok_r(NULL, "\n", &s1)) {
		int first = 1;

		for (tok = strtok_r(line, " ", &s2); tok; tok = strtok_r(NULL, " ", &s2)) {
			mq_buf_puts(out, first ? "" : " ");
			mq_buf_puts(out, lang ? word(gd, tok, lang) : tok);
			first = 0;
		}
		mq_buf_putc(out, '\n');
	}
	free(copy);
}

void
mq_demo_words(enum mq_client_style style, const json_t *gd, const char *commands,
    struct mq_buf *out)
{
	translate(gd, commands, style == MQ_CLIENT_SJIS_JA ? 1 :
	    style == MQ_CLIENT_163_ZH ? 2 : 0, out);
}

static void
quote(const char *text, const char *prefix, struct mq_buf *out)
{
	const char *p = text, *nl;

	while (*p) {
		nl = strchr(p, '\n');
		mq_buf_puts(out, prefix);
		mq_buf_add(out, p, nl ? (size_t)(nl - p) : strlen(p));
		mq_buf_putc(out, '\n');
		if (!nl)
			break;
		p = nl + 1;
	}
}

static char *
convert(const char *utf8, const char *charset, size_t *outlen)
{
	iconv_t cd = iconv_open(charset, "UTF-8");
	size_t inl = strlen(utf8), outl = inl * 4 + 16;
	char *in = (char *)utf8, *buf = malloc(outl), *o = buf;

	if (cd == (iconv_t)-1 || buf == NULL) {
		free(buf);
		return NULL;
	}
	if (iconv(cd, &in, &inl, &o, &outl) == (size_t)-1) {
		iconv_close(cd);
		free(buf);
		return NULL;
	}
	iconv_close(cd);
	*outlen = (size_t)(o - buf);
	return buf;
}

static void
base64_body(const char *bytes, size_t len, struct mq_buf *out)
{
	size_t i, n;
	char line[80];

	for (i = 0; i < len; i += 57) {
		n = len - i < 57 ? len - i : 57;
		sodium_bin2base64(line, sizeof(line), (const unsigned char *)bytes + i,
		    n, sodium_base64_VARIANT_ORIGINAL);
		mq_buf_puts(out, line);
		mq_buf_puts(out, "\r\n");
	}
}

static void
headers(const struct mq_reply_in *in, const char *ctype, const char *cte,
    struct mq_buf *out)
{
	char date[64];
	time_t t = (time_t)in->date;

	strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S +0000", gmtime(&t));
	mq_buf_printf(out, "From: %s\r\nTo: %s\r\nDelivered-To: %s\r\nSubject: Re: %s\r\n"
	    "Date: %s\r\nMessage-ID: <demo.%d.%s>\r\nIn-Reply-To: <%s>\r\n"
	    "References: <%s>\r\nMIME-Version: 1.0\r\nContent-Type: %s\r\n"
	    "Content-Transfer-Encoding: %s\r\n\r\n", in->from, in->to, in->to,
	    in->subject, date, in->seq, in->from, in->in_reply_to, in->in_reply_to,
	    ctype, cte);
}

static void
crlf(const char *text, struct mq_buf *out)
{
	for (; *text; text++) {
		if (*text == '\n')
			mq_buf_putc(out, '\r');
		mq_buf_putc(out, *text);
	}
}

static void
html_escape(const char *s, struct mq_buf *out)
{
	for (; *s; s++) {
		if (*s == '<')
			mq_buf_puts(out, "&lt;");
		else if (*s == '>')
			mq_buf_puts(out, "&gt;");
		else if (*s == '&')
			mq_buf_puts(out, "&amp;");
		else if (*s == '\n')
			mq_buf_puts(out, "<br>\n");
		else
			mq_buf_putc(out, *s);
	}
}

int
mq_demo_reply(enum mq_client_style style, const json_t *gd,
    const struct mq_reply_in *in, struct mq_buf *out)
{
	struct mq_buf body = MQ_BUF_INIT, cmds = MQ_BUF_INIT;
	char *enc;
	size_t len;
	int rc = 0;

	switch (style) {
	case MQ_CLIENT_GMAIL_EN:	/* top-posting above the quoted view */
		translate(gd, in->commands, 0, &cmds);
		mq_buf_printf(&body, "%s\nOn Mon, 21 Sep 2026 at 14:13, masqued <%s> "
		    "wrote:\n", mq_buf_str(&cmds), "game@masqued.invalid");
		quote(in->quoted_text, "> ", &body);
		headers(in, "text/plain; charset=UTF-8", "8bit", out);
		crlf(mq_buf_str(&body), out);
		break;
	case MQ_CLIENT_SJIS_JA:		/* a Japanese phone, Shift_JIS */
		translate(gd, in->commands, 1, &cmds);
		mq_buf_printf(&body, "%s\niPhoneから送信\n\n2026年9月21日(月) 14:13 "
		    "masqued <game@masqued.invalid>:\n", mq_buf_str(&cmds));
		quote(in->quoted_text, "> ", &body);
		if ((enc = convert(mq_buf_str(&body), "CP932//TRANSLIT", &len)) == NULL) {
			rc = -1;
			break;
		}
		headers(in, "text/plain; charset=Shift_JIS", "base64", out);
		base64_body(enc, len, out);
		free(enc);
		break;
	case MQ_CLIENT_163_ZH:		/* 163 style: attribution, no '>' */
		translate(gd, in->commands, 2, &cmds);
		mq_buf_printf(&body, "%s\n在 2026-09-21 14:13:20，\"masqued\" "
		    "<game@masqued.invalid> 写道：\n", mq_buf_str(&cmds));
		quote(in->quoted_text, "", &body);
		if ((enc = convert(mq_buf_str(&body), "GB18030", &len)) == NULL) {
			rc = -1;
			break;
		}
		headers(in, "text/plain; charset=GB2312", "base64", out);
		base64_body(enc, len, out);
		free(enc);
		break;
	case MQ_CLIENT_HTML_ONLY:	/* no text part at all */
		translate(gd, in->commands, 0, &cmds);
		mq_buf_puts(&body, "<html><body><div dir=\"ltr\">");
		html_escape(mq_buf_str(&cmds), &body);
		mq_buf_puts(&body, "</div><br><div class=\"gmail_quote\"><div "
		    "class=\"gmail_attr\">On Mon, 21 Sep 2026, masqued wrote:</div>"
		    "<blockquote class=\"gmail_quote\">");
		html_escape(in->quoted_text, &body);
		mq_buf_puts(&body, "</blockquote></div></body></html>\n");
		headers(in, "text/html; charset=UTF-8", "8bit", out);
		crlf(mq_buf_str(&body), out);
		break;
	case MQ_CLIENT_BOTTOM_EN:	/* quote first, answer below, signature */
		translate(gd, in->commands, 0, &cmds);
		mq_buf_puts(&body, "masqued <game@masqued.invalid> writes:\n");
		quote(in->quoted_text, "> ", &body);
		mq_buf_printf(&body, "\n%s\n-- \nErin, on the terrace\n",
		    mq_buf_str(&cmds));
		headers(in, "text/plain; charset=UTF-8", "8bit", out);
		crlf(mq_buf_str(&body), out);
		break;
	}
	mq_buf_free(&body);
	mq_buf_free(&cmds);
	return rc || out->oom ? -1 : 0;
}
