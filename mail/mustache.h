/*
 * mustache.h - render Mustache templates over jansson data.
 *
 * Supports what the official spec calls interpolation, sections, inverted
 * sections, comments, partials and set delimiters, with the spec's
 * standalone-line rules (no lambdas, no inheritance). Falsy values are
 * false, null, a missing name and the empty list; everything else,
 * including 0, "" and {}, is truthy. Integers render as integers, reals
 * in their shortest round-trip form (1.21 -> "1.21"), booleans as
 * "true"/"false", null as nothing; a list or object interpolated as a
 * variable renders as nothing. {{x}} escapes & < > " and '.
 */
#ifndef MQ_MUSTACHE_H
#define MQ_MUSTACHE_H

#include <jansson.h>

#include "err.h"

/*
 * Returns the partial's template text, or NULL if there is none (renders as
 * empty). The text must stay valid until mq_mustache_render returns; each
 * name is asked for at most once per indentation per render.
 */
typedef const char *(*mq_mustache_partial_fn)(void *ctx, const char *name);

/*
 * Render tmpl over data. *out is a malloc'd NUL-terminated string on success.
 * A malformed template (unclosed tag, mismatched section) -> MQ_REFUSED with
 * a sentence naming the line. Partials nested deeper than
 * MQ_MUSTACHE_MAX_PARTIAL_DEPTH, a string holding a NUL byte, or sections
 * nested deeper than MQ_MUSTACHE_MAX_DEPTH are also refused. partial may be
 * NULL (every partial is then empty). MQ_IO when memory runs out.
 */
int mq_mustache_render(const char *tmpl, const json_t *data,
    mq_mustache_partial_fn partial, void *ctx, char **out, struct mq_err *err);

#define MQ_MUSTACHE_MAX_PARTIAL_DEPTH	100
#define MQ_MUSTACHE_MAX_DEPTH		1000

#endif
