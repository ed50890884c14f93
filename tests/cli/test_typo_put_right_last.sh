#!/bin/sh
# test_typo_put_right_last.sh - the last awaited player's mail `MOVE ccw`,
# `MOVE cx` (a typo), `MOVE stay`: the stay puts the typo right
# (mq_game_corrects) and, as of two lines for the same move, changes the
# ccw. The look at the later line (submit.c's later_replaces) took the
# typo for a line that holds the stay back, so the ccw was played as the
# round's move and the stay, taken as the typo's correction, kept secret
# for the next round (found by the code review). Now the stay is the
# round's move, the ccw left out, nothing waits for the next round.
# Real replies through the Maildir inbox and `serve --once`.
. tests/cli/lib.sh
GAME_ARGS="--player eve=eve@x.test"
. tests/cli/lib_game.sh
place_all $D $G alice bob carol dave eve
mail() { receipt_of $G "$@"; }	# NAME ID TEXT: its receipt as $T/ID.*
for p in alice bob carol dave; do
	expect 0 "$p plays" -- $M -C $D submit $G $p "PLAY jest" --no-mail
done
mail eve e1 'PLAY jest'
for p in alice bob carol dave; do
	expect 0 "$p moves" -- $M -C $D submit $G $p "MOVE stay" --no-mail
done
before=$(room eve)
mail eve e2 'MOVE ccw\nMOVE cx\nMOVE stay'
says e2 "in place of line 2, which was refused"
says e2 "replaced by line 3, which was accepted"
says e2 "changed by line 3 before it was played: not logged"
[ "$(room eve)" = "$before" ] || fail "eve moved: $before -> $(room eve)"; ok
$MREL -C $D log $G >$T/log
grep -q "eve: MOVE stay$" $T/log || { cat $T/log >&2; fail "the stay is not logged alone"; }; ok
! grep -q "eve: MOVE ccw" $T/log || { cat $T/log >&2; fail "the ccw was played"; }; ok
expect 0 "eve's view" -- $M -C $D view $G eve
! grep -qi "not yet revealed" $T/out || { cat $T/out >&2;
    fail "a move of eve's waits for the next round"; }; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
