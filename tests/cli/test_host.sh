#!/bin/sh
# test_host.sh - the mistakes a new host makes, walking through the README:
# each is refused with one sentence that says what to do, with the README's
# exit code, and changes nothing.
. tests/cli/lib.sh
D=$T/data
# init in a folder of other files (a home folder: -C ~) makes nothing there
mkdir $T/home && echo "my notes" >$T/home/notes.txt
expect 1 "init in a folder of other files" -- $M -C $T/home init
err_has "is not empty (it holds notes.txt) and is not a masqued data folder"
one_line
[ "$(ls $T/home)" = notes.txt ] || fail "init left files beside the notes: $(ls $T/home)"; ok
# a folder holding only its masqued.conf, written first, is fine
mkdir $T/pre && echo "lang = ja" >$T/pre/masqued.conf
expect 0 "init beside a masqued.conf written first" -- $M -C $T/pre init
grep -qx "lang = ja" $T/pre/masqued.conf || fail "init replaced the config written first"; ok
# the config's lang is the language of a game `new` makes without --lang
# (the config said so, and every game was English all the same)
P4="--player alice=alice@x.test --player bob=bob@x.test --player carol=carol@x.test --player dave=dave@x.test"
expect 0 "new with lang = ja in the config" -- $M -C $T/pre new redmasque $P4
g=$(cat $T/out)
$M -C $T/pre log $g --json | head -n 1 | grep -q '"lang": *"ja"' || fail "the game of a lang = ja config is not Japanese"; ok
expect 0 "new --lang en with lang = ja in the config" -- $M -C $T/pre new redmasque --lang en $P4
g=$(cat $T/out)
$M -C $T/pre log $g --json | head -n 1 | grep -q '"lang": *"en"' || fail "--lang en did not win over the config"; ok
expect 0 "init" -- $M -C $D init
cp $D/masqued.conf $T/good.conf

# a bad config value: `new` refuses it before making the game (it used to
# make the game, then fail to queue its welcome: exit 4, a game without mail)
echo "workers = many" >>$D/masqued.conf
expect 1 "new with a bad config" -- $M -C $D new redmasque \
    --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player dave=dave@x.test
err_has 'masqued.conf line '; err_has 'workers'; one_line
[ -z "$(ls -A $D/games)" ] || fail "new made a game with a bad config"; ok
[ -z "$(ls -A $D/spool)" ] || fail "new queued mail with a bad config"; ok
cp $T/good.conf $D/masqued.conf
expect 0 "new once the config is mended" -- new_game $D
G=$(cat $T/out)
# a new game's log is its genesis alone: "1 entry" (it said "1 entries")
expect 0 "verify of a new game" -- $M -C $D verify $G
# the game named as "game G", as its failures and warnings name it
out_has "ok: game $G, 1 entry, chain, signatures"
expect 0 "serve --once: the welcome" -- $M -C $D serve --once
# every line of the daemon's log starts with its time, the sent ones too
err_has "masqued 2026-09-21 14:13:20: sent $G-00000001-0-welcome to alice@x.test"
grep -v '^masqued [0-9-]* [0-9:]*: ' $T/err && fail "a log line without its time"; ok

# `systemctl stop` (SIGTERM): the log says serve stopped, and why, after its
# last pass, so the journal does not just go quiet
# (-C relative: the log names the folder from /, as a dead letter's mail does)
MA=$(readlink -f $M); (cd $T && exec $MA -C ./data serve) >$T/serve.out 2>$T/serve.err &
spid=$!
n=0
until grep -q "serving " $T/serve.err; do
	n=$((n + 1)); [ $n -le 100 ] || fail "serve did not start"; sleep 0.1
done
grep -q "serving $T/data: " $T/serve.err || { cat $T/serve.err >&2; fail "serve names its relative data folder as given"; }; ok
kill -TERM $spid
wait $spid || fail "serve stopped by SIGTERM: exit $?"; ok
tail -n 1 $T/serve.err | grep -Eq '^masqued [0-9-]+ [0-9:]+: stopped by SIGTERM: the pass in progress was finished$' ||
    { cat $T/serve.err >&2; fail "serve's log does not end saying it stopped"; }; ok
