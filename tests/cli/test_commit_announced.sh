#!/bin/sh
# test_commit_announced.sh - every commitment is announced to every player
# before its secret is opened. A MOVE sent in the same mail as the round's
# last PLAY is committed by the entry that resolves the round: the
# resolution mail opens the PLAYs, and must list the MOVE's commitment, or
# nobody but its sender would see the hash before the MOVE is opened.
# Each line says which move of the entry it is ("(move)"), dave's own
# "(your move)"; dave's receipt says his card completed the phase.
# Real replies through the Maildir inbox and `serve --once` (ASan binary).
. tests/cli/lib.sh
. tests/cli/lib_game.sh
to_move() {	# the one who owes a move now
	$MREL -C $D view $G admin --json |
	    $PY -c 'import json,sys; print(json.load(sys.stdin)["owes"][0]["player"])'
}
for k in 1 2 3 4; do	# the placements
	o=$(to_move)
	$MREL -C $D submit --no-mail $G $o "$($MREL -C $D bot $G $o)" >/dev/null ||
	    fail "the placement of $o"
done
for p in alice bob carol; do
	$MREL -C $D submit --no-mail $G $p "$($MREL -C $D bot $G $p)" >/dev/null ||
	    fail "$p's PLAY"
done
expect 0 "serve --once" -- $M -C $D serve --once
ls $O >$T/before
send dave@x.test "$(reply_to dave)" d1 "$($MREL -C $D bot $G dave)\nMOVE ccw"
expect 0 "serve --once with dave's last PLAY and his MOVE" -- $M -C $D serve --once
# the MOVE's commitment, from the log
mv=$($MREL -C $D log $G --json | tail -n 2 | head -n 1 | $PY -c '
import json, sys
e = json.load(sys.stdin)
print([c["commit"] for c in e["commands"] if c["text"] == "MOVE ccw"][0])') ||
    fail "the log has no MOVE ccw"
[ ${#mv} = 64 ] || fail "no commitment for the MOVE: $mv"; ok
$MREL -C $D log $G | tail -n 2 | grep -q reveal ||
    fail "dave's PLAY did not resolve the round: $($MREL -C $D log $G | tail -n 2)"; ok
seq=$($MREL -C $D log $G --json | tail -n 2 | head -n 1 | $PY -c '
import json, sys
print(json.load(sys.stdin)["seq"])')
# each commitment says which of dave's moves it is (his card's is opened
# in the same mail): "dave, entry N:" did not
for p in alice bob carol; do
	answer resolution $p@x.test $p
	says $p "$mv"
	says $p "dave, entry $seq (move):"
done
# dave's own: his, which his receipt holds too; the receipt says his card
# completed the phase, and that what happened comes in the resolution
answer resolution dave@x.test dave
says dave "dave, entry $seq (your move):"
answer receipt dave@x.test dr
says dr "Your move completed the phase, which resolved at once"
says_not dr "move your noble"
# and the MOVE itself is not shown: dave is only no longer waited for
grep -q "Waiting for the moves of: you, bob, carol" $T/alice.txt ||
    fail "alice's mail does not wait for the others' moves"; ok
! grep -q "MOVE ccw salt" $T/alice.txt || fail "alice's mail shows dave's MOVE"; ok
# the resolution's opened PLAYs are not listed again as to be opened
pl=$($MREL -C $D log $G --json | tail -n 2 | head -n 1 | $PY -c '
import json, sys
e = json.load(sys.stdin)
print([c["commit"] for c in e["commands"] if c["text"].startswith("PLAY")][0])')
[ "$(grep -o "$pl" $T/alice.txt | wc -l)" = 1 ] ||
    fail "the opened PLAY's commitment is listed twice"; ok
# the log holds both, and verifies
expect 0 "verify" -- $M -C $D verify $G
done_checks
