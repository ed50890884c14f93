#!/bin/sh
# test_ms_resent_corrected_pruned.sh - The Masquerade: a mail client's
# resend of a reply whose typo the next line put right (`DANCER theif`,
# then `DANCER thief`), read once the choice of Dancers was over, when the
# archive no longer holds the first copy (pruned, a data folder from
# before): its answer is made from the lines as the game reads them
# (inbound_copy.c copy_result). It listed line 1 as refused, to send
# again, where the first answer had said it was replaced by line 2. Now it
# answers as the first did: line 1 replaced by line 2, line 2 received
# already at its entry "in place of line 1"; nothing logged; `masqued
# parse` of the resend says it too.
. tests/cli/lib.sh
SEED=0000000000000000000000000000000000000000000000000000000000000003
ms_mail_game $SEED
. tests/cli/lib_mail.sh
. tests/cli/lib_resend.sh
ms_alice_put_right
expect 0 "bob's Dancer" -- $M -C $D submit $G bob "DANCER bard" --never-mail
expect 0 "carol's Dancer" -- $M -C $D submit $G carol "DANCER eternal-prisoner" --never-mail
ms_owes_is "carol stage" "not carol's Stage"
f=$(grep -l "^Message-ID: <a1@x.test>" $D/archive/*.eml)
[ -n "$f" ] || fail "no archived copy of a1"; ok
rm -f $f
ms_alice_resend "the client's resend, its first copy pruned"
ms_owes_is "carol stage" "the resend changed the game"
expect 0 "verify" -- $M -C $D verify $G
done_checks
