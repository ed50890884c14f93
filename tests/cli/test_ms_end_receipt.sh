#!/bin/sh
# test_ms_end_receipt.sh - The Masquerade: the receipt for the move that
# ends the game said "Nothing new since your last mail", the end itself
# told only in the end mail (found by players by mail: kenji's EVENT
# ended the game). It tells what the move set off, up to the end, and
# that the end mail follows. The game is played by the bots (submit
# --never-mail); each move is tried first on a copy of the data folder, and
# the one that ends the game is sent by mail.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
SEED=0000000000000000000000000000000000000000000000000000000000000001

ms_game $D $SEED dave
expect 0 "serve: the welcomes" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
to_the_last_move
ls $O >$T/before
send $p@x.test "$(reply_to $p)" last "$move"
expect 0 "serve: the move that ends the game" -- $M -C $D serve --once
over $D || fail "the mail did not end the game"; ok
answer receipt $p@x.test r
says_not r "Nothing new since your last mail."
says r "The game ends with this turn:"
says r "the end mail"
answer end $p@x.test e
done_checks
