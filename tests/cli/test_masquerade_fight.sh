#!/bin/sh
# test_masquerade_fight.sh - an Arena fight of The Masquerade, played by
# the host's submit (mailed as replies would be): carol challenges alice,
# passes her window, and alice's PASS ends the fight. carol, whose last
# mail was the receipt of her own window, hears the result then, in a
# notice (she heard it only with her next turn's mail); bob, who did not
# fight and is not to move, gets no mail.
. tests/cli/lib.sh
D=$T/data
SEED=0707070707070707070707070707070707070707070707070707070707070707
ms_game $D $SEED
ms_to_fight blade-dancer paladin sorcerer
ls $D/spool >$T/before
ms_sub alice PASS
ls $D/spool | grep -vxF -f $T/before >$T/new
grep -q -- "-0-receipt.eml$" $T/new || fail "alice got no receipt: $(cat $T/new)"; ok
n=$(grep -- "-2-notice.eml$" $T/new) || fail "carol was not told the fight's result: $(cat $T/new)"; ok
grep -q "  Power: you 3, alice 3\. A tie" $D/spool/$n || fail "carol's notice lacks the result: $(cat $D/spool/$n)"; ok
grep -q -- "-1-" $T/new && fail "bob, who did not fight, got a mail: $(cat $T/new)"; ok
done_checks
