#!/bin/sh
# test_kick_after_end.sh - what the players of a game the host ended, and
# the people the host removed from it, are told after the end, on a server
# whose host has no address (no admin):
# - a kicked player's STATUS from their own address gets the end mail
#   again (the seed and every salt, which every player may check), in
#   their language, and a SET LANG alone gets it in the new one, logged;
#   both were refused, and the refusal pointed to the end mail sent once;
# - anything else a kicked player sends (a move, HELP, SET NOTICES, a
#   STATUS from another address) is refused in one sentence that names no
#   host and says how to get the end mail again, in English and in the
#   player's Japanese (it was covered by the translation check alone);
# - the address whose seat the host gave to a new player, after the end:
#   that the seat went to another person and the game is over (it was told
#   the new player "plays it from now on"), to its old reply address and
#   to the seat's new one alike;
# - a player who never moved gets the end mail for a STATUS; a player's
#   SET NOTICES alone after the end is told, in one sentence, that no
#   notice comes any more (it got the help mail, which said nothing of it).
# `masqued parse` says what the answers say; verify passes.
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
! grep -q "^admin *=" $D/masqued.conf || fail "the config has an admin"; ok
SEED=0707070707070707070707070707070707070707070707070707070707070707
expect 0 "new" -- $M -C $D new redmasque --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test:ja \
    --player dave=dave@x.test --seed $SEED
G=$($MREL -C $D games --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["games"][0]["game"])')
serve "welcome"
RA=$(reply_to alice); RB=$(reply_to bob); RC=$(reply_to carol); RD=$(reply_to dave)
for p in bob carol; do
	MASQUED_NOW=$((T0 + 3600)) expect 0 "kick $p" -- $M -C $D admin $G kick $p --why "gone"
done
MASQUED_NOW=$((T0 + 3600)) expect 0 "dave's seat to frank" -- $M -C $D admin $G \
    replace dave frank@x.test --new-player --why "frank takes over"
KICKED=$(utc $((T0 + 3600)))
export MASQUED_NOW=$((T0 + 7200))
serve "the kicks' and the replace's notices"
RF=$(reply_to frank)
expect 0 "end" -- $M -C $D admin $G end --why "over"
serve "the end mails"
entries() { $MREL -C $D log $G --json | grep -c .; }
ne=$(entries)

# the kicked players' other mails: one sentence, no host named
ls $O >$T/before
send bob@x.test "$RB" k1 "PLAY jest"
send bob@x.test "$RB" k2 "SET NOTICES OFF"
send bob@elsewhere.test "$RB" k3 "STATUS"
send carol@x.test "$RC" k4 "HELP"
serve "the kicked players' mails after the end"
OVER="The host removed you from game $G on $KICKED, and the game is over now: nothing you send is applied; reply STATUS from your registered address to any of the game's mails to get its end mail again."
n=0
for f in $(ls $O | comm -13 $T/before -); do
	grep -q "^To: bob@" $O/$f || continue
	parts $O/$f bob$n
	says bob$n "$OVER"
	says_not bob$n "ask the host"
	n=$((n + 1))
done
[ $n = 3 ] || fail "bob got $n refusals, not 3"; ok
answer refused carol@x.test k4
says k4 "ホストがあなたを $KICKED にゲーム $G から外しました。ゲームはもう終了しており、送られたものは適用されません。登録したアドレスから、ゲームから届いたどのメールにでも STATUS と返信すると、終了のメールをもう一度受け取れます。"
says_not k4 "ホスト（"
[ "$(entries)" = "$ne" ] || fail "a kicked player's refused mail was logged"; ok

# their STATUS: the end mail again, in their language
ls $O >$T/before
send bob@x.test "$RB" s1 "STATUS"
send carol@x.test "$RC" s2 "Thanks for the game!\nSTATUS"
serve "the kicked players' STATUS"
answer end bob@x.test s1
says s1 "The host ended the game early. Why: over"
says s1 "$SEED"
answer end carol@x.test s2
says s2 "ホストがゲームを途中で終了しました。"
says s2 "$SEED"
[ "$(entries)" = "$ne" ] || fail "a kicked player's STATUS was logged"; ok
# the dry run says it too
printf 'From: bob@x.test\nTo: %s\nSubject: x\n\nSTATUS\n' "$RB" >$T/dry.eml
expect 0 "parse: the kicked bob's STATUS" -- $M -C $D parse $T/dry.eml
json_is "'refused' not in j and j['commands'][0]['accepted']" "parse: STATUS accepted"
printf 'From: bob@x.test\nTo: %s\nSubject: x\n\nHELP\n' "$RB" >$T/dry2.eml
expect 0 "parse: the kicked bob's HELP" -- $M -C $D parse $T/dry2.eml
json_is "j['commands'][0]['error'] == '''$OVER'''" "parse: HELP refused"

# a SET LANG alone: the end mail in the new language, logged
ls $O >$T/before
send bob@x.test "$RB" l1 "SET LANG ja"
serve "the kicked bob's SET LANG"
answer end bob@x.test l1
says l1 "ホストがゲームを途中で終了しました。"
[ "$(entries)" = "$((ne + 1))" ] || fail "the kicked bob's SET LANG was not logged"; ok
ne=$(entries)

# the address whose seat went to frank: the seat is another person's and
# the game is over, from its old reply address and from the seat's new one
ls $O >$T/before
send dave@x.test "$RD" r1 "STATUS"
send dave@x.test "$RF" r2 "STATUS"
serve "dave's mails after the end"
n=0
for f in $(ls $O | comm -13 $T/before -); do
	grep -q "^To: dave@" $O/$f || continue
	parts $O/$f dave$n
	says_not dave$n "from now on"
	n=$((n + 1))
