#!/bin/sh
# test_catchup_waits.sh - a game whose last entries' mails cannot be
# queued (a full disk: here a folder where the first one goes) does not
# move on until they are: a reply that came meanwhile used to be played,
# queue its own mails and move the mark of mailed entries past the
# others, which then never went once the disk had room again. Now the
# reply waits in the inbox, the host is told once, `games` says so, and
# the next pass sends both, each once.
. tests/cli/lib.sh
. tests/cli/lib_game.sh

echo "admin = host@x.test" >>$D/masqued.conf
ca=$($MREL -C $D bot $G alice) || fail "bot alice"
RA=$(reply_to alice)
# an admin entry whose notices were lost between the log and the spool
N=$(( $($MREL -C $D log $G | wc -l) + 1 ))
printf '%020d\n' $((N - 1)) >$T/mark
expect 0 "extend" -- $M -C $D admin $G extend 1d --why "a holiday"
rm -f $D/spool/$G-*.eml
cp $T/mark $D/games/$G/mailed
mkdir $D/spool/$G-$(printf %08d $N)-0-admin.eml
rm -f $O/*

send alice@x.test "$RA" m1 "$ca"
expect 4 "serve --once, the notices cannot be queued (left for the next)" -- $M -C $D serve --once
err_has "Game $G waits until the mails of its last entries can be queued"
[ "$($MREL -C $D log $G | wc -l)" = $N ] || fail "alice's reply was played before the notices were queued"; ok
[ -n "$(ls $IN)" ] || fail "alice's reply left the inbox"; ok
# the host is told, once
host_told() {
	k=$(grep -l "^To: host@x.test" $O/* 2>/dev/null | xargs -r grep -l "^Subject: \[masqued\] game $G waits: its mails cannot be queued" | wc -l)
	[ "$k" = 1 ] || fail "$1: the host got $k notices that the game waits, not 1"; ok
}
host_told "the first pass"
[ "$(ls $O | wc -l)" = 1 ] || fail "mail went out: $(ls $O)"; ok
expect 4 "serve --once, still no room (left for the next)" -- $M -C $D serve --once
host_told "a second pass"
# each step of the pass (the held mail, the inbox, the deadlines) finds the
# game waiting: the log says so once a pass (and of the reply it holds
# back, that it is not processed)
[ "$(grep -c ": game $G waits until the mails of its last entries can be queued" $T/err)" = 1 ] ||
    { cat $T/err >&2; fail "a pass said more than once that the game waits"; }; ok
# the host sees it in games
expect 0 "games" -- $M -C $D games
out_has "$G  the mails of entries $N-$N are not queued yet; the next serve pass queues them"
expect 0 "games --json" -- $M -C $D games --json
grep -q "\"unmailed_from\": $N" $T/out || { cat $T/out >&2; fail "games --json lacks unmailed_from"; }; ok
expect 4 "admin waits too" -- $M -C $D admin $G extend 1d --why "again"
err_has "Game $G waits until the mails of its last entries can be queued"
expect 4 "submit waits too" -- $M -C $D submit $G alice STATUS
err_has "Game $G waits until the mails of its last entries can be queued"
[ "$($MREL -C $D log $G | wc -l)" = $N ] || fail "an entry was logged while the game waited"; ok

rmdir $D/spool/$G-$(printf %08d $N)-0-admin.eml
expect 0 "serve --once, the disk has room" -- $M -C $D serve --once
[ "$($MREL -C $D log $G | wc -l)" = $((N + 1)) ] || fail "alice's reply was not played once"; ok
for p in alice bob carol dave; do
	k=$(grep -l "^To: $p@x.test" $O/* 2>/dev/null | xargs grep -l "^X-Masqued-Mail: admin" | wc -l)
	[ "$k" = 1 ] || fail "$p got $k extend notices, not 1"; ok
done
k=$(grep -l "^To: alice@x.test" $O/* | xargs grep -l "^X-Masqued-Mail: receipt" | wc -l)
[ "$k" = 1 ] || fail "alice got $k receipts, not 1"; ok
[ -z "$(ls $IN)" ] || fail "alice's reply is still in the inbox"; ok
host_told "at the end"
[ -z "$(ls $D/spool | grep -v '^dead$')" ] || fail "mail left in the spool: $(ls $D/spool)"; ok
expect 0 "games, the mails queued" -- $M -C $D games
! grep -q "not queued yet" $T/out || fail "games still says mails are not queued"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
