/*
 * zh_fixture.h - the check that a Chinese mail sets a number or a Latin
 * word apart from the Han around it, for the render tests of both games:
 * the zh mails write "抽了 1 张谣言卡", "VP 标记", "alice 的牌".
 *
 * Static inline, like the fixtures.
 */
#ifndef MQ_ZH_FIXTURE_H
#define MQ_ZH_FIXTURE_H

#include <ctype.h>
#include <string.h>

/*
 * Where in text a Han character touches a Latin letter or a digit ("若VP",
 * "抽了2张"), NULL if nowhere: the zh mails set a count or a Latin word
 * apart by a space on both sides ("抽 1 张咒语", "VP 标记"); only an
 * ordinal stays close (第2回合).
 */
static inline const char *
zh_touching(const char *text)
{
	const unsigned char *p = (const unsigned char *)text;
	int han_before = 0, ordinal = 0;

	while (*p) {
		int han = *p >= 0xe4 && *p <= 0xe9 && p[1] && p[2];
		int alnum = *p < 0x80 && isalnum(*p);

		if (han) {
			if (han_before == 2 && !ordinal)
				return (const char *)p;
			ordinal = strncmp((const char *)p, "第", 3) == 0;
			han_before = 1;
			p += 3;
			continue;
		}
		if (alnum) {
			if (han_before == 1 && !ordinal)
				return (const char *)p;
			if (han_before != 2)
				ordinal = ordinal && isdigit(*p);
			han_before = 2;
		} else {
			han_before = 0;
			ordinal = 0;
		}
		p++;
	}
	return NULL;
}

#endif
