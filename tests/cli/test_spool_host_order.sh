#!/bin/sh
# test_spool_host_order.sh - the host's notices go in the order they were
# made: an outage's "the mailbox is read again" after its "cannot be
# read", which waited in the spool with it (the SMTP server down too). By
# name, "admin-imap-back-T" sorted first, and the host's inbox ended with
# "cannot be read" though all was well (found by a host's walk-through).
# Two notices of different times go by time, whatever their names.
. tests/cli/lib.sh
D=$T/d
expect 0 "init" -- $M -C $D init
notice() {	# name subject
	printf 'X-Masqued-Envelope-To: host@x.test\r\nFrom: masqued <game@masqued.invalid>\r\nTo: host@x.test\r\nSubject: %s\r\nMessage-ID: <%s@masqued.invalid>\r\n\r\n%s\r\n' \
	    "$2" "$1" "$2" >$D/spool/$1.eml
}
mkdir -p $D/spool
notice admin-imap-refused-1790000000 "the game mailbox cannot be read"
notice admin-imap-back-1790000000 "the game mailbox is read again"
notice admin-smtp-back-1789990000 "the SMTP server takes mail again"
expect 0 "serve: the waiting notices go" -- $M -C $D serve --once
order=$(for f in $(ls $D/mail/outbox/new | sort -t. -k1,1n -k2,2n); do
	grep -h "^Subject:" $D/mail/outbox/new/$f | tr -d '\r'; done)
want="Subject: the SMTP server takes mail again
Subject: the game mailbox cannot be read
Subject: the game mailbox is read again"
[ "$order" = "$want" ] || { echo "$order" >&2; fail "the host's notices not in the order they were made"; }; ok
done_checks
