/* buf.c - growable byte buffer; see buf.h. */
#include "buf.h"
#include "err.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
mq_buf_init(struct mq_buf *b)
{
	b->data = NULL;
	b->len = b->cap = 0;
	b->oom = 0;
}

void
mq_buf_free(struct mq_buf *b)
{
	free(b->data);
	mq_buf_init(b);
}

void
mq_buf_reset(struct mq_buf *b)
{
	b->len = 0;
	if (b->data != NULL)
		b->data[0] = '\0';
}

int
mq_buf_reserve(struct mq_buf *b, size_t extra)
{
	size_t want, cap;
	char *p;

	if (b->oom)
		return MQ_IO;
	if (extra > (size_t)-1 / 2 - b->len)
		goto oom;
	want = b->len + extra + 1;
	if (want <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 64;
	while (cap < want)
		cap *= 2;
	p = realloc(b->data, cap);
	if (p == NULL)
		goto oom;
	b->data = p;
	b->cap = cap;
	return 0;
oom:
	b->oom = 1;
	return MQ_IO;
}

/*
 * The adds below go straight to memcpy when the room is there already:
 * templates and MIME bodies are built from thousands of small pieces.
 * cap > len whenever data is set, so n < cap - len means it fits with
 * its NUL.
 */
int
mq_buf_add(struct mq_buf *b, const void *p, size_t n)
{
	if (b->oom)
		return MQ_IO;
	if (n >= b->cap - b->len && mq_buf_reserve(b, n))
		return MQ_IO;
	if (n)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

int
mq_buf_puts(struct mq_buf *b, const char *s)
{
	return mq_buf_add(b, s, strlen(s));
}

int
mq_buf_putc(struct mq_buf *b, char c)
{
	if (b->oom)
		return MQ_IO;
	if (b->cap - b->len < 2 && mq_buf_reserve(b, 1))
		return MQ_IO;
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
	return 0;
}

/*
 * One vsnprintf into the room already there when the text fits (the usual
 * case), a second one only after growing.
 */
int
mq_buf_vprintf(struct mq_buf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	size_t room;
	int n;

	if (b->oom)
		return MQ_IO;
	room = b->cap - b->len;
	va_copy(ap2, ap);
	n = vsnprintf(room ? b->data + b->len : NULL, room, fmt, ap2);
	va_end(ap2);
	if (n >= 0 && (size_t)n < room) {
		b->len += (size_t)n;
		return 0;
	}
	if (room)		/* a failed or cut attempt wrote past len */
		b->data[b->len] = '\0';
	if (n < 0)
		return MQ_IO;
	if (mq_buf_reserve(b, (size_t)n))
		return MQ_IO;
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
	return 0;
}

int
mq_buf_printf(struct mq_buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = mq_buf_vprintf(b, fmt, ap);
	va_end(ap);
	return rc;
}

char *
mq_buf_steal(struct mq_buf *b)
{
	char *s;

	if (b->oom) {
		mq_buf_free(b);
		return NULL;
	}
	if (b->data == NULL) {
		if (mq_buf_reserve(b, 0))
			return NULL;
		b->data[0] = '\0';
	}
	s = b->data;
	mq_buf_init(b);
	return s;
}

const char *
mq_buf_str(const struct mq_buf *b)
{
	return b->data ? b->data : "";
}

size_t
mq_strlcpy(char *dst, const char *src, size_t n)
{
	size_t len = strlen(src);

	if (n) {
		size_t c = len < n - 1 ? len : n - 1;
		memcpy(dst, src, c);
		dst[c] = '\0';
	}
	return len;
}
