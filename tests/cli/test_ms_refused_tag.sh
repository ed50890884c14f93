#!/bin/sh
# test_ms_refused_tag.sh - The Masquerade: a mail refused as one sentence
# that names its game (a player who wrote to another player's reply
# address; after the end, kenji's "パス") had the subject "[masqued GAME]
# メールは受け付けられませんでした", while every other mail of the game
# has "[仮面舞踏会 GAME]": a player's mail filter on the game's tag
# missed it (found by players by mail). It has the game's own tag, in
# the reader's language.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
SEED=0000000000000000000000000000000000000000000000000000000000000001

ms_game $D $SEED
serve() { $M -C $D serve --once 2>>$T/serve.log || fail "serve --once"; ok; }
serve
. tests/cli/lib_mail.sh
RA=$(reply_to alice); RB=$(reply_to bob)
subject() {	# name: the decoded Subject of $T/NAME's mail
	$PY -c 'import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(str(email.header.make_header(email.header.decode_header(m["Subject"]))))' "$(cat $T/$1.file)"
}
# bob answers alice's mail: refused, about this game
ls $O >$T/before
send bob@x.test "$RA" other "STATUS"
serve
answer refused bob@x.test other
[ "$(subject other)" = "[Masquerade $G] your mail was not accepted" ] ||
    fail "the refusal's subject: $(subject other)"; ok
# in Japanese, the tag of the game's Japanese mails
send bob@x.test "$RB" lang "SET LANG ja"
serve
ls $O >$T/before
send bob@x.test "$RA" other_ja "パス"
serve
answer refused bob@x.test other_ja
[ "$(subject other_ja)" = "[仮面舞踏会 $G] メールは受け付けられませんでした" ] ||
    fail "the refusal's subject in Japanese: $(subject other_ja)"; ok
done_checks
