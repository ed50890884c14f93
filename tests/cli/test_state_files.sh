#!/bin/sh
# test_state_files.sh - the daemon's own small state files are read strictly
# (digits, in the shape written), and a damaged one is said in the daemon's
# log and read the safe way: the IMAP cursor (DATA/cursor/imap) as none, so
# the mailbox is read again from the start and no message is skipped (but
# no cursor file at all is the first pass, which starts at the mailbox's
# end: the mail already there is not a reply to a game's mail); a
# game's clock file as "work the deadlines out again"; a spooled mail's
# NAME.retry as "try it now, a last time" (its tries are unknown: counted
# afresh, a .retry damaged again and again would keep a mail forever). A
# .retry that cannot be written is said too. The IMAP mailbox read again
# after its UIDVALIDITY changed answers only moves; a message the server
# breaks off is tried again, never skipped, and the host is told once when
# it holds the mailbox up pass after pass.
# The IMAP server is tests/data/fake_imap.py, on loopback.
. tests/cli/lib.sh
PY=/usr/bin/python3
T0=$MASQUED_NOW
H=3600

# --- the IMAP cursor ---
I=$T/imap
expect 0 "init" -- $M -C $I init
# from the admin's address (admin below): always answered, whatever is
# left of the hour's answers to senders who play in no game here
printf 'From: x@y.test\r\nTo: game@masqued.invalid\r\nSubject: hi\r\nMessage-ID: <m1@y.test>\r\n\r\nhello\r\n' > $T/m1.eml
printf 'From: x@y.test\r\nTo: game@masqued.invalid\r\nSubject: hi\r\nMessage-ID: <m2@y.test>\r\n\r\nhello again\r\n' > $T/m2.eml
fake_imap $T/m1.eml $T/m2.eml
imap_conf $I $(cat $T/port)
C=$I/cursor/imap

# the first pass: no cursor; the mail already there is older than masqued
# (an account's old mail, a provider's welcome): left alone, not answered,
# the cursor after the second
expect 0 "the first IMAP pass" -- $M -C $I serve --once
err_has "imap: the first pass: the 2 message(s) already in INBOX are older than masqued here and left alone; from now on it reads those after UID 2"
err_has "pass: 0 message(s): 0 applied, 0 answered"
[ "$(cat $C)" = "1700000000 2" ] || fail "the cursor is $(cat $C)"; ok
grep -q "damaged" $T/err && fail "a first pass said a cursor is damaged"; ok
grep -q "UID FETCH" $T/imap.log && fail "the first pass fetched old mail"; ok
[ -z "$(ls $I/spool | grep '\.eml$')" ] || fail "the first pass answered old mail"; ok

# a cursor of "0 0" reads the mailbox from the start: both answered
printf '0 0\n' > $C
expect 0 "a pass after the cursor 0 0" -- $M -C $I serve --once
err_has "pass: 2 message(s): 0 applied, 2 answered"
[ "$(cat $C)" = "1700000000 2" ] || fail "the cursor is $(cat $C)"; ok

# a sound cursor: only the UIDs after it are asked for
: > $T/imap.log
expect 0 "a pass after a sound cursor" -- $M -C $I serve --once
grep -qx "A[0-9]* UID SEARCH UID 3:\*" $T/imap.log || { cat $T/imap.log; fail "a sound cursor was not followed"; }; ok
grep -q "damaged" $T/err && fail "a sound cursor was called damaged"; ok

# damaged: junk after the number (once read as 2: messages skipped), a
# sign, a blank, a UID past 32 bits, no number, nothing
for junk in '1700000000 1x\n' '1700000000 +1\n' ' 1700000000 1\n' \
    '1700000000 99999999999\n' '1700000000 1' 'garbage\n' ''; do
	printf '%b' "$junk" > $C
	: > $T/imap.log
	expect 0 "a pass after the cursor '$junk'" -- $M -C $I serve --once
	err_has "imap: the cursor $C is damaged (it should hold \"UIDVALIDITY LASTUID\"); reading the mailbox again from the start"
	grep -qx "A[0-9]* UID SEARCH UID 1:\*" $T/imap.log || { cat $T/imap.log; fail "the cursor '$junk': not read from the start"; }; ok
	# read again, nothing doubled: the raw-hash dedupe
	err_has "pass: 2 message(s): 0 applied, 0 answered, 2 duplicate"
	[ "$(cat $C)" = "1700000000 2" ] || fail "the cursor '$junk' was not made sound again"; ok
