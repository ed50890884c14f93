#!/bin/sh
# test_partial_queue.sh - a game's mail goes out only once every mail of
# its entry is queued (the game's mark of mailed entries, mailmark.h): a
# `new` whose welcome mails were only partly queued (the disk filled, or it
# was killed between them) left its first welcome in the spool; a `serve`
# that could not catch the game up then sent that one, and the next, once
# it could, rebuilt and sent all of them: alice got her welcome twice.
# Here the partial queue is made by hand (the mark back to 0, the other
# welcomes gone) and the catch-up fails while the game's log is away.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new

expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
ls $D/spool | grep -q "^$G-00000001-0-welcome.eml$" || fail "no welcome for alice in the spool"; ok
# as `new` left it when it stopped after alice's welcome
printf '%020d\n' 0 >$D/games/$G/mailed
rm $D/spool/$G-00000001-[123]-welcome.eml
mv $D/games/$G/log $T/log.away
$M -C $D serve --once 2>$T/err1
[ -z "$(ls $O)" ] || fail "a welcome went out before the others were queued: $(ls $O)"; ok
grep -q "1 waiting" $T/err1 || fail "the held welcome is not counted as waiting: $(tail -n 1 $T/err1)"; ok
mv $T/log.away $D/games/$G/log
expect 0 "serve --once, the game back" -- $M -C $D serve --once
for p in alice bob carol dave; do
	n=$(grep -l "^To: $p@x.test" $O/* 2>/dev/null | xargs grep -l "^X-Masqued-Mail: welcome" | wc -l)
	[ "$n" = 1 ] || fail "$p got $n welcome mails, not 1"; ok
done
[ -z "$(ls $D/spool | grep -v '^dead$')" ] || fail "mail left in the spool: $(ls $D/spool)"; ok
expect 0 "verify" -- $M -C $D verify $G

# A running serve catches up a game whose mails it holds back: it reads
# every game's mark only as it starts, and opens a game afterwards only for
# a reply or a deadline. An admin resume of a paused game (whose clock
# file says no deadline will come) queued its first notice, then failed
# (here a folder where the second lies): the first waited, and the others
# were never queued, for as long as the serve ran.
printf 'poll_interval = 1\n' >>$D/masqued.conf
expect 0 "pause" -- $M -C $D admin $G pause --why "a break"
expect 0 "serve --once, the pause sent" -- $M -C $D serve --once
rm -f $O/*
$M -C $D serve 2>$T/serve.err &
S=$!
trap 'kill $S 2>/dev/null; rm -rf "$T"' EXIT
sleep 2
N=$(( $($MREL -C $D log $G | wc -l) + 1 ))
mkdir $D/spool/$G-$(printf %08d $N)-1-admin.eml
expect 4 "a resume whose second notice cannot be queued" -- $M -C $D admin $G resume --why "back"
err_has "mails were not queued"
sleep 2
[ -z "$(ls $O)" ] || fail "a resume notice went before the others were queued: $(ls $O)"; ok
rmdir $D/spool/$G-$(printf %08d $N)-1-admin.eml
i=0
while [ "$(ls $O | wc -l)" -lt 4 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
sleep 1
kill $S
wait $S || { cat $T/serve.err >&2; fail "the running serve failed"; }; ok
for p in alice bob carol dave; do
	n=$(grep -l "^To: $p@x.test" $O/* 2>/dev/null | xargs grep -l "^X-Masqued-Mail: admin" | wc -l)
	[ "$n" = 1 ] || { cat $T/serve.err >&2; fail "$p got $n resume notices from the running serve, not 1"; }; ok
done
[ "$(cat $D/games/$G/mailed)" -eq "$N" ] || fail "the mark $(cat $D/games/$G/mailed) is not the resume's entry $N"; ok
# --- two replies to one game in one pass, the first's answers not queued
# (a folder where its receipt goes, as a full disk would): the second
# reply's entry moved the mark past the first's, whose message, read again
# next pass, was "already applied" and acknowledged: alice never had her
# receipt. Now the game's later mail waits a pass, after the first. ---
kill $S 2>/dev/null
trap 'rm -rf "$T"' EXIT
D=$T/two
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "serve --once: the welcome" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
ca=$($MREL -C $D bot $G alice)
cp -a $D $T/scratch
$MREL -C $T/scratch submit $G alice "$ca" --no-mail >/dev/null
cb=$($MREL -C $T/scratch bot $G bob)
N=$(( $($MREL -C $D log $G | wc -l) + 1 ))
send alice@x.test "$(reply_to alice)" m1 "$ca"
send bob@x.test "$(reply_to bob)" m2 "$cb"
mkdir $D/spool/$G-$(printf %08d $N)-0-receipt.eml
rm -f $O/*
$M -C $D serve --once 2>$T/pass1
grep -q "left for the next pass: a message before it for game $G could not be processed" $T/pass1 ||
    { cat $T/pass1 >&2; fail "bob's reply was not left for the next pass"; }; ok
[ "$($MREL -C $D log $G | wc -l)" = "$N" ] || fail "bob's move was applied after alice's failed"; ok
rmdir $D/spool/$G-$(printf %08d $N)-0-receipt.eml
expect 0 "serve --once, room again" -- $M -C $D serve --once
n=$(grep -l "^To: alice@x.test" $O/* 2>/dev/null | xargs grep -l "^X-Masqued-Mail: receipt" | wc -l)
[ "$n" = 1 ] || fail "alice got $n receipts, not 1"; ok
n=$(grep -l "^To: bob@x.test" $O/* 2>/dev/null | xargs grep -l "^X-Masqued-Mail: receipt" | wc -l)
[ "$n" = 1 ] || fail "bob got $n receipts, not 1"; ok
[ "$(cat $D/games/$G/mailed)" -eq "$((N + 1))" ] || fail "the mark $(cat $D/games/$G/mailed) is not bob's entry $((N + 1))"; ok
[ -z "$(ls $IN)" ] || fail "mail left in the inbox: $(ls $IN)"; ok
expect 0 "verify" -- $M -C $D verify $G

# --- the same with the game's deadline past as alice's reply fails, in one
# process and with two workers (an inbox of 64 messages or more): the
# clock's timeouts for the others are an entry that moved the mark past
# alice's, as bob's reply did. The workers noted the stalled game in their
# own memory alone, so the clock, in the parent, ran it: alice never had
# her receipt. ---
stall_case() {	# name workers
	D=$T/$1
	O=$D/mail/outbox/new
	IN=$D/mail/inbox/new
	expect 0 "init" -- $M -C $D init
	echo "workers = $2" >>$D/masqued.conf
	G=$(new_game $D) || fail "new"
	for p in alice bob carol dave; do
		$MREL -C $D submit $G $p "$($MREL -C $D bot $G $p)" >/dev/null ||
		    fail "the placement of $p"
	done
	expect 0 "serve --once: the welcome and the placements" -- $M -C $D serve --once
	ca=$($MREL -C $D bot $G alice)
	N=$(( $($MREL -C $D log $G | wc -l) + 1 ))
	send alice@x.test "$(rt $G alice)" m1-$1 "$ca"
	i=0
	while [ $i -lt 70 ]; do	# strangers: worker 0's, answered or not
		i=$((i + 1))
		printf 'From: s%d@y.test\nTo: game@x.test\nSubject: hi\nMessage-ID: <s%d-%s@y.test>\n\nHELP\n' \
		    $i $i $1 >$IN/s$i.test
	done
	mkdir $D/spool/$G-$(printf %08d $N)-0-receipt.eml
	rm -f $O/*
	MASQUED_NOW=$((MASQUED_NOW + 200 * 3600)) $M -C $D serve --once 2>$T/pass1
	grep -q "game $G: its deadlines wait for the next pass" $T/pass1 ||
	    { cat $T/pass1 >&2; fail "$1: the deadlines of alice's game did not wait"; }; ok
	[ "$($MREL -C $D log $G | wc -l)" = "$N" ] ||
	    fail "$1: the timeouts were logged after alice's reply failed"; ok
	rmdir $D/spool/$G-$(printf %08d $N)-0-receipt.eml
	MASQUED_NOW=$((MASQUED_NOW + 200 * 3600)) expect 0 "$1: serve --once, room again" -- \
	    $M -C $D serve --once
	k=$(grep -l "^To: alice@x.test" $O/* 2>/dev/null | xargs grep -l "^X-Masqued-Mail: receipt" | wc -l)
	[ "$k" = 1 ] || { cat $T/pass1 $T/err >&2; fail "$1: alice got $k receipts, not 1"; }; ok
	[ "$($MREL -C $D log $G | wc -l)" -gt "$N" ] || fail "$1: no timeout after alice's reply"; ok
	expect 0 "$1: verify" -- $M -C $D verify $G
}
stall_case one 1
stall_case workers 2

# --- IMAP: a message that fails holds the pass there, but the clock ran
# after it all the same, the failed reply's game too ---
trap '[ -n "$IMAP_PID" ] && kill $IMAP_PID 2>/dev/null; rm -rf "$T"' EXIT	# lib.sh's again
D=$T/imap
O=$D/mail/outbox/new
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
for p in alice bob carol dave; do
	$MREL -C $D submit $G $p "$($MREL -C $D bot $G $p)" >/dev/null ||
	    fail "the placement of $p"
done
expect 0 "serve --once: the welcome and the placements" -- $M -C $D serve --once
printf 'From: alice@x.test\r\nTo: %s\r\nSubject: Re: the masque\r\nMessage-ID: <m1-imap@x.test>\r\n\r\n%s\r\n' \
    "$(rt $G alice)" "$($MREL -C $D bot $G alice)" >$T/m1-imap.eml
fake_imap $T/m1-imap.eml
imap_in $D $(cat $T/port)
printf '0 0\n' >$D/cursor/imap	# read from the start
N=$(( $($MREL -C $D log $G | wc -l) + 1 ))
mkdir $D/spool/$G-$(printf %08d $N)-0-receipt.eml
rm -f $O/*
MASQUED_NOW=$((MASQUED_NOW + 200 * 3600)) $M -C $D serve --once 2>$T/pass1
grep -q "imap:1700000000:1: not processed" $T/pass1 ||
    { cat $T/pass1 >&2; fail "imap: alice's reply did not fail"; }; ok
grep -q "game $G: its deadlines wait for the next pass" $T/pass1 ||
    { cat $T/pass1 >&2; fail "imap: the deadlines of alice's game did not wait"; }; ok
[ "$($MREL -C $D log $G | wc -l)" = "$N" ] ||
    fail "imap: the timeouts were logged after alice's reply failed"; ok
rmdir $D/spool/$G-$(printf %08d $N)-0-receipt.eml
MASQUED_NOW=$((MASQUED_NOW + 200 * 3600)) expect 0 "imap: serve --once, room again" -- \
    $M -C $D serve --once
k=$(grep -l "^To: alice@x.test" $O/* 2>/dev/null | xargs grep -l "^X-Masqued-Mail: receipt" | wc -l)
[ "$k" = 1 ] || { cat $T/pass1 $T/err >&2; fail "imap: alice got $k receipts, not 1"; }; ok
[ "$($MREL -C $D log $G | wc -l)" -gt "$N" ] || fail "imap: no timeout after alice's reply"; ok
expect 0 "imap: verify" -- $M -C $D verify $G
kill $IMAP_PID 2>/dev/null; wait $IMAP_PID 2>/dev/null; IMAP_PID=
# --- a running serve's catching up that fails before it queues any mail
# is tried again the next pass: the catching up writes the clock file before
# the mails (mailmark.c clock_caught), at the game's next deadline, 60 h
# away; the deadline pass that logged the entries (its first turn mail here
# a folder, as a full disk) had left it due. The mails waited for that
# deadline, or for ever in a game paused or over, while serve ran. ---
D=$T/retry
O=$D/mail/outbox/new
expect 0 "retry: init" -- $M -C $D init
G=$(new_game $D) || fail "retry: new"
expect 0 "retry: serve --once: the welcome" -- $M -C $D serve --once
rm -f $O/*
printf 'poll_interval = 1\n' >>$D/masqued.conf
mkdir $D/spool/$G-00000002-0-turn.eml
MASQUED_NOW=$((MASQUED_NOW + 73 * 3600)) $M -C $D serve 2>$T/retry.err &
S=$!
trap 'kill $S 2>/dev/null; rm -rf "$T"' EXIT
i=0
while ! grep -q "waits until the mails of its last entries" $T/retry.err && [ $i -lt 100 ]; do
	sleep 0.1; i=$((i + 1))
done
grep -q "waits until the mails of its last entries" $T/retry.err || { cat $T/retry.err >&2; fail "retry: no catching up that failed"; }; ok
rmdir $D/spool/$G-00000002-0-turn.eml
i=0
while [ "$(ls $O | wc -l)" -lt 4 ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
kill $S
wait $S || { cat $T/retry.err >&2; fail "retry: the running serve failed"; }; ok
trap 'rm -rf "$T"' EXIT
n=$(grep -l "^X-Masqued-Mail: turn" $O/* 2>/dev/null | wc -l)
[ "$n" = 4 ] || { cat $T/retry.err >&2; fail "retry: $n turn mails of the default from the running serve, not 4"; }; ok
[ "$(cat $D/games/$G/mailed)" -eq 2 ] || fail "retry: the mark $(cat $D/games/$G/mailed) is not the default's entry 2"; ok
expect 0 "retry: verify" -- $M -C $D verify $G
done_checks
