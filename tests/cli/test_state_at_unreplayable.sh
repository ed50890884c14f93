#!/bin/sh
# test_state_at_unreplayable.sh - a log whose last entry is signed and
# chained but does not replay (an end entry while the game goes on):
# `state --at N` before it says on stderr, in one line, that the log does
# not verify further on, as `replay --to N` says it and as both say it of
# an entry that does not verify; the state shown is the log whole's.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
L=$D/games/$G/log
play_rounds $D $G 2
n=$(wc -l <$L)
expect 0 "state --at 3 of the log whole" -- $M -C $D state $G --at 3
cp $T/out $T/state3.txt
$PY tests/sign_end.py $L $D/keys/server.key || fail "the end entry could not be made"
m=$((n + 1))
note="masqued: What is shown rests on entries 1 to 3, which are sound; but the log of game $G does not verify further on (entry $m: an end entry, but the game is not over there); the game stops until you put it back from a backup (masqued verify $G)."
expect 0 "replay --from 2 --to 3, before the entry that does not replay" -- $M -C $D replay $G --from 2 --to 3
err_has "$note"; one_line
expect 0 "state --at 3, before the entry that does not replay" -- $M -C $D state $G --at 3
err_has "$note"; one_line
same_file $T/out $T/state3.txt "state --at 3"
expect 0 "state --at 3 --json" -- $M -C $D state $G --at 3 --json
err_has "$note"; one_line
expect 3 "state --at $m, at it" -- $M -C $D state $G --at $m
err_has "(entry $m: an end entry, but the game is not over there); nothing from entry $m on is shown"
one_line
# past the end of a sound log: refused, as before
cp $L $T/log.bad
head -n $n $T/log.bad >$L
expect 1 "state --at $m of the sound log" -- $M -C $D state $G --at $m
err_has "there is no entry $m."; one_line
done_checks
