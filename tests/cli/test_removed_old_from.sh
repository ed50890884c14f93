#!/bin/sh
# test_removed_old_from.sh - a mail from the address of a player the host
# removed (found by a review): `admin G kick bob`, then the seat given to
# erin (`replace bob erin@...`), or `replace bob erin@... --new-player`;
# bob writes from bob@x.test to the seat's reply address (forwarded to
# him, say). The host got the plain "bob wrote from another address" mail
# with the line that gives the seat back to bob, and bob was told the host
# could give "your seat" his address. Now the host is told that it is the
# address of the player they removed from that seat, and when (the kick's
# time, or the replace's), with no line to run; bob, in the language the
# seat had while it was his, that he was removed from the game on that
# date and to ask the host. Nothing is played. test_replace_old_from.sh
# has bob keeping his seat.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
. tests/cli/lib_mail.sh
T0=1790000000
export MASQUED_NOW=$T0
utc() { date -u -d "@$1" '+%Y-%m-%d %H:%M UTC'; }
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
G=$(new_game $D) || fail "new"
expect 0 "serve: the welcomes" -- $M -C $D serve --once
MASQUED_NOW=$((T0 + 3600)) expect 0 "kick bob" -- $M -C $D admin $G kick bob --why "gone"
KICKED=$(utc $((T0 + 3600)))
MASQUED_NOW=$((T0 + 7200)) expect 0 "the seat to erin" -- $M -C $D admin $G replace bob erin@x.test --why "a new player"
export MASQUED_NOW=$((T0 + 7300))
expect 0 "serve: the replace's mails" -- $M -C $D serve --once
f=$(grep -l "^To: erin@x.test" $O/* | xargs grep -l "^Reply-To: game+$G\." | tail -n 1)
[ -n "$f" ] || fail "no mail to erin with a reply address"
RT=$(sed -n 's/^Reply-To: //p' "$f" | tr -d '\r')
cp $D/games/$G/log $T/log.before
ls $O >$T/before
send bob@x.test "$RT" old1 "STATUS"
expect 0 "serve: a mail from the kicked bob's address" -- $M -C $D serve --once
cmp -s $D/games/$G/log $T/log.before || fail "the mail from the removed player was played"; ok
ls $O | comm -13 $T/before - >$T/new
f=$(cd $O && grep -l "^To: host@x.test" $(cat $T/new))
[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one mail to the host: $f"; ok
grep -q "^Subject: \[masqued\] game $G: the player you removed from bob's seat wrote" $O/$f ||
    { grep "^Subject" $O/$f >&2; fail "the subject does not say it is the removed player"; }; ok
parts "$O/$f" host
grep -qF "a reply to bob's mail came from bob@x.test, not from the seat's address erin@x.test." $T/host.txt ||
    { cat $T/host.txt >&2; fail "the host is not told who wrote from where"; }; ok
grep -qF "bob@x.test is the address of the player you removed from that seat on $KICKED;" $T/host.txt ||
    { cat $T/host.txt >&2; fail "the host is not told it is the player they removed, and when"; }; ok
grep -qF "There is nothing to do" $T/host.txt ||
    { cat $T/host.txt >&2; fail "the host is not told there is nothing to do"; }; ok
! grep -qF "admin $G replace" $T/host.txt ||
    { cat $T/host.txt >&2; fail "the host is offered the seat back to the removed player"; }; ok
answer refused bob@x.test bob
grep -qF "You were removed from game $G on $KICKED: the host gave the seat you played to another person" $T/bob.txt ||
    { cat $T/bob.txt >&2; fail "bob is not told he was removed, and when"; }; ok
grep -qF "ask the host (host@x.test) about it." $T/bob.txt ||
    { cat $T/bob.txt >&2; fail "bob is not told whom to ask"; }; ok
! grep -qF "can give your seat this address" $T/bob.txt ||
    { cat $T/bob.txt >&2; fail "bob is told the host can give him the seat"; }; ok
# again: refused the same way, the host not told twice
ls $O >$T/before
send bob@x.test "$RT" old2 "STATUS"
expect 0 "serve: bob again" -- $M -C $D serve --once
ls $O | comm -13 $T/before - >$T/new
! (cd $O && grep -l "^To: host@x.test" $(cat $T/new) >/dev/null) || fail "the host was told twice"; ok

# --new-player, the seat's language Japanese for the new player, a host
# in Chinese: bob is answered in English (his), the host in Chinese
D=$T/d2
O=$D/mail/outbox/new; IN=$D/mail/inbox/new
export MASQUED_NOW=$T0
expect 0 "init 2" -- $M -C $D init
printf 'admin = host@x.test\n' >>$D/masqued.conf
G=$(new_game $D) || fail "new 2"
# the host's language, after the game was made in English
printf 'lang = zh\n' >>$D/masqued.conf
expect 0 "serve 2" -- $M -C $D serve --once
MASQUED_NOW=$((T0 + 7200)) expect 0 "replace 2" -- $M -C $D admin $G replace bob erin@x.test --new-player --lang ja --why "x"
GIVEN=$(utc $((T0 + 7200)))
export MASQUED_NOW=$((T0 + 7300))
expect 0 "serve 2: the replace's mails" -- $M -C $D serve --once
f=$(grep -l "^To: erin@x.test" $O/* | xargs grep -l "^Reply-To: game+$G\." | tail -n 1)
RT=$(sed -n 's/^Reply-To: //p' "$f" | tr -d '\r')
ls $O >$T/before
send bob@x.test "$RT" old3 "STATUS"
expect 0 "serve 2: bob's address" -- $M -C $D serve --once
ls $O | comm -13 $T/before - >$T/new
f=$(cd $O && grep -l "^To: host@x.test" $(cat $T/new))
[ "$(echo "$f" | grep -c .)" = 1 ] || fail "2: not one mail to the host: $f"; ok
parts "$O/$f" host2
grep -qF "bob@x.test 是你于 $GIVEN 从该座位上移出的玩家的地址；" $T/host2.txt ||
    { cat $T/host2.txt >&2; fail "2: the host's mail is not in Chinese, or not of the removed player"; }; ok
answer refused bob@x.test bob2
grep -qF "You were removed from game $G on $GIVEN:" $T/bob2.txt ||
    { cat $T/bob2.txt >&2; fail "2: bob is not told in English that he was removed"; }; ok
done_checks
