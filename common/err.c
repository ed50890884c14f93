/* err.c - recording one sentence per failure; see err.h. */
#include "err.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The width of c once escaped. */
static size_t
escaped_width(unsigned char c)
{
	if (c == '\n' || c == '\r' || c == '\t')
		return 2;
	return c < 0x20 || c == 0x7f ? 4 : 1;
}

size_t
mq_escape_controls(char *s, size_t size)
{
	static const char hex[] = "0123456789abcdef";
	size_t len = strlen(s), need = 0, i, j, k, w;
	unsigned char c;

	if (size == 0)
		return 0;
	for (i = 0; i < len; i++) {	/* what fits, escaped */
		if (need + (w = escaped_width((unsigned char)s[i])) >= size)
			break;
		need += w;
	}
	/* a UTF-8 character cut at the end (here, or by the vsnprintf that
	 * wrote s) goes whole: a sentence is quoted in JSON and in mail,
	 * which take no broken text */
	for (k = i; k > 0 && i - k < 3 && ((unsigned char)s[k - 1] & 0xC0) ==
	    0x80; k--)
		;
	if (k > 0 && (c = (unsigned char)s[k - 1]) >= 0xC0 &&
	    k - 1 + (c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2) > i) {
		need -= i - (k - 1);	/* each of width 1 */
		i = k - 1;
	}
	/* back to front, so that nothing is overwritten before it is read */
	s[need] = '\0';
	for (j = need; i > 0;) {
		c = (unsigned char)s[--i];
		if ((w = escaped_width(c)) == 1) {
			s[--j] = (char)c;
			continue;
		}
		j -= w;
		s[j] = '\\';
		if (w == 2)
			s[j + 1] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
		else {
			s[j + 1] = 'x';
			s[j + 2] = hex[c >> 4];
			s[j + 3] = hex[c & 15];
		}
	}
	return need;
}

/* mq_err_set_datadir's folder, "" if none. */
static char datadir[4096];

void
mq_err_set_datadir(const char *dir)
{
	snprintf(datadir, sizeof(datadir), "%s", dir != NULL ? dir : "");
}

/* Whether s names the data folder or a path in it, as a word of its own. */
static int
names_datadir(const char *s)
{
	size_t n = strlen(datadir);
	const char *p;

	/* "/" alone, or none: every path would be "in it" */
	if (n < 2)
		return 0;
	for (p = strstr(s, datadir); p != NULL; p = strstr(p + 1, datadir))
		if ((p == s || strchr(" '\"(", p[-1]) != NULL) &&
		    strchr("/:'\") ,.", p[n]) != NULL)
			return 1;
	return 0;
}

/* The hint's words (": make the data folder ... writable ...") into buf
 * when errnum is EROFS or EACCES and s names the data folder or a path in
 * it; else "". Returns buf. */
static const char *
hint_for(int errnum, const char *s, char *buf, size_t n)
{
	buf[0] = '\0';
	if ((errnum == EROFS || errnum == EACCES) && names_datadir(s))
		snprintf(buf, n, ": make the data folder %s writable by the "
		    "user that runs masqued", datadir);
	return buf;
}

void
mq_err_writable_hint(struct mq_err *err, int errnum)
{
	char hint[MQ_STRERROR_HINT_MAX];
	size_t len;

	if (err == NULL || *hint_for(errnum, err->msg, hint, sizeof(hint)) ==
	    '\0')
		return;
	len = strlen(err->msg);
	snprintf(err->msg + len, sizeof(err->msg) - len, "%s", hint);
	mq_escape_controls(err->msg, sizeof(err->msg));
}

const char *
mq_strerror_hint(int errnum, const char *path, char *buf, size_t n)
{
	char hint[MQ_STRERROR_HINT_MAX];

	snprintf(buf, n, "%s%s", strerror(errnum), hint_for(errnum,
	    path != NULL ? path : "", hint, sizeof(hint)));
	return buf;
}

/* The sentence of mq_fail and mq_fail_errno, escaped; its length. */
static size_t __attribute__((format(printf, 3, 0)))
set_msg(struct mq_err *err, int code, const char *fmt, va_list ap)
{
	err->code = code;
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	return mq_escape_controls(err->msg, sizeof(err->msg));
}

int
mq_fail(struct mq_err *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return code;
	va_start(ap, fmt);
	set_msg(err, code, fmt, ap);
	va_end(ap);
	return code;
}

int
mq_fail_errno(struct mq_err *err, int code, const char *fmt, ...)
{
	va_list ap;
	int saved = errno;
	size_t len;

	if (err == NULL)
		return code;
	va_start(ap, fmt);
	len = set_msg(err, code, fmt, ap);
	va_end(ap);
	snprintf(err->msg + len, sizeof(err->msg) - len, ": %s", strerror(saved));
	mq_err_writable_hint(err, saved);
	return code;
}

void
mq_err_clear(struct mq_err *err)
{
	if (err != NULL) {
		err->code = 0;
		err->msg[0] = '\0';
	}
}

void
mq_fatal(const char *fmt, ...)
{
	va_list ap;

	fputs("masqued: fatal: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}
