/* imap_held.c - the IMAP replies held for a stopped game; see imap_held.h. */
#include "daemon/imap_held.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "fileio.h"

static void
held_path(const char *datadir, char *path, size_t size, int dir)
{
	snprintf(path, size, dir ? "%s/cursor" : "%s/cursor/imap.held", datadir);
}

void
mq_imap_held_free(struct mq_imap_held *h)
{
	free(h->v);
	h->v = NULL;
	h->n = h->cap = 0;
}

long
mq_imap_held_find(const struct mq_imap_held *h, uint32_t uid)
{
	for (size_t i = 0; i < h->n; i++)
		if (h->v[i].uid == uid)
			return (long)i;
	return -1;
}

int
mq_imap_held_add(struct mq_imap_held *h, uint32_t uid, const char *game,
    struct mq_err *err)
{
	struct mq_imap_held_one *v;
	size_t i;

	if (mq_imap_held_find(h, uid) >= 0)
		return 0;
	if (h->n == h->cap) {
		size_t cap = h->cap ? 2 * h->cap : 16;

		if ((v = reallocarray(h->v, cap, sizeof(*v))) == NULL)
			return mq_fail(err, MQ_IO, "Out of memory.");
		h->v = v;
		h->cap = cap;
	}
	for (i = h->n; i > 0 && h->v[i - 1].uid > uid; i--)
		h->v[i] = h->v[i - 1];
	h->v[i].uid = uid;
	snprintf(h->v[i].game, sizeof(h->v[i].game), "%s", game);
	h->n++;
	return 0;
}

void
mq_imap_held_remove(struct mq_imap_held *h, uint32_t uid)
{
	long k = mq_imap_held_find(h, uid);

	if (k < 0)
		return;
	memmove(&h->v[k], &h->v[k + 1], (h->n - (size_t)k - 1) * sizeof(*h->v));
	h->n--;
}

static int
game_ok(const char *g)
{
	return strlen(g) == MQ_GAME_ID_LEN &&
	    strspn(g, "abcdefghijklmnopqrstuvwxyz234567") == MQ_GAME_ID_LEN;
}

int
mq_imap_held_read(const char *datadir, struct mq_imap_held *h,
    struct mq_err *err)
{
	char path[1400], why[MQ_STRERROR_HINT_MAX], *line = NULL;
	unsigned long long v = 0, u;
	size_t cap = 0;
	ssize_t k;
	const char *p;
	FILE *f;
	int rc = 0, first = 1;

	memset(h, 0, sizeof(*h));
	held_path(datadir, path, sizeof(path), 0);
	if ((f = fopen(path, "r")) == NULL) {
		if (errno == ENOENT)
			return 0;
		return mq_fail(err, MQ_IO, "cannot read %s: %s", path,
		    mq_strerror_hint(errno, path, why, sizeof(why)));
	}
	h->present = 1;
	while (rc == 0 && (k = getline(&line, &cap, f)) != -1) {
		p = line;
		if ((size_t)k != strlen(line) || line[k - 1] != '\n')
			rc = MQ_BADDATA;
		else if (first) {
			if (mq_scan_digits(&p, UINT32_MAX, &v) != 0 ||
			    strcmp(p, "\n") != 0 || v == 0)
				rc = MQ_BADDATA;
			h->validity = (uint32_t)v;
			first = 0;
		} else {
			line[k - 1] = '\0';
			if (mq_scan_digits(&p, UINT32_MAX, &u) != 0 || u == 0 ||
			    *p++ != ' ' || !game_ok(p) ||
			    (h->n > 0 && h->v[h->n - 1].uid >= u))
				rc = MQ_BADDATA;
			else
				rc = mq_imap_held_add(h, (uint32_t)u, p, err);
		}
	}
	if (rc == 0 && ferror(f))
		rc = mq_fail(err, MQ_IO, "cannot read %s: %s", path,
		    mq_strerror_hint(errno, path, why, sizeof(why)));
	else if (rc == 0 && first)
		rc = MQ_BADDATA;
	if (rc == MQ_BADDATA)
		mq_fail(err, MQ_BADDATA, "the list of replies held for a "
		    "stopped game %s is damaged (it should hold \"UIDVALIDITY\" "
		    "then \"UID GAME\" lines)", path);
	free(line);
	fclose(f);
	if (rc) {
		mq_imap_held_free(h);
		h->validity = 0;
	}
	return rc;
}

int
mq_imap_held_write(const char *datadir, struct mq_imap_held *h,
    struct mq_err *err)
{
	char path[1400], why[MQ_STRERROR_HINT_MAX];
	struct mq_buf b = MQ_BUF_INIT;
	int rc;

	held_path(datadir, path, sizeof(path), 0);
	if (h->n == 0) {
		if (unlink(path) != 0 && errno != ENOENT)
			return mq_fail(err, MQ_IO, "cannot remove %s: %s", path,
			    mq_strerror_hint(errno, path, why, sizeof(why)));
		h->present = 0;
		held_path(datadir, path, sizeof(path), 1);
		return mq_dir_sync(path, MQ_SYNC_NOW, err);
	}
	mq_buf_printf(&b, "%" PRIu32 "\n", h->validity);
	for (size_t i = 0; i < h->n; i++)
		mq_buf_printf(&b, "%" PRIu32 " %s\n", h->v[i].uid, h->v[i].game);
	if (b.oom)
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	else
		rc = mq_file_replace(path, mq_buf_str(&b), b.len, 0644, err);
	mq_buf_free(&b);
	if (rc == 0)
		h->present = 1;
	return rc;
}
