/*
 * deco_util.h - the small helpers the decorate files share (decorate.c and
 * its deco_rm_*.c parts, deco_ms.c, deco_game.c, render.c): JSON
 * reads that shrug at odd input, and the setters and padded strings of
 * the values decorate makes (mval.h), all in the arena a.
 *
 * Internal to mail/. A setter given no value (NULL) sets nothing, as
 * decorate always did for a value it could not make; running out of
 * memory shows in the arena's oom flag.
 */
#ifndef MQ_DECO_UTIL_H
#define MQ_DECO_UTIL_H

#include <string.h>

#include <jansson.h>

#include "mail/mval.h"
#include "mail/names.h"

static inline const char *
jstr(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static inline int
jeq(const char *a, const char *b)
{
	return a != NULL && b != NULL && strcmp(a, b) == 0;
}

/* o[key] = v (key a literal, or living as long as the values). */
static inline void
put(struct mq_arena *a, struct mv *o, const char *key, const struct mv *v)
{
	mv_set(a, o, key, v);
}

/* o[key] = s, not copied: a literal, or a string of the context or the
 * game data. A NULL s is no value. */
static inline void
put_ref(struct mq_arena *a, struct mv *o, const char *key, const char *s)
{
	if (s != NULL)
		mv_set(a, o, key, mv_str_ref(a, s));
}

static inline void
put_bool(struct mq_arena *a, struct mv *o, const char *key, int b)
{
	mv_set(a, o, key, mv_bool(b));
}

/*
 * o["<prefix><word>"] = true, for a word of [a-z0-9_] only, and a key in
 * want (names.h; NULL: any key).
 */
void put_flag(struct mq_arena *a, struct mv *o, const char *prefix,
    const char *word, const struct mq_names *want);

/*
 * A new object with those of the jansson object o's keys in want (NULL:
 * all), their values referenced; o must outlive it.
 */
struct mv *deco_copy(struct mq_arena *a, const json_t *o,
    const struct mq_names *want);

/*
 * The checkpoint's signature (ctx.checkpoint.sig, 88 characters of base64)
 * as a list of two halves, the text part's "sig_lines" (both games'
 * _footer_txt): on one line, indented under "sig", it was the text part's
 * one line past 78 columns (92). verify-receipt (checkpoint.c) and
 * tests/verify_export.py read it across its lines, as they read one a mail
 * client wrapped. NULL when the context has no signature.
 */
struct mv *deco_sig_lines(struct mq_arena *a, const json_t *ctx);

/* Columns a UTF-8 string takes in a terminal: East Asian wide and
 * full-width characters take two. */
int deco_width(const char *s);

/* s followed by spaces up to w columns (s itself when it is wider). */
struct mv *deco_pad(struct mq_arena *a, const char *s, int w);

/* Spaces up to w columns, then s: for right-aligned times. */
struct mv *deco_lpad(struct mq_arena *a, const char *s, int w);

/* s wrapped at width columns, continuation lines starting with indent;
 * the first line is taken to start at the indent's column too (the
 * template puts the indent before it), so that it fits the width as the
 * others do; for the engine's and the host's sentences in the text part. Lines break
 * at spaces and, in Chinese and Japanese, between two wide characters
 * (never before a closing mark such as 。 or 」, nor after an opening one);
 * never between a number and the wide word after it (a counter: "2 个");
 * a word wider than the line is never broken. A no-break space (U+00A0)
 * holds a command example whole ("PLAN 12:20 ccw"): the text part's wrap
 * (deco_wrap_text) makes it a plain space. */
struct mv *deco_wrap(struct mq_arena *a, const char *s, int width,
    const char *indent);

/* deco_wrap keeping the words of Japanese and Chinese whole, as
 * deco_wrap_words does a text part (a break at a space or after a mark
 * when the piece up to the next one fits a line; after a particle inside
 * that piece when the mark is far from the line's end, so that the line
 * is filled). */
struct mv *deco_wrap_sentence(struct mq_arena *a, const char *s, int width,
    const char *indent);

/* A list of words ("violet, Violet, 菫の間, ...") wrapped at width columns,
 * its first line starting at column first (after the template's label),
 * the others with indent; lines break at spaces and after 、 only, so
 * that no word (紫罗兰色房间 is one) is ever cut in two. A no-break space
 * (U+00A0) holds two words together ("Fond Memories") and reads as a
 * space in the result. */
struct mv *deco_wrap_list(struct mq_arena *a, const char *s, int width,
    int first, const char *indent);

/*
 * The text part's lines wider than width wrapped in place (as deco_wrap
 * does, the lines after the first indented four more than it), for text
 * put together from template pieces, whose lines the templates cannot
 * wrap; a line holding a token of 40 columns or more (a hash, a signature:
 * a wrap would only part it from its label) and the receipt's JSON (a line
 * that starts with "{" or '"') are left whole. A wrapped line's runs of
 * spaces become one. A no-break space (U+00A0) holds two words together
 * (a template's "SET LANG") and reads as a space in the result, but in
 * the receipt's JSON. -1 when out of memory (*text is then unchanged).
 */
int deco_wrap_text(char **text, int width);

/*
 * deco_wrap_text, the words of Japanese and Chinese kept whole: a line
 * breaks at a space or after a mark (、。：）」) when the piece up to the
 * next one fits a line (but for a mark far from the line's end: the line
 * is then filled up to a particle in the piece, deco_util.c's
 * fill_point), between two wide characters only in a piece too
 * long for any (deco_wrap_text breaks between any two, and cut 「小夜曲」
 * and 紫罗兰色房间 in two); a line breaks after such a mark before a
 * Latin word too (a list of names: "あなた、alice、bob"), but never at the
 * space between a Latin word of a name's length and the wide word after
 * it ("TARGET の後に", "alice が": its particle); and a line of a
 * long token whose label is wider than 28 columns (a long name before a
 * hash) is wrapped, the token on a line of its own. Every mail's text part
 * is wrapped so (render.c): The Red Death's, wrapped by hand in the
 * templates but with names that run long, and The Masquerade's, put
 * together from pieces (a player's name, a card, what it does). An
 * English paragraph does not end on one short word alone (at most 20
 * columns): the word before it goes down with it when both fit.
 */
int deco_wrap_words(char **text, int width);

/*
 * A text written one line a paragraph (the host's mails): each line wider
 * than width wrapped at its own indent, Japanese and Chinese words kept
 * whole as deco_wrap_sentence keeps them; an indented line with a gap of
 * two spaces (a table's row: a command, then what it does) keeps its head
 * whole, the words after the gap wrapped under their column when that
 * leaves them 20 columns, else on the lines below it, 6 columns deeper.
 * A no-break space (U+00A0) holds two words together (a command the host
 * copies) and reads as a space in the result: a line of one such unit
 * wider than width stays whole, never cut. -1 when out of memory (*text
 * is then unchanged).
 */
int deco_wrap_paragraphs(char **text, int width);

/*
 * The text part's section headings ("-- YOUR RECEIPT (entry 42) -----"), a
 * line of "-- ", words, a space and three dashes or more, each ruled to
 * end at column cols whatever its words' width (a number, a name, a clock,
 * Japanese): the templates write the dashes for their own words only. A
 * heading too long keeps three dashes. -1 when out of memory (*text is
 * then unchanged).
 */
int deco_rule_headings(char **text, int cols);

/*
 * The HTML part's "2 个", "3 步", "12:00 時計回り": the space between a
 * number and the wide word after it made a no-break space (text outside
 * tags only), so that a browser never leaves the number alone at a line's
 * end, as the text part's wrap never does (the parser reads a no-break
 * space as a space: a command copied from there still reads). -1 when
 * out of memory (*html is then unchanged).
 */
int deco_html_bind_numbers(char **html);

#endif
