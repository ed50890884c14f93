#!/bin/sh
# test_ms_put_right_blank_line.sh - The Masquerade: a mistyped command
# word put right below a blank line (`DANCRE thief`, a blank line, `DANCER
# thief`) was taken, yet the receipt said "Replaced by line 2" of line 1
# and "line 3: DANCER thief": the line that put it right was named by the
# count of the mail's lines that are not blank, each line by the lines the
# player sees. Now both name line 3, in the receipt, a resend's receipt and
# `masqued parse` (test_put_right_blank_line.sh: The Red Death).
. tests/cli/lib.sh
SEED=0000000000000000000000000000000000000000000000000000000000000003
ms_mail_game $SEED
. tests/cli/lib_mail.sh
ms_langs
ms_owes_is "alice dancer" "not alice's Dancer"
text="DANCRE thief\n\nDANCER thief"
dry alice "$text" \
    'not j["commands"][0]["accepted"] and j["commands"][0]["corrected_by"] == 3 and j["commands"][1]["accepted"] and j["commands"][1]["corrects"] == 1 and [e["line"] for e in j["errors"]] == [1]'
reply_served alice a1 "$text" "alice's DANCER, put right below a blank line"
says a1 "NOT accepted, line 1: DANCRE thief"
says a1 "Replaced by line 3, which was accepted."
says a1 "In place of line 1, which was refused."
txt_has a1 "line 3: " "alice's DANCER not line 3"
says_not a1 "Replaced by line 2"
ms_owes_is "bob dancer" "alice's Dancer not taken"
# sent again (another Message-ID), the choice of Dancers still open
reply_served alice a2 "$text" "alice's mail sent again"
says a2 "already received, line 3: DANCER thief"
says a2 "Replaced by line 3, which was accepted."
says a2 "In place of line 1, which was refused."
says_not a2 "Replaced by line 2"
expect 0 "verify" -- $M -C $D verify $G
done_checks
