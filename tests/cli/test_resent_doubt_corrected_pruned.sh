#!/bin/sh
# test_resent_doubt_corrected_pruned.sh - a mail whose first line is a
# doubt (`Play nice`: refused, the lines after go on), then a typo put
# right by the next line (`MOVE cx`, then `MOVE cw`), resent by the
# player's client once the round resolved, its first copy pruned from the
# archive: its answer is made from the lines as the game reads them
# (inbound_copy.c copy_corrections). That walk read the doubt as a refused
# command, after which no line could put another right: the resend told
# line 2 to be sent again, where the first answer (submit) had said
# "replaced by line 3, which was accepted". Now it walks the lines as
# submit does (mq_fix_walk) and answers as the first did; `masqued parse`
# of the resend says it too. The Red Death; Maildir inbox, `serve --once`.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
alice_moves_last
mail="Play nice\nMOVE cx\nMOVE cw"
reply alice m1 "$ASK" "$mail"
expect 0 "parse the first copy" -- $M -C $D parse $IN/$n.test
json_is 'not j["commands"][0]["accepted"] and "corrected_by" not in j["commands"][0] and j["commands"][1].get("corrected_by") == 3 and j["commands"][2].get("corrects") == 2' \
    "the first copy's dry run"
serve "alice's doubt, then her typo put right"
answer receipt alice@x.test m1
says m1 "replaced by line 3, which was accepted"
first=$(entry_of "alice: MOVE cw")
[ -n "$first" ] || fail "alice's cw is not in the log"; ok
[ "$(phase)" = act ] || fail "the round did not end: $(phase)"; ok
f=$(grep -l "^Message-ID: <m1@x.test>" $D/archive/*.eml)
[ -n "$f" ] || fail "no archived copy of m1"; ok
rm -f $f
ne=$(entries)
reply alice m2 "$ASK" "$mail"
expect 0 "parse the resend" -- $M -C $D parse $IN/$n.test
json_is 'not j["commands"][1]["accepted"] and j["commands"][1].get("corrected_by") == 3 and j["commands"][2].get("already") == '"$first"' and j["commands"][2].get("corrects") == 2' \
    "the resend's dry run"
serve "the client's resend, its first copy pruned"
answer receipt alice@x.test m2
[ "$(entries)" = "$ne" ] || { cat $T/m2.txt >&2; fail "the resend was logged"; }; ok
grep -qF "line 3: MOVE cw (entry $first) in place of line 2, which was refused" $T/m2.txt ||
    { cat $T/m2.txt >&2; fail "the resend does not say line 3 put line 2 right"; }; ok
says m2 "replaced by line 3, which was accepted"
expect 0 "verify" -- $M -C $D verify $G
done_checks
