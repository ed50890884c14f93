/*
 * ms.h - The Masquerade (仮面舞踏会): internal types shared by the files of
 * engine/masquerade/. As for the Red Death, the state is one flat struct
 * (clone is a memcpy) pointing at the compiled, read-only card set, and the
 * rules are ../shared/rules/masquerade.md.
 *
 * Spells of one kind are identical copies, so a hand, a player's VP
 * counters and the Spell tomb are counts per Spell kind; only the deck has
 * an order.
 */
#ifndef MQ_MS_H
#define MQ_MS_H

#include <stdint.h>
#include <jansson.h>

#include "engine/game.h"
#include "engine/rng.h"

#define MS_MAXP		5
#define MS_MINP		3
#define MS_LANGS	3		/* en, ja, zh: the names the card set gives */
#define MS_NAME		48
#define MS_MAXEFF	4
#define MS_MASKS	8
#define MS_DANCERS	8
#define MS_ORDERS	5		/* numbers 1..5, all in play */
#define MS_STAGES	8
#define MS_EMBLEMS	4
#define MS_GUARDIANS	12
#define MS_EVENTS	12
#define MS_SPELLS	16		/* kinds of Spell */
#define MS_DECK		64		/* Spell cards in all */
#define MS_MAXEV	256		/* events kept from one apply */
#define MS_MAXPEND	8
#define MS_FULL		99		/* heal "full" */
#define MS_HIST		128		/* events kept for the players' recaps */

enum ms_trigger {
	MS_T_PASSIVE, MS_T_STAGE_PHASE, MS_T_SPELL_PHASE, MS_T_IN_CHALLENGE,
	MS_T_ON_WIN, MS_T_ON_LOSE, MS_T_EVENT, MS_T_GUARDIAN, MS_T_SCORE,
};

enum ms_op {
	/* one-shot */
	MS_OP_DRAW, MS_OP_RECEIVE, MS_OP_HEAL, MS_OP_LOSE_LIFE,
	MS_OP_DISCARD_DOWN_TO, MS_OP_BANK_VP, MS_OP_STEAL_SPELL,
	MS_OP_SWAP_DANCER, MS_OP_CHALLENGE, MS_OP_END_CHALLENGE_TIE,
	/* modifiers */
	MS_OP_POWER, MS_OP_OPP_POWER, MS_OP_SPELL_COST, MS_OP_OPP_SPELL_COST,
	MS_OP_HAND_LIMIT, MS_OP_CANNOT_CHALLENGE, MS_OP_CANNOT_BE_CHALLENGED,
	MS_OP_GUARDIAN_FLIPS, MS_OP_LOSS_LIFE, MS_OP_MASK_LOCKED,
};

enum ms_who {
	MS_WHO_NONE, MS_WHO_SELF, MS_WHO_PROPHET, MS_WHO_OPPONENT,
	MS_WHO_CHOSEN, MS_WHO_ALL, MS_WHO_OTHERS, MS_WHO_LEADERS,
};

enum ms_when { MS_WHEN_ALWAYS, MS_WHEN_INITIATING, MS_WHEN_IN_CHALLENGE };
enum ms_if { MS_IF_NONE, MS_IF_VP_LEADER, MS_IF_ARENA, MS_IF_TOWER };

struct ms_effect {
	uint8_t trigger, op;		/* enum ms_trigger, enum ms_op */
	uint8_t who, from, to;		/* enum ms_who (from/to: steal_spell) */
	int8_t n;			/* MS_FULL for heal "full" */
	int8_t min;			/* spell_cost's floor */
	int8_t set, add;		/* hand_limit: set (0: none), add */
	uint8_t when, cond;		/* enum ms_when, enum ms_if */
	uint8_t optional, random;
};

/* Statistics of masks and emblems. */
enum ms_stat {
	MS_S_VP_COUNTERS, MS_S_TREASURES, MS_S_EVENTS_PROPHESIED,
	MS_S_ARENA_WINS, MS_S_LIFE, MS_S_EMBLEMS, MS_S_HAND_FULL,
};
enum ms_cmp { MS_CMP_GTE, MS_CMP_EQ };

struct ms_names {
	char id[16];
	char name[MS_LANGS][MS_NAME];	/* name_en, name_ja, name_zh */
	char hant[MS_NAME];	/* name_zh_hant, traditional, read; or "" */
};

