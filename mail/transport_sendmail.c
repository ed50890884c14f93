/*
 * transport_sendmail.c - outbound mail through the local sendmail program;
 * see transport_sendmail.h.
 *
 * The program is run without a shell (its path and the addresses are
 * arguments, never parsed), its standard input and output are pipes served
 * with poll(2) together (a program that writes while we write would
 * otherwise block us both), and it is killed past the timeout. SIGPIPE is
 * ignored while it runs: a program that exits before reading the whole
 * message must fail this send, not the daemon.
 */
#define _GNU_SOURCE		/* pipe2 */
#include "transport_sendmail.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "buf.h"
#include "transport.h"

/* sysexits.h's, by value: its header is BSD's, not C's */
#define EX_DATAERR	65
#define EX_NOUSER	67
#define EX_NOHOST	68
#define EX_TEMPFAIL	75

static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* raw with CRLF line ends made LF (the spool keeps a mail as SMTP sends
 * it; a local submission ends lines with LF), and a final line end */
static int
lf_copy(const char *raw, size_t len, struct mq_buf *out)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!(raw[i] == '\r' && i + 1 < len && raw[i + 1] == '\n'))
			mq_buf_putc(out, raw[i]);
	if (len == 0 || raw[len - 1] != '\n')
		mq_buf_putc(out, '\n');
	return out->oom ? -1 : 0;
}

/* what the program said: its first line, printable */
static void
first_line(const struct mq_buf *said, char *out, size_t n)
{
	const char *s = mq_buf_str(said);
	size_t k = 0;

	while (*s == '\n' || *s == ' ')
		s++;
	/* ASCII only: it goes into the host's mail, which must be UTF-8,
	 * and a line cut short could end inside a character */
	for (; *s != '\0' && *s != '\n' && k + 1 < n; s++)
		out[k++] = (unsigned char)*s < 0x20 ? ' ' :
		    (unsigned char)*s >= 0x7f ? '?' : *s;
	out[k] = '\0';
}

/* Read what fd holds now into said (its first 4 KiB); 1 at its end. */
static int
drain(int fd, struct mq_buf *said)
{
	char buf[1024];
	ssize_t k;

	for (;;) {
		k = read(fd, buf, sizeof(buf));
		if (k > 0) {
			if (said->len < 4096)
				mq_buf_add(said, buf, (size_t)k);
			continue;
		}
		if (k < 0 && errno == EINTR)
			continue;
		return k == 0 || errno != EAGAIN;
	}
}

/*
 * Feed msg to *fd_in (*written: the bytes it took) and read *fd_out into
 * said until the program exits (its status into *status), or the
 * deadline: 0, or -1 on the timeout (the program still runs). Its exit ends it, not the end of its output: a
 * program may leave a process of its own behind (a background delivery)
 * that holds the output open. Each fd closed is made -1.
 */
static int
converse(pid_t pid, int *fd_in, int *fd_out, const struct mq_buf *msg,
    size_t *written, struct mq_buf *said, long long deadline, int *status)
{
	size_t pos = 0;
	ssize_t k;
	pid_t r;

	for (;;) {
		struct pollfd p[2];
		int np = 0, wait_ms, rc;

		/* all written (or the reader gone): has it exited? */
		if (*fd_in < 0) {
			while ((r = waitpid(pid, status, WNOHANG)) < 0 &&
			    errno == EINTR)
				;
			if (r == pid || r < 0) {
				if (*fd_out >= 0)
					drain(*fd_out, said);
				return r == pid ? 0 : -1;
			}
		}
		if ((wait_ms = (int)(deadline - now_ms())) <= 0)
			return -1;
		if (*fd_in < 0 && wait_ms > 20)
			wait_ms = 20;	/* to see its exit soon */
		if (*fd_in >= 0)
			p[np++] = (struct pollfd){ *fd_in, POLLOUT, 0 };
		if (*fd_out >= 0)
			p[np++] = (struct pollfd){ *fd_out, POLLIN, 0 };
		if (np == 0) {
			nanosleep(&(struct timespec){ 0, wait_ms * 1000000L }, NULL);
			continue;
		}
		if ((rc = poll(p, (nfds_t)np, wait_ms)) <= 0)
			continue;	/* EINTR, or time to look again */
		for (int i = 0; i < np; i++) {
			if (p[i].revents == 0)
				continue;
			if (p[i].fd == *fd_in) {
				k = write(*fd_in, msg->data + pos, msg->len - pos);
				if (k > 0)
					*written = pos += (size_t)k;
				if (pos == msg->len || (k < 0 && errno != EAGAIN &&
				    errno != EINTR)) {
					close(*fd_in);
					*fd_in = -1;
				}
			} else if (drain(*fd_out, said)) {
				close(*fd_out);
				*fd_out = -1;
			}
		}
	}
}

