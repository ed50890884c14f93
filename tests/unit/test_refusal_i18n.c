/*
 * test_refusal_i18n.c - refusal sentences in the reader's language
 * (mail/refusal_i18n.h) with the shipped catalogs, templates/{ja,zh}/
 * refusals.json.
 *
 * Real sentences, as the engine and the daemon write them, translated to
 * ja and zh word for word (arguments moved, reordered, their English words
 * translated, a reason inside a reason); a game's words in them (cards,
 * rooms, Spells, lists of them) named by the caller's names, in the
 * reader's language; what is left English. Then the
 * catalogs against the sources: every MQ_REFUSED format of the sentences a
 * player or a sender can get (every engine/redmasque C file, those of
 * engine/masquerade the host alone does not meet, with the examples
 * ms_parse.c refuses as "%s" and the phrases ms_validate.c's owes_help
 * puts in a refusal, engine/words.c's refusals of a line and
 * engine/jdata.c's of a data file, which both games share,
 * daemon/submit.c, the deny() reasons of daemon/inbound_analyse.c,
 * mail/mime_in.c, whose sentences inbound_analyse.c quotes) is read from the C
 * files at test time ($MQ_ROOT, or the current folder), adjacent string
 * literals joined and both arms of a ?: taken, and must be in both
 * catalogs; a catalog entry no source has any more must go; every
 * translation must use the same arguments, counted and converted alike, as
 * its English (checked here on its own, not only by the module). A
 * command example is held whole by no-break spaces in every language,
 * English by a catalog of its own that changes nothing else. Last,
 * catalogs that are wrong are refused whole (a bad "names" entry too), the
 * check on its own, how a list of names is cut and joined, and the
 * matcher's edges (most specific format, %%, digits, a jansson allocation
 * failing in turn).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "buf.h"
#include "err.h"
#include "mail/refusal_i18n.h"

static const char *root = ".";

static char *
path_of(const char *rel)
{
	struct mq_buf b = MQ_BUF_INIT;

	mq_buf_printf(&b, "%s/%s", root, rel);
	assert_false(b.oom);
	return mq_buf_steal(&b);
}

static struct mq_refusals *
shipped(void)
{
	char *dir = path_of("templates");
	struct mq_refusals *r = mq_refusals_new(dir);

	assert_non_null(r);
	free(dir);
	return r;
}

/* sentence in lang must come out as want, with no error. */
/* sentence in lang (with names, when not NULL) must come out as want. */
static void
translated_as(struct mq_refusals *r, const char *lang, const char *sentence,
    const struct mq_refusal_names *names, const char *want)
{
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err e = { 0, "" };
	int rc = mq_refusals_translate_names(r, lang, sentence, names, &b, &e);

	if (rc != 0)
		fail_msg("%s: \"%s\": %d: %s", lang, sentence, rc, e.msg);
	if (strcmp(mq_buf_str(&b), want) != 0)
		fail_msg("%s: \"%s\"\n  gave \"%s\"\n  not  \"%s\"", lang, sentence,
		    mq_buf_str(&b), want);
	mq_buf_free(&b);
}

static void
says(struct mq_refusals *r, const char *lang, const char *sentence,
    const char *want)
{
	translated_as(r, lang, sentence, NULL, want);
}

/* ---- real sentences --------------------------------------------------- */

static void
japanese_sentences_with_their_arguments(void **state)
{
	struct mq_refusals *r = shipped();

	says(r, "ja", "\"dance\" is not a command; the commands are PLAY, MOVE, "
	    "PLAN, PLACE, STATUS, HELP, SET LANG and SET NOTICES.",
	    "「dance」はコマンドではありません。コマンドは PLAY、MOVE、PLAN、"
	    "PLACE、STATUS、HELP、SET\xc2\xa0LANG、SET\xc2\xa0NOTICES です。");	/* held whole */
	says(r, "ja", "You have played jest already (it is in your discard "
	    "pile); you can play: discuss, dance, admire.",
	    "「jest」はすでにプレイしました（捨て札にあります）。プレイできる"
	    "カード：discuss, dance, admire。");
	says(r, "ja", "You have placed your noble already, in blue.",
	    "あなたの貴族はすでにblueに配置されています。");
	says(r, "ja", "threaten needs a TARGET anywhere in the abbey: add TARGET "
	    "and a player's name, e.g. PLAY threaten TARGET bob.",
	    "「threaten」には僧院のどこかにいる対象が必要です。TARGET とプレイヤー"
	    "名を付けてください（例：PLAY\xc2\xa0threaten\xc2\xa0TARGET\xc2\xa0" "bob）。");
	says(r, "ja", "swindle takes at most 2 time(s) after SLOT.",
	    "「swindle」では SLOT の後に書ける時刻は2個までです。");
	says(r, "ja", "The game is over; nothing more can be played. Reply "
	    "STATUS to any of the game's mails to see how it ended.",
	    "ゲームは終了しました。これ以上は何もプレイできません。"
	    "結果は、ゲームから届いたどのメールにでも STATUS と返信すると"
	    "確認できます。");
	says(r, "ja", "One message may carry at most 64 moves.",
	    "1通のメールに書ける手は64個までです。");
	/* a name with spaces and punctuation is one %s all the same */
	says(r, "ja", "There is no player named \"Mr. T, Esq.\" in this game; "
	    "the players are alice, bob, carol, dave.",
	    "このゲームに「Mr. T, Esq.」という名前のプレイヤーはいません。"
	    "プレイヤーは alice、bob、carol、dave です。");
	/* the list of players joined as Japanese and Chinese join words (it
	 * kept the engine's ASCII commas) */
	says(r, "zh", "There is no player called \"erin\" in this game; the "
	    "players are alice, bob, carol.", "本局没有名叫「erin」的玩家；"
	    "玩家有 alice、bob、carol。");
	says(r, "ja", "CHALLENGE needs a player's name after it; the players "
	    "are alice, bob, carol.", "CHALLENGE の後にはプレイヤーの名前が"
	    "必要です。プレイヤーは alice、bob、carol です。");
	mq_refusals_free(r);
}

static void
chinese_sentences_with_their_arguments(void **state)
{
	struct mq_refusals *r = shipped();

	says(r, "zh", "\"sideways\" is not a direction; MOVE takes cw "
	    "(clockwise), ccw (counter-clockwise) or stay.",
	    "「sideways」不是方向；MOVE 只能是 cw（顺时针）、ccw（逆时针）或 "
	    "stay。");
	says(r, "zh", "After PLAY jest, \"loudly\" is not understood: what may "
	    "follow is TARGET, SLOT or RECOVER.",
	    "PLAY\xc2\xa0jest 之后的「loudly」无法理解：后面只能跟 TARGET、SLOT 或 "
	    "RECOVER。");
	says(r, "zh", "encore returns up to 2 discarded card(s): name them after "
	    "RECOVER, or RECOVER none to take none back (your discards: jest, "
	    "mock).",
	    "「encore」可以收回至多 2 张弃牌：请在 RECOVER 后写出这些牌，一张也不收回"
	    "则写 RECOVER\xc2\xa0none（你的弃牌：jest, mock）。");
	/* a count of cards in numerals, as "至多 2 张弃牌" (the idiom
	 * "一张不收", none taken back, stays) */
	says(r, "zh", "pickpocket takes from every nearby noble, not one you "
	    "name: send it without TARGET, e.g. PLAY pickpocket SLOT 12:10.",
	    "「pickpocket」会从附近的每位贵族那里各拿 1 张，不由你指定：请去掉 "
	    "TARGET 再发送，例如 PLAY\xc2\xa0pickpocket\xc2\xa0SLOT\xc2\xa0" "12:10。");
	says(r, "zh", "fond_memories returns one of your discarded cards, not "
	    "none: name it after RECOVER (your discards: jest, mock).",
	    "「fond_memories」会收回 1 张弃牌，不能一张不收：请在 RECOVER 后写出"
	    "这张牌（你的弃牌：jest, mock）。");
	says(r, "zh", "Game k3j9x2m4 is paused by the host; send your commands "
	    "again once it resumes.",
	    "游戏 k3j9x2m4 已被主持人暂停；恢复后请重新发送你的命令。");
	says(r, "zh", "There is no player in seat -1.", "座位 -1 上没有玩家。");
	says(r, "zh", "This message came from mallory@evil.test, which is not "
	    "the address registered for its seat in game k3j9x2m4; send from "
	    "your registered address.",
	    "这封邮件来自 mallory@evil.test，不是游戏 k3j9x2m4 中该座位登记的地址；"
	    "请用你登记的地址发送。");
	mq_refusals_free(r);
}

