# lib_game.sh - after lib.sh: the setting most mail tests start from. A
# data folder D with one game G of The Red Death (new_game's four players,
# its seed) whose welcome mails are sent to the outbox Maildir O; IN, its
# inbox; a rate limit no test reaches (or RATE_LIMIT, set before); lib_mail.sh's
# helpers.
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new

expect 0 "init" -- $M -C $D init
echo "rate_limit = ${RATE_LIMIT:-86400}" >>$D/masqued.conf
G=$(new_game $D) || fail "new"
expect 0 "serve --once sends the welcome mails" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
