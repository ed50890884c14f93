#!/bin/sh
# test_export_mail.sh - a player checks the mails they kept against the
# game's export, with tests/verify_export.py alone (hashlib + PyNaCl). A
# short game of The Red Death is played by mail (Maildir inbox, `serve
# --once`; bob in Japanese, carol in Chinese, alice in English, dave's moves
# by the host's `submit`), ended by the host and exported; every mail in the
# outbox, each a .eml as a client saves it, is a mail a player kept. They all
# pass, the receipts with them, in each language, saved whole or pasted as
# text. A mail whose checkpoint head was altered fails; a log the host
# rewrote (an entry changed, it and every later one signed again with the
# server's key, so that the export checks alone) fails for every mail that
# saw the changed entry or a later one, and the receipt of that entry is
# said to differ; the mails from before still pass. The receipt alone (as
# the receipt mail says to save it) is checked alone; a file with neither
# exits 2 with one sentence. The ASan binary runs every check.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
V="$PY tests/verify_export.py"
serve() { expect 0 "serve --once: $1" -- $M -C $D serve --once; }
bot() { $MREL -C $D bot $G $1 || fail "bot $1"; }

# move ROUND: each player's move, if they owe one, in turn: alice, bob and
# carol by mail (bob's first mail sets Japanese, carol's Chinese), dave by
# the host's submit; each answered at once
move() {
	for p in alice bob carol dave; do
		c=$(bot $p)
		case $1.$p in
		1.bob) c="SET LANG ja\n$c" ;;
		1.carol) c="SET LANG zh\n$c" ;;
		esac
		[ -n "$c" ] || continue
		if [ $p = dave ]; then
			expect 0 "round $1: dave's $c" -- $M -C $D submit $G dave "$c"
		else
			send $p@x.test "$(reply_to $p)" $p-$1 "$c"
		fi
		serve "round $1: $p's $c"
	done
}
move 1
move 2
move 3
expect 0 "admin end" -- $M -C $D admin $G end --why "test over"
serve "the end mails"
expect 0 "export" -- $M -C $D export $G
cp $T/out $T/export.json
entries=$(wc -l <$D/games/$G/log)

# --- every mail a player kept passes, each in its language ---
ls $O/* >$T/mails
nmail=$(wc -l <$T/mails)
[ "$nmail" -gt 20 ] || fail "only $nmail mails were sent"; ok
expect 0 "verify_export.py with every mail" -- $V $T/export.json $(cat $T/mails)
[ "$(head -n 1 $T/out)" = "ok: $entries entries" ] || { cat $T/out; fail "the export's line"; }; ok
[ "$(grep -c ': ok, checkpoint entry [0-9]*' $T/out)" = "$nmail" ] ||
    { cat $T/out; fail "not every mail is ok"; }; ok
# the mails by their checkpoint's language, and the receipts among them
$PY - $T/export.json $T/out <<'EOF' || fail "not every language's mails and receipts passed"
import email, email.policy, sys
lines = open(sys.argv[2]).read().splitlines()[1:]
seen = {}
for line in lines:
    path, said = line.split(": ", 1)
    m = email.message_from_binary_file(open(path, "rb"),
                                       policy=email.policy.default)
    text = m.get_body(("plain",)).get_content()
    lang = ("ja" if "エントリ" in text else "zh" if "条目" in text else
            "en" if ", entry " in text else "?")
    seen.setdefault(lang, set()).add("receipt" if "receipt entry" in said
                                     else "checkpoint")
want = {"checkpoint", "receipt"}
sys.exit(not all(seen.get(l) == want for l in ("en", "ja", "zh")) or
         "?" in seen and print(seen))
EOF
ok
# bob's Japanese receipt mail, its text pasted into a file
f=$(grep -l "^To: bob@x.test" $(cat $T/mails) | xargs grep -l "^X-Masqued-Mail: receipt" | head -n 1)
[ -n "$f" ] || fail "no receipt mail to bob"
$PY -c '
import email, email.policy, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=email.policy.default)
open(sys.argv[2], "w").write(m.get_body(("plain",)).get_content())' $f $T/bob.txt
grep -q "サーバー鍵" $T/bob.txt || fail "bob's receipt mail is not in Japanese"; ok
expect 0 "bob's receipt mail as pasted text" -- $V $T/export.json $T/bob.txt
out_has "$T/bob.txt: ok, checkpoint entry "
out_has ", receipt entry "
cp $T/out $T/bob.out
# its sig on two lines under "sig"; kept before that, "sig  B64" on one
# line (and quoted in a reply), it reads the same
tr -d '\r' <$T/bob.txt | grep -qx "sig" || fail "the sig is not on a line of its own"; ok
tr -d '\r' <$T/bob.txt | sed -e '/^sig$/{N;N;s/\n */  /;s/\n *//;}' -e 's/^/> /' >$T/bob1.txt
grep -q "^> sig  [A-Za-z0-9+/]\{86\}==$" $T/bob1.txt || fail "the sig was not put back on one line"; ok
expect 0 "bob's mail kept before, its sig on one line" -- $V $T/export.json $T/bob1.txt
out_has "$T/bob1.txt: ok, checkpoint entry "

