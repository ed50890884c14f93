/*
 * transport_live.c - the IMAP and SMTP transports against the real loopback
 * stack of mailstack.sh (SMTP_PORT, IMAP_PORT, MAIL_ROOT in the
 * environment), plus small fake servers forked here for what a real one
 * will not do on demand (stall, truncate, refuse for now). Exits 1 with a
 * message at the first failed check.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "err.h"
#include "mail/transport.h"
#include "mail/transport_imap.h"
#include "mail/transport_maildir.h"
#include "mail/transport_smtp.h"

#define NMSG	120	/* past OpenSMTPD's 100 messages per session */
#define NALICE	10	/* of which to alice; the rest to game+g1.0.tag */

static int checks;

static void
check(int ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		checks++;
		return;
	}
	fputs("transport_live: FAILED: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static const char *
env(const char *name)
{
	const char *v = getenv(name);

	if (v == NULL || *v == '\0') {
		fprintf(stderr, "transport_live: %s is not set (run "
		    "tests/e2e/transports.sh)\n", name);
		exit(1);
	}
	return v;
}

static char imap_url[64], smtp_url[64];

static struct mq_imap_conf
imap_conf(const char *user, const char *mailbox)
{
	struct mq_imap_conf c = { imap_url, mailbox, user, "secret", 0,
	    "done", 10, NULL };

	return c;
}

static int
is_alice(int i)
{
	return i % 12 == 11;
}

static void
send_all(void)
{
	struct mq_smtp_conf c = { smtp_url, NULL, NULL, 0, "masqued@pbem.test",
	    10, 0, NULL };
	struct mq_buf m = MQ_BUF_INIT;
	struct mq_smtp *s;
	struct mq_err err;
	int i, rc;

	check(mq_smtp_open(&c, &s, &err) == 0, "smtp open: %s", err.msg);
	for (i = 0; i < NMSG; i++) {
		mq_buf_reset(&m);
		/* bare LF on odd messages: the transport makes them CRLF */
		mq_buf_printf(&m, "From: masqued@pbem.test%s"
		    "To: %s%sSubject: test %d%sX-Seq: %d%s%s"
		    "line one%s.leading dot%s", i % 2 ? "\n" : "\r\n",
		    is_alice(i) ? "alice@pbem.test" : "game+g1.0.tag@pbem.test",
		    i % 2 ? "\n" : "\r\n", i, i % 2 ? "\n" : "\r\n", i,
		    i % 2 ? "\n" : "\r\n", i % 2 ? "\n" : "\r\n",
		    i % 2 ? "\n" : "\r\n", i % 2 ? "\n" : "\r\n");
		rc = mq_smtp_send(s, is_alice(i) ? "alice@pbem.test" :
		    "game+g1.0.tag@pbem.test", mq_buf_str(&m), m.len, &err);
		check(rc == 0, "smtp send %d: %s", i, err.msg);
	}
	/* 50 per connection: 3 connections for 120, none refused at 100 */
	check(mq_smtp_connections(s) == 3, "expected 3 SMTP connections, "
	    "got %lu", mq_smtp_connections(s));
	mq_smtp_close(s);
	mq_buf_free(&m);
}

/* Wait (at most 30 s) until mailbox holds want messages. */
static void
wait_for(const char *user, size_t want)
{
	struct mq_imap_conf c = imap_conf(user, "INBOX");
	struct mq_err err;
	uint32_t *uids;
	size_t n = 0;
	int i;

	for (i = 0; i < 300; i++) {
		check(mq_imap_search_after(&c, 0, &uids, &n, &err) == 0,
		    "search %s: %s", user, err.msg);
		free(uids);
		if (n >= want)
			break;
		usleep(100000);
	}
	check(n == want, "%s has %zu messages, expected %zu", user, n, want);
}

static int
seq_of(const char *raw)
{
	const char *p = strstr(raw, "\r\nX-Seq: ");

	return p ? atoi(p + 9) : -1;
}

static void
check_imap(void)
{
	struct mq_imap_conf c = imap_conf("game@pbem.test", "INBOX");
	struct mq_imap_conf d = imap_conf("game@pbem.test", "done");
	struct mq_imap *s;
	struct mq_err err;
	uint32_t uv, uv2, next, *uids, *rest, *none;
	size_t n, nrest, nnone, len, i;
	int seen[NMSG] = { 0 }, seqs[NMSG], rc;
	char *raw;

	check(mq_imap_open(&c, &s, &err) == 0, "imap open: %s", err.msg);
	check(mq_imap_s_uidvalidity(s, &uv, &err) == 0, "uidvalidity: %s",
	    err.msg);
	check(uv > 0, "UIDVALIDITY is 0");
	check(mq_imap_s_search_after(s, 0, &uids, &n, &err) == 0,
	    "search: %s", err.msg);
	check(n == NMSG - NALICE, "search after 0 found %zu", n);
	for (i = 1; i < n; i++)
		check(uids[i - 1] < uids[i], "UIDs not ascending at %zu", i);
	/* "UID SEARCH UID n:*" returns the last message: it is filtered */
	check(mq_imap_s_search_after(s, uids[n - 1], &none, &nnone, &err) ==
	    0, "search after last: %s", err.msg);
	check(nnone == 0 && none == NULL, "search after the last UID found "
	    "%zu", nnone);
	check(mq_imap_s_search_after(s, uids[n - 3], &none, &nnone, &err) ==
	    0 && nnone == 2 && none[0] == uids[n - 2] &&
	    none[1] == uids[n - 1], "search after the third last UID");
	free(none);
	for (i = 0; i < n; i++) {
		rc = mq_imap_s_fetch(s, uids[i], &raw, &len, 1 << 20, &err);
		check(rc == 0, "fetch UID %u: %s", uids[i], err.msg);
		check(len == strlen(raw), "fetch length of UID %u", uids[i]);
		check(strstr(raw, "Delivered-To: game+g1.0.tag@pbem.test\r\n")
		    != NULL, "UID %u lacks the Delivered-To with the tag",
		    uids[i]);
		check(strstr(raw, "\r\n..leading dot") == NULL &&
		    strstr(raw, "\r\n.leading dot\r\n") != NULL,
		    "dot-stuffing of UID %u", uids[i]);
		seqs[i] = seq_of(raw);
		check(seqs[i] >= 0 && seqs[i] < NMSG && !is_alice(seqs[i]) &&
		    !seen[seqs[i]], "UID %u has a bad or repeated X-Seq",
		    uids[i]);
		seen[seqs[i]] = 1;
		free(raw);
	}
	check(mq_imap_s_fetch(s, uids[0], &raw, &len, 10, &err) ==
	    MQ_REFUSED && raw == NULL, "the size cap of fetch");
	check(strstr(err.msg, "larger than the limit of 10 bytes") != NULL,
	    "size cap sentence: %s", err.msg);
	check(mq_imap_s_fetch(s, uids[n - 1] + 1000, &raw, &len, 1 << 20,
	    &err) == MQ_REFUSED, "fetch of a missing UID: %s", err.msg);
	check(strstr(err.msg, "no message with UID") != NULL,
	    "missing UID sentence: %s", err.msg);

	/* move the first five: the done folder is created on the way */
	for (i = 0; i < 5; i++)
		check(mq_imap_s_move_done(s, uids[i], &err) == 0,
		    "move UID %u: %s", uids[i], err.msg);
	check(mq_imap_s_search_after(s, 0, &rest, &nrest, &err) == 0,
	    "search after move: %s", err.msg);
	check(nrest == n - 5 && rest[0] == uids[5], "moved messages still "
	    "in INBOX (%zu left)", nrest);
	free(rest);
	/*
	 * Sequence numbers now differ from UIDs by at least five: a fetch
	 * by sequence number would bring another message. ;UID=n must be a
	 * UID FETCH.
	 */
	check(mq_imap_s_fetch(s, uids[7], &raw, &len, 1 << 20, &err) == 0,
	    "fetch after move: %s", err.msg);
	check(seq_of(raw) == seqs[7], "fetch ;UID=%u after the move brought "
	    "X-Seq %d, not %d: not a UID FETCH", uids[7], seq_of(raw),
	    seqs[7]);
	free(raw);
	check(mq_imap_s_uidvalidity(s, &uv2, &err) == 0 && uv2 == uv,
	    "UIDVALIDITY changed");
	/* UIDNEXT, Dovecot's, is past every UID the mailbox held: the
	 * daemon takes one at or below its cursor for a mailbox numbered
	 * anew (serve.c) */
	check(mq_imap_s_status(s, &uv2, &next, &err) == 0 && uv2 == uv &&
	    next > uids[n - 1], "STATUS: UIDVALIDITY %u UIDNEXT %u, the last "
	    "UID %u: %s", uv2, next, uids[n - 1], err.msg);
	mq_imap_close(s);

	/* the one-shot calls, on the done folder */
	check(mq_imap_search_after(&d, 0, &rest, &nrest, &err) == 0 &&
	    nrest == 5, "done folder holds %zu, expected 5", nrest);
	check(mq_imap_fetch(&d, rest[0], &raw, &len, 1 << 20, &err) == 0 &&
	    seq_of(raw) == seqs[0], "fetch from the done folder");
	free(raw);
	free(rest);
	check(mq_imap_uidvalidity(&d, &uv2, &err) == 0 && uv2 > 0,
	    "uidvalidity of done: %s", err.msg);
	d.done_folder = NULL;
	check(mq_imap_move_done(&d, 1, &err) == 0, "move with no done folder "
	    "is a no-op");
	check(mq_imap_move_done(&c, uids[5], &err) == 0, "one-shot move: %s",
	    err.msg);
	free(uids);
}

static void
check_imap_failures(void)
{
	struct mq_imap_conf c = imap_conf("game@pbem.test", "INBOX");
	struct mq_err err;
	uint32_t uv;

	c.password = "wrong-horse-battery";
	check(mq_imap_uidvalidity(&c, &uv, &err) == MQ_IO, "wrong password "
	    "accepted");
	check(strstr(err.msg, "refused the login of user game@pbem.test") !=
	    NULL, "wrong password sentence: %s", err.msg);
	check(strstr(err.msg, "wrong-horse") == NULL, "password in the "
	    "sentence");
	c = imap_conf("game@pbem.test", "INBOX");
	c.require_tls = 1;
	check(mq_imap_uidvalidity(&c, &uv, &err) == MQ_IO, "TLS required but "
	    "not offered, yet it worked");
	check(strstr(err.msg, "does not offer TLS") != NULL, "TLS sentence: "
	    "%s", err.msg);
	c = imap_conf("game@pbem.test", "No Such Box");
	check(mq_imap_uidvalidity(&c, &uv, &err) == MQ_IO &&
	    strstr(err.msg, "refused") != NULL, "missing mailbox: %s",
	    err.msg);
	c = imap_conf("game@pbem.test", "IN\"BOX\r\n");
	check(mq_imap_uidvalidity(&c, &uv, &err) == MQ_REFUSED,
	    "a mailbox name with CR LF is refused");
	c.url = "http://127.0.0.1/";
	check(mq_imap_uidvalidity(&c, &uv, &err) == MQ_REFUSED,
	    "a non-IMAP url is refused");
}

static void
check_smtp_failures(void)
{
	struct mq_smtp_conf c = { smtp_url, NULL, NULL, 0, "masqued@pbem.test",
	    10, 0, NULL };
	struct mq_smtp *s;
	struct mq_err err;
	const char *m = "Subject: x\r\n\r\nbody\r\n";
	int rc;

	check(mq_smtp_open(&c, &s, &err) == 0, "smtp open: %s", err.msg);
	/*
	 * OpenSMTPD answers RCPT for a domain it does not serve, and for an
	 * unknown user of pbem.test, with "550 Invalid recipient": a
	 * permanent refusal, so MQ_REFUSED (bounce, never retry).
	 */
	rc = mq_smtp_send(s, "someone@elsewhere.test", m, strlen(m), &err);
	check(rc == MQ_REFUSED, "unknown domain gave %d: %s", rc, err.msg);
	check(strstr(err.msg, "for good") != NULL, "sentence: %s", err.msg);
	rc = mq_smtp_send(s, "nobody@pbem.test", m, strlen(m), &err);
	check(rc == MQ_REFUSED, "unknown user gave %d: %s", rc, err.msg);
	/* the session still sends after refusals */
	rc = mq_smtp_send(s, "bob@pbem.test", m, strlen(m), &err);
	check(rc == 0, "send after refusals: %s", err.msg);
	rc = mq_smtp_send(s, "bad address", m, strlen(m), &err);
	check(rc == MQ_REFUSED, "an address with a space is refused");
	mq_smtp_close(s);

	c.require_tls = 1;
	check(mq_smtp_open(&c, &s, &err) == 0, "smtp open: %s", err.msg);
	rc = mq_smtp_send(s, "bob@pbem.test", m, strlen(m), &err);
	check(rc == MQ_IO && strstr(err.msg, "does not offer TLS") != NULL,
	    "SMTP TLS required: %d %s", rc, err.msg);
	mq_smtp_close(s);
}

/* A fake server on a free port: one connection, then exit. */
enum fake { FAKE_SILENT, FAKE_IMAP_TRUNCATE, FAKE_SMTP_TEMPFAIL };

static int
read_line(int fd, char *line, size_t size)
{
	size_t n = 0;
	char ch;

	while (n + 1 < size && read(fd, &ch, 1) == 1) {
		line[n++] = ch;
		if (ch == '\n')
			break;
	}
	line[n] = '\0';
	return n > 0;
}

static void
say(int fd, const char *s)
{
	if (write(fd, s, strlen(s)) < 0)
		_exit(1);
}

static void
fake_imap(int fd)
{
	char line[512], out[600], tag[32];

	say(fd, "* OK fake IMAP ready\r\n");
	while (read_line(fd, line, sizeof(line))) {
		if (sscanf(line, "%31s", tag) != 1)
			break;
		if (strstr(line, "CAPABILITY"))
			say(fd, "* CAPABILITY IMAP4rev1\r\n");
		else if (strstr(line, "SELECT"))
			say(fd, "* 1 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n");
		else if (strstr(line, "FETCH")) {
			/* announce 1000 bytes, send 20, hang up */
			say(fd, "* 1 FETCH (UID 1 BODY[] {1000}\r\n");
			say(fd, "Subject: cut short\r\n");
			return;
		}
		snprintf(out, sizeof(out), "%s OK done\r\n", tag);
		say(fd, out);
	}
}

static void
fake_smtp(int fd)
{
	char line[512];

	say(fd, "220 fake ESMTP\r\n");
	while (read_line(fd, line, sizeof(line))) {
		if (strncmp(line, "EHLO", 4) == 0)
			say(fd, "250 fake\r\n");
		else if (strncmp(line, "RCPT", 4) == 0)
			say(fd, "451 4.3.0 try again later\r\n");
		else if (strncmp(line, "QUIT", 4) == 0) {
			say(fd, "221 bye\r\n");
			return;
		} else
			say(fd, "250 ok\r\n");
	}
}

static pid_t
fake_server(enum fake kind, int *port)
{
	struct sockaddr_in a;
	socklen_t alen = sizeof(a);
	int ls, fd;
	pid_t pid;

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ls = socket(AF_INET, SOCK_STREAM, 0);
	check(ls >= 0 && bind(ls, (struct sockaddr *)&a, sizeof(a)) == 0 &&
	    listen(ls, 4) == 0 && getsockname(ls, (struct sockaddr *)&a,
	    &alen) == 0, "fake server socket");
	*port = ntohs(a.sin_port);
	pid = fork();
	check(pid >= 0, "fork");
	if (pid == 0) {
		if ((fd = accept(ls, NULL, NULL)) >= 0) {
			if (kind == FAKE_SILENT)
				sleep(30);
			else if (kind == FAKE_IMAP_TRUNCATE)
				fake_imap(fd);
			else
				fake_smtp(fd);
			close(fd);
		}
		_exit(0);
	}
	close(ls);
	return pid;
}

static void
reap(pid_t pid)
{
	kill(pid, SIGTERM);
	waitpid(pid, NULL, 0);
}

static void
check_fakes(void)
{
	struct mq_imap_conf c = imap_conf("game@pbem.test", "INBOX");
	struct mq_smtp_conf sc = { NULL, "u", "p4ss", 0, "masqued@pbem.test",
	    1, 0, NULL };
	struct mq_smtp *s;
	struct mq_err err;
	char url[64], *raw;
	size_t len;
	uint32_t uv;
	time_t t0;
	pid_t pid;
	int port, rc;

	pid = fake_server(FAKE_SILENT, &port);
	snprintf(url, sizeof(url), "imap://127.0.0.1:%d", port);
	c.url = url;
	c.timeout_s = 1;
	t0 = time(NULL);
	rc = mq_imap_uidvalidity(&c, &uv, &err);
	check(rc == MQ_IO && strstr(err.msg, "did not answer within 1 "
	    "second while") != NULL, "silent IMAP server: %d %s", rc, err.msg);
	/* far from the default 60 s, and far from flaky on a slow machine */
	check(time(NULL) - t0 < 30, "the timeout took %lld s",
	    (long long)(time(NULL) - t0));
	reap(pid);

	pid = fake_server(FAKE_IMAP_TRUNCATE, &port);
	snprintf(url, sizeof(url), "imap://127.0.0.1:%d", port);
	c.timeout_s = 5;
	rc = mq_imap_fetch(&c, 1, &raw, &len, 1 << 20, &err);
	check(rc == MQ_IO && raw == NULL, "truncated fetch gave %d", rc);
	check(strstr(err.msg, "broke off") != NULL, "truncated fetch "
	    "sentence: %s", err.msg);
	check(strstr(err.msg, "secret") == NULL, "password in the sentence");
	reap(pid);

	pid = fake_server(FAKE_SMTP_TEMPFAIL, &port);
	snprintf(url, sizeof(url), "smtp://127.0.0.1:%d", port);
	sc.url = url;
	sc.user = NULL;
	sc.password = NULL;
	check(mq_smtp_open(&sc, &s, &err) == 0, "smtp open: %s", err.msg);
	rc = mq_smtp_send(s, "bob@pbem.test", "x\n", 2, &err);
	check(rc == MQ_IO && strstr(err.msg, "for now") != NULL,
	    "SMTP 451 gave %d: %s", rc, err.msg);
	mq_smtp_close(s);
	reap(pid);

	/* nobody listens on the fake's old port any more */
	check(mq_smtp_open(&sc, &s, &err) == 0, "smtp open: %s", err.msg);
	rc = mq_smtp_send(s, "bob@pbem.test", "x\n", 2, &err);
	check(rc == MQ_IO && strstr(err.msg, "Cannot connect") != NULL,
	    "closed SMTP port gave %d: %s", rc, err.msg);
	mq_smtp_close(s);
}

static void
check_maildir_of_alice(const char *root)
{
	struct mq_buf dir = MQ_BUF_INIT;
	struct mq_maildir_list l;
	struct mq_err err;

	/* alice's mail was never read over IMAP: all of it is pending */
	mq_buf_printf(&dir, "%s/alice/Maildir", root);
	check(mq_maildir_list(mq_buf_str(&dir), &l, &err) == 0,
	    "maildir list: %s", err.msg);
	check(l.n == NALICE, "alice's Maildir holds %zu pending, expected %d",
	    l.n, NALICE);
	mq_maildir_list_free(&l);
	mq_buf_free(&dir);
}

int
main(void)
{
	snprintf(imap_url, sizeof(imap_url), "imap://127.0.0.1:%s",
	    env("IMAP_PORT"));
	snprintf(smtp_url, sizeof(smtp_url), "smtp://127.0.0.1:%s",
	    env("SMTP_PORT"));
	signal(SIGPIPE, SIG_IGN);
	send_all();
	wait_for("game@pbem.test", NMSG - NALICE);
	wait_for("alice@pbem.test", NALICE);
	check_maildir_of_alice(env("MAIL_ROOT"));
	check_imap();
	check_imap_failures();
	check_smtp_failures();
	check_fakes();
	printf("transport_live: %d checks passed\n", checks);
	return 0;
}
