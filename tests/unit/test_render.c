/*
 * test_render.c - the outgoing mails: every kind in every language against
 * golden files, and what must hold of any mail whatever its data; a
 * renderer kept across mails (as the daemon keeps one) makes the same.
 *
 * Run from the repo root. The sample contexts are
 * tests/golden/render/ctx_KIND.json (made from real engine views and
 * events); the expected mails are tests/golden/render/KIND.LANG.{subject,
 * txt,html}. After a deliberate change to a template, rewrite the golden
 * files with
 *
 *     MQ_UPDATE_GOLDEN=1 build/asan/tests/test_render
 *
 * and read the diff before committing it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <dirent.h>
#include <unistd.h>

#include <jansson.h>

#include "buf.h"
#include "err.h"
#include "heading_fixture.h"
#include "zh_fixture.h"
#include "mail/refusal_i18n.h"
#include "mail/render.h"
#include "mail/reply_text.h"

#define GOLDEN "tests/golden/render"
#define TMPL "templates"
#define GAMEDATA "config/games/redmasque.json"

static const char *const kinds[] = {
	"welcome", "turn", "notice", "receipt", "resolution", "reminder", "end",
	"help", "refused", "admin",
};
static const char *const langs[] = { "en", "ja", "zh" };

#define NKINDS (sizeof(kinds) / sizeof(kinds[0]))
#define NLANGS (sizeof(langs) / sizeof(langs[0]))

static json_t *
load_json(const char *path)
{
	json_error_t je;
	json_t *j = json_load_file(path, JSON_REJECT_DUPLICATES, &je);

	if (j == NULL)
		fail_msg("%s: %s (line %d)", path, je.text, je.line);
	return j;
}

static json_t *
load_ctx(const char *kind)
{
	char path[256];

	snprintf(path, sizeof(path), GOLDEN "/ctx_%s.json", kind);
	return load_json(path);
}

static char *
slurp(const char *path)
{
	struct mq_buf b = MQ_BUF_INIT;
	char chunk[4096];
	size_t n;
	FILE *f = fopen(path, "rb");

	if (f == NULL)
		return NULL;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		mq_buf_add(&b, chunk, n);
	fclose(f);
	return mq_buf_steal(&b);
}

static void
write_file(const char *path, const char *s)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(s, 1, strlen(s), f), strlen(s));
	assert_int_equal(fclose(f), 0);
}

/* Compare with the golden file, or rewrite it under MQ_UPDATE_GOLDEN=1. */
static void
check_golden(const char *kind, const char *lang, const char *part,
    const char *got)
{
	const char *upd = getenv("MQ_UPDATE_GOLDEN");
	char path[256], *want;

	snprintf(path, sizeof(path), GOLDEN "/%s.%s.%s", kind, lang, part);
	if (upd != NULL && strcmp(upd, "1") == 0) {
		write_file(path, got);
		return;
	}
	want = slurp(path);
	if (want == NULL)
		fail_msg("%s is missing; run with MQ_UPDATE_GOLDEN=1 to make it",
		    path);
	if (strcmp(want, got) != 0) {
		size_t i = 0;

		while (want[i] && want[i] == got[i])
			i++;
		free(want);
		fail_msg("%s differs from the rendered mail at byte %zu", path, i);
	}
	free(want);
}

struct mail {
	char *subject, *text, *html;
};

/* o[key] is the string s. */
static int
jeq_str(const json_t *o, const char *key, const char *s)
{
	const char *v = json_string_value(json_object_get(o, key));

	return v != NULL && strcmp(v, s) == 0;
}

static void
mail_free(struct mail *m)
{
	free(m->subject);
	free(m->text);
	free(m->html);
	memset(m, 0, sizeof(*m));
}

static int
render(const char *dir, const char *lang, const char *kind, const json_t *gd,
    const json_t *ctx, struct mail *m, struct mq_err *err)
{
	return mq_render_mail(dir, lang, kind, gd, ctx, &m->subject, &m->text,
	    &m->html, err);
}

/* The HTML part as a reader sees its text: a no-break space (the one that
 * holds "3 步" together, deco_html_bind_numbers) as a space. */
static const char *
html_read(const char *html, struct mq_buf *b)
{
	const char *s;

	mq_buf_reset(b);
	for (s = html; *s; s++)
		if (strncmp(s, "\xc2\xa0", 2) == 0) {
			mq_buf_putc(b, ' ');
			s++;
		} else
			mq_buf_putc(b, *s);
	return mq_buf_str(b);
}

/* What must hold of every mail, whatever its data. */
static void
check_invariants(const char *what, const struct mail *m)
{
	if (strncmp(m->text, MQ_REPLY_MARKER, strlen(MQ_REPLY_MARKER)) != 0)
		fail_msg("%s: the text part does not begin with the marker", what);
	if (strstr(m->subject, "{{") || strstr(m->text, "{{") ||
	    strstr(m->html, "{{"))
		fail_msg("%s: a Mustache tag is left in the output", what);
	if (strchr(m->subject, '\n') != NULL || *m->subject == '\0')
		fail_msg("%s: the subject is not one non-empty line", what);
	if (strstr(m->html, "<html") == NULL || strstr(m->html, "</html>") == NULL)
		fail_msg("%s: the HTML part is not a whole document", what);
	if (strstr(m->html, "<script") != NULL)
		fail_msg("%s: the HTML part has a script", what);
}

static void
every_kind_and_language_matches_its_golden_files(void **state)
{
	json_t *gd = load_json(GAMEDATA), *ctx;
	struct mq_err err;
	struct mail m = { 0 };
	char what[64];
	size_t k, l;

	(void)state;
	for (k = 0; k < NKINDS; k++) {
		ctx = load_ctx(kinds[k]);
		for (l = 0; l < NLANGS; l++) {
			snprintf(what, sizeof(what), "%s.%s", kinds[k], langs[l]);
			if (render(TMPL, langs[l], kinds[k], gd, ctx, &m, &err) != 0)
				fail_msg("%s: %s", what, err.msg);
			check_invariants(what, &m);
			check_golden(kinds[k], langs[l], "subject", m.subject);
			check_golden(kinds[k], langs[l], "txt", m.text);
			check_golden(kinds[k], langs[l], "html", m.html);
			mail_free(&m);
		}
		json_decref(ctx);
	}
	json_decref(gd);
}

static void
subjects_name_the_game_and_the_time(void **state)
{
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("turn");
	struct mq_err err;
	struct mail m = { 0 };

	(void)state;
	assert_int_equal(render(TMPL, "en", "turn", gd, ctx, &m, &err), 0);
	assert_string_equal(m.subject, "[Masque g7f3abcd] 9:20 — choose your action");
	mail_free(&m);
	assert_int_equal(render(TMPL, "ja", "turn", gd, ctx, &m, &err), 0);
	assert_string_equal(m.subject,
	    "[赤死病 g7f3abcd] 9:20 — アクションを選んでください");
	mail_free(&m);
	assert_int_equal(render(TMPL, "zh", "turn", gd, ctx, &m, &err), 0);
	assert_string_equal(m.subject, "[红死神 g7f3abcd] 9:20 — 请选择你的行动");
	mail_free(&m);
	json_decref(ctx);
	json_decref(gd);
}

/* A notice (another player's secret move, while this one's turn has not
 * just come) is the turn mail without the board and the player's own
 * section: what happened, the commitments, what is owed, the checkpoint. */
/*
 * A resolution mail's subject says what was revealed: the cards when the
 * moves come next, a new round when the moves or the placements have
 * resolved (it said "the cards are revealed" after those too).
 */
static void
resolution_subjects_say_what_resolved(void **state)
{
	json_t *gd = load_json(GAMEDATA), *act = load_ctx("turn"),
	    *cards = load_ctx("resolution");
	struct mq_err err;
	struct mail m = { 0 };

	(void)state;
	assert_int_equal(render(TMPL, "en", "resolution", gd, act, &m, &err), 0);
	assert_string_equal(m.subject,
	    "[Masque g7f3abcd] 9:20 — a new round; choose your action");
	mail_free(&m);
	assert_int_equal(render(TMPL, "ja", "resolution", gd, act, &m, &err), 0);
	assert_string_equal(m.subject,
	    "[赤死病 g7f3abcd] 9:20 — 新しいラウンド：アクションを選んでください");
	mail_free(&m);
	assert_int_equal(render(TMPL, "zh", "resolution", gd, act, &m, &err), 0);
	assert_string_equal(m.subject,
	    "[红死神 g7f3abcd] 9:20 — 新的一轮；请选择你的行动");
	mail_free(&m);
	assert_int_equal(render(TMPL, "en", "resolution", gd, cards, &m, &err), 0);
	assert_string_equal(m.subject,
	    "[Masque g7f3abcd] 9:00 — the cards are revealed; move your noble");
	mail_free(&m);
	json_decref(cards);
	json_decref(act);
	json_decref(gd);
}

/*
 * A popularity line says the change as dealt, and why the spaces moved
 * differ: taken spaces are not counted (the golden resolution has +2 from
 * 18 to 21), and a marker stops at the bottom of the track: bob's -2 from
 * 2 can only go to 1 (bob reads it: "You lose").
 */
