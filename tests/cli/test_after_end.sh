#!/bin/sh
# test_after_end.sh - mail to a game its rules ended: a player's STATUS is
# answered with the end mail again (the result and the seed, in their
# language, under a Message-ID of its own, since a mail client keeps one
# mail of an id), HELP with the commands, and a move with one sentence in a
# mail of its own; nothing is logged and verify passes; SET LANG with
# STATUS gets the end mail in the new language, saying it changed. STATUS
# was refused with a sentence naming a host command (masqued export), and
# its answer set off the end mail to every player again. The host's
# submit does as a mail (it refused STATUS and HELP too). A game the host
# ended: test_admin_end.sh.
. tests/cli/lib.sh
mail_folder
serve() { expect 0 "serve --once: $1" -- $M -C $D serve --once; }
. tests/cli/lib_mail.sh

G=$(new_game $D) || fail "new"
serve "welcome"
RB=$(reply_to bob)
send bob@x.test "$RB" lang-b 'SET LANG ja'
serve "SET LANG ja"
play_out $D $G
serve "the game's mails"
# the end mail is each player's last: the last mover's receipt comes before
# it, not after (their names sorted the end first, and the receipt said the
# game waited for the next phase)
for p in alice bob carol dave; do
	last=$(grep -l "^To: $p@x.test" $O/* | tail -n 1)
	grep -q '^X-Masqued-Mail: end' "$last" ||
	    fail "$p's last mail is not the end mail: $(grep '^X-Masqued-Mail' "$last")"; ok
done
# the last mover's receipt says the game is over, not that it waits
last=$($MREL -C $D log $G --json | $PY -c '
import json, sys
for l in sys.stdin:
    e = json.loads(l)
    if e.get("type") == "command":
        p = e["player"]
print(p)')
r=$(grep -l "^To: $last@x.test" $O/* | xargs grep -l '^X-Masqued-Mail: receipt' | tail -n 1)
parts "$r" lastreceipt
grep -qF "last move: the end mail" $T/lastreceipt.txt ||
    grep -qF "ゲーム最後の手でした" $T/lastreceipt.txt ||
    fail "the last mover's receipt does not say the game is over"; ok
# on lines of 78 columns at most, none broken with a hanging indent (found
# by players by mail: "... every secret,\n    comes with this one.")
$PY - "$r" <<'PYEOF' || fail "the last-move sentence is wrapped badly"
import email, sys, unicodedata
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
t = [p.get_payload(decode=True).decode() for p in m.walk()
     if p.get_content_type() == "text/plain"][0]
w = lambda l: sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in l)
lines = t.split("\n")
i = [k for k, l in enumerate(lines) if "last move: the end mail" in l or "最後の手でした" in l][0]
sys.exit(0 if w(lines[i]) <= 78 and w(lines[i + 1]) <= 78 and not lines[i + 1].startswith(" ") else 1)
PYEOF
ok
! grep -qF "next mail comes when the phase resolves" $T/lastreceipt.txt ||
    fail "the last mover's receipt waits for a phase"; ok
grep -l "^To: bob@x.test" $O/* | xargs grep -l '^X-Masqued-Mail: end' >$T/ends
[ "$(wc -l <$T/ends)" = 1 ] || fail "bob got not one end mail"; ok
parts "$(cat $T/ends)" first
cp $D/games/$G/log $T/log.over

ls $O >$T/before
send bob@x.test "$RB" late 'STATUS\nHELP\nPLAY jest'
serve "a reply after the end"
[ "$(ls $O | comm -13 $T/before - | wc -l)" = 3 ] ||
    fail "not three answers, all to bob, to STATUS, HELP and a move after the end"; ok
answer end bob@x.test again
result=$(grep -o 'ゲーム終了。[^。（]*の勝利です' $T/first.txt | head -n 1)
[ -n "$result" ] || { cat $T/first.txt >&2; fail "bob's end mail says no result"; }; ok
# what happened names bob あなた, as "you" (his own midnight moves), never by
# his name ("bob は紫の間に留まりました" to bob)
says first "12:00 あなた"
! grep -E 'bob (は|が|の)' $T/first.txt $T/first.html ||
    fail "bob's end mail names him in a sentence"; ok
grep -qF -- "$result" $T/again.txt || { cat $T/again.txt >&2; fail "the end mail again does not say: $result"; }; ok
says again "BLAKE2b-256"
[ "$(grep -m1 -i '^Message-ID:' "$(cat $T/again.file)")" != \
    "$(grep -m1 -i '^Message-ID:' "$(cat $T/ends)")" ] ||
    fail "the end mail again has the first one's Message-ID"; ok
answer refused bob@x.test late
says late "ゲームは終了しました。これ以上は何もプレイできません。結果は、ゲームから届いたどのメールにでも STATUS と返信すると確認できます。"
says_not late "masqued export"
# its subject names the game (it named none: which game is over?), by
# its own tag, as its other mails (it was "[masqued GAME]")
$PY -c 'import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
s = str(email.header.make_header(email.header.decode_header(m["Subject"])))
sys.exit(0 if sys.argv[2] in s else 1)' "$(cat $T/late.file)" "[赤死病 $G]" ||
    fail "the refusal after the end does not name the game in its subject"; ok
answer help bob@x.test help
err_has ": game $G, bob: 2 command(s) accepted, 1 refused, 0 already received, 0 line(s) not commands; nothing logged"
same_file $D/games/$G/log $T/log.over "a reply after the end"

# The host's submit after the end does as that mail: STATUS queues the end
# mail again, HELP the commands (it refused both, naming masqued export);
# --no-mail says what it would mail, and queues nothing; any other line is
# refused with the mail's sentence (exit 1), all or none: nothing mailed
ls $O >$T/before
expect 0 "submit STATUS and HELP after the end" -- $M -C $D submit $G bob 'STATUS
HELP'
out_has "$G is over: bob is mailed the end mail again (STATUS) and the commands (HELP)."
serve "the host's STATUS and HELP after the end"
[ "$(ls $O | comm -13 $T/before - | wc -l)" = 2 ] ||
    fail "not two mails, the end again and the help, to the host's STATUS and HELP"; ok
answer end bob@x.test host-again
grep -qF -- "$result" $T/host-again.txt || { cat $T/host-again.txt >&2; fail "the host's STATUS: the end mail does not say: $result"; }; ok
[ "$(grep -m1 -i '^Message-ID:' "$(cat $T/host-again.file)")" != \
    "$(grep -m1 -i '^Message-ID:' "$(cat $T/again.file)")" ] ||
    fail "the host's end mail again has the reply's Message-ID"; ok
answer help bob@x.test host-help
ls $O >$T/before
ls $D/spool >$T/spool.before
expect 0 "submit --no-mail STATUS after the end" -- $M -C $D submit $G bob STATUS --no-mail
out_has "$G is over: bob would be mailed the end mail again (STATUS), but --no-mail queues no mail."
expect 0 "submit --no-mail HELP after the end" -- $M -C $D submit --no-mail $G bob help
out_has "$G is over: bob would be mailed the commands (HELP), but --no-mail queues no mail."
for line in 'PLAY jest' 'STATUS\nPLAY jest' 'dance'; do
	expect 1 "submit $line after the end" -- $M -C $D submit $G bob "$line"
	err_has "The game is over; nothing more can be played. Reply STATUS to any of the game's mails to see how it ended."
	one_line
	[ ! -s $T/out ] || fail "a refused submit after the end printed: $(cat $T/out)"; ok
done
ls $D/spool | cmp -s - $T/spool.before || fail "--no-mail or a refused submit after the end spooled mail"; ok
serve "nothing to send"
[ -z "$(ls $O | comm -13 $T/before -)" ] || fail "mail after --no-mail or a refused submit"; ok
same_file $D/games/$G/log $T/log.over "the host's submit after the end"

# Two players' moves after the end in one pass, from mail clients that set
# no Message-ID: each is answered (they were both spooled under one name,
# z-refused-over, and the first answer was lost to the second)
ls $O >$T/before
RA=$(reply_to alice)
RC=$(reply_to carol)
for who in alice:$RA carol:$RC; do
	n=$((n + 1))
	printf 'From: %s@x.test\nTo: %s\nSubject: Re: the masque\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\nPLAY jest\n' \
	    "${who%%:*}" "${who#*:}" >$IN/$n.test
done
serve "two moves after the end with no Message-ID"
answer refused alice@x.test late_a
answer refused carol@x.test late_c

# SET LANG beside STATUS after the end: the end mail again, in the new
# language, saying it changed; SET LANG is no move, so no refusal besides
# (it was one, and the end mail did not say the language had changed)
ls $O >$T/before
send bob@x.test "$RB" late-lang 'SET LANG zh\nSTATUS'
serve "SET LANG zh and STATUS after the end"
[ "$(ls $O | comm -13 $T/before - | wc -l)" = 1 ] ||
    fail "not the end mail alone for SET LANG and STATUS after the end"; ok
answer end bob@x.test zh
says zh "已按你的要求，今后的邮件将使用中文（SET LANG zh）。"
says zh "以下是游戏的结局。"
says zh "游戏结束。"
# thanks beside STATUS, no command: the end mail alone, no refusal besides;
# thanks alone gets the end mail again too, not a refusal
ls $O >$T/before
send bob@x.test "$RB" late-thanks 'STATUS\n\nThanks for a fine game!'
serve "STATUS and thanks after the end"
[ "$(ls $O | comm -13 $T/before - | wc -l)" = 1 ] ||
    fail "not the end mail alone for STATUS and thanks after the end"; ok
answer end bob@x.test thanks
ls $O >$T/before
send bob@x.test "$RB" late-thanks2 'Thanks for a fine game!'
serve "thanks alone after the end"
answer end bob@x.test thanks2
[ "$(ls $O | comm -13 $T/before - | wc -l)" = 1 ] ||
    fail "not the end mail alone for thanks after the end"; ok
says thanks2 "游戏结束。"
# HELP beside thanks: the help mail, not the end mail
ls $O >$T/before
send bob@x.test "$RB" late-thanks3 'HELP\n\nThanks!'
serve "HELP and thanks after the end"
answer help bob@x.test thanks3
! ls $O | comm -13 $T/before - | sed "s|^|$O/|" | xargs grep -l "^X-Masqued-Mail: end" >/dev/null ||
    fail "HELP and thanks after the end got the end mail"; ok
# a SET LANG masqued lacks, after the end: its own sentence, not the end's
ls $O >$T/before
send bob@x.test "$RB" late-fr 'SET LANG fr'
serve "SET LANG fr after the end"
answer refused bob@x.test fr
says fr "SET LANG 只能是 en、ja 或 zh，不能是「fr」。"
says_not fr "游戏已经结束"
expect 0 "verify" -- $M -C $D verify $G
done_checks
