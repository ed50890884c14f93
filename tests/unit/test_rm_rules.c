/*
 * test_rm_rules.c - one test per rule of The Masque of the Red Death
 * (../shared/rules/redmasque.md), each named after its rule: it forces a
 * state by hand, plays lines of the command language through parse() and
 * apply(), and checks that rule alone. Where a rule involves chance, a test
 * either fixes the state so one outcome is possible, checks the set of
 * allowed outcomes, or derives the draw from the same stream the engine uses.
 */
#include "rm_fixture.h"

static void *data;

static int
group_setup(void **state)
{
	if (sodium_init() < 0)
		return -1;
	data = rmf_load_data();
	return data == NULL ? -1 : 0;
}

static int
group_teardown(void **state)
{
	mq_redmasque_kind.free_data(data);
	return 0;
}

static void
done(struct rm_state *st)
{
	mq_redmasque_kind.free_state(st);
}

/*
 * The usual table: four players, alice the least popular (so her card
 * resolves first, as step 0), alice and bob in green, carol and dave in blue,
 * popularity far apart so that gains never meet another marker. Round 3.
 */
static const int rooms_std[4] = { GREEN, GREEN, BLUE, BLUE };
static const int pops_std[4] = { 10, 20, 30, 35 };

static struct rm_state *
table(const int *rooms, const int *pops)
{
	struct rm_state *st = rmf_setup(data, 4, 7);

	rmf_force(st, 3, BLACK, rooms ? rooms : rooms_std, pops ? pops : pops_std);
	return st;
}

/* alice plays line; everyone else Discuss with the deck held aside, so
 * nothing but alice's card changes anything. */
static void
alice_plays(struct rm_state *st, const char *line)
{
	struct rmf_stash s;
	const char *lines[RM_MAXP] = { line };

	rmf_stash_deck(st, &s);
	rmf_round(st, lines);
	rmf_unstash_deck(st, &s);
	assert_int_equal(st->phase, RM_PH_MOVE);
}

/* Hold the deck aside but for these cards (the last is on top), so that
 * only the first to draw gets them. */
static void
deck_only(struct rm_state *st, struct rmf_stash *s, const int *cards, int n)
{
	int i;

	for (i = 0; i < n; i++)
		rmf_deck_remove(st, cards[i]);
	rmf_stash_deck(st, s);
	for (i = 0; i < n; i++)
		st->deck[st->deck_n++] = (uint8_t)cards[i];
	rmf_sync_deck(st);
}

static int
pop(const struct rm_state *st, int seat)
{
	return st->p[seat].pop;
}

static int
holds(const struct rm_state *st, int seat, int rumor)
{
	return (st->p[seat].rumors >> rumor) & 1;
}

static int
knows_safe(const struct rm_state *st, int seat, int time, int room)
{
	return (st->p[seat].safe[time] >> room) & 1;
}

/* ---- Setup ---- */

static void
test_setup_popularity_spaces_1_to_n(void **state)
{
	struct rm_state *st = rmf_setup(data, 6, 3);
	unsigned seen = 0;
	int i;

	for (i = 0; i < 6; i++) {
		assert_in_range(st->p[i].pop, 1, 6);
		seen |= 1u << st->p[i].pop;
	}
	assert_int_equal(seen, 0x7E);
	done(st);
}

static void
test_setup_one_personality_each_and_nine_standard(void **state)
{
	struct rm_state *st = rmf_setup(data, 7, 3);
	const struct rm_data *d = st->data;
	uint32_t dealt = 0;
	int i;

	assert_int_equal(rm_popcount32(d->standard_mask), 9);
	assert_int_equal(d->npersonality, 10);
	for (i = 0; i < 7; i++) {
		const struct rm_player *pl = &st->p[i];

		assert_true(d->card[pl->personality].personality);
		assert_int_equal(pl->hand, d->standard_mask | 1u << pl->personality);
		assert_int_equal(pl->discards, 0);
		assert_int_equal(pl->rumors, 0);
		assert_false(dealt & (1u << pl->personality));
		dealt |= 1u << pl->personality;
	}
	done(st);
}

static void
test_setup_prince_path_twelve_tiles_two_per_room(void **state)
{
	struct rm_state *st = rmf_setup(data, 4, 5);
	int count[RM_ROOMS] = { 0 }, i;

	for (i = 0; i < RM_ROUNDS; i++) {
		assert_in_range(st->path[i], 0, RM_ROOMS - 1);
		count[st->path[i]]++;
	}
	for (i = 0; i < RM_ROOMS; i++)
		assert_in_range(count[i], 0, 2);
	assert_int_equal(st->prince, st->path[0]);
	done(st);
}

static void
test_setup_red_death_two_rooms_per_time_all_different(void **state)
{
	int seed, t;

	for (seed = 1; seed < 20; seed++) {
		struct rm_state *st = rmf_setup(data, 4, seed);

		assert_int_equal(st->rd_n, 2);
		for (t = 0; t < RM_TIMES; t++)
			assert_int_not_equal(st->rd[t][0], st->rd[t][1]);
		done(st);
	}
}

static void
test_setup_rumor_deck_30_gossip_12_evidence(void **state)
{
	struct rm_state *st = rmf_setup(data, 4, 9);
	int i, t, gossip = 0, evidence = 0;

	assert_int_equal(st->deck_n, 42);
	for (i = 0; i < st->deck_n; i++) {
		if (st->deck[i] < st->data->ngossip) {
			/* The Red Death cards are not in the deck. */
			t = st->deck[i] / RM_ROOMS;
			assert_int_not_equal(st->deck[i] % RM_ROOMS, st->rd[t][0]);
			assert_int_not_equal(st->deck[i] % RM_ROOMS, st->rd[t][1]);
			gossip++;
		} else {
			evidence++;
		}
	}
	assert_int_equal(gossip, 30);
	assert_int_equal(evidence, 12);
	rmf_assert_sound(st);
	done(st);
}

/*
 * Rumor cards: 42 Gossip, one per (time, room), and 12 Evidence, 2 per
 * time. At setup each Gossip card is either one of its time's Red Death
 * cards or in the Rumor deck, never both, never twice; every Evidence card
 * is in the deck.
 */
static void
test_setup_rumor_cards_one_gossip_per_time_and_room_two_evidence_per_time(
    void **state)
{
	int seed, t, r, k, i;

	for (seed = 1; seed <= 8; seed++) {
		struct rm_state *st = rmf_setup(data, 4, seed);
		int count[64] = { 0 };

		assert_int_equal(st->data->ngossip, RM_TIMES * RM_ROOMS);
		assert_int_equal(st->data->evidence_per_time, 2);
		for (i = 0; i < st->deck_n; i++)
			count[st->deck[i]]++;
		for (t = 0; t < RM_TIMES; t++) {
			for (r = 0; r < RM_ROOMS; r++) {
				int in_rd = 0;

				for (k = 0; k < st->rd_n; k++)
					in_rd += st->rd[t][k] == r;
				assert_int_equal(count[rmf_gossip(t, r)] + in_rd, 1);
			}
			for (k = 0; k < 2; k++)
				assert_int_equal(count[rmf_evidence(st, t, k)], 1);
		}
		assert_int_equal(st->data->nrumors, 42 + 12);
		done(st);
	}
}

/*
 * Setup deals at random: the markers' order on spaces 1..N, the
 * Personality cards, the Prince's path, the Red Death cards (each time's
 * 7 Gossip cards shuffled, 2 put face down) and the Rumor deck's order
 * differ between seeds (always the same would not be random).
 */
static void
test_setup_deals_at_random(void **state)
{
	struct rm_state *first = rmf_setup(data, 5, 1);
	int seed, pops = 0, pers = 0, path = 0, deck = 0, i, t;
	unsigned rd_rooms[RM_TIMES] = { 0 };

	for (seed = 2; seed <= 9; seed++) {
		struct rm_state *st = rmf_setup(data, 5, seed);

		for (i = 0; i < 5; i++) {
			pops |= st->p[i].pop != first->p[i].pop;
			pers |= st->p[i].personality != first->p[i].personality;
		}
		path |= memcmp(st->path, first->path, sizeof(st->path)) != 0;
		deck |= memcmp(st->deck, first->deck, (size_t)st->deck_n) != 0;
		for (t = 0; t < RM_TIMES; t++)
			for (i = 0; i < st->rd_n; i++)
				rd_rooms[t] |= 1u << st->rd[t][i];
		done(st);
	}
	assert_true(pops);
	assert_true(pers);
	assert_true(path);
	assert_true(deck);
	/* over eight seeds, each time's Red Death visits more than the same
	 * two rooms: the 7 Gossip cards of a time were shuffled first */
	for (t = 0; t < RM_TIMES; t++)
		assert_true(rm_popcount32(rd_rooms[t]) > 2);
	done(first);
}

static void
test_player_count_4_to_7(void **state)
{
	struct mq_setup s;
	struct mq_err err;
	void *st = NULL;
	int n, i;

	for (n = 2; n <= 8; n++) {
		memset(&s, 0, sizeof(s));
		s.nplayers = n;
		for (i = 0; i < n; i++)
			s.names[i] = i < RM_MAXP ? rmf_names[i] : "heidi";
		mq_err_clear(&err);
		if (n >= 4 && n <= 7) {
			assert_int_equal(mq_redmasque_kind.setup(data, &s, &st, &err), 0);
			mq_redmasque_kind.free_state(st);
		} else {
			assert_int_equal(mq_redmasque_kind.setup(data, &s, &st, &err),
			    MQ_REFUSED);
			assert_non_null(strstr(err.msg, "4 to 7"));
			assert_null(st);
		}
	}
}

static void
test_placement_least_popular_then_seat(void **state)
{
	struct rm_state *st = rmf_setup(data, 5, 11);
	int first = -1, i, k;

	for (i = 0; i < 5; i++)
		if (st->p[i].pop == 1)
			first = i;
	for (k = 0; k < 5; k++) {
		int s = (first + k) % 5;

		for (i = 0; i < 5; i++)
			if (i == s)
				assert_string_equal(mq_redmasque_kind.owes(st, i), "place");
			else
				assert_null(mq_redmasque_kind.owes(st, i));
		rmf_do(st, s, "PLACE white");
		assert_int_equal(st->p[s].room, WHITE);
	}
	assert_int_equal(st->phase, RM_PH_ACT);
	assert_int_equal(st->round, 1);
	done(st);
}

/* ---- The popularity track ---- */

static void
test_track_skip_forward(void **state)
{
	static const int pops[4] = { 3, 4, 6, 10 };
	struct rm_state *st = table(NULL, pops);

	/* 3 -> 5 (4 skipped) -> 7 (6 skipped): skips are not steps. */
	rm_track_move(st, ALICE, 2);
	assert_int_equal(pop(st, ALICE), 7);
	rmf_assert_sound(st);
	done(st);
}

static void
test_track_skip_backward(void **state)
{
	static const int pops[4] = { 7, 6, 4, 1 };
	struct rm_state *st = table(NULL, pops);

	/* 7 -> 5 (6 skipped) -> 3 (4 skipped). */
	rm_track_move(st, ALICE, -2);
	assert_int_equal(pop(st, ALICE), 3);
	rmf_assert_sound(st);
	done(st);
}

static void
test_track_lap_40(void **state)
{
	static const int pops[4] = { 39, 40, 1, 20 };
	struct rm_state *st = table(NULL, pops);

	/* 39 -> 42: 40 is taken, and so is the space of 41 (space 1). */
	rm_track_move(st, ALICE, 1);
	assert_int_equal(pop(st, ALICE), 42);
	assert_int_equal(rm_space(st, pop(st, ALICE)), 2);
	rm_track_move(st, ALICE, 1);
	assert_int_equal(pop(st, ALICE), 43);	/* lap 1, space 3 */
	/* Back: 42, then 41 and 40 are taken, so 39: back on the first lap. */
	rm_track_move(st, ALICE, -2);
	assert_int_equal(pop(st, ALICE), 39);
	rmf_assert_sound(st);
	done(st);
}

static void
test_track_floor_space_1(void **state)
{
	static const int pops[4] = { 4, 2, 10, 11 };
	static const int pops2[4] = { 3, 1, 2, 11 };
	struct rm_state *st = table(NULL, pops);

	/* 4 -> 3 -> 1 (2 skipped), then the floor: stop at the last free. */
	rm_track_move(st, ALICE, -5);
	assert_int_equal(pop(st, ALICE), 1);
	done(st);
	st = table(NULL, pops2);
	rm_track_move(st, ALICE, -1);	/* 2 and 1 taken: stays on 3 */
	assert_int_equal(pop(st, ALICE), 3);
	rmf_assert_sound(st);
	done(st);
}

/* The rule as written, space by space: the reference for the engine's
 * bit scans. */
