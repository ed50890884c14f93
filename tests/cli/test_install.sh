#!/bin/sh
# test_install.sh - `make install` (scripts/install.sh): an installed copy
# of masqued, run from anywhere, finds its templates and the games' data in
# PREFIX/share/masqued, plays (new, a reply, the answers), and the files a
# host needs are there; a second install over the first changes nothing.
. tests/cli/lib.sh
R=$T/root/usr/local
expect 0 "install" -- sh scripts/install.sh $R $MREL
for f in bin/masqued share/masqued/templates/en/turn.txt.mustache \
    share/masqued/templates/ja/refusals.json share/masqued/templates/zh/masquerade \
    share/masqued/config/games/redmasque.json share/masqued/config/games/masquerade.json \
    share/masqued/masqued.conf.example share/masqued/masqued.service \
    share/masqued/verify_export.py; do
	[ -e $R/$f ] || fail "not installed: $f"; ok
done
[ -x $R/bin/masqued ] || fail "the installed masqued is not executable"; ok
expect 1 "install without a binary" -- sh scripts/install.sh $R $T/none
err_has "is not built"

# run from a folder with no templates/ or config/ in it, no overrides
cd $T
unset MASQUED_TEMPLATES MASQUED_GAMES 2>/dev/null || true
IM=$R/bin/masqued
expect 0 "init with the installed masqued" -- $IM -C $T/d init
expect 0 "a Red Death game" -- $IM -C $T/d new redmasque --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test --player dave=dave@x.test --lang ja
expect 0 "a Masquerade game" -- $IM -C $T/d new masquerade --player alice=alice@x.test \
    --player bob=bob@x.test --player carol=carol@x.test
expect 0 "serve" -- $IM -C $T/d serve --once
[ "$(ls $T/d/mail/outbox/new | wc -l)" = 7 ] || fail "the welcome mails: $(ls $T/d/mail/outbox/new | wc -l), wanted 7"; ok
RT=$(grep -l "^To: alice@x.test" $T/d/mail/outbox/new/* | while read -r m; do
	grep -m1 "^Reply-To:" "$m"; done | sed 's/^Reply-To: //' | tr -d '\r' | head -1)
[ -n "$RT" ] || fail "no Reply-To"; ok
printf 'From: alice@x.test\r\nTo: %s\r\nSubject: Re\r\nMessage-ID: <i1@x.test>\r\n\r\nHELP\r\n' "$RT" \
    >$T/d/mail/inbox/new/1.help
expect 0 "serve the reply" -- $IM -C $T/d serve --once
grep -q "^Message-ID: <[a-z0-9]*\.0\.1\.help[.@]" $T/d/mail/outbox/new/* || fail "no help mail for HELP"; ok
cd - >/dev/null

# the systemd unit, where systemd can check it: no warning, no error (its
# program pointed at the installed copy, which verify wants to exist)
if command -v systemd-analyze >/dev/null 2>&1; then
	sed "s#/usr/local/bin/masqued#$R/bin/masqued#" $R/share/masqued/masqued.service \
	    >$T/masqued.service
	expect 0 "systemd-analyze verify masqued.service" -- systemd-analyze verify $T/masqued.service
	[ ! -s $T/err ] && [ ! -s $T/out ] || { cat $T/out $T/err >&2; fail "systemd-analyze has something to say of masqued.service"; }; ok
fi

# again, over the first: the same files
(cd $T/root && find . -type f | sort | xargs sha256sum) >$T/first
expect 0 "install again" -- sh scripts/install.sh $R $MREL
(cd $T/root && find . -type f | sort | xargs sha256sum) >$T/second
same_file $T/first $T/second "a second install"
done_checks