struct ms_mask {
	struct ms_names nm;
	uint8_t stat, cmp;		/* enum ms_stat, enum ms_cmp */
	int8_t value;			/* hand_full: 1 for true */
	uint8_t vp;
};

struct ms_dancer {
	struct ms_names nm;
	int8_t power;
	uint8_t neff;
	struct ms_effect eff[MS_MAXEFF];
};

struct ms_order {
	struct ms_names nm;
	uint8_t number;			/* 1..5; orders[] is sorted by it */
	uint8_t neff;
	struct ms_effect eff[MS_MAXEFF];
};

enum ms_rule { MS_R_NONE, MS_R_TOWER, MS_R_ARENA, MS_R_CHAPEL };

struct ms_stage {
	struct ms_names nm;
	uint8_t capacity, rule;		/* enum ms_rule */
	uint8_t neff;
	struct ms_effect eff[MS_MAXEFF];
};

struct ms_emblem {
	struct ms_names nm;
	uint8_t vp, stat;		/* enum ms_stat */
	int8_t min;
};

struct ms_guardian {
	struct ms_names nm;		/* the Guardian's id; name: its number */
	uint8_t number;			/* guardians[] is sorted by it */
	int8_t power;
	uint8_t neff;			/* the Guardian side's effects */
	struct ms_effect eff[MS_MAXEFF];
	struct ms_names treasure;	/* id: the Guardian's */
	uint8_t tvp, tneff;
	struct ms_effect teff[MS_MAXEFF];
};

struct ms_event_card {
	struct ms_names nm;
	uint8_t neff;
	struct ms_effect eff[MS_MAXEFF];
};

struct ms_spell {
	struct ms_names nm;
	uint8_t level, copies;
	uint8_t timing;			/* MS_T_SPELL_PHASE or MS_T_IN_CHALLENGE */
	uint8_t neff;
	struct ms_effect eff[MS_MAXEFF];
};

/* What a word of the command language stands for. */
enum ms_word {
	MS_W_KEY, MS_W_DANCER, MS_W_ORDER, MS_W_STAGE, MS_W_SPELL, MS_W_EVENT,
};

enum ms_key {
	MS_K_DANCER, MS_K_ORDER, MS_K_STAGE, MS_K_PLAY, MS_K_PAY, MS_K_ON,
	MS_K_BANK, MS_K_REVEAL, MS_K_PASS, MS_K_CHALLENGE, MS_K_DISCARD,
	MS_K_KEEP, MS_K_EVENT, MS_K_SWAP, MS_K_STATUS, MS_K_HELP,
};

struct ms_alias {
	char text[MS_NAME];		/* lower-cased UTF-8, words joined by '-' */
	char folded[MS_NAME];		/* text as mq_words_fold reads it when it
					 * holds full-width forms; "" if not */
	uint8_t word, value;		/* enum ms_word; its index or enum ms_key */
};

/* One way of writing an alias: its text, or its folded text. */
struct ms_name {
	uint16_t alias;			/* index in ms_data.alias */
	uint8_t folded;			/* 1: the alias's folded text */
};

struct ms_data {
	int min_players, max_players;
	int start_life, max_life, base_hand_limit, mask_reveal_power;
	int nmasks, ndancers, norders, nstages, nemblems, nguardians, nevents;
	int nspells, ndeck;		/* ndeck: the copies of every kind */
	struct ms_mask mask[MS_MASKS];
	struct ms_dancer dancer[MS_DANCERS];
	struct ms_order order[MS_ORDERS];
	struct ms_stage stage[MS_STAGES];
	struct ms_emblem emblem[MS_EMBLEMS];
	struct ms_guardian guardian[MS_GUARDIANS];
	struct ms_event_card event[MS_EVENTS];
	struct ms_spell spell[MS_SPELLS];
	int nalias;
	struct ms_alias alias[256];
	/* every alias's text and folded text, sorted by word, then text,
	 * then alias index: the parser's look-up (ms_name_find) */
	int nnames;
	struct ms_name names[512];
};

