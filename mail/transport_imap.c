/*
 * transport_imap.c - inbound mail over IMAP with libcurl; see
 * transport_imap.h.
 *
 * What libcurl 7.88 sends, checked against Dovecot: a URL ending in
 * "/MAILBOX/;UID=n" is SELECT MAILBOX then "UID FETCH n BODY[]"; a custom
 * request on a URL with a mailbox is SELECT then the request, whose
 * untagged replies come to the write callback; on a URL without one, the
 * request alone. The server's reply lines are read through the debug
 * callback (incoming lines only: outgoing ones carry the credentials).
 */
#include "transport_imap.h"

#include <curl/curl.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "transport.h"
#include "transport_curl.h"

struct mq_imap {
	const struct mq_imap_conf	*c;
	const struct mq_curl		*api;	/* libcurl (transport_curl.h) */
	CURL				*h;
	char				 errbuf[CURL_ERROR_SIZE];
	struct mq_buf			 out;	/* what the write callback got */
	size_t				 max;	/* cap on out */
	int				 toobig;
	CURLcode			 curlrc;	/* of the last request */
	char				 last[256];	/* last NO or BAD line */
	char				 host[256];	/* url without userinfo */
	int				 caps_read;	/* CAPABILITY asked */
	int				 has_move, has_uidplus;
	int				 unreached;	/* the last failure: an outage */
};

static size_t
im_write(char *p, size_t size, size_t n, void *arg)
{
	struct mq_imap *s = arg;

	n *= size;
	if (n > s->max - s->out.len) {
		s->toobig = 1;
		return 0;
	}
	if (mq_buf_add(&s->out, p, n))
		return 0;
	return n;
}

static int
im_debug(CURL *h, curl_infotype type, char *p, size_t n, void *arg)
{
	struct mq_imap *s = arg;

	const char *sp;

	/* Only what the server said: our own lines hold the password. */
	if (type != CURLINFO_HEADER_IN)
		return 0;
	while (n > 0 && (p[n - 1] == '\n' || p[n - 1] == '\r'))
		n--;
	if (n >= sizeof(s->last))
		n = sizeof(s->last) - 1;
	/* Keep the last refusal: libcurl may log out after it. */
	sp = memchr(p, ' ', n);
	if (sp == NULL || p[0] == '*' || (size_t)(sp - p) + 4 > n ||
	    (memcmp(sp, " NO ", 4) != 0 && memcmp(sp, " BAD", 4) != 0))
		return 0;
	memcpy(s->last, p, n);
	s->last[n] = '\0';
	return 0;
}

void
mq_imap_close(struct mq_imap *s)
{
	if (s == NULL)
		return;
	if (s->h != NULL)
		s->api->easy_cleanup(s->h);
	mq_buf_free(&s->out);
	free(s);
}

static int
im_check_conf(const struct mq_imap_conf *c, struct mq_err *err)
{
	if (c->url == NULL || (strncmp(c->url, "imap://", 7) != 0 &&
	    strncmp(c->url, "imaps://", 8) != 0))
		return mq_fail(err, MQ_REFUSED, "The IMAP url must start with "
		    "imap:// or imaps://");
	if (c->mailbox == NULL || c->mailbox[0] == '\0')
		return mq_fail(err, MQ_REFUSED, "The IMAP mailbox is not set");
	if (c->user == NULL || c->password == NULL)
		return mq_fail(err, MQ_REFUSED, "The IMAP user and password "
		    "are not set");
	return 0;
}

int
mq_imap_open(const struct mq_imap_conf *c, struct mq_imap **out,
    struct mq_err *err)
{
	const struct mq_curl *api;
	struct mq_imap *s;
	CURLcode rc;

