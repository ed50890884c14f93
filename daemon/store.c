/* store.c - the data folder, creating games, replaying and submitting; see store.h. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sodium.h>

#include "daemon/store.h"
#include "fileio.h"
#include "daemon/commit.h"
#include "daemon/conf_text.h"

static int
mkdir_p(const char *path, struct mq_err *err)
{
	char buf[1400];
	size_t i, n = strlen(path);

	if (n >= sizeof(buf))
		return mq_fail(err, MQ_IO, "The path %s is too long.", path);
	memcpy(buf, path, n + 1);
	for (i = 1; i <= n; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		buf[i] = '\0';
		if (mkdir(buf, 0755) != 0 && errno != EEXIST)
			return mq_fail_errno(err, MQ_IO, "Cannot create the folder %s",
			    buf);
		buf[i] = path[i];
	}
	return 0;
}

int
mq_store_init(const char *datadir, struct mq_err *err)
{
	static const char *const sub[] = {
		"keys", "games", "archive", "spool", "cursor",
		"mail/inbox/new", "mail/inbox/cur", "mail/inbox/tmp",
		"mail/outbox/new", "mail/outbox/cur", "mail/outbox/tmp",
	};
	struct mq_keys k;
	char path[1400];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(sub) / sizeof(sub[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", datadir, sub[i]);
		MQ_TRY(mkdir_p(path, err));
	}
	rc = mq_keys_create(datadir, &k, err);
	mq_keys_wipe(&k);
	if (rc)
		return rc;
	snprintf(path, sizeof(path), "%s/masqued.conf", datadir);
	if (access(path, F_OK) != 0)
		MQ_TRY(mq_file_replace(path, mq_conf_default_text,
		    strlen(mq_conf_default_text), 0644, err));
	return 0;
}

int
mq_store_open(const char *datadir, int need_secret, struct mq_store *s,
    struct mq_err *err)
{
	char path[1400];
	struct stat sb;

	memset(s, 0, sizeof(*s));
	if (strlen(datadir) >= sizeof(s->datadir))
		return mq_fail(err, MQ_IO, "The data folder's path is too long.");
	snprintf(s->datadir, sizeof(s->datadir), "%s", datadir);
	snprintf(path, sizeof(path), "%s/keys/server.pub", datadir);
	if (stat(datadir, &sb) != 0 || !S_ISDIR(sb.st_mode) || stat(path, &sb) != 0)
		return mq_fail(err, MQ_IO, "%s is not a masqued data folder (it has "
		    "no keys/server.pub); create one with: masqued -C %s init",
		    datadir, datadir);
	if (need_secret) {
		MQ_TRY(mq_keys_load(datadir, &s->keys, err));
		s->have_secret = 1;
		return 0;
	}
	return mq_keys_load_pub(datadir, s->keys.pk, err);
}

void
mq_store_close(struct mq_store *s)
{
	mq_keys_wipe(&s->keys);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
mq_store_games(const struct mq_store *s, char ***ids, size_t *n,
    struct mq_err *err)
{
	char path[1400], **v = NULL, **nv;
	struct dirent *de;
	size_t cap = 0;
	DIR *d;

	*ids = NULL;
	*n = 0;
	snprintf(path, sizeof(path), "%s/games", s->datadir);
	if ((d = opendir(path)) == NULL)
		return mq_fail_errno(err, MQ_IO, "Cannot read %s", path);
	while ((de = readdir(d)) != NULL) {
		if (strlen(de->d_name) != MQ_GAME_ID_LEN || de->d_name[0] == '.')
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 16;
			if ((nv = realloc(v, cap * sizeof(*v))) == NULL)
				goto oom;
			v = nv;
		}
		if ((v[*n] = strdup(de->d_name)) == NULL)
			goto oom;
		(*n)++;
	}
	closedir(d);
	if (*n > 1)
		qsort(v, *n, sizeof(*v), cmp_str);
	*ids = v;
	return 0;
oom:
	closedir(d);
	while (*n > 0)
		free(v[--*n]);
	free(v);
	return mq_fail(err, MQ_IO, "Out of memory.");
}

int
mq_game_seat(const struct mq_game *g, const char *name)
{
	int i;

	for (i = 0; i < g->nplayers; i++)
		if (strcmp(g->players[i].name, name) == 0)
			return i;
	return -1;
}

static int
valid_name(const char *s)
{
	size_t n = strlen(s);

	return n >= 1 && n <= 20 && strspn(s, "abcdefghijklmnopqrstuvwxyz"
	    "0123456789_-") == n;
}

static int
valid_email(const char *s)
{
	const char *at = strchr(s, '@');
	size_t i;

	if (at == NULL || at == s || at[1] == '\0' || strchr(at + 1, '@') ||
	    strlen(s) >= 256)
		return 0;
	for (i = 0; s[i]; i++)
		if ((unsigned char)s[i] <= ' ' || s[i] == '<' || s[i] == '>' ||
		    s[i] == ',' || s[i] == '"' || (unsigned char)s[i] >= 0x7f)
			return 0;
	return 1;
}

static void
random_id(char id[MQ_GAME_ID_LEN + 1])
{
	static const char b32[] = "abcdefghijklmnopqrstuvwxyz234567";
	uint8_t r[MQ_GAME_ID_LEN];
	int i;

	randombytes_buf(r, sizeof(r));
	for (i = 0; i < MQ_GAME_ID_LEN; i++)
		id[i] = b32[r[i] & 31];
	id[MQ_GAME_ID_LEN] = '\0';
}

/*
 * MASQUED_GAME_ID, for tests only: the new game's id, with the seed's salt
 * derived from the seed instead of drawn, so that a golden mail test is the
 * same byte for byte. -1 when it is set but not an id, 1 when used.
 */
