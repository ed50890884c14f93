#!/bin/sh
# test_hostile_host.sh - a host who damages the data folder by hand or runs
# out of disk: each command says what is wrong in one sentence, with the
# exit code docs/commands.md gives, and leaves the game as it was.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
expect 0 "pause" -- $M -C $D admin $G pause --why "away"
L=$D/games/$G/log

# --- a log whose last entry, mailed to the players, was cut short ---
# A crash never leaves that (an entry is durable before its mails are
# queued): the entry was removed. A writer used to take the cut entry for a
# crash's torn tail, put it in quarantine and log another entry 2 in its
# place: the players, mailed "paused" as entry 2, got a second history.
cp $L $T/log.whole
head -c -5 $T/log.whole >$L
cp $L $T/log.cut
for c in "admin $G resume --why back" "submit $G alice STATUS --no-mail"; do
	expect 3 "$c on a log cut short" -- $M -C $D $c
	err_has "The log of game $G ends at entry 1, but entries up to 2 were mailed to the players"
	err_has "masqued verify $G"; one_line
	same_file $L $T/log.cut "$c changed a log cut short"
	[ ! -e $D/games/$G/quarantine ] || fail "$c quarantined a mailed entry"; ok
done
expect 0 "serve --once beside a log cut short" -- $M -C $D serve --once
same_file $L $T/log.cut "serve changed a log cut short"
expect 3 "verify of a log cut short" -- $M -C $D verify $G
err_has "were mailed to the players"
# put back whole, the game goes on
cp $T/log.whole $L
expect 0 "resume once the log is whole" -- $M -C $D admin $G resume --why back
expect 0 "verify" -- $M -C $D verify $G
# a crash's torn tail (an entry never mailed) is still mended by the next
# writer, as before
printf '{"game":"%s","torn' $G >>$L
expect 0 "admin after a crash's torn tail" -- $M -C $D admin $G extend 1h --why "slow"
grep -q '"torn' $D/games/$G/quarantine || fail "the torn tail is not in quarantine"; ok
expect 0 "verify after the torn tail" -- $M -C $D verify $G

# --- a word too many: said as such, not "no option" ---
cp $L $T/log.before
expect 2 "extend with two durations" -- $M -C $D admin $G extend 2d 3d --why "x"
err_has "admin extend takes one DURATION; 3d is one word too many"; one_line
expect 2 "a reason left unquoted" -- $M -C $D admin $G pause --why we left
err_has "admin pause: \"left\" follows --why's reason; put the whole reason in quotes"; one_line
expect 2 "an unknown option" -- $M -C $D admin $G pause --why "x" --now
err_has "admin has no option --now"; one_line
# two reasons: the last was logged, the first lost unsaid
expect 2 "two --why" -- $M -C $D admin $G pause --why "away" --why "ill"
err_has "admin pause: --why is given twice"; one_line
expect 2 "two --lang" -- $M -C $D admin $G replace bob bob2@x.test --lang ja --lang zh --why "x"
err_has "admin replace: --lang is given twice"; one_line
same_file $L $T/log.before "a refused admin line changed the log"

# --- a key file deleted: a data folder that lost server.pub was called "no
# masqued data folder", and the host told to run init (which refuses: the
# other keys are there) ---
mv $D/keys/server.pub $T/server.pub
for c in "games" "serve --once" "view $G public"; do
	expect 4 "$c without server.pub" -- $M -C $D $c
	err_has "The key file $D/keys/server.pub is missing from the data folder $D; put it back from a backup"
	one_line
done
mv $T/server.pub $D/keys/server.pub
expect 0 "verify with server.pub back" -- $M -C $D verify $G

# --- a byte flipped in the middle of the log: every command that reads the
# game names it (it said "entry 3: the hash does not match the body.", and
# `games`, over several games, left the host to guess which); `log` shows
# the entries before it first (test_damaged_log_history.sh) ---
cp $L $T/log.good
expect 0 "log of the log whole" -- $M -C $D log $G
head -n 2 $T/out >$T/log2.txt
/usr/bin/python3 -c '
import sys; p = sys.argv[1]; b = bytearray(open(p, "rb").read())
i = b.index(b"\n", b.index(b"\n") + 1) + 30; b[i] ^= 1; open(p, "wb").write(b)' $L
cp $L $T/log.flipped
for c in "games" "view $G public" "admin $G resume --why back" "submit $G bob STATUS --no-mail"; do
	expect 3 "$c on a flipped byte" -- $M -C $D $c
	if [ "$c" = games ]; then	# said in the game's row, named on stderr
		out_has "$G  cannot be read: The log of game $G does not verify (entry 3: "
		out_has "the game stops until you put it back from a backup (masqued verify $G)."
		err_has "masqued: Game $G cannot be read (its line above says why)."; one_line
	else
		err_has "The log of game $G does not verify (entry 3: "
		err_has "the game stops until you put it back from a backup (masqued verify $G)."; one_line
	fi
	same_file $L $T/log.flipped "$c changed a log with a flipped byte"
