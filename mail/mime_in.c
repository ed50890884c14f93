/*
 * mime_in.c - reading one inbound message with GMime 3; see mime_in.h.
 *
 * GMime does the MIME structure, transfer decoding and address parsing.
 * Charsets we convert ourselves (mime_charset.c), because mail clients
 * label text with the narrow charset name while sending bytes of its
 * Microsoft superset; for the same table, and a GMime bug, the Subject and
 * the From display name are RFC 2047-decoded here too.
 */
#include "mime_in.h"

#include <stdint.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <gmime/gmime.h>
#include <sodium.h>

#include "buf.h"
#include "html_text.h"
#include "mime_charset.h"
#include "mime_out.h"
#include "mime_words.h"
#include "mime_report.h"
#include "reply_text.h"

/* An inline text part to read, in the order of the message. */
struct leaf {
	GMimeObject *obj;
	char *text;	/* a text/plain part's text, read; HTML's once converted */
	int html;	/* text/html: converted when it is chosen */
	int words;	/* text/plain, not blank: tested once, not per level */
	int copy;	/* HTML that says what a plain part of the message does */
};

struct walk {
	struct leaf *leaf;	/* the text parts chosen so far, in order */
	size_t n, cap;
	int oom;
	int too_deep;
	int too_many;	/* more than MQ_MIME_MAX_PARTS parts */
	int parts;
	int long_line;
	int attached;	/* attachments left unread */
	char name[80];	/* the first one's file name (mq_mime_msg) */
};

void
mq_mime_init(void)
{
	static int done;

	/* GMime's own init is not idempotent: it counts calls. */
	if (!done) {
		g_mime_init();
		done = 1;
	}
}

/* ---- structure -------------------------------------------------------- */

/* 1 if the line looks like a header field or its continuation. */
static int
header_shaped(const char *p, size_t n)
{
	size_t i;

	if (n > 0 && (p[0] == ' ' || p[0] == '\t'))
		return 1;
	for (i = 0; i < n && i < 80; i++) {
		if (p[i] == ':')
			return i > 0;
		if (!((p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= 'a' && p[i] <= 'z') ||
		    (p[i] >= '0' && p[i] <= '9') || p[i] == '-' || p[i] == '_'))
			return 0;
	}
	return 0;
}

/*
 * A cheap look at the raw bytes before GMime sees them, for what would
 * cost it time or memory out of all proportion: an over-long header line
 * (GMime's time grows with the square of a header's length), and more
 * parts or header fields than any reply has (GMime builds an object of a
 * few hundred bytes for each: ten MiB of "--b" lines was 1.7 GB and 14 s),
 * or a header field folded over more than 256 KiB (GMime grows its copy a
 * line at a time: a Cc of 4 MiB was minutes under ASan).
 * Header blocks are the top one and what follows a "--" line up to the
 * next blank line; a part is a "--" line that a blank or header-shaped
 * line follows. Both counts are upper bounds; the checks on the parsed
 * message (below) stay the exact ones.
 */
static int
raw_shape(const char *raw, size_t len, struct mq_err *err)
{
	const char *nl;
	size_t i = 0, e, n, parts = 0, fields = 0, field = 0;
	int head = 1, dash = 0;

	while (i < len) {
		nl = memchr(raw + i, '\n', len - i);
		e = nl != NULL ? (size_t)(nl - raw) : len;
		n = e - i;
		if (n > 0 && raw[e - 1] == '\r')
			n--;
		if (dash && (n == 0 || header_shaped(raw + i, n)) &&
		    ++parts > MQ_MIME_MAX_PARTS)
			return mq_fail(err, MQ_REFUSED,
			    "The message has more than %d parts.",
			    MQ_MIME_MAX_PARTS);
		dash = 0;
		if (n == 0)
			head = 0;
		else if (head && n > MQ_MIME_MAX_LINE && header_shaped(raw + i, n))
			return mq_fail(err, MQ_REFUSED,
			    "The message has a header line longer than 64 KiB.");
		else if (n >= 2 && raw[i] == '-' && raw[i + 1] == '-')
			head = dash = 1;
		else if (head && raw[i] != ' ' && raw[i] != '\t' &&
		    ++fields > MQ_MIME_MAX_FIELDS)
			return mq_fail(err, MQ_REFUSED,
			    "The message has more than %d header fields.",
			    MQ_MIME_MAX_FIELDS);
		if (head && n > 0 && header_shaped(raw + i, n)) {
			field = raw[i] == ' ' || raw[i] == '\t' ? field + n + 1 : n;
			if (field > MQ_MIME_MAX_FIELD)
				return mq_fail(err, MQ_REFUSED, "The message has a "
				    "header field longer than 256 KiB.");
		}
		i = e + 1;
	}
	return 0;
}

/* 1 if some physical line of the header "name: raw" is over the limit. */
static int
header_too_long(GMimeHeader *h)
{
	const char *name = g_mime_header_get_raw_name(h);
	const char *v = g_mime_header_get_raw_value(h);
	size_t line;

	if (name == NULL || v == NULL)
		return 0;
	line = strlen(name) + 1;
	for (; *v != '\0'; v++) {
		if (*v == '\n' || *v == '\r')
			line = 0;
		else if (++line > MQ_MIME_MAX_LINE)
			return 1;
	}
	return 0;
}

