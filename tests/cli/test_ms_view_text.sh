#!/bin/sh
# test_ms_view_text.sh - The Masquerade's text view (`masqued view GAME
# WHO`, the host's tool to settle a dispute) shows what its reader may see
# of each player: their own Mask, hand and VP counters; a Mask revealed,
# to everyone. A player who revealed their Mask lost the line of their
# hand and counters, though they still play from that hand (found by a
# rules review); the admin view lost every player's once all had
# revealed. Nothing secret of another player shows.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
SEED=0000000000000000000000000000000000000000000000000000000000000001

# vp_check DIR GAME WHO: `view` gives each player's VP and star as the
# view's public_vp and vp_leader, and the VP leaders
vp_check() {
	$MREL -C $1 view $2 $3 --json >$T/vp.json || fail "view $3 --json"
	expect 0 "view $3: VP" -- $M -C $1 view $2 $3
	$PY - $T/vp.json $T/out <<'EOF' || { cat $T/out >&2; fail "view $3: VP"; }
import json, re, sys
v = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
assert "counters   VP   treasures" in text
for p in v["players"]:
    m = re.search(r"^%s +.{18} +\S+ .{12} +\d+ +\d+ +\d+ +(\d+)(\*?) " %
                  re.escape(p["name"]), text, re.M)
    assert m, p["name"]
    assert int(m.group(1)) == p["public_vp"], (p["name"], m.group(1))
    assert (m.group(2) == "*") == p["vp_leader"], p["name"]
lead = ", ".join(v["vp_leaders"]) or "nobody (no VP yet)"
assert "Most VP (the VP leader, * above): %s.\n" % lead in text, lead
EOF
	ok
}

expect 0 "init" -- $M -C $D init
expect 0 "new masquerade" -- $M -C $D new masquerade --player a=a@x.org \
    --player b=b@x.org --player c=c@x.org --seed $SEED
G=$(cat $T/out)
for m in "b|DANCER eternal prisoner" "c|DANCER thief" "a|DANCER blade dancer" \
    "a|STAGE library" "c|STAGE arena" "b|STAGE tower"; do
	expect 0 "submit ${m%%|*} ${m#*|}" -- $M -C $D submit $G "${m%%|*}" "${m#*|}" --no-mail
done

# replay and state tell a's two draws of her STAGE library on one line,
# each Spell named and by what, under the entry that drew them (each was
# a line)
expect 0 "replay the STAGE" -- $M -C $D replay $G --from 5 --to 5
out_has "a goes to Library."
out_has "          a draws 2 Spells (the Library): Concerto, Requiem."
grep -q "draws Concerto\.\|draws Requiem\." $T/out && { cat $T/out >&2; fail "a draw told alone"; }; ok
expect 0 "state at the STAGE" -- $M -C $D state $G --at 5
out_has "  a draws 2 Spells (the Library): Concerto, Requiem."

# before any reveal: c sees her Mask, hand and counters, no one else's
expect 0 "view c" -- $M -C $D view $G c
out_has "c: Mask Dragon Mask; hand: none; counters: none."
grep -q "^a: \|^b: " $T/out && { cat $T/out >&2; fail "c's view shows another's Mask"; }; ok

expect 0 "c challenges a" -- $M -C $D submit $G c "CHALLENGE a" --no-mail
expect 0 "c reveals" -- $M -C $D submit $G c "REVEAL" --no-mail
expect 0 "a passes" -- $M -C $D submit $G a "PASS" --no-mail

# the view names the top Guardian beside its number, as the mails do
# ("Guardian on top: 1 (power 1)" named none)
expect 0 "view admin: the top Guardian" -- $M -C $D view $G admin
out_has "Guardian on top: 1, the Stone Sentinel (power 1);"

# c revealed her Mask: she still sees her hand and counters
expect 0 "view c after her reveal" -- $M -C $D view $G c
out_has "c: Mask Dragon Mask revealed; hand: Fugue, Concerto; counters: none."
# a sees his own line, and c's revealed Mask, not her hand
expect 0 "view a" -- $M -C $D view $G a
out_has "a: Mask Moon Mask; hand: Requiem; counters: none."
out_has "c: Mask Dragon Mask revealed."
grep -q "Fugue\|^b: " $T/out && { cat $T/out >&2; fail "a's view shows what only c or b may see"; }; ok
# the host sees everyone's
expect 0 "view admin" -- $M -C $D view $G admin
out_has "a: Mask Moon Mask; hand: Requiem; counters: none."
out_has "b: Mask Jester Mask; hand: none; counters: none."
out_has "c: Mask Dragon Mask revealed; hand: Fugue, Concerto; counters: none."
# every view gives each player's VP as the mails do (public_vp, never a
# Mask's, c's revealed Dragon Mask included) and the VP leader; it gave
# counters, Treasures and Emblems with no total
for who in admin c public; do
	vp_check $D $G $who
