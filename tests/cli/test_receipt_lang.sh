#!/bin/sh
# test_receipt_lang.sh - a receipt says what each accepted command does in
# the player's language, the canonical form the log holds under it: a
# Japanese player who wrote 配置 青 and プレイ 誘惑 ... recognises their own
# moves (the receipt echoed PLACE blue and PLAY flirt TARGET bob SLOT 12:30
# alone). The Masquerade too: 舞者 永劫囚徒 from a Chinese player. A SET
# LANG in the same mail is listed first, in the new language; a SET NOTICES
# too. Real replies through the Maildir inbox and `serve --once` (ASan
# binary).
. tests/cli/lib.sh
. tests/cli/lib_game.sh
serve() { expect 0 "serve --once: $1" -- $M -C $D serve --once; }

# alice's placement, in Japanese, with SET LANG ja
ls $O >$T/before
send alice@x.test "$(reply_to alice)" a1 'SET LANG ja\n配置 青'
serve "alice's SET LANG ja and 配置 青"
answer receipt alice@x.test place
says place "これからのメールは日本語で"
says place "貴族を青の間に置く"
says place "PLACE blue"
says_not place "ACCEPTED"
$PY - $T/place.txt <<'EOF2' || fail "the receipt lists not SET LANG, then the placement"
import sys
t = open(sys.argv[1]).read()
a, b = t.find("SET LANG ja"), t.find("貴族を青の間に置く")
sys.exit(not 0 <= a < b < t.find("PLACE blue"))
EOF2
ok

# the others place (the host's submit, no mail), then alice's card
n_=0
while ! $MREL -C $D view $G admin --json | grep -q '"phase": "act"'; do
	n_=$((n_ + 1))
	[ $n_ -le 10 ] || fail "the placements did not end"
	for p in bob carol dave; do
		c=$($MREL -C $D bot $G $p) || fail "bot $p"
		[ -n "$c" ] && { $MREL -C $D submit --no-mail $G $p "$c" >/dev/null ||
		    fail "submit $p: $c"; }
	done
done
ok
serve "the placements' mails"
ls $O >$T/before
send alice@x.test "$(reply_to alice)" a2 'プレイ 誘惑 対象 bob 時刻 12:30'
serve "alice's プレイ 誘惑"
answer receipt alice@x.test play
says play "「誘惑」を出す（対象 bob、時刻 12:30）"
says play "PLAY flirt TARGET bob SLOT 12:30"
says play "秘密"

# SET NOTICES beside a move is listed too; the daemon's log counts it
# among the accepted, as the receipt lists it (it counted the game's
# commands alone: "1 command(s) accepted" beside a receipt of two)
ls $O >$T/before
send bob@x.test "$(reply_to bob)" b1 'SET NOTICES OFF\nPLAY jest'
serve "bob's SET NOTICES OFF and PLAY jest"
err_has ": game $G, bob: 2 command(s) accepted, 0 refused, 0 already received, 0 line(s) not commands; logged"
answer receipt bob@x.test quiet
says quiet "No mail each time another player commits to a secret move"
says quiet "Play Jest"
$PY - $T/quiet.txt <<'EOF2' || fail "bob's receipt lists not SET NOTICES OFF, then his card"
import sys
t = open(sys.argv[1]).read()
a, b = t.find("SET NOTICES OFF"), t.find("Play Jest")
sys.exit(not 0 <= a < b < t.find("PLAY jest"))
EOF2
ok

# The Masquerade: whoever chooses the first Dancer, in Chinese
H=$($M -C $D new masquerade --player erin=erin@x.test --player fay=fay@x.test \
    --player gus=gus@x.test --seed 0707070707070707070707070707070707070707070707070707070707070707) ||
    fail "new masquerade"
serve "The Masquerade's welcome mails"
first=$($MREL -C $D view $H admin --json | $PY -c 'import json,sys; print(json.load(sys.stdin)["to_move"])')
ls $O >$T/before
send $first@x.test "$(rt $H $first)" m1 'SET LANG zh\n舞者 永劫囚徒'
serve "$first's 舞者 永劫囚徒"
answer receipt $first@x.test dancer
says dancer "已接受：今后的邮件使用中文"
says dancer "已接受：选择舞者「永劫囚徒」"
says dancer "DANCER eternal-prisoner"
done_checks
