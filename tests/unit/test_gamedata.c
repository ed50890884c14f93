/*
 * test_gamedata.c - the store's cache of compiled game data: the same bytes
 * are compiled once and shared; other bytes (an edited copy) are their own
 * entry; a broken file is refused as an uncached load refuses it; a shared
 * copy's free leaves the cache's intact.
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

#include "daemon/gamedata.h"

static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *b;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	assert_non_null(b = calloc(1, (size_t)n + 1));
	assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return b;
}

static void
put(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void
test_same_bytes_are_compiled_once(void **state)
{
	struct mq_gamedata_cache *c = NULL;
	struct mq_gamedata a, b, plain, edited;
	struct mq_err err;
	char p1[] = "/tmp/mq-gd1.XXXXXX", p2[] = "/tmp/mq-gd2.XXXXXX";
	char p3[] = "/tmp/mq-gd3.XXXXXX", *text;

	(void)state;
	text = slurp("config/games/redmasque.json");
	close(mkstemp(p1));
	close(mkstemp(p2));
	close(mkstemp(p3));
	put(p1, text);
	put(p2, text);
	assert_int_equal(mq_gamedata_load_shared(&c, "redmasque", p1, &a, &err), 0);
	assert_int_equal(mq_gamedata_load_shared(&c, "redmasque", p2, &b, &err), 0);
	assert_true(a.shared && b.shared);
	assert_ptr_equal(a.data, b.data);	/* one compiled copy */
	assert_string_equal(b.path, p2);	/* each keeps its own path */
	assert_int_equal(mq_gamedata_load_file("redmasque", p1, &plain, &err), 0);
	assert_memory_equal(a.hash, plain.hash, 32);
	/* an edited copy is other data */
	put(p3, text);
	{
		FILE *f = fopen(p3, "ab");	/* trailing space: other bytes */
		fputs(" ", f);
		fclose(f);
	}
	assert_int_equal(mq_gamedata_load_shared(&c, "redmasque", p3, &edited,
	    &err), 0);
	assert_ptr_not_equal(edited.data, a.data);
	/* freeing a shared copy leaves the cache's: b still works */
	mq_gamedata_free(&a);
	assert_null(a.data);
	assert_non_null(b.data);
	/* a broken file is refused, as without the cache */
	put(p1, "{ not json");
	assert_int_equal(mq_gamedata_load_shared(&c, "redmasque", p1, &a, &err),
	    MQ_BADDATA);
	assert_non_null(strstr(err.msg, "Cannot read the game data"));
	mq_gamedata_free(&b);
	mq_gamedata_free(&edited);
	mq_gamedata_free(&plain);
	mq_gamedata_cache_free(c);
	unlink(p1);
	unlink(p2);
	unlink(p3);
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_bytes_are_compiled_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
