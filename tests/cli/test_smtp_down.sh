#!/bin/sh
# test_smtp_down.sh - an SMTP server that cannot be reached: the spool
# tries one mail, counts its try, and leaves the others untried for the
# next pass (each would only wait for the same failure, a timeout each for
# a server that never answers, and count a try: every queued mail a dead
# letter after an hour's outage). Once the server is back every mail goes,
# once.
. tests/cli/lib.sh
D=$T/d
expect 0 "init" -- $M -C $D init
# a port nothing listens on: the sink's, once it is stopped
smtp_sink $T/gone
port=$(cat $T/sinkport)
kill $SINK_PID; wait $SINK_PID 2>/dev/null; SINK_PID=
printf 'admin = host@x.test\noutbound = smtp\nsmtp_url = smtp://127.0.0.1:%s\ntls = no\nfrom = masqued <game@example.org>\nreply_domain = example.org\n' \
    "$port" >> $D/masqued.conf
new_game $D >/dev/null || fail "new"
[ "$(ls $D/spool | grep -c '\.eml$')" = 4 ] || fail "not four welcomes spooled"; ok
expect 0 "serve with the server down" -- $M -C $D serve --once
[ "$(grep -c 'not sent (try 1)' $T/err)" = 1 ] || { cat $T/err; fail "not one mail tried while the server is down"; }; ok
err_has "spool: the SMTP server took no mail; 3 other mail(s) wait for the next pass"
err_has "0 mail(s) sent, 4 waiting, 0 dead"
[ "$(ls $D/spool | grep -c '\.retry$')" = 1 ] || fail "a try counted for a mail never tried: $(ls $D/spool)"; ok
# the next pass, the first one waiting for its back-off: the next tried
MASQUED_NOW=$((MASQUED_NOW + 1)) expect 0 "serve again, the server still down" -- $M -C $D serve --once
[ "$(grep -c 'not sent (try 1)' $T/err)" = 1 ] || { cat $T/err; fail "not one mail tried on the second pass"; }; ok
[ "$(ls $D/spool | grep -c '\.retry$')" = 2 ] || fail "not two tries counted: $(ls $D/spool)"; ok
[ ! -d $D/spool/dead ] || fail "a dead letter while the server was down: $(ls $D/spool/dead)"; ok
# the server back: all four go, once each
smtp_sink $T/got
sed -i "s#^smtp_url = .*#smtp_url = smtp://127.0.0.1:$(cat $T/sinkport)#" $D/masqued.conf
MASQUED_NOW=$((MASQUED_NOW + 3600)) expect 0 "serve with the server back" -- $M -C $D serve --once
err_has "4 mail(s) sent, 0 waiting, 0 dead"
[ "$(ls $T/got | wc -l)" = 4 ] || fail "not four mails at the server: $(ls $T/got)"; ok
[ -z "$(ls $D/spool | grep -v '^dead$')" ] || fail "mail left in the spool: $(ls $D/spool)"; ok
done_checks
