#!/bin/sh
# test_ms_word_put_right.sh - a mistyped command word put right on the next
# line (`DANCRE thief`, then `DANCER thief`; `STAEG arena`, then `ステージ
# arena`; `STAEG library`, then `舞台 library`) is taken, as a typo of the
# card is (test_ms_typo_put_right.sh): the refusal names the command meant
# ("did you mean DANCER?"), and the next line is that command; both were
# refused, the second "may have counted on" the first (found by players by
# mail). The receipt says the first was refused and replaced (en, ja, zh);
# `masqued parse` tells it alike. A line of one choice after a refused line
# of another command still waits, but is not told it "may have counted on"
# it: the lines of a mail apply in their order.
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
printf 'From: alice@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry1@x.test>\n\nDANCRE thief\nDANCER thief\n' \
    "$(reply_to alice)" >$T/dry1.eml
expect 0 "parse a Dancer's word put right" -- $M -C $D parse $T/dry1.eml
$PY -c 'import json, sys
c = json.load(open(sys.argv[1]))["commands"]
sys.exit(not (not c[0]["accepted"] and c[0]["corrected_by"] == 2 and
    c[1]["accepted"] and c[1]["corrects"] == 1))' $T/out ||
    { cat $T/out >&2; fail "parse does not take the word put right"; }; ok
reply alice a1 "DANCRE thief\nDANCER thief" "alice's DANCER, put right"
says a1 "NOT accepted, line 1: DANCRE thief"
says a1 "did you mean DANCER?"
says a1 "Replaced by line 2, which was accepted."
says a1 "In place of line 1, which was refused."
says_not a1 "Not applied, as a line above"
[ "$(owes)" = "bob dancer" ] || fail "alice's Dancer not taken: $(owes)"; ok
# sent again (another Message-ID), the choice of Dancers still open: line
# 2 is received already, in place of line 1; nothing to send again
ne=$($MREL -C $D log $G | wc -l)
reply alice a2 "DANCRE thief\nDANCER thief" "alice's mail sent again"
says a2 "already received, line 2: DANCER thief"
says a2 "Replaced by line 2, which was accepted."
says a2 "In place of line 1, which was refused."
says_not a2 "send again"
[ "$($MREL -C $D log $G | wc -l)" = "$ne" ] || fail "the mail sent again was logged"; ok
# another command after a mistyped word still waits: told that the
# lines apply in their order, not that it may have counted on it
reply bob b1 "DANCRE bard\nSTAGE tower" "bob's mistyped DANCER, then a Stage"
says b1 "上の行が受け付けられず、メールの行は上から順に適用される"
says_not b1 "前提にしていたかもしれない"
says_not b1 "置き換えられ"
[ "$(owes)" = "bob dancer" ] || fail "bob's lines applied: $(owes)"; ok
# a mistyped word, then another command's line of its words: waits too
reply bob b2 "DANCRE bard\nSTAGE bard" "bob's mistyped DANCER, then STAGE"
says_not b2 "置き換えられ"
[ "$(owes)" = "bob dancer" ] || fail "bob's STAGE bard applied: $(owes)"; ok
reply bob b3 "DANCRE bard\nダンサー bard" "bob's DANCER, put right in Japanese"
says b3 "受け付けられなかった1行目の代わりに適用しました。"
says b3 "2行目で置き換えられ、そちらを受け付けました。"
[ "$(owes)" = "carol dancer" ] || fail "bob's Dancer not taken: $(owes)"; ok
expect 0 "carol's Dancer" -- $M -C $D submit $G carol "DANCER eternal-prisoner" --never-mail
[ "$(owes)" = "carol stage" ] || fail "not carol's Stage: $(owes)"; ok
reply carol c1 "STAEG library\n舞台 library" "carol's STAGE, put right in Chinese"
says c1 "代替未被接受的第1行。"
says c1 "已由第2行替换，该行已被接受。"
says_not c1 "可能以它为前提"
[ "$(owes)" != "carol stage" ] || fail "carol's Stage not taken"; ok
$MREL -C $D view $G public | grep -qE "^carol .* Library " ||
    { $MREL -C $D view $G public >&2; fail "carol's dancer not on the Library"; }; ok
[ "$(owes)" = "bob stage" ] || fail "not bob's Stage: $(owes)"; ok
reply bob b4 "STAEG arena\nステージ arena" "bob's STAGE, put right in Japanese"
says b4 "1行目は受け付けられません：STAEG arena"
says b4 "受け付けられなかった1行目の代わりに適用しました。"
says_not b4 "上の行が受け付けられず"
[ "$(owes)" != "bob stage" ] || fail "bob's Stage not taken"; ok
$MREL -C $D view $G public | grep -qE "^bob .* Arena " ||
    { $MREL -C $D view $G public >&2; fail "bob's dancer not on the Arena"; }; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