	*out = NULL;
	MQ_TRY(im_check_conf(c, err));
	MQ_TRY(mq_curl_load(&api, err));
	if ((s = calloc(1, sizeof(*s))) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory");
	s->c = c;
	s->api = api;
	mq_transport_host(s->host, sizeof(s->host), c->url);
	if ((s->h = s->api->easy_init()) == NULL) {
		mq_imap_close(s);
		return mq_fail(err, MQ_IO, "Cannot initialise libcurl");
	}
	rc = mq_transport_curl(s->api, s->h, "imap,imaps", s->errbuf,
	    c->require_tls, c->ca_file, c->timeout_s, im_debug, s);
#define SET(o, v) if (rc == CURLE_OK) rc = s->api->easy_setopt(s->h, o, v)
	SET(CURLOPT_USERNAME, c->user);
	SET(CURLOPT_PASSWORD, c->password);
	SET(CURLOPT_WRITEFUNCTION, im_write);
	SET(CURLOPT_WRITEDATA, s);
#undef SET
	if (rc != CURLE_OK) {
		mq_imap_close(s);
		return mq_fail(err, MQ_IO, "Cannot set up libcurl for IMAP: %s",
		    s->api->easy_strerror(rc));
	}
	*out = s;
	return 0;
}

/* The server's last refusal without its tag, for sentences. */
static const char *
im_said(const struct mq_imap *s)
{
	const char *sp = strchr(s->last, ' ');

	if (s->last[0] == '\0')
		return "(nothing)";
	return sp != NULL && s->last[0] != '*' ? sp + 1 : s->last;
}

static int
im_fail(struct mq_imap *s, CURLcode rc, const char *what, struct mq_err *err)
{
	long t = mq_transport_timeout(s->c->timeout_s);
	const char *said = s->errbuf[0] ? s->errbuf : s->api->easy_strerror(rc);
	const char *hint = mq_transport_tls_hint(rc, said, 0);

	/* what the next pass may find mended by itself; a refused login or
	 * a missing TLS waits for the host */
	s->unreached = rc == CURLE_OPERATION_TIMEDOUT ||
	    rc == CURLE_COULDNT_RESOLVE_HOST || rc == CURLE_COULDNT_CONNECT ||
	    rc == CURLE_PARTIAL_FILE || rc == CURLE_RECV_ERROR ||
	    rc == CURLE_SEND_ERROR || rc == CURLE_GOT_NOTHING;
	switch (rc) {
	case CURLE_LOGIN_DENIED:
		return mq_fail(err, MQ_IO, "The IMAP server %s refused the "
		    "login of user %s: %s", s->host, s->c->user,
		    mq_transport_login_hint(0));
	case CURLE_USE_SSL_FAILED:
		return mq_fail(err, MQ_IO, "The IMAP server %s does not offer "
		    "TLS, which the configuration requires: %s", s->host,
		    mq_transport_no_tls_hint(0));
	case CURLE_OPERATION_TIMEDOUT:
		return mq_fail(err, MQ_IO, "The IMAP server %s did not answer "
		    "within %ld second%s while %s", s->host, t,
		    t == 1 ? "" : "s", what);
	case CURLE_COULDNT_RESOLVE_HOST:
	case CURLE_COULDNT_CONNECT:
		return mq_fail(err, MQ_IO, "Cannot connect to the IMAP server "
		    "%s: %s", s->host, s->errbuf[0] ? s->errbuf :
		    s->api->easy_strerror(rc));
	case CURLE_PEER_FAILED_VERIFICATION:
		return mq_fail(err, MQ_IO, "The TLS certificate of the IMAP "
		    "server %s could not be checked: %s%s%s", s->host, said,
		    hint ? "; " : "", hint ? hint : "");
	case CURLE_QUOTE_ERROR:
		return mq_fail(err, MQ_IO, "The IMAP server %s refused %s: %s",
		    s->host, what, im_said(s));
	case CURLE_PARTIAL_FILE:
	case CURLE_RECV_ERROR:
	case CURLE_GOT_NOTHING:
	case CURLE_WEIRD_SERVER_REPLY:
		return mq_fail(err, MQ_IO, "The IMAP server %s broke off or "
		    "sent a broken reply while %s", s->host, what);
	default:
		return mq_fail(err, MQ_IO, "IMAP with %s failed while %s: %s%s%s",
		    s->host, what, said, hint ? "; " : "", hint ? hint : "");
	}
}

/* The mailbox as an IMAP quoted string; refuse what would need more. */
static int
im_quote(struct mq_buf *b, const char *name, struct mq_err *err)
{
	const unsigned char *p;

	mq_buf_putc(b, '"');
	for (p = (const unsigned char *)name; *p; p++) {
		if (*p < 0x20 || *p > 0x7e)
			return mq_fail(err, MQ_REFUSED, "The IMAP folder name "
			    "\"%s\" must be printable ASCII", name);
		if (*p == '"' || *p == '\\')
			mq_buf_putc(b, '\\');
		mq_buf_putc(b, (char)*p);
	}
	mq_buf_putc(b, '"');
	return 0;
}

/* base URL (no trailing '/') + "/" + escaped mailbox (when not NULL). */
static int
im_url(struct mq_imap *s, struct mq_buf *b, const char *mailbox)
{
	size_t n = strlen(s->c->url);
	char *esc;

	while (n > 0 && s->c->url[n - 1] == '/')
		n--;
	mq_buf_add(b, s->c->url, n);
	mq_buf_putc(b, '/');
	if (mailbox != NULL) {
		if ((esc = s->api->easy_escape(s->h, mailbox, 0)) == NULL)
			return MQ_IO;
		mq_buf_puts(b, esc);
		s->api->free(esc);
	}
	return b->oom ? MQ_IO : 0;
}

/* One request: URL, optional custom command; the reply lands in s->out. */
static int
im_perform(struct mq_imap *s, const char *url, const char *custom,
    size_t max, const char *what, struct mq_err *err)
{
	CURLcode rc;

	mq_buf_reset(&s->out);
	s->max = max;
	s->toobig = 0;
	s->errbuf[0] = '\0';
	s->last[0] = '\0';
	s->api->easy_setopt(s->h, CURLOPT_URL, url);
	s->api->easy_setopt(s->h, CURLOPT_CUSTOMREQUEST, custom);
	if ((s->curlrc = rc = s->api->easy_perform(s->h)) == CURLE_OK)
		return s->out.oom ? mq_fail(err, MQ_IO, "Out of memory") : 0;
	if (s->toobig)
		return mq_fail(err, MQ_REFUSED, "The message is larger than "
		    "the limit of %zu bytes while %s.", max, what);
	return im_fail(s, rc, what, err);
}

/* Strict decimal: 1 to UINT32_MAX, nothing else; *end after the digits. */
static int
im_number(const char *p, uint32_t *v, const char **end)
{
	unsigned long long x = 0;
	const char *q = p;

	while (*q >= '0' && *q <= '9' && q - p < 11)
		x = x * 10 + (unsigned)(*q++ - '0');
	if (q == p || x == 0 || x > UINT32_MAX || (*q >= '0' && *q <= '9'))
		return -1;
	*v = (uint32_t)x;
	*end = q;
	return 0;
}

/* The first "* WORD ..." line at or after p; *len: its length with LF. */
static const char *
im_line(const char *p, const char *word, size_t *len)
{
	size_t wl = strlen(word);
	const char *nl;

	for (; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p) - 1;
		if (strncmp(p, "* ", 2) == 0 && strncmp(p + 2, word, wl) == 0 &&
		    (p[2 + wl] == ' ' || p[2 + wl] == '\r' || p[2 + wl] == '\n'
		    || p[2 + wl] == '\0')) {
			*len = (size_t)(nl - p) + 1;
			return p;
		}
	}
	return NULL;
}

