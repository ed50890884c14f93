#!/bin/sh
# test_store.sh - the data folder, games, submit, receipts, verify and
# export from the command line, and every bad input of issue 3 with its
# exit code and one sentence, the log unchanged.
. tests/cli/lib.sh
D=$T/data

# --- the data folder ---
expect 0 "init" -- $M -C $D init
for f in keys/server.key keys/tag.key; do
	[ "$(stat -c %a $D/$f)" = 600 ] || fail "$f is not mode 0600"; ok
done
# the folders of players' secret moves in plain text (archived mails, logs,
# the mails out) are the service user's alone; mail/ is not (an MTA of
# another user may deliver into its inbox)
for f in archive games spool cursor; do
	[ "$(stat -c %a $D/$f)" = 700 ] || fail "$f/ is $(stat -c %a $D/$f), not 0700"; ok
done
[ "$(stat -c %a $D/mail/inbox)" = 755 ] || fail "mail/inbox is not 0755"; ok
cmp -s $D/masqued.conf config/masqued.conf.example || fail "init's config differs from config/masqued.conf.example"; ok
expect 1 "init again refuses to overwrite keys" -- $M -C $D init
one_line
# a host who runs init twice is told the folder is a data folder already,
# not only that a key file exists
err_has "There is a masqued data folder at $D already: $D/keys/server.key already exists, and init never overwrites a key (masqued -C NEW-FOLDER init makes another)."
# init names the folder as given: a folder holding only the host's
# masqued.conf was named from / (new ones as given)
mkdir $T/rel2
cp $D/masqued.conf $T/rel2/
expect 0 "init of a relative new folder" -- sh -c "cd $T && $M -C rel1 init"
out_has "Created the data folder rel1: keys in rel1/keys, config rel1/masqued.conf."
expect 0 "init of a folder holding masqued.conf" -- sh -c "cd $T && $M -C rel2 init"
out_has "Created the data folder rel2: keys in rel2/keys, config rel2/masqued.conf."
rm -rf $T/rel1 $T/rel2
expect 4 "a folder that is not a data folder" -- $M -C $T/nothing view abcdefgh alice
err_has "There is no masqued data folder at"; one_line
# verify of a game id says so too (it said "There is no game ... in",
# exit 1, while log, view and the rest say there is no data folder, exit 4)
expect 4 "verify of a game in a folder that is not a data folder" -- $M -C $T/nothing verify abcdefgh
err_has "There is no masqued data folder at $T/nothing (no keys/server.pub); create one with: masqued -C $T/nothing init."; one_line
# a path longer than masqued can hold: init refuses, as every later command
# would, and makes nothing
long=$T/$(printf '%0300d' 0)/$(printf '%0300d' 1)/$(printf '%0300d' 2)/$(printf '%0300d' 3)
expect 4 "init of a path too long" -- $M -C $long init
err_has "The data folder's path is too long (1023 bytes at most)."; one_line
[ ! -e $T/$(printf '%0300d' 0) ] || fail "init of a path too long made folders"; ok

expect 2 "-C without its folder" -- $M -C
err_has "-C needs a data folder"; one_line
expect 2 "-c without its file" -- $M -C $D -c
err_has "-c needs a config file"; one_line

# --- new ---
expect 1 "a bad player name" -- $M -C $D new redmasque --player Alice=a@x.test \
    --player bob=b@x.test --player carol=c@x.test --player dave=d@x.test
err_has "not allowed"; one_line
expect 1 "too few players" -- $M -C $D new redmasque --player alice=a@x.test
err_has "4 to 7 players"
expect 1 "an unknown game" -- $M -C $D new chess --player alice=a@x.test
expect 2 "usage" -- $M -C $D new
P4="--player bob=b@x.test --player carol=c@x.test --player dave=d@x.test"
# view GAME admin|public show the host's views: no player may be named so
for name in admin public; do
	expect 1 "a player named $name" -- $M -C $D new redmasque --player $name=a@x.test $P4
	err_has "The player name \"$name\" is kept for the host's views"; one_line
