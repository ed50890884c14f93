#!/bin/sh
# test_ms_default_told.sh - The Masquerade: the deadline's default played
# for a player is told to the others too, with what was played, as the
# table shows it ("alice missed the deadline: the default was played for
# them (Choose the Blade Dancer as their dancer)."; before, the others read
# only that a default was played), in each reader's language, text and
# HTML. The sentence's command is a line of its own, not wrapped mid-
# sentence with a hanging indent of 4 ("...(Choose the Blade\n    Dancer
# as your dancer)."; found by players by mail).
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
ms_game $D 0707070707070707070707070707070707070707070707070707070707070707 dave
. tests/cli/lib_mail.sh
expect 0 "SET LANG ja for carol" -- $M -C $D submit $G carol "SET LANG ja"
expect 0 "SET LANG zh for dave" -- $M -C $D submit $G dave "SET LANG zh"
expect 0 "the welcomes" -- $M -C $D serve --once
first=$(ms_owes $D $G | cut -d' ' -f1)
[ "$first" = alice ] || fail "alice is not first to choose a dancer: $first"; ok
ls $O >$T/before
MASQUED_NOW=$((MASQUED_NOW + 100 * 3600)) expect 0 "serve past the deadline" -- $M -C $D serve --once
$MREL -C $D log $G | grep -q "timeout  alice: DANCER blade-dancer" || fail "no default DANCER blade-dancer for alice"; ok
read_new alice bob carol dave
says alice "You missed the deadline: the default was played for you (Choose the Blade Dancer as your dancer)."
says bob "alice missed the deadline: the default was played for them (Choose the Blade Dancer as their dancer)."
says carol "期限までに alice さんの手が届かなかったため、その席に既定の手を出しました（ダンサー「剣の舞姫」を選ぶ）。"
says dave "alice 没有在截止时间前行动，已代其执行默认行动（选择舞者「剑舞姬」）。"
# the command on a line of its own, where the sentence breaks by hand
grep -qx "(Choose the Blade Dancer as your dancer)." $T/alice.raw || { cat $T/alice.raw >&2; fail "alice's default is not a line of its own"; }; ok
grep -qx "(Choose the Blade Dancer as their dancer)." $T/bob.raw || { cat $T/bob.raw >&2; fail "bob's line of alice's default is not a line of its own"; }; ok
grep -qx "（ダンサー「剣の舞姫」を選ぶ）。" $T/carol.raw || fail "carol's line of alice's default is not a line of its own"; ok
grep -qx "（选择舞者「剑舞姬」）。" $T/dave.raw || fail "dave's line of alice's default is not a line of its own"; ok
for who in alice bob carol dave; do
	! sed -n '1,8p' $T/$who.raw | grep -q "^    " || fail "$who: a hanging indent at the top"; ok
done
done_checks
