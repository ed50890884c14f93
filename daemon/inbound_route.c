/* inbound_route.c - which worker process takes a message, from a quick look
 * at its recipient lines; see inbound.h (mq_inbound_game_of). */
#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "daemon/inbound.h"

int
mq_inbound_worker_of(const char *game, int n)
{
	uint32_t h = 2166136261u;	/* FNV-1a, of the id in lower case */

	if (n <= 1 || !*game)
		return 0;
	for (; *game; game++)
		h = (h ^ (unsigned char)tolower((unsigned char)*game)) * 16777619u;
	return (int)(h % (uint32_t)n);
}

/* Whether the header line at p (of the header block's n bytes) is one of
 * the recipient fields analyse reads. */
static int
recipient_field(const char *p, size_t n)
{
	static const char *const f[] = { "delivered-to:", "x-original-to:",
	    "to:", "cc:" };
	size_t i, k;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		k = strlen(f[i]);
		if (n >= k && strncasecmp(p, f[i], k) == 0)
			return 1;
	}
	return 0;
}

void
mq_inbound_game_of(const struct mq_daemon *d, const char *raw, size_t len,
    char game[9])
{
	const char *local = d->conf.reply_local, *p = raw, *end = raw + len, *q;
	size_t ll = strlen(local), i;
	int in_field = 0;

	game[0] = '\0';
	while (p < end && *p != '\r' && *p != '\n') {	/* the header block */
		const char *eol = memchr(p, '\n', (size_t)(end - p));

		if (eol == NULL)
			eol = end;
		if (*p != ' ' && *p != '\t')		/* not a continuation */
			in_field = recipient_field(p, (size_t)(eol - p));
		for (q = p; in_field && q + ll + 10 <= eol; q++) {
			if (strncasecmp(q, local, ll) != 0 || q[ll] != '+' ||
			    (q > p && (isalnum((unsigned char)q[-1]) || q[-1] == '.' ||
			    q[-1] == '+' || q[-1] == '-' || q[-1] == '_')))
				continue;
			for (i = 0; i < 8; i++)
				if (!strchr("abcdefghijklmnopqrstuvwxyz234567",
				    tolower((unsigned char)q[ll + 1 + i])) ||
				    q[ll + 1 + i] == '\0')
					break;
			if (i == 8 && q[ll + 9] == '.') {
				memcpy(game, q + ll + 1, 8);
				game[8] = '\0';
				return;
			}
		}
		p = eol + 1;
	}
}
