/*
 * test_mime_in.c - mq_mime_parse on real messages (tests/data/mime/, made
 * by make.py there) and on generated hostile ones.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "mail/mime_charset.h"
#include "mail/mime_in.h"
#include "mail/mime_words.h"
#include "mail/reply_text.h"

static char *
slurp(const char *name, size_t *len)
{
	const char *root = getenv("MQ_ROOT");
	struct mq_buf path = MQ_BUF_INIT, data = MQ_BUF_INIT;
	char chunk[4096];
	size_t n;
	FILE *f;

	mq_buf_printf(&path, "%s/tests/data/mime/%s", root ? root : ".", name);
	f = fopen(mq_buf_str(&path), "rb");
	if (f == NULL)
		fail_msg("cannot open %s", mq_buf_str(&path));
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		mq_buf_add(&data, chunk, n);
	fclose(f);
	mq_buf_free(&path);
	*len = data.len;
	return mq_buf_steal(&data);
}

/* Parse a file that must be accepted. */
static struct mq_mime_msg *
parse_ok(const char *name)
{
	struct mq_mime_msg *m = NULL;
	struct mq_err err = { 0, "" };
	size_t len;
	char *raw = slurp(name, &len);
	int rc = mq_mime_parse(raw, len, &m, &err);

	free(raw);
	if (rc != 0)
		fail_msg("%s: %s", name, err.msg);
	assert_non_null(m);
	assert_non_null(m->text);
	assert_true(mq_mime_utf8_valid(m->text, strlen(m->text)));
	return m;
}

static void
expect_text(const char *name, const char *text, int from_html)
{
	struct mq_mime_msg *m = parse_ok(name);

	assert_string_equal(m->text, text);
	assert_int_equal(m->text_from_html, from_html);
	mq_mime_msg_free(m);
}

static void
expect_refused(const char *raw, size_t len, const char *msg)
{
	struct mq_mime_msg *m = (struct mq_mime_msg *)1;
	struct mq_err err = { 0, "" };

	assert_int_equal(mq_mime_parse(raw, len, &m, &err), MQ_REFUSED);
	assert_null(m);
	assert_string_equal(err.msg, msg);
}

/* ---- charsets ------------------------------------------------------- */

static void
iso2022jp_body_and_subject_decode(void **state)
{
	struct mq_mime_msg *m = parse_ok("iso2022jp.eml");

	assert_string_equal(m->text, "PLAY 脅迫 TARGET carol\n了解しました。\n");
	assert_string_equal(m->subject, "日本語の件名");
	mq_mime_msg_free(m);
}

static void
shift_jis_reads_as_cp932(void **state)
{
	/* ① and ～ (U+FF5E) exist only in CP932, not in JIS Shift_JIS. */
	expect_text("sjis_cp932.eml", "PLAY 脅迫 ① 12:00～12:30\n", 0);
}

static void
euc_jp_base64_decodes(void **state)
{
	expect_text("eucjp.eml", "PLAY 脅迫 TARGET carol\n了解しました。\n", 0);
}

static void
gb2312_label_reads_gbk_bytes(void **state)
{
	/* 镕 is in GBK but not GB2312. */
	expect_text("gb2312_gbk.eml", "朱镕基说：移动 cw\n", 0);
}

static void
gb18030_four_byte_sequences_decode(void **state)
{
	expect_text("gb18030.eml", "简体中文 😀 €\n", 0);
}

static void
big5_decodes(void **state)
{
	expect_text("big5.eml", "繁體中文測試：移動\n", 0);
}

static void
latin1_label_reads_windows1252_quotes(void **state)
{
	expect_text("latin1_smart.eml",
	    "\u201cCaf\u00e9\u201d \u2013 it\u2019s fine\u2026\n", 0);
}

static void
iso8859_15_has_euro(void **state)
{
	expect_text("iso885915.eml", "Prix : 5 €, œuvre\n", 0);
}

static void
us_ascii_label_reads_windows1252(void **state)
{
	expect_text("usascii_8bit.eml", "Don\u2019t\n", 0);
}

static void
missing_charset_valid_utf8_is_utf8(void **state)
{
	expect_text("no_charset_utf8.eml", "MOVE cw — ok\n", 0);
}

static void
missing_charset_invalid_utf8_is_windows1252(void **state)
{
	expect_text("no_charset_latin.eml", "café “ok”\n", 0);
}

/*
 * 8-bit Japanese or Chinese with no charset, or one that says less than
 * the bytes (US-ASCII; UTF-8 of GBK bytes), is read in the charset that
 * makes CJK text of it (mail/mime_guess.c); it was mojibake, and its
 * commands "not commands". Latin text in Windows-1252, whose accented
 * letters some CJK charsets read as ideographs, stays Windows-1252.
 */
static void
unlabelled_cjk_is_guessed(void **state)
{
	static const struct {
		const char *label, *in, *want;
	} cjk[] = {
		{ NULL, "\x94z\x92u \x97\xce \x82\xe6\x82\xeb\x82\xb5\x82\xad",
		  "配置 緑 よろしく" },
		{ NULL, "\xce\xbb\xb2\xf2\xa4\xb7\xa4\xde\xa4\xb7\xa4\xbf\xa1\xa3",
		  "了解しました。" },
		{ NULL, "\xb7\xc5\xd6\xc3 \xc0\xb6\xa3\xac\xd0\xbb\xd0\xbb",
		  "放置 蓝，谢谢" },
		{ NULL, "\xa9\xf1\xb8m \xc2\xc5\xa1" "A\xc1\xc2\xc1\xc2\xa4j\xae" "a",
		  "放置 藍，謝謝大家" },
		{ "utf-8", "\xd2\xc6\xb6\xaf \xcb\xb3\xca\xb1\xd5\xeb",
		  "移动 顺时针" },
		{ "us-ascii", "\x88\xda\x93\xae \x8e\x9e\x8cv\x89\xf1\x82\xe8",
		  "移動 時計回り" },
	};
	static const char *const latin[][2] = {
		{ "\xe9l\xe8ve br\xfbl\xe9" "e", "élève brûlée" },
		{ "Gr\xfc\xdf" "e aus M\xfcnchen", "Grüße aus München" },
		{ "\xa1Hola! Se\xf1or, \xbfqu\xe9 tal?", "¡Hola! Señor, ¿qué tal?" },
		{ "Tr\xe8s bien, \xe0 bient\xf4t", "Très bien, à bientôt" },
		{ "Ol\xe1! N\xe3o, cora\xe7\xe3o", "Olá! Não, coração" },
		{ "Don\x92t \x93quote\x94", "Don’t “quote”" },
		{ "Il a dit \xab" "D\xe9j\xe0\xbb hier", "Il a dit «Déjà» hier" },
	};
	size_t i;
	char *s;

	(void)state;
	for (i = 0; i < sizeof(cjk) / sizeof(cjk[0]); i++) {
		s = mq_mime_to_utf8(cjk[i].label, cjk[i].in, strlen(cjk[i].in));
		assert_non_null(s);
		if (strcmp(s, cjk[i].want) != 0)
			fail_msg("%zu: \"%s\", not \"%s\"", i, s, cjk[i].want);
		free(s);
	}
	for (i = 0; i < sizeof(latin) / sizeof(latin[0]); i++) {
		s = mq_mime_to_utf8(NULL, latin[i][0], strlen(latin[i][0]));
		assert_non_null(s);
		if (strcmp(s, latin[i][1]) != 0)
			fail_msg("%zu: \"%s\", not \"%s\"", i, s, latin[i][1]);
		free(s);
	}
	/* ISO-2022-JP is 7-bit: its escapes, not its bytes, say what it is */
	s = mq_mime_to_utf8(NULL, "\x1b$B%W%l%$\x1b(B PLAY", 17);
	assert_string_equal(s, "プレイ PLAY");
	free(s);
}

static void
missing_content_type_is_text(void **state)
{
	expect_text("no_content_type.eml", "MOVE stay\n", 0);
}

static void
broken_charset_label_falls_back(void **state)
{
	expect_text("broken_charset.eml", "naïve\n", 0);
}

static void
unknown_charset_label_with_utf8_bytes(void **state)
{
	expect_text("unknown_charset_utf8.eml", "ok ✓\n", 0);
}

static void
bom_is_stripped(void **state)
{
	expect_text("bom.eml", "PLAY jest\n", 0);
}

static void
bom_overrides_wrong_label(void **state)
{
	expect_text("bom_latin_label.eml", "好\n", 0);
}

static void
nul_bytes_are_removed(void **state)
{
	expect_text("nul.eml", "PLAY jest\nMOVE cw\n", 0);
}

