#!/usr/bin/python3
"""verify_export.py - check a masqued game export, independently of the C code,
and the mails a player kept against it.

Usage: /usr/bin/python3 tests/verify_export.py [--rules DIR] EXPORT.json [MAIL ...]

With --rules DIR (masqued's published config/games, from its source), the
export's game data must also be DIR/KIND.json, hashed the same way: a game
the host played under rules of their own (an edited config/games) checks
alone, under its own data, but is not the published game.

Checks every log line (three TAB-separated fields, a canonical body, its hash,
its signature under the export's public_key), the seq/prev chain, the game,
the kid, that the genesis names public_key as server_key, the seed
commitment, every secret command's salt and commitment, the blind of a command
or timeout no message carries, the seqs each reveal opens, the data hash, and
that the log holds its one end entry (the result): export is made of a game
over, its end logged, so a log with none had its last entries cut (the chain
cannot tell); nothing but a player's SET LANG may follow it, nor the host's
end (an admin end) but that and the end entry. Of the result, what needs no
replay: by the host if an admin end came before (then nobody won), else by
the rules; the winner and the players left are the game's. (That the rules
reach that result needs the game replayed: `masqued verify` does.) Prints
"ok: N entries", or "entry SEQ: what is wrong" (or "export: ...").

Each MAIL is a mail masqued sent that a player kept: the whole mail as a
client saves it (.eml: its text/plain part is read, whatever its transfer
encoding), or its text pasted into a file. Its checkpoint (the "head" line,
the "sig" line after it, the line before naming the game and entry, the
server key line after, in any of the mail's languages) must be signed by the
export's key, be of the export's game, and sign the hash of the export's
entry of that number; its receipt, when it has one (the JSON whose braces
stand alone on their lines), must be signed by that key and be, byte for
byte, the body of the export's entry of its seq. A host who rewrote the log
and signed it again makes an export that checks alone, but not against the
mails the players kept. Prints one line per mail, "MAIL: ok, checkpoint
entry N[, receipt entry M]" or "MAIL: what is wrong".

Exits 0 when all is well, 1 if the export or any mail fails. Usage errors
and a Python without PyNaCl exit 2 with one sentence. A MAIL that cannot be
read, or holds neither a checkpoint nor a receipt (the receipt's lines alone
are checked alone), or more than one of either, or more than one mail (two
.eml files put together, an mbox of two), gets one sentence on stderr and the
others are checked all the same; the exit is then 2 unless something failed
(1).

Uses only hashlib, json, base64, email and PyNaCl; shares no code with the C
side. Canonical JSON is jansson's JSON_COMPACT | JSON_SORT_KEYS, mirrored
exactly: keys sorted by their UTF-8 bytes, no spaces, non-ASCII raw, '/'
unescaped, \\b \\f \\n \\r \\t \\" \\\\ escaped by name and other control
characters as \\u00XX with UPPER-case hex (json.dumps would write lower-case).
"""

import base64
import email
import email.policy
import hashlib
import json
import re
import sys

try:
    import nacl.exceptions
    import nacl.signing
except ImportError:
    # a player checking the host runs it with whatever Python they have
    print("verify_export.py needs PyNaCl: apt-get install python3-nacl "
          "(Debian, then run it with /usr/bin/python3), or pip install pynacl.",
          file=sys.stderr)
    sys.exit(2)

TYPES = ("genesis", "command", "reveal", "timeout", "admin", "end")
HEXDIGITS = "0123456789abcdef"
BASE32 = "abcdefghijklmnopqrstuvwxyz234567"
ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n",
           "\r": "\\r", "\t": "\\t"}
INT_MIN, INT_MAX = -2 ** 63, 2 ** 63 - 1


class Bad(Exception):
    """A check failed; the message is a sentence without the entry."""


