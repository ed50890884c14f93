#!/bin/sh
# test_config.sh - masqued.conf: every documented key accepted, and each kind
# of bad config refused at start with one sentence naming the line and key.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
expect 0 "the commented default config starts" -- $M -C $D serve --once

bad() {	# description, config text, a word the sentence must name, exit code
	printf '%s\n' "$2" > $T/bad.conf
	expect "${4:-1}" "$1" -- $M -C $D -c $T/bad.conf serve --once
	err_has "$3"; one_line
}
bad "an unknown key" "colour = red" "colour"
bad "a line without =" "inbound imap" "line 1"
bad "a bad transport" "inbound = carrier-pigeon" "inbound"
# a key of a few words names them: "is not a valid value for tls" sent
# the host to the comments of a config they may have written themselves
bad "a bad inbound names the three" "inbound = carrier-pigeon" 'bad.conf line 1: inbound takes maildir, imap or pipe, not "carrier-pigeon".'
bad "outbound in capitals" "outbound = SMTP" 'bad.conf line 1: outbound takes maildir, smtp or sendmail, not "SMTP".'
bad "tls = off" "tls = off" 'bad.conf line 1: tls takes yes or no, not "off".'
bad "a language masqued has not" "lang = de" 'bad.conf line 1: lang takes en, ja or zh, not "de".'
bad "a bad deadline_policy" "deadline_policy = ask" 'bad.conf line 1: deadline_policy takes default or wait, not "ask".'
bad "a bad duration" "deadline = soon" "deadline"
bad "a duration whose seconds overflow" "deadline = 9999999999999999h" "deadline takes a duration from 1s to 366d"
bad "a deadline past a year" "reminder = 400d" "reminder takes a duration from 1s to 366d"
bad "a duration with a sign" "reminder = +6h" "reminder"
# how often a game waiting on the host reminds them: a duration as above
bad "a host_reminder without its unit" "host_reminder = 6" 'bad.conf line 1: host_reminder takes a duration from 1s to 366d, its unit written (s, m, h or d), such as 24h, not "6".'
bad "a host_reminder past a year" "host_reminder = 400d" "host_reminder takes a duration from 1s to 366d"
# "deadline = 72", meant as hours, was 72 seconds: every phase timed out
bad "a deadline without its unit" "deadline = 72
reminder = 12" 'bad.conf line 1: deadline takes a duration from 1s to 366d, its unit written (s, m, h or d), such as 72h, not "72".'
# a folder with no value was the folder "": the outbox's mail went to /new
bad "maildir_outbox with no value" "maildir_outbox =" "bad.conf line 1: maildir_outbox has no value; give it one, or remove the line."
bad "maildir_inbox with no value" "maildir_inbox = " "maildir_inbox has no value"
bad "smtp_url with no value" "smtp_url =" "smtp_url has no value"
# a relative folder was read from the directory serve was started in
bad "a relative maildir_inbox" "maildir_inbox = mail/inbox" "bad.conf line 1: maildir_inbox takes the folder's path from /, such as /home/game/Maildir, not \"mail/inbox\"."
bad "a relative maildir_outbox" "maildir_outbox = ./out" "maildir_outbox takes the folder's path from /"
# a relative password file was read from the folder serve was started
# in: it worked from the host's shell, and failed under systemd or cron
bad "a relative smtp_password_file" "smtp_password_file = smtp.pw" "bad.conf line 1: smtp_password_file takes the file's path from /, such as /etc/masqued/smtp.password, not \"smtp.pw\"."
bad "a relative imap_password_file" "imap_password_file = ./pw" "imap_password_file takes the file's path from /, such as /etc/masqued/imap.password"
printf 'imap_password_file = pw\n' >$T/rel.conf
expect 1 "games with a relative password file" -- $M -C $D -c $T/rel.conf games
err_has "imap_password_file takes the file's path from /"
bad "a reminder after the deadline" "deadline = 2h
reminder = 3h" "bad.conf line 2: reminder must come before the deadline"
bad "a reminder after the default deadline" "
reminder = 100h" "line 2: reminder must come before the deadline (reminder < deadline, which is 72h when not set)."
# a short deadline alone was refused for the 12 h reminder the host never
# wrote ("line 1: reminder must come before the deadline"), though a game's
# --option deadline=6h is taken: the default reminder comes at half of it
expect 0 "init for a short deadline" -- $M -C $T/short init
printf 'deadline = 6h\n' >$T/short/masqued.conf
expect 0 "a short deadline alone, the reminder left at its default" -- \
    $M -C $T/short games
