#!/bin/sh
# test_all_absent.sh - a game nobody plays stops itself: once every player
# still in it has missed a deadline and nobody has played since, masqued
# plays no more default moves (The Masquerade's defaults would pass quiet
# Stages for ever), pauses the game as an admin entry of its own, tells the
# players in their language and the host once; the host's resume plays on.
# One player who keeps playing keeps the game going. The clock pinned.
. tests/cli/lib.sh
clock_folder
echo "admin = host@x.test" >>$D/masqued.conf
O=$D/mail/outbox/new
PY=/usr/bin/python3

entries() { $MREL -C $D log $1 | wc -l; }
paused_by_masqued() { tail -n 1 $D/games/$1/log | grep -q '"action":"pause","by":"masqued"'; }
kind_to() {	# kind, address: how many mails of that kind went to it
	grep -l "^X-Masqued-Mail: $1" $O/* 2>/dev/null | xargs -r grep -l "^To: $2" | wc -l
}
subject_of() {	# kind, address: the decoded subject of the last such mail
	f=$(grep -l "^X-Masqued-Mail: $1" $O/* | xargs grep -l "^To: $2" | sort | tail -n 1)
	$PY -c 'import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(str(email.header.make_header(email.header.decode_header(m["Subject"]))))' "$f"
}
text_of() {	# kind, address: the text part of the last such mail, one line
	f=$(grep -l "^X-Masqued-Mail: $1" $O/* | xargs grep -l "^To: $2" | sort | tail -n 1)
	$PY -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for p in m.walk():
    if p.get_content_type() == "text/plain":
        print(" ".join(p.get_payload(decode=True).decode().split()))' "$f"
}
# serve at each next deadline (73 h apart) until the game pauses; the
# number of deadlines it took on stdout
until_paused() {	# game, first hour, at most this many deadlines
	k=0; h=$2
	while [ $k -lt $3 ]; do
		k=$((k + 1)); h=$((h + 73))
		MASQUED_NOW=$((T0 + h * H)) $M -C $D serve --once 2>>$T/serve.err ||
		    fail "serve --once at $h h"
		if paused_by_masqued $1; then echo "$k $h"; return 0; fi
	done
	echo "never $h"
}

# --- The Masquerade, in Japanese: nobody plays ---
G=$($M -C $D new masquerade --lang ja --player alice=alice@j.test \
    --player bob=bob@j.test --player carol=carol@j.test \
    --seed 0505050505050505050505050505050505050505050505050505050505050505) ||
    fail "new masquerade"
expect 0 "the welcome mails go out" -- $M -C $D serve --once
set -- $(until_paused $G 0 12)
[ "$1" != never ] || fail "The Masquerade nobody plays was never paused"; ok
h=$2
$MREL -C $D log $G | grep -q "  timeout  " || fail "no default was played before the pause"; ok
tail -n 1 $D/games/$G/log | grep -q '"why":"every player missed a deadline and nobody has played since"' ||
    fail "the pause entry does not say why"; ok
$MREL -C $D log $G | tail -n 1 | grep -q "admin    pause (by masqued): every player missed a deadline" ||
    fail "log does not say masqued paused it: $($MREL -C $D log $G | tail -n 1)"; ok
expect 0 "verify a game masqued paused" -- $M -C $D verify $G
expect 0 "view public of a game masqued paused" -- $M -C $D view $G public
head -n 1 $T/out | grep -qF "Paused by masqued (nobody is playing): no move is taken until it resumes." ||
    { cat $T/out >&2; fail "view public does not say the game is paused, and by whom"; }; ok
expect 0 "view --json" -- $M -C $D view $G alice --json
$PY -c 'import json, sys; assert json.load(open(sys.argv[1]))["paused"] == "by masqued: nobody is playing"' $T/out ||
    fail "view --json does not say paused"; ok
for p in alice bob carol; do
	[ "$(kind_to admin $p@j.test)" = 1 ] || fail "$p was not told of the pause once"; ok
	subject_of admin $p@j.test | grep -F "一時停止：だれも手を送っていません" >/dev/null ||
	    fail "$p's notice is not headed as masqued's pause, in Japanese: $(subject_of admin $p@j.test)"; ok
	text_of admin $p@j.test | grep -F "全員が期限までに手を送らず" >/dev/null ||
	    fail "$p's notice does not say why, in Japanese"; ok
	text_of admin $p@j.test | grep -F "ゲームの一時停止 ---" >/dev/null ||
	    fail "$p's notice is not headed as masqued's pause"; ok
	text_of admin $p@j.test | grep -F "一時停止中は、送られたものは適用されません。" >/dev/null ||
	    fail "$p's notice does not say a move is not applied while paused"; ok
	! text_of admin $p@j.test | grep -F "ホストがゲームを一時停止しました" >/dev/null ||
	    fail "$p is told the host paused it"; ok
done
# the mail of the defaults that paused it says so, and promises no deadline
last_game_subject() {	# address: the subject of the last mail to it other than admin
	f=$(grep -L "^X-Masqued-Mail: admin" $O/* | xargs grep -l "^To: $1" | sort | tail -n 1)
	$PY -c 'import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(str(email.header.make_header(email.header.decode_header(m["Subject"]))))' "$f"
}
last_game_mail() {	# address: the text of the last mail to it other than admin
	f=$(grep -L "^X-Masqued-Mail: admin" $O/* | xargs grep -l "^To: $1" | sort | tail -n 1)
	$PY -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for p in m.walk():
    if p.get_content_type() in ("text/plain", "text/html"):
        print(" ".join(p.get_payload(decode=True).decode().split()))' "$f"
}
for p in alice bob carol; do
	last_game_mail $p@j.test >$T/pausing.txt
	[ "$(grep -cF "これで全員が期限を過ぎたため、ゲームはホストの判断を待って一時停止します" $T/pausing.txt)" = 2 ] ||
	    { cat $T/pausing.txt >&2; fail "$p's mail of the last defaults does not say (text and HTML) that the game pauses"; }; ok
	! grep -qF "（期限" $T/pausing.txt ||
	    { cat $T/pausing.txt >&2; fail "$p's mail of the last defaults promises a deadline that will not run"; }; ok
	last_game_subject $p@j.test | grep -qF "ゲームは一時停止します" ||
	    fail "$p's mail of the last defaults is not headed as the pause: $(last_game_subject $p@j.test)"; ok
done
# a mail that tells of defaults does not say right under them that nothing
# happened: it tells what happened since the player's last move, the
# default's own doing too (its recap runs from the player's last move)
for f in $(grep -l "^To: alice@j.test" $O/* | xargs grep -L "^X-Masqued-Mail: admin"); do
	$PY -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for p in m.walk():
    if p.get_content_type() == "text/plain":
        print("".join(p.get_payload(decode=True).decode().split()))' "$f"
done >$T/alice_all.txt
grep "既定の手を出しました" $T/alice_all.txt | grep -qvF "新しい出来事はありません" ||
    fail "no mail of defaults tells what happened since the last move"; ok
! grep "既定の手を出しました" $T/alice_all.txt | grep -qF "以降、新しい出来事はありません。" ||
    fail "a mail of defaults says nothing happened right under them"; ok
[ "$(grep -l "^To: host@x.test" $O/* | xargs grep -l "is paused: nobody is playing" | wc -l)" = 1 ] ||
    fail "the host was not told once"; ok
f=$(grep -l "^To: host@x.test" $O/* | xargs grep -l "is paused: nobody is playing")
$PY -c 'import email, sys
print(email.message_from_binary_file(open(sys.argv[1], "rb")).get_payload(decode=True).decode())' "$f" |
    grep -qF "masqued -C $(realpath $D) admin $G resume" ||
    fail "the host's mail does not say how to resume"; ok

# paused: time passes, nothing is played, nobody is mailed again
n=$(entries $G); m=$(ls $O | wc -l)
MASQUED_NOW=$((T0 + (h + 500) * H)) $M -C $D serve --once 2>>$T/serve.err
[ "$(entries $G)" = "$n" ] || fail "defaults were played in the paused game"; ok
[ "$(ls $O | wc -l)" = "$m" ] || fail "a paused game's pass sent mail"; ok
MASQUED_NOW=$((T0 + (h + 500) * H)) expect 1 "a move while masqued paused it" -- \
    $M -C $D submit --no-mail $G alice "PASS"
err_has "Game $G is paused: nobody was playing"
! grep -q "by the host" $T/err || fail "masqued's pause is called the host's: $(cat $T/err)"; ok
# alice's reply by mail: refused in her language, without blaming the host
IN=$D/mail/inbox/new
rt=$(grep -l "^To: alice@j.test" $O/* | xargs grep -l "^Reply-To: game+$G\." | head -n 1 |
    xargs sed -n 's/^Reply-To: //p' | tr -d '\r')
printf 'From: alice@j.test\nTo: %s\nSubject: Re\nMessage-ID: <p1@j.test>\n\nPASS\n' "$rt" >$IN/p1.test
MASQUED_NOW=$((T0 + (h + 500) * H)) expect 0 "serve a reply to the paused game" -- $M -C $D serve --once
[ "$(kind_to refused alice@j.test)" = 1 ] || fail "alice's reply to the paused game was not refused once"; ok
text_of refused alice@j.test | grep -F "だれも手を送っていない" >/dev/null ||
    fail "the refusal does not say why the game is paused, in Japanese: $(text_of refused alice@j.test)"; ok
! text_of refused alice@j.test | grep -F "ホストが一時停止" >/dev/null ||
    fail "the refusal says the host paused it: $(text_of refused alice@j.test)"; ok

# the host resumes: the defaults play again until everyone has missed a
# deadline once more, then it pauses again
h=$((h + 500))
MASQUED_NOW=$((T0 + h * H)) expect 0 "resume" -- $M -C $D admin $G resume --why "one more try"
expect 0 "view public once resumed" -- $M -C $D view $G public
! grep -q "^Paused" $T/out || fail "view says paused after the resume"; ok
MASQUED_NOW=$((T0 + h * H)) expect 0 "the host pauses" -- $M -C $D admin $G pause --why "a check"
expect 0 "view public, paused by the host" -- $M -C $D view $G public
head -n 1 $T/out | grep -qF "Paused by the host: no move is taken until it resumes." ||
    fail "view public does not say the host paused it"; ok
MASQUED_NOW=$((T0 + h * H)) expect 0 "resume" -- $M -C $D admin $G resume --why "go on"
set -- $(until_paused $G $h 12)
[ "$1" != never ] || fail "after the resume, the game nobody plays ran on for ever"; ok
h=$2
[ "$(entries $G)" -gt $((n + 1)) ] || fail "no default was played after the resume"; ok
for p in alice bob carol; do
	[ "$(kind_to admin $p@j.test)" = 5 ] || fail "$p: not the resume, the host's pause and resume, and the second pause"; ok
done
# the host ends it; its export, masqued's pauses in it, verifies
MASQUED_NOW=$((T0 + (h + 1) * H)) expect 0 "end" -- $M -C $D admin $G end --why "nobody plays"
expect 0 "export it" -- $M -C $D export $G
$PY tests/verify_export.py $T/out >$T/py.out 2>&1 ||
    { cat $T/py.out >&2; fail "verify_export.py refused the export"; }; ok

# --- The Masquerade: alice plays every time she owes; the others do not ---
A=$($M -C $D new masquerade --player alice=alice@y.test --player bob=bob@y.test \
    --player carol=carol@y.test \
    --seed 0606060606060606060606060606060606060606060606060606060606060606) ||
    fail "new masquerade (alice plays)"
h=0
for k in 1 2 3 4 5 6 7 8; do
	while c=$($MREL -C $D bot $A alice) && [ -n "$c" ]; do
		MASQUED_NOW=$((T0 + h * H)) $MREL -C $D submit --no-mail $A alice "$c" >/dev/null ||
		    fail "alice: $c"
	done
	h=$((h + 73))
	MASQUED_NOW=$((T0 + h * H)) $M -C $D serve --once 2>>$T/serve.err
	! grep -q '"by":"masqued"' $D/games/$A/log || fail "paused although alice plays (deadline $k)"; ok
done
$MREL -C $D log $A | grep -q "  timeout  bob:" || fail "bob missed no deadline: the case shows nothing"; ok

# --- The Masque of the Red Death, in English: nobody places ---
R=$(new_game $D) || fail "new redmasque"
set -- $(until_paused $R 0 8)
[ "$1" = 4 ] || fail "the Red Death game nobody plays paused after $1 deadlines, not 4 (one placement each)"; ok
[ "$(subject_of admin alice@x.test | grep -c 'paused: nobody is playing')" = 1 ] ||
    fail "the English subject: $(subject_of admin alice@x.test)"; ok
text_of admin alice@x.test | grep -F "every player missed a deadline and nobody has played since, so masqued stopped" >/dev/null ||
    fail "the English notice does not say why"; ok
text_of admin alice@x.test | grep -F "YOUR MOVE" >/dev/null &&
    fail "the paused game's notice asks for a move"; ok
text_of admin alice@x.test | grep -F "A NOTICE FROM THE HOST" >/dev/null &&
    fail "masqued's pause is headed as the host's"; ok
expect 0 "verify" -- $M -C $D verify $R
# the mail of the defaults that paused it asks for no move: it said "choose
# your action", with the cards to PLAY, in a game that applies nothing
for p in alice bob carol dave; do
	last_game_subject $p@x.test | grep -q " — the game pauses\$" ||
	    fail "$p's mail of the last defaults is headed: $(last_game_subject $p@x.test)"; ok
	last_game_mail $p@x.test >$T/pausing.txt
	grep -qF "so the game pauses for the host" $T/pausing.txt ||
	    { cat $T/pausing.txt >&2; fail "$p's mail of the last defaults does not say the game pauses"; }; ok
	! grep -qE "YOUR MOVE|Reply with one|Waiting for" $T/pausing.txt ||
	    { cat $T/pausing.txt >&2; fail "$p's mail of the last defaults asks for a move, or waits for one"; }; ok
	# its lines as written, not wrapped four columns in as a list's
	f=$(grep -L "^X-Masqued-Mail: admin" $O/* | xargs grep -l "^To: $p@x.test" | sort | tail -n 1)
	$PY -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
t = [p for p in m.walk() if p.get_content_type() == "text/plain"][0].get_payload(decode=True).decode()
sys.exit(0 if "pauses for the host:\nuntil it resumes, nothing you send is applied." in t else 1)' "$f" ||
	    fail "$p's mail of the last defaults: the pause's sentence is not as written"; ok
done

# a pass cut short after the last default, before its pause was logged:
# the next pass pauses at once, with no default more (the pause entry goes,
# and with it the mark that it was mailed: a log shorter than its mark is
# one someone cut, and stops the game)
h=$2
sed -i '$d' $D/games/$R/log
rm -f $D/games/$R/clock
n=$(entries $R)
printf '%020d\n' $n >$D/games/$R/mailed
MASQUED_NOW=$((T0 + (h + 1) * H)) $M -C $D serve --once 2>>$T/serve.err
[ "$(entries $R)" = $((n + 1)) ] || fail "not one entry more after the cut-short pass"; ok
paused_by_masqued $R || fail "the pass after the cut-short one did not pause"; ok
expect 0 "verify after the cut-short pass" -- $M -C $D verify $R

# --- The Red Death: alice places, nobody plays after; a pass that comes
# late (the host's machine was off) finds every action's deadline past:
# alice's default leaves everyone away and the game pauses, and nobody is
# reminded in that pass ("the default is applied for you" is untrue of a
# paused game) ---
L=$(new_game $D) || fail "new redmasque (late pass)"
expect 0 "alice places" -- $M -C $D submit --no-mail $L alice "PLACE black"
for h in 73 146 219 292; do
	MASQUED_NOW=$((T0 + h * H)) $M -C $D serve --once 2>>$T/serve.err ||
	    fail "serve --once at $h h"
done
paused_by_masqued $L || fail "the late pass did not pause the game"; ok
late=$(ls $O | grep "^$((T0 + 292 * H))\." | sed "s|^|$O/|")
[ -n "$late" ] || fail "the late pass sent nothing"; ok
! grep -l "^X-Masqued-Mail: reminder" $late >/dev/null ||
    fail "the pass that paused the game reminded players: $(grep -l "^X-Masqued-Mail: reminder" $late | xargs grep -h '^To:')"; ok

# --- The Red Death: alice places, the others miss their placements; the
# host kicks alice, the only player still playing: the game pauses, and
# the kick's notice, which plays no default, does not say (in its text or
# its HTML) that everyone has now missed a deadline ---
K=$(new_game $D) || fail "new redmasque (kick the last player)"
expect 0 "alice places" -- $M -C $D submit --no-mail $K alice "PLACE black"
h=0
until $MREL -C $D view $K admin --json | grep -q '"owes": "act"'; do
	h=$((h + 73)); [ $h -lt 400 ] || fail "the placements never ended"
	MASQUED_NOW=$((T0 + h * H)) $M -C $D serve --once 2>>$T/serve.err ||
	    fail "serve --once at $h h"
done
! paused_by_masqued $K || fail "paused while alice still plays"; ok
MASQUED_NOW=$((T0 + (h + 1) * H)) expect 0 "kick alice" -- \
    $M -C $D admin $K kick alice --why "moved away"
ls $O >$T/before.kick
kicks=0
MASQUED_NOW=$((T0 + (h + 1) * H)) $M -C $D serve --once 2>>$T/serve.err
for f in $(ls $O | comm -13 $T/before.kick - | sed "s|^|$O/|" |
    xargs grep -l "^X-Masqued-Mail: admin"); do
	$PY - "$f" >$T/kick.parts <<'EOF2'
import email, html, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for p in m.walk():
    if p.get_content_type() in ("text/plain", "text/html"):
        print(" ".join(html.unescape(p.get_payload(decode=True).decode()).split()))
EOF2
	grep -q "moved away" $T/kick.parts || continue	# the pause's
	kicks=$((kicks + 1))
	! grep -q "Every player has now missed a deadline" $T/kick.parts ||
	    fail "the kick notice says everyone missed a deadline: $f"; ok
done
[ $kicks = 4 ] || fail "the kick was mailed to $kicks players, not 4"; ok
paused_by_masqued $K || fail "the game was not paused once alice was kicked"; ok

# --- the host resumes the game masqued paused (L, at 292 h): the moves owed
# had their deadlines gone by at the pause, so each gets a whole deadline
# (72 h) from the resume. Given back the time paused alone, it passed again
# at once: the next pass played the defaults, and the resume notice asked
# for a reply by a time already gone ---
dl_of() {	# game: its deadline in games --json
	$MREL -C $D games --json 2>/dev/null | $PY -c 'import json, sys
print([g["deadline"] for g in json.load(sys.stdin)["games"] if g["game"] == sys.argv[1]][0])' "$1"
}
utc() { date -u -d "@$1" '+%Y-%m-%d %H:%M UTC'; }
n=$(entries $L)
MASQUED_NOW=$((T0 + 300 * H)) expect 0 "resume the game masqued paused" -- \
    $M -C $D admin $L resume --why "one more try"
[ "$(MASQUED_NOW=$((T0 + 300 * H)) dl_of $L)" = $((T0 + 372 * H)) ] ||
    fail "the deadline after the resume is $(utc $(dl_of $L)), not 72 h from it"; ok
MASQUED_NOW=$((T0 + 300 * H)) $M -C $D serve --once 2>>$T/serve.err
[ "$(entries $L)" = $((n + 1)) ] || fail "defaults were played at the resume"; ok
w=$($MREL -C $D games --json 2>/dev/null | $PY -c 'import json, sys
print([g["waiting_for"][0] for g in json.load(sys.stdin)["games"] if g["game"] == sys.argv[1]][0])' $L)
text_of admin $w@x.test | grep -qF "The current deadline is $(utc $((T0 + 372 * H)))." ||
    fail "$w's resume notice: $(text_of admin $w@x.test)"; ok
MASQUED_NOW=$((T0 + 371 * H)) $M -C $D serve --once 2>>$T/serve.err
[ "$(entries $L)" = $((n + 1)) ] || fail "a default was played before the new deadline"; ok
MASQUED_NOW=$((T0 + 373 * H)) $M -C $D serve --once 2>>$T/serve.err
$MREL -C $D log $L | tail -n 3 | grep -q "  timeout  $w:" ||
    fail "$w's default was not played at the new deadline"; ok
expect 0 "verify after the resume" -- $M -C $D verify $L

# --- the host pauses after a deadline passed, before serve played its
# default, and resumes: a whole deadline from the resume, as above; a
# pause in time gives back the time paused (test_deadlines.sh) ---
B=$(new_game $D) || fail "new redmasque (a late pause)"
expect 0 "the welcome mails" -- $M -C $D serve --once
n=$(entries $B)
MASQUED_NOW=$((T0 + 73 * H)) expect 0 "pause past the deadline" -- $M -C $D admin $B pause --why "away"
MASQUED_NOW=$((T0 + 80 * H)) expect 0 "resume" -- $M -C $D admin $B resume --why "back"
[ "$(MASQUED_NOW=$((T0 + 80 * H)) dl_of $B)" = $((T0 + 152 * H)) ] ||
    fail "the deadline after a late pause's resume is $(utc $(dl_of $B)), not 72 h from it"; ok
MASQUED_NOW=$((T0 + 80 * H)) $M -C $D serve --once 2>>$T/serve.err
[ "$(entries $B)" = $((n + 2)) ] || fail "the default was played at the resume of a late pause"; ok
# an extend after such a resume adds to the new deadline
MASQUED_NOW=$((T0 + 81 * H)) expect 0 "extend" -- $M -C $D admin $B extend 24h --why "more"
[ "$(MASQUED_NOW=$((T0 + 81 * H)) dl_of $B)" = $((T0 + 176 * H)) ] ||
    fail "the extend after the resume: $(utc $(dl_of $B)), not 96 h from the resume"; ok
# the resume says whose debt it started anew, so that the replay needs no
# config: the entry's "restart"
$MREL -C $D log $B --json | grep '"action":"resume"' | grep -q '"restart":\["' ||
    fail "the resume entry names no restart"; ok
expect 0 "verify" -- $M -C $D verify $B

# --- an extend while paused adds to the whole deadline the resume gives
# (it was lost, or left the player a few hours); a second pause, taken
# with time left, gives back that time, not a whole deadline again ---
B2=$(new_game $D) || fail "new redmasque (extend while paused)"
expect 0 "the welcome mails" -- $M -C $D serve --once
MASQUED_NOW=$((T0 + 73 * H)) expect 0 "pause past the deadline" -- $M -C $D admin $B2 pause --why "away"
MASQUED_NOW=$((T0 + 75 * H)) expect 0 "extend while paused" -- $M -C $D admin $B2 extend 6h --why "more"
MASQUED_NOW=$((T0 + 80 * H)) expect 0 "resume" -- $M -C $D admin $B2 resume --why "back"
[ "$(MASQUED_NOW=$((T0 + 80 * H)) dl_of $B2)" = $((T0 + 158 * H)) ] ||
    fail "an extend of 6 h while paused, then the resume: $(utc $(dl_of $B2)), not 78 h from the resume"; ok
MASQUED_NOW=$((T0 + 157 * H)) expect 0 "pause with an hour left" -- $M -C $D admin $B2 pause --why "again"
MASQUED_NOW=$((T0 + 160 * H)) expect 0 "resume" -- $M -C $D admin $B2 resume --why "back again"
[ "$(MASQUED_NOW=$((T0 + 160 * H)) dl_of $B2)" = $((T0 + 161 * H)) ] ||
    fail "a pause with an hour left, then the resume: $(utc $(dl_of $B2)), not an hour from it"; ok
$MREL -C $D log $B2 --json | grep '"why":"back again"' | grep -q '"restart"' &&
    fail "the second resume restarted a deadline that had not passed"; ok
expect 0 "verify" -- $M -C $D verify $B2
# its export, restart and all, passes the independent checker
MASQUED_NOW=$((T0 + 161 * H)) expect 0 "end" -- $M -C $D admin $B end --why "done"
expect 0 "export" -- $M -C $D export $B
cp $T/out $T/b.json
$PY tests/verify_export.py --rules config/games $T/b.json >$T/py.out 2>&1 ||
    { cat $T/py.out >&2; fail "verify_export.py refused an export with a resume's restart"; }; ok
# a restart that names no player, or one who owes nothing, as a host
# holding the key could log it: verify names the entry
n=$(grep -c '' $D/games/$B/log)
$PY tests/forge_log.py $D/keys/server.key $T/b.json $T/forged1.json 2 \
    '{"type": "admin", "action": "pause", "why": "x"}' \
    '{"type": "admin", "action": "resume", "why": "y", "restart": ["zoe"]}' || fail "forging"
expect 3 "verify a restart of no player" -- $M -C $D verify $T/forged1.json
err_has "entry $n: a resume restarting the deadline of \"zoe\", not a player of the game."; one_line
$PY tests/forge_log.py $D/keys/server.key $T/b.json $T/forged2.json 2 \
    '{"type": "admin", "action": "resume", "why": "y", "restart": ["alice"]}' || fail "forging"
expect 3 "verify a restart of an unpaused game" -- $M -C $D verify $T/forged2.json
err_has "entry $((n - 1)): a resume restarting deadlines in a game that was not paused."; one_line
done_checks
