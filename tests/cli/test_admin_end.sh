#!/bin/sh
# test_admin_end.sh - `admin GAME end --why "..."`: the host ends a game
# early, in both games. Moves are played by mail (Maildir inbox, `serve
# --once`); in The Masque of the Red Death alice's PLACE is a secret whose
# commitment carol and dave were shown, and the game ends before its phase
# resolves. Then: every player gets exactly one end mail, saying the host
# ended it and why, naming no winner; carol's (SET LANG ja) in Japanese;
# the pending secret's command and salt are in it and re-hash (Python's
# hashlib, as tests/verify_export.py does) to the commitment carol was
# shown; a later reply is refused with one sentence (and the host's
# submit of it: its STATUS gets the end mail again); `games` lists the game
# as over, ended by the host; export, tests/verify_export.py and verify
# pass; a second end, and a pause, are refused (exit 1, one line); nothing
# of that changes the log. The Masquerade (no secret moves) the same, but
# the secrets. The ASan binary runs every check; the release one plays bots.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
WHY="we stopped: Bob moved abroad"

expect 0 "init" -- $M -C $D init
echo "rate_limit = 86400" >>$D/masqued.conf
serve() { expect 0 "serve --once: $1" -- $M -C $D serve --once; }
. tests/cli/lib_mail.sh

