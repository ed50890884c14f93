/*
 * rm_view.c - JSON views of a game and of what just happened.
 *
 * A player's view holds exactly what that player may know: the public board,
 * their own hand, Rumor cards, pending picks and plan, and their notes (a
 * time x room grid of what they know to be safe or deadly). The Red Death
 * cards and everyone else's secrets appear only in the admin view, and in
 * everyone's view once midnight has revealed them.
 */
#include <stdio.h>
#include <string.h>

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
	int i;

	for (i = 0; i < st->data->ncards; i++)
		if (mask & (1u << i))
			json_array_append_new(a, json_string_nocheck(st->data->card[i].id));
	return a;
}

static json_t *
rumor_obj(const struct rm_state *st, int c)
{
	json_t *o = json_object();
	int time, room;

	rm_rumor_info(st->data, c, &time, &room);
	json_object_set_new_nocheck(o, "type", json_string_nocheck(room < 0 ?
	    "evidence" : "gossip"));
	json_object_set_new_nocheck(o, "time", jtime(time));
	if (room >= 0)
		json_object_set_new_nocheck(o, "room", jroom(st, room));
	return o;
}

static json_t *
rumor_list(const struct rm_state *st, uint64_t mask)
{
	json_t *a = json_array();
	int i;

	for (i = 0; i < st->data->nrumors; i++)
		if (mask & (1ULL << i))
			json_array_append_new(a, rumor_obj(st, i));
	return a;
}

static json_t *
plan_list(const int8_t *plan)
{
	json_t *a = json_array();
	int t;

	for (t = 0; t < RM_TIMES; t++)
		json_array_append_new(a, json_string_nocheck(dir_names[plan[t] + 1]));
	return a;
}

static json_t *
pick_text(const struct rm_state *st, const struct rm_pick *pk)
{
	struct mq_cmd cmd;
	struct rm_cmd *c = rm_cmd_of(&cmd);
	struct mq_buf b = MQ_BUF_INIT;
	json_t *s;

	memset(&cmd, 0, sizeof(cmd));
	c->type = RM_C_PLAY;
	c->pick = *pk;
	rm_format(st, &cmd, &b);
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
	int t, r;

	for (t = 0; t < RM_TIMES; t++) {
		row = json_object();
		for (r = 0; r < RM_ROOMS; r++) {
			const char *v = (pl->deadly[t] >> r) & 1 ? "deadly" :
			    (pl->safe[t] >> r) & 1 ? "safe" : NULL;

			json_object_set_new_nocheck(row, st->data->room_id[r],
			    v ? json_string_nocheck(v) : json_null());
		}
		rm_format_time(t, tb, sizeof(tb));
		json_object_set_new_nocheck(grid, tb, row);
	}
	return grid;
}

static json_t *
player_obj(const struct rm_state *st, int i, int full, int revealed)
{
	const struct rm_player *pl = &st->p[i];
	int spaces = st->data->track_spaces;
	json_t *o;

	o = json_object();
	json_object_set_new_nocheck(o, "name", json_string_nocheck(pl->name));
	json_object_set_new_nocheck(o, "seat", json_integer(i));
	json_object_set_new_nocheck(o, "room", pl->alive ? jroom(st, pl->room) :
	    json_null());
	json_object_set_new_nocheck(o, "popularity", pl->alive && pl->pop > 0 ?
	    json_integer(pl->pop) : json_null());
	json_object_set_new_nocheck(o, "space", pl->alive && pl->pop > 0 ?
	    json_integer(rm_space(st, pl->pop)) : json_null());
	json_object_set_new_nocheck(o, "lap", pl->alive && pl->pop > 0 ?
	    json_integer((pl->pop - 1) / spaces) : json_null());
	json_object_set_new_nocheck(o, "alive", json_boolean(pl->alive));
	json_object_set_new_nocheck(o, "discards", card_list(st, pl->discards));
	json_object_set_new_nocheck(o, "hand_size",
	    json_integer(rm_popcount32(pl->hand)));
	json_object_set_new_nocheck(o, "rumor_count",
	    json_integer(rm_popcount64(pl->rumors)));
	if (!pl->alive && pl->died_at >= 0)
		json_object_set_new_nocheck(o, "died_at", jtime(pl->died_at));
	if (full) {
		json_object_set_new_nocheck(o, "personality",
		    json_string_nocheck(st->data->card[pl->personality].id));
		json_object_set_new_nocheck(o, "hand", card_list(st, pl->hand));
		json_object_set_new_nocheck(o, "rumors", rumor_list(st, pl->rumors));
		json_object_set_new_nocheck(o, "notes", notes(st, pl));
		json_object_set_new_nocheck(o, "pending_play", pl->has_pick ?
		    pick_text(st, &pl->pick) : json_null());
		json_object_set_new_nocheck(o, "pending_next_play", pl->has_next_pick ?
		    pick_text(st, &pl->next_pick) : json_null());
		json_object_set_new_nocheck(o, "pending_move", pl->has_move ?
		    move_text(pl) : json_null());
		json_object_set_new_nocheck(o, "allowance", json_integer(rm_allowance(st, pl)));
	}
	if (full || revealed)
		json_object_set_new_nocheck(o, "plan", plan_list(pl->plan));
	return o;
}

