#!/bin/sh
# test_copy_first_pending.sh - one mail delivered twice (test_copy_twice.sh:
# the same Message-ID, Date, From, Subject and text, other Received
# headers), its first copy archived and marked the first
# (DATA/archive/KEY.first), then serve killed before that copy's entry or
# answer (strace kills it at the next system call of its own, lib_kill.sh):
# both copies pending at the restart. Read second, the other copy was
# acknowledged, as the first was done by then; but read first (its file
# name sorts before the first's), it was answered too, its first copy
# after it: the player had two answers (a move's receipt and a "received
# already" one). Now that copy reads its first copy from the archive in
# its place, and is acknowledged: one answer, one entry, whichever is read
# first. A move's (logged) and a STATUS's (answered, nothing logged). The
# Red Death; Maildir inbox, `serve --once`.
. tests/cli/lib.sh
. tests/cli/lib_kill.sh
. tests/cli/lib_game.sh
. tests/cli/lib_resend.sh
# copy MX ID TEXT FILE: alice's mail ID (TEXT), as MX delivered it, into
# the inbox as FILE: the same mail from every MX but its Received header
copy() {
	printf 'Received: from client.x.test by %s.x.test; Mon, 1 Jan 2024 00:01:00 +0000\nFrom: alice@x.test\nTo: %s\nSubject: Re: the masque\nDate: Mon, 1 Jan 2024 00:00:00 +0000\nMessage-ID: <%s@x.test>\nIn-Reply-To: <%s>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n%s\n' \
	    "$1" "$(reply_to alice)" "$2" "$welcome" "$3" >$IN/$4
}
# to_alice: the new mails to alice since $T/before
to_alice() { ls $O | comm -13 $T/before - | (cd $O && xargs -r grep -l "^To: alice@x.test"); }
firsts() { find $D/archive -name '*.first' -type l | wc -l; }
# killed_first WHAT: serve, killed at its first unlink (the message's
# hushed mark forgotten, just after its copy marker is written and before
# its entry or answer): the message archived and marked the first copy,
# nothing logged, nothing answered, still in the inbox
killed_first() {
	kf_n=$(firsts) kf_e=$(entries)
	ls $O >$T/before
	$KILL_STRACE -o /dev/null -e trace=unlink -e inject=unlink:signal=KILL:when=1 \
	    $MREL -C $D serve --once >/dev/null 2>&1 && fail "$1: serve was not killed"
	[ "$(firsts)" = $((kf_n + 1)) ] || fail "$1: no copy marker written before the kill"; ok
	[ "$(entries)" = "$kf_e" ] || fail "$1: an entry logged before the kill"; ok
	[ -z "$(to_alice)" ] || fail "$1: answered before the kill: $(to_alice)"; ok
	[ -n "$(ls $IN)" ] || fail "$1: the killed pass took the message"; ok
}
welcome_of alice
for p in bob carol dave; do
	$MREL -C $D submit --never-mail $G $p "PLACE black" >/dev/null || fail "place $p"
done

# a move: its first copy (mx1's, m.mx1) left pending by the kill; mx2's
# copy, a.mx2, read first at the restart
copy mx1 m1 "PLACE black" m.mx1
killed_first "alice's move"
copy mx2 m1 "PLACE black" a.mx2
serve "both copies of alice's move, the second's read first"
answer receipt alice@x.test m1
[ "$(to_alice | (cd $O && xargs -r grep -l '^X-Masqued-Mail: receipt') | grep -c .)" = 1 ] ||
    fail "not one receipt for alice's two copies: $(to_alice)"; ok
grep -qF -- "-- ALREADY RECEIVED" $T/m1.txt && { cat $T/m1.txt >&2; fail "the one receipt says received already"; }; ok
[ "$($MREL -C $D log $G | grep -c 'alice: PLACE black')" = 1 ] ||
    fail "not one entry of alice's move for its two copies"; ok
err_has "read before that first copy was done"
err_has "this one acknowledged, not answered"
grep -q "maildir:m.mx1: already applied" $T/err ||
    { cat $T/err >&2; fail "the first copy, read after, was not acknowledged"; }; ok
serve "nothing more"
[ -z "$(to_alice)" ] || fail "a later pass answered a copy: $(to_alice)"; ok

# a STATUS (answered, nothing logged): the same, one answer
ne=$(entries)
copy mx1 s1 "STATUS" s.mx1
killed_first "alice's STATUS"
copy mx2 s1 "STATUS" b.mx2
serve "both copies of alice's STATUS, the second's read first"
[ "$(to_alice | grep -c .)" = 1 ] || fail "not one answer to the STATUS's two copies: $(to_alice)"; ok
[ "$(entries)" = "$ne" ] || fail "the STATUS's copies logged an entry"; ok
err_has "read before that first copy was done"

# the first copy read first (its name sorts first): one answer, as before
copy mx1 s2 "STATUS" c.mx1
killed_first "alice's second STATUS"
copy mx2 s2 "STATUS" d.mx2
serve "both copies of alice's second STATUS, the first's read first"
[ "$(to_alice | grep -c .)" = 1 ] || fail "not one answer to the second STATUS's two copies: $(to_alice)"; ok
err_has "acknowledged, not answered"
expect 0 "verify" -- $M -C $D verify $G
done_checks
