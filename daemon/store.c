/* store.c - the data folder, opening and closing its games, and what a game
 * is now (whose seat, over or not); see store.h. Making a game is
 * game_create.c, the addresses across games store_addr.c. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jansson.h>

#include "daemon/replay.h"
#include "daemon/store.h"
#include "fileio.h"
#include "daemon/conf_text.h"
#include "daemon/mailmark.h"
#include "daemon/daemon.h"

/* path and the folders above it; the last one with mode last_mode (the
 * ones above, 0755, may be a home or a shared parent). */
static int
mkdir_p(const char *path, mode_t last_mode, struct mq_err *err)
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
		if (mkdir(buf, path[i] == '\0' ? last_mode : 0755) != 0 &&
		    errno != EEXIST)
			return mq_fail_errno(err, MQ_IO, "Cannot create the folder %s",
			    buf);
		buf[i] = path[i];
	}
	return 0;
}

/* The top-level names an init that stopped partway leaves (keys.c makes
 * keys/ last, whole): its folders, which hold folders alone, the keys it
 * was making, and the masqued.conf it was writing. */
static const char *const init_sub[] = {
	"games", "archive", "spool", "cursor",
	"mail/inbox/new", "mail/inbox/cur", "mail/inbox/tmp",
	"mail/outbox/new", "mail/outbox/cur", "mail/outbox/tmp",
};

/* The folders that hold players' secret moves in plain text (the mails
 * archived, the logs, the mails out with each player's own view) or the
 * mailbox's cursor: the user masqued runs as alone reads them. mail/ stays
 * 0755: another user's delivery agent may write into its inbox. */
static int
private_folder(const char *name)
{
	return strcmp(name, "games") == 0 || strcmp(name, "archive") == 0 ||
	    strcmp(name, "spool") == 0 || strcmp(name, "cursor") == 0;
}

/* 1 when path is a folder and all below it are folders (none holds a file
 * or anything else), at most depth deep. */
static int
only_folders(const char *path, int depth)
{
	char sub[1400];
	struct dirent *de;
	struct stat st;
	int ok = 1;
	DIR *d;

	if (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode) || depth < 0 ||
	    (d = opendir(path)) == NULL)
		return 0;
	while (ok && (de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0) {
			snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
			ok = only_folders(sub, depth - 1);
		}
	closedir(d);
	return ok;
}

static int
init_left(const char *datadir, const char *name)
{
	char path[1400];
	struct stat st;
	size_t i;

	/* by what they are, not by name alone: a keys.new linked to someone's
	 * key folder would have its keys removed, a masqued.conf.tmp linked
	 * to a file would have it overwritten */
	if (strcmp(name, "keys.new") == 0)
		return mq_keys_new_left(datadir);
	if (strcmp(name, "masqued.conf.tmp") == 0) {
		snprintf(path, sizeof(path), "%s/%s", datadir, name);
		return lstat(path, &st) == 0 && S_ISREG(st.st_mode);
	}
	for (i = 0; i < sizeof(init_sub) / sizeof(init_sub[0]); i++)
		if (strncmp(init_sub[i], name, strlen(name)) == 0 &&
		    (init_sub[i][strlen(name)] == '\0' ||
		    init_sub[i][strlen(name)] == '/')) {
			snprintf(path, sizeof(path), "%s/%s", datadir, name);
			return only_folders(path, 2);
		}
	return 0;
}

/*
 * init makes a data folder in a new or empty folder, or one holding only
 * its masqued.conf (written first, by hand or by a configuration tool): a
 * home folder (`-C ~`) would get keys/, games/, mail/ ... among its files.
 * A data folder already (keys/) is keys.c's to refuse, by name. What an
 * init killed partway left is no obstacle: init runs again from the start.
 */