static void
a_popularity_line_says_why_the_spaces_differ(void **state)
{
	static const char *const want[][2] = {
		/* 85 columns: wrapped at a space, under the line's indent,
		 * not leaving "track)." alone */
		{ "en", "You lose 2 (dave's card): popularity 2 -> 1 (stopped at the bottom of\n      the track)." },
		{ "ja", "あなたの人気 -2（dave のカード）：2 -> 1（これより下には下がりません）。" },
		{ "zh", "你的人气下降 2（dave 的牌）：2 -> 1（已到最低处）。" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("resolution"), *e;
	struct mq_err err;
	struct mail m = { 0 };
	size_t i;

	(void)state;
	json_array_foreach(json_object_get(ctx, "events"), i, e)
		if (json_integer_value(json_object_get(e, "from")) == 9) {
			json_object_set_new(e, "from", json_integer(2));
			json_object_set_new(e, "to", json_integer(1));
		}
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		assert_int_equal(render(TMPL, want[i][0], "resolution", gd, ctx, &m,
		    &err), 0);
		if (strstr(m.text, want[i][1]) == NULL)
			fail_msg("%s: no \"%s\" in\n%s", want[i][0], want[i][1], m.text);
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A loss that passes taken spaces and then meets the bottom of the track
 * says both: bob's -3 from 6, with 5, 4, 3 and 1 taken, counts one step
 * to 2 and stops there. From and to alone (4 spaces for 3) read as a
 * skip only, and the mail said "(taken spaces not counted)", as if the 3
 * were all taken; the engine's "floor" tells the stop.
 */
static void
a_loss_past_taken_spaces_to_the_bottom_says_both(void **state)
{
	static const char *const want[][2] = {
		{ "en", "You lose 3 (dave's card): popularity 6 -> 2 (taken spaces not counted; stopped at the bottom of the track)." },
		{ "ja", "6 -> 2（埋まったマスは数えず、これより下には下がりません）。" },
		{ "zh", "6 -> 2（已被占的格子不计，已到最低处）。" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("resolution"), *e;
	struct mq_err err;
	struct mail m = { 0 };
	size_t i;
	char *t, *p, *q;

	(void)state;
	json_array_foreach(json_object_get(ctx, "events"), i, e)
		if (json_integer_value(json_object_get(e, "from")) == 9) {
			json_object_set_new(e, "from", json_integer(6));
			json_object_set_new(e, "to", json_integer(2));
			json_object_set_new(e, "steps", json_integer(-3));
			json_object_set_new(e, "floor", json_true());
		}
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		assert_int_equal(render(TMPL, want[i][0], "resolution", gd, ctx, &m,
		    &err), 0);
		/* the lines joined back: a space between English words */
		t = strdup(m.text);
		assert_non_null(t);
		for (p = q = t; *p; p++) {
			if (*p == '\n' && p[1] == ' ') {
				while (p[1] == ' ')
					p++;
				if (want[i][0][0] == 'e')
					*q++ = ' ';
				continue;
			}
			*q++ = *p;
		}
		*q = '\0';
		if (strstr(t, want[i][1]) == NULL)
			fail_msg("%s: no \"%s\" in\n%s", want[i][0], want[i][1], t);
		if (strstr(t, ") (") != NULL || strstr(t, "）（") != NULL)
			fail_msg("%s: two brackets in a row in\n%s", want[i][0], t);
		free(t);
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/* ctx's events, from JSON written with ' for " (each under 256 bytes). */
static void
set_events(json_t *ctx, const char *const *events, size_t n)
{
	json_t *a = json_array();
	json_error_t je;
	size_t i;

	assert_non_null(a);
	for (i = 0; i < n; i++) {
		char j[256], *q;

		assert_true(strlen(events[i]) < sizeof(j));
		strcpy(j, events[i]);
		for (q = j; *q; q++)
			if (*q == '\'')
				*q = '"';
		assert_int_equal(json_array_append_new(a, json_loads(j, 0,
		    &je)), 0);
	}
	assert_int_equal(json_object_set_new(ctx, "events", a), 0);
}

/* The line of the text part as the HTML part has it: an arrow for "->". */
static int
html_has_line(const char *html, const char *line)
{
	struct mq_buf h = MQ_BUF_INIT;
	const char *s;
	int found;

	for (s = line; *s; s++)
		if (strncmp(s, " -> ", 4) == 0) {
			mq_buf_puts(&h, " &rarr; ");
			s += 3;
		} else
			mq_buf_putc(&h, *s);
	found = strstr(html, mq_buf_str(&h)) != NULL;
	mq_buf_free(&h);
	return found;
}

/*
 * The Prince's +1 skips the taken spaces too, and says so as a card's
 * gain does: "+1 (popularity 6 -> 8)" read as a sum gone wrong (found
 * reading a whole game: erin, with the Prince, went 6 -> 8 in round 3).
 */
static void
the_princes_point_says_why_the_spaces_differ(void **state)
{
	static const char *const events[] = {
		"{'type': 'bonus', 'player': 'alice', 'target': 'alice', "
		    "'from': 6, 'to': 8, 'steps': 1}",
		"{'type': 'bonus', 'player': 'bob', 'target': 'bob', "
		    "'from': 5, 'to': 6, 'steps': 1}",
	};
	static const char *const said[][2] = {
		{ "  alice is with the Prince: +1 (popularity 6 -> 8, taken spaces "
		    "not counted).\n",
		  "  You are with the Prince: +1 (popularity 5 -> 6).\n" },
		{ "  alice は王子と同じ部屋：+1（人気 6 -> 8、埋まったマスは数えず）。\n",
		  "  あなたは王子と同じ部屋：+1（人気 5 -> 6）。\n" },
		{ "  alice 与亲王同在一室：+1（人气 6 -> 8，已被占的格子不计）。\n",
		  "  你与亲王同在一室：+1（人气 5 -> 6）。\n" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("resolution");
	struct mq_err err;
	struct mail m = { 0 };
	size_t i, l;

	(void)state;
	set_events(ctx, events, sizeof(events) / sizeof(events[0]));
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "resolution", gd, ctx,
		    &m, &err), 0);
		for (i = 0; i < 2; i++) {
			if (strstr(m.text, said[l][i]) == NULL)
				fail_msg("%s: no \"%s\" in\n%s", langs[l],
				    said[l][i], m.text);
			if (!html_has_line(m.html, said[l][i]))
				fail_msg("%s: no \"%s\" in the HTML part",
				    langs[l], said[l][i]);
		}
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

static void
a_notice_is_the_turn_mail_without_the_board(void **state)
{
	static const char *const board[] = { "-- THE BOARD at", "の盤面 ---",
	    "的图板 ---" };
	static const char *const me[] = { "-- YOU: ", "-- あなた：", "-- 你：" };
	static const char *const commits[] = { "-- COMMITMENTS", "-- コミットメント",
	    "-- 承诺值" };
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("notice");
	const char *head = json_string_value(json_object_get(json_object_get(ctx,
	    "checkpoint"), "head"));
	struct mq_err err;
	struct mail t = { 0 }, n = { 0 };
	size_t l;

	(void)state;
	assert_non_null(head);
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "turn", gd, ctx, &t, &err), 0);
		assert_int_equal(render(TMPL, langs[l], "notice", gd, ctx, &n, &err), 0);
		assert_non_null(strstr(t.text, board[l]));
		assert_non_null(strstr(t.text, me[l]));
		assert_null(strstr(n.text, board[l]));
		assert_null(strstr(n.text, me[l]));
		assert_non_null(strstr(n.text, commits[l]));
		assert_non_null(strstr(n.text, head));
		assert_non_null(strstr(n.html, head));
		assert_string_equal(n.subject, t.subject);
		if (strlen(n.text) * 3 > strlen(t.text) * 2 ||
		    strlen(n.html) * 2 > strlen(t.html))
			fail_msg("%s: the notice is not much shorter than the turn "
			    "mail", langs[l]);
		mail_free(&t);
		mail_free(&n);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A PLACE sent before its turn waits: its sender's mails say so, in words
 * (the receipt of tests/golden/render/ctx_receipt_place.json, dave's early
 * PLACE green, golden as receipt_place.LANG.*); without it, nothing is said.
 */
static void
an_early_placement_is_told_to_its_sender(void **state)
{
	static const char *const said[][2] = {
		{ "Your placement: Green, made when your turn comes",
		  "Your placement: <b>Green</b>, made when your turn comes" },
		{ "配置予定：緑の間（あなたの番が来たら置かれます）",
		  "配置予定：<b>緑の間</b>（あなたの番が来たら置かれます）" },
		{ "待放置：绿色房间（轮到你时放置）",
		  "待放置：<b>绿色房间</b>（轮到你时放置）" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("receipt_place");
	struct mq_err err;
	struct mail m = { 0 };
	char what[64];
	size_t l;

	(void)state;
	for (l = 0; l < NLANGS; l++) {
		snprintf(what, sizeof(what), "receipt_place.%s", langs[l]);
		if (render(TMPL, langs[l], "receipt", gd, ctx, &m, &err) != 0)
			fail_msg("%s: %s", what, err.msg);
		check_invariants(what, &m);
		check_golden("receipt_place", langs[l], "subject", m.subject);
		check_golden("receipt_place", langs[l], "txt", m.text);
		check_golden("receipt_place", langs[l], "html", m.html);
		if (strstr(m.text, said[l][0]) == NULL ||
		    strstr(m.html, said[l][1]) == NULL)
			fail_msg("%s does not say: %s", what, said[l][0]);
		mail_free(&m);
	}
	assert_int_equal(json_object_set_new(json_object_get(json_object_get(ctx,
	    "view"), "me"), "pending_place", json_null()), 0);
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "receipt", gd, ctx, &m,
		    &err), 0);
		assert_null(strstr(m.text, said[l][0]));
		assert_null(strstr(m.html, said[l][1]));
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A player waiting to place is told their place in the order and who
 * places before them (the welcome: dave, the least popular, places first,
 * then erin and alice on in seat order, then bob, the reader); once
 * placed, nothing; a PLACE sent early is said as made in the turn. They
 * were told only whose turn it was.
 */
static void
the_placement_order_is_told(void **state)
{
	static const char *const said[] = {
		"You place after dave, erin, alice: number 4 of 5 in the order\n",
		"あなたが置くのは dave、erin、alice の後です\n（5人中 4番目：人気の",
		"你在 dave、erin、alice 之后放置\n（5 人中第 4 个：从人气最低者",
	};
	static const char *const given[] = {
		"Your placement is made after dave, alice: number 4 of 5",
		"あなたの配置が行われるのは dave、alice の後です\n（5人中 4番目",
		"你的放置在 dave、alice 之后生效\n（5 人中第 4 个",
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("welcome"), *p;
	struct mq_err err;
	struct mail m = { 0 };
	size_t i, l;

	(void)state;
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "welcome", gd, ctx, &m,
		    &err), 0);
		if (strstr(m.text, said[l]) == NULL)
			fail_msg("%s: no \"%s\" in\n%s", langs[l], said[l], m.text);
		mail_free(&m);
	}
	/* erin has placed: she is no longer before bob */
	json_array_foreach(json_object_get(json_object_get(ctx, "view"),
	    "players"), i, p)
		if (strcmp(json_string_value(json_object_get(p, "name")),
		    "erin") == 0)
			json_object_set_new(p, "room", json_string("blue"));
	assert_int_equal(render(TMPL, "en", "welcome", gd, ctx, &m, &err), 0);
	assert_non_null(strstr(m.text, "You place after dave, alice: number 4 of 5"));
	mail_free(&m);
	/* bob's PLACE came early: it is held, and said as made in the turn */
	json_object_set_new(json_object_get(json_object_get(ctx, "view"), "me"),
	    "pending_place", json_string("green"));
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "welcome", gd, ctx, &m,
		    &err), 0);
		if (strstr(m.text, given[l]) == NULL)
			fail_msg("%s: no \"%s\" in\n%s", langs[l], given[l],
			    m.text);
		mail_free(&m);
	}
	json_object_del(json_object_get(json_object_get(ctx, "view"), "me"),
	    "pending_place");
	/* bob has placed (early, or his turn came): nothing */
	json_array_foreach(json_object_get(json_object_get(ctx, "view"),
	    "players"), i, p)
		if (strcmp(json_string_value(json_object_get(p, "name")),
		    "bob") == 0)
			json_object_set_new(p, "room", json_string("blue"));
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "welcome", gd, ctx, &m,
		    &err), 0);
		assert_null(strstr(m.text, said[l]));
		assert_null(strstr(m.text, "You place after"));
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The plays of a round are listed in the order the cards resolved (the
 * order of their players' first effects), not in seat order as the
 * engine reveals them: in the golden resolution dave's Discuss resolved
 * first, then erin's Threaten, then alice's, bob's (the reader's: "You
 * played") and carol's cards; a card with no effect seen (Encore with no
 * discard) follows the play before it in seat order.
 */
static void
the_plays_are_listed_as_they_resolved(void **state)
{
	static const char *const en[] = { "  dave played Discuss.\n",
	    "  erin played Threaten.\n", "  alice played Court the Prince.\n",
	    "  You played Discuss.\n", "  carol played Dance.\n",
	    "  dave drew a Rumor card.\n" };
	static const char *const silent[] = { "  erin played Threaten.\n",
	    "  alice played Court the Prince.\n", "  You played Discuss.\n",
	    "  carol played Dance.\n", "  dave played Encore.\n" };
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("resolution"), *e;
	struct mq_err err;
	struct mail m = { 0 };
	const char *at, *prev = NULL;
	size_t i;

	(void)state;
	assert_int_equal(render(TMPL, "en", "resolution", gd, ctx, &m, &err), 0);
	for (i = 0; i < sizeof(en) / sizeof(en[0]); i++) {
		at = strstr(m.text, en[i]);
		if (at == NULL || (prev != NULL && at < prev))
			fail_msg("\"%s\" is not after the line before in\n%s", en[i],
			    m.text);
		prev = at;
	}
	mail_free(&m);
	/* dave's card did nothing seen: after carol's, the seat before his */
	json_array_foreach(json_object_get(ctx, "events"), i, e) {
		if (jeq_str(e, "type", "play") && jeq_str(e, "player", "dave"))
			json_object_set_new(e, "card", json_string("encore"));
		if (jeq_str(e, "type", "draw") && jeq_str(e, "player", "dave"))
			json_object_set_new(e, "player", json_string("nobody"));
	}
	assert_int_equal(render(TMPL, "en", "resolution", gd, ctx, &m, &err), 0);
	for (prev = NULL, i = 0; i < sizeof(silent) / sizeof(silent[0]); i++) {
		at = strstr(m.text, silent[i]);
		if (at == NULL || (prev != NULL && at < prev))
			fail_msg("\"%s\" is not after the line before in\n%s",
			    silent[i], m.text);
		prev = at;
	}
	mail_free(&m);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The reader is "you" in the events (あなた, 你), the verb agreeing, at
 * the start of a sentence or in it; the other players keep their names.
 * The events named the reader by name ("bob took Threaten back into their
 * hand"), as they named everyone. The text part and the HTML part alike.
 * Whose Rumor card the reader looked at reads as a possessive ("a Rumor
 * card of carol" was said).
 */
static void
the_reader_is_you_in_the_events(void **state)
{
	/* JSON with ' for " */
	static const char *const events[] = {
		"{'type': 'place', 'player': 'bob', 'room': 'blue'}",
		"{'type': 'bonus', 'player': 'bob', 'target': 'bob', "
		    "'from': 5, 'to': 6, 'steps': 1}",
		"{'type': 'popularity', 'player': 'alice', 'target': 'bob', "
		    "'from': 5, 'to': 7, 'steps': 2}",
		"{'type': 'popularity', 'player': 'bob', 'target': 'carol', "
		    "'from': 5, 'to': 3, 'steps': -2}",
		"{'type': 'popularity', 'player': 'bob', 'target': 'bob', "
		    "'from': 5, 'to': 8, 'steps': 3}",
		"{'type': 'look', 'player': 'alice', 'target': 'bob'}",
		"{'type': 'take', 'player': 'bob', 'target': 'carol'}",
		"{'type': 'no_card', 'player': 'erin', 'target': 'bob', "
		    "'card': 'swindle'}",
		"{'type': 'no_card', 'player': 'bob', 'target': 'carol', "
		    "'card': 'threaten'}",
		"{'type': 'no_target', 'player': 'bob'}",
		"{'type': 'recover', 'player': 'bob', 'card': 'threaten'}",
		"{'type': 'move_dropped', 'player': 'bob', 'steps': 3, "
		    "'allowed': 2}",
		"{'type': 'midnight_move', 'player': 'bob', 'time': '12:10', "
		    "'from': 'purple', 'to': 'green'}",
		"{'type': 'midnight_move', 'player': 'bob', 'time': '12:20', "
		    "'from': 'green', 'to': 'green'}",
		"{'type': 'kill', 'player': 'bob', 'time': '12:30', "
		    "'room': 'green'}",
		"{'type': 'winner', 'player': 'bob', 'popularity': 27}",
		"{'type': 'bonus', 'player': 'carol', 'target': 'carol', "
		    "'from': 3, 'to': 4, 'steps': 1}",
		"{'type': 'kill', 'player': 'dave', 'time': '12:40', "
		    "'room': 'blue'}",
		"{'type': 'look', 'player': 'bob', 'target': 'carol'}",
	};
	static const char *const said[][19] = { {
		"  You placed your noble in Blue.\n",
		"  You are with the Prince: +1 (popularity 5 -> 6).\n",
		"  You gain 2 (alice's card): popularity 5 -> 7.\n",
		"  carol loses 2 (your card): popularity 5 -> 3.\n",
		"  You gain 3: popularity 5 -> 8.\n",
		"  alice looked at one of your Rumor cards.\n",
		"  You took a Rumor card from carol.\n",
		"  erin's Swindle found no Rumor card on you.\n",
		"  Your Threaten found no Rumor card on carol.\n",
		"  Your card found nobody nearby to target.\n",
		"  You took Threaten back into your hand.\n",
		"  You asked for 3 steps but had 2: the move was dropped.\n",
		"  12:10 You move Purple -> Green.\n",
		"  12:20 You stay in Green.\n",
		"  12:30 You die in Green.\n",
		"You win, with popularity 27.\n",
		"  carol is with the Prince: +1 (popularity 3 -> 4).\n",
		"  12:40 dave dies in Blue.\n",
		"  You looked at one of carol's Rumor cards.\n",
	}, {
		"  あなたが貴族を青の間に置きました。\n",
		"  あなたは王子と同じ部屋：+1（人気 5 -> 6）。\n",
		"  あなたの人気 +2（alice のカード）：5 -> 7。\n",
		"  carol の人気 -2（あなたのカード）：5 -> 3。\n",
		"  あなたの人気 +3：5 -> 8。\n",
		"  alice はあなたの噂カードを見ました。\n",
		"  あなたは carol から噂カードを奪いました。\n",
		"  erin の「詐欺」は空振りでした：あなたは噂カードを持っていませんでした。\n",
		"  あなたの「脅し」は空振りでした：carol は噂カードを持っていませんでした。\n",
		"  あなたのカードは、近くに対象となる貴族がおらず空振りでした。\n",
		"  あなたは「脅し」を手札に戻しました。\n",
		"  あなたの移動は3歩でしたが、許されたのは2歩：移動は取り消されました。\n",
		"  12:10 あなたが移動：紫の間 -> 緑の間。\n",
		"  12:20 あなたは緑の間に留まりました。\n",
		"  12:30 あなたが緑の間で死にました。\n",
		"あなたの勝利です（人気 27）。\n",
		"  carol は王子と同じ部屋：+1（人気 3 -> 4）。\n",
		"  12:40 dave が青の間で死にました。\n",
		"  あなたは carol の噂カードを見ました。\n",
	}, {
		"  你把贵族放在蓝色房间。\n",
		"  你与亲王同在一室：+1（人气 5 -> 6）。\n",
		"  你的人气上升 2（alice 的牌）：5 -> 7。\n",
		"  carol 人气下降 2（你的牌）：5 -> 3。\n",
		"  你的人气上升 3：5 -> 8。\n",
		"  alice 看了你的 1 张谣言卡。\n",
		"  你从 carol 那里拿走 1 张谣言卡。\n",
		"  erin 的「诈骗」落空了：你没有谣言卡。\n",
		"  你的「吓唬」落空了：carol 没有谣言卡。\n",
		"  你的牌在附近找不到目标。\n",
		"  你把「吓唬」收回手中。\n",
		"  你要走 3 步，但只允许 2 步：移动作废。\n",
		"  12:10 你移动：紫色房间 -> 绿色房间。\n",
		"  12:20 你留在绿色房间。\n",
		"  12:30 你死于绿色房间。\n",
		"你获胜（人气 27）。\n",
		"  carol 与亲王同在一室：+1（人气 3 -> 4）。\n",
		"  12:40 dave 死于蓝色房间。\n",
		"  你看了 carol 的 1 张谣言卡。\n",
	} };
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("resolution"), *a;
	json_error_t je;
	struct mq_buf h = MQ_BUF_INIT, seen = MQ_BUF_INIT;
	struct mq_err err;
	struct mail m = { 0 };
	const char *s, *t;
	size_t i, l;

	(void)state;
	assert_non_null(a = json_array());
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		char j[256], *q;

		assert_true(strlen(events[i]) < sizeof(j));
		strcpy(j, events[i]);
		for (q = j; *q; q++)
			if (*q == '\'')
				*q = '"';
		assert_int_equal(json_array_append_new(a, json_loads(j, 0,
		    &je)), 0);
	}
	assert_int_equal(json_object_set_new(ctx, "events", a), 0);
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "resolution", gd, ctx,
		    &m, &err), 0);
		for (i = 0; i < sizeof(said[0]) / sizeof(said[0][0]); i++) {
			if (strstr(m.text, said[l][i]) == NULL)
				fail_msg("%s: no \"%s\" in\n%s", langs[l],
				    said[l][i], m.text);
			/* the HTML part's line: an arrow for "->" */
			mq_buf_reset(&h);
			for (s = said[l][i]; *s; s++)
				if (strncmp(s, " -> ", 4) == 0) {
					mq_buf_puts(&h, " &rarr; ");
					s += 3;
				} else
					mq_buf_putc(&h, *s);
			if (strstr(html_read(m.html, &seen), mq_buf_str(&h)) ==
			    NULL)
				fail_msg("%s: no \"%s\" in the HTML part",
				    langs[l], mq_buf_str(&h));
		}
		/* what happened, to the blank line after it: bob not named */
		assert_non_null(s = strstr(m.text, "\n-- "));
		assert_non_null(s = strstr(s + 1, "\n-- "));
		if ((t = strstr(s, "bob")) != NULL && t < strstr(s, "\n\n"))
			fail_msg("%s: the reader named in\n%s", langs[l], s);
		assert_non_null(s = strstr(m.html, "line-height:1.6\">"));
		if ((t = strstr(s, "bob")) != NULL && t < strstr(s, "</ul>"))
			fail_msg("%s: the reader named in the HTML part",
			    langs[l]);
		mail_free(&m);
	}
	mq_buf_free(&h);
	mq_buf_free(&seen);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A Chinese-reading player's review, The Masquerade's found first: the
 * Red Death's Chinese mails wrote a count of cards in a Han numeral,
 * "dave 抽了一张谣言卡", "看了 dave 的一张谣言卡", the help's "个性行动卡
 * （每人一张", the rules' "每人秘密选一张行动卡", where the same mails say
 * "抽 2 张谣言卡" and "至多 2 张弃牌". Every count of cards is now in
 * numerals set apart by a space ("抽了 1 张谣言卡", "每人 1 张"); the idiom
 * "一张也不收回" (take none back) stays. No Chinese mail of the game has a
 * Han character touching a Latin letter or a digit.
 */
static void
red_death_chinese_counts_read_as_numerals(void **state)
{
	static const char *const slips[] = {
		"一张谣言卡", "每人一张", "选一张", "拿走一张", "两张谣言卡", NULL,
	};
	static const char *const said[] = {
		"  dave 抽了 1 张谣言卡。\n",
		"  你抽了 1 张谣言卡：\n",
		"  你看了 dave 的 1 张谣言卡：\n",
		"  erin 从你那里拿走 1 张谣言卡：\n",
	};
	static const char *const help_said[] = {
		"个性行动卡（每人 1 张，只能用一次）：",
		"安可一张也不收回则写 RECOVER none。",
	};
	static const char *const other_ctx[] = { "receipt_place" };
	json_t *gd = load_json(GAMEDATA), *ctx;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err err;
	struct mail m = { 0 };
	const char *at, *part;
	size_t k, i;

	(void)state;
	for (k = 0; k < NKINDS + 1; k++) {
		const char *kind = k < NKINDS ? kinds[k] : "receipt";

		ctx = load_ctx(k < NKINDS ? kinds[k] : other_ctx[0]);
		if (render(TMPL, "zh", kind, gd, ctx, &m, &err) != 0)
			fail_msg("zh %s: %s", kind, err.msg);
		part = html_read(m.html, &b);
		for (i = 0; slips[i] != NULL; i++)
			if (strstr(m.text, slips[i]) || strstr(part, slips[i]) ||
			    strstr(m.subject, slips[i]))
				fail_msg("zh %s: says \"%s\":\n%s", kind, slips[i],
				    m.text);
		if ((at = zh_touching(m.text)) != NULL ||
		    (at = zh_touching(m.subject)) != NULL ||
		    (at = zh_touching(part)) != NULL)
			fail_msg("zh %s: Han and Latin touch at \"%.40s\":\n%s",
			    kind, at, m.text);
		if (strcmp(kind, "resolution") == 0)
			for (i = 0; i < sizeof(said) / sizeof(said[0]); i++)
				if (strstr(m.text, said[i]) == NULL)
					fail_msg("no \"%s\" in\n%s", said[i], m.text);
		if (strcmp(kind, "help") == 0)
			for (i = 0; i < sizeof(help_said) / sizeof(help_said[0]);
			    i++)
				if (strstr(m.text, help_said[i]) == NULL ||
				    strstr(part, help_said[i]) == NULL)
					fail_msg("no \"%s\" in\n%s", help_said[i],
					    m.text);
		mail_free(&m);
		json_decref(ctx);
	}
	mq_buf_free(&b);
	json_decref(gd);
}

/*
 * The Japanese mails wrote a count of cards two ways: "2枚", "{{n}}枚"
 * close in most templates and refusals, "噂の山札：36 枚" (the board),
 * "%d 枚" in some refusals, spaced. Most wrote it close, and now all do;
 * no Japanese mail of the game has a digit spaced from its 枚, nor from
 * the other counters (回, 歩, 人, 個, 点, 行, 番: "5人中 4番目", "3歩でしたが",
 * "3行目").
 */
static void
japanese_counts_touch_their_mai(void **state)
{
	json_t *gd = load_json(GAMEDATA), *ctx;
	struct mq_err err;
	struct mail m = { 0 };
	const char *at;
	size_t k;

	(void)state;
	for (k = 0; k < NKINDS; k++) {
		ctx = load_ctx(kinds[k]);
		if (render(TMPL, "ja", kinds[k], gd, ctx, &m, &err) != 0)
			fail_msg("ja %s: %s", kinds[k], err.msg);
		if ((at = ja_count_apart(m.text)) != NULL ||
		    (at = ja_count_apart(m.subject)) != NULL ||
		    (at = ja_count_apart(m.html)) != NULL)
			fail_msg("ja %s: a count apart from its counter at "
			    "\"%.40s\"", kinds[k], at);
		if (strcmp(kinds[k], "turn") == 0 &&
		    strstr(m.text, "噂の山札：36枚。") == NULL)
			fail_msg("ja turn: no \"噂の山札：36枚。\" in\n%s", m.text);
		mail_free(&m);
		json_decref(ctx);
	}
	json_decref(gd);
}

/* Each file under dir (templates/ja or templates/zh, their games' folders too), slurped, given
 * to check with its path; how many there were. */
static size_t
each_template(const char *dir, void (*check)(const char *, const char *))
{
	struct dirent *de;
	struct stat st;
	char path[512], *text;
	size_t n = 0;
	DIR *d;

	assert_non_null(d = opendir(dir));
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		assert_int_equal(stat(path, &st), 0);
		if (S_ISDIR(st.st_mode)) {
			n += each_template(path, check);
			continue;
		}
		assert_non_null(text = slurp(path));
		check(path, text);
		free(text);
		n++;
	}
	closedir(d);
	return n;
}

/* A ja template or catalog with a number spaced from its counter: a digit,
 * a tag ("{{gte}} 回", "{{{allowance}}} 歩") or a printf number ("%d 個",
 * "%1$d 回目", "%llu 回", "{{{line}}} 行目", "%d 行") before a space and
 * the counter. A Latin word before the counter keeps its space. The
 * times and the rest were spaced still ("{{{left_hours}}} 時間", "1 分未満",
 * "{{{rounds_count}}} ラウンド", "{{{limit}}} 通", "2 マス", "%d 段"). */
static void
ja_source_counts_touch(const char *path, const char *text)
{
	static const char *const counters[] = { "枚", "回", "歩", "人", "個",
		"点", "行", "番", "時間", "分", "秒", "日", "ラウンド", "勝",
		"通", "段", "マス", "つ", NULL };
	const char *p, *w;
	size_t i, sp = 0;

	for (p = text; *p; p++) {
		if (*p == ' ')
			sp = 1;
		else if (strncmp(p, "\xc2\xa0", 2) == 0)
			sp = 2;
		else
			continue;
		for (i = 0; counters[i] != NULL; i++)
			if (strncmp(p + sp, counters[i], strlen(counters[i])) == 0)
				break;
		if (counters[i] == NULL || p == text)
			continue;
		/* the word before the space */
		for (w = p; w > text && w[-1] != ' ' && w[-1] != '\n' &&
		    (unsigned char)w[-1] < 0x80; w--)
			;
		if (isdigit((unsigned char)p[-1]) ||
		    (p - text >= 2 && strncmp(p - 2, "}}", 2) == 0) ||
		    (*w == '%' && (p[-1] == 'd' || p[-1] == 'u')))
			fail_msg("%s: a number spaced from its %s at \"%.40s\"",
			    path, counters[i], w);
	}
}

/* A zh template or catalog calling a seat 席位: the host's mails and the
 * players' say 座位. */
static void
zh_source_says_zuowei(const char *path, const char *text)
{
	const char *at = strstr(text, "席位");

	if (at != NULL)
		fail_msg("%s: says 席位, not 座位, at \"%.40s\"", path, at);
}

/*
 * The Japanese mails wrote the other counters two ways too, as they had
 * 枚: "{{gte}} 回以上" beside "5回", "{{{allowance}}} 歩まで" beside
 * "1歩につき", "%d 個までです", "%1$d 回目". All are now close, a number or
 * a number's tag touching 回, 歩, 人, 個, 点 as 枚: in every ja template and
 * catalog, and in the mails (japanese_counts_touch_their_mai above).
 */
static void
japanese_templates_touch_their_counters(void **state)
{
	(void)state;
	assert_true(each_template(TMPL "/ja", ja_source_counts_touch) > 60);
}

/* The length of a number at s: digits not starting a time ("12:00",
 * "12:%d0", set apart as a time is), a printf number ("%d", "%1$d",
 * "%llu", "%zu"), "%s" before 通 (the hourly mail limit), or a tag a view
 * fills with a number. 0 if none. */
static size_t
ja_number_at(const char *s)
{
	static const char *const tags[] = { "n", "line", "replaced_by_line",
		"corrects_line", "steps", "allowed", "allowance",
		"examples.allowance", "admin.hours", "admin.minutes", "gte",
		"eq", "cards", "received", "to_tomb", "kept", "score",
		"view.winner_score", "limit", "allows", "count", "order",
		"power", "life", "vp", NULL };
	const char *p = s;
	size_t i, n, b;

	if (isdigit((unsigned char)*p)) {
		while (isdigit((unsigned char)*p))
			p++;
		return *p == ':' ? 0 : (size_t)(p - s);
	}
	if (*p == '%') {
		for (p++; isdigit((unsigned char)*p) || *p == '$'; p++)
			;
		if (strncmp(p, "s通", strlen("s通")) == 0)
			return (size_t)(p + 1 - s);
		while (*p == 'l' || *p == 'z')
			p++;
		return *p == 'd' || *p == 'u' || *p == 'i' ?
		    (size_t)(p + 1 - s) : 0;
	}
	for (b = 0; p[b] == '{' && b < 3; b++)
		;
	if (b < 2)
		return 0;
	for (i = 0; tags[i] != NULL; i++) {
		n = strlen(tags[i]);
		if (strncmp(p + b, tags[i], n) == 0 &&
		    strncmp(p + b + n, "}}}", b) == 0)
			return b + n + b;
	}
	return 0;
}

/* s past any section tags ("{{#gte}}", "{{^first}}", "{{/x}}"). */
static const char *
ja_past_sections(const char *s)
{
	const char *e;

	while (strncmp(s, "{{", 2) == 0 && strchr("#^/", s[2]) != NULL &&
	    (e = strstr(s, "}}")) != NULL)
		s = e + 2;
	return s;
}

/* The length of a particle at s, 0 if none. */
static size_t
ja_particle_at(const char *s)
{
	static const char *const particles[] = { "から", "まで", "より",
		"を", "が", "に", "は", "で", "の", "と", "も", "へ", NULL };
	size_t i;

	for (i = 0; particles[i] != NULL; i++)
		if (strncmp(s, particles[i], strlen(particles[i])) == 0)
			return strlen(particles[i]);
	return 0;
}

/* A ja template or catalog spacing a particle from the number after it
 * ("スペルを 2枚", "ライフが 0", "のは %d枚", "は {{{steps}}}歩"), or a
 * number set close after its particle but spaced from the particle after
 * it ("パワーを0 として"). The ja mails set a number close in running
 * text, as they had in about 180 places against 110; a number set off as a
 * label after a word keeps its spaces as a Latin word does ("オーダー 3
 * を選びました", "ライフ 0 の", "パワー 2"), and so does a time ("12:00
 * 〜12:50 の", "8:00 から"). Names the file, line and place. */
static void
ja_source_particle_touches_number(const char *path, const char *text)
{
	const char *p, *q;
	size_t k, n, lineno = 1;

	for (p = text; *p; p++) {
		if (*p == '\n')
			lineno++;
		if ((k = ja_particle_at(p)) == 0)
			continue;
		q = ja_past_sections(p + k);
		if (*q == ' ' && ja_number_at(ja_past_sections(q + 1)) > 0)
			fail_msg("%s:%zu: a particle spaced from its number "
			    "at \"%.40s\"", path, lineno, p);
		if ((n = ja_number_at(q)) == 0)
			continue;
		for (q += n; strncmp(q, "〜", strlen("〜")) == 0 &&
		    (n = ja_number_at(q + strlen("〜"))) > 0;)
			q += strlen("〜") + n;
		if (*q == ' ' && ja_particle_at(q + 1) > 0)
			fail_msg("%s:%zu: a number spaced from the particle "
			    "after it at \"%.40s\"", path, lineno, p);
	}
}

/*
 * The ja mails set a number after a particle two ways: "スペルを 2枚" and
 * "スペルを2枚引きました", "ライフが0です" beside "（ライフが 0）". In
 * every ja template and catalog a particle now touches its number.
 */
static void
japanese_particles_touch_their_numbers(void **state)
{
	(void)state;
	assert_true(each_template(TMPL "/ja",
	    ja_source_particle_touches_number) > 60);
}

/*
 * The players' Chinese welcome said 席位 for a seat handed over or moved,
 * where the host's mails and every other player's mail say 座位: no zh
 * template or catalog says 席位.
 */
static void
chinese_templates_say_zuowei(void **state)
{
	(void)state;
	assert_true(each_template(TMPL "/zh", zh_source_says_zuowei) > 60);
}

/* A ja template or catalog joining clauses with "；": a Guardian's
 * abilities read "パワー 2；負ければライフ -2", a mark Japanese does not use
 * there; they join with "、", as every other list in the ja mails. */
