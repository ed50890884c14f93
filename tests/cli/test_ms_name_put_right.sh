#!/bin/sh
# test_ms_name_put_right.sh - The Masquerade: a card's name alone (`thief`,
# `tower`), refused with the command meant ("did you mean DANCER Thief?"),
# then that command on the next line (`DANCER thief`, `STAGE tower`) is
# the typo put right, as a mistyped command word is
# (test_ms_word_put_right.sh): both were refused, the second "may have
# counted on" the first, "send again" (engine word_put_right read no card's
# name alone). Now line 2 is taken in place of line 1; alike in `masqued
# parse` (the dry run), a kill between the entry and its mails (the
# rebuild), and a resend. And a STATUS between a mistyped word and its
# correction (`DANCRE bard`, `STATUS`, `DANCER bard`) stops nothing.
. tests/cli/lib.sh
SEED=0000000000000000000000000000000000000000000000000000000000000003
ms_mail_game $SEED
. tests/cli/lib_mail.sh
put_right='not j["commands"][0]["accepted"] and j["commands"][0]["corrected_by"] == 2 and j["commands"][1]["accepted"] and j["commands"][1]["corrects"] == 1'
ms_owes_is "alice dancer" "not alice's Dancer"
dry alice "thief\nDANCER thief" "$put_right"
reply_served alice a1 "thief\nDANCER thief" "alice's DANCER, put right"
says a1 "did you mean DANCER Thief?"
says a1 "Replaced by line 2, which was accepted."
says a1 "In place of line 1, which was refused."
says_not a1 "Not applied, as a line above"
says_not a1 "send again"
ms_owes_is "bob dancer" "alice's Dancer not taken"
# sent again (another Message-ID), the choice still open: line 2 received
# already, in place of line 1; nothing to send again, nothing logged
ne=$($MREL -C $D log $G | wc -l)
reply_served alice a2 "thief\nDANCER thief" "alice's mail sent again"
says a2 "Replaced by line 2, which was accepted."
says_not a2 "send again"
[ "$($MREL -C $D log $G | wc -l)" = "$ne" ] || fail "the mail sent again was logged"; ok
# a STATUS between the mistyped word and its correction stops nothing
reply_served bob b1 "DANCRE bard\nSTATUS\nDANCER bard" "bob's DANCER, STATUS between"
says b1 "Replaced by line 3, which was accepted."
says b1 "In place of line 1, which was refused."
says_not b1 "Not applied, as a line above"
ms_owes_is "carol dancer" "bob's Dancer not taken"
# a card's name alone, then another card: both wait, as before
reply_served carol c1 "tower\nDANCER eternal-prisoner" "carol's name, then a Dancer"
says c1 "did you mean STAGE Tower?"
says_not c1 "Replaced by line 2"
ms_owes_is "carol dancer" "carol's DANCER applied"
expect 0 "carol's Dancer" -- $M -C $D submit $G carol "DANCER eternal-prisoner" --never-mail
to=$(ms_owes $D $G)
who=${to%% *}
[ "${to#* }" = stage ] || fail "no Stage owed: $to"; ok
# the Stage: `tower`, then `STAGE tower`; a kill between the entry and its
# mails rebuilds them alike
dry $who "tower\nSTAGE tower" "$put_right"
cp $D/games/$G/mailed $T/mailed
cp $D/games/$G/clock $T/clock
reply_served $who s1 "tower\nSTAGE tower" "$who's STAGE, put right"
$MREL -C $D log $G >$T/log1
kill_rebuilds s1
says s1 "did you mean STAGE Tower?"
says s1 "Replaced by line 2, which was accepted."
[ "$(ms_owes $D $G)" != "$who stage" ] || fail "$who's Stage not taken"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
