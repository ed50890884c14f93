/*
 * heading_fixture.h - the check that a mail's headings line up, for the
 * render tests of both games (each had its own copy): every heading's rule
 * in the text part ("-- THE BOARD at 8:00 ---") ends in one column.
 *
 * Static inline, like the fixtures; after cmocka.
 */
#ifndef MQ_HEADING_FIXTURE_H
#define MQ_HEADING_FIXTURE_H

#include <stdio.h>
#include <string.h>

/* The width of s[0..n) in columns: a character from U+1100 up (3 UTF-8
 * bytes or more: kana, kanji, the full-width marks) counts two; the
 * templates and card sets hold none between U+0800 and U+1100. */
static inline int
hf_columns(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	int w = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			w += p[i] >= 0xe1 ? 2 : 1;
	return w;
}

/* Each heading's rule of text (a line "-- ... ---") ends at column cols;
 * what names the mail when one does not. */
static inline void
hf_headings_end_at(const char *what, const char *text, int cols)
{
	const char *s, *t;
	char line[512];
	size_t n;

	for (s = text; *s; s = *t ? t + 1 : t) {
		t = s + strcspn(s, "\n");
		n = (size_t)(t - s);
		if (n < 6 || n >= sizeof(line) || strncmp(s, "-- ", 3) != 0 ||
		    strncmp(t - 3, "---", 3) != 0)
			continue;
		memcpy(line, s, n);
		line[n] = '\0';
		if (hf_columns(line, n) != cols)
			fail_msg("%s: a heading ends at %d, not %d: %s", what,
			    hf_columns(line, n), cols, line);
	}
}

#endif
