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
to_the_moves

# 1. the correction changes the move: bob has not moved
card_in bob
text="MOVE cx\nMOVE cw\nPLAY $card"
dry bob "$text" 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1]["accepted"] and j["commands"][1].get("corrects") == 1 and j["commands"][2]["accepted"] and [e["line"] for e in j["errors"]] == [1]'
ne=$(entries)
kill_and_catch_up bob b1 "$text"
put_right_says b1
txt_has b1 "line 3: Play " "bob's line 3 not accepted"
says_not b1 "send again"
says_not b1 "may have counted on it"
logged_last "bob: MOVE cw; PLAY $card (for 8:20)$" "bob's entry is not his cw and his card"
[ "$(entries)" = $((ne + 1)) ] || fail "bob's mail not one entry"; ok

# 2. the correction repeats the move that stands: alice's cw taken before
expect 0 "alice's cw" -- $M -C $D submit $G alice "MOVE cw" --never-mail
cw=$(entry_of "alice: MOVE cw")
card_in alice
text="MOVE cx\nMOVE cw\nPLAY $card"
dry alice "$text" 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1].get("already") == '"$cw"' and j["commands"][1].get("corrects") == 1 and j["commands"][2]["accepted"] and [e["line"] for e in j["errors"]] == [1]'
ne=$(entries)
kill_and_catch_up alice a1 "$text"
says a1 "replaced by line 2, which was accepted"
grep -qF "line 2: MOVE cw (entry $cw) in place of line 1, which was refused" $T/a1.txt ||
    { cat $T/a1.txt >&2; fail "alice's line 2 not received already, in place of line 1"; }; ok
txt_has a1 "line 3: Play " "alice's line 3 not accepted"
says_not a1 "send again"
says_not a1 "may have counted on it"
logged_last "alice: PLAY $card (for 8:20)$" "alice's entry is not her card alone"
[ "$(entries)" = $((ne + 1)) ] || fail "alice's mail not one entry"; ok
$MREL -C $D log $G | grep -c "alice: MOVE cw" >$T/cws
[ "$(cat $T/cws)" = 1 ] || fail "alice's cw logged $(cat $T/cws) times"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
