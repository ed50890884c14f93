#!/bin/sh
# test_word_put_right.sh - The Red Death: a mistyped command word put right
# on the next line (`MOEV cw`, then `MOVE cw`, then `PLAY <card>`) is
# taken, as a typo of the move is (`MOVE cx`, `MOVE cw`:
# test_line_after_correction.sh): the refusal names the command meant
# ("did you mean MOVE?") and the next line is that command; both were
# refused before, the PLAY with them. `masqued parse` (the dry run), the
# receipt and the log agree, and a kill between the entry and its mails
# rebuilds the same mails from the archived message. A PLAY after a
# refused MOVE still waits, told that a mail's lines apply in their
# order, not that it "may have counted on" the MOVE.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
others_placed_alice_answers
bots bob carol dave alice
[ "$(phase)" = move ] || fail "not the moves: $(phase)"; ok
card_of() {	# NAME: a card of NAME's hand
	$MREL -C $D view $G $1 --json | $PY -c 'import json,sys
print(json.load(sys.stdin)["me"]["hand"][0])'
}
# dry NAME TEXT COND: `masqued parse` of NAME's reply TEXT is so (j)
dry() {
	printf 'From: %s@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry.%s@x.test>\n\n%b\n' \
	    "$1" "$(reply_to $1)" "$1" "$2" >$T/dry.eml
	expect 0 "parse $1's reply" -- $M -C $D parse $T/dry.eml
	json_is "$3" "$1's dry run"
}

# 1. another command after a refused MOVE waits, in its own words
card=$(card_of alice)
[ -n "$card" ] || fail "alice holds no card"; ok
ne=$(entries)
ls $O | sort >$T/before
send alice@x.test "$(reply_to alice)" a1 "MOVE cx\nPLAY $card"
expect 0 "serve --once: alice's a1" -- $M -C $D serve --once
answer receipt alice@x.test a1
says a1 "Not applied, as a line above it was refused and the lines of a mail apply in their order"
says_not a1 "may have counted on it"
[ "$(entries)" = "$ne" ] || fail "alice's refused mail was logged"; ok

# 2. the command word put right: bob's move and card taken
card=$(card_of bob)
[ -n "$card" ] || fail "bob holds no card"; ok
text="MOEV cw\nMOVE cw\nPLAY $card"
dry bob "$text" 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1]["accepted"] and j["commands"][1].get("corrects") == 1 and j["commands"][2]["accepted"] and [e["line"] for e in j["errors"]] == [1]'
ne=$(entries)
ls $O | sort >$T/before
cp $D/games/$G/mailed $T/mailed
cp $D/games/$G/clock $T/clock
send bob@x.test "$(reply_to bob)" b1 "$text"
expect 0 "serve --once: bob's b1" -- $M -C $D serve --once
answer receipt bob@x.test b1
$MREL -C $D log $G >$T/log1
kill_rebuilds b1
says b1 "did you mean MOVE?"
says b1 "replaced by line 2, which was accepted"
says b1 "in place of line 1, which was refused"
grep -qiF "line 3: Play " $T/b1.txt || { cat $T/b1.txt >&2; fail "bob's line 3 not accepted"; }; ok
says_not b1 "send again"
tail -n 1 $T/log1 | grep -q "bob: MOVE cw; PLAY $card (for 8:20)$" ||
    { cat $T/log1 >&2; fail "bob's entry is not his cw and his card"; }; ok
[ "$(entries)" = $((ne + 1)) ] || fail "bob's mail not one entry"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