static void
ja_source_says_no_semicolon(const char *path, const char *text)
{
	const char *at = strstr(text, "；");

	if (at != NULL)
		fail_msg("%s: joins with ；, not 、, at \"%.40s\"", path, at);
}

/* A ja template naming a Guardian otherwise than "N番（パワー P）", the form
 * a Dancer's "（パワー P）" has too: the fight and the tower's story said
 * "ガーディアン 1（パワー 1）", the board and the Stage request "1番、パワー 1". */
static void
ja_source_one_guardian_form(const char *path, const char *text)
{
	const char *p, *at = strstr(text, "番、パワー");

	/* "{number}}", not "place_number}}番目" */
	for (p = text; at == NULL && (p = strstr(p, "{number}}")) != NULL;) {
		p += strlen("{number}}");
		if (*p == '}')
			p++;
		if (strncmp(p, "（パワー", strlen("（パワー")) == 0 ||
		    (strncmp(p, "番", strlen("番")) == 0 &&
		    strncmp(p, "番（パワー ", strlen("番（パワー ")) != 0))
			at = p;
	}
	if (at != NULL)
		fail_msg("%s: a Guardian not as \"N番（パワー P）\" at \"%.40s\"",
		    path, at);
}

/* A zh template or catalog calling the salt anything but 盐值: the end mail
 * said "种子盐值" beside "承诺时用的盐", the Red Death's formula
 * "BLAKE2b-256(seed ‖ salt)" beside the Masquerade's "(种子 ‖ 盐)". */
static void
zh_source_one_salt_term(const char *path, const char *text)
{
	const char *p, *at = strstr(text, "种子盐值");

	if (at == NULL)
		at = strstr(text, "seed ‖ salt");
	for (p = text; at == NULL && (p = strstr(p, "盐")) != NULL;
	    p += strlen("盐"))
		if (strncmp(p + strlen("盐"), "值", strlen("值")) != 0)
			at = p;
	if (at != NULL)
		fail_msg("%s: the salt not called 盐值 at \"%.40s\"", path, at);
}

/* A zh or ja template whose reveal list labels a salt or a commitment in
 * Latin ("salt   {{{salt}}}", "commit <code>", "key = salt"), beside the
 * 盐值 and 承诺值, or the ソルト and コミットメント, of the sentence above
 * it. */
static void
source_labels_reveals_in_its_language(const char *path, const char *text)
{
	static const char *const latin[] = { "salt   {{", "commit {{",
		">salt <", ">commit <", "key = salt", NULL };
	const char *at = NULL;
	size_t i;

	for (i = 0; at == NULL && latin[i] != NULL; i++)
		at = strstr(text, latin[i]);
	if (at != NULL)
		fail_msg("%s: a Latin label in a reveal at \"%.40s\"", path, at);
}

/* A ja template writing the seed's formula in Latin: the Masquerade's mails
 * said "BLAKE2b-256(シード ‖ ソルト)", the Red Death's "(seed ‖ salt)". */
static void
ja_source_one_seed_formula(const char *path, const char *text)
{
	const char *at = strstr(text, "seed ‖ salt");

	if (at != NULL)
		fail_msg("%s: the seed's formula in Latin at \"%.40s\"", path, at);
}

/* A ja or zh template with a space after 。、or ，: the HTML parts joined
 * the text part's lines with one ("挑戦するか、 PASS", "予言者です。 EVENT",
 * "由服务器签名。 `masqued", "这个承诺值， `masqued verify`"), a gap the
 * full-width mark already makes. A template comment's end ("。 }}") aside. */
static void
cjk_source_no_space_after_a_stop(const char *path, const char *text)
{
	static const char *const stops[] = { "。 ", "、 ", "， ", NULL };
	const char *p;
	size_t i;

	for (i = 0; stops[i] != NULL; i++)
		for (p = text; (p = strstr(p, stops[i])) != NULL; p++)
			if (strncmp(p + strlen(stops[i]), "}}", 2) != 0)
				fail_msg("%s: a space after a full-width stop at "
				    "\"%.40s\"", path, p);
}

static void
no_space_after_a_full_width_stop(void **state)
{
	(void)state;
	assert_true(each_template(TMPL "/ja",
	    cjk_source_no_space_after_a_stop) > 60);
	assert_true(each_template(TMPL "/zh",
	    cjk_source_no_space_after_a_stop) > 60);
}

/* The salt and the commitment of each secret revealed read 盐值 and 承诺值
 * in Chinese, ソルト and コミットメント in Japanese (the ja reveals said
 * "salt" and "commit" under a sentence saying ソルトとコミットメント); the
 * seed's formula reads the same in both games' Japanese welcome and end
 * mails. */
static void
reveals_and_seed_formula_in_the_readers_words(void **state)
{
	(void)state;
	assert_true(each_template(TMPL "/zh",
	    source_labels_reveals_in_its_language) > 60);
	assert_true(each_template(TMPL "/ja",
	    source_labels_reveals_in_its_language) > 60);
	assert_true(each_template(TMPL "/ja", ja_source_one_seed_formula) > 60);
}

/*
 * The last review's wording: the ja mails joined a Guardian's abilities
 * with "；" and named a Guardian two ways; the zh mails called the salt 盐,
 * 盐值 and, in the seed's, 种子盐值. Each is one now, in every template and
 * catalog.
 */
static void
one_wording_for_guardians_and_salts(void **state)
{
	(void)state;
	assert_true(each_template(TMPL "/ja", ja_source_says_no_semicolon) > 60);
	assert_true(each_template(TMPL "/ja", ja_source_one_guardian_form) > 60);
	assert_true(each_template(TMPL "/zh", zh_source_one_salt_term) > 60);
}

/* The end mail says "You win" (あなたの勝利, 你获胜) to the winner,
 * in its subject too, and the winner's name to everyone else. The subject
 * said "midnight" above a first line at 12:50: the game ends after 12:50
 * (the Red Death comes at midnight, 12:00), and the subject now says so,
 * the time of its first line. */
static void
the_end_mail_says_you_win_to_the_winner(void **state)
{
	static const char *const said[][3] = {
		{ "THE GAME IS OVER. You win, with popularity 27.",
		  "over after 12:50 — you win", "The game is over. <b>You</b> win," },
		{ "ゲーム終了。あなたの勝利です（人気 27）。", "12:50 の後に終了 — あなたの勝利",
		  "ゲーム終了。<b>あなた</b>の勝利です" },
		{ "游戏结束。你获胜（人气 27）。", "12:50 之后结束 — 你获胜",
		  "游戏结束。<b>你</b>获胜" },
	};
	static const char *const other[][3] = {
		{ "THE GAME IS OVER. bob wins, with popularity 27.",
		  "over after 12:50 — bob wins", "The game is over. <b>bob</b> wins," },
		{ "ゲーム終了。bob の勝利です（人気 27）。", "12:50 の後に終了 — bob の勝利",
		  "ゲーム終了。<b>bob</b> の勝利です" },
		{ "游戏结束。bob 获胜（人气 27）。", "12:50 之后结束 — bob 获胜",
		  "游戏结束。<b>bob</b> 获胜" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("end");
	struct mq_err err;
	struct mail m = { 0 };
	size_t l;

	(void)state;
	assert_string_equal(json_string_value(json_object_get(
	    json_object_get(ctx, "view"), "winner")), "bob");
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "end", gd, ctx, &m,
		    &err), 0);
		if (strstr(m.text, " · 12:50 · ") == NULL)
			fail_msg("%s: the end mail's first line is not at "
			    "12:50:\n%s", langs[l], m.text);
		if (strstr(m.text, said[l][0]) == NULL ||
		    strstr(m.subject, said[l][1]) == NULL ||
		    strstr(m.html, said[l][2]) == NULL)
			fail_msg("%s: the winner's end mail does not say "
			    "\"%s\" (subject \"%s\")", langs[l], said[l][0],
			    m.subject);
		mail_free(&m);
	}
	/* alice's: bob wins */
	assert_int_equal(json_object_set_new(ctx, "player",
	    json_string("alice")), 0);
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "end", gd, ctx, &m,
		    &err), 0);
		if (strstr(m.text, other[l][0]) == NULL ||
		    strstr(m.subject, other[l][1]) == NULL ||
		    strstr(m.html, other[l][2]) == NULL)
			fail_msg("%s: another's end mail does not say \"%s\"",
			    langs[l], other[l][0]);
		mail_free(&m);
	}
	/* sent again (STATUS, SET LANG after the end), it has no events: the
	 * winner's popularity is read off the board, and the line the same */
	assert_int_equal(json_object_del(ctx, "events"), 0);
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "end", gd, ctx, &m,
		    &err), 0);
		if (strstr(m.text, other[l][0]) == NULL)
			fail_msg("%s: the end mail sent again does not say \"%s\"",
			    langs[l], other[l][0]);
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The dead reader is "you" in the list of the dead too, as on the board
 * and the track: dave, dead at 12:10, read "Dead: dave (12:10)" in his
 * end mail (found reading a whole game by mail).
 */
