#!/bin/sh
# test_export_history.sh - a player with no data folder, only the export
# (masqued export GAME, once the game is over), steps through the game:
# `log EXPORT [--json]`, `state EXPORT [--at SEQ] [--json]` and `replay
# EXPORT [--from SEQ] [--to SEQ]` show what the host's `log`, `state` and
# `replay` of the game show (everything: the game is over), the log read
# under the export's own key; an export damaged in the middle shows what
# comes before the damage. The temporary folder it is read in is removed.
. tests/cli/lib.sh
PY=/usr/bin/python3
VX=$PWD/tests/verify_export.py	# the independent verifier, from any folder
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
play_out $D $G
expect 0 "export" -- $MREL -C $D export $G
cp $T/out $T/game.json
n=$(wc -l <$D/games/$G/log)
# a game over whose end entry is not logged yet (a crash came between the
# last move's mails and it: the mark is still before that move) is not
# exported: the export would not verify. No ended mark yet: it is
# written once the end entry is logged (a mark of entry n would tell the
# log cut, test_view_cut_ended.sh)
cp -R $D $T/noend
head -n $((n - 1)) $D/games/$G/log >$T/noend/games/$G/log
rm $T/noend/games/$G/ended
last=$(grep -n '"type":"command"' $T/noend/games/$G/log | tail -n 1 | cut -d: -f1)
printf '%020d\n' $((last - 1)) >$T/noend/games/$G/mailed
expect 1 "export of a game whose end entry is not logged" -- $M -C $T/noend export $G
err_has "Game $G is over, but the entry saying how it ended is not logged yet (a crash came between); masqued serve logs it as it starts, and then the game can be exported."
one_line
[ ! -s $T/out ] || fail "export printed a log with no end entry"; ok
expect 0 "serve --once logs its end" -- $M -C $T/noend serve --once
[ "$(grep -c '' $T/noend/games/$G/log)" = $n ] || fail "serve did not log the end entry"; ok
expect 0 "export once the end is logged" -- $M -C $T/noend export $G
same_file $T/out $T/game.json "the export once its end is logged"

# the host's answers, from the data folder
host() {	# name, then the command's words
	name=$1; shift
	expect 0 "$* of the game" -- $M -C $D "$@"
	cp $T/out $T/host.$name
}
host log log $G
host log.json log $G --json
host state state $G
host state.json state $G --json
host state5 state $G --at 5
host state5.json state $G --at 5 --json
host replay replay $G
host replay36 replay $G --from 3 --to 6
host replaylast replay $G --from $n

mkdir $T/player $T/tmp
cd $T/player || fail "cd"
export TMPDIR=$T/tmp	# where the export is unpacked, and removed
# --- the same answers from the export alone, no data folder here ---
player() {	# name, then the command's words
	name=$1; shift
	expect 0 "$* of the export" -- $M "$@"
	same_file $T/out $T/host.$name "$* and the host's"
	[ ! -s $T/err ] || { cat $T/err; fail "$* said something on stderr"; }; ok
	[ -z "$(ls $T/tmp)" ] || fail "$* left $(ls $T/tmp) behind"; ok
}
X=$T/game.json
player log log $X
player log.json log $X --json
player state state $X
player state.json state $X --json
player state5 state $X --at 5
player state5.json state $X --at 5 --json
player replay replay $X
player replay36 replay $X --from 3 --to 6
player replaylast replay $X --from $n
# named as a file here, with no slash
cp $X game.json
player log log game.json
rm game.json
[ ! -e data ] || fail "a data folder was made"; ok

