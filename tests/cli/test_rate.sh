#!/bin/sh
# test_rate.sh - the limit of replies one sender gets per hour (config
# rate_limit): the messages over it that change nothing are dropped
# unanswered (a mail loop or a flood stops there), while a move over it is
# still applied and answered (no move lost), the count holds across a
# restart of serve and across `ingest` processes (DATA/cursor/rate), and it
# starts afresh the next hour; other senders are not affected. The first
# message dropped in an hour is told so, in one sentence saying until when
# (a player heard nothing and took silence for "taken"); the next are not.
. tests/cli/lib.sh
D=$T/data
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
T0=1790000000
export MASQUED_NOW=$T0

expect 0 "init" -- $M -C $D init
echo "rate_limit = 3" >> $D/masqued.conf
G=$(new_game $D) || fail "new"
expect 0 "the welcome mails go out" -- $M -C $D serve --once

reply_to() {	# NAME: the Reply-To of NAME's welcome mail
	sed -n 's/^Reply-To: //p' "$(grep -l "^To: $1@x.test" $O/* | head -n 1)" | tr -d '\r'
}
RA=$(reply_to alice)
RB=$(reply_to bob)
mail() {	# ID FROM TO: a STATUS reply, as a file name printed
	printf 'From: %s\nTo: %s\nSubject: Re\nMessage-ID: <r%s@x.test>\n\nSTATUS\n' \
	    "$2" "$3" "$1" > $T/m$1.eml
	echo $T/m$1.eml
}
answers_to() { grep -l "^To: $1" $O/* 2>/dev/null | wc -l; }
entries() { $MREL -C $D log $G | wc -l; }

a0=$(answers_to alice@x.test)
e0=$(entries)
for i in 1 2 3 4 5; do cp $(mail a$i alice@x.test "$RA") $IN/a$i.eml; done
cp $(mail b1 bob@x.test "$RB") $IN/b1.eml
expect 0 "serve with five replies from alice, one from bob" -- $M -C $D serve --once
[ "$(grep -c "over the rate limit for alice@x.test; dropped" $T/err)" = 2 ] || { cat $T/err; fail "not two of alice's replies over the limit"; }; ok
[ "$(grep -c "over the rate limit for alice@x.test; dropped, and the sender told so (once this hour)" $T/err)" = 1 ] ||
    { cat $T/err; fail "not one of alice's replies over the limit told so"; }; ok
[ "$(answers_to alice@x.test)" = $((a0 + 4)) ] || fail "alice was not answered exactly three times and told of the limit once"; ok
told=$(grep -l "^To: alice@x.test" $O/* | xargs grep -l "mails this hour" | head -n 1)
[ -n "$told" ] || fail "no mail tells alice of the limit"; ok
tr -d '\r' <"$told" | grep -q "^X-Masqued-Mail: refused" || fail "the limit's mail is no refusal"; ok
/usr/bin/python3 - "$told" <<'EOF2' || fail "the limit's mail does not say until when"
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], 'rb'))
t = [p.get_payload(decode=True).decode() for p in m.walk()
    if p.get_content_type() == 'text/plain'][0]
t = ' '.join(t.split())
assert "This mail changed nothing and is not answered: you have sent more than 3 mails this hour, and until 15:00 UTC a mail of yours that changes nothing (STATUS, HELP, a refused line, a copy) gets no answer" in t, t
assert "send it again after 15:00 UTC." in t, t
EOF2
ok
[ "$(answers_to bob@x.test)" -ge 2 ] || fail "bob was not answered"; ok
grep -q "over the rate limit for bob" $T/err && fail "bob was limited"; ok
[ -z "$(ls $IN)" ] || fail "a dropped message was left in the inbox"; ok
[ "$(entries)" = "$e0" ] || fail "STATUS replies changed the log"; ok

# a restart in the same hour: the count holds
cp $(mail a6 alice@x.test "$RA") $IN/a6.eml
expect 0 "serve again, the same hour" -- $M -C $D serve --once
err_has "over the rate limit for alice@x.test; dropped"
[ "$(answers_to alice@x.test)" = $((a0 + 4)) ] || fail "the limit was forgotten at the restart"; ok
grep -q "told so" $T/err && fail "alice was told of the limit twice in an hour"; ok

# ingest (one process per message, as an MTA's pipe): the same count
expect 0 "ingest over the limit" -- $M -C $D ingest $(mail a7 alice@x.test "$RA")
err_has "over the rate limit for alice@x.test; dropped"
[ "$(answers_to alice@x.test)" = $((a0 + 4)) ] || fail "ingest did not count with serve"; ok

# the next hour: answered again
MASQUED_NOW=$((T0 + 3600)) expect 0 "ingest the next hour" -- $M -C $D ingest $(mail a8 alice@x.test "$RA")
[ "$(answers_to alice@x.test)" = $((a0 + 5)) ] || fail "alice was not answered the next hour"; ok

# a table of another size (an older version) starts afresh, quietly
printf 'x' > $D/cursor/rate
MASQUED_NOW=$((T0 + 3600)) expect 0 "ingest with a foreign rate file" -- $M -C $D ingest $(mail a9 alice@x.test "$RA")
[ "$(answers_to alice@x.test)" = $((a0 + 6)) ] || fail "a foreign rate file stopped the daemon"; ok

# past the limit, a move is still applied and answered: no move is lost to
# the limit (they were dropped like the rest); what changes nothing is not
H2=$((T0 + 7200))
P=$($MREL -C $D view $G admin --json | /usr/bin/python3 -c '
import json, sys
print(json.load(sys.stdin)["owes"][0]["player"])')
RP=$(reply_to $P)
for i in 1 2 3 4; do
	MASQUED_NOW=$H2 $M -C $D ingest $(mail p$i $P@x.test "$RP") 2>/dev/null ||
	    fail "ingest of $P's STATUS $i"
done
p0=$(answers_to $P@x.test)
e0=$(entries)
printf 'From: %s\nTo: %s\nSubject: Re\nMessage-ID: <move@x.test>\n\nPLACE blue\n' \
    "$P@x.test" "$RP" > $T/move.eml
MASQUED_NOW=$H2 expect 0 "a move past the limit" -- $M -C $D ingest $T/move.eml
err_has "over the rate limit for $P@x.test, but a move: applied and answered"
[ "$(entries)" = $((e0 + 1)) ] || fail "the move past the limit was not logged"; ok
$MREL -C $D log $G | tail -n 1 | grep -q "PLACE blue" || fail "the last entry is not the move"; ok
[ "$(answers_to $P@x.test)" -gt "$p0" ] || fail "the move past the limit was not answered"; ok
# the same move again, past the limit: received already, nothing taken, dropped
p1=$(answers_to $P@x.test)
sed 's/<move@/<move2@/' $T/move.eml > $T/move2.eml
MASQUED_NOW=$H2 expect 0 "the move again past the limit" -- $M -C $D ingest $T/move2.eml
err_has "over the rate limit for $P@x.test; dropped"
[ "$(entries)" = $((e0 + 1)) ] || fail "the move sent again was logged"; ok
[ "$(answers_to $P@x.test)" = "$p1" ] || fail "the move sent again past the limit was answered"; ok
expect 0 "verify" -- $M -C $D verify $G
done_checks