static void
check_headers(GMimeObject *obj, struct walk *w)
{
	GMimeHeaderList *hl = g_mime_object_get_header_list(obj);
	int i, n;

	if (hl == NULL)
		return;
	n = g_mime_header_list_get_count(hl);
	for (i = 0; i < n && !w->long_line; i++)
		if (header_too_long(g_mime_header_list_get_header_at(hl, i)))
			w->long_line = 1;
}

/*
 * An attachment is no text of the reply: Content-Disposition: attachment,
 * or a file name (a .txt file a client shows inline is still a file).
 */
static int
is_attachment(GMimeObject *obj)
{
	GMimeContentDisposition *d = g_mime_object_get_content_disposition(obj);

	return (d != NULL && g_mime_content_disposition_is_attachment(d)) ||
	    (GMIME_IS_PART(obj) &&
	    g_mime_part_get_filename(GMIME_PART(obj)) != NULL);
}

static char *plain_text(GMimeObject *obj);
static int blank(const char *s);

/*
 * An attachment left unread, outside an attached message: counted, and
 * the first one's file name kept for the answer to say (a mail whose
 * commands are in report.txt alone is told so): control characters as
 * spaces, cut at 60 bytes on a character with "…"; "" when it has none,
 * or one that is no UTF-8.
 */
static void
note_attachment(struct walk *w, GMimeObject *obj)
{
	GMimeContentDisposition *d = g_mime_object_get_content_disposition(obj);
	const char *s = GMIME_IS_PART(obj) ?
	    g_mime_part_get_filename(GMIME_PART(obj)) : NULL;
	size_t i, n;

	if (w->attached++ > 0)
		return;
	if (s == NULL && d != NULL)	/* an attached message's */
		s = g_mime_content_disposition_get_parameter(d, "filename");
	if (s == NULL)
		return;
	s += strspn(s, " \t");
	n = strlen(s);
	if (n > 60)	/* back to the start of a character */
		for (n = 60; n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80; n--)
			;
	if (!mq_mime_utf8_valid(s, n))
		return;
	for (i = 0; i < n; i++)
		w->name[i] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? ' ' :
		    s[i];
	snprintf(w->name + n, sizeof(w->name) - n, "%s",
	    n < strlen(s) ? "…" : "");
}

/* Note obj as a text part to read; a text/plain one is read now. */
static void
add_leaf(struct walk *w, GMimeObject *obj, int html)
{
	struct leaf *v;
	char *text = NULL;
	size_t cap;

	if (w->oom)
		return;
	if (!html && (text = plain_text(obj)) == NULL)
		goto oom;
	if (w->n == w->cap) {
		cap = w->cap ? w->cap * 2 : 4;
		if ((v = realloc(w->leaf, cap * sizeof(*v))) == NULL) {
			free(text);
			goto oom;
		}
		w->leaf = v;
		w->cap = cap;
	}
	w->leaf[w->n].obj = obj;
	w->leaf[w->n].text = text;
	w->leaf[w->n].html = html;
	w->leaf[w->n].words = text != NULL && !blank(text);
	w->leaf[w->n].copy = 0;
	w->n++;
	return;
oom:
	w->oom = 1;
}

/* Forget the parts noted from..to-1; those after them move down. */
static void
drop_leaves(struct walk *w, size_t from, size_t to)
{
	size_t i;

	if (from == to)
		return;	/* w->leaf may be NULL: no memmove of it */
	for (i = from; i < to; i++)
		free(w->leaf[i].text);
	memmove(w->leaf + from, w->leaf + to, (w->n - to) * sizeof(*w->leaf));
	w->n -= to - from;
}

/*
 * How good a reading of one alternative the parts from..to-1 are: plain
 * text with words in it (3) over HTML (2) over a blank plain part (1),
 * which a client that writes HTML may send beside it, over nothing (0).
 */
static int
rank(const struct walk *w, size_t from, size_t to)
{
	size_t i;
	int html = 0, words = 0;

	for (i = from; i < to; i++) {
		html |= w->leaf[i].html;
		words |= w->leaf[i].words;
	}
	if (from == to)
		return 0;
	return html ? 2 : words ? 3 : 1;
}

/*
 * Visit obj, depth levels of multipart (or attached message) deep: check
 * its headers and note the inline text parts to read, in order. Those of a
 * multipart/mixed (or related, or any other) are all read: Apple Mail
 * sends text, a picture and more text as three parts, and the text after
 * the picture was lost. Of a multipart/alternative, one alternative is
 * read (rank). Text inside an attached message is someone else's, so it
 * is never chosen.
 */
