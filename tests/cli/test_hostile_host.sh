#!/bin/sh
# test_hostile_host.sh - a host who damages the data folder by hand or runs
# out of disk: each command says what is wrong in one sentence, with the
# README's exit code, and leaves the game as it was.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "pause" -- $M -C $D admin $G pause --why "away"
L=$D/games/$G/log

# --- a log whose last entry, mailed to the players, was cut short ---
# A crash never leaves that (an entry is durable before its mails are
# queued): the entry was removed. A writer used to take the cut entry for a
# crash's torn tail, put it in quarantine and log another entry 2 in its
# place: the players, mailed "paused" as entry 2, got a second history.
cp $L $T/log.whole
head -c -5 $T/log.whole >$L
cp $L $T/log.cut
for c in "admin $G resume --why back" "submit $G alice STATUS --no-mail"; do
	expect 3 "$c on a log cut short" -- $M -C $D $c
	err_has "The log of game $G ends at entry 1, but entries up to 2 were mailed to the players"
	err_has "masqued verify $G"; one_line
	same_file $L $T/log.cut "$c changed a log cut short"
	[ ! -e $D/games/$G/quarantine ] || fail "$c quarantined a mailed entry"; ok
done
expect 0 "serve --once beside a log cut short" -- $M -C $D serve --once
same_file $L $T/log.cut "serve changed a log cut short"
expect 3 "verify of a log cut short" -- $M -C $D verify $G
err_has "were mailed to the players"
# put back whole, the game goes on
cp $T/log.whole $L
expect 0 "resume once the log is whole" -- $M -C $D admin $G resume --why back
expect 0 "verify" -- $M -C $D verify $G
# a crash's torn tail (an entry never mailed) is still mended by the next
# writer, as before
printf '{"game":"%s","torn' $G >>$L
expect 0 "admin after a crash's torn tail" -- $M -C $D admin $G extend 1h --why "slow"
grep -q '"torn' $D/games/$G/quarantine || fail "the torn tail is not in quarantine"; ok
expect 0 "verify after the torn tail" -- $M -C $D verify $G

done_checks
