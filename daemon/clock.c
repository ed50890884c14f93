/* clock.c - the injectable clock; see clock.h. */
#include <stdlib.h>
#include <time.h>

#include "daemon/clock.h"

long long
mq_clock_now(void)
{
	const char *pin = getenv("MASQUED_NOW");
	char *end;
	long long v;

	if (pin != NULL && *pin) {
		v = strtoll(pin, &end, 10);
		if (*end == '\0' && v >= 0)
			return v;
	}
	return (long long)time(NULL);
}
