/*
 * store.h - the data folder and the games in it.
 *
 * A game is its log: state = replay(log). Opening a game verifies the log
 * and replays every entry through the engine's one apply(); submitting
 * builds one entry for all of a message's commands (plus a reveal entry when
 * a phase resolves), appends them durably, and only then applies them by
 * the same replay path, so the state in memory is always what the log says.
 */
#ifndef MQ_STORE_H
#define MQ_STORE_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "daemon/gamedata.h"
#include "daemon/keys.h"
#include "daemon/log.h"
#include "daemon/logfile.h"

#define MQ_GAME_ID_LEN	8

struct mq_store {
	char datadir[1024];
	int have_secret;		/* keys.sk and keys.tag loaded */
	struct mq_keys keys;		/* pk always; sk and tag when have_secret */
	struct mq_gamedata_cache *data;	/* the games' data files, compiled */
};

#define MQ_LATE_KEEP	4	/* struct mq_player_info's late */

struct mq_player_info {
	char name[MQ_NAME_MAX];
	char email[256];
	char lang[8];
	int epoch;			/* reply-token epoch: rotate-token adds one */
	int kicked;			/* played by the deadline defaults */
	long long kicked_at;		/* the kick's entry time, while kicked:
					 * the refusal of their mail says when */
	int quiet;			/* SET NOTICES OFF: no commitment
					 * notices; the rest of the mail comes */
	char owes[16];			/* what the seat owes now, "" if nothing */
	long long owe_since;		/* the entry time it began owing it */
	long long asked_at;		/* the entry time its latest debt began
					 * (a resume aside): the game's mail
					 * asked for it then (inbound_copy.c) */
	long long extra;		/* seconds added to this debt's deadline:
					 * admin extend, and the time paused */
	long long extra_at_pause;	/* extra when the game last paused
					 * while it owed this */
	/* the host's extends of this debt (the one begun at extend_since:
	 * another is a debt before), for the host's mail when its deadline
	 * passes again: how many, the seconds in all, the last's time and
	 * seconds */
	long long extend_since;
	int nextends;
	long long extend_total, extend_last_at, extend_last_secs;
	int reminded;			/* a reminder went for this debt */
	int absent;			/* missed a deadline since anyone last
					 * played or the host last acted */
	/* The deadline's defaults played for the seat in the log's last
	 * entries (a run of timeouts and the reveals they set off), which
	 * the mail after them tells (notify.c): 0 none, else
	 * MQ_DEFAULTED_CLOCK or MQ_DEFAULTED_HOST, and their commands. */
	int defaulted;
	char defaulted_text[80];
	int defaulted_secret;		/* the others may not be told it
					 * (game.h, default_told) */
	/* the decisions of its secret picks not shown yet (a MOVE kept
	 * until the round's last): told once each is resolved in the same
	 * run of entries (the last seat's default ends the phase), else
	 * not; defaulted_secret when more than fit */
	char defaulted_wait[4][16];
	int ndefaulted_wait;
	char defaulted_owed[16];	/* what the seat owed as its first
					 * default was played (game.h owes:
					 * a PASS says what it declined) */
	json_t *defaulted_why;		/* the host's --why, MQ_DEFAULTED_HOST:
					 * the log entry's string, held (a
					 * reference, not a copy: most games
					 * never have one), or NULL; notify.c
					 * cuts a long one for the mail */
	/* The entries of the deadline's defaults played for the seat since
	 * its last own move (a command entry), the latest MQ_LATE_KEEP,
	 * oldest first; a host's default, or the seat's replace, empties
	 * it: a mail of the seat's refused now that one of them answered
	 * too late is told so (inbound_late.c). */
	uint64_t late[MQ_LATE_KEEP];
	int nlate;
};

#define MQ_DEFAULTED_CLOCK	1	/* the player missed the deadline */
#define MQ_DEFAULTED_HOST	2	/* the host's `admin default` */

struct mq_pending {			/* a secret command not yet revealed */
	uint64_t seq;
	int index;
	char key[16];			/* the decision it makes */
	int resolved;			/* its decision has resolved */
	int seat;
	char text[160];			/* what the reveal tells the players */
	char salt[65], commit[65];
	int by_host;			/* its entry is the host's submit (no
					 * mail of the player's holds it) */
};

