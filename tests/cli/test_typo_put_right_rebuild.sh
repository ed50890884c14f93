#!/bin/sh
# test_typo_put_right_rebuild.sh - a reply whose line the game refuses as
# new (sent_ok: 'PLAY pickpocket TARGET bob SLOT 12:10', Pickpocket names
# no target) put right on the next line ('PLAY pickpocket SLOT 12:10',
# mq_game_corrects) is logged with the second; a kill between its entry
# and its mails is caught up from its archived message. The rebuild (a
# read-only copy) skipped sent_ok for every line, took the first line,
# found the log holds another entry, and the game's mails waited ("they
# wait for its message to be read again"; found by the code review). Now
# it refuses the line again, as the first submit did (a line the entry
# logs, as an earlier masqued took it, replays still: test_store.c), and
# the same mails go out.
. tests/cli/lib.sh
GAME_SEED=0101010101010101010101010101010101010101010101010101010101010101	# deals carol Pickpocket
. tests/cli/lib_game.sh
place_all $D $G alice bob carol dave
for p in alice bob; do
	expect 0 "$p plays" -- $M -C $D submit $G $p "PLAY jest" --never-mail
done
# kill_and_catch_up ID TEXT: carol's reply TEXT logged, its mails lost
# (the staged kill), then caught up: the same mails, the same log
kill_and_catch_up() {
	ls $O | sort >$T/before
	cp $D/games/$G/mailed $T/mailed
	cp $D/games/$G/clock $T/clock
	send carol@x.test "$(rt $G carol)" $1 "$2"
	expect 0 "serve --once: carol's $1" -- $M -C $D serve --once
	answer receipt carol@x.test $1
	$MREL -C $D log $G >$T/log1
	kill_rebuilds "$1"
}
kill_and_catch_up c1 'PLAY pickpocket TARGET bob SLOT 12:10\nPLAY pickpocket SLOT 12:10'
says c1 "in place of line 1, which was refused"
grep -q "carol: PLAY pickpocket SLOT 12:10$" $T/log1 || { cat $T/log1 >&2;
    fail "the entry is not the second PLAY"; }; ok
# the next round's mail, with its rebuild, as ever
expect 0 "dave plays" -- $M -C $D submit $G dave "PLAY jest" --never-mail
for p in alice bob dave; do
	expect 0 "$p moves" -- $M -C $D submit $G $p "MOVE stay" --never-mail
done
kill_and_catch_up c2 'MOVE stay'
expect 0 "verify" -- $M -C $D verify $G
done_checks
