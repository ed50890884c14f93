/*
 * zh_fixture.h - the check that a Chinese mail sets a number or a Latin
 * word apart from the Han around it, for the render tests of both games:
 * the zh mails write "抽了 1 张谣言卡", "第 2 回合", "VP 标记", "alice 的牌".
 * And the one that a Japanese mail writes a count close to its counter
 * ("2枚", "{{n}}枚", "3歩", "2回以上", "5人中"), as most ja templates did.
 *
 * Static inline, like the fixtures.
 */
#ifndef MQ_ZH_FIXTURE_H
#define MQ_ZH_FIXTURE_H

#include <ctype.h>
#include <string.h>

/*
 * Where in text a Han character touches a Latin letter or a digit ("若VP",
 * "抽了2张", "第2回合"), NULL if nowhere: the zh mails set a count, an
 * ordinal's number or a Latin word apart by a space on both sides
 * ("抽 1 张咒语", "第 2 回合", "VP 标记").
 */
static inline const char *
zh_touching(const char *text)
{
	const unsigned char *p = (const unsigned char *)text;
	int before = 0;	/* 1 after a Han character, 2 after a letter or digit */

	while (*p) {
		if (*p >= 0xe4 && *p <= 0xe9 && p[1] && p[2]) {
			if (before == 2)
				return (const char *)p;
			before = 1;
			p += 3;
			continue;
		}
		if (*p < 0x80 && isalnum(*p)) {
			if (before == 1)
				return (const char *)p;
			before = 2;
		} else
			before = 0;
		p++;
	}
	return NULL;
}

/* Where in text a digit is set apart from the counter after it ("2 枚",
 * "3 歩", "3 行目", or with the HTML part's no-break space), NULL if
 * nowhere: the counters of cards, times, steps, people, things, points,
 * lines and places in an order. */
static inline const char *
ja_count_apart(const char *text)
{
	static const char *const ja_counters[] = { "枚", "回", "歩", "人",
		"個", "点", "行", "番", NULL };
	const char *p, *q;
	size_t i;

	for (p = text; *p; p++) {
		if (!isdigit((unsigned char)*p))
			continue;
		if (p[1] == ' ')
			q = p + 2;
		else if (strncmp(p + 1, "\xc2\xa0", 2) == 0)
			q = p + 3;
		else
			continue;
		for (i = 0; ja_counters[i] != NULL; i++)
			if (strncmp(q, ja_counters[i], 3) == 0)
				return p;
	}
	return NULL;
}

#endif
