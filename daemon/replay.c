/* replay.c - applying log entries to a game: the one path by which entries
 * change a game, for opening, stepping and submitting; see replay.h. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sodium.h>

#include "daemon/config.h"
#include "daemon/replay.h"
#include "daemon/store.h"


/* buf (n elements of size in use, room for *cap) with room for one more:
 * as it is, or grown (to first elements, then doubled); NULL when there
 * is no memory, buf and *cap as they were. The new size is kept only
 * once the buffer has it: doubled before a realloc that failed, the next
 * call wrote past the old buffer. */
static void *
room_for_one(void *buf, size_t n, size_t *cap, size_t size, size_t first)
{
	size_t c;
	void *nb;

	if (n < *cap)
		return buf;
	c = *cap ? *cap * 2 : first;
	if ((nb = realloc(buf, c * size)) == NULL)
		return NULL;
	*cap = c;
	return nb;
}

static int
pend_add(struct mq_game *g, uint64_t seq, int index, const char *key, int seat,
    const char *text, const json_t *cmd, int by_host)
{
	json_t *c;
	struct mq_pending *np;

	if ((np = room_for_one(g->pend, g->npend, &g->cappend, sizeof(*np),
	    32)) == NULL)
		return MQ_IO;
	g->pend = np;
	g->pend[g->npend].seq = seq;
	g->pend[g->npend].index = index;
	snprintf(g->pend[g->npend].key, sizeof(g->pend[0].key), "%s", key);
	g->pend[g->npend].resolved = 0;
	g->pend[g->npend].seat = seat;
	snprintf(g->pend[g->npend].text, sizeof(g->pend[0].text), "%s", text);
	snprintf(g->pend[g->npend].salt, sizeof(g->pend[0].salt), "%s",
	    json_string_value(json_object_get(cmd, "salt")) ?
	    json_string_value(json_object_get(cmd, "salt")) : "");
	snprintf(g->pend[g->npend].commit, sizeof(g->pend[0].commit), "%s",
	    json_string_value(json_object_get(cmd, "commit")) ?
	    json_string_value(json_object_get(cmd, "commit")) : "");
	g->pend[g->npend].by_host = by_host;
	/* "by_host": the mails that list it say the host entered it, so
	 * that no move the host made for a player passes unseen; "kind",
	 * the decision's key up to its ':' ("act", "move", "plan", "place"):
	 * which of a player's moves of one entry it is, not what it is */
	if (g->journal_on) {
		c = json_pack("{s:s, s:I, s:s, s:s#}", "player",
		    g->players[seat].name, "seq", (json_int_t)seq, "commit",
		    g->pend[g->npend].commit, "kind", key, (int)strcspn(key, ":"));
		char moment[16] = "";

		/* "for", the round the decision is for ("8:20"): a mail
		 * of another round's says it (a card sent during the moves
		 * is the next round's, which the phase tells anyway) */
		if (g->kind->moment != NULL)
			g->kind->moment(key, moment, sizeof(moment));
		if (c != NULL && moment[0] != '\0' && json_object_set_new(c,
		    "for", json_string(moment)) != 0) {
			json_decref(c);
			c = NULL;
		}
		if (c != NULL && by_host && json_object_set_new(c, "by_host",
		    json_true()) != 0) {
			json_decref(c);
			c = NULL;
		}
		if (json_array_append_new(g->committed, c) != 0)
			g->journal_lost = 1;
	}
	g->npend++;
	return 0;
}

const struct mq_pending *
mq_game_earlier_pend(const struct mq_game *g, int seat, const char *key)
{
	size_t j;

	for (j = g->npend; j > 0; j--)
		if (g->pend[j - 1].seat == seat && !g->pend[j - 1].resolved &&
		    strcmp(g->pend[j - 1].key, key) == 0)
			return &g->pend[j - 1];
	return NULL;
}

const struct mq_change *
mq_game_change_of(const struct mq_change *ch, size_t n, uint64_t seq,
    int index)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (ch[i].seq == seq && ch[i].index == index)
			return &ch[i];
	return NULL;
}

const char *
mq_game_for_of(const struct mq_for *f, size_t n, uint64_t seq, int index)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (f[i].seq == seq && f[i].index == index)
			return f[i].moment;
	return NULL;
}

/* Command index of entry seq is for moment, another than the one the
 * game was at when it was logged: kept in g->fors. */
static int
for_add(struct mq_game *g, uint64_t seq, int index, const char *moment)
{
	struct mq_for *nf;

	if ((nf = room_for_one(g->fors, g->nfors, &g->capfors, sizeof(*nf),
	    8)) == NULL)
		return MQ_IO;
	g->fors = nf;
	nf = &g->fors[g->nfors++];
	nf->seq = seq;
	nf->index = index;
	snprintf(nf->moment, sizeof(nf->moment), "%s", moment);
	return 0;
}

/* The new secret (seq, index) of seat for key changes the seat's earlier
 * one still pending, if any: kept in g->changes. */
static int
change_add(struct mq_game *g, int seat, const char *key, uint64_t seq,
    int index)
{
	const struct mq_pending *p = mq_game_earlier_pend(g, seat, key);
	struct mq_change *nc;

	if (p == NULL)
		return 0;
	if ((nc = room_for_one(g->changes, g->nchanges, &g->capchanges,
	    sizeof(*nc), 8)) == NULL)
		return MQ_IO;
	g->changes = nc;
	nc = &g->changes[g->nchanges++];
	nc->seq = p->seq;
	nc->index = p->index;
	nc->by = seq;
	nc->by_index = index;
	return 0;
}

void
mq_game_journal_start(struct mq_game *g)
{
	int i;

	mq_game_journal_stop(g);
	for (i = 0; i < g->nplayers; i++)
		g->owed_before[i] = g->kind->owes(g->state, i) != NULL;
	if ((g->view_before = g->kind->view(g->state, MQ_VIEW_PUBLIC)) == NULL)
		g->journal_lost = 1;
	for (i = 0; i <= g->nplayers; i++)
		if ((g->journal[i] = json_array()) == NULL)
			g->journal_lost = 1;
	g->journal_admin = json_array();
	g->revealed = json_array();
	g->committed = json_array();
	if (!g->journal_admin || !g->revealed || !g->committed)
		g->journal_lost = 1;
	g->journal_on = 1;
}

