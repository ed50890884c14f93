/*
 * words.h - what every game's command parser does first: fold a line to
 * the form its alias tables hold (ASCII lower case; full-width ASCII as
 * ASCII; commas, tabs, the ideographic space, the no-break and other
 * spaces, 、 and 。 as spaces; no zero-width characters (U+200B, the
 * direction marks, a BOM); no '.', '!' or '?' last), then split
 * it into words. Pure, like the engines that use it.
 */
#ifndef MQ_WORDS_H
#define MQ_WORDS_H

#include <stddef.h>

#include "err.h"

/* in folded into out (n bytes, always terminated; a long line is cut). */
void mq_words_fold(const char *in, char *out, size_t n);
/* The same, the case of ASCII letters kept, byte for byte where the fold
 * puts them (case is one byte either way): the words at an offset in one
 * are at the same offset in the other, for a refusal that quotes a
 * player's words as written ("Klingon", not "klingon"). */
void mq_words_fold_case(const char *in, char *out, size_t n);
/* Split buf in place at spaces into at most max words; -1 when more. A
 * word longer than any name (64 bytes) is cut to 40 and "…": it can only
 * be refused, and the refusal quotes it. */
int mq_words_split(char *buf, char **tok, int max);
/*
 * The same, where a colon after a keyword (is_kw(ctx, word) says which
 * words are) ends that word, as people write in mail: "DANCER: bard",
 * "dancer:bard", "ダンサー：吟遊詩人" and "DANCER : bard" read as "dancer
 * bard". A colon anywhere else stays what it was (SLOT 12:30).
 */
int mq_words_split_kw(char *buf, char **tok, int max,
    int (*is_kw)(const void *ctx, const char *word), const void *ctx);
/*
 * A player's line, as every game's parser takes it: refused when it is
 * half of buf's n bytes or longer (folding can grow it), else folded into
 * buf and split as mq_words_split_kw does into at most max words, *ntok of
 * them; refused also when it has more, or none. A list's mark before a
 * keyword ("1.", "2)", "-", "*", "•", "・") is left out; a Japanese or Chinese
 * keyword run into what follows it is parted from it when the rest is a
 * Latin word or a name of the game (is_name; NULL: never). 0, or MQ_REFUSED with the
 * sentence: one place for these, as the translations
 * (templates/LANG/refusals.json) are keyed by them.
 */
int mq_words_line(const char *line, char *buf, size_t n, char **tok, int max,
    int (*is_kw)(const void *ctx, const char *word),
    int (*is_name)(const void *ctx, const char *word), const void *ctx,
    int *ntok, struct mq_err *err);
/*
 * The first word of line as mq_words_line's tok[0] is, but in the case the
 * player wrote it ("MOEV", not "moev"), for a refusal that quotes it: into
 * out (n bytes, at least MQ_WORDS_FIRST; "" when the line has none).
 */
#define MQ_WORDS_FIRST	128
void mq_words_first(const char *line, char *out, size_t n);
/*
 * mq_words_line, and the line folded the same but the case of its ASCII
 * letters kept into kept (n bytes too, NULL: none), its words at the same
 * offsets as buf's (a Japanese word parted by the same spaces): for
 * mq_words_requote.
 */
int mq_words_line_kept(const char *line, char *buf, char *kept, size_t n,
    char **tok, int max, int (*is_kw)(const void *ctx, const char *word),
    int (*is_name)(const void *ctx, const char *word), const void *ctx,
    int *ntok, struct mq_err *err);
/*
 * After a refusal of a line (split by mq_words_line_kept into buf and
 * kept, tok, ntok): each quoted run of its words in err's sentence
 * ("\"purpel\" is not a room") as the player wrote it ("Purpel"): only
 * the case of ASCII letters changes, so the sentence stays the format's
 * (the catalogs key on it).
 */
void mq_words_requote(const char *kept, const char *buf, char *const *tok,
    int ntok, struct mq_err *err);
/*
 * The Damerau-Levenshtein distance (optimal string alignment: a letter
 * changed, added or dropped, or two side by side swapped, each one edit)
 * of a and b, counted in characters (a Japanese or Chinese one mistyped
 * is one edit, not three bytes), ASCII letters compared in any case; up
 * to 64 characters of each, a longer word is far from any (returns 99).
 */
int mq_words_distance(const char *a, const char *b);
/*
 * 1 when word (as mq_words_line splits it, a ':' after it aside) is a
 * near miss of cmd, a command word: both ASCII letters alone, three or
 * more, not equal in any case, and at most one edit apart when the
 * shorter has 3 to 5 letters, two when longer ("moev", "playy", "plna";
 * not "hi", "please" for PLACE). A typo of a command is refused as one,
 * and the lines after it wait; prose is no command.
 */
int mq_words_near(const char *word, const char *cmd);
/*
 * 1 when line's first word is written in capitals ("MOEV cw", "PLAYY"):
 * how players write commands, and how few write prose. A near miss in
 * lower case counts as a command only when a word of the game follows it
 * ("mvoe cw"): "Love," or "More soon" read as prose, not as MOVE.
 */
int mq_words_capitals(const char *line);
/*
 * 1 when line reads as a sentence, as no command is written: its first
 * word has a comma after it ("Love, Alice", "Dancers, take the stage"),
 * or it ends with '!' or '?' (full-width too).
 */
int mq_words_sentence(const char *line);

#endif
