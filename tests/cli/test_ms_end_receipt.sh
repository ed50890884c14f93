#!/bin/sh
# test_ms_end_receipt.sh - The Masquerade: the receipt for the move that
# ends the game said "Nothing new since your last mail", the end itself
# told only in the end mail (found by players by mail: kenji's EVENT
# ended the game). It tells what the move set off, up to the end, and
# that the end mail follows. The game is played by the bots (submit
# --never-mail); each move is tried first on a copy of the data folder, and
# the one that ends the game is sent by mail. The receipt and the end mail,
# kept, pass verify-receipt and tests/verify_export.py with the export: the
# checkpoint's signature is on two lines of 44 under "sig", as in the Red
# Death's mails (test_kept_mail.sh), and both read it across them.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
SEED=0000000000000000000000000000000000000000000000000000000000000001

ms_game $D $SEED dave
expect 0 "serve: the welcomes" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
to_the_last_move
ls $O >$T/before
send $p@x.test "$(reply_to $p)" last "$move"
expect 0 "serve: the move that ends the game" -- $M -C $D serve --once
over $D || fail "the mail did not end the game"; ok
answer receipt $p@x.test r
says_not r "Nothing new since your last mail."
says r "The game ends with this turn:"
says r "the end mail"
answer end $p@x.test e
for k in r e; do
	$PY -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for p in m.walk():
    if p.get_content_type() == "text/plain":
        sys.stdout.write(p.get_payload(decode=True).decode("utf-8"))' \
	    "$(cat $T/$k.file)" | sed -n '/^sig$/{n;p;n;p;}' >$T/sig.lines
	grep -cx "    [A-Za-z0-9+/=]\{44\}" $T/sig.lines | grep -qx 2 ||
	    fail "$k: the signature is not on two lines of 44 under sig: $(cat $T/sig.lines)"; ok
	expect 0 "verify-receipt: the kept mail $k" -- $M -C $D verify-receipt "$(cat $T/$k.file)" $G
	out_has "ok: the checkpoint of entry"
done
expect 0 "export" -- $M -C $D export $G
cp $T/out $T/export.json
expect 0 "verify_export.py: the kept receipt and end mail" -- \
    $PY tests/verify_export.py $T/export.json "$(cat $T/r.file)" "$(cat $T/e.file)"
[ "$(grep -c ': ok, checkpoint entry [0-9]*' $T/out)" = 2 ] ||
    { cat $T/out; fail "not both kept mails are ok"; }; ok
done_checks
