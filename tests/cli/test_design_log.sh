#!/bin/sh
# test_design_log.sh - DESIGN.md's log types: an `end` entry holds the
# result, so a signed one in the middle of a game (the game not over) must
# fail verify (exit 3, "entry N: ..."), where it used to replay as sound.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data

expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "alice places" -- $M -C $D submit $G alice "PLACE green" --no-mail
cp $D/games/$G/log $T/end.log
# an end entry, chained and signed with the server's own key
$PY - $T/end.log $D/keys/server.key <<'EOF' || fail "the end entry could not be made"
import base64, hashlib, json, sys
import nacl.signing
path, sk = sys.argv[1], nacl.signing.SigningKey(open(sys.argv[2], "rb").read())
last = open(path, "rb").read().splitlines()[-1].split(b"\t")
prev = json.loads(last[0])
body = json.dumps({"v": 1, "game": prev["game"], "seq": prev["seq"] + 1,
                   "prev": last[1].decode(), "ts": prev["ts"], "kid": prev["kid"],
                   "type": "end", "result": {"winner": "alice"}},
                  sort_keys=True, separators=(",", ":")).encode()
h = hashlib.blake2b(b"masqued-log-v1\n" + body, digest_size=32).digest()
sig = base64.b64encode(sk.sign(h).signature)
open(path, "ab").write(body + b"\t" + h.hex().encode() + b"\t" + sig + b"\n")
EOF
expect 3 "verify a log that ends a game still being played" -- $M -C $D verify $T/end.log
err_has "entry 3: an end entry, but the game is not over there."
one_line
expect 0 "the game's own log still verifies" -- $M -C $D verify $G
done_checks