static void
walk(GMimeObject *obj, int depth, int inner, struct walk *w)
{
	GMimeContentType *ct;
	size_t base, at;
	int i, n, alt, best = 0, r;

	if (obj == NULL || w->too_deep || w->too_many || w->long_line)
		return;
	if (++w->parts > MQ_MIME_MAX_PARTS) {
		w->too_many = 1;
		return;
	}
	check_headers(obj, w);
	if (GMIME_IS_MULTIPART(obj) || GMIME_IS_MESSAGE_PART(obj)) {
		if (depth + 1 > MQ_MIME_MAX_DEPTH) {
			w->too_deep = 1;
			return;
		}
	}
	ct = g_mime_object_get_content_type(obj);
	if (GMIME_IS_MULTIPART(obj)) {
		alt = ct != NULL &&
		    g_mime_content_type_is_type(ct, "multipart", "alternative");
		base = w->n;
		n = g_mime_multipart_get_count(GMIME_MULTIPART(obj));
		for (i = 0; i < n; i++) {
			at = w->n;
			walk(g_mime_multipart_get_part(GMIME_MULTIPART(obj), i),
			    depth + 1, inner, w);
			if (!alt)
				continue;
			/* [base, at) holds the best alternative so far */
			if ((r = rank(w, at, w->n)) > best) {
				drop_leaves(w, base, at);
				best = r;
			} else
				drop_leaves(w, at, w->n);
		}
		return;
	}
	if (GMIME_IS_MESSAGE_PART(obj)) {
		GMimeMessage *m = g_mime_message_part_get_message(
		    GMIME_MESSAGE_PART(obj));

		if (m != NULL) {
			check_headers(GMIME_OBJECT(m), w);
			walk(g_mime_message_get_mime_part(m), depth + 1, 1, w);
		}
		if (!inner)	/* a mail forwarded as an attachment */
			note_attachment(w, obj);
		return;
	}
	if (GMIME_IS_PART(obj) && !inner && is_attachment(obj))
		note_attachment(w, obj);
	if (!GMIME_IS_PART(obj) || inner || ct == NULL || is_attachment(obj))
		return;
	if (g_mime_content_type_is_type(ct, "text", "plain"))
		add_leaf(w, obj, 0);
	else if (g_mime_content_type_is_type(ct, "text", "html"))
		add_leaf(w, obj, 1);
}

/* The part's content, transfer-decoded and converted to UTF-8. */
static char *
part_text(GMimeObject *obj)
{
	GMimeDataWrapper *dw = g_mime_part_get_content(GMIME_PART(obj));
	GMimeStream *mem;
	GByteArray *ba;
	const char *cs;
	char *s;

	cs = g_mime_object_get_content_type_parameter(obj, "charset");
	if (dw == NULL)
		return mq_mime_to_utf8(cs, "", 0);
	mem = g_mime_stream_mem_new();
	g_mime_data_wrapper_write_to_stream(dw, mem);
	ba = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	s = mq_mime_to_utf8(cs, ba->len ? (const char *)ba->data : "",
	    ba->len);
	g_object_unref(mem);
	return s;
}

/* ---- headers -------------------------------------------------------- */

/*
 * A malloc'd valid UTF-8 copy of s, or NULL for NULL or empty, or (*oom
 * set) when an allocation failed: never read as a header that is absent.
 */
static char *
dup_clean(const char *s, int *oom)
{
	struct mq_buf b = MQ_BUF_INIT;
	char *d;

	if (s == NULL || *s == '\0')
		return NULL;
	mq_mime_utf8_clean(&b, s, strlen(s));
	if ((d = mq_buf_steal(&b)) == NULL)
		*oom = 1;
	return d;
}

/*
 * A message id of the mail read, or NULL when it is none a mail masqued
 * builds can carry (a space, a character past ASCII, 900 bytes and more):
 * the answer's In-Reply-To and References copy it, and a mail that cannot
 * be built would be no answer, and the message never done.
 */
static char *
dup_msgid(const char *s, int *oom)
{
	if (s == NULL || !mq_mime_msgid_ok(s, strlen(s)))
		return NULL;
	return dup_clean(s, oom);
}

static char *
dup_lower(const char *s, int *oom)
{
	char *d = dup_clean(s, oom), *p;

	for (p = d; p != NULL && *p != '\0'; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p + 32);
	return d;
}

/* The first id of an In-Reply-To style value, without <>. */
static char *
first_msgid(const char *value, int *oom)
{
	GMimeReferences *refs;
	char *id = NULL;

	if (value == NULL)
		return NULL;
	refs = g_mime_references_parse(NULL, value);
	if (refs != NULL && g_mime_references_length(refs) > 0)
		id = dup_msgid(g_mime_references_get_message_id(refs, 0), oom);
	if (refs != NULL)
		g_mime_references_free(refs);
	return id;
}

/*
 * The ids of a References value, without <>, NULL-terminated (NULL when it
 * has none): its last MQ_MIME_MAX_REFS, the nearest of the thread, for a
 * long one is only a client's history.
 */
static char **
all_msgids(const char *value, int *oom)
{
	GMimeReferences *refs;
	char **v = NULL;
	int n, first, i, k = 0;

	if (value == NULL || (refs = g_mime_references_parse(NULL, value)) == NULL)
		return NULL;
	n = g_mime_references_length(refs);
	first = n > MQ_MIME_MAX_REFS ? n - MQ_MIME_MAX_REFS : 0;
	if (n > 0 && (v = calloc((size_t)(n - first) + 1, sizeof(*v))) == NULL)
		*oom = 1;
	for (i = first; v != NULL && i < n; i++)
		if ((v[k] = dup_msgid(g_mime_references_get_message_id(refs, i),
		    oom)) != NULL)
			k++;
	g_mime_references_free(refs);
	return v;
}

struct addrs {
	char **v;
	size_t n, cap;
	size_t seen;	/* addresses read, duplicates too */
	int oom;
	int many;	/* MQ_MIME_MAX_RCPT read: the rest are not */
};

