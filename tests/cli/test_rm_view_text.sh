#!/bin/sh
# test_rm_view_text.sh - The Red Death's text view of a player (`masqued
# view GAME PLAYER`) shows what their mails tell them of their own: hand,
# Rumor cards, plan, a move made and not yet revealed, and what they have
# learned; it showed the board alone, and only --json had them (found by
# a rules review). Another player's view, and the public one, show none of
# it.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
play_rounds $D $G 3
expect 0 "alice plays" -- $MREL -C $D submit $G alice "PLAY dance" --no-mail
expect 0 "view alice" -- $M -C $D view $G alice
out_has "Your own (alice):"
out_has "  hand: "
out_has "  Rumor cards:"
out_has "  plan: "
out_has "  not yet revealed: PLAY dance"
out_has "  learned:"
expect 0 "view bob" -- $M -C $D view $G bob
out_has "Your own (bob):"
grep -q "PLAY dance" $T/out && { cat $T/out >&2; fail "bob's view shows alice's secret card"; }; ok
expect 0 "view public" -- $M -C $D view $G public
grep -q "Your own\|hand: \|not yet revealed" $T/out && { cat $T/out >&2; fail "the public view shows a secret"; }; ok
done_checks
