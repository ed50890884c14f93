#!/bin/sh
# test_absent_kill.sh - the pass that pauses a game nobody plays (deadline.c
# pause_all_absent), killed at each mail it queues and each write of its
# marks and clock file (lib_kill.sh): the next pass logs what the
# uninterrupted one logged, and the players and the host are told once. The
# host's notice was queued after the mark moved past the pause (a kill
# between the two left the host never told), and a kill between the last
# default and the pause left the clock file at the next deadline, 73 h on.
. tests/cli/lib.sh
export MASQUED_NOW=1790000000
. tests/cli/lib_kill.sh
D=$T/data
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
G=$($M -C $D new masquerade --player alice=alice@m.test --player bob=bob@m.test \
    --player carol=carol@m.test \
    --seed 0505050505050505050505050505050505050505050505050505050505050505) ||
    fail "new masquerade"
expect 0 "the welcome mails go out" -- $M -C $D serve --once
paused() { tail -n 1 $1/games/$G/log | grep -q '"action":"pause","by":"masqued"'; }

# a deadline 73 h after the last until one pauses the game: the data folder
# as it was before that pass is where the kills start from
h=0 k=0
while ! paused $D; do
	k=$((k + 1)); [ $k -le 12 ] || fail "the game nobody plays was never paused"
	rm -rf $T/before; cp -a $D $T/before
	h=$((h + 73))
	MASQUED_NOW=$((T0 + h * H)) expect 0 "serve at $h h" -- $M -C $D serve --once
done
ok
[ "$(grep -l "^To: host@x.test" $D/mail/outbox/new/* | xargs grep -l "is paused: nobody is playing" | wc -l)" = 1 ] ||
    fail "the uninterrupted pass did not tell the host once"; ok
kill_sweep linkat,pwrite64 30 $T/before $((T0 + h * H)) 0 $G -- serve --once
[ $KILL_POINTS -ge 8 ] || fail "only $KILL_POINTS kill points: the pass queues fewer mails than it should"; ok
echo "test_absent_kill.sh: $checks checks passed ($KILL_POINTS kill points)"
