/*
 * mailmark.h - which of a game's entries have their mails spooled, and the
 * catching up after a crash that came between an entry and its mails.
 *
 * DATADIR/games/<id>/mailed holds the last entry whose mails are spooled.
 * An entry past it was logged but its mails may not have been (a crash, a
 * full disk), or were put off (`submit --no-mail`: a move the host enters
 * is never kept from the players, only told them with the next mail
 * pass). After a `submit --never-mail` it passes entries whose mails are
 * never to be sent (local play, tests). The entries no
 * message carries (timeouts, admin actions, a `submit`'s commands) are
 * rebuilt from the log alone, as soon as the daemon opens the game
 * (mq_mailmark_catchup); a reply's from its archived message then, or when
 * its message is read again (inbound.c: the message is marked done only
 * after its answers). submit spools
 * its mails before it moves the mark; when it could not (a full disk), it
 * says so (cmd_submit.c) and the catching up queues them.
 */
#ifndef MQ_MAILMARK_H
#define MQ_MAILMARK_H

#include <stdint.h>

#include "daemon/daemon.h"

/*
 * The mark, or 0 when there is none (a game older than the mark). A new
 * game's mark is 0 from before its genesis is logged (mq_mailmark_create),
 * so a mark of 0 that is there means: the welcome mails are not spooled
 * yet; *present (if not NULL) tells the two apart.
 */
uint64_t mq_mailmark_read(const struct mq_game *g, int *present);
/* The same, of the game whose folder is gamedir (the sender's check). */
uint64_t mq_mailmark_read_at(const char *gamedir, int *present);
/* 1 when the game's mark file is there but holds no mark (damaged or
 * unreadable; read as none above), which the host is told of. */
int mq_mailmark_damaged(const char *gamedir);
/* 1 when there is no mark file at all: in a data folder's game, which
 * gets one before its genesis, a file deleted (verify and serve say so). */
int mq_mailmark_missing(const char *gamedir);
/* The mark of 0 in a new game's folder dir, fsynced: called before the
 * genesis is written, so no game can exist without it. */
int mq_mailmark_create(const char *dir, struct mq_err *err);
/* Set the mark at g->seq (logged on failure: a lost mark only means mails
 * rebuilt and perhaps sent twice, never lost). In a batch (durable.h) it is
 * held, and read back as set, until the batch's flush (heldmark.h): a mark
 * ahead of the log after a power cut would pass the entry logged again in
 * its place, whose mails a later crash kept back would never be rebuilt. */
void mq_mailmark_write(const struct mq_game *g);
/* The mails of g's last entries are queued: if that ended the game, log
 * its end entry (game_end.c), then set the mark; when the end cannot be
 * logged, the mark stays behind it and the next open logs it. */
void mq_mailmark_done(struct mq_game *g);

/*
 * Spool the welcome mails of a game whose mark is still 0 (`new` stopped
 * between the genesis and the welcome), and its deadline; then spool again
 * the mails of the timeout and admin entries past the mark, as
 * they were first built (same state, same time, same spool names), moving
 * the mark after each; a submit's commands (an entry with no message) as
 * submit mails them, and the game's clock file after; a reply's from its
 * archived message (mq_inbound_rebuild_archived), as if it were read
 * again. Stops at a reply's entry whose message is not archived or not
 * taken now (left to its message, should it be read again), and at an
 * entry of no kind it knows. A deadline pass cut short between its
 * defaults is finished first (mq_deadline_finish), so that its mails go as
 * one. g is open for writing.
 */
int mq_mailmark_catchup(struct mq_daemon *d, struct mq_game *g,
    struct mq_err *err);

/* At the start of serve: catch up every game whose log is past its mark
 * (games are otherwise opened only when a reply or a deadline calls, or
 * when the spool holds back their mails: serve.c). */
int mq_mailmark_scan(struct mq_daemon *d, struct mq_err *err);

#endif
