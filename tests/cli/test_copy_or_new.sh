#!/bin/sh
# test_copy_or_new.sh - a reply to an older mail of the game, every line
# of it one the seat's mail had taken for a moment gone now, is a copy
# (a mail client's resend) only when that mail was sent before the first
# copy was taken: a resend answers what the first answered. A player who
# answers their own receipt (sent after their move was taken) with the
# same move, in a later round, sends a new move: it was taken as a copy
# and dropped ('received already (entry N)'), the round's move lost, the
# deadline's default played for them (found by a code review). And a
# mail with no In-Reply-To is read by the last of its References that
# names a mail of the game, the nearest, not the first. A resend of a
# mail with a typo on its second line was played for the next round, its
# first line taken again (a move doubled); now its typo is refused again
# and the rest received already, the dry run alike. The Red Death;
# Maildir inbox, `serve --once`, ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
# reply FROM ID IN-REPLY-TO REFERENCES TEXT: FROM's reply ("" leaves the
# header out)
reply() {
	n=$((n + 1))
	{
		printf 'From: %s@x.test\nTo: %s\nSubject: Re: the masque\nMessage-ID: <%s@x.test>\n' \
		    "$1" "$(reply_to $1)" "$2"
		[ -z "$3" ] || printf 'In-Reply-To: <%s>\n' "$3"
		[ -z "$4" ] || printf 'References: %s\n' "$4"
		printf 'MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n%b\n' "$5"
	} >$IN/$n.test
}
others() { bots bob carol dave; }

for p in bob carol dave; do
	$MREL -C $D submit --never-mail $G $p "PLACE black" >/dev/null || fail "place $p"
done
reply alice a0 "" "" "PLACE black"
serve "alice places"
others
[ "$(phase)" = act ] || fail "not the choice of cards: $(phase)"; ok
reply alice a1 "" "" "$($MREL -C $D bot $G alice)"
serve "alice's card"
[ "$(phase)" = move ] || fail "not the moves: $(phase)"; ok
# alice moves first: her receipt is sent while the others still owe theirs
reply alice a2 "" "" "MOVE stay"
serve "alice stays"
answer receipt alice@x.test m1
grep -q -- "-- ACCEPTED" $T/m1.txt || fail "MOVE stay not accepted"; ok
RECEIPT=$(msgid m1)
others
[ "$(phase)" = act ] || fail "round 2 has not begun: $(phase)"; ok
reply alice a3 "" "" "$($MREL -C $D bot $G alice)"
serve "alice's second card"
answer receipt alice@x.test c2
CARD2=$(msgid c2)
others
[ "$(phase)" = move ] || fail "not round 2's moves: $(phase)"; ok
# round 2: alice answers her round-1 receipt with the same move
ne=$(entries)
reply alice a4 "$RECEIPT" "<$RECEIPT>" "MOVE stay"
serve "alice stays again, in reply to her receipt"
answer receipt alice@x.test m2
grep -q -- "-- ACCEPTED" $T/m2.txt || { cat $T/m2.txt >&2; fail "a new move taken as a copy"; }; ok
says_not m2 "ALREADY RECEIVED"
[ "$(entries)" -gt "$ne" ] || fail "the new move was not logged"; ok
RECEIPT2=$(msgid m2)
others
reply alice a5 "" "" "$($MREL -C $D bot $G alice)"
serve "alice's third card"
others
[ "$(phase)" = move ] || fail "not round 3's moves: $(phase)"; ok
# round 3: no In-Reply-To; References names her round-2 card receipt,
# then her round-2 move's receipt (the mail she answers)
ne=$(entries)
reply alice a6 "" "<$CARD2> <$RECEIPT2>" "MOVE stay"
serve "alice stays, her References alone"
answer receipt alice@x.test m3
grep -q -- "-- ACCEPTED" $T/m3.txt || { cat $T/m3.txt >&2; fail "a new move, by References, taken as a copy"; }; ok
[ "$(entries)" -gt "$ne" ] || fail "the move by References was not logged"; ok
# a resend of a mail whose second line was refused (a typo): still a
# copy; its refused line is refused again, nothing played for the next
# round (the first line was played again, for it: a move doubled)
others
reply alice a8 "" "" "$($MREL -C $D bot $G alice)"
serve "alice's fourth card"
others
[ "$(phase)" = move ] || fail "not round 4's moves: $(phase)"; ok
ls $O >$T/before
reply alice a9 "" "" "STATUS"
serve "alice asks her status"
ls $O | comm -13 $T/before - >$T/new
f=$(cd $O && grep -l "^To: alice@" $(cat $T/new) | head -n 1)
echo "$O/$f" >$T/st.file
STATUS4=$(msgid st)
[ -n "$STATUS4" ] || fail "no status mail"; ok
reply alice b1 "$STATUS4" "<$STATUS4>" "MOVE stay\nMOVE sidways"
serve "a move and a typo"
answer receipt alice@x.test b1
grep -q -- "-- ACCEPTED" $T/b1.txt || { cat $T/b1.txt >&2; fail "MOVE stay not accepted"; }; ok
grep -q -- "-- NOT ACCEPTED" $T/b1.txt || { cat $T/b1.txt >&2; fail "the typo not refused"; }; ok
others
[ "$(phase)" = act ] || fail "round 5 has not begun: $(phase)"; ok
ne=$(entries)
reply alice b2 "$STATUS4" "<$STATUS4>" "MOVE stay\nMOVE sidways"
serve "its resend, after the round"
answer receipt alice@x.test b2
[ "$(entries)" = "$ne" ] || { cat $T/b2.txt >&2; fail "the resend with a typo was logged"; }; ok
grep -q -- "-- ALREADY RECEIVED" $T/b2.txt || { cat $T/b2.txt >&2; fail "the resend not received already"; }; ok
! grep -qF -- "-- ACCEPTED" $T/b2.txt || fail "the resend accepted"; ok
grep -q -- "-- NOT ACCEPTED" $T/b2.txt || { cat $T/b2.txt >&2; fail "the typo not refused again"; }; ok

# the dry run says the same: received already, the typo refused
printf 'From: alice@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry@x.test>\nIn-Reply-To: <%s>\n\nMOVE stay\nMOVE sidways\n' \
    "$(reply_to alice)" "$STATUS4" >$T/dry.eml
expect 0 "parse the resend" -- $M -C $D parse $T/dry.eml
$PY - $T/out <<'EOF' || { cat $T/out >&2; fail "parse of a resend with a typo"; }
import json, sys
j = json.load(open(sys.argv[1]))
c = j["commands"]
assert len(c) == 2 and c[0]["already"] > 0 and not c[0]["accepted"], c
assert not c[1]["accepted"] and "sidways" in c[1]["error"] and "note" not in c[1], c
assert len(j["errors"]) == 1 and j["errors"][0]["line"] == 2, j["errors"]
EOF
ok

done_checks
