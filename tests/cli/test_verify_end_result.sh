#!/bin/sh
# test_verify_end_result.sh - the end entry is the last word of a game, and
# says its result: what a host appends around it, chained and signed with
# the server's own key, fails `masqued verify` (exit 3) and
# tests/verify_export.py (exit 1), one sentence each. masqued verify
# replays, so it also catches an entry between the move that ended a game
# by its rules and the end entry, and any result not the replay's;
# verify_export.py, which does not replay, checks of the result what needs
# none: by the host if an admin end came before (nobody won), else by the
# rules, and the players it names are the game's.
. tests/cli/lib.sh
PY=/usr/bin/python3
VX=tests/verify_export.py
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
play_out $D $G
expect 0 "export the game over by its rules" -- $MREL -C $D export $G
cp $T/out $T/g.json
K=$(new_game $D) || fail "new"
play_rounds $D $K 1
expect 0 "the host ends a game" -- $M -C $D admin $K end --why "we stop"
expect 0 "export the game the host ended" -- $MREL -C $D export $K
cp $T/out $T/k.json
n=$(grep -c '' $D/games/$G/log)	# G's end entry
k=$(grep -c '' $D/games/$K/log)	# K's end entry, after the host's at k-1
result() { tail -1 "$1" | cut -f1 | $PY -c 'import json,sys; print(json.dumps(json.loads(sys.stdin.read())["result"]))'; }
gres=$(result $D/games/$G/log)
kres=$(result $D/games/$K/log)

# forge IN OUT DROP BODY...: drop the last DROP entries of IN (an export,
# or a log file), then append each BODY's fields as an entry, chained and
# signed with the server's key
forge() {
	$PY tests/forge_log.py $D/keys/server.key "$@" || fail "forging $2"
}
# c_fails FILE SENTENCE: masqued verify refuses FILE, in one sentence
c_fails() {
	expect 3 "verify $(basename $1)" -- $M -C $D verify $1
	err_has "$2"; one_line
	[ ! -s $T/out ] || fail "verify said ok of $(basename $1)"; ok
}
# py_fails EXPORT SENTENCE: verify_export.py refuses it, in one line
py_fails() {
	expect 1 "verify_export.py $(basename $1)" -- $PY $VX $1
	out_has "$2"
	[ "$(grep -c '' $T/out)" = 1 ] || fail "verify_export.py: not one line"; ok
}
both_fail() {	# export, C's sentence, Python's
	c_fails $1 "$2"; py_fails $1 "$3"
}
expect 0 "verify the game over by its rules" -- $M -C $D verify $G
expect 0 "verify_export.py on it" -- $PY $VX $T/g.json
expect 0 "verify the game the host ended" -- $M -C $D verify $K
expect 0 "verify_export.py on it" -- $PY $VX $T/k.json

# --- a result other than the replay's: its rules ended the game ---
forge $T/g.json $T/host.json 1 '{"type": "end", "result": {"alive": ["alice", "bob"], "by": "host", "winner": null}}'
both_fail $T/host.json "entry $n: the end entry's result is not the one the game reached." \
    "entry $n: the end entry's result says the game was ended by \"host\", but no admin end came before: its rules ended it."
forge $T/g.json $T/zed.json 1 '{"type": "end", "result": {"alive": ["zed"], "by": "rules", "winner": "zed"}}'
both_fail $T/zed.json "entry $n: the end entry's result is not the one the game reached." \
    "entry $n: the end entry's winner is not a player of the game."
forge $T/g.json $T/order.json 1 '{"type": "end", "result": {"alive": ["dave", "alice"], "by": "rules", "winner": "alice"}}'
both_fail $T/order.json "entry $n: the end entry's result is not the one the game reached." \
    "entry $n: the end entry's alive is not a list of the game's players, each once, in seat order."
forge $T/g.json $T/score.json 1 "{\"type\": \"end\", \"result\": $(echo "$gres" | $PY -c 'import json,sys; r=json.load(sys.stdin); r["score"]=9; print(json.dumps(r))')}"
both_fail $T/score.json "entry $n: the end entry's result is not the one the game reached." \
    "entry $n: the end entry's result is not an object of by, winner and alive."
