/*
 * test_mime_out.c - mq_mime_build: exact bytes, line limits, refusals, and
 * the round trip through mq_mime_parse.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "mail/mime_in.h"
#include "mail/mime_out.h"

static struct mq_mail_out
basic(void)
{
	struct mq_mail_out m;

	memset(&m, 0, sizeof(m));
	m.from = "masqued <game@pbem.test>";
	m.to = "carol@example.org";
	m.subject = "[Masque g7f3] 9:20 - choose your action";
	m.message_id = "g7f3.3.7@pbem.test";
	m.date = 1767261600;	/* 2026-01-01 10:00:00 UTC, a Thursday */
	m.text = "PLAY jest\n";
	return m;
}

static char *
build(const struct mq_mail_out *m, size_t *len)
{
	struct mq_err err = { 0, "" };
	char *raw = NULL;
	size_t n = 0;

	if (mq_mime_build(m, &raw, &n, &err) != 0)
		fail_msg("build: %s", err.msg);
	assert_non_null(raw);
	assert_int_equal(strlen(raw), n);
	if (len != NULL)
		*len = n;
	return raw;
}

static void
text_only_message_exact_bytes(void **state)
{
	struct mq_mail_out m = basic();
	char *raw = build(&m, NULL);

	assert_string_equal(raw,
	    "Date: Thu, 01 Jan 2026 10:00:00 +0000\r\n"
	    "From: masqued <game@pbem.test>\r\n"
	    "To: carol@example.org\r\n"
	    "Subject: [Masque g7f3] 9:20 - choose your action\r\n"
	    "Message-ID: <g7f3.3.7@pbem.test>\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Auto-Submitted: auto-generated\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: quoted-printable\r\n"
	    "\r\n"
	    "PLAY jest\r\n");
	free(raw);
}

static void
threading_and_extra_headers(void **state)
{
	static const char *const extra[] = { "X-Masqued-Game: g7f3", NULL };
	struct mq_mail_out m = basic();
	char *raw;

	m.reply_to = "game+g7f3.1.abcdefghijklmnop@pbem.test";
	m.in_reply_to = "g7f3.3.6@pbem.test";
	m.references = "g7f3.3.1@pbem.test  g7f3.3.6@pbem.test";
	m.extra_headers = extra;
	raw = build(&m, NULL);
	assert_non_null(strstr(raw, "\r\nReply-To: "
	    "game+g7f3.1.abcdefghijklmnop@pbem.test\r\n"));
	assert_non_null(strstr(raw, "\r\nIn-Reply-To: <g7f3.3.6@pbem.test>\r\n"));
	assert_non_null(strstr(raw, "\r\nReferences: <g7f3.3.1@pbem.test> "
	    "<g7f3.3.6@pbem.test>\r\n"));
	assert_non_null(strstr(raw, "\r\nAuto-Submitted: auto-generated\r\n"
	    "X-Masqued-Game: g7f3\r\n"));
	free(raw);
}

static void
multipart_boundary_is_hash_of_message_id(void **state)
{
	struct mq_mail_out m = basic();
	unsigned char h[16];
	char hex[33], want[256];
	char *a, *b;

	m.html = "<p>PLAY jest</p>";
	a = build(&m, NULL);
	b = build(&m, NULL);
	assert_string_equal(a, b);	/* deterministic */
	assert_int_equal(sodium_init() >= 0, 1);
	crypto_generichash(h, sizeof(h), (const unsigned char *)m.message_id,
	    strlen(m.message_id), NULL, 0);
	sodium_bin2hex(hex, sizeof(hex), h, sizeof(h));
	snprintf(want, sizeof(want), "Content-Type: multipart/alternative;\r\n"
	    " boundary=\"=_mq_%s\"\r\n\r\n--=_mq_%s\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n", hex, hex);
	assert_non_null(strstr(a, want));
	snprintf(want, sizeof(want), "PLAY jest\r\n\r\n--=_mq_%s\r\n"
	    "Content-Type: text/html; charset=utf-8\r\n", hex);
	assert_non_null(strstr(a, want));
	snprintf(want, sizeof(want), "\r\n--=_mq_%s--\r\n", hex);
	assert_non_null(strstr(a, want));
	assert_int_equal(strlen(strstr(a, want)), strlen(want));
	free(b);
	m.message_id = "other@pbem.test";
	b = build(&m, NULL);
	assert_null(strstr(b, hex));
	free(a);
	free(b);
}

