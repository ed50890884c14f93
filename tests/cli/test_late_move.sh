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
P1=$(placer)
P2=$(grep -l "^X-Masqued-Mail: welcome" $O/* | xargs sed -n 's/^To: \(.*\)@x.test.*/\1/p' | tr -d '\r' | grep -vx "$P1" | head -n 1)
expect 0 "SET LANG ja for $P2" -- $M -C $D submit $G $P2 "SET LANG ja"
utc() { date -u -d "@$1" "+%Y-%m-%d %H:%M UTC"; }

# P1 misses the deadline (72 h): the default places the noble at 73 h
MASQUED_NOW=$((T0 + 73 * H)) expect 0 "serve --once past the deadline" -- $M -C $D serve --once
def=$($MREL -C $D log $G | sed -n "s/.*timeout  $P1: //p" | sed "s/  (the deadline: .*//")
[ -n "$def" ] || fail "no default for $P1"; ok
# P1's mail comes after it: told so
ls $O >$T/before
mail $P1 "PLACE green"
MASQUED_NOW=$((T0 + 74 * H)) expect 0 "serve --once: $P1's late mail" -- $M -C $D serve --once
answer receipt $P1@x.test late1
says late1 "Your move came after the deadline ($(utc $((T0 + 72 * H)))): the default ($def) was played for you at $(utc $((T0 + 73 * H))), and the game has moved on."
says_not late1 "You have placed your noble already"
# nothing to send again: no "send again, corrected" after it
says_not late1 "Nothing on these lines was applied"
# the dry run (masqued parse) says what the answer said
mail $P1 "PLACE green"
mv $IN/$n.test $T/dry1.eml
expect 0 "parse $P1's late mail" -- $M -C $D parse $T/dry1.eml
json_is "[c.get('error') for c in j['commands']] == ['''Your move came after the deadline ($(utc $((T0 + 72 * H)))): the default ($def) was played for you at $(utc $((T0 + 73 * H))), and the game has moved on.'''] and [e['error'] for e in j['errors']] == [c['error'] for c in j['commands']]" "the dry run of $P1's late mail"
# a line the default's moment refused too keeps its own sentence
ls $O >$T/before
mail $P1 "PLACE nowhere"
MASQUED_NOW=$((T0 + 74 * H)) expect 0 "serve --once: $P1's wrong line" -- $M -C $D serve --once
answer receipt $P1@x.test wrong1
says wrong1 "PLACE needs one room"
says wrong1 "Nothing on these lines was applied; send again, corrected"
# a late line and one held back by it: nothing to correct either
ls $O >$T/before
mail $P1 "PLACE green\nPLACE blue"
MASQUED_NOW=$((T0 + 74 * H)) expect 0 "serve --once: $P1's two late lines" -- $M -C $D serve --once
answer receipt $P1@x.test late1b
says late1b "Your move came after the deadline"
says_not late1b "Nothing on these lines was applied"
says_not wrong1 "came after the deadline"
mail $P1 "PLACE nowhere"
mv $IN/$n.test $T/dry2.eml
expect 0 "parse $P1's wrong line" -- $M -C $D parse $T/dry2.eml
json_is "'PLACE needs one room' in j['commands'][0]['error']" "the dry run of $P1's wrong line"

# P2, who reads Japanese, owes now; a third seat, which missed no
# deadline, places its noble ahead (a secret), then sends a wrong
# line: the game's own sentence
P3=$(grep -l "^X-Masqued-Mail: welcome" $O/* | xargs sed -n 's/^To: \(.*\)@x.test.*/\1/p' | tr -d '\r' | grep -vx "$P1" | grep -vx "$P2" | head -n 1)
[ "$(placer)" = "$P2" ] || fail "$P2 does not owe the placement: $(placer)"; ok
mail $P3 "PLACE green"
MASQUED_NOW=$((T0 + 75 * H)) expect 0 "serve --once: $P3 ahead" -- $M -C $D serve --once
ls $O >$T/before
mail $P3 "PLACE nowhere"
MASQUED_NOW=$((T0 + 75 * H)) expect 0 "serve --once: $P3's wrong line" -- $M -C $D serve --once
answer receipt $P3@x.test other3
says other3 "PLACE needs one room"
says_not other3 "came after the deadline"
# P2 misses theirs (72 h from 73 h); the mail after it, in Japanese
MASQUED_NOW=$((T0 + 146 * H)) expect 0 "serve --once past $P2's deadline" -- $M -C $D serve --once
def2=$($MREL -C $D log $G | sed -n "s/.*timeout  $P2: //p" | sed "s/  (the deadline: .*//")
[ -n "$def2" ] || fail "no default for $P2"; ok
ls $O >$T/before
mail $P2 "PLACE blue"
MASQUED_NOW=$((T0 + 147 * H)) expect 0 "serve --once: $P2's late mail" -- $M -C $D serve --once
answer receipt $P2@x.test late2
says late2 "あなたの手は期限（$(utc $((T0 + 145 * H)))）を過ぎてから届きました。$(utc $((T0 + 146 * H))) にあなたの代わりに既定の手（$def2）を出し、ゲームは先に進んでいます。"
says_not late2 "これらの行は何も適用されていません"
expect 0 "verify" -- $M -C $D verify $G
done_checks
