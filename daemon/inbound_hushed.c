/*
 * inbound_hushed.c - which of a game's moves came past their sender's
 * rate_limit, and so were answered without the others' commitment notices
 * (inbound.c's play): DATA/games/<id>/hushed/<message hash>, an empty file
 * made (durably, in the same batch) before the move is logged. The rate
 * table counts the hour as it stands, so answers rebuilt after a crash
 * (inbound_rebuild.c) could not tell the limit from it: they ask here,
 * and leave the notices out as the first answer was to.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"
#include "daemon/inbound_int.h"
#include "daemon/store.h"

static int
hushed_path(const struct mq_game *g, const char *hash, char *path, size_t n)
{
	return snprintf(path, n, "%s/hushed/%s", g->dir, hash) < (int)n ? 0 : -1;
}

int
mq_inbound_hushed_note(const struct mq_game *g, const char *hash,
    struct mq_err *err)
{
	char dir[1300], path[1400];

	if (snprintf(dir, sizeof(dir), "%s/hushed", g->dir) >= (int)sizeof(dir) ||
	    hushed_path(g, hash, path, sizeof(path)) != 0)
		return mq_fail(err, MQ_IO, "The path %s/hushed is too long.",
		    g->dir);
	if (mkdir(dir, 0700) == 0)
		/* the folder's own name, in the game's: made the first time,
		 * it must outlast a crash as the note in it does */
		MQ_TRY(mq_dir_sync(g->dir, MQ_SYNC_BATCHED, err));
	else if (errno != EEXIST)
		return mq_fail_errno(err, MQ_IO, "Cannot make %s", dir);
	MQ_TRY(mq_file_create_once(path, "", 0, 0600, err));
	return mq_dir_sync(dir, MQ_SYNC_BATCHED, err);
}

int
mq_inbound_hushed_was(const struct mq_game *g, const char *hash)
{
	char path[1400];

	return hushed_path(g, hash, path, sizeof(path)) == 0 &&
	    access(path, F_OK) == 0;
}

int
mq_inbound_hushed_forget(const struct mq_game *g, const char *hash,
    struct mq_err *err)
{
	char dir[1300], path[1400];

	if (snprintf(dir, sizeof(dir), "%s/hushed", g->dir) >= (int)sizeof(dir) ||
	    hushed_path(g, hash, path, sizeof(path)) != 0)
		return 0;	/* none could have been made */
	if (unlink(path) == 0)
		return mq_dir_sync(dir, MQ_SYNC_BATCHED, err);
	return errno == ENOENT || errno == ENOTDIR ? 0 :
	    mq_fail_errno(err, MQ_IO, "Cannot remove %s", path);
}
