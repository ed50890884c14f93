#!/bin/sh
# test_masquerade_admin.sh - the host's admin actions on a game of The
# Masquerade, where a game played by the deadline defaults alone never ends
# (they send every dancer to a quiet Stage: no prophecy, no Tower).
# A kicked player's notice is not a request for a move; a seat is kicked
# once; the last player cannot be kicked (the defaults would play every
# seat at once, again and again); a log from an older masqued in which
# every seat is kicked is left waiting for the host, where one pass used
# to append entries without end. A replace tells the old address, and a reply to that notice (no Reply-To: to the game's plain address) gets the old address's sentence, to that address alone. The clock: a pause stops the deadlines (they
# counted on, so a resume after a long pause timed the player out at once),
# and an extend moves the debts running then, not every later one. Policy
# wait: the reminder promised a default; the host was never told, and then
# was told once per debt, not again when an extend moved its deadline.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
SEED=0707070707070707070707070707070707070707070707070707070707070707

expect 0 "init" -- $M -C $D init
expect 0 "new masquerade" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test --seed $SEED
G=$(cat $T/out)
expect 0 "the welcome mails" -- $M -C $D serve --once
entries() { $MREL -C $D log $G | wc -l; }
IN=$D/mail/inbox/new
. tests/cli/lib_mail.sh
send bob@x.test "$(reply_to bob)" lang-b 'SET LANG ja'
expect 0 "bob reads Japanese" -- $M -C $D serve --once

# the last player: refused, one sentence, the log unchanged
expect 0 "kick alice" -- $M -C $D admin $G kick alice --why "gone"
expect 0 "kick bob" -- $M -C $D admin $G kick bob --why "gone"
cp $D/games/$G/log $T/log.before
expect 1 "kick the last player" -- $M -C $D admin $G kick carol --why "gone"
err_has "carol is the last player of game $G; with nobody left, nothing could be played, so replace a player (admin $G replace PLAYER EMAIL) or end the game (admin $G end --why \"...\")."
err_has "end the game (admin $G end --why"
one_line
same_file $D/games/$G/log $T/log.before "a refused kick"
# a second kick of one seat: refused (it was logged and mailed again)
expect 1 "kick alice twice" -- $M -C $D admin $G kick alice --why "again"
err_has "alice is out of game $G already; the deadline defaults play that seat until a replace."
one_line
same_file $D/games/$G/log $T/log.before "a second kick"
expect 0 "the defaults play alice and bob" -- $M -C $D serve --once
err_has "game $G: alice is kicked; the default: DANCER "
grep -q "alice missed the deadline" $T/err && fail "the log says a kicked alice missed the deadline"; ok
[ "$(entries)" -gt 4 ] || fail "the kicked seats were not played"; ok
# the kick's notice to the kicked player: no move asked, no deadline
# (alice was told 'YOUR MOVE: choose your Dancer ... by DEADLINE')
parts "$(grep -l "^Message-ID: <$G.0.3.admin" $O/*)" kick-a
says kick-a "You no longer play in this game: the default moves play your seat, each as soon as it is owed, until the host gives it to a new player"
says_not kick-a "YOUR MOVE"
says_not kick-a "deadline is"
# nor asked for a reply: no marker to reply above, no HELP to send
says kick-a "=== masqued ==="
says_not kick-a "reply above this line"
says_not kick-a "for the commands"
parts "$(grep -l "^Message-ID: <$G.1.4.admin" $O/*)" kick-b
says kick-b "あなたはもうこのゲームに参加していません。"
says_not kick-b "あなたの番"
says_not kick-b "この行より上に返信"
says_not kick-b "HELP"
# the others are still asked (carol owes now, or is told whom the game waits for)
parts "$(grep -l "^Message-ID: <$G.2.4.admin" $O/*)" kick-c
says_not kick-c "You no longer play"
says kick-c "=== masqued · reply above this line ==="
says kick-c "for the commands,"

