#!/bin/sh
# test_imap_down_host.sh - the host hears by mail of a game mailbox that
# cannot be read, since no deadline passes meanwhile (inbound_outage.h): an
# IMAP server out of reach for an hour, once; one that refuses the login, at
# once (only the host can mend it), once more in the same outage; and the
# outage's end, to a host told of it. A server that answers and then fails
# (its search broken off, or refused) is the same outage. An outage shorter than an hour mails
# nobody. No mail holds the password. The server is tests/data/fake_imap.py;
# the host's mails go to the outbox Maildir.
. tests/cli/lib.sh
I=$T/imap
T0=1790000000
export MASQUED_NOW=$T0
expect 0 "init" -- $M -C $I init
imap_conf $I 1
export MQ_TEST_PW=sEcr3tPw
G=$(new_game $I) || fail "new"

# the host's mails about the mailbox in the outbox: count SUBJECT-WORDS
notices() {
	grep -l "^Subject: \[masqued\] the game mailbox $1" $I/mail/outbox/new/* 2>/dev/null | wc -l
}
# the one such mail's body, decoded, on one line
notice_body() {
	f=$(grep -l "^Subject: \[masqued\] the game mailbox $1" $I/mail/outbox/new/* | tail -n 1)
	grep -q '^To: x@y.test' $f || fail "the notice is not to the host"; ok
	/usr/bin/python3 -c '
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(m.get_payload(decode=True).decode().replace("\n", " "))' $f > $T/notice
}

# the notice says TEXT (fixed string), or the test fails saying WHAT
notice_has() {
	grep -qF -- "$1" $T/notice || { cat $T/notice; fail "the notice does not say $2"; }; ok
}
# the config's imap_url to the fake server just started
imap_here() {
	sed -i "s|^imap_url = .*|imap_url = imap://127.0.0.1:$(cat $T/port)|" $I/masqued.conf
}

# out of reach: no mail for the first hour
expect 0 "serve, the server out of reach" -- $M -C $I serve --once
err_has "the mailbox is unread since 2026-09-21 14:13 UTC"
MASQUED_NOW=$((T0 + 3599)) expect 0 "serve, out of reach for 59 minutes" -- $M -C $I serve --once
[ "$(notices 'cannot be read')" = 0 ] || fail "the host told of an outage under an hour"; ok
grep -q "the host is told" $T/err && { cat $T/err; fail "the host told before an hour"; }; ok
# an hour: the host is told, once
MASQUED_NOW=$((T0 + 3600)) expect 0 "serve, out of reach for an hour" -- $M -C $I serve --once
err_has "inbound: the host is told that the mailbox is unread"
[ "$(notices 'cannot be read')" = 1 ] || fail "the host not told of an hour's outage"; ok
notice_body 'cannot be read'
notice_has "masqued has not read the mailbox INBOX on the IMAP server 127.0.0.1:1 since 2026-09-21 14:13 UTC: it cannot reach the server. Its latest answer: Cannot connect to the IMAP server 127.0.0.1:1" "which mailbox, since when, and why"
notice_has "no deadline passes until masqued has read the mailbox to its end" "the deadlines wait"
MASQUED_NOW=$((T0 + 7200)) expect 0 "serve, out of reach for two hours" -- $M -C $I serve --once
[ "$(notices 'cannot be read')" = 1 ] || fail "the host told twice of one outage"; ok
grep -q "the host is told" $T/err && { cat $T/err; fail "the host told again"; }; ok

# the server refuses the login: the host's to mend, told at once
fake_imap FAKE_IMAP_REFUSE_LOGIN=1
imap_here
MASQUED_NOW=$((T0 + 7260)) expect 4 "serve, the login refused" -- $M -C $I serve --once
err_has "inbound: the host is told that the mailbox is unread"
# the cause on the line that says what it means, said once: the log said
# "the mailbox is unread ..." and "the host is told", then why
err_has "inbound: The IMAP server 127.0.0.1:$(cat $T/port) refused the login of user game: check imap_user and its password (imap_password_file or imap_password_env); a provider may want an app password, not the account's own; the mailbox is unread since 2026-09-21 14:13 UTC, and the deadlines wait; trying again next pass"
[ "$(grep -c "refused the login" $T/err)" = 1 ] || { cat $T/err; fail "the refused login said more than once"; }; ok
[ "$(notices 'cannot be read')" = 2 ] || fail "the host not told of the refused login"; ok
notice_body 'cannot be read'
notice_has "since 2026-09-21 14:13 UTC: the server refuses it. Its answer: The IMAP server 127.0.0.1:$(cat $T/port) refused the login of user game" "the login was refused"
notice_has "This is yours to mend: check imap_user, the password" "what to mend"
MASQUED_NOW=$((T0 + 7320)) expect 4 "serve, the login refused again" -- $M -C $I serve --once
[ "$(notices 'cannot be read')" = 2 ] || fail "the host told twice of one refused login"; ok
ls $I/cursor | grep -q '^told-imap-refused-' || fail "no marker of the notice: $(ls $I/cursor)"; ok

# back: the host, told of it, is told of its end; the markers go
fake_imap
imap_here
MASQUED_NOW=$((T0 + 10800)) expect 0 "serve, the mailbox read again" -- $M -C $I serve --once
err_has "inbound: the IMAP server answers again; the mailbox was unread since 2026-09-21 14:13 UTC"
[ "$(notices 'is read again')" = 1 ] || fail "the host not told of the outage's end"; ok
notice_body 'is read again'
notice_has "masqued reads the mailbox INBOX on the IMAP server 127.0.0.1:$(cat $T/port) again: it was unread from 2026-09-21 14:13 UTC until 2026-09-21 17:13 UTC." "from when until when"
[ -e $I/cursor/imap-down ] && fail "the outage still recorded"; ok
ls $I/cursor | grep -q '^told-imap-' && fail "markers left: $(ls $I/cursor)"; ok
MASQUED_NOW=$((T0 + 10860)) expect 0 "serve, the mailbox read as usual" -- $M -C $I serve --once
[ "$(notices 'is read again')" = 1 ] || fail "the host told twice of the end"; ok
grep -l "sEcr3tPw" $I/mail/outbox/new/* && fail "a mail holds the IMAP password"; ok

# a short outage (half an hour): the log says it, nobody is mailed
kill $IMAP_PID 2>/dev/null; wait $IMAP_PID 2>/dev/null; IMAP_PID=
MASQUED_NOW=$((T0 + 14400)) expect 0 "serve, out of reach again" -- $M -C $I serve --once
err_has "the mailbox is unread since 2026-09-21 18:13 UTC"
fake_imap
imap_here
MASQUED_NOW=$((T0 + 16200)) expect 0 "serve, back after half an hour" -- $M -C $I serve --once
err_has "inbound: the IMAP server answers again; the mailbox was unread since 2026-09-21 18:13 UTC"
[ "$(notices 'cannot be read')" = 2 ] || fail "the host told of a half-hour outage"; ok
[ "$(notices 'is read again')" = 1 ] || fail "the host told of a half-hour outage's end"; ok

# a server that answers, then breaks off its search: the outage keeps its
# start across those passes (each used to end it at the first answer and
# begin it again, and the hour never came), and the host hears of it
X=$((T0 + 20000))
fake_imap FAKE_IMAP_SEARCH=drop
imap_here
MASQUED_NOW=$X expect 0 "serve, the search broken off" -- $M -C $I serve --once
err_has "the mailbox is unread since 2026-09-21 19:46 UTC"
MASQUED_NOW=$((X + 3600)) expect 0 "serve, the search broken off an hour on" -- $M -C $I serve --once
err_has "the mailbox is unread since 2026-09-21 19:46 UTC"
grep -q "answers again" $T/err && { cat $T/err; fail "a pass that did not read the mailbox ended the outage"; }; ok
[ "$(notices 'cannot be read')" = 3 ] || fail "the host not told of an hour's outage after the server's first answer"; ok
# a server that refuses the search: the host's to mend, told at once
fake_imap FAKE_IMAP_SEARCH=no
imap_here
MASQUED_NOW=$((X + 3660)) expect 4 "serve, the search refused" -- $M -C $I serve --once
err_has "the mailbox is unread since 2026-09-21 19:46 UTC"
[ "$(notices 'cannot be read')" = 4 ] || fail "the host not told of a refused search"; ok
notice_body 'cannot be read'
notice_has "the server refuses it." "the search was refused"
fake_imap
imap_here
MASQUED_NOW=$((X + 3720)) expect 0 "serve, the search answered" -- $M -C $I serve --once
[ "$(notices 'is read again')" = 2 ] || fail "the host not told of the second outage's end"; ok
expect 0 "verify" -- $M -C $I verify $G
kill $IMAP_PID 2>/dev/null; wait $IMAP_PID 2>/dev/null
done_checks
