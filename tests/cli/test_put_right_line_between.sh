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
# send again. (It passed when written.) Not checked here: that resend is
# not found a copy (the STATUS is in no entry, inbound_copy.c) and its
# MOVE cw is logged again, for the next moves, where without the STATUS
# it is received already (test_resent_corrected_pruned.sh).
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

# her client sends it again, in the next round, the first copy pruned
prune m1
reply alice m2 "$ASK" "$text"
expect 0 "parse the resend" -- $M -C $D parse $IN/$n.test
story "the resend's dry run"
serve "the client's resend, its first copy pruned"
answer receipt alice@x.test m2
told m2
expect 0 "verify" -- $M -C $D verify $G
done_checks
