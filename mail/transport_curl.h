/*
 * transport_curl.h - what the IMAP and SMTP transports set up alike on
 * their libcurl handles: the safety of a session (its protocols, TLS
 * policy and timeouts), kept in one place so that the two cannot drift.
 */
#ifndef MQ_TRANSPORT_CURL_H
#define MQ_TRANSPORT_CURL_H

#include <curl/curl.h>

/* A configuration's timeout_s: its own, or MQ_TRANSPORT_TIMEOUT for 0. */
long mq_transport_timeout(long timeout_s);

/*
 * On h: only the protocols named (libcurl's list: "imap,imaps"); no
 * signals; libcurl's sentences into errbuf (CURL_ERROR_SIZE bytes); TLS
 * required, or not used at all; a server that does not connect, answer or
 * move a byte a second within mq_transport_timeout(timeout_s) seconds is
 * given up on; and debug called with arg on every line (how each reads the
 * server's refusals). CURLE_OK, or the first option libcurl refused.
 */
CURLcode mq_transport_curl(CURL *h, const char *protocols, char *errbuf,
    int require_tls, long timeout_s, curl_debug_callback debug, void *arg);

#endif