static int
walk_track(const struct rm_state *st, int seat, int delta)
{
	int n = st->data->track_spaces, pos = st->p[seat].pop, cand, i;
	uint64_t occ = 0;

	for (i = 0; i < st->nplayers; i++)
		if (i != seat && st->p[i].pop > 0)
			occ |= 1ULL << ((st->p[i].pop - 1) % n);
#define TAKEN(p_) ((occ >> (((p_) - 1) % n)) & 1)
	for (; delta > 0; delta--) {
		pos++;
		while (TAKEN(pos))
			pos++;
	}
	for (; delta < 0; delta++) {
		cand = pos - 1;
		while (cand >= 1 && TAKEN(cand))
			cand--;
		if (cand < 1)
			break;
		pos = cand;
	}
#undef TAKEN
	return pos;
}

/* Random boards, some crowded, some on later laps: every move lands where
 * walking space by space lands. */
static void
test_track_moves_as_walked(void **state)
{
	uint32_t x = 12345;
	int g, i, j, seat, delta, want;

	for (g = 0; g < 20000; g++) {
		int n = 4 + (int)(g % 4), spread = g % 3 == 0 ? 12 : 90;
		struct rm_state *st = rmf_setup(data, n, 7);
		int pops[RM_MAXP];

		for (i = 0; i < n; i++) {
			do {
				x = x * 1103515245u + 12345u;
				pops[i] = 1 + (int)((x >> 8) % (uint32_t)spread);
				for (j = 0; j < i; j++)
					if ((pops[j] - 1) % 40 == (pops[i] - 1) % 40)
						break;
			} while (j < i);
			st->p[i].pop = (int16_t)pops[i];
		}
		x = x * 1103515245u + 12345u;
		seat = (int)((x >> 8) % (uint32_t)n);
		delta = (int)((x >> 16) % 13) - 6;
		if (g % 5 == 0) {		/* a dead marker leaves the track */
			int dead = (seat + 1) % n;

			st->p[dead].alive = 0;
			st->p[dead].pop = 0;
		}
		want = walk_track(st, seat, delta);
		rm_track_move(st, seat, delta);
		if (st->p[seat].pop != want)
			fail_msg("board %d: seat %d by %d: %d, walking gives %d", g,
			    seat, delta, st->p[seat].pop, want);
		done(st);
	}
}

static void
test_track_never_shared_after_a_round(void **state)
{
	static const int pops[4] = { 10, 11, 12, 13 };
	static const char *const lines[4] = { "PLAY jest", "PLAY jest",
	    "PLAY dance", "PLAY mock TARGET carol" };
	static const int rooms[4] = { GREEN, GREEN, BLUE, BLUE };
	struct rm_state *st = table(rooms, pops);

	rmf_round(st, lines);
	rmf_assert_sound(st);
	done(st);
}

/* ---- A round ---- */

static void
test_prince_bonus_most_popular_first(void **state)
{
	static const int pops[4] = { 5, 6, 1, 2 };
	struct rm_state *st = table(NULL, pops);
	const struct rm_event *e;
	struct rmf_stash s;

	st->path[3] = GREEN;		/* round 4's tile */
	rmf_stash_deck(st, &s);
	rmf_round(st, NULL);
	rmf_moves(st, NULL);
	rmf_unstash_deck(st, &s);
	assert_int_equal(st->round, 4);
	assert_int_equal(st->prince, GREEN);
	/* bob (6) first: 6 -> 7; then alice 5 -> 6. The other way round
	 * alice would skip bob to 7 and bob go to 8. */
	assert_int_equal(pop(st, BOB), 7);
	assert_int_equal(pop(st, ALICE), 6);
	assert_int_equal(pop(st, CAROL), 1);
	assert_int_equal(pop(st, DAVE), 2);
	assert_int_equal(rmf_count_ev(st, RM_E_BONUS, -1), 2);
	e = rmf_find_ev(st, RM_E_BONUS, -1);
	assert_int_equal(e->actor, BOB);
	done(st);
}

static void
test_prince_moves_to_next_tile_and_clock_advances(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	struct rmf_stash s;

	st->path[3] = VIOLET;
	rmf_stash_deck(st, &s);
	rmf_round(st, NULL);
	assert_int_equal(st->prince, BLACK);	/* not before the moves */
	rmf_moves(st, NULL);
	rmf_unstash_deck(st, &s);
	assert_int_equal(st->prince, VIOLET);
	assert_int_equal(st->round, 4);
	assert_int_equal(st->phase, RM_PH_ACT);
	done(st);
}

/*
 * Round 1 is a round like the others: once the last noble is placed it
 * begins with the Prince's bonus, for the nobles placed in the room of the
 * 8:00 tile. bob and dave are placed there, alice and carol elsewhere.
 */
static void
test_prince_bonus_in_round_1_after_placement(void **state)
{
	struct rm_state *st = rmf_setup(data, 4, 11);
	int prince = st->path[0], other = (st->path[0] + 3) % RM_ROOMS;
	int before[4], k, s;
	char line[32];

	for (k = 0; k < 4; k++)
		before[k] = pop(st, k);
	for (k = 0; k < 4; k++) {
		s = st->place_order[k];
		snprintf(line, sizeof(line), "PLACE %s",
		    st->data->room_id[s == BOB || s == DAVE ? prince : other]);
		rmf_do(st, s, line);
	}
	assert_int_equal(st->phase, RM_PH_ACT);
	assert_int_equal(st->round, 1);
	assert_int_equal(st->prince, prince);
	assert_int_equal(rmf_count_ev(st, RM_E_BONUS, -1), 2);
	assert_int_equal(rmf_count_ev(st, RM_E_BONUS, BOB), 1);
	assert_int_equal(rmf_count_ev(st, RM_E_BONUS, DAVE), 1);
	assert_true(pop(st, BOB) > before[BOB]);
	assert_true(pop(st, DAVE) > before[DAVE]);
	assert_int_equal(pop(st, ALICE), before[ALICE]);
	assert_int_equal(pop(st, CAROL), before[CAROL]);
	rmf_assert_sound(st);
	done(st);
}

static void
check_resolution_order(const char *options, const int *want)
{
	static const int pops[4] = { 4, 3, 1, 2 };
	static const char *const lines[4] = { "PLAY jest", "PLAY jest",
	    "PLAY jest", "PLAY jest" };
	struct rm_state *st = rmf_setup_opts(data, 4, 7, options);
	int i, k = 0;

	rmf_force(st, 2, BLACK, rooms_std, pops);
	rmf_round(st, lines);
	for (i = 0; i < st->nev; i++)
		if (st->ev[i].type == RM_E_POP) {
			assert_true(k < 4);
			assert_int_equal(st->ev[i].actor, want[k]);
			k++;
		}
	assert_int_equal(k, 4);
	done(st);
}

static void
test_resolution_least_popular_then_seat(void **state)
{
	/* carol (1) first, then on in seat order, wrapping round. */
	static const int want[4] = { CAROL, DAVE, ALICE, BOB };

	check_resolution_order(NULL, want);
}

static void
test_resolution_option_ascending_popularity(void **state)
{
	static const int want[4] = { CAROL, DAVE, BOB, ALICE };

	check_resolution_order("{\"resolution_order\":\"ascending_popularity\"}",
	    want);
}

static void
test_resolution_order_fixed_when_it_starts(void **state)
{
	/*
	 * By ascending popularity: carol (1), dave (2), bob (3), alice (4).
	 * dave's Mock drops alice to 2, below bob; the order was fixed when
	 * resolution started, so bob's Jest still resolves before alice's.
	 */
	static const int rooms[4] = { GREEN, GREEN, GREEN, GREEN };
	static const int pops[4] = { 4, 3, 1, 2 };
	static const char *const lines[4] = { "PLAY jest", "PLAY jest",
	    "PLAY discuss", "PLAY mock TARGET alice" };
	struct rm_state *st = rmf_setup_opts(data, 4, 7,
	    "{\"resolution_order\":\"ascending_popularity\"}");
	int i, bob_at = -1, alice_at = -1;
	struct rmf_stash s;

	rmf_force(st, 2, BLACK, rooms, pops);
	rmf_stash_deck(st, &s);
	rmf_round(st, lines);
	rmf_unstash_deck(st, &s);
	for (i = 0; i < st->nev; i++) {
		const struct rm_event *e = &st->ev[i];

		if (e->type == RM_E_POP && e->actor == BOB && e->target == BOB)
			bob_at = i;
		if (e->type == RM_E_POP && e->actor == ALICE && e->target == ALICE)
			alice_at = i;
		if (e->type == RM_E_POP && e->actor == DAVE && e->target == ALICE)
			assert_int_equal(e->b, 2);	/* below bob's 3 */
	}
	assert_true(bob_at >= 0 && alice_at >= 0);
	assert_true(bob_at < alice_at);
	done(st);
}

/*
 * "Popularity as it stands when resolution starts": after the round's
 * Prince's bonus. alice (10) is the least popular until round 3's bonus,
 * in green with the Prince, takes her past bob (11) to 12; so bob's card
 * resolves first, then on in seat order, and alice's last.
 */
static void
test_resolution_least_popular_as_it_stands_when_it_starts(void **state)
{
	static const int rooms[4] = { GREEN, BLUE, BLUE, BLUE };
	static const int pops[4] = { 10, 11, 30, 35 };
	static const char *const lines[4] = { "PLAY jest", "PLAY jest",
	    "PLAY jest", "PLAY jest" };
	static const int want[4] = { BOB, CAROL, DAVE, ALICE };
	struct rm_state *st = rmf_setup(data, 4, 7);
	struct rmf_stash s;
	int i, k = 0;

	rmf_force(st, 2, BLUE, rooms, pops);
	st->path[2] = GREEN;		/* round 3's tile */
	rmf_stash_deck(st, &s);
	rmf_round(st, NULL);
	rmf_moves(st, NULL);
	assert_int_equal(st->round, 3);
	assert_int_equal(pop(st, ALICE), 12);	/* the bonus, 11 skipped */
	rmf_round(st, lines);
	rmf_unstash_deck(st, &s);
	for (i = 0; i < st->nev; i++)
		if (st->ev[i].type == RM_E_POP) {
			assert_true(k < 4);
			assert_int_equal(st->ev[i].actor, want[k]);
			k++;
		}
	assert_int_equal(k, 4);
	done(st);
}

/*
 * A card's effects resolve left to right as printed. alice (10) plays
 * Admire on bob (11): she gains 3 first, to 14 (11 is bob's, skipped), then
 * bob gains 3, to 15 (14 skipped). The other way round bob would stand on
 * 14 and alice on 13. Mock likewise, alice (10) on bob (12): she goes to 13,
 * then bob down to 10; the other way round bob 9, alice 12.
 */
static void
test_effects_resolve_left_to_right(void **state)
{
	static const int pops_admire[4] = { 10, 11, 30, 35 };
	static const int pops_mock[4] = { 10, 12, 30, 35 };
	struct rm_state *st = table(NULL, pops_admire);

	alice_plays(st, "PLAY admire TARGET bob");
	assert_int_equal(pop(st, ALICE), 14);
	assert_int_equal(pop(st, BOB), 15);
	done(st);
	st = table(NULL, pops_mock);
	alice_plays(st, "PLAY mock TARGET bob");
	assert_int_equal(pop(st, ALICE), 13);
	assert_int_equal(pop(st, BOB), 10);
	done(st);
}

static void
test_cards_revealed_together_then_discarded(void **state)
{
	static const char *const lines[4] = { "PLAY jest", "PLAY dance",
	    "PLAY discuss", "PLAY mock TARGET carol" };
	struct rm_state *st = table(NULL, NULL);
	int jest = rmf_card(st, "jest"), dance = rmf_card(st, "dance");
	int discuss = rmf_card(st, "discuss"), mock = rmf_card(st, "mock");
	int i;

	rmf_do(st, ALICE, lines[0]);
	rmf_do(st, BOB, lines[1]);
	rmf_do(st, CAROL, lines[2]);
	/* Nothing resolves, nothing is revealed, until the last pick. */
	assert_int_equal(st->phase, RM_PH_ACT);
	assert_int_equal(st->nev, 0);
	assert_int_equal(pop(st, ALICE), 10);
	rmf_do(st, DAVE, lines[3]);
	/* All four reveals come before any effect. */
	for (i = 0; i < 4; i++)
		assert_int_equal(st->ev[i].type, RM_E_REVEAL);
	assert_true(st->p[ALICE].discards & (1u << jest));
	assert_false(st->p[ALICE].hand & (1u << jest));
	assert_true(st->p[BOB].hand & (1u << dance));
	assert_false(st->p[BOB].discards & (1u << dance));
	assert_true(st->p[CAROL].hand & (1u << discuss));
	assert_true(st->p[DAVE].discards & (1u << mock));
	for (i = 0; i < 4; i++)
		assert_int_equal(st->p[i].played, -1);
	rmf_assert_sound(st);
	done(st);
}

