#!/bin/sh
# test_host_commands.sh - a command line in a host's mail names the data
# folder serve works on, absolute and quoted for the shell, so that the host
# can copy it into a shell anywhere: "masqued admin GAME ..." run from
# another folder would act on that folder's ./data, or fail. The data
# folder here has a space and a quote in its name; the lines of a missed
# deadline's mail (policy wait) are copied and run from /, and act on the
# game. So do the mails the sender writes to the host: a dead letter's
# replace line (it had no -C: copied into a shell it acted on ./data).
# What the player owes is said in the players' words.
. tests/cli/lib.sh
PY=/usr/bin/python3
D="$T/the host's games"
expect 0 "init" -- $M -C "$D" init
printf 'admin = host@x.test\n' >> "$D/masqued.conf"
G=$($M -C "$D" new redmasque --option policy=wait --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test --player dave=dave@x.test) ||
    fail "new"
expect 0 "the welcome mails" -- $M -C "$D" serve --once
MASQUED_NOW=$((MASQUED_NOW + 80 * 3600)) expect 0 "serve past the deadline" -- $M -C "$D" serve --once
f=$(grep -l "^Message-ID: <host.wait-$G-" "$D"/mail/outbox/new/*)
[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one host mail of the missed deadline: $f"; ok
$PY -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(m.get_payload(decode=True).decode())' "$f" > $T/host.txt
Q="'$T/the host'\\''s games'"
# the extend the mail gives counts from the deadline (passed 8 h before
# this pass): the hours past and the game's deadline (3d, the config's),
# so that it works when copied and gives the player the game's own time
# for a move, not a day whatever the game ("extend 1d8h" was a day)
grep -qF "  masqued -C $Q admin $G extend 3d8h --why \"...\"" $T/host.txt ||
    { cat $T/host.txt; fail "the extend line does not name the data folder, quoted, or a span that works"; }; ok
tr '\n' ' ' < $T/host.txt | grep -qF "extend 3d8h moves it to $(date -u -d @$((MASQUED_NOW + 152 * 3600)) '+%Y-%m-%d %H:%M UTC'), the game's deadline (3d) from now." ||
    { cat $T/host.txt; fail "the mail does not say the extend gives the game's deadline from now"; }; ok
grep -q "An extend counts from the deadline, not from when you run it" $T/host.txt ||
    { cat $T/host.txt; fail "the mail does not say an extend counts from the deadline"; }; ok
[ "$(grep -cF "masqued -C $Q admin $G " $T/host.txt)" = 3 ] ||
    { cat $T/host.txt; fail "not every command line names the data folder"; }; ok
grep "masqued admin" $T/host.txt && fail "a command line without the data folder"; ok
# what the player owes, in the words the players' mails use, not the
# engine's phase name ("(bob owes: place)")
tr '\n' ' ' < $T/host.txt | grep -q "owes: the placement of their noble)" ||
    { cat $T/host.txt; fail "the mail does not say what is owed in the players' words"; }; ok
! grep -q "owes: place)" $T/host.txt || fail "the mail names the phase"; ok

# the extend line, copied into a shell in another folder 20 h after the
# mail came, acts on the game (an "extend 24h" was refused: the deadline
# passed 28 h before)
line=$(grep -F " extend " $T/host.txt | grep -F -- "--why" |
    sed -e 's/^ *//' -e 's/ *more time for .*//' \
    -e 's/"\.\.\."/"the host copied it"/')
(cd / && MASQUED_NOW=$((MASQUED_NOW + 100 * 3600)) \
    PATH="$(dirname "$(realpath "$M")"):$PATH" sh -c "$line") >$T/out 2>$T/err ||
    { cat $T/err; fail "the copied line failed: $line"; }; ok
$MREL -C "$D" log $G > $T/log
grep -q "admin .*extend" $T/log && grep -q "the host copied it" $T/log ||
    { cat $T/log; fail "the copied line did not act on the game"; }; ok

# a game of 6 h deadlines, its deadline passed 2 h 30 m before the pass:
# the extend gives 3h and 6h, not a day and 3h
D4=$T/fast
expect 0 "init, a fast game" -- $M -C $D4 init
printf 'admin = host@x.test\n' >> $D4/masqued.conf
G4=$($M -C $D4 new redmasque --option policy=wait --option deadline=6h \
    --player alice=alice@x.test --player bob=bob@x.test --player carol=carol@x.test \
    --player dave=dave@x.test) || fail "new, 6h deadlines"