/* A secret move a later one of the same seat changed before it was
 * revealed (same decision: a PLAY sent again, a PLAN of some times): the
 * rule the receipt's "changes your move of entry N" and the reveal's
 * "changed later, at entry N" follow (mq_game_earlier_pend). */
struct mq_change {
	uint64_t seq;			/* the entry of the move changed */
	int index;			/* its command in that entry */
	uint64_t by;			/* the entry that changed it (seq: a
					 * later line of the same mail) */
	int by_index;			/* that command of it */
};

/* A command of an entry for another moment (the game's time, "8:20")
 * than the one the game was at when the entry was logged: the last seat
 * to move sends MOVE and PLAY, the move ends the round and the card is
 * the next's; or a seat that has moved sends its card for the next round
 * alone. log and replay say it beside the command ("PLAY x (for 8:20)"),
 * log --json as the command's "for". */
struct mq_for {
	uint64_t seq;			/* the entry */
	int index;			/* its command */
	char moment[16];		/* the moment it was for */
};

#define MQ_SENT_KEEP	8	/* commands kept per seat, for mq_game.sent */

struct mq_sent {			/* a command a seat's mail had accepted */
	uint64_t seq;			/* the entry that holds it */
	char key[16];			/* the moment it was for (its decision) */
	uint8_t text_hash[16];		/* of its canonical text (mq_sent_hash):
					 * 64 of these ride in every open game */
};

/* The hash a struct mq_sent keeps of a command's canonical text. */
void mq_sent_hash(const char *text, uint8_t out[16]);

struct mq_game {
	struct mq_store *store;
	char id[MQ_GAME_ID_LEN + 1];
	char dir[1200];
	char logpath[1300];
	struct mq_logfile *lf;
	int writable;
	struct mq_gamedata gd;
	const struct mq_game_kind *kind;
	void *state;
	json_t *genesis;		/* the genesis body */
	int nplayers;
	struct mq_player_info players[MQ_MAX_PLAYERS];
	int timeout_secret;		/* replay: the timeout entry just
					 * replayed played what the others may
					 * not be told (track_defaults) */
	char timeout_owed[16];		/* and what its seat owed before its
					 * first command (track_defaults) */
	char timeout_wait[4][16];	/* and the decisions of its secret
					 * picks not shown yet (defaulted_wait) */
	int ntimeout_wait;
	char lang[8];
	uint8_t seed[32];
	uint64_t seq;			/* last entry applied */
	unsigned char head[MQ_LOG_HASHLEN];
	long long last_ts;
	enum mq_log_type last_type;	/* the last entry's */
	int paused;
	uint64_t ended;			/* the admin entry that ended it early, or 0 */
	uint64_t end_seq;		/* its end entry (the result), or 0 */
	json_t *ended_body;		/* that entry's body (its why), or NULL */
	struct mq_pending *pend;
	size_t npend, cappend;
	struct mq_change *changes;	/* every change so far, in log order */
	size_t nchanges, capchanges;
	struct mq_for *fors;		/* every such command, in log order */
	size_t nfors, capfors;
	char **msg_hashes;		/* raw-message hashes already logged */
	uint64_t *msg_seqs;		/* the seq of the entry that logged each */
	size_t nmsg, capmsg;
	char head_sig[MQ_LOG_B64LEN + 1];	/* the last entry's signature */
	/* What the last entries did, for the mail: on while journal_on.
	 * journal_lost: an allocation failed and some of it is missing; its
	 * mails must not go out (notify.c says out of memory instead). */
	int journal_on, journal_lost;
	json_t *journal[MQ_MAX_PLAYERS + 1];	/* per seat; [nplayers]: public */
	json_t *journal_admin;		/* everything, for the host's story */
	/* Which seats owed input when the journal started: a seat whose turn
	 * came with the last entries gets the board, the others a notice. */
	unsigned char owed_before[MQ_MAX_PLAYERS];
	/* The public view then: a receipt names the turn the message was
	 * about, which the entries it made may have ended. */
	json_t *view_before;
	/* An entry is logged that this copy could not replay (out of
	 * memory): it no longer follows its log; open the game again. */
	int stale;
	const struct mq_log_entry *peek;	/* read past at_seq, not applied */
	json_t *revealed;		/* secrets opened: [{player,seq,text,salt,commit}] */
	json_t *committed;		/* new commitments: [{player,seq,commit}] */
	long long paused_at;		/* the pause entry's time, while paused */
	int paused_by_server;		/* that pause is masqued's: nobody played */
	unsigned resolutions, owed_serial;	/* phases resolved; seen by update_owed */
	/* Each seat's last commands accepted from its mail (a ring; nsent
	 * counts them all): a copy of one sent again at the same moment is
	 * told it was received already (inbound.c), not refused as new. */
	struct mq_sent sent[MQ_MAX_PLAYERS][MQ_SENT_KEEP];
	unsigned nsent[MQ_MAX_PLAYERS];
};