static void
addrs_add(struct addrs *a, const char *addr)
{
	char *s, **nv;
	size_t i;

	if (a->oom || a->many || addr == NULL || *addr == '\0')
		return;
	/* the de-duplication is quadratic: a folded Cc of 300,000
	 * addresses was minutes of strcmp. The first ones are kept (the
	 * MTA's Delivered-To among them), not refused: a refusal could not
	 * be answered, since the headers read again for it (to find whom
	 * to tell) hold the same list. */
	if (++a->seen > MQ_MIME_MAX_RCPT) {
		a->many = 1;
		return;
	}
	if ((s = dup_lower(addr, &a->oom)) == NULL)
		goto oom;
	for (i = 0; i < a->n; i++)
		if (strcmp(a->v[i], s) == 0) {
			free(s);
			return;
		}
	if (a->n + 2 > a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 8;

		if ((nv = realloc(a->v, cap * sizeof(*nv))) == NULL) {
			free(s);
			goto oom;
		}
		a->v = nv;
		a->cap = cap;
	}
	a->v[a->n++] = s;
	a->v[a->n] = NULL;
	return;
oom:
	a->oom = 1;
}

static void
addrs_from_list(struct addrs *a, InternetAddressList *l, int depth)
{
	int i, n = internet_address_list_length(l);

	for (i = 0; i < n && !a->many; i++) {
		InternetAddress *ia = internet_address_list_get_address(l, i);

		if (INTERNET_ADDRESS_IS_MAILBOX(ia))
			addrs_add(a, internet_address_mailbox_get_addr(
			    INTERNET_ADDRESS_MAILBOX(ia)));
		else if (INTERNET_ADDRESS_IS_GROUP(ia) && depth < 4)
			addrs_from_list(a, internet_address_group_get_members(
			    INTERNET_ADDRESS_GROUP(ia)), depth + 1);
	}
}

/* Add the addresses of every header called name, in order. */
static void
addrs_from_headers(struct addrs *a, GMimeHeaderList *hl, const char *name)
{
	int i, n = g_mime_header_list_get_count(hl);

	for (i = 0; i < n && !a->many; i++) {
		GMimeHeader *h = g_mime_header_list_get_header_at(hl, i);
		InternetAddressList *l;
		const char *v;

		/* The raw value: a decoded comma in a name must not split it. */
		if (strcasecmp(g_mime_header_get_name(h), name) != 0 ||
		    (v = g_mime_header_get_raw_value(h)) == NULL)
			continue;
		if ((l = internet_address_list_parse(NULL, v)) == NULL)
			continue;
		addrs_from_list(a, l, 0);
		g_object_unref(l);
	}
}

/* The decoded text of the first header called name, or NULL. */
static char *
header_text(GMimeHeaderList *hl, const char *name, int *oom)
{
	GMimeHeader *h = g_mime_header_list_get_header(hl, name);
	const char *v = h != NULL ? g_mime_header_get_raw_value(h) : NULL;

	return v != NULL ? mq_mime_decode_header(v, strlen(v), oom) : NULL;
}

/*
 * The display name of a raw "name <addr>" value: the phrase before the
 * first '<' outside quotes, unquoted, then decoded. NULL if there is none
 * (the caller then takes GMime's reading, e.g. of "addr (Name)"), or
 * (*oom set) when an allocation failed.
 */
static char *
phrase_name(const char *v, int *oom)
{
	struct mq_buf b = MQ_BUF_INIT;
	const char *p;
	char *s;
	int q = 0;

	for (p = v; *p != '\0' && (q || *p != '<'); p++) {
		if (*p == '\\' && q && p[1] != '\0')
			p++;
		else if (*p == '"')
			q = !q;
	}
	if (*p != '<')
		return NULL;
	for (; v < p; v++) {
		if (*v == '"')
			continue;
		if (*v == '\\' && v + 1 < p)
			v++;
		mq_buf_putc(&b, *v);
	}
	if (b.oom) {
		*oom = 1;
		mq_buf_free(&b);
		return NULL;
	}
	if (b.len == 0)
		return NULL;
	s = mq_mime_decode_header(b.data, b.len, oom);
	mq_buf_free(&b);
	return s;
}

/*
 * "carol"@host is carol@host (RFC 5321 4.1.2): a quoted local part that
 * needs no quotes (a dot-atom) loses them, in place, so that it matches
 * the player's address and can be answered.
 */
static void
unquote_local(char *s)
{
	size_t n = s != NULL ? strlen(s) : 0, i, q;

	if (n < 3 || s[0] != '"' || (q = strcspn(s + 1, "\"\\") + 1) >= n ||
	    s[q] != '"' || s[q + 1] != '@' || q == 1 || s[1] == '.' ||
	    s[q - 1] == '.')
		return;
	for (i = 1; i < q; i++) {
		if (!isalnum((unsigned char)s[i]) &&
		    strchr("!#$%&'*+-/=?^_`{|}~.", s[i]) == NULL)
			return;
		if (s[i] == '.' && s[i + 1] == '.')
			return;
	}
	memmove(s, s + 1, q - 1);
	memmove(s + q - 1, s + q + 1, n - q);
}

