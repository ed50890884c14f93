# lib_offered.sh - what test_offered.sh (The Red Death) and
# test_ms_offered.sh (The Masquerade) share: a game played by mail, each
# pass's mails kept with the game as it was then, and every line the mails
# offered tried back. The caller sets D (the data folder), O (its outbox),
# G (the game), R (the folder of steps), k (the step count, 0 first), T,
# MREL, PY and ROOT, and keeps $T/rt.PLAYER (their reply address); sourced
# after lib.sh and lib_mail.sh.

# mails: serve --once; the mails it sent (moved out of the outbox) and the
# game's folder as it is now kept in $R/STEP; with OFFERED_ADMIN=1 the
# admin's view too ($R/STEP/admin.json)
mails() {
	$MREL -C $D serve --once 2>$T/serve.err || { cat $T/serve.err >&2; fail "serve --once"; }
	new=$(ls $O)
	[ -n "$new" ] || return 0
	k=$((k + 1))
	mkdir $R/$k
	(cd $O && mv $new $R/$k/)
	# the replies read (done) are of no more use: the folder stays small
	find $D/mail/inbox/cur -type f -exec rm {} +
	cp -a $D/games/$G $R/$k/game
	if [ "${OFFERED_ADMIN:-0}" = 1 ]; then
		$MREL -C $D view $G admin --json >$R/$k/admin.json || fail "view admin"
	fi
}

# ask WHO TEXT: a mail from WHO to their reply address, then mails
ask() {
	send "$1@x.test" "$(cat $T/rt.$1)" "$G.$1.$n" "$2"
	mails
}

# tries READER GAMEDATA: every line the game's mails offered (READER, a
# Python script run as READER GAMEDATA STATS STEP..., prints them as
# "step<TAB>player<TAB>kind<TAB>lang<TAB>line"), each with `masqued submit`
# for its reader, on a scratch data folder whose game is as it was when the
# mail went out (the keys, the config and that game's folder: submit
# --no-mail reads nothing else, and mails nothing: a try is no move made).
# One Python process puts the game's folder back before each try and runs
# the submit: an rm and a cp were two of each try's three processes (765
# tries in test_offered, 591 in test_ms_offered). It prints how many it
# tried, and stops at a refusal (a line that is the move standing already
# is none: a reply by mail is told it was received already).
tries() {
	(cd $R && $PY $1 $2 $T/stats $(ls | sort -n)) >$T/try ||
	    fail "$G: a mail's text and HTML parts disagree"
	S=$T/scratch
	rm -rf $S
	mkdir -p $S/games
	cp -a $D/keys $D/masqued.conf $S/
	$PY - $MREL $S $R $G $T/try >$T/tried 2>$T/refused <<'PYEOF' ||
import shutil, subprocess, sys
mrel, s, r, g, tries = sys.argv[1:]
n = 0
for t in open(tries, encoding='utf-8').read().splitlines():
    k, who, kind, lang, line = t.split('\t', 4)
    shutil.rmtree('%s/games/%s' % (s, g), ignore_errors=True)
    shutil.copytree('%s/%s/game' % (r, k), '%s/games/%s' % (s, g),
                    symlinks=True)
    p = subprocess.run([mrel, '-C', s, 'submit', '--no-mail', g, who, line],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    # the move that stands already (an example the reader sent before):
    # the host's submit refuses it, a reply by mail is told "received
    # already", nothing refused
    if p.returncode == 1 and b'and is the move that stands' in p.stderr:
        n += 1
        continue
    if p.returncode != 0:
        print(n)
        sys.exit("the %s mail (%s) to %s offers '%s', refused: %s"
                 % (kind, lang, who, line,
                    p.stderr.decode(errors='replace').strip()))
    n += 1
print(n)
PYEOF
	    fail "$G: $(cat $T/refused)"
	[ "$(cat $T/tried)" = "$(grep -c '' $T/try)" ] ||
	    fail "$G: $(cat $T/tried) of $(grep -c '' $T/try) lines tried"
	checks=$((checks + $(cat $T/tried)))
	ntry=$((ntry + $(cat $T/tried)))
	nmail=$((nmail + $(ls $R/*/*.eml | wc -l)))
}
