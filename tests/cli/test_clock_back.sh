#!/bin/sh
# test_clock_back.sh - the host's clock set back (MASQUED_NOW here): an
# entry dated before the entry before it is logged as it is, neither
# refused (a clock would stop the game) nor moved (the log would hold a
# false time), but said everywhere, as these times are the evidence of a
# dispute over a deadline: the append warns on stderr (the daemon's log),
# `verify` still exits 0 and warns on stderr for each such entry, and
# `log` and `replay` mark it "(dated before entry N: the clock went
# back)". Before, all of it passed silently. A clock that only goes on
# says nothing. The Red Death, submit --no-mail and admin, the ASan binary.
. tests/cli/lib.sh
D=$T/data
T0=1790000000	# Mon 2026-09-21 14:13:20 UTC
expect 0 "init" -- $M -C $D init
K=$(MASQUED_NOW=$T0 new_game $D) || fail "new"
n() { $MREL -C $D log $K | wc -l; }
# move P AT: P's bot move submitted with the clock at AT
move() {
	c=$($MREL -C $D bot $K $1) || fail "bot $1"
	expect 0 "submit $1 at $2" -- env MASQUED_NOW=$2 $M -C $D submit $K $1 "$c" --no-mail
}
back="the clock went back"

# the clock goes on: nothing said
move alice $((T0 + 3600))
grep -qF "$back" $T/err && { cat $T/err >&2; fail "a clock going on warned"; }; ok
a=$(n)
# set back ten minutes past the genesis: logged, and said, once
move bob $((T0 + 600))
b=$(n)
[ "$b" -gt "$a" ] || fail "the entry dated back was not logged"; ok
err_has "game $K: entry $((a + 1)) is dated 2026-09-21 14:23:20 UTC, before entry $a (2026-09-21 15:13:20 UTC): $back; it is logged with that time"
[ "$(grep -c "$back" $T/err)" = 1 ] || { cat $T/err >&2; fail "not one warning"; }; ok
# later than bob's, still before alice's: the clock went on from there
move carol $((T0 + 1200))
grep -qF "$back" $T/err && { cat $T/err >&2; fail "a clock going on from bob's warned"; }; ok
c=$(n)
# the host's own entries (mq_game_append) are said alike
expect 0 "a kick with the clock set back" -- env MASQUED_NOW=$((T0 + 60)) \
    $M -C $D admin $K kick dave --why gone
err_has "game $K: entry $((c + 1)) is dated 2026-09-21 14:14:20 UTC, before entry $c (2026-09-21 14:33:20 UTC): $back"
d=$(n)
[ "$d" = $((c + 1)) ] || fail "the kick was not logged"; ok

# verify: sound (exit 0, its ok line), and a warning a clock set back
expect 0 "verify" -- $M -C $D verify $K
# each line names the game, for a host who verifies several
out_has "ok: game $K, $d entries, chain, signatures, commitments and replay sound."
err_has "masqued: warning: game $K: entry $((a + 1)) is dated 2026-09-21 14:23:20 UTC, before entry $a (2026-09-21 15:13:20 UTC): $back; the chain and signatures are sound"
err_has "masqued: warning: game $K: entry $d is dated 2026-09-21 14:14:20 UTC, before entry $c (2026-09-21 14:33:20 UTC): $back"
[ "$(grep -c '' $T/err)" = 2 ] || { cat $T/err >&2; fail "verify: not two warnings"; }; ok

# log and replay mark those entries, and only those
mark="(dated before entry $a: $back)"
expect 0 "log" -- $M -C $D log $K
grep -E "^ *$((a + 1))  2026-09-21 14:23 " $T/out | grep -qF "  $mark" ||
    { cat $T/out >&2; fail "log does not mark entry $((a + 1))"; }; ok
grep -E "^ *$d  " $T/out | grep -qF "  (dated before entry $c: $back)" ||
    { cat $T/out >&2; fail "log does not mark entry $d"; }; ok
[ "$(grep -c "$back" $T/out)" = 2 ] || { cat $T/out >&2; fail "log: not two marks"; }; ok
expect 0 "replay" -- $M -C $D replay $K
grep -E "^ *$((a + 1))  " $T/out | grep -qF "  $mark" ||
    { cat $T/out >&2; fail "replay does not mark entry $((a + 1))"; }; ok
[ "$(grep -c "$back" $T/out)" = 2 ] || { cat $T/out >&2; fail "replay: not two marks"; }; ok
# from that entry on: the entry before it is read, not shown
expect 0 "replay --from" -- $M -C $D replay $K --from $((a + 1)) --to $((a + 1))
grep -E "^ *$((a + 1))  " $T/out | grep -qF "  $mark" ||
    { cat $T/out >&2; fail "replay --from does not mark entry $((a + 1))"; }; ok

# verify-receipt against the log: the same warnings, after its ok (it
# said nothing: a player settling a deadline with a kept mail was not told
# the times there went back)
expect 0 "serve --once: the kick's mails" -- env MASQUED_NOW=$((T0 + 1300)) $M -C $D serve --once
F=$(grep -l "^To: alice@x.test" $D/mail/outbox/new/* | head -n 1)
[ -n "$F" ] || fail "alice has no mail"; ok
expect 0 "verify-receipt of alice's mail" -- $M -C $D verify-receipt $F $K
out_has "ok: the checkpoint of entry "
err_has "masqued: warning: game $K: entry $((a + 1)) is dated 2026-09-21 14:23:20 UTC, before entry $a (2026-09-21 15:13:20 UTC): $back; the chain and signatures are sound"
err_has "masqued: warning: game $K: entry $d is dated 2026-09-21 14:14:20 UTC, before entry $c (2026-09-21 14:33:20 UTC): $back"
[ "$(grep -c '' $T/err)" = 2 ] || { cat $T/err >&2; fail "verify-receipt: not two warnings"; }; ok

# a game whose clock only went on: verify says nothing more, log no mark
K2=$(MASQUED_NOW=$T0 new_game $D) || fail "new 2"
c=$($MREL -C $D bot $K2 alice) || fail "bot alice"
# (mailed: --no-mail would say on stderr that its mails are put off)
expect 0 "submit at the same time" -- $M -C $D submit $K2 alice "$c"
[ ! -s $T/err ] || { cat $T/err >&2; fail "submit said something"; }; ok
expect 0 "verify the other game" -- $M -C $D verify $K2
[ ! -s $T/err ] || { cat $T/err >&2; fail "verify warned of a sound clock"; }; ok
$MREL -C $D log $K2 | grep -qF "$back" && fail "log marked a sound clock"; ok
done_checks
