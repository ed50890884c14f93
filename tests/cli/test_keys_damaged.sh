#!/bin/sh
# test_keys_damaged.sh - a key file of the data folder damaged: zeroed
# (server.key, tag.key), or server.pub that no longer matches server.key.
# Every command that signs or makes reply addresses refuses, exit 4, with
# one sentence naming the file and what to put back, and nothing is logged
# or mailed. A zeroed tag.key was read as a key: every reply address of
# the mails before failed ("does not verify (it may be an old or altered
# one)") and new mails got addresses made with the zero key, while serve,
# games and verify said nothing (found by the host); a zeroed server.key
# was blamed on server.pub. A secret key every user of the machine may
# read (mode 644) was taken with nothing said: refused, exit 1, with the
# chmod that mends it.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "serve --once: the welcome" -- $M -C $D serve --once
cp -a $D/keys $T/keys.good
n=$($MREL -C $D log $G | wc -l)
mails=$(ls $D/mail/outbox/new | wc -l)

zero() { head -c "$(wc -c <$1)" /dev/zero >$1; }
check() {	# what was damaged, the sentence
	expect 4 "serve with $1" -- $M -C $D serve --once
	err_has "$2"
	expect 4 "admin with $1" -- $M -C $D admin $G pause --why "x"
	err_has "$2"; one_line
	expect 4 "submit with $1" -- $M -C $D submit $G carol "PLACE blue"
	err_has "$2"; one_line
	rm -rf $D/keys && cp -a $T/keys.good $D/keys
	[ "$($MREL -C $D log $G | wc -l)" = "$n" ] || fail "logged with $1"; ok
	[ "$(ls $D/mail/outbox/new | wc -l)" = "$mails" ] || fail "mailed with $1"; ok
}
zero $D/keys/tag.key
check "a zeroed tag.key" "The key file $D/keys/tag.key holds only zero bytes: it is damaged. Put the keys folder back from a backup, its three files together."
zero $D/keys/server.key
check "a zeroed server.key" "The key file $D/keys/server.key holds only zero bytes: it is damaged."
# one hex digit of server.pub changed
$PY -c 'import sys; p=sys.argv[1]; s=open(p).read(); open(p,"w").write(("1" if s[0]!="1" else "2")+s[1:])' $D/keys/server.pub
check "server.pub changed" "The key files server.key and $D/keys/server.pub do not match: one of them is damaged."
# a secret key every user may read (a restore that lost its mode): refused,
# exit 1, one sentence with the chmod, as a password file is; taken before
for k in server.key tag.key; do
	chmod 644 $D/keys/$k
	for c in "serve --once" "submit $G carol STATUS"; do
		expect 1 "$c, $k readable by all" -- $M -C $D $c
		err_has "The key file $D/keys/$k can be read by every user of this machine; make it the masqued user's alone: chmod 600 $D/keys/$k."
		one_line
	done
	chmod 600 $D/keys/$k
done
[ "$($MREL -C $D log $G | wc -l)" = "$n" ] || fail "logged with a readable key"; ok
# put back, all is as before: the game goes on
expect 0 "submit after the keys are put back" -- $M -C $D submit $G carol "PLACE blue" --no-mail
expect 0 "verify" -- $M -C $D verify $G
done_checks