static void
reordered_arguments(void **state)
{
	struct mq_refusals *r = shipped();

	says(r, "ja", "jest is not in your discard pile, so encore cannot "
	    "return it; your discards: mock.",
	    "「encore」で戻せるのは捨て札にあるカードだけで、「jest」は捨て札にあり"
	    "ません。あなたの捨て札：mock。");
	says(r, "zh", "jest is not in your discard pile, so encore cannot "
	    "return it; your discards: mock.",
	    "「encore」只能收回弃牌中的牌，而「jest」不在你的弃牌中；你的弃牌：mock。");
	/* a kicked player's mail: when the host removed them, the date
	 * before the game as each language puts it */
	says(r, "ja", "The host removed you from game k3j9x2m4 on 2026-10-10 "
	    "01:13 UTC; the deadline defaults play your seat until a new player "
	    "takes it, so nothing you send is applied.",
	    "ホストがあなたを 2026-10-10 01:13 UTC にゲーム k3j9x2m4 から外しました。"
	    "新しいプレイヤーが引き継ぐまで、あなたの席は期限切れのときの既定の手で"
	    "進みます。送られたものは適用されません。");
	says(r, "zh", "The host removed you from game k3j9x2m4 on 2026-10-10 "
	    "01:13 UTC; the deadline defaults play your seat until a new player "
	    "takes it, so nothing you send is applied.",
	    "主持人已于 2026-10-10 01:13 UTC 将你移出游戏 k3j9x2m4；在新玩家接手之前，"
	    "你的座位由截止时的默认行动代为进行，因此你发送的内容不会被执行。");
	/* the host to ask (the config's admin), and a kick in a game over */
	says(r, "zh", "The host removed you from game k3j9x2m4 on 2026-10-10 "
	    "01:13 UTC; the deadline defaults play your seat until a new player "
	    "takes it, so nothing you send is applied; ask the host "
	    "(host@x.test) about it.",
	    "主持人已于 2026-10-10 01:13 UTC 将你移出游戏 k3j9x2m4；在新玩家接手之前，"
	    "你的座位由截止时的默认行动代为进行，因此你发送的内容不会被执行；"
	    "有关此事请询问主持人（host@x.test）。");
	says(r, "ja", "The host removed you from game k3j9x2m4 on 2026-10-10 "
	    "01:13 UTC, and the game is over now: nothing you send is applied; "
	    "reply STATUS from your registered address to any of the game's "
	    "mails to get its end mail again.",
	    "ホストがあなたを 2026-10-10 01:13 UTC にゲーム k3j9x2m4 から外しました。"
	    "ゲームはもう終了しており、送られたものは適用されません。登録した"
	    "アドレスから、ゲームから届いたどのメールにでも STATUS と返信すると、"
	    "終了のメールをもう一度受け取れます。");
	says(r, "ja", "The Masque of the Red Death is for 3 to 6 players, not 9.",
	    "9人では遊べません。「赤死病の仮面」は3〜6人で遊ぶゲームです。");
	says(r, "zh", "invariant \"the winner is the most popular survivor\" "
	    "broken: the winner is alice, not nobody.",
	    "不变式「胜者是人气最高的幸存者」被破坏：胜者应是 无人，却是 alice。");
	mq_refusals_free(r);
}

static void
english_words_in_arguments_and_reasons_in_reasons(void **state)
{
	struct mq_refusals *r = shipped();

	/* "twice" and the ", with ..." tail are the engine's words */
	says(r, "ja", "You may move twice this round (Dance allows two steps, "
	    "Promenade three): send MOVE cw, MOVE ccw or MOVE stay, or two "
	    "directions, one per step: MOVE cw ccw.",
	    "このラウンドに移動できるのは2歩までです（ダンスなら2歩、散策なら"
	    "3歩）。MOVE\xc2\xa0" "cw、MOVE\xc2\xa0" "ccw、MOVE\xc2\xa0stay のどれかを送ってください、"
	    "または1歩につき方向を1つ書いて2歩：MOVE cw ccw。");
	says(r, "zh", "You may move once this round (Dance allows two steps, "
	    "Promenade three): send MOVE cw, MOVE ccw or MOVE stay.",
	    "你本轮只能移动一步（跳舞可走两步，漫步可走三步）：请发送 MOVE\xc2\xa0" "cw、"
	    "MOVE\xc2\xa0" "ccw 或 MOVE\xc2\xa0stay。");
	says(r, "zh", "You may move once this round (Dance allows two steps, "
	    "Promenade three): send MOVE cw, MOVE ccw or MOVE stay; to take "
	    "more steps with Dance or Promenade, send this MOVE with or after "
	    "its PLAY.",
	    "你本轮只能移动一步（跳舞可走两步，漫步可走三步）：请发送 MOVE\xc2\xa0" "cw、"
	    "MOVE\xc2\xa0" "ccw 或 MOVE\xc2\xa0stay；要用跳舞或漫步多走几步，请把这个 "
	    "MOVE 和它的 PLAY 一起发送，或在其后发送。");
	says(r, "ja", "mock is not one of your cards; you can play: none.",
	    "「mock」はあなたのカードではありません。プレイできるカード：なし。");
	/* only where the catalog says so: a player's word stays as written */
	says(r, "ja", "TARGET names none twice.",
	    "TARGET で none が2回指定されています。");
	says(r, "zh", "This message came from no address, which is not the "
	    "address registered for its seat in game k3j9x2m4; send from your "
	    "registered address.",
	    "这封邮件来自 （无地址），不是游戏 k3j9x2m4 中该座位登记的地址；"
	    "请用你登记的地址发送。");
	/* mime_in's reason inside inbound's */
	says(r, "ja", "The message could not be read: The message has more than "
	    "50 levels of nested parts.",
	    "メールを読み取れませんでした：メールのパートの入れ子が50段を超えて"
	    "います。");
	says(r, "zh", "The message could not be read: Something new went wrong.",
	    "无法读取这封邮件：Something new went wrong.");
	/* the attachment it did not read, named as the sender named it */
	says(r, "ja", "The message could not be read: The message has no "
	    "readable text part; the attachment \"report.txt\" was not read: "
	    "write your commands in the mail's text.",
	    "メールを読み取れませんでした：メールに読み取れる本文がありません。"
	    "添付ファイル「report.txt」は読み取りませんでした。コマンドはメールの"
	    "本文に書いてください。");
	says(r, "zh", "The message could not be read: The message has no "
	    "readable text part; its 3 attachments were not read: write your "
	    "commands in the mail's text.",
	    "无法读取这封邮件：邮件中没有可读的正文；它的 3 个附件没有被读取：请把"
	    "命令写在邮件正文中。");
	mq_refusals_free(r);
}

/* The Masquerade's: its engine's words in arguments (a Spell's timing, an
 * article and a kind of card, a plural's "s", "their"), the phrase of what
 * a player is to do, itself translated, with its number. */
static void
masquerade_sentences(void **state)
{
	struct mq_refusals *r = shipped();

	says(r, "ja", "March is played while you are in a challenge, not now.",
	    "「March」は挑戦の最中に使うスペルです。今は使えません。");
	says(r, "zh", "Rhapsody is played in your Spell phase, not now.",
	    "「Rhapsody」只能在你的咒语阶段使用，现在不能用。");
	says(r, "ja", "\"zorro\" is not a Dancer; the Dancers are blade-dancer, "
	    "thief.",
	    "「zorro」はダンサーではありません。ダンサーは次のとおりです："
	    "blade-dancer, thief。");
	says(r, "zh", "EVENT needs the name of an Event after it; the Events are "
	    "oracle, silence.",
	    "EVENT 后面需要事件的名字；事件有：oracle, silence。");
	says(r, "ja", "Requiem costs 2 Spells from your hand; you named 0 after "
	    "PAY.",
	    "「Requiem」のコストは手札のスペル 2枚です。PAY の後に書かれたのは"
	    "0枚でした。");
	says(r, "ja", "You cannot pay with 2 March: you hold 1 besides the one "
	    "you play.",
	    "「March」を2枚支払うことはできません。持っているのは使う1枚のほかに"
	    "1枚です。");
	says(r, "zh", "You cannot keep 1 March: you received 0.",
	    "你不能保留 1 张「March」：你只收到了 0 张。");
	says(r, "ja", "It is not your turn: bob is to send their dancer to a "
	    "Stage with STAGE. You will get a mail when it is yours; send the "
	    "line again then.",
	    "あなたの番ではありません。今は bob さんが STAGE で自分のダンサーを"
	    "ステージに送る番です。あなたの番になったらメールが届きます。"
	    "そのときに、この行をもう一度送ってください。");
	says(r, "zh", "It is not your turn: alice is to DISCARD Spells down to 3. "
	    "You will get a mail when it is yours; send the line again then.",
	    "还没轮到你：现在轮到 alice 用 DISCARD 弃掉咒语，直到手牌剩 3 张。"
	    "轮到你时你会收到一封邮件；到时请把这一行再发送一次。");
	says(r, "ja", "Not now: you are to KEEP up to 1 of the Spells you "
	    "received, or PASS.",
	    "今はできません。あなたが KEEP で受け取ったスペルから1枚までを"
	    "残すか、PASS する番です。");
	says(r, "zh", "Not now: you are to choose a Dancer with DANCER.",
	    "现在不能这样做：你应当用 DANCER 选择一位舞者。");
	/* an Order is chosen, as the rules and the receipts say (the
	 * refusal said "taken", the Japanese を取りました) */
	says(r, "ja", "You have chosen Order 2 already this turn, and an Order "
	    "cannot be changed once chosen.",
	    "このターンはすでにオーダー 2 を選びました。一度選んだオーダーは"
	    "変えられません。");
	says(r, "ja", "Order 2 is taken by alice.",
	    "オーダー 2 はすでに alice が選んでいます。");
	says(r, "ja", "You had Order 2 last turn; choose another.",
	    "前のターンにオーダー 2 を選んだので、別のオーダーを選んでください。");
	/* an example refused as "%s" */
	says(r, "zh", "KEEP needs the names of the Spells you keep, e.g. KEEP "
	    "waltz.",
	    "KEEP 后面需要写出你保留的咒语的名字，例如 KEEP\xc2\xa0圆舞曲。");
	mq_refusals_free(r);
}

