#!/bin/sh
# test_line_after_correction.sh - the line after a typo put right (`MOVE
# cx`, `MOVE cw`, then `PLAY <card>`) is applied, not held back as after a
# refused line, and the receipt says so: when the correction changes the
# move (bob, who had not moved) and when it repeats the move that stands
# (alice's MOVE cw taken before; line 2 is received already). `masqued
# parse` (the dry run), the receipt and the log agree, and a kill between
# the entry and its mails rebuilds the same mails from the archived
# message (the rebuild reads the lines again: test_typo_put_right_rebuild).
# The Red Death; Maildir inbox, `serve --once`, ASan binary.
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
# kill_and_catch_up NAME ID TEXT: NAME's reply TEXT logged, its mails lost
# (the staged kill), then caught up: the same mails, the same log
kill_and_catch_up() {
	ls $O | sort >$T/before
	cp $D/games/$G/mailed $T/mailed
	cp $D/games/$G/clock $T/clock
	send $1@x.test "$(reply_to $1)" $2 "$3"
	expect 0 "serve --once: $1's $2" -- $M -C $D serve --once
	answer receipt $1@x.test $2
	$MREL -C $D log $G >$T/log1
	kill_rebuilds "$2"
}

# 1. the correction changes the move: bob has not moved
card=$(card_of bob)
[ -n "$card" ] || fail "bob holds no card"; ok
text="MOVE cx\nMOVE cw\nPLAY $card"
dry bob "$text" 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1]["accepted"] and j["commands"][1].get("corrects") == 1 and j["commands"][2]["accepted"] and [e["line"] for e in j["errors"]] == [1]'
ne=$(entries)
kill_and_catch_up bob b1 "$text"
says b1 "replaced by line 2, which was accepted"
says b1 "in place of line 1, which was refused"
grep -qiF "line 3: Play " $T/b1.txt || { cat $T/b1.txt >&2; fail "bob's line 3 not accepted"; }; ok
says_not b1 "send again"
says_not b1 "may have counted on it"
tail -n 1 $T/log1 | grep -q "bob: MOVE cw; PLAY $card (for 8:20)$" ||
    { cat $T/log1 >&2; fail "bob's entry is not his cw and his card"; }; ok
[ "$(entries)" = $((ne + 1)) ] || fail "bob's mail not one entry"; ok

# 2. the correction repeats the move that stands: alice's cw taken before
expect 0 "alice's cw" -- $M -C $D submit $G alice "MOVE cw" --never-mail
cw=$(entry_of "alice: MOVE cw")
card=$(card_of alice)
[ -n "$card" ] || fail "alice holds no card"; ok
text="MOVE cx\nMOVE cw\nPLAY $card"
dry alice "$text" 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1].get("already") == '"$cw"' and j["commands"][1].get("corrects") == 1 and j["commands"][2]["accepted"] and [e["line"] for e in j["errors"]] == [1]'
ne=$(entries)
kill_and_catch_up alice a1 "$text"
says a1 "replaced by line 2, which was accepted"
grep -qF "line 2: MOVE cw (entry $cw) in place of line 1, which was refused" $T/a1.txt ||
    { cat $T/a1.txt >&2; fail "alice's line 2 not received already, in place of line 1"; }; ok
grep -qiF "line 3: Play " $T/a1.txt || { cat $T/a1.txt >&2; fail "alice's line 3 not accepted"; }; ok
says_not a1 "send again"
says_not a1 "may have counted on it"
tail -n 1 $T/log1 | grep -q "alice: PLAY $card (for 8:20)$" ||
    { cat $T/log1 >&2; fail "alice's entry is not her card alone"; }; ok
[ "$(entries)" = $((ne + 1)) ] || fail "alice's mail not one entry"; ok
$MREL -C $D log $G | grep -c "alice: MOVE cw" >$T/cws
[ "$(cat $T/cws)" = 1 ] || fail "alice's cw logged $(cat $T/cws) times"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
