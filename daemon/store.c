/* store.c - the data folder, creating, opening and closing games; see store.h. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jansson.h>
#include <sodium.h>

#include "daemon/replay.h"
#include "daemon/store.h"
#include "daemon/config.h"
#include "fileio.h"
#include "jload.h"
#include "daemon/commit.h"
#include "daemon/conf_text.h"
#include "daemon/mailmark.h"
#include "mail/address.h"

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

/*
 * init makes a data folder in a new or empty folder, or one holding only
 * its masqued.conf (written first, by hand or by a configuration tool): a
 * home folder (`-C ~`) would get keys/, games/, mail/ ... among its files.
 * A data folder already (keys/) is keys.c's to refuse, by name.
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
		    strcmp(de->d_name, "lost+found") != 0)
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

	/* every later command would refuse the folder: make none */
	if (strlen(datadir) >= sizeof(((struct mq_store *)0)->datadir))
		return mq_fail(err, MQ_IO, "The data folder's path is too long "
		    "(%zu bytes at most).", sizeof(((struct mq_store *)0)->datadir) - 1);
	MQ_TRY(init_room(datadir, err));
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
		struct passwd *pw = getpwuid(sb.st_uid);
		char owner[64];

		if (pw != NULL)
			snprintf(owner, sizeof(owner), "%s", pw->pw_name);
		else
			snprintf(owner, sizeof(owner), "%ld", (long)sb.st_uid);
		return mq_fail(err, MQ_IO, "The data folder %s belongs to the user "
		    "%s, not to you; run masqued as that user (sudo -u %s masqued "
		    "-C %s ...).", datadir, owner, owner, datadir);
	}
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

/* Add each "email":"..." of one log line (canonical JSON: the key and its
 * quotes appear so only as a key, never inside a string, where quotes are
 * escaped) to *v. */
static int
line_addresses(const char *line, char ***v, size_t *n, size_t *cap)
{
	static const char key[] = "\"email\":\"";
	const char *p = line, *end;
	char **nv, *a;
	size_t i;

	while ((p = strstr(p, key)) != NULL) {
		p += sizeof(key) - 1;
		if ((end = strchr(p, '"')) == NULL || end == p)
			break;
		if (*n == *cap) {
			*cap = *cap ? *cap * 2 : 64;
			if ((nv = realloc(*v, *cap * sizeof(*nv))) == NULL)
				return -1;
			*v = nv;
		}
		if ((a = strndup(p, (size_t)(end - p))) == NULL)
			return -1;
		for (i = 0; a[i]; i++)
			if (a[i] >= 'A' && a[i] <= 'Z')
				a[i] = (char)(a[i] - 'A' + 'a');
		(*v)[(*n)++] = a;
		p = end;
	}
	return 0;
}

int
mq_store_addresses(const struct mq_store *s, char ***addrs, size_t *n,
    struct mq_err *err)
{
	char path[1400], **ids, **v = NULL, *line = NULL;
	size_t nids, i, k, cap = 0, linecap = 0;
	int rc = 0;
	FILE *f;

	*addrs = NULL;
	*n = 0;
	MQ_TRY(mq_store_games(s, &ids, &nids, err));
	for (i = 0; i < nids && rc == 0; i++) {
		snprintf(path, sizeof(path), "%s/games/%s/log", s->datadir, ids[i]);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		while (rc == 0 && getline(&line, &linecap, f) > 0)
			if (strstr(line, "\"email\":\"") != NULL &&
			    line_addresses(line, &v, n, &cap) != 0)
				rc = mq_fail(err, MQ_IO, "Out of memory.");
		fclose(f);
	}
	free(line);
	for (i = 0; i < nids; i++)
		free(ids[i]);
	free(ids);
	if (rc) {
		mq_store_addresses_free(v, *n);
		*n = 0;
		return rc;
	}
	if (*n > 1)
		qsort(v, *n, sizeof(*v), cmp_str);
	for (i = k = 0; i < *n; i++) {		/* each once */
		if (k > 0 && strcmp(v[k - 1], v[i]) == 0)
			free(v[i]);
		else
			v[k++] = v[i];
	}
	*n = k;
	*addrs = v;
	return 0;
}

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

/* addr's seat language in one log (path): 1 and lang, or 0; -1 when
 * memory ran out reading it. */
