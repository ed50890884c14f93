#!/bin/sh
# test_sent_again.sh - a move accepted, then sent again (a second copy, or
# one the mail client resent: another Message-ID, so not the same bytes):
# the receipt says it was received already, at which entry, and that
# there is nothing more to do for it, in the reader's language; it used to
# be refused ("It is not your turn ... send it again, corrected"), which
# invited a third copy. Nothing is logged for it. The copy is recognised
# as the game reads it (case, spaces, a keyword's colon), and only for the
# moment it was for: a line refused for another reason is still refused,
# and a copy of the first mail in a later phase is refused as before. The
# host's `submit` of the move that stands is refused, all or none.
# The Masquerade (DANCER) and The Red Death (PLACE); Maildir inbox, `serve
# --once`, the ASan binary.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
SEED=0707070707070707070707070707070707070707070707070707070707070707

ms_game $D $SEED
MS=$G
RD=$(new_game $D) || fail "new redmasque"
expect 0 "the welcome mails" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
entries() { $MREL -C $D log $1 | wc -l; }
# mail GAME NAME ID TEXT: NAME's reply, served; its receipt as $T/ID.*
mail() { receipt_of "$@"; }

# --- The Masquerade: the first Dancer, then the same line again ---
first=$($MREL -C $D view $MS admin --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["to_move"])')
c=$($MREL -C $D bot $MS $first)
case "$c" in DANCER\ *) ;; *) fail "the first move is not a DANCER: $c";; esac; ok
mail $MS $first m1 "$c"
says m1 "accepted, line 1: Choose the "	# in words, then as logged
says m1 "$c"
seq=$(sed -n 's/.*YOUR RECEIPT (entry \([0-9]*\)).*/\1/p' $T/m1.txt)
[ -n "$seq" ] || fail "no receipt for the first move"; ok
ne=$(entries $MS)
mail $MS $first m2 "$c"
says m2 "already received, line 1: $c"
says m2 "You sent this at entry $seq, and it stands: nothing more to do for it."
says_not m2 "NOT accepted"
says_not m2 "send it again"
[ "$(entries $MS)" = "$ne" ] || fail "a copy sent again was logged"; ok
# the daemon's log counts it apart: not refused
err_has "game $MS, $first: 0 command(s) accepted, 0 refused, 1 already received, 0 line(s) not commands; nothing logged"
subject=$($PY -c 'import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(str(email.header.make_header(email.header.decode_header(m["Subject"]))))' "$(cat $T/m2.file)")
case "$subject" in *"Turn 1: received") ;; *) fail "the copy's subject: $subject";; esac; ok
# as the game reads it: case, spaces and a colon after the keyword
upper=$(echo "$c" | tr a-z A-Z | sed 's/^DANCER /dancer:   /')
mail $MS $first m3 "$upper\nORDER 9"
says m3 "already received, line 1: $(echo $upper)"
says m3 "NOT accepted, line 2: ORDER 9"
[ "$(entries $MS)" = "$ne" ] || fail "a copy sent again was logged"; ok
err_has "game $MS, $first: 0 command(s) accepted, 1 refused, 1 already received, 0 line(s) not commands; nothing logged"
# the dry run says what the mail's answer says: received already, at that
# entry, and not among the errors; the line refused for its own reason is
dry() {	# NAME TEXT: the first player's reply as a file, parsed
	printf 'From: %s@x.test\nTo: %s\nSubject: Re\nMessage-ID: <%s@x.test>\n\n%b\n' \
	    $first "$(rt $MS $first)" $1 "$2" >$T/$1.eml
	expect 0 "parse $1" -- $M -C $D parse $T/$1.eml
}
dry d1 "$c"
$PY - $T/out "$c" $seq <<'EOF' || { cat $T/out >&2; fail "parse of a move sent again"; }
import json, sys
j = json.load(open(sys.argv[1]))
assert j["auth"] == "ok", j["auth"]
assert j["commands"] == [{"text": sys.argv[2], "accepted": False,
    "already": int(sys.argv[3])}], j["commands"]
assert j["errors"] == [], j["errors"]
EOF
ok
dry d2 "$upper\nORDER 9"
$PY - $T/out "$upper" $seq <<'EOF' || { cat $T/out >&2; fail "parse of a copy and a wrong line"; }
import json, sys
j = json.load(open(sys.argv[1]))
c = j["commands"]
assert [x["text"] for x in c] == [sys.argv[2], "ORDER 9"], c
assert c[0]["already"] == int(sys.argv[3]) and c[0]["accepted"] is False, c
assert "error" not in c[0] and "already" not in c[1] and c[1]["error"], c
assert [(e["line"], e["text"]) for e in j["errors"]] == [(2, "ORDER 9")], j["errors"]
EOF
ok
[ "$(entries $MS)" = "$ne" ] || fail "a dry run logged something"; ok

# --- The Red Death: PLACE, and its copy in Japanese ---
mail $RD alice r1 "SET LANG ja\nPLACE black"
seq=$(sed -n 's/.*受領証（エントリ \([0-9]*\)）.*/\1/p' $T/r1.txt)
[ -n "$seq" ] || fail "no receipt for the placement"; ok
ne=$(entries $RD)
mail $RD alice r2 "place :  Black"
says r2 "受信済み"
says r2 "place : Black"
says r2 "（エントリ $seq）"
[ "$(entries $RD)" = "$ne" ] || fail "a copy sent again was logged"; ok
says_not r2 "受け付けられなかった"
says_not r2 "直してもう一度"
# another room is a new move, refused as before
mail $RD alice r3 "PLACE blue"
says r3 "受け付けられなかった行"
# a noble is placed once a game, so the copy is that placement's still
# once all are placed; the mail asks for the next move
for p in bob carol dave; do
	$MREL -C $D submit --never-mail $RD $p "PLACE black" >/dev/null || fail "place $p"
