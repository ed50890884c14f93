#!/bin/sh
# test_design_log.sh - DESIGN.md's log types: an `end` entry holds the
# result. A game over (by its rules, or the host's end) logs one, once,
# after the mails of the entry that ended it; a crash between the two is
# mended by the next open, the log the same byte for byte. A signed end
# entry in the middle of a game, a second one, or one with another result
# fails verify (exit 3, "entry N: ...").
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data

expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "alice places" -- $M -C $D submit $G alice "PLACE green" --no-mail
cp $D/games/$G/log $T/end.log
# sign_end LOG RESULT-JSON: an end entry, chained and signed with the
# server's own key, appended to LOG
cat > $T/sign_end.py <<'EOF'
import base64, hashlib, json, sys
import nacl.signing
path, sk = sys.argv[1], nacl.signing.SigningKey(open(sys.argv[2], "rb").read())
last = open(path, "rb").read().splitlines()[-1].split(b"\t")
prev = json.loads(last[0])
body = json.dumps({"v": 1, "game": prev["game"], "seq": prev["seq"] + 1,
                   "prev": last[1].decode(), "ts": prev["ts"], "kid": prev["kid"],
                   "type": "end", "result": json.loads(sys.argv[3])},
                  sort_keys=True, separators=(",", ":")).encode()
h = hashlib.blake2b(b"masqued-log-v1\n" + body, digest_size=32).digest()
sig = base64.b64encode(sk.sign(h).signature)
open(path, "ab").write(body + b"\t" + h.hex().encode() + b"\t" + sig + b"\n")
EOF
sign_end() { $PY $T/sign_end.py "$1" $D/keys/server.key "$2" || fail "the end entry could not be made"; }
sign_end $T/end.log '{"winner": "alice"}'
expect 3 "verify a log that ends a game still being played" -- $M -C $D verify $T/end.log
err_has "entry 3: an end entry, but the game is not over there."
one_line
expect 0 "the game's own log still verifies" -- $M -C $D verify $G

# --- a game over by its rules logs one end entry, its last, with the result
H=$(new_game $D) || fail "new"
$M -C $D serve --once 2>/dev/null
play_out $D $H
last() { tail -1 $D/games/$H/log | cut -f1; }
last | grep -q '"type":"end"' || { last; fail "the last entry is not the end"; }; ok
[ "$(grep -c '"type":"end"' $D/games/$H/log)" = 1 ] || fail "not one end entry"; ok
winner=$($MREL -C $D view $H admin --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["winner"] or "")')
[ -n "$winner" ] || fail "the game has no winner to check"; ok
last | $PY -c '
import json, sys
r = json.loads(sys.stdin.read())["result"]
assert r["by"] == "rules" and r["winner"] == sys.argv[1], r
assert sys.argv[1] in r["alive"], r
' "$winner" || fail "the end entry does not hold the result"; ok
expect 0 "the log with its end verifies" -- $M -C $D verify $H
$MREL -C $D log $H | tail -1 | grep -q "end      $winner wins; alive: " ||
    { $MREL -C $D log $H | tail -1; fail "log does not tell the end"; }; ok
seq=$(wc -l < $D/games/$H/log)
[ "$(cat $D/games/$H/mailed)" -eq "$seq" ] || fail "the mark is not past the end entry"; ok
$M -C $D serve --once 2>/dev/null
[ "$(wc -l < $D/games/$H/log)" = "$seq" ] || fail "a second pass logged more"; ok

# --- forged ends: another result, a second end ---
cp $D/games/$H/log $T/h.log
head -n $((seq - 1)) $T/h.log > $T/other.log
sign_end $T/other.log '{"alive": [], "by": "rules", "winner": null}'
expect 3 "verify an end entry with another result" -- $M -C $D verify $T/other.log
err_has "entry $seq: the end entry's result is not the one the game reached."
cp $T/h.log $T/twice.log
sign_end $T/twice.log "$(tail -1 $T/h.log | cut -f1 | $PY -c 'import json,sys; print(json.dumps(json.loads(sys.stdin.read())["result"]))')"
expect 3 "verify a second end entry" -- $M -C $D verify $T/twice.log
err_has "entry $((seq + 1)): a second end entry (the first is entry $seq)."

# --- a crash after the last mails, before the end entry: the next open
# logs it, the log the same byte for byte ---
head -n $((seq - 1)) $T/h.log > $D/games/$H/log
printf '%020d\n' $((seq - 3)) > $D/games/$H/mailed	# the last submit's mails went
$M -C $D serve --once 2>$T/serve.err
same_file $D/games/$H/log $T/h.log "the end logged after a crash"
grep -q "game $H: it is over but its end entry is not logged" $T/serve.err ||
    { cat $T/serve.err; fail "the daemon's log does not say the end was logged late"; }; ok
[ "$(cat $D/games/$H/mailed)" -eq "$seq" ] || fail "the mark is not past the late end"; ok
# a game that ended before masqued logged ends (its mark at its last entry)
head -n $((seq - 1)) $T/h.log > $D/games/$H/log
printf '%020d\n' $((seq - 1)) > $D/games/$H/mailed
expect 0 "STATUS after the end opens the game" -- $M -C $D submit $H alice STATUS --no-mail
same_file $D/games/$H/log $T/h.log "the end logged for an old game"

# --- the host's end: an end entry by the host, nobody won ---
K=$(new_game $D) || fail "new"
$M -C $D serve --once 2>/dev/null
expect 0 "the host ends a game" -- $M -C $D admin $K end --why "we stop here"
tail -1 $D/games/$K/log | cut -f1 | grep -q '"result":{"alive":\["alice","bob","carol","dave"\],"by":"host","winner":null}' ||
    { tail -1 $D/games/$K/log; fail "no end entry after the host's end"; }; ok
# the host is told the admin entry's seq, not the end entry's after it
out_has "$K: end logged as entry $(( $(wc -l < $D/games/$K/log) - 1 )), and the game's end as entry $(wc -l < $D/games/$K/log)."
expect 0 "the host's end verifies" -- $M -C $D verify $K
$MREL -C $D log $K | tail -1 | grep -q "end      nobody won (ended by the host)" || fail "log does not tell the host's end"; ok

# --- a game nobody survives (this seed's bots all die): log and replay said
# "alive: " with nothing after, a line that reads cut short (found by
# players by mail) ---
N=$($M -C $D new redmasque --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player dave=dave@x.test \
    --seed 0101010101010101010101010101010101010101010101010101010101010101) ||
    fail "new"
play_out $D $N
tail -1 $D/games/$N/log | cut -f1 | grep -q '"alive":\[\]' ||
    { tail -1 $D/games/$N/log; fail "somebody survived this seed"; }; ok
$MREL -C $D log $N | tail -1 | grep -q "end      nobody won; nobody survived$" ||
    { $MREL -C $D log $N | tail -1; fail "log does not say nobody survived"; }; ok
$MREL -C $D replay $N > $T/replay.out 2>&1 || fail "replay"
grep -q "alive: *$" $T/replay.out && { grep "alive:" $T/replay.out; fail "replay says alive: and nothing"; }; ok
done_checks

