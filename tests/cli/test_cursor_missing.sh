#!/bin/sh
# test_cursor_missing.sh - DATA/cursor deleted: serve and ingest refuse at
# once with one sentence that says what it holds and what to put back, and
# take nothing (an ingest from a pipe says try again later, so the MTA
# keeps the mail); once it is made anew, the reply is taken and answered.
# serve said "Cannot open the lock DATA/cursor/serve.lock: No such file or
# directory", and ingest logged the move and exited 0 with its mail left
# unsent (found by the host).
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "serve --once: the welcome" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
rm -rf $D/cursor
e=$($MREL -C $D log $G | wc -l)
why="The folder $D/cursor is missing: it holds the locks and records of serve and ingest. Put it back from a backup (an older one is fine: a message done already is known by its hash), or make it anew, empty (mkdir $D/cursor), which with IMAP starts reading at the mailbox's end."
expect 4 "serve with no cursor folder" -- $M -C $D serve --once
err_has "$why"; one_line
send carol@x.test "$(rt $G carol)" c1 'PLACE blue'
cp $IN/1.test $T/reply.eml
expect 4 "serve of a reply with no cursor folder" -- $M -C $D serve --once
err_has "$why"; one_line
[ -e $IN/1.test ] || fail "the reply was taken"; ok
rm $IN/1.test
expect 75 "ingest from a pipe with no cursor folder" -- sh -c "$M -C $D ingest <$T/reply.eml"
err_has "$why"; one_line
[ "$($MREL -C $D log $G | wc -l)" = "$e" ] || fail "a move was logged"; ok
[ ! -e $D/cursor ] || fail "the cursor folder was made unasked"; ok
mkdir $D/cursor
ls $O >$T/before
expect 0 "ingest once it is back" -- sh -c "$M -C $D ingest <$T/reply.eml"
[ "$($MREL -C $D log $G | wc -l)" = "$((e + 1))" ] || fail "the move was not logged once"; ok
answer receipt carol@x.test got
says got "PLACE blue"
done_checks
