/* transport_curl.c - libcurl loaded on first use, and the IMAP and SMTP
 * sessions' shared setup; see transport_curl.h. */
#include "transport_curl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transport.h"

/* what the one load found: set once under load_once, read-only after */
static struct mq_curl loaded;
static char load_error[512];

/* Bind name to *slot; 0, or -1 with load_error set. */
static int
bind_one(void *lib, const char *file, const char *name, void *slot)
{
	void *f;

	(void)dlerror();
	if ((f = dlsym(lib, name)) == NULL) {
		snprintf(load_error, sizeof(load_error), "%s has no %s: not "
		    "libcurl 7.x or 8.x", file, name);
		return -1;
	}
	/* POSIX: a function's address round-trips through void * */
	*(void **)slot = f;
	return 0;
}

static void
load_once(void)
{
	const char *file = getenv("MASQUED_LIBCURL");
	struct mq_curl c;
	void *lib;

	if (file == NULL || *file == '\0')
		file = MQ_LIBCURL;
	/* RTLD_LOCAL: its names stay its own. Never closed: handles live on. */
	if ((lib = dlopen(file, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		snprintf(load_error, sizeof(load_error), "Cannot load libcurl "
		    "(%s), which IMAP and SMTP need: %s (on Debian, apt-get "
		    "install libcurl4)", file, dlerror());
		return;
	}
#define BIND(f, n) if (bind_one(lib, file, n, &c.f)) return
	BIND(easy_init, "curl_easy_init");
	BIND(easy_setopt, "curl_easy_setopt");
	BIND(easy_perform, "curl_easy_perform");
	BIND(easy_getinfo, "curl_easy_getinfo");
	BIND(easy_cleanup, "curl_easy_cleanup");
	BIND(easy_strerror, "curl_easy_strerror");
	BIND(easy_escape, "curl_easy_escape");
	BIND(free, "curl_free");
	BIND(slist_append, "curl_slist_append");
	BIND(slist_free_all, "curl_slist_free_all");
#undef BIND
	loaded = c;
}

int
mq_curl_load(const struct mq_curl **out, struct mq_err *err)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	*out = NULL;
	if (pthread_once(&once, load_once) != 0)
		return mq_fail(err, MQ_IO, "Cannot load libcurl");
	if (loaded.easy_init == NULL)
		return mq_fail(err, MQ_IO, "%s", load_error);
	*out = &loaded;
	return 0;
}

long
mq_transport_timeout(long timeout_s)
{
	return timeout_s > 0 ? timeout_s : MQ_TRANSPORT_TIMEOUT;
}

CURLcode
mq_transport_curl(const struct mq_curl *api, CURL *h, const char *protocols,
    char *errbuf, int require_tls, const char *ca_file, long timeout_s,
    curl_debug_callback debug, void *arg)
{
	long t = mq_transport_timeout(timeout_s);
	CURLcode rc = CURLE_OK;

#define SET(o, v) if (rc == CURLE_OK) rc = api->easy_setopt(h, o, v)
	SET(CURLOPT_PROTOCOLS_STR, protocols);
	SET(CURLOPT_NOSIGNAL, 1L);
	SET(CURLOPT_ERRORBUFFER, errbuf);
	/* Never CURLUSESSL_TRY: a required TLS that silently fails is none. */
	SET(CURLOPT_USE_SSL, require_tls ? (long)CURLUSESSL_ALL :
	    (long)CURLUSESSL_NONE);
	/* the host's own CA (a self-signed Dovecot's): checked, never skipped */
	if (ca_file != NULL && ca_file[0] != '\0')
		SET(CURLOPT_CAINFO, ca_file);
	SET(CURLOPT_CONNECTTIMEOUT, t);
	SET(CURLOPT_SERVER_RESPONSE_TIMEOUT, t);
	SET(CURLOPT_LOW_SPEED_LIMIT, 1L);
	SET(CURLOPT_LOW_SPEED_TIME, t);
	SET(CURLOPT_DEBUGFUNCTION, debug);
	SET(CURLOPT_DEBUGDATA, arg);
	/* the debug callback is called only when verbose */
	SET(CURLOPT_VERBOSE, 1L);
#undef SET
	return rc;
}

const char *
mq_transport_login_hint(int smtp)
{
	return smtp ? "check smtp_user and its password (smtp_password_file "
	    "or smtp_password_env); a provider may want an app password, not "
	    "the account's own" : "check imap_user and its password "
	    "(imap_password_file or imap_password_env); a provider may want an "
	    "app password, not the account's own";
}

const char *
mq_transport_no_tls_hint(int smtp)
{
	return smtp ? "use smtps:// for port 465, or, for a server on this "
	    "machine or its LAN that has no TLS, set tls = no" : "use imaps:// "
	    "for port 993, or, for a server on this machine or its LAN that has "
	    "no TLS, set tls = no";
}

const char *
mq_transport_tls_hint(CURLcode rc, const char *said, int smtp)
{
	/* TLS spoken to a plain port (imaps:// on 143): OpenSSL's "wrong
	 * version number", GnuTLS's "unexpected TLS packet" */
	if (rc == CURLE_SSL_CONNECT_ERROR && said != NULL &&
	    (strstr(said, "wrong version number") != NULL ||
	    strstr(said, "unexpected TLS packet") != NULL))
		return smtp ? "the server did not speak TLS on that port: use "
		    "smtp:// (with tls = yes for STARTTLS) for port 25 or 587, "
		    "smtps:// for 465" : "the server did not speak TLS on that "
		    "port: use imap:// (with tls = yes for STARTTLS) for port 143, "
		    "imaps:// for 993";
	/* 60: CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT before 7.62 */
	if (rc == CURLE_PEER_FAILED_VERIFICATION)
		return "if the server's certificate is your own, set tls_ca_file "
		    "to it";
	return NULL;
}
