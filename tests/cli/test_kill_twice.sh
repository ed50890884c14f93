#!/bin/sh
# test_kill_twice.sh - a kill, then the restart's catching up killed too
# (lib_kill.sh kill_twice: the first run killed at its k-th pwrite64, the
# serve after it at its j-th), then a clean serve: the log, the clock file
# and the mails are those of the run nobody killed. For a resume and for a
# deadline's two defaults.
#
# A defect this found: the catching up moved the mark past the entries it
# mailed and wrote the clock file only after: a resume killed before its
# clock file, then its catching up killed between the mark and the clock
# file, left the game "paused" in the clock file for good, its deadlines
# never due. The clock file is now written first (mailmark.c clock_caught).
. tests/cli/lib.sh
. tests/cli/lib_kill.sh

R=$T/rm
kill_rm $R default
P=$T/paused
cp -a $R $P
MASQUED_NOW=$((T0 + 6 * H)) expect 0 "pause" -- $M -C $P admin $RG pause --why "a break"
kill_twice pwrite64 pwrite64 10 $P $((T0 + 7 * H)) $((T0 + 30 * H)) $RG -- \
    admin $RG resume --why "back"

MASQUED_NOW=$((T0 + 18 * H)) expect 0 "the reminders" -- $M -C $R serve --once
kill_twice pwrite64 pwrite64 10 $R $((T0 + 24 * H)) 0 $RG -- serve --once
echo "$(basename "$0"): $KILL_POINTS kill points"
done_checks
