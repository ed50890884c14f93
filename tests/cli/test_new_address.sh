#!/bin/sh
# test_new_address.sh - a player who writes from another address (found by
# a host running a Red Death game by mail): dave replied from
# dave.smith@newmail.test and was told only to send from his registered
# address; the host heard of it in the daemon's log alone, and dave was
# stuck. Now nothing of such a mail plays still (DESIGN.md, addresses and
# authentication), but the host is mailed once per game and address, with
# the replace line that gives the seat the address and the warning to check
# by another channel that it is dave (a From is easily forged); dave's
# answer says the host has been told. The dry run (parse), which tells
# nobody, said so too: now it says the host would be told.
# In a game over nobody is told (its seat takes no new address), and the
# answer said "The host has been told" all the same: now it does not.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
. tests/cli/lib_mail.sh
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
G=$(new_game $D) || fail "new"
expect 0 "serve: the welcomes" -- $M -C $D serve --once
RT=$(rt $G dave)
cp $D/games/$G/log $T/log.before

# the dry run first: it tells nobody, and says the host would be told
printf 'From: dave.smith@newmail.test\nTo: %s\nSubject: x\n\nPLACE blue\n' "$RT" >$T/dry.eml
expect 0 "parse: dave's mail from a new address" -- $M -C $D parse $T/dry.eml
grep -qF "so nothing in it would be played. The host would be told (this dry run told nobody), and could give your seat this address" $T/out ||
    { cat $T/out >&2; fail "parse says the host has been told"; }; ok
! grep -q "has been told" $T/out || fail "parse says the host has been told"; ok
ls $O >$T/before
send dave.smith@newmail.test "$RT" new1 "PLACE blue"
expect 0 "serve: dave's reply from a new address" -- $M -C $D serve --once
cmp -s $D/games/$G/log $T/log.before || fail "the mail from another address was played"; ok
answer refused dave.smith@newmail.test dave
grep -qF "which is not the address registered for its seat in game $G, so nothing in it was played. The host has been told, and can give your seat this address once they have checked with you that it is yours" $T/dave.txt ||
    { cat $T/dave.txt >&2; fail "dave's answer does not say the host was told"; }; ok
ls $O | comm -13 $T/before - >$T/new
f=$(cd $O && grep -l "^To: host@x.test" $(cat $T/new))
[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one mail to the host: $f"; ok
parts "$O/$f" host
grep -qF "a reply to dave's mail came from dave.smith@newmail.test, not from the seat's address dave@x.test. It was not played" $T/host.txt ||
    { cat $T/host.txt >&2; fail "the host is not told who wrote from where"; }; ok
grep -qF "check with them by another channel" $T/host.txt || fail "no word of checking it is dave"; ok
DIR=$(cd $D && pwd -P)
grep -qF "masqued -C $DIR admin $G replace dave dave.smith@newmail.test --why \"...\"" $T/host.txt ||
    { cat $T/host.txt >&2; fail "no ready replace line"; }; ok

# the dry run of it now: the host was told, as its answer says
expect 0 "parse: again, the host told" -- $M -C $D parse $T/dry.eml
grep -qF "so nothing in it was played. The host has been told, and can give" $T/out ||
    { cat $T/out >&2; fail "parse does not say the host was told"; }; ok
# the same address again, a pass later: refused, the host not told again
ls $O >$T/before
send dave.smith@newmail.test "$RT" new2 "PLACE red"
expect 0 "serve: again" -- $M -C $D serve --once
ls $O | comm -13 $T/before - >$T/new
! (cd $O && grep -q "^To: host@x.test" $(cat $T/new)) || fail "the host was told twice"; ok
cmp -s $D/games/$G/log $T/log.before || fail "the second mail was played"; ok

# the line the host was given works
expect 0 "the replace line" -- $M -C $D admin $G replace dave dave.smith@newmail.test --why "his new address"

# a game over: nobody is told (a seat of a game over takes no new address),
# so the answer does not say the host was
expect 0 "admin end" -- $M -C $D admin $G end --why "we stop here"
expect 0 "serve: the end" -- $M -C $D serve --once
f=$(grep -l "^To: dave.smith@newmail.test" $O/* | xargs grep -l "^Reply-To: game+$G\." | tail -n 1)
RT=$(sed -n 's/^Reply-To: //p' "$f" | tr -d '\r')
ls $O >$T/before
send dave.third@newmail.test "$RT" new4 "STATUS"
expect 0 "serve: a mail from a third address to the game over" -- $M -C $D serve --once
answer refused dave.third@newmail.test dave3
! grep -q "has been told" $T/dave3.txt ||
    { cat $T/dave3.txt >&2; fail "game over: dave told the host was told"; }; ok
ls $O | comm -13 $T/before - >$T/new
! (cd $O && grep -q "^To: host@x.test" $(cat $T/new)) || fail "game over: the host was told"; ok

# no admin address: the old sentence (nobody is told)
D2=$T/d2
expect 0 "init 2" -- $M -C $D2 init
G2=$(new_game $D2) || fail "new 2"
O=$D2/mail/outbox/new; IN=$D2/mail/inbox/new
expect 0 "serve 2" -- $M -C $D2 serve --once
ls $O >$T/before
send dave.smith@newmail.test "$(rt $G2 dave)" new3 "PLACE blue"
expect 0 "serve 2: dave's reply" -- $M -C $D2 serve --once
answer refused dave.smith@newmail.test dave2
grep -qF "game $G2; send from your registered address." $T/dave2.txt ||
    { cat $T/dave2.txt >&2; fail "no host: dave told the host was told"; }; ok
done_checks