static json_t *
red_death(const struct rm_state *st)
{
	json_t *o = json_object(), *a;
	char tb[8];
	int t, k;

	for (t = 0; t < RM_TIMES; t++) {
		a = json_array();
		for (k = 0; k < st->rd_n; k++)
			json_array_append_new(a, jroom(st, st->rd[t][k]));
		rm_format_time(t, tb, sizeof(tb));
		json_object_set_new_nocheck(o, tb, a);
	}
	return o;
}

json_t *
rm_view(const void *state, int seat)
{
	const struct rm_state *st = state;
	int admin = seat == MQ_VIEW_ADMIN, over = st->phase == RM_PH_OVER;
	json_t *v, *rooms, *path, *players, *owes, *evid;
	char tb[8];
	int i;

	if (seat != MQ_VIEW_ADMIN && seat != MQ_VIEW_PUBLIC &&
	    (seat < 0 || seat >= st->nplayers))
		return NULL;
	rooms = json_array();
	for (i = 0; i < RM_ROOMS; i++)
		json_array_append_new(rooms, json_string_nocheck(st->data->room_id[i]));
	path = json_array();
	for (i = 0; i < RM_ROUNDS; i++)
		json_array_append_new(path, jroom(st, st->path[i]));
	players = json_array();
	owes = json_array();
	for (i = 0; i < st->nplayers; i++) {
		json_array_append_new(players, player_obj(st, i, admin, over));
		if (rm_owes(st, i) != NULL)
			json_array_append_new(owes, json_pack("{s:s, s:s}", "player",
			    st->p[i].name, "owes", rm_owes(st, i)));
	}
	evid = json_array();
	for (i = st->data->ngossip; i < st->data->nrumors; i++)
		if (st->evidence_discard & (1ULL << i))
			json_array_append_new(evid, rumor_obj(st, i));
	if (over)
		snprintf(tb, sizeof(tb), "12:50");
	else
		rm_format_round_time(st->round, tb, sizeof(tb));
	v = json_pack("{s:s, s:s, s:i, s:s, s:o, s:{s:o, s:o}, s:i, s:o, s:o, s:o, s:o, s:b, s:b}",
	    "kind", "redmasque", "phase", phase_names[st->phase], "round", st->round,
	    "time", tb, "rooms", rooms,
	    "prince", "room", st->prince >= 0 ? jroom(st, st->prince) : json_null(),
	    "path", path,
	    "rumor_deck", st->deck_n, "evidence_discard", evid,
	    "players", players, "owes", owes,
	    "winner", st->winner >= 0 ? json_string_nocheck(st->p[st->winner].name) :
	    json_null(),
	    "hard", st->hard, "sequential_moves", st->sequential);
	if (admin || over)
		json_object_set_new_nocheck(v, "red_death", red_death(st));
	if (seat >= 0) {
		json_object_set_new_nocheck(v, "me", player_obj(st, seat, 1, 1));
		json_object_set_new_nocheck(v, "owed", rm_owes(st, seat) ?
		    json_string_nocheck(rm_owes(st, seat)) : json_null());
	}
	return v;
}

