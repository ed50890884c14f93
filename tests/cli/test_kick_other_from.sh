#!/bin/sh
# test_kick_other_from.sh - what a kicked player, and the game's players
# after its end, are told, on a server whose host has an address (admin):
# - a kicked player's mail (en, ja, zh) is refused with the kick's date and
#   ends "ask the host (ADDRESS) about it", as the refusals that send a
#   player to the host do (it named nobody to ask); `masqued parse` says so;
# - a mail to a kicked seat (not yet given to a new player) from another
#   address (the kicked player writing from another account) gets that same
#   refusal, in the seat's language, and the host is told nothing: it was
#   told "The host has been told, and can give your seat this address", and
#   the host got the plain "bob wrote from another address" mail with a
#   `replace` line that would give the kicked seat to that address;
# - after the end, a kicked player's STATUS from their own address gets the
#   end mail again, in their language (it was refused: the end mail reveals
#   the seed and every salt, which every player may check); anything else
#   they send (from either address) is told the game is over and how to
#   get the end mail again (it was told the deadline defaults play the seat
#   until a new player takes it, then only that the end mail was sent), and
#   the host's `masqued submit` for that seat no longer offers a replace,
#   which the game over refuses; a player writing from another address is
#   told the game is over and to reply STATUS from their registered address
#   (it was told only to send from it); from the registered address, the
#   end's own sentence (test_after_end.sh).
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
. tests/cli/lib_mail.sh
T0=1790000000
export MASQUED_NOW=$T0
utc() { date -u -d "@$1" '+%Y-%m-%d %H:%M UTC'; }
serve() { expect 0 "serve --once: $1" -- $M -C $D serve --once; }
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
expect 0 "new" -- $M -C $D new redmasque --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test:ja \
    --player dave=dave@x.test:zh \
    --seed 0707070707070707070707070707070707070707070707070707070707070707
G=$($MREL -C $D games --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["games"][0]["game"])')
serve "welcome"
RA=$(reply_to alice); RB=$(reply_to bob); RC=$(reply_to carol); RD=$(reply_to dave)
for p in bob carol dave; do
	MASQUED_NOW=$((T0 + 3600)) expect 0 "kick $p" -- $M -C $D admin $G kick $p --why "gone"
done
KICKED=$(utc $((T0 + 3600)))
export MASQUED_NOW=$((T0 + 7200))
serve "the kicks' notices"
host_mails() { ls $O | comm -13 $T/before - | (cd $O && xargs -r grep -l "^To: host@x.test") | wc -l; }

# the kicked players, from their own addresses: whom to ask, in their language
cp $D/games/$G/log $T/log.before
ls $O >$T/before
send bob@x.test "$RB" k1 "STATUS"
send carol@x.test "$RC" k2 "STATUS"
send dave@x.test "$RD" k3 "STATUS"
serve "mails from the kicked players"
answer refused bob@x.test ken
says ken "The host removed you from game $G on $KICKED; the deadline defaults play your seat until a new player takes it, so nothing you send is applied; ask the host (host@x.test) about it."
answer refused carol@x.test kja
says kja "ホストがあなたを $KICKED にゲーム $G から外しました。新しいプレイヤーが引き継ぐまで、あなたの席は期限切れのときの既定の手で進みます。送られたものは適用されません。このことはホスト（host@x.test）に尋ねてください。"
answer refused dave@x.test kzh
says kzh "主持人已于 $KICKED 将你移出游戏 $G；在新玩家接手之前，你的座位由截止时的默认行动代为进行，因此你发送的内容不会被执行；有关此事请询问主持人（host@x.test）。"
same_file $D/games/$G/log $T/log.before "the kicked players' mails"
# the dry run says what the answer says
printf 'From: bob@x.test\nTo: %s\nSubject: x\n\nSTATUS\n' "$RB" >$T/dry.eml
expect 0 "parse: the kicked bob's mail" -- $M -C $D parse $T/dry.eml
json_is "j['refused'] == 'The host removed you from game $G on $KICKED; the deadline defaults play your seat until a new player takes it, so nothing you send is applied; ask the host (host@x.test) about it.'" "parse's refusal"

