/*
 * notify.h - the mail a game sends: each one's context (the player's view,
 * what happened, receipts, commitments, reveals, the checkpoint), rendered
 * in the player's language by the templates (a refusal's English sentence
 * translated by notify_refusal.h), built as MIME and spooled.
 */
#ifndef MQ_NOTIFY_H
#define MQ_NOTIFY_H

#include "daemon/daemon.h"

struct mq_settings;	/* inbound.h */

/* The welcome mail to every player of a new game. */
int mq_notify_welcome(struct mq_daemon *d, struct mq_game *g, struct mq_err *err);

/* After a player's message: the receipt to them; commitments, a resolution
 * or the end to everyone else (the game's journal must have been on). */
int mq_notify_submit(struct mq_daemon *d, struct mq_game *g, int seat,
    const struct mq_submit_result *r, const char *reply_id, const char *key,
    struct mq_err *err);

/* The answers to a player's commands, by mail or the host's `submit`:
 * HELP alone (once or more) gets the help mail alone (a receipt beside it
 * would only say "accepted: HELP"); anything else mq_notify_submit's
 * mails, and the help too when HELP was among the commands. set: the SET
 * lines that came with them (or NULL), which the help mail alone confirms
 * (a receipt lists them: mq_receipt_list_settings). key (a mail's: the
 * hash of its bytes), else reply_id (the sender's Message-ID, which an
 * answer to a game over threads under), sets an answer that logged
 * nothing apart (mq_notify_submit); NULL: none. */
int mq_notify_answer(struct mq_daemon *d, struct mq_game *g, int seat,
    const struct mq_submit_result *r, const struct mq_settings *set,
    const char *reply_id, const char *key, struct mq_err *err);

/* After entries nobody sent (a deadline's defaults, the host's admin entry):
 * a resolution or end mail to everyone, or (kind "admin", with the action
 * as mq_notify_admin makes it; otherwise NULL) the host's notice. */
int mq_notify_update(struct mq_daemon *d, struct mq_game *g, const char *kind,
    json_t *admin, struct mq_err *err);

/* After the host's admin entry (its body): the notice to everyone, saying
 * what and why, each in their language (the context's "admin" holds the
 * action, "notice" the sentence templates/LANG/_admin_notice.mustache
 * makes of it), and after a replace the welcome with the new address and
 * the notice to the old one (before: the seat as it was before the entry;
 * NULL: none is sent). The one place an entry becomes its mail: the
 * rebuild after a crash (mailmark.c) calls it too. */
int mq_notify_admin(struct mq_daemon *d, struct mq_game *g, const json_t *body,
    const struct mq_player_info *before, struct mq_err *err);

/* The help mail (the game's commands) to a player of the game; key (hex,
 * its first 16 digits, or NULL) sets apart the answers to two messages;
 * set (or NULL): the SET lines that came with HELP, which it confirms;
 * empty: it answers a mail with no text of its own, which it says, and
 * that its attachments (their number; the one's file name, or "" or
 * NULL) were not read. */
int mq_notify_help(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *key, const struct mq_settings *set, int empty,
    int attachments, const char *attachment, struct mq_err *err);

/* The answer to a mail of SET lines alone (inbound.h): the turn mail (what
 * the player owes, the board, their own section) in the language asked,
 * saying what changed ("lang_set", "notices_on" or "notices_off" in the
 * context); once the game is over, the end mail again, saying the
 * language changed if it did; key, the mail's hash in hex, sets it apart
 * from the turn or end mail of the same entry. */
int mq_notify_settings(struct mq_daemon *d, struct mq_game *g, int seat,
    const struct mq_settings *set, const char *key, struct mq_err *err);

/* A reminder to a seat that still owes its move. */
int mq_notify_reminder(struct mq_daemon *d, struct mq_game *g, int seat,
    struct mq_err *err);

/*
 * Policy wait: the deadline of the seats late[] (nlate of them) passed and
 * the game waits for the host (deadline.c). The "waiting" mail to every
 * seat still in the game: to a late one, that its deadline (its own, in
 * its clock) passed, that the host (config `admin`, named) decides, and
 * that its move is still taken now, with what it owes; to each other, that
 * the deadline (missed, the earliest) passed and the game waits for the
 * seats waiting[] (nwait, the reader left out) and the host. uniq sets
 * the mails of one missed deadline apart from another's at the same seq.
 */
int mq_notify_waiting(struct mq_daemon *d, struct mq_game *g, const int *late,
    int nlate, const int *waiting, int nwait, long long missed,
    const char *uniq, struct mq_err *err);

/* To a sender outside any game (or not authenticated), or a player whose
 * game takes nothing now: one sentence, or the help, in lang (NULL: the
 * config's); `key` names the spool file so a retry does not double it.
 * It has no Reply-To (no seat's tag), so it asks for no reply: a reply
 * could only be one with no game tag (mq_notify_stranger_reply gives one). */
