#!/bin/sh
# test_log_for_round.sh - one entry may hold moves for two rounds: the
# last seat to move sends MOVE and PLAY, the move completes the round and
# the card counts for the next one (its receipt says "(for 8:20)"). log
# and replay showed "dave: MOVE stay; PLAY discuss", read by a host
# settling a dispute as two moves of one round; now a command of an entry
# for another time than the entry's first says which, "(for 8:20)", by
# mail and entered by the host. A card sent alone, during the moves, for
# the next round said nothing: now it says "(for 8:40)" as its receipt
# does. The Red Death; ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
phase() { $MREL -C $D view $G admin --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["phase"])'; }
# the placements and the cards, as the bots would
k=0
while [ "$(phase)" != move ]; do
	k=$((k + 1)); [ $k -lt 10 ] || fail "no move phase"
	for p in alice bob carol dave; do
		c=$($MREL -C $D bot $G $p | grep -E '^(PLACE|PLAY)') || continue
		$MREL -C $D submit $G $p "$c" --never-mail >/dev/null || fail "$p: $c"
	done
done
ok
for p in alice bob carol; do
	$MREL -C $D submit $G $p "MOVE stay" --never-mail >/dev/null || fail "$p: MOVE stay"
done
# the last to move, by mail: the move ends the round, the card is the next's
ls $O >$T/before
send dave@x.test "$(reply_to dave)" d1 "MOVE stay\nPLAY discuss"
expect 0 "dave moves and plays by mail" -- $M -C $D serve --once
S1=$($MREL -C $D log $G | awk '/dave: MOVE stay; PLAY discuss/ {print $1}' | tail -n 1)
[ -n "$S1" ] || { $MREL -C $D log $G >&2; fail "dave's entry is not logged"; }; ok
answer receipt dave@x.test d1
says d1 "(for 8:20)"

expect 0 "log" -- $M -C $D log $G
grep -q "^ *$S1 .* dave: MOVE stay; PLAY discuss (for 8:20)\$" $T/out ||
    { cat $T/out; fail "log does not say dave's card is for 8:20"; }; ok
[ "$(grep -c "(for " $T/out)" = 1 ] || { cat $T/out; fail "another entry says (for"; }; ok
expect 0 "replay" -- $M -C $D replay $G --from $S1 --to $S1
out_has "dave: MOVE stay; PLAY discuss (for 8:20)"
# the card alone, for this round: nothing said
[ "$(phase)" = act ] || fail "not the choice of cards"; ok
expect 0 "alice plays" -- $M -C $D submit $G alice "PLAY discuss" --no-mail
expect 0 "log" -- $M -C $D log $G
[ "$(grep -c "(for " $T/out)" = 1 ] || { cat $T/out; fail "a lone card says (for"; }; ok

# the host enters both for a seat, the last to move again
for p in alice bob carol dave; do
	c=$($MREL -C $D bot $G $p | grep '^PLAY') || continue
	$MREL -C $D submit $G $p "$c" --never-mail >/dev/null || fail "$p: $c"
done
[ "$(phase)" = move ] || fail "no move phase in round 2"; ok
for p in alice bob dave; do
	$MREL -C $D submit $G $p "MOVE stay" --never-mail >/dev/null || fail "$p: MOVE stay"
done
# bob, who has moved, sends his card for the next round alone, by mail:
# an entry of one command, for 8:40, logged at 8:20 (it said nothing)
ls $O >$T/before
send bob@x.test "$(reply_to bob)" b1 "PLAY discuss"
expect 0 "bob plays early by mail" -- $M -C $D serve --once
answer receipt bob@x.test b1
says b1 "(for 8:40)"
S3=$($MREL -C $D log $G | awk '/ bob: PLAY discuss/ {print $1}' | tail -n 1)
expect 0 "log" -- $M -C $D log $G
grep -q "^ *$S3 .* bob: PLAY discuss (for 8:40)\$" $T/out ||
    { cat $T/out; fail "log does not say bob's lone card is for 8:40"; }; ok
expect 0 "replay" -- $M -C $D replay $G --from $S3 --to $S3
out_has "bob: PLAY discuss (for 8:40)"
expect 0 "the host enters carol's move and card" -- $M -C $D submit $G carol "MOVE stay" "PLAY discuss" --no-mail
S2=$($MREL -C $D log $G | awk '/carol: MOVE stay; PLAY discuss/ {print $1}')
expect 0 "log" -- $M -C $D log $G
grep -q "^ *$S2 .* carol: MOVE stay; PLAY discuss (for 8:40)  (entered by the host: submit)\$" $T/out ||
    { cat $T/out; fail "log does not say carol's card is for 8:40"; }; ok
expect 0 "replay from the start" -- $M -C $D replay $G
out_has "dave: MOVE stay; PLAY discuss (for 8:20)"
out_has "carol: MOVE stay; PLAY discuss (for 8:40)  (entered by the host: submit)"
out_has "bob: PLAY discuss (for 8:40)"
[ "$(grep -c "(for " $T/out)" = 3 ] || { cat $T/out; fail "not 3 entries say (for"; }; ok
done_checks
