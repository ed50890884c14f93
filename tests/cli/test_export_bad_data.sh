#!/bin/sh
# test_export_bad_data.sh - an export whose game data is not the game's:
# data that does not load as the game's kind, or that loads but is not
# what the genesis hashed. Either is an export that fails verification:
# log, state, replay and verify say so with exit 3, in one sentence that
# names the export, never the temporary folder it was read in (removed by
# then), and leave nothing behind. An export cut short is said to be so.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
played_export $D $T/game.json
mkdir $T/player $T/tmp
cd $T/player || fail "cd"
export TMPDIR=$T/tmp

$PY - $T/game.json $T/noload.json $T/changed.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
e = json.loads(json.dumps(d)); e["data"] = {}
json.dump(e, open(sys.argv[2], "w"))
e = json.loads(json.dumps(d)); e["data"]["prince_path_note"] = "changed"
json.dump(e, open(sys.argv[3], "w"))
PY
for c in "log" "state" "replay"; do
	expect 3 "$c of an export whose game data does not load" -- $M $c $T/noload.json
	err_has "The export $T/noload.json does not verify (entry 1: the game data "
	one_line
	[ ! -s $T/out ] || fail "$c showed something of an export with no sound data"; ok
	expect 3 "$c of an export whose game data changed" -- $M $c $T/changed.json
	err_has "The export $T/changed.json does not verify (entry 1: the game data "
	err_has "is not the data this game was created with"
	one_line
done
expect 3 "verify of an export whose game data does not load" -- $M verify $T/noload.json
err_has "entry 1: the game data "; one_line
expect 3 "verify of an export whose game data changed" -- $M verify $T/changed.json
err_has "entry 1: the game data "; one_line
# the sentences name no temporary folder: it is gone when they are read
for f in noload changed; do
	for c in log verify; do
		$M $c $T/$f.json >/dev/null 2>$T/err
		if grep -qF "$T/tmp" $T/err; then
			cat $T/err; fail "$c $f.json names the temporary folder"
		fi; ok
	done
done
# an export cut short (a download that stopped): said so, exit 3, by every
# command; not "no game's export", nor read as a log under the data
# folder's key (there is none here)
head -c 20000 $T/game.json >$T/cut.json
for c in "log" "state" "replay" "verify"; do
	expect 3 "$c of an export cut short" -- $M $c $T/cut.json
	err_has "The export $T/cut.json is cut short: its JSON stops at line "
	one_line
done
[ -z "$(ls $T/tmp)" ] || fail "left $(ls $T/tmp) behind"; ok
# a log whose only line is torn is still a log to verify
head -c 40 $D/games/$G/log >$T/torn.log
expect 3 "verify of a log whose only line is torn" -- $M -C $D verify $T/torn.log
err_has "entry 1: the log holds no complete entry."; one_line
cd - >/dev/null
done_checks
