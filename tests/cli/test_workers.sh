#!/bin/sh
# test_workers.sh - a long inbox shared out among worker processes (config
# "workers", serve.c) ends exactly where one process ends: every game's log
# byte for byte, the same mails, the same counts; and a worker killed with
# its parent leaves its messages for the next pass, not half-done; workers
# killed at exact points of their sending (strace) lose no mail.
#
# The fixture (bench/daemon_fixture) makes 40 games of four and the first
# move of every player: 160 replies, over MQ_SERVE_PARALLEL_MIN.
. tests/cli/lib.sh
FIX=${MASQUED_FIXTURE:-build/asan/bench/daemon_fixture}
P=$T/prep
expect 0 "init" -- $MREL -C $P init
mkdir -p $T/replies
n=$($FIX games $P 40 $T/replies) || fail "the fixture"
[ "$n" = 160 ] || fail "the fixture made $n replies, not 160"; ok
cp $T/replies/* $P/mail/inbox/new/

run() {	# name workers
	cp -a $P $T/$1
	echo "workers = $2" >> $T/$1/masqued.conf
	expect 0 "serve with $2 worker(s)" -- $M -C $T/$1 serve --once
	tail -n 1 $T/err > $T/$1.pass
	grep -F "160 message(s): 160 applied" $T/$1.pass >/dev/null ||
	    fail "$1: $(cat $T/$1.pass)"; ok
	[ -z "$(ls $T/$1/mail/inbox/new)" ] || fail "$1: mail left in the inbox"; ok
	[ -z "$(ls $T/$1/spool | grep -v '^dead$')" ] || fail "$1: mail left in the spool"; ok
}
run one 1
run two 2
run four 4
# each mail's hash, sorted (one sha256sum for them all, not one a mail)
sums() { (cd $1/mail/outbox/new && find . -type f ! -name '.*' \
	-exec sha256sum {} +) | cut -d' ' -f1 | sort; }
sums $T/one > $T/one.sums
for w in two four; do
	for g in $(ls $T/one/games); do
		same_file $T/one/games/$g/log $T/$w/games/$g/log "game $g's log ($w workers)"
	done
	sums $T/$w > $T/$w.sums
	same_file $T/one.sums $T/$w.sums "the mails sent by one process and by $w"
	# the counts after the time stamp are the same
	[ "$(cut -d: -f4- $T/one.pass)" = "$(cut -d: -f4- $T/$w.pass)" ] ||
	    fail "the pass lines differ: $(cat $T/one.pass) / $(cat $T/$w.pass)"; ok
done
expect 0 "every game verifies" -- sh -c "for g in \$(ls $T/two/games); do $MREL -C $T/two verify \$g || exit 1; done"

# killed mid-pass: the workers die with their parent (PR_SET_PDEATHSIG);
# the next pass finishes, and the logs are as one process made them
cp -a $P $T/kill
echo "workers = 2" >> $T/kill/masqued.conf
$MREL -C $T/kill serve --once 2>/dev/null &
pid=$!
sleep 0.3
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
sleep 0.2
# pgrep (procps, scripts/deps.sh): 1 is "none left"; 0 a survivor; else it could not look
pgrep -f "masqued -C $T/kill" >/dev/null; st=$?
[ $st = 0 ] && fail "a worker outlived its parent"
[ $st = 1 ] || fail "pgrep could not look for the workers (status $st)"; ok
expect 0 "the pass after the kill" -- $M -C $T/kill serve --once
[ -z "$(ls $T/kill/mail/inbox/new)" ] || fail "mail left in the inbox after the kill"; ok
for g in $(ls $T/one/games); do
	same_file $T/one/games/$g/log $T/kill/games/$g/log "game $g's log after the kill"
done
sums $T/kill | sort -u > $T/kill.u
[ -z "$(comm -23 $T/one.sums $T/kill.u)" ] || fail "a mail was lost after the kill"; ok

# a message whose recipient lines mislead the quick guess at its game (a
# display name holding another game's tag) lands with the wrong worker:
# that worker sees the game it is really for and leaves it, and the same
# pass reads it again in one process once the workers are done (the next
# pass would be no better: the inbox may stay long, each pass parallel)
cp -a $P $T/guess
echo "workers = 2" >> $T/guess/masqued.conf
first=$(ls $T/guess/mail/inbox/new | head -n 1)
real=$(sed -n 's/^To: game+\([a-z2-7]*\)\..*/\1/p' $T/guess/mail/inbox/new/$first)
decoy=$(/usr/bin/python3 -c '
import sys
def w(g):
    h = 2166136261
    for c in g.encode():
        h = ((h ^ c) * 16777619) & 0xffffffff
    return h % 2
real = sys.argv[1]
for c in "abcdefghijklmnopqrstuvwxyz":
    d = "aaaaaaa" + c
    if w(d) != w(real):
        print(d); break' $real)
[ -n "$decoy" ] || fail "no decoy id"; ok
sed -e "s/^To: \([^\r]*\)/To: \"game+$decoy.0.x\" <\1>/" -e "/^Delivered-To:/d" \
    -e "s/^Message-ID: .*/Message-ID: <decoy@bench.test>/" -e "s/^PLACE .*/STATUS/" \
    $T/guess/mail/inbox/new/$first > $T/guess/mail/inbox/new/zzzz.decoy
expect 0 "serve with a misleading message" -- $M -C $T/guess serve --once
err_has "zzzz.decoy: for another worker's game; left for after the workers"
err_has "inbound: 1 message(s) left by the workers; read again by one process"
# the decoy asks STATUS: answered, with nothing logged
grep -F "161 message(s): 160 applied, 1 answered" $T/err >/dev/null || fail "$(tail -n 1 $T/err)"; ok
[ -z "$(ls $T/guess/mail/inbox/new)" ] || fail "the decoy is still pending: $(ls $T/guess/mail/inbox/new | head)"; ok
err_has "zzzz.decoy: game $real, "

expect 1 "a bad workers value is refused" -- sh -c "cp -a $P $T/bad && echo 'workers = -1' >> $T/bad/masqued.conf && $M -C $T/bad serve --once"
err_has 'workers takes a number of processes from 0 (one a core) to 16, such as 0, not "-1".'

# killed at exact points of the sending: each process (the two workers,
# then the parent sending what they left) at its k-th move of a mail into
# the outbox (strace counts each process's calls apart); the restart ends
# where the two-worker run ended, game by game, with every mail it sent and
# at most one twice. Last: lib_kill.sh skips the rest of a test where
# strace cannot trace, and these alone need it.
. tests/cli/lib_kill.sh
for k in 1 50 150; do
	rm -rf $T/sk; cp -a $P $T/sk; echo "workers = 2" >> $T/sk/masqued.conf
	$KILL_STRACE -o $T/sk.trace -e trace=renameat2 \
	    -e inject=renameat2:signal=KILL:when=$k \
	    $MREL -C $T/sk serve --once >/dev/null 2>$T/sk.err
	[ "$(grep -c 'killed by SIGKILL' $T/sk.trace)" -ge 2 ] ||
	    fail "killed at outbox move $k: $(grep -c 'killed by SIGKILL' $T/sk.trace) process(es) killed, not the two workers"; ok
	# the parent says how each stopped, and that what a worker marked
	# done is done (its pass line only undercounts; it said every message
	# waited)
	[ "$(grep -c 'inbound: worker [01] stopped early (killed by signal 9); the messages it had not marked done wait for the next pass' $T/sk.err)" = 2 ] ||
	    { cat $T/sk.err >&2; fail "killed at outbox move $k: the workers' stop not said"; }; ok
	expect 0 "the restart after the kill at outbox move $k" -- $M -C $T/sk serve --once
	grep -F " 0 failed;" $T/err >/dev/null || fail "$(tail -n 1 $T/err)"; ok
	[ -z "$(ls $T/sk/mail/inbox/new)" ] || fail "mail left in the inbox after the kill at $k"; ok
	kill_same "workers killed at their outbox move $k" $T/two $T/sk $(ls $T/one/games)
done
done_checks