/*
 * The table's "discarded?" column, card by card: after the round, Discuss
 * and Dance are back in hand, every other card (the Personality cards too)
 * is in its owner's discard pile and not in hand.
 */
static void
test_cards_discarded_as_the_table_says(void **state)
{
	static const struct {
		const char *id, *line;
		int back;
	} cards[] = {
		{ "discuss", "PLAY discuss", 1 },
		{ "dance", "PLAY dance", 1 },
		{ "jest", "PLAY jest", 0 },
		{ "admire", "PLAY admire TARGET bob", 0 },
		{ "mock", "PLAY mock TARGET bob", 0 },
		{ "flirt", "PLAY flirt TARGET bob SLOT 12:00", 0 },
		{ "swindle", "PLAY swindle TARGET bob SLOT 12:00", 0 },
		{ "threaten", "PLAY threaten TARGET bob SLOT 12:00", 0 },
		{ "menace", "PLAY menace TARGET bob SLOT 12:00", 0 },
		{ "encore", "PLAY encore", 0 },
		{ "fond_memories", "PLAY fond_memories", 0 },
		{ "grand_entrance", "PLAY grand_entrance", 0 },
		{ "eavesdrop", "PLAY eavesdrop TARGET carol SLOT 12:00", 0 },
		{ "pickpocket", "PLAY pickpocket SLOT 12:00", 0 },
		{ "gossipmonger", "PLAY gossipmonger", 0 },
		{ "scandal", "PLAY scandal TARGET carol", 0 },
		{ "promenade", "PLAY promenade", 0 },
		{ "court_the_prince", "PLAY court_the_prince", 0 },
		{ "premonition", "PLAY premonition SLOT 12:00", 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cards) / sizeof(cards[0]); i++) {
		struct rm_state *st = table(NULL, NULL);
		int c = rmf_card(st, cards[i].id);

		if (st->data->card[c].personality)
			rmf_personality(st, ALICE, cards[i].id);
		rmf_give(st, BOB, rmf_gossip(0, WHITE));
		alice_plays(st, cards[i].line);
		if (cards[i].back) {
			assert_true(st->p[ALICE].hand & (1u << c));
			assert_int_equal(st->p[ALICE].discards, 0);
		} else {
			assert_false(st->p[ALICE].hand & (1u << c));
			assert_int_equal(st->p[ALICE].discards, 1u << c);
		}
		rmf_assert_sound(st);
		done(st);
	}
}

/* ---- The standard action cards ---- */

static void
test_card_discuss(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int c = rmf_gossip(2, WHITE), discuss = rmf_card(st, "discuss");
	struct rmf_stash s;

	deck_only(st, &s, &c, 1);
	rmf_round(st, NULL);
	rmf_unstash_deck(st, &s);
	assert_true(holds(st, ALICE, c));
	assert_int_equal(rm_popcount64(st->p[ALICE].rumors), 1);
	assert_true(knows_safe(st, ALICE, 2, WHITE));
	assert_true(st->p[ALICE].hand & (1u << discuss));	/* back to hand */
	assert_int_equal(st->p[ALICE].discards, 0);
	assert_int_equal(pop(st, ALICE), 10);
	rmf_assert_sound(st);
	done(st);
}

static void
test_card_dance(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int dance = rmf_card(st, "dance");

	alice_plays(st, "PLAY dance");
	assert_int_equal(pop(st, ALICE), 12);
	assert_true(st->p[ALICE].hand & (1u << dance));	/* back to hand */
	assert_int_equal(st->p[ALICE].discards, 0);
	assert_int_equal(rm_allowance(st, &st->p[ALICE]), 2);
	assert_int_equal(rm_allowance(st, &st->p[BOB]), 1);
	rmf_assert_sound(st);
	done(st);
}

static void
test_card_jest(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int jest = rmf_card(st, "jest");

	alice_plays(st, "PLAY jest");
	assert_int_equal(pop(st, ALICE), 13);
	assert_int_equal(st->p[ALICE].discards, 1u << jest);
	assert_false(st->p[ALICE].hand & (1u << jest));
	assert_int_equal(pop(st, BOB), 20);
	done(st);
}

static void
test_card_admire(void **state)
{
	struct rm_state *st = table(NULL, NULL);

	alice_plays(st, "PLAY admire TARGET bob");
	assert_int_equal(pop(st, ALICE), 13);
	assert_int_equal(pop(st, BOB), 23);
	assert_int_equal(pop(st, CAROL), 30);
	assert_int_equal(pop(st, DAVE), 35);
	done(st);
}

static void
test_card_mock(void **state)
{
	struct rm_state *st = table(NULL, NULL);

	alice_plays(st, "PLAY mock TARGET bob");
	assert_int_equal(pop(st, ALICE), 12);
	assert_int_equal(pop(st, BOB), 18);
	assert_int_equal(pop(st, CAROL), 30);
	done(st);
}

static void
test_card_flirt(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int c = rmf_gossip(3, WHITE), other = rmf_gossip(1, BLACK);
	const struct rm_event *e;

	rmf_give(st, BOB, c);
	rmf_give(st, BOB, other);
	alice_plays(st, "PLAY flirt TARGET bob SLOT 12:30");
	assert_int_equal(pop(st, ALICE), 11);
	/* A look: alice learns it, bob keeps it. */
	assert_true(knows_safe(st, ALICE, 3, WHITE));
	assert_false(knows_safe(st, ALICE, 1, BLACK));
	assert_true(holds(st, BOB, c));
	assert_false(holds(st, ALICE, c));
	e = rmf_find_ev(st, RM_E_LOOK, ALICE);
	assert_non_null(e);
	assert_int_equal(e->target, BOB);
	assert_int_equal(e->rumor, c);
	assert_int_equal(rmf_count_ev(st, RM_E_LOOK, ALICE), 1);
	rmf_assert_sound(st);
	done(st);
}

static void
test_card_swindle(void **state)
{
	struct rm_state *st = table(NULL, NULL);

	rmf_give(st, BOB, rmf_gossip(0, BLUE));
	rmf_give(st, BOB, rmf_gossip(5, BLACK));
	rmf_give(st, BOB, rmf_gossip(2, ORANGE));
	/* A different time for each look. */
	alice_plays(st, "PLAY swindle TARGET bob SLOT 12:00 12:50");
	assert_true(knows_safe(st, ALICE, 0, BLUE));
	assert_true(knows_safe(st, ALICE, 5, BLACK));
	assert_false(knows_safe(st, ALICE, 2, ORANGE));
	assert_int_equal(rm_popcount64(st->p[BOB].rumors), 3);
	assert_int_equal(st->p[ALICE].rumors, 0);
	assert_int_equal(rmf_count_ev(st, RM_E_LOOK, ALICE), 2);
	assert_int_equal(pop(st, ALICE), 10);
	done(st);
}

/* One time named, one card of it: the first look shows it, the second
 * another card of the hand, never the same twice (docs/code.md, "The
 * Red Death's language"). */
static void
test_card_swindle_never_shows_one_card_twice(void **state)
{
	struct rm_state *st = table(NULL, NULL);

	rmf_give(st, BOB, rmf_gossip(0, BLUE));
	rmf_give(st, BOB, rmf_gossip(5, BLACK));
	alice_plays(st, "PLAY swindle TARGET bob SLOT 12:00");
	assert_int_equal(rmf_count_ev(st, RM_E_LOOK, ALICE), 2);
	assert_true(knows_safe(st, ALICE, 0, BLUE));
	assert_true(knows_safe(st, ALICE, 5, BLACK));
	done(st);
}

static void
test_card_threaten(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int c = rmf_gossip(3, WHITE), other = rmf_gossip(1, BLACK);

	rmf_give(st, BOB, c);
	rmf_give(st, BOB, other);
	alice_plays(st, "PLAY threaten TARGET bob SLOT 12:30");
	assert_true(holds(st, ALICE, c));
	assert_false(holds(st, BOB, c));
	assert_true(holds(st, BOB, other));
	assert_true(knows_safe(st, ALICE, 3, WHITE));
	assert_int_equal(pop(st, ALICE), 10);
	rmf_assert_sound(st);
	done(st);
}

static void
test_card_menace(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int c = rmf_gossip(3, WHITE), other = rmf_gossip(1, BLACK);

	rmf_give(st, BOB, c);
	rmf_give(st, BOB, other);
	alice_plays(st, "PLAY menace TARGET bob SLOT 12:30");
	assert_int_equal(pop(st, ALICE), 9);
	assert_true(holds(st, ALICE, c));
	assert_false(holds(st, BOB, c));
	assert_true(holds(st, BOB, other));
	rmf_assert_sound(st);
	done(st);
}

/* ---- The Personality cards ---- */

static void
test_card_encore(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int jest = rmf_card(st, "jest"), mock = rmf_card(st, "mock");
	int flirt = rmf_card(st, "flirt"), encore = rmf_card(st, "encore");

	rmf_personality(st, ALICE, "encore");
	rmf_discard(st, ALICE, "jest");
	rmf_discard(st, ALICE, "mock");
	rmf_discard(st, ALICE, "flirt");
	alice_plays(st, "PLAY encore RECOVER jest mock");
	assert_true(st->p[ALICE].hand & (1u << jest));
	assert_true(st->p[ALICE].hand & (1u << mock));
	assert_int_equal(st->p[ALICE].discards, 1u << flirt | 1u << encore);
	assert_int_equal(pop(st, ALICE), 10);
	rmf_assert_sound(st);
	done(st);
}

/*
 * Encore returns "up to 2" discarded cards, "you name them": none is a
 * choice too. PLAY encore with discards and nothing named is still refused
 * (a RECOVER forgotten), saying how to take none: RECOVER none, accepted,
 * logged as written (its canonical text parses back to the same command),
 * and a replay of that text gives the same game byte for byte.
 */
static void
test_card_encore_may_recover_none(void **state)
{
	struct rm_state *st = table(NULL, NULL), *again;
	int jest = rmf_card(st, "jest"), mock = rmf_card(st, "mock");
	int encore = rmf_card(st, "encore");
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_cmd c, back;
	struct mq_err err;

	rmf_personality(st, ALICE, "encore");
	rmf_discard(st, ALICE, "jest");
	rmf_discard(st, ALICE, "mock");
	again = mq_redmasque_kind.clone(st);
	assert_int_equal(rmf_submit(st, ALICE, "PLAY encore", &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "name them after RECOVER, or RECOVER "
	    "none to take none back (your discards: jest, mock)."));
	assert_int_equal(rmf_submit(st, ALICE, "PLAY encore RECOVER none jest",
	    &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "RECOVER none takes no card back"));
	assert_int_equal(rmf_submit(st, ALICE, "PLAY encore RECOVER jest NONE",
	    &err), MQ_REFUSED);
	assert_int_equal(rmf_submit(st, ALICE, "PLAY encore RECOVER", &err),
	    MQ_REFUSED);
	assert_non_null(strstr(err.msg, "or none to take none back"));
	assert_int_equal(rmf_submit(st, ALICE, "PLAY jest RECOVER none", &err),
	    MQ_REFUSED);	/* jest is discarded; and returns nothing */
	assert_int_equal(rmf_submit(st, ALICE, "PLAY dance RECOVER none", &err),
	    MQ_REFUSED);
	assert_non_null(strstr(err.msg, "returns no cards"));

	assert_int_equal(rmf_parse(st, ALICE, "play Encore recover None", &c,
	    &err), 0);
	assert_int_equal(mq_redmasque_kind.format(st, &c, &b), 0);
	assert_string_equal(mq_buf_str(&b), "PLAY encore RECOVER none");
	assert_int_equal(rmf_parse(st, ALICE, mq_buf_str(&b), &back, &err), 0);
	assert_memory_equal(&back, &c, sizeof(c));
	alice_plays(st, "PLAY encore RECOVER none");
	assert_int_equal(st->p[ALICE].discards, 1u << jest | 1u << mock |
	    1u << encore);
	assert_false(st->p[ALICE].hand & (1u << jest | 1u << mock));
	assert_int_equal(rmf_count_ev(st, RM_E_RECOVER, ALICE), 0);
	assert_int_equal(pop(st, ALICE), 10);
	rmf_assert_sound(st);

	/* the log's text, replayed, gives the same game */
	alice_plays(again, mq_buf_str(&b));
	assert_memory_equal(again, st, sizeof(*st));
	mq_buf_free(&b);
	done(again);
	done(st);
}