done
# the public sees the revealed Mask alone
expect 0 "view public" -- $M -C $D view $G public
out_has "c: Mask Dragon Mask revealed."
grep -q "hand: \|Moon Mask\|Jester Mask" $T/out && { cat $T/out >&2; fail "the public view shows a secret"; }; ok

# the game over: the view gives every player's VP and the Mask dealt them,
# and the winner (it said "Winner: a" alone; found by players by mail)
E=$T/end
expect 0 "init (end)" -- $M -C $E init
expect 0 "new masquerade (end)" -- $M -C $E new masquerade --player alice=a@x.org \
    --player bob=b@x.org --player carol=c@x.org --player dave=d@x.org --seed $SEED
GE=$(cat $T/out)
# no Order taken yet: "-", not a 0 that reads as an Order (found by players
# by mail)
# (turn 2's Orders: each is put back before it is taken again)
k=0
while [ $k -lt 300 ]; do
	tp=$($MREL -C $E view $GE admin --json | $PY -c 'import json, sys
v = json.load(sys.stdin); print(v["turn"], v["phase"], v["to_move"])')
	set -- $tp
	[ "$1" = 2 ] && [ "$2" = order ] && break
	$MREL -C $E submit $GE $3 "$($MREL -C $E bot $GE $3)" --no-mail >/dev/null ||
	    fail "bot $3"
	k=$((k + 1))
done
expect 0 "view public, turn 2's Orders" -- $M -C $E view $GE public
grep -Eq "^[a-z]+ +.{18} +- " $T/out ||
    { cat $T/out >&2; fail "an Order not taken yet is not '-'"; }; ok
! grep -Eq "^[a-z]+ +.{18} +0 " $T/out ||
    { cat $T/out >&2; fail "an Order shows 0"; }; ok
play_out $E $GE
# the VP the table showed (no Mask's; the scores add them) and who leads
for who in admin alice; do
	vp_check $E $GE $who
done
grep -q "^Most VP (the VP leader, \* above): nobody" $T/out &&
    { cat $T/out >&2; fail "no VP in a whole game"; }; ok
expect 0 "view public, the game over" -- $M -C $E view $GE public
out_has "Scores:"
for p in alice bob carol dave; do
	grep -Eq "^  $p +[0-9]+ VP  Mask: " $T/out || { cat $T/out >&2; fail "no score and Mask for $p"; }; ok
done
grep -q "^Winner: " $T/out || fail "no winner"; ok
# the end entry in `log` and `replay` tells the scores, as the game is
# scored: it said "alive: a, b, c, d", The Red Death's word (found by
# players by mail)
endline=$($MREL -C $E view $GE admin --json | $PY -c 'import json, sys
v = json.load(sys.stdin)
print("end      %s wins; scores: %s" % (v["winner"], ", ".join(
    "%s %d" % (p["name"], p["score"]) for p in v["players"])))')
for c in log replay; do
	expect 0 "$c, the game over" -- $M -C $E $c $GE
	grep -F "$endline" $T/out | grep -q ' end ' ||
	    { grep ' end ' $T/out >&2; fail "$c does not end: $endline"; }; ok
	! grep -q "alive:" $T/out || fail "$c says alive:"; ok
done
# the replay of a whole game names each Guardian challenged beside its
# number, as the mails do (it said "challenges Guardian 1 (power 1)")
expect 0 "replay, the Guardians" -- $M -C $E replay $GE
grep -q "challenges Guardian [0-9]" $T/out || fail "no Guardian challenged"; ok
! grep -Eq "challenges Guardian [0-9]+ \(" $T/out ||
    { grep "challenges Guardian" $T/out >&2; fail "a Guardian by number alone"; }; ok
grep -Eq "challenges Guardian [0-9]+, the [A-Z][a-zA-Z -]+ \(power [0-9]+\) in the Tower\.$" $T/out ||
    { grep "challenges Guardian" $T/out >&2; fail "no Guardian named"; }; ok
# and each fight's result gives each side's power in its parts and who
# wins and loses, as the mails do (it said "4 against 3: bob.")
! grep -Eq "^ +[0-9]+ .*against [0-9]+" $T/out ||
    { grep "against" $T/out >&2; fail "a fight's result in totals alone"; }; ok
grep -Eq "^ +[a-z]+ [0-9]+ \([A-Z][a-zA-Z ]+ [0-9]+(, [^)]+)?\) against the Guardian [0-9]+ \(printed [0-9]+(, [^)]+)?\): (the Guardian wins and stays on top, [a-z]+ loses|[a-z]+ wins, the Guardian loses|a tie.*)\.$" $T/out ||
    { grep "against" $T/out >&2; fail "no fight's result in parts"; }; ok
done_checks