static int
test_game_id(char id[MQ_GAME_ID_LEN + 1], const uint8_t seed[32],
    uint8_t salt[32])
{
	const char *env = getenv("MASQUED_GAME_ID");

	if (env == NULL || *env == '\0')
		return 0;
	if (strlen(env) != MQ_GAME_ID_LEN ||
	    strspn(env, "abcdefghijklmnopqrstuvwxyz234567") != MQ_GAME_ID_LEN)
		return -1;
	memcpy(id, env, MQ_GAME_ID_LEN + 1);
	crypto_generichash(salt, 32, (const unsigned char *)"masqued-test-salt",
	    17, seed, 32);
	return 1;
}

static json_t *
hexstr(const uint8_t *b, size_t n)
{
	char hex[129];

	sodium_bin2hex(hex, sizeof(hex), b, n);
	return json_string(hex);
}

static int
check_new_game(const struct mq_new_game *ng, const struct mq_gamedata *gd,
    const uint8_t seed[32], struct mq_err *err)
{
	struct mq_setup s;
	void *st;
	int i, j, rc;

	for (i = 0; i < ng->nplayers; i++) {
		if (!valid_name(ng->names[i]))
			return mq_fail(err, MQ_REFUSED, "The player name \"%s\" is "
			    "not allowed: use 1 to 20 of a-z, 0-9, _ and -.",
			    ng->names[i]);
		if (!valid_email(ng->emails[i]))
			return mq_fail(err, MQ_REFUSED, "\"%s\" is not a usable email "
			    "address for %s.", ng->emails[i], ng->names[i]);
		for (j = 0; j < i; j++)
			if (strcmp(ng->names[i], ng->names[j]) == 0)
				return mq_fail(err, MQ_REFUSED, "Two players are "
				    "named %s; names must differ.", ng->names[i]);
	}
	if (strcmp(ng->lang, "en") && strcmp(ng->lang, "ja") && strcmp(ng->lang, "zh"))
		return mq_fail(err, MQ_REFUSED, "The language must be en, ja or zh, "
		    "not \"%s\".", ng->lang);
	memset(&s, 0, sizeof(s));
	s.nplayers = ng->nplayers;
	for (i = 0; i < ng->nplayers; i++)
		s.names[i] = ng->names[i];
	s.options = ng->options;
	memcpy(s.seed, seed, 32);
	if ((rc = gd->kind->setup(gd->data, &s, &st, err)) != 0)
		return rc;
	gd->kind->free_state(st);
	return 0;
}

int
mq_game_create(struct mq_store *s, const struct mq_new_game *ng,
    char id[MQ_GAME_ID_LEN + 1], struct mq_err *err)
{
	struct mq_gamedata gd;
	uint8_t seed[32], salt[32];
	char dir[1200], path[1300], *data = NULL;
	json_t *gen = NULL, *players;
	int i, rc, tries, fixed;

	if (!s->have_secret)
		return mq_fail(err, MQ_IO, "Creating a game needs the server's "
		    "signing key.");
	MQ_TRY(mq_gamedata_load(ng->kind, &gd, err));
	if (ng->seed != NULL)
		memcpy(seed, ng->seed, 32);
	else
		randombytes_buf(seed, sizeof(seed));
	randombytes_buf(salt, sizeof(salt));
	if ((fixed = test_game_id(id, seed, salt)) < 0) {
		rc = mq_fail(err, MQ_USAGE, "MASQUED_GAME_ID must be 8 of a-z "
		    "and 2-7.");
		goto out;
	}
	if ((rc = check_new_game(ng, &gd, seed, err)) != 0)
		goto out;
	for (tries = 0;; tries++) {
		if (!fixed)
			random_id(id);
		snprintf(dir, sizeof(dir), "%s/games/%s", s->datadir, id);
		if (mkdir(dir, 0755) == 0)
			break;
		if (errno != EEXIST || fixed || tries > 100) {
			rc = mq_fail_errno(err, MQ_IO, "Cannot create %s", dir);
			goto out;
		}
	}
	/* The game keeps its own copy of the data it was created with. */
	{
		struct mq_buf b = MQ_BUF_INIT;

		rc = mq_log_canon(gd.json, &b, err);
		data = rc == 0 ? mq_buf_steal(&b) : NULL;
		mq_buf_free(&b);
	}
	snprintf(path, sizeof(path), "%s/data.json", dir);
	if (data == NULL) {
		if (rc == 0)
			rc = mq_fail(err, MQ_IO, "Out of memory.");
		goto out;
	}
	if ((rc = mq_file_replace(path, data, strlen(data), 0644, err)) != 0)
		goto out;
	players = json_array();
	for (i = 0; i < ng->nplayers; i++)
		json_array_append_new(players, json_pack("{s:s, s:s, s:i}", "name",
		    ng->names[i], "email", ng->emails[i], "seat", i));
	gen = json_pack("{s:s, s:I, s:s, s:s, s:o, s:O, s:o, s:s}",
	    "game", id, "ts", (json_int_t)ng->ts, "type", "genesis",
	    "kind", ng->kind, "players", players,
	    "options", ng->options ? ng->options : json_object(),
	    "data_hash", hexstr(gd.hash, 32), "lang", ng->lang);
	if (ng->options == NULL)
		json_decref(json_object_get(gen, "options"));	/* s:O took a ref */
	if (gen == NULL) {
		rc = mq_fail(err, MQ_IO, "Out of memory.");
		goto out;
	}
	if ((rc = mq_commit_genesis(gen, seed, salt, err)) != 0)
		goto out;
	snprintf(path, sizeof(path), "%s/log", dir);
	rc = mq_logfile_create(path, &s->keys, gen, NULL, NULL, err);
out:
	sodium_memzero(seed, sizeof(seed));
	json_decref(gen);
	free(data);
	mq_gamedata_free(&gd);
	return rc;
}

