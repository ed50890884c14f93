#!/bin/sh
# test_ms_fight_hand.sh - The Masquerade, by mail: a fight the other side
# ends changes the challenger's hand, and the challenger is told at once.
# carol, the Bard (power 2, she draws a Spell as she takes her Stage),
# challenges alice, the Thief (power 3), from the Arena and passes her
# window; alice's PASS, mailed, ends the fight: alice wins, draws, and
# steals carol's one Spell at random. carol, not to move (alice is asked
# to BANK), gets a notice in that pass whose subject says "the fight is
# over, your hand changed" and whose body tells the fight, the theft and
# her hand as it is now (empty); alice gets her receipt; bob, who did not
# fight, gets no mail. Nobody but alice and carol learns which Spell was
# stolen: bob's view tells the theft without it (test_ms_spell_hand.sh is
# a Spell's theft, test_ms_event_hand.sh an Event's, test_masquerade_fight
# a fight that changes no hand).
. tests/cli/lib.sh
SEED=0707070707070707070707070707070707070707070707070707070707070707
ms_mail_game $SEED
. tests/cli/lib_mail.sh
hand() {	# NAME: NAME's hand, as kind=count ids
	$MREL -C $D view $G "$1" --json | $PY -c 'import json, sys
v = json.load(sys.stdin)
me = [p for p in v["players"] if p["name"] == sys.argv[1]][0]
print(" ".join("%s=%d" % (h["spell"], h["count"]) for h in me["hand"]))' "$1"
}
ms_to_fight thief bard paladin
[ "$(hand carol)" = "SP_requiem=1" ] || fail "carol's hand: $(hand carol)"; ok
expect 0 "serve: the mails so far" -- $M -C $D serve --once

# alice's PASS, by mail, ends the fight
ls $O >$T/before
send alice@x.test "$(reply_to alice)" a1 "PASS"
expect 0 "serve: alice's PASS" -- $M -C $D serve --once
[ "$(ms_owes $D $G)" = "alice bank" ] || fail "alice's BANK next: $(ms_owes $D $G)"; ok
[ "$(hand carol)" = "" ] || fail "carol's hand after: $(hand carol)"; ok
ls $O | comm -13 $T/before - >$T/new
[ "$(cd $O && grep -l "^To: bob@x.test" $(cat $T/new))" = "" ] ||
    fail "bob, who did not fight, got a mail"; ok
[ "$(grep -c . $T/new)" = 2 ] || fail "not two mails: $(cat $T/new)"; ok
answer receipt alice@x.test a1
answer notice carol@x.test c1
$PY -c 'import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(str(email.header.make_header(email.header.decode_header(m["Subject"]))))' \
    "$(cat $T/c1.file)" >$T/subject
grep -qF "Turn 1: the fight is over, your hand changed" $T/subject ||
    fail "carol's subject: $(cat $T/subject)"; ok
says c1 "Power: you 2, alice 3. alice wins."
says c1 "alice stole a Spell from you: Requiem."
says c1 "Your hand (0 of 6): empty"
says_not c1 "Requiem (1)"
# alice, the thief, knows what she took; bob, who did not fight, not
says a1 "You stole a Spell from carol: Requiem."
# bob's view: the theft, not the Spell
$MREL -C $D view $G bob --json | $PY -c 'import json, sys
r = json.load(sys.stdin)["recap"]
s = [e for e in r if e["type"] == "steal"]
sys.exit(0 if s == [{"player": "alice", "target": "carol", "type": "steal"}]
    else 1)' || fail "bob's view of the theft"; ok
# alice banks nothing and challenges nobody; bob's turn mail, his next,
# tells the theft, not the Spell
for x in 2 3; do
	ls $O >$T/before
	send alice@x.test "$(reply_to alice)" a$x "PASS"
	expect 0 "serve: alice's PASS a$x" -- $M -C $D serve --once
done
[ "$(ms_owes $D $G)" = "bob order" ] || fail "bob's Order next: $(ms_owes $D $G)"; ok
answer turn bob@x.test b1
says b1 "alice stole a Spell from carol."
says_not b1 "from carol: "
expect 0 "verify" -- $M -C $D verify $G
done_checks
