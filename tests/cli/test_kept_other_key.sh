#!/bin/sh
# test_kept_other_key.sh - `verify-receipt FILE GAME` on a mail signed under
# a key that is not the log's: a receipt or checkpoint a player made up
# with a key of their own, or a log the host signed again under a new key.
# Either way the answer names both keys and blames neither side; it never
# reads the log under the mail's key and calls the log the one changed.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
expect 0 "init" -- $M -C $D init
expect 0 "init of another server" -- $M -C $T/other init
G=$(new_game $D) || fail "new"
expect 0 "serve --once" -- $M -C $D serve --once
rm -f $O/*
expect 0 "carol places" -- $M -C $D submit $G carol "PLACE green"
expect 0 "serve --once" -- $M -C $D serve --once
R=$(grep -l "^X-Masqued-Mail: receipt" $O/* | xargs grep -l "^To: carol@x.test" | head -n 1)
[ -n "$R" ] || fail "carol has no receipt mail"; ok
expect 0 "carol's receipt, as sent" -- $M -C $D verify-receipt $R $G
LOGKID=$(sed -n 's/.*"kid":"\([0-9a-f]*\)".*/\1/p' $D/games/$G/log | head -n 1)
[ -n "$LOGKID" ] || fail "no kid in the log"; ok
# the keys whole, as the mails show the server key (a kid alone, 16 hex
# digits of its hash, is not what a player or host holds to compare)
LOGPUB=$(cat $D/keys/server.pub)
OTHERPUB=$(cat $T/other/keys/server.pub)

# resign KEYFILE IN OUT WHAT: the receipt ("receipt", with another move in
# its body) or the checkpoint ("checkpoint") of a mail signed under KEYFILE
resign() {
	/usr/bin/python3 - "$@" <<'PY'
import base64, email, hashlib, json, re, sys
from email import policy
import nacl.signing
keyf, src, dst, what = sys.argv[1:5]
sk = nacl.signing.SigningKey(open(keyf, "rb").read())
pk = sk.verify_key.encode()
m = email.message_from_binary_file(open(src, "rb"), policy=policy.default)
t = m.get_body(preferencelist=("plain",)).get_content()
if what == "receipt":
    a = t.index("\n{\n") + 1
    b = t.index("\n}\n", a) + 2
    r = json.loads(t[a:b])
    body = json.loads(r["body"])
    body["commands"][0]["text"] = "PLACE blue"
    body["kid"] = hashlib.blake2b(pk, digest_size=32).hexdigest()[:16]
    s = json.dumps(body, sort_keys=True, separators=(",", ":"))
    h = hashlib.blake2b(b"masqued-log-v1\n" + s.encode(), digest_size=32).digest()
    r = {"body": s, "format": r["format"], "hash": h.hex(),
         "public_key": pk.hex(),
         "sig": base64.b64encode(sk.sign(h).signature).decode()}
    t = json.dumps(r, indent=1, sort_keys=True) + "\n"
else:
    head = bytes.fromhex(re.search(r"(?m)^head ([0-9a-f]{64})$", t).group(1))
    sig = base64.b64encode(sk.sign(head).signature).decode()
    # the mail's sig, on two lines of 44 under "sig"
    t = re.sub(r"(?m)^sig(\r?\n +)[A-Za-z0-9+/=]+\r?\n +[A-Za-z0-9+/=]+",
               lambda m: "sig" + m.group(1) + sig[:44] + m.group(1) + sig[44:], t)
    t = re.sub(r"(?m)^(server key )[0-9a-f]{64}$", r"\g<1>" + pk.hex(), t)
open(dst, "w").write(t)
PY
}
OTHERKID=$(/usr/bin/python3 -c 'import hashlib, sys; print(hashlib.blake2b(bytes.fromhex(open(sys.argv[1]).read().strip()), digest_size=32).hexdigest()[:16])' $T/other/keys/server.pub)

# --- a receipt made up under another key ---
resign $T/other/keys/server.key $R $T/receipt.txt receipt || fail "resign the receipt"; ok
expect 0 "the made-up receipt checks alone, under its own key" -- $M verify-receipt $T/receipt.txt
# alone, it is sound only under the key it shows: the answer names that
# key, not "the server", for the player to hold against their mails'
out_has "is sound under the key it shows, $(cat $T/other/keys/server.pub): it is the server's receipt if that is the server key every mail of the game shows"
grep -q "$(cat $D/keys/server.pub)" $T/out && fail "the made-up receipt's answer names the server's key"; ok
expect 3 "the made-up receipt, --key the server's" -- $M verify-receipt $T/receipt.txt --key $(cat $D/keys/server.pub)
one_line
expect 3 "the made-up receipt against the log" -- $M -C $D verify-receipt $T/receipt.txt $G
err_has "The receipt is signed by the key $OTHERPUB (kid $OTHERKID), the log by another, $LOGPUB (kid $LOGKID): either the receipt was not made by this server, or the log was signed again under a new key"
one_line
grep -q "the log is signed by another key\|the log was changed" $T/err && fail "the log is blamed for a receipt under another key"; ok

# --- a checkpoint signed again under another key ---
resign $T/other/keys/server.key $R $T/checkpoint.txt checkpoint || fail "resign the checkpoint"; ok
expect 0 "the checkpoint checks alone, under its own key" -- $M verify-receipt $T/checkpoint.txt
out_has "ok: the checkpoint's head is signed by the key the mail shows, $(cat $T/other/keys/server.pub): it is the server's if that is the server key every mail of the game shows"
expect 3 "the checkpoint against the log" -- $M -C $D verify-receipt $T/checkpoint.txt $G
err_has "The checkpoint is signed by the key $OTHERPUB (kid $OTHERKID), the log by another, $LOGPUB (kid $LOGKID): either the checkpoint was not made by this server"
one_line

# --- the host's side: the log signed again under a new key, the mail true
cp $T/other/keys/* $D/keys/
/usr/bin/python3 - $D/games/$G/log $D/keys/server.key <<'PY'
import base64, hashlib, json, sys
import nacl.signing
log, keyf = sys.argv[1:3]
sk = nacl.signing.SigningKey(open(keyf, "rb").read())
pk = sk.verify_key.encode()
kid = hashlib.blake2b(pk, digest_size=32).hexdigest()[:16]
out, prev = [], "0" * 64
for line in open(log):
    e = json.loads(line.split("\t")[0])
    e["kid"], e["prev"] = kid, prev
    if e["type"] == "genesis":
        e["server_key"] = pk.hex()
    s = json.dumps(e, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    h = hashlib.blake2b(b"masqued-log-v1\n" + s.encode(), digest_size=32).digest()
    out.append("%s\t%s\t%s\n" % (s, h.hex(), base64.b64encode(sk.sign(h).signature).decode()))
    prev = h.hex()
open(log, "w").write("".join(out))
PY
expect 0 "the log signed again verifies alone" -- $M -C $D verify $G
expect 3 "carol's true receipt against it" -- $M -C $D verify-receipt $R $G
err_has "The receipt is signed by the key $LOGPUB (kid $LOGKID), the log by another, $OTHERPUB (kid $OTHERKID)"
done_checks