new_game $T/short >/dev/null || fail "new under a 6 h deadline"; ok
MASQUED_NOW=$((MASQUED_NOW + 3 * 3600 - 60)) expect 0 "serve before half the deadline" -- \
    $M -C $T/short serve --once
err_has "0 reminder(s)"
MASQUED_NOW=$((MASQUED_NOW + 3 * 3600)) expect 0 "serve at half the deadline" -- \
    $M -C $T/short serve --once
err_has "1 reminder(s)"
# init reads a config the host wrote first, as every later command will:
# refused before it makes anything (it said "Created" before the next
# command refused the config)
mkdir $T/pre && printf 'colour = ja\n' >$T/pre/masqued.conf
expect 1 "init with a bad config there" -- $M -C $T/pre init
err_has 'masqued.conf line 1: "colour" is not a key'; one_line
[ ! -e $T/pre/keys ] || fail "init made keys beside a refused config"; ok
printf 'lang = ja\n' >$T/pre/masqued.conf
expect 0 "init with a good config there" -- $M -C $T/pre init
grep -qx 'lang = ja' $T/pre/masqued.conf || fail "init overwrote the host's config"; ok
# -C or -c given twice: which one did the host mean? (the last won unseen)
expect 2 "-C given twice" -- $M -C $D -C $T/pre games
err_has "-C is given twice"; one_line
expect 2 "-c given twice" -- $M -C $D -c $T/pre/masqued.conf -c $T/pre/masqued.conf games
err_has "-c is given twice"; one_line
# -C or -c after the command: each command refused it its own way ("serve
# takes [--once]"; admin told the host to quote the reason), never where
# it goes
for c in "serve --once -C $D" "games -C $D" "admin abcdefgh pause --why x -C $D" \
    "submit abcdefgh alice STATUS -C $D" "new -C $D redmasque" "games -c $D/masqued.conf"; do
	expect 2 "$c" -- $M $c
	err_has "goes before the command: masqued -"; one_line
done
# a game's options: one given twice is refused (the last won unseen), and
# a reminder it names must come before its deadline, as masqued.conf's
expect 2 "new with --option given twice" -- $M -C $D new redmasque --player a=a@x.test \
    --player b=b@x.test --player c=c@x.test --option deadline=1h --option deadline=2h
err_has "--option deadline is given twice"; one_line
expect 1 "new with a reminder after its deadline" -- $M -C $D new redmasque \
    --player a=a@x.test --player b=b@x.test --player c=c@x.test \
    --option deadline=72h --option reminder=100h
err_has "The option reminder must come before the deadline (reminder < deadline)."; one_line
expect 1 "new with a reminder after masqued.conf's deadline" -- $M -C $D new redmasque \
    --player a=a@x.test --player b=b@x.test --player c=c@x.test --option reminder=100h
