#!/bin/sh
# test_kept_mail.sh - `verify-receipt` on what a player kept: the whole
# mail as a client saves it (CRLF, quoted-printable, text and HTML), or its
# text pasted into a file; the receipt in it and the checkpoint every mail
# carries (DESIGN.md: a log that disagrees with a signed receipt or a signed
# checkpoint shows the host changed the game), in en, ja and zh.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "bob reads Japanese" -- $M -C $D submit $G bob "SET LANG ja"
expect 0 "carol reads Chinese" -- $M -C $D submit $G carol "SET LANG zh"
expect 0 "serve --once" -- $M -C $D serve --once
mkdir $T/early && mv $O/* $T/early/	# the welcomes
cp -a $D $T/before	# the data folder before alice's move
expect 0 "alice places" -- $M -C $D submit $G alice "PLACE green"
expect 0 "serve --once" -- $M -C $D serve --once

# --- every mail each player got, kept whole: sound, and the log agrees ---
n=0
for f in $T/early/* $O/*; do
	expect 0 "verify-receipt of $(basename $f)" -- $M -C $D verify-receipt $f $G
	out_has "ok: the checkpoint of entry "
	out_has "of game $G is signed by the server, and the log's entry is the one it signs."
	n=$((n + 1))
done
[ $n -ge 10 ] || fail "only $n mails to check"; ok
R=$(grep -l "^X-Masqued-Mail: receipt" $O/* | xargs grep -l "^To: alice@x.test" | head -n 1)
[ -n "$R" ] || fail "alice has no receipt mail"; ok
expect 0 "alice's receipt mail, kept whole" -- $M -C $D verify-receipt $R $G
out_has "ok: the receipt for entry 4 of game $G (alice: PLACE green) is sound, and the log still holds that entry."
out_has "ok: the checkpoint of entry 4 of game $G is signed"
# the mail is CRLF, as over SMTP; a client on Unix may save it LF
grep -q "$(printf '\r')$" $R || fail "the mail's lines do not end CRLF"; ok
sed 's/\r$//' $R >$T/lf.eml
expect 0 "a mail saved with LF" -- $M -C $D verify-receipt $T/lf.eml $G
out_has "ok: the receipt for entry 4"
# and one saved on an old Mac ends its lines CR alone, the text alike
sed 's/\r$//' $R | tr '\n' '\r' >$T/cr.eml
expect 0 "a mail saved with CR line ends" -- $M -C $D verify-receipt $T/cr.eml $G
out_has "ok: the receipt for entry 4"
out_has "ok: the checkpoint of entry 4"
# saved to an mbox (mutt's save: a "From " line first), or by an editor
# that puts a byte order mark first, as verify_export.py reads them
{ echo "From game@example.org Mon Sep 14 00:00:00 2026"; cat $T/lf.eml; } >$T/mbox.eml
expect 0 "a mail saved to an mbox" -- $M -C $D verify-receipt $T/mbox.eml $G
out_has "ok: the receipt for entry 4"
# two mails in one file (two .eml put one after the other, or an mbox that
# "save" appended to): refused, not "ok" of the first with the second
# unread; the second here is the receipt with its head changed
W=$(grep -L "^X-Masqued-Mail: receipt" $O/* | head -n 1)
/usr/bin/python3 -c 'import re, sys
t = open(sys.argv[1]).read()
sys.stdout.write(re.sub(r"(?m)^head ([0-9a-f])",
    lambda m: "head " + ("0" if m.group(1) != "0" else "1"), t))' $T/lf.eml >$T/bad.eml
cmp -s $T/lf.eml $T/bad.eml && fail "the receipt's head was not changed"; ok
expect 3 "the bad receipt alone" -- $M -C $D verify-receipt $T/bad.eml $G
for f in "$W $T/bad.eml" "$R $T/bad.eml" "$T/bad.eml $R"; do
	cat $f >$T/two.eml
	expect 3 "two mails in one file" -- $M -C $D verify-receipt $T/two.eml $G
	err_has "$T/two.eml holds more than one mail: keep each mail in a file of its own"
	one_line
done
{ cat $T/mbox.eml; echo; echo "From game@example.org Mon Sep 14 00:00:00 2026"; cat $T/bad.eml; } >$T/two.mbox
expect 3 "an mbox of two mails" -- $M -C $D verify-receipt $T/two.mbox $G
err_has "holds more than one mail"
{ cat $T/mbox.eml; echo; } >$T/one.mbox
expect 0 "an mbox of one mail" -- $M -C $D verify-receipt $T/one.mbox $G
out_has "ok: the receipt for entry 4"
{ printf '\357\273\277'; cat $T/lf.eml; } >$T/bom.eml
expect 0 "a mail with a byte order mark" -- $M -C $D verify-receipt $T/bom.eml $G
out_has "ok: the receipt for entry 4"
# the text part pasted into a file, in each language
text() { /usr/bin/python3 -c 'import email, sys
from email import policy
m = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=policy.default)
sys.stdout.write(m.get_body(preferencelist=("plain",)).get_content())' "$1"; }
for p in alice bob carol; do
	f=$(grep -l "^To: $p@x.test" $O/* | head -n 1)
	[ -n "$f" ] || fail "$p got no mail of entry 4"; ok
	text $f >$T/$p.txt
	expect 0 "$p's mail's text, pasted" -- $M -C $D verify-receipt $T/$p.txt $G
	out_has "ok: the checkpoint of entry 4 of game $G"
done
# kept as it was quoted in a reply, as verify_export.py reads it
text $R | sed 's/^/> /' >$T/quoted.txt
expect 0 "a receipt mail quoted in a reply" -- $M -C $D verify-receipt $T/quoted.txt $G
out_has "ok: the receipt for entry 4 of game $G (alice: PLACE green) is sound, and the log still holds that entry."
out_has "ok: the checkpoint of entry 4 of game $G"
sed 's/\r$//' $T/bob.txt | tr '\n' '\r' >$T/cr.txt
expect 0 "a mail's text with CR line ends" -- $M -C $D verify-receipt $T/cr.txt $G
out_has "ok: the checkpoint of entry 4 of game $G"
grep -q "エントリ 4" $T/bob.txt || fail "bob's mail is not in Japanese"; ok
# the signature under "sig", on two lines of 44 (88 columns of base64 do
# not fit beside it in 78, nor on one line indented under it: 92); a mail
# kept before, the 88 on one line under "sig" or beside it ("sig  B64"),
# reads the same
tr -d '\r' <$T/bob.txt >$T/bob.lf
grep -qx "sig" $T/bob.lf || fail "the sig is not on a line of its own"; ok
sed -n '/^sig$/{n;p;n;p;}' $T/bob.lf >$T/sig.lines
grep -cx "    [A-Za-z0-9+/=]\{44\}" $T/sig.lines | grep -qx 2 ||
    fail "the signature is not on two lines of 44 under sig: $(cat $T/sig.lines)"; ok
sed -e '/^sig$/{n;N;s/\n *//;}' $T/bob.lf >$T/below.txt
grep -q "^    [A-Za-z0-9+/]\{86\}==$" $T/below.txt || fail "the sig was not put back on one line below sig"; ok
expect 0 "a mail kept before, its sig on one line below sig" -- $M -C $D verify-receipt $T/below.txt $G
out_has "ok: the checkpoint of entry 4 of game $G"
sed -e '/^sig$/{N;N;s/\n */  /;s/\n *//;}' $T/bob.lf >$T/oneline.txt
grep -q "^sig  [A-Za-z0-9+/]\{86\}==$" $T/oneline.txt || fail "the sig was not put back on one line"; ok
expect 0 "a mail kept before, its sig on one line" -- $M -C $D verify-receipt $T/oneline.txt $G
out_has "ok: the checkpoint of entry 4 of game $G"
grep -q "条目 4" $T/carol.txt || fail "carol's mail is not in Chinese"; ok
# without GAME: the signature alone, under the key the mail shows or --key
expect 0 "a checkpoint alone" -- $M verify-receipt $T/bob.txt
out_has "ok: the checkpoint's head is signed by the key the mail shows, $(cat $D/keys/server.pub): it is the server's if that is the server key every mail of the game shows (or give --key PUB; the mail calls it entry 4 of game $G, give GAME to check that against the log)."
expect 0 "a checkpoint alone, --key the server's" -- $M verify-receipt $T/bob.txt --key $(cat $D/keys/server.pub)
out_has "ok: the checkpoint's head is signed by the server (the mail calls it entry 4 of game $G; give GAME to check that against the log)."
$M -C $T/other init >/dev/null
expect 3 "under another key" -- $M verify-receipt $T/bob.txt --key $(cat $T/other/keys/server.pub)
# both keys whole, as the mails show them, and their kids (it named neither)
kid() { /usr/bin/python3 -c 'import hashlib, sys; print(hashlib.blake2b(bytes.fromhex(sys.argv[1]), digest_size=32).hexdigest()[:16])' $1; }
P1=$(cat $D/keys/server.pub); P2=$(cat $T/other/keys/server.pub)
err_has "The checkpoint is signed by another key than the trusted one: by the key $P1 (kid $(kid $P1)), not $P2 (kid $(kid $P2))."; one_line

