/*
 * notify_int.h - what the parts of the notify module share: notify.c
 * (each mail's context, its rendering and spooling, the welcome, the
 * update to everyone), notify_receipt.c (the answers to a player's
 * message), notify_admin.c (the host's admin notices).
 * Internal to daemon/; see notify.h for the module.
 */
#ifndef MQ_NOTIFY_INT_H
#define MQ_NOTIFY_INT_H

#include <jansson.h>

#include "daemon/notify.h"

/* ctx, or NULL (and ctx released) when bad: a part failed. */
static inline json_t *
mq_notify_whole(json_t *ctx, int bad)
{
	if (bad) {
		json_decref(ctx);
		return NULL;
	}
	return ctx;
}

/* Out of memory when the journal the mails tell lost a part. */
int mq_notify_journal_ok(const struct mq_game *g, struct mq_err *err);

/* What every game mail carries, for seat (-1: the public view); NULL when
 * out of memory (the view too). */
json_t *mq_notify_base_ctx(struct mq_daemon *d, struct mq_game *g, int seat);

/* The mail of kind rendered over ctx in lang, built as MIME and spooled
 * under spoolname (not synced); reply_to and root may be NULL. */
int mq_notify_send_mail(struct mq_daemon *d, const char *to,
    const char *reply_to, const char *lang, const char *kind,
    const json_t *gamedata, const json_t *ctx, const char *msgid,
    const char *root, const char *spoolname, struct mq_err *err);

/* A game mail of kind to seat, under a spool name and Message-ID that
 * say game, seq, seat, kind and uniq ("" or a hex word that sets apart
 * two mails of one kind at one seq); ctx is taken, NULL is out of
 * memory. Not synced. mq_notify_send_game_mail: uniq "". */
int mq_notify_send_game_mail_uniq(struct mq_daemon *d, struct mq_game *g,
    int seat, const char *kind, const char *uniq, json_t *ctx,
    struct mq_err *err);
int mq_notify_send_game_mail(struct mq_daemon *d, struct mq_game *g,
    int seat, const char *kind, json_t *ctx, struct mq_err *err);

/* The welcome to seat only, or to everyone when seat is -1; synced. why:
 * the host's reason when seat was given to a new player mid-game (admin
 * replace), said in the welcome; NULL at the game's start. moved: not a
 * new player but the seat's own, at a new address (a replace of a seat not
 * kicked): the welcome says the seat's mail comes there now. */
int mq_notify_welcome_seat(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *why, int moved, struct mq_err *err);

/* The kind of mail everyone gets after entries: "end", "resolution", or
 * NULL. */
const char *mq_notify_update_kind(const struct mq_game *g);

/* The mail of kind to every seat but skip (-1: none), not synced: with the
 * journal's events and reveals, the end's secrets for "end", the
 * deadline's defaults, or (admin not NULL) the host's notice. */
int mq_notify_everyone(struct mq_daemon *d, struct mq_game *g,
    const char *kind, json_t *admin, int skip, struct mq_err *err);
/* ... and to seat alone: an action that concerns it alone (rotate-token). */
int mq_notify_only(struct mq_daemon *d, struct mq_game *g, const char *kind,
    json_t *admin, int seat, struct mq_err *err);

/* The end mail again, to one player who asked after the end, under uniq;
 * saying the player's language changed when lang_set. Not synced. */
int mq_notify_end_again(struct mq_daemon *d, struct mq_game *g, int seat,
    const char *uniq, int lang_set, struct mq_err *err);

/* The admin action as the templates word it (notify_admin.c); NULL when
 * out of memory. secs: how far it moves the deadlines, or 0. */
json_t *mq_notify_admin_json(const char *action, const char *player,
    const char *why, json_int_t secs);

/* The host's notice in lang, from the action ctx carries as "admin", into
 * ctx as "notice" (notify_admin.c). */
int mq_notify_admin_notice(struct mq_daemon *d, const char *lang,
    json_t *ctx, struct mq_err *err);

#endif
