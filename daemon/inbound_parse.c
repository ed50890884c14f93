/*
 * inbound_parse.c - the dry run of `masqued parse`: what the daemon would
 * do with a message, as JSON (its game and player, whether it
 * authenticates, each line accepted, received already or refused and why),
 * the game played on a copy and nothing written. See inbound.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "daemon/inbound_int.h"
#include "daemon/notify.h"

/* A refused line in a dry run's lists; nonzero when out of memory. */
static int
dry_refused(json_t *cmds, json_t *errs, int line, const char *text,
    const char *why)
{
	return json_array_append_new(errs, json_pack("{s:I, s:s, s:s}", "line",
	    (json_int_t)line, "text", text, "error", why)) ||
	    json_array_append_new(cmds, json_pack("{s:s, s:b, s:s}", "text",
	    text, "accepted", 0, "error", why));
}

/* A line left alone as prose (o, "note": true) that holds a whole command
 * after its first word ("ok i'll place blue then"): the command meant, as
 * the game's inner_command finds it for submit, beside it ("meant"), and
 * its error the sentence the receipt says of it (the English receipt's
 * NOT COMMANDS line). meant "": none, nothing changed. Nonzero when out of
 * memory. */
static int
dry_meant(json_t *o, const char *meant)
{
	char why[160];

	if (meant[0] == '\0')
		return 0;
	snprintf(why, sizeof(why), "did you mean %s? A command goes alone on "
	    "its line.", meant);
	return json_object_set_new(o, "meant", json_string(meant)) != 0 ||
	    json_object_set_new(o, "error", json_string(why)) != 0;
}

/* Whether the mail, as the dry run read it (cmds), logs a command entry:
 * a line accepted that is not STATUS or HELP (submit's). The entry ends
 * the seat's late defaults (replay.c's track_late). */
static int
dry_logs(const json_t *cmds)
{
	const char *t;
	size_t i;

	for (i = 0; i < json_array_size(cmds); i++) {
		t = json_string_value(json_object_get(json_array_get(cmds, i),
		    "text"));
		if (json_is_true(json_object_get(json_array_get(cmds, i),
		    "accepted")) && t != NULL && strcmp(t, "STATUS") != 0 &&
		    strcmp(t, "HELP") != 0)
			return 1;
	}
	return 0;
}

/*
 * The dry run's refused lines, once every line is applied to its copy
 * (work): a line received already is told so, with its entry, as the
 * mail's answer tells it (answer, on the game as the message left it), and
 * is not an error; a move that came after the deadline's default says so,
 * as the answer does (inbound.c, mq_inbound_late), and one refused as late
 * before it was applied (late) keeps that sentence; the others go to
 * errors. A line received already that was read as putting the refused
 * line tried[i] right (-1: none) puts it right, as the answer says.
 * Nonzero when out of memory, or MQ_IO in *lrc (lerr why) when the log
 * cannot be read.
 */
