#!/bin/sh
# test_paln_status_put_right.sh - The Red Death: a mistyped PLAN command
# word put right by a PLAN with a STATUS or HELP between them (`PALN cw
# stay ccw cw stay stay`, `STATUS`, `PLAN cw stay ccw cw stay stay`) is
# taken as with none between (test_paln_put_right.sh): the STATUS changes
# nothing in the game, yet the PALN stayed refused ("did you mean PLAN?")
# and held back the MOVE and PLAY below it, "send again". Now the STATUS
# is answered, "replaced by line 3", "in place of line 1", the MOVE and PLAY
# taken; alike in `masqued parse` (the dry run), a kill between the entry
# and its mails (the rebuild), and a resend. A command that changes the
# game between them (`PALN`, `STATUS`, `MOVE cw`, `PLAN`) still leaves the
# PALN refused and the MOVE waiting.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
to_the_moves
# the dry run's commands, in the mail's order: line 1 put right by line N
put_right() {
	echo '[c.get("corrected_by") for c in j["commands"]][:'$1'] == ['$1'] + [None] * '$(($1 - 1))' and [c.get("corrects") for c in j["commands"]][:'$1'] == [None] * '$(($1 - 1))' + [1] and all(c["accepted"] for c in j["commands"][1:]) and [e["line"] for e in j["errors"]] == [1]'
}

# 1. bob: PALN, STATUS, the same plan, then his move and card
card_in bob
text="PALN cw stay ccw cw stay stay\nSTATUS\nPLAN cw stay ccw cw stay stay\nMOVE cw\nPLAY $card"
dry bob "$text" "$(put_right 3)"
ne=$(entries)
kill_and_catch_up bob b1 "$text"
says b1 "did you mean PLAN?"
put_right_says b1 3
txt_has b1 "line 4: Move: clockwise" "bob's line 4 not accepted"
txt_has b1 "line 5: Play " "bob's line 5 not accepted"
paln_taken b1

# 2. his client sends it again (another Message-ID): line 1 put right by
# line 3 still, nothing to send again, nothing logged
ne=$(entries)
reply_served bob b2 "$text"
put_right_says b2 3
says_not b2 "send again"
[ "$(entries)" = "$ne" ] || { cat $T/b2.txt >&2; fail "bob's resend was logged"; }; ok

# 3. carol: PALN, HELP, then another plan, her move
card_in carol
text="PALN cw cw cw cw cw cw\nHELP\nPLAN ccw stay stay cw stay stay\nMOVE stay\nPLAY $card"
dry carol "$text" "$(put_right 3)"
reply_served carol c1 "$text"
put_right_says c1 3
says_not c1 "Not applied, as a line above"
plan_is carol "['ccw', 'stay', 'stay', 'cw', 'stay', 'stay']"

# 4. a command that changes the game between them: the PALN stays refused,
# and the MOVE waits, as before
text="PALN cw cw cw cw cw cw\nSTATUS\nMOVE cw\nPLAN cw cw cw cw cw cw"
dry dave "$text" 'j["commands"][0].get("corrected_by") is None and not j["commands"][0]["accepted"] and not j["commands"][2]["accepted"]'
reply_served dave d1 "$text"
says_not d1 "replaced by line"
says d1 "Not applied, as a line above it was refused"
expect 0 "verify" -- $M -C $D verify $G
done_checks