/* Start collecting what entries do (events per seat, reveals, commitments). */
void mq_game_journal_start(struct mq_game *g);
void mq_game_journal_stop(struct mq_game *g);
/* Replay one more entry of the log as opened (after an at_seq open):
 * 1 if one was applied, 0 at the end, else an error code (negative). */
int mq_game_step(struct mq_game *g, struct mq_err *err);

/* The next entry of a log opened at_seq, read but not applied (*e = NULL
 * at the end); valid until the next mq_game_step or peek. */
int mq_game_peek(struct mq_game *g, const struct mq_log_entry **e,
    struct mq_err *err);

/* The start of submit.c's sentence for a line after a refused one, by
 * which the receipt (notify_receipt.c) and inbound.c know it. */
#define MQ_AFTER_REFUSED	"Not applied, as a line above it was refused"
/* The start of inbound_late.c's sentence for a move that came after the
 * deadline's default, and of the game's end's (submit.c): the receipt
 * asks for nothing to be sent again after them alone. */
#define MQ_LATE_MOVE		"Your move came after the deadline ("
#define MQ_GAME_OVER		"The game is over; nothing more can be played."

/* One command's fate in a submit. */
struct mq_cmd_result {
	char *text;			/* canonical text, or the line as sent */
	int accepted;
	int secret;
	int shown;			/* secret, yet shown to the others now */
	char error[512];
	int line;			/* 1-based line number in the input */
	uint64_t already;		/* refused, but the seat had it accepted
					 * at this entry for this same moment: a
					 * copy sent again (inbound.c), or 0 */
	int moot;			/* refused, but needed no more: a PASS
					 * whose window closed by itself after
					 * the line before (game.h's follows,
					 * MQ_LINE_MOOT); it stops nothing and
					 * is no problem, listed apart */
	int note;			/* refused, but no command: a line no
					 * command word starts ("Hi all,",
					 * game.h's names_command), which
					 * stops nothing and is only noted */
	char meant[96];			/* a note holding a command after its
					 * first word ("i'll play discuss this
					 * time"): that command alone, or "" */
	uint64_t replaces;		/* accepted, secret: the entry of the
					 * seat's earlier move for the same
					 * decision, not yet revealed, that this
					 * one changes (a MOVE sent again), or 0 */
	int replaces_line;		/* accepted, secret: the line of the same
					 * mail whose move for the same decision
					 * this one changes (MOVE cw, then MOVE
					 * ccw), or 0; replaces is 0 then */
	int replaced_by;		/* accepted, secret, yet neither applied
					 * nor logged: the later line of the
					 * same mail, for the same decision,
					 * that took its place before it could
					 * be played (it would have ended the
					 * round the later one was meant for:
					 * MOVE ccw, then MOVE stay, from the
					 * last awaited), or 0 */
	int corrects;			/* accepted, or received already: the
					 * line of the same mail, refused just
					 * above, that this one puts right
					 * (STAGE libary, then STAGE library:
					 * mq_game_corrects), or 0 */
	int corrected_by;		/* refused: the later line of the mail
					 * that put it right, accepted or
					 * received already, or 0 */
	int tried_fix;			/* refused: the line of the same mail,
					 * refused just above, that this one
					 * was read as putting right
					 * (mq_game_corrects) before it was
					 * refused in turn (DANCER thief, not
					 * this seat's turn now), or 0; should
					 * the answer find it received already
					 * (a resend), it puts that line right
					 * (inbound.c mq_inbound_answer) */
	json_t *sender_note;		/* accepted: what the game tells the
					 * sender alone of it (game.h's
					 * sender_note: a MOVE sent before that
					 * this PLAY allows too few steps), or
					 * NULL; owned, never logged */
	char owed[16];			/* accepted: what the seat owed as it
					 * came (the game's owes word; a PASS
					 * says what it declined), or "" */
	char moment[16];		/* accepted: the moment its decision is
					 * for (the game's moment: "9:20"), or
					 * "" */
};

