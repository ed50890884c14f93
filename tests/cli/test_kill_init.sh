#!/bin/sh
# test_kill_init.sh - `init` killed at each of its calls that make or
# change a file (lib_kill.sh's way: strace kills it at its k-th call of one
# syscall), then run again, as the host would: the data folder is whole, as
# an init nobody killed makes it (the same folders, files and modes, the
# same masqued.conf, no file left half made), and it plays: a game made in
# it sends its welcome mails and verifies. The keys are made in keys.new/
# and renamed to keys/ last, so a kill past that point leaves a whole data
# folder (the second init refuses it, by its key file's name). Then the
# same with a disk that fills at each point instead of a kill.
#
# Before: a kill while the keys were written left one of 0 bytes in keys/,
# and every later init refused to overwrite it; the host had to find out
# that the folder was to be removed by hand.
. tests/cli/lib.sh
. tests/cli/lib_kill.sh

tree() {	# the folder's names, kinds and modes, sorted
	(cd $1 && find . -printf '%P %y %m\n' | sort)
}
expect 0 "the reference: init" -- $M -C $T/ref init
tree $T/ref >$T/tree.ref
# whole WHAT: the folder another init made of what the stopped one left
# is the data folder an unstopped init makes, and it plays
whole() {
	if [ -f $T/kill/keys/tag.key ]; then
		whole=$((whole + 1))
		expect 1 "$1: init again, the keys made" -- $M -C $T/kill init
		err_has "keys/server.key already exists"
	else
		expect 0 "$1: init again" -- $M -C $T/kill init
	fi
	tree $T/kill >$T/tree.kill
	cmp -s $T/tree.ref $T/tree.kill ||
	    { diff $T/tree.ref $T/tree.kill >&2; fail "$1: not the data folder init makes"; }; ok
	same_file $T/ref/masqued.conf $T/kill/masqued.conf "$1: masqued.conf"
	for f in server.key tag.key; do
		[ "$(wc -c <$T/kill/keys/$f)" = 32 ] || fail "$1: keys/$f is not 32 bytes"; ok
	done
	G=$($MREL -C $T/kill new redmasque --player alice=alice@x.test \
	    --player bob=bob@x.test --player carol=carol@x.test \
	    --player dave=dave@x.test) ||
	    fail "$1: no game can be made"
	expect 0 "$1: serve" -- $M -C $T/kill serve --once
	[ "$(ls $T/kill/mail/outbox/new | wc -l)" = 4 ] || fail "$1: not four welcome mails"; ok
	expect 0 "$1: verify" -- $M -C $T/kill verify $G
}
points=0 whole=0
for sc in mkdir write writev pwrite64 fsync rename unlink fchmod; do
	k=1
	while [ $k -le 40 ]; do
		rm -rf $T/kill
		$KILL_STRACE -o /dev/null -e trace=$sc -e inject=$sc:signal=KILL:when=$(kill_at $sc $k) \
		    $MREL -C $T/kill init >/dev/null 2>&1
		[ $? = 0 ] && break
		points=$((points + 1))
		whole "init killed at its $sc $k"
		k=$((k + 1))
	done
done
kills=$points
[ $kills -ge 20 ] || fail "only $kills kill points: the kills did not kill"; ok
# a disk that fills at each point instead: init says so (exit 4; its keys
# taken back if their folder could not be synced), and runs again; every
# other point under make test, every one with MQ_SWEEP=full
step=2
[ "${MQ_SWEEP:-}" = full ] && step=1
for sc in openat mkdir write pwrite64 fsync rename; do
	k=1
	while [ $k -le 40 ]; do
		rm -rf $T/kill
		$FAULT_STRACE -o $T/strace.out -e trace=$sc \
		    -e inject=$sc:error=ENOSPC:when=$(kill_at $sc $k)+ \
		    $MREL -C $T/kill init >/dev/null 2>$T/err
		r=$?
		grep -q INJECTED $T/strace.out || break
		points=$((points + 1))
		[ $r = 4 ] || { cat $T/err >&2; fail "init with its $sc failing from the $k-th on: exit $r, not 4"; }; ok
		whole "init with its $sc failing from the $k-th on"
		k=$((k + step))
	done
done
[ $whole -gt 0 ] || fail "no kill came after the keys were made"; ok
[ $points -ge 20 ] || fail "only $points kill points"; ok
# an init killed partway is no obstacle to the next, but other files are
mkdir -p $T/other/games && echo x >$T/other/games/mine
expect 1 "init where games/ holds a file" -- $M -C $T/other init
err_has "is not empty (it holds games)"
echo "$(basename "$0"): $checks checks passed ($kills kill points, $((points - kills)) full-disk points)"
