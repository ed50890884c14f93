/*
 * test_store.c - a whole bot game played through mq_game_submit, beside the
 * same commands applied straight to the engine: the log replays to the very
 * state the engine reached, byte for byte in the admin view; and replay of
 * any prefix (state --at) equals the engine after that many entries. And
 * the host's end (admin end) is the last entry a log may hold but SET LANG;
 * and the ended mark set in a batch waits for its flush.
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
#include <unistd.h>

#include "common/durable.h"
#include "common/fileio.h"
#include "daemon/heldmark.h"
#include "daemon/logfile.h"
#include "daemon/store.h"
#include "store_fixture.h"

static char dir[256];

static int
setup(void **state)
{
	struct mq_err err;

	if (sodium_init() < 0)
		return -1;
	snprintf(dir, sizeof(dir), "/tmp/masqued-test-store.%d", (int)getpid());
	if (mq_store_init(dir, &err) != 0) {
		fprintf(stderr, "%s\n", err.msg);
		return -1;
	}
	return 0;
}

static int
teardown(void **state)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static char *
admin_json(const struct mq_game_kind *k, const void *st)
{
	json_t *v = k->view(st, MQ_VIEW_ADMIN);
	char *s = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);

	json_decref(v);
	return s;
}

/* A new four-player Red Death game in the store at dir, opened to write. */
static void
new_game_of_four(struct mq_store *s, struct mq_game **g,
    char id[MQ_GAME_ID_LEN + 1])
{
	struct mq_err err;

	assert_int_equal(mq_store_open(dir, 1, s, &err), 0);
	assert_int_equal(sf_new_game_of_four(s, g, id, &err), 0);
}

static void
test_bot_game_through_submit_replays_to_the_same_state(void **unused)
{
	static const char *names[] = { "alice", "bob", "carol", "dave", "erin" };
	static const char *emails[] = { "a@x.test", "b@x.test", "c@x.test",
	    "d@x.test", "e@x.test" };
	struct mq_new_game ng = { 0 };
	struct mq_store s;
	struct mq_game *g, *g2;
	struct mq_err err;
	struct mq_rng rng[5];
	struct mq_cmd cmds[4];
	struct mq_buf text = MQ_BUF_INIT;
	uint8_t seed[32], bseed[32];
	char id[MQ_GAME_ID_LEN + 1], *a, *b;
	void *direct;
	const struct mq_game_kind *k;
	int seat, i, n, guard = 0;
	struct mq_setup setup;

	memset(seed, 0x42, sizeof(seed));
	memset(bseed, 0x17, sizeof(bseed));
	ng.kind = "redmasque";
	ng.nplayers = 5;
	for (i = 0; i < 5; i++) {
		ng.names[i] = names[i];
		ng.emails[i] = emails[i];
	}
	ng.seed = seed;
	ng.lang = "en";
	ng.ts = 1790000000;
	assert_int_equal(mq_store_open(dir, 1, &s, &err), 0);
	assert_int_equal(mq_game_create(&s, &ng, id, &err), 0);
	assert_int_equal(mq_game_open(&s, id, 1, 0, &g, &err), 0);
	k = g->kind;
	memset(&setup, 0, sizeof(setup));
	setup.nplayers = 5;
	for (i = 0; i < 5; i++)
		setup.names[i] = names[i];
	memcpy(setup.seed, seed, 32);
	setup.options = json_object_get(g->genesis, "options");
	assert_int_equal(k->setup(g->gd.data, &setup, &direct, &err), 0);
	for (i = 0; i < 5; i++)
		mq_rng_open(&rng[i], bseed, "bot", 0, i);
	while (!k->is_over(direct)) {
		assert_true(++guard < 1000);
		for (seat = 0; seat < 5; seat++) {
			struct mq_submit_result res;
			const char *lines[4];
			char *owned[4];

			n = k->bot(direct, seat, seat % 2, &rng[seat], cmds, 4);
			for (i = 0; i < n; i++) {
				mq_buf_reset(&text);
				assert_int_equal(k->format(direct, &cmds[i], &text), 0);
				owned[i] = strdup(mq_buf_str(&text));
				lines[i] = owned[i];
				assert_int_equal(k->apply(direct, seat, &cmds[i], &err), 0);
			}
			if (n == 0)
				continue;
			assert_int_equal(mq_game_submit(g, seat, lines, (size_t)n, 1,
			    NULL, NULL, 1790000000 + guard, &res, &err), 0);
			assert_true(res.logged);
			mq_submit_result_free(&res);
			for (i = 0; i < n; i++)
				free(owned[i]);
			/* the live game and the engine agree after every submit */
			a = admin_json(k, direct);
			b = admin_json(k, g->state);
			assert_string_equal(a, b);
			free(a);
			free(b);
		}
	}
	assert_true(k->is_over(g->state));
	/* reopened from disk: the replay is the engine's final state */
	assert_int_equal(mq_game_open(&s, id, 0, 0, &g2, &err), 0);
	a = admin_json(k, direct);
	b = admin_json(k, g2->state);
	assert_string_equal(a, b);
	free(a);
	free(b);
	/* every secret was revealed by the end */
	assert_int_equal(g2->npend, 0);
	mq_game_close(g2);
	k->free_state(direct);	/* it uses g's game data: free it first */
	mq_game_close(g);
	mq_buf_free(&text);
	mq_store_close(&s);
}

