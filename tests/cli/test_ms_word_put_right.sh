#!/bin/sh
# test_ms_word_put_right.sh - a mistyped command word put right on the next
# line (`DANCRE thief`, then `DANCER thief`; `STAEG arena`, then `ステージ
# arena`; `STAEG library`, then `舞台 library`) is taken, as a typo of the
# card is (test_ms_typo_put_right.sh): the refusal names the command meant
# ("did you mean DANCER?"), and the next line is that command; both were
# refused, the second "may have counted on" the first (found by players by
# mail). The receipt says the first was refused and replaced (en, ja, zh);
# `masqued parse` tells it alike. A line of one choice after a refused line
# of another command still waits, but is not told it "may have counted on"
# it: the lines of a mail apply in their order.
. tests/cli/lib.sh
SEED=0000000000000000000000000000000000000000000000000000000000000003
ms_mail_game $SEED
. tests/cli/lib_mail.sh
ms_langs
ms_owes_is "alice dancer" "not alice's Dancer"
# the dry run tells it as the mail's answer will
dry alice "DANCRE thief\nDANCER thief" \
    'not j["commands"][0]["accepted"] and j["commands"][0]["corrected_by"] == 2 and j["commands"][1]["accepted"] and j["commands"][1]["corrects"] == 1'
reply_served alice a1 "DANCRE thief\nDANCER thief" "alice's DANCER, put right"
says a1 "NOT accepted, line 1: DANCRE thief"
says a1 "did you mean DANCER?"
says a1 "Replaced by line 2, which was accepted."
says a1 "In place of line 1, which was refused."
says_not a1 "Not applied, as a line above"
ms_owes_is "bob dancer" "alice's Dancer not taken"
# sent again (another Message-ID), the choice of Dancers still open: line
# 2 is received already, in place of line 1; nothing to send again
ne=$($MREL -C $D log $G | wc -l)
reply_served alice a2 "DANCRE thief\nDANCER thief" "alice's mail sent again"
says a2 "already received, line 2: DANCER thief"
says a2 "Replaced by line 2, which was accepted."
says a2 "In place of line 1, which was refused."
says_not a2 "send again"
[ "$($MREL -C $D log $G | wc -l)" = "$ne" ] || fail "the mail sent again was logged"; ok
# another command after a mistyped word still waits: told that the
# lines apply in their order, not that it may have counted on it
reply_served bob b1 "DANCRE bard\nSTAGE tower" "bob's mistyped DANCER, then a Stage"
says b1 "上の行が受け付けられず、メールの行は上から順に適用される"
says_not b1 "前提にしていたかもしれない"
says_not b1 "置き換えられ"
ms_owes_is "bob dancer" "bob's lines applied"
# a mistyped word, then another command's line of its words: waits too
reply_served bob b2 "DANCRE bard\nSTAGE bard" "bob's mistyped DANCER, then STAGE"
says_not b2 "置き換えられ"
ms_owes_is "bob dancer" "bob's STAGE bard applied"
reply_served bob b3 "DANCRE bard\nダンサー bard" "bob's DANCER, put right in Japanese"
says b3 "受け付けられなかった1行目の代わりに適用しました。"
says b3 "2行目で置き換えられ、そちらを受け付けました。"
ms_owes_is "carol dancer" "bob's Dancer not taken"
ms_carol_stage_put_right "STAEG library\n舞台 library" "carol's STAGE, put right in Chinese"
ms_owes_is "bob stage" "not bob's Stage"
reply_served bob b4 "STAEG arena\nステージ arena" "bob's STAGE, put right in Japanese"
says b4 "1行目は受け付けられません：STAEG arena"
says b4 "受け付けられなかった1行目の代わりに適用しました。"
says_not b4 "上の行が受け付けられず"
[ "$(ms_owes $D $G)" != "bob stage" ] || fail "bob's Stage not taken"; ok
ms_on bob Arena
expect 0 "verify" -- $M -C $D verify $G
done_checks