static int
init_room(const char *datadir, struct mq_err *err)
{
	struct dirent *de;
	char keys[1400];
	const char *other = NULL;
	DIR *d;

	snprintf(keys, sizeof(keys), "%s/keys", datadir);
	if (access(keys, F_OK) == 0 || (d = opendir(datadir)) == NULL)
		return 0;	/* ours, or none yet (or no folder: mkdir says) */
	while (other == NULL && (de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0 &&
		    strcmp(de->d_name, "masqued.conf") != 0 &&
		    strcmp(de->d_name, "lost+found") != 0 &&
		    !init_left(datadir, de->d_name))
			other = de->d_name;
	if (other != NULL) {
		mq_fail(err, MQ_REFUSED, "%s is not empty (it holds %s) and is "
		    "not a masqued data folder; init makes one in a new or empty "
		    "folder: masqued -C NEW-FOLDER init.", datadir, other);
		closedir(d);
		return MQ_REFUSED;
	}
	closedir(d);
	return 0;
}

/* The name of user uid, or its number. */
static void
user_name(uid_t uid, char *out, size_t size)
{
	struct passwd *pw = getpwuid(uid);

	if (pw != NULL)
		snprintf(out, size, "%s", pw->pw_name);
	else
		snprintf(out, size, "%ld", (long)uid);
}

/*
 * Root writing in a folder another user owns (the service's, and a host
 * who ran new or admin without sudo -u) would leave files of root's that
 * user cannot read: the service's serve then passes the game by. Refused
 * for what writes; root may still read any folder.
 */
static int
root_writes_others(const char *datadir, struct mq_err *err)
{
	struct stat sb;
	char owner[64];

	if (geteuid() != 0 || stat(datadir, &sb) != 0 || sb.st_uid == 0)
		return 0;
	user_name(sb.st_uid, owner, sizeof(owner));
	return mq_fail(err, MQ_IO, "The data folder %s belongs to the user %s; "
	    "as root, masqued would leave files there that %s cannot read: run "
	    "it as that user (runuser -u %s -- masqued -C %s ...).", datadir, owner,
	    owner, owner, datadir);
}

/* Its folders, then masqued.conf (unless there), then the keys, renamed
 * into place last (keys.c). */
int
mq_store_init(const char *datadir, struct mq_err *err)
{
	struct mq_keys k;
	char path[1400];
	size_t i;
	int rc;

	/* every later command would refuse the folder: make none */
	if (strlen(datadir) >= sizeof(((struct mq_store *)0)->datadir))
		return mq_fail(err, MQ_IO, "The data folder's path is too long "
		    "(%zu bytes at most).", sizeof(((struct mq_store *)0)->datadir) - 1);
	MQ_TRY(root_writes_others(datadir, err));
	MQ_TRY(init_room(datadir, err));
	for (i = 0; i < sizeof(init_sub) / sizeof(init_sub[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", datadir, init_sub[i]);
		MQ_TRY(mkdir_p(path, private_folder(init_sub[i]) ? 0700 : 0755,
		    err));
	}
	snprintf(path, sizeof(path), "%s/masqued.conf", datadir);
	if (access(path, F_OK) != 0)
		MQ_TRY(mq_file_replace(path, mq_conf_default_text,
		    strlen(mq_conf_default_text), 0644, err));
	rc = mq_keys_create(datadir, &k, err);
	mq_keys_wipe(&k);
	return rc;
}

int
mq_store_open(const char *datadir, int need_secret, struct mq_store *s,
    struct mq_err *err)
{
	char path[1400];
	struct stat sb;

	memset(s, 0, sizeof(*s));
	if (strlen(datadir) >= sizeof(s->datadir))
		return mq_fail(err, MQ_IO, "The data folder's path is too long "
		    "(%zu bytes at most).", sizeof(s->datadir) - 1);
	snprintf(s->datadir, sizeof(s->datadir), "%s", datadir);
	snprintf(path, sizeof(path), "%s/keys/server.key", datadir);
	if (stat(datadir, &sb) == 0 && S_ISDIR(sb.st_mode) && stat(path, &sb) == 0) {
		/* init made this folder, and its public key is gone: init
		 * again would refuse (it never overwrites a key) */
		snprintf(path, sizeof(path), "%s/keys/server.pub", datadir);
		if (stat(path, &sb) != 0)
			return mq_fail(err, MQ_IO, "The key file %s is missing from "
			    "the data folder %s; put it back from a backup (the "
			    "\"server key\" line of every game mail holds it too).", path,
			    datadir);
	}
	snprintf(path, sizeof(path), "%s/keys/server.pub", datadir);
	if (stat(datadir, &sb) != 0 || !S_ISDIR(sb.st_mode) || stat(path, &sb) != 0)
		return mq_fail(err, MQ_IO, "There is no masqued data folder at %s "
		    "(no keys/server.pub); create one with: masqued -C %s init.",
		    datadir, datadir);
	/* Another user's folder (the service's, and a host who forgot sudo -u):
	 * its keys and logs are 0600, so some file would fail with "Permission
	 * denied"; say whose it is instead. Root reads any folder. */
	if (stat(datadir, &sb) == 0 && sb.st_uid != geteuid() && geteuid() != 0) {
		char owner[64];

		user_name(sb.st_uid, owner, sizeof(owner));
		return mq_fail(err, MQ_IO, "The data folder %s belongs to the user "
		    "%s, not to you; run masqued as that user (sudo -u %s masqued "
		    "-C %s ...).", datadir, owner, owner, datadir);
	}
	if (need_secret) {
		/* the commands that sign are the ones that write */
		MQ_TRY(root_writes_others(datadir, err));
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
	mq_gamedata_cache_free(s->data);
	s->data = NULL;
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
mq_game_no_player(const struct mq_game *g, const char *name,
    struct mq_err *err)
{
	char list[MQ_MAX_PLAYERS * (MQ_NAME_MAX + 2) + 1];
	size_t len = 0;
	int i;

	list[0] = '\0';
	for (i = 0; i < g->nplayers && len < sizeof(list); i++)
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%s",
		    i ? ", " : "", g->players[i].name);
	return mq_fail(err, MQ_REFUSED, "There is no player \"%s\" in game %s; "
	    "its players are %s.", name, g->id, list);
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

int
mq_game_over(const struct mq_game *g)
{
	return g->ended != 0 || g->kind->is_over(g->state);
}

int
mq_game_nobody_plays(const struct mq_game *g)
{
	int i;

	for (i = 0; i < g->nplayers; i++)
		if (!g->players[i].kicked)
			return 0;
	return 1;
}

int
mq_game_all_absent(const struct mq_game *g)
{
	int i, in = 0;

	for (i = 0; i < g->nplayers; i++) {
		if (g->players[i].kicked)
			continue;
		if (!g->players[i].absent)
			return 0;
		in++;
	}
	return in > 0;
}

static int
valid_game_id(const char *id)
{
	return strlen(id) == MQ_GAME_ID_LEN &&
	    strspn(id, "abcdefghijklmnopqrstuvwxyz234567") == MQ_GAME_ID_LEN;
}

/* The whole lines of the log at path, counted up to upto (no further:
 * more is all the caller asks of them); 0 for a log that cannot be read
 * (opening it says what is wrong with it). */
static uint64_t
log_lines(const char *path, uint64_t upto)
{
	char buf[65536];
	uint64_t n = 0;
	ssize_t got;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	while (n < upto && (got = read(fd, buf, sizeof(buf))) > 0)
		for (const char *p = buf; (p = memchr(p, '\n', (size_t)(got -
		    (p - buf)))) != NULL; p++)
			n++;
	close(fd);
	return n;
}

/*
 * A log that ends before the last entry its players were mailed lost
 * entries no crash loses (an entry is durable before its mails are
 * queued): someone cut it. A writer must not take the cut entry for a
 * crash's torn tail and log another in its place, which the players'
 * checkpoints would show as a second history. The mark is read before the
 * log, which a writer at work may lengthen meanwhile, never shorten.
 */
static int
log_cut(const struct mq_game *g, struct mq_err *err)
{
	uint64_t mark, n;
	int present;

	mark = mq_mailmark_read(g, &present);
	if (!present || mark == 0)
		return 0;
	n = log_lines(g->logpath, mark);
	/* not one whole line (a file zeroed, not cut): opening it says so,
	 * as verify does, rather than "its last entries were removed" */
	if (n >= mark || n == 0)
		return 0;
	return mq_fail(err, MQ_BADDATA, "The log of game %s ends at entry %llu, "
	    "but entries up to %llu were mailed to the players (%s/mailed): its "
	    "last entries were removed, and the game stops until its whole log "
	    "is put back (masqued verify %s checks it).", g->id,
	    (unsigned long long)n, (unsigned long long)mark, g->dir, g->id);
}

/*
 * The second witness, as verify has it (cmd_verify.c): a game over keeps
 * its ended mark (game_end.c), the entry it ended at, so a log cut after
 * its end with its mark of mailed entries deleted as well is still told
 * cut, rather than shown as a game in progress (or over before its end
 * entry, "a crash came between"). Readers only: a writer's open does not
 * ask it (store.h).
 */
static int
ended_cut(const struct mq_game *g, struct mq_err *err)
{
	uint64_t end, n;

	if (!mq_game_ended_seq(g->dir, &end))
		return 0;
	n = log_lines(g->logpath, end);
	if (n >= end || n == 0)
		return 0;
	return mq_fail(err, MQ_BADDATA, "The log of game %s ends at entry %llu, "
	    "but the game was recorded as ended at entry %llu (%s/ended): its "
	    "last entries were removed; put its whole log back from a backup "
	    "(masqued verify %s checks it).", g->id, (unsigned long long)n,
	    (unsigned long long)end, g->dir, g->id);
}

/*
 * The ended mark past the log, as a writer reads it. With the mark of
 * mailed entries there (log_cut has found it within the log), the entries
 * past the log were never mailed: a crash of a masqued older than the
 * held mark (heldmark.h) wrote the ended mark ahead of its batch's
 * entries and a power cut lost them, as any crash loses a batch not yet
 * flushed. Nobody holds them, and their messages, never marked done, are
 * read again: the game goes on from its log, and the stale mark goes (its
 * end is written again if the game ends again; left, it would read as
 * entries removed, and a later log that reached it would be taken for a
 * game over at serve's start). With no mark of mailed entries, the ended
 * mark is the one witness of what the players were mailed, the end: a cut,
 * refused as the readers refuse it, or a reply would be logged on a log
 * missing its end.
 */
static int
ended_cut_write(const struct mq_game *g, struct mq_err *err)
{
	char path[1400];
	uint64_t end, n;
	int present;

	if (!mq_game_ended_seq(g->dir, &end))
		return 0;
	n = log_lines(g->logpath, end);
	if (n >= end || n == 0)
		return 0;
	(void)mq_mailmark_read(g, &present);
	if (!present)
		return ended_cut(g, err);
	snprintf(path, sizeof(path), "%s/ended", g->dir);
	if (unlink(path) != 0 && errno != ENOENT)
		return mq_fail_errno(err, MQ_IO, "Cannot remove %s", path);
	mq_daemon_log("game %s: its ended mark %s said it ended at entry %llu, "
	    "but its log ends at entry %llu and its players were mailed no "
	    "further (a crash of an older masqued lost the entries after it): "
	    "the mark is removed, and the game goes on from its log, whose "
	    "lost replies are read again.", g->id, path,
	    (unsigned long long)end, (unsigned long long)n);
	return 0;
}

int
mq_game_check_mark(const struct mq_game *g, struct mq_err *err)
{
	int rc;

	if ((rc = log_cut(g, err)) != 0)
		return rc;
	return ended_cut(g, err);
}

int
mq_store_game_cut(struct mq_store *s, const char *id)
{
	struct mq_game *g;
	int cut;

	if (!valid_game_id(id) || (g = calloc(1, sizeof(*g))) == NULL)
		return 0;
	g->store = s;
	snprintf(g->id, sizeof(g->id), "%s", id);
	snprintf(g->dir, sizeof(g->dir), "%s/games/%s", s->datadir, id);
	snprintf(g->logpath, sizeof(g->logpath), "%s/log", g->dir);
	cut = mq_game_check_mark(g, NULL) != 0;
	free(g);
	return cut;
}

/* What mq_game_close frees of g, leaving g itself. */
static void
game_free(struct mq_game *g)
{
	size_t i;

	if (g->state != NULL)
		g->kind->free_state(g->state);
	mq_game_defaults_clear(g);	/* the host's whys it holds */
	if (g->lf != NULL)
		mq_logfile_close(g->lf);
	mq_gamedata_free(&g->gd);
	json_decref(g->genesis);
	json_decref(g->ended_body);
	mq_game_journal_stop(g);
	for (i = 0; i < g->nmsg; i++)
		free(g->msg_hashes[i]);
	free(g->msg_hashes);
	free(g->msg_seqs);
	free(g->pend);
	free(g->changes);
	free(g->fors);
}

/* g as it was before its log was opened: its store, id and paths alone. */
static void
game_reset(struct mq_game *g)
{
	char id[sizeof(g->id)], dir[sizeof(g->dir)], logpath[sizeof(g->logpath)];
	struct mq_store *s = g->store;

	snprintf(id, sizeof(id), "%s", g->id);
	snprintf(dir, sizeof(dir), "%s", g->dir);
	snprintf(logpath, sizeof(logpath), "%s", g->logpath);
	game_free(g);
	memset(g, 0, sizeof(*g));
	g->store = s;
	snprintf(g->id, sizeof(g->id), "%s", id);
	snprintf(g->dir, sizeof(g->dir), "%s", dir);
	snprintf(g->logpath, sizeof(g->logpath), "%s", logpath);
}

/* A log file outside any data folder names its game itself. */
static void
game_name(struct mq_game *g)
{
	if (g->id[0] == '\0')
		snprintf(g->id, sizeof(g->id), "%s", mq_logfile_game(g->lf));
}

static void
damage_set(struct mq_damage *dmg, uint64_t seq, const char *why)
{
	size_t n;

	dmg->seq = seq;
	snprintf(dmg->why, sizeof(dmg->why), "%s", why);
	if ((n = strlen(dmg->why)) > 0 && dmg->why[n - 1] == '.')
		dmg->why[n - 1] = '\0';
}

/*
 * Open g's log read-only as far as it is sound and replay it (see
 * mq_game_open_sound); *again when an entry did not replay: dmg now names
 * it, and g must be reset and loaded again without it.
 */
static int
load_sound_once(struct mq_game *g, const unsigned char *pk, uint64_t at_seq,
    struct mq_damage *dmg, int *again, struct mq_err *err)
{
	struct mq_err why, e;
	uint64_t bad;
	int rc;

	*again = 0;
	mq_err_clear(&e);
	MQ_TRY(mq_logfile_open_sound(g->logpath, pk, dmg->seq ? dmg->seq - 1 :
	    0, &g->lf, &bad, &why, err));
	game_name(g);
	if (bad != 0 && (dmg->seq == 0 || bad < dmg->seq))
		damage_set(dmg, bad, why.msg);
	if (dmg->seq != 0 && (at_seq == 0 || at_seq >= dmg->seq))
		at_seq = dmg->seq - 1;
	rc = mq_replay_all(g, at_seq, &e);
	if (rc == MQ_BADDATA && g->seq > 0) {
		/* signed and chained, but no game the rules allow */
		damage_set(dmg, g->seq + 1, e.msg);
		*again = 1;
		return 0;
	}
	if (rc && err != NULL)
		*err = e;
	return rc;
}

/* Open g's log and replay it: strictly (dmg NULL), or as far as it is
 * sound. */
static int
game_load(struct mq_game *g, const unsigned char *pk, uint64_t at_seq,
    struct mq_damage *dmg, struct mq_err *err)
{
	int rc, again;

	if (dmg == NULL) {
		MQ_TRY(mq_logfile_open_read(g->logpath, pk, &g->lf, err));
		game_name(g);
		return mq_replay_all(g, at_seq, err);
	}
	/* each time round leaves out an earlier entry: it ends */
	while ((rc = load_sound_once(g, pk, at_seq, dmg, &again, err)) == 0 &&
	    again)
		game_reset(g);
	return rc;
}

void
mq_store_near_game(const char *datadir, const char *id, char *near,
    size_t size)
{
	char path[1400];
	struct dirent *de;
	size_t k, diff, best = 3, ties = 0;
	DIR *d;

	near[0] = '\0';
	if (strlen(id) != MQ_GAME_ID_LEN)
		return;
	snprintf(path, sizeof(path), "%s/games", datadir);
	if ((d = opendir(path)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (strlen(de->d_name) != MQ_GAME_ID_LEN || de->d_name[0] == '.')
			continue;
		for (k = diff = 0; k < MQ_GAME_ID_LEN; k++)
			diff += de->d_name[k] != id[k];
		if (diff < best) {
			best = diff;
			ties = 0;
			snprintf(near, size, "%s", de->d_name);
		} else if (diff == best)
			ties++;
	}
	closedir(d);
	if (ties > 0)
		near[0] = '\0';
}

static int
game_open(struct mq_store *s, const char *id, int write, uint64_t at_seq,
    struct mq_damage *dmg, struct mq_game **out, struct mq_err *err)
{
	struct mq_game *g;
	char near[MQ_GAME_ID_LEN + 1];
	size_t k;
	int rc;

	*out = NULL;
	if (!valid_game_id(id)) {
		/* an id copied in capitals: say which, not only the rule */
		for (k = 0; id[k] != '\0' && k < MQ_GAME_ID_LEN; k++)
			near[k] = (char)tolower((unsigned char)id[k]);
		near[k] = '\0';
		if (strlen(id) == MQ_GAME_ID_LEN && valid_game_id(near))
			return mq_fail(err, MQ_REFUSED, "There is no game \"%s\": "
			    "a game id is in lower case; did you mean %s?", id,
			    near);
		return mq_fail(err, MQ_REFUSED, "There is no game \"%s\": a game id "
		    "is 8 characters of a-z and 2-7.", id);
	}
	if ((g = calloc(1, sizeof(*g))) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	g->store = s;
	snprintf(g->id, sizeof(g->id), "%s", id);
	snprintf(g->dir, sizeof(g->dir), "%s/games/%s", s->datadir, id);
	snprintf(g->logpath, sizeof(g->logpath), "%s/log", g->dir);
	if (access(g->logpath, F_OK) != 0) {
		/* the folder without its log is a game damaged, not none: a new
		 * game is renamed into place with its log (mq_game_create) */
		if (access(g->dir, F_OK) == 0)
			rc = mq_fail(err, MQ_BADDATA, "The log of game %s is "
			    "missing (%s); the game stops until you put it back "
			    "from a backup (masqued verify %s).", id, g->logpath,
			    id);
		else {
			mq_store_near_game(s->datadir, id, near, sizeof(near));
			rc = near[0] ? mq_fail(err, MQ_REFUSED, "There is no game "
			    "\"%s\" in %s; did you mean %s?", id, s->datadir,
			    near) : mq_fail(err, MQ_REFUSED, "There is no game "
			    "\"%s\" in %s (masqued games lists those there "
			    "are).", id, s->datadir);
		}
		free(g);
		return rc;
	}
	if (write && !s->have_secret) {
		free(g);
		return mq_fail(err, MQ_IO, "Changing a game needs the server's "
		    "signing key.");
	}
	if (write && ((rc = log_cut(g, err)) != 0 ||
	    (rc = ended_cut_write(g, err)) != 0)) {
		free(g);
		return rc;
	}
	g->writable = write;
	if (write) {
		rc = mq_logfile_open_write(g->logpath, &s->keys, &g->lf, err);
		if (rc == 0 && mq_logfile_torn(g->lf) > 0)
			/* a write a crash cut short: never fsynced, so never
			 * answered; its message is read again. The host hears
			 * of the crash. */
			mq_daemon_log("game %s: the end of its log %s was a write "
			    "cut short (%zu bytes, by a crash); it was moved to the "
			    "file quarantine beside it, and the game goes on from "
			    "its last whole entry.", id, g->logpath,
			    mq_logfile_torn(g->lf));
		if (rc == 0)
			rc = mq_replay_all(g, at_seq, err);
	} else
		rc = game_load(g, s->keys.pk, at_seq, dmg, err);
	if (rc == MQ_BADDATA && err != NULL) {
		/* "entry 3: ..." alone leaves a host of several games to guess */
		char why[sizeof(err->msg)];
		size_t n;

		snprintf(why, sizeof(why), "%s", err->msg);
		if ((n = strlen(why)) > 0 && why[n - 1] == '.')
			why[n - 1] = '\0';
		mq_fail(err, MQ_BADDATA, "The log of game %s does not verify (%s); "
		    "the game stops until you put it back from a backup (masqued "
		    "verify %s).", id, why, id);
	}
	if (rc) {
		mq_game_close(g);
		return rc;
	}
	*out = g;
	return 0;
}

int
mq_game_open(struct mq_store *s, const char *id, int write, uint64_t at_seq,
    struct mq_game **out, struct mq_err *err)
{
	return game_open(s, id, write, at_seq, NULL, out, err);
}

int
mq_game_open_sound(struct mq_store *s, const char *id, uint64_t at_seq,
    struct mq_damage *dmg, struct mq_game **out, struct mq_err *err)
{
	return game_open(s, id, 0, at_seq, dmg, out, err);
}

static int
game_open_file(const char *logpath, const unsigned char *trusted_pk,
    uint64_t at_seq, struct mq_damage *dmg, struct mq_game **out,
    struct mq_err *err)
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
	rc = game_load(g, trusted_pk, at_seq, dmg, err);
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
	return game_open_file(logpath, trusted_pk, at_seq, NULL, out, err);
}

int
mq_game_open_file_sound(const char *logpath, const unsigned char *trusted_pk,
    uint64_t at_seq, struct mq_damage *dmg, struct mq_game **out,
    struct mq_err *err)
{
	return game_open_file(logpath, trusted_pk, at_seq, dmg, out, err);
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
	if ((rc = mq_replay_entry(g, e, err)) != 0)
		return -rc;
	return 1;
}

int
mq_game_peek(struct mq_game *g, const struct mq_log_entry **e,
    struct mq_err *err)
{
	if (g->peek == NULL)
		MQ_TRY(mq_logfile_next(g->lf, &g->peek, err));
	*e = g->peek;
	return 0;
}

void
mq_game_close(struct mq_game *g)
{
	if (g == NULL)
		return;
	game_free(g);
	free(g);
}
