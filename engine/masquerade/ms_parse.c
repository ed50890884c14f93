/*
 * ms_parse.c - the command language of The Masquerade.
 *
 * One command per line, case-insensitive, with English, Japanese and Chinese
 * names for every keyword and card (the data's alias table). Full-width
 * letters and digits read as their ASCII forms; spaces, the ideographic
 * space and commas separate words. A name of several words is the words
 * joined by '-' ("Request for a Tune" or request-for-a-tune), matched
 * greedily. Only the form is checked here; whether a command is legal now is
 * ms_validate's. Every command has one canonical English text, which is what
 * the log stores:
 *   DANCER eternal-prisoner | ORDER 3 | STAGE tower | PASS | REVEAL
 *   PLAY rhapsody PAY march waltz ON bob BANK march | CHALLENGE bob
 *   BANK march | DISCARD march march | KEEP waltz | EVENT oracle
 *   SWAP bob eternal-prisoner | STATUS | HELP
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine/line_kind.h"
#include "engine/words.h"
#include "engine/masquerade/ms.h"

#define MAXTOK	32
#define MAXW	8		/* words in the longest name looked up */

/* An alias holding full-width forms is matched folded like the input too,
 * so a Japanese name written with a full-width digit (先導する１) matches
 * either way; the table is lower-case already (ms_data.c indexes both). */
static int
lookup(const struct ms_data *d, const char *text, int word)
{
	return ms_name_find(d, text, word);
}

/* The longest name of `word` starting at tok[i], its words joined by '-';
 * returns how many words it took (0: none) and its value in *value. */
static int
lookup_words(const struct ms_data *d, char **tok, int ntok, int i, int word,
    int *value)
{
	char joined[MS_NAME * 2];
	size_t n;
	int w, k, m;

	for (w = ntok - i < MAXW ? ntok - i : MAXW; w >= 1; w--) {
		for (n = 0, k = 0; k < w; k++, n += (size_t)m) {
			m = snprintf(joined + n, sizeof(joined) - n, "%s%s",
			    k ? "-" : "", tok[i + k]);
			if (m < 0 || (size_t)m >= sizeof(joined) - n)
				break;	/* too long to be any name */
		}
		if (k < w)
			continue;
		if ((*value = lookup(d, joined, word)) >= 0)
			return w;
	}
	return 0;
}

static int
keyword_at(const struct ms_data *d, char **tok, int ntok, int i, int *used)
{
	int v, w;

	if (i >= ntok || (w = lookup_words(d, tok, ntok, i, MS_W_KEY, &v)) == 0)
		return -1;
	if (used)
		*used = w;
	return v;
}

/* For mq_words_split_kw: a colon after one of these words ends it. */
static int
is_keyword(const void *data, const char *word)
{
	return lookup(data, word, MS_W_KEY) >= 0;
}

/* For mq_words_line: a name of the game's (a card of any kind). */
static int
is_name(const void *data, const char *word)
{
	int w;

	for (w = MS_W_DANCER; w <= MS_W_EVENT; w++)
		if (lookup(data, word, w) >= 0)
			return 1;
	return 0;
}

/* A card's canonical word: its English name lower-cased, words joined by
 * '-' (as the alias table holds it). */
static void
canon(const struct ms_names *nm, char *out, size_t n)
{
	const char *s = nm->name[0];
	size_t o = 0;
	int gap = 0;

	for (; *s && o + 1 < n; s++) {
		if (*s == ' ') {
			gap = o > 0;
			continue;
		}
		if (gap && o + 2 < n)
			out[o++] = '-';
		gap = 0;
		out[o++] = (*s >= 'A' && *s <= 'Z') ? (char)(*s + 32) : *s;
	}
	out[o] = '\0';
}

static const struct ms_names *
names_of(const struct ms_data *d, int word, int i)
{
	switch (word) {
	case MS_W_DANCER:
		return i >= 0 && i < d->ndancers ? &d->dancer[i].nm : NULL;
	case MS_W_STAGE:
		return i >= 0 && i < d->nstages ? &d->stage[i].nm : NULL;
	case MS_W_SPELL:
		return i >= 0 && i < d->nspells ? &d->spell[i].nm : NULL;
	case MS_W_EVENT:
		return i >= 0 && i < d->nevents ? &d->event[i].nm : NULL;
	}
	return NULL;
}

static int
count_of(const struct ms_data *d, int word)
{
	return word == MS_W_DANCER ? d->ndancers : word == MS_W_STAGE ? d->nstages :
	    word == MS_W_SPELL ? d->nspells : word == MS_W_EVENT ? d->nevents : 0;
}

/* "a, b, c": the canonical names of the cards of a kind in mask (bit i:
 * card i; past 64 cards, every one), for a refusal. */
static void
card_list(const struct ms_data *d, int word, unsigned long long mask,
    char *buf, size_t n)
{
	char c[MS_NAME];
	size_t len = 0;
	int i, m;

	buf[0] = '\0';
	for (i = 0; i < count_of(d, word) && len < n; i++) {
		if (i < 64 && !(mask & (1ULL << i)))
			continue;
		canon(names_of(d, word, i), c, sizeof(c));
		m = snprintf(buf + len, n - len, "%s%s", len ? ", " : "", c);
		if (m < 0)
			break;
		len += (size_t)m;
	}
}

/* Every card of a kind. */
static void
name_list(const struct ms_data *d, int word, char *buf, size_t n)
{
	card_list(d, word, ~0ULL, buf, n);
}

