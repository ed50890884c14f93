#!/bin/sh
# test_ms_end_recap.sh - The Masquerade: the end mail's WHAT HAPPENED told
# only the entry that ended the game, so a player who had no mail since
# their last move never heard of the moves before it: the last Event, the
# fight it set off (found by a player review: the final Proclamation of
# Duel was in no mail of the two players out of it; only the board showed
# a life lost). It tells what happened since their last move, as a turn
# mail would; the player whose move ended it still gets that move's
# story. The bots play (submit --never-mail) up to the last move, sent by
# mail.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
SEED=0000000000000000000000000000000000000000000000000000000000000001

ms_game $D $SEED dave
expect 0 "serve: the welcomes" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
to_the_last_move
# the seats whose story since their last move holds an Event chosen
# before the last move (no mail told them of it)
told=
for q in alice bob carol dave; do
	[ $q = $p ] && continue
	$MREL -C $D view $G $q --json | $PY -c 'import json, sys
sys.exit(0 if any(e["type"] == "event" for e in json.load(sys.stdin)["recap"]) else 1)' &&
	    told="$told $q"
done
[ -n "$told" ] || fail "no seat left untold of an Event: the seed no longer tests it"; ok
ls $O >$T/before
send $p@x.test "$(reply_to $p)" last "$move"
expect 0 "serve: the move that ends the game" -- $M -C $D serve --once
over $D || fail "the mail did not end the game"; ok
for q in $told; do
	answer end $q@x.test e_$q
	says e_$q "the prophet, chose the Event"
	says e_$q "The game ends with this turn:"
done
# the one whose move ended it: that move's story, as before
answer end $p@x.test e_$p
says e_$p "The game ends with this turn:"
says_not e_$p "Nothing new since your last mail."
done_checks