static int
log_address_lang(const char *path, const char *addr, char lang[8])
{
	int oom = 0;
	char names[MQ_MAX_PLAYERS][MQ_NAME_MAX + 1], emails[MQ_MAX_PLAYERS][256];
	char langs[MQ_MAX_PLAYERS][8], *line = NULL;
	size_t cap = 0, i, np = 0;
	int found = 0;
	ssize_t n;
	FILE *f;

	if ((f = fopen(path, "r")) == NULL)
		return 0;
	while ((n = getline(&line, &cap, f)) > 0) {
		char *tab = memchr(line, '\t', (size_t)n);
		json_t *b, *p;
		const char *type, *act, *who, *l;

		/* only the genesis and the admin entries name addresses and
		 * languages: the others are not parsed */
		if (strstr(line, "\"type\":\"genesis\"") == NULL &&
		    strstr(line, "\"type\":\"admin\"") == NULL)
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
		if (type != NULL && strcmp(type, "genesis") == 0) {
			json_t *ps = json_object_get(b, "players");

			for (np = 0; np < json_array_size(ps) && np < MQ_MAX_PLAYERS;
			    np++) {
				p = json_array_get(ps, np);
				snprintf(names[np], sizeof(names[np]), "%s",
				    json_string_value(json_object_get(p, "name")) ?
				    json_string_value(json_object_get(p, "name")) : "");
				snprintf(emails[np], sizeof(emails[np]), "%s",
				    json_string_value(json_object_get(p, "email")) ?
				    json_string_value(json_object_get(p, "email")) : "");
				snprintf(langs[np], sizeof(langs[np]), "%s",
				    l != NULL ? l : "en");
			}
		} else if (act != NULL && who != NULL) {
			for (i = 0; i < np && strcmp(names[i], who) != 0; i++)
				;
			if (i < np && strcmp(act, "replace") == 0 &&
			    json_is_string(json_object_get(b, "email")))
				snprintf(emails[i], sizeof(emails[i]), "%s",
				    json_string_value(json_object_get(b, "email")));
			if (i < np && (strcmp(act, "replace") == 0 ||
			    strcmp(act, "lang") == 0) && l != NULL &&
			    (!strcmp(l, "en") || !strcmp(l, "ja") || !strcmp(l, "zh")))
				snprintf(langs[i], sizeof(langs[i]), "%s", l);
		}
		json_decref(b);
	}
	free(line);
	fclose(f);
	if (oom)
		return -1;
	for (i = 0; i < np && !found; i++)
		if (mq_addr_same(addr, emails[i])) {
			snprintf(lang, 8, "%s", langs[i]);
			found = 1;
		}
	return found;
}

int
mq_store_address_lang(const struct mq_store *s, const char *addr,
    const char *hint, char lang[8], struct mq_err *err)
{
	char path[1400], **ids, l[8];
	size_t nids, i;
	struct stat st;
	time_t last = 0;
	int found = 0, hinted = 0, rc = 0, in;

	if (addr == NULL)
		return 0;
	MQ_TRY(mq_store_games(s, &ids, &nids, err));
	for (i = 0; i < nids; i++) {
		snprintf(path, sizeof(path), "%s/games/%s/log", s->datadir, ids[i]);
		if (rc == 0 && stat(path, &st) == 0 &&
		    (in = log_address_lang(path, addr, l)) != 0) {
			/* the mail's own language, when one of its games is
			 * in it, over the game another's move changed last */
			int is_hint = in > 0 && hint != NULL &&
			    strcmp(l, hint) == 0;

			if (in < 0)
				rc = mq_fail(err, MQ_IO, "Out of memory.");
			else if (!found || (is_hint && !hinted) ||
			    (is_hint == hinted && st.st_mtime > last)) {
				snprintf(lang, 8, "%s", l);
				last = st.st_mtime;
				hinted = is_hint;
				found = 1;
			}
		}
		free(ids[i]);
	}
	free(ids);
	return rc;
}

