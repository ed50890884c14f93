/*
 * daemon.h - what the mail-facing commands share: the config, the data
 * folder, the templates, the games opened during one pass (each held open
 * and locked, so a batch of mail verifies each log once), and the rate
 * limit of replies to one sender.
 */
#ifndef MQ_DAEMON_H
#define MQ_DAEMON_H

#include "daemon/config.h"
#include "daemon/store.h"

/*
 * Games held open at once (fewer when the limit on open files is low): a
 * game whose replies are spread over a long pass is then verified and
 * replayed once, not once a reply. About 27 KiB each.
 */
#define MQ_DAEMON_OPEN_MAX	2048
#define MQ_DAEMON_RATE_SLOTS	256

struct mq_rate {
	char addr[256];
	long long window;	/* the hour it counts */
	int count;
};

/* DATA/cursor/rate, mapped shared (daemon.c): the workers of a pass, a
 * restarted serve and every ingest count one limit. */
struct mq_rate_table {
	char lock;		/* a spin lock between the processes */
	struct mq_rate slot[MQ_DAEMON_RATE_SLOTS];
	struct mq_rate strangers;	/* all who play in no game here */
};

struct mq_renderer;
struct mq_refusals;

#define MQ_DAEMON_STALLED_MAX	64

struct mq_daemon {
	struct mq_config conf;
	struct mq_store store;
	char tmpl_dir[4200];
	struct mq_renderer *renderer;	/* the templates, parsed once */
	struct mq_refusals *refusals;	/* refusal sentences' translations */
	struct mq_refusals *host_i18n;	/* the host's mails' (host_text.h) */
	struct mq_game *open[MQ_DAEMON_OPEN_MAX];
	int nopen, open_max;
	struct mq_rate_table *rate;	/* mapped shared, or NULL: no limit */
	int worker, nworkers;		/* this process's share of a pass */
	long long now;
	char **senders;			/* mq_daemon_known_sender's, per pass */
	size_t nsenders;
	int senders_read;
	struct mq_seat_index seats;	/* mq_daemon_sender_lang's, per pass */
	int seats_read;
	/* The IMAP mailbox is read again from its start because its
	 * UIDVALIDITY changed or the cursor was lost: a message no game knows
	 * may then be older than masqued here, or one answered before, so
	 * only moves are answered (inbound.c) and the rest said in the log. */
	int rereading;
	/* while rereading: the time of the last pass that read the mailbox
	 * before (its cursor's), so that a message dated after it, new, is
	 * answered as any other; LLONG_MAX when not known */
	long long reread_before;
	/* The games a message of this pass could not be processed for: the
	 * rest of their mail and their deadlines wait for the next pass, when
	 * that message comes first again. A later message's entry would else
	 * move the game's mark of mailed entries past the failed one's, whose
	 * answers (queued in part, or not at all: a full disk) no catching up
	 * rebuilds: a reply's entry is its message's to bring back. */
	char stalled[MQ_DAEMON_STALLED_MAX][MQ_GAME_ID_LEN + 1];
	int nstalled;
	int stall_all;	/* more than the list holds: every game waits */
	/* What mq_daemon_log_game said this pass (a hash of each game and
	 * sentence): a game that cannot be caught up is tried by each step
	 * of a pass, and said once. */
	uint64_t said[MQ_DAEMON_STALLED_MAX];
	int nsaid;
	/* The mailbox could not be read to its end this pass (an IMAP
	 * server out of reach, an inbox that cannot be listed): a move may
	 * wait there for any game, so no deadline passes until it is read;
	 * else an outage of the host's would play defaults for players who
	 * had moved. */
	int inbox_unread;
	/* This pass's failure to read the mailbox is in the log already,
	 * its cause first (mq_inbound_down): not said again after. */
	int inbox_said;
	/* The move being answered came past its sender's rate_limit: it is
	 * applied and answered, but the others get no notice that only tells
	 * of its commitments (as if they had sent SET NOTICES OFF; they check
	 * them with the moves they open), else a flood of replaced moves is
	 * a flood of mail to every other player. */
	int hush_notices;
	/* The last mq_daemon_rate_ok was the first past the limit this
	 * hour: that message, if it is dropped, is told so (once an hour) */
	int rate_first_over;
	/* The disk was found full by this process (reserve.h): logged once,
	 * and room found again is logged once. */
	int disk_full;
	/* The notice of it is queued, though its marker may not be (no inode
	 * left for it): not queued again while the disk stays full. */
	int disk_told;
	/* The game mails queued in the inbox batch now open, when this
	 * process sends them itself once the batch is durable and its
	 * messages are marked done (serve.c: a Maildir outbox, each worker
	 * its own games' mail); else send_batches is 0 and none are noted. */
	int send_batches;
	char **batch_mail;
	size_t nbatch_mail, batch_mail_cap;
};

