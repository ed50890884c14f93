#!/bin/sh
# test_help_after_story.sh - a reply with a move that ends the phase and
# HELP beside it: its mails went receipt, help, resolution (the spool's
# order put "help" before "resolution" by name), so the help mail, with
# the next phase's commands, came before the mail that told what the move
# set off. Now the receipt, then the story, then the help; a HELP beside a
# move that ends nothing comes after its receipt, as before. The Red
# Death; Maildir inbox, `serve --once`, ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
# alice's mails of the last pass, in the order sent: their kinds
order() {
	ls $O | comm -13 $T/before - >$T/new
	(cd $O && for f in $(grep -l "^To: $1@" $(cat $T/new) | sort); do
		sed -n 's/^X-Masqued-Mail: //p' $f | tr -d '\r'
	done) | tr '\n' ' '
}
# a HELP beside a move that ends nothing: the receipt, then the help
ls $O >$T/before
send bob@x.test "$(reply_to bob)" b1 "PLACE black\nHELP"
expect 0 "bob places, and asks for help" -- $M -C $D serve --once
o=$(order bob)
[ "$o" = "receipt help " ] || fail "bob's mails: $o"; ok
for p in carol dave; do
	$MREL -C $D submit --never-mail $G $p "PLACE black" >/dev/null || fail "place $p"
done
# alice's placement is the last: the phase resolves
ls $O >$T/before
send alice@x.test "$(reply_to alice)" a1 "PLACE black\nHELP"
expect 0 "alice places, the last, and asks for help" -- $M -C $D serve --once
[ "$($MREL -C $D view $G admin --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["phase"])')" = act ] ||
    fail "alice's placement did not end the phase"; ok
o=$(order alice)
[ "$o" = "receipt resolution help " ] ||
    fail "alice's mails not in the order they tell: $o"; ok
done_checks
