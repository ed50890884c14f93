/* story.c - events as English sentences; see story.h. */
#include <string.h>

#include "daemon/ms_text.h"
#include "daemon/story.h"

static const char *
s(const json_t *e, const char *key)
{
	const char *v = json_string_value(json_object_get(e, key));

	return v ? v : "?";
}

static long long
n(const json_t *e, const char *key)
{
	return json_integer_value(json_object_get(e, key));
}

static void
rumor(const json_t *r, struct mq_buf *out)
{
	if (r == NULL)
		return;
	if (strcmp(s(r, "type"), "gossip") == 0)
		mq_buf_printf(out, " (Gossip: %s is safe at %s)", s(r, "room"),
		    s(r, "time"));
	else
		mq_buf_printf(out, " (Evidence for %s)", s(r, "time"));
}

static void
one(const json_t *e, struct mq_buf *out)
{
	const char *t = s(e, "type");
	json_t *r = json_object_get(e, "rumor");

	if (!strcmp(t, "place"))
		mq_buf_printf(out, "%s enters the %s room.", s(e, "player"), s(e, "room"));
	else if (!strcmp(t, "bonus"))
		mq_buf_printf(out, "%s stands with the Prince: popularity %lld -> %lld.",
		    s(e, "player"), n(e, "from"), n(e, "to"));
	else if (!strcmp(t, "play"))
		mq_buf_printf(out, "%s plays %s.", s(e, "player"), s(e, "card"));
	else if (!strcmp(t, "popularity"))
		/* the change as dealt: the track does not count taken
		 * spaces; a loss it stops short of (1 -> 1 for -1 read as
		 * a contradiction) is held at its floor, as the mails say */
		mq_buf_printf(out, "  %s: %+lld, popularity %lld -> %lld%s.",
		    s(e, "target"), n(e, "steps"), n(e, "from"), n(e, "to"),
		    n(e, "steps") < 0 && (n(e, "from") - n(e, "to") <
		    -n(e, "steps") ||
		    json_is_true(json_object_get(e, "floor"))) ?
		    " (the floor of the track)" : "");
	else if (!strcmp(t, "draw")) {
		mq_buf_printf(out, "  %s draws a Rumor card", s(e, "player"));
		rumor(r, out);
		mq_buf_putc(out, '.');
	} else if (!strcmp(t, "draw_none"))
		mq_buf_printf(out, "  %s finds the Rumor deck empty.", s(e, "player"));
	else if (!strcmp(t, "evidence")) {
		mq_buf_printf(out, "  %s draws Evidence for %s", s(e, "player"), s(e, "time"));
		if (json_object_get(e, "room"))
			mq_buf_printf(out, " and learns %s is deadly then", s(e, "room"));
		mq_buf_putc(out, '.');
	} else if (!strcmp(t, "look") || !strcmp(t, "take")) {
		mq_buf_printf(out, "  %s %s a Rumor card of %s", s(e, "player"),
		    t[0] == 'l' ? "looks at" : "takes", s(e, "target"));
		rumor(r, out);
		mq_buf_putc(out, '.');
	} else if (!strcmp(t, "no_target"))
		mq_buf_printf(out, "  %s finds nobody to target.", s(e, "player"));
	else if (!strcmp(t, "no_card"))
		mq_buf_printf(out, "  %s holds no Rumor card.", s(e, "target"));
	else if (!strcmp(t, "recover"))
		mq_buf_printf(out, "  %s takes %s back into hand.", s(e, "player"),
		    s(e, "card"));
	else if (!strcmp(t, "to_prince"))
		mq_buf_printf(out, "  %s hurries to the Prince, %s -> %s.",
		    s(e, "player"), s(e, "from"), s(e, "to"));
	else if (!strcmp(t, "premonition")) {
		mq_buf_printf(out, "  %s has a premonition", s(e, "player"));
		if (json_object_get(e, "room"))
			mq_buf_printf(out, ": %s is deadly at %s", s(e, "room"), s(e, "time"));
		mq_buf_putc(out, '.');
	} else if (!strcmp(t, "move")) {
		/* the rooms walked through: "cw ccw" goes out and back */
		json_t *via = json_object_get(e, "via"), *v;
		size_t i;

		mq_buf_printf(out, "%s %s %s", s(e, "player"),
		    strcmp(s(e, "from"), s(e, "to")) || json_array_size(via) ?
		    "walks" : "stays,", s(e, "from"));
		json_array_foreach(via, i, v)
			mq_buf_printf(out, " -> %s", json_is_string(v) ?
			    json_string_value(v) : "?");
		mq_buf_printf(out, " -> %s.", s(e, "to"));
	} else if (!strcmp(t, "move_dropped"))
		mq_buf_printf(out, "%s's early move was dropped: it has %lld steps, "
		    "the card played allows %lld.", s(e, "player"), n(e, "steps"),
		    n(e, "allowed"));
	else if (!strcmp(t, "prince"))
		mq_buf_printf(out, "The Prince moves to the %s room.", s(e, "room"));
	else if (!strcmp(t, "midnight"))
		mq_buf_puts(out, "The clock strikes midnight. The Prince is dead; "
		    "the Red Death walks the abbey.");
	else if (!strcmp(t, "plans")) {
		const char *name;
		json_t *plan, *d;
		size_t i;

		mq_buf_puts(out, "The plans are revealed:");
		json_object_foreach(json_object_get(e, "plans"), name, plan) {
			mq_buf_printf(out, "\n  %-8s", name);
			json_array_foreach(plan, i, d)
				mq_buf_printf(out, " %-4s", json_string_value(d));
		}
	} else if (!strcmp(t, "midnight_move")) {
		if (strcmp(s(e, "from"), s(e, "to")) == 0)
			return;
		mq_buf_printf(out, "  %s %s: %s -> %s.", s(e, "time"), s(e, "player"),
		    s(e, "from"), s(e, "to"));
	} else if (!strcmp(t, "visit"))
		mq_buf_printf(out, "  %s: the Red Death visits the %s room.",
		    s(e, "time"), s(e, "room"));
	else if (!strcmp(t, "kill"))
		mq_buf_printf(out, "    %s dies in the %s room.", s(e, "player"),
		    s(e, "room"));
	else if (!strcmp(t, "winner"))
		mq_buf_printf(out, "%s survives as the most popular noble (%lld) and "
		    "wins.", s(e, "player"), n(e, "popularity"));
	else if (!strcmp(t, "round"))
		mq_buf_printf(out, "\n--- %s, round %lld: the Prince is in the %s room ---",
		    s(e, "time"), n(e, "round"), s(e, "prince"));
	else if (!strcmp(t, "no_winner"))
		mq_buf_puts(out, "Nobody survives the night. Nobody wins.");
	else
		mq_buf_printf(out, "(%s)", t);
	mq_buf_putc(out, '\n');
}

void
mq_story_events(const char *kind, const json_t *gamedata,
    const json_t *events, struct mq_buf *out)
{
	json_t *e;
	size_t i;

	if (strcmp(kind, "masquerade") == 0) {
		mq_ms_story(gamedata, events, out);
		return;
	}
	json_array_foreach(events, i, e)
		one(e, out);
}

int
mq_story_since(struct mq_store *s, const char *game, uint64_t from,
    struct mq_buf *out, uint64_t *seq, struct mq_err *err)
{
	struct mq_game *g;
	int rc;

	MQ_TRY(mq_game_open(s, game, 0, from, &g, err));
	mq_game_journal_start(g);
	while ((rc = mq_game_step(g, err)) == 1)
		;
	if (rc < 0)
		rc = -rc;
	else if (g->journal_lost)
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	if (rc == 0) {
		mq_story_events(g->kind->name, g->gd.json, g->journal_admin, out);
		if (out->oom)
			rc = mq_fail(err, MQ_IO, "Out of memory.");
		*seq = g->seq;
	}
	mq_game_journal_stop(g);
	mq_game_close(g);
	return rc;
}
