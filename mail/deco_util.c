/* deco_util.c - decorate's shared helpers; see deco_util.h. */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "mail/deco_util.h"

void
put_flag(struct mq_arena *a, struct mv *o, const char *prefix,
    const char *word, const struct mq_names *want)
{
	char key[64];
	size_t i, np, nw;

	if (word == NULL || *word == '\0')
		return;
	np = strlen(prefix);
	nw = strlen(word);
	if (np + nw >= sizeof(key))
		return;
	for (i = 0; word[i]; i++)
		if (!((word[i] >= 'a' && word[i] <= 'z') ||
		    (word[i] >= '0' && word[i] <= '9') || word[i] == '_'))
			return;
	memcpy(key, prefix, np);
	memcpy(key + np, word, nw + 1);
	if (mq_names_hasn(want, key, np + nw))
		mv_set_copy(a, o, key, mv_bool(1));
}

struct mv *
deco_copy(struct mq_arena *a, const json_t *o, const struct mq_names *want)
{
	struct mv *c = mv_obj(a);
	const char *k;
	json_t *v;

	if (c == NULL)
		return NULL;
	/* a jansson object's keys are distinct: each is added, not set */
	json_object_foreach((json_t *)o, k, v) {
		size_t len = json_object_iter_key_len(json_object_key_to_iter(k));
		uint32_t h = mv_hash(k, len);

		if (mq_names_hash_has(want, k, len, h))
			mv_add(a, c, k, len, h, mv_json(a, v));
	}
	return c;
}

int
deco_width(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned cp;
	int w = 0, n;

	while (*p) {
		if (*p < 0x80) {
			/* ASCII: one column each, the common case */
			w++;
			p++;
			continue;
		} else if ((*p & 0xE0) == 0xC0) {
			cp = *p & 0x1F;
			n = 2;
		} else if ((*p & 0xF0) == 0xE0) {
			cp = *p & 0x0F;
			n = 3;
		} else {
			cp = *p & 0x07;
			n = 4;
		}
		for (int i = 1; i < n; i++) {
			if ((p[i] & 0xC0) != 0x80) {
				n = i;
				break;
			}
			cp = cp << 6 | (p[i] & 0x3F);
		}
		p += n;
		if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) ||
		    (cp >= 0x3041 && cp <= 0x33FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
		    (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
		    (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
		    (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
		    (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD))
			w += 2;
		else
			w += 1;
	}
	return w;
}

/* The padded string, made in place in the arena. */
static struct mv *
pad(struct mq_arena *a, const char *s, int w, int left)
{
	size_t len = strlen(s), spaces = 0, n;
	int cols = deco_width(s);
	struct mv *v;
	char *t;

	if (cols < w)
		spaces = (size_t)(w - cols);
	n = len + spaces;
	if ((t = mq_arena_alloc(a, n + 1)) == NULL ||
	    (v = mv_str_ref(a, "")) == NULL)
		return NULL;
	if (left) {
		memset(t, ' ', spaces);
		memcpy(t + spaces, s, len);
	} else {
		memcpy(t, s, len);
		memset(t + len, ' ', spaces);
	}
	t[n] = '\0';
	v->u.str.s = t;
	v->u.str.len = n;
	return v;
}

struct mv *
deco_pad(struct mq_arena *a, const char *s, int w)
{
	return pad(a, s, w, 0);
}

struct mv *
deco_lpad(struct mq_arena *a, const char *s, int w)
{
	return pad(a, s, w, 1);
}

struct mv *
deco_wrap(struct mq_arena *a, const char *s, int width, const char *indent)
{
	struct mq_buf b = MQ_BUF_INIT, word = MQ_BUF_INIT;
	int col = 0, w;
	struct mv *v;

	for (;;) {
		if (*s == ' ' || *s == '\n' || *s == '\0') {
			if (word.len > 0) {
				w = deco_width(mq_buf_str(&word));
				if (col > 0 && col + 1 + w > width) {
					mq_buf_putc(&b, '\n');
					mq_buf_puts(&b, indent);
					col = deco_width(indent);
				} else if (col > 0) {
					mq_buf_putc(&b, ' ');
					col++;
				}
				mq_buf_add(&b, word.data, word.len);
				col += w;
				mq_buf_reset(&word);
			}
			if (*s == '\0')
				break;
		} else
			mq_buf_putc(&word, *s);
		s++;
	}
	if (b.oom || word.oom) {
		mq_arena_fail(a);
		v = NULL;
	} else
		v = mv_str(a, mq_buf_str(&b), b.len);
	mq_buf_free(&b);
	mq_buf_free(&word);
	return v;
}
