#!/bin/sh
# test_prose_command.sh - a line read as prose that holds a whole command
# after its first word ("ok i'll place blue then", found by players by
# mail: "i'll play discuss this time" was left alone with no word of the
# command in it) is still left alone, nothing applied, but its note says
# the command meant, to be sent alone on its line. A line whose command
# word takes nothing after it ("thanks for the help") or holds no
# command's words ("let's play it by ear") gets no such note. Both games,
# English and Japanese.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
entries0=$($MREL -C $D log $G | wc -l)

# the dry run says of it what the answer says, changing nothing
printf 'From: alice@x.test\nTo: %s\nSubject: x\n\n%s\nthanks for the help\n' \
    "$(reply_to alice)" "ok i'll place blue then" >$T/dry.eml
expect 0 "parse: prose with a command in it" -- $M -C $D parse $T/dry.eml
$PY - "$T/out" <<'EOF' || { cat $T/out >&2; fail "parse does not say the command meant"; }
import json, sys
j = json.load(open(sys.argv[1]))
c = j["commands"]
why = "did you mean PLACE blue? A command goes alone on its line."
assert c[0].get("note") and c[0]["meant"] == "PLACE blue", c
assert c[0]["error"] == why, c
assert c[1].get("note") and "meant" not in c[1], c
assert [x["error"] for x in j["errors"] if x["line"] == 1] == [why], j["errors"]
EOF
ok
[ "$($MREL -C $D log $G | wc -l)" = "$entries0" ] || fail "parse logged something"; ok

ls $O >$T/before
send alice@x.test "$(reply_to alice)" p1 "ok i'll place blue then\nthanks for the help\nlet's play it by ear"
expect 0 "serve: prose with a command in it" -- $M -C $D serve --once
answer receipt alice@x.test p1
grep -qF "line 1: ok i'll place blue then" $T/p1.txt || fail "line 1 not listed"; ok
grep -qF "did you mean PLACE blue? A command goes alone on its line." $T/p1.txt ||
    { cat $T/p1.txt >&2; fail "the command meant is not said"; }; ok
grep -qF "did you mean <code>PLACE blue</code>? A command goes alone on its line." $T/p1.html ||
    fail "the command meant is not said in HTML"; ok
[ "$(grep -c "did you mean" $T/p1.txt)" = 1 ] ||
    { cat $T/p1.txt >&2; fail "a line with no command in it got a note"; }; ok
[ "$($MREL -C $D log $G | wc -l)" = "$entries0" ] || { $MREL -C $D log $G >&2; cat $T/p1.txt >&2; fail "prose was applied"; }; ok

# Japanese, the Masquerade
ms_game $T/ms 0707070707070707070707070707070707070707070707070707070707070707
D=$T/ms; O=$D/mail/outbox/new; IN=$D/mail/inbox/new
expect 0 "SET LANG ja" -- $M -C $D submit $G alice "SET LANG ja"
expect 0 "serve: the welcomes" -- $M -C $D serve --once
set -- $(ms_owes $D $G)
P=$1
ls $O >$T/before
send $P@x.test "$(reply_to $P)" p2 "では dancer paladin でお願いします"
expect 0 "serve: the Masquerade's prose" -- $M -C $D serve --once
answer receipt $P@x.test p2
grep -qF "→ DANCER paladin のことですか？" $T/p2.txt ||
    { cat $T/p2.txt >&2; fail "the command meant is not said (ja)"; }; ok
grep -qF "→ DANCER paladin のことですか？" $T/p2.html || fail "not said in HTML (ja)"; ok
# the dry run of it: the command meant, whatever the language
printf 'From: %s@x.test\nTo: %s\nSubject: x\n\nでは dancer paladin でお願いします\n' \
    "$P" "$(reply_to $P)" >$T/dry2.eml
expect 0 "parse: the Masquerade's prose" -- $M -C $D parse $T/dry2.eml
$PY - "$T/out" <<'EOF' || { cat $T/out >&2; fail "parse does not say the command meant (ms)"; }
import json, sys
c = json.load(open(sys.argv[1]))["commands"]
assert c[0].get("note") and c[0]["meant"] == "DANCER paladin", c
# parse's sentences are English, as for every refusal (docs/commands.md)
assert c[0]["error"] == "did you mean DANCER paladin? A command goes alone on its line.", c
EOF
ok
done_checks
