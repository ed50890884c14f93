#!/bin/sh
# test_put_right_blank_line.sh - The Red Death: a blank line above the
# line that puts an earlier one right (`PALN ...`, `HELP`, a blank line,
# `PLAN ...`; `MOVE cx`, a blank line, `MOVE cw`) was taken, yet the
# receipt named the lines two ways: "line 4: ... PLAN" beside "replaced by
# line 3", as the lines that name another ("replaced by", "in place of",
# "changed by", "changes your move of"; the dry run's "corrected_by" and
# "corrects") counted the mail's lines that are not blank, and "line N"
# the lines the player sees. Now each names the line the player sees, in
# the receipt, a resend's receipt, a rebuilt one and `masqued parse`; a
# top-posted reply (the quote below) numbers its own lines alike. A
# receipt whose one refused line was put right has the plain subject
# "received", not "received, with problems".
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
to_the_moves
# the dry run's commands (no blank line among them): line A's put right
# by line B, as the player numbers them; the errors name line A alone
put_right() {	# A B: indexes in commands of the two, then A B as numbered
	echo 'j["commands"]['$1'].get("corrected_by") == '$4' and j["commands"]['$2'].get("corrects") == '$3' and j["commands"]['$2']["accepted"] and [e["line"] for e in j["errors"]] == ['$3']'
}

# 1. bob: PALN, HELP, a blank line, the plan, then his move and card
card_in bob
text="PALN cw stay ccw cw stay stay\nHELP\n\nPLAN cw stay ccw cw stay stay\nMOVE cw\nPLAY $card"
dry bob "$text" "$(put_right 0 2 1 4)"
kill_and_catch_up bob b1 "$text"
says b1 "replaced by line 4, which was accepted"
says b1 "in place of line 1, which was refused"
txt_has b1 "line 4: Midnight plan" "bob's line 4 not his plan"
txt_has b1 "line 5: Move: clockwise" "bob's line 5 not accepted"
says_not b1 "replaced by line 3"
says_not b1 "send again"
# sent again (another Message-ID): received already, put right so still
reply_served bob b2 "$text"
says b2 "replaced by line 4, which was accepted"
says b2 "in place of line 1, which was refused"
says_not b2 "replaced by line 3"

# 2. carol: a typo, a blank line, the move meant, a blank line, her card
card_in carol
text="MOVE cx\n\nMOVE cw\n\nPLAY $card"
dry carol "$text" "$(put_right 0 1 1 3)"
reply_served carol c1 "$text"
txt_has c1 "line 3: Move: clockwise" "carol's line 3 not her move"
says c1 "replaced by line 3, which was accepted"
says c1 "in place of line 1, which was refused"
says_not c1 "replaced by line 2"
# every refused line put right: the plain subject (it said "received,
# with problems")
subject_says c1 "— received"
reply_served carol c2 "$text"
says c2 "replaced by line 3, which was accepted"
says c2 "in place of line 1, which was refused"

# 3. dave, top-posted (the quote below): his card, a move, a typo, the
# move that changes the first; blank lines between
card_in dave
text="PLAY $card\n\nMOVE ccw\n\nMOVE cx\n\nMOVE stay\n\nOn Mon, the masque wrote:\n> line 1\n>\n> line 3"
dry dave "$text" "$(put_right 2 3 5 7)"
reply_served dave d1 "$text"
says d1 "replaced by line 7, which was accepted"
says d1 "in place of line 5, which was refused"
says d1 "changes your move of line 3"
says_not d1 "replaced by line 4"
says_not d1 "changes your move of line 2"
expect 0 "verify" -- $M -C $D verify $G
done_checks
