#!/bin/sh
# test_greetings.sh - a line that is no command ("Hi all, good luck!",
# "Thanks") is only noted: the receipt lists it apart, as no command, left
# alone, not under NOT ACCEPTED with an error to correct and send again, and
# the subject is the plain "received" (it said "received, with problems").
# A mail of such lines alone is told it asked nothing, and what the game
# waits for, and is not called a problem; beside HELP it gets the help
# mail alone. A typo of a command word ("MOEV cw") is still a command
# refused, quoted as written, and the line after it waits. The same in
# Japanese (SET LANG ja), and in The Masquerade; `masqued parse` marks a
# greeting "note": true.
# Real replies through the Maildir inbox and `serve --once` (ASan binary).
. tests/cli/lib.sh
. tests/cli/lib_game.sh

subject() {	# mail file: its Subject, decoded
	$PY - "$1" <<'EOF'
import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], 'rb'))
print(str(email.header.make_header(email.header.decode_header(m['Subject']))))
EOF
}
subject_is() {	# NAME TEXT: the mail answer() kept as NAME has subject TEXT
	s=$(subject "$(cat $T/$1.file)")
	[ "$s" = "$2" ] || fail "$1's subject is '$s', not '$2'"; ok
}
subject_has() {	# NAME TEXT
	s=$(subject "$(cat $T/$1.file)")
	case "$s" in *"$2"*) ;; *) fail "$1's subject '$s' lacks '$2'";; esac; ok
}
subject_lacks() {	# NAME TEXT
	s=$(subject "$(cat $T/$1.file)")
	case "$s" in *"$2"*) fail "$1's subject '$s' says '$2'";; esac; ok
}
to_move() {	# the one who places now (placement goes in turn)
	$MREL -C $D view $G admin --json |
	    $PY -c 'import json,sys; print(json.load(sys.stdin)["owes"][0]["player"])'
}
clock() {
	$MREL -C $D view $G admin --json |
	    $PY -c 'import json,sys; print(json.load(sys.stdin)["time"])'
}
entries() { $MREL -C $D log $G | wc -l; }
txt_says() {	# NAME TEXT: the text part holds it (the HTML part has tags between)
	grep -qF -- "$2" $T/$1.txt || { cat $T/$1.txt >&2; fail "$1 (txt) does not say: $2"; }
	ok
}

# --- a greeting, a move, thanks: the move taken, the rest only noted ---
p=$(to_move); mv=$($MREL -C $D bot $G $p); t=$(clock); ne=$(entries)
ls $O >$T/before
send $p@x.test "$(reply_to $p)" g1 "Hi all, good luck!\n\n$mv\n\nThanks"
expect 0 "serve --once with a greeting around a move" -- $M -C $D serve --once
# the daemon's log line counts them apart: not refused, not commands
err_has "$p: 1 command(s) accepted, 0 refused, 0 already received, 2 line(s) not commands; logged"
[ "$(entries)" = $((ne + 1)) ] || fail "the move was not logged"; ok
$MREL -C $D log $G | tail -n 1 | grep -qF "$mv" ||
    fail "the entry is not $p's $mv: $($MREL -C $D log $G | tail -n 1)"; ok
answer receipt $p@x.test g1
subject_is g1 "[Masque $G] $t — received"
grep -qF -- "-- NOT COMMANDS ---" $T/g1.txt || fail "no NOT COMMANDS section"; ok
grep -qF ">Not commands</h2>" $T/g1.source.html || fail "no Not commands section (HTML)"; ok
txt_says g1 "line 1: Hi all, good luck!"
txt_says g1 "line 5: Thanks"
# the move, accepted, says its line too, as the refused and noted do
grep -qE -- "-- ACCEPTED -+ line 3: " $T/g1.txt || fail "the accepted move does not name its line 3"; ok
says g1 "These lines were left alone;"
txt_says g1 "These lines were left alone; HELP lists the commands."
says_not g1 "NOT ACCEPTED"
says_not g1 "send them again"
says_not g1 "is not a command"
grep -qi "ACCEPTED" $T/g1.txt || fail "the move is not listed as accepted"; ok
# the greeting is not under NOT ACCEPTED in the HTML part either
! grep -q "Not accepted" $T/g1.source.html || fail "the HTML part has a Not accepted list"; ok
narrow g1 "NOT COMMANDS" "These lines were left alone"

# --- a typo of a command word is a command refused: the next line waits ---
p=$(to_move); mv=$($MREL -C $D bot $G $p); t=$(clock); ne=$(entries)
ls $O >$T/before
send $p@x.test "$(reply_to $p)" g2 "Hello!\nMOEV cw\n$mv\nCheers"
expect 0 "serve --once with a typo before a move" -- $M -C $D serve --once
err_has "$p: 0 command(s) accepted, 2 refused, 0 already received, 2 line(s) not commands; nothing logged"
[ "$(entries)" = "$ne" ] || fail "a move after a refused line was logged"; ok
answer receipt $p@x.test g2
subject_is g2 "[Masque $G] $t — nothing accepted"
txt_says g2 "line 2: MOEV cw"
# quoted as the player wrote it, not lower-cased
says g2 '"MOEV" is not a command; did you mean MOVE? The commands are PLAY, MOVE,'
says_not g2 '"moev"'
txt_says g2 "line 3: $mv"
says g2 "Not applied, as a line above it was refused"
says g2 "send again, corrected, the ones you meant as moves"
# the greeting and the sign-off are still only noted
txt_says g2 "line 1: Hello!"
txt_says g2 "line 4: Cheers"
says g2 "These lines were left alone"