/* Every line ends in CRLF; headers <= 78, body <= 76 characters. */
static void
assert_lines_within_limits(const char *raw)
{
	const char *p = raw, *nl;
	int body = 0;

	while (*p != '\0') {
		nl = strstr(p, "\r\n");
		assert_non_null(nl);
		assert_null(memchr(p, '\n', (size_t)(nl - p)));
		assert_null(memchr(p, '\r', (size_t)(nl - p)));
		assert_true(nl - p <= (body ? 76 : 78));
		if (nl == p)
			body = 1;
		p = nl + 2;
	}
}

static void
cjk_round_trip(void **state)
{
	struct mq_mail_out m = basic();
	struct mq_mime_msg *in = NULL;
	struct mq_err err = { 0, "" };
	size_t len;
	char *raw;

	m.from = "仮面舞踏会 サーバー <game@pbem.test>";
	m.to = "\"Carol, the Red\" <Carol@Example.org>";
	m.subject = "[Masque g7f3] 9:20 — 行動を選んでください。"
	    "选择你的行动，然后回复这封邮件。Choose now";
	m.in_reply_to = "g7f3.3.6@pbem.test";
	m.text = "こんにちは、Carol。\n选择你的行动：PLAY 威胁 TARGET bob\n"
	    "長い行：" "一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十"
	    "一二三四五六七八九十\n";
	m.html = "<p>こんにちは</p><p>选择你的行动</p>";
	raw = build(&m, &len);
	assert_lines_within_limits(raw);
	if (mq_mime_parse(raw, len, &in, &err) != 0)
		fail_msg("parse: %s", err.msg);
	assert_string_equal(in->text, m.text);
	assert_string_equal(in->subject, m.subject);
	assert_string_equal(in->from, "game@pbem.test");
	assert_string_equal(in->from_display, "仮面舞踏会 サーバー");
	assert_string_equal(in->message_id, m.message_id);
	assert_string_equal(in->in_reply_to, "g7f3.3.6@pbem.test");
	assert_string_equal(in->recipients[0], "carol@example.org");
	assert_int_equal(in->auto_reply, 1);	/* we mark our own mail */
	mq_mime_msg_free(in);
	free(raw);
}

static void
quoted_printable_edge_cases_round_trip(void **state)
{
	static const char *const texts[] = {
		"trailing space \nand tab\t\n",
		"a=b =?x?= 100%\n",
		".\n.leading dot\nFrom the start\n",
		"no final newline",
		"",
		"\n\n\n",
		/* one line of 110 characters, past QP's 76; in parentheses,
		 * as clang takes two adjacent literals in an array for a
		 * missing comma (-Wstring-concatenation) */
		("0123456789012345678901234567890123456789012345678901234567890123"
		 "4567890123456789012345678901234567890123456789\n"),
		"€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€\n",
	};
	struct mq_mail_out m = basic();
	struct mq_mime_msg *in;
	size_t i, len;
	char *raw;
	int html;

	for (html = 0; html < 2; html++) {
		m.html = html ? "<p>x</p>" : NULL;
		for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
			m.text = texts[i];
			raw = build(&m, &len);
			assert_lines_within_limits(raw);
			in = NULL;
			assert_int_equal(mq_mime_parse(raw, len, &in, NULL), 0);
			/* a blank plain part beside HTML gives way to it, as a
			 * client that writes HTML sends one (mime_in.c) */
			if (html && strspn(texts[i], "\n") == strlen(texts[i]))
				assert_string_equal(in->text, "x\n");
			else
				assert_string_equal(in->text, texts[i]);
			mq_mime_msg_free(in);
			free(raw);
		}
	}
}

