#!/bin/sh
# test_tls_port.sh - imaps:// or smtps:// pointed at a port that speaks
# plain text (143, 25, 587): OpenSSL says only "wrong version number"; the
# pass's sentence adds that the server did not speak TLS on that port, and
# which scheme goes with which port (the fake servers speak plain text).
. tests/cli/lib.sh
D=$T/d
expect 0 "init" -- $M -C $D init
fake_imap
smtp_sink $T/got
tls_conf $D
expect 4 "serve, imaps:// and smtps:// at plain-text ports" -- $M -C $D serve --once
err_has "IMAP with 127.0.0.1:$(cat $T/port) failed while reading the UIDVALIDITY: "
err_has "wrong version number; the server did not speak TLS on that port: use imap:// (with tls = yes for STARTTLS) for port 143, imaps:// for 993"
err_has "through 127.0.0.1:$(cat $T/sinkport) failed: "
err_has "wrong version number; the server did not speak TLS on that port: use smtp:// (with tls = yes for STARTTLS) for port 25 or 587, smtps:// for 465"
[ -z "$(ls $T/got)" ] || fail "mail sent"; ok
done_checks
