/* transport.c - what the mail transports share; see transport.h. */
#include "transport.h"

#include <string.h>

#include "buf.h"

void
mq_transport_host(char *dst, size_t size, const char *url)
{
	const char *p = strstr(url, "://"), *at, *slash;
	char *cut;

	p = p ? p + 3 : url;
	slash = strchr(p, '/');
	at = strchr(p, '@');
	if (at != NULL && (slash == NULL || at < slash))
		p = at + 1;
	mq_strlcpy(dst, p, size);
	if ((cut = strchr(dst, '/')) != NULL)
		*cut = '\0';
}
