#!/bin/sh
# test_admin_kill_points.sh - admin killed at each of its writes (strace
# kills it at its k-th pwrite64: the log's, the mark's, the clock file's):
# once its entry is logged, the next serve past the deadlines must log what
# the uninterrupted run logs and queue the same mails. A clock file written
# after the mark was left as it was by a kill between the two, which no
# catching up sees (the mark is past the entry): after a resume it said
# "paused" and the deadlines never came due; after a default that ended an
# extended phase, the new phase's deadline waited for the old one.
. tests/cli/lib.sh
command -v strace >/dev/null 2>&1 || { echo "$(basename "$0"): no strace, skipped"; exit 0; }
strace -f -qq -o /dev/null -e trace=none true 2>/dev/null ||
    { echo "$(basename "$0"): strace cannot trace here, skipped"; exit 0; }
# each mail's hash, sorted (one md5sum for them all, not one a mail)
sums() { (cd $1/mail/outbox/new && find . -type f ! -name '.*' \
	-exec md5sum {} +) | cut -d' ' -f1 | sort; }

# kill_each BEFORE LATER ADMIN-ARGS...: the uninterrupted admin on a copy of
# BEFORE, then one killed at each pwrite64 in turn; each served at LATER.
kill_each() {
	b=$1 later=$2; shift 2
	n=$($MREL -C $b log $G | wc -l)
	cp -a $b $T/ref
	expect 0 "admin $*" -- $MREL -C $T/ref admin $G "$@"
	MASQUED_NOW=$later expect 0 "serve the reference" -- $M -C $T/ref serve --once
	k=1 killed=0
	while [ $k -le 20 ]; do
		rm -rf $T/kill; cp -a $b $T/kill
		strace -f -qq -o /dev/null -e trace=pwrite64 \
		    -e inject=pwrite64:signal=KILL:when=$k \
		    $MREL -C $T/kill admin $G "$@" >/dev/null 2>&1
		[ $? = 0 ] && break	# past its last write: every point tried
		k=$((k + 1))
		# killed before its entry was logged: nothing happened
		[ "$($MREL -C $T/kill log $G | wc -l)" -gt $n ] || continue
		killed=$((killed + 1))
		MASQUED_NOW=$later expect 0 "serve after the kill" -- $M -C $T/kill serve --once
		same_file $T/ref/games/$G/log $T/kill/games/$G/log \
		    "admin $* killed at its write $((k - 1)), then served"
		[ "$(sums $T/ref)" = "$(sums $T/kill)" ] ||
		    fail "admin $* killed at its write $((k - 1)): the mails differ"; ok
	done
	[ $killed -ge 2 ] || fail "admin $*: only $killed kill points after its entry"
	rm -rf $T/ref $T/kill
}

B=$T/before
expect 0 "init" -- $M -C $B init
G=$(new_game $B --option deadline=12h | awk '{ print $NF }') || fail "new"
expect 0 "the welcome" -- $M -C $B serve --once
P=$T/paused
cp -a $B $P
expect 0 "pause" -- $M -C $P admin $G pause --why "a break"
export MASQUED_NOW=$((MASQUED_NOW + 3600))
kill_each $P $((MASQUED_NOW + 14 * 3600)) resume --why "back"

# dave alone owes his placement, given 30 days more; the host plays his
# default: the next phase's deadline is 12 hours off, not 30 days
for p in alice bob carol; do
	c=$($MREL -C $B bot $G $p) && [ -n "$c" ] || fail "bot $p"
	expect 0 "submit $p" -- $MREL -C $B submit $G $p "$c"
done
expect 0 "extend" -- $M -C $B admin $G extend 30d --why "a trip"
expect 0 "their mails" -- $M -C $B serve --once
kill_each $B $((MASQUED_NOW + 13 * 3600)) default dave --why "he asked"
done_checks