done
# The Red Death reads the names after TARGET up to its next keyword: a
# player named like one could never be targeted; nothing is made
games_before=$(ls $D/games | wc -l)
for name in target slot recover; do
	expect 1 "a player named $name" -- $M -C $D new redmasque --player $name=a@x.test $P4
	err_has "The player name \"$name\" is a word of the command language (after TARGET it would end the names); choose another."; one_line
done
[ "$(ls $D/games | wc -l)" = "$games_before" ] || fail "a refused new made a game"; ok
# a keyword of one game is a name like any other in the other
expect 0 "init another" -- $M -C $T/kw init
expect 0 "The Masquerade takes a player named target" -- $M -C $T/kw new masquerade --player target=a@x.test $P4
# an unknown option, or a stray word, last on the line is not "needs a value"
expect 2 "an unknown option last" -- $M -C $D new redmasque --player alice=a@x.test $P4 --bogus
err_has "new has no option --bogus"; one_line
expect 2 "a stray word last" -- $M -C $D new redmasque --player alice=a@x.test $P4 extra
err_has "new has no option extra"; one_line
expect 2 "a known option without its value" -- $M -C $D new redmasque --player alice=a@x.test $P4 --seed
err_has "--seed needs a value"; one_line
# too many players: the game's sentence for 8 is its sentence for 9 (a 9th
# --player was a usage error) and for 12
P8="$P4 --player erin=e@x.test --player frank=f@x.test --player gina=g@x.test --player hal=h@x.test"
for extra in "" "--player ian=i@x.test" "--player ian=i@x.test --player jo=j@x.test --player kim=k@x.test --player lou=l@x.test"; do
	n=$((8 + $(echo "$extra" | grep -o -- --player | wc -l)))
	expect 1 "$n players" -- $M -C $D new redmasque --player alice=a@x.test $P8 $extra
	err_has "masqued: The Masque of the Red Death is for 4 to 7 players, not $n."; one_line
done
# a sentence quoting input shows its control characters escaped (mq_fail,
# mq_cli_usage): a line break in it made two lines, the second a "header"
nl='
'
expect 1 "an address with a line break" -- $M -C $D new redmasque --player "alice=x@y${nl}Bcc: z@evil.test" $P4
err_has 'masqued: "x@y\nBcc: z@evil.test" is not a usable email address for alice.'; one_line
tab=$(printf '\t')
expect 1 "a name with a tab" -- $M -C $D new redmasque --player "al${tab}ice=a@x.test" $P4
err_has 'The player name "al\tice" is not allowed'; one_line
expect 2 "an option with control characters" -- $M -C $D new redmasque "--x$(printf '\001\177')${nl}y"
err_has 'masqued: new has no option --x\x01\x7f\ny (see masqued help new).'; one_line
expect 1 "verify of a game whose name has a line break" -- $M -C $D verify "zz${nl}zz"
err_has 'There is no game "zz\nzz"'; one_line
expect 2 "a --player without =" -- $M -C $D new redmasque --player alice $P4
err_has "--player takes NAME=EMAIL"; one_line
[ -z "$(ls $D/games)" ] || fail "a refused new made a game"; ok
G=$(new_game $D) || fail "new"
echo "$G" | grep -Eq '^[a-z2-7]{8}$' || fail "game id $G is not 8 base32 characters"; ok

# --- submit, receipts, bad input (exit 1, log unchanged) ---
L=$D/games/$G/log
expect 1 "an unknown game" -- $M -C $D submit zzzzzzzz alice "PLAY jest"
err_has "no game"; one_line
expect 1 "an unknown player" -- $M -C $D submit $G zed "PLAY jest"
err_has "no player"; one_line
cp $L $T/log.before
expect 1 "an illegal command" -- $M -C $D submit $G alice "PLACE blue" "PLAY scandal"
one_line
same_file $L $T/log.before "a refused submit changed the log"
expect 1 "a malformed command" -- $M -C $D submit $G alice "DANCE wildly"
err_has "is not a command"
same_file $L $T/log.before "a refused submit changed the log"
# Pickpocket takes from every nearby noble: a TARGET sent with it is
# refused by the one who holds it (a log's such line still replays); to
# another, that it is not their card comes first
# (a game whose seed deals carol Pickpocket)
GP=$($M -C $D new redmasque --player alice=pa@x.test --player bob=pb@x.test \
    --player carol=pc@x.test --player dave=pd@x.test \
    --seed 0101010101010101010101010101010101010101010101010101010101010101) ||
    fail "new"
