#!/bin/sh
# test_oversize.sh - a message over the 25 MiB that masqued reads at most
# (a phone's video sent as a reply, say) is not read, archived nor played,
# but its sender is told why in one sentence, as every reply is answered:
# from its first bytes over Maildir, from its header section (BODY[HEADER])
# over IMAP. One that is an auto-reply is dropped unanswered, and one read
# again is not answered twice; so through `masqued ingest` too, which
# exited 1 unanswered (the MTA bounced it). It was dropped with a line in
# the daemon's log alone, so the player never heard why their move was not
# taken.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
SEED=0707070707070707070707070707070707070707070707070707070707070707

expect 0 "init" -- $M -C $D init
expect 0 "new redmasque" -- $M -C $D new redmasque --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test --player dave=dave@x.test --seed $SEED
G=$(cat $T/out)
$M -C $D serve --once 2>/dev/null || fail "the welcome pass"; ok
. tests/cli/lib_mail.sh
RA=$(reply_to alice)

big() {	# file, extra header line: a reply of 26 MiB (a video attached)
	{ printf 'From: alice@x.test\nTo: %s\nSubject: Re: the masque\nMessage-ID: <big%s@x.test>\n%sMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/plain\n\nPLACE blue\n--b\nContent-Type: video/mp4\nContent-Transfer-Encoding: base64\n\n' \
	    "$RA" "$(basename $1)" "$2"
	  head -c 20000000 /dev/zero | base64 -w 76
	  printf -- '--b--\n'; } >$1
	[ "$(wc -c <$1)" -gt 26214400 ] || fail "the test message is not over 25 MiB"; ok
}
# too_large ID PREFIX WHAT: alice told, as the answer ID, that her message
# is larger than 25 MiB (PREFIX: of a failure's sentence), the log as it was
too_large() {
	answer refused alice@x.test $1
	grep -qF "The message is larger than 25 MiB." $T/$1.txt ||
	    { cat $T/$1.txt >&2; fail "${2}the answer does not say the message is too large"; }; ok
	same_file $D/games/$G/log $T/log.before "$3"
}
cp $D/games/$G/log $T/log.before
big $T/big.eml ""
cp $T/big.eml $IN/1.test
ls $O >$T/before
expect 0 "a pass over a 26 MiB reply" -- $M -C $D serve --once
err_has "is larger than the limit of 26214400 bytes."
err_has "pass: 1 message(s): 0 applied, 1 answered"
too_large r1 "" "a message too large to read"
[ -z "$(ls $IN)" ] || fail "the message is still in the inbox: $(ls $IN)"; ok
[ -z "$(ls $D/archive | grep -v answered)" ] || fail "a message too large was archived"; ok
# the same message again (a crash before it was marked done): not twice
cp $T/big.eml $IN/2.test
ls $O >$T/before
expect 0 "the same message read again" -- $M -C $D serve --once
err_has "already answered; acknowledged"
[ -z "$(ls $O | comm -13 $T/before -)" ] || fail "answered twice"; ok
# an auto-reply that large: dropped, unanswered
big $T/auto.eml "Auto-Submitted: auto-replied
"
cp $T/auto.eml $IN/3.test
ls $O >$T/before
expect 0 "a large auto-reply" -- $M -C $D serve --once
err_has "dropped:"
[ -z "$(ls $O | comm -13 $T/before -)" ] || fail "an auto-reply was answered"; ok
same_file $D/games/$G/log $T/log.before "a large auto-reply"

# ingest (an MTA's pipe, and a FILE): answered as serve answers it, exit
# 0; it exited 1 unanswered, and the MTA bounced it with masqued's stderr
big $T/big3.eml ""
rm -f $D/archive/*.answered
ls $O >$T/before
expect 0 "ingest of a 26 MiB reply from the pipe" -- sh -c "$M -C '$D' ingest < '$T/big3.eml'"
err_has "is larger than the limit of 26214400 bytes"
too_large r3 "ingest: " "an ingested message too large to read"
[ -z "$(ls $D/archive | grep -v answered)" ] || fail "ingest archived a message too large"; ok
ls $O >$T/before
expect 0 "the same message ingested again, from a FILE" -- $M -C $D ingest $T/big3.eml
err_has "already answered; acknowledged"
[ -z "$(ls $O | comm -13 $T/before -)" ] || fail "ingest answered twice"; ok
expect 0 "a large auto-reply ingested" -- $M -C $D ingest $T/auto.eml
err_has "dropped:"
[ -z "$(ls $O | comm -13 $T/before -)" ] || fail "ingest answered an auto-reply"; ok
# parse, a dry run, still only refuses it
expect 1 "parse of a 26 MiB reply" -- $M -C $D parse $T/big3.eml
err_has "The message is larger than 25 MiB."
rm -f $T/big3.eml

# IMAP: the header section alone is fetched, the sender told, the cursor
# moves past it
fake_imap $T/big.eml
imap_in $D $(cat $T/port)
printf '0 0\n' >$D/cursor/imap	# read from the start
rm -f $D/archive/*.answered	# else it is acknowledged as answered above
ls $O >$T/before
expect 0 "an IMAP pass over a 26 MiB reply" -- $M -C $D serve --once
err_has "pass: 1 message(s): 0 applied, 1 answered"
grep -q "UID FETCH 1 BODY\[HEADER\]" $T/imap.log ||
    { cat $T/imap.log >&2; fail "the header section was not fetched"; }; ok
too_large r2 "IMAP: " "an IMAP message too large to read"
[ "$(cat $D/cursor/imap)" = "1700000000 1" ] || fail "the cursor is $(cat $D/cursor/imap)"; ok
done_checks