# A log that an older masqued let reach every seat kicked: the entry is
# signed here with the data folder's key, as that masqued would have.
append_kick() {	# player
	$PY - $D/games/$G/log $D/keys/server.key "$1" <<'EOF'
import hashlib, json, sys
import nacl.signing
log, keyfile, player = sys.argv[1:]
lines = open(log, 'rb').read().decode().splitlines()
last = json.loads(lines[-1].split('\t')[0])
body = {'v': 1, 'game': last['game'], 'seq': last['seq'] + 1,
        'prev': lines[-1].split('\t')[1], 'ts': last['ts'], 'kid': last['kid'],
        'type': 'admin', 'action': 'kick', 'player': player, 'why': 'gone'}
text = json.dumps(body, sort_keys=True, separators=(',', ':'))
h = hashlib.blake2b(b'masqued-log-v1\n' + text.encode(), digest_size=32).digest()
sig = nacl.signing.SigningKey(open(keyfile, 'rb').read()).sign(h).signature
import base64
open(log, 'a').write('%s\t%s\t%s\n' % (text, h.hex(), base64.b64encode(sig).decode()))
EOF
}
append_kick carol || fail "append a kick"
expect 0 "verify the older masqued's log" -- $M -C $D verify $G
n=$(entries)
ls $O >$T/before
# (the first pass mails the kick; the clock it leaves is the next's)
expect 0 "serve with every seat kicked" -- timeout -s KILL 60 $M -C $D serve --once
expect 0 "serve again" -- timeout -s KILL 60 $M -C $D serve --once
[ "$(entries)" = "$n" ] || fail "a game with every seat kicked moved: $n entries, then $(entries)"; ok
# the kick's notices went (they were not mailed yet), and nothing else
ls $O | comm -13 $T/before - >$T/new
[ "$(wc -l <$T/new)" = 3 ] && ! (cd $O && grep -L '^X-Masqued-Mail: admin' $(cat $T/new)) | grep -q . ||
    fail "not the three admin notices alone: $(cat $T/new)"; ok
