# lib_resend.sh - after lib_game.sh (or ms_mail_game and lib_mail.sh, for
# the helpers not of The Red Death's rounds): the helpers of the tests of a
# mail sent again (test_copy_or_new, test_resent_later, test_resent_mid_round,
# test_sent_again_late, test_ms_resent_*):
# the game's entries and phase, a reply written as a mail client sends it,
# a serve pass that notes the outbox before it, the bots' moves.
entries() { $MREL -C $D log $G | wc -l; }
# entry_of TEXT: the number of the log's last entry that holds TEXT
entry_of() { $MREL -C $D log $G | awk -v p="$1" 'index($0, p) {print $1}' | tail -n 1; }
msgid() { sed -n 's/^Message-ID: <\(.*\)>\r*$/\1/p' "$(cat $T/$1.file)" | head -n 1; }
phase() { $MREL -C $D view $G admin --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["phase"])'; }
# reply FROM ID IN-REPLY-TO TEXT [COPIES]: FROM's reply, as a mail client
# sends it (In-Reply-To and References the mail answered), into the inbox;
# COPIES times (a client's resends), each copy after the first under a
# Message-ID of its own (ID.2, ID.3, ...)
reply() {
	r_k=0
	while [ $r_k -lt "${5:-1}" ]; do
		r_k=$((r_k + 1))
		r_id=$2; [ $r_k = 1 ] || r_id=$2.$r_k
		n=$((n + 1))
		printf 'From: %s@x.test\nTo: %s\nSubject: Re: the masque\nMessage-ID: <%s@x.test>\nIn-Reply-To: <%s>\nReferences: <%s>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n%b\n' \
		    "$1" "$(reply_to $1)" "$r_id" "$3" "$3" "$4" >$IN/$n.test
	done
}
# welcome_of NAME: the Message-ID of NAME's welcome mail in welcome (one there)
welcome_of() {
	welcome=$(sed -n 's/^Message-ID: <\(.*\)>\r*$/\1/p' "$(grep -l "^To: $1@" $O/* | head -n 1)")
	[ -n "$welcome" ] || fail "no Message-ID on $1's welcome"; ok
}
serve() {
	ls $O >$T/before
	expect 0 "serve --once: $1" -- $M -C $D serve --once
}
bots() {	# the bot moves of the players named, mailed to nobody
	for p in "$@"; do
		$MREL -C $D submit --never-mail $G $p "$($MREL -C $D bot $G $p)" >/dev/null ||
		    fail "$p"
	done
}
# bob, carol and dave place in black (mailed to nobody); alice's reply to
# her welcome places her there too, the last; her receipt as $T/a0.*
others_placed_alice_places() {
	for p in bob carol dave; do
		$MREL -C $D submit --never-mail $G $p "PLACE black" >/dev/null || fail "place $p"
	done
	reply alice a0 "$(sed -n 's/^Message-ID: <\(.*\)>\r*$/\1/p' $(grep -l '^To: alice@' $O/* | head -n 1))" "PLACE black"
	serve "alice places"
	answer receipt alice@x.test a0
}
# the same, her receipt's Message-ID in ASK
# the moves of a round, every seat's but alice's in: she is the last
# awaited (after others_placed_alice_answers and the round's cards)
alice_moves_last() {
	to_the_moves
	bots bob carol dave
}
# to_the_moves: others_placed_alice_answers, then each seat's bot turn:
# the round's moves are owed
to_the_moves() {
	others_placed_alice_answers
	bots bob carol dave alice
	[ "$(phase)" = move ] || fail "not the moves: $(phase)"; ok
}
others_placed_alice_answers() {
	others_placed_alice_places
	ASK=$(msgid a0)
	[ -n "$ASK" ] || fail "no Message-ID on alice's receipt"; ok
}
# ms_alice_put_right: in a Masquerade (ms_mail_game), alice's reply to
# her welcome (welcome_of), a Dancer's typo put right on its next line, as
# a1 (a copy in $T/a1.eml), served: taken, her receipt says so; its entry
# in first
ms_alice_put_right() {
	welcome_of alice
	ms_owes_is "alice dancer" "not alice's Dancer"
	reply alice a1 "$welcome" "DANCER theif\nDANCER thief"
	cp $IN/$n.test $T/a1.eml
	serve "alice's Dancer, put right"
	answer receipt alice@x.test a1
	says a1 "Replaced by line 2, which was accepted."
	ms_owes_is "bob dancer" "alice's Dancer not taken"
	first=$(entry_of "alice: DANCER")
	[ -n "$first" ] || fail "alice's Dancer is not in the log"; ok
}
# ms_alice_resend WHAT: alice's client sends her a1 again, as a2 (a copy
# in $T/a2.eml); its dry run, then a serve pass (WHAT): nothing logged, the
# answer says line 1 was replaced by line 2, line 2 taken in its place,
# nothing to send again; the dry run says line 2 is received already, at
# entry $first
ms_alice_resend() {
	ne=$(entries)
	reply alice a2 "$welcome" "DANCER theif\nDANCER thief"
	cp $IN/$n.test $T/a2.eml
	expect 0 "parse the resend" -- $M -C $D parse $IN/$n.test
	json_is 'not j["commands"][0]["accepted"] and j["commands"][0].get("corrected_by") == 2 and j["commands"][1].get("already") == '"$first"' and j["commands"][1].get("corrects") == 1' \
	    "the resend's dry run"
	serve "$1"
	answer receipt alice@x.test a2
	[ "$(entries)" = "$ne" ] || { cat $T/a2.txt >&2; fail "the resend was logged"; }; ok
	says a2 "Replaced by line 2, which was accepted."
	says a2 "In place of line 1, which was refused."
	says_not a2 "send again"
}
# plan_of NAME: NAME's plan in $G, as a Python list
plan_of() {
	$MREL -C $D view $G $1 --json | $PY -c 'import json,sys
print(json.load(sys.stdin)["me"].get("plan"))'
}
# plan_is NAME LIST: NAME's plan is LIST (as plan_of prints it)
plan_is() { [ "$(plan_of $1)" = "$2" ] || fail "$1's plan: $(plan_of $1)"; ok; }
# paln_taken ID: bob's mailed PALN put right by his plan (his receipt ID,
# after kill_and_catch_up): nothing held back, his mail one entry (the
# entries were ne before it), his plan, MOVE cw and PLAY $card
paln_taken() {
	says_not $1 "Not applied, as a line above"
	says_not $1 "send again"
	logged_last "bob: PLAN cw stay ccw cw stay stay; MOVE cw; PLAY $card" "bob's entry is not his plan, his cw and his card"
	[ "$(entries)" = $((ne + 1)) ] || fail "bob's mail not one entry"; ok
	plan_is bob "['cw', 'stay', 'ccw', 'cw', 'stay', 'stay']"
}