static void
invalid_utf8_becomes_replacement_chars(void **state)
{
	/* One U+FFFD per maximal invalid subpart, as WHATWG decoders do. */
	expect_text("invalid_utf8.eml",
	    "a\uFFFDb\uFFFDc\uFFFDd\uFFFD\uFFFDe\uFFFD\uFFFD\uFFFDf\n", 0);
}

static void
cr_and_crlf_become_lf(void **state)
{
	expect_text("cr_only.eml", "one\ntwo\nthree\n", 0);
}

static void
to_utf8_handles_odd_input(void **state)
{
	char *s;

	s = mq_mime_to_utf8("ISO-2022-JP", "\x1b$B", 3);	/* escape only */
	assert_string_equal(s, "");
	free(s);
	s = mq_mime_to_utf8("cp932", "\x82", 1);	/* truncated */
	assert_string_equal(s, "\uFFFD");
	free(s);
	s = mq_mime_to_utf8("koi8-r", "\xf0\xd2\xc9", 3);	/* glibc knows it */
	assert_string_equal(s, "При");
	free(s);
	s = mq_mime_to_utf8(NULL, "", 0);
	assert_string_equal(s, "");
	free(s);
}

/* ---- transfer encodings and structure ------------------------------- */

static void
quoted_printable_crlf_message(void **state)
{
	expect_text("utf8_qp.eml", "MOVE cw\nこれはとても長い行です。MOVE cw\n"
	    "これはとても長い行です。MOVE cw\nこれはとても長い行です。\n", 0);
}

static void
base64_utf8(void **state)
{
	expect_text("utf8_base64.eml", "PLACE green\n好的\n", 0);
}

static void
alternative_prefers_plain(void **state)
{
	expect_text("alternative.eml", "PLAY jest TARGET bob", 0);
}

static void
alternative_plain_wins_even_after_html(void **state)
{
	expect_text("html_first.eml", "from plain", 0);
}

/* A client that writes HTML may send an empty plain part beside it: the
 * words are in the HTML (they were read as none, and answered with the
 * help mail); a plain part with words still wins. */
static void
alternative_blank_plain_reads_the_html(void **state)
{
	static const char raw[] = "From: p@x.test\nSubject: Re\nMIME-Version: 1.0\n"
	    "Content-Type: multipart/alternative; boundary=Y\n\n"
	    "--Y\nContent-Type: text/plain\n\n \n\n"
	    "--Y\nContent-Type: text/html\n\n<p>MOVE cw</p>\n--Y--\n";
	struct mq_mime_msg *m = NULL;

	(void)state;
	assert_int_equal(mq_mime_parse(raw, sizeof(raw) - 1, &m, NULL), 0);
	assert_non_null(m->text);
	assert_string_equal(m->text, "MOVE cw\n");
	assert_int_equal(m->text_from_html, 1);
	mq_mime_msg_free(m);
}

static void
mixed_skips_attachments(void **state)
{
	expect_text("mixed_attachment.eml", "MOVE ccw ↺", 0);
}

/* ---- text parts around a picture (Apple Mail) ------------------------- */

#define HDR "From: p@x.test\nSubject: Re\nMIME-Version: 1.0\n"
#define PNG "Content-Type: image/png\nContent-Disposition: inline; " \
	"filename=a.png\nContent-Transfer-Encoding: base64\n\niVBORw0KGgo=\n"

static void
expect_raw(const char *raw, const char *text, int from_html)
{
	struct mq_mime_msg *m = NULL;
	struct mq_err err = { 0, "" };

	if (mq_mime_parse(raw, strlen(raw), &m, &err) != 0)
		fail_msg("%s", err.msg);
	assert_string_equal(m->text, text);
	assert_int_equal(m->text_from_html, from_html);
	mq_mime_msg_free(m);
}

/* Text, a picture, text: all the text is read (what followed the
 * picture was dropped, a move lost with no word). */
static void
mixed_text_around_a_picture_is_all_read(void **state)
{
	(void)state;
	expect_raw(HDR "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/plain; charset=utf-8\n\nMOVE cw\n"
	    "--b\nContent-Type: image/png\nContent-Disposition: inline\n\nxx\n"
	    "--b\nContent-Type: text/plain; charset=utf-8\n\nPLAY jest\n"
	    "--b--\n", "MOVE cw\nPLAY jest", 0);
	/* each part flowed on its own, and a part that ends its line is
	 * not followed by a blank one */
	expect_raw(HDR "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/plain; format=flowed\n\nPLAY \njest\n\n"
	    "--b\n" PNG
	    "--b\nContent-Type: text/plain; format=flowed\n\nMOVE \ncw\n"
	    "--b--\n", "PLAY jest\nMOVE cw\n", 0);
}

/* An attachment is no text of the reply, nor a file shown inline. */
static void
mixed_leaves_out_attachments_and_named_files(void **state)
{
	(void)state;
	expect_raw(HDR "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/plain; name=notes.txt\n\nnotes\n"
	    "--b\nContent-Type: text/plain\n\nMOVE cw\n"
	    "--b\nContent-Type: text/plain\nContent-Disposition: attachment\n\n"
	    "attached\n"
	    "--b\nContent-Type: text/plain\nContent-Disposition: inline; "
	    "filename=moves.txt\n\nMOVE ccw\n"
	    "--b\nContent-Type: text/html\nContent-Disposition: attachment; "
	    "filename=a.html\n\n<p>page</p>\n"
	    "--b\nContent-Type: text/plain\n\nPLAY jest\n"
	    "--b--\n", "MOVE cw\nPLAY jest", 0);
}

/* Commands in an attachment alone: the refusal names it (one), or counts
 * them, and says to write the commands in the mail's text; a mail with
 * text (blank too) keeps what it left unread for the answer to say. */
#define MIXED HDR "Content-Type: multipart/mixed; boundary=b\n\n"
#define REPORT "--b\nContent-Type: text/plain\nContent-Disposition: " \
	"attachment; filename=report.txt\n\nPLACE green\n"
static void
attachment_alone_is_named(void **state)
{
	const char *raw;
	struct mq_mime_msg *m = NULL;

	(void)state;
	raw = MIXED REPORT "--b--\n";
	expect_refused(raw, strlen(raw), "The message has no readable text "
	    "part; the attachment \"report.txt\" was not read: write your "
	    "commands in the mail's text.");
	raw = MIXED "--b\nContent-Type: text/plain\nContent-Disposition: "
	    "attachment\n\nPLACE green\n--b--\n";
	expect_refused(raw, strlen(raw), "The message has no readable text "
	    "part; its attachment was not read: write your commands in the "
	    "mail's text.");
	raw = MIXED REPORT "--b\n" PNG "--b--\n";
	expect_refused(raw, strlen(raw), "The message has no readable text "
	    "part; its 2 attachments were not read: write your commands in "
	    "the mail's text.");
	/* a mail forwarded as an attachment, its text someone else's */
	raw = MIXED "--b\nContent-Type: message/rfc822\nContent-Disposition: "
	    "attachment; filename=\"moves.eml\"\n\nFrom: a@x.test\n"
	    "Subject: s\n\nPLACE green\n--b--\n";
	expect_refused(raw, strlen(raw), "The message has no readable text "
	    "part; the attachment \"moves.eml\" was not read: write your "
	    "commands in the mail's text.");
	/* a name cut at 60 bytes on a character, a control one a space */
	raw = MIXED "--b\nContent-Type: text/plain\nContent-Disposition: "
	    "attachment; filename*=UTF-8''a%09b" "%E4%BC%9A%E5%A0%B4"
	    "%E4%BC%9A%E5%A0%B4%E4%BC%9A%E5%A0%B4%E4%BC%9A%E5%A0%B4"
	    "%E4%BC%9A%E5%A0%B4%E4%BC%9A%E5%A0%B4%E4%BC%9A%E5%A0%B4"
	    "%E4%BC%9A%E5%A0%B4%E4%BC%9A%E5%A0%B4%E4%BC%9A%E5%A0%B4"
	    ".txt\n\nPLACE green\n--b--\n";
	expect_refused(raw, strlen(raw), "The message has no readable text "
	    "part; the attachment \"a b会場会場会場会場会場会場会場会場会場会\xe2\x80\xa6\" "
	    "was not read: write your commands in the mail's text.");
	/* no attachment: the sentence as it was (a picture shown inline) */
	raw = MIXED "--b\nContent-Type: image/png\n\niVBORw0KGgo=\n--b--\n";
	expect_refused(raw, strlen(raw), "The message has no readable text "
	    "part.");
	/* beside a text, blank or not: read, and kept for the answer */
	raw = MIXED "--b\nContent-Type: text/plain\n\n\n" REPORT "--b--\n";
	assert_int_equal(mq_mime_parse(raw, strlen(raw), &m, NULL), 0);
	assert_string_equal(m->text, "");
	assert_int_equal(m->attachments, 1);
	assert_string_equal(m->attachment, "report.txt");
	mq_mime_msg_free(m);
	raw = MIXED "--b\nContent-Type: text/plain\n\nSTATUS\n" REPORT
	    "--b\n" PNG "--b--\n";
	assert_int_equal(mq_mime_parse(raw, strlen(raw), &m, NULL), 0);
	assert_string_equal(m->text, "STATUS");
	assert_int_equal(m->attachments, 2);
	mq_mime_msg_free(m);
}

