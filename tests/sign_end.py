"""sign_end.py LOG SERVERKEY: append to LOG an `end` entry (alice wins),
chained and signed with the server's key (the 32-byte seed SERVERKEY) as a
host could sign one out of turn: it verifies, and does not replay while the
game goes on. For the tests of a log damaged so
(tests/cli/test_damaged_log_history.sh, test_state_at_unreplayable.sh)."""
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
