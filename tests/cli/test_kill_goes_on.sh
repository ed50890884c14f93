#!/bin/sh
# test_kill_goes_on.sh - policy wait: the host was told carol and dave
# missed their deadline; carol's move comes by mail, late, and the host is
# told the game goes on (deadline.c mq_deadline_tell_host_moved). serve
# killed at each write of that pass (lib_kill.sh), restarted: the host gets
# that mail once, as the pass nobody killed sent it. Before, the mail was
# queued after the game's mail mark moved past carol's entry, from what
# the game was before it: a kill after the entry and before the mail left
# nobody to tell the host again (the restart rebuilds the players' mails
# from the log, never the host's), and the host, told the game waits,
# acted on a move made since. Now it goes before the mark, and the
# rebuild of the entry's mails (inbound_rebuild.c) sends it too; its
# told- marker keeps it to one.
. tests/cli/lib.sh
. tests/cli/lib_kill.sh

W=$T/wait
kill_rm $W wait
MASQUED_NOW=$((T0 + 18 * H)) expect 0 "the reminders" -- $M -C $W serve --once
MASQUED_NOW=$((T0 + 24 * H)) expect 0 "the deadline: the host told" -- \
    $M -C $W serve --once
[ "$(grep -l '^To: host@x.test' $W/mail/outbox/new/* | xargs grep -l '^Subject: .*waits for you' | wc -l)" -ge 1 ] ||
    fail "the host was not told the game waits"; ok
kill_mail $W carol "$($MREL -C $W bot $RG carol)"

# goes_on DIR: the goes-on mails to the host in DIR's outbox, as their
# Message-IDs, one a line (a mail sent twice at a kill is one id)
goes_on() {
	grep -l "^Subject: .*game $RG goes on: carol moved" $1/mail/outbox/new/* 2>/dev/null |
	    xargs -r grep -h '^Message-ID:' | tr -d '\r' | sort -u
}

# nobody killed: one mail
cp -a $W $T/once
MASQUED_NOW=$((T0 + 25 * H)) expect 0 "carol's late move" -- $M -C $T/once serve --once
[ "$(goes_on $T/once | wc -l)" = 1 ] ||
    fail "not one goes-on mail to the host: $(goes_on $T/once | wc -l)"; ok
[ "$(grep -l '^Subject: .*goes on' $T/once/mail/outbox/new/* | wc -l)" = 1 ] ||
    fail "the goes-on mail went more than once"; ok
rm -rf $T/once

goes_on_once() {
	[ "$1" = check ] || return 0
	[ "$(goes_on $3 | wc -l)" = 1 ] ||
	    fail "$2: $(goes_on $3 | wc -l) goes-on mail(s) to the host, not one"; ok
}
KILL_HOOK=goes_on_once
kill_sweep pwrite64,linkat,rename,renameat2 30 $W $((T0 + 25 * H)) 0 $RG -- serve --once
echo "$(basename "$0"): $checks checks passed ($KILL_POINTS kill points)"
