#!/bin/sh
# test_ms_default_pass.sh - The Masquerade: a deadline's default PASS says
# what it declined, as a receipt's PASS does, to its player and to the
# others ("alice missed the deadline: the default was played for them
# (Pass: they play no more Spells this Spell phase)."). It said "Pass:
# nothing more for now", which tells nothing of what was passed: the
# defaults did not keep what the seat owed (replay.c keeps it now, as
# the game stood before the default, which the table shows).
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
ms_game $D 0707070707070707070707070707070707070707070707070707070707070707
. tests/cli/lib_mail.sh
expect 0 "SET LANG ja for carol" -- $M -C $D submit $G carol "SET LANG ja"
expect 0 "the welcomes" -- $M -C $D serve --once
# the bots play up to the first Spell phase
n=0
while :; do
	set -- $(ms_owes $D $G)
	[ "${2:-}" = spell ] && break
	[ -n "${1:-}" ] && [ $n -lt 80 ] || fail "no Spell phase: ${1:-} ${2:-}"
	c=$($MREL -C $D bot $G $1) || fail "bot $1"
	$M -C $D submit --never-mail $G $1 "$c" >/dev/null 2>&1 || fail "submit $1 $c"
	n=$((n + 1))
done
ok
w=$1
expect 0 "serve --once" -- $M -C $D serve --once
ls $O >$T/before
MASQUED_NOW=$((MASQUED_NOW + 100 * 3600)) expect 0 "serve past the deadline" -- $M -C $D serve --once
$MREL -C $D log $G | grep -q "timeout  $w: PASS" || { $MREL -C $D log $G >&2; fail "no default PASS for $w"; }; ok
seen=0
for who in alice bob carol; do
	f=$(cd $O && grep -l "^To: $who@x.test" $(ls $O | comm -13 $T/before -) | head -n 1)
	[ -n "$f" ] || continue
	parts "$O/$f" $who
	if [ $who = $w ]; then
		says $who "(Pass: you play no more Spells this Spell phase)."
	elif [ $who = carol ]; then
		says $who "（パス（このスペル・フェイズにはもうスペルを使わない））。"
		seen=$((seen + 1))
	else
		says $who "$w missed the deadline: the default was played for them (Pass: they play no more Spells this Spell phase)."
		seen=$((seen + 1))
	fi
	says_not $who "nothing more for now"
	says_not $who "今は何もしない"
done
[ $seen -gt 0 ] || fail "no other player was told of $w's default"; ok
done_checks
