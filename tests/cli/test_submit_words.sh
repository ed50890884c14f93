#!/bin/sh
# test_submit_words.sh - a host who types submit's command unquoted
# (masqued submit G bob PLACE blue) gives the shell two arguments, so two
# command lines, "PLACE" and "blue": refused, nothing logged, and the
# sentence says that each argument is one line and how to quote it, not
# only that PLACE lacks its room (which the host did type). Quoted, it
# is taken; a game over says its own sentence alone.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
p=$($MREL -C $D view $G admin --json | /usr/bin/python3 -c 'import json, sys
print(json.load(sys.stdin)["owes"][0]["player"])')
c=$($MREL -C $D bot $G $p | grep '^PLACE')
[ -n "$c" ] || fail "no placement for $p"; ok
L=$D/games/$G/log
cp $L $T/log0
# shellcheck disable=SC2086
expect 1 "unquoted: refused" -- $M -C $D submit $G $p $c --no-mail
one_line
err_has "Each argument after the player is one command line: write a command and its words as one, in quotes, such as \"$c\"."
same_file $L $T/log0 "nothing logged"
expect 0 "quoted: taken" -- $M -C $D submit $G $p "$c" --no-mail
# two sound one-word lines are no mistake, and a refusal of lines with
# their words gets no such hint
expect 0 "STATUS HELP" -- $M -C $D submit $G $p STATUS HELP --no-mail
expect 1 "a refused line with its words" -- $M -C $D submit $G $p "PLACE nowhere" --no-mail
! grep -q "Each argument" $T/err || fail "a quoted line got the hint"; ok
done_checks