static void
test_submit_refused_leaves_the_log_unchanged(void **unused)
{
	struct mq_submit_result res;
	struct mq_store s;
	struct mq_game *g;
	struct mq_err err;
	char id[MQ_GAME_ID_LEN + 1];
	const char *bad[] = { "PLAY jest", "PLAY nonsense" };
	uint64_t seq;

	new_game_of_four(&s, &g, id);
	seq = g->seq;
	/* atomic: one bad line refuses the whole message */
	assert_int_equal(mq_game_submit(g, 0, bad, 2, 1, NULL, NULL, 1, &res, &err),
	    MQ_REFUSED);
	assert_non_null(strstr(err.msg, "not a card"));
	assert_int_equal(g->seq, seq);
	/* not atomic (mail): the good line is logged, the bad one reported */
	assert_int_equal(mq_game_submit(g, 0, bad, 2, 0, "h1", "maildir:1", 1, &res,
	    &err), 0);
	assert_true(res.logged);
	assert_int_equal(res.ncmds, 2);
	assert_true(res.cmds[0].accepted);
	assert_false(res.cmds[1].accepted);
	assert_int_equal(res.cmds[1].line, 2);
	mq_submit_result_free(&res);
	assert_int_equal(g->seq, seq + 1);
	/* the same message again is a replay: refused, nothing logged */
	assert_int_equal(mq_game_submit(g, 0, bad, 1, 0, "h1", "maildir:1", 1, &res,
	    &err), MQ_REFUSED);
	assert_int_equal(g->seq, seq + 1);
	mq_game_close(g);
	mq_store_close(&s);
}

/*
 * The host's end: the game is over (mq_game_over), owes nothing, refuses a
 * submit; a player's SET LANG may still be logged after it, but nothing
 * else: a log that goes on past the end no longer opens.
 */
