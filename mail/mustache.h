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
 * MQ_MUSTACHE_MAX_PARTIAL_DEPTH, a string holding a NUL byte, sections
 * nested deeper than MQ_MUSTACHE_MAX_DEPTH, a set delimiter longer than
 * MQ_MUSTACHE_MAX_DELIM bytes, or a render past MQ_MUSTACHE_MAX_OUTPUT
 * bytes or MQ_MUSTACHE_MAX_STEPS tokens are also refused. partial may be
 * NULL (every partial is then empty). MQ_IO when memory runs out.
 */
int mq_mustache_render(const char *tmpl, const json_t *data,
    mq_mustache_partial_fn partial, void *ctx, char **out, struct mq_err *err);

/*
 * Templates and partials parsed once, for a caller that renders the same
 * ones many times (every mail of a kind).
 */
struct mq_mustache;			/* a parsed template */
struct mq_mustache_partials;		/* partials, each parsed once */

/*
 * A partial's source: 0 with *text the template text (NULL or "": there is
 * no such partial, it renders empty), or a failure status with err set,
 * which fails the render. The text is copied before this returns to the
 * renderer.
 */
typedef int (*mq_mustache_source_fn)(void *ctx, const char *name,
    const char **text, struct mq_err *err);

/* Parse tmpl (copied) into *out; errors as for mq_mustache_render. */
int mq_mustache_parse(const char *tmpl, struct mq_mustache **out,
    struct mq_err *err);
void mq_mustache_free(struct mq_mustache *m);

/*
 * A set of partials, asked of source once per name and indentation for
 * as long as it lives; a failed attempt is not kept, so the next render
 * asks again. It also keeps its renders' scratch space (what the root of
 * the data answered to each tag), so it serves one render at a time.
 * NULL when memory runs out.
 */
struct mq_mustache_partials *mq_mustache_partials_new(
    mq_mustache_source_fn source, void *ctx);
void mq_mustache_partials_free(struct mq_mustache_partials *p);

/*
 * Render the parsed template m (with partials from the set, or none) over
 * decorate's values (mail/mval.h), which render as their jansson
 * equivalents would: integers, strings, true and false print, null, lists
 * and objects do not; null, false and the empty list are falsy. Room for
 * hint bytes of output is made at once (say, the last output's size: the
 * output then does not grow piecewise); *len (len may be NULL) is the
 * output's length. Otherwise as mq_mustache_render.
 */
struct mv;
int mq_mustache_render_mv(const struct mq_mustache *m, const struct mv *data,
    struct mq_mustache_partials *partials, size_t hint, char **out,
    size_t *len, struct mq_err *err);

/*
 * Every key a tag of m can look up (each key of a dotted name on its own)
 * as fn(ctx, 0, key, len), and every partial m names as fn(ctx, 1, name,
 * len); a value that no such key names can never show in m's output.
 * Stops at the first nonzero return of fn, and returns it.
 */
typedef int (*mq_mustache_name_fn)(void *ctx, int partial, const char *name,
    size_t len);
int mq_mustache_names(const struct mq_mustache *m, mq_mustache_name_fn fn,
    void *ctx);

#define MQ_MUSTACHE_MAX_PARTIAL_DEPTH	100
#define MQ_MUSTACHE_MAX_DEPTH		1000
#define MQ_MUSTACHE_MAX_DELIM		16	/* bytes in a set delimiter */
/*
 * A render that outputs more (real mails are under 50 KB) or renders more
 * tokens (sections and partials, empty ones too) fails: partials that
 * each include the next twice grow exponentially.
 */
#define MQ_MUSTACHE_MAX_OUTPUT		(4u << 20)
#define MQ_MUSTACHE_MAX_STEPS		16000000u

#endif