/* Apple's rich text: an alternative for each run of text, beside the
 * pictures, and HTML after them; each alternative reads its plain part. */
static void
mixed_alternatives_around_a_picture_are_all_read(void **state)
{
	(void)state;
	expect_raw(HDR "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: multipart/alternative; boundary=a1\n\n"
	    "--a1\nContent-Type: text/plain\n\nMOVE cw\n"
	    "--a1\nContent-Type: text/html\n\n<p>MOVE html</p>\n--a1--\n"
	    "--b\n" PNG
	    "--b\nContent-Type: multipart/alternative; boundary=a2\n\n"
	    "--a2\nContent-Type: text/html\n\n<p>PLAY html</p>\n"
	    "--a2\nContent-Type: text/plain\n\nPLAY jest\n--a2--\n"
	    "--b\n" PNG
	    "--b\nContent-Type: text/html\n\n<p>PLAN cw stay ccw cw stay stay"
	    "</p><blockquote>MOVE ccw</blockquote>\n"
	    "--b--\n", "MOVE cw\nPLAY jest\nPLAN cw stay ccw cw stay stay\n", 1);
}

/* The same from a file, as Apple Mail writes it: its parts' own
 * headers, quoted-printable, flowed; the quote in the HTML dropped. */
static void
apple_mail_inline_pictures(void **state)
{
	(void)state;
	expect_text("apple_inline.eml", "MOVE cw\nPLAY jest \u263a\nSTATUS\n", 1);
}

/* HTML split around a picture, with no plain alternative (or a blank
 * one): every HTML part is read, in order. */
static void
html_around_a_picture_is_all_read(void **state)
{
	(void)state;
	expect_raw(HDR "Content-Type: multipart/related; boundary=r\n\n"
	    "--r\nContent-Type: text/html\n\n<html><body><div>MOVE cw</div>\n"
	    "--r\n" PNG
	    "--r\nContent-Type: text/html\n\n<div>PLAY jest</div></body>"
	    "</html>\n--r--\n", "MOVE cw\nPLAY jest\n", 1);
	expect_raw(HDR "Content-Type: multipart/alternative; boundary=a\n\n"
	    "--a\nContent-Type: text/plain\n\n \n"
	    "--a\nContent-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/html\n\n<div>MOVE cw</div>\n"
	    "--b\n" PNG
	    "--b\nContent-Type: text/html\n\n<div>PLAY jest</div>\n--b--\n"
	    "--a--\n", "MOVE cw\nPLAY jest\n", 1);
}

/* Beside split HTML, a plain alternative with words is read alone, as
 * before: the same commands are not read twice. */
static void
alternative_plain_beside_split_html_is_read_once(void **state)
{
	(void)state;
	expect_raw(HDR "Content-Type: multipart/alternative; boundary=a\n\n"
	    "--a\nContent-Type: text/plain\n\nMOVE cw\n\nPLAY jest\n"
	    "--a\nContent-Type: multipart/related; boundary=b\n\n"
	    "--b\nContent-Type: text/html\n\n<div>MOVE cw</div>\n"
	    "--b\n" PNG
	    "--b\nContent-Type: text/html\n\n<div>PLAY jest</div>\n--b--\n"
	    "--a--\n", "MOVE cw\n\nPLAY jest", 0);
}

/* The quoted mail in the part after the picture is still cut. */
static void
quote_after_a_picture_is_cut(void **state)
{
	static const char raw[] = HDR
	    "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/plain\n\nMOVE cw\n\n"
	    "--b\n" PNG
	    "--b\nContent-Type: text/plain\n\nPLAY jest\n\n"
	    "On 1 Jan 2026, at 10:00, masqued <game@pbem.test> wrote:\n\n"
	    "> MOVE ccw\n> PLAY mock\n--b--\n";
	struct mq_mime_msg *m = NULL;
	struct mq_err err = { 0, "" };
	char *out = NULL;

	(void)state;
	assert_int_equal(mq_mime_parse(raw, sizeof(raw) - 1, &m, &err), 0);
	assert_int_equal(mq_reply_extract(m->text, strlen(m->text), &out,
	    &err), 0);
	assert_string_equal(out, "MOVE cw\nPLAY jest");
	free(out);
	mq_mime_msg_free(m);
}

/* A multipart/mixed of the text and an HTML copy of it, side by side
 * (some mailers send no multipart/alternative): the copy is left out,
 * or every command was read twice. It says the same once each is cut as
 * a reply (the text quotes with ">", the HTML in a <blockquote>) and its
 * white space is one space (&nbsp;, <div> lines). */
static void
mixed_html_copy_of_the_text_is_read_once(void **state)
{
	(void)state;
	expect_text("mixed_html_copy.eml", "MASQUERADE \u263a\nPLAY jest\n\n"
	    "On 1 Jan 2026, at 10:00, masqued <game@pbem.test> wrote:\n\n"
	    "> MOVE ccw\n", 0);
	/* the HTML first, a picture between: its copy still */
	expect_raw(HDR "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/html\n\n<p>MOVE cw</p><p>PLAY jest</p>\n"
	    "--b\n" PNG
	    "--b\nContent-Type: text/plain\n\nMOVE cw\nPLAY jest\n"
	    "--b--\n", "MOVE cw\nPLAY jest", 0);
	/* beside text that says something else, both are read */
	expect_raw(HDR "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/plain\n\nMOVE cw\n"
	    "--b\nContent-Type: text/html\n\n<p>MOVE cw</p><p>PLAY jest</p>\n"
	    "--b--\n", "MOVE cw\nMOVE cw\nPLAY jest\n", 1);
	/* a copy of a text part not beside it, another text part between
	 * them (a signature, a forwarded part), is a copy still: it was
	 * read, and every command twice */
	expect_raw(HDR "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/plain\n\nMOVE cw\n"
	    "--b\nContent-Type: text/plain\n\nPLAY jest\n"
	    "--b\nContent-Type: text/html\n\n<p>MOVE cw</p>\n"
	    "--b--\n", "MOVE cw\nPLAY jest", 0);
	/* and the HTML first, two parts before the text */
	expect_raw(HDR "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/html\n\n<p>MOVE cw</p>\n"
	    "--b\nContent-Type: text/html\n\n<p>PLAY jest</p>\n"
	    "--b\n" PNG
	    "--b\nContent-Type: text/plain\n\nSTATUS\n"
	    "--b\nContent-Type: text/plain\n\nMOVE cw\n"
	    "--b--\n", "PLAY jest\nSTATUS\nMOVE cw", 1);
	/* as mutt sends it with a signature file: the text, the signature,
	 * the HTML copy of the text */
	expect_text("mixed_html_copy_apart.eml", "PLAY jest TARGET carol\n"
	    "MOVE cw\n\nOn Thu, 1 Jan 2026 at 10:00, masqued <game@pbem.test> "
	    "wrote:\n> The masque: round 2. Choose your card.\n"
	    "-- \nAlice \u2014 sent from the train\n", 0);
	/* the same text twice is read twice (a player's own doing), and an
	 * HTML part says the same as one of them: left out once */
	expect_raw(HDR "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/plain\n\nMOVE cw\n"
	    "--b\nContent-Type: text/plain\n\nMOVE cw\n"
	    "--b\nContent-Type: text/html\n\n<p>MOVE cw</p>\n"
	    "--b--\n", "MOVE cw\nMOVE cw", 0);
}

/* Several text parts and an HTML part of them all, joined (text, a
 * picture, text, then the HTML of the whole, in one multipart/mixed): the
 * HTML was compared with each text part alone, so it was read too and
 * every command in it taken twice (a second MOVE "changes" the first, a
 * second PLACE is refused). It is a copy of the texts joined in their
 * order, a signature part between them saying nothing; an HTML part
 * that says more, or the texts in another order, is read. */
