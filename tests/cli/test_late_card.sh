#!/bin/sh
# test_late_card.sh - a card that comes after the deadline's default card
# was played for its player: it was taken as the next round's card, which
# the player never chose (the round it was meant for is decided). Now a
# line that answers a mail of the round whose default was taken (its
# In-Reply-To or References), one that would have been applied just
# before that default and for the moment the default decided, is refused
# with the late move's sentence (test_late_move.sh's), nothing logged;
# the dry run (`masqued parse`) says the same. A card in reply to the
# newest mail, a PLAN (no default decided it) in reply to the old one, and
# a mail that names no mail of the game, are played as before. The Red
# Death; Maildir inbox, `serve --once`, the clock pinned (MASQUED_NOW).
. tests/cli/lib.sh
. tests/cli/lib_game.sh
H=3600
T0=$MASQUED_NOW
utc() { date -u -d "@$1" "+%Y-%m-%d %H:%M UTC"; }
entries() { $MREL -C $D log $G | wc -l; }
msgid() { sed -n 's/^Message-ID: <\(.*\)>\r*$/\1/p' "$1" | head -n 1; }
# mail FROM ID REFS TEXT: FROM's reply, answering REFS (a Message-ID,
# or "" for none) as a mail client does, into the inbox; also $T/ID.eml
mail() {
	n=$((n + 1))
	{
		printf 'From: %s@x.test\nTo: %s\nSubject: Re: the masque\nMessage-ID: <%s@x.test>\n' \
		    "$1" "$(reply_to $1)" "$2"
		[ -n "$3" ] && printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$3" "$3"
		printf 'MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n%b\n' "$4"
	} >$T/$2.eml
	cp $T/$2.eml $IN/$n.test
}
serve() {	# WHAT [HOURS]
	ls $O >$T/before
	MASQUED_NOW=$((T0 + ${2:-0} * H)) expect 0 "serve --once: $1" -- $M -C $D serve --once
}
# dry NAME: parse $T/NAME.eml, its commands in $T/NAME.json
dry() {
	expect 0 "parse $1" -- $M -C $D parse $T/$1.eml
	cp $T/out $T/$1.json
}
late="Your move came after the deadline ($(utc $((T0 + 72 * H)))): the default"

# the others placed; alice places by mail, the last: the resolution
# after her receipt asks for her card
for p in bob carol dave; do
	$MREL -C $D submit --no-mail $G $p "PLACE black" >/dev/null || fail "place $p"
done
mail alice a0 "$(msgid $(grep -l '^To: alice@' $O/* | head -n 1))" "PLACE black"
serve "alice places"
answer resolution alice@x.test a0
says a0 "choose your action card for 8:00"
ASK=$(msgid "$O/$(cd $O && grep -l "^To: alice@" $(cat $T/new) | xargs grep -l "^X-Masqued-Mail: resolution")")
[ -n "$ASK" ] || fail "no Message-ID on alice's resolution mail"; ok
# the others' cards; alice's never comes: the default, at 73 h
for p in bob carol dave; do
	$MREL -C $D submit --no-mail $G $p "$($MREL -C $D bot $G $p)" >/dev/null ||
	    fail "play $p"
done
serve "past alice's deadline" 73
def=$($MREL -C $D log $G | sed -n "s/.*timeout  alice: //p" | sed "s/  (the deadline: .*//")
[ -n "$def" ] || fail "no default for alice"; ok
[ "$($MREL -C $D view $G admin --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["phase"])')" = move ] ||
    fail "the default did not end the choice of cards"; ok
card="PLAY jest"; [ "$def" = "$card" ] && card="PLAY discuss"
ne=$(entries)

# her card, in reply to the round's mail: refused, said late, not logged
mail alice a1 "$ASK" "$card"
serve "alice's late card" 74
answer receipt alice@x.test a1
says a1 "$late ($def) was played for you at $(utc $((T0 + 73 * H))), and the game has moved on."
says_not a1 "-- ACCEPTED"
says_not a1 "(for 8:20)"
[ "$(entries)" = "$ne" ] || { $MREL -C $D log $G | tail -n 3 >&2; fail "the late card was logged"; }; ok
# the dry run says the same
dry a1
json_is "j['commands'][0]['accepted'] is False and j['commands'][0]['error'].startswith('''$late''')" "the dry run of the late card"
json_is "len(j['errors']) == 1 and j['errors'][0]['error'] == j['commands'][0]['error']" "the dry run's errors"
# References alone (no In-Reply-To) name the round's mail too
printf 'From: alice@x.test\nTo: %s\nSubject: Re\nMessage-ID: <a1r@x.test>\nReferences: <%s>\n\n%s\n' \
    "$(reply_to alice)" "$ASK" "$card" >$T/a1r.eml
dry a1r
json_is "j['commands'][0]['accepted'] is False and j['commands'][0]['error'].startswith('''$late''')" "the dry run by References"

# the newest mail to alice: the round's resolution, sent at the default
NEW=$(grep -l "^To: alice@" $O/* | xargs grep -h "^Message-ID: <" |
    sed 's/^Message-ID: <\(.*\)>\r*$/\1/' | grep "\.resolution@" | sort -t. -k3,3n | tail -n 1)
echo "$NEW" | grep -q "^$G\.0\.$ne\.resolution@" || { grep -h "^Message-ID" $O/* >&2; fail "the newest mail to alice is not the resolution: $NEW"; }; ok
# what is not late: a PLAN to the round's mail (no default decided it);
# the card in reply to the newest mail, or to no mail of the game
mail alice p1 "$ASK" "PLAN 12:20 ccw"
rm -f $IN/$n.test
dry p1
json_is "j['commands'][0]['accepted'] is True and j['errors'] == []" "the dry run of a PLAN"
mail alice a2 "none@x.test" "$card"
rm -f $IN/$n.test
dry a2
json_is "j['commands'][0]['accepted'] is True and j['errors'] == []" "the dry run of a card to no mail of the game"
mail alice a3 "$NEW" "$card"
dry a3
json_is "j['commands'][0]['accepted'] is True and j['errors'] == []" "the dry run of a card to the newest mail"
serve "alice's card for the next round" 74
answer receipt alice@x.test a3
grep -qE "line 1: [^()]*\(for 8:20\)" $T/a3.txt || { cat $T/a3.txt >&2; fail "the next round's card was not taken"; }; ok
says_not a3 "came after the deadline"
[ "$(entries)" = $((ne + 1)) ] || fail "the next round's card was not logged"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