void
mq_game_journal_stop(struct mq_game *g)
{
	int i;

	for (i = 0; i <= MQ_MAX_PLAYERS; i++) {
		json_decref(g->journal[i]);
		g->journal[i] = NULL;
	}
	json_decref(g->revealed);
	json_decref(g->committed);
	json_decref(g->journal_admin);
	json_decref(g->view_before);
	g->revealed = g->committed = g->journal_admin = g->view_before = NULL;
	g->journal_on = g->journal_lost = 0;
}

/*
 * After an apply: what each seat saw happen. A failure does not fail the
 * replay (the entry may be logged already; the game must follow its log):
 * it marks the journal lost, and the mails wait for the next pass.
 */
static void
journal_events(struct mq_game *g)
{
	json_t *ev;
	int i;

	if (!g->journal_on || g->journal_lost)
		return;
	for (i = 0; i <= g->nplayers + 1 && !g->journal_lost; i++) {
		int seat = i < g->nplayers ? i : i == g->nplayers ?
		    MQ_VIEW_PUBLIC : MQ_VIEW_ADMIN;

		/* extend fails on a NULL list: the engine's out of memory */
		ev = g->kind->events(g->state, seat);
		if (json_array_extend(i <= g->nplayers ? g->journal[i] :
		    g->journal_admin, ev) != 0)
			g->journal_lost = 1;
		json_decref(ev);
	}
}

/* Drop key from a list of keys of n (defaulted_wait, timeout_wait). */
static void
wait_drop(char (*keys)[16], int *n, const char *key)
{
	int i;

	for (i = 0; i < *n; )
		if (strcmp(keys[i], key) == 0)
			memcpy(keys[i], keys[--*n], sizeof(keys[0]));
		else
			i++;
}

static void
pend_resolve(struct mq_game *g, const void *state)
{
	struct mq_decision d[4];
	size_t n, i, j;
	int seat;

	n = g->kind->resolved(state, d, 4);
	if (n > 0)
		g->resolutions++;
	for (i = 0; i < n; i++) {
		for (j = 0; j < g->npend; j++)
			if (strcmp(g->pend[j].key, d[i].key) == 0)
				g->pend[j].resolved = 1;
		/* a deadline's default kept secret is shown now: the mail
		 * after the run of defaults may name it (track_defaults) */
		wait_drop(g->timeout_wait, &g->ntimeout_wait, d[i].key);
		for (seat = 0; seat < g->nplayers; seat++)
			wait_drop(g->players[seat].defaulted_wait,
			    &g->players[seat].ndefaulted_wait, d[i].key);
	}
}

static int
msg_add(struct mq_game *g, const char *hash, uint64_t seq)
{
	char **nv;
	uint64_t *ns;

	if (g->nmsg == g->capmsg) {
		size_t cap = g->capmsg ? g->capmsg * 2 : 32;

		if ((nv = realloc(g->msg_hashes, cap * sizeof(*nv))) == NULL)
			return MQ_IO;
		g->msg_hashes = nv;
		if ((ns = realloc(g->msg_seqs, cap * sizeof(*ns))) == NULL)
			return MQ_IO;
		g->msg_seqs = ns;
		g->capmsg = cap;
	}
	if ((g->msg_hashes[g->nmsg] = strdup(hash)) == NULL)
		return MQ_IO;
	g->msg_seqs[g->nmsg] = seq;
	g->nmsg++;
	return 0;
}

uint64_t
mq_game_message_seq(const struct mq_game *g, const char *hash)
{
	size_t i;

	for (i = 0; i < g->nmsg; i++)
		if (strcmp(g->msg_hashes[i], hash) == 0)
			return g->msg_seqs[i];
	return 0;
}

int
mq_game_has_message(const struct mq_game *g, const char *hash)
{
	return mq_game_message_seq(g, hash) != 0;
}

/* Parse and apply one command text as the log holds it; moment: the
 * moment its decision was for (kind->moment), "" for none. */
static int
replay_command(struct mq_game *g, int seat, const char *text, uint64_t seq,
    int index, const json_t *jc, int timeout, int by_host, char moment[16],
    struct mq_err *err)
{
	/* a deadline's default is public: it carries no commitment */
	int secret = !timeout && json_is_true(json_object_get(jc, "secret"));
	struct mq_decision d;
	struct mq_cmd cmd;
	struct mq_err e;

	if (g->kind->parse(g->state, seat, text, &cmd, &e) != 0)
		return mq_fail(err, MQ_BADDATA, "entry %llu: the command \"%s\" does "
		    "not parse: %s", (unsigned long long)seq, text, e.msg);
	if (!timeout && g->kind->is_secret(&cmd) != secret)
		return mq_fail(err, MQ_BADDATA, "entry %llu: the command \"%s\" is "
		    "marked %ssecret.", (unsigned long long)seq, text,
		    secret ? "" : "not ");
	g->kind->decision(g->state, seat, &cmd, &d);
	/* what the default answered: a PASS says what it declined
	 * (notify.c add_defaults) */
	if (timeout && g->timeout_owed[0] == '\0') {
		const char *owed = g->kind->owes(g->state, seat);

		snprintf(g->timeout_owed, sizeof(g->timeout_owed), "%s",
		    owed != NULL ? owed : "");
	}
	moment[0] = '\0';
	if (g->kind->moment != NULL)
		g->kind->moment(d.key, moment, 16);
	if ((timeout && g->kind->apply_default != NULL ?
	    g->kind->apply_default(g->state, seat, &cmd, &e) :
	    g->kind->apply(g->state, seat, &cmd, &e)) != 0)
		return mq_fail(err, MQ_BADDATA, "entry %llu: the command \"%s\" of "
		    "%s does not apply: %s", (unsigned long long)seq, text,
		    g->players[seat].name, e.msg);
	/* a default the others may be told (notify.c add_defaults): a
	 * secret pick not shown yet is once its decision resolves, if that
	 * is before the mail (the round's last default; pend_resolve) */
	if (timeout && g->kind->default_told != NULL &&
	    !g->kind->default_told(g->state, seat, &cmd))
		g->timeout_secret = 1;
	else if (timeout && g->kind->default_told == NULL &&
	    g->kind->is_secret(&cmd) && !(g->kind->shown_now != NULL &&
	    g->kind->shown_now(g->state, seat, &cmd))) {
		if (d.key[0] == '\0' || g->ntimeout_wait >= (int)(sizeof(
		    g->timeout_wait) / sizeof(g->timeout_wait[0])))
			g->timeout_secret = 1;
		else
			memcpy(g->timeout_wait[g->ntimeout_wait++], d.key,
			    sizeof(d.key));
	}
	if (secret && (change_add(g, seat, d.key, seq, index) ||
	    pend_add(g, seq, index, d.key, seat, text, jc, by_host)))
		return mq_fail(err, MQ_IO, "Out of memory.");
	if (!timeout) {		/* the player's own: a copy may come again */
		struct mq_sent *s = &g->sent[seat][g->nsent[seat]++ % MQ_SENT_KEEP];

		s->seq = seq;
		snprintf(s->key, sizeof(s->key), "%s", d.key);
		mq_sent_hash(text, s->text_hash);
	}
	pend_resolve(g, g->state);
	journal_events(g);
	return 0;
}