static void
test_card_fond_memories(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int jest = rmf_card(st, "jest"), mock = rmf_card(st, "mock");
	int fm = rmf_card(st, "fond_memories");

	rmf_personality(st, ALICE, "fond_memories");
	rmf_discard(st, ALICE, "jest");
	rmf_discard(st, ALICE, "mock");
	alice_plays(st, "PLAY fond_memories RECOVER mock");
	assert_int_equal(pop(st, ALICE), 11);
	assert_true(st->p[ALICE].hand & (1u << mock));
	assert_int_equal(st->p[ALICE].discards, 1u << jest | 1u << fm);
	rmf_assert_sound(st);
	done(st);
}

/*
 * Fond Memories returns 1 discarded card, not "up to 1" as Encore's 2:
 * with discards, RECOVER none (and nothing named) is refused; with none,
 * it is played alone and returns nothing.
 */
static void
test_card_fond_memories_returns_one_not_none(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int fm = rmf_card(st, "fond_memories");
	struct mq_err err;

	rmf_personality(st, ALICE, "fond_memories");
	rmf_discard(st, ALICE, "jest");
	assert_int_equal(rmf_submit(st, ALICE, "PLAY fond_memories RECOVER none",
	    &err), MQ_REFUSED);
	assert_string_equal(err.msg, "fond_memories returns one of your "
	    "discarded cards, not none: name it after RECOVER (your discards: "
	    "jest).");
	assert_int_equal(rmf_submit(st, ALICE, "PLAY fond_memories", &err),
	    MQ_REFUSED);
	assert_non_null(strstr(err.msg, "name it after RECOVER"));
	done(st);

	/* nothing discarded: nothing to name, nothing returned */
	st = table(NULL, NULL);
	rmf_personality(st, ALICE, "fond_memories");
	alice_plays(st, "PLAY fond_memories");
	assert_int_equal(pop(st, ALICE), 11);
	assert_int_equal(st->p[ALICE].discards, 1u << fm);
	rmf_assert_sound(st);
	done(st);
}

static void
test_card_recover_at_most_its_number(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	struct mq_err err;

	rmf_personality(st, ALICE, "fond_memories");
	rmf_discard(st, ALICE, "jest");
	rmf_discard(st, ALICE, "mock");
	assert_int_equal(rmf_submit(st, ALICE, "PLAY fond_memories RECOVER jest "
	    "mock", &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "at most 1"));
	assert_int_equal(rmf_submit(st, ALICE, "PLAY fond_memories RECOVER flirt",
	    &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "not in your discard pile"));
	done(st);
}

static void
test_card_grand_entrance(void **state)
{
	struct rm_state *st = table(NULL, NULL);

	rmf_personality(st, ALICE, "grand_entrance");
	alice_plays(st, "PLAY grand_entrance");
	assert_int_equal(pop(st, ALICE), 15);
	assert_true(st->p[ALICE].discards & (1u << rmf_card(st, "grand_entrance")));
	done(st);
}

static void
test_card_eavesdrop(void **state)
{
	struct rm_state *st = table(NULL, NULL);

	rmf_personality(st, ALICE, "eavesdrop");
	/* carol is in another room: Eavesdrop reaches anywhere. */
	rmf_give(st, CAROL, rmf_gossip(4, GREEN));
	rmf_give(st, CAROL, rmf_gossip(2, PURPLE));
	rmf_give(st, CAROL, rmf_gossip(0, VIOLET));
	alice_plays(st, "PLAY eavesdrop TARGET carol SLOT 12:40 12:20");
	assert_true(knows_safe(st, ALICE, 4, GREEN));
	assert_true(knows_safe(st, ALICE, 2, PURPLE));
	assert_false(knows_safe(st, ALICE, 0, VIOLET));
	assert_int_equal(rm_popcount64(st->p[CAROL].rumors), 3);
	assert_int_equal(st->p[ALICE].rumors, 0);
	done(st);
}

static void
test_card_pickpocket(void **state)
{
	static const int rooms[4] = { GREEN, GREEN, GREEN, BLUE };
	struct rm_state *st = table(rooms, NULL);

	rmf_personality(st, ALICE, "pickpocket");
	rmf_give(st, BOB, rmf_gossip(1, BLUE));
	rmf_give(st, BOB, rmf_gossip(2, BLUE));
	rmf_give(st, CAROL, rmf_gossip(1, PURPLE));
	rmf_give(st, DAVE, rmf_gossip(1, GREEN));
	alice_plays(st, "PLAY pickpocket SLOT 12:10");
	/* One card from every nearby noble, of the named time where it can. */
	assert_true(holds(st, ALICE, rmf_gossip(1, BLUE)));
	assert_true(holds(st, ALICE, rmf_gossip(1, PURPLE)));
	assert_true(holds(st, BOB, rmf_gossip(2, BLUE)));
	assert_true(holds(st, DAVE, rmf_gossip(1, GREEN)));	/* not nearby */
	assert_int_equal(rm_popcount64(st->p[ALICE].rumors), 2);
	rmf_assert_sound(st);
	done(st);
}

/* Pickpocket with nobody nearby takes nothing, and says so, as a card of
 * one target does ("alice played Pickpocket." told nothing of it). */
static void
test_card_pickpocket_nobody_nearby(void **state)
{
	static const int rooms[4] = { GREEN, BLUE, PURPLE, BLACK };
	struct rm_state *st = table(rooms, NULL);

	rmf_personality(st, ALICE, "pickpocket");
	rmf_give(st, BOB, rmf_gossip(1, BLUE));
	alice_plays(st, "PLAY pickpocket SLOT 12:10");
	assert_int_equal(st->p[ALICE].rumors, 0);
	assert_true(holds(st, BOB, rmf_gossip(1, BLUE)));
	assert_int_equal(rmf_count_ev(st, RM_E_NO_TARGET, ALICE), 1);
	assert_int_equal(rmf_count_ev(st, RM_E_TAKE, ALICE), 0);
	done(st);
}

static void
test_card_gossipmonger(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int a = rmf_gossip(0, WHITE), b = rmf_gossip(5, PURPLE);
	int cards[2] = { a, b };
	struct rmf_stash s;
	const char *lines[4] = { "PLAY gossipmonger" };

	rmf_personality(st, ALICE, "gossipmonger");
	deck_only(st, &s, cards, 2);
	rmf_round(st, lines);
	rmf_unstash_deck(st, &s);
	assert_true(holds(st, ALICE, a));
	assert_true(holds(st, ALICE, b));
	assert_int_equal(rm_popcount64(st->p[ALICE].rumors), 2);
	assert_int_equal(rmf_count_ev(st, RM_E_DRAW, ALICE), 2);
	rmf_assert_sound(st);
	done(st);
}

static void
test_card_scandal(void **state)
{
	struct rm_state *st = table(NULL, NULL);

	rmf_personality(st, ALICE, "scandal");
	alice_plays(st, "PLAY scandal TARGET carol");	/* carol is elsewhere */
	assert_int_equal(pop(st, CAROL), 27);
	assert_int_equal(pop(st, ALICE), 10);
	assert_int_equal(pop(st, BOB), 20);
	done(st);
}

static void
test_card_promenade(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	struct mq_err err;

	rmf_personality(st, ALICE, "promenade");
	alice_plays(st, "PLAY promenade");
	assert_int_equal(pop(st, ALICE), 11);
	assert_int_equal(rm_allowance(st, &st->p[ALICE]), 3);
	assert_int_equal(rmf_submit(st, BOB, "MOVE cw cw", &err), MQ_REFUSED);
	rmf_moves(st, (const char *const[]){ "MOVE cw cw cw", NULL, NULL, NULL });
	assert_int_equal(st->p[ALICE].room, VIOLET);	/* green + 3 */
	done(st);
}

static void
test_card_court_the_prince(void **state)
{
	static const int rooms[4] = { GREEN, GREEN, BLUE, BLACK };
	static const char *const lines[4] = { "PLAY court_the_prince", NULL, NULL,
	    "PLAY mock" };
	struct rm_state *st = table(rooms, NULL);
	const struct rm_event *e;
	struct rmf_stash s;

	rmf_personality(st, ALICE, "court_the_prince");
	st->path[3] = VIOLET;	/* the next tile: where the Prince is not yet */
	rmf_stash_deck(st, &s);
	rmf_round(st, lines);
	rmf_unstash_deck(st, &s);
	/* alice goes to the Prince (black), then gains 2: 10 -> 12 ... */
	assert_int_equal(st->prince, BLACK);
	assert_int_equal(st->p[ALICE].room, BLACK);
	e = rmf_find_ev(st, RM_E_POP, ALICE);
	assert_non_null(e);
	assert_int_equal(e->target, ALICE);
	assert_int_equal(e->a, 10);
	assert_int_equal(e->b, 12);
	/* ... and dave, alone in black before, finds her nearby when his Mock
	 * resolves: she is its only possible target. */
	assert_int_equal(pop(st, ALICE), 10);
	assert_int_equal(pop(st, DAVE), 37);
	done(st);
}

/* Court the Prince played in the Prince's room moves no one: its event
 * says the noble stayed ("bob joined the Prince: Orange -> Orange"). */
static void
test_card_court_the_prince_in_his_room(void **state)
{
	static const int rooms[4] = { BLACK, GREEN, BLUE, PURPLE };
	static const char *const lines[4] = { "PLAY court_the_prince" };
	struct rm_state *st = table(rooms, NULL);
	struct rmf_stash s;
	json_t *evs, *e;
	size_t i;
	int seen = 0;

	rmf_personality(st, ALICE, "court_the_prince");
	rmf_stash_deck(st, &s);
	rmf_round(st, lines);
	rmf_unstash_deck(st, &s);
	assert_int_equal(st->p[ALICE].room, BLACK);
	evs = rm_events(st, MQ_VIEW_PUBLIC);
	assert_non_null(evs);
	json_array_foreach(evs, i, e)
		if (strcmp(json_string_value(json_object_get(e, "type")),
		    "to_prince") == 0) {
			assert_true(json_is_true(json_object_get(e, "stayed")));
			seen++;
		}
	json_decref(evs);
	assert_int_equal(seen, 1);
	done(st);
}

static void
test_card_premonition(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	struct mq_rng r;
	int want, t;

	rmf_personality(st, ALICE, "premonition");
	alice_plays(st, "PLAY premonition SLOT 12:20");
	/* One of 12:20's Red Death cards, drawn from alice's step (0). */
	mq_rng_open(&r, st->seed, "premonition", 3, 0);
	want = st->rd[2][mq_rng_below(&r, (uint32_t)st->rd_n)];
	assert_int_equal(st->p[ALICE].deadly[2], 1u << want);
	for (t = 0; t < RM_TIMES; t++) {
		if (t != 2)
			assert_int_equal(st->p[ALICE].deadly[t], 0);
		assert_int_equal(st->p[ALICE].safe[t], 0);
	}
	done(st);
}

/* ---- Targets and Rumor cards ---- */

/*
 * carol is named first but is not nearby; dave is the first who is, so he
 * is the target every time. bob is nearby too: a random choice among the
 * nearby would pick him under some seeds, hence the many seeds; named the
 * other way round, bob is the target every time.
 */
static void
test_targets_preference_order(void **state)
{
	static const int rooms[4] = { GREEN, GREEN, BLUE, GREEN };
	int seed;

	for (seed = 1; seed <= 16; seed++) {
		struct rm_state *st = rmf_setup(data, 4, seed);

		rmf_force(st, 3, BLACK, rooms, pops_std);
		alice_plays(st, "PLAY mock TARGET carol dave bob");
		assert_int_equal(pop(st, DAVE), 33);
		assert_int_equal(pop(st, BOB), 20);
		assert_int_equal(pop(st, CAROL), 30);
		done(st);
		st = rmf_setup(data, 4, seed);
		rmf_force(st, 3, BLACK, rooms, pops_std);
		alice_plays(st, "PLAY mock TARGET bob dave");
		assert_int_equal(pop(st, BOB), 18);
		assert_int_equal(pop(st, DAVE), 35);
		done(st);
	}
}

static int
random_target_outcome(int seed)
{
	static const int rooms[4] = { GREEN, GREEN, BLUE, GREEN };
	struct rm_state *st = rmf_setup(data, 4, seed);
	struct mq_rng r;
	int want, got;

	rmf_force(st, 3, BLACK, rooms, pops_std);
	/* Named, but not nearby: as if none were named. */
	alice_plays(st, "PLAY mock TARGET carol");
	mq_rng_open(&r, st->seed, "target", 3, 0);
	want = mq_rng_below(&r, 2) == 0 ? BOB : DAVE;	/* in seat order */
	got = pop(st, BOB) == 18 ? BOB : pop(st, DAVE) == 33 ? DAVE : -1;
	assert_int_equal(got, want);
	/* Exactly one of them lost 2. */
	assert_int_equal((pop(st, BOB) == 18) + (pop(st, DAVE) == 33), 1);
	done(st);
	return got;
}