# days later still nothing; a replace gives the game a player again
MASQUED_NOW=$((MASQUED_NOW + 30 * 86400)) expect 0 "serve, a month on" -- timeout -s KILL 60 $M -C $D serve --once
[ "$(entries)" = "$n" ] || fail "a game with every seat kicked moved a month on"; ok
ls $O >$T/before
expect 0 "replace bob" -- $M -C $D admin $G replace bob bob2@x.test --why "back"
expect 0 "serve after the replace" -- timeout -s KILL 60 $M -C $D serve --once
[ "$(entries)" -gt "$((n + 1))" ] || fail "after a replace, carol's kicked seat was not played"; ok
# the old address is told, in its reader's language, that it plays no more
# (it used to hear nothing, and a reply got 'reply to your latest mail')
# the new address's welcome says it joins a game under way (in Japanese:
# the seat's language), whose seat, and why
answer welcome bob2@x.test new-b
says new-b "進行中のゲームに参加します。"
grep -q "席「bob」を任せました" $T/new-b.txt || fail "the welcome does not name the seat"; ok
says new-b "back"
answer admin bob@x.test old-b
says old-b "ホストがあなたの席を別のプレイヤーに任せました。これからはその人がこの席を打ち、あなたはこのゲームに参加しません。理由：back"	# bob reads it: "you"; kicked, so a new player
says old-b "このゲームのメールはもうここには届かず、ここから送ったものは適用されません。"
says_not old-b "席は別のアドレスに移った"	# an address change's words
! grep -q "^Reply-To:" "$(cat $T/old-b.file)" || fail "the old address got the seat's reply address"; ok
says_not old-b "この行より上に返信"
says_not old-b "HELP"
answer welcome bob2@x.test new-b
# a reply from the old address to its old mail: one sentence, in bob's
# language, that the host gave the seat to another person (it was told
# 'reply to your latest mail', then in an address change's words 'the
# host replaced this address', though the seat, kicked, went to a new
# player), and nothing logged
ne=$(entries)
ls $O >$T/before
send bob@x.test "$(reply_to bob)" old-bob 'STATUS'
expect 0 "serve the old address's reply" -- $M -C $D serve --once
answer refused bob@x.test old-reply
says old-reply "ホストの判断で、ゲーム $G であなたが打っていた席は別の人に任されました。これからはその人がこの席を打ちます。このメールの内容は何も適用されておらず、今後送るものも適用されません。"
says_not old-reply "別のアドレスに替えました"
says_not old-reply "ホスト（"	# no admin address here: nobody named
says_not old-reply "最新のメールに返信"
[ "$(entries)" = "$ne" ] || fail "the old address's reply was logged"; ok
# a reply to the notice itself: it has no Reply-To, so it goes to the
# game's plain address, and was told 'no game tag'; its In-Reply-To (or
# References) names the notice, which names the game: the same sentence,
# in bob's language, nothing logged. Only to the old address: anyone else
# naming the notice (a player, the seat's new address, a forged id) is
# answered as before, and told nothing of the game.
NOTICE=$(cat $T/old-b.file)
nid=$(sed -n 's/^Message-ID: <\(.*\)>.*/\1/p' $NOTICE | tr -d '\r')
plain=$(sed -n 's/^From: .*<\(.*\)>.*/\1/p; s/^From: \([^<]*@[^<]*\)$/\1/p' $NOTICE | tr -d '\r')
case "$nid" in $G.1.*.admin.replaced@*) ;; *) fail "the notice's Message-ID: $nid";; esac; ok
[ -n "$plain" ] || fail "the notice has no From"; ok
to_notice() {	# FROM ID HEADER-LINE: a reply to the plain address, served
	ls $O >$T/before
	printf 'From: %s\nTo: %s\nSubject: Re: the masque\nMessage-ID: <%s@x.test>\n%s\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\nSTATUS\n' \
	    "$1" "$plain" "$2" "$3" >$IN/$2.test
	cp $IN/$2.test $T/$2.eml
	expect 0 "serve a reply to the notice: $2" -- $M -C $D serve --once
	[ "$(entries)" = "$ne" ] || fail "a reply to the notice was logged: $2"; ok
}
REPLACED="ホストの判断で、ゲーム $G であなたが打っていた席は別の人に任されました。"
NOTAG="This message is not a reply to a game's mail: its address carries no game tag."
to_notice bob@x.test n-irt "In-Reply-To: <$nid>"
answer refused bob@x.test n-irt
says n-irt "$REPLACED"
says_not n-irt "$NOTAG"
to_notice bob@x.test n-refs "References: <$G.1.1.welcome@masqued.invalid> <$nid>"
answer refused bob@x.test n-refs
says n-refs "$REPLACED"
# the dry run says the same, and names the game but no player
expect 0 "parse a reply to the notice" -- $M -C $D parse $T/n-irt.eml
$PY - $T/out $G <<'EOF' || { cat $T/out >&2; fail "parse of a reply to the notice"; }
import json, sys
j = json.load(open(sys.argv[1]))
assert j["game"] == sys.argv[2] and j["player"] is None, j
assert j["auth"].startswith("The host chose to give the seat you played in game " + sys.argv[2] + " to another person"), j["auth"]
assert j["commands"] == [] and j["errors"] == [], j
EOF
ok
# not the old address: as any mail with no game tag, the game unsaid; to a
# player of a game here in the player's language (bob2 has the seat's, ja;
# carol plays in English), to a stranger in the server's
NOTAG_JA="このメールはゲームのメールへの返信ではありません（宛先にゲームのタグがありません）。"
for who in carol@x.test bob2@x.test stranger@y.test; do
	to_notice $who "n-$who" "In-Reply-To: <$nid>"
	answer refused $who "n-$who"
	case $who in
	bob2@*) says "n-$who" "$NOTAG_JA"; says_not "n-$who" "$NOTAG" ;;
	*) says "n-$who" "$NOTAG" ;;
	esac
	says_not "n-$who" "$G"
	expect 0 "parse a reply to the notice from $who" -- $M -C $D parse "$T/n-$who.eml"
	$PY -c 'import json,sys; j=json.load(open(sys.argv[1])); sys.exit(not (j["game"] is None and "no game tag" in j["auth"]))' \
	    $T/out || { cat $T/out >&2; fail "parse of a reply to the notice from $who"; }; ok
done
# an id the game never sent (another entry, another seat, another domain)
for id in $(echo "$nid" | sed 's/\.1\.\([0-9]*\)\.admin/.1.2.admin/') \
    $(echo "$nid" | sed 's/^\([a-z0-9]*\)\.1\./\1.0./') \
    $(echo "$nid" | sed 's/@.*/@elsewhere.test/'); do
	[ "$id" != "$nid" ] || fail "the forged id is the notice's: $id"; ok
	to_notice bob@x.test "f-$id" "In-Reply-To: <$id>"
	answer refused bob@x.test "f-$id"
	says "f-$id" "$NOTAG"
	says_not "f-$id" "$G"
