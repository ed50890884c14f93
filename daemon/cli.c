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

/* The command being run, whose help a usage error points to; NULL before
 * one is known (main.c). */
static const char *usage_command;

void
mq_cli_usage_for(const char *command)
{
	usage_command = command;
}

/* "masqued: S (see masqued help CMD)." for a command's usage error, which
 * `masqued help CMD` explains ("see masqued --help" sent the host to the
 * list of every command); "(see masqued --help)" before a command. */
static void
say_usage(const char *s)
{
	if (usage_command != NULL)
		fprintf(stderr, "masqued: %s (see masqued help %s).\n", s,
		    usage_command);
	else
		fprintf(stderr, "masqued: %s (see masqued --help).\n", s);
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
	say_usage(s);
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
	/* a usage error found in the command's work (--key abc) points to
	 * the command's help as mq_cli_usage's do */
	if (err->code == MQ_USAGE && usage_command != NULL) {
		if (n > 0 && s[n - 1] == '.')
			s[n - 1] = '\0';
		say_usage(s);
		return MQ_USAGE;
	}
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