static void
mixed_html_copy_of_joined_texts_is_read_once(void **state)
{
	(void)state;
	expect_raw(HDR "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/plain\n\nMOVE cw\n"
	    "--b\n" PNG
	    "--b\nContent-Type: text/plain\n\nPLAY jest\n"
	    "--b\nContent-Type: text/html\n\n<p>MOVE cw</p><p>PLAY jest</p>\n"
	    "--b--\n", "MOVE cw\nPLAY jest", 0);
	/* three parts, one a signature alone, the HTML first */
	expect_raw(HDR "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/html\n\n<div>PLAY jest TARGET carol</div>"
	    "<div>MOVE&nbsp;cw</div><div>STATUS</div>\n"
	    "--b\nContent-Type: text/plain\n\nPLAY jest TARGET carol\n"
	    "--b\nContent-Type: text/plain\n\n-- \nAlice\n"
	    "--b\nContent-Type: text/plain\n\nMOVE cw\nSTATUS\n"
	    "--b--\n", "PLAY jest TARGET carol\n-- \nAlice\nMOVE cw\nSTATUS",
	    0);
	/* an HTML part that holds a command more is read */
	expect_raw(HDR "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/plain\n\nMOVE cw\n"
	    "--b\nContent-Type: text/plain\n\nPLAY jest\n"
	    "--b\nContent-Type: text/html\n\n<p>MOVE cw</p><p>PLAY jest</p>"
	    "<p>STATUS</p>\n"
	    "--b--\n", "MOVE cw\nPLAY jest\nMOVE cw\nPLAY jest\nSTATUS\n", 1);
	/* and one that holds them in another order */
	expect_raw(HDR "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/plain\n\nMOVE cw\n"
	    "--b\nContent-Type: text/plain\n\nPLAY jest\n"
	    "--b\nContent-Type: text/html\n\n<p>PLAY jest</p><p>MOVE cw</p>\n"
	    "--b--\n", "MOVE cw\nPLAY jest\nPLAY jest\nMOVE cw\n", 1);
}

static void
html_only_gmail_drops_quote(void **state)
{
	expect_text("html_gmail.eml", "PLAY jest TARGET carol\nMOVE cw\n", 1);
}

static void
html_only_outlook_drops_reply_block(void **state)
{
	expect_text("html_outlook.eml", "PLACÉ green & MOVE cw\nCafé — ☺\n", 1);
}

static void
html_only_blockquote_dropped(void **state)
{
	expect_text("html_blockquote.eml", "MOVE stay\n"
	    "PLAN cw stay ccw cw stay stay\n"
	    "On 1 Jan 2026, at 10:00, masqued wrote:\nThanks <3\n", 1);
}

static void
truncated_multipart_keeps_what_arrived(void **state)
{
	/* The cut QP character reads as one U+FFFD. */
	expect_text("truncated.eml", "MOVE cw\nPLAY ja\uFFFD", 0);
}

static void
headers_only_message_has_empty_text(void **state)
{
	expect_text("headers_only.eml", "", 0);
}

static void
multipart_without_boundary_is_refused(void **state)
{
	size_t len;
	char *raw = slurp("no_boundary.eml", &len);

	expect_refused(raw, len, "The message has no readable text part.");
	free(raw);
}

static void
no_text_part_is_refused(void **state)
{
	size_t len;
	char *raw = slurp("no_text.eml", &len);

	expect_refused(raw, len, "The message has no readable text part.");
	free(raw);
}

static void
format_flowed_lines_join(void **state)
{
	/* A command the client wrapped reads as one line; the stuffed space
	 * goes; quoted lines join at their depth only; "-- " does not flow. */
	expect_text("flowed.eml",
	    "PLAY swindle TARGET bob carol dave erin frank grace heidi ivan "
	    "SLOT 12:10 12:40\n"
	    "MOVE cw\n"
	    "From here, stuffed \n"
	    "On 1/1/26 10:00, masqued wrote:\n"
	    "> PLAY threaten TARGET carol SLOT 12:30\n"
	    ">> deeper \n"
	    "> back\n"
	    "-- \n"
	    "Alice\n", 0);
}

static void
format_flowed_delsp_deletes_the_space(void **state)
{
	expect_text("flowed_delsp.eml",
	    "PLAY threaten TARGET bob SLOT 12:30\n出す 嚇唬 対象 carol\n", 0);
}

/*
 * RFC 3676 4.3: a "-- " line is neither fixed nor flowed: it stands alone,
 * even after a flowed line, or the reply extractor no longer sees the
 * signature and reads it as commands. A flowed line at the end of the
 * body ends its paragraph.
 */
static void
format_flowed_signature_line_stands_alone(void **state)
{
	static const char *const body[][2] = {
		{ "PLAY jest \n-- \nAlice\n", "PLAY jest \n-- \nAlice\n" },
		{ "> MOVE \n> -- \n> Bob\n", "> MOVE \n> -- \n> Bob\n" },
		{ "MOVE \ncw \n", "MOVE cw \n" },
	};
	char raw[512];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(body) / sizeof(body[0]); i++) {
		struct mq_mime_msg *m = NULL;
		int n = snprintf(raw, sizeof(raw), "From: a@x.test\n"
		    "Content-Type: text/plain; charset=utf-8; format=flowed\n\n%s",
		    body[i][0]);

		assert_int_equal(mq_mime_parse(raw, (size_t)n, &m, NULL), 0);
		assert_string_equal(m->text, body[i][1]);
		mq_mime_msg_free(m);
	}
	/* delsp=yes: the flowed line's space goes, the separator's stays */
	{
		struct mq_mime_msg *m = NULL;
		static const char d[] = "From: a@x.test\nContent-Type: text/plain; "
		    "format=flowed; delsp=yes\n\nPLAY jest \n-- \nAlice\n";

		assert_int_equal(mq_mime_parse(d, sizeof(d) - 1, &m, NULL), 0);
		assert_string_equal(m->text, "PLAY jest\n-- \nAlice\n");
		mq_mime_msg_free(m);
	}
}

static void
fixed_format_keeps_trailing_space_lines(void **state)
{
	expect_text("fixed_trailing_space.eml", "PLAY jest \nMOVE cw\n", 0);
}

/* ---- headers -------------------------------------------------------- */

static void
headers_are_decoded(void **state)
{
	struct mq_mime_msg *m = parse_ok("headers.eml");

	assert_string_equal(m->from, "taro.yamada@example.jp");
	assert_string_equal(m->from_display, "山田太郎");
	assert_string_equal(m->subject, "Re: [Masque g7f3] 9:20 — 行動を選んで");
	assert_string_equal(m->message_id, "CAF=abc.123@mail.example.jp");
	assert_string_equal(m->in_reply_to, "m-prev@pbem.test");
	assert_non_null(m->references);
	assert_string_equal(m->references[0], "m-first@pbem.test");
	assert_string_equal(m->references[1], "m-prev@pbem.test");
	assert_null(m->references[2]);
	assert_int_equal(m->auto_reply, 0);
	assert_int_equal(m->bounce, 0);
	mq_mime_msg_free(m);
}

static void
recipients_in_order_lowercased_deduplicated(void **state)
{
	struct mq_mime_msg *m = parse_ok("headers.eml");

	assert_string_equal(m->recipients[0], "game+abcdefgh.2.tag@pbem.test");
	assert_string_equal(m->recipients[1], "other@example.org");
	assert_string_equal(m->recipients[2], "x@example.org");
	assert_string_equal(m->recipients[3], "y@example.org");
	assert_null(m->recipients[4]);
	mq_mime_msg_free(m);
}

/* DESIGN.md: the tag is read from Delivered-To or X-Original-To, then
 * To/Cc: the order is by header, not by where each stands in the message
 * (headers.eml has one address in all four, so it cannot tell). */
static void
recipients_delivered_to_first(void **state)
{
	static const char raw[] = "Cc: d@x.test\nTo: c@x.test\n"
	    "X-Original-To: b@x.test\nDelivered-To: a@x.test\n"
	    "From: p@x.test\nSubject: Re\n\nSTATUS\n";
	struct mq_mime_msg *m = NULL;

	(void)state;
	assert_int_equal(mq_mime_parse(raw, sizeof(raw) - 1, &m, NULL), 0);
	assert_string_equal(m->recipients[0], "a@x.test");
	assert_string_equal(m->recipients[1], "b@x.test");
	assert_string_equal(m->recipients[2], "c@x.test");
	assert_string_equal(m->recipients[3], "d@x.test");
	assert_null(m->recipients[4]);
	mq_mime_msg_free(m);
}

static void
missing_headers_are_null(void **state)
{
	struct mq_mime_msg *m = parse_ok("no_content_type.eml");

	assert_string_equal(m->from, "bob@example.org");
	assert_null(m->from_display);
	assert_null(m->message_id);
	assert_null(m->in_reply_to);
	assert_null(m->references);
	assert_non_null(m->recipients);
	assert_null(m->recipients[0]);
	mq_mime_msg_free(m);
}

/* A long References keeps its last ids, the nearest of the thread: a
 * reply to a game's notice names it last (inbound.c reads it there). */
