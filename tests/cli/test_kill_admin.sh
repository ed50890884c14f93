#!/bin/sh
# test_kill_admin.sh - every admin action, and submit, killed at each of its
# writes (lib_kill.sh: strace kills it at its k-th pwrite64: the log's, the
# clock file's, the mark's), run again by the host when the kill came
# before its entry was logged, then served at once and past the deadlines:
# the log, the clock file and the mails are those of the run nobody killed
# (resume and default: test_admin_kill_points.sh).
#
# A defect this found: submit wrote the clock file after the mark, so a
# kill between the two left the old one, which no catching up rewrites (the
# mark is past the entry): after the host entered the move that ended the
# game, the clock file still waited for its reminder.
. tests/cli/lib.sh
. tests/cli/lib_kill.sh

R=$T/rm
kill_rm $R default
now=$((T0 + 6 * H)) later=$((T0 + 30 * H))
for a in pause "extend 30d" "replace carol carol2@x.test" "kick carol" \
    "rotate-token dave" end; do
	kill_sweep pwrite64 10 $R $now $later $RG -- admin $RG $a --why "a test"
done
# the host enters carol's card
kill_sweep pwrite64 10 $R $now $later $RG -- submit $RG carol \
    "$($MREL -C $R bot $RG carol)"

# the host enters the move that ends The Masquerade
S=$T/ms
kill_ms $S
kill_sweep pwrite64 10 $S $((T0 + H)) $((T0 + 30 * H)) $MG -- submit $MG $MP "$MC"
echo "$(basename "$0"): $KILL_POINTS kill points"
done_checks