done
# a replace to the seat's own address: refused while it plays (a no-op
# that mailed 'a new email address'), a kicked seat's way back otherwise
cp $D/games/$G/log $T/log.before
expect 1 "replace bob with his own address" -- $M -C $D admin $G replace bob BOB2@x.test --why "x"
err_has "bob plays from BOB2@x.test already (admin rotate-token gives new reply addresses)."
one_line
same_file $D/games/$G/log $T/log.before "a replace to the same address"
ls $O >$T/before
expect 0 "carol back" -- $M -C $D admin $G replace carol carol@x.test --why "she is back"
expect 0 "serve" -- $M -C $D serve --once
answer admin carol@x.test back-c
says back-c "The host gave you your seat back: you play it again, no longer the deadline's default moves. Why: she is back"
# she knows the game: the notice (which asks her move), no second welcome
[ -z "$(cd $O && grep -l "^X-Masqued-Mail: welcome" $(cat $T/new) /dev/null |
    xargs -r grep -l "^To: carol@x.test")" ] || fail "carol, back, was welcomed again"; ok
says_not back-c "This address no longer plays"
says_not back-c "a new email address"
# bob back at his old address: a reply to the notice is no longer the
# replaced address's (it plays there), so it is answered as any mail with
# no game tag from a player, in his seat's language
expect 0 "bob back" -- $M -C $D admin $G replace bob bob@x.test --why "back again"
expect 0 "serve" -- $M -C $D serve --once
ne=$(entries)
to_notice bob@x.test n-back "In-Reply-To: <$nid>"
answer refused bob@x.test n-back
says_not n-back "$REPLACED"
says n-back "$NOTAG_JA"
expect 0 "verify" -- $M -C $D verify $G

# --- the clock: a pause stops it, an extend moves the debts running now ---
D=$T/clock
O=$D/mail/outbox/new
T0=$MASQUED_NOW
H=3600
expect 0 "init" -- $M -C $D init
expect 0 "new masquerade" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test --seed $SEED
G=$(cat $T/out)
at() {	# HOURS command...: the command at T0 + HOURS
	h=$1; shift
	MASQUED_NOW=$((T0 + h * H)) "$@"
}
deadline() {	# the next deadline, as `games --json` gives it (Unix seconds)
	at $1 $MREL -C $D games --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["games"][0]["deadline"])'
}
secs() { echo $((T0 + $1 * H)); }
utc() { date -u -d "@$(secs $1)" '+%Y-%m-%d %H:%M'; }
at 0 $M -C $D serve --once 2>/dev/null
# alice owes from 0 h; paused 10 h to 200 h: 62 h of her 72 are left
at 10 expect 0 "pause" -- $M -C $D admin $G pause --why "a holiday"
at 200 expect 0 "resume" -- $M -C $D admin $G resume --why "back"
[ "$(deadline 200)" = "$(secs 262)" ] ||
    fail "after a pause from 10 h to 200 h the deadline is $(deadline 200), not $(secs 262)"; ok
