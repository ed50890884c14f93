#!/bin/sh
# test_wait_players.sh - policy wait: when a deadline passes the players
# are told, once per missed deadline, that the game now waits for the
# host (before, only the host was mailed: the late player never heard
# their deadline had gone, and the others saw a deadline gone by with no
# word). The late player (carol, reading Chinese) hears that she may still
# move, with what she owes and the host's address; each other player
# (bob reading Japanese) that the game waits for carol and the host, and
# that there is nothing for them to do. Not again at a later pass (each
# `serve --once` a restart); again when an extended deadline passes too;
# never under policy default. The Red Death; Maildir, the clock pinned.
. tests/cli/lib.sh
wait_mail_game
. tests/cli/lib_mail.sh
expect 0 "bob reads Japanese" -- $M -C $D submit $G bob "SET LANG ja" --no-mail
expect 0 "carol reads Chinese" -- $M -C $D submit $G carol "SET LANG zh" --no-mail
owes() { $MREL -C $D view $1 admin --json | $PY -c 'import json, sys
v = json.load(sys.stdin)
print(" ".join(sorted(set(o["player"] for o in v["owes"]))))'; }
# every player but carol moves (their bots), until only carol owes
others_move() {
	while :; do
		others=$(owes $1 | tr ' ' '\n' | grep -v '^carol$' || true)
		[ -n "$others" ] || break
		for p in $others; do
			$MREL -C $D submit $1 $p "$($MREL -C $D bot $1 $p)" \
			    --never-mail >/dev/null || fail "$p's move"
		done
	done
	[ "$(owes $1)" = carol ] || fail "not carol alone owes: $(owes $1)"; ok
}
place_all $D $G alice bob carol dave
others_move $G
at() { MASQUED_NOW=$((T0 + $1 * H)) $M -C $D serve --once 2>>$T/serve.err ||
    fail "serve at $1 h"; }
waiting() { grep -l "^X-Masqued-Mail: waiting" $O/* 2>/dev/null | xargs -r grep -l "$1" | wc -l; }
waiting_to() { grep -l "^X-Masqued-Mail: waiting" $O/* 2>/dev/null | xargs -r grep -l "^To: $1@x.test"; }

at 60
[ "$(waiting .)" = 0 ] || fail "a waiting mail before the deadline"; ok
at 73
for p in alice bob carol dave; do
	[ "$(waiting_to $p | wc -l)" = 1 ] || fail "not one waiting mail to $p: $(waiting_to $p | wc -l)"; ok
	parts "$(waiting_to $p)" $p
done
# carol, late, in Chinese: her deadline passed, the host decides, she may
# still move, and what she owes
says carol "你的截止时间"
says carol "主持人（host@x.test）"
says carol "你现在仍可发送你的行动"
grep -q "PLAY" $T/carol.txt || { cat $T/carol.txt; fail "carol's mail does not show the move she owes"; }; ok
grep -q "^Subject: .*=?" "$(waiting_to carol)" || fail "carol's subject is not encoded (not Chinese?)"; ok
# bob, in Japanese: the game waits for carol and the host; nothing to do
says bob "carol"
# carol named as every Japanese mail names a player, and what is not
# played for her said as Japanese says it (was "carolの手が届いていません。
# その手は何も適用されず": no さん, and "that move: nothing is applied")
says bob "carol さんの手が届いていません。"
says bob "代わりの手は何も打たれず、ゲームはその返信と、"
says bob "ホスト（host@x.test）"
says bob "あなたがすることはありません"
says_not bob "今からでも手を送れます"
# neither mail's lines break where Japanese or Chinese may not
kinsoku "$(waiting_to bob)"
kinsoku "$(waiting_to carol)"
# alice and dave, in English
for p in alice dave; do
	says $p "carol did not move in time"
	says $p "the game now waits for them and for the host (host@x.test)"
	says $p "There is nothing for you to do"
	says_not $p "You can still send your move now"
done
# not again, at later passes (each one a restart)
at 74
at 80
[ "$(waiting .)" = 4 ] || fail "the players were told again: $(waiting .)"; ok
# a move taken late is still taken (test_wait_moved): the host extends
# instead, and the extended deadline passing is told once more
MASQUED_NOW=$((T0 + 81 * H)) expect 0 "extend" -- $M -C $D admin $G extend 1d --why "more time"
# carol, late again, reads Japanese now: her mail waits for the host
# "（host@x.test）を待っています" (its particle was parted from it, the
# line starting "を待っています")
expect 0 "carol reads Japanese" -- $M -C $D submit $G carol "SET LANG ja" --no-mail
# and bob Chinese: carol named with a space before the Chinese after her
# name, as every Chinese mail names a player (was "carol没有按时行动")
expect 0 "bob reads Chinese" -- $M -C $D submit $G bob "SET LANG zh" --no-mail
ls $O | sort >$T/before
at 90
[ "$(waiting .)" = 4 ] || fail "told before the extended deadline: $(waiting .)"; ok
at 97
[ "$(waiting .)" = 8 ] || fail "not told once more when the extended deadline passed: $(waiting .)"; ok
late_ja=$(cd $O && ls | sort | comm -13 $T/before - | xargs grep -l "^To: carol@x.test" | xargs grep -l "^X-Masqued-Mail: waiting")
[ -n "$late_ja" ] || fail "no second waiting mail to carol"; ok
parts "$O/$late_ja" carol
says carol "ゲームはいまホスト（host@x.test）を待っています。"
kinsoku "$O/$late_ja"
told_zh=$(cd $O && ls | sort | comm -13 $T/before - | xargs grep -l "^To: bob@x.test" | xargs grep -l "^X-Masqued-Mail: waiting")
[ -n "$told_zh" ] || fail "no second waiting mail to bob"; ok
parts "$O/$told_zh" bob
says bob "carol 没有按时行动。"
kinsoku "$O/$told_zh"
at 98
[ "$(waiting .)" = 8 ] || fail "told twice of the extended deadline: $(waiting .)"; ok

# policy default: the default is played and told in the turn mail; no
# waiting mail
export MASQUED_NOW=$((T0 + 100 * H))
G2=$(new_game $D) || fail "new (policy default)"
$M -C $D serve --once 2>>$T/serve.err
place_all $D $G2 alice bob carol dave
others_move $G2
for h in 74 75 80; do
	MASQUED_NOW=$((T0 + (100 + h) * H)) $M -C $D serve --once 2>>$T/serve.err
done
[ "$(grep -l "^X-Masqued-Mail: waiting" $O/* | xargs grep -l "$G2" | wc -l)" = 0 ] ||
    fail "a waiting mail under policy default"; ok
[ "$($MREL -C $D log $G2 | grep -c timeout)" -ge 1 ] || fail "no default played under policy default"; ok
done_checks
