/*
 * test_rm_views.c - every secret of The Masque of the Red Death appears in
 * its owner's view (and the admin's) and in nobody else's: not another
 * player's, not the public's. Then what is public stays public (hand sizes,
 * positions, discards), and what midnight reveals is revealed to all.
 */
#include "rm_fixture.h"

static void *data;

static int
group_setup(void **state)
{
	if (sodium_init() < 0)
		return -1;
	data = rmf_load_data();
	return 0;
}

static int
group_teardown(void **state)
{
	mq_redmasque_kind.free_data(data);
	return 0;
}

static const int rooms_std[4] = { GREEN, GREEN, BLUE, BLUE };
static const int pops_std[4] = { 10, 20, 30, 35 };

static struct rm_state *
table(void)
{
	struct rm_state *st = rmf_setup(data, 4, 7);

	rmf_force(st, 3, BLACK, rooms_std, pops_std);
	return st;
}

/* The viewers: each seat, then the public. */
static const int viewers[5] = { ALICE, BOB, CAROL, DAVE, MQ_VIEW_PUBLIC };

/* text is in the view of `owner` and the admin's, and in no other. */
static void
only_owner_sees(const struct rm_state *st, int owner, const char *text)
{
	char *v;
	size_t i;

	for (i = 0; i < 5; i++) {
		v = rmf_view_text(st, viewers[i]);
		if (viewers[i] == owner) {
			if (!rmf_contains(v, text))
				fail_msg("the owner's view lacks %s", text);
		} else if (rmf_contains(v, text)) {
			fail_msg("view %d shows %s, which is seat %d's secret",
			    viewers[i], text, owner);
		}
		free(v);
	}
	v = rmf_view_text(st, MQ_VIEW_ADMIN);
	if (!rmf_contains(v, text))
		fail_msg("the admin's view lacks %s", text);
	free(v);
}

/* In every view, the other players' entries hold no private key, and "me"
 * is the viewer. */
static void
no_private_keys_of_others(const struct rm_state *st)
{
	static const char *const priv[] = { "personality", "hand", "rumors",
	    "notes", "pending_play", "pending_next_play", "pending_move",
	    "pending_place", "allowance", "plan" };
	json_t *v, *players, *me;
	size_t i, k, p;

	for (i = 0; i < 5; i++) {
		v = mq_redmasque_kind.view(st, viewers[i]);
		assert_non_null(v);
		players = json_object_get(v, "players");
		assert_int_equal(json_array_size(players), 4);
		for (p = 0; p < 4; p++)
			for (k = 0; k < sizeof(priv) / sizeof(priv[0]); k++)
				if (json_object_get(json_array_get(players, p),
				    priv[k]) != NULL)
					fail_msg("view %d shows %s of seat %zu",
					    viewers[i], priv[k], p);
		me = json_object_get(v, "me");
		if (viewers[i] >= 0) {
			assert_string_equal(json_string_value(json_object_get(me,
			    "name")), rmf_names[viewers[i]]);
			for (k = 0; k < sizeof(priv) / sizeof(priv[0]); k++)
				assert_non_null(json_object_get(me, priv[k]));
		} else {
			assert_null(me);
		}
		assert_null(json_object_get(v, "red_death"));
		json_decref(v);
	}
}

static void
test_view_personality_only_owner(void **state)
{
	struct rm_state *st = table();
	char text[64];
	int s;

	for (s = 0; s < 4; s++) {
		snprintf(text, sizeof(text), "\"personality\":\"%s\"",
		    st->data->card[st->p[s].personality].id);
		only_owner_sees(st, s, text);
	}
	no_private_keys_of_others(st);
	mq_redmasque_kind.free_state(st);
}

static void
test_view_hand_only_owner(void **state)
{
	struct rm_state *st = table();
	const char *spare = NULL;
	char text[64];
	json_t *v;
	int s, k;

	/* A Personality card nobody was dealt, so its name is bob's alone. */
	for (k = 0; k < st->data->npersonality && spare == NULL; k++) {
		int c = st->data->personality[k];

		for (s = 0; s < 4 && st->p[s].personality != c; s++)
			;
		if (s == 4)
			spare = st->data->card[c].id;
	}
	assert_non_null(spare);
	rmf_personality(st, BOB, spare);
	rmf_discard(st, BOB, "jest");
	for (s = 0; s < 4; s++) {
		v = mq_redmasque_kind.view(st, s);
		/* Each sees their own hand's contents ... */
		assert_int_equal(json_array_size(json_object_get(json_object_get(v,
		    "me"), "hand")), rm_popcount32(st->p[s].hand));
		json_decref(v);
	}
	/* ... and bob's Personality card, in his hand, is his alone. */
	snprintf(text, sizeof(text), "\"%s\"", spare);
	only_owner_sees(st, BOB, text);
	no_private_keys_of_others(st);
	mq_redmasque_kind.free_state(st);
}

