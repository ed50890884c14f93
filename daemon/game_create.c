/* game_create.c - making a new game: its options and players checked, its
 * id and seed drawn, its genesis entry written to a hidden folder that is
 * renamed into place only once whole. See store.h. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jansson.h>
#include <sodium.h>

#include "daemon/store.h"
#include "daemon/config.h"
#include "daemon/commit.h"
#include "daemon/mailmark.h"
#include "fileio.h"

static int
valid_name(const char *s)
{
	size_t n = strlen(s);

	return n >= 1 && n <= 20 && strspn(s, "abcdefghijklmnopqrstuvwxyz"
	    "0123456789_-") == n;
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

/*
 * The options every game has, the daemon's, made exact here: deadline,
 * reminder and host_reminder as seconds (given as 24h, 90m, 2d, or
 * seconds), policy default or wait, allow_any_sender true or false; and
 * any key neither these nor the kind's own refused, with the list (an
 * engine that has no options of its own would otherwise take any word
 * and ignore it).
 */
static int
check_options(const struct mq_new_game *ng, struct mq_err *err)
{
	static const struct { const char *kind, *own[4], *list; } kinds[] = {
		{ "redmasque", { "hard", "sequential_moves", "resolution_order",
		    NULL }, "hard, sequential_moves, resolution_order, " },
		{ "masquerade", { NULL }, "" },
	};
	const char *key, *str;
	json_t *v;
	long secs;
	size_t k, i;

	if (ng->options == NULL)
		return 0;
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]) &&
	    strcmp(kinds[k].kind, ng->kind) != 0; k++)
		;
	json_object_foreach(ng->options, key, v) {
		if (!strcmp(key, "deadline") || !strcmp(key, "reminder") ||
		    !strcmp(key, "host_reminder")) {
			str = json_string_value(v);
			secs = json_is_integer(v) ? (long)json_integer_value(v) :
			    str != NULL ? mq_config_span(str) : -1;
			if (secs <= 0 || secs > MQ_DURATION_MAX)
				return mq_fail(err, MQ_REFUSED, "The option %s "
				    "takes a duration from 1s to 366d, its unit "
				    "written (s, m, h or d), such as 24h.", key);
			if (json_object_set_new(ng->options, key,
			    json_integer(secs)) != 0)
				return mq_fail(err, MQ_IO, "Out of memory.");
		} else if (!strcmp(key, "policy")) {
			str = json_string_value(v);
			if (str == NULL || (strcmp(str, "default") &&
			    strcmp(str, "wait")))
				return mq_fail(err, MQ_REFUSED, "The option policy "
				    "takes default or wait.");
		} else if (!strcmp(key, "allow_any_sender")) {
			if (!json_is_boolean(v))
				return mq_fail(err, MQ_REFUSED, "The option "
				    "allow_any_sender takes true or false.");
		} else if (k < sizeof(kinds) / sizeof(kinds[0])) {
			for (i = 0; kinds[k].own[i] != NULL &&
			    strcmp(kinds[k].own[i], key) != 0; i++)
				;
			if (kinds[k].own[i] == NULL)
				return mq_fail(err, MQ_REFUSED, "A %s game has no "
				    "option \"%s\"; it has %sdeadline, reminder, "
				    "policy, host_reminder and allow_any_sender.",
				    ng->kind, key, kinds[k].list);
		}
	}
	return 0;
}

