#!/bin/sh
# test_damaged_log_history.sh - a log damaged in the middle (a byte flipped
# in entry 8): the commands that step through history show what comes
# before the damage, as they show it of the log whole. `log`, and `state`
# or `replay` asked up to the damage or past it, show the sound entries
# and stop there: exit 3, one sentence naming the bad entry. Asked for
# entries before it, they work (exit 0) and say on stderr, in one line,
# that the log is damaged further on. The writers (submit, admin) still
# refuse the game as before, and nothing changes the log.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
L=$D/games/$G/log
# three rounds of moves: 16 entries
play_rounds $D $G 3
n=$(wc -l <$L)
[ "$n" -gt 9 ] || fail "only $n entries"; ok

# what the log whole shows, to hold the damaged log's answers against
sound() {	# name, then the command's words
	name=$1; shift
	expect 0 "$* on the log whole" -- $M -C $D "$@"
	cp $T/out $T/$name
}
sound log.txt log $G
sound log.json log $G --json
sound state5.txt state $G --at 5
sound state5.json state $G --at 5 --json
sound state7.txt state $G --at 7
sound replay7.txt replay $G --to 7
sound replay35.txt replay $G --from 3 --to 5
sound replay67.txt replay $G --from 6 --to 7
head -n 7 $T/log.txt >$T/log7.txt
head -n 7 $T/log.json >$T/log7.json
cp $L $T/log.good

# flip one byte of entry 8's body
$PY -c '
import sys; p = sys.argv[1]; L = open(p, "rb").read().split(b"\n")
b = bytearray(L[7]); b[30] ^= 1; L[7] = bytes(b); open(p, "wb").write(b"\n".join(L))' $L
cp $L $T/log.flipped
bad="The log of game $G does not verify (entry 8: the hash does not match the body); nothing from entry 8 on is shown, and the game stops until you put it back from a backup (masqued verify $G)."
note() {	# the last entry shown
	err_has "masqued: What is shown rests on entries 1 to $1, which are sound; but the log of game $G does not verify further on (entry 8: the hash does not match the body); the game stops until you put it back from a backup (masqued verify $G)."
	one_line
}

# --- log: the sound entries, then the sentence ---
expect 3 "log of a log damaged at entry 8" -- $M -C $D log $G
err_has "$bad"; one_line
same_file $T/out $T/log7.txt "log's entries before the damage"
expect 3 "log --json of a log damaged at entry 8" -- $M -C $D log $G --json
err_has "$bad"; one_line
same_file $T/out $T/log7.json "log --json's entries before the damage"

# --- state before the damage: as of the log whole, and a note ---
expect 0 "state --at 5, before the damage" -- $M -C $D state $G --at 5
note 5
same_file $T/out $T/state5.txt "state --at 5 before the damage"
expect 0 "state --at 5 --json, before the damage" -- $M -C $D state $G --at 5 --json
note 5
same_file $T/out $T/state5.json "state --at 5 --json before the damage"
expect 0 "state --at 7, the last sound entry" -- $M -C $D state $G --at 7
note 7
same_file $T/out $T/state7.txt "state --at 7"
# --- at the damage, past it, or now: the last sound state, and exit 3 ---
for at in "--at 8" "--at $n" ""; do
	expect 3 "state $at, at or past the damage" -- $M -C $D state $G $at
	err_has "$bad"; one_line
	same_file $T/out $T/state7.txt "state $at stops at entry 7"
done

# --- replay: the same ---
expect 0 "replay --to 7, before the damage" -- $M -C $D replay $G --to 7
note 7
same_file $T/out $T/replay7.txt "replay --to 7 before the damage"
expect 0 "replay --from 3 --to 5" -- $M -C $D replay $G --from 3 --to 5
note 5
same_file $T/out $T/replay35.txt "replay --from 3 --to 5 before the damage"
expect 3 "replay of the whole game" -- $M -C $D replay $G
err_has "$bad"; one_line
same_file $T/out $T/replay7.txt "replay stops at entry 7"
expect 3 "replay --from 6 --to 9, across the damage" -- $M -C $D replay $G --from 6 --to 9
err_has "$bad"; one_line
same_file $T/out $T/replay67.txt "replay --from 6 stops at entry 7"
for from in 8 9; do
	expect 3 "replay --from $from, past the damage" -- $M -C $D replay $G --from $from
	err_has "$bad"; one_line
	[ ! -s $T/out ] || fail "replay --from $from showed entries past the damage"; ok
done

# --- the game itself stops: writers, view and export refuse it as before ---
for c in "submit $G alice STATUS --no-mail" "admin $G pause --why away" \
    "view $G admin" "export $G"; do
	expect 3 "$c on a log damaged at entry 8" -- $M -C $D $c
	err_has "The log of game $G does not verify (entry 8: the hash does not match the body); the game stops until you put it back from a backup (masqued verify $G)."
	one_line
done
expect 3 "verify" -- $M -C $D verify $G
err_has "entry 8: the hash does not match the body."
same_file $L $T/log.flipped "a command changed the damaged log"
[ ! -e $D/games/$G/quarantine ] || fail "a reader quarantined part of the log"; ok

# --- a first entry damaged: nothing is sound, nothing shown ---
$PY -c '
import sys; p = sys.argv[1]; b = bytearray(open(p, "rb").read())
b[30] ^= 1; open(p, "wb").write(b)' $L
for c in "log $G" "state $G --at 1" "replay $G --to 1"; do
	expect 3 "$c, the genesis damaged" -- $M -C $D $c
	err_has "The log of game $G does not verify (entry 1: "
	err_has "the game stops until you put it back from a backup (masqued verify $G)."
	one_line
	[ ! -s $T/out ] || fail "$c showed something of a log with no sound entry"; ok
done

# --- an entry signed with the server's key that does not replay (an end
# entry while the game goes on): the entries before it are shown ---
cp $T/log.good $L
$PY tests/sign_end.py $L $D/keys/server.key || fail "the end entry could not be made"
m=$((n + 1))
expect 3 "log of a log whose entry $m does not replay" -- $M -C $D log $G
err_has "The log of game $G does not verify (entry $m: an end entry, but the game is not over there); nothing from entry $m on is shown"
one_line
same_file $T/out $T/log.txt "log's entries before the entry that does not replay"
expect 3 "replay of it" -- $M -C $D replay $G --from $n
err_has "(entry $m: an end entry, but the game is not over there)"; one_line
[ "$(grep -vc '^        ' $T/out)" = 1 ] || fail "replay --from $n did not stop at entry $n"; ok
expect 3 "state of it" -- $M -C $D state $G
err_has "(entry $m: an end entry, but the game is not over there)"; one_line
out_has "Game $G after entry $n:"

# --- a torn last line (a crash mid-append) is no damage: readers ignore it
cp $T/log.good $L
printf '{"game":"%s","torn' $G >>$L
expect 0 "log with a torn last line" -- $M -C $D log $G
same_file $T/out $T/log.txt "log with a torn tail"
[ ! -s $T/err ] || { cat $T/err; fail "log said something of a torn tail"; }; ok
expect 0 "state with a torn last line" -- $M -C $D state $G --at 5
same_file $T/out $T/state5.txt "state --at 5 with a torn tail"
[ ! -s $T/err ] || { cat $T/err; fail "state said something of a torn tail"; }; ok
done_checks
