#!/bin/sh
# test_flood_notices.sh - DESIGN: "Replies to one sender are rate-limited".
# A move past its sender's rate_limit is still applied and answered (no move
# is lost), but a flood of replaced moves used to send every other player
# one notice per mail, without end: one player could fill the others'
# mailboxes. Past the limit the others get no notice that only tells of
# the commitment (they check it with the move it opens, as after SET
# NOTICES OFF); the mover's receipt says so, in their language; a mail
# that makes another's turn still comes. The Red Death; Maildir inbox,
# `serve --once`, the ASan binary.
. tests/cli/lib.sh
RATE_LIMIT=3
. tests/cli/lib_game.sh
for p in alice bob dave carol; do
	expect 0 "submit $p PLACE" -- $M -C $D submit $G $p "PLACE green"
done
expect 0 "the turn mails" -- $M -C $D serve --once
entries() { $MREL -C $D log $G | wc -l; }
notices_to() { ls $O | comm -13 $T/before - | (cd $O && xargs grep -l "^To: $1") |
    (cd $O && xargs grep -l "^X-Masqued-Mail: notice") | wc -l; }
A=$(rt $G alice)
e0=$(entries)
ls $O >$T/before
# six mails from alice in one pass, each replacing her card
i=0
for c in jest dance jest dance jest "mock TARGET bob"; do
	i=$((i + 1))
	send alice@x.test "$A" f$i "PLAY $c"
done
expect 0 "serve --once: the flood" -- $M -C $D serve --once
[ "$(entries)" = $((e0 + 6)) ] || fail "not every move was logged"; ok
err_has "over the rate limit for alice@x.test, but a move: applied and answered; the others get no notice of it"
for p in bob carol dave; do
	[ "$(notices_to $p@x.test)" = 3 ] || fail "$p got $(notices_to $p@x.test) notices, not 3"
	ok
done
receipts() { ls $O | comm -13 $T/before - | (cd $O && xargs grep -l '^To: alice@x.test') |
    (cd $O && xargs grep -l '^X-Masqued-Mail: receipt') | sort; }
[ "$(receipts | wc -l)" = 6 ] || fail "alice did not get six receipts"; ok
# the receipt of a move past the limit says why the others were not told;
# one within it does not
parts "$O/$(receipts | tail -n 1)" last
says last "You have sent more than 3 messages this hour: your move stands"
says last "they check it with the move it opens, when this phase resolves."
parts "$O/$(receipts | head -n 1)" first
says_not first "messages this hour"
# A crash after the flood's moves were logged and before their answers
# were queued (the mark back before them, their mails gone): the answers
# are rebuilt from the archived messages, and leave the notices out as the
# first ones did, though the rate table cannot tell which moves were past
# the limit then (an hour later it has counted afresh).
ls $O | comm -13 $T/before - | (cd $O && xargs rm -f)
[ -z "$(ls $D/spool | grep -v '^dead$')" ] || fail "mail left in the spool"; ok
[ "$(ls $D/games/$G/hushed | wc -l)" = 3 ] || fail "not three moves noted past the limit: $(ls $D/games/$G/hushed)"; ok
printf '%020d\n' $e0 >$D/games/$G/mailed
MASQUED_NOW=$((MASQUED_NOW + 3600)) expect 0 "serve --once after the crash" -- $M -C $D serve --once
err_has "rebuilt"
[ "$(entries)" = $((e0 + 6)) ] || fail "an entry was added or lost"; ok
[ "$(receipts | wc -l)" = 6 ] || fail "alice's six receipts were not rebuilt: $(receipts | wc -l)"; ok
for p in bob carol dave; do
	[ "$(notices_to $p@x.test)" = 3 ] || fail "after the crash $p got $(notices_to $p@x.test) notices, not 3"
	ok
done
parts "$O/$(receipts | tail -n 1)" rebuilt
says rebuilt "You have sent more than 3 messages this hour: your move stands"
# her card stands, and the resolution opens it to the others
for p in bob carol dave; do
	expect 0 "submit $p PLAY" -- $M -C $D submit $G $p "PLAY discuss"
done
$MREL -C $D log $G | grep -q "alice: PLAY mock TARGET bob" || fail "alice's last card not logged"; ok
$MREL -C $D view $G bob | grep -q "mock" || fail "alice's card not opened to bob"; ok
# in her language: Japanese and Chinese
for l in ja:cw zh:ccw; do
	ls $O >$T/before
	send alice@x.test "$A" l${l%:*} "SET LANG ${l%:*}\nPLAN 12:00 ${l#*:}"
	l=${l%:*}
	expect 0 "serve --once: $l" -- $M -C $D serve --once
	parts "$O/$(receipts | tail -n 1)" $l
done
says ja "この1時間に3通を超えるメールを送りました。手は有効ですが"
says zh "你在这一小时内发送了超过 3 封邮件：你的行动有效"
for p in bob carol dave; do
	[ "$(notices_to $p@x.test)" = 0 ] || fail "$p was told of a plan past the limit"
	ok
done

# A move past the limit that is refused leaves its note (made before the
# move is tried); the same message within the limit, an hour on, takes it
# back, so that it could never hush a later logging of those bytes.
send alice@x.test "$A" refused1 "PLAY nosuchcard"
cp $IN/$n.test $T/refused1.eml
h=$($PY -c 'import hashlib, sys; print(hashlib.blake2b(open(sys.argv[1], "rb").read(), digest_size=32).hexdigest())' $T/refused1.eml)
expect 0 "serve --once: a refused move past the limit" -- $M -C $D serve --once
[ -e $D/games/$G/hushed/$h ] || fail "no note for the refused move past the limit"; ok
cp $T/refused1.eml $IN/again.test
MASQUED_NOW=$((MASQUED_NOW + 7200)) expect 0 "serve --once: the same message an hour on" -- $M -C $D serve --once
[ ! -e $D/games/$G/hushed/$h ] || fail "the refused move's note outlived it"; ok
done_checks
