#!/bin/sh
# test_ms_resent_discard_put_right.sh - The Masquerade: a DISCARD with a
# mistyped Spell put right on the next line (test_ms_discard_put_right.sh),
# then the same mail sent again by bob's client under another Message-ID
# (the same In-Reply-To, the same text). The first answer said line 1 was
# replaced by line 2; the resend's answer listed line 1 refused with no
# word of line 2 (found by the code review). Now the resend's answer says
# of line 1 what the first said, in the reader's language (Japanese, then
# English), and the game log holds one entry of the DISCARD, not two;
# `masqued parse` of the resend gives "corrected_by" beside line 1.
. tests/cli/lib.sh
SEED=0000000000000000000000000000000000000000000000000000000000000005
ms_mail_game $SEED
. tests/cli/lib_mail.sh
. tests/cli/lib_resend.sh
ms_langs
ms_bots_until "bob discard"
welcome_of bob
rm -rf $T/at_discard && cp -a $D $T/at_discard
# discards ID1 ID2 TEXT REPLACED INPLACE: bob's TEXT as ID1, served, then
# his client's copy of it as ID2: both answers say line 1 was REPLACED by
# line 2, and line 2 taken INPLACE of it; one DISCARD entry in the log
discards() {
	ne=$(entries)
	reply bob $1 "$welcome" "$3"
	serve "bob's DISCARD, put right ($1)"
	answer receipt bob@x.test $1
	says $1 "$4"
	says $1 "$5"
	[ "$(ms_owes $D $G)" != "bob discard" ] || fail "bob's DISCARD not taken"; ok
	[ "$(entries)" = $((ne + 1)) ] || fail "bob's DISCARD not one entry"; ok
	reply bob $2 "$welcome" "$3"
	expect 0 "parse the resend ($2)" -- $M -C $D parse $IN/$n.test
	json_is 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1].get("corrects") == 1' \
	    "the resend's dry run ($2)"
	serve "bob's client sends it again ($2)"
	answer receipt bob@x.test $2
	says $2 "$4"
	says $2 "$5"
	[ "$(entries)" = $((ne + 1)) ] || { cat $T/$2.txt >&2; fail "the resend was logged"; }; ok
	[ "$($MREL -C $D log $G | grep -c 'bob: DISCARD')" = 1 ] ||
	    fail "not one DISCARD entry of bob's"; ok
	expect 0 "verify" -- $M -C $D verify $G
}
# in Japanese (bob's language)
discards b1 b2 "捨てる 円舞局 円舞曲 遁走曲\n捨てる 円舞曲 円舞曲 遁走曲" \
    "2行目で置き換えられ、そちらを受け付けました。" \
    "受け付けられなかった1行目の代わりに"
says_not b2 "今すべきことは下にあります"
# in English, the same moment
rm -rf $D && cp -a $T/at_discard $D
expect 0 "bob reads English" -- $M -C $D submit $G bob "SET LANG en" --no-mail
discards b3 b4 "DISCARD walts waltz fugue\nDISCARD waltz waltz fugue" \
    "Replaced by line 2, which was accepted." "In place of line 1, which was refused"
says_not b4 "send again"
done_checks
