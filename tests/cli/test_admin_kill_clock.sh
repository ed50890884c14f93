#!/bin/sh
# test_admin_kill_clock.sh - an admin entry is logged, then its mails, then
# the game's clock file; a kill after the entry (here: its line in the log
# alone, as the uninterrupted run logged it) left the clock file as it was.
# After a resume, that said "paused": the catching up sent the resume's
# mails but the deadlines never came due, and the game waited for good.
# The next serve must play the deadline's defaults as the uninterrupted
# run does, and log the same.
. tests/cli/lib.sh
B=$T/before
expect 0 "init" -- $M -C $B init
G=$(new_game $B --option deadline=12h | awk '{ print $NF }') || fail "new"
expect 0 "the welcome" -- $M -C $B serve --once
expect 0 "pause" -- $M -C $B admin $G pause --why "a break"
N=$($MREL -C $B log $G | wc -l)
export MASQUED_NOW=$((MASQUED_NOW + 3600))

R=$T/ref
cp -a $B $R
expect 0 "resume" -- $M -C $R admin $G resume --why "back"
C=$T/crash
cp -a $B $C
head -n $((N + 1)) $R/games/$G/log >$C/games/$G/log	# killed after the entry

export MASQUED_NOW=$((MASQUED_NOW + 14 * 3600))
for d in $R $C; do
	expect 0 "serve past the deadline" -- $M -C $d serve --once
done
$MREL -C $R log $G | grep -q "timeout" || fail "the reference played no default"; ok
same_file $R/games/$G/log $C/games/$G/log "the log after the killed resume"
expect 0 "verify" -- $M -C $C verify $G
# each mail's hash, sorted (one md5sum for them all, not one a mail)
sums() { (cd $1/mail/outbox/new && find . -type f ! -name '.*' \
	-exec md5sum {} +) | cut -d' ' -f1 | sort; }
[ "$(sums $R)" = "$(sums $C)" ] || fail "the mails after the killed resume differ"; ok
done_checks
