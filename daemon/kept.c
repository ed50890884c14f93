/* kept.c - a file a player kept, read as text; see kept.h. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "daemon/kept.h"
#include "mail/mime_in.h"

/*
 * Whether raw is a whole mail: it opens with header fields ("Name: value",
 * folded lines allowed) up to a blank line, and one of them says MIME.
 * *stop: the line that decided it.
 */
static int
is_mail_to(const char *raw, size_t len, const char **stop)
{
	const char *p = raw, *end = raw + len, *nl, *q;
	int mime = 0;

	*stop = end;
	while (p < end) {
		*stop = p;
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			return 0;	/* no blank line: no body */
		if (nl == p || (nl == p + 1 && *p == '\r'))
			return mime;	/* the blank line */
		if (*p == ' ' || *p == '\t') {
			if (p == raw)
				return 0;
		} else {
			for (q = p; q < nl && *q != ':' && *q > ' ' && *q < 0x7f; q++)
				;
			if (q == p || q == nl || *q != ':')
				return 0;	/* not a header field */
			if ((q - p == 12 && strncasecmp(p, "content-type", 12) == 0) ||
			    (q - p == 12 && strncasecmp(p, "mime-version", 12) == 0))
				mime = 1;
		}
		p = nl + 1;
	}
	return 0;
}

static int
is_mail(const char *raw, size_t len)
{
	const char *stop;

	return is_mail_to(raw, len, &stop);
}

/*
 * Where the mail in raw starts: after a UTF-8 byte order mark (an editor's)
 * and an mbox "From " line (a client that saves to mbox, mutt's save), as
 * Python's email reads it in verify_export.py.
 */
static const char *
mail_start(const char *raw, size_t len)
{
	const char *p = raw, *nl;

	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	if ((size_t)(raw + len - p) >= 5 && memcmp(p, "From ", 5) == 0 &&
	    (nl = memchr(p, '\n', (size_t)(raw + len - p))) != NULL)
		p = nl + 1;
	return p;
}

/* Whether the header block at p holds a field named name (len bytes):
 * a mail's own From or Date, which a MIME part's headers never carry. */
static int
has_field(const char *p, const char *end, const char *name, size_t len)
{
	const char *nl;

	for (; p < end && *p != '\n'; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			return 0;
		if ((size_t)(nl - p) > len && p[len] == ':' &&
		    strncasecmp(p, name, len) == 0)
			return 1;
	}
	return 0;
}

/*
 * Whether another mail follows the one that opens mail[0..len) (lines
 * ending LF): after an mbox "From " line that follows a blank line (mutt's
 * save, appending), or after a multipart's closing boundary and any blank
 * lines (two .eml files put one after the other), a header block of a mail
 * (a MIME field, and From or Date). GMime reads the first alone: the rest
 * is its epilogue, and a receipt there would never be checked.
 */
static int
another_mail(const char *mail, size_t len)
{
	const char *end = mail + len, *p = mail, *nl, *q, *seen = mail, *stop;
	int blank = 0, closed = 0;

	while (p < end) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (nl == p) {
			blank = 1;
			p = nl + 1;
			continue;
		}
		q = NULL;
		if (p != mail && blank && nl - p > 5 && memcmp(p, "From ", 5) == 0)
			q = nl + 1;	/* past the mbox separator */
		else if (closed && p != mail)
			q = p;
		/* a start inside a header block already read ends where it
		 * did, with fewer fields: read each block once */
		if (q != NULL && q < end && q >= seen) {
			if (is_mail_to(q, (size_t)(end - q), &stop) &&
			    (has_field(q, end, "from", 4) ||
			    has_field(q, end, "date", 4)))
				return 1;
			seen = stop;
		}
		/* "--boundary--": the rest is the multipart's epilogue */
		closed = nl - p >= 4 && p[0] == '-' && p[1] == '-' &&
		    nl[-1] == '-' && nl[-2] == '-';
		blank = 0;
		p = nl + 1;
	}
	return 0;
}

