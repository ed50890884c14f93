#!/bin/sh
# test_ms_typo_put_right.sh - a typo put right on the next line of the same
# mail (`DANCER theif`, then `DANCER thief`; `stage libary`, then `stage
# library`) is taken: the later line of a command of one choice is plainly
# the correction, where both were refused, the second "may have counted on"
# the first (found by players by mail). The receipt says the first was
# refused and replaced (en, ja, zh); `masqued parse` tells it alike; a PASS
# after a refused PLAY still waits (test_ms_pass_closed.sh), and so does a
# line of another command after a refused one.
. tests/cli/lib.sh
SEED=0000000000000000000000000000000000000000000000000000000000000003
mail_folder
expect 0 "new masquerade" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test --seed $SEED
G=$(cat $T/out)
expect 0 "serve: the welcomes" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
expect 0 "bob reads Japanese" -- $M -C $D submit $G bob "SET LANG ja" --no-mail
expect 0 "carol reads Chinese" -- $M -C $D submit $G carol "SET LANG zh" --no-mail
owes() { ms_owes $D $G; }
# a reply from WHO (its ID, its lines) read by a pass, and its receipt kept
reply() {
	ls $O >$T/before
	send $1@x.test "$(reply_to $1)" $2 "$3"
	expect 0 "serve: $4" -- $M -C $D serve --once
	answer receipt $1@x.test $2
}
[ "$(owes)" = "alice dancer" ] || fail "not alice's Dancer: $(owes)"; ok
# the dry run tells it as the mail's answer will
printf 'From: alice@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry1@x.test>\n\nDANCER theif\nDANCER thief\n' \
    "$(reply_to alice)" >$T/dry1.eml
expect 0 "parse a Dancer put right" -- $M -C $D parse $T/dry1.eml
$PY -c 'import json, sys
c = json.load(open(sys.argv[1]))["commands"]
sys.exit(not (not c[0]["accepted"] and c[0]["corrected_by"] == 2 and
    c[1]["accepted"] and c[1]["corrects"] == 1))' $T/out ||
    { cat $T/out >&2; fail "parse does not take the line put right"; }; ok
reply alice a1 "DANCER theif\nDANCER thief" "alice's Dancer, put right"
says a1 "accepted, line 2: "
says a1 "In place of line 1, which was refused."
says a1 "NOT accepted, line 1: DANCER theif"
says a1 "Replaced by line 2, which was accepted."
says_not a1 "Nothing on this line was applied"
says_not a1 "may have counted on it"
[ "$(owes)" = "bob dancer" ] || fail "alice's Dancer not taken: $(owes)"; ok
# a line of another command after a refused one still waits
reply bob b1 "DANCER baard\nSTAGE tower" "bob's refused Dancer, then a Stage"
says b1 "上の行が受け付けられず"
says_not b1 "置き換えられ"
[ "$(owes)" = "bob dancer" ] || fail "bob's lines applied: $(owes)"; ok
reply bob b2 "DANCER baard\nDANCER bard" "bob's Dancer, put right"
says b2 "受け付けられなかった1行目の代わりに適用しました。"
says b2 "2行目で置き換えられ、そちらを受け付けました。"
[ "$(owes)" = "carol dancer" ] || fail "bob's Dancer not taken: $(owes)"; ok
expect 0 "carol's Dancer" -- $M -C $D submit $G carol "DANCER eternal-prisoner" --never-mail
[ "$(owes)" = "carol stage" ] || fail "not carol's Stage: $(owes)"; ok
reply carol c1 "stage libary\nstage library" "carol's Stage, put right"
says c1 "代替未被接受的第1行。"
says c1 "已由第2行替换，该行已被接受。"
says_not c1 "可能以它为前提"
[ "$(owes)" != "carol stage" ] || fail "carol's Stage not taken"; ok
$MREL -C $D view $G public | grep -qE "^carol .* Library " ||
    { $MREL -C $D view $G public >&2; fail "carol's dancer not on the Library"; }; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