static void
the_dead_reader_is_you(void **state)
{
	static const char *const said[][2] = {
		{ "Dead: alice (12:10), carol (you, 12:10), erin (12:50)\n",
		  "<b>carol</b> (you, 12:10)" },
		{ "死者：alice（12:10）、carol（あなた、12:10）、erin（12:50）\n",
		  "<b>carol</b>（あなた、12:10）" },
		{ "死者：alice（12:10）、carol（你，12:10）、erin（12:50）\n",
		  "<b>carol</b>（你，12:10）" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("end");
	struct mq_err err;
	struct mail m = { 0 };
	size_t l;

	(void)state;
	assert_int_equal(json_object_set_new(ctx, "player",
	    json_string("carol")), 0);
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "end", gd, ctx, &m,
		    &err), 0);
		if (strstr(m.text, said[l][0]) == NULL)
			fail_msg("%s: no \"%s\" in\n%s", langs[l], said[l][0],
			    m.text);
		if (strstr(m.html, said[l][1]) == NULL)
			fail_msg("%s: no \"%s\" in the HTML part", langs[l],
			    said[l][1]);
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * SET NOTICES ON is answered in a sentence that says what comes back: "You
 * will get a mail each time another player commits to a secret move
 * again" read as the other player committing again.
 */
static void
notices_on_says_the_mails_come_again(void **state)
{
	static const char *const said = "You will again get a mail each time "
	    "another player commits to a secret\nmove, as you asked (SET "
	    "NOTICES ON).";
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("turn");
	struct mq_err err;
	struct mail m = { 0 };

	(void)state;
	assert_int_equal(json_object_set_new(ctx, "notices_on", json_true()), 0);
	assert_int_equal(render(TMPL, "en", "turn", gd, ctx, &m, &err), 0);
	if (strstr(m.text, said) == NULL)
		fail_msg("no \"%s\" in\n%s", said, m.text);
	assert_non_null(strstr(m.html, "You will again get a mail each time "
	    "another player commits to a secret move, as you asked (SET "
	    "NOTICES ON)."));
	mail_free(&m);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The Japanese text part's hand-made line breaks fall between words, as
 * the footer's do: a verb was cut from its ending ('置き' / 'ます', '示し' /
 * 'ます', '適用され' / 'ません'), a word in two ('解' / '決', 'これ' / 'から';
 * the answer to SET NOTICES OFF). The rules (welcome), the answers to the
 * settings (turn), the mails of a kicked and of a replaced address and of
 * a paused game (admin).
 */
static void
japanese_hand_breaks_fall_between_words(void **state)
{
	static const char *const flags[][2] = {
		{ "welcome", NULL }, { "turn", "notices_off" },
		{ "turn", "notices_on" }, { "turn", "lang_set" },
		{ "admin", "kicked" }, { "admin", "replaced" }, { "admin", "paused" },
	};
	static const char *const cut[] = { "これ\nから", "解\n決", "届き\nます" };
	json_t *gd = load_json(GAMEDATA), *ctx;
	struct mq_err err;
	struct mail m = { 0 };
	const char *s, *t;
	size_t i, k;

	(void)state;
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		ctx = load_ctx(flags[i][0]);
		if (flags[i][1] != NULL)
			assert_int_equal(json_object_set_new(ctx, flags[i][1],
			    json_true()), 0);
		assert_int_equal(render(TMPL, "ja", flags[i][0], gd, ctx, &m,
		    &err), 0);
		for (s = m.text; s != NULL && *s; s = t != NULL ? t + 1 : NULL) {
			t = strchr(s, '\n');
			while (*s == ' ')
				s++;
			if (strncmp(s, "ます", strlen("ます")) == 0 ||
			    strncmp(s, "ません", strlen("ません")) == 0)
				fail_msg("%s %s: a line begins with a verb's ending:"
				    "\n%.*s", flags[i][0], flags[i][1] ? flags[i][1] :
				    "", t != NULL ? (int)(t - s) : (int)strlen(s), s);
		}
		for (k = 0; k < sizeof(cut) / sizeof(cut[0]); k++)
			if (strstr(m.text, cut[k]) != NULL)
				fail_msg("%s %s: a word cut by the line break",
				    flags[i][0], flags[i][1] ? flags[i][1] : "");
		mail_free(&m);
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * Every section's rule in the text part ends in the same column (75; 76
 * in Japanese and Chinese, whose headings are wide characters), whatever
 * the time in it: "-- THE BOARD at 8:00 ---" ended at 67, "-- 起きたこと
 * ---" at 70 (found reading a whole game by mail), "-- YOUR RECEIPT
 * (entry 2) ---" at 67.
 */
static void
section_rules_end_together(void **state)
{
	static const char *const times[] = { NULL, "8:00", "10:00" };
	static const int cols[] = { 75, 76, 76 };
	json_t *gd = load_json(GAMEDATA), *ctx;
	struct mq_err err;
	struct mail m = { 0 };
	char what[64];
	size_t k, l, i;

	(void)state;
	for (k = 0; k < NKINDS; k++)
		for (i = 0; i < sizeof(times) / sizeof(times[0]); i++) {
			ctx = load_ctx(kinds[k]);
			if (times[i] != NULL && json_is_object(json_object_get(ctx,
			    "view")))
				json_object_set_new(json_object_get(ctx, "view"),
				    "time", json_string(times[i]));
			for (l = 0; l < NLANGS; l++) {
				assert_int_equal(render(TMPL, langs[l], kinds[k], gd,
				    ctx, &m, &err), 0);
				snprintf(what, sizeof(what), "%s.%s at %s", kinds[k],
				    langs[l], times[i] ? times[i] : "its time");
				hf_headings_end_at(what, m.text, cols[l]);
				mail_free(&m);
			}
			json_decref(ctx);
		}
	json_decref(gd);
}

/*
 * The receipt's JSON comes from the daemon as its file holds it, ending in
 * a newline; the mail has one blank line after it all the same (it had
 * two, before "Waiting for ...").
 */
static void
a_receipt_has_no_double_blank_line(void **state)
{
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("receipt"), *r;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err err;
	struct mail m = { 0 };
	char *json;
	size_t l;

	(void)state;
	r = json_object_get(ctx, "receipt");
	assert_non_null(json_string_value(json_object_get(r, "json")));
	mq_buf_puts(&b, json_string_value(json_object_get(r, "json")));
	mq_buf_putc(&b, '\n');
	assert_non_null(json = mq_buf_steal(&b));
	json_object_set_new(r, "json", json_string(json));
	free(json);
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "receipt", gd, ctx, &m,
		    &err), 0);
		if (strstr(m.text, "\n\n\n") != NULL)
			fail_msg("%s: two blank lines in\n%s", langs[l], m.text);
		assert_non_null(strstr(m.text, "}\n\n"));
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A line received already that put right a refused line above it (a mail
 * client's resend of `MOVE cx`, `MOVE cw`, whose first answer said "in
 * place of line 1"; the standing move sent as the correction) says so
 * beside its entry, in every language. The ALREADY RECEIVED list had no
 * word of it: the resend's answer told less than the first.
 */
static void
already_says_what_it_put_right(void **state)
{
	static const char *const said[][2] = {	/* the HTML: up to a number,
						 * which it binds to its word */
		{ "MOVE cw  (entry 7)\n    in place of line 1, which was refused\n",
		  "(entry 7)<br><span style=\"font-size:12px;color:#666\">in "
		  "place of line 1, which was refused</span>" },
		{ "（エントリ 7）\n    受け付けられなかった 1行目の代わりに適用しま"
		  "した\n", "（エントリ 7）<br><span style=\"font-size:12px;"
		  "color:#666\">受け付けられなかった 1" },
		{ "（条目 7）\n    代替未被接受的第 1 行\n", "（条目 7）<br><span "
		  "style=\"font-size:12px;color:#666\">代替未被接受的第" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("receipt");
	struct mq_err err;
	struct mail m = { 0 };
	size_t l;

	(void)state;
	assert_int_equal(json_object_set_new(ctx, "already", json_pack(
	    "[{s:i, s:s, s:i, s:i}]", "line", 2, "text", "MOVE cw", "seq", 7,
	    "corrects_line", 1)), 0);
	for (l = 0; l < NLANGS; l++) {
		if (render(TMPL, langs[l], "receipt", gd, ctx, &m, &err) != 0)
			fail_msg("%s: %s", langs[l], err.msg);
		check_invariants(langs[l], &m);
		if (strstr(m.text, said[l][0]) == NULL)
			fail_msg("%s (txt) does not say: %s\n%s", langs[l],
			    said[l][0], m.text);
		if (strstr(m.html, said[l][1]) == NULL)
			fail_msg("%s (html) does not say: %s\n%s", langs[l],
			    said[l][1], m.html);
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A receipt says what each accepted command does, in the reader's words,
 * with the canonical form the log holds under it (a Japanese player who
 * wrote プレイ 誘惑 ... saw only PLAY flirt ...); STATUS and HELP, a form
 * it does not know and a name the game data lacks are shown as they are. Each case: the command,
 * then what the text part says for it in en, ja and zh (the HTML part
 * says the same).
 */
static void
a_receipt_says_what_each_command_does(void **state)
{
	static const char *const cases[][4] = {
		{ "SET LANG ja", "Your mails in Japanese from now on",
		  "これからのメールは日本語で", "今后的邮件使用日文" },
		{ "SET NOTICES OFF",
		  "No mail each time another player commits to a secret move",
		  "ほかのプレイヤーが秘密の手を出すたびのお知らせメールを止める",
		  "其他玩家做出秘密行动时不再发通知邮件" },
		{ "SET NOTICES ON",
		  "A mail each time another player commits to a secret move",
		  "ほかのプレイヤーが秘密の手を出すたびにお知らせメールを受け取る",
		  "其他玩家做出秘密行动时发通知邮件" },
		{ "PLAY encore RECOVER jest mock",
		  "Play Encore (take back Jest and Mock)",
		  "「アンコール」を出す（「冗談」と「嘲笑」を手札に戻す）",
		  "打出「安可」（收回「笑话」和「嘲笑」）" },
		{ "PLAY encore RECOVER none", "Play Encore (take nothing back)",
		  "「アンコール」を出す（何も戻さない）",
		  "打出「安可」（不收回任何牌）" },
		{ "PLAY swindle TARGET dave carol SLOT 12:10 12:40",
		  "Play Swindle (target dave or carol, time 12:10 and 12:40)",
		  "「詐欺」を出す（対象 dave か carol、時刻 12:10 と 12:40）",
		  "打出「诈骗」（目标 dave 或 carol，时间 12:10 和 12:40）" },
		{ "PLAY fond_memories TARGET dave RECOVER jest",
		  "Play Fond Memories (target dave, take back Jest)",
		  "「懐かしい思い出」を出す（対象 dave、「冗談」を手札に戻す）",
		  "打出「美好回忆」（目标 dave，收回「笑话」）" },
		{ "PLAY jest", "Play Jest\n", "「冗談」を出す\n", "打出「笑话」\n" },
		{ "MOVE cw stay", "Move: clockwise, then stay",
		  "移動：時計回り、次に留まる", "移动：顺时针，然后不动" },
		{ "PLAN 12:20 ccw 12:40 stay",
		  "Midnight plan: 12:20 counter-clockwise, 12:40 stay",
		  "真夜中の計画：12:20 反時計回り、12:40 留まる",
		  "午夜计划：12:20 逆时针，12:40 不动" },
		{ "PLAN CLEAR", "Midnight plan cleared: stay at every time",
		  "真夜中の計画を消去（どの時刻も留まる）",
		  "清除午夜计划（每个时间都不动）" },
		{ "PLAN cw stay ccw cw stay stay", "Midnight plan for all six times",
		  "真夜中の計画（6つの時刻すべて）", "午夜计划（全部六个时间）" },
		{ "PLACE black", "Place your noble in Black", "貴族を黒の間に置く",
		  "把贵族放在黑色房间" },
		{ "STATUS", "Your position again: it is below\n    STATUS\n",
		  "あなたの局面をもう一度（下にあります）\n    STATUS\n",
		  "再发一次你的局面（见下）\n    STATUS\n" },
		/* nothing to say: the text alone, on the entry's first line */
		{ "SET LANG fr", "\n  SET LANG fr\n", "\n  SET LANG fr\n",
		  "\n  SET LANG fr\n" },
		{ "PLACE", "\n  PLACE\n", "\n  PLACE\n", "\n  PLACE\n" },
		{ "MOVE up", "\n  MOVE up\n", "\n  MOVE up\n", "\n  MOVE up\n" },
		{ "PLACE red", "\n  PLACE red\n", "\n  PLACE red\n",
		  "\n  PLACE red\n" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx, *acc;
	struct mq_buf seen = MQ_BUF_INIT;
	struct mq_err err;
	struct mail m = { 0 };
	char line[160];
	size_t i, l;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ctx = load_ctx("receipt");
		acc = json_pack("[{s:s, s:b}]", "text", cases[i][0], "secret", 0);
		json_object_set_new(ctx, "accepted", acc);
		for (l = 0; l < NLANGS; l++) {
			if (render(TMPL, langs[l], "receipt", gd, ctx, &m, &err) != 0)
				fail_msg("%s: %s", langs[l], err.msg);
			if (strstr(m.text, cases[i][1 + l]) == NULL)
				fail_msg("%s, %s: the receipt lacks \"%s\":\n%s",
				    cases[i][0], langs[l], cases[i][1 + l], m.text);
			/* the canonical form under it, as the log holds it */
			snprintf(line, sizeof(line), "\n    %s\n", cases[i][0]);
			if (cases[i][1 + l][0] != '\n' && strstr(m.text, line) == NULL)
				fail_msg("%s, %s: not under its words:\n%s",
				    cases[i][0], langs[l], m.text);
			/* and the HTML part */
			snprintf(line, sizeof(line), "%.*s", (int)strcspn(
			    cases[i][1 + l], "\n"), cases[i][1 + l][0] == '\n' ?
			    cases[i][0] : cases[i][1 + l]);
			if (strstr(html_read(m.html, &seen), line) == NULL)
				fail_msg("%s, %s: the HTML lacks \"%s\"", cases[i][0],
				    langs[l], line);
			mail_free(&m);
		}
		json_decref(ctx);
	}
	mq_buf_free(&seen);
	json_decref(gd);
}

/* Whether a line's break between the wide characters at c (the line's
 * last) and n (the next line's first) ends a word: after a particle
 * before a kanji or katakana ("PASS は" / "受け付け"), after 的 (the
 * wrap's fill of a line, mail/deco_util.c). */
static int
breaks_after_a_particle(const char *c, const char *n)
{
	static const char *const particles[] = { "は", "が", "を", "に", "の",
	    "で", "と", "も", "へ", "や", "か", "的", NULL };
	const unsigned char *u = (const unsigned char *)n;
	unsigned cp;
	size_t i;

	if ((u[0] & 0xF0) != 0xE0)
		return 0;
	cp = (unsigned)(u[0] & 0x0F) << 12 | (unsigned)(u[1] & 0x3F) << 6 |
	    (u[2] & 0x3F);
	if (!((cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x30A1 && cp <= 0x30FA)))
		return 0;
	for (i = 0; particles[i] != NULL; i++)
		if (strncmp(c, particles[i], 3) == 0)
			return 1;
	return 0;
}

/*
 * A refused line's sentence in Japanese, wrapped under the line, keeps its
 * words: it broke between any two characters ('…の後' / 'に…',
 * 'コマン' / 'ドは'); now after a mark, at a space, or after a particle
 * (a line filled rather than broken early at a mark).
 */
static void
a_refusal_cuts_no_word(void **state)
{
	static const char err[] = "「dance」はコマンドではありません。コマンドは "
	    "PLAY、MOVE、PLAN、PLACE、STATUS、HELP、SET LANG です。"
	    "直したコマンドを、この行の代わりにもう一度送ってください。"
	    "前の行のあとに送られた PASS は受け付けられません。今求められている"
	    "ものに答えてください。";
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("receipt");
	struct mq_err e;
	struct mail m = { 0 };
	const char *p, *nl;

	(void)state;
	json_object_set_new(ctx, "refused", json_pack("[{s:i, s:s, s:s}]",
	    "line", 3, "text", "DANCE wildly", "error", err));
	assert_int_equal(render(TMPL, "ja", "receipt", gd, ctx, &m, &e), 0);
	assert_non_null(p = strstr(m.text, "「dance」"));
	/* a break between two wide characters (no space there) follows a
	 * mark: 。、」： */
	for (; (nl = strchr(p, '\n')) != NULL && strncmp(nl + 1, "    ", 4) == 0;
	    p = nl + 1) {
		const char *c = nl, *n = nl + 1 + strspn(nl + 1, " ");

		while (c > p && ((unsigned char)c[-1] & 0xC0) == 0x80)
			c--;
		c--;
		if ((unsigned char)*c >= 0xE0 && (unsigned char)*n >= 0xE0 &&
		    strncmp(c, "。", 3) && strncmp(c, "、", 3) &&
		    strncmp(c, "」", 3) && strncmp(c, "：", 3) &&
		    !breaks_after_a_particle(c, n))
			fail_msg("a word cut at '%.*s'", (int)(nl - p), p);
	}
	mail_free(&m);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * "SET LANG" is one command: the Japanese and Chinese refusals that name it
 * never part SET from LANG at a line's end, wherever the player's word
 * puts it (the Chinese one did), and the text part reads a plain space
 * between them (the catalog's no-break space held them for the wrap).
 */
static void
a_refusal_keeps_set_lang_whole(void **state)
{
	static const char *const cjk[] = { "ja", "zh" };
	struct mq_refusals *r = mq_refusals_new(TMPL);
	json_t *gd = load_json(GAMEDATA), *ctx;
	struct mq_buf en = MQ_BUF_INIT, tr = MQ_BUF_INIT;
	char word[48];
	struct mq_err e;
	struct mail m = { 0 };
	size_t l, n;
	const char *p;

	(void)state;
	assert_non_null(r);
	for (l = 0; l < 2; l++)
		for (n = 1; n < sizeof(word) - 8; n++) {
			memset(word, 'x', n);
			word[n] = '\0';
			mq_buf_reset(&en);
			mq_buf_printf(&en, "\"%s\" is not a command; the commands are "
			    "PLAY, MOVE, PLAN, PLACE, STATUS, HELP, SET LANG and SET "
			    "NOTICES.", word);
			mq_buf_reset(&tr);
			assert_int_equal(mq_refusals_translate(r, cjk[l],
			    mq_buf_str(&en), &tr, &e), 0);
			ctx = load_ctx("receipt");
			json_object_set_new(ctx, "refused", json_pack("[{s:i, s:s, "
			    "s:s}]", "line", 3, "text", word, "error",
			    mq_buf_str(&tr)));
			assert_int_equal(render(TMPL, cjk[l], "receipt", gd, ctx, &m,
			    &e), 0);
			if ((p = strstr(m.text, "SET")) == NULL ||
			    strncmp(p, "SET LANG", 8) != 0)
				fail_msg("%s, a word of %zu: SET LANG cut or not "
				    "there:\n%s", cjk[l], n, m.text);
			assert_null(strstr(m.text, "\xc2\xa0"));
			mail_free(&m);
			json_decref(ctx);
		}
	mq_buf_free(&en);
	mq_buf_free(&tr);
	mq_refusals_free(r);
	json_decref(gd);
}


/* The first code point of UTF-8 s is wide (Japanese, Chinese, their
 * marks): a lead byte of three bytes or more from U+3000 on. */
static int
starts_wide(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	return (p[0] == 0xE3 && p[1] >= 0x80) || (p[0] > 0xE3 && p[0] < 0xF0) ||
	    (p[0] == 0xEF && p[1] >= 0xBC);
}

/* The wide character at s is a mark a line may end on (a comma, a full
 * stop, a colon, a closing bracket). */
static int
is_mark_to_end_on(const char *s)
{
	static const char *const mark[] = { "、", "。", "，", "．", "：", "；",
	    "？", "！", "）", "」", "』", "】", "〕", "〉", "》" };
	size_t i;

	for (i = 0; i < sizeof(mark) / sizeof(mark[0]); i++)
		if (strncmp(s, mark[i], strlen(mark[i])) == 0)
			return 1;
	return 0;
}

/* The refused line's sentence in text (the lines after the one holding
 * what, indented four, up to a blank line) breaks nowhere between an
 * ASCII word (a name's length at most: not a path) and the wide
 * character after it ("TARGET" / "の後に…"), nor between a wide
 * character and a short ASCII word after it ("在" / "TARGET 后…"); 0 when
 * it does. */
static int
no_break_after_ascii_word(const char *text, const char *what, char **bad)
{
	const char *p = strstr(text, what), *end, *nl;
	size_t k;

	if (p == NULL || (p = strchr(p, '\n')) == NULL)
		return 0;
	/* from the sentence's first line: the refused line's own ends on
	 * the player's words */
	end = strstr(p++, "\n\n");
	for (; (nl = strchr(p, '\n')) != NULL && (end == NULL || nl < end) &&
	    strncmp(nl + 1, "    ", 4) == 0; p = nl + 1) {
		const char *n = nl + 1 + strspn(nl + 1, " "), *w = nl;

		while (w > p && w[-1] != ' ' && (unsigned char)w[-1] < 0x80)
			w--;
		if (nl > p && nl - w <= 20 && ((nl[-1] >= 'A' && nl[-1] <= 'Z') ||
		    (nl[-1] >= 'a' && nl[-1] <= 'z') ||
		    (nl[-1] >= '0' && nl[-1] <= '9')) && starts_wide(n)) {
			const char *ls = nl;

			while (ls > text && ls[-1] != '\n')
				ls--;
			*bad = strndup(ls, (size_t)(strchr(n, '\n') != NULL ?
			    strchr(n, '\n') - ls : (ptrdiff_t)strlen(ls)));
			return 0;
		}
		/* the mirror: a wide character (no mark a line may end on)
		 * at a line's end, a short Latin word starting the next ("在"
		 * / "TARGET 后…"): its Latin text up to the next wide
		 * character at most 20 long (the wrap measures a word only; "PLAY
		 * name", its space a no-break one, is one word, a long one) */
		for (w = n, k = 0; *w != '\0' && *w != '\n' &&
		    (unsigned char)*w < 0x80; w++)
			k++;
		if (nl - p >= 3 && starts_wide(nl - 3) && k > 0 && k <= 20 &&
		    ((*n >= 'A' && *n <= 'Z') || (*n >= 'a' && *n <= 'z')) &&
		    !is_mark_to_end_on(nl - 3)) {
			const char *ls = nl;

			while (ls > text && ls[-1] != '\n')
				ls--;
			*bad = strndup(ls, (size_t)(strchr(n, '\n') != NULL ?
			    strchr(n, '\n') - ls : (ptrdiff_t)strlen(ls)));
			return 0;
		}
	}
	return 1;
}

/*
 * A Japanese or Chinese refusal never ends a line on a command word with
 * its particle on the next: the self-target one read "…できません。TARGET"
 * / "の後にほかの…" (the break at the space after TARGET); now a command
 * word and the word after it stay on one line, the break after the 。.
 * Nor on the wide word before one: "真夜中の" / "PLAN だけです。", "在" /
 * "TARGET 后" (the break before the wide word instead).
 * Every sentence of the catalog, as the player gets it under a refused
 * line, with its blanks filled by names short and long (20 letters, the
 * longest a player's).
 */
static void
a_refusal_keeps_a_command_word_with_its_particle(void **state)
{
	static const char *const cjk[] = { "ja", "zh" };
	static const char *const fill[] = { "x", "Fond Memories",
	    "xxxxxxxxxxxxxxxxxxxx" };
	json_t *gd = load_json(GAMEDATA), *cat, *v, *ctx;
	struct mq_buf sent = MQ_BUF_INIT;
	struct mq_err e;
	struct mail m = { 0 };
	const char *k, *s, *p;
	char path[64], *bad = NULL;
	size_t l, f;

	(void)state;
	/* the one the player met: TARGET on the line of its の後に */
	ctx = load_ctx("receipt");
	json_object_set_new(ctx, "refused", json_pack("[{s:i, s:s, s:s}]",
	    "line", 3, "text", "PLAY Swindle TARGET kenji", "error",
	    "自分自身を対象にすることはできません。TARGET の後にほかの"
	    "プレイヤーの名前を書いてください。"));
	assert_int_equal(render(TMPL, "ja", "receipt", gd, ctx, &m, &e), 0);
	if (strstr(m.text, "TARGET の後に") == NULL)
		fail_msg("TARGET parted from の後に:\n%s", m.text);
	mail_free(&m);
	json_decref(ctx);
	for (l = 0; l < 2; l++) {
		snprintf(path, sizeof(path), TMPL "/%s/refusals.json", cjk[l]);
		cat = load_json(path);
		json_object_foreach(cat, k, v) {
			s = json_is_object(v) ?
			    json_string_value(json_object_get(v, "text")) :
			    json_string_value(v);
			if (s == NULL)
				continue;
			for (f = 0; f < sizeof(fill) / sizeof(fill[0]); f++) {
				mq_buf_reset(&sent);
				for (p = s; *p; p++)
					if (p[0] == '%' && (p[1] == 's' || p[1] == 'd')) {
						mq_buf_puts(&sent, p[1] == 's' ? fill[f] : "2");
						p++;
					} else
						mq_buf_putc(&sent, *p);
				ctx = load_ctx("receipt");
				json_object_set_new(ctx, "refused", json_pack("[{s:i, "
				    "s:s, s:s}]", "line", 3, "text", "PLAY x TARGET y",
				    "error", mq_buf_str(&sent)));
				assert_int_equal(render(TMPL, cjk[l], "receipt", gd,
				    ctx, &m, &e), 0);
				if (!no_break_after_ascii_word(m.text, "PLAY x TARGET y",
				    &bad))
					fail_msg("%s, \"%s\": a Latin word at one line's "
					    "end, the wide one beside it on the other:\n%s", cjk[l],
					    k, bad != NULL ? bad : m.text);
				mail_free(&m);
				json_decref(ctx);
			}
		}
		json_decref(cat);
	}
	mq_buf_free(&sent);
	json_decref(gd);
}
/* The help's sentence on RECOVER names Fond Memories whole in Japanese:
 * the template's hand wrap cut it ('懐かしい' / '思い出'), a card name in
 * two in the text part and, a line end read as a space, in the HTML. */
static void
the_help_cuts_no_card_name(void **state)
{
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("help");
	struct mq_err err;
	struct mail m = { 0 };

	(void)state;
	assert_int_equal(render(TMPL, "ja", "help", gd, ctx, &m, &err), 0);
	if (strstr(m.text, "懐かしい思い出で手札に戻す") == NULL)
		fail_msg("the text part cuts 懐かしい思い出:\n%s", m.text);
	if (strstr(m.html, "懐かしい思い出で手札に戻す") == NULL)
		fail_msg("the HTML part cuts 懐かしい思い出");
	mail_free(&m);
	json_decref(ctx);
	json_decref(gd);
}

/* Secrets of other players, as an admin view would carry them, must not
 * reach a player's mail: the templates print only the view's "me". */
static void
other_players_secrets_never_reach_the_mail(void **state)
{
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("turn"), *leaky, *p;
	struct mq_err err;
	struct mail a = { 0 }, b = { 0 };
	size_t i, l;

	(void)state;
	leaky = json_deep_copy(ctx);
	json_array_foreach(json_object_get(json_object_get(leaky, "view"),
	    "players"), i, p) {
		if (strcmp(json_string_value(json_object_get(p, "name")), "bob") == 0)
			continue;
		json_object_set_new(p, "hand", json_pack("[s]", "grand_entrance"));
		json_object_set_new(p, "personality", json_string("grand_entrance"));
		json_object_set_new(p, "rumors", json_pack("[{s:s, s:s, s:s}]",
		    "type", "gossip", "time", "12:40", "room", "orange"));
		json_object_set_new(p, "pending_play",
		    json_string("PLAY grand_entrance"));
	}
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "turn", gd, ctx, &a, &err), 0);
		assert_int_equal(render(TMPL, langs[l], "turn", gd, leaky, &b, &err), 0);
		assert_string_equal(a.text, b.text);
		assert_string_equal(a.html, b.html);
		assert_null(strstr(b.text, "grand_entrance"));
		/* ... while bob's own hand is there. */
		assert_non_null(strstr(a.text, "PLAY eavesdrop TARGET dave SLOT 12:30 12:40"));
		mail_free(&a);
		mail_free(&b);
	}
	json_decref(leaky);
	json_decref(ctx);
	json_decref(gd);
}

static void
missing_and_odd_keys_still_render(void **state)
{
	static const char *const ctxs[] = {
		"{\"game\": \"g7f3abcd\", \"kind\": \"redmasque\"}",
		"{\"game\": \"g7f3abcd\", \"kind\": \"redmasque\", \"view\": {}}",
		"{\"game\": \"g7f3abcd\", \"view\": {\"players\": \"x\", \"me\": 3, "
		    "\"rooms\": [1, null], \"prince\": {\"path\": [\"nowhere\", 7]}}, "
		    "\"events\": [{\"type\": \"visit\"}, 5, {\"type\": \"plans\", "
		    "\"plans\": {\"a\": 1}}, {\"type\": \"??\"}], \"owed\": 4, "
		    "\"accepted\": {}, \"refused\": null, \"receipt\": []}",
		"{\"game\": \"g7f3abcd\", \"player\": \"bob\", \"view\": {\"rooms\": "
		    "[\"blue\", \"green\"], \"phase\": \"act\", \"round\": 99, "
		    "\"players\": [{\"name\": \"bob\", \"room\": \"mars\"}], \"me\": "
		    "{\"name\": \"bob\", \"room\": \"mars\", \"hand\": [\"nocard\", 1], "
		    "\"notes\": {\"12:00\": {\"blue\": \"safe\"}}, \"allowance\": 3}}, "
		    "\"owed\": \"act\"}",
	};
	json_t *gd = load_json(GAMEDATA), *ctx;
	json_error_t je;
	struct mq_err err;
	struct mail m = { 0 };
	char what[64];
	size_t c, k, l;

	(void)state;
	for (c = 0; c < sizeof(ctxs) / sizeof(ctxs[0]); c++) {
		ctx = json_loads(ctxs[c], 0, &je);
		assert_non_null(ctx);
		for (k = 0; k < NKINDS; k++)
			for (l = 0; l < NLANGS; l++) {
				snprintf(what, sizeof(what), "ctx %zu %s.%s", c,
				    kinds[k], langs[l]);
				if (render(TMPL, langs[l], kinds[k], gd, ctx, &m, &err))
					fail_msg("%s: %s", what, err.msg);
				check_invariants(what, &m);
				mail_free(&m);
			}
		json_decref(ctx);
	}
	/* No game data at all: ids stand in for names. */
	ctx = load_ctx("turn");
	assert_int_equal(render(TMPL, "en", "turn", NULL, ctx, &m, &err), 0);
	check_invariants("no gamedata", &m);
	mail_free(&m);
	json_decref(ctx);
	json_decref(gd);
}

static void
refused_mail_says_nothing_about_the_game(void **state)
{
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("refused");
	struct mq_err err;
	struct mail m = { 0 };
	size_t l;

	(void)state;
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "refused", gd, ctx, &m, &err), 0);
		assert_null(strstr(m.subject, "g7f3abcd"));
		assert_null(strstr(m.text, "g7f3abcd"));
		assert_null(strstr(m.html, "g7f3abcd"));
		assert_non_null(strstr(m.text, "does not belong to any game"));
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/* Columns of the UTF-8 character at p (a CJK one takes two), into *cols;
 * returns its length in bytes. */
static size_t
char_cols(const char *p, size_t *cols)
{
	const unsigned char *u = (const unsigned char *)p;
	unsigned cp;

	if (u[0] < 0x80) {
		*cols = 1;
		return 1;
	}
	if ((u[0] & 0xE0) == 0xC0) {
		*cols = 1;
		return 2;
	}
	if ((u[0] & 0xF0) == 0xE0) {
		cp = (unsigned)(u[0] & 0x0F) << 12 | (unsigned)(u[1] & 0x3F) << 6 |
		    (u[2] & 0x3F);
		/* CJK, kana, fullwidth forms: the wide ranges our text uses */
		*cols = (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 &&
		    cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
		    (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 &&
		    cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6) ? 2 : 1;
		return 3;
	}
	*cols = 2;
	return 4;
}

/* The display column of each cell's start on a table line (after its
 * first two spaces and the name column): the columns where a run of
 * non-spaces begins, at most max; how many. */
static size_t
cell_starts(const char *line, const char *end, size_t *at, size_t max,
    size_t *width)
{
	size_t cols = 0, c, n, k = 0;
	const char *p;
	int space = 1;

	for (p = line; p < end; p += n) {
		n = char_cols(p, &c);
		if (*p != ' ' && space && k < max)
			at[k++] = cols;
		space = *p == ' ';
		cols += c;
	}
	*width = cols;
	return k;
}

/*
 * The midnight plans revealed at midnight are in the reader's words, in
 * the text part and the HTML: a Japanese or Chinese end mail showed
 * "  alice ccw   ccw   ccw   stay  stay  stay" beside the reader's own
 * plan in 留まる、時計回り (found playing a game by mail). The columns
 * stay under their times by display width (a wide character two), and
 * within 78 with a player's name of 20 characters.
 */
static void
the_midnight_plans_are_in_the_readers_words(void **state)
{
	static const char *const head[] = { "真夜中の計画が公開されました",
	    "午夜计划公开：" };
	static const char *const words[][3] = {
		{ "時計", "反時計", "留まる" },
		{ "顺时针", "逆时针", "不动" },
	};
	static const char *const html_words[][3] = {
		{ ">時計回り<", ">反時計回り<", ">留まる<" },
		{ ">顺时针<", ">逆时针<", ">不动<" },
	};
	static const char *const english[] = { ">cw<", ">ccw<", ">stay<" };
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("end");
	char *s = json_dumps(ctx, JSON_COMPACT), *long_name;
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err err;
	struct mail m = { 0 };
	size_t l, i, k, hk, ncells, width, hat[8], at[8];
	const char *p, *line, *nl, *table;
	char row[256], *tok;

	(void)state;
	/* erin, a name of 20 characters: the widest the table holds */
	assert_non_null(s);
	for (p = s; (line = strstr(p, "\"erin\"")) != NULL; p = line + 6) {
		mq_buf_add(&b, p, (size_t)(line - p));
		mq_buf_puts(&b, "\"erin_of_the_red_hall\"");
	}
	mq_buf_puts(&b, p);
	free(s);
	json_decref(ctx);
	long_name = mq_buf_steal(&b);
	ctx = json_loads(long_name, 0, NULL);
	free(long_name);
	assert_non_null(ctx);
	for (l = 1; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "end", gd, ctx, &m,
		    &err), 0);
		table = strstr(m.text, head[l - 1]);
		if (table == NULL)
			fail_msg("%s: no midnight plans in the end mail", langs[l]);
		table = strchr(table, '\n') + 1;	/* the times */
		nl = strchr(table, '\n');
		hk = cell_starts(table, nl, hat, 8, &width);
		assert_int_equal(hk, 6);
		for (line = nl + 1, i = 0; i < 5; line = nl + 1, i++) {
			nl = strchr(line, '\n');
			assert_non_null(nl);
			if (strncmp(line, "  ", 2) != 0)
				fail_msg("%s: the table has %zu rows, not 5",
				    langs[l], i);
			snprintf(row, sizeof(row), "%.*s", (int)(nl - line),
			    line);
			for (tok = strtok(row, " "); tok != NULL;
			    tok = strtok(NULL, " "))
				if (strcmp(tok, "cw") == 0 ||
				    strcmp(tok, "ccw") == 0 ||
				    strcmp(tok, "stay") == 0)
					fail_msg("%s: an English word in the "
					    "plans: %.*s", langs[l],
					    (int)(nl - line), line);
			/* the name, then six cells under the times */
			ncells = cell_starts(line, nl, at, 8, &width);
			if (ncells != 7 || memcmp(at + 1, hat, sizeof(hat[0]) *
			    6) != 0)
				fail_msg("%s: the cells are not under their "
				    "times: %.*s", langs[l], (int)(nl - line),
				    line);
			if (width > 78)
				fail_msg("%s: a row is %zu columns: %.*s",
				    langs[l], width, (int)(nl - line), line);
		}
		for (k = 0; k < 3; k++) {
			if (strstr(table, words[l - 1][k]) == NULL)
				fail_msg("%s: the plans do not say %s", langs[l],
				    words[l - 1][k]);
			if (strstr(m.html, html_words[l - 1][k]) == NULL)
				fail_msg("%s: the HTML plans do not say %s",
				    langs[l], html_words[l - 1][k]);
		}
		for (k = 0; k < sizeof(english) / sizeof(english[0]); k++)
			if (strstr(m.html, english[k]) != NULL)
				fail_msg("%s: the HTML plans say %s", langs[l],
				    english[k]);
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The lines of a text part wider than 78 columns (a wide character takes
 * two), each printed, unless it is the receipt's entry, whose JSON is
 * checked byte for byte. A hash of 64 hex digits fits 78 columns, so it
 * goes on its own line under its label, never beside it; the checkpoint's
 * signature, 88 characters of base64, goes on two lines under "sig" (on
 * one, indented 4, it was 92 columns, let through as one token that cannot
 * break: verify-receipt and tests/verify_export.py read it across lines,
 * as they read one a client wrapped).
 */
static int
lines_too_wide(const char *what, const char *text)
{
	const char *line, *nl;
	int wide = 0;

	for (line = text; *line; line = nl + 1) {
		size_t cols = 0, c, n;
		const char *p;

		nl = strchr(line, '\n');
		if (nl == NULL)
			nl = line + strlen(line);
		for (p = line; p < nl; p += n) {
			n = char_cols(p, &c);
			cols += c;
		}
		/* the receipt's entry: one line, byte for byte */
		if (strncmp(line, "{\"", 2) == 0)
			cols = 0;
		if (cols > 78) {
			print_error("%s: a line is %zu columns: %.*s\n", what, cols,
			    (int)(nl - line), line);
			wide++;
		}
		if (*nl == '\0')
			break;
	}
	return wide;
}

/* Every kind of mail from ctx in every language: its lines too wide. */
static int
mails_too_wide(const json_t *gd, const json_t *ctx, const char *tag)
{
	struct mq_err err;
	struct mail m = { 0 };
	char what[96];
	size_t k, l;
	int wide = 0;

	for (k = 0; k < NKINDS; k++)
		for (l = 0; l < NLANGS; l++) {
			snprintf(what, sizeof(what), "%s%s.%s", tag, kinds[k],
			    langs[l]);
			if (render(TMPL, langs[l], kinds[k], gd, ctx, &m, &err) != 0)
				fail_msg("%s: %s", what, err.msg);
			wide += lines_too_wide(what, m.text);
			mail_free(&m);
		}
	return wide;
}

/*
 * Each line of the text templates' own words (one without a tag) fits 78
 * columns as written: wider, the renderer wraps it, and its last word or
 * two go alone on a line of their own ("KEEP（残す）、" in the Japanese
 * command words), or a Japanese word is cut in two (届きま / せん) where
 * the template broke it by hand. Every language, both games.
 */
/*
 * The welcome's command words list the same aliases for each command in
 * every language, text and HTML: the Japanese list named STATUS's
 * ステータス, the English and Chinese ones did not (found playing by mail).
 */
static void
command_words_are_the_same_in_every_language(void **state)
{
	static const char *const words[] = { "PLAY", "MOVE", "PLAN", "PLACE",
	    "STATUS", "HELP", "TARGET", "SLOT", "RECOVER", "CLEAR" };
	static const char *const langs3[] = { "en", "ja", "zh" };
	static const char *const parts[] = { "txt", "html" };
	char path[512], key[32], first[256], got[256];
	size_t w, l, k;

	(void)state;
	for (w = 0; w < sizeof(words) / sizeof(words[0]); w++) {
		first[0] = '\0';
		for (l = 0; l < 3; l++)
			for (k = 0; k < 2; k++) {
				char *text, *at, *open, *close;
				size_t n;

				snprintf(path, sizeof(path), "%s/%s/_commands_%s."
				    "mustache", TMPL, langs3[l], parts[k]);
				assert_non_null(text = slurp(path));
				/* "STATUS (" in English, "STATUS（" else */
				snprintf(key, sizeof(key), "%s %s", words[w],
				    strcmp(langs3[l], "en") == 0 ? "(" : "");
				if (strcmp(langs3[l], "en") != 0)
					snprintf(key, sizeof(key), "%s（",
					    words[w]);
				at = strstr(text, key);
				if (at == NULL)
					fail_msg("%s: no %s", path, key);
				open = at + strlen(key);
				close = strstr(open, strcmp(langs3[l], "en") ==
				    0 ? ")" : "）");
				assert_non_null(close);
				n = (size_t)(close - open);
				assert_true(n < sizeof(got));
				memcpy(got, open, n);
				got[n] = '\0';
				if (first[0] == '\0')
					snprintf(first, sizeof(first), "%s", got);
				else if (strcmp(first, got) != 0)
					fail_msg("%s: %s lists %s, English %s", path,
					    words[w], got, first);
				free(text);
			}
	}
}

static void
template_lines_fit_78_columns(void **state)
{
	static const char *const dirs[] = { "en", "ja", "zh", "en/masquerade",
	    "ja/masquerade", "zh/masquerade" };
	char path[512], line[2048];
	struct dirent *de;
	size_t i, len, cols, c, n, seen = 0;
	int wide = 0, at;
	DIR *dir;
	FILE *f;

	(void)state;
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", TMPL, dirs[i]);
		assert_non_null(dir = opendir(path));
		while ((de = readdir(dir)) != NULL) {
			len = strlen(de->d_name);
			if (len < 13 || (strcmp(de->d_name + len - 13,
			    "_txt.mustache") != 0 && strcmp(de->d_name + len - 13,
			    ".txt.mustache") != 0))
				continue;
			snprintf(path, sizeof(path), "%s/%s/%s", TMPL, dirs[i],
			    de->d_name);
			assert_non_null(f = fopen(path, "r"));
			seen++;
			for (at = 1; fgets(line, sizeof(line), f) != NULL; at++) {
				const char *p;

				line[strcspn(line, "\n")] = '\0';
				if (strstr(line, "{{") != NULL)
					continue;
				for (cols = 0, p = line; *p; p += n) {
					n = char_cols(p, &c);
					cols += c;
				}
				if (cols > 78) {
					print_error("%s:%d is %zu columns: %s\n",
					    path, at, cols, line);
					wide++;
				}
			}
			fclose(f);
		}
		closedir(dir);
	}
	assert_true(seen > 60);
	assert_int_equal(wide, 0);
}

/*
 * The text part fits a terminal, in every language and every kind of mail.
 * The command words of the welcome and help mails, and a receipt's
 * commitments, ran to 98 and 126 columns before they were wrapped.
 */
static void
text_part_fits_78_columns(void **state)
{
	json_t *gd = load_json(GAMEDATA), *ctx;
	size_t k;
	int wide = 0;

	(void)state;
	for (k = 0; k < NKINDS; k++) {
		ctx = load_ctx(kinds[k]);
		wide += mails_too_wide(gd, ctx, "");
		json_decref(ctx);
	}
	json_decref(gd);
	assert_int_equal(wide, 0);
}

/* The columns of the line [p, end). */
static size_t
line_cols(const char *p, const char *end)
{
	size_t cols = 0, c;

	while (p < end) {
		p += char_cols(p, &c);
		cols += c;
	}
	return cols;
}

/*
 * A secret changed later, in the end mail's and a resolution's list of
 * every secret, wraps as the sentence it is: its note after two spaces
 * read as a table's second column, and the wrap hung the rest under it
 * ("...stay  (changed later, at" / 51 spaces "entry 145)"). Now every line
 * of the list fits 78 columns, and one that goes on does so at the
 * list's indent (six columns), in every language.
 */
static void
a_secret_changed_later_wraps_as_a_sentence(void **state)
{
	static const char *const ks[] = { "end", "resolution" };
	json_t *gd = load_json(GAMEDATA), *ctx;
	struct mq_err e;
	struct mail m = { 0 };
	const char *p, *nl, *start;
	size_t k, l, lead;

	(void)state;
	for (k = 0; k < 2; k++)
		for (l = 0; l < NLANGS; l++) {
			ctx = load_ctx(ks[k]);
			json_object_set_new(ctx, "reveals", json_pack("[{s:s, s:i, "
			    "s:s, s:s, s:s, s:i, s:b}]", "player", "kenji", "seq", 140,
			    "text", "PLAN ccw stay ccw stay ccw stay", "salt", "00",
			    "commit", "11", "superseded_by", 145, "by_host", 1));
			assert_int_equal(render(TMPL, langs[l], ks[k], gd, ctx, &m,
			    &e), 0);
			assert_non_null(p = strstr(m.text, "kenji"));
			while (p > m.text && p[-1] != '\n')
				p--;
			start = p;
			/* the line of the secret and those after it up to its
			 * salt (盐值 in Chinese, ソルト in Japanese) */
			for (; (nl = strchr(p, '\n')) != NULL &&
			    strncmp(p + strspn(p, " "), "salt", 4) != 0 &&
			    strncmp(p + strspn(p, " "), "盐值", strlen("盐值")) != 0 &&
			    strncmp(p + strspn(p, " "), "ソルト", strlen("ソルト")) != 0;
			    p = nl + 1) {
				lead = strspn(p, " ");
				if (lead > 6 || line_cols(p, nl) > 78)
					fail_msg("%s.%s: the changed secret hangs or runs "
					    "over:\n%.*s", ks[k], langs[l],
					    (int)(nl - start), start);
			}
			mail_free(&m);
			json_decref(ctx);
		}
	json_decref(gd);
}

/* Every string of j that is one of the players' names, the long one (an
 * object's key too: the plans). */
static json_t *
long_names(const json_t *j)
{
	static const char *const names[][2] = {
		{ "alice", "alexandrina_victoria" }, { "bob", "bartholomew_jones" },
		{ "carol", "carolina_de_la_vega" }, { "dave", "david_livingstone" },
		{ "erin", "erin_oconnor_murphy" },
	};
	const char *k;
	json_t *v, *c;
	size_t i, n;

	if (json_is_string(j)) {
		for (n = 0; n < sizeof(names) / sizeof(names[0]); n++)
			if (strcmp(json_string_value(j), names[n][0]) == 0)
				return json_string(names[n][1]);
		return json_deep_copy(j);
	}
	if (json_is_array(j)) {
		c = json_array();
		json_array_foreach((json_t *)j, i, v)
			json_array_append_new(c, long_names(v));
		return c;
	}
	if (!json_is_object(j))
		return json_deep_copy(j);
	c = json_object();
	json_object_foreach((json_t *)j, k, v) {
		const char *key = k;

		for (n = 0; n < sizeof(names) / sizeof(names[0]); n++)
			if (strcmp(k, names[n][0]) == 0)
				key = names[n][1];
		json_object_set_new(c, key, long_names(v));
	}
	return c;
}

/*
 * The text part fits 78 columns with players' names as long as a name
 * goes (20 characters; these are 17 to 20) and popularity in two digits:
 * a Japanese popularity line with the card's player in it ran to 81
 * columns with names of 11 letters, and nothing wrapped it.
 */
static void
text_part_fits_78_columns_with_long_names(void **state)
{
	json_t *gd = load_json(GAMEDATA), *ctx, *lng, *e;
	size_t k;
	int wide = 0;

	(void)state;
	for (k = 0; k < NKINDS; k++) {
		ctx = load_ctx(kinds[k]);
		lng = long_names(ctx);
		wide += mails_too_wide(gd, lng, "long names: ");
		json_decref(lng);
		json_decref(ctx);
	}
	ctx = load_ctx("receipt_place");
	lng = long_names(ctx);
	wide += mails_too_wide(gd, lng, "long names, early PLACE: ");
	json_decref(lng);
	json_decref(ctx);
	/* the popularity lines at their longest: alice's +2 by erin's card,
	 * taken spaces not counted; bob's -2 stopped at the bottom */
	ctx = load_ctx("resolution");
	json_array_foreach(json_object_get(ctx, "events"), k, e) {
		if (json_integer_value(json_object_get(e, "from")) == 18)
			json_object_set_new(e, "player", json_string("erin"));
		if (json_integer_value(json_object_get(e, "from")) == 9) {
			json_object_set_new(e, "from", json_integer(2));
			json_object_set_new(e, "to", json_integer(1));
		}
	}
	lng = long_names(ctx);
	wide += mails_too_wide(gd, lng, "long names, popularity: ");
	/* and read by someone else: bob's lines, "You ..." to him, name him */
	json_object_set_new(lng, "player", json_string("someone_else"));
	wide += mails_too_wide(gd, lng, "long names, popularity, another's: ");
	json_decref(lng);
	json_decref(ctx);
	json_decref(gd);
	assert_int_equal(wide, 0);
}

static void
decorate_orders_the_board_path_and_track(void **state)
{
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("turn"), *d, *a;
	size_t i;
	json_int_t last = 1000;

	(void)state;
	d = mq_render_decorate(gd, "ja", ctx);
	assert_non_null(d);
	a = json_object_get(d, "board");
	assert_int_equal(json_array_size(a), 7);
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 0),
	    "name")), "青の間");
	assert_true(json_is_true(json_object_get(json_array_get(a, 4), "has_prince")));
	a = json_object_get(d, "path");
	assert_int_equal(json_array_size(a), 12);
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 0),
	    "time")), "8:00");
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 11),
	    "time")), "11:40");
	assert_true(json_is_true(json_object_get(json_array_get(a, 4), "is_now")));
	a = json_object_get(d, "track");
	assert_int_equal(json_array_size(a), 5);
	for (i = 0; i < json_array_size(a); i++) {
		json_int_t p = json_integer_value(json_object_get(json_array_get(a, i),
		    "popularity"));

		assert_true(p < last);
		last = p;
	}
	a = json_object_get(json_object_get(d, "notes"), "rows");
	assert_int_equal(json_array_size(a), 7);
	assert_true(json_is_true(json_object_get(json_array_get(json_object_get(
	    json_array_get(a, 6), "cells"), 5), "is_deadly")));
	a = json_object_get(d, "events");
	assert_true(json_is_true(json_object_get(json_array_get(a, 1), "is_move")));
	assert_string_equal(json_string_value(json_object_get(json_array_get(a, 1),
	    "to_name")), "緑の間");
	/* ctx itself is not changed. */
	assert_null(json_object_get(ctx, "board"));
	json_decref(d);
	json_decref(ctx);
	json_decref(gd);
}

