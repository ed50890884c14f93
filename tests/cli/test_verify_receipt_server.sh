#!/bin/sh
# test_verify_receipt_server.sh - `masqued -C DATA verify-receipt MAIL`
# with neither GAME nor --key, on the server: the data folder's server key
# is the one trusted, and the game the mail names is checked against its
# log when it is there (found by a review: it answered only "sound under
# the key it shows ... give --key PUB, or GAME on the server").
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "alice places" -- $M -C $D submit $G alice "PLACE green"
expect 0 "serve --once" -- $M -C $D serve --once
R=$(grep -l "^X-Masqued-Mail: receipt" $O/* | xargs grep -l "^To: alice@x.test" | head -n 1)
[ -n "$R" ] || fail "alice has no receipt mail"; ok
K=$(grep -c '' $D/games/$G/log)
expect 0 "on the server, no GAME" -- $M -C $D verify-receipt $R
out_has "ok: the receipt for entry $K of game $G (alice: PLACE green) is sound, and the log still holds that entry."
out_has "ok: the checkpoint of entry $K of game $G is signed by the server, and the log's entry is the one it signs."
! grep -q "give --key" $T/out || fail "the answer on the server asks for --key"; ok
# with no data folder: the weak answer, as before
expect 0 "no data folder" -- $M -C $T/nodata verify-receipt $R
out_has "is sound under the key it shows, $(cat $D/keys/server.pub)"
# another server's data folder: its key is not the mail's
$M -C $T/other init >/dev/null || fail "init other"
expect 3 "another server's data folder" -- $M -C $T/other verify-receipt $R
err_has "signed by another key than the trusted one"; one_line
# the game not in the data folder (moved away): the key alone, said so
mv $D/games/$G $T/away
expect 0 "the game not in the data folder" -- $M -C $D verify-receipt $R
out_has "ok: the receipt for entry $K of game $G (alice: PLACE green) is sound, signed by this data folder's server key (the game is not in it, so no log to check it against)."
out_has "ok: the checkpoint's head is signed by the server (the mail calls it entry $K of game $G; that game is not in this data folder, so no log to check that against)."
mv $T/away $D/games/$G
# the log changed since: said, exit 3, as with GAME
head -n $((K - 1)) $D/games/$G/log >$T/log.cut
cp $D/games/$G/log $T/log.whole
cp $T/log.cut $D/games/$G/log
expect 3 "the log cut before the receipt's entry, no GAME" -- $M -C $D verify-receipt $R
cp $T/log.whole $D/games/$G/log
done_checks
