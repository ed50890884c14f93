#!/bin/sh
# test_finished_start.sh - a long-running serve's start reads the games in
# progress, not the finished ones (a host's folder gathers them for years,
# and the start read and verified every log: a minute for 2,000 of them);
# a finished game is known by its ended mark (DATADIR/games/ID/ended, the
# seq of its last entry, its end or a SET LANG after it, and the log's
# size then), and its log is read when it is next needed: a damage done
# to it after it ended is told then (a late
# reply) and by masqued verify, not at the start. A game whose mark is
# missing (ended under an older masqued), or whose log's size is no longer
# the mark's, is read at the start as before.
. tests/cli/lib.sh
mail_folder
printf 'admin = host@x.test\n' >> $D/masqued.conf
. tests/cli/lib_mail.sh
serve() { expect 0 "serve --once: $1" -- $M -C $D serve --once; }

A=$(new_game $D) && B=$(new_game $D) || fail "new"
serve "welcome"
RA=$(rt $A alice)
play_out $D $A
serve "the end's mails"
[ -f $D/games/$A/ended ] || fail "no ended mark once game $A ended"; ok
[ ! -e $D/games/$B/ended ] || fail "an ended mark for game $B, in progress"; ok

serve_start() {	# a long-running serve until its log says PATTERN
	: >$T/serve.err
	$M -C $D serve 2>$T/serve.err &
	spid=$!
	k=0
	until grep -q "$1" $T/serve.err; do
		k=$((k + 1))
		[ $k -le 300 ] || { kill $spid; cat $T/serve.err >&2; fail "serve did not say: $1"; }
		sleep 0.1
	done
	kill -TERM $spid; wait $spid || fail "serve stopped by SIGTERM: exit $?"; ok
}
serve_start "every log verifies"
grep -q "1 game(s) read, in progress or not known to be over: every log verifies; 1 finished game(s) not read at start" $T/serve.err ||
    { cat $T/serve.err >&2; fail "serve's start does not say the finished game was not read"; }; ok

# the finished game's log damaged after it ended, its size kept: an entry's
# time changed by a digit (its signature no longer holds)
cp $D/games/$A/log $T/a.good
sed -i '3s/"ts":1\([0-9]\)/"ts":2\1/' $D/games/$A/log
[ "$(wc -c <$D/games/$A/log)" = "$(wc -c <$T/a.good)" ] || fail "the damage changed the log's size"; ok
! cmp -s $D/games/$A/log $T/a.good || fail "the log was not damaged"; ok
told_a() { grep -l "^To: host@x.test" $O/* 2>/dev/null | xargs -r grep -l "game $A is stopped" | wc -l; }
serve_start "every log verifies"
! grep -q "game $A" $T/serve.err || { cat $T/serve.err >&2; fail "serve's start read the finished game"; }; ok
[ "$(told_a)" = 0 ] || fail "the host was told at the start"; ok
expect 3 "verify the damaged finished game" -- $M -C $D verify $A

# a late reply reads it: the damage is told then
send alice@x.test "$RA" late1 "STATUS"
$M -C $D serve --once 2>$T/late.err
grep -q "game $A: .*entry 3" $T/late.err || { cat $T/late.err >&2; fail "the late reply did not find the damage"; }; ok
[ "$(told_a)" = 1 ] || fail "the host was not told at the late reply"; ok
[ "$(ls $IN | wc -l)" = 1 ] || fail "the late reply was not kept for the stopped game"; ok
rm -f $IN/*
cp $T/a.good $D/games/$A/log

# a log whose size is not the mark's (a cut, or grown) is read at the start
head -n 3 $T/a.good >$D/games/$A/log
serve_start "game(s) stopped"
grep -q "game $A: " $T/serve.err || { cat $T/serve.err >&2; fail "a cut finished log was not read at the start"; }; ok
grep -q "1 of 2 game(s) stopped" $T/serve.err || { cat $T/serve.err >&2; fail "the stopped games are not counted"; }; ok
cp $T/a.good $D/games/$A/log

# no mark (a game that ended under an older masqued): read at the start,
# and marked then, so that the next start passes it by
rm $D/games/$A/ended
serve_start "every log verifies"
grep -q "2 game(s) read: every log verifies" $T/serve.err ||
    { cat $T/serve.err >&2; fail "a finished game with no mark was not read"; }; ok
[ -f $D/games/$A/ended ] || fail "the start did not mark the finished game"; ok
serve_start "every log verifies"
grep -q "1 finished game(s) not read at start" $T/serve.err ||
    { cat $T/serve.err >&2; fail "the game marked at the last start was read"; }; ok

# a finished game with mail still in the spool is read at the start
printf 'To: alice@x.test\n\nx\n' >$D/spool/$A-99999999-0-test.eml
serve_start "every log verifies"
grep -q "2 game(s) read: every log verifies" $T/serve.err ||
    { cat $T/serve.err >&2; fail "a finished game with mail in the spool was not read"; }; ok
rm -f $D/spool/$A-99999999-0-test.eml

# a player's SET LANG after the end (the one entry a game over takes): the
# mark follows it, and the next start passes the game by again (the mark
# stayed at the end entry's size, and the game was read at every start)
send alice@x.test "$RA" setlang "SET LANG ja"
serve "SET LANG after the end"
[ "$(cut -d' ' -f1 $D/games/$A/ended)" = "$(grep -c '' $D/games/$A/log)" ] ||
    fail "the ended mark is not at the log's last entry: $(cat $D/games/$A/ended)"; ok
serve_start "every log verifies"
grep -q "1 finished game(s) not read at start" $T/serve.err ||
    { cat $T/serve.err >&2; fail "the game over, its SET LANG after the end, was read at the start"; }; ok
expect 0 "verify" -- $M -C $D verify $A
done_checks
