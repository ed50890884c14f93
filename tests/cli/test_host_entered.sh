#!/bin/sh
# test_host_entered.sh - a move the host enters (submit) is never unseen by
# the players: bob mails PLAY discuss, then the host enters PLAY dance for
# him with --no-mail. --no-mail only puts the mails off: the next serve
# mails bob his receipt, which says the host entered it, and the others the
# commitment, marked as entered by the host; the reveal marks it too.
# (They were dropped: nobody was told of entry N, and the reveal showed
# bob's PLAY discuss "changed later" with nothing saying by whom.)
. tests/cli/lib.sh
. tests/cli/lib_game.sh
SP=$D/spool
to_move() {	# the one who owes a move now
	$MREL -C $D view $G admin --json |
	    $PY -c 'import json,sys; print(json.load(sys.stdin)["owes"][0]["player"])'
}
for k in 1 2 3 4; do	# the placements, mailed as submit mails them
	o=$(to_move)
	$MREL -C $D submit $G $o "$($MREL -C $D bot $G $o)" >/dev/null ||
	    fail "the placement of $o"
done
expect 0 "serve --once" -- $M -C $D serve --once
send bob@x.test "$(reply_to bob)" b1 "PLAY discuss"
expect 0 "serve --once with bob's PLAY discuss" -- $M -C $D serve --once
N=$(($($MREL -C $D log $G | wc -l) + 1))

# --- the host enters PLAY dance for bob, --no-mail: nothing queued now,
# but the mark stays before the entry, and the host is told so ---
ls $O >$T/before
expect 0 "the host enters bob's PLAY dance, --no-mail" -- \
    $M -C $D submit --no-mail $G bob "PLAY dance"
[ "$($MREL -C $D log $G | wc -l)" = $N ] || fail "entry $N is not the host's"; ok
[ -z "$(ls $SP)" ] || fail "--no-mail spooled mail now: $(ls $SP)"; ok
[ "$(cat $D/games/$G/mailed)" -eq $((N - 1)) ] ||
    fail "--no-mail moved the mark past entry $N: its mails are dropped"; ok
err_has "$G: --no-mail: no mail is queued now; the next serve (or a reply, admin or submit to the game) queues the mails of entry $N"
hc=$($MREL -C $D log $G --json | tail -n 1 | $PY -c '
import json, sys
print(json.load(sys.stdin)["commands"][0]["commit"])')
[ ${#hc} = 64 ] || fail "no commitment for the host's PLAY dance"; ok

# --- the next serve mails them: bob's receipt says the host entered it;
# the others' notices list its commitment as entered by the host ---
expect 0 "serve --once" -- $M -C $D serve --once
answer receipt bob@x.test bob
says bob "The host entered these commands for you (masqued submit, as for a move phoned in): no mail of yours carried them."
says bob "PLAY dance"
for p in alice carol dave; do
	answer notice $p@x.test $p
	says $p "bob, entry $N (card) (entered by the host):"
	grep -qF "bob, entry $N (card) (entered by the host): $hc" $T/$p.txt ||
	    fail "$p: the commitment $hc is not the host's entry's"; ok
done
[ "$(cat $D/games/$G/mailed)" -ge $N ] || fail "the mark stayed before entry $N"; ok
expect 0 "serve --once again" -- $M -C $D serve --once
ls $O >$T/before2
expect 0 "serve --once again" -- $M -C $D serve --once
ls $O | cmp -s - $T/before2 || fail "a later serve mailed entry $N again"; ok

# --- the others' PLAYs by mail: the reveal marks the host's entry, and
# only it ---
ls $O >$T/before
for p in alice carol dave; do
	send $p@x.test "$(reply_to $p)" ${p}1 "PLAY discuss"
done
expect 0 "serve --once with the others' PLAYs" -- $M -C $D serve --once
$MREL -C $D log $G | tail -n 1 | grep -q reveal || fail "no reveal"; ok
for p in alice bob; do
	answer resolution $p@x.test $p
	txt_has() { grep -qF -- "$1" $T/$p.txt || { cat $T/$p.txt >&2; fail "$p: $1"; }; ok; }
	txt_has "bob (entry $N, entered by the host): PLAY dance"
	txt_has "bob (entry $((N - 1))): PLAY discuss (changed later, at entry $N) "
	! grep -q "(entry $((N - 1)), entered by the host)" $T/$p.txt ||
	    fail "$p: bob's own mail is marked as the host's"; ok
	! grep -q "(entry $((N + 1)), entered by the host)" $T/$p.txt ||
	    fail "$p: alice's mail is marked as the host's"; ok
	grep -qF "(entry $N, entered by the host): <code>PLAY dance</code>" $T/$p.html ||
	    fail "$p (html): the host's entry is not marked"; ok
	[ "$(grep -o "entered by the host" $T/$p.html | wc -l)" = 1 ] ||
	    fail "$p (html): not one entry marked as the host's"; ok
done
expect 0 "verify" -- $M -C $D verify $G
done_checks
