/* store_seats.c - every seat's address now, across the data folder's games,
 * in one read of their logs: the language to write in to a player whose
 * mail names no game, and the seats an address that bounces holds. The
 * daemon builds it once a pass, when first needed (daemon.c), so that a
 * pass of many such mails reads each log once, not once a mail: with
 * thousands of games here, a refusal cost a read of every log. See store.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <jansson.h>

#include "daemon/host_text.h"
#include "daemon/store.h"
#include "jload.h"
#include "mail/address.h"

/*
 * One log line's body into *b (NULL when damaged: passed over); -1 when
 * memory runs out. jload.h tells the two apart (jansson 2.14 says some of
 * its allocations failing as a syntax error, or nothing), and never gives
 * a body parsed short of memory (an address or a language a byte short).
 */
static int
load_line(const char *line, size_t len, json_t **b)
{
	json_error_t je;

	if ((*b = mq_json_loadb(line, len, 0, &je)) != NULL)
		return 0;
	return json_error_code(&je) == json_error_out_of_memory ? -1 : 0;
}

struct log_seats {
	size_t n;
	char names[MQ_MAX_PLAYERS][MQ_NAME_MAX + 1];
	char emails[MQ_MAX_PLAYERS][256];
	char langs[MQ_MAX_PLAYERS][8];
	int over;	/* an end entry, or the host's admin end */
};

/* The seats of one log (path) as they are now: each one's address (its
 * first entry, or a replace since) and language (the game's, then a SET
 * LANG or a replace --lang, as the replay sets them), and whether the game
 * is over (its end entry, or the host's end before it): a host's notice
 * gives no replace line for a seat admin would refuse. 0 (none when the
 * log cannot be opened), or -1 when memory ran out reading it. */
static int
log_seats(const char *path, struct log_seats *ls)
{
	int oom = 0;
	char *line = NULL;
	size_t cap = 0, i;
	ssize_t n;
	FILE *f;

	ls->n = 0;
	ls->over = 0;
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	while ((n = getline(&line, &cap, f)) > 0) {
		char *tab = memchr(line, '\t', (size_t)n);
		json_t *b, *p;
		const char *type, *act, *who, *l;

		/* only the genesis and the admin entries name addresses and
		 * languages, and the end entry ends the game: the others are
		 * not parsed */
		if (strstr(line, "\"type\":\"genesis\"") == NULL &&
		    strstr(line, "\"type\":\"admin\"") == NULL &&
		    strstr(line, "\"type\":\"end\"") == NULL)
			continue;
		if (load_line(line, tab ? (size_t)(tab - line) : (size_t)n,
		    &b) != 0) {
			oom = 1;
			break;
		}
		type = json_string_value(json_object_get(b, "type"));
		act = json_string_value(json_object_get(b, "action"));
		who = json_string_value(json_object_get(b, "player"));
		l = json_string_value(json_object_get(b, "lang"));
		if (type != NULL && (strcmp(type, "end") == 0 || (act != NULL &&
		    strcmp(type, "admin") == 0 && strcmp(act, "end") == 0)))
			ls->over = 1;
		if (type != NULL && strcmp(type, "genesis") == 0) {
			json_t *ps = json_object_get(b, "players");
			const char *name, *email;

			for (ls->n = 0; ls->n < json_array_size(ps) &&
			    ls->n < MQ_MAX_PLAYERS; ls->n++) {
				p = json_array_get(ps, ls->n);
				name = json_string_value(json_object_get(p, "name"));
				email = json_string_value(json_object_get(p,
				    "email"));
				snprintf(ls->names[ls->n], sizeof(ls->names[0]),
				    "%s", name ? name : "");
				snprintf(ls->emails[ls->n], sizeof(ls->emails[0]),
				    "%s", email ? email : "");
				snprintf(ls->langs[ls->n], sizeof(ls->langs[0]),
				    "%s", l != NULL ? l : "en");
			}
		} else if (act != NULL && who != NULL) {
			for (i = 0; i < ls->n && strcmp(ls->names[i], who) != 0;
			    i++)
				;
			if (i < ls->n && strcmp(act, "replace") == 0 &&
			    json_is_string(json_object_get(b, "email")))
				snprintf(ls->emails[i], sizeof(ls->emails[0]), "%s",
				    json_string_value(json_object_get(b, "email")));
			if (i < ls->n && (strcmp(act, "replace") == 0 ||
			    strcmp(act, "lang") == 0) && l != NULL &&
			    (!strcmp(l, "en") || !strcmp(l, "ja") || !strcmp(l, "zh")))
				snprintf(ls->langs[i], sizeof(ls->langs[0]), "%s", l);
		}
		json_decref(b);
	}
	free(line);
	fclose(f);
	return oom ? -1 : 0;
}

