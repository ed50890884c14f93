#!/bin/sh
# test_durable_order.sh - DESIGN.md's order of one move (archive, log,
# spool, mark done, send), each step durable before the next acts on it,
# read from the system calls (strace -f -y) of the commands that write:
# ingest of a reply, submit, admin, new, and serve's inbox pass (a batch
# made durable by one flush, common/durable.h), its deadline pass, and the
# reply that ends a game (its ended mark after the flush).
# tests/durable_order.py says what counts as durable and as an act.
# A kill (the other kill tests) cannot show a write the disk never got; a
# power cut can, and this can: a pass that wrote its games' marks before
# the flush of the entries and mails they pass, and a spool whose folder
# was never synced, each passed every other test.
. tests/cli/lib.sh
command -v strace >/dev/null || fail "strace is missing (scripts/deps.sh installs it)"
# as lib_kill.sh: a kernel that refuses tracing skips, and says so
strace -f -qq -o /dev/null -e trace=none true 2>/dev/null ||
    { echo "$(basename "$0"): strace cannot trace here (no ptrace), skipped"; exit 0; }
. tests/cli/lib_game.sh
PY=/usr/bin/python3
CALLS=openat,write,writev,pwrite64,pwritev,fsync,fdatasync,syncfs,rename,renameat,renameat2,link,linkat,unlink,unlinkat,mkdir,mkdirat,ftruncate
owes() { $MREL -C $D view $G admin --json | $PY -c '
import json, sys
print(" ".join(o["player"] for o in json.load(sys.stdin)["owes"]))'; }
traced() {	# name [--batch] command...: run it under strace, check the order
	name=$1; shift
	batch=
	[ "$1" = --batch ] && { batch=--batch; shift; }
	# (LeakSanitizer cannot run under ptrace; the other checks of ASan do)
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 \
	    strace -f -y -qq -e trace=$CALLS -o $T/$name.trace "$@" >$T/out 2>$T/err
	rc=$?
	[ $rc = 0 ] || { cat $T/err >&2; fail "$name: exit $rc"; }
	# strace itself must have seen the command's writes
	grep -q 'fsync\|syncfs' $T/$name.trace || fail "$name: no fsync traced"; ok
	$PY tests/durable_order.py $batch $T/$name.trace $D >$T/order ||
	    { cat $T/order >&2; fail "$name: a step acted on before what it needs was durable"; }
	ok
}
reply() {	# player id: their bot's move, as a mail into the inbox
	send $1@x.test "$(reply_to $1)" $2 "$($MREL -C $D bot $G $1)"
}

# ingest of a reply (no batch): archive, log, spool, mark, each synced
p=$(owes | cut -d' ' -f1)
reply $p i1
traced ingest $M -C $D ingest $IN/$n.test
rm -f $IN/$n.test
grep -q "pipe: game $G, $p: 1 command(s) accepted" $T/err || fail "ingest did not apply $p's move"; ok
# submit, admin, new
p=$(owes | cut -d' ' -f1)
traced submit $M -C $D submit $G $p "$($MREL -C $D bot $G $p)"
traced admin $M -C $D admin $G extend 2h --why "a slow week"
traced new $M -C $D new redmasque --player a=a@x.test --player b=b@x.test \
    --player c=c@x.test --player d=d@x.test
# serve's inbox pass: every player who owes replies, one batch
for p in $(owes); do reply $p s$p; done
[ -n "$(ls $IN)" ] || fail "nobody owes a move"; ok
traced serve --batch $M -C $D serve --once
grep -q " applied, " $T/err && ! grep -q " 0 applied" $T/err || fail "serve applied no reply"; ok
# the deadline pass: defaults logged for whoever owes, days later
MASQUED_NOW=$((MASQUED_NOW + 10 * 86400)) traced deadline --batch $M -C $D serve --once
grep -q " [1-9][0-9]* timeout(s)" $T/err || fail "the deadline pass applied no default"; ok
# a policy wait's deadline: the host's notice spooled, then marked told
printf 'admin = host@x.test\n' >> $D/masqued.conf
W=$($MREL -C $D new redmasque --player a=a@x.test --player b=b@x.test \
    --player c=c@x.test --player d=d@x.test --option policy=wait) || fail "new (policy wait)"
MASQUED_NOW=$((MASQUED_NOW + 20 * 86400)) traced policy-wait --batch $M -C $D serve --once
ls $D/cursor | grep -q "^told-.*$W" || fail "the host was not told of the policy wait"; ok
# a bounce in serve's inbox pass (a batch): the host's notice spooled and
# flushed before the host counts as told, the batch's flush or its own
printf 'From: MAILER-DAEMON@x.test\nTo: game@masqued.invalid\nSubject: Undelivered Mail Returned to Sender\nMessage-ID: <b-1@x.test>\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n--b\nContent-Type: text/plain\n\nThe mail to bob@x.test could not be delivered.\n--b\nContent-Type: message/delivery-status\n\nFinal-Recipient: rfc822; bob@x.test\nAction: failed\nStatus: 5.1.1\n--b--\n' \
    > $IN/bounce.test
traced bounce --batch $M -C $D serve --once
ls $D/cursor | grep -q "^told-bounce-" || { cat $T/err >&2; fail "the host was not told of the bounce"; }; ok
# the reply that ends the game, in serve's inbox pass: its ended mark is
# written once the batch's flush made the end entry durable (heldmark.h);
# written before, a power cut left a mark past the log, read as entries
# removed (test_kill_ended_batch.sh)
# (a Masquerade whose Event deck is cut to one card, as lib_kill.sh's
# kill_ms: it ends with the first turn)
export MASQUED_NOW=$((MASQUED_NOW + 21 * 86400))
mkdir -p $T/games
$PY -c "
import json, sys
d = json.load(open('config/games/masquerade.json'))
d['events'] = d['events'][:1]
json.dump(d, open(sys.argv[1], 'w'), ensure_ascii=False)" $T/games/masquerade.json ||
    fail "the short Masquerade's data"
G=$(MASQUED_GAMES=$T/games $MREL -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test) || fail "new masquerade"
$MREL -C $D serve --once 2>/dev/null || fail "serve: the welcomes"
to_the_last_move
send $p@x.test "$(rt $G $p)" last "$move"
traced ended --batch $M -C $D serve --once
[ -f $D/games/$G/ended ] || { cat $T/err >&2; fail "the last reply did not end the game"; }; ok
grep -q "/games/$G/ended" $T/ended.trace || fail "the ended mark's write was not traced"; ok
done_checks