done

# unreadable (a folder): the same, with why (and the pass fails, as the
# cursor cannot be written either)
rm $C && mkdir $C
expect 4 "a pass with a cursor that cannot be read" -- $M -C $I serve --once
err_has "imap: Cannot read $C: Is a directory; reading the mailbox again from the start"
err_has "imap:1700000000:1: already answered"
rmdir $C

# UIDVALIDITY changed (a mailbox moved, or rebuilt by the server): read
# again from the start, but only moves are answered: a message no game
# knows may be older than masqued here. Both messages, their answered
# marks gone, stand for such old mail.
printf '1600000000 2\n' > $C
rm -f $I/archive/*.answered
spooled=$(ls $I/spool | grep -c '\.eml$')
expect 0 "a pass after UIDVALIDITY changed" -- $M -C $I serve --once
err_has "imap: UIDVALIDITY changed from 1600000000 to 1700000000; reading the mailbox again from the start, answering only moves"
err_has "imap:1700000000:1: refused: "
err_has "; not answered: the mailbox is being read again from its start, and this message may be older than masqued here"
grep -qF ".; not answered" $T/err && fail "a full stop before \"; not answered\""; ok
err_has "pass: 2 message(s): 0 applied, 0 answered, 0 duplicate"
[ "$(ls $I/spool | grep -c '\.eml$')" = "$spooled" ] || fail "old mail was answered after UIDVALIDITY changed"; ok
[ "$(cat $C)" = "1700000000 2" ] || fail "the cursor is $(cat $C)"; ok

# ... while a move in the mailbox read again is applied, once, and answered
G=$(new_game $I) || fail "new"
expect 0 "the welcome mails" -- $M -C $I serve --once
RT=$(grep -l "^To: alice@x.test" $I/mail/outbox/new/* | head -n 1 | xargs sed -n 's/^Reply-To: //p' | tr -d '\r')
[ -n "$RT" ] || fail "no welcome mail to alice"; ok
MV=$($MREL -C $I bot $G alice) && [ -n "$MV" ] || fail "no move for alice"; ok
printf 'From: alice@x.test\r\nTo: %s\r\nSubject: Re: the masque\r\nMessage-ID: <mv@x.test>\r\n\r\n%s\r\n' "$RT" "$MV" > $T/move.eml
fake_imap FAKE_IMAP_VALIDITY=1800000000 $T/m1.eml $T/move.eml
sed -i "s|^imap_url = .*|imap_url = imap://127.0.0.1:$(cat $T/port)|" $I/masqued.conf
ls $I/mail/outbox/new > $T/before
expect 0 "a pass with a move, after UIDVALIDITY changed" -- $M -C $I serve --once
err_has "imap: UIDVALIDITY changed from 1700000000 to 1800000000"
err_has "pass: 2 message(s): 1 applied, 0 answered, 0 duplicate"
new=$(ls $I/mail/outbox/new | comm -13 $T/before -)
(cd $I/mail/outbox/new && grep -l "^X-Masqued-Mail: receipt" $new | xargs grep -q "^To: alice@x.test") ||
    fail "alice's move got no receipt"; ok
$MREL -C $I log $G | grep -c " command " | grep -qx 1 || { $MREL -C $I log $G; fail "the move is not logged once"; }; ok
[ "$(cat $C)" = "1800000000 2" ] || fail "the cursor is $(cat $C)"; ok
# read again (the cursor lost once more): the move is known, not doubled
rm $C && mkdir $C && rmdir $C && printf 'x\n' > $C
expect 0 "the same mailbox after the cursor is lost" -- $M -C $I serve --once
err_has "pass: 2 message(s): 0 applied, 0 answered, 1 duplicate, 1 dropped"
$MREL -C $I log $G | grep -c " command " | grep -qx 1 || fail "the move was doubled"; ok
kill $IMAP_PID 2>/dev/null

# a message the server breaks off halfway: said in the log, not applied,
# the cursor stays before it (it may be a move: never skipped); at the
# fifth pass in a row stopped there, the host is told, once; the next pass
# that reads it whole applies it
printf '1800000000 2\n' > $C
MV=$($MREL -C $I bot $G bob) && [ -n "$MV" ] || fail "no move for bob"; ok
RT=$(grep -l "^To: bob@x.test" $I/mail/outbox/new/* | head -n 1 | xargs sed -n 's/^Reply-To: //p' | tr -d '\r')
printf 'From: bob@x.test\r\nTo: %s\r\nSubject: Re: the masque\r\nMessage-ID: <mv2@x.test>\r\n\r\n%s\r\n' "$RT" "$MV" > $T/move2.eml
fake_imap FAKE_IMAP_VALIDITY=1800000000 FAKE_IMAP_TRUNCATE=3 FAKE_IMAP_TRUNCATE_TIMES=6 $T/m1.eml $T/move.eml $T/move2.eml
sed -i "s|^imap_url = .*|imap_url = imap://127.0.0.1:$(cat $T/port)|" $I/masqued.conf
cp $I/games/$G/log $T/log.before
expect 4 "a pass whose message is broken off (left for the next)" -- $M -C $I serve --once
err_has "broke off or sent a broken reply while fetching UID 3"
err_has "pass: 0 message(s): 0 applied, 0 answered, 0 duplicate, 0 dropped, 1 failed"
same_file $I/games/$G/log $T/log.before
[ "$(cat $C)" = "1800000000 2" ] || fail "the cursor passed a message broken off: $(cat $C)"; ok
stuck_mails() { grep -l "^Subject: \[masqued\] the game mailbox is stuck at one message" $I/mail/outbox/new/* 2>/dev/null | grep -c .; }
[ "$(stuck_mails)" = 0 ] || fail "the host was told at the first failure"; ok
for pass in 2 3 4 5 6; do
	expect 4 "pass $pass stopped at the same message (left for the next)" -- $M -C $I serve --once
	err_has "1 failed"
done
[ "$(stuck_mails)" = 1 ] || fail "the host was not told once of the stuck mailbox: $(stuck_mails)"; ok
f=$(grep -l "^Subject: \[masqued\] the game mailbox is stuck" $I/mail/outbox/new/*)
grep -q "^To: x@y.test" $f || fail "the stuck notice is not the admin's"; ok
$PY -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(" ".join(m.get_payload(decode=True).decode().split()))' $f > $T/stuck.txt
grep -qF "message UID 3 of the mailbox INBOX in 5 passes in a row: The IMAP server 127.0.0.1:" $T/stuck.txt ||
    { cat $T/stuck.txt; fail "the stuck notice does not say which message, and why"; }; ok
grep -qF "have masqued pass it by writing \"1800000000 3\" into $C." $T/stuck.txt ||
    { cat $T/stuck.txt; fail "the stuck notice does not say how to pass it"; }; ok
same_file $I/games/$G/log $T/log.before
expect 0 "the next pass" -- $M -C $I serve --once
err_has "pass: 1 message(s): 1 applied"
[ "$(cat $C)" = "1800000000 3" ] || fail "the cursor is $(cat $C)"; ok
$MREL -C $I log $G | grep -c " command " | grep -qx 2 || { $MREL -C $I log $G; fail "bob's move is not logged once"; }; ok
[ ! -e $I/cursor/imap.stuck ] || fail "the stuck count outlived the message"; ok
[ -z "$(ls $I/cursor | grep "^told-imap-stuck-")" ] || fail "the told marker outlived the message: $(ls $I/cursor)"; ok
kill $IMAP_PID 2>/dev/null

# read again after UIDVALIDITY changed, a message dated after the last pass
# that read the mailbox (its cursor's time) is new, not old mail: a
# stranger's is answered and a bounce told to the host, as in any pass;
# one dated before, or not dated, is still only said in the log (new mail
# used to go unanswered too, like the old it could not be told from)
day() { date -u -R -d @$1; }
mail_at() {	# file, from, date (epoch, or "" for none), message-id, more headers
	{ printf 'From: %s\r\nTo: game@masqued.invalid\r\nSubject: hi\r\nMessage-ID: <%s>\r\n' "$2" "$4"
	  [ -n "$3" ] && printf 'Date: %s\r\n' "$(day $3)"
	  printf '%b\r\nhello\r\n' "${5:-}"; } > $1
}
mail_at $T/old.eml x@y.test $((T0 - H)) old@y.test
mail_at $T/new.eml x@y.test $((T0 + H)) new@y.test
mail_at $T/nodate.eml x@y.test "" nodate@y.test
mail_at $T/bounce_new.eml MAILER-DAEMON@y.test $((T0 + H)) bnew@y.test 'Return-Path: <>\r\n'
mail_at $T/bounce_old.eml MAILER-DAEMON@y.test $((T0 - H)) bold@y.test 'Return-Path: <>\r\n'
fake_imap FAKE_IMAP_VALIDITY=1900000000 $T/old.eml $T/new.eml $T/nodate.eml $T/bounce_new.eml $T/bounce_old.eml
sed -i "s|^imap_url = .*|imap_url = imap://127.0.0.1:$(cat $T/port)|" $I/masqued.conf
touch -d @$T0 $C	# the last pass that read the mailbox before
expect 0 "a pass after UIDVALIDITY changed, with new mail" -- $M -C $I serve --once
err_has "imap: UIDVALIDITY changed from 1800000000 to 1900000000"
err_has "pass: 5 message(s): 0 applied, 1 answered"
for u in 1 3; do
	err_has "imap:1900000000:$u: refused: "
	grep -q "^masqued .*imap:1900000000:$u: refused: .*; not answered: the mailbox is being read again" $T/err ||
	    fail "the old mail (UID $u) was not left unanswered"; ok
done
grep -q "imap:1900000000:2: refused: .*not answered" $T/err && fail "the new mail was not answered"; ok
err_has "imap:1900000000:5: the host is not told of this bounce"
grep -q "imap:1900000000:4: the host is not told" $T/err && fail "the host was not told of the new bounce"; ok
[ "$(grep -c ': sent admin-' $T/err)" = 1 ] || fail "the host was not told once of the new bounce"; ok
[ ! -e $I/cursor/imap.reread ] || fail "the mailbox read to its end left its window"; ok
kill $IMAP_PID 2>/dev/null

# ... and a pass that stops partway (a message it cannot fetch) hands that
# care on to the next: the old mail after the stop is not answered either
# (DATA/cursor/imap.reread; the next pass read it as new mail)
fake_imap FAKE_IMAP_VALIDITY=2000000000 FAKE_IMAP_TRUNCATE=2 $T/nodate.eml $T/new.eml $T/old.eml
sed -i "s|^imap_url = .*|imap_url = imap://127.0.0.1:$(cat $T/port)|" $I/masqued.conf
touch -d @$T0 $C
expect 4 "a pass after UIDVALIDITY changed, stopped partway (left for the next)" -- $M -C $I serve --once
err_has "imap: UIDVALIDITY changed from 1900000000 to 2000000000"
err_has "broke off or sent a broken reply while fetching UID 2"
[ "$(cat $C)" = "2000000000 1" ] || fail "the cursor is $(cat $C)"; ok
[ "$(cat $I/cursor/imap.reread)" = "2000000000 3 $T0" ] ||
    fail "the window read again is $(cat $I/cursor/imap.reread 2>&1)"; ok
expect 0 "the next pass goes on with the same care" -- $M -C $I serve --once
grep -q "^masqued .*imap:2000000000:3: refused: .*; not answered: the mailbox is being read again" $T/err ||
    { cat $T/err >&2; fail "the old mail after the stop was answered as new"; }; ok
[ "$(cat $C)" = "2000000000 3" ] || fail "the cursor is $(cat $C)"; ok
[ ! -e $I/cursor/imap.reread ] || fail "the window outlived the mail read again"; ok
kill $IMAP_PID 2>/dev/null

# --- a game's clock file ---
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "the welcome mails" -- $M -C $D serve --once
K=$D/games/$G/clock
[ -s $K ] || fail "no clock file"; ok
# a blank, a number and junk: once read as "not due for ages", so the
# deadline (72 h) passed unseen
printf ' 99999999999999 junk\n' > $K
MASQUED_NOW=$((T0 + 73 * H)) expect 0 "a pass after a damaged clock" -- $M -C $D serve --once
err_has "game $G: The clock file $K is damaged; working out its deadlines again"
$MREL -C $D log $G | grep -q "timeout " || { $MREL -C $D log $G; fail "the deadline was skipped after a damaged clock"; }; ok
head -n 1 $K | grep -Eqx '[0-9]+' || fail "the clock file was not written sound again"; ok
MASQUED_NOW=$((T0 + 73 * H)) expect 0 "a pass after" -- $M -C $D serve --once
grep -q "damaged" $T/err && fail "a sound clock file was called damaged"; ok
# the shape written, padded with blanks (mq_file_overwrite), is sound
printf '%s\n0 %s\n            \n' $((T0 + 200 * H)) 17 > $K
MASQUED_NOW=$((T0 + 74 * H)) expect 0 "a padded clock file" -- $M -C $D serve --once
grep -q "damaged" $T/err && fail "a padded clock file was called damaged"; ok
for junk in '-5\n' '12x\n' '1790000000\n0 17 junk\n' '1790000000\nx\n' ''; do
	printf '%b' "$junk" > $K
	MASQUED_NOW=$((T0 + 74 * H)) expect 0 "the clock '$junk'" -- $M -C $D serve --once
	err_has "game $G: The clock file $K is damaged"
done

# --- a spooled mail's NAME.retry ---
S=$T/spool
expect 0 "init" -- $M -C $S init
SG=$(new_game $S) || fail "new"
ls $S/spool | grep '\.eml$' | sed 's/\.eml$//' > $T/names
[ "$(wc -l < $T/names)" = 4 ] || fail "four welcome mails spooled"; ok
W1=$(sed -n 1p $T/names); W2=$(sed -n 2p $T/names)
W3=$(sed -n 3p $T/names); W4=$(sed -n 4p $T/names)
# junk after the time: once read as "wait 3,000 years"; no number at all
printf '1 99999999999junk\nno answer\n' > $S/spool/$W1.retry
printf 'x' > $S/spool/$W2.retry
# sound, and not due: they wait
printf '1 %s\nno answer\n' $((T0 + H)) > $S/spool/$W3.retry
printf '1 %s\nno answer\n' $((T0 + H)) > $S/spool/$W4.retry
expect 0 "a pass with damaged retries" -- $M -C $S serve --once
err_has "spool: mail $W1: $S/spool/$W1.retry is damaged; trying the mail now, a last time"
err_has "spool: mail $W2: $S/spool/$W2.retry is damaged; trying the mail now, a last time"
[ ! -e $S/spool/$W1.eml ] && [ ! -e $S/spool/$W2.eml ] || fail "a mail with a damaged .retry was not sent"; ok
[ -e $S/spool/$W3.eml ] && [ -e $S/spool/$W4.eml ] || fail "a mail with a sound .retry did not wait"; ok
[ "$(grep -c damaged $T/err)" = 2 ] || fail "a sound .retry was called damaged"; ok

# a .retry that cannot be written: said, and the mail is tried next pass
printf 'maildir_outbox = %s\n' "$T/names" > $T/broken.conf	# a file, not a folder
mkdir $S/spool/$W4.retry.tmp
MASQUED_NOW=$((T0 + 2 * H)) expect 4 "a pass whose sends fail (left for the next)" -- $M -C $S -c $T/broken.conf serve --once
err_has "spool: mail $W4: Cannot write $S/spool/$W4.retry.tmp: Is a directory; it is tried again on the next pass"
[ -e $S/spool/$W4.eml ] || fail "the failed mail left the spool"; ok
# its old .retry stands (this try is not counted); the other's counts it
head -n 1 $S/spool/$W4.retry | grep -qx "1 $((T0 + H))" || fail "the .retry that could not be written changed"; ok
head -n 1 $S/spool/$W3.retry | grep -qx "2 [0-9]*" || fail "the other failed mail has no sound .retry"; ok
rmdir $S/spool/$W4.retry.tmp
MASQUED_NOW=$((T0 + 2 * H)) expect 0 "the next pass" -- $M -C $S serve --once
[ ! -e $S/spool/$W4.eml ] || fail "the mail whose .retry could not be written was not sent later"; ok

# a damaged .retry and a failed send: a dead letter, not tries afresh
new_game $S >/dev/null || fail "new"
W5=$(ls $S/spool | grep '\.eml$' | sed -n 1p | sed 's/\.eml$//')
[ -n "$W5" ] || fail "no mail spooled"; ok
printf 'x' > $S/spool/$W5.retry
MASQUED_NOW=$((T0 + 3 * H)) expect 4 "a failed send after a damaged .retry (left for the next)" -- $M -C $S -c $T/broken.conf serve --once
err_has "spool: mail $W5: $S/spool/$W5.retry is damaged; trying the mail now, a last time"
[ -e $S/spool/dead/$W5.eml ] && [ ! -e $S/spool/$W5.eml ] || fail "a mail whose .retry was damaged was tried afresh, not a last time"; ok
grep -q "mail $W5 to .* is dead" $T/err || fail "the dead letter was not said"; ok
# the host's `games` counts, below the games, the dead letters and the
# mails a failed try holds back (the new game's others, tried once)
retrying=$(ls $S/spool | grep -c '\.retry$')
[ "$retrying" -gt 0 ] || fail "no mail waits for another try"; ok
expect 0 "games" -- $M -C $S games
out_has "Mail out: $retrying mail(s) failed a try and wait for the next (the daemon's log, and each $S/spool/NAME.retry, say why)."
out_has "Mail out: $(ls $S/spool/dead | grep -c '\.eml$') mail(s) could not be sent and are kept in $S/spool/dead (the daemon's log says why)."
! grep -q "SMTP" $T/out || fail "games speaks of an SMTP server, with a Maildir outbox"; ok
expect 0 "games --json" -- $M -C $S games --json
json_is 'j["mail_out"]["down"] is None and j["mail_out"]["retrying"] == '$retrying' and j["mail_out"]["dead"] == '$(ls $S/spool/dead | grep -c '\.eml$') "games --json's mail_out"

# a spool file with no recipient line (damaged): a dead letter never
# tried, and the host is told, as of any other
printf 'admin = x@y.test\n' >> $S/masqued.conf
printf 'Subject: x\r\n\r\nno recipient\r\n' > $S/spool/zz-broken.eml
MASQUED_NOW=$((T0 + 4 * H)) expect 0 "a pass with a spool file of no recipient" -- $M -C $S serve --once
err_has "spool: zz-broken has no recipient line; moved to $S/spool/dead"
[ -e $S/spool/dead/zz-broken.eml ] && [ ! -e $S/spool/zz-broken.eml ] || fail "the damaged spool file is not a dead letter"; ok
[ -e $S/spool/admin-dead-zz-broken.eml ] || fail "no notice of the damaged spool file was queued for the host"; ok
MASQUED_NOW=$((T0 + 4 * H)) expect 0 "the next pass sends the notice" -- $M -C $S serve --once
f=$(grep -l "^Subject: \[masqued\] undeliverable mail to nobody" $S/mail/outbox/new/* | head -n 1)
[ -n "$f" ] || fail "the host was not told of the damaged spool file"; ok
grep -q "^To: x@y.test" $f || fail "the notice of the damaged spool file is not the host's"; ok
grep -q "no recipient line" $f || fail "the host's notice does not say why"; ok
grep -rl "no recipient" $S/mail/outbox/new | xargs grep -l "^Subject: x" >/dev/null 2>&1 && fail "the damaged spool file was sent"; ok
# the same over SMTP, under LeakSanitizer: the file read was once kept
SM=$T/smtp-spool
expect 0 "init" -- $M -C $SM init
printf 'admin = x@y.test\noutbound = smtp\nsmtp_url = smtp://127.0.0.1:9\ntls = no\nfrom = game@x.test\nreply_domain = x.test\n' >> $SM/masqued.conf
printf 'Subject: x\r\n\r\nno recipient\r\n' > $SM/spool/zz-broken.eml
ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=86" expect 0 "an SMTP pass with a spool file of no recipient" -- $M -C $SM serve --once
err_has "spool: zz-broken has no recipient line; moved to $SM/spool/dead"
[ -e $SM/spool/dead/zz-broken.eml ] && [ -e $SM/spool/admin-dead-zz-broken.eml ] || fail "over SMTP, the damaged spool file is not a dead letter the host hears of"; ok

# a spool that cannot be read: `games` lists the games all the same, and
# says why it cannot count the mail (text and --json)
U=$T/unread
expect 0 "init" -- $M -C $U init
mv $U/spool $U/spool.away && : > $U/spool
expect 0 "games, the spool unreadable" -- $M -C $U games
out_has "No games yet: start one with masqued new."
out_has "Mail out: Cannot read $U/spool: Not a directory."
expect 0 "games --json, the spool unreadable" -- $M -C $U games --json
json_is 'j == {"games": [], "mail_in": {"down": None}, "mail_out": {"error": "Cannot read '$U'/spool: Not a directory."}}' "games --json"
done_checks