# --- what does not hold ---
# its first digit changed (to f, or to 0 when it is f: the head is another
# each run, the server key being new)
sed 's/^head f/head 0/; t; s/^head [0-9a-e]/head f/' $T/bob.txt >$T/head.txt
cmp -s $T/head.txt $T/bob.txt && fail "the head was not changed"
expect 3 "a changed head" -- $M -C $D verify-receipt $T/head.txt $G
err_has "The checkpoint's signature does not verify under the server key the mail shows."; one_line
grep -v "^sig" $T/bob.txt >$T/nosig.txt
expect 3 "a checkpoint without its sig" -- $M -C $D verify-receipt $T/nosig.txt $G
err_has "The checkpoint's sig line (after its head) is not base64 of 64 bytes."; one_line
printf 'Dear host,\nI played PLACE green.\n' >$T/letter.txt
expect 3 "a file with neither" -- $M -C $D verify-receipt $T/letter.txt $G
err_has "The file $T/letter.txt holds neither a receipt nor a checkpoint: keep the receipt's lines, or the whole mail."; one_line
# only the head is signed: a mail whose entry number was changed (down to
# an entry the log has, or past its end) is an altered mail, not a log the
# host changed or cut
sed "s/^\\(ゲーム $G、エントリ\\) 4/\\1 2/" $T/bob.txt >$T/num.txt
cmp -s $T/num.txt $T/bob.txt && fail "the entry number was not changed"
expect 3 "an entry number changed" -- $M -C $D verify-receipt $T/num.txt $G
err_has "The checkpoint's head is the hash of the log's entry 4, not of entry 2: the mail's entry number was changed."; one_line
sed "s/^\\(ゲーム $G、エントリ\\) 4/\\1 99/" $T/bob.txt >$T/num.txt
expect 3 "an entry number past the log's end" -- $M -C $D verify-receipt $T/num.txt $G
err_has "The checkpoint's head is the hash of the log's entry 4, not of entry 99: the mail's entry number was changed."; one_line
# two mails in one file: the second is not left unchecked behind an "ok"
cat $T/alice.txt $T/bob.txt >$T/two.txt
expect 3 "two mails' text in one file" -- $M -C $D verify-receipt $T/two.txt $G
err_has "The file holds more than one checkpoint: keep each mail in a file of its own."; one_line
text $R | sed -n '/^{/,/^}/p' >$T/receipt.json
[ -s $T/receipt.json ] || fail "no receipt's lines in alice's mail"; ok
cat $T/receipt.json $T/receipt.json >$T/two.json
expect 3 "two receipts in one file" -- $M -C $D verify-receipt $T/two.json $G
err_has "The file holds more than one receipt: keep each mail in a file of its own."; one_line
expect 0 "the receipt's lines alone" -- $M -C $D verify-receipt $T/receipt.json $G
out_has "ok: the receipt for entry 4 of game $G (alice: PLACE green) is sound, and the log still holds that entry."
# a host who rewrites history: the data folder from before alice's move,
# and another move signed as entry 4 in its place
expect 3 "the checkpoint against a log without entry 4" -- $M -C $T/before verify-receipt $T/bob.txt $G
err_has "The log has no entry 4, which the checkpoint signs: the log was cut."; one_line
expect 0 "another move as entry 4" -- $M -C $T/before submit $G alice "PLACE blue" --no-mail
expect 3 "the receipt against the rewritten log" -- $M -C $T/before verify-receipt $R $G
err_has "the log's body is not the one the receipt signs: the log was changed."; one_line
expect 3 "a checkpoint against the rewritten log" -- $M -C $T/before verify-receipt $T/bob.txt $G
err_has "entry 4: the log's entry is not the one the checkpoint signs: the log was changed."; one_line
# a GAME the data folder does not have is an unknown game (exit 1), as
# verify says it, not a log that cannot be opened (exit 4)
expect 1 "against a game that is not there" -- $M -C $D verify-receipt $R abcdefgh
err_has "There is no game \"abcdefgh\" in $D, and no log file of that name."; one_line
mkdir $D/games/abcdefgh
expect 3 "against a game whose log is missing" -- $M -C $D verify-receipt $R abcdefgh
err_has "The log of game abcdefgh is missing ($D/games/abcdefgh/log)"; one_line
rmdir $D/games/abcdefgh
# --- a log damaged after the receipt's entry: the receipt's verdict
# stands (stdout), but the log as a whole fails, said in one sentence
# (exit 3), as log and state say a damage past what they show (mailed,
# as the cut below needs: --no-mail would leave the mark before them) ---
for p in bob carol; do
	c=$($M -C $D bot $G $p) || fail "bot $p"
	expect 0 "$p moves" -- $M -C $D submit $G $p "$c"
