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
to_the_moves

# 1. another command after a refused MOVE waits, in its own words
card_in alice
ne=$(entries)
reply_served alice a1 "MOVE cx\nPLAY $card"
says a1 "Not applied, as a line above it was refused and the lines of a mail apply in their order"
says_not a1 "may have counted on it"
[ "$(entries)" = "$ne" ] || fail "alice's refused mail was logged"; ok

# 2. the command word put right: bob's move and card taken
card_in bob
text="MOEV cw\nMOVE cw\nPLAY $card"
dry bob "$text" 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1]["accepted"] and j["commands"][1].get("corrects") == 1 and j["commands"][2]["accepted"] and [e["line"] for e in j["errors"]] == [1]'
ne=$(entries)
kill_and_catch_up bob b1 "$text"
says b1 "did you mean MOVE?"
put_right_says b1
txt_has b1 "line 3: Play " "bob's line 3 not accepted"
says_not b1 "send again"
logged_last "bob: MOVE cw; PLAY $card (for 8:20)$" "bob's entry is not his cw and his card"
[ "$(entries)" = $((ne + 1)) ] || fail "bob's mail not one entry"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