static void
test_targets_random_among_several(void **state)
{
	int seen = 0, seed;

	for (seed = 1; seed <= 24; seed++)
		seen |= 1 << random_target_outcome(seed);
	assert_int_equal(seen, 1 << BOB | 1 << DAVE);	/* both happen */
}

static void
test_targets_exactly_one_nearby_is_the_target(void **state)
{
	struct rm_state *st = table(NULL, NULL);

	alice_plays(st, "PLAY admire");
	assert_int_equal(pop(st, BOB), 23);
	done(st);
}

static void
test_targets_none_nearby_rest_resolves(void **state)
{
	static const int rooms[4] = { GREEN, BLUE, BLUE, BLUE };
	struct rm_state *st = table(rooms, NULL);

	alice_plays(st, "PLAY mock TARGET bob");
	assert_int_equal(pop(st, ALICE), 12);	/* the untargeted part */
	assert_int_equal(pop(st, BOB), 20);
	assert_int_equal(rmf_count_ev(st, RM_E_NO_TARGET, ALICE), 1);
	done(st);
}

/*
 * "Where none of them is nearby, or none was named: if exactly one noble is
 * nearby, it is the target." carol is named but in blue; bob, alone with
 * alice in green, is the target under every seed, and carol keeps hers.
 */
static void
test_targets_named_none_nearby_exactly_one_nearby_is_the_target(void **state)
{
	int seed;

	for (seed = 1; seed <= 16; seed++) {
		struct rm_state *st = rmf_setup(data, 4, seed);

		rmf_force(st, 3, BLACK, rooms_std, pops_std);
		alice_plays(st, "PLAY mock TARGET carol dave");
		assert_int_equal(pop(st, ALICE), 12);
		assert_int_equal(pop(st, BOB), 18);
		assert_int_equal(pop(st, CAROL), 30);
		assert_int_equal(pop(st, DAVE), 35);
		assert_int_equal(rmf_count_ev(st, RM_E_NO_TARGET, ALICE), 0);
		done(st);
	}
}

static void
test_targets_never_self_nor_unknown(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	struct mq_err err;
	struct mq_cmd cmd;
	struct rm_cmd *c;

	assert_int_equal(rmf_submit(st, ALICE, "PLAY mock TARGET alice", &err),
	    MQ_REFUSED);
	assert_non_null(strstr(err.msg, "yourself"));
	assert_int_equal(rmf_submit(st, ALICE, "PLAY mock TARGET zoe", &err),
	    MQ_REFUSED);
	assert_non_null(strstr(err.msg, "zoe"));
	/* A command built by hand (not parsed) is refused by apply too. */
	memset(&cmd, 0, sizeof(cmd));
	c = rm_cmd_of(&cmd);
	c->type = RM_C_PLAY;
	c->pick.card = (uint8_t)rmf_card(st, "scandal");
	rmf_personality(st, ALICE, "scandal");
	c->pick.ntargets = 1;
	c->pick.targets[0] = ALICE;
	mq_err_clear(&err);
	assert_int_equal(mq_redmasque_kind.apply(st, ALICE, &cmd, &err), MQ_REFUSED);
	assert_false(st->p[ALICE].has_pick);
	done(st);
}

static void
test_targets_anywhere_must_be_named(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	struct mq_err err;

	rmf_personality(st, ALICE, "scandal");
	assert_int_equal(rmf_submit(st, ALICE, "PLAY scandal", &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "TARGET"));
	rmf_personality(st, ALICE, "eavesdrop");
	assert_int_equal(rmf_submit(st, ALICE, "PLAY eavesdrop SLOT 12:00", &err),
	    MQ_REFUSED);
	assert_non_null(strstr(err.msg, "TARGET"));
	assert_false(st->p[ALICE].has_pick);
	done(st);
}

static void
test_named_time_required(void **state)
{
	static const char *const needs[] = { "flirt TARGET bob", "swindle TARGET bob",
	    "threaten TARGET bob", "menace TARGET bob", "eavesdrop TARGET bob",
	    "pickpocket", "premonition" };
	struct rm_state *st = table(NULL, NULL);
	struct mq_err err;
	char line[96], id[32];
	size_t i;

	for (i = 0; i < sizeof(needs) / sizeof(needs[0]); i++) {
		sscanf(needs[i], "%31s", id);
		if (st->data->card[rmf_card(st, id)].personality)
			rmf_personality(st, ALICE, id);
		snprintf(line, sizeof(line), "PLAY %s", needs[i]);
		assert_int_equal(rmf_submit(st, ALICE, line, &err), MQ_REFUSED);
		assert_non_null(strstr(err.msg, "SLOT"));
		assert_false(st->p[ALICE].has_pick);
		snprintf(line, sizeof(line), "PLAY %s SLOT 12:10", needs[i]);
		rmf_do(st, ALICE, line);
		st->p[ALICE].has_pick = 0;
	}
	done(st);
}

static void
test_named_time_exactly_one(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int c = rmf_gossip(3, WHITE);

	rmf_give(st, BOB, rmf_gossip(2, WHITE));
	rmf_give(st, BOB, c);
	rmf_give(st, BOB, rmf_gossip(4, BLUE));
	alice_plays(st, "PLAY threaten TARGET bob SLOT 12:30");
	assert_int_equal(st->p[ALICE].rumors, 1ULL << c);
	done(st);
}

/* The card a take from seat picks: derived from the "rumor" stream. */
static int
derived_pick(const struct rm_state *st, uint64_t m, int step)
{
	struct mq_rng r;
	uint32_t k;
	int b;

	mq_rng_open(&r, st->seed, "rumor", st->round, step);
	k = mq_rng_below(&r, (uint32_t)rm_popcount64(m));
	for (b = 0; b < 64; b++)
		if ((m >> b) & 1 && k-- == 0)
			return b;
	return -1;
}

/* bob holds two cards of 12:30 and one of 12:10: the card taken is one of
 * the two, drawn from the engine's stream; over many seeds each of the two
 * is taken (always the first would not be "at random"), never the other. */
static void
test_named_time_several_one_at_random(void **state)
{
	int a = rmf_gossip(3, WHITE), b = rmf_gossip(3, BLUE), x = rmf_gossip(1, BLACK);
	uint64_t cands = 1ULL << a | 1ULL << b, seen = 0;
	int seed;

	for (seed = 1; seed <= 24; seed++) {
		struct rm_state *st = rmf_setup(data, 4, seed);
		int want;

		rmf_force(st, 3, BLACK, rooms_std, pops_std);
		want = derived_pick(st, cands, 0);
		rmf_give(st, BOB, a);
		rmf_give(st, BOB, b);
		rmf_give(st, BOB, x);
		alice_plays(st, "PLAY threaten TARGET bob SLOT 12:30");
		assert_int_equal(st->p[ALICE].rumors, 1ULL << want);
		assert_true(holds(st, BOB, x));
		seen |= st->p[ALICE].rumors;
		done(st);
	}
	assert_int_equal(seen, cands);
}

static void
test_named_time_none_falls_back_to_any(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int a = rmf_gossip(1, BLACK), b = rmf_gossip(4, BLUE);
	int want = derived_pick(st, 1ULL << a | 1ULL << b, 0);

	rmf_give(st, BOB, a);
	rmf_give(st, BOB, b);
	alice_plays(st, "PLAY threaten TARGET bob SLOT 12:30");
	assert_int_equal(st->p[ALICE].rumors, 1ULL << want);
	assert_int_equal(rm_popcount64(st->p[BOB].rumors), 1);
	done(st);
}

static void
test_target_with_no_cards_gives_nothing(void **state)
{
	struct rm_state *st = table(NULL, NULL);

	int i;

	alice_plays(st, "PLAY threaten TARGET bob SLOT 12:30");
	assert_int_equal(st->p[ALICE].rumors, 0);
	assert_int_equal(rmf_count_ev(st, RM_E_NO_CARD, ALICE), 1);
	assert_int_equal(rmf_count_ev(st, RM_E_TAKE, ALICE), 0);
	/* the event names the card that found nothing ("alice's Threaten
	 * found no Rumor card on bob"), as "bob had no Rumor card for
	 * alice" did not */
	for (i = 0; i < st->nev; i++)
		if (st->ev[i].type == RM_E_NO_CARD)
			assert_int_equal(st->ev[i].card, rmf_card(st, "threaten"));
	done(st);
}

static void
test_swindle_single_card_shown_once(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int c = rmf_gossip(3, WHITE);

	rmf_give(st, BOB, c);
	alice_plays(st, "PLAY swindle TARGET bob SLOT 12:30 12:10");
	assert_int_equal(rmf_count_ev(st, RM_E_LOOK, ALICE), 1);
	assert_int_equal(rmf_find_ev(st, RM_E_LOOK, ALICE)->rumor, c);
	assert_true(holds(st, BOB, c));
	done(st);
}

/*
 * Swindle looks at 2 Rumor cards: bob holds two of 12:30 and one of 12:10.
 * With one time named for both looks, or the same time twice, alice sees
 * both 12:30 cards, two different cards, not one card twice.
 */
static void
test_swindle_two_looks_two_different_cards(void **state)
{
	static const char *const lines[2] = {
		"PLAY swindle TARGET bob SLOT 12:30",
		"PLAY swindle TARGET bob SLOT 12:30 12:30",
	};
	int a = rmf_gossip(3, WHITE), b = rmf_gossip(3, BLUE);
	int x = rmf_gossip(1, BLACK), i, k, seen;

	for (k = 0; k < 2; k++) {
		struct rm_state *st = table(NULL, NULL);

		rmf_give(st, BOB, a);
		rmf_give(st, BOB, b);
		rmf_give(st, BOB, x);
		alice_plays(st, lines[k]);
		assert_int_equal(rmf_count_ev(st, RM_E_LOOK, ALICE), 2);
		seen = 0;
		for (i = 0; i < st->nev; i++)
			if (st->ev[i].type == RM_E_LOOK)
				seen |= st->ev[i].rumor == a ? 1 :
				    st->ev[i].rumor == b ? 2 : 4;
		assert_int_equal(seen, 3);
		assert_true(knows_safe(st, ALICE, 3, WHITE));
		assert_true(knows_safe(st, ALICE, 3, BLUE));
		assert_false(knows_safe(st, ALICE, 1, BLACK));
		assert_int_equal(rm_popcount64(st->p[BOB].rumors), 3);
		done(st);
	}
}

static void
test_pickpocket_seat_order(void **state)
{
	static const int rooms[4] = { GREEN, GREEN, GREEN, GREEN };
	static const int pops[4] = { 20, 30, 10, 35 };
	struct rm_state *st = table(rooms, pops);
	const char *lines[4] = { NULL, NULL, "PLAY pickpocket SLOT 12:00", NULL };
	int want[3] = { DAVE, ALICE, BOB }, i, k = 0;
	struct rmf_stash s;

	rmf_personality(st, CAROL, "pickpocket");
	rmf_give(st, ALICE, rmf_gossip(0, BLUE));
	rmf_give(st, BOB, rmf_gossip(0, PURPLE));
	rmf_give(st, DAVE, rmf_gossip(0, GREEN));
	rmf_stash_deck(st, &s);
	rmf_round(st, lines);
	rmf_unstash_deck(st, &s);
	/* From the seat after carol's, wrapping: dave, alice, bob. */
	for (i = 0; i < st->nev; i++)
		if (st->ev[i].type == RM_E_TAKE)
			assert_int_equal(st->ev[i].target, want[k++]);
	assert_int_equal(k, 3);
	assert_int_equal(rm_popcount64(st->p[CAROL].rumors), 3);
	rmf_assert_sound(st);
	done(st);
}

static void
test_evidence_look_and_discard(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	int ev = rmf_evidence(st, 2, 1), want, deck = st->deck_n, t;
	struct mq_rng r;
	const struct rm_event *e;
	struct rmf_stash s;

	deck_only(st, &s, &ev, 1);
	rmf_round(st, NULL);
	rmf_unstash_deck(st, &s);
	/* Never kept: to the public discard pile, after one look. */
	assert_int_equal(st->p[ALICE].rumors, 0);
	assert_int_equal(st->evidence_discard, 1ULL << ev);
	assert_int_equal(st->deck_n, deck - 1);
	mq_rng_open(&r, st->seed, "evidence", 3, 0);
	want = st->rd[2][mq_rng_below(&r, (uint32_t)st->rd_n)];
	assert_int_equal(st->p[ALICE].deadly[2], 1u << want);
	for (t = 0; t < RM_TIMES; t++)
		if (t != 2)
			assert_int_equal(st->p[ALICE].deadly[t], 0);
	e = rmf_find_ev(st, RM_E_EVIDENCE, ALICE);
	assert_non_null(e);
	assert_int_equal(e->time, 2);
	assert_int_equal(e->room, want);
	rmf_assert_sound(st);
	done(st);
}