static int
dry_already(struct mq_daemon *d, const struct analysis *a, const void *work,
    const struct mq_late_lines *late, const long *tried, json_t *cmds,
    json_t *errs, int *lrc, struct mq_err *lerr)
{
	char why[sizeof(lerr->msg)];
	int logs = dry_logs(cmds), was;
	const char *err;
	json_t *o, *t;
	uint64_t seq;
	size_t i;

	for (i = 0; i < a->nlines; i++) {
		o = json_array_get(cmds, i);
		if (json_is_true(json_object_get(o, "accepted")) ||
		    json_object_get(o, "already") != NULL ||
		    json_is_true(json_object_get(o, "moot")))
			continue;
		err = json_string_value(json_object_get(o, "error"));
		was = late->why[i] != NULL && err != NULL &&
		    strcmp(err, late->why[i]) == 0;
		if (!was && !logs && err != NULL &&
		    !mq_inbound_is_setting(a->lines[i]) &&
		    !json_is_true(json_object_get(o, "note")) &&
		    strncmp(err, MQ_AFTER_REFUSED,
		    strlen(MQ_AFTER_REFUSED)) != 0 &&
		    mq_inbound_sent_before(a->game, work, a->seat, a->lines[i],
		    0) == 0) {
			/* as the answer: came after the default, said so */
			if ((*lrc = mq_inbound_late(d, a->game, a->seat,
			    a->lines[i], &was, why, sizeof(why), lerr)) != 0)
				return 1;
			if (was && json_object_set_new(o, "error",
			    json_string(why)) != 0)
				return 1;
		}
		if (!was && !mq_inbound_is_setting(a->lines[i]) &&
		    (seq = mq_inbound_sent_before(a->game, work, a->seat,
		    a->lines[i], 0)) != 0) {
			if (json_object_del(o, "error") != 0 ||
			    json_object_set_new(o, "already",
			    json_integer((json_int_t)seq)) != 0)
				return 1;
			/* as the answer: read as putting the refused line
			 * above right, it does so (inbound.c
			 * put_right_again) */
			t = tried[i] >= 0 && (size_t)tried[i] < i ?
			    json_array_get(cmds, (size_t)tried[i]) : NULL;
			if (t != NULL &&
			    !json_is_true(json_object_get(t, "accepted")) &&
			    json_object_get(t, "already") == NULL &&
			    json_object_get(t, "corrected_by") == NULL &&
			    (json_object_set_new(o, "corrects",
			    json_integer(tried[i] + 1)) != 0 ||
			    json_object_set_new(t, "corrected_by",
			    json_integer((json_int_t)i + 1)) != 0))
				return 1;
		} else if (json_array_append_new(errs, json_pack("{s:I, s:s, s:O}",
		    "line", (json_int_t)a->lineno[i], "text", a->lines[i], "error",
		    json_object_get(o, "error"))) != 0)
			return 1;
	}
	return 0;
}

/* The lines the dry run's commands name ("corrects", "corrected_by",
 * "replaced_by_line"), counted above as submit numbers them, as the
 * player numbers them (blank lines counted), as the receipt names them
 * and the errors their "line"; nonzero when out of memory. */
static int
dry_seen_lines(const struct analysis *a, json_t *cmds)
{
	static const char *const keys[] = { "corrects", "corrected_by",
	    "replaced_by_line" };
	json_t *o, *v;
	size_t i, k;

	json_array_foreach(cmds, i, o)
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			if ((v = json_object_get(o, keys[k])) != NULL &&
			    json_is_integer(v) && json_integer_set(v,
			    mq_inbound_seen_line(a,
			    (int)json_integer_value(v))) != 0)
				return 1;
	return 0;
}

/*
 * A mail from the seat's player at a new address (a->new_from): its
 * answer says the host has been told (inbound.c tells them, once per game
 * and address), but a dry run tells nobody. Unless the host was told of
 * that address already, its auth says what would happen.
 */
static void
dry_new_from(const struct mq_daemon *d, struct analysis *a)
{
	static const char told[] = "so nothing in it was played. The host "
	    "has been told, and can give";
	static const char would[] = "so nothing in it would be played. The "
	    "host would be told (this dry run told nobody), and could give";
	char key[64], rest[sizeof(a->auth)], *at;

	if (!mq_inbound_new_from_key(a, key, sizeof(key)) ||
	    mq_notify_host_told(d, key) ||
	    (at = strstr(a->auth, told)) == NULL)
		return;
	snprintf(rest, sizeof(rest), "%s", at + strlen(told));
	*at = '\0';
	snprintf(at, sizeof(a->auth) - (size_t)(at - a->auth), "%s%s", would,
	    rest);
}

/* As submit: line i, the last in cmds, puts the n refused lines of m right
 * (mq_fix_walk): it "corrects" each, each "corrected_by" it. 1 out of
 * memory. */
static int
dry_put_right(json_t *cmds, size_t i, const struct mq_fix_mark *m, size_t n)
{
	size_t f;

	for (f = 0; f < n; f++)
		if (json_object_set_new(json_array_get(cmds,
		    json_array_size(cmds) - 1), "corrects",
		    json_integer(m[f].line + 1)) != 0 ||
		    json_object_set_new(json_array_get(cmds, m[f].res),
		    "corrected_by", json_integer((json_int_t)i + 1)) != 0)
			return 1;
	return 0;
}

