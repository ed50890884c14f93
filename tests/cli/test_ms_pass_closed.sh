#!/bin/sh
# test_ms_pass_closed.sh - The Masquerade: a PASS written after a PLAY,
# REVEAL or CHALLENGE of the same mail, to end that Spell phase or that
# side of a fight as the turn mails ask ("... then PASS"), is not applied
# when that window closed by itself after the line before it (nothing was
# left to play): it would answer whatever the sender owes next. Here dave
# challenges bob from the Arena, then writes REVEAL and PASS; the REVEAL
# leaves him nothing to play, the fight ends and he wins, and his PASS
# would have declined banking the Spell he drew, a question he never saw.
# It is refused with a sentence saying why, dave still owes the bank, and
# `masqued verify` passes. carol's PLAY then PASS, her Spell phase over
# by itself, gets the same sentence (not "It is not your turn"). A PASS
# after a line that was refused is refused too, and dave stays in his
# fight.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
SEED=0707070707070707070707070707070707070707070707070707070707070707

ms_game $D $SEED dave
serve() { $M -C $D serve --once 2>>$T/serve.log || fail "serve --once"; ok; }
serve
. tests/cli/lib_mail.sh
RA=$(reply_to alice); RB=$(reply_to bob); RC=$(reply_to carol); RD=$(reply_to dave)
owes() { ms_owes $D $G $1; }	# the seat to move and what it owes
move() {	# who, reply address, id, text: one mail, one pass
	send $1@x.test "$2" "$3" "$4"
	serve
}
move alice "$RA" a1 'DANCER blade dancer'
move dave "$RD" d1 'DANCER sorcerer'
move carol "$RC" c1 'DANCER paladin'
move bob "$RB" b1 'DANCER thief\nSTAGE tower'
move carol "$RC" c2 'STAGE library'
move dave "$RD" d2 'STAGE arena'
move alice "$RA" a2 'STAGE chapel'

# carol plays her Prelude; with nothing else she can pay for, her Spell
# phase ends by itself, and her PASS is refused with the reason
# a PLAY in place of that PASS (a Spell she cannot pay for once the
# Prelude is played) is told the same, not "It is not your turn: bob is
# to ..." of a mail written in her turn (found by players by mail)
printf 'From: carol@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry1@x.test>\n\nPLAY prelude\nPLAY requiem PAY prelude ON bob\n' "$RC" >$T/dry1.eml
expect 0 "parse PLAY then PLAY" -- $M -C $D parse $T/dry1.eml
$PY -c 'import json, sys
c = json.load(open(sys.argv[1]))["commands"]
sys.exit(not (c[0]["accepted"] and not c[1]["accepted"] and
    c[1]["error"] == "PLAY not applied: your Spells ended by themselves after the line before (nothing was left you could play), and the game went on."))' $T/out ||
    { cat $T/out >&2; fail "a PLAY after the Spells closed is not told why"; }; ok
ls $O >$T/before
move carol "$RC" c3 'PLAY prelude\nPASS'
answer receipt carol@x.test c3
says c3 "accepted, line 1: Play Prelude"
# needed no more, not refused: listed apart, and the subject says
# "received", not "received, with problems", since the mails ask for
# "... then PASS" (found by players by mail, four times in two games)
says c3 "not needed, line 2: PASS"
# said plainly: what ended it, and that nothing needs doing (it read "what
# it would end closed by itself after the line before", found by a player)
says c3 "PASS not applied: the line before already ended your Spell plays"
says c3 "(you had none left to play), so there is nothing to pass."
says_not c3 "NOT accepted"
grep '^Subject:' "$(cat $T/c3.file)" | tr -d '\r' | grep -q ': received$' ||
    fail "the receipt's subject: $(grep '^Subject:' "$(cat $T/c3.file)")"; ok
move bob "$RB" b2 'REVEAL'
move dave "$RD" d3 'CHALLENGE bob'
[ "$(owes dave)" = "dave fight" ] || fail "dave is not in his fight: $(owes dave)"; ok

