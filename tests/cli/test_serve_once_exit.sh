#!/bin/sh
# test_serve_once_exit.sh - `serve --once`, a cron job's pass, exits 4 when
# something it read or was to send failed and is left for the next pass (a
# reply that could not be processed stays in the inbox, a spool mail that
# cannot be read), with one sentence on stderr saying what and that the
# next pass tries again; it exited 0, and a cron script could not tell.
# A pass whose move was refused to its player (answered) is a success: 0.
. tests/cli/lib.sh
. tests/cli/lib_game.sh

RA=$(rt $G alice) || fail "no reply address"
# a move refused to alice: answered, a success
send alice@x.test "$RA" m1 "PLACE nowhere"
expect 0 "a pass that refuses a move" -- $M -C $D serve --once
err_has "1 answered"
grep -q "left work for the next" $T/err && fail "a refused move said as left for the next"; ok
[ -z "$(ls $IN)" ] || fail "the refused reply left in the inbox"; ok

# alice's move, whose receipt cannot be queued (a folder where it goes):
# the reply fails, stays in the inbox, and the pass says so
c=$($MREL -C $D bot $G alice) || fail "bot alice"
N=$(( $($MREL -C $D log $G | wc -l) + 1 ))
send alice@x.test "$RA" m2 "$c"
mkdir $D/spool/$G-$(printf %08d $N)-0-receipt.eml
expect 4 "a pass whose reply could not be processed" -- $M -C $D serve --once
err_has "masqued: This pass left work for the next: 1 message(s) could not be processed and stay in the inbox"
err_has "(the lines above say why); the next pass tries again."
[ "$(grep -c '^masqued: ' $T/err)" = 1 ] || fail "not one sentence for the pass"; ok
[ -n "$(ls $IN)" ] || fail "the failed reply left the inbox"; ok
# mended: the next pass takes it, and exits 0
rmdir $D/spool/$G-$(printf %08d $N)-0-receipt.eml
MASQUED_NOW=$((MASQUED_NOW + 60)) expect 0 "the pass after the mend" -- $M -C $D serve --once
grep -q "left work for the next" $T/err && fail "a pass that did all said it left work"; ok
[ -z "$(ls $IN)" ] || fail "the reply still in the inbox"; ok

# a spool mail that cannot be read (here a folder) waits: exit 4
mkdir $D/spool/zz-odd.eml
MASQUED_NOW=$((MASQUED_NOW + 120)) expect 4 "a pass with a spool mail that cannot be read" -- $M -C $D serve --once
err_has "masqued: This pass left work for the next: 1 mail(s) in the spool could not be read"
rmdir $D/spool/zz-odd.eml
MASQUED_NOW=$((MASQUED_NOW + 180)) expect 0 "the pass after" -- $M -C $D serve --once

# a mail whose sending failed (the server put it off: 450) waits for its
# retry: exit 4; an outage (test_smtp_down.sh) stays 0
S=$T/smtp
expect 0 "init (smtp)" -- $M -C $S init
smtp_sink SINK_DEFER=bob@ $T/sunk
smtp_conf $S smtp://127.0.0.1:$(cat $T/sinkport)
new_game $S >/dev/null || fail "new (smtp)"
expect 4 "a pass whose mail to bob was put off" -- $M -C $S serve --once
err_has "mail(s) sent, 1 waiting"
err_has "masqued: This pass left work for the next: 1 mail(s) could not be sent (the lines above say why); the next pass tries again."
done_checks
