/*
 * notify_admin.c - the host's admin actions told (pause, resume, extend,
 * kick, replace, rotate-token, end): the action as the templates word it,
 * the notice in each reader's language, and after a replace the welcome
 * to the new address and the notice to the old one. See notify.h
 * (mq_notify_admin).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/notify_int.h"
#include "daemon/spool.h"
#include "mail/address.h"
#include "mail/render.h"

/*
 * The host's notice in the reader's language: templates/LANG/
 * _admin_notice.mustache over the mail's context, which carries the
 * action as "admin" (see mq_notify_admin), into ctx as "notice"; with
 * "admin_is_me" when the reader is the player the action names.
 */
int
mq_notify_admin_notice(struct mq_daemon *d, const char *lang, json_t *ctx,
    struct mq_err *err)
{
	const char *who = json_string_value(json_object_get(json_object_get(ctx,
	    "admin"), "player"));
	const char *me = json_string_value(json_object_get(ctx, "player"));
	char *notice = NULL;
	int rc;

	/* the reader is the one the action names: "you" */
	if (who != NULL && me != NULL && strcmp(who, me) == 0 &&
	    json_object_set_new(ctx, "admin_is_me", json_true()) != 0)
		return mq_fail(err, MQ_IO, "Out of memory.");
	MQ_TRY(mq_renderer_line(d->renderer, lang, "admin_notice", ctx, &notice,
	    err));
	rc = json_object_set_new(ctx, "notice", json_string(notice));
	free(notice);
	return rc ? mq_fail(err, MQ_IO, "Out of memory.") : 0;
}

/* The admin actions the templates word, each a flag of its own in "admin". */
static const char *const admin_actions[] = {
	"pause", "resume", "extend", "kick", "replace", "rotate-token", "end",
};

/*
 * The action for the templates: {"action": "rotate-token", "rotate_token":
 * true, "player": "bob", "why": "..."}: the flag named after the action
 * ('-' as '_'; "other" for an action they do not know), the player when it
 * names one; when it moves the deadlines, "delay" with "hours" and
 * "minutes" (each when not 0; "one_hour" when the hours are 1); why as the
 * host wrote it.
 */
json_t *
mq_notify_admin_json(const char *action, const char *player, const char *why,
    json_int_t secs)
{
	json_t *a = json_pack("{s:s, s:s}", "action", action, "why", why);
	const size_t n = sizeof(admin_actions) / sizeof(admin_actions[0]);
	char flag[32], *p;
	size_t i;
	int bad = a == NULL;

	for (i = 0; i < n && strcmp(action, admin_actions[i]) != 0; i++)
		;
	snprintf(flag, sizeof(flag), "%s", i < n ? admin_actions[i] : "other");
	for (p = flag; *p; p++)
		if (*p == '-')
			*p = '_';
	bad |= json_object_set_new(a, flag, json_true()) != 0;
	if (player != NULL)
		bad |= json_object_set_new(a, "player", json_string(player)) != 0;
	if (secs) {	/* "delay": hours and minutes, each there when not 0 */
		bad |= json_object_set_new(a, "delay", json_true()) != 0;
		if (secs / 3600 > 0)
			bad |= json_object_set_new(a, "hours",
			    json_integer(secs / 3600)) != 0;
		if (secs / 3600 == 1)
			bad |= json_object_set_new(a, "one_hour", json_true()) != 0;
		if (secs % 3600 / 60 > 0)
			bad |= json_object_set_new(a, "minutes",
			    json_integer(secs % 3600 / 60)) != 0;
	}
	return mq_notify_whole(a, bad);
}

/*
 * After a replace, the seat's old address: the notice, in the old player's
 * language, and that it plays no more. No Reply-To: the seat's tag is the
 * new player's now, and a reply from the old address could not play.
 */
