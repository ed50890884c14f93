#!/usr/bin/python3
"""verify_export_selftest.py - test tests/verify_export.py on exports it builds.

Run from the repo root with /usr/bin/python3. Builds a small signed export
with PyNaCl (a genesis, two command entries with commitments and the end
entry, as daemon/game_end.c writes it), computing
every field from the formats in DESIGN.md without the verifier's code; checks
that the verifier accepts it, then that it rejects tampered copies naming the
right entry. Then the mails a player kept, written as masqued writes them
(templates/*/_footer_txt.mustache, daemon/receipt.h) in English, Japanese
and Chinese, saved whole (.eml, quoted-printable and base64) or pasted into
a file: checked against the export they pass; altered, or against a log the
host rewrote and signed again, they fail naming the entry. Exits non-zero
on any surprise.
"""

import base64
import copy
import email.message
import email.policy
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
               "data_hash": data_hash, "players": [
                   {"email": "alice@x.test", "name": "alice", "seat": 0},
                   {"email": "bob@x.test", "name": "bob", "seat": 1}]}
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
    # the result, once the game is over: every export holds it
    end = {"v": 1, "game": GAME, "seq": len(lines) + 1,
           "prev": lines[-1].split("\t")[1], "ts": 1000 + len(lines),
           "kid": h(PK)[:8].hex(), "type": "end",
           "result": {"alive": ["alice", "bob"], "by": "rules",
                      "winner": "alice"}}
    bodies.append(end)
    lines.append(line_of(dumps(end)))
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



# --- the mails a player kept ---

LABELS = {"en": ("game %s, entry %d", "server key %s"),
          "ja": ("ゲーム %s、エントリ %d", "サーバー鍵 %s"),
          "zh": ("游戏 %s，条目 %d", "服务器公钥 %s")}


def fields(export, n):
    return export["log"][n - 1].split("\t")


def checkpoint(export, n, lang="en", game=GAME, key=None, head=None):
    """A mail's CHECKPOINT section for entry n, as the footer writes it."""
    _, digest, sig = fields(export, n)
    where, server = LABELS[lang]
    return ("-- CHECKPOINT ----\n" + where % (game, n) + "\n" +
            "head %s\nsig  %s\n" % (head or digest, sig) +
            server % (key or export["public_key"]) + "\n"
            "Keep this mail: the checkpoint is signed by the server's key.\n")


def receipt(body_text):
    """The receipt JSON as the receipt mail shows it: braces alone."""
    digest = h(b"masqued-log-v1\n" + body_text.encode("utf-8"))
    return json.dumps({"body": body_text, "format": "masqued-receipt-v1",
                       "hash": digest.hex(), "public_key": PK.hex(),
                       "sig": base64.b64encode(SK.sign(digest).signature)
                       .decode()}, indent=1, ensure_ascii=False)


def mail_text(export, n, lang="en", with_receipt=None, **kw):
    text = ("=== masqued · reply above this line ===\n"
            "The Masque · game %s\n\n" % GAME)
    if with_receipt:
        text += ("-- YOUR RECEIPT (entry %d) ----\nhash x\n%s\n\n"
                 % (with_receipt[0], with_receipt[1]))
    return (text + "Hand: Discuss, Dance\n\n" +
            checkpoint(export, n, lang, **kw))


def eml(text, cte):
    """A whole mail as a client saves it: CRLF, multipart/alternative."""
    m = email.message.EmailMessage()
    m["From"] = "masqued <game@masqued.invalid>"
    m["To"] = "alice@x.test"
    m["Subject"] = "[Masque %s] received" % GAME
    m.set_content(text, cte=cte)
    m.add_alternative("<p>" + text.replace("\n", "<br>") + "</p>",
                      subtype="html")
    return m.as_bytes(policy=email.policy.SMTP)


