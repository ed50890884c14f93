#!/bin/sh
# test_ms_spell_hand.sh - a Spell that changes another player's hand is
# told to that player at once, not with their next turn. alice, first in
# the Spell phase, plays Serenade on bob and takes his one Spell at random
# (a Rhapsody); she has nothing left to play in her Spell phase, so carol
# is to move. bob, last in the sequence, was told only with his next turn
# mail, and planned on a Spell he no longer held. Now he gets a notice in
# that pass, in his language (Chinese here), whose subject says his hand
# changed (not that an Event did it) and whose body tells the theft, the
# Spell, and his hand (empty now); alice gets her receipt and carol her
# turn mail as before, and carol is not told which Spell was taken.
. tests/cli/lib.sh
. tests/cli/lib_mail.sh
D=$T/data
SEED=0808080808080808080808080808080808080808080808080808080808080808
ms_game $D $SEED
ms_sub bob "DANCER blade-dancer"
ms_sub carol "DANCER paladin"
ms_sub alice "DANCER sorcerer"
ms_sub bob "SET LANG zh"
ms_sub alice "STAGE library"
ms_sub carol "STAGE library"
ms_sub bob "STAGE grand hall"
[ "$(ms_owes $D $G)" = "alice spell" ] || fail "alice's Spells: $(ms_owes $D $G)"; ok
hand() {	# NAME: NAME's hand, as kind=count ids
	$MREL -C $D view $G "$1" --json | $PY -c 'import json, sys
v = json.load(sys.stdin)
me = [p for p in v["players"] if p["name"] == sys.argv[1]][0]
print(" ".join("%s=%d" % (h["spell"], h["count"]) for h in me["hand"]))' "$1"
}
[ "$(hand alice)" = "SP_nocturne=1 SP_serenade=1" ] || fail "alice's hand: $(hand alice)"; ok
[ "$(hand bob)" = "SP_rhapsody=1" ] || fail "bob's hand: $(hand bob)"; ok
ls $D/spool >$T/before
ms_sub alice "PLAY serenade ON bob"
[ "$(hand bob)" = "" ] || fail "bob's hand after: $(hand bob)"; ok
[ "$(ms_owes $D $G)" = "alice spell" ] || fail "alice still: $(ms_owes $D $G)"; ok
ls $D/spool | grep -vxF -f $T/before >$T/new
[ "$(sed 's/^[^-]*-[0-9]*-//' $T/new | sort | tr '\n' ' ')" = \
    "0-receipt.eml 1-notice.eml " ] ||
    fail "wanted alice's receipt and bob's notice alone: $(cat $T/new)"; ok

n=$(grep -- "-1-notice.eml$" $T/new)
$PY -c 'import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(str(email.header.make_header(email.header.decode_header(m["Subject"]))))' \
    $D/spool/$n >$T/subject
grep -qF "第 1 回合：你的手牌变了" $T/subject || fail "bob's subject: $(cat $T/subject)"; ok
parts $D/spool/$n bob
says bob "alice 使用了「小夜曲」（目标：你）。"
says bob "alice 从你那里偷走了 1 张咒语：「狂想曲」。"
says bob "手牌（0/5）：无"
says_not bob "事件"
# nobody else is told which Spell it was
$MREL -C $D view $G carol --json >$T/carol.json
grep -q "SP_rhapsody" $T/carol.json && fail "carol's view names the Spell"
ok
done_checks
