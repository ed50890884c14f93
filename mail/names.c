/*
 * names.c - a set of names; see names.h.
 *
 * Open addressing, kept at most half full, over the hash mval.h keys and
 * tags use (so a caller holding a key's hash need not hash it again): a
 * few hundred short names, asked about a few hundred times per mail.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "mail/mval.h"
#include "mail/names.h"

struct entry {
	char *name;
	size_t len;
	uint32_t hash;
};

#define LITS	256		/* literals remembered, direct-mapped */

struct mq_names {
	struct entry *tab;
	size_t cap;		/* a power of two */
	size_t n;
	struct {
		const char *lit;
		size_t n;	/* the set's size when asked: an add forgets it */
		int has;
	} lits[LITS];
};

/* The slot of name, or the empty slot where it would go. */
static struct entry *
slot(const struct mq_names *s, const char *name, size_t len, uint32_t h)
{
	size_t i = h & (s->cap - 1);
	struct entry *e;

	for (;;) {
		e = &s->tab[i];
		if (e->name == NULL || (e->hash == h && e->len == len &&
		    memcmp(e->name, name, len) == 0))
			return e;
		i = (i + 1) & (s->cap - 1);
	}
}

struct mq_names *
mq_names_new(void)
{
	struct mq_names *s = calloc(1, sizeof(*s));

	if (s != NULL && (s->tab = calloc(64, sizeof(*s->tab))) == NULL) {
		free(s);
		return NULL;
	}
	if (s != NULL)
		s->cap = 64;
	return s;
}

void
mq_names_free(struct mq_names *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->cap; i++)
		free(s->tab[i].name);
	free(s->tab);
	free(s);
}

static int
grow(struct mq_names *s)
{
	struct mq_names big;
	size_t i;

	big.cap = s->cap * 2;
	if ((big.tab = calloc(big.cap, sizeof(*big.tab))) == NULL)
		return MQ_IO;
	for (i = 0; i < s->cap; i++)
		if (s->tab[i].name != NULL)
			*slot(&big, s->tab[i].name, s->tab[i].len,
			    s->tab[i].hash) = s->tab[i];
	free(s->tab);
	s->tab = big.tab;
	s->cap = big.cap;
	return 0;
}

int
mq_names_add(struct mq_names *s, const char *name, size_t len)
{
	uint32_t h = mv_hash(name, len);
	struct entry *e;

	if (2 * (s->n + 1) > s->cap && grow(s) != 0)
		return MQ_IO;
	e = slot(s, name, len, h);
	if (e->name != NULL)
		return 0;
	if ((e->name = malloc(len + 1)) == NULL)
		return MQ_IO;
	memcpy(e->name, name, len);
	e->name[len] = '\0';
	e->len = len;
	e->hash = h;
	s->n++;
	return 0;
}

int
mq_names_hasn(const struct mq_names *s, const char *name, size_t len)
{
	return s == NULL || slot(s, name, len, mv_hash(name, len))->name != NULL;
}

int
mq_names_hash_has(const struct mq_names *s, const char *name, size_t len,
    uint32_t hash)
{
	return s == NULL || slot(s, name, len, hash)->name != NULL;
}

int
mq_names_has(const struct mq_names *s, const char *name)
{
	return mq_names_hasn(s, name, strlen(name));
}

int
mq_names_has_lit(struct mq_names *s, const char *lit)
{
	size_t h;

	if (s == NULL)
		return 1;
	h = (size_t)(((uintptr_t)lit >> 2) * 2654435761u) & (LITS - 1);
	if (s->lits[h].lit != lit || s->lits[h].n != s->n) {
		s->lits[h].has = mq_names_has(s, lit);
		s->lits[h].lit = lit;
		s->lits[h].n = s->n;
	}
	return s->lits[h].has;
}
