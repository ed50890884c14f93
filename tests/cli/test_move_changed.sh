#!/bin/sh
# test_move_changed.sh - a secret move sent again before its reveal
# (the receipt mail's "changes your move of entry N"): verify-receipt of
# the first receipt says which move its signed body holds (not what the
# mail's readable lines say, which a player may have changed) and which
# later entry changed it, by the player's own mail or entered by the host;
# log and replay mark the changed move at its entry, so that two PLAYs of
# one seat, both opened by the reveal, do not read as two cards played.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
# the placements, in their order, as the bots would
k=0
while $MREL -C $D view $G admin --json | grep -q '"phase": "place"'; do
	k=$((k + 1)); [ $k -lt 10 ] || fail "the placements did not end"
	for p in alice bob carol dave; do
		c=$($MREL -C $D bot $G $p | grep '^PLACE') || continue
		$MREL -C $D submit $G $p "$c" --never-mail >/dev/null || fail "$p: $c"
	done
done
ok
last() { $MREL -C $D log $G | tail -n 1 | awk '{print $1}'; }
ls $O >$T/before
send bob@x.test "$(reply_to bob)" b1 "PLAY discuss"
expect 0 "bob plays discuss by mail" -- $M -C $D serve --once
S1=$(last)
answer receipt bob@x.test bob1
ls $O >$T/before
send bob@x.test "$(reply_to bob)" b2 "PLAY jest"
expect 0 "bob plays jest instead, by mail" -- $M -C $D serve --once
S2=$(last)
[ $S2 -gt $S1 ] || fail "bob's second PLAY is not a later entry"; ok
answer receipt bob@x.test bob2
grep -qF "changes your move of entry $S1" $T/bob2.txt || fail "the second receipt does not say it changes entry $S1"; ok

# --- the ok line says what the signed body holds, and what changed it ---
expect 0 "the first receipt" -- $M -C $D verify-receipt $(cat $T/bob1.file) $G
out_has "ok: the receipt for entry $S1 of game $G (bob: PLAY discuss) is sound, and the log still holds that entry; entry $S2 changed it (PLAY jest, bob's own mail)."
# the readable lines doctored (the signed body left alone): the ok line
# does not take their word
sed 's/Play Discuss/Play Dance/g' $(cat $T/bob1.file) >$T/doctored.eml
cmp -s $(cat $T/bob1.file) $T/doctored.eml && fail "the readable lines were not changed"; ok
expect 0 "the doctored mail" -- $M -C $D verify-receipt $T/doctored.eml $G
out_has "(bob: PLAY discuss) is sound"
expect 0 "the first receipt, on the server without GAME" -- $M -C $D verify-receipt $(cat $T/bob1.file)
out_has "ok: the receipt for entry $S1 of game $G (bob: PLAY discuss) is sound, and the log still holds that entry; entry $S2 changed it"
expect 0 "the second receipt: not changed yet" -- $M -C $D verify-receipt $(cat $T/bob2.file) $G
out_has "ok: the receipt for entry $S2 of game $G (bob: PLAY jest) is sound, and the log still holds that entry."
# the host enters another card for bob
expect 0 "the host changes bob's card" -- $M -C $D submit $G bob "PLAY dance" --no-mail
S3=$(last)
expect 0 "the second receipt, changed by the host" -- $M -C $D verify-receipt $(cat $T/bob2.file) $G
out_has "ok: the receipt for entry $S2 of game $G (bob: PLAY jest) is sound, and the log still holds that entry; entry $S3 changed it (PLAY dance, entered by the host)."

