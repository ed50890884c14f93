/*
 * rm_view.c - JSON views of a game and of what just happened.
 *
 * A player's view holds exactly what that player may know: the public board,
 * their own hand, Rumor cards, pending picks, move and placement, and plan,
 * and their notes (a
 * time x room grid of what they know to be safe or deadly). The Red Death
 * cards and everyone else's secrets appear only in the admin view, and in
 * everyone's view once midnight has revealed them.
 *
 * Every builder returns NULL when an allocation fails, never an object with
 * a part left out: a mail made from it would tell a player less than the
 * game does, and nothing would say so.
 */
#include <stdio.h>
#include <string.h>

#include "engine/jbuild.h"
#include "engine/redmasque/rm.h"

static const char *const phase_names[] = { "place", "act", "move", "over" };
static const char *const dir_names[3] = { "ccw", "stay", "cw" };

static json_t *
jroom(const struct rm_state *st, int room)
{
	return room >= 0 && room < RM_ROOMS ? json_string_nocheck(st->data->room_id[room]) :
	    json_null();
}

static json_t *
jtime(int t)
{
	char b[8];

	rm_format_time(t, b, sizeof(b));
	return json_string_nocheck(b);
}

static json_t *
card_list(const struct rm_state *st, uint32_t mask)
{
	json_t *a = json_array();
	int i, bad = a == NULL;

	for (i = 0; i < st->data->ncards && !bad; i++)
		if (mask & (1u << i))
			mq_jpush(a, json_string_nocheck(st->data->card[i].id), &bad);
	return mq_jdone(a, bad);
}

static json_t *
rumor_obj(const struct rm_state *st, int c)
{
	json_t *o = json_object();
	int time, room, bad = o == NULL;

	rm_rumor_info(st->data, c, &time, &room);
	mq_jput(o, "type", json_string_nocheck(room < 0 ? "evidence" : "gossip"), &bad);
	mq_jput(o, "time", jtime(time), &bad);
	if (room >= 0)
		mq_jput(o, "room", jroom(st, room), &bad);
	return mq_jdone(o, bad);
}

static json_t *
rumor_list(const struct rm_state *st, uint64_t mask)
{
	json_t *a = json_array();
	int i, bad = a == NULL;

	for (i = 0; i < st->data->nrumors && !bad; i++)
		if (mask & (1ULL << i))
			mq_jpush(a, rumor_obj(st, i), &bad);
	return mq_jdone(a, bad);
}

static json_t *
plan_list(const int8_t *plan)
{
	json_t *a = json_array();
	int t, bad = a == NULL;

	for (t = 0; t < RM_TIMES && !bad; t++)
		mq_jpush(a, json_string_nocheck(dir_names[plan[t] + 1]), &bad);
	return mq_jdone(a, bad);
}

static json_t *
pick_text(const struct rm_state *st, const struct rm_pick *pk)
{
	struct mq_cmd cmd;
	struct rm_cmd *c = rm_cmd_of(&cmd);
	struct mq_buf b = MQ_BUF_INIT;
	json_t *s = NULL;

	memset(&cmd, 0, sizeof(cmd));
	c->type = RM_C_PLAY;
	c->pick = *pk;
	/* a failed format would read as "": a pick the player did not make */
	if (rm_format(st, &cmd, &b) == 0)
		s = json_string_nocheck(mq_buf_str(&b));
	mq_buf_free(&b);
	return s;
}

static json_t *
move_text(const struct rm_player *pl)
{
	char b[32];	/* "MOVE" and at most three " stay" */
	size_t n = (size_t)snprintf(b, sizeof(b), "MOVE");
	int i;

	for (i = 0; i < pl->nmove && n < sizeof(b); i++)
		n += (size_t)snprintf(b + n, sizeof(b) - n, " %s",
		    dir_names[pl->move[i] + 1]);
	return json_string_nocheck(b);
}

