/*
 * test_host_i18n.c - the host's mails in the config's language: every
 * format of daemon/host_text.h has its translation in templates/ja and
 * templates/zh host.json, and those have no other; each catalog loads
 * (refusal_i18n.h checks that every translation uses each argument of its
 * English, converted alike); real texts, built from the formats as the
 * daemon builds them, come out in Japanese and Chinese with their
 * arguments in place (a paragraph inside a text, an English word of the
 * daemon's own translated), and stay English for `en`.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "buf.h"
#include "err.h"
#include "daemon/host_text.h"
#include "mail/refusal_i18n.h"

static const char *root = ".";

/* Every format of host_text.h; test_every_format_is_listed counts the
 * header's #define HOST_ lines, so a new one not listed here fails. */
static const char *const formats[] = {
	HOST_BANNER, HOST_STOPPED_SUBJECT, HOST_STOPPED_TEXT,
	HOST_CUT_SUBJECT, HOST_CUT_TEXT,
	HOST_WAITS_SUBJECT, HOST_WAITS_TEXT, HOST_POLICY_WAIT_SUBJECT,
	HOST_POLICY_WAIT_TEXT, HOST_POLICY_WAIT_LATE_TEXT,
	HOST_POLICY_WAIT_MANY_TEXT, HOST_POLICY_AGAIN_ONE, HOST_POLICY_AGAIN_MANY,
	HOST_POLICY_AGAIN_MOVED, HOST_POLICY_NUDGE_SUBJECT,
	HOST_POLICY_NUDGE_TEXT, HOST_POLICY_NUDGE_LATE_TEXT,
	HOST_PAUSED_PLAY_SUBJECT, HOST_PAUSED_PLAY_TEXT,
	HOST_ABSENT_SUBJECT, HOST_OVER_SUBJECT, HOST_OVER_WON_TEXT,
	HOST_OVER_NOBODY_TEXT, HOST_OVER_ENDED_TEXT, HOST_OVER_EARLY_TEXT,
	HOST_ABSENT_TEXT,
	HOST_POLICY_MOVED_SUBJECT, HOST_POLICY_MOVED_TEXT,
	HOST_BOUNCE_SUBJECT, HOST_BOUNCE_TEXT, HOST_BOUNCE_SEAT_TEXT,
	HOST_BOUNCE_PLAYER, HOST_BOUNCE_OVER_TEXT, HOST_DEAD_OVER,
	HOST_NEW_FROM_SUBJECT, HOST_NEW_FROM_TEXT, HOST_NEW_FROM_FORMER_SUBJECT,
	HOST_NEW_FROM_FORMER_TEXT, HOST_NEW_FROM_REMOVED_SUBJECT,
	HOST_NEW_FROM_REMOVED_TEXT,
	HOST_BOUNCE_UNNAMED_SUBJECT, HOST_BOUNCE_UNNAMED_TEXT,
	HOST_UNKNOWN_SENDER, HOST_UNANSWERED_SUBJECT, HOST_UNANSWERED_TEXT,
	HOST_IMAP_STUCK_SUBJECT, HOST_IMAP_STUCK_TEXT, HOST_GAME_STUCK_SUBJECT,
	HOST_GAME_STUCK_TEXT, HOST_UNDONE_SUBJECT, HOST_UNDONE_TEXT,
	HOST_DISK_FULL_SUBJECT, HOST_DISK_FULL_TEXT, HOST_DISK_FULL_FREED_TEXT,
	HOST_DISK_INODES_TEXT, HOST_DISK_INODES_FREED_TEXT,
	HOST_DEAD_SUBJECT, HOST_DEAD_TEXT, HOST_DEAD_ENDED_TEXT,
	HOST_SMTP_BACK_SUBJECT, HOST_SMTP_BACK_TEXT,
	HOST_SENDMAIL_BACK_SUBJECT, HOST_SENDMAIL_BACK_TEXT,
	HOST_IMAP_DOWN_SUBJECT, HOST_IMAP_DOWN_TEXT, HOST_IMAP_REFUSED_TEXT,
	HOST_IMAP_BACK_SUBJECT, HOST_IMAP_BACK_TEXT,
	HOST_OWES_PLACE, HOST_OWES_ACT, HOST_OWES_MOVE,
	HOST_MS_OWES_DANCER, HOST_MS_OWES_ORDER, HOST_MS_OWES_STAGE,
	HOST_MS_OWES_SPELL, HOST_MS_OWES_CHALLENGE, HOST_MS_OWES_FIGHT,
	HOST_MS_OWES_BANK, HOST_MS_OWES_DUEL, HOST_MS_OWES_DISCARD,
	HOST_MS_OWES_KEEP, HOST_MS_OWES_EVENT, HOST_MS_OWES_SWAP,
};
#define NFORMATS	(sizeof(formats) / sizeof(formats[0]))

