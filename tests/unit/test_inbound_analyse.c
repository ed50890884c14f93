/*
 * test_inbound_analyse.c - a message read by its head alone (a mail too
 * large to read whole): its headers read within the bytes given.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "daemon/inbound_int.h"

/* The head of s, in a buffer of exactly its length: no NUL after it. */
static char *
exact(const char *s, size_t *len)
{
	char *p;

	*len = strlen(s);
	p = malloc(*len);
	assert_non_null(p);
	memcpy(p, s, *len);
	return p;
}

static void
read_head(const char *s, const char *from, int bounce)
{
	struct analysis a;
	struct mq_err err;
	size_t len;
	char *head = exact(s, &len);

	assert_int_equal(mq_inbound_analyse_oversize(head, len, 20u << 20, 10,
	    &a, &err), 0);
	assert_non_null(a.msg);
	assert_string_equal(a.msg->from, from);
	assert_int_equal(a.msg->bounce, bounce);
	assert_int_equal(a.drop, bounce);
	assert_non_null(strstr(a.auth, "larger than 10 MiB"));
	mq_inbound_analysis_free(&a);
	free(head);
}

/*
 * A head cut inside a field's name: the names "content-", "content-type:"
 * and "mime-version:" were compared past its last byte (under ASan, a
 * heap-buffer-overflow read).
 */
static void
head_cut_in_a_field_name_is_read_within_it(void **state)
{
	(void)state;
	read_head("From: a@b.test\nSubject: big\nContent-Typ", "a@b.test", 0);
	read_head("From: a@b.test\nSubject: big\nConte", "a@b.test", 0);
	read_head("From: a@b.test\nSubject: big\nMIME-Vers", "a@b.test", 0);
	read_head("From: a@b.test\nContent-Type: multipart/report\n"
	    "Subject: big\n\n", "a@b.test", 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(head_cut_in_a_field_name_is_read_within_it),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