def run_mails(export, tmp, mails):
    path = os.path.join(tmp, "export.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(export, f, ensure_ascii=False)
    paths = []
    for name, content in mails:
        paths.append(os.path.join(tmp, name))
        with open(paths[-1], "wb") as f:
            f.write(content if type(content) is bytes
                    else content.encode("utf-8"))
    p = subprocess.run([sys.executable, VERIFIER, path] + paths,
                       capture_output=True, text=True)
    return p.returncode, p.stdout.replace(tmp + os.sep, ""), p.stderr


def expect_mails(name, export, tmp, mails, code, wants, err=""):
    """Exit code, and stdout holds each line of wants (stderr holds err)."""
    rc, out, errout = run_mails(export, tmp, mails)
    lines = out.splitlines()
    missing = [w for w in wants if w not in lines]
    if rc != code or missing or (err and err not in errout) or \
            (not err and errout):
        failures.append("%s: expected exit %d and %r, got %d: %s%s"
                        % (name, code, missing or err, rc, out, errout))
    else:
        print("ok   %s: %s" % (name, " | ".join(lines[1:]) or
                                errout.strip()))


def rewritten(export, bodies, n, change):
    """The host's rewrite: entry n changed, every later entry chained to
    it again, all signed with the server's key, so the export checks."""
    e = copy.deepcopy(export)
    body = copy.deepcopy(bodies[n - 1])
    change(body)
    e["log"][n - 1] = line_of(dumps(body))
    for k in range(n + 1, len(bodies) + 1):
        later = copy.deepcopy(bodies[k - 1])
        later["prev"] = e["log"][k - 2].split("\t")[1]
        e["log"][k - 1] = line_of(dumps(later))
    return e


def check_mails(export, bodies, tmp):
    body2 = fields(export, 2)[0]
    kept = [("alice-en.eml", eml(mail_text(export, 2, "en",
                                           (2, receipt(body2))),
                                 "quoted-printable")),
            ("bob-ja.txt", mail_text(export, 3, "ja")),
            ("carol-zh.eml", eml(mail_text(export, 1, "zh"), "base64")),
            ("quoted.txt", "".join("> " + l + "\n" for l in
                                   mail_text(export, 3).splitlines()))]
    expect_mails("kept mails, en, ja and zh", export, tmp, kept, 0,
                 ["ok: 4 entries",
                  "alice-en.eml: ok, checkpoint entry 2, receipt entry 2",
                  "bob-ja.txt: ok, checkpoint entry 3",
                  "carol-zh.eml: ok, checkpoint entry 1",
                  "quoted.txt: ok, checkpoint entry 3"])

    digest = fields(export, 2)[1]
    flipped = ("0" if digest[10] != "0" else "1").join(
        (digest[:10], digest[11:]))
    expect_mails("a checkpoint head altered", export, tmp,
                 [("a.eml", eml(mail_text(export, 2, head=flipped),
                                "quoted-printable"))], 1,
                 ["a.eml: the checkpoint's signature does not verify under "
                  "the export's public_key: the mail was altered, or is not "
                  "from this game's server."])

    text = mail_text(export, 3, "zh").replace("条目 3", "条目 2")
    expect_mails("a checkpoint's entry number altered", export, tmp,
                 [("a.txt", text)], 1,
                 ["a.txt: the checkpoint's head is the hash of entry 3, not "
                  "2: the mail was altered."])
    # raised past the log's end: altered still, not a log cut short
    text = mail_text(export, 2).replace("entry 2", "entry 9")
    expect_mails("a checkpoint's entry number raised", export, tmp,
                 [("a.txt", text)], 1,
                 ["a.txt: the checkpoint's head is the hash of entry 2, not "
                  "9: the mail was altered."])

    def later(b):
        b["ts"] += 60
    lying = rewritten(export, bodies, 2, later)
    expect_mails("a log the host rewrote and signed again", lying, tmp,
                 [("saw1.txt", mail_text(export, 1, "ja")),
                  ("saw2.eml", eml(mail_text(export, 2, "zh"), "base64")),
                  ("saw3.txt", mail_text(export, 3))], 1,
                 ["ok: 4 entries", "saw1.txt: ok, checkpoint entry 1",
                  "saw2.eml: the export's entry 2 is not the one this mail's "
                  "checkpoint signs: the log was changed.",
                  "saw3.txt: the export's entry 3 is not the one this mail's "
                  "checkpoint signs: the log was changed."])

    def other_move(b):
        b["commands"][1]["text"] = "HELP"
    shown = fields(rewritten(export, bodies, 2, other_move), 2)[0]
    expect_mails("a receipt whose body the export does not hold", export,
                 tmp, [("r.txt", mail_text(export, 1, with_receipt=(
                     2, receipt(shown))))], 1,
                 ["r.txt: the export's entry 2 is not, byte for byte, the "
                  "body of this mail's receipt: the log was changed."])

    forged = receipt(body2).replace("STATUS", "HELP", 1)
    expect_mails("a receipt altered by hand", export, tmp,
                 [("r.txt", mail_text(export, 2, with_receipt=(2, forged)))],
                 1, ["r.txt: the receipt's hash is not the hash of its body: "
                     "the mail was altered."])

    cut = copy.deepcopy(export)
    del cut["log"][2:]
    expect_mails("a log cut short", cut, tmp,
                 [("m.txt", mail_text(export, 3, with_receipt=(
                     3, receipt(fields(export, 3)[0]))))], 1,
                 ["entry 3: the export ends at entry 2, before its end entry "
                  "(the result), which every export holds: the log was cut "
                  "short.",
                  "m.txt: the export's log ends at entry 2, before this "
                  "mail's checkpoint, entry 3: the log was cut short; the "
                  "export's log ends at entry 2, before this mail's receipt, "
                  "entry 3: the log was cut short."])

    expect_mails("another game's mail", export, tmp,
                 [("m.txt", mail_text(export, 2, game="zz2zz2zz"))], 1,
                 ["m.txt: the checkpoint is of game zz2zz2zz, the export of "
                  "game %s." % GAME])

    other = nacl.signing.SigningKey(bytes(range(1, 33)))
    expect_mails("another server key", export, tmp,
                 [("m.txt", mail_text(
                     export, 2, key=other.verify_key.encode().hex()))], 1,
                 ["m.txt: the mail's server key is not the export's "
                  "public_key: the export is signed by another key."])

    # the receipt's lines alone, as the receipt mail says to save them
    expect_mails("a receipt alone", export, tmp,
                 [("receipt.json", receipt(body2) + "\n")], 0,
                 ["receipt.json: ok, receipt entry 2"])
    expect_mails("a file with neither", export, tmp,
                 [("ok.txt", mail_text(export, 1)),
                  ("letter.txt", "Dear host,\nI played.\n")], 2, [],
                 err="letter.txt holds neither a checkpoint")
    expect_mails("two mails in one file", export, tmp,
                 [("two.txt", mail_text(export, 1) + "\n" +
                   mail_text(export, 2))], 2, [],
                 err="two.txt holds more than one checkpoint: keep each mail "
                 "in a file of its own.")
    expect_mails("two receipts in one file", export, tmp,
                 [("two.txt", mail_text(export, 2, with_receipt=(
                     2, receipt(body2))) + "\n" + receipt(body2))], 2, [],
                 err="two.txt holds more than one receipt: keep each mail "
                 "in a file of its own.")
    rc, out, errout = run_mails(export, tmp, [("letter.txt", "hello\n")])
    if rc != 2 or out != "ok: 4 entries\n" or len(errout.splitlines()) != 1:
        failures.append("neither: not exit 2 with one sentence alone: "
                        "%d %s%s" % (rc, out, errout))
    # a stray file among kept mails: said, and the others checked
    expect_mails("a stray file and a good mail", export, tmp,
                 [("letter.txt", "hello\n"),
                  ("ok.txt", mail_text(export, 1))], 2,
                 ["ok: 4 entries", "ok.txt: ok, checkpoint entry 1"],
                 err="letter.txt holds neither a checkpoint")
    expect_mails("a stray file and a bad mail", export, tmp,
                 [("letter.txt", "hello\n"),
                  ("m.txt", mail_text(export, 2, game="zz2zz2zz"))], 1, [],
                 err="letter.txt holds neither a checkpoint")

    # two whole mails in one file: the email package reads the first alone
    # (the second is its epilogue), so the file is refused, not "ok"
    good = eml(mail_text(export, 1), "quoted-printable")
    bad = eml(mail_text(export, 2, head=flipped), "quoted-printable")
    mbox_from = b"From game@masqued.invalid Mon Sep 14 00:00:00 2026\n"
    lf = lambda b: b.replace(b"\r\n", b"\n")
    for name, content in (("cat.eml", good + bad),
                          ("cat-lf.eml", lf(good) + b"\n" + lf(bad)),
                          ("two.mbox", mbox_from + lf(good) + b"\n" +
                           mbox_from + lf(bad))):
        expect_mails("two mails in one file (%s)" % name, export, tmp,
                     [(name, content)], 2, ["ok: 4 entries"],
                     err="%s holds more than one mail: keep each mail in "
                     "a file of its own" % name)
    expect_mails("an mbox of one mail", export, tmp,
                 [("one.mbox", mbox_from + lf(good) + b"\n")], 0,
                 ["one.mbox: ok, checkpoint entry 1"])

def main():
    check_canon_agrees_with_jansson()
    export, bodies = build()
    with tempfile.TemporaryDirectory() as tmp:
        expect("sound export", export, tmp, 0, "ok: 4 entries")

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

        # cut at an entry's end, which the chain cannot tell: no end entry
        e = copy.deepcopy(export)
        del e["log"][-1]
        expect("its end entry cut", e, tmp, 1, "entry 4: the export ends at "
               "entry 3, before its end entry (the result), which every "
               "export holds: the log was cut short.\n")
        e = copy.deepcopy(export)
        del e["log"][2:]
        expect("its last entries cut", e, tmp, 1, "entry 3: the export ends "
               "at entry 2, before its end entry")

        def again(b):
            b["seq"] = 5
            b["prev"] = export["log"][3].split("\t")[1]
        e = copy.deepcopy(export)
        e["log"].append(resigned(export, bodies, 4, again)["log"][3])
        expect("a second end entry", e, tmp, 1, "entry 5: a second end entry "
               "(the first is entry 4).\n")

        # a player's SET LANG after the end is logged: the end entry need
        # not be the last (masqued submit GAME PLAYER "SET LANG ja")
        lang = {"v": 1, "game": GAME, "seq": 5,
                "prev": export["log"][3].split("\t")[1], "ts": 1010,
                "kid": h(PK)[:8].hex(), "type": "admin", "action": "lang",
                "by": "admin", "player": "alice", "lang": "ja",
                "why": "the player asked (SET LANG)",
                "blind": h(b"masqued-blind-v1\n" + dumps(
                    {"game": GAME, "seq": 5}).encode(), key=SEED).hex()}
        e = copy.deepcopy(export)
        e["log"].append(line_of(dumps(lang)))
        expect("a setting after the end", e, tmp, 0, "ok: 5 entries\n")

        # anything else after the end: a host appending to a game over
        pause = {"v": 1, "game": GAME, "seq": 5,
                 "prev": export["log"][3].split("\t")[1], "ts": 1010,
                 "kid": h(PK)[:8].hex(), "type": "admin", "action": "pause",
                 "why": "one more"}
        e = copy.deepcopy(export)
        e["log"].append(line_of(dumps(pause)))
        expect("an entry after the end", e, tmp, 1, "entry 5: the game ended "
               "at entry 4 (its end entry); nothing but a player's SET LANG "
               "may follow.\n")

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

        check_mails(export, bodies, tmp)
    if failures:
        print("\n".join("FAIL " + f for f in failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
