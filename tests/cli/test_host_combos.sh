#!/bin/sh
# test_host_combos.sh - a host's commands on games in the states the admin
# actions leave them (ended, paused then ended, a kicked seat) and on a data
# folder damaged by hand: each says what is so in one sentence, with the
# exit code docs/commands.md gives, and changes nothing it should not.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
H=$($M -C $D new masquerade --player a=a@x.test --player b=b@x.test \
    --player c=c@x.test) || fail "new masquerade"

# --- a game the host ended, paused before or not: view and state said
# "Paused by the host: no move is taken until it resumes" of a game over
# for good, or "b owes: dancer" / "Waiting for: carol (place)" ---
expect 0 "pause" -- $M -C $D admin $G pause --why "away"
expect 0 "end a paused game" -- $M -C $D admin $G end --why "we give up"
expect 0 "end" -- $M -C $D admin $H end --why "too slow"
expect 0 "view of a game ended while paused" -- $M -C $D view $G alice
out_has "Ended by the host at entry 3 (we give up): nothing more can be played."
grep -q "Paused" $T/out && fail "view says an ended game is paused"; ok
out_has "You owe: nothing now"
expect 0 "view of an ended masquerade" -- $M -C $D view $H b
out_has "Ended by the host at entry 2 (too slow): nothing more can be played."
out_has "nobody owes anything"
expect 0 "view --json of an ended game" -- $M -C $D view $G public --json
out_has '"ended_by_host": true'; out_has '"owes": []'
grep -q '"paused"' $T/out && fail "view --json says an ended game is paused"; ok
expect 0 "view --json of an ended masquerade" -- $M -C $D view $H public --json
out_has '"owes": null'; out_has '"to_move": null'
expect 0 "state of an ended game" -- $M -C $D state $G
out_has "Ended by the host at entry 3 (we give up)"; out_has "Waiting for: nobody"
expect 0 "state before the end: paused" -- $M -C $D state $G --at 2
out_has "Paused by the host"; out_has "Waiting for: alice (place)"
expect 0 "verify" -- $M -C $D verify $G

# --- an option's value left off: it was "state has no option --at" ---
expect 2 "state --at without its entry" -- $M -C $D state $G --at
err_has "--at needs an entry number"; one_line
for o in --from --to; do
	expect 2 "replay $o without its entry" -- $M -C $D replay $G $o
	err_has "$o needs an entry number"; one_line
done

# --- a game folder whose log was deleted: "There is no game X" (a game the
# players were mailed), and serve and games as if there were none ---
G2=$(new_game $D) || fail "new"
mv $D/games/$G2/log $T/log2
for c in "view $G2 public" "admin $G2 pause --why x"; do
	expect 3 "$c without the log" -- $M -C $D $c
	err_has "The log of game $G2 is missing ($D/games/$G2/log); the game stops until you put it back from a backup"
	one_line
done
expect 3 "games without the log" -- $M -C $D games
out_has "$G2  cannot be read: The log of game $G2 is missing ($D/games/$G2/log); the game stops until you put it back from a backup"
err_has "masqued: Game $G2 cannot be read (its line above says why)."
one_line
expect 3 "verify without the log" -- $M -C $D verify $G2
err_has "The log of game $G2 is missing"; one_line
[ ! -e $D/games/$G2/log ] || fail "a command made a log in place of the lost one"; ok
mv $T/log2 $D/games/$G2/log
expect 0 "verify with the log back" -- $M -C $D verify $G2
expect 1 "a game that is not there" -- $M -C $D view aaaaaaaa public
err_has "There is no game \"aaaaaaaa\" in $D (masqued games lists those there are)."

# --- a log shorter than its mark of mailed entries: admin and serve stop
# the game, and games listed it as running ---
cp $D/games/$G2/mailed $T/mailed
printf '%020d\n' 9 >$D/games/$G2/mailed
expect 3 "games with a log cut short" -- $M -C $D games
out_has "The log of game $G2 ends at entry 1, but entries up to 9 were mailed"
err_has "masqued: Game $G2 cannot be read (its line above says why)."
one_line
cp $T/mailed $D/games/$G2/mailed
expect 0 "games with the mark mended" -- $M -C $D games
# a number that is no mark (a clock's, the files swapped) is a damaged
# mark, said so: not entries "up to 1800651600" mailed, which sent the
# host to put back a log that was whole
# two games' logs swapped: the log is said to be the other game's (it was
# blamed on the game's data.json when the kinds differed)
cp $D/games/$G/log $T/log.G && cp $D/games/$G2/log $T/log.G2
cp $T/log.G2 $D/games/$G/log && cp $T/log.G $D/games/$G2/log
expect 3 "verify a game holding another's log" -- $M -C $D verify $G2
err_has "entry 1: this log is game $G's, not game $G2's: $D/games/$G2 holds another game's log (put game $G2's own back)."
expect 3 "games with a game holding another's log" -- $M -C $D games
out_has "this log is game $G's, not game $G2's"
cp $T/log.G $D/games/$G/log && cp $T/log.G2 $D/games/$G2/log
# ... and of two kinds: the log is still said to be the other game's (the
# folder's data.json, the other kind's, was blamed)
G3=$($M -C $D new masquerade --player ann=ann@x.test --player ben=ben@x.test \
    --player cid=cid@x.test) || fail "new masquerade"
