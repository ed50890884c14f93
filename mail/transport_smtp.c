/*
 * transport_smtp.c - outbound mail over SMTP with libcurl; see
 * transport_smtp.h.
 *
 * libcurl keeps the connection of an easy handle for the next transfer, so
 * a session is one handle; the last message of a batch is sent with
 * CURLOPT_FORBID_REUSE, which makes libcurl QUIT after it. A refusal and
 * the command it answered are read through the debug callback (of our own
 * lines only the verb: AUTH lines hold the credentials), since libcurl
 * sends QUIT after a failure and CURLINFO_RESPONSE_CODE then holds its 221.
 */
#include "transport_smtp.h"

#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "transport.h"
#include "transport_curl.h"

struct mq_smtp {
	const struct mq_smtp_conf	*c;
	const struct mq_curl		*api;	/* libcurl (transport_curl.h) */
	CURL				*h;
	char				 errbuf[CURL_ERROR_SIZE];
	char				 host[256];	/* url without userinfo */
	char				 last[256];	/* last 4xx or 5xx line */
	char				 verb[8];	/* last command's verb */
	char				 refused[8];	/* the verb last refused */
	struct mq_buf			 msg;		/* CRLF copy of raw */
	size_t				 pos;		/* read cursor in msg */
	int				 per_conn;
	int				 on_conn;	/* sent on this connection */
	int				 fresh;		/* next send reconnects */
	int				 heard;		/* the server answered */
	int				 mailed;	/* MAIL sent: the message's */
	int				 down;		/* mq_smtp_server_failed */
	int				 user;		/* a user to log in as */
	int				 authed;	/* an AUTH went out */
	unsigned long			 connections;
};

static size_t
sm_read(char *p, size_t size, size_t n, void *arg)
{
	struct mq_smtp *s = arg;
	size_t left = s->msg.len - s->pos;

	n *= size;
	if (n > left)
		n = left;
	memcpy(p, s->msg.data + s->pos, n);
	s->pos += n;
	return n;
}

static int
sm_debug(CURL *h, curl_infotype type, char *p, size_t n, void *arg)
{
	struct mq_smtp *s = arg;
	size_t i;

	if (type == CURLINFO_HEADER_IN)
		s->heard = 1;
	if (type == CURLINFO_HEADER_OUT) {
		/* The verb only: an AUTH line carries the password. */
		for (i = 0; i < n && i < sizeof(s->verb) - 1 && p[i] != ' ' &&
		    p[i] != '\r'; i++)
			s->verb[i] = p[i];
		s->verb[i] = '\0';
		if (strcmp(s->verb, "MAIL") == 0)
			s->mailed = 1;
		if (strcmp(s->verb, "AUTH") == 0)
			s->authed = 1;
	} else if (type == CURLINFO_HEADER_IN && n > 0 &&
	    (p[0] == '4' || p[0] == '5')) {
		/* Keep the refusal and what it answered: QUIT comes after. */
		memcpy(s->refused, s->verb, sizeof(s->refused));
		while (n > 0 && (p[n - 1] == '\n' || p[n - 1] == '\r'))
			n--;
		if (n >= sizeof(s->last))
			n = sizeof(s->last) - 1;
		memcpy(s->last, p, n);
		s->last[n] = '\0';
	}
	return 0;
}

/* An address we can put in <...>: printable, no spaces or brackets, an @. */
static int
sm_addr_ok(const char *a)
{
	const unsigned char *p;

	if (a == NULL || a[0] == '\0' || strchr(a, '@') == NULL ||
	    strlen(a) > 254)
		return 0;
	for (p = (const unsigned char *)a; *p; p++)
		if (*p <= 0x20 || *p == 0x7f || *p == '<' || *p == '>')
			return 0;
	return 1;
}

void
mq_smtp_close(struct mq_smtp *s)
{
	if (s == NULL)
		return;
	if (s->h != NULL)
		s->api->easy_cleanup(s->h);
	mq_buf_free(&s->msg);
	free(s);
}

static int
sm_check_conf(const struct mq_smtp_conf *c, struct mq_err *err)
{
	if (c->url == NULL || (strncmp(c->url, "smtp://", 7) != 0 &&
	    strncmp(c->url, "smtps://", 8) != 0))
		return mq_fail(err, MQ_REFUSED, "The SMTP url must start with "
		    "smtp:// or smtps://");
	if (!sm_addr_ok(c->mail_from))
		return mq_fail(err, MQ_REFUSED, "The SMTP sender address is "
		    "not set or not valid");
	if (c->user != NULL && c->password == NULL)
		return mq_fail(err, MQ_REFUSED, "The SMTP user is set but not "
		    "its password");
	if (c->max_per_connection < 0)
		return mq_fail(err, MQ_REFUSED, "The SMTP messages per "
		    "connection must not be negative");
	return 0;
}

