#!/bin/sh
# test_smtp_down.sh - an SMTP server that takes no mail (nothing listens):
# an outage, no mail's failure. Each pass tries one mail, and the others
# wait untried (each would only meet the same failure, a timeout each for a
# server that never answers); none counts a try, so an outage of ten hours
# makes no dead letter. The log says since when; DATADIR/cursor/smtp-down
# keeps that across passes. Once the server is back every mail goes, once,
# and the host is told of an outage of an hour or more (not of a shorter).
. tests/cli/lib.sh
D=$T/d
expect 0 "init" -- $M -C $D init
# a port nothing listens on: the sink's, once it is stopped
smtp_gone
port=$(cat $T/sinkport)
smtp_conf $D smtp://127.0.0.1:$port
new_game $D >/dev/null || fail "new"
[ "$(ls $D/spool | grep -c '\.eml$')" = 4 ] || fail "not four welcomes spooled"; ok
t0=$MASQUED_NOW
# the first mail (in the order of sending) tried once before, its next try
# an hour on: it waits too, and the count says all four
first=$(ls $D/spool | grep '\.eml$' | sort | head -n 1)
printf '1 %s\nno answer\n' $((t0 + 3600)) > $D/spool/${first%.eml}.retry
expect 0 "serve with the server down" -- $M -C $D serve --once
err_has "Cannot connect to the SMTP server 127.0.0.1"
err_has "the SMTP server has taken no mail since 2026-09-21 14:13 UTC: 4 mail(s) wait in the spool; this outage counts no try against them"
err_has "0 mail(s) sent, 4 waiting, 0 dead"
! grep -q 'not sent (try' $T/err || { cat $T/err; fail "a try counted while the server is down"; }; ok
[ "$(ls $D/spool | grep '\.retry$')" = "${first%.eml}.retry" ] || fail "a try counted for a mail: $(ls $D/spool)"; ok
[ "$(head -n 1 $D/spool/${first%.eml}.retry)" = "1 $((t0 + 3600))" ] || fail "the mail tried before changed its tries"; ok
[ "$(head -n 1 $D/cursor/smtp-down)" = $t0 ] || fail "the outage's start not recorded: $(cat $D/cursor/smtp-down)"; ok
# ten hours of passes, a quarter of an hour apart: still nothing dies, and
# the outage is still counted from its start
i=0
while [ $i -lt 40 ]; do
	i=$((i + 1))
	MASQUED_NOW=$((t0 + i * 900)) $M -C $D serve --once 2>$T/err ||
	    fail "serve, pass $i"
done
err_has "has taken no mail since 2026-09-21 14:13 UTC: 4 mail(s) wait"
[ ! -d $D/spool/dead ] || fail "a dead letter while the server was down: $(ls $D/spool/dead)"; ok
[ "$(ls $D/spool | grep '\.retry$')" = "${first%.eml}.retry" ] || fail "a try counted: $(ls $D/spool)"; ok
[ "$(head -n 1 $D/spool/${first%.eml}.retry)" = "1 $((t0 + 3600))" ] || fail "a try counted for the mail tried before"; ok
# the host's `games` says it below the games, and that nothing is lost
expect 0 "games during the outage" -- $M -C $D games
out_has "Mail out: the SMTP server has taken no mail since 2026-09-21 14:13 UTC (its answer: Cannot connect to the SMTP server 127.0.0.1"
out_has "); 4 mail(s) wait in $D/spool and go when it takes mail again; this outage counts no try against them."
out_has "Mail out: 1 mail(s) failed a try and wait for the next"
[ "$(grep -c '^Mail out' $T/out)" = 2 ] || { cat $T/out; fail "games says more of the mail than the outage and the retry"; }; ok
expect 0 "games --json during the outage" -- $M -C $D games --json
json_is 'j["mail_out"]["down"]["since"] == '$t0' and j["mail_out"]["down"]["answer"].startswith("Cannot connect to the SMTP server 127.0.0.1")' "games --json's mail_out"
json_is '(j["mail_out"]["queued"], j["mail_out"]["retrying"], j["mail_out"]["dead"]) == (4, 1, 0)' "games --json's mail_out"
json_is 'j["mail_in"] == {"down": None}' "games --json's mail_in"
# the server back: all four go, once each, and the host hears of the outage
smtp_sink $T/got
smtp_point $D smtp://127.0.0.1:$(cat $T/sinkport)
t1=$((t0 + 41 * 900))
MASQUED_NOW=$t1 expect 0 "serve with the server back" -- $M -C $D serve --once
err_has "spool: the SMTP server takes mail again, after taking none since 2026-09-21 14:13 UTC"
err_has "4 mail(s) sent, 0 waiting, 0 dead"
[ "$(ls $T/got | wc -l)" = 4 ] || fail "not four mails at the server: $(ls $T/got)"; ok
[ ! -e $D/cursor/smtp-down ] || fail "the outage still recorded"; ok
[ -f $D/spool/admin-smtp-back-$t0.eml ] || fail "the host's notice not spooled: $(ls $D/spool)"; ok
MASQUED_NOW=$((t1 + 60)) expect 0 "serve: the host's notice goes" -- $M -C $D serve --once
err_has "1 mail(s) sent, 0 waiting, 0 dead"
expect 0 "games once all is sent" -- $M -C $D games
! grep -q '^Mail out' $T/out || { cat $T/out; fail "games says something of mail that all went"; }; ok
n=$(grep -l '^Subject: \[masqued\] the SMTP server takes mail again' $T/got/* | wc -l)
[ "$n" = 1 ] || fail "the host's notice not at the server once: $n"; ok
f=$(grep -l '^Subject: \[masqued\] the SMTP server takes mail again' $T/got/*)
grep -q '^To: host@x.test' $f || fail "the notice not to the host"; ok
/usr/bin/python3 -c '
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(m.get_payload(decode=True).decode().replace("\n", " "))' $f > $T/notice
grep -q "took no mail from 2026-09-21 14:13 UTC until 2026-09-22 00:28 UTC" $T/notice ||
    { cat $T/notice; fail "the notice does not say when"; }; ok
grep -q "Its answer: Cannot connect to the SMTP server 127.0.0.1:$port" $T/notice ||
    fail "the notice does not give the server's answer"; ok
grep -q "none was lost" $T/notice || fail "the notice does not say none was lost"; ok
# a short outage (ten minutes): the log says it, the host gets no mail
kill $SINK_PID; wait $SINK_PID 2>/dev/null; SINK_PID=
t2=$((t1 + 3600))
$M -C $D admin $(ls $D/games) pause --why "a test" >/dev/null 2>&1 || fail "pause"
MASQUED_NOW=$t2 expect 0 "serve, the server gone again" -- $M -C $D serve --once
err_has "mail(s) wait in the spool; this outage counts no try against them"
smtp_sink $T/got2
smtp_point $D smtp://127.0.0.1:$(cat $T/sinkport)
MASQUED_NOW=$((t2 + 600)) expect 0 "serve, back after ten minutes" -- $M -C $D serve --once
err_has "the SMTP server takes mail again"
[ -z "$(ls $D/spool | grep '^admin-smtp-back')" ] || fail "the host told of a ten-minute outage"; ok
[ -z "$(ls $D/spool | grep -v '^dead$')" ] || fail "mail left in the spool: $(ls $D/spool)"; ok
done_checks