/* ---- a game's names ---------------------------------------------------- */

/* A game's names in one language, as a caller gives them: a small
 * dictionary, exact words (the daemon's own lookup folds case). */
struct dict {
	const char *const *w;	/* word, name, word, name, ..., NULL */
	int asked;		/* how many words it was asked */
};

static const char *
dict_name(void *ctx, const char *word, size_t len)
{
	struct dict *d = ctx;
	const char *const *p;

	d->asked++;
	for (p = d->w; *p != NULL; p += 2)
		if (strlen(*p) == len && memcmp(*p, word, len) == 0)
			return p[1];
	return NULL;
}

/* "bob" and "loudly" are known, to show that only "names" arguments ask. */
static const char *const ja_words[] = { "jest", "冗談", "encore", "アンコール",
	"mock", "嘲笑", "discuss", "話し合い", "dance", "ダンス", "admire", "称賛",
	"blue", "青の間", "March", "行進曲", "Tower", "塔", "blade-dancer",
	"剣の舞姫", "thief", "盗賊", "bob", "ボブ", "loudly", "大声で", NULL };
static const char *const zh_words[] = { "jest", "笑话", "encore", "安可",
	"mock", "嘲笑", "discuss", "讨论", "dance", "跳舞", "blue", "蓝色房间",
	"March", "进行曲", "Tower", "塔", "Silence", "寂静", NULL };

static const char *const en_words[] = { "mock", "Mock", "discuss",
	"Discuss", "dance", "Dance", "blue", "Blue", "grand_entrance",
	"Grand Entrance", NULL };

/* sentence in lang, with the names of words, must come out as want. */
static void
names_say(struct mq_refusals *r, const char *lang, const char *const *words,
    const char *sentence, const char *want)
{
	struct dict d = { words, 0 };
	struct mq_refusal_names nm = { dict_name, &d };

	translated_as(r, lang, sentence, &nm, want);
}

/* The shipped catalogs mark the arguments that are a game's words: a card,
 * a room, a Spell, a Stage, each in the reader's language; lists of them
 * joined with 、; a player's name or word, and "none", as before. */
static void
game_words_in_the_readers_language(void **state)
{
	/* English, Japanese, Chinese */
	static const char *const meant[][3] = {
		{ "After PLACE blue, \"thanks\" is not understood: PLACE takes "
		  "one room.", "PLACE 青の間 の後の「thanks」はわかりません。PLACE に"
		  "書けるのは部屋1つだけです。", "PLACE 蓝色房间 之后的「thanks」无法"
		  "理解：PLACE 只接一个房间。" },
		{ "\"jset\" is not a card; you may mean jest.", "「jset」はカードでは"
		  "ありません。「冗談」のことかもしれません。", "「jset」不是牌；你可能"
		  "是指「笑话」。" },
		{ "\"bleu\" is not a room; you may mean blue.", "「bleu」は部屋"
		  "ではありません。「青の間」のことかもしれません。", "「bleu」不是房间；"
		  "你可能是指「蓝色房间」。" },
		{ "After PLAY mock, \"targer\" is not understood; you may mean "
		  "TARGET.", "PLAY 嘲笑 の後の「targer」はわかりません。TARGET のことかも"
		  "しれません。", "PLAY 嘲笑 之后的「targer」无法理解；你可能是指 TARGET。" },
		{ "After PLAN CLEAR, \"please\" is not understood: PLAN CLEAR takes "
		  "nothing more.", "PLAN CLEAR の後の「please」はわかりません。PLAN "
		  "CLEAR の後には何も書けません。", "PLAN CLEAR 之后的「please」无法理解："
		  "PLAN CLEAR 后面不能再写任何东西。" },
		{ "\"12:10cw\" is not understood; write the time and its direction "
		  "apart: PLAN 12:10 cw.", "「12:10cw」はわかりません。時刻と向きは離して"
		  "書いてください：PLAN 12:10 cw。", "「12:10cw」无法理解；时间和方向要"
		  "分开写：PLAN 12:10 cw。" },
		{ "The plan gives 12:20 no direction: write PLAN 12:20 cw, ccw or "
		  "stay.", "計画の 12:20 に向きがありません。PLAN 12:20 のあとに cw、ccw、"
		  "stay のどれかを書いてください。", "计划中的 12:20 没有方向：请写 PLAN "
		  "12:20，后接 cw、ccw 或 stay。" },
	};
	struct mq_refusals *r = shipped();
	size_t i;

	names_say(r, "ja", ja_words, "You hold no March.", "「行進曲」を持っていません。");
	names_say(r, "zh", zh_words, "You hold no March.", "你手中没有「进行曲」。");
	names_say(r, "zh", zh_words, "Tower is full.", "「塔」已经满了。");
	names_say(r, "ja", ja_words, "You have placed your noble already, in "
	    "blue.", "あなたの貴族はすでに青の間に配置されています。");
	names_say(r, "zh", zh_words, "You have placed your noble already, in "
	    "blue.", "你已经把贵族放在蓝色房间了。");
	/* a list, the card played too */
	names_say(r, "ja", ja_words, "You have played jest already (it is in your "
	    "discard pile); you can play: discuss, dance, admire.",
	    "「冗談」はすでにプレイしました（捨て札にあります）。プレイできる"
	    "カード：話し合い、ダンス、称賛。");
	names_say(r, "zh", zh_words, "jest is not in your discard pile, so encore "
	    "cannot return it; your discards: mock, discuss.",
	    "「安可」只能收回弃牌中的牌，而「笑话」不在你的弃牌中；你的弃牌：嘲笑、"
	    "讨论。");
	/* the engine's "none" is a word of the catalog's, names or not */
	names_say(r, "ja", ja_words, "mock is not one of your cards; you can play: "
	    "none.", "「嘲笑」はあなたのカードではありません。プレイできるカード："
	    "なし。");
	/* an item the names do not know stays as it is, in the list */
	names_say(r, "zh", zh_words, "mock is not one of your cards; you can "
	    "play: discuss, fond_memories, dance.", "「嘲笑」不是你的牌；你可以打出："
	    "讨论、fond_memories、跳舞。");
	/* a list none of whose items is known, whole */
	names_say(r, "zh", zh_words, "mock is not one of your cards; you can "
	    "play: scandal, promenade.", "「嘲笑」不是你的牌；你可以打出："
	    "scandal, promenade。");
	/* The Masquerade's lists give the canonical words */
	names_say(r, "ja", ja_words, "\"zorro\" is not a Dancer; the Dancers are "
	    "blade-dancer, thief.", "「zorro」はダンサーではありません。ダンサーは"
	    "次のとおりです：剣の舞姫、盗賊。");
	/* while the Dancers are chosen, the ones still free, in both lists */
	names_say(r, "ja", ja_words, "\"zorro\" is not a Dancer; the Dancers "
	    "still free are blade-dancer, thief.", "「zorro」はダンサーではあり"
	    "ません。まだ選ばれていないダンサー：剣の舞姫、盗賊。");
	/* the name meant is a card's, in 「」 as the one typed is: it read
	 * "「吟遊師人」はダンサーではありません。吟遊詩人 のことですか？", a
	 * space in Japanese, the name bare (found by players by mail) */
	names_say(r, "ja", ja_words, "\"thif\" is not a Dancer; did you mean "
	    "thief? The Dancers still free are blade-dancer, thief.",
	    "「thif」はダンサーではありません。「盗賊」のことですか？"
	    "まだ選ばれていないダンサー：剣の舞姫、盗賊。");
	names_say(r, "ja", ja_words, "\"towr\" is not a Stage; did you mean "
	    "Tower? The Stages are Tower.",
	    "「towr」はステージではありません。「塔」のことですか？"
	    "ステージは次のとおりです：塔。");
	names_say(r, "zh", zh_words, "\"towr\" is not a Stage; did you mean "
	    "Tower? The Stages are Tower.",
	    "「towr」不是舞台。你是指「塔」吗？舞台有：塔。");
	names_say(r, "ja", ja_words, "\"thif\" is not a set-aside Dancer; did "
	    "you mean thief? The set-aside Dancers are thief.",
	    "「thif」は脇に置かれたダンサーではありません。「盗賊」のことですか？"
	    "脇に置かれたダンサーは次のとおりです：盗賊。");
	names_say(r, "ja", ja_words, "thief is taken by bob; the Dancers still "
	    "free are blade-dancer.", "「盗賊」はすでに bob が選んでいます。"
	    "まだ選ばれていないダンサー：剣の舞姫。");
	/* what the player typed, and a player's name, are not a game's words
	 * even when the names know them */
	names_say(r, "ja", ja_words, "\"jest\" is not a card; the cards are jest, "
	    "mock.", "「jest」はカードではありません。カードは次のとおりです："
	    "冗談、嘲笑。");
	/* a word too many after PLACE's room; a typo of a card, the one
	 * meant: each in the reader's words */
	for (i = 0; i < sizeof(meant) / sizeof(meant[0]); i++) {
		names_say(r, "ja", ja_words, meant[i][0], meant[i][1]);
		names_say(r, "zh", zh_words, meant[i][0], meant[i][2]);
	}
	names_say(r, "ja", ja_words, "jest needs a TARGET anywhere in the abbey: "
	    "add TARGET and a player's name, e.g. PLAY jest TARGET bob.",
	    "「冗談」には僧院のどこかにいる対象が必要です。TARGET とプレイヤー名を"
	    "付けてください（例：PLAY\xc2\xa0冗談\xc2\xa0TARGET\xc2\xa0" "bob）。");
	names_say(r, "zh", zh_words, "After PLAY jest, \"loudly\" is not "
	    "understood: what may follow is TARGET, SLOT or RECOVER.",
	    "PLAY\xc2\xa0笑话 之后的「loudly」无法理解：后面只能跟 TARGET、SLOT 或 "
	    "RECOVER。");
	names_say(r, "ja", ja_words, "Silence has happened already.",
	    "「Silence」はすでに発生しました。");	/* not in ja_words */
	/* English names the log's words as the mails do (its catalog marks
	 * them), a list joined with ", " */
	names_say(r, "en", en_words, "You have placed your noble already, in "
	    "blue.", "You have placed your noble already, in Blue.");
	names_say(r, "en", en_words, "mock is not one of your cards; you can "
	    "play: discuss, dance.", "Mock is not one of your cards; you can "
	    "play: Discuss, Dance.");
	names_say(r, "en", en_words, "grand_entrance is not one of your cards; "
	    "you can play: none.", "Grand Entrance is not one of your cards; "
	    "you can play: none.");
	says(r, "ja", "You hold no March.", "「March」を持っていません。");
	says(r, "zh", "mock is not one of your cards; you can play: discuss, "
	    "dance.", "「mock」不是你的牌；你可以打出：discuss, dance。");
	mq_refusals_free(r);
}

