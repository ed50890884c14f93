#!/bin/sh
# test_refusal_lang.sh - a refusal's one sentence reaches the reader in
# their language (mail/refusal_i18n.h, templates/LANG/refusals.json): real
# replies through the Maildir inbox and `serve --once`, as players send them.
# alice writes SET LANG ja, bob SET LANG zh, each with a line the game
# refuses, and their receipts (text and HTML parts) say why in Japanese and
# Chinese, arguments in place, and not in English; the game's words in
# them (a room, a card, the list of cards; in The Masquerade too, its
# Dancers and Stages) by their names in the game data in that language,
# what the player typed as it was; carol, in English, reads the English
# sentence. With `lang = ja` in the config, a reply whose
# address does not verify gets its one sentence in Japanese, and so does
# one from the wrong From (the address kept as it is); but a player's own
# mail that does not authenticate is refused in the player's language, as
# is one from another address with the seat's sound tag, or one from the
# player's address that names no game (in the language it is written in,
# when the player plays in two). A refusal about a known game (paused, or
# a reply to an old reply address) names the game in its subject.
# SET LANG in any case, and one masqued lacks refused on its line; a long
# letter's lines past the 64th are said not to be read. The ASan
# binary runs every check.
. tests/cli/lib.sh
PY=/usr/bin/python3
subject() {	# mail file: its Subject, decoded
	$PY - "$1" <<'EOF'
import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], 'rb'))
print(str(email.header.make_header(email.header.decode_header(m['Subject']))))
EOF
}
subject_is() {	# NAME TEXT: the mail answer() kept as NAME has subject TEXT
	s=$(subject "$(cat $T/$1.file)")
	[ "$s" = "$2" ] || fail "$1's subject is '$s', not '$2'"; ok
}
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new

expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "serve --once sends the welcome mails" -- $M -C $D serve --once

. tests/cli/lib_mail.sh

# --- players: the receipt says why, in the player's language ---
ls $O >$T/before
send alice@x.test "$(reply_to alice)" a1 'SET LANG ja\nPLACE blue\nPLACE green\nMOEV wildly\nPLAY jest loudly\nMOVE cw\nPLAN CLEAR'
send bob@x.test "$(reply_to bob)" b1 'SET LANG zh\nMOVE sideways\nPLAY jest SLOT 13:00\nPLAY zorro'
send carol@x.test "$(reply_to carol)" c1 'PLAYY wildly'
expect 0 "serve --once with three replies" -- $M -C $D serve --once
# the daemon's log: bob's commands all refused, but his SET LANG taken
# (and counted, as his receipt lists it) and logged
err_has "bob: 1 command(s) accepted, 3 refused, 0 already received, 0 line(s) not commands; its SET LANG logged"
err_has "carol: 0 command(s) accepted, 1 refused, 0 already received, 0 line(s) not commands; nothing logged"

answer receipt alice@x.test alice
says alice "受け付けられなかった行"			# the ja template
says alice "「MOEV」はコマンドではありません。MOVE のことですか？コマンドは PLAY、MOVE、PLAN、PLACE、STATUS、HELP、SET LANG、SET NOTICES です。"
says alice "あなたの貴族はすでに青の間に配置されています。"
says alice "PLAY 冗談 の後の「loudly」はわかりません。"
# a line after a refused one, which its own parse takes, is not applied;
# a PLAN is (a mail's PLAN lines go first, and count on no other line)
says alice "適用されていません：上の行が受け付けられず"
says alice "真夜中の計画を消去（どの時刻も留まる）"
says_not alice "is not a command"
says_not alice "You have placed your noble already"

answer receipt bob@x.test bob
says bob "未接受"						# the zh template
says bob "「sideways」不是方向；MOVE 只能是 cw（顺时针）、ccw（逆时针）或 stay。"
says bob "「13:00」不是午夜之后的时间；SLOT 只能是 12:00、12:10、12:20、12:30、12:40 或 12:50。"
says bob "「zorro」不是牌；牌有：讨论、跳舞、笑话、欣赏、嘲笑、调情、诈骗、吓唬、恐吓、安可、美好回忆、盛大登场、偷听、扒手、长舌妇、丑闻、漫步、讨好亲王、预感。"
says_not bob "is not a direction"
says_not bob "is not a time after midnight"
says_not bob "is not a card"

answer receipt carol@x.test carol
says carol '"PLAYY" is not a command; did you mean PLAY? The commands are PLAY, MOVE, PLAN, PLACE, STATUS, HELP, SET LANG and SET NOTICES.'