expect 1 "a TARGET Pickpocket does not read" -- $M -C $D submit $GP carol "PLAY pickpocket TARGET bob SLOT 12:10"
err_has "pickpocket takes from every nearby noble, not one you name: send it without TARGET, e.g. PLAY pickpocket SLOT 12:10."; one_line
expect 1 "a Pickpocket alice does not hold" -- $M -C $D submit $GP alice "PLAY pickpocket TARGET bob SLOT 12:10"
err_has "pickpocket is not one of your cards"; one_line
same_file $L $T/log.before "a refused submit changed the log"
expect 0 "a legal submit" -- $M -C $D submit $G bob "PLAY jest" "MOVE cw" "PLAN cw cw stay stay ccw ccw"
cp $T/out $T/receipt.json
expect 0 "the receipt verifies alone" -- $M -C $D verify-receipt $T/receipt.json
expect 0 "the receipt verifies against the log" -- $M -C $D verify-receipt $T/receipt.json $G
out_has "still holds that entry"
sed 's/PLAY jest/PLAY mock/' $T/receipt.json > $T/receipt.bad
expect 3 "a receipt with a changed byte" -- $M -C $D verify-receipt $T/receipt.bad
one_line
# another key put in: said as such, not as a body that lacks its fields
/usr/bin/python3 - $T/receipt.json $T/receipt.key <<'PY' || fail "changing the receipt's key"
import json, sys
r = json.load(open(sys.argv[1]))
r["public_key"] = "11" * 32
json.dump(r, open(sys.argv[2], "w"))
PY
expect 3 "a receipt with another public_key" -- $M -C $D verify-receipt $T/receipt.key
err_has "The receipt's public_key (kid "
err_has ") is not the key its body names (kid $(/usr/bin/python3 -c 'import json,sys; print(json.loads(json.load(open(sys.argv[1]))["body"])["kid"])' $T/receipt.json))."
one_line

# --- bot: a style it does not know is a usage error, not careful in silence ---
expect 2 "bot --style weird" -- $M -C $D bot $G alice --style weird
err_has 'masqued: --style takes random or careful, not "weird" (see masqued help bot).'; one_line
[ -s $T/out ] && fail "bot --style weird printed a move"; ok
expect 0 "bot --style random" -- $M -C $D bot $G alice --style random

# --- a whole bot game through submit, then verify, state, export ---
play_out $D $G
expect 0 "verify a finished game" -- $M -C $D verify $G
out_has "sound"
# an unknown game is refused (1) as log and view refuse it, not an I/O failure
expect 1 "verify an unknown game" -- $M -C $D verify zzzzzzzz
err_has 'There is no game "zzzzzzzz"'; one_line
# one letter mistyped: the game meant is named (when it is the one near)
typo=$(echo $G | sed 's/.$/x/'); [ "$typo" = "$G" ] && typo=$(echo $G | sed 's/.$/y/')
expect 1 "view a game id one letter off" -- $M -C $D view $typo public
err_has "There is no game \"$typo\" in $D; did you mean $G?"; one_line
# the id copied in capitals: the game meant is named
up=$(echo $G | tr a-z A-Z)
expect 1 "view a game id in capitals" -- $M -C $D view $up public
err_has "There is no game \"$up\": a game id is in lower case; did you mean $G?"; one_line
expect 1 "verify a game id one letter off" -- $M -C $D verify $typo
err_has "There is no game \"$typo\" in $D, and no log file of that name; did you mean $G?"; one_line
expect 4 "verify a log file that is not there" -- $M -C $D verify $T/nothing/log
one_line
expect 1 "a command after the end" -- $M -C $D submit $G alice "PLAN cw cw cw cw cw cw"
err_has "over"; one_line
expect 0 "state --json" -- $M -C $D state $G --json
out_has '"phase": "over"'
expect 0 "state at entry 3" -- $M -C $D state $G --json --at 3
out_has '"seq": 3'
expect 1 "state at an entry past the end" -- $M -C $D state $G --at 99999
# the text state shows the host what the players cannot see
expect 0 "state at entry 3, as text" -- $M -C $D state $G --at 3
out_has "Game $G after entry 3:"
out_has "The host's view:"
out_has "  hand: "
out_has "Red Death cards: 12:00 "
out_has "Waiting for:"
# view GAME admin is "everything" (help view, docs/commands.md): as text it showed
# what public shows, the hands and the Red Death cards left out
expect 0 "view admin, as text" -- $M -C $D view $G admin
out_has "The host's view:"
out_has "  hand: "
out_has "Red Death cards: 12:00 "
expect 0 "view public, as text" -- $M -C $D view $G public
grep -q "The host's view:\|  hand: " $T/out && fail "view public shows the host's view"; ok

