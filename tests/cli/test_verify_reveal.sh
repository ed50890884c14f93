#!/bin/sh
# test_verify_reveal.sh - a reveal entry opens every secret whose phase has
# resolved, and says so in its "opens": what a host holding the server's key
# writes otherwise, chained and signed, fails `masqued verify` (exit 3) in
# one sentence naming the entry. A reveal cut short (a move the others would
# never see opened), one that opens nothing, one whose "opens" does not
# list what its items open, and a reveal dropped before the end entry. And
# the export's own "game" is its log's, as tests/verify_export.py holds it;
# and a game played under rules the host changed (its game data not this
# masqued's) does not verify as if they were the published ones.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
played_export $D $T/g.json
n=$(grep -c '' $D/games/$G/log)	# the end entry; n-1 the last reveal
r=$((n - 1))
# the last reveal's and the end entry's bodies, as logged
body() { sed -n "$1p" $D/games/$G/log | cut -f1; }
[ "$(body $r | $PY -c 'import json,sys; print(json.load(sys.stdin)["type"])')" = reveal ] ||
    fail "entry $r is not the last move's reveal"; ok
end=$(body $n | $PY -c 'import json,sys; b=json.load(sys.stdin); print(json.dumps({"type": "end", "result": b["result"]}))')
# reveal FIELDS-PYTHON: the last reveal's type, opens and items, changed by
# a Python statement on b
reveal() {
	body $r | $PY -c 'import json,sys
b = json.load(sys.stdin)
b = {"type": b["type"], "opens": b["opens"], "items": b["items"]}
exec(sys.argv[1])
print(json.dumps(b))' "$1"
}
forge() {	# OUT BODY...: the export, its last two entries replaced
	$PY tests/forge_log.py $D/keys/server.key $T/g.json "$@" || fail "forging $1"
}
c_fails() {	# FILE SENTENCE
	expect 3 "verify $(basename $1)" -- $M -C $D verify $1
	err_has "$2"; one_line
	[ ! -s $T/out ] || fail "verify said ok of $(basename $1)"; ok
}
expect 0 "verify the game" -- $M -C $D verify $T/g.json
# the same two entries written again: sound (the forging changes nothing else)
forge $T/same.json 2 "$(reveal 'pass')" "$end"
expect 0 "verify the same entries forged again" -- $M -C $D verify $T/same.json

# a reveal that leaves its last item hidden
[ "$(reveal 'print(len(b["items"]), file=sys.stderr)' 2>&1 >/dev/null)" -gt 0 ] || fail "an empty reveal"; ok
forge $T/short.json 2 "$(reveal 'b["items"] = b["items"][:-1]; b["opens"] = sorted({i[0] for i in b["items"]})')" "$end"
last=$(reveal 'print(b["items"][-1][0], b["items"][-1][1] + 1, file=sys.stderr)' 2>&1 >/dev/null)
c_fails $T/short.json "entry $r: the reveal leaves hidden command ${last#* } of entry ${last% *}, whose phase has resolved; its reveal must open it."
# a reveal that opens nothing
forge $T/empty.json 2 "$(reveal 'b["items"] = []; b["opens"] = []')" "$end"
c_fails $T/empty.json "entry $r: a reveal that opens nothing."
# its opens naming an entry twice, or one its items do not open
forge $T/twice.json 2 "$(reveal 'b["opens"] = [b["opens"][0]] + b["opens"]')" "$end"
c_fails $T/twice.json "entry $r: the reveal's \"opens\" does not list the entries its items open."
forge $T/other.json 2 "$(reveal 'b["opens"] = b["opens"][:-1] + [1]')" "$end"
c_fails $T/other.json "entry $r: the reveal opens entry 1, which is not a command."
# the reveal dropped: the end entry comes with the last move still hidden
forge $T/dropped.json 2 "$end"
first=$(reveal 'print(b["items"][0][0], b["items"][0][1] + 1, file=sys.stderr)' 2>&1 >/dev/null)
c_fails $T/dropped.json "entry $r: the end entry leaves hidden command ${first#* } of entry ${first% *}, whose phase has resolved; its reveal must open it."

# the export's "game": another id, none, not a string
for edit in 'd["game"] = "aaaaaaaa"' 'del d["game"]' 'd["game"] = 123'; do
	$PY -c 'import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))' $T/g.json $T/id.json "$edit" || fail "editing the export"
	case $edit in
	*aaaaaaaa*) c_fails $T/id.json "The export $T/id.json names game \"aaaaaaaa\", but its log is of game $G." ;;
	*) c_fails $T/id.json "The export $T/id.json lacks its game, the id its log holds." ;;
	esac
	expect 1 "verify_export.py, the export's game edited" -- $PY tests/verify_export.py $T/id.json
done

# rules the host changed: the Red Death takes one a time, not two
mkdir -p $T/gm && cp config/games/*.json $T/gm/
$PY - $T/gm/redmasque.json <<'PYEOF' || fail "editing the rules"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["red_death"]["per_time"] != 1
d["red_death"]["per_time"] = 1
json.dump(d, open(sys.argv[1], "w"))
PYEOF
X=$(MASQUED_GAMES=$T/gm new_game $D) || fail "new, the rules changed"
MASQUED_GAMES=$T/gm play_out $D $X
MASQUED_GAMES=$T/gm expect 0 "export, the rules changed" -- $MREL -C $D export $X
cp $T/out $T/x.json
ours=$($PY -c 'import hashlib,json,sys; print(json.load(open(sys.argv[1]))["data_hash"][:16])' $T/g.json)
theirs=$($PY -c 'import json,sys; print(json.load(open(sys.argv[1]))["data_hash"][:16])' $T/x.json)
[ "$ours" != "$theirs" ] || fail "the changed rules have the stock hash"; ok
c_fails $T/x.json "Game $X was played under game data (its rules, cards and board) that are not this masqued's: its data_hash is $theirs..., this masqued's redmasque data $ours... (changed by the host, or another masqued version's); it replays soundly under its own."
# the independent checker: alone, the export checks under its own data;
# with --rules (the published config/games), it is refused
expect 0 "verify_export.py, the rules changed" -- $PY tests/verify_export.py $T/x.json
expect 1 "verify_export.py --rules, the rules changed" -- $PY tests/verify_export.py --rules config/games $T/x.json
out_has "export: the game was played under game data that is not the published redmasque (config/games/redmasque.json): its data_hash is $theirs..., the published $ours..."
expect 0 "verify_export.py --rules, the published rules" -- $PY tests/verify_export.py --rules config/games $T/g.json
out_has "ok: $(grep -c '' $D/games/$G/log) entries"
expect 1 "verify_export.py --rules, a folder without them" -- $PY tests/verify_export.py --rules $T/nowhere $T/g.json
out_has "export: cannot read the published rules $T/nowhere/redmasque.json: "
# under those same rules (the host's own check), it is sound
MASQUED_GAMES=$T/gm expect 0 "verify the host's game in its data folder" -- $M -C $D verify $X
done_checks
