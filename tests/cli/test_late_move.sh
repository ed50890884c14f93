#!/bin/sh
# test_late_move.sh - a move that comes after the deadline's default was
# played for its player ("I sent it before the deadline!"): its refusal
# says so, with the deadline, the default and when masqued played it, in
# the player's language, not only what the game, which has moved on, says
# of it now ("You have placed your noble already"). A refusal for another
# reason keeps its sentence: a line the default's moment would have
# refused too (from the same player), a seat whose turn it is not and
# that missed no deadline. The Red Death, by mail into the Maildir inbox,
# the clock pinned (MASQUED_NOW).
. tests/cli/lib.sh
. tests/cli/lib_game.sh
H=3600
T0=$MASQUED_NOW
placer() {	# the seat that owes a placement now
	$MREL -C $D view $G admin --json | $PY -c '
import json, sys
print(" ".join(o["player"] for o in json.load(sys.stdin)["owes"]))'
}
# mail FROM TEXT: a reply of FROM's, dated before its deadline (the
# sender's Date, which masqued does not go by)
mail() {
	n=$((n + 1))
	printf 'From: %s@x.test\nTo: %s\nSubject: Re: the masque\nDate: Mon, 1 Jan 2024 10:00:00 +0000\nMessage-ID: <late%s@x.test>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n%b\n' \
	    "$1" "$(reply_to $1)" "$n" "$2" >$IN/$n.test
}
# receipt_at SEAT HOURS ID TEXT: SEAT's mail of TEXT, served HOURS
# after T0; SEAT's receipt as $T/ID.*
receipt_at() {
	ls $O >$T/before
	mail $1 "$4"
	MASQUED_NOW=$((T0 + $2 * H)) expect 0 "serve --once: $1's mail $3" -- $M -C $D serve --once
	answer receipt $1@x.test $3
}
# dry SEAT TEXT NAME: SEAT's mail of TEXT, not served but parsed (masqued
# parse, as $T/NAME.eml); its JSON in $T/out
dry() {
	mail $1 "$2"
	mv $IN/$n.test $T/$3.eml
	expect 0 "parse $1's mail $3" -- $M -C $D parse $T/$3.eml
}
# defaulted SEAT: the move the deadline's default played for SEAT, in DEF
# (none fails)
defaulted() {
	DEF=$($MREL -C $D log $G | sed -n "s/.*timeout  $1: //p" | sed "s/  (the deadline: .*//")
	[ -n "$DEF" ] || fail "no default for $1"; ok
}
# seat_but SEAT...: a seat of the game (from the welcome mails) other than
# the SEATs
seat_but() {
	grep -l "^X-Masqued-Mail: welcome" $O/* | xargs sed -n 's/^To: \(.*\)@x.test.*/\1/p' | tr -d '\r' |
	    grep -vxF "$(printf '%s\n' "$@")" | head -n 1
}
P1=$(placer)
P2=$(seat_but "$P1")
expect 0 "SET LANG ja for $P2" -- $M -C $D submit $G $P2 "SET LANG ja"
utc() { date -u -d "@$1" "+%Y-%m-%d %H:%M UTC"; }

# P1 misses the deadline (72 h): the default places the noble at 73 h
MASQUED_NOW=$((T0 + 73 * H)) expect 0 "serve --once past the deadline" -- $M -C $D serve --once
defaulted $P1; def=$DEF
# P1's mail comes after it: told so
receipt_at $P1 74 late1 "PLACE green"
late1="Your move came after the deadline ($(utc $((T0 + 72 * H)))): the default ($def) was played for you at $(utc $((T0 + 73 * H))), and the game has moved on."
says late1 "$late1"
says_not late1 "You have placed your noble already"
# nothing to send again: no "send again, corrected" after it
says_not late1 "Nothing on these lines was applied"
# the dry run (masqued parse) says what the answer said
dry $P1 "PLACE green" dry1
json_is "[c.get('error') for c in j['commands']] == ['''$late1'''] and [e['error'] for e in j['errors']] == [c['error'] for c in j['commands']]" "the dry run of $P1's late mail"
# a line the default's moment refused too keeps its own sentence
receipt_at $P1 74 wrong1 "PLACE nowhere"
says wrong1 "PLACE needs one room"
says wrong1 "Nothing on these lines was applied; send again, corrected"
# a late line and one held back by it: nothing to correct either
receipt_at $P1 74 late1b "PLACE green\nPLACE blue"
says late1b "Your move came after the deadline"
says_not late1b "Nothing on these lines was applied"
says_not wrong1 "came after the deadline"
dry $P1 "PLACE nowhere" dry2
json_is "'PLACE needs one room' in j['commands'][0]['error']" "the dry run of $P1's wrong line"

# P2, who reads Japanese, owes now; a third seat, which missed no
# deadline, places its noble ahead (a secret), then sends a wrong
# line: the game's own sentence
P3=$(seat_but "$P1" "$P2")
[ "$(placer)" = "$P2" ] || fail "$P2 does not owe the placement: $(placer)"; ok
mail $P3 "PLACE green"
MASQUED_NOW=$((T0 + 75 * H)) expect 0 "serve --once: $P3 ahead" -- $M -C $D serve --once
receipt_at $P3 75 other3 "PLACE nowhere"
says other3 "PLACE needs one room"
says_not other3 "came after the deadline"
# P2 misses theirs (72 h from 73 h); the mail after it, in Japanese
MASQUED_NOW=$((T0 + 146 * H)) expect 0 "serve --once past $P2's deadline" -- $M -C $D serve --once
defaulted $P2; def2=$DEF
receipt_at $P2 147 late2 "PLACE blue"
says late2 "あなたの手は期限（$(utc $((T0 + 145 * H)))）を過ぎてから届きました。$(utc $((T0 + 146 * H))) にあなたの代わりに既定の手（$def2）を出し、ゲームは先に進んでいます。"
says_not late2 "これらの行は何も適用されていません"
expect 0 "verify" -- $M -C $D verify $G
done_checks
