#!/bin/sh
# test_end_checkpoint.sh - the end mail's checkpoint signs the log up to
# the entry that ended the game; the log's end entry (the result) is the
# next one, logged just after the end mails are queued (DESIGN.md: the end
# entry; daemon/game_end.c). A player who compared the two (`masqued log`:
# "end" at 127, the mail's checkpoint 126) read it as a mistake (found by a
# player review); the end mail now says which entry its checkpoint signs
# and that the end entry follows, in each language, and in both games. The
# checkpoint's own lines are as they were: verify_export.py and
# verify-receipt still read them. The end mail again (STATUS, later) is
# made after the end entry, signs it, and says nothing of it.
. tests/cli/lib.sh
mail_folder
serve() { expect 0 "serve --once: $1" -- $M -C $D serve --once; }
. tests/cli/lib_mail.sh

# cp_says NAME LINE: the text part of $T/NAME's mail holds the checkpoint's
# LINE (the HTML part's is marked up)
cp_says() {
	grep -qF -- "$2" $T/$1.txt || { cat $T/$1.txt >&2; fail "$1 does not say: $2"; }
	ok
}

# end_checks GAME KIND: each player's end mail names its checkpoint's entry
# and the end entry after it, in their language; both check out
end_checks() {
	expect 0 "log $1" -- $M -C $D log $1 --json
	E=$($PY -c 'import json, sys
print([e for e in map(json.loads, open(sys.argv[1])) if e.get("type") == "end"][0]["seq"])' $T/out)
	N=$((E - 1))
	expect 0 "export $1" -- $MREL -C $D export $1
	cp $T/out $T/$1.json
	for p in alice:en bob:ja carol:zh; do
		f=$(grep -l "^To: ${p%:*}@x.test" $O/* | xargs grep -l \
		    '^X-Masqued-Mail: end' | xargs grep -l "$1" | head -n 1)
		[ -n "$f" ] || fail "$2: no end mail to ${p%:*}"
		parts "$f" end
		case ${p#*:} in
		en) cp_says end "game $1, entry $N head"
		    says end "This mail's checkpoint (below) signs the log up to entry $N, the one that ended the game. The log's end entry, $E, which records the result, is written just after this mail, from the entries before it" ;;
		ja) cp_says end "ゲーム $1、エントリ $N head"
		    says end "このメールのチェックポイント（下）が署名しているのは、ゲームを終わらせたエントリ $N までのログです。結果を記録する end エントリ $E は、このメールの直後に" ;;
		zh) cp_says end "游戏 $1，条目 $N head"
		    says end "这封邮件的检查点（见下）签署的是到条目 $N 为止的日志，即结束游戏的那一条。记录结果的 end 条目 $E 在这封邮件之后" ;;
		esac
		# the checkpoint's lines read as before
		expect 0 "$2: verify_export.py, ${p%:*}'s end mail" -- \
		    $PY tests/verify_export.py $T/$1.json "$f"
		out_has ": ok, checkpoint entry $N"
		expect 0 "$2: verify-receipt, ${p%:*}'s end mail" -- \
		    $M -C $D verify-receipt "$f" $1
		out_has "entry $N of game $1"
	done
	# the end mail again, made after the end entry, signs it
	ls $O >$T/before
	expect 0 "$2: STATUS after the end" -- $M -C $D submit $1 alice STATUS
	serve "$2: the end mail again"
	answer end alice@x.test again
	cp_says again "game $1, entry $E head"
	says_not again "This mail's checkpoint"
}

RM=$(new_game $D) || fail "new redmasque"
expect 0 "bob: SET LANG ja" -- $M -C $D submit $RM bob 'SET LANG ja'
expect 0 "carol: SET LANG zh" -- $M -C $D submit $RM carol 'SET LANG zh'
expect 0 "new masquerade" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test --player dave=dave@x.test \
    --seed 0000000000000000000000000000000000000000000000000000000000000001
MS=$(cat $T/out)
expect 0 "bob: SET LANG ja" -- $M -C $D submit $MS bob 'SET LANG ja'
expect 0 "carol: SET LANG zh" -- $M -C $D submit $MS carol 'SET LANG zh'
play_out $D $RM
play_out $D $MS
serve "the games' mails"
end_checks $RM redmasque
end_checks $MS masquerade
done_checks
