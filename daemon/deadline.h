/*
 * deadline.h - keeping time for every game: a reminder to whoever still
 * owes input, and at the deadline the default move, logged as a `timeout`
 * entry (or, by policy, a word to the admin). Each game folder holds a small
 * `clock` file: when the game next needs the daemon, and which debts were
 * reminded already, so a pass opens only the games that are due. A
 * game's own times (its deadline, reminder and policy, else the config's)
 * are worked out here too, for the mails and the host's view.
 */
#ifndef MQ_DEADLINE_H
#define MQ_DEADLINE_H

#include "daemon/daemon.h"

/* Act on one open game at d->now; then write its clock file. */
int mq_deadline_run(struct mq_daemon *d, struct mq_game *g, int *timeouts,
    int *reminders, struct mq_err *err);
/* Rewrite the clock file of a game (after anything changed its debts). */
int mq_deadline_schedule(struct mq_daemon *d, struct mq_game *g,
    struct mq_err *err);
/* A game just opened reads every debt as not reminded: mark those its
 * clock file says were, if still owed since the same time. Before the
 * rewrite after a player's commands, which leave the others' debts as they
 * were (else the next pass reminds them again); mq_deadline_run does it
 * itself. An admin action does too, then clears the marks of the debts
 * whose deadline it moved (extend, resume) and of a replace's seat: those
 * are reminded anew, before the new deadline. */
void mq_deadline_keep_reminded(const struct mq_daemon *d, struct mq_game *g);
/* The default move of seat's debt (the engine's default_command), logged
 * as a `timeout` entry: at its deadline (host_why NULL: why is "the
 * deadline passed", or "the seat has no player" for a kicked seat), or by
 * the host's `admin GAME default` (why is theirs, and "by": "admin"). The
 * move, as logged, into moved (may be NULL; "" when the seat owes nothing
 * and nothing is logged). The caller mails it (mq_notify_update). */
int mq_deadline_default(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *host_why, char *moved, size_t movedsize, struct mq_err *err);
/* The clock file due at d->now, the reminded debts kept: a catching up
 * that failed (its clock file already the log's) is tried again by the
 * next pass, not at the game's next deadline (mailmark.c). */
int mq_deadline_due_now(const struct mq_daemon *d, const struct mq_game *g,
    struct mq_err *err);
/* A deadline pass cut short (a kill between two of its defaults) is
 * finished as it was to be: the defaults still due at its time, at, are
 * logged (none when the game is over, paused or everyone is away), not
 * mailed: the catching up mails them with the logged ones, as one update
 * (mailmark.c). The policy wait's word to the host is left to the pass. */
int mq_deadline_finish(struct mq_daemon *d, struct mq_game *g, long long at,
    struct mq_err *err);
/* The host's mail that masqued paused the game at entry seq, every player
 * having missed a deadline (its players are told by mq_notify_admin). */
int mq_deadline_tell_host_absent(struct mq_daemon *d, const struct mq_game *g,
    uint64_t seq, struct mq_err *err);
/* At serve's start: a game that waits on the host (policy wait) whose
 * clock file an older masqued wrote as never due (it never reminded the
 * host) is made due at the host's next reminder (host_reminder). */
int mq_deadline_wake_waiting(struct mq_daemon *d, struct mq_game *g,
    struct mq_err *err);
/* At serve's start, serve --once's too: when masqued.conf's host_reminder
 * is not the one kept in DATA/cursor/host-reminder, the games waiting on
 * the host that it makes due sooner are scheduled again by it (only those
 * are opened); then it is kept. Failures are logged. */
void mq_deadline_host_reminder_check(struct mq_daemon *d);
/* A debt the game waits on the host for (policy wait, the host told of
 * its missed deadline): as it stood before a move. */
struct mq_waited {
	long long dl, since, extra;
	int told;
};
/* Whether the host was told that seat missed its current deadline (and
 * the game waits on the host for it); *w, that debt, for the next. */
int mq_deadline_host_waits_on(const struct mq_daemon *d,
    const struct mq_game *g, int seat, struct mq_waited *w);
/* Whether the host was told of a missed deadline of seat's that is not
 * its debt now (a debt paid since). */
int mq_deadline_host_told_before(const struct mq_daemon *d,
    const struct mq_game *g, int seat);
/* After seat's move (its first entry, entry): if it paid the debt w the
 * host was told of, the host is told, once, that the game goes on. */
int mq_deadline_tell_host_moved(struct mq_daemon *d, const struct mq_game *g,
    int seat, const struct mq_waited *w, uint64_t entry, struct mq_err *err);
/* When the game next needs the daemon (0: unknown, open it). A damaged
 * clock file reads as 0, and the daemon's log says so. */
long long mq_deadline_next(const struct mq_daemon *d, const char *id);

/* The game's reminder (seconds before a deadline; at most half the
 * deadline) and whether its policy at a deadline is to wait for the admin:
 * its options, else the config's. */
long mq_game_reminder_secs(const struct mq_config *c, const struct mq_game *g);
int mq_game_policy_wait(const struct mq_config *c, const struct mq_game *g);
/* The game's own time for a move (new --option deadline=6h), else the
 * config's deadline, in seconds. */
long mq_game_move_secs(const struct mq_config *c, const struct mq_game *g);
/* The extend that the host is offered for a deadline passed late seconds
 * ago: the time past it, rounded up to the hour, and the game's time for a
 * move (mq_game_move_secs, rounded up to the minute, as extend takes), so
 * that it gives the player the game's own deadline from now. More than
 * MQ_DURATION_MAX: no extend reaches past now (a pause and a resume). */
long long mq_extend_offer(const struct mq_config *c, const struct mq_game *g,
    long long late);
/* When the seat's debt falls due (0: it owes nothing), by the game's own
 * deadline or the config's, plus the host's extensions. */
long long mq_game_deadline(const struct mq_config *c, const struct mq_game *g,
    int seat);
/* Whether seat's deadline had gone by when the paused game g paused (a
 * pause of a game nobody plays, or the host's before serve played the
 * default): its resume starts that debt anew ("restart"), for given back
 * the time paused it would pass again at once. */
int mq_deadline_gone_at_pause(const struct mq_config *c,
    const struct mq_game *g, int seat);

#endif