/* ---- replay: the one path by which entries change a game ---- */

static int
pend_add(struct mq_game *g, uint64_t seq, int index, const char *key, int seat,
    const char *text, const json_t *cmd)
{
	struct mq_pending *np;

	if (g->npend == g->cappend) {
		g->cappend = g->cappend ? g->cappend * 2 : 32;
		if ((np = realloc(g->pend, g->cappend * sizeof(*np))) == NULL)
			return MQ_IO;
		g->pend = np;
	}
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
	if (g->journal_on && g->committed != NULL)
		json_array_append_new(g->committed, json_pack("{s:s, s:I, s:s}",
		    "player", g->players[seat].name, "seq", (json_int_t)seq,
		    "commit", g->pend[g->npend].commit));
	g->npend++;
	return 0;
}

void
mq_game_journal_start(struct mq_game *g)
{
	int i;

	mq_game_journal_stop(g);
	for (i = 0; i <= g->nplayers; i++)
		g->journal[i] = json_array();
	g->journal_admin = json_array();
	g->revealed = json_array();
	g->committed = json_array();
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
	g->revealed = g->committed = g->journal_admin = NULL;
	g->journal_on = 0;
}

/* After an apply: what each seat saw happen. */
static void
journal_events(struct mq_game *g)
{
	json_t *ev;
	int i;

	if (!g->journal_on)
		return;
	for (i = 0; i <= g->nplayers; i++) {
		ev = g->kind->events(g->state, i < g->nplayers ? i : MQ_VIEW_PUBLIC);
		json_array_extend(g->journal[i], ev);
		json_decref(ev);
	}
	ev = g->kind->events(g->state, MQ_VIEW_ADMIN);
	json_array_extend(g->journal_admin, ev);
	json_decref(ev);
}

static void
pend_resolve(struct mq_game *g, const void *state)
{
	struct mq_decision d[4];
	size_t n, i, j;

	n = g->kind->resolved(state, d, 4);
	if (n > 0)
		g->resolutions++;
	for (i = 0; i < n; i++)
		for (j = 0; j < g->npend; j++)
			if (strcmp(g->pend[j].key, d[i].key) == 0)
				g->pend[j].resolved = 1;
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

/* Parse and apply one command text as the log holds it. */
static int
replay_command(struct mq_game *g, int seat, const char *text, uint64_t seq,
    int index, const json_t *jc, int timeout, struct mq_err *err)
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
	if (g->kind->apply(g->state, seat, &cmd, &e) != 0)
		return mq_fail(err, MQ_BADDATA, "entry %llu: the command \"%s\" of "
		    "%s does not apply: %s", (unsigned long long)seq, text,
		    g->players[seat].name, e.msg);
	if (secret && pend_add(g, seq, index, d.key, seat, text, jc))
		return mq_fail(err, MQ_IO, "Out of memory.");
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
	size_t i;
	int seat;

	seat = player ? mq_game_seat(g, player) : -1;
	if (seat < 0)
		return mq_fail(err, MQ_BADDATA, "entry %llu: \"%s\" is not a player "
		    "of this game.", (unsigned long long)seq, player ? player : "?");
	if (!json_is_array(cmds))
		return mq_fail(err, MQ_BADDATA, "entry %llu: commands must be a list.",
		    (unsigned long long)seq);
	json_array_foreach(cmds, i, c) {
		const char *text = json_string_value(json_object_get(c, "text"));

		if (text == NULL)
			return mq_fail(err, MQ_BADDATA, "entry %llu: command %zu has "
			    "no text.", (unsigned long long)seq, i + 1);
		MQ_TRY(replay_command(g, seat, text, seq, (int)i, c, timeout, err));
	}
	msg = json_object_get(body, "msg");
	if (json_is_string(json_object_get(msg, "hash")) &&
	    msg_add(g, json_string_value(json_object_get(msg, "hash")), seq))
		return mq_fail(err, MQ_IO, "Out of memory.");
	return 0;
}

