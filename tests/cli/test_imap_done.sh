#!/bin/sh
# test_imap_done.sh - the IMAP done folder (imap_done_folder) on three kinds
# of server, against tests/data/fake_imap.py on loopback: one with MOVE
# (RFC 6851) gets UID MOVE alone; one without MOVE but with UIDPLUS (RFC
# 4315) refuses the first MOVE, is asked its capabilities once, and gets
# UID COPY, UID STORE +FLAGS.SILENT (\Deleted) and UID EXPUNGE of that
# message alone; one with neither gets the copy and the flag, never an
# EXPUNGE (a plain one would remove whatever else is flagged), and the log
# says the messages were left flagged. A folder that is missing is created
# when the server asks (TRYCREATE). Every message is answered, once.
# Without libcurl (MASQUED_LIBCURL naming none), the pass fails in one
# sentence and changes nothing.
. tests/cli/lib.sh
PY=/usr/bin/python3
for n in 1 2; do
	printf 'From: host@y.test\r\nTo: game@masqued.invalid\r\nSubject: hi\r\nMessage-ID: <m%s@y.test>\r\n\r\nhello %s\r\n' \
	    $n $n > $T/m$n.eml
done

# run CAPS FOLDER: a fresh data folder and fake server; one pass over both
# messages; the server's log in $T/imap.log, the pass's stderr in $T/err
run() {
	rm -rf $T/d $T/imap.log
	fake_imap FAKE_IMAP_CAPS="$1" $T/m1.eml $T/m2.eml
	expect 0 "init" -- $M -C $T/d init
	: > $T/d/masqued.conf
	imap_in $T/d $(cat $T/port) "imap_done_folder = $2" "admin = host@y.test"
	printf '0 0\n' > $T/d/cursor/imap	# read from the start
	expect 0 "a pass on a server with '$1'" -- $M -C $T/d serve --once
	err_has "pass: 2 message(s): 0 applied, 2 answered"
	[ "$(cat $T/d/cursor/imap)" = "1700000000 2" ] || fail "the cursor is $(cat $T/d/cursor/imap)"; ok
	[ "$(ls $T/d/mail/outbox/new | wc -l)" = 2 ] || fail "'$1': $(ls $T/d/mail/outbox/new | wc -l) answers, wanted 2"; ok
}
has() { grep -qx -- "[A-Z][0-9]* $1" $T/imap.log || { cat $T/imap.log >&2; fail "the server was not sent: $1"; }; ok; }
hasnt() { ! grep -q -- "$1" $T/imap.log || { cat $T/imap.log >&2; fail "the server was sent: $1"; }; ok; }
export MQ_TEST_PW=secret

# MOVE: the move alone
run "MOVE UIDPLUS" done
has 'UID MOVE 1 "done"'
has 'UID MOVE 2 "done"'
hasnt 'UID COPY'
hasnt 'Deleted'
grep -q "flagged" $T/err && fail "a server with MOVE: said to leave messages flagged"; ok

# UIDPLUS without MOVE: copy, flag, expunge that UID; MOVE tried once only
run "UIDPLUS" done
has 'UID MOVE 1 "done"'
hasnt 'UID MOVE 2'
for u in 1 2; do
	has "UID COPY $u \"done\""
	has "UID STORE $u +FLAGS.SILENT (\\\\Deleted)"
	has "UID EXPUNGE $u"
done
grep -q "flagged" $T/err && fail "a server with UIDPLUS: said to leave messages flagged"; ok
grep -q "moving UID" $T/err && { cat $T/err >&2; fail "a refused MOVE was logged as an error"; }; ok

# neither: copy and flag, never an EXPUNGE; the log says so, once
run "" done
for u in 1 2; do
	has "UID COPY $u \"done\""
	has "UID STORE $u +FLAGS.SILENT (\\\\Deleted)"
done
hasnt 'EXPUNGE'
err_has "imap: the server has neither MOVE nor UIDPLUS: 2 done message(s) were copied to done and left in INBOX flagged \\Deleted, for the server or a mail client to expunge"
[ "$(grep -c 'neither MOVE' $T/err)" = 1 ] || fail "the flagged messages were said more than once"; ok

# a missing folder, without MOVE: created when the copy asks for it
run "UIDPLUS" missing
has 'CREATE "missing"'
[ "$(grep -c ' UID COPY 1 "missing"' $T/imap.log)" = 2 ] || { cat $T/imap.log >&2; fail "the copy was not tried again after CREATE"; }; ok
has 'UID EXPUNGE 1'