/* The Dancers no player has chosen (bit i: Dancer i; past 64, every one). */
static unsigned long long
free_dancers(const struct ms_state *st)
{
	unsigned long long free_ = ~0ULL;
	int s;

	for (s = 0; s < st->nplayers; s++)
		if (st->p[s].dancer >= 0 && st->p[s].dancer < 64)
			free_ &= ~(1ULL << st->p[s].dancer);
	return free_;
}

/* "a, b": the canonical names of the Dancers no player has chosen, for a
 * refusal while they are chosen (a player who picked a taken one from the
 * list of all was refused a second time, a day later by mail). */
void
ms_free_dancer_list(const struct ms_state *st, char *buf, size_t n)
{
	card_list(st->data, MS_W_DANCER, free_dancers(st), buf, n);
}

static const char *
word_label(int word)
{
	return word == MS_W_DANCER ? "Dancer" : word == MS_W_STAGE ? "Stage" :
	    word == MS_W_SPELL ? "Spell" : "Event";
}

/*
 * What a player wrote for a card name at tok[i]: its words up to the next
 * keyword (at most four), in typed (apart by spaces, to quote it) and in
 * joined (apart by '-', as the alias table holds names). A refusal quoted
 * the first word alone: "eternal" of "eternal prisner".
 */
static void
typed_name(const struct ms_data *d, char **tok, int ntok, int i, char *typed,
    size_t tn, char *joined, size_t jn)
{
	size_t t = 0, j = 0;
	int k;

	typed[0] = joined[0] = '\0';
	for (k = i; k < ntok && k < i + 4 && (k == i ||
	    keyword_at(d, tok, ntok, k, NULL) < 0); k++) {
		t += (size_t)snprintf(typed + t, tn - t, "%s%s", k > i ? " " : "",
		    tok[k]);
		j += (size_t)snprintf(joined + j, jn - j, "%s%s", k > i ? "-" : "",
		    tok[k]);
		if (t >= tn || j >= jn)
			break;
	}
}

/* The characters of s (UTF-8): a Japanese name of three is three. */
static size_t
chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* Whether s starts with a character of three bytes or more in UTF-8: a
 * Japanese or Chinese one, each worth a word of letters. */
static int
wide(const char *s)
{
	return (unsigned char)s[0] >= 0xE0;
}

/*
 * The card of `word` (among mask's, 0: any) whose name or alias is a near
 * miss of joined (one edit for a word of five characters or fewer, two for
 * a longer one; none for one of two or fewer, as 塔 is one edit from any
 * other character; but a Japanese or Chinese name of two, 神谕, is one
 * edit from 神喻, and one of one is still none's), when one card is
 * nearest; else -1.
 */
static int
nearest_card(const struct ms_data *d, const char *joined, int word,
    unsigned mask)
{
	int i, dist, best = 99, card = -1, tie = 0;
	size_t len = chars(joined), alen;

	for (i = 0; i < d->nalias; i++) {
		const struct ms_alias *al = &d->alias[i];

		if (al->word != word || (mask != 0 && al->value < 32 &&
		    !(mask & (1u << al->value))))
			continue;
		alen = chars(al->text);
		if (wide(joined) && wide(al->text) ? len < 2 || alen < 2 :
		    len <= 2 || alen <= 2)
			continue;
		dist = mq_words_distance(joined, al->text);
		if (dist > (len <= 5 || alen <= 5 ? 1 : 2))
			continue;
		if (dist < best) {
			best = dist;
			card = al->value;
			tie = 0;
		} else if (dist == best && al->value != card)
			tie = 1;
	}
	return tie ? -1 : card;
}

/* One card of `word` at tok[*i], moving *i past its words. */
static int
parse_card(const struct ms_data *d, char **tok, int ntok, int *i, int word,
    const char *after, int *value, struct mq_err *err)
{
	char names[300], typed[MS_NAME * 2], joined[MS_NAME * 2], near[MS_NAME];
	int w, c;

	if (*i >= ntok) {
		name_list(d, word, names, sizeof(names));
		return mq_fail(err, MQ_REFUSED, "%s needs the name of %s %s after "
		    "it; the %ss are %s.", after, word == MS_W_EVENT ? "an" : "a",
		    word_label(word), word_label(word), names);
	}
	if ((w = lookup_words(d, tok, ntok, *i, word, value)) == 0) {
		name_list(d, word, names, sizeof(names));
		typed_name(d, tok, ntok, *i, typed, sizeof(typed), joined,
		    sizeof(joined));
		/* "PLAY lulaby alice": the words after may be no name's */
		if (nearest_card(d, joined, word, 0) < 0 &&
		    nearest_card(d, tok[*i], word, 0) >= 0) {
			snprintf(typed, sizeof(typed), "%s", tok[*i]);
			snprintf(joined, sizeof(joined), "%s", tok[*i]);
		}
		if ((c = nearest_card(d, joined, word, 0)) >= 0) {
			canon(names_of(d, word, c), near, sizeof(near));
			return mq_fail(err, MQ_REFUSED, "\"%s\" is not %s %s; did "
			    "you mean %s? The %ss are %s.", typed,
			    word == MS_W_EVENT ? "an" : "a", word_label(word), near,
			    word_label(word), names);
		}
		return mq_fail(err, MQ_REFUSED, "\"%s\" is not %s %s; the %ss are "
		    "%s.", typed, word == MS_W_EVENT ? "an" : "a", word_label(word),
		    word_label(word), names);
	}
	*i += w;
	return 0;
}