static void
get_from(struct mq_mime_msg *m, GMimeMessage *msg, int *oom)
{
	InternetAddressList *l = g_mime_message_get_from(msg);
	GMimeHeader *h = g_mime_header_list_get_header(
	    g_mime_object_get_header_list(GMIME_OBJECT(msg)), "From");
	const char *raw = h != NULL ? g_mime_header_get_raw_value(h) : NULL;
	GMimeHeaderList *hl = g_mime_object_get_header_list(GMIME_OBJECT(msg));
	InternetAddress *ia;
	int i, n, headers = 0;

	n = l != NULL ? internet_address_list_length(l) : 0;
	/* RFC 5322: one From field. Two fields, or a field of several
	 * mailboxes (or a group), name no one sender: read the first, but say
	 * so, and let no such message play for a seat (inbound_analyse.c). */
	for (i = 0; i < g_mime_header_list_get_count(hl); i++)
		headers += strcasecmp(g_mime_header_get_name(
		    g_mime_header_list_get_header_at(hl, i)), "From") == 0;
	m->from_many = headers > 1 || n > 1 || (n == 1 &&
	    !INTERNET_ADDRESS_IS_MAILBOX(internet_address_list_get_address(l, 0)));
	for (i = 0; i < n; i++) {
		ia = internet_address_list_get_address(l, i);
		if (!INTERNET_ADDRESS_IS_MAILBOX(ia))
			continue;
		m->from = dup_lower(internet_address_mailbox_get_addr(
		    INTERNET_ADDRESS_MAILBOX(ia)), oom);
		unquote_local(m->from);
		if (raw != NULL)
			m->from_display = phrase_name(raw, oom);
		if (m->from_display == NULL && !*oom)
			m->from_display = dup_clean(
			    internet_address_get_name(ia), oom);
		return;
	}
}

/* The header's value up to any ';' parameters, trimmed, in out[n]. */
static const char *
header_word(GMimeObject *obj, const char *name, char *out, size_t n)
{
	const char *v = g_mime_object_get_header(obj, name);
	size_t i = 0;

	out[0] = '\0';
	if (v == NULL)
		return NULL;
	while (*v == ' ' || *v == '\t' || *v == '\r' || *v == '\n')
		v++;
	for (; *v != '\0' && *v != ';' && i + 1 < n; v++)
		out[i++] = *v;
	while (i > 0 && strchr(" \t\r\n", out[i - 1]) != NULL)
		i--;
	out[i] = '\0';
	return out;
}

static int
subject_is_vacation(const char *s)
{
	static const char *const prefix[] = {
		"auto:", "automatic reply", "autoreply", "auto-reply",
		"auto reply", "out of office", "out of the office",
		"\xe8\x87\xaa\xe5\x8b\x95\xe5\xbf\x9c\xe7\xad\x94",	/* 自動応答 */
		"\xe8\x87\xaa\xe5\x8b\x95\xe8\xbf\x94\xe4\xbf\xa1",	/* 自動返信 */
		"\xe8\x87\xaa\xe5\x8a\xa8\xe5\x9b\x9e\xe5\xa4\x8d",	/* 自动回复 */
		"\xe8\x87\xaa\xe5\x8b\x95\xe5\x9b\x9e\xe8\xa6\x86",	/* 自動回覆 */
		/* Outlook's and the webmails' in French, German, Spanish,
		 * Italian, Dutch and Portuguese (ASCII case only: the accented
		 * letter is lower case in every one of them) */
		"r\xc3\xa9ponse automatique", "abwesenheitsnotiz",
		"automatische antwort", "respuesta autom\xc3\xa1tica",
		"risposta automatica", "automatisch antwoord",
		"resposta autom\xc3\xa1tica",
	};
	size_t i;

	if (s == NULL)
		return 0;
	for (i = 0; i < sizeof(prefix) / sizeof(prefix[0]); i++)
		if (strncasecmp(s, prefix[i], strlen(prefix[i])) == 0)
			return 1;
	return 0;
}

static int
is_auto_reply(GMimeObject *top, const char *subject)
{
	static const char *const flags[] = {
		"X-Autoreply", "X-Autorespond", "X-Autogenerated",
		"X-AutoReply-From", "X-Mail-Autoreply",
	};
	char w[64];
	size_t i;

	if (header_word(top, "Auto-Submitted", w, sizeof(w)) != NULL &&
	    strcasecmp(w, "no") != 0)
		return 1;
	if (header_word(top, "Precedence", w, sizeof(w)) != NULL &&
	    (strcasecmp(w, "bulk") == 0 || strcasecmp(w, "junk") == 0 ||
	    strcasecmp(w, "list") == 0))
		return 1;
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (g_mime_object_get_header(top, flags[i]) != NULL)
			return 1;
	return subject_is_vacation(subject);
}

static int
is_bounce(GMimeObject *top, GMimeObject *body, const char *from)
{
	GMimeContentType *ct;
	const char *rt, *at;
	char w[64];

	ct = body != NULL ? g_mime_object_get_content_type(body) : NULL;
	if (ct != NULL && g_mime_content_type_is_type(ct, "multipart", "report") &&
	    (rt = g_mime_content_type_get_parameter(ct, "report-type")) != NULL &&
	    (strcasecmp(rt, "delivery-status") == 0 ||
	    strcasecmp(rt, "global-delivery-status") == 0))
		return 1;	/* RFC 3464, and RFC 6533's global reports */
	if (from == NULL || (at = strchr(from, '@')) == NULL)
		return 0;
	if (!((at - from == 13 && strncmp(from, "mailer-daemon", 13) == 0) ||
	    (at - from == 10 && strncmp(from, "postmaster", 10) == 0)))
		return 0;
	/* OpenSMTPD's: the report inside a multipart/mixed, and no
	 * Return-Path; from the mail system alone (a player who forwards a
	 * bounce, its report attached, still plays) */
	if (mq_mime_report_found(body))
		return 1;
	if (header_word(top, "Return-Path", w, sizeof(w)) == NULL)
		return 0;
	return strcmp(w, "<>") == 0 || strcmp(w, "< >") == 0;
}

