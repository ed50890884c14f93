#!/bin/sh
# test_set_lang.sh - a mail of SET LANG alone is answered with the mail the
# player needs now in the new language (the turn mail: what they owe, the
# board, their own section), saying the language changed; it was answered
# with the help mail alone, and the player could not tell it had worked.
# Real replies through the Maildir inbox and `serve --once` (ASan binary).
# alice, whose turn it is to place, writes SET LANG ja; bob SET LANG zh
# (with a no-break space, as copied from the HTML part); carol SET LANG
# en, the language she has (said all the same). No help mail besides;
# each answer has a Message-ID of its own. Once the game is over, SET LANG
# alone gets the end mail again in the new language, saying so, as STATUS
# after the end does (it got the help mail alone, in which nothing said
# the language had changed, nor how the game had ended).
# SET LANG beside other commands is listed first in their receipt, in the
# new language (the receipt left it out: the player could not tell it had
# been taken).
. tests/cli/lib.sh
. tests/cli/lib_game.sh

ls $O >$T/before
send alice@x.test "$(reply_to alice)" a1 'SET LANG ja'
# bob's with a no-break space, as copied from the HTML part (it holds
# "SET LANG" whole there): read as a plain one
send bob@x.test "$(reply_to bob)" b1 "$(printf 'SET\302\240LANG zh')"
send carol@x.test "$(reply_to carol)" c1 'set lang en'
expect 0 "serve --once with three SET LANG mails" -- $M -C $D serve --once
# each has its line in the daemon's log, as every message has
err_has ", alice: SET lines alone; logged, and answered"
err_has ", bob: SET lines alone; logged, and answered"
err_has ", carol: SET lines alone; nothing logged (as set already)"

answer turn alice@x.test alice
says alice "ご希望どおり、これからのメールは日本語でお送りします（SET LANG ja）。"
says alice "あなたの番：貴族を配置してください"	# what she owes, in Japanese
says alice "盤面"					# the board
says_not alice "Your mails are in English"
$PY -c 'import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
s = str(email.header.make_header(email.header.decode_header(m["Subject"])))
sys.exit("赤死病" not in s)' "$(cat $T/alice.file)" ||
    fail "alice's subject is not in Japanese"; ok

answer turn bob@x.test bob
says bob "已按你的要求，今后的邮件将使用中文（SET LANG zh）。"
says bob "等待放置："				# whom the game waits for
says bob "图板"

answer turn carol@x.test carol
says carol "Your mails are in English from now on, as you asked (SET LANG en)."
says carol "Waiting for the placement of:"
grep -qF "THE BOARD at 8:00" $T/carol.txt || fail "carol's answer has no board"; ok

# the answer, not the help mail besides
ls $O | comm -13 $T/before - >$T/new
! (cd $O && cat $(cat $T/new)) | grep -q '^X-Masqued-Mail: help' ||
    fail "a help mail was sent too"; ok
# a Message-ID of its own, apart from the turn mail of the same entry
id=$(sed -n 's/^Message-ID: //p' "$(cat $T/carol.file)" | tr -d '\r')
case "$id" in *.turn.*) ok ;; *) fail "carol's answer's Message-ID: $id" ;; esac
[ "$(cd $O && cat $(cat $T/new) | grep -c "^Message-ID: $id")" = 1 ] ||
    fail "the Message-ID $id is not carol's answer's alone"; ok

# the next mails come in the new languages
ls $O >$T/before
send alice@x.test "$(reply_to alice)" a2 'PLACE blue'
expect 0 "serve --once with alice's PLACE" -- $M -C $D serve --once
answer receipt alice@x.test alice2
says alice2 "受け付けたコマンド"

# SET LANG beside a command: listed first in the receipt, which is in the
# new language already, with the command in words
ls $O >$T/before
send dave@x.test "$(reply_to dave)" d0 'PLACE green\nSET LANG zh'
expect 0 "serve --once with dave's PLACE and SET LANG zh" -- $M -C $D serve --once
# the daemon's log counts the game's commands, as before
err_has ": game $G, dave: 2 command(s) accepted, 0 refused, 0 already received, 0 line(s) not commands; logged"
answer receipt dave@x.test dave0
says dave0 "已接受"
says dave0 "今后的邮件使用中文"
says dave0 "把贵族放在绿色房间"
says_not dave0 "ACCEPTED"
$PY - $T/dave0.txt <<'EOF2' || fail "dave's receipt does not list SET LANG zh first, then PLACE green"
import sys
t = open(sys.argv[1]).read()
a = t.find("今后的邮件使用中文 SET LANG zh")
b = t.find("把贵族放在绿色房间")
sys.exit(not (0 <= a < b and t.find("PLACE green", b) > b))
EOF2
ok

# SET LANG with HELP alone: the help mail alone (no receipt that would only
# say "accepted: HELP"), in the new language, saying the language changed
# (it did not: the player could not tell it had worked); SET NOTICES too
ls $O >$T/before
send bob@x.test "$(reply_to bob)" b2 'SET LANG ja\nSET NOTICES OFF\nHELP'
expect 0 "serve --once with bob's SET LANG ja and HELP" -- $M -C $D serve --once
answer help bob@x.test bobhelp
says bobhelp "ご希望どおり、これからのメールは日本語でお送りします（SET LANG ja）。送れるコマンドは次のとおりです。"
says bobhelp "これからは送りません（SET NOTICES OFF）"
says_not bobhelp "ゲームのいまの状況は次のとおりです。"
says_not bobhelp "已按你的要求"
[ "$(ls $O | comm -13 $T/before - | wc -l)" = 1 ] ||
    fail "SET LANG and HELP got more than the help mail"; ok
