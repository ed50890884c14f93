#!/bin/sh
# test_receipt_subject.sh - a receipt's subject names the turn the player's
# mail was about, also when its move ended that turn: the last MOVE of a
# round of The Red Death, the command that ends a turn of The Masquerade,
# with a refused line beside it or not. The subject named the turn the move
# began ('8:20 — received, with problems' for a MOVE made at 8:00), while
# the others' mails of the same pass rightly name the new one. A reply
# wholly refused changes nothing: its subject names the clock as it stands.
# Real replies through the Maildir inbox and `serve --once`; the other
# moves by `submit` (release binary), the mail by the ASan one. The body
# names the same turn, and the one the move began ("turn 1 (now turn 2)").
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new

subject() {	# mail file: its Subject, decoded
	$PY - "$1" <<'EOF'
import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], 'rb'))
print(str(email.header.make_header(email.header.decode_header(m['Subject']))))
EOF
}
# subject_is NAME TEXT: the mail answer() kept as NAME has subject TEXT
subject_is() {
	s=$(subject "$(cat $T/$1.file)")
	[ "$s" = "$2" ] || fail "$1's subject is '$s', not '$2'"; ok
}
view_of() {	# game, key: the admin view's KEY
	$MREL -C $D view $1 admin --json | $PY -c \
	    'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' $2
}
# bots_until GAME PLAYER...: the bots' commands by `submit` until the first
# PLAYER's next command would end the turn (the view's KEY changes on a
# scratch copy); that command is left in $c, its player in $p
bots_until() {	# game, key, players...
	g=$1; key=$2; shift 2
	k=0
	while [ $k -lt 200 ]; do
		k=$((k + 1))
		for p in "$@"; do
			c=$($MREL -C $D bot $g $p) || fail "bot $p"
			[ -n "$c" ] || continue
			now=$(view_of $g $key)
			rm -rf $T/scratch && cp -a $D $T/scratch
			$MREL -C $T/scratch submit $g $p "$c" >/dev/null ||
			    fail "submit $p: $c"
			[ "$($MREL -C $T/scratch view $g admin --json | $PY -c \
			    'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' \
			    $key)" != "$now" ] && return 0
			$MREL -C $D submit $g $p "$c" >/dev/null || fail "submit $p: $c"
		done
	done
	fail "the turn did not end"
}

expect 0 "init" -- $M -C $D init
echo "rate_limit = 86400" >>$D/masqued.conf
G=$(new_game $D) || fail "new"
expect 0 "serve --once sends the welcome mails" -- $M -C $D serve --once
. tests/cli/lib_mail.sh

# --- The Red Death: the last MOVE of 8:00, with a line refused ---
bots_until $G time alice bob carol dave
[ "$(view_of $G time)" = 8:00 ] || fail "the first round is not 8:00"; ok
expect 0 "serve --once: the mails of the moves submitted" -- $M -C $D serve --once
ls $O >$T/before
# (a typo of a command word: a line no command word starts is no problem,
# test_greetings.sh)
send $p@x.test "$(reply_to $p)" rm1 "$c\nMOEV wildly"
expect 0 "serve --once with the round's last move" -- $M -C $D serve --once
[ "$(view_of $G time)" = 8:20 ] || fail "the move did not end 8:00"; ok
answer receipt $p@x.test rm1
subject_is rm1 "[Masque $G] 8:00 — received, with problems"
says rm1 "8:00 (now 8:20)"
answer resolution alice@x.test rm1res
subject_is rm1res "[Masque $G] 8:20 — a new round; choose your action"

# a reply wholly refused: the clock as it stands
ls $O >$T/before
send alice@x.test "$(reply_to alice)" rm2 'MOEV wildly'
expect 0 "serve --once with a refused reply" -- $M -C $D serve --once
answer receipt alice@x.test rm2
subject_is rm2 "[Masque $G] 8:20 — nothing accepted"

