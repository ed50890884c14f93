/*
 * test_kept.c - a file a player kept, read as text (daemon/kept.c): a
 * receipt's lines pass as they are, quote marks taken off; a saved mail is
 * read to its text part; two mails in one file are refused, saying why.
 * And a file of lines that each could open a mail ("--:--", a closing
 * boundary and a header field at once) is read in time: each such line
 * made the search for a second mail read to the file's end again, a time
 * of the lines squared (20,000 took 25 s; these 100,000 would take ten
 * minutes), and each header block is now read once.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "err.h"
#include "daemon/kept.h"

static void
read_as(const char *raw, int want_rc, const char *want)
{
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_err err = { 0, "" };
	int rc = mq_kept_text(raw, strlen(raw), "the file", &text, &err);

	if (rc != want_rc)
		fail_msg("rc %d, not %d: %s", rc, want_rc, err.msg);
	if (rc == 0 && strcmp(mq_buf_str(&text), want) != 0)
		fail_msg("gave \"%s\"\n  not \"%s\"", mq_buf_str(&text), want);
	if (rc != 0 && strstr(err.msg, want) == NULL)
		fail_msg("said \"%s\"\n  not \"%s\"", err.msg, want);
	mq_buf_free(&text);
}

static void
a_receipt_quoted_reads_as_it_was(void **state)
{
	(void)state;
	read_as("> entry: 7\r\n> sig: abc\r\n", 0, "entry: 7\nsig: abc\n");
}

static void
a_saved_mail_reads_as_its_text(void **state)
{
	(void)state;
	read_as("From: masqued <game@x.test>\nMIME-Version: 1.0\n"
	    "Content-Type: text/plain; charset=utf-8\n"
	    "Content-Transfer-Encoding: quoted-printable\n\n"
	    "entry: 7=0Asig: abc\n", 0, "entry: 7\nsig: abc\n");
}

static void
two_mails_in_one_file_are_refused(void **state)
{
	(void)state;
	read_as("From: a@x.test\nMIME-Version: 1.0\nContent-Type: multipart/"
	    "mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\none\n--b--\n\n"
	    "From: a@x.test\nMIME-Version: 1.0\nContent-Type: text/plain\n\n"
	    "two\n", MQ_BADDATA, "holds more than one mail");
}

static void
lines_that_could_each_open_a_mail_are_read_once(void **state)
{
	struct mq_buf raw = MQ_BUF_INIT;
	int i;

	(void)state;
	mq_buf_puts(&raw, "Content-Type: text/plain\n\n");
	for (i = 0; i < 100000; i++)
		mq_buf_puts(&raw, "--:--\n");
	assert_false(raw.oom);
	/* a body of 100,000 boundary lines is more parts than a mail may
	 * have (mime_in.c): said, once the search is done */
	read_as(mq_buf_str(&raw), MQ_BADDATA, "more than 1000 parts");
	mq_buf_free(&raw);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_receipt_quoted_reads_as_it_was),
		cmocka_unit_test(a_saved_mail_reads_as_its_text),
		cmocka_unit_test(two_mails_in_one_file_are_refused),
		cmocka_unit_test(lines_that_could_each_open_a_mail_are_read_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
