#!/bin/sh
# test_wait_again.sh - policy wait: the host's mail when a move's deadline
# is missed again after the host extended it said nothing of the earlier
# miss or of the extend, as if it were the first: the host could not see
# that the same players keep missing it. Now it ends with the count and
# the extends: "This is missed deadline 2 of this move for alice, bob,
# carol and dave: you extended it by 1d2h on ...", and after two extends
# how many, by how much in all, and when the last. The first mail says
# none of it; a debt begun afresh (a move) starts the count again.
. tests/cli/lib.sh
wait_game
at() { MASQUED_NOW=$((T0 + $1 * H)) $M -C $D serve --once 2>>$T/serve.err; }
utc() { date -u -d "@$((T0 + $1 * H))" "+%Y-%m-%d %H:%M UTC"; }
# waits N: the host's missed-deadline mails are N; the last one's text in
# $T/wait.txt
waits() {
	# (a long Message-ID is folded onto the next line; the files are
	# named by the time they were sent)
	grep -l "<host\.wait-$G-" $D/mail/outbox/new/* | sort >$T/waits
	[ "$(wc -l <$T/waits)" = "$1" ] ||
	    fail "not $1 missed-deadline mails to the host: $(wc -l <$T/waits)"; ok
	mail_body "$(tail -n 1 $T/waits)" >$T/wait.txt
	tr '\n' ' ' <$T/wait.txt | tr -s ' ' >$T/wait.one
}
one_has() { grep -qF -- "$1" $T/wait.one || { cat $T/wait.txt >&2; fail "$2"; }; ok; }

at 73
waits 1
grep -q "missed deadline" $T/wait.one &&
    { cat $T/wait.txt; fail "the first missed deadline is said to be a repeat"; }; ok
# the host extends by 26h, from the deadline: it passes again at 98h
MASQUED_NOW=$((T0 + 74 * H)) expect 0 "extend 26h" -- $M -C $D admin $G extend 26h --why "more time"
at 90
waits 1
at 99
waits 2
one_has "This is missed deadline 2 of this move for alice, bob, carol and dave: you extended it by 1d2h on $(utc 74), and that deadline passed too." \
    "the second missed deadline's mail does not say it is the second, nor the extend"
# again: two extends now, in all 2d2h
MASQUED_NOW=$((T0 + 100 * H)) expect 0 "extend 1d" -- $M -C $D admin $G extend 1d --why "one more day"
at 123
waits 3
one_has "This is missed deadline 3 of this move for alice, bob, carol and dave: you extended it 2 times, by 2d2h in all, the last on $(utc 100), and that deadline passed too." \
    "the third missed deadline's mail does not count the extends"
# in the host's language too (the paragraph is translated with the mail)
MASQUED_NOW=$((T0 + 124 * H)) expect 0 "extend 1d" -- $M -C $D admin $G extend 1d --why "again"
sed -i 's/^lang = .*//' $D/masqued.conf
printf 'lang = ja\n' >> $D/masqued.conf
at 147
waits 4
one_has "この手で alice、bob、carol、dave さんが期限を過ぎたのは、これで4回目です" \
    "the Japanese host's mail does not say it in Japanese"
done_checks