static void
references_keep_the_last(void **state)
{
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_mime_msg *m = NULL;
	struct mq_err err;
	int i;

	(void)state;
	mq_buf_puts(&b, "From: a@b.example\nReferences:");
	for (i = 0; i < MQ_MIME_MAX_REFS + 8; i++)
		mq_buf_printf(&b, "\n <r%d@x.example>", i);
	mq_buf_puts(&b, "\n\nbody\n");
	assert_false(b.oom);
	assert_int_equal(mq_mime_parse(mq_buf_str(&b), b.len, &m, &err), 0);
	assert_non_null(m->references);
	assert_string_equal(m->references[0], "r8@x.example");
	assert_string_equal(m->references[MQ_MIME_MAX_REFS - 1],
	    "r39@x.example");
	assert_null(m->references[MQ_MIME_MAX_REFS]);
	mq_mime_msg_free(m);
	mq_buf_free(&b);
}

static void
subject_with_padded_base64_words(void **state)
{
	/* GMime 3.2 alone would read "a" here. */
	static const char raw[] = "From: \"Doe, \\\"J\\\"\" <a@b.example>\n"
	    "Subject: =?UTF-8?B?YQ==?= =?UTF-8?B?Yg==?=\n"
	    " x =?ISO-8859-1?Q?caf=E9?= =?shift_jis?B?h0A=?=\n\nbody\n";
	struct mq_mime_msg *m = NULL;

	assert_int_equal(mq_mime_parse(raw, sizeof(raw) - 1, &m, NULL), 0);
	assert_string_equal(m->subject, "ab x café①");
	assert_string_equal(m->from_display, "Doe, \"J\"");
	mq_mime_msg_free(m);
}

/*
 * A Subject of 15,000 encoded words that change charset each time: each
 * run opened a converter, and the mail cost seconds of CPU (found by a
 * code review). The runs after MQ_MIME_EW_RUNS are not read; the first
 * are, and one charset throughout is read whole.
 */
static void
subject_of_many_charset_runs_is_read_in_part(void **state)
{
	static const char *const cs[] = { "koi8-r", "iso-8859-2", "utf-8" };
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_mime_msg *m = NULL;
	int i, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		mq_buf_reset(&b);
		mq_buf_puts(&b, "From: a@b.example\nSubject:");
		for (i = 0; i < 15000; i++) {
			mq_buf_puts(&b, " =?");
			mq_buf_puts(&b, cs[k == 0 ? i % 3 : 2]);
			mq_buf_puts(&b, "?q?a?=");
			if (i % 8 == 7)
				mq_buf_puts(&b, "\n");
		}
		mq_buf_puts(&b, "\n\nbody\n");
		assert_false(b.oom);
		assert_int_equal(mq_mime_parse(b.data, b.len, &m, NULL), 0);
		assert_non_null(m->subject);
		assert_int_equal(strspn(m->subject, "a"), strlen(m->subject));
		if (k == 0)
			assert_int_equal(strlen(m->subject), MQ_MIME_EW_RUNS);
		else
			assert_int_equal(strlen(m->subject), 15000);
		mq_mime_msg_free(m);
	}
	mq_buf_free(&b);
}

static void
quoted_local_part_loses_needless_quotes(void **state)
{
	/* "x"@host is x@host; quotes that are needed stay (no answer can be
	 * addressed to such a From: the daemon logs it and drops it). */
	static const char *const from[][2] = {
		{ "\"Alice.B\"@Example.org", "alice.b@example.org" },
		{ "Al <\"a+b\"@x.test>", "a+b@x.test" },
		{ "\"a b\"@x.test", "\"a b\"@x.test" },
		{ "\".a\"@x.test", "\".a\"@x.test" },
		{ "\"a..b\"@x.test", "\"a..b\"@x.test" },
		{ "\"a\\b\"@x.test", "\"a\\b\"@x.test" },
		{ "\"\"@x.test", "\"\"@x.test" },
	};
	char raw[256];
	size_t i;

	for (i = 0; i < sizeof(from) / sizeof(from[0]); i++) {
		struct mq_mime_msg *m = NULL;
		int n = snprintf(raw, sizeof(raw), "From: %s\n\nbody\n", from[i][0]);

		assert_int_equal(mq_mime_parse(raw, (size_t)n, &m, NULL), 0);
		assert_non_null(m->from);
		assert_string_equal(m->from, from[i][1]);
		mq_mime_msg_free(m);
	}
}

/* RFC 5322 has one From field of one mailbox (or a Sender): two fields, a
 * list or a group name no one sender; from_many says so, from is the
 * first mailbox (the daemon lets no such message play for a seat). */
static void
from_of_several_senders_is_flagged(void **state)
{
	static const struct { const char *hdr, *from; int many; } c[] = {
		{ "From: alice@x.test\n", "alice@x.test", 0 },
		{ "From: Alice <alice@x.test>\n", "alice@x.test", 0 },
		{ "From: alice@x.test, mallory@evil.test\n", "alice@x.test", 1 },
		{ "From: alice@x.test\nFrom: mallory@evil.test\n", "alice@x.test",
		  1 },
		{ "From: players: alice@x.test;\n", NULL, 1 },
		{ "Subject: none\n", NULL, 0 },
	};
	char raw[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct mq_mime_msg *m = NULL;
		int n = snprintf(raw, sizeof(raw), "%s\nbody\n", c[i].hdr);

		assert_int_equal(mq_mime_parse(raw, (size_t)n, &m, NULL), 0);
		if (c[i].from == NULL)
			assert_null(m->from);
		else
			assert_string_equal(m->from, c[i].from);
		assert_int_equal(m->from_many, c[i].many);
		mq_mime_msg_free(m);
	}
}

/* ---- auto-replies and bounces --------------------------------------- */

static void
expect_flags(const char *name, int auto_reply, int bounce)
{
	struct mq_mime_msg *m = parse_ok(name);

	assert_int_equal(m->auto_reply, auto_reply);
	assert_int_equal(m->bounce, bounce);
	mq_mime_msg_free(m);
}

static void
auto_submitted_is_auto_reply(void **state)
{
	expect_flags("auto_submitted.eml", 1, 0);
}

static void
auto_submitted_no_is_not(void **state)
{
	expect_flags("auto_submitted_no.eml", 0, 0);
}

static void
precedence_bulk_and_list_are_auto(void **state)
{
	expect_flags("precedence_bulk.eml", 1, 0);
	expect_flags("precedence_list.eml", 1, 0);
}

/* Precedence: junk too (DESIGN.md: bulk/junk/list); first-class is mail. */
static void
precedence_junk_is_auto(void **state)
{
	static const char *const prec[][2] = {
		{ "junk", "1" }, { "Junk", "1" }, { "first-class", "0" },
	};
	char raw[160];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(prec) / sizeof(prec[0]); i++) {
		struct mq_mime_msg *m = NULL;
		int n = snprintf(raw, sizeof(raw), "From: a@x.test\nPrecedence: "
		    "%s\nSubject: Re\n\nSTATUS\n", prec[i][0]);

		assert_int_equal(mq_mime_parse(raw, (size_t)n, &m, NULL), 0);
		assert_int_equal(m->auto_reply, prec[i][1][0] - '0');
		mq_mime_msg_free(m);
	}
}

/* The Date header, as seconds since 1970 UTC (read again after the IMAP
 * mailbox's UIDVALIDITY changed, new mail is told from old by it); none,
 * or one that cannot be read, is 0. */
static void
date_header_is_read(void **state)
{
	static const struct {
		const char *date;
		long long want;
	} d[] = {
		{ "Date: Thu, 01 Jan 2026 10:00:00 +0000\n", 1767261600 },
		{ "Date: Thu, 01 Jan 2026 19:00:00 +0900\n", 1767261600 },
		{ "", 0 },
		{ "Date: not a date at all\n", 0 },
	};
	char raw[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
		struct mq_mime_msg *m = NULL;
		int n = snprintf(raw, sizeof(raw), "From: a@x.test\n%s"
		    "Content-Type: text/plain; charset=utf-8\n\nbody\n", d[i].date);
		struct mq_err err;

		assert_int_equal(mq_mime_parse(raw, (size_t)n, &m, &err), 0);
		assert_true(m->date == d[i].want);
		mq_mime_msg_free(m);
	}
}

/* An out-of-office reply known by its Subject alone, in the languages of
 * the common clients; a subject that only mentions one is not. */