static void
what_stays_english(void **state)
{
	struct mq_refusals *r = shipped();
	const char *s = "You have placed your noble already, in blue.";

	says(r, "ja", "A sentence no catalog has.", "A sentence no catalog has.");
	says(r, "zh", "", "");
	/* a format's text with something after it is not that format */
	says(r, "ja", "That line is empty. Really.", "That line is empty. Really.");
	says(r, "ja", "That line is empty", "That line is empty");
	/* a %d is digits */
	says(r, "ja", "There is no player in seat two.",
	    "There is no player in seat two.");
	says(r, "en", s, s);
	says(r, NULL, s, s);
	says(r, "fr", s, s);		/* no templates/fr/refusals.json */
	says(r, "../ja", s, s);		/* not a language name */
	says(NULL, "ja", s, s);
	/* English's catalog holds only the sentences with an example, or
	 * with a game's words to name */
	assert_true(mq_refusals_count(r, "en") > 0);
	assert_int_equal(mq_refusals_count(r, "fr"), 0);
	mq_refusals_free(r);
}

/* ---- the catalogs against the sources --------------------------------- */

#define MAXFMT 1024

struct formats {
	char *text[MAXFMT];
	char *file[MAXFMT];
	size_t n;
};

static char *
slurp(const char *path)
{
	struct mq_buf b = MQ_BUF_INIT;
	char chunk[8192];
	size_t n;
	FILE *f = fopen(path, "rb");

	if (f == NULL)
		fail_msg("cannot read %s", path);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		mq_buf_add(&b, chunk, n);
	fclose(f);
	assert_false(b.oom);
	mq_buf_puts(&b, "");
	return mq_buf_steal(&b);
}

static const char *
skip_comment(const char *p)
{
	const char *q;

	if (p[0] == '/' && p[1] == '*') {
		q = strstr(p + 2, "*/");
		return q ? q + 2 : p + strlen(p);
	}
	if (p[0] == '/' && p[1] == '/') {
		q = strchr(p, '\n');
		return q ? q : p + strlen(p);
	}
	return p;
}

/* Past the string or character literal at p. */
static const char *
skip_quoted(const char *p)
{
	char q = *p++;

	while (*p && *p != q) {
		if (*p == '\\' && p[1])
			p++;
		p++;
	}
	return *p ? p + 1 : p;
}

/* The end of the call argument at p: its ',' or the call's ')'. */
static const char *
arg_end(const char *p)
{
	const char *q;
	int depth = 0;

	while (*p) {
		if ((q = skip_comment(p)) != p) {
			p = q;
			continue;
		}
		if (*p == '"' || *p == '\'') {
			p = skip_quoted(p);
			continue;
		}
		if (*p == '(' || *p == '[' || *p == '{')
			depth++;
		else if (*p == ')' || *p == ']' || *p == '}') {
			if (depth == 0)
				return p;
			depth--;
		} else if (*p == ',' && depth == 0)
			return p;
		p++;
	}
	return p;
}

/* The string literals of [p, end): adjacent ones joined (C's rule), each
 * run one text in out (at most max); how many. */
static size_t
literals(const char *p, const char *end, char **out, size_t max)
{
	struct mq_buf b = MQ_BUF_INIT;
	size_t n = 0;
	int open = 0;
	const char *q;

	while (p < end) {
		if ((q = skip_comment(p)) != p) {
			p = q;
			continue;
		}
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			p++;
			continue;
		}
		if (*p == '"') {
			for (p++; p < end && *p != '"'; p++) {
				if (*p == '\\') {
					p++;
					mq_buf_putc(&b, *p == 'n' ? '\n' : *p == 't' ?
					    '\t' : *p);
				} else
					mq_buf_putc(&b, *p);
			}
			p++;
			open = 1;
			continue;
		}
		if (open && n < max) {
			mq_buf_puts(&b, "");
			out[n++] = mq_buf_steal(&b);
		}
		mq_buf_reset(&b);
		open = 0;
		p = *p == '\'' ? skip_quoted(p) : p + 1;
	}
	if (open && n < max) {
		mq_buf_puts(&b, "");
		out[n++] = mq_buf_steal(&b);
	}
	mq_buf_free(&b);
	return n;
}

static void
add_format(struct formats *f, char *text, const char *file)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		if (strcmp(f->text[i], text) == 0) {
			free(text);
			return;
		}
	assert_true(f->n < MAXFMT);
	f->text[f->n] = text;
	f->file[f->n] = strdup(file);
	f->n++;
}

/*
 * The refusal formats of one C file: the format argument (number fmtarg,
 * 0-based) of every call of fn whose argument need (if need >= 0) is
 * MQ_REFUSED; a format that is "%s" alone passes a text through, so the
 * texts of the next argument are taken instead.
 */
static void
scan_calls(struct formats *f, const char *src, const char *file,
    const char *fn, int fmtarg, int need)
{
	const char *p = src, *a[16], *e[16];
	char *lit[8], *next[8];
	size_t nlit, nnext, k, len = strlen(fn);
	int n;

	while ((p = strstr(p, fn)) != NULL) {
		const char *call = p;

		p += len;
		if (call > src && (call[-1] == '_' || (call[-1] >= 'a' &&
		    call[-1] <= 'z') || (call[-1] >= 'A' && call[-1] <= 'Z') ||
		    (call[-1] >= '0' && call[-1] <= '9')))
			continue;
		/* a[n + 1] is written for n up to 14: calls of up to 15
		 * arguments (mq_fail with 8 after its format is one) */
		for (n = 0, a[0] = p; n < 15; n++) {
			e[n] = arg_end(a[n]);
			if (*e[n] != ',') {
				n++;
				break;
			}
			a[n + 1] = e[n] + 1;
		}
		if (n <= fmtarg)
			continue;
		if (need >= 0) {
			const char *s = a[need], *t = e[need];

			while (*s == ' ' || *s == '\t' || *s == '\n')
				s++;
			if ((size_t)(t - s) < 10 || strncmp(s, "MQ_REFUSED", 10) != 0)
				continue;
		}
		nlit = literals(a[fmtarg], e[fmtarg], lit, 8);
		if (nlit == 1 && strcmp(lit[0], "%s") == 0 && n > fmtarg + 1) {
			nnext = literals(a[fmtarg + 1], e[fmtarg + 1], next, 8);
			for (k = 0; k < nnext; k++)
				add_format(f, next[k], file);
		}
		for (k = 0; k < nlit; k++) {
			if (strcmp(lit[k], "%s") == 0)
				free(lit[k]);	/* passed through, not a format */
			else
				add_format(f, lit[k], file);
		}
	}
}

