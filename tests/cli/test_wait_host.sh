#!/bin/sh
# test_wait_host.sh - policy wait: when several players miss one deadline
# the host gets one mail naming them all (it got one mail a player), and
# while the game waits on the host, the host is reminded once a day how
# long it has waited (it heard nothing more, and the game stalled for ever
# unseen). The time of the last word is kept across passes and restarts.
# How often is masqued.conf's host_reminder, or the game's own
# (--option host_reminder=2h), a day unless set: it was a day, whatever
# the game's pace; a bad one is refused at start, the key named.
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
grep -q "comes again every 1d\." $T/host.txt ||
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
grep -q "comes again every 1d\." $T/nudge.txt ||
    { cat $T/nudge.txt; fail "the reminder does not say when the next comes"; }; ok
# what its extend line gives, as the missed-deadline mail says it
tr '\n' ' ' <$T/nudge.txt | grep -q "the one below gives each at least the game's deadline, 3d, from now" ||
    { cat $T/nudge.txt; fail "the reminder does not say what its extend gives"; }; ok
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

# host_reminder = 6h (a fast game's host): reminded 6 h after the last
# word, not before, and again 6 h on; the mails say so
D=$T/data6
expect 0 "init" -- $M -C $D init
printf 'admin = host@x.test\nhost_reminder = 6h\n' >> $D/masqued.conf
G=$(new_game $D --option policy=wait) || fail "new"
place_all $D $G alice bob carol dave
expect 0 "the mails go out" -- $M -C $D serve --once
at 73
[ "$(host_mails)" = 1 ] || fail "host_reminder 6h: not one host mail at the deadline: $(host_mails)"; ok
f=$(grep -l "^To: host@x.test" $D/mail/outbox/new/*)
mail_body "$f" > $T/host6.txt
grep -q "comes again every 6h\." $T/host6.txt ||
    { cat $T/host6.txt; fail "host_reminder 6h: the host's mail does not say every 6h"; }; ok
[ "$(head -n 1 $D/games/$G/clock)" = $((T0 + 79 * H)) ] ||
    fail "host_reminder 6h: the clock file is not due 6 h after the word: $(head -n 1 $D/games/$G/clock)"; ok
at 78
[ "$(nudge)" = 0 ] || fail "host_reminder 6h: reminded before 6 h: $(nudge)"; ok
at 79
[ "$(nudge)" = 1 ] || fail "host_reminder 6h: no reminder 6 h after the word: $(nudge)"; ok
f=$(grep -l "^Message-ID: <host\.nudge-$G-" $D/mail/outbox/new/*)
grep -q "^Subject: \[masqued\] game $G has waited for you for 7h" "$f" ||
    { grep "^Subject" "$f"; fail "host_reminder 6h: the subject does not say 7h"; }; ok
mail_body "$f" > $T/nudge6.txt
grep -q "comes again every 6h\." $T/nudge6.txt ||
    { cat $T/nudge6.txt; fail "host_reminder 6h: the reminder does not say every 6h"; }; ok
at 84
[ "$(nudge)" = 1 ] || fail "host_reminder 6h: reminded twice within 6 h: $(nudge)"; ok
at 85
[ "$(nudge)" = 2 ] || fail "host_reminder 6h: no second reminder 6 h on: $(nudge)"; ok

# host_reminder shortened while a game waits (due a day on): a
# long-running serve's next start makes it due at the new time
D=$T/datach
expect 0 "init" -- $M -C $D init
printf 'admin = host@x.test\n' >> $D/masqued.conf
G=$(new_game $D --option policy=wait) || fail "new"
place_all $D $G alice bob carol dave
expect 0 "the mails go out" -- $M -C $D serve --once
at 73
printf 'host_reminder = 6h\n' >> $D/masqued.conf
: >$T/start.err
MASQUED_NOW=$((T0 + 78 * H)) $M -C $D serve 2>$T/start.err &
spid=$!
k=0
until grep -q "every log verifies" $T/start.err; do
	k=$((k + 1))
	[ $k -le 300 ] || { kill $spid; cat $T/start.err >&2; fail "serve did not start"; }
	sleep 0.1
done
kill -TERM $spid; wait $spid || fail "serve stopped by SIGTERM: exit $?"; ok
[ "$(nudge)" = 0 ] || fail "a shortened host_reminder: reminded before 6 h: $(nudge)"; ok
[ "$(head -n 1 $D/games/$G/clock)" = $((T0 + 79 * H)) ] ||
    fail "a shortened host_reminder: not due at the new time: $(head -n 1 $D/games/$G/clock)"; ok
at 79
[ "$(nudge)" = 1 ] || fail "a shortened host_reminder: no reminder at the new time: $(nudge)"; ok

# the same under serve --once from cron, which opens only the games that
# are due: the next pass after the change, 7 h after the last word,
# reminds the host (it came only at the day the old value made due);
# the value is kept, so that the next pass opens no game for it
D=$T/dataonce
expect 0 "init" -- $M -C $D init
printf 'admin = host@x.test\n' >> $D/masqued.conf
G=$(new_game $D --option policy=wait) || fail "new"
place_all $D $G alice bob carol dave
expect 0 "the mails go out" -- $M -C $D serve --once
at 73
[ "$(head -n 1 $D/games/$G/clock)" = $((T0 + 97 * H)) ] ||
    fail "not due a day after the host was told: $(head -n 1 $D/games/$G/clock)"; ok
printf 'host_reminder = 6h\n' >> $D/masqued.conf
at 80
[ "$(nudge)" = 1 ] || { cat $T/serve.err; fail "a shortened host_reminder: serve --once did not remind at last word + 6 h: $(nudge)"; }; ok
[ "$(cat $D/cursor/host-reminder)" = 21600 ] ||
    fail "the new host_reminder is not kept: $(cat $D/cursor/host-reminder)"; ok
[ "$(head -n 1 $D/games/$G/clock)" = $((T0 + 86 * H)) ] ||
    fail "a shortened host_reminder: not due 6 h after the reminder: $(head -n 1 $D/games/$G/clock)"; ok

# the game's own, over masqued.conf's: --option host_reminder=2h
D=$T/data2
expect 0 "init" -- $M -C $D init
printf 'admin = host@x.test\nhost_reminder = 6h\n' >> $D/masqued.conf
expect 1 "a host_reminder option without its unit" -- new_game $D --option host_reminder=2
err_has "The option host_reminder takes a duration from 1s to 366d, its unit written (s, m, h or d), such as 24h."
G=$(new_game $D --option policy=wait --option host_reminder=2h) || fail "new"
place_all $D $G alice bob carol dave
expect 0 "the mails go out" -- $M -C $D serve --once
at 73
at 74
[ "$(nudge)" = 0 ] || fail "host_reminder=2h: reminded before 2 h: $(nudge)"; ok
at 75
[ "$(nudge)" = 1 ] || fail "host_reminder=2h: no reminder 2 h after the word: $(nudge)"; ok

# a bad host_reminder is refused at start, the key named
for v in 6 400d soon; do
	printf 'host_reminder = %s\n' "$v" > $T/bad.conf
	expect 1 "host_reminder = $v" -- $M -C $D -c $T/bad.conf serve --once
	err_has "bad.conf line 1: host_reminder takes a duration from 1s to 366d, its unit written (s, m, h or d), such as 24h, not \"$v\"."
	one_line
done
done_checks
