#!/bin/sh
# test_sent_again_late.sh - a reply sent twice (a mail client's resend:
# another Message-ID, the same In-Reply-To), whose first copy ended the
# round's choice of cards: the second copy, read after, was played as the
# next round's card, its commitment sent to the others ('received ...
# ACCEPTED line 1: Play Discuss (secret)', found by players by mail). Now
# a mail that answers an older mail of its game, every command line of it
# one accepted for the moment that mail asked for, is received already:
# nothing logged, no notice, the receipt names the entry. A reply to the
# same old mail with another card is played, as before, and a line taken
# for another round than the one the mail was read in says which round on
# its ACCEPTED line ('(for 8:20)'; it said nothing but under YOU: 'For
# next round'), en and ja, text and HTML. The dry run says what the
# answer says. The Red Death; Maildir inbox, `serve --once`, ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
notices() { grep -l "^X-Masqued-Mail: notice" $O/* 2>/dev/null | xargs -r grep -l "^To: bob@" | wc -l; }

# the others placed; alice places by mail, the last: her receipt says the
# phase resolved, and the resolution that follows asks for her card
others_placed_alice_places
says a0 "Your move completed the phase"
says_not a0 "choose your action card"
answer resolution alice@x.test a0r
says a0r "choose your action card for 8:00"
ASK=$(msgid a0r)
[ -n "$ASK" ] || fail "no Message-ID on alice's resolution mail"; ok
# the others' cards; alice's is the last
bots bob carol dave
play=$($MREL -C $D bot $G alice)
case "$play" in PLAY\ *) ;; *) fail "alice's card is not a PLAY: $play";; esac; ok
other="PLAY discuss"; [ "$play" = "$other" ] && other="PLAY dance"
ne=$(entries)
# two copies of one reply, read in one pass
reply alice a1 "$ASK" "$play" 2
serve "alice's card, twice"
[ "$(phase)" = move ] ||
    fail "the first copy did not end the choice of cards"; ok
seq=$(entry_of "alice: $play")
[ -n "$seq" ] || fail "alice's card is not in the log"; ok
# the card (logged), and its reveal: nothing more
[ "$(entries)" = $((ne + 2)) ] || { $MREL -C $D log $G | tail -n 4 >&2; fail "the copy was logged"; }; ok
ls $O | comm -13 $T/before - >$T/new
# alice's mails of that pass, in the order sent: the first copy's
# receipt, the resolution it set off, then the copy's receipt; the copy's
# came before the resolution, with the next phase's YOUR MOVE ahead of the
# mail that told how the cards resolved (found by players by mail)
order=$(cd $O && for f in $(grep -l "^To: alice@" $(cat $T/new) | sort); do
	k=$(sed -n 's/^X-Masqued-Mail: //p' $f | tr -d '\r')
	[ "$k" = receipt ] && grep -q "^-- ACCEPTED" $f && k=accepted
	printf '%s ' "$k"
done)
[ "$order" = "accepted resolution receipt " ] ||
    fail "alice's mails not in the order they tell: $order"; ok
# the first copy's receipt: its card completed the phase, and the board
# and what is owed now are the resolution's, which follows
f=$(cd $O && grep -l "^To: alice@" $(cat $T/new) | xargs grep -l "^X-Masqued-Mail: receipt" | xargs grep -l "^-- ACCEPTED")
parts "$O/$f" a1r
says a1r "Your move completed the phase, which resolved at once"
says_not a1r "move your noble"
! grep -qi "you: alice" $T/a1r.txt $T/a1r.html || fail "the receipt shows alice's section"; ok
# the first copy's receipt says ACCEPTED, the second's not
f=$(cd $O && grep -l "^To: alice@" $(cat $T/new) | xargs grep -l "^X-Masqued-Mail: receipt" | xargs grep -L "^-- ACCEPTED")
[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one receipt for the copy: $f"
parts "$O/$f" a1c
says a1c "(entry $seq)"
grep -qF "line 1: $play (entry $seq)" $T/a1c.txt || fail "the copy's line is not received already"; ok
says_not a1c "ACCEPTED"
err_has "game $G, alice: 0 command(s) accepted, 0 refused, 1 already received, 0 line(s) not commands; nothing logged"

# a third copy, with thanks beside it, later: the same; bob hears nothing
nn=$(notices)
reply alice a2 "$ASK" "Thanks!\n\n$play"
serve "a third copy"
answer receipt alice@x.test a2
says a2 "(entry $seq)"
grep -qF "line 3: $play (entry $seq)" $T/a2.txt || fail "the third copy's line is not received already"; ok
grep -qF "line 1: Thanks!" $T/a2.txt || fail "the thanks are not noted"; ok
says_not a2 "ACCEPTED"
[ "$(entries)" = $((ne + 2)) ] || fail "the third copy was logged"; ok
[ "$(notices)" = "$nn" ] || fail "bob was told of a commitment for a copy"; ok
# the dry run says so too
printf 'From: alice@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry@x.test>\nIn-Reply-To: <%s>\n\n%s\n' \
    "$(reply_to alice)" "$ASK" "$play" >$T/dry.eml
expect 0 "parse a late copy" -- $M -C $D parse $T/dry.eml
$PY - $T/out "$play" $seq <<'EOF' || { cat $T/out >&2; fail "parse of a late copy"; }
import json, sys
j = json.load(open(sys.argv[1]))
assert j["commands"] == [{"text": sys.argv[2], "accepted": False,
    "already": int(sys.argv[3])}], j["commands"]
assert j["errors"] == [], j["errors"]
EOF
ok

# another card in reply to the same old mail: played, for the next round,
# and its line says so
reply alice a3 "$ASK" "$other"
serve "another card, to the old mail"
[ "$(entries)" = $((ne + 3)) ] || fail "a new card to an old mail was not logged"; ok
answer receipt alice@x.test a3
grep -q -- "-- ACCEPTED" $T/a3.txt || fail "the new card was not accepted"; ok
says a3 "(for 8:20)"
grep -qE "line 1: [^()]*\(for 8:20\)" $T/a3.txt || { cat $T/a3.txt >&2; fail "the (for 8:20) is not on line 1"; }; ok
# a MOVE now is this round's: nothing said
reply alice a4 "$ASK" "MOVE stay"
serve "a move"
answer receipt alice@x.test a4
grep -q -- "-- ACCEPTED" $T/a4.txt || fail "the move was not accepted"; ok
says_not a4 "(for "
# in Japanese, carol's card for the next round
reply carol c1 "none@x.test" "SET LANG ja\nPLAY discuss"
serve "carol's next card"
answer receipt carol@x.test c1
says c1 "（8:20 の分）"

done_checks