/* The child: the message on stdin, its answers on stdout and stderr, the
 * passwords' variables gone, then the program (argv: PATH [ARGS] -i -f FROM
 * -- RCPT). The pipes' ends are first
 * moved above 2: pipe2 hands back 0, 1 or 2 when the daemon was started
 * with one closed, and dup2 onto itself would leave it close-on-exec. */
static void
run_child(const struct mq_sendmail_conf *c, const char *rcpt, int rd, int wr)
{
	int i0 = fcntl(rd, F_DUPFD_CLOEXEC, 3), o1 = fcntl(wr, F_DUPFD_CLOEXEC, 3);
	char *argv[MQ_SENDMAIL_MAX_ARGS + 7];
	int k = 0;

	if (i0 < 0 || o1 < 0 || dup2(i0, 0) < 0 || dup2(o1, 1) < 0 ||
	    dup2(o1, 2) < 0)
		_exit(127);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGCHLD, SIG_DFL);
	for (int h = 0; h < 2; h++)
		if (c->hide[h] != NULL && c->hide[h][0] != '\0')
			unsetenv(c->hide[h]);
	argv[k++] = (char *)c->path;
	for (int a = 0; a < c->nargs && a < MQ_SENDMAIL_MAX_ARGS; a++)
		argv[k++] = (char *)c->args[a];
	argv[k++] = "-i";
	argv[k++] = "-f";
	argv[k++] = (char *)c->from;
	argv[k++] = "--";
	argv[k++] = (char *)rcpt;
	argv[k] = NULL;
	execv(c->path, argv);
	dprintf(2, "cannot run %s: %s\n", c->path, strerror(errno));
	_exit(127);
}

int
mq_sendmail_split(const char *args, char *buf, size_t size,
    const char *words[MQ_SENDMAIL_MAX_ARGS], struct mq_err *err)
{
	char *p;
	int n = 0;

	if (strlen(args) >= size) {
		mq_fail(err, MQ_REFUSED, "sendmail_args is too long.");
		return -1;
	}
	if (strpbrk(args, "\"'\\") != NULL) {
		mq_fail(err, MQ_REFUSED, "sendmail_args takes words parted by "
		    "spaces, with no quotes or backslashes (no shell reads "
		    "them), not \"%s\".", args);
		return -1;
	}
	snprintf(buf, size, "%s", args);
	for (p = strtok(buf, " \t"); p != NULL; p = strtok(NULL, " \t")) {
		if (n == MQ_SENDMAIL_MAX_ARGS) {
			mq_fail(err, MQ_REFUSED, "sendmail_args takes %d words "
			    "at most.", MQ_SENDMAIL_MAX_ARGS);
			return -1;
		}
		words[n++] = p;
	}
	return n;
}

