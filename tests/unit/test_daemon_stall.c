/*
 * test_daemon_stall.c - the games a pass stalls (daemon.h): a game whose
 * message could not be processed waits, its later mail and deadlines too;
 * past the most the list holds, every game waits for that pass, rather than
 * one play on (its deadline's default applied) past a move of its own.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "daemon/daemon.h"

static void
game_id(int i, char out[MQ_GAME_ID_LEN + 1])
{
	static const char b32[] = "abcdefghijklmnopqrstuvwxyz234567";

	snprintf(out, MQ_GAME_ID_LEN + 1, "game%c%c%c%c", b32[i / 32 % 32],
	    b32[i % 32], 'a', 'a');
}

static void
test_stalled_games(void **state)
{
	static struct mq_daemon d;
	char id[MQ_GAME_ID_LEN + 1];
	int i;

	(void)state;
	memset(&d, 0, sizeof(d));
	mq_daemon_stall(&d, "");		/* no game: nothing */
	assert_int_equal(d.nstalled, 0);
	for (i = 0; i < MQ_DAEMON_STALLED_MAX; i++) {
		game_id(i, id);
		mq_daemon_stall(&d, id);
		mq_daemon_stall(&d, id);	/* once each */
	}
	assert_int_equal(d.nstalled, MQ_DAEMON_STALLED_MAX);
	assert_int_equal(d.stall_all, 0);
	game_id(3, id);
	assert_int_equal(mq_daemon_stalled(&d, id), 1);
	game_id(MQ_DAEMON_STALLED_MAX, id);
	assert_int_equal(mq_daemon_stalled(&d, id), 0);
	/* one more than the list holds: every game waits */
	mq_daemon_stall(&d, id);
	assert_int_equal(d.stall_all, 1);
	assert_int_equal(mq_daemon_stalled(&d, "zzzzzzzz"), 1);
	assert_int_equal(mq_daemon_stalled(&d, id), 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stalled_games),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
