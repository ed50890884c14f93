#!/bin/sh
# test_reveal_changed.sh - a secret move sent again, changed, before its
# phase resolves: both commitments were shown to the others, so the reveal
# opens both, and says of the first that it was changed later, at which
# entry (in each reader's language, both parts), so that nobody reads two
# PLAY lines of one player as two cards, or the first as the one played.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
. tests/cli/lib_mail.sh
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "carol reads Japanese" -- $M -C $D submit $G carol "SET LANG ja" --never-mail
expect 0 "dave reads Chinese" -- $M -C $D submit $G dave "SET LANG zh" --never-mail
# the placements, in their order, as the bots would
place_all $D $G alice bob carol dave
expect 0 "bob plays" -- $M -C $D submit $G bob "PLAY discuss" --never-mail
S1=$($MREL -C $D log $G | tail -n 1 | awk '{print $1}')
expect 0 "bob plays another card" -- $M -C $D submit $G bob "PLAY jest" --never-mail
S2=$($MREL -C $D log $G | tail -n 1 | awk '{print $1}')
[ $S2 -gt $S1 ] || fail "bob's second PLAY is not a later entry"; ok
expect 0 "alice plays" -- $M -C $D submit $G alice "PLAY discuss" --never-mail
expect 0 "carol plays" -- $M -C $D submit $G carol "PLAY discuss" --never-mail
ls $O >$T/before
expect 0 "dave plays last: the cards are revealed" -- $M -C $D submit $G dave "PLAY discuss"
expect 0 "serve --once sends the mail" -- $M -C $D serve --once
# txt_has NAME TEXT: the text part holds it; html_has: the HTML part
txt_has() { grep -qF -- "$2" $T/$1.txt || { cat $T/$1.txt >&2; fail "$1's text does not say: $2"; }; ok; }
html_has() { grep -qF -- "$2" $T/$1.html || fail "$1's HTML does not say: $2"; ok; }
answer resolution alice@x.test alice
txt_has alice "bob (entry $S1, entered by the host): PLAY discuss (changed later, at entry $S2) salt"
txt_has alice "bob (entry $S2, entered by the host): PLAY jest salt"
html_has alice "<b>bob</b> (entry $S1, entered by the host): <code>PLAY discuss</code> (changed later, at entry $S2)<br>"
html_has alice "<b>bob</b> (entry $S2, entered by the host): <code>PLAY jest</code><br>"
[ "$(grep -o "changed later" $T/alice.txt | wc -l)" = 1 ] || fail "another line is said changed"; ok
answer resolution carol@x.test carol
txt_has carol "bob（エントリ $S1、ホストが入力）：PLAY discuss（のちにエントリ $S2 で変更）"
txt_has carol "bob（エントリ $S2、ホストが入力）：PLAY jest"
html_has carol "<code>PLAY discuss</code>（のちにエントリ $S2 で変更）<br>"
answer resolution dave@x.test dave
txt_has dave "bob（条目 $S1，由主持人代为输入）：PLAY discuss（之后在条目 $S2 被更改）"
html_has dave "<code>PLAY discuss</code>（之后在条目 $S2 被更改）<br>"
# the log and its replay are as before: the second PLAY is the card played
expect 0 "verify" -- $M -C $D verify $G
expect 0 "replay" -- $M -C $D replay $G --from $S2
out_has "bob plays jest."

# --- changed in the same mail: "a later line of the same mail", not
# "changed later, at entry N" of the very entry it is in ---
for p in alice bob carol dave; do
	$MREL -C $D submit $G $p "MOVE stay" --never-mail >/dev/null || fail "$p: MOVE stay"
done
expect 0 "bob plays a card" -- $M -C $D submit $G bob "PLAY dance" --never-mail
S0=$($MREL -C $D log $G | tail -n 1 | awk '{print $1}')
ls $O >$T/before
expect 0 "bob plays two cards in one mail" -- $M -C $D submit $G bob "PLAY discuss" "PLAY mock"
S3=$($MREL -C $D log $G | tail -n 1 | awk '{print $1}')
expect 0 "serve --once sends the receipt" -- $M -C $D serve --once
# the receipt says which earlier move the new one changes (a player who
# sent a move again could not tell it was taken in place of the first)
answer receipt bob@x.test bobr
txt_has bobr "changes your move of entry $S0"
html_has bobr "changes your move of entry $S0"
for p in alice carol; do
	c=$($MREL -C $D bot $G $p | grep '^PLAY') || fail "no PLAY for $p"
	$MREL -C $D submit $G $p "$c" --never-mail >/dev/null || fail "$p: $c"
done
ls $O >$T/before
c=$($MREL -C $D bot $G dave | grep '^PLAY') || fail "no PLAY for dave"
expect 0 "dave plays last again" -- $M -C $D submit $G dave "$c"
expect 0 "serve --once sends the mail" -- $M -C $D serve --once
answer resolution alice@x.test alice2
txt_has alice2 "bob (entry $S3, entered by the host): PLAY discuss (changed by a later line of the same mail) salt"
html_has alice2 "<code>PLAY discuss</code> (changed by a later line of the same mail)<br>"
answer resolution carol@x.test carol2
txt_has carol2 "PLAY discuss（同じメールの後の行で変更）"
answer resolution dave@x.test dave2
txt_has dave2 "PLAY discuss（被同一封邮件中后面的行更改）"
! grep -qF "(entry $S3, entered by the host): PLAY discuss (changed later, at entry $S3)" $T/alice2.txt ||
    fail "said changed later, at its own entry"; ok
txt_has alice2 "bob (entry $S0, entered by the host): PLAY dance (changed later, at entry $S3)"
done_checks
