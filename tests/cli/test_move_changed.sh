#!/bin/sh
# test_move_changed.sh - a secret move sent again before its reveal (the
# receipt mail's "changes your move of entry N"): log and replay mark the
# changed move at its entry, so that two PLAYs of one seat, both opened by
# the reveal, do not read as two cards played.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
# the placements, in their order, as the bots would
k=0
while $MREL -C $D view $G admin --json | grep -q '"phase": "place"'; do
	k=$((k + 1)); [ $k -lt 10 ] || fail "the placements did not end"
	for p in alice bob carol dave; do
		c=$($MREL -C $D bot $G $p | grep '^PLACE') || continue
		$MREL -C $D submit $G $p "$c" --no-mail >/dev/null || fail "$p: $c"
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

# the host enters another card for bob
expect 0 "the host changes bob's card" -- $M -C $D submit $G bob "PLAY dance" --no-mail
S3=$(last)

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
	$MREL -C $D submit $G $p "$c" --no-mail >/dev/null || fail "$p: $c"
done
expect 0 "log after the reveal" -- $M -C $D log $G
grep -q "^ *$S1 .* bob: PLAY discuss  (changed at entry $S2)\$" $T/out || { cat $T/out; fail "log does not mark entry $S1 changed after the reveal"; }; ok

# --- changed by a later line of the same entry ---
for p in alice bob carol dave; do
	$MREL -C $D submit $G $p "MOVE stay" --no-mail >/dev/null || fail "$p: MOVE stay"
done
expect 0 "bob plays two cards in one entry" -- $M -C $D submit $G bob "PLAY discuss" "PLAY mock"
S4=$(last)
expect 0 "log" -- $M -C $D log $G
grep -q "^ *$S4 .* bob: PLAY discuss; PLAY mock  (entered by the host: submit)  (PLAY discuss changed later in this entry)\$" $T/out || { cat $T/out; fail "log does not mark the first PLAY of entry $S4"; }; ok
done_checks
