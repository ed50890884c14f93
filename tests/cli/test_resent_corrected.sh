#!/bin/sh
# test_resent_corrected.sh - a mail client's resend (another Message-ID, the
# same In-Reply-To, the same text) of a mail from the last awaited whose
# refused line was put right by the next (`MOVE cx`, then `MOVE cw`: the
# first answer said of line 1 "replaced by line 2, which was accepted",
# and asked nothing sent again). The resend's answer listed line 1 as
# refused with no word of line 2, and told her to send it again, corrected
# (found by the code review). Now it says what the first answer said:
# line 1 replaced by line 2, nothing to send again; line 2 received
# already at its entry; nothing logged. `masqued parse` of the resend
# gives "corrected_by" beside line 1 alike. Line 2 of the resend's answer
# was only "received already (entry N)", where the first answer had said
# "in place of line 1, which was refused": now it says so again (and
# `masqued parse` gives "corrects" beside it).
# The Red Death; Maildir inbox, `serve --once`, ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
alice_moves_last
# alice, the last to move: a typo, put right on the line below it
ne=$(entries)
reply alice m1 "$ASK" "MOVE cx\nMOVE cw"
serve "alice's typo put right, the last awaited"
answer receipt alice@x.test m1
says m1 "replaced by line 2, which was accepted"
says_not m1 "send again"
[ "$(entries)" -gt "$ne" ] || fail "alice's move not logged"; ok
first=$(entry_of "alice: MOVE cw")
[ -n "$first" ] || fail "alice's cw is not in the log"; ok
[ "$(phase)" = act ] || fail "the round did not end: $(phase)"; ok
# her client sends it again, in the next round; the dry run first
ne=$(entries)
reply alice m2 "$ASK" "MOVE cx\nMOVE cw"
expect 0 "parse the resend" -- $M -C $D parse $IN/$n.test
json_is 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1].get("already") == '"$first"' and j["commands"][1].get("corrects") == 1' \
    "the resend's dry run"
serve "the client's resend"
answer receipt alice@x.test m2
[ "$(entries)" = "$ne" ] || { cat $T/m2.txt >&2; fail "the resend was logged"; }; ok
grep -qF "line 2: MOVE cw (entry $first)" $T/m2.txt || { cat $T/m2.txt >&2; fail "the cw is not received already"; }; ok
says m2 "replaced by line 2, which was accepted"
# and of line 2, as the first answer said, beside its entry
says m1 "in place of line 1, which was refused"
grep -qF "line 2: MOVE cw (entry $first) in place of line 1, which was refused" $T/m2.txt ||
    { cat $T/m2.txt >&2; fail "the resend does not say line 2 put line 1 right"; }; ok
says m2 "in place of line 1, which was refused"
says_not m2 "send again"
grep -qF -- "-- ACCEPTED" $T/m2.txt && fail "the resend lists a line accepted"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