struct mq_submit_result {
	struct mq_cmd_result *cmds;
	size_t ncmds;
	int logged;			/* an entry was appended */
	struct mq_log_signed entry;	/* the command entry, when logged */
	int revealed;			/* a reveal entry was appended too */
	json_t *events;			/* the admin view of what happened */
};

int mq_store_init(const char *datadir, struct mq_err *err);
/* Open a data folder; need_secret loads the signing and tag keys too. */
int mq_store_open(const char *datadir, int need_secret, struct mq_store *s,
    struct mq_err *err);
void mq_store_close(struct mq_store *s);
/* The one game id of datadir that differs from id in one or two places
 * (a letter mistyped in a command line), into near; "" when none, or when
 * more than one is as near. */
void mq_store_near_game(const char *datadir, const char *id, char *near,
    size_t size);
/* List game ids (malloc'd array of malloc'd strings). */
int mq_store_games(const struct mq_store *s, char ***ids, size_t *n,
    struct mq_err *err);
/* Every address that plays or played in a game here (its first entry and
 * any replace since), lower-cased, sorted, each once, into *addrs (*n of
 * them; free with mq_store_addresses_free). Read from the logs as they
 * are, unverified: it only decides whether a mail is worth answering. A
 * log that cannot be read is skipped. */
int mq_store_addresses(const struct mq_store *s, char ***addrs, size_t *n,
    struct mq_err *err);
void mq_store_addresses_free(char **addrs, size_t n);
/*
 * Every seat's address now across the data folder's games (a seat's first
 * entry, or a replace since; with its language: the game's, then a SET
 * LANG or a replace --lang, as the replay sets it), read from the logs in
 * one go (free with mq_seat_index_free): a pass's many questions about its
 * senders read each log once. A log that cannot be read is skipped; MQ_IO
 * when the games cannot be listed or memory runs out.
 */
struct mq_seat_entry {
	char *addr;			/* as the log has it */
	char game[MQ_GAME_ID_LEN + 1];
	char seat[MQ_NAME_MAX + 1];
	char lang[8];
	size_t order, seat_no;		/* the game's place, the seat's */
	int over;			/* its log holds the game's end */
};
struct mq_seat_index {
	struct mq_seat_entry *v;	/* by address, game, seat */
	size_t n;
};
int mq_store_seat_index(const struct mq_store *s, struct mq_seat_index *ix,
    struct mq_err *err);
/* The same of the games not known to be over by their ended mark
 * (game_end.c), whose logs are not read: a finished game's seat takes no
 * new address (admin replace refuses a game over). */
int mq_store_seat_index_playing(const struct mq_store *s,
    struct mq_seat_index *ix, struct mq_err *err);
/* The same of one game's log alone (id): its seats, for a notice of its
 * mail (a dead letter), with no read of the other games' logs. */
int mq_store_seat_index_game(const struct mq_store *s, const char *id,
    struct mq_seat_index *ix, struct mq_err *err);
void mq_seat_index_free(struct mq_seat_index *ix);
/*
 * The language masqued writes to addr in, for a refusal of its mail that
 * names no game: its seat's in the games it plays in. When those differ,
 * the one the mail is written in (hint: "ja", "zh", "en", or NULL, see
 * mq_reply_lang_hint), else the one of the game whose log changed last
 * (its time read now). 1 and lang set, or 0 and lang as it was if addr
 * plays in no game here (the refusal is then in the server's language).
 */
int mq_seat_index_lang(const struct mq_store *s, const struct mq_seat_index *ix,
    const char *addr, const char *hint, char lang[8]);
/* The seats addr holds, at most max of them, one a game (its first), in
 * game order, into v; their number: for the host, which seat to give a
 * working address when its mail bounces. */
