#!/bin/sh
# test_commit_for_round.sh - a card sent during the moves of 8:00 is
# 8:20's; the others' notice, a mail about moving for 8:00, listed its
# commitment as "alice, entry 14 (card):", which a reader could take for
# a card of 8:00 (found playing by mail). Now it says "(card for 8:20)",
# in en, ja and zh; the MOVE beside it, for 8:00, says "(move)" as
# before. The round is no secret: a card during the moves can only be
# the next round's, and `masqued log` says "(for 8:20)" too. The Red
# Death; real replies through the Maildir inbox and `serve --once`.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
expect 0 "bob reads Japanese" -- $M -C $D submit $G bob "SET LANG ja" --no-mail
expect 0 "carol reads Chinese" -- $M -C $D submit $G carol "SET LANG zh" --no-mail
place_all $D $G alice bob carol dave
for p in alice bob carol dave; do
	$MREL -C $D submit $G $p "PLAY discuss" --never-mail >/dev/null || fail "$p: PLAY discuss"
done
mail() { receipt_of $G "$@"; }	# NAME ID TEXT: its receipt as $T/ID.*
mail alice a1 'MOVE stay\nPLAY jest'
S=$($MREL -C $D log $G | tail -n 1 | awk '{print $1}')
answer notice dave@x.test n1
says n1 "alice, entry $S (card for 8:20):"
says n1 "alice, entry $S (move):"
answer notice bob@x.test n2
says n2 "alice、エントリ $S（8:20 のアクションカード）："
says n2 "alice、エントリ $S（移動）："
answer notice carol@x.test n3
says n3 "alice，条目 $S（用于 8:20 的行动卡）："
says n3 "alice，条目 $S（移动）："
# the card's round is what the log shows anyone reading it
expect 0 "log" -- $M -C $D log $G
out_has "alice: MOVE stay; PLAY jest (for 8:20)"
# the 8:20 card mail lists no card "for 8:20": the mail is 8:20's
for p in bob carol; do
	$MREL -C $D submit $G $p "MOVE stay" --never-mail >/dev/null || fail "$p: MOVE stay"
done
ls $O >$T/before
send dave@x.test "$(rt $G dave)" d1 "MOVE stay\nPLAY jest"
expect 0 "serve --once: d1" -- $M -C $D serve --once
answer resolution bob@x.test r2
says r2 "dave、エントリ $((S + 3))（アクションカード）："
says_not r2 "（8:20 のアクションカード）"
done_checks
