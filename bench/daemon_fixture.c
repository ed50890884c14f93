/*
 * daemon_fixture.c - the helper of bench/bench_daemon.sh (not a benchmark
 * itself: bench/run.sh skips it). Creating thousands of games with `masqued
 * new` costs a process, a verify and four rendered welcome mails each; this
 * makes them through the store API instead, with the bots' first moves as
 * real replies, and measures what holding games costs.
 *
 *   daemon_fixture games DATADIR N REPLIES-DIR
 *       N games of four in DATADIR (an initialised data folder), and for
 *       each, the replies of its first moves (the bots' choice, each valid
 *       when the replies are processed in file-name order) written as RFC
 *       5322 files into REPLIES-DIR (none if it is "-"), four per game.
 *       Prints the count of replies.
 *   daemon_fixture finished DATADIR N
 *       N games of four in DATADIR, each played to its end by the bots
 *       (every seat's moves submitted as the host's `submit` would, then
 *       the end entry and the mark of mailed entries at the log's end):
 *       the finished games a host's folder gathers over the years, for
 *       the measurement of serve's start (docs/speed.md).
 *   daemon_fixture hold DATADIR
 *       open every game of DATADIR as the daemon does (verify, replay) and
 *       keep them all; print {"games": N, "rss_kib": R, "base_kib": B}.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>

#include "daemon/config.h"
#include "durable.h"
#include "daemon/heldmark.h"
#include "daemon/mailmark.h"
#include "daemon/store.h"
#include "engine/rng.h"
#include "mail/address.h"

#define TS	1790000000LL

static const char *const names[4] = { "alice", "bob", "carol", "dave" };

static void
die(const struct mq_err *e)
{
	fprintf(stderr, "daemon_fixture: %s\n", e->msg);
	exit(4);
}

static long
rss_kib(void)
{
	char line[256];
	long kib = -1;
	FILE *f = fopen("/proc/self/status", "r");

	while (f != NULL && fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "VmRSS: %ld kB", &kib) == 1)
			break;
	if (f != NULL)
		fclose(f);
	return kib;
}

static void
write_reply(const char *dir, long n, const struct mq_config *c,
    const unsigned char tagkey[32], const char *game, int seat,
    const char *from, const char *cmds)
{
	char tag[MQ_TAG_LEN + 1], to[400], path[1400];
	FILE *f;

	mq_addr_tag(tagkey, game, seat, 0, tag);
	mq_addr_reply(c->reply_local, c->reply_domain, game, seat, tag, to,
	    sizeof(to));
	snprintf(path, sizeof(path), "%s/%010lld.%06ld.bench", dir, TS, n);
	if ((f = fopen(path, "w")) == NULL) {
		perror(path);
		exit(4);
	}
	fprintf(f, "From: %s <%s>\r\nTo: %s\r\nDelivered-To: %s\r\n"
	    "Subject: Re: [Masque %s] welcome\r\nDate: Mon, 21 Sep 2026 14:13:20 "
	    "+0000\r\nMessage-ID: <bench.%ld@bench.test>\r\nMIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=UTF-8\r\n\r\n", names[seat],
	    from, to, to, game, n);
	for (; *cmds; cmds++) {
		if (*cmds == '\n')
			fputc('\r', f);
		fputc(*cmds, f);
	}
	fprintf(f, "\r\nOn Mon, 21 Sep 2026, masqued wrote:\r\n> welcome\r\n");
	fclose(f);
}

/* The first moves of one game: whoever owes, the bot's commands, in order. */
static long
first_moves(struct mq_game *g, const struct mq_config *c,
    const unsigned char tagkey[32], const char *dir, long n)
{
	const struct mq_game_kind *k = g->kind;
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_cmd cmds[4];
	struct mq_rng rng;
	struct mq_err e;
	void *st = k->clone(g->state);
	int sent[4] = { 0 }, seat, i, m, round, done = 0;

	for (round = 0; round < 8 && done < 4; round++)
		for (seat = 0; seat < 4; seat++) {
			if (sent[seat] || k->owes(st, seat) == NULL)
				continue;
			mq_rng_open(&rng, g->seed, "bench-bot", round, seat);
			m = k->bot(st, seat, 1, &rng, cmds, 4);
			if (m <= 0)
				continue;
			mq_buf_reset(&text);
			for (i = 0; i < m; i++) {
				k->format(st, &cmds[i], &text);
				mq_buf_putc(&text, '\n');
				if (k->apply(st, seat, &cmds[i], &e) != 0)
					die(&e);
			}
			write_reply(dir, n++, c, tagkey, g->id, seat,
			    g->players[seat].email, mq_buf_str(&text));
			sent[seat] = 1;
			done++;
		}
	mq_buf_free(&text);
	k->free_state(st);
	return n;
}

