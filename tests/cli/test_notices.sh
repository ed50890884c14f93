#!/bin/sh
# test_notices.sh - SET NOTICES OFF: a player who asks is no longer mailed
# each time another commits to a secret move (a game of five of The Red
# Death sends about 74 such notices to each player); the others still are,
# and the quiet player still gets every mail they act on, and the
# commitments with the moves they open. SET NOTICES ON brings them back.
# A SET NOTICES of another word is refused with one sentence, and logs
# nothing; the setting is an admin "notices" entry, replayed and verified
# like the rest of the log; a replaced seat's new player gets the notices.
# The Masquerade has no secret move: it says so, and logs nothing.
# Real replies through the Maildir inbox and `serve --once` (ASan binary).
. tests/cli/lib.sh
. tests/cli/lib_game.sh
entries() { $MREL -C $D log $G | wc -l; }
notices() {	# NAME: the notice mails NAME has had
	grep -l "^X-Masqued-Mail: notice" $O/* 2>/dev/null |
	    xargs -r grep -l "^To: $1@" | wc -l
}

# the welcome mail tells of it
f=$(grep -l "^To: bob@x.test" $O/* | head -n 1)
parts "$f" welcome
grep -qF "SET NOTICES OFF no mail each time another player commits" $T/welcome.txt ||
    fail "the welcome mail's commands do not list SET NOTICES"; ok

# bob asks, alone: the turn mail says it, and an admin entry is logged
ne=$(entries)
ls $O >$T/before
send bob@x.test "$(reply_to bob)" b1 'set notices: off'
expect 0 "serve --once with bob's SET NOTICES OFF" -- $M -C $D serve --once
answer turn bob@x.test bob
says bob "You will no longer get a mail each time another player commits to a secret move, as you asked (SET NOTICES OFF)"
grep -qF "THE BOARD" $T/bob.txt || fail "bob's answer has no board"; ok
[ "$(entries)" = $((ne + 1)) ] || fail "SET NOTICES OFF was not logged"; ok
$MREL -C $D log $G --json | tail -n 1 | grep -q '"action":"notices".*"notices":false' ||
    fail "the entry is not bob's notices off: $($MREL -C $D log $G --json | tail -n 1)"; ok
# the host's log says which way, as it says a SET LANG's language
$MREL -C $D log $G | tail -n 1 | grep -q "admin    notices bob off: the player asked (SET NOTICES)" ||
    fail "the log does not say bob's notices are off: $($MREL -C $D log $G | tail -n 1)"; ok
# said again, it changes nothing and logs nothing
send bob@x.test "$(reply_to bob)" b2 'SET NOTICES OFF'
expect 0 "serve --once with bob's second SET NOTICES OFF" -- $M -C $D serve --once
[ "$(entries)" = $((ne + 1)) ] || fail "a second SET NOTICES OFF was logged"; ok
# another word: one sentence, nothing logged
ls $O >$T/before
send bob@x.test "$(reply_to bob)" b3 'SET NOTICES fewer'
expect 0 "serve --once with SET NOTICES fewer" -- $M -C $D serve --once
answer receipt bob@x.test bob3
says bob3 'SET NOTICES takes ON or OFF, not "fewer".'
[ "$(entries)" = $((ne + 1)) ] || fail "a refused SET NOTICES was logged"; ok

# `masqued parse` shows what a mail asks, and changes nothing
printf 'From: bob@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry-n@x.test>\n\nSET NOTICES ON\n' \
    "$(reply_to bob)" >$T/dry.eml
expect 0 "parse SET NOTICES ON" -- $M -C $D parse $T/dry.eml
$PY -c 'import json, sys; j = json.load(open(sys.argv[1])); sys.exit(j.get("notices") is not True)' \
    $T/out || fail "parse does not show notices: true"; ok
printf 'From: bob@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry-s@x.test>\n\nSTATUS\n' \
    "$(reply_to bob)" >$T/dry2.eml
expect 0 "parse STATUS" -- $M -C $D parse $T/dry2.eml
! grep -q '"notices"' $T/out || fail "parse shows notices for a mail that asks none"; ok
[ "$(entries)" = $((ne + 1)) ] || fail "parse logged something"; ok

# a notice that tells of something else than a commitment still comes to
# a quiet player: the first placement, seen at once, to carol and dave
# (quiet for a moment), but the one whose turn it makes gets their turn
to_move() {	# the one who places now
	$MREL -C $D view $G admin --json |
	    $PY -c 'import json,sys; print(json.load(sys.stdin)["owes"][0]["player"])'
}
for p in carol dave; do
	$MREL -C $D submit --never-mail $G $p "SET NOTICES OFF" >/dev/null || fail "quiet $p"
done
first=$(to_move)
nc=$(notices carol); nd=$(notices dave)
$MREL -C $D submit $G $first "$($MREL -C $D bot $G $first)" >/dev/null ||
    fail "the placement of $first"
expect 0 "serve --once sends the first placement's mails" -- $M -C $D serve --once
next=$(to_move)
for p in carol dave; do
	[ "$p" = "$first" ] || [ "$p" = "$next" ] && continue
	eval "was=\$n$(echo $p | cut -c1)"
	[ "$(notices $p)" = $((was + 1)) ] ||
	    fail "$p, quiet, was not told of $first's placement"; ok
done
for p in carol dave; do
	$MREL -C $D submit --never-mail $G $p "SET NOTICES ON" >/dev/null || fail "loud $p"
done

# the other placements, then alice's secret PLAY: carol and dave are told
# of its commitment, bob is not
for k in 1 2 3; do
	o=$(to_move)
	$MREL -C $D submit --never-mail $G $o "$($MREL -C $D bot $G $o)" >/dev/null ||
	    fail "the placement of $o"
done
nb=$(notices bob); nc=$(notices carol); nd=$(notices dave)
ls $O >$T/before
aplay=$($MREL -C $D bot $G alice)
case "$aplay" in PLAY\ *) ;; *) fail "alice's move is not a PLAY: $aplay";; esac; ok
send alice@x.test "$(reply_to alice)" a1 "$aplay"
expect 0 "serve --once with alice's PLAY" -- $M -C $D serve --once
[ "$(notices carol)" = $((nc + 1)) ] || fail "carol was not told of alice's commitment"; ok
[ "$(notices dave)" = $((nd + 1)) ] || fail "dave was not told of alice's commitment"; ok
[ "$(notices bob)" = "$nb" ] || fail "bob, who asked for no notices, was told"; ok
answer notice carol@x.test carol
says carol "Fewer mails? Reply SET NOTICES OFF"

# bob plays: his receipt comes as ever
ls $O >$T/before
send bob@x.test "$(reply_to bob)" b4 "$($MREL -C $D bot $G bob)"
expect 0 "serve --once with bob's PLAY" -- $M -C $D serve --once
answer receipt bob@x.test bob4
grep -q "ACCEPTED" $T/bob4.txt || fail "bob's receipt accepts nothing"; ok

# ON again, with a move in the same mail: carol's PLAY then tells him
send bob@x.test "$(reply_to bob)" b5 'SET LANG en\nSET NOTICES ON\nSTATUS'
expect 0 "serve --once with bob's SET NOTICES ON" -- $M -C $D serve --once
# his language was English already: the daemon's log says one was logged
# (both counted, with STATUS, as his receipt lists them)
err_has "bob: 3 command(s) accepted, 0 refused, 0 already received, 0 line(s) not commands; one of its SET lines logged (the other was so already)"
$MREL -C $D log $G --json | tail -n 1 | grep -q '"action":"notices".*"notices":true' ||
    fail "bob's notices on was not logged"; ok
nb=$(notices bob)
send carol@x.test "$(reply_to carol)" c1 "$($MREL -C $D bot $G carol)"
expect 0 "serve --once with carol's PLAY" -- $M -C $D serve --once
[ "$(notices bob)" = $((nb + 1)) ] || fail "bob, notices on again, was not told"; ok

# the log verifies, and replays to the same state
expect 0 "verify" -- $M -C $D verify $G

# a replaced seat's new player gets the notices, whatever the old one asked
send dave@x.test "$(reply_to dave)" d1 'SET NOTICES OFF'
expect 0 "serve --once with dave's SET NOTICES OFF" -- $M -C $D serve --once
expect 0 "replace dave" -- $M -C $D admin $G replace dave erin@x.test --why "moved away"
expect 0 "serve --once sends the replace mails" -- $M -C $D serve --once
ne=$(notices erin)
# erin (dave's seat) hears of alice's changed pick
other="PLAY discuss"; [ "$aplay" = "$other" ] && other="PLAY jest"
$MREL -C $D submit $G alice "$other" >/dev/null || fail "alice's submit"
expect 0 "serve --once sends alice's submit mails" -- $M -C $D serve --once
[ "$(notices erin)" -ge $((ne + 1)) ] || fail "the new player of a quiet seat was not told"; ok

# The Masquerade: nothing to turn off, said so; nothing logged
H=$($M -C $D new masquerade --player fay=fay@x.test --player gus=gus@x.test \
    --player hal=hal@x.test) || fail "new masquerade"
expect 0 "serve --once: The Masquerade's welcome mails" -- $M -C $D serve --once
n0=$($MREL -C $D log $H | wc -l)
ls $O >$T/before
send fay@x.test "$(rt $H fay)" f1 'SET NOTICES OFF'
expect 0 "serve --once with fay's SET NOTICES OFF" -- $M -C $D serve --once
answer turn fay@x.test fay
says fay "The Masquerade has no secret moves, so it sends no commitment notices"
[ "$($MREL -C $D log $H | wc -l)" = "$n0" ] || fail "The Masquerade logged a SET NOTICES"; ok
# the host's submit of it says so too, not "fay's notices are on already"
expect 0 "submit SET NOTICES OFF to The Masquerade" -- $M -C $D submit --no-mail $H fay "SET NOTICES OFF"
out_has "$H: a masquerade game has no secret moves, so it sends no commitment notices: nothing to turn off."
! grep -q "already" $T/out || fail "submit said fay's notices were set already"; ok
[ "$($MREL -C $D log $H | wc -l)" = "$n0" ] || fail "The Masquerade's submit logged a SET NOTICES"; ok

# the host's submit takes it as a reply does
expect 0 "submit SET NOTICES OFF" -- $M -C $D submit --no-mail $G carol "SET NOTICES OFF"
out_has "carol gets commitment notices no more from now on"
expect 0 "submit SET NOTICES OFF again" -- $M -C $D submit --no-mail $G carol "SET NOTICES OFF"
out_has "carol's notices are off already"
expect 1 "submit SET NOTICES maybe" -- $M -C $D submit --no-mail $G carol "SET NOTICES maybe"
err_has 'SET NOTICES takes ON or OFF, not "maybe".'
# a game over sends no notice, and logs no SET NOTICES: submit says that,
# not "carol's notices are on already" of notices that are off
$M -C $D admin $G end --why "over" >/dev/null || fail "end"
expect 0 "submit SET NOTICES ON to an ended game" -- $M -C $D submit --no-mail $G carol "SET NOTICES ON"
out_has "$G: the game is over; no notice comes any more, and nothing is mailed to carol."
! grep -q "already" $T/out || fail "submit to an ended game said the notices were set already"; ok
done_checks
