#!/bin/sh
# test_receipt_labels.sh - a receipt calls a secret command "secret" only
# while the others cannot see it: "revealed at once" when they see it now.
# A MOVE made in its turn under the sequential-moves option is carried out
# at once (every view shows the noble in its new room), so is the last
# MOVE of a round of simultaneous moves (its reveal opens every move); an
# early MOVE waiting for its turn, and a midnight PLAN, stay secret; an
# early MOVE that a later PLAY of the same mail lets be carried out is
# "revealed at once" too. Real
# replies through the Maildir inbox and `serve --once` (ASan binary); the
# other players' commands by `submit --never-mail` (release binary).
. tests/cli/lib.sh
mail_folder
S=$(new_game $D --option sequential_moves=true) || fail "new (sequential moves)"
G=$(new_game $D) || fail "new"
expect 0 "serve --once sends the welcome mails" -- $M -C $D serve --once
. tests/cli/lib_mail.sh

owes() {	# game: the players owing something, in the view's order
	$MREL -C $D view $1 admin --json | $PY -c 'import json, sys
print(" ".join(o["player"] for o in json.load(sys.stdin)["owes"]))'
}
phase() {
	$MREL -C $D view $1 admin --json | $PY -c 'import json, sys
print(json.load(sys.stdin)["phase"])'
}
to_phase() {	# game, phase: the bots play on until that phase is due
	k=0
	until [ "$(phase $1)" = $2 ]; do
		k=$((k + 1)); [ $k -lt 20 ] || fail "$1: no $2 phase came"
		for p in alice bob carol dave; do
			c=$($MREL -C $D bot $1 $p) || fail "bot $p"
			[ -n "$c" ] && { $MREL -C $D submit --never-mail $1 $p "$c" >/dev/null ||
			    fail "submit $p: $c"; }
		done
	done
}
# mail GAME NAME ID TEXT: NAME's reply, served; its receipt as $T/ID.*
mail() { receipt_of "$@"; }
labelled() {	# id, command, label: both parts of receipt ID say so
	grep -qF -- "$2 ($3) commitment: " $T/$1.txt ||
	    { cat $T/$1.txt >&2; fail "$1 (txt) does not call $2 $3"; }; ok
	sed 's/<[^>]*>/ /g; s/  */ /g' $T/$1.html | grep -qF -- "$2 $3; commitment" ||
	    { cat $T/$1.html >&2; fail "$1 (html) does not call $2 $3"; }; ok
}

# --- sequential moves: the first to move, in its turn; a later one early ---
to_phase $S move
set -- $(owes $S)
[ $# = 1 ] || fail "sequential: $# players owe a move at once"; ok
first=$1
for p in alice bob carol dave; do [ $p != $first ] && later=$p; done
mail $S $later s1 'MOVE ccw\nPLAN cw stay stay stay stay stay'
labelled s1 "MOVE ccw" secret
labelled s1 "PLAN cw stay stay stay stay stay" secret
[ "$(owes $S)" = "$first" ] || fail "an early move took the turn"; ok
mail $S $first s2 'MOVE stay'
labelled s2 "MOVE stay" "revealed at once"
[ "$(owes $S)" != "$first" ] || fail "the move in its turn was not carried out"; ok
! tail -n 1 $D/games/$S/log | grep -q '"type":"reveal"' ||
    fail "a move that did not end the round opened the moves"; ok

# --- simultaneous moves: the last of the round, with a PLAN ---
to_phase $G move
set -- $(owes $G)
[ $# = 4 ] || fail "simultaneous: $# players owe a move, not 4"; ok
last=$4
for p in $1 $2 $3; do
	$MREL -C $D submit --never-mail $G $p "MOVE stay" >/dev/null || fail "$p's move"
done
mail $G $last g1 'PLAN ccw stay stay stay stay stay\nMOVE stay'
labelled g1 "PLAN ccw stay stay stay stay stay" secret
labelled g1 "MOVE stay" "revealed at once"
tail -n 1 $D/games/$G/log | grep -q '"type":"reveal"' ||
    fail "the round's last move revealed nothing"; ok
# --- sequential moves: a MOVE sent before the PLAY that ends the actions ---
# The MOVE waits (the moves have not begun) until the PLAY after it ends
# the actions; for the most popular player, first to move, it is then
# carried out at once, and the receipt must say so. Four games alike but
# for which player's mail ends the actions: exactly one is the first mover.
pending_move() {	# game, name: the move the admin view holds for NAME
	$MREL -C $D view $1 admin --json | $PY -c 'import json, sys
print([p for p in json.load(sys.stdin)["players"] if p["name"] == sys.argv[1]][0]["pending_move"])' "$2"
}
carried=0
for x in alice bob carol dave; do
	A=$(new_game $D --option sequential_moves=true) || fail "new ($x ends the actions)"
	eval "A_$x=$A"
done
expect 0 "serve --once sends their welcome mails" -- $M -C $D serve --once
for x in alice bob carol dave; do
	eval "A=\$A_$x"
	to_phase $A act
	for p in alice bob carol dave; do
		[ $p = $x ] && continue
		$MREL -C $D submit --never-mail $A $p "$($MREL -C $D bot $A $p)" >/dev/null ||
		    fail "$p's action"
	done
	play=$($MREL -C $D bot $A $x) || fail "bot $x"
	mail $A $x "m$x" "MOVE stay\n$play"
	[ "$(phase $A)" = move ] || fail "$x's PLAY did not end the actions"; ok
	if [ "$(pending_move $A $x)" = None ]; then
		carried=$((carried + 1))
		labelled "m$x" "MOVE stay" "revealed at once"
	else
		labelled "m$x" "MOVE stay" secret
	fi
done
[ $carried = 1 ] || fail "$carried of the four held moves were carried out, not 1"; ok
done_checks