/* Commands. One struct for all; the fields a type does not use are 0/-1. */
enum ms_cmd_type {
	MS_C_DANCER = 1,	/* DANCER d */
	MS_C_ORDER,		/* ORDER n (card: the number 1..5) */
	MS_C_STAGE,		/* STAGE s */
	MS_C_PLAY,		/* PLAY spell [PAY spells] [ON player] [BANK spell] */
	MS_C_REVEAL,		/* REVEAL: the Mask, in a challenge */
	MS_C_PASS,		/* PASS: done with this window, or decline */
	MS_C_CHALLENGE,		/* CHALLENGE player */
	MS_C_BANK,		/* BANK spell: a VP counter */
	MS_C_DISCARD,		/* DISCARD spells (down to the limit) */
	MS_C_KEEP,		/* KEEP spells (of those received) */
	MS_C_EVENT,		/* EVENT e */
	MS_C_SWAP,		/* SWAP player dancer (Change of Partner) */
	MS_C_STATUS,
	MS_C_HELP,
};

struct ms_cmd {
	uint8_t type;
	int8_t card;		/* the dancer, order number, stage, spell, event */
	int8_t target;		/* ON / CHALLENGE / SWAP: a seat; -1 none */
	int8_t card2;		/* SWAP: the dancer; PLAY: BANK's spell; -1 */
	uint8_t n[MS_SPELLS];	/* PAY / DISCARD / KEEP: counts per kind */
};

enum ms_phase {
	MS_PH_DANCER, MS_PH_ORDER, MS_PH_STAGE, MS_PH_SPELL, MS_PH_CHALLENGE,
	MS_PH_EVENT, MS_PH_OVER,
};

/* Decisions that interrupt the phase's sequence, first in first out. */
enum ms_pend_kind {
	MS_P_DISCARD = 1,	/* seat discards down to n */
	MS_P_KEEP,		/* seat keeps up to n of held (the rest: tomb) */
	MS_P_BANK,		/* seat may bank one Spell (optional) */
	MS_P_DUEL,		/* the prophet may challenge a dancer (optional) */
	MS_P_SWAP,		/* the prophet chooses a player and a dancer */
};

struct ms_pending {
	uint8_t kind;
	int8_t seat;
	int8_t n;
	uint8_t held[MS_SPELLS];	/* KEEP: the Spells on offer */
};

enum ms_ch_kind { MS_CH_NONE, MS_CH_TOWER, MS_CH_ARENA, MS_CH_DUEL };

/* The challenge being fought, if any. */
struct ms_challenge {
	uint8_t kind;		/* enum ms_ch_kind */
	int8_t side[2];		/* challenger, defender (-1: the Guardian) */
	int8_t guardian;	/* tower: its index */
	uint8_t window;		/* 0: the challenger's, 1: the defender's */
	int8_t bonus[2];	/* power from Spells and the Mask */
	int8_t minus[2];	/* power taken by the other side's Spells */
	uint8_t tie;		/* a Spell ended it in a tie: its index + 1 */
	uint8_t masked[2];	/* a Mask was revealed for this side */
	uint8_t on_win[2];	/* Spells' draws on a win (Symphony) */
	uint8_t played[2][MS_SPELLS];	/* in-challenge Spells each side
					 * played: the parts of bonus, minus */
};

/* What happened; views show each to whom it may be shown. */
enum ms_ev {
	MS_E_TURN,		/* a = turn */
	MS_E_DANCER,		/* actor chose card (dancer) */
	MS_E_ORDER,		/* actor took order number a (b = 1: the only
				 * one left, given without asking) */
	MS_E_STAGE,		/* actor went to stage card (b = 1: the only
				 * one with room, given without asking) */
	MS_E_DRAW,		/* actor drew spell card (secret to others) */
	MS_E_DRAW_NONE,		/* actor's draw did not happen: a = 1 hand
				 * full, 2 deck empty */
	MS_E_HEAL,		/* actor's life a -> b */
	MS_E_LIFE,		/* actor lost life a -> b */
	MS_E_PLAY,		/* actor played spell card, paying n[] (public),
				 * on target */
	MS_E_RENEW,		/* the deck renewed from the tomb: a cards, b the
				 * run-outs so far; card 1: late, the deck
				 * empty since run-out b (no new run-out) */
	MS_E_RUN_OUT,		/* the deck ran out with an empty tomb; b */
	MS_E_CHALLENGE,		/* actor challenges target (-1: card guardian) */
	MS_E_MASK,		/* actor revealed and discarded Mask card */
	MS_E_FLIP,		/* the Guardian's reveal: spell card, level a */
	MS_E_RESULT,		/* actor a vs target b: winner in card (seat,
				 * -1 tie, -2 the Guardian); n[0] the Spell
				 * that forced a tie, + 1 (0: none); n[1]
				 * bits 1, 2: the challenger's, the other
				 * side's dancer at 0 life, MS_RESULT_PARTS:
				 * n[2..] the sides (ms_fight_pack) */
	MS_E_TREASURE,		/* actor took treasure card */
	MS_E_STEAL,		/* actor took spell card from target (secret) */
	MS_E_BANK,		/* actor banked spell card (secret to others) */
	MS_E_DISCARD,		/* actor discarded n[] to the tomb */
	MS_E_RECEIVE,		/* actor received n[] (secret): a of them,
				 * kept b, the rest to the tomb (card 1: the
				 * hand had no room for any) */
	MS_E_EVENT,		/* actor (the prophet) chose event card */
	MS_E_SWAP,		/* target's dancer a became card */
	MS_E_EMBLEM,		/* actor took emblem card from target (-1) */
	MS_E_NO_CHALLENGE,	/* actor's dancer does not challenge: a why */
	MS_E_END,		/* the game ended: a why */
	MS_E_SCORE,		/* actor scored a (b: of it, the Mask's) */
	MS_E_WINNER,		/* actor won */
	MS_E_PASS,		/* actor passed the Spell phase (PASS, or the
				 * game's own pass of a hand with nothing it
				 * could play: a = 1, told to the actor
				 * alone) */
};