static int
parse_player(const struct ms_state *st, char **tok, int ntok, int *i,
    const char *after, int8_t *out, struct mq_err *err)
{
	char names[200];
	size_t len = 0;
	int s, m;

	if (*i < ntok)
		for (s = 0; s < st->nplayers; s++)
			if (strcasecmp(st->p[s].name, tok[*i]) == 0) {
				*out = (int8_t)s;
				(*i)++;
				return 0;
			}
	names[0] = '\0';
	for (s = 0; s < st->nplayers && len < sizeof(names); s++) {
		m = snprintf(names + len, sizeof(names) - len, "%s%s", s ? ", " : "",
		    st->p[s].name);
		if (m < 0)
			break;
		len += (size_t)m;
	}
	if (*i >= ntok)
		return mq_fail(err, MQ_REFUSED, "%s needs a player's name after it; "
		    "the players are %s.", after, names);
	return mq_fail(err, MQ_REFUSED, "There is no player called \"%s\" in "
	    "this game; the players are %s.", tok[*i], names);
}

/* One or more Spell names up to the next keyword, counted per kind. */
static int
parse_spells(const struct ms_data *d, char **tok, int ntok, int *i,
    uint8_t *n, const char *example, struct mq_err *err)
{
	int v, got = 0;

	while (*i < ntok && keyword_at(d, tok, ntok, *i, NULL) < 0) {
		MQ_TRY(parse_card(d, tok, ntok, i, MS_W_SPELL, "", &v, err));
		n[v]++;		/* at most MAXTOK words: no overflow */
		got++;
	}
	if (got == 0)
		return mq_fail(err, MQ_REFUSED, "%s", example);
	return 0;
}

static int
parse_play(const struct ms_state *st, char **tok, int ntok, struct ms_cmd *c,
    struct mq_err *err)
{
	const struct ms_data *d = st->data;
	char name[MS_NAME];
	int i = 1, v, kw, w, seen = 0;

	MQ_TRY(parse_card(d, tok, ntok, &i, MS_W_SPELL, "PLAY", &v, err));
	c->card = (int8_t)v;
	canon(&d->spell[v].nm, name, sizeof(name));
	while (i < ntok) {
		kw = keyword_at(d, tok, ntok, i, &w);
		if (kw != MS_K_PAY && kw != MS_K_ON && kw != MS_K_BANK)
			return mq_fail(err, MQ_REFUSED, "After PLAY %s, \"%s\" is not "
			    "understood: what may follow is PAY, ON or BANK.", name,
			    tok[i]);
		if (seen & (1 << kw))
			return mq_fail(err, MQ_REFUSED, "%s is given twice; name "
			    "everything it takes after it once.", kw == MS_K_PAY ?
			    "PAY" : kw == MS_K_ON ? "ON" : "BANK");
		seen |= 1 << kw;
		i += w;
		if (kw == MS_K_PAY) {
			MQ_TRY(parse_spells(d, tok, ntok, &i, c->n, "PAY needs the "
			    "names of the Spells you discard, e.g. PLAY rhapsody PAY "
			    "march waltz.", err));
		} else if (kw == MS_K_ON) {
			MQ_TRY(parse_player(st, tok, ntok, &i, "ON", &c->target, err));
		} else {
			MQ_TRY(parse_card(d, tok, ntok, &i, MS_W_SPELL, "BANK", &v,
			    err));
			c->card2 = (int8_t)v;
		}
	}
	return 0;
}

/* ORDER 3, ORDER ３ or ORDER wait 5: the number. */
static int
parse_order(const struct ms_data *d, char **tok, int ntok, int *i,
    struct ms_cmd *c, struct mq_err *err)
{
	int v, w;

	if (*i < ntok && tok[*i][0] >= '1' && tok[*i][0] <= '5' &&
	    tok[*i][1] == '\0') {
		c->card = (int8_t)(tok[*i][0] - '0');
		(*i)++;
		return 0;
	}
	if (*i < ntok && (w = lookup_words(d, tok, ntok, *i, MS_W_ORDER, &v)) > 0 &&
	    v >= 1 && v <= MS_ORDERS) {
		c->card = (int8_t)v;
		*i += w;
		return 0;
	}
	if (*i >= ntok)
		return mq_fail(err, MQ_REFUSED, "ORDER needs a number from 1 to 5 "
		    "after it, e.g. ORDER 3.");
	return mq_fail(err, MQ_REFUSED, "\"%s\" is not an Order; ORDER takes a "
	    "number from 1 to 5, e.g. ORDER 3.", tok[*i]);
}

static const char *
key_text(int kw)
{
	static const char *const t[] = {
		"DANCER", "ORDER", "STAGE", "PLAY", "PAY", "ON", "BANK", "REVEAL",
		"PASS", "CHALLENGE", "DISCARD", "KEEP", "EVENT", "SWAP", "STATUS",
		"HELP",
	};

	return kw >= 0 && kw < (int)(sizeof(t) / sizeof(t[0])) ? t[kw] : "?";
}

/* The command words as the mails write them, by enum ms_key. */
static const char *const key_names[] = {
	"DANCER", "ORDER", "STAGE", "PLAY", "PAY", "ON", "BANK", "REVEAL",
	"PASS", "CHALLENGE", "DISCARD", "KEEP", "EVENT", "SWAP", "STATUS",
	"HELP",
};