void
mq_store_addresses_free(char **addrs, size_t n)
{
	while (n > 0)
		free(addrs[--n]);
	free(addrs);
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
valid_name(const char *s)
{
	size_t n = strlen(s);

	return n >= 1 && n <= 20 && strspn(s, "abcdefghijklmnopqrstuvwxyz"
	    "0123456789_-") == n;
}

int
mq_email_usable(const char *s)
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

/*
 * The options every game has, the daemon's, made exact here: deadline and
 * reminder as seconds (given as 24h, 90m, 2d, or seconds), policy default
 * or wait, allow_any_sender true or false; and any key neither these nor
 * the kind's own refused, with the list (an engine that has no options of
 * its own would otherwise take any word and ignore it).
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
		if (!strcmp(key, "deadline") || !strcmp(key, "reminder")) {
			str = json_string_value(v);
			secs = json_is_integer(v) ? (long)json_integer_value(v) :
			    str != NULL ? mq_config_duration(str) : -1;
			if (secs <= 0 || secs > MQ_DURATION_MAX)
				return mq_fail(err, MQ_REFUSED, "The option %s "
				    "takes a duration from 1s to 366d, such as "
				    "24h.", key);
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
				    "policy and allow_any_sender.", ng->kind, key,
				    kinds[k].list);
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

/* The files a game's making leaves in its hidden folder, and the folder. */
static void
remove_staging(const char *dir)
{
	static const char *const files[] = { "data.json", "data.json.tmp",
	    "mailed", "mailed.tmp", "log", "log.tmp" };
	char path[1300];
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
		(void)unlink(path);
	}
	(void)rmdir(dir);	/* if it stays, hidden, it is never read */
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
	rc = mq_dir_sync(path, MQ_SYNC_NOW, err);
out:
	if (made)	/* nothing of a game that was not made is left */
		remove_staging(dir);
	sodium_memzero(seed, sizeof(seed));
	json_decref(gen);
	free(data);
	mq_gamedata_free(&gd);
	return rc;
}

static int
valid_game_id(const char *id)
{
	return strlen(id) == MQ_GAME_ID_LEN &&
	    strspn(id, "abcdefghijklmnopqrstuvwxyz234567") == MQ_GAME_ID_LEN;
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
	char buf[65536];
	uint64_t mark, n = 0;
	ssize_t got;
	int fd, present;

	mark = mq_mailmark_read(g, &present);
	if (!present || mark == 0 || (fd = open(g->logpath, O_RDONLY |
	    O_CLOEXEC)) < 0)
		return 0;	/* opening the log says what is wrong with it */
	while (n < mark && (got = read(fd, buf, sizeof(buf))) > 0)
		for (const char *p = buf; (p = memchr(p, '\n', (size_t)(got -
		    (p - buf)))) != NULL; p++)
			n++;
	close(fd);
	if (n >= mark)
		return 0;
	return mq_fail(err, MQ_BADDATA, "The log of game %s ends at entry %llu, "
	    "but entries up to %llu were mailed to the players (%s/mailed): its "
	    "last entries were removed, and the game stops until its whole log "
	    "is put back (masqued verify %s checks it).", g->id,
	    (unsigned long long)n, (unsigned long long)mark, g->dir, g->id);
}

int
mq_game_check_mark(const struct mq_game *g, struct mq_err *err)
{
	return log_cut(g, err);
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
		/* the folder without its log is a game damaged, not none: a new
		 * game is renamed into place with its log (mq_game_create) */
		rc = access(g->dir, F_OK) == 0 ? mq_fail(err, MQ_BADDATA, "The log "
		    "of game %s is missing (%s); the game stops until you put it "
		    "back from a backup (masqued verify %s).", id, g->logpath, id) :
		    mq_fail(err, MQ_REFUSED, "There is no game \"%s\" in %s.", id,
		    s->datadir);
		free(g);
		return rc;
	}
	if (write && !s->have_secret) {
		free(g);
		return mq_fail(err, MQ_IO, "Changing a game needs the server's "
		    "signing key.");
	}
	if (write && (rc = log_cut(g, err)) != 0) {
		free(g);
		return rc;
	}
	rc = write ? mq_logfile_open_write(g->logpath, &s->keys, &g->lf, err) :
	    mq_logfile_open_read(g->logpath, s->keys.pk, &g->lf, err);
	g->writable = write;
	if (rc == 0)
		rc = mq_replay_all(g, at_seq, err);
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
		rc = mq_replay_all(g, at_seq, err);
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
	size_t i;

	if (g == NULL)
		return;
	if (g->state != NULL)
		g->kind->free_state(g->state);
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
	free(g);
}
