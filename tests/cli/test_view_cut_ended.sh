#!/bin/sh
# test_view_cut_ended.sh - a finished game's log cut after its end, with
# its mark of mailed entries (DATA/games/G/mailed) deleted as well: verify
# told it by the game's ended mark (test_verify_cut_ended.sh), but view,
# export, state, replay, log and games showed a game in progress (the
# host's end cut) or refused export as "a crash came between" (its end
# entry cut), as if nothing were wrong (found by a review). Each says it
# now, as of a cut its mark of mailed entries tells (test_cut_log_view.sh):
# one sentence, exit 3; state and replay asked for entries before the cut
# show them, and say it in a note.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
L=$D/games/$G/log
expect 0 "alice places" -- $M -C $D submit $G alice "PLACE green"
expect 0 "bob places" -- $M -C $D submit $G bob "PLACE blue"
expect 0 "the host ends it" -- $M -C $D admin $G end --why "the party left"
expect 0 "serve --once" -- $M -C $D serve --once
n=$(grep -c '' $L)
[ "$(cut -d' ' -f1 $D/games/$G/ended)" = $n ] || fail "the ended mark is not entry $n"; ok
cp $L $T/log.whole
for cut in 1 2; do
	k=$((n - cut))
	head -n $k $T/log.whole >$L
	rm -f $D/games/$G/mailed
	s="The log of game $G ends at entry $k, but the game was recorded as ended at entry $n ($D/games/$G/ended): its last entries were removed; put its whole log back from a backup (masqued verify $G checks it)."
	for who in alice public admin; do
		expect 3 "view $who, $cut cut" -- $M -C $D view $G $who
		err_has "masqued: $s"; one_line
		[ -s $T/out ] && fail "view $who showed the cut game"; ok
	done
	expect 3 "view --json, $cut cut" -- $M -C $D view $G public --json
	err_has "masqued: $s"; one_line
	expect 3 "export, $cut cut" -- $M -C $D export $G
	err_has "masqued: $s"; one_line
	[ -s $T/out ] && fail "export printed the cut log"; ok
	expect 3 "log, $cut cut" -- $M -C $D log $G
	err_has "masqued: $s"; one_line
	[ "$(grep -c '' $T/out)" = $k ] || fail "log did not show the $k entries there are"; ok
	expect 3 "log --json, $cut cut" -- $M -C $D log $G --json
	err_has "masqued: $s"; one_line
	expect 3 "state, $cut cut" -- $M -C $D state $G
	err_has "masqued: $s"; one_line
	grep -q "after entry $k" $T/out || fail "state did not show the last entry there is"; ok
	expect 3 "replay, $cut cut" -- $M -C $D replay $G
	err_has "masqued: $s"; one_line
	expect 0 "state --at 2, $cut cut" -- $M -C $D state $G --at 2
	err_has "masqued: What is shown rests on entries 1 to 2, which are sound; yet the log of game $G ends at entry $k, but the game was recorded as ended at entry $n"
	one_line
	expect 0 "replay --to 2, $cut cut" -- $M -C $D replay $G --to 2
	err_has "masqued: What is shown rests on entries 1 to 2, which are sound; yet the log of game $G ends"
	one_line
	expect 3 "games, $cut cut" -- $M -C $D games
	out_has "$G  cannot be read: $s"
	grep -q "running" $T/out && fail "games shows the cut game running"; ok
done
# the whole log back: every one of them answers again
cp $T/log.whole $L
for c in "view $G alice" "export $G" "log $G" "state $G" "replay $G" "games"; do
	expect 0 "$c, the log put back" -- $M -C $D $c
done
done_checks