static int args_fit(const void *state, int kw, char **tok, int ntok);

/* A word no command has that means one: a line that starts with it is
 * refused with the command it misses ("SKIP": did you mean PASS?), not
 * read as chat, nor taken as a synonym the rules do not have. */
static int
miss(const void *state, const char *word)
{
	static const char *const pass[] = { "skip", "スキップ" };
	size_t i, n = strlen(word);

	(void)state;
	if (n > 0 && word[n - 1] == ':')	/* "SKIP:" */
		n--;
	for (i = 0; i < sizeof(pass) / sizeof(pass[0]); i++)
		if (strlen(pass[i]) == n && strncmp(word, pass[i], n) == 0)
			return MS_K_PASS;
	return -1;
}

/* The alias table's word i, and the command it starts (line_kind.h): not
 * PAY nor ON, which start none ("Way to go!", "on my way"). */
static const char *
alias_word(const void *state, int i, int *starts)
{
	const struct ms_state *st = state;
	const struct ms_alias *a = &st->data->alias[i];

	*starts = a->word == MS_W_KEY && a->value != MS_K_PAY &&
	    a->value != MS_K_ON ? a->value : -1;
	return a->text;
}

static const char *
player_name(const void *state, int k)
{
	return ((const struct ms_state *)state)->p[k].name;
}

/* The game's words, as line_kind.c reads them. */
static struct mq_line_words
line_words(const struct ms_state *st)
{
	struct mq_line_words lw = {
		.state = st, .nwords = st->data->nalias, .word = alias_word,
		.nplayers = st->nplayers, .player = player_name,
		.args_fit = args_fit, .miss = miss,
		.is_kw = is_keyword, .is_name = is_name, .ctx = st->data,
		.maxtok = MAXTOK,
	};

	return lw;
}

/* Whether the words after the command word kw are what such a command
 * takes: none for REVEAL, PASS, STATUS and HELP, else words of the game
 * alone (a name of several words whole). "pss" alone is PASS mistyped;
 * "Keep it up", "Back in 5" are sentences. */
static int
args_fit(const void *state, int kw, char **tok, int ntok)
{
	const struct ms_state *st = state;
	struct mq_line_words lw = line_words(st);
	static const int words[] = { MS_W_KEY, MS_W_DANCER, MS_W_ORDER,
	    MS_W_STAGE, MS_W_SPELL, MS_W_EVENT };
	int i, k, w, used, v;

	if (kw == MS_K_REVEAL || kw == MS_K_PASS || kw == MS_K_STATUS ||
	    kw == MS_K_HELP)
		return ntok == 1;
	if (ntok < 2)
		return 0;
	for (i = 1; i < ntok; i += used) {
		for (used = 0, k = 0; k < (int)(sizeof(words) / sizeof(words[0]));
		    k++)
			if ((w = lookup_words(st->data, tok, ntok, i, words[k],
			    &v)) > used)
				used = w;
		if (used == 0 && !mq_line_game_word(&lw, tok[i]))
			return 0;
		if (used == 0)
			used = 1;
	}
	return 1;
}

/*
 * A line that is a card's name alone ("tower", "Grand Hall", "盗賊",
 * "wait 5"): its kind (enum ms_word), the card in *card (an Order: its
 * number); -1 when it is none, or is a player's name too (a sign-off).
 */
static int
bare_name(const struct ms_state *st, char **tok, int ntok, int *card)
{
	static const int words[] = { MS_W_DANCER, MS_W_ORDER, MS_W_STAGE,
	    MS_W_SPELL, MS_W_EVENT };
	size_t k;
	int s;

	if (ntok < 1 || keyword_at(st->data, tok, ntok, 0, NULL) >= 0)
		return -1;
	for (s = 0; s < st->nplayers; s++)
		if (ntok == 1 && strcasecmp(st->p[s].name, tok[0]) == 0)
			return -1;
	for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (lookup_words(st->data, tok, ntok, 0, words[k], card) == ntok)
			return words[k];
	return -1;
}

/*
 * The command a card's name alone (bare_name's word and card) was meant
 * as, for seat as the game stands: its command word (NULL: none fits) and
 * in name (n bytes) the card's canonical word. A Spell's is what seat owes
 * that takes it (DISCARD, KEEP, BANK), else PLAY, and only one seat holds
 * (or is offered, for KEEP): no hint of a Spell it has not; a Dancer's is
 * DANCER, none while it owes a SWAP (which needs a player too). Only the
 * seat's own hand and what it owes are read: what its view shows it.
 */
static const char *
name_meant(const struct ms_state *st, int seat, int word, int card,
    char *name, size_t n)
{
	const struct ms_player *pl;
	const char *owes;

	if (word == MS_W_ORDER) {
		snprintf(name, n, "%d", card);
		return "ORDER";
	}
	canon(names_of(st->data, word, card), name, n);
	if (seat < 0 || seat >= st->nplayers)
		return word == MS_W_SPELL ? NULL : word == MS_W_DANCER ? "DANCER" :
		    word == MS_W_STAGE ? "STAGE" : "EVENT";
	owes = ms_owes(st, seat);
	if (owes == NULL)
		owes = "";
	switch (word) {
	case MS_W_DANCER:
		return strcmp(owes, "swap") == 0 ? NULL : "DANCER";
	case MS_W_STAGE:
		return "STAGE";
	case MS_W_EVENT:
		return "EVENT";
	}
	pl = &st->p[seat];
	if (strcmp(owes, "keep") == 0)
		return st->pend[0].held[card] > 0 ? "KEEP" : NULL;
	if (pl->hand[card] == 0)
		return NULL;
	return strcmp(owes, "discard") == 0 ? "DISCARD" :
	    strcmp(owes, "bank") == 0 ? "BANK" : "PLAY";
}