static int
replaced(struct mq_daemon *d, struct mq_game *g, int seat,
    const struct mq_player_info *before, json_t *admin, struct mq_err *err)
{
	char msgid[300], root[300], name[200];
	json_t *ctx = mq_notify_base_ctx(d, g, seat);
	int rc, bad = ctx == NULL;

	if (!bad) {
		json_object_del(ctx, "deadline");
		/* the address plays here no more: the seat's own view (its
		 * hand, its moves not yet revealed) is the new player's, and
		 * no template of this mail may print it */
		bad |= json_object_set_new(ctx, "view", g->kind->view(g->state,
		    MQ_VIEW_PUBLIC)) != 0;
		bad |= json_object_set_new(ctx, "owed", json_null()) != 0;
		bad |= json_object_set_new(ctx, "lang", json_string(before->lang)) != 0;
		bad |= json_object_set_new(ctx, "replaced", json_true()) != 0;
		bad |= json_object_set(ctx, "admin", admin) != 0;
	}
	if (bad) {
		json_decref(ctx);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	if ((rc = mq_notify_admin_notice(d, before->lang, ctx, err)) == 0) {
		snprintf(msgid, sizeof(msgid), "%s.%d.%llu.admin.replaced@%s", g->id,
		    seat, (unsigned long long)g->seq, d->conf.reply_domain);
		snprintf(root, sizeof(root), "%s.%d.1.welcome@%s", g->id, seat,
		    d->conf.reply_domain);
		snprintf(name, sizeof(name), "%s-%08llu-%d-admin-replaced", g->id,
		    (unsigned long long)g->seq, seat);
		rc = mq_notify_send_mail(d, before->email, NULL, before->lang,
		    "admin", g->gd.json, ctx, msgid, root, name, err);
	}
	json_decref(ctx);
	return rc;
}

int
mq_notify_admin(struct mq_daemon *d, struct mq_game *g, const json_t *body,
    const struct mq_player_info *before, struct mq_err *err)
{
	const char *action = json_string_value(json_object_get(body, "action"));
	const char *player = json_string_value(json_object_get(body, "player"));
	const char *why = json_string_value(json_object_get(body, "why"));
	json_int_t secs = json_integer_value(json_object_get(body, "seconds"));
	json_t *admin;
	int rc, seat, newcomer;

	if (action == NULL || why == NULL)
		return mq_fail(err, MQ_BADDATA, "Entry %llu is not an admin action.",
		    (unsigned long long)g->seq);
	if ((admin = mq_notify_admin_json(action, player, why, secs)) == NULL)
		return mq_fail(err, MQ_IO, "Out of memory.");
	/* masqued's own pause (deadline.c), not the host's: said as such */
	if (json_is_string(json_object_get(body, "by")) &&
	    json_object_set_new(admin, "by_server", json_true()) != 0) {
		json_decref(admin);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	/* a replace to the same address gives a kicked player the seat back */
	if (strcmp(action, "replace") == 0 && before != NULL &&
	    (seat = mq_game_seat(g, player ? player : "")) >= 0 &&
	    mq_addr_same(before->email, g->players[seat].email) &&
	    json_object_set_new(admin, "rejoined", json_true()) != 0) {
		json_decref(admin);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	/* a replace to another address: of a kicked seat, or with
	 * --new-player (logged as "new_player"), a new player takes it; of
	 * a seat still played, its own player's new address */
	if (strcmp(action, "replace") == 0 && before != NULL &&
	    !json_is_true(json_object_get(admin, "rejoined")) &&
	    json_object_set_new(admin, before->kicked ||
	    json_is_true(json_object_get(body, "new_player")) ? "new_player" :
	    "new_address", json_true()) != 0) {
		json_decref(admin);
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	/* A replace's new player gets the welcome alone, not the notice too
	 * (two mails asking one move); a kicked player given the seat back
	 * knows the game, and gets the notice, which asks the move owed. */
	newcomer = -1;
	if (strcmp(action, "replace") == 0 && player != NULL &&
	    (seat = mq_game_seat(g, player)) >= 0 &&
	    !json_is_true(json_object_get(admin, "rejoined")))
		newcomer = seat;
	/* an end is told by the end mail itself, with every secret; new
	 * reply addresses concern their seat alone: the others were mailed
	 * that the host renewed alice's (and why: "leaked"), with nothing for
	 * them to do */
	if (strcmp(action, "rotate-token") == 0 && player != NULL &&
	    (seat = mq_game_seat(g, player)) >= 0)
		rc = mq_notify_only(d, g, "admin", admin, seat, err);
	else
		rc = mq_notify_everyone(d, g, strcmp(action, "end") == 0 ?
		    "end" : "admin", admin, newcomer, err);
	if (rc == 0)
		rc = mq_spool_sync(d->conf.datadir, err);
	/* the new player's welcome, to the new address alone: the others
	 * know the game, and the admin notice told them of the change; and
	 * the old address is told it plays no more */
	if (rc == 0 && newcomer >= 0) {
		rc = mq_notify_welcome_seat(d, g, newcomer, why,
		    json_is_true(json_object_get(admin, "new_address")), err);
		if (rc == 0 && before != NULL)
			rc = replaced(d, g, newcomer, before, admin, err);
		if (rc == 0)
			rc = mq_spool_sync(d->conf.datadir, err);
	}
	json_decref(admin);
	return rc;
}
