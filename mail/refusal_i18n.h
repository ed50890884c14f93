/*
 * refusal_i18n.h - the one-sentence reason of a refusal, in the reader's
 * language.
 *
 * The engine and the daemon refuse in English, with one printf format each
 * (mq_fail(err, MQ_REFUSED, "You have played %s already ...", ...)), and the
 * engine stays free of languages. The mail layer translates at the edge,
 * when a mail carries such a sentence (a receipt's refused lines, the
 * one-sentence reply to a stranger): templates/LANG/refusals.json maps each
 * English format, exactly as in the source, to its translation. A sentence
 * is matched against the formats (their literal parts; %s is any text, %d
 * and %i an optionally signed number, %u, %zu, %llu ... digits; %% a %),
 * the most specific match wins (the most literal bytes), its arguments are
 * taken out and put into the translation, which may reorder them with
 * positional conversions (%2$s, %1$d), or use one twice. No match, or no
 * catalog for the language: the English sentence, unchanged.
 *
 * A command example in a sentence ("name them: PLAN 12:20 ccw", "（例：
 * PLAY 冗談）") is held whole by no-break spaces (U+00A0) between its
 * words, so that the text part's wrap never parts a command from its
 * words (mail/deco_util.h): the text part reads them as plain spaces, the
 * HTML part keeps them, and a command copied with one is read as with a
 * space (engine/words.c). The translations write them so; English has a
 * catalog of its own for it, templates/en/refusals.json, whose sentences
 * are their formats with those spaces, word for word (a sentence with no
 * example is not in it).
 *
 * A catalog value is the translation, or an object
 *	{"text": TRANSLATION, "args": {"N": {"english": "translated", ...}}}
 * for a format whose %s argument N (1-based) is one of a few English words
 * of the engine's own ("once", "none"): an argument equal to a key is
 * replaced by its value, any other is kept as it is (a card, a name, a
 * player's word). "N": "sentence" instead says argument N is itself a
 * refusal sentence (a reason inside a reason), translated the same way.
 * "N": "names" says argument N is a game's word (a card, a room, a Spell:
 * the engine's id or English name), or a list of them as the engines join
 * them ("discuss, dance, jest"; a last "and" or "or" too): each item the
 * caller's names (below) know is put in the reader's language, a list
 * joined with "、", or with the value's "separator" when the translation
 * wants another; an item they do not know stays as it is (a player's own
 * word), and a list of none they know stays whole. ["names", {"none":
 * "なし"}] is both: a whole argument equal to a key is that word, else the
 * names. "N": "list" says argument N is a list of words the engines
 * joined that are no game's ("alice, bob, carol": the players): its items
 * are joined as a list of names is, each as it is. refusal_i18n knows no
 * game: the names are the caller's.
 *
 * Each language's catalog is read once per mq_refusals, when a sentence in
 * that language is first asked for, and checked whole: valid JSON, no key
 * twice, every translation with the same arguments (count and conversion)
 * as its format (mq_refusals_check). A catalog that fails is refused whole:
 * that sentence stays English, and the catalog is tried again for the next
 * one (the failure may have been passing: memory).
 *
 * Not thread-safe: one mq_refusals per thread (like the renderer).
 */
#ifndef MQ_REFUSAL_I18N_H
#define MQ_REFUSAL_I18N_H

#include "buf.h"
#include "err.h"

#define MQ_REFUSALS_MAX_ARGS	24	/* conversions in one format */

struct mq_refusals;

/*
 * The names of one game's words, in the reader's language, for "names"
 * arguments: name gives word (len bytes, not NUL-ended) by its name in
 * that language, or NULL when it does not know it. What it gives must last
 * the call of mq_refusals_translate_names.
 */
struct mq_refusal_names {
	const char *(*name)(void *ctx, const char *word, size_t len);
	void *ctx;
};

/* The catalogs of templates folder tmpl_dir (TMPL_DIR/LANG/refusals.json),
 * none read yet. NULL when memory runs out. */
struct mq_refusals *mq_refusals_new(const char *tmpl_dir);
/* The same with catalogs of another name (TMPL_DIR/LANG/FILE): host.json,
 * the mails to the host (daemon/host_text.h). */
struct mq_refusals *mq_refusals_new_catalog(const char *tmpl_dir,
    const char *file);
void mq_refusals_free(struct mq_refusals *r);

/*
 * Append sentence, in lang, to out: its translation, or the sentence itself
 * (r NULL, lang NULL, "" or "en", no catalog, no format matches). 0 on
 * success. MQ_IO when memory runs out (out may hold part of it). MQ_BADDATA
 * when lang's catalog cannot be read or is wrong, with err naming the file
 * and the entry, the English sentence appended all the same: said once,
 * by the first call that met it; later calls that meet it again give
 * English with 0.
 */
int mq_refusals_translate(struct mq_refusals *r, const char *lang,
    const char *sentence, struct mq_buf *out, struct mq_err *err);

/* The same, with a game's names for the "names" arguments (names NULL:
 * they stay as they are, as mq_refusals_translate leaves them). */
int mq_refusals_translate_names(struct mq_refusals *r, const char *lang,
    const char *sentence, const struct mq_refusal_names *names,
    struct mq_buf *out, struct mq_err *err);

/* Load lang's catalog now, if it was not (tests, a host checking a
 * catalog): 0, or the error the first translation would report. */
int mq_refusals_load(struct mq_refusals *r, const char *lang,
    struct mq_err *err);

/* How many formats lang's catalog holds (0 before it is loaded, or when
 * it is missing or refused). */
size_t mq_refusals_count(const struct mq_refusals *r, const char *lang);

/*
 * Whether translation may stand for format english: english uses only the
 * conversions above, not positional ones, at most MQ_REFUSALS_MAX_ARGS, and
 * has some literal text; translation uses each of its arguments, with the
 * same conversion (%zu for %zu), either all by position (%2$s) or all in
 * order, and no other. args, when not NULL, is the value's "args" as JSON
 * text: its keys arguments of english that are %s, each a map of words,
 * "sentence", "names", "list", or ["names", a map of words]. 0, or MQ_BADDATA with
 * a sentence in err (MQ_IO when memory runs out).
 */
int mq_refusals_check(const char *english, const char *translation,
    const char *args, struct mq_err *err);

#endif
