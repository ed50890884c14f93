#!/bin/sh
# test_move_round_said.sh - in the moves of 8:00, a mail of MOVE stay,
# PLAY jest, MOVE cw (found playing by mail): the card is kept for 8:20,
# and the last MOVE changes 8:00's move (a MOVE is always for the moves
# that come next: DESIGN keeps one phase ahead, no more). The receipt
# said "(for 8:20)" on the card alone, so the MOVE under it read as the
# next round's; now every line of a mail with one line for another round
# says its round: "(for 8:00)" on both MOVEs, in en, ja and zh. A MOVE
# beside no card for another round says nothing. The Red Death; real
# replies through the Maildir inbox and `serve --once`.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
expect 0 "bob reads Japanese" -- $M -C $D submit $G bob "SET LANG ja" --no-mail
expect 0 "carol reads Chinese" -- $M -C $D submit $G carol "SET LANG zh" --no-mail
place_all $D $G alice bob carol dave
phase() { $MREL -C $D view $G admin --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["phase"])'; }
for p in alice bob carol dave; do
	$MREL -C $D submit $G $p "PLAY discuss" --never-mail >/dev/null || fail "$p: PLAY discuss"
done
[ "$(phase)" = move ] || fail "not the moves of 8:00"; ok
mail() { receipt_of $G "$@"; }	# NAME ID TEXT: its receipt as $T/ID.*
txt_says() {	# ID TEXT: the text part says it (the HTML lists no line numbers)
	grep -qF -- "$2" $T/$1.txt || { cat $T/$1.txt >&2; fail "$1 does not say: $2"; }
	ok
}
mail alice a1 'MOVE stay\nPLAY jest\nMOVE cw'
txt_says a1 "line 1: Move: stay (for 8:00)"
txt_says a1 "line 2: Play Jest (for 8:20)"
txt_says a1 "line 3: Move: clockwise (for 8:00)"
says a1 "changes your move of line 1"
mail bob b1 '移動 そのまま\nプレイ 冗談\n移動 時計回り'
txt_says b1 "1行目：移動：留まる（8:00 の分）"
txt_says b1 "2行目：「冗談」を出す（8:20 の分）"
txt_says b1 "3行目：移動：時計回り（8:00 の分）"
mail carol c1 '移动 不动\n出牌 笑话\n移动 顺时针'
txt_says c1 "第 1 行：移动：不动（用于 8:00）"
txt_says c1 "第 2 行：打出「笑话」（用于 8:20）"
txt_says c1 "第 3 行：移动：顺时针（用于 8:00）"
# a MOVE alone, for the moves at hand: no round said
mail dave d1 'MOVE stay'
says_not d1 "(for 8:"
[ "$(phase)" = act ] || fail "the moves of 8:00 did not end"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
