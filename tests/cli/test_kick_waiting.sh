#!/bin/sh
# test_kick_waiting.sh - the host kicks a player who owes an action card:
# the notice's list of who the game waits for marks that seat "by default"
# (en, ja, zh), since the default plays it at the next pass, not at the
# deadline; the kick notice says so ("each as soon as it is owed"). The
# list named dave as any player still to move, and the notice spoke of the
# deadline's defaults (found by the host: the seat was played minutes
# later). After the pass the default is logged and no list names dave.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new

expect 0 "init" -- $M -C $D init
serve() { expect 0 "serve --once: $1" -- $M -C $D serve --once; }
. tests/cli/lib_mail.sh

expect 0 "new" -- $M -C $D new redmasque --player alice=alice@x.test \
    --player bob=bob@x.test:zh --player carol=carol@x.test:ja \
    --player dave=dave@x.test \
    --seed 0707070707070707070707070707070707070707070707070707070707070707
G=$($MREL -C $D games --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["games"][0]["game"])')
serve "welcome"
phase() { $MREL -C $D games --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["games"][0]["phase"])'; }
i=0
while [ "$(phase)" = place ] && [ $i -lt 8 ]; do
	play_rounds $D $G 1
	i=$((i + 1))
done
[ "$(phase)" = act ] || fail "not in the action phase: $(phase)"; ok
$MREL -C $D submit $G alice "$($MREL -C $D bot $G alice)" --no-mail >/dev/null ||
    fail "alice's card"
# --no-mail only put alice's card's mails off: sent now, before the kick,
# as they were made before it (they wait for dave, rightly)
serve "alice's card, put off by --no-mail"

ls $O >$T/before
n=$($MREL -C $D log $G --json | grep -c '"type": *"timeout"')
expect 0 "kick dave" -- $M -C $D admin $G kick dave --why "moved away"
# the pass sends the notices (made at the kick) and plays dave's card
serve "the kick's notices, and the kicked seat's default"
answer admin alice@x.test en
says en "The host took dave out of the game: from now on the default moves play that seat, each as soon as it is owed. Why: moved away"
says en "bob, carol, dave (by default)"
answer admin carol@x.test ja
says ja "bob、dave（既定の手で）"
answer admin bob@x.test zh
says zh "carol、dave（由默认行动）"
answer admin dave@x.test kicked
says kicked "You no longer play in this game: the default moves play your seat, each as soon as it is owed, until the host gives it to a new player"
says_not kicked "(by default)"

# the pass played dave's card; no mail of it waits for dave
m=$($MREL -C $D log $G --json | grep -c '"type": *"timeout"')
[ "$m" = $((n + 1)) ] || fail "dave's default was not played once ($n, then $m)"; ok
(cd $O && ls | comm -13 $T/before - | xargs -r grep -L '^X-Masqued-Mail: admin' \
    --) >$T/new
[ -s $T/new ] || fail "no mail of dave's default"; ok
for f in $(cat $T/new); do
	parts "$O/$f" after
	! grep -q "dave (by default)\|dave（" $T/after.txt ||
	    fail "$f still waits for dave: $(grep -o 'Waiting[^.]*' $T/after.txt)"; ok
done
expect 0 "verify" -- $M -C $D verify $G
done_checks
