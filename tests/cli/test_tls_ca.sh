#!/bin/sh
# test_tls_ca.sh - a host whose own mail server has a self-signed (or
# private-CA) certificate names it with tls_ca_file, for IMAP and SMTP
# alike: without it the pass says that the server's TLS certificate could
# not be checked and points at the key; with it, mail is read and sent.
# The check is never skipped. A tls_ca_file that is not a readable file
# from / is refused at start, naming the key.
. tests/cli/lib.sh
command -v openssl >/dev/null || { echo "test_tls_ca.sh: no openssl, skipped"; exit 0; }
D=$T/d
expect 0 "init" -- $M -C $D init
openssl req -x509 -newkey rsa:2048 -nodes -keyout $T/key.pem -out $T/cert.pem \
    -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
    >/dev/null 2>&1 || fail "openssl made no certificate"; ok
conf() {	# extra line
	tls_conf $D "tls = yes" "$1"
}
fake_imap FAKE_IMAP_TLS=$T/cert.pem:$T/key.pem
smtp_sink SINK_TLS=$T/cert.pem:$T/key.pem $T/got
conf ""
# the certificates are the host's own, no CA vouches for them: the
# mailbox is unread (exit 4), the host's notice of it waits in the spool
expect 4 "serve, the servers' certificates self-signed, no tls_ca_file" -- $M -C $D serve --once
err_has "The TLS certificate of the IMAP server 127.0.0.1:$(cat $T/port) could not be checked: SSL certificate problem: self-signed certificate; if the server's certificate is your own, set tls_ca_file to it"
err_has "The TLS certificate of the SMTP server 127.0.0.1:$(cat $T/sinkport) could not be checked: SSL certificate problem: self-signed certificate; if the server's certificate is your own, set tls_ca_file to it"
grep -q LOGIN $T/imap.log 2>/dev/null && fail "logged in past a certificate not checked"; ok
[ -z "$(ls $T/got)" ] || fail "mail sent past a certificate not checked"; ok
# named: both servers are checked against it, and pass
conf "tls_ca_file = $T/cert.pem"
expect 0 "serve with tls_ca_file" -- $M -C $D serve --once
grep -q LOGIN $T/imap.log || fail "the IMAP server was not logged in to"; ok
grep -q "certificate" $T/err && { cat $T/err; fail "a certificate refused with tls_ca_file"; }; ok
[ "$(ls $T/got | wc -l)" -ge 1 ] || { cat $T/err; fail "no mail sent with tls_ca_file"; }; ok
# another certificate named: still checked, still refused
openssl req -x509 -newkey rsa:2048 -nodes -keyout $T/key2.pem -out $T/other.pem \
    -days 2 -subj /CN=127.0.0.1 >/dev/null 2>&1 || fail "openssl"; ok
conf "tls_ca_file = $T/other.pem"
expect 4 "serve with another certificate as tls_ca_file" -- $M -C $D serve --once
err_has "The TLS certificate of the IMAP server"
# refused at start, naming the key
bad() {	# description, value, sentence
	conf "tls_ca_file = $2"
	expect 1 "$1" -- $M -C $D games
	err_has "$3"; one_line
}
bad "a relative tls_ca_file" "cert.pem" 'tls_ca_file takes the path from / of a PEM file holding your mail server'"'"'s certificate or its CA'"'"'s, such as /etc/masqued/mail-ca.pem, not "cert.pem".'
bad "a tls_ca_file that does not exist" "$T/none.pem" "tls_ca_file names $T/none.pem, which cannot be read: No such file or directory"
bad "a tls_ca_file that is a folder" "$T" "tls_ca_file names $T, which is not a file."
done_checks
