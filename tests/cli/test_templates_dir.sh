#!/bin/sh
# test_templates_dir.sh - MASQUED_TEMPLATES=DIR: a host who rewords the mails
# points it at an edited copy of templates/ (README, "Hosting a game"). The
# edited wording reaches the player; without it, the stock wording does. A
# folder that holds no templates logs the move all the same and says in one
# sentence that its mails were not queued (exit 4); the next serve, with
# templates it can read, queues them: nothing is lost or sent twice.
. tests/cli/lib.sh
PY=/usr/bin/python3
subjects() {	# data folder, address: the decoded subjects of the mails to it
	for f in $(grep -l "^To: .*$2" $1/mail/outbox/new/* 2>/dev/null); do
		$PY -c 'import email, email.header, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(str(email.header.make_header(email.header.decode_header(m["Subject"]))))' "$f"
	done | sort
}

D=$T/d
expect 0 "init" -- $M -C $D init
G=$($M -C $D new redmasque --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player dave=dave@x.test) || fail "new"
expect 0 "the welcome mails" -- $M -C $D serve --once
placer() {	# who owes a place now (the order is the game's own draw)
	for p in alice bob carol dave; do
		[ "$($M -C $D view $G $p | sed -n 's/^You owe: //p')" = place ] && { echo $p; return; }
	done
	fail "nobody owes a place"
}

# an edited copy: the receipt's subject reworded
mkdir -p $T/tmpl && cp -r templates/. $T/tmpl/
printf '[Our masque {{{game}}}] your move is in\n' > $T/tmpl/en/receipt.subject.mustache
P1=$(placer)
MASQUED_TEMPLATES=$T/tmpl expect 0 "$P1 places, with the edited templates" -- \
    $M -C $D submit $G $P1 "PLACE white"
expect 0 "serve sends" -- $M -C $D serve --once
[ "$(subjects $D $P1@x.test | grep -c "^\[Our masque $G\] your move is in$")" = 1 ] ||
    { subjects $D $P1@x.test >&2; fail "$P1's receipt is not in the edited wording"; }; ok

# no MASQUED_TEMPLATES: the stock wording, from the program's own folder
P2=$(placer)
expect 0 "$P2 places, with the stock templates" -- $M -C $D submit $G $P2 "PLACE blue"
expect 0 "serve sends" -- $M -C $D serve --once
subjects $D $P2@x.test | grep -q "^\[Masque $G\] .* — received$" ||
    { subjects $D $P2@x.test >&2; fail "$P2's receipt is not in the stock wording"; }; ok
subjects $D $P2@x.test | grep -q "Our masque" && fail "$P2's receipt took the edited wording"; ok

# a folder with no templates: the move is logged, its mails wait
before=$(ls $D/mail/outbox/new | wc -l)
P3=$(placer)
MASQUED_TEMPLATES=$T/none expect 4 "$P3 places, the templates missing" -- \
    $M -C $D submit $G $P3 "PLACE green"
one_line
err_has "$P3's commands are logged in game $G"
err_has "but their mails were not queued (Cannot read the template $T/none/en/receipt.subject.mustache: No such file or directory); the next serve queues them."
[ "$(ls $D/mail/outbox/new | wc -l)" = "$before" ] || fail "mail went out without templates"; ok
expect 0 "serve, the templates there again" -- $M -C $D serve --once
[ "$(subjects $D $P3@x.test | grep -c "^\[Masque $G\] .* — received$")" = 1 ] ||
    { subjects $D $P3@x.test >&2; fail "$P3's receipt was not sent once"; }; ok
expect 0 "serve again" -- $M -C $D serve --once
[ "$(subjects $D $P3@x.test | grep -c "^\[Masque $G\] .* — received$")" = 1 ] ||
    fail "$P3's receipt went twice"; ok
expect 0 "the log verifies" -- $M -C $D verify $G
done_checks
