#!/bin/sh
# test_early_place.sh - a PLACE sent before its turn waits for it, and only
# its sender is told so: their receipt (and any mail with their own section)
# says "Your placement: Green, made when your turn comes"; the others' mails
# of that pass, and a STATUS of another player, say nothing of it. Once the
# turn has come the noble stands in its room and the line is gone. Real
# replies through the Maildir inbox and `serve --once` (ASan binary); the
# placements before it by `submit` (release binary).
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
SAID="Your placement: Green, made when your turn comes"

expect 0 "init" -- $M -C $D init
echo "rate_limit = 86400" >>$D/masqued.conf
G=$(new_game $D) || fail "new"
expect 0 "serve --once sends the welcome mails" -- $M -C $D serve --once
. tests/cli/lib_mail.sh

own() {	# name, player: mail NAME has PLAYER's own section, in both parts
	grep -qF -- "-- YOU: $2 --" $T/$1.txt && grep -qF -- "You: $2</h2>" $T/$1.html ||
	    fail "$1 lacks $2's own section"; ok
}
owes() {	# the players owing something, in the view's order
	$MREL -C $D view $G admin --json | $PY -c 'import json, sys
print(" ".join(o["player"] for o in json.load(sys.stdin)["owes"]))'
}
first=$(owes)
[ "$first" = alice ] || fail "alice does not place first but $first"; ok

# --- dave places early: his receipt says so, the others' mails do not (the
# room's name is in them anyway: a turn mail lists every room) ---
ls $O >$T/before
send dave@x.test "$(reply_to dave)" early 'PLACE green'
expect 0 "serve --once: dave's early PLACE" -- $M -C $D serve --once
answer receipt dave@x.test early
own early dave
sed 's/<[^>]*>//g' $T/early.html >$T/early.plain.html
grep -qF "$SAID" $T/early.txt && grep -qF "$SAID" $T/early.plain.html ||
    { cat $T/early.txt >&2; fail "dave's receipt does not say his placement waits"; }; ok
$MREL -C $D view $G dave --json | grep -q '"pending_place": "green"' ||
    fail "dave's view does not hold his placement"; ok
ls $O | comm -13 $T/before - >$T/new
[ "$(wc -l <$T/new)" = 4 ] || fail "wanted dave's receipt and 3 notices: $(cat $T/new)"; ok
for f in $(cat $T/new); do
	grep -q '^To: dave@x.test' $O/$f && continue
	parts $O/$f other
	for k in txt html; do
		! grep -qF "Your placement" $T/other.$k &&
		    ! grep -qF "made when your turn comes" $T/other.$k ||
		    fail "$f ($k), not to dave, tells of a placement"; ok
		# its commitment is there, but not as a move shown
		grep -qF "dave, entry" $T/other.$k && ! grep -qF "shown at once" $T/other.$k ||
		    fail "$f ($k): dave's early placement's commitment missing, or said shown"; ok
	done
done
for p in alice bob carol; do
	$MREL -C $D view $G $p --json >$T/view.json || fail "view $p"
	! grep -q '"pending_place": "' $T/view.json ||
	    fail "$p's view holds a pending placement"; ok
done

# --- another's STATUS: nothing of it ---
ls $O >$T/before
send bob@x.test "$(reply_to bob)" status 'STATUS'
expect 0 "serve --once: bob's STATUS" -- $M -C $D serve --once
answer receipt bob@x.test bobstatus
own bobstatus bob
says_not bobstatus "Your placement"

# --- the turn comes: dave is in Green, and the line is gone ---
phase() {
	$MREL -C $D view $G admin --json | $PY -c 'import json, sys
print(json.load(sys.stdin)["phase"])'
}
n=0
while [ "$(phase)" = place ]; do
	n=$((n + 1)); [ $n -lt 4 ] || fail "the placements did not come round"
	p=$(owes)
	[ "$p" != dave ] || fail "dave owes the placement he made"
	$MREL -C $D submit $G $p "PLACE blue" >/dev/null || fail "placing $p"
done
$MREL -C $D view $G dave --json | $PY -c 'import json, sys
me = json.load(sys.stdin)["me"]
sys.exit(0 if me["room"] == "green" and me["pending_place"] is None else 1)' ||
    fail "dave is not in green with nothing pending"; ok
ls $O >$T/before
send dave@x.test "$(reply_to dave)" after 'STATUS'
expect 0 "serve --once: dave's STATUS once placed" -- $M -C $D serve --once
answer receipt dave@x.test after
own after dave
says_not after "Your placement"
done_checks