static void
vacation_subjects_in_european_languages_are_auto(void **state)
{
	static const struct { const char *subject; int auto_reply; } s[] = {
		{ "Out of Office: the game", 1 },
		{ "R\xc3\xa9ponse automatique : Re: the game", 1 },
		{ "=?UTF-8?Q?R=C3=A9ponse_automatique?= : the game", 1 },
		{ "Abwesenheitsnotiz: the game", 1 },
		{ "Automatische Antwort: the game", 1 },
		{ "Respuesta autom\xc3\xa1tica: the game", 1 },
		{ "Risposta automatica: the game", 1 },
		{ "Automatisch antwoord: the game", 1 },
		{ "Resposta autom\xc3\xa1tica: the game", 1 },
		{ "Re: my automatic reply", 0 },
		{ "Re: the game", 0 },
	};
	char raw[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
		struct mq_mime_msg *m = NULL;
		int n = snprintf(raw, sizeof(raw), "From: a@x.test\nSubject: %s\n"
		    "Content-Type: text/plain; charset=utf-8\n\nbody\n",
		    s[i].subject);

		assert_int_equal(mq_mime_parse(raw, (size_t)n, &m, NULL), 0);
		if (m->auto_reply != s[i].auto_reply)
			fail_msg("\"%s\": auto_reply %d", s[i].subject,
			    m->auto_reply);
		mq_mime_msg_free(m);
	}
}

static void
x_autoreply_headers_are_auto(void **state)
{
	expect_flags("x_autoreply.eml", 1, 0);
	expect_flags("x_autorespond.eml", 1, 0);
}

static void
vacation_subjects_are_auto(void **state)
{
	expect_flags("vacation_subject.eml", 1, 0);
	expect_flags("vacation_subject_ja.eml", 1, 0);
}

static void
delivery_status_report_is_bounce(void **state)
{
	struct mq_mime_msg *m = parse_ok("bounce_report.eml");

	assert_int_equal(m->bounce, 1);
	/* The returned original inside is never the text. */
	assert_string_equal(m->text,
	    "The mail system could not deliver your message.");
	/* its report's Final-Recipient: the address that failed */
	assert_string_equal(m->bounce_to, "gone@example.org");
	mq_mime_msg_free(m);
}

/* OpenSMTPD's bounce is a multipart/mixed holding the report, with no
 * Return-Path: it was answered as a stranger's mail, the answer bounced
 * at MAILER-DAEMON, and the host never heard whose address failed. */
static void
opensmtpd_bounce_is_bounce(void **state)
{
	struct mq_mime_msg *m = parse_ok("bounce_opensmtpd.eml");

	(void)state;
	assert_int_equal(m->bounce, 1);
	assert_string_equal(m->bounce_to, "erin@gone.test");
	mq_mime_msg_free(m);
}

/* A player who forwards a bounce (its report attached, as Thunderbird
 * does) is no bounce: their commands play (found by a code review). */
static void
forwarded_report_from_a_player_is_no_bounce(void **state)
{
	static const char raw[] =
	    "From: bob@x.test\nTo: game@pbem.test\nSubject: Fwd: failed\n"
	    "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"F\"\n\n"
	    "--F\nContent-Type: text/plain\n\nMOVE cw\n"
	    "--F\nContent-Type: message/delivery-status\n\n"
	    "Final-Recipient: rfc822; carol@x.test\nAction: failed\n--F--\n";
	struct mq_mime_msg *m;
	struct mq_err e;

	(void)state;
	assert_int_equal(mq_mime_parse(raw, strlen(raw), &m, &e), 0);
	assert_int_equal(m->bounce, 0);
	assert_string_equal(m->text, "MOVE cw");
	mq_mime_msg_free(m);
}

/* raw parses as a bounce whose failed recipient is want. */
static void
expect_bounce_to(const char *raw, const char *want)
{
	struct mq_mime_msg *m;
	struct mq_err e;

	assert_int_equal(mq_mime_parse(raw, strlen(raw), &m, &e), 0);
	assert_int_equal(m->bounce, 1);
	assert_string_equal(m->bounce_to, want);
	mq_mime_msg_free(m);
}

/* Final-Recipient read strictly: a plain address, lower-cased, or none. */
static void
bounce_recipient_read_strictly(void **state)
{
	static const struct {
		const char *line, *want;
	} cases[] = {
		{ "Final-Recipient: rfc822; Gone@Example.ORG\r\n", "gone@example.org" },
		{ "final-recipient:rfc822;gone@example.org\n", "gone@example.org" },
		{ "Final-Recipient: rfc822; not-an-address\r\n", "" },
		{ "Final-Recipient: rfc822 gone@example.org\r\n", "" },
		{ "Final-Recipient: rfc822; g\xc3\xa9@example.org\r\n", "" },
		{ "X-Final-Recipient: rfc822; gone@example.org\r\n", "" },
	};
	char raw[1024];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(raw, sizeof(raw), "From: MAILER-DAEMON@x.test\r\n"
		    "To: game@x.test\r\nSubject: failed\r\nContent-Type: "
		    "multipart/report; report-type=delivery-status; "
		    "boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/plain\r\n"
		    "\r\nIt failed.\r\n--b\r\nContent-Type: "
		    "message/delivery-status\r\n\r\n%sAction: failed\r\n"
		    "--b--\r\n", cases[i].line);
		expect_bounce_to(raw, cases[i].want);
	}
}

/*
 * The report part read as its MTA sent it: base64 or quoted-printable,
 * folded, the address in <>, RFC 6533's utf-8 addresses; and only the
 * report part, not a "Final-Recipient:" quoted in the text before it.
 */
static void
bounce_recipient_read_from_the_report(void **state)
{
	static const struct {
		const char *type, *cte, *body, *want;
	} cases[] = {
		{ "message/delivery-status", "base64",
		  /* "Final-Recipient: rfc822; Gone@Example.org\r\nAction: failed\r\n" */
		  "RmluYWwtUmVjaXBpZW50OiByZmM4MjI7IEdvbmVARXhhbXBsZS5vcmcNCkFjdGlvbjogZmFpbGVkDQo=\r\n",
		  "gone@example.org" },
		{ "message/delivery-status", "quoted-printable",
		  "Final-Recipient: rfc822; a-rather-long-local-part=\r\n@example.org\r\n",
		  "a-rather-long-local-part@example.org" },
		{ "message/delivery-status", "7bit",
		  "Final-Recipient: rfc822;\r\n\tgone@example.org\r\n", "gone@example.org" },
		{ "message/delivery-status", "7bit",
		  "Final-Recipient: rfc822; <gone@example.org>\r\n", "gone@example.org" },
		{ "message/delivery-status", "7bit",
		  "Final-Recipient: utf-8; \\x{5C71}\\x{7530}\\x{41}@example.jp\r\n",
		  "\xe5\xb1\xb1\xe7\x94\xb0" "a@example.jp" },
		{ "message/delivery-status", "8bit",
		  "Final-Recipient: utf-8; \xe5\xb1\xb1@example.jp\r\n", "" },
		{ "message/global-delivery-status", "8bit",
		  "Final-Recipient: utf-8; \xe5\xb1\xb1@Example.jp\r\n",
		  "\xe5\xb1\xb1@example.jp" },
		{ "message/global-delivery-status", "8bit",
		  "Final-Recipient: utf-8; \\x{D800}@example.jp\r\n", "" },
		{ "message/delivery-status", "7bit",
		  "Final-Recipient: x400; /G=gone/S=x/\r\n", "" },
		/* an empty report part (GMime's bytes then have no data at
		 * all: a fuzz find): no recipient, not the one in the text */
		{ "message/global-delivery-status", "base64", "", "" },
		{ "message/delivery-status", "7bit", "", "" },
	};
	char raw[2048];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(raw, sizeof(raw), "From: MAILER-DAEMON@x.test\r\n"
		    "To: game@x.test\r\nSubject: failed\r\nContent-Type: "
		    "multipart/report; report-type=%s; boundary=\"b\"\r\n\r\n"
		    "--b\r\nContent-Type: text/plain\r\n\r\nIt failed:\r\n"
		    "Final-Recipient: rfc822; quoted@elsewhere.test\r\n--b\r\n"
		    "Content-Type: %s\r\nContent-Transfer-Encoding: %s\r\n\r\n"
		    "%s--b--\r\n", strchr(cases[i].type, '/') + 1,
		    cases[i].type, cases[i].cte, cases[i].body);
		expect_bounce_to(raw, cases[i].want);
	}
}

static void
postmaster_with_empty_return_path_is_bounce(void **state)
{
	expect_flags("bounce_postmaster.eml", 0, 1);
	expect_flags("not_bounce_postmaster.eml", 0, 0);
}

/* ---- limits --------------------------------------------------------- */

