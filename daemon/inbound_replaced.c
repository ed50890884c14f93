/*
 * inbound_replaced.c - mail from an address the host's replace took a seat
 * from: to tell that sender, in one sentence, that it plays no more, rather
 * than that its reply address is stale or carries no game tag. See
 * inbound_replaced.h.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <jansson.h>

#include "daemon/inbound_replaced.h"
#include "jload.h"

/*
 * One entry of a seat's walk through its game's log (both walks below):
 * the next line's body and the fields they read; 0 at the end, at a
 * writer's torn tail (a line without its newline), or when a line is no
 * JSON (then *failed, as a line read short of memory is: jload.h). The
 * caller drops x->body.
 */
struct seat_entry {
	json_t *body;
	const char *type, *act, *who, *email;
};

static int
next_seat_entry(FILE *f, char **line, size_t *cap, struct seat_entry *x,
    int *failed)
{
	ssize_t n = getline(line, cap, f);
	char *tab;

	if (n <= 0 || (*line)[n - 1] != '\n')
		return 0;
	tab = memchr(*line, '\t', (size_t)n);
	x->body = mq_json_loadb(*line, tab ? (size_t)(tab - *line) : (size_t)n,
	    0, NULL);
	if (x->body == NULL) {
		*failed = 1;
		return 0;
	}
	x->type = json_string_value(json_object_get(x->body, "type"));
	x->act = json_string_value(json_object_get(x->body, "action"));
	x->who = json_string_value(json_object_get(x->body, "player"));
	x->email = json_string_value(json_object_get(x->body, "email"));
	return 1;
}

/*
 * Whether from held seat t->seat when the mail whose reply address it
 * answers (tag t, of an older epoch) was sent, and the host has since
 * replaced it with another address: the old player replying to an old
 * mail; then the seat's language while it held it goes into lang (a
 * replace --lang, or the new player's SET LANG, changed the seat's since),
 * and into *other whether the replace that took the seat from it gave it
 * to another person (with --new-player, or of a kicked seat: as
 * notify_admin.c words its notice) rather than to its own new address.
 * The seat's address and language at each epoch, from the game's log lines
 * as they are (the open verified them); only the answer's wording depends
 * on it, but a line read short of memory (a replace missed, an address a
 * byte short: jload.h) would word it wrong for good, so that is -1.
 */
int
mq_inbound_replaced_address(const struct mq_daemon *d, const struct mq_game *g,
    const struct mq_addr_tag *t, const char *from, char lang[8], int *other)
{
	const struct mq_player_info *p = &g->players[t->seat];
	char *line = NULL, then[256] = "", said[8] = "";
	size_t cap = 0;
	int e, epoch = 0, failed = 0, kicked = 0, found = 0;
	struct seat_entry x;
	FILE *f;

	*other = 0;
	if (from == NULL || mq_addr_same(from, p->email))
		return 0;
	for (e = 0; e < p->epoch && !mq_addr_tag_ok(d->store.keys.tag, t, e); e++)
		;
	if (e == p->epoch)
		return 0;
	if ((f = fopen(g->logpath, "r")) == NULL)
		return -1;
	/* up to the replace that took the seat from the address of epoch e
	 * (after it, perhaps: a rotate-token, or a kicked player given the
	 * seat back, ended that epoch and kept the address) */
	while (!found && next_seat_entry(f, &line, &cap, &x, &failed)) {
		json_t *b = x.body;
		const char *type = x.type, *act = x.act, *who = x.who;
		const char *email = x.email;
		const char *l = json_string_value(json_object_get(b, "lang"));

		if (type != NULL && strcmp(type, "genesis") == 0)
			email = json_string_value(json_object_get(json_array_get(
			    json_object_get(b, "players"), (size_t)t->seat), "email"));
		else if (type == NULL || strcmp(type, "admin") != 0 || act == NULL ||
		    who == NULL || strcmp(who, p->name) != 0)
			email = l = NULL;
		else if (strcmp(act, "replace") == 0 && email != NULL) {
			if (epoch >= e && then[0] != '\0' &&
			    !mq_addr_same(email, then)) {
				found = 1;
				*other = kicked || json_is_true(json_object_get(b,
				    "new_player"));
			}
			epoch++;
			kicked = 0;
		} else if (strcmp(act, "kick") == 0) {
			kicked = 1;
			email = l = NULL;
		} else if (strcmp(act, "rotate-token") == 0) {
			epoch++;
			email = NULL;	/* the same address, a new tag */
		} else if (strcmp(act, "lang") == 0)
			email = NULL;
		else
			email = l = NULL;
		if (email != NULL && epoch <= e)
			snprintf(then, sizeof(then), "%s", email);
		/* the genesis's, a SET LANG's, an earlier replace --lang's; not
		 * the language the replace that ended epoch e brought */
		if (l != NULL && epoch <= e)
			snprintf(said, sizeof(said), "%s", l);
		json_decref(b);
	}
	if (!found && !feof(f))
		failed = 1;	/* getline out of memory, or a read error */
	free(line);
	fclose(f);
	if (failed)
		return -1;
	if (then[0] == '\0' || !mq_addr_same(from, then))
		return 0;
	snprintf(lang, 8, "%s", said[0] ? said : p->lang);
	return 1;
}

