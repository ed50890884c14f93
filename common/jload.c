/* jload.c - jansson's loaders that never return a value made while an
 * allocation failed; see jload.h. */
#include "jload.h"

#include <stdio.h>
#include <string.h>

/* The allocator jansson had before the parse, and its failures during it. */
static json_malloc_t inner;
static unsigned long failed;

static void *
counting_malloc(size_t n)
{
	void *p = inner(n);

	if (p == NULL)
		failed++;
	return p;
}

enum how { FROM_BUF, FROM_FILE };

static json_t *
load(enum how how, const char *src, size_t len, size_t flags,
    json_error_t *je)
{
	json_malloc_t m;
	json_free_t f;
	json_t *v;

	json_get_alloc_funcs(&m, &f);
	inner = m;
	failed = 0;
	json_set_alloc_funcs(counting_malloc, f);
	v = how == FROM_FILE ? json_load_file(src, flags, je) :
	    json_loadb(src, len, flags, je);
	json_set_alloc_funcs(m, f);
	if (failed == 0)
		return v;
	json_decref(v);
	if (je != NULL) {
		memset(je, 0, sizeof(*je));
		je->line = je->column = -1;
		snprintf(je->text, sizeof(je->text) - 1, "out of memory");
		/* where json_error_code reads it (jansson.h) */
		je->text[JSON_ERROR_TEXT_LENGTH - 1] = json_error_out_of_memory;
		if (how == FROM_FILE)
			snprintf(je->source, sizeof(je->source), "%s", src);
	}
	return NULL;
}

json_t *
mq_json_loadb(const char *buf, size_t len, size_t flags, json_error_t *je)
{
	return load(FROM_BUF, buf, len, flags, je);
}

json_t *
mq_json_loads(const char *s, size_t flags, json_error_t *je)
{
	return load(FROM_BUF, s, strlen(s), flags, je);
}

json_t *
mq_json_load_file(const char *path, size_t flags, json_error_t *je)
{
	return load(FROM_FILE, path, 0, flags, je);
}
