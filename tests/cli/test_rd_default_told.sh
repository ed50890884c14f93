#!/bin/sh
# test_rd_default_told.sh - The Red Death: a deadline's default the table
# already shows (a PLACE in its turn: the noble stands in its room for all
# to see) is told to the others with what was played ("alice missed the
# deadline: the default was played for them\n(Place their noble in ...).");
# before, they read only that a default was played, as The Masquerade's
# did before 443f9c6. In each reader's language, text and HTML, the
# command a line of its own. A secret default (a PLAY still face down)
# stays untold: test_default_told.sh.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
PY=/usr/bin/python3
expect 0 "SET LANG ja for carol" -- $M -C $D submit $G carol "SET LANG ja"
expect 0 "SET LANG zh for dave" -- $M -C $D submit $G dave "SET LANG zh"
expect 0 "serve --once" -- $M -C $D serve --once
w=$($MREL -C $D games --json | $PY -c 'import json, sys; print(json.load(sys.stdin)["games"][0]["waiting_for"][0])')
[ -n "$w" ] || fail "nobody to place first"; ok
ls $O >$T/before
MASQUED_NOW=$((MASQUED_NOW + 100 * 3600)) expect 0 "serve past the deadline" -- $M -C $D serve --once
$MREL -C $D log $G | grep -q "timeout  $w: PLACE " || { $MREL -C $D log $G >&2; fail "no default PLACE for $w"; }; ok
read_new alice bob carol dave
for who in alice bob carol dave; do
	[ $who = $w ] && continue
	case $who in
	carol)	says $who "期限までに $w さんの手が届かなかったため、その席に既定の手を出しました（貴族を"
		grep -q "^（貴族を.*に置く）。$" $T/$who.raw || { cat $T/$who.raw >&2; fail "carol's line of $w's default"; }; ok ;;
	dave)	says $who "$w 没有在截止时间前行动，已代其执行默认行动（把贵族放在"
		grep -q "^（把贵族放在.*）。$" $T/$who.raw || { cat $T/$who.raw >&2; fail "dave's line of $w's default"; }; ok ;;
	*)	says $who "$w missed the deadline: the default was played for them (Place their noble in "
		grep -q "^(Place their noble in .*)\.$" $T/$who.raw || { cat $T/$who.raw >&2; fail "$who's line of $w's default"; }; ok ;;
	esac
	! sed -n '1,8p' $T/$who.raw | grep -q "^    " || fail "$who: a hanging indent at the top"; ok
done
# and to the player whose default it was, in a sentence too long for a
# line: its second line goes on flush, as a paragraph's ("(Place your
# noble\n    in Orange)" had a stray indent of four)
case $w in
carol|dave) ;;
*)	grep -q "^You missed the deadline: the default was played for you (Place" $T/$w.raw || { cat $T/$w.raw >&2; fail "$w's own default"; }; ok ;;
esac
! sed -n '1,8p' $T/$w.raw | grep -q "^    " || { sed -n '1,8p' $T/$w.raw >&2; fail "$w: a hanging indent at the top"; }; ok

# The move phase: everyone misses its deadline. Each default MOVE is kept
# secret as it is logged (the others have not moved), but the last one
# carries out the round's moves, and the mail after them shows them all:
# each seat's default is told with what was played, not the last alone
# (before, "alice missed the deadline: the default was played for them."
# for all but the last seat's, found playing a game by mail).
export MASQUED_NOW=$((MASQUED_NOW + 200 * 3600))
phase() { $MREL -C $D view $G public --json | $PY -c 'import json, sys; print(json.load(sys.stdin)["phase"])'; }
while [ "$(phase)" != move ]; do
	w=$($MREL -C $D games --json | $PY -c 'import json, sys; print(json.load(sys.stdin)["games"][0]["waiting_for"][0])')
	c=$($MREL -C $D bot $G $w) || fail "bot $w"
	expect 0 "submit $w $c" -- $M -C $D submit $G $w "$c"
done
expect 0 "serve --once" -- $M -C $D serve --once
ls $O >$T/before
MASQUED_NOW=$((MASQUED_NOW + 100 * 3600)) expect 0 "serve past the move deadline" -- $M -C $D serve --once
[ "$($MREL -C $D log $G | grep -c "timeout  [a-z]*: MOVE ")" = 4 ] || { $MREL -C $D log $G >&2; fail "not four default MOVEs"; }; ok
read_new alice bob carol dave
for who in alice bob carol dave; do
	for w in alice bob carol dave; do
		[ $who = $w ] && continue
		case $who in
		carol)	says $who "期限までに $w さんの手が届かなかったため、その席に既定の手を出しました（" ;;
		dave)	says $who "$w 没有在截止时间前行动，已代其执行默认行动（" ;;
		*)	says $who "$w missed the deadline: the default was played for them (Move" ;;
		esac
	done
done
done_checks