at 200 $M -C $D serve --once 2>/dev/null
[ "$(entries)" = 3 ] || fail "the resume timed alice out at once (the pause counted)"; ok
# the resume mail tells the deadline to come
f=$(grep -l "^Message-ID: <$G.0.3.admin" $O/*) || fail "no resume mail to alice"
grep -q "deadline is $(utc 262) UTC" $f || fail "the resume mail does not tell the new deadline"; ok
at 251 $M -C $D serve --once 2>/dev/null
[ "$(grep -l '^X-Masqued-Mail: reminder' $O/* | wc -l)" = 1 ] || fail "no reminder 11 h before the deadline"; ok
# extend: alice's debt 24 h more; then bob, after her move, gets 72 h
at 251 expect 0 "extend" -- $M -C $D admin $G extend 24h --why "a late start"
[ "$(deadline 251)" = "$(secs 286)" ] ||
    fail "extend 24h: the deadline is $(deadline 251), not $(secs 286)"; ok
at 280 $M -C $D serve --once 2>/dev/null
[ "$(entries)" = 4 ] || fail "alice timed out before her extended deadline"; ok
# the extend's notice gives every player the new deadline, not only alice
# who owes it (bob and carol read "24 hours later" and no date)
for p in alice bob carol; do
	f=$(grep -l "^To: $p@x.test" $(grep -l "moved the deadlines 24 hours" $O/*)) ||
	    fail "no extend notice to $p"
	parts "$f" ext-$p
done
says ext-alice "Your move is now due $(utc 286) UTC."
says ext-bob "alice's move is now due $(utc 286) UTC."
says ext-carol "alice's move is now due $(utc 286) UTC."
# alice reads her new deadline once, in the notice's own sentence, not
# again as "The current deadline is ..." under it
says_not ext-alice "The current deadline is"
w=$(at 280 $MREL -C $D bot $G alice)
at 280 expect 0 "alice moves" -- $M -C $D submit $G alice "$w"
[ "$(deadline 280)" = "$(secs 352)" ] ||
    fail "the extend still moves the next debt: $(deadline 280), not $(secs 352)"; ok
at 353 $M -C $D serve --once 2>/dev/null
$MREL -C $D log $G | tail -n 1 | grep -q " timeout " || fail "no timeout at the next debt's usual deadline"; ok
expect 0 "verify" -- $M -C $D verify $G
# the log's lines say what each action did ('extend : a late start' did
# not say by how long), a why on one line; a blank why is no why
expect 0 "log" -- $M -C $D log $G
out_has "admin    pause: a holiday"
out_has "admin    extend 1d: a late start"
cp $D/games/$G/log $T/log.before
expect 2 "a blank why" -- $M -C $D admin $G pause --why "   "
err_has 'admin pause needs --why "...": every admin action says why, in the log and to the players'
same_file $D/games/$G/log $T/log.before "a blank why"
# a why of two lines is refused (the players' notice says it on one line);
# nothing logged
expect 2 "a why of two lines" -- $M -C $D admin $G extend 90m --why "$(printf 'one\ntwo')"
err_has "admin extend: --why's reason holds a line break; write it on one line"
one_line
same_file $D/games/$G/log $T/log.before "a why of two lines"
expect 0 "a why of one line" -- $M -C $D admin $G extend 90m --why "one, two"
expect 0 "log" -- $M -C $D log $G
out_has 'admin    extend 1h30m: one, two'
[ "$(wc -l <$T/out)" = "$(wc -l <$D/games/$G/log)" ] || fail "an entry of the log took two lines"; ok
# the log's last entry removed: the chain cannot tell, but its players
# were mailed it (verify said 'ok', one entry short)
n=$(entries)
cp $D/games/$G/log $T/log.full
head -n $((n - 1)) $T/log.full >$D/games/$G/log
expect 3 "verify a log without its last entry" -- $M -C $D verify $G
err_has "entry $n: the log ends at entry $((n - 1)), but entries up to $n were mailed to the players ($D/games/$G/mailed): its last entries were removed."
one_line
# its last line end dropped (as an editor may): not called removed alone
head -c -1 $T/log.full >$D/games/$G/log
expect 3 "verify a log whose last line end is gone" -- $M -C $D verify $G
err_has "entry $n: the log ends at entry $((n - 1)) and a last line of"
err_has "if that line is entry $n whole, put its line end back"
one_line
# its mark of mailed entries damaged: the cut cannot be told, and verify
# says so rather than a bare 'ok'; serve tells the host, and the next
# entry writes a good mark
head -n $((n - 1)) $T/log.full >$D/games/$G/log
cp $D/games/$G/mailed $T/mailed.good
printf 'garb' >$D/games/$G/mailed
expect 0 "verify with a damaged mark" -- $M -C $D verify $G
out_has "but its mark of mailed entries $D/games/$G/mailed is damaged, so whether entries were cut from its end cannot be told"
cp $T/log.full $D/games/$G/log
expect 0 "serve with a damaged mark" -- $M -C $D serve --once
err_has "game $G: its mark of mailed entries $D/games/$G/mailed is damaged and is read as none"
# the mark deleted, and the log cut: said as of a damaged mark (verify said
# a bare "ok", serve nothing: found by the host)
head -n $((n - 1)) $T/log.full >$D/games/$G/log
rm $D/games/$G/mailed
expect 0 "verify with no mark" -- $M -C $D verify $G
out_has "but its mark of mailed entries $D/games/$G/mailed is missing, so whether entries were cut from its end cannot be told"
# a log copied out of the data folder has no mark beside it: nothing said
cp $D/games/$G/log $T/away.log
expect 0 "verify a log copied away" -- $M -C $D verify $T/away.log
! grep -q "mark of mailed" $T/out || fail "a log copied away is said to lack its mark"; ok
cp $T/log.full $D/games/$G/log
expect 0 "serve with no mark" -- $M -C $D serve --once
err_has "game $G: its mark of mailed entries $D/games/$G/mailed was missing: whether entries were cut from the end of its log cannot be told"
# said once: the mark is written anew at the log's end, and verify says ok
expect 0 "verify once serve wrote a new mark" -- $M -C $D verify $G
! grep -q "mark of mailed" $T/out || fail "the new mark is not written"; ok
expect 0 "serve again" -- $M -C $D serve --once
! grep -q "mailed was missing" $T/err || fail "the missing mark is said again"; ok
cp $T/mailed.good $D/games/$G/mailed
expect 0 "verify the whole log again" -- $M -C $D verify $G

# --- policy wait: the player is not promised a default; the host is told ---
D=$T/wait
O=$D/mail/outbox/new
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
expect 0 "new masquerade, policy wait" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test --seed $SEED --option policy=wait
G=$(cat $T/out)
at 0 $M -C $D serve --once 2>/dev/null
ls $O >$T/before
at 61 $M -C $D serve --once 2>/dev/null
answer reminder alice@x.test wait-r
says wait-r "If nothing comes by then, nothing is played for you: the game waits, and the host decides."
says_not wait-r "a default is applied"
ls $O >$T/before
at 73 expect 0 "serve past the deadline" -- $M -C $D serve --once
at 80 expect 0 "serve later" -- $M -C $D serve --once
[ "$(entries)" = 1 ] || fail "policy wait applied a default"; ok
f=$(cd $O && grep -l "^To: host@x.test" $(ls | comm -13 $T/before -)) ||
    fail "the host was not told that the game waits"
[ "$(echo "$f" | wc -l)" = 1 ] || fail "the host was told more than once: $f"; ok
$PY - $O/$f <<'EOF' || fail "the host's mail does not say who, and what to do"
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], 'rb'))
t = ' '.join(m.get_payload(decode=True).decode().split())
assert "alice's deadline passed at" in t and 'policy is wait' in t, t
# the game's deadline (3d) from the mail, the hour past rounded up
assert 'extend 3d1h' in t and 'kick alice' in t, t
assert 'default alice' in t, t
EOF
ok
# the host gives more time; when that deadline passes too, the host is told
# again, once (the notice was once per debt: a moved deadline passed unsaid)
at 80 expect 0 "extend under policy wait" -- $M -C $D admin $G extend 24h --why "one more day"
host_told() { grep -l "^To: host@x.test" $O/* | xargs grep -l "^Subject: .*waits for you" | wc -l; }
at 95 expect 0 "serve before the new deadline" -- $M -C $D serve --once
[ "$(host_told)" = 1 ] || fail "the host was told before the moved deadline passed: $(host_told)"; ok
at 97 expect 0 "serve past the new deadline" -- $M -C $D serve --once
[ "$(host_told)" = 2 ] || fail "the host was not told again when the moved deadline passed: $(host_told) notice(s)"; ok
# the daemon's log says so too, once (it said only "1 mail(s) sent")
err_has "game $G: alice missed the deadline of "
err_has "; the policy is wait, so nothing is applied, and the host is told"
at 99 expect 0 "serve later again" -- $M -C $D serve --once
[ "$(host_told)" = 2 ] || fail "the host was told twice of the moved deadline"; ok
! grep -q "missed the deadline of" $T/err || fail "the daemon's log said it again"; ok
[ "$(entries)" = 2 ] || fail "policy wait applied a default after the extend"; ok
# the host applies alice's default, this once: logged as a timeout (the
# host's why), mailed as one; bob, who owes nothing, has none to apply
at 99 expect 1 "default for bob, who owes nothing" -- $M -C $D admin $G default bob --why "x"
err_has "bob owes no move in game $G now; there is no default to apply."; one_line
[ "$(entries)" = 2 ] || fail "a refused default was logged"; ok
ls $O >$T/before
at 99 expect 0 "default for alice" -- $M -C $D admin $G default alice --why "alice is away"
out_has "$G: alice's default, DANCER "
$MREL -C $D log $G | tail -n 1 | grep -q "timeout  alice (by admin): DANCER " || fail "the default is not logged as a timeout"; ok
[ "$(entries)" = 3 ] || fail "admin default did not log one entry"; ok
at 99 expect 0 "serve sends the default's mails" -- $M -C $D serve --once
[ "$(ls $O | comm -13 $T/before - | (cd $O && xargs grep -l '^X-Masqued-Mail: turn') | wc -l)" = 3 ] ||
    fail "the default's turn mails did not go to all three"; ok
! ls $O | comm -13 $T/before - | (cd $O && xargs grep -l '^To: host@x.test') >/dev/null ||
    fail "the host was told again after their own default"; ok
expect 0 "verify after admin default" -- $M -C $D verify $G
done_checks
