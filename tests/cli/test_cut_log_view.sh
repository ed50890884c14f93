#!/bin/sh
# test_cut_log_view.sh - a log whose last entries were cut (an old backup
# put back, or a hand) ends before what its players were mailed: serve and
# games stop the game, and so must view and export, which show the game
# now: they would show an older game than the players' mails, or publish it.
# One sentence, exit 3, and nothing changes. log, state and replay show what
# is there, and then say so.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
L=$D/games/$G/log
play_rounds $D $G 2
n=$(wc -l <$L)
expect 0 "view of the whole log" -- $M -C $D view $G alice
head -n $((n - 1)) $L >$T/log.cut
cp $T/log.cut $L
cp $D/games/$G/mailed $T/mailed.before
cut="The log of game $G ends at entry $((n - 1)), but entries up to $n were mailed to the players ($D/games/$G/mailed): its last entries were removed, and the game stops until its whole log is put back (masqued verify $G checks it)."
for who in alice public admin; do
	expect 3 "view $who of a cut log" -- $M -C $D view $G $who
	err_has "$cut"; one_line
	[ -s $T/out ] && fail "view $who showed the cut game"; ok
done
expect 3 "view --json of a cut log" -- $M -C $D view $G alice --json
err_has "$cut"; one_line
expect 3 "export of a cut log" -- $M -C $D export $G
err_has "$cut"; one_line
[ -s $T/out ] && fail "export printed the cut log"; ok
# log, state and replay show what is there, as of a damaged log, and then
# say it is cut: exit 3 when what was asked reaches the end, else a note
expect 3 "log of a cut log" -- $M -C $D log $G
err_has "$cut"; one_line
[ "$(grep -c '' $T/out)" = $((n - 1)) ] || fail "log did not show the $((n - 1)) entries there are"; ok
expect 3 "state of a cut log" -- $M -C $D state $G
err_has "$cut"; one_line
grep -q "after entry $((n - 1))" $T/out || fail "state did not show the last entry there is"; ok
expect 3 "replay of a cut log" -- $M -C $D replay $G --from 2
err_has "$cut"; one_line
expect 3 "replay past the end of a cut log" -- $M -C $D replay $G --from $n
err_has "$cut"; one_line
expect 0 "state of a cut log, before the cut" -- $M -C $D state $G --at 2
err_has "masqued: What is shown rests on entries 1 to 2, which are sound; yet the log of game $G ends at entry $((n - 1))"
one_line
expect 0 "replay of a cut log, before the cut" -- $M -C $D replay $G --to 2
err_has "masqued: What is shown rests on entries 1 to 2, which are sound; yet the log of game $G ends"
same_file $L $T/log.cut "the cut log"
same_file $D/games/$G/mailed $T/mailed.before "the mark"
# a log zeroed (its bytes overwritten, not cut): admin says what verify
# says, not that its last entries were removed (found by the host)
head -c "$(wc -c <$T/log.cut)" /dev/zero >$L
expect 3 "admin on a zeroed log" -- $M -C $D admin $G pause --why "x"
err_has "does not verify (entry 1: the log holds no complete entry)"; one_line
! grep -q "were removed" $T/err || fail "a zeroed log is said cut"; ok
cp $T/log.cut $L
done_checks