static json_t *
notes(const struct rm_state *st, const struct rm_player *pl)
{
	json_t *grid = json_object(), *row;
	char tb[8];
	int t, r, bad = grid == NULL;

	for (t = 0; t < RM_TIMES && !bad; t++) {
		int rbad;

		row = json_object();
		rbad = row == NULL;
		for (r = 0; r < RM_ROOMS && !rbad; r++) {
			const char *v = (pl->deadly[t] >> r) & 1 ? "deadly" :
			    (pl->safe[t] >> r) & 1 ? "safe" : NULL;

			mq_jput(row, st->data->room_id[r],
			    v ? json_string_nocheck(v) : json_null(), &rbad);
		}
		rm_format_time(t, tb, sizeof(tb));
		mq_jput(grid, tb, mq_jdone(row, rbad), &bad);
	}
	return mq_jdone(grid, bad);
}

static json_t *
player_obj(const struct rm_state *st, int i, int full, int revealed)
{
	const struct rm_player *pl = &st->p[i];
	int spaces = st->data->track_spaces;
	json_t *o;
	int bad;

	o = json_object();
	bad = o == NULL;
	mq_jput(o, "name", json_string_nocheck(pl->name), &bad);
	mq_jput(o, "seat", json_integer(i), &bad);
	mq_jput(o, "room", pl->alive ? jroom(st, pl->room) : json_null(), &bad);
	mq_jput(o, "popularity", pl->alive && pl->pop > 0 ?
	    json_integer(pl->pop) : json_null(), &bad);
	mq_jput(o, "space", pl->alive && pl->pop > 0 ?
	    json_integer(rm_space(st, pl->pop)) : json_null(), &bad);
	mq_jput(o, "lap", pl->alive && pl->pop > 0 ?
	    json_integer((pl->pop - 1) / spaces) : json_null(), &bad);
	mq_jput(o, "alive", json_boolean(pl->alive), &bad);
	mq_jput(o, "discards", card_list(st, pl->discards), &bad);
	mq_jput(o, "hand_size", json_integer(rm_popcount32(pl->hand)), &bad);
	mq_jput(o, "rumor_count", json_integer(rm_popcount64(pl->rumors)), &bad);
	if (!pl->alive && pl->died_at >= 0)
		mq_jput(o, "died_at", jtime(pl->died_at), &bad);
	if (full) {
		mq_jput(o, "personality",
		    json_string_nocheck(st->data->card[pl->personality].id), &bad);
		mq_jput(o, "hand", card_list(st, pl->hand), &bad);
		mq_jput(o, "rumors", rumor_list(st, pl->rumors), &bad);
		mq_jput(o, "notes", notes(st, pl), &bad);
		mq_jput(o, "pending_play", pl->has_pick ?
		    pick_text(st, &pl->pick) : json_null(), &bad);
		mq_jput(o, "pending_next_play", pl->has_next_pick ?
		    pick_text(st, &pl->next_pick) : json_null(), &bad);
		mq_jput(o, "pending_move", pl->has_move ? move_text(pl) : json_null(),
		    &bad);
		/* a PLACE sent before its turn: the room, kept until then */
		mq_jput(o, "pending_place", pl->has_place ?
		    jroom(st, pl->place_room) : json_null(), &bad);
		mq_jput(o, "allowance", json_integer(rm_allowance(st, pl)), &bad);
	}
	if (full || revealed)
		mq_jput(o, "plan", plan_list(pl->plan), &bad);
	return mq_jdone(o, bad);
}

static json_t *
red_death(const struct rm_state *st)
{
	json_t *o = json_object(), *a;
	char tb[8];
	int t, k, bad = o == NULL;

	for (t = 0; t < RM_TIMES && !bad; t++) {
		int abad;

		a = json_array();
		abad = a == NULL;
		for (k = 0; k < st->rd_n && !abad; k++)
			mq_jpush(a, jroom(st, st->rd[t][k]), &abad);
		rm_format_time(t, tb, sizeof(tb));
		mq_jput(o, tb, mq_jdone(a, abad), &bad);
	}
	return mq_jdone(o, bad);
}