/* by address (as mq_addr_same compares them), then game order, then seat */
static int
cmp_entry(const void *va, const void *vb)
{
	const struct mq_seat_entry *a = va, *b = vb;
	int c = strcasecmp(a->addr, b->addr);

	if (c != 0)
		return c;
	if (a->order != b->order)
		return a->order < b->order ? -1 : 1;
	return (a->seat_no > b->seat_no) - (a->seat_no < b->seat_no);
}

/* The index of the games ids (nids of them, in the data folder's order). */
static int
seat_index(const struct mq_store *s, char *const *ids, size_t nids,
    struct mq_seat_index *ix, struct mq_err *err)
{
	char path[1400];
	struct log_seats *ls;
	struct mq_seat_entry *nv, *e;
	size_t i, k, cap = 0;
	int rc = 0;

	ix->v = NULL;
	ix->n = 0;
	if ((ls = malloc(sizeof(*ls))) == NULL)
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	for (i = 0; i < nids && rc == 0; i++) {
		snprintf(path, sizeof(path), "%s/games/%s/log", s->datadir, ids[i]);
		if (log_seats(path, ls) != 0) {
			rc = mq_fail(err, MQ_IO, "Out of memory.");
			break;
		}
		for (k = 0; k < ls->n && rc == 0; k++) {
			if (ls->emails[k][0] == '\0')
				continue;
			if (ix->n == cap) {
				cap = cap ? cap * 2 : 64;
				if ((nv = realloc(ix->v, cap * sizeof(*nv))) == NULL) {
					rc = mq_fail(err, MQ_IO, "Out of memory.");
					break;
				}
				ix->v = nv;
			}
			e = &ix->v[ix->n];
			if ((e->addr = strdup(ls->emails[k])) == NULL) {
				rc = mq_fail(err, MQ_IO, "Out of memory.");
				break;
			}
			snprintf(e->game, sizeof(e->game), "%s", ids[i]);
			snprintf(e->seat, sizeof(e->seat), "%s", ls->names[k]);
			snprintf(e->lang, sizeof(e->lang), "%s", ls->langs[k]);
			e->order = i;
			e->seat_no = k;
			e->over = ls->over;
			ix->n++;
		}
	}
	free(ls);
	if (rc) {
		mq_seat_index_free(ix);
		return rc;
	}
	if (ix->n > 1)
		qsort(ix->v, ix->n, sizeof(*ix->v), cmp_entry);
	return 0;
}

int
mq_store_seat_index(const struct mq_store *s, struct mq_seat_index *ix,
    struct mq_err *err)
{
	char **ids;
	size_t nids, i;
	int rc;

	ix->v = NULL;
	ix->n = 0;
	MQ_TRY(mq_store_games(s, &ids, &nids, err));
	rc = seat_index(s, ids, nids, ix, err);
	for (i = 0; i < nids; i++)
		free(ids[i]);
	free(ids);
	return rc;
}

int
mq_store_seat_index_playing(const struct mq_store *s,
    struct mq_seat_index *ix, struct mq_err *err)
{
	char dir[1400], **ids;
	size_t nids, i, k;
	uint64_t end;
	int rc;