static void
scan_file(struct formats *f, const char *rel)
{
	char *path = path_of(rel), *src = slurp(path);

	scan_calls(f, src, rel, "mq_fail(", 2, 1);
	scan_calls(f, src, rel, "deny(", 1, -1);
	/* ms_parse.c: its example is refused as "%s" */
	scan_calls(f, src, rel, "parse_spells(", 5, -1);
	free(src);
	free(path);
}

/*
 * The phrases of function fn of file rel, each a format: what its returns
 * and its snprintf calls give. A refusal puts them in a sentence of its own
 * as a %s ("It is not your turn: %s is to %s."), which the catalog marks a
 * "sentence", so each is translated as one.
 */
static void
scan_phrases(struct formats *f, const char *rel, const char *fn)
{
	struct mq_buf b = MQ_BUF_INIT;
	char *path = path_of(rel), *src = slurp(path), *body, *end = NULL,
	    *lit[8];
	const char *p, *q;
	size_t nlit, k, before = f->n;

	mq_buf_printf(&b, "\n%s(", fn);
	assert_false(b.oom);
	if ((p = strstr(src, mq_buf_str(&b))) == NULL || (p = strstr(p,
	    "\n{")) == NULL || (end = strstr(p, "\n}")) == NULL)
		fail_msg("%s: no function %s", rel, fn);
	*end = '\0';
	body = src + (p - src);
	scan_calls(f, body, rel, "snprintf(", 2, -1);
	for (p = body; (p = strstr(p, "return ")) != NULL; p = q) {
		p += 7;
		/* the returned expression, to its ';' */
		for (q = p; *q && *q != ';'; )
			q = *q == '"' ? skip_quoted(q) : q + 1;
		nlit = literals(p, q, lit, 8);
		for (k = 0; k < nlit; k++)
			add_format(f, lit[k], rel);
	}
	if (f->n == before)
		fail_msg("%s: %s has no phrases", rel, fn);
	mq_buf_free(&b);
	free(src);
	free(path);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether name is one of the names of skip (NULL-ended). */
static int
listed(const char *name, const char *const *skip)
{
	for (; *skip != NULL; skip++)
		if (strcmp(name, *skip) == 0)
			return 1;
	return 0;
}

/* Every C file of folder dir but those of skip; how many. */
static size_t
scan_folder(struct formats *f, const char *dir, const char *const *skip)
{
	char *path = path_of(dir), *names[64];
	struct mq_buf rel = MQ_BUF_INIT;
	struct dirent *de;
	size_t i, n = 0, len;
	DIR *d;

	if ((d = opendir(path)) == NULL)
		fail_msg("cannot read the folder %s", path);
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (len > 2 && strcmp(de->d_name + len - 2, ".c") == 0 && n < 64 &&
		    !listed(de->d_name, skip))
			names[n++] = strdup(de->d_name);
	}
	closedir(d);
	free(path);
	qsort(names, n, sizeof(names[0]), by_name);
	for (i = 0; i < n; i++) {
		mq_buf_reset(&rel);
		mq_buf_printf(&rel, "%s/%s", dir, names[i]);
		scan_file(f, mq_buf_str(&rel));
		free(names[i]);
	}
	mq_buf_free(&rel);
	return n;
}

/*
 * Every refusal a player or a sender can be mailed, from the sources.
 * Of The Masquerade's files, not those only the host meets: ms_data.c's
 * (a wrong card set, refused when the host's masqued loads it),
 * ms_state.c's (ms_setup refuses a player count at masqued new) and
 * ms_check.c's (the invariants of a bot game, masqued sim; its sentences
 * are built by a macro besides).
 */
static void
source_formats(struct formats *f)
{
	static const char *const files[] = { "engine/words.c",
	    "engine/jdata.c", "daemon/submit.c", "daemon/inbound.c",
	    "daemon/inbound_analyse.c", "daemon/inbound_late.c",
	    "daemon/inbound_set.c", "mail/mime_in.c" };
	static const char *const none[] = { NULL };
	static const char *const host_only[] = { "ms_data.c", "ms_state.c",
	    "ms_check.c", NULL };
	size_t i;

	memset(f, 0, sizeof(*f));
	/* rm_apply.c, rm_parse.c, ... */
	assert_true(scan_folder(f, "engine/redmasque", none) >= 8);
	/* ms_apply.c, ms_parse.c, ... */
	assert_true(scan_folder(f, "engine/masquerade", host_only) >= 2);
	scan_phrases(f, "engine/masquerade/ms_validate.c", "owes_help");
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		scan_file(f, files[i]);
}

static void
formats_free(struct formats *f)
{
	size_t i;

	for (i = 0; i < f->n; i++) {
		free(f->text[i]);
		free(f->file[i]);
	}
	f->n = 0;
}

static int
has_format(const struct formats *f, const char *text)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		if (strcmp(f->text[i], text) == 0)
			return 1;
	return 0;
}

static json_t *
catalog_json(const char *lang)
{
	struct mq_buf rel = MQ_BUF_INIT;
	json_error_t je;
	json_t *j;
	char *path;

	mq_buf_printf(&rel, "templates/%s/refusals.json", lang);
	path = path_of(mq_buf_str(&rel));
	j = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	if (j == NULL)
		fail_msg("%s: %s (line %d)", path, je.text, je.line);
	free(path);
	mq_buf_free(&rel);
	return j;
}

static void
the_extractor_reads_the_sources(void **state)
{
	struct formats f;

	source_formats(&f);
	if (f.n < 100)
		fail_msg("only %zu refusal formats found in the sources", f.n);
	/* joined literals; both arms of a ?:; deny's "%s" and its text */
	assert_true(has_format(&f, "You have played %s already (it is in your "
	    "discard pile); you can play: %s."));
	assert_true(has_format(&f, "%s names no time: send it without SLOT."));
	assert_true(has_format(&f, "%s takes at most %d time(s) after SLOT."));
	assert_true(has_format(&f, "The reply address of this message does not "
	    "verify (it may be an old or altered one); reply to your latest "
	    "mail from the game."));
	assert_true(has_format(&f, "This message came from %s, which is not the "
	    "address registered for its seat in game %s; send from your "
	    "registered address."));
	assert_true(has_format(&f, "invariant \"the dead never act\" broken: %s "
	    "is dead but holds a pick, a move or a place on the track."));
	assert_true(has_format(&f, "The message is larger than 10 MiB."));
	/* The Masquerade's: joined; a parse_spells example; owes_help's
	 * phrases, with and without a conversion */
	assert_true(has_format(&f, "%s costs %d Spell%s from your hand; you "
	    "named %d after PAY."));
	assert_true(has_format(&f, "KEEP needs the names of the Spells you "
	    "keep, e.g. KEEP waltz."));
	assert_true(has_format(&f, "choose a Dancer with DANCER"));
	assert_true(has_format(&f, "send %s dancer to a Stage with STAGE"));
	assert_true(has_format(&f, "DISCARD Spells down to %d"));
	/* but not the host's: the card set, setup, the invariants */
	assert_false(has_format(&f, "The game data is wrong at %s%s%s: %s."));
	assert_false(has_format(&f, "The Masquerade takes %d to %d players, "
	    "not %d."));
	assert_false(has_format(&f, "invariant \""));
	/* not an MQ_IO one, not the bare pass-through */
	assert_false(has_format(&f, "Out of memory."));
	assert_false(has_format(&f, "%s"));
	formats_free(&f);
}

static void
every_refusal_in_the_sources_is_in_each_catalog(void **state)
{
	static const char *const langs[] = { "ja", "zh" };
	struct formats f;
	const char *key;
	json_t *cat, *v;
	size_t i, l, missing = 0, stale = 0;

	source_formats(&f);
	for (l = 0; l < 2; l++) {
		cat = catalog_json(langs[l]);
		for (i = 0; i < f.n; i++)
			if (json_object_get(cat, f.text[i]) == NULL) {
				print_error("templates/%s/refusals.json lacks \"%s\" "
				    "(%s)\n", langs[l], f.text[i], f.file[i]);
				missing++;
			}
		json_object_foreach(cat, key, v)
			if (!has_format(&f, key)) {
				print_error("templates/%s/refusals.json has \"%s\", "
				    "which no source refuses with any more\n", langs[l],
				    key);
				stale++;
			}
		json_decref(cat);
	}
	formats_free(&f);
	if (missing || stale)
		fail_msg("%zu refusal(s) untranslated, %zu stale (above)", missing,
		    stale);
}