struct ms_event {
	uint8_t type;
	int8_t by;		/* the seat whose move set it off (-1: none):
				 * a hand another's move changed is told to
				 * its holder at once (ms_view.c) */
	int8_t actor, target, card;
	int8_t src_kind, src;	/* a draw's or heal's source: kind (enum
				 * ms_src) and card index, 0 and -1: none */
	int16_t a, b;
	uint8_t n[MS_SPELLS];
};

/* What an event's draw or heal comes from, the mail names it: a card's
 * Stage-phase effect, an Event (src: its index), a fight won (src -1, or
 * the Spell played in it that drew more: Symphony). */
enum ms_src {
	MS_SRC_NONE, MS_SRC_DANCER, MS_SRC_TREASURE, MS_SRC_ORDER,
	MS_SRC_STAGE, MS_SRC_EVENT, MS_SRC_WIN,
};

struct ms_player {
	char name[MQ_NAME_MAX];
	int8_t mask;		/* held Mask, or -1 once revealed */
	int8_t mask_dealt;	/* the Mask dealt at setup */
	int8_t dancer;		/* -1 before choosing */
	int8_t order;		/* this turn's number, 0 while choosing */
	int8_t last_order;	/* last turn's number, 0 on turn 1 */
	int8_t stage;		/* -1: not on a stage */
	int8_t life;
	uint8_t hand[MS_SPELLS];	/* secret */
	uint8_t banked[MS_SPELLS];	/* VP counters, secret but their count */
	uint16_t treasures;		/* Guardian indexes won */
	uint8_t emblems;		/* emblem indexes held */
	uint8_t events_prophesied, arena_wins;
	uint8_t passed;			/* spell phase: done */
	uint32_t seen;			/* hist_n when this seat last played */
	int16_t score;			/* at the end */
};

struct ms_state {
	const struct ms_data *data;
	uint8_t seed[32];
	struct mq_rng_seed rng_seed;
	int nplayers;
	int phase, turn, step;
	uint8_t seq[MS_MAXP];		/* seats in this phase's order */
	int prophet;			/* seat in the Chapel, or -1 */
	int event_chosen;		/* event phase: 1 once chosen */
	int deck_n;
	uint8_t deck[MS_DECK];		/* spell kinds; the top is deck[deck_n-1] */
	uint8_t tomb[MS_SPELLS];
	int runouts;
	int draws;			/* random draws so far: names streams */
	int guardian_next;		/* index of the top Guardian */
	uint16_t events_left;		/* the Event deck, by index */
	uint8_t event_tomb[MS_EVENTS];	/* in the order they happened */
	int nevent_tomb;
	uint8_t dancers_aside;		/* by index */
	int8_t emblem_holder[MS_EMBLEMS];	/* seat or -1 */
	struct ms_challenge ch;
	int npend;
	struct ms_pending pend[MS_MAXPEND];
	int winner;			/* seat, or -1 */
	int end_why;			/* 1 Guardians, 2 Events, 3 run-outs */
	struct ms_player p[MS_MAXP];
	int mover;			/* the seat whose command is applied, or -1 */
	int8_t src_kind, src;		/* the card whose Stage-phase effects
					 * run, the Event that happens, a fight
					 * won (enum ms_src), told with their
					 * events; MS_SRC_NONE otherwise */
	int nev;
	struct ms_event ev[MS_MAXEV];
	/* every event, the last MS_HIST of them: what each seat's recap tells
	 * (the events since it last played, which its receipt did not) */
	uint32_t hist_n;
	struct ms_event hist[MS_HIST];
};