/* The rules in short follow the game's resolution_order: seat order by
 * default, ascending popularity with the option (the view says which). */
static void
the_rules_follow_the_resolution_order(void **state)
{
	static const char *const want[][3] = {
		{ "en", "then\n     the next least popular, and so on.", "then\n     on in seat order." },
		{ "ja", "低い人から人気の低い順に1人ずつ", "低い人から席順に1人ずつ" },
		{ "zh", "按人气从低到高逐一", "按座位顺序逐一" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("welcome");
	struct mail m = { 0 };
	struct mq_err err;
	size_t l;
	int opt;

	(void)state;
	for (opt = 0; opt < 2; opt++) {
		json_object_set_new(json_object_get(ctx, "view"),
		    "ascending_popularity", json_boolean(opt));
		for (l = 0; l < NLANGS; l++) {
			assert_int_equal(render(TMPL, langs[l], "welcome", gd, ctx,
			    &m, &err), 0);
			if (strstr(m.text, want[l][opt ? 1 : 2]) == NULL ||
			    strstr(m.text, want[l][opt ? 2 : 1]) != NULL)
				fail_msg("%s, option %d: the order is not \"%s\"",
				    langs[l], opt, want[l][opt ? 1 : 2]);
			mail_free(&m);
		}
	}
	json_decref(ctx);
	json_decref(gd);
}

/* A night nobody survived: the end mail's board has the dead and no
 * popularity heading with nothing under it; with one alive, the heading. */
static void
an_empty_track_has_no_heading(void **state)
{
	static const char *const heading[] = { "Popularity, most popular first",
	    "人気（高い順）", "人气（从高到低）" };
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("end"), *p;
	struct mail m = { 0 };
	struct mq_err err;
	size_t i, l;

	(void)state;
	json_array_foreach(json_object_get(json_object_get(ctx, "view"),
	    "players"), i, p)
		json_object_set_new(p, "popularity", json_null());
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "end", gd, ctx, &m, &err), 0);
		if (strstr(m.text, heading[l]) || strstr(m.html, heading[l]))
			fail_msg("%s: a popularity heading over nobody", langs[l]);
		mail_free(&m);
	}
	p = json_array_get(json_object_get(json_object_get(ctx, "view"),
	    "players"), 0);
	json_object_set_new(p, "popularity", json_integer(3));
	assert_int_equal(render(TMPL, "en", "end", gd, ctx, &m, &err), 0);
	assert_non_null(strstr(m.text, heading[0]));
	assert_non_null(strstr(m.html, heading[0]));
	mail_free(&m);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The daemon renders every mail with one renderer, which keeps templates,
 * partials and game data decorations between mails: each mail must be
 * the one a fresh renderer makes, whatever came before it, game data
 * equal to a kept one (each game opens its own copy) and none included.
 */
static void
a_renderer_kept_across_mails_gives_the_same_mails(void **state)
{
	json_t *gd = load_json(GAMEDATA), *gd2 = json_deep_copy(gd), *ctx;
	struct mq_renderer *r = mq_renderer_new(TMPL);
	struct mq_err err;
	struct mail m = { 0 }, fresh = { 0 };
	char what[64];
	size_t k, l, round;

	(void)state;
	assert_non_null(r);
	assert_non_null(gd2);
	for (round = 0; round < 3; round++)
		for (k = 0; k < NKINDS; k++) {
			ctx = load_ctx(kinds[k]);
			for (l = 0; l < NLANGS; l++) {
				const json_t *g = round == 0 ? gd : round == 1 ? gd2 :
				    (k + l) % 2 ? gd : gd2;

				snprintf(what, sizeof(what), "%s.%s round %zu",
				    kinds[k], langs[l], round);
				if (mq_renderer_mail(r, langs[l], kinds[k], g, ctx,
				    &m.subject, &m.text, &m.html, &err) != 0)
					fail_msg("%s: %s", what, err.msg);
				check_golden(kinds[k], langs[l], "subject", m.subject);
				check_golden(kinds[k], langs[l], "txt", m.text);
				check_golden(kinds[k], langs[l], "html", m.html);
				mail_free(&m);
				/* no game data at all, between two that have it */
				assert_int_equal(mq_renderer_mail(r, langs[l], kinds[k],
				    NULL, ctx, &m.subject, &m.text, &m.html, &err), 0);
				assert_int_equal(render(TMPL, langs[l], kinds[k], NULL,
				    ctx, &fresh, &err), 0);
				assert_string_equal(m.subject, fresh.subject);
				assert_string_equal(m.text, fresh.text);
				assert_string_equal(m.html, fresh.html);
				mail_free(&m);
				mail_free(&fresh);
			}
			json_decref(ctx);
		}
	mq_renderer_free(r);
	json_decref(gd2);
	json_decref(gd);
}

/* A throwaway template folder for the error tests. */
static void
put_template(const char *dir, const char *name, const char *text)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/en/%s", dir, name);
	write_file(path, text);
}

static void
rm_tree(const char *dir)
{
	static const char *const names[] = {
		"x.subject.mustache", "x.txt.mustache", "x.html.mustache",
		"_bad.mustache", "y.subject.mustache", "y.txt.mustache",
		"y.html.mustache",
	};
	char path[512];
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/en/%s", dir, names[i]);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/en", dir);
	rmdir(path);
	rmdir(dir);
}

static void
broken_templates_are_named_in_the_error(void **state)
{
	char dir[] = "/tmp/mq-render-XXXXXX", sub[512];
	json_t *ctx = json_pack("{s:s}", "game", "g7f3abcd");
	struct mq_err err;
	struct mail m = { 0 };

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(sub, sizeof(sub), "%s/en", dir);
	assert_int_equal(mkdir(sub, 0700), 0);

	/* A syntax error in the template itself. */
	put_template(dir, "x.subject.mustache", "hello");
	put_template(dir, "x.txt.mustache", "=== masqued\n{{#a}}open\n");
	put_template(dir, "x.html.mustache", "<html></html>");
	assert_int_equal(render(dir, "en", "x", NULL, ctx, &m, &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "x.txt.mustache"));
	assert_null(m.subject);

	/* A syntax error in a partial names the partial's file. */
	put_template(dir, "x.txt.mustache", "=== masqued\n{{>bad}}\n");
	put_template(dir, "_bad.mustache", "line one\n{{/nothing}}\n");
	assert_int_equal(render(dir, "en", "x", NULL, ctx, &m, &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "_bad.mustache"));
	assert_non_null(strstr(err.msg, "line 2"));

	/* A missing partial is an error too, not an empty hole. */
	put_template(dir, "x.txt.mustache", "=== masqued\n{{>absent}}\n");
	assert_int_equal(render(dir, "en", "x", NULL, ctx, &m, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "_absent.mustache"));

	/* A text part that does not begin with the marker. */
	put_template(dir, "x.txt.mustache", "Hello\n");
	assert_int_equal(render(dir, "en", "x", NULL, ctx, &m, &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, MQ_REPLY_MARKER));

	/* A missing kind, and a kind that tries to leave the folder. */
	assert_int_equal(render(dir, "en", "y", NULL, ctx, &m, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "y.subject.mustache"));
	assert_int_equal(render(dir, "en", "../en/x", NULL, ctx, &m, &err),
	    MQ_REFUSED);
	assert_int_equal(render(dir, "../../etc", "x", NULL, ctx, &m, &err),
	    MQ_REFUSED);
	rm_tree(dir);
	json_decref(ctx);
}

/*
 * A renderer keeps only what worked: a broken or missing template or
 * partial fails each mail that needs it, by name, until it is fixed; then
 * the next mail works, from the same renderer.
 */
