/* mval.c - the values a mail's templates print, in an arena; see mval.h. */
#include <stdlib.h>
#include <string.h>

#include "mail/mval.h"

#define CHUNK		(64 * 1024)	/* the first chunk; later ones double */
#define INDEX_AT	8		/* keys from which an object has an index */
#define INDEX_MAX	32768		/* keys an index (of uint16_t) can hold */

/* sizeof is a multiple of 16, so the bytes after it are aligned for anything */
struct chunk {
	struct chunk *next;
	size_t cap;
	size_t used;
	size_t pad;
};

struct mq_arena {
	struct chunk *head;	/* the newest, and largest */
	int oom;
};

struct mq_arena *
mq_arena_new(void)
{
	return calloc(1, sizeof(struct mq_arena));
}

void
mq_arena_free(struct mq_arena *a)
{
	struct chunk *c;

	if (a == NULL)
		return;
	while ((c = a->head) != NULL) {
		a->head = c->next;
		free(c);
	}
	free(a);
}

void
mq_arena_reset(struct mq_arena *a)
{
	struct chunk *c;

	if (a->head != NULL) {
		while ((c = a->head->next) != NULL) {
			a->head->next = c->next;
			free(c);
		}
		a->head->used = 0;
	}
	a->oom = 0;
}

int
mq_arena_oom(const struct mq_arena *a)
{
	return a->oom;
}

void
mq_arena_fail(struct mq_arena *a)
{
	a->oom = 1;
}

void
mq_arena_forgive(struct mq_arena *a)
{
	a->oom = 0;
}

void *
mq_arena_alloc(struct mq_arena *a, size_t n)
{
	struct chunk *c = a->head;
	size_t cap;
	void *p;

	if (a->oom)
		return NULL;
	n = (n + 15) & ~(size_t)15;
	if (c == NULL || c->cap - c->used < n) {
		cap = c != NULL ? c->cap * 2 : CHUNK;
		while (cap < n)
			cap *= 2;
		if (cap > (size_t)-1 - sizeof(*c) ||
		    (c = malloc(sizeof(*c) + cap)) == NULL) {
			a->oom = 1;
			return NULL;
		}
		c->next = a->head;
		c->cap = cap;
		c->used = 0;
		a->head = c;
	}
	p = (char *)(c + 1) + c->used;
	c->used += n;
	return p;
}

/* ---- values ---- */

uint32_t
mv_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static const struct mv v_null = { MV_NULL, { 0 } };
static const struct mv v_false = { MV_FALSE, { 0 } };
static const struct mv v_true = { MV_TRUE, { 0 } };

const struct mv *
mv_null(void)
{
	return &v_null;
}

const struct mv *
mv_bool(int b)
{
	return b ? &v_true : &v_false;
}

/* A value of the type; the member of u its type names is the caller's to
 * fill (not cleared first: most values are strings and references). */
static struct mv *
mv_new(struct mq_arena *a, enum mv_type type)
{
	struct mv *v = mq_arena_alloc(a, sizeof(*v));

	if (v != NULL)
		v->type = type;
	return v;
}

struct mv *
mv_obj(struct mq_arena *a)
{
	struct mv *v = mv_new(a, MV_OBJ);

	if (v != NULL)
		memset(&v->u.obj, 0, sizeof(v->u.obj));
	return v;
}

struct mv *
mv_list(struct mq_arena *a)
{
	struct mv *v = mv_new(a, MV_LIST);

	if (v != NULL)
		memset(&v->u.list, 0, sizeof(v->u.list));
	return v;
}

struct mv *
mv_int(struct mq_arena *a, json_int_t i)
{
	struct mv *v = mv_new(a, MV_INT);

	if (v != NULL)
		v->u.i = i;
	return v;
}

struct mv *
mv_str_ref(struct mq_arena *a, const char *s)
{
	struct mv *v;

	if (s == NULL || (v = mv_new(a, MV_STR)) == NULL)
		return NULL;
	v->u.str.s = s;
	v->u.str.len = strlen(s);
	return v;
}

