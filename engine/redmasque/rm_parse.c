/*
 * rm_parse.c - the command language of The Masque of the Red Death.
 *
 * One command per line, case-insensitive, with English, Japanese and Chinese
 * names for every keyword, card, room and direction (from the data file).
 * Full-width letters, digits and colons are read as their ASCII forms, and
 * the ideographic space and commas separate words. Every command has one
 * canonical English text, which is what the log stores:
 *   PLAY threaten TARGET carol SLOT 12:30 | PLAY encore RECOVER none |
 *   MOVE cw ccw | PLAN cw stay ... | PLAN 12:00 cw | PLAN CLEAR |
 *   PLACE green | STATUS | HELP
 * What a new line may not say though a logged one did (rm_sent_ok) is
 * checked apart, so that the logs replay as they were written.
 */
#include <stdio.h>
#include <string.h>

#include "engine/line_kind.h"
#include "engine/words.h"
#include "engine/redmasque/rm.h"

#define MAXTOK 24
/* After RECOVER, the word for taking no card back. English only: the data
 * has no Japanese or Chinese word for it. Not a keyword, so that a player
 * named so stays a name after TARGET; a card of that name would win. */
#define RECOVER_NONE "none"

static const char *const time_names[RM_TIMES] = {
	"12:00", "12:10", "12:20", "12:30", "12:40", "12:50",
};
static const char *const dir_names[3] = { "ccw", "stay", "cw" };

void
rm_format_time(int t, char *buf, size_t n)
{
	snprintf(buf, n, "%s", t >= 0 && t < RM_TIMES ? time_names[t] : "?");
}

void
rm_format_round_time(int round, char *buf, size_t n)
{
	int m = 8 * 60 + (round > 0 ? round - 1 : 0) * 20;

	snprintf(buf, n, "%d:%02d", m / 60, m % 60);
}

static int
lookup(const struct rm_data *d, const char *text, int word)
{
	int i;

	for (i = 0; i < d->nalias; i++)
		if (d->alias[i].word == word && strcmp(d->alias[i].text, text) == 0)
			return d->alias[i].value;
	return -1;
}

