#!/bin/sh
# test_full_disk_points.sh - a disk that fills at exact points: every call
# of one syscall from the k-th on fails with ENOSPC (lib_kill.sh's sweep,
# KILL_FAULT), for each k, while serve plays two replies that resolve a
# phase, a deadline's defaults, the last move of a Masquerade; while admin
# and submit log an entry; while ingest takes a reply from a pipe. The
# command meets the error and ends as it does (a clear line; exit 4 or
# 75), then the disk has room again: the host runs the command again if
# it logged nothing, serve runs at once and an hour later (past a failed
# mail's back-off), and the log, the clock file and the mails are those of
# the run whose disk never filled, each mail once but for at most one (and
# but for the host's notice that a game waited for room, which only the
# run whose disk filled has).
# test_kill_*.sh do the same with kills.
#
# make test tries every third point (k = 1, 4, 7, ...: some 150; every
# other one, some 220, took 204 s of make test's lanes on a slow day, when
# make test took 19.9 of its 20 minutes); MQ_SWEEP=full tries every one
# (some 430).
. tests/cli/lib.sh
. tests/cli/lib_kill.sh

KILL_FAULT=error=ENOSPC KILL_STEP=3 least=100
[ "${MQ_SWEEP:-}" = full ] && KILL_STEP=1 least=300
SCS=openat,fsync,rename,renameat2,link,linkat,pwrite64,write,writev,mkdir
R=$T/rm
kill_rm $R default

# two replies: the phase resolves, its cards revealed
P=$T/play
cp -a $R $P
for p in carol dave; do kill_mail $P $p "$($MREL -C $P bot $RG $p)"; done
kill_sweep $SCS 30 $P $((T0 + 6 * H)) $((T0 + 7 * H)) $RG -- serve --once
# one by a pipe (an MTA's): exit 75 and the MTA tries again
kill_mail $R carol "$($MREL -C $R bot $RG carol)"
mv $R/mail/inbox/new/carol.* $T/carol.eml
KILL_IN=$T/carol.eml KILL_AGAIN=1
kill_sweep $SCS 30 $R $((T0 + 6 * H)) $((T0 + 7 * H)) $RG -- ingest -
KILL_IN=/dev/null KILL_AGAIN=
# the host's actions and a move phoned in
for a in pause "replace carol carol2@x.test" end; do
	kill_sweep $SCS 20 $R $((T0 + 6 * H)) $((T0 + 30 * H)) $RG -- admin $RG $a --why "a test"
done
kill_sweep $SCS 20 $R $((T0 + 6 * H)) $((T0 + 7 * H)) $RG -- \
    submit $RG carol "$($MREL -C $R bot $RG carol)"
# the deadline's two defaults
MASQUED_NOW=$((T0 + 18 * H)) expect 0 "the reminders" -- $M -C $R serve --once
kill_sweep $SCS 30 $R $((T0 + 24 * H)) $((T0 + 25 * H)) $RG -- serve --once
# The Masquerade's last move: its end
S=$T/ms
kill_ms $S
kill_mail $S $MP "$MC"
kill_sweep $SCS 30 $S $T0 $((T0 + H)) $MG -- serve --once
[ $KILL_POINTS -ge $least ] || fail "only $KILL_POINTS points"; ok
echo "$(basename "$0"): $checks checks passed ($KILL_POINTS points)"