# --- log and replay mark the changed moves at their entries ---
expect 0 "log" -- $M -C $D log $G
grep -q "^ *$S1 .* bob: PLAY discuss  (changed at entry $S2)\$" $T/out || { cat $T/out; fail "log does not mark entry $S1 changed"; }; ok
grep -q "^ *$S2 .* bob: PLAY jest  (changed at entry $S3)\$" $T/out || { cat $T/out; fail "log does not mark entry $S2 changed"; }; ok
grep -q "^ *$S3 .* bob: PLAY dance  (entered by the host: submit)\$" $T/out || { cat $T/out; fail "log marks entry $S3"; }; ok
[ "$(grep -c "changed at entry" $T/out)" = 2 ] || fail "another entry is marked changed"; ok
expect 0 "replay from the first" -- $M -C $D replay $G --from $S1 --to $S2
out_has "bob: PLAY discuss  (changed at entry $S2)"
out_has "bob: PLAY jest  (changed at entry $S3)"
# the others play: the reveal opens all three of bob's, the last played
for p in alice carol dave; do
	c=$($MREL -C $D bot $G $p | grep '^PLAY') || fail "no PLAY for $p"
	$MREL -C $D submit $G $p "$c" --never-mail >/dev/null || fail "$p: $c"
done
expect 0 "log after the reveal" -- $M -C $D log $G
grep -q "^ *$S1 .* bob: PLAY discuss  (changed at entry $S2)\$" $T/out || { cat $T/out; fail "log does not mark entry $S1 changed after the reveal"; }; ok

# --- changed by a later line of the same entry ---
for p in alice bob carol dave; do
	$MREL -C $D submit $G $p "MOVE stay" --never-mail >/dev/null || fail "$p: MOVE stay"
done
expect 0 "bob plays two cards in one entry" -- $M -C $D submit $G bob "PLAY discuss" "PLAY mock"
S4=$(last)
cp $T/out $T/receipt4.json
expect 0 "log" -- $M -C $D log $G
grep -q "^ *$S4 .* bob: PLAY discuss; PLAY mock  (entered by the host: submit)  (PLAY discuss changed later in this entry)\$" $T/out || { cat $T/out; fail "log does not mark the first PLAY of entry $S4"; }; ok
expect 0 "its receipt" -- $M -C $D verify-receipt $T/receipt4.json $G
out_has "ok: the receipt for entry $S4 of game $G (bob: PLAY discuss; PLAY mock) is sound, and the log still holds that entry; a later command of the same entry changed its PLAY discuss (PLAY mock)."
# --- one move of an entry of two changed: named ---
expect 0 "bob plays another card, and moves" -- $M -C $D submit $G bob "PLAY jest" "MOVE cw"
S5=$(last)
cp $T/out $T/receipt5.json
expect 0 "bob moves otherwise" -- $M -C $D submit $G bob "MOVE stay"
S6=$(last)
expect 0 "log" -- $M -C $D log $G
grep -q "^ *$S4 .* bob: PLAY discuss; PLAY mock  (entered by the host: submit)  (PLAY discuss changed later in this entry; PLAY mock changed at entry $S5)\$" $T/out || { cat $T/out; fail "log does not mark both PLAYs of entry $S4"; }; ok
grep -q "^ *$S5 .* bob: PLAY jest; MOVE cw  (entered by the host: submit)  (MOVE cw changed at entry $S6)\$" $T/out || { cat $T/out; fail "log does not mark the MOVE of entry $S5"; }; ok
expect 0 "the receipt of entry $S4" -- $M -C $D verify-receipt $T/receipt4.json $G
out_has "ok: the receipt for entry $S4 of game $G (bob: PLAY discuss; PLAY mock) is sound, and the log still holds that entry; a later command of the same entry changed its PLAY discuss (PLAY mock); entry $S5 changed its PLAY mock (PLAY jest, entered by the host)."
expect 0 "the receipt of entry $S5" -- $M -C $D verify-receipt $T/receipt5.json $G
out_has "ok: the receipt for entry $S5 of game $G (bob: PLAY jest; MOVE cw) is sound, and the log still holds that entry; entry $S6 changed its MOVE cw (MOVE stay, entered by the host)."
done_checks