done
n=$(grep -c '' $D/games/$G/log)
[ $n -ge 6 ] || fail "only $n entries"; ok
cp -a $D $T/tampered
sed "${n}s/\"seq\":$n/\"seq\":$n /" $D/games/$G/log >$T/tampered/games/$G/log
cmp -s $D/games/$G/log $T/tampered/games/$G/log && fail "entry $n was not changed"; ok
expect 3 "the receipt against a log damaged after its entry" -- $M -C $T/tampered verify-receipt $R $G
out_has "ok: the receipt for entry 4 of game $G (alice: PLACE green) is sound, and the log still holds that entry."
out_has "ok: the checkpoint of entry 4 of game $G is signed by the server, and the log's entry is the one it signs."
err_has "masqued: What was checked rests on entries 1 to 4, which are sound; but the log of game $G does not verify further on (entry $n: "
err_has "the game stops until you put it back from a backup (masqued verify $G)."
one_line
# --- the kept entry itself edited in the log (not signed again): said as
# the dispute needs it, that the log changed after the receipt, which
# shows what the entry was (it said only "entry 4: the hash does not
# match the body": found by the host settling a dispute) ---
cp -a $D $T/edited
sed '4s/"seq":4/"seq": 4/' $D/games/$G/log >$T/edited/games/$G/log
cmp -s $D/games/$G/log $T/edited/games/$G/log && fail "entry 4 was not changed"; ok
expect 3 "the receipt against its own entry edited" -- $M -C $T/edited verify-receipt $R $G
err_has "masqued: entry 4: the log's entry is not the one the receipt signs ("
err_has "): the log was changed after the receipt was made, and the receipt, signed by the key of the log's genesis, shows what the entry was."
one_line
expect 3 "the checkpoint against its own entry edited" -- $M -C $T/edited verify-receipt $T/bob.txt $G
err_has "entry 4: the log's entry is not the one the checkpoint signs ("; one_line
expect 3 "verify of that log" -- $M -C $T/tampered verify $G
err_has "entry $n: "
# damaged before the kept entry: said as the log's, naming it
cp -a $D $T/before
sed "2s/\"seq\":2/\"seq\":2 /" $D/games/$G/log >$T/before/games/$G/log
expect 3 "the receipt against a log damaged before its entry" -- $M -C $T/before verify-receipt $R $G
err_has "The log $T/before/games/$G/log does not verify up to the kept entry 4 (entry 2: "
err_has "), so what the file holds cannot be checked against it; masqued verify says more."
one_line
[ ! -s $T/out ] || fail "an ok said of a receipt the log could not be read up to"; ok
# its last entry cut, which its players were mailed
cp -a $D $T/cut
head -n $((n - 1)) $D/games/$G/log >$T/cut/games/$G/log
expect 3 "the receipt against a log cut after its entry" -- $M -C $T/cut verify-receipt $R $G
out_has "ok: the receipt for entry 4 of game $G (alice: PLACE green) is sound, and the log still holds that entry."
err_has "masqued: What was checked rests on entries 1 to 4, which are sound; but the log of game $G does not verify further on (entry $n: the log ends at entry $((n - 1)), but entries up to $n were mailed to the players ($T/cut/games/$G/mailed): its last entries were removed)"
one_line
# cut, and its mark of mailed entries deleted too: the cut cannot be
# told, and the ok is not left to read as "the log is whole" (as verify's)
rm $T/cut/games/$G/mailed
expect 0 "the receipt against a cut log with no mark" -- $M -C $T/cut verify-receipt $R $G
out_has "ok: the receipt for entry 4 of game $G (alice: PLACE green) is sound, and the log still holds that entry."
err_has "masqued: warning: game $G: its mark of mailed entries $T/cut/games/$G/mailed is missing, so whether entries were cut from the end of its log cannot be told (serve writes a new one when it starts)."
one_line
# an entry signed and chained after it that does not replay (the host's
# key signed it out of turn)
cp -a $D $T/unreplayable
/usr/bin/python3 tests/sign_end.py $T/unreplayable/games/$G/log $D/keys/server.key || fail "the end entry could not be made"
expect 3 "the receipt against a log that does not replay after its entry" -- $M -C $T/unreplayable verify-receipt $R $G
out_has "ok: the receipt for entry 4 of game $G (alice: PLACE green) is sound, and the log still holds that entry."
err_has "masqued: What was checked rests on entries 1 to 4, which are sound; but the log of game $G does not verify further on (entry $((n + 1)): an end entry, but the game is not over there); the game stops"
one_line
# a torn last line (a crash mid-append) is no damage
cp -a $D $T/torn
printf '{"game":"%s","seq":' $G >>$T/torn/games/$G/log
expect 0 "the receipt against a log with a torn last line" -- $M -C $T/torn verify-receipt $R $G
out_has "ok: the receipt for entry 4 of game $G (alice: PLACE green) is sound, and the log still holds that entry."
[ ! -s $T/err ] || { cat $T/err; fail "a torn last line was said to be damage"; }; ok
# the whole log sound: nothing said
expect 0 "the receipt against the sound log" -- $M -C $D verify-receipt $R $G
[ ! -s $T/err ] || { cat $T/err; fail "a sound log was said to be damaged"; }; ok
done_checks
