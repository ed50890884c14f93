#!/bin/sh
# test_host_one_line.sh - the host's free text on the command line.
# admin's --why is said on one line of every notice ("Why: ..."): one
# with a line break broke the text and HTML parts (and the log kept it
# escaped), and bytes that are no UTF-8 were "Out of memory", exit 4; both
# refused, exit 2, one line, nothing logged nor queued, for every action.
# submit's command arguments may each hold lines, as a mail's text does
# (masqued help submit): a host's script that passes a file's text,
# "$(cat phoned.txt)", enters each line, a CR before the break ignored.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
L=$D/games/$G/log
cp $L $T/log0
ls $D/spool >$T/spool0
nl=$(printf 'the venue\nis closed')
cr=$(printf 'the venue\ris closed')
tab=$(printf 'the venue\tis closed')
bad=$(printf 'the venue \377 closed')
for a in pause resume "extend 24h" "kick alice" "rotate-token alice" \
    "default alice" end "replace alice alice2@x.test"; do
	# shellcheck disable=SC2086
	expect 2 "admin $a, a why of two lines" -- $M -C $D admin $G $a --why "$nl"
	one_line
	err_has "admin ${a%% *}: --why's reason holds a line break; write it on one line, as the players' notice says it"
done
expect 2 "a CR in the why" -- $M -C $D admin $G pause --why "$cr"
err_has "--why's reason holds a line break"; one_line
expect 2 "a tab in the why" -- $M -C $D admin $G pause --why "$tab"
err_has "--why's reason holds a control character"; one_line
expect 2 "a why that is no UTF-8" -- $M -C $D admin $G pause --why "$bad"
err_has "admin pause: --why's reason is not UTF-8 text"; one_line
same_file $L $T/log0 "a refused why was logged"
ls $D/spool | cmp -s - $T/spool0 || fail "a refused why queued mail"; ok
# a why on one line, Unicode in it, is taken
expect 0 "a why on one line" -- $M -C $D admin $G pause --why "the venue — closed, 会場"
expect 0 "resume" -- $M -C $D admin $G resume --why "open again"

# submit: one argument of several lines is those lines, CRLF or LF
p=$($MREL -C $D view $G admin --json | /usr/bin/python3 -c 'import json, sys
print(json.load(sys.stdin)["owes"][0]["player"])')
c=$($MREL -C $D bot $G $p | grep '^PLACE')
[ -n "$c" ] || fail "no placement for $p"; ok
expect 0 "two lines in one argument, CRLF" -- $M -C $D submit $G $p \
    "$(printf '%s\r\nSTATUS\r\n' "$c")" --never-mail
json_is "[c['text'] for c in json.loads(j['body'])['commands']] == ['$c']" \
    "the receipt: the PLACE line, its CR gone (STATUS logs nothing)"
# all or none across the lines of one argument
cp $L $T/log1
q=$($MREL -C $D view $G admin --json | /usr/bin/python3 -c 'import json, sys
print(json.load(sys.stdin)["owes"][0]["player"])')
expect 1 "a bad line among them refuses all" -- $M -C $D submit $G $q \
    "$(printf '%s\nPLACE nowhere' "$($MREL -C $D bot $G $q | grep '^PLACE')")" --never-mail
same_file $L $T/log1 "a refused line let its neighbour be logged"
done_checks