# inbound = pipe: serve reads no mailbox (the MTA runs `masqued ingest`),
# and its first line says so (it said "maildir in")
echo "inbound = pipe" >>$D/masqued.conf
# emptied here: the background child truncates it only after the fork,
# and the wait below could read the SIGTERM run's "serving " line first
: >$T/serve.err
$M -C $D serve >$T/serve.out 2>$T/serve.err &
spid=$!
n=0
until grep -q "serving " $T/serve.err; do
	n=$((n + 1)); [ $n -le 100 ] || fail "serve did not start"; sleep 0.1
done
grep -q "serving $D: pipe (masqued ingest) in, maildir out, every " $T/serve.err ||
    { cat $T/serve.err >&2; fail "serve's first line does not say pipe in"; }; ok
kill -TERM $spid
wait $spid || fail "serve stopped by SIGTERM: exit $?"; ok
cp $T/good.conf $D/masqued.conf

# docs/hosting.md's defaults are what the mail says: a host who leaves from and
# reply_domain unset must read there where the replies would go
f=$(ls $D/mail/outbox/new/* | head -n 1)
from=$(sed -n 's/^From: //p' $f | tr -d '\r')
domain=$(sed -n 's/^Reply-To: .*@//p' $f | tr -d '\r')
row=$(grep -F '| `from`, `reply_local`, `reply_domain` |' docs/hosting.md)
echo "$row" | grep -qF "\`$from\`" || fail "docs/hosting.md's from default is not $from: $row"; ok
echo "$row" | grep -qF "\`$domain\`" || fail "docs/hosting.md's reply_domain default is not $domain: $row"; ok
# docs/commands.md lists view as --help does (public and admin too)
help=$($M --help | sed -n 's/^  \(view .*\)/\1/p')
grep -qF "masqued $help" docs/commands.md || fail "docs/commands.md lacks: masqued $help"; ok

# games: a column per heading, whichever the kind ("masquerade" is ten
# letters, and pushed its row's status one column right of "status")
expect 0 "new masquerade" -- $M -C $D new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test
expect 0 "games with both kinds" -- $M -C $D games
/usr/bin/python3 - $T/out <<'PY' || fail "games' columns do not line up"
import sys
lines = open(sys.argv[1]).read().splitlines()
col = lines[0].index('status')
for l in lines[1:]:
    assert l[col - 1] == ' ' and l[col] != ' ' and l[col:].split()[0] in ('running', 'paused', 'over'), (col, l)
PY
ok
# the deadline lines up too when the phase is The Masquerade's longest,
# "challenge" (it pushed the deadline three columns right): bots play the
# masquerade until a challenge is owed
MG=$($M -C $D games --json | /usr/bin/python3 -c 'import json,sys; print([g["game"] for g in json.load(sys.stdin)["games"] if g["kind"] == "masquerade"][0])')
n=0
until $MREL -C $D games --json | grep -q '"phase": "challenge"'; do
	n=$((n + 1)); [ $n -le 200 ] || fail "the masquerade reached no challenge"
	for p in alice bob carol; do
		c=$($MREL -C $D bot $MG $p) || fail "bot $p"
		[ -n "$c" ] && { $MREL -C $D submit $MG $p "$c" --no-mail >/dev/null || fail "submit $p: $c"; }
	done
done
# --no-mail put the last move's mails off (games would say so on a line
# of its own): a serve sends them
expect 0 "serve the masquerade's mails" -- $MREL -C $D serve --once
expect 0 "games with a challenge owed" -- $M -C $D games
/usr/bin/python3 - $T/out <<'PY' || { cat $T/out >&2; fail "games' deadline column does not line up past a challenge"; }
import sys
lines = open(sys.argv[1]).read().splitlines()
col = lines[0].index('deadline')
assert any(' challenge ' in l for l in lines[1:])
for l in lines[1:]:
    assert l[col - 1] == ' ' and l[col] != ' ' and l[col:].split()[0][:2] in ('20', '-'), (col, l)
PY
ok

# a receipt saved as the mail shows it: its heading and "hash HEX" line,
# then the JSON. verify-receipt took only the bare JSON ("not JSON").
w=$($M -C $D games --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["games"][0]["waiting_for"][0])')
expect 0 "submit for $w" -- $M -C $D submit $G $w "PLACE blue"
cp $T/out $T/receipt.json
h=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["hash"])' $T/receipt.json)
{ printf -- '-- YOUR RECEIPT (entry 2) -----\nSave the lines below in a file: ...\nhash %s\n' $h
  cat $T/receipt.json; } >$T/receipt.txt
expect 0 "verify-receipt of the bare JSON" -- $M -C $D verify-receipt $T/receipt.json $G
expect 0 "verify-receipt of the lines the mail shows" -- $M -C $D verify-receipt $T/receipt.txt $G
out_has "ok: the receipt for entry 2 of game $G ($w: PLACE blue) is sound, and the log still holds that entry."
# the whole mail saved, text after the receipt too ("not JSON ... near
# 'Waiting'" before): the lines from the one that opens it to the one that
# closes it are the receipt
{ printf '=== masqued \302\267 reply above this line ===\n\n-- ACCEPTED --\n  PLACE blue\n\n'
  cat $T/receipt.txt
  printf '\n\nWaiting for the placement of: bob\n\n-- CHECKPOINT --\n{ not the receipt }\n'; } >$T/receipt.mail
expect 0 "verify-receipt of the whole mail's text" -- $M -C $D verify-receipt $T/receipt.mail $G
out_has "ok: the receipt for entry 2 of game $G ($w: PLACE blue) is sound, and the log still holds that entry."
sed 's/PLACE blue/PLACE black/' $T/receipt.mail >$T/receipt.mail.bad
expect 3 "verify-receipt of a whole mail whose receipt was changed" -- $M -C $D verify-receipt $T/receipt.mail.bad $G
err_has "The receipt's hash does not match its body: this copy was changed after the server made it, so it proves nothing (the copy in the receipt's mail may be whole)."; one_line
grep -v '^{' $T/receipt.txt >$T/receipt.bad
expect 3 "verify-receipt of the heading alone" -- $M -C $D verify-receipt $T/receipt.bad $G
one_line

# the password in a variable only the service has (systemd's EnvironmentFile):
# games, view and admin, which never connect, work from the host's shell;
# serve and ingest, which do, refuse with the sentence, and change nothing
cp $D/masqued.conf $T/before.conf
printf 'outbound = smtp\nsmtp_url = smtp://127.0.0.1:9\nsmtp_password_env = MQ_HOST_NO_PW\nfrom = g <game@x.test>\nreply_domain = x.test\n' >>$D/masqued.conf
expect 0 "games without the service's password variable" -- $M -C $D games
out_has "$G"
expect 0 "view without the service's password variable" -- $M -C $D view $G public
ls $D/spool >$T/spool.before
expect 1 "serve without the password variable" -- $M -C $D serve --once
err_has "smtp_password_env names the variable MQ_HOST_NO_PW, which is not set."; one_line
printf 'From: a@y.test\nTo: game@x.test\nSubject: hi\n\nHELP\n' >$T/stranger.eml
expect 1 "ingest without the password variable" -- $M -C $D ingest $T/stranger.eml
err_has "MQ_HOST_NO_PW, which is not set."; one_line
# from an MTA's pipe the same is EX_TEMPFAIL (75): the MTA keeps the
# message and tries again, where 1 or 4 made it bounce the player's move
expect 75 "ingest - without the password variable" -- sh -c "$M -C $D ingest - <$T/stranger.eml"
err_has "MQ_HOST_NO_PW, which is not set."; one_line
ls $D/spool | cmp -s - $T/spool.before || fail "a refused serve or ingest queued mail"; ok
[ -z "$(ls -A $D/archive)" ] || fail "a refused ingest archived the message"; ok
expect 0 "admin without the password variable" -- $M -C $D admin $G pause --why "away"
expect 0 "admin resume without it" -- $M -C $D admin $G resume --why "back"
cp $T/before.conf $D/masqued.conf

# a player's name mistyped: the sentence lists the game's players
expect 1 "view with a mistyped player" -- $M -C $D view $G alcie
err_has "There is no player \"alcie\" in game $G; its players are alice, bob, carol, dave."
one_line
expect 1 "submit for a mistyped player" -- $M -C $D submit $G dve "STATUS"
err_has "its players are alice, bob, carol, dave."
# every admin action needs --why: the usage line said `...|end --why "..."`,
# which read as end's alone, and `admin GAME pause` came back refused
expect 2 "admin pause without --why" -- $M -C $D admin $G pause
err_has 'masqued: admin pause needs --why "...": every admin action says why'; one_line
$M --help | grep -qF 'admin GAME ACTION --why "..."' || fail "--help does not put --why on every admin action"; ok
grep -qF 'masqued admin GAME ACTION --why "..."' docs/commands.md || fail "docs/commands.md does not put --why on every admin action"; ok
# every command says what it does: `masqued help COMMAND` and `masqued
# COMMAND --help` (or -h) print its synopsis, as --help gives it, and a
# paragraph, and change nothing; every command --help lists has one
cmds=$($M --help | sed -n 's/^  \([a-z-]*\).*/\1/p')
[ "$(echo "$cmds" | wc -l)" -ge 18 ] || fail "--help lists too few commands: $cmds"; ok
for c in $cmds; do
	expect 0 "help $c" -- $M -C $T/nowhere help $c
	out_has "usage: masqued $c"
	[ "$(wc -l <$T/out)" -ge 4 ] || fail "help $c says too little"; ok
	cp $T/out $T/help.out
	expect 0 "$c --help" -- $M -C $T/nowhere $c --help
	same_file $T/out $T/help.out "$c --help is not help $c"
	expect 0 "$c -h" -- $M -C $T/nowhere $c -h
	same_file $T/out $T/help.out "$c -h is not help $c"
done
[ ! -e $T/nowhere ] || fail "a command's help made a data folder"; ok
expect 0 "ingest FILE --help" -- $M -C $T/nowhere ingest some.eml --help
out_has "usage: masqued ingest"
expect 2 "help of no command" -- $M help dance
err_has 'masqued: "dance" is not a masqued command (see masqued --help).'
# a word another tool uses, an admin action typed as a command, a typo:
# what was meant is said (and nothing near is not guessed at)
for c in "list:games" "status:games" "verfy:verify" "pause:admin GAME pause" \
    "verify_receipt:verify-receipt"; do
	expect 2 "${c%%:*}, not a command" -- $M -C $T/nowhere ${c%%:*}
	err_has "\"${c%%:*}\" is not a masqued command; did you mean ${c#*:}?"; one_line
done
expect 2 "help of a typo" -- $M help sevre
err_has '"sevre" is not a masqued command; did you mean serve?'
[ ! -e $T/nowhere ] || fail "an unknown command made a data folder"; ok
expect 2 "help of two commands" -- $M help serve ingest
err_has 'masqued: help takes one command (see masqued --help).'
# export's help names where an installed host finds verify_export.py
expect 0 "help export" -- $M help export
out_has "verify_export.py (in PREFIX/share/masqued once"
out_has "installed, tests/ in the source)"
# `masqued help`, what people type first, is --help
expect 0 "masqued help" -- $M help
out_has "usage: masqued [-C DATADIR] [-c CONFIG] COMMAND [ARGS]"
# --version: the commit it was built from (git describe), for a bug report
expect 0 "masqued --version" -- $M --version
grep -Eqx 'masqued ([0-9a-f]{7,}|v?[0-9][^ ]*|unknown)(-dirty)?' $T/out || fail "--version printed: $(cat $T/out)"; ok
# what a command prints goes to a full disk (masqued new ... >id.txt): exit
# 4 and a sentence, not exit 0 with the id lost
for c in "--version" "games" "view $G admin"; do
	$M -C $D $c >/dev/full 2>$T/err; r=$?
	[ $r = 4 ] || fail "$c >/dev/full: exit $r, not 4"; ok
	err_has "masqued: Cannot write the standard output: No space left on device."
	one_line
done

# another user's data folder (a host who forgot `sudo -u masqued`): one
# sentence naming the owner and what to run, not "Permission denied" on
# whichever key or log came first. Only as root, with a user to become.
other() { su nobody -s /bin/sh -c "MASQUED_NOW=$MASQUED_NOW ASAN_OPTIONS=${ASAN_OPTIONS:-} $*"; }
chmod 755 $T
if [ "$(id -u)" = 0 ] && other "$M --help" >/dev/null 2>&1; then
	owner=$(id -un)
	for c in "games" "view $G alice" "admin $G pause --why x" "serve --once"; do
		expect 4 "$c as another user" -- other "$M -C $D $c"
		err_has "The data folder $D belongs to the user $owner, not to you; run masqued as that user (sudo -u $owner masqued -C $D ...)."
		one_line
	done
	# root in the service user's folder (docs/hosting.md: a host who ran `new` or
	# `admin` without sudo -u): the files it made were root's, the log
	# 0600, and the service's serve passed the game by without a word.
	# What writes is refused; what only reads still works.
	mkdir $T/svc && chown nobody $T/svc
	other "$M -C $T/svc init" >/dev/null || fail "init as nobody"; ok
	nob=$(id -un nobody)
	expect 4 "new as root in another user's folder" -- $M -C $T/svc new \
	    masquerade --player a=a@x.test --player b=b@x.test --player c=c@x.test
	err_has "The data folder $T/svc belongs to the user $nob; as root, masqued would leave files there that $nob cannot read: run it as that user (runuser -u $nob -- masqued -C $T/svc ...)."
	one_line
	[ -z "$(ls $T/svc/games)" ] || fail "root's new made a game"; ok
	expect 4 "serve --once as root in another user's folder" -- $M -C $T/svc serve --once
	err_has "belongs to the user $nob; as root"
	expect 0 "games as root in another user's folder (it only reads)" -- $M -C $T/svc games
	# a spool file the service cannot read (root's, 0600): serve said
	# "0 waiting" and never named it; it waits, and the log says why
	cp $(ls $D/mail/outbox/new/* | head -n 1) $T/svc/spool/zz-unreadable.eml
	chmod 600 $T/svc/spool/zz-unreadable.eml
	expect 4 "serve --once as nobody, a spool file it cannot read" -- \
	    other "$M -C $T/svc serve --once"
	err_has "masqued: This pass left work for the next: 1 mail(s) in the spool could not be read"
	err_has "spool: zz-unreadable cannot be read (Permission denied: make the data folder $T/svc writable by the user that runs masqued); it waits until it can be."
	err_has "1 waiting"
	mkdir $T/svc2 && chown nobody $T/svc2
	expect 4 "init as root in another user's empty folder" -- $M -C $T/svc2 init
	err_has "The data folder $T/svc2 belongs to the user $nob; as root"
	[ -z "$(ls $T/svc2)" ] || fail "root's init made files"; ok
	cp $D/games/$G/log $T/copy.log && chmod 644 $T/copy.log
	expect 0 "verify as another user (a copy of the log: no data folder needed)" -- \
	    other "$M -C /nonexistent verify $T/copy.log --key $(cat $D/keys/server.pub)"
else
	echo "test_host.sh: not root, or cannot become nobody: another user's folder not tried"
fi

done_checks
