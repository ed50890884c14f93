#!/bin/sh
# test_verify_cut_ended.sh - a log cut at its tail with its mark of mailed
# entries (DATA/games/G/mailed) deleted as well passed verify, "whether
# entries were cut cannot be told" (found by a review): the game's ended
# mark (DATA/games/G/ended, game_end.c) still says at which entry the game
# ended, so a log shorter than that is told cut, by verify and by
# verify-receipt GAME: exit 3, one sentence.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
L=$D/games/$G/log
expect 0 "alice places" -- $M -C $D submit $G alice "PLACE green"
expect 0 "serve --once" -- $M -C $D serve --once
R=$(grep -l "^X-Masqued-Mail: receipt" $O/* | xargs grep -l "^To: alice@x.test" | head -n 1)
[ -n "$R" ] || fail "alice has no receipt mail"; ok
K=$(grep -c '' $L)
expect 0 "bob places" -- $M -C $D submit $G bob "PLACE blue" --never-mail
expect 0 "the host ends it" -- $M -C $D admin $G end --why "the party left"
expect 0 "serve --once" -- $M -C $D serve --once
n=$(grep -c '' $L)
[ -f $D/games/$G/ended ] || fail "no ended mark"; ok
[ "$(cut -d' ' -f1 $D/games/$G/ended)" = $n ] || fail "the ended mark is not entry $n"; ok
expect 0 "verify of the whole log" -- $M -C $D verify $G
cp $L $T/log.whole
# the end entry and the host's end cut, and the mark of mailed entries gone
head -n $((n - 2)) $T/log.whole >$L
rm $D/games/$G/mailed
expect 3 "verify of the cut log" -- $M -C $D verify $G
err_has "masqued: game $G: entry $((n - 1)): the log ends at entry $((n - 2)), but the game was recorded as ended at entry $n ($D/games/$G/ended): its last entries were removed."
one_line
[ -s $T/out ] && fail "verify said ok of a cut log"; ok
expect 3 "verify-receipt GAME of the cut log" -- $M -C $D verify-receipt $R $G
out_has "ok: the receipt for entry $K of game $G"
err_has "What was checked rests on entries 1 to $K, which are sound; but the log of game $G does not verify further on (entry $((n - 1)): the log ends at entry $((n - 2)), but the game was recorded as ended at entry $n ($D/games/$G/ended): its last entries were removed)"
one_line
# a torn last line: said as the mark of mailed entries says it
head -n $((n - 1)) $T/log.whole >$L
tail -n 1 $T/log.whole | tr -d '\n' >>$L
expect 3 "verify of the cut log, its last line end gone" -- $M -C $D verify $G
err_has "entry $n: the log ends at entry $((n - 1)) and a last line of"
err_has "bytes with no line end, but the game was recorded as ended at entry $n ($D/games/$G/ended): if that line is entry $n whole, put its line end back; else its last entries were removed."
one_line
# the whole log back: sound again (the mark of mailed entries still gone)
cp $T/log.whole $L
expect 0 "verify of the log put back" -- $M -C $D verify $G
out_has "ok: game $G, $n entries"
done_checks
