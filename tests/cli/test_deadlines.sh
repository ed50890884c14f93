#!/bin/sh
# test_deadlines.sh - time, with the clock pinned: a reminder before the
# deadline (once), the default move at the deadline logged as a timeout
# entry, pause/resume/extend/kick/replace/rotate-token as admin entries with
# who and why, mailed to the players, and an old reply address refused.
# A deadline that an extend or a resume moved is reminded again, once; an
# action that moves none reminds nobody again. admin default applies one
# default under policy wait. A default that resolves a phase reveals it.
. tests/cli/lib.sh
clock_folder
G=$(new_game $D) || fail "new"
expect 0 "the welcome mails go out" -- $M -C $D serve --once
[ "$(ls $D/mail/outbox/new | wc -l)" = 4 ] || fail "four welcome mails"; ok

placer() {	# the name of the seat that owes a placement now
	$MREL -C $D view $G admin --json | /usr/bin/python3 -c '
import json, sys
v = json.load(sys.stdin)
print(" ".join(o["player"] for o in v["owes"]))'
}
mails_of_kind() { grep -l "^X-Masqued-Mail: $1" $D/mail/outbox/new/* 2>/dev/null | wc -l; }
entries() { $MREL -C $D log $G | wc -l; }

P1=$(placer)
[ -n "$P1" ] || fail "nobody owes a placement"; ok
# 59 h: nothing yet; 61 h: the reminder (12 h before 72 h), once
MASQUED_NOW=$((T0 + 59 * H)) $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 0 ] || fail "a reminder came too early"; ok
MASQUED_NOW=$((T0 + 61 * H)) $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 1 ] || fail "no reminder at 61 h"; ok
grep -l "^X-Masqued-Mail: reminder" $D/mail/outbox/new/* | xargs grep -q "^To: $P1@x.test" || fail "the reminder went to someone else"; ok
# the mail that asks the move says what the deadline plays (only the
# reminder did); the reminder says it once, in its own words
DEF="^If nothing comes by then, the default is applied for you:"
grep -l "^X-Masqued-Mail: welcome" $D/mail/outbox/new/* | xargs grep -l "^To: $P1@x.test" | xargs grep -q "$DEF" ||
    fail "the welcome asking for a placement does not say the default"; ok
[ "$(grep -l "^X-Masqued-Mail: reminder" $D/mail/outbox/new/* | xargs grep -c "$DEF")" = 1 ] ||
    fail "the reminder does not say the default once"; ok
MASQUED_NOW=$((T0 + 62 * H)) $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 1 ] || fail "a second reminder for the same debt"; ok
[ "$(entries)" = 1 ] || fail "a reminder changed the log"; ok

# 73 h: the default placement, logged as a timeout; the next placer owes now
MASQUED_NOW=$((T0 + 73 * H)) $M -C $D serve --once 2>/dev/null
$MREL -C $D log $G | grep -q "timeout  $P1: PLACE" || { $MREL -C $D log $G; fail "no timeout entry for $P1"; }; ok
# the deadline that passed is in the entry, as it stood then (a config's
# deadline may change, an extend moves it): "I moved before the deadline"
# is settled from the log alone
dl=$(date -u -d @$((T0 + 72 * H)) '+%Y-%m-%d %H:%M:%S UTC')
$MREL -C $D log $G | grep -q "timeout  $P1: PLACE [a-z]*  (the deadline: $dl)\$" ||
    fail "the timeout entry does not say its deadline ($dl): $($MREL -C $D log $G | grep timeout)"; ok
$MREL -C $D log $G --json | grep timeout | grep -q "\"deadline\": *$((T0 + 72 * H))" ||
    fail "the timeout entry's body has no deadline"; ok
P2=$(placer)
[ -n "$P2" ] && [ "$P2" != "$P1" ] || fail "the next placer does not owe"; ok
expect 0 "verify after a timeout" -- $M -C $D verify $G

# pause: time passes, nothing happens; resume: the deadline applies again
MASQUED_NOW=$((T0 + 74 * H)) expect 2 "admin without why" -- $M -C $D admin $G pause
MASQUED_NOW=$((T0 + 74 * H)) expect 0 "pause" -- $M -C $D admin $G pause --why "holiday"
$MREL -C $D log $G | grep -q "admin    pause: holiday" || fail "the pause entry lacks why"; ok
MASQUED_NOW=$((T0 + 74 * H)) expect 1 "pause twice" -- $M -C $D admin $G pause --why "again"
n=$(entries)
MASQUED_NOW=$((T0 + 300 * H)) $M -C $D serve --once 2>/dev/null
[ "$(entries)" = "$n" ] || fail "a paused game moved"; ok
MASQUED_NOW=$((T0 + 300 * H)) expect 1 "a move while paused" -- $M -C $D submit $G $P2 "PLACE blue"
err_has "paused"
MASQUED_NOW=$((T0 + 300 * H)) expect 0 "resume" -- $M -C $D admin $G resume --why "back"
MASQUED_NOW=$((T0 + 300 * H)) expect 0 "extend" -- $M -C $D admin $G extend 24h --why "a late start"
MASQUED_NOW=$((T0 + 300 * H)) $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind admin)" = 12 ] || fail "the admin notices were not mailed to every player"; ok

# kick: the seat is played by the defaults at once; the kicked player is
# told, then gets no more game mail (turns they may not play), and what
# they send is refused, with why, and changes nothing (not even SET LANG)
P3=$(placer)
last3=$(grep -l "^To: $P3@x.test" $D/mail/outbox/new/* | tail -1)
reply3=$(grep -m1 "^Reply-To:" $last3 | sed 's/^Reply-To: //' | tr -d '\r')
ls $D/mail/outbox/new > $T/before.kick
MASQUED_NOW=$((T0 + 301 * H)) expect 0 "kick" -- $M -C $D admin $G kick $P3 --why "gone"
MASQUED_NOW=$((T0 + 301 * H)) $M -C $D serve --once 2>/dev/null
$MREL -C $D log $G | grep -q "timeout  $P3 (kicked): PLACE [a-z]*$" || fail "a kicked seat was not played by the defaults, or its entry names a deadline (as if missed): $($MREL -C $D log $G | grep "timeout  $P3")"; ok
since_kick() { ls $D/mail/outbox/new | comm -13 $T/before.kick - | sed "s|^|$D/mail/outbox/new/|"; }
[ "$(since_kick | xargs grep -l "^To: $P3@x.test" | xargs grep -l '^X-Masqued-Mail: admin' | wc -l)" = 1 ] ||
    fail "the kicked player was not told of the kick"; ok
[ "$(since_kick | xargs grep -l "^To: $P3@x.test" | xargs grep -L '^X-Masqued-Mail: admin' | wc -l)" = 0 ] ||
    fail "the kicked player got game mail after the kick"; ok
[ "$(since_kick | xargs grep -L "^To: $P3@x.test" | xargs grep -l '^X-Masqued-Mail: turn' | wc -l)" -ge 1 ] ||
    fail "the others got no turn mail after the kick (the check above proves nothing)"; ok
n=$(entries)
printf 'From: %s@x.test\r\nTo: %s\r\nSubject: Re\r\nMessage-ID: <kicked@x.test>\r\n\r\nSET LANG ja\r\nPLACE red\r\n' \
    "$P3" "$reply3" > $T/kicked.eml
ls $D/mail/outbox/new > $T/before.kick
MASQUED_NOW=$((T0 + 301 * H)) expect 0 "a reply from the kicked player" -- $M -C $D ingest $T/kicked.eml
kicked=$(date -u -d @$((T0 + 301 * H)) '+%Y-%m-%d %H:%M UTC')
err_has "refused: The host removed you from game $G on $kicked; the deadline defaults play your seat until a new player takes it, so nothing you send is applied."
[ "$(entries)" = "$n" ] || fail "a kicked player's reply was logged"; ok
[ "$(since_kick | wc -l)" = 1 ] && since_kick | xargs grep -q "^To: $P3@x.test" ||
    fail "the kicked player's reply was not answered, once, to them"; ok
MASQUED_NOW=$((T0 + 301 * H)) expect 1 "submit for a kicked seat" -- $M -C $D submit $G $P3 "PLACE red"
# said to the host who typed it, not as the player's mail says it
err_has "masqued: $P3 is out of game $G (kicked), so no move of theirs is taken; admin $G replace $P3 EMAIL gives the seat a new player."
one_line
[ "$(entries)" = "$n" ] || fail "a submit for a kicked seat was logged"; ok

# replace: a new address, a new welcome; rotate-token: the old address dies.
# An address new would refuse is refused here too, before it is logged (a
# line break or a second @ used to be logged, and then no mail could go)
n=$($MREL -C $D log $G | wc -l)
for bad in "$(printf 'x@x.test\nBcc:evil@x.test')" "a@b@c.test" "Bob <b@x.test>"; do
	expect 1 "replace with \"$bad\"" -- $M -C $D admin $G replace $P3 "$bad" --why "x"
	err_has "is not a usable email address"
done
[ "$($MREL -C $D log $G | wc -l)" = "$n" ] || fail "a refused replace was logged"; ok
MASQUED_NOW=$((T0 + 302 * H)) expect 0 "replace" -- $M -C $D admin $G replace $P3 newbie@x.test --why "a friend takes over"
MASQUED_NOW=$((T0 + 302 * H)) $M -C $D serve --once 2>/dev/null
grep -l "^X-Masqued-Mail: welcome" $D/mail/outbox/new/* | xargs grep -l "^To: newbie@x.test" >/dev/null || fail "no welcome for the new player"; ok
# the others were welcomed once, at the start: the admin notice tells them
[ "$(grep -l "^X-Masqued-Mail: welcome" $D/mail/outbox/new/* | wc -l)" = 5 ] ||
    fail "a replace welcomed $(( $(grep -l "^X-Masqued-Mail: welcome" $D/mail/outbox/new/* | wc -l) - 4 )) players, not the new one alone"; ok
# the new player gets the welcome alone, not the admin notice too (two
# mails asking one move); the others get the notice
[ "$(grep -l "^To: newbie@x.test" $D/mail/outbox/new/* | wc -l)" = 1 ] ||
    fail "the new player got $(grep -l "^To: newbie@x.test" $D/mail/outbox/new/* | wc -l) mails, not the welcome alone"; ok
for p in alice bob carol dave; do
	[ $p = $P3 ] && continue
	grep -l "^X-Masqued-Mail: admin" $D/mail/outbox/new/* | xargs grep -l "^To: $p@x.test" |
	    xargs grep -l "a friend takes over" >/dev/null || fail "$p was not told of the replace"; ok
done
old=$(grep -l "^To: alice@x.test" $D/mail/outbox/new/* | head -1)
oldreply=$(grep -m1 "^Reply-To:" $old | sed 's/^Reply-To: //' | tr -d '\r')
MASQUED_NOW=$((T0 + 303 * H)) expect 0 "rotate alice's token" -- $M -C $D admin $G rotate-token alice --why "leaked"
printf 'From: alice@x.test\r\nTo: %s\r\nDelivered-To: %s\r\nSubject: Re\r\nMessage-ID: <old@x.test>\r\n\r\nSTATUS\r\n' "$oldreply" "$oldreply" > $T/old.eml
MASQUED_NOW=$((T0 + 303 * H)) expect 0 "parse a mail to the old address" -- $M -C $D parse $T/old.eml
# from the seat's own address: said to be an old one the host renewed
out_has "This reply address is an old one: the host has given you new reply addresses in game $G since; reply to your latest mail from the game."
# from another address: it may be old or altered
sed 's/^From: alice@x.test/From: mallory@x.test/' $T/old.eml >$T/old2.eml
MASQUED_NOW=$((T0 + 303 * H)) expect 0 "parse a mail to the old address from another" -- $M -C $D parse $T/old2.eml
out_has "does not verify"
expect 1 "an admin action for an unknown player" -- $M -C $D admin $G kick zed --why "x"
expect 2 "an unknown admin action" -- $M -C $D admin $G explode --why "x"
# an action without its arguments says which, not "no option x"
n=$($MREL -C $D log $G | wc -l)
for c in "kick:a PLAYER" "rotate-token:a PLAYER" "extend:a DURATION" "replace:PLAYER EMAIL"; do
	expect 2 "${c%%:*} without its arguments" -- $M -C $D admin $G ${c%%:*} --why "x"
	err_has "admin ${c%%:*} needs ${c#*:}"; one_line
done
expect 2 "replace without the email" -- $M -C $D admin $G replace alice --why "x"
err_has "admin replace needs PLAYER EMAIL"; one_line
expect 2 "--why without its reason" -- $M -C $D admin $G pause --why
err_has "--why needs the reason"; one_line
[ "$($MREL -C $D log $G | wc -l)" = "$n" ] || fail "a refused admin action was logged"; ok
expect 0 "verify at the end" -- $M -C $D verify $G

# --- a player's move after the reminders went out leaves the others'
# debts as they were: they are not reminded of them a second time (the
# reply's rewrite of the clock file used to forget who was reminded) ---
D=$T/again
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
for p in alice bob carol dave; do	# the placements: then all four owe
	$MREL -C $D submit --no-mail $G $p "$($MREL -C $D bot $G $p)" >/dev/null || fail "placing $p"
done
$M -C $D serve --once 2>/dev/null
MASQUED_NOW=$((T0 + 61 * H)) $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 4 ] || fail "not four reminders at 61 h"; ok
a=$(grep -l "^To: alice@x.test" $D/mail/outbox/new/* | head -n 1)
printf 'From: alice@x.test\r\nTo: %s\r\nSubject: Re\r\nMessage-ID: <late@x.test>\r\n\r\n%s\r\n' \
    "$(sed -n 's/^Reply-To: //p' $a | tr -d '\r')" "$($MREL -C $D bot $G alice)" >$T/late.eml
MASQUED_NOW=$((T0 + 62 * H)) expect 0 "alice's reply after the reminders" -- $M -C $D ingest $T/late.eml
MASQUED_NOW=$((T0 + 62 * H)) expect 0 "bob's move by submit" -- $M -C $D submit $G bob "$($MREL -C $D bot $G bob)"
MASQUED_NOW=$((T0 + 63 * H)) $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 4 ] ||
    fail "carol and dave were reminded again: $(grep -l '^X-Masqued-Mail: reminder' $D/mail/outbox/new/* | xargs grep -h '^To:' | tr -d '\r' | sort | tr '\n' ' ')"; ok

# --- a game's own deadline, reminder and policy (new --option) ---
D2=$T/own
expect 0 "init" -- $M -C $D2 init
# (the config's 72 h and 12 h stand for the games that set nothing)
own_game() {	# options...
	$M -C $D2 new redmasque --player alice=alice@x.test --player bob=bob@x.test \
	    --player carol=carol@x.test --player dave=dave@x.test "$@"
}
# policy wait leaves a missed deadline to the host: without admin in the
# config nobody would be told, and the game would wait unseen
expect 1 "new --option policy=wait without admin" -- own_game --option policy=wait
err_has "The option policy=wait needs admin, the host's address, in masqued.conf: at a missed deadline the game waits for the host, and nobody would be told."
one_line
[ -z "$(ls $D2/games)" ] || fail "a refused policy=wait made a game"; ok
echo "admin = host@x.test" >>$D2/masqued.conf
G2=$(own_game --option deadline=24h --option reminder=6h) || fail "new with a deadline"
head -n 1 $D2/games/$G2/log | grep -q '"deadline":86400' || fail "the deadline is not kept as seconds"; ok
G3=$(own_game --option policy=wait) || fail "new with policy wait"
G4=$(own_game --option deadline=8h) || fail "new with a short deadline"
D=$D2
G=$G2
MASQUED_NOW=$T0 $M -C $D2 serve --once 2>/dev/null
P=$(placer)
reminders_of() { grep -l '^X-Masqued-Mail: reminder' $D2/mail/outbox/new/* 2>/dev/null | xargs grep -l "^Message-ID: <$1\." 2>/dev/null | wc -l; }
# an 8 h deadline: the 12 h reminder would come at once; it comes at 4 h
MASQUED_NOW=$((T0 + 3 * H)) $M -C $D2 serve --once 2>/dev/null
[ "$(reminders_of $G4)" = 0 ] || fail "an 8 h game reminded before half its time"; ok
MASQUED_NOW=$((T0 + 5 * H)) $M -C $D2 serve --once 2>/dev/null
[ "$(reminders_of $G4)" = 1 ] || fail "an 8 h game was not reminded at 5 h"; ok
MASQUED_NOW=$((T0 + 17 * H)) $M -C $D2 serve --once 2>/dev/null
[ "$(reminders_of $G2)" = 0 ] || fail "a 24 h game reminded at 17 h"; ok
MASQUED_NOW=$((T0 + 19 * H)) $M -C $D2 serve --once 2>/dev/null
[ "$(grep -l '^X-Masqued-Mail: reminder' $D2/mail/outbox/new/* | xargs grep -l "^Message-ID: <$G2\." | wc -l)" = 1 ] ||
    fail "a 24 h game with a 6 h reminder did not remind at 19 h"; ok
[ "$(entries)" = 1 ] || fail "a 24 h game moved before its deadline"; ok
# past the deadline, before serve has run: games says what comes next
MASQUED_NOW=$((T0 + 25 * H)) expect 0 "games, a deadline passed" -- $M -C $D2 games
out_has "$G2  the deadline has passed: the next serve pass that reads the mailbox plays the defaults"
grep -q "^$G3  the deadline has passed" $T/out && fail "games says $G3's deadline passed, a day early"; ok
MASQUED_NOW=$((T0 + 25 * H)) expect 0 "games --json, a deadline passed" -- $M -C $D2 games --json
json_is '[(g["policy"], g["deadline_passed"]) for g in j["games"] if g["game"] == "'$G2'"] == [("default", True)]' "$G2 in games --json"
json_is '[(g["policy"], g["deadline_passed"]) for g in j["games"] if g["game"] == "'$G3'"] == [("wait", False)]' "$G3 in games --json"
MASQUED_NOW=$((T0 + 25 * H)) $M -C $D2 serve --once 2>/dev/null
$MREL -C $D2 log $G2 | grep -q "timeout  $P: PLACE" || fail "a 24 h game's deadline did not apply at 25 h"; ok
# policy wait: nothing applied, long after 72 h; the config's default: applied
G=$G3
MASQUED_NOW=$((T0 + 100 * H)) $M -C $D2 serve --once 2>/dev/null
[ "$(entries)" = 1 ] || fail "a game whose policy is wait applied a default"; ok
# nor is its player reminded of a deadline gone by ("If nothing comes by
# then", and a "by" in the past): the host was told, and decides
[ "$(reminders_of $G3)" = 0 ] || fail "a reminder went after its deadline had passed (policy wait)"; ok
# told, the game waits on the host: its clock file is not due again until
# a move or the host's action rewrites it (it stayed at the deadline gone
# by, so every pass opened the game and replayed its whole log, for ever)
host_waits() { grep -l "^Message-ID: <host\.wait-$G3-" $D2/mail/outbox/new/* 2>/dev/null | wc -l; }
[ "$(host_waits)" = 1 ] || fail "the host was not told once that $G3 waits"; ok
[ "$(head -n 1 $D2/games/$G3/clock)" -gt $((T0 + 100 * H)) ] ||
    fail "$G3's clock file is due again after the host was told: $(head -n 1 $D2/games/$G3/clock)"; ok
MASQUED_NOW=$((T0 + 100 * H + 60)) $M -C $D2 serve --once 2>/dev/null
[ "$(host_waits)" = 1 ] || fail "the host was told again that $G3 waits"; ok
# games tells the host the game is theirs to move on, and how
MASQUED_NOW=$((T0 + 100 * H)) expect 0 "games, policy wait past the deadline" -- $M -C $D2 games
# the commands with -C and the folder, to copy into a shell anywhere (as the
# host's mail gives them; without, they acted on ./data)
out_has "$G3  the deadline has passed, and the game waits for you (policy wait): masqued -C $(realpath $D2) admin $G3 default PLAYER, extend DURATION or kick PLAYER"
MASQUED_NOW=$((T0 + 100 * H)) expect 0 "games --json, policy wait past the deadline" -- $M -C $D2 games --json
json_is '[(g["policy"], g["deadline_passed"]) for g in j["games"] if g["game"] == "'$G3'"] == [("wait", True)]' "$G3 in games --json"
# the host answers 28 h late: an extend counts from the deadline, so one
# of 24 h would leave it passed (no time for the player, and the host told
# of the miss again at once): refused, saying by how much it passed
MASQUED_NOW=$((T0 + 100 * H)) expect 1 "extend that leaves a deadline passed" -- \
    $M -C $D2 admin $G3 extend 24h --why "one more day"
err_has "s deadline passed 1d4h ago, and an extend counts from the deadline, so extend 1d would leave it passed: extend by more than 1d4h (admin $G3 extend 4d4h gives them the game's deadline, 3d, from now), or play the default move for them (admin $G3 default "
one_line
[ "$(entries)" = 1 ] || fail "a refused extend was logged"; ok
# the span the refusal gives works as given
MASQUED_NOW=$((T0 + 100 * H)) expect 0 "extend past the time it is late" -- \
    $M -C $D2 admin $G3 extend 4d4h --why "a deadline from now"
[ "$(entries)" = 2 ] || fail "the extend was not logged"; ok
# the extend rewrote the clock: due at the reminder before the new deadline
[ "$(head -n 1 $D2/games/$G3/clock)" = $((T0 + 160 * H)) ] ||
    fail "$G3's clock after the extend: $(head -n 1 $D2/games/$G3/clock), not 160 h"; ok
MASQUED_NOW=$((T0 + 100 * H)) expect 0 "games after the extend" -- $M -C $D2 games
grep -q "^$G3  the deadline has passed" $T/out && { cat $T/out >&2; fail "games says the deadline passed after the extend"; }; ok
G=$G4
# an 8 h deadline: the 12 h reminder would come at once; it comes at 4 h
[ "$(grep -l '^X-Masqued-Mail: reminder' $D2/mail/outbox/new/* | xargs grep -l "^Message-ID: <$G4\." | wc -l)" = 1 ] ||
    fail "an 8 h game was not reminded once by 100 h"; ok
# bad values and unknown options: refused, nothing made
n=$(ls $D2/games | wc -l)
# deadline=24, meant as hours, was a deadline of 24 seconds
for o in deadline=soon deadline=0 deadline=24 reminder=6 reminder=400d policy=later allow_any_sender=maybe; do
	expect 1 "new with --option $o" -- own_game --option $o
	err_has "The option ${o%%=*} takes"
	one_line
done
# two of --lang or --seed: the last used to make the game, unsaid
expect 2 "new with two --lang" -- own_game --lang ja --lang en
err_has "--lang is given twice"; one_line
expect 2 "new with two --seed" -- own_game --seed $(printf '%064d' 1) --seed $(printf '%064d' 2)
err_has "--seed is given twice"; one_line
expect 1 "a Red Death option misspelt" -- own_game --option hrad=true
err_has 'A redmasque game has no option "hrad"; it has hard, sequential_moves, resolution_order, deadline, reminder, policy, host_reminder and allow_any_sender.'
expect 1 "a Masquerade option that is none" -- $M -C $D2 new masquerade --player a=a@x.test \
    --player b=b@x.test --player c=c@x.test --option hard=true
err_has 'A masquerade game has no option "hard"; it has deadline, reminder, policy, host_reminder and allow_any_sender.'
[ "$(ls $D2/games | wc -l)" = "$n" ] || fail "a refused new made a game"; ok
expect 0 "a Masquerade with its own deadline" -- $M -C $D2 new masquerade --player a=a@x.test \
    --player b=b@x.test --player c=c@x.test --option deadline=2d --option policy=wait
# --- the deadline moves: a reminder again before the new one, once ---
# Four reminders went at 61 h. An extend of 24 h at 62 h moves the
# deadlines to 96 h: nothing at 63 h, a reminder each at 85 h (12 h before
# it) naming the new deadline, and no third. A rotate-token moves no
# deadline: no reminder again (any admin action used to remind all four a
# second time). A resume gives back the time paused: reminded again, once.
D=$T/moved
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
G=$(new_game $D) || fail "new"
for p in alice bob carol dave; do
	$MREL -C $D submit --no-mail $G $p "$($MREL -C $D bot $G $p)" >/dev/null || fail "placing $p"
done
at() { h=$1; shift; MASQUED_NOW=$((T0 + h * H)) "$@"; }
at 0 $M -C $D serve --once 2>/dev/null
at 61 $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 4 ] || fail "not four reminders at 61 h"; ok
at 62 expect 0 "extend 24h after the reminders" -- $M -C $D admin $G extend 24h --why "a late start"
at 63 $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 4 ] || fail "an extend of 24 h reminded at once, 33 h before the new deadline"; ok
at 83 $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 4 ] || fail "reminded at 83 h, before 12 h ahead of the new deadline"; ok
at 85 $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 8 ] || fail "not reminded again before the moved deadline: $(mails_of_kind reminder) reminders at 85 h"; ok
new_dl=$(date -u -d @$((T0 + 96 * H)) '+%Y-%m-%d %H:%M UTC')
grep -l "^X-Masqued-Mail: reminder" $D/mail/outbox/new/* | xargs grep -l "^Message-ID: <$G\.0\.7\.reminder" |
    xargs grep -q "($new_dl)" || fail "alice's second reminder does not name the new deadline, $new_dl"; ok
left_in() {	# Message-ID prefix: the hours its reminder says are left
	f=$(grep -l "^Message-ID: <$1" $D/mail/outbox/new/* | head -n 1)
	/usr/bin/python3 -c 'import email, re, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
t = [p.get_payload(decode=True).decode() for p in m.walk() if p.get_content_type() == "text/plain"][0]
print(re.search(r"The deadline is in\s+(\d+)\s+hours?", t).group(1))' "$f"
}
[ "$(left_in "$G\.0\.7\.reminder")" = 11 ] ||
    fail "the reminder at 85 h, 11 h before the deadline, says $(left_in "$G\.0\.7\.reminder") hours"; ok
at 86 $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 8 ] || fail "a third reminder for the moved deadline"; ok
at 86 expect 0 "rotate alice's token" -- $M -C $D admin $G rotate-token alice --why "leaked"
at 87 $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 8 ] ||
    fail "a rotate-token, which moves no deadline, reminded again: $(mails_of_kind reminder) reminders"; ok
at 87 expect 0 "pause" -- $M -C $D admin $G pause --why "a break"
# paused from 87 h to 97 h: the deadlines move to 106 h, the reminders are due at 94 h
at 97 expect 0 "resume" -- $M -C $D admin $G resume --why "back"
at 97 $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 12 ] || fail "not reminded again after the resume moved the deadline: $(mails_of_kind reminder) reminders"; ok
third=$(grep -l "^X-Masqued-Mail: reminder" $D/mail/outbox/new/* | xargs grep -l "^To: alice@" |
    sort | tail -n 1 | xargs grep -h "^Message-ID: " | sed 's/^Message-ID: <//; s/@.*//')
[ "$(left_in "$third")" = 9 ] ||
    fail "the reminder at 97 h, 9 h before the deadline, says $(left_in "$third") hours, not 9"; ok
at 98 $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 12 ] || fail "reminded twice after the resume"; ok
# less than an hour left: the reminder says the minutes, in each language
# (it said "1 hour" with a minute left). Paused 40 minutes before the 106 h
# deadline and resumed at 106 h, a reminder again with 40 minutes left.
at 98 expect 0 "bob reads Japanese" -- $M -C $D submit --no-mail $G bob "SET LANG ja"
at 98 expect 0 "carol reads Chinese" -- $M -C $D submit --no-mail $G carol "SET LANG zh"
MASQUED_NOW=$((T0 + 105 * H + 20 * 60)) expect 0 "pause" -- $M -C $D admin $G pause --why "a break"
at 106 expect 0 "resume" -- $M -C $D admin $G resume --why "back"
at 106 $M -C $D serve --once 2>/dev/null
[ "$(mails_of_kind reminder)" = 16 ] || fail "not reminded again with 40 minutes left: $(mails_of_kind reminder) reminders"; ok
left_text() {	# To address: the time left its last reminder's text part names
	f=$(grep -l "^X-Masqued-Mail: reminder" $D/mail/outbox/new/* | xargs grep -l "^To: $1" | sort | tail -n 1)
	/usr/bin/python3 -c 'import email, re, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
t = [p.get_payload(decode=True).decode() for p in m.walk() if p.get_content_type() == "text/plain"][0]
t = " ".join(t.split())
print(re.search(r"(The deadline is in|期限まであと) ([^(（]*?) ?[(（]", t).group(2))' "$f"
}
[ "$(left_text alice@)" = "40 minutes" ] || fail "alice's reminder says $(left_text alice@) left, not 40 minutes"; ok
[ "$(left_text bob@)" = "40分です" ] || fail "bob's reminder says $(left_text bob@) left, not 40分です"; ok
# the deadline as its reader's clock says it: UTC in English, Japan's time
# in Japanese, UTC+8 in Chinese (every mail said UTC)
reminder_text() {	# To address: its last reminder's text part, on one line
	f=$(grep -l "^X-Masqued-Mail: reminder" $D/mail/outbox/new/* | xargs grep -l "^To: $1" | sort | tail -n 1)
	/usr/bin/python3 -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
t = [p.get_payload(decode=True).decode() for p in m.walk() if p.get_content_type() == "text/plain"][0]
print(" ".join(t.split()))' "$f"
}
dl=$((T0 + 106 * H + 40 * 60))	# the 40 minutes left after the resume
reminder_text alice@ | grep -qF "$(date -u -d @$dl '+%Y-%m-%d %H:%M UTC')" ||
    fail "alice's reminder does not give the deadline in UTC"; ok
reminder_text bob@ | grep -qF "$(date -u -d @$((dl + 9 * H)) '+%Y-%m-%d %H:%M JST')" ||
    fail "bob's reminder does not give the deadline in Japan's time: $(reminder_text bob@)"; ok
reminder_text carol@ | grep -qF "$(date -u -d @$((dl + 8 * H)) '+%Y-%m-%d %H:%M UTC+8')" ||
    fail "carol's reminder does not give the deadline in UTC+8: $(reminder_text carol@)"; ok
! reminder_text bob@ | grep -q " UTC" || fail "bob's reminder still says UTC"; ok
expect 0 "verify" -- $M -C $D verify $G
# --- admin default: under policy wait, the host applies one default ---
# logged as a timeout entry (with the host's why), mailed as a timeout's
# mails go; refused, with nothing logged, for a player who owes nothing,
# in a paused game, and without its player
D=$T/hostdefault
expect 0 "init" -- $M -C $D init
echo "admin = host@x.test" >>$D/masqued.conf
G=$($M -C $D new redmasque --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player dave=dave@x.test --option policy=wait) || fail "new"
at 0 $M -C $D serve --once 2>/dev/null
P=$(placer)
# admin left out of the config since the game was made: the daemon's log
# says the game waits for the host, once (it said nothing at all)
sed -i '/^admin = /d' $D/masqued.conf
at 100 $M -C $D serve --once 2>$T/wait.err
grep -q "game $G: $P missed the deadline of .*; the policy is wait, so nothing is applied, and no admin is set in masqued.conf to tell: act with masqued admin $G extend, default or kick" $T/wait.err ||
    { cat $T/wait.err >&2; fail "a game waiting for no host was not logged"; }; ok
at 100 $M -C $D serve --once 2>$T/wait.err
! grep -q "missed the deadline" $T/wait.err || fail "the wait was logged at every pass"; ok
echo "admin = host@x.test" >>$D/masqued.conf
[ "$(entries)" = 1 ] || fail "policy wait applied a default by itself"; ok
O=$(for p in alice bob carol dave; do [ $p = "$P" ] || { echo $p; break; }; done)
expect 2 "default without its player" -- $M -C $D admin $G default --why "x"
err_has "admin default needs a PLAYER"; one_line
at 100 expect 1 "default for $O, who owes nothing" -- $M -C $D admin $G default $O --why "x"
err_has "$O owes no move in game $G now; there is no default to apply."; one_line
at 100 expect 0 "pause" -- $M -C $D admin $G pause --why "a break"
at 100 expect 1 "default while paused" -- $M -C $D admin $G default $P --why "x"
err_has "Game $G is paused; no move is taken until it resumes"; one_line
at 100 expect 0 "resume" -- $M -C $D admin $G resume --why "back"
n=$(entries)
# the resume gave $P a whole deadline (172 h): under policy wait the game
# waits for $P until then, not for the host, whose notice was about the
# deadline before
at 101 expect 1 "default for $P before the deadline the resume gave" -- \
    $M -C $D admin $G default $P --why "x"
err_has "$P's deadline for this move is $(date -u -d @$((T0 + 172 * H)) '+%Y-%m-%d %H:%M UTC'); it has not passed"
one_line
[ "$(entries)" = "$n" ] || fail "a refused default was logged"; ok
ls $D/mail/outbox/new >$T/before.default
at 173 expect 0 "default for $P" -- $M -C $D admin $G default $P --why "$P is away; play on"
out_has "$G: $P's default, PLACE "
# one sentence, on stdout: it also wrote serve's log line on stderr
[ ! -s $T/err ] || { cat $T/err >&2; fail "admin default wrote to stderr as well"; }; ok
[ "$(entries)" = $((n + 1)) ] || fail "admin default did not log one entry"; ok
$MREL -C $D log $G | tail -n 1 | grep -q "timeout  $P (by admin): PLACE" || fail "the default is not logged as a timeout"; ok
$MREL -C $D log $G --json | tail -n 1 | grep -q "\"by\": *\"admin\".*\"why\": *\"$P is away; play on\"" ||
    fail "the timeout entry does not say the host applied it, and why: $($MREL -C $D log $G --json | tail -n 1)"; ok
at 173 $M -C $D serve --once 2>/dev/null
# as a timeout's: the turn to everyone (the next placer owes now)
[ "$(ls $D/mail/outbox/new | comm -13 $T/before.default - | sed "s|^|$D/mail/outbox/new/|" |
    xargs grep -l '^X-Masqued-Mail: turn' | wc -l)" = 4 ] || fail "the default's turn mails did not go to all four"; ok
[ "$(placer)" != "$P" ] || fail "$P still owes after the default"; ok
expect 0 "verify after admin default" -- $M -C $D verify $G
# --- a deadline's default that resolves a phase opens its secrets at once
# (a reveal entry after the timeout, the salts in the resolution mail), as
# the last pick by reply does; they used to wait for the next player's move ---
D=$T/reveal
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
for p in alice bob carol dave; do
	$MREL -C $D submit --no-mail $G $p "$($MREL -C $D bot $G $p)" >/dev/null || fail "placing $p"
done
for p in alice bob carol; do	# three secret picks; dave's comes by default
	$MREL -C $D submit --no-mail $G $p "$($MREL -C $D bot $G $p)" >/dev/null || fail "$p's pick"
done
at 0 $M -C $D serve --once 2>/dev/null
ls $D/mail/outbox/new >$T/before.reveal
at 73 $M -C $D serve --once 2>/dev/null
$MREL -C $D log $G | grep -q "timeout  dave: PLAY discuss" || fail "no default pick for dave"; ok
$MREL -C $D log $G | tail -n 1 | grep -q "reveal   opens 7 (alice's PLAY [^)]*), 8 (bob's PLAY [^)]*), 9 (carol's PLAY [^)]*)\$" ||
    fail "the picks the default resolved were not revealed: $($MREL -C $D log $G | tail -n 1)"; ok
salt=$(sed -n 7p $D/games/$G/log | grep -o '"salt":"[0-9a-f]*"' | cut -d'"' -f4)
[ ${#salt} = 64 ] || fail "no salt in alice's entry"; ok
[ "$(ls $D/mail/outbox/new | comm -13 $T/before.reveal - | sed "s|^|$D/mail/outbox/new/|" |
    xargs grep -l "$salt" | wc -l)" = 4 ] || fail "the resolution mails do not open alice's pick to all four"; ok
expect 0 "verify after the reveal" -- $M -C $D verify $G
# --- the time left at its edges, never more than is left (2 h 59 m 30 s
# left said "3 hours", 61 seconds "2 minutes"): a pass that many seconds
# before the 72 h deadline reminds the first placer, in the subject and
# the text ---
D=$T/edges
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
at 0 $M -C $D serve --once 2>/dev/null
left_at() {	# seconds before the deadline, what the reminder says is left
	rm -rf $T/e && cp -a $D $T/e || fail "copy"
	MASQUED_NOW=$((T0 + 72 * H - $1)) $M -C $T/e serve --once 2>/dev/null
	f=$(grep -l "^X-Masqued-Mail: reminder" $T/e/mail/outbox/new/*)
	[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one reminder $1 s before"
	/usr/bin/python3 -c 'import email, email.header, re, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
s = str(email.header.make_header(email.header.decode_header(m["Subject"])))
t = [p.get_payload(decode=True).decode() for p in m.walk() if p.get_content_type() == "text/plain"][0]
t = re.search(r"The deadline is in (.*?) \(", " ".join(t.split())).group(1)
print(t if "reminder: %s left to" % t in s else "subject: " + s)' "$f"
}
for edge in "10800 3 hours" "10799 2 hours 59 minutes" "10770 2 hours 59 minutes" \
    "3660 1 hour 1 minute" "3600 1 hour" "3599 59 minutes" "120 2 minutes" \
    "61 1 minute" "60 1 minute" "59 less than a minute" "1 less than a minute"; do
	secs=${edge%% *}
	[ "$(left_at $secs)" = "${edge#* }" ] ||
	    fail "$secs s before the deadline, the reminder says $(left_at $secs), not ${edge#* }"; ok
done
done_checks
