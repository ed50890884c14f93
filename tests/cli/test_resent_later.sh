#!/bin/sh
# test_resent_later.sh - a mail client's resend (another Message-ID, the
# same In-Reply-To, the same text) of a reply read after the moment it
# answered, read itself once more rounds went by.
# 1. alice answers her placement's receipt (it asked for her 8:00 card)
# with a card once that choice had ended: taken, rightly, for 8:20. Her
# client sent it again after the 8:20 round was played: it was played a
# second time, as the 8:40 card (the copy was matched only against the
# moment the old mail asked for, 8:00, and the whole mail's hash differs
# by its Message-ID). Now it is received already, at the first copy's
# entry, and nothing is logged.
# The Red Death; Maildir inbox, `serve --once`, ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
# resent ID ASK TEXT WHAT: alice's client sends her reply of TEXT to ASK
# again, served (WHAT); her receipt, as $T/ID.*, says its line 1 (PLAY
# dance) is received already, at the entry $first; nothing is logged
resent() {
	ne=$(entries)
	reply alice $1 "$2" "$3"
	serve "$4"
	answer receipt alice@x.test $1
	[ "$(entries)" = "$ne" ] || { cat $T/$1.txt >&2; $MREL -C $D log $G | tail -n 2 >&2; fail "$1: the resend was played again"; }; ok
	grep -qF "line 1: PLAY dance (entry $first)" $T/$1.txt || { cat $T/$1.txt >&2; fail "$1: the resend's card is not received already"; }; ok
}

others_placed_alice_answers
bots bob carol dave alice
[ "$(phase)" = move ] || fail "not the moves: $(phase)"; ok
# alice's 8:20 card, in reply to the mail that asked for her 8:00 card
ne=$(entries)
reply alice b1 "$ASK" "PLAY dance"
serve "alice's next card, to the old mail"
answer receipt alice@x.test b1
grep -q -- "-- ACCEPTED" $T/b1.txt || { cat $T/b1.txt >&2; fail "the next card not accepted"; }; ok
says b1 "(for 8:20)"
[ "$(entries)" = $((ne + 1)) ] || fail "the next card not logged"; ok
first=$(entry_of "alice: PLAY dance")
[ -n "$first" ] || fail "alice's next card is not in the log"; ok
# the 8:00 moves, then the 8:20 round is played
bots bob carol dave alice
[ "$(phase)" = act ] || fail "not the 8:20 cards: $(phase)"; ok
bots bob carol dave
[ "$(phase)" = move ] || fail "not the 8:20 moves: $(phase)"; ok
bots bob carol dave alice
[ "$(phase)" = act ] || fail "not the 8:40 cards: $(phase)"; ok
# her client sends that reply again
resent b2 "$ASK" "PLAY dance" "the client's resend, a round later"
says_not b2 "ACCEPTED"
[ -n "$($MREL -C $D view $G alice --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["me"]["pending_play"] or "")')" ] &&
    fail "the resend left alice an 8:40 card"; ok

# 2. a resend of a mail one line of which was refused for a move the game
# did not allow then (not a typo: Dance allows two steps, not three): its
# first line, a card, was played again for the round after, a card
# doubled. Now the card is received already and the move refused again,
# as it was
ASK2=$(msgid b2)
reply alice c1 "$ASK2" "PLAY dance\nMOVE cw cw cw"
serve "a card, and a move too long"
answer receipt alice@x.test c1
grep -qF "line 1: Play Dance" $T/c1.txt || { cat $T/c1.txt >&2; fail "the card not accepted"; }; ok
grep -q -- "-- NOT ACCEPTED" $T/c1.txt || { cat $T/c1.txt >&2; fail "the move not refused"; }; ok
says c1 "Dance allows two steps"
first=$(entry_of "alice: PLAY dance")
bots bob carol dave
[ "$(phase)" = move ] || fail "not the 8:40 moves: $(phase)"; ok
resent c2 "$ASK2" "PLAY dance\nMOVE cw cw cw" "its resend, once the cards are revealed"
grep -q -- "-- NOT ACCEPTED" $T/c2.txt || { cat $T/c2.txt >&2; fail "the move not refused again"; }; ok
says c2 "Dance allows two steps"
! grep -qF -- "-- ACCEPTED -" $T/c2.txt || fail "the resend accepted"; ok
[ -z "$($MREL -C $D view $G alice --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["me"]["pending_next_play"] or "")')" ] ||
    fail "the resend left alice a 9:00 card"; ok

done_checks
