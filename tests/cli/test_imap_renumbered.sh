#!/bin/sh
# test_imap_renumbered.sh - an IMAP server that numbers its mailbox anew
# under the same UIDVALIDITY (RFC 3501 forbids it; Dovecot does it when its
# index files are lost under a live session, as a soak of serve on
# Dovecot found): the UIDs are back at 1, the cursor far past them. The
# daemon used to search after its cursor, find nothing, and say nothing,
# pass after pass: every move that came was left unread until the new UIDs
# climbed past the old cursor. STATUS's UIDNEXT at or below the cursor now
# says the mailbox was numbered anew: the log says so, the mailbox is read
# again from its start (as after a changed UIDVALIDITY: moves applied once,
# old mail not answered), and the cursor is set back. A UIDNEXT past the
# cursor, or none, changes nothing. The server is tests/data/fake_imap.py.
. tests/cli/lib.sh
PY=/usr/bin/python3
I=$T/imap
expect 0 "init" -- $M -C $I init
imap_conf $I 1
C=$I/cursor/imap
G=$(new_game $I) || fail "new"
# no server yet: the welcome mails go; the outage is logged, no failure
expect 0 "a pass with no IMAP server to reach" -- $M -C $I serve --once
err_has "inbound: Cannot connect to the IMAP server 127.0.0.1:1"
err_has "; trying again next pass"
[ -e $C ] && fail "a cursor was written with no server reached"; ok
RT=$(grep -l "^To: alice@x.test" $I/mail/outbox/new/* | head -n 1 | xargs sed -n 's/^Reply-To: //p' | tr -d '\r')
[ -n "$RT" ] || fail "no welcome mail to alice"; ok
MV=$($MREL -C $I bot $G alice) && [ -n "$MV" ] || fail "no move for alice"; ok
printf 'From: x@y.test\r\nTo: game@masqued.invalid\r\nSubject: hi\r\nMessage-ID: <m1@y.test>\r\n\r\nhello\r\n' > $T/m1.eml
printf 'From: alice@x.test\r\nTo: %s\r\nSubject: Re: the masque\r\nMessage-ID: <mv@x.test>\r\n\r\n%s\r\n' "$RT" "$MV" > $T/move.eml

# imap [ENV=VALUE...]: the fake server with m1 (UID 1) and the move (UID 2)
imap() {
	fake_imap "$@" $T/m1.eml $T/move.eml
	sed -i "s|^imap_url = .*|imap_url = imap://127.0.0.1:$(cat $T/port)|" $I/masqued.conf
}

# a server that leaves UIDNEXT out: nothing to go by, the cursor is followed
imap FAKE_IMAP_NO_UIDNEXT=1
printf '1700000000 40\n' > $C
expect 0 "a pass on a server without UIDNEXT" -- $M -C $I serve --once
grep -q "numbered the mailbox anew" $T/err && fail "a server without UIDNEXT was said to renumber"; ok
[ "$(cat $C)" = "1700000000 40" ] || fail "the cursor is $(cat $C)"; ok

# numbered anew: UIDNEXT 3, the cursor at 40, the same UIDVALIDITY
imap
ls $I/mail/outbox/new > $T/before
expect 0 "a pass after the server numbered the mailbox anew" -- $M -C $I serve --once
err_has "imap: the server's next UID is 3, not past the last UID read, 40, under the same UIDVALIDITY 1700000000: it has numbered the mailbox anew; reading it again from the start, answering only moves and mail dated after its last pass"
grep -qx "A[0-9]* UID SEARCH UID 1:\*" $T/imap.log || { cat $T/imap.log; fail "the mailbox was not read from its start"; }; ok
err_has "pass: 2 message(s): 1 applied, 0 answered, 0 duplicate"
new=$(ls $I/mail/outbox/new | comm -13 $T/before -)
(cd $I/mail/outbox/new && grep -l "^X-Masqued-Mail: receipt" $new | xargs grep -q "^To: alice@x.test") ||
    fail "alice's move got no receipt"; ok
$MREL -C $I log $G | grep -c " command " | grep -qx 1 || { $MREL -C $I log $G; fail "the move is not logged once"; }; ok
[ "$(cat $C)" = "1700000000 2" ] || fail "the cursor is $(cat $C)"; ok

# and then a sound cursor (UIDNEXT 3, past 2): followed, nothing said
: > $T/imap.log
expect 0 "a pass after a sound cursor" -- $M -C $I serve --once
grep -q "numbered the mailbox anew" $T/err && fail "a sound cursor was said to be past the server's UIDs"; ok
grep -qx "A[0-9]* UID SEARCH UID 3:\*" $T/imap.log || { cat $T/imap.log; fail "a sound cursor was not followed"; }; ok
$MREL -C $I log $G | grep -c " command " | grep -qx 1 || fail "the move was doubled"; ok
expect 0 "the log verifies" -- $M -C $I verify $G
done_checks