done
mail $RD alice r4 "PLACE black"
says r4 "受信済み"
says r4 "アクションカードを選んでください"

# the same PLAY twice before the round's cards are revealed: the second
# is received already, and neither logged nor told to the others as a new
# commitment (which would read as a changed move); a different PLAY
# changes the pick, and the first one after it changes it back
notices() { grep -l "^X-Masqued-Mail: notice" $O/* 2>/dev/null | xargs -r grep -l "^To: bob@" | wc -l; }
play=$($MREL -C $D bot $RD alice)
case "$play" in PLAY\ *) ;; *) fail "alice's move is not a PLAY: $play";; esac; ok
other="PLAY discuss"; [ "$play" = "$other" ] && other="PLAY jest"
mail $RD alice r5 "$play"
ne=$(entries $RD); nn=$(notices)
seq=$($MREL -C $D log $RD | tail -n 1 | awk '{print $1}')
mail $RD alice r6 "$play"
says r6 "受信済み"
says r6 "（エントリ $seq）"
[ "$(entries $RD)" = "$ne" ] || fail "the same PLAY sent again was logged"; ok
[ "$(notices)" = "$nn" ] || fail "bob was told of a new commitment for the same PLAY"; ok
err_has "game $RD, alice: 0 command(s) accepted, 0 refused, 1 already received, 0 line(s) not commands; nothing logged"
printf 'From: alice@x.test\nTo: %s\nSubject: Re\nMessage-ID: <rd-dry@x.test>\n\n%s\n' \
    "$(rt $RD alice)" "$play" >$T/rd-dry.eml
expect 0 "parse the same PLAY again" -- $M -C $D parse $T/rd-dry.eml
$PY - $T/out "$play" $seq <<'EOF' || { cat $T/out >&2; fail "parse of the same PLAY again"; }
import json, sys
j = json.load(open(sys.argv[1]))
assert j["commands"] == [{"text": sys.argv[2], "accepted": False,
    "already": int(sys.argv[3])}], j["commands"]
assert j["errors"] == [], j["errors"]
EOF
ok
mail $RD alice r7 "$other"
[ "$(entries $RD)" = $((ne + 1)) ] || fail "a different PLAY was not logged"; ok
mail $RD alice r8 "$play"
[ "$(entries $RD)" = $((ne + 2)) ] || fail "the first PLAY, after another, was not logged again"; ok
# in one mail, the same PLAY after a different one is a change back too
mail $RD alice r9 "$other\n$play"
[ "$(entries $RD)" = $((ne + 3)) ] || fail "a mail changing the pick and back was not logged"; ok
# and of those two lines of one entry, the later stands: the PLAY sent
# again is received already (it was taken for a change, logged again,
# and the others told of a new commitment)
mail $RD alice r10 "$play"
says r10 "受信済み"
[ "$(entries $RD)" = $((ne + 3)) ] || fail "the PLAY that stands, sent again, was logged"; ok
# the host's submit of the move that stands, all or none, is refused
# (exit 1, nothing logged, no notice): it logged it again, and the others
# were told the move changed (found by a host settling a dispute)
ne=$(entries $RD); nn=$(notices)
seq=$($MREL -C $D log $RD | tail -n 1 | awk '{print $1}')
expect 1 "submit the PLAY that stands" -- $M -C $D submit $RD alice "$play"
err_has "$play was received already (entry $seq) and is the move that stands: there is nothing more to do, and nothing was logged."
[ "$(entries $RD)" = "$ne" ] || fail "submit logged the PLAY that stands again"; ok
[ "$(notices)" = "$nn" ] || fail "bob was told of a new commitment by submit"; ok
# beside a line that changes something: all or none
expect 1 "submit the PLAY that stands and a PLAN" -- $M -C $D submit $RD alice "PLAN cw cw cw cw cw cw" "$play"
[ "$(entries $RD)" = "$ne" ] || fail "submit logged a part"; ok
# a change, and a change back, are taken
expect 0 "submit another PLAY" -- $M -C $D submit --never-mail $RD alice "$other"
expect 0 "submit the first again" -- $M -C $D submit --never-mail $RD alice "$play"
[ "$(entries $RD)" = $((ne + 2)) ] || fail "submit did not log the changes"; ok
# `log` tells the host's entries from the mails' (a dispute turns on it)
$MREL -C $D log $RD | tail -n 1 | grep -q "alice: $play  (entered by the host: submit)$" ||
    { $MREL -C $D log $RD | tail -n 3 >&2; fail "log does not say the host entered it"; }; ok
$MREL -C $D log $RD | tail -n 3 | head -n 1 | grep -q "entered by the host" &&
    fail "log says a mailed move was entered by the host"; ok

# The Masquerade: once every Dancer is chosen (the Stage phase), the
# first mail's copy is for a moment gone: refused as before
for k in 1 2; do
	p=$($MREL -C $D view $MS admin --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["to_move"])')
	$MREL -C $D submit --never-mail $MS $p "$($MREL -C $D bot $MS $p)" >/dev/null ||
	    fail "the Dancer of $p"
done
$MREL -C $D view $MS admin --json | grep -q '"phase": "stage"' || fail "not the Stage phase"; ok
mail $MS $first m4 "$c"
says m4 "NOT accepted, line 1: $c"
says_not m4 "already received"
done_checks
