#!/bin/sh
# test_queued_unreadable.sh - a mail of a game that serve cannot read
# (a root's file, 0600, queued by `sudo masqued admin`; a folder here) was
# counted twice in a pass that read a reply of that game: the batch's
# sending now takes the game's other mails in the spool too, and counted
# it, and the pass's last sending counted it again ("2 mail(s) in the
# spool could not be read" for one). What waits is counted once, by the
# pass's last sending (serve.c send_batch). The Red Death; Maildir inbox
# and outbox, `serve --once`, ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
mkdir $D/spool/$G-00000001-0-admin-odd.eml
send bob@x.test "$(reply_to bob)" b1 "PLACE black"
expect 4 "serve reads bob's placement, a mail of his game unreadable" -- \
    $M -C $D serve --once
err_has "masqued: This pass left work for the next: 1 mail(s) in the spool could not be read"
rmdir $D/spool/$G-00000001-0-admin-odd.eml
done_checks