done
expect 3 "log on a flipped byte" -- $M -C $D log $G
err_has "The log of game $G does not verify (entry 3: "
err_has "nothing from entry 3 on is shown, and the game stops until you put it back from a backup (masqued verify $G)."; one_line
same_file $T/out $T/log2.txt "log's entries before the flipped byte"
same_file $L $T/log.flipped "log changed a log with a flipped byte"
expect 3 "verify on a flipped byte" -- $M -C $D verify $G
# the game named first, as games names it in its row: a host verifying
# several games (a loop over them) read "entry 3: ..." of which?
err_has "masqued: game $G: entry 3: "
cp $T/log.good $L
# --- the log saved again by an editor with Windows line ends: said so,
# not "the signature is not base64" ---
sed 's/$/\r/' $T/log.good >$L
expect 3 "verify on CR LF line ends" -- $M -C $D verify $G
err_has "masqued: game $G: entry 1: the line ends in CR LF; a log's lines end in LF alone (the file was saved with Windows line ends)."; one_line
cp $T/log.good $L
# --- an empty line appended (echo >> log): said so, and what to do, not
# "the line does not have exactly three TAB-separated fields" ---
n=$(grep -c '' $T/log.good)
{ cat $T/log.good; echo; } >$L
expect 3 "verify on an empty line at the end" -- $M -C $D verify $G
err_has "entry $((n + 1)): the log ends in an empty line after entry $n, which masqued never writes but an \"echo >> log\" or an editor adds: delete the empty line at its end, and entries 1 to $n are read as before."; one_line
printf '\n \n' >>$L
expect 3 "verify on empty lines at the end" -- $M -C $D verify $G
err_has "entry $((n + 1)): the log ends in empty lines after entry $n, which masqued never writes but an \"echo >> log\" or an editor adds: delete the empty lines at its end, and entries 1 to $n are read as before."; one_line
# --- a blank line in the middle (an editor, a paste): said so, where, and
# what to do, not "the line does not have exactly three TAB-separated
# fields" ---
awk 'NR == 3 { print "" } 1' $T/log.good >$L
expect 3 "verify on a blank line in the middle" -- $M -C $D verify $G
err_has "masqued: game $G: entry 3: line 3 of the log is a blank line, after entry 2; masqued never writes one, but an editor or a paste adds it: delete that line, and verify again."; one_line
expect 3 "log on a blank line in the middle" -- $M -C $D log $G
err_has "(entry 3: line 3 of the log is a blank line, after entry 2; "; one_line
awk 'NR == 3 { print ""; print " " } 1' $T/log.good >$L
expect 3 "verify on two blank lines in the middle" -- $M -C $D verify $G
err_has "masqued: game $G: entry 3: lines 3 to 4 of the log are blank lines, after entry 2; masqued never writes one, but an editor or a paste adds them: delete those lines, and verify again."; one_line
grep -q "TAB-separated" $T/err && fail "a blank line said as a line of the wrong fields"; ok
cp $T/log.good $L

# --- one address for two seats: the player behind it would read both
# hands. A `new` with a line copied and not mended, or a replace with the
# wrong player's address, was taken, and the welcome mailed the seat's
# secrets to the other player ---
ls $D/games >$T/games.before
expect 1 "new with one address for two seats" -- $M -C $D new masquerade \
    --player alice=alice@x.test --player bob=Alice@X.test --player carol=carol@x.test
err_has 'alice and bob have the same address, alice@x.test; each player needs their own.'; one_line
ls $D/games | cmp -s - $T/games.before || fail "new made a game with one address for two seats"; ok
cp $L $T/log.before
expect 1 "replace with another player's address" -- $M -C $D admin $G replace bob carol@x.test --why "new player"
err_has "carol@x.test is carol's address in game $G; each player needs their own."; one_line
same_file $L $T/log.before "a refused replace changed the log"
# a kicked player's address is free again: they are out of the game
expect 0 "kick carol" -- $M -C $D admin $G kick carol --why "gone"
expect 0 "replace bob with the kicked carol's address" -- $M -C $D admin $G replace bob carol@x.test --why "carol takes bob's seat"
expect 0 "verify" -- $M -C $D verify $G

# --- a full disk: admin logs its action, and says so when its mails could
# not be queued (it said only "Cannot write ...", and the host, who took it
# for refused, gave it again: "Game X is paused already") ---
if unshare -m true 2>/dev/null; then
	n=$(($(wc -l <$L) + 1))
	cat >$T/full.sh <<EOS
mount -t tmpfs -o size=2m tmpfs $T/small || exit 9
cp -a $D $T/small/data
dd if=/dev/zero of=$T/small/filler bs=1k count=4000 2>/dev/null
$M -C $T/small/data admin $G pause --why "disk" >$T/out 2>$T/err
echo \$? >$T/rc
rm $T/small/filler
$M -C $T/small/data serve --once 2>$T/serve.err >/dev/null
$M -C $T/small/data verify $G >/dev/null 2>&1 || echo "verify failed" >>$T/serve.err
grep -c "$G-0*$n-[0-9]-admin" $T/serve.err >$T/sent
EOS
	mkdir $T/small
	unshare -m sh $T/full.sh || fail "the full disk could not be made"
	[ "$(cat $T/rc)" = 4 ] || { cat $T/err; fail "admin on a full disk: exit $(cat $T/rc), wanted 4"; }; ok
	err_has "The pause is logged in game $G as entry $n, but its mails were not queued (Cannot write "
	err_has "No space left on device); the next serve queues them."; one_line
	grep -q "verify failed" $T/serve.err && fail "the game does not verify after the full disk"; ok
	[ "$(cat $T/sent)" = 4 ] || { cat $T/serve.err; fail "the next serve did not send the pause's 4 notices"; }; ok
else
	echo "test_hostile_host: no mount namespace here; the full-disk case was not run" >&2
fi

done_checks
