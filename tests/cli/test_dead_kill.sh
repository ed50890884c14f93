#!/bin/sh
# test_dead_kill.sh - a dead letter's two steps, killed between: the
# host's notice is queued (a link into the spool, named by the mail, so a
# second one replaces it), then the mail moves into DATA/spool/dead. serve
# is killed at each of its link and rename calls (lib_kill.sh's strace),
# restarted, and run once more: the mail is in dead/ and the host heard of
# it, at most twice (the notice queued again when the mail had not moved
# yet). The other way round, a kill after the move lost the notice for
# good: the restart saw no mail to tell of. Both ways to a dead letter: a
# spool file with no recipient line, and a mail sendmail refuses for good
# (exit 67, no such user).
. tests/cli/lib.sh
. tests/cli/lib_kill.sh
S=$T/sm
mkdir -p $S
export FAKE_SENDMAIL_DIR=$S
echo dead.test > $S/refuse

# the host's notices of NAME: in the outbox, or taken by sendmail
told() {
	grep -l "^Message-ID: <admin-dead-$2@" $1/mail/outbox/new/* $S/*.eml 2>/dev/null | wc -l
}

# sweep WHAT BEFORE NAME: serve killed at each point, then two passes
sweep() {
	points=0
	for sc in linkat rename; do
		k=1
		while :; do
			rm -rf $T/k $S/*.eml $S/*.args; cp -a $2 $T/k
			ks_now=$MASQUED_NOW ks_run $T/k $sc $k serve --once && break
			points=$((points + 1))
			w="$1, serve killed at its $sc $k"
			expect 0 "$w: the restart" -- $M -C $T/k serve --once
			expect 0 "$w: the next pass" -- $M -C $T/k serve --once
			[ -e $T/k/spool/dead/$3.eml ] && [ ! -e $T/k/spool/$3.eml ] ||
			    fail "$w: the mail is not a dead letter: $(ls $T/k/spool $T/k/spool/dead)"; ok
			n=$(told $T/k $3)
			[ "$n" -ge 1 ] || fail "$w: the host was never told of the dead letter"; ok
			[ "$n" -le 2 ] || fail "$w: the host was told $n times"; ok
			k=$((k + 1))
		done
	done
	[ $points -ge 3 ] || fail "$1: killed at $points points only"; ok
}

# a spool file with no recipient line (damaged), a Maildir outbox
B=$T/broken
expect 0 "init" -- $M -C $B init
echo "admin = host@x.test" >>$B/masqued.conf
printf 'Subject: x\r\n\r\nno recipient\r\n' > $B/spool/zz-broken.eml
sweep "a damaged spool file" $B zz-broken

# a mail sendmail refuses for good
R=$T/refused
expect 0 "init" -- $M -C $R init
printf 'admin = host@x.test\noutbound = sendmail\nsendmail_path = %s\nfrom = masqued <game@example.org>\nreply_domain = example.org\n' \
    "$PWD/tests/data/fake_sendmail.sh" >> $R/masqued.conf
printf 'X-Masqued-Envelope-To: dave@dead.test\r\nTo: dave@dead.test\r\nSubject: t\r\n\r\nbody\r\n' > $R/spool/zz-1.eml
sweep "a mail refused for good" $R zz-1

done_checks
