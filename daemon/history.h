/*
 * history.h - a game opened for the commands that step through its history
 * (log, state, replay: cmd_view.c), to settle a dispute: a game of the data
 * folder, a game's export (export_file.h), which a player has with no
 * data folder, or a game's log file (a backup's, its data.json beside it,
 * read under the data folder's key, as verify LOGFILE reads it). Either is opened as far as its log is sound
 * (mq_game_open_sound), so that a log damaged in the middle still shows
 * what comes before the damage, and the command then says where it is.
 */
#ifndef MQ_HISTORY_H
#define MQ_HISTORY_H

#include <stdint.h>

#include "daemon/cli.h"
#include "daemon/store.h"

struct mq_history {
	const char *arg;		/* GAME, or the export's or log's file */
	struct mq_store s;		/* a game's data folder */
	int have_store;
	char xdir[1200];		/* the export unpacked; "" else */
	unsigned char pk[32];		/* the export's own key, or the data
					 * folder's for a log file */
	struct mq_damage dmg;		/* where its log stops being sound */
	struct mq_game *g;		/* replayed as far as asked */
	uint64_t last;			/* its last sound entry */
};

/*
 * Open arg, replayed up to entry at_seq (0: every sound entry): a game of
 * cli's data folder, or an export's file (a path with a slash in it, or a
 * file of that name here; its log is read under the export's own key, as
 * verify EXPORT reads it without --key). The whole log is replayed first,
 * so that h->dmg names an entry past at_seq that does not replay too.
 * Everything is shown, secrets too:
 * the host's own game, or a game that is over. On failure h needs no close.
 */
int mq_history_open(const struct mq_cli *cli, const char *arg,
    uint64_t at_seq, struct mq_history *h, struct mq_err *err);

/* Open h's game again, replayed up to entry at_seq. */
int mq_history_reopen(struct mq_history *h, uint64_t at_seq,
    struct mq_err *err);

/*
 * After what was shown, which rests on the entries up to upto: 0 when
 * they are sound and nothing is wrong past them. A damage at or before
 * upto (what was shown stops before it): MQ_BADDATA, its sentence in err.
 * One after upto: 0, and a note on stderr that says where it is. A game's
 * log cut short of what its players were mailed is told the same way, its
 * cut after its last entry.
 */
int mq_history_damage(const struct mq_history *h, uint64_t upto,
    struct mq_err *err);

/* Close the game, the data folder, and remove the export's folder. */
void mq_history_close(struct mq_history *h);

#endif
