#!/bin/sh
# test_new_twice.sh - `new` run twice with the same players (the shell's
# history, a slip of the finger) made two games, each mailing everyone a
# welcome, and said nothing. The second `new` still makes its game (a
# group may play two at once), and its stdout is still the id alone, but
# stderr notes the first game and how to end the second. Another kind of
# game, other players, or a first game that is over get no note.
. tests/cli/lib.sh
D=$T/data
P3="--player alice=alice@x.test --player bob=bob@x.test --player carol=carol@x.test"

expect 0 "init" -- $M -C $D init
expect 0 "the first game" -- $M -C $D new masquerade $P3
G1=$(cat $T/out)
[ ! -s $T/err ] || { cat $T/err >&2; fail "the first game has a note"; }; ok
# the same players, one address in other case
expect 0 "the same game again" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=Bob@X.test --player carol=carol@x.test
G2=$(cat $T/out)
[ "$(grep -c '' $T/out)" = 1 ] && [ -n "$G2" ] && [ "$G2" != "$G1" ] ||
    fail "stdout is not the new id alone: $(cat $T/out)"; ok
one_line
err_has "note: game $G1, a masquerade of the same players, is not over"
err_has "masqued admin $G2 end --why \"made twice\""
[ "$(ls $D/games | grep -vc '^\.')" = 2 ] || fail "not two games"; ok

# other players, another kind: nothing to note
expect 0 "other players" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player dave=dave@x.test
[ ! -s $T/err ] || { cat $T/err >&2; fail "other players noted"; }; ok
expect 0 "a Red Death of four" -- $M -C $D new redmasque $P3 --player dave=dave@x.test
R1=$(cat $T/out)
[ ! -s $T/err ] || { cat $T/err >&2; fail "another kind noted"; }; ok

# both Masquerades of these three ended: a new one is no second game
expect 0 "end the first" -- $M -C $D admin $G1 end --why "made twice"
expect 0 "end the second" -- $M -C $D admin $G2 end --why "made twice"
expect 0 "a new game once the others are over" -- $M -C $D new masquerade $P3
[ ! -s $T/err ] || { cat $T/err >&2; fail "a game over noted"; }; ok
# and a Red Death made again is noted too
expect 0 "the Red Death again" -- $M -C $D new redmasque $P3 --player dave=dave@x.test
err_has "note: game $R1, a redmasque of the same players, is not over"
done_checks
