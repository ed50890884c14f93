/*
 * jbuild.h - how the games build their JSON views: put and push take v
 * (NULL when its own allocation failed) and mark *bad on any failure; done
 * hands o back only if nothing was marked (else frees it). So a builder
 * checks once, at its end, and a view is never returned with a part
 * missing.
 */
#ifndef MQ_JBUILD_H
#define MQ_JBUILD_H

#include <jansson.h>

static inline void
mq_jput(json_t *o, const char *key, json_t *v, int *bad)
{
	if (json_object_set_new_nocheck(o, key, v) != 0)
		*bad = 1;	/* v is released either way */
}

static inline void
mq_jpush(json_t *a, json_t *v, int *bad)
{
	if (json_array_append_new(a, v) != 0)
		*bad = 1;
}

static inline json_t *
mq_jdone(json_t *o, int bad)
{
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

#endif