struct mv *
mv_str(struct mq_arena *a, const char *s, size_t len)
{
	struct mv *v;
	char *c;

	if (s == NULL || (v = mv_new(a, MV_STR)) == NULL ||
	    (c = mq_arena_alloc(a, len + 1)) == NULL)
		return NULL;
	memcpy(c, s, len);
	c[len] = '\0';
	v->u.str.s = c;
	v->u.str.len = len;
	return v;
}

struct mv *
mv_json(struct mq_arena *a, const json_t *j)
{
	struct mv *v;

	if (j == NULL || (v = mv_new(a, MV_JSON)) == NULL)
		return NULL;
	v->u.json = j;
	return v;
}

/* ---- objects ---- */

static int
kv_is(const struct mv_kv *kv, const char *key, size_t len, uint32_t hash)
{
	return kv->hash == hash && kv->len == len &&
	    memcmp(kv->key, key, len) == 0;
}

/* (Re)build o's index with room for twice its keys and more. */
static int
reindex(struct mq_arena *a, struct mv *o)
{
	size_t cap = 64, i, s;
	uint16_t *ix;

	while (cap < 4 * o->u.obj.n)
		cap *= 2;
	if ((ix = mq_arena_alloc(a, cap * sizeof(*ix))) == NULL)
		return -1;
	memset(ix, 0, cap * sizeof(*ix));
	for (i = 0; i < o->u.obj.n; i++) {
		for (s = o->u.obj.kv[i].hash & (cap - 1); ix[s] != 0;
		    s = (s + 1) & (cap - 1))
			;
		ix[s] = (uint16_t)(i + 1);
	}
	o->u.obj.index = ix;
	o->u.obj.icap = cap;
	return 0;
}

static struct mv_kv *
find(const struct mv *o, const char *key, size_t len, uint32_t hash)
{
	struct mv_kv *kv = o->u.obj.kv;
	size_t i, s, mask;

	if (!(o->u.obj.bloom & (1ULL << (hash & 63))))
		return NULL;
	if (o->u.obj.index != NULL) {
		mask = o->u.obj.icap - 1;
		for (s = hash & mask; o->u.obj.index[s] != 0; s = (s + 1) & mask)
			if (kv_is(&kv[o->u.obj.index[s] - 1], key, len, hash))
				return &kv[o->u.obj.index[s] - 1];
		return NULL;
	}
	for (i = 0; i < o->u.obj.n; i++)
		if (kv_is(&kv[i], key, len, hash))
			return &kv[i];
	return NULL;
}

static int
set(struct mq_arena *a, struct mv *o, const char *key, size_t len,
    const struct mv *v)
{
	uint32_t hash = mv_hash(key, len);
	struct mv_kv *kv;

	if (o == NULL || v == NULL || o->type != MV_OBJ)
		return -1;
	if ((kv = find(o, key, len, hash)) != NULL) {
		kv->v = v;
		return 0;
	}
	return mv_add(a, o, key, len, hash, v);
}

int
mv_add(struct mq_arena *a, struct mv *o, const char *key, size_t len,
    uint32_t hash, const struct mv *v)
{
	struct mv_kv *kv;
	size_t cap, s, mask;

	if (o == NULL || v == NULL || o->type != MV_OBJ)
		return -1;
	if (o->u.obj.n == o->u.obj.cap) {
		cap = o->u.obj.cap ? 2 * o->u.obj.cap : 8;
		if ((kv = mq_arena_alloc(a, cap * sizeof(*kv))) == NULL)
			return -1;
		if (o->u.obj.n)
			memcpy(kv, o->u.obj.kv, o->u.obj.n * sizeof(*kv));
		o->u.obj.kv = kv;
		o->u.obj.cap = cap;
	}
	kv = &o->u.obj.kv[o->u.obj.n];
	kv->key = key;
	kv->len = (uint32_t)len;
	kv->hash = hash;
	kv->v = v;
	o->u.obj.n++;
	o->u.obj.bloom |= 1ULL << (hash & 63);
	if (o->u.obj.n < INDEX_AT || o->u.obj.n > INDEX_MAX) {
		o->u.obj.index = NULL;
		return 0;
	}
	if (o->u.obj.index == NULL || 2 * o->u.obj.n > o->u.obj.icap)
		return reindex(a, o) == 0 ? 0 : (o->u.obj.index = NULL, 0);
	mask = o->u.obj.icap - 1;
	for (s = hash & mask; o->u.obj.index[s] != 0; s = (s + 1) & mask)
		;
	o->u.obj.index[s] = (uint16_t)o->u.obj.n;
	return 0;
}