# --- a checkpoint head altered, in the saved mail itself ---
$PY - $f $T/altered.eml <<'EOF' || fail "no head line in the raw mail"
import re, sys
raw = open(sys.argv[1], "rb").read()
m = re.search(rb"\nhead ([0-9a-f]{64})\r\n", raw)
d = m.group(1)
flip = (b"0" if d[20:21] != b"0" else b"1")
open(sys.argv[2], "wb").write(raw[:m.start(1) + 20] + flip + raw[m.start(1) + 21:])
EOF
expect 1 "a mail whose checkpoint head was altered" -- $V $T/export.json $T/altered.eml
out_has "$T/altered.eml: the checkpoint's signature does not verify under the export's public_key: the mail was altered, or is not from this game's server."

# --- the host rewrites the log: entry K (bob's placement, the entry of his
# receipt) changed, it and every later entry signed again with the
# server's key; the export checks alone ---
K=$(sed -n 's/^.*, receipt entry \([0-9]*\)$/\1/p' $T/bob.out)
[ -n "$K" ] && [ "$K" -gt 1 ] || fail "no receipt entry in bob's mail"; ok
$PY - $T/export.json $D/keys/server.key $K $T/lying.json <<'EOF' || fail "the log could not be rewritten"
import base64, hashlib, json, re, sys
import nacl.signing
doc = json.load(open(sys.argv[1], encoding="utf-8"))
sk = nacl.signing.SigningKey(open(sys.argv[2], "rb").read())
k = int(sys.argv[3])
prev = None
for i in range(k - 1, len(doc["log"])):
    body = doc["log"][i].split("\t")[0]
    if i == k - 1:      # an hour later: any byte would do
        body = re.sub(r'"ts":([0-9]+)', lambda m: '"ts":%d' % (int(m.group(1)) + 3600), body)
    else:
        body = re.sub(r'"prev":"[0-9a-f]{64}"', '"prev":"%s"' % prev, body)
    h = hashlib.blake2b(b"masqued-log-v1\n" + body.encode(), digest_size=32).digest()
    sig = base64.b64encode(sk.sign(h).signature).decode()
    doc["log"][i] = "\t".join((body, h.hex(), sig))
    prev = h.hex()