# --- strangers: the one sentence in the config's language ---
echo "lang = ja" >>$D/masqued.conf
RT=$(reply_to alice)
last=$(echo "$RT" | sed 's/@.*//; s/.*\(.\)$/\1/')
[ "$last" = a ] && swap=b || swap=a
ls $O >$T/before
send alice@x.test "$(echo "$RT" | sed "s/.@/$swap@/")" s1 'PLACE green'
send mallory@evil.test "$RT" s2 'PLACE green'
expect 0 "serve --once with a forged tag and a wrong From" -- $M -C $D serve --once
answer refused alice@x.test forged
says forged "あなたのメールは受け付けられませんでした。"	# the ja template
says forged "このメールの返信先アドレスを検証できません（古いか、書き換えられている可能性があります）。ゲームから届いた最新のメールに返信してください。"
says_not forged "does not verify"
answer refused mallory@evil.test wrongfrom
says wrongfrom "このメールの送信元 mallory@evil.test は、ゲーム $G のその席に登録されたアドレスではありません。登録したアドレスから送ってください。"

# --- a player whose game is paused: the player's language, not the config's ---
sed -i '/^lang = ja$/d' $D/masqued.conf
expect 0 "pause" -- $M -C $D admin $G pause --why "holiday"
ls $O >$T/before
send bob@x.test "$(reply_to bob)" p1 'PLAN cw cw cw cw cw cw'
expect 0 "serve --once with a reply to a paused game" -- $M -C $D serve --once
answer refused bob@x.test paused
says paused "游戏 $G 已被主持人暂停"
says_not paused "is paused by the host"
# its subject names the game, as the game's other refusals do (it was
# "[masqued]", the game known)
subject_is paused "[红死神 $G] 你的邮件未被接受"

expect 0 "resume" -- $M -C $D admin $G resume --why "back"

# --- a player's mail that does not authenticate: the player's language ---
# (the config says en; bob reads Chinese, and the From is his)
RT=$(reply_to bob)
last=$(echo "$RT" | sed 's/@.*//; s/.*\(.\)$/\1/')
[ "$last" = a ] && swap=b || swap=a
ls $O >$T/before
send bob@x.test "$(echo "$RT" | sed "s/.@/$swap@/")" f1 'PLAN cw cw cw cw cw cw'
expect 0 "serve --once with bob's reply to an altered address" -- $M -C $D serve --once
answer refused bob@x.test bobforged
says bobforged "这封邮件的回复地址无法验证"
says_not bobforged "does not verify"

# --- a player writing from another address with the seat's sound tag, or
# a fresh mail with no game tag from a player's address: the player's
# language (they were in English, the config's); a stranger's: English ---
ls $O >$T/before
send bob.work@x.test "$(reply_to bob)" w1 'PLAN cw cw cw cw cw cw'
BARE=$(reply_to bob | sed 's/+[^@]*@/@/')
send bob@x.test "$BARE" w2 'PLAN cw cw cw cw cw cw'
send erin@elsewhere.test "$BARE" w3 'PLAN cw cw cw cw cw cw'
expect 0 "serve --once with bob at work, bob with no tag, and a stranger" -- \
    $M -C $D serve --once
answer refused bob.work@x.test bobwork
says bobwork "这封邮件来自 bob.work@x.test，不是游戏 $G 中该座位登记的地址；请用你登记的地址发送。"
says_not bobwork "registered for its seat"
answer refused bob@x.test bobnotag
says bobnotag "这封邮件不是对游戏邮件的回复：收件地址中没有游戏标记。请回复你所在游戏的邮件。"
says_not bobnotag "carries no game tag"
answer refused erin@elsewhere.test erinnotag
says erinnotag "This message is not a reply to a game's mail: its address carries no game tag. Reply to the mail of your game."

# --- a player in two games, in two languages: a mail with no game tag is
# refused in the language it is written in, whichever game changed last
# (it was the game another's move changed last: bob's Chinese mail got
# English after a move in his English game) ---
G2=$($M -C $D new redmasque --player bob=bob@x.test --player frank=frank@x.test \
    --player gina=gina@x.test --player hal=hal@x.test --seed 0808080808080808080808080808080808080808080808080808080808080808) ||
    fail "new (bob's English game)"
