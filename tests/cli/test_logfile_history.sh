#!/bin/sh
# test_logfile_history.sh - a game's log file (a backup's copy of its
# folder: the log, data.json beside it), named instead of the game, as
# `verify LOGFILE` takes one: `log`, `state` and `replay` show what they
# show of the game, the log read under the data folder's key; a copy
# damaged in the middle shows what comes before the damage, and says where
# the damage is; a file that is neither an export nor a log is said to be
# neither, naming what its first line lacks; without a data folder there
# is no key to read a log under, and that is said.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
play_rounds $D $G 3
n=$(wc -l <$D/games/$G/log)
[ "$n" -gt 9 ] || fail "only $n entries"; ok
mkdir -p $T/backup
cp $D/games/$G/log $D/games/$G/data.json $T/backup/
B=$T/backup/log

# --- the same answers as the game's ---
same() {	# the command's words, GAME standing for the game or the copy
	expect 0 "$* of the game" -- $M -C $D $(echo "$@" | sed "s|GAME|$G|")
	cp $T/out $T/game.out
	expect 0 "$* of the copy" -- $M -C $D $(echo "$@" | sed "s|GAME|$B|")
	same_file $T/out $T/game.out "$* of the copy and of the game"
	[ ! -s $T/err ] || { cat $T/err; fail "$* said something on stderr"; }; ok
}
same log GAME
same log GAME --json
same state GAME
same state GAME --at 5 --json
same replay GAME --from 3 --to 6
cmp -s $B $D/games/$G/log || fail "reading the copy changed it"; ok

# --- a copy damaged at entry 8 ---
$PY -c '
import sys; p = sys.argv[1]; L = open(p, "rb").read().split(b"\n")
b = bytearray(L[7]); b[30] ^= 1; L[7] = bytes(b); open(p, "wb").write(b"\n".join(L))' $B
expect 0 "log of the game" -- $M -C $D log $G
head -n 7 $T/out >$T/log7.txt
expect 3 "log of a copy damaged at entry 8" -- $M -C $D log $B
err_has "The log $B does not verify (entry 8: the hash does not match the body); nothing from entry 8 on is shown."
one_line
same_file $T/out $T/log7.txt "the damaged copy's entries before the damage"
expect 0 "state before the damage" -- $M -C $D state $B --at 5
err_has "masqued: What is shown rests on entries 1 to 5, which are sound; but the log $B does not verify further on (entry 8: the hash does not match the body)."
one_line

# --- unsound from its first entry: damaged there, or another server's ---
cp $D/games/$G/log $T/backup/log1
$PY -c '
import sys; p = sys.argv[1]; L = open(p, "rb").read().split(b"\n")
b = bytearray(L[0]); b[30] ^= 1; L[0] = bytes(b); open(p, "wb").write(b"\n".join(L))' $T/backup/log1
for c in log state replay; do
	expect 3 "$c of a copy damaged at entry 1" -- $M -C $D $c $T/backup/log1
	err_has "The log $T/backup/log1 does not verify (entry 1: the hash does not match the body); nothing from entry 1 on is shown."
	one_line
	[ ! -s $T/out ] || fail "$c showed something of an unsound log"; ok
done
expect 0 "init of another server" -- $M -C $T/other init
G2=$(new_game $T/other) || fail "new on the other server"
expect 3 "log of another server's log" -- $M -C $D log $T/other/games/$G2/log
err_has "The log $T/other/games/$G2/log does not verify (entry 1: the log is signed by another key than the trusted one: by the key $(cat $T/other/keys/server.pub) (kid "
err_has "), not $(cat $D/keys/server.pub) (kid "
err_has "); nothing from entry 1 on is shown."
one_line

# --- neither an export nor a log ---
printf 'hello\n' >$T/notes.txt
# verify too (it said exit 3, "entry 1: the line does not have exactly
# three TAB-separated fields", as of a damaged log: found by the host)
for c in log state replay verify; do
	expect 1 "$c of a file that is neither" -- $M -C $D $c $T/notes.txt
	err_has "$T/notes.txt is neither a game's export (masqued export GAME writes one) nor a game's log (entry 1: "
	err_has "); a game of the data folder is named by its id."
	one_line
done

# --- no data folder: no key to read the log under ---
mkdir $T/elsewhere
cd $T/elsewhere || fail "cd"
expect 1 "log of a log file with no data folder" -- $M log $B
err_has "$B is no game's export (masqued export GAME writes one); a game's log file is read with a data folder (-C DATADIR), under its key; a game of the data folder is named by its id."
one_line
expect 1 "verify of a log file with no data folder" -- $M verify $B
err_has "$B is no game's export (masqued export GAME writes one); a game's log file is verified under its server's key, a data folder's (-C DATADIR) or --key PUB"
one_line
expect 0 "verify of a log file with --key" -- $M verify $D/games/$G/log --key $D/keys/server.pub
[ ! -e data ] || fail "a data folder was made"; ok
done_checks