/* Which of a time's Red Death cards (its index) a seat knows deadly; -1. */
static int
deadly_index(const struct rm_state *st, int seat, int time)
{
	int k;

	for (k = 0; k < st->rd_n; k++)
		if (st->p[seat].deadly[time] == 1u << st->rd[time][k])
			return k;
	return -1;
}

/*
 * [decided] Evidence shows one of its time's Red Death cards chosen at
 * random: over many seeds, each of 12:20's two cards is the one seen (always
 * the first, or the last, would not be at random), and always exactly one.
 */
static void
test_evidence_looks_at_one_red_death_card_at_random(void **state)
{
	unsigned seen = 0;
	int seed, k;

	for (seed = 1; seed <= 24; seed++) {
		struct rm_state *st = rmf_setup(data, 4, seed);
		int ev = rmf_evidence(st, 2, 0);
		struct rmf_stash s;

		rmf_force(st, 3, BLACK, rooms_std, pops_std);
		deck_only(st, &s, &ev, 1);
		rmf_round(st, NULL);
		rmf_unstash_deck(st, &s);
		k = deadly_index(st, ALICE, 2);
		assert_true(k >= 0);
		seen |= 1u << k;
		done(st);
	}
	assert_int_equal(seen, 3u);
}

/* Premonition looks "as with Evidence": one of the named time's Red Death
 * cards at random, each of the two over many seeds. */
static void
test_premonition_looks_at_one_red_death_card_at_random(void **state)
{
	unsigned seen = 0;
	int seed, k;

	for (seed = 1; seed <= 24; seed++) {
		struct rm_state *st = rmf_setup(data, 4, seed);

		rmf_force(st, 3, BLACK, rooms_std, pops_std);
		rmf_personality(st, ALICE, "premonition");
		alice_plays(st, "PLAY premonition SLOT 12:50");
		k = deadly_index(st, ALICE, 5);
		assert_true(k >= 0);
		seen |= 1u << k;
		done(st);
	}
	assert_int_equal(seen, 3u);
}

static void
test_empty_rumor_deck_draws_nothing(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	struct rmf_stash s;
	const char *lines[4] = { "PLAY gossipmonger" };
	int ev = rmf_evidence(st, 0, 0);

	rmf_personality(st, ALICE, "gossipmonger");
	/* An Evidence card already discarded must not come back. */
	rmf_deck_remove(st, ev);
	st->evidence_discard |= 1ULL << ev;
	rmf_stash_deck(st, &s);
	rmf_round(st, lines);
	assert_int_equal(st->deck_n, 0);
	assert_int_equal(st->evidence_discard, 1ULL << ev);
	assert_int_equal(st->p[ALICE].rumors, 0);
	assert_int_equal(rmf_count_ev(st, RM_E_DRAW_NONE, ALICE), 2);
	assert_int_equal(rmf_count_ev(st, RM_E_DRAW_NONE, -1), 5);
	rmf_unstash_deck(st, &s);
	rmf_assert_sound(st);
	done(st);
}

/* ---- Movement ---- */

static void
test_move_one_step(void **state)
{
	static const int rooms[4] = { GREEN, GREEN, BLUE, BLACK };
	static const char *const moves[4] = { "MOVE cw", "MOVE ccw", NULL, "MOVE cw" };
	struct rm_state *st = table(rooms, NULL);
	struct mq_err err;

	alice_plays(st, "PLAY jest");
	assert_int_equal(rmf_submit(st, ALICE, "MOVE cw cw", &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "once"));
	rmf_moves(st, moves);
	assert_int_equal(st->p[ALICE].room, ORANGE);
	assert_int_equal(st->p[BOB].room, PURPLE);
	assert_int_equal(st->p[CAROL].room, BLUE);
	assert_int_equal(st->p[DAVE].room, BLUE);	/* black -> blue: a ring */
	done(st);
}

static void
test_moves_simultaneous(void **state)
{
	struct rm_state *st = table(NULL, NULL);

	alice_plays(st, "PLAY jest");
	rmf_do(st, ALICE, "MOVE cw");
	rmf_do(st, BOB, "MOVE ccw");
	rmf_do(st, CAROL, "MOVE cw");
	/* Nobody moves until the last move is in. */
	assert_int_equal(st->p[ALICE].room, GREEN);
	assert_int_equal(st->p[BOB].room, GREEN);
	assert_int_equal(st->phase, RM_PH_MOVE);
	rmf_do(st, DAVE, "MOVE stay");
	assert_int_equal(st->p[ALICE].room, ORANGE);
	assert_int_equal(st->p[BOB].room, PURPLE);
	assert_int_equal(st->p[CAROL].room, PURPLE);
	assert_int_equal(st->p[DAVE].room, BLUE);
	done(st);
}

static void
test_dance_two_steps(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	struct mq_err err;

	alice_plays(st, "PLAY dance");
	assert_int_equal(rmf_submit(st, ALICE, "MOVE cw cw cw", &err), MQ_REFUSED);
	rmf_do(st, ALICE, "MOVE cw cw");
	rmf_do(st, BOB, "MOVE stay");
	rmf_do(st, CAROL, "MOVE stay");
	rmf_do(st, DAVE, "MOVE stay");
	assert_int_equal(st->p[ALICE].room, WHITE);
	done(st);
	/* Coming back to the start is allowed. */
	st = table(NULL, NULL);
	alice_plays(st, "PLAY dance");
	rmf_moves(st, (const char *const[]){ "MOVE cw ccw", NULL, NULL, NULL });
	assert_int_equal(st->p[ALICE].room, GREEN);
	assert_int_equal(rmf_find_ev(st, RM_E_MOVE, ALICE)->b, 2);
	done(st);
}

/* Dance's second step is for the round it is played in: the next round,
 * with Jest played, alice may move once again. */
static void
test_dance_moves_twice_this_round_only(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	struct rmf_stash s;
	struct mq_err err;

	alice_plays(st, "PLAY dance");
	rmf_moves(st, (const char *const[]){ "MOVE cw cw", NULL, NULL, NULL });
	assert_int_equal(st->p[ALICE].room, WHITE);
	assert_int_equal(st->round, 4);
	rmf_stash_deck(st, &s);
	rmf_round(st, (const char *const[]){ "PLAY jest", NULL, NULL, NULL });
	rmf_unstash_deck(st, &s);
	assert_int_equal(st->phase, RM_PH_MOVE);
	assert_int_equal(rm_allowance(st, &st->p[ALICE]), 1);
	assert_int_equal(rmf_submit(st, ALICE, "MOVE cw cw", &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "once"));
	assert_false(st->p[ALICE].has_move);
	done(st);
}

/* A PLAY that allows fewer steps than the seat's MOVE sent before it: the
 * engine says so to the sender (sender_note), as the state stands, while
 * the cards are unrevealed; the reveal drops the move, as before. */
static void
test_a_card_short_of_the_early_move_is_told(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	struct mq_cmd jest, dance;
	struct mq_err err;
	json_t *note = NULL;

	assert_int_equal(rmf_parse(st, ALICE, "PLAY jest", &jest, &err), 0);
	assert_int_equal(rmf_parse(st, ALICE, "PLAY dance", &dance, &err), 0);
	rmf_do(st, ALICE, "PLAY dance");
	rmf_do(st, ALICE, "MOVE cw cw");
	assert_int_equal(rm_sender_note(st, ALICE, &dance, &note), 0);
	assert_null(note);
	rmf_do(st, ALICE, "PLAY jest");
	assert_int_equal(rm_sender_note(st, ALICE, &jest, &note), 0);
	assert_non_null(note);
	assert_true(json_is_true(json_object_get(note, "move_too_long")));
	assert_string_equal(json_string_value(json_object_get(note, "move")),
	    "cw cw");
	assert_int_equal(json_integer_value(json_object_get(note, "steps")), 2);
	assert_int_equal(json_integer_value(json_object_get(note, "allows")), 1);
	assert_string_equal(json_string_value(json_object_get(note, "card")),
	    "jest");
	json_decref(note);
	/* of another seat's move, nothing */
	assert_int_equal(rm_sender_note(st, BOB, &jest, &note), 0);
	assert_null(note);
	/* a MOVE or a card that mends it: nothing more to say */
	rmf_do(st, ALICE, "PLAY dance");
	assert_int_equal(rm_sender_note(st, ALICE, &jest, &note), 0);
	assert_null(note);
	rmf_do(st, ALICE, "PLAY jest");
	/* the cards revealed: the move is dropped, which the reveal says */
	rmf_do(st, BOB, "PLAY discuss");
	rmf_do(st, CAROL, "PLAY discuss");
	rmf_do(st, DAVE, "PLAY discuss");
	assert_int_equal(st->phase, RM_PH_MOVE);
	assert_non_null(rmf_find_ev(st, RM_E_MOVE_DROPPED, ALICE));
	assert_int_equal(rm_sender_note(st, ALICE, &jest, &note), 0);
	assert_null(note);
	done(st);
}

/* A card that reaches a nearby noble, its TARGETs all in other rooms now:
 * the sender is told it likely finds nobody (the nobles move after the
 * cards; found by players by mail, "Play admire target kenji" from another
 * room). A TARGET in the room, or a card with none, says nothing. */
static void
test_a_target_away_is_told(void **state)
{
	struct rm_state *st = table(NULL, NULL);
	struct mq_cmd mock;
	struct mq_err err;
	json_t *note = NULL;

	st->p[ALICE].room = 0;
	st->p[BOB].room = 3;
	st->p[CAROL].room = 5;
	assert_int_equal(rmf_parse(st, ALICE, "PLAY mock TARGET bob carol",
	    &mock, &err), 0);
	rmf_do(st, ALICE, "PLAY mock TARGET bob carol");
	assert_int_equal(rm_sender_note(st, ALICE, &mock, &note), 0);
	assert_non_null(note);
	assert_true(json_is_true(json_object_get(note, "targets_away")));
	assert_string_equal(json_string_value(json_object_get(note, "away")),
	    "bob, carol");
	assert_null(json_object_get(note, "move_too_long"));
	json_decref(note);
	note = NULL;
	/* carol in alice's room: she may be the target */
	st->p[CAROL].room = 0;
	assert_int_equal(rm_sender_note(st, ALICE, &mock, &note), 0);
	assert_null(note);
	/* no TARGET: the card picks one when it resolves */
	st->p[CAROL].room = 5;
	assert_int_equal(rmf_parse(st, ALICE, "PLAY mock", &mock, &err), 0);
	rmf_do(st, ALICE, "PLAY mock");
	assert_int_equal(rm_sender_note(st, ALICE, &mock, &note), 0);
	assert_null(note);
	done(st);
}

/* "Move twice": two single steps, each cw, ccw or stay; a stay may be
 * either step. */
static void
test_dance_a_step_may_be_stay(void **state)
{
	static const char *const lines[2] = { "MOVE stay cw", "MOVE cw stay" };
	int k;

	for (k = 0; k < 2; k++) {
		struct rm_state *st = table(NULL, NULL);

		alice_plays(st, "PLAY dance");
		rmf_moves(st, (const char *const[]){ lines[k], NULL, NULL, NULL });
		assert_int_equal(st->p[ALICE].room, ORANGE);
		assert_int_equal(st->round, 4);
		done(st);
	}
}

/*
 * "Move twice ... coming back to the start is allowed": a Dance of
 * "cw ccw" leaves the room and comes back, and every view says the way it
 * went ("via"), so no one reads it as a stay (it was told "stayed in
 * Green", found by players by mail). A stay passes through no room; three
 * steps (Promenade) may pass through two.
 */
/* The way a move went costs an event no byte: it sits in what was the
 * padding after time, as the 513 events of every open game's state
 * (bench_daemon.sh's held_kib) took 2 bytes more each with a via[2]. */
static void
test_an_event_is_14_bytes(void **state)
{
	(void)state;
	assert_int_equal(sizeof(struct rm_event), 14);
}