int
mq_inbound_parse(struct mq_daemon *d, const char *raw, size_t len, json_t **out,
    struct mq_err *err)
{
	struct analysis a;
	json_t *cmds = json_array(), *errs = json_array();
	struct mq_buf text = MQ_BUF_INIT;
	struct mq_cmd cmd, prev, note_cmd;
	struct mq_err e;
	json_t *note_o = NULL, *nt;	/* the line whose sender_note stands */
	void *work = NULL;
	char decided[64][16], before[16], prev_owed[16], whole[sizeof(e.msg)];
	const char *owed;
	size_t i, at, ndecided = 0, *order = NULL;
	long nfirst = 0;
	int rc, bad = 0, have_prev = 0, after, lk, moot;
	int fixing = 0;		/* as submit: this line puts the refused
				 * one right */
	struct mq_fix_walk fw;	/* as submit: the refused lines a later
				 * line may put right */
	struct mq_fix_mark fm[3];
	int kr = 0;		/* a kicked seat asks for the end mail */
	int copy = 0, lrc = 0;	/* a late copy (inbound_copy.c); its failure */
	uint64_t logged;	/* the entry that logged this message, or 0 */
	struct mq_err lerr;
	struct mq_late_lines tardy = { { NULL } };	/* inbound_late.c */
	long tried[MAX_LINES];	/* as submit's tried_fix: the refused line
				 * each refused line was read as putting
				 * right, or -1 */