static void
test_view_rumors_only_owner(void **state)
{
	struct rm_state *st = table();

	rmf_give(st, CAROL, rmf_gossip(3, WHITE));
	only_owner_sees(st, CAROL,
	    "{\"room\":\"white\",\"time\":\"12:30\",\"type\":\"gossip\"}");
	no_private_keys_of_others(st);
	mq_redmasque_kind.free_state(st);
}

static void
test_view_notes_only_owner(void **state)
{
	struct rm_state *st = table();

	st->p[DAVE].deadly[2] = 1u << VIOLET;
	st->p[DAVE].safe[4] = 1u << BLUE;
	only_owner_sees(st, DAVE, "\"violet\":\"deadly\"");
	only_owner_sees(st, DAVE, "\"blue\":\"safe\"");
	mq_redmasque_kind.free_state(st);
}

static void
test_view_pending_play_only_owner(void **state)
{
	struct rm_state *st = table();

	rmf_do(st, ALICE, "PLAY threaten TARGET bob SLOT 12:30");
	only_owner_sees(st, ALICE, "PLAY threaten TARGET bob SLOT 12:30");
	no_private_keys_of_others(st);
	mq_redmasque_kind.free_state(st);
}

static void
test_view_pending_next_play_and_move_only_owner(void **state)
{
	struct rm_state *st = table();

	rmf_do(st, ALICE, "MOVE ccw");			/* early: act phase */
	only_owner_sees(st, ALICE, "MOVE ccw");
	rmf_round(st, NULL);
	assert_int_equal(st->phase, RM_PH_MOVE);
	rmf_do(st, BOB, "PLAY admire TARGET alice");	/* for round 4 */
	only_owner_sees(st, BOB, "PLAY admire TARGET alice");
	rmf_do(st, CAROL, "MOVE cw");
	only_owner_sees(st, CAROL, "MOVE cw");
	no_private_keys_of_others(st);
	mq_redmasque_kind.free_state(st);
}

/* A PLACE sent before its turn is kept; only its sender sees it waiting
 * (the room is no one else's business until the noble stands in it). */
static void
test_view_early_place_only_owner_until_its_turn(void **state)
{
	struct rm_state *st = rmf_setup(data, 4, 3);
	int last = st->place_order[3], i;
	json_t *v;

	rmf_do(st, last, "PLACE violet");
	only_owner_sees(st, last, "\"pending_place\":\"violet\"");
	no_private_keys_of_others(st);
	for (i = 0; i < 3; i++)
		rmf_do(st, st->place_order[i], "PLACE blue");
	/* placed in its turn: a room for all to see, nothing pending */
	v = mq_redmasque_kind.view(st, last);
	assert_non_null(v);
	assert_true(json_is_null(json_object_get(json_object_get(v, "me"),
	    "pending_place")));
	assert_string_equal(json_string_value(json_object_get(json_object_get(v,
	    "me"), "room")), "violet");
	json_decref(v);
	mq_redmasque_kind.free_state(st);
}

static void
test_view_plan_only_owner_until_midnight(void **state)
{
	static const char *const plan =
	    "[\"ccw\",\"cw\",\"ccw\",\"cw\",\"ccw\",\"cw\"]";
	struct rm_state *st = table();
	char *v;
	int i;

	rmf_do(st, BOB, "PLAN ccw cw ccw cw ccw cw");
	only_owner_sees(st, BOB, plan);
	no_private_keys_of_others(st);
	/* Midnight reveals every plan to everyone. */
	st->round = 12;
	rmf_round(st, NULL);
	rmf_moves(st, NULL);
	assert_int_equal(st->phase, RM_PH_OVER);
	for (i = 0; i < 5; i++) {
		v = rmf_view_text(st, viewers[i]);
		assert_true(rmf_contains(v, plan));
		free(v);
	}
	mq_redmasque_kind.free_state(st);
}

static json_t *event_of(json_t *events, const char *type,
    const char *player);