# the kicked seat's reply address, from another address: the same refusal,
# in the seat's language; the host told nothing, no replace offered
ls $O >$T/before
send bob@elsewhere.test "$RB" o1 "STATUS"
send carol@elsewhere.test "$RC" o2 "PLAY jest"
serve "mails to kicked seats from other addresses"
answer refused bob@elsewhere.test oen
says oen "The host removed you from game $G on $KICKED; the deadline defaults play your seat until a new player takes it, so nothing you send is applied; ask the host (host@x.test) about it."
says_not oen "can give your seat this address"
answer refused carol@elsewhere.test oja
says oja "ホストがあなたを $KICKED にゲーム $G から外しました。"
says oja "このことはホスト（host@x.test）に尋ねてください。"
[ "$(host_mails)" = 0 ] || fail "the host was told of a mail to a kicked seat from another address"; ok
! grep -q "the host is told that bob wrote from" $T/err || fail "the host was told that bob wrote from another address"; ok
same_file $D/games/$G/log $T/log.before "the mails from other addresses"
printf 'From: bob@elsewhere.test\nTo: %s\nSubject: x\n\nSTATUS\n' "$RB" >$T/dry2.eml
expect 0 "parse: bob's seat from another address" -- $M -C $D parse $T/dry2.eml
json_is "j['auth'].startswith('The host removed you from game $G on $KICKED;')" "parse's auth"

# the game over
expect 0 "end" -- $M -C $D admin $G end --why "over"
serve "the end mails"
ls $O >$T/before
send bob@x.test "$RB" e1 "PLAY jest"
send bob@elsewhere.test "$RB" e2 "STATUS"
send dave@x.test "$RD" e3 "HELP"
send alice@elsewhere.test "$RA" e4 "PLAY jest"
send alice@x.test "$RA" e5 "PLAY jest"
send carol@x.test "$RC" e6 "STATUS"
serve "mails after the end"
OVER="The host removed you from game $G on $KICKED, and the game is over now: nothing you send is applied; reply STATUS from your registered address to any of the game's mails to get its end mail again, and ask the host (host@x.test) about the removal."
answer refused bob@x.test e1
says e1 "$OVER"
says_not e1 "deadline defaults"
answer refused bob@elsewhere.test e2
says e2 "$OVER"
answer refused dave@x.test e3
says e3 "主持人已于 $KICKED 将你移出游戏 $G，而游戏现已结束：你发送的内容不会被执行；用你登记的地址回复游戏发来的任一封邮件，写上 STATUS，即可再次收到结束邮件；有关移出一事请询问主持人（host@x.test）。"
# the kicked carol's STATUS: the end mail again, in Japanese
answer end carol@x.test e6
says e6 "ホストがゲームを途中で終了しました。"
says e6 "0707070707070707070707070707070707070707070707070707070707070707"
answer refused alice@elsewhere.test e4
says e4 "This message came from alice@elsewhere.test, which is not the address registered for its seat in game $G, and the game is over: nothing more can be played. Reply STATUS from your registered address to any of the game's mails to see how it ended."
answer refused alice@x.test e5
says e5 "The game is over; nothing more can be played. Reply STATUS to any of the game's mails to see how it ended."
[ "$(host_mails)" = 0 ] || fail "the host was told of a mail after the end"; ok
# the kicked seat's end mail went to its player (the refusal says so)
grep -l "^To: bob@x.test" $O/* | xargs grep -l "^X-Masqued-Mail: end" >/dev/null ||
    fail "the kicked bob got no end mail"; ok
printf 'From: bob@x.test\nTo: %s\nSubject: x\n\nPLAY jest\n' "$RB" >$T/dry3.eml
expect 0 "parse: the kicked bob's mail after the end" -- $M -C $D parse $T/dry3.eml
json_is "j['refused'] == '''$OVER'''" "parse's refusal after the end"
# the host's submit for the kicked seat after the end offers no replace
# (a STATUS mails the end mail again: test_kick_after_end.sh)
expect 1 "submit for the kicked bob after the end" -- $M -C $D submit $G bob HELP
err_has "bob is out of game $G (kicked), and the game is over: nothing more can be played; submit $G bob STATUS mails them the end mail again."
one_line
expect 0 "verify" -- $M -C $D verify $G
done_checks