struct mq_addr_seat {
	char game[MQ_GAME_ID_LEN + 1];
	char seat[MQ_NAME_MAX + 1];
	int over;	/* the game is over: its seat takes no new address */
};
size_t mq_seat_index_seats(const struct mq_seat_index *ix, const char *addr,
    struct mq_addr_seat *v, size_t max);
/* The paragraph of a dead letter's notice that names the seats addr holds
 * in games in progress, eight at most (an address in more games is a
 * test's, not a friend's), each with the command that gives it a new
 * address, as the host copies it. With none and game_mail set (the dead
 * mail is a game's own), the seats it holds in games over instead: those
 * take no new address (admin replace refuses a game over), so the
 * paragraph says the game is over and what the host can do (its export, a
 * STATUS once the address works). "" for an address no such seat holds. */
void mq_seat_index_replace_lines(const struct mq_seat_index *ix,
    const char *addr, int game_mail, char *out, size_t size);
/* The same lines alone, without the paragraph's words (cmds), and the
 * seats' names, each once, joined by ", " (names): a bounce's notice says
 * whose address it is; both "" for an address no seat of a game in
 * progress holds. */
void mq_seat_index_replace_cmds(const struct mq_seat_index *ix,
    const char *addr, char *names, size_t nsize, char *cmds, size_t csize);
/* The seats addr holds in games over, as mq_seat_index_replace_cmds: their
 * names (names), the games (games, joined by ", ") and a line each of the
 * command that exports the game (cmds), which the host can send a player
 * who missed its last mails; all "" when it holds none. */
void mq_seat_index_over_cmds(const struct mq_seat_index *ix,
    const char *addr, char *names, size_t nsize, char *games, size_t gsize,
    char *cmds, size_t csize);

struct mq_new_game {
	const char *kind;
	int nplayers;			/* may be more than the names held: */
	const char *names[MQ_MAX_PLAYERS];	/* the game is then refused */
	const char *emails[MQ_MAX_PLAYERS];
	const char *langs[MQ_MAX_PLAYERS];	/* each one's, NULL: lang */
	json_t *options;		/* may be NULL */
	const uint8_t *seed;		/* NULL: random */
	const char *lang;		/* "en", "ja", "zh" */
	long long ts;
};

int mq_game_create(struct mq_store *s, const struct mq_new_game *ng,
    char id[MQ_GAME_ID_LEN + 1], struct mq_err *err);
/* Open a game: write locks it; at_seq > 0 replays only that far. */
int mq_game_open(struct mq_store *s, const char *id, int write, uint64_t at_seq,
    struct mq_game **out, struct mq_err *err);
/* MQ_BADDATA when the log ends before the last entry mailed (its mark):
 * a writer's open refuses it; `games` names it as stopped. Or before the
 * entry its ended mark says the game ended at (a game over, cut with its
 * mark of mailed entries deleted as well): games, view, export, log,
 * state, replay, as verify; a writer's open (submit, admin, serve)
 * refuses it too when the game has no mark of mailed entries, and with
 * one (within the log) takes the ended mark for an older masqued's crash,
 * which wrote it ahead of its batch's entries: it removes it, and the
 * game goes on from its log (store.c ended_cut_write). */
int mq_game_check_mark(const struct mq_game *g, struct mq_err *err);
/* 1 when the log of game id (not opened) is cut as mq_game_check_mark
 * tells it: the host's notice of a stopped game says which (notify_host.c). */
int mq_store_game_cut(struct mq_store *s, const char *id);
/* Open a log file that may live outside any data folder (verify). */
int mq_game_open_file(const char *logpath, const unsigned char *trusted_pk,
    uint64_t at_seq, struct mq_game **out, struct mq_err *err);

/* Where a log stops being sound. */
struct mq_damage {
	uint64_t seq;			/* the first entry that does not verify
					 * or does not replay; 0: none found */
	char why[512];			/* "entry SEQ: what is wrong" */
};

