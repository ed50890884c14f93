#!/usr/bin/python3
"""verify_export_selftest.py - test tests/verify_export.py on exports it builds.

Run from the repo root with /usr/bin/python3. Builds a small signed export
with PyNaCl (a genesis and two command entries with commitments), computing
every field from the formats in DESIGN.md without the verifier's code; checks
that the verifier accepts it, then that it rejects tampered copies naming the
right entry. Exits non-zero on any surprise.
"""

import base64
import copy
import hashlib
import json
import os
import subprocess
import sys
import tempfile

import nacl.signing

VERIFIER = os.path.join("tests", "verify_export.py")
GAME = "sf7q2abc"
SK = nacl.signing.SigningKey(bytes(range(32)))
PK = SK.verify_key.encode()
SEED = bytes(range(100, 132))
SEED_SALT = bytes(range(200, 232))
failures = []


def h(data, key=b""):
    return hashlib.blake2b(data, digest_size=32, key=key).digest()


def dumps(obj):
    """Canonical JSON for content with no control characters."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)


def line_of(body_text):
    raw = body_text.encode("utf-8")
    digest = h(b"masqued-log-v1\n" + raw)
    sig = SK.sign(digest).signature
    return "%s\t%s\t%s" % (body_text, digest.hex(),
                           base64.b64encode(sig).decode())


def command(seq, prev, player, texts):
    cmds = []
    for i, (text, secret) in enumerate(texts):
        c = {"text": text, "secret": secret}
        if secret:
            salt = h(b"masqued-salt-v1\n" + dumps(
                {"game": GAME, "index": i, "player": player,
                 "seq": seq}).encode(), key=SEED)
            commit = h(b"masqued-commit-v1\n" + dumps(
                {"command": text, "game": GAME, "player": player,
                 "seq": seq}).encode(), key=salt)
            c["salt"] = salt.hex()
            c["commit"] = commit.hex()
        cmds.append(c)
    return {"v": 1, "game": GAME, "seq": seq, "prev": prev, "ts": 1000 + seq,
            "kid": h(PK)[:8].hex(), "type": "command", "player": player,
            "commands": cmds}


def build():
    data = {"kind": "redmasque", "rooms": ["blue", "purple"], "n": 3}
    data_hash = h(dumps(data).encode()).hex()
    genesis = {"v": 1, "game": GAME, "seq": 1, "prev": "0" * 64, "ts": 1000,
               "kid": h(PK)[:8].hex(), "type": "genesis",
               "server_key": PK.hex(), "seed": SEED.hex(),
               "seed_salt": SEED_SALT.hex(),
               "seed_commit": h(SEED + SEED_SALT).hex(),
               "data_hash": data_hash, "players": ["alice", "bob"]}
    bodies = [genesis]
    lines = [line_of(dumps(genesis))]
    moves = [("alice", [("PLAY jest TARGET bob SLOT 12:30 /é日", True),
                        ("STATUS", False)]),
             ("bob", [("MOVE cw", True), ("PLAN cw stay ccw", True)])]
    for player, texts in moves:
        prev = lines[-1].split("\t")[1]
        body = command(len(lines) + 1, prev, player, texts)
        bodies.append(body)
        lines.append(line_of(dumps(body)))
    export = {"format": "masqued-export-v1", "game": GAME,
              "public_key": PK.hex(), "log": lines, "data": data,
              "data_hash": data_hash}
    return export, bodies


def run(export, tmp):
    path = os.path.join(tmp, "export.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(export, f, ensure_ascii=False)
    p = subprocess.run([sys.executable, VERIFIER, path], capture_output=True,
                       text=True)
    return p.returncode, p.stdout + p.stderr


def expect(name, export, tmp, code, prefix):
    rc, out = run(export, tmp)
    if rc != code or not out.startswith(prefix):
        failures.append("%s: expected exit %d and %r, got %d: %s"
                        % (name, code, prefix, rc, out.strip()))
    else:
        print("ok   %s: %s" % (name, out.strip()))


def resigned(export, bodies, n, change):
    """A copy whose entry n (1-based) is changed and re-signed."""
    e = copy.deepcopy(export)
    body = copy.deepcopy(bodies[n - 1])
    change(body)
    e["log"][n - 1] = line_of(dumps(body))
    return e


def check_canon_agrees_with_jansson():
    """The bytes test_log.c's canon_matches_python_verifier_bytes expects."""
    sys.path.insert(0, "tests")
    import verify_export
    obj = {"a/b": "x/y", "ctl": "\x01\x1b\x7f\t\n\"\\",
           "emoji": "\U0001F600", "ja": "日本語",
           "z": [True, False, None, -5], "é": 1}
    want = ('{"a/b":"x/y","ctl":"\\u0001\\u001B\x7f\\t\\n\\"\\\\",'
            '"emoji":"\U0001F600","ja":"日本語","z":[true,false,null,-5],'
            '"é":1}')
    got = verify_export.canon(obj)
    if got != want:
        failures.append("canon: %r != %r" % (got, want))
    else:
        print("ok   canonical JSON matches jansson's bytes")