static void
test_dance_out_and_back_is_told_as_a_route(void **state)
{
	static const struct {
		const char *card, *move;
		int end, via[2];
	} cases[] = {
		{ "dance", "MOVE cw ccw", GREEN, { ORANGE, -1 } },
		{ "dance", "MOVE ccw cw", GREEN, { PURPLE, -1 } },
		{ "dance", "MOVE cw cw", WHITE, { ORANGE, -1 } },
		{ "dance", "MOVE stay cw", ORANGE, { -1, -1 } },
		{ "dance", "MOVE cw stay", ORANGE, { -1, -1 } },
		{ "dance", "MOVE stay stay", GREEN, { -1, -1 } },
		{ "promenade", "MOVE cw cw ccw", ORANGE, { ORANGE, WHITE } },
		{ "promenade", "MOVE cw stay ccw", GREEN, { ORANGE, -1 } },
	};
	static const int viewers[] = { MQ_VIEW_PUBLIC, MQ_VIEW_ADMIN, ALICE,
	    BOB, CAROL };
	size_t k, v, i, n;

	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct rm_state *st = table(NULL, NULL);
		const struct rm_event *ev;
		char line[32];

		if (strcmp(cases[k].card, "dance") != 0)
			rmf_personality(st, ALICE, cases[k].card);
		snprintf(line, sizeof(line), "PLAY %s", cases[k].card);
		alice_plays(st, line);
		rmf_moves(st, (const char *const[]){ cases[k].move, NULL,
		    NULL, NULL });
		assert_int_equal(st->p[ALICE].room, cases[k].end);
		assert_non_null(ev = rmf_find_ev(st, RM_E_MOVE, ALICE));
		assert_int_equal(rm_via(ev, 0), cases[k].via[0]);
		assert_int_equal(rm_via(ev, 1), cases[k].via[1]);
		n = cases[k].via[0] < 0 ? 0 : cases[k].via[1] < 0 ? 1 : 2;
		for (v = 0; v < sizeof(viewers) / sizeof(viewers[0]); v++) {
			json_t *evs = rm_events(st, viewers[v]), *e, *via;
			int seen = 0;

			assert_non_null(evs);
			json_array_foreach(evs, i, e) {
				if (strcmp(json_string_value(json_object_get(e,
				    "type")), "move") != 0 ||
				    strcmp(json_string_value(json_object_get(e,
				    "player")), "alice") != 0)
					continue;
				seen++;
				via = json_object_get(e, "via");
				if (n == 0) {
					assert_null(via);
					continue;
				}
				assert_int_equal(json_array_size(via), n);
				for (i = 0; i < n; i++)
					assert_string_equal(json_string_value(
					    json_array_get(via, i)),
					    st->data->room_id[cases[k].via[i]]);
			}
			/* the others' moves pass through nothing: they stayed */
			json_array_foreach(evs, i, e)
				if (strcmp(json_string_value(json_object_get(e,
				    "type")), "move") == 0 &&
				    strcmp(json_string_value(json_object_get(e,
				    "player")), "alice") != 0)
					assert_null(json_object_get(e, "via"));
			json_decref(evs);
			assert_int_equal(seen, 1);
		}
		done(st);
	}
}

static void
test_sequential_moves_option(void **state)
{
	struct rm_state *st = rmf_setup_opts(data, 4, 7,
	    "{\"sequential_moves\":true}");

	rmf_force(st, 3, BLACK, rooms_std, pops_std);
	alice_plays(st, "PLAY jest");	/* alice 13, bob 20, carol 30, dave 35 */
	/* Most popular first: dave owes, the others wait. */
	assert_string_equal(mq_redmasque_kind.owes(st, DAVE), "move");
	assert_null(mq_redmasque_kind.owes(st, CAROL));
	assert_null(mq_redmasque_kind.owes(st, ALICE));
	rmf_do(st, ALICE, "MOVE cw");	/* early: kept, not yet applied */
	assert_int_equal(st->p[ALICE].room, GREEN);
	rmf_do(st, DAVE, "MOVE ccw");
	assert_int_equal(st->p[DAVE].room, BLACK);	/* at once, before carol */
	assert_string_equal(mq_redmasque_kind.owes(st, CAROL), "move");
	rmf_do(st, CAROL, "MOVE cw");
	assert_int_equal(st->p[CAROL].room, PURPLE);
	assert_int_equal(st->p[ALICE].room, GREEN);
	rmf_do(st, BOB, "MOVE stay");
	assert_int_equal(st->p[ALICE].room, ORANGE);	/* her turn came */
	assert_int_equal(st->round, 4);
	done(st);
}

/* ---- Plans ---- */

static void
test_plan_full_partial_clear(void **state)
{
	static const int8_t full[RM_TIMES] = { 1, 0, -1, 1, 0, 0 };
	static const int8_t partial[RM_TIMES] = { 1, 0, 1, 1, -1, 0 };
	static const int8_t none[RM_TIMES] = { 0 };
	struct rm_state *st = table(NULL, NULL);

	rmf_do(st, ALICE, "PLAN cw stay ccw cw stay stay");
	assert_memory_equal(st->p[ALICE].plan, full, RM_TIMES);
	/* Only the times named change. */
	rmf_do(st, ALICE, "PLAN 12:20 cw 12:40 ccw");
	assert_memory_equal(st->p[ALICE].plan, partial, RM_TIMES);
	assert_memory_equal(st->p[BOB].plan, none, RM_TIMES);
	rmf_do(st, ALICE, "PLAN CLEAR");
	assert_memory_equal(st->p[ALICE].plan, none, RM_TIMES);
	/* A plan is no pick: the round still waits for alice's card. */
	assert_string_equal(mq_redmasque_kind.owes(st, ALICE), "act");
	done(st);
}

static void
test_plan_changes_until_round_12_moves_resolve(void **state)
{
	static const int8_t want[RM_TIMES] = { 0, 0, 0, 0, 0, -1 };
	struct rm_state *st = rmf_setup(data, 4, 7);
	struct rmf_stash s;
	struct mq_err err;

	rmf_force(st, 12, BLACK, rooms_std, pops_std);
	rmf_stash_deck(st, &s);
	rmf_round(st, NULL);
	rmf_do(st, ALICE, "MOVE stay");
	rmf_do(st, BOB, "MOVE stay");
	rmf_do(st, CAROL, "MOVE stay");
	rmf_do(st, ALICE, "PLAN 12:50 ccw");	/* still in time */
	rmf_do(st, DAVE, "MOVE stay");		/* midnight */
	rmf_unstash_deck(st, &s);
	assert_int_equal(st->phase, RM_PH_OVER);
	assert_memory_equal(st->p[ALICE].plan, want, RM_TIMES);
	assert_int_equal(rmf_submit(st, BOB, "PLAN cw cw cw cw cw cw", &err),
	    MQ_REFUSED);
	assert_non_null(strstr(err.msg, "over"));
	done(st);
}

/* ---- Midnight ---- */

/* Round 12 forced with these rooms and plans; every Red Death card of every
 * time is orange or white (plus violet in the hard variant). Plays round 12
 * out (Discuss, stay), so midnight runs. */
static struct rm_state *
midnight_with(const char *options, const int *rooms, const int *pops,
    const char *const *plans)
{
	struct rm_state *st = rmf_setup_opts(data, 4, 7, options);
	struct rmf_stash s;
	int t, i;

	for (t = 0; t < RM_TIMES; t++) {
		/* Clear the way first, so the swaps never collide. */
		for (i = 0; i < st->rd_n; i++) {
			int r = st->rd[t][i];

			if (r == ORANGE || r == WHITE || r == VIOLET) {
				int k, free = -1;

				for (k = 0; k < RM_ROOMS && free < 0; k++)
					if (k != ORANGE && k != WHITE && k != VIOLET &&
					    rmf_deck_index(st, rmf_gossip(t, k)) >= 0)
						free = k;
				rmf_red_death(st, t, i, free);
			}
		}
		rmf_red_death(st, t, 0, ORANGE);
		rmf_red_death(st, t, 1, WHITE);
		if (st->rd_n == 3)
			rmf_red_death(st, t, 2, VIOLET);
	}
	rmf_force(st, 12, BLACK, rooms, pops);
	for (i = 0; i < 4; i++)
		if (plans != NULL && plans[i] != NULL)
			rmf_do(st, i, plans[i]);
	rmf_assert_sound(st);
	rmf_stash_deck(st, &s);
	rmf_round(st, NULL);
	rmf_moves(st, NULL);
	rmf_unstash_deck(st, &s);
	assert_int_equal(st->phase, RM_PH_OVER);
	return st;
}

static void
test_midnight_moves_then_visits(void **state)
{
	static const int rooms[4] = { GREEN, ORANGE, BLUE, BLACK };
	static const char *const plans[4] = { "PLAN 12:00 cw", "PLAN 12:00 ccw",
	    NULL, NULL };
	struct rm_state *st = midnight_with(NULL, rooms, pops_std, plans);

	/* alice walks into orange and dies; bob walks out of it and lives. */
	assert_false(st->p[ALICE].alive);
	assert_int_equal(st->p[ALICE].died_at, 0);
	assert_true(st->p[BOB].alive);
	assert_int_equal(st->p[BOB].room, GREEN);
	assert_true(st->p[CAROL].alive);
	assert_true(st->p[DAVE].alive);
	assert_int_equal(st->prince, -1);	/* the Prince is dead */
	done(st);
}

static void
test_midnight_both_visits(void **state)
{
	static const int rooms[4] = { ORANGE, WHITE, BLUE, BLACK };
	struct rm_state *st = midnight_with(NULL, rooms, pops_std, NULL);
	int i, visits = 0;

	assert_false(st->p[ALICE].alive);
	assert_false(st->p[BOB].alive);
	assert_int_equal(st->p[BOB].died_at, 0);
	assert_true(st->p[CAROL].alive);
	for (i = 0; i < st->nev; i++)
		if (st->ev[i].type == RM_E_VISIT)
			visits++;
	assert_int_equal(visits, 2 * RM_TIMES);
	done(st);
}

/*
 * At each time, the first Red Death card is revealed, then the second:
 * 12:00's visits are orange then white, and alice in white dies at the
 * second visit, after the first.
 */
static void
test_midnight_first_card_then_second(void **state)
{
	static const int rooms[4] = { WHITE, BLUE, BLUE, BLUE };
	struct rm_state *st = midnight_with(NULL, rooms, pops_std, NULL);
	int i, v = 0, first = -1, second = -1, kill = -1;

	for (i = 0; i < st->nev; i++) {
		const struct rm_event *e = &st->ev[i];

		if (e->type == RM_E_VISIT && e->time == 0) {
			if (v == 0)
				first = i;
			else
				second = i;
			assert_int_equal(e->room, st->rd[0][v]);
			v++;
		}
		if (e->type == RM_E_KILL && e->actor == ALICE)
			kill = i;
	}
	assert_int_equal(v, 2);
	assert_int_equal(st->ev[first].room, ORANGE);
	assert_int_equal(st->ev[second].room, WHITE);
	assert_true(first < second && second < kill);
	assert_int_equal(st->p[ALICE].died_at, 0);
	done(st);
}

static void
test_midnight_each_time_in_turn(void **state)
{
	static const int rooms[4] = { BLUE, BLACK, VIOLET, BLUE };
	/* carol: violet, stays at 12:00, ccw to white at 12:10 and dies then;
	 * alice: blue, then purple, green, and orange at 12:40. */
	static const char *const plans[4] = {
	    "PLAN stay stay cw cw cw stay",	/* blue purple green orange: 12:40 */
	    NULL,
	    "PLAN stay ccw stay stay stay stay",
	    NULL };
	struct rm_state *st = midnight_with(NULL, rooms, pops_std, plans);

	assert_false(st->p[CAROL].alive);
	assert_int_equal(st->p[CAROL].died_at, 1);
	assert_false(st->p[ALICE].alive);
	assert_int_equal(st->p[ALICE].died_at, 4);
	assert_int_equal(st->p[ALICE].room, ORANGE);
	assert_true(st->p[BOB].alive);
	assert_true(st->p[DAVE].alive);
	done(st);
}

/* "kills every noble there": alice and carol share orange at 12:00 and
 * both die then, not one now and the other at a later visit. */
static void
test_midnight_visit_kills_every_noble_there(void **state)
{
	static const int rooms[4] = { ORANGE, BLUE, ORANGE, BLUE };
	struct rm_state *st = midnight_with(NULL, rooms, pops_std, NULL);
	int i, at_noon = 0;

	assert_false(st->p[ALICE].alive);
	assert_false(st->p[CAROL].alive);
	assert_int_equal(st->p[ALICE].died_at, 0);
	assert_int_equal(st->p[CAROL].died_at, 0);
	for (i = 0; i < st->nev; i++)
		if (st->ev[i].type == RM_E_KILL && st->ev[i].time == 0)
			at_noon++;
	assert_int_equal(at_noon, 2);
	assert_true(st->p[BOB].alive);
	assert_true(st->p[DAVE].alive);
	done(st);
}

static void
test_midnight_kills_and_frees_markers(void **state)
{
	static const int rooms[4] = { ORANGE, BLUE, BLUE, BLUE };
	static const int pops[4] = { 12, 11, 20, 30 };
	struct rm_state *st = midnight_with(NULL, rooms, pops, NULL);
	json_t *v;

	assert_false(st->p[ALICE].alive);
	assert_int_equal(st->p[ALICE].pop, 0);	/* off the track */
	assert_int_equal(rmf_count_ev(st, RM_E_KILL, ALICE), 1);
	/* Her space is free now: bob's marker steps onto it. */
	rm_track_move(st, BOB, 1);
	assert_int_equal(st->p[BOB].pop, 12);
	rmf_assert_sound(st);
	v = mq_redmasque_kind.view(st, MQ_VIEW_PUBLIC);
	assert_true(json_is_null(json_object_get(json_array_get(json_object_get(v,
	    "players"), ALICE), "popularity")));
	json_decref(v);
	done(st);
}