/* A seat's "room" as viewer sees it: the room's id, or "" for null. */
static const char *
room_seen(const struct rm_state *st, int viewer, int seat, char *buf, size_t n)
{
	json_t *v = mq_redmasque_kind.view(st, viewer);
	const char *r;

	assert_non_null(v);
	r = json_string_value(json_object_get(json_array_get(json_object_get(v,
	    "players"), (size_t)seat), "room"));
	snprintf(buf, n, "%s", r != NULL ? r : "");
	json_decref(v);
	return buf;
}

/*
 * Placement: each player sees the earlier placements, and no later one.
 * The second to place sends PLACE orange before the first has placed: it
 * stays hidden in every view, the host's too (it is not made yet). Once the
 * first places, both are made, and every view shows both rooms, with a
 * public "place" event for each.
 */
static void
test_view_place_hidden_until_its_turn(void **state)
{
	static const int all[6] = { ALICE, BOB, CAROL, DAVE, MQ_VIEW_PUBLIC,
	    MQ_VIEW_ADMIN };
	struct rm_state *st = rmf_setup(data, 4, 7);
	int first = st->place_order[0], second = st->place_order[1];
	json_t *ev, *e;
	char room[16];
	size_t i;

	rmf_do(st, second, "PLACE orange");
	for (i = 0; i < 6; i++)
		assert_string_equal(room_seen(st, all[i], second, room,
		    sizeof(room)), "");
	rmf_do(st, first, "PLACE blue");
	for (i = 0; i < 6; i++) {
		assert_string_equal(room_seen(st, all[i], first, room,
		    sizeof(room)), "blue");
		assert_string_equal(room_seen(st, all[i], second, room,
		    sizeof(room)), "orange");
		ev = mq_redmasque_kind.events(st, all[i]);
		e = event_of(ev, "place", rmf_names[second]);
		assert_non_null(e);
		assert_string_equal(json_string_value(json_object_get(e, "room")),
		    "orange");
		json_decref(ev);
	}
	mq_redmasque_kind.free_state(st);
}

/*
 * Moves are simultaneous: a noble stays where it was in every view until
 * the last move is in, then all are seen in their new rooms. With the
 * sequential option, a move made in its turn is seen by all at once.
 */
static void
test_view_moves_hidden_until_all_are_in(void **state)
{
	struct rm_state *st = table();
	char room[16];
	size_t i;

	rmf_round(st, NULL);
	rmf_do(st, ALICE, "MOVE cw");
	rmf_do(st, BOB, "MOVE ccw");
	rmf_do(st, CAROL, "MOVE stay");
	for (i = 0; i < 5; i++) {
		assert_string_equal(room_seen(st, viewers[i], ALICE, room,
		    sizeof(room)), "green");
		assert_string_equal(room_seen(st, viewers[i], BOB, room,
		    sizeof(room)), "green");
	}
	rmf_do(st, DAVE, "MOVE cw");
	for (i = 0; i < 5; i++) {
		assert_string_equal(room_seen(st, viewers[i], ALICE, room,
		    sizeof(room)), "orange");
		assert_string_equal(room_seen(st, viewers[i], BOB, room,
		    sizeof(room)), "purple");
		assert_string_equal(room_seen(st, viewers[i], DAVE, room,
		    sizeof(room)), "purple");
	}
	mq_redmasque_kind.free_state(st);
	st = rmf_setup_opts(data, 4, 7, "{\"sequential_moves\":true}");
	rmf_force(st, 3, BLACK, rooms_std, pops_std);
	rmf_round(st, NULL);
	rmf_do(st, DAVE, "MOVE ccw");		/* the most popular: first */
	assert_string_equal(mq_redmasque_kind.owes(st, CAROL), "move");
	for (i = 0; i < 5; i++)
		assert_string_equal(room_seen(st, viewers[i], DAVE, room,
		    sizeof(room)), "black");
	mq_redmasque_kind.free_state(st);
}

static void
test_view_red_death_admin_only_until_midnight(void **state)
{
	struct rm_state *st = table();
	json_t *v;
	int i;

	for (i = 0; i < 5; i++) {
		v = mq_redmasque_kind.view(st, viewers[i]);
		assert_null(json_object_get(v, "red_death"));
		json_decref(v);
	}
	v = mq_redmasque_kind.view(st, MQ_VIEW_ADMIN);
	assert_int_equal(json_array_size(json_object_get(json_object_get(v,
	    "red_death"), "12:00")), 2);
	json_decref(v);
	st->round = 12;
	rmf_round(st, NULL);
	rmf_moves(st, NULL);
	for (i = 0; i < 5; i++) {
		v = mq_redmasque_kind.view(st, viewers[i]);
		assert_int_equal(json_array_size(json_object_get(json_object_get(v,
		    "red_death"), "12:50")), 2);
		json_decref(v);
	}
	mq_redmasque_kind.free_state(st);
}

