#!/bin/sh
# test_replace_old_from.sh - the host's "bob wrote from another address"
# mail after the host's own replace (found by a review): the host gave
# bob's seat bob2@friends.test (bob's new address, not --new-player); a
# mail from bob@x.test, the old address, to the seat's reply address, told
# the host only that bob had perhaps changed address, with the line
# `admin G replace bob bob@x.test`: a host who ran it undid their own
# replace without knowing. Now the mail says that bob@x.test is the
# address the host replaced for bob, and when; the line stays, for a bob
# who has gone back to it, and the seat keeps its address otherwise. A
# stranger's address still gets the plain mail (test_new_address.sh).
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
. tests/cli/lib_mail.sh
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
G=$(new_game $D) || fail "new"
expect 0 "serve: the welcomes" -- $M -C $D serve --once
expect 0 "bob's new address" -- $M -C $D admin $G replace bob bob2@friends.test --why "his new mailbox"
WHEN=$(date -u -d "@$MASQUED_NOW" '+%Y-%m-%d %H:%M UTC')
expect 0 "serve: the replace's mails" -- $M -C $D serve --once
f=$(grep -l "^To: bob2@friends.test" $O/* | xargs grep -l "^Reply-To: game+$G\." | tail -n 1)
[ -n "$f" ] || fail "no mail to bob2@friends.test with a reply address"
RT=$(sed -n 's/^Reply-To: //p' "$f" | tr -d '\r')
cp $D/games/$G/log $T/log.before
# bob writes from his old address to the seat's reply address (forwarded
# to it, say): not played, the host told
ls $O >$T/before
send bob@x.test "$RT" old1 "STATUS"
expect 0 "serve: a mail from bob's old address" -- $M -C $D serve --once
cmp -s $D/games/$G/log $T/log.before || fail "the mail from the old address was played"; ok
ls $O | comm -13 $T/before - >$T/new
f=$(cd $O && grep -l "^To: host@x.test" $(cat $T/new))
[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one mail to the host: $f"; ok
grep -q "^Subject: \[masqued\] game $G: bob wrote from the address you replaced" $O/$f ||
    { grep "^Subject" $O/$f >&2; fail "the subject does not say it is the replaced address"; }; ok
parts "$O/$f" host
grep -qF "a reply to bob's mail came from bob@x.test, not from the seat's address bob2@friends.test." $T/host.txt ||
    { cat $T/host.txt >&2; fail "the host is not told who wrote from where"; }; ok
grep -qF "bob@x.test is the address you replaced for bob on $WHEN. If bob has gone back to it," $T/host.txt ||
    { cat $T/host.txt >&2; fail "the host is not told it is the address they replaced"; }; ok
DIR=$(cd $D && pwd -P)
grep -qF "masqued -C $DIR admin $G replace bob bob@x.test --why \"...\"" $T/host.txt ||
    { cat $T/host.txt >&2; fail "no ready replace line"; }; ok
grep -qF "Otherwise do nothing: the seat keeps bob2@friends.test." $T/host.txt ||
    { cat $T/host.txt >&2; fail "the host is not told to leave it otherwise"; }; ok
! grep -qF "If bob has changed address" $T/host.txt ||
    { cat $T/host.txt >&2; fail "the host is told bob may have changed address"; }; ok
# the sender is refused as any other address is
answer refused bob@x.test bob
grep -qF "which is not the address registered for its seat in game $G, so nothing in it was played" $T/bob.txt ||
    { cat $T/bob.txt >&2; fail "bob's answer"; }; ok

# a host mailed in Japanese: the same, translated
D2=$T/d2
expect 0 "init 2" -- $M -C $D2 init
printf 'admin = host@x.test\nlang = ja\n' >>$D2/masqued.conf
G2=$(new_game $D2) || fail "new 2"
O=$D2/mail/outbox/new; IN=$D2/mail/inbox/new
expect 0 "serve 2" -- $M -C $D2 serve --once
expect 0 "replace 2" -- $M -C $D2 admin $G2 replace bob bob2@friends.test --why "x"
expect 0 "serve 2: the replace's mails" -- $M -C $D2 serve --once
f=$(grep -l "^To: bob2@friends.test" $O/* | xargs grep -l "^Reply-To: game+$G2\." | tail -n 1)
RT=$(sed -n 's/^Reply-To: //p' "$f" | tr -d '\r')
ls $O >$T/before
send bob@x.test "$RT" old2 "STATUS"
expect 0 "serve 2: bob's old address" -- $M -C $D2 serve --once
ls $O | comm -13 $T/before - >$T/new
f=$(cd $O && grep -l "^To: host@x.test" $(cat $T/new))
[ "$(echo "$f" | grep -c .)" = 1 ] || fail "2: not one mail to the host: $f"; ok
parts "$O/$f" host2
grep -qF "bob@x.test は、あなたが $WHEN に bob さんの席から置き換えたアドレスです。" $T/host2.txt ||
    { cat $T/host2.txt >&2; fail "2: not in Japanese"; }; ok
done_checks
