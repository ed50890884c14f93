/*
 * test_transport.c - what the mail transports share (mail/transport.h):
 * the server as a sentence names it never shows the URL's userinfo, which
 * may hold the password.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "mail/transport.h"

static void
host_drops_userinfo_and_path(void **state)
{
	char h[32];

	(void)state;
	mq_transport_host(h, sizeof(h), "imaps://bob:s3cret@mail.test:993/INBOX");
	assert_string_equal(h, "mail.test:993");
	mq_transport_host(h, sizeof(h), "smtp://mail.test");
	assert_string_equal(h, "mail.test");
	/* an '@' in the path is no userinfo */
	mq_transport_host(h, sizeof(h), "imap://mail.test/a@b");
	assert_string_equal(h, "mail.test");
	/* no scheme: the whole, up to the path */
	mq_transport_host(h, sizeof(h), "u@mail.test/x");
	assert_string_equal(h, "mail.test");
	/* cut to fit */
	mq_transport_host(h, 5, "smtps://mail.test");
	assert_string_equal(h, "mail");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(host_drops_userinfo_and_path),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