/*
 * Open a game read-only as far as its log is sound, for the commands that
 * step through its history (log, state, replay): a log damaged after its
 * first entry opens with the entries before the damage, *dmg saying where
 * and why, replayed up to at_seq (> 0) or to the last sound entry,
 * whichever comes first. An entry that verifies but does not replay is
 * found only when the replay reaches it. dmg->seq set on the way in (by an
 * earlier open of the same log) leaves that entry and those after it out.
 * Writers never open a game so: a bad entry in the middle stops the game.
 * A log whose first entry is bad fails as mq_game_open does.
 */
int mq_game_open_sound(struct mq_store *s, const char *id, uint64_t at_seq,
    struct mq_damage *dmg, struct mq_game **out, struct mq_err *err);
/* The same for a log file outside any data folder, read under trusted_pk;
 * its failures are the log's own sentences ("entry SEQ: ..."). */
int mq_game_open_file_sound(const char *logpath,
    const unsigned char *trusted_pk, uint64_t at_seq, struct mq_damage *dmg,
    struct mq_game **out, struct mq_err *err);
void mq_game_close(struct mq_game *g);
int mq_game_seat(const struct mq_game *g, const char *name);
/* MQ_REFUSED: no player name in g, with the names it has. */
int mq_game_no_player(const struct mq_game *g, const char *name,
    struct mq_err *err);
/* Over by its rules, or ended early by the host (admin end): nothing more
 * is played, and its secrets may be told. The daemon asks this, never the
 * engine's is_over alone. */
int mq_game_over(const struct mq_game *g);
/*
 * A line that is a secret move (a commitment) identical, as the game reads
 * it on work, to the one the seat's mail made that stands now for the same
 * moment (mq_game_standing), no line before it in the same message having
 * decided that moment anew (decided: those lines' keys): a copy of an
 * accepted reply, or the same move sent twice. *seen: its entry, or 0.
 * A mail's submit and its dry run tell it "received already", and apply
 * nothing: a second commitment would tell the others the move had changed.
 * -1 when memory ran out (then the line cannot be told from a change).
 */
int mq_game_standing_copy(const struct mq_game *g, const void *work,
    int seat, const char *line, const char (*decided)[16], size_t ndecided,
    uint64_t *seen);
/* The entry of the seat's last command of decision key (mq_game.sent), if
 * its canonical text is text: the move that stands for that moment; else 0. */
uint64_t mq_game_standing(const struct mq_game *g, int seat, const char *key,
    const char *text);
/* Every player still in the game missed a deadline since anyone last
 * played (and the host did not act since): the deadline defaults stop and
 * the game pauses for the host (deadline.c). */
int mq_game_all_absent(const struct mq_game *g);
/* Forget the deadline's defaults marked for the next mail (defaulted):
 * that mail is queued. */
void mq_game_defaults_clear(struct mq_game *g);
/* Every seat kicked: nobody plays, and the deadline defaults wait for the
 * host (a game of defaults alone may never end: The Masquerade's). */
int mq_game_nobody_plays(const struct mq_game *g);
/* A bare address a mail can go to: one @, nothing blank, no <>,". */
int mq_email_usable(const char *s);

/*
 * Apply a player's command lines. atomic: refuse all if any is refused
 * (submit); else log what was accepted (mail). msg_hash/msg_id (may be NULL)
 * record the raw message; a hash already logged is refused as a replay.
 * A game over (mq_game_over) takes STATUS and HELP alone, either way, and
 * refuses any other line in one sentence. On failure res holds nothing
 * (and needs no free).
 *
 * Rebuilding: on a game opened read-only at_seq just before entries that
 * are logged already (g->peek set), submit appends nothing: it checks that
 * the entries it builds are the next ones of the log and replays those, so
 * res is what the original submit returned. That is how the daemon answers
 * a message whose entry a crash left logged but unanswered
 * (inbound_rebuild.c).
 * The lines are taken as the log took them: the game's sent_ok, a new
 * line's check (game.h), is not made.
 */
int mq_game_submit(struct mq_game *g, int seat, const char *const *lines,
    size_t n, int atomic, const char *msg_hash, const char *msg_id,
    long long ts, struct mq_submit_result *res, struct mq_err *err);
/* The same, but refuse[i] (refuse NULL, or an entry NULL: none) refuses
 * lines[i] with that sentence where the game would parse it, as if the
 * game refused it (a move that came too late for the moment it was meant
 * for: the daemon's inbound_late.c); a rebuild passes the same. */
