#!/bin/sh
# test_kill_ended_batch.sh - serve's inbox pass reads the reply that ends a
# game in a batch (common/durable.h): its entries and the end entry are
# durable only once the batch's flush is done. The ended mark
# (DATA/games/G/ended, game_end.c) was written at once, before that flush:
# a power cut after it that lost the batch's log writes left a mark past
# the log, and view, export, log, state, replay, games and verify told a
# host after an ordinary crash "its last entries were removed; put its
# whole log back from a backup" (until serve played the reply again). The
# mark now waits for the flush, as the mark of mailed entries does
# (heldmark.h). serve is killed at its first syncfs (the batch's flush),
# and the power cut is made by hand: the game's log put back as it was
# before the pass (none of the batch's writes had been flushed, so a disk
# may have lost any of them: the log's, the mark kept). A kill at the
# flush's second half, the marks written, is the ordinary path the other
# kill tests take (test_kill_serve.sh).
. tests/cli/lib.sh
. tests/cli/lib_kill.sh

S=$T/ms
kill_ms $S
kill_mail $S $MP "$MC"
# the reference: the pass nobody killed ends the game
cp -a $S $T/ref
expect 0 "the reference: serve --once" -- $M -C $T/ref serve --once
[ -f $T/ref/games/$MG/ended ] || fail "the reference has no ended mark"; ok
n=$(grep -c '' $T/ref/games/$MG/log)
[ "$(cut -d' ' -f1 $T/ref/games/$MG/ended)" = $n ] || fail "the reference's ended mark is not entry $n"; ok

# killed at its first syncfs: the batch's entries written, not flushed
cp -a $S $T/kill
$KILL_STRACE -o $T/kill.trace -e trace=syncfs -e inject=syncfs:signal=KILL:when=1 \
    $MREL -C $T/kill serve --once >/dev/null 2>&1 && fail "serve was not killed at its flush"
ok
[ "$(grep -c '' $T/kill/games/$MG/log)" = $n ] ||
    fail "the kill came before the end entry was appended: it tests nothing"; ok
# the power cut: the batch's log writes lost
cp $S/games/$MG/log $T/kill/games/$MG/log
if [ -f $T/kill/games/$MG/ended ]; then
	[ "$(cut -d' ' -f1 $T/kill/games/$MG/ended)" -le "$(grep -c '' $T/kill/games/$MG/log)" ] ||
	    echo "the ended mark on disk: $(cat $T/kill/games/$MG/ended), the log $(grep -c '' $T/kill/games/$MG/log) entries" >&2
fi
for c in "verify $MG" "view $MG admin" "log $MG" "state $MG" "replay $MG" "games"; do
	expect 0 "$c after the power cut, before serve runs again" -- $M -C $T/kill $c
	! grep -q "removed" $T/err || { cat $T/err >&2; fail "$c: the false alarm of entries removed"; }; ok
done
# a masqued older than the held mark wrote the ended mark at once: the
# power cut left it past the log, with the mark of mailed entries before
# it (held then too). serve's open (a writer's, store.c) takes it for that
# crash's, not a cut (nobody was mailed the entries lost), removes it and
# plays the reply again, as it would have been played
cp -a $T/kill $T/old
cp $T/ref/games/$MG/ended $T/old/games/$MG/ended
expect 0 "serve --once after an older masqued's power cut" -- $M -C $T/old serve --once
err_has "game $MG: its ended mark $T/old/games/$MG/ended said it ended at entry $n, but its log ends at entry"
same_file $T/ref/games/$MG/log $T/old/games/$MG/log "the log played again after the old crash"
same_file $T/ref/games/$MG/ended $T/old/games/$MG/ended "the ended mark after the old crash"
expect 0 "verify after the old crash's restart" -- $MREL -C $T/old verify $MG
# serve plays the reply again: the log and the mark are the reference's
expect 0 "serve --once after the power cut" -- $M -C $T/kill serve --once
same_file $T/ref/games/$MG/log $T/kill/games/$MG/log "the log played again"
same_file $T/ref/games/$MG/ended $T/kill/games/$MG/ended "the ended mark"
expect 0 "verify after the restart" -- $MREL -C $T/kill verify $MG
done_checks