static const char *const langs[] = { "ja", "zh" };

static char *
path_of(const char *rel)
{
	struct mq_buf b = MQ_BUF_INIT;

	mq_buf_printf(&b, "%s/%s", root, rel);
	assert_false(b.oom);
	return mq_buf_steal(&b);
}

static void
test_every_format_is_listed(void **state)
{
	char *path = path_of("daemon/host_text.h"), line[512];
	FILE *f = fopen(path, "r");
	size_t n = 0;

	(void)state;
	if (f == NULL)
		fail_msg("cannot read %s", path);
	while (fgets(line, sizeof(line), f) != NULL)
		n += strncmp(line, "#define HOST_", 13) == 0;
	fclose(f);
	free(path);
	assert_int_equal(n, NFORMATS);
}

static void
test_each_catalog_has_each_format_and_no_other(void **state)
{
	struct mq_buf rel = MQ_BUF_INIT;
	json_error_t je;
	json_t *cat;
	char *path;
	size_t l, i;

	(void)state;
	for (l = 0; l < 2; l++) {
		mq_buf_reset(&rel);
		mq_buf_printf(&rel, "templates/%s/host.json", langs[l]);
		path = path_of(mq_buf_str(&rel));
		if ((cat = json_load_file(path, JSON_REJECT_DUPLICATES, &je)) == NULL)
			fail_msg("%s: %s (line %d)", path, je.text, je.line);
		for (i = 0; i < NFORMATS; i++)
			if (json_object_get(cat, formats[i]) == NULL)
				fail_msg("%s lacks \"%s\"", path, formats[i]);
		if (json_object_size(cat) != NFORMATS)
			fail_msg("%s has %zu entries; host_text.h %zu formats",
			    path, json_object_size(cat), (size_t)NFORMATS);
		json_decref(cat);
		free(path);
	}
	mq_buf_free(&rel);
}

static struct mq_refusals *
catalogs(void)
{
	char *dir = path_of("templates");
	struct mq_refusals *r = mq_refusals_new_catalog(dir, "host.json");

	free(dir);
	assert_non_null(r);
	return r;
}

static void
test_each_catalog_loads(void **state)
{
	struct mq_refusals *r = catalogs();
	struct mq_err e;
	size_t l;

	(void)state;
	for (l = 0; l < 2; l++) {
		if (mq_refusals_load(r, langs[l], &e) != 0)
			fail_msg("%s: %s", langs[l], e.msg);
		assert_int_equal(mq_refusals_count(r, langs[l]), NFORMATS);
	}
	mq_refusals_free(r);
}

/* text in lang, as the daemon sends it */
static char *
in(struct mq_refusals *r, const char *lang, const char *text)
{
	struct mq_buf out = MQ_BUF_INIT;
	struct mq_err e;

	if (mq_refusals_translate(r, lang, text, &out, &e) != 0)
		fail_msg("%s: %s", lang, e.msg);
	return mq_buf_steal(&out);
}

static void
has(const char *s, const char *part)
{
	if (strstr(s, part) == NULL)
		fail_msg("\"%s\" lacks \"%s\"", s, part);
}

