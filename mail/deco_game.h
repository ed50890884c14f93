/*
 * deco_game.h - what decorate needs of one game data file in one
 * language, worked out once and shared by every mail in it: the rooms'
 * and cards' localised names, the room objects, the catalogue of the
 * welcome and help mails, the midnight times, the notes' cells, and the
 * Prince's path cells (made as they are first needed).
 *
 * Internal to mail/ (decorate.c and its deco_rm_*.c parts, deco_game.c);
 * render.c sees only the opaque handle of decorate.h. The values live in
 * the cache's own arena, are finished when stored and never changed after,
 * so decorate shares them into a mail's values by pointer; they refer to
 * the game data's strings, held as long as the cache. Building one either
 * completes or is dropped as a whole, so memory running out can fail a
 * mail but never leave a part missing from later ones.
 */
#ifndef MQ_DECO_GAME_H
#define MQ_DECO_GAME_H

#include <jansson.h>

#include "mail/decorate.h"
#include "mail/mval.h"

#define DECO_ALIASES	32	/* equal game data objects recognised at once */
#define DECO_PATH	32	/* path cells kept for the first rounds */
#define DECO_PLANS	4	/* directions whose plan steps are kept */
#define DECO_PLAN	16	/* plan steps kept per direction */

/* A room or an action card of the game data. */
struct deco_item {
	const char *id;
	const char *name;	/* names[lang], else names.en, else the id */
	const json_t *entry;	/* its game data entry */
	struct mv *obj;		/* rooms: {id, name, bg, fg, pad}; cards: {id, name} */
	struct mv *pad;		/* rooms: the name padded to room_w */
	struct mv *place;	/* rooms: the PLACE example, or NULL */
	int target, anywhere, slots, recover;	/* cards: the command's needs */
};

/* The notes' cells of one midnight time: unknown, safe, deadly. */
enum { CELL_UNKNOWN, CELL_SAFE, CELL_DEADLY, NCELLS };

/* The Prince's path cell of a round: now, past, or to come. */
enum { PATH_NOW, PATH_PAST, PATH_NEXT, NPATHS };

struct mq_deco_game {
	struct mq_arena *arena;	/* every value below */
	json_t *gd;		/* held: the items point into it; NULL: none */
	json_t *alias[DECO_ALIASES];	/* equal game data, held */
	int nalias;
	char *lang;
	struct deco_item *rooms, *cards;
	size_t nrooms, ncards;
	int room_w;		/* widest localised room name, in columns */
	const json_t *times;	/* midnight.times */
	struct mv *times_pad;	/* [{time, pad}] for the grids' heads */
	struct mv *room_blank;	/* "" padded to room_w */
	struct mv *room_dash;	/* "-" padded to room_w */
	struct mv *catalogue;	/* the keys deco_catalogue sets, as an object */
	struct mv *(*cells)[NCELLS];	/* per midnight time; NULL for a non-string */
	size_t ncells;
	char round_time[DECO_PATH][16];	/* "H:MM" of each round */
	struct mv *(*path)[DECO_PATH][NPATHS];	/* per room, made when first used */
	struct {
		const char *dir;	/* in the arena */
		struct mv *step[DECO_PLAN];	/* made when first used */
	} plans[DECO_PLANS];
	int nplans;
};

const struct deco_item *deco_room(const struct mq_deco_game *g, const char *id);
const struct deco_item *deco_card(const struct mq_deco_game *g, const char *id);

/* The localised name of a room or card: its name, else the id itself. */
const char *deco_room_name(const struct mq_deco_game *g, const char *id);
const char *deco_card_name(const struct mq_deco_game *g, const char *id);

/* "H:MM" of round index i (0-based) from rounds.start and rounds.minutes. */
void deco_round_time(const json_t *gd, size_t i, char *buf, size_t n);

/* Room colours for the HTML board: the abbey's seven, else grey. */
void deco_room_colors(const char *id, const char **bg, const char **fg);

/*
 * A new room object {id, name, bg, fg, pad} for any room id, in the arena
 * a: a copy of the cached one, or made for an id the game data lacks (id
 * must then outlive a's values).
 */
struct mv *deco_room_obj(const struct mq_deco_game *g, struct mq_arena *a,
    const char *id);

/*
 * The cached path cell of room r (an index into rooms) at round i, made
 * and kept when first asked for; NULL when memory runs out.
 */
const struct mv *deco_path_cell(struct mq_deco_game *g, size_t r, size_t i,
    int state);

/*
 * The cached step i of a plan in direction dir: {dir, time, is_<dir>, pad},
 * made and kept when first asked for; NULL when it cannot be kept (too many
 * directions, a late step, no memory).
 */
const struct mv *deco_plan_step(struct mq_deco_game *g, const char *dir,
    size_t i);

/* What a card's command needs, read from its effects (card may be NULL). */
void deco_card_needs(const json_t *card, int *target, int *anywhere,
    int *slots, int *recover);

#endif