int
mq_imap_s_status(struct mq_imap *s, uint32_t *uidvalidity, uint32_t *uidnext,
    struct mq_err *err)
{
	struct mq_buf url = MQ_BUF_INIT, cmd = MQ_BUF_INIT;
	const char *line, *p, *end;
	uint32_t v;
	size_t len;
	int rc;

	*uidvalidity = *uidnext = 0;
	mq_buf_puts(&cmd, "STATUS ");
	if ((rc = im_quote(&cmd, s->c->mailbox, err)) == 0) {
		mq_buf_puts(&cmd, " (UIDVALIDITY UIDNEXT)");
		if (im_url(s, &url, NULL) || cmd.oom)
			rc = mq_fail(err, MQ_IO, "Out of memory");
	}
	if (rc == 0)
		rc = im_perform(s, mq_buf_str(&url), mq_buf_str(&cmd), 65536,
		    "reading the UIDVALIDITY", err);
	mq_buf_free(&url);
	mq_buf_free(&cmd);
	MQ_TRY(rc);
	/* * STATUS "INBOX" (UIDVALIDITY 1700000000 UIDNEXT 42), the items
	 * in any order; UIDNEXT may be left out (0: not known) */
	line = im_line(mq_buf_str(&s->out), "STATUS", &len);
	p = line ? memchr(line, '(', len) : NULL;
	while (p != NULL && *p != ')') {
		p++;
		if (strncasecmp(p, "UIDVALIDITY ", 12) == 0 &&
		    im_number(p + 12, &v, &end) == 0)
			*uidvalidity = v;
		else if (strncasecmp(p, "UIDNEXT ", 8) == 0 &&
		    im_number(p + 8, &v, &end) == 0)
			*uidnext = v;
		else
			break;
		p = *end == ' ' || *end == ')' ? end : NULL;
	}
	if (p == NULL || *p != ')' || *uidvalidity == 0) {
		*uidvalidity = *uidnext = 0;
		return mq_fail(err, MQ_IO, "The IMAP server %s sent no "
		    "UIDVALIDITY for %s", s->host, s->c->mailbox);
	}
	return 0;
}

