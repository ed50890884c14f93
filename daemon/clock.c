/* clock.c - the injectable clock; see clock.h. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "daemon/clock.h"
#include "fileio.h"

#define MAX_PIN 253402300799LL	/* 9999-12-31 23:59:59: gmtime's reach */

/* The pinned time, or -1 when MASQUED_NOW is not set (or empty), or -2
 * when it is malformed. */
static long long
pinned(void)
{
	const char *pin = getenv("MASQUED_NOW"), *p = pin;
	unsigned long long v;

	if (pin == NULL || *pin == '\0')
		return -1;
	if (mq_scan_digits(&p, (unsigned long long)MAX_PIN, &v) != 0 || *p != '\0')
		return -2;
	return (long long)v;
}

int
mq_clock_check(struct mq_err *err)
{
	if (pinned() == -2)
		return mq_fail(err, MQ_USAGE, "MASQUED_NOW pins the clock and takes "
		    "Unix seconds from 0 to %lld, such as 1790000000, not \"%s\".",
		    MAX_PIN, getenv("MASQUED_NOW"));
	return 0;
}

long long
mq_clock_now(void)
{
	long long v = pinned();

	/* a malformed pin never gets here: main refuses to start on it */
	return v >= 0 ? v : (long long)time(NULL);
}

void
mq_clock_utc(long long t, int seconds, char *out, size_t n)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (gmtime_r(&tt, &tm) == NULL || strftime(out, n, seconds ?
	    "%Y-%m-%d %H:%M:%S UTC" : "%Y-%m-%d %H:%M UTC", &tm) == 0)
		snprintf(out, n, "%lld", t);
}
