#!/bin/sh
# test_queued_first.sh - mails the host's `submit` and `admin` queued
# for serve went out after the mails of the replies that serve's pass
# read (with a Maildir outbox each batch of replies sends its own mails at
# once; what waited in the spool went only at the pass's end), so a
# player got the receipt of a move before the story that asked for it:
# bob's PLAY receipt, then the resolution of the placements; alice the
# notice of bob's card, then her own receipt and the story; after an
# `admin kick`, the receipt of a card before the notice of the kick. Now
# a batch's sending sends first its games' mails that waited in the
# spool: each player's mails go in the order of the game's log. The Red
# Death; Maildir inbox and outbox, `serve --once`, ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
# WHO's mails since $T/before, in the order delivered: kind.seq each
order() {
	ls $O | comm -13 $T/before - >$T/new
	(cd $O && for f in $(grep -l "^To: $1@" $(cat $T/new) | sort); do
		sed -n 's/^Message-ID: <[a-z0-9]*\.[0-9]*\.\([0-9]*\)\.\([a-z]*\).*/\2.\1/p' $f |
		    tr -d '\r'
	done) | tr '\n' ' '
}
for p in bob carol dave; do
	$MREL -C $D submit $G $p "PLACE black" --never-mail >/dev/null || fail "place $p"
done
ls $O >$T/before
# the host enters alice's placement, the last: the resolution is queued
expect 0 "the host enters alice's placement" -- $MREL -C $D submit $G alice "PLACE black"
# bob's card, read by the next pass
send bob@x.test "$(reply_to bob)" b1 "PLAY discuss"
expect 0 "serve reads bob's card" -- $M -C $D serve --once
o=$(order bob)
[ "$o" = "resolution.6 receipt.7 " ] || fail "bob's mails: $o"; ok
o=$(order alice)
[ "$o" = "receipt.6 resolution.6 notice.7 " ] || fail "alice's mails: $o"; ok
# the host kicks dave; carol's card comes (dave's default follows)
ls $O >$T/before
expect 0 "kick dave" -- $MREL -C $D admin $G kick dave --why "gone"
send carol@x.test "$(reply_to carol)" c1 "PLAY discuss"
expect 0 "serve reads carol's card" -- $M -C $D serve --once
o=$(order carol)
case $o in "admin.8 receipt.9 "*) ok ;; *) fail "carol's mails: $o" ;; esac
o=$(order alice)
case $o in "admin.8 notice.9 "*) ok ;; *) fail "alice's mails: $o" ;; esac
done_checks
