#!/bin/sh
# test_imap_stopped.sh - over IMAP, a reply to a stopped game (its log does
# not verify) held the cursor: every other game's mail after it waited,
# the pass counted it failed (serve --once exit 4), the log said it at
# every pass, and after five passes the host had an "imap stuck" mail too:
# one damaged game froze them all. Now the reply goes on the held list
# (DATA/cursor/imap.held, fsynced before the cursor passes it) and the pass
# goes on: the other game's move, at a higher UID, is played in the same
# pass, exit 0, the reply said once, as in a Maildir pass. The log put
# back, the held reply is played at the next pass, and leaves the list;
# nothing is played twice. A damaged list reads the mailbox again from the
# start, losing nothing; a changed UIDVALIDITY drops the list with the
# cursor, and the mailbox read again holds the reply anew; the state a kill
# between the list and the cursor leaves holds it once. The server is
# tests/data/fake_imap.py.
. tests/cli/lib.sh
mail_folder
echo "admin = host@x.test" >>$D/masqued.conf
G=$(new_game $D) || fail "new"
G2=$(new_game $D 2>/dev/null) || fail "new, the other game"
expect 0 "serve --once: the welcomes" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
C=$D/cursor/imap
H=$D/cursor/imap.held
mkdir $T/msgs
mv_msg() { mv $IN/$n.test $T/msgs/$1.eml; }

# UID 1: alice's placement in G, which stops; UID 2: a placement in G2
a=$($MREL -C $D bot $G alice | grep '^PLACE') || fail "no placement for alice"
send alice@x.test "$(rt $G alice)" held "$a"
mv_msg m1
for p in alice bob carol dave; do
	c=$($MREL -C $D bot $G2 $p | grep '^PLACE') && break
done
[ -n "$c" ] || fail "no placement owed in $G2"
send $p@x.test "$(rt $G2 $p)" other "$c"
mv_msg m2
fake_imap $T/msgs/m1.eml $T/msgs/m2.eml
imap_in $D $(cat $T/port)
printf '1700000000 0\n' >$C