static void
test_midnight_plans_revealed(void **state)
{
	static const int rooms[4] = { BLUE, BLUE, BLUE, BLUE };
	static const char *const plans[4] = { "PLAN ccw stay stay stay stay cw" };
	struct rm_state *st = midnight_with(NULL, rooms, pops_std, plans);
	char *pub = rmf_view_text(st, MQ_VIEW_PUBLIC), *ev;

	assert_true(rmf_contains(pub, "\"plan\":[\"ccw\",\"stay\",\"stay\","
	    "\"stay\",\"stay\",\"cw\"]"));
	ev = rmf_events_text(st, MQ_VIEW_PUBLIC);
	assert_true(rmf_contains(ev, "\"alice\":[\"ccw\",\"stay\",\"stay\","
	    "\"stay\",\"stay\",\"cw\"]"));
	free(pub);
	free(ev);
	done(st);
}

static void
test_winner_most_popular_survivor(void **state)
{
	static const int rooms[4] = { BLUE, BLUE, BLUE, ORANGE };
	struct rm_state *st = midnight_with(NULL, rooms, pops_std, NULL);
	unsigned alive;

	/* dave (35) dies; carol (30) is the most popular survivor. */
	assert_int_equal(mq_redmasque_kind.result(st, &alive), CAROL);
	assert_int_equal(alive, 1u << ALICE | 1u << BOB | 1u << CAROL);
	assert_true(mq_redmasque_kind.is_over(st));
	assert_int_equal(rmf_find_ev(st, RM_E_WINNER, -1)->actor, CAROL);
	done(st);
}

static void
test_no_survivor_nobody_wins(void **state)
{
	static const int rooms[4] = { ORANGE, WHITE, ORANGE, WHITE };
	struct rm_state *st = midnight_with(NULL, rooms, pops_std, NULL);
	unsigned alive;

	assert_int_equal(mq_redmasque_kind.result(st, &alive), -1);
	assert_int_equal(alive, 0);
	assert_int_equal(rmf_count_ev(st, RM_E_NO_WINNER, -1), 1);
	assert_int_equal(rmf_count_ev(st, RM_E_WINNER, -1), 0);
	rmf_assert_sound(st);
	done(st);
}

static void
test_hard_variant_three_visits(void **state)
{
	static const int rooms[4] = { ORANGE, WHITE, VIOLET, BLUE };
	struct rm_state *st = rmf_setup_opts(data, 4, 7, "{\"hard\":true}");
	int t, gossip = 0, i;

	/* Setup: 3 cards a time, all different; 24 Gossip + 12 Evidence. */
	assert_int_equal(st->rd_n, 3);
	for (t = 0; t < RM_TIMES; t++) {
		assert_int_not_equal(st->rd[t][0], st->rd[t][1]);
		assert_int_not_equal(st->rd[t][0], st->rd[t][2]);
		assert_int_not_equal(st->rd[t][1], st->rd[t][2]);
	}
	assert_int_equal(st->deck_n, 36);
	for (i = 0; i < st->deck_n; i++)
		gossip += st->deck[i] < st->data->ngossip;
	assert_int_equal(gossip, 24);
	rmf_assert_sound(st);
	done(st);
	/* Midnight: the third visit kills too. */
	st = midnight_with("{\"hard\":true}", rooms, pops_std, NULL);
	assert_false(st->p[ALICE].alive);
	assert_false(st->p[BOB].alive);
	assert_false(st->p[CAROL].alive);
	assert_int_equal(st->p[CAROL].died_at, 0);
	assert_true(st->p[DAVE].alive);
	done(st);
}

static void
test_hard_variant_off_by_default(void **state)
{
	static const int rooms[4] = { ORANGE, WHITE, VIOLET, BLUE };
	struct rm_state *st = midnight_with(NULL, rooms, pops_std, NULL);

	assert_true(st->p[CAROL].alive);	/* violet is not visited */
	done(st);
}

/* ---- Absent players ---- */

static void
test_absent_player_defaults(void **state)
{
	struct rm_state *st = rmf_setup(data, 4, 21);
	struct mq_cmd cmd;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_rng r;
	struct mq_err err;
	int8_t plan[RM_TIMES];
	int s = st->place_order[0], i;

	/* Placement: a random room, from the seat's own stream. */
	assert_int_equal(mq_redmasque_kind.default_command(st, s, &cmd), 1);
	mq_rng_open(&r, st->seed, "placement", 0, s);
	assert_int_equal(rm_cmd_of(&cmd)->type, RM_C_PLACE);
	assert_int_equal(rm_cmd_of(&cmd)->room, mq_rng_below(&r, RM_ROOMS));
	/* Someone who owes nothing gets nothing. */
	assert_int_equal(mq_redmasque_kind.default_command(st,
	    st->place_order[1], &cmd), 0);
	for (i = 0; i < 4; i++) {
		s = st->place_order[i];
		assert_int_equal(mq_redmasque_kind.default_command(st, s, &cmd), 1);
		assert_int_equal(mq_redmasque_kind.apply(st, s, &cmd, &err), 0);
	}
	assert_int_equal(st->phase, RM_PH_ACT);
	rmf_do(st, BOB, "PLAN cw cw stay stay ccw ccw");
	memcpy(plan, st->p[BOB].plan, RM_TIMES);
	/* Action: Discuss. */
	assert_int_equal(mq_redmasque_kind.default_command(st, BOB, &cmd), 1);
	mq_redmasque_kind.format(st, &cmd, &b);
	assert_string_equal(mq_buf_str(&b), "PLAY discuss");
	for (i = 0; i < 4; i++) {
		assert_int_equal(mq_redmasque_kind.default_command(st, i, &cmd), 1);
		assert_int_equal(mq_redmasque_kind.apply(st, i, &cmd, &err), 0);
	}
	/* Move: stay. */
	assert_int_equal(st->phase, RM_PH_MOVE);
	assert_int_equal(mq_redmasque_kind.default_command(st, BOB, &cmd), 1);
	mq_buf_reset(&b);
	mq_redmasque_kind.format(st, &cmd, &b);
	assert_string_equal(mq_buf_str(&b), "MOVE stay");
	/* The plan stays as it is. */
	assert_memory_equal(st->p[BOB].plan, plan, RM_TIMES);
	mq_buf_free(&b);
	done(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup_popularity_spaces_1_to_n),
		cmocka_unit_test(test_setup_one_personality_each_and_nine_standard),
		cmocka_unit_test(test_setup_prince_path_twelve_tiles_two_per_room),
		cmocka_unit_test(test_setup_red_death_two_rooms_per_time_all_different),
		cmocka_unit_test(test_setup_rumor_deck_30_gossip_12_evidence),
		cmocka_unit_test(
		    test_setup_rumor_cards_one_gossip_per_time_and_room_two_evidence_per_time),
		cmocka_unit_test(test_setup_deals_at_random),
		cmocka_unit_test(test_player_count_4_to_7),
		cmocka_unit_test(test_placement_least_popular_then_seat),
		cmocka_unit_test(test_track_skip_forward),
		cmocka_unit_test(test_track_skip_backward),
		cmocka_unit_test(test_track_lap_40),
		cmocka_unit_test(test_track_floor_space_1),
		cmocka_unit_test(test_track_moves_as_walked),
		cmocka_unit_test(test_track_never_shared_after_a_round),
		cmocka_unit_test(test_prince_bonus_most_popular_first),
		cmocka_unit_test(test_prince_moves_to_next_tile_and_clock_advances),
		cmocka_unit_test(test_prince_bonus_in_round_1_after_placement),
		cmocka_unit_test(test_resolution_least_popular_then_seat),
		cmocka_unit_test(test_resolution_option_ascending_popularity),
		cmocka_unit_test(test_resolution_order_fixed_when_it_starts),
		cmocka_unit_test(test_resolution_least_popular_as_it_stands_when_it_starts),
		cmocka_unit_test(test_effects_resolve_left_to_right),
		cmocka_unit_test(test_cards_revealed_together_then_discarded),
		cmocka_unit_test(test_cards_discarded_as_the_table_says),
		cmocka_unit_test(test_card_discuss),
		cmocka_unit_test(test_card_dance),
		cmocka_unit_test(test_card_jest),
		cmocka_unit_test(test_card_admire),
		cmocka_unit_test(test_card_mock),
		cmocka_unit_test(test_card_flirt),
		cmocka_unit_test(test_card_swindle),
		cmocka_unit_test(test_card_swindle_never_shows_one_card_twice),
		cmocka_unit_test(test_card_threaten),
		cmocka_unit_test(test_card_menace),
		cmocka_unit_test(test_card_encore),
		cmocka_unit_test(test_card_encore_may_recover_none),
		cmocka_unit_test(test_card_fond_memories),
		cmocka_unit_test(test_card_fond_memories_returns_one_not_none),
		cmocka_unit_test(test_card_recover_at_most_its_number),
		cmocka_unit_test(test_card_grand_entrance),
		cmocka_unit_test(test_card_eavesdrop),
		cmocka_unit_test(test_card_pickpocket),
		cmocka_unit_test(test_card_pickpocket_nobody_nearby),
		cmocka_unit_test(test_card_court_the_prince_in_his_room),
		cmocka_unit_test(test_card_gossipmonger),
		cmocka_unit_test(test_card_scandal),
		cmocka_unit_test(test_card_promenade),
		cmocka_unit_test(test_card_court_the_prince),
		cmocka_unit_test(test_card_premonition),
		cmocka_unit_test(test_targets_preference_order),
		cmocka_unit_test(test_targets_random_among_several),
		cmocka_unit_test(test_targets_exactly_one_nearby_is_the_target),
		cmocka_unit_test(test_targets_none_nearby_rest_resolves),
		cmocka_unit_test(
		    test_targets_named_none_nearby_exactly_one_nearby_is_the_target),
		cmocka_unit_test(test_targets_never_self_nor_unknown),
		cmocka_unit_test(test_targets_anywhere_must_be_named),
		cmocka_unit_test(test_named_time_required),
		cmocka_unit_test(test_named_time_exactly_one),
		cmocka_unit_test(test_named_time_several_one_at_random),
		cmocka_unit_test(test_named_time_none_falls_back_to_any),
		cmocka_unit_test(test_target_with_no_cards_gives_nothing),
		cmocka_unit_test(test_swindle_single_card_shown_once),
		cmocka_unit_test(test_swindle_two_looks_two_different_cards),
		cmocka_unit_test(test_pickpocket_seat_order),
		cmocka_unit_test(test_evidence_look_and_discard),
		cmocka_unit_test(test_evidence_looks_at_one_red_death_card_at_random),
		cmocka_unit_test(test_premonition_looks_at_one_red_death_card_at_random),
		cmocka_unit_test(test_empty_rumor_deck_draws_nothing),
		cmocka_unit_test(test_move_one_step),
		cmocka_unit_test(test_moves_simultaneous),
		cmocka_unit_test(test_dance_two_steps),
		cmocka_unit_test(test_dance_moves_twice_this_round_only),
		cmocka_unit_test(test_dance_a_step_may_be_stay),
		cmocka_unit_test(test_dance_out_and_back_is_told_as_a_route),
		cmocka_unit_test(test_an_event_is_14_bytes),
		cmocka_unit_test(test_sequential_moves_option),
		cmocka_unit_test(test_plan_full_partial_clear),
		cmocka_unit_test(test_plan_changes_until_round_12_moves_resolve),
		cmocka_unit_test(test_midnight_moves_then_visits),
		cmocka_unit_test(test_midnight_both_visits),
		cmocka_unit_test(test_midnight_first_card_then_second),
		cmocka_unit_test(test_midnight_each_time_in_turn),
		cmocka_unit_test(test_midnight_visit_kills_every_noble_there),
		cmocka_unit_test(test_midnight_kills_and_frees_markers),
		cmocka_unit_test(test_midnight_plans_revealed),
		cmocka_unit_test(test_winner_most_popular_survivor),
		cmocka_unit_test(test_no_survivor_nobody_wins),
		cmocka_unit_test(test_hard_variant_three_visits),
		cmocka_unit_test(test_hard_variant_off_by_default),
		cmocka_unit_test(test_absent_player_defaults),
		cmocka_unit_test(test_a_card_short_of_the_early_move_is_told),
		cmocka_unit_test(test_a_target_away_is_told),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