static int
replay_reveal(struct mq_game *g, const json_t *body, uint64_t seq,
    struct mq_err *err)
{
	json_t *items = json_object_get(body, "items"), *it;
	size_t i, j;

	json_array_foreach(items, i, it) {
		uint64_t s = (uint64_t)json_integer_value(json_array_get(it, 0));
		int idx = (int)json_integer_value(json_array_get(it, 1));

		for (j = 0; j < g->npend; j++)
			if (g->pend[j].seq == s && g->pend[j].index == idx)
				break;
		if (j == g->npend)
			return mq_fail(err, MQ_BADDATA, "entry %llu: it reveals "
			    "command %d of entry %llu, which holds no secret still "
			    "hidden.", (unsigned long long)seq, idx,
			    (unsigned long long)s);
		if (!g->pend[j].resolved)
			return mq_fail(err, MQ_BADDATA, "entry %llu: it reveals a "
			    "secret of entry %llu before its phase resolved.",
			    (unsigned long long)seq, (unsigned long long)s);
		if (g->journal_on && g->revealed != NULL)
			json_array_append_new(g->revealed, json_pack(
			    "{s:s, s:I, s:s, s:s, s:s}", "player",
			    g->players[g->pend[j].seat].name, "seq", (json_int_t)s,
			    "text", g->pend[j].text, "salt", g->pend[j].salt,
			    "commit", g->pend[j].commit));
		/* keep the order: the reveal mail lists them as they came */
		memmove(&g->pend[j], &g->pend[j + 1],
		    (g->npend - j - 1) * sizeof(g->pend[0]));
		g->npend--;
	}
	return 0;
}

static int
replay_timeout(struct mq_game *g, const json_t *body, uint64_t seq,
    struct mq_err *err)
{
	/* A deadline's defaults: logged as plain commands of the seat. */
	return replay_commands(g, body, seq, 1, err);
}

static int
replay_admin(struct mq_game *g, const json_t *body, uint64_t seq,
    struct mq_err *err)
{
	const char *action = json_string_value(json_object_get(body, "action"));
	const char *player = json_string_value(json_object_get(body, "player"));
	const char *email = json_string_value(json_object_get(body, "email"));
	int seat = player ? mq_game_seat(g, player) : -1;

	if (action == NULL)
		return mq_fail(err, MQ_BADDATA, "entry %llu: an admin entry without "
		    "an action.", (unsigned long long)seq);
	if (strcmp(action, "pause") == 0)
		g->paused = 1;
	else if (strcmp(action, "extend") == 0)
		g->extended += json_integer_value(json_object_get(body, "seconds"));
	else if (strcmp(action, "resume") == 0)
		g->paused = 0;
	else if (strcmp(action, "replace") == 0 && seat >= 0 && email != NULL) {
		snprintf(g->players[seat].email, sizeof(g->players[seat].email),
		    "%s", email);
		g->players[seat].kicked = 0;
		g->players[seat].epoch++;	/* the old player's address dies */
	}
	else if (strcmp(action, "rotate-token") == 0 && seat >= 0)
		g->players[seat].epoch++;
	else if (strcmp(action, "kick") == 0 && seat >= 0)
		g->players[seat].kicked = 1;
	else if (strcmp(action, "lang") == 0 && seat >= 0 &&
	    json_is_string(json_object_get(body, "lang")))
		snprintf(g->players[seat].lang, sizeof(g->players[seat].lang), "%s",
		    json_string_value(json_object_get(body, "lang")));
	return 0;
}

