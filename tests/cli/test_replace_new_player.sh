#!/bin/sh
# test_replace_new_player.sh - `admin GAME replace PLAYER EMAIL
# --new-player`: a seat still played handed to another person, with no
# kick first. Without the flag a seat not kicked is taken for its own
# player's new address (test_replace_words.sh), so a host who wanted a new
# player had to kick, wait for the kick's mails, then replace. With it the
# replace is a new player's, as after a kick: the others read that the
# seat went to a new player, the old address that it went to another
# player, the new address gets the welcome of one joining a game under
# way; the flag is logged in the entry, so a rebuild words it the same.
# It goes with replace alone, once.
# The old address's reply, to an older mail or to the notice, was refused
# in an address change's words ("The host replaced this address"): it
# reads now that the host gave the seat to another person, that nothing it
# sends applies, and whom to ask (the host's address); nothing is logged.
# Every welcome (the first one, and the new player's) lists the players
# with their addresses in both parts: the HTML part had the names alone.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
. tests/cli/lib_mail.sh
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
G=$(new_game $D) || fail "new"
IN=$D/mail/inbox/new
entries() { $MREL -C $D log $G | wc -l; }
expect 0 "serve: the welcomes" -- $M -C $D serve --once
# the first welcome: the players and their addresses, in both parts
parts "$(grep -l "^To: alice@x.test" $O/* | head -n 1)" welc
for p in alice bob carol dave; do says welc "$p <$p@x.test>"; done
new_to() {	# address, name: the one new mail to address, its parts as NAME
	f=$(cd $O && grep -l "^To: $1" $(ls $O | comm -13 $T/before -))
	[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one new mail to $1: $f"
	parts "$O/$f" $2
}
expect 2 "--new-player with a kick" -- $M -C $D admin $G kick bob --new-player --why "x"
err_has "--new-player goes with admin replace alone"
expect 2 "--new-player twice" -- $M -C $D admin $G replace bob erin@friends.test --new-player --new-player --why "x"
err_has "--new-player is given twice"
ls $O >$T/before
expect 0 "bob's seat to erin, no kick" -- $M -C $D admin $G replace bob erin@friends.test --new-player --why "erin takes over"
out_has "replace of bob (erin@friends.test, was bob@x.test)"
grep -q '"new_player": *true' $D/games/$G/log || fail "the replace's entry does not say it is a new player"; ok
expect 0 "serve" -- $M -C $D serve --once
new_to alice@x.test alice1
says alice1 "The host gave the seat bob had to a new player, who plays it from now on under the name bob. Why: erin takes over"
says_not alice1 "new email address"
new_to bob@x.test bob1
says bob1 "The host gave your seat to another player, who plays it from now on; you play in this game no more."
says_not bob1 "new email address"
# and not again, in words of an address change ("its seat has another
# address now"): only that the mail stops and nothing sent is applied
says bob1 "The game's mail no longer comes here, and nothing sent from here is applied."
says_not bob1 "its seat has another address"
new_to erin@friends.test erin1
says erin1 "You join a game already under way"
says_not erin1 "the game's mail now comes here"
# the players and their addresses, the seat's the new one's, in both parts
for p in alice carol dave; do says erin1 "$p <$p@x.test>"; done
says erin1 "bob <erin@friends.test>"
says_not erin1 "bob@x.test"
# bob replies to his old welcome: not an address change's words, but
# that the seat went to another person, as the host chose, that nothing
# he sends applies, and the host's address; nothing logged
ne=$(entries)
cp $D/games/$G/log $T/log.before
ls $O >$T/before
BOB_RT=$(sed -n 's/^Reply-To: //p' "$(grep -l "^To: bob@x.test" $O/* | xargs grep -l "^X-Masqued-Mail: welcome")" | tr -d '\r')
[ -n "$BOB_RT" ] || fail "bob's old welcome has no Reply-To"; ok
send bob@x.test "$BOB_RT" oldbob 'STATUS'
expect 0 "serve: bob's reply to his old mail" -- $M -C $D serve --once
new_to bob@x.test bob2
OTHER="The host chose to give the seat you played in game $G to another person, who plays it from now on: nothing in this message was applied, nor will anything you send there be; ask the host (host@x.test) about it."
says bob2 "$OTHER"
says_not bob2 "The host replaced this address"
[ "$(entries)" = "$ne" ] || fail "bob's reply was logged"; ok
same_file $D/games/$G/log $T/log.before "the game's log after bob's reply"
# a reply to the notice itself (no Reply-To: to the game's plain address),
# named by its In-Reply-To: the same sentence, nothing logged
nid=$(sed -n 's/^Message-ID: <\(.*\)>.*/\1/p' $O/$(cd $O && grep -l "^To: bob@x.test" * | xargs grep -l "^X-Masqued-Mail: admin") | tr -d '\r')
plain=$(sed -n 's/^From: .*<\(.*\)>.*/\1/p; s/^From: \([^<]*@[^<]*\)$/\1/p' $O/$(cd $O && grep -l "^To: bob@x.test" * | xargs grep -l "^X-Masqued-Mail: admin") | tr -d '\r')
case "$nid" in $G.*.admin.replaced@*) ;; *) fail "the notice's Message-ID: $nid";; esac; ok
ls $O >$T/before
printf 'From: bob@x.test\nTo: %s\nSubject: Re: the masque\nMessage-ID: <n-irt@x.test>\nIn-Reply-To: <%s>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\nSTATUS\n' \
    "$plain" "$nid" >$IN/n-irt.test
expect 0 "serve: bob's reply to the notice" -- $M -C $D serve --once
new_to bob@x.test bob3
says bob3 "$OTHER"
says_not bob3 "The host replaced this address"
[ "$(entries)" = "$ne" ] || fail "bob's reply to the notice was logged"; ok
same_file $D/games/$G/log $T/log.before "the game's log after bob's reply to the notice"
# with no admin address the sentence names nobody to write to
sed -i '/^admin = /d' $D/masqued.conf
ls $O >$T/before
send bob@x.test "$BOB_RT" oldbob2 'STATUS'
expect 0 "serve: bob's reply, no admin address" -- $M -C $D serve --once
new_to bob@x.test bob4
says bob4 "The host chose to give the seat you played in game $G to another person, who plays it from now on: nothing in this message was applied, nor will anything you send there be."
says_not bob4 "ask the host"
same_file $D/games/$G/log $T/log.before "the game's log after bob's third reply"
echo "admin = host@x.test" >>$D/masqued.conf
# help admin names it
expect 0 "help admin" -- $M help admin
out_has "[--new-player]"
done_checks