int
mq_sendmail_send(const struct mq_sendmail_conf *c, const char *rcpt,
    const char *raw, size_t len, int *down, struct mq_err *err)
{
	struct mq_buf msg = MQ_BUF_INIT, said = MQ_BUF_INIT;
	struct sigaction dfl, old_pipe, old_chld;
	int in[2] = { -1, -1 }, out[2] = { -1, -1 }, status = 0, rc = 0, code;
	long timeout_s = c->timeout_s > 0 ? c->timeout_s : MQ_TRANSPORT_TIMEOUT;
	size_t written = 0;
	long long deadline;
	char line[300];
	pid_t pid = -1;

	*down = 0;
	/* an address that reads as an option is no address */
	if (rcpt[0] == '-' || c->from[0] == '-')
		return mq_fail(err, MQ_REFUSED, "The address %s cannot be given "
		    "to sendmail: it starts with '-'.", rcpt[0] == '-' ? rcpt :
		    c->from);
	if (lf_copy(raw, len, &msg) != 0) {
		mq_buf_free(&msg);
		*down = 1;
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) {
		rc = mq_fail_errno(err, MQ_IO, "Cannot make a pipe to %s", c->path);
		*down = 1;
		goto out;
	}
	/* a closed pipe fails a write, not the daemon; and the program's exit
	 * is ours to wait for, even where SIGCHLD came ignored (its status
	 * would be lost, and a mail taken seem not to be) */
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &dfl, &old_pipe);
	dfl.sa_handler = SIG_DFL;
	sigaction(SIGCHLD, &dfl, &old_chld);
	if ((pid = fork()) < 0) {
		rc = mq_fail_errno(err, MQ_IO, "Cannot run %s", c->path);
		*down = 1;
		goto restore;
	}
	if (pid == 0)
		run_child(c, rcpt, in[0], out[1]);
	close(in[0]);
	close(out[1]);
	in[0] = out[1] = -1;
	fcntl(in[1], F_SETFL, O_NONBLOCK);
	fcntl(out[0], F_SETFL, O_NONBLOCK);
	deadline = now_ms() + timeout_s * 1000;
	if ((rc = converse(pid, &in[1], &out[0], &msg, &written, &said,
	    deadline, &status)) != 0) {
		kill(pid, SIGKILL);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	}
restore:
	sigaction(SIGPIPE, &old_pipe, NULL);
	sigaction(SIGCHLD, &old_chld, NULL);
	if (pid < 0)
		goto out;
	first_line(&said, line, sizeof(line));
	code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	if (code == 0 && written < msg.len) {
		/* it stopped reading, yet says it took the mail: a part of it */
		rc = mq_fail(err, MQ_IO, "%s exited 0 having read %zu of the %zu "
		    "bytes of the mail to %s", c->path, written, msg.len, rcpt);
	} else if (code == 0) {
		rc = 0;		/* even at the deadline: it took the mail */
	} else if (rc != 0) {
		*down = 1;
		rc = mq_fail(err, MQ_IO, "%s did not finish within %ld second%s "
		    "for the mail to %s", c->path, timeout_s, timeout_s == 1 ?
		    "" : "s", rcpt);
	} else if (code == EX_DATAERR || code == EX_NOUSER || code == EX_NOHOST) {
		rc = mq_fail(err, MQ_REFUSED, "%s refused the mail to %s (exit "
		    "%d)%s%s", c->path, rcpt, code, line[0] ? ": " : "", line);
	} else if (code < 0) {
		*down = 1;
		rc = mq_fail(err, MQ_IO, "%s was killed by signal %d", c->path,
		    WTERMSIG(status));
	} else {
		/* not running at all, or saying try later: the program's state,
		 * not the mail's; another status may be this mail's alone */
		*down = code == EX_TEMPFAIL || code == 126 || code == 127;
		rc = mq_fail(err, MQ_IO, "%s took no mail (exit %d%s)%s%s",
		    c->path, code, code == EX_TEMPFAIL ? ", try again later" : "",
		    line[0] ? ": " : "", line);
	}
out:
	for (int i = 0; i < 2; i++) {
		if (in[i] >= 0)
			close(in[i]);
		if (out[i] >= 0)
			close(out[i]);
	}
	mq_buf_free(&msg);
	mq_buf_free(&said);
	return rc;
}
