/* store_addr.c - the players' addresses across the data folder's games (who
 * the daemon knows, and in which language it last wrote to each), read from
 * the logs as they are; and whether an address is one mail can go to. See
 * store.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <jansson.h>

#include "daemon/store.h"
#include "jload.h"
#include "mail/address.h"

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Add each "email":"..." of one log line (canonical JSON: the key and its
 * quotes appear so only as a key, never inside a string, where quotes are
 * escaped) to *v. */
static int
line_addresses(const char *line, char ***v, size_t *n, size_t *cap)
{
	static const char key[] = "\"email\":\"";
	const char *p = line, *end;
	char **nv, *a;
	size_t i;

	while ((p = strstr(p, key)) != NULL) {
		p += sizeof(key) - 1;
		if ((end = strchr(p, '"')) == NULL || end == p)
			break;
		if (*n == *cap) {
			*cap = *cap ? *cap * 2 : 64;
			if ((nv = realloc(*v, *cap * sizeof(*nv))) == NULL)
				return -1;
			*v = nv;
		}
		if ((a = strndup(p, (size_t)(end - p))) == NULL)
			return -1;
		for (i = 0; a[i]; i++)
			if (a[i] >= 'A' && a[i] <= 'Z')
				a[i] = (char)(a[i] - 'A' + 'a');
		(*v)[(*n)++] = a;
		p = end;
	}
	return 0;
}

int
mq_store_addresses(const struct mq_store *s, char ***addrs, size_t *n,
    struct mq_err *err)
{
	char path[1400], **ids, **v = NULL, *line = NULL;
	size_t nids, i, k, cap = 0, linecap = 0;
	int rc = 0;
	FILE *f;

	*addrs = NULL;
	*n = 0;
	MQ_TRY(mq_store_games(s, &ids, &nids, err));
	for (i = 0; i < nids && rc == 0; i++) {
		snprintf(path, sizeof(path), "%s/games/%s/log", s->datadir, ids[i]);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		while (rc == 0 && getline(&line, &linecap, f) > 0)
			if (strstr(line, "\"email\":\"") != NULL &&
			    line_addresses(line, &v, n, &cap) != 0)
				rc = mq_fail(err, MQ_IO, "Out of memory.");
		fclose(f);
	}
	free(line);
	for (i = 0; i < nids; i++)
		free(ids[i]);
	free(ids);
	if (rc) {
		mq_store_addresses_free(v, *n);
		*n = 0;
		return rc;
	}
	if (*n > 1)
		qsort(v, *n, sizeof(*v), cmp_str);
	for (i = k = 0; i < *n; i++) {		/* each once */
		if (k > 0 && strcmp(v[k - 1], v[i]) == 0)
			free(v[i]);
		else
			v[k++] = v[i];
	}
	*n = k;
	*addrs = v;
	return 0;
}

/*
 * One log line's body into *b (NULL when damaged: passed over); -1 when
 * memory runs out. jload.h tells the two apart (jansson 2.14 says some of
 * its allocations failing as a syntax error, or nothing), and never gives
 * a body parsed short of memory (an address or a language a byte short).
 */
static int
load_line(const char *line, size_t len, json_t **b)
{
	json_error_t je;

	if ((*b = mq_json_loadb(line, len, 0, &je)) != NULL)
		return 0;
	return json_error_code(&je) == json_error_out_of_memory ? -1 : 0;
}

/* addr's seat language in one log (path): 1 and lang (and the seat's
 * name into seat, if not NULL), or 0; -1 when memory ran out reading it. */
