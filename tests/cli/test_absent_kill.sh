#!/bin/sh
# test_absent_kill.sh - the pass that pauses a game nobody plays (deadline.c
# pause_all_absent), killed at each mail it queues (strace kills serve at
# its k-th linkat, the spool's): the next pass logs what the uninterrupted
# one logged, and the players and the host are each told once. The host's
# notice was queued after the mark moved past the pause: a kill between the
# two left the players told and the host never.
. tests/cli/lib.sh
command -v strace >/dev/null 2>&1 || { echo "$(basename "$0"): no strace, skipped"; exit 0; }
strace -f -qq -o /dev/null -e trace=none true 2>/dev/null ||
    { echo "$(basename "$0"): strace cannot trace here, skipped"; exit 0; }
D=$T/data
T0=1790000000
H=3600
export MASQUED_NOW=$T0
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
G=$($M -C $D new masquerade --player alice=alice@m.test --player bob=bob@m.test \
    --player carol=carol@m.test \
    --seed 0505050505050505050505050505050505050505050505050505050505050505) ||
    fail "new masquerade"
expect 0 "the welcome mails go out" -- $M -C $D serve --once
paused() { tail -n 1 $1/games/$G/log | grep -q '"action":"pause","by":"masqued"'; }
told_host() { grep -l "^To: host@x.test" $1/mail/outbox/new/* 2>/dev/null |
    xargs -r grep -l "is paused: nobody is playing" | wc -l; }
told_player() { grep -l "^X-Masqued-Mail: admin" $1/mail/outbox/new/* 2>/dev/null |
    xargs -r grep -l "^To: $2" | wc -l; }

# a deadline 73 h after the last until one pauses the game: its data folder
# as it was before that pass is the starting point
h=0 k=0
while ! paused $D; do
	k=$((k + 1)); [ $k -le 12 ] || fail "the game nobody plays was never paused"
	rm -rf $T/before; cp -a $D $T/before
	h=$((h + 73))
	MASQUED_NOW=$((T0 + h * H)) expect 0 "serve at $h h" -- $M -C $D serve --once
done
ok
[ "$(told_host $D)" = 1 ] || fail "the uninterrupted pass did not tell the host once"; ok
now=$((T0 + h * H))

k=1 killed=0
while [ $k -le 60 ]; do
	rm -rf $T/kill; cp -a $T/before $T/kill
	MASQUED_NOW=$now strace -f -qq -o /dev/null -e trace=linkat \
	    -e inject=linkat:signal=KILL:when=$k \
	    $MREL -C $T/kill serve --once >/dev/null 2>&1
	[ $? = 0 ] && break	# past its last mail: every point tried
	killed=$((killed + 1))
	MASQUED_NOW=$now expect 0 "serve after the kill at mail $k" -- \
	    $M -C $T/kill serve --once
	same_file $D/games/$G/log $T/kill/games/$G/log "killed at mail $k, then served"
	[ "$(told_host $T/kill)" = 1 ] ||
	    fail "killed at mail $k: the host was told $(told_host $T/kill) time(s), not once"; ok
	for p in alice bob carol; do
		[ "$(told_player $T/kill $p@m.test)" = 1 ] ||
		    fail "killed at mail $k: $p was not told of the pause once"; ok
	done
	k=$((k + 1))
done
[ $killed -ge 4 ] || fail "only $killed kill points: the pass queues fewer mails than it should"; ok
echo "test_absent_kill.sh: $checks checks passed"