/* ms_data.c */
int ms_data_load(const json_t *json, void **out, struct mq_err *err);
void ms_data_free(void *data);
/* The value of the name text (lower-cased and folded as the parser reads
 * a line, words joined by '-') as a word of kind word (enum ms_word): the
 * first alias whose text or folded text it is; -1 if none. */
int ms_name_find(const struct ms_data *d, const char *text, int word);
/* Index of the card with id in a list (-1): for tests and views. */
int ms_find_dancer(const struct ms_data *d, const char *id);
int ms_find_stage(const struct ms_data *d, const char *id);
int ms_find_spell(const struct ms_data *d, const char *id);
int ms_find_event(const struct ms_data *d, const char *id);
int ms_find_mask(const struct ms_data *d, const char *id);

/* ms_state.c: setup and the rules' arithmetic, shared by apply, view, bot */
int ms_setup(const void *data, const struct mq_setup *s, void **out,
    struct mq_err *err);
int ms_hand_size(const struct ms_player *pl);
int ms_counters(const struct ms_player *pl);
int ms_hand_limit(const struct ms_state *st, int seat);
int ms_vp(const struct ms_state *st, int seat);	/* without the Mask */
int ms_is_vp_leader(const struct ms_state *st, int seat);
int ms_stat(const struct ms_state *st, int seat, int stat);
int ms_orders_active(const struct ms_state *st);	/* turn >= 2 */
int ms_can_challenge(const struct ms_state *st, int seat);
int ms_can_be_challenged(const struct ms_state *st, int seat);
int ms_challenge_shield(const struct ms_state *st, int seat,
    const struct ms_names **card, int *leader);
int ms_spell_cost(const struct ms_state *st, int seat, int spell);
int ms_power(const struct ms_state *st, int side);	/* in st->ch */

/* One part of a side's power in the challenge (ms_power_parts). */
enum ms_part_kind {
	MS_PART_DANCER,		/* card: the dancer, n its printed power (0 at
				 * 0 life) */
	MS_PART_GUARDIAN,	/* card: the Guardian, n its printed power */
	MS_PART_ABILITY,	/* card: the dancer, n its ability's power */
	MS_PART_TREASURE,	/* card: the Guardian whose Treasure it is */
	MS_PART_ORDER,		/* card: the Order's index */
	MS_PART_SPELL,		/* card: a Spell the side played */
	MS_PART_OPP_SPELL,	/* card: a Spell the other side played */
	MS_PART_MASK,		/* the side's Mask, revealed */
	MS_PART_FLIP		/* card: a Spell the Guardian turned up, n its
				 * level (in a fight's result) */
};
struct ms_power_part { uint8_t kind; int8_t card; int8_t n; };
#define MS_PARTS	40
int ms_power_parts(const struct ms_state *st, int side,
    struct ms_power_part *out, int max);
/*
 * A side of a fight as its power's parts need it: what ms_power_parts reads
 * of the state, and what a fight's result event keeps of it (ms_fight_pack)
 * so that the mail gives the parts once the challenge is gone.
 */
struct ms_fight_side {
	int8_t seat;		/* -1: the Guardian */
	int8_t card;		/* the dancer (-1: none), or the Guardian */
	uint8_t life_zero;	/* the dancer at 0 life: printed power 0 */
	int8_t order;		/* the Order's index, -1: none counts (turn 1) */
	uint8_t masked;
	uint16_t treasures;	/* Guardian indexes won */
	uint8_t played[MS_SPELLS];	/* the in-challenge Spells it played;
					 * the Guardian's: the Spells it
					 * turned up */
};
void ms_fight_sides(const struct ms_state *st, struct ms_fight_side fs[2]);
int ms_fight_parts(const struct ms_data *d, const struct ms_fight_side fs[2],
    int side, struct ms_power_part *out, int max);
/* A result event's n[1] bit: n[2..] hold the fight's sides (ms_fight_pack:
 * 0, or -1 when they do not fit and the event gives the totals alone). */
