#!/bin/sh
# test_templates_dir.sh - MASQUED_TEMPLATES=DIR: a host who rewords the mails
# points it at an edited copy of templates/ (docs/hosting.md, "Installing"). The
# edited wording reaches the player; without it, the stock wording does. A
# folder that is not there (no en/ in it) is refused before anything is
# logged, in one sentence (exit 4); one that lacks the template a mail needs
# logs the move all the same and says in one sentence that its mails were
# not queued (exit 4); the next serve, with templates it can read, queues
# them: nothing is lost or sent twice.
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

# a folder that is not there: refused, nothing logged
before=$(ls $D/mail/outbox/new | wc -l)
entries=$($M -C $D log $G | wc -l)
P3=$(placer)
MASQUED_TEMPLATES=$T/nowhere expect 4 "$P3 places, the templates folder missing" -- \
    $M -C $D submit $G $P3 "PLACE green"
one_line
err_has "Cannot read the mail templates in $T/nowhere/en (MASQUED_TEMPLATES): No such file or directory"
[ "$($M -C $D log $G | wc -l)" = "$entries" ] || fail "a move logged with no templates to answer it"; ok
MASQUED_TEMPLATES=$T/nowhere expect 4 "serve, the templates folder missing" -- $M -C $D serve --once
one_line
err_has "Cannot read the mail templates in $T/nowhere/en (MASQUED_TEMPLATES)"

# a folder with no templates in it: the move is logged, its mails wait
mkdir -p $T/none/en
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

# a program away from its templates and game data (copied out of its
# source folder, not installed): refused in one sentence saying where it
# looked and what to do, nothing made
mkdir -p $T/away/bin && cp $MASQUED_REL $T/away/bin/masqued
(cd $T/away && $T/away/bin/masqued -C $T/away/d init >/dev/null) || fail "init, away"; ok
# a host's template that prints the reader's hand in the host's notices:
# the notice to an address the host replaced shows none of the seat's
# (its hand is the new player's now; the seat's own view was in the mail's
# context, which only the stock templates left unprinted)
mkdir -p $T/tmpl2 && cp -r templates/. $T/tmpl2/
printf '{{#view.me}}HAND-OF-SEAT:{{#hand}} {{.}}{{/hand}}{{/view.me}}\n' \
    >>$T/tmpl2/en/admin.txt.mustache
ls $D/mail/outbox/new >$T/before
MASQUED_TEMPLATES=$T/tmpl2 expect 0 "replace alice" -- $M -C $D admin $G replace alice \
    alice2@x.test --why "a new address"
MASQUED_TEMPLATES=$T/tmpl2 expect 0 "serve sends the notices" -- $M -C $D serve --once
old=$(ls $D/mail/outbox/new | grep -vxF -f $T/before | while read f; do
	grep -l "^To: alice@x.test" $D/mail/outbox/new/$f; done)
[ -n "$old" ] || fail "no notice to the replaced address"; ok
! grep -q "HAND-OF-SEAT" $old || { grep "HAND-OF-SEAT" $old >&2; fail "the replaced address was shown the seat's hand"; }; ok
new=$(ls $D/mail/outbox/new | grep -vxF -f $T/before | while read f; do
	grep -l "^To: alice2@x.test" $D/mail/outbox/new/$f; done)
[ -n "$new" ] || fail "no mail to the new address"; ok

new_away() {	# WHAT: new with the copied program, from its folder, refused
	(cd $T/away && unset MASQUED_GAMES MASQUED_TEMPLATES && expect 4 "$1" -- \
	    $T/away/bin/masqued -C $T/away/d new redmasque --player alice=alice@x.test \
	    --player bob=bob@x.test --player carol=carol@x.test --player dave=dave@x.test) || exit 1
	checks=$((checks + 1))
	one_line
}
new_away "new, the program away from its data"
err_has "Cannot find the mail templates: masqued looks in templates beside its program, in PREFIX/share/masqued/templates where make install puts them, then in templates of the current folder; install masqued with make install, or run it from its source folder."
[ -z "$(ls $T/away/d/games)" ] || fail "a game made with no templates: $(ls $T/away/d/games)"; ok
mkdir -p $T/away/templates/en
new_away "new, the game data missing"
err_has "Cannot find the game data redmasque.json: masqued looks in config/games beside its program, in PREFIX/share/masqued/config/games where make install puts it, then in config/games of the current folder; install masqued with make install, or run it from its source folder."
[ -z "$(ls $T/away/d/games)" ] || fail "a game made with no game data"; ok
MASQUED_GAMES=$T/nowhere expect 4 "new, MASQUED_GAMES names no folder" -- \
    $M -C $D new redmasque --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test --player dave=dave@x.test
one_line
err_has "Cannot read the game data $T/nowhere/redmasque.json: No such file or directory"
done_checks
