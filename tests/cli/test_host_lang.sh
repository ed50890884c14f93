#!/bin/sh
# test_host_lang.sh - the host's mails are in the config's lang: with
# lang = zh, a bounce of a player's address and a missed deadline under
# policy wait reach the host in Chinese (subject and text, the commands to
# copy kept as they are, each naming the data folder); with lang = ja, in
# Japanese. A catalog that
# cannot be read leaves the mail English, said in the daemon's log: the
# host hears of it all the same. English by default: the other tests.
. tests/cli/lib.sh
PY=/usr/bin/python3
# mail file: subject, then the text, on one line each (its wrap undone: a
# break between Chinese or Japanese characters, or after a wide mark, joins
# with no space); fails when a line of the text is wider than 78 columns
# (a wide character two) but a command the host copies, or a path, kept
# whole (the paragraphs were one line each)
decoded() {
	$PY -c 'import email, email.header, re, sys, unicodedata
def wide(c):
    return unicodedata.east_asian_width(c) in "WF"
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(str(email.header.make_header(email.header.decode_header(m["Subject"]))))
t = m.get_payload(decode=True).decode().replace("\r\n", "\n")
for line in t.split("\n"):
    body = line.lstrip(" ")
    if sum(2 if wide(c) else 1 for c in line) > 78 and not (
            re.match(r"[`(\uff08]?masqued -C ", body) or
            (body.startswith("/") and " " not in body)):
        sys.exit("a line of the host mail %s is wider than 78 columns:\n%s"
                 % (sys.argv[1], line))
t = re.sub(r"(?<=(\S))\n[ \t]*(?=(\S))", lambda m: "" if wide(m.group(1)) and
    (wide(m.group(2)) or m.group(1) in "、。：）」，；") else " ", t)
print(" ".join(t.split()))' "$1"
}
host_mail() {	# data folder, grep pattern: the one host mail whose header holds it
	f=$(grep -l "^To: host@x.test" $1/mail/outbox/new/* | xargs grep -l "$2")
	[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one host mail with $2: $f"
	decoded "$f" >$T/host.txt || fail "the host's mail is not wrapped"
}
host_says() {
	grep -qF -- "$1" $T/host.txt || { cat $T/host.txt >&2; fail "the host's mail does not say: $1"; }; ok
}

for lang in zh ja; do
	D=$T/$lang
	expect 0 "init ($lang)" -- $M -C $D init
	printf 'admin = host@x.test\nlang = %s\n' $lang >> $D/masqued.conf
	G=$($M -C $D new redmasque --option policy=wait --player alice=alice@x.test \
	    --player bob=bob@x.test --player carol=carol@x.test --player dave=dave@x.test) ||
	    fail "new ($lang)"
	expect 0 "the welcome mails ($lang)" -- $M -C $D serve --once

	# a bounce of a player's address
	printf 'From: MAILER-DAEMON@x.test\nTo: game@masqued.invalid\nSubject: Undelivered Mail Returned to Sender\nMessage-ID: <b-%s@x.test>\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n--b\nContent-Type: text/plain\n\nThe mail to bob@x.test could not be delivered.\n--b\nContent-Type: message/delivery-status\n\nFinal-Recipient: rfc822; bob@x.test\nAction: failed\nStatus: 5.1.1\n--b--\n' \
	    $lang > $D/mail/inbox/new/1.bounce.eml
	expect 0 "serve a bounce ($lang)" -- $M -C $D serve --once
	host_mail $D "^X-Masqued\|^Message-ID: <host.bounce-"
	case $lang in
	zh)	host_says "[masqued] 发给 bob@x.test 的邮件被退回"
		host_says "=== masqued · 给主持人的消息 ==="
		host_says "发给 bob@x.test 的邮件被退回。mailer-daemon@x.test 发来了一份投递报告（退信），主题为“Undelivered Mail Returned to Sender”。"
		host_says "这是玩家 bob 的地址，它可能已经失效；"
		host_says "要为该座位换一个可用的地址："
		! grep -q "如果这是玩家的地址\|这是一位玩家的地址" $T/host.txt ||
		    fail "the bounce says twice that it is a player's address (zh)"; ok
		host_says "masqued -C $(realpath $D) admin $G replace bob NEW-ADDRESS --why \"...\"" ;;
	ja)	host_says "[masqued] bob@x.test あてのメールが戻ってきました"
		host_says "=== masqued · ホストへのお知らせ ==="
		host_says "これはプレイヤー bob さんのアドレスで、使えなくなっているかもしれません。"
		! grep -q "プレイヤーのアドレスなら\|これはプレイヤーのアドレスです" $T/host.txt ||
		    fail "the bounce says twice that it is a player's address (ja)"; ok ;;
	esac
	! grep -q "bounced\|a message for the host" $T/host.txt || fail "English left in the host's mail ($lang)"; ok

	# a missed deadline, policy wait: the commands to copy as they are
	MASQUED_NOW=$((MASQUED_NOW + 80 * 3600)) expect 0 "serve past the deadline ($lang)" -- \
	    $M -C $D serve --once
	host_mail $D "^Message-ID: <host.wait-$G-"
	p=$(sed -n 's/.* kick \([a-z]*\) --why .*/\1/p' $T/host.txt)
	[ -n "$p" ] || { cat $T/host.txt >&2; fail "no kick command in the host's mail ($lang)"; }; ok
	case $lang in
	zh)	host_says "[masqued] 游戏 $G 在等你处理：$p 错过了截止时间"
		host_says "在游戏 $G（redmasque）中，$p 的截止时间已于"
		host_says "（$p 尚欠：放置贵族）"	# the players' words, not "place"
		host_says "extend 的时间从截止时间算起" ;;
	ja)	host_says "[masqued] ゲーム $G はあなたの判断を待っています：$p さんが期限を過ぎました"
		host_says "extend の時間は、実行したときからではなく期限から数えます"
		host_says "（$p さんの未提出の手：貴族の配置）" ;;
	esac
	# 8 h past the deadline: the hours past and the game's deadline (3d)
	host_says "masqued -C $(realpath $D) admin $G extend 3d8h --why \"...\""
	host_says "masqued -C $(realpath $D) admin $G default $p --why \"...\""