# --- the last move of 8:20, all of it accepted ---
bots_until $G time alice bob carol dave
[ "$(view_of $G time)" = 8:20 ] || fail "not 8:20 at the second round's end"; ok
expect 0 "serve --once: the mails of the moves submitted" -- $M -C $D serve --once
ls $O >$T/before
send $p@x.test "$(reply_to $p)" rm3 "$c"
expect 0 "serve --once with the second round's last move" -- $M -C $D serve --once
answer receipt $p@x.test rm3
subject_is rm3 "[Masque $G] 8:20 — received"

# --- The Masquerade: the command that ends turn 1, and one line refused ---
expect 0 "new masquerade" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test \
    --seed 0707070707070707070707070707070707070707070707070707070707070707
H=$(cat $T/out)
ls $O >$T/before
expect 0 "serve --once sends its welcome mails" -- $M -C $D serve --once
ms_reply_to() {	# name: the Reply-To of NAME's welcome to game $H
	f=$(cd $O && grep -l "^To: $1@x.test" $(ls | comm -13 $T/before -) |
	    head -n 1)
	[ -n "$f" ] || fail "no Masquerade welcome to $1"
	sed -n 's/^Reply-To: //p' "$O/$f" | tr -d '\r'
}
MA=$(ms_reply_to alice); MB=$(ms_reply_to bob); MC=$(ms_reply_to carol)
addr() { case $1 in alice) echo "$MA";; bob) echo "$MB";; carol) echo "$MC";; esac; }
bots_until $H turn alice bob carol
[ "$(view_of $H turn)" = 1 ] || fail "not turn 1"; ok
expect 0 "serve --once: the mails of the moves submitted" -- $M -C $D serve --once
ls $O >$T/before
send $p@x.test "$(addr $p)" ms1 "$c\nDANCE badly"
expect 0 "serve --once with turn 1's last command" -- $M -C $D serve --once
[ "$(view_of $H turn)" = 2 ] || fail "the command did not end turn 1"; ok
answer receipt $p@x.test ms1
subject_is ms1 "[Masquerade $H] Turn 1: received, with problems"
# its body names the same turn, and the one its move began: it said
# "turn 2" under a subject of turn 1 (found by players by mail)
says ms1 "turn 1 (now turn 2)"
says ms1 "Turn 2 begins."

ls $O >$T/before
send $p@x.test "$(addr $p)" ms2 'DANCE badly'
expect 0 "serve --once with a refused reply" -- $M -C $D serve --once
answer receipt $p@x.test ms2
subject_is ms2 "[Masquerade $H] Turn 2: nothing accepted"
says_not ms2 "(now turn"

# a STATUS alone: its answer's subject says it is the reader's status
ls $O >$T/before
send $p@x.test "$(addr $p)" ms3 'STATUS'
expect 0 "serve --once with a STATUS" -- $M -C $D serve --once
answer receipt $p@x.test ms3
subject_is ms3 "[Masquerade $H] Turn 2: your status"
ls $O >$T/before
send alice@x.test "$(reply_to alice)" rm4 'status'
expect 0 "serve --once with a STATUS to the Red Death" -- $M -C $D serve --once
answer receipt alice@x.test rm4
subject_is rm4 "[Masque $G] $(view_of $G time) — your status"
# with a line refused beside it, it is a receipt again
ls $O >$T/before
send alice@x.test "$(reply_to alice)" rm5 'STATUS\nMOEV wildly'
expect 0 "serve --once with a STATUS and a refused line" -- $M -C $D serve --once
answer receipt alice@x.test rm5
subject_is rm5 "[Masque $G] $(view_of $G time) — received, with problems"
# with thanks beside it, no command: still the status
ls $O >$T/before
send alice@x.test "$(reply_to alice)" rm6 'STATUS\n\nThanks!'
expect 0 "serve --once with a STATUS and thanks" -- $M -C $D serve --once
answer receipt alice@x.test rm6
subject_is rm6 "[Masque $G] $(view_of $G time) — your status"

done_checks