/* line as written, without the spaces about it, into buf (n bytes). */
static void
quote_line(const char *line, char *buf, size_t n)
{
	size_t len;

	while (*line == ' ' || *line == '\t')
		line++;
	len = strlen(line);
	while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t' ||
	    line[len - 1] == '\r' || line[len - 1] == '\n'))
		len--;
	snprintf(buf, n, "%.*s", (int)(len < 1000 ? len : 1000), line);
}

int
ms_names_command(const void *state, const char *line)
{
	const struct ms_state *st = state;
	struct mq_line_words lw = line_words(st);
	char buf[1024], *tok[MAXTOK];
	int ntok, kw, v;

	if (mq_words_line(line, buf, sizeof(buf), tok, MAXTOK, is_keyword,
	    is_name, st->data, &ntok, NULL) != 0 || ntok == 0)
		return MQ_LINE_PROSE;
	kw = keyword_at(st->data, tok, ntok, 0, NULL);
	/* the words that start one (ms_parse's cases): not PAY, nor ON
	 * ("on my way" is no command) */
	if (kw == MS_K_PAY || kw == MS_K_ON)
		return MQ_LINE_PROSE;
	/* a card's name alone ("tower") is a command without its word: it
	 * is refused with the one meant, and the lines after it wait */
	if (kw < 0 && bare_name(st, tok, ntok, &v) >= 0)
		return MQ_LINE_COMMAND;
	return mq_line_kind_of(&lw, line, kw, tok, ntok);
}

/*
 * The commands that make one choice, whole on their line: a Dancer, an
 * Order, a Stage, an Event, a SWAP. Not PLAY, CHALLENGE, REVEAL, BANK,
 * PASS (a PASS may count on a PLAY above it), nor DISCARD or KEEP, whose
 * Spells a second line may add to.
 */
int
ms_one_choice(const void *state, const char *line)
{
	const struct ms_state *st = state;
	char buf[1024], *tok[MAXTOK];
	int ntok, kw;

	if (mq_words_line(line, buf, sizeof(buf), tok, MAXTOK, is_keyword,
	    is_name, st->data, &ntok, NULL) != 0 || ntok == 0)
		return 0;
	kw = keyword_at(st->data, tok, ntok, 0, NULL);
	return kw == MS_K_DANCER || kw == MS_K_ORDER || kw == MS_K_STAGE ||
	    kw == MS_K_EVENT || kw == MS_K_SWAP ? kw + 1 : 0;
}

/*
 * "DANCRE thief", then "DANCER thief" (or "ステージ arena" after "STAEG
 * arena"): the second line has the command word the first one's refusal
 * named (ms_parse's near miss, "did you mean DANCER?"), and is a command
 * of one choice or the same words after it ("PSAS", then "PASS"). A card's
 * name alone ("tower", refused with "did you mean STAGE tower?"), then a
 * command of that card alone ("STAGE tower", "ステージ tower"): the command
 * is one name_meant may name for a card of its kind (a Spell's: PLAY,
 * DISCARD, KEEP or BANK, as the seat owes), so that the rule does not
 * depend on the seat or the moment, and a resend or a rebuild reads it as
 * the mail's submit did.
 */
/* Whether tok2 (ntok2 words) is a command name_meant may name for the card
 * v of kind word (bare_name's), of that card alone. */
static int
bare_name_put_right(const struct ms_state *st, int word, int v, char **tok2,
    int ntok2)
{
	int kw, used, v2;

	kw = keyword_at(st->data, tok2, ntok2, 0, &used);
	switch (word) {
	case MS_W_DANCER:
		if (kw != MS_K_DANCER)
			return 0;
		break;
	case MS_W_ORDER:
		if (kw != MS_K_ORDER)
			return 0;
		/* its number, as name_meant names it: "ORDER 5" */
		if (ntok2 == used + 1 && tok2[used][0] == '0' + v &&
		    tok2[used][1] == '\0')
			return 1;
		break;
	case MS_W_STAGE:
		if (kw != MS_K_STAGE)
			return 0;
		break;
	case MS_W_EVENT:
		if (kw != MS_K_EVENT)
			return 0;
		break;
	case MS_W_SPELL:
		if (kw != MS_K_PLAY && kw != MS_K_DISCARD &&
		    kw != MS_K_KEEP && kw != MS_K_BANK)
			return 0;
		break;
	default:
		return 0;
	}
	return used < ntok2 && lookup_words(st->data, tok2, ntok2, used, word,
	    &v2) == ntok2 - used && v2 == v;
}

/*
 * "DISCARD walts fugue", refused ("walts" is no Spell: did you mean
 * waltz?), then "DISCARD waltz fugue" (or "捨てる 円舞局", then "捨てる
 * 円舞曲"): the same command of Spells (tok, ntok after prev's command
 * word), its Spells the same in number and order but where prev's word
 * named none, which line's names. Not a second list of Spells ("DISCARD
 * waltz", then "DISCARD march": both may be meant, and add up).
 */
