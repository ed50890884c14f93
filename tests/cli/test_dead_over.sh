#!/bin/sh
# test_dead_over.sh - the host's notice of a finished game's own mail that
# dies (its end mail to an address that no longer works), and of a bounce
# of an address whose games are all over, gives no `admin GAME replace`
# line: admin refuses it ("Game G is over already."), and the notice gave
# it all the same. It says the game is over, that the address only missed
# its last mails, and what the host can do instead: the game's export
# (`masqued -C DIR export GAME`), a STATUS once the address works; nor
# does it say "a seat's new address gets the game's next mails", as it did
# (advice of a replace, which the game takes no more). A seat in a game
# still in progress keeps both (docs/hosting.md).
. tests/cli/lib.sh
sendmail_folder
R=$(realpath "$D")
dead_games
# the one host mail whose body holds $2 (grep -E), matched by subject $1,
# into $T/host.txt, its wrap undone
host_mail() {
	sent_mail "$1" "$2"
	mail_body "$f" | tr '\n' ' ' | tr -s ' ' > $T/host.txt
}
says() {
	grep -qF -- "$1" $T/host.txt || { cat $T/host.txt; fail "the host's mail does not say: $1"; }; ok
}
not_says() {
	! grep -qF -- "$1" $T/host.txt || { cat $T/host.txt; fail "the host's mail says: $1"; }; ok
}

# G's welcome to dave, in a game in progress: its replace line, as ever
host_mail "undeliverable mail to dave@dead.test" "^The mail $G-.* to dave@dead.test"
says "masqued -C $R admin $G replace dave NEW-ADDRESS"
says "or delete it (a seat's new address gets the game's next mails, not this one)"
not_says "is over"
rm $S/*.eml

# game G ended by the host: its end mail to dave dies
expect 0 "G ended" -- $M -C "$D" admin $G end --why "given up"
MASQUED_NOW=$((MASQUED_NOW + 120)) expect 0 "G's end mails, dave's dead" -- $M -C "$D" serve --once
MASQUED_NOW=$((MASQUED_NOW + 180)) expect 0 "the host's notice of it" -- $M -C "$D" serve --once
expect 1 "admin refuses a replace in G" -- $M -C "$D" admin $G replace dave dave@new.test --why x
err_has "Game $G is over already."
host_mail "undeliverable mail to dave@dead.test" "^The mail $G-.* to dave@dead.test"
not_says "replace dave"
# nor a word of a seat's new address, which G's seats take no more
not_says "new address gets"
says "or delete it. masqued games counts the mails kept there"
says "It is the address of the player dave in game $G, which is over"
says "admin replace refuses it"
says "the address only missed the game's last mails"
says "masqued -C $R export $G > $G.json"
says "a reply of STATUS from it to any of the game's mails gets the end mail again"

# a bounce of dave's address: H's seat alone, G's is over
bounce() {	# the inbox message $1
	printf 'From: MAILER-DAEMON@x.test\nTo: game@masqued.invalid\nSubject: Undelivered Mail Returned to Sender\nMessage-ID: <b-%s@x.test>\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n--b\nContent-Type: text/plain\n\nThe mail to dave@dead.test could not be delivered.\n--b\nContent-Type: message/delivery-status\n\nFinal-Recipient: rfc822; dave@dead.test\nAction: failed\nStatus: 5.1.1\n--b--\n' \
	    $1 > $D/mail/inbox/new/$1.bounce.eml
}
bounce 1
MASQUED_NOW=$((MASQUED_NOW + 240)) expect 0 "a bounce" -- $M -C "$D" serve --once
MASQUED_NOW=$((MASQUED_NOW + 300)) expect 0 "its notice goes" -- $M -C "$D" serve --once
host_mail "mail to dave@dead.test bounced" "subject \"Undelivered"
says "It is the address of the player dave and may be failing"
says "masqued -C $R admin $H replace dave NEW-ADDRESS"
not_says "admin $G "

# H ended too: a bounce the next day names no seat to replace
expect 0 "H ended" -- $M -C "$D" admin $H end --why "given up"
bounce 2
rm $S/*.eml
MASQUED_NOW=$((MASQUED_NOW + 86400)) expect 0 "a bounce the next day" -- $M -C "$D" serve --once
MASQUED_NOW=$((MASQUED_NOW + 86460)) expect 0 "its notice goes" -- $M -C "$D" serve --once
host_mail "mail to dave@dead.test bounced" "subject \"Undelivered"
not_says "replace dave"
# the two games in the seat index's order, which is not the order they began
grep -qF -e "whose games here are over ($G, $H)" -e "whose games here are over ($H, $G)" $T/host.txt ||
	{ cat $T/host.txt; fail "the host's mail does not name both games over"; }; ok
says "masqued -C $R export $G > $G.json"
says "masqued -C $R export $H > $H.json"
done_checks