L=$D/games/$G/log
cp $L $T/log.whole
sed -i '1s/"kind":/"kind" :/' $L
n1=$(grep -c '' $L)
n2=$(grep -c '' $D/games/$G2/log)
for pass in 1 2 3 4 5 6; do
	: >$T/imap.log
	MASQUED_NOW=$((MASQUED_NOW + pass * 60)) expect 0 "serve --once, pass $pass" -- $M -C $D serve --once
	err_has "1 reply(ies) left in the inbox for a stopped game"
	err_has " 0 failed;"
	c1=$(grep -c "imap:1700000000:1" $T/err)
	if [ $pass = 1 ]; then
		[ "$c1" = 1 ] || { cat $T/err >&2; fail "pass 1: the held reply not said once"; }; ok
		err_has "1 applied"
	else
		[ "$c1" = 0 ] || { cat $T/err >&2; fail "pass $pass: the held reply said again"; }; ok
	fi
	[ "$(cat $C)" = "1700000000 2" ] || fail "pass $pass: the cursor is $(cat $C)"; ok
	[ "$(cat $H)" = "1700000000
1 $G" ] || fail "pass $pass: the held list is $(cat $H)"; ok
	[ "$(grep -c '' $D/games/$G2/log)" = $((n2 + 1)) ] ||
	    fail "pass $pass: the other game's move is not logged once"; ok
	[ "$(grep -c '' $L)" = $n1 ] || fail "pass $pass: serve wrote to the damaged log"; ok
done
grep -l "^To: host@x.test" $O/* | xargs grep -l "stuck" >/dev/null &&
    fail "the host was told the mailbox is stuck"; ok

# the log put back: the held reply is played, and leaves the list
cp $T/log.whole $L
: >$T/imap.log
MASQUED_NOW=$((MASQUED_NOW + 600)) expect 0 "serve --once, the log put back" -- $M -C $D serve --once
err_has "1 applied"
grep -q "left in the inbox for a stopped game" $T/err && fail "a reply still held"; ok
grep -qx "A[0-9]* UID FETCH 1 BODY\[\]" $T/imap.log || { cat $T/imap.log; fail "the held UID was not fetched"; }; ok
[ ! -e $H ] || fail "the held list outlived its last reply: $(cat $H)"; ok
$MREL -C $D log $G | grep -c "command  alice: PLACE" | grep -qx 1 || { $MREL -C $D log $G; fail "alice's placement is not logged once"; }; ok
[ "$(cat $C)" = "1700000000 2" ] || fail "the cursor is $(cat $C)"; ok
: >$T/imap.log
MASQUED_NOW=$((MASQUED_NOW + 700)) expect 0 "serve --once, once more" -- $M -C $D serve --once
grep -q "UID FETCH" $T/imap.log && { cat $T/imap.log; fail "a message was fetched again"; }; ok
$MREL -C $D log $G | grep -c "command  alice: PLACE" | grep -qx 1 || fail "alice's placement was played twice"; ok
[ "$(grep -c '' $D/games/$G2/log)" = $((n2 + 1)) ] || fail "the other game's move was played twice"; ok
expect 0 "the log verifies" -- $M -C $D verify $G
expect 0 "the other log verifies" -- $M -C $D verify $G2

# a damaged list: the mailbox read again from the start, nothing twice
printf '1700000000\nx\n' >$H
: >$T/imap.log
MASQUED_NOW=$((MASQUED_NOW + 800)) expect 0 "serve --once, a damaged list" -- $M -C $D serve --once
err_has "imap: the list of replies held for a stopped game $H is damaged"
grep -qx "A[0-9]* UID SEARCH UID 1:\*" $T/imap.log || { cat $T/imap.log; fail "the mailbox was not read from its start"; }; ok
[ ! -e $H ] || fail "the damaged list was kept"; ok
[ "$(cat $C)" = "1700000000 2" ] || fail "the cursor is $(cat $C)"; ok
$MREL -C $D log $G | grep -c "command  alice: PLACE" | grep -qx 1 || fail "alice's placement was played twice"; ok
[ "$(grep -c '' $D/games/$G2/log)" = $((n2 + 1)) ] || fail "the other game's move was played twice"; ok
# G stops again, with bob's placement (UID 3) held
b=$($MREL -C $D bot $G bob | grep '^PLACE') || fail "no placement for bob"
send bob@x.test "$(rt $G bob)" held2 "$b"
mv_msg m3
fake_imap $T/msgs/m1.eml $T/msgs/m2.eml $T/msgs/m3.eml
sed -i "s|^imap_url = .*|imap_url = imap://127.0.0.1:$(cat $T/port)|" $D/masqued.conf
cp $L $T/log.whole2
sed -i '1s/"kind":/"kind" :/' $L
MASQUED_NOW=$((MASQUED_NOW + 900)) expect 0 "serve --once, G stopped again" -- $M -C $D serve --once
err_has "1 reply(ies) left in the inbox for a stopped game"
[ "$(cat $H)" = "1700000000
3 $G" ] || fail "the held list is $(cat $H)"; ok
[ "$(cat $C)" = "1700000000 3" ] || fail "the cursor is $(cat $C)"; ok

# its UIDVALIDITY changed (the cursor and the list are under the old one):
# the list goes with the cursor, the mailbox read from the start, the reply
# held anew under the new one, with alice's played one (its game cannot be
# read to know it is): nothing played twice
sed -i 's/^1600000000/1700000000/; s/^1700000000/1600000000/' $C $H
: >$T/imap.log
MASQUED_NOW=$((MASQUED_NOW + 1000)) expect 0 "serve --once, a new UIDVALIDITY" -- $M -C $D serve --once
err_has "imap: UIDVALIDITY changed from 1600000000 to 1700000000"
err_has "2 reply(ies) left in the inbox for a stopped game"
grep -qx "A[0-9]* UID SEARCH UID 1:\*" $T/imap.log || { cat $T/imap.log; fail "the mailbox was not read from its start"; }; ok
[ "$(cat $H)" = "1700000000
1 $G
3 $G" ] || fail "the held list is $(cat $H)"; ok
[ "$(cat $C)" = "1700000000 3" ] || fail "the cursor is $(cat $C)"; ok
[ "$(grep -c '' $D/games/$G2/log)" = $((n2 + 1)) ] || fail "the other game's move was played twice"; ok

# a kill between the list and the cursor: UID 3 listed, the cursor before
# it; it is held once, said no more, and the cursor passes it
printf '1700000000 2\n' >$C
MASQUED_NOW=$((MASQUED_NOW + 1100)) expect 0 "serve --once, killed before the cursor" -- $M -C $D serve --once
err_has "2 reply(ies) left in the inbox for a stopped game"
grep -q "imap:1700000000:3" $T/err && { cat $T/err >&2; fail "the held reply was said again"; }; ok
[ "$(cat $H)" = "1700000000
1 $G
3 $G" ] || fail "the held list is $(cat $H)"; ok
[ "$(cat $C)" = "1700000000 3" ] || fail "the cursor is $(cat $C)"; ok

# mended: bob's placement played once, alice's known, the list gone
cp $T/log.whole2 $L
MASQUED_NOW=$((MASQUED_NOW + 1200)) expect 0 "serve --once, mended again" -- $M -C $D serve --once
err_has "2 message(s): 1 applied, 0 answered, 1 duplicate"
[ ! -e $H ] || fail "the held list outlived its last reply: $(cat $H)"; ok
$MREL -C $D log $G | grep -c "command  bob: PLACE" | grep -qx 1 || { $MREL -C $D log $G; fail "bob's placement is not logged once"; }; ok
$MREL -C $D log $G | grep -c "command  alice: PLACE" | grep -qx 1 || fail "alice's placement was played twice"; ok
expect 0 "the log verifies" -- $M -C $D verify $G
done_checks
