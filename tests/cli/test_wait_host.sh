#!/bin/sh
# test_wait_host.sh - policy wait: when several players miss one deadline
# the host gets one mail naming them all (it got one mail a player), and
# while the game waits on the host, the host is reminded once a day how
# long it has waited (it heard nothing more, and the game stalled for ever
# unseen). The time of the last word is kept across passes and restarts.
. tests/cli/lib.sh
wait_game
owers=$($MREL -C $D view $G admin --json | $PY -c '
import json, sys
print(len(json.load(sys.stdin)["owes"]))')
[ "$owers" -ge 2 ] || fail "fewer than two players owe a move: $owers"; ok
host_mails() { grep -l "^To: host@x.test" $D/mail/outbox/new/* 2>/dev/null | wc -l; }
at() { MASQUED_NOW=$((T0 + $1 * H)) $M -C $D serve --once 2>>$T/serve.err; }

at 73
[ "$(host_mails)" = 1 ] || fail "not one host mail for one deadline missed by $owers players: $(host_mails)"; ok
f=$(grep -l "^To: host@x.test" $D/mail/outbox/new/*)
mail_body "$f" > $T/host.txt
for p in $($MREL -C $D view $G admin --json | $PY -c '
import json, sys
print(" ".join(o["player"] for o in json.load(sys.stdin)["owes"]))'); do
	grep -q "admin $G default $p " $T/host.txt ||
	    { cat $T/host.txt; fail "the host's mail has no default line for $p"; }; ok
done
grep -q "comes again once a day" $T/host.txt ||
    { cat $T/host.txt; fail "the host's mail does not say it is reminded daily"; }; ok
# the game is due again a day after the word, not never
[ "$(head -n 1 $D/games/$G/clock)" = $((T0 + 73 * H + 24 * H)) ] ||
    fail "the clock file is not due a day after the host was told: $(head -n 1 $D/games/$G/clock)"; ok
at 80
[ "$(host_mails)" = 1 ] || fail "the host was told again within the day"; ok
at 97
nudge() { grep -l "^Message-ID: <host\.nudge-$G-" $D/mail/outbox/new/* 2>/dev/null | wc -l; }
[ "$(nudge)" = 1 ] || fail "no reminder to the host a day after: $(nudge)"; ok
f=$(grep -l "^Message-ID: <host\.nudge-$G-" $D/mail/outbox/new/*)
grep -q "^Subject: \[masqued\] game $G has waited for you for 1d1h" "$f" ||
    { grep "^Subject" "$f"; fail "the reminder's subject does not say how long the game has waited"; }; ok
mail_body "$f" > $T/nudge.txt
grep -q "has waited for your decision" $T/nudge.txt && grep -q "admin $G extend " $T/nudge.txt ||
    { cat $T/nudge.txt; fail "the reminder does not say it waits, or how to act"; }; ok
# not again the same day, whatever the passes (each a restart)
at 98
at 120
[ "$(nudge)" = 1 ] || fail "the host was reminded twice in a day: $(nudge)"; ok
at 121
[ "$(nudge)" = 2 ] || fail "no reminder on the second day: $(nudge)"; ok
# one marker at a time among the daemon's records
[ "$(ls $D/cursor | grep -c "^told-nudge-$G-")" = 1 ] || { ls $D/cursor; fail "the reminders' markers pile up"; }; ok
[ "$($MREL -C $D log $G | wc -l)" = "$($MREL -C $D log $G | grep -vc timeout)" ] ||
    fail "policy wait applied a default"; ok
# the host acts: no reminder after
MASQUED_NOW=$((T0 + 122 * H)) expect 0 "extend" -- $M -C $D admin $G extend 3d --why "more time"
at 140
[ "$(nudge)" = 2 ] || fail "the host was reminded after an extend: $(nudge)"; ok
done_checks
