#!/bin/sh
# test_host.sh - the mistakes a new host makes, walking through the README:
# each is refused with one sentence that says what to do, with the README's
# exit code, and changes nothing.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
cp $D/masqued.conf $T/good.conf

# a bad config value: `new` refuses it before making the game (it used to
# make the game, then fail to queue its welcome: exit 4, a game without mail)
echo "workers = many" >>$D/masqued.conf
expect 1 "new with a bad config" -- $M -C $D new redmasque \
    --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player dave=dave@x.test
err_has 'masqued.conf line '; err_has 'workers'; one_line
[ -z "$(ls -A $D/games)" ] || fail "new made a game with a bad config"; ok
[ -z "$(ls -A $D/spool)" ] || fail "new queued mail with a bad config"; ok
cp $T/good.conf $D/masqued.conf
expect 0 "new once the config is mended" -- new_game $D

done_checks