static void
test_view_hand_sizes_and_discards_public(void **state)
{
	struct rm_state *st = table();
	json_t *v, *p;

	rmf_give(st, BOB, rmf_gossip(1, BLUE));
	rmf_give(st, BOB, rmf_gossip(2, BLUE));
	rmf_discard(st, BOB, "jest");
	v = mq_redmasque_kind.view(st, MQ_VIEW_PUBLIC);
	p = json_array_get(json_object_get(v, "players"), BOB);
	assert_int_equal(json_integer_value(json_object_get(p, "rumor_count")), 2);
	assert_int_equal(json_integer_value(json_object_get(p, "hand_size")), 9);
	assert_string_equal(json_string_value(json_array_get(json_object_get(p,
	    "discards"), 0)), "jest");
	assert_string_equal(json_string_value(json_object_get(p, "room")), "green");
	assert_int_equal(json_integer_value(json_object_get(p, "popularity")), 20);
	json_decref(v);
	mq_redmasque_kind.free_state(st);
}

/*
 * "The Prince's whole path is public", and so are where he stands and the
 * clock: every view, each seat's and the public's, shows the twelve tiles
 * as dealt, the Prince's room and the time; after the round's moves, the
 * Prince on the next tile's room and the clock 20 minutes on.
 */
static void
check_board_public(const struct rm_state *st, const char *prince,
    const char *time)
{
	json_t *v, *path;
	size_t i, r;

	for (i = 0; i < 5; i++) {
		v = mq_redmasque_kind.view(st, viewers[i]);
		assert_non_null(v);
		path = json_object_get(json_object_get(v, "prince"), "path");
		assert_int_equal(json_array_size(path), RM_ROUNDS);
		for (r = 0; r < RM_ROUNDS; r++)
			assert_string_equal(json_string_value(json_array_get(path, r)),
			    st->data->room_id[st->path[r]]);
		assert_string_equal(json_string_value(json_object_get(
		    json_object_get(v, "prince"), "room")), prince);
		assert_string_equal(json_string_value(json_object_get(v, "time")),
		    time);
		json_decref(v);
	}
}

static void
test_view_prince_path_and_clock_public(void **state)
{
	struct rm_state *st = table();

	st->path[3] = VIOLET;		/* round 4's tile */
	check_board_public(st, "black", "8:40");
	rmf_round(st, NULL);
	rmf_moves(st, NULL);
	assert_int_equal(st->round, 4);
	check_board_public(st, "violet", "9:00");
	mq_redmasque_kind.free_state(st);
}

static void
test_view_unknown_seat_is_null(void **state)
{
	struct rm_state *st = table();

	assert_null(mq_redmasque_kind.view(st, 4));
	assert_null(mq_redmasque_kind.view(st, -3));
	mq_redmasque_kind.free_state(st);
}

/* The event of a type in seat's events of the last apply, or NULL. */
static json_t *
event_of(json_t *events, const char *type, const char *player)
{
	size_t i;
	json_t *e;

	json_array_foreach(events, i, e)
		if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0 &&
		    (player == NULL || strcmp(json_string_value(json_object_get(e,
		    "player")), player) == 0))
			return e;
	return NULL;
}

/* Events of the last apply as each viewer sees them: does each see key in
 * the event of the given type? want[i] per viewer, admin always. */
static void
event_key_seen(const struct rm_state *st, const char *type, const char *player,
    const char *key, const int *want)
{
	json_t *ev, *e;
	size_t i;

	for (i = 0; i < 5; i++) {
		ev = mq_redmasque_kind.events(st, viewers[i]);
		e = event_of(ev, type, player);
		if (e == NULL)
			fail_msg("view %d has no %s event", viewers[i], type);
		if ((json_object_get(e, key) != NULL) != want[i])
			fail_msg("view %d %s the %s of the %s event", viewers[i],
			    want[i] ? "lacks" : "shows", key, type);
		json_decref(ev);
	}
	ev = mq_redmasque_kind.events(st, MQ_VIEW_ADMIN);
	assert_non_null(json_object_get(event_of(ev, type, player), key));
	json_decref(ev);
}

/*
 * A popularity event tells the change as dealt ("steps") beside the spaces
 * it moved: alice's Jest gains 3, and from 3 she passes bob on 4 and carol
 * on 6, which are not counted, to stand on 8. Everyone sees it (popularity
 * is public). Before, the mail could only say "moves up the track".
 */
