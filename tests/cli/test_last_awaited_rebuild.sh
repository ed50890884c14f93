#!/bin/sh
# test_last_awaited_rebuild.sh - a reply of the last awaited player, two
# lines for the same card, the later refused for it ('PLAY jest', then
# 'PLAY pickpocket TARGET bob SLOT 12:10': Pickpocket names no target),
# is logged with the jest; a kill between its entry and its mails is
# caught up from its archived message, read again as it was read the
# first time. The rebuild (a read-only copy) skipped the game's check of a
# new line (sent_ok) in submit's look at the later line, took the
# Pickpocket in the jest's place, found the log holds another entry, and
# the game's mails waited ("they wait for its message to be read again").
. tests/cli/lib.sh
GAME_SEED=0101010101010101010101010101010101010101010101010101010101010101	# deals carol Pickpocket
. tests/cli/lib_game.sh
place_all $D $G alice bob carol dave
for p in alice bob dave; do
	expect 0 "$p plays" -- $M -C $D submit $G $p "PLAY jest" --never-mail
done
ls $O | sort >$T/before
cp $D/games/$G/mailed $T/mailed
cp $D/games/$G/clock $T/clock
send carol@x.test "$(rt $G carol)" c1 'PLAY jest\nPLAY pickpocket TARGET bob SLOT 12:10'
expect 0 "serve --once: carol, the last to play" -- $M -C $D serve --once
answer receipt carol@x.test c1
grep -qiF "pickpocket takes from every nearby noble" $T/c1.txt || { cat $T/c1.txt >&2;
    fail "the later line is not refused for its TARGET"; }; ok
$MREL -C $D log $G >$T/log1
grep -q "carol: PLAY jest$" $T/log1 || { cat $T/log1 >&2;
    fail "the entry is not PLAY jest"; }; ok
# the staged kill: the entry is logged, its mails not sent
kill_rebuilds
# --- carol is the last to move: MOVE ccw, a line the game refuses as new
# (the same Pickpocket, as the next round's card), then MOVE stay: the
# stay is held back with the refused line, so the ccw stands and is the
# round's move. It was left out for the stay, which was then refused: no
# move of carol's logged, her receipt calling the ccw changed ---
for p in alice bob dave; do
	expect 0 "$p moves" -- $M -C $D submit $G $p "MOVE stay" --never-mail
done
ne=$($MREL -C $D log $G | wc -l)
ls $O | sort >$T/before
send carol@x.test "$(rt $G carol)" c2 'MOVE ccw\nPLAY pickpocket TARGET bob SLOT 12:10\nMOVE stay'
expect 0 "serve --once: carol, the last to move" -- $M -C $D serve --once
answer receipt carol@x.test c2
says_not c2 "changed by line 3"
$MREL -C $D log $G >$T/log2
[ "$(wc -l <$T/log2)" -gt "$ne" ] || { cat $T/c2.txt >&2;
    fail "nothing of carol's mail was logged"; }; ok
grep -q "carol: MOVE ccw$" $T/log2 || { tail -n 3 $T/log2 >&2;
    fail "the ccw is not carol's move"; }; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
