/*
 * inbound_late.c - a player's move that came after the deadline's default
 * was played for them: its refusal says so (the deadline, the default, when
 * masqued played it), not only what the game, which has moved on, says of
 * it now ("It is not your turn: dave is to ..."). See inbound_int.h.
 *
 * A move the game would still take, for the moment after the one it was
 * meant for (a card for the next round, the round it answered decided by
 * its default), is refused alike, before it is applied: when the mail
 * answers a mail of that moment (mq_inbound_late_reply).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jansson.h>

#include "daemon/clock.h"
#include "daemon/deadline.h"
#include "daemon/inbound_int.h"

/* Whether line, sent by seat, would have been applied to state. */
static int
applies(const struct mq_game *c, int seat, const char *line)
{
	const struct mq_game_kind *k = c->kind;
	struct mq_cmd cmd;
	struct mq_err e;
	void *work;
	int ok;

	if (!c->players[seat].owes[0] || (work = k->clone(c->state)) == NULL)
		return 0;
	ok = k->parse(work, seat, line, &cmd, &e) == 0 &&
	    (k->sent_ok == NULL || k->sent_ok(work, seat, &cmd, &e) == 0) &&
	    k->apply(work, seat, &cmd, &e) == 0;
	k->free_state(work);
	return ok;
}

/* The sentence, of the default at entry body, c as it stood before it. */
static void
say_late(const struct mq_daemon *d, const struct mq_game *c, int seat,
    const json_t *body, char *why, size_t n)
{
	const json_t *cmds = json_object_get(body, "commands");
	char deadline[40], at[40], played[200] = "";
	struct mq_err e;
	const char *t;
	size_t i, len;

	mq_clock_utc(mq_game_deadline(&d->conf, c, seat), 0, deadline,
	    sizeof(deadline));
	mq_clock_utc(json_integer_value(json_object_get(body, "ts")), 0, at,
	    sizeof(at));
	for (i = 0; i < json_array_size(cmds); i++) {
		t = json_string_value(json_object_get(json_array_get(cmds, i),
		    "text"));
		len = strlen(played);
		if (t != NULL && len < sizeof(played))
			snprintf(played + len, sizeof(played) - len, "%s%s",
			    len ? "; " : "", t);
	}
	mq_fail(&e, MQ_REFUSED, "Your move came after the deadline (%s): the "
	    "default (%s) was played for you at %s, and the game has moved on.",
	    deadline, played, at);
	snprintf(why, n, "%s", e.msg);
}

/*
 * c stepped to just before entry seq, which is name's deadline default, as
 * replay read it: 0, *en that entry; NOT_READ when the log says otherwise
 * there (say nothing); else a step's or peek's error (a step's negated).
 */
#define NOT_READ	100	/* no MQ_ status */
static int
step_to_default(struct mq_game *c, uint64_t seq, const char *name,
    const struct mq_log_entry **en, struct mq_err *e)
{
	const char *who;
	int rc = 0;

	while (c->seq + 1 < seq && (rc = mq_game_step(c, e)) > 0)
		rc = 0;
	if (rc < 0 || (rc = mq_game_peek(c, en, e)) != 0)
		return rc;
	who = *en != NULL ? json_string_value(json_object_get((*en)->body,
	    "player")) : NULL;
	if (*en == NULL || (*en)->seq != seq || (*en)->type != MQ_LOG_TIMEOUT ||
	    who == NULL || strcmp(who, name) != 0)
		return NOT_READ;
	return 0;
}

int
mq_inbound_late(struct mq_daemon *d, const struct mq_game *g, int seat,
    const char *line, int *late, char *why, size_t n, struct mq_err *err)
{
	const struct mq_player_info *p;
	const struct mq_log_entry *en;
	struct mq_game *c;
	struct mq_err e;
	int i, rc = 0;

	*late = 0;
	if (seat < 0 || seat >= g->nplayers || g->players[seat].nlate == 0)
		return 0;
	p = &g->players[seat];
	/* a second, read-only copy, as it stood before each default */
	if ((rc = mq_game_open(&d->store, g->id, 0, p->late[0] - 1, &c, &e)) != 0)
		return rc == MQ_IO ? mq_fail(err, MQ_IO, "game %s: %s", g->id,
		    e.msg) : 0;
	rc = 0;
	/* the latest first would need a copy for each: in the log's order,
	 * and the last that the line answers is the one it came too late for */
	for (i = 0; i < p->nlate && rc == 0; i++) {
		if ((rc = step_to_default(c, p->late[i], p->name, &en,
		    &e)) != 0) {
			if (rc == NOT_READ)
				rc = 0;	/* not the log replay read: say nothing */
			break;
		}
		if (applies(c, seat, line)) {
			say_late(d, c, seat, en->body, why, n);
			*late = 1;
		}
	}
	mq_game_close(c);
	if (rc < 0)
		rc = -rc;
	return rc == MQ_IO ? mq_fail(err, MQ_IO, "game %s: %s", g->id, e.msg) :
	    0;
}

