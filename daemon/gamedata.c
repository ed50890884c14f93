/* gamedata.c - find, load, validate and hash a game's data file. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sodium.h>

#include "daemon/gamedata.h"
#include "daemon/log.h"
#include "jload.h"

int
mq_gamedata_from_json(const char *kind, json_t *json, struct mq_gamedata *gd,
    struct mq_err *err)
{
	struct mq_buf dump = MQ_BUF_INIT;
	int rc;

	memset(gd->hash, 0, sizeof(gd->hash));
	gd->kind = mq_game_find(kind);
	gd->json = json;
	gd->data = NULL;
	if (gd->kind == NULL)
		return mq_fail(err, MQ_REFUSED, "There is no game called \"%s\"; "
		    "masqued plays redmasque and masquerade.", kind);
	if ((rc = gd->kind->load_data(json, &gd->data, err)) != 0)
		return rc;
	/* The canonical dump, as the log's: json_dumps may drop a key when
	 * memory runs short, and this hash goes into the genesis. */
	if ((rc = mq_log_canon(json, &dump, err)) != 0) {
		mq_buf_free(&dump);
		return rc;
	}
	crypto_generichash(gd->hash, sizeof(gd->hash), (unsigned char *)dump.data,
	    dump.len, NULL, 0);
	mq_buf_free(&dump);
	return 0;
}

/* Compile json (NULL: it did not parse, je says why) into gd, for path. */
static int
compile(const char *kind, const char *path, json_t *json,
    const json_error_t *je, struct mq_gamedata *gd, struct mq_err *err)
{
	int rc;

	memset(gd, 0, sizeof(*gd));
	snprintf(gd->path, sizeof(gd->path), "%s", path);
	if (json == NULL && json_error_code(je) == json_error_out_of_memory)
		return mq_fail(err, MQ_IO, "Out of memory reading the game data "
		    "%s.", path);
	if (json == NULL && je->line < 1)	/* not read: jansson's own words */
		return mq_fail(err, MQ_IO, "Cannot read the game data %s: %s.",
		    path, je->text);
	/* read but no JSON: damaged data, not a disk that failed (a game's
	 * copy zeroed stopped it with no word to the host, as I/O) */
	if (json == NULL)
		return mq_fail(err, MQ_BADDATA, "Cannot read the game data %s: %s "
		    "(line %d).", path, je->text, je->line);
	if ((rc = mq_gamedata_from_json(kind, json, gd, err)) != 0) {
		mq_gamedata_free(gd);
		return rc;
	}
	return 0;
}

int
mq_gamedata_load_file(const char *kind, const char *path,
    struct mq_gamedata *gd, struct mq_err *err)
{
	json_error_t je;
	json_t *json;

	/* said as the system says it, not as jansson's "unable to open" */
	if (access(path, R_OK) != 0)
		return mq_fail_errno(err, MQ_IO, "Cannot read the game data %s",
		    path);
	/* jload.h: the data a new game's hash commits it to, byte for byte */
	json = mq_json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	return compile(kind, path, json, &je, gd, err);
}

int
mq_gamedata_load(const char *kind, struct mq_gamedata *gd, struct mq_err *err)
{
	char exe[PATH_MAX], path[PATH_MAX + 64], *slash;
	const char *env = getenv("MASQUED_GAMES");
	ssize_t n;
	int up;

	if (mq_game_find(kind) == NULL)
		return mq_fail(err, MQ_REFUSED, "There is no game called \"%s\"; "
		    "masqued plays redmasque and masquerade.", kind);
	if (env != NULL && *env) {
		snprintf(path, sizeof(path), "%s/%s.json", env, kind);
		return mq_gamedata_load_file(kind, path, gd, err);
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		for (up = 0; up < 3; up++) {
			if ((slash = strrchr(exe, '/')) == NULL)
				break;
			*slash = '\0';
			snprintf(path, sizeof(path), "%s/config/games/%s.json", exe, kind);
			if (access(path, R_OK) == 0)
				return mq_gamedata_load_file(kind, path, gd, err);
			/* installed: PREFIX/bin/masqued, PREFIX/share/masqued */
			snprintf(path, sizeof(path), "%s/share/masqued/config/games/%s.json",
			    exe, kind);
			if (access(path, R_OK) == 0)
				return mq_gamedata_load_file(kind, path, gd, err);
		}
	}
	snprintf(path, sizeof(path), "config/games/%s.json", kind);
	if (access(path, F_OK) != 0 && errno == ENOENT)
		return mq_fail(err, MQ_IO, "Cannot find the game data %s.json: "
		    "masqued looks in config/games beside its program, in "
		    "PREFIX/share/masqued/config/games where make install puts "
		    "it, then in config/games of the current folder; install "
		    "masqued with make install, or run it from its source "
		    "folder.", kind);
	return mq_gamedata_load_file(kind, path, gd, err);
}

