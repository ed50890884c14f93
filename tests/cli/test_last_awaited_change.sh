#!/bin/sh
# test_last_awaited_change.sh - of two lines of one mail for the same move,
# the later changes the earlier also when the sender is the last the round
# waits for: `MOVE ccw`, then `MOVE stay`, from the last to move, plays
# the stay for this round; the ccw is left out (its receipt line says the
# later line changed it, which says it changes line 1), not played as the
# round's move with the stay kept secret for the next round (found by a
# player reviewer by mail). Two PLAYs alike: the later is the round's card.
# Real replies through the Maildir inbox and `serve --once`.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new

expect 0 "init" -- $M -C $D init
echo "rate_limit = 86400" >>$D/masqued.conf
G=$(new_game $D --player eve=eve@x.test) || fail "new"
expect 0 "serve --once sends the welcome mails" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
place_all $D $G alice bob carol dave eve
mail() {	# NAME ID TEXT: NAME's reply, served; its receipt as $T/ID.*
	ls $O >$T/before
	send $1@x.test "$(rt $G $1)" $2 "$3"
	expect 0 "serve --once: $2" -- $M -C $D serve --once
	answer receipt $1@x.test $2
}
room() {	# NAME: the room the public view puts NAME in
	$MREL -C $D view $G public --json | $PY -c "import json,sys
v=json.load(sys.stdin)
print([p['room'] for p in v['players'] if p['name']=='$1'][0])"
}
for p in alice bob carol dave; do
	expect 0 "$p plays" -- $M -C $D submit $G $p "PLAY jest" --no-mail
done
# --- eve is the last to play: two PLAYs, the later is her card ---
mail eve e1 'PLAY jest\nPLAY discuss'
says e1 "changes your move of line 1"
says e1 "changed by line 2 before it was played: not logged"
$MREL -C $D log $G >$T/log1
grep -q "eve: PLAY discuss$" $T/log1 || { cat $T/log1 >&2;
    fail "e1: the entry is not PLAY discuss alone"; }; ok
! grep -q "eve: PLAY jest" $T/log1 || fail "e1: PLAY jest was played"; ok
for p in alice bob carol dave; do
	expect 0 "$p moves" -- $M -C $D submit $G $p "MOVE stay" --no-mail
done
before=$(room eve)
# --- eve is the last to move: MOVE ccw, then MOVE stay ---
mail eve e2 'MOVE ccw\nMOVE stay'
says e2 "changes your move of line 1"
says e2 "changed by line 2 before it was played: not logged"
[ "$(room eve)" = "$before" ] || fail "eve moved: $before -> $(room eve)"; ok
$MREL -C $D log $G >$T/log2
grep -q "eve: MOVE stay$" $T/log2 || { cat $T/log2 >&2;
    fail "e2: the entry is not MOVE stay alone"; }; ok
! grep -q "MOVE ccw" $T/log2 || fail "e2: MOVE ccw was played"; ok
# nothing of the mail waits for the next round: eve owes her card
expect 0 "eve's view" -- $M -C $D view $G eve
! grep -qi "not yet revealed" $T/out || { cat $T/out >&2;
    fail "a move of eve's waits for the next round"; }; ok
# ja and zh say it too
expect 0 "bob reads Japanese" -- $M -C $D submit $G bob "SET LANG ja" --no-mail
expect 0 "carol reads Chinese" -- $M -C $D submit $G carol "SET LANG zh" --no-mail
# eve has her jest still: the PLAY left out was not played
for p in alice carol dave; do
	expect 0 "$p plays" -- $M -C $D submit $G $p "PLAY discuss" --no-mail
done
expect 0 "eve plays the jest she kept" -- $M -C $D submit $G eve "PLAY jest" --no-mail
mail bob b1 'PLAY dance\nPLAY discuss'
says b1 "使われる前に 2 行目で変更されました（記録なし）"
says b1 "1 行目の手を変更します"
for p in alice bob dave eve; do
	expect 0 "$p moves" -- $M -C $D submit $G $p "MOVE stay" --no-mail
done
mail carol c1 'MOVE cw\nMOVE stay'
says c1 "在生效前已被第 2 行更改（未记录）"
says c1 "更改你在第 1 行的行动"
expect 0 "verify" -- $M -C $D verify $G
done_checks
