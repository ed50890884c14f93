/*
 * clock.h - the daemon's only clock. MASQUED_NOW (Unix seconds) pins it, so
 * tests and the crash test are exact; the engine never reads a clock.
 */
#ifndef MQ_CLOCK_H
#define MQ_CLOCK_H

long long mq_clock_now(void);

#endif
