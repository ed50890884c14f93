#!/bin/sh
# test_paused_host.sh - a player's mail to a paused game is refused, and
# the host hears nothing of it: now the host is told, once per player per
# pause (not per mail), that PLAYER tried to play, with the resume line;
# and the refusal names the host (the config's admin) for the player to
# ask. A later pause tells the host anew. A game masqued paused (nobody
# played) too. The dry run (parse) says the refusal the answer says.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
expect 0 "init" -- $M -C $D init
printf 'admin = host@x.test\n' >> $D/masqued.conf
G=$(new_game $D) || fail "new"
expect 0 "the welcome mails" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
host_paused() { grep -l "^Message-ID: <host\.paused-$G-" $O/* 2>/dev/null | wc -l; }

expect 0 "pause" -- $M -C $D admin $G pause --why "holiday"
# the dry run says what the answer says (it said the old sentence)
printf 'From: bob@x.test\nTo: %s\nSubject: x\n\nPLAN cw cw cw cw cw cw\n' "$(reply_to bob)" >$T/dry.eml
expect 0 "parse: bob's mail to the paused game" -- $M -C $D parse $T/dry.eml
json_is "j['refused'] == 'Game $G is paused by the host (host@x.test); send your commands again once it resumes, or ask the host when that will be.' and j['errors'][0]['error'] == j['refused']" "parse's refusal"
ls $O >$T/before
send bob@x.test "$(reply_to bob)" p1 'PLAN cw cw cw cw cw cw'
expect 0 "serve, bob's mail to the paused game" -- $M -C $D serve --once
answer refused bob@x.test paused
grep -qF "Game $G is paused by the host (host@x.test); send your commands again once it resumes, or ask the host when that will be." $T/paused.txt ||
    { cat $T/paused.txt; fail "the refusal does not name the host"; }; ok
[ "$(host_paused)" = 1 ] || fail "the host was not told that bob tried to play: $(host_paused)"; ok
f=$(grep -l "^Message-ID: <host\.paused-$G-" $O/*)
grep -q "^Subject: \[masqued\] game $G is paused: bob tried to play" "$f" ||
    { grep "^Subject" "$f"; fail "the host's mail's subject"; }; ok
mail_body "$f" > $T/host.txt
grep -qF "  masqued -C $(realpath $D) admin $G resume --why \"...\"" $T/host.txt ||
    { cat $T/host.txt; fail "the host's mail has no resume line"; }; ok
# bob again, and carol: one more host mail (carol's), not two
send bob@x.test "$(reply_to bob)" p2 'PLAN ccw ccw ccw ccw ccw ccw'
send carol@x.test "$(reply_to carol)" p3 'PLAN cw cw cw cw cw cw'
expect 0 "serve, two more mails to the paused game" -- $M -C $D serve --once
[ "$(host_paused)" = 2 ] || fail "not one host mail per player per pause: $(host_paused)"; ok
# a new pause: the host hears of bob again
MASQUED_NOW=$((MASQUED_NOW + 60)) expect 0 "resume" -- $M -C $D admin $G resume --why "back"
MASQUED_NOW=$((MASQUED_NOW + 120)) expect 0 "pause again" -- $M -C $D admin $G pause --why "again"
send bob@x.test "$(reply_to bob)" p4 'PLAN cw ccw cw ccw cw ccw'
MASQUED_NOW=$((MASQUED_NOW + 180)) expect 0 "serve, bob in the second pause" -- $M -C $D serve --once
[ "$(host_paused)" = 3 ] || fail "the host was not told of bob in a new pause: $(host_paused)"; ok

# a game masqued paused, every player having missed a deadline: the same
G2=$(new_game $D --option deadline=2h) || fail "new, 2 h deadlines"
G=$G2
k=0
while ! $MREL -C $D view $G2 admin --json | grep -q '"paused": "by masqued'; do
	k=$((k + 1)); [ $k -lt 30 ] || fail "$G2 did not pause itself"
	MASQUED_NOW=$((MASQUED_NOW + 1000 + k * 3 * 3600)) $M -C $D serve --once 2>/dev/null
done; ok
printf 'From: dave@x.test\nTo: %s\nSubject: x\n\nPLAN cw cw cw cw cw cw\n' "$(rt $G2 dave)" >$T/dry2.eml
expect 0 "parse: dave's mail to a game masqued paused" -- $M -C $D parse $T/dry2.eml
json_is "j['refused'] == 'Game $G2 is paused: nobody was playing, so masqued stopped it until the host (host@x.test) resumes it; send your commands again then, or ask the host.'" "parse's refusal"
ls $O >$T/before
send dave@x.test "$(rt $G2 dave)" p5 'PLAN cw cw cw cw cw cw'
MASQUED_NOW=$((MASQUED_NOW + 1000 + 31 * 3 * 3600)) expect 0 "serve, dave's mail to a game masqued paused" -- $M -C $D serve --once
answer refused dave@x.test paused2
grep -qF "Game $G2 is paused: nobody was playing, so masqued stopped it until the host (host@x.test) resumes it; send your commands again then, or ask the host." $T/paused2.txt ||
    { cat $T/paused2.txt; fail "the refusal does not name the host"; }; ok
[ "$(host_paused)" = 1 ] || fail "the host was not told that dave tried to play in $G2: $(host_paused)"; ok
done_checks