static int
spell_put_right(const struct ms_state *st, int kw, char **tok, int ntok,
    char **tok2, int ntok2)
{
	int used, i, v, typo = 0;

	if (keyword_at(st->data, tok2, ntok2, 0, &used) != kw ||
	    ntok != ntok2 - used || ntok == 0)
		return 0;
	tok2 += used;
	for (i = 0; i < ntok; i++) {
		if (lookup_words(st->data, tok2, i + 1, i, MS_W_SPELL,
		    &v) != 1)
			return 0;
		if (strcmp(tok[i], tok2[i]) == 0)
			continue;
		if (lookup_words(st->data, tok, i + 1, i, MS_W_SPELL,
		    &v) == 1)
			return 0;
		typo = 1;
	}
	return typo;
}

int
ms_word_put_right(const void *state, const char *prev, const char *line)
{
	const struct ms_state *st = state;
	struct mq_line_words lw = line_words(st);
	char buf[1024], buf2[1024], meant[80], *tok[MAXTOK], *tok2[MAXTOK];
	int ntok, ntok2, kw, used, v, w, i;

	if (mq_words_line(prev, buf, sizeof(buf), tok, MAXTOK, is_keyword,
	    is_name, st->data, &ntok, NULL) != 0 || ntok == 0 ||
	    mq_words_line(line, buf2, sizeof(buf2), tok2, MAXTOK, is_keyword,
	    is_name, st->data, &ntok2, NULL) != 0 || ntok2 == 0)
		return 0;
	/* ms_parse's cases: PAY and ON start none */
	kw = keyword_at(st->data, tok, ntok, 0, &used);
	if (kw < 0 && (w = bare_name(st, tok, ntok, &v)) >= 0)
		return bare_name_put_right(st, w, v, tok2, ntok2);
	if (kw == MS_K_DISCARD || kw == MS_K_KEEP || kw == MS_K_PLAY ||
	    kw == MS_K_BANK)
		return spell_put_right(st, kw, tok + used, ntok - used, tok2,
		    ntok2);
	if ((kw >= 0 && kw != MS_K_PAY && kw != MS_K_ON) ||
	    (kw = mq_line_meant(&lw, tok[0], key_names, meant,
	    sizeof(meant))) < 0 ||
	    keyword_at(st->data, tok2, ntok2, 0, &used) != kw)
		return 0;
	if (ms_one_choice(state, line) > 0)
		return 1;
	if (ntok - 1 != ntok2 - used)
		return 0;
	for (i = 1; i < ntok; i++)
		if (strcmp(tok[i], tok2[used + i - 1]) != 0)
			return 0;
	return 1;
}

int
ms_inner_command(const void *state, const char *line, char *meant, size_t n)
{
	struct mq_line_words lw = line_words(state);

	return mq_line_inner_command(&lw, line, meant, n);
}

