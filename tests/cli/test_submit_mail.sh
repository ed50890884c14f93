#!/bin/sh
# test_submit_mail.sh - `masqued submit` (the host enters a move a player
# phoned in) mails what a reply by mail with the same lines would: the
# receipt to the player, the commitment to the others (the board to the one
# whose turn it brings), the reveal and the new round to everyone; all
# spooled, sent by the next serve, and never again by a later one. A
# refused submit mails nothing; SET LANG works as in a reply; --no-mail
# mails nothing now, and the next serve mails what it put off;
# --never-mail mails nothing, now or later.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
SP=$D/spool
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
L=$D/games/$G/log
expect 0 "serve --once sends the welcomes" -- $M -C $D serve --once
[ "$(ls $O | wc -l)" = 4 ] || fail "expected the 4 welcome mails"; ok

# the spool as sorted "KIND TO" lines, one a mail
spooled() {
	for f in $SP/*.eml; do
		[ -f "$f" ] || continue
		k=$(sed -n 's/^X-Masqued-Mail: //p' "$f" | tr -d '\r')
		to=$(sed -n 's/^To: //p' "$f" | tr -d '\r')
		echo "$k $to"
	done | sort
}
spool_is() {	# what, the expected lines
	spooled >$T/spooled
	printf '%s\n' "$2" | sort >$T/want
	cmp -s $T/spooled $T/want || { diff $T/want $T/spooled >&2; fail "$1: the spool holds other mails"; }
	ok
}
# the text part of a mail, decoded
text() {
	$PY - "$1" <<'EOF'
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], 'rb'))
print('\n'.join(p.get_payload(decode=True).decode('utf-8') for p in m.walk()
      if p.get_content_type() == 'text/plain'))
EOF
}
# the spooled mail of KIND to NAME
mail_to() { grep -l "^To: $2@x.test" $(grep -l "^X-Masqued-Mail: $1" $SP/*.eml); }
# the commitment of the receipt submit printed ($T/out)
commit_of() {
	$PY -c 'import json, sys; b = json.loads(json.load(sys.stdin)["body"]); print(b["commands"][0]["commit"])' <$T/out
}
pick() { $MREL -C $D bot $G $1 || fail "bot $1"; }
# revealed_to_all WHAT OPENED: dave's last submit (WHAT) logged a reveal,
# and spooled his receipt and everyone's resolution, each opening the
# commitment $C (OPENED)
revealed_to_all() {
	tail -n 1 $L | grep -q '"type":"reveal"' || fail "$1 revealed nothing"; ok
	spool_is "$1" "receipt dave@x.test
resolution alice@x.test
resolution bob@x.test
resolution carol@x.test
resolution dave@x.test"
	for who in alice bob carol dave; do
		text $(mail_to resolution $who) | grep -F "$C" >/dev/null ||
		    fail "$who's resolution does not open $2"; ok
	done
}

# --- the placement, in turn: alice's PLACE (a commitment, shown at once)
# brings bob his turn (the board) and carol and dave a notice of it ---
c=$(pick alice)
expect 0 "alice places, by submit" -- $M -C $D submit $G alice "$c"
C=$(commit_of) && [ ${#C} = 64 ] || fail "no commitment in submit's receipt"; ok
spool_is "alice's placement" "receipt alice@x.test
turn bob@x.test
notice carol@x.test
notice dave@x.test"
text $(mail_to receipt alice) >$T/receipt.txt
grep -qF "ACCEPTED" $T/receipt.txt && grep -qF "$c" $T/receipt.txt ||
    { cat $T/receipt.txt >&2; fail "alice's receipt does not name her placement"; }; ok
# the host typed the lines: no mail of hers has a line 1 to name
! grep -q "line [0-9]*:" $T/receipt.txt ||
    { cat $T/receipt.txt >&2; fail "a submit's receipt names a line of a mail"; }; ok
for who in "turn bob" "notice carol" "notice dave"; do
	text $(mail_to $who) >$T/other.txt
	# her placement is shown at once: its commitment says so
	grep -qF "alice, entry 2 ($c, shown at once) (entered by the host):" $T/other.txt && grep -qF "$C" $T/other.txt ||
	    { cat $T/other.txt >&2; fail "$who: the mail does not name alice's commitment $C, shown at once"; }
	ok
done
[ "$(cat $D/games/$G/mailed)" -eq 2 ] || fail "the mark of mailed entries is not at alice's entry"; ok
expect 0 "serve sends them" -- $M -C $D serve --once
[ -z "$(ls $SP)" ] || fail "mail left in the spool"; ok
[ "$(ls $O | wc -l)" = 8 ] || fail "not 4 welcomes and 4 answers in the outbox"; ok

# --- bob in Japanese from now on (SET LANG with his placement: logged
# after it, as it is taken only with it), then carol; dave's placement ends
# the phase: the reveal and the new round to everyone ---
c=$(pick bob)
expect 0 "bob: SET LANG ja and his placement" -- $M -C $D submit $G bob "SET LANG ja" "$c"
tail -n 1 $L | grep -q '"action":"lang"' && tail -n 2 $L | head -n 1 | grep -q '"type":"command"' ||
    fail "bob's SET LANG is not logged after his placement"; ok
text $(mail_to receipt bob) | grep -F "受け付けたコマンド" >/dev/null ||
    { text $(mail_to receipt bob) >&2; fail "bob's receipt is not in Japanese"; }; ok
expect 0 "carol places" -- $M -C $D submit $G carol "$(pick carol)"
expect 0 "serve" -- $M -C $D serve --once
[ -z "$(ls $SP)" ] || fail "mail left in the spool"; ok
c=$(pick dave)
expect 0 "dave's placement ends the phase" -- $M -C $D submit $G dave "$c"
revealed_to_all "dave's placement" "alice's commitment"
expect 0 "serve" -- $M -C $D serve --once

# --- the action cards: secret picks. alice's: her receipt, and to each
# of the others a notice of her commitment ---
c=$(pick alice)
expect 0 "alice's secret pick" -- $M -C $D submit $G alice "$c"
C=$(commit_of) && [ ${#C} = 64 ] || fail "no commitment in submit's receipt"; ok
spool_is "alice's secret pick" "receipt alice@x.test
notice bob@x.test
notice carol@x.test
notice dave@x.test"
text $(mail_to receipt alice) >$T/receipt.txt
grep -qF "$c  (secret)" $T/receipt.txt && grep -A1 -xF "    commitment:" $T/receipt.txt | grep -qxF "      $C" ||
    { cat $T/receipt.txt >&2; fail "alice's receipt does not call her pick secret"; }; ok
for who in bob carol dave; do
	# (bob reads Japanese: the hash, whatever the words around it)
	text $(mail_to notice $who) | grep -F "$C" >/dev/null ||
	    fail "$who: the notice does not name alice's commitment $C"; ok
done

# --- STATUS logs nothing: its answer goes beside the receipt still in
# the spool, not over it ---
expect 0 "STATUS for alice" -- $M -C $D submit $G alice STATUS
out_has '"logged": false'
[ "$(ls $SP | grep -c -- '-0-receipt')" = 2 ] || fail "STATUS's answer replaced alice's receipt"; ok

# --- a refused submit: exit 1, one sentence, nothing logged or mailed ---
cp $L $T/log.before
ls $SP >$T/spool.before
expect 1 "an illegal command" -- $M -C $D submit $G bob "PLAY scandal"
one_line
same_file $L $T/log.before "a refused submit changed the log"
ls $SP | cmp -s - $T/spool.before || fail "a refused submit spooled mail"; ok
expect 1 "an unknown language" -- $M -C $D submit $G bob "SET LANG fr" "$(pick bob)"
err_has 'SET LANG takes en, ja or zh, not "fr".'
same_file $L $T/log.before "a refused SET LANG changed the log"
ls $SP | cmp -s - $T/spool.before || fail "a refused SET LANG spooled mail"; ok

# --- the last pick of the round: the reveal to everyone; serve sends
# it all once, and a second serve (as after a restart) nothing again ---
expect 0 "bob's pick" -- $M -C $D submit $G bob "$(pick bob)"
expect 0 "carol's pick" -- $M -C $D submit $G carol "$(pick carol)"
expect 0 "serve" -- $M -C $D serve --once
n=$(ls $O | wc -l)
expect 0 "dave's pick ends the round's picks" -- $M -C $D submit $G dave "$(pick dave)"
revealed_to_all "dave's pick" "alice's pick"
[ "$(cat $D/games/$G/mailed)" -eq "$($MREL -C $D log $G | wc -l)" ] ||
    fail "the mark of mailed entries is not at the reveal"; ok
expect 0 "serve" -- $M -C $D serve --once
[ "$(ls $O | wc -l)" = $((n + 5)) ] || fail "the round's end: not 5 mails sent"; ok
n=$(ls $O | wc -l)
expect 0 "serve again" -- $M -C $D serve --once
[ "$(ls $O | wc -l)" = "$n" ] || fail "a second serve mailed again"; ok
! grep -q "not mailed" $T/err || fail "serve caught up a submit's mails: $(cat $T/err)"; ok

# --- --no-mail: nothing spooled now; the mark stays before the entry, so
# the next serve mails it (a move the host enters is never kept from the
# players: test_host_entered.sh), and no serve after it again ---
c=$(pick alice)
expect 0 "alice's action, --no-mail" -- $M -C $D submit --no-mail $G alice "$c"
[ -z "$(ls $SP)" ] || fail "--no-mail spooled mail: $(ls $SP)"; ok
[ "$(cat $D/games/$G/mailed)" -eq "$(($($MREL -C $D log $G | wc -l) - 1))" ] ||
    fail "--no-mail moved the mark past its entry"; ok
expect 0 "serve after --no-mail" -- $M -C $D serve --once
[ "$(ls $O | wc -l)" = $((n + 4)) ] ||
    fail "serve did not mail the --no-mail entry's receipt and 3 notices"; ok
[ "$(cat $D/games/$G/mailed)" -eq "$($MREL -C $D log $G | wc -l)" ] ||
    fail "the mark stayed before the --no-mail entry"; ok
expect 0 "serve again" -- $M -C $D serve --once
[ "$(ls $O | wc -l)" = $((n + 4)) ] || fail "a second serve mailed it again"; ok

# --- --never-mail (local play, tests): nothing spooled, and the mark
# passes the entry, so no serve mails it; not with --no-mail too ---
n=$(ls $O | wc -l)
expect 2 "--no-mail and --never-mail" -- $M -C $D submit --no-mail $G bob "$(pick bob)" --never-mail
err_has "submit takes --no-mail (the mails wait for the next serve) or --never-mail (they are never sent), not both"
c=$(pick bob)
expect 0 "bob's action, --never-mail" -- $M -C $D submit --never-mail $G bob "$c"
[ ! -s $T/err ] || fail "--never-mail said something: $(cat $T/err)"; ok
[ -z "$(ls $SP)" ] || fail "--never-mail spooled mail: $(ls $SP)"; ok
[ "$(cat $D/games/$G/mailed)" -eq "$($MREL -C $D log $G | wc -l)" ] ||
    fail "--never-mail left the mark before its entry"; ok
expect 0 "serve after --never-mail" -- $M -C $D serve --once
[ "$(ls $O | wc -l)" = "$n" ] || fail "serve mailed a --never-mail entry"; ok
done_checks
