#!/bin/sh
# test_smtp_no_login.sh - an smtp_user set for a server that offers no
# login (no AUTH in its answer to EHLO; many offer it only under TLS):
# libcurl sends the mail without one, silently, and the host expected a
# login (found by a host's walk-through). The daemon's log says so, once a
# process, naming the server by host and port alone; the mail goes.
. tests/cli/lib.sh
D=$T/d
expect 0 "init" -- $M -C $D init
smtp_sink $T/got
smtp_conf $D smtp://127.0.0.1:$(cat $T/sinkport)
printf 'smtp_user = game@example.org\nsmtp_password_env = MQ_TEST_SMTP_PW\n' >>$D/masqued.conf
export MQ_TEST_SMTP_PW=n0tLoggedPw
new_game $D >/dev/null || fail "new"
expect 0 "serve: the welcomes go" -- $M -C $D serve --once
err_has "spool: smtp_user game@example.org is set, but the SMTP server 127.0.0.1:$(cat $T/sinkport) offered no login (no AUTH in its answer to EHLO; many offer it only under TLS), so mail goes without one"
[ "$(grep -c "offered no login" $T/err)" = 1 ] || { cat $T/err >&2; fail "said more than once"; }; ok
[ "$(ls $T/got | wc -l)" -ge 4 ] || fail "the welcomes did not go: $(ls $T/got)"; ok
grep -q n0tLoggedPw $T/err && fail "the log holds the password"; ok
# no user set: nothing said
sed -i '/^smtp_user/d; /^smtp_password_env/d' $D/masqued.conf
G2=$(new_game $D) || fail "new 2"
expect 0 "serve: no user, no word of a login" -- $M -C $D serve --once
grep -q "offered no login" $T/err && { cat $T/err >&2; fail "said with no user set"; }; ok
done_checks
