#!/bin/sh
# test_kill_imap_held.sh - serve's IMAP pass killed at each of its renames
# (lib_kill.sh: strace kills it at its k-th call; the held list's and the
# cursor's among them, each replaced whole) while it holds a reply to a
# stopped game (UID 1: its log does not verify) and plays another game's
# move (UID 2): right after each kill, a cursor past UID 1 has it listed in
# DATA/cursor/imap.held (the list is written before the cursor passes it);
# the restart holds it once, plays the other move once; the log put back,
# the held reply is played once and the list is gone.
. tests/cli/lib.sh
. tests/cli/lib_kill.sh
mail_folder
echo "admin = host@x.test" >>$D/masqued.conf
G=$(new_game $D) || fail "new"
G2=$(new_game $D 2>/dev/null) || fail "new, the other game"
expect 0 "serve --once: the welcomes" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
mkdir $T/msgs
a=$($MREL -C $D bot $G alice | grep '^PLACE') || fail "no placement for alice"
send alice@x.test "$(rt $G alice)" held "$a"
mv $IN/$n.test $T/msgs/m1.eml
for p in alice bob carol dave; do
	c=$($MREL -C $D bot $G2 $p | grep '^PLACE') && break
done
[ -n "$c" ] || fail "no placement owed in $G2"
send $p@x.test "$(rt $G2 $p)" other "$c"
mv $IN/$n.test $T/msgs/m2.eml
fake_imap $T/msgs/m1.eml $T/msgs/m2.eml
imap_in $D $(cat $T/port)
printf '1700000000 0\n' >$D/cursor/imap
cp $D/games/$G/log $T/log.whole
sed -i '1s/"kind":/"kind" :/' $D/games/$G/log
n2=$(grep -c '' $D/games/$G2/log)
mv $D $T/before

# the syscall of a replace's rename, as this libc makes it
strace -f -qq -o $T/trace -e trace=rename,renameat,renameat2 $MREL -C $T/before help >/dev/null 2>&1
cp -a $T/before $T/probe
MASQUED_NOW=$MASQUED_NOW strace -f -qq -o $T/trace -e trace=rename,renameat,renameat2 \
    $MREL -C $T/probe serve --once >/dev/null 2>&1
sc=$(grep -o '^[0-9]* *rename[a-z0-9]*' $T/trace | awk '{ print $2 }' | sort -u | head -n 1)
[ -n "$sc" ] || fail "serve --once made no rename"; ok
grep -q "imap.held" $T/trace || fail "the pass wrote no held list"; ok
rm -rf $T/probe

k=1 points=0
while :; do
	K=$T/kill
	rm -rf $K; cp -a $T/before $K
	MASQUED_NOW=$MASQUED_NOW $KILL_STRACE -o /dev/null -e trace=$sc \
	    -e inject=$sc:signal=KILL:when=$k $MREL -C $K serve --once >/dev/null 2>&1 &&
	    break	# past its last rename
	points=$((points + 1))
	last=$(cut -d' ' -f2 $K/cursor/imap)
	if [ "$last" -ge 1 ]; then
		grep -qx "1 $G" $K/cursor/imap.held 2>/dev/null ||
		    fail "$sc $k: the cursor is at $last, UID 1 not listed"
		ok
	fi
	MASQUED_NOW=$MASQUED_NOW expect 0 "$sc $k: the restart" -- $M -C $K serve --once
	[ "$(cat $K/cursor/imap)" = "1700000000 2" ] || fail "$sc $k: the cursor is $(cat $K/cursor/imap)"; ok
	[ "$(cat $K/cursor/imap.held)" = "1700000000
1 $G" ] || fail "$sc $k: the held list is $(cat $K/cursor/imap.held)"; ok
	[ "$(grep -c '' $K/games/$G2/log)" = $((n2 + 1)) ] ||
	    fail "$sc $k: the other game's move is not logged once"; ok
	cp $T/log.whole $K/games/$G/log
	MASQUED_NOW=$((MASQUED_NOW + 60)) expect 0 "$sc $k: the log put back" -- $M -C $K serve --once
	[ ! -e $K/cursor/imap.held ] || fail "$sc $k: the held list outlived its reply"; ok
	$MREL -C $K log $G | grep -c "command  alice: PLACE" | grep -qx 1 ||
	    fail "$sc $k: alice's placement is not logged once"; ok
	[ "$(grep -c '' $K/games/$G2/log)" = $((n2 + 1)) ] ||
	    fail "$sc $k: the other game's move was played twice"; ok
	k=$((k + 1))
done
[ $points -ge 2 ] || fail "killed at $points point(s) only"; ok
done_checks
