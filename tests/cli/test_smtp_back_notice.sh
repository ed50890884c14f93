#!/bin/sh
# test_smtp_back_notice.sh - the host's notice that an SMTP outage is over
# names the server as the log does, by its host and port: a password in
# smtp_url (smtp://USER:PASSWORD@HOST, which libcurl takes) is in neither
# the spooled notice nor the mail the server gets.
. tests/cli/lib.sh
D=$T/d
expect 0 "init" -- $M -C $D init
smtp_gone
port=$(cat $T/sinkport)
smtp_conf $D smtp://game:s3cr3tpw@127.0.0.1:$port
new_game $D >/dev/null || fail "new"
t0=$MASQUED_NOW
expect 0 "serve, the server down" -- $M -C $D serve --once
err_has "this outage counts no try against them"
# two hours on, the server back (no AUTH offered: libcurl sends no login)
smtp_sink $T/got
smtp_point $D smtp://game:s3cr3tpw@127.0.0.1:$(cat $T/sinkport)
# traced, where strace can: the record's removal is made durable (a
# record back after a power cut would tell the host of this end twice)
if command -v strace >/dev/null && strace -f -qq -o /dev/null -e trace=none true 2>/dev/null; then
	MASQUED_NOW=$((t0 + 7200)) ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 \
	    expect 0 "serve, the server back" -- strace -f -y -qq \
	    -e trace=unlink,unlinkat,fsync,fdatasync,syncfs -o $T/back.trace $M -C $D serve --once
	awk '/smtp-down/ && /unlink/ { u = 1; next }
	    u && /fsync\(.*\/cursor>\)|syncfs/ { s = 1 }
	    END { exit !(u && s) }' $T/back.trace ||
	    { grep -n "smtp-down\|cursor>" $T/back.trace; fail "the outage record's removal is not synced"; }
	ok
else
	MASQUED_NOW=$((t0 + 7200)) expect 0 "serve, the server back" -- $M -C $D serve --once
fi
err_has "the SMTP server takes mail again"
f=$(ls $D/spool/admin-smtp-back-*.eml 2>/dev/null)
[ -n "$f" ] || fail "the host's notice not spooled: $(ls $D/spool)"; ok
! grep -q s3cr3tpw $f || { cat $f; fail "the SMTP password in the host's notice"; }; ok
/usr/bin/python3 -c '
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(m.get_payload(decode=True).decode().replace("\n", " "))' $f > $T/notice
grep -q "The SMTP server 127.0.0.1:$(cat $T/sinkport) took no mail" $T/notice ||
    { cat $T/notice; fail "the notice does not name the server"; }; ok
MASQUED_NOW=$((t0 + 7260)) expect 0 "serve, the notice goes" -- $M -C $D serve --once
err_has "1 mail(s) sent, 0 waiting, 0 dead"
! grep -rq s3cr3tpw $T/got || fail "the SMTP password in a mail the server got"; ok
done_checks