def canon_str(s):
    out = ['"']
    for ch in s:
        if ch in ESCAPES:
            out.append(ESCAPES[ch])
        elif ch < " ":
            out.append("\\u%04X" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def canon(v):
    """jansson's JSON_COMPACT | JSON_SORT_KEYS dump of v, as a str."""
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    if type(v) is int:
        if not INT_MIN <= v <= INT_MAX:
            raise Bad("the body holds a number out of range.")
        return str(v)
    if type(v) is str:
        if "\x00" in v:
            raise Bad("the body holds a NUL (\\u0000).")
        return canon_str(v)
    if type(v) is list:
        return "[" + ",".join(canon(x) for x in v) + "]"
    if type(v) is dict:
        keys = sorted(v, key=utf8)
        return "{" + ",".join(canon_str(k) + ":" + canon(v[k])
                              for k in keys) + "}"
    raise Bad("the body holds a value that is not integer JSON.")


def utf8(s):
    try:
        return s.encode("utf-8")
    except UnicodeEncodeError:
        raise Bad("a string is not valid Unicode (a lone surrogate).")


def no_duplicates(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise Bad("the body has a duplicate key (%s)." % json.dumps(k))
        d[k] = v
    return d


def no_real(s):
    raise Bad("the body holds a real number.")


def no_constant(s):
    raise Bad("the body is not JSON (%s)." % s)


def loads_strict(text):
    return json.loads(text, object_pairs_hook=no_duplicates,
                      parse_float=no_real, parse_constant=no_constant)


def parse_body(raw):
    """The body's object, if raw is exactly its canonical form."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Bad("the body is not valid UTF-8.")
    if "\x00" in text:
        raise Bad("the body holds a NUL byte.")
    try:
        obj = loads_strict(text)
    except ValueError as e:
        raise Bad("the body is not JSON (%s)." % e)
    if type(obj) is not dict:
        raise Bad("the body is not a JSON object.")
    if utf8(canon(obj)) != raw:
        raise Bad("the body is not in canonical form.")
    return obj


def blake(data, key=b""):
    return hashlib.blake2b(data, digest_size=32, key=key).digest()


def unhex(s, n, what):
    if type(s) is not str or len(s) != 2 * n or any(c not in HEXDIGITS
                                                     for c in s):
        raise Bad("%s is not %d lower-case hex digits." % (what, 2 * n))
    return bytes.fromhex(s)


def get(obj, key, typ, what=None):
    v = obj.get(key)
    if type(v) is not typ:
        raise Bad("%s is missing or not %s." %
                  (what or key, "an integer" if typ is int else
                   "a " + typ.__name__))
    return v


class Chain:
    def __init__(self, pk_hex):
        self.pk_hex = pk_hex
        self.vk = nacl.signing.VerifyKey(unhex(pk_hex, 32, "public_key"))
        self.kid = blake(bytes.fromhex(pk_hex))[:8].hex()
        self.seq = 0
        self.head = "0" * 64
        self.game = None
        self.seed = None
        self.types = {}
        self.genesis = None
        self.host_end = 0	# the admin entry that ended the game, or 0


def check_line(chain, line):
    try:
        raw = line.encode("utf-8")
    except UnicodeEncodeError:
        raise Bad("the line is not valid Unicode.")
    fields = raw.split(b"\t")
    if len(fields) != 3:
        raise Bad("the line does not have exactly three TAB-separated fields.")
    body_raw, hash_hex, sig_b64 = fields
    body = parse_body(body_raw)
    try:
        h = unhex(hash_hex.decode("ascii"), 32, "the hash")
    except UnicodeDecodeError:
        raise Bad("the hash is not 64 lower-case hex digits.")
    if blake(b"masqued-log-v1\n" + body_raw) != h:
        raise Bad("the hash does not match the body.")
    try:
        sig = base64.b64decode(sig_b64, validate=True)
    except ValueError:
        sig = b""
    if len(sig) != 64 or base64.b64encode(sig) != sig_b64:
        raise Bad("the signature is not base64 of 64 bytes.")
    check_fields(chain, body)
    try:
        chain.vk.verify(h, sig)
    except nacl.exceptions.BadSignatureError:
        raise Bad("the signature does not verify.")
    check_commitments(chain, body)
    chain.types[chain.seq + 1] = body["type"]
    chain.seq += 1
    chain.head = h.hex()
    return body


def check_fields(chain, body):
    seq = chain.seq + 1
    if body.get("v") != 1 or type(body.get("v")) is not int:
        raise Bad("v is not 1.")
    if get(body, "seq", int) != seq:
        raise Bad("seq is %d, expected %d: %s." % (
            body["seq"], seq, "an entry is missing here, or out of place"
            if body["seq"] > seq else
            "an earlier entry again, or one out of place"))
    if body.get("prev") != chain.head:
        raise Bad("prev is not the previous entry's hash.")
    game = get(body, "game", str)
    if len(game) != 8 or any(c not in BASE32 for c in game):
        raise Bad("game is not an 8-character game id.")
    if chain.game is not None and game != chain.game:
        raise Bad('game is "%s", not the log\'s "%s".' % (game, chain.game))
    if get(body, "ts", int) < 0:
        raise Bad("ts is not a non-negative integer.")
    t = get(body, "type", str, "the type")
    if t not in TYPES:
        raise Bad('unknown type "%s".' % t)
    if (seq == 1) != (t == "genesis"):
        raise Bad("the first entry is not a genesis." if seq == 1 else
                  "a genesis after the first entry.")
    if seq == 1:
        key = body.get("server_key")
        if key != chain.pk_hex:
            raise Bad("the log is signed by another key, not the export's "
                      "public_key.")
        chain.game = game
    if body.get("kid") != chain.kid:
        raise Bad("the kid does not match the public key (kid %s)."
                  % chain.kid)


def salt_of(seed, game, player, seq, index):
    msg = canon({"game": game, "index": index, "player": player, "seq": seq})
    return blake(b"masqued-salt-v1\n" + utf8(msg), key=seed)


def commit_of(salt, text, game, player, seq):
    msg = canon({"command": text, "game": game, "player": player, "seq": seq})
    return blake(b"masqued-commit-v1\n" + utf8(msg), key=salt)


def blind_of(seed, game, seq):
    msg = canon({"game": game, "seq": seq})
    return blake(b"masqued-blind-v1\n" + utf8(msg), key=seed)


def check_blind(chain, body):
    # hides from the players a body they could otherwise guess and rehash
    # (the checkpoints sign its hash); none in logs older than it
    if "blind" not in body:
        return
    setting = body["type"] == "admin" and body.get("action") in ("lang",
                                                                 "notices")
    if (body["type"] not in ("command", "timeout") and not setting) or \
            "msg" in body:
        raise Bad("only a command, timeout or setting entry that no message "
                  "carries has a blind.")
    if body["blind"] != blind_of(chain.seed, body["game"], body["seq"]).hex():
        raise Bad("the blind is not the one the seed gives.")


def check_commitments(chain, body):
    t = body["type"]
    check_blind(chain, body)
    ends = [s for s in sorted(chain.types) if chain.types[s] == "end"]
    if ends and t != "end" and not set_lang(chain, body):
        # the end entry closes the game: what a host appended after it,
        # signed though it is, is caught (a player's SET LANG changes only
        # their mail, and may be logged once the game is over)
        raise Bad("the game ended at entry %d (its end entry); nothing but "
                  "a player's SET LANG may follow." % ends[0])
    if chain.host_end and not ends and t != "end" and \
            not set_lang(chain, body):
        # nothing is played or administered after the host's end
        raise Bad("the host ended the game at entry %d; nothing may follow."
                  % chain.host_end)
    if t == "genesis":
        seed = unhex(body.get("seed"), 32, "seed")
        salt = unhex(body.get("seed_salt"), 32, "seed_salt")
        commit = unhex(body.get("seed_commit"), 32, "seed_commit")
        if blake(seed + salt) != commit:
            raise Bad("seed_commit is not the commitment to seed and "
                      "seed_salt.")
        chain.seed = seed
        chain.genesis = body
    elif t == "command":
        check_command(chain, body)
    elif t == "end":
        firsts = [s for s in sorted(chain.types) if chain.types[s] == "end"]
        if firsts:
            raise Bad("a second end entry (the first is entry %d)."
                      % firsts[0])
        check_result(chain, body)
    elif t == "admin":
        check_admin(chain, body)
        if body.get("action") == "end":
            chain.host_end = body["seq"]
    elif t == "reveal":
        opens = body.get("opens")
        if type(opens) is not list:
            raise Bad("a reveal needs a list of the seqs it opens.")
        for s in opens:
            if type(s) is not int or not 1 <= s <= chain.seq:
                raise Bad("the reveal opens an entry that is not an earlier "
                          "one.")
            if chain.types[s] != "command":
                raise Bad("the reveal opens entry %d, which is not a command."
                          % s)


ADMIN_SEATLESS = ("pause", "resume", "end", "extend")
ADMIN_OF_SEAT = ("replace", "rotate-token", "kick", "lang", "notices")


def check_admin(chain, body):
    """An admin entry names an action masqued logs, and the seat and what
    else that action needs (as masqued verify checks it)."""
    action, player = body.get("action"), body.get("player")
    if type(action) is not str:
        raise Bad("an admin entry without an action.")
    if action in ADMIN_SEATLESS:
        return
    if action not in ADMIN_OF_SEAT:
        raise Bad("an admin entry with the action \"%s\", which masqued "
                  "never logs." % action[:40])
    if type(player) is not str:
        raise Bad("an admin %s naming no player." % action)
    if player not in seat_names(chain):
        raise Bad("an admin %s naming \"%s\", not a player of the game."
                  % (action, player[:40]))
    if action == "replace" and type(body.get("email")) is not str:
        raise Bad("an admin replace of %s without the new address." % player)
    if action == "lang" and body.get("lang") not in ("en", "ja", "zh"):
        raise Bad("a SET LANG of %s without en, ja or zh." % player)
    if action == "notices" and type(body.get("notices")) is not bool:
        raise Bad("a SET NOTICES of %s without on or off." % player)


def set_lang(chain, body):
    """Whether body is a player's SET LANG (it changes only their mail, and
    may be logged once the game is over)."""
    return (body["type"] == "admin" and body.get("action") == "lang" and
            body.get("player") in seat_names(chain) and
            body.get("lang") in ("en", "ja", "zh"))


def seat_names(chain):
    players = chain.genesis.get("players") if chain.genesis else None
    if type(players) is not list:
        return []
    return [p.get("name") for p in players if type(p) is dict]


END_KEYS = {"v", "game", "seq", "prev", "ts", "kid", "type", "result"}
RESULT_KEYS = {"by", "winner", "alive"}


def check_result(chain, body):
    """What the end entry says that needs no replay: who ended the game
    (the host, if an admin end came before; else its rules), that nobody
    won a game the host ended, and that the winner and the players left
    are players of the game, in seat order. (That the rules reach that
    result needs the game replayed: masqued verify does.)"""
    others = sorted(set(body) - END_KEYS)
    if others:
        raise Bad('the end entry holds "%s", beside its result.' % others[0])
    r = body.get("result")
    if type(r) is not dict or set(r) != RESULT_KEYS:
        raise Bad("the end entry's result is not an object of by, winner "
                  "and alive.")
    by = "host" if chain.host_end else "rules"
    if r["by"] != by:
        raise Bad('the end entry\'s result says the game was ended by "%s", '
                  'but %s.' % (r["by"], "the host ended it at entry %d"
                               % chain.host_end if chain.host_end else
                               "no admin end came before: its rules ended "
                               "it"))
    names = seat_names(chain)
    if chain.host_end and r["winner"] is not None:
        raise Bad("the end entry's result names a winner, but the host "
                  "ended the game at entry %d: nobody won." % chain.host_end)
    if r["winner"] is not None and r["winner"] not in names:
        raise Bad("the end entry's winner is not a player of the game.")
    alive = r["alive"]
    if type(alive) is not list or any(a not in names for a in alive) or \
            alive != sorted(set(alive), key=names.index):
        raise Bad("the end entry's alive is not a list of the game's "
                  "players, each once, in seat order.")


def check_command(chain, body):
    player = body.get("player")
    cmds = body.get("commands")
    if type(player) is not str or type(cmds) is not list:
        raise Bad("a command entry needs a player and a list of commands.")
    for i, cmd in enumerate(cmds):
        if (type(cmd) is not dict or type(cmd.get("text")) is not str or
                type(cmd.get("secret")) is not bool):
            raise Bad("command %d needs a text and a secret flag." % (i + 1))
        if not cmd["secret"]:
            if "salt" in cmd or "commit" in cmd:
                raise Bad("command %d is not secret but carries a salt or "
                          "commit." % (i + 1))
            continue
        salt = salt_of(chain.seed, body["game"], player, body["seq"], i)
        if cmd.get("salt") != salt.hex():
            raise Bad("the salt of command %d is not the one the seed gives."
                      % (i + 1))
        commit = commit_of(salt, cmd["text"], body["game"], player,
                           body["seq"])
        if cmd.get("commit") != commit.hex():
            raise Bad("the commitment of command %d does not match its text "
                      "and salt." % (i + 1))


def load_export(path):
    try:
        with open(path, "rb") as f:
            raw = f.read()
        doc = loads_strict(raw.decode("utf-8"))
    except (OSError, ValueError, Bad) as e:
        raise Bad("cannot read the export %s: %s" % (path, e))
    if type(doc) is not dict or doc.get("format") != "masqued-export-v1":
        raise Bad("the file is not a masqued-export-v1 export.")
    for key, typ in (("game", str), ("public_key", str), ("log", list),
                     ("data", dict), ("data_hash", str)):
        if type(doc.get(key)) is not typ:
            raise Bad('the export has no %s "%s".' % (typ.__name__, key))
    if any(type(line) is not str for line in doc["log"]):
        raise Bad("the export's log holds something other than lines.")
    return doc


def verify(doc, rules=None):
    """Return the number of entries, or raise (seq, Bad)."""
    try:
        chain = Chain(doc["public_key"])
    except (Bad, ValueError, TypeError) as e:
        raise Failure(None, "the export's public_key is not a key: %s" % e)
    if not doc["log"]:
        raise Failure(1, "the log has no entry.")
    for n, line in enumerate(doc["log"], 1):
        try:
            check_line(chain, line)
        except Bad as e:
            raise Failure(n, str(e))
    if "end" not in chain.types.values():
        # an export is of a game over, and waits for its end entry; what
        # may follow that (a player's SET LANG) is no part of the game
        raise Failure(chain.seq + 1, "the export ends at entry %d, before "
                      "its end entry (the result), which every export holds: "
                      "the log was cut short." % chain.seq)
    if chain.game != doc["game"]:
        raise Failure(None, "the export's game is not the log's.")
    try:
        data_hash = blake(utf8(canon(doc["data"]))).hex()
    except Bad as e:
        raise Failure(None, "the game data: %s" % e)
    if data_hash != doc["data_hash"]:
        raise Failure(None, "data_hash is not the hash of the game data.")
    if chain.genesis.get("data_hash") != data_hash:
        raise Failure(1, "the genesis data_hash is not the hash of the game "
                      "data.")
    if rules is not None:
        kind = chain.genesis.get("kind")
        path = "%s/%s.json" % (rules, kind)
        try:
            with open(path, "rb") as f:
                published = blake(utf8(canon(loads_strict(
                    f.read().decode("utf-8"))))).hex()
        except (OSError, ValueError, Bad) as e:
            raise Failure(None, "cannot read the published rules %s: %s"
                          % (path, e))
        if published != data_hash:
            raise Failure(None, "the game was played under game data that "
                          "is not the published %s (%s): its data_hash is "
                          "%s..., the published %s..." % (kind, path,
                                                          data_hash[:16],
                                                          published[:16]))
    return chain.seq


class Failure(Exception):
    def __init__(self, seq, msg):
        Exception.__init__(self, msg)
        self.seq = seq


# --- the mails a player kept ---
#
# A checkpoint is parsed by its shape, not its words, so that a mail in any
# language reads the same: the "head HEX" line, the "sig B64" line after it
# (or "sig" alone and B64 on the line below it, as the mails now show it),
# the line before them (its 8-character [a-z0-9] token the game, its last
# run of digits the entry), and the server key line after (a line ending in
# 64 hex digits), when there. Only the head is signed: the game, the entry
# number and the key shown are read to say what is wrong, and checked.

USAGE = "usage: verify_export.py [--rules DIR] EXPORT.json [MAIL ...]"
GAME_TOKEN = re.compile(r"(?<![a-z0-9])[a-z0-9]{8}(?![a-z0-9])")
DIGITS = re.compile(r"[0-9]+")
KEY_AT_END = re.compile(r"(?<![0-9a-f])([0-9a-f]{64})$")
QUOTE = re.compile(r"^[ \t>]*")


class Unusable(Exception):
    """A MAIL that cannot be checked at all: the one sentence, exit 2."""


def mail_text(path):
    """The text a player reads: a saved mail's text/plain part, decoded,
    or the file itself when it is not a mail (text pasted into a file)."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise Unusable("cannot read the mail %s: %s." % (path, e.strerror))
    if another_mail(raw):
        raise Unusable("%s holds more than one mail: keep each mail in a "
                       "file of its own (a mail client's \"save\" writes one "
                       "file a mail)." % path)
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    if len(msg.keys()) > 0:
        part = msg.get_body(preferencelist=("plain",))
        if part is not None:
            try:
                return part.get_content()
            except (LookupError, ValueError, UnicodeError):
                pass
    return raw.decode("utf-8", errors="replace")


def mail_head(lines):
    """Whether lines open with a mail's header block: header fields up to a
    blank line, one of them MIME's, and From or Date (a MIME part's headers
    have neither)."""
    names = set()
    for line in lines:
        if line == "":
            return bool(names & {"content-type", "mime-version"}) and \
                bool(names & {"from", "date"})
        if line[0] in " \t":
            if not names:
                return False
            continue
        field = re.match(r"([!-9;-~]+):", line)
        if not field:
            return False
        names.add(field.group(1).lower())
    return False


def another_mail(raw):
    """Whether a second mail follows the first in the file: after an mbox
    "From " line that follows a blank line, or after a multipart's closing
    boundary (two .eml files put one after the other). The email package
    reads the first alone, the rest as its epilogue."""
    lines = raw.decode("utf-8", errors="replace").replace("\r\n", "\n") \
        .replace("\r", "\n").lstrip("\ufeff").split("\n")
    first = 1 if lines and lines[0].startswith("From ") else 0
    if not mail_head(lines[first:]):
        return False
    closed = False
    for i in range(first + 1, len(lines)):
        line = lines[i]
        if line == "":
            continue
        if line.startswith("From ") and lines[i - 1] == "" and \
                mail_head(lines[i + 1:]):
            return True
        if closed and mail_head(lines[i:]):
            return True
        closed = len(line) >= 4 and line.startswith("--") and \
            line.endswith("--")
    return False


def mail_lines(text):
    # a kept mail quoted in a reply ("> head ...") reads the same
    return [QUOTE.sub("", line).rstrip() for line in text.splitlines()]


SIG_B64 = 88       # base64 of the 64 bytes of a signature
B64_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                "0123456789+/=")
HEX_CHARS = set("0123456789abcdef")


