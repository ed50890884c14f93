#!/bin/sh
# test_receipt_same_mail.sh - two MOVE lines of one mail: the receipt says
# the second changes the first ("changes your move of line 1", en, ja, zh),
# as a change sent in a later mail names its entry; a line that changes
# both a move of an earlier mail and one of its own mail names its own
# mail's line (found by players by mail).
# Real replies through the Maildir inbox and `serve --once`.
. tests/cli/lib.sh
GAME_ARGS="--player eve=eve@x.test"
. tests/cli/lib_game.sh
expect 0 "bob reads Japanese" -- $M -C $D submit $G bob "SET LANG ja" --no-mail
expect 0 "carol reads Chinese" -- $M -C $D submit $G carol "SET LANG zh" --no-mail
place_all $D $G alice bob carol dave eve
mail() { receipt_of $G "$@"; }	# NAME ID TEXT: its receipt as $T/ID.*
# none_else ID TEXT: no mail of the last serve but ID's receipt says TEXT
none_else() {
	for f in $(cat $T/new); do
		[ "$O/$f" = "$(cat $T/$1.file)" ] && continue
		! grep -qF -- "$2" $O/$f || fail "another mail ($f) says: $2"
	done
	ok
}
entry() { $MREL -C $D log $G | tail -n 1 | awk '{print $1}'; }

mail dave d1 'PLAY dance\nMOVE stay'
# --- two MOVE lines of one mail: the second changes the first ---
mail dave d3 'MOVE cw\nMOVE ccw'
says d3 "changes your move of line 1"
[ "$(grep -o "changes your move of" $T/d3.txt | wc -l)" = 2 ] ||
    { cat $T/d3.txt >&2; fail "d3: not both lines said changes"; }; ok
# the first line changes the MOVE of d1; the second, the first line only
grep -qF "line 1: " $T/d3.txt && grep -qE "changes your move of entry [0-9]+ .*line 2: .*changes your move of line 1" $T/d3.txt ||
    { cat $T/d3.txt >&2; fail "d3: not line 1 entry, line 2 line 1"; }; ok
! grep -qE "line 2: .*changes your move of entry" $T/d3.txt ||
    fail "d3: line 2 said to change an entry"; ok
mail bob b3 'MOVE cw\nMOVE stay'
says b3 "1行目の手を変更します"
mail carol c3 'MOVE cw\nMOVE stay'
says c3 "更改你在第 1 行的行动"
# --- a refused MOVE put right on the next line: the second is taken, in
# its place (it waited, "may have counted on" the first, before) ---
mail dave d4 'MOVE cx\nMOVE cw'
says d4 "line 2: "
says d4 "in place of line 1, which was refused"
says d4 "replaced by line 2, which was accepted"
says_not d4 "may have counted on it"
# nothing to send again: the refused line was put right
says_not d4 "send again, corrected"
mail bob b4 'MOVE cx\nMOVE ccw'
says b4 "受け付けられなかった 1行目の代わりに適用しました"
mail carol c4 'MOVE cx\nMOVE ccw'
says c4 "已由第 2 行替换，该行已被接受"
# the cards, eve's the round's last: the log verifies, as before
mail alice a1 'PLAY jest'
mail carol c1 'PLAY jest'
mail bob b1 'PLAY jest'
ls $O >$T/before
expect 0 "eve plays last: the cards are revealed" -- $M -C $D submit $G eve "PLAY jest"
expect 0 "verify" -- $M -C $D verify $G
done_checks
