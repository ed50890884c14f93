/* reserve.c - room kept back to tell the host of a full disk; reserve.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "daemon/host_text.h"
#include "daemon/notify.h"
#include "daemon/reserve.h"
#include "fileio.h"

#define RESERVE_KEY	"disk-full"

/* The inodes below which the disk counts as full: the notice, its marker
 * and a spool retry file each take one. */
#define RESERVE_INODES	4

/* The bytes and inodes free to this process on the disk of dir (root may
 * use the blocks a file system keeps back for it); -1 when it cannot be
 * told, which is taken as room: no notice on a guess. */
static int
disk_free(const char *dir, unsigned long long *bytes, unsigned long long *inodes)
{
	struct statvfs sv;

	if (statvfs(dir, &sv) != 0)
		return -1;
	*bytes = (unsigned long long)(geteuid() == 0 ? sv.f_bfree : sv.f_bavail) *
	    sv.f_frsize;
	/* some file systems have no inode count (f_files 0): never short */
	*inodes = sv.f_files == 0 ? (unsigned long long)-1 :
	    (unsigned long long)(geteuid() == 0 ? sv.f_ffree : sv.f_favail);
	return 0;
}

/*
 * Two files: cursor/reserve holds the bytes, cursor/reserve-inode (empty)
 * a second inode. On a disk out of inodes, the notice takes two files
 * (its spool file, then the marker that it was queued): with one inode
 * freed the marker failed, and the notice was queued anew every pass.
 */
static void
reserve_make(const char *path, const char *inode_path)
{
	static const char zeros[MQ_RESERVE_BYTES];
	struct stat st;
	struct mq_err e;

	if ((stat(path, &st) != 0 || st.st_size != MQ_RESERVE_BYTES) &&
	    mq_file_replace(path, zeros, sizeof(zeros), 0600, &e) != 0)
		mq_daemon_log("cannot keep room back for a full disk: %s", e.msg);
	if (stat(inode_path, &st) != 0 &&
	    mq_file_replace(inode_path, "", 0, 0600, &e) != 0)
		mq_daemon_log("cannot keep room back for a full disk: %s", e.msg);
}

static void
tell_full(struct mq_daemon *d, const char *path, const char *inode_path,
    unsigned long long bytes, unsigned long long inodes, int no_inodes)
{
	char text[3072];
	struct mq_err e;
	int freed, spooled, rc;

	freed = unlink(path) == 0;
	freed |= unlink(inode_path) == 0;
	if (no_inodes)
		snprintf(text, sizeof(text), freed ? HOST_DISK_INODES_FREED_TEXT :
		    HOST_DISK_INODES_TEXT, d->conf.datadir, inodes);
	else
		snprintf(text, sizeof(text), freed ? HOST_DISK_FULL_FREED_TEXT :
		    HOST_DISK_FULL_TEXT, d->conf.datadir, bytes / 1024);
	rc = mq_notify_host_spooled(d, RESERVE_KEY, HOST_DISK_FULL_SUBJECT, text,
	    &spooled, &e);
	if (rc != 0 && !spooled)
		mq_daemon_log("the disk is full (%llu KiB, %llu inodes free); "
		    "cannot tell the host: %s", bytes / 1024, inodes, e.msg);
	else
		mq_daemon_log("the disk is full (%llu KiB, %llu inodes free); the "
		    "host is told%s", bytes / 1024, inodes,
		    freed ? " (in the room kept back for it)" : "");
	/* queued, but its marker not written: only this process knows (its
	 * disk_told); the next serve would tell the host again, unsaid */
	if (rc != 0 && spooled)
		mq_daemon_log("%s; this serve tells the host of the full disk no "
		    "more, but the next one to start may tell again", e.msg);
	d->disk_told = spooled;
}

void
mq_reserve_check(struct mq_daemon *d)
{
	char path[1400], inode_path[1400];
	unsigned long long bytes, inodes;

	if (disk_free(d->conf.datadir, &bytes, &inodes) != 0)
		return;
	snprintf(path, sizeof(path), "%s/cursor/reserve", d->conf.datadir);
	snprintf(inode_path, sizeof(inode_path), "%s/cursor/reserve-inode",
	    d->conf.datadir);
	if (bytes < MQ_RESERVE_BYTES || inodes < RESERVE_INODES) {
		if (!d->disk_full)
			mq_daemon_log("the disk that holds %s is full",
			    d->conf.datadir);
		d->disk_full = 1;
		/* queued already, its marker not: not again (each pass
		 * would send the host one more) */
		if (!d->disk_told && !mq_notify_host_told(d, RESERVE_KEY))
			tell_full(d, path, inode_path, bytes, inodes,
			    bytes >= MQ_RESERVE_BYTES);
		return;
	}
	if (bytes < 4 * (unsigned long long)MQ_RESERVE_BYTES ||
	    inodes < 4 * RESERVE_INODES)
		return;		/* room, but not to spare: wait for more */
	if (d->disk_full || mq_notify_host_marked(d, RESERVE_KEY)) {
		mq_daemon_log("there is room again on the disk that holds %s",
		    d->conf.datadir);
		mq_notify_host_forget(d, RESERVE_KEY);
		d->disk_full = 0;
	}
	d->disk_told = 0;
	reserve_make(path, inode_path);
}