def value_lines(v, lines, j, want, chars):
    """A value of want characters from v, and from the lines from j on
    while it is short: a line a mail client wrapped, or the sig's own line
    below "sig" (after the blank line a format=flowed break may leave). A
    line of other characters (the next one's name) ends it. The value (one
    too long: None) and the line after it, as daemon/checkpoint.c reads
    it."""
    n = v.strip()
    while len(n) < want and j < len(lines):
        line = lines[j].strip()
        if (line == "" and n) or not set(line) <= chars:
            break
        n += line
        j += 1
    return (n if len(n) <= want else None), j


def find_checkpoint(lines):
    for i in range(1, len(lines) - 1):
        head = re.match(r"head\s+(\S+)$", lines[i])
        sig = re.match(r"sig\s+(\S+)$", lines[i + 1])
        # "sig" alone, its value indented on the next line (the mails of
        # 78 columns), or "sig  B64" on one line (the mails before); either
        # wrapped on the lines after by a mail client
        if not head or not (sig or lines[i + 1] == "sig"):
            continue
        value, after = value_lines(sig.group(1) if sig else "", lines, i + 2,
                                   SIG_B64, B64_CHARS)
        if not value:
            continue
        cp = {"head": head.group(1), "sig": value, "game": None,
              "seq": None, "key": None}
        game = GAME_TOKEN.search(lines[i - 1])
        digits = DIGITS.findall(lines[i - 1])
        if game:
            cp["game"] = game.group(0)
        if digits:
            cp["seq"] = int(digits[-1])
        if after < len(lines):
            # "server key HEX", in the mail's language: the hex of the
            # line's last word, and of the lines a client wrapped it on
            words = lines[after].split()
            last = words[-1] if words else ""
            if not set(last) <= HEX_CHARS:
                last = ""       # a word, the hex on the next line
            key, _ = value_lines(last, lines, after + 1, 64, HEX_CHARS)
            if key is not None and len(key) == 64:
                cp["key"] = key
        if find_checkpoint(lines[i + 2:]) is not None:
            cp["more"] = True
        return cp
    return None