expect 0 "serve --once sends the second game's welcome mails" -- $M -C $D serve --once
touch -d "2030-01-01" $D/games/$G2/log	# it changed last, and surely so
ls $O >$T/before
send bob@x.test "$BARE" z1 '我的游戏现在怎么样了？'
expect 0 "serve --once with bob's Chinese mail with no tag" -- $M -C $D serve --once
answer refused bob@x.test bobzh
says bobzh "这封邮件不是对游戏邮件的回复"
says_not bobzh "carries no game tag"
ls $O >$T/before
send bob@x.test "$BARE" z2 '> 游戏\nWhere is my game?'
expect 0 "serve --once with bob's English mail with no tag" -- $M -C $D serve --once
answer refused bob@x.test boben
says boben "carries no game tag"
ls $O >$T/before
# what it quotes without ">" (Outlook's original below) does not count
send bob@x.test "$BARE" z4 'Where is my game?\n\n-----Original Message-----\nFrom: masqued\n游戏的邮件在这里。'
expect 0 "serve --once with bob's English mail over a Chinese original" -- $M -C $D serve --once
answer refused bob@x.test boboutlook
says boboutlook "carries no game tag"
ls $O >$T/before
send bob@x.test "$BARE" z3 '?!'
expect 0 "serve --once with bob's mail of no words and no tag" -- $M -C $D serve --once
answer refused bob@x.test bobnone
says bobnone "carries no game tag"	# the game that changed last: English

# --- in one pass: dave's mail with no tag (the seats of every game are
# read for it), frank's SET LANG ja, then frank's mail with no tag: it is
# refused in Japanese (the seats are read again after a SET LANG; they
# were read once a pass, and this read English) ---
n=100	# file names of one length: the inbox is read in their order
ls $O >$T/before
send dave@x.test "$BARE" s1 '?!'
send frank@x.test "$(reply_to frank)" s2 'SET LANG ja'
send frank@x.test "$BARE" s3 '?!'
expect 0 "serve --once with a SET LANG between two mails with no tag" -- \
    $M -C $D serve --once
answer refused frank@x.test franknotag
says franknotag "このメールはゲームのメールへの返信ではありません"
says_not franknotag "carries no game tag"
answer refused dave@x.test davenotag
says davenotag "carries no game tag"

# --- SET LANG: any case; a language masqued lacks is refused, saying so ---
# ("SET LANG JA" was ignored, and "SET LANG fr" got the help mail, silent)
ls $O >$T/before
send dave@x.test "$(reply_to dave)" d1 'SET LANG fr\nSTATUS'
expect 0 "serve --once with SET LANG fr" -- $M -C $D serve --once
answer receipt dave@x.test davefr
grep -qF 'line 1: SET LANG fr' $T/davefr.txt || fail "the line refused is not shown"; ok
says davefr 'SET LANG takes en, ja or zh, not "fr".'
says_not davefr 'is not a command'
ls $O >$T/before
send dave@x.test "$(reply_to dave)" d2 'Set Lang JA\nSET LANG klingon\nSTATUS'
expect 0 "serve --once with Set Lang JA" -- $M -C $D serve --once
answer receipt dave@x.test daveja
says daveja "受け付けられなかった行"			# the ja template
says daveja 'SET LANG に指定できるのは en、ja、zh です（「klingon」は使えません）。'
says_not daveja 'SET LANG takes'

# --- a long letter: the lines past the 64th that are not blank are not
# read, and the receipt says so on the first of them (they were dropped
# silently: a command after the letter was never answered) ---
letter=''
i=0
while [ $i -lt 64 ]; do i=$((i + 1)); letter="${letter}Dear friends, line $i.\\n\\n"; done
ls $O >$T/before
send carol@x.test "$(reply_to carol)" l1 "${letter}STATUS"
send dave@x.test "$(reply_to dave)" l2 "${letter}STATUS\\n\\nPLAY jest"
expect 0 "serve --once with two long letters" -- $M -C $D serve --once
answer receipt carol@x.test carollong
grep -qF 'line 129: STATUS' $T/carollong.txt || fail "the first unread line is not shown"; ok
says carollong 'This line and the ones after it were not read: masqued reads the first 64 lines of a message that are not blank; send the rest in another message.'
answer receipt dave@x.test davelong
grep -qF '129行目：STATUS' $T/davelong.txt || fail "the first unread line is not shown (ja)"; ok
says davelong 'この行から後は読まれていません。masqued が1通のメールから読むのは空行を除く最初の64行までです。'
says_not davelong 'were not read'
grep -qF 'PLAY jest' $T/davelong.txt && fail "a line past the first unread one is listed"; ok