/* Line ends as LF: a file saved on Windows, or a mail as it came over
 * SMTP, ends its lines CRLF, and one saved on an old Mac CR alone (read as
 * lines by verify_export.py too). */
static void
line_ends_lf(struct mq_buf *b)
{
	char *s = b->data;
	size_t i, k;

	for (i = k = 0; i < b->len; i++)
		if (s[i] != '\r')
			s[k++] = s[i];
		else if (i + 1 == b->len || s[i + 1] != '\n')
			s[k++] = '\n';
	b->len = k;
	if (b->data != NULL)
		b->data[k] = '\0';
}

/* Each line without the quote marks a reply puts before it ("> ", and the
 * spaces and tabs among them): a mail kept as it was quoted in a reply reads
 * as the mail, as in verify_export.py. */
static void
unquote(struct mq_buf *b)
{
	char *s = b->data;
	size_t i, k;
	int at_start = 1;

	for (i = k = 0; i < b->len; i++) {
		if (at_start && (s[i] == '>' || s[i] == ' ' || s[i] == '\t'))
			continue;
		at_start = s[i] == '\n';
		s[k++] = s[i];
	}
	b->len = k;
	if (b->data != NULL)
		b->data[k] = '\0';
}

int
mq_kept_text(const char *raw, size_t len, const char *name,
    struct mq_buf *text, struct mq_err *err)
{
	struct mq_buf lf = MQ_BUF_INIT;
	struct mq_mime_msg *m;
	struct mq_err sub;
	const char *mail;
	size_t mail_len;
	int rc = 0;

	mq_buf_reset(text);
	mq_buf_add(&lf, raw, len);
	if (lf.oom) {
		mq_buf_free(&lf);
		return mq_fail(err, MQ_IO, "Out of memory reading %s.", name);
	}
	line_ends_lf(&lf);
	mail = mail_start(mq_buf_str(&lf), lf.len);
	mail_len = lf.len - (size_t)(mail - mq_buf_str(&lf));
	if (is_mail(mail, mail_len) && another_mail(mail, mail_len))
		rc = mq_fail(err, MQ_BADDATA, "%s holds more than one mail: keep "
		    "each mail in a file of its own (a mail client's \"save\" "
		    "writes one file a mail).", name);
	else if (is_mail(mail, mail_len)) {
		mq_mime_init();
		if ((rc = mq_mime_parse(mail, mail_len, &m, &sub)) == 0) {
			mq_buf_puts(text, m->text);
			mq_mime_msg_free(m);
		} else
			rc = mq_fail(err, rc == MQ_IO ? MQ_IO : MQ_BADDATA, "%s "
			    "looks like a saved mail, and its text cannot be read: "
			    "%s", name, sub.msg);
	} else
		mq_buf_add(text, mq_buf_str(&lf), lf.len);
	mq_buf_free(&lf);
	if (rc == 0 && text->oom)
		rc = mq_fail(err, MQ_IO, "Out of memory reading %s.", name);
	if (rc == 0) {
		line_ends_lf(text);
		unquote(text);
	}
	return rc;
}

int
mq_kept_read(const char *path, struct mq_buf *text, struct mq_err *err)
{
	struct mq_buf raw = MQ_BUF_INIT;
	char chunk[4096];
	ssize_t n;
	int fd, rc = 0;

	mq_buf_reset(text);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return mq_fail_errno(err, MQ_IO, "Cannot open %s", path);
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			rc = mq_fail_errno(err, MQ_IO, "Cannot read %s", path);
			break;
		}
		if (raw.len + (size_t)n > MQ_MIME_MAX_SIZE) {
			rc = mq_fail(err, MQ_BADDATA, "%s is larger than a mail "
			    "masqued sends (10 MiB).", path);
			break;
		}
		mq_buf_add(&raw, chunk, (size_t)n);
	}
	close(fd);
	if (rc == 0 && raw.oom)
		rc = mq_fail(err, MQ_IO, "Out of memory reading %s.", path);
	if (rc == 0)
		rc = mq_kept_text(mq_buf_str(&raw), raw.len, path, text, err);
	mq_buf_free(&raw);
	return rc;
}
