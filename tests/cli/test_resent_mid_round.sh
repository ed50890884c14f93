#!/bin/sh
# test_resent_mid_round.sh - a mail client's resend (another Message-ID,
# the same In-Reply-To, the same text) of a reply with a card and a move,
# read once the round's cards were revealed, in the moves of the same
# round: its card's moment is gone, its move's still open. The resend was
# handed to submit whole, as a mail all of whose moments are open: its
# MOVE received already, but a Jest (discarded once played) refused ('You
# have played Jest already ...', under 'send again, corrected'), and a
# Dance (back in hand) played again as the next round's card, a card
# doubled (found by a player reviewer, eve's Admire). Now both lines are
# received already, at the entries that hold them, and nothing is logged;
# so too after the move was changed since (the change stands). A reply to
# the same mail that says something else is still a new move.
# The Red Death; Maildir inbox, `serve --once`, ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
pending() { $MREL -C $D view $G alice --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["me"]["'$1'"] or "")'; }
# round CARD ID: alice's card and MOVE stay, in reply to the mail asking
# for the card, before the others' cards; the cards revealed; its resend
round() {
	ask=$1; card=$2; id=$3
	reply alice $id.1 "$ask" "PLAY $card\nMOVE stay"
	serve "alice's $card and move"
	answer receipt alice@x.test $id.1
	grep -q -- "-- ACCEPTED" $T/$id.1.txt || { cat $T/$id.1.txt >&2; fail "the $card not accepted"; }; ok
	says_not $id.1 "NOT ACCEPTED"
	first=$($MREL -C $D log $G | awk -v p="alice: PLAY $card" 'index($0, p) {print $1}' | tail -n 1)
	[ -n "$first" ] || fail "alice's $card is not in the log"; ok
	bots bob carol dave
	[ "$(phase)" = move ] || fail "the cards are not revealed: $(phase)"; ok
	ne=$(entries)
	reply alice $id.2 "$ask" "PLAY $card\nMOVE stay"
	serve "the client's resend of the $card, in the moves"
	answer receipt alice@x.test $id.2
	[ "$(entries)" = "$ne" ] || { cat $T/$id.2.txt >&2; $MREL -C $D log $G | tail -n 2 >&2; fail "the resend of the $card was logged"; }; ok
	grep -qF "line 1: PLAY $card (entry $first)" $T/$id.2.txt || { cat $T/$id.2.txt >&2; fail "the $card is not received already"; }; ok
	grep -qF "line 2: MOVE stay (entry $first)" $T/$id.2.txt || { cat $T/$id.2.txt >&2; fail "the move is not received already"; }; ok
	says_not $id.2 "ACCEPTED"
	says_not $id.2 "send again"
	[ -z "$(pending pending_next_play)" ] || fail "the resend left alice a next card"; ok
}

others_placed_alice_answers
[ "$(phase)" = act ] || fail "not the cards: $(phase)"; ok

# 1. a Jest, discarded once played: refused in the resend
round "$ASK" jest j
# the dry run says the same
printf 'From: alice@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry@x.test>\nIn-Reply-To: <%s>\n\nPLAY jest\nMOVE stay\n' \
    "$(reply_to alice)" "$ASK" >$T/dry.eml
expect 0 "parse the resend" -- $M -C $D parse $T/dry.eml
$PY - $T/out $first <<'EOF' || { cat $T/out >&2; fail "parse of the resend"; }
import json, sys
j = json.load(open(sys.argv[1]))
c = j["commands"]
assert [x.get("already") for x in c] == [int(sys.argv[2])] * 2, c
assert j["errors"] == [], j["errors"]
EOF
ok
# a new mail to the same old mail, another move: taken
reply alice j.3 "$ASK" "MOVE cw"
serve "another move, to the same mail"
answer receipt alice@x.test j.3
grep -q -- "-- ACCEPTED" $T/j.3.txt || { cat $T/j.3.txt >&2; fail "a new move taken as a copy"; }; ok
# the client's resend once more, after that change: still a copy, not a
# change back (its card's moment is gone): the move changed stands
ne=$(entries)
reply alice j.4 "$ASK" "PLAY jest\nMOVE stay"
serve "the resend again, after a change"
answer receipt alice@x.test j.4
[ "$(entries)" = "$ne" ] || { cat $T/j.4.txt >&2; fail "the resend after a change was logged"; }; ok
grep -qF "line 1: PLAY jest (entry $first)" $T/j.4.txt || { cat $T/j.4.txt >&2; fail "the jest is not received already"; }; ok
grep -qF "line 2: MOVE stay (entry $first)" $T/j.4.txt || { cat $T/j.4.txt >&2; fail "the move is not received already"; }; ok
[ "$(pending pending_move)" = "MOVE cw" ] || fail "alice's move is not cw: $(pending pending_move)"; ok
bots bob carol dave
[ "$(phase)" = act ] || fail "not the 8:20 cards: $(phase)"; ok

# 2. a Dance, back in hand: played again as the next round's card
ASK2=$(msgid j.3)
round "$ASK2" dance d

done_checks