int
mq_smtp_open(const struct mq_smtp_conf *c, struct mq_smtp **out,
    struct mq_err *err)
{
	struct mq_buf from = MQ_BUF_INIT;
	const struct mq_curl *api;
	struct mq_smtp *s;
	CURLcode rc;

	*out = NULL;
	MQ_TRY(sm_check_conf(c, err));
	MQ_TRY(mq_curl_load(&api, err));
	if ((s = calloc(1, sizeof(*s))) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory");
	s->c = c;
	s->api = api;
	s->user = c->user != NULL;
	s->per_conn = c->max_per_connection > 0 ? c->max_per_connection :
	    MQ_TRANSPORT_SMTP_PER_CONN;
	mq_transport_host(s->host, sizeof(s->host), c->url);
	if ((s->h = s->api->easy_init()) == NULL) {
		mq_smtp_close(s);
		return mq_fail(err, MQ_IO, "Cannot initialise libcurl");
	}
	mq_buf_printf(&from, "<%s>", c->mail_from);
	rc = mq_transport_curl(s->api, s->h, "smtp,smtps", s->errbuf,
	    c->require_tls, c->ca_file, c->timeout_s, sm_debug, s);
#define SET(o, v) if (rc == CURLE_OK) rc = s->api->easy_setopt(s->h, o, v)
	SET(CURLOPT_URL, c->url);
	if (c->user != NULL) {
		SET(CURLOPT_USERNAME, c->user);
		SET(CURLOPT_PASSWORD, c->password);
	}
	SET(CURLOPT_MAIL_FROM, mq_buf_str(&from));	/* libcurl copies */
	SET(CURLOPT_UPLOAD, 1L);
	SET(CURLOPT_READFUNCTION, sm_read);
	SET(CURLOPT_READDATA, s);
#undef SET
	if (from.oom && rc == CURLE_OK)
		rc = CURLE_OUT_OF_MEMORY;
	mq_buf_free(&from);
	if (rc != CURLE_OK) {
		mq_smtp_close(s);
		return mq_fail(err, MQ_IO, "Cannot set up libcurl for SMTP: %s",
		    s->api->easy_strerror(rc));
	}
	*out = s;
	return 0;
}

/* raw with every bare LF made CRLF, ending in CRLF. */
static int
sm_crlf(struct mq_buf *b, const char *raw, size_t len)
{
	size_t i, start = 0;

	mq_buf_reset(b);
	for (i = 0; i < len; i++) {
		if (raw[i] != '\n' || (i > 0 && raw[i - 1] == '\r'))
			continue;
		mq_buf_add(b, raw + start, i - start);
		mq_buf_add(b, "\r\n", 2);
		start = i + 1;
	}
	mq_buf_add(b, raw + start, len - start);
	if (b->len < 2 || memcmp(b->data + b->len - 2, "\r\n", 2) != 0)
		mq_buf_add(b, "\r\n", 2);
	return b->oom ? MQ_IO : 0;
}

/*
 * A refusal before the message's MAIL went: of the greeting, EHLO/HELO,
 * STARTTLS or AUTH, the session itself (421 in maintenance, overloaded),
 * as any message would meet. A refusal of MAIL or after is not one: it
 * can be the message's (552 to its SIZE).
 */
static int
sm_session_refused(const struct mq_smtp *s)
{
	return !s->mailed && (s->last[0] == '4' || s->last[0] == '5');
}

static int
sm_fail(struct mq_smtp *s, CURLcode rc, const char *rcpt, struct mq_err *err)
{
	long code = 0;
	long t = mq_transport_timeout(s->c->timeout_s);
	const char *said = s->errbuf[0] ? s->errbuf : s->api->easy_strerror(rc);
	const char *hint = mq_transport_tls_hint(rc, said, 1);
	int to_msg;

	if (s->last[0] >= '4' && s->last[0] <= '5')
		code = strtol(s->last, NULL, 10);
	to_msg = strcmp(s->refused, "RCPT") == 0 ||
	    strcmp(s->refused, "DATA") == 0;
	switch (rc) {
	case CURLE_LOGIN_DENIED:
		return mq_fail(err, MQ_IO, "The SMTP server %s refused the "
		    "login of user %s: %s", s->host, s->c->user,
		    mq_transport_login_hint(1));
	case CURLE_USE_SSL_FAILED:
		return mq_fail(err, MQ_IO, "The SMTP server %s does not offer "
		    "TLS, which the configuration requires: %s", s->host,
		    mq_transport_no_tls_hint(1));
	case CURLE_OPERATION_TIMEDOUT:
		return mq_fail(err, MQ_IO, "The SMTP server %s did not answer "
		    "within %ld second%s", s->host, t,
		    t == 1 ? "" : "s");
	case CURLE_COULDNT_RESOLVE_HOST:
	case CURLE_COULDNT_CONNECT:
		return mq_fail(err, MQ_IO, "Cannot connect to the SMTP server "
		    "%s: %s", s->host, s->errbuf[0] ? s->errbuf :
		    s->api->easy_strerror(rc));
	case CURLE_PEER_FAILED_VERIFICATION:
		return mq_fail(err, MQ_IO, "The TLS certificate of the SMTP "
		    "server %s could not be checked: %s%s%s", s->host, said,
		    hint ? "; " : "", hint ? hint : "");
	default:
		break;
	}
	if (code >= 400 && code <= 599 && sm_session_refused(s))
		return mq_fail(err, MQ_IO, "The SMTP server %s takes no mail "
		    "now: %s", s->host, s->last);
	if (code >= 500 && code <= 599 && to_msg)
		return mq_fail(err, MQ_REFUSED, "The SMTP server %s refused "
		    "mail to %s for good: %s", s->host, rcpt, s->last);
	if (code >= 400 && code <= 599)
		return mq_fail(err, MQ_IO, "The SMTP server %s refused mail "
		    "to %s%s: %s", s->host, rcpt, code < 500 ? " for now" : "",
		    s->last);
	return mq_fail(err, MQ_IO, "Sending mail to %s through %s failed: %s%s%s",
	    rcpt, s->host, said, hint ? "; " : "", hint ? hint : "");
}

int
mq_smtp_send(struct mq_smtp *s, const char *rcpt, const char *raw,
    size_t len, struct mq_err *err)
{
	struct mq_buf to = MQ_BUF_INIT;
	struct curl_slist *rl = NULL;
	long nconn = 0;
	CURLcode rc;
	int last;

	s->down = 0;
	if (!sm_addr_ok(rcpt))
		return mq_fail(err, MQ_REFUSED, "The recipient address \"%s\" "
		    "is not valid", rcpt ? rcpt : "");
	if (sm_crlf(&s->msg, raw, len) || mq_buf_printf(&to, "<%s>", rcpt) ||
	    (rl = s->api->slist_append(NULL, mq_buf_str(&to))) == NULL) {
		mq_buf_free(&to);
		return mq_fail(err, MQ_IO, "Out of memory");
	}
	mq_buf_free(&to);
	s->pos = 0;
	s->errbuf[0] = s->last[0] = s->verb[0] = s->refused[0] = '\0';
	s->heard = s->mailed = 0;
	last = s->on_conn + 1 >= s->per_conn;
	s->api->easy_setopt(s->h, CURLOPT_MAIL_RCPT, rl);
	s->api->easy_setopt(s->h, CURLOPT_INFILESIZE_LARGE,
	    (curl_off_t)s->msg.len);
	s->api->easy_setopt(s->h, CURLOPT_FORBID_REUSE, (long)last);
	s->api->easy_setopt(s->h, CURLOPT_FRESH_CONNECT, (long)s->fresh);
	rc = s->api->easy_perform(s->h);
	s->api->easy_setopt(s->h, CURLOPT_MAIL_RCPT, NULL);
	s->api->slist_free_all(rl);
	if (s->api->easy_getinfo(s->h, CURLINFO_NUM_CONNECTS, &nconn) ==
	    CURLE_OK && nconn > 0) {
		s->connections += (unsigned long)nconn;
		s->on_conn = 0;
	}
	if (rc != CURLE_OK) {
		/* Never reuse a connection left mid-transaction. */
		s->fresh = 1;
		s->on_conn = 0;
		/* not a word from the server, or a session that failed
		 * before the message's MAIL went (a refused greeting, EHLO,
		 * TLS or login, a cut): the message never reached it */
		s->down = !s->heard || !s->mailed ||
		    rc == CURLE_LOGIN_DENIED || rc == CURLE_USE_SSL_FAILED;
		return sm_fail(s, rc, rcpt, err);
	}
	s->fresh = 0;
	s->on_conn = last ? 0 : s->on_conn + 1;
	return 0;
}

int
mq_smtp_server_failed(const struct mq_smtp *s)
{
	return s->down;
}

unsigned long
mq_smtp_connections(const struct mq_smtp *s)
{
	return s->connections;
}

int
mq_smtp_no_login(const struct mq_smtp *s)
{
	return s->user && s->mailed && !s->authed;
}
