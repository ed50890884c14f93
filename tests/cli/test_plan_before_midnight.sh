#!/bin/sh
# test_plan_before_midnight.sh - the rule "At any time before midnight (up
# to the resolution of round 12's moves) a player may change their midnight
# plan", by mail: the last player of round 12 sends PLAY, MOVE and PLAN in
# one mail. Its MOVE resolves the round and strikes midnight; the PLAN on
# the line below it was refused as "The game is over", and the player died
# by the plan they had changed in time. A mail's PLAN lines now go before
# its others. Also: a refused PLAN refuses no other line (none counts on
# it), and a PLAN after a refused line is still applied. Found by players
# by mail. Maildir; the release binary sets up (a long loop).
. tests/cli/lib.sh
. tests/cli/lib_game.sh

# bots until round 12 waits for one player's action
last=
for i in $(seq 1 400); do
	set -- $($MREL -C $D view $G admin --json | $PY -c '
import json, sys
j = json.load(sys.stdin)
print(j["round"], len(j["owes"]), j["owes"][0]["player"] if j["owes"] else "-",
      j["owes"][0]["owes"] if j["owes"] else "-")')
	if [ "$1" = 12 ] && [ "$2" = 1 ] && [ "$4" = act ]; then last=$3; break; fi
	for p in alice bob carol dave; do
		c=$($MREL -C $D bot $G $p) || fail "bot $p"
		[ -n "$c" ] && { $MREL -C $D submit $G $p "$c" --never-mail >/dev/null ||
		    fail "submit $p: $c"; }
		set -- $($MREL -C $D view $G admin --json | $PY -c '
import json, sys
j = json.load(sys.stdin)
print(j["round"], len(j["owes"]), j["owes"][0]["owes"] if j["owes"] else "-")')
		[ "$1" = 12 ] && [ "$2" = 1 ] && [ "$3" = act ] && break
	done
done
[ -n "$last" ] || fail "round 12 never waited for one player's action"; ok
# the others send their MOVE early: the last's will resolve the round
for p in alice bob carol dave; do
	[ $p = $last ] && continue
	$MREL -C $D submit $G $p "MOVE stay" --never-mail >/dev/null ||
	    fail "submit $p: MOVE stay"
done
play=$($MREL -C $D bot $G $last)

# a bad PLAN (no such time) first: refused alone, the lines below it apply
# ... in a dry run, which changes nothing
# (a PLAN that does not parse goes first too: it stopped the MOVE below it)
send $last@x.test "$(reply_to $last)" dry.1 "$play\nPLAN 12:70 ccw\nMOVE stay\nPLAN 12:30 ccw"
expect 0 "parse: the bad PLAN is refused, the rest accepted" -- $M -C $D parse $IN/$n.test
json_is '[c["accepted"] for c in j["commands"]] == [True, False, True, True]'
json_is '[e["line"] for e in j["errors"]] == [2]'
rm $IN/$n.test
send $last@x.test "$(reply_to $last)" dry.2 "PLAN 12:70 ccw\n$play\nMOVE stay"
expect 0 "parse: a bad PLAN first stops nothing" -- $M -C $D parse $IN/$n.test
json_is '[c["accepted"] for c in j["commands"]] == [False, True, True]'
rm $IN/$n.test

send $last@x.test "$(reply_to $last)" last.1 "$play\nMOVE stay\nPLAN 12:30 ccw"
expect 0 "parse: every line accepted" -- $M -C $D parse $IN/$n.test
json_is 'all(c["accepted"] for c in j["commands"]) and not j["errors"]'
ls $O >$T/before
expect 0 "serve --once: the last mail of round 12" -- $M -C $D serve --once
expect 0 "log" -- $M -C $D log $G
out_has "$last: PLAN 12:30 ccw; $play; MOVE stay"
expect 0 "the game is over" -- $M -C $D view $G admin --json
json_is 'j["phase"] == "over"'
json_is '[p["plan"][3] for p in j["players"] if p["name"] == "'$last'"] == ["ccw"]'
answer receipt $last@x.test last
says_not last "The game is over"
expect 0 "the log verifies" -- $M -C $D verify $G
done_checks