static int
log_address_lang(const char *path, const char *addr, char lang[8],
    char seat[MQ_NAME_MAX + 1])
{
	int oom = 0;
	char names[MQ_MAX_PLAYERS][MQ_NAME_MAX + 1], emails[MQ_MAX_PLAYERS][256];
	char langs[MQ_MAX_PLAYERS][8], *line = NULL;
	size_t cap = 0, i, np = 0;
	int found = 0;
	ssize_t n;
	FILE *f;

	if ((f = fopen(path, "r")) == NULL)
		return 0;
	while ((n = getline(&line, &cap, f)) > 0) {
		char *tab = memchr(line, '\t', (size_t)n);
		json_t *b, *p;
		const char *type, *act, *who, *l;

		/* only the genesis and the admin entries name addresses and
		 * languages: the others are not parsed */
		if (strstr(line, "\"type\":\"genesis\"") == NULL &&
		    strstr(line, "\"type\":\"admin\"") == NULL)
			continue;
		if (load_line(line, tab ? (size_t)(tab - line) : (size_t)n,
		    &b) != 0) {
			oom = 1;
			break;
		}
		type = json_string_value(json_object_get(b, "type"));
		act = json_string_value(json_object_get(b, "action"));
		who = json_string_value(json_object_get(b, "player"));
		l = json_string_value(json_object_get(b, "lang"));
		if (type != NULL && strcmp(type, "genesis") == 0) {
			json_t *ps = json_object_get(b, "players");

			for (np = 0; np < json_array_size(ps) && np < MQ_MAX_PLAYERS;
			    np++) {
				p = json_array_get(ps, np);
				snprintf(names[np], sizeof(names[np]), "%s",
				    json_string_value(json_object_get(p, "name")) ?
				    json_string_value(json_object_get(p, "name")) : "");
				snprintf(emails[np], sizeof(emails[np]), "%s",
				    json_string_value(json_object_get(p, "email")) ?
				    json_string_value(json_object_get(p, "email")) : "");
				snprintf(langs[np], sizeof(langs[np]), "%s",
				    l != NULL ? l : "en");
			}
		} else if (act != NULL && who != NULL) {
			for (i = 0; i < np && strcmp(names[i], who) != 0; i++)
				;
			if (i < np && strcmp(act, "replace") == 0 &&
			    json_is_string(json_object_get(b, "email")))
				snprintf(emails[i], sizeof(emails[i]), "%s",
				    json_string_value(json_object_get(b, "email")));
			if (i < np && (strcmp(act, "replace") == 0 ||
			    strcmp(act, "lang") == 0) && l != NULL &&
			    (!strcmp(l, "en") || !strcmp(l, "ja") || !strcmp(l, "zh")))
				snprintf(langs[i], sizeof(langs[i]), "%s", l);
		}
		json_decref(b);
	}
	free(line);
	fclose(f);
	if (oom)
		return -1;
	for (i = 0; i < np && !found; i++)
		if (mq_addr_same(addr, emails[i])) {
			snprintf(lang, 8, "%s", langs[i]);
			if (seat != NULL)
				snprintf(seat, MQ_NAME_MAX + 1, "%s", names[i]);
			found = 1;
		}
	return found;
}

int
mq_store_address_seats(const struct mq_store *s, const char *addr,
    struct mq_addr_seat *v, size_t max, size_t *n, struct mq_err *err)
{
	char path[1400], **ids, l[8];
	size_t nids, i;
	int rc = 0, in;

	*n = 0;
	MQ_TRY(mq_store_games(s, &ids, &nids, err));
	for (i = 0; i < nids; i++) {
		snprintf(path, sizeof(path), "%s/games/%s/log", s->datadir, ids[i]);
		if (rc == 0 && *n < max && (in = log_address_lang(path, addr, l,
		    v[*n].seat)) != 0) {
			if (in < 0)
				rc = mq_fail(err, MQ_IO, "Out of memory.");
			else
				snprintf(v[(*n)++].game, sizeof(v->game), "%s",
				    ids[i]);
		}
		free(ids[i]);
	}
	free(ids);
	return rc;
}

int
mq_store_address_lang(const struct mq_store *s, const char *addr,
    const char *hint, char lang[8], struct mq_err *err)
{
	char path[1400], **ids, l[8];
	size_t nids, i;
	struct stat st;
	time_t last = 0;
	int found = 0, hinted = 0, rc = 0, in;

	if (addr == NULL)
		return 0;
	MQ_TRY(mq_store_games(s, &ids, &nids, err));
	for (i = 0; i < nids; i++) {
		snprintf(path, sizeof(path), "%s/games/%s/log", s->datadir, ids[i]);
		if (rc == 0 && stat(path, &st) == 0 &&
		    (in = log_address_lang(path, addr, l, NULL)) != 0) {
			/* the mail's own language, when one of its games is
			 * in it, over the game another's move changed last */
			int is_hint = in > 0 && hint != NULL &&
			    strcmp(l, hint) == 0;

			if (in < 0)
				rc = mq_fail(err, MQ_IO, "Out of memory.");
			else if (!found || (is_hint && !hinted) ||
			    (is_hint == hinted && st.st_mtime > last)) {
				snprintf(lang, 8, "%s", l);
				last = st.st_mtime;
				hinted = is_hint;
				found = 1;
			}
		}
		free(ids[i]);
	}
	free(ids);
	return rc;
}

void
mq_store_addresses_free(char **addrs, size_t n)
{
	while (n > 0)
		free(addrs[--n]);
	free(addrs);
}


int
mq_email_usable(const char *s)
{
	const char *at = strchr(s, '@');
	size_t i;

	if (at == NULL || at == s || at[1] == '\0' || strchr(at + 1, '@') ||
	    strlen(s) >= 256)
		return 0;
	for (i = 0; s[i]; i++)
		if ((unsigned char)s[i] <= ' ' || s[i] == '<' || s[i] == '>' ||
		    s[i] == ',' || s[i] == '"' || (unsigned char)s[i] >= 0x7f)
			return 0;
	return 1;
}
