#!/bin/sh
# test_refusal_names_en.sh - an English refusal that lists the cards names
# them as the mails do (Fond Memories, Court the Prince), not by their ids
# (fond_memories, court_the_prince), which no English player would write;
# and a name as listed is read back ("PLAY court the prince"). The engine's
# sentence keeps the ids (the log's words): templates/en/refusals.json names
# them. Found by players by mail. Maildir, the ASan binary.
. tests/cli/lib.sh
. tests/cli/lib_game.sh

send alice@x.test "$(reply_to alice)" a1 "PLAY juggle"
ls $O >$T/before
expect 0 "serve --once" -- $M -C $D serve --once
answer receipt alice@x.test al
says al '"juggle" is not a card; the cards are Discuss, Dance, Jest, Admire, Mock, Flirt, Swindle, Threaten, Menace, Encore, Fond Memories, Grand Entrance, Eavesdrop, Pickpocket, Gossipmonger, Scandal, Promenade, Court the Prince, Premonition.'
says_not al "fond_memories"
# the name as listed is read as the card (bob does not hold it)
expect 0 "parse: a card named in words" -- $M -C $D parse /dev/stdin <<EOF2
From: bob@x.test
To: $(reply_to bob)
Subject: Re
Message-ID: <b1@x.test>

PLAY court the prince
EOF2
json_is 'j["commands"][0]["error"].startswith("court_the_prince is not one of your cards")' 

# --- The Masquerade: its Dancers by name (Blade Dancer, not blade-dancer) ---
PY=/usr/bin/python3
G2=$($M -C $D new masquerade --player ann=ann@x.test --player ben=ben@x.test \
    --player cid=cid@x.test --seed 0101010101010101010101010101010101010101010101010101010101010101) ||
    fail "new masquerade"
expect 0 "serve --once sends the welcome mails" -- $M -C $D serve --once
first=$($MREL -C $D view $G2 admin --json | $PY -c 'import json, sys; print(json.load(sys.stdin)["to_move"])')
send $first@x.test "$(rt $G2 $first)" m1 "DANCER juggler"
ls $O >$T/before
expect 0 "serve --once: a Dancer that is none" -- $M -C $D serve --once
answer receipt $first@x.test m1
says m1 '"juggler" is not a Dancer; the Dancers still free are Blade Dancer, Sorcerer, Paladin, Bard, Thief, Eternal Prisoner.'
says_not m1 "blade-dancer"
# a near miss of a name: the one meant, by name
send $first@x.test "$(rt $G2 $first)" m2 "STAGE toewr"
ls $O >$T/before
expect 0 "serve --once: a Stage mistyped" -- $M -C $D serve --once
answer receipt $first@x.test m2
says m2 '"toewr" is not a Stage; did you mean Tower? The Stages are '
# a card's name alone: the command meant, the name as the mails write it
send $first@x.test "$(rt $G2 $first)" m3 "grand hall"
ls $O >$T/before
expect 0 "serve --once: a Stage's name alone" -- $M -C $D serve --once
answer receipt $first@x.test m3
says m3 '"grand hall" is not a command; did you mean STAGE Grand Hall? The commands are '
done_checks
