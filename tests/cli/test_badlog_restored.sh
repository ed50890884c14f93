#!/bin/sh
# test_badlog_restored.sh - a game's log damaged, the host told once (a
# marker DATA/cursor/told-badlog-GAME keeps it from being told at every
# pass), then put back from a backup and played again: the marker goes as
# soon as the log is read clean again, by whatever opens the game (a
# `serve --once` pass, a `submit`; it went at a long-running serve's start
# alone, test_faults.sh), so that a second damage of the same game is told
# again; and nothing the host reads of the game says it is damaged once
# it is back.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
printf 'admin = host@x.test\n' >> $D/masqued.conf
G=$(new_game $D) || fail "new"
expect 0 "welcome mails" -- $M -C $D serve --once
expect 0 "a move" -- $M -C $D submit $G bob "PLAN cw stay stay stay stay stay"
cp $D/games/$G/log $T/backup.log		# the host's backup
told() { grep -l "^To: host@x.test" $D/mail/outbox/new/* | xargs grep -l "game $G is stopped" | wc -l; }
marker=$D/cursor/told-badlog-$G
day=0
pass() {	# a serve --once four days on: the game's deadline opens it
	day=$((day + 4))
	MASQUED_NOW=$((MASQUED_NOW + day * 86400)) $M -C $D serve --once 2>$T/serve.err ||
	    { cat $T/serve.err >&2; fail "serve --once: exit $?"; }
	ok
}

# --- damaged: the host is told, once ---
sed -i '2s/"ts":/"ts" :/' $D/games/$G/log
pass
grep -q "game $G: .*entry 2" $T/serve.err || { cat $T/serve.err >&2; fail "the pass does not name game $G"; }; ok
[ "$(told)" = 1 ] || fail "the host was not told that game $G stopped: $(told)"; ok
[ -e $marker ] || fail "no marker $marker"; ok
expect 3 "games, damaged" -- $M -C $D games
out_has "$G  cannot be read: The log of game $G does not verify (entry 2"
pass
[ "$(told)" = 1 ] || fail "the host was told twice: $(told)"; ok

# --- put back from the backup: played again, and the marker is gone ---
cp $T/backup.log $D/games/$G/log
n0=$(wc -l <$D/games/$G/log)
pass
! grep -q "game $G: .*does not verify" $T/serve.err || { cat $T/serve.err >&2; fail "the pass still says game $G is stopped"; }; ok
[ "$(wc -l <$D/games/$G/log)" -gt "$n0" ] || { cat $T/serve.err >&2; fail "game $G was not played again (its deadline)"; }; ok
[ ! -e $marker ] || fail "the marker $marker outlived the repair"; ok
grep -q "game $G: its log verifies again; a later damage of it is told to the host again" $T/serve.err ||
    { cat $T/serve.err >&2; fail "the daemon's log does not say the repair was seen"; }; ok
[ "$(told)" = 1 ] || fail "the repair was told as a damage: $(told)"; ok
expect 0 "verify, repaired" -- $M -C $D verify $G
expect 0 "games, repaired" -- $M -C $D games
! grep -qi "damaged\|cannot be read\|does not verify\|stopped" $T/out $T/err ||
    { cat $T/out $T/err >&2; fail "games still says game $G is damaged"; }; ok
expect 0 "games --json, repaired" -- $M -C $D games --json
! grep -qi "damaged\|cannot be read\|does not verify\|stopped" $T/out $T/err ||
    { cat $T/out $T/err >&2; fail "games --json still says game $G is damaged"; }; ok
expect 0 "view, repaired" -- $M -C $D view $G admin
! grep -qi "damaged\|cannot be read\|does not verify\|stopped" $T/out $T/err ||
    { cat $T/out $T/err >&2; fail "view still says game $G is damaged"; }; ok

# --- damaged a second time: told again, once ---
cp $D/games/$G/log $T/backup2.log		# a newer backup
sed -i '2s/"ts":/"ts" :/' $D/games/$G/log
pass
grep -q "game $G: .*entry 2" $T/serve.err || { cat $T/serve.err >&2; fail "the pass does not name game $G"; }; ok
[ "$(told)" = 2 ] || fail "a second damage, after the log was put back, was not told: $(told)"; ok
pass
[ "$(told)" = 2 ] || fail "the second damage was told twice: $(told)"; ok

# --- put right again, and the game opened by a `submit`, not by serve:
# that open reads the log clean, and the marker goes there too ---
cp $T/backup2.log $D/games/$G/log
[ -e $marker ] || fail "no marker $marker before the second repair"; ok
expect 0 "a move on the repaired game" -- $M -C $D submit $G carol "PLAN cw stay stay stay stay stay"
[ ! -e $marker ] || fail "a submit that read the log clean left the marker $marker"; ok
err_has "game $G: its log verifies again"
done_checks