static void
a_renderer_keeps_no_failure(void **state)
{
	char dir[] = "/tmp/mq-render-XXXXXX", sub[512];
	json_t *ctx = json_pack("{s:s}", "game", "g7f3abcd");
	struct mq_renderer *r;
	struct mq_err err;
	struct mail m = { 0 };
	int i;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(sub, sizeof(sub), "%s/en", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	assert_non_null(r = mq_renderer_new(dir));
	put_template(dir, "x.subject.mustache", "hello {{game}}");
	put_template(dir, "x.html.mustache", "<html></html>");
	/* a missing text part, then a broken one */
	assert_int_equal(mq_renderer_mail(r, "en", "x", NULL, ctx, &m.subject,
	    &m.text, &m.html, &err), MQ_IO);
	assert_non_null(strstr(err.msg, "x.txt.mustache"));
	assert_null(m.subject);
	put_template(dir, "x.txt.mustache", "=== masqued\n{{#a}}open\n");
	assert_int_equal(mq_renderer_mail(r, "en", "x", NULL, ctx, &m.subject,
	    &m.text, &m.html, &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "x.txt.mustache"));
	/* a missing partial, twice (the error is not forgotten), then there */
	put_template(dir, "x.txt.mustache", "=== masqued\n{{>bad}}\n");
	for (i = 0; i < 2; i++) {
		assert_int_equal(mq_renderer_mail(r, "en", "x", NULL, ctx,
		    &m.subject, &m.text, &m.html, &err), MQ_IO);
		assert_non_null(strstr(err.msg, "_bad.mustache"));
		assert_non_null(strstr(err.msg, "used by"));
	}
	put_template(dir, "_bad.mustache", "line one\n{{/nothing}}\n");
	assert_int_equal(mq_renderer_mail(r, "en", "x", NULL, ctx, &m.subject,
	    &m.text, &m.html, &err), MQ_REFUSED);
	assert_non_null(strstr(err.msg, "_bad.mustache"));
	assert_non_null(strstr(err.msg, "line 2"));
	put_template(dir, "_bad.mustache", "game {{game}}\n");
	assert_int_equal(mq_renderer_mail(r, "en", "x", NULL, ctx, &m.subject,
	    &m.text, &m.html, &err), 0);
	assert_string_equal(m.subject, "hello g7f3abcd");
	assert_string_equal(m.text, "=== masqued\ngame g7f3abcd\n");
	mail_free(&m);
	mq_renderer_free(r);
	rm_tree(dir);
	json_decref(ctx);
}

/* Decorate through a renderer is mq_render_decorate: same keys, values. */
static void
decorate_is_the_same_for_every_kind(void **state)
{
	json_t *gd = load_json(GAMEDATA), *ctx, *a, *b;
	size_t k, l;

	(void)state;
	for (k = 0; k < NKINDS; k++) {
		ctx = load_ctx(kinds[k]);
		for (l = 0; l < NLANGS; l++) {
			a = mq_render_decorate(gd, langs[l], ctx);
			b = mq_render_decorate(gd, langs[l], ctx);
			assert_non_null(a);
			assert_true(json_equal(a, b));
			/* ctx's own view is there, unchanged */
			if (json_object_get(ctx, "view") != NULL)
				assert_true(json_equal(json_object_get(a, "view"),
				    json_object_get(ctx, "view")));
			json_decref(a);
			json_decref(b);
		}
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * The host's admin notice (daemon/notify_admin.c): templates/LANG/
 * _admin_notice.mustache over the action as mq_notify_admin gives it,
 * one line of plain text in each language, saying what the action means
 * for the players.
 */
static void
admin_notice_in_every_language(void **state)
{
	static const struct {
		const char *lang, *admin, *want;
	} cases[] = {
		{ "en", "{\"action\": \"pause\", \"pause\": true, \"why\": \"holiday <&>\"}",
		    "The host paused the game: no move is taken and no deadline runs until "
		    "it resumes. Why: holiday <&>" },
		{ "en", "{\"action\": \"extend\", \"extend\": true, \"delay\": true, \"hours\": 24, "
		    "\"why\": \"a late start\"}",
		    "The host moved the deadlines 24 hours later. Why: a late start" },
		{ "en", "{\"action\": \"rotate-token\", \"rotate_token\": true, "
		    "\"player\": \"bob\", \"why\": \"leaked\"}",
		    "The host gave bob new reply addresses: a reply from bob to an older "
		    "mail of this game is refused. Why: leaked" },
		{ "en", "{\"action\": \"kick\", \"kick\": true, \"player\": \"dave\", "
		    "\"why\": \"gone\"}", "The host took dave out of the game: from now on "
		    "the default moves play that seat, each as soon as it is owed. "
		    "Why: gone" },
		{ "en", "{\"action\": \"explode\", \"other\": true, \"player\": \"bob\", "
		    "\"why\": \"x\"}", "The host did: explode bob. Why: x" },
		{ "ja", "{\"action\": \"pause\", \"pause\": true, \"why\": \"holiday <&>\"}",
		    "ホストがゲームを一時停止しました。再開されるまで手は受け付けられず、期限も進みません。理由：holiday <&>" },
		{ "ja", "{\"action\": \"resume\", \"resume\": true, \"why\": \"back\"}",
		    "ホストがゲームを再開しました。理由：back" },
		{ "ja", "{\"action\": \"extend\", \"extend\": true, \"delay\": true, \"hours\": 24, "
		    "\"why\": \"a late start\"}",
		    "ホストが期限を24時間延長しました。理由：a late start" },
		{ "ja", "{\"action\": \"kick\", \"kick\": true, \"player\": \"dave\", "
		    "\"why\": \"gone\"}", "ホストが dave さんをゲームから外しました。今後その席は、手番が来るたびにすぐ既定の手で進みます。理由：gone" },
		{ "ja", "{\"action\": \"replace\", \"replace\": true, \"player\": \"dave\", "
		    "\"why\": \"a friend\"}",
		    "ホストが dave さんの席を新しいメールアドレスに移しました。理由：a friend" },
		{ "ja", "{\"action\": \"rotate-token\", \"rotate_token\": true, "
		    "\"player\": \"bob\", \"why\": \"leaked\"}",
		    "ホストが bob さんの返信先アドレスを新しくしました（以前のアドレスは使えなくなります）。理由：leaked" },
		{ "ja", "{\"action\": \"explode\", \"other\": true, \"why\": \"x\"}",
		    "ホストが操作を行いました：explode。理由：x" },
		{ "zh", "{\"action\": \"pause\", \"pause\": true, \"why\": \"holiday <&>\"}",
		    "主持人暂停了游戏：恢复之前不接受任何行动，截止时间也不计时。理由：holiday <&>" },
		{ "zh", "{\"action\": \"resume\", \"resume\": true, \"why\": \"back\"}",
		    "主持人恢复了游戏。理由：back" },
		{ "zh", "{\"action\": \"extend\", \"extend\": true, \"delay\": true, \"hours\": 24, "
		    "\"why\": \"a late start\"}",
		    "主持人将截止时间延后了 24 小时。理由：a late start" },
		{ "zh", "{\"action\": \"kick\", \"kick\": true, \"player\": \"dave\", "
		    "\"why\": \"gone\"}", "主持人将 dave 移出了游戏：此后每当轮到该座位，都立即由默认行动代为进行。理由：gone" },
		{ "zh", "{\"action\": \"replace\", \"replace\": true, \"player\": \"dave\", "
		    "\"why\": \"a friend\"}",
		    "主持人将 dave 的座位转给了新的邮箱地址。理由：a friend" },
		{ "zh", "{\"action\": \"rotate-token\", \"rotate_token\": true, "
		    "\"player\": \"bob\", \"why\": \"leaked\"}",
		    "主持人更换了 bob 的回复地址（旧地址从此失效）。理由：leaked" },
		{ "zh", "{\"action\": \"explode\", \"other\": true, \"player\": \"bob\", "
		    "\"why\": \"x\"}", "主持人执行了操作：explode bob。理由：x" },
	};
	struct mq_renderer *r = mq_renderer_new(TMPL);
	json_t *ctx = load_ctx("admin"), *admin;
	json_error_t je;
	struct mq_err err;
	char *out;
	size_t i;

	(void)state;
	assert_non_null(r);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_non_null(admin = json_loads(cases[i].admin, 0, &je));
		/* the mail's whole context: its "player" (the reader) is not
		 * the action's */
		json_object_set_new(ctx, "admin", admin);
		if (mq_renderer_line(r, cases[i].lang, "admin_notice", ctx, &out,
		    &err) != 0)
			fail_msg("%s %s: %s", cases[i].lang, cases[i].admin, err.msg);
		if (strcmp(out, cases[i].want) != 0)
			fail_msg("%s %s: \"%s\", not \"%s\"", cases[i].lang,
			    cases[i].admin, out, cases[i].want);
		free(out);
	}
	mq_renderer_free(r);
	json_decref(ctx);
}

/* A sentence's partial: missing, broken, or with a missing partial of its
 * own, fails naming the file; the sentence loses its trailing line ends. */
static void
sentences_from_partials(void **state)
{
	static const char *const names[] = { "s", "t", "u" };
	char dir[] = "/tmp/mq-render-XXXXXX", path[512];
	json_t *ctx = json_pack("{s:s}", "x", "a <b>");
	struct mq_renderer *r;
	struct mq_err err;
	char *out;
	size_t i;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/en", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	assert_non_null(r = mq_renderer_new(dir));
	assert_int_equal(mq_renderer_line(r, "en", "s", ctx, &out, &err), MQ_IO);
	assert_null(out);
	assert_non_null(strstr(err.msg, "_s.mustache"));
	assert_int_equal(mq_renderer_line(r, "en", "../s", ctx, &out, &err),
	    MQ_REFUSED);
	put_template(dir, "_t.mustache", "{{#x}}open\n");
	assert_int_equal(mq_renderer_line(r, "en", "t", ctx, &out, &err),
	    MQ_REFUSED);
	assert_non_null(strstr(err.msg, "_t.mustache"));
	put_template(dir, "_u.mustache", "say {{{x}}} {{>absent}}\n");
	assert_int_equal(mq_renderer_line(r, "en", "u", ctx, &out, &err), MQ_IO);
	assert_null(out);
	assert_non_null(strstr(err.msg, "_absent.mustache"));
	assert_non_null(strstr(err.msg, "_u.mustache"));
	put_template(dir, "_s.mustache", "{{! a comment }}\nsay {{{x}}}, "
	    "{{x}}{{>t2}} \n\n");
	put_template(dir, "_t2.mustache", "!");
	assert_int_equal(mq_renderer_line(r, "en", "s", ctx, &out, &err), 0);
	assert_string_equal(out, "say a <b>, a &lt;b&gt;!");
	free(out);
	mq_renderer_free(r);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/en/_%s.mustache", dir, names[i]);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/en/_t2.mustache", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/en", dir);
	assert_int_equal(rmdir(path), 0);
	assert_int_equal(rmdir(dir), 0);
	json_decref(ctx);
}

/* The help's examples name the two players seated after the reader (the
 * ctx's players: alice bob carol dave erin), never the reader: a TARGET of
 * oneself is refused. */
static void
help_examples_name_other_players(void **state)
{
	static const struct {
		const char *reader, *lang, *want, *never;
	} cases[] = {
		{ "carol", "en", "PLAY threaten TARGET dave erin SLOT 12:30", "TARGET carol" },
		{ "erin", "ja", "プレイ 脅し 対象 alice", "TARGET erin" },
		{ "dave", "zh", "PLAY swindle TARGET erin SLOT 12:10 12:40", "TARGET dave" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx;
	struct mq_err err;
	struct mail m = { 0 };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ctx = load_ctx("help");
		json_object_set_new(ctx, "player", json_string(cases[i].reader));
		json_object_set_new(json_object_get(json_object_get(ctx, "view"),
		    "me"), "name", json_string(cases[i].reader));
		assert_int_equal(render(TMPL, cases[i].lang, "help", gd, ctx, &m,
		    &err), 0);
		if (strstr(m.text, cases[i].want) == NULL ||
		    strstr(m.html, cases[i].want) == NULL)
			fail_msg("help to %s (%s) lacks: %s", cases[i].reader,
			    cases[i].lang, cases[i].want);
		if (strstr(m.text, cases[i].never) != NULL ||
		    strstr(m.html, cases[i].never) != NULL)
			fail_msg("help to %s (%s) says: %s", cases[i].reader,
			    cases[i].lang, cases[i].never);
		mail_free(&m);
		json_decref(ctx);
	}
	json_decref(gd);
}

/* Render kind in lang from ctx; 0 when both parts hold want (or, want
 * NULL, always), and fail when either holds never. */
static void
turn_says(const char *lang, json_t *ctx, const char *want, const char *never)
{
	json_t *gd = load_json(GAMEDATA);
	struct mq_err err;
	struct mail m = { 0 };

	assert_int_equal(render(TMPL, lang, "turn", gd, ctx, &m, &err), 0);
	if (want != NULL && strstr(m.text, want) == NULL)
		fail_msg("turn (%s) lacks: %s\n%s", lang, want, m.text);
	if (never != NULL && (strstr(m.text, never) != NULL ||
	    strstr(m.html, never) != NULL))
		fail_msg("turn (%s) says: %s\n%s", lang, never, m.text);
	mail_free(&m);
	json_decref(gd);
}

/*
 * The midnight plan is shown walked from the reader's room, each time's
 * room beside the reader's own note for it: bob (in Green) plans ccw ccw
 * stay stay ccw stay, which ends in Black at 12:50, where his notes say
 * the Red Death comes, and passes Blue at 12:10, safe. A player wrote
 * plans blind: "stay stay cw stay stay stay" said nothing of where it led.
 */
static void
the_plan_is_walked_beside_the_notes(void **state)
{
	static const char *const cases[][3] = {
		{ "en", "12:50  stay  -> Black   DEAD", "12:10  ccw   -> Blue    safe" },
		{ "ja", "12:50  留まる     -> 黒の間  危険", "12:10  反時計回り -> 青の間  安全" },
		{ "zh", "12:50  不动   -> 黑色房间      致命", "12:10  逆时针 -> 蓝色房间      安全" },
	};
	json_t *ctx, *plan;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ctx = load_ctx("turn");
		plan = json_pack("[ssssss]", "ccw", "ccw", "stay", "stay", "ccw",
		    "stay");
		json_object_set_new(json_object_get(json_object_get(ctx, "view"),
		    "me"), "plan", plan);
		turn_says(cases[i][0], ctx, cases[i][1], NULL);
		turn_says(cases[i][0], ctx, cases[i][2], NULL);
		json_decref(ctx);
	}
}

/*
 * The reader's midnight plan is said in the reader's language, in the
 * direction names the rest of the mail uses: the Japanese and Chinese
 * mails showed the command words ("真夜中の計画：ccw ccw stay ..."), in
 * the text part and the HTML part alike.
 */
static void
the_plan_is_said_in_the_readers_language(void **state)
{
	static const char *const cases[][3] = {
		{ "en", "Midnight plan: ccw ccw stay stay cw stay", NULL },
		{ "ja", "真夜中の計画：\n  反時計回り、反時計回り、留まる、留まる、"
		  "時計回り、留まる", "ccw ccw stay" },
		{ "zh", "午夜计划：逆时针、逆时针、不动、不动、顺时针、不动",
		  "ccw ccw stay" },
	};
	json_t *ctx, *plan;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ctx = load_ctx("turn");
		plan = json_pack("[ssssss]", "ccw", "ccw", "stay", "stay", "cw",
		    "stay");
		json_object_set_new(json_object_get(json_object_get(ctx, "view"),
		    "me"), "plan", plan);
		turn_says(cases[i][0], ctx, cases[i][1], cases[i][2]);
		json_decref(ctx);
	}
}

/*
 * Round 12's mails say it is the last round: its moves strike midnight and
 * lock the plans (a player who had meant to change theirs "before
 * midnight" found the game over in the same mail). Round 5's do not.
 */
static void
the_last_round_says_so(void **state)
{
	static const char *const cases[][2] = {
		{ "en", "THE LAST ROUND: once its moves are made" },
		{ "ja", "最後のラウンドです。" },
		{ "zh", "这是最后一轮：" },
	};
	json_t *ctx;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ctx = load_ctx("turn");
		turn_says(cases[i][0], ctx, NULL, cases[i][1]);
		json_object_set_new(json_object_get(ctx, "view"), "round",
		    json_integer(12));
		turn_says(cases[i][0], ctx, cases[i][1], NULL);
		json_decref(ctx);
	}
}

/*
 * With nobody in the reader's room, the examples of a card that needs a
 * nearby noble name nobody (they named a noble in another room, whom the
 * card could never reach), the mail says why, and Eavesdrop, which
 * reaches anyone, still names someone.
 */
static void
examples_name_only_nearby_targets(void **state)
{
	static const char *const cases[][3] = {
		{ "en", "PLAY menace SLOT 12:30", "Nobody is in your room now" },
		{ "ja", "PLAY menace SLOT 12:30", "いま同じ部屋には誰もいません" },
		{ "zh", "PLAY menace SLOT 12:30", "此刻你的房间里没有别人" },
	};
	json_t *ctx, *p;
	size_t i, k;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ctx = load_ctx("turn");
		turn_says(cases[i][0], ctx, "PLAY menace TARGET dave SLOT 12:30",
		    cases[i][2]);
		/* dave, bob's only neighbour, leaves Green */
		json_array_foreach(json_object_get(json_object_get(ctx, "view"),
		    "players"), k, p)
			if (strcmp(json_string_value(json_object_get(p, "name")),
			    "dave") == 0)
				json_object_set_new(p, "room", json_string("white"));
		turn_says(cases[i][0], ctx, cases[i][1], "TARGET dave SLOT 12:30 ");
		turn_says(cases[i][0], ctx, cases[i][2], NULL);
		turn_says(cases[i][0], ctx, "PLAY eavesdrop TARGET ", NULL);
		json_decref(ctx);
	}
}

/* The part of text from start to end (both there), its lines joined by a
 * space (the wrap's line ends and indents as one space), into out. */
static void
between(const char *text, const char *start, const char *end, char *out,
    size_t size)
{
	const char *p = strstr(text, start), *e;
	size_t n = 0;

	if (p == NULL || (e = strstr(p, end)) == NULL)
		fail_msg("no '%s' ... '%s' in:\n%s", start, end, text);
	for (; p < e && n + 1 < size; p++)
		if (*p == '\n') {
			out[n++] = ' ';
			while (p + 1 < e && p[1] == ' ')
				p++;
		} else
			out[n++] = *p;
	out[n] = '\0';
}

/* bob's turn in lang with hand (alone: his room empty of others): the
 * SLOT hint (sentence 0) and the TARGET one (1) of both parts hold yes[s]
 * and not no[s] ("": nothing to look for). */
