#!/bin/sh
# test_kill_ingest.sh - `masqued ingest -` (an MTA's .forward pipe) killed at
# exact points (lib_kill.sh: strace kills it at its k-th call of a syscall),
# then given the same message again, as the MTA retries a pipe that died,
# which must exit 0 (75 would have the MTA try again, for days), then
# serve --once: the log, the clock file and the mails are those of one
# ingest nobody killed. Where the kill came after the entry was logged,
# also served before the retry (an MTA that retries late, or never):
# serve's catching up rebuilds the answers from the archived message, and
# the late retry is only acknowledged. The messages: dave's move, which
# resolves the phase; alice's empty reply, answered (the help mail) with
# no entry.
. tests/cli/lib.sh
. tests/cli/lib_kill.sh

R=$T/rm
kill_rm $R default
echo "inbound = pipe" >>$R/masqued.conf
for p in carol dave; do kill_mail $R $p "$($MREL -C $R bot $RG $p)"; done
kill_mail $R alice ""
mv $R/mail/inbox/new/* $T/
MASQUED_NOW=$((T0 + 6 * H)) expect 0 "carol's move" -- \
    $M -C $R ingest $T/carol.0.test
n=$(wc -l <$R/games/$RG/log)

# the hook (lib_kill.sh KILL_HOOK): a kill after the entry, served before
# the retry, then the retry and serve again
late() {
	[ $1 = killed ] && [ "$(wc -l <$3/games/$RG/log)" -gt $n ] || return 0
	rm -rf $T/late $T/late.clock-*; cp -a $3 $T/late
	ks_serve $T/late "$2, served before the retry"
	kill_same "$2, served before the retry" $T/ref $T/late $RG
	MASQUED_NOW=$((T0 + 6 * H)) expect 0 "$2: the late retry" -- \
	    $M -C $T/late ingest - <$KILL_IN
	ks_serve $T/late "$2, the late retry"
	kill_same "$2, the late retry" $T/ref $T/late $RG
}
KILL_HOOK=late KILL_AGAIN=1

KILL_IN=$T/dave.1.test
kill_sweep pwrite64,linkat,renameat2,link,write,fsync 20 $R $((T0 + 6 * H)) 0 \
    $RG -- ingest -
KILL_IN=$T/alice.2.test
kill_sweep link,linkat,renameat2,fsync 20 $R $((T0 + 6 * H)) 0 $RG -- ingest -
echo "$(basename "$0"): $KILL_POINTS kill points"
done_checks