cp $D/games/$G3/log $T/log.G3
cp $T/log.G3 $D/games/$G/log && cp $T/log.G $D/games/$G3/log
expect 3 "verify a Red Death game holding a Masquerade's log" -- $M -C $D verify $G
err_has "entry 1: this log is game $G3's, not game $G's: $D/games/$G holds another game's log (put game $G's own back)."
expect 3 "verify that log by its path" -- $M -C $D verify $D/games/$G/log
err_has "entry 1: this log is game $G3's, not game $G's"
expect 3 "games with two kinds swapped" -- $M -C $D games
out_has "this log is game $G3's, not game $G's"
out_has "this log is game $G's, not game $G3's"
cp $T/log.G $D/games/$G/log && cp $T/log.G3 $D/games/$G3/log
printf '1800651600\n' >$D/games/$G2/mailed
expect 0 "games with a clock's number for a mark" -- $M -C $D games
! grep -q "were mailed" $T/out $T/err || fail "a clock's number read as a mark"; ok
expect 0 "verify says the mark is damaged" -- $M -C $D verify $G2
out_has "its mark of mailed entries $D/games/$G2/mailed is damaged"
# the plain "%llu\n" a masqued before the 20 digits wrote is a mark still
printf '9\n' >$D/games/$G2/mailed
expect 3 "verify with an old-style mark past the log" -- $M -C $D verify $G2
err_has "but entries up to 9 were mailed"
cp $T/mailed $D/games/$G2/mailed

# --- rotate-token of a kicked seat: it was logged, and the kicked player
# alone mailed "The host gave you new reply addresses" for a game they are
# out of ---
G3=$(new_game $D) || fail "new"
expect 0 "kick bob" -- $M -C $D admin $G3 kick bob --why "gone"
cp $D/games/$G3/log $T/log3
expect 1 "rotate-token of a kicked seat" -- $M -C $D admin $G3 rotate-token bob --why "leak"
err_has "bob is out of game $G3, so nobody replies from that seat; admin $G3 replace bob EMAIL gives it a new player and new reply addresses."
one_line
same_file $D/games/$G3/log $T/log3 "a refused rotate-token changed the log"
expect 0 "replace bob" -- $M -C $D admin $G3 replace bob bert@x.test --why "new"
expect 0 "rotate-token once the seat is played" -- $M -C $D admin $G3 rotate-token bob --why "leak"
expect 0 "verify" -- $M -C $D verify $G3

# --- a secret key file deleted: "Cannot read the key file ...: No such
# file or directory", where server.pub's says what to do ---
for k in server.key tag.key; do
	mv $D/keys/$k $T/$k
	expect 4 "serve --once without $k" -- $M -C $D serve --once
	err_has "The key file $D/keys/$k is missing from the data folder; put it back from a backup."
	one_line
	mv $T/$k $D/keys/$k
done
expect 0 "serve --once with the keys back" -- $M -C $D serve --once

# --- help as docs/commands.md lists it: `masqued help help` was "not a masqued
# command", and the usage did not name --version; an empty -C or -c gave
# "There is no masqued data folder at  (no keys/server.pub)" ---
expect 0 "help help" -- $M help help
out_has "masqued help COMMAND"
out_has "masqued --version: the commit masqued was built from"
for o in -C -c; do
	expect 2 "an empty $o" -- $M $o "" games
	err_has "$o needs a "; one_line
done

# --- `masqued --version extra` printed the version and dropped the word,
# and `masqued --help serve` printed every command instead of serve's ---
expect 2 "--version with a word after it" -- $M --version games
err_has "masqued: --version takes nothing after it (see masqued --help)."; one_line
$M help serve >$T/help_serve.out
expect 0 "--help serve" -- $M --help serve
same_file $T/out $T/help_serve.out "--help serve is not help serve"
expect 2 "--help with two words" -- $M --help serve games
err_has "masqued: --help takes one command (see masqued --help)."; one_line
expect 2 "--help of no command" -- $M --help dance
err_has 'masqued: "dance" is not a masqued command'