done

# a dead letter, sent over SMTP: the host's mail about it in Chinese too
smtp_sink SINK_REFUSE=dead.test $T/got
S=$T/smtp
expect 0 "init (smtp)" -- $M -C $S init
printf 'admin = host@x.test\nlang = zh\noutbound = smtp\nsmtp_url = smtp://127.0.0.1:%s\ntls = no\nfrom = masqued <game@example.org>\nreply_domain = example.org\n' \
    "$(cat $T/sinkport)" >> $S/masqued.conf
GS=$($M -C $S new redmasque --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player dave=dave@dead.test) || fail "new (smtp)"
expect 0 "serve: dave's welcome refused for good" -- $M -C $S serve --once
err_has "to dave@dead.test is dead: "
expect 0 "serve: the host's mail of it goes" -- $M -C $S serve --once
f=$(grep -l "^To: host@x.test" $T/got/*)
[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one mail to the host over SMTP: $f"; ok
decoded "$f" >$T/host.txt || fail "the host's mail is not wrapped"
host_says "[masqued] 发给 dave@dead.test 的邮件无法投递"
host_says "=== masqued · 给主持人的消息 ==="
host_says "（发给 dave@dead.test）无法投递，已移到 $S/spool/dead/。"
host_says "最后的回应："
# whose address it is, with the line that gives the seat a working one,
# and what to do with the mail kept (found by a host's walk-through)
host_says "masqued -C $(realpath $S) admin $GS replace dave NEW-ADDRESS --why \"...\""
host_says "问题解决后要重发，就把它移回 $S/spool/；不需要的话就删除它"

# a catalog that cannot be read: English, and the daemon's log says why
mkdir -p $T/tmpl && cp -r templates/. $T/tmpl/ && printf '{"broken": ' > $T/tmpl/zh/host.json
D=$T/zh
printf 'From: MAILER-DAEMON@x.test\nTo: game@masqued.invalid\nSubject: Undelivered\nMessage-ID: <b-2@x.test>\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n--b\nContent-Type: text/plain\n\nThe mail to carol@x.test could not be delivered.\n--b\nContent-Type: message/delivery-status\n\nFinal-Recipient: rfc822; carol@x.test\nAction: failed\nStatus: 5.1.1\n--b--\n' \
    > $D/mail/inbox/new/2.bounce.eml
MASQUED_TEMPLATES=$T/tmpl MASQUED_NOW=$((MASQUED_NOW + 80 * 3600)) expect 0 \
    "serve with a broken catalog" -- $M -C $D serve --once
err_has "the host's mail stays in English: "
host_mail $D "^Subject: \[masqued\] mail to carol@x.test bounced"
host_says "Mail to carol@x.test bounced."
done_checks