int
mv_set(struct mq_arena *a, struct mv *o, const char *key, const struct mv *v)
{
	return set(a, o, key, strlen(key), v);
}

int
mv_set_copy(struct mq_arena *a, struct mv *o, const char *key,
    const struct mv *v)
{
	size_t len = strlen(key);
	char *k;

	if (o == NULL || v == NULL)
		return -1;
	if (find(o, key, len, mv_hash(key, len)) != NULL)
		return set(a, o, key, len, v);	/* keeps the stored key */
	if ((k = mq_arena_alloc(a, len + 1)) == NULL)
		return -1;
	memcpy(k, key, len + 1);
	return set(a, o, k, len, v);
}

int
mv_push(struct mq_arena *a, struct mv *l, const struct mv *v)
{
	const struct mv **n;
	size_t cap;

	if (l == NULL || v == NULL || l->type != MV_LIST)
		return -1;
	if (l->u.list.n == l->u.list.cap) {
		cap = l->u.list.cap ? 2 * l->u.list.cap : 8;
		if ((n = mq_arena_alloc(a, cap * sizeof(*n))) == NULL)
			return -1;
		if (l->u.list.n)
			memcpy(n, l->u.list.v, l->u.list.n * sizeof(*n));
		l->u.list.v = n;
		l->u.list.cap = cap;
	}
	l->u.list.v[l->u.list.n++] = v;
	return 0;
}

struct mv *
mv_obj_copy(struct mq_arena *a, const struct mv *o)
{
	struct mv *c;
	size_t cap;

	if (o == NULL || o->type != MV_OBJ || (c = mv_obj(a)) == NULL)
		return NULL;
	cap = o->u.obj.n + 8;
	if ((c->u.obj.kv = mq_arena_alloc(a, cap * sizeof(*c->u.obj.kv))) == NULL)
		return NULL;
	if (o->u.obj.n)
		memcpy(c->u.obj.kv, o->u.obj.kv, o->u.obj.n *
		    sizeof(*c->u.obj.kv));
	c->u.obj.n = o->u.obj.n;
	c->u.obj.cap = cap;
	c->u.obj.bloom = o->u.obj.bloom;
	if (c->u.obj.n >= INDEX_AT && c->u.obj.n <= INDEX_MAX &&
	    reindex(a, c) != 0)
		return NULL;
	return c;
}

size_t
mv_size(const struct mv *v)
{
	if (v == NULL)
		return 0;
	if (v->type == MV_LIST)
		return v->u.list.n;
	if (v->type == MV_JSON)
		return json_array_size(v->u.json);
	return 0;
}

json_t *
mv_to_json(const struct mv *v)
{
	json_t *j, *x;
	size_t i;

	switch (v->type) {
	case MV_NULL:
		return json_null();
	case MV_FALSE:
		return json_false();
	case MV_TRUE:
		return json_true();
	case MV_INT:
		return json_integer(v->u.i);
	case MV_STR:
		return json_stringn(v->u.str.s, v->u.str.len);
	case MV_JSON:
		return json_incref((json_t *)v->u.json);
	case MV_LIST:
		if ((j = json_array()) == NULL)
			return NULL;
		for (i = 0; i < v->u.list.n; i++)
			if ((x = mv_to_json(v->u.list.v[i])) == NULL ||
			    json_array_append_new(j, x) != 0) {
				json_decref(j);
				return NULL;
			}
		return j;
	case MV_OBJ:
		if ((j = json_object()) == NULL)
			return NULL;
		for (i = 0; i < v->u.obj.n; i++)
			if ((x = mv_to_json(v->u.obj.kv[i].v)) == NULL ||
			    json_object_setn_new_nocheck(j, v->u.obj.kv[i].key,
			    v->u.obj.kv[i].len, x) != 0) {
				json_decref(j);
				return NULL;
			}
		return j;
	}
	return NULL;
}
