#!/bin/sh
# test_same_reply_new_round.sh - a player who always hits Reply on the same
# old mail of the game: in round 3 alice answers the mail that asked for
# her round-1 move with "MOVE cw", the same text as her round-1 reply. It
# answers the same mail and says the same as a reply taken since, so it
# was taken for a mail client's resend of that reply: "received already",
# nothing played, and at the deadline the default move played for her
# (found by players who reply to one thread every day). Now the mail
# itself tells them apart: a new Message-ID and a Date later than the
# first copy's and than the game's asking for what she owes now make a new
# reply, played for round 3 (one entry, ACCEPTED, at 8:40); a resend
# under the first copy's Message-ID (a later Date), or one under a new
# Message-ID that keeps the first copy's Date, is still received already,
# nothing logged. The dry run says the same. With the first copy pruned
# from the archive, its Date against the game's asking alone decides, in
# round 4. The Red Death; Maildir
# inbox, `serve --once`, ASan binary, the clock pinned (MASQUED_NOW).
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
T0=$MASQUED_NOW
H=3600
# mdate SECS: an RFC 5322 Date of that time
mdate() { date -u -d "@$1" '+%a, %d %b %Y %H:%M:%S +0000'; }
# dreply FROM ID IN-REPLY-TO DATE TEXT: reply's mail with a Date header
dreply() {
	n=$((n + 1))
	printf 'From: %s@x.test\nTo: %s\nSubject: Re: the masque\nDate: %s\nMessage-ID: <%s@x.test>\nIn-Reply-To: <%s>\nReferences: <%s>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n%b\n' \
	    "$1" "$(reply_to $1)" "$(mdate $3)" "$2" "$4" "$4" "$5" >$IN/$n.test
}
round_is() {
	r=$($MREL -C $D view $G admin --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["round"])')
	[ "$r" = "$1" ] || fail "not round $1: $r"; ok
}

# round 1: the others placed, alice places by mail; her card, the last,
# by mail too: the resolution that follows asks for her move
others_placed_alice_answers
answer resolution alice@x.test a0r
bots bob carol dave
reply alice a1 "$(msgid a0r)" "$($MREL -C $D bot $G alice)"
serve "alice's card, the last"
[ "$(phase)" = move ] || fail "not the moves: $(phase)"; ok
answer resolution alice@x.test a1r
says a1r "move your noble"
TURN1=$(msgid a1r)
[ -n "$TURN1" ] || fail "no Message-ID on alice's round-1 move mail"; ok
# her round-1 move, in reply to that mail, dated a minute after the clock
D1=$((T0 + 60))
dreply alice r1 $D1 "$TURN1" "MOVE cw"
serve "alice moves, round 1"
answer receipt alice@x.test r1
grep -qF -- "-- ACCEPTED" $T/r1.txt || { cat $T/r1.txt >&2; fail "MOVE cw not accepted"; }; ok
first=$(entry_of "alice: MOVE cw")
[ -n "$first" ] || fail "alice's round-1 move is not in the log"; ok
bots bob carol dave
# round 2 an hour on, round 3 two hours on: the bots play (no mail)
export MASQUED_NOW=$((T0 + H))
bots alice bob carol dave
bots alice bob carol dave
export MASQUED_NOW=$((T0 + 2 * H))
bots alice bob carol dave
[ "$(phase)" = move ] || fail "not round 3's moves: $(phase)"; ok
round_is 3

# a resend of r1 under its Message-ID, its Date new: received already
ne=$(entries)
dreply alice r1 $((T0 + 2 * H + 60)) "$TURN1" "MOVE cw"
serve "r1 sent again, the same Message-ID"
answer receipt alice@x.test s1
grep -qF "line 1: MOVE cw (entry $first)" $T/s1.txt ||
    { cat $T/s1.txt >&2; fail "the same-id resend is not received already"; }; ok
! grep -qF -- "-- ACCEPTED" $T/s1.txt || fail "the same-id resend accepted"; ok
[ "$(entries)" = "$ne" ] || fail "the same-id resend was logged"; ok
# a resend under a Message-ID of its own, the first copy's Date: the same
dreply alice r1b $D1 "$TURN1" "MOVE cw"
serve "r1 sent again, a new Message-ID, its Date"
answer receipt alice@x.test s2
grep -qF "line 1: MOVE cw (entry $first)" $T/s2.txt ||
    { cat $T/s2.txt >&2; fail "the new-id resend is not received already"; }; ok
! grep -qF -- "-- ACCEPTED" $T/s2.txt || fail "the new-id resend accepted"; ok
[ "$(entries)" = "$ne" ] || fail "the new-id resend was logged"; ok

# her round-3 reply to the same old mail, the same text, written now
dreply alice r3 $((T0 + 2 * H + 120)) "$TURN1" "MOVE cw"
cp $IN/$n.test $T/r3.eml
expect 0 "parse alice's round-3 reply" -- $M -C $D parse $T/r3.eml
json_is 'j["commands"][0]["accepted"] and not j["commands"][0].get("already")' \
    "the round-3 reply's dry run"
serve "alice moves, round 3, in reply to round 1's mail"
answer receipt alice@x.test r3
grep -qF -- "-- ACCEPTED" $T/r3.txt ||
    { cat $T/r3.txt >&2; fail "alice's round-3 move taken as a resend"; }; ok
says_not r3 "ALREADY RECEIVED"
says r3 "8:40"
[ "$(entries)" = $((ne + 1)) ] ||
    { $MREL -C $D log $G | tail -n 3 >&2; fail "not one entry for alice's round-3 move"; }; ok
[ "$(entry_of "alice: MOVE cw")" = $((ne + 1)) ] ||
    fail "the new entry is not alice's MOVE cw"; ok

# round 4, the first copy pruned from the archive: the copy is known by
# its lines alone, and the Date against the game's asking for the move
bots bob carol dave
export MASQUED_NOW=$((T0 + 3 * H))
bots alice bob carol dave
round_is 4
[ "$(phase)" = move ] || fail "not round 4's moves: $(phase)"; ok
rm $(grep -l "^Message-ID: <r1@x.test>" $D/archive/*.eml) ||
    fail "r1 is not archived"; ok
ne=$(entries)
dreply alice r1c $D1 "$TURN1" "MOVE cw"
serve "r1 sent again, pruned, its Date"
answer receipt alice@x.test s3
grep -qF -- "-- ALREADY RECEIVED" $T/s3.txt ||
    { cat $T/s3.txt >&2; fail "the resend, pruned, is not received already"; }; ok
[ "$(entries)" = "$ne" ] || fail "the resend, pruned, was logged"; ok
dreply alice r4 $((T0 + 3 * H + 60)) "$TURN1" "MOVE cw"
serve "alice moves, round 4, in reply to round 1's mail"
answer receipt alice@x.test r4
grep -qF -- "-- ACCEPTED" $T/r4.txt ||
    { cat $T/r4.txt >&2; fail "alice's round-4 move taken as a resend"; }; ok
says r4 "9:00"
[ "$(entry_of "alice: MOVE cw")" = $((ne + 1)) ] ||
    fail "alice's round-4 MOVE cw is not the new entry"; ok

done_checks
