#!/bin/sh
# test_catchup_archive.sh - a reply's entry whose answers were not queued
# (a full disk: here a folder where its receipt goes) is rebuilt from the
# archived message when that message never comes back (an MTA that gave up
# on exit 75, a message the host skipped; a line in it refused, and one
# after it refused for that): the catching up reads
# DATA/archive/HASH.eml, sends the answers the first build made (same
# names, same bytes), and the game's later mail goes. Without the archived
# message it stops as before, and the message, should it come back after
# all, rebuilds them then; once rebuilt, it is only acknowledged.
. tests/cli/lib.sh
. tests/cli/lib_mail.sh

# setup NAME: a game whose welcome went, alice's move (ca) and bob's after
# it (cb) worked out in a scratch copy, their reply addresses (RA, RB)
setup() {
	D=$T/$1
	O=$D/mail/outbox/new
	IN=$D/mail/inbox/new
	expect 0 "$1: init" -- $M -C $D init
	G=$(new_game $D) || fail "$1: new"
	expect 0 "$1: serve --once: the welcome" -- $M -C $D serve --once
	ca=$($MREL -C $D bot $G alice)
	rm -rf $T/scratch
	cp -a $D $T/scratch
	$MREL -C $T/scratch submit $G alice "$ca" --no-mail >/dev/null
	cb=$($MREL -C $T/scratch bot $G bob)
	N=$(( $($MREL -C $D log $G | wc -l) + 1 ))
	RA=$(rt $G alice) && RB=$(rt $G bob) || fail "$1: no reply address"
	rm -f $O/*
}
# receipts TO: how many receipts went to TO
receipts() {
	grep -l "^To: $1@x.test" $O/* 2>/dev/null | xargs grep -l "^X-Masqued-Mail: receipt" | wc -l
}
# each mail once: no Message-ID twice in the outbox
once_each() {
	d=$(cat $O/* | sed -n 's/^Message-ID: //Ip' | sort | uniq -d)
	[ -z "$d" ] || fail "$1: mails sent twice: $d"; ok
}
sums() {	# the outbox's mails, one md5 each, sorted
	(cd $O && for f in *; do md5sum <$f; done) | sort
}

# --- alice's answers lost, then her message gone from the inbox ---
setup a
# a refused line in it, and a plan after it: the plan is refused too (it
# may have counted on the refused line), and the rebuild, reading the
# message again, must refuse it alike, or its entry would not match
ca="$ca\nPLACE nowhere\nPLAN cw stay ccw cw stay stay"
# the reference: the same two replies with room for every mail
cp -a $D $T/ref
O=$T/ref/mail/outbox/new IN=$T/ref/mail/inbox/new
send alice@x.test "$RA" m1 "$ca"
send bob@x.test "$RB" m2 "$cb"
expect 0 "a: the reference pass" -- $M -C $T/ref serve --once
sums >$T/ref.sums
[ "$(receipts alice)" = 1 ] && [ "$(receipts bob)" = 1 ] || fail "a: the reference lacks a receipt"; ok
O=$D/mail/outbox/new IN=$D/mail/inbox/new
n=0
send alice@x.test "$RA" m1 "$ca"
send bob@x.test "$RB" m2 "$cb"
mkdir $D/spool/$G-$(printf %08d $N)-0-receipt.eml
$M -C $D serve --once 2>$T/pass1
[ "$($MREL -C $D log $G | wc -l)" = "$N" ] || fail "a: not alice's entry alone in the log"; ok
[ -z "$(ls $O)" ] || fail "a: mail went while alice's answers were not queued: $(ls $O)"; ok
[ -e $IN/1.test ] || fail "a: alice's message left the inbox though it failed"; ok
# the MTA gave up: her message never comes back
mv $IN/1.test $T/m1.eml
rmdir $D/spool/$G-$(printf %08d $N)-0-receipt.eml
MASQUED_NOW=$((MASQUED_NOW + 600)) $M -C $D serve --once 2>$T/pass2 ||
    { cat $T/pass2 >&2; fail "a: the second pass"; }; ok
grep -q "game $G: entries $N-[0-9]*, a reply's, were logged but its answers not queued; rebuilt the answers from its archived message" $T/pass2 ||
    { cat $T/pass2 >&2; fail "a: alice's answers were not rebuilt from the archive"; }; ok
[ "$(receipts alice)" = 1 ] || fail "a: alice got $(receipts alice) receipts, not 1"; ok
[ "$(receipts bob)" = 1 ] || fail "a: bob got $(receipts bob) receipts, not 1"; ok
once_each a
# alice's answers as the first build made them (bob's went later: his
# entry's time differs from the reference's)
grep -L "^To: bob@x.test" $O/* | xargs grep -l "^X-Masqued-Mail: receipt" >$T/alice.receipt
[ "$(wc -l <$T/alice.receipt)" = 1 ] || fail "a: not one receipt to alice"
md5sum <$(cat $T/alice.receipt) | grep -qf - $T/ref.sums ||
    fail "a: alice's rebuilt receipt differs from the one the first build made"; ok
L=$($MREL -C $D log $G | wc -l)
[ "$L" -gt "$N" ] || fail "a: bob's move was not applied"; ok
[ "$(cat $D/games/$G/mailed)" -eq "$L" ] || fail "a: the mark $(cat $D/games/$G/mailed) is not the log's end $L"; ok
[ -z "$(ls $D/spool | grep -v '^dead$')" ] || fail "a: mail left in the spool: $(ls $D/spool)"; ok
[ -z "$(ls $IN)" ] || fail "a: mail left in the inbox: $(ls $IN)"; ok
# the same as the reference, but for bob's entry's time
[ "$(ls $O | wc -l)" = "$(wc -l <$T/ref.sums)" ] ||
    fail "a: $(ls $O | wc -l) mails, the reference sent $(wc -l <$T/ref.sums)"; ok
expect 0 "a: verify" -- $M -C $D verify $G
# her message comes back after all: acknowledged, nothing sent again
ls $O >$T/before
cp $T/m1.eml $IN/late.test
$M -C $D serve --once 2>$T/pass3 || { cat $T/pass3 >&2; fail "a: the third pass"; }; ok
grep -q "already applied (game $G); acknowledged" $T/pass3 ||
    { cat $T/pass3 >&2; fail "a: alice's message read again was not acknowledged"; }; ok
[ "$(ls $O | comm -13 $T/before -)" = "" ] || fail "a: mail sent again: $(ls $O | comm -13 $T/before -)"; ok
[ -z "$(ls $IN)" ] || fail "a: alice's late message left in the inbox"; ok

# --- the same, her message not in the archive: stops as before; it
# comes back after all: rebuilt then, once ---
setup b
printf 'admin = host@x.test\n' >> $D/masqued.conf
n=0
send alice@x.test "$RA" m1 "$ca"
mkdir $D/spool/$G-$(printf %08d $N)-0-receipt.eml
$M -C $D serve --once 2>$T/pass1
[ "$($MREL -C $D log $G | wc -l)" = "$N" ] || fail "b: not alice's entry in the log"; ok
mv $IN/1.test $T/m1.eml
rmdir $D/spool/$G-$(printf %08d $N)-0-receipt.eml
h=$($MREL -C $D log $G --json | tail -n 1 | sed 's/.*"hash": *"\([0-9a-f]*\)".*/\1/')
[ -e $D/archive/$h.eml ] || fail "b: no archived message $h"; ok
rm $D/archive/$h.eml
mark=$(cat $D/games/$G/mailed)
$M -C $D serve --once 2>$T/pass2 || { cat $T/pass2 >&2; fail "b: the second pass"; }; ok
grep -q "game $G: entry $N, a reply's, was logged but its answers were not queued, and its message is not in the archive" $T/pass2 ||
    { cat $T/pass2 >&2; fail "b: the stop is not said"; }; ok
host=$(grep -l "^To: host@x.test" $O/* 2>/dev/null)
[ "$(echo "$host" | grep -c .)" = 1 ] || fail "b: the host was not told once"; ok
grep -q "^Subject: \[masqued\] game $G: a move of alice was logged but not answered" $host ||
    fail "b: the host's mail does not say whose move"; ok
[ "$(ls $O | wc -l)" = 1 ] || fail "b: mail went without alice's answers: $(ls $O)"; ok
[ "$(cat $D/games/$G/mailed)" = "$mark" ] || fail "b: the mark moved"; ok
$M -C $D serve --once 2>/dev/null
[ "$(ls $O | wc -l)" = 1 ] || fail "b: the host was told again"; ok
cp $T/m1.eml $IN/late.test
$M -C $D serve --once 2>$T/pass3 || { cat $T/pass3 >&2; fail "b: the third pass"; }; ok
# (archived again as it is read, then rebuilt by the catching up, before
# its own reading finds it applied)
grep -q "rebuilt the answers" $T/pass3 ||
    { cat $T/pass3 >&2; fail "b: alice's answers were not rebuilt from her message"; }; ok
[ "$(receipts alice)" = 1 ] || fail "b: alice got $(receipts alice) receipts, not 1"; ok
once_each b
[ "$(cat $D/games/$G/mailed)" -eq "$N" ] || fail "b: the mark is not alice's entry"; ok
expect 0 "b: serve --once again" -- $M -C $D serve --once
[ "$(receipts alice)" = 1 ] || fail "b: alice got $(receipts alice) receipts after another pass"; ok
expect 0 "b: verify" -- $M -C $D verify $G
done_checks