int mq_game_submit_refusing(struct mq_game *g, int seat,
    const char *const *lines, size_t n, const char *const *refuse,
    int atomic, const char *msg_hash, const char *msg_id, long long ts,
    struct mq_submit_result *res, struct mq_err *err);
void mq_submit_result_free(struct mq_submit_result *r);
/*
 * A line of a mail after one of its commands was refused (a line that
 * names one: game.h's names_command), on work (a copy of g's state): 1 with e saying why (its own parse's refusal, or that it
 * may have counted on the refused line), 0 for STATUS and HELP, which are
 * answered still (cmd parsed); -1 out of memory. text is scratch. The mail's
 * submit and its dry run (`masqued parse`) both ask it of a new line.
 */
int mq_game_after_refused(const struct mq_game *g, const void *work, int seat,
    const char *line, struct mq_cmd *cmd, struct mq_buf *text,
    struct mq_err *e);
/*
 * The order a mail's lines are applied in, into order[0..n): the lines of
 * a command that goes first (game.h's goes_first, read on work, a copy
 * of g's state) in their order, then the others in theirs; among the
 * first, just before it, a line whose mistyped command word the next
 * command line of them puts right (mq_game_corrects: PALN, then PLAN),
 * which the player meant as one of them; a STATUS or HELP of seat's
 * between them stops nothing. Returns how many go first (a
 * refusal of one refuses no other line); -1 out of memory (*order NULL).
 * The mail's submit and its dry run, a resend's answer.
 */
long mq_game_line_order(const struct mq_game *g, const void *work, int seat,
    const char *const *lines, size_t n, size_t **order);
/*
 * Whether line, the next command line of a mail after prev, which was
 * refused for itself (not held back by a line above it), puts prev right:
 * the same command of one choice (game.h's one_choice), or the command
 * prev's mistyped command word missed (game.h's word_put_right), so that
 * it is read as any line, not held back (docs/playing.md). The mail's
 * submit and its dry run.
 */
int mq_game_corrects(const struct mq_game *g, const void *work,
    const char *prev, const char *line);
/*
 * The walk of a mail's lines, in submit's order (mq_game_line_order), that
 * decides which refused line a later line puts right (mq_game_corrects):
 * the one place submit (the answer), its dry run (`masqued parse`) and
 * a resend's answer made without its first copy (inbound_copy.c) read it. Among the lines that go first (a PLAN, which stops no line),
 * the refused one just above (first_fix); among the others, the command
 * refused for itself just above (fix_of: after it the next are refused
 * too, but the one that puts it right), or the doubt just above (doubt_of:
 * 捨てる 円舞局, then 捨てる 円舞曲: the lines after it go on, and the next
 * line taken may put it right). Each is the line's index in lines and its
 * result's (res, the caller's numbering), or -1.
 */
struct mq_fix_walk {
	int refused;		/* a command refused above, not put right */
	long nfirst;		/* how many lines go first */
	long fix_of, first_fix, doubt_of;
	size_t fix_res, first_fix_res, doubt_res;
};
/* A refused line put right: its index in lines and its result. */
struct mq_fix_mark {
	long line;
	size_t res;
};
void mq_fix_walk_init(struct mq_fix_walk *w, long nfirst);
/* Whether line, the next new line, puts the refused command above right
 * (read as any line then, not held back by it). */
int mq_fix_walk_fixing(const struct mq_fix_walk *w, const struct mq_game *g,
    const void *work, const char *const *lines, const char *line);
/*
 * Line (at in the order), the move that stands for its moment sent again
 * (received already): the refused command above, or the refused line that
 * goes first above it, it puts right (MOVE cx, then the MOVE cw taken
 * already). Fills m with what it puts right; returns how many (0 or 1).
 */
size_t mq_fix_walk_standing(struct mq_fix_walk *w, const struct mq_game *g,
    const void *work, const char *const *lines, size_t at, const char *line,
    struct mq_fix_mark m[3]);
/*
 * Line i (at in the order; line its text, res its result), refused: lk
 * its kind (game.h's names_command), clean whether it was refused for
 * itself (not late for its moment, nor made refused by a line above it);
 * fixing, as mq_fix_walk_fixing said of it. Returns the refused line it was read as
 * putting right (its tried_fix: such a line found received already, a
 * resend, puts that line right as the first answer said; inbound.c), or
 * -1.
 */