err_has "The option reminder must come before the deadline (reminder < deadline, and the deadline is masqued.conf's, 72h)."; one_line
bad "imap without a server" "inbound = imap" "imap_url"
# a URL without its scheme was refused at start with tls = yes only; with
# tls = no, serve started and said so at every pass, reading nothing
printf 'pw\n' >$T/pw0 && chmod 600 $T/pw0
bad "an imap_url without a scheme, tls = no" "inbound = imap
imap_url = 127.0.0.1:143
imap_user = game@x.test
imap_password_file = $T/pw0
tls = no" 'line 2: imap_url must start with imaps:// or imap://, such as imaps://imap.example.org:993, not "127.0.0.1:143".'
bad "an smtp_url of another scheme, tls = no" "outbound = smtp
smtp_url = http://127.0.0.1:25
from = g <game@x.test>
reply_domain = x.test
tls = no" 'smtp_url must start with smtps:// or smtp://'
# a port typed twice, a port out of range, a space in the URL: refused at
# start, naming the key; they passed, and serve
# took the malformed URL for an SMTP outage that never ended (found by a
# host's walk-through). A password in it is never quoted back.
bad "an smtp_url with a port typed twice" "outbound = smtp
smtp_url = smtp://127.0.0.1:24025:587
from = g <game@x.test>
reply_domain = x.test
tls = no" 'smtp_url "smtp://127.0.0.1:24025:587" is not a server'"'"'s address: write smtps://HOST:PORT, such as smtps://smtp.example.org:465.'
bad "an imap_url with a port out of range" "inbound = imap
imap_url = imap://127.0.0.1:99999
imap_user = game@x.test
imap_password_file = $T/pw0
tls = no" 'imap_url "imap://127.0.0.1:99999" is not a server'"'"'s address: write imaps://HOST:PORT, such as imaps://imap.example.org:993.'
bad "an smtp_url with a password and a bad port" "outbound = smtp
smtp_url = smtps://game:s3cretPW@smtp.x.test:46S
from = g <game@x.test>
reply_domain = x.test" "line 2: smtp_url is not a server's address after its @: write smtps://HOST:PORT, such as smtps://smtp.example.org:465."
grep -q s3cretPW $T/err && fail "the refusal quotes the password"; ok
# a '/' in the password, or a scheme refused: the URL is still not
# quoted (found by a code review)
bad "an imap_url with a / in its password and a bad port" "inbound = imap
imap_url = imaps://game:se/cr3tPW@imap.x.test:99999
imap_user = game@x.test
imap_password_file = $T/pw0" "imap_url is not a server's address after its @"
grep -q cr3tPW $T/err && fail "the refusal quotes the password"; ok
bad "an smtp_url of another scheme with a password" "outbound = smtp
smtp_url = http://game:s3cretPW@smtp.x.test:25
from = g <game@x.test>
reply_domain = x.test" 'smtp_url must start with smtps:// or smtp://, such as smtps://smtp.example.org:465, not "(not shown: it holds an @, and may hold a password)".'
grep -q s3cretPW $T/err && fail "the refusal quotes the password"; ok
bad "a stranger_limit that is no number" "stranger_limit = many" "stranger_limit takes a number of answers per hour from 0 to 86400"
bad "a negative stranger_limit" "stranger_limit = -1" "stranger_limit takes"
bad "smtp with the .invalid defaults" "outbound = smtp
smtp_url = smtp://127.0.0.1:25" "with outbound = smtp, set from and reply_domain to an address and domain whose mail reaches this server; masqued.invalid reaches nobody"
bad "smtp with reply_domain set but from left .invalid" "outbound = smtp
smtp_url = smtp://127.0.0.1:25
reply_domain = x.test" "game@masqued.invalid reaches nobody"
bad "a relative sendmail_path" "outbound = sendmail
sendmail_path = sendmail
from = g <game@x.test>
reply_domain = x.test" 'line 2: sendmail_path must be an absolute path, such as /usr/sbin/sendmail, not "sendmail".'
bad "sendmail_path with arguments" "outbound = sendmail
sendmail_path = /usr/bin/msmtp -a pbem
from = g <game@x.test>
reply_domain = x.test" 'sendmail_path takes the program alone, such as /usr/bin/msmtp; its arguments go in sendmail_args, not "/usr/bin/msmtp -a pbem".'
bad "sendmail_args with quotes" "outbound = sendmail
sendmail_args = -a 'my account'
from = g <game@x.test>
reply_domain = x.test" "$T/bad.conf line 2: sendmail_args takes words parted by spaces, with no quotes or backslashes (no shell reads them), not \"-a 'my account'\"."
bad "sendmail_args of seventeen words" "outbound = sendmail
sendmail_args = a b c d e f g h i j k l m n o p q
from = g <game@x.test>
reply_domain = x.test" "sendmail_args takes 16 words at most."
bad "sendmail with the .invalid defaults" "outbound = sendmail" "with outbound = sendmail, set from and reply_domain to an address and domain whose mail reaches this server; masqued.invalid reaches nobody"
bad "an outbound of no known kind" "outbound = pigeon" "outbound"
bad "an unknown key, told where the keys are listed" "colour = red" "the masqued.conf that masqued init writes lists every key"
bad "a password variable that is not set" "imap_password_env = MQ_NO_SUCH_VARIABLE" "MQ_NO_SUCH_VARIABLE"
bad "a password file that cannot be read" "smtp_password_file = /nonexistent/pw" "smtp_password_file" 4
bad "a bad language" "lang = fr" "lang"
bad "a datadir not from /" "datadir = data" \
    'bad.conf line 1: datadir takes the data folder'"'"'s path from /, such as /var/lib/masqued, not "data".'
