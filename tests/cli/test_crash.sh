#!/bin/sh
# test_crash.sh - issue 5: `serve` killed with SIGKILL at random moments
# while it works through a batch of 200 replies, restarted, 50 times over,
# ends exactly where an uninterrupted run ends: every game's log identical
# byte for byte, every reply answered, no outgoing mail lost, and no mail
# sent twice except the one in flight at a kill.
#
# Game ids and keys are random, so one data folder is prepared (init, three
# games with fixed seeds, the welcome mails sent, 200 replies written to the
# inbox) and the reference run and the crash run each work on a copy of it.
# The replies are made by playing the games with the bots in a scratch copy,
# one reply and one `serve --once` at a time, so that each is valid when the
# whole batch is processed in file-name order. The clock is pinned
# (MASQUED_NOW, lib.sh), so no deadline fires and every entry's ts is the
# same in every run.
#
# The reference run uses the ASan binary; the kill loop uses the release one
# ($MASQUED_REL: 50 restarts, each verifying and replaying every log); the
# final run that finishes the batch after the last kill is the ASan one again.
. tests/cli/lib.sh
[ -n "${CRASH_KEEP:-}" ] && { trap - EXIT; echo "keeping $T" >&2; }
N=${CRASH_REPLIES:-200}
KILLS=${CRASH_KILLS:-50}
P=$T/prep
GAMES=""

# --- prepare: three games, welcome mails, reply addresses ---
expect 0 "init" -- $MREL -C $P init
# with the clock pinned every reply falls in one hour: lift the per-sender
# rate limit (a kill between counting a reply and marking it done counts
# it again on the retry, so the counts could not match the reference's)
echo "rate_limit = 10000" >> $P/masqued.conf
for s in 01 02 03; do
	seed=$(printf "$s%.0s" $(seq 32))
	g=$($MREL -C $P new redmasque --player alice=alice@x.test \
	    --player bob=bob@x.test --player carol=carol@x.test \
	    --player dave=dave@x.test --seed $seed) || fail "new"
	GAMES="$GAMES $g"
done
expect 0 "serve sends the welcome mails" -- $MREL -C $P serve --once
[ "$(ls $P/mail/outbox/new | wc -l)" = 12 ] || fail "not 12 welcome mails"; ok

