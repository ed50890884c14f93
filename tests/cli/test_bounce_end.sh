#!/bin/sh
# test_bounce_end.sh - a bounce read in the same pass as the reply that
# ended its game, after it (the inbox is read in file-name order), saw the
# game in progress when the pass had read the seats before the end (for a
# bounce before the reply, say), and the host's notice offered `admin GAME
# replace alice NEW-ADDRESS`, which admin refuses for a game over ("Game G
# is over already."); the next pass's notice was right. The pass reads the seats again once a move ends a
# game: the notice is a game over's, with the game's export line and no
# replace (daemon/inbound.c's play, docs/hosting.md). The Masquerade is
# played by the bots (submit --never-mail), each move tried first on a copy
# of the data folder; the one that ends the game is sent by mail.
. tests/cli/lib.sh
sendmail_folder
R=$(realpath "$D")
O=$S	# the mails out, for lib_mail.sh's reply_to
IN=$D/mail/inbox/new
echo "rate_limit = 86400" >>$D/masqued.conf
expect 0 "new masquerade" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test --player dave=dave@x.test \
    --seed 0000000000000000000000000000000000000000000000000000000000000001
G=$(cat $T/out)
expect 0 "serve: the welcomes" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
to_the_last_move

bounce() {	# ADDRESS FILE: a bounce of mail to ADDRESS, the inbox's FILE
	printf 'From: MAILER-DAEMON@y.test\nTo: game@example.org\nSubject: Undelivered Mail Returned to Sender\nMessage-ID: <b-%s@y.test>\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n--b\nContent-Type: text/plain\n\nThe mail to %s could not be delivered.\n--b\nContent-Type: message/delivery-status\n\nFinal-Recipient: rfc822; %s\nAction: failed\nStatus: 5.2.2\n--b--\n' \
	    "$2" "$1" "$1" > $IN/$2
}
# one pass: a bounce of bob's address (0.bounce.eml: the pass reads the
# seats, the game in progress), the reply that ends the game (1.test),
# then a bounce of alice's address (2.bounce.eml)
bounce bob@x.test 0.bounce.eml
send $p@x.test "$(reply_to $p)" last "$move"
bounce alice@x.test 2.bounce.eml
rm -f $S/*.eml
expect 0 "serve: the move that ends the game, then the bounce" -- $M -C $D serve --once
over $D || fail "the mail did not end the game"; ok
MASQUED_NOW=$((MASQUED_NOW + 60)) expect 0 "the host's notice goes" -- $M -C $D serve --once
expect 1 "admin refuses a replace in G" -- $M -C $D admin $G replace alice alice@new.test --why x
err_has "Game $G is over already."

sent_mail "mail to alice@x.test bounced" "subject \"Undelivered"
mail_body "$f" | tr '\n' ' ' | tr -s ' ' > $T/host.txt
host_says() {
	grep -qF -- "$1" $T/host.txt || { cat $T/host.txt; fail "the host's mail does not say: $1"; }; ok
}
! grep -qF "replace alice" $T/host.txt || { cat $T/host.txt; fail "the host's mail offers a replace in a game over"; }; ok
host_says "It is the address of the player alice, whose games here are over ($G)"
host_says "masqued -C $R export $G > $G.json"
# bob's, read before the end: the game was in progress then
sent_mail "mail to bob@x.test bounced" "subject \"Undelivered"
mail_body "$f" | tr '\n' ' ' | tr -s ' ' > $T/host.txt
host_says "masqued -C $R admin $G replace bob NEW-ADDRESS"
done_checks
