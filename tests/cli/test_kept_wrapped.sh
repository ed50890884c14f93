#!/bin/sh
# test_kept_wrapped.sh - a receipt mail's JSON lines (the body's hundreds
# of columns, the sig's 92) are longer than 78 columns (its checkpoint's
# sig, 92 on one line, is now on two lines of 44, which the wraps below
# leave whole): the mail carries them whole (quoted-printable), but a
# mail client that wraps them (a plain-text forward or reply, format=flowed
# copied as it came, a client that wraps at a space and drops it) left a
# paste that verify-receipt refused, "The receipt is not JSON (unexpected
# newline)" (found by a review). The lines are joined again; a space a
# client dropped at a wrap is found by the signature, which a wrong guess
# cannot pass; a wrapped copy changed is still refused. tests/verify_export.py
# joins them alike (it read none of the wrapped copies).
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "alice places" -- $M -C $D submit $G alice "PLACE green"
expect 0 "serve --once" -- $M -C $D serve --once
R=$(grep -l "^X-Masqued-Mail: receipt" $O/* | xargs grep -l "^To: alice@x.test" | head -n 1)
[ -n "$R" ] || fail "alice has no receipt mail"; ok
$PY - "$R" "$T" <<'PY'
import email, sys
m = email.message_from_bytes(open(sys.argv[1], "rb").read())
t = [p for p in m.walk() if p.get_content_type() == "text/plain"][0]
text = t.get_payload(decode=True).decode().replace("\r\n", "\n")
lines = text.split("\n")
assert max(len(l) for l in lines) > 78, "no line of the mail is over 78 columns"
def wrap(keep, drop):
    out = []
    for l in lines:
        while len(l) > 72:
            cut = l.rfind(" ", 0, 72) if keep or drop else -1
            if cut <= 0:	# no space: cut it where it is
                out.append(l[:72]); l = l[72:]
            elif drop:		# the space gone with the wrap
                out.append(l[:cut]); l = l[cut + 1:]
            else:		# format=flowed: the space kept at the line end
                out.append(l[:cut + 1]); l = l[cut + 1:]
        out.append(l)
    return "\n".join(out)
d = sys.argv[2]
open(d + "/whole.txt", "w").write(text)
open(d + "/hard.txt", "w").write(wrap(False, False))
open(d + "/flowed.txt", "w").write(wrap(True, False))
open(d + "/dropped.txt", "w").write(wrap(False, True))
open(d + "/quoted.txt", "w").write("".join("> " + l + "\n" for l in wrap(False, True).split("\n")))
open(d + "/crlf.txt", "w").write(wrap(False, False).replace("\n", "\r\n"))
PY
[ $? = 0 ] || fail "the mail's text"; ok
for f in whole hard flowed dropped quoted crlf; do
	awk 'length > 78 { exit 1 }' $T/$f.txt || [ $f = whole ] ||
	    fail "$f.txt has a line over 78 columns"; ok
	expect 0 "verify-receipt of the text, $f" -- $M -C $D verify-receipt $T/$f.txt $G
	out_has "ok: the receipt for entry 2 of game $G (alice: PLACE green) is sound, and the log still holds that entry."
	out_has "ok: the checkpoint of entry 2 of game $G is signed by the server, and the log's entry is the one it signs."
done
# tests/verify_export.py reads them alike, against the game's export (of
# the game over: the host ends it)
expect 0 "the host ends it" -- $M -C $D admin $G end --why "the party left"
expect 0 "export" -- $M -C $D export $G
cp $T/out $T/game.json
for f in whole hard flowed dropped quoted crlf; do
	$PY tests/verify_export.py $T/game.json $T/$f.txt >$T/py.out 2>&1 ||
	    { cat $T/py.out >&2; fail "verify_export.py, $f"; }
	grep -qF "$T/$f.txt: ok, checkpoint entry 2, receipt entry 2" $T/py.out ||
	    { cat $T/py.out >&2; fail "verify_export.py did not check both in $f"; }; ok
done
# the receipt alone (its lines kept, wrapped), no checkpoint
sed -n '/^{$/,/^}$/p' $T/dropped.txt >$T/receipt.txt
[ "$(grep -c '' $T/receipt.txt)" -gt 7 ] || fail "the receipt was not wrapped"; ok
expect 0 "the receipt's lines alone, wrapped" -- $M -C $D verify-receipt $T/receipt.txt $G
out_has "ok: the receipt for entry 2 of game $G (alice: PLACE green) is sound"
# changed, wrapped: refused as the copy changed, not as text unread
sed 's/PLACE$/MOVE/; s/PLACE green/MOVE green/' $T/receipt.txt >$T/changed.txt
cmp -s $T/receipt.txt $T/changed.txt && fail "the receipt was not changed"; ok
expect 3 "a wrapped receipt changed" -- $M -C $D verify-receipt $T/changed.txt $G
err_has "masqued: The receipt's hash does not match its body"
one_line
$PY tests/verify_export.py $T/game.json $T/receipt.txt >$T/py.out 2>&1 ||
    { cat $T/py.out >&2; fail "verify_export.py, the receipt alone wrapped"; }
grep -qF "$T/receipt.txt: ok, receipt entry 2" $T/py.out || { cat $T/py.out >&2; fail "verify_export.py, the receipt alone"; }; ok
$PY tests/verify_export.py $T/game.json $T/changed.txt >$T/py.out 2>&1 &&
    { cat $T/py.out >&2; fail "verify_export.py took a wrapped receipt changed"; }
grep -qF "$T/changed.txt: the receipt's hash is not the hash of its body: the mail was altered." $T/py.out ||
    { cat $T/py.out >&2; fail "verify_export.py, a wrapped receipt changed"; }; ok
done_checks