int
mq_imap_s_uidvalidity(struct mq_imap *s, uint32_t *uidvalidity,
    struct mq_err *err)
{
	uint32_t next;

	return mq_imap_s_status(s, uidvalidity, &next, err);
}

static int
im_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Parse every "* SEARCH n n n" line, keeping the UIDs above after. */
static int
im_parse_search(struct mq_imap *s, uint32_t after, uint32_t **uids,
    size_t *n, struct mq_err *err)
{
	const char *line, *p, *end;
	size_t len, cap = 0;
	uint32_t v, *u;

	for (p = mq_buf_str(&s->out);
	    (line = im_line(p, "SEARCH", &len)) != NULL; p = line + len) {
		for (p = line + 8; *p == ' ' || im_number(p, &v, &end) == 0;) {
			if (*p == ' ') {
				p++;
				continue;
			}
			p = end;
			if (v <= after)
				continue;	/* "n:*" matches the last one */
			if (*n == cap) {
				cap = cap ? cap * 2 : 64;
				if ((u = reallocarray(*uids, cap, 4)) == NULL)
					return mq_fail(err, MQ_IO, "Out of "
					    "memory");
				*uids = u;
			}
			(*uids)[(*n)++] = v;
		}
		if (*p != '\r' && *p != '\n' && *p != '\0')
			return mq_fail(err, MQ_IO, "The IMAP server %s sent a "
			    "SEARCH reply we cannot read", s->host);
	}
	return 0;
}

int
mq_imap_s_search_after(struct mq_imap *s, uint32_t after_uid,
    uint32_t **uids, size_t *n, struct mq_err *err)
{
	struct mq_buf url = MQ_BUF_INIT, cmd = MQ_BUF_INIT;
	size_t i, j;
	int rc;

	*uids = NULL;
	*n = 0;
	if (after_uid == UINT32_MAX)
		return 0;
	mq_buf_printf(&cmd, "UID SEARCH UID %" PRIu32 ":*", after_uid + 1);
	if (im_url(s, &url, s->c->mailbox) || cmd.oom)
		rc = mq_fail(err, MQ_IO, "Out of memory");
	else
		rc = im_perform(s, mq_buf_str(&url), mq_buf_str(&cmd),
		    16u << 20, "searching for new messages", err);
	mq_buf_free(&url);
	mq_buf_free(&cmd);
	if (rc == 0)
		rc = im_parse_search(s, after_uid, uids, n, err);
	if (rc != 0) {
		free(*uids);
		*uids = NULL;
		*n = 0;
		return rc;
	}
	if (*n > 1)
		qsort(*uids, *n, sizeof(**uids), im_cmp);
	for (i = j = 0; i < *n; i++)	/* drop duplicates */
		if (j == 0 || (*uids)[j - 1] != (*uids)[i])
			(*uids)[j++] = (*uids)[i];
	*n = j;
	return 0;
}

