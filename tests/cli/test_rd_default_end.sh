#!/bin/sh
# test_rd_default_end.sh - The Red Death: the deadline's defaults that end
# the game are told in the end mail, each with what was played, to every
# player in their language, text and HTML. Round 12's moves: everyone
# misses the deadline, the four default MOVEs carry out the moves and
# midnight strikes. Before c864895 the end mail told only the last seat's
# default with its move ("dave missed the deadline: the default was
# played for them (Move: stay)."); the three before it by name alone, a
# MOVE being secret while the others had not moved. Then the last
# players alone: alice and bob move by mail, carol's and dave's defaults
# end the game, and alice and bob are told both. And the same mails, byte
# for byte, when a crash lost them and the catching up rebuilds them.
# The bots play up to round 12 (submit --never-mail); MASQUED_NOW the clock.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
H=3600
expect 0 "SET LANG ja for carol" -- $M -C $D submit $G carol "SET LANG ja"
expect 0 "SET LANG zh for dave" -- $M -C $D submit $G dave "SET LANG zh"
st() { $MREL -C $D view $G admin --json | $PY -c 'import json, sys
j = json.load(sys.stdin); print(j["round"], j["phase"], len(j["owes"]))'; }
at_last_moves() { [ "$(st)" = "12 move 4" ]; }
k=0
while ! at_last_moves && [ $k -lt 200 ]; do
	k=$((k + 1))
	for p in alice bob carol dave; do
		c=$($MREL -C $D bot $G $p) || fail "bot $p"
		[ -n "$c" ] && { $MREL -C $D submit $G $p "$c" --never-mail \
		    >/dev/null || fail "submit $p: $c"; }
		at_last_moves && break
	done
done
at_last_moves || fail "round 12 never waited for everyone's move: $(st)"; ok
expect 0 "serve --once" -- $M -C $D serve --once
# kept for the second half: the game as round 12's moves are owed
cp -a $D $T/before12
P=$((MASQUED_NOW + 100 * H))

# told_all WHO...: each WHO's end mail names every other WHO's default
# with its move, in WHO's language, and WHO's own as theirs
told_all() {
	for who in "$@"; do
		answer end $who@x.test $who
		for w in "$@"; do
			if [ $who = $w ]; then
				case $who in
				carol)	says $who "期限までにあなたの手が届かなかったため、既定の手を出しました（移動：留まる）。" ;;
				dave)	says $who "你没有在截止时间前行动，已代你执行默认行动（移动：不动）。" ;;
				*)	says $who "You missed the deadline: the default was played for you (Move: stay)." ;;
				esac
				continue
			fi
			case $who in
			carol)	says $who "期限までに $w さんの手が届かなかったため、その席に既定の手を出しました（移動：留まる）。" ;;
			dave)	says $who "$w 没有在截止时间前行动，已代其执行默认行动（移动：不动）。" ;;
			*)	says $who "$w missed the deadline: the default was played for them (Move: stay)." ;;
			esac
		done
	done
}
over() { $MREL -C $D view $G admin --json | grep -q '"phase": "over"'; }

# everyone misses the deadline
ls $O >$T/before
cp $D/games/$G/mailed $T/mailed
cp $D/games/$G/clock $T/clock
MASQUED_NOW=$P expect 0 "serve past the move deadline" -- $M -C $D serve --once
[ "$($MREL -C $D log $G | grep -c "timeout  [a-z]*: MOVE stay ")" = 4 ] ||
    { $MREL -C $D log $G >&2; fail "not four default MOVEs"; }; ok
over || fail "the defaults did not end the game"; ok
told_all alice bob carol dave
for who in alice bob carol dave; do cp $T/$who.txt $T/$who.first.txt; done
# the mails lost (a crash after the log entries): rebuilt the same
ls $O | sort | comm -13 $T/before - >$T/new
(cd $O && rm $(cat $T/new))
rm -f $D/spool/*.eml
cp $T/mailed $D/games/$G/mailed
cp $T/clock $D/games/$G/clock
MASQUED_NOW=$P expect 0 "serve: the catching up" -- $M -C $D serve --once
err_has "their mails are rebuilt"
told_all alice bob carol dave
for who in alice bob carol dave; do
	same_file $T/$who.first.txt $T/$who.txt "$who's end mail rebuilt"
done

# the last players alone miss it: alice and bob move by mail
rm -rf $D && cp -a $T/before12 $D
send alice@x.test "$(reply_to alice)" a12 "MOVE stay"
send bob@x.test "$(reply_to bob)" b12 "MOVE stay"
expect 0 "serve: alice's and bob's moves" -- $M -C $D serve --once
ls $O >$T/before
MASQUED_NOW=$P expect 0 "serve past the move deadline" -- $M -C $D serve --once
[ "$($MREL -C $D log $G | grep -c "timeout  [a-z]*: MOVE stay ")" = 2 ] ||
    { $MREL -C $D log $G >&2; fail "not two default MOVEs"; }; ok
over || fail "the defaults did not end the game"; ok
told_all carol dave
for who in alice bob; do
	answer end $who@x.test $who
	says $who "carol missed the deadline: the default was played for them (Move: stay)."
	says $who "dave missed the deadline: the default was played for them (Move: stay)."
	says_not $who "You missed the deadline"
done
done_checks