# --- thanks alone: nothing asked, what the game waits for, no problem ---
ls $O >$T/before
send $p@x.test "$(reply_to $p)" g3 "Thanks!"
expect 0 "serve --once with thanks alone" -- $M -C $D serve --once
err_has "$p: 0 command(s) accepted, 0 refused, 0 already received, 1 line(s) not commands; nothing logged"
answer receipt $p@x.test g3
subject_is g3 "[Masque $G] $t — received, no commands"
subject_lacks g3 "nothing accepted"
txt_says g3 "line 1: Thanks!"
says g3 "Your mail had no command in it, so nothing was played."
says_not g3 "NOT ACCEPTED"
says_not g3 "send them again"
grep -qF "place your noble" $T/g3.txt || fail "thanks alone: not told what the game waits for"; ok
# "HELP" and thanks: the help mail alone, as for HELP alone
ls $O >$T/before
send $p@x.test "$(reply_to $p)" g4 "HELP\n\nThanks!"
expect 0 "serve --once with HELP and thanks" -- $M -C $D serve --once
answer help $p@x.test g4
[ "$(ls $O | comm -13 $T/before - | wc -l)" = 1 ] ||
    fail "HELP and thanks got more than the help mail"; ok
says_not g4 "had no text of its own"	# HELP asked for it
# an empty reply, and a move written in the Subject alone: the help mail,
# saying why it came (it came with no word of why)
ls $O >$T/before
send $p@x.test "$(reply_to $p)" g4e ""
expect 0 "serve --once with an empty reply" -- $M -C $D serve --once
answer help $p@x.test g4e
says g4e "Your mail had no text of its own above the quoted mail (a command in the Subject is not read), so here are the commands: write them in the text."

# --- in Japanese: the subject is no problem's ---
p=$(to_move); mv=$($MREL -C $D bot $G $p); ne=$(entries)
ls $O >$T/before
send $p@x.test "$(reply_to $p)" g5 "SET LANG ja\nみなさん、こんにちは！\n$mv\nよろしくお願いします"
expect 0 "serve --once with a Japanese greeting" -- $M -C $D serve --once
[ "$(entries)" -gt "$ne" ] || fail "the Japanese player's move was not logged"; ok
answer receipt $p@x.test g5
subject_has g5 "受け付けました"
subject_lacks g5 "一部に問題あり"
subject_lacks g5 "受け付けられませんでした"
grep -qF -- "-- コマンドではない行 ---" $T/g5.txt || fail "no ja section"; ok
txt_says g5 "2行目：みなさん、こんにちは！"
# the SET line, listed first, names its line as the commands do
txt_says g5 "1行目：これからのメールは日本語で"
txt_says g5 "3行目："
says g5 "これらの行はコマンドではないので、そのままにしました。"
says_not g5 "受け付けられなかった行"
says_not g5 "もう一度送ってください"
narrow g5 "コマンドではない行" "コマンド一覧は HELP"
# an empty reply, in Japanese
ls $O >$T/before
send $p@x.test "$(reply_to $p)" g5e ""
expect 0 "serve --once with an empty Japanese reply" -- $M -C $D serve --once
answer help $p@x.test g5e
says g5e "お送りいただいたメールには、引用部分より上に本文がありませんでした（件名は読み取りません）。"
# and alone, in Japanese
ls $O >$T/before
send $p@x.test "$(reply_to $p)" g6 "ありがとう！"
expect 0 "serve --once with Japanese thanks alone" -- $M -C $D serve --once
answer receipt $p@x.test g6
subject_has g6 "受け付けました（コマンドなし）"
says g6 "メールにコマンドがなかったので、何もプレイされていません。"
says_not g6 "受け付けられなかった行"

# --- `masqued parse` marks a greeting a note, a typo not ---
printf 'From: %s@x.test\nTo: %s\nSubject: x\n\nHi all,\nPLAYY jest\n' "$p" \
    "$(reply_to $p)" >$T/dry.eml
expect 0 "parse a greeting and a typo" -- $M -C $D parse $T/dry.eml
$PY - "$T/out" <<'EOF' || { cat $T/out >&2; fail "parse does not mark the greeting a note"; }
import json, sys
j = json.load(open(sys.argv[1]))
c = j["commands"]
assert [(x["text"], x.get("note", False)) for x in c] == [
    ("Hi all,", True), ("PLAYY jest", False)], c
EOF
ok

