/*
 * transport_smtp.h - sending mail over SMTP (libcurl).
 *
 * One message per call, one recipient per message (the views are private).
 * A session keeps its connection open across messages and opens a new one
 * every max_per_connection messages, since servers cap a session
 * (OpenSMTPD: 100 messages).
 *
 * mq_smtp_send tells the caller what to do with a failure:
 *	MQ_REFUSED	a 5xx reply to the recipient or to the message: it
 *			will never be accepted; bounce or dead-letter it.
 *	MQ_IO		a 4xx reply, a 5xx to anything else (sender, login),
 *			no connection, TLS required but not offered, a
 *			timeout: retry later with back-off.
 * The password is never printed.
 */
#ifndef MQ_TRANSPORT_SMTP_H
#define MQ_TRANSPORT_SMTP_H

#include <stddef.h>

#include "err.h"

struct mq_smtp_conf {
	const char	*url;		/* smtp://host:port, smtps://host:465 */
	const char	*user;		/* NULL: no authentication */
	const char	*password;
	int		 require_tls;	/* smtp://: STARTTLS or fail */
	const char	*mail_from;	/* the envelope sender */
	long		 timeout_s;	/* 0: MQ_TRANSPORT_TIMEOUT */
	int		 max_per_connection;	/* 0: MQ_TRANSPORT_SMTP_PER_CONN */
	const char	*ca_file;	/* PEM the server's certificate is
					 * checked against; NULL: the system's */
};

/* A sending session; the conf must outlive it. */
struct mq_smtp;

/* Check the conf and set up; connects lazily, at the first send. */
int	mq_smtp_open(const struct mq_smtp_conf *c, struct mq_smtp **out,
	    struct mq_err *err);

/*
 * Send len bytes of raw to rcpt. Bare LF line ends become CRLF and a
 * missing final line end is added; dot-stuffing is libcurl's.
 */
int	mq_smtp_send(struct mq_smtp *s, const char *rcpt, const char *raw,
	    size_t len, struct mq_err *err);

/*
 * After a failed send: 1 when the server took no part of the message: it
 * could not be reached, said nothing, or failed the session before the
 * message's MAIL command (refused its greeting, EHLO, TLS or the login, as
 * with a 421 in maintenance; or cut it). The next message would only fail
 * the same way (each waiting for the timeout), and this one is not to
 * blame.
 */
int	mq_smtp_server_failed(const struct mq_smtp *s);

/* 1 when a user is configured and a mail went without an AUTH: the
 * server offered no login (libcurl then sends without one, silently). */
int	mq_smtp_no_login(const struct mq_smtp *s);

/* How many connections the session has opened so far (for tests). */
unsigned long	mq_smtp_connections(const struct mq_smtp *s);

void	mq_smtp_close(struct mq_smtp *s);

#endif
