#!/bin/sh
# test_put_right_line_between.sh - a refused line, then a line received
# that does not put it right, then the line that does (The Red Death:
# `MOVE cx`, `STATUS`, `MOVE cw`): the put-right walk (submit.c
# mq_fix_walk) keeps the refused MOVE's chance across the STATUS, which is
# answered and changes nothing. A difference between the walk's old
# copies (submit, the dry run, a resend's answer made without its first
# copy), which their fold into one walk ended, and no test showed: the
# first answer, `masqued parse` of the mail, a resend of it whose first
# copy is pruned from the archive and that resend's dry run all tell the
# same story: line 1 "replaced by line 3, which was accepted", line 3 "in
# place of line 1, which was refused", the STATUS neither, nothing to
# send again. (It passed when written.)
# That pruned resend was not found a copy: inbound_copy.c's matching by
# the lines alone wanted every command line in an earlier entry, and the
# STATUS, answered and never logged, is in none; its MOVE cw was logged
# again, for the next moves (without the STATUS it was received already:
# test_resent_corrected_pruned.sh). Now a STATUS or HELP stops no copy
# being found, and is answered again: one MOVE cw in the log, the resend's
# STATUS answered ("Your position again"). So too for a resend of the
# first copy still archived (it listed the STATUS "received already" at
# the move's entry, unlike a copy's STATUS anywhere else, which is
# answered again: docs/playing.md), and for `STATUS`, `MOVE cw` (no typo)
# resent, its first copy pruned, a round later.
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
# story WHAT: the dry run's JSON ($T/out) tells line 1 put right by line
# 3, the STATUS between them answered and part of neither
story() {
	json_is 'len(j["commands"]) == 3 and not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 3 and j["commands"][0].get("corrects") is None and j["commands"][1]["text"] == "STATUS" and j["commands"][1].get("corrected_by") is None and j["commands"][1].get("corrects") is None and j["commands"][2].get("corrects") == 1 and j["commands"][2].get("corrected_by") is None and (j["commands"][2]["accepted"] or j["commands"][2].get("already"))' \
	    "$1"
}
# told ID: alice's answer ID tells the same
told() {
	says $1 "replaced by line 3, which was accepted"
	says $1 "in place of line 1, which was refused"
	says_not $1 "replaced by line 2"
	says_not $1 "in place of line 2"
	says_not $1 "send again"
	says_not $1 "Not applied, as a line above"
}
text="MOVE cx\nSTATUS\nMOVE cw"
alice_moves_last
reply alice m1 "$ASK" "$text"
expect 0 "parse alice's mail" -- $M -C $D parse $IN/$n.test
story "the dry run of alice's mail"
serve "alice's typo, a STATUS, then the typo put right"
answer receipt alice@x.test m1
told m1
txt_has m1 "line 2: Your position again" "the STATUS is not answered"
first=$(entry_of "alice: MOVE cw")
[ -n "$first" ] || fail "alice's cw is not in the log"; ok

# cws: alice's MOVE cw entries in the log
cws() { $MREL -C $D log $G | grep -c "alice: MOVE cw"; }
# again ID WHAT: alice's answer ID to a resend: nothing logged, one MOVE cw
# in all, the STATUS answered again, line 3 received already at $first
again() {
	[ "$(entries)" = "$ne" ] || { cat $T/$1.txt >&2; $MREL -C $D log $G | tail -n 2 >&2; fail "$2 was logged"; }; ok
	[ "$(cws)" = "$nc" ] || fail "$2: alice's MOVE cw logged twice"; ok
	txt_has $1 "line 2: Your position again" "$2: the STATUS is not answered again"
	txt_has $1 "line 3: MOVE cw (entry $first)" "$2: line 3 is not received already"
	says_not $1 "line 2: STATUS (entry"
}
ne=$(entries)
nc=$(cws)

# her client sends it again, in the next round, the first copy archived
reply alice m1b "$ASK" "$text"
expect 0 "parse the resend, its first copy archived" -- $M -C $D parse $IN/$n.test
story "the dry run of the resend, its first copy archived"
json_is 'j["commands"][1]["accepted"] and not j["commands"][1].get("already")' \
    "the dry run: the archived resend's STATUS answered again"
serve "the client's resend, its first copy archived"
answer receipt alice@x.test m1b
told m1b
again m1b "the resend, its first copy archived"

# again, the first copy pruned
prune m1
reply alice m2 "$ASK" "$text"
expect 0 "parse the resend" -- $M -C $D parse $IN/$n.test
story "the resend's dry run"
json_is 'j["commands"][1]["accepted"] and not j["commands"][1].get("already")' \
    "the dry run: the pruned resend's STATUS answered again"
serve "the client's resend, its first copy pruned"
answer receipt alice@x.test m2
told m2
again m2 "the resend, its first copy pruned"

# a round later, `STATUS` and `MOVE cw`, no typo: resent, the first copy
# pruned, it is received already too, the STATUS answered again
bots alice bob carol dave
while [ "$(phase)" != move ]; do bots alice bob carol dave; done
bots bob carol dave
ASK=$(msgid m2)
[ -n "$ASK" ] || fail "no Message-ID on alice's answer m2"; ok
reply alice s1 "$ASK" "STATUS\nMOVE cw"
serve "alice's STATUS and move, the last awaited"
answer receipt alice@x.test s1
txt_has s1 "line 1: Your position again" "s1: the STATUS is not answered"
first=$(entry_of "alice: MOVE cw")
[ "$(cws)" = $((nc + 1)) ] || fail "alice's second cw is not in the log"; ok
[ "$(phase)" != move ] || fail "the round did not end: $(phase)"; ok
ne=$(entries)
nc=$(cws)
prune s1
reply alice s2 "$ASK" "STATUS\nMOVE cw"
expect 0 "parse the STATUS's resend" -- $M -C $D parse $IN/$n.test
json_is 'j["commands"][0]["accepted"] and j["commands"][1].get("already") == '"$first" \
    "the dry run of the STATUS's resend"
serve "the client's resend of the STATUS and move, its first copy pruned"
answer receipt alice@x.test s2
[ "$(entries)" = "$ne" ] || { cat $T/s2.txt >&2; fail "the STATUS's resend was logged"; }; ok
[ "$(cws)" = "$nc" ] || fail "the STATUS's resend: alice's MOVE cw logged twice"; ok
txt_has s2 "line 1: Your position again" "s2: the STATUS is not answered again"
txt_has s2 "line 2: MOVE cw (entry $first)" "s2: line 2 is not received already"
expect 0 "verify" -- $M -C $D verify $G
done_checks
