#!/bin/sh
# test_replace_words.sh - what a replace says, by what it is (found by a
# host running a Red Death game by mail): one sentence served both a new
# player and an address change. After bob was kicked and erin took his
# seat, the others read that bob's seat had a new email address, and bob
# that his had (untrue); dave, the same person at a new address, was
# welcomed as a stranger joining the game. Now the replace of a kicked
# seat is a new player's (the others: the seat went to a new player; the
# old address: to another player; the new: the welcome of one joining a
# game under way), and of a seat still played, its player's new address
# (the others and the old address: a new email address; the new: that the
# seat's mail comes there now, no stranger's welcome).
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
. tests/cli/lib_mail.sh
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
G=$(new_game $D) || fail "new"
expect 0 "serve: the welcomes" -- $M -C $D serve --once
expect 0 "kick bob" -- $M -C $D admin $G kick bob --why "gone quiet"
expect 0 "serve" -- $M -C $D serve --once
new_to() {	# address, name: the one new mail to address, its parts as NAME
	f=$(cd $O && grep -l "^To: $1" $(ls $O | comm -13 $T/before -))
	[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one new mail to $1: $f"
	parts "$O/$f" $2
}
ls $O >$T/before
expect 0 "replace bob by erin" -- $M -C $D admin $G replace bob erin@friends.test --why "erin plays"
expect 0 "serve" -- $M -C $D serve --once
new_to alice@x.test alice1
says alice1 "The host gave the seat bob had to a new player, who plays it from now on under the name bob. Why: erin plays"
says_not alice1 "new email address"
new_to bob@x.test bob1
says bob1 "The host gave your seat to another player, who plays it from now on; you play in this game no more."
says_not bob1 "new email address"
new_to erin@friends.test erin1
says erin1 "You join a game already under way"

ls $O >$T/before
expect 0 "dave's new address" -- $M -C $D admin $G replace dave dave.smith@newmail.test --why "his new mailbox"
expect 0 "serve" -- $M -C $D serve --once
new_to alice@x.test alice2
says alice2 "The host gave dave's seat a new email address. Why: his new mailbox"
new_to dave@x.test dave_old
says dave_old "The host gave your seat a new email address."
new_to dave.smith@newmail.test dave_new
txt_has dave_new "The host gave your seat dave this address: the game's mail now comes here, and your replies from here play." "dave is not told his seat's mail comes here"
says dave_new "your replies from here play"
says_not dave_new "You join a game already under way"
done_checks
