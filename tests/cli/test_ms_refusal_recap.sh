#!/bin/sh
# test_ms_refusal_recap.sh - The Masquerade mails the player to move alone,
# so a player who replies out of turn has not heard what the others did:
# the answer's "what happened" tells it (alice's Dancer chosen), where it
# said "Nothing new since your last mail" (found by players by mail). A
# receipt of a move applied still tells what that move set off.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
SEED=0000000000000000000000000000000000000000000000000000000000000003
expect 0 "init" -- $M -C $D init
expect 0 "new masquerade" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test --seed $SEED
G=$(cat $T/out)
expect 0 "serve: the welcomes" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
expect 0 "view" -- $M -C $D view $G public
out_has "alice owes: dancer"
ls $O >$T/before
send alice@x.test "$(reply_to alice)" a1 "DANCER thief"
expect 0 "serve: alice's Dancer" -- $M -C $D serve --once
ls $O >$T/before
send carol@x.test "$(reply_to carol)" c1 "DANCER bard"
expect 0 "serve: carol out of turn" -- $M -C $D serve --once
answer receipt carol@x.test c1
says c1 "It is not your turn: bob is to choose a Dancer with DANCER. You will get a mail when it is yours; send the line again then."
says c1 "alice chose the Thief"
says_not c1 "Nothing new since your last mail."
done_checks