/*
 * Random texts of the pieces that steer the encoder (tabs and spaces before
 * line ends, "=", dots and "From " at line starts, UTF-8, long plain runs
 * that cross the sixteen-byte scan and the 76-column fold): each reads back
 * exactly, within the line limits, with no line starting "." or "From ".
 */
static void
quoted_printable_random_texts_round_trip(void **state)
{
	static const char *const pieces[] = { "a", "b", " ", "\t", "=", ".", "From ",
	    "\n", "\r\n", "é", "€", "仮面", "0123456789abcdefghij", "<td style=\"x\">",
	    " \n", "\t\n", "=\n" };
	struct mq_mail_out m = basic();
	struct mq_mime_msg *in;
	char text[2048], *raw, *p;
	uint32_t x = 2463534242u;	/* xorshift32: the same texts every run */
	size_t len, n, k, i;
	int round;

	for (round = 0; round < 3000; round++) {
		n = 0;
		x ^= x << 13; x ^= x >> 17; x ^= x << 5;
		for (k = x % 60; k > 0; k--) {
			x ^= x << 13; x ^= x >> 17; x ^= x << 5;
			i = x % (sizeof(pieces) / sizeof(pieces[0]));
			if (n + strlen(pieces[i]) >= sizeof(text))
				break;
			memcpy(text + n, pieces[i], strlen(pieces[i]));
			n += strlen(pieces[i]);
		}
		text[n] = '\0';
		m.text = text;
		raw = build(&m, &len);
		assert_lines_within_limits(raw);
		for (p = strstr(raw, "\r\n\r\n"); p != NULL && (p = strstr(p, "\r\n")) != NULL; p += 2)
			if (p[2] == '.' || strncmp(p + 2, "From ", 5) == 0)
				fail_msg("a line starts with \".\" or \"From \": %s", text);
		in = NULL;
		assert_int_equal(mq_mime_parse(raw, len, &in, NULL), 0);
		/* a lone CR LF in the text reads back as LF */
		for (p = text, k = 0; *p; p++)
			if (!(p[0] == '\r' && p[1] == '\n'))
				text[k++] = *p;
		text[k] = '\0';
		if (strcmp(in->text, text) != 0)
			fail_msg("round trip differs for: %s", text);
		mq_mime_msg_free(in);
		free(raw);
	}
}

static void
quoted_printable_protects_dots_and_from(void **state)
{
	struct mq_mail_out m = basic();
	char *raw;

	m.text = ".\nFrom me\nx \n";
	raw = build(&m, NULL);
	assert_non_null(strstr(raw, "\r\n\r\n=2E\r\n=46rom me\r\nx=20\r\n"));
	free(raw);
}

static void
long_ascii_subject_folds_at_spaces(void **state)
{
	struct mq_mail_out m = basic();
	struct mq_mime_msg *in = NULL;
	size_t len;
	char *raw;

	m.subject = "[Masque g7f3] a very long subject line that goes on and "
	    "on past the seventy-eight character limit of a header line";
	raw = build(&m, &len);
	assert_non_null(strstr(raw, "\r\nSubject: [Masque g7f3] a very long "
	    "subject line that goes on and on past the\r\n seventy-eight"));
	assert_lines_within_limits(raw);
	assert_int_equal(mq_mime_parse(raw, len, &in, NULL), 0);
	assert_string_equal(in->subject, m.subject);
	mq_mime_msg_free(in);
	free(raw);
}

static void
expect_refused(const struct mq_mail_out *m, const char *msg)
{
	struct mq_err err = { 0, "" };
	char *raw = (char *)1;
	size_t len = 1;

	assert_int_equal(mq_mime_build(m, &raw, &len, &err), MQ_REFUSED);
	assert_null(raw);
	assert_int_equal(len, 0);
	assert_string_equal(err.msg, msg);
}

