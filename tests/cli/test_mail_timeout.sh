#!/bin/sh
# test_mail_timeout.sh - mail_timeout (masqued.conf): an IMAP or SMTP
# server that takes the connection and never answers is given up on after
# that many seconds, as an outage: said in the log and by `games`, nothing
# lost, and the pass ends (the default is 60 s; a slow provider's host
# raises it). sendmail's own: test_sendmail_out.sh.
. tests/cli/lib.sh
D=$T/d
expect 0 "init" -- $M -C $D init
smtp_sink SINK_SILENT=1 $T/silent
P=$(cat $T/sinkport)

# IMAP in from the silent server: the pass gives up, the mailbox unread
imap_conf $D $P
printf 'mail_timeout = 1s\n' >> $D/masqued.conf
expect 0 "serve --once, the IMAP server silent" -- $M -C $D serve --once
err_has "inbound: The IMAP server 127.0.0.1:$P did not answer within 1 second while"
err_has "the mailbox is unread since 2026-09-21 14:13 UTC, and the deadlines wait; trying again next pass"
expect 0 "games, the IMAP server silent" -- $M -C $D games --json
json_is 'j["mail_in"]["down"]["answer"].startswith("The IMAP server 127.0.0.1:'$P' did not answer within 1 second")' "games --json's mail_in"

# SMTP out to the silent server: the welcomes wait, untried
printf 'mail_timeout = 1s\n' > $D/masqued.conf
smtp_conf $D smtp://127.0.0.1:$P
G=$(new_game $D) || fail "new"; ok
n=$(ls $D/spool | grep -c '\.eml$')
[ "$n" = 4 ] || fail "not the four welcomes spooled: $(ls $D/spool)"; ok
expect 0 "serve --once, the SMTP server silent" -- $M -C $D serve --once
err_has "The SMTP server 127.0.0.1:$P did not answer within 1 second"
err_has "the SMTP server has taken no mail since 2026-09-21 14:13 UTC: 4 mail(s) wait in the spool"
[ "$(ls $D/spool | grep -c '\.eml$')" = 4 ] || fail "the welcomes did not all wait: $(ls $D/spool)"; ok
ls $D/spool | grep -q '\.retry$' && fail "the silence counted a try: $(ls $D/spool)"; ok
expect 0 "games --json, the SMTP server silent" -- $M -C $D games --json
json_is 'j["mail_out"]["queued"] == 4 and j["mail_out"]["down"]["answer"].startswith("The SMTP server 127.0.0.1:'$P' did not answer within 1 second")' "games --json's mail_out"

# a server that answers: each welcome goes once
kill $SINK_PID; wait $SINK_PID 2>/dev/null
smtp_sink $T/got
smtp_point $D smtp://127.0.0.1:$(cat $T/sinkport)
MASQUED_NOW=$((MASQUED_NOW + 60)) expect 0 "serve --once, the SMTP server back" -- $M -C $D serve --once
err_has "4 mail(s) sent, 0 waiting, 0 dead"
[ "$(ls $T/got | wc -l)" = 4 ] || fail "not four mails taken: $(ls $T/got)"; ok
kill $SINK_PID; wait $SINK_PID 2>/dev/null
expect 0 "verify" -- $M -C $D verify $G
done_checks
