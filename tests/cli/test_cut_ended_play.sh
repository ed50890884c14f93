#!/bin/sh
# test_cut_ended_play.sh - a finished game's log cut after its end, its
# mark of mailed entries deleted as well: view and the other readers refuse
# it by its ended mark (test_view_cut_ended.sh), but submit and admin
# logged a move or a pause on the cut log, and serve's start wrote a new
# mark of mailed entries at the cut and played the next reply on a log
# missing its end. Now submit and admin refuse it (exit 3, view's
# sentence), and serve leaves it alone: one line in the daemon's log, one
# mail to the host (not one per pass), no new mark at the cut, and the
# other games' replies played in the same pass. The log put back, the
# game's waiting reply is answered.
. tests/cli/lib.sh
mail_folder
echo "admin = host@x.test" >>$D/masqued.conf
G=$(new_game $D) || fail "new"
G2=$(new_game $D 2>/dev/null) || fail "new, the other game"
expect 0 "serve --once: the welcomes" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
expect 0 "alice places" -- $M -C $D submit $G alice "PLACE green"
expect 0 "the host ends it" -- $M -C $D admin $G end --why "the party left"
expect 0 "serve --once: the end mails" -- $M -C $D serve --once
L=$D/games/$G/log
ne=$(grep -c '' $L)
[ "$(cut -d' ' -f1 $D/games/$G/ended)" = $ne ] || fail "the ended mark is not entry $ne"; ok
cp $L $T/log.whole
k=$((ne - 1))
head -n $k $T/log.whole >$L
rm -f $D/games/$G/mailed
s="The log of game $G ends at entry $k, but the game was recorded as ended at entry $ne ($D/games/$G/ended): its last entries were removed; put its whole log back from a backup (masqued verify $G checks it)."

expect 3 "submit on the cut game" -- $M -C $D submit $G bob "PLACE blue"
err_has "masqued: $s"; one_line
expect 3 "admin on the cut game" -- $M -C $D admin $G pause --why "a look"
err_has "masqued: $s"; one_line
head -n $k $T/log.whole | cmp -s - $L || fail "submit or admin wrote to the cut log"; ok

# serve: a reply to the cut game, and a move in the other game
send alice@x.test "$(rt $G alice)" cut "STATUS"
cutmsg=$n.test
for p in alice bob carol dave; do
	c=$($MREL -C $D bot $G2 $p | grep '^PLACE') && break
done
[ -n "$c" ] || fail "no placement owed in $G2"
send $p@x.test "$(rt $G2 $p)" other "$c"
n2=$(grep -c '' $D/games/$G2/log)
told() { grep -l "^To: host@x.test" $O/* | xargs grep -l "game $G is stopped" | wc -l; }
for pass in 1 2 3; do
	# exit 0: the reply to the cut game waits for the host, who was told;
	# no failure of the pass (a cron job mailed every run), said once
	MASQUED_NOW=$((MASQUED_NOW + pass * 60)) expect 0 "serve --once, pass $pass" -- $M -C $D serve --once
	grep -c "game $G" $T/err >$T/said
	if [ $pass = 1 ]; then
		[ "$(cat $T/said)" = 1 ] || { cat $T/err >&2; fail "pass $pass: not one line of game $G in the daemon's log"; }; ok
		err_has "$s"
	else
		[ "$(cat $T/said)" = 0 ] || { cat $T/err >&2; fail "pass $pass: the waiting reply was said again"; }; ok
	fi
	err_has "1 reply(ies) left in the inbox for a stopped game"
	grep -q "could not be processed" $T/err && fail "pass $pass: the waiting reply is taken for a failure"; ok
	head -n $k $T/log.whole | cmp -s - $L || fail "pass $pass: serve wrote to the cut log"; ok
	[ ! -e $D/games/$G/mailed ] || fail "pass $pass: a new mark of mailed entries at the cut"; ok
	[ "$(told)" = 1 ] || fail "pass $pass: the host was told $(told) times"; ok
done
# the host's mail says the log was cut, not that it does not verify
grep -l "^To: host@x.test" $O/* | xargs grep -l "game $G is stopped: its log was cut" >/dev/null ||
    fail "the host's mail does not say the log was cut"; ok
grep -l "^To: host@x.test" $O/* | xargs grep -l "does not verify" >/dev/null &&
    fail "the host's mail says a cut log does not verify"; ok
[ "$(grep -c '' $D/games/$G2/log)" -gt $n2 ] || fail "the other game's move was not played"; ok
[ -e $IN/$cutmsg ] || fail "the reply to the cut game was not left in the inbox"; ok

# a later reply to the stopped game is said once, at the pass that finds it
send bob@x.test "$(rt $G bob)" cut2 "STATUS"
cutmsg2=$n.test
MASQUED_NOW=$((MASQUED_NOW + 240)) expect 0 "serve --once, a second reply" -- $M -C $D serve --once
[ "$(grep -c "game $G" $T/err)" = 1 ] || { cat $T/err >&2; fail "the second reply is not said once"; }; ok
err_has "2 reply(ies) left in the inbox for a stopped game"
[ -e $D/cursor/stopped-$G ] || fail "no note of the replies said"; ok

# the whole log back: the reply is answered, and the host hears of it
cp $T/log.whole $L
ls $O | sort >$T/before
MASQUED_NOW=$((MASQUED_NOW + 300)) expect 0 "serve --once, the log put back" -- $M -C $D serve --once
err_has "game $G: its log verifies again"
[ ! -e $IN/$cutmsg ] || fail "the reply to the game put back was not read"; ok
[ ! -e $IN/$cutmsg2 ] || fail "the second reply to the game put back was not read"; ok
[ ! -e $D/cursor/stopped-$G ] || fail "the note of the replies said outlived the stop"; ok
ls $O | sort | comm -13 $T/before - | (cd $O && xargs grep -l "^To: alice@x.test") >/dev/null ||
    fail "alice's STATUS was not answered"; ok
same_file $L $T/log.whole "the log put back"
expect 0 "verify, the log put back" -- $M -C $D verify $G
done_checks
