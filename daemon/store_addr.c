/* store_addr.c - every address that plays or played in a game here (who
 * the daemon knows), read from the logs as they are; and whether an address
 * is one mail can go to. See store.h; the seats they hold now are
 * store_seats.c's. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/store.h"

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
	size_t i, ncap;

	while ((p = strstr(p, key)) != NULL) {
		p += sizeof(key) - 1;
		if ((end = strchr(p, '"')) == NULL || end == p)
			break;
		if (*n == *cap) {
			ncap = *cap ? *cap * 2 : 64;
			if ((nv = realloc(*v, ncap * sizeof(*nv))) == NULL)
				return -1;
			*v = nv;
			*cap = ncap;
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

void
mq_store_addresses_free(char **addrs, size_t n)
{
	while (n > 0)
		free(addrs[--n]);
	free(addrs);
}

/* A domain of letters, digits, '-', '_' (a host's own names have it) and
 * dots between them (one last, the root's, too), or an address literal in
 * brackets: "x.test:" or "x.test;" names no host. */
static int
domain_usable(const char *d)
{
	size_t n = strlen(d), i;

	if (d[0] == '[')
		return n > 2 && d[n - 1] == ']';
	if (d[0] == '.' || strstr(d, "..") != NULL)
		return 0;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)d[i]) && d[i] != '-' && d[i] != '.' &&
		    d[i] != '_')
			return 0;
	return 1;
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
	return domain_usable(at + 1);
}
