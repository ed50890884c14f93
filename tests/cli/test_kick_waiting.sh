#!/bin/sh
# test_kick_waiting.sh - the host kicks a player who owes an action card:
# the notice's list of who the game waits for marks that seat "by default"
# (en, ja, zh), since the default plays it at the next pass, not at the
# deadline; the kick notice says so ("each as soon as it is owed"). The
# list named dave as any player still to move, and the notice spoke of the
# deadline's defaults (found by the host: the seat was played minutes
# later). After the pass the default is logged and no list names dave.
# What a kicked player sends from their own address is refused with the
# kick's date, in the seat's language, as the refusal of a removed
# player's old address says it (test_removed_old_from.sh): it said "The
# host removed you" with no date, and a kick long ago read as today's.
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

# kick_date NAME: the kick of NAME's entry time, as masqued's mails say it
kick_date() {
	t=$($MREL -C $D log $G --json | $PY -c 'import json,sys
for l in sys.stdin:
    l = l.strip().rstrip(",")
    if not l.startswith("{"): continue
    b = json.loads(l)
    if b.get("type") == "admin" and b.get("action") == "kick" and b.get("player") == sys.argv[1]:
        print(b["ts"])' "$1" | tail -n 1)
	[ -n "$t" ] || fail "no kick of $1 in the log"
	date -u -d "@$t" '+%Y-%m-%d %H:%M UTC'
}
# dave, kicked, writes from his own address to his seat's reply address
ls $O >$T/before
send dave@x.test "$(reply_to dave)" dk1 "STATUS"
serve "a mail from the kicked dave"
answer refused dave@x.test kref
says kref "The host removed you from game $G on $(kick_date dave); the deadline defaults play your seat until a new player takes it, so nothing you send is applied."
# carol (ja) and bob (zh) kicked too: told so, and when, in their language
expect 0 "kick carol" -- $M -C $D admin $G kick carol --why "away"
expect 0 "kick bob" -- $M -C $D admin $G kick bob --why "away"
serve "the kicks of carol and bob"
ls $O >$T/before
send carol@x.test "$(reply_to carol)" ck1 "STATUS"
send bob@x.test "$(reply_to bob)" bk1 "STATUS"
serve "mails from the kicked carol and bob"
answer refused carol@x.test kja
says kja "ホストがあなたを $(kick_date carol) にゲーム $G から外しました。"
answer refused bob@x.test kzh
says kzh "主持人已于 $(kick_date bob) 将你移出游戏 $G；"
expect 0 "verify" -- $M -C $D verify $G
done_checks
