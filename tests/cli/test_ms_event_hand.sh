#!/bin/sh
# test_ms_event_hand.sh - an Event that changes a hand is told to its
# holder at once. carol, the prophet, picks Request for a Tune: she takes
# two Spells, bob and alice one each, all fitting their hands, so nobody
# is asked to KEEP. bob chooses the next Order (his turn mail tells him his
# Spell); alice, not to move, was told hers only with her next turn mail,
# and planned on a hand she no longer held. Now she gets a notice in that
# pass, in her language (Japanese here), that names her Spell and shows
# her hand; carol gets her receipt and bob his turn mail as before, no
# notice, and neither is told which Spell alice got.
. tests/cli/lib.sh
. tests/cli/lib_mail.sh
D=$T/data
SEED=0707070707070707070707070707070707070707070707070707070707070707
ms_game $D $SEED
ms_sub alice "DANCER blade-dancer"
ms_sub carol "DANCER paladin"
ms_sub bob "DANCER sorcerer"
ms_sub alice "SET LANG ja"
ms_sub bob "STAGE library"
ms_sub carol "STAGE chapel"
ms_sub alice "STAGE spring"
ms_sub bob PASS
[ "$(ms_owes $D $G)" = "carol event" ] || fail "carol's Event: $(ms_owes $D $G)"; ok
ls $D/spool >$T/before
ms_sub carol "EVENT request for a tune"
[ "$(ms_owes $D $G)" = "bob order" ] || fail "bob's Order next: $(ms_owes $D $G)"; ok
ls $D/spool | grep -vxF -f $T/before >$T/new
[ "$(sed 's/^[^-]*-[0-9]*-//' $T/new | sort | tr '\n' ' ')" = \
    "0-notice.eml 1-turn.eml 2-receipt.eml " ] ||
    fail "wanted alice's notice, bob's turn, carol's receipt: $(cat $T/new)"; ok

# alice's Spell, as the game names it in Japanese
$MREL -C $D view $G alice --json >$T/alice.json
spell=$($PY -c 'import json, sys
v = json.load(open(sys.argv[1]))
me = [p for p in v["players"] if p["name"] == "alice"][0]
assert [h["count"] for h in me["hand"]] == [1], me["hand"]
ids = {s["id"]: s["name_ja"] for s in
    json.load(open("config/games/masquerade.json"))["spells"]}
print(ids[me["hand"][0]["spell"]])' $T/alice.json) || fail "alice's hand: $(cat $T/alice.json)"
ok
n=$(grep -- "-0-notice.eml$" $T/new)
$PY -c 'import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(str(email.header.make_header(email.header.decode_header(m["Subject"]))))' \
    $D/spool/$n >$T/subject
grep -qF "手札が変わりました" $T/subject || fail "alice's subject: $(cat $T/subject)"; ok
parts $D/spool/$n alice
says alice "あなたが山札からスペルを1枚受け取り、1枚を手札に残しました。受け取ったスペル：「$spell」×1"
says alice "手札（1/5）：「$spell」×1"
for s in 1-turn 2-receipt; do
	f=$(grep -- "-$s.eml$" $T/new)
	parts $D/spool/$f other
	says other "alice drew 1 from the Spell deck and kept 1."
	grep -q "alice drew 1 from the Spell deck (" $T/other.txt &&
	    fail "$s names alice's Spell: $(cat $T/other.txt)"
	ok
done
done_checks
