/*
 * test_story.c - the replay's story lines (daemon/story.c): a loss the
 * popularity track stops short of is said held at its floor; "bob: -1,
 * popularity 1 -> 1." read as a contradiction (found by a review).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "daemon/story.h"

/* The story of one Red Death event given as JSON. */
static void
story_of(const char *event, struct mq_buf *out)
{
	json_t *ev = json_loads(event, 0, NULL);
	json_t *list = json_array();

	assert_non_null(ev);
	assert_int_equal(json_array_append_new(list, ev), 0);
	mq_story_events("redmasque", NULL, list, out);
	json_decref(list);
}

static void
a_loss_held_at_the_floor_says_so(void **state)
{
	static const char *const cases[][2] = {
		{ "{\"type\": \"popularity\", \"target\": \"bob\", \"steps\": -1, "
		  "\"from\": 1, \"to\": 1}",
		  "  bob: -1, popularity 1 -> 1 (the floor of the track).\n" },
		{ "{\"type\": \"popularity\", \"target\": \"bob\", \"steps\": -2, "
		  "\"from\": 2, \"to\": 1}",
		  "  bob: -2, popularity 2 -> 1 (the floor of the track).\n" },
		/* past taken spaces to the floor: more spaces than dealt,
		 * which from and to alone read as a whole loss; the
		 * engine's "floor" says it stopped */
		{ "{\"type\": \"popularity\", \"target\": \"bob\", \"steps\": -3, "
		  "\"from\": 6, \"to\": 2, \"floor\": true}",
		  "  bob: -3, popularity 6 -> 2 (the floor of the track).\n" },
		/* a whole loss, and a gain past taken spaces: as before */
		{ "{\"type\": \"popularity\", \"target\": \"bob\", \"steps\": -2, "
		  "\"from\": 5, \"to\": 3}",
		  "  bob: -2, popularity 5 -> 3.\n" },
		{ "{\"type\": \"popularity\", \"target\": \"bob\", \"steps\": -2, "
		  "\"from\": 26, \"to\": 22}",
		  "  bob: -2, popularity 26 -> 22.\n" },
		{ "{\"type\": \"popularity\", \"target\": \"bob\", \"steps\": 2, "
		  "\"from\": 18, \"to\": 21}",
		  "  bob: +2, popularity 18 -> 21.\n" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct mq_buf b = MQ_BUF_INIT;

		story_of(cases[i][0], &b);
		assert_false(b.oom);
		assert_string_equal(mq_buf_str(&b), cases[i][1]);
		mq_buf_free(&b);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_loss_held_at_the_floor_says_so),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