static void
message_over_10_mib_is_refused(void **state)
{
	size_t len = 20u * 1024 * 1024;
	char *raw = malloc(len);

	assert_non_null(raw);
	memset(raw, 'a', len);
	memcpy(raw, "Subject: big\n\n", 14);
	expect_refused(raw, len, "The message is larger than 10 MiB.");
	expect_refused(raw, MQ_MIME_MAX_SIZE + 1,
	    "The message is larger than 10 MiB.");
	free(raw);
}

static char *
nested(int depth, size_t *len)
{
	struct mq_buf b = MQ_BUF_INIT;
	int i;

	mq_buf_puts(&b, "From: a@b.example\nMIME-Version: 1.0\n");
	for (i = 0; i < depth; i++)
		mq_buf_printf(&b, "Content-Type: multipart/mixed; "
		    "boundary=\"b%d\"\n\n--b%d\n", i, i);
	mq_buf_puts(&b, "Content-Type: text/plain\n\ninner\n");
	for (i = depth - 1; i >= 0; i--)
		mq_buf_printf(&b, "--b%d--\n", i);
	*len = b.len;
	return mq_buf_steal(&b);
}

static void
fifty_nested_multiparts_are_read(void **state)
{
	struct mq_mime_msg *m = NULL;
	size_t len;
	char *raw = nested(50, &len);

	assert_int_equal(mq_mime_parse(raw, len, &m, NULL), 0);
	assert_string_equal(m->text, "inner");
	mq_mime_msg_free(m);
	free(raw);
}

static void
deep_nesting_is_refused(void **state)
{
	static const int depths[] = { 51, 1000 };
	size_t i, len;
	char *raw;

	for (i = 0; i < 2; i++) {
		raw = nested(depths[i], &len);
		expect_refused(raw, len,
		    "The message has more than 50 levels of nested parts.");
		free(raw);
	}
}

/* A multipart/mixed of n parts, each "--b" then what follows (a blank
 * line, or a header block and a blank line), then "x". */
static char *
many_parts(int n, const char *after_dash, size_t *len)
{
	struct mq_buf b = MQ_BUF_INIT;
	int i;

	mq_buf_puts(&b, "From: a@b.example\nMIME-Version: 1.0\n"
	    "Content-Type: multipart/mixed; boundary=\"b\"\n\n"
	    "--b\nContent-Type: text/plain\n\nSTATUS\n");
	for (i = 1; i < n; i++)
		mq_buf_printf(&b, "--b\n%s\nx\n", after_dash);
	mq_buf_puts(&b, "--b--\n");
	*len = b.len;
	return mq_buf_steal(&b);
}

/* GMime builds an object of a few hundred bytes for each part or field:
 * ten MiB of parts took 1.7 GB and 14 s, before any limit was checked. */
static void
a_thousand_parts_are_read_and_more_refused(void **state)
{
	struct mq_mime_msg *m = NULL;
	struct mq_buf want = MQ_BUF_INIT;
	size_t len;
	char *raw;
	int i;

	/* the multipart itself is one part too: 998 inside, with the close;
	 * the text parts of a multipart/mixed are all read, in order */
	raw = many_parts(998, "Content-Type: text/plain\n", &len);
	assert_int_equal(mq_mime_parse(raw, len, &m, NULL), 0);
	mq_buf_puts(&want, "STATUS");
	for (i = 1; i < 998; i++)
		mq_buf_puts(&want, "\nx");
	assert_string_equal(m->text, mq_buf_str(&want));
	mq_buf_free(&want);
	mq_mime_msg_free(m);
	free(raw);
	raw = many_parts(200000, "", &len);
	expect_refused(raw, len, "The message has more than 1000 parts.");
	free(raw);
	raw = many_parts(5000, "Content-Type: text/plain\n", &len);
	expect_refused(raw, len, "The message has more than 1000 parts.");
	free(raw);
}

static void
ten_thousand_header_fields_are_refused(void **state)
{
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_mime_msg *m = NULL;
	int i;

	mq_buf_puts(&b, "From: a@b.example\n");
	for (i = 0; i < 9000; i++)
		mq_buf_puts(&b, "X-H: a\n");
	mq_buf_puts(&b, "\nSTATUS\n");
	assert_int_equal(mq_mime_parse(b.data, b.len, &m, NULL), 0);
	mq_mime_msg_free(m);
	mq_buf_free(&b);
	mq_buf_puts(&b, "From: a@b.example\n");
	for (i = 0; i < 1000000; i++)
		mq_buf_puts(&b, "X-H: a\n");
	mq_buf_puts(&b, "\nSTATUS\n");
	expect_refused(b.data, b.len,
	    "The message has more than 10000 header fields.");
	mq_buf_free(&b);
}

/* n addresses in one Cc field, folded, each on a line of its own: no
 * header line is long. The tag's address is in To, first. */
static char *
many_cc(int n, int same, size_t *len)
{
	struct mq_buf b = MQ_BUF_INIT;
	int i;

	mq_buf_puts(&b, "From: a@b.example\nTo: game+g.0.t@x.example\nCc: ");
	for (i = 0; i < n; i++)
		mq_buf_printf(&b, "%su%d@x.example", i ? ",\n " : "",
		    same ? 0 : i);
	mq_buf_puts(&b, "\n\nSTATUS\n");
	*len = b.len;
	return mq_buf_steal(&b);
}

/* Their de-duplication compares each with those before: a folded Cc of
 * 300,000 addresses was minutes of strcmp. The first 1000 are read. */
static void
the_first_thousand_recipients_are_read(void **state)
{
	struct mq_mime_msg *m = NULL;
	size_t len;
	char *raw;
	int same;

	raw = many_cc(5000, 0, &len);
	assert_int_equal(mq_mime_parse(raw, len, &m, NULL), 0);
	assert_string_equal(m->recipients[0], "game+g.0.t@x.example");
	assert_string_equal(m->recipients[999], "u998@x.example");
	assert_null(m->recipients[1000]);
	mq_mime_msg_free(m);
	free(raw);
	/* the same one, again and again: read as one, and counted */
	for (same = 0; same < 2; same++) {
		raw = many_cc(same ? 12000 : 999, 1, &len);
		assert_int_equal(mq_mime_parse(raw, len, &m, NULL), 0);
		assert_string_equal(m->recipients[1], "u0@x.example");
		assert_null(m->recipients[2]);
		mq_mime_msg_free(m);
		free(raw);
	}
}

static char *
long_header(size_t n, int in_part, size_t *len)
{
	struct mq_buf b = MQ_BUF_INIT;
	size_t i;

	mq_buf_puts(&b, "From: a@b.example\n");
	if (in_part)
		mq_buf_puts(&b, "Content-Type: multipart/mixed; boundary=B\n\n"
		    "--B\nContent-Type: text/plain\n");
	mq_buf_puts(&b, "X-Long: ");
	for (i = 0; i < n; i++)
		mq_buf_putc(&b, 'x');
	mq_buf_puts(&b, in_part ? "\n\nbody\n--B--\n" : "\n\nbody\n");
	*len = b.len;
	return mq_buf_steal(&b);
}

static void
header_line_over_64_kib_is_refused(void **state)
{
	struct mq_mime_msg *m = NULL;
	size_t len;
	char *raw;
	int part;

	for (part = 0; part < 2; part++) {
		raw = long_header(100 * 1000, part, &len);
		expect_refused(raw, len,
		    "The message has a header line longer than 64 KiB.");
		free(raw);
		/* "X-Long: " and 65528 bytes: exactly 64 KiB, accepted. */
		raw = long_header(65528, part, &len);
		assert_int_equal(mq_mime_parse(raw, len, &m, NULL), 0);
		assert_string_equal(m->text, part ? "body" : "body\n");
		mq_mime_msg_free(m);
		free(raw);
	}
}

/* GMime grows its copy of a folded field a line at a time: a Cc folded
 * over 4 MiB was minutes under ASan. Lines of 1000 bytes, none long. */
static void
header_field_folded_over_256_kib_is_refused(void **state)
{
	struct mq_mime_msg *m = NULL;
	struct mq_buf b = MQ_BUF_INIT;
	int i, part;

	for (part = 0; part < 2; part++) {
		mq_buf_puts(&b, "From: a@b.example\n");
		if (part)
			mq_buf_puts(&b, "Content-Type: multipart/mixed; boundary=B"
			    "\n\n--B\nContent-Type: text/plain\n");
		mq_buf_puts(&b, "X-Folded: x");
		for (i = 0; i < 250; i++) {
			mq_buf_puts(&b, "\n ");
			while (b.len % 1000 != 0)
				mq_buf_putc(&b, 'x');
		}
		mq_buf_puts(&b, part ? "\n\nbody\n--B--\n" : "\n\nbody\n");
		assert_int_equal(mq_mime_parse(b.data, b.len, &m, NULL), 0);
		assert_string_equal(m->text, part ? "body" : "body\n");
		mq_mime_msg_free(m);
		m = NULL;
		mq_buf_reset(&b);
		mq_buf_puts(&b, "From: a@b.example\n");
		if (part)
			mq_buf_puts(&b, "Content-Type: multipart/mixed; boundary=B"
			    "\n\n--B\nContent-Type: text/plain\n");
		mq_buf_puts(&b, "X-Folded: x");
		for (i = 0; i < 4000; i++) {
			mq_buf_puts(&b, "\n ");
			while (b.len % 1000 != 0)
				mq_buf_putc(&b, 'x');
		}
		mq_buf_puts(&b, part ? "\n\nbody\n--B--\n" : "\n\nbody\n");
		expect_refused(b.data, b.len,
		    "The message has a header field longer than 256 KiB.");
		mq_buf_reset(&b);
	}
	mq_buf_free(&b);
}

