#!/bin/sh
# test_admin_lang.sh - the host's admin notice reaches each player in their
# language (templates/LANG/_admin_notice.mustache over the action, see
# mq_notify_admin): alice writes SET LANG ja and bob SET LANG: zh (a
# colon, as people write) through the Maildir inbox and `serve --once`;
# then the host pauses, resumes, extends by 24 h, kicks dave and replaces
# him (then with --lang zh: the new player's welcome and later mail in
# Chinese, the entry replayed and verified), rotates alice's token, and each
# admin mail (text and HTML parts) says what and why in Japanese to alice
# and in Chinese to bob, and not in English; carol, in English, reads the
# English sentence as it was.
# The host's why is shown as written, <&> and all; a long one is wrapped
# in the English text part as before; and notices lost to a crash are
# rebuilt from the log the same, in every language. The ASan binary runs
# every check.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new

expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "serve --once sends the welcome mails" -- $M -C $D serve --once
# a welcome at the game's start joins no game under way
! grep -l "already under way" $D/mail/outbox/new/* >/dev/null ||
    fail "a first welcome says the game is under way"; ok

. tests/cli/lib_mail.sh
# admin WHAT...: the host's action (the rest of the command line), then
# serve --once; the admin mails it made are in $T/{ja,zh,en}.*
admin() {
	ls $O >$T/before
	expect 0 "admin $*" -- $M -C $D admin $G "$@"
	expect 0 "serve --once after admin $1" -- $M -C $D serve --once
	answer admin alice@x.test ja
	answer admin bob@x.test zh
	answer admin carol@x.test en
}
# notice JA ZH EN: each reader's mail says it in their language; the
# Japanese and Chinese ones say nothing of the English sentence
notice() {
	says ja "$1"
	says zh "$2"
	says en "$3"
	says_not ja "The host "
	says_not zh "The host "
	says ja "ホストからのお知らせ"		# the rest of the mail: the ja template
	says zh "主持人通知"			# and the zh one
}

# --- alice reads Japanese, bob Chinese, carol (and dave) English ---
send alice@x.test "$(reply_to alice)" a1 'SET LANG ja'
send bob@x.test "$(reply_to bob)" b1 'SET LANG: zh'
expect 0 "serve --once with SET LANG ja and zh" -- $M -C $D serve --once

admin pause --why "holiday <&> \"home\""
notice 'ホストがゲームを一時停止しました。再開されるまで手は受け付けられず、期限も進みません。理由：holiday <&> "home"' \
    '主持人暂停了游戏：恢复之前不接受任何行动，截止时间也不计时。理由：holiday <&> "home"' \
    'The host paused the game: no move is taken and no deadline runs until it resumes. Why: holiday <&> "home"'
# the why as the host wrote it: escaped in the HTML source, bare in the text
grep -qF 'holiday &lt;&amp;&gt; &quot;home&quot;' $T/en.source.html ||
    fail "the HTML part does not escape the why"; ok

admin resume --why "back"
notice "ホストがゲームを再開しました。理由：back" "主持人恢复了游戏。理由：back" \
    "The host resumed the game. Why: back"

admin extend 24h --why "a late start"
# every reader is told whose move is now due and when, in their own clock,
# not only alice, who owes it (carol read "24 hours later" and no date)
notice "ホストが期限を24時間延長しました。あなたの手の期限は 2026-09-25 23:13 JST になりました。理由：a late start" \
    "主持人将截止时间延后了 24 小时。alice 的行动现在截止于 2026-09-25 22:13 UTC+8。理由：a late start" \
    "The host moved the deadlines 24 hours later. alice's move is now due 2026-09-25 14:13 UTC. Why: a late start"
says_not ja "deadlines 24"
says_not zh "deadlines 24"
# alice, who owes the move, reads her new deadline in that sentence, once:
# not again as "the current deadline" under it
says_not ja "現在の期限は"
admin extend 1h --why "traffic"
notice "ホストが期限を1時間延長しました。あなたの手の期限は 2026-09-26 00:13 JST になりました。理由：traffic" \
    "主持人将截止时间延后了 1 小时。alice 的行动现在截止于 2026-09-25 23:13 UTC+8。理由：traffic" \
    "The host moved the deadlines 1 hour later. alice's move is now due 2026-09-25 15:13 UTC. Why: traffic"
admin extend 90m --why "a bit"
notice "ホストが期限を1時間30分延長しました。あなたの手の期限は 2026-09-26 01:43 JST になりました。理由：a bit" \
    "主持人将截止时间延后了 1 小时 30 分钟。alice 的行动现在截止于 2026-09-26 00:43 UTC+8。理由：a bit" \
    "The host moved the deadlines 1 hour 30 minutes later. alice's move is now due 2026-09-25 16:43 UTC. Why: a bit"
admin extend 45m --why "less"
says en "The host moved the deadlines 45 minutes later. alice's move is now due 2026-09-25 17:28 UTC."
# less than a minute is no extension: refused, nothing logged
n=$($MREL -C $D log $G | wc -l)
expect 2 "extend 30s" -- $M -C $D admin $G extend 30s --why "a blink"
err_has "extend takes a duration from 1m to 366d"
[ "$($MREL -C $D log $G | wc -l)" = "$n" ] || fail "a refused extend was logged"; ok
# more than a year is refused too: one that overflowed the seconds, and one
# whose deadline would (it used to be logged, and every replay after it
# overflowed), both before anything is logged
# 120 alone, meant as hours, was an extend of two minutes
for x in 367d 9999999999999999h 2562047788015215h 120; do
	expect 2 "extend $x" -- $M -C $D admin $G extend $x --why "forever"
	err_has "extend takes a duration from 1m to 366d"; one_line
done
[ "$($MREL -C $D log $G | wc -l)" = "$n" ] || fail "a refused extend was logged"; ok

admin kick dave --why "他走了 / 不在"
notice "ホストが dave さんをゲームから外しました。今後その席は、手番が来るたびにすぐ既定の手で進みます。理由：他走了 / 不在" \
    "主持人将 dave 移出了游戏：此后每当轮到该座位，都立即由默认行动代为进行。理由：他走了 / 不在" \
    "The host took dave out of the game: from now on the default moves play that seat, each as soon as it is owed. Why: 他走了 / 不在"

# the kicked player is not asked to reply: no marker, no HELP
answer admin dave@x.test kicked
says kicked "You no longer play in this game"
says kicked "The host took you out of the game: from now on the default moves play your seat, each as soon as it is owed."
says_not kicked "reply above this line"
says_not kicked "for the commands"
says en "=== masqued · reply above this line ==="
# what the kicked player sends is refused, and the refusal asks no reply
ls $O >$T/before
send dave@x.test "$(reply_to dave)" dk1 'PLAN cw cw cw cw cw cw'
expect 0 "serve --once with the kicked player's reply" -- $M -C $D serve --once
answer refused dave@x.test kickrefused
says kickrefused "The host removed you from game $G"
says_not kickrefused "reply above this line"

admin replace dave newbie@x.test --why "a friend takes over"
# nor is the address the seat left
answer admin dave@x.test replaced
says replaced "The game's mail no longer comes here, and nothing sent from here is applied."
says_not replaced "its seat has another address"
says_not replaced "reply above this line"
says_not replaced "for the commands"
# dave was kicked: a new player takes the seat, not a new address of his
notice "ホストが dave さんの席を新しいプレイヤーに任せました。これからはその人が dave の名でこの席を打ちます。理由：a friend takes over" \
    "主持人把 dave 的座位交给了一位新玩家，此后由其以 dave 的名字替这个座位行动。理由：a friend takes over" \
    "The host gave the seat dave had to a new player, who plays it from now on under the name dave. Why: a friend takes over"
says_not ja "newbie@x.test"		# the new address is not shown to the others
# the new player's welcome says the game is under way, whose seat is
# theirs, and the host's reason (it read as a game's start: "Welcome to
# The Masque", found by a host following the README)
answer welcome newbie@x.test nbw
says nbw "You join a game already under way"
says nbw ", whose moves are now yours."
grep -q "the seat dave, whose" $T/nbw.txt || fail "the welcome does not name the seat"; ok
says nbw "a friend takes over"

# new reply addresses concern alice alone: she (who reads Japanese) is
# told, as "you"; the others are not mailed (they were told that the host
# renewed alice's, and why, with nothing for them to do)
ls $O >$T/before
expect 0 "admin rotate-token alice" -- $M -C $D admin $G rotate-token alice --why "leaked"
expect 0 "serve --once after admin rotate-token" -- $M -C $D serve --once
answer admin alice@x.test ja
says ja "ホストがあなたの返信先アドレスを新しくしました（以前のアドレスは使えなくなります）。理由：leaked"
says_not ja "The host "
says ja "ホストからのお知らせ"
others=$(cd $O && ls | comm -13 $T/before - | xargs -r grep -L "^To: alice@x.test")
[ -z "$others" ] || fail "others were mailed alice's rotate-token: $others"; ok

# replace --lang: the new player's language (the seat's stays without it),
# logged in the entry, so that every later open of the game reads it again
n=$($MREL -C $D log $G | wc -l)
expect 1 "replace --lang fr" -- $M -C $D admin $G replace dave newer@x.test --lang fr --why "x"
err_has 'The language must be en, ja or zh, not "fr".'; one_line
expect 2 "--lang with kick" -- $M -C $D admin $G kick dave --lang zh --why "x"
err_has "--lang goes with admin replace alone"; one_line
expect 2 "--lang without its value" -- $M -C $D admin $G replace dave newer@x.test --why "x" --lang
err_has "--lang needs en, ja or zh"; one_line
[ "$($MREL -C $D log $G | wc -l)" = "$n" ] || fail "a refused replace --lang was logged"; ok
admin replace dave newer@x.test --lang zh --why "newbie hands over"
$MREL -C $D log $G | tail -n 1 | grep -q "replace dave newer@x.test zh: newbie hands over" || { $MREL -C $D log $G | tail -n 1; fail "the log does not say the new player's language"; }; ok
answer welcome newer@x.test newer
says newer "欢迎来到邮件版"
# a seat not kicked: read as its player's new address (kick first to
# hand it to someone else): no stranger's welcome
says newer "你的座位"
says newer "转到了这个地址"
says_not newer "你将加入一局正在进行的游戏"
grep -q "主持人把你的座位“dave”转到了这个地址" $T/newer.txt || fail "the welcome does not name the seat"; ok
says newer "newbie hands over"
says_not newer "Welcome to The Masque"
answer admin newbie@x.test newbie	# the old address: told in its own language
says newbie "The host gave your seat a new email address."	# the old address was dave: "your"
# newbie replies to its welcome, whose reply address the replace ended: told
# so in its own language too, not in the language the new player brought
ls $O >$T/before
send newbie@x.test "$(reply_to newbie)" nb1 'PLAN cw cw cw cw cw cw'
expect 0 "serve --once with the old address's reply" -- $M -C $D serve --once
answer refused newbie@x.test nbrefused
says nbrefused "The host replaced this address in game $G"
says_not nbrefused "主持人"
says_not nbrefused "reply above this line"	# it cannot play: no marker
ls $O >$T/before
expect 0 "STATUS for dave, by submit" -- $M -C $D submit $G dave STATUS
expect 0 "serve --once" -- $M -C $D serve --once
answer receipt newer@x.test status
says status "已接受"
expect 0 "the game verifies with replace --lang" -- $M -C $D verify $G
expect 0 "and replays" -- $M -C $D replay $G
out_has "replace dave newer@x.test zh: newbie hands over"

# a long why is wrapped in the English text part (76 columns), as before
admin pause --why "the venue closes for a week of repairs and nobody can reach the server before the first of the month"
$PY - $(cat $T/en.file) <<'EOF' || fail "the English notice is not wrapped at 76 columns"
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], 'rb'))
t = [p for p in m.walk() if p.get_content_type() == 'text/plain'][0]
text = t.get_payload(decode=True).decode('utf-8').split('\n')
i = text.index('The host paused the game: no move is taken and no deadline runs until it')
assert text[i + 1] == 'resumes. Why: the venue closes for a week of repairs and nobody can reach', text[i + 1]
assert text[i + 2] == 'the server before the first of the month', text[i + 2]
EOF
ok

# --- lost between the log and the spool (a crash): rebuilt the same ---
# The kill is staged as in test_catchup.sh: the mails taken back out of the
# outbox, the mark of mailed entries and the clock file put back; the next
# serve rebuilds the notices from the entry, in each reader's language,
# byte for byte.
ls $O | sort >$T/before
cp $D/games/$G/mailed $T/mailed
cp $D/games/$G/clock $T/clock
expect 0 "extend 2h" -- $M -C $D admin $G extend 2h --why "a second late start"
expect 0 "serve --once sends the notices" -- $M -C $D serve --once
ls $O | sort | comm -13 $T/before - >$T/new
(cd $O && for f in $(cat $T/new); do md5sum <$f; done) | sort >$T/sent
[ "$(wc -l <$T/sent)" = 4 ] || fail "wanted four admin notices"; ok
(cd $O && rm $(cat $T/new))
cp $T/mailed $D/games/$G/mailed
cp $T/clock $D/games/$G/clock
expect 0 "serve after the staged kill" -- $M -C $D serve --once
err_has "were logged but not mailed"
answer admin alice@x.test ja
says ja "ホストが期限を2時間延長しました。理由：a second late start"
ls $O | sort | comm -13 $T/before - >$T/new
(cd $O && for f in $(cat $T/new); do md5sum <$f; done) | sort >$T/again
cmp -s $T/sent $T/again || fail "the rebuilt notices differ from the lost ones"; ok

expect 0 "the game verifies" -- $M -C $D verify $G
[ -z "$(ls $D/spool)" ] || fail "mail left in the spool"; ok
# --- SET LANG with a full-width colon or letters, as a Japanese or Chinese
# input method writes it: read as the games read their keywords ---
expect 0 "submit SET LANG with a full-width colon" -- \
    $M -C $D submit --no-mail $G carol "SET LANG：ja"
tail -n 1 $D/games/$G/log | grep -q '"action":"lang".*"lang":"ja","player":"carol"' ||
    fail "SET LANG：ja was not logged: $(tail -n 1 $D/games/$G/log)"; ok
ls $O >$T/before
send carol@x.test "$(reply_to carol)" c9 'ｓｅｔ　ｌａｎｇ：ｚｈ\nSTATUS'
expect 0 "serve --once with a full-width SET LANG" -- $M -C $D serve --once
tail -n 1 $D/games/$G/log | grep -q '"action":"lang".*"lang":"zh","player":"carol"' ||
    fail "ｓｅｔ　ｌａｎｇ：ｚｈ was not logged: $(tail -n 1 $D/games/$G/log)"; ok
expect 1 "submit SET LANG：fr" -- $M -C $D submit --no-mail $G carol "SET LANG：fr"
err_has 'SET LANG takes en, ja or zh, not "fr".'
done_checks
