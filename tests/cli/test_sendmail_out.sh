#!/bin/sh
# test_sendmail_out.sh - outbound = sendmail: each mail goes through the
# local MTA's sendmail program (tests/data/fake_sendmail.sh, as Postfix's
# or OpenSMTPD's is called), one recipient a run, `-i -f ENVELOPE -- RCPT`,
# the message on stdin with LF line ends. A recipient it refuses for good
# (no such user: exit 67) is a dead letter the host is told of; a program
# that takes no mail at all (exit 75, or one that cannot be run) is an
# outage, as an SMTP server down is: the mails wait untried, `games` says
# since when, and when it takes mail again the host hears of an outage of
# an hour or more. A failure that may be one mail's own (69, a mail too
# big) is told by a later mail, another game's first: taken, it was (a try
# counted, the others go); failing too, it is an outage. Two such in a row
# hold no other game's mail back, and reach the dead letters when left
# alone. The program's path comes from the config and must be
# absolute (test_config.sh); the host's words for it (sendmail_args) go
# before -i, and a path with words in it is refused at start.
. tests/cli/lib.sh
D=$T/data
S=$T/sm
mkdir -p $S
export FAKE_SENDMAIL_DIR=$S
T0=$MASQUED_NOW
expect 0 "init" -- $M -C $D init
printf 'admin = host@x.test\noutbound = sendmail\nsendmail_path = %s\nfrom = masqued <game@example.org>\nreply_domain = example.org\n' \
    "$PWD/tests/data/fake_sendmail.sh" >> $D/masqued.conf
echo dead.test > $S/refuse
G=$($M -C $D new redmasque --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player dave=dave@dead.test) || fail "new"

