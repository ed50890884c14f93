#!/bin/sh
# test_extend_year.sh - under policy wait, a deadline the host answers about
# a year late: an extend counts from the deadline and takes at most 366d,
# so the extend the host was offered (the time past, rounded up, and a
# day) was more than extend takes, and refused as usage. The host's mail
# and admin's refusal offer a pause and a resume instead (the debt starts
# afresh at the resume), and that works.
. tests/cli/lib.sh
T0=$MASQUED_NOW
H=3600
DAY=86400
D=$T/d
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
G=$($M -C $D new redmasque --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player dave=dave@x.test --option policy=wait) ||
    fail "new with policy wait"
MASQUED_NOW=$T0 expect 0 "the welcome" -- $M -C $D serve --once
rm -f $D/mail/outbox/new/*
# serve next runs a year after the 72 h deadline
LATE=$((T0 + 72 * H + 366 * DAY))
MASQUED_NOW=$LATE expect 0 "serve a year after the deadline" -- $M -C $D serve --once
host=$(grep -l "^To: host@x.test" $D/mail/outbox/new/* | head -n 1)
[ -n "$host" ] || fail "the host was not told"; ok
grep -q "admin $G pause --why" $host || { cat $host; fail "the host's mail offers no pause"; }; ok
grep -q "admin $G resume --why" $host || fail "the host's mail offers no resume"; ok
grep -q "extend [0-9]" $host && { cat $host; fail "the host's mail offers an extend past 366d"; }; ok
# an extend, however long, would leave it passed: refused, with what works
MASQUED_NOW=$LATE expect 1 "extend 366d a year late" -- $M -C $D admin $G extend 366d --why "late"
err_has "s deadline passed 366d ago, and an extend counts from the deadline and takes at most 366d, so none would reach past now: pause and resume the game (admin $G pause, then admin $G resume: a full deadline from the resume), or play the default move for them (admin $G default "
one_line
grep -q "extend [0-9]" $T/err && fail "the refusal offers an extend"; ok
# what it offers works: the deadline is a full one from the resume
MASQUED_NOW=$LATE expect 0 "pause" -- $M -C $D admin $G pause --why "a year late"
MASQUED_NOW=$LATE expect 0 "resume" -- $M -C $D admin $G resume --why "play on"
MASQUED_NOW=$((LATE + 71 * H)) expect 0 "games after the resume" -- $M -C $D games
grep -q "^$G  the deadline has passed" $T/out && { cat $T/out >&2; fail "the deadline passed after the resume"; }; ok
# a month late, an extend is offered as before, and works
G2=$(MASQUED_NOW=$LATE $M -C $D new redmasque --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player dave=dave@x.test --option policy=wait) ||
    fail "new"
MONTH=$((LATE + 72 * H + 30 * DAY))
MASQUED_NOW=$MONTH expect 1 "extend 1d a month late" -- $M -C $D admin $G2 extend 1d --why "late"
err_has "(admin $G2 extend 33d gives them the game's deadline, 3d, from now)"
MASQUED_NOW=$MONTH expect 0 "the extend offered" -- $M -C $D admin $G2 extend 33d --why "late"
done_checks
