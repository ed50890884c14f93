#!/bin/sh
# test_receipt_card_steps.sh - a PLAY that allows fewer steps than the
# MOVE its sender sent before it (Dance, MOVE cw cw, then Jest): the
# receipt and its YOU section say the MOVE will be dropped when the cards
# are revealed unless MOVE is sent again (en, ja, zh), in the sender's
# receipt only, and not
# when the same mail sends MOVE again; the log is as before (found by
# players by mail).
# Real replies through the Maildir inbox and `serve --once`.
. tests/cli/lib.sh
GAME_ARGS="--player eve=eve@x.test --player frank=frank@x.test"
. tests/cli/lib_game.sh
expect 0 "bob reads Japanese" -- $M -C $D submit $G bob "SET LANG ja" --no-mail
expect 0 "carol reads Chinese" -- $M -C $D submit $G carol "SET LANG zh" --no-mail
place_all $D $G alice bob carol dave eve frank
mail() { receipt_of $G "$@"; }	# NAME ID TEXT: its receipt as $T/ID.*
# none_else ID TEXT: no mail of the last serve but ID's receipt says TEXT
# (each read as its reader would, decoded)
none_else() {
	for f in $(cat $T/new); do
		[ "$O/$f" = "$(cat $T/$1.file)" ] && continue
		parts $O/$f other
		! grep -qF -- "$2" $T/other.txt $T/other.html ||
		    fail "another mail ($f) says: $2"
	done
	ok
}

# --- a card that allows fewer steps than the MOVE sent before it ---
mail alice a1 'PLAY dance\nMOVE cw cw'
says_not a1 "sent before"
mail alice a2 'PLAY jest'
says a2 "Your MOVE sent before (cw cw) has 2 steps, and Jest allows 1: send MOVE again, or it is dropped when the cards are revealed."
none_else a2 "sent before"
none_else a2 "(cw cw)"
narrow a2 "sent before" "revealed."
# the YOU section, where the move is shown, says so too (it showed the
# two steps as if they stood)
says a2 "card allows fewer steps (1): send MOVE again, or this"
narrow a2 "Your card allows fewer" "move is dropped"
# the note does not change the log: the entry holds the PLAY alone
tail -n 1 $D/games/$G/log | grep -q 'PLAY jest' || fail "the log lacks the PLAY"; ok
! tail -n 1 $D/games/$G/log | grep -qi 'sent before\|allows' ||
    fail "the note went into the log"; ok
mail bob b1 'PLAY dance\nMOVE cw cw'
mail bob b2 'PLAY jest'
says b2 "先に送った MOVE（cw cw）は2歩ですが、冗談で許されるのは1歩です。"
says b2 "もう一度 MOVE を送ってください。送らなければ、カードが公開されるときに取り消されます。"
none_else b2 "MOVE（cw cw）"
none_else b2 "先に送った"
narrow b2 "先に送った" "取り消されます"
says b2 "今のカードで動けるのは1"
narrow b2 "今のカードで動けるのは" "この移動は取り消されます"
mail carol c1 'PLAY dance\nMOVE ccw cw'
mail carol c2 'PLAY mock'
says c2 "你之前发送的 MOVE（ccw cw）要走 2 步，但嘲笑只允许 1 步：请重新发送 MOVE，否则亮牌时它会作废。"
none_else c2 "MOVE（ccw cw）"
none_else c2 "之前发送的"
narrow c2 "之前发送的" "作废"
says c2 "你现在的牌只允许走 1"
narrow c2 "你现在的牌只允许走" "这个移动会作废"
# a MOVE sent again beside the new card: nothing to say
mail dave d1 'PLAY dance\nMOVE cw cw'
mail dave d2 'PLAY jest\nMOVE ccw'
says_not d2 "sent before"
says_not d2 "fewer steps"
# a later line of the same mail going back to a card that allows the
# steps: nothing to say
mail eve e1 'PLAY dance\nMOVE stay cw'
mail eve e2 'PLAY jest\nPLAY dance'
says_not e2 "sent before"
mail eve e3 'PLAY mock'
says e3 "Your MOVE sent before (stay cw) has 2 steps, and Mock allows 1"
# `masqued parse` gives the note as the receipt would (dry run): eve's
# MOVE stay cw stands beside Mock
RE=$(rt $G eve)
dry() {	# id, lines
	printf 'From: eve@x.test\nTo: %s\nSubject: Re\nMessage-ID: <%s@x.test>\n\n%s\n' \
	    "$RE" "$1" "$2" >$T/$1.eml
	expect 0 "parse $1" -- $M -C $D parse $T/$1.eml
}
dry p1 'PLAY jest'
$PY -c 'import json, sys
n = json.load(open(sys.argv[1]))["commands"][0].get("sender_note")
sys.exit(n != {"move_too_long": True, "move": "stay cw", "steps": 2,
    "allows": 1, "card": "jest"})' $T/out ||
    { cat $T/out >&2; fail "parse does not give the sender_note"; }; ok
dry p2 'PLAY jest\nMOVE cw'
! grep -q sender_note $T/out || fail "a sender_note where none stands"; ok
dry p3 'PLAY dance'
! grep -q sender_note $T/out || fail "a sender_note where none stands"; ok
# frank plays no card: the cards are not revealed while the test looks
expect 0 "verify" -- $M -C $D verify $G
done_checks
