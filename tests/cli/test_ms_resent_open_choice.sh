#!/bin/sh
# test_ms_resent_open_choice.sh - The Masquerade: a mail client's resend
# (another Message-ID, the same In-Reply-To, the same text) of a reply
# whose typo the next line put right (`DANCER theif`, then `DANCER
# thief`: the first answer said line 1 was replaced by line 2, nothing to
# send again), read while the choice of Dancers is still open (bob and
# carol have not chosen). The resend is read as any mail: line 2, bob's
# turn now, was refused, then found received already; but line 1 kept
# "send again", with no word of line 2, the player who did nothing wrong
# told to send a third copy. Now the resend answers as the first did:
# line 1 replaced by line 2, line 2 received already at its entry "in
# place of line 1"; nothing logged; `masqued parse` says so too, and so
# does the resend read again after a kill (before it was marked
# answered). A re-delivery of the very same bytes changes nothing either.
. tests/cli/lib.sh
SEED=0000000000000000000000000000000000000000000000000000000000000003
ms_mail_game $SEED
. tests/cli/lib_mail.sh
. tests/cli/lib_resend.sh
ms_alice_put_right
says a1 "In place of line 1, which was refused."
says_not a1 "send again"
# her client sends it again, the choice of Dancers still open; the dry
# run first
$MREL -C $D log $G >$T/log1
ms_alice_resend "the client's resend, the choice still open"
says a2 "already received, line 2: DANCER thief"
says a2 "You sent this at entry $first, and it stands"
says_not a2 "not your turn"
ms_owes_is "bob dancer" "the resend changed the game"
$MREL -C $D log $G | cmp -s - $T/log1 || fail "the resend changed the log"; ok
# a kill before the resend was marked answered (it logged nothing): read
# again, it is answered alike
h=$(basename "$(grep -l "^Message-ID: <a2@x.test>" $D/archive/*.eml)" .eml)
[ -f $D/archive/$h.answered ] || fail "the resend is not marked answered"; ok
rm $D/archive/$h.answered "$(cat $T/a2.file)"
ls $O >$T/before
n=$((n + 1))
cp $T/a2.eml $IN/$n.test
expect 0 "serve: the resend read again after a kill" -- $M -C $D serve --once
answer receipt alice@x.test a2r
same_file $T/a2.txt $T/a2r.txt "the resend's answer, read again"
$MREL -C $D log $G | cmp -s - $T/log1 || fail "reading it again changed the log"; ok
# the very same bytes delivered again: nothing logged, nothing changed
n=$((n + 1))
cp $T/a1.eml $IN/$n.test
expect 0 "serve: a1 delivered again" -- $M -C $D serve --once
$MREL -C $D log $G | cmp -s - $T/log1 || fail "the re-delivery changed the log"; ok
ms_owes_is "bob dancer" "the re-delivery changed the game"
expect 0 "verify" -- $M -C $D verify $G
done_checks
