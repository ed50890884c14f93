#!/bin/sh
# test_wait_words.sh - what the mails say a missed deadline does, under
# each deadline policy (found by a host running a Red Death game by mail
# under policy=wait): the welcome's rules said "A missed deadline plays the
# default: Discuss, stay, a random room.", untrue when the game waits for
# the host, and the mails that ask a move said nothing of the deadline.
# Now both say what the game's policy does, in en, ja and zh, text and
# HTML; a game of the default policy still names the default.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
. tests/cli/lib_mail.sh
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
welcome_of() {	# game, name, file name
	f=$(grep -l "^To: $2@x.test" $O/* | xargs grep -l "^Reply-To: game+$1\." |
	    head -n 1)
	[ -n "$f" ] || fail "no welcome to $2 in $1"
	parts "$f" $3
}
for lang in en ja zh; do
	G=$(new_game $D --lang $lang --option policy=wait) || fail "new $lang"
	expect 0 "serve: the welcomes ($lang)" -- $M -C $D serve --once
	welcome_of $G alice w$lang
	case $lang in
	en)	rule="* A missed deadline plays nothing: the game waits for the host, who decides (more time, or the default: Discuss, stay, a random room)."
		owed="If nothing comes by then, nothing is played for you: the game waits, and the host decides."
		untrue="A missed deadline plays the default";;
	ja)	rule="* 期限に遅れても何も適用されず、ゲームはホストの判断を待ちます（期限の延長か、既定の手：話し合い、stay、ランダムな部屋）。"
		owed="期限までに返信がなければ、あなたの手は何も適用されず、ゲームは待ったままになり、ホストが判断します。"
		untrue="期限に遅れると既定の手になります";;
	zh)	rule="* 超过截止时间不会执行任何操作：游戏等待主持人决定（延长时间，或采用默认：讨论、stay、随机房间）。"
		owed="如果到时没有回复，不会替你执行任何操作：游戏会等待，由主持人决定。"
		untrue="超过截止时间则采用默认";;
	esac
	says w$lang "$rule"
	says w$lang "$owed"
	says_not w$lang "$untrue"
done
# the default policy: the default named, in the rules and the move asked
G=$(new_game $D) || fail "new"
expect 0 "serve: the welcomes (timeout)" -- $M -C $D serve --once
welcome_of $G alice wt
says wt "* A missed deadline plays the default: Discuss, stay, a random room."
says wt "If nothing comes by then, the default is applied for you: a random room for your noble."
says_not wt "the game waits"
# The Masquerade's mails that ask a move said nothing of a missed deadline
# under policy=wait (under the default policy they named the default): now
# both, in en, ja and zh, text and HTML; and its welcome to a player not
# asked a move yet said nothing of it at all (The Red Death's rules in
# short say it to all): now it says it to them in the same words
ms_new() {	# lang, option...
	l=$1; shift
	$M -C $D new masquerade --player alice=alice@x.test \
	    --player bob=bob@x.test --player carol=carol@x.test --lang $l "$@" \
	    --seed 0707070707070707070707070707070707070707070707070707070707070707 >$T/ms.id ||
	    fail "new masquerade $l"
	cat $T/ms.id
}
for lang in en ja zh; do
	case $lang in
	en)	wait="If nothing comes by then, nothing is played for you: the game waits, and the host decides."
		# the one asked names it ("DANCER Blade Dancer, the first
		# free Dancer."), the others' welcomes the rule alone
		dflt="If nothing comes by then, a default is applied for you:";;
	ja)	wait="期限までに返信がなければ、あなたの手は何も適用されず、ゲームは待ったままになり、ホストが判断します。"
		dflt="それまでに返信がなければ、既定の手が適用されます：";;
	zh)	wait="如果到时没有回复，不会替你执行任何操作：游戏会等待，由主持人决定。"
		dflt="如果到时没有回复，会替你执行默认操作：";;
	esac
	# every player's welcome, the ones not asked a move yet too (the
	# welcome said nothing of a missed deadline to them)
	G=$(ms_new $lang --option policy=wait)
	expect 0 "serve: the Masquerade's welcomes ($lang, wait)" -- $M -C $D serve --once
	for p in alice bob carol; do
		welcome_of $G $p mw$lang$p
		says mw$lang$p "$wait"
		says_not mw$lang$p "$dflt"
	done
	G=$(ms_new $lang)
	expect 0 "serve: the Masquerade's welcomes ($lang, default)" -- $M -C $D serve --once
	for p in alice bob carol; do
		welcome_of $G $p md$lang$p
		says md$lang$p "$dflt"
		[ $lang != en ] || [ $p != alice ] ||
		    says md$lang$p "the first free Dancer."
		# bob and carol choose later: the default is the first one
		# free at their deadline, not one the mail could name now
		[ $lang != en ] || [ $p = alice ] ||
		    says md$lang$p "the first Dancer still free at that deadline."
		says_not md$lang$p "$wait"
	done
done
done_checks