	ix->v = NULL;
	ix->n = 0;
	MQ_TRY(mq_store_games(s, &ids, &nids, err));
	/* a game known over by its ended mark: its log is not opened */
	for (i = k = 0; i < nids; i++) {
		snprintf(dir, sizeof(dir), "%s/games/%s", s->datadir, ids[i]);
		if (mq_game_ended_read(dir, &end))
			free(ids[i]);
		else
			ids[k++] = ids[i];
	}
	rc = seat_index(s, ids, k, ix, err);
	for (i = 0; i < k; i++)
		free(ids[i]);
	free(ids);
	return rc;
}

int
mq_store_seat_index_game(const struct mq_store *s, const char *id,
    struct mq_seat_index *ix, struct mq_err *err)
{
	char game[MQ_GAME_ID_LEN + 1], *ids[1] = { game };

	snprintf(game, sizeof(game), "%s", id);
	return seat_index(s, ids, 1, ix, err);
}

void
mq_seat_index_free(struct mq_seat_index *ix)
{
	while (ix->n > 0)
		free(ix->v[--ix->n].addr);
	free(ix->v);
	ix->v = NULL;
}

/* The first entry for addr, or ix->n when there is none. */
static size_t
first_of(const struct mq_seat_index *ix, const char *addr)
{
	size_t lo = 0, hi = ix->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcasecmp(ix->v[mid].addr, addr) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ix->n && mq_addr_same(ix->v[lo].addr, addr) ? lo : ix->n;
}

int
mq_seat_index_lang(const struct mq_store *s, const struct mq_seat_index *ix,
    const char *addr, const char *hint, char lang[8])
{
	char path[1400];
	struct stat st;
	time_t last = 0;
	size_t i;
	int found = 0, hinted = 0, is_hint;

	if (addr == NULL)
		return 0;
	for (i = first_of(ix, addr); i < ix->n &&
	    mq_addr_same(ix->v[i].addr, addr); i++) {
		/* a game's first seat with that address speaks for it */
		if (i > 0 && ix->v[i - 1].order == ix->v[i].order &&
		    mq_addr_same(ix->v[i - 1].addr, addr))
			continue;
		snprintf(path, sizeof(path), "%s/games/%s/log", s->datadir,
		    ix->v[i].game);
		if (stat(path, &st) != 0)
			continue;
		/* the mail's own language, when one of its games is in it,
		 * over the game another's move changed last (its log's time
		 * is read now: moves of this pass change it) */
		is_hint = hint != NULL && strcmp(ix->v[i].lang, hint) == 0;
		if (!found || (is_hint && !hinted) ||
		    (is_hint == hinted && st.st_mtime > last)) {
			snprintf(lang, 8, "%s", ix->v[i].lang);
			last = st.st_mtime;
			hinted = is_hint;
			found = 1;
		}
	}
	return found;
}

/* mq_seat_index_seats of the games over (over 1), in progress (0), or
 * both (-1): the eight a notice names are taken among those it names, not
 * cut short by the others (an address of years plays in many games over,
 * listed first). */
static size_t
seats_of(const struct mq_seat_index *ix, const char *addr,
    struct mq_addr_seat *v, size_t max, int over)
{
	size_t i, n = 0;

	if (addr == NULL)
		return 0;
	for (i = first_of(ix, addr); i < ix->n && n < max &&
	    mq_addr_same(ix->v[i].addr, addr); i++) {
		if (over >= 0 && ix->v[i].over != over)
			continue;
		if (n > 0 && strcmp(v[n - 1].game, ix->v[i].game) == 0)
			continue;	/* one seat a game: its first */
		snprintf(v[n].game, sizeof(v[n].game), "%s", ix->v[i].game);
		snprintf(v[n].seat, sizeof(v[n].seat), "%s", ix->v[i].seat);
		v[n].over = ix->v[i].over;
		n++;
	}
	return n;
}