# --- replay: the log step by step, each entry with what it set off ---
expect 0 "log" -- $M -C $D log $G
cp $T/out $T/log.txt
expect 0 "replay" -- $M -C $D replay $G
grep -v '^        ' $T/out > $T/replay.entries
same_file $T/log.txt $T/replay.entries "the replay's entry lines and the log"
grep -q '^        .* enters the .* room\.$' $T/out || fail "the replay tells no placement"; ok
grep -q 'Red Death visits' $T/out || fail "the replay tells no midnight"; ok
expect 0 "replay --from 3 --to 5" -- $M -C $D replay $G --from 3 --to 5
grep -v '^        ' $T/out > $T/replay.part
sed -n 3,5p $T/log.txt > $T/log.part
same_file $T/log.part $T/replay.part "replay 3..5 and the log's entries 3..5"
n=$(wc -l < $T/log.txt)
expect 0 "replay of the last entry" -- $M -C $D replay $G --from $n
[ "$(grep -vc '^        ' $T/out)" = 1 ] || fail "replay --from the last entry showed $(grep -vc '^        ' $T/out) entries"; ok
expect 1 "replay past the end" -- $M -C $D replay $G --from $((n + 1))
err_has "has $n entries; there is no entry $((n + 1))."; one_line
# --to past the end: the same refusal, before any entry is printed, and a
# way to the whole replay; --to at the last entry is the whole replay
expect 1 "replay --to past the end" -- $M -C $D replay $G --to $((n + 1))
err_has "has $n entries; there is no entry $((n + 1)) (leave out --to to replay to the end)."
one_line
[ ! -s $T/out ] || fail "replay --to past the end printed entries"; ok
expect 0 "replay" -- $M -C $D replay $G
cp $T/out $T/replay.all
expect 0 "replay --to the last entry" -- $M -C $D replay $G --to $n
same_file $T/out $T/replay.all "replay --to $n and replay"
expect 2 "replay --to before --from" -- $M -C $D replay $G --from 5 --to 2
one_line
expect 2 "replay with an unknown option" -- $M -C $D replay $G --step
one_line
expect 1 "replay of an unknown game" -- $M -C $D replay zzzzzzzz
one_line
expect 0 "export" -- $M -C $D export $G
cp $T/out $T/export.json
/usr/bin/python3 tests/verify_export.py $T/export.json >$T/py.out 2>&1 || { cat $T/py.out; fail "the Python verifier refused an honest export"; }; ok
# a Python without PyNaCl (a player's own): one sentence saying what to
# install, exit 2, not a traceback that reads like a failed check
/usr/bin/python3 -c 'import sys; sys.modules["nacl"] = None; sys.argv = sys.argv[1:]; exec(open(sys.argv[0]).read())' \
    tests/verify_export.py $T/export.json >$T/py.out 2>&1