static int
replay_commands(struct mq_game *g, const json_t *body, uint64_t seq,
    int timeout, struct mq_err *err)
{
	const char *player = json_string_value(json_object_get(body, "player"));
	json_t *cmds = json_object_get(body, "commands"), *c, *msg;
	/* the moment the game is at as the entry is logged, the first its
	 * commands name, and the one at hand */
	char now[16] = "", first[16] = "", moment[16];
	size_t i;
	int seat;
	/* no mail of the player's holds it: the host's submit (log's
	 * "entered by the host: submit") */
	int by_host = !timeout && json_object_get(body, "msg") == NULL;

	g->timeout_secret = 0;
	g->timeout_owed[0] = '\0';
	g->ntimeout_wait = 0;
	seat = player ? mq_game_seat(g, player) : -1;
	if (seat < 0)
		return mq_fail(err, MQ_BADDATA, "entry %llu: \"%s\" is not a player "
		    "of this game.", (unsigned long long)seq, player ? player : "?");
	if (!json_is_array(cmds))
		return mq_fail(err, MQ_BADDATA, "entry %llu: commands must be a list.",
		    (unsigned long long)seq);
	if (g->kind->now != NULL)
		g->kind->now(g->state, now, sizeof(now));
	json_array_foreach(cmds, i, c) {
		const char *text = json_string_value(json_object_get(c, "text"));

		if (text == NULL)
			return mq_fail(err, MQ_BADDATA, "entry %llu: command %zu has "
			    "no text.", (unsigned long long)seq, i + 1);
		MQ_TRY(replay_command(g, seat, text, seq, (int)i, c, timeout,
		    by_host, moment, err));
		/* a move that ended the round, then the next round's card;
		 * a card alone, sent during the moves for the next round:
		 * log and replay say which moment the card was for (a game
		 * that cannot say where it is: against the entry's first) */
		if (moment[0] == '\0')
			continue;
		if (first[0] == '\0')
			memcpy(first, moment, sizeof(first));
		if (strcmp(moment, now[0] != '\0' ? now : first) != 0 &&
		    for_add(g, seq, (int)i, moment) != 0)
			return mq_fail(err, MQ_IO, "Out of memory.");
	}
	msg = json_object_get(body, "msg");
	if (json_is_string(json_object_get(msg, "hash")) &&
	    msg_add(g, json_string_value(json_object_get(msg, "hash")), seq))
		return mq_fail(err, MQ_IO, "Out of memory.");
	return 0;
}

/*
 * The reveal mail's line for pending secret j: player, seq, text, salt and
 * commit; and "superseded_by", the entry of the next command of the same
 * seat for the same decision, when one changed it (a PLAY sent again, a
 * PLAN of some times): its commitment was shown, so it is opened too, but
 * it is not, or not all of, the move played.
 */
static int
reveal_item(struct mq_game *g, size_t j)
{
	const struct mq_pending *p = &g->pend[j], *q;
	uint64_t later = 0;
	json_t *it;
	size_t k;

	for (k = j + 1; k < g->npend && later == 0; k++) {
		q = &g->pend[k];
		if (q->seat == p->seat && q->resolved &&
		    strcmp(q->key, p->key) == 0)
			later = q->seq;
	}
	it = json_pack("{s:s, s:I, s:s, s:s, s:s}", "player",
	    g->players[p->seat].name, "seq", (json_int_t)p->seq, "text", p->text,
	    "salt", p->salt, "commit", p->commit);
	/* "same_mail": a later line of the same entry changed it (PLAN
	 * 12:10 cw, then PLAN 12:30 ccw, in one mail) */
	if (it != NULL && later != 0 && (json_object_set_new(it,
	    "superseded_by", json_integer((json_int_t)later)) != 0 ||
	    json_object_set_new(it, "same_mail", json_boolean(later ==
	    p->seq)) != 0)) {
		json_decref(it);
		it = NULL;
	}
	/* "by_host": the host entered it (submit), which the mail says */
	if (it != NULL && p->by_host && json_object_set_new(it, "by_host",
	    json_true()) != 0) {
		json_decref(it);
		it = NULL;
	}
	return json_array_append_new(g->revealed, it);
}

/* MQ_BADDATA when a secret whose phase resolved is still hidden at entry
 * seq (what, "the reveal" or "the end entry", says which). */
static int
hidden_resolved(const struct mq_game *g, uint64_t seq, const char *what,
    struct mq_err *err)
{
	size_t j;

	for (j = 0; j < g->npend; j++)
		if (g->pend[j].resolved)
			return mq_fail(err, MQ_BADDATA, "entry %llu: %s leaves "
			    "hidden command %d of entry %llu, whose phase has "
			    "resolved; its reveal must open it.",
			    (unsigned long long)seq, what, g->pend[j].index + 1,
			    (unsigned long long)g->pend[j].seq);
	return 0;
}

static int
replay_reveal(struct mq_game *g, const json_t *body, uint64_t seq,
    struct mq_err *err)
{
	json_t *items = json_object_get(body, "items"), *it;
	json_t *opens = json_object_get(body, "opens");
	uint64_t last = 0;
	size_t i, j, nopens = 0;

