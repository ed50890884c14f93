#!/bin/sh
# test_masquerade.sh - The Masquerade from the command line: bots play whole
# games through the one apply() with every invariant checked after every
# command (sim), a player count the game does not take is refused, and `new`
# makes a game of it (its mails: test_masquerade_mail.sh).
. "$(dirname "$0")/lib.sh"

for n in 3 4 5; do
	expect 0 "sim masquerade, $n players" -- $M sim masquerade --games 150 \
	    --players $n --json
	/usr/bin/python3 - "$T/out" $n <<'PY' || fail "sim masquerade $n: $(cat "$T/out")"
import json, sys
r = json.load(open(sys.argv[1]))
n = int(sys.argv[2])
assert r["games"] == 150 and r["players"] == n, r
assert r["violations"] == 0, r
# every game has a winner, and no seat wins them all
assert sum(r["wins_by_seat"]) == 150, r
assert max(r["wins_by_seat"]) < 150, r
PY
	ok
done
# careful bots beat random ones (the careful bot is not a random one)
expect 0 "sim masquerade, careful against random" -- $M sim masquerade \
    --games 200 --players 4 --bots careful,random,random,random --json
/usr/bin/python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["wins_by_seat"][0] > 200 / 4, r' "$T/out" || fail "careful bot: $(cat "$T/out")"
ok

# the text report: games nobody survived only where a player may die (it
# said "games nobody survived: 0" of The Masquerade, where nobody dies);
# --no-check runs the games unchecked; help names both, --games optional
expect 0 "sim masquerade, text" -- $M sim masquerade --games 3 --players 3
out_has "violations: 0"
grep -q "nobody survived" "$T/out" && { cat "$T/out" >&2; fail "sim masquerade counts games nobody survived"; }; ok
expect 0 "sim redmasque, text" -- $M sim redmasque --games 3
out_has "violations: 0; games nobody survived: "
expect 0 "sim --no-check" -- $M sim masquerade --games 3 --players 3 --no-check --json
json_is 'j["games"] == 3 and j["violations"] == 0'
expect 0 "help sim" -- $M help sim
out_has "sim KIND [--games N] [--players P] [--seed HEX] [--bots LIST] [--no-check] [--json]"
out_has "--no-check leaves the invariant checks out"

# a shorter --bots list repeats in seat order (it filled every seat past
# the list with the first bot); a longer one than the seats is refused
expect 0 "sim with --bots random,careful for five seats" -- $M sim redmasque \
    --games 20 --players 5 --bots random,careful --json
/usr/bin/python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["bots"] == ["random", "careful", "random", "careful", "random"], r' "$T/out" ||
    fail "a short --bots list did not repeat: $(cat "$T/out")"
ok
expect 2 "more bots than players" -- $M sim redmasque --games 1 --players 4 \
    --bots random,careful,careful,random,random
err_has "--bots takes a comma-separated list of random and careful, no longer than the players"
one_line
expect 1 "six players" -- $M sim masquerade --players 6
err_has "The Masquerade takes 3 to 5 players, not 6."
one_line
# more than any game seats: the game still says how many it takes
expect 1 "nine players" -- $M sim masquerade --players 9
err_has "The Masquerade takes 3 to 5 players, not 9."
one_line

D=$T/data
$M -C $D init >/dev/null 2>&1 || fail "init"
expect 0 "new masquerade" -- $M -C $D new masquerade --player alice=a@x.test \
    --player bob=b@x.test --player carol=c@x.test
[ -d "$D/games/$(cat $T/out)" ] || fail "new masquerade made no game"
G=$(cat $T/out)
ok
# the host's command line: view (the reader's secrets only), state (all of
# them), replay (each entry told), games (its turn)
for i in 1 2 3 4 5 6 7 8 9 10; do
	for p in alice bob carol; do
		c=$($MREL -C $D bot $G $p) || fail "bot $p"
		[ -n "$c" ] && { $MREL -C $D submit $G $p "$c" >/dev/null || fail "submit $p: $c"; }
	done
done
expect 0 "view as alice" -- $M -C $D view $G alice
out_has "masquerade, turn "
out_has "alice: Mask "
! grep -q "^bob: Mask\|^carol: Mask" $T/out || fail "alice's view shows another's Mask"; ok
expect 0 "state" -- $M -C $D state $G
for p in alice bob carol; do out_has "$p: Mask "; done
# names of several words are listed with commas (they ran together:
# 'Events left: Request for a Tune Change of Partner Prayer of Healing';
# the Treasures and Emblems of a player's line too)
expect 0 "state at the start" -- $M -C $D state $G --at 1
out_has "Events left: Request for a Tune, Change of Partner, Prayer of Healing, Oracle, Divine Judgement, Silence, Proclamation of Duel, Pilgrimage."
expect 0 "replay" -- $M -C $D replay $G
out_has "dances as the"
expect 0 "games" -- $M -C $D games
out_has "masquerade"
out_has "turn "

# the demo plays it by mail to the end, five mail clients, and verifies it
expect 0 "demo masquerade" -- $MREL demo masquerade
out_has "masqued verify"
out_has "chain, signatures, commitments and replay sound"
grep -q "wins with" $T/out || fail "the demo's story has no winner"; ok
rm -rf "$(sed -n 's/^Data folder: //p' $T/out)"
expect 2 "demo of no such game" -- $M demo chess
err_has "demo takes redmasque (the default) or masquerade"
expect 1 "an unknown game" -- $M sim chess
err_has "masqued plays redmasque and masquerade."
done_checks