int mq_notify_stranger(struct mq_daemon *d, const char *to, const char *lang,
    const char *kind, const char *reason, const char *key, struct mq_err *err);
/* The same with a Reply-To: the sender's own seat's reply address, for a
 * player who answered another's mail (a reply to the refusal reaches the
 * game); the game it is about, named in the subject by its own tag (as
 * its other mails: "[Masquerade ID]"); and the refused
 * mail's Message-ID, which it answers in its thread. Each NULL as
 * mq_notify_stranger. */
int mq_notify_stranger_reply(struct mq_daemon *d, const char *to,
    const char *lang, const char *kind, const char *reason, const char *key,
    const char *reply_to, const struct mq_game *game,
    const char *in_reply_to, struct mq_err *err);

/* A plain notice to the host (config `admin`; notify_host.c), once per key:
 * a bounce, a game stopped by a bad log. Nothing happens when no admin is
 * configured. Its Message-ID holds the key and the time: a key told again
 * once forgotten (a disk full a second time) is a new mail to the host's
 * client, not a copy of the first it would drop. */
int mq_notify_host(struct mq_daemon *d, const char *key, const char *subject,
    const char *text, struct mq_err *err);
/* The same; *spooled says whether the mail was queued, even when the
 * marker that it was then failed (a disk out of inodes). */
int mq_notify_host_spooled(struct mq_daemon *d, const char *key,
    const char *subject, const char *text, int *spooled, struct mq_err *err);
/* text into out, each command line in it ("masqued admin ...", verify,
 * games, log, export) naming the data folder: "masqued -C DIR admin ...",
 * DIR absolute and quoted for the shell, so that the host can copy it into
 * a shell anywhere. A folder whose name is not UTF-8 is left out (the
 * mail must be). 0, or -1 out of memory. */
int mq_notify_host_commands(const char *datadir, const char *text,
    struct mq_buf *out);
/* The columns of a host's mail's text part, as a player's. */
#define MQ_HOST_WIDTH	78
/* text into out as the host reads it: its commands naming the data folder
 * (mq_notify_host_commands), each line wider than MQ_HOST_WIDTH wrapped
 * (deco_wrap_paragraphs: Japanese and Chinese words kept whole), what the
 * host copies kept whole: a command line ("  masqued -C DIR admin ..."),
 * its head held on its line when what it does is wrapped; a command in a
 * sentence, a span in backquotes, a short one in double quotes, the data
 * folder's name. A line of one of those wider than the width stays so.
 * 0, or -1 out of memory. */
int mq_notify_host_text(const char *datadir, const char *text,
    struct mq_buf *out);
/* Whether the host was told of key already (or there is no host to tell). */
int mq_notify_host_told(const struct mq_daemon *d, const char *key);
/* Whether key's marker is there, admin or none; and the marker made,
 * for a notice said in the daemon's log alone (no admin to mail). */
int mq_notify_host_marked(const struct mq_daemon *d, const char *key);
int mq_notify_host_mark(const struct mq_daemon *d, const char *key,
    struct mq_err *err);
/* Forget that the host was told of key: for a key that cannot come again
 * (a stoppage that is over), so that the markers do not pile up. */
void mq_notify_host_forget(const struct mq_daemon *d, const char *key);
/* The host is told, once, that game id stopped since its log does not
 * verify (why), or was cut short (its own subject and words: store.h
 * mq_store_game_cut); whichever pass finds it first: a reply's, or the
 * clock's. */
void mq_notify_host_stopped(struct mq_daemon *d, const char *id,
    const char *why);
/* Game id's log read clean again (put back from a backup): the marker of
 * its stoppage goes, so that a later damage of it is told again. Called at
 * every open that reads the log (daemon.c mq_daemon_game), not only at
 * serve's start: a `serve --once`, a long-running serve's later pass, a
 * `submit` or an `admin` would else leave it, and the host would never
 * hear of a second damage. */
void mq_notify_host_sound(const struct mq_daemon *d, const char *id);
/* The host is told, once for each entry it is held at, that game id waits
 * until the mails of its entries from..to can be queued (why): its catching
 * up failed (daemon.c mq_daemon_game). */
void mq_notify_host_waits(struct mq_daemon *d, const char *id, uint64_t from,
    uint64_t to, const char *why);
/* The host is told, once per player per pause, that seat sent a mail to
 * play in the paused game g (refused), with the resume line. */
int mq_notify_host_paused_play(struct mq_daemon *d, const struct mq_game *g,
    int seat, struct mq_err *err);
/* The host is told, once per game (DATA/cursor/told-over-GAME), that g is
 * over: how it ended, after which round or turn, and the commands that
 * check it. A host that plays in g gets it beside the players' end mail.
 * A failure is said in the daemon's log, not returned: the players' end
 * mail does not wait on the host's copy. */
void mq_notify_host_over(struct mq_daemon *d, const struct mq_game *g);

#endif
