#!/bin/sh
# test_concurrent.sh - two masqued processes on one data folder: a second
# `serve` is refused in one sentence while the first works (a cron job's
# `serve --once` overlapping a slow pass), and two senders at once (the
# MTA's pipe runs `ingest` for each message, beside `serve`) never send a
# spooled mail twice; and an MTA that hands one message to several
# `ingest` at once (a retry after a timeout) gets it applied once, every
# one of them told it went well. The SMTP server is tests/data/smtp_sink.py, which
# takes a fifth of a second per message so that the processes overlap.
. tests/cli/lib.sh
smtp_sink $T/got 0.2
D=$T/data
expect 0 "init" -- $M -C $D init
printf 'outbound = smtp\nsmtp_url = smtp://127.0.0.1:%s\ntls = no\nfrom = masqued <game@example.org>\nreply_domain = example.org\n' "$(cat $T/sinkport)" >>$D/masqued.conf
got() { ls $T/got | wc -l; }
ids() { grep -h "^Message-ID:" $T/got/* | sort; }

# --- a second serve while the first sends: refused, one sentence ---
A=$(new_game $D) || fail "new"
$M -C $D serve --once 2>$T/first.err &
FIRST=$!
i=0
while [ "$(got)" = 0 ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
expect 4 "a second serve while the first works" -- $M -C $D serve --once
err_has "Another masqued serve (pid $FIRST) is already working on $D; this one stops."
one_line
wait $FIRST || { cat $T/first.err >&2; fail "the first serve failed"; }; ok
[ "$(got)" = 4 ] || fail "the welcome mails: $(got) sent, wanted 4"; ok
expect 0 "serve again once the first is done" -- $M -C $D serve --once

# --- two senders at once: each spooled mail goes once ---
rm -f $T/got/*
B=$(new_game $D) || fail "new"		# four welcome mails wait in the spool
untagged() {	# file from (a player, writing afresh: answered)
	printf 'From: %s\r\nTo: game@example.org\r\nSubject: hello\r\nMessage-ID: <%s@y.test>\r\n\r\nPLAN cw\r\n' \
	    "$2" "$2" >"$1"
}
untagged $T/s1.eml alice@x.test
untagged $T/s2.eml bob@x.test
$M -C $D ingest $T/s1.eml 2>$T/i1.err &
I1=$!
$M -C $D ingest $T/s2.eml 2>$T/i2.err &
I2=$!
$M -C $D serve --once 2>$T/serve.err &
S=$!
wait $I1 || { cat $T/i1.err >&2; fail "the first ingest failed"; }; ok
wait $I2 || { cat $T/i2.err >&2; fail "the second ingest failed"; }; ok
wait $S || { cat $T/serve.err >&2; fail "serve failed"; }; ok
[ "$(ls $D/spool | grep -c '\.eml$')" = 0 ] || fail "mail left in the spool: $(ls $D/spool)"; ok
[ "$(got)" = 6 ] || { ids >&2; fail "$(got) mails sent, wanted 6 (four welcomes, two answers)"; }; ok
[ "$(ids | uniq -d | wc -l)" = 0 ] || { ids | uniq -d >&2; fail "a mail went twice"; }; ok
[ "$(grep -l '^To: alice@x.test' $T/got/* | xargs grep -L '^Message-ID: <[^>]*welcome' | wc -l)" = 1 ] || fail "the first untagged mail's answer"; ok
[ "$(grep -l '^To: bob@x.test' $T/got/* | xargs grep -L '^Message-ID: <[^>]*welcome' | wc -l)" = 1 ] || fail "the second untagged mail's answer"; ok

# --- one reply handed to six ingests at once: applied once, all succeed ---
RT=$(grep -l "^Message-ID: <$B\.0\.1\.welcome" $T/got/* | head -1 | xargs grep -m1 "^Reply-To:" |
    sed 's/^Reply-To: //' | tr -d '\r')
[ -n "$RT" ] || fail "no Reply-To in alice's welcome"; ok
printf 'From: alice@x.test\r\nTo: %s\r\nSubject: Re: welcome\r\nMessage-ID: <r1@x.test>\r\n\r\nPLAN cw cw cw cw cw cw\r\n' \
    "$RT" >$T/r1.eml
rm -f $T/got/*
pids=
for k in 1 2 3 4 5 6; do
	$M -C $D ingest $T/r1.eml 2>$T/r$k.err &
	pids="$pids $!"
done
k=0
for p in $pids; do
	k=$((k + 1))
	wait $p || { cat $T/r$k.err >&2; fail "ingest $k of the same reply failed"; }; ok
done
[ "$($MREL -C $D log $B | grep -c 'alice: PLAN cw cw cw cw cw cw')" = 1 ] ||
    fail "the reply is not in the log exactly once"; ok
[ "$(grep -l "^Message-ID: <$B\.0\.2\.receipt" $T/got/* | wc -l)" = 1 ] ||
    { ids >&2; fail "alice was not sent exactly one receipt"; }; ok
[ "$(ids | uniq -d | wc -l)" = 0 ] || { ids | uniq -d >&2; fail "a mail went twice"; }; ok
[ -z "$(ls -A $D/archive | grep '\.tmp$')" ] || fail "a temporary file left in the archive"; ok
done_checks
