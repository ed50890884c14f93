/*
 * test_spool.c - the outbound queue's put (daemon/spool.h): a mail is one
 * file, NAME.eml, holding its recipient line and the message, with no other
 * name left beside it; a mail spooled again under its name (a message read
 * again after a crash) replaces the first and starts its tries afresh; a
 * recipient with a line break is refused and nothing is written.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/stat.h>

#include "err.h"
#include "daemon/spool.h"
#include "file_fixture.h"

static void
test_put_and_put_again(void **state)
{
	char data[] = "/tmp/mq-spool.XXXXXX", spool[64], path[128], retry[128],
	    buf[512];
	struct mq_err err;
	struct stat sb;

	(void)state;
	assert_non_null(mkdtemp(data));
	snprintf(spool, sizeof(spool), "%s/spool", data);
	assert_int_equal(mkdir(spool, 0700), 0);
	snprintf(path, sizeof(path), "%s/g-1-receipt-alice.eml", spool);
	snprintf(retry, sizeof(retry), "%s/g-1-receipt-alice.retry", spool);

	assert_int_equal(mq_spool_put(data, "g-1-receipt-alice", "a@x.test",
	    "Subject: one\r\n\r\nfirst\r\n", 23, &err), 0);
	ff_slurp(path, buf, sizeof(buf));
	assert_string_equal(buf, "X-Masqued-Envelope-To: a@x.test\r\n"
	    "Subject: one\r\n\r\nfirst\r\n");
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0600);	/* private views */
	assert_int_equal(ff_names(spool, NULL), 1);

	/* a failed try left its count; the mail comes again */
	FILE *f = fopen(retry, "w");
	assert_non_null(f);
	fputs("5 1790000000\nno answer\n", f);
	fclose(f);
	assert_int_equal(mq_spool_put(data, "g-1-receipt-alice", "a@x.test",
	    "Subject: one\r\n\r\nagain\r\n", 23, &err), 0);
	ff_slurp(path, buf, sizeof(buf));
	assert_non_null(strstr(buf, "again"));
	assert_int_equal(stat(retry, &sb), -1);		/* tries afresh */
	assert_int_equal(ff_names(spool, NULL), 1);

	/* a line break in the recipient: refused, nothing written */
	assert_int_equal(mq_spool_put(data, "g-2-receipt-bob", "b@x.test\r\nRCPT",
	    "x", 1, &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "line break"));
	assert_int_equal(ff_names(spool, NULL), 1);

	unlink(path);
	rmdir(spool);
	rmdir(data);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_put_and_put_again),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