[ $? = 2 ] || { cat $T/py.out; fail "verify_export.py without PyNaCl: not exit 2"; }; ok
[ "$(cat $T/py.out)" = "verify_export.py needs PyNaCl: apt-get install python3-nacl (Debian, then run it with /usr/bin/python3), or pip install pynacl." ] ||
    { cat $T/py.out; fail "verify_export.py without PyNaCl: not the one sentence"; }; ok
/usr/bin/python3 - $T/export.json $T/export.bad <<'PY'
import json, sys
e = json.load(open(sys.argv[1]))
i = next(k for k, l in enumerate(e["log"]) if '"secret":true' in l)
e["log"][i] = e["log"][i].replace('"secret":true', '"secret":true ', 1)
json.dump(e, open(sys.argv[2], "w"))
PY
if /usr/bin/python3 tests/verify_export.py $T/export.bad >$T/py.out 2>&1; then fail "the Python verifier passed a tampered export"; fi
grep -q "^entry [0-9]*:" $T/py.out || fail "the Python verifier did not name the entry"; ok

# --- tampering with the log: verify exit 3 and names the entry ---
cp $L $T/good.log
tamper() {	# description, sed expression or command, expected entry
	cp $T/good.log $T/bad.log
	eval "$2"
	expect 3 "$1" -- $M -C $D verify $T/bad.log
	# the game named first (its first line's, a log copied out of its
	# folder): a host verifying several games reads which line is which
	err_has "masqued: game $G: entry $3:"; one_line
}
tamper "a changed body character" "sed -i '5s/\"ts\":/\"ts\" :/' $T/bad.log" 5
tamper "a changed hash character" "awk -F'\t' 'NR==6{\$2=(substr(\$2,1,1)==\"a\"?\"b\":\"a\") substr(\$2,2)} 1' OFS='\t' $T/good.log > $T/bad.log" 6
tamper "a changed signature character" "awk -F'\t' 'NR==7{\$3=(substr(\$3,1,1)==\"A\"?\"B\":\"A\") substr(\$3,2)} 1' OFS='\t' $T/good.log > $T/bad.log" 7
tamper "two lines swapped" "awk 'NR==8{h=\$0; next} NR==9{print; print h; next} 1' $T/good.log > $T/bad.log" 8
tamper "a line dropped" "sed -i '10d' $T/bad.log" 10
err_has "entry 10: seq is 11, expected 10: an entry is missing here, or out of place."
tamper "a line repeated" "sed -i '10p' $T/bad.log" 11
err_has "entry 11: seq is 10, expected 11: an earlier entry again, or one out of place."
D2=$T/other; $M -C $D2 init >/dev/null
expect 3 "a log signed by another key" -- $M -C $D verify $G --key $D2/keys/server.pub
# both keys whole, as the mails show the server key (it gave kids alone)
err_has "masqued: game $G: entry 1: the log is signed by another key than the trusted one: by the key $(cat $D/keys/server.pub) (kid "
err_has "), not $(cat $D2/keys/server.pub) (kid "; one_line

# --- a torn last line: the next writer quarantines it ---
G2=$(new_game $D)
L2=$D/games/$G2/log
# a log of its genesis alone: one entry, said so
expect 1 "state --at 2 of a log of one entry" -- $M -C $D state $G2 --at 2
err_has "masqued: Game $G2 has 1 entry; there is no entry 2."; one_line
expect 1 "replay --from 2 of a log of one entry" -- $M -C $D replay $G2 --from 2
err_has "Game $G2 has 1 entry; there is no entry 2."; one_line
$M -C $D submit $G2 carol "PLAY jest" >/dev/null || fail "submit"
# as a crash in the middle of writing it leaves it: not yet mailed (a
# mailed entry torn away is a loss, which verify reports)
printf '%020d\n' 1 > $D/games/$G2/mailed
cp $L2 $T/full.log
head -c $(( $(wc -c < $L2) - 20 )) $T/full.log > $L2
expect 0 "a reader ignores a torn tail" -- $M -C $D view $G2 carol
[ ! -e $D/games/$G2/quarantine ] || fail "a reader quarantined"; ok
# verify is a reader too: sound, exit 0, but the torn tail is said, and
# nothing moved (it said "ok" as if the tail were not there)
torn=$(( $(tail -n 1 $T/full.log | wc -c) - 20 ))
expect 0 "verify a log with a torn tail" -- $M -C $D verify $G2
grep -qF "replay sound; a torn last line of $torn bytes is not an entry" $T/out ||
    { cat $T/out >&2; fail "verify does not mention the torn tail"; }; ok
