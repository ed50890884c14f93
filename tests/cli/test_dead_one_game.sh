#!/bin/sh
# test_dead_one_game.sh - the host's notice of a dead letter of a game's
# mail reads that game's log alone, and gives the replace line of the seat
# there: it read every game's log for each dead letter (thousands in a
# host's folder of years), and named the address's seats in every game.
# A mail of no game (a refusal) still names the seats in all of them.
. tests/cli/lib.sh
sendmail_folder
dead_games
for g in $G $H; do
	sent_mail "undeliverable mail to dave@dead.test" "^The mail $g-"
	mail_body "$f" > $T/dead.txt
	grep -qF "admin $g replace dave NEW-ADDRESS" $T/dead.txt ||
	    { cat $T/dead.txt; fail "game $g's dead letter does not give its seat's replace line"; }; ok
	other=$H; [ $g = $H ] && other=$G
	! grep -qF "admin $other " $T/dead.txt ||
	    { cat $T/dead.txt; fail "game $g's dead letter read game $other's log"; }; ok
done
done_checks
