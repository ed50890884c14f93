/* jdata.c - the games' shared readers of their data files (jdata.h). */
#include <string.h>

#include "engine/jdata.h"

int
mq_jdata_int(const json_t *obj, const char *path, const char *key, int lo,
    int hi, int *out, struct mq_err *err)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_integer(v))
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at %s.%s: "
		    "it must be a whole number.", path, key);
	if (json_integer_value(v) < lo || json_integer_value(v) > hi)
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at %s.%s: "
		    "it must be from %d to %d.", path, key, lo, hi);
	*out = (int)json_integer_value(v);
	return 0;
}

int
mq_jdata_str(const json_t *obj, const char *path, const char *key, char *dst,
    size_t n, struct mq_err *err)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_string(v) || json_string_length(v) == 0 ||
	    json_string_length(v) >= n ||
	    strlen(json_string_value(v)) != json_string_length(v))
		return mq_fail(err, MQ_REFUSED, "The game data is wrong at %s.%s: "
		    "it must be a text of 1 to %zu bytes.", path, key, n - 1);
	memcpy(dst, json_string_value(v), json_string_length(v) + 1);
	return 0;
}