static void
test_admin_end_is_the_last_word(void **unused)
{
	struct mq_submit_result res;
	struct mq_store s;
	struct mq_game *g;
	struct mq_err err;
	char id[MQ_GAME_ID_LEN + 1];
	const char *place[] = { "PLACE black" };
	struct mq_log_signed sg;
	json_t *body;
	int i, owing;

	new_game_of_four(&s, &g, id);
	assert_false(mq_game_over(g));
	for (owing = 0, i = 0; i < 4; i++)
		owing += g->players[i].owes[0] != '\0';
	assert_int_not_equal(owing, 0);	/* someone must place */
	body = json_pack("{s:s, s:I, s:s, s:s, s:s}", "game", id, "ts",
	    (json_int_t)1790000001, "type", "admin", "action", "end", "why", "gone");
	assert_int_equal(mq_game_append(g, body, &err), 0);
	json_decref(body);
	assert_true(mq_game_over(g));
	assert_int_equal(g->ended, g->seq);
	for (i = 0; i < 4; i++)
		assert_string_equal(g->players[i].owes, "");
	assert_int_equal(mq_game_submit(g, 0, place, 1, 1, NULL, NULL, 1, &res,
	    &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "is over"));
	body = json_pack("{s:s, s:I, s:s, s:s, s:s, s:s, s:s}", "game", id, "ts",
	    (json_int_t)1790000002, "type", "admin", "action", "lang", "player",
	    "bob", "lang", "ja", "why", "the player asked (SET LANG)");
	assert_int_equal(mq_game_append(g, body, &err), 0);
	json_decref(body);
	assert_string_equal(g->players[1].lang, "ja");
	body = json_pack("{s:s, s:I, s:s, s:s, s:s}", "game", id, "ts",
	    (json_int_t)1790000003, "type", "admin", "action", "resume", "why", "x");
	/* written past the daemon (mq_game_append would stop the process:
	 * an entry it logged does not replay), as a forging host would */
	assert_int_equal(mq_logfile_append(g->lf, &body, 1, &sg, &err), 0);
	mq_log_signed_free(&sg, 1);
	json_decref(body);
	mq_game_close(g);
	assert_int_equal(mq_game_open(&s, id, 0, 0, &g, &err), MQ_BADDATA);
	assert_non_null(strstr(err.msg, "the host ended the game at entry 2"));
	mq_store_close(&s);
}

/*
 * The ended mark set in a batch (serve's inbox pass, common/durable.h) is
 * held until the batch's flush, as the mark of mailed entries is
 * (daemon/heldmark.h): written at once, a power cut that lost the batch's
 * log writes left it past the log, which every reader told as entries
 * removed. Held, this process reads it as set; the flush writes it, or
 * drops it when the batch failed.
 */
static void
test_ended_mark_waits_for_the_batch(void **unused)
{
	struct mq_store s;
	struct mq_game *g;
	struct mq_err err;
	char id[MQ_GAME_ID_LEN + 1], path[1400], buf[64];
	uint64_t seq, end;
	size_t len;
	int there;
	json_t *body;
	FILE *f;

	new_game_of_four(&s, &g, id);
	snprintf(path, sizeof(path), "%s/ended", g->dir);
	mq_durable_begin();
	body = json_pack("{s:s, s:I, s:s, s:s, s:s}", "game", id, "ts",
	    (json_int_t)1790000001, "type", "admin", "action", "end", "why", "gone");
	assert_int_equal(mq_game_append(g, body, &err), 0);
	json_decref(body);
	assert_int_equal(mq_game_log_end(g, &err), 0);
	end = g->seq;
	assert_int_equal(access(path, F_OK), -1);	/* held */
	assert_int_equal(mq_game_ended_read(g->dir, &seq), 1);
	assert_int_equal(seq, end);
	assert_int_equal(mq_game_ended_seq(g->dir, &seq), 1);
	assert_int_equal(seq, end);
	assert_int_equal(mq_durable_commit(&err), 0);
	mq_heldmark_flush(1);
	assert_int_equal(mq_file_read_small(path, buf, sizeof(buf), &len,
	    &there, &err), 0);
	assert_true(there);
	assert_int_equal(strtoull(buf, NULL, 10), end);
	assert_int_equal(mq_game_ended_read(g->dir, &seq), 1);
	assert_int_equal(seq, end);

	/* a SET LANG after the end, in a batch whose flush failed: the
	 * mark on disk stays the end's, and the log no longer has its size */
	mq_durable_begin();
	body = json_pack("{s:s, s:I, s:s, s:s, s:s, s:s, s:s}", "game", id, "ts",
	    (json_int_t)1790000002, "type", "admin", "action", "lang", "player",
	    "bob", "lang", "ja", "why", "the player asked (SET LANG)");
	assert_int_equal(mq_game_append(g, body, &err), 0);
	json_decref(body);
	mq_game_ended_write(g);
	assert_int_equal(mq_game_ended_read(g->dir, &seq), 1);
	assert_int_equal(seq, end + 1);
	assert_int_equal(mq_durable_commit(&err), 0);
	mq_heldmark_flush(0);
	assert_non_null(f = fopen(path, "r"));
	assert_non_null(fgets(buf, sizeof(buf), f));
	fclose(f);
	assert_int_equal(strtoull(buf, NULL, 10), end);
	assert_int_equal(mq_game_ended_read(g->dir, &seq), 0);
	assert_int_equal(mq_game_ended_seq(g->dir, &seq), 1);
	assert_int_equal(seq, end);
	mq_game_close(g);
	mq_store_close(&s);
}

