#!/bin/sh
# test_verify_admin_entry.sh - an admin entry names an action masqued logs,
# and the seat and what else that action needs. A host holding the server's
# key who appends one that does not (a kick of nobody, an action no masqued
# takes), chained and signed, fails `masqued verify` (exit 3) and
# tests/verify_export.py (exit 1) in one sentence each: before, the replay
# skipped it as nothing and both said "ok".
. tests/cli/lib.sh
PY=/usr/bin/python3
VX=tests/verify_export.py
D=$T/data
expect 0 "init" -- $M -C $D init
K=$(new_game $D) || fail "new"
play_rounds $D $K 1
expect 0 "a kick, logged by masqued" -- $M -C $D admin $K kick dave --why "gone"
expect 0 "the host ends the game" -- $M -C $D admin $K end --why "we stop"
expect 0 "export it" -- $MREL -C $D export $K
cp $T/out $T/k.json
k=$(grep -c '' $D/games/$K/log)	# the end entry, the host's end at k-1
kres=$(tail -1 $D/games/$K/log | cut -f1 | $PY -c 'import json,sys; print(json.dumps(json.loads(sys.stdin.read())["result"]))')
n=$((k - 1))	# where a forged entry goes, before the host's end
forge() {
	$PY tests/forge_log.py $D/keys/server.key "$@" || fail "forging $2"
}
# bad NAME BODY SENTENCE: BODY as entry n, then the host's end and the end
# entry; both verifiers refuse the export, masqued verify the log file too
bad() {
	forge $T/k.json $T/$1.json 2 "$2" '{"type": "admin", "action": "end", "why": "we stop"}' \
	    "{\"type\": \"end\", \"result\": $kres}"
	expect 3 "verify $1.json" -- $M -C $D verify $T/$1.json
	err_has "entry $n: $3"; one_line
	[ ! -s $T/out ] || fail "verify said ok of $1.json"; ok
	expect 1 "verify_export.py $1.json" -- $PY $VX $T/$1.json
	out_has "entry $n: $3"
	[ "$(grep -c '' $T/out)" = 1 ] || fail "verify_export.py: not one line"; ok
	forge $D/games/$K/log $T/$1.log 2 "$2"
	expect 3 "verify $1.log" -- $M -C $D verify $T/$1.log
	err_has "entry $n: $3"; one_line
}
expect 0 "verify the game" -- $M -C $D verify $T/k.json
expect 0 "verify_export.py on it" -- $PY $VX $T/k.json
# the forging itself is sound: what masqued logs, forged so, verifies
forge $T/k.json $T/good.json 2 '{"type": "admin", "action": "rotate-token", "player": "bob", "why": "leaked"}' \
    '{"type": "admin", "action": "end", "why": "we stop"}' "{\"type\": \"end\", \"result\": $kres}"
expect 0 "verify a forged rotate-token of bob" -- $M -C $D verify $T/good.json
expect 0 "verify_export.py on it" -- $PY $VX $T/good.json

bad unknown '{"type": "admin", "action": "undo", "player": "bob", "why": "x"}' \
    'an admin entry with the action "undo", which masqued never logs.'
bad noaction '{"type": "admin", "why": "x"}' 'an admin entry without an action.'
bad kicknobody '{"type": "admin", "action": "kick", "why": "x"}' 'an admin kick naming no player.'
bad kickzed '{"type": "admin", "action": "kick", "player": "zed", "why": "x"}' \
    'an admin kick naming "zed", not a player of the game.'
bad rotatezed '{"type": "admin", "action": "rotate-token", "player": "zed", "why": "x"}' \
    'an admin rotate-token naming "zed", not a player of the game.'
bad replacenoemail '{"type": "admin", "action": "replace", "player": "carol", "why": "x"}' \
    'an admin replace of carol without the new address.'
bad replacezed '{"type": "admin", "action": "replace", "player": "zed", "email": "z@x.test", "why": "x"}' \
    'an admin replace naming "zed", not a player of the game.'
bad langxx '{"type": "admin", "action": "lang", "player": "bob", "lang": "xx", "why": "x"}' \
    'a SET LANG of bob without en, ja or zh.'
bad notices '{"type": "admin", "action": "notices", "player": "bob", "notices": "off", "why": "x"}' \
    'a SET NOTICES of bob without on or off.'
done_checks