/*
 * A command example is held whole by no-break spaces, in every language:
 * a Japanese refusal's text part ended a line on "PLAN 12:20" and began
 * the next with "ccw。". English's catalog is its formats with those
 * spaces and no other change; each of its keys a source's format; every
 * source format with an example ("e.g. ") in it; and each translation of
 * a sentence it binds binds its example too.
 */
static void
command_examples_are_held_whole(void **state)
{
	static const char *const langs[] = { "ja", "zh" };
	struct mq_refusals *r = shipped();
	struct formats f;
	const char *key;
	json_t *en, *cat, *v;
	size_t i, l, bad = 0;

	(void)state;
	/* a hex escape takes every hex digit after it: "\xa0" "12" */
	says(r, "en", "A plan is six directions, one for each time from 12:00 "
	    "to 12:50, and this one has 2; to change some times only, name "
	    "them: PLAN 12:20 ccw.", "A plan is six directions, one for each "
	    "time from 12:00 to 12:50, and this one has 2; to change some times "
	    "only, name them: PLAN\xc2\xa0" "12:20\xc2\xa0" "ccw.");
	says(r, "ja", "A plan is six directions, one for each time from 12:00 "
	    "to 12:50, and this one has 2; to change some times only, name "
	    "them: PLAN 12:20 ccw.", "計画は 12:00〜12:50 の各時刻に1つずつ、"
	    "6つの方向ですが、この計画は2個です。一部の時刻だけ変えるなら、"
	    "時刻を書いてください：PLAN\xc2\xa0" "12:20\xc2\xa0" "ccw。");
	says(r, "zh", "PAY needs the names of the Spells you discard, e.g. "
	    "PLAY rhapsody PAY march waltz.", "PAY 后面需要写出你作为代价弃掉的"
	    "咒语的名字，例如 PLAY\xc2\xa0狂想曲\xc2\xa0PAY\xc2\xa0进行曲\xc2\xa0"
	    "圆舞曲。");
	says(r, "en", "threaten needs a TARGET anywhere in the abbey: add TARGET "
	    "and a player's name, e.g. PLAY threaten TARGET bob.", "threaten "
	    "needs a TARGET anywhere in the abbey: add TARGET and a player's "
	    "name, e.g. PLAY\xc2\xa0threaten\xc2\xa0TARGET\xc2\xa0" "bob.");
	/* a sentence with no example stays as it is */
	says(r, "en", "That line is empty.", "That line is empty.");
	mq_refusals_free(r);

	source_formats(&f);
	en = catalog_json("en");
	json_object_foreach(en, key, v) {
		/* an entry that names a game's words in English (a list of
		 * cards: "names") is an object; its text is the sentence */
		const char *text = json_string_value(json_is_object(v) ?
		    json_object_get(v, "text") : v);
		int example = text != NULL && strstr(text, "\xc2\xa0") != NULL;
		char *plain = strdup(text != NULL ? text : "");
		char *p, *q;

		assert_non_null(plain);
		for (p = q = plain; *p; p++, q++)	/* U+00A0 as a space */
			if ((unsigned char)p[0] == 0xc2 &&
			    (unsigned char)p[1] == 0xa0) {
				*q = ' ';
				p++;
			} else
				*q = *p;
		*q = '\0';
		if (strcmp(plain, key) != 0) {
			print_error("templates/en/refusals.json changes more than "
			    "spaces: \"%s\"\n", key);
			bad++;
		}
		if (!has_format(&f, key)) {
			print_error("templates/en/refusals.json has \"%s\", which "
			    "no source refuses with any more\n", key);
			bad++;
		}
		free(plain);
		for (l = 0; l < 2 && example; l++) {
			const json_t *t;

			cat = catalog_json(langs[l]);
			t = json_object_get(cat, key);
			if (json_is_object(t))
				t = json_object_get(t, "text");
			if (json_string_value(t) == NULL ||
			    strstr(json_string_value(t), "\xc2\xa0") == NULL) {
				print_error("templates/%s/refusals.json does not hold "
				    "the example of \"%s\" whole\n", langs[l], key);
				bad++;
			}
			json_decref(cat);
		}
	}
	for (i = 0; i < f.n; i++)
		if (strstr(f.text[i], "e.g. ") != NULL &&
		    json_object_get(en, f.text[i]) == NULL) {
			print_error("templates/en/refusals.json lacks \"%s\" (%s), "
			    "whose example must be held whole\n", f.text[i],
			    f.file[i]);
			bad++;
		}
	json_decref(en);
	formats_free(&f);
	if (bad)
		fail_msg("%zu example(s) not held whole (above)", bad);
}

/* The conversions of a format, as "s", "d", "zu" ..., by argument. */
static int
conversions(const char *fmt, char spec[][8], int *nargs, int *positional)
{
	const char *p = fmt;
	int n = 0, pos, byp = 0, plain = 0, idx, max = 0;
	size_t k;

	while ((p = strchr(p, '%')) != NULL) {
		p++;
		if (*p == '%') {
			p++;
			continue;
		}
		pos = 0;
		while (*p >= '0' && *p <= '9')
			pos = pos * 10 + (*p++ - '0');
		if (pos > 0) {
			if (*p++ != '$')
				return -1;
			byp = 1;
			idx = pos - 1;
		} else {
			plain = 1;
			idx = n;
		}
		if (idx >= 8)
			return -1;
		k = strspn(p, "hlzjt");
		if (k > 2 || p[k] == '\0' || strchr("sdiu", p[k]) == NULL)
			return -1;
		if (spec[idx][0] != '\0' && (strlen(spec[idx]) != k + 1 ||
		    strncmp(spec[idx], p, k + 1) != 0))
			return -1;	/* one argument, two conversions */
		memcpy(spec[idx], p, k + 1);
		spec[idx][k + 1] = '\0';
		p += k + 1;
		n++;
		if (idx + 1 > max)
			max = idx + 1;
	}
	if (byp && plain)
		return -1;
	*nargs = max;
	*positional = byp;
	return 0;
}

static void
every_translation_has_the_arguments_of_its_english(void **state)
{
	static const char *const langs[] = { "ja", "zh" };
	char es[8][8], ts[8][8];
	const char *key, *text;
	json_t *cat, *v;
	int ne, nt, pe, pt, i, bad = 0;
	size_t l;

	for (l = 0; l < 2; l++) {
		cat = catalog_json(langs[l]);
		json_object_foreach(cat, key, v) {
			text = json_is_string(v) ? json_string_value(v) :
			    json_string_value(json_object_get(v, "text"));
			memset(es, 0, sizeof(es));
			memset(ts, 0, sizeof(ts));
			if (text == NULL || conversions(key, es, &ne, &pe) != 0 ||
			    pe || conversions(text, ts, &nt, &pt) != 0 || nt != ne) {
				print_error("%s: \"%s\": the translation's arguments are "
				    "not the English ones\n", langs[l], key);
				bad++;
				continue;
			}
			for (i = 0; i < ne; i++)
				if (strcmp(es[i], ts[i]) != 0) {
					print_error("%s: \"%s\": argument %d is %%%s in the "
					    "translation, %%%s in the English\n", langs[l],
					    key, i + 1, ts[i], es[i]);
					bad++;
				}
		}
		json_decref(cat);
	}
	if (bad)
		fail_msg("%d translation(s) with the wrong arguments (above)", bad);
}

static void
the_module_loads_each_catalog_whole(void **state)
{
	struct mq_refusals *r = shipped();
	struct mq_err e = { 0, "" };
	json_t *cat;

	assert_int_equal(mq_refusals_count(r, "ja"), 0);	/* not yet */
	if (mq_refusals_load(r, "ja", &e) != 0 || mq_refusals_load(r, "zh", &e))
		fail_msg("%s", e.msg);
	cat = catalog_json("ja");
	assert_int_equal(mq_refusals_count(r, "ja"), json_object_size(cat));
	json_decref(cat);
	cat = catalog_json("zh");
	assert_int_equal(mq_refusals_count(r, "zh"), json_object_size(cat));
	json_decref(cat);
	mq_refusals_free(r);
}

/* ---- wrong catalogs, and the matcher's edges -------------------------- */

static char tmpdir[] = "/tmp/test_refusal_i18n.XXXXXX";

/* A templates folder holding one catalog, for xx. */
static struct mq_refusals *
with_catalog(const char *json)
{
	char path[200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/xx", tmpdir);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/xx/refusals.json", tmpdir);
	assert_non_null(f = fopen(path, "w"));
	fputs(json, f);
	fclose(f);
	return mq_refusals_new(tmpdir);
}

