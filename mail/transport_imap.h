/*
 * transport_imap.h - reading inbound mail over IMAP (libcurl).
 *
 * The daemon's truth is its own durable cursor (UIDVALIDITY, last UID done),
 * kept in the data folder and advanced only after the log entry is fsynced;
 * these calls only read the server. \Seen, which a fetch sets, means
 * nothing here. Moving done messages to a folder is optional housekeeping.
 *
 * Each mq_imap_* call below opens a connection, logs in, does its work and
 * closes. A session (mq_imap_open) keeps one CURL handle, so a run of calls
 * reuses one logged-in connection; its mq_imap_s_* calls do the same work.
 *
 * Every failure to talk to the server (refused login, TLS required but not
 * offered, timeout, a connection dropped mid-message) is MQ_IO with one
 * sentence naming the server and the user; the password is never printed.
 */
#ifndef MQ_TRANSPORT_IMAP_H
#define MQ_TRANSPORT_IMAP_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

struct mq_imap_conf {
	const char	*url;		/* imap://host:port or imaps://host:port */
	const char	*mailbox;	/* "INBOX" */
	const char	*user;
	const char	*password;
	int		 require_tls;	/* imap://: STARTTLS or fail */
	const char	*done_folder;	/* NULL: leave messages where they are */
	long		 timeout_s;	/* 0: MQ_TRANSPORT_TIMEOUT */
	const char	*ca_file;	/* PEM the server's certificate is
					 * checked against; NULL: the system's */
};

/* The mailbox's UIDVALIDITY, read with STATUS. */
int	mq_imap_uidvalidity(const struct mq_imap_conf *c, uint32_t *uidvalidity,
	    struct mq_err *err);

/*
 * The UIDs above after_uid, ascending (UID SEARCH UID after+1:*, which can
 * return the last message even when its UID is lower, filtered). *uids is
 * malloc'd (NULL when *n is 0); the caller frees it.
 */
int	mq_imap_search_after(const struct mq_imap_conf *c, uint32_t after_uid,
	    uint32_t **uids, size_t *n, struct mq_err *err);

/*
 * The raw message with that UID (UID FETCH n BODY[]), NUL-terminated, *len
 * bytes without the NUL; the caller frees *raw. MQ_REFUSED when it is
 * larger than max bytes or when the mailbox holds no such UID (gone since
 * the search); MQ_IO for the rest.
 */
int	mq_imap_fetch(const struct mq_imap_conf *c, uint32_t uid, char **raw,
	    size_t *len, size_t max, struct mq_err *err);

/*
 * UID MOVE the message to done_folder, creating the folder when the server
 * asks for it (TRYCREATE). Does nothing when done_folder is NULL. A server
 * that refuses MOVE and lacks it (RFC 6851; its CAPABILITY is then asked,
 * once a session) gets UID COPY, then UID STORE +FLAGS.SILENT (\Deleted),
 * then UID EXPUNGE of that message where it has UIDPLUS (RFC 4315); without
 * UIDPLUS the message is left flagged (mq_imap_s_leaves_flagged): a plain
 * EXPUNGE would remove whatever else is flagged in the mailbox.
 */
int	mq_imap_move_done(const struct mq_imap_conf *c, uint32_t uid,
	    struct mq_err *err);

/* A session: the conf must outlive it. */
struct mq_imap;
int	mq_imap_open(const struct mq_imap_conf *c, struct mq_imap **out,
	    struct mq_err *err);
void	mq_imap_close(struct mq_imap *s);
/* 1 when this session's server has neither MOVE nor UIDPLUS (known once a
 * move was refused): done messages stay in the mailbox, flagged \Deleted. */
int	mq_imap_s_leaves_flagged(const struct mq_imap *s);
/*
 * The mailbox's UIDVALIDITY and UIDNEXT (STATUS; *uidnext is 0 when the
 * server leaves it out): a UIDNEXT at or below a UID already read under
 * the same UIDVALIDITY means the server numbered its messages anew without
 * saying so (RFC 3501 forbids it; a server whose index was lost under a
 * live session does it).
 */
int	mq_imap_s_status(struct mq_imap *s, uint32_t *uidvalidity,
	    uint32_t *uidnext, struct mq_err *err);
int	mq_imap_s_uidvalidity(struct mq_imap *s, uint32_t *uidvalidity,
	    struct mq_err *err);
int	mq_imap_s_search_after(struct mq_imap *s, uint32_t after_uid,
	    uint32_t **uids, size_t *n, struct mq_err *err);
int	mq_imap_s_fetch(struct mq_imap *s, uint32_t uid, char **raw,
	    size_t *len, size_t max, struct mq_err *err);
/* The header section alone (BODY[HEADER]) of a message the fetch above
 * refused for its size (mq_imap_s_too_large: 1 when the last request was
 * cut at its cap), to tell its sender why. */
int	mq_imap_s_fetch_header(struct mq_imap *s, uint32_t uid, char **raw,
	    size_t *len, size_t max, struct mq_err *err);
int	mq_imap_s_too_large(const struct mq_imap *s);
/* 1 when the last request failed for the server's being out of reach (no
 * connection, no answer in time, a connection broken off): an outage, for
 * the next pass to try again, not a fault of the host's. */
int	mq_imap_s_unreached(const struct mq_imap *s);
int	mq_imap_s_move_done(struct mq_imap *s, uint32_t uid,
	    struct mq_err *err);

#endif