static void
line_breaks_in_headers_are_refused(void **state)
{
	static const char *const bad_extra[] = { "X-A: b\r\nBcc: x@y", NULL };
	struct mq_mail_out m = basic();

	m.subject = "hi\r\nBcc: victim@example.org";
	expect_refused(&m, "The Subject header contains a line break.");
	m = basic();
	m.to = "carol@example.org\nBcc: x@y";
	expect_refused(&m, "The To header contains a line break.");
	m = basic();
	m.references = "a@b\rc@d";
	expect_refused(&m, "The References header contains a line break.");
	m = basic();
	m.extra_headers = bad_extra;
	expect_refused(&m, "The X-A header contains a line break.");
}

static void
bad_input_is_refused(void **state)
{
	static const char *const ours[] = { "content-type: text/html", NULL };
	static const char *const noname[] = { ": x", NULL };
	struct mq_mail_out m = basic();

	m.text = "bad \xff utf-8";
	expect_refused(&m, "The message body is not valid UTF-8.");
	m = basic();
	m.subject = "\xc3";
	expect_refused(&m, "The Subject header is not valid UTF-8.");
	m = basic();
	m.to = "Carol <carol at example.org>";
	expect_refused(&m, "The To address \"Carol <carol at example.org>\" is "
	    "not a plain ASCII address.");
	m = basic();
	m.to = "キャロル@example.org";
	expect_refused(&m, "The To address \"キャロル@example.org\" is not a "
	    "plain ASCII address.");
	m = basic();
	m.message_id = "<a@b>";
	expect_refused(&m, "The Message-ID \"<a@b>\" has a character not "
	    "allowed in a message id.");
	m = basic();
	m.extra_headers = ours;
	expect_refused(&m, "The extra header Content-Type is one the message "
	    "sets itself.");
	m = basic();
	m.extra_headers = noname;
	expect_refused(&m, "The extra header \": x\" has no valid name.");
	m = basic();
	m.subject = NULL;
	expect_refused(&m, "The message lacks a From, To, Subject, Message-ID "
	    "or text.");
}

/*
 * mq_mime_addr_ok: what an answer can be addressed to. An address longer
 * than RFC 5321's 254 octets (a path of 256 with its brackets) cannot be:
 * no SMTP server takes it, the spool's recipient line keeps 511 bytes and
 * the rate table 255, so it was answered to a cut address, and each of its
 * messages took a new rate slot (the limit never caught it).
 */
static void
addresses_that_can_be_answered(void **state)
{
	char addr[300];

	(void)state;
	assert_true(mq_mime_addr_ok("carol@example.org"));
	assert_true(mq_mime_addr_ok("a+b.c@[192.0.2.1]"));
	assert_false(mq_mime_addr_ok(NULL));
	assert_false(mq_mime_addr_ok(""));
	assert_false(mq_mime_addr_ok("carol"));
	assert_false(mq_mime_addr_ok("\"a b\"@x.test"));
	assert_false(mq_mime_addr_ok("キャロル@example.org"));
	assert_false(mq_mime_addr_ok("Carol <carol@example.org>"));
	/* 254 octets: the longest */
	memset(addr, 'a', 64);
	addr[64] = '@';
	memset(addr + 65, 'b', 254 - 65);
	addr[254] = '\0';
	assert_true(mq_mime_addr_ok(addr));
	addr[254] = 'b';
	addr[255] = '\0';
	assert_false(mq_mime_addr_ok(addr));
	memset(addr, 'a', 298);
	addr[100] = '@';
	addr[298] = '\0';
	assert_false(mq_mime_addr_ok(addr));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(text_only_message_exact_bytes),
		cmocka_unit_test(threading_and_extra_headers),
		cmocka_unit_test(multipart_boundary_is_hash_of_message_id),
		cmocka_unit_test(cjk_round_trip),
		cmocka_unit_test(quoted_printable_edge_cases_round_trip),
		cmocka_unit_test(quoted_printable_random_texts_round_trip),
		cmocka_unit_test(quoted_printable_protects_dots_and_from),
		cmocka_unit_test(long_ascii_subject_folds_at_spaces),
		cmocka_unit_test(line_breaks_in_headers_are_refused),
		cmocka_unit_test(bad_input_is_refused),
		cmocka_unit_test(addresses_that_can_be_answered),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