	/* what masqued logs (submit.c build_reveal): never an empty reveal;
	 * "opens" the entries its items open, each once, in their order */
	if (json_array_size(items) == 0)
		return mq_fail(err, MQ_BADDATA, "entry %llu: a reveal that opens "
		    "nothing.", (unsigned long long)seq);
	json_array_foreach(items, i, it) {
		uint64_t s = (uint64_t)json_integer_value(json_array_get(it, 0));

		if (s == last)
			continue;
		if (nopens >= json_array_size(opens) || (uint64_t)
		    json_integer_value(json_array_get(opens, nopens)) != s)
			break;
		nopens++;
		last = s;
	}
	if (i < json_array_size(items) || nopens != json_array_size(opens))
		return mq_fail(err, MQ_BADDATA, "entry %llu: the reveal's \"opens\" "
		    "does not list the entries its items open.",
		    (unsigned long long)seq);
	json_array_foreach(items, i, it) {
		uint64_t s = (uint64_t)json_integer_value(json_array_get(it, 0));
		int idx = (int)json_integer_value(json_array_get(it, 1));

		for (j = 0; j < g->npend; j++)
			if (g->pend[j].seq == s && g->pend[j].index == idx)
				break;
		if (j == g->npend)
			return mq_fail(err, MQ_BADDATA, "entry %llu: it reveals "
			    "command %d of entry %llu, which holds no secret still "
			    "hidden.", (unsigned long long)seq, idx + 1,
			    (unsigned long long)s);
		if (!g->pend[j].resolved)
			return mq_fail(err, MQ_BADDATA, "entry %llu: it reveals a "
			    "secret of entry %llu before its phase resolved.",
			    (unsigned long long)seq, (unsigned long long)s);
		if (g->journal_on && reveal_item(g, j) != 0)
			g->journal_lost = 1;
		/* keep the order: the reveal mail lists them as they came */
		memmove(&g->pend[j], &g->pend[j + 1],
		    (g->npend - j - 1) * sizeof(g->pend[0]));
		g->npend--;
	}
	/* a reveal opens every secret whose phase has resolved: one left
	 * out would be a move the others never see opened */
	return hidden_resolved(g, seq, "the reveal", err);
}

static int
replay_timeout(struct mq_game *g, const json_t *body, uint64_t seq,
    struct mq_err *err)
{
	/* A deadline's defaults: logged as plain commands of the seat. */
	return replay_commands(g, body, seq, 1, err);
}

/*
 * An admin entry names an action masqued logs, and the seat and what else
 * that action needs: a log whose signed entry says "kick" of nobody, or an
 * action no masqued takes, was not written by masqued, and verify says so
 * rather than replaying it as nothing.
 */
static int
admin_entry_sound(const json_t *body, const char *action, int seat,
    uint64_t seq, struct mq_err *err)
{
	static const char *const seatless[] = { "pause", "resume", "end",
	    "extend", NULL };
	static const char *const of_seat[] = { "replace", "rotate-token",
	    "kick", "lang", "notices", NULL };
	const char *player = json_string_value(json_object_get(body, "player"));
	const char *lang = json_string_value(json_object_get(body, "lang"));
	unsigned long long n = (unsigned long long)seq;
	int i;

	for (i = 0; seatless[i] != NULL; i++)
		if (strcmp(action, seatless[i]) == 0)
			return 0;
	for (i = 0; of_seat[i] != NULL; i++)
		if (strcmp(action, of_seat[i]) == 0)
			break;
	if (of_seat[i] == NULL)
		return mq_fail(err, MQ_BADDATA, "entry %llu: an admin entry with "
		    "the action \"%.40s\", which masqued never logs.", n, action);
	if (player == NULL)
		return mq_fail(err, MQ_BADDATA, "entry %llu: an admin %s naming "
		    "no player.", n, action);
	if (seat < 0)
		return mq_fail(err, MQ_BADDATA, "entry %llu: an admin %s naming "
		    "\"%.40s\", not a player of the game.", n, action, player);
	if (strcmp(action, "replace") == 0 &&
	    json_string_value(json_object_get(body, "email")) == NULL)
		return mq_fail(err, MQ_BADDATA, "entry %llu: an admin replace of "
		    "%s without the new address.", n, player);
	if (strcmp(action, "lang") == 0 && (lang == NULL ||
	    (strcmp(lang, "en") && strcmp(lang, "ja") && strcmp(lang, "zh"))))
		return mq_fail(err, MQ_BADDATA, "entry %llu: a SET LANG of %s "
		    "without en, ja or zh.", n, player);
	if (strcmp(action, "notices") == 0 &&
	    !json_is_boolean(json_object_get(body, "notices")))
		return mq_fail(err, MQ_BADDATA, "entry %llu: a SET NOTICES of %s "
		    "without on or off.", n, player);
	return 0;
}

/*
 * A resume's "restart": the seats whose deadline had gone by when the game
 * paused (cmd_admin.c decides, under the config's deadline). Given back
 * the time paused, it would pass again at once; their debt starts anew at
 * the resume instead, with the extends logged while it was paused.
 */
static int
resume_restarts(struct mq_game *g, const json_t *body, long long ts,
    uint64_t seq, struct mq_err *err)
{
	const json_t *list = json_object_get(body, "restart"), *v;
	struct mq_player_info *p;
	size_t k;
	int seat;

	if (list == NULL)
		return 0;
	if (!g->paused)
		return mq_fail(err, MQ_BADDATA, "entry %llu: a resume restarting "
		    "deadlines in a game that was not paused.",
		    (unsigned long long)seq);
	if (!json_is_array(list) || json_array_size(list) == 0)
		return mq_fail(err, MQ_BADDATA, "entry %llu: a resume whose "
		    "restart is not a list of players.", (unsigned long long)seq);
	json_array_foreach(list, k, v) {
		seat = json_is_string(v) ? mq_game_seat(g, json_string_value(v)) : -1;
		if (seat < 0)
			return mq_fail(err, MQ_BADDATA, "entry %llu: a resume "
			    "restarting the deadline of \"%.40s\", not a player of "
			    "the game.", (unsigned long long)seq,
			    json_is_string(v) ? json_string_value(v) : "");
		if (!g->players[seat].owes[0])
			return mq_fail(err, MQ_BADDATA, "entry %llu: a resume "
			    "restarting the deadline of %s, who owes no move.",
			    (unsigned long long)seq, g->players[seat].name);
		p = &g->players[seat];
		p->extra -= p->extra_at_pause;	/* the extends while paused */
		p->owe_since = ts;
		p->extra_at_pause = 0;
		p->reminded = 0;
	}
	return 0;
}

