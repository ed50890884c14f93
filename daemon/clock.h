/*
 * clock.h - the daemon's only clock. MASQUED_NOW (Unix seconds) pins it, so
 * tests and the crash test are exact; the engine never reads a clock.
 */
#ifndef MQ_CLOCK_H
#define MQ_CLOCK_H

#include "err.h"

/* The time: MASQUED_NOW when set (and not empty), else the real clock. */
long long mq_clock_now(void);
/* MQ_USAGE, with a sentence, when MASQUED_NOW is set but not Unix seconds:
 * a typo must not silently unpin the clock. main checks it first. */
int mq_clock_check(struct mq_err *err);

/* t as masqued's mails and logs tell a time: "2026-12-05 18:40 UTC", to
 * the second when seconds ("... 18:40:12 UTC"); its number of seconds if
 * gmtime cannot read it. */
void mq_clock_utc(long long t, int seconds, char *out, size_t n);

#endif
