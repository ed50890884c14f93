#!/bin/sh
# test_faults.sh - faults that concern a game: a log that stops verifying
# stops that game only (the host is told, once; the other games go on; the
# mail waits), a bounce is never answered but the host hears of it, and a
# full disk loses nothing (the mail stays in the inbox until there is room)
# and the host is told, in room kept back for it.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
printf 'admin = host@x.test\n' >> $D/masqued.conf
A=$(new_game $D) && B=$(new_game $D) || fail "new"
expect 0 "welcome mails" -- $M -C $D serve --once

reply_to() {	# game player -> the Reply-To of the player's welcome mail
	grep -l "^To: $2@x.test" $D/mail/outbox/new/* | xargs grep -l "^Message-ID: <$1\." |
	    head -1 | xargs grep -m1 "^Reply-To:" | sed 's/^Reply-To: //' | tr -d '\r'
}
mail() {	# file from to id body
	printf 'From: %s\r\nTo: %s\r\nDelivered-To: %s\r\nSubject: Re: the game\r\nMessage-ID: <%s@x.test>\r\nDate: Mon, 21 Sep 2026 14:13:20 +0000\r\n\r\n%s\r\n' \
	    "$2" "$3" "$3" "$4" "$5" > "$1"
}
inbox() { ls $D/mail/inbox/new | wc -l; }

# --- a log that stops verifying: that game stops, the other goes on ---
RA=$(reply_to $A alice); RB=$(reply_to $B alice)
[ -n "$RA" ] && [ -n "$RB" ] || fail "no reply addresses"; ok
mail $T/a.eml alice@x.test "$RA" a1 "PLAN cw cw cw cw cw cw"
mail $T/b.eml alice@x.test "$RB" b1 "PLAN ccw ccw ccw ccw ccw ccw"
cp $T/a.eml $D/mail/inbox/new/1.a.eml; cp $T/b.eml $D/mail/inbox/new/2.b.eml
$M -C $D submit $A bob "PLAN cw stay stay stay stay stay" >/dev/null || fail "submit"
sed -i '2s/"ts":/"ts" :/' $D/games/$A/log		# entry 2 no longer canonical
cp $D/games/$A/log $T/a.log
$M -C $D serve --once 2>$T/serve.err
grep -q "does not verify\|not in canonical form\|entry 2" $T/serve.err || { cat $T/serve.err; fail "the daemon's log does not say why game $A stopped"; }; ok
[ -e $D/mail/inbox/new/1.a.eml ] || fail "the mail for the stopped game was not kept"; ok
[ ! -e $D/mail/inbox/new/2.b.eml ] || fail "the other game's mail was not processed"; ok
$MREL -C $D log $B | grep -q "alice: PLAN ccw" || fail "the other game did not go on"; ok
same_file $D/games/$A/log $T/a.log "the stopped game's log changed"
grep -l "^To: host@x.test" $D/mail/outbox/new/* | xargs grep -l "is stopped" >/dev/null || fail "the host was not told"; ok
$M -C $D serve --once 2>/dev/null
[ "$(grep -l "is stopped" $D/mail/outbox/new/* | wc -l)" = 1 ] || fail "the host was told twice"; ok
rm -f $D/mail/inbox/new/1.a.eml

# --- the same found by the clock: no reply comes, a deadline does, and the
# host is told then (once), not at a reply that may never come ---
C=$(new_game $D) || fail "new"
$M -C $D serve --once 2>/dev/null
$M -C $D submit $C bob "PLAN cw stay stay stay stay stay" >/dev/null || fail "submit"
sed -i '2s/"ts":/"ts" :/' $D/games/$C/log
cp $D/games/$C/log $T/c.log
for i in 1 2; do
	MASQUED_NOW=$((MASQUED_NOW + 4 * 86400)) $M -C $D serve --once 2>$T/serve.err
	grep -q "game $C: " $T/serve.err || { cat $T/serve.err; fail "the daemon's log does not name game $C"; }; ok
done
[ "$(grep -l "^To: host@x.test" $D/mail/outbox/new/* | xargs grep -l "game $C is stopped" | wc -l)" = 1 ] ||
    fail "the host was not told once that game $C stopped at its deadline"; ok
same_file $D/games/$C/log $T/c.log "the stopped game's log changed at its deadline"

# --- the same found when serve starts: no reply, no deadline for days;
# a long-running serve opens every game at its start, and the host is told
# then (it was told only when a reply or a deadline came). A log repaired
# clears the notice, so that a later damage is told again ---
E=$(new_game $D) || fail "new"
$M -C $D serve --once 2>/dev/null
$M -C $D submit $E bob "PLAN cw stay stay stay stay stay" >/dev/null || fail "submit"
cp $D/games/$E/log $T/e.good
sed -i '2s/"ts":/"ts" :/' $D/games/$E/log
told_e() { grep -l "^To: host@x.test" $D/mail/outbox/new/* | xargs grep -l "game $E is stopped" | wc -l; }
serve_start() {	# a long-running serve until its log says PATTERN
	: >$T/serve.err
	$M -C $D serve 2>$T/serve.err &
	spid=$!
	n=0
	until grep -q "$1" $T/serve.err; do
		n=$((n + 1))
		[ $n -le 300 ] || { kill $spid; cat $T/serve.err >&2; fail "serve did not say: $1"; }
		sleep 0.1
	done
	kill -TERM $spid; wait $spid || fail "serve stopped by SIGTERM: exit $?"; ok
}
[ "$(told_e)" = 0 ] || fail "told before serve started"; ok
serve_start "sent admin-badlog-$E"
grep -q "game $E: .*entry 2" $T/serve.err || { cat $T/serve.err >&2; fail "serve's start does not name game $E"; }; ok
# A and C are still damaged from above
grep -q "3 of 4 game(s) stopped: their logs or game data do not verify" $T/serve.err ||
    { cat $T/serve.err >&2; fail "serve's start does not count the stopped games"; }; ok
[ "$(told_e)" = 1 ] || fail "the host was not told at serve's start that game $E stopped"; ok
serve_start "game(s) stopped"
[ "$(told_e)" = 1 ] || fail "the host was told twice"; ok
for g in $A $C $E; do		# repaired: the notices are cleared
	sed -i '2s/"ts" :/"ts":/' $D/games/$g/log
done
cmp -s $D/games/$E/log $T/e.good || fail "the repair is not the log before"; ok
serve_start "game(s) read"
grep -q "4 game(s) read: every log verifies" $T/serve.err ||
    { cat $T/serve.err >&2; fail "a repaired game is still said stopped"; }; ok
sed -i '2s/"ts":/"ts" :/' $D/games/$E/log
serve_start "sent admin-badlog-$E"
[ "$(told_e)" = 2 ] || fail "a second damage, after a repair, was not told"; ok
cp $T/e.good $D/games/$E/log
# a game's data.json zeroed stops its game as a damaged log does (exit 3,
# the host told): it was read as a disk's failure (exit 4), and the host
# never heard of it
F=$(new_game $D) || fail "new"
$M -C $D serve --once 2>/dev/null
head -c "$(wc -c <$D/games/$F/data.json)" /dev/zero >$T/zero
cp $D/games/$F/data.json $T/f.data; cp $T/zero $D/games/$F/data.json
expect 3 "games with a zeroed data.json" -- $M -C $D games
out_has "$F  cannot be read: The log of game $F does not verify (entry 1: the game data $D/games/$F/data.json is not the data this game was created with (it does not load"
serve_start "sent admin-badlog-$F"
cp $T/f.data $D/games/$F/data.json

# --- a bounce: never answered; the host hears of it ---
n=$(ls $D/mail/outbox/new | wc -l)
cat > $T/bounce.eml <<'MSG'
From: MAILER-DAEMON@x.test
To: game@masqued.invalid
Subject: Undelivered Mail Returned to Sender
Message-ID: <bounce1@x.test>
Content-Type: multipart/report; report-type=delivery-status; boundary="b"

--b
Content-Type: text/plain

This is the mail system. The mail to dave@x.test could not be delivered.
--b
Content-Type: message/delivery-status

Final-Recipient: rfc822; dave@x.test
Action: failed
Status: 5.1.1
--b--
MSG
cp $T/bounce.eml $D/mail/inbox/new/3.bounce.eml
$M -C $D serve --once 2>$T/serve.err
grep -q "bounce" $T/serve.err || fail "the daemon's log does not mention the bounce"; ok
grep -l "^To: MAILER-DAEMON" $D/mail/outbox/new/* >/dev/null 2>&1 && fail "a bounce was answered"; ok
grep -l "^To: host@x.test" $D/mail/outbox/new/* | xargs grep -l "bounced" >/dev/null || fail "the host did not hear of the bounce"; ok
# a dead address bounces every mail the game sends it: the host hears of
# it once a day for each address, the others in the daemon's log only
bounce() {	# file message-id final-recipient
	sed -e "s/bounce1@x.test/$2/" -e "s/Final-Recipient: rfc822; dave@x.test/Final-Recipient: rfc822; $3/" \
	    $T/bounce.eml > $D/mail/inbox/new/$1
}
bounced() { grep -l "^To: host@x.test" $D/mail/outbox/new/* | xargs grep -l "^Subject: \[masqued\] mail to $1 bounced" | wc -l; }
[ "$(bounced dave@x.test)" = 1 ] || fail "the host's mail does not name the address that bounced"; ok
f=$(grep -l "^Subject: \[masqued\] mail to dave@x.test bounced" $D/mail/outbox/new/*)
python3 -c 'import email,sys; m=email.message_from_bytes(open(sys.argv[1],"rb").read()); print(" ".join(m.get_payload(decode=True).decode().split()))' $f > $T/bounce.txt
# dave plays in both games: each seat named, with its command; whose
# address it is said once, not guessed at first ("If it is a player's
# address") and then stated (found by the host review)
grep -qF "It is the address of the player dave and may be failing;" $T/bounce.txt ||
    { cat $T/bounce.txt; fail "the host is not told whose address bounced"; }; ok
! grep -q "If it is a player's address\|It is a player's address" $T/bounce.txt ||
    { cat $T/bounce.txt; fail "the bounce says twice that it is a player's address"; }; ok
grep -qF "To give their seat a working one: masqued -C $(realpath $D) admin " $T/bounce.txt &&
    grep -qF "masqued -C $(realpath $D) admin $A replace dave NEW-ADDRESS --why \"...\"" $T/bounce.txt &&
    grep -qF "masqued -C $(realpath $D) admin $B replace dave NEW-ADDRESS --why \"...\"" $T/bounce.txt ||
    { cat $T/bounce.txt; fail "the host is not told what to do of a player's address"; }; ok
bounce 3b.eml bounce2@x.test dave@x.test
bounce 3c.eml bounce3@x.test erin@elsewhere.test
$M -C $D serve --once 2>$T/serve.err
grep -q "a bounce for dave@x.test; the host was told of one for it today already" $T/serve.err ||
    { cat $T/serve.err; fail "the second bounce is not in the daemon's log"; }; ok
[ "$(bounced dave@x.test)" = 1 ] || fail "the host was told twice in a day of dave's address"; ok
[ "$(bounced erin@elsewhere.test)" = 1 ] || fail "the host was not told of another address"; ok
f=$(grep -l "^Subject: \[masqued\] mail to erin@elsewhere.test bounced" $D/mail/outbox/new/*)
python3 -c 'import email,sys; m=email.message_from_bytes(open(sys.argv[1],"rb").read()); print(" ".join(m.get_payload(decode=True).decode().split()))' $f > $T/bounce2.txt
! grep -q "It is a player's address\.\|It is the address of the player" $T/bounce2.txt ||
    { cat $T/bounce2.txt; fail "a stranger's address was called a player's"; }; ok
grep -q "If it is a player's address, it may be failing" $T/bounce2.txt ||
    { cat $T/bounce2.txt; fail "an address no seat holds is not said to be perhaps a player's"; }; ok
# the next day's, whose subject is 5,000 bytes (folded): the notice quotes
# its start, and the seats' command lines after it are whole
bounce 3d.eml bounce4@x.test dave@x.test
long=$(python3 -c 'print("\n ".join(["Undelivered-" + "x" * 88] * 50))')
python3 - $D/mail/inbox/new/3d.eml "$long" <<'PY'
import sys
p, s = sys.argv[1], sys.argv[2]
t = open(p).read().replace("Subject: Undelivered Mail Returned to Sender", "Subject: " + s)
open(p, "w").write(t)
PY
MASQUED_NOW=$((MASQUED_NOW + 86400)) $M -C $D serve --once 2>/dev/null
[ "$(bounced dave@x.test)" = 2 ] || fail "the host was not told of dave's address the next day"; ok
f=$(grep -l "^Subject: \[masqued\] mail to dave@x.test bounced" $D/mail/outbox/new/* | xargs ls -t | head -n 1)
python3 -c 'import email,sys; m=email.message_from_bytes(open(sys.argv[1],"rb").read()); print(" ".join(m.get_payload(decode=True).decode().split()))' $f > $T/bounce.txt
grep -qF "masqued -C $(realpath $D) admin $A replace dave NEW-ADDRESS --why \"...\"" $T/bounce.txt &&
    grep -qF "masqued -C $(realpath $D) admin $B replace dave NEW-ADDRESS --why \"...\"" $T/bounce.txt ||
    { cat $T/bounce.txt; fail "a long bounce subject cut the notice's command lines"; }; ok
grep -q 'subject "Undelivered-x*.*\.\.\."' $T/bounce.txt || { cat $T/bounce.txt; fail "the long subject is not quoted cut"; }; ok
[ "$(wc -c < $T/bounce.txt)" -lt 1500 ] || fail "the notice quotes the whole long subject"; ok
# a long subject of three-byte characters (RFC 2047): cut at a character's
# start, so the notice stays UTF-8 (200 bytes would split the 67th)
bounce 3e.eml bounce5@x.test dave@x.test
python3 - $D/mail/inbox/new/3e.eml <<'PY'
import sys, base64
p = sys.argv[1]
w = base64.b64encode(("配達不能" * 30).encode()).decode()
t = open(p).read().replace("Subject: Undelivered Mail Returned to Sender", "Subject: =?UTF-8?B?" + w + "?=")
open(p, "w").write(t)
PY
MASQUED_NOW=$((MASQUED_NOW + 2 * 86400)) $M -C $D serve --once 2>/dev/null
[ "$(bounced dave@x.test)" = 3 ] || fail "the host was not told of dave's address two days on"; ok
f=$(grep -l "^Subject: \[masqued\] mail to dave@x.test bounced" $D/mail/outbox/new/* | xargs ls -t | head -n 1)
python3 - $f "$(python3 -c 'print(("配達不能" * 30)[:66])')" <<'PY' || fail "the UTF-8 subject is not quoted cut at a character"
import email, re, sys, unicodedata
body = email.message_from_bytes(open(sys.argv[1], "rb").read()).get_payload(decode=True).decode("utf-8")
want = 'subject "' + sys.argv[2] + '..."'
# the text part wraps at 78 columns: a break between two wide characters
# had no space
wide = lambda c: unicodedata.east_asian_width(c) in "WF"
body = re.sub(r"(?<=(\S))\r?\n[ \t]*(?=(\S))", lambda m: "" if wide(m.group(1))
    and wide(m.group(2)) else " ", body)
if want not in " ".join(body.split()):
    print(body); sys.exit(1)
PY
ok
# a global report (RFC 6533), its report part base64: the host's mail names
# the address in UTF-8
{
	printf 'Return-Path: <>\nFrom: Mail Delivery System <MAILER-DAEMON@mx.x.test>\n'
	printf 'To: game@x.test\nSubject: Undelivered Mail\nMessage-ID: <bounce5@x.test>\n'
	printf 'MIME-Version: 1.0\nContent-Type: multipart/report; report-type=global-delivery-status; boundary="R"\n\n'
	printf -- '--R\nContent-Type: text/plain\n\nIt failed.\n--R\n'
	printf 'Content-Type: message/global-delivery-status\nContent-Transfer-Encoding: base64\n\n'
	printf 'Reporting-MTA: dns; mx.x.test\n\nFinal-Recipient: utf-8; \346\235\216@x.test\nAction: failed\n' | base64
	printf -- '--R--\n'
} > $D/mail/inbox/new/3e.eml
MASQUED_NOW=$((MASQUED_NOW + 86400)) $M -C $D serve --once 2>/dev/null
python3 - $D/mail/outbox/new <<'PY' || fail "the host's mail does not name the UTF-8 address of a global report"
import email, email.header, os, sys
from email import policy
d = sys.argv[1]
subjects = [email.message_from_bytes(open(os.path.join(d, f), "rb").read(), policy=policy.default)["Subject"] for f in os.listdir(d)]
sys.exit(0 if "[masqued] mail to \u674e@x.test bounced" in subjects else 1)
PY
ok

# --- a message that fails pass after pass: its game waits, the others go on,
# and after MQ_STUCK_PASSES (5) passes in a row the host is told, once ---
E=$(new_game $D) || fail "new"
$M -C $D serve --once 2>/dev/null
RE=$(reply_to $E bob)
mail $D/mail/inbox/new/5.e.eml bob@x.test "$RE" e1 "PLAN cw cw cw cw cw cw"
mkdir $D/spool/$E-00000002-1-receipt.eml	# its receipt cannot be written
stuck() { grep -l "^To: host@x.test" $D/mail/outbox/new/* | xargs grep -l "game $E is stuck" | wc -l; }
for i in 1 2 3 4; do
	$M -C $D serve --once 2>$T/serve.err
	grep -q "5.e.eml: not processed" $T/serve.err || { cat $T/serve.err; fail "the daemon's log does not name the message"; }; ok
	[ -e $D/mail/inbox/new/5.e.eml ] || fail "the message was taken from the inbox"; ok
done
[ "$(stuck)" = 0 ] || fail "the host was told before five passes"; ok
grep -q "^$E 4 " $D/cursor/maildir.stuck || { cat $D/cursor/maildir.stuck; fail "the passes are not counted"; }; ok
$M -C $D serve --once 2>$T/serve.err
[ "$(stuck)" = 1 ] || { cat $T/serve.err; fail "the host was not told at five passes"; }; ok
grep -l "^To: host@x.test" $D/mail/outbox/new/* | xargs grep -l "game $E is stuck" | xargs grep -q "5 passes in a row" ||
    fail "the host's mail does not say how long"; ok
$M -C $D serve --once 2>/dev/null
[ "$(stuck)" = 1 ] || fail "the host was told twice"; ok
rmdir $D/spool/$E-00000002-1-receipt.eml	# mended
$M -C $D serve --once 2>/dev/null
[ ! -e $D/mail/inbox/new/5.e.eml ] || fail "the message was not processed once mended"; ok
[ ! -e $D/cursor/maildir.stuck ] || fail "the count outlived the stoppage"; ok
# the marker that it was told goes with it: one a stoppage, for months,
# would else pile up among the daemon's records
[ -z "$(ls $D/cursor | grep "^told-stuck-")" ] || fail "the told marker outlived the stoppage: $(ls $D/cursor)"; ok
[ "$($MREL -C $D log $E | grep -c 'bob: PLAN cw cw cw cw cw cw')" = 1 ] || fail "the move was not logged once"; ok
$MREL -C $D log $E | grep -q "bob: PLAN cw cw cw cw cw cw" || fail "the move is not in the log"; ok
grep -l "^To: bob@x.test" $D/mail/outbox/new/* | xargs grep -l "^Message-ID: <$E\." |
    xargs grep -l "^X-Masqued-Mail: receipt" >/dev/null ||
    fail "bob got no receipt once mended"; ok
# a damaged count is said and counted afresh
mail $D/mail/inbox/new/6.e.eml bob@x.test "$RE" e2 "PLAN ccw ccw ccw ccw ccw ccw"
mkdir $D/spool/$E-00000003-1-receipt.eml
printf 'garbage\n' > $D/cursor/maildir.stuck
$M -C $D serve --once 2>$T/serve.err
grep -q "maildir.stuck is damaged" $T/serve.err || { cat $T/serve.err; fail "a damaged count went unsaid"; }; ok
grep -q "^$E 1 " $D/cursor/maildir.stuck || fail "a damaged count was not counted afresh"; ok
rmdir $D/spool/$E-00000003-1-receipt.eml
$M -C $D serve --once 2>/dev/null
[ ! -e $D/mail/inbox/new/6.e.eml ] || fail "the second message was not processed once mended"; ok

# --- a full disk: nothing is lost, nothing doubled ---
# --- a spool that cannot be read: the daemon says so (it used to look empty) ---
mv $D/spool $T/spool.kept && : > $D/spool
$M -C $D serve --once 2>$T/err
grep -q "Cannot read the spool" $T/err || { cat $T/err; fail "an unreadable spool went unsaid"; }; ok
rm $D/spool && mv $T/spool.kept $D/spool

if unshare -m true 2>/dev/null; then
	mail $T/c.eml alice@x.test "$RB" c1 "PLAN cw stay cw stay cw stay"
	cat > $T/full.sh <<EOS
set -e
mount -t tmpfs -o size=4m tmpfs $T/small
cp -a $D $T/small/data
cp $T/c.eml $T/small/data/mail/inbox/new/4.c.eml
dd if=/dev/zero of=$T/small/filler bs=4096 count=100000 2>/dev/null || true
before=\$(wc -l < $T/small/data/games/$B/log)
$M -C $T/small/data serve --once 2>$T/full.err || true
after=\$(wc -l < $T/small/data/games/$B/log)
[ -e $T/small/data/mail/inbox/new/4.c.eml ] || { echo "the mail was lost on a full disk"; exit 1; }
# the move may be logged (the archive links the mail: it needs no room)
# but then its answers could not be spooled; either way not twice
[ "\$(grep -c 'PLAN cw stay cw stay cw stay' $T/small/data/games/$B/log)" -le 1 ] || { echo "the move was logged twice on a full disk"; exit 1; }
[ "\$after" -le "\$((before + 1))" ] || { echo "the log grew by more than the move on a full disk"; exit 1; }
# the host is told, in the room kept back for it, once
full=\$(grep -l "^Subject: \\[masqued\\] the disk is full" $T/small/data/mail/outbox/new/* 2>/dev/null | wc -l)
[ "\$full" = 1 ] || { echo "the host was not told of the full disk (\$full mails)"; exit 1; }
grep -l "^Subject: \\[masqued\\] the disk is full" $T/small/data/mail/outbox/new/* | xargs grep -q "^To: host@x.test" || { echo "the full-disk mail is not to the host"; exit 1; }
[ ! -e $T/small/data/cursor/reserve ] || { echo "the room kept back was not given up"; exit 1; }
$M -C $T/small/data serve --once 2>>$T/full.err || true
[ "\$(grep -l "^Subject: \\[masqued\\] the disk is full" $T/small/data/mail/outbox/new/* | wc -l)" = 1 ] || { echo "the host was told of the full disk twice"; exit 1; }
rm $T/small/filler
$M -C $T/small/data serve --once 2>$T/room.err
grep -q "room again" $T/room.err || { cat $T/room.err; echo "the daemon's log does not say there is room again"; exit 1; }
[ "\$(stat -c %s $T/small/data/cursor/reserve)" = 65536 ] || { echo "the room was not kept back again"; exit 1; }
[ ! -e $T/small/data/cursor/told-disk-full ] || { echo "the full-disk marker outlived the full disk"; exit 1; }
grep -l "^X-Masqued-Mail: receipt" $T/small/data/mail/outbox/new/* | xargs grep -l "PLAN cw stay cw stay cw stay" >/dev/null || { echo "no receipt for the move once there was room"; exit 1; }
[ ! -e $T/small/data/mail/inbox/new/4.c.eml ] || { echo "the mail was not processed once there was room"; exit 1; }
[ "\$(grep -c 'PLAN cw stay cw stay cw stay' $T/small/data/games/$B/log)" = 1 ] || { echo "the move was not applied exactly once"; exit 1; }
$M -C $T/small/data verify $B >/dev/null
# full a second time: told again, in a mail of a Message-ID of its own (a
# mail client keeps one mail of an id, and would drop the second notice)
# (an hour on: the clock is pinned, and the id holds the time)
export MASQUED_NOW=\$((MASQUED_NOW + 3600))
dd if=/dev/zero of=$T/small/filler bs=4096 count=100000 2>/dev/null || true
$M -C $T/small/data serve --once 2>>$T/full.err || true
$M -C $T/small/data serve --once 2>>$T/full.err || true
told=\$(grep -l "^Subject: \\[masqued\\] the disk is full" $T/small/data/mail/outbox/new/*)
[ "\$(echo "\$told" | wc -l)" = 2 ] || { echo "a second filling was not told once: \$told"; exit 1; }
[ "\$(grep -h "^Message-ID:" \$told | sort -u | wc -l)" = 2 ] || { echo "the second notice reuses the first one's Message-ID"; exit 1; }
rm $T/small/filler
# out of inodes, with bytes to spare: the two kept back (the room's file
# and an empty one) hold the notice and its marker; told once, saying why
mkdir $T/few
mount -t tmpfs -o size=8m,nr_inodes=\$((\$(find $T/small/data | wc -l) + 64)) tmpfs $T/few
cp -a $T/small/data $T/few/data
$M -C $T/few/data serve --once 2>>$T/inodes.err || true
[ -e $T/few/data/cursor/reserve-inode ] || { echo "no inode kept back"; exit 1; }
i=0; while touch $T/few/f\$i 2>/dev/null; do i=\$((i + 1)); done
$M -C $T/few/data serve --once 2>>$T/inodes.err || true
$M -C $T/few/data serve --once 2>>$T/inodes.err || true
[ -e $T/few/data/cursor/told-disk-full ] || { cat $T/inodes.err; echo "the notice's marker was not made"; exit 1; }
grep -q "cannot tell the host" $T/inodes.err && { cat $T/inodes.err; echo "the host was not told"; exit 1; }
told=\$(grep -l "^Subject: \\[masqued\\] the disk is full" $T/few/data/mail/outbox/new/* $T/few/data/spool/*.eml 2>/dev/null | xargs grep -l "inodes free")
[ "\$(echo "\$told" | grep -c .)" = 1 ] || { cat $T/inodes.err; echo "out of inodes, not one notice saying so: \$told"; exit 1; }
# the notice queued but its marker not written: a running serve tells the
# host once all the same (it remembers), and its log says the marker failed
mkdir $T/mark
mount -t tmpfs -o size=4m tmpfs $T/mark
cp -a $D $T/mark/data
printf 'poll_interval = 1s\n' >> $T/mark/data/masqued.conf
$M -C $T/mark/data serve --once 2>/dev/null
mkdir $T/mark/data/cursor/told-disk-full.tmp
dd if=/dev/zero of=$T/mark/filler bs=4096 count=100000 2>/dev/null || true
timeout -s TERM 4 $M -C $T/mark/data serve 2>$T/mark.err || true
grep -q "Cannot write $T/mark/data/cursor/told-disk-full.tmp: Is a directory; this serve tells the host of the full disk no more" $T/mark.err || { cat $T/mark.err; echo "the notice's marker failed unsaid"; exit 1; }
[ "\$(grep -l "^Subject: \\[masqued\\] the disk is full" $T/mark/data/mail/outbox/new/* | wc -l)" = 1 ] || { cat $T/mark.err; echo "a running serve told the host of the full disk more than once"; exit 1; }
EOS
	mkdir -p $T/small
	unshare -m sh $T/full.sh || { cat $T/full.err 2>/dev/null; fail "full disk"; }
	grep -q "No space left\|space" $T/full.err || { cat $T/full.err; fail "the daemon's log does not say the disk is full"; }; ok
	grep -q "the disk that holds .* is full" $T/full.err || { cat $T/full.err; fail "the daemon's log does not say the disk is full"; }; ok
	[ "$(grep -c "the disk that holds .* is full" $T/full.err)" = 4 ] || { cat $T/full.err; fail "each of the four serves on a full disk should say once that it is full"; }; ok
else
	echo "test_faults: no mount namespace here; the full-disk case was not run" >&2
fi
done_checks
