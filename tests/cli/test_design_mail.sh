#!/bin/sh
# test_design_mail.sh - DESIGN.md's sentences on what a mail carries and how
# a reply is recorded, checked from outside with Python's hashlib and PyNaCl
# (no code shared with the C side):
# - each reply address is LOCAL+GAME.SEAT.TAG@DOMAIN, TAG 16 characters of
#   lower-case base32 of a BLAKE2b keyed by keys/tag.key over game, seat and
#   token epoch (pinned: a change would void every reply address in flight);
# - a reply's raw message is archived as DATA/archive/HASH.eml, HASH its
#   BLAKE2b-256, and its entry records that hash and the Maildir file name;
#   the same message again is acknowledged, not applied;
# - every mail carries Auto-Submitted: auto-generated, the player's Reply-To,
#   multipart/alternative of text/plain and text/html (UTF-8,
#   quoted-printable), the server's public key and a checkpoint (game, entry,
#   head hash, signature) that is the log's entry and verifies under the key.
. tests/cli/lib.sh
PY=/usr/bin/python3
. tests/cli/lib_game.sh

# --- the reply addresses: recomputed from keys/tag.key ---
for seat in 0 1 2 3; do
	name=$(echo alice bob carol dave | cut -d' ' -f$((seat + 1)))
	got=$(grep -l "^To: $name@x.test" $O/* | head -n 1 | xargs sed -n 's/^Reply-To: //p' | tr -d '\r')
	want=$($PY - $D/keys/tag.key $G $seat <<'EOF'
import base64, hashlib, sys
key = open(sys.argv[1], "rb").read()
msg = ("masqued-tag-v1\n%s\n%s\n0" % (sys.argv[2], sys.argv[3])).encode()
tag = base64.b32encode(hashlib.blake2b(msg, digest_size=10, key=key).digest())
print("game+%s.%s.%s@masqued.invalid" % (sys.argv[2], sys.argv[3],
    tag.decode().lower()))
EOF
)
	[ "$got" = "$want" ] || fail "$name's reply address is $got, not $want"; ok
done
RA=$(grep -l "^To: alice@x.test" $O/* | head -n 1 | xargs sed -n 's/^Reply-To: //p' | tr -d '\r')

# --- a reply: archived by its BLAKE2b-256, its hash and file name logged ---
printf 'From: alice@x.test\nTo: %s\nSubject: Re: the masque\nMessage-ID: <r1@x.test>\n\nPLACE green\n' \
    "$RA" >$T/r1.eml
cp $T/r1.eml $IN/r1.test
expect 0 "serve --once reads alice's reply" -- $M -C $D serve --once
$PY - $T/r1.eml $D/games/$G/log $D/archive <<'EOF' || fail "the reply's archive or entry"
import hashlib, json, sys
raw = open(sys.argv[1], "rb").read()
h = hashlib.blake2b(raw, digest_size=32).hexdigest()
last = json.loads(open(sys.argv[2], "rb").read().splitlines()[-1].split(b"\t")[0])
assert last["type"] == "command" and last["player"] == "alice", last
assert last["msg"] == {"hash": h, "id": "maildir:r1.test"}, last["msg"]
assert open("%s/%s.eml" % (sys.argv[3], h), "rb").read() == raw, \
    "the archived message is not the raw message"
EOF
ok
cp $D/games/$G/log $T/log.before
cp $T/r1.eml $IN/r2.test
expect 0 "serve --once reads the same message again" -- $M -C $D serve --once
err_has "1 duplicate"
same_file $D/games/$G/log $T/log.before "the same message again changed the log"
[ -z "$(ls $IN)" ] || fail "the copy was left in the inbox"; ok

# --- every mail: headers, parts, server key, a checkpoint the log signed ---
n=$(ls $O | wc -l)
[ "$n" -ge 8 ] || fail "only $n mails in the outbox"; ok
$PY - $D $G $O/* <<'EOF' || fail "a mail's headers, parts or checkpoint"
import base64, email, re, sys
import nacl.signing
d, game, files = sys.argv[1], sys.argv[2], sys.argv[3:]
pub = open(d + "/keys/server.pub").read().strip()
vk = nacl.signing.VerifyKey(bytes.fromhex(pub))
lines = open("%s/games/%s/log" % (d, game), "rb").read().splitlines()
for f in files:
    m = email.message_from_binary_file(open(f, "rb"))
    assert m["Auto-Submitted"] == "auto-generated", f
    seat = re.match(r"<%s\.(\d+)\." % game, m["Message-ID"]).group(1)
    assert re.fullmatch(r"game\+%s\.%s\.[a-z2-7]{16}@masqued\.invalid" %
                        (game, seat), m["Reply-To"]), (f, m["Reply-To"])
    assert m.get_content_type() == "multipart/alternative", f
    parts = {p.get_content_type(): p for p in m.get_payload()}
    assert sorted(parts) == ["text/html", "text/plain"], (f, sorted(parts))
    for p in parts.values():
        assert p.get_content_charset() == "utf-8", f
        assert p["Content-Transfer-Encoding"] == "quoted-printable", f
    text = parts["text/plain"].get_payload(decode=True).decode("utf-8")
    html = parts["text/html"].get_payload(decode=True).decode("utf-8")
    cp = re.search(r"game (\w+), entry (\d+)\nhead ([0-9a-f]{64})\n"
                   r"sig\n((?:    \S+\n)+)server key ([0-9a-f]{64})", text)
    assert cp, "%s: no checkpoint in the text part" % f
    g, seq, head, sig, key = cp.groups()
    sig = "".join(sig.split())     # on two lines of 44 under "sig"
    assert g == game and key == pub, f
    body, h, s = lines[int(seq) - 1].split(b"\t")
    assert h.decode() == head and s.decode() == sig, \
        "%s: the checkpoint is not entry %s of the log" % (f, seq)
    vk.verify(bytes.fromhex(head), base64.b64decode(sig))
    for v in (head, sig, pub):
        assert v in html, "%s: the HTML part lacks %s" % (f, v)
print(len(files))
EOF
ok
done_checks