def find_receipt(lines):
    """The receipt's JSON text, its braces alone on their lines, or None;
    "more" when a second one opens after it."""
    try:
        start = lines.index("{")
        end = lines.index("}", start)
    except ValueError:
        return None
    if "{" in lines[end + 1:]:
        return "more"
    return unwrapped(lines[start:end + 1])


RECEIPT_MEMBER = re.compile(r'^\s*("(body|format|hash|public_key|sig)"|\}\s*$)')
MAX_WRAPS = 12      # 4096 tries at most, each a hash and a sig


def join_lines(lines, mask):
    """The lines, each after the first that opens no member of the receipt
    joined to the one before, with a space where bit i of mask is set for
    the i-th join; and the number of joins."""
    out, i = [], 0
    for k, line in enumerate(lines):
        if k == 0 or line == "" or RECEIPT_MEMBER.match(line):
            out.append(line)
        else:
            out[-1] += (" " if mask >> i & 1 else "") + line
            i += 1
    return "\n".join(out), i


def signed_itself(text):
    """Whether text is a receipt whose signature verifies under its own
    public_key (a wrong guess at a wrap cannot)."""
    try:
        r = json.loads(text)
        body = utf8(r["body"])
        digest = blake(b"masqued-log-v1\n" + body)
        vk = nacl.signing.VerifyKey(bytes.fromhex(r["public_key"]))
        return r["hash"] == digest.hex() and signed_by(vk, digest, r["sig"])
    except (ValueError, TypeError, KeyError, AttributeError, Bad,
            nacl.exceptions.CryptoError):
        return False


