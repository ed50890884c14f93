#!/bin/sh
# test_host_over.sh - the host heard nothing when a game ended: the
# players got the end mail, the host (config admin) no word, and learnt of
# it from `masqued games` if at all. Now the host gets one short mail, once
# per game (DATA/cursor/told-over-GAME, kept across restarts): game X is
# over, after which round (The Red Death) or turn (The Masquerade), at
# which entry, who won or how it ended, and the ready commands `masqued -C
# DIR verify X` and `replay X`. A game the host ended says so. A later
# pass, a STATUS after the end (the end mail again) and a restart send no
# second one.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
. tests/cli/lib_mail.sh
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
echo "rate_limit = 86400" >>$D/masqued.conf
DIR=$(cd $D && pwd -P)
# over_mails G: the host's mails that G is over (a long Message-ID is
# folded onto the next line)
over_mails() { grep -l "<host\.over-$1\." $O/* 2>/dev/null | wc -l; }
over_text() {
	mail_body "$(grep -l "<host\.over-$1\." $O/*)" | tr '\n' ' ' | tr -s ' ' >$T/over.txt
	grep -q "^Subject: \[masqued\] game $1 is over" "$(grep -l "<host\.over-$1\." $O/*)" ||
	    fail "the host's mail of $1's end has not its subject"; ok
}
has() { grep -qF -- "$1" $T/over.txt || { cat $T/over.txt >&2; echo >&2; fail "$2"; }; ok; }

# The Red Death, played to its end by the bots (submit: every mail queued)
G=$(new_game $D) || fail "new"
expect 0 "serve: the welcomes" -- $M -C $D serve --once
[ "$(over_mails $G)" = 0 ] || fail "the host was told a game is over at its start"; ok
play_out $D $G
expect 0 "serve: the end mails" -- $M -C $D serve --once
[ "$(over_mails $G)" = 1 ] || fail "not one mail to the host that $G is over: $(over_mails $G)"; ok
over_text $G
winner=$($MREL -C $D view $G admin --json | $PY -c '
import json, sys
w = json.load(sys.stdin).get("winner")
print(w if isinstance(w, str) else (w or {}).get("name", "") if w else "")')
if [ -n "$winner" ]; then
	has "Game $G (redmasque) is over by its rules, after round" "the host's mail does not say the game ended by its rules, after which round"
	has ": $winner wins." "the host's mail does not name the winner, $winner"
else
	has "nobody survived, nobody wins." "the host's mail does not say that nobody won"
fi
has "masqued -C $DIR verify $G" "the host's mail has no ready verify line"
has "masqued -C $DIR replay $G" "the host's mail has no ready replay line"
# once: a later pass, a STATUS after the end, a restart
expect 0 "a STATUS after the end" -- $M -C $D submit $G alice STATUS
expect 0 "serve again" -- $M -C $D serve --once
expect 0 "serve again" -- $M -C $D serve --once
[ "$(over_mails $G)" = 1 ] || fail "the host was told twice that $G is over: $(over_mails $G)"; ok
[ -f $D/cursor/told-over-$G ] || fail "no marker that the host was told $G is over"; ok

# ended by the host
G2=$(new_game $D) || fail "new"
expect 0 "serve: the welcomes" -- $M -C $D serve --once
expect 0 "admin end" -- $M -C $D admin $G2 end --why "we stopped"
expect 0 "serve: the end mails" -- $M -C $D serve --once
[ "$(over_mails $G2)" = 1 ] || fail "not one mail to the host that $G2 is over: $(over_mails $G2)"; ok
over_text $G2
has "Game $G2 (redmasque) is over: you ended it before its first round (entry 2 of its log), with no winner." "the host's mail does not say the host ended $G2"

# The Masquerade: its turns
D=$T/ms
O=$D/mail/outbox/new
ms_game $D 0000000000000000000000000000000000000000000000000000000000000001 dave
echo "admin = host@x.test" >>$D/masqued.conf
DIR=$(cd $D && pwd -P)
expect 0 "serve: the welcomes" -- $M -C $D serve --once
to_the_last_move
expect 0 "the last move" -- $M -C $D submit $G $p "$move"
expect 0 "serve: the end mails" -- $M -C $D serve --once
[ "$(over_mails $G)" = 1 ] || fail "not one mail to the host that the Masquerade $G is over: $(over_mails $G)"; ok
over_text $G
has "Game $G (masquerade) is over by its rules, after turn" "the Masquerade's host mail does not count its turns"
has " wins." "the Masquerade's host mail names no winner"
has "masqued -C $DIR verify $G" "the Masquerade's host mail has no ready verify line"
done_checks
