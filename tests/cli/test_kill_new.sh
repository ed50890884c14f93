#!/bin/sh
# test_kill_new.sh - `new` killed at each of its calls that change a file
# (lib_kill.sh's way: strace kills it at its k-th call of one syscall):
# either the game is not there at all (its hidden folder, DATA/games/.new-ID,
# is never read; serve sends nothing), and the host's `new` again makes it,
# removing the folder the killed one left once it is old (ten minutes: a
# `new` takes a moment); or it is there whole, and the next serve sends its
# welcome mails. Either way the log, the clock file and the mails are those
# of the `new` nobody killed (the game's id and salt fixed: MASQUED_GAME_ID).
# Then the same with a disk that fills at each point instead of a kill.
#
# Before: the folder a killed `new` left stayed for good, and the same id
# could not be made again ("Cannot create ...: File exists").
. tests/cli/lib.sh
. tests/cli/lib_kill.sh

ID=killnewa
B=$T/base
$MREL -C $B init >/dev/null || fail "init"
echo "admin = host@x.test" >>$B/masqued.conf
new_args="new redmasque --player alice=alice@x.test --player bob=bob@x.test
    --player carol=carol@x.test --player dave=dave@x.test
    --seed 0707070707070707070707070707070707070707070707070707070707070707"
export MASQUED_GAME_ID=$ID
cp -a $B $T/ref
expect 0 "the reference: new" -- $M -C $T/ref $new_args
out_has "$ID"
expect 0 "the reference: serve" -- $M -C $T/ref serve --once
[ "$(ls $T/ref/mail/outbox/new | wc -l)" = 4 ] || fail "the reference sent no four welcomes"; ok
staged=0
for sc in mkdir write writev pwrite64 fsync linkat link rename unlink; do
	k=1
	while [ $k -le 20 ]; do
		rm -rf $T/kill; cp -a $B $T/kill
		$KILL_STRACE -o /dev/null -e trace=$sc -e inject=$sc:signal=KILL:when=$(kill_at $sc $k) \
		    $MREL -C $T/kill $new_args >/dev/null 2>&1
		[ $? = 0 ] && break
		KILL_POINTS=$((KILL_POINTS + 1))
		what="new killed at its $sc $k"
		if [ ! -d $T/kill/games/$ID ]; then
			[ -z "$(ls $T/kill/games)" ] || fail "$what: a game is listed: $(ls $T/kill/games)"; ok
			expect 0 "$what: serve, no game" -- $M -C $T/kill serve --once
			[ -z "$(ls $T/kill/mail/outbox/new)" ] || fail "$what: mail went for no game"; ok
			if [ -d $T/kill/games/.new-$ID ]; then
				staged=$((staged + 1))
				expect 4 "$what: new again at once" -- $M -C $T/kill $new_args
				err_has "Game $ID is being made by another new"
				touch -d "@$(( $(date +%s) - 3600 ))" $T/kill/games/.new-$ID
			fi
			expect 0 "$what: new again" -- $M -C $T/kill $new_args
			out_has "$ID"
		fi
		[ -z "$(ls -A $T/kill/games | grep '^\.new-')" ] ||
		    fail "$what: a hidden folder is left: $(ls -A $T/kill/games)"; ok
		expect 0 "$what: serve" -- $M -C $T/kill serve --once
		kill_same "$what" $T/ref $T/kill $ID
		k=$((k + 1))
	done
done
[ $staged -gt 0 ] || fail "no kill left a hidden folder: the sweep tried nothing"; ok
[ $KILL_POINTS -ge 20 ] || fail "only $KILL_POINTS kill points"; ok
kills=$KILL_POINTS

# A disk that fills instead (every call of the syscall from the k-th on
# fails with ENOSPC): new says so, exit 4, and leaves no folder; or the
# game is made and it says its welcome was not queued (or that it could
# not print the id), which serve then queues; or only the mark of mailed
# entries could not be written, which costs nothing (exit 0). Run again
# by the host when there is no game; the same outcome.
full=0 made=0
for sc in openat mkdir write pwrite64 fsync linkat rename; do
	k=1
	while [ $k -le 30 ]; do
		rm -rf $T/kill; cp -a $B $T/kill
		$FAULT_STRACE -o $T/strace.out -e trace=$sc \
		    -e inject=$sc:error=ENOSPC:when=$(kill_at $sc $k)+ \
		    $MREL -C $T/kill $new_args >$T/out 2>$T/err
		r=$?
		grep -q INJECTED $T/strace.out || break
		what="new with its $sc failing from the $k-th on"
		full=$((full + 1))
		# exit 0 only with the game made (a mark that could not be
		# written costs nothing but its mails rebuilt: mailmark.c)
		[ $r = 4 ] || { [ $r = 0 ] && [ -d $T/kill/games/$ID ]; } ||
		    { cat $T/err >&2; fail "$what: exit $r"; }; ok
		if [ $r = 4 ] && [ -d $T/kill/games/$ID ]; then
			made=$((made + 1))
			# or the id it printed could not be written (stdout on
			# the same full disk): exit 4, not 0, and said where
			# stderr is not failing too
			[ ! -s $T/err ] || grep -q -e "Game $ID was created, but its welcome mail was not queued" \
			    -e "Cannot write the standard output: No space left on device" $T/err ||
			    { cat $T/err >&2; fail "$what: not said"; }; ok
		elif [ $r = 4 ]; then
			# one sentence; none only when writing it failed too
			# (the write to stderr, fd 2, was one of those failed)
			if [ -s $T/err ] || ! grep -q '^[0-9]* *write(2, .*INJECTED' $T/strace.out; then
				one_line
			fi
			[ -z "$(ls -A $T/kill/games)" ] || fail "$what: left $(ls -A $T/kill/games)"; ok
			expect 0 "$what: new again" -- $M -C $T/kill $new_args
		fi
		expect 0 "$what: serve" -- $M -C $T/kill serve --once
		kill_same "$what" $T/ref $T/kill $ID
		k=$((k + 1))
	done
done
[ $made -gt 0 ] && [ $full -gt $made ] || fail "the full disk sweep missed a case ($full, $made made)"; ok
echo "$(basename "$0"): $checks checks passed ($kills kill points, $full full-disk points)"
