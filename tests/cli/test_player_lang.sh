#!/bin/sh
# test_player_lang.sh - new's --player NAME=EMAIL:LANG gives that player
# their own language from the welcome on (the rules in short and all), for
# a group whose players read different languages: it used to be one
# language for the game, each player's own only after a SET LANG, which
# sends no welcome again. Logged in the genesis as the player's "lang"
# where it is not the game's (a log without one reads as before); verify,
# export and tests/verify_export.py take it. Any other language is refused
# in one sentence, and no game is made. The Red Death and The Masquerade;
# the Maildir outbox, `serve --once`.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
PY=/usr/bin/python3
expect 0 "init" -- $M -C $D init

subject_to() {	# address: the decoded subject of its one mail
	f=$(grep -l "^To: $1" $O/* | sort | tail -n 1)
	[ -n "$f" ] || fail "no mail to $1"
	$PY -c 'import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(str(email.header.make_header(email.header.decode_header(m["Subject"]))))' "$f"
}

# --- The Red Death: the game in English, alice in Japanese, bob in
# Chinese, dave's :en the game's own ---
expect 0 "new with each player's language" -- $M -C $D new redmasque \
    --player alice=alice@x.test:ja --player bob=bob@x.test:zh \
    --player carol=carol@x.test --player dave=dave@x.test:en
G=$(cat $T/out)
expect 0 "serve --once: the welcomes" -- $M -C $D serve --once
subject_to alice@x.test | grep -qF "「赤死病の仮面」へようこそ" ||
    fail "alice's welcome is not in Japanese: $(subject_to alice@x.test)"; ok
subject_to bob@x.test | grep -qF "欢迎来到《红死神的面具》" ||
    fail "bob's welcome is not in Chinese: $(subject_to bob@x.test)"; ok
for p in carol dave; do
	subject_to $p@x.test | grep -qF "— welcome to the masque" ||
	    fail "$p's welcome is not in English: $(subject_to $p@x.test)"; ok
done
# the address as given, without its language
grep -l "^To: alice@x.test" $O/* | xargs grep -q "^To: alice@x.test.:ja" &&
    fail "the welcome went to the address with :ja"; ok
# the genesis holds it where it is not the game's
head -n 1 $D/games/$G/log | cut -f 1 >$T/genesis.json
$PY - $T/genesis.json <<'PY' || fail "the genesis does not hold each player's own language"
import json, sys
g = json.load(open(sys.argv[1]))
langs = {p["name"]: p.get("lang") for p in g["players"]}
emails = {p["name"]: p["email"] for p in g["players"]}
assert g["lang"] == "en", g["lang"]
assert langs == {"alice": "ja", "bob": "zh", "carol": None, "dave": None}, langs
assert emails["alice"] == "alice@x.test", emails
PY
ok
expect 0 "verify" -- $M -C $D verify $G
# the game ends; its export passes verify and the independent checker
expect 0 "admin end" -- $M -C $D admin $G end --why "a test"
expect 0 "export" -- $M -C $D export $G
cp $T/out $T/export.json
expect 0 "verify the export" -- $M -C $T/nodata verify $T/export.json
expect 0 "verify_export.py" -- $PY tests/verify_export.py --rules config/games $T/export.json

# --- The Masquerade in Japanese, carol in English ---
expect 0 "new masquerade with a player's language" -- $M -C $D new masquerade --lang ja \
    --player ann=ann@y.test --player ben=ben@y.test --player cat=cat@y.test:en
expect 0 "serve --once: the welcomes" -- $M -C $D serve --once
subject_to ann@y.test | grep -qF "仮面舞踏会" || fail "ann's welcome: $(subject_to ann@y.test)"; ok
subject_to cat@y.test | grep -qF "[Masquerade " || fail "cat's welcome: $(subject_to cat@y.test)"; ok

# --- refused: another language; nothing made ---
ls $D/games >$T/games.before
expect 1 "a player's language that is not en, ja or zh" -- $M -C $D new redmasque \
    --player alice=alice@z.test:fr --player bob=bob@z.test \
    --player carol=carol@z.test --player dave=dave@z.test
err_has "alice's language must be en, ja or zh, not \"fr\"."; one_line
ls $D/games | cmp -s - $T/games.before || fail "a refused new made a game"; ok
# an address whose last part is no language is an address, as before
expect 1 "an address ending in a colon" -- $M -C $D new redmasque \
    --player alice=alice@z.test: --player bob=bob@z.test \
    --player carol=carol@z.test --player dave=dave@z.test
err_has "is not a usable email address for alice"; one_line
# a domain that names no host: refused as such, not kept
expect 1 "an address whose domain has a semicolon" -- $M -C $D new redmasque \
    --player alice=alice@z.test\; --player bob=bob@z.test \
    --player carol=carol@z.test --player dave=dave@z.test
err_has "is not a usable email address for alice"; one_line
# a genesis whose player's language is none of the three (signed by the
# key, as a host could write it) does not verify, in one sentence
expect 0 "new, for the forged genesis" -- $M -C $D new redmasque \
    --player alice=alice@w.test --player bob=bob@w.test:zh \
    --player carol=carol@w.test --player dave=dave@w.test
F=$(cat $T/out)
$PY - $D/keys/server.key $D/games/$F/log <<'PY' || fail "forging the genesis"
import base64, hashlib, json, sys
import nacl.signing
sk = nacl.signing.SigningKey(open(sys.argv[1], "rb").read())
lines = open(sys.argv[2]).read().splitlines()
assert len(lines) == 1, len(lines)
b = json.loads(lines[0].split("\t")[0])
b["players"][1]["lang"] = "fr"
body = json.dumps(b, sort_keys=True, separators=(",", ":"))
h = hashlib.blake2b(b"masqued-log-v1\n" + body.encode(), digest_size=32)
open(sys.argv[2], "w").write("\t".join([body, h.hexdigest(),
    base64.b64encode(sk.sign(h.digest()).signature).decode()]) + "\n")
PY
expect 3 "verify a genesis with a player's language of none of the three" -- $M -C $D verify $F
err_has "entry 1: player 2's language is not en, ja or zh."; one_line
rm -r $D/games/$F	# no game of it in the games below
# a mail asked for while the game is paused (SET LANG's answer) asks for
# no move, and its subject says the game is paused (it said "waiting for
# the others")
expect 0 "new, to pause" -- $M -C $D new redmasque --player alice=alice@v.test \
    --player bob=bob@v.test:ja --player carol=carol@v.test --player dave=dave@v.test
P=$(cat $T/out)
expect 0 "pause" -- $M -C $D admin $P pause --why "a break"
expect 0 "SET LANG while paused" -- $M -C $D submit $P bob "SET LANG en"
expect 0 "serve --once" -- $M -C $D serve --once
f=$(grep -l "^To: bob@v.test" $O/* | xargs grep -l "^X-Masqued-Mail: turn")
[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one turn mail to bob: $f"; ok
$PY -c 'import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
s = str(email.header.make_header(email.header.decode_header(m["Subject"])))
sys.exit(0 if s.endswith(" — the game is paused") else "headed: " + s)' "$f" ||
    fail "the mail asked for while paused is not headed as paused"; ok
expect 0 "help new" -- $M help new
out_has "NAME=EMAIL[:LANG]"
done_checks
