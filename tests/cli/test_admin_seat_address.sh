#!/bin/sh
# test_admin_seat_address.sh - a seat keeps its name after a replace, so
# admin's confirmation of an action on a seat names the address that holds
# it: a host who kicked "erin" after replacing her with frank was told only
# "kick logged as entry 25." and kicked frank. `view GAME admin` shows each
# seat's address.
. tests/cli/lib.sh
D="$T/d"
expect 0 "init" -- $M -C "$D" init
G=$($M -C "$D" new redmasque --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player erin=erin@x.test) || fail "new"
expect 0 "replace erin" -- $M -C "$D" admin $G replace erin frank@example.org --why "erin left"
out_has "$G: replace of erin (frank@example.org, was erin@x.test) logged as entry "
expect 0 "view admin" -- $M -C "$D" view $G admin
out_has "frank@example.org"
expect 0 "kick erin" -- $M -C "$D" admin $G kick erin --why "x"
out_has "$G: kick of erin (frank@example.org) logged as entry "
expect 0 "pause" -- $M -C "$D" admin $G pause --why "x"
out_has "$G: pause logged as entry "
done_checks
