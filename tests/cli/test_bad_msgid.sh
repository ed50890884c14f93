#!/bin/sh
# test_bad_msgid.sh - a mail whose Message-ID (or In-Reply-To, References)
# is none a built mail can carry: a character past ASCII, a space, 950
# bytes. Its answer copies the ids into its thread headers; the mail could
# not be built, the message was "not processed" and stayed, and the game
# stalled behind it on every pass: anyone who knew a game's id (it is in
# every Reply-To) could stop it. Such an id is now none: the answer goes,
# the next mail of the game is played. Found by a code review. Maildir, the
# ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh

long=$(printf 'a%.0s' $(seq 1 950))
bad_tag=$(reply_to alice | sed 's/\.[a-z0-9]*@/.aaaaaaaaaaaaaaaa@/')
i=0
for id in 'été@x.test' 'a b@x.test' "$long@x.test"; do
	i=$((i + 1))
	printf 'From: alice@x.test\nTo: %s\nSubject: hi\nMessage-ID: <%s>\nIn-Reply-To: <%s>\nReferences: <ok@x.test> <%s>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\nSTATUS\n' \
	    "$bad_tag" "$id" "$id" "$id" >$IN/bad.$i.test
done
c=$($MREL -C $D bot $G alice)
printf 'From: alice@x.test\nTo: %s\nSubject: Re: the masque\nMessage-ID: <é é@x.test>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n%s\n' \
    "$(reply_to alice)" "$c" >$IN/move.test
ls $O >$T/before
expect 0 "serve --once: the three forged-id mails and alice's move" -- $M -C $D serve --once
! grep -q "not processed" $T/err || { cat $T/err >&2; fail "a message was not processed"; }; ok
[ -z "$(ls $IN)" ] || fail "mails left in the inbox: $(ls $IN)"; ok
ls $O | comm -13 $T/before - >$T/new
n=$(cd $O && grep -l '^To: alice@x.test' $(cat $T/new) | xargs grep -l '^X-Masqued-Mail: refused' | wc -l)
[ "$n" = 3 ] || fail "$n refusals to alice, not 3"; ok
! (cd $O && grep -l 'été\|a b@x' $(cat $T/new)) >/dev/null || fail "a forged id was copied into an answer"; ok
expect 0 "the move was logged" -- $M -C $D log $G
out_has "alice: $c"
# a second pass has nothing left to do
expect 0 "serve --once again" -- $M -C $D serve --once
! grep -q "not processed" $T/err || { cat $T/err >&2; fail "a message was not processed"; }; ok
done_checks