/* The moment line is for in state (the game's decision key), into key;
 * "" when it does not parse there or decides nothing (STATUS). */
static void
moment_of(const struct mq_game_kind *k, const void *state, int seat,
    const char *line, char key[16])
{
	struct mq_decision dd;
	struct mq_cmd cmd;
	struct mq_err e;

	key[0] = '\0';
	if (k->parse(state, seat, line, &cmd, &e) != 0)
		return;
	k->decision(state, seat, &cmd, &dd);
	memcpy(key, dd.key, 16);
	key[15] = '\0';
}

/* Whether the default at entry body, played in c, decided the moment key. */
static int
default_decides(const struct mq_game *c, int seat, const json_t *body,
    const char *key)
{
	const json_t *cmds = json_object_get(body, "commands");
	char dk[16];
	const char *t;
	size_t i;

	for (i = 0; key[0] != '\0' && i < json_array_size(cmds); i++) {
		t = json_string_value(json_object_get(json_array_get(cmds, i),
		    "text"));
		if (t == NULL)
			continue;
		moment_of(c->kind, c->state, seat, t, dk);
		if (strcmp(dk, key) == 0)
			return 1;
	}
	return 0;
}

void
mq_inbound_late_lines_free(struct mq_late_lines *l)
{
	size_t i;

	for (i = 0; i < MAX_LINES; i++) {
		free(l->why[i]);
		l->why[i] = NULL;
	}
}

int
mq_inbound_late_reply(struct mq_daemon *d, const struct mq_game *g,
    const struct analysis *a, struct mq_late_lines *out, struct mq_err *err)
{
	char then[MAX_LINES][16], key[16], why[sizeof(err->msg)];
	const struct mq_player_info *p;
	const struct mq_log_entry *en;
	struct mq_game *m = NULL, *c = NULL;
	struct mq_err e;
	uint64_t at;
	size_t j;
	int i, rc = 0;

	memset(out, 0, sizeof(*out));
	if (a->seat < 0 || a->seat >= g->nplayers || a->nlines == 0 ||
	    a->msg == NULL || mq_game_over(g))
		return 0;
	p = &g->players[a->seat];
	/* a default since the seat's own last move, played after the mail
	 * the message answers was sent */
	if (p->nlate == 0 || (at = mq_inbound_answered(d, a)) == 0 ||
	    at >= p->late[p->nlate - 1])
		return 0;
	for (i = 0; p->late[i] <= at; i++)
		;
	/* each line's moment as that mail asked it */
	if ((rc = mq_game_open(&d->store, g->id, 0, at, &m, &e)) != 0)
		goto out;
	for (j = 0; j < a->nlines; j++)
		moment_of(m->kind, m->state, a->seat, a->lines[j], then[j]);
	mq_game_close(m);
	/* a second copy, as it stood before each default after that mail */
	if ((rc = mq_game_open(&d->store, g->id, 0, p->late[i] - 1, &c,
	    &e)) != 0)
		goto out;
	for (; i < p->nlate && rc == 0; i++) {
		if ((rc = step_to_default(c, p->late[i], p->name, &en,
		    &e)) != 0) {
			if (rc == NOT_READ)
				rc = 0;	/* not the log replay read: say nothing */
			break;
		}
		/* a line for the moment the mail asked, which this default
		 * decided, and that would have been applied just before it */
		for (j = 0; j < a->nlines; j++) {
			if (out->why[j] != NULL || then[j][0] == '\0')
				continue;
			moment_of(c->kind, c->state, a->seat, a->lines[j], key);
			if (strcmp(key, then[j]) != 0 ||
			    !default_decides(c, a->seat, en->body, key) ||
			    !applies(c, a->seat, a->lines[j]))
				continue;
			say_late(d, c, a->seat, en->body, why, sizeof(why));
			if ((out->why[j] = strdup(why)) == NULL) {
				mq_game_close(c);
				mq_inbound_late_lines_free(out);
				return mq_fail(err, MQ_IO, "Out of memory.");
			}
		}
	}
	mq_game_close(c);
out:
	if (rc < 0)
		rc = -rc;
	if (rc == MQ_IO) {
		mq_inbound_late_lines_free(out);
		return mq_fail(err, MQ_IO, "game %s: %s", g->id, e.msg);
	}
	return 0;
}
