#!/bin/sh
# test_ms_default_end.sh - The Masquerade: a deadline's default that ends
# the game is told in the end mail, with what was played, to every player
# in their language, text and HTML: to its seat as theirs, to the others
# by name with the command (a DISCARD's Spells go to the tomb face up).
# The game is played by the bots (submit --never-mail); before each move,
# the deadline is passed on a copy of the data folder, and the first
# default that ends the game there is the one played, past the deadline
# (MASQUED_NOW), in the game itself.
. tests/cli/lib.sh
PY=/usr/bin/python3
H=3600
D=$T/data
S=$T/scratch
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
SEED=0000000000000000000000000000000000000000000000000000000000000001

ms_game $D $SEED
ms_sub bob "SET LANG ja"
ms_sub carol "SET LANG zh"
expect 0 "serve: the welcomes" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
P=$((MASQUED_NOW + 100 * H))
k=0
w=
while [ $k -lt 600 ]; do
	k=$((k + 1))
	p=$(to_move $D)
	[ -n "$p" ] || fail "nobody to move, the game not over"
	rm -rf $S && cp -a $D $S
	MASQUED_NOW=$P $MREL -C $S serve --once >/dev/null 2>&1 ||
	    fail "serve past the deadline on the copy"
	if over $S; then
		w=$p
		break
	fi
	c=$($MREL -C $D bot $G $p) || fail "bot $p"
	$MREL -C $D submit $G $p "$c" --never-mail >/dev/null || fail "submit $p: $c"
done
[ -n "$w" ] || fail "no default ended the game"; ok
expect 0 "serve: the mails of the bots' moves (none)" -- $M -C $D serve --once
ls $O >$T/before
MASQUED_NOW=$P expect 0 "serve past $w's deadline" -- $M -C $D serve --once
over $D || fail "the default did not end the game"; ok
$MREL -C $D log $G | tail -n 2 >$T/tail
grep -q "timeout  $w: " $T/tail && grep -q " end  " $T/tail ||
    { cat $T/tail >&2; fail "not $w's default, then the end"; }; ok
for who in alice bob carol; do
	answer end $who@x.test $who
	if [ $who = $w ]; then
		case $who in
		bob)	says $who "期限までにあなたの手が届かなかったため、既定の手を出しました（" ;;
		carol)	says $who "你没有在截止时间前行动，已代你执行默认行动（" ;;
		*)	says $who "You missed the deadline: the default was played for you (" ;;
		esac
		continue
	fi
	# by name, with the command: "…for them (Discard 1x March, …)."
	case $who in
	bob)	says $who "期限までに $w さんの手が届かなかったため、その席に既定の手を出しました（"
		grep -q "期限までに $w さんの手が届かなかったため、その席に既定の手を出しました（[^）]*[^（）]）。" $T/$who.txt ||
		    fail "$who: $w's default without its command" ;;
	carol)	says $who "$w 没有在截止时间前行动，已代其执行默认行动（"
		grep -q "$w 没有在截止时间前行动，已代其执行默认行动（[^）]*[^（）]）。" $T/$who.txt ||
		    fail "$who: $w's default without its command" ;;
	*)	says $who "$w missed the deadline: the default was played for them ("
		grep -q "$w missed the deadline: the default was played for them ([^)]*[^()])\." $T/$who.txt ||
		    fail "$who: $w's default without its command" ;;
	esac
	ok
done
expect 0 "the log verifies" -- $M -C $D verify $G
done_checks