static void
long_body_line_is_not_a_header(void **state)
{
	struct mq_mime_msg *m = NULL;
	struct mq_buf b = MQ_BUF_INIT;
	size_t i;

	mq_buf_puts(&b, "From: a@b.example\n\n--\n");
	for (i = 0; i < 100000; i++)
		mq_buf_putc(&b, '<');
	assert_int_equal(mq_mime_parse(b.data, b.len, &m, NULL), 0);
	assert_int_equal(strlen(m->text), 3 + 100000);
	mq_mime_msg_free(m);
	/* nor, past 256 KiB, a header field */
	for (i = 0; i < 200000; i++)
		mq_buf_putc(&b, '<');
	assert_int_equal(mq_mime_parse(b.data, b.len, &m, NULL), 0);
	assert_int_equal(strlen(m->text), 3 + 300000);
	mq_mime_msg_free(m);
	mq_buf_free(&b);
}

static void
garbage_never_crashes(void **state)
{
	static const char *const junk[] = {
		"", "\n", "\r\n\r\n", ":", "Content-Type: multipart/mixed\n\n--",
		"Content-Type: multipart/mixed; boundary=\"\"\n\n--\n--\n",
		"Content-Type: text/plain; charset=\"\n\nx",
		"Content-Type: text/plain; charset=\n\n\x80",
		"Content-Transfer-Encoding: base64\n\n====",
		"Content-Type: message/rfc822\n\n",
		"From: <>\nTo: ,,,\nCc: ;:@\nSubject: =?\n\nx",
	};
	struct mq_mime_msg *m;
	size_t i;

	for (i = 0; i < sizeof(junk) / sizeof(junk[0]); i++) {
		m = NULL;
		if (mq_mime_parse(junk[i], strlen(junk[i]), &m, NULL) == 0)
			assert_true(mq_mime_utf8_valid(m->text, strlen(m->text)));
		mq_mime_msg_free(m);
	}
	/* Reached without a crash or a sanitizer report. */
	assert_true(i == sizeof(junk) / sizeof(junk[0]));
}

static void
init_is_idempotent(void **state)
{
	struct mq_mime_msg *m = NULL;

	mq_mime_init();
	mq_mime_init();
	assert_int_equal(mq_mime_parse("Subject: x\n\ny\n", 14, &m, NULL), 0);
	assert_string_equal(m->text, "y\n");
	mq_mime_msg_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(iso2022jp_body_and_subject_decode),
		cmocka_unit_test(shift_jis_reads_as_cp932),
		cmocka_unit_test(euc_jp_base64_decodes),
		cmocka_unit_test(gb2312_label_reads_gbk_bytes),
		cmocka_unit_test(gb18030_four_byte_sequences_decode),
		cmocka_unit_test(big5_decodes),
		cmocka_unit_test(latin1_label_reads_windows1252_quotes),
		cmocka_unit_test(iso8859_15_has_euro),
		cmocka_unit_test(us_ascii_label_reads_windows1252),
		cmocka_unit_test(missing_charset_valid_utf8_is_utf8),
		cmocka_unit_test(missing_charset_invalid_utf8_is_windows1252),
		cmocka_unit_test(unlabelled_cjk_is_guessed),
		cmocka_unit_test(missing_content_type_is_text),
		cmocka_unit_test(broken_charset_label_falls_back),
		cmocka_unit_test(unknown_charset_label_with_utf8_bytes),
		cmocka_unit_test(bom_is_stripped),
		cmocka_unit_test(bom_overrides_wrong_label),
		cmocka_unit_test(nul_bytes_are_removed),
		cmocka_unit_test(invalid_utf8_becomes_replacement_chars),
		cmocka_unit_test(cr_and_crlf_become_lf),
		cmocka_unit_test(to_utf8_handles_odd_input),
		cmocka_unit_test(quoted_printable_crlf_message),
		cmocka_unit_test(base64_utf8),
		cmocka_unit_test(alternative_prefers_plain),
		cmocka_unit_test(alternative_plain_wins_even_after_html),
		cmocka_unit_test(alternative_blank_plain_reads_the_html),
		cmocka_unit_test(mixed_skips_attachments),
		cmocka_unit_test(mixed_text_around_a_picture_is_all_read),
		cmocka_unit_test(mixed_leaves_out_attachments_and_named_files),
		cmocka_unit_test(attachment_alone_is_named),
		cmocka_unit_test(mixed_alternatives_around_a_picture_are_all_read),
		cmocka_unit_test(apple_mail_inline_pictures),
		cmocka_unit_test(html_around_a_picture_is_all_read),
		cmocka_unit_test(alternative_plain_beside_split_html_is_read_once),
		cmocka_unit_test(quote_after_a_picture_is_cut),
		cmocka_unit_test(mixed_html_copy_of_the_text_is_read_once),
		cmocka_unit_test(mixed_html_copy_of_joined_texts_is_read_once),
		cmocka_unit_test(format_flowed_lines_join),
		cmocka_unit_test(format_flowed_delsp_deletes_the_space),
		cmocka_unit_test(format_flowed_signature_line_stands_alone),
		cmocka_unit_test(fixed_format_keeps_trailing_space_lines),
		cmocka_unit_test(html_only_gmail_drops_quote),
		cmocka_unit_test(html_only_outlook_drops_reply_block),
		cmocka_unit_test(html_only_blockquote_dropped),
		cmocka_unit_test(truncated_multipart_keeps_what_arrived),
		cmocka_unit_test(headers_only_message_has_empty_text),
		cmocka_unit_test(multipart_without_boundary_is_refused),
		cmocka_unit_test(no_text_part_is_refused),
		cmocka_unit_test(headers_are_decoded),
		cmocka_unit_test(recipients_in_order_lowercased_deduplicated),
		cmocka_unit_test(recipients_delivered_to_first),
		cmocka_unit_test(missing_headers_are_null),
		cmocka_unit_test(references_keep_the_last),
		cmocka_unit_test(subject_with_padded_base64_words),
		cmocka_unit_test(subject_of_many_charset_runs_is_read_in_part),
		cmocka_unit_test(quoted_local_part_loses_needless_quotes),
		cmocka_unit_test(from_of_several_senders_is_flagged),
		cmocka_unit_test(auto_submitted_is_auto_reply),
		cmocka_unit_test(auto_submitted_no_is_not),
		cmocka_unit_test(precedence_bulk_and_list_are_auto),
		cmocka_unit_test(precedence_junk_is_auto),
		cmocka_unit_test(x_autoreply_headers_are_auto),
		cmocka_unit_test(vacation_subjects_in_european_languages_are_auto),
		cmocka_unit_test(vacation_subjects_are_auto),
		cmocka_unit_test(delivery_status_report_is_bounce),
		cmocka_unit_test(opensmtpd_bounce_is_bounce),
		cmocka_unit_test(forwarded_report_from_a_player_is_no_bounce),
		cmocka_unit_test(bounce_recipient_read_strictly),
		cmocka_unit_test(bounce_recipient_read_from_the_report),
		cmocka_unit_test(postmaster_with_empty_return_path_is_bounce),
		cmocka_unit_test(message_over_10_mib_is_refused),
		cmocka_unit_test(fifty_nested_multiparts_are_read),
		cmocka_unit_test(deep_nesting_is_refused),
		cmocka_unit_test(a_thousand_parts_are_read_and_more_refused),
		cmocka_unit_test(ten_thousand_header_fields_are_refused),
		cmocka_unit_test(the_first_thousand_recipients_are_read),
		cmocka_unit_test(header_line_over_64_kib_is_refused),
		cmocka_unit_test(header_field_folded_over_256_kib_is_refused),
		cmocka_unit_test(long_body_line_is_not_a_header),
		cmocka_unit_test(garbage_never_crashes),
		cmocka_unit_test(init_is_idempotent),
		cmocka_unit_test(date_header_is_read),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
