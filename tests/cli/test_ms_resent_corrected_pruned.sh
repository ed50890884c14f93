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
ls $O >$T/before
expect 0 "serve: alice's Dancer, put right" -- $M -C $D serve --once
answer receipt alice@x.test a1
says a1 "Replaced by line 2, which was accepted."
[ "$(owes)" = "bob dancer" ] || fail "alice's Dancer not taken: $(owes)"; ok
first=$($MREL -C $D log $G | awk '/alice: DANCER/ {print $1}' | tail -n 1)
[ -n "$first" ] || fail "alice's Dancer is not in the log"; ok
expect 0 "bob's Dancer" -- $M -C $D submit $G bob "DANCER bard" --never-mail
expect 0 "carol's Dancer" -- $M -C $D submit $G carol "DANCER eternal-prisoner" --never-mail
[ "$(owes)" = "carol stage" ] || fail "not carol's Stage: $(owes)"; ok
f=$(grep -l "^Message-ID: <a1@x.test>" $D/archive/*.eml)
[ -n "$f" ] || fail "no archived copy of a1"; ok
rm -f $f
ne=$(entries)
areply a2 "DANCER theif\nDANCER thief"
expect 0 "parse the resend" -- $M -C $D parse $IN/$n.test
json_is 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1].get("already") == '"$first"' and j["commands"][1].get("corrects") == 1' \
    "the resend's dry run"
ls $O >$T/before
expect 0 "serve: the client's resend, its first copy pruned" -- $M -C $D serve --once
answer receipt alice@x.test a2
[ "$(entries)" = "$ne" ] || { cat $T/a2.txt >&2; fail "the resend was logged"; }; ok
says a2 "Replaced by line 2, which was accepted."
says a2 "In place of line 1, which was refused."
says_not a2 "send again"
[ "$(owes)" = "carol stage" ] || fail "the resend changed the game: $(owes)"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