static void
test_real_texts_come_out_translated(void **state)
{
	struct mq_refusals *r = catalogs();
	char text[4096], player[1024], *t;

	(void)state;
	snprintf(text, sizeof(text), HOST_DISK_FULL_FREED_TEXT, "/srv/game data",
	    12ULL);
	t = in(r, "ja", text);
	has(t, "masqued のデータフォルダー（/srv/game data）のあるディスクがいっぱいです：空きは12 KiB。");
	has(t, "cursor/reserve");
	free(t);
	t = in(r, "zh", text);
	has(t, "存放 masqued 数据文件夹（/srv/game data）的磁盘已满：剩余 12 KiB。");
	has(t, "为了把这封邮件排入队列");
	free(t);
	t = in(r, "en", text);
	assert_string_equal(t, text);
	free(t);
	/* out of inodes, not bytes: said so, and both files named */
	snprintf(text, sizeof(text), HOST_DISK_INODES_FREED_TEXT, "/d", 0ULL);
	t = in(r, "ja", text);
	has(t, "空き inode は0。");
	has(t, "cursor/reserve-inode");
	free(t);
	t = in(r, "zh", text);
	has(t, "剩余 0 个 inode。");
	has(t, "cursor/reserve-inode");
	free(t);

	/* a reply from the address the host replaced: the fact, then the
	 * line that would undo it, each argument in its place */
	snprintf(text, sizeof(text), HOST_NEW_FROM_FORMER_TEXT, "g7f3abcd",
	    "bob", "bob@x.test", "bob2@x.test", "bob@x.test", "bob",
	    "2026-12-03 10:00 UTC", "bob",
	    "  masqued admin g7f3abcd replace bob bob@x.test --why \"...\"",
	    "bob2@x.test");
	t = in(r, "ja", text);
	has(t, "bob@x.test は、あなたが 2026-12-03 10:00 UTC に bob さんの席から置き換えたアドレスです。");
	has(t, "masqued admin g7f3abcd replace bob bob@x.test --why");
	has(t, "席のアドレスは bob2@x.test のままです。");
	free(t);
	t = in(r, "zh", text);
	has(t, "bob@x.test 是你于 2026-12-03 10:00 UTC 为 bob 替换掉的地址。");
	has(t, "该座位仍用 bob2@x.test。");
	free(t);
	/* a reply from the address of the player the host removed: who, and
	 * when, each argument in its place; no line to run */
	snprintf(text, sizeof(text), HOST_NEW_FROM_REMOVED_TEXT, "g7f3abcd",
	    "bob", "bob@x.test", "erin@x.test", "bob@x.test",
	    "2026-12-03 10:00 UTC", "erin@x.test");
	t = in(r, "ja", text);
	has(t, "bob@x.test は、あなたが 2026-12-03 10:00 UTC にその席から外したプレイヤーのアドレスです。");
	has(t, "その人が erin@x.test から打っています。");
	free(t);
	t = in(r, "zh", text);
	has(t, "bob@x.test 是你于 2026-12-03 10:00 UTC 从该座位上移出的玩家的地址；");
	has(t, "由其从 erin@x.test 行动。");
	free(t);
	snprintf(text, sizeof(text), HOST_NEW_FROM_REMOVED_SUBJECT, "g7f3abcd",
	    "bob");
	t = in(r, "ja", text);
	has(t, "あなたが bob さんの席から外したプレイヤーが書いてきました");
	free(t);

	/* a player's bounce: whose address, said once, the seats' command
	 * lines after it, and the daemon's own word for a sender it does not
	 * know */
	snprintf(text, sizeof(text), HOST_BOUNCE_SEAT_TEXT, "bob@x.test",
	    HOST_UNKNOWN_SENDER, "Undelivered: your move", "bob, robert", "/d",
	    "ab12",
	    "  masqued admin g7f3abcd replace bob NEW-ADDRESS --why \"...\"");
	t = in(r, "ja", text);
	has(t, "bob@x.test あてのメールが戻ってきました。不明な送信者 から");
	has(t, "件名「Undelivered: your move」");
	has(t, "これはプレイヤー bob、robert さんのアドレスで、使えなくなっているかもしれません。");
	has(t, "/d/archive/ab12.eml");
	has(t, "その席に使えるアドレスを設定するには：\n\n"
	    "  masqued admin g7f3abcd replace bob NEW-ADDRESS --why \"...\"");
	assert_null(strstr(t, "プレイヤーのアドレスなら"));
	assert_null(strstr(t, "これはプレイヤーのアドレスです"));
	free(t);
	t = in(r, "zh", text);
	has(t, "这是玩家 bob、robert 的地址，它可能已经失效；");
	assert_null(strstr(t, "如果这是玩家的地址"));
	assert_null(strstr(t, "这是一位玩家的地址"));
	free(t);
	/* an address no seat holds: perhaps a player's */
	snprintf(text, sizeof(text), HOST_BOUNCE_TEXT, "bob@x.test",
	    "MAILER-DAEMON@y.test", "s", "/d", "ab12");
	t = in(r, "zh", text);
	has(t, "发给 bob@x.test 的邮件被退回。MAILER-DAEMON@y.test 发来了");
	has(t, "如果这是玩家的地址，它可能已经失效");
	assert_null(strstr(t, "这是一位玩家的地址"));
	free(t);
	/* a dead letter's paragraph of the seats, translated inside it */
	snprintf(player, sizeof(player), HOST_BOUNCE_PLAYER,
	    "  masqued admin g7f3abcd replace bob NEW-ADDRESS --why \"...\"");
	snprintf(text, sizeof(text), HOST_DEAD_TEXT, "m1", "bob@x.test", "/d",
	    player, "550 no such user", "/d", "m1");
	t = in(r, "ja", text);
	has(t, "これはプレイヤーのアドレスです。その席に使えるアドレスを設定するには：\n\n"
	    "  masqued admin g7f3abcd replace bob NEW-ADDRESS --why \"...\"");
	free(t);
	/* a game over's: no word of a seat's new address (admin replace
	 * refuses it), the paragraph of the game over inside it */
	snprintf(player, sizeof(player), HOST_DEAD_OVER, "bob", "g7f3abcd",
	    "  masqued export g7f3abcd > g7f3abcd.json");
	snprintf(text, sizeof(text), HOST_DEAD_ENDED_TEXT, "m1", "bob@x.test",
	    "/d", player, "550 no such user", "/d", "m1");
	assert_null(strstr(text, "new address gets"));
	t = in(r, "ja", text);
	has(t, "要らなければ削除してください。そこに残っているメールの数は");
	has(t, "masqued export g7f3abcd > g7f3abcd.json");
	assert_null(strstr(t, "席の新しいアドレスには"));
	free(t);
	t = in(r, "zh", text);
	has(t, "不需要的话就删除它。masqued games 会列出");
	has(t, "masqued export g7f3abcd > g7f3abcd.json");
	assert_null(strstr(t, "座位的新地址会收到"));
	free(t);

	/* fifteen arguments, several the same, each in its place */
	snprintf(text, sizeof(text), HOST_POLICY_WAIT_TEXT, "g7f3abcd",
	    "redmasque", "carol", "2026-12-03 10:00 UTC", "carol", "act",
	    "carol", "g7f3abcd", "1d3h", "carol", "g7f3abcd", "carol", "carol",
	    "g7f3abcd", "carol", "carol", "1d3h", "2026-12-04 13:00 UTC", "1d", "");
	t = in(r, "zh", text);
	has(t, "在游戏 g7f3abcd（redmasque）中，carol 的截止时间已于 2026-12-03 10:00 UTC 过去");
	has(t, "masqued admin g7f3abcd kick carol --why");
	has(t, "masqued admin g7f3abcd extend 1d3h --why");
	has(t, "extend 1d3h 会把截止时间移到 2026-12-04 13:00 UTC，即从现在起这局"
	    "游戏的截止时长（1d）之后。");
	free(t);
	t = in(r, "ja", text);
	has(t, "masqued admin g7f3abcd extend 1d3h --why \"...\"    carol さん");
	has(t, "extend 1d3h で期限は 2026-12-04 13:00 UTC、今からこのゲームの"
	    "期限（1d）後になります。");
	free(t);
	/* the same deadline missed again after an extend: its paragraph,
	 * an argument of its own, translated too */
	{
		char again[400];

		snprintf(again, sizeof(again), HOST_POLICY_AGAIN_ONE, 2, "carol",
		    "1d2h", "2026-12-04 09:00 UTC");
		snprintf(text, sizeof(text), HOST_POLICY_WAIT_TEXT, "g7f3abcd",
		    "redmasque", "carol", "2026-12-05 11:00 UTC", "carol", "act",
		    "carol", "g7f3abcd", "1d3h", "carol", "g7f3abcd", "carol",
		    "carol", "g7f3abcd", "carol", "carol", "1d3h",
		    "2026-12-06 14:00 UTC", "1d", again);
		t = in(r, "ja", text);
		has(t, "この手で carol さんが期限を過ぎたのは、これで2回目です");
		has(t, "2026-12-04 09:00 UTC に 1d2h 延長しました");
		free(t);
		t = in(r, "zh", text);
		has(t, "这是 carol 在这一步第 2 次错过截止时间");
		free(t);
	}
	/* several players who missed one deadline: their names a Japanese or
	 * Chinese list, not the English "alice, bob, carol and dave" (the
	 * subject read "alice, bob, carol and dave さんが期限を過ぎました") */
	snprintf(text, sizeof(text), HOST_POLICY_WAIT_SUBJECT, "g7f3abcd",
	    "alice, bob, carol and dave");
	t = in(r, "ja", text);
	has(t, "：alice、bob、carol、dave さんが期限を過ぎました");
	free(t);
	t = in(r, "zh", text);
	has(t, "：alice、bob、carol、dave 错过了截止时间");
	free(t);
	snprintf(text, sizeof(text), HOST_POLICY_WAIT_MANY_TEXT, "g7f3abcd",
	    "redmasque", "2026-12-03 10:00 UTC", "alice, bob, carol and dave", "6h",
	    "  masqued admin g7f3abcd extend 7h --why \"...\"\n", "1d", "");
	t = in(r, "ja", text);
	has(t, "期限が alice、bob、carol、dave さんについて過ぎました");
	has(t, "各自に今から少なくともこのゲームの期限（6h）の時間ができます");
	has(t, "このお知らせは 1d ごとに届きます。");
	free(t);
	t = in(r, "zh", text);
	has(t, "的截止时间对 alice、bob、carol、dave 已过");
	has(t, "下面的 extend 让每人从现在起至少有这局游戏的截止时长（6h）");
	has(t, "此提醒每隔 1d 发送一次。");
	free(t);
	/* the reminder says what its extend line gives, as the first word */
	snprintf(text, sizeof(text), HOST_POLICY_NUDGE_TEXT, "g7f3abcd",
	    "redmasque", "1d", "2026-12-03 10:00 UTC",
	    "alice, bob, carol and dave", "3d",
	    "  masqued admin g7f3abcd extend 1d1h --why \"...\"\n", "6h");
	t = in(r, "ja", text);
	has(t, "期限が alice、bob、carol、dave さんについて過ぎ、");
	has(t, "各自に今から少なくともこのゲームの期限（3d）の時間ができます");
	has(t, "このお知らせは 6h ごとに届きます。");
	free(t);
	t = in(r, "zh", text);
	has(t, "的截止时间对 alice、bob、carol、dave 已过");
	has(t, "下面的 extend 让每人从现在起至少有这局游戏的截止时长（3d）");
	has(t, "此提醒每隔 6h 发送一次。");
	free(t);
	snprintf(text, sizeof(text), HOST_POLICY_NUDGE_LATE_TEXT, "g7f3abcd",
	    "redmasque", "1y", "2025-12-03 10:00 UTC", "alice",
	    "  masqued admin g7f3abcd pause --why \"...\"\n", "1d");
	t = in(r, "ja", text);
	has(t, "このお知らせは 1d ごとに届きます。");
	assert_null(strstr(t, "各自に今から"));
	free(t);
	/* a game over: The Red Death's round and The Masquerade's turn in
	 * the players' own words (zh: 轮 and 回合, which were swapped; ja:
	 * ラウンド and ターン), counted as the players' mails count them */
	snprintf(text, sizeof(text), HOST_OVER_WON_TEXT, "g7f3abcd",
	    "redmasque", "round", 12, 90ULL, "alice", "g7f3abcd", "g7f3abcd");
	t = in(r, "zh", text);
	has(t, "游戏 g7f3abcd（redmasque）在第 12 轮之后按规则结束（日志条目 90）：alice 获胜。");
	assert_null(strstr(t, "回合"));
	free(t);
	t = in(r, "ja", text);
	has(t, "第12ラウンドのあと");
	free(t);
	snprintf(text, sizeof(text), HOST_OVER_NOBODY_TEXT, "g7f3abcd",
	    "masquerade", "turn", 7, 90ULL, "g7f3abcd", "g7f3abcd");
	t = in(r, "zh", text);
	has(t, "在第 7 回合之后按规则结束（日志条目 90）");
	assert_null(strstr(t, "轮"));
	free(t);
	t = in(r, "ja", text);
	has(t, "第7ターンのあと");
	free(t);
	snprintf(text, sizeof(text), HOST_OVER_ENDED_TEXT, "g7f3abcd",
	    "redmasque", "round", 3, 20ULL, "g7f3abcd", "g7f3abcd");
	t = in(r, "zh", text);
	has(t, "你在第 3 轮之后（日志条目 20）结束了它");
	free(t);
	t = in(r, "ja", text);
	has(t, "あなたが第3ラウンドのあと（ログのエントリ 20）で終了させた");
	free(t);
	snprintf(text, sizeof(text), HOST_OVER_EARLY_TEXT, "g7f3abcd",
	    "masquerade", "turn", 2ULL, "g7f3abcd", "g7f3abcd");
	t = in(r, "zh", text);
	has(t, "你在第一回合之前（日志条目 2）结束了它");
	free(t);
	snprintf(text, sizeof(text), HOST_IMAP_STUCK_TEXT, 7u, "INBOX", 5ULL,
	    "the server broke off", 1700000000u, 7u, "/d");
	t = in(r, "ja", text);
	has(t, "メールボックス INBOX のメッセージ UID 7 で、5回続けて止まりました");
	has(t, "/d/cursor/imap に \"1700000000 7\" と書けば");
	free(t);
	t = in(r, "ja", HOST_BANNER);
	assert_string_equal(t, "=== masqued · ホストへのお知らせ ===");
	free(t);
	mq_refusals_free(r);
}