static int
replay_admin(struct mq_game *g, const json_t *body, uint64_t seq,
    struct mq_err *err)
{
	const char *action = json_string_value(json_object_get(body, "action"));
	const char *player = json_string_value(json_object_get(body, "player"));
	const char *email = json_string_value(json_object_get(body, "email"));
	const char *lang = json_string_value(json_object_get(body, "lang"));
	long long ts = json_integer_value(json_object_get(body, "ts"));
	int seat = player ? mq_game_seat(g, player) : -1, i, rc;

	if (action == NULL)
		return mq_fail(err, MQ_BADDATA, "entry %llu: an admin entry without "
		    "an action.", (unsigned long long)seq);
	if ((rc = admin_entry_sound(body, action, seat, seq, err)) != 0)
		return rc;
	if (strcmp(action, "pause") == 0) {
		const char *by = json_string_value(json_object_get(body, "by"));

		g->paused = 1;
		g->paused_at = ts;
		g->paused_by_server = by != NULL && strcmp(by, MQ_LOG_BY_SERVER) == 0;
		for (i = 0; i < g->nplayers; i++)
			g->players[i].extra_at_pause = g->players[i].extra;
	} else if (strcmp(action, "end") == 0) {
		g->ended = seq;		/* over from here on, with no winner */
		json_decref(g->ended_body);
		g->ended_body = json_incref((json_t *)body);
	}
	else if (strcmp(action, "extend") == 0) {
		json_int_t secs = json_integer_value(json_object_get(body, "seconds"));

		/* admin refuses more; a deadline past it would overflow */
		if (secs < 0 || secs > MQ_DURATION_MAX)
			return mq_fail(err, MQ_BADDATA, "entry %llu: an extend of %lld "
			    "seconds, outside 0 to 366 days.", (unsigned long long)seq,
			    (long long)secs);
		/* the debts running now: a later one gets the usual time */
		for (i = 0; i < g->nplayers; i++) {
			struct mq_player_info *p = &g->players[i];

			if (!p->owes[0])
				continue;
			p->extra += secs;
			if (p->nextends == 0 || p->extend_since != p->owe_since) {
				p->extend_since = p->owe_since;
				p->nextends = 0;
				p->extend_total = 0;
			}
			p->nextends++;
			p->extend_total += secs;
			p->extend_last_at = ts;
			p->extend_last_secs = secs;
		}
	}
	else if (strcmp(action, "resume") == 0) {
		if ((rc = resume_restarts(g, body, ts, seq, err)) != 0)
			return rc;
		/* no deadline runs while paused: each debt gets back the
		 * time paused (a debt begun during the pause, or started
		 * anew, all of it) */
		for (i = 0; i < g->nplayers && g->paused; i++) {
			long long from = g->players[i].owe_since > g->paused_at ?
			    g->players[i].owe_since : g->paused_at;

			if (g->players[i].owes[0] && ts > from)
				g->players[i].extra += ts - from;
		}
		g->paused = 0;
	}
	else if (strcmp(action, "replace") == 0) {
		snprintf(g->players[seat].email, sizeof(g->players[seat].email),
		    "%s", email);
		g->players[seat].kicked = 0;
		g->players[seat].kicked_at = 0;
		g->players[seat].quiet = 0;	/* the new player did not ask */
		g->players[seat].epoch++;	/* the old player's address dies */
		/* admin replace --lang: the new player's; else the seat's stays */
		if (lang != NULL && (!strcmp(lang, "en") || !strcmp(lang, "ja") ||
		    !strcmp(lang, "zh")))
			snprintf(g->players[seat].lang, sizeof(g->players[seat].lang),
			    "%s", lang);
	}
	else if (strcmp(action, "rotate-token") == 0)
		g->players[seat].epoch++;
	else if (strcmp(action, "kick") == 0) {
		g->players[seat].kicked = 1;
		g->players[seat].kicked_at = ts;
	}
	else if (strcmp(action, "lang") == 0)
		snprintf(g->players[seat].lang, sizeof(g->players[seat].lang), "%s",
		    lang);
	else if (strcmp(action, "notices") == 0)
		g->players[seat].quiet = json_is_false(json_object_get(body,
		    "notices"));
	return 0;
}

