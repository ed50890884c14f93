#!/bin/sh
# test_no_msgid.sh - a reply with no Message-ID (some clients and MDAs send
# none) that logs nothing (a STATUS), in the same pass as the same player's
# move: its answer used to take the name and Message-ID of that move's
# receipt (GAME-SEQ-SEAT-receipt: the set-apart word comes from the
# Message-ID), and replaced the receipt in the spool, so the player never
# got the signed receipt of the move. Each now goes, under Message-IDs of
# their own. Likewise two HELPs at one seq (two passes, or one): each
# gets a help mail with a Message-ID of its own (a mail client keeps one
# mail of an id; in one pass the second replaced the first in the spool),
# and two of the host's `submit` of a SET line that changes nothing (each
# answered, as a reply of it is, with the turn mail).
# Found by a randomized soak of `serve`. Maildir, the ASan binary.
. tests/cli/lib.sh
RATE_LIMIT=86400
. tests/cli/lib_game.sh

# alice places first in new_game's seed
c=$($MREL -C $D bot $G alice)
case "$c" in PLACE\ *) ;; *) fail "alice's first move is not a PLACE: $c";; esac; ok
ls $O >$T/before
send alice@x.test "$(reply_to alice)" move.1 "$c"
# a STATUS with no Message-ID, read after the move in the same pass
printf 'From: alice@x.test\nTo: %s\nSubject: Re: the masque\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\nSTATUS\n' \
    "$(reply_to alice)" >$IN/2.test
expect 0 "serve --once: the move and the STATUS" -- $M -C $D serve --once
ls $O | comm -13 $T/before - >$T/new
(cd $O && grep -l '^To: alice@x.test' $(cat $T/new)) >$T/alice
[ "$(wc -l <$T/alice)" = 2 ] || fail "alice got $(wc -l <$T/alice) mail(s), not 2: the receipt and the STATUS"; ok
# one of them is the receipt of the move, with its signed entry
for f in $(cat $T/alice); do parts $O/$f $f; done
grep -l '"format": "masqued-receipt-v1"' $T/*.txt >/dev/null ||
    fail "no mail to alice holds the receipt of her move"; ok
grep -lF "$c" $(for f in $(cat $T/alice); do echo $T/$f.txt; done) >/dev/null ||
    fail "no mail to alice names her move"; ok
# and two Message-IDs, not one
[ "$(cd $O && grep -h '^Message-ID:' $(cat $T/alice) | sort -u | wc -l)" = 2 ] ||
    fail "the two mails to alice share a Message-ID"; ok
expect 0 "the log verifies" -- $M -C $D verify $G

# --- HELP three times from bob at one seq: in two passes, then two in one ---
ls $O >$T/before
send bob@x.test "$(reply_to bob)" help.1 "HELP"
expect 0 "serve --once: a HELP" -- $M -C $D serve --once
send bob@x.test "$(reply_to bob)" help.2 "HELP"
send bob@x.test "$(reply_to bob)" help.3 "HELP"
expect 0 "serve --once: two HELPs" -- $M -C $D serve --once
ls $O | comm -13 $T/before - >$T/new
ids=$(cd $O && grep -l '^X-Masqued-Mail: help' $(cat $T/new) | xargs grep -h '^Message-ID:' | sort -u | wc -l)
[ "$ids" = 3 ] || fail "three HELPs got help mails of $ids Message-ID(s), not 3"; ok

# --- the host's submit of a SET line that changes nothing, twice: the
# mail each queues (the turn mail, as a reply of it gets) is its own (the
# second took the first's name) ---
ls $O >$T/before
expect 0 "submit SET NOTICES ON for carol" -- $M -C $D submit $G carol "SET NOTICES ON"
expect 0 "the same again" -- $M -C $D submit $G carol "SET NOTICES ON"
expect 0 "serve --once sends them" -- $M -C $D serve --once
ls $O | comm -13 $T/before - >$T/new
ids=$(cd $O && grep -l '^To: carol@x.test' $(cat $T/new) | xargs grep -l '^X-Masqued-Mail: turn' | xargs grep -h '^Message-ID:' | sort -u | wc -l)
[ "$ids" = 2 ] || fail "two submits got turn mails of $ids Message-ID(s), not 2"; ok
done_checks