static int
replay_genesis(struct mq_game *g, const json_t *body, struct mq_err *err)
{
	const char *kind = json_string_value(json_object_get(body, "kind"));
	const char *lang = json_string_value(json_object_get(body, "lang"));
	json_t *players = json_object_get(body, "players"), *p;
	struct mq_setup s;
	uint8_t hash[32];
	char path[1400];
	size_t i;
	int rc;

	if (kind == NULL || !json_is_array(players) || json_array_size(players) == 0 ||
	    json_array_size(players) > MQ_MAX_PLAYERS)
		return mq_fail(err, MQ_BADDATA, "entry 1: the genesis lacks the game "
		    "kind or its players.");
	if (mq_log_get_hex(body, "seed", g->seed, 32) != 0 ||
	    mq_log_get_hex(body, "data_hash", hash, 32) != 0)
		return mq_fail(err, MQ_BADDATA, "entry 1: the genesis lacks its seed "
		    "or data hash.");
	snprintf(path, sizeof(path), "%s/data.json", g->dir);
	rc = access(path, R_OK) == 0 ? mq_gamedata_load_file(kind, path, &g->gd, err) :
	    mq_gamedata_load(kind, &g->gd, err);
	if (rc)
		return rc;
	if (sodium_memcmp(hash, g->gd.hash, 32) != 0)
		return mq_fail(err, MQ_BADDATA, "entry 1: the game data %s is not the "
		    "data this game was created with (its hash differs).", g->gd.path);
	g->kind = g->gd.kind;
	snprintf(g->lang, sizeof(g->lang), "%s", lang ? lang : "en");
	memset(&s, 0, sizeof(s));
	json_array_foreach(players, i, p) {
		const char *name = json_string_value(json_object_get(p, "name"));
		const char *email = json_string_value(json_object_get(p, "email"));

		if (name == NULL || email == NULL || strlen(name) >= MQ_NAME_MAX)
			return mq_fail(err, MQ_BADDATA, "entry 1: player %zu lacks a "
			    "name or address.", i + 1);
		snprintf(g->players[i].name, sizeof(g->players[i].name), "%s", name);
		snprintf(g->players[i].email, sizeof(g->players[i].email), "%s", email);
		snprintf(g->players[i].lang, sizeof(g->players[i].lang), "%s", g->lang);
		s.names[i] = g->players[i].name;
	}
	g->nplayers = s.nplayers = (int)json_array_size(players);
	s.options = json_object_get(body, "options");
	memcpy(s.seed, g->seed, 32);
	if ((rc = g->kind->setup(g->gd.data, &s, &g->state, err)) != 0)
		return mq_fail(err, MQ_BADDATA, "entry 1: the game cannot be set up: %s",
		    err ? err->msg : "");
	g->genesis = json_deep_copy(body);
	return 0;
}

/* Each seat's debt, and since when: the deadline runs from there. */
static void
update_owed(struct mq_game *g, long long ts)
{
	const char *o;
	int i, fresh = g->resolutions != g->owed_serial;

	g->owed_serial = g->resolutions;
	for (i = 0; i < g->nplayers; i++) {
		o = g->kind->owes(g->state, i);
		if (o == NULL)
			o = "";
		if (fresh || strcmp(o, g->players[i].owes) != 0) {
			snprintf(g->players[i].owes, sizeof(g->players[i].owes), "%s", o);
			g->players[i].owe_since = ts;
			g->players[i].reminded = 0;
		}
	}
}

static int
replay_entry(struct mq_game *g, const struct mq_log_entry *e, struct mq_err *err)
{
	const json_t *body = e->body;
	int rc;

	if (e->seq == 1) {
		if (e->type != MQ_LOG_GENESIS)
			return mq_fail(err, MQ_BADDATA, "entry 1: the first entry is "
			    "not a genesis.");
		rc = replay_genesis(g, body, err);
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
			rc = 0;
			break;
		default:
			rc = mq_fail(err, MQ_BADDATA, "entry %llu: a second genesis.",
			    (unsigned long long)e->seq);
		}
	}
	if (rc)
		return rc;
	update_owed(g, json_integer_value(json_object_get(body, "ts")));
	g->seq = e->seq;
	memcpy(g->head, e->hash, sizeof(g->head));
	sodium_bin2base64(g->head_sig, sizeof(g->head_sig), e->sig, sizeof(e->sig),
	    sodium_base64_VARIANT_ORIGINAL);
	g->last_ts = json_integer_value(json_object_get(body, "ts"));
	return 0;
}

static int
replay_all(struct mq_game *g, uint64_t at_seq, struct mq_err *err)
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
		MQ_TRY(replay_entry(g, e, err));
	}
	if (g->seq == 0)
		return mq_fail(err, MQ_BADDATA, "The log %s holds no entry.", g->logpath);
	if (at_seq > g->seq)
		return mq_fail(err, MQ_REFUSED, "The log has %llu entries; there is "
		    "no entry %llu.", (unsigned long long)g->seq,
		    (unsigned long long)at_seq);
	return 0;
}

static int
valid_game_id(const char *id)
{
	return strlen(id) == MQ_GAME_ID_LEN &&
	    strspn(id, "abcdefghijklmnopqrstuvwxyz234567") == MQ_GAME_ID_LEN;
}

int
mq_game_open(struct mq_store *s, const char *id, int write, uint64_t at_seq,
    struct mq_game **out, struct mq_err *err)
{
	struct mq_game *g;
	int rc;