# --- `masqued parse` (or ingest) typed with no FILE waited on the terminal
# without a word: it says what it waits for (util-linux's script gives it
# a terminal, and the end of its input) ---
if command -v script >/dev/null 2>&1; then
	script -qec "$M -C $D parse" /dev/null </dev/null >$T/tty.out 2>&1 || true
	grep -qF "masqued: Reading a mail from the terminal; end it with Ctrl-D, or give a FILE." $T/tty.out ||
	    fail "parse on a terminal said: $(cat $T/tty.out)"; ok
	expect 0 "parse of an empty pipe" -- $M -C $D parse </dev/null
	grep -q "terminal" $T/err && fail "parse from a pipe spoke of a terminal"; ok
fi

# --- parse, the dry run, of a reply to a paused game, then an ended one:
# it showed every line accepted, where the mail is refused whole (paused)
# or all but STATUS and HELP (over); it changes nothing ---
P=$(new_game $D) || fail "new (parse)"
expect 0 "the welcome mails" -- $M -C $D serve --once
f=$(grep -l "^Message-ID: <$P\." $D/mail/outbox/new/* | xargs grep -l "^To: alice@x.test" | head -1)
rt=$(grep -m1 "^Reply-To:" $f | sed 's/^Reply-To: //' | tr -d '\r')
[ -n "$rt" ] || fail "no Reply-To in alice's welcome"; ok
printf 'From: alice@x.test\r\nTo: %s\r\nSubject: Re\r\nMessage-ID: <pz1@x.test>\r\n\r\nPLAN cw cw cw cw cw cw\r\nSTATUS\r\n' \
    "$rt" > $T/reply.eml
expect 0 "pause" -- $M -C $D admin $P pause --why "a trip"
n=$($M -C $D log $P | wc -l)
expect 0 "parse of a reply to a paused game" -- $M -C $D parse $T/reply.eml
out_has "\"refused\": \"Game $P is paused by the host; send your commands again once it resumes.\""
[ "$(grep -c '"accepted": false' $T/out)" = 2 ] || fail "a line of a mail to a paused game shown accepted"; ok
[ "$($M -C $D log $P | wc -l)" = $n ] || fail "parse changed the log"; ok
expect 0 "end" -- $M -C $D admin $P end --why "no time"
n=$($M -C $D log $P | wc -l)
expect 0 "parse of a reply to an ended game" -- $M -C $D parse $T/reply.eml
out_has "The game is over; nothing more can be played."
/usr/bin/python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
c = {x["text"]: x["accepted"] for x in o["commands"]}
sys.exit(0 if c == {"PLAN cw cw cw cw cw cw": False, "STATUS": True} and "refused" not in o else 1)' $T/out ||
    { cat $T/out; fail "an ended game's dry run: not the PLAN refused and the STATUS answered"; }; ok
[ "$($M -C $D log $P | wc -l)" = $n ] || fail "parse changed the log"; ok

# --- a read-only option given twice: the last won unseen (state --at 1
# --at 5 showed entry 5); which was meant? Refused, as new's and admin's;
# verify's --key twice got only its general usage sentence ---
for c in "state $G --at 1 --at 2" "replay $G --from 1 --from 2" "replay $G --to 2 --to 3" \
    "sim redmasque --games 2 --games 3" "sim redmasque --players 4 --players 5" \
    "sim redmasque --bots random --bots careful" "verify-receipt $T/reply.eml --key k1 --key k2" \
    "verify $G --key k1 --key k2"; do
	set -- $c
	opt=$(echo "$c" | awk '{ print $(NF - 1) }')
	expect 2 "$1 with $opt twice" -- $M -C $D "$@"
	err_has "$opt is given twice"; one_line
done

# sim's text line: one game is "1 game", not "1 games"
expect 0 "sim of one game" -- $M sim redmasque --games 1
out_has "1 game of redmasque, 5 players, in "
expect 0 "sim of two games" -- $M sim redmasque --games 2
out_has "2 games of redmasque, 5 players, in "

# admin with --why before the action: the action's place said, not
# '"--why" is not an admin action'; nothing logged
n=$($M -C $D log $G | wc -l)
expect 2 "admin with --why first" -- $M -C $D admin $G --why "a trip" pause
err_has "admin's ACTION comes right after the game, then --why: admin GAME ACTION ... --why"; one_line
[ "$($M -C $D log $G | wc -l)" = $n ] || fail "a refused admin logged"; ok
# an action mistyped: the one meant is named (a host typed extnd); a word
# near none is refused as before; nothing logged
expect 2 "admin extnd" -- $M -C $D admin $G extnd 24h --why "a trip"
err_has '"extnd" is not an admin action; did you mean extend?'; one_line
expect 2 "admin rotate-tokn" -- $M -C $D admin $G rotate-tokn alice --why "a leak"
err_has 'did you mean rotate-token?'; one_line
expect 2 "admin stop" -- $M -C $D admin $G stop --why "a trip"
err_has '"stop" is not an admin action (see'; one_line
[ "$($M -C $D log $G | wc -l)" = $n ] || fail "a refused admin logged"; ok

done_checks
