#!/bin/sh
# test_smtp_down_record.sh - DATADIR/cursor/smtp-down, the record of an SMTP
# outage (outage.h), damaged: the server taking mail again removes it,
# once, as it removes a sound one; it is not left to be said damaged at
# every pass after.
. tests/cli/lib.sh
D=$T/d
expect 0 "init" -- $M -C $D init
smtp_sink $T/got
smtp_conf $D smtp://127.0.0.1:$(cat $T/sinkport)
new_game $D >/dev/null || fail "new"
printf 'not a time\nwhy\n' > $D/cursor/smtp-down
# the host's `games` says so, and only looks: the record stays
expect 0 "games, the record damaged" -- $M -C $D games
out_has "Mail out: $D/cursor/smtp-down, the record of an SMTP outage, is damaged; the next serve pass that sends mail removes it."
[ "$(cat $D/cursor/smtp-down)" = "not a time
why" ] || fail "games changed the record"; ok
expect 0 "games --json, the record damaged" -- $M -C $D games --json
json_is 'j["mail_out"]["down"] == {"damaged": True}' "games --json's mail_out"
expect 0 "serve, the record damaged" -- $M -C $D serve --once
err_has "4 mail(s) sent, 0 waiting, 0 dead"
err_has "smtp-down is damaged"
[ ! -e $D/cursor/smtp-down ] || fail "the damaged record left: $(cat $D/cursor/smtp-down)"; ok
[ -z "$(ls $D/spool | grep '^admin-smtp-back')" ] || fail "the host told of an outage of unknown start"; ok
# the next pass that sends: not a word of it
$M -C $D admin $(ls $D/games) pause --why "a test" >/dev/null 2>&1 || fail "pause"
MASQUED_NOW=$((MASQUED_NOW + 60)) expect 0 "serve, a mail more" -- $M -C $D serve --once
! grep -q "smtp-down" $T/err || { cat $T/err; fail "the damaged record said again"; }; ok
# a start no calendar holds (a record damaged into digits): damaged too,
# never a crash formatting it
printf '99999999999999999\nwhy\n' > $D/cursor/smtp-down
$M -C $D admin $(ls $D/games) resume --why "a test" >/dev/null 2>&1 || fail "resume"
MASQUED_NOW=$((MASQUED_NOW + 120)) expect 0 "serve, the start out of range" -- $M -C $D serve --once
err_has "smtp-down is damaged"
[ ! -e $D/cursor/smtp-down ] || fail "the far record left: $(cat $D/cursor/smtp-down)"; ok
# an outage recorded, then mail moved to an outbox Maildir: `games` no
# longer speaks of the SMTP server, and the next pass forgets the record
# (it would have no end to tell)
printf '%s\nCannot connect\n' $MASQUED_NOW > $D/cursor/smtp-down
sed -i 's/^outbound = smtp$/outbound = maildir/' $D/masqued.conf
expect 0 "games, mail through a Maildir" -- $M -C $D games
! grep -q "SMTP" $T/out || { cat $T/out; fail "games speaks of the SMTP server, mail going to a Maildir"; }; ok
MASQUED_NOW=$((MASQUED_NOW + 180)) expect 0 "serve, mail through a Maildir" -- $M -C $D serve --once
err_has "spool: the SMTP outage recorded in $D/cursor/smtp-down is forgotten: mail goes to the outbox Maildir now"
[ ! -e $D/cursor/smtp-down ] || fail "the record left"; ok
[ -z "$(ls $D/spool | grep '^admin-smtp-back')" ] || fail "the host told of an outage that had no end"; ok
done_checks
