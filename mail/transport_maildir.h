/*
 * transport_maildir.h - Maildir in and out, the embedded default transport.
 *
 * Inbound: the messages of DIR/new and DIR/cur that are not done, in byte
 * order of their file names. A message is done when it sits in DIR/cur with
 * an info part ":2,FLAGS" whose FLAGS hold 'S'; marking one done renames it
 * there. Everything else in new/ and cur/ (names starting with '.' aside) is
 * pending. The daemon marks a message done only after its log entry is
 * fsynced, so a crash in between leaves it pending, to be seen again and
 * deduped by hash. An inbox Maildir therefore belongs to masqued alone: a
 * mail client that marks messages seen there would hide them.
 *
 * Outbound: each message becomes DIR/new/<time>.<counter>.<host>.eml,
 * written to DIR/tmp first, fsynced, then linked into new/. The time is
 * printed with 10 digits and the counter with 6, so byte order of the
 * names is delivery order. The daemon delivers its spool by moving each
 * spooled file in (mq_maildir_move_file), which never delivers one
 * spooled mail twice.
 */
#ifndef MQ_TRANSPORT_MAILDIR_H
#define MQ_TRANSPORT_MAILDIR_H

#include <stddef.h>

#include "err.h"

struct mq_maildir_msg {
	char	*path;	/* relative to the Maildir: "new/NAME" or "cur/NAME" */
	char	*name;	/* points into path: NAME */
	char	*id;	/* "maildir:" + NAME without its ":..." info part */
};

struct mq_maildir_list {
	struct mq_maildir_msg	*v;
	size_t			 n;
};

/* Make DIR (and its parents) and DIR/new, cur, tmp where missing. */
int	mq_maildir_create(const char *dir, struct mq_err *err);

/*
 * The pending messages of DIR, sorted by byte order of NAME. DIR, DIR/new
 * and DIR/cur must exist (MQ_IO otherwise). Free with mq_maildir_list_free.
 */
int	mq_maildir_list(const char *dir, struct mq_maildir_list *out,
	    struct mq_err *err);
void	mq_maildir_list_free(struct mq_maildir_list *l);

/*
 * In *n, how many plain files sit in DIR itself, not in its new/ or cur/:
 * mails dropped there by hand, which no pass reads. What a mail server
 * keeps in a Maildir's top folder is not counted (dovecot*, courier*,
 * maildirfolder, subscriptions, dot files). -1 when DIR cannot be read.
 */
int	mq_maildir_strays(const char *dir, size_t *n);

/*
 * Read one message whole into *raw (NUL-terminated, *len bytes without the
 * NUL; the caller frees it). A message larger than max bytes is refused
 * (MQ_REFUSED) and nothing is returned.
 */
int	mq_maildir_read(const char *dir, const struct mq_maildir_msg *m,
	    size_t max, char **raw, size_t *len, struct mq_err *err);

/*
 * The first max bytes at most of a message (NUL-terminated, *len bytes),
 * and its whole size in *size: the head of one too large to read whole,
 * whose headers say whom to tell.
 */
int	mq_maildir_read_head(const char *dir, const struct mq_maildir_msg *m,
	    size_t max, char **raw, size_t *len, unsigned long long *size,
	    struct mq_err *err);

/*
 * Mark one message done: rename it to DIR/cur/<base>:2,<flags with S>, then
 * fsync the folders involved. A message already done is left alone.
 */
int	mq_maildir_mark_done(const char *dir, const struct mq_maildir_msg *m,
	    struct mq_err *err);

/*
 * Deliver len bytes of raw into the Maildir DIR (created if missing) as
 * new/<time>.<counter>.<host>.eml, with the counter one more than the
 * highest used for that time in new/ or cur/. Durable on return (file and
 * folder fsynced). If name is not NULL, *name gets the file name (the
 * caller frees it).
 */
int	mq_maildir_deliver(const char *dir, const char *raw, size_t len,
	    long long t, char **name, struct mq_err *err);

/*
 * Deliver the complete message in the file at path by linking it into
 * DIR/new under the name mq_maildir_deliver gives: no copy, no new inode
 * (a copy when path is on another file system). The sender removes its own
 * name afterwards; until it does, the file's second link is the record that
 * it went: a file that already has two links is not delivered again
 * (*already = 1), so a crash between the link and the removal sends no mail
 * twice. The link is made durable as mq_maildir_deliver's (durable.h).
 */
int	mq_maildir_deliver_file(const char *dir, const char *path, long long t,
	    int *already, char **name, struct mq_err *err);

/*
 * Deliver the complete message in the file at path by moving it into
 * DIR/new under the name mq_maildir_deliver gives (a rename that never
 * replaces a taken name): *moved = 1, and path is gone. One directory
 * change a mail instead of a link and an unlink. Where that cannot be (a
 * file system without RENAME_NOREPLACE, or another file system), it is
 * delivered as mq_maildir_deliver_file does and *moved = 0: the sender
 * removes its own name. A file that already has two links went before (a
 * linked delivery a crash interrupted): nothing is done, *moved = 0.
 */
int	mq_maildir_move_file(const char *dir, const char *path, long long t,
	    int *moved, char **name, struct mq_err *err);

/*
 * This process is `share` of n delivering into the same folders at once
 * (the daemon's workers): the counters of its names are those equal to
 * share modulo n, so that the n never race for one name (a lost race
 * costs a try, not a mail). 0 of 1, the default, takes every counter.
 */
void	mq_maildir_name_share(int share, int n);

#endif
