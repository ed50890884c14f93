#!/bin/sh
# test_ms_fight_notice_story.sh - The Masquerade: the notice that tells a
# fighter how their fight ended tells what happened since their last own
# move, not the last entry alone. The bots play on to an Arena fight in
# the defender's window, the defender holding a Spell for it and their
# Mask; the defender REVEALs in one mail and PASSes in another. The
# challenger, not mailed at the REVEAL, was told "Power: you 3, alice 5.
# alice wins." with no word of the Mask that turned the fight (found by a
# player by mail); now the notice tells the reveal before the result, and
# its subject says it is the fight's result.
. tests/cli/lib.sh
D=$T/data
SEED=0707070707070707070707070707070707070707070707070707070707070708
ms_game $D $SEED dave
k=0
while :; do
	set -- $($MREL -C $D view $G admin --json | $PY -c 'import json, sys
v = json.load(sys.stdin); c = v["challenge"] or {}
hand = [p for p in v["players"] if p["name"] == c.get("defender")]
print(v["to_move"] or "-", v["owes"] or "-", c.get("kind", "-"),
    c.get("window", "-"), c.get("challenger", "-"))')
	[ "$1" != - ] || fail "the game ended with no such fight"
	if [ "$2" = fight ] && [ "$3" = arena ] && [ "$4" = "$1" ] &&
	    [ "$5" != "$1" ] && $MREL -C $D view $G $1 --json | $PY -c '
import json, sys
v = json.load(sys.stdin)
me = [p for p in v["players"] if "hand" in p][0]
fight = ("March", "Waltz", "Rhapsody", "Symphony", "Fugue", "Lullaby")
sys.exit(not (me["can_reveal"] and any(h["name"] in fight
    for h in me["hand"])))'; then
		break
	fi
	[ $k -lt 300 ] || fail "no such fight in 300 moves"
	$MREL -C $D submit $G $1 "$($MREL -C $D bot $G $1)" --never-mail \
	    >/dev/null || fail "bot $1"
	k=$((k + 1))
done
DEF=$1 CH=$5
ls $D/spool >$T/before
ms_sub $DEF REVEAL
[ "$(ms_owes $D $G)" = "$DEF fight" ] || fail "the fight ended at the REVEAL: $(ms_owes $D $G)"; ok
ls $D/spool | grep -vxF -f $T/before >$T/new
seat=$($MREL -C $D view $G admin --json | $PY -c 'import json, sys
v = json.load(sys.stdin)
print([p["seat"] for p in v["players"] if p["name"] == sys.argv[1]][0])' $CH)
grep -q -- "-$seat-" $T/new && fail "$CH was mailed mid-fight: $(cat $T/new)"; ok
# the defender's receipt asks for the rest of the window, its Mask spent,
# in a sentence whose clause for the REVEAL is left out, not a line of
# "Play Spells timed for a challenge and" before "PASS when done"
textpart() {
	$PY - "$1" <<'PYEOF'
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print([p.get_payload(decode=True).decode() for p in m.walk()
       if p.get_content_type() == "text/plain"][0])
PYEOF
}
textpart "$D/spool/$(grep -- "-receipt.eml$" $T/new)" >$T/receipt
grep -q "^Play Spells timed for a challenge and PASS when done,$" $T/receipt ||
    fail "the window's sentence: $(grep -A2 "^Play Spells" $T/receipt)"; ok
ls $D/spool >$T/before
ms_sub $DEF PASS
ls $D/spool | grep -vxF -f $T/before >$T/new
n=$(grep -- "-$seat-notice.eml$" $T/new) || fail "$CH was not told the fight's result: $(cat $T/new)"; ok
textpart "$D/spool/$n" >$T/notice
# its subject says what it tells, the fight's result, not "waiting for" the
# one to move (it was "Turn 2: waiting for carol", found by a player by mail)
subj=$($PY -c 'import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(str(email.header.make_header(email.header.decode_header(m["Subject"]))))' "$D/spool/$n")
case "$subj" in
"[Masquerade $G] Turn "*": the result of your fight" | \
"[Masquerade $G] Turn "*": the fight is over, your hand changed") ok ;;
*) fail "$CH's notice's subject: $subj" ;;
esac
grep -q "^  $DEF revealed their Mask, the " $T/notice ||
    fail "$CH's notice does not tell the reveal: $(cat $T/notice)"; ok
# each side's power in its parts, the revealed Mask among the winner's
grep -q "^  Power: you [0-9]*\( ([^)]*)\)\{0,1\}, $DEF [0-9]* ([^)]*Mask +[0-9]*[^)]*)\. " $T/notice ||
    fail "$CH's notice lacks the result: $(cat $T/notice)"; ok
# the reveal before the result, once (in the text part)
[ "$(grep -c "^  $DEF revealed their Mask" $T/notice)" = 1 ] ||
    fail "the reveal told $(grep -c "^  $DEF revealed their Mask" $T/notice) times"; ok
r=$(grep -n "^  $DEF revealed their Mask" $T/notice | cut -d: -f1)
p=$(grep -n "^  Power: you" $T/notice | head -n 1 | cut -d: -f1)
[ "$r" -lt "$p" ] || fail "the reveal is told after the result"; ok
done_checks
