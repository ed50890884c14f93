/* heldmark.c - the marks held for a batch's flush; see heldmark.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/durable.h"
#include "daemon/heldmark.h"

struct held {
	char path[1400];
	char id[16];
	int has_id;
	char text[MQ_HELDMARK_MAX];
	mq_heldmark_writer *write;
};
static struct held *held;
static size_t nheld, capheld;

static struct held *
held_of(const char *path)
{
	size_t i;

	for (i = 0; i < nheld; i++)
		if (strcmp(held[i].path, path) == 0)
			return &held[i];
	return NULL;
}

int
mq_heldmark_set(const char *id, const char *path, const char *text,
    mq_heldmark_writer *write)
{
	struct held *h;

	if (!mq_durable_open()) {
		write(id, path, text);
		return 0;
	}
	if ((h = held_of(path)) == NULL) {
		if (nheld == capheld) {
			size_t cap = capheld ? 2 * capheld : 16;
			void *v = realloc(held, cap * sizeof(*held));

			if (v == NULL)
				return -1;
			held = v;
			capheld = cap;
		}
		h = &held[nheld++];
		snprintf(h->path, sizeof(h->path), "%s", path);
	}
	h->has_id = id != NULL;
	snprintf(h->id, sizeof(h->id), "%s", id ? id : "");
	snprintf(h->text, sizeof(h->text), "%s", text);
	h->write = write;
	return 1;
}

const char *
mq_heldmark_get(const char *path)
{
	struct held *h = held_of(path);

	return h ? h->text : NULL;
}

void
mq_heldmark_flush(int durable)
{
	size_t i;

	for (i = 0; durable && i < nheld; i++)
		held[i].write(held[i].has_id ? held[i].id : NULL, held[i].path,
		    held[i].text);
	free(held);
	held = NULL;
	nheld = capheld = 0;
}
