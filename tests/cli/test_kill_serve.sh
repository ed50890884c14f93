#!/bin/sh
# test_kill_serve.sh - serve's passes killed at exact points (lib_kill.sh:
# strace kills serve at its k-th call of a syscall), restarted at the same
# time: the log, the clock file and the mails are those of the pass nobody
# killed. The passes: two replies that resolve a phase (and reveal it), a
# reply that ends the game, a reminder, the deadline that defaults two
# seats, one whose default ends the game, and a policy wait's (the host told).
#
# Two defects these found: a deadline pass killed between its two defaults
# left the first mailed alone at the restart (a turn mail asking dave for a
# move whose deadline had gone, then a second update that no longer said
# carol had missed it): the restart finishes the pass first (mailmark.c
# pass_late). And a reply's clock file was written after the mark: a kill
# between the two left the old one, which no catching up rewrites; after a
# reply that ended the game, or resolved a phase while a seat had an
# extended deadline, its next time was the old one.
. tests/cli/lib.sh
. tests/cli/lib_kill.sh

R=$T/rm
kill_rm $R default

# last_is DIR GAME TYPE TIME: served at TIME (the release binary, on a
# copy), the game's last entry is of TYPE: the pass swept does what it says
last_is() {
	rm -rf $T/check; cp -a $1 $T/check
	MASQUED_NOW=$4 $MREL -C $T/check serve --once 2>/dev/null
	[ "$($MREL -C $T/check log $2 | tail -n 1 | awk '{ print $4 }')" = $3 ] ||
	    fail "served at $4, the last entry of $2 is not $3"; ok
}

# carol's and dave's replies: the phase resolves, its cards revealed
P=$T/play
cp -a $R $P
for p in carol dave; do kill_mail $P $p "$($MREL -C $P bot $RG $p)"; done
last_is $P $RG reveal $((T0 + 6 * H))
kill_sweep pwrite64,rename 30 $P $((T0 + 6 * H)) 0 $RG -- serve --once
rm -rf $P

# the reminder pass, then the deadline's two defaults
kill_sweep linkat 30 $R $((T0 + 18 * H)) 0 $RG -- serve --once
MASQUED_NOW=$((T0 + 18 * H)) expect 0 "the reminders" -- $M -C $R serve --once
last_is $R $RG reveal $((T0 + 24 * H))
kill_sweep pwrite64,linkat 30 $R $((T0 + 24 * H)) 0 $RG -- serve --once

# policy wait: the host is told, nothing is applied
W=$T/wait
kill_rm $W wait
MASQUED_NOW=$((T0 + 18 * H)) expect 0 "the reminders (wait)" -- $M -C $W serve --once
kill_sweep linkat 30 $W $((T0 + 24 * H)) 0 $RG -- serve --once

# The Masquerade's last move, by mail; then by the deadline's default
S=$T/ms
kill_ms $S
cp -a $S $T/last
kill_mail $T/last $MP "$MC"
last_is $T/last $MG end $T0
kill_sweep pwrite64,renameat2 30 $T/last $T0 0 $MG -- serve --once
MASQUED_NOW=$((T0 + 12 * H)) expect 0 "the reminder" -- $M -C $S serve --once
last_is $S $MG end $((T0 + 24 * H))
kill_sweep pwrite64 30 $S $((T0 + 24 * H)) 0 $MG -- serve --once
echo "$(basename "$0"): $KILL_POINTS kill points"
done_checks
