/* err.c - recording one sentence per failure; see err.h. */
#include "err.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
mq_fail(struct mq_err *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return code;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
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
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	len = strlen(err->msg);
	snprintf(err->msg + len, sizeof(err->msg) - len, ": %s", strerror(saved));
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