# `masqued parse` tells it as the answer will (its dry run took the PASS)
printf 'From: dave@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry@x.test>\n\nREVEAL\nPASS\n' "$RD" >$T/dry.eml
expect 0 "parse REVEAL then PASS" -- $M -C $D parse $T/dry.eml
$PY -c 'import json, sys
c = json.load(open(sys.argv[1]))["commands"]
sys.exit(not (c[0]["accepted"] and not c[1]["accepted"] and
    c[1]["error"] == "PASS not applied: the line before already ended your side of the fight (you had nothing left to play), so there is nothing to pass."))' $T/out ||
    { cat $T/out >&2; fail "parse does not refuse the PASS as the answer does"; }; ok
# a PASS after a line that was refused is not applied either: dave meant
# to pass after playing, and the play did not happen
ls $O >$T/before
move dave "$RD" d3b 'PLAY nosuchspell\nPASS'
answer receipt dave@x.test d3b
says d3b "NOT accepted, line 1: PLAY nosuchspell"
says d3b "NOT accepted, line 2: PASS"
says d3b "Not applied, as a line above it was refused"
# said once of each: the PASS's own sentence says it was not applied, so
# the "Nothing on this line was applied" after it goes (it said it twice)
for k in txt html; do
	[ "$(grep -o "Nothing on this line was applied" $T/d3b.$k | wc -l)" = 1 ] ||
	    { cat $T/d3b.$k >&2; fail "d3b ($k): not one \"Nothing on this line was applied\" (for the PLAY alone)"; }; ok
done
[ "$(owes dave)" = "dave fight" ] || fail "a PASS after a refused line was applied: $(owes dave)"; ok
# and `masqued parse` tells it as the answer did
printf 'From: dave@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry2@x.test>\n\nPLAY nosuchspell\nPASS\nSTATUS\n' "$RD" >$T/dry2.eml
expect 0 "parse a PASS after a refused line" -- $M -C $D parse $T/dry2.eml
$PY -c 'import json, sys
c = json.load(open(sys.argv[1]))["commands"]
sys.exit(not (not c[0]["accepted"] and not c[1]["accepted"] and
    "a line above it was refused" in c[1]["error"] and c[2]["accepted"]))' $T/out ||
    { cat $T/out >&2; fail "parse does not refuse the PASS after a refused line"; }; ok
# a PASS needed no more holds back no line after it
printf 'From: dave@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry3@x.test>\n\nREVEAL\nPASS\nSTATUS\n' "$RD" >$T/dry3.eml
expect 0 "parse REVEAL, PASS, STATUS" -- $M -C $D parse $T/dry3.eml
$PY -c 'import json, sys
c = json.load(open(sys.argv[1]))["commands"]
sys.exit(not (c[0]["accepted"] and not c[1]["accepted"] and c[2]["accepted"]))' $T/out ||
    { cat $T/out >&2; fail "a line after a PASS needed no more was held back"; }; ok
# as the receipt lists it: needed no more ("moot"), not among the errors,
# and a command after it is applied (parse held it back, as after a
# refused line, where serve applies it)
# (BANK concerto: the Spell dave draws when he wins)
printf 'From: dave@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry4@x.test>\n\nREVEAL\nPASS\nBANK concerto\n' "$RD" >$T/dry4.eml
expect 0 "parse REVEAL, PASS, BANK" -- $M -C $D parse $T/dry4.eml
$PY -c 'import json, sys
o = json.load(open(sys.argv[1])); c = o["commands"]
sys.exit(not (c[0]["accepted"] and not c[1]["accepted"] and
    c[1].get("moot") is True and "nothing to pass" in c[1]["error"] and
    c[2]["accepted"] and o["errors"] == []))' $T/out ||
    { cat $T/out >&2; fail "parse does not list the PASS needed no more as serve does"; }; ok
ls $O >$T/before
move dave "$RD" d4 'REVEAL\nPASS'
answer receipt dave@x.test d4
says d4 "accepted, line 1: Reveal your Mask"
says d4 "not needed, line 2: PASS"
says d4 "PASS not applied: the line before already ended your side of the fight"
says d4 "(you had nothing left to play), so there is nothing to pass."
[ "$(owes dave)" = "dave bank" ] || fail "dave's PASS was applied: $(owes dave)"; ok
# a PASS by itself is his answer to the question he now sees
move dave "$RD" d5 'PASS'
[ "$(owes dave)" != "dave bank" ] || fail "a PASS alone was not taken"; ok
expect 0 "masqued verify" -- $M -C $D verify $G
out_has "sound"
done_checks