json.dump(doc, open(sys.argv[4], "w", encoding="utf-8"), ensure_ascii=False)
EOF
expect 0 "the rewritten export checks alone" -- $V $T/lying.json
out_has "ok: $entries entries"
expect 1 "the rewritten export against every mail" -- $V $T/lying.json $(cat $T/mails) $T/bob.txt
$PY - $T/out $K $T/bob.txt <<'EOF' || { cat $T/out; fail "the mails do not catch the rewritten log"; }
import re, sys
lines = open(sys.argv[1]).read().splitlines()[1:]
k = int(sys.argv[2])
before = after = 0
for line in lines:
    path, said = line.split(": ", 1)
    n = re.search(r"(?:checkpoint entry|export's entry) ([0-9]+)", said)
    n = int(n.group(1))
    if n < k:
        assert said.startswith("ok, checkpoint entry"), line
        before += 1
    else:
        assert said.startswith("the export's entry %d is not the one this "
                               "mail's checkpoint signs: the log was changed"
                               % n), line
        after += 1
    if path == sys.argv[3]:
        assert said.endswith("; the export's entry %d is not, byte for byte, "
                             "the body of this mail's receipt: the log was "
                             "changed." % k), line
assert before > 0 and after > 0, (before, after)
EOF
ok

# --- the receipt alone; a file with neither ---
sed -n '/^{$/,/^}$/p' $T/bob.txt >$T/receipt.json
[ -s $T/receipt.json ] || fail "no receipt in bob's mail"; ok
expect 0 "the receipt alone" -- $V $T/export.json $T/receipt.json
grep -q "^$T/receipt.json: ok, receipt entry $K$" $T/out || { cat $T/out; fail "the receipt alone was not checked"; }; ok
expect 1 "the receipt alone, against the rewritten log" -- $V $T/lying.json $T/receipt.json
grep -q "^$T/receipt.json: .*receipt" $T/out || { cat $T/out; fail "the receipt alone did not catch the rewritten log"; }; ok
# masqued verify-receipt takes the export too, as a player has it (no
# data folder): it read it as a log ("entry 1: the line does not have
# exactly three TAB-separated fields", exit 3)
expect 0 "verify-receipt of the receipt against the export" -- \
    $M -C $T/nodata verify-receipt $T/receipt.json $T/export.json
out_has "ok: the receipt for entry $K of game $G (bob: PLACE "
out_has ") is sound, and the export holds that entry;"
expect 0 "verify-receipt of bob's receipt mail against the export" -- \
    $M -C $T/nodata verify-receipt $f $T/export.json
out_has "ok: the receipt for entry $K of game $G (bob: PLACE "
out_has ") is sound, and the export holds that entry;"
out_has "is signed by the server, and the export's entry is the one it signs;"
expect 3 "verify-receipt against the rewritten export" -- \
    $M -C $T/nodata verify-receipt $T/receipt.json $T/lying.json
err_has "the log was changed"; one_line
! grep -q "masqued-export\.\|/log\b" $T/err || fail "the sentence names a temporary folder: $(cat $T/err)"; ok
# an export whose entry before the kept one is damaged is said as the export's
$PY -c 'import json, sys
e = json.load(open(sys.argv[1])); e["log"][1] = e["log"][1].replace("\"ts\":", "\"ts\":1", 1)
json.dump(e, open(sys.argv[2], "w"))' $T/export.json $T/damaged.json
expect 3 "verify-receipt against a damaged export" -- \
    $M -C $T/nodata verify-receipt $T/receipt.json $T/damaged.json
err_has "masqued: The export $T/damaged.json does not verify up to the kept entry $K (entry 2: the hash does not match the body), so what the file holds cannot be checked against it; masqued verify says more."
one_line
# with no --key, the mail and the export must be of one key, which the
# answer names (a pair made up together under another key passed with a
# bare ok); an export of another server is refused in one sentence
pk=$($PY -c 'import json, sys; print(json.load(open(sys.argv[1]))["public_key"])' $T/export.json)
expect 0 "verify-receipt against the export names the key" -- \
    $M -C $T/nodata verify-receipt $T/receipt.json $T/export.json