# --- refused as the game's own would be, and nothing left behind ---
expect 1 "replay past the end" -- $M replay $X --from $((n + 1))
err_has "Game $G has $n entries; there is no entry $((n + 1))."; one_line
expect 1 "state past the end" -- $M state $X --at $((n + 1))
err_has "there is no entry $((n + 1))."; one_line
printf 'hello\n' >$T/notes.txt
expect 1 "log of a file that is no export" -- $M log $T/notes.txt
err_has "$T/notes.txt is no game's export (masqued export GAME writes one); a game's log file is read with a data folder (-C DATADIR), under its key; a game of the data folder is named by its id."
one_line
# a player's verify of it (the mail saved, not the export) said "Cannot
# read the key file data/keys/server.pub" (exit 4): a key they never had
expect 1 "verify of a file that is no export" -- $M verify $T/notes.txt
err_has "$T/notes.txt is no game's export (masqued export GAME writes one); a game's log file is verified under its server's key, a data folder's (-C DATADIR) or --key PUB; a game of the data folder is named by its id."
one_line
expect 4 "log of an export that is not there" -- $M log $T/nothing.json
err_has "Cannot read $T/nothing.json: No such file or directory."; one_line
printf '{"format": "masqued-export-v9"}\n' >$T/v9.json
expect 3 "an export of an unknown format" -- $M state $T/v9.json
err_has "The export $T/v9.json is of format masqued-export-v9, which this masqued does not read (masqued-export-v1)."
one_line
[ -z "$(ls $T/tmp)" ] || fail "a refusal left $(ls $T/tmp) behind"; ok

# --- an export damaged in entry 8: what comes before it ---
$PY - $X $T/damaged.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["log"][7] = d["log"][7].replace('"seq":8', '"seq":8 ', 1)
json.dump(d, open(sys.argv[2], "w"))
PY
bad="The export $T/damaged.json does not verify (entry 8: "
expect 3 "log of an export damaged at entry 8" -- $M log $T/damaged.json
err_has "$bad"; err_has "nothing from entry 8 on is shown."; one_line
head -n 7 $T/host.log >$T/host.log7
same_file $T/out $T/host.log7 "the damaged export's entries before the damage"
expect 0 "state --at 5 of it" -- $M state $T/damaged.json --at 5
err_has "masqued: What is shown rests on entries 1 to 5, which are sound; but the export $T/damaged.json does not verify further on (entry 8: "
one_line
same_file $T/out $T/host.state5 "state --at 5 before the damage"
expect 3 "replay of it" -- $M replay $T/damaged.json --from 3
err_has "$bad"; one_line
[ "$(grep -vc '^        ' $T/out)" = 5 ] || fail "replay --from 3 did not stop at entry 7"; ok
# its first entry damaged: nothing to show
$PY - $X $T/genesis.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["log"][0] = d["log"][0].replace('"seq":1', '"seq":1 ', 1)
json.dump(d, open(sys.argv[2], "w"))
PY
expect 3 "log of an export whose genesis is damaged" -- $M log $T/genesis.json
err_has "The export $T/genesis.json does not verify (entry 1: "; one_line
[ ! -s $T/out ] || fail "log showed entries of an export with none sound"; ok
[ -z "$(ls $T/tmp)" ] || fail "a damaged export left $(ls $T/tmp) behind"; ok

# --- an export whose last entries were cut (at an entry's end: the chain
# cannot tell) stops before the game is over, which no export does ---
$PY - $T/game.json $T/cut.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
del d["log"][10:]
json.dump(d, open(sys.argv[2], "w"))
PY
expect 3 "verify an export cut after entry 10" -- $M verify $T/cut.json
err_has "entry 11: the export ends at entry 10, before the game is over: its last entries were removed."; one_line
[ ! -s $T/out ] || fail "verify said ok of a cut export"; ok
[ -z "$(ls $T/tmp)" ] || fail "a cut export left $(ls $T/tmp) behind"; ok
# the independent verifier, which does not replay, finds no end entry
expect 0 "verify_export.py on the whole export" -- $PY $VX $T/game.json
out_has "ok: $n entries"
expect 1 "verify_export.py on an export cut after entry 10" -- $PY $VX $T/cut.json
out_has "entry 11: the export ends at entry 10, before its end entry (the result), which every export holds: the log was cut short."
[ "$(grep -c '' $T/out)" = 1 ] || fail "verify_export.py: not one line"; ok
# cut of its end entry alone: the game is over there, but no export stops
# before the entry that says how it ended
$PY - $T/game.json $T/noend.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert '"type":"end"' in d["log"][-1] and '"type":"end"' not in d["log"][-2]
del d["log"][-1]
json.dump(d, open(sys.argv[2], "w"))
PY
expect 3 "verify an export cut before its end entry" -- $M verify $T/noend.json
err_has "entry $n: the export ends at entry $((n - 1)), where the game is over but before its end entry (the result): its last entry was removed."
one_line
[ ! -s $T/out ] || fail "verify said ok of an export with no end entry"; ok
[ -z "$(ls $T/tmp)" ] || fail "an export with no end entry left $(ls $T/tmp) behind"; ok
expect 1 "verify_export.py on an export cut before its end entry" -- $PY $VX $T/noend.json
out_has "entry $n: the export ends at entry $((n - 1)), before its end entry (the result), which every export holds: the log was cut short."
[ "$(grep -c '' $T/out)" = 1 ] || fail "verify_export.py: not one line"; ok