	*out = NULL;
	for (i = 0; i < MAX_LINES; i++)
		tried[i] = -1;
	if ((rc = mq_inbound_analyse(d, raw, len, &a, 0, err)) != 0) {
		mq_inbound_analysis_free(&a);
		json_decref(cmds);
		json_decref(errs);
		return rc;
	}
	dry_new_from(d, &a);
	/* A part lost for memory would show a dry run that is not the game's:
	 * any failed step below fails it whole (bad). */
	if (cmds == NULL || errs == NULL)
		bad = 1;
	else if (a.auth_ok &&
	    (work = a.game->kind->clone(a.game->state)) == NULL)
		bad = 1;
	/* as submit: a game paused, a seat kicked, refuse the mail whole;
	 * a kicked seat first, and after the end too, as play() does */
	whole[0] = '\0';
	/* but a kicked seat's STATUS after the end: its end mail again */
	if (!bad && work != NULL && (kr = mq_inbound_kicked_reads_end(&a)) < 0)
		bad = 1;
	if (!bad && work != NULL && !kr &&
	    (mq_game_seat_playing(a.game, a.seat, &e) != 0 ||
	    mq_game_refuses_mail(a.game, a.seat, &e) != 0)) {
		/* as the answer says it: a pause, a kick, name the host */
		if (a.game->paused &&
		    mq_game_seat_playing(a.game, a.seat, NULL) == 0)
			mq_inbound_paused_refusal(d, a.game, &e);
		mq_inbound_kicked_refusal(d, a.game, a.seat, &e);
		snprintf(whole, sizeof(whole), "%s", e.msg);
		for (i = 0; !bad && i < a.nlines; i++)
			bad = dry_refused(cmds, errs, a.lineno[i], a.lines[i],
			    whole);
	}
	/* as play(): SET NOTICES alone after the end, one sentence (not
	 * the help mail) */
	if (!bad && work != NULL && !whole[0] &&
	    mq_inbound_over_notices(a.game, a.nlines, &a.set, &e))
		snprintf(whole, sizeof(whole), "%s", e.msg);
	/* as the mail: a copy of a reply read after its round, received
	 * already (inbound_copy.c); its greetings noted, its typos refused */
	if (!bad && work != NULL && !whole[0]) {
		struct mq_submit_result late;

		if ((lrc = mq_inbound_late_copy(d, &a, &late, &copy,
		    &lerr)) != 0)
			bad = 1;
		for (i = 0; !bad && copy && i < late.ncmds; i++) {
			if (late.cmds[i].accepted)
				/* a STATUS or HELP: answered again */
				bad = json_array_append_new(cmds, json_pack(
				    "{s:s, s:b, s:b}", "text", late.cmds[i].text,
				    "accepted", 1, "secret", 0)) != 0;
			else if (late.cmds[i].already &&
			    late.cmds[i].replaced_by)
				/* left out then for a later line: never
				 * logged at that entry */
				bad = json_array_append_new(cmds, json_pack(
				    "{s:s, s:b, s:I, s:i}", "text", a.lines[i],
				    "accepted", 0, "already",
				    (json_int_t)late.cmds[i].already,
				    "replaced_by_line",
				    late.cmds[i].replaced_by)) != 0;
			else if (late.cmds[i].already) {
				bad = json_array_append_new(cmds, json_pack(
				    "{s:s, s:b, s:I}", "text", a.lines[i],
				    "accepted", 0, "already",
				    (json_int_t)late.cmds[i].already)) != 0;
				/* it put a refused line above it right then:
				 * as the first answer said */
				if (!bad && late.cmds[i].corrects)
					bad = json_object_set_new(
					    json_array_get(cmds,
					    json_array_size(cmds) - 1),
					    "corrects", json_integer(
					    late.cmds[i].corrects)) != 0;
			}
			else if (!late.cmds[i].note &&
			    late.cmds[i].corrected_by)
				/* refused again, put right then by a later
				 * line: as the first answer said */
				bad = json_array_append_new(cmds, json_pack(
				    "{s:s, s:b, s:s, s:i}", "text", a.lines[i],
				    "accepted", 0, "error", late.cmds[i].error,
				    "corrected_by",
				    late.cmds[i].corrected_by)) != 0;
			else if (!late.cmds[i].note)	/* refused again:
				 * its error listed by dry_already */
				bad = json_array_append_new(cmds, json_pack(
				    "{s:s, s:b, s:s}", "text", a.lines[i],
				    "accepted", 0, "error",
				    late.cmds[i].error)) != 0;
			else if (a.game->kind->parse(work, a.seat, a.lines[i],
			    &cmd, &e) != 0)
				bad = json_array_append_new(cmds, json_pack(
				    "{s:s, s:b, s:s, s:b}", "text", a.lines[i],
				    "accepted", 0, "error", e.msg, "note",
				    1)) != 0 || dry_meant(json_array_get(cmds,
				    json_array_size(cmds) - 1),
				    late.cmds[i].meant);
		}
		mq_submit_result_free(&late);
	}
	/* as the mail: a move that answers a moment a default decided,
	 * refused before it is applied (inbound_late.c) */
	if (!bad && work != NULL && !whole[0] && !copy &&
	    (lrc = mq_inbound_late_reply(d, a.game, &a, &tardy, &lerr)) != 0)
		bad = 1;
	/* as submit: the lines that go first, then the others */
	if (!bad && work != NULL && !whole[0] && !copy && (nfirst = mq_game_line_order(
	    a.game, work, a.seat, (const char *const *)a.lines, a.nlines,
	    &order)) < 0)
		bad = 1;
	mq_fix_walk_init(&fw, nfirst);
	for (at = 0; !bad && work != NULL && !whole[0] && !copy &&
	    at < a.nlines; at++) {
		const struct mq_game_kind *k = a.game->kind;
		struct mq_decision dd;
		uint64_t seen;

		i = order[at];

		/* as the mail's submit tells it: the standing move again */
		if (mq_game_standing_copy(a.game, work, a.seat, a.lines[i],
		    (const char (*)[16])decided, ndecided, &seen) != 0) {
			bad = 1;
			break;
		}
		if (seen != 0) {
			bad = json_array_append_new(cmds, json_pack("{s:s, s:b, s:I}",
			    "text", a.lines[i], "accepted", 0, "already",
			    (json_int_t)seen)) != 0;
			/* as submit: the move that stands puts the refused
			 * line above it right all the same */
			if (!bad)
				bad = dry_put_right(cmds, i, fm,
				    mq_fix_walk_standing(&fw, a.game, work,
				    (const char *const *)a.lines, at,
				    a.lines[i], fm));
			continue;
		}
		owed = k->owes(work, a.seat);
		snprintf(before, sizeof(before), "%s", owed != NULL ? owed : "");
		/* as submit: in a game over, or after a refused line, only
		 * STATUS and HELP */
		fixing = 0;
		if (mq_game_over(a.game))
			after = mq_game_over_refuses(a.game, work, a.seat,
			    a.lines[i], &cmd, &text, &e);
		else {
			/* as submit: but the line that puts the refused one
			 * right (mq_game_corrects) */
			fixing = mq_fix_walk_fixing(&fw, a.game, work,
			    (const char *const *)a.lines, a.lines[i]);
			after = !fw.refused || fixing ? 0 :
			    mq_game_after_refused(a.game, work, a.seat,
			    a.lines[i], &cmd, &text, &e);
		}
		if (after < 0) {
			bad = 1;
			break;
		}
		moot = 0;
		if (after > 0 || ((!fw.refused || fixing) &&
		    k->parse(work, a.seat, a.lines[i], &cmd, &e) != 0) ||
		    (k->sent_ok != NULL && k->sent_ok(work, a.seat, &cmd,
		    &e) != 0) ||
		    (tardy.why[i] != NULL && mq_fail(&e, MQ_REFUSED, "%s",
		    tardy.why[i]) != 0) ||
		    (k->follows != NULL && have_prev && (moot = k->follows(work,
		    a.seat, &prev, prev_owed, &cmd, &e)) != 0) ||
		    (k->decision(work, a.seat, &cmd, &dd),
		    k->apply(work, a.seat, &cmd, &e)) != 0) {
			/* as submit: needed no more, apart from the errors,
			 * and the next lines go on */
			if (moot == MQ_LINE_MOOT) {
				bad = json_array_append_new(cmds, json_pack(
				    "{s:s, s:b, s:b, s:s}", "text", a.lines[i],
				    "accepted", 0, "moot", 1, "error",
				    e.msg)) != 0;
				continue;
			}
			if (mq_inbound_is_setting(a.lines[i]))
				mq_inbound_setting_refusal(a.lines[i], e.msg,
				    sizeof(e.msg));
			/* its error listed by dry_already, unless received */
			bad = json_array_append_new(cmds, json_pack("{s:s, s:b, s:s}",
			    "text", a.lines[i], "accepted", 0, "error", e.msg)) != 0;
			lk = k->names_command == NULL ? MQ_LINE_COMMAND :
			    k->names_command(work, a.lines[i]);
			/* as submit: the refused line it was read as
			 * putting right (its tried_fix); refused for
			 * itself, not late, the next may put it right */
			tried[i] = mq_fix_walk_refused(&fw, a.game, work,
			    (const char *const *)a.lines, at, i, a.lines[i],
			    json_array_size(cmds) - 1, lk,
			    tardy.why[i] == NULL, fixing);
			if (lk == MQ_LINE_PROSE && !bad &&
			    !mq_inbound_is_setting(a.lines[i]) &&
			    !mq_inbound_names_set(a.lines[i])) {
				char meant[sizeof(((struct mq_cmd_result *)
				    NULL)->meant)] = "";

				/* as the answer: no command, only noted, and
				 * the command inside it said (submit) */
				if (k->inner_command != NULL)
					k->inner_command(work, a.lines[i], meant,
					    sizeof(meant));
				bad = json_object_set_new(json_array_get(cmds,
				    json_array_size(cmds) - 1), "note",
				    json_true()) != 0 ||
				    dry_meant(json_array_get(cmds,
				    json_array_size(cmds) - 1), meant);
			}
			continue;
		}
		prev = cmd;	/* as submit: what the next line follows */
		have_prev = 1;
		memcpy(prev_owed, before, sizeof(prev_owed));
		if (k->is_secret(&cmd) && ndecided < 64)
			memcpy(decided[ndecided++], dd.key, sizeof(decided[0]));
		mq_buf_reset(&text);
		bad = k->format(work, &cmd, &text) != 0 || text.oom ||
		    json_array_append_new(cmds, json_pack("{s:s, s:b, s:b}",
		    "text", mq_buf_str(&text), "accepted", 1, "secret",
		    k->is_secret(&cmd)));
		/* as submit: the refused lines above it puts right, and
		 * the lines after go on; any other line taken but STATUS
		 * and HELP ends a doubt's chance */
		if (!bad)
			bad = dry_put_right(cmds, i, fm,
			    mq_fix_walk_taken(&fw, a.game, work,
			    (const char *const *)a.lines, at, a.lines[i], fixing,
			    k->is_secret(&cmd) ||
			    (strcmp(mq_buf_str(&text), "STATUS") != 0 &&
			    strcmp(mq_buf_str(&text), "HELP") != 0), fm));
		/* as submit: what the sender alone is told of it (the last
		 * line's that has one stands, as the state ends) */
		if (!bad && k->sender_note != NULL) {
			if (k->sender_note(work, a.seat, &cmd, &nt) != 0)
				bad = 1;
			else if (nt != NULL) {
				if (note_o != NULL)
					json_object_del(note_o, "sender_note");
				note_o = json_array_get(cmds,
				    json_array_size(cmds) - 1);
				note_cmd = cmd;
				bad = json_object_set_new(note_o, "sender_note",
				    nt) != 0;
			}
		}
	}
	if (!bad && note_o != NULL) {
		json_object_del(note_o, "sender_note");
		if (a.game->kind->sender_note(work, a.seat, &note_cmd, &nt) != 0)
			bad = 1;
		else if (nt != NULL)
			bad = json_object_set_new(note_o, "sender_note", nt) != 0;
	}
	/* back in the mail's order, each line's where dry_already looks */
	if (!bad && order != NULL && json_array_size(cmds) == a.nlines) {
		json_t *sorted = json_array();

		for (i = 0; sorted != NULL && i < a.nlines; i++)
			if (json_array_append_new(sorted, json_null()) != 0)
				break;
		for (at = 0; sorted != NULL && i == a.nlines && at < a.nlines;
		    at++)
			if (json_array_set(sorted, order[at],
			    json_array_get(cmds, at)) != 0)
				break;
		if (sorted == NULL || at != a.nlines)
			bad = 1;
		else {
			json_decref(cmds);
			cmds = sorted;
			sorted = NULL;
		}
		json_decref(sorted);
	}
	if (!bad && work != NULL && !whole[0])
		bad = dry_already(d, &a, work, &tardy, tried, cmds, errs, &lrc,
		    &lerr);
	if (!bad)
		bad = dry_seen_lines(&a, cmds);
	if (!bad && work != NULL && a.unread > 0) {
		mq_inbound_unread_refusal(e.msg, sizeof(e.msg));
		bad = dry_refused(cmds, errs, a.unread,
		    a.unread_text ? a.unread_text : "", e.msg);
	}
	if (!bad) {
		/* "o" takes cmds and errs, even when the pack fails */
		*out = json_pack("{s:o, s:o, s:s, s:o, s:o, s:s}",
		    "game", a.game ? json_string(a.game->id) : json_null(),
		    "player", a.seat >= 0 ?
		    json_string(a.game->players[a.seat].name) : json_null(),
		    "auth", a.auth, "commands", cmds, "errors", errs,
		    "text", a.text ? a.text : "");
		cmds = errs = NULL;
		bad = *out == NULL || (whole[0] && json_object_set_new(*out,
		    "refused", json_string(whole)) != 0) ||
		    (a.set.lang[0] && json_object_set_new(*out,
		    "lang", json_string(a.set.lang)) != 0) || (a.set.notices >= 0 &&
		    json_object_set_new(*out, "notices", json_boolean(
		    a.set.notices)) != 0);
		/* this very message logged already (an archived mail looked
		 * at in a dispute): its entry, which the lines above are
		 * not, read against the game as it is now */
		if (!bad && a.game != NULL &&
		    (logged = mq_game_message_seq(a.game, a.hash)) != 0)
			bad = json_object_set_new(*out, "logged",
			    json_integer((json_int_t)logged)) != 0;
	}
	if (work != NULL)
		a.game->kind->free_state(work);
	free(order);
	json_decref(cmds);
	json_decref(errs);
	mq_buf_free(&text);
	mq_inbound_late_lines_free(&tardy);
	mq_inbound_analysis_free(&a);
	if (bad) {
		json_decref(*out);
		*out = NULL;
		if (lrc != 0) {	/* the log could not be read */
			*err = lerr;
			return lrc;
		}
		return mq_fail(err, MQ_IO, "Out of memory.");
	}
	return 0;
}
