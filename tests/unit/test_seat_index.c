/*
 * test_seat_index.c - every seat's address across the games here, read
 * once (store_seats.c): the seats an address holds now (one a game, in
 * game order, after a replace, whatever its case), the language a refusal
 * of its mail that names no game is written in (its seat's; the mail's own
 * when it plays in that one too; else the game changed last), and the
 * daemon's reading of it once a pass, forgotten when a pass starts.
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
#include <sys/time.h>
#include <unistd.h>

#include "daemon/daemon.h"
#include "daemon/store.h"

static char dir[256];
static char ja[MQ_GAME_ID_LEN + 1], zh[MQ_GAME_ID_LEN + 1];
static char two[MQ_GAME_ID_LEN + 1];
static struct mq_store store;

/* A two-player game in lang: names[i] at emails[i]. */
static void
new_game(const char *lang, const char *n0, const char *e0, const char *n1,
    const char *e1, char id[MQ_GAME_ID_LEN + 1])
{
	struct mq_new_game ng = { 0 };
	struct mq_err err;
	int rc;

	ng.kind = "redmasque";
	ng.nplayers = 4;	/* Red Death's least; the last two elsewhere */
	ng.names[0] = n0;
	ng.emails[0] = e0;
	ng.names[1] = n1;
	ng.emails[1] = e1;
	ng.names[2] = "erin";
	ng.emails[2] = "erin@elsewhere.test";
	ng.names[3] = "frank";
	ng.emails[3] = "frank@elsewhere.test";
	ng.lang = lang;
	ng.ts = 1790000000;
	rc = mq_game_create(&store, &ng, id, &err);
	if (rc)
		fail_msg("%s", err.msg);
}

static void
admin(const char *id, const char *action, const char *player,
    const char *email, const char *lang)
{
	struct mq_game *g;
	struct mq_err err;
	json_t *body;

	assert_int_equal(mq_game_open(&store, id, 1, 0, &g, &err), 0);
	body = json_pack("{s:s, s:I, s:s, s:s, s:s, s:s}", "game", id, "ts",
	    (json_int_t)1790000001, "type", "admin", "action", action, "player",
	    player, "why", "a test");
	if (email != NULL)
		json_object_set_new(body, "email", json_string(email));
	if (lang != NULL)
		json_object_set_new(body, "lang", json_string(lang));
	if (mq_game_append(g, body, &err) != 0)
		fail_msg("%s", err.msg);
	json_decref(body);
	mq_game_close(g);
}

/* The log of game id last changed at t. */
static void
touch_log(const char *id, time_t t)
{
	char path[400];
	struct timeval tv[2] = { { t, 0 }, { t, 0 } };

	snprintf(path, sizeof(path), "%s/games/%s/log", dir, id);
	assert_int_equal(utimes(path, tv), 0);
}

/*
 * Game "ja" (Japanese): alice a@x.test, who the host replaced by
 * new@x.test writing English; bob B@X.test. Game "zh" (Chinese): carol
 * b@x.test, the same address as bob's; dave d@x.test, who said SET LANG
 * en. Game "two" (English): hal h@x.test and ivy H@x.test, one address
 * on two seats, ivy's SET LANG ja. erin plays in all three, twice in none.
 */
static int
setup(void **state)
{
	struct mq_err err;

	(void)state;
	if (sodium_init() < 0)
		return -1;
	snprintf(dir, sizeof(dir), "/tmp/masqued-test-seats.%d", (int)getpid());
	if (mq_store_init(dir, &err) != 0 || mq_store_open(dir, 1, &store,
	    &err) != 0) {
		fprintf(stderr, "%s\n", err.msg);
		return -1;
	}
	new_game("ja", "alice", "a@x.test", "bob", "B@X.test", ja);
	new_game("zh", "carol", "b@x.test", "dave", "d@x.test", zh);
	admin(ja, "replace", "alice", "new@x.test", "en");
	admin(zh, "lang", "dave", NULL, "en");
	new_game("en", "hal", "h@x.test", "ivy", "H@x.test", two);
	admin(two, "lang", "ivy", NULL, "ja");
	return 0;
}