# a word beside the result, the result itself the replay's
forge $T/g.json $T/beside.json 1 "{\"type\": \"end\", \"winner\": \"bob\", \"result\": $gres}"
both_fail $T/beside.json "entry $n: the end entry holds \"winner\", beside its result." \
    "entry $n: the end entry holds \"winner\", beside its result."
# the same in the log file, for verify LOGFILE
forge $D/games/$G/log $T/beside.log 1 "{\"type\": \"end\", \"winner\": \"bob\", \"result\": $gres}"
c_fails $T/beside.log "entry $n: the end entry holds \"winner\", beside its result."

# --- a result other than the replay's: the host ended the game ---
forge $T/k.json $T/rules.json 1 '{"type": "end", "result": {"alive": ["alice", "bob", "carol", "dave"], "by": "rules", "winner": "alice"}}'
both_fail $T/rules.json "entry $k: the end entry's result is not the one the game reached." \
    "entry $k: the end entry's result says the game was ended by \"rules\", but the host ended it at entry $((k - 1))."
forge $T/k.json $T/won.json 1 '{"type": "end", "result": {"alive": ["alice", "bob", "carol", "dave"], "by": "host", "winner": "bob"}}'
both_fail $T/won.json "entry $k: the end entry's result is not the one the game reached." \
    "entry $k: the end entry's result names a winner, but the host ended the game at entry $((k - 1)): nobody won."

# --- an entry between the game's end and its end entry ---
# after the host's end: both verifiers know it from the log alone
forge $T/k.json $T/kpause.json 1 '{"type": "admin", "action": "resume", "why": "one more"}' \
    "{\"type\": \"end\", \"result\": $kres}"
both_fail $T/kpause.json "entry $k: the host ended the game at entry $((k - 1)); nothing may follow." \
    "entry $k: the host ended the game at entry $((k - 1)); nothing may follow."
# after the move that ended it by its rules: the replay knows it
forge $T/g.json $T/gpause.json 1 '{"type": "admin", "action": "pause", "why": "one more"}' \
    "{\"type\": \"end\", \"result\": $gres}"
c_fails $T/gpause.json "entry $n: the game is over there (by its rules); nothing but a reveal, a player's SET LANG or its end entry may follow."
forge $D/games/$G/log $T/gmove.log 1 '{"type": "command", "player": "alice", "commands": [{"text": "STATUS", "secret": false}]}' \
    "{\"type\": \"end\", \"result\": $gres}"
c_fails $T/gmove.log "entry $n: the game is over there (by its rules); nothing but a reveal, a player's SET LANG or its end entry may follow."
# a player's SET LANG there is as good as after the end entry
forge $T/g.json $T/glang.json 1 '{"type": "admin", "action": "lang", "player": "bob", "lang": "ja", "why": "the player asked (SET LANG)"}' \
    "{\"type\": \"end\", \"result\": $gres}"
expect 0 "verify a SET LANG before the end entry" -- $M -C $D verify $T/glang.json
expect 0 "verify_export.py on it" -- $PY $VX $T/glang.json

# --- after the end entry: a "lang" admin entry that is no player's SET LANG
forge $T/g.json $T/badlang.json 0 '{"type": "admin", "action": "lang", "player": "zed", "lang": "xx", "why": "one more"}'
after="entry $((n + 1)): the game ended at entry $n (its end entry); nothing but a player's SET LANG may follow."
both_fail $T/badlang.json "$after" "$after"
forge $T/g.json $T/goodlang.json 0 '{"type": "admin", "action": "lang", "player": "carol", "lang": "zh", "why": "the player asked (SET LANG)"}'
expect 0 "verify a SET LANG after the end entry" -- $M -C $D verify $T/goodlang.json
expect 0 "verify_export.py on it" -- $PY $VX $T/goodlang.json
out_has "ok: $((n + 1)) entries"
done_checks
