#!/bin/sh
# test_nudge_forget.sh - policy wait: DATA/cursor/told-nudge-GAME (the
# host's last word that GAME waits on them) and the marker of that word's
# reminder (told-nudge-GAME-WHEN) stayed for ever, after the game went on
# or was over. They go once the game waits on the host no more: after an
# extend, after every late player's move, after the game's end; and the
# host is not told again for it: no mail until the next deadline is
# missed, then one, as for any missed deadline.
. tests/cli/lib.sh
wait_game
host_mails() { grep -l "^To: host@x.test" $D/mail/outbox/new/* 2>/dev/null | wc -l; }
at() { h=$1; shift; MASQUED_NOW=$((T0 + h * H)) "$@"; }
serve_at() { at $1 $M -C $D serve --once 2>>$T/serve.err || fail "serve at $1 h"; }
nudges() { ls $D/cursor | grep -c "^told-nudge-$G" || true; }

# told at the deadline, reminded a day on: the file and the reminder's
# marker
serve_at 73
[ -f $D/cursor/told-nudge-$G ] || { ls $D/cursor; fail "no told-nudge file once the host is told"; }; ok
serve_at 97
[ "$(nudges)" = 2 ] || { ls $D/cursor; fail "not the file and one marker after the reminder: $(nudges)"; }; ok
[ "$(host_mails)" = 2 ] || fail "not two host mails (the word and the reminder): $(host_mails)"; ok

# the host extends: nothing waits on them, both go
at 98 expect 0 "extend" -- $M -C $D admin $G extend 3d --why "more time"
[ "$(nudges)" = 0 ] || { ls $D/cursor; fail "the told-nudge records stay after an extend: $(nudges)"; }; ok
# and the host hears nothing until the extended deadline passes
serve_at 110
serve_at 140
[ "$(host_mails)" = 2 ] || fail "the host was told again before the new deadline: $(host_mails)"; ok
# that one missed: told once, the file back
serve_at 146
[ "$(host_mails)" = 3 ] || fail "not one mail for the next missed deadline: $(host_mails)"; ok
[ -f $D/cursor/told-nudge-$G ] || { ls $D/cursor; fail "no told-nudge file for the next wait"; }; ok
serve_at 150
[ "$(host_mails)" = 3 ] || fail "the host was told twice of one deadline: $(host_mails)"; ok

# the host ends the game: the file goes, and no reminder comes
at 151 expect 0 "end" -- $M -C $D admin $G end --why "enough"
[ "$(nudges)" = 0 ] || { ls $D/cursor; fail "the told-nudge file stays after the end: $(nudges)"; }; ok
# (its "game over" mail aside)
waits() { grep -l "^Subject: \[masqued\] game $G \(waits for you\|has waited\)" $D/mail/outbox/new/* 2>/dev/null | wc -l; }
n=$(waits)
[ "$n" = 3 ] || fail "not three mails that the game waits: $n"; ok
serve_at 200
[ "$(waits)" = "$n" ] || fail "the host was told the game waits after the end: $n -> $(waits)"; ok

# every late player moves: the file goes
D=$T/data2
expect 0 "init 2" -- $M -C $D init
printf 'admin = host@x.test\n' >> $D/masqued.conf
G=$(new_game $D --option policy=wait) || fail "new 2"
place_all $D $G alice bob carol dave
expect 0 "2: the mails go out" -- $M -C $D serve --once
serve_at 73
[ -f $D/cursor/told-nudge-$G ] || { ls $D/cursor; fail "2: no told-nudge file"; }; ok
owes() { $MREL -C $D view $G admin --json | $PY -c 'import json, sys
print(" ".join(sorted(set(o["player"] for o in json.load(sys.stdin)["owes"]))))'; }
late=$(owes)
[ -n "$late" ] || fail "2: nobody owes a move"
for p in $late; do
	[ -f $D/cursor/told-nudge-$G ] || fail "2: the file went before $p moved"; ok
	at 74 $MREL -C $D submit $G $p "$(at 74 $MREL -C $D bot $G $p)" \
	    --never-mail >/dev/null || fail "2: $p's move"
done
[ "$(nudges)" = 0 ] || { ls $D/cursor; fail "2: the told-nudge file stays after the moves: $(nudges)"; }; ok
done_checks