def unwrapped(lines):
    """The receipt's text, its long lines (the body's hundreds of columns,
    the sig's 92) joined again where a mail client wrapped them, as
    daemon/receipt.c does: a client that wrapped at a space may have
    dropped it, so each join is tried without one and with one, and the
    first text whose signature verifies under its own key is the receipt;
    else the text joined without spaces (checked, and refused, as it is)."""
    first, k = join_lines(lines, 0)
    if k == 0:
        return first
    for mask in range(1 << k if k <= MAX_WRAPS else 1):
        text = join_lines(lines, mask)[0]
        if signed_itself(text):
            return text
    return first


def read_mail(path):
    lines = mail_lines(mail_text(path))
    cp, receipt = find_checkpoint(lines), find_receipt(lines)
    # two mails in one file: checking the first alone would say "ok" of a
    # file whose second was never looked at
    if (cp is not None and "more" in cp) or receipt == "more":
        raise Unusable("%s holds more than one %s: keep each mail in a file "
                       "of its own." % (path, "receipt" if receipt == "more"
                                        else "checkpoint"))
    if cp is None and receipt is None:
        raise Unusable("%s holds neither a checkpoint (a \"head\" line with "
                       "the \"sig\" line under it, as every mail masqued "
                       "sends has at its end) nor a receipt." % path)
    return cp, receipt