#define MS_RESULT_PARTS	4
int ms_fight_pack(const struct ms_fight_side fs[2], uint8_t *n);
int ms_fight_unpack(const struct ms_event *e, struct ms_fight_side fs[2]);
int ms_stage_count(const struct ms_state *st, int stage);
int ms_order_holder(const struct ms_state *st, int number);
void ms_event(struct ms_state *st, int type, int actor, int target, int card,
    int a, int b, const uint8_t *n);
/* The one-shot moves of cards, each telling what it did. */
void ms_draw(struct ms_state *st, int seat, int n);
int ms_deck_renew_late(struct ms_state *st);	/* the deck's size */
int ms_deck_take(struct ms_state *st);	/* a kind, or -1: deck empty */
/* The event just emitted moved before those emitted since the marks (the
 * hist_n and nev of then): a card taken is told before the run-out (a
 * renewal) its taking made, as it happened. */
void ms_event_first(struct ms_state *st, uint32_t hist_mark, int ev_mark);
void ms_to_tomb(struct ms_state *st, int spell, int n);
void ms_heal(struct ms_state *st, int seat, int n);
void ms_lose_life(struct ms_state *st, int seat, int n);
void ms_emblems(struct ms_state *st);
void ms_score(struct ms_state *st);
/* seq[] = the seats sorted by key (descending when desc); step = 0. */
void ms_sequence(struct ms_state *st, const int8_t *key, int desc);

/* ms_validate.c */
int ms_validate(const struct ms_state *st, int seat, const struct ms_cmd *c,
    struct mq_err *err);
const char *ms_owes(const void *state, int seat);
int ms_follows(const void *state, int seat, const struct mq_cmd *prev,
    const char *owed, const struct mq_cmd *cmd, struct mq_err *err);
int ms_owing_seat(const struct ms_state *st);	/* -1: nobody */
/* What a seat could do now; ms_advance passes a seat that can do nothing. */
int ms_can_play_any(const struct ms_state *st, int seat, int timing);
int ms_side_of(const struct ms_state *st, int seat);	/* in st->ch */
int ms_has_fight_option(const struct ms_state *st, int seat);
int ms_has_target(const struct ms_state *st, int seat);
int ms_order_free(const struct ms_state *st, int seat, int n);
int ms_count_of(const uint8_t *n);	/* cards in a count per Spell */

/* ms_apply.c */
int ms_apply(void *state, int seat, const struct mq_cmd *cmd,
    struct mq_err *err);
int ms_apply_default(void *state, int seat, const struct mq_cmd *cmd,
    struct mq_err *err);
int ms_default_command(const void *state, int seat, struct mq_cmd *cmd);
int ms_default_told(const void *state, int seat, const struct mq_cmd *cmd);
void ms_decision(const void *state, int seat, const struct mq_cmd *cmd,
    struct mq_decision *d);
size_t ms_resolved(const void *state, struct mq_decision *out, size_t max);
/* Move the game on as far as it goes without a player's choice. */
void ms_advance(struct ms_state *st);

/* ms_parse.c */
int ms_parse(const void *state, int seat, const char *line, struct mq_cmd *cmd,
    struct mq_err *err);
void ms_free_dancer_list(const struct ms_state *st, char *buf, size_t n);
int ms_names_command(const void *state, const char *line);
int ms_one_choice(const void *state, const char *line);
int ms_word_put_right(const void *state, const char *prev,
    const char *line);
int ms_inner_command(const void *state, const char *line, char *meant,
    size_t n);
int ms_format(const void *state, const struct mq_cmd *cmd, struct mq_buf *out);
int ms_is_secret(const struct mq_cmd *cmd);

/* ms_view.c */
json_t *ms_view(const void *state, int seat);
json_t *ms_events(const void *state, int seat);

/* ms_bot.c */
int ms_bot(const void *state, int seat, int style, struct mq_rng *rng,
    struct mq_cmd *out, int max);

/* ms_check.c */
int ms_check(const void *state, struct mq_err *err);

static inline struct ms_cmd *
ms_cmd_of(struct mq_cmd *c)
{
	return (struct ms_cmd *)(void *)c->u.bytes;
}

static inline const struct ms_cmd *
ms_cmd_ofc(const struct mq_cmd *c)
{
	return (const struct ms_cmd *)(const void *)c->u.bytes;
}

#endif
