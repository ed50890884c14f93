/*
 * buf.h - a growable byte buffer, always NUL-terminated.
 *
 * Used everywhere instead of strcpy/sprintf into fixed arrays. An allocation
 * failure sets a sticky flag; the functions then do nothing and return
 * MQ_IO, so a caller may build a whole string and check once at the end.
 */
#ifndef MQ_BUF_H
#define MQ_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct mq_buf {
	char *data;		/* NUL-terminated; NULL until the first add */
	size_t len;
	size_t cap;
	int oom;		/* sticky: an allocation failed */
};

#define MQ_BUF_INIT { NULL, 0, 0, 0 }

void mq_buf_init(struct mq_buf *b);
void mq_buf_free(struct mq_buf *b);
void mq_buf_reset(struct mq_buf *b);	/* len = 0, keeps memory */
/* Room for extra more bytes (and the NUL) past len, so a caller may write
 * into data + len directly and then move len; growth is geometric. */
int mq_buf_reserve(struct mq_buf *b, size_t extra);
int mq_buf_add(struct mq_buf *b, const void *p, size_t n);
int mq_buf_puts(struct mq_buf *b, const char *s);
int mq_buf_putc(struct mq_buf *b, char c);
int mq_buf_printf(struct mq_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int mq_buf_vprintf(struct mq_buf *b, const char *fmt, va_list ap);
/* Hand the string to the caller (never NULL unless oom); b is reset. */
char *mq_buf_steal(struct mq_buf *b);
const char *mq_buf_str(const struct mq_buf *b);	/* "" when empty */

/* Copy src into dst of size n, always terminating; returns strlen(src). */
size_t mq_strlcpy(char *dst, const char *src, size_t n);

#endif
