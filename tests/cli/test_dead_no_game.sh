#!/bin/sh
# test_dead_no_game.sh - the host's notice of a dead letter of no game (a
# refusal, z-...) names the seats its address holds in the games still in
# progress, and reads no log of a game known to be over by its ended mark
# (docs/hosting.md, serve's start): it read every game's log, thousands in
# a host's folder of years, for each such mail, and gave a replace line
# for the finished games too, which admin refuses ("is over already").
# A finished game with no mark (ended under an older masqued) is read.
. tests/cli/lib.sh
sendmail_folder
# five games over (their ended marks as game_end.c writes them at the end
# entry: the last entry's seq and the log's size; made here by hand, as
# playing five games out takes minutes) and one in progress, dave in each
G=$(dead_game) || fail "new"
OVER=
for i in 1 2 3 4 5; do
	g=$(dead_game) || fail "new"
	echo "$(grep -c '' $D/games/$g/log) $(wc -c <$D/games/$g/log)" >$D/games/$g/ended
	OVER="$OVER $g"
done
expect 0 "the games' mails, dave's dead" -- $M -C "$D" serve --once
MASQUED_NOW=$((MASQUED_NOW + 60)) expect 0 "the host's notices of them" -- $M -C "$D" serve --once
# a refusal to dave (a mail of no game), dead in its turn
k=0
refusal_dies() {	# the body of its host notice into $T/dead.txt
	k=$((k + 1))
	z=z-refusal-$(printf '%032d' $k)
	printf 'X-Masqued-Envelope-To: dave@dead.test\r\nFrom: masqued <game@example.org>\nTo: dave@dead.test\nSubject: x\n\nx\n' >$D/spool/$z.eml
	MASQUED_NOW=$((MASQUED_NOW + 120 * k)) expect 0 "refusal $k dies" -- $M -C "$D" serve --once
	MASQUED_NOW=$((MASQUED_NOW + 120 * k + 60)) expect 0 "its notice" -- $M -C "$D" serve --once
	sent_mail "undeliverable mail to dave@dead.test" "^The mail $z "
	mail_body "$f" > $T/dead.txt
}
refusal_dies
grep -qF "admin $G replace dave NEW-ADDRESS" $T/dead.txt ||
    { cat $T/dead.txt; fail "the dead refusal does not give the seat in game $G"; }; ok
for g in $OVER; do
	! grep -qF "admin $g " $T/dead.txt ||
	    { cat $T/dead.txt; fail "the dead refusal read finished game $g's log"; }; ok
done

# the mark alone says a game is over: one with none is read
F=${OVER# }; F=${F%% *}
rm $D/games/$F/ended
refusal_dies
grep -qF "admin $F replace dave NEW-ADDRESS" $T/dead.txt ||
    { cat $T/dead.txt; fail "game $F, its ended mark gone, was not read"; }; ok
[ "$(grep -c "admin .* replace dave" $T/dead.txt)" = 2 ] ||
    { cat $T/dead.txt; fail "not games $G and $F alone"; }; ok
done_checks
