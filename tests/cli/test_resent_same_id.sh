#!/bin/sh
# test_resent_same_id.sh - a mail client's resend under the SAME
# Message-ID (a send that seemed to fail, sent again: new Received and
# Date headers, so new bytes, which the archive's hash does not match).
# Its lines were received already, rightly, and nothing was logged; but
# the answer of a mail that logs nothing was named from the Message-ID
# (GAME-SEQ-SEAT-receipt-WORD, and its Message-ID likewise): the resend's
# answer took the first copy's name and Message-ID, and the player's mail
# client, which keeps one mail of an id, dropped it. The player, who had
# resent because they saw nothing, again saw nothing. Now each copy is
# answered under a Message-ID of its own: a STATUS sent twice, and a
# move's second and third copies. The same bytes read again are still not
# answered twice: a re-delivery once answered is acknowledged unanswered,
# and one read again before its answered mark (a crash between the two)
# gets its answer under the Message-ID it had, which replaces it.
# The Red Death; Maildir inbox, `serve --once`, ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
# again FILE ID: FILE's mail as a mail client sends it again, the same
# Message-ID on new bytes (a Received and a Date header of the new send
# on top), into the inbox as $T/ID.eml too
s=0
again() {
	s=$((s + 1))
	{ printf 'Received: from client.x.test by mx.x.test; Mon, 1 Jan 2024 00:0%d:00 +0000\nDate: Mon, 1 Jan 2024 00:0%d:00 +0000\n' $s $s
	  cat "$1"; } >$T/$2.eml
	cp $T/$2.eml $IN/$2.test
}
# mid FILE: the Message-ID of the outbox mail FILE
mid() { sed -n 's/^Message-ID: //p' "$1" | tr -d '\r'; }
# new_mid ID: ID's answer's Message-ID is none of the earlier answers' to
# alice (in $T/mids), and is kept there
new_mid() {
	m=$(mid "$(cat $T/$1.file)")
	[ -n "$m" ] || fail "$1: no Message-ID on its answer"; ok
	! grep -qxF -- "$m" $T/mids || { cat $T/mids >&2; fail "$1: its answer has an earlier answer's Message-ID $m: alice's mail client drops it"; }; ok
	echo "$m" >>$T/mids
}
# sent ID TEXT WHAT: alice's reply TEXT to her welcome (Message-ID ID),
# kept as $T/ID.eml, read by a serve pass: her receipt, a new Message-ID
sent() {
	reply alice $1 "$welcome" "$2"
	cp $IN/$n.test $T/$1.eml
	serve "$3"
	answer receipt alice@x.test $1
	new_mid $1
}
# resent FILE ID WHAT: FILE sent again (again), read by a serve pass: her
# receipt, a new Message-ID
resent() {
	again $1 $2
	serve "$3"
	answer receipt alice@x.test $2
	new_mid $2
}
: >$T/mids

# 1. a STATUS (it logs nothing), sent twice under one Message-ID
welcome_of alice
sent s1 "STATUS" "a STATUS"
ne=$(entries)
resent $T/s1.eml s2 "the STATUS sent again, the same Message-ID"
[ "$(entries)" = "$ne" ] || fail "the STATUS's resend logged an entry"; ok

# 2. a move, taken; its client sends it twice again under its Message-ID:
# each copy's receipt says it was received already, under a Message-ID of
# its own (the first copy's receipt, logged, was named by its entry; the
# second's and third's were both named from the Message-ID)
for p in bob carol dave; do
	$MREL -C $D submit --never-mail $G $p "PLACE black" >/dev/null || fail "place $p"
done
sent m1 "PLACE black" "alice places"
ne=$(entries)
first=$(entry_of "alice: PLACE black")
[ -n "$first" ] || fail "alice's PLACE is not in the log"; ok
for k in m2 m3; do
	resent $T/m1.eml $k "alice's move sent again, the same Message-ID ($k)"
	grep -qF -- "-- ALREADY RECEIVED" $T/$k.txt &&
	    grep -qF "line 1: PLACE black (entry $first)" $T/$k.txt ||
	    { cat $T/$k.txt >&2; fail "$k: not received already at $first"; }; ok
	says_not $k "NOT ACCEPTED"
	[ "$(entries)" = "$ne" ] || fail "$k: the resend logged an entry"; ok
done

# 3. the same bytes again (an IMAP UIDVALIDITY change, a host's copy of the
# inbox): answered already, so not answered twice
cp $T/m3.eml $IN/m3again.test
serve "the third copy's bytes again"
ls $O | comm -13 $T/before - >$T/new
[ ! -s $T/new ] || fail "the same bytes answered twice: $(cat $T/new)"; ok
grep -q "already answered; acknowledged" $T/err ||
    { cat $T/err >&2; fail "the same bytes not acknowledged as answered"; }; ok
# read again before their answered mark (a kill between the answer's
# spooling and the mark): the answer keeps its Message-ID, a retry of it
h=$($PY -c 'import hashlib,sys; print(hashlib.blake2b(open(sys.argv[1],"rb").read(), digest_size=32).hexdigest())' $T/m3.eml)
[ -f $D/archive/$h.answered ] || fail "no answered mark for the third copy ($h)"; ok
rm $D/archive/$h.answered
cp $T/m3.eml $IN/m3retry.test
serve "the third copy read again, its mark lost"
answer receipt alice@x.test m3r
[ "$(mid "$(cat $T/m3r.file)")" = "$(mid "$(cat $T/m3.file)")" ] ||
    fail "the same bytes' answer has a new Message-ID: a retry doubles it"; ok
[ "$(entries)" = "$ne" ] || fail "the retry logged an entry"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
