/* transport_curl.c - the IMAP and SMTP sessions' shared libcurl setup; see
 * transport_curl.h. */
#include "transport_curl.h"

#include "transport.h"

long
mq_transport_timeout(long timeout_s)
{
	return timeout_s > 0 ? timeout_s : MQ_TRANSPORT_TIMEOUT;
}

CURLcode
mq_transport_curl(CURL *h, const char *protocols, char *errbuf,
    int require_tls, long timeout_s, curl_debug_callback debug, void *arg)
{
	long t = mq_transport_timeout(timeout_s);
	CURLcode rc = CURLE_OK;

#define SET(o, v) if (rc == CURLE_OK) rc = curl_easy_setopt(h, o, v)
	SET(CURLOPT_PROTOCOLS_STR, protocols);
	SET(CURLOPT_NOSIGNAL, 1L);
	SET(CURLOPT_ERRORBUFFER, errbuf);
	/* Never CURLUSESSL_TRY: a required TLS that silently fails is none. */
	SET(CURLOPT_USE_SSL, require_tls ? (long)CURLUSESSL_ALL :
	    (long)CURLUSESSL_NONE);
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