# --- a refusal's command example and its numbers, wrapped: the text
# part's wrap parted "PLAN 12:20" from "ccw。" and "この計画は 2" from
# "個です。"; the example is held whole (no-break spaces, plain ones in the
# text part), and one copied with them from the HTML part is a command.
# A list of players joined with 、 in Japanese and Chinese (it kept the
# engine's ASCII commas) ---
ls $O >$T/before
send dave@x.test "$(reply_to dave)" e1 'PLAN cw ccw'
send bob@x.test "$(reply_to bob)" e2 'PLAY threaten TARGET zed'
expect 0 "serve --once with a short plan and a stranger's name" -- $M -C $D serve --once
answer receipt dave@x.test daveplan
says daveplan "この計画は2個です。一部の時刻だけ変えるなら、時刻を書いてください：PLAN 12:20 ccw。"
$PY - "$(cat $T/daveplan.file)" <<'EOF2' || fail "the Japanese refusal's example or number is cut, or its text part shows a no-break space"
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], 'rb'))
parts = {p.get_content_type(): p.get_payload(decode=True).decode('utf-8')
         for p in m.walk() if p.get_content_type().startswith('text/')}
txt, html = parts['text/plain'], parts['text/html']
lines = txt.split('\n')
bad = [l for l in lines if l.rstrip().endswith((' 2', 'PLAN', 'PLAN 12:20'))]
if not any('PLAN 12:20 ccw。' in l for l in lines) or bad:
    sys.exit('cut: %s' % bad)
if '\u00a0' in txt:
    sys.exit('a no-break space in the text part')
if 'PLAN\u00a012:20\u00a0ccw' not in html:
    sys.exit('the HTML part does not hold the example whole')
EOF2
ok
answer receipt bob@x.test bobzed
says bobzed "本局没有名叫「zed」的玩家；玩家有 alice、bob、carol、dave。"
says_not bobzed "alice, bob"
ls $O >$T/before
send dave@x.test "$(reply_to dave)" e3 'PLAN\0302\024012:20\0302\0240ccw'
expect 0 "serve --once with the example copied" -- $M -C $D serve --once
answer receipt dave@x.test davecopy
says davecopy "PLAN 12:20 ccw"
says_not davecopy "受け付けられなかった行"

# --- a reply to an old reply address (the host rotated dave's token): the
# sentence names the game, and the subject does as well (it was
# "[masqued]") ---
expect 0 "rotate dave's token" -- $M -C $D admin $G rotate-token dave --why "leaked"
ls $O >$T/before
send dave@x.test "$(reply_to dave)" e4 'STATUS'
expect 0 "serve --once with a reply to the old address" -- $M -C $D serve --once
answer refused dave@x.test daveold
says daveold "$G"
subject_is daveold "[赤死病 $G] メールは受け付けられませんでした"

expect 0 "the game verifies" -- $M -C $D verify $G
[ -z "$(ls $D/spool)" ] || fail "mail left in the spool"; ok

# --- The Masquerade: its cards are named by its own data (name_ja,
# name_zh), its lists' words ("blade-dancer", "grand-hall") too ---
D=$T/ms
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
expect 0 "init (masquerade)" -- $M -C $D init
expect 0 "new masquerade" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test \
    --seed 0707070707070707070707070707070707070707070707070707070707070707
