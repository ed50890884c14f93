#!/bin/sh
# test_wait_moved.sh - policy wait, a player who moves after the host was
# told of their missed deadline. carol misses her first deadline, the host
# is mailed "game X waits for you" with `admin X default carol`; then
# carol's move comes, late, and is taken, and she owes the next one. The
# host is mailed once that the game goes on and there is nothing to do;
# the command from the first mail, run now, is refused (exit 1, one
# sentence naming carol's new deadline), nothing logged. (Before, it
# logged a timeout for the new move, days before its deadline, and the
# host was never told carol had moved.) A game under wait with no notice
# refuses a default before the deadline alike. At carol's next deadline
# the host's default is taken, and admin names its timeout entry, not
# the reveal that followed it ("logged as entry 7" named the reveal).
# The Red Death; Maildir, `serve --once`, `admin`, the clock pinned.
. tests/cli/lib.sh
wait_mail_game
. tests/cli/lib_mail.sh
utc() { date -u -d "@$1" "+%Y-%m-%d %H:%M UTC"; }
entries() { $MREL -C $D log $G | wc -l; }
at() { h=$1; shift; MASQUED_NOW=$((T0 + h * H)) "$@"; }
host_mails() { ls $O | comm -13 $T/before - | (cd $O && xargs -r grep -l "^To: host@x.test") ; }
# the host's mail's text, its lines joined (the text part wraps them)
host_text() { $PY -c 'import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=policy.default)
print(" ".join(m.get_body(("plain",)).get_content().split()))' "$O/$1"; }

owes() { $MREL -C $D view $G admin --json | $PY -c 'import json, sys
v = json.load(sys.stdin)
print(" ".join(sorted(set(o["player"] for o in v["owes"]))))'; }
# others_move: every player but carol moves (their bots), until only
# carol owes
others_move() {
	while :; do
		owes=$(owes)
		others=$(echo "$owes" | tr ' ' '\n' | grep -v '^carol$' || true)
		[ -n "$others" ] || break
		for p in $others; do
			$MREL -C $D submit $G $p "$($MREL -C $D bot $G $p)" \
			    --never-mail >/dev/null || fail "$p's move"
		done
	done
	echo "$owes" | grep -q carol || fail "carol owes nothing: $owes"; ok
}
# everyone places; then everyone plays a card but carol, and at 73 h
# the game waits for the host
place_all $D $G alice bob carol dave
others_move
ls $O >$T/before
at 73 expect 0 "serve --once past carol's deadline" -- $M -C $D serve --once
f=$(host_mails)
[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one host mail at the deadline: $f"; ok
host_text $f >$T/wait.txt
grep -qF "admin $G default carol" $T/wait.txt || fail "the host's mail lacks the default: $(cat $T/wait.txt)"; ok

# carol's card comes, late: taken, and she owes her next move
e0=$(entries)
send carol@x.test "$(reply_to carol)" c1 "$($MREL -C $D bot $G carol)"
ls $O >$T/before
at 74 expect 0 "serve --once with carol's late move" -- $M -C $D serve --once
[ "$(entries)" -gt "$e0" ] || { cat $T/err >&2; $MREL -C $D bot $G carol >&2; fail "carol's late move was not taken"; }; ok
$MREL -C $D log $G | sed -n "$((e0 + 1))p" | grep -q "command  carol:" ||
    fail "entry $((e0 + 1)) is not carol's move: $($MREL -C $D log $G | sed -n "$((e0 + 1))p")"; ok
f=$(host_mails)
[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one host mail after carol moved: $f"; ok
grep -q "^Subject: .*game $G goes on: carol moved" $O/$f || fail "the host's mail is not the goes-on notice: $(grep '^Subject' $O/$f)"; ok
host_text $f >$T/moved.txt
grep -qF "In game $G (redmasque), carol moved (entry $((e0 + 1))) after the deadline of $(utc $((T0 + 72 * H))) that you were told of, so the game goes on and there is nothing for you to do" $T/moved.txt ||
    fail "the goes-on notice says: $(cat $T/moved.txt)"; ok

# the command from the first mail: refused, nothing logged
e0=$(entries)
at 74 expect 1 "admin default carol, her new deadline not passed" -- \
    $M -C $D admin $G default carol --why "missed"
err_has "carol's deadline for this move is "; one_line
err_has "; it has not passed: carol answered the move the notice was about"
[ "$(entries)" = "$e0" ] || fail "a refused default was logged"; ok
# the deadline it names: 72 h from her move, as the game's view has it
dl=$(grep -o "move is [0-9-]* [0-9:]* UTC" $T/err | sed 's/move is //')
[ "$dl" = "$(utc $((T0 + 74 * H + 72 * H)))" ] || fail "the refusal names $dl, not carol's new deadline"; ok

# one notice: the next pass tells the host nothing more
ls $O >$T/before
at 75 expect 0 "serve --once an hour on" -- $M -C $D serve --once
[ -z "$(host_mails)" ] || fail "the host was told again: $(host_mails)"; ok

# the others move; at carol's next deadline the host plays her default:
# admin names the timeout entry, and the entries it set off
MASQUED_NOW=$((T0 + 75 * H))
others_move
MASQUED_NOW=$T0
at 147 expect 0 "serve --once past carol's new deadline" -- $M -C $D serve --once
e0=$(entries)
at 147 expect 0 "admin default carol, her deadline passed" -- \
    $M -C $D admin $G default carol --why "missed again"
last=$(entries)
$MREL -C $D log $G | sed -n "$((e0 + 1))p" | grep -q "^ *$((e0 + 1))  .*timeout  carol (by admin): " ||
    fail "entry $((e0 + 1)) is not carol's default: $($MREL -C $D log $G | sed -n "$((e0 + 1))p")"; ok
out_has "$G: carol's default, "
out_has "logged as entry $((e0 + 1)) (the seat held by carol@x.test)"
if [ "$last" -gt $((e0 + 1)) ]; then
	[ "$last" = $((e0 + 2)) ] && out_has "; entry $last followed it." ||
	    out_has "; entries $((e0 + 2)) to $last followed it."
else
	out_has "(the seat held by carol@x.test)."
fi
[ "$last" -gt $((e0 + 1)) ] || fail "no entry followed carol's default (the case shows nothing)"; ok
done_checks
