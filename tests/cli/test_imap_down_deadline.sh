#!/bin/sh
# test_imap_down_deadline.sh - no deadline passes while the mailbox cannot
# be read to its end: a move for the game may wait there. An IMAP server
# out of reach at a deadline used to have the pass play the default for a
# player who had moved in time, and then refuse their move when the server
# came back. Now the pass says the deadlines wait; the next pass that reads
# the mailbox applies the move first, and no timeout is logged. A message
# the server breaks off (the rest of the mailbox unread behind it, in UID
# order) holds the deadlines the same way, as does a refused login. The log and `games` say since
# when the mailbox is unread (DATA/cursor/imap-down), and the log says when
# the server answers again. The server is
# tests/data/fake_imap.py.
. tests/cli/lib.sh
I=$T/imap
T0=1790000000
H=3600
export MASQUED_NOW=$T0
expect 0 "init" -- $M -C $I init
imap_conf $I 1
G=$(new_game $I) || fail "new"
expect 0 "the welcome, with no IMAP server to reach" -- $M -C $I serve --once
P1=$($MREL -C $I view $G admin --json | /usr/bin/python3 -c '
import json, sys
print(" ".join(o["player"] for o in json.load(sys.stdin)["owes"]))')
[ -n "$P1" ] || fail "nobody owes a placement"; ok
RT=$(grep -l "^To: $P1@x.test" $I/mail/outbox/new/* | head -n 1 | xargs sed -n 's/^Reply-To: //p' | tr -d '\r')
[ -n "$RT" ] || fail "no welcome mail to $P1"; ok
MV=$($MREL -C $I bot $G $P1) && [ -n "$MV" ] || fail "no move for $P1"; ok
printf 'From: %s@x.test\r\nTo: %s\r\nSubject: Re: the masque\r\nMessage-ID: <mv@x.test>\r\n\r\n%s\r\n' "$P1" "$RT" "$MV" > $T/move.eml
printf '1700000000 0\n' > $I/cursor/imap	# read the mailbox from its start

# past the deadline (72 h), the server still out of reach: nothing is played
MASQUED_NOW=$((T0 + 73 * H)) expect 0 "a pass past the deadline, the server out of reach" -- $M -C $I serve --once
err_has "inbound: Cannot connect to the IMAP server 127.0.0.1:1"
err_has "deadlines: 1 game(s) wait for a pass that reads the mailbox to its end: a move for them may be there"
err_has "0 timeout(s)"
[ "$($MREL -C $I log $G | wc -l)" = 1 ] || { $MREL -C $I log $G; fail "the game moved while its mailbox was out of reach"; }; ok
# the log and `games` say since when the mailbox is unread (the first pass's)
err_has "the mailbox is unread since 2026-09-21 14:13 UTC, and the deadlines wait; trying again next pass"
[ -f $I/cursor/imap-down ] || fail "no record of the outage"; ok
MASQUED_NOW=$((T0 + 73 * H)) expect 0 "games during the outage" -- $M -C $I games
out_has "Mail in: the IMAP mailbox is unread since 2026-09-21 14:13 UTC (the server's answer: Cannot connect to the IMAP server 127.0.0.1:1"
out_has "the replies wait there, and no deadline passes until it is read."
MASQUED_NOW=$((T0 + 73 * H)) expect 0 "games --json during the outage" -- $M -C $I games --json
json_is 'j["mail_in"]["down"]["since"] == '$T0' and j["mail_in"]["down"]["answer"].startswith("Cannot connect to the IMAP server 127.0.0.1:1")' "games --json's mail_in"

# a server that refuses the login (a changed password): the host's to mend,
# and the same wait; serve --once says the failure (exit 4)
fake_imap FAKE_IMAP_REFUSE_LOGIN=1 $T/move.eml
sed -i "s|^imap_url = .*|imap_url = imap://127.0.0.1:$(cat $T/port)|" $I/masqued.conf
MASQUED_NOW=$((T0 + 73 * H)) expect 4 "a pass whose login is refused" -- $M -C $I serve --once
err_has "inbound: The IMAP server 127.0.0.1:$(cat $T/port) refused the login of user game"
err_has "refused the login of user game: check imap_user and its password (imap_password_file or imap_password_env); a provider may want an app password, not the account's own; the mailbox is unread since 2026-09-21 14:13 UTC, and the deadlines wait; trying again next pass"
[ "$(grep -c "refused the login" $T/err)" = 1 ] || { cat $T/err; fail "the refused login logged more than once"; }; ok
err_has "deadlines: 1 game(s) wait for a pass that reads the mailbox to its end"
[ "$($MREL -C $I log $G | wc -l)" = 1 ] || { $MREL -C $I log $G; fail "the game moved while the login was refused"; }; ok
MASQUED_NOW=$((T0 + 73 * H)) expect 0 "games while the login is refused" -- $M -C $I games
out_has "Mail in: the IMAP mailbox is unread since 2026-09-21 14:13 UTC (the server's answer: The IMAP server 127.0.0.1:"
out_has "refused the login of user game: check imap_user and its password (imap_password_file or imap_password_env); a provider may want an app password, not the account's own)"

# a damaged record: games says so; the outage is counted from the next failure
printf 'garbage' > $I/cursor/imap-down
expect 0 "games with a damaged record" -- $M -C $I games
out_has "Mail in: $I/cursor/imap-down, the record of an IMAP outage, is damaged; the next serve pass that reads the mailbox removes it."
expect 0 "games --json with a damaged record" -- $M -C $I games --json
json_is 'j["mail_in"] == {"down": {"damaged": True}}' "games --json's mail_in"
MASQUED_NOW=$((T0 + 73 * H + 60)) expect 4 "a pass with a damaged record, the login refused" -- $M -C $I serve --once
err_has "inbound: $I/cursor/imap-down is damaged; the IMAP outage it recorded is counted from now"
err_has "the mailbox is unread since 2026-09-24 15:14 UTC"
printf '%s\nthe login\n' $T0 > $I/cursor/imap-down	# as it was

# the server breaks off the move's fetch: the deadline still waits
fake_imap FAKE_IMAP_TRUNCATE=1 $T/move.eml
sed -i "s|^imap_url = .*|imap_url = imap://127.0.0.1:$(cat $T/port)|" $I/masqued.conf
MASQUED_NOW=$((T0 + 74 * H)) expect 4 "a pass whose one message is broken off (left for the next)" -- $M -C $I serve --once
err_has "deadlines: 1 game(s) wait for a pass that reads the mailbox to its end"
[ "$($MREL -C $I log $G | wc -l)" = 1 ] || { $MREL -C $I log $G; fail "the game moved while its move was unread"; }; ok
# the server answered: the outage is over (the message it broke off is
# another matter: stuck.h)
err_has "inbound: the IMAP server answers again; the mailbox was unread since 2026-09-21 14:13 UTC"
[ -f $I/cursor/imap-down ] && fail "the record of the outage outlived it"; ok

# read at last: the move is applied, and no default is played for it
MASQUED_NOW=$((T0 + 75 * H)) expect 0 "a pass that reads the mailbox" -- $M -C $I serve --once
err_has "1 applied"
MASQUED_NOW=$((T0 + 75 * H)) expect 0 "games after the outage" -- $M -C $I games
grep -q "^Mail in:" $T/out && { cat $T/out; fail "games still says the mailbox is unread"; }; ok
MASQUED_NOW=$((T0 + 75 * H)) expect 0 "games --json after the outage" -- $M -C $I games --json
json_is 'j["mail_in"] == {"down": None}' "games --json's mail_in"
$MREL -C $I log $G > $T/log
grep -q "command  $P1: PLACE" $T/log || { cat $T/log; fail "$P1's move is not logged"; }; ok
grep -q "timeout" $T/log && { cat $T/log; fail "a default was played though $P1 had moved"; }; ok
expect 0 "verify" -- $M -C $I verify $G
kill $IMAP_PID 2>/dev/null; wait $IMAP_PID 2>/dev/null
done_checks
