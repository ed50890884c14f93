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

expect 0 "verify" -- $M -C $D verify $G
done_checks
