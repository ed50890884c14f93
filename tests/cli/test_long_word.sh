#!/bin/sh
# test_long_word.sh - a SET LANG line with a long Japanese word after a
# Latin letter: the line was read cut inside a character, its refusal
# quoted the cut, the answer could not be made ("Out of memory."), and the
# message stalled its game on every pass. An honest player could send it.
# Now it is refused in one sentence, and the next mail is played. Found by
# a code review. Maildir, the ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh

word="x$(printf 'あ%.0s' $(seq 1 100))"
send alice@x.test "$(reply_to alice)" lang.1 "SET LANG $word"
c=$($MREL -C $D bot $G alice)
send alice@x.test "$(reply_to alice)" move.1 "$c"
expect 0 "parse: the line is refused in a sentence" -- $M -C $D parse $IN/1.test
json_is 'not j["commands"][0]["accepted"] and j["commands"][0]["error"].startswith("SET LANG takes en, ja or zh")'
ls $O >$T/before
expect 0 "serve --once: the SET LANG and alice's move" -- $M -C $D serve --once
! grep -q "not processed" $T/err || { cat $T/err >&2; fail "a message was not processed"; }; ok
[ -z "$(ls $IN)" ] || fail "mails left in the inbox: $(ls $IN)"; ok
expect 0 "the move was logged" -- $M -C $D log $G
out_has "alice: $c"
done_checks