G=$(cat $T/out)
expect 0 "serve --once sends the masquerade's welcome mails" -- $M -C $D serve --once
ls $O >$T/before
send bob@x.test "$(reply_to bob)" m1 'SET LANG ja\nDANCER zorro'
send carol@x.test "$(reply_to carol)" m2 'SET LANG zh\nSTAGE nowhere'
expect 0 "serve --once with two masquerade replies" -- $M -C $D serve --once
answer receipt bob@x.test msbob
says msbob "「zorro」はダンサーではありません。ダンサーは次のとおりです：剣の舞姫、魔導師、聖騎士、吟遊詩人、盗賊、永劫の囚人。"
says_not msbob "blade-dancer"
answer receipt carol@x.test mscarol
says mscarol "「nowhere」不是舞台；舞台有：塔、竞技场、礼拜堂、图书馆、泉水、大厅。"
says_not mscarol "grand-hall"
# the refusals and the host's notices wrap, in every language (a Japanese
# refusal ran to 223 columns, an English one to 168)
narrow msbob "行目は受け付けられません" "適用されていません"
narrow mscarol "行未被接受" "没有生效"
ls $O >$T/before
send alice@x.test "$(reply_to alice)" m3 'DANCER zorro'
expect 0 "serve --once with alice's masquerade reply" -- $M -C $D serve --once
answer receipt alice@x.test msalice
narrow msalice "NOT accepted, line" "Nothing on this line"
says msalice '"zorro" is not a Dancer; the Dancers still free are Blade Dancer, Sorcerer, Paladin, Bard, Thief, Eternal Prisoner. Nothing on this line was applied'
# a refused line of a reader asked nothing now (the Dancers are chosen in
# turn) does not point below to a to-do: the part below says nothing is
# asked of them (found by players: "what you can do now is below" over
# "Nothing is asked of you now"); the one to move is still pointed below
mover=$(to_move $D)
[ -n "$mover" ] || fail "nobody to choose a Dancer"; ok
for pl in alice:msalice:"Nothing on this line was applied; nothing is asked of you now.":"see below for what the game asks now" \
    bob:msbob:"この行は適用されていません。今あなたに求められていることはありません。":"今すべきことは下にあります" \
    carol:mscarol:"这一行没有生效；现在不需要你做什么。":"见下文"; do
	# (not n: send counts the mails in it)
	rwho=${pl%%:*}; rrest=${pl#*:}; rname=${rrest%%:*}; rrest=${rrest#*:}
	rnow=${rrest%%:*}; rbelow=${rrest#*:}
	if [ "$rwho" = "$mover" ]; then
		says $rname "$rbelow"
	else
		says $rname "$rnow"
		says_not $rname "$rbelow"
	fi
done
# in English too: bob, for a mail, if alice is to move (else carol)
[ "$mover" = bob ] && en=carol || en=bob
ls $O >$T/before
send $en@x.test "$(reply_to $en)" m4 'SET LANG en\nDANCER zorro'
expect 0 "serve --once with $en's English reply" -- $M -C $D serve --once
answer receipt $en@x.test msen
says msen "Nothing on this line was applied; nothing is asked of you now."
says_not msen "see below for what the game asks now"
[ $en = bob ] && back=ja || back=zh
$MREL -C $D submit --no-mail $G $en "SET LANG $back" >/dev/null || fail "SET LANG $back"
# the reminder's paragraph fits the lines in each language (the Japanese
# one ran to 94 columns): whoever chooses the first Dancer reads it in
# each language in turn, an hour later each time, the deadline extended
first=$($MREL -C $D view $G admin --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["to_move"])')
lang_of() { case $1 in alice) echo en;; bob) echo ja;; carol) echo zh;; esac; }
NOW=$((MASQUED_NOW + 61 * 3600))
for p in alice bob carol; do
	$MREL -C $D submit --no-mail $G $first "SET LANG $(lang_of $p)" >/dev/null || fail "SET LANG"
	[ $p = alice ] || MASQUED_NOW=$NOW expect 0 "extend" -- $M -C $D admin $G extend 1h --why "again"
	ls $O >$T/before
	MASQUED_NOW=$NOW expect 0 "serve --once with a reminder" -- $M -C $D serve --once
	answer reminder $first@x.test remind-$p
	narrow remind-$p "===" "-- "
	NOW=$((NOW + 3600))
done
WHY="ホストが旅行中のため、来週の月曜日まで一時停止します。ご不便をおかけしますが、よろしくお願いします。"
ls $O >$T/before
expect 0 "pause the masquerade" -- $M -C $D admin $G pause --why "$WHY"
expect 0 "serve --once with the pause's notices" -- $M -C $D serve --once
for p in alice bob carol; do
	answer admin $p@x.test mspause-$p
	narrow mspause-$p "$(echo "$WHY" | cut -c1-12)" "$(echo "$WHY" | tail -c 16)"
done
says mspause-bob "理由：$WHY"
says mspause-carol "理由：$WHY"
ls $O >$T/before
expect 0 "end the masquerade" -- $M -C $D admin $G end --why "$WHY"
expect 0 "serve --once with the end's mails" -- $M -C $D serve --once
answer end bob@x.test msend-bob
narrow msend-bob "$(echo "$WHY" | cut -c1-12)" "$(echo "$WHY" | tail -c 16)"
expect 0 "the masquerade verifies" -- $M -C $D verify $G
done_checks