def log_entries(doc):
    """Entry n (from 1): (its body's bytes, their hash), or None for a line
    that is not three fields. Hashed again here, so that a mail is checked
    against the bodies themselves even in an export that fails."""
    entries = [None]
    for line in doc["log"]:
        fields = line.encode("utf-8", errors="surrogatepass").split(b"\t")
        if len(fields) != 3:
            entries.append(None)
        else:
            entries.append((fields[0],
                            blake(b"masqued-log-v1\n" + fields[0])))
    return entries


def signed_by(vk, digest, sig_b64):
    try:
        sig = base64.b64decode(sig_b64, validate=True)
    except ValueError:
        return False
    if len(sig) != 64:
        return False
    try:
        vk.verify(digest, sig)
        return True
    except nacl.exceptions.BadSignatureError:
        return False


def check_checkpoint(doc, vk, entries, cp):
    """Raise Bad, or return the checkpoint's entry."""
    if cp["game"] is None or cp["seq"] is None:
        raise Bad("the line above the checkpoint's head names no game and "
                  "entry.")
    if cp["game"] != doc["game"]:
        raise Bad("the checkpoint is of game %s, the export of game %s."
                  % (cp["game"], doc["game"]))
    if cp["key"] is not None and cp["key"] != doc["public_key"]:
        raise Bad("the mail's server key is not the export's public_key: "
                  "the export is signed by another key.")
    try:
        head = unhex(cp["head"], 32, "the checkpoint's head")
    except Bad as e:
        raise Bad("%s: the mail was altered." % str(e)[:-1])
    if not signed_by(vk, head, cp["sig"]):
        raise Bad("the checkpoint's signature does not verify under the "
                  "export's public_key: the mail was altered, or is not "
                  "from this game's server.")
    n = cp["seq"]
    last = len(entries) - 1
    if not 1 <= n <= last or entries[n] is None or entries[n][1] != head:
        # the entry number is not signed: a head signed for another entry
        # is a mail altered, not a log changed or cut
        for k in range(1, last + 1):
            if entries[k] is not None and entries[k][1] == head:
                raise Bad("the checkpoint's head is the hash of entry %d, "
                          "not %d: the mail was altered." % (k, n))
    if not 1 <= n <= last:
        raise Bad("the export's log ends at entry %d, before this mail's "
                  "checkpoint, entry %d: the log was cut short." % (last, n))
    if entries[n] is None or entries[n][1] != head:
        raise Bad("the export's entry %d is not the one this mail's "
                  "checkpoint signs: the log was changed." % n)
    return n