# --- prose one letter off a command word is prose; a command word in a
# sentence is refused but holds nothing up; a space lost is a command ---
G3=$(new_game $D) || fail "new (third game)"
expect 0 "serve --once sends its welcome mails" -- $M -C $D serve --once
to_move3() {
	$MREL -C $D view $G3 admin --json |
	    $PY -c 'import json,sys; print(json.load(sys.stdin)["owes"][0]["player"])'
}
p=$(to_move3); mv=$($MREL -C $D bot $G3 $p)
n3=$($MREL -C $D log $G3 | wc -l)
ls $O >$T/before
send $p@x.test "$(rt $G3 $p)" h1 "Hi all!\nMore in 5 minutes, but here is my move:\n$mv\nLove, stay safe"
expect 0 "serve --once with prose around a move" -- $M -C $D serve --once
[ "$($MREL -C $D log $G3 | wc -l)" = $((n3 + 1)) ] ||
    fail "the move after 'More in 5 minutes' was not logged"; ok
answer receipt $p@x.test h1
subject_lacks h1 "problems"
subject_lacks h1 "nothing accepted"
txt_says h1 "line 2: More in 5 minutes, but here is my move:"
txt_says h1 "line 4: Love, stay safe"
says_not h1 "did you mean"
says_not h1 "NOT ACCEPTED"
# "Play nice" before a move: refused, with why, and the move taken
p=$(to_move3); mv=$($MREL -C $D bot $G3 $p)
n3=$($MREL -C $D log $G3 | wc -l)
ls $O >$T/before
send $p@x.test "$(rt $G3 $p)" h2 "Play nice\n$mv"
expect 0 "serve --once with a command word in a sentence" -- $M -C $D serve --once
[ "$($MREL -C $D log $G3 | wc -l)" = $((n3 + 1)) ] ||
    fail "the move after 'Play nice' was not logged"; ok
answer receipt $p@x.test h2
grep -qE -- "-- NOT ACCEPTED -+ line 1: Play nice" $T/h2.txt ||
    fail "'Play nice' is not listed as not accepted"; ok
says_not h2 "Not applied, as a line above it was refused"
subject_has h2 "received, with problems"
# a space lost: a command, told the one it misses, and the next line waits
p=$(to_move3); mv=$($MREL -C $D bot $G3 $p)
room=$(echo "$mv" | sed 's/^PLACE //')
n3=$($MREL -C $D log $G3 | wc -l)
ls $O >$T/before
send $p@x.test "$(rt $G3 $p)" h3 "PLACE$room\nSTATUS"
expect 0 "serve --once with a space lost" -- $M -C $D serve --once
[ "$($MREL -C $D log $G3 | wc -l)" = "$n3" ] || fail "a glued PLACE was logged"; ok
answer receipt $p@x.test h3
says h3 "did you mean PLACE $room?"
# a numbered move under a line of prose: the move is taken (it was noted
# as no command: "received, no commands", nothing logged)
ls $O >$T/before
send $p@x.test "$(rt $G3 $p)" h4 "My move:\n1. PLACE $room"
expect 0 "serve --once with a numbered move" -- $M -C $D serve --once
[ "$($MREL -C $D log $G3 | wc -l)" = $((n3 + 1)) ] || fail "the numbered PLACE was not logged"; ok
answer receipt $p@x.test h4
subject_lacks h4 "no commands"
grep -q "line 2: 1. PLACE" $T/h4.txt && { cat $T/h4.txt >&2; fail "the numbered move is listed as no command"; }; ok

# --- The Masquerade: the same ---
expect 0 "new masquerade" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test \
    --seed 0707070707070707070707070707070707070707070707070707070707070707
G2=$(cat $T/out)
ls $O >$T/before
expect 0 "serve --once sends the welcome mails" -- $M -C $D serve --once
turn() {
	$MREL -C $D view $G2 admin --json |
	    $PY -c 'import json,sys; print(json.load(sys.stdin)["turn"])'
}
ms_owes() {	# the first player the bot has a move for, and the move: p, mv
	for p in alice bob carol; do
		mv=$($MREL -C $D bot $G2 $p) || fail "bot $p"
		[ -n "$mv" ] && return 0
	done
	fail "nobody owes a move in $G2"
}
ms_owes; tn=$(turn)
ls $O >$T/before
send $p@x.test "$(rt $G2 $p)" m1 "Good evening, everyone.\n$mv\nCheers"
expect 0 "serve --once with a Masquerade greeting" -- $M -C $D serve --once
answer receipt $p@x.test m1
subject_is m1 "[Masquerade $G2] Turn $tn: received"
grep -qF -- "-- NOT COMMANDS ---" $T/m1.txt || fail "no NOT COMMANDS section"; ok
grep -qF ">NOT COMMANDS</h2>" $T/m1.source.html || fail "no NOT COMMANDS section (HTML)"; ok
txt_says m1 "line 1: Good evening, everyone."
says_not m1 "NOT accepted"
# a typo of PASS is refused, quoted as written
ms_owes
ls $O >$T/before
send $p@x.test "$(rt $G2 $p)" m2 "PASSS"
expect 0 "serve --once with a Masquerade typo" -- $M -C $D serve --once
answer receipt $p@x.test m2
says m2 '"PASSS" is not a command'
subject_lacks m2 "no commands"
done_checks
