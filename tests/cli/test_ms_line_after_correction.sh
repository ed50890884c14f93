#!/bin/sh
# test_ms_line_after_correction.sh - The Masquerade: the line after a typo
# put right (`DANCER eternal-prisonr`, `DANCER eternal-prisoner`, then
# `STAGE library`, carol being the last to choose a Dancer and the first
# to place) is applied, not held back as after a refused line, and the
# receipt says so. `masqued parse` (the dry run), the receipt and the log
# agree, and a kill between the entry and its mails rebuilds the same
# mails from the archived message (test_typo_put_right_rebuild.sh).
. tests/cli/lib.sh
SEED=0000000000000000000000000000000000000000000000000000000000000003
ms_mail_game $SEED
. tests/cli/lib_mail.sh
owes() { ms_owes $D $G; }
expect 0 "alice's Dancer" -- $M -C $D submit $G alice "DANCER thief" --never-mail
expect 0 "bob's Dancer" -- $M -C $D submit $G bob "DANCER bard" --never-mail
[ "$(owes)" = "carol dancer" ] || fail "not carol's Dancer: $(owes)"; ok
text="DANCER eternal-prisonr\nDANCER eternal-prisoner\nSTAGE library"
printf 'From: carol@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry@x.test>\n\n%b\n' \
    "$(reply_to carol)" "$text" >$T/dry.eml
expect 0 "parse carol's reply" -- $M -C $D parse $T/dry.eml
json_is 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1]["accepted"] and j["commands"][1].get("corrects") == 1 and j["commands"][2]["accepted"] and [e["line"] for e in j["errors"]] == [1]' \
    "carol's dry run"
# carol's reply logged, its mails lost (the staged kill), then caught up
ls $O | sort >$T/before
cp $D/games/$G/mailed $T/mailed
cp $D/games/$G/clock $T/clock
send carol@x.test "$(reply_to carol)" c1 "$text"
expect 0 "serve --once: carol's c1" -- $M -C $D serve --once
answer receipt carol@x.test c1
says c1 "Replaced by line 2, which was accepted."
says c1 "In place of line 1, which was refused."
says c1 "accepted, line 3: "
says_not c1 "may have counted on it"
says_not c1 "Nothing on this line was applied"
$MREL -C $D log $G >$T/log1
tail -n 1 $T/log1 | grep -qi "carol: DANCER eternal-prisoner; STAGE library" ||
    { cat $T/log1 >&2; fail "carol's entry is not her Dancer and her Stage"; }; ok
[ "$(owes)" != "carol stage" ] || fail "carol's Stage not taken"; ok
kill_rebuilds
expect 0 "verify" -- $M -C $D verify $G
done_checks