# --- an entry after the end entry: a host who appends to a game over
# (here a pause, chained and signed with the server's own key) is caught
# by both verifiers, in the export and in the data folder ---
forge() {	# in out: a JSON export, or a log file (a line each)
	$PY - "$1" "$2" $D/keys/server.key <<'PY'
import base64, hashlib, json, sys
import nacl.signing
src, dst, key = sys.argv[1:4]
sk = nacl.signing.SigningKey(open(key, "rb").read())
doc = json.load(open(src)) if src.endswith(".json") else None
lines = doc["log"] if doc else open(src).read().splitlines()
last = lines[-1].split("\t")
prev = json.loads(last[0])
body = json.dumps({"action": "pause", "game": prev["game"], "kid": prev["kid"],
    "prev": last[1], "seq": prev["seq"] + 1, "ts": prev["ts"], "type": "admin",
    "v": 1, "why": "one more"}, sort_keys=True, separators=(",", ":"))
h = hashlib.blake2b(b"masqued-log-v1\n" + body.encode(), digest_size=32).digest()
lines.append("\t".join([body, h.hex(),
    base64.b64encode(sk.sign(h).signature).decode()]))
if doc:
    json.dump(doc, open(dst, "w"))
else:
    open(dst, "w").write("\n".join(lines) + "\n")
PY
}
forge $T/game.json $T/after.json || fail "forging an entry after the end"
after="entry $((n + 1)): the game ended at entry $n (its end entry); nothing but a player's SET LANG may follow."
expect 3 "verify an export with an entry after its end entry" -- $M verify $T/after.json
err_has "$after"; one_line
[ ! -s $T/out ] || fail "verify said ok of an entry after the end"; ok
expect 1 "verify_export.py on an export with an entry after its end entry" -- $PY $VX $T/after.json
out_has "$after"
[ "$(grep -c '' $T/out)" = 1 ] || fail "verify_export.py: not one line"; ok
cp -R $D $T/after
forge $D/games/$G/log $T/after/games/$G/log || fail "forging an entry after the end (log)"
expect 3 "verify GAME with an entry after its end entry" -- $M -C $T/after verify $G
err_has "$after"; one_line
rm -rf $T/after
# a player's SET LANG is logged after the end, and both verifiers take it
cp -R $D $T/lang
expect 0 "SET LANG after the end" -- $M -C $T/lang submit $G bob "SET LANG ja" --no-mail
[ "$(wc -l <$T/lang/games/$G/log)" = $((n + 1)) ] || fail "SET LANG after the end was not logged"; ok
expect 0 "verify GAME with a SET LANG after its end entry" -- $M -C $T/lang verify $G
expect 0 "export with a SET LANG after its end entry" -- $MREL -C $T/lang export $G
cp $T/out $T/lang.json
expect 0 "verify the export with a SET LANG after its end entry" -- $M verify $T/lang.json
expect 0 "verify_export.py with a SET LANG after its end entry" -- $PY $VX $T/lang.json
out_has "ok: $((n + 1)) entries"
rm -rf $T/lang

# --- the host's GAME is read from the data folder as before ---
cd - >/dev/null
expect 0 "log GAME" -- $M -C $D log $G
same_file $T/out $T/host.log "log GAME"
done_checks