/* ---- the message ---------------------------------------------------- */

void
mq_mime_msg_free(struct mq_mime_msg *m)
{
	size_t i;

	if (m == NULL)
		return;
	free(m->from);
	free(m->from_display);
	free(m->subject);
	free(m->message_id);
	free(m->in_reply_to);
	for (i = 0; m->references != NULL && m->references[i] != NULL; i++)
		free(m->references[i]);
	free(m->references);
	for (i = 0; m->recipients != NULL && m->recipients[i] != NULL; i++)
		free(m->recipients[i]);
	free(m->recipients);
	free(m->text);
	free(m);
}

static int
fill_headers(struct mq_mime_msg *m, GMimeMessage *msg, struct mq_err *err)
{
	GMimeObject *top = GMIME_OBJECT(msg);
	GMimeHeaderList *hl = g_mime_object_get_header_list(top);
	struct addrs a = { NULL, 0, 0, 0, 0, 0 };
	static const char *const rcpt[] = {
		"Delivered-To", "X-Original-To", "To", "Cc",
	};
	size_t i;
	int oom = 0;

	/* A copy that fails must fail the parse, not read as no header. */
	get_from(m, msg, &oom);
	m->subject = header_text(hl, "Subject", &oom);
	m->message_id = dup_msgid(g_mime_message_get_message_id(msg), &oom);
	/* GMime gives no date as NULL; one before 1970 is none to us */
	if (g_mime_message_get_date(msg) != NULL &&
	    g_date_time_to_unix(g_mime_message_get_date(msg)) > 0)
		m->date = g_date_time_to_unix(g_mime_message_get_date(msg));
	m->in_reply_to = first_msgid(g_mime_object_get_header(top,
	    "In-Reply-To"), &oom);
	m->references = all_msgids(g_mime_object_get_header(top, "References"),
	    &oom);
	for (i = 0; i < sizeof(rcpt) / sizeof(rcpt[0]); i++)
		addrs_from_headers(&a, hl, rcpt[i]);
	if (a.v == NULL && !a.oom) {
		if ((a.v = calloc(1, sizeof(*a.v))) == NULL)
			a.oom = 1;
	}
	m->recipients = a.v;
	m->auto_reply = is_auto_reply(top, m->subject);
	m->bounce = is_bounce(top, g_mime_message_get_mime_part(msg), m->from);
	if (a.oom || oom)
		return mq_fail(err, MQ_IO, "Out of memory reading the message.");
	return 0;
}

/*
 * RFC 3676: a text/plain part sent with format=flowed (Thunderbird, Apple
 * Mail) wraps a long line by ending it with a space; the next line goes on
 * with it. Undone here, or a command the client wrapped would read as two
 * lines, both refused. The space a sender stuffed at the start of a line
 * goes; delsp=yes deletes the wrapping space too. Quoted lines join only
 * at the same depth (and keep one "> " prefix); "-- " never flows, nor is
 * it joined to a flowed line before it. s is
 * LF-only UTF-8; NULL when out of memory.
 */
static char *
flowed_unwrap(const char *s, int delsp)
{
	struct mq_buf b = MQ_BUF_INIT;
	const char *e, *c;
	int depth, prev = -1, joining = 0, flows, sig;
	size_t n;

	while (*s != '\0') {
		e = s + strcspn(s, "\n");
		for (c = s, depth = 0; *c == '>'; c++)
			depth++;
		if (*c == ' ')
			c++;	/* space-stuffing */
		n = (size_t)(e - c);
		/* "-- " is neither fixed nor flowed (4.3): a line of its own */
		sig = n == 3 && memcmp(c, "-- ", 3) == 0;
		if (joining && (depth != prev || sig))
			mq_buf_putc(&b, '\n');	/* a paragraph ends at a new depth */
		if (!joining || depth != prev || sig) {
			for (int i = 0; i < depth; i++)
				mq_buf_putc(&b, '>');
			if (depth > 0)
				mq_buf_putc(&b, ' ');
		}
		flows = n > 0 && c[n - 1] == ' ' && !sig;
		mq_buf_add(&b, c, flows && delsp ? n - 1 : n);
		if (!flows)
			mq_buf_putc(&b, '\n');
		joining = flows;
		prev = depth;
		s = *e != '\0' ? e + 1 : e;
	}
	if (joining)
		mq_buf_putc(&b, '\n');
	mq_buf_add(&b, "", 0);
	if (b.oom) {
		mq_buf_free(&b);
		return NULL;
	}
	return mq_buf_steal(&b);
}

/* 1 when the part's Content-Type parameter name is value, in any case. */
static int
ct_param_is(GMimeObject *obj, const char *name, const char *value)
{
	const char *v = g_mime_object_get_content_type_parameter(obj, name);

	return v != NULL && strcasecmp(v, value) == 0;
}

/* Whether s holds nothing but ASCII white space. */
static int
blank(const char *s)
{
	for (; *s; s++)
		if (strchr(" \t\n\r\v\f", *s) == NULL)
			return 0;
	return 1;
}

/*
 * A text/plain part's text, format=flowed undone; NULL when out of
 * memory.
 */