	*out = NULL;
	if (!valid_game_id(id))
		return mq_fail(err, MQ_REFUSED, "There is no game \"%s\": a game id "
		    "is 8 characters of a-z and 2-7.", id);
	if ((g = calloc(1, sizeof(*g))) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	g->store = s;
	snprintf(g->id, sizeof(g->id), "%s", id);
	snprintf(g->dir, sizeof(g->dir), "%s/games/%s", s->datadir, id);
	snprintf(g->logpath, sizeof(g->logpath), "%s/log", g->dir);
	if (access(g->logpath, F_OK) != 0) {
		free(g);
		return mq_fail(err, MQ_REFUSED, "There is no game \"%s\" in %s.", id,
		    s->datadir);
	}
	if (write && !s->have_secret) {
		free(g);
		return mq_fail(err, MQ_IO, "Changing a game needs the server's "
		    "signing key.");
	}
	rc = write ? mq_logfile_open_write(g->logpath, &s->keys, &g->lf, err) :
	    mq_logfile_open_read(g->logpath, s->keys.pk, &g->lf, err);
	g->writable = write;
	if (rc == 0)
		rc = replay_all(g, at_seq, err);
	if (rc) {
		mq_game_close(g);
		return rc;
	}
	*out = g;
	return 0;
}

int
mq_game_open_file(const char *logpath, const unsigned char *trusted_pk,
    uint64_t at_seq, struct mq_game **out, struct mq_err *err)
{
	struct mq_game *g;
	const char *slash;
	int rc;

	*out = NULL;
	if ((g = calloc(1, sizeof(*g))) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	snprintf(g->logpath, sizeof(g->logpath), "%s", logpath);
	slash = strrchr(logpath, '/');
	snprintf(g->dir, sizeof(g->dir), "%.*s", slash ? (int)(slash - logpath) : 1,
	    slash ? logpath : ".");
	rc = mq_logfile_open_read(logpath, trusted_pk, &g->lf, err);
	if (rc == 0) {
		snprintf(g->id, sizeof(g->id), "%s", mq_logfile_game(g->lf));
		rc = replay_all(g, at_seq, err);
	}
	if (rc) {
		mq_game_close(g);
		return rc;
	}
	*out = g;
	return 0;
}

int
mq_game_step(struct mq_game *g, struct mq_err *err)
{
	const struct mq_log_entry *e = g->peek;
	int rc;

	g->peek = NULL;
	if (e == NULL && (rc = mq_logfile_next(g->lf, &e, err)) != 0)
		return -rc;
	if (e == NULL)
		return 0;
	if ((rc = replay_entry(g, e, err)) != 0)
		return -rc;
	return 1;
}

void
mq_game_close(struct mq_game *g)
{
	size_t i;

	if (g == NULL)
		return;
	if (g->state != NULL)
		g->kind->free_state(g->state);
	if (g->lf != NULL)
		mq_logfile_close(g->lf);
	mq_gamedata_free(&g->gd);
	json_decref(g->genesis);
	mq_game_journal_stop(g);
	for (i = 0; i < g->nmsg; i++)
		free(g->msg_hashes[i]);
	free(g->msg_hashes);
	free(g->msg_seqs);
	free(g->pend);
	free(g);
}

/* ---- submitting: validate on a copy, log, then replay the log's entries ---- */

static json_t *
build_reveal(struct mq_game *g, const struct mq_pending *extra, size_t nextra,
    const char *const *resolved, size_t nres, long long ts)
{
	json_t *items = json_array(), *opens = json_array(), *body;
	uint64_t last = 0;
	size_t i, k, total = g->npend + nextra;

	for (i = 0; i < total; i++) {
		const struct mq_pending *p = i < g->npend ? &g->pend[i] :
		    &extra[i - g->npend];
		int res = p->resolved;

		for (k = 0; k < nres && !res; k++)
			res = strcmp(p->key, resolved[k]) == 0;
		if (!res)
			continue;
		json_array_append_new(items, json_pack("[I, i]", (json_int_t)p->seq,
		    p->index));
		if (p->seq != last) {
			/* pending entries are kept in seq order, but be sure */
			size_t j;
			int dup = 0;

			json_t *o;
			json_array_foreach(opens, j, o)
				dup |= (uint64_t)json_integer_value(o) == p->seq;
			if (!dup)
				json_array_append_new(opens, json_integer((json_int_t)p->seq));
			last = p->seq;
		}
	}
	if (json_array_size(items) == 0) {
		json_decref(items);
		json_decref(opens);
		return NULL;
	}
	body = json_pack("{s:s, s:I, s:s, s:o, s:o}", "game", g->id, "ts",
	    (json_int_t)ts, "type", "reveal", "opens", opens, "items", items);
	return body;
}

void
mq_submit_result_free(struct mq_submit_result *r)
{
	size_t i;

	for (i = 0; i < r->ncmds; i++)
		free(r->cmds[i].text);
	free(r->cmds);
	if (r->logged)
		mq_log_signed_free(&r->entry, 1);
	json_decref(r->events);
	memset(r, 0, sizeof(*r));
}

static int
result_add(struct mq_submit_result *r, const char *text, int line, int accepted,
    int secret, const char *error)
{
	struct mq_cmd_result *c, *nv;

	if ((nv = realloc(r->cmds, (r->ncmds + 1) * sizeof(*nv))) == NULL)
		return MQ_IO;
	r->cmds = nv;
	c = &r->cmds[r->ncmds];
	memset(c, 0, sizeof(*c));
	if ((c->text = strdup(text)) == NULL)
		return MQ_IO;
	c->line = line;
	c->accepted = accepted;
	c->secret = secret;
	if (error)
		snprintf(c->error, sizeof(c->error), "%s", error);
	r->ncmds++;
	return 0;
}

/* Apply a logged entry's body to the live game: the replay path. */
static int
replay_body(struct mq_game *g, const struct mq_log_signed *sg, json_t *body,
    struct mq_err *err)
{
	struct mq_log_entry e;

	memset(&e, 0, sizeof(e));
	e.seq = sg->seq;
	e.type = mq_log_type_of(json_string_value(json_object_get(body, "type")));
	e.body = body;
	mq_log_unhex(sg->hash, MQ_LOG_HEXLEN, e.hash, sizeof(e.hash));
	sodium_base642bin(e.sig, sizeof(e.sig), sg->sig, strlen(sg->sig), NULL, NULL,
	    NULL, sodium_base64_VARIANT_ORIGINAL);
	return replay_entry(g, &e, err);
}

int
mq_game_append(struct mq_game *g, json_t *body, struct mq_err *err)
{
	struct mq_log_signed sg;
	int rc;

	if (!g->writable)
		return mq_fail(err, MQ_IO, "The game %s is not open for writing.", g->id);
	MQ_TRY(mq_logfile_append(g->lf, &body, 1, &sg, err));
	rc = replay_body(g, &sg, body, err);
	mq_log_signed_free(&sg, 1);
	if (rc)
		mq_fatal("a logged entry does not replay: %s", err ? err->msg : "");
	return 0;
}

/* The fields a submit builds of a body match the logged entry's body (which
 * has v, seq, prev, kid, and each secret command's salt and commit too). */
static int
same_fields(const json_t *built, const json_t *logged)
{
	const json_t *v, *c, *lc;
	const char *key;
	size_t i;

	json_object_foreach((json_t *)built, key, v) {
		if (strcmp(key, "commands") != 0) {
			if (!json_equal((json_t *)v, json_object_get(logged, key)))
				return 0;
			continue;
		}
		lc = json_object_get(logged, key);
		if (json_array_size(v) != json_array_size(lc))
			return 0;
		json_array_foreach(v, i, c)
			if (!json_equal(json_object_get(c, "text"),
			    json_object_get(json_array_get(lc, i), "text")) ||
			    !json_equal(json_object_get(c, "secret"),
			    json_object_get(json_array_get(lc, i), "secret")))
				return 0;
	}
	return 1;
}

/*
 * Rebuilding (store.h): the next nb entries of the log, read instead of
 * appended, must be those just built; bodies[i] becomes the logged body
 * (with its salts) and sg[i] what the append returned.
 */
static int
reread(struct mq_game *g, json_t **bodies, size_t nb, struct mq_log_signed *sg,
    struct mq_err *err)
{
	const struct mq_log_entry *e;
	size_t i;
	int rc = 0;

	memset(sg, 0, nb * sizeof(*sg));
	for (i = 0; i < nb; i++) {
		e = g->peek;
		g->peek = NULL;
		if (e == NULL && (rc = mq_logfile_next(g->lf, &e, err)) != 0)
			break;
		if (e == NULL || !same_fields(bodies[i], e->body)) {
			rc = mq_fail(err, MQ_BADDATA, "The log of game %s does not hold "
			    "the entry this message makes at entry %llu: it cannot be "
			    "rebuilt.", g->id, (unsigned long long)g->seq + i + 1);
			break;
		}
		json_decref(bodies[i]);
		bodies[i] = json_deep_copy(e->body);
		sg[i].seq = e->seq;
		sg[i].body = strndup(e->line, e->body_len);
		sodium_bin2hex(sg[i].hash, sizeof(sg[i].hash), e->hash, sizeof(e->hash));
		sodium_bin2base64(sg[i].sig, sizeof(sg[i].sig), e->sig, sizeof(e->sig),
		    sodium_base64_VARIANT_ORIGINAL);
		if (bodies[i] == NULL || sg[i].body == NULL) {
			rc = mq_fail(err, MQ_IO, "Out of memory.");
			break;
		}
	}
	if (rc)
		mq_log_signed_free(sg, nb);
	return rc;
}

int
mq_game_submit(struct mq_game *g, int seat, const char *const *lines,
    size_t n, int atomic, const char *msg_hash, const char *msg_id,
    long long ts, struct mq_submit_result *res, struct mq_err *err)
{
	const struct mq_game_kind *k = g->kind;
	struct mq_pending newp[64];
	struct mq_decision d, rd[4];
	const char *resolved[64];
	struct mq_log_signed sg[2];
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_cmd cmd;
	struct mq_err e;
	json_t *cmds = NULL, *bodies[2] = { NULL, NULL }, *evs;
	void *work = NULL;
	size_t i, nnew = 0, nres = 0, nb, r;
	int rc = 0, changed = 0;

	memset(res, 0, sizeof(*res));
	if (!g->writable && g->peek == NULL)
		return mq_fail(err, MQ_IO, "The game %s is not open for writing.", g->id);
	if (seat < 0 || seat >= g->nplayers)
		return mq_fail(err, MQ_REFUSED, "There is no such player in game %s.",
		    g->id);
	if (msg_hash != NULL && mq_game_has_message(g, msg_hash))
		return mq_fail(err, MQ_REFUSED, "This message was applied already "
		    "(its copy came again); nothing changed.");
	if (k->is_over(g->state))
		return mq_fail(err, MQ_REFUSED, "Game %s is over; nothing more can be "
		    "played. Its log can be exported with: masqued export %s.",
		    g->id, g->id);
	if (g->paused)
		return mq_fail(err, MQ_REFUSED, "Game %s is paused by the host; send "
		    "your commands again once it resumes.", g->id);
	if ((work = k->clone(g->state)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	res->events = evs = json_array();
	cmds = json_array();
	for (i = 0; i < n; i++) {
		const char *line = lines[i];

		while (*line == ' ' || *line == '\t')
			line++;
		if (*line == '\0')
			continue;
		if (k->parse(work, seat, line, &cmd, &e) != 0 ||
		    (k->decision(work, seat, &cmd, &d), k->apply(work, seat, &cmd, &e))) {
			if (atomic) {
				rc = mq_fail(err, MQ_REFUSED, "%s", e.msg);
				goto out;
			}
			if (result_add(res, line, (int)i + 1, 0, 0, e.msg))
				goto oom;
			continue;
		}
		mq_buf_reset(&text);
		if (k->format(work, &cmd, &text) || text.oom)
			goto oom;
		if (result_add(res, mq_buf_str(&text), (int)i + 1, 1,
		    k->is_secret(&cmd), NULL))
			goto oom;
		{
			json_t *ev = k->events(work, MQ_VIEW_ADMIN);

			json_array_extend(evs, ev);
			json_decref(ev);
		}
		if (!k->is_secret(&cmd) && strcmp(mq_buf_str(&text), "STATUS") == 0)
			continue;	/* asks, changes nothing: not logged */
		if (!k->is_secret(&cmd) && strcmp(mq_buf_str(&text), "HELP") == 0)
			continue;
		if (k->is_secret(&cmd)) {
			if (nnew == sizeof(newp) / sizeof(newp[0])) {
				rc = mq_fail(err, MQ_REFUSED, "One message may carry at "
				    "most %zu moves.", nnew);
				goto out;
			}
			newp[nnew].seq = g->seq + 1;
			newp[nnew].index = (int)json_array_size(cmds);
			snprintf(newp[nnew].key, sizeof(newp[0].key), "%s", d.key);
			newp[nnew].resolved = 0;
			nnew++;
		}
		json_array_append_new(cmds, json_pack("{s:s, s:b}", "text",
		    mq_buf_str(&text), "secret", k->is_secret(&cmd)));
		changed = 1;
		r = k->resolved(work, rd, 4);
		for (; r > 0 && nres < 60; r--) {
			size_t j = r - 1;

			resolved[nres++] = strdup(rd[j].key);
		}
	}
	if (!changed)
		goto out;
	bodies[0] = json_pack("{s:s, s:I, s:s, s:s, s:O}", "game", g->id,
	    "ts", (json_int_t)ts, "type", "command", "player",
	    g->players[seat].name, "commands", cmds);
	if (bodies[0] == NULL)
		goto oom;
	if (msg_hash != NULL)
		json_object_set_new(bodies[0], "msg", json_pack("{s:s, s:s}", "hash",
		    msg_hash, "id", msg_id ? msg_id : ""));
	bodies[1] = build_reveal(g, newp, nnew, resolved, nres, ts);
	nb = bodies[1] ? 2 : 1;
	rc = g->writable ? mq_logfile_append(g->lf, bodies, nb, sg, err) :
	    reread(g, bodies, nb, sg, err);
	if (rc)
		goto out;
	/* The entries are durable: now the live game follows the log. */
	for (i = 0; i < nb; i++)
		if (replay_body(g, &sg[i], bodies[i], &e) != 0)
			mq_fatal("a logged entry does not replay: %s", e.msg);
	res->logged = 1;
	res->entry = sg[0];
	res->revealed = nb == 2;
	if (nb == 2)
		mq_log_signed_free(&sg[1], 1);
	goto out;
oom:
	rc = mq_fail(err, MQ_IO, "Out of memory.");
out:
	for (i = 0; i < nres; i++)
		free((char *)resolved[i]);
	json_decref(cmds);
	json_decref(bodies[0]);
	json_decref(bodies[1]);
	mq_buf_free(&text);
	if (work != NULL)
		k->free_state(work);
	if (rc)
		mq_submit_result_free(res);	/* on failure the result is empty */
	return rc;
}