/*
 * A line the submit now refuses though a log holds it (game.h's sent_ok:
 * PLAY pickpocket TARGET, which the bots and players sent before): the
 * entry still replays, and its mails are still rebuilt, by the submit on a
 * read-only copy that re-reads the logged entry (store.h: a reply's
 * answers a crash lost, a host's submit whose mails were not queued),
 * which must take the line as the log holds it, as replay does. A new
 * line is still refused.
 */
static void
test_a_logged_line_sent_ok_refuses_is_rebuilt(void **unused)
{
	struct mq_new_game ng = { 0 };
	struct mq_submit_result res;
	struct mq_store s;
	struct mq_game *g, *c;
	struct mq_err err;
	struct mq_rng rng[4];
	struct mq_cmd cmd, cmds[4];
	struct mq_buf text = MQ_BUF_INIT;
	const struct mq_game_kind *k;
	char id[MQ_GAME_ID_LEN + 1], line[80];
	const char *lines[4];
	char *owned[4];
	uint8_t seed[32], bseed[32];
	uint64_t seq;
	json_t *body;
	void *w;
	int seat = -1, t, i, n, guard = 0, who;

	(void)unused;
	/* a seed whose game deals Pickpocket (not every one does) */
	memset(seed, 0x42, sizeof(seed));
	ng.kind = "redmasque";
	ng.nplayers = 4;
	for (i = 0; i < 4; i++) {
		ng.names[i] = sf_names[i];
		ng.emails[i] = "p@x.test";
	}
	ng.seed = seed;
	ng.lang = "en";
	ng.ts = 1790000000;
	assert_int_equal(mq_store_open(dir, 1, &s, &err), 0);
	assert_int_equal(mq_game_create(&s, &ng, id, &err), 0);
	assert_int_equal(mq_game_open(&s, id, 1, 0, &g, &err), 0);
	k = g->kind;
	memset(bseed, 0x17, sizeof(bseed));
	for (i = 0; i < 4; i++)
		mq_rng_open(&rng[i], bseed, "bot", 0, i);
	/* the bots play until a seat may play Pickpocket with a TARGET, as
	 * the engine takes it */
	while (seat < 0) {
		assert_true(++guard < 1000);
		assert_false(k->is_over(g->state));
		for (who = 0; who < 4 && seat < 0; who++)
			for (t = 0; t < 4 && seat < 0; t++) {
				if (t == who)
					continue;
				snprintf(line, sizeof(line), "PLAY pickpocket TARGET "
				    "%s SLOT 12:10", sf_names[t]);
				assert_non_null(w = k->clone(g->state));
				if (k->parse(w, who, line, &cmd, &err) == 0 &&
				    k->apply(w, who, &cmd, &err) == 0)
					seat = who;
				k->free_state(w);
			}
		for (who = 0; who < 4 && seat < 0; who++) {
			n = k->bot(g->state, who, 1, &rng[who], cmds, 4);
			for (i = 0; i < n; i++) {
				mq_buf_reset(&text);
				assert_int_equal(k->format(g->state, &cmds[i], &text),
				    0);
				lines[i] = owned[i] = strdup(mq_buf_str(&text));
			}
			if (n > 0) {
				assert_int_equal(mq_game_submit(g, who, lines,
				    (size_t)n, 1, NULL, NULL, 1790000000 + guard,
				    &res, &err), 0);
				mq_submit_result_free(&res);
			}
			for (i = 0; i < n; i++)
				free(owned[i]);
		}
	}
	/* a new line: refused */
	lines[0] = line;
	seq = g->seq;
	assert_int_equal(mq_game_submit(g, seat, lines, 1, 1, NULL, NULL,
	    1790009000, &res, &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "not one you name"));
	/* as an earlier masqued logged it, a host's submit */
	body = json_pack("{s:s, s:I, s:s, s:s, s:[{s:s, s:b}]}", "game", id,
	    "ts", (json_int_t)1790009000, "type", "command", "player",
	    sf_names[seat], "commands", "text", line, "secret", 1);
	assert_int_equal(mq_game_append(g, body, &err), 0);
	json_decref(body);
	assert_int_equal(g->seq, seq + 1);
	/* its mails rebuilt: the same line, submitted on the game as it stood
	 * before it, re-reads the logged entry */
	assert_int_equal(mq_game_open(&s, id, 0, seq, &c, &err), 0);
	if (mq_game_submit(c, seat, lines, 1, 1, NULL, NULL, 1790009000, &res,
	    &err) != 0)
		fail_msg("the logged line was refused on rebuilding: %s", err.msg);
	assert_true(res.logged);
	assert_int_equal(res.entry.seq, seq + 1);
	mq_submit_result_free(&res);
	mq_game_close(c);
	mq_game_close(g);
	mq_buf_free(&text);
	mq_store_close(&s);
}