def main():
    check_canon_agrees_with_jansson()
    export, bodies = build()
    with tempfile.TemporaryDirectory() as tmp:
        expect("sound export", export, tmp, 0, "ok: 3 entries")

        e = copy.deepcopy(export)
        e["log"][1] = e["log"][1].replace("TARGET bob", "TARGET bot", 1)
        expect("a body byte", e, tmp, 1, "entry 2: ")

        def bad_salt(b):
            b["commands"][0]["salt"] = "0" * 64
        expect("a salt", resigned(export, bodies, 2, bad_salt), tmp, 1,
               "entry 2: the salt")

        def bad_commit(b):
            b["commands"][1]["commit"] = "1" * 64
        expect("a commit", resigned(export, bodies, 3, bad_commit), tmp, 1,
               "entry 3: the commitment")

        def changed_move(b):
            b["commands"][0]["text"] = "MOVE ccw"
        expect("a changed secret move",
               resigned(export, bodies, 3, changed_move), tmp, 1,
               "entry 3: the commitment")

        e = copy.deepcopy(export)
        body, digest, sig = e["log"][1].split("\t")
        sig = ("B" if sig[0] == "A" else "A") + sig[1:]
        e["log"][1] = "\t".join((body, digest, sig))
        expect("a signature", e, tmp, 1, "entry 2: the signature")

        e = copy.deepcopy(export)
        del e["log"][1]
        expect("a dropped line", e, tmp, 1, "entry 2: seq is 3, expected 2: "
               "an entry is missing here, or out of place.")

        e = copy.deepcopy(export)
        e["log"][1], e["log"][2] = e["log"][2], e["log"][1]
        expect("a swapped pair", e, tmp, 1, "entry 2: seq is 3, expected 2")

        e = copy.deepcopy(export)
        e["log"].insert(2, e["log"][1])
        expect("a repeated line", e, tmp, 1, "entry 3: seq is 2, expected 3: "
               "an earlier entry again, or one out of place.")

        e = copy.deepcopy(export)
        e["log"][1] = line_of(json.dumps(bodies[1], sort_keys=True,
                                         separators=(",", ": "),
                                         ensure_ascii=False))
        expect("a space in a re-signed body", e, tmp, 1,
               "entry 2: the body is not in canonical")

        e = copy.deepcopy(export)
        e["log"][1] = line_of(dumps(bodies[1]).replace('"v":1', '"v":1.0'))
        expect("a real number", e, tmp, 1, "entry 2: the body holds a real")

        e = copy.deepcopy(export)
        e["log"][1] = line_of('{"v":1,' + dumps(bodies[1])[1:])
        expect("a duplicate key", e, tmp, 1, "entry 2: the body has a dup")

        def lower_escape(b):
            b["commands"][1]["text"] = "STATUS\x1b"
        e = resigned(export, bodies, 2, lower_escape)
        # json.dumps writes \u001b; jansson, hence canonical, \u001B.
        expect("a lower-case \\u escape", e, tmp, 1,
               "entry 2: the body is not in canonical")

        e = copy.deepcopy(export)
        e["data"]["n"] = 4
        expect("other game data", e, tmp, 1, "export: data_hash")

        e = copy.deepcopy(export)
        other = nacl.signing.SigningKey(bytes(range(1, 33)))
        e["public_key"] = other.verify_key.encode().hex()
        expect("another key", e, tmp, 1, "entry 1: ")
    if failures:
        print("\n".join("FAIL " + f for f in failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
