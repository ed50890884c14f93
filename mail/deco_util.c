/* deco_util.c - decorate's shared helpers; see deco_util.h. */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "mail/deco_util.h"
#include "mail/reply_text.h"

void
put_flag(struct mq_arena *a, struct mv *o, const char *prefix,
    const char *word, const struct mq_names *want)
{
	char key[64];
	size_t i, np, nw;

	if (word == NULL || *word == '\0')
		return;
	np = strlen(prefix);
	nw = strlen(word);
	if (np + nw >= sizeof(key))
		return;
	for (i = 0; word[i]; i++)
		if (!((word[i] >= 'a' && word[i] <= 'z') ||
		    (word[i] >= '0' && word[i] <= '9') || word[i] == '_'))
			return;
	memcpy(key, prefix, np);
	memcpy(key + np, word, nw + 1);
	if (mq_names_hasn(want, key, np + nw))
		mv_set_copy(a, o, key, mv_bool(1));
}

struct mv *
deco_sig_lines(struct mq_arena *a, const json_t *ctx)
{
	const char *sig = jstr(json_object_get(ctx, "checkpoint"), "sig");
	struct mv *l;
	size_t n, half;

	if (sig == NULL || (l = mv_list(a)) == NULL)
		return NULL;
	n = strlen(sig);
	half = (n + 1) / 2;
	mv_push(a, l, mv_str(a, sig, half));
	if (n > half)
		mv_push(a, l, mv_str(a, sig + half, n - half));
	return l;
}

struct mv *
deco_copy(struct mq_arena *a, const json_t *o, const struct mq_names *want)
{
	struct mv *c = mv_obj(a);
	const char *k;
	json_t *v;

	if (c == NULL)
		return NULL;
	/* a jansson object's keys are distinct: each is added, not set */
	json_object_foreach((json_t *)o, k, v) {
		size_t len = json_object_iter_key_len(json_object_key_to_iter(k));
		uint32_t h = mv_hash(k, len);

		if (mq_names_hash_has(want, k, len, h))
			mv_add(a, c, k, len, h, mv_json(a, v));
	}
	return c;
}

/* The code point at p (a bad sequence is read as far as it goes); its
 * length in bytes. */
static inline int
utf8_next(const unsigned char *p, unsigned *cp)
{
	int n, i;

	if (*p < 0x80) {
		*cp = *p;
		return 1;
	} else if ((*p & 0xE0) == 0xC0) {
		*cp = *p & 0x1F;
		n = 2;
	} else if ((*p & 0xF0) == 0xE0) {
		*cp = *p & 0x0F;
		n = 3;
	} else {
		*cp = *p & 0x07;
		n = 4;
	}
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return i;
		*cp = *cp << 6 | (p[i] & 0x3F);
	}
	return n;
}