json_t *
rm_view(const void *state, int seat)
{
	const struct rm_state *st = state;
	int admin = seat == MQ_VIEW_ADMIN, over = st->phase == RM_PH_OVER;
	json_t *v, *rooms, *path, *players, *owes, *evid;
	char tb[8];
	int i, bad;

	if (seat != MQ_VIEW_ADMIN && seat != MQ_VIEW_PUBLIC &&
	    (seat < 0 || seat >= st->nplayers))
		return NULL;
	rooms = json_array();
	path = json_array();
	players = json_array();
	owes = json_array();
	evid = json_array();
	bad = !rooms || !path || !players || !owes || !evid;
	for (i = 0; i < RM_ROOMS && !bad; i++)
		mq_jpush(rooms, json_string_nocheck(st->data->room_id[i]), &bad);
	for (i = 0; i < RM_ROUNDS && !bad; i++)
		mq_jpush(path, jroom(st, st->path[i]), &bad);
	for (i = 0; i < st->nplayers && !bad; i++) {
		mq_jpush(players, player_obj(st, i, admin, over), &bad);
		if (rm_owes(st, i) != NULL)
			mq_jpush(owes, json_pack("{s:s, s:s}", "player", st->p[i].name,
			    "owes", rm_owes(st, i)), &bad);
	}
	for (i = st->data->ngossip; i < st->data->nrumors && !bad; i++)
		if (st->evidence_discard & (1ULL << i))
			mq_jpush(evid, rumor_obj(st, i), &bad);
	if (bad) {
		json_decref(rooms);
		json_decref(path);
		json_decref(players);
		json_decref(owes);
		json_decref(evid);
		return NULL;
	}
	if (over)
		snprintf(tb, sizeof(tb), "12:50");
	else
		rm_format_round_time(st->round, tb, sizeof(tb));
	/* json_pack takes the lists, and releases them if it fails */
	v = json_pack("{s:s, s:s, s:i, s:s, s:o, s:{s:o, s:o}, s:i, s:o, s:o, s:o, s:o, s:b, s:b, s:b}",
	    "kind", "redmasque", "phase", phase_names[st->phase], "round", st->round,
	    "time", tb, "rooms", rooms,
	    "prince", "room", st->prince >= 0 ? jroom(st, st->prince) : json_null(),
	    "path", path,
	    "rumor_deck", st->deck_n, "evidence_discard", evid,
	    "players", players, "owes", owes,
	    "winner", st->winner >= 0 ? json_string_nocheck(st->p[st->winner].name) :
	    json_null(),
	    "hard", st->hard, "sequential_moves", st->sequential,
	    "ascending_popularity", st->order_by_popularity);
	if (v == NULL)
		return NULL;
	if (admin || over)
		mq_jput(v, "red_death", red_death(st), &bad);
	if (seat >= 0) {
		mq_jput(v, "me", player_obj(st, seat, 1, 1), &bad);
		mq_jput(v, "owed", rm_owes(st, seat) ?
		    json_string_nocheck(rm_owes(st, seat)) : json_null(), &bad);
	}
	return mq_jdone(v, bad);
}

static const char *const ev_names[] = {
	"place", "bonus", "play", "popularity", "draw", "draw_none", "evidence",
	"look", "take", "no_target", "no_card", "recover", "to_prince",
	"premonition", "move", "move_dropped", "prince", "midnight", "plans",
	"midnight_move", "visit", "kill", "winner", "no_winner", "round",
};

/* A dropped move is the mover's own business (and the host's). */
static int
event_shown(const struct rm_event *e, int seat)
{
	return e->type != RM_E_MOVE_DROPPED || seat == MQ_VIEW_ADMIN ||
	    seat == e->actor;
}