static void
test_events_popularity_steps_as_dealt(void **state)
{
	static const int pops[4] = { 3, 4, 6, 10 };
	static const int want[5] = { 1, 1, 1, 1, 1 };
	struct rm_state *st = rmf_setup(data, 4, 7);
	json_t *ev, *e;

	rmf_force(st, 3, BLACK, rooms_std, pops);
	rmf_round(st, (const char *const[]){ "PLAY jest", "PLAY discuss",
	    "PLAY discuss", "PLAY discuss" });
	event_key_seen(st, "popularity", "alice", "steps", want);
	ev = mq_redmasque_kind.events(st, BOB);
	e = event_of(ev, "popularity", "alice");
	assert_non_null(e);
	assert_int_equal(json_integer_value(json_object_get(e, "from")), 3);
	assert_int_equal(json_integer_value(json_object_get(e, "to")), 8);
	assert_int_equal(json_integer_value(json_object_get(e, "steps")), 3);
	json_decref(ev);
	mq_redmasque_kind.free_state(st);
}

/*
 * A loss the bottom of the track stops is told so ("floor"), even when it
 * passed taken spaces first: dave's Mock takes 2 from carol on 4, with bob
 * on 3 and alice on 1; she counts one step, to 2, and stops. From and to
 * (4 -> 2 for -2) cannot tell it from a loss made whole, which the mail
 * then told with no word of the stop. A loss made whole has no "floor".
 */
static json_t *
popularity_of(json_t *events, const char *target)
{
	size_t i;
	json_t *e;

	json_array_foreach(events, i, e)
		if (strcmp(json_string_value(json_object_get(e, "type")),
		    "popularity") == 0 && strcmp(json_string_value(
		    json_object_get(e, "target")), target) == 0)
			return e;
	return NULL;
}

static void
test_events_popularity_floor_told(void **state)
{
	static const int pops[4] = { 1, 3, 4, 10 };
	struct rm_state *st = rmf_setup(data, 4, 7);
	json_t *ev, *e;

	(void)state;
	rmf_force(st, 3, BLACK, rooms_std, pops);
	rmf_round(st, (const char *const[]){ "PLAY discuss", "PLAY discuss",
	    "PLAY discuss", "PLAY mock TARGET carol" });
	ev = mq_redmasque_kind.events(st, ALICE);
	e = popularity_of(ev, "carol");
	assert_non_null(e);
	assert_int_equal(json_integer_value(json_object_get(e, "from")), 4);
	assert_int_equal(json_integer_value(json_object_get(e, "to")), 2);
	assert_int_equal(json_integer_value(json_object_get(e, "steps")), -2);
	assert_true(json_is_true(json_object_get(e, "floor")));
	e = popularity_of(ev, "dave");
	assert_non_null(e);
	assert_null(json_object_get(e, "floor"));
	json_decref(ev);
	mq_redmasque_kind.free_state(st);
}

static void
test_events_draw_only_drawer(void **state)
{
	static const int want[5] = { 1, 0, 0, 0, 0 };
	struct rm_state *st = table();

	rmf_deck_top(st, rmf_gossip(4, ORANGE));
	rmf_round(st, (const char *const[]){ "PLAY discuss", "PLAY jest",
	    "PLAY jest", "PLAY jest" });
	event_key_seen(st, "draw", "alice", "rumor", want);
	mq_redmasque_kind.free_state(st);
}

static void
test_events_take_and_look_actor_and_target_only(void **state)
{
	/* The target learns which card was taken; nobody else does. */
	static const int want[5] = { 1, 1, 0, 0, 0 };
	struct rm_state *st = table();

	rmf_give(st, BOB, rmf_gossip(3, WHITE));
	rmf_give(st, BOB, rmf_gossip(4, WHITE));
	rmf_round(st, (const char *const[]){ "PLAY threaten TARGET bob SLOT 12:30",
	    "PLAY jest", "PLAY jest", "PLAY jest" });
	event_key_seen(st, "take", "alice", "rumor", want);
	mq_redmasque_kind.free_state(st);
	st = table();
	rmf_give(st, BOB, rmf_gossip(3, WHITE));
	rmf_round(st, (const char *const[]){ "PLAY flirt TARGET bob SLOT 12:30",
	    "PLAY jest", "PLAY jest", "PLAY jest" });
	event_key_seen(st, "look", "alice", "rumor", want);
	mq_redmasque_kind.free_state(st);
}