def check_receipt(doc, vk, entries, text):
    """Raise Bad, or return the receipt's entry."""
    try:
        r = json.loads(text)
    except ValueError:
        raise Bad("the receipt is not JSON: the mail was altered.")
    if (type(r) is not dict or r.get("format") != "masqued-receipt-v1" or
            any(type(r.get(k)) is not str
                for k in ("body", "hash", "sig", "public_key"))):
        raise Bad("the receipt is not a masqued-receipt-v1 receipt.")
    if r["public_key"] != doc["public_key"]:
        raise Bad("the receipt's public_key is not the export's: the export "
                  "is signed by another key.")
    body = utf8(r["body"])
    digest = blake(b"masqued-log-v1\n" + body)
    if r["hash"] != digest.hex():
        raise Bad("the receipt's hash is not the hash of its body: the mail "
                  "was altered.")
    if not signed_by(vk, digest, r["sig"]):
        raise Bad("the receipt's signature does not verify under the "
                  "export's public_key: the mail was altered.")
    try:
        obj = loads_strict(r["body"])
    except (ValueError, Bad):
        obj = None
    if (type(obj) is not dict or type(obj.get("seq")) is not int or
            obj.get("game") != doc["game"]):
        raise Bad("the receipt's body is not an entry of game %s."
                  % doc["game"])
    m = obj["seq"]
    last = len(entries) - 1
    if not 1 <= m <= last:
        raise Bad("the export's log ends at entry %d, before this mail's "
                  "receipt, entry %d: the log was cut short." % (last, m))
    if entries[m] is None or entries[m][0] != body:
        raise Bad("the export's entry %d is not, byte for byte, the body of "
                  "this mail's receipt: the log was changed." % m)
    return m


