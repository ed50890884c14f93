#!/bin/sh
# test_smtp_greet.sh - an SMTP server that answers every connection with a
# refusal (421: in maintenance, overloaded) takes no mail at all, as one
# that does not answer: an outage, no mail's failure. No try is counted,
# one mail is tried a pass, and hours of it make no dead letter; once the
# server greets again every mail goes. Nor is a session that the server
# cuts after its greeting, before any command of a mail, a mail's failure.
. tests/cli/lib.sh
D=$T/d
expect 0 "init" -- $M -C $D init
smtp_sink SINK_GREET="421 4.3.2 sink in maintenance, try later" $T/none
smtp_conf $D smtp://127.0.0.1:$(cat $T/sinkport)
new_game $D >/dev/null || fail "new"
[ "$(ls $D/spool | grep -c '\.eml$')" = 4 ] || fail "not four welcomes spooled"; ok
t0=$MASQUED_NOW
expect 0 "serve, the server refusing every session" -- $M -C $D serve --once
err_has "421 4.3.2 sink in maintenance"
err_has "the SMTP server has taken no mail since 2026-09-21 14:13 UTC: 4 mail(s) wait in the spool; this outage counts no try against them"
err_has "0 mail(s) sent, 4 waiting, 0 dead"
! grep -q 'not sent (try' $T/err || { cat $T/err; fail "a try counted while the server refuses all"; }; ok
[ -z "$(ls $D/spool | grep '\.retry$')" ] || fail "a try counted for a mail: $(ls $D/spool)"; ok
# three hours of passes, ten minutes apart: past the eight tries' back-off,
# still nothing dies
i=0
while [ $i -lt 18 ]; do
	i=$((i + 1))
	MASQUED_NOW=$((t0 + i * 600)) $M -C $D serve --once 2>$T/err ||
	    fail "serve, pass $i"
done
err_has "has taken no mail since 2026-09-21 14:13 UTC: 4 mail(s) wait"
[ ! -d $D/spool/dead ] || fail "a dead letter while the server refused all: $(ls $D/spool/dead)"; ok
# the server greets again: all four go
kill $SINK_PID; wait $SINK_PID 2>/dev/null; SINK_PID=
smtp_sink $T/got
smtp_point $D smtp://127.0.0.1:$(cat $T/sinkport)
MASQUED_NOW=$((t0 + 19 * 600)) expect 0 "serve, the server back" -- $M -C $D serve --once
err_has "the SMTP server takes mail again, after taking none since 2026-09-21 14:13 UTC"
err_has "4 mail(s) sent, 0 waiting, 0 dead"
[ "$(ls $T/got | wc -l)" = 4 ] || fail "not four mails at the server: $(ls $T/got)"; ok
# a server that greets and then drops the session, before any command of
# a mail went (it stops, or cannot take the connection): no mail's
# failure either
kill $SINK_PID; wait $SINK_PID 2>/dev/null; SINK_PID=
smtp_sink SINK_GREET="220 sink ESMTP" $T/none2
smtp_point $D smtp://127.0.0.1:$(cat $T/sinkport)
$M -C $D admin $(ls $D/games) pause --why "a test" >/dev/null 2>&1 || fail "pause"
MASQUED_NOW=$((t0 + 20 * 600)) expect 0 "serve, the session cut after the greeting" -- $M -C $D serve --once
err_has "mail(s) wait in the spool; this outage counts no try against them"
! grep -q 'not sent (try' $T/err || { cat $T/err; fail "a try counted for a session cut before any mail"; }; ok
[ -z "$(ls $D/spool | grep '\.retry$')" ] || fail "a try counted for a mail: $(ls $D/spool)"; ok
done_checks
