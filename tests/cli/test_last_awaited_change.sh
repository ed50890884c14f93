#!/bin/sh
# test_last_awaited_change.sh - of two lines of one mail for the same move,
# the later changes the earlier also when the sender is the last the round
# waits for: `MOVE ccw`, then `MOVE stay`, from the last to move, plays
# the stay for this round; the ccw is left out (its receipt line says the
# later line changed it, which says it changes line 1), not played as the
# round's move with the stay kept secret for the next round (found by a
# player reviewer by mail). Two PLAYs alike: the later is the round's card.
# Real replies through the Maildir inbox and `serve --once`.
. tests/cli/lib.sh
GAME_ARGS="--player eve=eve@x.test"
. tests/cli/lib_game.sh
place_all $D $G alice bob carol dave eve
mail() { receipt_of $G "$@"; }	# NAME ID TEXT: its receipt as $T/ID.*
all_send() {	# COMMAND NAME...: each NAME submits COMMAND (no mail)
	as_c=$1; shift
	for p in "$@"; do
		expect 0 "$p: $as_c" -- $M -C $D submit $G $p "$as_c" --no-mail
	done
}
# logged_alone ID KEPT LEFT: after mail ID, a line of the log ends with
# KEPT (an entry of it alone); LEFT (the line it changed) is nowhere
logged_alone() {
	$MREL -C $D log $G >$T/log.$1
	grep -q "$2\$" $T/log.$1 || { cat $T/log.$1 >&2;
	    fail "$1: the entry is not $2 alone"; }; ok
	! grep -q "$3" $T/log.$1 || fail "$1: $3 was played"; ok
}
all_send "PLAY jest" alice bob carol dave
# --- eve is the last to play: two PLAYs, the later is her card ---
mail eve e1 'PLAY jest\nPLAY discuss'
says e1 "changes your move of line 1"
says e1 "changed by line 2 before it was played: not logged"
logged_alone e1 "eve: PLAY discuss" "eve: PLAY jest"
all_send "MOVE stay" alice bob carol dave
before=$(room eve)
# --- eve is the last to move: MOVE ccw, then MOVE stay ---
mail eve e2 'MOVE ccw\nMOVE stay'
says e2 "changes your move of line 1"
says e2 "changed by line 2 before it was played: not logged"
[ "$(room eve)" = "$before" ] || fail "eve moved: $before -> $(room eve)"; ok
logged_alone e2 "eve: MOVE stay" "MOVE ccw"
# nothing of the mail waits for the next round: eve owes her card
expect 0 "eve's view" -- $M -C $D view $G eve
! grep -qi "not yet revealed" $T/out || { cat $T/out >&2;
    fail "a move of eve's waits for the next round"; }; ok
# ja and zh say it too
expect 0 "bob reads Japanese" -- $M -C $D submit $G bob "SET LANG ja" --no-mail
expect 0 "carol reads Chinese" -- $M -C $D submit $G carol "SET LANG zh" --no-mail
# eve has her jest still: the PLAY left out was not played
all_send "PLAY discuss" alice carol dave
expect 0 "eve plays the jest she kept" -- $M -C $D submit $G eve "PLAY jest" --no-mail
mail bob b1 'PLAY dance\nPLAY discuss'
says b1 "使われる前に2行目で変更されました（記録なし）"
says b1 "1行目の手を変更します"
all_send "MOVE stay" alice bob dave eve
mail carol c1 'MOVE cw\nMOVE stay'
says c1 "在生效前已被第 2 行更改（未记录）"
says c1 "更改你在第 1 行的行动"
expect 0 "verify" -- $M -C $D verify $G
done_checks
