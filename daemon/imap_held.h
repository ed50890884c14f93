/*
 * imap_held.h - the IMAP replies held for a stopped game (its log does not
 * verify, or was cut): DATADIR/cursor/imap.held, "UIDVALIDITY\n" then one
 * "UID GAME\n" a reply, in UID order, replaced whole and fsynced before
 * the cursor passes a reply it adds. The pass goes on past such a reply,
 * the other games' mail with it; each pass first tries again the replies
 * listed whose game is no longer stopped, and drops those done (serve.c).
 * No file: none held.
 */
#ifndef MQ_IMAP_HELD_H
#define MQ_IMAP_HELD_H

#include <stddef.h>
#include <stdint.h>

#include "daemon/store.h"
#include "err.h"

struct mq_imap_held_one {
	uint32_t uid;
	char game[MQ_GAME_ID_LEN + 1];
};

struct mq_imap_held {
	uint32_t validity;	/* the UIDVALIDITY its UIDs are under */
	size_t n, cap;
	struct mq_imap_held_one *v;	/* sorted by UID, none twice */
	int present;		/* the file was there when read */
};

/* Read the list (none: n 0, present 0). Read strictly: MQ_BADDATA when
 * damaged, MQ_IO when it cannot be read, the sentence in err; either
 * way h is empty. */
int mq_imap_held_read(const char *datadir, struct mq_imap_held *h,
    struct mq_err *err);
/* Write h whole, durably; with none held, remove the file (and its entry
 * from the folder, durably). */
int mq_imap_held_write(const char *datadir, struct mq_imap_held *h,
    struct mq_err *err);
/* Index of uid in h, or -1. */
long mq_imap_held_find(const struct mq_imap_held *h, uint32_t uid);
/* Add uid of game (in order; nothing when listed), or remove it. */
int mq_imap_held_add(struct mq_imap_held *h, uint32_t uid, const char *game,
    struct mq_err *err);
void mq_imap_held_remove(struct mq_imap_held *h, uint32_t uid);
void mq_imap_held_free(struct mq_imap_held *h);

#endif