/*
 * The host's mails use the players' words: in Chinese 截止时间 (not 期限),
 * 默认行动 (not 默认走法), 座位 (not 席位), 行动 for a move (not 走法,
 * 棋步), and the policy named as the host set it (截止策略是 wait, not
 * 期限策略是等待); in Japanese 期限 (not 締め切り) and 期限のポリシーは wait
 * (not 期限の方針は「待つ」). Two mails about the same deadline read alike.
 * And the replaced address's warning: "写任何地址，否则…" read as if anyone
 * writing a From sent the seat's mail astray; it is not checking that does.
 */
static void
test_the_host_texts_use_one_word_set(void **state)
{
	static const char *const zh_not[] = { "期限", "默认走法", "席位",
	    "走法", "棋步", "一步棋", "策略是等待", "写任何地址，否则",
	    NULL };
	static const char *const ja_not[] = { "締め切り", "方針", "「待つ」",
	    NULL };
	const char *const *not[] = { ja_not, zh_not };
	const char *const policy[] = { "期限のポリシーは wait",
	    "截止策略是 wait" };
	struct mq_buf rel = MQ_BUF_INIT;
	json_error_t je;
	json_t *cat, *v;
	const char *k, *t;
	char *path;
	size_t l, i, policies;

	(void)state;
	assert_string_equal(langs[0], "ja");
	assert_string_equal(langs[1], "zh");
	for (l = 0; l < 2; l++) {
		mq_buf_reset(&rel);
		mq_buf_printf(&rel, "templates/%s/host.json", langs[l]);
		path = path_of(mq_buf_str(&rel));
		if ((cat = json_load_file(path, 0, &je)) == NULL)
			fail_msg("%s: %s (line %d)", path, je.text, je.line);
		policies = 0;
		json_object_foreach(cat, k, v) {
			t = json_is_string(v) ? json_string_value(v) :
			    json_string_value(json_object_get(v, "text"));
			assert_non_null(t);
			for (i = 0; not[l][i] != NULL; i++)
				if (strstr(t, not[l][i]) != NULL)
					fail_msg("%s: \"%s\" says %s", path, t,
					    not[l][i]);
			if (strstr(k, "deadline policy is wait") != NULL) {
				policies++;
				has(t, policy[l]);
			}
		}
		assert_true(policies >= 4);
		json_decref(cat);
		free(path);
	}
	mq_buf_free(&rel);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_format_is_listed),
		cmocka_unit_test(test_each_catalog_has_each_format_and_no_other),
		cmocka_unit_test(test_each_catalog_loads),
		cmocka_unit_test(test_real_texts_come_out_translated),
		cmocka_unit_test(test_the_host_texts_use_one_word_set),
	};

	if (getenv("MQ_ROOT") != NULL)
		root = getenv("MQ_ROOT");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
