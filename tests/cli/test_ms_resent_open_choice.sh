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
owes() { ms_owes $D $G; }
welcome=$(sed -n 's/^Message-ID: <\(.*\)>\r*$/\1/p' "$(grep -l '^To: alice@' $O/* | head -n 1)")
[ -n "$welcome" ] || fail "no Message-ID on alice's welcome"; ok
# areply ID TEXT: alice's reply to her welcome, as her client sends it
areply() {
	n=$((n + 1))
	printf 'From: alice@x.test\nTo: %s\nSubject: Re: the masque\nMessage-ID: <%s@x.test>\nIn-Reply-To: <%s>\nReferences: <%s>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n%b\n' \
	    "$(reply_to alice)" "$1" "$welcome" "$welcome" "$2" >$IN/$n.test
}
entries() { $MREL -C $D log $G | wc -l; }
[ "$(owes)" = "alice dancer" ] || fail "not alice's Dancer: $(owes)"; ok
areply a1 "DANCER theif\nDANCER thief"
cp $IN/$n.test $T/a1.eml
ls $O >$T/before
expect 0 "serve: alice's Dancer, put right" -- $M -C $D serve --once
answer receipt alice@x.test a1
says a1 "Replaced by line 2, which was accepted."
says a1 "In place of line 1, which was refused."
says_not a1 "send again"
[ "$(owes)" = "bob dancer" ] || fail "alice's Dancer not taken: $(owes)"; ok
first=$($MREL -C $D log $G | awk '/alice: DANCER/ {print $1}' | tail -n 1)
[ -n "$first" ] || fail "alice's Dancer is not in the log"; ok
# her client sends it again, the choice of Dancers still open; the dry
# run first
ne=$(entries)
$MREL -C $D log $G >$T/log1
areply a2 "DANCER theif\nDANCER thief"
cp $IN/$n.test $T/a2.eml
expect 0 "parse the resend" -- $M -C $D parse $IN/$n.test
json_is 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1].get("already") == '"$first"' and j["commands"][1].get("corrects") == 1' \
    "the resend's dry run"
ls $O >$T/before
expect 0 "serve: the client's resend, the choice still open" -- $M -C $D serve --once
answer receipt alice@x.test a2
[ "$(entries)" = "$ne" ] || { cat $T/a2.txt >&2; fail "the resend was logged"; }; ok
says a2 "already received, line 2: DANCER thief"
says a2 "You sent this at entry $first, and it stands"
says a2 "Replaced by line 2, which was accepted."
says a2 "In place of line 1, which was refused."
says_not a2 "send again"
says_not a2 "not your turn"
[ "$(owes)" = "bob dancer" ] || fail "the resend changed the game: $(owes)"; ok
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
[ "$(owes)" = "bob dancer" ] || fail "the re-delivery changed the game: $(owes)"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