/*
 * The game, seat and entry that id names, when it is the Message-ID of the
 * notice that tells a replaced address it plays no more (notify_admin.c,
 * replaced(): "<game>.<seat>.<seq>.admin.replaced@<domain>"): into t (its
 * tag empty) and *seq; 0 if it is not such an id.
 */
static int
notice_id(const char *id, const char *domain, struct mq_addr_tag *t,
    uint64_t *seq)
{
	static const char b32[] = "abcdefghijklmnopqrstuvwxyz234567";
	const char *p = id;
	char *end;
	unsigned long long n;
	long seat;
	size_t i;

	for (i = 0; i < MQ_GAME_ID_LEN; i++)
		if (p[i] == '\0' || strchr(b32, p[i]) == NULL)
			return 0;
	if (p[i] != '.')
		return 0;
	p += i + 1;
	/* numbers as notify_admin.c prints them: no sign, no leading zero */
	if (!isdigit((unsigned char)p[0]) || (p[0] == '0' &&
	    isdigit((unsigned char)p[1])))
		return 0;
	seat = strtol(p, &end, 10);
	if (*end != '.' || seat >= MQ_MAX_PLAYERS)
		return 0;
	p = end + 1;
	if (!isdigit((unsigned char)p[0]) || p[0] == '0')
		return 0;
	errno = 0;
	n = strtoull(p, &end, 10);
	if (errno != 0 || strncmp(end, ".admin.replaced@", 16) != 0 ||
	    strcasecmp(end + 16, domain) != 0)
		return 0;
	memset(t, 0, sizeof(*t));
	memcpy(t->game, id, MQ_GAME_ID_LEN);
	t->seat = (int)seat;
	*seq = n;
	return 1;
}

/*
 * A message with no game tag that answers such a notice, which has no
 * Reply-To (the seat's tag is the new player's) and so is answered at the
 * game's plain address: the notice its In-Reply-To or References names,
 * as notice_id reads it; 0 if none. Only what the sender claims:
 * notice_sender checks it against the game's log.
 */
int
mq_inbound_notice_named(const struct mq_daemon *d, const struct mq_mime_msg *m,
    struct mq_addr_tag *t, uint64_t *seq)
{
	size_t i;

	if (m->in_reply_to != NULL &&
	    notice_id(m->in_reply_to, d->conf.reply_domain, t, seq))
		return 1;
	for (i = 0; m->references != NULL && m->references[i] != NULL; i++)
		if (notice_id(m->references[i], d->conf.reply_domain, t, seq))
			return 1;
	return 0;
}

/*
 * Whether from is the address the host's replace at entry seq of g took
 * from seat `seat` (the one its notice went to), and plays in g no more:
 * then *ok, the seat's language then (the notice's) into lang, and into
 * *other whether the replace gave the seat to another person. From a
 * second, read-only copy of the game as it stood before that entry. An id
 * that names no such entry, or another sender, is not ok: the message is
 * answered as one with no tag, and says nothing of the game. MQ_IO when
 * the log cannot be read now (the mail waits for the next pass).
 */
int
mq_inbound_notice_sender(struct mq_daemon *d, const struct mq_game *g, int seat,
    uint64_t seq, const char *from, int *ok, char lang[8], int *other,
    struct mq_err *err)
{
	const struct mq_player_info *p;
	const json_t *b;
	struct mq_game *c;
	struct mq_err e;
	const char *s;
	int i, rc;

