#!/bin/sh
# test_timeout_reveal.sh - a deadline's default and the reveal of the phase
# it resolved are two appends (deadline.c); a kill between them left the
# default the log's last entry and its phase's secrets hidden: the restart
# rebuilt its mails without the reveal ("turn", not "resolution"), and the
# next entry logged the reveal, late, so the log differed from an
# uninterrupted run's. The state the kill leaves is made here from the
# uninterrupted run's log (its lines up to the default); the next serve
# must log the reveal as that run did, at the default's time, and send the
# same mails.
. tests/cli/lib.sh
B=$T/before
expect 0 "init" -- $M -C $B init
G=$(new_game $B --option deadline=12h | awk '{ print $NF }') || fail "new"
expect 0 "the welcome" -- $M -C $B serve --once
for p in alice bob carol; do	# dave alone owes his placement
	c=$($MREL -C $B bot $G $p) && [ -n "$c" ] || fail "bot $p"
	expect 0 "submit $p" -- $MREL -C $B submit $G $p "$c"
done
expect 0 "their mails" -- $M -C $B serve --once
N=$($MREL -C $B log $G | wc -l)
rm -f $B/mail/outbox/new/*
export MASQUED_NOW=$((MASQUED_NOW + 13 * 3600))

# the uninterrupted run: dave's default, then the reveal it set off
R=$T/ref
cp -a $B $R
expect 0 "the deadline passes" -- $M -C $R serve --once
$MREL -C $R log $G --json | sed -n "$((N + 1))p" | grep -q '"type": *"timeout"' ||
    fail "entry $((N + 1)) is not dave's default"; ok
$MREL -C $R log $G --json | sed -n "$((N + 2))p" | grep -q '"type": *"reveal"' ||
    fail "entry $((N + 2)) is not the reveal of the phase it resolved"; ok

# killed between the two: the default logged, nothing after it
C=$T/crash
cp -a $B $C
head -n $((N + 1)) $R/games/$G/log >$C/games/$G/log
expect 0 "the serve after the kill" -- $M -C $C serve --once
same_file $R/games/$G/log $C/games/$G/log "the log after the kill"
expect 0 "verify" -- $M -C $C verify $G
# each mail's hash, sorted (one md5sum for them all, not one a mail)
sums() { (cd $1/mail/outbox/new && find . -type f ! -name '.*' \
	-exec md5sum {} +) | cut -d' ' -f1 | sort; }
[ "$(sums $R)" = "$(sums $C)" ] ||
    fail "the mails after the kill differ from the uninterrupted run's: $(ls $C/mail/outbox/new)"; ok
grep -l '^X-Masqued-Mail: resolution' $C/mail/outbox/new/* >/dev/null ||
    fail "no resolution mail after the kill"; ok

# An older masqued logged a default alone, its reveal with the next move:
# such a log may end in a default that was mailed (the mark is on it) with
# its phase's secrets still hidden. That is no kill: the next open must not
# log a reveal at the default's time (never mailed, its salts were lost,
# and the mark was held behind it); the next move reveals them, as then.
O=$T/old
cp -a $R $O
head -n $((N + 1)) $R/games/$G/log >$O/games/$G/log
printf '%020d\n' $((N + 1)) >$O/games/$G/mailed
for p in alice bob carol dave; do
	c=$($MREL -C $O bot $G $p) && [ -n "$c" ] && break
done
[ -n "$c" ] || fail "nobody owes a move after dave's default"
expect 0 "submit $p after the older log" -- $M -C $O submit $G $p "$c"
$MREL -C $O log $G --json | sed -n "$((N + 2))p" | grep -q '"type": *"command"' ||
    fail "entry $((N + 2)) is not $p's move: $($MREL -C $O log $G | tail -3)"; ok
$MREL -C $O log $G --json | sed -n "$((N + 3))p" | grep -q '"type": *"reveal"' ||
    fail "entry $((N + 3)) is not the reveal $p's move brings"; ok
expect 0 "verify the older log" -- $M -C $O verify $G
done_checks