static int
replay_genesis(struct mq_game *g, const json_t *body, struct mq_err *err)
{
	const char *kind = json_string_value(json_object_get(body, "kind"));
	const char *lang = json_string_value(json_object_get(body, "lang"));
	json_t *players = json_object_get(body, "players"), *p;
	struct mq_setup s;
	struct mq_err e;
	uint8_t hash[32];
	char path[1400];
	size_t i, n;
	int rc, own;

	/* a data folder's game is named by its folder: a log of another
	 * game put there (two swapped) would else be blamed on data.json */
	if (g->store != NULL && json_is_string(json_object_get(body, "game")) &&
	    strcmp(json_string_value(json_object_get(body, "game")), g->id) != 0)
		return mq_fail(err, MQ_BADDATA, "entry 1: this log is game %s's, "
		    "not game %s's: %s holds another game's log (put game %s's "
		    "own back).", json_string_value(json_object_get(body, "game")),
		    g->id, g->dir, g->id);
	if (kind == NULL || !json_is_array(players) || json_array_size(players) == 0 ||
	    json_array_size(players) > MQ_MAX_PLAYERS)
		return mq_fail(err, MQ_BADDATA, "entry 1: the genesis lacks the game "
		    "kind or its players.");
	if (mq_log_get_hex(body, "seed", g->seed, 32) != 0 ||
	    mq_log_get_hex(body, "data_hash", hash, 32) != 0)
		return mq_fail(err, MQ_BADDATA, "entry 1: the genesis lacks its seed "
		    "or data hash.");
	snprintf(path, sizeof(path), "%s/data.json", g->dir);
	own = access(path, R_OK) == 0;
	/* a game of a store shares the store's compiled copy (gamedata.h) */
	mq_err_clear(&e);
	rc = own ? (g->store != NULL ?
	    mq_gamedata_load_shared(&g->store->data, kind, path, &g->gd, &e) :
	    mq_gamedata_load_file(kind, path, &g->gd, &e)) :
	    mq_gamedata_load(kind, &g->gd, &e);
	if (rc != 0 && rc != MQ_IO && own && mq_game_find(kind) != NULL) {
		/* the game's own copy loaded when the game was made: one that
		 * does not is not that data (a damaged folder or export), as
		 * one whose hash differs, not input refused */
		if (isupper((unsigned char)e.msg[0]) &&
		    islower((unsigned char)e.msg[1]))
			e.msg[0] = (char)tolower((unsigned char)e.msg[0]);
		if ((n = strlen(e.msg)) > 0 && e.msg[n - 1] == '.')
			e.msg[n - 1] = '\0';
		return mq_fail(err, MQ_BADDATA, "entry 1: the game data %s is not "
		    "the data this game was created with (it does not load: "
		    "%s).", path, e.msg);
	}
	if (rc) {
		if (err != NULL)
			*err = e;
		return rc;
	}
	if (sodium_memcmp(hash, g->gd.hash, 32) != 0)
		return mq_fail(err, MQ_BADDATA, "entry 1: the game data %s is not the "
		    "data this game was created with (its hash differs).", g->gd.path);
	g->kind = g->gd.kind;
	snprintf(g->lang, sizeof(g->lang), "%s", lang ? lang : "en");
	memset(&s, 0, sizeof(s));
	json_array_foreach(players, i, p) {
		const char *name = json_string_value(json_object_get(p, "name"));
		const char *email = json_string_value(json_object_get(p, "email"));
		const char *plang;

		if (name == NULL || email == NULL || strlen(name) >= MQ_NAME_MAX)
			return mq_fail(err, MQ_BADDATA, "entry 1: player %zu lacks a "
			    "name or address.", i + 1);
		snprintf(g->players[i].name, sizeof(g->players[i].name), "%s", name);
		snprintf(g->players[i].email, sizeof(g->players[i].email), "%s", email);
		snprintf(g->players[i].lang, sizeof(g->players[i].lang), "%s", g->lang);
		/* new NAME=EMAIL:LANG: the player's own */
		if ((plang = json_string_value(json_object_get(p, "lang"))) != NULL) {
			if (strcmp(plang, "en") && strcmp(plang, "ja") &&
			    strcmp(plang, "zh"))
				return mq_fail(err, MQ_BADDATA, "entry 1: player %zu's "
				    "language is not en, ja or zh.", i + 1);
			snprintf(g->players[i].lang, sizeof(g->players[i].lang),
			    "%s", plang);
		} else if (json_object_get(p, "lang") != NULL)
			return mq_fail(err, MQ_BADDATA, "entry 1: player %zu's "
			    "language is not en, ja or zh.", i + 1);
		s.names[i] = g->players[i].name;
	}
	g->nplayers = s.nplayers = (int)json_array_size(players);
	s.options = json_object_get(body, "options");
	memcpy(s.seed, g->seed, 32);
	/* setup's sentence goes through e: err->msg may not be both the
	 * format's argument and its output; out of memory stays MQ_IO, not a
	 * log that "does not verify" (which stops the game) */
	mq_err_clear(&e);
	if ((rc = g->kind->setup(g->gd.data, &s, &g->state, &e)) != 0)
		return mq_fail(err, rc == MQ_IO ? MQ_IO : MQ_BADDATA, "entry 1: the "
		    "game cannot be set up: %s", e.msg);
	if ((g->genesis = json_deep_copy(body)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	return 0;
}

void
mq_sent_hash(const char *text, uint8_t out[16])
{
	crypto_generichash(out, 16, (const unsigned char *)text, strlen(text),
	    NULL, 0);
}

uint64_t
mq_game_standing(const struct mq_game *g, int seat, const char *key,
    const char *text)
{
	const unsigned n = g->nsent[seat] < MQ_SENT_KEEP ? g->nsent[seat] :
	    MQ_SENT_KEEP;
	const struct mq_sent *last = NULL;
	uint8_t hash[16];
	unsigned i;

	/* oldest first: of two lines of one entry for the same moment
	 * (PLAY dance, then PLAY jest), the later is the one that stands */
	for (i = 0; i < n; i++) {
		const struct mq_sent *c = &g->sent[seat][(g->nsent[seat] - n + i) %
		    MQ_SENT_KEEP];

		if (strcmp(c->key, key) == 0 && (last == NULL ||
		    c->seq >= last->seq))
			last = c;
	}
	if (last == NULL)
		return 0;
	mq_sent_hash(text, hash);
	return memcmp(last->text_hash, hash, sizeof(hash)) == 0 ? last->seq : 0;
}

/*
 * Who has been away (store.h, absent): a seat's default for a missed
 * deadline marks it; a move by anyone, or the host's resume, extend or
 * replace, clears every mark.
 */
static void
track_absence(struct mq_game *g, enum mq_log_type type, const json_t *body)
{
	const char *why = json_string_value(json_object_get(body, "why"));
	const char *action = json_string_value(json_object_get(body, "action"));
	const char *player = json_string_value(json_object_get(body, "player"));
	int i, seat;

	if (type == MQ_LOG_TIMEOUT) {
		seat = player ? mq_game_seat(g, player) : -1;
		if (seat >= 0 && why != NULL && strcmp(why, MQ_LOG_WHY_MISSED) == 0)
			g->players[seat].absent = 1;
		return;
	}
	if (type == MQ_LOG_COMMAND || (type == MQ_LOG_ADMIN && action != NULL &&
	    (strcmp(action, "resume") == 0 || strcmp(action, "extend") == 0 ||
	    strcmp(action, "replace") == 0)))
		for (i = 0; i < g->nplayers; i++)
			g->players[i].absent = 0;
}

/*
 * The deadline's defaults of the entries not mailed yet, for the mail that
 * tells of them: a timeout entry marks its seat (a kicked seat's are no
 * news: its seat has nobody to miss a deadline), a reveal keeps the marks
 * (a default's resolution), anything else clears them, as do the mark's
 * moving past them (mq_mailmark_done) and the game's opening (a catching
 * up steps the unmailed entries again). So the marks are the same whether
 * the entries were just logged or read again after a crash, and the mail
 * rebuilt is the one first queued.
 */
static void
track_defaults(struct mq_game *g, enum mq_log_type type, const json_t *body)
{
	const char *why = json_string_value(json_object_get(body, "why"));
	const char *by = json_string_value(json_object_get(body, "by"));
	const char *player = json_string_value(json_object_get(body, "player"));
	const json_t *cmds = json_object_get(body, "commands");
	struct mq_player_info *p;
	const char *t;
	size_t i, k;
	int seat;

	if (type == MQ_LOG_REVEAL)
		return;
	if (type != MQ_LOG_TIMEOUT) {
		mq_game_defaults_clear(g);
		return;
	}
	seat = player ? mq_game_seat(g, player) : -1;
	if (seat < 0)
		return;
	p = &g->players[seat];
	if (by != NULL && strcmp(by, MQ_LOG_BY_ADMIN) == 0) {
		p->defaulted = MQ_DEFAULTED_HOST;
		json_decref(p->defaulted_why);	/* a second of the run's */
		p->defaulted_why = why != NULL && why[0] != '\0' ?
		    json_incref(json_object_get(body, "why")) : NULL;
	} else if (why != NULL && strcmp(why, MQ_LOG_WHY_MISSED) == 0)
		p->defaulted = MQ_DEFAULTED_CLOCK;
	else
		return;		/* a kicked seat's */
	p->defaulted_secret |= g->timeout_secret;
	for (i = 0; i < (size_t)g->ntimeout_wait; i++)
		if (p->ndefaulted_wait < (int)(sizeof(p->defaulted_wait) /
		    sizeof(p->defaulted_wait[0])))
			memcpy(p->defaulted_wait[p->ndefaulted_wait++],
			    g->timeout_wait[i], sizeof(p->defaulted_wait[0]));
		else
			p->defaulted_secret = 1;
	if (p->defaulted_text[0] == '\0')
		memcpy(p->defaulted_owed, g->timeout_owed,
		    sizeof(p->defaulted_owed));
	for (i = 0; i < json_array_size(cmds); i++) {
		t = json_string_value(json_object_get(json_array_get(cmds, i),
		    "text"));
		if (t == NULL)
			continue;
		k = strlen(p->defaulted_text);
		snprintf(p->defaulted_text + k, sizeof(p->defaulted_text) - k,
		    "%s%s", k ? "; " : "", t);
	}
}

void
mq_game_defaults_clear(struct mq_game *g)
{
	int seat;

	for (seat = 0; seat < g->nplayers; seat++) {
		g->players[seat].defaulted = 0;
		g->players[seat].defaulted_text[0] = '\0';
		g->players[seat].defaulted_secret = 0;
		g->players[seat].ndefaulted_wait = 0;
		g->players[seat].defaulted_owed[0] = '\0';
		json_decref(g->players[seat].defaulted_why);
		g->players[seat].defaulted_why = NULL;
	}
}

/*
 * The deadline's defaults played for each seat since its own last move
 * (store.h, late): a clock's default (a missed deadline, not a kicked
 * seat's, nor the host's) is added; the seat's command entry, the host's
 * default, or a replace of the seat (another player now) empties it.
 */
static void
track_late(struct mq_game *g, enum mq_log_type type, const json_t *body,
    uint64_t seq)
{
	const char *why = json_string_value(json_object_get(body, "why"));
	const char *by = json_string_value(json_object_get(body, "by"));
	const char *action = json_string_value(json_object_get(body, "action"));
	const char *player = json_string_value(json_object_get(body, "player"));
	int seat = player ? mq_game_seat(g, player) : -1;
	struct mq_player_info *p;

	if (seat < 0)
		return;
	p = &g->players[seat];
	if (type == MQ_LOG_TIMEOUT && by == NULL && why != NULL &&
	    strcmp(why, MQ_LOG_WHY_MISSED) == 0) {
		if (p->nlate == MQ_LATE_KEEP) {
			memmove(p->late, p->late + 1, (MQ_LATE_KEEP - 1) *
			    sizeof(p->late[0]));
			p->nlate--;
		}
		p->late[p->nlate++] = seq;
	} else if (type == MQ_LOG_COMMAND || type == MQ_LOG_TIMEOUT ||
	    (type == MQ_LOG_ADMIN && action != NULL &&
	    strcmp(action, "replace") == 0))
		p->nlate = 0;
}

/* Each seat's debt, and since when: the deadline runs from there. */
static void
update_owed(struct mq_game *g, long long ts)
{
	const char *o;
	int i, fresh = g->resolutions != g->owed_serial;

	g->owed_serial = g->resolutions;
	for (i = 0; i < g->nplayers; i++) {
		/* a game the host ended owes nothing: no deadline runs */
		o = g->ended ? NULL : g->kind->owes(g->state, i);
		if (o == NULL)
			o = "";
		if (fresh || strcmp(o, g->players[i].owes) != 0) {
			snprintf(g->players[i].owes, sizeof(g->players[i].owes), "%s", o);
			g->players[i].owe_since = ts;
			if (o[0] != '\0')
				g->players[i].asked_at = ts;
			g->players[i].extra = 0;
			g->players[i].extra_at_pause = 0;
			g->players[i].reminded = 0;
		}
	}
}

/*
 * The end entry (game_end.c): once, when the game is over there, saying the
 * result the replay reaches. A log that says a game ended while it goes
 * on, or ended otherwise, must not verify as sound.
 */
static int
replay_end(struct mq_game *g, const json_t *body, uint64_t seq,
    struct mq_err *err)
{
	const char *key;
	json_t *built, *v;
	int same;

	if (!mq_game_over(g))
		return mq_fail(err, MQ_BADDATA, "entry %llu: an end entry, but the "
		    "game is not over there.", (unsigned long long)seq);
	if (g->end_seq != 0)
		return mq_fail(err, MQ_BADDATA, "entry %llu: a second end entry "
		    "(the first is entry %llu).", (unsigned long long)seq,
		    (unsigned long long)g->end_seq);
	MQ_TRY(hidden_resolved(g, seq, "the end entry", err));
	json_object_foreach((json_t *)body, key, v)
		if (strcmp(key, "v") && strcmp(key, "game") && strcmp(key, "seq") &&
		    strcmp(key, "prev") && strcmp(key, "ts") && strcmp(key, "kid") &&
		    strcmp(key, "type") && strcmp(key, "result"))
			/* the result is all it says: another word beside it
			 * would tell a reader what the replay does not */
			return mq_fail(err, MQ_BADDATA, "entry %llu: the end entry "
			    "holds \"%s\", beside its result.",
			    (unsigned long long)seq, key);
	if ((built = mq_game_end_body(g, 0)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	same = json_equal(json_object_get(built, "result"),
	    json_object_get(body, "result"));
	json_decref(built);
	if (!same)
		return mq_fail(err, MQ_BADDATA, "entry %llu: the end entry's result "
		    "is not the one the game reached.", (unsigned long long)seq);
	g->end_seq = seq;
	return 0;
}

/* A player's SET LANG (an admin entry, action "lang", a seat's name and
 * a language masqued has): it changes only their mail, and may be logged
 * once a game is over. */
static int
set_lang(const struct mq_game *g, const struct mq_log_entry *e)
{
	const char *a = json_string_value(json_object_get(e->body, "action"));
	const char *p = json_string_value(json_object_get(e->body, "player"));
	const char *l = json_string_value(json_object_get(e->body, "lang"));

	return e->type == MQ_LOG_ADMIN && a != NULL && strcmp(a, "lang") == 0 &&
	    p != NULL && mq_game_seat(g, p) >= 0 && l != NULL &&
	    (!strcmp(l, "en") || !strcmp(l, "ja") || !strcmp(l, "zh"));
}

int
mq_replay_entry(struct mq_game *g, const struct mq_log_entry *e,
    struct mq_err *err)
{
	const json_t *body = e->body;
	int rc;

	if (e->seq == 1) {
		if (e->type != MQ_LOG_GENESIS)
			return mq_fail(err, MQ_BADDATA, "entry 1: the first entry is "
			    "not a genesis.");
		rc = replay_genesis(g, body, err);
	} else if (g->end_seq != 0 && e->type != MQ_LOG_END && !set_lang(g, e)) {
		/* the end entry closes the game: a host who appends to it,
		 * signed and chained though it is, is caught here (a player's
		 * SET LANG still is logged: it changes only their mail) */
		rc = mq_fail(err, MQ_BADDATA, "entry %llu: the game ended at entry "
		    "%llu (its end entry); nothing but a player's SET LANG may "
		    "follow.", (unsigned long long)e->seq,
		    (unsigned long long)g->end_seq);
	} else if (g->ended && e->type != MQ_LOG_END && !set_lang(g, e)) {
		/* nothing is played or administered after the host's end */
		rc = mq_fail(err, MQ_BADDATA, "entry %llu: the host ended the game "
		    "at entry %llu; nothing may follow.", (unsigned long long)e->seq,
		    (unsigned long long)g->ended);
	} else if (mq_game_over(g) && e->type != MQ_LOG_END &&
	    e->type != MQ_LOG_REVEAL && !set_lang(g, e)) {
		/* over by its rules, its end entry not yet logged: only the
		 * reveal of the move that ended it comes between (a move or
		 * an admin action on a game over is refused, never logged) */
		rc = mq_fail(err, MQ_BADDATA, "entry %llu: the game is over there "
		    "(by its rules); nothing but a reveal, a player's SET LANG or "
		    "its end entry may follow.", (unsigned long long)e->seq);
	} else {
		switch (e->type) {
		case MQ_LOG_COMMAND:
			rc = replay_commands(g, body, e->seq, 0, err);
			break;
		case MQ_LOG_REVEAL:
			rc = replay_reveal(g, body, e->seq, err);
			break;
		case MQ_LOG_TIMEOUT:
			rc = replay_timeout(g, body, e->seq, err);
			break;
		case MQ_LOG_ADMIN:
			rc = replay_admin(g, body, e->seq, err);
			break;
		case MQ_LOG_END:
			rc = replay_end(g, body, e->seq, err);
			break;
		default:
			rc = mq_fail(err, MQ_BADDATA, "entry %llu: a second genesis.",
			    (unsigned long long)e->seq);
		}
	}
	if (rc)
		return rc;
	track_absence(g, e->type, body);
	track_defaults(g, e->type, body);
	track_late(g, e->type, body, e->seq);
	update_owed(g, json_integer_value(json_object_get(body, "ts")));
	g->seq = e->seq;
	memcpy(g->head, e->hash, sizeof(g->head));
	sodium_bin2base64(g->head_sig, sizeof(g->head_sig), e->sig, sizeof(e->sig),
	    sodium_base64_VARIANT_ORIGINAL);
	g->last_ts = json_integer_value(json_object_get(body, "ts"));
	g->last_type = e->type;
	return 0;
}

int
mq_replay_all(struct mq_game *g, uint64_t at_seq, struct mq_err *err)
{
	const struct mq_log_entry *e;

	for (;;) {
		MQ_TRY(mq_logfile_next(g->lf, &e, err));
		if (e == NULL)
			break;
		if (at_seq > 0 && e->seq > at_seq) {
			g->peek = e;	/* valid until the next read: mq_game_step */
			break;
		}
		MQ_TRY(mq_replay_entry(g, e, err));
	}
	if (g->seq == 0)
		return mq_fail(err, MQ_BADDATA, "The log %s holds no entry.", g->logpath);
	/* mailed already, or to be by a catching up that steps them again */
	mq_game_defaults_clear(g);
	if (at_seq > g->seq)
		/* as replay --from says it */
		return mq_fail(err, MQ_REFUSED, "Game %s has %llu entr%s; there "
		    "is no entry %llu.", g->id, (unsigned long long)g->seq,
		    g->seq == 1 ? "y" : "ies", (unsigned long long)at_seq);
	return 0;
}