static json_t *
event_obj(const struct rm_state *st, const struct rm_event *e, int seat)
{
	int admin = seat == MQ_VIEW_ADMIN;
	int mine = admin || (seat >= 0 && (seat == e->actor || seat == e->target));
	json_t *o;
	int i, bad;

	o = json_object();
	bad = o == NULL;
	mq_jput(o, "type", json_string_nocheck(ev_names[e->type]), &bad);
	mq_jput(o, "round", json_integer(e->round), &bad);
	if (e->actor >= 0)
		mq_jput(o, "player", json_string_nocheck(st->p[e->actor].name), &bad);
	if (e->target >= 0)
		mq_jput(o, "target", json_string_nocheck(st->p[e->target].name), &bad);
	if (e->card >= 0)
		mq_jput(o, "card", json_string_nocheck(st->data->card[e->card].id), &bad);
	switch (e->type) {
	case RM_E_BONUS:
	case RM_E_POP:
		mq_jput(o, "from", json_integer(e->a), &bad);
		mq_jput(o, "to", json_integer(e->b), &bad);
		mq_jput(o, "steps", json_integer(e->steps), &bad);
		if (e->floor)
			mq_jput(o, "floor", json_true(), &bad);
		break;
	case RM_E_DRAW:
	case RM_E_LOOK:
	case RM_E_TAKE:
		if (e->type == RM_E_DRAW ? (admin || seat == e->actor) : mine)
			mq_jput(o, "rumor", rumor_obj(st, e->rumor), &bad);
		break;
	case RM_E_EVIDENCE:
	case RM_E_PREMONITION:
		if (e->type == RM_E_EVIDENCE || admin || seat == e->actor)
			mq_jput(o, "time", jtime(e->time), &bad);
		if (admin || seat == e->actor)
			mq_jput(o, "room", jroom(st, e->room), &bad);
		break;
	case RM_E_MOVE:
	case RM_E_TO_PRINCE:
	case RM_E_MIDNIGHT_MOVE:
		mq_jput(o, "from", jroom(st, e->a), &bad);
		mq_jput(o, "to", jroom(st, e->room), &bad);
		/* the rooms walked through: every MOVE is told to all once
		 * the moves resolve, and so is the way it went */
		if (e->type == RM_E_MOVE && rm_via(e, 0) >= 0) {
			json_t *via = json_array();
			int vbad = via == NULL;

			for (i = 0; i < RM_MAXVIA && rm_via(e, i) >= 0; i++)
				mq_jpush(via, jroom(st, rm_via(e, i)), &vbad);
			mq_jput(o, "via", mq_jdone(via, vbad), &bad);
		}
		if (e->type == RM_E_MIDNIGHT_MOVE)
			mq_jput(o, "time", jtime(e->time), &bad);
		else if (e->type == RM_E_TO_PRINCE)	/* in his room: no move */
			mq_jput(o, "stayed", json_boolean(e->a == e->room), &bad);
		break;
	case RM_E_MOVE_DROPPED:
		mq_jput(o, "steps", json_integer(e->a), &bad);
		mq_jput(o, "allowed", json_integer(e->b), &bad);
		break;
	case RM_E_PLACE:
	case RM_E_PRINCE:
		mq_jput(o, "room", jroom(st, e->room), &bad);
		break;
	case RM_E_VISIT:
	case RM_E_KILL:
		mq_jput(o, "time", jtime(e->time), &bad);
		mq_jput(o, "room", jroom(st, e->room), &bad);
		break;
	case RM_E_PLANS: {
		json_t *plans = json_object();
		int pbad = plans == NULL;

		for (i = 0; i < st->nplayers && !pbad; i++)
			mq_jput(plans, st->p[i].name, plan_list(st->p[i].plan), &pbad);
		mq_jput(o, "plans", mq_jdone(plans, pbad), &bad);
		break;
	}
	case RM_E_WINNER:
		mq_jput(o, "popularity", json_integer(e->a), &bad);
		break;
	case RM_E_ROUND: {
		char tb[8];

		rm_format_round_time(e->round, tb, sizeof(tb));
		mq_jput(o, "time", json_string_nocheck(tb), &bad);
		mq_jput(o, "prince", jroom(st, e->room), &bad);
		break;
	}
	}
	return mq_jdone(o, bad);
}

json_t *
rm_events(const void *state, int seat)
{
	const struct rm_state *st = state;
	json_t *a = json_array();
	int i, bad = a == NULL;

	for (i = 0; i < st->nev && !bad; i++)
		if (event_shown(&st->ev[i], seat))
			mq_jpush(a, event_obj(st, &st->ev[i], seat), &bad);
	return mq_jdone(a, bad);
}