long mq_fix_walk_refused(struct mq_fix_walk *w, const struct mq_game *g,
    const void *work, const char *const *lines, size_t at, size_t i,
    const char *line, size_t res, int lk, int clean, int fixing);
/*
 * Line (at in the order), taken: fixing as mq_fix_walk_fixing said of it;
 * changes whether it changes anything (all but STATUS and HELP: only they
 * leave a doubt above its chance). Fills m with the refused lines it puts
 * right; returns how many (0 to 3).
 */
size_t mq_fix_walk_taken(struct mq_fix_walk *w, const struct mq_game *g,
    const void *work, const char *const *lines, size_t at, const char *line,
    int fixing, int changes, struct mq_fix_mark m[3]);
/*
 * line parsed into cmd on work (a copy of g's state): 1 when it is STATUS
 * or HELP, which ask and change nothing (answered when the lines about
 * them are refused; never logged, so a resend's copy of them is in no
 * entry: answered again, inbound_copy.c), 0 when it is another command,
 * 2 when it does not parse (e says why), -1 out of memory; text holds
 * the line's canonical text ("STATUS") when it parses.
 */
int mq_game_asks_only(const struct mq_game *g, const void *work, int seat,
    const char *line, struct mq_cmd *cmd, struct mq_buf *text,
    struct mq_err *e);
/* The same for a game that is over (by its rules, or ended by the host):
 * every line but STATUS and HELP refused as the end refuses it. */
int mq_game_over_refuses(const struct mq_game *g, const void *work, int seat,
    const char *line, struct mq_cmd *cmd, struct mq_buf *text,
    struct mq_err *e);
/* MQ_REFUSED, with the sentence to mail, when seat's mail is refused whole
 * now: the game paused, the seat kicked; else 0 (a game over is read line
 * by line: mq_game_over_refuses). The mail's submit and its dry run. */
int mq_game_refuses_mail(const struct mq_game *g, int seat,
    struct mq_err *err);
/* MQ_REFUSED, with the sentence to mail, when the host kicked the seat
 * (until a replace); else 0. */
int mq_game_seat_playing(const struct mq_game *g, int seat, struct mq_err *err);
int mq_game_has_message(const struct mq_game *g, const char *hash);
/* The seq of the entry that logged the message with this hash, or 0. */
uint64_t mq_game_message_seq(const struct mq_game *g, const char *hash);

/* Generic log appends for other entry types (timeout, admin, end). */
int mq_game_append(struct mq_game *g, json_t *body, struct mq_err *err);
/* After an entry no player sent (a deadline's default) resolved a phase:
 * the reveal entry of its secrets still hidden, as a submit logs one (none
 * when nothing is to reveal). */
int mq_game_append_reveal(struct mq_game *g, long long ts, struct mq_err *err);
/* The end entry of g, over (by its rules, or the host's end), as of ts:
 * {"result": {"by": "rules"|"host", "winner": NAME|null, "alive": [NAME]}}.
 * NULL when memory runs out. */
json_t *mq_game_end_body(const struct mq_game *g, long long ts);
/* Log g's end entry if it is over and has none yet (writable g only), at
 * the time of its last entry; 0 when there is nothing to log. */
int mq_game_log_end(struct mq_game *g, struct mq_err *err);
/* The game's ended mark (game_end.c), written once it has its end entry
 * (writable g only; else nothing is written), for its last entry (the end,
 * or a SET LANG after it): what tells serve's start the game is over
 * without reading its log. */
void mq_game_ended_write(const struct mq_game *g);
/* 1 and *seq the mark's entry (the game's last once it ended) when
 * gamedir's ended mark is there, sound, and its log has the size it had
 * after that entry; else 0 (read the log to know). */
int mq_game_ended_read(const char *gamedir, uint64_t *seq);
/* 1 and *seq the mark's entry when gamedir's ended mark is there and
 * sound, whatever the log's size: verify's witness of how far the log
 * went (a log cut since is shorter than that entry); else 0. */
int mq_game_ended_seq(const char *gamedir, uint64_t *seq);

#endif