static char *
plain_text(GMimeObject *obj)
{
	char *s, *t;

	if ((s = part_text(obj)) == NULL ||
	    !ct_param_is(obj, "format", "flowed"))
		return s;
	t = flowed_unwrap(s, ct_param_is(obj, "delsp", "yes"));
	free(s);
	return t;
}

/* The length of the white space at s (ASCII, U+00A0, U+3000), or 0. */
static size_t
space_at(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	if (*s != '\0' && strchr(" \t\n\r\v\f", *s) != NULL)
		return 1;
	if (u[0] == 0xc2 && u[1] == 0xa0)
		return 2;
	if (u[0] == 0xe3 && u[1] == 0x80 && u[2] == 0x80)
		return 3;
	return 0;
}

static const char *
skip_space(const char *s, int *had)
{
	size_t k;

	*had = 0;
	while ((k = space_at(s)) > 0) {
		s += k;
		*had = 1;
	}
	return s;
}

/*
 * What a part says, as the commands are read, into *out (malloc'd; *len
 * its length): cut as a reply is (mq_reply_extract: the plain part quotes
 * with ">" what the HTML puts in a <blockquote>, dropped already), each
 * run of white space one space and none at either end (valid UTF-8: no
 * space byte is inside a character); and its digest. Two parts say the
 * same when their digests are. MQ_IO when out of memory.
 */
static int
said(const char *text, uint8_t out[16], char **said_text, size_t *len,
    struct mq_err *err)
{
	const char *s, *run;
	char *cut = NULL, *o;
	int had;

	MQ_TRY(mq_reply_extract(text, strlen(text), &cut, err));
	/* in place: the text only shrinks */
	o = cut;
	s = skip_space(cut, &had);
	while (*s != '\0') {
		for (run = s; *s != '\0' && space_at(s) == 0; s++)
			;
		memmove(o, run, (size_t)(s - run));
		o += s - run;
		s = skip_space(s, &had);
		if (*s != '\0')
			*o++ = ' ';
	}
	*o = '\0';
	*len = (size_t)(o - cut);
	crypto_generichash(out, 16, (const unsigned char *)cut, *len, NULL, 0);
	*said_text = cut;
	return 0;
}

/*
 * Whether HTML leaf h says what two or more text/plain parts of the
 * message say, joined in their order (text, text, and an HTML part of
 * both: Apple Mail around a picture, a list's footer): each part as said
 * reads it, the parts that say nothing (a signature alone) left out,
 * one space between. *budget bounds the bytes compared, so that a message
 * built of many alike parts costs no more than a few times its text:
 * once it is spent, the HTML is read.
 */
static int
says_joined(const struct walk *w, char *const *said_text, const size_t *len,
    size_t h, size_t *budget)
{
	const char *t = said_text[h];
	const size_t n = len[h];
	size_t s, j, at, parts, cost;

	for (s = 0; s < w->n; s++) {
		if (w->leaf[s].html || len[s] == 0 || len[s] > n)
			continue;
		cost = len[s];
		if (*budget < cost)
			return 0;
		*budget -= cost;
		if (memcmp(t, said_text[s], len[s]) != 0)
			continue;
		at = len[s];
		parts = 1;
		for (j = s + 1; j < w->n && at < n; j++) {
			if (w->leaf[j].html || len[j] == 0)
				continue;
			if (at + 1 + len[j] > n || t[at] != ' ')
				break;
			if (*budget < len[j])
				return 0;
			*budget -= len[j];
			if (memcmp(t + at + 1, said_text[j], len[j]) != 0)
				break;
			at += 1 + len[j];
			parts++;
		}
		if (at == n && parts >= 2)
			return 1;
	}
	return 0;
}

/*
 * Convert the HTML parts, and mark as a copy each that says what a
 * text/plain part of the message says, or several of them joined in
 * their order: some mailers send a multipart/mixed of the text and an
 * HTML copy of it, not a multipart/alternative, and every command was
 * read twice; a signature or a forwarded part may come between the two
 * (mutt with a signature file), or a picture (text, picture, text, and
 * an HTML part of the whole). Different texts (Apple's around a picture)
 * are all read, and an HTML part that says anything more or else. Each
 * part is cut and digested once, and the joins compared within a budget
 * of a few times the text, so the work stays linear in the text,
 * whatever the number of parts.
 */
static int
convert_html(struct walk *w, struct mq_err *err)
{
	uint8_t (*sum)[16];
	char **said_text;
	size_t *len, budget = 0;
	char *html;
	size_t i, j;
	int rc = 0;

	for (i = 0; i < w->n; i++) {
		if (!w->leaf[i].html)
			continue;
		if ((html = part_text(w->leaf[i].obj)) == NULL)
			return mq_fail(err, MQ_IO,
			    "Out of memory reading the message.");
		rc = mq_html_to_text(html, strlen(html), &w->leaf[i].text,
		    err);
		free(html);
		if (rc != 0)
			return rc;
	}
	for (i = 0; i < w->n && !w->leaf[i].html; i++)
		;
	if (i == w->n)
		return 0;	/* no HTML: nothing to compare */
	sum = calloc(w->n, sizeof(*sum));
	said_text = calloc(w->n, sizeof(*said_text));
	len = calloc(w->n, sizeof(*len));
	if (sum == NULL || said_text == NULL || len == NULL)
		rc = mq_fail(err, MQ_IO, "Out of memory reading the message.");
	for (i = 0; i < w->n && rc == 0; i++) {
		rc = said(w->leaf[i].text, sum[i], &said_text[i], &len[i], err);
		budget += 4 * len[i] + 64;
	}
	for (i = 0; i < w->n && rc == 0; i++) {
		for (j = 0; w->leaf[i].html && j < w->n; j++)
			if (!w->leaf[j].html &&
			    memcmp(sum[i], sum[j], sizeof(sum[i])) == 0) {
				w->leaf[i].copy = 1;
				break;
			}
		if (w->leaf[i].html && !w->leaf[i].copy && len[i] > 0 &&
		    says_joined(w, said_text, len, i, &budget))
			w->leaf[i].copy = 1;
	}
	for (i = 0; said_text != NULL && i < w->n; i++)
		free(said_text[i]);
	free(said_text);
	free(len);
	free(sum);
	return rc;
}