/* "game ID: SENTENCE" in the daemon's log, once a pass for the same game
 * and sentence (a sentence that names the game first, "Game ID ...", is
 * said without saying it twice). */
void mq_daemon_log_game(struct mq_daemon *d, const char *id, const char *msg);

/* Note a game as stalled for this pass (when the list is full, every game
 * is, for this pass: stall_all); 1 when id is stalled. */
void mq_daemon_stall(struct mq_daemon *d, const char *id);
int mq_daemon_stalled(const struct mq_daemon *d, const char *id);

/* The mail templates' folder into out (n bytes); MQ_IO and a sentence saying
 * where it looked when there is none (daemon.c). */
int mq_daemon_templates(char *out, size_t n, struct mq_err *err);
int mq_daemon_open(struct mq_daemon *d, const char *datadir, const char *config,
    struct mq_err *err);
void mq_daemon_close(struct mq_daemon *d);
/* 0 when DATA/cursor is there (serve's and ingest's locks and records);
 * else MQ_IO and a sentence saying what to put back. */
int mq_daemon_cursor_there(const struct mq_daemon *d, struct mq_err *err);
/* Note a mail queued under spool name `name` for the batch now open
 * (send_batches); out of memory, it is left to the pass's last sending. */
void mq_daemon_note_mail(struct mq_daemon *d, const char *name);
/* Forget the noted mails (sent, or left to the pass's last sending). */
void mq_daemon_forget_mail(struct mq_daemon *d);
/* A game open for writing, kept until mq_daemon_release. */
int mq_daemon_game(struct mq_daemon *d, const char *id, struct mq_game **g,
    struct mq_err *err);
void mq_daemon_release(struct mq_daemon *d);
/* 1 when addr plays or played in a game here, or is the admin's. Mail
 * that cannot be authenticated, carries no sound game tag and comes from
 * any other address is answered only within mq_daemon_stranger_ok: spam
 * with forged senders would otherwise make us send our sentence to
 * innocent third parties (backscatter). The addresses are read once a
 * pass (mq_daemon_forget_senders starts one). */
int mq_daemon_known_sender(struct mq_daemon *d, const char *addr);
/* Forget those addresses and the seats below: a pass starts. */
void mq_daemon_forget_senders(struct mq_daemon *d);
/* d->seats read, once a pass (mq_store_seat_index): 0, or MQ_IO. */
int mq_daemon_read_seats(struct mq_daemon *d, struct mq_err *err);
/* mq_seat_index_lang and mq_seat_index_seats on the seats of every game
 * here, read once a pass, when first asked for, and again after the pass
 * logs a SET LANG (mq_daemon_forget_seats): MQ_IO when they cannot be read
 * (the games listed, or memory). */
int mq_daemon_sender_lang(struct mq_daemon *d, const char *addr,
    const char *hint, char lang[8], struct mq_err *err);
int mq_daemon_address_seats(struct mq_daemon *d, const char *addr,
    struct mq_addr_seat *v, size_t max, size_t *n, struct mq_err *err);
/* Forget the seats alone: this pass logged a seat's new language, or a
 * game's end (a bounce read after it names no replace in that game). (A
 * replace is the host's, by the command line: a pass under way may miss
 * it, as it does a game begun meanwhile.) */
void mq_daemon_forget_seats(struct mq_daemon *d);
/* 1 when another answer to such a stranger is allowed this hour (all of
 * them together: stranger_limit), and counts it. */
int mq_daemon_stranger_ok(struct mq_daemon *d);
/* 1 when another reply to addr is allowed now (and counts it); d's
 * rate_first_over says whether it was the first one past the limit. */
int mq_daemon_rate_ok(struct mq_daemon *d, const char *addr);
/* A line in the daemon's log (stderr): what happened, never a password. */
void mq_daemon_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Its lines' start, "masqued YYYY-MM-DD HH:MM:SS" (UTC, the pinned clock),
 * for lines written in a batch. */
void mq_daemon_log_stamp(char *out, size_t n);

#endif
