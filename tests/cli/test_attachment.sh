#!/bin/sh
# test_attachment.sh - a reply whose commands are in an attachment alone
# (report.txt, with no text part, or an empty one) was answered "no
# readable text part", or with the help mail's "no text of its own",
# and never told the attachment was not read. Both answers now name it
# and say to write the commands in the mail's text; the game unchanged.
# Beside a text with commands, an attachment is left unread and unsaid
# (a signature, a picture, smime.p7s ride along with many mails): the
# text's commands are played, the receipt as for the text alone.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
L=$D/games/$G/log
expect 0 "the welcome mails" -- $M -C $D serve --once
. tests/cli/lib_mail.sh
RT=$(reply_to alice)
# mail NAME TEXT ATTACHMENTS...: a multipart/mixed reply from alice, its
# text part TEXT ("-": none), then each attachment (FILE=BODY; FILE ""
# for one with no name), into $T/NAME.eml
mail() {
	f=$T/$1.eml
	printf 'From: Alice <alice@x.test>\nTo: %s\nSubject: Re: the masque\nMessage-ID: <%s@x.test>\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b0"\n\n' \
	    "$RT" "$1" >$f
	[ "$2" = - ] || printf -- '--b0\nContent-Type: text/plain; charset=utf-8\n\n%s\n' "$2" >>$f
	shift 2
	for a in "$@"; do
		name=${a%%=*}
		printf -- '--b0\nContent-Type: text/plain; charset=utf-8\nContent-Disposition: attachment%s\n\n%s\n' \
		    "${name:+; filename=\"$name\"}" "${a#*=}" >>$f
	done
	printf -- '--b0--\n' >>$f
}
# answered NAME KIND: ingest $T/NAME.eml; one mail of KIND to alice,
# its parts as $T/NAME.*
answered() {
	ls $O >$T/before
	expect 0 "$1: ingest" -- $M -C $D ingest $T/$1.eml
	answer $2 alice@x.test $1
}
c=$($MREL -C $D bot $G alice | grep '^PLACE')
[ -n "$c" ] || fail "no placement for alice"; ok
cp $L $T/log0
# no text part: refused, the attachment named
mail alone - "report.txt=$c"
answered alone refused
says alone "The message has no readable text part; the attachment \"report.txt\" was not read: write your commands in the mail's text."
mail two - "report.txt=$c" "moves.txt=$c"
answered two refused
says two "its 2 attachments were not read: write your commands in the mail's text."
same_file $L $T/log0 "a mail of attachments alone changed the game"
# an empty text part: the help mail says the attachment was not read
mail empty "" "report.txt=$c"
answered empty help
says empty "Your mail had no text of its own above the quoted mail, and its attachment \"report.txt\" was not read: write your commands in the mail's text."
says_not empty "(a command in the Subject is not read)"
mail empty2 "" "=$c"
answered empty2 help
says empty2 "and its attachment was not read: write your commands"
mail empty3 "" "a.txt=$c" "b.txt=$c"
answered empty3 help
says empty3 "and its 2 attachments were not read: write your commands"
same_file $L $T/log0 "a mail of an empty text changed the game"
# an empty mail without attachment: the sentence as it was
mail bare ""
answered bare help
says bare "Your mail had no text of its own above the quoted mail (a command in the Subject is not read)"
says_not bare "attachment"
# beside a text with its commands: they are played, nothing said of it
mail good "$c" "report.txt=STATUS"
answered good receipt
! grep -q "\"type\":\"command\"" $T/log0 || fail "a command logged before"; ok
grep -q '"type":"command"' $L || fail "the text's command was not logged"; ok
says_not good "attachment"
says_not good "report.txt"
done_checks
