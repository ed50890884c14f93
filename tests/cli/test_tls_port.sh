#!/bin/sh
# test_tls_port.sh - imaps:// or smtps:// pointed at a port that speaks
# plain text (143, 25, 587): OpenSSL says only "wrong version number"; the
# pass's sentence adds that the server did not speak TLS on that port, and
# which scheme goes with which port (the fake servers speak plain text).
# imap:// and smtp:// with tls = yes at servers that offer no STARTTLS: the
# sentence says what to do (imaps:// or smtps://, or tls = no for a server
# on this machine or its LAN); a refused login names the keys to check.
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

# tls = yes (the default) and plain-text URLs: the servers offer no STARTTLS
sed -i -e 's|imaps://|imap://|' -e 's|smtps://|smtp://|' $D/masqued.conf
expect 4 "serve, tls = yes at servers without STARTTLS" -- $M -C $D serve --once
err_has "The IMAP server 127.0.0.1:$(cat $T/port) does not offer TLS, which the configuration requires: use imaps:// for port 993, or, for a server on this machine or its LAN that has no TLS, set tls = no; the mailbox is unread since"
err_has "The SMTP server 127.0.0.1:$(cat $T/sinkport) does not offer TLS, which the configuration requires: use smtps:// for port 465, or, for a server on this machine or its LAN that has no TLS, set tls = no"
expect 0 "games says it too" -- $M -C $D games
out_has "does not offer TLS, which the configuration requires: use imaps:// for port 993, or"
[ -z "$(ls $T/got)" ] || fail "mail sent"; ok

# a refused login: which keys hold the user and the password
fake_imap FAKE_IMAP_REFUSE_LOGIN=1
sed -i "s|^imap_url = .*|imap_url = imap://127.0.0.1:$(cat $T/port)|" $D/masqued.conf
echo "tls = no" >> $D/masqued.conf
expect 4 "serve, the login refused" -- $M -C $D serve --once
err_has "The IMAP server 127.0.0.1:$(cat $T/port) refused the login of user game: check imap_user and its password (imap_password_file or imap_password_env); a provider may want an app password, not the account's own; the mailbox is unread since"
done_checks