static int
make_tmp(void **state)
{
	return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static int
remove_tmp(void **state)
{
	char path[200];

	snprintf(path, sizeof(path), "%s/xx/refusals.json", tmpdir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/xx", tmpdir);
	rmdir(path);
	return rmdir(tmpdir);
}

/* json must be refused, saying why (why in the error), and then English. */
static void
refused(const char *json, const char *why)
{
	struct mq_refusals *r = with_catalog(json);
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err e = { 0, "" };

	assert_int_equal(mq_refusals_translate(r, "xx", "That line is empty.",
	    &b, &e), MQ_BADDATA);
	if (strstr(e.msg, "xx/refusals.json") == NULL || strstr(e.msg, why) ==
	    NULL)
		fail_msg("the error \"%s\" does not name the file and \"%s\"",
		    e.msg, why);
	assert_string_equal(mq_buf_str(&b), "That line is empty.");
	/* said once; later, English without an error (though read again) */
	mq_buf_reset(&b);
	assert_int_equal(mq_refusals_translate(r, "xx", "That line is empty.",
	    &b, &e), 0);
	assert_string_equal(mq_buf_str(&b), "That line is empty.");
	assert_int_equal(mq_refusals_count(r, "xx"), 0);
	mq_buf_free(&b);
	mq_refusals_free(r);
}

static void
wrong_catalogs_are_refused_whole(void **state)
{
	refused("{\"That line is empty.\": \"空。\",", "cannot be read as JSON");
	refused("[\"That line is empty.\"]", "must be an object");
	refused("{\"That line is empty.\": \"空。\", \"That line is empty.\": "
	    "\"空\"}", "duplicate");
	refused("{\"That line is empty.\": \"空。\", \"Seat %d.\": \"席 %s。\"}",
	    "is %s; the English one is %d");
	refused("{\"Seat %d.\": \"席。\"}", "leaves out argument 1");
	refused("{\"Seat %zu.\": \"席 %d。\"}", "the English one is %zu");
	refused("{\"Seat %d.\": \"席 %2$d。\"}", "uses argument 2");
	refused("{\"%s and %s.\": \"%1$s と %s。\"}", "numbers some");
	refused("{\"%s\": \"%s\"}", "no text of its own");
	refused("{\"Seat %1$d.\": \"席 %1$d。\"}", "numbers its arguments");
	refused("{\"Seat %5d.\": \"席 %5d。\"}", "width");
	refused("{\"Ratio %f.\": \"比 %f。\"}", "cannot be matched");
	refused("{\"Seat %d.\": 7}", "must be a text");
	refused("{\"Seat %d.\": {\"text\": \"席 %d。\", \"why\": 1}}",
	    "\"why\" is not");
	refused("{\"Seat %d.\": {\"text\": \"席 %d。\", \"args\": {\"1\": "
	    "{\"one\": \"一\"}}}}", "a number (%d)");
	refused("{\"At %s.\": {\"text\": \"%s に。\", \"args\": {\"2\": "
	    "{}}}}", "1 to 1");
	refused("{\"At %s.\": {\"text\": \"%s に。\", \"args\": {\"+1\": "
	    "{}}}}", "1 to 1");
	refused("{\"At %s.\": {\"text\": \"%s に。\", \"args\": {\"1\": "
	    "{\"x\": 1}}}}", "must be a text");
	/* names: the word, a list of "names" and a map, a separator */
	refused("{\"At %s.\": {\"text\": \"%s に。\", \"args\": {\"1\": "
	    "\"name\"}}}", "or be \"sentence\", \"names\" or \"list\"");
	refused("{\"At %s.\": {\"text\": \"%s に。\", \"args\": {\"1\": "
	    "[\"sentence\", {}]}}}", "[\"names\", a map of English words]");
	refused("{\"At %s.\": {\"text\": \"%s に。\", \"args\": {\"1\": "
	    "[\"names\", {}, {}]}}}", "[\"names\", a map of English words]");
	refused("{\"At %s.\": {\"text\": \"%s に。\", \"args\": {\"1\": "
	    "[\"names\", {\"none\": 0}]}}}", "must be a text");
	refused("{\"Seat %d.\": {\"text\": \"席 %d。\", \"args\": {\"1\": "
	    "\"names\"}}}", "a number (%d)");
	refused("{\"At %s.\": {\"text\": \"%s に。\", \"args\": {\"1\": "
	    "\"names\"}, \"separator\": 1}}", "\"separator\" must be a text");
	refused("{\"At %s.\": {\"text\": \"%s に。\", \"separator\": \"、\"}}",
	    "no argument is \"names\" or \"list\"");
}

static void
the_most_specific_format_wins(void **state)
{
	struct mq_refusals *r = with_catalog("{"
	    "\"Wrong at %s: it must be an object.\": \"A %s\","
	    "\"Wrong at options: it must be an object.\": \"B\","
	    "\"%s is wrong.\": \"C %s\","
	    "\"Broken at 12:%d0: no room %d.\": \"D %2$d %1$d\","
	    "\"Up 100%% at %d%%.\": \"E %d%%\","
	    "\"%s, %s and %s.\": \"F %3$s|%2$s|%1$s\"}");

	says(r, "xx", "Wrong at options: it must be an object.", "B");
	says(r, "xx", "Wrong at rooms: it must be an object.", "A rooms");
	says(r, "xx", "Wrong at options.x: it must be an object.", "A options.x");
	says(r, "xx", "It is wrong.", "C It");
	says(r, "xx", " is wrong.", "C ");
	/* the %d before a literal 0 gives that 0 back */
	says(r, "xx", "Broken at 12:30: no room 10.", "D 10 3");
	says(r, "xx", "Broken at 12:00: no room -1.", "D -1 0");
	says(r, "xx", "Broken at 12:-30: no room 1.", "D 1 -3");
	says(r, "xx", "Up 100% at 42%.", "E 42%");
	says(r, "xx", "Up 100 at 42.", "Up 100 at 42.");
	/* the shortest first argument that lets the rest match */
	says(r, "xx", "a, b, c and d.", "F d|b, c|a");
	mq_refusals_free(r);
}

/* How a "names" argument is cut into items, and joined again. */
static void
names_and_their_lists(void **state)
{
	struct mq_refusals *r = with_catalog("{"
	    "\"Pick %s.\": {\"text\": \"選ぶ：%s。\", \"args\": {\"1\": \"names\"}},"
	    "\"Take %s.\": {\"text\": \"取る：%s。\", \"args\": {\"1\": \"names\"}, "
	    "\"separator\": \" / \"},"
	    "\"Keep %s or %s.\": {\"text\": \"%2$s か %1$s\", \"args\": {\"1\": [\"names\", "
	    "{\"none\": \"なし\"}]}},"
	    "\"No: %s\": {\"text\": \"だめ：%s\", \"args\": {\"1\": \"sentence\"}},"
	    "\"Seat %s.\": {\"text\": \"席：%s。\", \"args\": {\"1\": \"list\"}},"
	    "\"Sit %s.\": {\"text\": \"座る：%s。\", \"args\": {\"1\": \"list\"}, "
	    "\"separator\": \" / \"}}");
	struct dict d = { ja_words, 0 };
	struct mq_refusal_names nm = { dict_name, &d };
	struct mq_buf b = MQ_BUF_INIT;
	struct mq_err e = { 0, "" };

	names_say(r, "xx", ja_words, "Pick jest.", "選ぶ：冗談。");
	names_say(r, "xx", ja_words, "Pick jest, mock, dance.", "選ぶ：冗談、嘲笑、ダンス。");
	/* an English list's "and" and "or", with and without its comma */
	names_say(r, "xx", ja_words, "Pick jest, mock and dance.",
	    "選ぶ：冗談、嘲笑、ダンス。");
	names_say(r, "xx", ja_words, "Pick jest, mock, or dance.",
	    "選ぶ：冗談、嘲笑、ダンス。");
	names_say(r, "xx", ja_words, "Pick jest or mock.", "選ぶ：冗談、嘲笑。");
	/* "and" between words the names do not both know stays */
	names_say(r, "xx", ja_words, "Pick salt and jest.", "選ぶ：salt and jest。");
	names_say(r, "xx", ja_words, "Pick salt and pepper, jest.",
	    "選ぶ：salt and pepper、冗談。");
	/* nothing known: the argument as it was, its commas too */
	names_say(r, "xx", ja_words, "Pick salt, pepper.", "選ぶ：salt, pepper。");
	names_say(r, "xx", ja_words, "Pick .", "選ぶ：。");
	names_say(r, "xx", ja_words, "Pick , jest.", "選ぶ：、冗談。");
	/* the value's own separator */
	names_say(r, "xx", ja_words, "Take jest, mock.", "取る：冗談 / 嘲笑。");
	/* a word of the catalog's, else names; the other argument as it is */
	names_say(r, "xx", ja_words, "Keep none or jest.", "jest か なし");
	names_say(r, "xx", ja_words, "Keep jest or jest.", "jest か 冗談");
	/* a reason inside a reason: its names too */
	names_say(r, "xx", ja_words, "No: Pick blue.", "だめ：選ぶ：青の間。");
	/* a list of words no game names (the players): joined all the same,
	 * with or without names, each word as it is */
	names_say(r, "xx", ja_words, "Seat alice, bob, carol.",
	    "席：alice、bob、carol。");
	says(r, "xx", "Seat alice, bob, carol.", "席：alice、bob、carol。");
	says(r, "xx", "Seat alice, bob and carol.", "席：alice、bob、carol。");
	says(r, "xx", "Seat alice, bob, or carol.", "席：alice、bob、carol。");
	says(r, "xx", "Seat alice or bob.", "席：alice、bob。");
	says(r, "xx", "Seat alice.", "席：alice。");
	says(r, "xx", "Seat jest.", "席：jest。");
	says(r, "xx", "Sit alice, bob.", "座る：alice / bob。");
	/* no names given, or none asked: the argument as it is */
	says(r, "xx", "Pick jest, mock.", "選ぶ：jest, mock。");
	mq_refusals_translate_names(r, "xx", "No: nothing.", &nm, &b, &e);
	assert_string_equal(mq_buf_str(&b), "だめ：nothing.");
	assert_int_equal(d.asked, 0);
	mq_buf_free(&b);
	mq_refusals_free(r);
}

/* mq_refusals_check on its own: the kinds of "args", and what is wrong. */
static void
the_check_knows_the_kinds_of_args(void **state)
{
	struct mq_err e = { 0, "" };

	assert_int_equal(mq_refusals_check("You hold no %s.", "「%s」を持って"
	    "いません。", NULL, &e), 0);
	assert_int_equal(mq_refusals_check("You hold no %s.", "「%s」を持って"
	    "いません。", "{\"1\": \"names\"}", &e), 0);
	assert_int_equal(mq_refusals_check("Play: %s, not %s.", "%s、%s",
	    "{\"1\": [\"names\", {\"none\": \"なし\"}], \"2\": \"sentence\"}", &e), 0);
	assert_int_equal(mq_refusals_check("Seat %d.", "席 %s。", NULL, &e),
	    MQ_BADDATA);
	assert_non_null(strstr(e.msg, "the English one is %d"));
	assert_int_equal(mq_refusals_check("Seat %d of %s.", "席 %d %s。",
	    "{\"1\": \"names\"}", &e), MQ_BADDATA);
	assert_non_null(strstr(e.msg, "a number (%d)"));
	assert_int_equal(mq_refusals_check("At %s.", "%s に。",
	    "{\"1\": \"name\"}", &e), MQ_BADDATA);
	assert_non_null(strstr(e.msg, "or \"list\""));
	assert_int_equal(mq_refusals_check("At %s.", "%s に。",
	    "{\"1\": \"list\"}", &e), 0);
	assert_int_equal(mq_refusals_check("At %s.", "%s に。",
	    "{\"1\": [\"names\"]}", &e), MQ_BADDATA);
	assert_non_null(strstr(e.msg, "[\"names\", a map"));
	assert_int_equal(mq_refusals_check("At %s.", "%s に。",
	    "{\"1\": [\"names\", {\"x\": 1}]}", &e), MQ_BADDATA);
	assert_non_null(strstr(e.msg, "must be a text"));
	assert_int_equal(mq_refusals_check("At %s.", "%s に。",
	    "{\"1\": [\"names\",", &e), MQ_BADDATA);
	assert_non_null(strstr(e.msg, "cannot be read as JSON"));
}

/* ---- a jansson allocation failing in turn ----------------------------- */

static long fail_at, allocs;

static void *
failing_malloc(size_t n)
{
	return ++allocs == fail_at ? NULL : malloc(n);
}

/*
 * Each of the catalog's jansson allocations fails in turn (ASan owns
 * malloc, so only jansson's can be made to fail here): the sentence comes
 * out translated; or English with MQ_IO; or English with MQ_BADDATA, as a
 * catalog that is wrong, where jansson's lexer reports its failure as a
 * syntax error ("invalid token"), or drops a byte of a string unsaid, which
 * the checks of each entry then catch (a translation missing an argument).
 * After a failure the next call reads the catalog again, whole. Never
 * anything else; LSan sees no leak.
 */
static void
a_failed_allocation_fails_cleanly(void **state)
{
	const char *s = "jest is not in your discard pile, so encore cannot "
	    "return it; your discards: none.";
	struct mq_buf ref = MQ_BUF_INIT, b = MQ_BUF_INIT;
	struct mq_refusals *r;
	struct mq_err e;
	long n, total, io = 0, bad = 0;
	int rc;

	r = shipped();
	assert_int_equal(mq_refusals_translate(r, "ja", s, &ref, &e), 0);
	mq_refusals_free(r);
	json_set_alloc_funcs(failing_malloc, free);
	fail_at = 0;
	allocs = 0;
	r = shipped();
	mq_refusals_translate(r, "ja", s, &b, &e);
	mq_refusals_free(r);
	total = allocs;
	assert_true(total > 100);
	for (n = 1; n <= total; n++) {
		fail_at = n;
		allocs = 0;
		r = shipped();
		mq_buf_reset(&b);
		rc = mq_refusals_translate(r, "ja", s, &b, &e);
		if (rc == 0)
			assert_string_equal(mq_buf_str(&b), mq_buf_str(&ref));
		else if (rc == MQ_IO || rc == MQ_BADDATA) {
			if (rc == MQ_IO)
				io++;
			else
				bad++;
			assert_string_equal(mq_buf_str(&b), s);
			fail_at = 0;
			mq_buf_reset(&b);
			assert_int_equal(mq_refusals_translate(r, "ja", s, &b, &e),
			    0);
			assert_string_equal(mq_buf_str(&b), mq_buf_str(&ref));
		} else
			fail_msg("allocation %ld of %ld: %d: %s", n, total, rc, e.msg);
		mq_refusals_free(r);
	}
	json_set_alloc_funcs(malloc, free);
	mq_buf_free(&ref);
	mq_buf_free(&b);
	print_message("%ld jansson allocations failed in turn: %ld out of "
	    "memory, %ld a wrong catalog\n", total, io, bad);
	assert_true(io > 0);
}

/*
 * Arguments side by side ("%s%s%s."): a sentence that begins as that entry
 * and does not end as it did try every split of every argument, a time of
 * its length cubed (a kilobyte took 25 s, these 4,000 bytes would take half
 * an hour); each state is now tried once. It is left as it is; the same
 * ending in "." is translated, its arguments split the shortest way first.
 */
static void
arguments_side_by_side_match_in_time(void **state)
{
	struct mq_refusals *r = shipped();
	struct mq_buf in = MQ_BUF_INIT, want = MQ_BUF_INIT;
	int i;

	(void)state;
	mq_buf_printf(&in, "The game data is wrong at a.b: this engine plays it "
	    "one way only, ");
	for (i = 0; i < 4000; i++)
		mq_buf_add(&in, "x", 1);
	assert_false(in.oom);
	says(r, "ja", mq_buf_str(&in), mq_buf_str(&in));
	mq_buf_add(&in, ".", 1);
	mq_buf_printf(&want, "ゲームデータの a.b が誤っています：このエンジンは ");
	for (i = 0; i < 4000; i++)
		mq_buf_add(&want, "x", 1);
	mq_buf_printf(&want, " の一通りでしか遊べません。");
	assert_false(want.oom);
	says(r, "ja", mq_buf_str(&in), mq_buf_str(&want));
	mq_buf_free(&in);
	mq_buf_free(&want);
	mq_refusals_free(r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(japanese_sentences_with_their_arguments),
		cmocka_unit_test(chinese_sentences_with_their_arguments),
		cmocka_unit_test(reordered_arguments),
		cmocka_unit_test(english_words_in_arguments_and_reasons_in_reasons),
		cmocka_unit_test(masquerade_sentences),
		cmocka_unit_test(game_words_in_the_readers_language),
		cmocka_unit_test(what_stays_english),
		cmocka_unit_test(the_extractor_reads_the_sources),
		cmocka_unit_test(every_refusal_in_the_sources_is_in_each_catalog),
		cmocka_unit_test(every_translation_has_the_arguments_of_its_english),
		cmocka_unit_test(command_examples_are_held_whole),
		cmocka_unit_test(the_module_loads_each_catalog_whole),
		cmocka_unit_test(wrong_catalogs_are_refused_whole),
		cmocka_unit_test(the_most_specific_format_wins),
		cmocka_unit_test(arguments_side_by_side_match_in_time),
		cmocka_unit_test(names_and_their_lists),
		cmocka_unit_test(the_check_knows_the_kinds_of_args),
		cmocka_unit_test(a_failed_allocation_fails_cleanly),
	};
	const char *env = getenv("MQ_ROOT");

	if (env != NULL && *env)
		root = env;
	return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