# ended G PLAYER...: the host ends G; each PLAYER gets exactly one mail,
# an end mail, its parts as $T/end-PLAYER.*; the log then is $T/log.ended
ended() {
	g=$1; shift
	ls $O >$T/before
	expect 0 "admin end" -- $M -C $D admin $g end --why "$WHY"
	out_has "$g: end logged as entry"
	serve "the end mails"
	[ "$(ls $O | comm -13 $T/before - | wc -l)" = $# ] ||
	    fail "not one new mail to each of the $# players"; ok
	for p in "$@"; do
		answer end $p@x.test end-$p
	done
	cp $D/games/$g/log $T/log.ended
}
# after_end G NAME REPLY-TO: what an ended game does and refuses
after_end() {
	g=$1
	# a later reply: STATUS gets the end mail again, with the host's why,
	# under a Message-ID of its own; HELP the commands; a move one
	# sentence in a mail of its own; nothing logged
	ls $O >$T/before
	send $2@x.test "$3" late-$g "STATUS\nHELP\nPLAY jest"
	serve "a reply after the end"
	[ "$(ls $O | comm -13 $T/before - | wc -l)" = 3 ] ||
	    fail "not three answers to STATUS, HELP and a move after the end"; ok
	answer refused $2@x.test late
	says late "The game is over; nothing more can be played. Reply STATUS to any of the game's mails to see how it ended."
	# in the thread of the reply it answers (it had no In-Reply-To: found
	# by players by mail)
	grep -qi "^In-Reply-To: <late-$g@" "$(cat $T/late.file)" ||
	    fail "the answer after the end is not in the reply's thread"; ok
	answer end $2@x.test again
	says again "The host ended the game early. Why: $WHY"
	id_again=$(grep -m1 -i '^Message-ID:' $(cat $T/again.file))
	id_first=$(grep -m1 -i '^Message-ID:' $(cat $T/end-$2.file))
	[ "$id_again" != "$id_first" ] || fail "the end mail again has the first's Message-ID"; ok
	answer help $2@x.test help-late
	# the daemon's log says it: one line for the message
	err_has ": game $g, $2: 2 command(s) accepted, 1 refused, 0 already received, 0 line(s) not commands; nothing logged"
	same_file $D/games/$g/log $T/log.ended "a reply after the end"
	# the host's submit does as that reply: STATUS the end mail again
	# (with the host's why), a move refused with the same sentence
	ls $O >$T/before
	expect 0 "submit STATUS after the end" -- $M -C $D submit $g $2 STATUS
	out_has "$g is over: $2 is mailed the end mail again (STATUS)."
	serve "the host's STATUS after the end"
	answer end $2@x.test host-again
	says host-again "The host ended the game early. Why: $WHY"
	expect 1 "submit a move after the end" -- $M -C $D submit $g $2 "PLAY jest"
	err_has "The game is over; nothing more can be played. Reply STATUS to any of the game's mails to see how it ended."
	one_line
	same_file $D/games/$g/log $T/log.ended "the host's submit after the end"
	# games: over, ended by the host, waiting for nobody
	expect 0 "games" -- $M -C $D games
	grep "^$g " $T/out | grep -q " over .*ended by the host$" ||
	    { cat $T/out >&2; fail "games does not list $g as over, ended by the host"; }; ok
	expect 0 "games --json" -- $M -C $D games --json
	$PY - $T/out $g <<'EOF' || fail "games --json does not say $g was ended by the host"
import json, sys
g = [x for x in json.load(open(sys.argv[1]))["games"] if x["game"] == sys.argv[2]][0]
assert g["status"] == "over" and g["ended_by_host"] is True, g
assert g["waiting_for"] == [] and g["deadline"] is None, g
EOF
	ok
	# export, the independent checker, verify
	expect 0 "export" -- $M -C $D export $g
	cp $T/out $T/export-$g.json
	$PY tests/verify_export.py $T/export-$g.json >$T/py.out 2>&1 ||
	    { cat $T/py.out >&2; fail "verify_export.py refused the export of an ended game"; }; ok
	expect 0 "verify" -- $M -C $D verify $g
	# the host cannot end it twice, nor do anything else to it
	expect 1 "a second end" -- $M -C $D admin $g end --why "again"
	err_has "Game $g is over already."; one_line
	expect 1 "pause after the end" -- $M -C $D admin $g pause --why "x"
	err_has "Game $g is over already."; one_line
	expect 1 "extend after the end" -- $M -C $D admin $g extend 24h --why "x"
	err_has "Game $g is over already."; one_line
	expect 2 "end with an argument" -- $M -C $D admin $g end now --why "x"
	# nobody owes a move: a bot has none to offer (it offered the state's)
	for p in alice bob carol; do
		expect 0 "bot $p after the end" -- $M -C $D bot $g $p
		[ ! -s $T/out ] || fail "bot $p offers a move after the end: $(cat $T/out)"; ok
	done
	same_file $D/games/$g/log $T/log.ended "a refused admin action"
	# no deadline left: days later, no reminder and no timeout
	ls $O >$T/before
	MASQUED_NOW=$((MASQUED_NOW + 30 * 86400)) expect 0 "serve a month later" -- \
	    $M -C $D serve --once
	[ -z "$(ls $O | comm -13 $T/before -)" ] || fail "mail after the end"; ok
	same_file $D/games/$g/log $T/log.ended "the clock after the end"
}

# --- The Masque of the Red Death: alice places in secret, then the end ---
G=$(new_game $D) || fail "new"
serve "welcome"
RA=$(reply_to alice); RB=$(reply_to bob); RC=$(reply_to carol)
send carol@x.test "$RC" lang-c 'SET LANG ja'
serve "SET LANG ja"
ls $O >$T/before
send alice@x.test "$RA" place-a 'PLACE black'
serve "alice places"
answer notice carol@x.test seen
# the commitment carol was shown: "alice, entry N (PLACE black, shown at
# once): HEX", in Japanese, HEX perhaps on the next line
COMMIT=$($PY -c 'import re, sys
m = re.search(r"alice\W{0,3}\D{0,20}\d+[^\n]{0,60}?\W([0-9a-f]{64})", open(sys.argv[1]).read())
print(m.group(1) if m else "")' $T/seen.txt)
[ -n "$COMMIT" ] || { cat $T/seen.txt >&2; fail "carol was shown no commitment of alice's"; }; ok

ended $G alice bob carol dave
for p in alice bob dave; do
	says end-$p "The host ended the game early. Why: $WHY"
	says end-$p "Nobody wins"
	says_not end-$p "wins with"
	says_not end-$p "Nobody survived"
	grep -q "EVERY SECRET" $T/end-$p.txt && grep -q "Every secret" $T/end-$p.html ||
	    fail "$p's end mail lists no secret"; ok
	grep -q '^Subject: \[Masque .*\] ended by the host' $(cat $T/end-$p.file) ||
	    fail "the subject does not say the host ended it"; ok
done
# carol reads it in Japanese, and none of it in English
says end-carol "ホストがゲームを途中で終了しました。理由：$WHY"
says end-carol "勝者はいません"
says_not end-carol "The host ended"
says_not end-carol "Nobody wins"
# the seed and its salt, and alice's PLACE with its salt, which re-hash to
# the seed commitment and to the commitment carol was shown
SEED_COMMIT=$($PY -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline().split("\t")[0])["seed_commit"])' $D/games/$G/log)
for p in bob carol; do
	$PY - $T/end-$p.txt $G "$COMMIT" $SEED_COMMIT <<'EOF' || fail "$p cannot check alice's commitment with the end mail"
import hashlib, json, re, sys
text = open(sys.argv[1]).read()
game, shown, seed_commit = sys.argv[2:5]
def b2(data, key=b""):
    return hashlib.blake2b(data, digest_size=32, key=key).hexdigest()
m = re.search(r"alice\s*[(（][^0-9]*(\d+)[^)）]*[)）]\s*[:：]\s*(PLACE \w+)\s+(?:salt|ソルト：)\s*([0-9a-f]{64})\s+(?:commit|コミットメント：)\s*([0-9a-f]{64})", text)
assert m, "no secret of alice's in the end mail"
seq, command, salt, commit = int(m.group(1)), m.group(2), m.group(3), m.group(4)
msg = json.dumps({"command": command, "game": game, "player": "alice",
                  "seq": seq}, separators=(",", ":"), sort_keys=True)
assert b2(b"masqued-commit-v1\n" + msg.encode(), bytes.fromhex(salt)) == shown, \
    "the salt does not re-hash to the commitment carol was shown"
assert commit == shown, (commit, shown)
# each hash whole, beside its label or under it (the Japanese labels)
s = re.search(r"(?<![0-9a-f])([0-9a-f]{64})(?![0-9a-f])\D+?"
              r"(?<![0-9a-f])([0-9a-f]{64})(?![0-9a-f])\D+?" + seed_commit, text)
assert s, "no seed, seed salt and commitment"
assert b2(bytes.fromhex(s.group(1)) + bytes.fromhex(s.group(2))) == seed_commit
EOF
	ok
done
after_end $G bob "$RB"

# --- The Masquerade: a few moves by mail, then the end ---
expect 0 "new masquerade" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test \
    --seed 0707070707070707070707070707070707070707070707070707070707070707
H=$(cat $T/out)
ls $O >$T/before
serve "masquerade welcome"
for p in alice bob carol; do
	f=$(cd $O && grep -l "^To: $p@x.test" $(ls $O | comm -13 $T/before -) |
	    xargs grep -l "^X-Masqued-Mail: welcome")
	sed -n 's/^Reply-To: //p' "$O/$f" | tr -d '\r' >$T/rt-$p
done
send bob@x.test "$(cat $T/rt-bob)" ms-lang-b 'SET LANG ja'
serve "SET LANG ja"
moves=0
for i in 1 2 3 4 5 6; do
	for p in alice bob carol; do
		c=$($MREL -C $D bot $H $p) || fail "bot $p"
		[ -n "$c" ] || continue
		send $p@x.test "$(cat $T/rt-$p)" ms-$i-$p "$c"
		moves=$((moves + 1))
	done
	serve "masquerade move $i"
done
[ $moves -ge 3 ] || fail "too few moves were played"; ok
ended $H alice bob carol
for p in alice carol; do
	says end-$p "The host ended the game early. Why: $WHY"
	says end-$p "Nobody wins"
	says_not end-$p "THE SCORES"
	says_not end-$p " wins."
	says end-$p "0707070707070707070707070707070707070707070707070707070707070707"
	grep -q '^Subject: \[Masquerade .*\] The host ended the game' $(cat $T/end-$p.file) ||
	    fail "the subject does not say the host ended it"; ok
done
says end-bob "ホストがゲームを途中で終了しました。理由：$WHY"
says_not end-bob "The host ended"
after_end $H carol "$(cat $T/rt-carol)"

[ -z "$(ls $D/spool)" ] || fail "mail left in the spool"; ok
done_checks
