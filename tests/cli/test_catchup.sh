#!/bin/sh
# test_catchup.sh - the mails of entries no reply carries (a deadline's
# timeouts, the host's admin actions) are not lost when serve or admin is
# killed between the log and the spool. The kill is staged: after the run
# that logged the entry, its mails are taken back out of the outbox and
# the spool, and the mark of mailed entries and the clock file are put back
# as they were before it; the next start must send the same mails, byte
# for byte, and nothing else twice (a replace's to the old address too).
. tests/cli/lib.sh
clock_folder
G=$(new_game $D) || fail "new"
expect 0 "the welcome mails go out" -- $M -C $D serve --once
[ "$(cat $D/games/$G/mailed)" -eq 1 ] || fail "new did not set the mark at the genesis"; ok

snap() { ls $D/mail/outbox/new | sort > $T/before; cp $D/games/$G/mailed $T/mailed; cp $D/games/$G/clock $T/clock; }
# the mails sent since snap, as "sum" lines, then taken back
take_back() {
	ls $D/mail/outbox/new | sort | comm -13 $T/before - > $T/new
	[ -s $T/new ] || fail "the run sent nothing to take back"
	(cd $D/mail/outbox/new && cat $(cat $T/new) | md5sum) > $T/sent.sum
	(cd $D/mail/outbox/new && for f in $(cat $T/new); do md5sum < $f; done) | sort > $T/sent.each
	(cd $D/mail/outbox/new && rm $(cat $T/new))
	rm -f $D/spool/*.eml
	cp $T/mailed $D/games/$G/mailed
	cp $T/clock $D/games/$G/clock
}
# the mails the restart sent: the same ones, each once
same_again() {
	ls $D/mail/outbox/new | sort | comm -13 $T/before - > $T/again
	(cd $D/mail/outbox/new && for f in $(cat $T/again); do md5sum < $f; done) | sort > $T/again.each
	cmp -s $T/sent.each $T/again.each || { diff $T/sent.each $T/again.each >&2; fail "$1: the rebuilt mails differ from the lost ones"; }; ok
}

# --- a timeout: the deadline passes, its mails are lost ---
snap
n0=$($MREL -C $D log $G | wc -l)
MASQUED_NOW=$((T0 + 73 * H)) $M -C $D serve --once 2>/dev/null
[ "$($MREL -C $D log $G | wc -l)" -gt "$n0" ] || fail "no timeout was logged"; ok
take_back
MASQUED_NOW=$((T0 + 74 * H)) expect 0 "serve after the staged kill" -- $M -C $D serve --once
err_has "were logged but not mailed"
same_again "timeout"
n1=$($MREL -C $D log $G | wc -l)
[ "$n1" -gt "$n0" ] || fail "the log lost the timeout"; ok
MASQUED_NOW=$((T0 + 74 * H)) expect 0 "one more pass" -- $M -C $D serve --once
[ "$(ls $D/mail/outbox/new | wc -l)" = "$(( $(wc -l < $T/before) + $(wc -l < $T/again) ))" ] || fail "a mail went twice"; ok
[ "$($MREL -C $D log $G | wc -l)" = "$n1" ] || fail "the catching up changed the log"; ok

# --- an admin action: admin is killed after the entry; serve catches up ---
snap
MASQUED_NOW=$((T0 + 75 * H)) expect 0 "extend" -- $M -C $D admin $G extend 24h --why "a late start"
MASQUED_NOW=$((T0 + 75 * H)) $M -C $D serve --once 2>/dev/null
take_back
MASQUED_NOW=$((T0 + 76 * H)) expect 0 "serve after the staged kill of admin" -- $M -C $D serve --once
err_has "were logged but not mailed"
same_again "admin extend"
grep -l "^X-Masqued-Mail: admin" $D/mail/outbox/new/* | xargs grep -l "a late start" >/dev/null || fail "the rebuilt admin notice lacks why"; ok

# --- a reply of SET lines alone, or beside lines that log nothing: its
# entry is mailed with its answer, and the mark moves past it; else the
# catching up stops there ("a reply's: its message brings it back", but
# that message is answered) and an admin action after it, killed before
# its mails, is never caught up ---
O=$D/mail/outbox/new
IN=$D/mail/inbox/new
. tests/cli/lib_mail.sh
for body in 'SET NOTICES OFF' 'SET NOTICES ON\nSTATUS' 'SET LANG ja\nFLY away'; do
	MASQUED_NOW=$((T0 + 76 * H)) send bob@x.test "$(reply_to bob)" "set$n" "$body"
	MASQUED_NOW=$((T0 + 76 * H)) expect 0 "serve with bob's \"$body\"" -- $M -C $D serve --once
	[ "$(cat $D/games/$G/mailed)" -eq "$($MREL -C $D log $G | wc -l)" ] ||
	    fail "after \"$body\", the mark $(cat $D/games/$G/mailed) is not the log's last entry"; ok
done
snap
MASQUED_NOW=$((T0 + 76 * H)) expect 0 "extend after bob's SET lines" -- $M -C $D admin $G extend 1h --why "after a setting"
MASQUED_NOW=$((T0 + 76 * H)) $M -C $D serve --once 2>/dev/null
take_back
MASQUED_NOW=$((T0 + 77 * H)) expect 0 "serve after the staged kill of admin" -- $M -C $D serve --once
err_has "were logged but not mailed"
same_again "admin extend after a reply of SET lines"
# a paused game refuses the move, with its SET LANG logged all the same
MASQUED_NOW=$((T0 + 77 * H)) expect 0 "pause" -- $M -C $D admin $G pause --why "a moment"
MASQUED_NOW=$((T0 + 77 * H)) send bob@x.test "$(reply_to bob)" "set$n" 'SET LANG en\nSTATUS'
MASQUED_NOW=$((T0 + 77 * H)) expect 0 "serve with bob's SET LANG en in a paused game" -- $M -C $D serve --once
err_has "refused: "
[ "$(cat $D/games/$G/mailed)" -eq "$($MREL -C $D log $G | wc -l)" ] ||
    fail "after a refused move's SET LANG, the mark $(cat $D/games/$G/mailed) is not the log's last entry"; ok
MASQUED_NOW=$((T0 + 77 * H)) expect 0 "resume" -- $M -C $D admin $G resume --why "go on"

# --- the next admin command catches up first, too ---
snap
MASQUED_NOW=$((T0 + 77 * H)) expect 0 "pause" -- $M -C $D admin $G pause --why "holiday"
MASQUED_NOW=$((T0 + 77 * H)) $M -C $D serve --once 2>/dev/null
take_back
MASQUED_NOW=$((T0 + 78 * H)) expect 0 "resume, after the staged kill of pause" -- $M -C $D admin $G resume --why "back"
MASQUED_NOW=$((T0 + 78 * H)) $M -C $D serve --once 2>/dev/null
ls $D/mail/outbox/new | sort | comm -13 $T/before - > $T/again
(cd $D/mail/outbox/new && grep -l "holiday" $(cat $T/again)) >/dev/null || fail "the pause notice was never rebuilt"; ok
(cd $D/mail/outbox/new && grep -l "Why: back" $(cat $T/again)) >/dev/null || fail "no resume notice"; ok

# --- a replace: its mails, the notice to the old address among them ---
snap
MASQUED_NOW=$((T0 + 78 * H)) expect 0 "replace" -- $M -C $D admin $G replace bob bob2@x.test --why "a new address"
MASQUED_NOW=$((T0 + 78 * H)) $M -C $D serve --once 2>/dev/null
(cd $D/mail/outbox/new && ls | comm -13 $T/before - | xargs grep -l "^To: bob@x.test") >/dev/null ||
    fail "the old address was not told of the replace"; ok
take_back
MASQUED_NOW=$((T0 + 78 * H)) expect 0 "serve after the staged kill of replace" -- $M -C $D serve --once
err_has "were logged but not mailed"
same_again "admin replace"

# a damaged mark is no mark: nothing rebuilt (rather than everything)
for junk in "12abc" "-5" " 3" ""; do
	printf '%s\n' "$junk" > $D/games/$G/mailed
	MASQUED_NOW=$((T0 + 79 * H)) expect 0 "serve with the mark \"$junk\"" -- $M -C $D serve --once
	grep -q "were logged but not mailed\|welcome mails were not queued yet" $T/err &&
	    fail "rebuilt from the mark \"$junk\""; ok
done

# a damaged mark longer than a mark is written whole again: its tail
# stayed after the 21 bytes written, and it never read as a mark again
printf 'garbage garbage garbage garbage garbage garbage\n' > $D/games/$G/mailed
MASQUED_NOW=$((T0 + 79 * H)) expect 0 "submit over a long damaged mark" -- \
    $M -C $D submit $G alice STATUS
MASQUED_NOW=$((T0 + 79 * H)) expect 0 "admin over a long damaged mark" -- \
    $M -C $D admin $G extend 1h --why "time"
[ "$(cat $D/games/$G/mailed)" -eq "$($MREL -C $D log $G | wc -l)" ] 2>/dev/null ||
    fail "the mark over a long damaged one reads \"$(cat $D/games/$G/mailed)\""; ok

# a data folder from before the mark: no mark, nothing rebuilt
rm $D/games/$G/mailed
MASQUED_NOW=$((T0 + 79 * H)) expect 0 "serve without a mark" -- $M -C $D serve --once
grep -q "were logged but not mailed" $T/err && fail "rebuilt without a mark"; ok
expect 0 "verify at the end" -- $M -C $D verify $G

# --- `new` stopped between the genesis and the welcome mails ---
# A new game's mark is 0 from before its genesis; staged: the welcome
# mails and the clock taken back out, the mark as the genesis left it.
T1=$((T0 + 80 * H))
G2=$(MASQUED_NOW=$T1 $M -C $D new redmasque --player erin=erin@x.test \
    --player fred=fred@x.test --player gina=gina@x.test \
    --player hal=hal@x.test) || fail "second new"
ls $D/spool/$G2-*-welcome.eml >/dev/null 2>&1 || fail "new queued no welcome"; ok
(cd $D/spool && for f in $G2-*-welcome.eml; do md5sum < $f; done) | sort > $T/welcome.each
rm $D/spool/$G2-*.eml $D/games/$G2/clock
printf '%020d\n' 0 > $D/games/$G2/mailed
MASQUED_NOW=$((T1 + 600)) expect 0 "serve after the staged kill of new" -- $M -C $D serve --once
err_has "welcome mails were not queued yet"
for p in erin fred gina hal; do
	n=$(grep -l "^To: $p@x.test" $D/mail/outbox/new/* | xargs grep -l "^X-Masqued-Mail: welcome" | wc -l)
	[ "$n" = 1 ] || fail "$p got $n welcome mails after the catching up"; ok
done
grep -l "^X-Masqued-Mail: welcome" $D/mail/outbox/new/* | xargs grep -l "$G2" |
    while read f; do md5sum < $f; done | sort > $T/welcome.again
cmp -s $T/welcome.each $T/welcome.again || fail "the rebuilt welcome mails differ from the lost ones"; ok
[ "$(cat $D/games/$G2/mailed)" -eq 1 ] || fail "the mark did not move to the genesis"; ok
[ -f $D/games/$G2/clock ] || fail "no clock after the late welcome"; ok
MASQUED_NOW=$((T1 + 1200)) expect 0 "one more pass" -- $M -C $D serve --once
n=$(grep -l "^X-Masqued-Mail: welcome" $D/mail/outbox/new/* | xargs grep -l "$G2" | wc -l)
[ "$n" = 4 ] || fail "the welcome went $n times, not 4"; ok
expect 0 "verify the second game" -- $M -C $D verify $G2

# --- `new` that cannot queue the welcome (no spool): the game stands,
# the host is told, and the next serve queues it ---
mv $D/spool $D/spool.away && touch $D/spool
MASQUED_NOW=$((T1 + 1800)) expect 4 "new without a spool" -- $M -C $D new redmasque \
    --player ivan=ivan@x.test --player judy=judy@x.test \
    --player kim=kim@x.test --player lou=lou@x.test
one_line
err_has "was created, but its welcome mail was not queued"
err_has "the next pass of \`masqued serve\` (one running, or the next started) queues it"
G3=$(cat $T/out)
[ -f $D/games/$G3/log ] || fail "the game is gone"; ok
rm $D/spool && mv $D/spool.away $D/spool
MASQUED_NOW=$((T1 + 2400)) expect 0 "serve with the spool back" -- $M -C $D serve --once
err_has "game $G3: its welcome mails were not queued yet"
n=$(grep -l "^X-Masqued-Mail: welcome" $D/mail/outbox/new/* | xargs grep -l "$G3" | wc -l)
[ "$n" = 4 ] || fail "$n welcome mails for the third game, not 4"; ok
# --- `submit` that cannot queue its mails (no spool): the entries stand,
# the host is told (exit 4), and the next serve queues the mails submit
# would have queued, byte for byte: here dave's SET LANG ja and the last
# placement, which ends the phase (a reveal entry, and his language's entry
# after it). They were never sent: no message brings a submit's entry back,
# and the catching up stopped at it ---
S=$T/submit
expect 0 "init" -- $M -C $S/a init
GS=$(new_game $S/a) || fail "new"
expect 0 "the welcome mails" -- $M -C $S/a serve --once
for p in alice bob carol; do
	$MREL -C $S/a submit --no-mail $GS $p "$($MREL -C $S/a bot $GS $p)" >/dev/null || fail "placing $p"
done
# --no-mail only put the three placements' mails off: a serve sends them,
# and they are cleared, so that only dave's are compared below
expect 0 "serve sends the placements' mails" -- $MREL -C $S/a serve --once
[ "$(cat $S/a/games/$GS/mailed)" -eq 4 ] || fail "the placements' mails were not sent"; ok
rm -f $S/a/mail/outbox/new/*
cp -a $S/a $S/b		# the same keys and game: one to fail, one not
c=$($MREL -C $S/a bot $GS dave)
expect 0 "dave's placement, mailed" -- $M -C $S/a submit $GS dave "SET LANG ja" "$c"
expect 0 "serve sends its mails" -- $M -C $S/a serve --once
mv $S/b/spool $S/b/spool.away && touch $S/b/spool
expect 4 "dave's placement without a spool" -- $M -C $S/b submit $GS dave "SET LANG ja" "$c"
err_has "dave's commands are logged in game $GS (up to entry 7), but their mails were not queued"
err_has "the next serve queues them"; one_line
rm $S/b/spool && mv $S/b/spool.away $S/b/spool
cmp -s $S/a/games/$GS/log $S/b/games/$GS/log || fail "the two logs differ"; ok
expect 0 "serve with the spool back" -- $M -C $S/b serve --once
err_has "game $GS: entries 5-7 were logged but not mailed"
for x in a b; do
	(cd $S/$x/mail/outbox/new && grep -L "^X-Masqued-Mail: welcome" * | while read f; do md5sum <$f; done | sort) >$T/submit.$x
done
[ "$(wc -l <$T/submit.a)" = 5 ] || fail "the mailed submit sent $(wc -l <$T/submit.a) mails, not a receipt and four reveals"; ok
cmp -s $T/submit.a $T/submit.b || { diff $T/submit.a $T/submit.b >&2; fail "the caught-up mails differ from those submit queues"; }; ok
grep -l "^X-Masqued-Mail: receipt" $S/b/mail/outbox/new/* | xargs grep -q "^To: dave@x.test" ||
    fail "no receipt for dave"; ok
# it lists the SET LANG, in the new language (submit lists it, and the
# catching up rebuilt it from the log)
. tests/cli/lib_mail.sh
parts "$(grep -l "^X-Masqued-Mail: receipt" $S/b/mail/outbox/new/* |
    xargs grep -l "^To: dave@x.test")" dave_rebuilt
says dave_rebuilt "これからのメールは日本語で"
[ "$(cat $S/b/games/$GS/mailed)" -eq 7 ] || fail "the mark did not move past the submit's entries"; ok
expect 0 "one more pass" -- $M -C $S/b serve --once
[ "$(ls $S/b/mail/outbox/new | wc -l)" = "$(ls $S/a/mail/outbox/new | wc -l)" ] || fail "a mail went twice"; ok
expect 0 "verify" -- $M -C $S/b verify $GS

# --- a submit of a SET line alone that cannot queue its answer, then a
# host's extend that cannot queue its notices: the SET entry does not
# hold the catching up back, and the extend's notices go (they never did:
# the catching up stopped at the SET entry for good) ---
mv $S/b/spool $S/b/spool.away && touch $S/b/spool
expect 4 "carol's SET NOTICES OFF without a spool" -- $M -C $S/b submit $GS carol "SET NOTICES OFF"
expect 4 "an extend without a spool" -- $M -C $S/b admin $GS extend 1h --why "a holiday"
rm $S/b/spool && mv $S/b/spool.away $S/b/spool
ls $S/b/mail/outbox/new >$T/before.ext
expect 0 "serve with the spool back" -- $M -C $S/b serve --once
n=$(ls $S/b/mail/outbox/new | comm -13 $T/before.ext - | while read f; do
	grep -l "^X-Masqued-Mail: admin" $S/b/mail/outbox/new/$f; done | wc -l)
[ "$n" = 4 ] || fail "$n admin notices of the extend, not 4"; ok
expect 0 "verify" -- $M -C $S/b verify $GS
# the SET LANG a submit logs says the host entered it
$MREL -C $S/b log $GS | grep -q "admin    lang dave ja (by admin): the player asked (SET LANG)" ||
    fail "the submit's SET LANG is not by admin: $($MREL -C $S/b log $GS | grep lang)"; ok

# --- a submit whose mails were not queued, then, in the same second (the
# clock pinned), a player's mail of a SET line alone, while the spool is
# still gone: the message waits in the inbox, not logged (a game whose last
# entries' mails cannot be queued does not move on: before, the SET entry
# was logged after the submit's, and the catching up had to tell the two
# apart). With the spool back, the catching up builds the submit's mails as
# submit would have (the receipt in English, listing no SET line, the
# entry's seq in the mails' names), then the message is read and answered.
# The log and the mails are byte for byte those of the same moves with a
# spool that worked ---
R=$T/same
expect 0 "init" -- $M -C $R/a init
GR=$(new_game $R/a) || fail "new"
expect 0 "the welcome mails" -- $M -C $R/a serve --once
for p in alice bob carol; do
	$MREL -C $R/a submit --no-mail $GR $p "$($MREL -C $R/a bot $GR $p)" >/dev/null || fail "placing $p"
done
# their mails, put off by --no-mail, sent and cleared (as above)
expect 0 "serve sends the placements' mails" -- $MREL -C $R/a serve --once
rm -f $R/a/mail/outbox/new/*
D=$R/a; O=$D/mail/outbox/new; IN=$D/mail/inbox/new
send dave@x.test "$(rt $GR dave)" set-d 'SET LANG ja'
mv $IN/$n.test $T/set-d.eml
cp -a $R/a $R/b		# a: the spool works; b: it is gone
c=$($MREL -C $R/a bot $GR dave)
expect 0 "a: dave's placement" -- $M -C $R/a submit $GR dave "$c"
cp $T/set-d.eml $R/a/mail/inbox/new/
expect 0 "a: dave's SET LANG ja" -- $M -C $R/a serve --once
mv $R/b/spool $R/b/spool.away && touch $R/b/spool
expect 4 "b: dave's placement without a spool" -- $M -C $R/b submit $GR dave "$c"
cp $T/set-d.eml $R/b/mail/inbox/new/
$M -C $R/b serve --once >$T/out 2>$T/err
grep -q "waits until the mails of its last entries can be queued" $T/err ||
    { cat $T/err >&2; fail "b: the catching up did not fail without a spool"; }; ok
[ -f $R/b/mail/inbox/new/set-d.eml ] ||
    fail "b: dave's message is not left to be read again"; ok
! $MREL -C $R/b log $GR | grep -q "admin    lang dave ja" ||
    fail "b: dave's SET LANG was logged while the placement's mails waited"; ok
rm $R/b/spool && mv $R/b/spool.away $R/b/spool
expect 0 "b: serve with the spool back" -- $M -C $R/b serve --once
err_has "game $GR: entries 5-6 were logged but not mailed"
cmp -s $R/a/games/$GR/log $R/b/games/$GR/log || fail "the two logs differ"; ok
for x in a b; do
	(cd $R/$x/mail/outbox/new && grep -L "^X-Masqued-Mail: welcome" * | while read f; do
		echo "$(md5sum <$f) $f"; done | sort) >$T/same.$x
done
[ "$(wc -l <$T/same.a)" = 6 ] || fail "a: $(wc -l <$T/same.a) mails, not a receipt, four resolutions and the SET LANG's answer"; ok
cmp -s $T/same.a $T/same.b || { diff $T/same.a $T/same.b >&2; fail "the caught-up mails differ from those submit and the reply queue"; }; ok
expect 0 "verify" -- $M -C $R/b verify $GR
done_checks
