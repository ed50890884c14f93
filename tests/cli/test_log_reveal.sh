#!/bin/sh
# test_log_reveal.sh - log and replay say, of each entry a reveal opens,
# whose commitment it was and what it held ("opens 7 (alice's PLAY
# discuss), 8 (bob's ...)"); they said the entries' numbers alone, and a
# host settling a dispute looked each one up. replay --from past the
# commands still names them (from the game it steps, not from the lines it
# printed). --json is the logged entry, unchanged.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
play_rounds $D $G 2
$MREL -C $D log $G >$T/log
# each command entry a reveal opens, with its player and its text
for seq in $(sed -n 's/^ *\([0-9]*\) .*command  .*/\1/p' $T/log); do
	line=$(sed -n "s/^ *$seq  [^ ]* [^ ]*  command  \([a-z]*\): \(.*\)  (entered by the host: submit)\$/\1's \2/p" $T/log)
	[ -n "$line" ] || fail "entry $seq is no command line: $(cat $T/log)"
	grep "reveal   opens" $T/log | grep -qF " $seq ($line)" ||
	    fail "no reveal says entry $seq was $line: $(grep reveal $T/log)"
done; ok
grep -q "reveal   opens 2 (alice's PLACE [a-z]*), 3 (bob's PLACE [a-z]*), 4 (carol's PLACE [a-z]*), 5 (dave's PLACE [a-z]*)\$" $T/log ||
    fail "the first reveal: $(cat $T/log)"; ok
# replay from the last command before the second reveal: the three before
# it are named from the game, as log names them
r=$(grep "reveal" $T/log | sed -n 2p | sed 's/^ *\([0-9]*\) .*/\1/')
expect 0 "replay from the last command" -- $M -C $D replay $G --from $((r - 1)) --to $r
grep "reveal   opens" $T/out >$T/replayed
grep "^ *$r " $T/log | sed 's/.*reveal   //' >$T/logged
grep -qF "$(cat $T/logged)" $T/replayed || fail "replay says otherwise: $(cat $T/replayed) / $(cat $T/logged)"; ok
# --json: the entry as logged, its opens the numbers alone
$MREL -C $D log $G --json | sed -n ${r}p | $PY -c '
import json, sys
b = json.load(sys.stdin)
assert b["type"] == "reveal" and all(type(s) is int for s in b["opens"]), b' ||
    fail "the logged reveal: $($MREL -C $D log $G --json | sed -n ${r}p)"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