# HELP alone says nothing of a language
ls $O >$T/before
send bob@x.test "$(reply_to bob)" b3 'HELP'
expect 0 "serve --once with bob's HELP" -- $M -C $D serve --once
answer help bob@x.test bobhelp2
says_not bobhelp2 "ご希望どおり"
says bobhelp2 "HELP"

# The Masquerade says it too (its turn mail had no such sentence)
H=$($M -C $D new masquerade --player erin=erin@x.test --player fay=fay@x.test \
    --player gus=gus@x.test) || fail "new masquerade"
expect 0 "serve --once: The Masquerade's welcome mails" -- $M -C $D serve --once
ls $O >$T/before
send fay@x.test "$(rt $H fay)" f1 'SET LANG zh'
expect 0 "serve --once with fay's SET LANG zh" -- $M -C $D serve --once
answer turn fay@x.test fay
says fay "已按你的要求，今后的邮件将使用中文（SET LANG zh）。"
says_not fay "Your mails are in English"

# parsed_as TAG BODY COMMANDS WHAT: bob's reply of BODY (printf escapes) is
# read as SET LANG ja, SET NOTICES OFF and the commands COMMANDS (a JSON
# list), with no error
parsed_as() {
	printf "From: bob@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry-$1@x.test>\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n$2" \
	    "$(reply_to bob)" >$T/$1.eml
	expect 0 "parse $4" -- $M -C $D parse $T/$1.eml
	$PY -c 'import json, sys
j = json.load(open(sys.argv[1]))
sys.exit(j.get("lang") != "ja" or j.get("notices") is not False or
    j["errors"] or [c["text"] for c in j["commands"]] != json.loads(sys.argv[2]))' \
	    $T/out "$3" || fail "$4 are not read as commands: $(cat $T/out)"; ok
}
# a SET line indented as a command may be: by an ideographic space (a
# Japanese input method's) or a no-break space (a copy from the HTML
# part), as the game reads "　STATUS"; it was "set is not a command"
parsed_as indented '\343\200\200SET LANG ja\n\302\240SET NOTICES OFF\n\343\200\200STATUS\n' \
    '["STATUS"]' "SET lines indented"

# the characters a player cannot see, from a word processor, a web page or a
# client that marks the direction: an en space and a narrow no-break space
# read as spaces, a zero-width space, a direction mark and a BOM inside the
# text as nothing; each line was refused as "\"<U+200B>STATUS\" is not a
# command", quoting what the player sees as a command
parsed_as invisible 'SET\342\200\202LANG ja\n\342\200\216SET NOTICES OFF\342\200\213\n\342\200\213STATUS\nPLACE\342\200\257blue\357\273\277\n' \
    '["STATUS", "PLACE blue"]' "lines with invisible characters"

# a language by its name, in three languages, and a full stop after it, as
# a sentence ends; a word that only begins like a code is not one
# ("jabberwocky" read as ja)
n=0
for c in "japanese:ja" "日本語:ja" "中文:zh" "Chinese.:zh" "English!:en" "ja。:ja" \
    "jabberwocky:" "chin:" "zhx:"; do
	n=$((n + 1)); w=${c%%:*}; code=${c#*:}	# (expect sets want)
	printf 'From: bob@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry-l%d@x.test>\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\nSET LANG %s\nSET NOTICES off .\n' \
	    "$(reply_to bob)" $n "$w" >$T/name.eml
	expect 0 "parse SET LANG $w" -- $M -C $D parse $T/name.eml
	$PY -c 'import json, sys
j = json.load(open(sys.argv[1]))
want = sys.argv[2]
if j.get("notices") is not False:
    sys.exit("SET NOTICES off . not read")
if want:
    sys.exit(1 if j.get("lang") != want or j["errors"] else 0)
sys.exit(1 if "lang" in j or not any("SET LANG takes en, ja or zh" in e["error"] for e in j["errors"]) else 0)' \
	    $T/out "$code" || fail "SET LANG $w: $(cat $T/out)"; ok
done

# the game over: SET LANG alone gets the end mail again, in the new
# language, saying so; no help mail
play_out $D $G || fail "the game did not end"
expect 0 "serve --once: the end mails" -- $M -C $D serve --once
first=$(grep -l "^To: dave@x.test" $O/* | xargs grep -l '^X-Masqued-Mail: end')
[ "$(echo "$first" | grep -c .)" = 1 ] || fail "dave got not one end mail: $first"; ok
ls $O >$T/before
send dave@x.test "$(reply_to dave)" d1 'SET LANG ja'
expect 0 "serve --once after the end" -- $M -C $D serve --once
answer end dave@x.test dave
says dave "ご希望どおり、これからのメールは日本語でお送りします（SET LANG ja）。"
says dave "ゲームの結末は次のとおりです。"
says dave "ゲーム終了。"
says_not dave "THE GAME IS OVER"
[ "$(ls $O | comm -13 $T/before - | wc -l)" = 1 ] ||
    fail "SET LANG after the end got more than the end mail"; ok
[ "$(grep -m1 -i '^Message-ID:' "$(cat $T/dave.file)")" != \
    "$(grep -m1 -i '^Message-ID:' "$first")" ] ||
    fail "the end mail again has the first one's Message-ID"; ok
done_checks