static int
make_games(const char *datadir, long ngames, const char *dir)
{
	struct mq_store s;
	struct mq_config c;
	struct mq_new_game ng;
	struct mq_game *g;
	struct mq_err e;
	char id[MQ_GAME_ID_LEN + 1], emails[4][64];
	uint8_t seed[32];
	long i, n = 0;
	int k;

	if (mq_config_load(datadir, NULL, &c, &e) ||
	    mq_store_open(datadir, 1, &s, &e))
		die(&e);
	memset(&ng, 0, sizeof(ng));
	ng.kind = "redmasque";
	ng.nplayers = 4;
	for (k = 0; k < 4; k++) {
		snprintf(emails[k], sizeof(emails[k]), "%s@bench.test", names[k]);
		ng.names[k] = names[k];
		ng.emails[k] = emails[k];
	}
	ng.lang = "en";
	ng.ts = TS;
	ng.seed = seed;
	for (i = 0; i < ngames; i++) {
		/* each game its own seed and its own players' addresses */
		crypto_generichash(seed, sizeof(seed), (const unsigned char *)&i,
		    sizeof(i), NULL, 0);
		for (k = 0; k < 4; k++)
			snprintf(emails[k], sizeof(emails[k]), "%s.%ld@bench.test",
			    names[k], i);
		if (mq_game_create(&s, &ng, id, &e) ||
		    mq_game_open(&s, id, 0, 0, &g, &e))
			die(&e);
		mq_mailmark_write(g);	/* as if welcomed: no welcome mails */
		if (strcmp(dir, "-") != 0)
			n = first_moves(g, &c, s.keys.tag, dir, n);
		mq_game_close(g);
	}
	printf("%ld\n", n);
	mq_store_close(&s);
	return 0;
}

/* Play g to its end with the bots, each seat's moves one submit. */
static void
play_out(struct mq_game *g)
{
	struct mq_submit_result res;
	struct mq_buf text[4];
	struct mq_cmd cmds[4];
	const char *lines[4];
	struct mq_rng rng;
	struct mq_err e;
	long long ts = TS;
	int seat, i, m, round;

	for (round = 0; round < 2000 && !mq_game_over(g); round++)
		for (seat = 0; seat < 4 && !mq_game_over(g); seat++) {
			if (g->kind->owes(g->state, seat) == NULL)
				continue;
			mq_rng_open(&rng, g->seed, "bench-bot", round, seat);
			m = g->kind->bot(g->state, seat, 1, &rng, cmds, 4);
			for (i = 0; i < m; i++) {
				text[i] = (struct mq_buf)MQ_BUF_INIT;
				g->kind->format(g->state, &cmds[i], &text[i]);
				lines[i] = mq_buf_str(&text[i]);
			}
			if (m > 0 && mq_game_submit(g, seat, lines, (size_t)m, 1,
			    NULL, NULL, ts += 60, &res, &e) != 0)
				die(&e);
			if (m > 0)
				mq_submit_result_free(&res);
			for (i = 0; i < m; i++)
				mq_buf_free(&text[i]);
		}
	if (!mq_game_over(g)) {
		fprintf(stderr, "daemon_fixture: game %s did not end\n", g->id);
		exit(4);
	}
	if (mq_game_log_end(g, &e) != 0)
		die(&e);
	mq_mailmark_write(g);
}

static int
finished(const char *datadir, long ngames)
{
	struct mq_store s;
	struct mq_new_game ng;
	struct mq_game *g;
	struct mq_err e;
	char id[MQ_GAME_ID_LEN + 1], emails[4][64];
	uint8_t seed[32];
	long i;
	int k;

	if (mq_store_open(datadir, 1, &s, &e))
		die(&e);
	memset(&ng, 0, sizeof(ng));
	ng.kind = "redmasque";
	ng.nplayers = 4;
	ng.lang = "en";
	ng.ts = TS;
	ng.seed = seed;
	for (i = 0; i < ngames; i++) {
		crypto_generichash(seed, sizeof(seed), (const unsigned char *)&i,
		    sizeof(i), (const unsigned char *)"finished", 8);
		for (k = 0; k < 4; k++) {
			snprintf(emails[k], sizeof(emails[k]), "%s.f%ld@bench.test",
			    names[k], i);
			ng.names[k] = names[k];
			ng.emails[k] = emails[k];
		}
		/* one flush a hundred games, not one an entry */
		if (i % 100 == 0)
			mq_durable_begin();
		if (mq_game_create(&s, &ng, id, &e) ||
		    mq_game_open(&s, id, 1, 0, &g, &e))
			die(&e);
		play_out(g);
		mq_game_close(g);
		if (i % 100 == 99 || i == ngames - 1) {
			if (mq_durable_commit(&e))
				die(&e);
			mq_heldmark_flush(1);
		}
	}
	printf("%ld\n", ngames);
	mq_store_close(&s);
	return 0;
}

static int
hold(const char *datadir)
{
	struct mq_store s;
	struct mq_game **games;
	struct mq_err e;
	char **ids;
	size_t n, i;
	long base;

	if (mq_store_open(datadir, 0, &s, &e) || mq_store_games(&s, &ids, &n, &e))
		die(&e);
	base = rss_kib();
	if ((games = calloc(n ? n : 1, sizeof(*games))) == NULL)
		return 4;
	for (i = 0; i < n; i++)
		if (mq_game_open(&s, ids[i], 0, 0, &games[i], &e))
			die(&e);
	printf("{\"games\": %zu, \"rss_kib\": %ld, \"base_kib\": %ld}\n", n,
	    rss_kib(), base);
	for (i = 0; i < n; i++) {
		mq_game_close(games[i]);
		free(ids[i]);
	}
	free(games);
	free(ids);
	mq_store_close(&s);
	return 0;
}

int
main(int argc, char **argv)
{
	if (sodium_init() < 0)
		return 4;
	if (argc == 5 && strcmp(argv[1], "games") == 0)
		return make_games(argv[2], atol(argv[3]), argv[4]);
	if (argc == 4 && strcmp(argv[1], "finished") == 0)
		return finished(argv[2], atol(argv[3]));
	if (argc == 3 && strcmp(argv[1], "hold") == 0)
		return hold(argv[2]);
	fprintf(stderr, "usage: daemon_fixture games DATADIR N REPLIES-DIR | "
	    "finished DATADIR N | hold DATADIR\n");
	return 2;
}