static void
hints_name(const char *lang, const char *const *hand, size_t nhand,
    int alone, const char *const yes[2], const char *const no[2])
{
	static const char *const marks[][2][2] = {
		{ { "SLOT a time", "You may add" },
		  { "TARGET names", "SLOT a time" } },
		{ { "SLOT には", "MOVE を一緒" },
		  { "TARGET には", "SLOT には" } },
		{ { "SLOT 写", "也可以" },
		  { "TARGET 按", "SLOT 写" } },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("turn"), *me, *h, *p;
	struct mq_err err;
	struct mail m = { 0 };
	char got[1024];
	size_t l, s, i, k;

	for (l = 0; strcmp(langs[l], lang) != 0; l++)
		;
	me = json_object_get(json_object_get(ctx, "view"), "me");
	h = json_array();
	for (i = 0; i < nhand; i++)
		json_array_append_new(h, json_string(hand[i]));
	json_object_set_new(me, "hand", h);
	if (alone)	/* dave, bob's only neighbour, leaves Green */
		json_array_foreach(json_object_get(json_object_get(ctx, "view"),
		    "players"), k, p)
			if (strcmp(json_string_value(json_object_get(p, "name")),
			    "dave") == 0)
				json_object_set_new(p, "room", json_string("white"));
	assert_int_equal(render(TMPL, lang, "turn", gd, ctx, &m, &err), 0);
	for (k = 0; k < 2; k++)
		for (s = 0; s < 2; s++) {
			between(k == 0 ? m.text : m.html, marks[l][s][0],
			    marks[l][s][1], got, sizeof(got));
			if (yes[s][0] != '\0' && strstr(got, yes[s]) == NULL)
				fail_msg("%s %s: \"%s\" lacks %s", lang,
				    k ? "html" : "text", got, yes[s]);
			if (no[s][0] != '\0' && strstr(got, no[s]) != NULL)
				fail_msg("%s %s: \"%s\" names %s", lang,
				    k ? "html" : "text", got, no[s]);
		}
	mail_free(&m);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The turn mail's hints name only the cards the reader holds: "SLOT a time
 * from 12:00 to 12:50 (two for Swindle and Eavesdrop)" went to a player
 * with no Eavesdrop card (it is one player's personality card), and "Nobody
 * is in your room now ... (Scandal and Eavesdrop reach anyone)" to one
 * with neither. Now the two-time cards and the reach-anyone ones named are
 * those of the reader's hand, none when it holds none. The reach-anyone
 * cards are named in the TARGET sentence, whether or not someone is nearby:
 * it said only "the first one in your room ... is the target" above an
 * example "PLAY eavesdrop TARGET alice" when bob was not alone.
 */
static void
the_hints_name_only_the_readers_cards(void **state)
{
	static const char *const full[] = { "discuss", "swindle", "menace",
	    "eavesdrop" };
	static const char *const no_eaves[] = { "discuss", "swindle", "flirt" };
	static const char *const plain[] = { "discuss", "dance", "flirt" };
	static const char *const scandal[] = { "discuss", "scandal" };
	static const char *const names[][4] = {	/* Swindle, Eavesdrop, and */
		{ "Swindle", "Eavesdrop", "Swindle and Eavesdrop", "Scandal" },
		{ "詐欺", "盗み聞き", "詐欺と盗み聞き", "醜聞" },
		{ "诈骗", "偷听", "诈骗和偷听", "丑闻" },
	};
	size_t l;

	(void)state;
	for (l = 0; l < NLANGS; l++) {
		const char *const *n = names[l];

		/* both two-time cards, Eavesdrop reaching anyone */
		hints_name(langs[l], full, 4, 1, (const char *[]){ n[2], n[1] },
		    (const char *[]){ "", n[3] });
		/* no Eavesdrop: Swindle alone takes two, none reaches all */
		hints_name(langs[l], no_eaves, 3, 1,
		    (const char *[]){ n[0], "" },
		    (const char *[]){ n[1], n[1] });
		hints_name(langs[l], no_eaves, 3, 1,
		    (const char *[]){ "", "" },
		    (const char *[]){ "", n[3] });
		/* neither: no card named at all */
		hints_name(langs[l], plain, 3, 1, (const char *[]){ "", "" },
		    (const char *[]){ n[0], n[1] });
		hints_name(langs[l], plain, 3, 1, (const char *[]){ "", "" },
		    (const char *[]){ n[1], n[3] });
		/* Scandal reaches anyone, and is the one named */
		hints_name(langs[l], scandal, 2, 1,
		    (const char *[]){ "", n[3] },
		    (const char *[]){ n[1], n[1] });
		/* someone nearby: the SLOT hint as without (no Eavesdrop) */
		hints_name(langs[l], no_eaves, 3, 0,
		    (const char *[]){ n[0], "" },
		    (const char *[]){ n[1], n[1] });
		/* someone nearby: Eavesdrop, then Scandal, still named */
		hints_name(langs[l], full, 4, 0, (const char *[]){ n[2], n[1] },
		    (const char *[]){ "", n[3] });
		hints_name(langs[l], scandal, 2, 0,
		    (const char *[]){ "", n[3] },
		    (const char *[]){ n[1], n[1] });
	}
}

/* bob's turn in lang with hand: the text part holds line whole, a line of
 * its own. */
static void
hint_line(const char *lang, const char *const *hand, size_t nhand,
    const char *line)
{
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("turn"), *me, *h;
	struct mq_err err;
	struct mail m = { 0 };
	char want[256];
	size_t i;

	me = json_object_get(json_object_get(ctx, "view"), "me");
	h = json_array();
	for (i = 0; i < nhand; i++)
		json_array_append_new(h, json_string(hand[i]));
	json_object_set_new(me, "hand", h);
	assert_int_equal(render(TMPL, lang, "turn", gd, ctx, &m, &err), 0);
	snprintf(want, sizeof(want), "\n%s\n", line);
	if (strstr(m.text, want) == NULL)
		fail_msg("%s: no line \"%s\" in:\n%s", lang, line, m.text);
	mail_free(&m);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The SLOT hint of the Japanese and Chinese turn mails is one line of its
 * own, and so is the MOVE one after it: the Japanese broke "SLOT には
 * 12:00〜12:50 の時刻を" from its "書きます。" (with no two-time card in
 * hand, a line of 13 characters then "書きます。MOVE を..."), and the
 * Chinese ended a short line on "也可以", its sentence on the next.
 */
static void
the_slot_hint_is_a_line_of_its_own(void **state)
{
	static const char *const plain[] = { "discuss", "dance", "flirt" };
	static const char *const swindle[] = { "discuss", "swindle", "flirt" };

	(void)state;
	hint_line("ja", plain, 3, "SLOT には 12:00〜12:50 の時刻を書きます。");
	hint_line("ja", swindle, 3,
	    "SLOT には 12:00〜12:50 の時刻を（詐欺は2つ）書きます。");
	hint_line("ja", plain, 3, "MOVE を一緒に送ることもできます。");
	hint_line("zh", plain, 3, "SLOT 写 12:00 到 12:50 之间的时间。");
	hint_line("zh", swindle, 3,
	    "SLOT 写 12:00 到 12:50 之间的时间（诈骗写两个）。");
	hint_line("zh", plain, 3, "也可以现在一起发送 MOVE。");
}

/* Two nobles in the reader's room are listed as the language lists them
 * (they were parted by a space alone: "alice bob wei" in Japanese), and
 * the Chinese sentence names them after a verb: "同在一个房间的有：", not a
 * bare "的：" that reads as a sentence cut off. */
static void
the_nobles_nearby_are_a_list(void **state)
{
	static const char *const cases[][3] = {
		{ "en", "In your room now: carol, dave", NULL },
		{ "ja", "いま同じ部屋にいるのは：carol、dave", NULL },
		{ "zh", "此刻与你同在一个房间的有：carol、dave", "房间的：" },
	};
	json_t *ctx, *p;
	size_t i, k;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ctx = load_ctx("turn");
		json_array_foreach(json_object_get(json_object_get(ctx, "view"),
		    "players"), k, p)
			if (strcmp(json_string_value(json_object_get(p, "name")),
			    "carol") == 0)
				json_object_set_new(p, "room", json_string("green"));
		turn_says(cases[i][0], ctx, cases[i][1], cases[i][2]);
		json_decref(ctx);
	}
}

/* The times of the Evidence shown are a list as each language writes one:
 * "12:10、12:20。" in Japanese and Chinese (they were parted by a space
 * alone and the line ended in one: "12:10 12:20 "). */
static void
the_evidence_shown_is_a_list(void **state)
{
	static const char *const cases[][3] = {
		{ "en", "Evidence shown: 12:10 12:20", NULL },
		{ "ja", "公開された証拠：12:10、12:20。\n", "証拠：12:10 " },
		{ "zh", "已公开的证据：12:10、12:20。\n", "证据：12:10 " },
	};
	json_t *ctx;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ctx = load_ctx("turn");
		turn_says(cases[i][0], ctx, cases[i][1], cases[i][2]);
		json_decref(ctx);
	}
}

/*
 * An Evidence draw names its time once, as a premonition does: native
 * readers found "你抽到 12:20 的证据：12:20 红死神将造访绿色房间。", "あなたは
 * 12:20 の証拠を引きました：12:20 に赤死病は…" and "drew Evidence for 12:20
 * and saw the Red Death will visit Green at 12:20." Another player's draw,
 * its room unseen, names the time alone. Text and HTML parts alike.
 */
static void
an_evidence_draw_names_its_time_once(void **state)
{
	static const char *const said[][2] = {
		{ "  You drew Evidence for 12:20: the Red Death will visit "
		  "Green.\n", "  carol drew Evidence for 12:30.\n" },
		{ "  あなたは 12:20 の証拠を引きました：赤死病は緑の間を訪れます。\n",
		  "  carol は 12:30 の証拠を引きました。\n" },
		{ "  你抽到 12:20 的证据：红死神将造访绿色房间。\n",
		  "  carol 抽到 12:30 的证据。\n" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("resolution"), *a;
	json_error_t je;
	struct mq_buf line = MQ_BUF_INIT, seen = MQ_BUF_INIT;
	struct mq_err err;
	struct mail m = { 0 };
	size_t i, l;

	(void)state;
	assert_non_null(a = json_loads("[{\"type\": \"evidence\", "
	    "\"player\": \"bob\", \"time\": \"12:20\", \"room\": \"green\"}, "
	    "{\"type\": \"evidence\", \"player\": \"carol\", "
	    "\"time\": \"12:30\"}]", 0, &je));
	assert_int_equal(json_object_set_new(ctx, "events", a), 0);
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "resolution", gd, ctx,
		    &m, &err), 0);
		for (i = 0; i < 2; i++) {
			if (strstr(m.text, said[l][i]) == NULL)
				fail_msg("%s: no \"%s\" in\n%s", langs[l],
				    said[l][i], m.text);
			/* the HTML part's line: the same, to its end */
			mq_buf_reset(&line);
			mq_buf_add(&line, said[l][i], strlen(said[l][i]) - 1);
			if (strstr(html_read(m.html, &seen), mq_buf_str(&line)) ==
			    NULL)
				fail_msg("%s: no \"%s\" in the HTML part",
				    langs[l], mq_buf_str(&line));
		}
		mail_free(&m);
	}
	mq_buf_free(&line);
	mq_buf_free(&seen);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The round's line parts its time from the round as each language does:
 * the Japanese and Chinese mails wrote an ASCII hyphen, "9:20 - 第 5 轮",
 * where their own mastheads part things with a middle dot ("赤死病の仮面 ·
 * ゲーム …"); now "9:20 · 第5ラウンド", "9:20 · 第 5 轮". English keeps
 * "9:20 - round 5". Text and HTML parts alike.
 */
static void
the_round_line_parts_its_time_as_the_language_does(void **state)
{
	static const char *const said[] = {
		"\n9:20 - round 5: the Prince is in White.\n",
		"\n9:20 · 第5ラウンド：王子は白の間にいます。\n",
		"\n9:20 · 第 5 轮：亲王在白色房间。\n",
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("turn");
	struct mq_buf line = MQ_BUF_INIT, seen = MQ_BUF_INIT;
	struct mq_err err;
	struct mail m = { 0 };
	size_t l;

	(void)state;
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "turn", gd, ctx, &m,
		    &err), 0);
		if (strstr(m.text, said[l]) == NULL)
			fail_msg("%s: no \"%s\" in\n%s", langs[l], said[l] + 1,
			    m.text);
		/* the HTML part's line, from its tag to its end */
		mq_buf_reset(&line);
		mq_buf_putc(&line, '>');
		mq_buf_add(&line, said[l] + 1, strlen(said[l]) - 2);
		if (strstr(html_read(m.html, &seen), mq_buf_str(&line)) == NULL)
			fail_msg("%s: no \"%s\" in the HTML part", langs[l],
			    mq_buf_str(&line));
		if (l > 0 && (strstr(m.text, " - 第") != NULL ||
		    strstr(m.html, " - 第") != NULL))
			fail_msg("%s: an ASCII hyphen before a round", langs[l]);
		mail_free(&m);
	}
	mq_buf_free(&line);
	mq_buf_free(&seen);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The board's line of the Evidence shown ("Rumor deck: 24 cards. Evidence
 * shown: 12:00 12:00 ...") grows a time a card: with a dozen shown (all
 * of them: 12 in the deck, 2 a time) it must still fit 78 columns, in
 * every language and every mail that shows the board: the text part's
 * wrap breaks it at its separators (a space; after 、), a time never cut,
 * the line after hung four columns under it as the board's other long
 * lines are. A guard: it already did (the report that it ran past 78
 * columns did not hold for the text part).
 */
static void
the_evidence_shown_wraps(void **state)
{
	static const char *const times[] = { "12:00", "12:10", "12:20",
	    "12:30", "12:40", "12:50" };
	static const char *const ks[] = { "welcome", "turn", "receipt",
	    "resolution", "end" };
	static const size_t counts[] = { 8, 10, 12 };
	json_t *gd = load_json(GAMEDATA), *ctx, *ev;
	struct mq_err err;
	struct mail m = { 0 };
	char what[64];
	const char *p;
	size_t i, n, k, l;
	int wide = 0;

	(void)state;
	for (k = 0; k < sizeof(ks) / sizeof(ks[0]); k++)
		for (n = 0; n < sizeof(counts) / sizeof(counts[0]); n++) {
			ctx = load_ctx(ks[k]);
			ev = json_array();
			for (i = 0; i < counts[n]; i++)
				json_array_append_new(ev, json_pack("{s:s, s:s}",
				    "type", "evidence", "time", times[i / 2]));
			json_object_set_new(json_object_get(ctx, "view"),
			    "evidence_discard", ev);
			for (l = 0; l < NLANGS; l++) {
				snprintf(what, sizeof(what), "%zu Evidence, %s.%s",
				    counts[n], ks[k], langs[l]);
				assert_int_equal(render(TMPL, langs[l], ks[k], gd,
				    ctx, &m, &err), 0);
				p = strstr(m.text, times[(counts[n] - 1) / 2]);
				if (p == NULL)
					fail_msg("%s: no Evidence shown\n%s", what,
					    m.text);
				wide += lines_too_wide(what, m.text);
				if (counts[n] == 12 && strstr(m.text, "\n    12:") == NULL)
					fail_msg("%s: not wrapped before a time\n%s",
					    what, m.text);
				mail_free(&m);
			}
			json_decref(ctx);
		}
	json_decref(gd);
	assert_int_equal(wide, 0);
}

/* A full-width bracket needs no space before it: the HTML part of a
 * Japanese or Chinese mail wrote a Gossip card as "ゴシップ 12:10 緑の間
 * （12:10 の緑の間は安全）" and a step of the plan as "-> 緑の間 （安全）",
 * with a gap the text part never had. */
static void
no_space_before_a_full_width_bracket_in_html(void **state)
{
	static const char *const langs[] = { "ja", "zh" };
	json_t *gd = load_json(GAMEDATA), *ctx;
	struct mq_err err;
	struct mail m = { 0 };
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		ctx = load_ctx("turn");
		assert_int_equal(render(TMPL, langs[i], "turn", gd, ctx, &m,
		    &err), 0);
		if (strstr(m.html, "\">（") == NULL)
			fail_msg("turn (%s) has no bracket to check\n%s",
			    langs[i], m.html);
		if (strstr(m.html, " <span style=\"color:#1b5e20\">（") != NULL ||
		    strstr(m.html, " <b style=\"color:#8b0000\">（") != NULL)
			fail_msg("turn (%s) spaces a bracket\n%s", langs[i],
			    m.html);
		mail_free(&m);
		json_decref(ctx);
	}
	json_decref(gd);
}

/* What the reader owes, and the default each language names for it. */
static const char *const default_owed[] = { "act", "move", "place" };
static const char *const default_said[][3] = {
	{ "Discuss for your action.", "stay for your move.",
	  "a random room for your noble." },
	{ "既定の手が適用されます：アクションは話し合い。",
	  "既定の手が適用されます：移動はその場に留まる。",
	  "既定の手が適用されます：配置はランダムな部屋。" },
	{ "将替你采用默认：行动为讨论。", "将替你采用默认：移动为原地不动。",
	  "将替你采用默认：放置为随机房间。" },
};

/*
 * A reminder names the default for what the reader owes, not every kind
 * of default there is (rules: "Absent players"): Discuss for an action,
 * stay for a move, a random room for a placement.
 */
