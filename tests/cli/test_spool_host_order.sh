#!/bin/sh
# test_spool_host_order.sh - the host's notices of an IMAP outage go in
# the order they were made: "the game mailbox cannot be read" (the login
# refused) waits in the spool while the SMTP server is down too, and "is
# read again" goes after it. By name, "admin-imap-back-T" sorted before
# "admin-imap-refused-T", and the host's inbox ended with "cannot be read"
# though all was well (found by a host's walk-through): the end's key is
# imap-up now, after imap-down and imap-refused.
. tests/cli/lib.sh
I=$T/imap
expect 0 "init" -- $M -C $I init
imap_conf $I 1
G=$(new_game $I) || fail "new"
smtp_gone
printf 'admin = host@x.test\noutbound = smtp\nsmtp_url = smtp://127.0.0.1:%s\nfrom = masqued <game@example.org>\nreply_domain = example.org\n' \
    "$(cat $T/sinkport)" >>$I/masqued.conf
sed -i '/^admin = x@y.test$/d' $I/masqued.conf
fake_imap FAKE_IMAP_REFUSE_LOGIN=1
sed -i "s|^imap_url = .*|imap_url = imap://127.0.0.1:$(cat $T/port)|" $I/masqued.conf
expect 4 "serve: the login refused, the SMTP server down" -- $M -C $I serve --once
err_has "refused the login"
ls $I/spool | grep -q "^admin-imap-refused-" || fail "the refusal's notice not spooled: $(ls $I/spool)"; ok
# both mended: the mailbox is read, and the notices go, in order
fake_imap
sed -i "s|^imap_url = .*|imap_url = imap://127.0.0.1:$(cat $T/port)|" $I/masqued.conf
smtp_sink $T/got
sed -i "s|^smtp_url = .*|smtp_url = smtp://127.0.0.1:$(cat $T/sinkport)|" $I/masqued.conf
expect 0 "serve: both back" -- $M -C $I serve --once
order=$(for f in $(ls $T/got | sort); do grep -h "^Subject:" $T/got/$f | tr -d '\r'; done | grep "game mailbox")
want="Subject: [masqued] the game mailbox cannot be read
Subject: [masqued] the game mailbox is read again"
[ "$order" = "$want" ] || { echo "$order" >&2; fail "the host's notices not in the order they were made"; }; ok
done_checks
