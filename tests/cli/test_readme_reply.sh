#!/bin/sh
# test_readme_reply.sh - the README's hand-made reply (From, To = the
# Reply-To address, Subject, the command in the body, no Message-ID or
# Date), its address and command made this game's, saved as the README
# says in DATA/mail/inbox/new/: the next pass applies it.
. tests/cli/lib.sh
. tests/cli/lib_game.sh
awk '/^A move made by hand/ { f = 1 } f && /^```$/ { n++; next }
    f && n == 1 { print }' README.md >$T/example
[ "$(wc -l <$T/example)" = 5 ] || { cat $T/example; fail "the README's example is not five lines"; }; ok
grep -q '^From: alice@example.org$' $T/example || fail "the example's From"; ok
grep -q '^To: game+[a-z2-7]\{8\}\.0\.[a-z2-7]\{16\}@masqued.invalid$' $T/example ||
    fail "the example's To is not a Reply-To address as masqued makes them"; ok
grep -q '^Subject: ' $T/example || fail "the example has no Subject"; ok
grep -q 'inbox/new/alice-1' README.md || fail "the README does not say where the file goes"; ok
RA=$(reply_to alice)
c=$($MREL -C $D bot $G alice) || fail "bot alice"
sed -e "s/^From: .*/From: alice@x.test/" -e "s/^To: .*/To: $RA/" \
    -e "\$s/.*/$c/" $T/example >$IN/alice-1
MASQUED_NOW=$((MASQUED_NOW + 60)) expect 0 "the pass that reads it" -- $M -C $D serve --once
err_has "pass: 1 message(s): 1 applied"
$MREL -C $D log $G | grep -q "alice.*$c" || fail "alice's $c is not in the log"; ok
done_checks