done
[ $n = 2 ] || fail "dave got $n answers, not 2"; ok
grep -qF "The host chose to give the seat you played in game $G to another person, and the game is over now: nothing in this message was applied." $T/dave0.txt $T/dave1.txt || fail "no answer to dave's old reply address"; ok
grep -qF "You were removed from game $G on $KICKED: the host gave the seat you played to another person, and the game is over now. Nothing in this message was applied." $T/dave0.txt $T/dave1.txt || fail "no answer to dave's mail to the seat's new address"; ok

# alice never moved: her STATUS gets the end mail; SET NOTICES alone, one
# sentence; with a STATUS, the end mail
ls $O >$T/before
send alice@x.test "$RA" a1 "STATUS"
serve "alice's STATUS"
answer end alice@x.test a1
says a1 "The host ended the game early. Why: over"
says a1 "$SEED"
ls $O >$T/before
send alice@x.test "$RA" a2 "SET NOTICES OFF"
serve "alice's SET NOTICES"
answer refused alice@x.test a2
says a2 "Game $G is over, so no notice comes any more and SET NOTICES changes nothing; reply STATUS to any of the game's mails to see how it ended."
ls $O >$T/before
send alice@x.test "$RA" a3 "SET NOTICES OFF\nSTATUS"
serve "alice's SET NOTICES and STATUS"
answer end alice@x.test a3
[ "$(entries)" = "$ne" ] || fail "a mail after the end was logged"; ok
# the dry run says what serve answered: SET NOTICES alone, the one
# sentence (it said nothing was refused); the kicked bob's SET LANG, the
# end mail; dave's old reply address and the seat's new one, their
# sentences; alice's HELP, the help mail
NOTE="Game $G is over, so no notice comes any more and SET NOTICES changes nothing; reply STATUS to any of the game's mails to see how it ended."
dry() {
	printf 'From: %s\nTo: %s\nSubject: x\n\n%b\n' "$1" "$2" "$3" >$T/dry.eml
	expect 0 "parse: $1's $3" -- $M -C $D parse $T/dry.eml
}
dry alice@x.test "$RA" "SET NOTICES OFF"
json_is "j['refused'] == '''$NOTE''' and j['commands'] == []" "parse: alice's SET NOTICES after the end"
dry alice@x.test "$RA" "SET NOTICES OFF\nSET LANG ja"
json_is "'refused' not in j and j['lang'] == 'ja'" "parse: alice's SET NOTICES and SET LANG"
dry alice@x.test "$RA" "HELP"
json_is "'refused' not in j and j['commands'][0]['accepted']" "parse: alice's HELP"
dry bob@x.test "$RB" "SET LANG en"
json_is "'refused' not in j and j['lang'] == 'en'" "parse: the kicked bob's SET LANG"
dry bob@x.test "$RB" "SET NOTICES OFF"
json_is "j['refused'] == '''$OVER'''" "parse: the kicked bob's SET NOTICES"
dry dave@x.test "$RD" "STATUS"
json_is "j['player'] is None and j['auth'] == '''The host chose to give the seat you played in game $G to another person, and the game is over now: nothing in this message was applied.'''" "parse: dave's old reply address"
dry dave@x.test "$RF" "STATUS"
json_is "j['player'] is None and j['auth'] == '''You were removed from game $G on $KICKED: the host gave the seat you played to another person, and the game is over now. Nothing in this message was applied.'''" "parse: dave's mail to the seat's new address"

# the host's submit for the kicked bob, as his mail: STATUS mails the end
# mail again to his address, in his language (it was refused, saying the
# end mail went to him); a SET LANG alone, the end mail in it, logged;
# anything else refused, saying which submit mails the end mail
ls $O >$T/before
expect 0 "submit STATUS for the kicked bob" -- $M -C $D submit $G bob STATUS
out_has "$G is over: bob is mailed the end mail again (STATUS)."
serve "the host's STATUS for the kicked bob"
answer end bob@x.test h1
says h1 "ホストがゲームを途中で終了しました。"
says h1 "$SEED"
ls $O >$T/before
expect 0 "submit SET LANG en for the kicked bob" -- $M -C $D submit $G bob "SET LANG en"
out_has "$G: bob's mail is in en from now on."
serve "the host's SET LANG for the kicked bob"
answer end bob@x.test h2
says h2 "The host ended the game early. Why: over"
[ "$(entries)" = "$((ne + 1))" ] || fail "the host's SET LANG for bob was not logged"; ok
ne=$(entries)
expect 0 "submit --no-mail STATUS for the kicked bob" -- $M -C $D submit --no-mail $G bob STATUS
out_has "$G is over: bob would be mailed the end mail again (STATUS), but --no-mail queues no mail."
ls $D/spool >$T/spool.before
for line in HELP "PLAY jest" "SET NOTICES OFF"; do
	expect 1 "submit $line for the kicked bob" -- $M -C $D submit $G bob "$line"
	err_has "bob is out of game $G (kicked), and the game is over: nothing more can be played; submit $G bob STATUS mails them the end mail again."
done
expect 1 "submit STATUS HELP for the kicked bob" -- $M -C $D submit $G bob STATUS HELP
err_has "submit $G bob STATUS mails them the end mail again."
# alice's SET NOTICES alone, submitted: said, and nothing mailed (it
# queued the help mail, where her own mail of it is refused)
expect 0 "submit SET NOTICES OFF for alice after the end" -- $M -C $D submit $G alice "SET NOTICES OFF"
out_has "$G: the game is over; no notice comes any more, and nothing is mailed to alice."
ls $D/spool | cmp -s - $T/spool.before || fail "a refused submit, or a SET NOTICES after the end, queued mail: $(ls $D/spool)"; ok
[ "$(entries)" = "$ne" ] || fail "a refused submit after the end was logged"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