/*
 * Of two lines of one mail for the same move, the later changes the earlier
 * when the sender is the last awaited; but when a line between them is
 * refused (the caller's: a move late for its moment), the later is held
 * back with it, refused, and the earlier must stand: it was left out, and
 * the seat's move was lost (MOVE ccw, PLAY discuss refused as late, MOVE
 * stay: nothing logged, the round waiting for a move the receipt called
 * changed).
 */
static void
test_a_later_line_held_back_leaves_the_earlier(void **unused)
{
	struct mq_submit_result res;
	struct mq_store s;
	struct mq_game *g;
	struct mq_err err;
	struct mq_rng rng[4];
	struct mq_cmd cmds[4];
	struct mq_buf text = MQ_BUF_INIT;
	const struct mq_game_kind *k;
	char id[MQ_GAME_ID_LEN + 1], *owned[4];
	const char *lines[4], *refuse[3] = { NULL, "Too late.", NULL };
	const char *owed;
	uint8_t bseed[32];
	int seat, i, n, guard = 0;
	uint64_t seq;

	(void)unused;
	new_game_of_four(&s, &g, id);
	k = g->kind;
	memset(bseed, 0x17, sizeof(bseed));
	for (i = 0; i < 4; i++)
		mq_rng_open(&rng[i], bseed, "bot", 0, i);
	/* the placements by the bots, every card a Discuss, three moves */
	for (;;) {
		assert_true(++guard < 100);
		for (seat = 0; seat < 4; seat++)
			if ((owed = k->owes(g->state, seat)) != NULL &&
			    strcmp(owed, "place") == 0)
				break;
		if (seat == 4)
			break;
		n = k->bot(g->state, seat, 1, &rng[seat], cmds, 4);
		for (i = 0; i < n; i++) {
			mq_buf_reset(&text);
			assert_int_equal(k->format(g->state, &cmds[i], &text), 0);
			lines[i] = owned[i] = strdup(mq_buf_str(&text));
		}
		assert_int_equal(mq_game_submit(g, seat, lines, (size_t)n, 1,
		    NULL, NULL, 1790000000, &res, &err), 0);
		mq_submit_result_free(&res);
		for (i = 0; i < n; i++)
			free(owned[i]);
	}
	lines[0] = "PLAY discuss";
	for (seat = 0; seat < 4; seat++) {
		assert_int_equal(mq_game_submit(g, seat, lines, 1, 1, NULL,
		    NULL, 1790000000, &res, &err), 0);
		mq_submit_result_free(&res);
	}
	lines[0] = "MOVE stay";
	for (seat = 0; seat < 3; seat++) {
		assert_int_equal(mq_game_submit(g, seat, lines, 1, 1, NULL,
		    NULL, 1790000000, &res, &err), 0);
		mq_submit_result_free(&res);
	}
	assert_non_null(owed = k->owes(g->state, 3));
	assert_string_equal(owed, "move");
	/* dave, the last to move */
	seq = g->seq;
	lines[0] = "MOVE ccw";
	lines[1] = "PLAY discuss";
	lines[2] = "MOVE stay";
	assert_int_equal(mq_game_submit_refusing(g, 3, lines, 3, refuse, 0,
	    NULL, NULL, 1790000000, &res, &err), 0);
	assert_int_equal(res.ncmds, 3);
	assert_true(res.cmds[0].accepted);
	assert_int_equal(res.cmds[0].replaced_by, 0);
	assert_false(res.cmds[1].accepted);
	assert_string_equal(res.cmds[1].error, "Too late.");
	assert_false(res.cmds[2].accepted);
	/* the ccw is the round's move: logged, the round resolved */
	assert_true(res.logged);
	assert_true(g->seq > seq);
	assert_null(k->owes(g->state, 3) != NULL &&
	    strcmp(k->owes(g->state, 3), "move") == 0 ? "move" : NULL);
	mq_submit_result_free(&res);
	mq_game_close(g);
	mq_buf_free(&text);
	mq_store_close(&s);
}