/* Message uid, or its section (NULL: the whole message). */
static int
im_fetch(struct mq_imap *s, uint32_t uid, const char *section, char **raw,
    size_t *len, size_t max, struct mq_err *err)
{
	struct mq_buf url = MQ_BUF_INIT;
	char what[80];
	int rc;

	*raw = NULL;
	*len = 0;
	snprintf(what, sizeof(what), "fetching UID %" PRIu32 "%s%s", uid,
	    section ? " " : "", section ? section : "");
	if (im_url(s, &url, s->c->mailbox) ||
	    mq_buf_printf(&url, "/;UID=%" PRIu32, uid) ||
	    (section != NULL && mq_buf_printf(&url, "/;SECTION=%s", section)))
		rc = mq_fail(err, MQ_IO, "Out of memory");
	else
		rc = im_perform(s, mq_buf_str(&url), NULL, max, what, err);
	mq_buf_free(&url);
	/* An OK with no FETCH data: libcurl calls that a missing file. */
	if (rc == MQ_IO && s->curlrc == CURLE_REMOTE_FILE_NOT_FOUND)
		return mq_fail(err, MQ_REFUSED, "The IMAP server %s has no "
		    "message with UID %" PRIu32 " in %s", s->host, uid,
		    s->c->mailbox);
	MQ_TRY(rc);
	*len = s->out.len;
	if ((*raw = mq_buf_steal(&s->out)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory");
	return 0;
}

int
mq_imap_s_fetch(struct mq_imap *s, uint32_t uid, char **raw, size_t *len,
    size_t max, struct mq_err *err)
{
	return im_fetch(s, uid, NULL, raw, len, max, err);
}

int
mq_imap_s_fetch_header(struct mq_imap *s, uint32_t uid, char **raw,
    size_t *len, size_t max, struct mq_err *err)
{
	return im_fetch(s, uid, "HEADER", raw, len, max, err);
}

int
mq_imap_s_unreached(const struct mq_imap *s)
{
	return s != NULL && s->unreached;
}

int
mq_imap_s_too_large(const struct mq_imap *s)
{
	return s->toobig;
}

static int
im_create(struct mq_imap *s, struct mq_err *err)
{
	struct mq_buf url = MQ_BUF_INIT, cmd = MQ_BUF_INIT;
	int rc;

	mq_buf_puts(&cmd, "CREATE ");
	if ((rc = im_quote(&cmd, s->c->done_folder, err)) == 0) {
		if (im_url(s, &url, NULL) || cmd.oom)
			rc = mq_fail(err, MQ_IO, "Out of memory");
		else
			rc = im_perform(s, mq_buf_str(&url), mq_buf_str(&cmd),
			    1u << 20, "creating the done folder", err);
	}
	mq_buf_free(&url);
	mq_buf_free(&cmd);
	return rc;
}

/* Whether the "* CAPABILITY" line names cap, as a whole word. */
static int
im_has_cap(const char *line, size_t len, const char *cap)
{
	size_t n = strlen(cap), i;

	for (i = 1; i + n <= len; i++)
		if (line[i - 1] == ' ' && strncasecmp(line + i, cap, n) == 0 &&
		    (i + n == len || strchr(" \r\n", line[i + n]) != NULL))
			return 1;
	return 0;
}

/* MOVE (RFC 6851) and UIDPLUS (RFC 4315), asked once a session. */
static int
im_caps(struct mq_imap *s, struct mq_err *err)
{
	struct mq_buf url = MQ_BUF_INIT;
	const char *line;
	size_t len;
	int rc;

	if (s->caps_read)
		return 0;
	if (im_url(s, &url, NULL))
		rc = mq_fail(err, MQ_IO, "Out of memory");
	else
		rc = im_perform(s, mq_buf_str(&url), "CAPABILITY", 1u << 16,
		    "asking its capabilities", err);
	mq_buf_free(&url);
	MQ_TRY(rc);
	if ((line = im_line(mq_buf_str(&s->out), "CAPABILITY", &len)) != NULL) {
		s->has_move = im_has_cap(line, len, "MOVE");
		s->has_uidplus = im_has_cap(line, len, "UIDPLUS");
	}
	s->caps_read = 1;
	return 0;
}

/* One UID command on the mailbox: "UID VERB uid[ rest]" (rest quoted as a
 * folder name when folder is set). */
static int
im_uid_cmd(struct mq_imap *s, const char *verb, uint32_t uid, const char *rest,
    int folder, const char *what, struct mq_err *err)
{
	struct mq_buf url = MQ_BUF_INIT, cmd = MQ_BUF_INIT;
	int rc = 0;

	mq_buf_printf(&cmd, "UID %s %" PRIu32, verb, uid);
	if (rest != NULL) {
		mq_buf_putc(&cmd, ' ');
		if (folder)
			rc = im_quote(&cmd, rest, err);
		else
			mq_buf_puts(&cmd, rest);
	}
	if (rc == 0) {
		if (im_url(s, &url, s->c->mailbox) || cmd.oom)
			rc = mq_fail(err, MQ_IO, "Out of memory");
		else
			rc = im_perform(s, mq_buf_str(&url), mq_buf_str(&cmd),
			    1u << 20, what, err);
	}
	mq_buf_free(&url);
	mq_buf_free(&cmd);
	return rc;
}

static int
im_move(struct mq_imap *s, uint32_t uid, struct mq_err *err)
{
	char what[96];

	snprintf(what, sizeof(what), "moving UID %" PRIu32 " to the done "
	    "folder", uid);
	return im_uid_cmd(s, "MOVE", uid, s->c->done_folder, 1, what, err);
}

/*
 * Where the server lacks MOVE: copy, flag \Deleted, and expunge that one
 * message with UID EXPUNGE (UIDPLUS). Without UIDPLUS the message is left
 * flagged: a plain EXPUNGE would also remove whatever else someone flagged
 * in the mailbox. Either way it is never read again (the cursor is past it).
 */
static int
im_copy_delete(struct mq_imap *s, uint32_t uid, struct mq_err *err)
{
	char what[96];
	int rc;

	snprintf(what, sizeof(what), "copying UID %" PRIu32 " to the done "
	    "folder", uid);
	rc = im_uid_cmd(s, "COPY", uid, s->c->done_folder, 1, what, err);
	if (rc == MQ_IO && strstr(s->last, "[TRYCREATE]") != NULL) {
		MQ_TRY(im_create(s, err));
		rc = im_uid_cmd(s, "COPY", uid, s->c->done_folder, 1, what, err);
	}
	MQ_TRY(rc);
	snprintf(what, sizeof(what), "flagging UID %" PRIu32 " deleted", uid);
	MQ_TRY(im_uid_cmd(s, "STORE", uid, "+FLAGS.SILENT (\\Deleted)", 0, what,
	    err));
	if (!s->has_uidplus)
		return 0;
	snprintf(what, sizeof(what), "expunging UID %" PRIu32, uid);
	return im_uid_cmd(s, "EXPUNGE", uid, NULL, 0, what, err);
}

int
mq_imap_s_move_done(struct mq_imap *s, uint32_t uid, struct mq_err *err)
{
	struct mq_err moved;
	int rc;

	if (s->c->done_folder == NULL)
		return 0;
	if (s->caps_read && !s->has_move)
		return im_copy_delete(s, uid, err);
	rc = im_move(s, uid, &moved);
	if (rc == MQ_IO && strstr(s->last, "[TRYCREATE]") != NULL) {
		MQ_TRY(im_create(s, err));
		rc = im_move(s, uid, &moved);
	}
	/* refused: perhaps a server without MOVE; asked once, then known */
	if (rc == MQ_IO && s->curlrc == CURLE_QUOTE_ERROR && !s->caps_read) {
		MQ_TRY(im_caps(s, err));
		if (!s->has_move)
			return im_copy_delete(s, uid, err);
	}
	if (rc)
		*err = moved;
	return rc;
}

int
mq_imap_s_leaves_flagged(const struct mq_imap *s)
{
	return s->caps_read && !s->has_move && !s->has_uidplus;
}

int
mq_imap_uidvalidity(const struct mq_imap_conf *c, uint32_t *uidvalidity,
    struct mq_err *err)
{
	struct mq_imap *s;
	int rc;

	*uidvalidity = 0;
	MQ_TRY(mq_imap_open(c, &s, err));
	rc = mq_imap_s_uidvalidity(s, uidvalidity, err);
	mq_imap_close(s);
	return rc;
}

int
mq_imap_search_after(const struct mq_imap_conf *c, uint32_t after_uid,
    uint32_t **uids, size_t *n, struct mq_err *err)
{
	struct mq_imap *s;
	int rc;

	*uids = NULL;
	*n = 0;
	MQ_TRY(mq_imap_open(c, &s, err));
	rc = mq_imap_s_search_after(s, after_uid, uids, n, err);
	mq_imap_close(s);
	return rc;
}

int
mq_imap_fetch(const struct mq_imap_conf *c, uint32_t uid, char **raw,
    size_t *len, size_t max, struct mq_err *err)
{
	struct mq_imap *s;
	int rc;

	*raw = NULL;
	*len = 0;
	MQ_TRY(mq_imap_open(c, &s, err));
	rc = mq_imap_s_fetch(s, uid, raw, len, max, err);
	mq_imap_close(s);
	return rc;
}

int
mq_imap_move_done(const struct mq_imap_conf *c, uint32_t uid,
    struct mq_err *err)
{
	struct mq_imap *s;
	int rc;

	if (c->done_folder == NULL)
		return 0;
	MQ_TRY(mq_imap_open(c, &s, err));
	rc = mq_imap_s_move_done(s, uid, err);
	mq_imap_close(s);
	return rc;
}
