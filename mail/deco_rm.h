/*
 * deco_rm.h - what the parts of The Red Death's decorate share (internal
 * to decorate.c, deco_rm_board.c, deco_rm_examples.c, deco_rm_events.c):
 * the state of one mail's decorate, the setters that make a value only
 * when a template can look its key up, and the values more than one part
 * makes (a player, a plan, a Rumor card, a list of cards), defined in
 * decorate.c. See decorate.c for the rules every part keeps.
 */
#ifndef MQ_DECO_RM_H
#define MQ_DECO_RM_H

#include <jansson.h>

#include "buf.h"
#include "mail/deco_game.h"
#include "mail/deco_util.h"
#include "mail/mval.h"
#include "mail/names.h"

/* What decorate reads of each entry of view.players, read once. */
struct player {
	const json_t *p;	/* the entry; names NULL unless an object */
	const char *name;
	const char *room;
	json_int_t popularity;	/* 0 unless an integer */
	json_int_t seat;
};

/* One mail's decorate: the game data's cache, the mail's arena, the
 * context's parts and the keys to make. */
struct deco {
	struct mq_deco_game *g;
	struct mq_arena *a;	/* the mail's values */
	const json_t *gd;	/* the game's data file */
	const char *lang;
	const json_t *view;	/* may be NULL */
	const json_t *ring;	/* view.rooms, may be NULL */
	const json_t *me;	/* view.me, may be NULL */
	const char *me_name;	/* the recipient, may be NULL */
	const json_t *out_of_game; /* ctx's kicked seats, may be NULL */
	int room_w;		/* widest localised room name, in columns */
	int name_w;		/* widest player name */
	struct mq_names *want;	/* the keys to make; NULL: all */
	struct player *players;	/* view.players, in order */
	size_t nplayers;
};

/*
 * Whether a template can look key up, so that it is worth making; key is
 * a string literal (its answer is remembered by address).
 */
static inline int
want(const struct deco *d, const char *key)
{
	return mq_names_has_lit(d->want, key);
}

/* o[key] = v when a template can look key up. */
static inline void
wput(const struct deco *d, struct mv *o, const char *key, const struct mv *v)
{
	if (want(d, key))
		mv_set(d->a, o, key, v);
}

static inline void
wput_bool(const struct deco *d, struct mv *o, const char *key, int b)
{
	if (want(d, key))
		mv_set(d->a, o, key, mv_bool(b));
}

/* o[key] = s, referenced (see put_ref), when a template can look key up. */
static inline void
wput_ref(const struct deco *d, struct mv *o, const char *key, const char *s)
{
	if (want(d, key))
		put_ref(d->a, o, key, s);
}

static inline void
wflag(const struct deco *d, struct mv *o, const char *prefix, const char *word)
{
	put_flag(d->a, o, prefix, word, d->want);
}

static inline const char *
room_name(const struct deco *d, const char *id)
{
	return deco_room_name(d->g, id);
}

static inline const char *
card_name(const struct deco *d, const char *id)
{
	return deco_card_name(d->g, id);
}

/* The ring of rooms: the view's (view.rooms), in its order. */
static inline const json_t *
ring(const struct deco *d)
{
	return d->ring;
}

/* decorate.c: the values more than one part makes (see there). */
struct mv *deco_buf_str(const struct deco *d, const struct mq_buf *b);
void deco_put_cards(const struct deco *d, struct mv *o, const char *key,
    const char *key_text, const char *has_key, const json_t *ids);
struct mv *deco_rumor_obj(const struct deco *d, const json_t *r);
/* The room steps away from the room from on the ring (cw > 0, ccw < 0),
 * NULL when from is not on it. */
const char *deco_ring_step(const struct deco *d, const char *from,
    int steps);
void deco_put_plan(const struct deco *d, struct mv *o, const json_t *plan);
/* A player of the view; rank > 0: their place on the popularity track. */
struct mv *deco_player_obj(const struct deco *d, const json_t *p,
    size_t rank);

/* deco_rm_board.c: out["board"], "path", "track", "notes", "red_death",
 * "evidence_discard", and what goes with each. */
void deco_board(const struct deco *d, struct mv *out);
void deco_path(const struct deco *d, struct mv *out);
void deco_track(const struct deco *d, struct mv *out);
void deco_notes(const struct deco *d, struct mv *out);
void deco_red_death(const struct deco *d, struct mv *out);
void deco_evidence(const struct deco *d, struct mv *out);

/* deco_rm_examples.c: out["examples"], commands from the reader's hand. */
void deco_examples(const struct deco *d, struct mv *out);

/* deco_rm_events.c: out["events"] in the order the cards resolved, and
 * has_events, winner_popularity. */
void deco_events(const struct deco *d, struct mv *out, const json_t *events);

#endif
