#!/bin/sh
# test_inbox_top_files.sh - a mail dropped into the inbox Maildir itself
# (DATA/mail/inbox/, not its new/ or cur/) was passed over without a word:
# the pass read 0 messages. Each pass now logs one line naming how many
# such files sit there and where a mail goes; what a mail server keeps in a
# Maildir's top folder (Dovecot's and Courier's files, maildirfolder,
# subscriptions, dot files and subfolders) is not counted, and an inbox
# with none of the others says nothing.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
TOP=$D/mail/inbox

# what Dovecot and Courier keep there, and a subfolder: not a word
for f in dovecot-uidlist dovecot-uidvalidity dovecot-uidvalidity.5f3a \
    dovecot.index dovecot.index.log dovecot.index.cache \
    dovecot.list.index.log dovecot-keywords maildirfolder courierimapuiddb \
    courierimapkeywords courierpop3dsizelist subscriptions .hidden; do
	echo x >$TOP/$f
done
mkdir $TOP/.Sent $TOP/courierimaphieracl
MASQUED_NOW=$((MASQUED_NOW + 60)) expect 0 "a pass, the server's files in the top folder" -- $M -C $D serve --once
grep -q "itself are not read" $T/err && { cat $T/err; fail "the server's files were counted"; }; ok

# alice's move dropped into the top folder, and another mail there: one
# line, the count, the folder and where a mail goes
RA=$(rt $G alice) || fail "no reply address"
c=$($MREL -C $D bot $G alice) || fail "bot alice"
send alice@x.test "$RA" m1 "$c"
mv $IN/$n.test $TOP/alice.eml
cp $TOP/alice.eml $TOP/other.eml
MASQUED_NOW=$((MASQUED_NOW + 120)) expect 0 "a pass, two mails in the top folder" -- $M -C $D serve --once
err_has "inbound: 2 file(s) in $TOP itself are not read: a mail goes in its new/ folder ($TOP/new)"
[ "$(grep -c 'itself are not read' $T/err)" = 1 ] || fail "not one line for the pass"; ok
# every pass says it again, while they sit there
MASQUED_NOW=$((MASQUED_NOW + 180)) expect 0 "the next pass" -- $M -C $D serve --once
err_has "inbound: 2 file(s) in $TOP itself are not read"

# moved where it belongs: read, and nothing said
mv $TOP/alice.eml $IN/alice.eml
rm $TOP/other.eml
MASQUED_NOW=$((MASQUED_NOW + 240)) expect 0 "the pass after the move" -- $M -C $D serve --once
grep -q "itself are not read" $T/err && fail "a pass with none said it"; ok
[ -z "$(ls $IN)" ] || fail "the moved mail was not read"; ok
done_checks
