#!/bin/sh
# test_ms_pasted_twice.sh - The Masquerade: a line pasted twice in one mail
# (the prophet's EVENT, written again in other case and spacing) is not
# refused: the second, not legal now only because the first was applied,
# is listed as not needed, the subject stays "received", and `masqued
# parse` tells it the same way. It said "Not now: you are to choose an
# Order" and "received, with problems" (found by players by mail).
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
SEED=0707070707070707070707070707070707070707070707070707070707070707

ms_game $D $SEED dave
serve() { $M -C $D serve --once 2>>$T/serve.log || fail "serve --once"; ok; }
serve
. tests/cli/lib_mail.sh
# the bots play on to the first Event
k=0
while :; do
	set -- $(ms_owes $D $G)
	[ "$2" = event ] && break
	[ $k -lt 300 ] || fail "no Event in 300 moves"
	$MREL -C $D submit $G $1 "$($MREL -C $D bot $G $1)" --never-mail \
	    >/dev/null || fail "bot $1"
	k=$((k + 1))
done
P=$1
EV=$($MREL -C $D bot $G $P)
case "$EV" in EVENT\ *) ;; *) fail "the bot's Event: $EV" ;; esac
AGAIN="event  $(echo "${EV#EVENT }" | tr 'A-Z' 'a-z')"
RP=$(reply_to $P)
printf 'From: %s@x.test\nTo: %s\nSubject: Re\nMessage-ID: <dry@x.test>\n\n%s\n%s\n' \
    $P "$RP" "$EV" "$AGAIN" >$T/dry.eml
expect 0 "parse the Event twice" -- $M -C $D parse $T/dry.eml
$PY -c 'import json, sys
o = json.load(open(sys.argv[1])); c = o["commands"]
sys.exit(not (c[0]["accepted"] and not c[1]["accepted"] and
    c[1].get("moot") is True and "repeats the line before" in c[1]["error"]
    and o["errors"] == []))' $T/out ||
    { cat $T/out >&2; fail "parse does not call the repeated line not needed"; }; ok
ls $O >$T/before
send $P@x.test "$RP" e1 "$EV\n$AGAIN"
serve
answer receipt $P@x.test e1
says e1 "not needed, line 2: $(echo $AGAIN)"
says e1 "Not applied again: it repeats the line before, which was applied."
says_not e1 "NOT accepted"
says_not e1 "Not now"
grep '^Subject:' "$(cat $T/e1.file)" | tr -d '\r' | grep -q ': received$' ||
    fail "the receipt's subject: $(grep '^Subject:' "$(cat $T/e1.file)")"; ok
expect 0 "masqued verify" -- $M -C $D verify $G
out_has "sound"
done_checks