# the welcomes: three taken, dave's refused for good
expect 0 "serve: the welcomes" -- $M -C $D serve --once
err_has "3 mail(s) sent, 0 waiting, 1 dead"
err_has "is dead: $PWD/tests/data/fake_sendmail.sh refused the mail to dave@dead.test (exit 67): dave@dead.test... User unknown"
[ "$(ls $S/*.eml | wc -l)" = 3 ] || fail "not three mails taken: $(ls $S)"; ok
f=$(grep -l "^To: alice@x.test" $S/*.eml) || fail "no mail to alice"; ok
[ "$(cat ${f%.eml}.args | tr '\n' ' ')" = "-i -f game@example.org -- alice@x.test " ] ||
    fail "called as: $(cat ${f%.eml}.args | tr '\n' ' ')"; ok
grep -q "$(printf '\r')" $f && fail "CR left in a mail handed to sendmail"; ok
grep -q "^Subject: " $f && grep -q "^Reply-To: " $f || fail "the mail handed over is not whole"; ok
for p in alice bob carol; do
	[ "$(grep -l "^To: $p@x.test" $S/*.eml | wc -l)" = 1 ] || fail "$p's welcome not taken once"; ok
done
# the host's notice of the dead letter goes the same way at the next pass
MASQUED_NOW=$((T0 + 60)) expect 0 "serve: the host's notice" -- $M -C $D serve --once
err_has "1 mail(s) sent, 0 waiting, 0 dead"
grep -l "^To: host@x.test" $S/*.eml | xargs grep -q "^Subject: \[masqued\] undeliverable mail to dave@dead.test" ||
    fail "the host not told of the dead letter"; ok

# the MTA down: an outage, the mails wait untried
echo 75 > $S/exit
expect 0 "admin pause" -- $M -C $D admin $G pause --why "a test"
MASQUED_NOW=$((T0 + 120)) expect 0 "serve, the MTA down" -- $M -C $D serve --once
err_has "fake_sendmail.sh took no mail (exit 75, try again later): fake_sendmail: the queue is not running; sendmail has taken no mail since 2026-09-21 14:15 UTC: 4 mail(s) wait in the spool; this outage counts no try against them"
ls $D/spool | grep -q '\.retry$' && fail "the outage counted a try: $(ls $D/spool)"; ok
MASQUED_NOW=$((T0 + 180)) expect 0 "games during the outage" -- $M -C $D games
out_has "Mail out: sendmail has taken no mail since 2026-09-21 14:15 UTC (its answer: $PWD/tests/data/fake_sendmail.sh took no mail (exit 75, try again later)"
# a program that cannot be run is an outage too, said so
sed -i "s#^sendmail_path = .*#sendmail_path = $T/no-such-sendmail#" $D/masqued.conf
MASQUED_NOW=$((T0 + 3600)) expect 0 "serve, no program" -- $M -C $D serve --once
err_has "$T/no-such-sendmail took no mail (exit 127): cannot run $T/no-such-sendmail: No such file or directory; sendmail has taken no mail since 2026-09-21 14:15 UTC"
sed -i "s#^sendmail_path = .*#sendmail_path = $PWD/tests/data/fake_sendmail.sh#" $D/masqued.conf

# back after two hours: the mails go, each once, and the host hears of it
rm $S/exit
MASQUED_NOW=$((T0 + 7320)) expect 0 "serve, the MTA back" -- $M -C $D serve --once
err_has "spool: sendmail takes mail again, after taking none since 2026-09-21 14:15 UTC"
err_has "3 mail(s) sent, 0 waiting, 1 dead"	# dave's, refused again
MASQUED_NOW=$((T0 + 7380)) expect 0 "serve: the host's notice" -- $M -C $D serve --once
f=$(grep -l "^Subject: \[masqued\] sendmail takes mail again" $S/*.eml)
[ "$(echo "$f" | grep -c .)" = 1 ] || fail "the host not told once of the outage's end: $f"; ok
/usr/bin/python3 -c 'import email, sys
print(" ".join(email.message_from_binary_file(open(sys.argv[1], "rb")).get_payload(decode=True).decode().split()))' $f > $T/notice
grep -qF "The local mail server's $PWD/tests/data/fake_sendmail.sh took no mail from 2026-09-21 14:15 UTC until 2026-09-21 16:15 UTC." $T/notice ||
    { cat $T/notice; fail "the notice does not say from when until when"; }; ok
for p in alice bob carol; do
	[ "$(grep -l "^To: $p@x.test" $S/*.eml | xargs grep -l "paused" | wc -l)" = 1 ] ||
	    fail "$p's pause notice not taken once"; ok
done
[ -z "$(ls $D/spool | grep -v '^dead$')" ] || fail "mail left in the spool: $(ls $D/spool)"; ok

# a failure that may be the mail's own (69: Postfix's for a mail too big):
# the next mail taken, it was; it counts a try, and the others go
echo bob@x.test > $S/toobig
expect 0 "admin resume" -- $M -C $D admin $G resume --why "a test"
# (a try that failed is left for the next pass: serve --once exits 4)
MASQUED_NOW=$((T0 + 7440)) expect 4 "serve, bob's mail too big" -- $M -C $D serve --once
err_has "2 mail(s) sent, 1 waiting, 1 dead"
err_has "masqued: This pass left work for the next: 1 mail(s) could not be sent (the lines above say why); the next pass tries again."
[ "$(ls $D/spool/*.retry | wc -l)" = 1 ] && grep -l "^X-Masqued-Envelope-To: bob@x.test" $D/spool/*.eml >/dev/null ||
    fail "bob's mail does not wait with a try counted: $(ls $D/spool)"; ok
grep -q "sendmail has taken no mail" $T/err && fail "one mail's failure taken for an outage"; ok
# two in a row: the program's, an outage: the rest wait untried
echo '*' > $S/toobig
rm $D/spool/*.retry
expect 0 "admin extend" -- $M -C $D admin $G extend 1h --why "a test"
MASQUED_NOW=$((T0 + 7500)) expect 0 "serve, every mail refused so" -- $M -C $D serve --once
err_has "sendmail: fatal: message file too big; sendmail has taken no mail since 2026-09-21 16:18 UTC"
ls $D/spool | grep -q '\.retry$' && fail "the outage counted a try: $(ls $D/spool)"; ok

# the host's words (msmtp's -a ACCOUNT) go before -i, each as it is
rm $S/toobig
printf 'sendmail_args = -a  pbem\t-v\n' >> $D/masqued.conf
MASQUED_NOW=$((T0 + 7560)) expect 0 "serve, with sendmail_args" -- $M -C $D serve --once
f=$(ls -t $S/*.args | head -n 1)
[ "$(head -n 7 $f | tr '\n' ' ')" = "-a pbem -v -i -f game@example.org -- " ] &&
    [ "$(wc -l < $f)" = 8 ] || fail "called as: $(tr '\n' ' ' < $f)"; ok
grep -q "sendmail has taken no mail" $T/err && fail "the words made an outage"; ok
# a program that hangs: killed past mail_timeout, an outage; the mail
# waits untried and goes once it answers again
expect 0 "admin extend, a mail to send" -- $M -C $D admin $G extend 1h --why "a test"
printf 'mail_timeout = 1\n' >> $D/masqued.conf
echo 5 > $S/sleep
rm $S/refuse	# each waiting mail taken, dave's too
taken=$(ls $S/*.eml | wc -l)
MASQUED_NOW=$((T0 + 7620)) expect 0 "serve, sendmail hangs" -- $M -C $D serve --once
err_has "fake_sendmail.sh did not finish within 1 second for the mail to"
err_has "sendmail has taken no mail since 2026-09-21 16:20 UTC"
[ "$(ls $S/*.eml | wc -l)" = "$taken" ] || fail "a mail taken by the program killed"; ok
ls $D/spool | grep -q '\.retry$' && fail "the hang counted a try: $(ls $D/spool)"; ok
waiting=$(ls $D/spool | grep -c '\.eml$')
[ "$waiting" -gt 0 ] || fail "no mail waits after the hang"; ok
rm $S/sleep
MASQUED_NOW=$((T0 + 7680)) expect 0 "serve, sendmail answers again" -- $M -C $D serve --once
err_has "$waiting mail(s) sent, 0 waiting, 0 dead"
[ "$(ls $S/*.eml | wc -l)" = "$((taken + waiting))" ] || fail "not each waiting mail taken once"; ok

# two mails in a row that fail on their own (69, too big) and another
# game's mail: not an outage. The two were taken for one, no try counted
# and the pass stopped; the same two came first at every pass, so every
# mail after them waited for good, and the host never heard of them. Now
# the rest of their game waits while the next game's first mail tells:
# taken, the failures were their own (a try each), and all else goes
rm -f $D/spool/*.retry
printf 'alice@x.test\nbob@x.test\n' > $S/toobig
expect 0 "admin extend, mails to send" -- $M -C $D admin $G extend 1h --why "a test"
G2=$($M -C $D new redmasque --player erin=erin@x.test --player frank=frank@x.test \
    --player gina=gina@x.test --player hank=hank@x.test) || fail "new"
cat $S/*.eml | sed -n "s/^To: \(.*\)@x.test$/\1/p" > $T/before
# (exit 4: two mails are left for the next pass, their tries counted)
MASQUED_NOW=$((T0 + 7740)) expect 4 "serve, two mails too big in a row" -- $M -C $D serve --once
grep -q "sendmail has taken no mail" $T/err && fail "two mails' own failures taken for an outage"; ok
err_has "6 mail(s) sent, 2 waiting, 0 dead"
[ "$(ls $D/spool/*.retry | wc -l)" = 2 ] || fail "not a try counted for alice's and bob's: $(ls $D/spool)"; ok
for p in carol erin frank gina hank; do
	[ "$(grep -l "^To: $p@x.test" $S/*.eml | wc -l)" = $(($(grep -c "^$p$" $T/before) + 1)) ] ||
	    fail "$p's mail not taken"; ok
done
# left alone in the spool, each failing again: no mail is there to tell,
# but each failed on its own before, so a try is counted again, until
# the dead letters, and the host is told of each
for k in 1 2 3 4 5 6 7 8; do
	MASQUED_NOW=$((T0 + 7740 + k * 4000)) $M -C $D serve --once 2>>$T/dead.err
	rc=$?	# 4 while their retries are due, 0 once they are dead letters
	[ $rc = 0 ] || [ $rc = 4 ] || fail "serve, pass $k of the two too big: exit $rc"
done
grep -q "sendmail has taken no mail" $T/dead.err && fail "two mails left alone taken for an outage"; ok
[ "$(ls $D/spool | grep -v '^dead$')" = "" ] || fail "mail left in the spool: $(ls $D/spool)"; ok
for p in alice bob; do
	grep -l "^To: host@x.test" $S/*.eml | xargs grep -q "^Subject: \[masqued\] undeliverable mail to $p@x.test" ||
	    fail "the host not told of $p's dead letter"; ok
done
MASQUED_NOW=$((T0 + 7740 + 9 * 4000)) expect 0 "games, the two dead" -- $M -C $D games
grep -q "Mail out: sendmail has taken no mail" $T/out && fail "games says sendmail is down"; ok
rm $S/toobig

# a program with its arguments in sendmail_path is refused at start
sed -i "s#^sendmail_path = .*#sendmail_path = /usr/bin/msmtp -a pbem#" $D/masqued.conf
expect 1 "serve, arguments in sendmail_path" -- $M -C $D serve --once
l=$(grep -n '^sendmail_path' $D/masqued.conf | cut -d: -f1)
err_has "masqued.conf line $l: sendmail_path takes the program alone, such as /usr/bin/msmtp; its arguments go in sendmail_args, not \"/usr/bin/msmtp -a pbem\"."

done_checks
