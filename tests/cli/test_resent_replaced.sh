#!/bin/sh
# test_resent_replaced.sh - a mail client's resend (another Message-ID, the
# same In-Reply-To, the same text) of a mail from the last awaited whose
# later line changed an earlier one before it was played (`MOVE ccw`, then
# `MOVE stay`: the ccw "changed by line 2 before it was played: not
# logged"). The resend's answer said of the ccw "received already (entry
# N)", though entry N never logged it (found by the code review). Now it
# says what the first answer said: changed by line 2, not logged; the
# stay is received already at N; nothing is logged.
# The Red Death; Maildir inbox, `serve --once`, ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
alice_moves_last
# alice, the last to move: a ccw, changed by the stay below it
ne=$(entries)
reply alice m1 "$ASK" "MOVE ccw\nMOVE stay"
serve "alice's two moves, the last awaited"
answer receipt alice@x.test m1
says m1 "changed by line 2 before it was played: not logged"
[ "$(entries)" -gt "$ne" ] || fail "alice's move not logged"; ok
first=$(entry_of "alice: MOVE stay")
[ -n "$first" ] || fail "alice's stay is not in the log"; ok
! $MREL -C $D log $G | grep -q "alice: MOVE ccw" || fail "the ccw was logged"; ok
[ "$(phase)" = act ] || fail "the round did not end: $(phase)"; ok
# her client sends it again, in the next round
ne=$(entries)
reply alice m2 "$ASK" "MOVE ccw\nMOVE stay"
serve "the client's resend"
answer receipt alice@x.test m2
[ "$(entries)" = "$ne" ] || { cat $T/m2.txt >&2; fail "the resend was logged"; }; ok
grep -qF "line 2: MOVE stay (entry $first)" $T/m2.txt || { cat $T/m2.txt >&2; fail "the stay is not received already"; }; ok
grep -qF "line 1: MOVE ccw (entry" $T/m2.txt && { cat $T/m2.txt >&2; fail "the ccw is told received at an entry that never logged it"; }; ok
grep -qF "line 1: MOVE ccw (entry" $T/m2.html && fail "the ccw (html) is told received at an entry"; ok
says m2 "changed by line 2 before it was played: not logged"
says_not m2 "ACCEPTED"
says_not m2 "send again"
expect 0 "verify" -- $M -C $D verify $G
done_checks