[ "$(wc -l <$T/out)" = 1 ] || fail "verify said more than one line"; ok
[ ! -e $D/games/$G2/quarantine ] || fail "verify quarantined"; ok
expect 0 "the next writer recovers" -- $M -C $D submit $G2 dave "PLAY jest"
[ -s $D/games/$G2/quarantine ] || fail "no quarantine after a torn write"; ok
# the host hears of it (the crash it points to): one line naming the game
err_has "game $G2: the end of its log"
err_has "was a write cut short ($(( torn )) bytes, by a crash)"
expect 0 "the recovered log verifies" -- $M -C $D verify $G2
grep -qF "torn" $T/out && fail "verify reports a torn tail that is gone"; ok

# --- every failure is one sentence: a capital after "masqued: " (or a
# quoted name), a full stop last; "entry SEQ: ..." keeps DESIGN's form,
# after verify's "game G: ".
# verify and verify-receipt of a folder said "cannot read DIR: Is a directory"
mkdir $T/folder
printf 'x\n' >$T/junk
sentence() {	# exit code, what, command...
	expect "$@"
	grep -Eq '^masqued: (game [a-z2-7]{8}: )?([A-Z"]|entry [0-9]+: ).*[.]$' $T/err ||
	    { cat $T/err >&2; fail "$2: not one sentence with a capital and a full stop"; }; ok
	one_line
}
sentence 4 "verify of a folder" -- $M -C $D verify $T/folder
err_has "masqued: Cannot read $T/folder: Is a directory."
sentence 4 "verify-receipt of a folder" -- $M -C $D verify-receipt $T/folder
err_has "masqued: Cannot read $T/folder: Is a directory."
sentence 4 "verify-receipt of no file" -- $M -C $D verify-receipt $T/nothing
sentence 3 "verify-receipt of a file that is not JSON" -- $M -C $D verify-receipt $T/junk
expect 2 "verify with a key mistyped" -- $M -C $D verify $G2 --key abcd
err_has "masqued: --key abcd is not a key: the server key is 64 hex digits (this is 4)"
one_line
sentence 4 "verify with a key file that is not there" -- $M -C $D verify $G2 --key $T/nothing.pub
sentence 4 "a data folder that is not one" -- $M -C $T/folder view $G2 carol
err_has "There is no masqued data folder at $T/folder"
sentence 4 "ingest of a folder" -- $M -C $D ingest $T/folder
# a file that is no log at all: refused as log and state refuse it (exit 1)
sentence 1 "verify of a file that is no log" -- $M -C $D verify $T/junk
sentence 1 "init over a data folder" -- $M -C $D init
expect 2 "an option that is not one" -- $M -x
err_has "masqued: There is no option -x (see masqued --help)."; one_line

# --- games: every game on a line, for the host ---
E=$T/games
expect 0 "init for games" -- $M -C $E init
expect 0 "games with none" -- $M -C $E games
out_has "No games yet"
R=$(new_game $E) || fail "new for games"
P=$($M -C $E new redmasque --player ann=ann@x.test --player ben=ben@x.test \
    --player cat=cat@x.test --player dan=dan@x.test --player eve=eve@x.test) || fail "second new"
expect 0 "pause the second" -- $M -C $E admin $P pause --why "a holiday"
expect 0 "games" -- $M -C $E games
grep -q "^$R  redmasque  *running .* place .*[0-9]:[0-9][0-9]  alice\$" $T/out ||
    { cat $T/out >&2; fail "the running game's line"; }; ok
grep -q "^$P  redmasque  *paused .* place  *-  *[a-z]*\$" $T/out ||
    { cat $T/out >&2; fail "the paused game's line (no deadline)"; }; ok