/*
 * The text of the parts chosen, joined in order: a part that does not end
 * a line is ended by one, so that two parts never run into one line.
 */
static int
fill_text(struct mq_mime_msg *m, struct walk *w, struct mq_err *err)
{
	struct mq_buf b = MQ_BUF_INIT;
	size_t i;

	m->attachments = w->attached;
	snprintf(m->attachment, sizeof(m->attachment), "%s", w->name);
	/* its commands in an attachment: said, and where to write them */
	if (w->n == 0 && w->attached == 1 && w->name[0])
		return mq_fail(err, MQ_REFUSED, "The message has no readable "
		    "text part; the attachment \"%s\" was not read: write your "
		    "commands in the mail's text.", w->name);
	if (w->n == 0 && w->attached == 1)
		return mq_fail(err, MQ_REFUSED, "The message has no readable "
		    "text part; its attachment was not read: write your "
		    "commands in the mail's text.");
	if (w->n == 0 && w->attached > 1)
		return mq_fail(err, MQ_REFUSED, "The message has no readable "
		    "text part; its %d attachments were not read: write your "
		    "commands in the mail's text.", w->attached);
	if (w->n == 0)
		return mq_fail(err, MQ_REFUSED,
		    "The message has no readable text part.");
	MQ_TRY(convert_html(w, err));
	for (i = 0; i < w->n; i++) {
		if (w->leaf[i].copy)
			continue;
		if (w->leaf[i].html)
			m->text_from_html = 1;
		if (b.len > 0 && b.data[b.len - 1] != '\n')
			mq_buf_putc(&b, '\n');
		mq_buf_puts(&b, w->leaf[i].text);
	}
	mq_buf_add(&b, "", 0);	/* a buffer even for no text */
	if (!b.oom && (m->text = mq_buf_steal(&b)) != NULL)
		return 0;
	mq_buf_free(&b);
	return mq_fail(err, MQ_IO, "Out of memory reading the message.");
}

static void
walk_free(struct walk *w)
{
	drop_leaves(w, 0, w->n);
	free(w->leaf);
}

static int
parse_message(GMimeMessage *msg, struct mq_mime_msg *m, struct mq_err *err)
{
	struct walk w;
	int rc;

	memset(&w, 0, sizeof(w));
	check_headers(GMIME_OBJECT(msg), &w);
	walk(g_mime_message_get_mime_part(msg), 0, 0, &w);
	if (w.too_deep)
		rc = mq_fail(err, MQ_REFUSED,
		    "The message has more than %d levels of nested parts.",
		    MQ_MIME_MAX_DEPTH);
	else if (w.too_many)
		rc = mq_fail(err, MQ_REFUSED,
		    "The message has more than %d parts.", MQ_MIME_MAX_PARTS);
	else if (w.long_line)
		rc = mq_fail(err, MQ_REFUSED,
		    "The message has a header line longer than 64 KiB.");
	else if (w.oom)
		rc = mq_fail(err, MQ_IO, "Out of memory reading the message.");
	else if ((rc = fill_headers(m, msg, err)) == 0)
		rc = fill_text(m, &w, err);
	walk_free(&w);
	return rc;
}

int
mq_mime_parse(const char *raw, size_t len, struct mq_mime_msg **out,
    struct mq_err *err)
{
	struct mq_mime_msg *m;
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeMessage *msg;
	int rc;

	*out = NULL;
	if (len > MQ_MIME_MAX_SIZE)
		return mq_fail(err, MQ_REFUSED, "The message is larger than 10 MiB.");
	MQ_TRY(raw_shape(raw, len, err));
	mq_mime_init();
	stream = g_mime_stream_mem_new_with_buffer(len ? raw : "", len);
	parser = g_mime_parser_new_with_stream(stream);
	g_mime_parser_set_format(parser, GMIME_FORMAT_MESSAGE);
	msg = g_mime_parser_construct_message(parser, NULL);
	g_object_unref(parser);
	g_object_unref(stream);
	if (msg == NULL)
		return mq_fail(err, MQ_REFUSED, "No mail headers could be read in it.");
	if ((m = calloc(1, sizeof(*m))) == NULL) {
		g_object_unref(msg);
		return mq_fail(err, MQ_IO, "Out of memory reading the message.");
	}
	rc = parse_message(msg, m, err);
	if (rc == 0 && m->bounce)
		mq_mime_report_recipient(msg, raw, len, m->bounce_to,
		    sizeof(m->bounce_to));
	g_object_unref(msg);
	if (rc != 0) {
		mq_mime_msg_free(m);
		return rc;
	}
	*out = m;
	return 0;
}
