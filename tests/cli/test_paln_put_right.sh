#!/bin/sh
# test_paln_put_right.sh - The Red Death: a mistyped PLAN command word put
# right by a whole PLAN on the next line (`PALN cw stay ccw cw stay stay`,
# then `PLAN cw stay ccw cw stay stay`, or another plan; `計画 ...` in
# Japanese) is taken as any typo of the command word is
# (test_word_put_right.sh), and the lines after it go on. A PLAN line is
# applied before a mail's other lines, so the PALN, read after it, was no
# longer "the next line": it was refused, and held back the MOVE and PLAY
# below it, "send again". Now the PALN is read among the lines that go
# first, just before the PLAN that puts it right: "replaced by line 2",
# "in place of line 1", the MOVE and PLAY taken; alike in `masqued parse`
# (the dry run), a kill between the entry and its mails (the rebuild), and
# a resend. A PALN whose next command line is no PLAN (a MOVE) still holds
# back the lines after it.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
to_the_moves
expect 0 "carol reads Japanese" -- $M -C $D submit $G carol "SET LANG ja" --no-mail
put_right='[c.get("corrected_by") for c in j["commands"]][:2] == [2, None] and [c.get("corrects") for c in j["commands"]][:2] == [None, 1] and all(c["accepted"] for c in j["commands"][1:]) and [e["line"] for e in j["errors"]] == [1]'

# 1. bob: PALN, the same plan on the next line, then his move and card
card_in bob
text="PALN cw stay ccw cw stay stay\nPLAN cw stay ccw cw stay stay\nMOVE cw\nPLAY $card"
dry bob "$text" "$put_right"
ne=$(entries)
kill_and_catch_up bob b1 "$text"
says b1 "did you mean PLAN?"
put_right_says b1
txt_has b1 "line 3: Move: clockwise" "bob's line 3 not accepted"
txt_has b1 "line 4: Play " "bob's line 4 not accepted"
paln_taken b1

# 2. his client sends it again (another Message-ID): all received already,
# line 1 put right by line 2 still, nothing to send again, nothing logged
ne=$(entries)
reply_served bob b2 "$text"
put_right_says b2
says_not b2 "send again"
[ "$(entries)" = "$ne" ] || { cat $T/b2.txt >&2; fail "bob's resend was logged"; }; ok

# 3. carol, in Japanese: PALN, then another plan in the Japanese word
card_in carol
text="PALN cw cw cw cw cw cw\n計画 反時計回り そのまま そのまま 時計回り そのまま そのまま\nMOVE stay\nPLAY $card"
dry carol "$text" "$put_right"
reply_served carol c1 "$text"
says c1 "受け付けられなかった 1行目の代わりに適用しました"
says c1 "2行目で置き換えられ、そちらが受け付けられました"
says_not c1 "上の行が受け付けられず"
plan_is carol "['ccw', 'stay', 'stay', 'cw', 'stay', 'stay']"
$MREL -C $D log $G | tail -n 1 | grep -q "carol: PLAN ccw stay stay cw stay stay; MOVE stay; PLAY $card" ||
    { $MREL -C $D log $G >&2; fail "carol's entry is not her plan, move and card"; }; ok

# 4. a PALN whose next command line is a MOVE: no plan puts it right, and
# the lines after it wait, as before
text="PALN cw cw cw cw cw cw\nMOVE cw\nPLAN cw cw cw cw cw cw"
dry dave "$text" 'j["commands"][0].get("corrected_by") is None and not j["commands"][0]["accepted"] and not j["commands"][1]["accepted"]'
ne=$(entries)
reply_served dave d1 "$text"
says_not d1 "replaced by line"
says d1 "Not applied, as a line above it was refused"
expect 0 "verify" -- $M -C $D verify $G
done_checks
