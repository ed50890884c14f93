#!/bin/sh
# test_ms_typo_put_right.sh - a typo put right on the next line of the same
# mail (`DANCER theif`, then `DANCER thief`; `stage libary`, then `stage
# library`) is taken: the later line of a command of one choice is plainly
# the correction, where both were refused, the second "may have counted on"
# the first (found by players by mail). The receipt says the first was
# refused and replaced (en, ja, zh); `masqued parse` tells it alike; a PASS
# after a refused PLAY still waits (test_ms_pass_closed.sh), and so does a
# line of another command after a refused one.
. tests/cli/lib.sh
SEED=0000000000000000000000000000000000000000000000000000000000000003
ms_mail_game $SEED
. tests/cli/lib_mail.sh
ms_langs
ms_owes_is "alice dancer" "not alice's Dancer"
# the dry run tells it as the mail's answer will
dry alice "DANCER theif\nDANCER thief" \
    'not j["commands"][0]["accepted"] and j["commands"][0]["corrected_by"] == 2 and j["commands"][1]["accepted"] and j["commands"][1]["corrects"] == 1'
reply_served alice a1 "DANCER theif\nDANCER thief" "alice's Dancer, put right"
says a1 "accepted, line 2: "
says a1 "In place of line 1, which was refused."
says a1 "NOT accepted, line 1: DANCER theif"
says a1 "Replaced by line 2, which was accepted."
says_not a1 "Nothing on this line was applied"
says_not a1 "may have counted on it"
ms_owes_is "bob dancer" "alice's Dancer not taken"
# a line of another command after a refused one still waits
reply_served bob b1 "DANCER baard\nSTAGE tower" "bob's refused Dancer, then a Stage"
says b1 "上の行が受け付けられず"
says_not b1 "置き換えられ"
ms_owes_is "bob dancer" "bob's lines applied"
reply_served bob b2 "DANCER baard\nDANCER bard" "bob's Dancer, put right"
says b2 "受け付けられなかった1行目の代わりに適用しました。"
says b2 "2行目で置き換えられ、そちらを受け付けました。"
ms_owes_is "carol dancer" "bob's Dancer not taken"
ms_carol_stage_put_right "stage libary\nstage library" "carol's Stage, put right"
expect 0 "verify" -- $M -C $D verify $G
done_checks
