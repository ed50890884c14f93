#!/bin/sh
# test_status_board.sh - STATUS sends the player's view again with the
# board, as docs/playing.md and the help promise ("The board also comes with
# every resolution and on STATUS"): its answer, the receipt, had what the
# player owes and their own section but no board, so a player who asked
# where everyone stood was not told. In en, ja and zh, text and HTML, alone
# and beside a move; a mail without STATUS has no board in its receipt.
# Real replies through the Maildir inbox and `serve --once` (ASan binary).
. tests/cli/lib.sh
. tests/cli/lib_game.sh

ls $O >$T/before
send alice@x.test "$(reply_to alice)" a1 'STATUS'
send bob@x.test "$(reply_to bob)" b1 'SET LANG ja\n状況'
send carol@x.test "$(reply_to carol)" c1 'SET LANG zh\nPLACE green\nSTATUS'
send dave@x.test "$(reply_to dave)" d1 'PLACE white'
expect 0 "serve --once with the STATUS mails" -- $M -C $D serve --once

answer receipt alice@x.test alice
says alice "Popularity, most popular first"
says alice "The Prince's path"
answer receipt bob@x.test bob
says bob "8:00 の盤面"
says bob "王子の道筋"
answer receipt carol@x.test carol
says carol "8:00 的图板"
says carol "亲王的路线"
# no STATUS, no board: the receipt of a move stays short
answer receipt dave@x.test dave
says_not dave "The Prince's path"
done_checks