static void
test_events_evidence_room_only_drawer(void **state)
{
	/* The Evidence card's time is public (it is discarded face up); the
	 * room its drawer saw is theirs alone. */
	static const int room[5] = { 1, 0, 0, 0, 0 };
	static const int time[5] = { 1, 1, 1, 1, 1 };
	struct rm_state *st = table();
	char *pub;

	rmf_deck_top(st, rmf_evidence(st, 1, 0));
	rmf_round(st, (const char *const[]){ "PLAY discuss", "PLAY jest",
	    "PLAY jest", "PLAY jest" });
	event_key_seen(st, "evidence", "alice", "room", room);
	event_key_seen(st, "evidence", "alice", "time", time);
	pub = rmf_view_text(st, MQ_VIEW_PUBLIC);
	assert_true(rmf_contains(pub, "\"evidence_discard\":[{\"time\":\"12:10\","
	    "\"type\":\"evidence\"}]"));
	free(pub);
	mq_redmasque_kind.free_state(st);
}

static void
test_events_premonition_only_player(void **state)
{
	static const int want[5] = { 1, 0, 0, 0, 0 };
	struct rm_state *st = table();

	rmf_personality(st, ALICE, "premonition");
	rmf_round(st, (const char *const[]){ "PLAY premonition SLOT 12:40",
	    "PLAY jest", "PLAY jest", "PLAY jest" });
	event_key_seen(st, "premonition", "alice", "room", want);
	event_key_seen(st, "premonition", "alice", "time", want);
	only_owner_sees(st, ALICE, "\"deadly\"");
	mq_redmasque_kind.free_state(st);
}

static void
test_events_dropped_move_only_player(void **state)
{
	static const int want[5] = { 1, 0, 0, 0, 0 };
	struct rm_state *st = table();
	json_t *ev;
	size_t i;

	/* An early double step for Dance, then Jest after all: dropped. */
	rmf_do(st, ALICE, "PLAY dance");
	rmf_do(st, ALICE, "MOVE cw cw");
	only_owner_sees(st, ALICE, "MOVE cw cw");
	rmf_round(st, (const char *const[]){ "PLAY jest", "PLAY jest",
	    "PLAY jest", "PLAY jest" });
	assert_false(st->p[ALICE].has_move);
	for (i = 0; i < 5; i++) {
		ev = mq_redmasque_kind.events(st, viewers[i]);
		assert_int_equal(event_of(ev, "move_dropped", NULL) != NULL, want[i]);
		json_decref(ev);
	}
	mq_redmasque_kind.free_state(st);
}

static void
test_events_cards_revealed_to_all(void **state)
{
	static const int want[5] = { 1, 1, 1, 1, 1 };
	struct rm_state *st = table();

	rmf_round(st, (const char *const[]){ "PLAY jest", "PLAY dance",
	    "PLAY jest", "PLAY jest" });
	event_key_seen(st, "play", "bob", "card", want);
	mq_redmasque_kind.free_state(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_view_personality_only_owner),
		cmocka_unit_test(test_view_hand_only_owner),
		cmocka_unit_test(test_view_rumors_only_owner),
		cmocka_unit_test(test_view_notes_only_owner),
		cmocka_unit_test(test_view_pending_play_only_owner),
		cmocka_unit_test(test_view_pending_next_play_and_move_only_owner),
		cmocka_unit_test(test_view_plan_only_owner_until_midnight),
		cmocka_unit_test(test_view_place_hidden_until_its_turn),
		cmocka_unit_test(test_view_moves_hidden_until_all_are_in),
		cmocka_unit_test(test_view_early_place_only_owner_until_its_turn),
		cmocka_unit_test(test_view_red_death_admin_only_until_midnight),
		cmocka_unit_test(test_view_hand_sizes_and_discards_public),
		cmocka_unit_test(test_view_prince_path_and_clock_public),
		cmocka_unit_test(test_view_unknown_seat_is_null),
		cmocka_unit_test(test_events_popularity_steps_as_dealt),
		cmocka_unit_test(test_events_popularity_floor_told),
		cmocka_unit_test(test_events_draw_only_drawer),
		cmocka_unit_test(test_events_take_and_look_actor_and_target_only),
		cmocka_unit_test(test_events_evidence_room_only_drawer),
		cmocka_unit_test(test_events_premonition_only_player),
		cmocka_unit_test(test_events_dropped_move_only_player),
		cmocka_unit_test(test_events_cards_revealed_to_all),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