/* The command of line's words tok (ntok of them) into c. */
static int
parse_words(const struct ms_state *st, int seat, const char *line,
    char **tok, int ntok, struct ms_cmd *c, struct mq_err *err)
{
	const struct ms_data *d = st->data;
	struct mq_line_words lw;
	char buf[1024], meant[80], buf2[300];
	const char *mkey;
	int kw, w, i, v;

	kw = keyword_at(d, tok, ntok, 0, &w);
	i = kw >= 0 ? w : 1;
	switch (kw) {
	case MS_K_DANCER:
		c->type = MS_C_DANCER;
		if (i < ntok && ms_owes(st, seat) != NULL &&
		    strcmp(ms_owes(st, seat), "dancer") == 0 &&
		    lookup_words(d, tok, ntok, i, MS_W_DANCER, &v) == 0) {
			char typed[MS_NAME * 2], joined[MS_NAME * 2], near[MS_NAME];
			int n;

			ms_free_dancer_list(st, buf2, sizeof(buf2));
			typed_name(d, tok, ntok, i, typed, sizeof(typed), joined,
			    sizeof(joined));
			/* a near miss of a free one, as the cards have */
			if ((n = nearest_card(d, joined, MS_W_DANCER,
			    (unsigned)free_dancers(st))) >= 0) {
				canon(&d->dancer[n].nm, near, sizeof(near));
				return mq_fail(err, MQ_REFUSED, "\"%s\" is not a "
				    "Dancer; did you mean %s? The Dancers still "
				    "free are %s.", typed, near, buf2);
			}
			return mq_fail(err, MQ_REFUSED, "\"%s\" is not a Dancer; the "
			    "Dancers still free are %s.", typed, buf2);
		}
		MQ_TRY(parse_card(d, tok, ntok, &i, MS_W_DANCER, "DANCER", &v, err));
		c->card = (int8_t)v;
		break;
	case MS_K_ORDER:
		c->type = MS_C_ORDER;
		MQ_TRY(parse_order(d, tok, ntok, &i, c, err));
		break;
	case MS_K_STAGE:
		c->type = MS_C_STAGE;
		MQ_TRY(parse_card(d, tok, ntok, &i, MS_W_STAGE, "STAGE", &v, err));
		c->card = (int8_t)v;
		break;
	case MS_K_PLAY:
		c->type = MS_C_PLAY;
		/* PLAY's clauses run to the end of the line */
		return parse_play(st, tok + i - 1, ntok - i + 1, c, err);
	case MS_K_CHALLENGE:
		c->type = MS_C_CHALLENGE;
		MQ_TRY(parse_player(st, tok, ntok, &i, "CHALLENGE", &c->target,
		    err));
		break;
	case MS_K_BANK:
		c->type = MS_C_BANK;
		MQ_TRY(parse_card(d, tok, ntok, &i, MS_W_SPELL, "BANK", &v, err));
		c->card = (int8_t)v;
		break;
	case MS_K_DISCARD:
		c->type = MS_C_DISCARD;
		MQ_TRY(parse_spells(d, tok, ntok, &i, c->n, "DISCARD needs the "
		    "names of the Spells you discard, e.g. DISCARD march waltz.",
		    err));
		break;
	case MS_K_KEEP:
		c->type = MS_C_KEEP;
		MQ_TRY(parse_spells(d, tok, ntok, &i, c->n, "KEEP needs the names "
		    "of the Spells you keep, e.g. KEEP waltz.", err));
		break;
	case MS_K_EVENT:
		c->type = MS_C_EVENT;
		MQ_TRY(parse_card(d, tok, ntok, &i, MS_W_EVENT, "EVENT", &v, err));
		c->card = (int8_t)v;
		break;
	case MS_K_SWAP:
		c->type = MS_C_SWAP;
		MQ_TRY(parse_player(st, tok, ntok, &i, "SWAP", &c->target, err));
		if (i == ntok)
			return mq_fail(err, MQ_REFUSED, "SWAP needs a player and a "
			    "set-aside Dancer, e.g. SWAP %s thief.", st->p[c->target].name);
		/* a name no Dancer has: the set-aside ones listed, the only
		 * ones SWAP takes (it listed all six) */
		if (lookup_words(d, tok, ntok, i, MS_W_DANCER, &v) == 0 &&
		    st->dancers_aside != 0) {
			char typed[MS_NAME * 2], joined[MS_NAME * 2], near[MS_NAME];
			int n;

			card_list(d, MS_W_DANCER, st->dancers_aside, buf2,
			    sizeof(buf2));
			typed_name(d, tok, ntok, i, typed, sizeof(typed), joined,
			    sizeof(joined));
			if ((n = nearest_card(d, joined, MS_W_DANCER,
			    st->dancers_aside)) >= 0) {
				canon(&d->dancer[n].nm, near, sizeof(near));
				return mq_fail(err, MQ_REFUSED, "\"%s\" is not a "
				    "set-aside Dancer; did you mean %s? The "
				    "set-aside Dancers are %s.", typed, near, buf2);
			}
			return mq_fail(err, MQ_REFUSED, "\"%s\" is not a set-aside "
			    "Dancer; the set-aside Dancers are %s.", typed, buf2);
		}
		MQ_TRY(parse_card(d, tok, ntok, &i, MS_W_DANCER, "SWAP", &v, err));
		c->card2 = (int8_t)v;
		break;
	case MS_K_REVEAL:
		c->type = MS_C_REVEAL;
		break;
	case MS_K_PASS:
		c->type = MS_C_PASS;
		break;
	case MS_K_STATUS:
		c->type = MS_C_STATUS;
		break;
	case MS_K_HELP:
		c->type = MS_C_HELP;
		break;
	default:
		/* quoted as written: "PASSS", not the folded "passs"; a
		 * near miss names the command it misses */
		/* a card's name alone: the command meant for it now
		 * ("tower": STAGE tower), quoted whole */
		if ((w = bare_name(st, tok, ntok, &v)) >= 0 &&
		    (mkey = name_meant(st, seat, w, v, meant,
		    sizeof(meant))) != NULL) {
			quote_line(line, buf, sizeof(buf));
			return mq_fail(err, MQ_REFUSED, "\"%s\" is not a "
			    "command; did you mean %s %s? The commands are "
			    "DANCER, ORDER, STAGE, PLAY, REVEAL, PASS, "
			    "CHALLENGE, BANK, DISCARD, KEEP, EVENT, SWAP, "
			    "STATUS, HELP and SET LANG.", buf, mkey, meant);
		}
		lw = line_words(st);
		kw = mq_line_meant(&lw, tok[0], key_names, meant,
		    sizeof(meant));
		mq_words_first(line, buf, sizeof(buf));
		if (kw >= 0)
			return mq_fail(err, MQ_REFUSED, "\"%s\" is not a "
			    "command; did you mean %s? The commands are DANCER, "
			    "ORDER, STAGE, PLAY, REVEAL, PASS, CHALLENGE, BANK, "
			    "DISCARD, KEEP, EVENT, SWAP, STATUS, HELP and SET "
			    "LANG.", buf, meant);
		return mq_fail(err, MQ_REFUSED, "\"%s\" is not a command; the "
		    "commands are DANCER, ORDER, STAGE, PLAY, REVEAL, PASS, "
		    "CHALLENGE, BANK, DISCARD, KEEP, EVENT, SWAP, STATUS, HELP "
		    "and SET LANG.", buf);
	}
	if (i < ntok) {
		if (c->type == MS_C_REVEAL || c->type == MS_C_PASS ||
		    c->type == MS_C_STATUS || c->type == MS_C_HELP)
			return mq_fail(err, MQ_REFUSED, "%s takes nothing after it, "
			    "but \"%s\" follows.", key_text(kw), tok[i]);
		/* ORDER takes a number: "order 5 pls" said it took nothing */
		if (c->type == MS_C_ORDER)
			return mq_fail(err, MQ_REFUSED, "\"%s\" after ORDER %d is "
			    "not understood; ORDER takes one number.", tok[i],
			    c->card);
		return mq_fail(err, MQ_REFUSED, "\"%s\" after %s is not understood; "
		    "%s takes nothing more.", tok[i], key_text(kw), key_text(kw));
	}
	return 0;
}

