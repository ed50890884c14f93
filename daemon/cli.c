/* cli.c - helpers shared by the commands: usage errors, numbers, hex. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>

#include "daemon/cli.h"

int
mq_cli_once(unsigned *seen, unsigned bit, const char *opt)
{
	if (*seen & bit)
		return mq_cli_usage("%s is given twice", opt);
	*seen |= bit;
	return 0;
}

int
mq_cli_usage(const char *fmt, ...)
{
	char s[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s, sizeof(s), fmt, ap);
	va_end(ap);
	mq_escape_controls(s, sizeof(s));	/* it may quote an argument */
	fprintf(stderr, "masqued: %s (see masqued --help).\n", s);
	return MQ_USAGE;
}

/*
 * A reason made with mq_fail_errno ends in strerror's words, with no full
 * stop: alone on stderr it is a sentence of its own, and gets one.
 */
int
mq_cli_report(const struct mq_err *err)
{
	char s[sizeof(err->msg) + 2];
	size_t n;

	snprintf(s, sizeof(s), "%s", err->msg[0] ? err->msg : "Failed.");
	n = strlen(s);
	if (n > 0 && strchr(".!?", s[n - 1]) == NULL)
		snprintf(s + n, sizeof(s) - n, ".");
	fprintf(stderr, "masqued: %s\n", s);
	return err->code ? err->code : MQ_IO;
}

int
mq_cli_parse_hex32(const char *hex, uint8_t out[32])
{
	size_t len;
	const char *end;

	if (strlen(hex) != 64)
		return -1;
	if (sodium_hex2bin(out, 32, hex, 64, NULL, &len, &end) != 0 || len != 32 ||
	    *end != '\0')
		return -1;
	return 0;
}

int
mq_cli_parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}