/* A name of up to three words ("court the prince"); returns words used. */
static int
lookup_words(const struct rm_data *d, char **tok, int ntok, int i, int word,
    int *value)
{
	char joined[160];
	size_t n;
	int w, k, m;

	for (w = 3; w >= 1; w--) {
		if (i + w > ntok)
			continue;
		for (n = 0, k = 0; k < w; k++, n += (size_t)m) {
			m = snprintf(joined + n, sizeof(joined) - n, "%s%s",
			    k ? " " : "", tok[i + k]);
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
parse_time(const char *s)
{
	int t;

	for (t = 0; t < RM_TIMES; t++)
		if (strcmp(s, time_names[t]) == 0)
			return t;
	return -1;
}

int
rm_name_ok(const void *data, const char *name, struct mq_err *err)
{
	if (lookup(data, name, RM_W_KEY) >= 0)
		return mq_fail(err, MQ_REFUSED, "The player name \"%s\" is a word "
		    "of the command language (after TARGET it would end the names); "
		    "choose another.", name);
	return 0;
}

/* For mq_words_split_kw: a colon after one of these words ends it. */
static int
is_keyword(const void *data, const char *word)
{
	return lookup(data, word, RM_W_KEY) >= 0;
}

/* For mq_words_line: a name of the game's (a card, a room, a direction). */
static int
is_name(const void *data, const char *word)
{
	return lookup(data, word, RM_W_CARD) >= 0 ||
	    lookup(data, word, RM_W_ROOM) >= 0 || lookup(data, word, RM_W_DIR) >= 0;
}

static int
keyword_at(const struct rm_data *d, char **tok, int ntok, int i)
{
	return i < ntok ? lookup(d, tok[i], RM_W_KEY) : -1;
}

static int
card_list(const struct rm_data *d, int personality_only, char *buf, size_t n)
{
	size_t len = 0;
	int i;

	for (i = 0; i < d->ncards && len < n; i++)
		if (!personality_only || d->card[i].personality)
			len += (size_t)snprintf(buf + len, n - len, "%s%s",
			    len ? ", " : "", d->card[i].id);
	return 0;
}

/* The card whose id word is a near miss of (one or two letters off,
 * words.h), when exactly one is; else -1. */
static int
near_card(const struct rm_data *d, const char *word)
{
	int i, found = -1;

	for (i = 0; i < d->ncards; i++)
		if (mq_words_near(word, d->card[i].id)) {
			if (found >= 0)
				return -1;	/* two: which one is not ours to say */
			found = i;
		}
	return found;
}

/* The room whose id is a near miss of word ("orang"), when exactly one
 * is; else -1. */
static int
near_room(const struct rm_data *d, const char *word)
{
	int i, found = -1;

	for (i = 0; i < RM_ROOMS; i++)
		if (mq_words_near(word, d->room_id[i])) {
			if (found >= 0)
				return -1;
			found = i;
		}
	return found;
}

/* The keyword after a card a near miss of word ("targer"), or NULL. */
static const char *
near_play_keyword(const char *word)
{
	static const char *const kws[] = { "TARGET", "SLOT", "RECOVER" };
	const char *found = NULL;
	size_t i;

	for (i = 0; i < sizeof(kws) / sizeof(kws[0]); i++)
		if (mq_words_near(word, kws[i])) {
			if (found != NULL)
				return NULL;
			found = kws[i];
		}
	return found;
}

static int
parse_targets(const struct rm_state *st, int seat, char **tok, int ntok,
    int *i, struct rm_pick *pk, struct mq_err *err)
{
	char names[200];
	size_t len = 0;
	int k, s;

	while (*i < ntok && keyword_at(st->data, tok, ntok, *i) < 0) {
		for (s = 0; s < st->nplayers; s++)
			if (strcmp(st->p[s].name, tok[*i]) == 0)
				break;
		if (s == st->nplayers) {
			for (k = 0; k < st->nplayers; k++)
				len += (size_t)snprintf(names + len, sizeof(names) - len,
				    "%s%s", k ? ", " : "", st->p[k].name);
			return mq_fail(err, MQ_REFUSED, "There is no player named "
			    "\"%s\" in this game; the players are %s.", tok[*i], names);
		}
		if (s == seat)
			return mq_fail(err, MQ_REFUSED, "You cannot target yourself; "
			    "name another player after TARGET.");
		for (k = 0; k < pk->ntargets; k++)
			if (pk->targets[k] == s)
				return mq_fail(err, MQ_REFUSED, "TARGET names %s twice.",
				    tok[*i]);
		pk->targets[pk->ntargets++] = (uint8_t)s;
		(*i)++;
	}
	if (pk->ntargets == 0)
		return mq_fail(err, MQ_REFUSED, "TARGET needs at least one player's "
		    "name after it.");
	return 0;
}

static int
parse_play(const struct rm_state *st, int seat, char **tok, int ntok,
    struct rm_cmd *c, struct mq_err *err)
{
	const struct rm_data *d = st->data;
	struct rm_pick *pk = &c->pick;
	char cards[400];
	int i = 1, w, v, kw, seen = 0, t;

	if (ntok < 2)
		return mq_fail(err, MQ_REFUSED, "PLAY needs a card, e.g. PLAY jest.");
	if ((w = lookup_words(d, tok, ntok, i, RM_W_CARD, &v)) == 0) {
		/* a typo of a card ("jset"): the one meant, not all 19 */
		if ((t = near_card(d, tok[i])) >= 0)
			return mq_fail(err, MQ_REFUSED, "\"%s\" is not a card; "
			    "you may mean %s.", tok[i], d->card[t].id);
		card_list(d, 0, cards, sizeof(cards));
		return mq_fail(err, MQ_REFUSED, "\"%s\" is not a card; the cards "
		    "are %s.", tok[i], cards);
	}
	pk->card = (uint8_t)v;
	i += w;
	while (i < ntok) {
		kw = keyword_at(d, tok, ntok, i);
		if (kw != RM_K_TARGET && kw != RM_K_SLOT && kw != RM_K_RECOVER &&
		    near_play_keyword(tok[i]) != NULL)
			/* "targer": the word meant, as a command's typo gets */
			return mq_fail(err, MQ_REFUSED, "After PLAY %s, \"%s\" is not "
			    "understood; you may mean %s.", d->card[pk->card].id,
			    tok[i], near_play_keyword(tok[i]));
		if (kw != RM_K_TARGET && kw != RM_K_SLOT && kw != RM_K_RECOVER)
			return mq_fail(err, MQ_REFUSED, "After PLAY %s, \"%s\" is not "
			    "understood: what may follow is TARGET, SLOT or RECOVER.",
			    d->card[pk->card].id, tok[i]);
		/* The keyword as the other sentences write it, not the
		 * player's folded word ("slot", or a Japanese alias). */
		if (seen & (1 << kw))
			return mq_fail(err, MQ_REFUSED, "%s is given twice.",
			    kw == RM_K_TARGET ? "TARGET" : kw == RM_K_SLOT ?
			    "SLOT" : "RECOVER");
		seen |= 1 << kw;
		i++;
		if (kw == RM_K_TARGET) {
			MQ_TRY(parse_targets(st, seat, tok, ntok, &i, pk, err));
		} else if (kw == RM_K_SLOT) {
			while (i < ntok && keyword_at(d, tok, ntok, i) < 0) {
				if ((t = parse_time(tok[i])) < 0)
					return mq_fail(err, MQ_REFUSED, "\"%s\" is not "
					    "a time after midnight; SLOT takes 12:00, "
					    "12:10, 12:20, 12:30, 12:40 or 12:50.", tok[i]);
				if (pk->nslots == 2)
					return mq_fail(err, MQ_REFUSED, "SLOT takes "
					    "one time, or two for a card that looks "
					    "at two Rumor cards.");
				pk->slots[pk->nslots++] = (uint8_t)t;
				i++;
			}
			if (pk->nslots == 0)
				return mq_fail(err, MQ_REFUSED, "SLOT needs a time "
				    "after it, from 12:00 to 12:50.");
		} else {
			while (i < ntok && keyword_at(d, tok, ntok, i) < 0) {
				w = lookup_words(d, tok, ntok, i, RM_W_CARD, &v);
				if (w == 0 && strcmp(tok[i], RECOVER_NONE) == 0) {
					pk->recover_none = 1;
					i++;
					continue;
				}
				if (w == 0)
					return mq_fail(err, MQ_REFUSED, "\"%s\" after "
					    "RECOVER is not a card.", tok[i]);
				if (pk->nrecover == 2)
					return mq_fail(err, MQ_REFUSED, "RECOVER "
					    "names at most two cards.");
				pk->recover[pk->nrecover++] = (uint8_t)v;
				i += w;
			}
			if (pk->recover_none && pk->nrecover > 0)
				return mq_fail(err, MQ_REFUSED, "RECOVER none "
				    "takes no card back: send it without the "
				    "cards' names, or the names alone.");
			if (pk->nrecover == 0 && !pk->recover_none)
				return mq_fail(err, MQ_REFUSED, "RECOVER needs the "
				    "names of the discarded cards to return, or "
				    "none to take none back.");
		}
	}
	return 0;
}

/*
 * 1 when TARGET chooses whom the card's targeted part hits; 0 for a card
 * without one, and for one that takes from every nearby noble (Pickpocket:
 * its effect reads no target, in seat order after its player [decided]).
 * As rm_apply's resolve_card picks a target.
 */
int
rm_card_names_target(const struct rm_card *c)
{
	int e;

	for (e = 0; e < c->neffects; e++)
		if (c->eff[e].scope != RM_SCOPE_NONE &&
		    c->eff[e].op != RM_OP_TAKE_EACH)
			return 1;
	return 0;
}

/*
 * A new PLAY with a TARGET its card does not read is refused: the player
 * thinks the name mattered. apply() still takes one (the card's validation
 * asks only whether it has a targeted part), as the old logs and the bots
 * wrote them, so this is the submit's check alone (game.h's sent_ok). The
 * example keeps the player's time, or offers one.
 */
int
rm_sent_ok(const void *state, int seat, const struct mq_cmd *cmd,
    struct mq_err *err)
{
	const struct rm_state *st = state;
	const struct rm_cmd *c = rm_cmd_ofc(cmd);
	const struct rm_pick *pk = &c->pick;
	const struct rm_card *card;
	char t[8];

	/* a card not in hand, or a dead noble's: apply's sentence, which
	 * says what is wrong first */
	if (c->type != RM_C_PLAY || pk->ntargets == 0 ||
	    pk->card >= st->data->ncards || seat < 0 || seat >= st->nplayers ||
	    !st->p[seat].alive || !(st->p[seat].hand & (1u << pk->card)))
		return 0;
	card = &st->data->card[pk->card];
	if (card->target != RM_SCOPE_NEARBY || rm_card_names_target(card))
		return 0;	/* none at all: apply's "has no target" */
	/* none named: 12:30, as apply's examples offer */
	rm_format_time(pk->nslots > 0 ? pk->slots[0] : 3, t, sizeof(t));
	return mq_fail(err, MQ_REFUSED, "%s takes from every nearby noble, not "
	    "one you name: send it without TARGET, e.g. PLAY %s SLOT %s.",
	    card->id, card->id, t);
}

static int
parse_dir(const struct rm_data *d, const char *s)
{
	int v = lookup(d, s, RM_W_DIR);

	return v < 0 ? -2 : v - 1;
}

static int
parse_move(const struct rm_data *d, char **tok, int ntok, struct rm_cmd *c,
    struct mq_err *err)
{
	int i, v;

	if (ntok < 2)
		return mq_fail(err, MQ_REFUSED, "MOVE needs a direction: MOVE cw, "
		    "MOVE ccw or MOVE stay.");
	/* each word a direction first: "MOVE ccw thanks, see you" is told
	 * its "thanks," is no direction, not that it is too many steps */
	for (i = 1; i < ntok; i++)
		if (parse_dir(d, tok[i]) < -1 && lookup(d, tok[i], RM_W_ROOM) >= 0)
			/* a newcomer names the room to go to: told that a
			 * MOVE steps along the ring, and where to see it */
			return mq_fail(err, MQ_REFUSED, "\"%s\" is a room; MOVE "
			    "takes a direction, not a room: cw, ccw or stay (your "
			    "move mail lists the room each leads to).", tok[i]);
		else if (parse_dir(d, tok[i]) < -1)
			return mq_fail(err, MQ_REFUSED, "\"%s\" is not a direction; "
			    "MOVE takes cw (clockwise), ccw (counter-clockwise) or "
			    "stay.", tok[i]);
	if (ntok > 4)
		return mq_fail(err, MQ_REFUSED, "MOVE takes at most three steps "
		    "(Promenade), one direction each.");
	for (i = 1; i < ntok; i++) {
		v = parse_dir(d, tok[i]);
		c->steps[c->nsteps++] = (int8_t)v;
	}
	return 0;
}

/* Digits with ':' or '.' between, or three or four digits: meant as a
 * time ("12:60", "12.10", "1210"), so it is told as a wrong one. */
static int
time_like(const char *s)
{
	size_t digits = 0, seps = 0;

	for (; *s != '\0'; s++)
		if (*s >= '0' && *s <= '9')
			digits++;
		else if (*s == ':' || *s == '.')
			seps++;
		else
			return 0;
	return digits > 0 && (seps > 0 || digits >= 3);
}

/* A time of the plan run into its direction ("12:10cw"): the time's
 * index, and *dir the rest; -1 when s is not one. */
static int
glued_time(const struct rm_data *d, const char *s, const char **dir)
{
	size_t n;
	int t;

	for (t = 0; t < RM_TIMES; t++) {
		n = strlen(time_names[t]);
		if (strncmp(s, time_names[t], n) == 0 && s[n] != '\0' &&
		    parse_dir(d, s + n) >= -1) {
			*dir = s + n;
			return t;
		}
	}
	return -1;
}

static int
parse_plan(const struct rm_data *d, char **tok, int ntok, struct rm_cmd *c,
    struct mq_err *err)
{
	const char *dir;
	int i, t, v;

	if (ntok == 2 && keyword_at(d, tok, ntok, 1) == RM_K_CLEAR)
		return 0;			/* mask 0: every time stays */
	if (ntok > 2 && keyword_at(d, tok, ntok, 1) == RM_K_CLEAR)
		return mq_fail(err, MQ_REFUSED, "After PLAN CLEAR, \"%s\" is not "
		    "understood: PLAN CLEAR takes nothing more.", tok[2]);
	for (i = 1; i < ntok; i++)
		if ((t = glued_time(d, tok[i], &dir)) >= 0)
			return mq_fail(err, MQ_REFUSED, "\"%s\" is not understood; "
			    "write the time and its direction apart: PLAN %s %s.",
			    tok[i], time_names[t], dir);
	if (ntok > 1 && parse_time(tok[1]) < 0 && time_like(tok[1]))
		return mq_fail(err, MQ_REFUSED, "\"%s\" is not a time of the "
		    "plan; the times are 12:00 to 12:50.", tok[1]);
	if (ntok == 1 + RM_TIMES && parse_time(tok[1]) < 0) {
		for (i = 0; i < RM_TIMES; i++) {
			if ((v = parse_dir(d, tok[1 + i])) < -1)
				return mq_fail(err, MQ_REFUSED, "\"%s\" is not a "
				    "direction; a plan is six of cw, ccw and "
				    "stay.", tok[1 + i]);
			c->plan[i] = (int8_t)v;
		}
		c->plan_mask = 0x3F;
		c->plan_full = 1;
		return 0;
	}
	if (ntok > 1 && parse_time(tok[1]) < 0) {
		/* directions alone, but not six: say how many it had */
		for (i = 1; i < ntok && parse_dir(d, tok[i]) >= -1; i++)
			;
		if (i == ntok)
			return mq_fail(err, MQ_REFUSED, "A plan is six directions, "
			    "one for each time from 12:00 to 12:50, and this one "
			    "has %d; to change some times only, name them: PLAN "
			    "12:20 ccw.", ntok - 1);
	}
	if (ntok < 2 || parse_time(tok[1]) < 0)
		return mq_fail(err, MQ_REFUSED, "A plan is six directions (PLAN cw "
		    "stay ccw cw stay stay), or times with directions (PLAN 12:00 "
		    "cw 12:20 ccw), or PLAN CLEAR.");
	for (i = 1; i < ntok; i += 2) {
		if ((t = parse_time(tok[i])) < 0)
			return mq_fail(err, MQ_REFUSED, "\"%s\" is not a time of the "
			    "plan; the times are 12:00 to 12:50.", tok[i]);
		if (i + 1 == ntok)
			return mq_fail(err, MQ_REFUSED, "The plan gives %s no "
			    "direction: write PLAN %s cw, ccw or stay.", tok[i],
			    tok[i]);
		if ((v = parse_dir(d, tok[i + 1])) < -1)
			return mq_fail(err, MQ_REFUSED, "\"%s\" is not a direction; "
			    "use cw, ccw or stay.", tok[i + 1]);
		if (c->plan_mask & (1u << t))
			return mq_fail(err, MQ_REFUSED, "The plan names %s twice.",
			    tok[i]);
		c->plan_mask |= (uint8_t)(1u << t);
		c->plan[t] = (int8_t)v;
	}
	return 0;
}

/* The command words as the mails write them, by enum rm_key. */
static const char *const key_names[] = {
	"PLAY", "MOVE", "PLAN", "PLACE", "STATUS", "HELP",
};

/* The words that start a command (rm_parse's cases), not TARGET, SLOT ... */
static int
starts_command(int kw)
{
	return kw == RM_K_PLAY || kw == RM_K_MOVE || kw == RM_K_PLAN ||
	    kw == RM_K_PLACE || kw == RM_K_STATUS || kw == RM_K_HELP;
}

static int args_fit(const void *state, int kw, char **tok, int ntok);

/* The alias table's word i, and the command it starts (line_kind.h). */
static const char *
alias_word(const void *state, int i, int *starts)
{
	const struct rm_state *st = state;
	const struct rm_alias *a = &st->data->alias[i];

	*starts = a->word == RM_W_KEY && starts_command(a->value) ? a->value : -1;
	return a->text;
}

static const char *
player_name(const void *state, int k)
{
	return ((const struct rm_state *)state)->p[k].name;
}

/* The game's words, as line_kind.c reads them. */
static struct mq_line_words
line_words(const struct rm_state *st)
{
	struct mq_line_words lw = {
		.state = st, .nwords = st->data->nalias, .word = alias_word,
		.nplayers = st->nplayers, .player = player_name,
		.args_fit = args_fit,
		.is_kw = is_keyword, .is_name = is_name, .ctx = st->data,
		.maxtok = MAXTOK,
	};

	return lw;
}

/* The words of class word at tok[i] (a name of up to three words whole),
 * or one letter off a one-word name ("cww", "bleu"): how many; 0 none. */
static int
word_of(const struct rm_data *d, char **tok, int ntok, int i, int word)
{
	int k, v, w;

	if ((w = lookup_words(d, tok, ntok, i, word, &v)) > 0)
		return w;
	for (k = 0; k < d->nalias; k++)
		if (d->alias[k].word == word && mq_words_near(tok[i],
		    d->alias[k].text))
			return 1;
	return 0;
}

/* Whether the words after the command word kw are what such a command
 * takes: none for STATUS and HELP, directions for MOVE, directions and
 * times for PLAN, a room for PLACE, a card then words of the game for
 * PLAY. "mvoe cw" is MOVE mistyped; "Love - Alice", "More in 5 minutes"
 * and "Play nice" are sentences. */
static int
args_fit(const void *state, int kw, char **tok, int ntok)
{
	const struct rm_state *st = state;
	const struct rm_data *d = st->data;
	struct mq_line_words lw = line_words(st);
	int i, used;

	switch (kw) {
	case RM_K_STATUS:
	case RM_K_HELP:
		return ntok == 1;
	case RM_K_PLACE:
		return ntok == 2 && word_of(d, tok, ntok, 1, RM_W_ROOM) == 1;
	case RM_K_MOVE:
	case RM_K_PLAN:
		if (ntok < 2)
			return 0;
		for (i = 1; i < ntok; i++)
			if (word_of(d, tok, ntok, i, RM_W_DIR) == 0 &&
			    (kw == RM_K_MOVE || (!(tok[i][0] >= '0' &&
			    tok[i][0] <= '9') && word_of(d, tok, ntok, i,
			    RM_W_KEY) == 0)))
				return 0;
		return 1;
	}
	/* PLAY */
	if (ntok < 2 || (used = word_of(d, tok, ntok, 1, RM_W_CARD)) == 0)
		return 0;
	for (i = 1 + used; i < ntok; i++)
		if (!mq_line_game_word(&lw, tok[i]))
			return 0;
	return 1;
}

int
rm_names_command(const void *state, const char *line)
{
	const struct rm_state *st = state;
	struct mq_line_words lw = line_words(st);
	char buf[1024], *tok[MAXTOK];
	int ntok, kw;

	if (mq_words_line(line, buf, sizeof(buf), tok, MAXTOK, is_keyword,
	    is_name, st->data, &ntok, NULL) != 0 || ntok == 0)
		return MQ_LINE_PROSE;
	kw = lookup(st->data, tok[0], RM_W_KEY);
	return mq_line_kind_of(&lw, line, starts_command(kw) ? kw : -1, tok,
	    ntok);
}

/*
 * The commands that make one choice, whole on their line, for their
 * moment: the round's card (PLAY), its MOVE, a PLACE; and a PLAN of the
 * whole plan (six directions, PLAN CLEAR, or a try at one: no time named),
 * which sets every time: "PLAN cw stay ccw cw stay" (five), then "PLAN cw
 * stay ccw cw stay stay", is the typo put right. A PLAN of some times
 * only ("PLAN 12:20 ccw") keeps the others, and puts nothing right. PLAN
 * goes first and stops no line, refused or not: submit.c marks the
 * correction among the lines that go first alone.
 */
int
rm_one_choice(const void *state, const char *line)
{
	const struct rm_state *st = state;
	char buf[1024], *tok[MAXTOK];
	const char *dir;
	int ntok, kw, i;

	if (mq_words_line(line, buf, sizeof(buf), tok, MAXTOK, is_keyword,
	    is_name, st->data, &ntok, NULL) != 0 || ntok == 0)
		return 0;
	kw = lookup(st->data, tok[0], RM_W_KEY);
	if (kw == RM_K_PLAN) {
		if (ntok < 2)
			return 0;
		for (i = 1; i < ntok; i++)
			if (parse_time(tok[i]) >= 0 || time_like(tok[i]) ||
			    glued_time(st->data, tok[i], &dir) >= 0)
				return 0;
		return kw + 1;
	}
	return kw == RM_K_PLAY || kw == RM_K_MOVE || kw == RM_K_PLACE ?
	    kw + 1 : 0;
}

/*
 * "MOEV cw", then "MOVE cw": the second line has the command word the
 * first one's refusal named (rm_parse's near miss, "did you mean MOVE?"),
 * and is a command of one choice (rm_one_choice) or the same words after
 * it. "PALN cw stay ccw cw stay stay", then a whole PLAN: submit.c's
 * mq_game_line_order reads the PALN among the lines that go first, just
 * before that PLAN, so that the PLAN is its next line there too.
 */
int
rm_word_put_right(const void *state, const char *prev, const char *line)
{
	const struct rm_state *st = state;
	struct mq_line_words lw = line_words(st);
	char buf[1024], buf2[1024], meant[80], *tok[MAXTOK], *tok2[MAXTOK];
	int ntok, ntok2, kw, i;

	if (mq_words_line(prev, buf, sizeof(buf), tok, MAXTOK, is_keyword,
	    is_name, st->data, &ntok, NULL) != 0 || ntok == 0 ||
	    mq_words_line(line, buf2, sizeof(buf2), tok2, MAXTOK, is_keyword,
	    is_name, st->data, &ntok2, NULL) != 0 || ntok2 == 0)
		return 0;
	/* rm_parse's cases */
	kw = lookup(st->data, tok[0], RM_W_KEY);
	if (kw == RM_K_PLAY || kw == RM_K_MOVE || kw == RM_K_PLAN ||
	    kw == RM_K_PLACE || kw == RM_K_STATUS || kw == RM_K_HELP ||
	    (kw = mq_line_meant(&lw, tok[0], key_names, meant,
	    sizeof(meant))) < 0 || lookup(st->data, tok2[0], RM_W_KEY) != kw)
		return 0;
	if (rm_one_choice(state, line) > 0)
		return 1;
	if (ntok != ntok2)
		return 0;
	for (i = 1; i < ntok; i++)
		if (strcmp(tok[i], tok2[i]) != 0)
			return 0;
	return 1;
}

int
rm_inner_command(const void *state, const char *line, char *meant, size_t n)
{
	struct mq_line_words lw = line_words(state);

	return mq_line_inner_command(&lw, line, meant, n);
}

/* The command of line's words tok (ntok of them) into c. */
static int
parse_words(const struct rm_state *st, int seat, const char *line,
    char **tok, int ntok, struct rm_cmd *c, struct mq_err *err)
{
	const struct rm_data *d = st->data;
	struct mq_line_words lw;
	char buf[MQ_WORDS_FIRST], meant[80];
	int kw, v;

	kw = lookup(d, tok[0], RM_W_KEY);
	switch (kw) {
	case RM_K_PLAY:
		c->type = RM_C_PLAY;
		return parse_play(st, seat, tok, ntok, c, err);
	case RM_K_MOVE:
		c->type = RM_C_MOVE;
		return parse_move(d, tok, ntok, c, err);
	case RM_K_PLAN:
		c->type = RM_C_PLAN;
		return parse_plan(d, tok, ntok, c, err);
	case RM_K_PLACE:
		c->type = RM_C_PLACE;
		/* "PLACE purple, thanks": the word too many, not the rooms */
		if (ntok > 2 && (v = lookup(d, tok[1], RM_W_ROOM)) >= 0)
			return mq_fail(err, MQ_REFUSED, "After PLACE %s, \"%s\" is "
			    "not understood: PLACE takes one room.",
			    d->room_id[v], tok[2]);
		/* "PLACE orang": the room meant, not all seven */
		if (ntok == 2 && lookup(d, tok[1], RM_W_ROOM) < 0 &&
		    (v = near_room(d, tok[1])) >= 0)
			return mq_fail(err, MQ_REFUSED, "\"%s\" is not a room; you "
			    "may mean %s.", tok[1], d->room_id[v]);
		if (ntok != 2 || (v = lookup(d, tok[1], RM_W_ROOM)) < 0)
			return mq_fail(err, MQ_REFUSED, "PLACE needs one room: blue, "
			    "purple, green, orange, white, violet or black.");
		c->room = (uint8_t)v;
		return 0;
	case RM_K_STATUS:
	case RM_K_HELP:
		c->type = kw == RM_K_STATUS ? RM_C_STATUS : RM_C_HELP;
		if (ntok != 1)
			return mq_fail(err, MQ_REFUSED, "%s takes nothing after it.",
			    kw == RM_K_STATUS ? "STATUS" : "HELP");
		return 0;
	}
	/* quoted as written: "MOEV", not the folded "moev"; a near miss
	 * names the command it misses */
	lw = line_words(st);
	v = mq_line_meant(&lw, tok[0], key_names, meant, sizeof(meant));
	mq_words_first(line, buf, sizeof(buf));
	if (v >= 0)
		return mq_fail(err, MQ_REFUSED, "\"%s\" is not a command; did you "
		    "mean %s? The commands are PLAY, MOVE, PLAN, PLACE, STATUS, "
		    "HELP, SET LANG and SET NOTICES.", buf, meant);
	return mq_fail(err, MQ_REFUSED, "\"%s\" is not a command; the commands "
	    "are PLAY, MOVE, PLAN, PLACE, STATUS, HELP, SET LANG and SET NOTICES.",
	    buf);
}

int
rm_parse(const void *state, int seat, const char *line, struct mq_cmd *cmd,
    struct mq_err *err)
{
	const struct rm_state *st = state;
	char buf[1024], kept[1024], *tok[MAXTOK];
	int ntok, rc;

	memset(cmd, 0, sizeof(*cmd));
	MQ_TRY(mq_words_line_kept(line, buf, kept, sizeof(buf), tok, MAXTOK,
	    is_keyword, is_name, st->data, &ntok, err));
	/* a word quoted back as the player wrote it: "Purpel", not "purpel" */
	if ((rc = parse_words(st, seat, line, tok, ntok, rm_cmd_of(cmd),
	    err)) == MQ_REFUSED)
		mq_words_requote(kept, buf, tok, ntok, err);
	return rc;
}

int
rm_format(const void *state, const struct mq_cmd *cmd, struct mq_buf *out)
{
	const struct rm_state *st = state;
	const struct rm_data *d = st->data;
	const struct rm_cmd *c = rm_cmd_ofc(cmd);
	const struct rm_pick *pk = &c->pick;
	int i;

	switch (c->type) {
	case RM_C_PLAY:
		mq_buf_printf(out, "PLAY %s", d->card[pk->card].id);
		for (i = 0; i < pk->ntargets; i++)
			mq_buf_printf(out, "%s%s", i ? " " : " TARGET ",
			    st->p[pk->targets[i]].name);
		for (i = 0; i < pk->nslots; i++)
			mq_buf_printf(out, "%s%s", i ? " " : " SLOT ",
			    time_names[pk->slots[i]]);
		for (i = 0; i < pk->nrecover; i++)
			mq_buf_printf(out, "%s%s", i ? " " : " RECOVER ",
			    d->card[pk->recover[i]].id);
		if (pk->recover_none)
			mq_buf_puts(out, " RECOVER " RECOVER_NONE);
		break;
	case RM_C_MOVE:
		mq_buf_puts(out, "MOVE");
		for (i = 0; i < c->nsteps; i++)
			mq_buf_printf(out, " %s", dir_names[c->steps[i] + 1]);
		break;
	case RM_C_PLAN:
		mq_buf_puts(out, "PLAN");
		if (c->plan_mask == 0)
			mq_buf_puts(out, " CLEAR");
		for (i = 0; i < RM_TIMES; i++) {
			if (c->plan_full)
				mq_buf_printf(out, " %s", dir_names[c->plan[i] + 1]);
			else if (c->plan_mask & (1u << i))
				mq_buf_printf(out, " %s %s", time_names[i],
				    dir_names[c->plan[i] + 1]);
		}
		break;
	case RM_C_PLACE:
		mq_buf_printf(out, "PLACE %s", d->room_id[c->room]);
		break;
	case RM_C_STATUS:
		mq_buf_puts(out, "STATUS");
		break;
	case RM_C_HELP:
		mq_buf_puts(out, "HELP");
		break;
	default:
		return MQ_REFUSED;
	}
	return out->oom ? MQ_IO : 0;
}

int
rm_is_secret(const struct mq_cmd *cmd)
{
	int t = rm_cmd_ofc(cmd)->type;

	return t == RM_C_PLAY || t == RM_C_MOVE || t == RM_C_PLAN || t == RM_C_PLACE;
}

/* A midnight plan, sent in the mail of the round-12 MOVE that strikes
 * midnight, came before midnight: a line of PLAN (its keyword, in any
 * language, whatever follows) is applied before the mail's other lines (a
 * PLAN never counts on a PLAY or MOVE, nor they on it). */
int
rm_goes_first(const void *state, const char *line)
{
	const struct rm_state *st = state;
	char buf[1024], *tok[MAXTOK];
	struct mq_err e;
	int ntok;

	return mq_words_line(line, buf, sizeof(buf), tok, MAXTOK, is_keyword,
	    is_name, st->data, &ntok, &e) == 0 && ntok > 0 &&
	    lookup(st->data, tok[0], RM_W_KEY) == RM_K_PLAN;
}

/* A PLACE is kept secret when sent before its turn; applied in its turn,
 * the noble stands in its room for all to see. A MOVE likewise: carried
 * out by its apply (its turn under sequential moves, or the round's last
 * move), the noble is seen in its new room at once, and has_move is clear
 * again; one kept for later still holds it. A PLAY or PLAN shows nothing
 * before its phase resolves (the reveal entry opens them then). */
int
rm_shown_now(const void *state, int seat, const struct mq_cmd *cmd)
{
	const struct rm_state *st = state;
	int t = rm_cmd_ofc(cmd)->type;

	if (seat < 0 || seat >= st->nplayers)
		return 0;
	if (t == RM_C_PLACE)
		return st->p[seat].room >= 0;
	if (t == RM_C_MOVE)
		return !st->p[seat].has_move;
	return 0;
}