expect 0 "games --json" -- $M -C $E games --json
/usr/bin/python3 - $T/out $R $P <<'PY' || fail "games --json"
import json, sys
top = json.load(open(sys.argv[1]))
g = {x["game"]: x for x in top["games"]}
r, p = g[sys.argv[2]], g[sys.argv[3]]
assert r["status"] == "running" and r["waiting_for"] == ["alice"] and r["deadline"] > 0, r
assert p["status"] == "paused" and p["deadline"] is None and p["players"] == 5, p
assert len(p["waiting_for"]) == 1, p
# mail to a Maildir: nothing down, nothing failed
assert top["mail_in"] == {"down": None}, top["mail_in"]
out = top["mail_out"]
assert out["down"] is None and out["retrying"] == 0 and out["dead"] == 0, out
assert isinstance(out["queued"], int), out
PY
ok
expect 2 "games with an argument" -- $M -C $E games $R
one_line
# a game is made in a hidden folder and renamed into place whole
ls -a $E/games | grep -q '^\.new-' && fail "new left its hidden folder"; ok
mkdir $E/games/.new-abcdefgh && printf 'half a game\n' > $E/games/.new-abcdefgh/log
expect 0 "games with a new one killed halfway" -- $M -C $E games
grep -q abcdefgh $T/out && fail "games lists a game still being made"; ok
MASQUED_GAME_ID=$R expect 4 "new with the id of a game there" -- $M -C $E new redmasque \
    --player ann=ann@x.test --player ben=ben@x.test --player cat=cat@x.test \
    --player dan=dan@x.test
err_has "Cannot create $E/games/$R: File exists"; one_line
ls -a $E/games | grep -q "^\.new-$R" && fail "the failed new left its hidden folder"; ok
# a game whose log is damaged is named, the others still listed
mkdir $E/games/zzzzzzzz && printf 'not a log\n' > $E/games/zzzzzzzz/log
expect 3 "games with a damaged log" -- $M -C $E games
out_has "zzzzzzzz  cannot be read: The log of game zzzzzzzz does not verify"
out_has "$R  redmasque"
err_has "masqued: Game zzzzzzzz cannot be read (its line above says why)."
one_line
# --json lists it too, with the sentence, and the others (it printed nothing)
expect 3 "games --json with a damaged log" -- $M -C $E games --json
json_is '[g["error"][:40] for g in j["games"] if g["game"] == "zzzzzzzz"] == ["The log of game zzzzzzzz does not verify"]' "the damaged game in games --json"
json_is '[g["kind"] for g in j["games"] if g["game"] == "'$R'"] == ["redmasque"]' "the sound game in games --json"
json_is '"mail_out" in j' "games --json with a damaged log"
err_has "masqued: Game zzzzzzzz cannot be read (its \"error\" above says why)."
one_line
# a sentence that quotes bytes JSON cannot hold (a folder whose name is not
# UTF-8): U+FFFD for each, not "Out of memory." and no JSON at all
X="$T/data$(printf '\377')"
expect 0 "init a folder whose name is not UTF-8" -- $M -C "$X" init
XG=$(new_game "$X") || fail "new in a folder whose name is not UTF-8"
mv "$X/games/$XG/log" $T/xlog
expect 3 "games --json, a log missing in a folder whose name is not UTF-8" -- $M -C "$X" games --json
json_is '[g["error"].startswith("The log of game '$XG' is missing") and "\ufffd" in g["error"] for g in j["games"]] == [True]' "the missing log's error"
rm -rf "$X"
mkdir $E/games/zzzzzzzy && printf 'not a log\n' > $E/games/zzzzzzzy/log
expect 3 "games with two damaged logs" -- $M -C $E games
err_has "masqued: Games zzzzzzzy, zzzzzzzz cannot be read (their lines above say why)."
one_line
rm -r $E/games/zzzzzzzy

# --- a broken key file ---
mv $D/keys/server.key $T/server.key
expect 4 "a missing key file" -- $M -C $D submit $G2 carol "PLAY mock"
err_has "server.key"; one_line
mv $T/server.key $D/keys/server.key
done_checks