#define CACHE_MAX 16

struct mq_gamedata_cache {
	int n;
	struct {
		uint8_t raw[32];	/* BLAKE2b of kind NUL bytes */
		struct mq_gamedata gd;
	} e[CACHE_MAX];
};

int
mq_gamedata_load_shared(struct mq_gamedata_cache **cache, const char *kind,
    const char *path, struct mq_gamedata *gd, struct mq_err *err)
{
	crypto_generichash_state hs;
	struct mq_gamedata_cache *c = *cache;
	struct mq_buf bytes = MQ_BUF_INIT;
	json_error_t je;
	json_t *json;
	uint8_t raw[32];
	char chunk[16384];
	size_t n;
	FILE *f;
	int i, rc;

	if (c == NULL && (c = *cache = calloc(1, sizeof(*c))) == NULL)
		return mq_gamedata_load_file(kind, path, gd, err);
	if ((f = fopen(path, "rb")) == NULL)
		return mq_fail_errno(err, MQ_IO, "Cannot read the game data %s", path);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		mq_buf_add(&bytes, chunk, n);
	if (ferror(f) || bytes.oom) {
		fclose(f);
		mq_buf_free(&bytes);
		return mq_fail(err, MQ_IO, "Cannot read the game data %s.", path);
	}
	fclose(f);
	crypto_generichash_init(&hs, NULL, 0, sizeof(raw));
	crypto_generichash_update(&hs, (const uint8_t *)kind, strlen(kind) + 1);
	crypto_generichash_update(&hs, (const uint8_t *)bytes.data, bytes.len);
	crypto_generichash_final(&hs, raw, sizeof(raw));
	for (i = 0; i < c->n; i++)
		if (memcmp(c->e[i].raw, raw, sizeof(raw)) == 0) {
			mq_buf_free(&bytes);
			*gd = c->e[i].gd;
			gd->shared = 1;
			snprintf(gd->path, sizeof(gd->path), "%s", path);
			return 0;
		}
	json = mq_json_loadb(bytes.data, bytes.len, JSON_REJECT_DUPLICATES, &je);
	mq_buf_free(&bytes);
	if ((rc = compile(kind, path, json, &je, gd, err)) != 0)
		return rc;
	if (c->n == CACHE_MAX)
		return 0;	/* the game owns this one */
	memcpy(c->e[c->n].raw, raw, sizeof(raw));
	c->e[c->n++].gd = *gd;
	gd->shared = 1;
	return 0;
}

void
mq_gamedata_cache_free(struct mq_gamedata_cache *c)
{
	int i;

	if (c == NULL)
		return;
	for (i = 0; i < c->n; i++)
		mq_gamedata_free(&c->e[i].gd);
	free(c);
}

void
mq_gamedata_free(struct mq_gamedata *gd)
{
	if (gd->shared) {
		gd->json = NULL;
		gd->data = NULL;
		return;
	}
	if (gd->kind != NULL && gd->data != NULL)
		gd->kind->free_data(gd->data);
	json_decref(gd->json);
	gd->json = NULL;
	gd->data = NULL;
}