# reply address of (game, seat) from the welcome mails: "GAME SEAT ADDRESS"
for f in $P/mail/outbox/new/*; do
	sed -n 's/^Reply-To: game+\([a-z2-7]*\)\.\([0-9]\)\.\([a-z2-7]*\)@\(.*\)$/\1 \2 game+\1.\2.\3@\4/p' \
	    $f | tr -d '\r'
done | sort > $T/addrs
[ "$(wc -l < $T/addrs)" = 12 ] || fail "reply addresses: $(cat $T/addrs)"; ok
addr() { awk -v g=$1 -v s=$2 '$1 == g && $2 == s { print $3 }' $T/addrs; }

# --- the replies: the bots play in a scratch copy, one reply at a time ---
S=$T/scratch
cp -a $P $S
mkdir -p $T/replies
players="alice bob carol dave"
i=0
idle=0
while [ $i -lt $N ]; do
	moved=0
	for g in $GAMES; do
		seat=0
		for p in $players; do
			[ $i -lt $N ] || break
			c=$($MREL -C $S bot $g $p) || fail "bot $g $p"
			if [ -n "$c" ]; then
				i=$((i + 1))
				name=$(printf "1790000000.%04d.crash" $i)
				# now and then an extra line that is refused, or a
				# STATUS: the answer must say so after a crash too
				extra=""
				[ $((i % 23)) = 0 ] && extra="PLAY nonsense"
				[ $((i % 31)) = 0 ] && extra="STATUS"
				printf 'From: %s <%s@x.test>\r\nTo: %s\r\nSubject: Re: [Masque %s]\r\nDate: Mon, 21 Sep 2026 14:13:20 +0000\r\nMessage-ID: <crash.%04d@x.test>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n%s\r\n%s\r\n\r\nOn Mon, 21 Sep 2026, masqued wrote:\r\n> the last view\r\n' \
				    $p $p "$(addr $g $seat)" $g $i "$(printf '%s' "$c" | sed 's/$/\r/')" "$extra" \
				    > $T/replies/$name
				cp $T/replies/$name $S/mail/inbox/new/$name
				$MREL -C $S serve --once 2>>$T/scratch.err ||
				    fail "scratch serve for reply $i"
				moved=1
			fi
			seat=$((seat + 1))
		done
	done
	if [ $moved = 0 ]; then
		idle=$((idle + 1))
		[ $idle -lt 3 ] || fail "the bots owe nothing after $i replies"
	fi
done
# two mails that are no game's move: a bad tag from a player (refused,
# answered, whatever is left of the hour's answers to strangers) and an
# empty reply (the help): answered, never logged
printf 'From: alice@x.test\r\nTo: game+%s.0.aaaaaaaaaaaaaaaa@masqued.invalid\r\nSubject: hi\r\nMessage-ID: <crash.bad@x.test>\r\n\r\nPLAY jest\r\n' \
    $(echo $GAMES | cut -d' ' -f1) > $T/replies/1790000000.0100x.crash
printf 'From: alice@x.test\r\nTo: %s\r\nSubject: Re\r\nMessage-ID: <crash.empty@x.test>\r\n\r\n\r\n' \
    "$(addr $(echo $GAMES | cut -d' ' -f2) 0)" > $T/replies/1790000000.0150x.crash
[ "$(ls $T/replies | wc -l)" = $((N + 2)) ] || fail "replies"; ok
cp $T/replies/* $P/mail/inbox/new/

# --- the reference: uninterrupted ---
R=$T/ref
cp -a $P $R
n=0
while [ -n "$(ls $R/mail/inbox/new)" ] && [ $n -lt 5 ]; do
	$M -C $R serve --once 2>>$T/ref.err || { cat $T/ref.err >&2; fail "reference serve"; }
	n=$((n + 1))
done
[ -z "$(ls $R/mail/inbox/new)" ] || fail "the reference left mail in the inbox"; ok
grep -q "0 failed" $T/ref.err || fail "the reference failed on a message"; ok
for g in $GAMES; do
	expect 0 "the reference log of $g verifies" -- $MREL -C $R verify $g
done
# the reference did what the scratch did, one pass per reply: same logs
for g in $GAMES; do
	same_file $S/games/$g/log $R/games/$g/log "batch and one-by-one logs"
done

# --- the pace: how long a release serve takes for the batch, and for none ---
# A fixed window (it was 10 to 400 ms) let an idle machine finish the whole
# batch before the first kills, so that the later ones hit an empty inbox,
# and a loaded one never finish a reply's worth between two kills. The
# window is measured instead: kill k of 50 lands after the start-up and a
# random share of up to (k+1)/50 of the batch's work (a restart reads
# the replies logged already again, so the work done moves on slower than
# the kills), so that the kills spread over the whole batch, its end (mark
# done, send) included.
W=$T/pace
cp -a $P $W
ms_now() { echo $(( $(date +%s%N) / 1000000 )); }
t0=$(ms_now)
$MREL -C $W serve --once 2>/dev/null || fail "the pace serve"
t1=$(ms_now)
$MREL -C $W serve --once 2>/dev/null || fail "the idle serve"
t2=$(ms_now)
idle=$((t2 - t1))
work=$((t1 - t0 - idle))
[ $work -gt 0 ] || work=1
rm -rf $W

# --- the crash run: SIGKILL at a random moment of the work, 50 times ---
C=$T/crash
cp -a $P $C
rnd() { od -An -N2 -tu2 /dev/urandom | tr -d ' '; }
k=0
mid=0
while [ $k -lt $KILLS ]; do
	$MREL -C $C serve --once 2>>$T/crash.err &
	pid=$!
	span=$(( work * (k + 1) / KILLS + 2 ))
	ms=$(( idle + $(rnd) % span ))
	sleep $(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))
	# killed while it ran (not after it had exited on its own)
	kill -9 $pid 2>/dev/null && mid=$((mid + 1))
	wait $pid 2>/dev/null
	k=$((k + 1))
done
left=$(ls $C/mail/inbox/new | wc -l)
logged=$(cat $C/games/*/log | wc -l)
# the host starts serve again after the last kill: at least one whole pass,
# which sends what a kill left in the spool (the last kill may land after
# the batch's replies were all marked done, while their mails went out)
n=0
while [ $n -eq 0 ] || { [ -n "$(ls $C/mail/inbox/new)" ] && [ $n -lt 5 ]; }; do
	$M -C $C serve --once 2>>$T/crash.err || { tail $T/crash.err >&2; fail "the last serve"; }
	n=$((n + 1))