static int
teardown(void **state)
{
	char cmd[300];

	(void)state;
	mq_store_close(&store);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

/* ja's place and zh's in the store's order: 0 when ja comes first */
static int
zh_first(void)
{
	return strcmp(zh, ja) < 0;
}

static void
test_seats_an_address_holds_now(void **unused)
{
	struct mq_seat_index ix;
	struct mq_addr_seat v[8];
	struct mq_err err;

	(void)unused;
	assert_int_equal(mq_store_seat_index(&store, &ix, &err), 0);
	/* replaced: no seat; its new address has it, in any case */
	assert_int_equal(mq_seat_index_seats(&ix, "a@x.test", v, 8), 0);
	assert_int_equal(mq_seat_index_seats(&ix, "NEW@x.Test", v, 8), 1);
	assert_string_equal(v[0].game, ja);
	assert_string_equal(v[0].seat, "alice");
	/* one address, two games: both, in game order */
	assert_int_equal(mq_seat_index_seats(&ix, "b@x.test", v, 8), 2);
	assert_string_equal(v[zh_first()].game, ja);
	assert_string_equal(v[zh_first()].seat, "bob");
	assert_string_equal(v[!zh_first()].game, zh);
	assert_string_equal(v[!zh_first()].seat, "carol");
	/* at most max */
	assert_int_equal(mq_seat_index_seats(&ix, "b@x.test", v, 1), 1);
	assert_int_equal(mq_seat_index_seats(&ix, "erin@elsewhere.test", v, 8), 3);
	/* two seats of one game: its first alone */
	assert_int_equal(mq_seat_index_seats(&ix, "h@x.test", v, 8), 1);
	assert_string_equal(v[0].game, two);
	assert_string_equal(v[0].seat, "hal");
	assert_int_equal(mq_seat_index_seats(&ix, "nobody@x.test", v, 8), 0);
	assert_int_equal(mq_seat_index_seats(&ix, NULL, v, 8), 0);
	mq_seat_index_free(&ix);
	assert_null(ix.v);
	assert_int_equal(ix.n, 0);
}

static void
test_language_of_a_refusal(void **unused)
{
	struct mq_seat_index ix;
	struct mq_err err;
	char lang[8];

	(void)unused;
	assert_int_equal(mq_store_seat_index(&store, &ix, &err), 0);
	/* the seat's: replace --lang, SET LANG, the game's */
	strcpy(lang, "??");
	assert_int_equal(mq_seat_index_lang(&store, &ix, "new@x.test", NULL,
	    lang), 1);
	assert_string_equal(lang, "en");
	assert_int_equal(mq_seat_index_lang(&store, &ix, "D@x.test", "ja",
	    lang), 1);
	assert_string_equal(lang, "en");
	/* a player of both: the mail's own language when one seat has it */
	assert_int_equal(mq_seat_index_lang(&store, &ix, "b@x.test", "zh",
	    lang), 1);
	assert_string_equal(lang, "zh");
	assert_int_equal(mq_seat_index_lang(&store, &ix, "b@x.test", "ja",
	    lang), 1);
	assert_string_equal(lang, "ja");
	/* else the game whose log changed last */
	touch_log(ja, 1790000100);
	touch_log(zh, 1790000200);
	assert_int_equal(mq_seat_index_lang(&store, &ix, "b@x.test", "en",
	    lang), 1);
	assert_string_equal(lang, "zh");
	touch_log(ja, 1790000300);	/* read now, not when the index was */
	assert_int_equal(mq_seat_index_lang(&store, &ix, "b@x.test", NULL,
	    lang), 1);
	assert_string_equal(lang, "ja");
	/* a tie: the first game in order */
	touch_log(ja, 1790000400);
	touch_log(zh, 1790000400);
	assert_int_equal(mq_seat_index_lang(&store, &ix, "b@x.test", NULL,
	    lang), 1);
	assert_string_equal(lang, zh_first() ? "zh" : "ja");
	/* two seats of one game: the first speaks for it, whatever the
	 * mail is written in (ivy's Japanese is not hal's) */
	assert_int_equal(mq_seat_index_lang(&store, &ix, "h@x.test", "ja",
	    lang), 1);
	assert_string_equal(lang, "en");
	/* no seat: lang as it was */
	strcpy(lang, "??");
	assert_int_equal(mq_seat_index_lang(&store, &ix, "a@x.test", NULL,
	    lang), 0);
	assert_int_equal(mq_seat_index_lang(&store, &ix, NULL, NULL, lang), 0);
	assert_string_equal(lang, "??");
	mq_seat_index_free(&ix);
}

/* The daemon reads the seats once a pass: a replace logged within it is
 * not seen; the next pass (mq_daemon_forget_senders) sees it. */
static void
test_daemon_reads_the_seats_once_a_pass(void **unused)
{
	struct mq_daemon d;
	struct mq_addr_seat v[8];
	struct mq_err err;
	char lang[8];
	size_t n;

	(void)unused;
	memset(&d, 0, sizeof(d));
	d.store = store;
	assert_int_equal(mq_daemon_address_seats(&d, "d@x.test", v, 8, &n,
	    &err), 0);
	assert_int_equal(n, 1);
	assert_string_equal(v[0].seat, "dave");
	admin(zh, "replace", "dave", "dave2@x.test", "zh");
	assert_int_equal(mq_daemon_address_seats(&d, "d@x.test", v, 8, &n,
	    &err), 0);
	assert_int_equal(n, 1);		/* this pass's */
	strcpy(lang, "??");
	assert_int_equal(mq_daemon_sender_lang(&d, "dave2@x.test", NULL, lang,
	    &err), 0);
	assert_string_equal(lang, "??");
	mq_daemon_forget_senders(&d);
	assert_int_equal(mq_daemon_address_seats(&d, "d@x.test", v, 8, &n,
	    &err), 0);
	assert_int_equal(n, 0);
	assert_int_equal(mq_daemon_sender_lang(&d, "dave2@x.test", NULL, lang,
	    &err), 0);
	assert_string_equal(lang, "zh");
	mq_daemon_forget_senders(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seats_an_address_holds_now),
		cmocka_unit_test(test_language_of_a_refusal),
		cmocka_unit_test(test_daemon_reads_the_seats_once_a_pass),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
