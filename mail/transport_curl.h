/*
 * transport_curl.h - what the IMAP and SMTP transports share of libcurl:
 * the library itself, loaded on first use, and the safety of a session
 * (its protocols, TLS policy and timeouts), kept in one place so that the
 * two cannot drift.
 *
 * libcurl is opened with dlopen when a session first needs it, not linked:
 * its dependencies (TLS, Kerberos, LDAP, SSH: some thirty libraries) took
 * more than half of every masqued command's start (16 of 31 ms here),
 * and only serve with IMAP or SMTP, and the transports' tests, talk to a
 * server. Every other command, an MTA's `ingest` of each mail first, starts
 * without them. The calls go through struct mq_curl, never curl_* names.
 */
#ifndef MQ_TRANSPORT_CURL_H
#define MQ_TRANSPORT_CURL_H

#include <curl/curl.h>

#include "err.h"

/* the library's file name (its SONAME); MASQUED_LIBCURL names another */
#define MQ_LIBCURL	"libcurl.so.4"

/* The libcurl functions the transports call. */
struct mq_curl {
	CURL		*(*easy_init)(void);
	CURLcode	 (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode	 (*easy_perform)(CURL *);
	CURLcode	 (*easy_getinfo)(CURL *, CURLINFO, ...);
	void		 (*easy_cleanup)(CURL *);
	const char	*(*easy_strerror)(CURLcode);
	char		*(*easy_escape)(CURL *, const char *, int);
	void		 (*free)(void *);
	struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
	void		 (*slist_free_all)(struct curl_slist *);
};

/*
 * libcurl, loaded once per process (safe from any thread; it stays loaded):
 * 0 and *out, or MQ_IO and a sentence naming the file and the package.
 */
int mq_curl_load(const struct mq_curl **out, struct mq_err *err);

/* A configuration's timeout_s: its own, or MQ_TRANSPORT_TIMEOUT for 0. */
long mq_transport_timeout(long timeout_s);

/*
 * On h: only the protocols named (libcurl's list: "imap,imaps"); no
 * signals; libcurl's sentences into errbuf (CURL_ERROR_SIZE bytes); TLS
 * required, or not used at all; the server's certificate checked against
 * ca_file (a PEM file) when not NULL, else the system's CAs, and never
 * unchecked; a server that does not connect, answer or
 * move a byte a second within mq_transport_timeout(timeout_s) seconds is
 * given up on; and debug called with arg on every line (how each reads the
 * server's refusals). CURLE_OK, or the first option libcurl refused.
 */
CURLcode mq_transport_curl(const struct mq_curl *api, CURL *h,
    const char *protocols, char *errbuf, int require_tls, const char *ca_file,
    long timeout_s, curl_debug_callback debug, void *arg);

/*
 * What a failed session's sentence adds after libcurl's own (said, its
 * error buffer) for a TLS fault the host can mend, or NULL: a server's
 * certificate that could not be checked points at tls_ca_file; TLS met
 * by a plain-text server (imaps:// on port 143) names the scheme for each
 * port. smtp: 1 for SMTP's schemes and ports, 0 for IMAP's.
 */
const char *mq_transport_tls_hint(CURLcode rc, const char *said, int smtp);
/* What the host does about a refused login (the keys to check), and about
 * a server that offers no TLS where tls = yes requires it. */
const char *mq_transport_login_hint(int smtp);
const char *mq_transport_no_tls_hint(int smtp);

#endif