expect 0 "the fast game's welcomes" -- $M -C $D4 serve --once
MASQUED_NOW=$((MASQUED_NOW + 8 * 3600 + 1800)) expect 0 "serve past the 6h deadline" -- \
    $M -C $D4 serve --once
f=$(grep -l "^Message-ID: <host.wait-$G4-" $D4/mail/outbox/new/*)
[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one host mail of the fast game's missed deadline: $f"; ok
$PY -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(m.get_payload(decode=True).decode())' "$f" | tr '\n' ' ' > $T/fast.txt
grep -qF "admin $G4 extend 9h --why" $T/fast.txt ||
    { cat $T/fast.txt; fail "the 6h game's extend does not give the game's deadline from now"; }; ok
grep -qF "extend 9h moves it to $(date -u -d @$((MASQUED_NOW + 15 * 3600)) '+%Y-%m-%d %H:%M UTC'), the game's deadline (6h) from now." $T/fast.txt ||
    { cat $T/fast.txt; fail "the 6h game's mail does not say what the extend gives"; }; ok

# a dead letter: the sendmail program refuses dave's address for good; the
# host's mail of it gives the replace line with the data folder too
D2="$T/the host's other games"
S=$T/sendmail
mkdir -p "$S"
export FAKE_SENDMAIL_DIR=$S
echo dead.test > $S/refuse
expect 0 "init, sendmail out" -- $M -C "$D2" init
printf 'admin = host@x.test\noutbound = sendmail\nsendmail_path = %s\nfrom = masqued <game@example.org>\nreply_domain = example.org\n' \
    "$PWD/tests/data/fake_sendmail.sh" >> "$D2/masqued.conf"
G2=$($M -C "$D2" new redmasque --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player dave=dave@dead.test) || fail "new, sendmail out"
expect 0 "the welcomes, dave's dead" -- $M -C "$D2" serve --once
MASQUED_NOW=$((MASQUED_NOW + 60)) expect 0 "the host's notice of it" -- $M -C "$D2" serve --once
f=$(grep -l "^Subject: .*undeliverable mail to dave@dead.test" $S/*.eml) ||
    fail "no host mail of the dead letter: $(ls $S)"; ok
$PY -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(m.get_payload(decode=True).decode())' "$f" > $T/dead.txt
Q2="'$T/the host'\\''s other games'"
grep -qF "  masqued -C $Q2 admin $G2 replace dave NEW-ADDRESS --why \"...\"" $T/dead.txt ||
    { cat $T/dead.txt; fail "the dead letter's replace line does not name the data folder, quoted"; }; ok
grep "masqued admin" $T/dead.txt && fail "a dead letter's command line without the data folder"; ok

# The Masquerade's owed moves in the players' words too, in the host's
# language ("(alice owes: dancer)" was the engine's phase name)
for lang in en ja zh; do
	D3=$T/ms-$lang
	expect 0 "init ($lang)" -- $M -C $D3 init
	printf 'admin = host@x.test\nlang = %s\n' $lang >> $D3/masqued.conf
	G3=$($M -C $D3 new masquerade --option policy=wait --player alice=alice@x.test \
	    --player bob=bob@x.test --player carol=carol@x.test) || fail "new masquerade"
	expect 0 "the Masquerade's welcomes ($lang)" -- $M -C $D3 serve --once
	MASQUED_NOW=$((MASQUED_NOW + 80 * 3600)) expect 0 "serve past the deadline ($lang)" -- \
	    $M -C $D3 serve --once
	f=$(grep -l "^Message-ID: <host.wait-$G3-" $D3/mail/outbox/new/*)
	[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one host mail of the missed deadline ($lang): $f"; ok
	$PY -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for p in m.walk():
    if p.get_content_type() == "text/plain":
        print(p.get_payload(decode=True).decode())' "$f" > $T/ms-host.raw
	# a wrap is a space in English, nothing in Japanese or Chinese
	if [ $lang = en ]; then tr '\n' ' '; else tr -d '\n'; fi < $T/ms-host.raw > $T/ms-host.txt
	case $lang in
	en) want="owes: the choice of their Dancer)";;
	ja) want="ダンサーの選択";;
	zh) want="选择舞者";;
	esac
	grep -qF "$want" $T/ms-host.txt || { cat $T/ms-host.txt; fail "the Masquerade's owed move is not in the players' words ($lang)"; }; ok
	! grep -q "owes: dancer)\|：dancer" $T/ms-host.txt || fail "the mail names the phase ($lang)"; ok
done
done_checks
