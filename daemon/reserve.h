/*
 * reserve.h - a little room kept back on the data folder's disk, so that
 * the host can still be told when it fills: a full disk stops every write
 * masqued makes, the mail to the host among them, unless there is room
 * set aside for it.
 */
#ifndef MQ_RESERVE_H
#define MQ_RESERVE_H

#include "daemon/daemon.h"

/* The room kept back, in DATA/cursor/reserve (and an inode, in
 * DATA/cursor/reserve-inode): a few host mails and their markers, with
 * blocks to spare on any file system. */
#define MQ_RESERVE_BYTES	(64 * 1024)

/*
 * After each pass of serve, before the spool is sent: when the disk is
 * full (less free than MQ_RESERVE_BYTES, or almost no inodes), the reserve
 * is freed and one mail to the host queued in its place, saying so; when
 * there is room again (four times that), the reserve is made anew and a
 * later filling is told again. Never fails: what it cannot do, it logs.
 */
void mq_reserve_check(struct mq_daemon *d);

#endif