	*ok = 0;
	*other = 0;
	if (from == NULL || seat >= g->nplayers || seq < 2 || seq > g->seq)
		return 0;
	for (i = 0; i < g->nplayers; i++)
		if (mq_addr_same(from, g->players[i].email))
			return 0;	/* it plays in g (back, perhaps) */
	if ((rc = mq_game_open(&d->store, g->id, 0, seq - 1, &c, &e)) != 0)
		return rc == MQ_IO ? mq_fail(err, MQ_IO, "game %s: %s", g->id,
		    e.msg) : 0;
	p = &c->players[seat];
	b = c->peek != NULL && c->peek->seq == seq ? c->peek->body : NULL;
	s = json_string_value(json_object_get(b, "type"));
	if (s != NULL && strcmp(s, "admin") == 0 &&
	    (s = json_string_value(json_object_get(b, "action"))) != NULL &&
	    strcmp(s, "replace") == 0 &&
	    (s = json_string_value(json_object_get(b, "player"))) != NULL &&
	    strcmp(s, p->name) == 0 && mq_addr_same(from, p->email)) {
		*ok = 1;
		snprintf(lang, 8, "%s", p->lang);
		/* another person's seat now, as the notice said it */
		*other = p->kicked || json_is_true(json_object_get(b,
		    "new_player"));
	}
	mq_game_close(c);
	return 0;
}

/*
 * Whether from is an address seat `seat` of g held before a replace of the
 * host's gave the seat another one: a mail from it to the seat's sound
 * reply address, which the host hears of (inbound.c), comes from the
 * player's former address, and the replace line that mail offers would
 * undo the host's own. Then 1, the time of the last such replace into *ts
 * and whether it gave the seat to another person (--new-player, or a
 * kicked seat's) into *other; for a kicked seat's, *ts is the kick's
 * time, when that player left the game; and the seat's language while
 * from held it into lang (unless NULL), as the answer to it reads. From the game's log lines as they are (the
 * open verified them); -1 when one cannot be read now (memory): only the
 * host's mail's wording depends on it.
 */
int
mq_inbound_former_address(const struct mq_game *g, int seat, const char *from,
    long long *ts, int *other, char lang[8])
{
	const struct mq_player_info *p = &g->players[seat];
	char *line = NULL, cur[256] = "", said[8] = "", then[8] = "";
	size_t cap = 0;
	int failed = 0, kicked = 0, found = 0;
	long long kick_ts = 0;
	struct seat_entry x;
	FILE *f;

	*ts = 0;
	*other = 0;
	if (from == NULL || mq_addr_same(from, p->email))
		return 0;
	if ((f = fopen(g->logpath, "r")) == NULL)
		return -1;
	while (next_seat_entry(f, &line, &cap, &x, &failed)) {
		json_t *b = x.body;
		const char *type = x.type, *act = x.act, *who = x.who;
		const char *email = x.email;
		const char *l = json_string_value(json_object_get(b, "lang"));
		const char *pl;

		if (type != NULL && strcmp(type, "genesis") == 0) {
			email = json_string_value(json_object_get(json_array_get(
			    json_object_get(b, "players"), (size_t)seat), "email"));
			if (email != NULL)
				snprintf(cur, sizeof(cur), "%s", email);
			/* the game's language, or the player's own */
			pl = json_string_value(json_object_get(json_array_get(
			    json_object_get(b, "players"), (size_t)seat), "lang"));
			if (pl != NULL || l != NULL)
				snprintf(said, sizeof(said), "%s", pl ? pl : l);
		} else if (type != NULL && strcmp(type, "admin") == 0 &&
		    act != NULL && who != NULL && strcmp(who, p->name) == 0) {
			/* the seat's language, as mq_inbound_replaced_address
			 * keeps it: a SET LANG's, a replace --lang's after it */
			if (strcmp(act, "lang") == 0 && l != NULL)
				snprintf(said, sizeof(said), "%s", l);
			if (strcmp(act, "kick") == 0) {
				kicked = 1;
				kick_ts = json_integer_value(json_object_get(b,
				    "ts"));
			} else if (strcmp(act, "replace") == 0 && email != NULL) {
				if (cur[0] != '\0' && !mq_addr_same(email, cur) &&
				    mq_addr_same(from, cur)) {
					found = 1;
					*ts = json_integer_value(json_object_get(b,
					    "ts"));
					*other = kicked || json_is_true(
					    json_object_get(b, "new_player"));
					if (kicked)	/* out of it since then */
						*ts = kick_ts;
					snprintf(then, sizeof(then), "%s", said);
				}
				snprintf(cur, sizeof(cur), "%s", email);
				if (l != NULL)
					snprintf(said, sizeof(said), "%s", l);
				kicked = 0;
			}
		}
		json_decref(b);
	}
	if (!failed && !feof(f))
		failed = 1;	/* getline out of memory, or a read error */
	free(line);
	fclose(f);
	if (failed)
		return -1;
	if (found && lang != NULL)
		snprintf(lang, 8, "%s", then[0] ? then : p->lang);
	return found;
}
