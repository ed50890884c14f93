/*
 * mime_report.c - a delivery report's failed recipient; see mime_report.h.
 *
 * Read from the report part itself, decoded and unfolded, rather than the
 * raw bytes: reporting MTAs send it base64 or quoted-printable, fold long
 * fields, and the text part or the returned original before it may quote a
 * "Final-Recipient:" line of its own.
 */
#include "mime_report.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "mime_charset.h"

#define FIELD_MAX 1024	/* an unfolded field longer than this is not read */

/* Append code point c to out as UTF-8; 0, or -1 when it does not fit. */
static int
put_utf8(unsigned long c, char *out, size_t *k, size_t n)
{
	unsigned char u[4];
	size_t m, i;

	if (c < 0x80) {
		u[0] = (unsigned char)c;
		m = 1;
	} else if (c < 0x800) {
		u[0] = (unsigned char)(0xc0 | (c >> 6));
		u[1] = (unsigned char)(0x80 | (c & 0x3f));
		m = 2;
	} else if (c < 0x10000) {
		u[0] = (unsigned char)(0xe0 | (c >> 12));
		u[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
		u[2] = (unsigned char)(0x80 | (c & 0x3f));
		m = 3;
	} else {
		u[0] = (unsigned char)(0xf0 | (c >> 18));
		u[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3f));
		u[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
		u[3] = (unsigned char)(0x80 | (c & 0x3f));
		m = 4;
	}
	if (*k + m >= n)
		return -1;
	for (i = 0; i < m; i++)
		out[(*k)++] = (char)u[i];
	return 0;
}

/*
 * The address of an unfolded field value "TYPE; ADDRESS" into out, or ""
 * when it is not one plain address: type rfc822 is ASCII; type utf-8 (RFC
 * 6533) may escape a character as \x{HEX}, and in a global report carry
 * UTF-8 itself.
 */
static void
field_address(const char *v, int global, char *out, size_t n)
{
	const char *semi, *a, *end;
	size_t k = 0, tlen;
	unsigned long c;
	int utf8, digits;

	out[0] = '\0';
	while (*v == ' ' || *v == '\t')
		v++;
	if ((semi = strchr(v, ';')) == NULL)
		return;
	for (tlen = (size_t)(semi - v); tlen > 0 &&
	    (v[tlen - 1] == ' ' || v[tlen - 1] == '\t'); tlen--)
		;
	if (tlen == 6 && strncasecmp(v, "rfc822", 6) == 0)
		utf8 = 0;
	else if (tlen == 5 && strncasecmp(v, "utf-8", 5) == 0)
		utf8 = 1;
	else
		return;		/* an X.400 or other kind of address */
	for (a = semi + 1; *a == ' ' || *a == '\t'; a++)
		;
	for (end = a + strlen(a); end > a && (end[-1] == ' ' ||
	    end[-1] == '\t'); end--)
		;
	if (end - a >= 2 && *a == '<' && end[-1] == '>') {
		a++;
		end--;
	}
	for (; a < end; a++) {
		unsigned char ch = (unsigned char)*a;

		if (utf8 && ch == '\\' && a + 2 < end && a[1] == 'x' &&
		    a[2] == '{') {
			for (c = 0, digits = 0, a += 3; a < end && isxdigit(
			    (unsigned char)*a) && digits < 6; a++, digits++)
				c = c * 16 + (unsigned long)(isdigit(
				    (unsigned char)*a) ? *a - '0' :
				    (tolower((unsigned char)*a) - 'a' + 10));
			if (a >= end || *a != '}' || digits == 0 || c < 0x20 ||
			    c == 0x7f || c > 0x10ffff ||
			    (c >= 0xd800 && c <= 0xdfff) ||
			    put_utf8(c < 0x80 ? (unsigned long)tolower((int)c) :
			    c, out, &k, n) != 0)
				goto bad;
			continue;
		}
		if (ch <= ' ' || ch == 0x7f || (ch >= 0x80 && !(utf8 && global)))
			goto bad;	/* a space, a control, or not ASCII */
		if (k + 1 >= n)
			goto bad;	/* too long */
		out[k++] = (char)(ch < 0x80 ? tolower(ch) : ch);
	}
	out[k] = '\0';
	if (strchr(out, '@') == NULL || !mq_mime_utf8_valid(out, k))
		goto bad;
	return;
bad:
	out[0] = '\0';
}

void
mq_mime_report_field(const char *text, size_t len, int global, char *out,
    size_t n)
{
	static const char name[] = "final-recipient:";
	const char *p, *end, *q;
	char v[FIELD_MAX + 1];
	size_t k;

	out[0] = '\0';
	if (text == NULL)	/* an empty part: GMime's bytes have no data */
		return;
	p = text;
	end = text + len;
	for (; p < end; p = memchr(p, '\n', (size_t)(end - p)), p = p ? p + 1 : end) {
		if ((size_t)(end - p) < sizeof(name) - 1 ||
		    strncasecmp(p, name, sizeof(name) - 1) != 0)
			continue;
		/* the value, its folded lines joined (RFC 5322 unfolding) */
		for (k = 0, q = p + sizeof(name) - 1; q < end; q++) {
			if (*q == '\r')
				continue;
			if (*q == '\n') {
				if (q + 1 < end && (q[1] == ' ' || q[1] == '\t'))
					continue;
				break;
			}
			if (*q == '\0' || k == FIELD_MAX)
				return;	/* a NUL, or too long to be one address */
			v[k++] = *q;
		}
		v[k] = '\0';
		field_address(v, global, out, n);
		return;
	}
}

/* The report's delivery-status part under obj (two levels at most). */
static GMimePart *
report_part(GMimeObject *obj, int depth, int *global)
{
	GMimeContentType *ct;
	GMimePart *found;
	int i, count;

	if (obj == NULL)
		return NULL;
	if (GMIME_IS_PART(obj)) {
		ct = g_mime_object_get_content_type(obj);
		if (ct != NULL && g_mime_content_type_is_type(ct, "message",
		    "delivery-status")) {
			*global = 0;
			return GMIME_PART(obj);
		}
		if (ct != NULL && g_mime_content_type_is_type(ct, "message",
		    "global-delivery-status")) {
			*global = 1;
			return GMIME_PART(obj);
		}
		return NULL;
	}
	if (!GMIME_IS_MULTIPART(obj) || depth >= 2)
		return NULL;
	count = g_mime_multipart_get_count(GMIME_MULTIPART(obj));
	for (i = 0; i < count; i++)
		if ((found = report_part(g_mime_multipart_get_part(
		    GMIME_MULTIPART(obj), i), depth + 1, global)) != NULL)
			return found;
	return NULL;
}

int
mq_mime_report_found(GMimeObject *body)
{
	int global;

	return report_part(body, 0, &global) != NULL;
}

void
mq_mime_report_recipient(GMimeMessage *msg, const char *raw, size_t len,
    char *out, size_t n)
{
	GMimeDataWrapper *content;
	GMimeStream *decoded;
	GByteArray *bytes;
	GMimePart *part;
	int global = 0;

	out[0] = '\0';
	part = report_part(g_mime_message_get_mime_part(msg), 0, &global);
	if (part == NULL) {
		mq_mime_report_field(raw, len, 0, out, n);
		return;
	}
	if ((content = g_mime_part_get_content(part)) == NULL)
		return;
	decoded = g_mime_stream_mem_new();
	if (g_mime_data_wrapper_write_to_stream(content, decoded) >= 0) {
		bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(decoded));
		mq_mime_report_field((const char *)bytes->data, bytes->len,
		    global, out, n);
	}
	g_object_unref(decoded);
}
