#!/bin/sh
# test_copy_twice.sh - one mail delivered twice: two copies of what the
# player sent once (the same Message-ID, Date, From, Subject and text),
# their Received headers apart (two MX, a relay that sent it again), so
# not the same bytes. The second copy got a receipt of its own ("received
# already"): a player who sent one mail had two answers. Now the second
# copy is acknowledged in the daemon's log and not answered: a move's,
# read a pass after the first; a STATUS's (answered, nothing logged), both
# copies in one pass; a copy whose line ends are CRLF. A mail the player
# really sent again, under a Message-ID of its own, is still answered
# "received already". A mail sent to two games' reply addresses at once
# is two deliveries (the MTA's Delivered-To names each game's): each is its
# game's mail, played there; the second game's was acknowledged as a copy
# of the first's, and its move lost. The Red Death; Maildir inbox,
# `serve --once`.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
# copy MX ID TEXT [CRLF]: alice's mail ID (TEXT), as MX delivered it, into
# the inbox: the same mail from every MX but its Received header
copy() {
	n=$((n + 1))
	printf 'Received: from client.x.test by %s.x.test; Mon, 1 Jan 2024 00:0%d:00 +0000\nFrom: alice@x.test\nTo: %s\nSubject: Re: the masque\nDate: Mon, 1 Jan 2024 00:00:00 +0000\nMessage-ID: <%s@x.test>\nIn-Reply-To: <%s>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n%s\n' \
	    "$1" $n "$(reply_to alice)" "$2" "$welcome" "$3" >$IN/$n.test
	[ -z "${4:-}" ] || { sed 's/$/\r/' $IN/$n.test >$T/crlf && mv $T/crlf $IN/$n.test; }
}
# to_alice: the new mails to alice since $T/before
to_alice() { ls $O | comm -13 $T/before - | (cd $O && xargs -r grep -l "^To: alice@x.test"); }
welcome_of alice
for p in bob carol dave; do
	$MREL -C $D submit --never-mail $G $p "PLACE black" >/dev/null || fail "place $p"
done

# a move: one receipt; its second copy, a pass later: none
copy mx1 m1 "PLACE black"
serve "alice places (mx1's copy)"
answer receipt alice@x.test m1
ne=$(entries)
copy mx2 m1 "PLACE black"
serve "the same mail, mx2's copy"
[ -z "$(to_alice)" ] || fail "the second copy of alice's move was answered: $(to_alice)"; ok
err_has "a second copy of message"
err_has "acknowledged, not answered"
[ "$(entries)" = "$ne" ] || fail "the second copy logged an entry"; ok
# its line ends CRLF (a store that keeps them so): the same mail
copy mx3 m1 "PLACE black" crlf
serve "the same mail, mx3's copy in CRLF"
[ -z "$(to_alice)" ] || fail "the CRLF copy of alice's move was answered: $(to_alice)"; ok
err_has "a second copy of message"

# a STATUS (nothing logged), both copies in one pass: one answer
copy mx1 s1 "STATUS"
copy mx2 s1 "STATUS"
serve "alice's STATUS, two copies"
[ "$(to_alice | grep -c .)" = 1 ] || fail "not one answer to the STATUS's two copies: $(to_alice)"; ok
err_has "a second copy of message"

# the player sends the move again, a mail of its own (a new Message-ID):
# answered, received already
copy mx1 m2 "PLACE black"
serve "alice sends her move again"
answer receipt alice@x.test m2
grep -qF -- "-- ALREADY RECEIVED" $T/m2.txt || { cat $T/m2.txt >&2; fail "the mail sent again is not received already"; }; ok
[ "$(entries)" = "$ne" ] || fail "the mail sent again logged an entry"; ok
expect 0 "verify" -- $M -C $D verify $G

# one mail to two games (alice places in both): a copy delivered to each
# game's reply address, each played in its game
G2=$(new_game $D 2>/dev/null) || fail "a second game"
serve "the second game's welcomes"
for p in bob carol dave; do
	$MREL -C $D submit --never-mail $G2 $p "PLACE black" >/dev/null || fail "place $p in $G2"
done
R1=$(rt $G alice); R2=$(rt $G2 alice)
both() {	# the copy delivered to reply address $1
	n=$((n + 1))
	printf 'Delivered-To: %s\nFrom: alice@x.test\nTo: %s, %s\nSubject: Re: the masque\nDate: Mon, 1 Jan 2024 00:00:00 +0000\nMessage-ID: <both@x.test>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\nSTATUS\nPLACE black\n' \
	    "$1" "$R1" "$R2" >$IN/$n.test
}
e1=$(entries)
e2=$($MREL -C $D log $G2 | wc -l)
both "$R1"
both "$R2"
serve "alice's mail to both games"
! grep -q "a second copy of message" $T/err || { cat $T/err >&2; fail "the second game's delivery taken for a copy"; }; ok
[ "$($MREL -C $D log $G2 | wc -l)" -gt "$e2" ] || fail "alice's move lost in $G2"; ok
[ "$(entries)" = "$e1" ] || fail "$G logged the mail again"; ok
for g in $G $G2; do
	(cd $O && to_alice | xargs grep -l "^X-Masqued-Mail: receipt" |
	    xargs grep -l "^Reply-To: game+$g\.") >/dev/null || fail "no receipt from $g"; ok
done
expect 0 "verify $G2" -- $M -C $D verify $G2
done_checks