static const char *const ev_names[] = {
	"place", "bonus", "play", "popularity", "draw", "draw_none", "evidence",
	"look", "take", "no_target", "no_card", "recover", "to_prince",
	"premonition", "move", "move_dropped", "prince", "midnight", "plans",
	"midnight_move", "visit", "kill", "winner", "no_winner", "round",
};

static json_t *
event_obj(const struct rm_state *st, const struct rm_event *e, int seat)
{
	int admin = seat == MQ_VIEW_ADMIN;
	int mine = admin || (seat >= 0 && (seat == e->actor || seat == e->target));
	json_t *o;
	int i;

	if (e->type == RM_E_MOVE_DROPPED && !(admin || seat == e->actor))
		return NULL;
	o = json_object();
	json_object_set_new_nocheck(o, "type", json_string_nocheck(ev_names[e->type]));
	json_object_set_new_nocheck(o, "round", json_integer(e->round));
	if (e->actor >= 0)
		json_object_set_new_nocheck(o, "player", json_string_nocheck(st->p[e->actor].name));
	if (e->target >= 0)
		json_object_set_new_nocheck(o, "target", json_string_nocheck(st->p[e->target].name));
	if (e->card >= 0)
		json_object_set_new_nocheck(o, "card", json_string_nocheck(st->data->card[e->card].id));
	switch (e->type) {
	case RM_E_BONUS:
	case RM_E_POP:
		json_object_set_new_nocheck(o, "from", json_integer(e->a));
		json_object_set_new_nocheck(o, "to", json_integer(e->b));
		break;
	case RM_E_DRAW:
	case RM_E_LOOK:
	case RM_E_TAKE:
		if (e->type == RM_E_DRAW ? (admin || seat == e->actor) : mine)
			json_object_set_new_nocheck(o, "rumor", rumor_obj(st, e->rumor));
		break;
	case RM_E_EVIDENCE:
	case RM_E_PREMONITION:
		if (e->type == RM_E_EVIDENCE || admin || seat == e->actor)
			json_object_set_new_nocheck(o, "time", jtime(e->time));
		if (admin || seat == e->actor)
			json_object_set_new_nocheck(o, "room", jroom(st, e->room));
		break;
	case RM_E_MOVE:
	case RM_E_TO_PRINCE:
	case RM_E_MIDNIGHT_MOVE:
		json_object_set_new_nocheck(o, "from", jroom(st, e->a));
		json_object_set_new_nocheck(o, "to", jroom(st, e->room));
		if (e->type == RM_E_MIDNIGHT_MOVE)
			json_object_set_new_nocheck(o, "time", jtime(e->time));
		break;
	case RM_E_MOVE_DROPPED:
		json_object_set_new_nocheck(o, "steps", json_integer(e->a));
		json_object_set_new_nocheck(o, "allowed", json_integer(e->b));
		break;
	case RM_E_PLACE:
	case RM_E_PRINCE:
		json_object_set_new_nocheck(o, "room", jroom(st, e->room));
		break;
	case RM_E_VISIT:
	case RM_E_KILL:
		json_object_set_new_nocheck(o, "time", jtime(e->time));
		json_object_set_new_nocheck(o, "room", jroom(st, e->room));
		break;
	case RM_E_PLANS: {
		json_t *plans = json_object();

		for (i = 0; i < st->nplayers; i++)
			json_object_set_new_nocheck(plans, st->p[i].name, plan_list(st->p[i].plan));
		json_object_set_new_nocheck(o, "plans", plans);
		break;
	}
	case RM_E_WINNER:
		json_object_set_new_nocheck(o, "popularity", json_integer(e->a));
		break;
	case RM_E_ROUND: {
		char tb[8];

		rm_format_round_time(e->round, tb, sizeof(tb));
		json_object_set_new_nocheck(o, "time", json_string_nocheck(tb));
		json_object_set_new_nocheck(o, "prince", jroom(st, e->room));
		break;
	}
	}
	return o;
}

json_t *
rm_events(const void *state, int seat)
{
	const struct rm_state *st = state;
	json_t *a = json_array(), *o;
	int i;

	for (i = 0; i < st->nev; i++)
		if ((o = event_obj(st, &st->ev[i], seat)) != NULL)
			json_array_append_new(a, o);
	return a;
}