done
[ -z "$(ls $C/mail/inbox/new)" ] || fail "the crash run left mail in the inbox"; ok
# (a kill mid-write leaves nothing where the file system has O_TMPFILE;
# elsewhere it may leave a NAME.tmp behind: never sent, and reused when the
# same mail is spooled again)
[ -z "$(ls $C/spool | grep -v -e '^dead$' -e '\.tmp$')" ] || fail "the crash run left mail in the spool"; ok
echo "crash run: $KILLS kills ($mid while serve ran; the last $idle ms + 0 to $span ms in)," \
    "$logged of $(cat $R/games/*/log | wc -l) entries logged by then," \
    "$left of $((N + 2)) replies left for the last pass;" \
    "$(grep -c 'rebuilt the answers' $T/crash.err) answer(s) rebuilt after a kill"

# --- the logs: byte for byte ---
for g in $GAMES; do
	same_file $R/games/$g/log $C/games/$g/log "game $g's log after the crashes"
	expect 0 "the crashed log of $g verifies" -- $MREL -C $C verify $g
	[ ! -e $C/games/$g/quarantine ] || echo "note: game $g has a quarantined torn tail"
done

# --- the mail: every reply answered, nothing lost, doubles only in flight ---
# (one sha256sum for them all: a process or two for each of some 1,500
# mails was a third of the test's time)
sums() { (cd $1/mail/outbox && find new cur -type f ! -name '.*' \
	-exec sha256sum {} +) | cut -d' ' -f1 | sort; }
sums $R > $T/ref.sums
sums $C > $T/crash.sums
[ "$(uniq -d $T/ref.sums | wc -l)" = 0 ] || fail "the reference sent a mail twice"; ok
sort -u $T/ref.sums > $T/ref.u
sort -u $T/crash.sums > $T/crash.u
missing=$(comm -23 $T/ref.u $T/crash.u | wc -l)
[ "$missing" = 0 ] || fail "$missing mail(s) of the reference were never sent by the crash run"; ok
extra=$(comm -13 $T/ref.u $T/crash.u | wc -l)
[ "$extra" = 0 ] || fail "$extra mail(s) the reference never sent"; ok
uniq -c $T/crash.sums | awk '$1 > 2 { bad = 1 } END { exit bad }' ||
    fail "a mail went more than twice"; ok
doubles=$(( $(wc -l < $T/crash.sums) - $(wc -l < $T/crash.u) ))
[ $doubles -le $KILLS ] || fail "$doubles mails went twice, more than one per kill"; ok
echo "crash run: $doubles mail(s) sent twice (each in flight at a kill)"

# every reply answered: a receipt for each of the N game replies, the
# refusal and the help for the other two
receipts() { grep -l '^X-Masqued-Mail: receipt' $1/mail/outbox/new/* | xargs grep -h '^Message-ID:' | sort -u; }
[ "$(receipts $R | wc -l)" = $N ] || fail "the reference has $(receipts $R | wc -l) receipts, not $N"; ok
[ "$(receipts $C | wc -l)" = $N ] || fail "the crash run has $(receipts $C | wc -l) receipts, not $N"; ok
for kind in refused help; do
	grep -l "^X-Masqued-Mail: $kind" $C/mail/outbox/new/* >/dev/null ||
	    fail "the crash run never answered the $kind mail"; ok
done
# the refused lines are in the receipts after a crash too
grep -l 'nonsense' $C/mail/outbox/new/* >/dev/null || fail "no receipt names the refused line"; ok
done_checks