size_t
mq_seat_index_seats(const struct mq_seat_index *ix, const char *addr,
    struct mq_addr_seat *v, size_t max)
{
	return seats_of(ix, addr, v, max, -1);
}

/* Each seat's name once, joined by ", ", into nb. */
static void
seat_names(const struct mq_addr_seat *v, size_t n, struct mq_buf *nb)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < i && strcmp(v[j].seat, v[i].seat) != 0; j++)
			;
		if (j == i)	/* each name once: a seat of that name */
			mq_buf_printf(nb, "%s%s", nb->len ? ", " : "",
			    v[i].seat);
	}
}

void
mq_seat_index_replace_cmds(const struct mq_seat_index *ix, const char *addr,
    char *names, size_t nsize, char *cmds, size_t csize)
{
	struct mq_addr_seat v[8];
	struct mq_buf b = MQ_BUF_INIT, nb = MQ_BUF_INIT;
	size_t n, i;

	names[0] = cmds[0] = '\0';
	/* a game over takes no replace ("Game G is over already.") */
	n = seats_of(ix, addr, v, 8, 0);
	for (i = 0; i < n; i++)
		mq_buf_printf(&b, "%s  masqued admin %s replace %s NEW-ADDRESS "
		    "--why \"...\"", i ? "\n" : "", v[i].game, v[i].seat);
	seat_names(v, n, &nb);
	if (n > 0 && !b.oom && !nb.oom) {
		snprintf(cmds, csize, "%s", mq_buf_str(&b));
		snprintf(names, nsize, "%s", mq_buf_str(&nb));
	}
	mq_buf_free(&b);
	mq_buf_free(&nb);
}

void
mq_seat_index_over_cmds(const struct mq_seat_index *ix, const char *addr,
    char *names, size_t nsize, char *games, size_t gsize, char *cmds,
    size_t csize)
{
	struct mq_addr_seat v[8];
	struct mq_buf b = MQ_BUF_INIT, nb = MQ_BUF_INIT, gb = MQ_BUF_INIT;
	size_t n, i;

	names[0] = games[0] = cmds[0] = '\0';
	n = seats_of(ix, addr, v, 8, 1);
	for (i = 0; i < n; i++) {
		mq_buf_printf(&b, "%s  masqued export %s > %s.json",
		    i ? "\n" : "", v[i].game, v[i].game);
		mq_buf_printf(&gb, "%s%s", i ? ", " : "", v[i].game);
	}
	seat_names(v, n, &nb);
	if (n > 0 && !b.oom && !nb.oom && !gb.oom) {
		snprintf(cmds, csize, "%s", mq_buf_str(&b));
		snprintf(names, nsize, "%s", mq_buf_str(&nb));
		snprintf(games, gsize, "%s", mq_buf_str(&gb));
	}
	mq_buf_free(&b);
	mq_buf_free(&nb);
	mq_buf_free(&gb);
}

void
mq_seat_index_replace_lines(const struct mq_seat_index *ix, const char *addr,
    int game_mail, char *out, size_t size)
{
	char names[8 * (MQ_NAME_MAX + 2) + 1], cmds[1100];
	char games[8 * (MQ_GAME_ID_LEN + 2) + 1];

	out[0] = '\0';
	mq_seat_index_replace_cmds(ix, addr, names, sizeof(names), cmds,
	    sizeof(cmds));
	if (cmds[0] != '\0') {
		snprintf(out, size, HOST_BOUNCE_PLAYER, cmds);
		return;
	}
	/* a game's own mail to a seat of a game over (its end mail): no
	 * replace, which admin refuses; the game is over, and what then. A
	 * mail of no game (a refusal) missed nothing of a game over. */
	if (!game_mail)
		return;
	mq_seat_index_over_cmds(ix, addr, names, sizeof(names), games,
	    sizeof(games), cmds, sizeof(cmds));
	if (cmds[0] != '\0')
		snprintf(out, size, HOST_DEAD_OVER, names, games, cmds);
}