out_has "; the mail and the export are of the key $pk, which must be the server key every mail of the game shows (or give --key PUB)."
expect 0 "init another server" -- $M -C $T/other init
O2=$($M -C $T/other new redmasque --player a=a@y.test --player b=b@y.test \
    --player c=c@y.test --player d=d@y.test) || fail "new on the other server"
expect 0 "end it" -- $M -C $T/other admin $O2 end --why "a test"
expect 0 "export it" -- $M -C $T/other export $O2
cp $T/out $T/other.json
expect 3 "verify-receipt against another server's export" -- \
    $M -C $T/nodata verify-receipt $T/receipt.json $T/other.json
err_has "masqued: The export $T/other.json is signed by another key than the mail's, so they are not of one server: the export by the key $(cat $T/other/keys/server.pub), the mail by $pk."; one_line
# an export damaged after the kept entry: the answer stands, and the
# export's damage is said as the export's (it named the server's game,
# and told the player to put it back from a backup)
$PY -c 'import json, sys
e = json.load(open(sys.argv[1])); e["log"][-1] = e["log"][-1].replace("\"ts\":", "\"ts\":1", 1)
json.dump(e, open(sys.argv[2], "w"))' $T/export.json $T/tail.json
expect 3 "verify-receipt against an export damaged after the kept entry" -- \
    $M -C $T/nodata verify-receipt $T/receipt.json $T/tail.json
out_has "ok: the receipt for entry $K of game $G (bob: PLACE "
out_has ") is sound, and the export holds that entry"
err_has "masqued: What was checked rests on entries 1 to $K, which are sound; but the export $T/tail.json does not verify further on (entry $entries: the hash does not match the body)."
one_line
# an export cut after the kept entry (its last entries dropped: a game
# handed out as if over) is sound as far as it goes, but verify says it
# ends before the game is over: the ok lines stand, the cut is said on
# stderr, exit 3 (it said ok, and exit 0)
$PY -c 'import json, sys
e = json.load(open(sys.argv[1])); e["log"] = e["log"][:-3]
json.dump(e, open(sys.argv[2], "w"))' $T/export.json $T/cut.json
expect 3 "verify of the cut export" -- $M -C $T/nodata verify $T/cut.json
err_has "entry $((entries - 2)): the export ends at entry $((entries - 3)), before the game is over: its last entries were removed."
expect 3 "verify-receipt against an export cut after the kept entry" -- \
    $M -C $T/nodata verify-receipt $T/receipt.json $T/cut.json
out_has "ok: the receipt for entry $K of game $G (bob: PLACE "
out_has ") is sound, and the export holds that entry"
err_has "masqued: What was checked rests on entries 1 to $K, which are sound; but the export $T/cut.json does not verify further on (entry $((entries - 2)): the export ends at entry $((entries - 3)), before the game is over: its last entries were removed)."
one_line
expect 2 "verify-receipt with two games" -- $M -C $T/nodata verify-receipt $T/receipt.json $T/export.json $G
err_has "masqued: verify-receipt takes FILE [GAME|EXPORT] [--key PUB] (see masqued help verify-receipt)."
printf 'Dear host,\nI played.\n' >$T/letter.txt
expect 2 "a file with neither" -- $V $T/export.json $T/bob.txt $T/letter.txt
err_has "verify_export.py: $T/letter.txt holds neither a checkpoint"; one_line
# the stray file is said; the mail beside it is checked all the same
grep -q "^$T/bob.txt: ok, checkpoint entry " $T/out || { cat $T/out; fail "a file with neither: the other mail was not checked"; }; ok
expect 2 "no export" -- $V
err_has "usage: verify_export.py [--rules DIR] EXPORT.json [MAIL ...]"; one_line
expect 2 "--rules with no folder" -- $V --rules
err_has "usage: verify_export.py [--rules DIR] EXPORT.json [MAIL ...]"; one_line
expect 2 "--rules with no export" -- $V --rules config/games
err_has "usage: verify_export.py [--rules DIR] EXPORT.json [MAIL ...]"; one_line
done_checks
