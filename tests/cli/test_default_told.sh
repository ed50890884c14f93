#!/bin/sh
# test_default_told.sh - a move the deadline, or the host, played for a
# player is told in the mail that follows it: to that player as theirs,
# with its command ("You missed the deadline: the default was played for
# you (PLAY discuss)."; in Japanese and Chinese in the reader's words, as
# a receipt says a command: 「話し合い」を出す); to the others by name alone
# while it is a secret pick not yet revealed (the host's PLAY for bob
# before the others picked), with its command when that mail reveals it
# (carol's and dave's, whose defaults end the card phase: before, carol's
# was told by name alone, though the same mail said "carol played
# Discuss"); once, in that mail only; in each reader's
# language; and the same, byte for byte, when a crash lost that mail and a
# catching up rebuilds it. (Before, the resolution said "You played
# Discuss." as if the player had, and the others were told nothing.)
# The Red Death; `submit`, `admin default` and `serve --once`.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
H=3600
PY=/usr/bin/python3
expect 0 "SET LANG ja for carol" -- $M -C $D submit $G carol "SET LANG ja"
expect 0 "SET LANG zh for dave" -- $M -C $D submit $G dave "SET LANG zh"
for p in alice bob dave carol; do
	expect 0 "submit $p PLACE" -- $M -C $D submit $G $p "PLACE green"
done
expect 0 "the turn mails" -- $M -C $D serve --once
entries() { $MREL -C $D log $G | wc -l; }
default_of() { $MREL -C $D log $G | sed -n "s/.*timeout  $1\( (by admin)\)\{0,1\}: //p" | sed "s/  (the deadline: .*//" | tail -n 1; }

# the host plays bob's pick while the others have not picked: a turn mail
ls $O >$T/before
expect 0 "admin default bob" -- $M -C $D admin $G default bob --why "phoned: play it for me"
B=$(default_of bob)
[ -n "$B" ] || fail "no default logged for bob"; ok
expect 0 "serve --once sends its mails" -- $M -C $D serve --once
answer turn bob@x.test bob1
# in words, as a receipt says a command (the log's form is PLAY discuss)
[ "$B" = "PLAY discuss" ] || fail "bob's default is $B, not PLAY discuss"; ok
says bob1 "The host played the default for you (Play Discuss)."
answer turn alice@x.test alice1
says alice1 "The host played the default for bob."
says_not alice1 "for bob ("
answer turn carol@x.test carol1
says carol1 "ホストが bob さんの代わりに既定の手を出しました。"
says_not carol1 "出しました（"
answer turn dave@x.test dave1
says dave1 "主持人代 bob 执行了默认行动。"
says_not dave1 "默认行动（"
# with the host's why, to everyone, as the host's other notices say it
says bob1 "Why: phoned: play it for me"
says alice1 "The host played the default for bob. Why: phoned: play it for me"
says carol1 "既定の手を出しました。理由：phoned: play it for me"
says dave1 "执行了默认行动。理由：phoned: play it for me"

# alice picks; carol and dave miss the deadline: the defaults resolve it
c=$($MREL -C $D bot $G alice) || fail "bot alice"
expect 0 "submit alice $c" -- $M -C $D submit $G alice "$c"
expect 0 "serve --once" -- $M -C $D serve --once
e0=$(entries)
ls $O >$T/before
MASQUED_NOW=$((MASQUED_NOW + 100 * H)) expect 0 "serve --once past the deadline" -- $M -C $D serve --once
C=$(default_of carol)
V=$(default_of dave)
[ -n "$C" ] && [ -n "$V" ] || fail "no defaults for carol and dave"; ok
answer resolution carol@x.test carol2
# in the reader's words, as a receipt says a command: not the log's English
[ "$C" = "PLAY discuss" ] || fail "carol's default is $C, not PLAY discuss"; ok
says carol2 "期限までにあなたの手が届かなかったため、既定の手を出しました（「話し合い」を出す）。"
# on a line of its own, not broken mid-sentence with a hanging indent
# ("（「話し合い」\n    を出す）。"; found by players by mail)
/usr/bin/python3 - "$(cat $T/carol2.file)" <<'PYEOF' || fail "the default's line is broken with an indent"
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
t = [p.get_payload(decode=True).decode() for p in m.walk()
     if p.get_content_type() == "text/plain"][0]
