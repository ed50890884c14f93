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
G=$(cat $T/out)
expect 0 "serve --once: the welcome" -- $M -C $D serve --once

# README's defaults are what the mail says: a host who leaves from and
# reply_domain unset must read there where the replies would go
f=$(ls $D/mail/outbox/new/* | head -n 1)
from=$(sed -n 's/^From: //p' $f | tr -d '\r')
domain=$(sed -n 's/^Reply-To: .*@//p' $f | tr -d '\r')
row=$(grep -F '| `from`, `reply_local`, `reply_domain` |' README.md)
echo "$row" | grep -qF "\`$from\`" || fail "README's from default is not $from: $row"; ok
echo "$row" | grep -qF "\`$domain\`" || fail "README's reply_domain default is not $domain: $row"; ok
# README's Commands list view as --help does (public and admin too)
help=$($M --help | sed -n 's/^  \(view .*\)/\1/p')
grep -qF "masqued $help" README.md || fail "README's Commands lack: masqued $help"; ok

done_checks
