#!/bin/sh
# test_plan_put_right.sh - a midnight plan mistyped, then written again
# whole on the next line (`PLAN cw stay ccw cw stay`, five steps, then
# `PLAN cw stay ccw cw stay stay`): the second puts the first right, as a
# MOVE or a PLAY on the line after a refused one does. The receipt listed
# the refused line under "Nothing on these lines was applied; send again,
# corrected, the ones you meant as moves", though the next line was that
# very correction, taken (found playing a five-player game by mail). Now
# it says "replaced by line 2, which was accepted" and asks nothing sent
# again; `masqued parse` says corrected_by / corrects. A plan of some
# times only (`PLAN 12:20 ccw`) is no such correction: it keeps the others.
# Real replies through the Maildir inbox and `serve --once`.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
place_all $D $G alice bob carol dave
mail() { receipt_of $G "$@"; }	# NAME ID TEXT: its receipt as $T/ID.*

mail alice a1 'PLAN cw stay ccw cw stay\nPLAN cw stay ccw cw stay stay'
says a1 "in place of line 1, which was refused"
says a1 "replaced by line 2, which was accepted"
says_not a1 "send again, corrected"
expect 0 "alice's view" -- $M -C $D view $G alice --json
json_is 'j["me"]["plan"] == ["cw", "stay", "ccw", "cw", "stay", "stay"]' \
    "alice's plan"

# --- in Japanese words: the same ---
mail bob b1 '計画 時計回り そのまま\n計画 時計回り そのまま そのまま そのまま そのまま 反時計回り'
says b1 "replaced by line 2, which was accepted"
says_not b1 "send again, corrected"

# --- masqued parse says it as the receipt ---
printf 'From: carol@x.test\nTo: %s\nSubject: Re: the masque\nMessage-ID: <p1@x.test>\n\nPLAN cw cw\nPLAN CLEAR\n' \
    "$(rt $G carol)" >$T/p1.eml
expect 0 "parse" -- $M -C $D parse $T/p1.eml
json_is 'j["commands"][0]["corrected_by"] == 2 and j["commands"][1]["corrects"] == 1' \
    "parse: the refused plan put right"

# --- some times only: no correction; the refused line is to send again ---
mail dave d1 'PLAN cw stay ccw cw stay\nPLAN 12:20 ccw'
says_not d1 "replaced by line 2"
says d1 "send again, corrected"
expect 0 "verify" -- $M -C $D verify $G
done_checks
