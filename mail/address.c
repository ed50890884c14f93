/* address.c - reply addresses and tags; see address.h. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sodium.h>

#include "mail/address.h"

void
mq_addr_tag(const unsigned char key[32], const char *game, int seat, int epoch,
    char out[MQ_TAG_LEN + 1])
{
	static const char b32[] = "abcdefghijklmnopqrstuvwxyz234567";
	unsigned char h[10];
	char msg[96];
	unsigned acc = 0;
	int n, i, bits = 0, o = 0;

	n = snprintf(msg, sizeof(msg), "masqued-tag-v1\n%s\n%d\n%d", game, seat, epoch);
	crypto_generichash(h, sizeof(h), (unsigned char *)msg, (size_t)n, key, 32);
	for (i = 0; i < 10; i++) {		/* 80 bits -> 16 characters */
		acc = ((acc << 8) | h[i]) & 0xFFFFu;	/* at most 12 bits are pending */
		bits += 8;
		while (bits >= 5) {
			out[o++] = b32[(acc >> (bits - 5)) & 31];
			bits -= 5;
		}
	}
	out[o] = '\0';
}

int
mq_addr_reply(const char *local, const char *domain, const char *game, int seat,
    const char *tag, char *out, size_t n)
{
	int w = snprintf(out, n, "%s+%s.%d.%s@%s", local, game, seat, tag, domain);

	return w < 0 || (size_t)w >= n ? -1 : 0;
}

static int
parse_local(const char *addr, const char *local, struct mq_addr_tag *t)
{
	const char *plus = strchr(addr, '+'), *at = strrchr(addr, '@'), *p, *dot2;
	size_t gl, sl, i;

	if (plus == NULL || at == NULL || plus > at)
		return -1;
	if (local != NULL && (strlen(local) != (size_t)(plus - addr) ||
	    strncasecmp(addr, local, (size_t)(plus - addr)) != 0))
		return -1;
	p = plus + 1;
	gl = strcspn(p, ".@");
	if (gl != 8 || p[gl] != '.')
		return -1;
	dot2 = p + gl + 1;
	sl = strcspn(dot2, ".@");
	/* the seat as mq_addr_reply writes it: no sign, no leading zero */
	if (sl == 0 || sl > 7 || dot2[sl] != '.' ||
	    strspn(dot2, "0123456789") != sl || (sl > 1 && dot2[0] == '0'))
		return -1;
	if ((size_t)(at - (dot2 + sl + 1)) != MQ_TAG_LEN)
		return -1;
	memcpy(t->game, p, 8);
	t->game[8] = '\0';
	for (t->seat = 0, i = 0; i < sl; i++)
		t->seat = t->seat * 10 + (dot2[i] - '0');
	memcpy(t->tag, dot2 + sl + 1, MQ_TAG_LEN);
	t->tag[MQ_TAG_LEN] = '\0';
	for (p = t->game; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyz234567", tolower((unsigned char)*p)))
			return -1;
	return 0;
}

/*
 * "game+id.2.tag"@domain is game+id.2.tag@domain (RFC 5321 4.1.2: quoting
 * a local part that needs none changes nothing), as a client or a hand
 * may write it. Written into buf without its quotes; 0, or -1 when
 * addr is not so quoted (one with an escape is left alone: no client
 * escapes a character of our reply addresses).
 */
static int
unquote_local(const char *addr, char *buf, size_t size)
{
	const char *end;
	size_t n;

	if (addr[0] != '"' || (end = strchr(addr + 1, '"')) == NULL ||
	    end[1] != '@')
		return -1;
	n = (size_t)(end - (addr + 1));
	if (memchr(addr + 1, '\\', n) != NULL || n + strlen(end + 1) >= size)
		return -1;
	memcpy(buf, addr + 1, n);
	memcpy(buf + n, end + 1, strlen(end + 1) + 1);
	return 0;
}

int
mq_addr_find(char *const *recipients, const char *local, struct mq_addr_tag *out)
{
	char bare[512];
	size_t i;

	for (i = 0; recipients != NULL && recipients[i] != NULL; i++)
		if (parse_local(recipients[i], local, out) == 0 ||
		    (unquote_local(recipients[i], bare, sizeof(bare)) == 0 &&
		    parse_local(bare, local, out) == 0))
			return 0;
	return -1;
}

int
mq_addr_tag_ok(const unsigned char key[32], const struct mq_addr_tag *t,
    int epoch)
{
	char want[MQ_TAG_LEN + 1], got[MQ_TAG_LEN + 1];
	size_t i;

	mq_addr_tag(key, t->game, t->seat, epoch, want);
	for (i = 0; i <= MQ_TAG_LEN; i++)
		got[i] = (char)tolower((unsigned char)t->tag[i]);
	return sodium_memcmp(want, got, MQ_TAG_LEN) == 0;
}

int
mq_addr_same(const char *a, const char *b)
{
	return a != NULL && b != NULL && strcasecmp(a, b) == 0;
}