static void
a_reminder_names_the_default_owed(void **state)
{
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("reminder");
	struct mq_err err;
	struct mail m = { 0 };
	size_t l, k, o;

	(void)state;
	for (k = 0; k < 3; k++) {
		assert_int_equal(json_object_set_new(ctx, "owed",
		    json_string(default_owed[k])), 0);
		for (l = 0; l < NLANGS; l++) {
			if (render(TMPL, langs[l], "reminder", gd, ctx, &m, &err))
				fail_msg("reminder.%s: %s", langs[l], err.msg);
			if (strstr(m.text, default_said[l][k]) == NULL ||
			    strstr(m.html, default_said[l][k]) == NULL)
				fail_msg("reminder.%s owing %s does not say: %s",
				    langs[l], default_owed[k], default_said[l][k]);
			for (o = 0; o < 3; o++)
				if (o != k && strstr(m.html, default_said[l][o]) != NULL)
					fail_msg("reminder.%s owing %s names the "
					    "default of %s", langs[l], default_owed[k],
					    default_owed[o]);
			mail_free(&m);
		}
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The turn mail names the default for what the reader owes too, as the
 * reminder does (a player who moves on the turn mail never saw what a
 * missed deadline plays); the reminder, which says it in its own words,
 * says it once.
 */
static void
a_turn_names_the_default_owed(void **state)
{
	json_t *gd = load_json(GAMEDATA), *turn = load_ctx("turn");
	json_t *rem = load_ctx("reminder");
	struct mq_err err;
	struct mail m = { 0 };
	const char *p;
	size_t l, k, n;

	(void)state;
	for (k = 0; k < 3; k++) {
		assert_int_equal(json_object_set_new(turn, "owed",
		    json_string(default_owed[k])), 0);
		assert_int_equal(json_object_set_new(rem, "owed",
		    json_string(default_owed[k])), 0);
		for (l = 0; l < NLANGS; l++) {
			if (render(TMPL, langs[l], "turn", gd, turn, &m, &err))
				fail_msg("turn.%s: %s", langs[l], err.msg);
			if (strstr(m.text, default_said[l][k]) == NULL ||
			    strstr(m.html, default_said[l][k]) == NULL)
				fail_msg("turn.%s owing %s does not say: %s",
				    langs[l], default_owed[k], default_said[l][k]);
			mail_free(&m);
			if (render(TMPL, langs[l], "reminder", gd, rem, &m, &err))
				fail_msg("reminder.%s: %s", langs[l], err.msg);
			for (n = 0, p = m.text; (p = strstr(p,
			    default_said[l][k])) != NULL; p++)
				n++;
			if (n != 1)
				fail_msg("reminder.%s owing %s says %zu times: %s",
				    langs[l], default_owed[k], n, default_said[l][k]);
			mail_free(&m);
		}
	}
	json_decref(turn);
	json_decref(rem);
	json_decref(gd);
}

/*
 * The MOVE request's deadline and its steps are one aside, and its number
 * stays with its counter: the Chinese read "（截止 …）（本轮最多可走" and
 * "2 步）" on the next line (the template broke there by hand), the
 * Japanese "（期限 …）（このラウンドは" / "2歩まで動けます）".
 */
static void
the_move_request_says_its_steps_in_one_aside(void **state)
{
	static const char *const said[][2] = {
		{ "(you may take 2 steps this round):", NULL },
		{ "、このラウンドは2歩まで動けます）：", "）（" },
		{ "；本轮最多可走 2 步）：", "）（" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("turn");
	struct mq_err err;
	struct mail m = { 0 };
	size_t l;
	char *t, *p, *q;

	(void)state;
	assert_int_equal(json_object_set_new(ctx, "owed", json_string("move")), 0);
	assert_int_equal(json_object_set_new(json_object_get(json_object_get(ctx,
	    "view"), "me"), "allowance", json_integer(2)), 0);
	for (l = 0; l < NLANGS; l++) {
		if (render(TMPL, langs[l], "turn", gd, ctx, &m, &err))
			fail_msg("turn.%s: %s", langs[l], err.msg);
		/* the text part's lines joined as a reader reads them: with a
		 * space between two Latin words, with none else */
		t = strdup(m.text);
		assert_non_null(t);
		for (p = q = t; *p; p++)
			if (*p != '\n')
				*q++ = *p;
			else {
				while (p[1] == ' ')	/* the wrap's indent */
					p++;
				if (q > t && (unsigned char)q[-1] < 0x80 &&
				    (unsigned char)p[1] < 0x80)
					*q++ = ' ';
			}
		*q = '\0';
		if (strstr(t, said[l][0]) == NULL || strstr(m.html, "2") == NULL)
			fail_msg("turn.%s does not say: %s\n%s", langs[l], said[l][0],
			    m.text);
		if (said[l][1] != NULL && (strstr(t, said[l][1]) != NULL ||
		    strstr(m.html, said[l][1]) != NULL))
			fail_msg("turn.%s has two asides in a row:\n%s", langs[l],
			    m.text);
		if (strstr(m.text, " 2\n") != NULL)
			fail_msg("turn.%s ends a line on its number:\n%s", langs[l],
			    m.text);
		free(t);
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/* A STATUS alone is answered under a subject that says so. */
/*
 * A MOVE sent early, of fewer steps than the card played since allows
 * (Dance: two), stands unless sent again: the mail says so, where a
 * player lost Promenade's steps unwarned (found by a rules review). One
 * of as many steps says nothing.
 */
static void
an_early_move_short_of_the_card_says_so(void **state)
{
	static const char *const said[] = {
		"Your card lets you take 2 steps: send MOVE again to take them.",
		"今のカードなら 2歩まで動けます。使うなら MOVE をもう一度送ってください。",
		"你打出的牌允许走 2 步：要用上，请再发一次 MOVE。",
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("turn"), *me;
	struct mq_err err;
	struct mail m = { 0 };
	size_t l;

	(void)state;
	me = json_object_get(json_object_get(ctx, "view"), "me");
	json_object_set_new(me, "pending_move", json_string("MOVE stay"));
	json_object_set_new(me, "allowance", json_integer(2));
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "turn", gd, ctx, &m,
		    &err), 0);
		if (strstr(m.text, said[l]) == NULL)
			fail_msg("%s: no \"%s\" in\n%s", langs[l], said[l], m.text);
		mail_free(&m);
	}
	json_object_set_new(me, "pending_move", json_string("MOVE cw ccw"));
	assert_int_equal(render(TMPL, "en", "turn", gd, ctx, &m, &err), 0);
	assert_null(strstr(m.text, "send MOVE again"));
	mail_free(&m);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A MOVE sent early, of more steps than the card played since allows
 * (Dance, MOVE cw cw, then Jest), is dropped at the reveal: the YOU
 * section says so where the move is shown, in either part (it showed the
 * two steps as if they stood; only the receipt of the PLAY warned).
 */
static void
an_early_move_over_the_card_says_so(void **state)
{
	static const char *const said[][2] = {
		{ "Your card allows fewer steps (1): send MOVE again, or this\n"
		  "  move is dropped when the cards are revealed.",
		  "(your card allows fewer steps (1): send MOVE again, or this "
		  "move is dropped when the cards are revealed)" },
		{ "今のカードで動けるのは1歩までです。",
		  "（今のカードで動けるのは1歩までです。MOVE をもう一度送って"
		  "ください。送らなければ、カードが公開されるときにこの移動は"
		  "取り消されます）" },
		{ "你现在的牌只允许走 1 步：请重新发送 MOVE，否则亮牌时\n"
		  "  这个移动会作废。",
		  "（你现在的牌只允许走 1\xc2\xa0" "步：请重新发送 MOVE，否则亮牌时这个"
		  "移动会作废）" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("turn"), *me;
	struct mq_err err;
	struct mail m = { 0 };
	size_t l;

	(void)state;
	me = json_object_get(json_object_get(ctx, "view"), "me");
	json_object_set_new(me, "pending_move", json_string("MOVE cw cw"));
	json_object_set_new(me, "allowance", json_integer(1));
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "turn", gd, ctx, &m,
		    &err), 0);
		if (strstr(m.text, said[l][0]) == NULL)
			fail_msg("%s: no \"%s\" in\n%s", langs[l], said[l][0],
			    m.text);
		if (strstr(m.html, said[l][1]) == NULL)
			fail_msg("%s: no \"%s\" in\n%s", langs[l], said[l][1],
			    m.html);
		assert_null(strstr(m.text, "send MOVE again to take"));
		mail_free(&m);
	}
	/* as many steps as the card allows: nothing to say */
	json_object_set_new(me, "allowance", json_integer(2));
	assert_int_equal(render(TMPL, "en", "turn", gd, ctx, &m, &err), 0);
	assert_null(strstr(m.text, "fewer steps"));
	assert_null(strstr(m.html, "fewer steps"));
	mail_free(&m);
	json_decref(ctx);
	json_decref(gd);
}

/*
 * The moves a player sent that wait to be revealed are told in words, in
 * either part: the log's form (PLAY flirt TARGET dave SLOT 12:30) is not
 * a Japanese or Chinese reader's, nor were card ids an English one's.
 */
static void
the_moves_sent_are_told_in_words(void **state)
{
	static const char *const said[][3] = {
		{ "Your card, not yet revealed: Play Flirt (target dave, time 12:30)",
		  "For next round: Play Dance",
		  "Your move, not yet revealed: clockwise, then stay" },
		{ "まだ公開されていない手：「誘惑」を出す（対象 dave、時刻 12:30）",
		  "次のラウンドに出す手：「ダンス」を出す",
		  "まだ公開されていない移動：時計回り、次に留まる" },
		{ "尚未揭晓的出牌：打出「调情」（目标 dave，时间 12:30）",
		  "留到下一轮的出牌：打出「跳舞」",
		  "尚未揭晓的移动：顺时针，然后不动" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("turn"), *me;
	struct mq_err err;
	struct mail m = { 0 };
	size_t l, k;

	(void)state;
	me = json_object_get(json_object_get(ctx, "view"), "me");
	json_object_set_new(me, "pending_play",
	    json_string("PLAY flirt TARGET dave SLOT 12:30"));
	json_object_set_new(me, "pending_next_play", json_string("PLAY dance"));
	json_object_set_new(me, "pending_move", json_string("MOVE cw stay"));
	for (l = 0; l < NLANGS; l++) {
		assert_int_equal(render(TMPL, langs[l], "turn", gd, ctx, &m,
		    &err), 0);
		for (k = 0; k < 3; k++)
			if (strstr(m.text, said[l][k]) == NULL ||
			    strstr(m.html, said[l][k]) == NULL)
				fail_msg("%s: no \"%s\" in\n%s\n%s", langs[l],
				    said[l][k], m.text, m.html);
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A personality card played is out of the hand for good: the YOU section
 * says so ("Grand Entrance (played)"), where it read as one still to play
 * (found by players by mail). Held, it is named alone.
 */
static void
a_personality_played_says_so(void **state)
{
	static const char *const said[][2] = {
		{ "Personality card: Eavesdrop (played)",
		  "Personality card: <b>Eavesdrop</b> (played)" },
		{ "個性カード：盗み聞き（使用済み）",
		  "個性カード：<b>盗み聞き</b>（使用済み）" },
		{ "个性行动卡：偷听（已打出）", "个性行动卡：<b>偷听</b>（已打出）" },
	};
	static const char *const marks[] = { "(played)", "（使用済み）",
		"（已打出）" };
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("turn");
	json_t *hand = json_object_get(json_object_get(json_object_get(ctx,
	    "view"), "me"), "hand");
	struct mq_err err;
	struct mail m = { 0 };
	size_t l, pass;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		for (l = 0; l < NLANGS; l++) {
			if (render(TMPL, langs[l], "turn", gd, ctx, &m, &err))
				fail_msg("turn.%s: %s", langs[l], err.msg);
			if (pass == 0 && (strstr(m.text, marks[l]) != NULL ||
			    strstr(m.html, marks[l]) != NULL))
				fail_msg("turn.%s: a card held is said played",
				    langs[l]);
			if (pass == 1 && (strstr(m.text, said[l][0]) == NULL ||
			    strstr(m.html, said[l][1]) == NULL))
				fail_msg("turn.%s does not say: %s", langs[l],
				    said[l][0]);
			mail_free(&m);
		}
		/* then Eavesdrop played: out of the hand */
		assert_int_equal(json_array_remove(hand,
		    json_array_size(hand) - 1), 0);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A PLAY whose TARGETs are all away from the sender's room now: the
 * receipt says so under the line (the engine's sender_note "targets_away",
 * test_rm_rules), in the reader's language, both parts.
 */
static void
a_target_away_is_told_under_its_line(void **state)
{
	/* the one card that moves a noble while the cards resolve is
	 * named ("unless someone moves" was said: no MOVE can) */
	static const char *const said[][3] = {
		{ "dave: not in your room now;", "dave: not in your room now;",
		  "so unless a Court the Prince resolving before your card "
		  "brings you together, it finds nobody to target." },
		{ "dave は今あなたと同じ部屋にいません。",
		  "dave は今あなたと同じ部屋にいません。",
		  "あなたのカードより先に解決する「王子に取り入る」で同じ部屋に"
		  "ならない限り、対象が見つかりません。" },
		{ "dave 现在不在你的房间里；", "dave 现在不在你的房间里；",
		  "所以除非在你的牌之前结算的「讨好亲王」让你们同处一室，"
		  "这张牌找不到目标。" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("receipt");
	json_t *first = json_array_get(json_object_get(ctx, "accepted"), 0);
	struct mq_err err;
	struct mail m = { 0 };
	size_t l;

	(void)state;
	for (l = 0; l < NLANGS; l++) {
		if (render(TMPL, langs[l], "receipt", gd, ctx, &m, &err))
			fail_msg("receipt.%s: %s", langs[l], err.msg);
		assert_null(strstr(m.text, said[l][0]));
		mail_free(&m);
	}
	assert_int_equal(json_object_set_new(first, "sender_note",
	    json_pack("{s:b, s:s}", "targets_away", 1, "away", "dave")), 0);
	for (l = 0; l < NLANGS; l++) {
		if (render(TMPL, langs[l], "receipt", gd, ctx, &m, &err))
			fail_msg("receipt.%s: %s", langs[l], err.msg);
		if (strstr(m.text, said[l][0]) == NULL ||
		    strstr(m.html, said[l][1]) == NULL ||
		    strstr(m.html, said[l][2]) == NULL)
			fail_msg("receipt.%s does not say: %s", langs[l],
			    said[l][0]);
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A Dance of "MOVE cw ccw" leaves the room and comes back in one round:
 * the event says the way it went ("via", test_rm_rules
 * test_dance_out_and_back_is_told_as_a_route), and every language says
 * the noble moved, room by room, not that it stayed (it said "alice
 * stayed in Black", and players read the Dance as not played).
 */
static void
a_dance_out_and_back_is_told_as_its_route(void **state)
{
	static const char *const said[][3] = {
		{ "alice moved Black -> Blue -> Black.",
		  "alice moved Black &rarr; Blue &rarr; Black.",
		  "alice stayed in Black." },
		{ "alice が移動：黒の間 -> 青の間 -> 黒の間。",
		  "alice が移動：黒の間 &rarr; 青の間 &rarr; 黒の間。",
		  "alice は黒の間に留まりました。" },
		{ "alice 移动：黑色房间 -> 蓝色房间 -> 黑色房间。",
		  "alice 移动：黑色房间 &rarr; 蓝色房间 &rarr; 黑色房间。",
		  "alice 留在黑色房间。" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("turn");
	json_t *e = json_array_get(json_object_get(ctx, "events"), 0);
	struct mq_err err;
	struct mail m = { 0 };
	size_t l;

	(void)state;
	assert_string_equal(json_string_value(json_object_get(e, "type")),
	    "move");
	assert_string_equal(json_string_value(json_object_get(e, "from")),
	    "black");
	assert_string_equal(json_string_value(json_object_get(e, "to")),
	    "black");
	assert_int_equal(json_object_set_new(e, "via",
	    json_pack("[s]", "blue")), 0);
	for (l = 0; l < NLANGS; l++) {
		if (render(TMPL, langs[l], "turn", gd, ctx, &m, &err))
			fail_msg("turn.%s: %s", langs[l], err.msg);
		if (strstr(m.text, said[l][0]) == NULL ||
		    strstr(m.html, said[l][1]) == NULL)
			fail_msg("turn.%s does not say: %s", langs[l],
			    said[l][0]);
		if (strstr(m.text, said[l][2]) != NULL ||
		    strstr(m.html, said[l][2]) != NULL)
			fail_msg("turn.%s says: %s", langs[l], said[l][2]);
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

/*
 * A move the host entered (submit: no mail of the player's holds it) is
 * never passed as the player's own: the commitments list marks it, the
 * reveal marks it beside its entry ("bob (entry 8, entered by the host):",
 * not after a "changed later, at entry 10" it would seem to be of), and
 * its receipt says the host entered it; in every
 * language, both parts; nothing is marked that is not the host's.
 */
static void
a_host_entered_move_is_marked(void **state)
{
	static const char *const mark[][3] = {
		/* commitment, reveal, receipt */
		{ "carol, entry 40 (card) (entered by the host):",
		  ", entered by the host):",
		  "The host entered these commands for you" },
		{ "carol、エントリ 40（アクションカード）（ホストが入力）：",
		  "、ホストが入力）：",
		  "これらのコマンドはホストがあなたに代わって入力しました" },
		{ "carol，条目 40（行动卡）（由主持人代为输入）：",
		  "，由主持人代为输入）：",
		  "这些命令是主持人代你输入的" },
	};
	static const char *const kinds[] = { "notice", "resolution", "end",
	    "receipt" };
	static const char *const keys[] = { "commitments", "reveals",
	    "reveals", NULL };
	json_t *gd = load_json(GAMEDATA), *ctx;
	struct mq_err err;
	struct mail m = { 0 };
	size_t l, k;
	int host;

	(void)state;
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		ctx = load_ctx(kinds[k]);
		for (host = 0; host <= 1; host++) {
			if (host && keys[k] != NULL)
				assert_int_equal(json_object_set_new(
				    json_array_get(json_object_get(ctx, keys[k]),
				    0), "by_host", json_true()), 0);
			if (host && keys[k] == NULL)
				assert_int_equal(json_object_set_new(ctx,
				    "entered_by_host", json_true()), 0);
			for (l = 0; l < NLANGS; l++) {
				const char *want = mark[l][keys[k] == NULL ? 2 :
				    strcmp(keys[k], "commitments") == 0 ? 0 : 1];

				if (render(TMPL, langs[l], kinds[k], gd, ctx, &m,
				    &err))
					fail_msg("%s.%s: %s", kinds[k], langs[l],
					    err.msg);
				if (host && (strstr(m.text, want) == NULL ||
				    strstr(m.html, want) == NULL))
					fail_msg("%s.%s does not say: %s", kinds[k],
					    langs[l], want);
				if (!host && (strstr(m.text, want) != NULL ||
				    strstr(m.html, want) != NULL))
					fail_msg("%s.%s says, of no host's move: %s",
					    kinds[k], langs[l], want);
				mail_free(&m);
			}
		}
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * A commitment says which of its player's moves it is (an entry may hold
 * a card and a move), and marks the reader's own: "dan, entry 13: 4205..."
 * said neither, and a player found their own MOVE listed as another's
 * secret. Each kind, in every language, both parts; a commitment with no
 * kind (an older context) says none.
 */
static void
a_commitment_says_which_move_and_whose(void **state)
{
	static const char *const kinds[] = { "act", "move", "plan", "place" };
	static const char *const said[][6] = {
		/* carol's act, move, plan, place; bob's (the reader's) move;
		 * no kind */
		{ "carol, entry 40 (card):", "carol, entry 40 (move):",
		  "carol, entry 40 (midnight plan):",
		  "carol, entry 40 (placement):", "bob, entry 40 (your move):",
		  "carol, entry 40:" },
		{ "carol、エントリ 40（アクションカード）：",
		  "carol、エントリ 40（移動）：",
		  "carol、エントリ 40（真夜中の計画）：",
		  "carol、エントリ 40（配置）：",
		  "bob、エントリ 40（あなたの移動）：", "carol、エントリ 40：" },
		{ "carol，条目 40（行动卡）：", "carol，条目 40（移动）：",
		  "carol，条目 40（午夜计划）：", "carol，条目 40（放置）：",
		  "bob，条目 40（你的移动）：", "carol，条目 40：" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx, *c;
	struct mq_err err;
	struct mail m = { 0 };
	size_t k, l;

	(void)state;
	for (k = 0; k < 6; k++) {
		ctx = load_ctx("notice");
		c = json_array_get(json_object_get(ctx, "commitments"), 0);
		assert_non_null(c);
		if (k < 4)
			assert_int_equal(json_object_set_new(c, "kind",
			    json_string(kinds[k])), 0);
		if (k == 4) {
			assert_int_equal(json_object_set_new(c, "kind",
			    json_string("move")), 0);
			assert_int_equal(json_object_set_new(c, "player",
			    json_string("bob")), 0);
		}
		if (k == 5)
			json_object_del(c, "kind");
		for (l = 0; l < NLANGS; l++) {
			assert_int_equal(render(TMPL, langs[l], "notice", gd, ctx,
			    &m, &err), 0);
			if (strstr(m.text, said[l][k]) == NULL ||
			    strstr(m.html, said[l][k]) == NULL)
				fail_msg("notice.%s does not say: %s", langs[l],
				    said[l][k]);
			/* only the reader's is theirs */
			if (k != 4 && (strstr(m.text, said[l][4]) != NULL ||
			    strstr(m.html, said[l][4]) != NULL))
				fail_msg("notice.%s calls another's move the "
				    "reader's", langs[l]);
			mail_free(&m);
		}
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * Each commitment of the list has its hash on a line of its own, under its
 * label: a short label ("dan, entry 13 (card): ") kept the hash beside it,
 * 89 columns wide in English and 92 in Japanese, while a longer one in the
 * same list ("(PLACE black, shown at once)", 「アクションカード」) had it
 * wrapped under, so that one notice mixed the two layouts. Every kind of
 * commitment, in every language, the notice's text part.
 */
static void
a_commitment_hash_goes_under_its_label(void **state)
{
	static const char *const kinds[] = { "act", "move", "plan", "place" };
	static const char *const hash =
	    "058cdd7edcdb912419f2a14e69a2fe0f2680472aed9d70f9387a25bb3340a700";
	json_t *gd = load_json(GAMEDATA), *ctx, *c;
	struct mq_err err;
	struct mail m = { 0 };
	char want[96];
	size_t k, l;

	(void)state;
	snprintf(want, sizeof(want), "\n      %s\n", hash);
	for (k = 0; k < 4; k++) {
		ctx = load_ctx("notice");
		c = json_array_get(json_object_get(ctx, "commitments"), 0);
		assert_non_null(c);
		assert_int_equal(json_object_set_new(c, "kind",
		    json_string(kinds[k])), 0);
		for (l = 0; l < NLANGS; l++) {
			assert_int_equal(render(TMPL, langs[l], "notice", gd, ctx,
			    &m, &err), 0);
			if (strstr(m.text, want) == NULL)
				fail_msg("notice.%s (%s): the hash is not on a line "
				    "of its own:\n%s", langs[l], kinds[k], m.text);
			mail_free(&m);
		}
		json_decref(ctx);
	}
	json_decref(gd);
}

/*
 * The receipt of a move that resolved the phase (the last one it waited
 * for) says so, and that what happened and the board come in the next
 * mail: it showed the board and the next move after the resolution, ahead
 * of the mail that told of it (a popularity the Prince's bonus had raised,
 * explained a mail later). Its signed receipt stays; without the flag the
 * receipt is as before.
 */
static void
a_receipt_of_the_move_that_resolved_says_the_story_follows(void **state)
{
	static const char *const said[] = {
		"Your move completed the phase, which resolved at once",
		"あなたの手でこのフェイズの手がそろい、すぐに解決しました。",
		"你的行动让这一阶段凑齐了，它已当即结算",
	};
	static const char *const ahead[][2] = {
		{ "-- THE BOARD at", "-- YOU: " },
		{ "の盤面 ---", "-- あなた：" },
		{ "的图板 ---", "-- 你：" },
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("receipt");
	const char *hash = json_string_value(json_object_get(json_object_get(ctx,
	    "receipt"), "hash"));
	struct mq_err err;
	struct mail m = { 0 };
	struct mq_buf b = MQ_BUF_INIT;
	size_t l;
	int flag;

	(void)state;
	assert_non_null(hash);
	for (flag = 0; flag <= 1; flag++) {
		if (flag)
			assert_int_equal(json_object_set_new(ctx, "phase_resolved",
			    json_true()), 0);
		for (l = 0; l < NLANGS; l++) {
			assert_int_equal(render(TMPL, langs[l], "receipt", gd, ctx,
			    &m, &err), 0);
			check_invariants("receipt", &m);
			if (flag != (strstr(m.text, said[l]) != NULL) ||
			    flag != (strstr(html_read(m.html, &b), said[l]) !=
			    NULL))
				fail_msg("receipt.%s %s: %s", langs[l], flag ?
				    "does not say" : "says, unresolved", said[l]);
			if (flag == (strstr(m.text, ahead[l][0]) != NULL) ||
			    flag == (strstr(m.text, ahead[l][1]) != NULL))
				fail_msg("receipt.%s: the board and the reader's "
				    "section %s", langs[l], flag ? "are ahead of "
				    "the story" : "are missing");
			assert_non_null(strstr(m.text, hash));
			assert_non_null(strstr(m.html, hash));
			mail_free(&m);
		}
	}
	mq_buf_free(&b);
	json_decref(ctx);
	json_decref(gd);
}

static void
a_status_alone_is_your_status(void **state)
{
	static const char *const want[] = {
		"[Masque g7f3abcd] 9:20 — your status",
		"[赤死病 g7f3abcd] 9:20 — 現在の状況",
		"[红死神 g7f3abcd] 9:20 — 当前状态",
	};
	json_t *gd = load_json(GAMEDATA), *ctx = load_ctx("receipt");
	struct mq_err err;
	struct mail m = { 0 };
	size_t l;

	(void)state;
	assert_int_equal(json_object_set_new(ctx, "status_only", json_true()), 0);
	for (l = 0; l < NLANGS; l++) {
		if (render(TMPL, langs[l], "receipt", gd, ctx, &m, &err))
			fail_msg("receipt.%s: %s", langs[l], err.msg);
		assert_string_equal(m.subject, want[l]);
		mail_free(&m);
	}
	json_decref(ctx);
	json_decref(gd);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_kind_and_language_matches_its_golden_files),
		cmocka_unit_test(a_reminder_names_the_default_owed),
		cmocka_unit_test(a_turn_names_the_default_owed),
		cmocka_unit_test(a_personality_played_says_so),
		cmocka_unit_test(a_target_away_is_told_under_its_line),
		cmocka_unit_test(a_dance_out_and_back_is_told_as_its_route),
		cmocka_unit_test(an_early_move_short_of_the_card_says_so),
		cmocka_unit_test(an_early_move_over_the_card_says_so),
		cmocka_unit_test(the_moves_sent_are_told_in_words),
		cmocka_unit_test(a_status_alone_is_your_status),
		cmocka_unit_test(a_host_entered_move_is_marked),
		cmocka_unit_test(subjects_name_the_game_and_the_time),
		cmocka_unit_test(resolution_subjects_say_what_resolved),
		cmocka_unit_test(a_popularity_line_says_why_the_spaces_differ),
		cmocka_unit_test(a_loss_past_taken_spaces_to_the_bottom_says_both),
		cmocka_unit_test(the_princes_point_says_why_the_spaces_differ),
		cmocka_unit_test(the_plan_is_walked_beside_the_notes),
		cmocka_unit_test(the_plan_is_said_in_the_readers_language),
		cmocka_unit_test(the_last_round_says_so),
		cmocka_unit_test(examples_name_only_nearby_targets),
		cmocka_unit_test(the_hints_name_only_the_readers_cards),
		cmocka_unit_test(the_slot_hint_is_a_line_of_its_own),
		cmocka_unit_test(the_nobles_nearby_are_a_list),
		cmocka_unit_test(the_evidence_shown_is_a_list),
		cmocka_unit_test(an_evidence_draw_names_its_time_once),
		cmocka_unit_test(the_round_line_parts_its_time_as_the_language_does),
		cmocka_unit_test(the_evidence_shown_wraps),
		cmocka_unit_test(no_space_before_a_full_width_bracket_in_html),
		cmocka_unit_test(a_notice_is_the_turn_mail_without_the_board),
		cmocka_unit_test(an_early_placement_is_told_to_its_sender),
		cmocka_unit_test(the_placement_order_is_told),
		cmocka_unit_test(the_plays_are_listed_as_they_resolved),
		cmocka_unit_test(the_reader_is_you_in_the_events),
		cmocka_unit_test(the_end_mail_says_you_win_to_the_winner),
		cmocka_unit_test(the_midnight_plans_are_in_the_readers_words),
		cmocka_unit_test(the_dead_reader_is_you),
		cmocka_unit_test(notices_on_says_the_mails_come_again),
		cmocka_unit_test(japanese_hand_breaks_fall_between_words),
		cmocka_unit_test(section_rules_end_together),
		cmocka_unit_test(a_receipt_has_no_double_blank_line),
		cmocka_unit_test(already_says_what_it_put_right),
		cmocka_unit_test(a_receipt_says_what_each_command_does),
		cmocka_unit_test(a_refusal_cuts_no_word),
		cmocka_unit_test(a_refusal_keeps_set_lang_whole),
		cmocka_unit_test(a_refusal_keeps_a_command_word_with_its_particle),
		cmocka_unit_test(the_help_cuts_no_card_name),
		cmocka_unit_test(other_players_secrets_never_reach_the_mail),
		cmocka_unit_test(missing_and_odd_keys_still_render),
		cmocka_unit_test(refused_mail_says_nothing_about_the_game),
		cmocka_unit_test(a_commitment_says_which_move_and_whose),
		cmocka_unit_test(a_commitment_hash_goes_under_its_label),
		cmocka_unit_test(
		    a_receipt_of_the_move_that_resolved_says_the_story_follows),
		cmocka_unit_test(text_part_fits_78_columns),
		cmocka_unit_test(a_secret_changed_later_wraps_as_a_sentence),
		cmocka_unit_test(text_part_fits_78_columns_with_long_names),
		cmocka_unit_test(template_lines_fit_78_columns),
		cmocka_unit_test(command_words_are_the_same_in_every_language),
		cmocka_unit_test(decorate_orders_the_board_path_and_track),
		cmocka_unit_test(an_empty_track_has_no_heading),
		cmocka_unit_test(the_rules_follow_the_resolution_order),
		cmocka_unit_test(broken_templates_are_named_in_the_error),
		cmocka_unit_test(a_renderer_kept_across_mails_gives_the_same_mails),
		cmocka_unit_test(a_renderer_keeps_no_failure),
		cmocka_unit_test(decorate_is_the_same_for_every_kind),
		cmocka_unit_test(admin_notice_in_every_language),
		cmocka_unit_test(red_death_chinese_counts_read_as_numerals),
		cmocka_unit_test(japanese_counts_touch_their_mai),
		cmocka_unit_test(japanese_templates_touch_their_counters),
		cmocka_unit_test(japanese_particles_touch_their_numbers),
		cmocka_unit_test(reveals_and_seed_formula_in_the_readers_words),
		cmocka_unit_test(no_space_after_a_full_width_stop),
		cmocka_unit_test(chinese_templates_say_zuowei),
		cmocka_unit_test(one_wording_for_guardians_and_salts),
		cmocka_unit_test(sentences_from_partials),
		cmocka_unit_test(help_examples_name_other_players),
		cmocka_unit_test(the_move_request_says_its_steps_in_one_aside),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
