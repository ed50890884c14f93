/*
 * test_transport.c - what the mail transports share (mail/transport.h):
 * the server as a sentence names it never shows the URL's userinfo, which
 * may hold the password; a TLS fault the host can mend is said with how.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "mail/transport.h"
#include "mail/transport_curl.h"

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

/* a certificate that could not be checked points at tls_ca_file, for
 * both servers; other failures get no hint */
static void
tls_hint_names_the_ca_key(void **state)
{
	const char *h;
	int smtp;

	(void)state;
	for (smtp = 0; smtp < 2; smtp++) {
		h = mq_transport_tls_hint(CURLE_PEER_FAILED_VERIFICATION,
		    "SSL certificate problem: self-signed certificate", smtp);
		assert_non_null(h);
		assert_string_equal(h, "if the server's certificate is your own, "
		    "set tls_ca_file to it");
		assert_null(mq_transport_tls_hint(CURLE_LOGIN_DENIED, "", smtp));
		assert_null(mq_transport_tls_hint(CURLE_COULDNT_CONNECT,
		    "Failed to connect", smtp));
	}
}

/* imaps:// or smtps:// at a plain-text port: OpenSSL says "wrong version
 * number", which names neither the port nor the scheme */
static void
tls_hint_names_the_scheme_for_a_plain_port(void **state)
{
	const char *said = "OpenSSL/3.0.19: error:0A00010B:SSL routines::"
	    "wrong version number";

	(void)state;
	assert_string_equal(mq_transport_tls_hint(CURLE_SSL_CONNECT_ERROR, said,
	    0), "the server did not speak TLS on that port: use imap:// (with "
	    "tls = yes for STARTTLS) for port 143, imaps:// for 993");
	assert_string_equal(mq_transport_tls_hint(CURLE_SSL_CONNECT_ERROR, said,
	    1), "the server did not speak TLS on that port: use smtp:// (with "
	    "tls = yes for STARTTLS) for port 25 or 587, smtps:// for 465");
	/* another handshake failure: no guess */
	assert_null(mq_transport_tls_hint(CURLE_SSL_CONNECT_ERROR,
	    "error:0A000410:SSL routines::sslv3 alert handshake failure", 0));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(host_drops_userinfo_and_path),
		cmocka_unit_test(tls_hint_names_the_ca_key),
		cmocka_unit_test(tls_hint_names_the_scheme_for_a_plain_port),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