static int
check_new_game(const struct mq_new_game *ng, const struct mq_gamedata *gd,
    const uint8_t seed[32], struct mq_err *err)
{
	struct mq_setup s;
	void *st;
	int i, j, rc;

	if (ng->nplayers > MQ_MAX_PLAYERS) {
		/* more than any game holds (names and emails keep the first
		 * MQ_MAX_PLAYERS): the kind says how many it takes, as for any
		 * count it refuses; setup counts before it reads a name */
		memset(&s, 0, sizeof(s));
		s.nplayers = ng->nplayers;
		s.options = ng->options;
		memcpy(s.seed, seed, 32);
		if ((rc = gd->kind->setup(gd->data, &s, &st, err)) != 0)
			return rc;
		gd->kind->free_state(st);
		return mq_fail(err, MQ_REFUSED, "A game holds at most %d players, "
		    "not %d.", MQ_MAX_PLAYERS, ng->nplayers);
	}
	for (i = 0; i < ng->nplayers; i++) {
		if (!valid_name(ng->names[i]))
			return mq_fail(err, MQ_REFUSED, "The player name \"%s\" is "
			    "not allowed: use 1 to 20 of a-z, 0-9, _ and -.",
			    ng->names[i]);
		/* view GAME admin|public would never show such a player */
		if (!strcmp(ng->names[i], "admin") || !strcmp(ng->names[i], "public"))
			return mq_fail(err, MQ_REFUSED, "The player name \"%s\" is "
			    "kept for the host's views (view GAME %s); choose another.",
			    ng->names[i], ng->names[i]);
		if (gd->kind->name_ok != NULL &&
		    (rc = gd->kind->name_ok(gd->data, ng->names[i], err)) != 0)
			return rc;
		if (!mq_email_usable(ng->emails[i]))
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
	for (i = 0; i < ng->nplayers; i++)
		if (ng->langs[i] != NULL && strcmp(ng->langs[i], "en") &&
		    strcmp(ng->langs[i], "ja") && strcmp(ng->langs[i], "zh"))
			return mq_fail(err, MQ_REFUSED, "%s's language must be en, "
			    "ja or zh, not \"%s\".", ng->names[i], ng->langs[i]);
	MQ_TRY(check_options(ng, err));
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

/* The files a game's making leaves in its hidden folder (data.json, the
 * mark, the log, and their temporary copies, whatever their names), and
 * the folder. Nothing else writes there. The names it writes go first, by
 * name: a folder that cannot be opened (no descriptor left, a disk that
 * fails) is emptied all the same, and a `new` that failed leaves nothing. */
static void
remove_staging(const char *dir)
{
	static const char *const made[] = { "data.json", "mailed", "log",
	    "data.json.tmp", "mailed.tmp", "log.tmp" };
	char path[1700];
	struct dirent *de;
	size_t i;
	DIR *dp;

	for (i = 0; i < sizeof(made) / sizeof(made[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, made[i]);
		(void)unlink(path);
	}
	if ((dp = opendir(dir)) != NULL) {
		while ((de = readdir(dp)) != NULL)
			if (strcmp(de->d_name, ".") != 0 &&
			    strcmp(de->d_name, "..") != 0) {
				snprintf(path, sizeof(path), "%s/%s", dir,
				    de->d_name);
				(void)unlink(path);
			}
		closedir(dp);
	}
	(void)rmdir(dir);	/* if it stays, hidden, it is never read */
}

/*
 * The hidden folders of games whose making stopped (a `new` killed before
 * its rename): one untouched for STAGING_STALE seconds is no `new` at work
 * (making a game takes a moment), and goes. By the file's time, so the real
 * clock, not MASQUED_NOW. Else they stayed for good, each holding the seed
 * of a game never made, and a test's fixed id (MASQUED_GAME_ID) could not
 * be made again.
 */
#define STAGING_STALE	600

static void
remove_stale_staging(const char *datadir)
{
	char games[1100], dir[1400];
	struct dirent *de;
	struct stat st;
	time_t now = time(NULL);
	DIR *dp;

	snprintf(games, sizeof(games), "%s/games", datadir);
	if ((dp = opendir(games)) == NULL)
		return;		/* the game's own making says why */
	while ((de = readdir(dp)) != NULL) {
		if (strncmp(de->d_name, ".new-", 5) != 0 ||
		    strlen(de->d_name) != 5 + MQ_GAME_ID_LEN)
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", games, de->d_name);
		if (lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) &&
		    st.st_mtime < now - STAGING_STALE)
			remove_staging(dir);
	}
	closedir(dp);
}

int
mq_game_create(struct mq_store *s, const struct mq_new_game *ng,
    char id[MQ_GAME_ID_LEN + 1], struct mq_err *err)
{
	struct mq_gamedata gd;
	uint8_t seed[32], salt[32];
	char dir[1200], final[1200], path[1300], *data = NULL;
	json_t *gen = NULL, *players;
	int i, rc, tries, fixed, made = 0;

	if (!s->have_secret)
		return mq_fail(err, MQ_IO, "Creating a game needs the server's "
		    "signing key.");
	if (mq_game_find(ng->kind) != NULL && !mq_game_find(ng->kind)->by_mail)
		return mq_fail(err, MQ_REFUSED, "%s cannot be played by mail yet "
		    "(its mails are not written); `masqued sim %s` plays it with "
		    "bots.", ng->kind, ng->kind);
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
	remove_stale_staging(s->datadir);
	/* The game is made in a hidden folder (mq_store_games skips it) and
	 * renamed into place whole, its log and mark in it: a serve pass never
	 * meets a game folder without a log. */
	for (tries = 0;; tries++) {
		if (!fixed)
			random_id(id);
		snprintf(final, sizeof(final), "%s/games/%s", s->datadir, id);
		snprintf(dir, sizeof(dir), "%s/games/.new-%s", s->datadir, id);
		if (access(final, F_OK) == 0)
			errno = EEXIST;		/* a game has that id */
		else if (errno == ENOENT && mkdir(dir, 0755) == 0)
			break;
		if (errno == EEXIST && fixed && access(final, F_OK) != 0) {
			rc = mq_fail(err, MQ_IO, "Game %s is being made by another "
			    "new (%s is there); if none is at work, that folder "
			    "goes once it is %d minutes old.", id, dir,
			    STAGING_STALE / 60);
			goto out;
		}
		if (errno != EEXIST || fixed || tries > 100) {
			rc = mq_fail_errno(err, MQ_IO, "Cannot create %s", final);
			goto out;
		}
	}
	made = 1;
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
	for (i = 0; i < ng->nplayers; i++) {
		json_t *p = json_pack("{s:s, s:s, s:i}", "name", ng->names[i],
		    "email", ng->emails[i], "seat", i);

		/* a player's own language, where it is not the game's: the
		 * welcome and every mail after it in theirs (a log without
		 * one reads as before) */
		if (p != NULL && ng->langs[i] != NULL &&
		    strcmp(ng->langs[i], ng->lang) != 0 &&
		    json_object_set_new(p, "lang", json_string(ng->langs[i])) != 0) {
			json_decref(p);
			p = NULL;
		}
		if (players == NULL || p == NULL) {
			json_decref(p);
			json_decref(players);
			rc = mq_fail(err, MQ_IO, "Out of memory.");
			goto out;
		}
		if (json_array_append_new(players, p) != 0) {
			json_decref(players);
			rc = mq_fail(err, MQ_IO, "Out of memory.");
			goto out;
		}
	}
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
	/* Before the genesis: a game that exists has a mark, and a mark of 0
	 * means its welcome mails are still to be spooled (mailmark.h). */
	if ((rc = mq_mailmark_create(dir, err)) != 0)
		goto out;
	snprintf(path, sizeof(path), "%s/log", dir);
	if ((rc = mq_logfile_create(path, &s->keys, gen, NULL, NULL, err)) != 0)
		goto out;
	/* a folder is not renamed over a game (that one is not empty) */
	if (rename(dir, final) != 0) {
		rc = mq_fail_errno(err, MQ_IO, "Cannot rename %s to %s", dir, final);
		goto out;
	}
	made = 0;
	snprintf(path, sizeof(path), "%s/games", s->datadir);
	/* a game whose folder's entry may not outlive a crash is taken
	 * back: new says it failed, and run again it makes one game, not two */
	if ((rc = mq_dir_sync(path, MQ_SYNC_NOW, err)) != 0 &&
	    rename(final, dir) == 0)
		made = 1;
out:
	if (made)	/* nothing of a game that was not made is left */
		remove_staging(dir);
	sodium_memzero(seed, sizeof(seed));
	json_decref(gen);
	free(data);
	mq_gamedata_free(&gd);
	return rc;
}
