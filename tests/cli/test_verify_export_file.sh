#!/bin/sh
# test_verify_export_file.sh - `masqued verify EXPORT`: the end mail tells
# each player to ask for the export and run `masqued verify` on it, in a
# folder of their own with no data folder. The export's log is replayed
# with the game data it holds (every shuffle again), under --key or the
# export's own key, which the answer shows; a changed export fails.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
play_out $D $G
expect 0 "export" -- $MREL -C $D export $G
cp $T/out $T/game.json
PUB=$(cat $D/keys/server.pub)
mkdir $T/player $T/tmp
cd $T/player || fail "cd"
export TMPDIR=$T/tmp	# where verify unpacks the export, and removes it

# --- what the end mail says to do, with no data folder ---
expect 0 "verify the export" -- $M verify $T/game.json
out_has "ok: game $G, "
out_has "chain, signatures, commitments and replay sound; signed by the export's key $PUB, which must be the server key the game's mails show."
expect 0 "verify the export under the key the mails show" -- $M verify $T/game.json --key $PUB
out_has "replay sound."
$MREL -C $T/other init >/dev/null 2>&1
expect 3 "under another key" -- $M verify $T/game.json --key $T/other/keys/server.pub
err_has "masqued: game $G: entry 1: the log is signed by another key"
one_line

# --- a changed export fails, at the entry changed ---
/usr/bin/python3 - $T/game.json $T/changed.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["log"][1] = d["log"][1].replace('"seq":2', '"seq":2 ', 1)
json.dump(d, open(sys.argv[2], "w"))
PY
expect 3 "an export with an entry changed" -- $M verify $T/changed.json
err_has "masqued: game $G: entry 2: "
one_line
# its game data changed: the replay would not be the game's
/usr/bin/python3 - $T/game.json $T/data.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["data"]["prince_path_note"] = "changed"
json.dump(d, open(sys.argv[2], "w"))
PY
expect 3 "an export whose game data changed" -- $M verify $T/data.json
err_has "is not the data this game was created with"
one_line
# its own data_hash changed, or gone, the data and log whole: the genesis
# still names the data, but the export's field is wrong, and an outside
# verifier (tests/verify_export.py) refuses it: so must verify
for how in zero drop; do
	/usr/bin/python3 - $T/game.json $T/dh_$how.json $how <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
if sys.argv[3] == "zero":
    d["data_hash"] = "0" * 64
else:
    del d["data_hash"]
json.dump(d, open(sys.argv[2], "w"))
PY
	expect 3 "an export whose data_hash is $how" -- $M verify $T/dh_$how.json
	err_has "The export's data_hash is not the hash of its game data (the data_hash of entry 1)."
	one_line
done
# not an export of this masqued
printf '{"format": "masqued-export-v9"}\n' >$T/v9.json
expect 3 "an export of an unknown format" -- $M verify $T/v9.json
err_has "The export $T/v9.json is of format masqued-export-v9, which this masqued does not read (masqued-export-v1)."
one_line
printf '{"format": "masqued-export-v1", "log": []}\n' >$T/empty.json
expect 3 "an export with no log" -- $M verify $T/empty.json
err_has "The export $T/empty.json lacks its log, its game data or its public_key (64 hex digits)."
one_line
# nothing of it is left behind in the temporary folder
[ -z "$(ls $T/tmp)" ] || fail "verify left $(ls $T/tmp) behind"; ok

# --- the data folder's GAME and log file still verify as before ---
cd - >/dev/null
expect 0 "verify GAME" -- $M -C $D verify $G
out_has "replay sound."
done_checks
