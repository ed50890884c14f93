# lib_game.sh - after lib.sh: the setting most mail tests start from. A
# data folder D with one game G of The Red Death (new_game's four players,
# its seed or GAME_SEED; then GAME_ARGS: more players, options; both set
# before) whose welcome mails are sent to the outbox Maildir O; IN, its
# inbox; a rate limit no test reaches (or RATE_LIMIT, set before);
# lib_mail.sh's helpers; room NAME, the room the public view puts NAME in.
mail_folder
G=$(new_game $D ${GAME_ARGS:-}) || fail "new"
expect 0 "serve --once sends the welcome mails" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
room() {
	$MREL -C $D view $G public --json | $PY -c "import json,sys
v=json.load(sys.stdin)
print([p['room'] for p in v['players'] if p['name']=='$1'][0])"
}
