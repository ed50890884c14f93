/*
 * mval.h - the values a mail's templates print, as decorate makes them:
 * objects, lists, strings, integers, booleans, null, and references to
 * jansson values (the context's and the game data's own, never copied).
 *
 * Internal to mail/. Every value lives in an arena, freed (or reset for
 * the next mail) all at once: a mail's data is a few thousand small values
 * made and dropped together, which jansson would allocate, hash and free
 * one by one. Object keys carry their hash, and the mustache renderer's
 * tags carry the hash of the key they look up, so a lookup compares
 * numbers; an object with many keys (the root) gets a hash index.
 *
 * A string's length is that of a C string (mv_str is given one's): it
 * never holds a NUL byte, so the renderer need not look for one.
 *
 * A failed allocation makes the arena's oom flag stick: the constructors
 * then return NULL (setters -1), and the caller checks the flag once at
 * the end; a value made while memory lasted is whole. Keys and referenced
 * strings are not copied unless said: they must outlive the arena's use
 * (string literals, keys and strings of jansson values held meanwhile).
 */
#ifndef MQ_MVAL_H
#define MQ_MVAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <jansson.h>

struct mq_arena;

struct mq_arena *mq_arena_new(void);	/* NULL when memory runs out */
void mq_arena_free(struct mq_arena *a);
/* Forget every value, keep the memory for the next ones; clears oom. */
void mq_arena_reset(struct mq_arena *a);
int mq_arena_oom(const struct mq_arena *a);
/* Set oom: memory ran out elsewhere for a value meant for the arena. */
void mq_arena_fail(struct mq_arena *a);
/* Clear oom, when what failed was let go and the values kept are whole. */
void mq_arena_forgive(struct mq_arena *a);
/* n bytes (aligned for any value), or NULL (and oom set). */
void *mq_arena_alloc(struct mq_arena *a, size_t n);

enum mv_type {
	MV_NULL, MV_FALSE, MV_TRUE, MV_INT, MV_STR, MV_LIST, MV_OBJ, MV_JSON,
};

struct mv;

struct mv_kv {
	const char *key;
	uint32_t len;
	uint32_t hash;
	const struct mv *v;
};

struct mv {
	enum mv_type type;
	union {
		json_int_t i;
		struct {
			const char *s;
			size_t len;
		} str;
		struct {
			const struct mv **v;
			size_t n, cap;
		} list;
		struct {
			struct mv_kv *kv;
			size_t n, cap;
			uint64_t bloom;		/* a bit per key hash */
			uint16_t *index;	/* many keys: slot -> kv + 1 */
			size_t icap;
		} obj;
		const json_t *json;
	} u;
};

/* The hash of a key, as objects keep it and tags look it up. */
uint32_t mv_hash(const char *s, size_t len);

/* Shared constant values: never changed, never freed. */
const struct mv *mv_null(void);
const struct mv *mv_bool(int b);

struct mv *mv_obj(struct mq_arena *a);
struct mv *mv_list(struct mq_arena *a);
struct mv *mv_int(struct mq_arena *a, json_int_t i);
/*
 * A string referring to s (not copied), or to a copy in the arena of s's
 * len bytes, none of them NUL (len = strlen(s), or a buffer's length).
 */
struct mv *mv_str_ref(struct mq_arena *a, const char *s);
struct mv *mv_str(struct mq_arena *a, const char *s, size_t len);
/* A reference to j, or NULL for a NULL j (no value, not a failure). */
struct mv *mv_json(struct mq_arena *a, const json_t *j);

/*
 * o[key] = v, replacing any value key had; key must outlive the arena's
 * use (mv_set_copy copies it into the arena). -1 when v is NULL (nothing
 * set) or memory ran out; then o is as before.
 */
int mv_set(struct mq_arena *a, struct mv *o, const char *key,
    const struct mv *v);
int mv_set_copy(struct mq_arena *a, struct mv *o, const char *key,
    const struct mv *v);
/* mv_set of a key o does not have yet, hash = mv_hash(key, len). */
int mv_add(struct mq_arena *a, struct mv *o, const char *key, size_t len,
    uint32_t hash, const struct mv *v);
/* Append v to the list l; -1 when v is NULL or memory ran out. */
int mv_push(struct mq_arena *a, struct mv *l, const struct mv *v);
/* A new object with o's keys and values (shared). */
struct mv *mv_obj_copy(struct mq_arena *a, const struct mv *o);

/*
 * o[key], with hash = mv_hash(key, len); NULL when o has no such key.
 * Inline: the renderer asks it for every tag at every level of context.
 */
static inline const struct mv *
mv_getn(const struct mv *o, const char *key, size_t len, uint32_t hash)
{
	const struct mv_kv *kv;
	size_t i, s, mask;

	if (o == NULL || o->type != MV_OBJ ||
	    !(o->u.obj.bloom & (1ULL << (hash & 63))))
		return NULL;
	if (o->u.obj.index != NULL) {
		mask = o->u.obj.icap - 1;
		for (s = hash & mask; o->u.obj.index[s] != 0; s = (s + 1) & mask) {
			kv = &o->u.obj.kv[o->u.obj.index[s] - 1];
			if (kv->hash == hash && kv->len == len &&
			    memcmp(kv->key, key, len) == 0)
				return kv->v;
		}
		return NULL;
	}
	for (i = 0, kv = o->u.obj.kv; i < o->u.obj.n; i++, kv++)
		if (kv->hash == hash && kv->len == len &&
		    memcmp(kv->key, key, len) == 0)
			return kv->v;
	return NULL;
}

/* The length of a list (of a referenced array too), else 0. */
size_t mv_size(const struct mv *v);

/* v as a new jansson value (referenced ones shared), NULL when out of memory. */
json_t *mv_to_json(const struct mv *v);

#endif
