#!/bin/sh
# test_ms_discard_put_right.sh - The Masquerade: a DISCARD with a
# mistyped Spell, then on the next line the same DISCARD put right (found
# by a player: `捨てる 円舞局 子守唄`, then `捨てる 円舞曲 子守唄`). Line 2
# was taken, yet line 1 stayed refused, "not applied: what you can do now
# is below", not "replaced by line 2", as a mistyped DANCER's is
# (test_ms_name_put_right.sh); in English (`DISCARD walts ...`) line 2 was
# refused too, "may have counted on" line 1. Now line 2 puts line 1 right
# in both: the receipt says so, and nothing is to be sent again; its
# subject is the plain "received" (it said "received, with problems").
# And the receipt lists line 1 before line 2, as the mail has them: it
# listed the accepted line 2 first, "in place of line 1", then line 1.
. tests/cli/lib.sh
SEED=0000000000000000000000000000000000000000000000000000000000000005
ms_mail_game $SEED
. tests/cli/lib_mail.sh
ms_langs
in_order() {	# name, first, second: in both parts, first comes before second
	for part in txt html; do
		$PY - "$T/$1.$part" "$2" "$3" <<'EOF' ||
import sys
t = open(sys.argv[1], encoding='utf-8').read()
a, b = t.find(sys.argv[2]), t.find(sys.argv[3])
sys.exit(0 if 0 <= a < b else 1)
EOF
		    fail "$1 ($part): \"$2\" not before \"$3\": $(cat $T/$1.$part)"
		ok
	done
}
# the bots play on (no mail) until bob owes a DISCARD of 3 Spells, from
# Waltz x2, Rhapsody x2, Fugue, Concerto
ms_bots_until "bob discard"
rm -rf $T/at_discard && cp -a $D $T/at_discard
put_right='not j["commands"][0]["accepted"] and j["commands"][0]["corrected_by"] == 2 and j["commands"][1]["accepted"] and j["commands"][1]["corrects"] == 1'
# in Japanese (bob's language)
text="捨てる 円舞局 円舞曲 遁走曲\n捨てる 円舞曲 円舞曲 遁走曲"
dry bob "$text" "$put_right"
reply_served bob b1 "$text" "bob's DISCARD, put right"
says b1 "2行目で置き換えられ、そちらを受け付けました。"
says b1 "受け付けられなかった1行目の代わりに適用しました。"
says_not b1 "今すべきことは下にあります"
subject_says b1 "：受け付けました"
in_order b1 "1行目は受け付けられません" "2行目を受け付けました"
[ "$(ms_owes $D $G)" != "bob discard" ] || fail "bob's DISCARD not taken"; ok
# in English, the same moment
rm -rf $D && cp -a $T/at_discard $D
expect 0 "bob reads English" -- $M -C $D submit $G bob "SET LANG en" --no-mail
text="DISCARD walts waltz fugue\nDISCARD waltz waltz fugue"
dry bob "$text" "$put_right"
reply_served bob b2 "$text" "bob's DISCARD in English, put right"
says b2 "Replaced by line 2, which was accepted."
says b2 "In place of line 1, which was refused."
says_not b2 "may have counted on"
subject_says b2 ": received"
in_order b2 "NOT accepted, line 1" "accepted, line 2"
[ "$(ms_owes $D $G)" != "bob discard" ] || fail "bob's English DISCARD not taken"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
