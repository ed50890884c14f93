#!/bin/sh
# test_imap_password_file.sh - a running `serve` reads imap_password_file
# again before each pass: the host who mends a wrong password in the file
# (as the mail "the game mailbox cannot be read" asks) is heard without a
# restart. It read the file once, at start, and went on being refused until
# someone restarted it (found by a host's walk-through). A file that cannot
# be read mid-run is said once in the log, and the password read before is
# kept. The server is tests/data/fake_imap.py, which takes the password in
# $T/server_pw alone.
. tests/cli/lib.sh
I=$T/imap
expect 0 "init" -- $M -C $I init
imap_conf $I 1
G=$(new_game $I) || fail "new"
printf 'right\n' >$T/server_pw
fake_imap FAKE_IMAP_PASSWORD_FILE=$T/server_pw
mkdir -p $T/secrets
printf 'wrong\n' >$T/secrets/pw
chmod 600 $T/secrets/pw
sed -i "s|^imap_url = .*|imap_url = imap://127.0.0.1:$(cat $T/port)|; s|^imap_password_env = .*|imap_password_file = $T/secrets/pw|" $I/masqued.conf
echo "poll_interval = 1" >>$I/masqued.conf

# waits up to 60 s for the fixed string in serve's log
log_says() {
	n=0
	until grep -qF -- "$1" $T/serve.err; do
		n=$((n + 1))
		[ $n -le 600 ] || { cat $T/serve.err >&2; fail "serve's log never said: $1"; }
		sleep 0.1
	done
	ok
}
# waits up to 60 s for N passes that logged in (a mailbox selected since
# $T/imap.log was emptied), or fails showing LOG and saying WHY
logged_in() {	# n log why
	n=0
	until [ "$(grep -c "SELECT\|EXAMINE" $T/imap.log)" -ge "$1" ]; do
		n=$((n + 1))
		[ $n -le 600 ] || { cat "$2" >&2; fail "$3"; }
		sleep 0.1
	done
	ok
}
$M -C $I serve >$T/serve.out 2>$T/serve.err &
spid=$!
# a failing check stops serve too (lib.sh's trap, and serve)
trap 'kill $spid 2>/dev/null; [ -n "$IMAP_PID" ] && kill $IMAP_PID 2>/dev/null; rm -rf "$T"' EXIT
log_says "refused the login"
# the host mends the file: the next pass logs in, with no restart
printf 'right\n' >$T/secrets/pw
: >$T/imap.log
logged_in 1 $T/serve.err "serve never logged in with the mended password"
# the file goes: said once, and the password read before still logs in
mv $T/secrets/pw $T/secrets/pw.gone
log_says "imap_password_file names $T/secrets/pw, which cannot be read"
log_says "The password read before is kept."
: >$T/imap.log
logged_in 1 $T/serve.err "the password read before was not kept"
sleep 2.5	# passes go by: the sentence is not said again at each
[ "$(grep -c "which cannot be read" $T/serve.err)" = 1 ] ||
    { cat $T/serve.err >&2; fail "the unreadable file said at every pass"; }; ok
kill $spid; wait $spid
grep -q "wrong\|right" $T/serve.err && { cat $T/serve.err >&2; fail "the log holds a password"; }; ok

# both keys, the variable last: it wins at start and at every pass after
# (the file read again replaced it; found by a code review)
mv $T/secrets/pw.gone $T/secrets/pw
printf 'wrong\n' >$T/secrets/pw
printf 'imap_password_env = MQ_TEST_PW\n' >>$I/masqued.conf
export MQ_TEST_PW=right
: >$T/imap.log
$M -C $I serve >$T/serve.out 2>$T/serve2.err &
spid=$!
logged_in 3 $T/serve2.err "the variable's password did not hold pass after pass"
kill $spid; wait $spid
grep -q "refused the login" $T/serve2.err && { cat $T/serve2.err >&2; fail "the file's password replaced the variable's"; }; ok
done_checks