/* The addresses that play or played here: every game's, and a replacing
 * player's at once; lower-cased, sorted, each once. */
static void
test_store_addresses(void **unused)
{
	struct mq_store s;
	struct mq_game *g;
	struct mq_err err;
	char id[MQ_GAME_ID_LEN + 1], **a;
	size_t n, i;
	json_t *body;
	int carol = 0, p = 0;

	(void)unused;
	new_game_of_four(&s, &g, id);
	body = json_pack("{s:s, s:I, s:s, s:s, s:s, s:s, s:s}", "game", id, "ts",
	    (json_int_t)1790000001, "type", "admin", "action", "replace", "player",
	    "carol", "email", "New.Carol@X.test", "why", "a new address");
	assert_int_equal(mq_game_append(g, body, &err), 0);
	json_decref(body);
	assert_int_equal(mq_store_addresses(&s, &a, &n, &err), 0);
	for (i = 0; i < n; i++) {
		if (i > 0)
			assert_true(strcmp(a[i - 1], a[i]) < 0);	/* sorted, once */
		assert_null(strpbrk(a[i], "ABCDEFGHIJKLMNOPQRSTUVWXYZ"));
		carol += strcmp(a[i], "new.carol@x.test") == 0;
		p += strcmp(a[i], "p@x.test") == 0;
	}
	assert_int_equal(carol, 1);
	assert_int_equal(p, 1);		/* four seats, and any other game's */
	mq_store_addresses_free(a, n);
	mq_game_close(g);
	mq_store_close(&s);
}

/* Every open game holds MQ_MAX_PLAYERS of these, 10,000 games held open
 * cost them 10,000 times over (bench_daemon.sh's held_kib): no room for
 * a text only a host's default has (its why is the log entry's string,
 * held by reference). It was 824 bytes with a 256-byte why per seat. */
static void
test_a_seat_holds_no_room_for_a_why(void **unused)
{
	(void)unused;
	assert_true(sizeof(struct mq_player_info) <= 640);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bot_game_through_submit_replays_to_the_same_state),
		cmocka_unit_test(test_submit_refused_leaves_the_log_unchanged),
		cmocka_unit_test(test_admin_end_is_the_last_word),
		cmocka_unit_test(test_ended_mark_waits_for_the_batch),
		cmocka_unit_test(test_a_logged_line_sent_ok_refuses_is_rebuilt),
		cmocka_unit_test(test_a_later_line_held_back_leaves_the_earlier),
		cmocka_unit_test(test_store_addresses),
		cmocka_unit_test(test_a_seat_holds_no_room_for_a_why),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