int
ms_parse(const void *state, int seat, const char *line, struct mq_cmd *cmd,
    struct mq_err *err)
{
	const struct ms_state *st = state;
	struct ms_cmd *c = ms_cmd_of(cmd);
	char buf[1024], kept[1024], *tok[MAXTOK];
	int ntok, rc;

	memset(cmd, 0, sizeof(*cmd));
	c->card = c->target = c->card2 = -1;
	MQ_TRY(mq_words_line_kept(line, buf, kept, sizeof(buf), tok, MAXTOK,
	    is_keyword, is_name, st->data, &ntok, err));
	/* a word quoted back as the player wrote it: "Juggler", not
	 * "juggler" */
	if ((rc = parse_words(st, seat, line, tok, ntok, c, err)) == MQ_REFUSED)
		mq_words_requote(kept, buf, tok, ntok, err);
	return rc;
}

static void
put_card(const struct ms_data *d, int word, int i, struct mq_buf *out)
{
	char c[MS_NAME];

	canon(names_of(d, word, i), c, sizeof(c));
	mq_buf_printf(out, " %s", c);
}

static void
put_spells(const struct ms_data *d, const uint8_t *n, struct mq_buf *out)
{
	int k, j;

	for (k = 0; k < d->nspells; k++)
		for (j = 0; j < n[k]; j++)
			put_card(d, MS_W_SPELL, k, out);
}

static int
any_spells(const struct ms_data *d, const uint8_t *n)
{
	int k;

	for (k = 0; k < MS_SPELLS; k++)
		if (n[k] && k >= d->nspells)
			return -1;	/* a kind the card set does not have */
	for (k = 0; k < d->nspells; k++)
		if (n[k])
			return 1;
	return 0;
}

int
ms_format(const void *state, const struct mq_cmd *cmd, struct mq_buf *out)
{
	const struct ms_state *st = state;
	const struct ms_data *d = st->data;
	const struct ms_cmd *c = ms_cmd_ofc(cmd);
	int pl = c->target >= 0 && c->target < st->nplayers;

	switch (c->type) {
	case MS_C_DANCER:
	case MS_C_STAGE:
	case MS_C_EVENT:
	case MS_C_BANK: {
		int word = c->type == MS_C_DANCER ? MS_W_DANCER : c->type ==
		    MS_C_STAGE ? MS_W_STAGE : c->type == MS_C_EVENT ? MS_W_EVENT :
		    MS_W_SPELL;

		if (names_of(d, word, c->card) == NULL)
			return MQ_REFUSED;
		mq_buf_puts(out, c->type == MS_C_DANCER ? "DANCER" : c->type ==
		    MS_C_STAGE ? "STAGE" : c->type == MS_C_EVENT ? "EVENT" : "BANK");
		put_card(d, word, c->card, out);
		break;
	}
	case MS_C_ORDER:
		if (c->card < 1 || c->card > MS_ORDERS)
			return MQ_REFUSED;
		mq_buf_printf(out, "ORDER %d", c->card);
		break;
	case MS_C_PLAY:
		if (names_of(d, MS_W_SPELL, c->card) == NULL ||
		    any_spells(d, c->n) < 0 || (c->target >= 0 && !pl) ||
		    (c->card2 >= 0 && names_of(d, MS_W_SPELL, c->card2) == NULL))
			return MQ_REFUSED;
		mq_buf_puts(out, "PLAY");
		put_card(d, MS_W_SPELL, c->card, out);
		if (any_spells(d, c->n)) {
			mq_buf_puts(out, " PAY");
			put_spells(d, c->n, out);
		}
		if (pl)
			mq_buf_printf(out, " ON %s", st->p[c->target].name);
		if (c->card2 >= 0) {
			mq_buf_puts(out, " BANK");
			put_card(d, MS_W_SPELL, c->card2, out);
		}
		break;
	case MS_C_DISCARD:
	case MS_C_KEEP:
		if (any_spells(d, c->n) <= 0)
			return MQ_REFUSED;
		mq_buf_puts(out, c->type == MS_C_DISCARD ? "DISCARD" : "KEEP");
		put_spells(d, c->n, out);
		break;
	case MS_C_CHALLENGE:
		if (!pl)
			return MQ_REFUSED;
		mq_buf_printf(out, "CHALLENGE %s", st->p[c->target].name);
		break;
	case MS_C_SWAP:
		if (!pl || names_of(d, MS_W_DANCER, c->card2) == NULL)
			return MQ_REFUSED;
		mq_buf_printf(out, "SWAP %s", st->p[c->target].name);
		put_card(d, MS_W_DANCER, c->card2, out);
		break;
	case MS_C_REVEAL:
		mq_buf_puts(out, "REVEAL");
		break;
	case MS_C_PASS:
		mq_buf_puts(out, "PASS");
		break;
	case MS_C_STATUS:
		mq_buf_puts(out, "STATUS");
		break;
	case MS_C_HELP:
		mq_buf_puts(out, "HELP");
		break;
	default:
		return MQ_REFUSED;
	}
	return out->oom ? MQ_IO : 0;
}

/* Nothing in The Masquerade is picked in secret at the same time as others. */
int
ms_is_secret(const struct mq_cmd *cmd)
{
	(void)cmd;
	return 0;
}