# a config kept outside its data folder names it: -c alone finds the
# folder there (it went to ./data), -C naming the same one is fine, and
# -C naming another is refused (which one did the host mean?)
G=$(new_game $D) || fail "new"
printf 'datadir = %s\nadmin = host@x.test\n' $D >$T/etc.conf
case $M in /*) MA=$M ;; *) MA=$PWD/$M ;; esac
here=$PWD
mkdir $T/elsewhere && cd $T/elsewhere
expect 0 "-c alone, its datadir" -- $MA -c $T/etc.conf games
cd "$here"
out_has "$G"
[ -z "$(ls -A $T/elsewhere)" ] || fail "-c alone used ./data"; ok
expect 0 "-C the same folder and -c" -- $M -C $D -c $T/etc.conf games
out_has "$G"
mkdir $T/other
expect 1 "-C another folder than the config's datadir" -- $M -C $T/other -c $T/etc.conf games
err_has "$T/etc.conf line 1: datadir is $D, but masqued was given the data folder $T/other (-C, or ./data when none is given): keep one of them."
one_line
printf 'datadir = %s\n' $D >>$D/masqued.conf
expect 0 "a datadir naming its own folder" -- $M -C $D games
out_has "$G"
sed -i '$d' $D/masqued.conf
bad "deadline_policy = wait without admin" "deadline_policy = wait" \
    "bad.conf line 1: deadline_policy = wait needs admin, the host's address: at a missed deadline the game waits for the host, and nobody would be told."
bad "a bad tls value" "tls = maybe" "tls"
# a user and no password: the session refused to start at every send,
# taken for each mail's own refusal, and every mail went dead unsent
bad "smtp_user without a password" "outbound = smtp
smtp_url = smtp://127.0.0.1:25
smtp_user = game@x.test
from = masqued <game@x.test>
reply_domain = x.test" \
    "bad.conf: smtp_user needs smtp_password_file or smtp_password_env."
# accepted, but no mail could go with them: refused at start, naming the key
bad "an empty from" "from =" "from takes a name and an address"
bad "a from without an address" "from = masqued" "from takes a name and an address"
bad "a from whose address is empty" "from = masqued <>" "from takes"
bad "an empty reply_domain" "reply_domain =" "reply_domain takes the domain"
bad "a reply_domain with an @" "reply_domain = a@b.test" "reply_domain takes"
bad "an empty reply_local" "reply_local =" "reply_local takes the local part"
bad "an admin that is not an address" "admin = the host" 'admin takes the host'"'"'s email address, such as host@example.org, not "the host".'
bad "an empty admin" "admin =" "admin takes"
bad "an admin whose domain names no host" "admin = host@x.test;" "admin takes"
# the game's own address as admin: masqued read the host's notices from its
# own mailbox as automatic replies and filed them away, unseen (found by a
# host following the README)
bad "admin is from's address" "from = The Masque <game@x.test>
reply_domain = x.test
admin = Game@x.test" "bad.conf line 3: admin is the game's own address (Game@x.test, the address of from): masqued would read the host's notices from its own mailbox as automatic replies and file them away unseen; give the host's own address, such as host@example.org."
bad "admin is reply_local at reply_domain" "admin = masque@x.test
reply_local = masque
reply_domain = x.test" "bad.conf line 1: admin is the game's own address (masque@x.test, reply_local at reply_domain)"
bad "admin is a reply address" "admin = game+abc.1.x@masqued.invalid" "admin is the game's own address (game+abc.1.x@masqued.invalid, reply_local at reply_domain)"
bad "admin is the imap_user" "imap_user = box@x.test
admin = box@x.test" "bad.conf line 2: admin is the game's own address (box@x.test, imap_user)"
# the host's own address at the game's domain is fine
printf 'admin = gamehost@x.test\nreply_domain = x.test\nfrom = g <game@x.test>\nimap_user = game\n' >$T/ok.conf
expect 0 "admin at the game's domain, another mailbox" -- $M -C $D -c $T/ok.conf games
# a host's own names: an underscore, the root's last dot (loaded before the
# domain was checked, and load still)
for a in host@mail_relay.example.org host@example.org.; do
	printf 'admin = %s\n' "$a" >$T/ok.conf
	expect 0 "admin = $a" -- $M -C $D -c $T/ok.conf games
done
# a count per hour: "2h" was read as a duration, 7200 replies an hour
bad "a rate_limit with a unit" "rate_limit = 2h" 'rate_limit takes a number of replies per hour from 1 to 86400, such as 30, not "2h".'
bad "a rate_limit of 0" "rate_limit = 0" "rate_limit takes"
bad "a negative rate_limit" "rate_limit = -5" "rate_limit takes"
bad "a poll_interval past a day" "poll_interval = 2d" 'bad.conf line 1: poll_interval takes the seconds between passes, from 1 to 86400 (or a duration: 5m, at most 1d), such as 60, not "2d".'
bad "a poll_interval of 0" "poll_interval = 0" "poll_interval takes"
bad "a retry_base that is no duration" "retry_base = soon" 'bad.conf line 1: retry_base takes the seconds before a failed mail'"'"'s first resend, from 1 to 86400 (or a duration: 2m, at most 1d), such as 30s, not "soon".'
bad "workers past 16" "workers = 17" 'bad.conf line 1: workers takes a number of processes from 0 (one a core) to 16, such as 0, not "17".'
bad "negative workers" "workers = -1" "workers takes"
bad "a mail_timeout of 0" "mail_timeout = 0" 'bad.conf line 1: mail_timeout takes the seconds a mail server or sendmail may be silent, from 1 to 3600 (or a duration: 2m), such as 60, not "0".'
bad "a mail_timeout past an hour" "mail_timeout = 2h" "mail_timeout takes"
bad "a mail_timeout that is no number" "mail_timeout = long" "mail_timeout takes"
# a key set twice: the host who uncomments the example's line below one of
# their own got the last silently, whichever they meant
bad "a key set twice" "admin = a@x.test
lang = ja
admin = b@x.test" 'bad.conf line 3: admin is set already on line 1; keep one of them.'
# Windows Notepad's byte order mark: the first key read as "\357\273\277admin",
# refused with an invisible character in the sentence
printf '\357\273\277admin = host@x.test\r\nlang = ja\r\n' >$T/bom.conf
expect 0 "a config that starts with a byte order mark (and has CRLF line ends)" -- $M -C $D -c $T/bom.conf serve --once
printf '\357\273\277# a comment\nadmin = host@x.test\n' >$T/bom.conf
expect 0 "a config that starts with a byte order mark and a comment" -- $M -C $D -c $T/bom.conf serve --once
# a password file every user can read is refused by serve and ingest, which
# read it (the other commands never do); the host's own (0600) is taken
printf 'pw\n' >$T/pw.open && chmod 644 $T/pw.open
bad "a password file every user can read" "smtp_password_file = $T/pw.open" \
    "$T/bad.conf line 1: the password file $T/pw.open (smtp_password_file) can be read by every user of this machine; make it yours alone: chmod 600 $T/pw.open"
printf 'smtp_password_file = %s\n' $T/pw.open >$T/open.conf
expect 0 "games beside a password file every user can read" -- $M -C $D -c $T/open.conf games
# a config given with -c is named as given (above), that in the data
# folder as masqued.conf: the host edits the file the sentence names
cp $T/bad.conf $D/masqued.conf
expect 1 "the same in the data folder's masqued.conf" -- $M -C $D serve --once
err_has "masqued.conf line 1: the password file"; one_line
grep -qF "$T/bad.conf" $T/err && fail "the data folder's config named as the -c one"; ok
printf '\n' >$D/masqued.conf
expect 4 "a config file that does not exist" -- $M -C $D -c $T/nothing.conf serve --once
one_line
# a password longer than masqued holds is refused, not cut (the server
# would refuse the cut one with no word of why); 255 bytes is taken
/usr/bin/python3 -c 'print("p" * 256)' >$T/pw.long && chmod 600 $T/pw.long
bad "a password of 256 bytes" "smtp_password_file = $T/pw.long" \
    "$T/bad.conf line 1: the password in $T/pw.long (smtp_password_file) is longer than 255 bytes."
/usr/bin/python3 -c 'print("p" * 255)' >$T/pw.255 && chmod 600 $T/pw.255
printf 'smtp_password_file = %s\n' $T/pw.255 >$T/pw255.conf
expect 0 "a password of 255 bytes" -- $M -C $D -c $T/pw255.conf serve --once
printf 'p%.0s' $(seq 255) >$T/pw.255n && chmod 600 $T/pw.255n
printf 'smtp_password_file = %s\n' $T/pw.255n >$T/pw255n.conf
expect 0 "a password of 255 bytes, no newline" -- $M -C $D -c $T/pw255n.conf serve --once
# a folder opens like a file but cannot be read: not taken for an empty config
mkdir $T/conf.d
expect 4 "a config that is a folder" -- $M -C $D -c $T/conf.d serve --once
err_has "Cannot read the config $T/conf.d: Is a directory"; one_line
bad "a password file that is a folder" "smtp_password_file = $T/conf.d" \
    "smtp_password_file names $T/conf.d, which cannot be read: Is a directory" 4

# every key of the example, filled in, is accepted (a password from a file and from the environment)
printf 'secret\n' > $T/pw && chmod 600 $T/pw
cat > $T/good.conf <<CONF
admin = host@x.test
inbound = maildir
outbound = maildir
maildir_inbox = $D/mail/inbox
maildir_outbox = $D/mail/outbox
imap_url = imaps://imap.x.test:993
imap_mailbox = INBOX
imap_user = game@x.test
imap_password_env = MQ_TEST_PW
imap_done_folder = done
smtp_url = smtps://smtp.x.test:465
smtp_user = game@x.test
smtp_password_file = $T/pw
tls = yes
from = masqued <game@x.test>
reply_local = game
reply_domain = x.test
poll_interval = 30
deadline = 48h
reminder = 6h
deadline_policy = wait
host_reminder = 6h
lang = ja
rate_limit = 10
mail_timeout = 2m
CONF
MQ_TEST_PW=hunter2 expect 0 "every key" -- $M -C $D -c $T/good.conf serve --once
grep -q hunter2 $T/err $T/out && fail "a password reached the log"; ok
# the example documents every key the parser knows, and the parser knows every key it documents
for k in $(grep -oE '^# ?[a-z_]+ =' config/masqued.conf.example | tr -d '# =' | sort -u); do
	grep -q "\"$k\"" daemon/config.c || fail "the example documents $k, which the parser does not know"
	ok
done
for k in $(grep -oE '(STR\(|strcmp\(key, )"[a-z_]+"' daemon/config.c | grep -oE '"[a-z_]+"' | tr -d '"' | sort -u); do
	grep -qE "^# ?$k =" config/masqued.conf.example || fail "the parser knows $k, which the example does not document"
	ok
done
# durations stop at 366 days (mq_config_duration): the host reads it there
grep -B3 '^# deadline =' config/masqued.conf.example | grep -q '366 days' ||
    fail "the example does not say where a deadline stops"; ok
# the commented from and reply_domain were example.org's, read as the
# defaults (as "# lang = en" is): unset, the mail says masqued.invalid
grep -B3 '^# from =' config/masqued.conf.example | grep -q 'unset: masqued <game@masqued.invalid>' ||
    fail "the example does not say what from and reply_domain are unset"; ok
grep -F '`deadline`, `reminder`' docs/hosting.md | grep -q '366 days' ||
    fail "docs/hosting.md's deadline and reminder do not say where they stop"; ok
grep -A2 '`admin extend` takes' docs/hosting.md | grep -q '366 days' ||
    fail "docs/hosting.md's admin extend does not say where it stops"; ok

# MASQUED_NOW pins the clock (a test knob): a typo is refused, exit 2, with
# one sentence, before anything is done; it never silently unpins the clock
for pin in abc 1790000000x -5 +1790000000 ' 1790000000' 1e9 253402300800 \
    99999999999999999999; do
	MASQUED_NOW="$pin" expect 2 "MASQUED_NOW='$pin'" -- $M -C $D serve --once
	err_has "MASQUED_NOW pins the clock and takes Unix seconds from 0 to 253402300799, such as 1790000000, not \"$pin\"."
	one_line
done
ls $D/games > $T/games.before
MASQUED_NOW=17900000O0 expect 2 "new with a typo in MASQUED_NOW" -- $M -C $D new redmasque \
    --player a=a@x.test --player b=b@x.test --player c=c@x.test --player d=d@x.test
ls $D/games | cmp -s - $T/games.before || fail "new made a game with a malformed MASQUED_NOW"; ok
MASQUED_NOW=253402300799 expect 0 "the last second MASQUED_NOW takes" -- $M -C $D serve --once
err_has "masqued 9999-12-31 23:59:59: pass:"
# set but empty: not pinned (the real clock)
MASQUED_NOW= expect 0 "an empty MASQUED_NOW" -- $M -C $D serve --once
err_has "masqued $(date -u +%Y-)"
done_checks
