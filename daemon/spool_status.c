/*
 * spool_status.c - what the outgoing mail is doing, for the host's `games`:
 * mails in the spool, those a failed try holds back, the dead letters. It
 * reads the spool's folders (spool.h) and changes nothing.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "daemon/spool.h"

/* The names in dir ending in ext; -1 when dir cannot be read (none is 0). */
static long
count_ending(const char *dir, const char *ext)
{
	struct dirent *de;
	size_t el = strlen(ext);
	long n = 0;
	DIR *d;

	if ((d = opendir(dir)) == NULL)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		size_t l = strlen(de->d_name);

		if (de->d_name[0] != '.' && l > el &&
		    strcmp(de->d_name + l - el, ext) == 0)
			n++;
	}
	closedir(d);
	return n;
}

int
mq_spool_status(const char *datadir, struct mq_spool_status *st,
    struct mq_err *err)
{
	char why[MQ_STRERROR_HINT_MAX];
	char dir[1400];

	memset(st, 0, sizeof(*st));
	snprintf(dir, sizeof(dir), "%s/spool", datadir);
	if ((st->queued = count_ending(dir, ".eml")) < 0 ||
	    (st->retrying = count_ending(dir, ".retry")) < 0)
		return mq_fail(err, MQ_IO, "Cannot read %s: %s.", dir,
		    mq_strerror_hint(errno, dir, why, sizeof(why)));
	snprintf(dir, sizeof(dir), "%s/spool/dead", datadir);
	if ((st->dead = count_ending(dir, ".eml")) < 0)
		return mq_fail(err, MQ_IO, "Cannot read %s: %s.", dir,
		    mq_strerror_hint(errno, dir, why, sizeof(why)));
	return 0;
}
