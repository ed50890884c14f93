#!/bin/sh
# test_dead_one_game.sh - the host's notice of a dead letter of a game's
# mail reads that game's log alone, and gives the replace line of the seat
# there: it read every game's log for each dead letter (thousands in a
# host's folder of years), and named the address's seats in every game.
# A mail of no game (a refusal) still names the seats in all of them.
. tests/cli/lib.sh
PY=/usr/bin/python3
D=$T/data
S=$T/sendmail
mkdir -p "$S"
export FAKE_SENDMAIL_DIR=$S
echo dead.test > $S/refuse
expect 0 "init, sendmail out" -- $M -C "$D" init
printf 'admin = host@x.test\noutbound = sendmail\nsendmail_path = %s\nfrom = masqued <game@example.org>\nreply_domain = example.org\n' \
    "$PWD/tests/data/fake_sendmail.sh" >> "$D/masqued.conf"
new2() {
	$M -C "$D" new redmasque --player alice=alice@x.test --player bob=bob@x.test \
	    --player carol=carol@x.test --player dave=dave@dead.test 2>/dev/null
}
G=$(new2) && H=$(new2) || fail "new"
expect 0 "the welcomes, dave's dead" -- $M -C "$D" serve --once
MASQUED_NOW=$((MASQUED_NOW + 60)) expect 0 "the host's notices of them" -- $M -C "$D" serve --once
body() {
	$PY -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(m.get_payload(decode=True).decode())' "$1"
}
for g in $G $H; do
	f=$(grep -l "^Subject: .*undeliverable mail to dave@dead.test" $S/*.eml |
	    while read -r x; do body "$x" >$T/b.txt; grep -q "^The mail $g-" $T/b.txt && echo "$x"; done)
	[ "$(echo "$f" | grep -c .)" = 1 ] || fail "not one host mail of game $g's dead letter: $f"; ok
	body "$f" > $T/dead.txt
	grep -qF "admin $g replace dave NEW-ADDRESS" $T/dead.txt ||
	    { cat $T/dead.txt; fail "game $g's dead letter does not give its seat's replace line"; }; ok
	other=$H; [ $g = $H ] && other=$G
	! grep -qF "admin $other " $T/dead.txt ||
	    { cat $T/dead.txt; fail "game $g's dead letter read game $other's log"; }; ok
done
done_checks
