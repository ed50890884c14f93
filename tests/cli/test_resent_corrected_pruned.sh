#!/bin/sh
# test_resent_corrected_pruned.sh - a mail client's resend of a mail whose
# refused line the next line put right (`MOVE cx`, then `MOVE cw`), read
# once the round it was for had resolved, when the archive no longer holds
# the first copy (pruned, a data folder from before): its answer is made
# from the lines as the game reads them (inbound_copy.c copy_result), not
# from the first answer read again. It listed line 1 as refused, "send
# again", where the first answer had said "replaced by line 2, which was
# accepted", and line 2 as received already with no word of line 1. Now
# it answers as the first did: line 1 replaced by line 2, nothing to send
# again; line 2 received already at its entry, "in place of line 1, which
# was refused"; nothing logged. `masqued parse` of the resend says it too.
# A whole PLAN mistyped and written again (`PLAN cw stay ccw cw stay`, then
# the six steps): its resend is read as any mail, the plan's moment never
# going by, and line 2, the plan that stands, was received already before
# the refused PLAN above it was looked at (submit.c kept that look for the
# lines that do not go first): line 1 was told to be sent again. Now the
# plan that stands puts it right as a new plan would.
# The Red Death; Maildir inbox, `serve --once`, ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
# prune ID: the archive loses the first copy of alice's mail ID
prune() {
	p_f=$(grep -l "^Message-ID: <$1@x.test>" $D/archive/*.eml)
	[ -n "$p_f" ] || fail "no archived copy of $1"; ok
	rm -f $p_f
}
alice_moves_last
reply alice m1 "$ASK" "MOVE cx\nMOVE cw"
serve "alice's typo put right, the last awaited"
answer receipt alice@x.test m1
says m1 "replaced by line 2, which was accepted"
first=$(entry_of "alice: MOVE cw")
[ -n "$first" ] || fail "alice's cw is not in the log"; ok
[ "$(phase)" = act ] || fail "the round did not end: $(phase)"; ok
prune m1
# her client sends it again, in the next round; the dry run first
ne=$(entries)
reply alice m2 "$ASK" "MOVE cx\nMOVE cw"
expect 0 "parse the resend" -- $M -C $D parse $IN/$n.test
json_is 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1].get("already") == '"$first"' and j["commands"][1].get("corrects") == 1' \
    "the resend's dry run"
serve "the client's resend, its first copy pruned"
answer receipt alice@x.test m2
[ "$(entries)" = "$ne" ] || { cat $T/m2.txt >&2; fail "the resend was logged"; }; ok
grep -qF "line 2: MOVE cw (entry $first) in place of line 1, which was refused" $T/m2.txt ||
    { cat $T/m2.txt >&2; fail "the resend does not say line 2 put line 1 right"; }; ok
says m2 "replaced by line 2, which was accepted"
says_not m2 "send again"

# a whole PLAN mistyped, then written again on the next line: its resend,
# the first copy pruned, is read as any mail (the plan's moment never
# goes by); line 2 is the plan that stands, received already, and it puts
# line 1 right all the same (it was told "send again, corrected")
ASK=$(msgid m2)
reply alice p1 "$ASK" "PLAN cw stay ccw cw stay\nPLAN cw stay ccw cw stay stay"
serve "alice's plan put right"
answer receipt alice@x.test p1
says p1 "replaced by line 2, which was accepted"
says p1 "in place of line 1, which was refused"
plan=$(entry_of "alice: PLAN")
[ -n "$plan" ] || fail "alice's plan is not in the log"; ok
prune p1
ne=$(entries)
reply alice p2 "$ASK" "PLAN cw stay ccw cw stay\nPLAN cw stay ccw cw stay stay"
expect 0 "parse the plan's resend" -- $M -C $D parse $IN/$n.test
json_is 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1].get("already") == '"$plan"' and j["commands"][1].get("corrects") == 1' \
    "the plan's resend's dry run"
serve "the client's resend of the plan, its first copy pruned"
answer receipt alice@x.test p2
[ "$(entries)" = "$ne" ] || { cat $T/p2.txt >&2; fail "the plan's resend was logged"; }; ok
grep -qF "(entry $plan) in place of line 1, which was refused" $T/p2.txt ||
    { cat $T/p2.txt >&2; fail "the plan's resend does not say line 2 put line 1 right"; }; ok
says p2 "replaced by line 2, which was accepted"
says_not p2 "send again"
expect 0 "alice's view" -- $M -C $D view $G alice --json
json_is 'j["me"]["plan"] == ["cw", "stay", "ccw", "cw", "stay", "stay"]' \
    "alice's plan"
expect 0 "verify" -- $M -C $D verify $G
done_checks