def check_mail(doc, vk, entries, cp, receipt):
    """The mail's line after "MAIL: ", and whether it passed. A checkpoint
    and a receipt that both fail are both said, in one sentence."""
    said, wrong = [], []
    if cp is not None:     # the receipt's lines alone, as its mail says
        try:
            said.append("checkpoint entry %d"
                        % check_checkpoint(doc, vk, entries, cp))
        except Bad as e:
            wrong.append(str(e))
    if receipt is not None:
        try:
            said.append("receipt entry %d"
                        % check_receipt(doc, vk, entries, receipt))
        except Bad as e:
            wrong.append(str(e))
    if wrong:
        return "; ".join(w[:-1] for w in wrong) + ".", False
    return "ok, " + ", ".join(said), True


def main(argv):
    rules = None
    if len(argv) > 2 and argv[1] == "--rules":
        rules, argv = argv[2], argv[:1] + argv[3:]
    if len(argv) < 2 or argv[1].startswith("-"):
        print(USAGE, file=sys.stderr)
        return 2
    # a MAIL that cannot be checked is said, and the others checked all
    # the same: one stray file among a player's kept mails hides nothing
    mails, unusable = [], 0
    for path in argv[2:]:
        try:
            mails.append((path,) + read_mail(path))
        except Unusable as e:
            print("verify_export.py: %s" % e, file=sys.stderr)
            unusable += 1
    try:
        doc = load_export(argv[1])
    except Bad as e:
        print("export: %s" % e)
        return 1
    rc = 0
    try:
        print("ok: %d entries" % verify(doc, rules))
    except Failure as e:
        print("entry %d: %s" % (e.seq, e) if e.seq else "export: %s" % e)
        rc = 1
    if mails:
        try:
            vk = nacl.signing.VerifyKey(unhex(doc["public_key"], 32,
                                              "public_key"))
        except (Bad, ValueError, TypeError):
            return 1    # said above: the export's public_key is not a key
        entries = log_entries(doc)
        for path, cp, receipt in mails:
            line, good = check_mail(doc, vk, entries, cp, receipt)
            print("%s: %s" % (path, line))
            if not good:
                rc = 1
    return 2 if rc == 0 and unusable else rc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