/* Two columns wide in a terminal: CJK, kana, Hangul, full-width forms. */
static int
is_wide(unsigned cp)
{
	if (cp < 0x1100)	/* Latin, Greek, Cyrillic, marks: the common case */
		return 0;
	return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) ||
	    (cp >= 0x3041 && cp <= 0x33FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
	    (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
	    (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
	    (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
	    (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD);
}

int
deco_width(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned cp;
	int w = 0;

	while (*p) {
		if (*p < 0x80) {
			/* ASCII: one column each, the common case */
			w++;
			p++;
			continue;
		}
		p += utf8_next(p, &cp);
		w += is_wide(cp) ? 2 : 1;
	}
	return w;
}

/* The padded string, made in place in the arena. */
static struct mv *
pad(struct mq_arena *a, const char *s, int w, int left)
{
	size_t len = strlen(s), spaces = 0, n;
	int cols = deco_width(s);
	struct mv *v;
	char *t;

	if (cols < w)
		spaces = (size_t)(w - cols);
	n = len + spaces;
	if ((t = mq_arena_alloc(a, n + 1)) == NULL ||
	    (v = mv_str_ref(a, "")) == NULL)
		return NULL;
	if (left) {
		memset(t, ' ', spaces);
		memcpy(t + spaces, s, len);
	} else {
		memcpy(t, s, len);
		memset(t + len, ' ', spaces);
	}
	t[n] = '\0';
	v->u.str.s = t;
	v->u.str.len = n;
	return v;
}

struct mv *
deco_pad(struct mq_arena *a, const char *s, int w)
{
	return pad(a, s, w, 0);
}

struct mv *
deco_lpad(struct mq_arena *a, const char *s, int w)
{
	return pad(a, s, w, 1);
}

/* Whether cp is one of the characters of the UTF-8 string set. */
static int
one_of(const char *set, unsigned cp)
{
	const unsigned char *p = (const unsigned char *)set;
	unsigned m;

	while (*p) {
		p += utf8_next(p, &m);
		if (m == cp)
			return 1;
	}
	return 0;
}

/*
 * Line breaking (a short form of Unicode's UAX #14 and of Japanese
 * kinsoku): a line may break at a space, and between two wide characters
 * of Chinese or Japanese text, which has no spaces; but never before a
 * closing mark or a small kana (、。」）ー っ), nor after an opening mark
 * (「（).
 */
static int
no_line_start(unsigned cp)
{
	if (cp < 0x80)
		return cp != 0 && strchr(",.;:!?)]}%", (int)cp) != NULL;
	if (cp == 0x2019 || cp == 0x201D)	/* ’ ” (Chinese quotes) */
		return 1;
	if (cp < 0x3001)	/* the marks below are all CJK: not Latin text's */
		return 0;
	/* JIS X 4051's closing brackets, full stops and commas, middle dots,
	 * iteration marks, the prolonged sound mark, small kana; Chinese
	 * text's closing marks (GB/T 15834) are among them */
	return one_of("、。，．・：；？！）」』】〕〉》〗〙｝］｠〟〜ー々〻"
	    "ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
	    "ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ％", cp);
}

static int
no_line_end(unsigned cp)
{
	return cp == '(' || cp == '[' || cp == '{' || cp == 0xFF08 ||
	    cp == 0x300C || cp == 0x300E || cp == 0x3010 || cp == 0x3014 ||
	    cp == 0x3008 || cp == 0x300A || cp == 0x3016 || cp == 0x3018 ||
	    cp == 0xFF3B || cp == 0xFF5B || cp == 0x2018 || cp == 0x201C ||
	    cp == 0xFF5F || cp == 0x301D;
}

/* A closing bracket ending a word that a particle or an ending goes on:
 * 「ホスト（host@x.test）を待っています」, 「STATUS」と, （…）的决定. The
 * break is before the bracketed word, or after the particle. */
static int
is_closing_bracket(unsigned cp)
{
	return cp >= 0x3001 && one_of("）」』】〕〉》〗〙｝］", cp);
}

static int
is_particle(unsigned cp)
{
	return (cp >= 0x3041 && cp <= 0x3096) || cp == 0x7684 ||	/* 的 */
	    cp == 0x4E86 || cp == 0x5417 || cp == 0x5462 || cp == 0x5427;
}

struct wrap {
	struct mq_buf out;	/* the lines so far */
	struct mq_buf grp;	/* text that may not be broken, pending */
	int col;		/* the columns of out's last line */
	int empty;		/* that line holds no text yet */
	int grp_w;		/* grp's columns */
	int grp_space;		/* grp follows a space */
	int force;		/* grp starts a new line */
	int width;
	const char *indent;
	/* for wrap_runt: out's offsets of the current line's '\n' (0: the
	 * first line) and of the last space between groups on it and on the
	 * line before (0: none); the columns before that space, and where the
	 * line before ended */
	size_t line_at, brk_at, prev_brk_at;
	int brk_col, prev_brk_col, prev_end;
};

/* grp onto the line, or onto a new one when it does not fit. */
static void
wrap_flush(struct wrap *w)
{
	if (w->grp.len == 0)
		return;
	if (!w->empty && (w->force ||
	    w->col + w->grp_space + w->grp_w > w->width)) {
		w->prev_brk_at = w->brk_at;
		w->prev_brk_col = w->brk_col;
		w->prev_end = w->col;
		w->line_at = w->out.len;
		w->brk_at = 0;
		mq_buf_putc(&w->out, '\n');
		mq_buf_puts(&w->out, w->indent);
		w->col = deco_width(w->indent);
	} else if (!w->empty && w->grp_space) {
		w->brk_at = w->out.len;
		w->brk_col = w->col;
		mq_buf_putc(&w->out, ' ');
		w->col++;
	}
	mq_buf_add(&w->out, w->grp.data, w->grp.len);
	w->col += w->grp_w;
	w->empty = 0;
	mq_buf_reset(&w->grp);
	w->grp_w = 0;
	w->force = 0;
}

/* The longest word left alone on a paragraph's last line that wrap_runt
 * joins with one more: a player's name; not a hash set on its own line. */
#define RUNT_MAX	20

/*
 * An English paragraph's last line holding one short word ("counted).",
 * "12:10.") takes the last word of the line before with it, when both fit:
 * the eye reads a lone word as the start of something else. In place: the
 * space before that word and the line break after it trade places.
 * Japanese and Chinese text is left as wrapped (a line end there is no
 * word's end).
 */
static void
wrap_runt(struct wrap *w)
{
	size_t sp = w->prev_brk_at, nl = w->line_at, k = strlen(w->indent);
	int iw = deco_width(w->indent), moved;
	char *d = w->out.data;

	if (nl == 0 || w->brk_at != 0 || sp == 0 || w->out.oom ||
	    w->col - iw > RUNT_MAX)
		return;
	moved = w->prev_end - w->prev_brk_col - 1;
	if (w->col + 1 + moved > w->width)
		return;
	memmove(d + sp + 1 + k, d + sp + 1, nl - sp - 1);
	d[sp] = '\n';
	memcpy(d + sp + 1, w->indent, k);
	d[nl + k] = ' ';
}

/* Marks after which Japanese and Chinese text reads on well on the next
 * line: a comma, a full stop, a colon, a closing bracket. */
static int
is_closing_mark(unsigned cp)
{
	/* asked of every character a sentence wraps: Latin text's are
	 * answered without a look at the (CJK) marks */
	if (cp < 0x3001)
		return 0;
	return one_of("、。，．：；？！）」』】〕〉》", cp);
}

static int
is_latin_letter(unsigned cp)
{
	return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
	    cp == '_' || cp == '-';
}

/* The narrow characters from p up to a space, a wide one or the end. */
static int
latin_run(const unsigned char *p)
{
	unsigned cp;
	int k = 0;

	while (*p != '\0' && *p != ' ' && *p != '\n') {
		p += utf8_next(p, &cp);
		if (is_wide(cp))
			break;
		k++;
	}
	return k;
}

/* Where a line may break, for wrap_text: none, between two characters of
 * a word (two wide characters), or between words (a space, a mark). */
enum { BRK_NONE, BRK_CHAR, BRK_WORD };

struct brk {
	const unsigned char *p;
	unsigned last;		/* the code point before p, 0 after a space */
	int last_wide;
	int cjk;
	int words;		/* wrap_text's words */
	int arrow;		/* the characters before p end "->" */
	int latin;		/* the narrow characters before p since a
				 * space or a wide one */
	int room;		/* the columns of a line after its indent */
};

/* The longest Latin word (a command word, a player's name) kept on the
 * line of the Japanese or Chinese word before it. */
#define LATIN_WORD_MAX	20

/* Whether a Latin word of run characters (a command word, a name, an
 * address) is kept on the line of the Japanese or Chinese word after it
 * (its particle): when it fits a line with that word's character and the
 * space between; else, a path too long for any line, it is broken from
 * it, as it must be. */
static int
latin_kept(const struct brk *b, int run)
{
	return run + 3 <= b->room;
}

/* The next character of b, its bytes (*n), width (*cols) and the break
 * before it (a space before it in *space); 0 at the end. */
static int
brk_next(struct brk *b, int *n, int *cols, int *space, int *kind)
{
	unsigned cp, before = b->last;
	int wide, run = b->latin;

	*space = 0;
	while (*b->p == ' ' || *b->p == '\n') {
		*space = 1;
		b->last = 0;
		b->latin = 0;
		b->p++;
	}
	if (*b->p == '\0')
		return 0;
	*n = utf8_next(b->p, &cp);
	wide = is_wide(cp);
	/* a break here: at a space; between two wide characters where no
	 * mark forbids it (not between one and a Latin word, so that a break
	 * with no space is always one between wide characters: a reader, or
	 * a test, joins those lines back without a space, and the others
	 * with one) */
	*kind = BRK_NONE;
	if (*space)
		*kind = BRK_WORD;
	else if (b->cjk && b->last != 0 && wide && b->last_wide &&
	    !no_line_start(cp) && !no_line_end(b->last) &&
	    !(is_closing_bracket(b->last) && is_particle(cp)))
		*kind = is_closing_mark(b->last) || no_line_end(cp) ?
		    BRK_WORD : BRK_CHAR;
	else if (!b->cjk && b->last == 0x3001)	/* a list: after 、 */
		*kind = BRK_WORD;
	else if (b->words && ((is_closing_mark(b->last) && !no_line_start(cp) &&
	    !(is_closing_bracket(b->last) && is_particle(cp))) ||
	    (b->last != 0 && wide && no_line_end(cp) && !no_line_end(b->last) &&
	    !is_latin_letter(b->last))))
		/* a name after a mark ("あなた、alice、bob"), a bracket after a
		 * number ("1（…）"): the mark is wide, the lines join back
		 * without a space; not a name's bracket ("dave（12:30）": the
		 * time it died is read with it) */
		*kind = BRK_WORD;
	/* a number and the wide word after it ("2 个", "2 步", "12:50 の"):
	 * a counter, a particle, never the start of a line (the number
	 * alone at a line's end read as a count of the line before) */
	if (*space && wide && before >= '0' && before <= '9')
		*kind = BRK_NONE;
	/* a Latin word and the wide word after it ("TARGET の後に", "SLOT
	 * 和", "alice が"): its particle, read with it, never the start of
	 * a line; the line breaks before the Latin word instead (after the
	 * 。 before it), or between the wide characters after. An address
	 * too ("host@x.test の判断"), when it and its particle fit a line;
	 * a path longer than that is broken from it, as it must be */
	if (*space && wide && b->cjk && is_latin_letter(before) &&
	    before != '-' && latin_kept(b, run))
		*kind = BRK_NONE;
	/* and the wide word before one ("在 TARGET 后", "真夜中の PLAN"):
	 * never alone at a line's end, the Latin word starting the next;
	 * unless a mark ends it ("。 TARGET" breaks after the 。). A short
	 * word only: before an address the line breaks ("ホスト" /
	 * "host@x.test の") */
	if (*space && !wide && b->cjk && b->last_wide && before != 0 &&
	    !is_closing_mark(before) && is_latin_letter(cp) && cp != '-' &&
	    latin_run(b->p) <= LATIN_WORD_MAX)
		*kind = BRK_NONE;
	b->latin = wide ? 0 : b->latin + 1;
	/* "18 -> 21", "Purple -> Green": a change is read whole, the
	 * spaces around its arrow no break (wrap_text keeps them) */
	if (b->words && *space && (b->arrow ||
	    (cp == '-' && b->p[1] == '>')))
		*kind = BRK_NONE;
	b->arrow = cp == '>' && b->last == '-';
	*cols = wide ? 2 : 1;
	b->last = cp;
	b->last_wide = wide;
	b->p += *n;
	return 1;
}

/* The columns from b to the next break between words. */
static int
word_width(struct brk b, int cols)
{
	int n, c, space, kind;

	while (brk_next(&b, &n, &c, &space, &kind) && kind != BRK_WORD)
		cols += c + (space && kind == BRK_NONE);
	return cols;
}

/* Where, between two wide characters, a word of Japanese or Chinese
 * most likely ends and the next begins: after a particle (は が を に の
 * で と も へ や か) before a kanji or katakana ("人に|任されました",
 * "プレイヤーの|名前"); after 的 before a hanzi ("已打出的|牌"). Not after
 * other kana, which may be a word's own (捨て札, 引き継ぐ), and a
 * katakana or kanji word is never cut there: ダンス, 赤死病. */
static int
is_word_end(unsigned before, unsigned cp)
{
	if (!((cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
	    (cp >= 0x30A1 && cp <= 0x30FA)))
		return 0;
	return before == 0x7684 || (before >= 0x3041 && before <= 0x3096 &&
	    one_of("はがをにのでともへやか", before));
}

/* The fewest columns a line gains by breaking a piece at a word's end
 * (is_word_end) rather than at the mark or space before the piece:
 * nearer than that, the mark is the better end. */
#define FILL_NEAR	12

/*
 * For wrap_text: the piece that starts at b (its first character, cols
 * wide, already read) does not fit the room left on the line, and would
 * go whole onto the next one, leaving this line short ("ホストの判断で、"
 * alone): where in the piece to break instead, the start of the character
 * after the last word's end that fits the room; NULL when none fits, or
 * the line would gain fewer than FILL_NEAR columns by it.
 */
static const unsigned char *
fill_point(struct brk b, int cols, int room)
{
	const unsigned char *at = NULL;
	unsigned before;
	int n, c, space, kind, used = cols, gain = 0;

	while (used <= room) {
		before = b.last;
		if (!brk_next(&b, &n, &c, &space, &kind) || kind == BRK_WORD)
			break;
		if (kind == BRK_CHAR && is_word_end(before, b.last)) {
			at = b.p - n;
			gain = used;
		}
		used += c + (space && kind == BRK_NONE);
	}
	return gain >= FILL_NEAR ? at : NULL;
}

/*
 * s wrapped; the first line starts at column first; cjk: breaks between
 * wide characters too (else only at spaces); words: between two wide
 * characters only in a run too long for a line, else at a space or after
 * a mark (so that 「赤死病」 or ダンス is cut only when nothing else fits).
 * A piece (up to the next mark or space) that does not fit the rest of a
 * line goes onto the next one whole when the line is near its end;
 * else the line is filled up to the last word's end in the piece that
 * fits (fill_point), the mark kept only when it is within FILL_NEAR
 * columns of that point: "ホストの判断で、ゲーム alice であなたが打って
 * いた席は別の人に" / "任されました。", not "ホストの判断で、" alone.
 */
static struct mv *
wrap_text(struct mq_arena *a, const char *s, int width, int first,
    const char *indent, int cjk, int words)
{
	struct wrap w = { MQ_BUF_INIT, MQ_BUF_INIT, first, 1, 0, 0, 0, width,
	    indent, 0, 0, 0, 0, 0, 0 };
	int n, cols, space, kind, ww, iw = deco_width(indent), wide = 0;
	struct brk b = { (const unsigned char *)s, 0, 0, cjk, words, 0, 0,
	    width - iw };
	const unsigned char *cut = NULL;
	struct mv *v;

	while (brk_next(&b, &n, &cols, &space, &kind)) {
		wide |= cols > 1;
		if (kind != BRK_NONE) {
			wrap_flush(&w);
			w.grp_space = space;
			if (b.p - n == cut) {	/* the word's end that fills */
				w.force = 1;
				cut = NULL;
			} else if (words && kind == BRK_WORD) {
				/* a word that fits a whole line: on a new line
				 * when it fits there and not here, unless the
				 * line is filled by breaking it (fill_point) */
				ww = word_width(b, cols);
				w.force = !w.empty && w.col + space + ww > width &&
				    iw + ww <= width;
				if (w.force && (cut = fill_point(b, cols,
				    width - w.col - space)) != NULL)
					w.force = 0;
			}
		}
		if (space && kind == BRK_NONE) {	/* a space kept */
			mq_buf_putc(&w.grp, ' ');
			w.grp_w++;
		}
		mq_buf_add(&w.grp, (const char *)b.p - n, (size_t)n);
		w.grp_w += cols;
	}
	wrap_flush(&w);
	if (words && !wide)
		wrap_runt(&w);
	if (w.out.oom || w.grp.oom) {
		mq_arena_fail(a);
		v = NULL;
	} else
		v = mv_str(a, mq_buf_str(&w.out), w.out.len);
	mq_buf_free(&w.out);
	mq_buf_free(&w.grp);
	return v;
}

struct mv *
deco_wrap(struct mq_arena *a, const char *s, int width, const char *indent)
{
	/* the first line starts at the indent's column too: the template
	 * puts the indent before it */
	return wrap_text(a, s, width, deco_width(indent), indent, 1, 0);
}

struct mv *
deco_wrap_sentence(struct mq_arena *a, const char *s, int width,
    const char *indent)
{
	return wrap_text(a, s, width, deco_width(indent), indent, 1, 1);
}

/* The len bytes at p into t (p itself will do: it only shortens), each
 * no-break space that held words together for the wrap as a space; the
 * bytes written. */
static size_t
unbind(char *t, const char *p, size_t len)
{
	size_t i, n;

	for (i = n = 0; i < len; i++) {
		if (i + 1 < len && (unsigned char)p[i] == 0xc2 &&
		    (unsigned char)p[i + 1] == 0xa0) {
			t[n++] = ' ';
			i++;
		} else
			t[n++] = p[i];
	}
	return n;
}

struct mv *
deco_wrap_list(struct mq_arena *a, const char *s, int width, int first,
    const char *indent)
{
	struct mv *v = wrap_text(a, s, width, first, indent, 0, 0);
	char *t;

	if (v == NULL || strstr(s, "\xc2\xa0") == NULL)
		return v;
	/* the no-break spaces that held a name together, as spaces */
	if ((t = mq_arena_alloc(a, v->u.str.len + 1)) == NULL)
		return NULL;
	return mv_str(a, t, unbind(t, v->u.str.s, v->u.str.len));
}

/* The longest run of the line [s, end) without a blank or a wide
 * character, in columns: a hash, a signature (Japanese and Chinese,
 * which need no spaces, are not one token for that). */
static int
longest_token(const char *s, const char *end)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned cp;
	int tok = 0, best = 0, n;

	while (p < (const unsigned char *)end) {
		n = utf8_next(p, &cp);
		tok = cp == ' ' || is_wide(cp) ? 0 : tok + 1;
		if (tok > best)
			best = tok;
		p += n;
	}
	return best;
}

/* The columns of the first n bytes of s. */
static int
deco_width_n(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned cp;
	int w = 0;

	while (p < (const unsigned char *)s + n && *p) {
		p += utf8_next(p, &cp);
		w += is_wide(cp) ? 2 : 1;
	}
	return w;
}

/*
 * Where the words of a long line start: after its last gap of two or more
 * spaces past its indent (lead), when that leaves room (20 columns) for
 * them: a table's row; else at lead.
 */
static size_t
column_of(const char *s, size_t lead, int width)
{
	size_t i, best = lead, n = strlen(s);

	for (i = lead; i + 1 < n; i++)
		if (s[i] == ' ' && s[i + 1] == ' ') {
			while (i < n && s[i] == ' ')
				i++;
			if (i < n && deco_width_n(s, i) <= width - 20)
				best = i;
		}
	return best;
}

/*
 * The no-break spaces of a wrapped text (a template's "SET LANG", held
 * whole) as spaces, in place: a player who copies the command sends a
 * plain one. Not in the receipt's JSON, which must stay byte for byte.
 */
static void
unbind_lines(char *s)
{
	const char *p = s, *body;
	char *w = s;
	size_t n;

	while (*p) {
		n = strcspn(p, "\n");
		n += p[n] == '\n';
		body = p + strspn(p, " ");
		if (*body == '{' || *body == '"') {
			memmove(w, p, n);
			w += n;
		} else
			w += unbind(w, p, n);
		p += n;
	}
	*w = '\0';
}

static size_t heading_words(const char *s, const char *end);

static int
wrap_lines(char **text, int width, int words)
{
	struct mq_arena *a = NULL;
	struct mq_buf out = MQ_BUF_INIT, line = MQ_BUF_INIT;
	char *indent;
	/* out holds the text up to kept, from where on it is as it was: a
	 * line kept is not copied until one after it is wrapped */
	const char *p = *text, *nl, *body, *kept = *text;
	const struct mv *v;
	size_t lead, lead0;
	int wrapped = 0, oom, cols, tok;
	/* a mail's top: from its marker line to its first heading */
	int top = strncmp(*text, MQ_REPLY_MARKER, strlen(MQ_REPLY_MARKER)) == 0;

	while (*p) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		if (heading_words(p, nl) != 0)
			top = 0;
		/* no wider than its bytes, or than its columns (most lines
		 * with a "·" or Japanese): short enough as it is */
		if (nl - p <= width || deco_width_n(p, (size_t)(nl - p)) <= width) {
			if (*nl == '\0') {
				p = nl;
				break;
			}
			p = nl + 1;
			continue;
		}
		mq_buf_reset(&line);
		mq_buf_add(&line, p, (size_t)(nl - p));
		lead0 = lead = strspn(mq_buf_str(&line), " ");
		/* a table's row ("  ORDER 3      what it does"): kept as it is
		 * up to its last gap of two spaces, the words after it wrapped
		 * under their own column */
		lead = column_of(mq_buf_str(&line), lead, width);
		body = mq_buf_str(&line) + lead;
		cols = deco_width(mq_buf_str(&line));
		tok = longest_token(body, mq_buf_str(&line) + line.len);
		/* a hash kept beside its label; in words, only a short one
		 * (28 columns): after a long name it goes on a line of its own */
		if (cols > width && body[0] != '{' && body[0] != '"' &&
		    (tok < 40 || (words && cols - tok > 28))) {
			/* the indent, as deep as the line's own (any depth), four
			 * more; a table's column as deep as its column; the top's
			 * paragraphs (above the first heading: a default played,
			 * the host's word) are prose, their lines flush as the
			 * templates' own paragraphs are, not hung under a list's */
			int col = deco_width_n(mq_buf_str(&line), lead);
			int more = lead != lead0 || (top && lead0 == 0) ? 0 : 4;

			if ((a == NULL && (a = mq_arena_new()) == NULL) ||
			    (indent = mq_arena_alloc(a, (size_t)col + 5)) == NULL)
				break;
			memset(indent, ' ', (size_t)col + (size_t)more);
			indent[col + more] = '\0';
			v = wrap_text(a, body, width, col, indent, 1, words);
			if (v == NULL)
				break;
			mq_buf_add(&out, kept, (size_t)(p - kept));
			mq_buf_add(&out, mq_buf_str(&line), lead);
			mq_buf_add(&out, v->u.str.s, v->u.str.len);
			kept = nl;
			wrapped = 1;
		}
		if (*nl == '\0') {
			p = nl;
			break;
		}
		p = nl + 1;
	}
	if (wrapped)
		mq_buf_add(&out, kept, strlen(kept));
	/* line's oom before mq_buf_free clears it: a line that could not be
	 * copied reads as empty, and the text would go out without it */
	oom = out.oom || line.oom;
	mq_buf_free(&line);
	mq_arena_free(a);
	if (*p != '\0' || oom) {
		mq_buf_free(&out);
		return -1;
	}
	if (wrapped) {
		free(*text);
		*text = mq_buf_steal(&out);
		if (*text == NULL)
			return -1;
	} else
		mq_buf_free(&out);
	if (strstr(*text, "\xc2\xa0") != NULL)
		unbind_lines(*text);
	return 0;
}

/* The length of line [s, end)'s words when it is a heading, else 0. */
static size_t
heading_words(const char *s, const char *end)
{
	const char *e = end;

	if (end - s < 7 || strncmp(s, "-- ", 3) != 0 || s[3] == '-' ||
	    s[3] == ' ')
		return 0;
	while (e > s + 3 && e[-1] == '-')
		e--;
	if (end - e < 3 || e[-1] != ' ' || e - 1 <= s + 3)
		return 0;
	return (size_t)(e - s);	/* up to the space before the dashes */
}

/* The dashes heading line [s, end) gets (heading_words' words long). */
static int
rule_dashes(const char *s, size_t words, int cols)
{
	int w = deco_width_n(s, words);

	return cols - w < 3 ? 3 : cols - w;
}

int
deco_rule_headings(char **text, int cols)
{
	struct mq_buf out = MQ_BUF_INIT;
	/* out holds the text up to kept, from where on it is as it was: the
	 * text between two headings that change is copied at once, and none
	 * at all when none changes */
	const char *p = *text, *nl, *kept = *text;
	size_t words;
	int w;

	while (*p) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		if ((words = heading_words(p, nl)) != 0 &&
		    (size_t)(w = rule_dashes(p, words, cols)) !=
		    (size_t)(nl - p) - words) {
			mq_buf_add(&out, kept, (size_t)(p - kept) + words);
			if (mq_buf_reserve(&out, (size_t)w) == 0) {
				memset(out.data + out.len, '-', (size_t)w);
				out.len += (size_t)w;
				out.data[out.len] = '\0';
			}
			kept = nl;
		}
		if (*nl == '\0')
			break;
		p = nl + 1;
	}
	if (kept == *text)
		return 0;	/* no heading changed */
	mq_buf_add(&out, kept, strlen(kept));
	if (out.oom || (p = mq_buf_steal(&out)) == NULL) {
		mq_buf_free(&out);
		return -1;
	}
	free(*text);
	*text = (char *)p;
	return 0;
}

int
deco_wrap_text(char **text, int width)
{
	return wrap_lines(text, width, 0);
}

int
deco_wrap_words(char **text, int width)
{
	return wrap_lines(text, width, 1);
}

/* A digit, a space, then a whole, valid wide character at p. */
static int
binds_at(const unsigned char *p)
{
	unsigned cp;
	int n;

	if (p[0] < '0' || p[0] > '9' || p[1] != ' ' || p[2] < 0xE1 ||
	    p[2] > 0xF4)
		return 0;
	n = p[2] >= 0xF0 ? 4 : 3;
	return utf8_next(p + 2, &cp) == n && is_wide(cp);
}

int
deco_html_bind_numbers(char **html)
{
	struct mq_buf out = MQ_BUF_INIT;
	const unsigned char *s = (const unsigned char *)*html, *p, *from;
	char *bound;
	unsigned char quote = 0;
	int in_tag = 0, found = 0;

	/* Most mails have none (any in English): a look for one, tags and
	 * all, before the reading that tells text from tags. */
	for (p = s; *p; p++)
		if ((unsigned)(*p - '0') <= 9 && binds_at(p))
			break;
	if (*p == '\0')
		return 0;
	/* Text outside tags only; inside a tag a quoted value may hold '>'.
	 * Runs between the spaces made no-break are copied whole. */
	for (p = from = s; *p; p++) {
		if (in_tag) {
			if (quote != 0) {
				if (*p == quote)
					quote = 0;
			} else if (*p == '"' || *p == '\'')
				quote = *p;
			else if (*p == '>')
				in_tag = 0;
			continue;
		}
		if (*p == '<') {
			in_tag = 1;
			continue;
		}
		if (*p > '9' || *p < '0' || !binds_at(p))
			continue;
		found = 1;
		mq_buf_add(&out, (const char *)from, (size_t)(p + 1 - from));
		mq_buf_puts(&out, "\xc2\xa0");
		from = p + 2;	/* past the space */
		p++;
	}
	if (!found)
		return 0;
	mq_buf_add(&out, (const char *)from, (size_t)(p - from));
	if ((bound = mq_buf_steal(&out)) == NULL)
		return -1;
	free(*html);
	*html = bound;
	return 0;
}

/* Spaces, n of them, from the arena; NULL when out of memory. */
static char *
spaces(struct mq_arena *a, size_t n)
{
	char *s = mq_arena_alloc(a, n + 1);

	if (s != NULL) {
		memset(s, ' ', n);
		s[n] = '\0';
	}
	return s;
}

/* The words [s, s + n) wrapped onto out (as deco_wrap_sentence does), the
 * first line taken to start at indent's column (what is before it on out
 * is that wide), the others starting with indent. */
static void
wrap_onto(struct mq_arena *a, struct mq_buf *out, const char *s, size_t n,
    int width, const char *indent)
{
	char *words = mq_arena_alloc(a, n + 1);
	const struct mv *v = NULL;

	if (words != NULL && indent != NULL) {
		memcpy(words, s, n);
		words[n] = '\0';
		v = deco_wrap_sentence(a, words, width, indent);
	}
	if (v == NULL)
		out->oom = 1;
	else
		mq_buf_add(out, v->u.str.s, v->u.str.len);
}

int
deco_wrap_paragraphs(char **text, int width)
{
	struct mq_arena *a = mq_arena_new();
	struct mq_buf out = MQ_BUF_INIT;
	const char *p = *text, *gap;
	size_t n, lead, rest;
	char *s;

	if (a == NULL)
		return -1;
	while (*p != '\0' && !out.oom) {
		n = strcspn(p, "\n");
		lead = strspn(p, " ");
		if (lead >= n || deco_width_n(p, n) <= width) {
			mq_buf_add(&out, p, n);
		} else {
			/* an indented line with a gap of two spaces: a table's
			 * row, a command and what it does */
			gap = lead > 0 ? strstr(p + lead, "  ") : NULL;
			rest = gap != NULL && gap < p + n ?
			    (size_t)(gap - p) + strspn(gap, " ") : n;
			if (rest >= n) {	/* prose, wrapped at its indent */
				mq_buf_add(&out, p, lead);
				wrap_onto(a, &out, p + lead, n - lead, width,
				    spaces(a, lead));
			} else if (deco_width_n(p, rest) <= width - 20) {
				/* its words wrapped under their own column */
				mq_buf_add(&out, p, rest);
				wrap_onto(a, &out, p + rest, n - rest, width,
				    spaces(a, (size_t)deco_width_n(p, rest)));
			} else {
				/* its head whole on its line, the words below */
				mq_buf_add(&out, p, (size_t)(gap - p));
				mq_buf_putc(&out, '\n');
				mq_buf_add(&out, p, lead);
				mq_buf_puts(&out, "      ");
				wrap_onto(a, &out, p + rest, n - rest, width,
				    spaces(a, lead + 6));
			}
		}
		p += n;
		if (*p == '\n')
			mq_buf_putc(&out, *p++);
	}
	mq_arena_free(a);
	if (*p != '\0' || out.oom || (s = mq_buf_steal(&out)) == NULL) {
		mq_buf_free(&out);
		return -1;
	}
	/* the no-break spaces that held words whole, as spaces */
	s[unbind(s, s, strlen(s))] = '\0';
	free(*text);
	*text = s;
	return 0;
}
