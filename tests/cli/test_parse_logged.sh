#!/bin/sh
# test_parse_logged.sh - `parse` of a mail the game logged already (its
# archive copy, DATA/archive/HASH.eml, looked at in a dispute): "logged"
# names the entry that holds this very message, whatever the lines read as
# now (the game over: every line refused); a mail not logged has none
# (docs/disputes.md, "The mail a move came in").
. tests/cli/lib.sh
mail_folder
G=$(new_game $D) || fail "new"
expect 0 "serve --once sends the welcomes" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
send alice@x.test "$(reply_to alice)" place1 "PLACE blue"
expect 0 "alice's place is played" -- $M -C $D serve --once
h=$($M -C $D log $G --json | sed -n 2p | $PY -c 'import json,sys; print(json.load(sys.stdin)["msg"]["hash"])')
[ -f $D/archive/$h.eml ] || fail "no archive copy of entry 2's mail"; ok
expect 0 "parse the archived mail" -- $M -C $D parse $D/archive/$h.eml
json_is 'j["logged"] == 2 and j["player"] == "alice"' "the archived mail names entry 2"
# another mail, never logged: no "logged"
send alice@x.test "$(reply_to alice)" place2 "PLACE green"
expect 0 "parse a mail not logged" -- $M -C $D parse $IN/$n.test
json_is '"logged" not in j' "a mail not logged names no entry"
# the game over (the host ended it): its lines are refused, the entry still named
expect 0 "the host ends it" -- $M -C $D admin $G end --why "test"
expect 0 "parse the archived mail, the game over" -- $M -C $D parse $D/archive/$h.eml
json_is 'j["logged"] == 2 and not j["commands"][0]["accepted"]' "the game over: still entry 2"
done_checks
