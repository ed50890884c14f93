/*
 * notify_int.h - what the parts of the notify module share: notify.c
 * (each mail's context, its rendering and spooling, the welcome, the
 * update to everyone), notify_admin.c (the host's admin notices).
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

/* What every game mail carries, for seat (-1: the public view); NULL when
 * out of memory (the view too). */
json_t *mq_notify_base_ctx(struct mq_daemon *d, struct mq_game *g, int seat);

/* The mail of kind rendered over ctx in lang, built as MIME and spooled
 * under spoolname (not synced); reply_to and root may be NULL. */
int mq_notify_send_mail(struct mq_daemon *d, const char *to,
    const char *reply_to, const char *lang, const char *kind,
    const json_t *gamedata, const json_t *ctx, const char *msgid,
    const char *root, const char *spoolname, struct mq_err *err);

/* The welcome to seat only, or to everyone when seat is -1; synced. */
int mq_notify_welcome_seat(struct mq_daemon *d, struct mq_game *g, int seat,
    struct mq_err *err);

/* The mail of kind to every seat but skip (-1: none), not synced: with the
 * journal's events and reveals, the end's secrets for "end", the
 * deadline's defaults, or (admin not NULL) the host's notice. */
int mq_notify_everyone(struct mq_daemon *d, struct mq_game *g,
    const char *kind, json_t *admin, int skip, struct mq_err *err);

/* The admin action as the templates word it (notify_admin.c); NULL when
 * out of memory. secs: how far it moves the deadlines, or 0. */
json_t *mq_notify_admin_json(const char *action, const char *player,
    const char *why, json_int_t secs);

/* The host's notice in lang, from the action ctx carries as "admin", into
 * ctx as "notice" (notify_admin.c). */
int mq_notify_admin_notice(struct mq_daemon *d, const char *lang,
    json_t *ctx, struct mq_err *err);

#endif