sys.exit(0 if "\n（「話し合い」を出す）。\n" in t else 1)
PYEOF
ok
says carol2 "期限までに dave さんの手が届かなかったため、その席に既定の手を出しました（「話し合い」を出す）。"
says_not carol2 "ホストが bob"	# bob's was told in its own mail
answer resolution dave@x.test dave2
[ "$V" = "PLAY discuss" ] || fail "dave's default is $V, not PLAY discuss"; ok
says dave2 "你没有在截止时间前行动，已代你执行默认行动（打出「讨论」）。"
says dave2 "carol 没有在截止时间前行动，已代其执行默认行动（打出「讨论」）。"
answer resolution alice@x.test alice2
says alice2 "carol missed the deadline: the default was played for them (Play Discuss)."
says_not alice2 "Why:"	# the clock's defaults have no why of the host's
says alice2 "dave missed the deadline: the default was played for them (Play Discuss)."
says_not alice2 "alice missed"
says_not alice2 "You missed"
says_not alice2 "The host played"
answer resolution bob@x.test bob2
says bob2 "dave missed the deadline: the default was played for them (Play Discuss)."
says_not bob2 "The host played"
cp "$(cat $T/carol2.file)" $T/carol2.eml
cp "$(cat $T/alice2.file)" $T/alice2.eml

# A crash after the defaults were logged, before their mails were
# queued: the mark back before them, their mails gone; the catching up
# rebuilds them, the same bytes.
ls $O | comm -13 $T/before - | (cd $O && xargs rm -f)
printf '%020d\n' $e0 >$D/games/$G/mailed
MASQUED_NOW=$((MASQUED_NOW + 100 * H)) expect 0 "serve --once after the crash" -- $M -C $D serve --once
err_has "their mails are rebuilt"
for p in carol alice; do
	answer resolution $p@x.test ${p}3
	same_file $T/${p}2.eml "$(cat $T/${p}3.file)" "$p's rebuilt mail"
done

# the next mail tells of no default: it was told once
ls $O >$T/before
c=$($MREL -C $D bot $G alice) || fail "bot alice"
MASQUED_NOW=$((MASQUED_NOW + 101 * H)) expect 0 "submit alice $c" -- $M -C $D submit $G alice "$c"
MASQUED_NOW=$((MASQUED_NOW + 101 * H)) expect 0 "serve --once" -- $M -C $D serve --once
[ -n "$(ls $O | comm -13 $T/before -)" ] || fail "no mail after alice's move"; ok
for f in $(ls $O | comm -13 $T/before -); do
	parts "$O/$f" next
	says_not next "missed the deadline"
	says_not next "期限までに"
	says_not next "截止时间前行动"
done
# a long why goes whole into the log, and into the mail cut (at a
# character's start, with "…"): 150 three-byte characters
w=$($MREL -C $D games --json | $PY -c 'import json, sys; print(json.load(sys.stdin)["games"][0]["waiting_for"][0])')
long=$($PY -c 'print("長" * 150)')
ls $O >$T/before
MASQUED_NOW=$((MASQUED_NOW + 102 * H)) expect 0 "admin default $w, a long why" -- \
    $M -C $D admin $G default $w --why "$long"
$MREL -C $D log $G --json | grep -qF "\"why\":\"$long\"" || fail "the log does not hold the whole why"; ok
MASQUED_NOW=$((MASQUED_NOW + 102 * H)) expect 0 "serve --once" -- $M -C $D serve --once
o=alice; [ $w = alice ] && o=bob
for f in $(ls $O | comm -13 $T/before - | xargs -I{} grep -l "^To: $o@x.test" $O/{}); do
	parts "$f" long
	grep -qF "長…" $T/long.html || { cat $T/long.html >&2; fail "the long why is not cut with …"; }; ok
	! grep -qF "$long" $T/long.html || fail "the mail holds the whole long why"; ok
done
expect 0 "verify" -- $M -C $D verify $G
done_checks
