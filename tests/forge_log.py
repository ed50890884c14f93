"""forge_log.py KEY IN OUT DROP BODY...: what a host holding the server's
key could write. Drops the last DROP entries of IN (an export, or a log
file), then appends each BODY's fields (JSON) as an entry, chained to the
one before and signed with KEY, and writes the result to OUT. The tests of
both verifiers use it to show that such an entry is caught by what it says,
not by a broken chain or signature."""
import base64
import hashlib
import json
import sys

import nacl.signing

key, src, dst, drop = sys.argv[1:5]
sk = nacl.signing.SigningKey(open(key, "rb").read())
doc = json.load(open(src)) if src.endswith(".json") else None
lines = doc["log"] if doc else open(src).read().splitlines()
del lines[len(lines) - int(drop):]
for fields in sys.argv[5:]:
    last = lines[-1].split("\t")
    prev = json.loads(last[0])
    b = {"v": 1, "game": prev["game"], "seq": prev["seq"] + 1,
         "prev": last[1], "ts": prev["ts"], "kid": prev["kid"]}
    b.update(json.loads(fields))
    body = json.dumps(b, sort_keys=True, separators=(",", ":"))
    h = hashlib.blake2b(b"masqued-log-v1\n" + body.encode(), digest_size=32)
    lines.append("\t".join([body, h.hexdigest(),
                            base64.b64encode(sk.sign(h.digest()).signature)
                            .decode()]))
if doc:
    json.dump(doc, open(dst, "w"))
else:
    open(dst, "w").write("\n".join(lines) + "\n")