# a folder the account may not use: every message is read and answered all
# the same and stays in INBOX behind the cursor (the log says why, each);
# after three failed moves in a row the host is told, once; a move that
# goes through again starts the count afresh
for n in 3 4; do
	printf 'From: player@y.test\r\nTo: game@masqued.invalid\r\nSubject: hi\r\nMessage-ID: <m%s@y.test>\r\n\r\nhello %s\r\n' \
	    $n $n > $T/m$n.eml
done
rm -rf $T/d $T/imap.log
fake_imap FAKE_IMAP_CAPS="MOVE UIDPLUS" $T/m1.eml $T/m2.eml $T/m3.eml $T/m4.eml
expect 0 "init" -- $M -C $T/d init
: > $T/d/masqued.conf
imap_in $T/d $(cat $T/port) "imap_done_folder = forbidden" "admin = host@y.test"
printf '0 0\n' > $T/d/cursor/imap
undone() { grep -l '^Subject: \[masqued\] messages cannot be moved to the done folder' \
    $T/d/mail/outbox/new/* 2>/dev/null | wc -l; }
expect 0 "a pass with a done folder the account may not use" -- $M -C $T/d serve --once
err_has "pass: 4 message(s): 0 applied, 4 answered"
[ "$(cat $T/d/cursor/imap)" = "1700000000 4" ] || fail "the cursor is $(cat $T/d/cursor/imap)"; ok
[ "$(grep -c 'moving UID [1-4] to the done folder' $T/err)" = 4 ] ||
    { cat $T/err >&2; fail "each failed move is not said in the log"; }; ok
[ "$(undone)" = 1 ] || fail "the host was not told once of the done folder: $(undone)"; ok
f=$(grep -l '^Subject: \[masqued\] messages cannot be moved' $T/d/mail/outbox/new/*)
grep -q '^To: host@y.test' $f || fail "the done-folder mail is not to the host"; ok
$PY -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(" ".join(m.get_payload(decode=True).decode().split()))' $f >$T/undone.txt
grep -qF 'the folder "forbidden" (imap_done_folder)' $T/undone.txt || fail "the host's mail does not name the folder: $(cat $T/undone.txt)"; ok
grep -qF 'refused moving UID 3 to the done folder: NO [NOPERM]' $T/undone.txt || fail "the host's mail does not say why: $(cat $T/undone.txt)"; ok
printf '0 0\n' > $T/d/cursor/imap	# the same four again: no second mail
expect 0 "a second pass, the folder still refused" -- $M -C $T/d serve --once
[ "$(undone)" = 1 ] || fail "the host was told of the done folder twice"; ok
sed -i 's/^imap_done_folder = .*/imap_done_folder = done/' $T/d/masqued.conf
printf '0 0\n' > $T/d/cursor/imap
expect 0 "a pass once the folder takes them" -- $M -C $T/d serve --once
[ ! -e $T/d/cursor/imap.undone ] || fail "the count of failed moves outlived a move"; ok
[ ! -e $T/d/cursor/told-imap-undone ] || fail "the told marker outlived a move"; ok

# libcurl is opened when IMAP first needs it (transport_curl.c): where it
# cannot be, the pass says so in one sentence and reads nothing; commands
# that need no server never look for it
run "MOVE UIDPLUS" done
rm -rf $T/d2; cp -a $T/d $T/d2
printf '0 0\n' > $T/d2/cursor/imap
: > $T/imap.log
expect 4 "a pass without libcurl" -- env MASQUED_LIBCURL=$T/no/libcurl.so.4 \
    $M -C $T/d2 serve --once
err_has "Cannot load libcurl ($T/no/libcurl.so.4), which IMAP and SMTP need:"
[ "$(cat $T/d2/cursor/imap)" = "0 0" ] || fail "the cursor moved without libcurl"; ok
[ ! -s $T/imap.log ] || fail "the server was reached without libcurl"; ok
[ "$(ls $T/d2/mail/outbox/new | wc -l)" = 2 ] || fail "mail was sent without libcurl"; ok
expect 0 "games without libcurl" -- env MASQUED_LIBCURL=$T/no/libcurl.so.4 \
    $M -C $T/d2 games
done_checks
